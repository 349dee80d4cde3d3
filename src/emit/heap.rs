//! SM 6.6 descriptor heaps: `ResourceDescriptorHeap[i]` and
//! `SamplerDescriptorHeap[i]` become runtime descriptor arrays in one
//! descriptor set (the heap set, [`EmitOptions::heap_set`]), one binding per
//! Vulkan descriptor type ([`heap_binding`]), indexed by the heap index.
//! Every distinct view the shader annotates (kind, UAV-ness, element type,
//! stride) is one [`ResourceDecl`] with [`ResourceDecl::heap`] set; views of
//! one descriptor type alias their binding.
//!
//! [`EmitOptions::heap_set`]: super::EmitOptions::heap_set

use super::context::Val;
use super::desc::{ResourceClass, ResourceDecl, ShaderDesc};
use super::resource::is_texture;
use super::Emitter;
use crate::dxil::operands::{AnnotateHandle, CreateHandleFromHeap};
use crate::dxil::{decode_operands, dx_op_calls_to, ComponentType, DxOp, OpCode, ResourceKind};
use crate::error::{Error, Phase, Result};
use crate::ir::{Constant, Module, ValueId};
use rustc_hash::FxHashMap as HashMap;

pub use crate::binding::heap_binding;

/// `%dx.types.ResourceProperties` word 0: bit 12 UAV, 14 globally
/// coherent, 15 has-counter (UAVs) or comparison (samplers).
const IS_UAV: u32 = 1 << 12;
const GLOBALLY_COHERENT: u32 = 1 << 14;
const HAS_COUNTER: u32 = 1 << 15;

/// The two words of a constant `%dx.types.ResourceProperties`.
fn props_of(m: &Module, v: ValueId) -> Option<(u32, u32)> {
    match m.constant(v)? {
        Constant::Null => Some((0, 0)),
        Constant::Aggregate(r) => {
            let mut words = m.value_list(*r).map(|v| m.const_uint(v).map(|c| c as u32));
            Some((words.next()??, words.next()??))
        }
        _ => None,
    }
}

/// The heap view that properties describe.
fn heap_view(props: (u32, u32)) -> Option<ResourceDecl> {
    let (basic, word1) = props;
    let kind = ResourceKind::from_u32(basic & 0xff)?;
    let uav = basic & IS_UAV != 0;
    let class = match kind {
        ResourceKind::CBuffer => ResourceClass::Cbv,
        ResourceKind::Sampler => ResourceClass::Sampler,
        _ if uav => ResourceClass::Uav,
        _ => ResourceClass::Srv,
    };
    let typed = kind == ResourceKind::TypedBuffer || is_texture(kind);
    Some(ResourceDecl {
        class,
        id: u32::MAX,
        name: if class == ResourceClass::Sampler {
            "SamplerDescriptorHeap".into()
        } else {
            "ResourceDescriptorHeap".into()
        },
        space: 0,
        lower_bound: 0,
        range_size: u32::MAX,
        kind,
        component_type: if typed {
            ComponentType::from_u32(word1 & 0xff)
        } else {
            None
        },
        stride: if kind == ResourceKind::StructuredBuffer {
            word1
        } else {
            0
        },
        cbuffer_size: if kind == ResourceKind::CBuffer {
            word1
        } else {
            0
        },
        has_counter: uav && basic & HAS_COUNTER != 0,
        globally_coherent: uav && basic & GLOBALLY_COHERENT != 0,
        heap: Some(props),
        global: None,
    })
}

