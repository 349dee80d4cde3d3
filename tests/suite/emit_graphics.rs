//! Vertex and pixel shaders, textures and samplers: what the SPIR-V of
//! corpus blobs must say where D3D and Vulkan differ (every translated blob
//! is also validated by `emit_corpus` and snapshotted by `emit_snapshots`).

use std::collections::BTreeMap;

use crate::common;

use common::corpus::compiled;

/// The validated SPIR-V of a blob, disassembled.
fn asm(name: &str) -> String {
    dxil2spirv::validate::disassemble(&compiled(name).spirv).expect("disassembly")
}

/// The decorations of each id (`OpDecorate %id Name args`).
fn decorations(asm: &str) -> BTreeMap<String, Vec<String>> {
    let mut out: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for line in asm.lines() {
        if let Some(rest) = line.strip_prefix("OpDecorate ") {
            let (id, deco) = rest.split_once(' ').expect("decoration");
            out.entry(id.to_string())
                .or_default()
                .push(deco.to_string());
        }
    }
    out
}

/// The id whose decorations include `deco`.
fn id_decorated(asm: &str, deco: &str) -> String {
    decorations(asm)
        .into_iter()
        .find(|(_, ds)| ds.iter().any(|d| d == deco))
        .map(|(id, _)| id)
        .unwrap_or_else(|| panic!("no id decorated {deco}"))
}

/// The instructions with this opcode, split into words.
fn insts<'a>(asm: &'a str, op: &str) -> Vec<Vec<&'a str>> {
    asm.lines()
        .map(|l| l.split_whitespace().collect::<Vec<_>>())
        .filter(|w| w.contains(&op))
        .collect()
}

#[test]
fn vertex_and_instance_ids_exclude_the_base() {
    let a = asm("graphics/vs-vertexid-fullscreen-triangle");
    assert!(a.contains("OpEntryPoint Vertex"), "{a}");
    let index = id_decorated(&a, "BuiltIn VertexIndex");
    let base = id_decorated(&a, "BuiltIn BaseVertex");
    let load_of = |var: &str| {
        insts(&a, "OpLoad")
            .into_iter()
            .find(|w| w.last() == Some(&var))
            .map(|w| w[0].to_string())
            .expect("load")
    };
    let (i, b) = (load_of(&index), load_of(&base));
    assert!(
        insts(&a, "OpISub")
            .iter()
            .any(|w| w[w.len() - 2] == i && w[w.len() - 1] == b),
        "VertexIndex - BaseVertex: {a}"
    );
    let a = asm("graphics/vs-instanceid-structured-offsets");
    assert!(a.contains("BuiltIn InstanceIndex") && a.contains("BuiltIn BaseInstance"));
}

#[test]
fn pixel_position_w_is_w_not_its_reciprocal() {
    let a = asm("graphics/ps-position-input-fragcoord");
    assert!(a.contains("OpEntryPoint Fragment") && a.contains("OriginUpperLeft"));
    let ones: Vec<&str> = a
        .lines()
        .filter(|l| l.contains("= OpConstant ") && l.ends_with(" 1"))
        .filter_map(|l| l.split_whitespace().next())
        .collect();
    let fdivs = insts(&a, "OpFDiv");
    assert!(
        fdivs.iter().any(|w| ones.contains(&w[w.len() - 2])),
        "1 / FragCoord.w: {a}"
    );
}

#[test]
fn depth_outputs_declare_their_modes() {
    for (name, modes) in [
        ("ps-depth-output", &["DepthReplacing"][..]),
        (
            "ps-depth-greater-equal",
            &["DepthReplacing", "DepthGreater"],
        ),
        ("ps-depth-less-equal", &["DepthReplacing", "DepthLess"]),
        ("ps-stencil-ref-output", &["StencilRefReplacingEXT"]),
    ] {
        let a = asm(&format!("graphics/{name}"));
        for m in modes {
            assert!(a.contains(&format!(" {m}\n")), "{name}: {m}");
        }
    }
    let a = asm("graphics/ps-earlydepthstencil-uav-counter");
    assert!(a.contains(" EarlyFragmentTests\n"), "{a}");
}

