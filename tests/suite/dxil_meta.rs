//! DXIL metadata decoding against the corpus: every blob decodes, and what
//! it decodes to agrees with DXC's own disassembly (`.ll`) and with the
//! manifest; malformed metadata yields errors, never panics.

use dxil2spirv::dxil::{
    dx_op, dx_op_calls, ComponentType, DxilModule, EntryPoint, InputPrimitive, InterpolationMode,
    MeshOutputTopology, PrimitiveTopology, ResourceClass, ResourceKind, SamplerKind, SemanticKind,
    ShaderFlags, ShaderKind, SignatureElement, TessellatorDomain, TessellatorOutputPrimitive,
    TessellatorPartitioning,
};
use dxil2spirv::ir::{self, Constant, InstKind, ListRange, MdId, Metadata, Module, ValueKind};
use dxil2spirv::json::Json;
use dxil2spirv::{ErrorKind, Phase};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

// ------------------------------------------------------------ corpus ---

fn corpus_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus")
}

fn u32_at(b: &[u8], at: usize) -> Option<u32> {
    let bytes = b.get(at..at.checked_add(4)?)?;
    Some(u32::from_le_bytes(bytes.try_into().ok()?))
}

/// The bitcode inside a DXBC container's `DXIL` part.
fn bitcode(blob: &[u8]) -> Option<&[u8]> {
    if blob.get(0..4)? != b"DXBC" {
        return None;
    }
    let parts = u32_at(blob, 28)? as usize;
    for i in 0..parts {
        let off = u32_at(blob, 32 + 4 * i)? as usize;
        if blob.get(off..off + 4)? != b"DXIL" {
            continue;
        }
        let size = u32_at(blob, off + 4)? as usize;
        let data = blob.get(off + 8..off + 8 + size)?;
        // Program header: version, size in u32s, then 'DXIL', dxil
        // version, bitcode offset (from the magic), bitcode size.
        if data.get(8..12)? != b"DXIL" {
            return None;
        }
        let bc_off = u32_at(data, 16)? as usize;
        let bc_size = u32_at(data, 20)? as usize;
        return data.get(8 + bc_off..8 + bc_off + bc_size);
    }
    None
}

struct Case {
    category: String,
    name: String,
    profile: String,
    entries: Vec<String>,
    module: Module,
    dxil: DxilModule,
    ll: String,
}

fn read_module(category: &str, name: &str) -> Module {
    let path = corpus_dir().join(category).join(format!("{name}.dxil"));
    let blob = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let bc = bitcode(&blob).unwrap_or_else(|| panic!("{name}: no DXIL part"));
    ir::read(bc).unwrap_or_else(|e| panic!("{name}: ir::read: {e}"))
}

/// Every corpus case, read and decoded once.
fn corpus() -> &'static [Case] {
    static CORPUS: OnceLock<Vec<Case>> = OnceLock::new();
    CORPUS.get_or_init(|| {
        let manifest = std::fs::read_to_string(corpus_dir().join("MANIFEST.tsv")).unwrap();
        let mut cases = Vec::new();
        for line in manifest.lines().skip(1) {
            let cols: Vec<&str> = line.split('\t').collect();
            let [category, name, profile, entry, ..] = cols[..] else {
                continue;
            };
            let module = read_module(category, name);
            let dxil = DxilModule::decode(&module)
                .unwrap_or_else(|e| panic!("{category}/{name}: decode failed: {e}"));
            let ll =
                std::fs::read_to_string(corpus_dir().join(category).join(format!("{name}.ll")))
                    .unwrap();
            cases.push(Case {
                category: category.into(),
                name: name.into(),
                profile: profile.into(),
                entries: entry.split(',').map(str::to_owned).collect(),
                module,
                dxil,
                ll,
            });
        }
        assert!(cases.len() > 400, "corpus has only {} cases", cases.len());
        cases
    })
}

fn case(name: &str) -> &'static Case {
    corpus()
        .iter()
        .find(|c| c.name == name)
        .unwrap_or_else(|| panic!("no corpus case {name}"))
}

fn main_entry(c: &Case) -> &EntryPoint {
    c.dxil
        .entry_point()
        .unwrap_or_else(|| panic!("{}: no entry point", c.name))
}

// ------------------------------------------------------ sweep tests ---

#[test]
fn every_blob_decodes_with_manifest_profile_and_entries() {
    for c in corpus() {
        let sm = c.dxil.shader_model;
        assert_eq!(sm.to_string(), c.profile, "{}/{}", c.category, c.name);
        assert_eq!(c.dxil.dxil_version.map(|v| v.major), Some(1), "{}", c.name);
        assert!(c.dxil.validator_version.is_some(), "{}", c.name);
        if sm.kind == ShaderKind::Library {
            // Every exported entry named by the manifest is an entry point
            // (mangled `\x01?Name@@...` for ray tracing functions).
            for want in &c.entries {
                let found = c
                    .dxil
                    .entry_points
                    .iter()
                    .any(|e| e.name == *want || e.name.starts_with(&format!("\u{1}?{want}@@")));
                assert!(found, "{}: no entry point {want}", c.name);
            }
            for e in c.dxil.entry_points.iter().filter(|e| e.function.is_some()) {
                assert_ne!(e.kind, ShaderKind::Library, "{}: {}", c.name, e.name);
                assert_eq!(Some(e.kind), e.properties.shader_kind, "{}", c.name);
            }
        } else {
            assert_eq!(c.dxil.entry_points.len(), 1, "{}", c.name);
            let e = main_entry(c);
            assert_eq!(e.name, c.entries[0], "{}", c.name);
            assert_eq!(e.kind, sm.kind, "{}", c.name);
            let f = e.function.unwrap();
            assert_eq!(c.module.function_name(f), c.entries[0], "{}", c.name);
        }
        // Serialisation works on every blob and yields balanced JSON.
        let doc = c.dxil.to_json(&c.module);
        let Json::Object(keys) = &doc else {
            panic!("{}: not an object", c.name)
        };
        let keys: Vec<&str> = keys.iter().map(|(k, _)| k.as_str()).collect();
        assert_eq!(
            keys,
            [
                "shader_model",
                "dxil_version",
                "validator_version",
                "resources",
                "entry_points"
            ]
        );
        let (json, text) = json_and_text(&c.dxil, &c.module);
        assert_json_shape(&json, &c.name);
        let mut pretty = String::new();
        doc.write_pretty(&mut pretty).unwrap();
        assert_json_shape(&pretty, &c.name);
        assert!(text.contains(&format!("  profile: {}\n", c.profile)));
    }
}

