//! Inline ray tracing: what the SPIR-V of the corpus ray-query blobs must
//! say (they are also validated by `emit_corpus`).

use dxil2spirv::compile::Output;

use crate::common;

/// Corpus blob `advanced/<name>`, compiled.
fn compile(name: &str) -> Output {
    common::corpus::compiled(&format!("advanced/{name}"))
}

fn asm(out: &Output) -> String {
    dxil2spirv::validate::disassemble(&out.spirv).expect("disassembly")
}

/// The id of the `uint` constant with this value.
fn uint_const(a: &str, v: u32) -> String {
    let uint = a
        .lines()
        .find(|l| l.ends_with("= OpTypeInt 32 0"))
        .and_then(|l| l.split_whitespace().next())
        .expect("uint type");
    a.lines()
        .find(|l| {
            l.contains(&format!("= OpConstant  {uint}  {v}")) && l.ends_with(&format!(" {v}"))
        })
        .and_then(|l| l.split_whitespace().next())
        .unwrap_or_else(|| panic!("no uint constant {v}"))
        .to_string()
}

#[test]
fn trace_flags_combine_the_allocation_and_the_call() {
    // AllocateRayQuery(ACCEPT_FIRST_HIT | SKIP_PROCEDURAL = 0x204) traced
    // with FORCE_OPAQUE (1): the query runs with 0x205, and skipping a
    // primitive kind needs RayTraversalPrimitiveCullingKHR.
    let out = compile("rq-cs-shadow-first-hit");
    let a = asm(&out);
    assert!(a.contains("OpCapability RayQueryKHR"), "{a}");
    assert!(
        a.contains("OpCapability RayTraversalPrimitiveCullingKHR"),
        "{a}"
    );
    let flags = uint_const(&a, 0x205);
    let init: Vec<&str> = a
        .lines()
        .find(|l| l.starts_with("OpRayQueryInitializeKHR"))
        .expect("initialize")
        .split_whitespace()
        .collect();
    assert_eq!(init[3], flags, "{a}");
    assert!(out
        .reflection
        .resources
        .iter()
        .any(|r| r.descriptor_type.name() == "acceleration_structure"));
}

#[test]
fn matrices_are_read_column_major() {
    // CommittedObjectToWorld3x4(row 0, col 3) is column 3, row 0 of
    // Vulkan's 4-column matrix.
    let a = asm(&compile("rq-committed-queries-all"));
    let matrices: Vec<&str> = a
        .lines()
        .filter(|l| l.contains("OpRayQueryGetIntersectionObjectToWorldKHR"))
        .filter_map(|l| l.split_whitespace().next())
        .collect();
    assert!(!matrices.is_empty(), "{a}");
    let extracts: Vec<(String, String)> = a
        .lines()
        .filter(|l| l.contains("OpCompositeExtract"))
        .filter_map(|l| {
            let w: Vec<&str> = l.split_whitespace().collect();
            matrices
                .contains(&w[w.len() - 3])
                .then(|| (w[w.len() - 2].to_string(), w[w.len() - 1].to_string()))
        })
        .collect();
    assert!(extracts.contains(&("3".into(), "0".into())), "{extracts:?}");
    assert!(extracts
        .iter()
        .all(|(c, r)| c.as_str() < "4" && r.as_str() < "3"));
}

#[test]
fn instance_index_and_id_swap_names() {
    // D3D's InstanceIndex is Vulkan's instance id; D3D's InstanceID is
    // Vulkan's custom index.
    let a = asm(&compile("rq-committed-queries-all"));
    assert!(a.contains("OpRayQueryGetIntersectionInstanceIdKHR"), "{a}");
    assert!(
        a.contains("OpRayQueryGetIntersectionInstanceCustomIndexKHR"),
        "{a}"
    );
}

#[test]
fn opacity_micromaps_need_their_extension() {
    // RayQuery<RAY_FLAG_FORCE_OMM_2_STATE, RAYQUERY_FLAG_ALLOW_OPACITY_MICROMAPS>
    // traced with RAY_FLAG_NONE: the query runs with 0x400.
    let a = asm(&compile("sm69-rayquery-opacity-micromaps"));
    assert!(
        a.contains("OpCapability RayTracingOpacityMicromapEXT"),
        "{a}"
    );
    assert!(
        a.contains("OpExtension \"SPV_EXT_opacity_micromap\""),
        "{a}"
    );
    let flags = uint_const(&a, 0x400);
    assert!(
        a.lines()
            .filter(|l| l.starts_with("OpRayQueryInitializeKHR"))
            .any(|l| l.split_whitespace().nth(3) == Some(flags.as_str())),
        "{a}"
    );
}
