//! The failure classes of issue 15, each on a small shader of its own
//! (`tests/classes/`, built by DXC; independent of the corpus): every one
//! translates, every module passes the current spirv-val, and a shader with
//! a `.run` spec next to it runs on the Vulkan device with the expected
//! results. Each test failed before its class was fixed.

use crate::common;

use dxil2spirv::compile::{CompileOptions, Compiler, Output};
use dxil2spirv::run::{self, RunSpec};
use std::path::{Path, PathBuf};

fn path(name: &str, ext: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("tests/classes/{name}.{ext}"))
}

/// Every module of `tests/classes/<name>.dxil`, validated by both
/// validators; run on the device when there is a `.run` spec.
fn check(name: &str) -> Vec<Output> {
    let blob = std::fs::read(path(name, "dxil")).unwrap();
    let outs = Compiler::new(CompileOptions::default())
        .compile_all(&blob)
        .unwrap_or_else(|e| panic!("{name}: {e}"));
    for o in &outs {
        common::spirv_val::assert_valid(name, &o.spirv);
    }
    let spec_path = path(name, "run");
    if spec_path.exists() {
        run_spec(name, &blob, &spec_path);
    }
    outs
}

/// Runs the spec on the first Vulkan device (skipped, saying so, with
/// `DXIL2SPIRV_NO_VULKAN=1`).
fn run_spec(name: &str, blob: &[u8], spec_path: &Path) {
    let _turn = common::vulkan::turn();
    if !common::vulkan::available() {
        return;
    }
    let out = run::compile_for_run(blob, &CompileOptions::default()).unwrap();
    let spec = RunSpec::from_file(spec_path).unwrap();
    let report = common::vulkan::run_reflected(&spec, &out.spirv, &out.reflection)
        .unwrap_or_else(|e| panic!("{name}: {e}"));
    assert!(report.passed, "{name}: {}", report.summary());
}

/// The disassembly of the only module of `name`.
fn asm(outs: &[Output]) -> String {
    let [out] = outs else {
        panic!("{} modules", outs.len())
    };
    dxil2spirv::validate::disassemble(&out.spirv).unwrap()
}

#[test]
fn msad_sums_the_masked_byte_differences() {
    check("msad");
}

#[test]
fn firstbit_and_countbits_take_64_bit_integers() {
    check("firstbit64");
}

#[test]
fn tbuffer_loads_count_16_byte_registers() {
    check("tbuffer");
}

#[test]
fn texture_store_sample_writes_one_sample() {
    let a = asm(&check("texture-store-sample"));
    assert_eq!(a.matches(" Sample %").count(), 2, "{a}");
    assert!(a.contains("OpCapability StorageImageMultisample"), "{a}");
}

/// The decorations (`Location 2`, `Component 1`, ...) of the variable
/// named `name` in disassembly `a`.
fn decorations(a: &str, name: &str) -> Vec<String> {
    let id = a
        .lines()
        .find_map(|l| {
            l.strip_prefix("OpName ")
                .and_then(|r| r.strip_suffix(&format!(" \"{name}\"")))
        })
        .unwrap_or_else(|| panic!("no variable {name} in {a}"));
    let prefix = format!("OpDecorate {id} ");
    a.lines()
        .filter_map(|l| l.strip_prefix(&prefix).map(str::to_string))
        .collect()
}

#[test]
fn layer_and_viewport_index_reach_geometry_and_hull_inputs_by_location() {
    let vs = asm(&check("vs-layer-viewport-out"));
    // The rasterizer's built-ins, and copies where the next stage reads.
    assert!(
        vs.contains("BuiltIn Layer") && vs.contains("BuiltIn ViewportIndex"),
        "{vs}"
    );
    for (stage, sv) in [
        ("gs-layer-viewport-in", "SV_RenderTargetArrayIndex0"),
        ("gs-layer-viewport-in", "SV_ViewportArrayIndex0"),
        ("hs-layer-in", "SV_RenderTargetArrayIndex0"),
        ("hs-layer-in", "SV_ViewportArrayIndex0"),
    ] {
        let a = asm(&check(stage));
        let read = decorations(&a, &format!("in.{sv}"));
        assert!(
            read.iter().any(|d| d.starts_with("Location ")),
            "{stage}: {read:?}"
        );
        assert_eq!(read, decorations(&vs, &format!("out.{sv}")), "{stage} {sv}");
    }
}