/// The module's report as compact JSON and as text.
fn json_and_text(d: &DxilModule, m: &Module) -> (String, String) {
    let doc = d.to_json(m);
    let (mut json, mut text) = (String::new(), String::new());
    doc.write(&mut json).unwrap();
    doc.write_text(&mut text).unwrap();
    (json, text)
}

/// Cheap structural check of generated JSON: brackets balance outside of
/// strings, strings contain no raw control characters.
fn assert_json_shape(json: &str, name: &str) {
    let mut stack = Vec::new();
    let mut in_str = false;
    let mut escaped = false;
    for ch in json.chars() {
        if in_str {
            assert!(ch as u32 >= 0x20, "{name}: raw control character in JSON");
            match (escaped, ch) {
                (true, _) => escaped = false,
                (false, '\\') => escaped = true,
                (false, '"') => in_str = false,
                _ => {}
            }
            continue;
        }
        match ch {
            '"' => in_str = true,
            '{' | '[' => stack.push(ch),
            '}' => assert_eq!(stack.pop(), Some('{'), "{name}: unbalanced JSON"),
            ']' => assert_eq!(stack.pop(), Some('['), "{name}: unbalanced JSON"),
            _ => {}
        }
    }
    assert!(stack.is_empty() && !in_str, "{name}: unterminated JSON");
}

#[test]
fn numthreads_match_the_disassembly_header() {
    let mut compute = 0;
    for c in corpus() {
        let header = c.ll.lines().find_map(|l| l.strip_prefix("; NumThreads=("));
        if c.dxil.shader_model.kind == ShaderKind::Compute {
            compute += 1;
            assert!(header.is_some(), "{}: no NumThreads header", c.name);
        }
        let Some(header) = header else { continue };
        let want: Vec<u32> = header
            .trim_end_matches(')')
            .split(',')
            .map(|s| s.trim().parse().unwrap())
            .collect();
        let got = main_entry(c).num_threads();
        assert_eq!(got.map(|n| n.to_vec()), Some(want), "{}", c.name);
    }
    assert!(compute > 250, "only {compute} compute cases");
}

/// One row of the `.ll` "Resource Bindings" table.
#[derive(Debug)]
struct BindingRow {
    class: ResourceClass,
    id: u32,
    space: u32,
    lower: u32,
    count: Option<u32>,
}

fn resource_table(ll: &str) -> Vec<BindingRow> {
    let mut rows = Vec::new();
    let mut lines = ll.lines().skip_while(|l| *l != "; Resource Bindings:");
    // Skip to the dashed separator.
    for l in lines.by_ref() {
        if l.starts_with("; ---") {
            break;
        }
    }
    for l in lines {
        let Some(body) = l.strip_prefix("; ") else {
            break;
        };
        if body.trim().is_empty() {
            break;
        }
        let toks: Vec<&str> = body.split_whitespace().collect();
        // Columns can run together when a field overflows, so locate the
        // ID column (T0, U1, CB2, S3) and read the binding after it.
        let at = toks
            .iter()
            .rposition(|t| {
                let digits = t.trim_start_matches(|c: char| c.is_ascii_uppercase());
                ["T", "U", "CB", "S"].contains(&&t[..t.len() - digits.len()])
                    && !digits.is_empty()
                    && digits.bytes().all(|b| b.is_ascii_digit())
            })
            .unwrap_or_else(|| panic!("no ID column in {l:?}"));
        let id_tok = toks[at];
        let (class, id) = if let Some(n) = id_tok.strip_prefix("CB") {
            (ResourceClass::CBuffer, n)
        } else if let Some(n) = id_tok.strip_prefix('T') {
            (ResourceClass::SRV, n)
        } else if let Some(n) = id_tok.strip_prefix('U') {
            (ResourceClass::UAV, n)
        } else {
            (ResourceClass::Sampler, &id_tok[1..])
        };
        let mut bind = toks[at + 1].to_owned();
        let count = match toks.get(at + 2) {
            Some(n) => n.to_string(),
            None => {
                let cut = bind.strip_suffix("unbounded").map(str::to_owned);
                bind = cut.unwrap_or_else(|| panic!("no count in {l:?}"));
                "unbounded".into()
            }
        };
        let (reg, space) = match bind.split_once(",space") {
            Some((r, s)) => (r.to_owned(), s.parse().unwrap()),
            None => (bind.clone(), 0),
        };
        let lower = reg
            .trim_start_matches(|c: char| c.is_ascii_alphabetic())
            .parse()
            .unwrap_or_else(|_| panic!("bad register in {l:?}"));
        rows.push(BindingRow {
            class,
            id: id.parse().unwrap(),
            space,
            lower,
            count: if count == "unbounded" {
                None
            } else {
                Some(count.parse().unwrap())
            },
        });
    }
    rows
}

#[test]
fn resources_match_the_bindings_table() {
    let mut checked = 0;
    for c in corpus() {
        let rows = resource_table(&c.ll);
        let res = &c.dxil.resources;
        for class in [
            ResourceClass::SRV,
            ResourceClass::UAV,
            ResourceClass::CBuffer,
            ResourceClass::Sampler,
        ] {
            let want = rows.iter().filter(|r| r.class == class).count();
            assert_eq!(res.count(class), want, "{}: {class:?} count", c.name);
        }
        for row in &rows {
            let b = res
                .find(row.class, row.id)
                .unwrap_or_else(|| panic!("{}: no {:?} {}", c.name, row.class, row.id));
            assert_eq!(
                (b.space, b.lower_bound),
                (row.space, row.lower),
                "{}: {row:?}",
                c.name
            );
            let count = if b.is_unbounded() {
                None
            } else {
                Some(b.range_size)
            };
            assert_eq!(count, row.count, "{}: {row:?}", c.name);
            checked += 1;
        }
    }
    assert!(checked > 1000, "only {checked} bindings checked");
}

