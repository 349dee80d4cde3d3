//! Tests of the DXBC container reader against the DXC corpus (`corpus/`):
//! every blob parses, the decoded parts agree with the header comments of
//! DXC's disassembly (`.ll`), root signatures match expectations written by
//! hand from the HLSL, and corrupted inputs never panic.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use dxil2spirv::container::{
    self, ComparisonFunc, Container, DescriptorRange, DescriptorRangeFlags as RF,
    DescriptorRangeType as RT, FeatureFlags, Filter, FourCC, MinPrecision, PsvResourceType,
    RootConstants, RootDescriptor, RootDescriptorFlags as DF, RootParameter, RootParameterKind,
    RootSignature, RootSignatureFlags as SF, RootSignatureVersion, SamplerFlags, ShaderKind,
    ShaderVisibility as Vis, SigComponentType, SignatureKind, StageInfo, StaticBorderColor,
    StaticSampler, SystemValue, TextureAddressMode as Addr,
};
use dxil2spirv::{Error, ErrorKind, Location};

// ---------------------------------------------------------------------------
// Corpus access

fn corpus_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("corpus")
}

struct Case {
    category: String,
    name: String,
    profile: String,
}

impl Case {
    fn path(&self, ext: &str) -> PathBuf {
        corpus_dir()
            .join(&self.category)
            .join(format!("{}.{ext}", self.name))
    }

    fn blob(&self) -> Vec<u8> {
        std::fs::read(self.path("dxil")).unwrap_or_else(|e| panic!("{}: {e}", self.name))
    }

    fn ll(&self) -> String {
        std::fs::read_to_string(self.path("ll")).unwrap_or_else(|e| panic!("{}: {e}", self.name))
    }
}

fn manifest() -> Vec<Case> {
    let text = std::fs::read_to_string(corpus_dir().join("MANIFEST.tsv")).expect("MANIFEST.tsv");
    text.lines()
        .skip(1)
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let cols: Vec<&str> = l.split('\t').collect();
            Case {
                category: cols[0].into(),
                name: cols[1].into(),
                profile: cols[2].into(),
            }
        })
        .collect()
}

fn case(name: &str) -> Case {
    manifest()
        .into_iter()
        .find(|c| c.name == name)
        .unwrap_or_else(|| panic!("no corpus case {name}"))
}

/// The comment header of a `.ll` (the lines before the IR).
fn ll_header(ll: &str) -> Vec<&str> {
    ll.lines()
        .take_while(|l| l.starts_with(';') || l.is_empty())
        .collect()
}

// ---------------------------------------------------------------------------
// Every blob

#[test]
fn every_corpus_blob_parses_and_program_matches_profile() {
    let cases = manifest();
    assert_eq!(cases.len(), 506, "corpus size changed");
    for c in &cases {
        let blob = c.blob();
        let ctr = container::parse(&blob).unwrap_or_else(|e| panic!("{}: {e}", c.name));
        let hdr = ctr.header().expect("a DXBC container");
        assert_eq!((hdr.version_major, hdr.version_minor), (1, 0), "{}", c.name);
        assert_eq!(hdr.container_size as usize, blob.len(), "{}", c.name);
        assert_eq!(hdr.part_count as usize, ctr.parts().len(), "{}", c.name);

        let prog = ctr.program().unwrap_or_else(|e| panic!("{}: {e}", c.name));
        assert!(
            prog.bitcode.starts_with(&[0x42, 0x43, 0xC0, 0xDE]),
            "{}: bitcode magic",
            c.name
        );
        assert_eq!(
            &blob[prog.bitcode_offset..prog.bitcode_offset + prog.bitcode.len()],
            prog.bitcode
        );
        let want =
            ShaderKind::from_profile(&c.profile).unwrap_or_else(|| panic!("profile {}", c.profile));
        assert_eq!(prog.kind, want, "{}: {}", c.name, c.profile);
        let mut ver = c
            .profile
            .split('_')
            .skip(1)
            .map(|s| s.parse::<u8>().unwrap());
        assert_eq!(
            (Some(prog.major), Some(prog.minor)),
            (ver.next(), ver.next()),
            "{}",
            c.name
        );
        assert_eq!(prog.dxil_major(), 1, "{}", c.name);
        // Shader model 6.x needs DXIL 1.x with x >= the model's minor.
        assert!(prog.dxil_minor() >= u32::from(prog.minor), "{}", c.name);

        // STAT has the same header; its bitcode is a different (stripped) module.
        let stat = ctr.stat_program().unwrap().expect("STAT part");
        assert_eq!(
            (stat.kind, stat.major, stat.minor),
            (prog.kind, prog.major, prog.minor)
        );
        assert!(stat.bitcode.starts_with(&[0x42, 0x43, 0xC0, 0xDE]));

        // Every typed accessor succeeds on DXC output.
        let sfi = ctr.feature_info().unwrap().expect("SFI0");
        assert_eq!(sfi.unknown_bits(), 0, "{}: {sfi:?}", c.name);
        ctr.hash().unwrap().expect("HASH");
        ctr.input_signature().unwrap();
        ctr.output_signature().unwrap();
        ctr.patch_constant_signature().unwrap();
        ctr.root_signature().unwrap();
        ctr.debug_name().unwrap();
        let is_lib = prog.kind == ShaderKind::Library;
        assert_eq!(
            ctr.psv().unwrap().is_some(),
            !is_lib,
            "{}: PSV0 iff not a library",
            c.name
        );
        assert_eq!(
            ctr.runtime_data().unwrap().is_some(),
            is_lib,
            "{}: RDAT iff library",
            c.name
        );
        let rdat = ctr.runtime_data().unwrap();
        if let Some(rdat) = rdat {
            assert_eq!(rdat.version, 0x10);
            assert!(
                rdat.parts.iter().any(|p| p.kind == 1),
                "{}: string buffer",
                c.name
            );
            assert!(
                ctr.compiler_version().is_some(),
                "{}: libraries carry VERS",
                c.name
            );
        }
    }
}

#[test]
fn shader_hash_matches_disassembly() {
    let mut checked = 0;
    for c in manifest() {
        let blob = c.blob();
        let ctr = container::parse(&blob).unwrap();
        let hash = ctr.hash().unwrap().unwrap();
        let ll = c.ll();
        let Some(line) = ll_header(&ll)
            .into_iter()
            .find(|l| l.starts_with("; shader hash: "))
        else {
            continue;
        };
        assert_eq!(
            hash.to_string(),
            line["; shader hash: ".len()..].trim(),
            "{}",
            c.name
        );
        assert!(!hash.includes_source());
        checked += 1;
    }
    assert!(checked > 400, "only {checked} hashes checked");
}

/// The `ShaderFeatureInfo` bit behind each line of the disassembly's
/// "shader requires additional functionality" note.
fn feature_for_note(text: &str) -> FeatureFlags {
    match text {
        "Double-precision floating point" => FeatureFlags::DOUBLES,
        "64 UAV slots" => FeatureFlags::UAVS_64,
        "Minimum-precision data types" => FeatureFlags::MINIMUM_PRECISION,
        "Double-precision extensions for 11.1" => FeatureFlags::DOUBLE_EXTENSIONS_11_1,
        "Shader extensions for 11.1" => FeatureFlags::SHADER_EXTENSIONS_11_1,
        "Tiled resources" => FeatureFlags::TILED_RESOURCES,
        "PS Output Stencil Ref" => FeatureFlags::STENCIL_REF,
        "PS Inner Coverage" => FeatureFlags::INNER_COVERAGE,
        "Typed UAV Load Additional Formats" => FeatureFlags::TYPED_UAV_LOAD_ADDITIONAL_FORMATS,
        "Raster Ordered UAVs" => FeatureFlags::ROVS,
        "SV_RenderTargetArrayIndex or SV_ViewportArrayIndex from any shader feeding rasterizer" => {
            FeatureFlags::VIEWPORT_AND_RT_ARRAY_INDEX_FROM_ANY_SHADER
        }
        "Wave level operations" => FeatureFlags::WAVE_OPS,
        "64-Bit integer" => FeatureFlags::INT64_OPS,
        "View Instancing" => FeatureFlags::VIEW_ID,
        "Barycentrics" => FeatureFlags::BARYCENTRICS,
        "Use native low precision" => FeatureFlags::NATIVE_LOW_PRECISION,
        "Shading Rate" => FeatureFlags::SHADING_RATE,
        "Raytracing tier 1.1 features" => FeatureFlags::RAYTRACING_TIER_1_1,
        "Sampler feedback" => FeatureFlags::SAMPLER_FEEDBACK,
        "64-bit Atomics on Typed Resources" => FeatureFlags::ATOMIC_INT64_ON_TYPED_RESOURCE,
        "Derivatives in mesh and amplification shaders" => {
            FeatureFlags::DERIVATIVES_IN_MESH_AND_AMP_SHADERS
        }
        "Resource descriptor heap indexing" => FeatureFlags::RESOURCE_DESCRIPTOR_HEAP_INDEXING,
        "Sampler descriptor heap indexing" => FeatureFlags::SAMPLER_DESCRIPTOR_HEAP_INDEXING,
        "64-bit Atomics on Heap Resources" => FeatureFlags::ATOMIC_INT64_ON_HEAP_RESOURCE,
        "Advanced Texture Ops" => FeatureFlags::ADVANCED_TEXTURE_OPS,
        "SampleCmp with gradient or bias" => FeatureFlags::SAMPLE_CMP_GRADIENT_OR_BIAS,
        "Extended command info" => FeatureFlags::EXTENDED_COMMAND_INFO,
        "Writeable MSAA Textures" => FeatureFlags::WRITEABLE_MSAA_TEXTURES,
        other => panic!("unknown feature note {other:?}"),
    }
}

#[test]
fn feature_flags_match_disassembly_note() {
    let mut with_flags = 0;
    for c in manifest() {
        let blob = c.blob();
        let sfi = container::parse(&blob)
            .unwrap()
            .feature_info()
            .unwrap()
            .unwrap();
        let ll = c.ll();
        let header = ll_header(&ll);
        let mut noted = FeatureFlags(0);
        if let Some(i) = header
            .iter()
            .position(|l| *l == "; Note: shader requires additional functionality:")
        {
            for l in &header[i + 1..] {
                let Some(text) = l.strip_prefix(";       ") else {
                    break;
                };
                noted = FeatureFlags(noted.0 | feature_for_note(text.trim()).0);
            }
        }
        assert_eq!(
            sfi,
            noted,
            "{}: SFI0 {:?} vs note",
            c.name,
            sfi.names().collect::<Vec<_>>()
        );
        if sfi.0 != 0 {
            with_flags += 1;
        }
    }
    assert!(
        with_flags >= 100,
        "only {with_flags} blobs with feature flags"
    );
}

// ---------------------------------------------------------------------------
// Signatures

/// One row of a disassembly signature table in the `Mask Register` layout.
#[derive(Debug)]
struct LlSigRow {
    stream: u32,
    name: String,
    index: u32,
    mask: String,
    register: String,
    sysvalue: String,
    format: String,
}

