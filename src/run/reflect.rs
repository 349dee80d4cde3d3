//! From the compiler's output to the harness's inputs: compiling a blob so
//! that it binds on common devices, and the [`BindingDesc`]s of its
//! [`Reflection`].

use super::binding::{BindingDesc, BindingKind, BindingResource};
use super::spec::{RegisterClass, RegisterKey, RunSpec};
use crate::compile::{CompileOptions, Compiler, DescriptorType, Output, ResourceClass, SetPolicy};
use crate::emit::Reflection;
use crate::error::Result;

/// Descriptor sets every device binds at once (`maxBoundDescriptorSets` is
/// often 8, and 4 is the Vulkan minimum; the run specs stay below 8).
pub const PORTABLE_SET_COUNT: u32 = 8;

/// Compiles `blob` with `options`; if the result would use a descriptor set
/// at or above [`PORTABLE_SET_COUNT`] under [`SetPolicy::Space`], compiles
/// it again with [`SetPolicy::Compact`] (sets numbered by space rank).
pub fn compile_for_run(blob: &[u8], options: &CompileOptions) -> Result<Output> {
    let out = Compiler::new(options.clone()).compile(blob)?;
    let high = out
        .reflection
        .resources
        .iter()
        .any(|r| r.set >= PORTABLE_SET_COUNT);
    if high && options.sets == SetPolicy::Space {
        let compact = CompileOptions {
            sets: SetPolicy::Compact,
            ..options.clone()
        };
        return Compiler::new(compact).compile(blob);
    }
    Ok(out)
}

/// The harness bindings of a compiled shader: one per reflected buffer,
/// image or sampler that the spec declares (plus its hidden counter, if
/// any), and one runtime array per binding of the SM 6.6 heaps that the
/// shader's heap views use (plus the heap's counter array), at the set and
/// binding reflection gives them: the harness places each spec `heap[N]`
/// buffer or image (`sampler_heap[N]` sampler) by its view's descriptor
/// type, never by binding number. A register array is bound element by
/// element when the spec declares its first register. Acceleration
/// structures and register resources the spec does not declare are left
/// out.
pub fn bindings_from_reflection(refl: &Reflection, spec: &RunSpec) -> Vec<BindingDesc> {
    let mut out: Vec<BindingDesc> = Vec::new();
    for r in &refl.resources {
        if r.heap {
            let mut heap = Vec::new();
            if let Some(kind) = binding_kind(r.descriptor_type) {
                heap.push(BindingDesc::heap(r.set, r.binding, kind));
            }
            if let Some((s, b)) = r.counter {
                heap.push(BindingDesc::heap_counters(s, b));
            }
            for d in heap {
                // Views of one descriptor type alias one binding.
                if !out.iter().any(|o| (o.set, o.binding) == (d.set, d.binding)) {
                    out.push(d);
                }
            }
            continue;
        }
        let class = match r.class {
            ResourceClass::Srv => RegisterClass::Srv,
            ResourceClass::Uav => RegisterClass::Uav,
            ResourceClass::Cbv => RegisterClass::Cbv,
            ResourceClass::Sampler => RegisterClass::Sampler,
        };
        let key = RegisterKey::new(class, r.register).in_space(r.space);
        let Some(kind) = binding_kind(r.descriptor_type) else {
            continue;
        };
        if r.count > 1 && r.count != u32::MAX {
            // A register array: bound when the spec declares its first
            // element (the plan then wants every element).
            if spec.resource(&key).is_some() {
                out.push(BindingDesc {
                    set: r.set,
                    binding: r.binding,
                    kind,
                    resource: BindingResource::Registers {
                        first: key,
                        count: r.count,
                    },
                });
            }
            continue;
        }
        if spec.resource(&key).is_none() {
            continue;
        }
        out.push(BindingDesc::new(r.set, r.binding, kind, key));
        if let Some((s, b)) = r.counter {
            out.push(BindingDesc::counter(s, b, key));
        }
    }
    out
}

/// The harness kind of a descriptor type (texel buffers take the spec
/// resource's format); `None` for acceleration structures.
fn binding_kind(ty: DescriptorType) -> Option<BindingKind> {
    match ty {
        DescriptorType::StorageBuffer => Some(BindingKind::StorageBuffer),
        DescriptorType::UniformBuffer => Some(BindingKind::UniformBuffer),
        DescriptorType::UniformTexelBuffer => {
            Some(BindingKind::UniformTexelBuffer { format: None })
        }
        DescriptorType::StorageTexelBuffer => {
            Some(BindingKind::StorageTexelBuffer { format: None })
        }
        DescriptorType::SampledImage => Some(BindingKind::SampledImage),
        DescriptorType::StorageImage => Some(BindingKind::StorageImage),
        DescriptorType::Sampler => Some(BindingKind::Sampler),
        DescriptorType::AccelerationStructure => None,
    }
}