#[test]
fn group_wave_index_and_count_and_the_debugger_queries_translate() {
    let a = asm(&check("group-wave-debug"));
    assert!(
        a.contains("BuiltIn SubgroupId") && a.contains("BuiltIn NumSubgroups"),
        "{a}"
    );
}

#[test]
fn mesh_shaders_without_outputs_declare_one_of_each() {
    let a = asm(&check("ms-no-outputs"));
    assert!(
        a.contains("OutputVertices 1") && a.contains("OutputPrimitivesEXT 1"),
        "{a}"
    );
}

#[test]
fn geometry_shaders_may_write_is_front_face() {
    let a = asm(&check("gs-front-face-out"));
    let d = decorations(&a, "out.SV_IsFrontFace0");
    assert_eq!(d, ["Location 1"], "{a}");
}

#[test]
fn geometry_shaders_without_an_input_primitive_take_triangles_and_say_so() {
    let outs = check("gs-no-vertex-inputs");
    assert!(asm(&outs).contains("OpExecutionMode %") && asm(&outs).contains(" Triangles"));
    assert!(
        outs[0]
            .warnings
            .iter()
            .any(|w| w.contains("no input primitive")),
        "{:?}",
        outs[0].warnings
    );
}

#[test]
fn vendor_extension_intrinsics_are_named_unsupported_errors() {
    use dxil2spirv::error::{Feature, Unsupported};
    for name in ["vendor-nvapi", "vendor-amd-ags"] {
        let blob = std::fs::read(path(name, "dxil")).unwrap();
        let e = Compiler::default().compile_all(&blob).unwrap_err();
        assert_eq!(
            e.unsupported_detail(),
            Some(Unsupported::Feature(Feature::VendorExtension)),
            "{name}: {e}"
        );
        assert!(e.to_string().contains("shader extension intrinsics"), "{e}");
    }
}

#[test]
fn derivatives_and_wave_multi_prefix_take_sm69_vectors() {
    let a = asm(&check("vector-overloads-ps"));
    assert!(a.matches("OpDPdxCoarse").count() >= 6, "{a}");
    check("vector-multiprefix-cs");
}

#[test]
fn triangle_object_positions_fetch_the_vertices() {
    let outs = check("triangle-positions");
    let of = |entry: &str| {
        let o = outs
            .iter()
            .find(|o| o.reflection.entry_point == entry)
            .unwrap();
        dxil2spirv::validate::disassemble(&o.spirv).unwrap()
    };
    let hit = of("Hit");
    assert!(
        hit.contains("BuiltIn HitTriangleVertexPositionsKHR"),
        "{hit}"
    );
    let query = of("Query");
    assert_eq!(
        query
            .matches("OpRayQueryGetIntersectionTriangleVertexPositionsKHR")
            .count(),
        2,
        "{query}"
    );
}

#[test]
fn a_built_in_written_by_several_streams_has_one_stream() {
    let a = asm(&check("gs-position-in-three-streams"));
    for line in a.lines().filter(|l| l.ends_with("BuiltIn Position")) {
        let var = line.split(' ').nth(1).unwrap();
        let streams = a
            .lines()
            .filter(|l| l.starts_with(&format!("OpDecorate {var} Stream")))
            .count();
        assert!(streams <= 1, "{var}: {streams} Stream decorations\n{a}");
    }
    assert_eq!(a.matches("OpEmitStreamVertex").count(), 3, "{a}");
}

#[test]
fn matrices_viewed_through_vector_pointers_are_accessed_element_wise() {
    // `-Od` stores and loads payload matrices through `<12 x float>*` and
    // `<4 x float>*` bitcasts of `%class.matrix.*` pointers.
    let a = asm(&check("payload-matrix-od"));
    assert!(a.contains("OpCompositeConstruct"), "{a}");
}