#[test]
fn resources_hand_checked() {
    // plain-many-each-kind: "T3 texture struct r/o T0 t3 1",
    // "U2 UAV struct r/w U0 u2 1", "C1 cbuffer CB2 cb1 1" (16 bytes).
    let c = case("plain-many-each-kind");
    let r = &c.dxil.resources;
    assert_eq!(
        (r.srvs.len(), r.uavs.len(), r.cbvs.len(), r.samplers.len()),
        (6, 4, 3, 0)
    );
    let t0 = &r.srvs[0];
    assert_eq!(t0.binding.id, 0);
    assert_eq!(
        (
            t0.binding.lower_bound,
            t0.binding.space,
            t0.binding.range_size
        ),
        (3, 0, 1)
    );
    assert_eq!(t0.kind, ResourceKind::StructuredBuffer);
    assert_eq!(t0.stride, Some(4));
    assert_eq!(
        t0.binding.type_name(&c.module),
        "class.StructuredBuffer<unsigned int>"
    );
    assert_eq!(r.srvs[1].kind, ResourceKind::RawBuffer);
    assert_eq!(r.srvs[2].kind, ResourceKind::TypedBuffer);
    assert_eq!(r.srvs[2].element_type, Some(ComponentType::U32));
    assert_eq!(r.srvs[3].stride, Some(8));
    let u0 = &r.uavs[0];
    assert_eq!(
        (u0.binding.lower_bound, u0.kind),
        (2, ResourceKind::StructuredBuffer)
    );
    assert!(!u0.globally_coherent && !u0.has_counter && !u0.rasterizer_ordered);
    let cb = &r.cbvs[2];
    assert_eq!((cb.binding.id, cb.binding.lower_bound, cb.size), (2, 1, 16));
    // The entry's resource list is the module's.
    assert_eq!(main_entry(c).resources.as_ref(), Some(r));

    // arr-cbuffer-unbounded: "Instances cbuffer CB0 cb0,space3 unbounded".
    let c = case("arr-cbuffer-unbounded");
    let cb = &c.dxil.resources.cbvs[0];
    assert!(cb.binding.is_unbounded());
    assert_eq!(cb.binding.range_size, u32::MAX);
    assert_eq!((cb.binding.space, cb.binding.lower_bound), (3, 0));
    assert_eq!(cb.binding.upper_bound(), None);

    // A library's resources have names and global symbols.
    let c = case("dxr-raygen-pinhole-camera");
    let r = &c.dxil.resources;
    assert_eq!(r.srvs[0].kind, ResourceKind::RTAccelerationStructure);
    assert_eq!(r.srvs[0].binding.name, "Scene");
    assert!(r.srvs[0].binding.global(&c.module).is_some());
    assert_eq!(r.uavs[0].kind, ResourceKind::Texture2D);
    assert_eq!(r.uavs[0].element_type, Some(ComponentType::F32));
    assert_eq!(r.cbvs[0].size, 80);

    // Samplers and comparison samplers.
    let samplers: Vec<_> = corpus()
        .iter()
        .flat_map(|c| c.dxil.resources.samplers.iter().map(|s| s.kind))
        .collect();
    assert!(samplers.contains(&SamplerKind::Default));
    assert!(samplers.contains(&SamplerKind::Comparison));
    // A UAV with a counter and a globallycoherent one exist.
    let uavs = || corpus().iter().flat_map(|c| c.dxil.resources.uavs.iter());
    assert!(uavs().any(|u| u.has_counter));
    assert!(uavs().any(|u| u.globally_coherent));
    assert!(uavs().any(|u| u.rasterizer_ordered));
}

// ---------------------------------------------------------- signatures ---

/// Rows of the `.ll` container signature tables (`Name Index Mask Register
/// ...`), by title: (name, stream, index, Some((register, mask)) when
/// allocated).
type SigRow = (String, Option<u32>, u32, Option<(u32, u32)>);

fn signature_tables(ll: &str) -> BTreeMap<String, Vec<SigRow>> {
    let mut tables = BTreeMap::new();
    let lines: Vec<&str> = ll
        .lines()
        .take_while(|l| !l.starts_with("target "))
        .collect();
    let mut i = 0;
    while i < lines.len() {
        let l = lines[i];
        i += 1;
        let Some(title) = l
            .strip_prefix("; ")
            .and_then(|t| t.strip_suffix(" signature:"))
        else {
            continue;
        };
        if !lines
            .get(i + 1)
            .is_some_and(|h| h.contains("Mask Register"))
        {
            continue;
        }
        i += 3;
        let mut rows = Vec::new();
        while let Some(body) = lines.get(i).and_then(|l| l.strip_prefix("; ")) {
            i += 1;
            if body.trim().is_empty() || body == "no parameters" {
                break;
            }
            let toks: Vec<&str> = body.split_whitespace().collect();
            let (stream, name) = match toks[0].split_once(':') {
                Some((m, n)) => (Some(m.trim_start_matches('m').parse().unwrap()), n),
                None => (None, toks[0]),
            };
            let index = toks[1]
                .parse()
                .unwrap_or_else(|_| panic!("bad index in {body:?}"));
            let alloc = if toks[2] == "N/A" {
                None
            } else {
                let mask = toks[2].bytes().fold(0, |m, b| {
                    m | match b {
                        b'x' => 1,
                        b'y' => 2,
                        b'z' => 4,
                        b'w' => 8,
                        _ => panic!("bad mask in {body:?}"),
                    }
                });
                // Columns run together when SysValue overflows ("1SHDINGRATE").
                let digits = toks[3].trim_end_matches(|c: char| !c.is_ascii_digit());
                let reg = digits
                    .parse()
                    .unwrap_or_else(|_| panic!("bad register in {body:?}"));
                Some((reg, mask))
            };
            rows.push((name.to_owned(), stream, index, alloc));
        }
        tables.insert(title.to_owned(), rows);
    }
    tables
}

fn element_rows(elements: &[SignatureElement], streams: bool) -> Vec<SigRow> {
    let mut rows = Vec::new();
    for e in elements {
        // DXC's disassembly shows a row per listed semantic index (rows
        // beyond the list, see `SignatureElement::semantic_index`, not).
        for r in 0..e.rows.min(e.semantic_indices.len() as u32) {
            let alloc = e.is_allocated().then(|| {
                let mask = ((1u32 << e.cols) - 1) << e.start_col;
                (e.start_row as u32 + r, mask)
            });
            let stream = streams.then(|| e.output_stream.unwrap_or(0));
            rows.push((
                e.name.clone(),
                stream,
                e.semantic_indices[r as usize],
                alloc,
            ));
        }
    }
    rows
}