/// The short system-value names DXC's disassembler prints.
const SHORT_SV: &[(&str, SystemValue)] = &[
    ("NONE", SystemValue::UNDEFINED),
    ("POS", SystemValue::POSITION),
    ("CLIPDST", SystemValue::CLIP_DISTANCE),
    ("CULLDST", SystemValue::CULL_DISTANCE),
    ("RTINDEX", SystemValue::RENDER_TARGET_ARRAY_INDEX),
    ("VPINDEX", SystemValue::VIEWPORT_ARRAY_INDEX),
    ("VERTID", SystemValue::VERTEX_ID),
    ("PRIMID", SystemValue::PRIMITIVE_ID),
    ("INSTID", SystemValue::INSTANCE_ID),
    ("FFACE", SystemValue::IS_FRONT_FACE),
    ("SAMPLE", SystemValue::SAMPLE_INDEX),
    ("QUADEDGE", SystemValue::FINAL_QUAD_EDGE_TESSFACTOR),
    ("QUADINT", SystemValue::FINAL_QUAD_INSIDE_TESSFACTOR),
    ("TRIEDGE", SystemValue::FINAL_TRI_EDGE_TESSFACTOR),
    ("TRIINT", SystemValue::FINAL_TRI_INSIDE_TESSFACTOR),
    ("LINEDET", SystemValue::FINAL_LINE_DETAIL_TESSFACTOR),
    ("LINEDEN", SystemValue::FINAL_LINE_DENSITY_TESSFACTOR),
    ("BARYCEN", SystemValue::BARYCENTRICS),
    ("SHDINGRATE", SystemValue::SHADING_RATE),
    ("CULLPRIM", SystemValue::CULL_PRIMITIVE),
    ("TARGET", SystemValue::TARGET),
    ("DEPTH", SystemValue::DEPTH),
    ("COVERAGE", SystemValue::COVERAGE),
    ("DEPTHGE", SystemValue::DEPTH_GREATER_EQUAL),
    ("DEPTHLE", SystemValue::DEPTH_LESS_EQUAL),
    ("STENCILREF", SystemValue::STENCIL_REF),
    ("INNERCOV", SystemValue::INNER_COVERAGE),
];

/// Splits a run-together "registerSYSVALUE" token (the disassembler's
/// fixed-width columns overflow for e.g. `oStencilRef`).
fn split_register_sv(tok: &str) -> Option<(String, String)> {
    SHORT_SV
        .iter()
        .filter(|(n, _)| tok.len() > n.len() && tok.ends_with(n))
        .max_by_key(|(n, _)| n.len())
        .map(|(n, _)| (tok[..tok.len() - n.len()].to_string(), n.to_string()))
}

/// The first table with the given title in the `Name Index Mask Register`
/// layout, or `None` if the header has none.
fn ll_sig_table(header: &[&str], title: &str) -> Option<Vec<LlSigRow>> {
    let at = header.iter().position(|l| *l == format!("; {title}:"))?;
    let cols = header.get(at + 2)?;
    if !cols.contains("Mask Register") {
        return None;
    }
    let mut rows = Vec::new();
    for l in &header[at + 4..] {
        if *l == ";" || l.is_empty() || !l.starts_with("; ") {
            break;
        }
        if l.trim() == "; no parameters" {
            break;
        }
        let toks: Vec<&str> = l[2..].split_whitespace().collect();
        let (name, index, mask) = (toks[0], toks[1], toks[2]);
        // Geometry-shader outputs are prefixed with their stream: "m1:NAME".
        let (stream, name) = match name.split_once(':') {
            Some((m, n)) if m.starts_with('m') => (m[1..].parse().unwrap(), n),
            _ => (0, name),
        };
        let (register, sysvalue, format) = if SHORT_SV.iter().any(|(n, _)| *n == toks[4]) {
            (
                toks[3].to_string(),
                toks[4].to_string(),
                toks[5].to_string(),
            )
        } else {
            let (r, s) = split_register_sv(toks[3]).unwrap_or_else(|| panic!("cannot split {l:?}"));
            (r, s, toks[4].to_string())
        };
        rows.push(LlSigRow {
            stream,
            name: name.into(),
            index: index.parse().unwrap(),
            mask: mask.into(),
            register,
            sysvalue,
            format,
        });
    }
    Some(rows)
}

fn mask_text(mask: u8) -> String {
    "xyzw"
        .chars()
        .enumerate()
        .filter(|(i, _)| mask & (1 << i) != 0)
        .map(|(_, c)| c)
        .collect()
}

#[test]
fn signatures_match_disassembly_tables() {
    let mut elements = 0;
    let mut specials = 0;
    for c in manifest() {
        let blob = c.blob();
        let ctr = container::parse(&blob).unwrap();
        let ll = c.ll();
        let header = ll_header(&ll);
        for (kind, title) in [
            (SignatureKind::Input, "Input signature"),
            (SignatureKind::Output, "Output signature"),
            (
                SignatureKind::PatchConstantOrPrimitive,
                "Patch Constant signature",
            ),
        ] {
            let sig = ctr.signature(kind).unwrap();
            let Some(rows) = ll_sig_table(&header, title) else {
                assert!(sig.is_none(), "{}: {title} in blob but not in .ll", c.name);
                continue;
            };
            let sig = sig.unwrap_or_else(|| panic!("{}: no {kind:?} part", c.name));
            assert_eq!(sig.kind, kind);
            assert_eq!(
                sig.elements.len(),
                rows.len(),
                "{}: {title} element count",
                c.name
            );
            for (e, row) in sig.elements.iter().zip(&rows) {
                let what = format!("{}: {title} {}", c.name, row.name);
                assert_eq!(e.semantic_name, row.name, "{what}");
                assert_eq!(e.stream, row.stream, "{what}");
                assert_eq!(e.semantic_index, row.index, "{what}");
                let sv = SHORT_SV.iter().find(|(n, _)| *n == row.sysvalue).unwrap().1;
                assert_eq!(e.system_value, sv, "{what}");
                assert!(e.system_value.name().is_some(), "{what}");
                if row.mask == "N/A" {
                    // Values outside the register file (SV_Depth, SV_Coverage,
                    // SV_Barycentrics, ...) print as "N/A oDepth"/"special":
                    // in the part they have register -1.
                    assert_eq!(e.register, u32::MAX, "{what}");
                    specials += 1;
                } else {
                    assert_eq!(mask_text(e.mask), row.mask, "{what}");
                    assert_eq!(e.register.to_string(), row.register, "{what}");
                }
                // The Format column is the component type, with min-precision
                // types printed as their 16-bit form.
                let ty = match (e.component_type, e.min_precision) {
                    (SigComponentType::Float32, MinPrecision::Default) => "float",
                    (SigComponentType::UInt32, MinPrecision::Default) => "uint",
                    (SigComponentType::SInt32, MinPrecision::Default) => "int",
                    (SigComponentType::Float16, _) | (_, MinPrecision::Float16) => "fp16",
                    (SigComponentType::UInt16, _) | (_, MinPrecision::UInt16) => "uint16",
                    (SigComponentType::SInt16, _) | (_, MinPrecision::SInt16) => "int16",
                    other => panic!("{what}: unexpected type {other:?}"),
                };
                assert_eq!(ty, row.format, "{what}");
                elements += 1;
            }
        }
    }
    assert!(elements > 700, "only {elements} elements checked");
    assert!(specials >= 8, "only {specials} special elements checked");
}

#[test]
fn signature_details_of_hull_shader() {
    // hs-tri-integer-cw: POSITION/NORMAL in and out, 3 edge + 1 inside
    // tess factors as patch constants (see its .ll header).
    let blob = case("hs-tri-integer-cw").blob();
    let ctr = container::parse(&blob).unwrap();
    let inputs = ctr.input_signature().unwrap().unwrap();
    let names: Vec<_> = inputs
        .elements
        .iter()
        .map(|e| (e.semantic_name, e.register, e.mask))
        .collect();
    assert_eq!(names, [("POSITION", 0, 0b0111), ("NORMAL", 1, 0b0111)]);
    let pc = ctr.patch_constant_signature().unwrap().unwrap();
    assert_eq!(pc.kind, SignatureKind::PatchConstantOrPrimitive);
    let got: Vec<_> = pc
        .elements
        .iter()
        .map(|e| {
            (
                e.semantic_name,
                e.semantic_index,
                e.system_value,
                e.register,
                e.mask,
            )
        })
        .collect();
    assert_eq!(
        got,
        [
            (
                "SV_TessFactor",
                0,
                SystemValue::FINAL_TRI_EDGE_TESSFACTOR,
                0,
                0b1000
            ),
            (
                "SV_TessFactor",
                1,
                SystemValue::FINAL_TRI_EDGE_TESSFACTOR,
                1,
                0b1000
            ),
            (
                "SV_TessFactor",
                2,
                SystemValue::FINAL_TRI_EDGE_TESSFACTOR,
                2,
                0b1000
            ),
            (
                "SV_InsideTessFactor",
                0,
                SystemValue::FINAL_TRI_INSIDE_TESSFACTOR,
                3,
                0b0001
            ),
        ]
    );
    assert!(pc
        .elements
        .iter()
        .all(|e| e.component_type == SigComponentType::Float32 && e.stream == 0));
}

// ---------------------------------------------------------------------------
// PSV0

/// `key=value` and `key: value` lines of the `;PSVRuntimeInfo:` block.
fn ll_psv_info(header: &[&str]) -> Option<(String, BTreeMap<String, String>)> {
    let at = header.iter().position(|l| *l == ";PSVRuntimeInfo:")?;
    let stage = header[at + 1].trim_start_matches("; ").to_string();
    let mut map = BTreeMap::new();
    for l in &header[at + 2..] {
        if *l == ";" {
            break;
        }
        let l = l.trim_start_matches("; ");
        let (k, v) = match (l.find('='), l.find(": ")) {
            (Some(i), None) => (&l[..i], &l[i + 1..]),
            (_, Some(i)) => (&l[..i], &l[i + 2..]),
            _ => panic!("odd PSV line {l:?}"),
        };
        map.insert(k.to_string(), v.trim().to_string());
    }
    Some((stage, map))
}

fn stage_title(kind: ShaderKind) -> &'static str {
    match kind {
        ShaderKind::Pixel => "Pixel Shader",
        ShaderKind::Vertex => "Vertex Shader",
        ShaderKind::Geometry => "Geometry Shader",
        ShaderKind::Hull => "Hull Shader",
        ShaderKind::Domain => "Domain Shader",
        ShaderKind::Compute => "Compute Shader",
        ShaderKind::Mesh => "Mesh Shader",
        ShaderKind::Amplification => "Amplification Shader",
        other => panic!("no PSV title for {other}"),
    }
}

