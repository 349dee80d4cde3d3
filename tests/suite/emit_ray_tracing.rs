//! DXR libraries: one SPIR-V module per export, with the interface,
//! built-ins and calls `SPV_KHR_ray_tracing` expects (every module is also
//! validated here and by `emit_corpus`).

use dxil2spirv::compile::{CompileOptions, Compiler, Output};
use dxil2spirv::ErrorKind;

use crate::common;

/// Every export of corpus blob `advanced/<name>`, compiled and validated.
fn exports(name: &str) -> Vec<Output> {
    let path = common::corpus::root().join(format!("advanced/{name}.dxil"));
    let blob = std::fs::read(&path).unwrap();
    let outs = Compiler::default()
        .compile_all(&blob)
        .unwrap_or_else(|e| panic!("{name}: {e}"));
    for o in &outs {
        common::spirv_val::assert_valid(&o.reflection.entry_point, &o.spirv);
    }
    outs
}

/// The export called `entry` of `advanced/<name>`, disassembled.
fn export_asm(name: &str, entry: &str) -> String {
    let out = exports(name)
        .into_iter()
        .find(|o| o.reflection.entry_point == entry)
        .unwrap_or_else(|| panic!("{name} exports no {entry}"));
    dxil2spirv::validate::disassemble(&out.spirv).expect("disassembly")
}

/// Compiles `advanced/<name>` with `entry_point` set.
fn compile_entry(name: &str, entry: Option<&str>) -> dxil2spirv::Result<Output> {
    let options = CompileOptions {
        entry_point: entry.map(str::to_string),
        ..CompileOptions::default()
    };
    common::corpus::compile(&format!("advanced/{name}"), options)
}

/// The ids of the variables of a storage class.
fn vars(a: &str, class: &str) -> Vec<String> {
    a.lines()
        .filter(|l| l.contains("= OpVariable") && l.ends_with(&format!(" {class}")))
        .filter_map(|l| l.split_whitespace().next().map(str::to_string))
        .collect()
}

/// The number of lines that start with (or, for results, contain) `op`.
fn count(a: &str, op: &str) -> usize {
    a.lines()
        .filter(|l| l.trim_start().starts_with(op) || l.contains(&format!("= {op} ")))
        .count()
}

#[test]
fn every_export_is_its_own_module() {
    let outs = exports("dxr-raygen-pinhole-camera");
    let shape: Vec<(&str, &str)> = outs
        .iter()
        .map(|o| (o.reflection.entry_point.as_str(), o.reflection.stage))
        .collect();
    assert_eq!(
        shape,
        [
            ("PrimaryClosestHit", "closesthit"),
            ("PrimaryMiss", "miss"),
            ("RayGen", "raygeneration")
        ]
    );
    for (out, model) in outs
        .iter()
        .zip(["ClosestHitKHR", "MissKHR", "RayGenerationKHR"])
    {
        let a = dxil2spirv::validate::disassemble(&out.spirv).unwrap();
        let entries: Vec<&str> = a
            .lines()
            .filter(|l| l.starts_with("OpEntryPoint"))
            .collect();
        assert_eq!(entries.len(), 1, "{a}");
        assert!(
            entries[0].starts_with(&format!("OpEntryPoint {model} ")),
            "{a}"
        );
        assert!(a.contains("OpCapability RayTracingKHR"), "{a}");
        assert!(out
            .reflection
            .extensions
            .iter()
            .any(|e| e == "SPV_KHR_ray_tracing"));
    }
}

#[test]
fn trace_ray_copies_the_payload_through_a_located_variable() {
    let a = export_asm("dxr-raygen-pinhole-camera", "RayGen");
    let payload = vars(&a, "RayPayloadKHR");
    assert_eq!(payload.len(), 1, "{a}");
    let p = &payload[0];
    assert!(a.contains(&format!("OpDecorate {p} Location 0")), "{a}");
    let lines: Vec<&str> = a.lines().collect();
    let trace = lines
        .iter()
        .position(|l| l.starts_with("OpTraceRayKHR"))
        .expect("OpTraceRayKHR");
    assert!(lines[trace].ends_with(&format!(" {p}")), "{a}");
    // The local copy goes in right before the trace and comes back after.
    assert!(
        lines[trace - 1].starts_with(&format!("OpStore {p} ")),
        "{a}"
    );
    assert!(
        lines[trace + 1].contains("OpLoad") && lines[trace + 1].ends_with(&format!(" {p}")),
        "{a}"
    );
    // TraceRay(accel, RAY_FLAG_NONE, 0xFF, 0, 1, 0, ...).
    let ops: Vec<&str> = lines[trace].split_whitespace().collect();
    assert_eq!(ops.len(), 12, "{}", lines[trace]);
}

