//! DXR libraries in root-signature mode: their `GlobalRootSignature` and
//! `LocalRootSignature` subobjects (RDAT) drive `--root-signature
//! embedded`; every export of every corpus DXR library compiles and passes
//! spirv-val (or, without a global root signature, fails with the named
//! error); the shader-record layout in reflection equals an independent
//! computation of vkd3d-proton's rule; a supplied local root signature wins
//! over the library's (library and CLI); hostile RDAT bytes never panic.
//! With a device, `dxr-local-root-buffers` and
//! `dxr-local-root-constants-tables` trace with their root block, shader
//! records, heap and static samplers written from reflection alone.

use crate::common::{corpus, spirv_val};
use dxil2spirv::compile::{CompileOptions, Compiler, Output, RootSignatureChoice};
use dxil2spirv::json::Json;

fn embedded(validate: bool) -> Compiler {
    Compiler::new(CompileOptions {
        validate,
        root_signature: RootSignatureChoice::Embedded,
        ..CompileOptions::default()
    })
}

fn blob(name: &str) -> Vec<u8> {
    std::fs::read(corpus::root().join(format!("advanced/{name}.dxil"))).unwrap()
}

/// The export `name` of `outs`.
fn export<'a>(outs: &'a [Output], name: &str) -> &'a Output {
    outs.iter()
        .find(|o| o.reflection.entry_point == name)
        .unwrap_or_else(|| panic!("no export {name}"))
}

/// The reflection JSON of an output, parsed.
fn json(out: &Output) -> Json {
    dxil2spirv::json::parse(&out.reflection.to_json()).unwrap()
}

fn num(j: Option<&Json>) -> u64 {
    match j {
        Some(Json::UInt(n)) => *n,
        Some(Json::Int(n)) => u64::try_from(*n).unwrap(),
        other => panic!("not a number: {other:?}"),
    }
}

#[test]
fn every_corpus_dxr_library_compiles_through_its_subobjects() {
    let compiler = embedded(false);
    let (mut libraries, mut without) = (Vec::new(), Vec::new());
    for (name, path) in corpus::blobs() {
        if !name.starts_with("advanced/dxr-") {
            continue;
        }
        let bytes = std::fs::read(&path).unwrap();
        match compiler.compile_all(&bytes) {
            Ok(outs) => {
                for o in &outs {
                    let what = format!("{name}:{}", o.reflection.entry_point);
                    spirv_val::assert_valid(&what, &o.spirv);
                    let refl = json(o);
                    assert_eq!(
                        refl.get("abi").and_then(Json::as_str),
                        Some("bindless-1"),
                        "{what}"
                    );
                }
                libraries.push(name);
            }
            Err(e) => {
                assert!(
                    e.to_string().contains("has no global root signature"),
                    "{name}: {e}"
                );
                without.push(name);
            }
        }
    }
    for want in [
        "advanced/dxr-local-root-buffers",
        "advanced/dxr-local-root-constants-tables",
        "advanced/dxr-subobjects-pipeline",
    ] {
        assert!(libraries.iter().any(|n| n == want), "{want}: {libraries:?}");
    }
    assert!(!without.is_empty());
}

/// vkd3d-proton's shader-record rule, written again from the parameter
/// kinds alone: parameter order, constants 4 bytes per word at 4-byte
/// alignment, everything else 8 bytes at 8-byte alignment.
fn independent_record(parameters: &[(String, u64)]) -> (Vec<(u64, u64)>, u64) {
    let mut at = 0u64;
    let mut out = Vec::new();
    for (kind, count) in parameters {
        let (align, size) = if kind == "constants" {
            (4, 4 * count)
        } else {
            (8, 8)
        };
        at = at.div_ceil(align) * align;
        out.push((at, size));
        at += size;
    }
    (out, at)
}