#[test]
fn psv_runtime_info_matches_disassembly() {
    let mut compute = 0;
    let mut checked = 0;
    for c in manifest() {
        let blob = c.blob();
        let ctr = container::parse(&blob).unwrap();
        let ll = c.ll();
        let header = ll_header(&ll);
        let Some((title, m)) = ll_psv_info(&header) else {
            assert!(ctr.psv().unwrap().is_none(), "{}", c.name);
            continue;
        };
        let psv = ctr.psv().unwrap().unwrap();
        let n = &c.name;
        let num = |k: &str| -> u64 {
            m.get(k)
                .unwrap_or_else(|| panic!("{n}: no {k}"))
                .parse()
                .unwrap()
        };
        assert_eq!(psv.version, 4, "{n}");
        assert_eq!(psv.runtime_info_size, 56, "{n}");
        let stage = psv.shader_stage.unwrap();
        assert_eq!(stage, ctr.program().unwrap().kind, "{n}");
        assert_eq!(stage_title(stage), title, "{n}");
        if let Some(w) = m.get("WaveSize") {
            let w: u32 = w.parse().unwrap();
            assert_eq!(
                (psv.min_wave_lane_count, psv.max_wave_lane_count),
                (w, w),
                "{n}"
            );
        } else {
            assert_eq!(
                u64::from(psv.min_wave_lane_count),
                num("MinimumExpectedWaveLaneCount"),
                "{n}"
            );
            assert_eq!(
                u64::from(psv.max_wave_lane_count),
                num("MaximumExpectedWaveLaneCount"),
                "{n}"
            );
        }
        assert_eq!(psv.uses_view_id.to_string(), m["UsesViewID"], "{n}");
        assert_eq!(
            u64::from(psv.sig_input_elements),
            num("SigInputElements"),
            "{n}"
        );
        assert_eq!(
            u64::from(psv.sig_output_elements),
            num("SigOutputElements"),
            "{n}"
        );
        assert_eq!(
            u64::from(psv.sig_patch_const_or_prim_elements),
            num("SigPatchConstOrPrimElements"),
            "{n}"
        );
        assert_eq!(
            u64::from(psv.sig_input_vectors),
            num("SigInputVectors"),
            "{n}"
        );
        for i in 0..4 {
            assert_eq!(
                u64::from(psv.sig_output_vectors[i]),
                num(&format!("SigOutputVectors[{i}]")),
                "{n}"
            );
        }
        assert_eq!(
            psv.entry_function_name,
            Some(m["EntryFunctionName"].as_str()),
            "{n}"
        );
        assert_eq!(
            psv.input_elements.len(),
            usize::from(psv.sig_input_elements)
        );
        assert_eq!(
            psv.output_elements.len(),
            usize::from(psv.sig_output_elements)
        );
        assert_eq!(
            psv.patch_const_or_prim_elements.len(),
            usize::from(psv.sig_patch_const_or_prim_elements)
        );
        if let Some(nt) = m.get("NumThreads") {
            let want: Vec<u32> = nt
                .trim_matches(|c| c == '(' || c == ')')
                .split(',')
                .map(|s| s.parse().unwrap())
                .collect();
            assert_eq!(
                psv.num_threads.map(|t| t.to_vec()),
                Some(want),
                "{n}: NumThreads"
            );
            assert_eq!(
                psv.num_bytes_group_shared_memory.map(u64::from),
                Some(num("NumBytesGroupSharedMemory")),
                "{n}"
            );
            if stage == ShaderKind::Compute {
                compute += 1;
            }
        }
        match psv.stage_info {
            StageInfo::Vertex {
                output_position_present,
            } => {
                assert_eq!(
                    u64::from(output_position_present),
                    num("OutputPositionPresent"),
                    "{n}"
                )
            }
            StageInfo::Pixel {
                depth_output,
                sample_frequency,
            } => {
                assert_eq!(u64::from(depth_output), num("DepthOutput"), "{n}");
                assert_eq!(u64::from(sample_frequency), num("SampleFrequency"), "{n}");
            }
            StageInfo::Hull {
                input_control_point_count,
                output_control_point_count,
                tessellator_domain,
                tessellator_output_primitive,
            } => {
                assert_eq!(
                    u64::from(input_control_point_count),
                    num("InputControlPointCount"),
                    "{n}"
                );
                assert_eq!(
                    u64::from(output_control_point_count),
                    num("OutputControlPointCount"),
                    "{n}"
                );
                assert_eq!(tessellator_domain, domain_value(&m["Domain"]), "{n}");
                let prim = match m["OutputPrimitive"].as_str() {
                    "point" => 1,
                    "line" => 2,
                    "triangle_cw" => 3,
                    "triangle_ccw" => 4,
                    other => panic!("{other}"),
                };
                assert_eq!(tessellator_output_primitive, prim, "{n}");
            }
            StageInfo::Domain {
                input_control_point_count,
                output_position_present,
                tessellator_domain,
            } => {
                assert_eq!(
                    u64::from(input_control_point_count),
                    num("InputControlPointCount"),
                    "{n}"
                );
                assert_eq!(
                    u64::from(output_position_present),
                    num("OutputPositionPresent"),
                    "{n}"
                );
                // The disassembler prints no Domain= line for domain shaders.
                assert!((1..=3).contains(&tessellator_domain), "{n}");
            }
            StageInfo::Geometry {
                input_primitive,
                output_topology,
                output_stream_mask,
                output_position_present,
            } => {
                let ip = match m["InputPrimitive"].as_str() {
                    "point" => 1,
                    "line" => 2,
                    "triangle" => 3,
                    "lineadj" => 6,
                    "triangleadj" => 7,
                    other => panic!("{other}"),
                };
                assert_eq!(input_primitive, ip, "{n}");
                let topo = match m["OutputTopology"].as_str() {
                    "point" => 1,
                    "line" => 3,
                    "triangle" => 5,
                    other => panic!("{other}"),
                };
                assert_eq!(output_topology, topo, "{n}");
                assert_eq!(
                    u64::from(output_stream_mask),
                    num("OutputStreamMask"),
                    "{n}"
                );
                assert_eq!(
                    u64::from(output_position_present),
                    num("OutputPositionPresent"),
                    "{n}"
                );
            }
            StageInfo::Mesh { .. } => {
                let topo = match m["MeshOutputTopology"].as_str() {
                    "line" => 1,
                    "triangle" => 2,
                    other => panic!("{other}"),
                };
                assert_eq!(psv.mesh_output_topology, topo, "{n}");
            }
            StageInfo::Amplification { .. } | StageInfo::None => {}
            StageInfo::Unknown(_) => panic!("{n}: version 4 knows its stage"),
        }
        checked += 1;
    }
    assert_eq!(checked, 479);
    assert_eq!(compute, 290);
}

fn domain_value(s: &str) -> u32 {
    match s {
        "isoline" => 1,
        "tri" => 2,
        "quad" => 3,
        other => panic!("{other}"),
    }
}

#[test]
fn psv_numthreads_of_compute_blobs() {
    // Spot checks beside the corpus-wide comparison above.
    let blob = case("rs-table-spaces").blob();
    let psv = container::parse(&blob).unwrap().psv().unwrap().unwrap();
    assert_eq!(psv.num_threads, Some([16, 1, 1]));
    assert_eq!(psv.stage_info, StageInfo::None);
    let mut seen_2d = false;
    for c in manifest().iter().filter(|c| c.profile.starts_with("cs_")) {
        let blob = c.blob();
        let psv = container::parse(&blob).unwrap().psv().unwrap().unwrap();
        let ll = c.ll();
        let line = ll
            .lines()
            .find(|l| l.starts_with("; NumThreads=("))
            .unwrap();
        let want = format!(
            "; NumThreads=({},{},{})",
            psv.num_threads.unwrap()[0],
            psv.num_threads.unwrap()[1],
            psv.num_threads.unwrap()[2]
        );
        assert_eq!(line, want, "{}", c.name);
        seen_2d |= psv.num_threads.unwrap()[1] > 1;
    }
    assert!(seen_2d);
}

/// A PSV signature table row: name, semantic index, interpolation mode.
type PsvRow = (String, u32, u8);

/// `DXIL::SemanticKind` names, by value.
const SEMANTIC_KINDS: [&str; 31] = [
    "Arbitrary",
    "VertexID",
    "InstanceID",
    "Position",
    "RenderTargetArrayIndex",
    "ViewportArrayIndex",
    "ClipDistance",
    "CullDistance",
    "OutputControlPointID",
    "DomainLocation",
    "PrimitiveID",
    "GSInstanceID",
    "SampleIndex",
    "IsFrontFace",
    "Coverage",
    "InnerCoverage",
    "Target",
    "Depth",
    "DepthLessEqual",
    "DepthGreaterEqual",
    "StencilRef",
    "DispatchThreadID",
    "GroupID",
    "GroupIndex",
    "GroupThreadID",
    "TessFactor",
    "InsideTessFactor",
    "ViewID",
    "Barycentrics",
    "ShadingRate",
    "CullPrimitive",
];

/// Interpolation mode names printed in the PSV signature tables.
fn interp_value(s: &str) -> u8 {
    match s {
        "" => 0,
        "nointerpolation" => 1,
        "linear" => 2,
        "centroid" => 3,
        "noperspective" => 4,
        "noperspective centroid" => 5,
        "sample" => 6,
        "noperspective sample" => 7,
        other => panic!("interp mode {other:?}"),
    }
}

#[test]
fn psv_signature_elements_match_disassembly() {
    let mut checked = 0;
    for c in manifest() {
        let blob = c.blob();
        let ctr = container::parse(&blob).unwrap();
        let Some(psv) = ctr.psv().unwrap() else {
            continue;
        };
        let ll = c.ll();
        let header = ll_header(&ll);
        // The PSV tables are the ones with an InterpMode column.
        let mut tables: Vec<(&str, Vec<PsvRow>)> = Vec::new();
        for (i, l) in header.iter().enumerate() {
            if header.get(i + 2).is_some_and(|h| h.contains("InterpMode"))
                && l.ends_with("signature:")
            {
                let mut rows = Vec::new();
                for r in &header[i + 4..] {
                    if *r == ";" || r.trim() == "; no parameters" {
                        break;
                    }
                    let mut toks: Vec<&str> = r[2..].split_whitespace().collect();
                    if toks.len() > 2 && toks.last().unwrap().chars().all(|c| "xyzw".contains(c)) {
                        toks.pop(); // DynIdx mask
                    }
                    let interp = toks[2..].join(" ");
                    rows.push((
                        toks[0].to_string(),
                        toks[1].parse().unwrap(),
                        interp_value(&interp),
                    ));
                }
                tables.push((l, rows));
            }
        }
        for (title, rows) in tables {
            let elems = match title {
                "; Input signature:" => &psv.input_elements,
                "; Output signature:" | "; Vertex Output signature:" => &psv.output_elements,
                "; Patch Constant signature:" | "; Primitive Output signature:" => {
                    &psv.patch_const_or_prim_elements
                }
                other => panic!("{other}"),
            };
            // PSV stores no name for system values (the semantic kind says
            // which); the disassembler prints the SV_ name of the kind.
            let name = |e: &container::PsvSignatureElement<'_>| {
                if e.semantic_name.is_empty() {
                    assert_ne!(
                        e.semantic_kind, 0,
                        "{}: arbitrary semantic without a name",
                        c.name
                    );
                    format!("SV_{}", SEMANTIC_KINDS[usize::from(e.semantic_kind)])
                } else {
                    assert_eq!(e.semantic_kind, 0, "{}: {}", c.name, e.semantic_name);
                    e.semantic_name.to_string()
                }
            };
            // The disassembler prints one row per semantic index.
            let got: Vec<(String, u32, u8)> = elems
                .iter()
                .flat_map(|e| {
                    e.semantic_indexes()
                        .map(move |i| (name(e), i, e.interpolation_mode))
                })
                .collect();
            let got_first: Vec<_> = elems
                .iter()
                .map(|e| {
                    (
                        name(e),
                        e.semantic_indexes().next().unwrap(),
                        e.interpolation_mode,
                    )
                })
                .collect();
            let lower = |v: &[(String, u32, u8)]| -> Vec<(String, u32, u8)> {
                v.iter()
                    .map(|(n, i, m)| (n.to_ascii_lowercase(), *i, *m))
                    .collect()
            };
            assert!(
                lower(&got) == lower(&rows) || lower(&got_first) == lower(&rows),
                "{}: {title}\n got {got:?}\nwant {rows:?}",
                c.name
            );
            checked += rows.len();
        }
    }
    assert!(checked > 600, "only {checked} PSV elements checked");
}