#[test]
fn hit_shaders_read_their_payload_and_attributes_in_place() {
    let a = export_asm("dxr-raygen-pinhole-camera", "PrimaryClosestHit");
    let payload = vars(&a, "IncomingRayPayloadKHR");
    let attributes = vars(&a, "HitAttributeKHR");
    assert_eq!((payload.len(), attributes.len()), (1, 1), "{a}");
    let entry = a.lines().find(|l| l.starts_with("OpEntryPoint")).unwrap();
    assert!(
        entry.contains(&payload[0]) && entry.contains(&attributes[0]),
        "{a}"
    );
    // RayTCurrent() is the current tMax.
    assert!(a.contains("BuiltIn RayTmaxKHR"), "{a}");
    // `p.bounces + 1` is read and written through the incoming payload.
    assert!(count(&a, "OpStore") >= 2, "{a}");
    let miss = export_asm("dxr-raygen-pinhole-camera", "PrimaryMiss");
    assert_eq!(vars(&miss, "IncomingRayPayloadKHR").len(), 1, "{miss}");
    assert!(vars(&miss, "HitAttributeKHR").is_empty(), "{miss}");
    assert!(miss.contains("BuiltIn WorldRayDirectionKHR"), "{miss}");
}

#[test]
fn ignore_and_accept_end_their_block() {
    let a = export_asm("dxr-anyhit-alpha-ignorehit", "AlphaTestAnyHit");
    assert_eq!(count(&a, "OpIgnoreIntersectionKHR"), 1, "{a}");
    let any = exports("dxr-shadow-accept-first-hit");
    let accepts: usize = any
        .iter()
        .map(|o| {
            count(
                &dxil2spirv::validate::disassemble(&o.spirv).unwrap(),
                "OpTerminateRayKHR",
            )
        })
        .sum();
    assert!(accepts >= 1);
}

#[test]
fn report_hit_writes_the_one_hit_attribute_variable() {
    let a = export_asm("dxr-intersection-box-two-reports", "BoxIntersection");
    let attributes = vars(&a, "HitAttributeKHR");
    assert_eq!(attributes.len(), 1, "{a}");
    assert_eq!(count(&a, "OpReportIntersectionKHR"), 2, "{a}");
    let lines: Vec<&str> = a.lines().collect();
    for (i, l) in lines.iter().enumerate() {
        if l.contains("OpReportIntersectionKHR") {
            assert!(
                lines[i - 1].starts_with(&format!("OpStore {} ", attributes[0])),
                "the attributes are written right before the report: {a}"
            );
        }
    }
}

#[test]
fn callable_data_goes_through_callable_variables() {
    let a = export_asm("dxr-callable-from-hit-and-miss", "CallClosestHit");
    assert_eq!(count(&a, "OpExecuteCallableKHR"), 1, "{a}");
    assert_eq!(vars(&a, "CallableDataKHR").len(), 1, "{a}");
    let callee = export_asm("dxr-callable-from-hit-and-miss", "LambertBrdf");
    assert!(callee.contains("OpEntryPoint CallableKHR"), "{callee}");
    assert_eq!(
        vars(&callee, "IncomingCallableDataKHR").len(),
        1,
        "{callee}"
    );
}

#[test]
fn system_values_follow_d3d_names() {
    let a = export_asm("dxr-system-values-dump", "DumpClosestHit");
    for bi in [
        "InstanceId",             // D3D InstanceIndex()
        "InstanceCustomIndexKHR", // D3D InstanceID()
        "PrimitiveId",
        "HitKindKHR",
        "ObjectToWorldKHR",
        "WorldToObjectKHR",
        "LaunchIdKHR",
    ] {
        assert!(a.contains(&format!("BuiltIn {bi}\n")), "{bi}: {a}");
    }
    // ObjectToWorld(row, col) reads column `col` (0..=3) of Vulkan's
    // 4-column matrix, then row `row` (0..=2) of that column.
    let o2w = a
        .lines()
        .find(|l| l.ends_with("BuiltIn ObjectToWorldKHR"))
        .and_then(|l| l.split_whitespace().nth(1))
        .unwrap();
    let loads: Vec<&str> = a
        .lines()
        .filter(|l| l.contains("OpLoad") && l.ends_with(&format!(" {o2w}")))
        .filter_map(|l| l.split_whitespace().next())
        .collect();
    let columns: std::collections::BTreeSet<&str> = a
        .lines()
        .filter(|l| l.contains("OpCompositeExtract"))
        .filter_map(|l| {
            let w: Vec<&str> = l.split_whitespace().collect();
            loads.contains(&w[w.len() - 2]).then(|| w[w.len() - 1])
        })
        .collect();
    assert_eq!(
        columns.into_iter().collect::<Vec<_>>(),
        ["0", "1", "2", "3"],
        "{a}"
    );
}

#[test]
fn library_resources_are_loaded_globals() {
    // lib_6_6: `HeapSlots` is a global handle passed through
    // createHandleForLib and annotateHandle; the rest comes from the heap.
    // `used` is per export: the miss shader does not read HeapSlots.
    let outs = exports("dxr-lib66-heap-indexed-materials");
    let used: Vec<(&str, bool)> = outs
        .iter()
        .map(|o| {
            let slots = o
                .reflection
                .resources
                .iter()
                .find(|r| r.name == "HeapSlots");
            (
                o.reflection.entry_point.as_str(),
                slots.expect("HeapSlots reflected").used,
            )
        })
        .collect();
    assert_eq!(
        used,
        [
            ("HeapClosestHit", true),
            ("HeapMiss", false),
            ("HeapRayGen", true)
        ]
    );
}