#[test]
fn shader_record_layout_matches_an_independent_computation() {
    let mut checked = 0;
    for name in [
        "dxr-local-root-buffers",
        "dxr-local-root-constants-tables",
        "dxr-subobjects-pipeline",
    ] {
        let outs = embedded(false).compile_all(&blob(name)).unwrap();
        for o in &outs {
            let refl = json(o);
            let Some(record) = refl.get("shader_record") else {
                continue;
            };
            let Some(Json::Array(params)) = record.get("parameters") else {
                panic!("{name}: no parameters");
            };
            let kinds: Vec<(String, u64)> = params
                .iter()
                .map(|p| {
                    let kind = p.get("kind").and_then(Json::as_str).unwrap().to_string();
                    let count = p.get("count").map_or(0, |c| num(Some(c)));
                    (kind, count)
                })
                .collect();
            let indices: Vec<u64> = params.iter().map(|p| num(p.get("index"))).collect();
            assert!(indices.windows(2).all(|w| w[0] < w[1]), "parameter order");
            let (want, size) = independent_record(&kinds);
            let got: Vec<(u64, u64)> = params
                .iter()
                .map(|p| (num(p.get("offset")), num(p.get("size"))))
                .collect();
            assert_eq!(got, want, "{name}:{}", o.reflection.entry_point);
            assert_eq!(num(record.get("size")), size);
            assert_eq!(num(record.get("handle_shift")), 5);
            checked += 1;
        }
    }
    // The closest hits of the three libraries, plus the any-hit and
    // intersection shaders of the subobjects pipeline.
    assert!(checked >= 5, "{checked}");
    // Pinned by hand: constants(2) at 0, CBV at 8, SRV at 16, table at 24.
    let outs = embedded(false)
        .compile_all(&blob("dxr-local-root-constants-tables"))
        .unwrap();
    let record = json(export(&outs, "MaterialClosestHit"));
    let record = record.get("shader_record").unwrap();
    assert_eq!(
        record.get("source").and_then(Json::as_str),
        Some("subobject:MaterialLocal")
    );
    assert_eq!(num(record.get("size")), 32);
    // The ray generation shader has no local root signature.
    assert!(json(export(&outs, "LocalRayGen"))
        .get("shader_record")
        .is_none());
}

/// The local root signature of `dxr-local-root-constants-tables`, in JSON,
/// with `count` root constants and its table (`table`: else left out).
fn local_json(count: u32, table: bool) -> String {
    let table = if table {
        r#", {"visibility": "All", "kind": "table", "ranges": [{"type": "Srv", "count": 1,
            "base_register": 1, "space": 1, "offset": "append", "flags": []}]}"#
    } else {
        ""
    };
    format!(
        r#"{{"version": "1.1", "flags": ["LOCAL_ROOT_SIGNATURE"], "parameters": [
        {{"visibility": "All", "kind": "constants", "register": 0, "space": 1, "count": {count}}},
        {{"visibility": "All", "kind": "cbv", "register": 1, "space": 1, "flags": []}},
        {{"visibility": "All", "kind": "srv", "register": 0, "space": 1, "flags": []}}{table}],
        "static_samplers": []}}"#
    )
}

fn with_local(local: &str) -> Compiler {
    let (rs, _) = dxil2spirv::rootsig::load(local.as_bytes()).unwrap();
    Compiler::new(CompileOptions {
        validate: false,
        root_signature: RootSignatureChoice::Embedded,
        local_root_signature: Some(Box::new(rs)),
        entry_point: Some("MaterialClosestHit".into()),
        ..CompileOptions::default()
    })
}

#[test]
fn supplied_local_root_signature_wins_and_must_cover_the_shader() {
    let bytes = blob("dxr-local-root-constants-tables");
    let out = with_local(&local_json(3, true)).compile(&bytes).unwrap();
    let refl = json(&out);
    let record = refl.get("shader_record").unwrap();
    assert_eq!(
        record.get("source").and_then(Json::as_str),
        Some("supplied")
    );
    // 12 bytes of constants, then three 8-byte entries from 16.
    assert_eq!(num(record.get("size")), 40);
    spirv_val::assert_valid("supplied local", &out.spirv);
    // Without the table, t1 space 1 is in neither root signature: the
    // local one's error names the register, the parameter at that index
    // (b1, another class) and the stage.
    let e = with_local(&local_json(2, false))
        .compile(&bytes)
        .unwrap_err();
    let msg = e.to_string();
    assert!(
        msg.contains("local root signature supplied (class-mismatch): t1 space 1")
            && msg.contains("ClosestHit")
            && msg.contains("parameter 1"),
        "{msg}"
    );
    // A local root signature needs root-signature mode.
    let (rs, _) = dxil2spirv::rootsig::load(local_json(2, true).as_bytes()).unwrap();
    let plain = Compiler::new(CompileOptions {
        local_root_signature: Some(Box::new(rs)),
        ..CompileOptions::default()
    });
    assert!(plain.compile_all(&bytes).is_err());
}