#[test]
fn psv_resource_bindings_match_disassembly() {
    let mut checked = 0;
    let mut unbounded = 0;
    for c in manifest() {
        let blob = c.blob();
        let ctr = container::parse(&blob).unwrap();
        let Some(psv) = ctr.psv().unwrap() else {
            continue;
        };
        let ll = c.ll();
        let header = ll_header(&ll);
        let at = header
            .iter()
            .position(|l| *l == "; Resource Bindings:")
            .unwrap();
        let mut want = Vec::new();
        for l in &header[at + 4..] {
            if *l == ";" {
                break;
            }
            let toks: Vec<&str> = l[2..].split_whitespace().collect();
            let last = *toks.last().unwrap();
            let (bind, count) = match last.strip_suffix("unbounded") {
                Some(b) if !b.is_empty() => (b, None),
                _ if last == "unbounded" => (toks[toks.len() - 2], None),
                _ => (toks[toks.len() - 2], Some(last.parse::<u32>().unwrap())),
            };
            let (reg, space) = match bind.split_once(",space") {
                Some((r, s)) => (r, s.parse::<u32>().unwrap()),
                None => (bind, 0),
            };
            let lower: u32 = reg
                .trim_start_matches(|c: char| c.is_ascii_alphabetic())
                .parse()
                .unwrap();
            let upper = count.map_or(u32::MAX, |n| lower + n - 1);
            want.push((toks[1].to_string(), space, lower, upper));
        }
        let mut got: Vec<_> = psv
            .resources
            .iter()
            .map(|r| {
                let class = match r.res_type {
                    PsvResourceType::Cbv => "cbuffer",
                    PsvResourceType::Sampler => "sampler",
                    t if t.is_srv() => "texture",
                    t if t.is_uav() => "UAV",
                    t => panic!("{t:?}"),
                };
                assert!(r.kind.is_some() && r.flags.is_some(), "bind info 1");
                (class.to_string(), r.space, r.lower_bound, r.upper_bound)
            })
            .collect();
        got.sort();
        want.sort();
        assert_eq!(got, want, "{}", c.name);
        unbounded += got.iter().filter(|r| r.3 == u32::MAX).count();
        checked += got.len();
    }
    assert!(checked > 1000, "only {checked} bindings checked");
    assert_eq!(unbounded, 5);
}

// ---------------------------------------------------------------------------
// Root signatures: expectations written by hand from the HLSL text, with the
// defaults of DXC's root signature grammar.
//
// Flags: a 1.1 range or root descriptor written without `flags=` is
// serialized with flags 0 (NONE), not with the D3D12 1.1 default
// behaviour spelled out (DATA_STATIC_WHILE_SET_AT_EXECUTE for CBV/SRV,
// DATA_VOLATILE for UAV). That default is what the runtime *reads* 0 as;
// DXC's parser (HLSLRootSignature.cpp, ParseDescTableResource and
// ParseRootShaderResource) initialises Flags to None and only ORs in flags
// that are written. Every 1.1 blob in the corpus agrees (0 wherever the
// HLSL has no flags=), so the expectations below use NONE there.

/// Range flags DXC gives a 1.1 range without `flags=`.
fn default_range_flags(_: RT) -> RF {
    RF::NONE
}

const APPEND: u32 = DescriptorRange::APPEND;
const UNBOUNDED: u32 = DescriptorRange::UNBOUNDED;

/// A 1.1 range with default flags.
fn r11(t: RT, num: u32, base: u32, space: u32, offset: u32) -> DescriptorRange {
    DescriptorRange {
        range_type: t,
        num_descriptors: num,
        base_register: base,
        space,
        flags: Some(default_range_flags(t)),
        offset,
    }
}

/// A 1.1 range with explicit flags.
fn r11f(t: RT, num: u32, base: u32, space: u32, flags: RF, offset: u32) -> DescriptorRange {
    DescriptorRange {
        flags: Some(flags),
        ..r11(t, num, base, space, offset)
    }
}

/// A 1.0 range (no flags).
fn r10(t: RT, num: u32, base: u32, space: u32, offset: u32) -> DescriptorRange {
    DescriptorRange {
        flags: None,
        ..r11(t, num, base, space, offset)
    }
}

fn table(visibility: Vis, ranges: Vec<DescriptorRange>) -> RootParameter {
    RootParameter {
        kind: RootParameterKind::DescriptorTable(ranges),
        visibility,
    }
}

fn consts(register: u32, space: u32, num_32bit_values: u32, visibility: Vis) -> RootParameter {
    RootParameter {
        kind: RootParameterKind::Constants(RootConstants {
            register,
            space,
            num_32bit_values,
        }),
        visibility,
    }
}

fn desc(register: u32, space: u32, flags: Option<DF>) -> RootDescriptor {
    RootDescriptor {
        register,
        space,
        flags,
    }
}

/// Root CBV/SRV without `flags=` in a 1.1 signature (see above).
const CS_DEFAULT: Option<DF> = Some(DF::NONE);
/// Root UAV without `flags=` in a 1.1 signature (see above).
const U_DEFAULT: Option<DF> = Some(DF::NONE);

fn cbv(register: u32, space: u32, flags: Option<DF>, visibility: Vis) -> RootParameter {
    RootParameter {
        kind: RootParameterKind::Cbv(desc(register, space, flags)),
        visibility,
    }
}

fn srv(register: u32, space: u32, flags: Option<DF>, visibility: Vis) -> RootParameter {
    RootParameter {
        kind: RootParameterKind::Srv(desc(register, space, flags)),
        visibility,
    }
}

fn uav(register: u32, space: u32, flags: Option<DF>, visibility: Vis) -> RootParameter {
    RootParameter {
        kind: RootParameterKind::Uav(desc(register, space, flags)),
        visibility,
    }
}

/// `StaticSampler(sN)` with every default of the grammar.
fn sampler(register: u32) -> StaticSampler {
    StaticSampler {
        filter: Filter::ANISOTROPIC,
        address_u: Addr::Wrap,
        address_v: Addr::Wrap,
        address_w: Addr::Wrap,
        mip_lod_bias: 0.0,
        max_anisotropy: 16,
        comparison_func: ComparisonFunc::LessEqual,
        border_color: StaticBorderColor::OpaqueWhite,
        min_lod: 0.0,
        // DxilFloat32Max, 3.402823466e+38f: the largest finite f32.
        max_lod: f32::MAX,
        register,
        space: 0,
        visibility: Vis::All,
        flags: None,
    }
}

fn rs(
    version: RootSignatureVersion,
    flags: SF,
    parameters: Vec<RootParameter>,
    static_samplers: Vec<StaticSampler>,
) -> RootSignature {
    RootSignature {
        version,
        flags,
        parameters,
        static_samplers,
    }
}

use RootSignatureVersion::{V1_0, V1_1};

fn check_rs(name: &str, want: RootSignature) {
    let blob = case(name).blob();
    let got = container::parse(&blob)
        .unwrap()
        .root_signature()
        .unwrap()
        .unwrap_or_else(|| panic!("{name}: no RTS0"));
    assert_eq!(got, want, "{name}");
    // The part parses the same standalone (offsets relative to the part).
    let part = container::parse(&blob)
        .unwrap()
        .part(FourCC::RTS0)
        .unwrap()
        .data;
    assert_eq!(
        RootSignature::parse(part).unwrap(),
        want,
        "{name} standalone"
    );
}

#[test]
fn rs_arr_cbuffer_unbounded() {
    // "DescriptorTable(CBV(b0, space=3, numDescriptors=unbounded, offset=2,
    //  flags=DESCRIPTORS_VOLATILE | DATA_VOLATILE)), DescriptorTable(SRV(t0), UAV(u0))"
    check_rs(
        "arr-cbuffer-unbounded",
        rs(
            V1_1,
            SF::NONE,
            vec![
                table(
                    Vis::All,
                    vec![r11f(
                        RT::Cbv,
                        UNBOUNDED,
                        0,
                        3,
                        RF::DESCRIPTORS_VOLATILE | RF::DATA_VOLATILE,
                        2,
                    )],
                ),
                table(
                    Vis::All,
                    vec![r11(RT::Srv, 1, 0, 0, APPEND), r11(RT::Uav, 1, 0, 0, APPEND)],
                ),
            ],
            vec![],
        ),
    );
}

#[test]
fn rs_arr_rootsig_ranges_v1_0() {
    // -force-rootsig-ver rootsig_1_0: no flags anywhere.
    check_rs(
        "arr-rootsig-ranges",
        rs(
            V1_0,
            SF::NONE,
            vec![
                table(
                    Vis::Pixel,
                    vec![
                        r10(RT::Srv, 16, 0, 0, APPEND),
                        r10(RT::Srv, UNBOUNDED, 0, 1, APPEND),
                    ],
                ),
                table(
                    Vis::Pixel,
                    vec![r10(RT::Cbv, 1, 0, 0, APPEND), r10(RT::Uav, 3, 1, 0, 4)],
                ),
                table(Vis::Pixel, vec![r10(RT::Sampler, 4, 0, 0, APPEND)]),
            ],
            vec![],
        ),
    );
}

#[test]
fn rs_cbuf_variants_from_rootsig_define() {
    // -rootsig-define RS_CBV: "CBV(b0), UAV(u0)"
    check_rs(
        "cbuf-variant-rootcbv",
        rs(
            V1_1,
            SF::NONE,
            vec![
                cbv(0, 0, CS_DEFAULT, Vis::All),
                uav(0, 0, U_DEFAULT, Vis::All),
            ],
            vec![],
        ),
    );
    // -rootsig-define RS_CONST: "RootConstants(num32BitConstants=8, b0), UAV(u0)"
    check_rs(
        "cbuf-variant-rootconst",
        rs(
            V1_1,
            SF::NONE,
            vec![consts(0, 0, 8, Vis::All), uav(0, 0, U_DEFAULT, Vis::All)],
            vec![],
        ),
    );
}

#[test]
fn rs_heap66_mixed_bindings() {
    let heap = SF::CBV_SRV_UAV_HEAP_DIRECTLY_INDEXED | SF::SAMPLER_HEAP_DIRECTLY_INDEXED;
    check_rs(
        "heap66-mixed-bindings",
        rs(
            V1_1,
            heap,
            vec![
                consts(0, 0, 2, Vis::All),
                cbv(1, 0, CS_DEFAULT, Vis::All),
                srv(0, 1, CS_DEFAULT, Vis::All),
                table(
                    Vis::All,
                    vec![r11(RT::Srv, 1, 0, 0, 1), r11(RT::Uav, 1, 0, 0, APPEND)],
                ),
            ],
            vec![StaticSampler {
                filter: Filter::MIN_MAG_MIP_LINEAR,
                ..sampler(0)
            }],
        ),
    );
    check_rs(
        "heap66-nonuniform-pixel",
        rs(V1_1, heap, vec![consts(0, 0, 3, Vis::All)], vec![]),
    );
}

#[test]
fn rs_domain_stage_visibility_and_sampler() {
    check_rs(
        "rs-domain-stage",
        rs(
            V1_1,
            SF::ALLOW_INPUT_ASSEMBLER_INPUT_LAYOUT | SF::DENY_GEOMETRY_SHADER_ROOT_ACCESS,
            vec![
                cbv(2, 0, CS_DEFAULT, Vis::Domain),
                table(
                    Vis::Domain,
                    vec![r11(RT::Srv, 1, 0, 3, APPEND), r11(RT::Srv, 1, 1, 3, APPEND)],
                ),
                table(Vis::Hull, vec![r11(RT::Cbv, 1, 0, 0, APPEND)]),
            ],
            vec![StaticSampler {
                filter: Filter::MIN_MAG_LINEAR_MIP_POINT,
                address_u: Addr::Wrap,
                address_v: Addr::Mirror,
                visibility: Vis::Domain,
                ..sampler(0)
            }],
        ),
    );
}

#[test]
fn rs_geometry_stage_flags() {
    check_rs(
        "rs-geometry-stage",
        rs(
            V1_1,
            SF::ALLOW_INPUT_ASSEMBLER_INPUT_LAYOUT
                | SF::ALLOW_STREAM_OUTPUT
                | SF::DENY_HULL_SHADER_ROOT_ACCESS
                | SF::DENY_DOMAIN_SHADER_ROOT_ACCESS
                | SF::DENY_PIXEL_SHADER_ROOT_ACCESS,
            vec![
                consts(0, 1, 4, Vis::Geometry),
                srv(0, 1, Some(DF::DATA_STATIC), Vis::Geometry),
                table(
                    Vis::All,
                    vec![r11(RT::Cbv, 1, 0, 0, APPEND), r11(RT::Srv, 1, 0, 0, APPEND)],
                ),
            ],
            vec![],
        ),
    );
}

