//! SM 6.6 descriptor heaps: every view a shader takes from
//! `ResourceDescriptorHeap`/`SamplerDescriptorHeap` is a runtime descriptor
//! array in the heap set, at its descriptor type's binding, indexed by the
//! heap index (the blobs are also validated by `emit_corpus`).

use dxil2spirv::compile::{CompileOptions, Output};
use dxil2spirv::emit::heap_binding;

use crate::common;

fn compile(name: &str, options: CompileOptions) -> Output {
    common::corpus::compile(name, options).unwrap_or_else(|e| panic!("{name}: {e}"))
}

#[test]
fn every_view_binds_by_descriptor_type_in_the_heap_set() {
    let out = compile("binding/heap66-all-kinds", CompileOptions::default());
    let heap: Vec<_> = out.reflection.resources.iter().filter(|r| r.heap).collect();
    assert!(heap.len() >= 8, "{heap:?}");
    for r in &heap {
        let want = match r.descriptor_type.name() {
            "sampled_image" => heap_binding::SAMPLED_IMAGE,
            "storage_image" => heap_binding::STORAGE_IMAGE,
            "uniform_texel_buffer" => heap_binding::UNIFORM_TEXEL_BUFFER,
            "storage_texel_buffer" => heap_binding::STORAGE_TEXEL_BUFFER,
            "storage_buffer" => heap_binding::STORAGE_BUFFER,
            "uniform_buffer" => heap_binding::UNIFORM_BUFFER,
            "sampler" => heap_binding::SAMPLER,
            other => panic!("unexpected heap descriptor type {other}"),
        };
        assert_eq!((r.set, r.binding), (7, want), "{r:?}");
        assert_eq!(r.count, u32::MAX, "a runtime array: {r:?}");
    }
    // Bound resources keep their register bindings.
    assert!(out
        .reflection
        .resources
        .iter()
        .any(|r| !r.heap && r.set == 0));
    // Views of one type alias one binding: the SPIR-V has runtime arrays.
    let a = dxil2spirv::validate::disassemble(&out.spirv).unwrap();
    assert!(a.contains("OpTypeRuntimeArray"), "{a}");
    assert!(a.contains("OpCapability RuntimeDescriptorArray"), "{a}");
}

#[test]
fn the_heap_set_is_an_option() {
    let options = CompileOptions {
        heap_set: 3,
        ..CompileOptions::default()
    };
    let out = compile("binding/heap66-nonuniform-loop", options);
    assert!(out
        .reflection
        .resources
        .iter()
        .filter(|r| r.heap)
        .all(|r| r.set == 3));
}

#[test]
fn non_uniform_heap_indices_are_decorated() {
    let out = compile("binding/heap66-nonuniform-loop", CompileOptions::default());
    let a = dxil2spirv::validate::disassemble(&out.spirv).unwrap();
    assert!(
        a.contains("OpCapability StorageBufferArrayNonUniformIndexing"),
        "{a}"
    );
    assert!(a.contains(" NonUniform\n"), "{a}");
}

#[test]
fn heap_uav_counters_index_the_counter_binding() {
    let out = compile("binding/heap66-counters-append", CompileOptions::default());
    let counters: Vec<_> = out
        .reflection
        .resources
        .iter()
        .filter_map(|r| r.heap.then_some(r.counter).flatten())
        .collect();
    assert!(!counters.is_empty());
    assert!(counters.iter().all(|&c| c == (7, heap_binding::COUNTER)));
}