#[test]
fn a_register_in_both_root_signatures_is_an_error() {
    // D3D12: the global and local root signatures of a shader must not
    // overlap. The global one binds s0 (a static sampler); a local sampler
    // table binding s0 too is refused, naming the register and both.
    let sampler_table = r#"{"visibility": "All", "kind": "table", "ranges": [{"type": "Sampler",
            "count": 1, "base_register": 0, "space": 0, "offset": "append", "flags": []}]}"#;
    let local = local_json(2, true).replacen(
        r#""parameters": ["#,
        &format!(r#""parameters": [{sampler_table},"#),
        1,
    );
    let msg = with_local(&local)
        .compile(&blob("dxr-local-root-constants-tables"))
        .unwrap_err()
        .to_string();
    assert!(
        msg.contains("(global-local-overlap): s0 space 0")
            && msg.contains("static sampler 0")
            && msg.contains("local root signature (supplied)"),
        "{msg}"
    );
}

#[test]
fn hostile_rdat_bytes_never_panic() {
    let bytes = blob("dxr-local-root-buffers");
    let c = dxil2spirv::container::parse(&bytes).unwrap();
    let part = c
        .part(dxil2spirv::container::FourCC::RDAT)
        .expect("an RDAT part");
    let (start, len) = (part.offset, part.data.len());
    let compiler = embedded(false);
    let mut errors = 0;
    for i in (0..len).step_by(3) {
        for pattern in [0xffu8, 0x80, 0x01] {
            let mut b = bytes.clone();
            b[start + i] ^= pattern;
            if compiler.compile_all(&b).is_err() {
                errors += 1;
            }
        }
    }
    assert!(errors > 0);
}

#[cfg(feature = "vulkan")]
mod gpu {
    //! The trace of `dxr-local-root-buffers` with its root block, shader
    //! records and heap written from reflection alone.

    use super::{blob, embedded, export};
    use crate::common;
    use dxil2spirv::binding::local::HANDLE_SHIFT;
    use dxil2spirv::binding::{RecordEntry, ResourceClass, Via};
    use dxil2spirv::compile::Output;
    use dxil2spirv::run::{
        AddressSlot, AddressedBuffer, Geometry, HeapBuffer, HeapImage, ImageDesc, ImageKind,
        TexelFormat, Trace, TraceBindless, Traced,
    };

    /// Where the hit group's table starts in the heap (not 0, so that a
    /// shader ignoring the record's handle fails).
    const TABLE_BASE: u32 = 97;
    /// Where a global table starts in the heap.
    const GLOBAL_TABLE_BASE: u32 = 140;

    /// The data of one register: bytes, and for an image its shape.
    type Store = [(ResourceClass, u32, u32, Vec<u8>, Option<ImageDesc>)];
    const RAYS: u32 = 8;

    fn words(w: &[u32]) -> Vec<u8> {
        w.iter().flat_map(|x| x.to_le_bytes()).collect()
    }

    /// The spec's data by (class, space, register).
    fn data(class: ResourceClass, space: u32, register: u32) -> Vec<u8> {
        match (class, space, register) {
            // Consts: Scale, Bias, Pick.
            (ResourceClass::Cbv, 1, 0) => words(&[3, 100, 1]),
            // Params: Mix.
            (ResourceClass::Cbv, 1, 1) => words(&[10, 20, 30, 40]),
            // Weights, Tables[0], Tables[1].
            (ResourceClass::Srv, 1, 0) => words(&[1000, 2000, 3000, 4000]),
            (ResourceClass::Srv, 1, 1) => words(&[500, 501, 502, 503]),
            (ResourceClass::Srv, 1, 2) => words(&[600, 601, 602, 603]),
            // Output: RAYS uint4s.
            (ResourceClass::Uav, 0, 0) => vec![0; RAYS as usize * 16],
            _ => Vec::new(),
        }
    }

