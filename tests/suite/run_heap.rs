//! SM 6.6 heap buffers in the run harness: the heap bindings come from
//! reflection (wherever the compile options put the heap set), heap
//! buffers are placed by their view's descriptor type, and a device without
//! descriptor indexing (lavapipe) refuses a heap run with a named
//! `Unsupported` error instead of passing it. The corpus heap specs
//! themselves run in `emit_run::`.
use crate::common;

use dxil2spirv::compile::CompileOptions;
use dxil2spirv::run::{
    self, BindingDesc, BindingKind, BindingResource, HeapView, RegisterKey, RunSpec,
};
use dxil2spirv::ErrorKind;
use std::path::Path;

fn corpus(name: &str) -> (Vec<u8>, RunSpec) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus/binding");
    let blob = std::fs::read(dir.join(format!("{name}.dxil"))).expect("blob");
    let spec = RunSpec::from_file(dir.join(format!("{name}.run"))).expect("spec");
    (blob, spec)
}

#[test]
fn heap_bindings_come_from_reflection() {
    let (blob, spec) = corpus("heap66-slots-counters");
    for heap_set in [7, 3] {
        let options = CompileOptions {
            heap_set,
            ..CompileOptions::default()
        };
        let out = run::compile_for_run(&blob, &options).expect("compiles");
        let bindings = run::bindings_from_reflection(&out.reflection, &spec);
        let heap: Vec<&BindingDesc> = bindings
            .iter()
            .filter(|b| {
                matches!(
                    b.resource,
                    BindingResource::Heap | BindingResource::HeapCounters
                )
            })
            .collect();
        // The structured views share one storage-buffer array; their
        // counters have the counter array, both in the heap set.
        assert_eq!(
            heap,
            [
                &BindingDesc::heap(heap_set, 4, BindingKind::StorageBuffer),
                &BindingDesc::heap_counters(heap_set, 7),
            ],
            "heap set {heap_set}"
        );
        // The register UAV and cbuffer keep their own bindings.
        let registers: Vec<Option<RegisterKey>> = bindings
            .iter()
            .filter(|b| b.resource.key().is_some())
            .map(|b| b.resource.key())
            .collect();
        assert_eq!(
            registers,
            [Some(RegisterKey::uav(0)), Some(RegisterKey::cbv(0))]
        );
    }
}

#[test]
fn heap_views_pick_descriptor_types() {
    let typed = [
        BindingKind::UniformTexelBuffer { format: None },
        BindingKind::StorageTexelBuffer { format: None },
    ];
    for view in [HeapView::Raw, HeapView::Structured(8)] {
        assert!(BindingKind::StorageBuffer.holds(view));
        assert!(!BindingKind::UniformBuffer.holds(view));
        assert!(typed.iter().all(|k| !k.holds(view)));
    }
    assert!(typed.iter().all(|k| k.holds(HeapView::Typed)));
    assert!(!BindingKind::StorageBuffer.holds(HeapView::Typed));
    assert!(BindingKind::UniformBuffer.holds(HeapView::Cbv));
    assert!(!BindingKind::StorageBuffer.holds(HeapView::Cbv));
}

#[test]
fn heap_spec_passes_or_is_refused_by_name() {
    let _turn = common::vulkan::turn();
    if !common::vulkan::available() {
        return;
    }
    let (blob, spec) = corpus("heap66-slots-raw-structured");
    let out = run::compile_for_run(&blob, &CompileOptions::default()).expect("compiles");
    let bindings = run::bindings_from_reflection(&out.reflection, &spec);
    let vulkan = common::vulkan::vulkan();
    let (device, result) = vulkan
        .with_session(None, false, |session| {
            let r = session.run_spec(
                &spec,
                &out.spirv,
                &out.reflection.entry_point,
                &bindings,
                None,
                &run::RunOptions::default(),
            );
            (session.device().clone(), r)
        })
        .expect("session");
    match result {
        Ok(report) => assert!(report.passed, "{}", report.summary()),
        Err(e) => {
            // Never on NVIDIA; elsewhere only for missing descriptor indexing.
            assert!(!device.name.contains("NVIDIA"), "{e}");
            assert_eq!(e.kind(), ErrorKind::Unsupported, "{e}");
            assert!(
                e.message().contains("descriptor heap: the device lacks")
                    && e.message().contains("runtimeDescriptorArray"),
                "{e}"
            );
            eprintln!("SKIPPED: heap66-slots-raw-structured: {e}");
        }
    }
}

#[test]
fn heap_index_past_the_heap_is_a_spec_error() {
    let text = "dispatch = 1, 1, 1\nheap_size = 1000\nheap[1000] : u32[4] raw\n";
    let e = RunSpec::parse(text).expect_err("outside the heap");
    assert_eq!(e.kind(), ErrorKind::InvalidInput);
    assert!(
        e.message().contains("heap[1000] is outside the heap"),
        "{e}"
    );
}