#[test]
fn signatures_match_the_disassembly_tables() {
    let mut checked = 0;
    for c in corpus() {
        if c.dxil.is_library() {
            continue;
        }
        let sigs = &main_entry(c).signatures;
        for (title, mut want) in signature_tables(&c.ll) {
            let elements = match title.as_str() {
                "Input" => &sigs.inputs,
                "Output" => &sigs.outputs,
                "Patch Constant" => &sigs.patch_constants,
                other => panic!("{}: unexpected table {other}", c.name),
            };
            let streams = want.iter().any(|r| r.1.is_some());
            let mut got = element_rows(elements, streams);
            got.sort();
            want.sort();
            assert_eq!(got, want, "{}: {title} signature", c.name);
            checked += want.len();
        }
    }
    assert!(checked > 600, "only {checked} signature rows checked");
}

fn el<'a>(list: &'a [SignatureElement], name: &str, index: u32) -> &'a SignatureElement {
    list.iter()
        .find(|e| e.name == name && e.semantic_indices.first() == Some(&index))
        .unwrap_or_else(|| panic!("no element {name}{index}"))
}

#[test]
fn signatures_hand_checked() {
    // vs: SV_ClipDistance1 is a second element, 2 columns, row 2.
    let c = case("vs-clip-distance-two-registers");
    let s = &main_entry(c).signatures;
    assert_eq!(s.inputs.len(), 1);
    assert_eq!(s.outputs.len(), 3);
    let clip1 = el(&s.outputs, "SV_ClipDistance", 1);
    assert_eq!(clip1.semantic_kind, SemanticKind::ClipDistance);
    assert_eq!((clip1.id, clip1.rows, clip1.cols), (2, 1, 2));
    assert_eq!((clip1.start_row, clip1.start_col), (2, 0));
    assert_eq!(clip1.usage_mask, Some(3));
    let pos = el(&s.outputs, "SV_Position", 0);
    assert_eq!(pos.semantic_kind, SemanticKind::Position);
    assert_eq!(pos.interpolation, InterpolationMode::LinearNoperspective);
    assert_eq!(pos.component_type, ComponentType::F32);

    // vs: a matrix input spans three rows with indices 0..2.
    let c = case("vs-instance-matrix-input");
    let m = el(&main_entry(c).signatures.inputs, "INSTANCE_WORLD", 0);
    assert_eq!(m.rows, 3);
    assert_eq!(m.semantic_indices, [0, 1, 2]);
    assert_eq!(m.start_row, 1);

    // ps: every interpolation mode, in the order of the .ll.
    let c = case("ps-interp-all-modes-signature");
    let s = &main_entry(c).signatures;
    let modes: Vec<_> = s.inputs[1..].iter().map(|e| e.interpolation).collect();
    use InterpolationMode as I;
    assert_eq!(
        modes,
        [
            I::Linear,
            I::LinearCentroid,
            I::LinearSample,
            I::LinearNoperspective,
            I::LinearNoperspectiveCentroid,
            I::LinearNoperspectiveSample,
            I::Constant
        ]
    );
    assert_eq!(s.outputs[0].semantic_kind, SemanticKind::Target);

    // ps: special outputs are not allocated (start row/col -1).
    let c = case("ps-special-outputs-combined");
    let outs = &main_entry(c).signatures.outputs;
    for (name, kind) in [
        ("SV_Depth", SemanticKind::Depth),
        ("SV_Coverage", SemanticKind::Coverage),
        ("SV_StencilRef", SemanticKind::StencilRef),
    ] {
        let e = el(outs, name, 0);
        assert_eq!(e.semantic_kind, kind);
        assert_eq!((e.start_row, e.start_col), (-1, -1));
        assert!(!e.is_allocated());
    }

    // gs: stream 1 outputs carry the output stream tag.
    let c = case("gs-multiple-streams");
    let s = &main_entry(c).signatures;
    assert_eq!(el(&s.outputs, "ORIGIN", 0).output_stream, Some(1));
    assert_eq!(el(&s.outputs, "SEED", 0).component_type, ComponentType::U32);
    assert_eq!(el(&s.outputs, "AGE", 0).output_stream, None);
    let prim = el(&s.inputs, "SV_PrimitiveID", 0);
    assert_eq!(prim.semantic_kind, SemanticKind::PrimitiveID);
    assert_eq!((prim.start_row, prim.start_col), (-1, -1));

    // hs: tessellation factors in the patch constant signature.
    let c = case("hs-tri-integer-cw");
    let s = &main_entry(c).signatures;
    assert_eq!(s.inputs.len(), 2);
    assert_eq!(s.outputs.len(), 2);
    let tf = el(&s.patch_constants, "SV_TessFactor", 0);
    assert_eq!(tf.semantic_kind, SemanticKind::TessFactor);
    assert_eq!((tf.rows, tf.cols, tf.start_row, tf.start_col), (3, 1, 0, 3));
    assert_eq!(tf.semantic_indices, [0, 1, 2]);
    let inside = el(&s.patch_constants, "SV_InsideTessFactor", 0);
    assert_eq!(inside.semantic_kind, SemanticKind::InsideTessFactor);

    // ds: patch constants are inputs here; quad domain has 4 + 2 factors.
    let c = case("ds-quad-bilinear");
    let s = &main_entry(c).signatures;
    assert_eq!(el(&s.patch_constants, "SV_TessFactor", 0).rows, 4);
    assert_eq!(el(&s.patch_constants, "SV_InsideTessFactor", 0).rows, 2);
    assert_eq!(el(&s.outputs, "HEIGHT", 0).start_col, 2);

    // ms: no inputs; per-primitive outputs in the third list.
    let c = case("ms-per-primitive-attributes");
    let s = &main_entry(c).signatures;
    assert!(s.inputs.is_empty());
    assert_eq!(s.outputs.len(), 2);
    let names: Vec<_> = s.patch_constants.iter().map(|e| e.name.as_str()).collect();
    assert_eq!(names, ["FACENORMAL", "MATERIAL", "SV_PrimitiveID"]);
    let mat = el(&s.patch_constants, "MATERIAL", 0);
    assert_eq!(
        (mat.component_type, mat.start_row, mat.start_col),
        (ComponentType::U32, 0, 3)
    );
    assert_eq!(mat.interpolation, InterpolationMode::Constant);
}

// ---------------------------------------------------------- properties ---