    /// Everything the trace binds, from the exports' reflection alone
    /// (group `i` is `exports[i]`): root descriptors and table starts in
    /// the root block, each export's shader record (constants, addresses,
    /// table handles), heap buffers and images at `table start +
    /// range_offset + (register − range_base)`, the output image of a
    /// table UAV, static samplers from their reflected state.
    fn bindings<'a>(exports: &[&Output], store: &'a Store) -> TraceBindless<'a> {
        let bindless = exports[0].reflection.bindless.as_ref().unwrap();
        let layout = &bindless.layout;
        let mut b = TraceBindless {
            root_block: vec![0; layout.root_block.size as usize],
            records: vec![Vec::new(); exports.len()],
            heap_set: layout.options.heap_set,
            ..TraceBindless::default()
        };
        let find = |class, space, register| {
            store
                .iter()
                .find(|s| (s.0, s.1, s.2) == (class, space, register))
                .map(|s| (s.3.as_slice(), s.4))
                .unwrap_or_else(|| panic!("no data for {class:?} {register} space {space}"))
        };
        let mut placed = Vec::new();
        for (group, out) in exports.iter().enumerate() {
            let refl = &out.reflection;
            if let Some(local) = refl.bindless.as_ref().and_then(|l| l.layout.local.as_ref()) {
                b.records[group] = vec![0; local.record.size as usize];
            }
            for r in refl.resources.iter().filter(|r| r.used) {
                let key = (r.class, r.space, r.register, group);
                if placed.contains(&key) {
                    continue;
                }
                placed.push(key);
                // A table range's descriptors in the heap.
                let place = |b: &mut TraceBindless<'a>, binding: u32, index: u32| {
                    for register in r.register..r.register + r.count {
                        let at = index + register - r.register;
                        match (r.class, find(r.class, r.space, register)) {
                            (ResourceClass::Uav, _) => b.output = Some((binding, at)),
                            (_, (data, Some(desc))) => b.images.push(HeapImage {
                                binding,
                                index: at,
                                desc,
                                data,
                            }),
                            (_, (data, None)) => b.heap.push(HeapBuffer {
                                binding,
                                index: at,
                                data,
                            }),
                        }
                    }
                };
                match r.via {
                    Via::RootDescriptor { offset, .. } if r.kind == "RTAccelerationStructure" => {
                        b.scene.push(AddressSlot::RootBlock(offset));
                    }
                    Via::RootDescriptor { offset, .. } => b.buffers.push(AddressedBuffer {
                        data: find(r.class, r.space, r.register).0,
                        at: vec![AddressSlot::RootBlock(offset)],
                    }),
                    Via::Table {
                        binding,
                        parameter,
                        push_offset,
                        range_offset,
                        range_base,
                        ..
                    } => {
                        let base = GLOBAL_TABLE_BASE + 16 * parameter;
                        let at = push_offset as usize;
                        b.root_block[at..at + 4].copy_from_slice(&base.to_le_bytes());
                        place(
                            &mut b,
                            binding,
                            base + range_offset + r.register - range_base,
                        );
                    }
                    Via::StaticSampler {
                        index,
                        set,
                        binding,
                    } => {
                        let state = bindless
                            .static_samplers()
                            .into_iter()
                            .find(|s| s.index == index)
                            .unwrap()
                            .vk;
                        b.samplers.push((set, binding, state));
                    }
                    Via::ShaderRecord { offset, entry, .. } => {
                        let at = offset as usize;
                        match entry {
                            RecordEntry::Constants { count } => {
                                let bytes = find(r.class, r.space, r.register).0;
                                let n = (count as usize * 4).min(bytes.len());
                                b.records[group][at..at + n].copy_from_slice(&bytes[..n]);
                            }
                            RecordEntry::Descriptor => b.buffers.push(AddressedBuffer {
                                data: find(r.class, r.space, r.register).0,
                                at: vec![AddressSlot::Record { group, offset }],
                            }),
                            RecordEntry::Table {
                                binding,
                                range_offset,
                                range_base,
                                ..
                            } => {
                                let handle = u64::from(TABLE_BASE) << HANDLE_SHIFT;
                                b.records[group][at..at + 8].copy_from_slice(&handle.to_le_bytes());
                                let first = TABLE_BASE + range_offset + r.register - range_base;
                                place(&mut b, binding, first);
                            }
                        }
                    }
                    other => panic!("{}: unexpected access path {other:?}", refl.entry_point),
                }
            }
        }
        b
    }

    /// `trace` with `bindless` on the first device, or `None` (said on
    /// stderr) when it cannot trace.
    fn run(trace: &Trace<'_>, bindless: &TraceBindless<'_>) -> Option<Traced> {
        common::vulkan::on_first_device("tracing", |s| s.trace_bindless(trace, bindless))
    }

    #[test]
    fn local_root_buffers_trace_with_records_from_reflection() {
        let _turn = common::vulkan::turn();
        if !common::vulkan::available() {
            return;
        }
        let outs = embedded(true)
            .compile_all(&blob("dxr-local-root-buffers"))
            .unwrap();
        let (raygen, miss, hit) = (
            export(&outs, "RecordRayGen"),
            export(&outs, "RecordMiss"),
            export(&outs, "RecordClosestHit"),
        );
        let mut store = Vec::new();
        for class in [ResourceClass::Cbv, ResourceClass::Srv, ResourceClass::Uav] {
            for space in 0..2 {
                for register in 0..3 {
                    let d = data(class, space, register);
                    if !d.is_empty() {
                        store.push((class, space, register, d, None));
                    }
                }
            }
        }
        let bindless = bindings(&[raygen, miss, hit], &store);
        let triangle = [[-1.0, -1.0, 1.0], [3.0, -1.0, 1.0], [-1.0, 3.0, 1.0]];
        let trace = Trace {
            raygen: (&raygen.spirv, &raygen.reflection.entry_point),
            miss: (&miss.spirv, &miss.reflection.entry_point),
            closest_hit: Some((&hit.spirv, &hit.reflection.entry_point)),
            any_hit: None,
            intersection: None,
            geometry: Geometry::Triangles(&[triangle]),
            callables: &[],
            width: RAYS,
            height: 1,
            uniforms: &[],
            storage_buffers: &[],
            scene: (0, 0),
            output: None,
        };
        let Some(traced) = run(&trace, &bindless) else {
            return;
        };
        // The output is the one root-block buffer.
        let output = bindless
            .buffers
            .iter()
            .position(|b| matches!(b.at[..], [AddressSlot::RootBlock(_)]))
            .unwrap();
        let got: Vec<u32> = traced.buffers[output]
            .chunks_exact(4)
            .map(|w| u32::from_le_bytes([w[0], w[1], w[2], w[3]]))
            .collect();
        // Worked out from the HLSL: rays 0-3 hit, 4-7 miss.
        let mut want = Vec::new();
        for i in 0..RAYS {
            if i < 4 {
                let table = if i & 1 == 1 { 600 } else { 500 };
                want.extend([3 * i + 100, 20 + 1000 * (i + 1), 600 + i, table + 40]);
            } else {
                want.extend([7; 4]);
            }
        }
        assert_eq!(got, want);
    }

    fn floats(f: &[f32]) -> Vec<u8> {
        f.iter().flat_map(|x| x.to_le_bytes()).collect()
    }

    /// Texel `i` of layer `layer` of `MaterialTextures` (4 x 1, 2 layers).
    fn texel(layer: u32, i: u32) -> [f32; 4] {
        [
            0.1 * i as f32 + layer as f32,
            0.2,
            0.3 + 0.1 * layer as f32,
            1.0,
        ]
    }

    #[test]
    fn local_root_constants_tables_trace_with_records_from_reflection() {
        let _turn = common::vulkan::turn();
        if !common::vulkan::available() {
            return;
        }
        let outs = embedded(true)
            .compile_all(&blob("dxr-local-root-constants-tables"))
            .unwrap();
        let (raygen, hit) = (
            export(&outs, "LocalRayGen"),
            export(&outs, "MaterialClosestHit"),
        );
        // The library has no miss shader: every ray hits one of two
        // triangles, so the other library's (never called) stands in.
        let others = embedded(true)
            .compile_all(&blob("dxr-local-root-buffers"))
            .unwrap();
        let miss = export(&others, "RecordMiss");
        // MaterialIndex: MaterialId 5, TextureLayer 1. MaterialParams:
        // BaseColor, Roughness 0 (mip 0), Emissive. MeshUVs: primitive 0
        // at the centre of texel 0, primitive 1 at texel 2 (v: the one
        // row), the same at each corner.
        let base_color = [2.0f32, 1.0, 0.5, 1.0];
        let emissive = [0.25f32, 0.0, 0.125];
        let (material_id, layer) = (5u32, 1u32);
        let mut params = base_color.to_vec();
        params.push(0.0);
        params.extend(emissive);
        let uvs: Vec<f32> = [0.125f32, 0.625]
            .iter()
            .flat_map(|&u| [u, 0.5, u, 0.5, u, 0.5])
            .collect();
        let texels: Vec<f32> = (0..2)
            .flat_map(|l| (0..4).flat_map(move |i| texel(l, i)))
            .collect();
        let desc = ImageDesc {
            kind: ImageKind::Tex2DArray,
            storage: false,
            format: TexelFormat::Rgba32f,
            depth: false,
            extent: [4, 1, 1],
            layers: 2,
            mips: 1,
            samples: 1,
        };
        let store = vec![
            (ResourceClass::Cbv, 1, 0, words(&[material_id, layer]), None),
            (ResourceClass::Cbv, 1, 1, floats(&params), None),
            (ResourceClass::Srv, 1, 0, floats(&uvs), None),
            (ResourceClass::Srv, 1, 1, floats(&texels), Some(desc)),
            (ResourceClass::Uav, 0, 0, Vec::new(), None),
        ];
        // Groups: ray generation, miss, the hit group.
        let bindless = bindings(&[raygen, miss, hit], &store);
        const SIZE: u32 = 8;
        // Primitive 0 below the diagonal x = y of the plane z = 0, 1 above.
        let triangles = [
            [[-1.0, -1.0, 0.0], [100.0, -1.0, 0.0], [100.0, 100.0, 0.0]],
            [[-1.0, -1.0, 0.0], [100.0, 100.0, 0.0], [-1.0, 100.0, 0.0]],
        ];
        let trace = Trace {
            raygen: (&raygen.spirv, &raygen.reflection.entry_point),
            miss: (&miss.spirv, &miss.reflection.entry_point),
            closest_hit: Some((&hit.spirv, &hit.reflection.entry_point)),
            any_hit: None,
            intersection: None,
            geometry: Geometry::Triangles(&triangles),
            callables: &[],
            width: SIZE,
            height: SIZE,
            uniforms: &[],
            storage_buffers: &[],
            scene: (0, 0),
            output: None,
        };
        let Some(traced) = run(&trace, &bindless) else {
            return;
        };
        let mut compared = 0;
        for y in 0..SIZE {
            for x in 0..SIZE {
                if x == y {
                    continue; // on the shared edge
                }
                let got = traced.image[(y * SIZE + x) as usize].map(f32::from_bits);
                // tex * BaseColor + (Emissive, 0) + (0, 0, 0, MaterialId).
                let tex = texel(layer, if y < x { 0 } else { 2 });
                let want: Vec<f32> = (0..4)
                    .map(|c| {
                        tex[c] * base_color[c]
                            + if c < 3 {
                                emissive[c]
                            } else {
                                material_id as f32
                            }
                    })
                    .collect();
                assert!(
                    got.iter().zip(&want).all(|(g, w)| (g - w).abs() < 1e-4),
                    "({x}, {y}): got {got:?}, want {want:?}"
                );
                compared += 1;
            }
        }
        assert_eq!(compared, SIZE * SIZE - SIZE);
    }
}