#[test]
fn rs_rootconst_dynamic_index() {
    check_rs(
        "rs-rootconst-dynamic-index",
        rs(
            V1_1,
            SF::NONE,
            vec![
                consts(0, 0, 33, Vis::All),
                table(Vis::All, vec![r11(RT::Uav, 1, 0, 0, APPEND)]),
            ],
            vec![],
        ),
    );
}

#[test]
fn rs_sampler_tables() {
    check_rs(
        "rs-sampler-tables",
        rs(
            V1_1,
            SF::NONE,
            vec![
                table(
                    Vis::All,
                    vec![r11(RT::Srv, 4, 0, 0, APPEND), r11(RT::Cbv, 1, 0, 0, APPEND)],
                ),
                table(
                    Vis::All,
                    vec![
                        r11(RT::Sampler, 4, 0, 0, APPEND),
                        r11(RT::Sampler, UNBOUNDED, 0, 1, 8),
                    ],
                ),
                table(
                    Vis::All,
                    vec![r11f(RT::Sampler, 2, 4, 0, RF::DESCRIPTORS_VOLATILE, APPEND)],
                ),
            ],
            vec![],
        ),
    );
}

#[test]
fn rs_static_sampler_compute() {
    check_rs(
        "rs-static-sampler-compute",
        rs(
            V1_1,
            SF::NONE,
            vec![table(
                Vis::All,
                vec![
                    r11(RT::Srv, 2, 0, 0, 3),
                    r11(RT::Uav, 1, 0, 0, 0),
                    r11(RT::Cbv, 1, 0, 0, 1),
                ],
            )],
            vec![
                StaticSampler {
                    filter: Filter::MIN_MAG_MIP_LINEAR,
                    address_u: Addr::Wrap,
                    address_v: Addr::Clamp,
                    space: 5,
                    ..sampler(0)
                },
                StaticSampler {
                    filter: Filter::COMPARISON_MIN_MAG_LINEAR_MIP_POINT,
                    comparison_func: ComparisonFunc::GreaterEqual,
                    address_u: Addr::Border,
                    address_v: Addr::Border,
                    border_color: StaticBorderColor::OpaqueBlack,
                    space: 5,
                    ..sampler(1)
                },
                StaticSampler {
                    filter: Filter::MIN_MAG_MIP_POINT,
                    address_u: Addr::Mirror,
                    address_v: Addr::Mirror,
                    max_lod: 2.0,
                    space: 5,
                    ..sampler(2)
                },
            ],
        ),
    );
}

#[test]
fn rs_static_sampler_uint_border() {
    // The HLSL does not force a version, so DXC serializes 1.1 (version 2):
    // the UINT border colours (3 and 4) are stored in the 1.1 sampler
    // layout, which has no Flags field; DXC writes the 1.2 layout (with
    // D3D12_SAMPLER_FLAG_UINT_BORDER_COLOR) only under
    // -force-rootsig-ver rootsig_1_2, which no corpus blob uses.
    let point_border = StaticSampler {
        filter: Filter::MIN_MAG_MIP_POINT,
        address_u: Addr::Border,
        address_v: Addr::Border,
        ..sampler(0)
    };
    check_rs(
        "rs-static-sampler-uint-border",
        rs(
            V1_1,
            SF::NONE,
            vec![
                table(Vis::All, vec![r11(RT::Srv, 3, 0, 2, APPEND)]),
                consts(0, 0, 2, Vis::All),
            ],
            vec![
                StaticSampler {
                    border_color: StaticBorderColor::OpaqueWhiteUint,
                    ..point_border
                },
                StaticSampler {
                    address_v: Addr::Wrap,
                    border_color: StaticBorderColor::OpaqueBlackUint,
                    register: 1,
                    ..point_border
                },
                StaticSampler {
                    filter: Filter::MIN_MAG_MIP_LINEAR,
                    border_color: StaticBorderColor::OpaqueBlack,
                    register: 2,
                    ..point_border
                },
            ],
        ),
    );
}

#[test]
fn rs_static_samplers_all_filters() {
    // F9(p, s) declares s0..s8 in space s with the nine basic filters,
    // prefixed by "", COMPARISON_, MINIMUM_, MAXIMUM_ for spaces 0..3; the
    // anisotropic one has maxAnisotropy=4.
    let nine = [
        Filter::MIN_MAG_MIP_POINT,
        Filter::MIN_MAG_POINT_MIP_LINEAR,
        Filter::MIN_POINT_MAG_LINEAR_MIP_POINT,
        Filter::MIN_POINT_MAG_MIP_LINEAR,
        Filter::MIN_LINEAR_MAG_MIP_POINT,
        Filter::MIN_LINEAR_MAG_POINT_MIP_LINEAR,
        Filter::MIN_MAG_LINEAR_MIP_POINT,
        Filter::MIN_MAG_MIP_LINEAR,
        Filter::ANISOTROPIC,
    ];
    let prefixes = [0u32, 0x80, 0x100, 0x180]; // none, COMPARISON_, MINIMUM_, MAXIMUM_
    let mut samplers = Vec::new();
    for (space, prefix) in prefixes.iter().enumerate() {
        for (reg, f) in nine.iter().enumerate() {
            samplers.push(StaticSampler {
                filter: Filter(f.0 | prefix),
                max_anisotropy: if reg == 8 { 4 } else { 16 },
                space: space as u32,
                ..sampler(reg as u32)
            });
        }
    }
    assert_eq!(samplers[9 + 8].filter, Filter::COMPARISON_ANISOTROPIC);
    assert_eq!(samplers[27].filter, Filter::MAXIMUM_MIN_MAG_MIP_POINT);
    check_rs(
        "rs-static-samplers-filters",
        rs(
            V1_1,
            SF::NONE,
            vec![table(
                Vis::All,
                vec![r11(RT::Srv, 2, 0, 0, APPEND), r11(RT::Cbv, 1, 0, 0, APPEND)],
            )],
            samplers,
        ),
    );
}

#[test]
fn rs_table_explicit_offsets() {
    check_rs(
        "rs-table-explicit-offsets",
        rs(
            V1_1,
            SF::NONE,
            vec![
                table(
                    Vis::All,
                    vec![
                        r11(RT::Uav, 2, 0, 0, 5),
                        r11(RT::Srv, 3, 0, 0, 1),
                        r11(RT::Cbv, 1, 0, 0, 0),
                    ],
                ),
                table(
                    Vis::All,
                    vec![
                        r11(RT::Srv, 1, 3, 0, 2),
                        r11(RT::Srv, 1, 4, 0, APPEND),
                        r11(RT::Uav, 1, 2, 0, 0),
                    ],
                ),
            ],
            vec![],
        ),
    );
}

#[test]
fn rs_table_multi_range_and_spaces() {
    check_rs(
        "rs-table-multi-range",
        rs(
            V1_1,
            SF::NONE,
            vec![table(
                Vis::All,
                vec![
                    r11(RT::Cbv, 1, 0, 0, APPEND),
                    r11(RT::Srv, 3, 0, 0, APPEND),
                    r11(RT::Uav, 2, 0, 0, APPEND),
                ],
            )],
            vec![],
        ),
    );
    check_rs(
        "rs-table-spaces",
        rs(
            V1_1,
            SF::NONE,
            vec![
                table(
                    Vis::All,
                    vec![
                        r11(RT::Srv, 2, 0, 1, APPEND),
                        r11(RT::Srv, 1, 0, 2, APPEND),
                        r11(RT::Uav, 1, 0, 7, APPEND),
                    ],
                ),
                cbv(0, 7, CS_DEFAULT, Vis::All),
            ],
            vec![],
        ),
    );
}

#[test]
fn rs_visibility_vs_and_ps() {
    // Both shaders declare the same root signature.
    let want = rs(
        V1_1,
        SF::ALLOW_INPUT_ASSEMBLER_INPUT_LAYOUT
            | SF::DENY_HULL_SHADER_ROOT_ACCESS
            | SF::DENY_DOMAIN_SHADER_ROOT_ACCESS
            | SF::DENY_GEOMETRY_SHADER_ROOT_ACCESS
            | SF::DENY_AMPLIFICATION_SHADER_ROOT_ACCESS
            | SF::DENY_MESH_SHADER_ROOT_ACCESS,
        vec![
            consts(0, 0, 16, Vis::Vertex),
            consts(0, 0, 4, Vis::Pixel),
            cbv(1, 0, CS_DEFAULT, Vis::Vertex),
            table(Vis::Vertex, vec![r11(RT::Srv, 2, 0, 0, APPEND)]),
            table(
                Vis::Pixel,
                vec![r11(RT::Srv, 4, 0, 0, APPEND), r11(RT::Cbv, 1, 1, 0, APPEND)],
            ),
            table(Vis::Pixel, vec![r11(RT::Sampler, 2, 0, 0, APPEND)]),
        ],
        vec![StaticSampler {
            filter: Filter::ANISOTROPIC,
            max_anisotropy: 8,
            visibility: Vis::Pixel,
            ..sampler(2)
        }],
    );
    check_rs("rs-visibility-ps", want.clone());
    check_rs("rs-visibility-vs", want);
}

#[test]
fn rs_v1_0_root_descriptors_and_constants() {
    check_rs(
        "rs10-root-descriptors",
        rs(
            V1_0,
            SF::NONE,
            vec![
                cbv(0, 0, None, Vis::All),
                srv(0, 0, None, Vis::All),
                srv(1, 0, None, Vis::All),
                uav(0, 0, None, Vis::All),
                uav(1, 0, None, Vis::All),
            ],
            vec![],
        ),
    );
    check_rs(
        "rs10-rootconst-rootuav",
        rs(
            V1_0,
            SF::NONE,
            vec![consts(0, 0, 4, Vis::All), uav(0, 0, None, Vis::All)],
            vec![],
        ),
    );
    check_rs(
        "rs10-tables-and-root-params",
        rs(
            V1_0,
            SF::NONE,
            vec![
                consts(1, 0, 2, Vis::All),
                table(Vis::All, vec![r10(RT::Cbv, 1, 0, 0, APPEND)]),
                table(Vis::All, vec![r10(RT::Srv, 2, 0, 0, APPEND)]),
                table(
                    Vis::All,
                    vec![r10(RT::Uav, 1, 0, 0, APPEND), r10(RT::Uav, 1, 3, 0, APPEND)],
                ),
                srv(5, 0, None, Vis::All),
            ],
            vec![],
        ),
    );
}

#[test]
fn rs_v1_1_amplification_and_mesh_stages() {
    check_rs(
        "rs11-amplification-stage",
        rs(
            V1_1,
            SF::DENY_VERTEX_SHADER_ROOT_ACCESS
                | SF::DENY_HULL_SHADER_ROOT_ACCESS
                | SF::DENY_DOMAIN_SHADER_ROOT_ACCESS
                | SF::DENY_GEOMETRY_SHADER_ROOT_ACCESS
                | SF::DENY_PIXEL_SHADER_ROOT_ACCESS,
            vec![
                consts(0, 0, 4, Vis::Amplification),
                cbv(1, 0, Some(DF::DATA_VOLATILE), Vis::Amplification),
                cbv(1, 0, Some(DF::DATA_STATIC_WHILE_SET_AT_EXECUTE), Vis::Mesh),
                uav(
                    0,
                    0,
                    Some(DF::DATA_STATIC_WHILE_SET_AT_EXECUTE),
                    Vis::Amplification,
                ),
                table(
                    Vis::Amplification,
                    vec![
                        r11f(RT::Srv, 2, 0, 0, RF::DESCRIPTORS_VOLATILE, APPEND),
                        r11f(
                            RT::Cbv,
                            1,
                            2,
                            0,
                            RF::DATA_STATIC_WHILE_SET_AT_EXECUTE,
                            APPEND,
                        ),
                    ],
                ),
            ],
            vec![],
        ),
    );
    check_rs(
        "rs11-mesh-stage",
        rs(
            V1_1,
            SF::DENY_VERTEX_SHADER_ROOT_ACCESS
                | SF::DENY_HULL_SHADER_ROOT_ACCESS
                | SF::DENY_DOMAIN_SHADER_ROOT_ACCESS
                | SF::DENY_GEOMETRY_SHADER_ROOT_ACCESS
                | SF::DENY_AMPLIFICATION_SHADER_ROOT_ACCESS,
            vec![
                consts(0, 0, 20, Vis::Mesh),
                srv(0, 0, Some(DF::DATA_STATIC_WHILE_SET_AT_EXECUTE), Vis::Mesh),
                table(
                    Vis::Mesh,
                    vec![r11f(RT::Srv, 2, 1, 0, RF::DATA_STATIC, APPEND)],
                ),
                table(Vis::Pixel, vec![r11(RT::Srv, 1, 0, 0, APPEND)]),
            ],
            vec![],
        ),
    );
}