#[test]
fn stage_state_hand_checked() {
    // !25 = !{i32 1, i32 3, i32 3, i32 1, i32 1}
    let e = main_entry(case("gs-multiple-streams"));
    let gs = e.properties.gs.unwrap();
    assert_eq!(gs.input_primitive, InputPrimitive::Point);
    assert_eq!(gs.max_vertex_count, 3);
    assert_eq!(gs.active_stream_mask, 3);
    assert_eq!(gs.output_topology, PrimitiveTopology::PointList);
    assert_eq!(gs.instance_count, 1);
    let gs_all: Vec<_> = corpus()
        .iter()
        .filter_map(|c| c.dxil.entry_points.first()?.properties.gs)
        .collect();
    assert!(gs_all.iter().any(|g| g.instance_count > 1));
    assert!(gs_all
        .iter()
        .any(|g| g.input_primitive == InputPrimitive::TriangleWithAdjacency));

    // !21 = !{@PatchMain, i32 3, i32 3, i32 2, i32 1, i32 3, float 64.0}
    let c = case("hs-tri-integer-cw");
    let hs = main_entry(c).properties.hs.unwrap();
    let pcf = hs.patch_constant_function.unwrap();
    assert!(c.module.function_name(pcf).starts_with("\u{1}?PatchMain@@"));
    assert_eq!((hs.input_control_points, hs.output_control_points), (3, 3));
    assert_eq!(hs.domain, TessellatorDomain::Tri);
    assert_eq!(hs.partitioning, TessellatorPartitioning::Integer);
    assert_eq!(hs.output_primitive, TessellatorOutputPrimitive::TriangleCW);
    assert_eq!(hs.max_tess_factor, 64.0);
    let hs_q = main_entry(case("hs-quad-fractional-odd"))
        .properties
        .hs
        .unwrap();
    assert_eq!(hs_q.domain, TessellatorDomain::Quad);
    assert_eq!(hs_q.partitioning, TessellatorPartitioning::FractionalOdd);

    // !27 = !{i32 3, i32 4}
    let ds = main_entry(case("ds-quad-bilinear")).properties.ds.unwrap();
    assert_eq!(ds.domain, TessellatorDomain::Quad);
    assert_eq!(ds.input_control_points, 4);
    let ds_iso = main_entry(case("ds-isoline-curves")).properties.ds.unwrap();
    assert_eq!(ds_iso.domain, TessellatorDomain::IsoLine);

    // !14 = !{!{i32 3, i32 1, i32 1}, i32 3, i32 1, i32 2, i32 0}
    let e = main_entry(case("ms-single-triangle"));
    let ms = e.properties.ms.unwrap();
    assert_eq!(ms.num_threads, [3, 1, 1]);
    assert_eq!((ms.max_vertex_count, ms.max_primitive_count), (3, 1));
    assert_eq!(ms.output_topology, MeshOutputTopology::Triangle);
    assert_eq!(ms.payload_size, 0);
    assert_eq!(e.num_threads(), Some([3, 1, 1]));
    let ms_lines = main_entry(case("ms-line-topology")).properties.ms.unwrap();
    assert_eq!(ms_lines.output_topology, MeshOutputTopology::Line);

    // !11 = !{i32 0, i64 524304, i32 10, !{!{i32 32, i32 1, i32 1}, i32 132}}
    let e = main_entry(case("as-dispatch-mesh-payload"));
    let a = e.properties.amplification.unwrap();
    assert_eq!((a.num_threads, a.payload_size), ([32, 1, 1], 132));
    let flags = e.properties.shader_flags.unwrap();
    assert_eq!(flags, ShaderFlags(524304));
    assert!(flags.contains(ShaderFlags::ENABLE_RAW_AND_STRUCTURED_BUFFERS));
    assert!(flags.contains(ShaderFlags::WAVE_OPS));
    assert_eq!(
        flags.names().collect::<Vec<_>>(),
        ["EnableRawAndStructuredBuffers", "WaveOps"]
    );
    assert_eq!(flags.unknown_bits(), 0);

    // Wave sizes: tag 11 (!{i32 32}) and tag 23 (!{i32 16, i32 64, i32 32}).
    let w = main_entry(case("sm66-wavesize-32-reductions"))
        .properties
        .wave_size;
    assert_eq!(w.map(|w| (w.min, w.max, w.preferred)), Some((32, 0, 0)));
    let e = main_entry(case("sm68-wavesize-range"));
    let w = e.properties.wave_size.unwrap();
    assert_eq!((w.min, w.max, w.preferred), (16, 64, 32));
    assert_eq!(e.properties.shader_flags, Some(ShaderFlags(8590458896)));
    assert!(e.properties.other.is_empty());
}

#[test]
fn library_entries_hand_checked() {
    let c = case("dxr-raygen-pinhole-camera");
    let entries = &c.dxil.entry_points;
    assert_eq!(entries.len(), 4);
    // The first record has no function; it carries the module resources.
    assert_eq!(entries[0].function, None);
    assert_eq!(entries[0].kind, ShaderKind::Library);
    assert_eq!(entries[0].resources.as_ref(), Some(&c.dxil.resources));
    let by = |n: &str| {
        entries
            .iter()
            .find(|e| e.name.starts_with(&format!("\u{1}?{n}@@")))
            .unwrap()
    };
    let hit = by("PrimaryClosestHit");
    assert_eq!(hit.kind, ShaderKind::ClosestHit);
    assert_eq!(hit.properties.ray_payload_size, Some(20));
    assert_eq!(hit.properties.ray_attrib_size, Some(8));
    assert_eq!(hit.properties.auto_binding_space, Some(0));
    assert_eq!(by("PrimaryMiss").kind, ShaderKind::Miss);
    assert_eq!(by("RayGen").kind, ShaderKind::RayGeneration);
    assert!(by("RayGen").function.is_some());
    assert!(by("RayGen").signatures.is_empty());

    // A library exporting only a callable keeps the null first record.
    let c = case("dxr-lib-exported-functions");
    assert_eq!(c.dxil.entry_points.len(), 2);
    assert_eq!(c.dxil.entry_points[0].function, None);
    assert_eq!(c.dxil.entry_points[1].kind, ShaderKind::Callable);
    assert_eq!(c.dxil.entry_points[1].properties.ray_payload_size, Some(40));

    // Work-graph node shaders: node tags are kept raw, numthreads decoded.
    let c = case("wg-broadcast-to-thread-nodes");
    let fan = c.dxil.entry_by_name("FanOut").unwrap();
    assert_eq!(fan.kind, ShaderKind::Node);
    assert_eq!(fan.num_threads(), Some([64, 1, 1]));
    let tags: Vec<u32> = fan.properties.other.iter().map(|t| t.tag).collect();
    assert_eq!(tags, [13, 14, 15, 16, 22, 20, 21]);
    let (json, text) = json_and_text(&c.dxil, &c.module);
    assert!(text.contains("- tag: 13\n"), "{text}");
    assert!(
        json.contains("{\"tag\":22,\"value\":\"!{i32 256, i32 1, i32 1}\"}"),
        "{json}"
    );
}