#[cfg(feature = "cli")]
#[test]
fn cli_local_root_signature_and_library_folder() {
    use crate::common::cli::{bin, stderr_of_failure, stdout, TempDir};
    let dir = TempDir::new("dxr-local");
    let path = corpus::root().join("advanced/dxr-local-root-constants-tables.dxil");
    let path = path.to_str().unwrap();
    let local = dir.join("local.json");
    std::fs::write(&local, local_json(3, true)).unwrap();
    let json = stdout(
        bin()
            .args(["compile", path, "--root-signature", "embedded"])
            .args(["--entry", "MaterialClosestHit", "--local-root-signature"])
            .arg(&local)
            .args(["--reflect", "-", "-o", "/dev/null"])
            .output()
            .unwrap(),
    );
    assert!(
        json.contains(r#""shader_record": {"source":"supplied","size":40"#),
        "{json}"
    );
    // Every export through the library's subobjects, one file each.
    let out = dir.join("spv");
    let refl = dir.join("refl");
    stdout(
        bin()
            .args(["compile", path, "--root-signature", "embedded", "-o"])
            .arg(&out)
            .arg("--reflect")
            .arg(&refl)
            .output()
            .unwrap(),
    );
    let hit = std::fs::read_to_string(refl.join("MaterialClosestHit.json")).unwrap();
    assert!(
        hit.contains(r#""source":"subobject:MaterialLocal""#),
        "{hit}"
    );
    assert!(out.join("LocalRayGen.spv").exists());
    // It needs root-signature mode.
    let err = stderr_of_failure(
        bin()
            .args(["compile", path, "--local-root-signature"])
            .arg(&local)
            .args(["-o", "/dev/null"])
            .output()
            .unwrap(),
        64,
    );
    assert!(
        err.contains("--local-root-signature need --root-signature"),
        "{err}"
    );
}