#[test]
fn rs_v1_1_range_flags() {
    check_rs(
        "rs11-range-flags",
        rs(
            V1_1,
            SF::NONE,
            vec![table(
                Vis::All,
                vec![
                    r11f(RT::Cbv, 1, 0, 0, RF::DATA_STATIC, APPEND),
                    r11f(RT::Srv, 1, 0, 0, RF::DESCRIPTORS_VOLATILE, APPEND),
                    r11f(RT::Srv, 1, 1, 0, RF::DATA_VOLATILE, APPEND),
                    r11f(
                        RT::Srv,
                        1,
                        2,
                        0,
                        RF::DESCRIPTORS_VOLATILE | RF::DATA_STATIC_WHILE_SET_AT_EXECUTE,
                        APPEND,
                    ),
                    r11f(
                        RT::Srv,
                        1,
                        3,
                        0,
                        RF::DESCRIPTORS_STATIC_KEEPING_BUFFER_BOUNDS_CHECKS,
                        APPEND,
                    ),
                    r11f(
                        RT::Uav,
                        1,
                        0,
                        0,
                        RF::DATA_STATIC_WHILE_SET_AT_EXECUTE,
                        APPEND,
                    ),
                    r11f(
                        RT::Uav,
                        1,
                        1,
                        0,
                        RF::DESCRIPTORS_VOLATILE | RF::DATA_VOLATILE,
                        APPEND,
                    ),
                    r11f(RT::Uav, 1, 2, 0, RF::DATA_STATIC, APPEND),
                ],
            )],
            vec![],
        ),
    );
}

#[test]
fn rs_v1_1_root_descriptor_flags_and_two_constants() {
    check_rs(
        "rs11-root-descriptor-flags",
        rs(
            V1_1,
            SF::DENY_VERTEX_SHADER_ROOT_ACCESS
                | SF::DENY_PIXEL_SHADER_ROOT_ACCESS
                | SF::DENY_HULL_SHADER_ROOT_ACCESS,
            vec![
                cbv(1, 3, Some(DF::DATA_STATIC), Vis::All),
                srv(2, 1, Some(DF::DATA_VOLATILE), Vis::All),
                srv(0, 4, Some(DF::DATA_STATIC_WHILE_SET_AT_EXECUTE), Vis::All),
                uav(5, 2, Some(DF::DATA_VOLATILE), Vis::All),
                uav(0, 0, Some(DF::DATA_STATIC), Vis::All),
            ],
            vec![],
        ),
    );
    check_rs(
        "rs11-rootconst-two-params",
        rs(
            V1_1,
            SF::NONE,
            vec![
                consts(3, 2, 6, Vis::All),
                consts(0, 0, 1, Vis::All),
                table(
                    Vis::All,
                    vec![r11f(RT::Uav, 1, 0, 1, RF::DATA_VOLATILE, APPEND)],
                ),
            ],
            vec![],
        ),
    );
}

#[test]
fn rs_heap_indexing_flags_and_counters_table() {
    check_rs(
        "rs66-heap-indexing-flags",
        rs(
            V1_1,
            SF::CBV_SRV_UAV_HEAP_DIRECTLY_INDEXED | SF::SAMPLER_HEAP_DIRECTLY_INDEXED,
            vec![
                consts(0, 0, 4, Vis::All),
                uav(0, 0, U_DEFAULT, Vis::All),
                table(Vis::All, vec![r11(RT::Srv, 1, 0, 0, 16)]),
            ],
            vec![],
        ),
    );
    check_rs(
        "sb-counters-table",
        rs(
            V1_1,
            SF::NONE,
            vec![
                table(
                    Vis::All,
                    vec![r11(RT::Uav, 2, 0, 0, APPEND), r11(RT::Uav, 1, 2, 1, APPEND)],
                ),
                table(Vis::All, vec![r11(RT::Srv, 1, 0, 0, APPEND)]),
            ],
            vec![],
        ),
    );
}

#[test]
fn rs_srv_uav_variants() {
    check_rs(
        "srvuav-variant-root",
        rs(
            V1_1,
            SF::NONE,
            vec![
                srv(0, 0, CS_DEFAULT, Vis::All),
                srv(1, 1, CS_DEFAULT, Vis::All),
                uav(0, 0, U_DEFAULT, Vis::All),
                uav(1, 1, U_DEFAULT, Vis::All),
            ],
            vec![],
        ),
    );
    check_rs(
        "srvuav-variant-split",
        rs(
            V1_1,
            SF::NONE,
            vec![
                table(
                    Vis::All,
                    vec![r11(RT::Uav, 1, 1, 1, 3), r11(RT::Uav, 1, 0, 0, 0)],
                ),
                srv(1, 1, CS_DEFAULT, Vis::All),
                table(Vis::All, vec![r11(RT::Srv, 1, 0, 0, 7)]),
            ],
            vec![],
        ),
    );
    check_rs(
        "srvuav-variant-table",
        rs(
            V1_1,
            SF::NONE,
            vec![table(
                Vis::All,
                vec![
                    r11(RT::Srv, 1, 0, 0, APPEND),
                    r11(RT::Srv, 1, 1, 1, APPEND),
                    r11(RT::Uav, 1, 0, 0, APPEND),
                    r11(RT::Uav, 1, 1, 1, APPEND),
                ],
            )],
            vec![],
        ),
    );
}

#[test]
fn rts0_present_exactly_where_hlsl_declares_a_root_signature() {
    let mut n = 0;
    for c in manifest() {
        let hlsl = std::fs::read_to_string(c.path("hlsl")).unwrap();
        let declared = hlsl.contains("[RootSignature(")
            || hlsl.lines().next().unwrap().contains("-rootsig-define");
        let blob = c.blob();
        let has = container::parse(&blob)
            .unwrap()
            .root_signature()
            .unwrap()
            .is_some();
        assert_eq!(has, declared, "{}", c.name);
        n += usize::from(has);
    }
    assert_eq!(n, 34);
}

// ---------------------------------------------------------------------------
// Bare bitcode, synthetic and malformed inputs

fn byte_at(e: &Error) -> u64 {
    match e.location() {
        Location::Byte(b) => *b,
        other => panic!("error without a byte offset: {e} ({other:?})"),
    }
}

fn put_u32(buf: &mut [u8], at: usize, v: u32) {
    buf[at..at + 4].copy_from_slice(&v.to_le_bytes());
}

fn get_u32(buf: &[u8], at: usize) -> u32 {
    u32::from_le_bytes(buf[at..at + 4].try_into().unwrap())
}

/// Index of a part's offset-table entry, and its header offset.
fn part_entry(blob: &[u8], fourcc: FourCC) -> (usize, usize) {
    let n = get_u32(blob, 28) as usize;
    (0..n)
        .map(|i| (32 + 4 * i, get_u32(blob, 32 + 4 * i) as usize))
        .find(|&(_, off)| blob[off..off + 4] == fourcc.0)
        .unwrap()
}

#[test]
fn bare_bitcode_is_the_program() {
    let data = [0x42, 0x43, 0xC0, 0xDE, 0x35, 0x14, 0x00, 0x00];
    let c = container::parse(&data).unwrap();
    assert!(c.is_bare_bitcode());
    assert!(c.header().is_none() && c.parts().is_empty());
    let p = c.program().unwrap();
    assert_eq!(
        (p.bitcode, p.bitcode_offset, p.kind),
        (&data[..], 0, ShaderKind::Invalid)
    );
    assert_eq!(c.psv().unwrap(), None);
    assert_eq!(c.root_signature().unwrap(), None);
    assert_eq!(c.input_signature().unwrap(), None);

    // The bitcode of a real blob, cut out, parses the same way.
    let blob = case("int-add-sub-mul-wrap").blob();
    let bc = container::parse(&blob)
        .unwrap()
        .program()
        .unwrap()
        .bitcode
        .to_vec();
    assert_eq!(
        container::parse(&bc).unwrap().program().unwrap().bitcode,
        &bc[..]
    );
}

#[test]
fn container_errors_name_the_offending_byte() {
    let good = case("hs-tri-integer-cw").blob();
    let err = |b: &[u8]| container::parse(b).unwrap_err();

    for (short, at) in [(&b""[..], 0), (b"DXB", 0), (b"DXBC", 4), (b"DXBC\0\0", 4)] {
        let e = err(short);
        assert_eq!(
            (e.kind(), byte_at(&e)),
            (ErrorKind::InvalidInput, at),
            "{e}"
        );
    }
    let e = err(b"MZ\x90\x00 not a shader at all, but long enough to have a header");
    assert_eq!(byte_at(&e), 0);
    assert!(e.message().contains("not a DXBC container"), "{e}");

    let mut b = good.clone();
    b[20] = 2; // major version 2
    let e = err(&b);
    assert_eq!((e.kind(), byte_at(&e)), (ErrorKind::Unsupported, 20), "{e}");

    let mut b = good.clone();
    put_u32(&mut b, 24, good.len() as u32 + 1);
    assert_eq!(byte_at(&err(&b)), 24);
    put_u32(&mut b, 24, 16);
    assert_eq!(byte_at(&err(&b)), 24);

    let mut b = good.clone();
    put_u32(&mut b, 28, 0x4000_0000); // part count far beyond the input
    let e = err(&b);
    assert_eq!(byte_at(&e), 28, "{e}");

    let mut b = good.clone();
    put_u32(&mut b, 36, good.len() as u32 - 4); // part 1 header straddles the end
    assert_eq!(byte_at(&err(&b)), 36);
    put_u32(&mut b, 36, 8); // part 1 inside the header
    assert_eq!(byte_at(&err(&b)), 36);

    let mut b = good.clone();
    let (_, psv_at) = part_entry(&good, FourCC::PSV0);
    put_u32(&mut b, psv_at + 4, 0x10_0000); // PSV0 size past the end
    assert_eq!(byte_at(&err(&b)), psv_at as u64 + 4);

    let mut b = good.clone();
    let (entry, osg_at) = part_entry(&good, FourCC::OSG1);
    b[osg_at..osg_at + 4].copy_from_slice(b"ISG1"); // a second ISG1
    let e = err(&b);
    assert_eq!(byte_at(&e), entry as u64, "{e}");
    assert!(e.message().contains("duplicate"), "{e}");

    // Trailing bytes after the declared container size are ignored.
    let mut b = good.clone();
    b.extend_from_slice(&[0xAB; 13]);
    assert_eq!(
        container::parse(&b).unwrap().parts().len(),
        container::parse(&good).unwrap().parts().len()
    );

    // Without DXIL or ILDB there is no program.
    let mut b = good.clone();
    let (_, dxil_at) = part_entry(&good, FourCC::DXIL);
    b[dxil_at..dxil_at + 4].copy_from_slice(b"XXXX");
    {
        let c = container::parse(&b).unwrap();
        assert!(c.program().is_err());
        assert!(c.part(FourCC(*b"XXXX")).is_some());
    }
    // ...but an ILDB part serves.
    b[dxil_at..dxil_at + 4].copy_from_slice(b"ILDB");
    let c = container::parse(&b).unwrap();
    assert_eq!(c.program().unwrap().kind, ShaderKind::Hull);
}