#[test]
fn json_and_text_hand_checked() {
    let c = case("gs-multiple-streams");
    let (json, text) = json_and_text(&c.dxil, &c.module);
    assert!(json.starts_with(
        "{\"shader_model\":{\"profile\":\"gs_6_0\",\"kind\":\"Geometry\",\"major\":6,\"minor\":0},\
         \"dxil_version\":{\"major\":1,\"minor\":0},\"validator_version\":{\"major\":1,\"minor\":10},\
         \"resources\":{\"srv\":[],\"uav\":[],\"cbv\":[{\"id\":0,\"name\":\"\",\"symbol\":\"%Sim* undef\""
    ), "{json}");
    assert!(json.contains(
        "\"gs\":{\"input_primitive\":\"Point\",\"max_vertex_count\":3,\"active_stream_mask\":3,\
         \"output_topology\":\"PointList\",\"instance_count\":1}"
    ));
    assert!(text.contains("gs:\n"), "{text}");
    assert!(text.contains("output_topology: PointList"), "{text}");
    assert!(text.contains("SV_PrimitiveID"), "{text}");
    assert!(text.contains("lower_bound: 0\n"), "{text}");

    // Mangled names with \x01 are escaped in JSON, and in text as `\01`.
    let c = case("dxr-lib-exported-functions");
    let (json, text) = json_and_text(&c.dxil, &c.module);
    assert!(text.contains("name: \\01?ShadeCallable@@"), "{text}");
    assert!(
        json.contains("\"name\":\"\\u0001?ShadeCallable@@"),
        "{json}"
    );
}

// ---------------------------------------------------------------- dx.op ---

/// Opcode names from the reference table, by number.
fn opcode_names() -> BTreeMap<u32, String> {
    let tsv = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("src/dxil/tables/dxil-ops.tsv"),
    )
    .unwrap();
    tsv.lines()
        .skip(1)
        .filter_map(|l| {
            let mut cols = l.split('\t');
            Some((cols.next()?.parse().ok()?, cols.next()?.to_owned()))
        })
        .collect()
}

/// Per defined function of the `.ll`: the (opcode, comment name) of each
/// `dx.op` call line, in order.
fn ll_dx_op_calls(ll: &str) -> Vec<Vec<(u32, String)>> {
    let mut funcs = Vec::new();
    let mut current: Option<Vec<(u32, String)>> = None;
    for l in ll.lines() {
        if l.starts_with("define ") {
            current = Some(Vec::new());
        } else if l == "}" {
            funcs.extend(current.take());
        } else if let Some(calls) = current.as_mut() {
            let Some(at) = l.find("@dx.op.").or_else(|| l.find("@\"dx.op.")) else {
                continue;
            };
            if !l.contains("call ") {
                continue;
            }
            let args = &l[at..];
            let open = args.find("(i32 ").unwrap() + 5;
            let end = args[open..].find([',', ')']).unwrap() + open;
            let op = args[open..end].parse::<i64>().unwrap() as u32;
            let name = l
                .rsplit_once("; ")
                .and_then(|(_, c)| c.split_once('('))
                .map(|(n, _)| n.to_owned())
                .unwrap_or_default();
            calls.push((op, name));
        }
    }
    funcs
}

#[test]
fn dx_op_sequences_match_the_disassembly() {
    let names = opcode_names();
    let mut calls_checked = 0;
    for c in corpus() {
        let want = ll_dx_op_calls(&c.ll);
        let defined: Vec<_> = c
            .module
            .functions
            .iter()
            .filter(|f| !f.is_declaration)
            .collect();
        assert_eq!(defined.len(), want.len(), "{}: defined functions", c.name);
        for (f, want) in defined.iter().zip(&want) {
            let got: Vec<u32> = dx_op_calls(&c.module, f)
                .map(|r| r.unwrap_or_else(|e| panic!("{}: {e}", c.name)).1.op as u32)
                .collect();
            let want_ops: Vec<u32> = want.iter().map(|w| w.0).collect();
            assert_eq!(
                got,
                want_ops,
                "{}: @{}",
                c.name,
                c.module.value_name(f.value)
            );
            for (op, comment) in want {
                if !comment.is_empty() {
                    assert_eq!(names.get(op), Some(comment), "{}: opcode {op}", c.name);
                }
            }
            calls_checked += got.len();
        }
    }
    assert!(calls_checked > 8_000, "only {calls_checked} calls checked");
}

#[test]
fn dx_op_call_fields() {
    // gs-multiple-streams: first call is createHandle(57, i8 2, i32 0, i32 0, i1 false).
    let c = case("gs-multiple-streams");
    let f = c.module.function(main_entry(c).function.unwrap()).unwrap();
    let (_, call) = dx_op_calls(&c.module, f).next().unwrap().unwrap();
    assert_eq!(call.op, dxil2spirv::dxil::OpCode::CreateHandle);
    assert_eq!(call.function_name(&c.module), "dx.op.createHandle");
    assert_eq!(call.class_name(&c.module), "createHandle");
    assert_eq!(call.num_args(), 4);
    let args: Vec<_> = call
        .args(&c.module)
        .map(|a| c.module.const_int(a).unwrap())
        .collect();
    assert_eq!(args, [2, 0, 0, 0]);
    assert_eq!(call.arg(&c.module, 4), None);
    // Non-dx.op instructions are not calls of interest.
    let first_non_call = f
        .insts
        .iter()
        .find(|i| !matches!(i.kind, InstKind::Call { .. }))
        .unwrap();
    assert!(dx_op(&c.module, first_non_call).is_none());
}