#[test]
fn ray_query_handles_merged_from_two_queries_index_one_array() {
    // Two `RayQuery` objects whose handles a phi (`-Od`) or a select
    // (`-O3`) merges: both queries are elements of one array, the phi or
    // select merges their indices and each operation access-chains the
    // element the handle names.
    for (name, merge) in [
        ("ray-query-phi-two-queries", "OpPhi"),
        ("ray-query-phi-select", "OpSelect"),
    ] {
        let a = asm(&check(name));
        let lines: Vec<Vec<&str>> = a.lines().map(|l| l.split_whitespace().collect()).collect();
        // The id that `%id = <rest>` defines.
        let def = |rest: &[&str]| {
            lines
                .iter()
                .find(|l| l.get(2..) == Some(rest))
                .map(|l| l[0].to_string())
                .unwrap_or_else(|| panic!("{name}: no {rest:?} in {a}"))
        };
        let rq = def(&["OpTypeRayQueryKHR"]);
        let ptr = def(&["OpTypePointer", "Function", &rq]);
        let count = |op: &str| lines.iter().filter(|l| l.get(2) == Some(&op)).count();
        let array = |l: &&Vec<&str>| l.get(2..4) == Some(&["OpTypeArray", &rq]);
        assert_eq!(lines.iter().filter(array).count(), 1, "{name}: {a}");
        assert_eq!(count(merge), 1, "{name}: {a}");
        let chains = lines
            .iter()
            .filter(|l| l.get(2..4) == Some(&["OpAccessChain", &ptr]));
        assert_eq!(chains.count(), 3, "{name}: {a}");
    }
}

/// The decorations other than `BuiltIn` of the variable that is built-in
/// `bi` in disassembly `a` (none when there is no such variable).
fn builtin_decorations(a: &str, bi: &str) -> Vec<String> {
    let Some(id) = a.lines().find_map(|l| {
        l.strip_prefix("OpDecorate ")
            .and_then(|r| r.strip_suffix(&format!(" BuiltIn {bi}")))
    }) else {
        return Vec::new();
    };
    let prefix = format!("OpDecorate {id} ");
    a.lines()
        .filter_map(|l| l.strip_prefix(&prefix))
        .filter(|d| !d.starts_with("BuiltIn "))
        .map(str::to_string)
        .collect()
}

#[test]
fn pixel_shader_built_in_inputs_keep_their_interpolation_mode() {
    let a = asm(&check("ps-builtin-sample-interp"));
    for bi in ["FragCoord", "BaryCoordKHR", "ClipDistance", "CullDistance"] {
        assert_eq!(builtin_decorations(&a, bi), ["Sample"], "{bi}\n{a}");
    }
    // A per-sample SV_Position makes the shader run per sample, as D3D
    // does: a SampleId input enables sample shading.
    assert_eq!(builtin_decorations(&a, "SampleId"), ["Flat"], "{a}");
    assert!(a.contains("OpCapability SampleRateShading"), "{a}");

    let a = asm(&check("ps-builtin-centroid-interp"));
    assert_eq!(builtin_decorations(&a, "FragCoord"), [] as [&str; 0], "{a}");
    assert_eq!(
        builtin_decorations(&a, "BaryCoordNoPerspKHR"),
        ["Centroid"],
        "{a}"
    );
    assert_eq!(builtin_decorations(&a, "ClipDistance"), ["Centroid"], "{a}");
    assert_eq!(
        builtin_decorations(&a, "CullDistance"),
        ["NoPerspective"],
        "{a}"
    );
    assert!(
        !a.contains("SampleId") && !a.contains("SampleRateShading"),
        "{a}"
    );
}

#[test]
fn a_centroid_position_is_the_pixel_center_and_says_so() {
    let outs = check("ps-position-centroid");
    assert_eq!(builtin_decorations(&asm(&outs), "FragCoord"), ["Centroid"]);
    assert!(
        outs[0]
            .warnings
            .iter()
            .any(|w| w.contains("Vulkan ignores Centroid on FragCoord")),
        "{:?}",
        outs[0].warnings
    );
}

#[test]
fn clip_distances_interpolated_differently_are_a_named_unsupported_error() {
    use dxil2spirv::error::{Feature, Unsupported};
    let blob = std::fs::read(path("ps-clip-mixed-interp", "dxil")).unwrap();
    let e = Compiler::default().compile_all(&blob).unwrap_err();
    assert_eq!(
        e.unsupported_detail(),
        Some(Unsupported::Feature(Feature::SystemValue)),
        "{e}"
    );
    assert!(e.to_string().contains("one interpolation mode"), "{e}");
}