#[test]
fn program_header_errors_name_the_offending_byte() {
    let good = case("hs-tri-integer-cw").blob();
    let (_, at) = part_entry(&good, FourCC::DXIL);
    let data = at + 8;
    let prog = |b: &[u8]| {
        container::parse(b)
            .unwrap()
            .program()
            .map(|p| p.bitcode.len())
    };

    let mut b = good.clone();
    b[data + 8] = b'X'; // magic
    assert_eq!(byte_at(&prog(&b).unwrap_err()), data as u64 + 8);

    let mut b = good.clone();
    put_u32(&mut b, data + 16, 0x1000_0000); // bitcode offset
    assert_eq!(byte_at(&prog(&b).unwrap_err()), data as u64 + 20);
    put_u32(&mut b, data + 16, 8); // inside the bitcode header
    assert_eq!(byte_at(&prog(&b).unwrap_err()), data as u64 + 16);

    let mut b = good.clone();
    put_u32(&mut b, data + 4, 0x1000_0000); // size in words
    assert_eq!(byte_at(&prog(&b).unwrap_err()), data as u64 + 4);

    let mut b = good.clone();
    b[data + 2] = 17; // shader kind 17
    let e = prog(&b).unwrap_err();
    assert_eq!(
        (e.kind(), byte_at(&e)),
        (ErrorKind::Unsupported, data as u64 + 2)
    );

    // The part data alone parses the same, with part-relative offsets.
    let c = container::parse(&good).unwrap();
    let p = container::Program::parse(c.part(FourCC::DXIL).unwrap().data).unwrap();
    assert_eq!(p.bitcode, c.program().unwrap().bitcode);
    assert_eq!(p.bitcode_offset + data, c.program().unwrap().bitcode_offset);
}

#[test]
fn debug_name_part() {
    let mut part = vec![0, 0, 8, 0];
    part.extend_from_slice(b"abc.pdb\0\0\0\0");
    part[2] = 7;
    let n = container::DebugName::parse(&part).unwrap();
    assert_eq!((n.flags, n.name), (0, "abc.pdb"));
    part[2] = 12; // longer than the part
    assert_eq!(byte_at(&container::DebugName::parse(&part).unwrap_err()), 2);
    part[2] = 6; // terminator missing
    assert_eq!(
        byte_at(&container::DebugName::parse(&part).unwrap_err()),
        10
    );
}

/// Serializes a root signature in the RTS0 layout (1.1 ranges/descriptors
/// and, for version 3, 1.2 samplers), laid out like DXC's serializer.
fn serialize_rs(
    version: u32,
    flags: u32,
    params: &[(u32, u32, Vec<u32>)],
    ranges: &[Vec<[u32; 6]>],
    samplers: &[Vec<u32>],
) -> Vec<u8> {
    let mut words: Vec<u32> = vec![
        version,
        params.len() as u32,
        24,
        samplers.len() as u32,
        0,
        flags,
    ];
    let params_at = words.len();
    words.resize(words.len() + 3 * params.len(), 0);
    let mut tables = ranges.iter();
    for (i, (ty, vis, payload)) in params.iter().enumerate() {
        let payload_off = (words.len() * 4) as u32;
        words[params_at + 3 * i..params_at + 3 * i + 3].copy_from_slice(&[*ty, *vis, payload_off]);
        if *ty == 0 {
            let rs = tables.next().unwrap();
            words.push(rs.len() as u32);
            words.push((words.len() * 4 + 4) as u32);
            rs.iter().for_each(|r| words.extend_from_slice(r));
        } else {
            words.extend_from_slice(payload);
        }
    }
    words[4] = (words.len() * 4) as u32;
    samplers.iter().for_each(|s| words.extend_from_slice(s));
    words.iter().flat_map(|w| w.to_le_bytes()).collect()
}

#[test]
fn root_signature_v1_2_static_sampler_flags() {
    let sampler = |border: u32, flags: u32| {
        vec![
            0x15,
            4,
            4,
            1,
            0.5f32.to_bits(),
            1,
            8,
            border,
            1.0f32.to_bits(),
            4.0f32.to_bits(),
            3,
            2,
            5,
            flags,
        ]
    };
    let data = serialize_rs(
        3,
        0x1,
        &[(0, 0, vec![]), (2, 5, vec![4, 1, 8])],
        &[vec![[1, 4, 2, 0, 2, 0xFFFF_FFFF]]],
        &[sampler(4, 1), sampler(1, 2)],
    );
    let got = RootSignature::parse(&data).unwrap();
    let base = StaticSampler {
        filter: Filter::MIN_MAG_MIP_LINEAR,
        address_u: Addr::Border,
        address_v: Addr::Border,
        address_w: Addr::Wrap,
        mip_lod_bias: 0.5,
        max_anisotropy: 1,
        comparison_func: ComparisonFunc::Always,
        border_color: StaticBorderColor::OpaqueWhiteUint,
        min_lod: 1.0,
        max_lod: 4.0,
        register: 3,
        space: 2,
        visibility: Vis::Pixel,
        flags: Some(SamplerFlags::UINT_BORDER_COLOR),
    };
    let want = rs(
        RootSignatureVersion::V1_2,
        SF::ALLOW_INPUT_ASSEMBLER_INPUT_LAYOUT,
        vec![
            table(
                Vis::All,
                vec![r11f(RT::Uav, 4, 2, 0, RF::DATA_VOLATILE, APPEND)],
            ),
            cbv(4, 1, Some(DF::DATA_STATIC), Vis::Pixel),
        ],
        vec![
            base,
            StaticSampler {
                border_color: StaticBorderColor::OpaqueBlack,
                flags: Some(SamplerFlags::NON_NORMALIZED_COORDINATES),
                ..base
            },
        ],
    );
    assert_eq!(got, want);
    assert!(got.static_samplers[0]
        .flags
        .unwrap()
        .contains(SamplerFlags::UINT_BORDER_COLOR));
    // Read as 1.1, the 52-byte sampler stride misreads the second sampler
    // (its filter lands in addressU): an error at that field.
    let mut as11 = data.clone();
    put_u32(&mut as11, 0, 2);
    let e = RootSignature::parse(&as11).unwrap_err();
    assert_eq!(byte_at(&e), get_u32(&data, 16) as u64 + 52 + 4, "{e}");
}

#[test]
fn root_signature_errors_name_the_offending_byte() {
    let good = serialize_rs(
        2,
        0,
        &[(0, 0, vec![]), (1, 0, vec![0, 0, 4])],
        &[vec![[0, 1, 0, 0, 4, 0]]],
        &[],
    );
    assert!(RootSignature::parse(&good).is_ok());
    let at = |b: &[u8]| byte_at(&RootSignature::parse(b).unwrap_err());

    let mut b = good.clone();
    put_u32(&mut b, 0, 4); // version
    assert_eq!(at(&b), 0);
    let mut b = good.clone();
    put_u32(&mut b, 8, 1000); // parameter table offset
    assert_eq!(at(&b), 4);
    let mut b = good.clone();
    put_u32(&mut b, 24, 9); // parameter 0 type
    assert_eq!(at(&b), 24);
    let mut b = good.clone();
    put_u32(&mut b, 28, 8); // parameter 0 visibility
    assert_eq!(at(&b), 28);
    let mut b = good.clone();
    put_u32(&mut b, 32, 1000); // parameter 0 payload offset
    assert_eq!(at(&b), 32);
    let table_at = get_u32(&good, 32) as usize;
    let mut b = good.clone();
    put_u32(&mut b, table_at + 4, 1000); // ranges offset
    assert_eq!(at(&b), table_at as u64 + 4);
    let ranges_at = get_u32(&good, table_at as usize + 4) as usize;
    let mut b = good.clone();
    put_u32(&mut b, ranges_at, 4); // range type
    assert_eq!(at(&b), ranges_at as u64);
    let mut b = good.clone();
    put_u32(&mut b, 12, 1); // one static sampler that is not there
    assert_eq!(at(&b), 16);
    assert!(RootSignature::parse(&good[..good.len() - 1]).is_err());

    // Many parameters sharing one big table would decode the same ranges
    // over and over: rejected instead of allocating out of proportion.
    let n = 64;
    let mut words = vec![2u32, n, 24, 0, 0, 0];
    let table_off = 24 + 12 * n;
    for _ in 0..n {
        words.extend_from_slice(&[0, 0, table_off]);
    }
    words.extend_from_slice(&[40, table_off + 8]);
    for _ in 0..40 {
        words.extend_from_slice(&[0, 1, 0, 0, 4, 0]);
    }
    let b: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
    let e = RootSignature::parse(&b).unwrap_err();
    assert!(e.message().contains("overlap"), "{e}");
}

#[test]
fn signature_and_psv_errors_name_the_offending_byte() {
    let blob = case("hs-tri-integer-cw").blob();
    let c = container::parse(&blob).unwrap();
    let isg = c.part(FourCC::ISG1).unwrap();
    let mut part = isg.data.to_vec();
    let first = get_u32(&part, 4) as usize;
    put_u32(&mut part, first + 4, 10_000); // semantic name offset
    let e = container::Signature::parse(&part, SignatureKind::Input).unwrap_err();
    assert_eq!(byte_at(&e), first as u64 + 4, "{e}");
    let mut part = isg.data.to_vec();
    put_u32(&mut part, first + 16, 10); // component type
    let e = container::Signature::parse(&part, SignatureKind::Input).unwrap_err();
    assert_eq!(byte_at(&e), first as u64 + 16, "{e}");
    let mut part = isg.data.to_vec();
    put_u32(&mut part, 0, 1000); // element count
    assert_eq!(
        byte_at(&container::Signature::parse(&part, SignatureKind::Input).unwrap_err()),
        0
    );

    let psv = c.part(FourCC::PSV0).unwrap();
    let mut part = psv.data.to_vec();
    put_u32(&mut part, 0, 20); // runtime info too small
    assert_eq!(byte_at(&container::Psv::parse(&part).unwrap_err()), 0);
    let mut part = psv.data.to_vec();
    part[4 + 24] = 40; // shader stage
    assert_eq!(byte_at(&container::Psv::parse(&part).unwrap_err()), 28);
    // In the container, offsets are absolute.
    let mut b = blob.clone();
    b[psv.offset + 4 + 24] = 40;
    let e = container::parse(&b).unwrap().psv().unwrap_err();
    assert_eq!(byte_at(&e), psv.offset as u64 + 28, "{e}");
    // Every truncation of the part is an error located inside it.
    for len in 0..psv.data.len() {
        let e = container::Psv::parse(&psv.data[..len]).unwrap_err();
        assert!(byte_at(&e) <= len as u64, "{e}");
    }
}