#[test]
fn dx_op_malformed_calls_are_errors() {
    let c = case("gs-multiple-streams");
    let base = &c.module;
    let fid = main_entry(c).function.unwrap().0 as usize;
    let call_at = base.functions[fid]
        .insts
        .iter()
        .position(|i| dx_op(base, i).is_some())
        .unwrap();
    let InstKind::Call { args, .. } = base.functions[fid].insts[call_at].kind else {
        unreachable!()
    };
    let opcode_value = base.list(args)[0] as usize;

    let check = |m: &Module, what: &str| {
        let inst = &m.functions[fid].insts[call_at];
        let err = dx_op(m, inst).unwrap().unwrap_err();
        assert_eq!(err.kind(), ErrorKind::InvalidInput, "{what}");
        assert_eq!(err.phase(), Phase::Dxil, "{what}");
        assert!(
            err.message().contains("dx.op.createHandle"),
            "{what}: {err}"
        );
        let e2 = dx_op_calls(m, &m.functions[fid])
            .find_map(Result::err)
            .unwrap();
        assert!(
            matches!(e2.location(), dxil2spirv::Location::Inst { .. }),
            "{what}"
        );
    };

    // No arguments at all.
    let mut m = base.clone();
    if let InstKind::Call { args, .. } = &mut m.functions[fid].insts[call_at].kind {
        *args = ListRange {
            start: args.start,
            len: 0,
        };
    }
    check(&m, "no arguments");

    // Unknown opcode.
    let mut m = base.clone();
    m.values[opcode_value].kind = ValueKind::Constant(Constant::Int(5000));
    check(&m, "unknown opcode");

    // Opcode not a constant.
    let mut m = base.clone();
    m.values[opcode_value].kind = ValueKind::Constant(Constant::Undef);
    check(&m, "undef opcode");

    // Opcode not an i32: give the constant the entry function's type.
    let mut m = base.clone();
    let fty = m.values[m.functions[fid].value.0 as usize].ty;
    m.values[opcode_value].ty = fty;
    check(&m, "non-i32 opcode");
}

// ------------------------------------------------------ malformed input ---

fn named_md(m: &Module, name: &str) -> Vec<MdId> {
    let n = m
        .metadata
        .named
        .iter()
        .find(|n| m.str(n.name) == name)
        .unwrap();
    m.list(n.operands).iter().map(|&i| MdId(i)).collect()
}

fn node_ops(m: &Module, id: MdId) -> (ListRange, Vec<u32>) {
    match m.metadata.nodes[id.0 as usize] {
        Metadata::Node { operands, .. } => (operands, m.list(operands).to_vec()),
        other => panic!("not a node: {other:?}"),
    }
}

fn set_len(m: &mut Module, id: MdId, len: u32) {
    if let Metadata::Node { operands, .. } = &mut m.metadata.nodes[id.0 as usize] {
        operands.len = len;
    }
}

fn expect_err(m: &Module, what: &str, needle: &str) {
    let err = DxilModule::decode(m).expect_err(what);
    assert_eq!(err.kind(), ErrorKind::InvalidInput, "{what}");
    assert_eq!(err.phase(), Phase::Dxil, "{what}");
    assert!(
        err.message().contains(needle),
        "{what}: message {:?} lacks {needle:?}",
        err.message()
    );
}

#[test]
fn malformed_metadata_is_rejected_with_a_named_field() {
    let base = read_module("graphics", "gs-multiple-streams");
    let entry = named_md(&base, "dx.entryPoints")[0];
    let (_, entry_ops) = node_ops(&base, entry);
    let sigs = MdId(entry_ops[2] - 1);
    let (_, sig_ops) = node_ops(&base, sigs);
    let inputs = MdId(sig_ops[0] - 1);
    let (_, input_ops) = node_ops(&base, inputs);
    let element = MdId(input_ops[0] - 1);
    let props = MdId(entry_ops[4] - 1);

    // Truncated entry record.
    let mut m = base.clone();
    set_len(&mut m, entry, 3);
    expect_err(
        &m,
        "short entry",
        "!dx.entryPoints[0]: has 3 operands, expected at least 5",
    );

    // Truncated signature element.
    let mut m = base.clone();
    set_len(&mut m, element, 5);
    expect_err(&m, "short element", "input signature element 0");

    // Signature list with the wrong shape.
    let mut m = base.clone();
    set_len(&mut m, sigs, 2);
    expect_err(&m, "short signature list", "signature list has 2 operands");

    // Odd-length property list.
    let mut m = base.clone();
    set_len(&mut m, props, 1);
    expect_err(&m, "odd properties", "odd number of operands");

    // Shader model kind is not a string.
    let mut m = base.clone();
    let sm = named_md(&m, "dx.shaderModel")[0];
    let (_, sm_ops) = node_ops(&m, sm);
    m.metadata.nodes[(sm_ops[0] - 1) as usize] = m.metadata.nodes[(sm_ops[1] - 1) as usize];
    expect_err(
        &m,
        "kind not a string",
        "!dx.shaderModel kind: expected a string",
    );

    // Unknown shader kind string: reuse the entry name "main".
    let mut m = base.clone();
    m.metadata.nodes[(sm_ops[0] - 1) as usize] = m.metadata.nodes[(entry_ops[1] - 1) as usize];
    expect_err(&m, "unknown kind", "unknown shader kind \"main\"");

    // A self-referencing signature list (a cycle in the graph).
    let mut m = base.clone();
    let (entry_range, _) = node_ops(&m, entry);
    m.metadata.nodes[sigs.0 as usize] = Metadata::Node {
        operands: entry_range,
        distinct: false,
    };
    expect_err(&m, "cyclic signatures", "signature list has 5 operands");

    // Operand list pointing outside the pool.
    let mut m = base.clone();
    m.metadata.nodes[entry.0 as usize] = Metadata::Node {
        operands: ListRange {
            start: u32::MAX - 2,
            len: 5,
        },
        distinct: false,
    };
    expect_err(&m, "bad range", "has 0 operands");

    // Component type out of range: point an element's i8 at an i32 constant
    // 5000.
    let mut m = base.clone();
    let (_, el_ops) = node_ops(&m, element);
    let ct_md = (el_ops[2] - 1) as usize;
    let Metadata::Value { value, .. } = m.metadata.nodes[ct_md] else {
        panic!()
    };
    m.values[value.0 as usize].kind = ValueKind::Constant(Constant::Int(77));
    expect_err(&m, "bad component type", "unknown component type 77");

    // An enum's `Invalid` sentinel is rejected like an unknown value:
    // interpolation mode 8.
    let mut m = base.clone();
    let im_md = (el_ops[5] - 1) as usize;
    let Metadata::Value { value, .. } = m.metadata.nodes[im_md] else {
        panic!()
    };
    m.values[value.0 as usize].kind = ValueKind::Constant(Constant::Int(8));
    expect_err(&m, "invalid interpolation", "unknown interpolation mode 8");

    // Missing metadata entry.
    let mut m = base.clone();
    m.metadata.nodes.truncate(sigs.0 as usize);
    expect_err(&m, "missing node", "does not exist");

    // Missing dx.shaderModel.
    let mut m = base.clone();
    m.metadata
        .named
        .retain(|n| base.str(n.name) != "dx.shaderModel");
    expect_err(&m, "no shader model", "!dx.shaderModel: missing");

    // A non-library module without entry points.
    let mut m = base.clone();
    m.metadata
        .named
        .retain(|n| base.str(n.name) != "dx.entryPoints");
    expect_err(&m, "no entry", "needs exactly one entry point, found 0");

    // A library without dx.entryPoints is fine (export-only library).
    let lib = read_module("advanced", "dxr-lib-exported-functions");
    let mut m = lib.clone();
    m.metadata
        .named
        .retain(|n| lib.str(n.name) != "dx.entryPoints");
    let d = DxilModule::decode(&m).unwrap();
    assert!(d.entry_points.is_empty() && d.is_library());
    let (json, text) = json_and_text(&d, &m);
    assert!(json.ends_with(",\"entry_points\":[]}"), "{json}");
    assert!(text.contains("entry_points: []"), "{text}");
}