#[test]
fn discard_demotes_to_a_helper() {
    let a = asm("graphics/ps-discard-alpha-test");
    assert!(a.contains("OpDemoteToHelperInvocation"), "{a}");
    assert!(!a.contains("OpKill"), "{a}");
    let a = asm("graphics/ps-is-helper-lane");
    assert!(a.contains("OpIsHelperInvocationEXT"), "{a}");
}

#[test]
fn interpolation_modes_become_decorations() {
    let a = asm("graphics/ps-interp-all-modes-signature");
    let d = decorations(&a);
    let at = |loc: u32| -> Vec<String> {
        let (_, ds) = d
            .iter()
            .find(|(_, ds)| ds.contains(&format!("Location {loc}")))
            .unwrap_or_else(|| panic!("location {loc}"));
        let mut ds: Vec<String> = ds
            .iter()
            .filter(|x| !x.starts_with("Location"))
            .cloned()
            .collect();
        ds.sort();
        ds
    };
    // The signature's rows 1..=7: linear, centroid, sample, noperspective,
    // noperspective centroid, noperspective sample, nointerpolation.
    assert!(at(1).is_empty());
    assert_eq!(at(2), ["Centroid"]);
    assert_eq!(at(3), ["Sample"]);
    assert_eq!(at(4), ["NoPerspective"]);
    assert_eq!(at(5), ["Centroid", "NoPerspective"]);
    assert_eq!(at(6), ["NoPerspective", "Sample"]);
    assert_eq!(at(7), ["Flat"]);
}

#[test]
fn clip_distances_share_one_array() {
    let out = compiled("graphics/vs-clip-distance-two-registers");
    let a = dxil2spirv::validate::disassemble(&out.spirv).unwrap();
    assert_eq!(a.matches("BuiltIn ClipDistance").count(), 1, "{a}");
    // SV_ClipDistance0 (4 components) and SV_ClipDistance1 (2): float[6].
    let six = a
        .lines()
        .find(|l| l.contains("= OpConstant ") && l.ends_with(" 6"))
        .and_then(|l| l.split_whitespace().next())
        .expect("constant 6");
    assert!(
        insts(&a, "OpTypeArray")
            .iter()
            .any(|w| w.last() == Some(&six)),
        "float[6]: {a}"
    );
    let clip: Vec<_> = out
        .reflection
        .interface
        .iter()
        .filter(|v| v.semantic == "SV_ClipDistance")
        .collect();
    assert_eq!(clip.len(), 2);
    assert!(clip
        .iter()
        .all(|v| v.builtin.as_deref() == Some("ClipDistance")));
}

#[test]
fn sixteen_bit_elements_use_32_bit_interface_variables() {
    for name in ["vs-input-half-16bit", "vs-input-min16-precision"] {
        let a = asm(&format!("graphics/{name}"));
        assert!(!a.contains("StorageInputOutput16"), "{name}");
        assert!(a.contains("OpFConvert"), "{name}");
    }
}

#[test]
fn reflection_maps_semantics_to_locations() {
    let out = compiled("graphics/ps-mrt-sparse-targets");
    let refl = &out.reflection;
    assert_eq!(refl.stage, "pixel");
    let targets: Vec<_> = refl
        .interface
        .iter()
        .filter(|v| v.output && v.semantic == "SV_Target")
        .collect();
    assert!(!targets.is_empty());
    for t in targets {
        assert_eq!(t.location, Some((t.index, 0)), "{t:?}");
    }
    let json = refl.to_json();
    assert!(json.contains("\"stage\": \"pixel\""), "{json}");
    assert!(json.contains("\"semantic\": \"SV_Target\""), "{json}");
}

#[test]
fn textures_and_samplers_bind_as_images() {
    let out = compiled("graphics/tex-sample-cmp-pcf-offsets");
    let a = dxil2spirv::validate::disassemble(&out.spirv).unwrap();
    let cmp = insts(&a, "OpImageSampleDrefImplicitLod");
    assert!(cmp.iter().any(|w| w.contains(&"ConstOffset")), "{a}");
    let types: Vec<&str> = out
        .reflection
        .resources
        .iter()
        .map(|r| r.descriptor_type.name())
        .collect();
    assert!(types.contains(&"sampled_image") && types.contains(&"sampler"));

    let a = asm("graphics/tex-getdimensions-multisample");
    assert!(a.contains("OpImageQuerySamples"), "{a}");
    assert!(!a.contains("OpImageQuerySizeLod"), "multisampled: no LOD");

    let a = asm("graphics/rwtex-2darray-load-store");
    assert!(
        a.contains("OpImageRead") && a.contains("OpImageWrite"),
        "{a}"
    );
}