#[test]
fn feature_hash_and_rdat_parts() {
    assert_eq!(
        FeatureFlags::parse(&[0x01, 0x40, 0, 0, 1, 0, 0, 0])
            .unwrap()
            .names()
            .collect::<Vec<_>>(),
        ["Doubles", "WaveOps", "ExtendedCommandInfo"]
    );
    assert_eq!(
        FeatureFlags::parse(&[0, 0, 0, 0, 0, 0, 0, 2])
            .unwrap()
            .unknown_bits(),
        1 << 57
    );
    assert_eq!(byte_at(&FeatureFlags::parse(&[0; 7]).unwrap_err()), 0);
    assert!(container::ShaderHash::parse(&[0; 19]).is_err());

    let blob = case("dxr-subobjects-pipeline").blob();
    let c = container::parse(&blob).unwrap();
    let rdat = c.runtime_data().unwrap().unwrap();
    let kinds: Vec<u32> = rdat.parts.iter().map(|p| p.kind).collect();
    assert_eq!(kinds, [1, 3, 4, 2, 5, 6]);
    for p in &rdat.parts {
        assert_eq!(&blob[p.offset..p.offset + p.data.len()], p.data);
    }
    let part = c.part(FourCC::RDAT).unwrap();
    let mut d = part.data.to_vec();
    put_u32(&mut d, 0, 0x11);
    let e = container::RuntimeData::parse(&d).unwrap_err();
    assert_eq!((e.kind(), byte_at(&e)), (ErrorKind::Unsupported, 0));
    let mut d = part.data.to_vec();
    let p0 = get_u32(&d, 8) as usize;
    put_u32(&mut d, p0 + 4, 100_000); // table size
    assert_eq!(
        byte_at(&container::RuntimeData::parse(&d).unwrap_err()),
        p0 as u64 + 4
    );
}

// ---------------------------------------------------------------------------
// Corruption: nothing may panic, every error points into the input.

/// Parses and runs every accessor; returns how many results were errors.
fn exercise(blob: &[u8]) -> usize {
    let check = |e: Error| {
        assert!(
            matches!(e.kind(), ErrorKind::InvalidInput | ErrorKind::Unsupported),
            "{e}"
        );
        assert!(
            byte_at(&e) <= blob.len() as u64,
            "{e} (input is {} bytes)",
            blob.len()
        );
        1
    };
    let c: Container<'_> = match container::parse(blob) {
        Ok(c) => c,
        Err(e) => return check(e),
    };
    let mut errors = 0;
    errors += c.program().err().map_or(0, check);
    errors += c.stat_program().err().map_or(0, check);
    errors += c.debug_name().err().map_or(0, check);
    errors += c.input_signature().err().map_or(0, check);
    errors += c.output_signature().err().map_or(0, check);
    errors += c.patch_constant_signature().err().map_or(0, check);
    errors += c.psv().err().map_or(0, check);
    errors += c.root_signature().err().map_or(0, check);
    errors += c.feature_info().err().map_or(0, check);
    errors += c.hash().err().map_or(0, check);
    errors += c.runtime_data().err().map_or(0, check);
    errors
}

/// Runs the parser of one part on its data alone; returns 1 for an error.
fn exercise_part(code: &[u8; 4], data: &[u8]) -> usize {
    let r: Result<(), Error> = match code {
        b"DXIL" | b"ILDB" | b"STAT" => container::Program::parse(data).map(drop),
        b"ISG1" => container::Signature::parse(data, SignatureKind::Input).map(drop),
        b"OSG1" => container::Signature::parse(data, SignatureKind::Output).map(drop),
        b"PSG1" => {
            container::Signature::parse(data, SignatureKind::PatchConstantOrPrimitive).map(drop)
        }
        b"PSV0" => container::Psv::parse(data).map(drop),
        b"RTS0" => RootSignature::parse(data).map(drop),
        b"SFI0" => FeatureFlags::parse(data).map(drop),
        b"HASH" => container::ShaderHash::parse(data).map(drop),
        b"RDAT" => container::RuntimeData::parse(data).map(drop),
        b"ILDN" => container::DebugName::parse(data).map(drop),
        _ => Ok(()),
    };
    match r {
        Ok(()) => 0,
        Err(e) => {
            assert!(
                matches!(e.kind(), ErrorKind::InvalidInput | ErrorKind::Unsupported),
                "{e}"
            );
            assert!(
                byte_at(&e) <= data.len() as u64,
                "{e} (part is {} bytes)",
                data.len()
            );
            1
        }
    }
}

/// The blobs to corrupt, the rarer kinds first (the 211 cs_6_0 compute
/// blobs look alike), so that a time-limited run covers the variety.
fn fuzz_order() -> Vec<(String, Vec<u8>)> {
    let mut cases = manifest();
    cases.sort_by_key(|c| (c.category == "compute", c.profile.starts_with("cs_6_0")));
    cases
        .into_iter()
        .map(|c| (c.name.clone(), c.blob()))
        .collect()
}

/// (header offset, data size, code) of every part.
fn part_layout(blob: &[u8]) -> Vec<(usize, usize, [u8; 4])> {
    let n = get_u32(blob, 28) as usize;
    (0..n)
        .map(|i| {
            let off = get_u32(blob, 32 + 4 * i) as usize;
            (
                off,
                get_u32(blob, off + 4) as usize,
                blob[off..off + 4].try_into().unwrap(),
            )
        })
        .collect()
}

/// Lengths to try for something `size` bytes long: all up to
/// `every_up_to`, then 16 more spread over the rest.
fn lengths(size: usize, every_up_to: usize) -> impl Iterator<Item = usize> {
    let stride = (size / 16).max(1);
    (0..size.min(every_up_to)).chain((every_up_to..size).step_by(stride))
}

/// Time each corruption test may take (the whole file should run in a few
/// seconds in a debug build); `DXIL2SPIRV_FUZZ_FULL=1` lifts it and runs
/// every blob.
fn fuzz_budget() -> Option<Duration> {
    match std::env::var_os("DXIL2SPIRV_FUZZ_FULL") {
        Some(_) => None,
        None => Some(Duration::from_millis(2000)),
    }
}

/// Whether a part with this content was already fuzzed (identical parts are
/// common across the corpus).
fn first_time(seen: &mut std::collections::HashSet<u64>, code: &[u8; 4], data: &[u8]) -> bool {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    (code, data).hash(&mut h);
    seen.insert(h.finish())
}

#[test]
fn truncated_inputs_never_panic() {
    let start = Instant::now();
    let budget = fuzz_budget();
    let blobs = fuzz_order();
    let (mut runs, mut done, mut parts) = (0, 0, 0);
    let mut seen = std::collections::HashSet::new();
    for (name, blob) in &blobs {
        if budget.is_some_and(|b| start.elapsed() > b) {
            break;
        }
        let len = blob.len();
        // Plain truncation: the declared size no longer fits.
        for cut in lengths(len, 64) {
            assert_eq!(
                exercise(&blob[..cut]),
                1,
                "{name}: truncated to {cut} parsed"
            );
            runs += 1;
        }
        // Truncation with the header's size patched to match, so that the
        // part table and the part bounds are what fails.
        for cut in lengths(len, 64).filter(|&c| c >= 32) {
            let mut t = blob[..cut].to_vec();
            put_u32(&mut t, 24, cut as u32);
            exercise(&t);
            runs += 1;
        }
        // Every part cut at (almost) every length, parsed on its own.
        for (off, size, code) in part_layout(blob) {
            let data = &blob[off + 8..off + 8 + size];
            if !first_time(&mut seen, &code, data) {
                continue;
            }
            let every = if &code == b"DXIL" || &code == b"STAT" {
                40
            } else {
                1024
            };
            for k in lengths(size, every) {
                exercise_part(&code, &data[..k]);
                runs += 1;
            }
            parts += 1;
        }
        // And in place: one part's size field shrunk, the rest intact.
        let mut b = blob.clone();
        for (off, size, _) in part_layout(blob) {
            for k in [0, 1, size / 2, size.saturating_sub(1)] {
                put_u32(&mut b, off + 4, k as u32);
                exercise(&b);
                runs += 1;
            }
            put_u32(&mut b, off + 4, size as u32);
        }
        done += 1;
    }
    let took = start.elapsed();
    eprintln!(
        "truncation: {done}/{} blobs, {parts} distinct parts, {runs} runs in {took:?}",
        blobs.len()
    );
    assert!(
        done >= 40.min(blobs.len()),
        "only {done} blobs in the time budget"
    );
}

#[test]
fn bit_flips_never_panic() {
    let start = Instant::now();
    let budget = fuzz_budget();
    let blobs = fuzz_order();
    let (mut runs, mut rejected, mut done) = (0, 0, 0);
    let mut seen = std::collections::HashSet::new();
    for (name, blob) in &blobs {
        if budget.is_some_and(|b| start.elapsed() > b) {
            break;
        }
        let mut blob = blob.clone();
        let layout = part_layout(&blob);
        // Header (one byte of the hash is enough), part table, part headers.
        let n = layout.len();
        let mut positions: Vec<usize> = (0..5).chain(20..32 + 4 * n).collect();
        for &(off, _, _) in &layout {
            positions.extend(off..off + 8);
        }
        for (i, &pos) in positions.iter().enumerate() {
            // Two bits per byte, varying with the position: over the corpus
            // every bit of every header field gets flipped somewhere.
            for bit in [(i * 5 + pos) % 8, (i * 5 + pos + 3) % 8] {
                blob[pos] ^= 1 << bit;
                rejected += exercise(&blob).min(1);
                blob[pos] ^= 1 << bit;
                runs += 1;
            }
        }
        // Extreme values in every u32 of the header and part table.
        for pos in (20..32 + 4 * n).step_by(4) {
            let old = get_u32(&blob, pos);
            for v in [0, 1, 0x7FFF_FFFF, 0xFFFF_FFFF] {
                put_u32(&mut blob, pos, v);
                rejected += exercise(&blob).min(1);
                runs += 1;
            }
            put_u32(&mut blob, pos, old);
        }
        // Part bodies, each distinct part once, parsed on their own.
        for &(off, size, code) in &layout {
            let mut data = blob[off + 8..off + 8 + size].to_vec();
            if !first_time(&mut seen, &code, &data) {
                continue;
            }
            let body = match &code {
                b"DXIL" | b"STAT" => 24,
                b"RTS0" | b"PSV0" | b"ISG1" | b"OSG1" | b"PSG1" | b"RDAT" => size.min(512),
                _ => size.min(64),
            };
            for pos in 0..body {
                for bit in [pos % 8, (pos + 5) % 8] {
                    data[pos] ^= 1 << bit;
                    rejected += exercise_part(&code, &data);
                    data[pos] ^= 1 << bit;
                    runs += 1;
                }
                // Whole words set to extremes, at word starts.
                if pos % 4 == 0 && pos + 4 <= size {
                    let old = get_u32(&data, pos);
                    for v in [0xFFFF_FFFF, 0x8000_0000, old.wrapping_add(4)] {
                        put_u32(&mut data, pos, v);
                        rejected += exercise_part(&code, &data);
                        runs += 1;
                    }
                    put_u32(&mut data, pos, old);
                }
            }
        }
        assert_eq!(exercise(&blob), 0, "{name}: restored blob must parse");
        done += 1;
    }
    let took = start.elapsed();
    eprintln!(
        "bit flips: {done}/{} blobs, {runs} runs ({rejected} rejected) in {took:?}",
        blobs.len()
    );
    assert!(rejected > runs / 10, "corruption mostly went unnoticed");
    assert!(
        done >= 40.min(blobs.len()),
        "only {done} blobs in the time budget"
    );
}

/// Cost of parsing a container and decoding every part; run with
/// `cargo test --release --test suite container::parse_cost -- --ignored
/// --nocapture`.
#[test]
#[ignore]
fn parse_cost() {
    let blobs: Vec<Vec<u8>> = manifest().iter().map(Case::blob).collect();
    let rounds = 200;
    let start = Instant::now();
    for _ in 0..rounds {
        for b in &blobs {
            assert_eq!(exercise(std::hint::black_box(b)), 0);
        }
    }
    let per = start.elapsed() / (rounds * blobs.len() as u32);
    eprintln!(
        "parse + every accessor: {per:?} per blob (mean of {} blobs)",
        blobs.len()
    );
}