impl ShaderDesc {
    /// Adds a resource for every distinct descriptor heap view the entry
    /// function (and a hull shader's patch constant function) annotates:
    /// `AnnotateHandle(CreateHandleFromHeap(..), props)`.
    pub fn with_heap_views(mut self, module: &Module) -> Result<Self> {
        // Most shaders use no heap: a look at the declarations spares them
        // a pass over every instruction.
        let Some(create) = module.function_by_name("dx.op.createHandleFromHeap") else {
            return Ok(self);
        };
        // Only these two operations matter here: the pass decodes no other
        // call.
        let annotate = module.function_by_name("dx.op.annotateHandle");
        let callees = [create, annotate.unwrap_or(create)];
        let funcs = [
            Some(self.entry),
            self.hs.and_then(|h| h.patch_constant_function),
        ];
        for f in funcs.into_iter().flatten() {
            let Some(func) = module.function(f) else {
                continue;
            };
            let mut from_heap = rustc_hash::FxHashSet::default();
            for call in dx_op_calls_to(module, func, &callees) {
                let (i, call) = call?;
                let result = func.insts.get(i).and_then(|inst| inst.result);
                match call.op {
                    OpCode::CreateHandleFromHeap => from_heap.extend(result),
                    OpCode::AnnotateHandle => {
                        let DxOp::AnnotateHandle(o) = decode_operands(module, func, i, &call)?
                        else {
                            continue;
                        };
                        if !from_heap.contains(&o.res) {
                            continue;
                        }
                        let props = props_of(module, o.props).ok_or_else(|| {
                            Error::invalid(
                                Phase::Dxil,
                                "AnnotateHandle: properties are not a constant",
                            )
                        })?;
                        if self.resources.iter().any(|d| d.heap == Some(props)) {
                            continue;
                        }
                        let view = heap_view(props).ok_or_else(|| {
                            Error::invalid(
                                Phase::Dxil,
                                format!("AnnotateHandle: bad resource properties {props:?}"),
                            )
                        })?;
                        self.resources.push(view);
                    }
                    _ => {}
                }
            }
        }
        Ok(self)
    }
}

/// Descriptor heap handles waiting for their `AnnotateHandle`.
#[derive(Default)]
pub(crate) struct HeapState {
    /// (heap index, sampler heap, non-uniform) by the handle value.
    handles: HashMap<ValueId, (ValueId, bool, bool)>,
}

impl<'m> Emitter<'m> {
    /// `CreateHandleFromHeap(index, samplerHeap, nonUniform)`: remembered
    /// until the `AnnotateHandle` that says which view it is.
    pub fn create_handle_from_heap(&mut self, o: CreateHandleFromHeap) -> Result<Val> {
        let result = self
            .func
            .current_inst_result
            .ok_or_else(|| self.invalid("CreateHandleFromHeap without a result"))?;
        let index = o.index;
        let sampler = self.m.const_uint(o.sampler_heap).unwrap_or(0) != 0;
        let non_uniform = self.m.const_uint(o.non_uniform_index).unwrap_or(0) != 0;
        self.heaps
            .handles
            .insert(result, (index, sampler, non_uniform));
        let u = self.spv.u32_ty();
        Ok(Val::Id(self.spv.undef(u)))
    }

    /// `AnnotateHandle(res, props)`: a heap handle becomes a handle of its
    /// view; any other handle passes through.
    pub fn annotate_handle(&mut self, o: AnnotateHandle) -> Result<Val> {
        let Some(&(index, sampler, non_uniform)) = self.heaps.handles.get(&o.res) else {
            return Ok(Val::Handle(self.handle(o.res)?));
        };
        let r = self
            .heap_resource(o.props)
            .ok_or_else(|| self.internal("a heap view that the description lacks"))?;
        let d = self.decl(r)?;
        if sampler != (d.class == ResourceClass::Sampler) {
            return Err(self.invalid(
                "a sampler from ResourceDescriptorHeap or a resource from SamplerDescriptorHeap",
            ));
        }
        self.make_handle(r, index, non_uniform)
    }

    /// The heap view resource of a properties constant.
    pub fn heap_resource(&self, props: ValueId) -> Option<usize> {
        let props = props_of(self.m, props)?;
        self.desc
            .resources
            .iter()
            .position(|d| d.heap == Some(props))
    }
}