#[test]
fn compute_and_mesh_derivatives_use_linear_quads() {
    // SM 6.6: quads are four consecutive threads in group-index order.
    for name in [
        "advanced/sm66-cs-derivatives-1d-quads",
        "advanced/sm66-ms-derivatives-sample",
    ] {
        let a = asm(name);
        assert!(
            a.contains("OpCapability ComputeDerivativeGroupLinearKHR"),
            "{name}"
        );
        assert!(a.contains(" DerivativeGroupLinearKHR\n"), "{name}");
        assert!(a.contains("OpImageSampleImplicitLod"), "{name}");
    }
}

#[test]
fn sample_count_is_a_specialization_constant() {
    let out = compiled("graphics/ps-render-target-sample-positions");
    assert_eq!(
        out.reflection.spec_constants,
        [(0, "render_target_sample_count".to_string(), 1)]
    );
    let a = dxil2spirv::validate::disassemble(&out.spirv).unwrap();
    let c = id_decorated(&a, "SpecId 0");
    assert!(a.contains(&format!("{c} = OpSpecConstant ")), "{a}");
    // The 31 standard positions of 1, 2, 4, 8 and 16 samples.
    let n31 = a
        .lines()
        .find(|l| l.contains("= OpConstant ") && l.ends_with(" 31"))
        .and_then(|l| l.split_whitespace().next())
        .expect("constant 31");
    assert!(insts(&a, "OpTypeArray")
        .iter()
        .any(|w| w.last() == Some(&n31)));
    let json = out.reflection.to_json();
    assert!(
        json.contains("\"name\": \"render_target_sample_count\""),
        "{json}"
    );
}

#[test]
fn geometry_shaders_take_vertex_arrays_and_emit() {
    let a = asm("graphics/gs-line-to-linestream");
    assert!(a.contains("OpEntryPoint Geometry"), "{a}");
    for mode in [
        "InputLines",
        "OutputLineStrip",
        "OutputVertices 8",
        "Invocations 1",
    ] {
        assert!(a.contains(&format!(" {mode}\n")), "{mode}: {a}");
    }
    assert!(
        a.contains("OpEmitVertex") && a.contains("OpEndPrimitive"),
        "{a}"
    );
    // The input SV_Position is vec4[2]: one per vertex of a line.
    let two = a
        .lines()
        .find(|l| l.contains("= OpConstant ") && l.ends_with(" 2"))
        .and_then(|l| l.split_whitespace().next())
        .expect("constant 2");
    assert!(
        insts(&a, "OpTypeArray")
            .iter()
            .any(|w| w.last() == Some(&two)),
        "vec4[2]: {a}"
    );

    let a = asm("graphics/gs-instance-layered-cubemap");
    assert!(a.contains(" Invocations 6\n"), "{a}");
    assert!(a.contains("BuiltIn InvocationId") && a.contains("BuiltIn Layer"));
}

#[test]
fn geometry_streams_have_their_own_locations() {
    let out = compiled("graphics/gs-multiple-streams");
    let a = dxil2spirv::validate::disassemble(&out.spirv).unwrap();
    assert!(a.contains("OpCapability GeometryStreams"), "{a}");
    assert!(a.contains("OpEmitStreamVertex"), "{a}");
    // Stream 1's registers 0 and 1 follow stream 0's rows 0 and 1.
    let at = |semantic: &str| {
        out.reflection
            .interface
            .iter()
            .find(|v| v.output && v.semantic == semantic)
            .and_then(|v| v.location)
            .expect("location")
    };
    assert_eq!(at("VELOCITY"), (1, 0));
    assert_eq!(at("AGE"), (1, 3));
    assert_eq!(at("ORIGIN"), (2, 0));
    assert_eq!(at("SEED"), (3, 0));
    let origin = id_decorated(&a, "Location 2");
    assert!(decorations(&a)[&origin].contains(&"Stream 1".to_string()));
}