#[test]
fn cyclic_raw_property_prints_with_bounded_depth() {
    // cs entry: !{i32 0, i64 16, i32 4, !N}; retag numthreads as an unknown
    // tag 99 and make its value a tuple that contains itself.
    let base = read_module("compute", "int-mad");
    let entry = named_md(&base, "dx.entryPoints")[0];
    let (_, entry_ops) = node_ops(&base, entry);
    let props = MdId(entry_ops[4] - 1);
    let (props_range, props_ops) = node_ops(&base, props);
    assert_eq!(props_ops.len(), 4);
    let mut m = base.clone();
    let tag_md = (props_ops[2] - 1) as usize;
    let Metadata::Value { ty, .. } = m.metadata.nodes[tag_md] else {
        panic!()
    };
    let v = m.values.len() as u32;
    m.values.push(ir::Value {
        ty,
        kind: ValueKind::Constant(Constant::Int(99)),
        name: ListRange::EMPTY,
    });
    m.metadata.nodes[tag_md] = Metadata::Value {
        ty,
        value: ir::ValueId(v),
    };
    // The numthreads node now has the property list's operands, which
    // include the node itself.
    m.metadata.nodes[(props_ops[3] - 1) as usize] = Metadata::Node {
        operands: props_range,
        distinct: false,
    };
    let d = DxilModule::decode(&m).unwrap();
    let e = &d.entry_points[0];
    assert_eq!(e.properties.num_threads, None);
    assert_eq!(e.properties.other.len(), 1);
    assert_eq!(e.properties.other[0].tag, 99);
    let (json, text) = json_and_text(&d, &m);
    assert!(json.contains("!{...}"), "{json}");
    assert!(text.contains("- tag: 99\n"), "{text}");
}

/// Deterministic xorshift generator for the mutation sweep.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

/// Decodes and, when that succeeds, serialises; must never panic.
fn decode_quietly(m: &Module) -> bool {
    match DxilModule::decode(m) {
        Ok(d) => {
            json_and_text(&d, m);
            true
        }
        Err(e) => {
            assert_eq!(e.phase(), Phase::Dxil);
            false
        }
    }
}

#[test]
fn mutated_metadata_never_panics() {
    for (cat, name) in [
        ("graphics", "gs-multiple-streams"),
        ("graphics", "hs-tri-integer-cw"),
        ("binding", "plain-many-each-kind"),
        ("advanced", "wg-broadcast-to-thread-nodes"),
    ] {
        let base = read_module(cat, name);
        let n = base.metadata.nodes.len();
        let mut errors = 0;
        // Every node: truncated to each shorter length, and replaced by
        // each other kind of entry.
        for i in 0..n {
            if let Metadata::Node { operands, .. } = base.metadata.nodes[i] {
                for len in 0..operands.len {
                    let mut m = base.clone();
                    set_len(&mut m, MdId(i as u32), len);
                    errors += usize::from(!decode_quietly(&m));
                }
            }
            for j in [0, n / 3, n / 2, n - 1] {
                let mut m = base.clone();
                m.metadata.nodes[i] = base.metadata.nodes[j];
                errors += usize::from(!decode_quietly(&m));
            }
            let mut m = base.clone();
            m.metadata.nodes[i] = Metadata::DebugInfo(7);
            errors += usize::from(!decode_quietly(&m));
        }
        // Random operand ranges over the whole list pool.
        let pool_len = base
            .metadata
            .nodes
            .iter()
            .filter_map(|md| match md {
                Metadata::Node { operands, .. } => Some(operands.start + operands.len),
                _ => None,
            })
            .max()
            .unwrap_or(0) as usize;
        let mut rng = Rng(0x9e37_79b9_7f4a_7c15 ^ n as u64);
        for _ in 0..2000 {
            let mut m = base.clone();
            for _ in 0..3 {
                let i = rng.below(n);
                if let Metadata::Node { operands, .. } = &mut m.metadata.nodes[i] {
                    operands.start = rng.below(pool_len + 8) as u32;
                    operands.len = rng.below(12) as u32;
                }
            }
            errors += usize::from(!decode_quietly(&m));
        }
        assert!(errors > 100, "{name}: mutations were hardly ever rejected");
    }
}

#[test]
fn every_component_and_semantic_kind_seen_is_known() {
    // Enum coverage across the corpus: decoding would have failed otherwise;
    // check that a spread of kinds really occurs.
    let mut kinds = std::collections::BTreeSet::new();
    let mut types = std::collections::BTreeSet::new();
    for c in corpus() {
        for e in &c.dxil.entry_points {
            let s = &e.signatures;
            for el in s.inputs.iter().chain(&s.outputs).chain(&s.patch_constants) {
                kinds.insert(el.semantic_kind);
                types.insert(el.component_type);
            }
        }
    }
    for k in [
        SemanticKind::VertexID,
        SemanticKind::InstanceID,
        SemanticKind::Position,
        SemanticKind::Target,
        SemanticKind::TessFactor,
        SemanticKind::Barycentrics,
        SemanticKind::ShadingRate,
        SemanticKind::CullPrimitive,
    ] {
        assert!(kinds.contains(&k), "no {k:?} in the corpus: {kinds:?}");
    }
    assert!(types.contains(&ComponentType::F16));
    assert!(types.contains(&ComponentType::I32));
}