#[test]
fn entry_point_option_picks_an_export() {
    let name = "dxr-raygen-pinhole-camera";
    let miss = compile_entry(name, Some("PrimaryMiss")).unwrap();
    assert_eq!(miss.reflection.stage, "miss");
    let mangled = compile_entry(name, Some("\u{1}?RayGen@@YAXXZ")).unwrap();
    assert_eq!(mangled.reflection.entry_point, "RayGen");

    let e = compile_entry(name, None).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::InvalidInput);
    assert!(
        e.to_string()
            .contains("exports 3 shaders: choose one (`--entry NAME`"),
        "{e}"
    );
    assert!(
        e.to_string()
            .contains("PrimaryClosestHit, PrimaryMiss, RayGen"),
        "{e}"
    );
    let e = compile_entry(name, Some("Nope")).unwrap_err();
    assert!(e.to_string().contains("exports no shader 'Nope'"), "{e}");

    // Other shaders: the option must name their entry point, if given.
    let cs = "compute/int-add-sub-mul-wrap";
    let with = |entry: &str| CompileOptions {
        entry_point: Some(entry.into()),
        ..CompileOptions::default()
    };
    assert!(common::corpus::compile(cs, with("main")).is_ok());
    let e = common::corpus::compile(cs, with("other")).unwrap_err();
    assert!(e.to_string().contains("no entry point 'other'"), "{e}");
}

#[test]
fn plain_exported_functions_are_not_shaders() {
    // Fresnel, Lambert and HashCell are exported functions, not shaders:
    // only the callable shader becomes a module.
    let outs = exports("dxr-lib-exported-functions");
    let names: Vec<&str> = outs
        .iter()
        .map(|o| o.reflection.entry_point.as_str())
        .collect();
    assert_eq!(names, ["ShadeCallable"]);
}

#[test]
fn work_graphs_and_hit_objects_from_ray_queries_say_what_is_missing() {
    let e = compile_entry("wg-broadcast-to-thread-nodes", Some("Accumulate")).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Unsupported);
    assert!(e.to_string().contains("work graph"), "{e}");
    let e = compile_entry("sm69-ser-hitobject-make-queries", Some("QueriesRayGen")).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Unsupported);
    assert!(
        e.to_string().contains("HitObject_FromRayQueryWithAttrs"),
        "{e}"
    );
    assert!(
        e.to_string().contains("OpHitObjectRecordFromQueryEXT"),
        "{e}"
    );
}

#[test]
fn hit_objects_live_in_variables_and_answer_like_d3d() {
    let a = export_asm("sm69-ser-hitobject-reorder", "ReorderRayGen");
    assert!(a.contains("OpCapability ShaderInvocationReorderNV"), "{a}");
    assert!(
        a.contains("OpExtension \"SPV_NV_shader_invocation_reorder\""),
        "{a}"
    );
    // One hit object variable, traced into, reordered with the hint and
    // its 4 bits, then shaded.
    let ho_ty = a
        .lines()
        .find(|l| l.ends_with("= OpTypeHitObjectNV"))
        .and_then(|l| l.split_whitespace().next())
        .expect("hit object type");
    let ptr_ty = a
        .lines()
        .find(|l| l.contains("OpTypePointer Function") && l.ends_with(&format!(" {ho_ty}")))
        .and_then(|l| l.split_whitespace().next())
        .expect("pointer type");
    let ho_vars: Vec<&str> = a
        .lines()
        .filter(|l| l.contains(&format!("= OpVariable  {ptr_ty}  Function")))
        .filter_map(|l| l.split_whitespace().next())
        .collect();
    assert_eq!(ho_vars.len(), 1, "{a}");
    let ho = ho_vars[0];
    for op in ["OpHitObjectTraceRayNV", "OpHitObjectExecuteShaderNV"] {
        let line = a.lines().find(|l| l.starts_with(op)).expect(op);
        assert!(line.starts_with(&format!("{op} {ho} ")), "{line}");
    }
    let reorder = a
        .lines()
        .find(|l| l.starts_with("OpReorderThreadWithHitObjectNV"))
        .expect("reorder");
    assert_eq!(
        reorder.split_whitespace().count(),
        4,
        "hint and bits: {reorder}"
    );
    // Hit properties are 0 unless the object is a hit (D3D's rule).
    let instance = a
        .lines()
        .find(|l| l.contains("OpHitObjectGetInstanceIdNV"))
        .and_then(|l| l.split_whitespace().next())
        .expect("instance index");
    assert!(
        a.lines()
            .any(|l| l.contains("OpSelect") && l.contains(&format!(" {instance} "))),
        "{a}"
    );
}