#[test]
fn mesh_shaders_write_arrays_per_vertex_and_primitive() {
    let out = compiled("graphics/ms-per-primitive-attributes");
    let a = dxil2spirv::validate::disassemble(&out.spirv).unwrap();
    assert!(a.contains("OpEntryPoint MeshEXT"), "{a}");
    for mode in [
        "LocalSize 32 1 1",
        "OutputVertices 32",
        "OutputPrimitivesEXT 30",
        "OutputTrianglesEXT",
    ] {
        assert!(a.contains(&format!(" {mode}\n")), "{mode}: {a}");
    }
    assert!(a.contains("OpSetMeshOutputsEXT"), "{a}");
    assert!(a.contains("BuiltIn PrimitiveTriangleIndicesEXT"), "{a}");
    // Primitive outputs are per-primitive and follow the vertex outputs'
    // rows (SV_Position at row 0, one user row at 1).
    let d = decorations(&a);
    let prim_id = id_decorated(&a, "BuiltIn PrimitiveId");
    assert!(d[&prim_id].contains(&"PerPrimitiveEXT".to_string()));
    let interface = &out.reflection.interface;
    let end = |patch: bool| {
        interface
            .iter()
            .filter(|v| v.patch == patch)
            .filter_map(|v| v.location.map(|(l, _)| (l, l + v.rows)))
            .collect::<Vec<_>>()
    };
    let vertex_end = end(false)
        .iter()
        .map(|&(_, e)| e)
        .max()
        .expect("vertex rows");
    let primitive = end(true);
    assert!(!primitive.is_empty());
    assert!(
        primitive.iter().all(|&(l, _)| l >= vertex_end),
        "{interface:?}"
    );
    for (l, _) in primitive {
        assert!(
            d.iter().any(|(_, ds)| ds.contains(&format!("Location {l}"))
                && ds.contains(&"PerPrimitiveEXT".to_string())),
            "location {l}: {a}"
        );
    }

    let a = asm("graphics/ms-line-topology");
    assert!(a.contains(" OutputLinesEXT\n") && a.contains("BuiltIn PrimitiveLineIndicesEXT"));
}

#[test]
fn amplification_shaders_dispatch_their_payload() {
    let a = asm("graphics/as-dispatch-mesh-payload");
    assert!(a.contains("OpEntryPoint TaskEXT"), "{a}");
    let payload = insts(&a, "OpVariable")
        .into_iter()
        .find(|w| w.contains(&"TaskPayloadWorkgroupEXT"))
        .map(|w| w[0])
        .expect("a TaskPayloadWorkgroupEXT variable");
    let emit = insts(&a, "OpEmitMeshTasksEXT");
    assert_eq!(emit.len(), 1, "{a}");
    assert_eq!(emit[0].last(), Some(&payload), "{a}");

    let a = asm("graphics/ms-payload-input");
    assert!(a.contains("TaskPayloadWorkgroupEXT"), "{a}");
}

#[test]
fn hull_shaders_run_the_patch_function_after_a_barrier() {
    let a = asm("graphics/hs-isoline-pow2");
    assert!(a.contains("OpEntryPoint TessellationControl"), "{a}");
    for mode in ["Isolines", "OutputVertices 4", "SpacingEqual"] {
        assert!(a.contains(&format!(" {mode}\n")), "{mode}: {a}");
    }
    // The entry calls the control point phase, waits, then runs the patch
    // constant function on invocation 0.
    let entry = a
        .lines()
        .find(|l| l.starts_with("OpEntryPoint"))
        .and_then(|l| l.split_whitespace().nth(2))
        .expect("entry id");
    let body: Vec<&str> = a
        .split(&format!("{entry} = OpFunction"))
        .nth(1)
        .expect("entry body")
        .lines()
        .collect();
    let call = body
        .iter()
        .position(|l| l.contains("OpFunctionCall"))
        .expect("call");
    let barrier = body
        .iter()
        .position(|l| l.starts_with("OpControlBarrier"))
        .expect("barrier");
    let branch = body
        .iter()
        .position(|l| l.starts_with("OpBranchConditional"))
        .expect("invocation 0 test");
    assert!(call < barrier && barrier < branch, "{body:?}");
    assert_eq!(
        body.iter().filter(|l| l.contains("OpFunctionCall")).count(),
        2
    );
    // Isoline factors: D3D's detail (row 0) is Vulkan's TessLevelOuter[1].
    assert!(a.contains("BuiltIn TessLevelOuter"), "{a}");

    for (name, modes) in [
        (
            "hs-tri-integer-cw",
            &["Triangles", "SpacingEqual", "VertexOrderCw"][..],
        ),
        ("hs-quad-fractional-odd", &["Quads", "SpacingFractionalOdd"]),
        (
            "hs-quad-fractional-even",
            &["Quads", "SpacingFractionalEven"],
        ),
        ("hs-tri-point-output", &["PointMode"]),
    ] {
        let a = asm(&format!("graphics/{name}"));
        for m in modes {
            assert!(a.contains(&format!(" {m}\n")), "{name}: {m}");
        }
    }
}

#[test]
fn domain_shaders_read_patch_constants_after_the_control_points() {
    let out = compiled("graphics/ds-bezier-clip-distance");
    let a = dxil2spirv::validate::disassemble(&out.spirv).unwrap();
    assert!(a.contains("OpEntryPoint TessellationEvaluation"), "{a}");
    assert!(
        a.contains(" Quads\n") && a.contains("BuiltIn TessCoord"),
        "{a}"
    );
    assert!(a.contains("BuiltIn TessLevelOuter"), "{a}");
    let d = decorations(&a);
    let patch_locations: Vec<u32> = d
        .values()
        .filter(|ds| ds.contains(&"Patch".to_string()))
        .filter_map(|ds| ds.iter().find_map(|x| x.strip_prefix("Location ")))
        .map(|l| l.parse().unwrap())
        .collect();
    assert!(!patch_locations.is_empty(), "{a}");
    let control_rows = out
        .reflection
        .interface
        .iter()
        .filter(|v| !v.output && !v.patch && v.location.is_some())
        .map(|v| v.location.unwrap().0 + v.rows)
        .max()
        .unwrap_or(0);
    assert!(
        patch_locations.iter().all(|&l| l >= control_rows),
        "{patch_locations:?} vs {control_rows}"
    );
}

#[test]
fn typed_64_bit_atomics_use_r64_images() {
    // RWTexture2D<uint64_t>, RWBuffer<int64_t>, RWTexture2DArray<uint64_t>
    // and a heap RWTexture1D<uint64_t> with SM 6.6 64-bit atomics.
    let out = compiled("advanced/atomic64-typed-resources");
    let a = dxil2spirv::validate::disassemble(&out.spirv).unwrap();
    assert!(a.contains("OpCapability Int64ImageEXT"), "{a}");
    let r64: Vec<&str> = a
        .lines()
        .filter(|l| l.contains("OpTypeImage") && (l.ends_with(" R64ui") || l.ends_with(" R64i")))
        .collect();
    assert!(r64.len() >= 3, "{r64:?}");
    assert!(
        a.contains("OpAtomicUMax") || a.contains("OpAtomicSMax"),
        "{a}"
    );
    let formats: Vec<_> = out
        .reflection
        .resources
        .iter()
        .filter_map(|r| r.format.as_deref())
        .collect();
    // DXC's metadata gives the 64-bit elements as 32-bit types (U32 here),
    // so the signedness of the view is the metadata's.
    assert!(
        formats.len() >= 3 && formats.iter().all(|f| f.starts_with("R64")),
        "{formats:?}"
    );
}

#[test]
fn gather_raw_reads_both_halves_of_64_bit_texels() {
    // GatherRaw on Texture2D<uint16_t>, <uint> and <uint64_t>: one gather
    // each for 16 and 32 bits, two (low, high channel) for 64 bits.
    let a = asm("advanced/sm67-gatherraw-uint-formats");
    assert_eq!(a.matches("OpImageGather ").count(), 4, "{a}");
    assert!(a.contains("OpShiftLeftLogical"), "{a}");
}

#[test]
fn attributes_at_vertices_are_per_vertex_arrays() {
    // GetAttributeAtVertex on NORMAL (location 1) and TILE (location 2).
    let a = asm("advanced/bary-ps68-attribute-at-vertex-struct");
    assert!(a.contains("OpCapability FragmentBarycentricKHR"), "{a}");
    let d = decorations(&a);
    for loc in [1, 2] {
        let id = id_decorated(&a, &format!("Location {loc}"));
        let ds = &d[&id];
        assert!(ds.contains(&"PerVertexKHR".to_string()), "{ds:?}");
        assert!(!ds.contains(&"Flat".to_string()), "{ds:?}");
    }
}
