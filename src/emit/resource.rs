//! Resources: descriptor variables and bindings (raw and structured buffers
//! are uint-array storage buffers with 16/32/64-bit views; typed buffers are
//! texel buffers), handles, texel access and conversions, constant buffers,
//! and the reflection. The buffer dx.ops and their D3D bounds rule
//! (out-of-bounds reads give zero, writes are dropped, with explicit checks)
//! are `buffer`'s.

use super::binding::{BindlessReflection, DescriptorType, ReflectedResource, Via};
use super::bindless::HeapVarKey;
use super::context::{Handle, ImageKey, Parts, SortedSet, TyKey, Val, Words, MAX_CONST_DEPTH};
use super::desc::{ElementClass, ResourceClass, ResourceDecl};
use super::Emitter;
use crate::binding::AddressAt;
use crate::dxil::operands::{CreateHandle, CreateHandleFromBinding};
use crate::dxil::{DxOp, ResourceKind};
use crate::error::{Feature, Result};
use crate::ir::{self, Constant, TypeId, ValueId};
use rspirv::dr::Operand;
use rspirv::spirv::{Capability, Decoration, Dim, ImageFormat, Op, StorageClass, Word};
use rustc_hash::FxHashMap as HashMap;

/// How a resource's memory is viewed by one SPIR-V variable (several
/// variables may alias one binding).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum View {
    /// `uint[]` storage buffer.
    U32,
    /// `int[]` storage buffer (signed atomics).
    I32,
    /// `ushort[]` storage buffer (16-bit accesses).
    U16,
    /// `ulong[]` storage buffer (64-bit atomics).
    U64,
    /// `long[]` storage buffer (signed 64-bit atomics).
    I64,
    /// `uvec4[N]` uniform buffer.
    Cbuffer,
    /// The image (texel buffer or texture).
    Image,
    /// The sampler.
    Sampler,
    /// The ray tracing acceleration structure.
    Accel,
    /// The hidden counter (`uint`).
    Counter,
}

/// Per-compilation resource state (kept in the scratch pool: reset, not
/// rebuilt, for each compilation). Resources are indices into
/// [`ShaderDesc::resources`](super::ShaderDesc::resources).
#[derive(Default)]
pub(crate) struct ResourceState {
    vars: HashMap<(usize, View), (Word, StorageClass, Word)>,
    used: SortedSet<usize>,
    /// Typed UAVs used with atomics (they need a declared `R32*` format).
    atomic_typed: SortedSet<usize>,
    /// Those of them used with 64-bit atomics (`R64*` formats, 64-bit
    /// sampled type).
    atomic64_typed: SortedSet<usize>,
}

impl ResourceState {
    /// Empties the state, keeping the containers' capacity (every field
    /// is named: a new one must be reset here too).
    pub fn reset(&mut self) {
        let ResourceState {
            vars,
            used,
            atomic_typed,
            atomic64_typed,
        } = self;
        vars.clear();
        used.clear();
        atomic_typed.clear();
        atomic64_typed.clear();
    }
}

/// The scalar shape of a dx.op overload.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Scalar {
    pub width: u32,
    pub float: bool,
}

impl<'m> Emitter<'m> {
    /// The scalar shape of an LLVM scalar type.
    pub fn scalar_of(&self, t: TypeId) -> Result<Scalar> {
        match self.m.types.ty(t) {
            ir::Type::Half => Ok(Scalar {
                width: 16,
                float: true,
            }),
            ir::Type::Float => Ok(Scalar {
                width: 32,
                float: true,
            }),
            ir::Type::Double => Ok(Scalar {
                width: 64,
                float: true,
            }),
            ir::Type::Int(w @ (16 | 32 | 64)) => Ok(Scalar {
                width: w,
                float: false,
            }),
            _ => Err(self.unsupported_feature(
                Feature::ResourceElementType,
                "resource access with an unsupported element type",
            )),
        }
    }

    /// The SPIR-V type of a scalar shape (ints unsigned).
    pub fn scalar_ty(&mut self, s: Scalar) -> Word {
        if s.float {
            self.spv.float_ty(s.width)
        } else {
            self.spv.uint_ty(s.width)
        }
    }

    /// The first member type of a dx.op result struct (its overload).
    pub fn overload_of_struct(&self, t: TypeId) -> Result<TypeId> {
        self.m
            .types
            .member(t, 0)
            .ok_or_else(|| self.invalid("dx.op result is not a struct"))
    }

    // ---------------------------------------------------------------------
    // Bindings.

    /// The binding layer's access path of resource `r`.
    pub(crate) fn via(&self, r: usize) -> Result<Via> {
        self.bindings
            .access(r)
            .unwrap_or_else(|| Err(self.internal("resource without an access path")))
    }

    pub(crate) fn decl(&self, r: usize) -> Result<&'m ResourceDecl> {
        self.desc
            .resources
            .get(r)
            .ok_or_else(|| self.internal("resource index out of range"))
    }

    /// The sampled type of a typed resource (32-bit float, int or uint).
    pub(crate) fn sampled_ty(&mut self, d: &ResourceDecl) -> Result<(Word, bool, bool)> {
        // (type, float, signed)
        match d.element_class() {
            // 64-bit elements are viewed as R32G32_UINT (GatherRaw reads
            // both halves); 64-bit atomics use an R64 image instead.
            ElementClass::Signed(64) | ElementClass::Unsigned(64) => {
                Ok((self.spv.u32_ty(), false, false))
            }
            ElementClass::Signed(_) => Ok((self.spv.sint_ty(32), false, true)),
            ElementClass::Unsigned(_) => Ok((self.spv.u32_ty(), false, false)),
            ElementClass::Float(_) | ElementClass::Other => {
                Ok((self.spv.float_ty(32), true, false))
            }
        }
    }

    pub(crate) fn image_format(&self, r: usize, d: &ResourceDecl) -> ImageFormat {
        if d.class == ResourceClass::Uav && self.resources.atomic64_typed.contains(&r) {
            match d.element_class() {
                ElementClass::Signed(32 | 64) => ImageFormat::R64i,
                _ => ImageFormat::R64ui,
            }
        } else if d.class == ResourceClass::Uav && self.resources.atomic_typed.contains(&r) {
            match d.element_class() {
                ElementClass::Signed(32) => ImageFormat::R32i,
                ElementClass::Float(32) => ImageFormat::R32f,
                _ => ImageFormat::R32ui,
            }
        } else {
            ImageFormat::Unknown
        }
    }

    /// The type of one descriptor of a view of resource `r` (block struct
    /// or image) and the storage class it is read in.
    fn view_type(
        &mut self,
        r: usize,
        d: &ResourceDecl,
        view: View,
        via: Via,
    ) -> Result<(Word, StorageClass)> {
        Ok(match view {
            View::U32 | View::I32 | View::U16 | View::U64 | View::I64 => {
                let (w, s) = match view {
                    View::U32 => (32, false),
                    View::I32 => (32, true),
                    View::U16 => (16, false),
                    View::U64 => (64, false),
                    _ => (64, true),
                };
                if w == 16 {
                    self.spv.cap(Capability::StorageBuffer16BitAccess);
                }
                let e = self.spv.ty(TyKey::Int(w, s));
                let ra = self.spv.ty(TyKey::RuntimeArray(e, w / 8));
                (self.spv.ty(TyKey::Block(ra)), StorageClass::StorageBuffer)
            }
            View::Cbuffer => {
                // A root CBV has no size: D3D reads up to 64 KiB.
                let rows = if via.address().is_some() {
                    4096
                } else {
                    d.cbuffer_size.div_ceil(16).max(1)
                };
                let u = self.spv.u32_ty();
                let v4 = self.spv.vec_ty(u, 4);
                let arr = self.spv.ty(TyKey::StridedArray(v4, rows, 16));
                let ssbo = self
                    .bindings
                    .bindless()
                    .is_some_and(|l| l.options.cbv_as_ssbo);
                let sc = if ssbo {
                    StorageClass::StorageBuffer
                } else {
                    StorageClass::Uniform
                };
                (self.spv.ty(TyKey::Block(arr)), sc)
            }
            View::Counter => {
                let u = self.spv.u32_ty();
                (self.spv.ty(TyKey::Block(u)), StorageClass::StorageBuffer)
            }
            View::Image => {
                let sampled_ty = if self.resources.atomic64_typed.contains(&r) {
                    self.spv.cap(Capability::Int64ImageEXT);
                    self.spv.exts.insert("SPV_EXT_shader_image_int64");
                    let signed = matches!(d.element_class(), ElementClass::Signed(32 | 64));
                    self.spv.ty(TyKey::Int(64, signed))
                } else {
                    self.sampled_ty(d)?.0
                };
                let shape = image_shape(d.kind).ok_or_else(|| {
                    self.unsupported_feature(
                        Feature::ResourceKind,
                        format!("{} resources as images", d.kind.name()),
                    )
                })?;
                let key = ImageKey {
                    sampled_ty,
                    dim: shape.dim,
                    arrayed: shape.arrayed,
                    ms: shape.ms,
                    mode: if d.class == ResourceClass::Uav { 2 } else { 1 },
                    format: self.image_format(r, d),
                };
                (
                    self.spv.ty(TyKey::Image(key)),
                    StorageClass::UniformConstant,
                )
            }
            View::Sampler => (self.spv.ty(TyKey::Sampler), StorageClass::UniformConstant),
            View::Accel => (
                self.spv.ty(TyKey::AccelerationStructure),
                StorageClass::UniformConstant,
            ),
        })
    }

    /// The variable of one view of a resource (created once), its storage
    /// class and the type of one descriptor (block struct or image). In
    /// root-signature mode, table and heap views share one runtime array
    /// per binding and descriptor type.
    pub fn resource_var(&mut self, r: usize, view: View) -> Result<(Word, StorageClass, Word)> {
        if let Some(&v) = self.resources.vars.get(&(r, view)) {
            return Ok(v);
        }
        let d = self.decl(r)?;
        let via = self.via(r)?;
        let (set, binding) = via
            .set_binding()
            .ok_or_else(|| self.internal("a root parameter read as a descriptor"))?;
        let (inner, sc) = self.view_type(r, d, view, via)?;
        let (set, binding) = match (view, via.counter()) {
            (View::Counter, Some(counter)) => counter,
            _ => (set, binding),
        };
        let buffer = sc == StorageClass::StorageBuffer && view != View::Counter;
        let non_writable = buffer && d.class != ResourceClass::Uav;
        let coherent = buffer && !non_writable && d.globally_coherent;
        let shared = self.is_bindless() && via.is_heap_array();
        let key = HeapVarKey {
            binding,
            inner,
            storage: sc,
            non_writable,
            coherent,
        };
        if let Some(var) = self.heap_var(&key).filter(|_| shared) {
            self.resources.vars.insert((r, view), (var, sc, inner));
            self.resources.used.insert(r);
            return Ok((var, sc, inner));
        }
        let desc_ty = if shared {
            self.spv.ty(TyKey::DescriptorRuntimeArray(inner))
        } else if d.range_size == 1 {
            inner
        } else if d.range_size == u32::MAX || d.range_size == 0 {
            self.spv.ty(TyKey::DescriptorRuntimeArray(inner))
        } else {
            self.spv.ty(TyKey::Array(inner, d.range_size))
        };
        let var = self.spv.descriptor_var(sc, desc_ty, set, binding);
        if non_writable {
            self.spv.decorate(var, Decoration::NonWritable, &[]);
        } else if coherent {
            self.spv.decorate(var, Decoration::Coherent, &[]);
        }
        if view == View::Counter {
            self.spv.name(var, &format!("{}.counter", d.name));
        } else {
            self.spv.name(var, &d.name);
        }
        self.spv.interface.insert(var);
        if shared {
            self.add_heap_var(key, var);
        }
        self.resources.vars.insert((r, view), (var, sc, inner));
        self.resources.used.insert(r);
        Ok((var, sc, inner))
    }

    /// A pointer to the descriptor of a handle (the block struct or image).
    pub fn descriptor_ptr(&mut self, h: Handle, view: View) -> Result<(Word, Word, StorageClass)> {
        let via = self.via(h.res)?;
        if let Some(at) = via.address() {
            return self.root_view_ptr(h.res, view, via, at);
        }
        let (var, sc, block) = self.resource_var(h.res, view)?;
        let d = self.decl(h.res)?;
        let shared = self.is_bindless() && via.is_heap_array();
        if d.range_size == 1 && !shared {
            return Ok((var, block, sc));
        }
        let idx = if shared {
            self.heap_index(h, via)?
        } else {
            match h.index {
                Some(i) => i,
                None => self.spv.u32c(h.const_index),
            }
        };
        let idx = self.qa_index(h, view, via, idx)?;
        let pt = self.spv.ptr_ty(sc, block);
        let p = self.access_chain(pt, var, &[idx])?;
        if h.non_uniform {
            self.spv.cap(Capability::ShaderNonUniform);
            match view {
                View::Image => self.spv.cap(match (d.class, d.kind) {
                    (ResourceClass::Uav, ResourceKind::TypedBuffer) => {
                        Capability::StorageTexelBufferArrayNonUniformIndexing
                    }
                    (_, ResourceKind::TypedBuffer) => {
                        Capability::UniformTexelBufferArrayNonUniformIndexing
                    }
                    (ResourceClass::Uav, _) => Capability::StorageImageArrayNonUniformIndexing,
                    _ => Capability::SampledImageArrayNonUniformIndexing,
                }),
                View::Sampler => self
                    .spv
                    .cap(Capability::SampledImageArrayNonUniformIndexing),
                View::Accel => {}
                View::Cbuffer if sc == StorageClass::Uniform => self
                    .spv
                    .cap(Capability::UniformBufferArrayNonUniformIndexing),
                _ => self
                    .spv
                    .cap(Capability::StorageBufferArrayNonUniformIndexing),
            }
            self.spv.decorate(p, Decoration::NonUniform, &[]);
        }
        Ok((p, block, sc))
    }

    /// A buffer view of a root descriptor: a physical pointer to its block
    /// at the address in the root block (raw, structured and constant
    /// buffers only).
    fn root_view_ptr(
        &mut self,
        r: usize,
        view: View,
        via: Via,
        at: AddressAt,
    ) -> Result<(Word, Word, StorageClass)> {
        if !matches!(
            view,
            View::U32 | View::I32 | View::U16 | View::U64 | View::I64 | View::Cbuffer
        ) {
            return Err(self.unsupported_feature(
                Feature::RootSignatureInput,
                "a root descriptor read as an image, sampler, acceleration structure or \
                 counter (root SRV/UAV/CBV bind buffers by address)",
            ));
        }
        let d = self.decl(r)?;
        let (block, _) = self.view_type(r, d, view, via)?;
        let p = self.root_descriptor_ptr(at, block)?;
        self.resources.used.insert(r);
        Ok((p, block, StorageClass::PhysicalStorageBuffer))
    }

    // ---------------------------------------------------------------------
    // Handles.

    /// `CreateHandle(class, rangeId, index, nonUniform)`.
    pub fn create_handle(&mut self, o: CreateHandle) -> Result<Val> {
        let class = self
            .m
            .const_uint(o.resource_class)
            .and_then(|c| ResourceClass::from_u32(c as u32))
            .ok_or_else(|| self.invalid("CreateHandle: class is not a constant"))?;
        let range = self
            .m
            .const_uint(o.range_id)
            .ok_or_else(|| self.invalid("CreateHandle: range id is not a constant"))?
            as u32;
        let r = self
            .desc
            .resources
            .iter()
            .position(|d| d.class == class && d.id == range)
            .ok_or_else(|| {
                self.invalid(format!(
                    "CreateHandle: no {} resource with range id {range}",
                    class.letter()
                ))
            })?;
        let nu = self.m.const_uint(o.non_uniform_index).unwrap_or(0) != 0;
        self.make_handle(r, o.index, nu)
    }

    /// `CreateHandleFromBinding(bind, index, nonUniform)`.
    pub fn create_handle_from_binding(&mut self, o: CreateHandleFromBinding) -> Result<Val> {
        let bind = o.bind;
        let fields: Vec<u64> = match self.m.constant(bind) {
            Some(Constant::Null) => vec![0, 0, 0, 0],
            Some(Constant::Aggregate(r)) => {
                let ids: smallvec::SmallVec<[ValueId; 16]> = self.m.value_list(*r).collect();
                ids.iter()
                    .map(|&v| self.m.const_uint(v).unwrap_or(0))
                    .collect()
            }
            _ => return Err(self.invalid("CreateHandleFromBinding: binding is not a constant")),
        };
        let [lower, _, space, class, ..] = fields[..] else {
            return Err(self.invalid("CreateHandleFromBinding: malformed ResBind"));
        };
        let (lower, space) = (lower as u32, space as u32);
        let class = ResourceClass::from_u32(class as u32)
            .ok_or_else(|| self.invalid("CreateHandleFromBinding: bad class"))?;
        let r = self
            .desc
            .resources
            .iter()
            .position(|d| d.class == class && d.space == space && d.lower_bound == lower)
            .ok_or_else(|| {
                self.invalid(format!(
                    "CreateHandleFromBinding: no resource {}{lower}, space{space}",
                    class.letter()
                ))
            })?;
        let nu = self.m.const_uint(o.non_uniform_index).unwrap_or(0) != 0;
        self.make_handle(r, o.index, nu)
    }

    pub(crate) fn make_handle(
        &mut self,
        r: usize,
        index: ValueId,
        non_uniform: bool,
    ) -> Result<Val> {
        let d = self.decl(r)?;
        let lower = d.lower_bound;
        let single = d.range_size == 1;
        let mut h = Handle {
            res: r,
            index: None,
            const_index: 0,
            non_uniform,
        };
        if let Some(c) = self.m.const_uint(index) {
            h.const_index = (c as u32).wrapping_sub(lower);
        } else if !single {
            let i = self.value_id(index)?;
            let u = self.spv.u32_ty();
            let lo = self.spv.u32c(lower);
            h.index = Some(if lower == 0 {
                i
            } else {
                self.op(Op::ISub, u, &[i, lo])?
            });
        }
        self.resources.used.insert(r);
        Ok(Val::Handle(h))
    }

    /// The handle a value is.
    pub fn handle(&mut self, v: ValueId) -> Result<Handle> {
        // A handle made already (nearly all), read in place.
        if let Some(&Val::Handle(h)) = self.func.values.get(&v) {
            if !self.rewritten(v) {
                return Ok(h);
            }
        }
        match self.val(v)? {
            Val::Handle(h) => Ok(h),
            _ => Err(self.unsupported("resource handle that is not a direct createHandle result")),
        }
    }

    /// Records that resource `r` is accessed (reflected as used).
    pub fn mark_resource_used(&mut self, r: usize) {
        self.resources.used.insert(r);
    }

    /// Records that typed UAV `r` takes atomics (`wide`: 64-bit ones), so
    /// that its image is declared with an atomic-capable format.
    pub fn note_atomic_image(&mut self, r: usize, wide: bool) {
        self.resources.atomic_typed.insert(r);
        if wide {
            self.resources.atomic64_typed.insert(r);
        }
    }

    /// Whether typed UAV `r` takes 64-bit atomics (see
    /// [`Self::note_atomic_image`]).
    pub fn has_atomic64_image(&self, r: usize) -> bool {
        self.resources.atomic64_typed.contains(&r)
    }

    /// Statically resolves the resource a handle value refers to (for the
    /// pre-scan of typed atomics).
    pub fn static_resource_of(&self, v: ValueId) -> Option<usize> {
        // `annotateHandle` chains are followed iteratively and a bounded
        // number of steps: hostile bitcode can make two calls refer to each
        // other through forward value ids.
        let mut v = v;
        for _ in 0..MAX_CONST_DEPTH {
            match self.static_resource_step(v)? {
                Ok(resource) => return resource,
                Err(annotated) => v = annotated,
            }
        }
        None
    }

    /// One step of [`Self::static_resource_of`]: the resource (`Ok`), or
    /// the handle that an `annotateHandle` call annotates (`Err`).
    fn static_resource_step(
        &self,
        v: ValueId,
    ) -> Option<std::result::Result<Option<usize>, ValueId>> {
        let (func, inst) = match self.m.value(v)?.kind {
            ir::ValueKind::Inst { func, inst } => (func, inst),
            _ => return None,
        };
        let i = self.m.function(func)?.insts.get(inst as usize)?;
        let call = match i.kind {
            ir::InstKind::Call { .. } => crate::dxil::dx_op(self.m, i)?.ok()?,
            // A library resource global, loaded.
            ir::InstKind::Load { ptr, .. } => {
                return Some(Ok(Some(self.resource_global_of(ptr)?.res)));
            }
            _ => return None,
        };
        Some(Ok(match DxOp::decode(self.m, &call).ok()? {
            DxOp::CreateHandleForLib(o) => return Some(Err(o.resource)),
            DxOp::AnnotateHandle(o) => {
                // A descriptor heap view is known by its properties.
                if let Some(r) = self.heap_resource(o.props) {
                    return Some(Ok(Some(r)));
                }
                return Some(Err(o.res));
            }
            DxOp::CreateHandle(o) => {
                let class = ResourceClass::from_u32(self.m.const_uint(o.resource_class)? as u32)?;
                let range = self.m.const_uint(o.range_id)? as u32;
                self.desc
                    .resources
                    .iter()
                    .position(|d| d.class == class && d.id == range)
            }
            DxOp::CreateHandleFromBinding(o) => {
                let fields: Vec<u64> = match self.m.constant(o.bind)? {
                    Constant::Null => vec![0, 0, 0, 0],
                    Constant::Aggregate(r) => self
                        .m
                        .value_list(*r)
                        .map(|v| self.m.const_uint(v).unwrap_or(0))
                        .collect(),
                    _ => return None,
                };
                let class = ResourceClass::from_u32(*fields.get(3)? as u32)?;
                let lower = *fields.first()? as u32;
                self.desc.resources.iter().position(|d| {
                    d.class == class
                        && d.space == *fields.get(2).unwrap_or(&0) as u32
                        && d.lower_bound == lower
                })
            }
            _ => None,
        }))
    }

    /// Whether a value is `undef`.
    pub fn is_undef(&self, v: ValueId) -> bool {
        matches!(self.m.constant(v), Some(Constant::Undef))
    }

    // ---------------------------------------------------------------------
    // Typed buffers.

    pub(crate) fn load_image(&mut self, h: Handle) -> Result<(Word, Word)> {
        let (p, img_ty, _) = self.descriptor_ptr(h, View::Image)?;
        let img = self.load(img_ty, p)?;
        if h.non_uniform {
            self.spv.decorate(img, Decoration::NonUniform, &[]);
        }
        Ok((img, img_ty))
    }

    /// Bounds condition `coord < size` of a texel buffer.
    fn texel_in_bounds(&mut self, img: Word, coord: Word) -> Result<Word> {
        self.spv.cap(Capability::ImageQuery);
        let u = self.spv.u32_ty();
        let size = self.op(Op::ImageQuerySize, u, &[img])?;
        let b = self.spv.bool_ty();
        self.op(Op::ULessThan, b, &[coord, size])
    }

    /// A typed-buffer load: four components converted to shape `s`.
    pub fn typed_load(&mut self, h: Handle, coord: Word, s: Scalar) -> Result<Words> {
        let d = self.decl(h.res)?;
        let uav = d.class == ResourceClass::Uav;
        let (st, sfloat, ssigned) = self.sampled_ty(d)?;
        let fmt = self.image_format(h.res, d);
        if uav && fmt == ImageFormat::Unknown {
            self.spv.cap(Capability::StorageImageReadWithoutFormat);
        }
        let (img, _) = self.load_image(h)?;
        let v4 = self.spv.vec_ty(st, 4);
        let rty = self.scalar_ty(s);
        let fetch = move |e: &mut Self| -> Result<Words> {
            let op = if uav { Op::ImageRead } else { Op::ImageFetch };
            let r = e.op(op, v4, &[img, coord])?;
            let mut out = Words::with_capacity(4);
            for c in 0..4 {
                let x = e.composite_extract(st, r, c)?;
                out.push(e.sampled_to_scalar(x, sfloat, ssigned, s)?);
            }
            Ok(out)
        };
        if !self.opts.bounds_checks {
            return fetch(self);
        }
        let ok = self.texel_in_bounds(img, coord)?;
        let zero = self.spv.null_const(rty);
        self.if_then(ok, &[(rty, zero); 4], fetch)
    }

    pub(crate) fn sampled_to_scalar(
        &mut self,
        x: Word,
        sfloat: bool,
        ssigned: bool,
        s: Scalar,
    ) -> Result<Word> {
        let rty = self.scalar_ty(s);
        match (sfloat, s.float, s.width) {
            (true, true, 32) => Ok(x),
            (true, true, _) => self.op(Op::FConvert, rty, &[x]),
            (false, false, 32) => {
                if ssigned {
                    self.bitcast(rty, x)
                } else {
                    Ok(x)
                }
            }
            (false, false, _) => {
                let u = self.spv.u32_ty();
                let ux = if ssigned { self.bitcast(u, x)? } else { x };
                if s.width == 64 {
                    if ssigned {
                        let si = self.spv.sint_ty(64);
                        let r = self.op(Op::SConvert, si, &[x])?;
                        self.bitcast(rty, r)
                    } else {
                        self.op(Op::UConvert, rty, &[ux])
                    }
                } else {
                    self.op(Op::UConvert, rty, &[ux])
                }
            }
            (false, true, _) => self.bitcast_or_convert(x, rty),
            (true, false, _) => self.bitcast_or_convert(x, rty),
        }
    }

    fn bitcast_or_convert(&mut self, x: Word, rty: Word) -> Result<Word> {
        self.bitcast(rty, x)
    }

    /// A typed-buffer store of four components (`None` → 0).
    pub fn typed_store(
        &mut self,
        h: Handle,
        coord: Word,
        vals: [Option<(Word, Scalar)>; 4],
    ) -> Result<()> {
        let d = self.decl(h.res)?;
        if d.class != ResourceClass::Uav {
            return Err(self.invalid("typed store to an SRV"));
        }
        let (st, sfloat, ssigned) = self.sampled_ty(d)?;
        if self.image_format(h.res, d) == ImageFormat::Unknown {
            self.spv.cap(Capability::StorageImageWriteWithoutFormat);
        }
        let (img, _) = self.load_image(h)?;
        let mut comps = Vec::with_capacity(4);
        for v in vals {
            let c = match v {
                None => self.spv.null_const(st),
                Some((x, s)) => self.scalar_to_sampled(x, s, st, sfloat, ssigned)?,
            };
            comps.push(c);
        }
        let v4 = self.spv.vec_ty(st, 4);
        let texel = self.composite_construct(v4, &comps)?;
        let write = move |e: &mut Self| -> Result<Words> {
            e.op_void_operands(
                Op::ImageWrite,
                &[
                    Operand::IdRef(img),
                    Operand::IdRef(coord),
                    Operand::IdRef(texel),
                ],
            )?;
            Ok(smallvec::smallvec![])
        };
        if !self.opts.bounds_checks {
            write(self)?;
            return Ok(());
        }
        let ok = self.texel_in_bounds(img, coord)?;
        self.if_then(ok, &[], write)?;
        Ok(())
    }

    pub(crate) fn scalar_to_sampled(
        &mut self,
        x: Word,
        s: Scalar,
        st: Word,
        sfloat: bool,
        ssigned: bool,
    ) -> Result<Word> {
        match (s.float, sfloat, s.width) {
            (true, true, 32) => Ok(x),
            (true, true, _) => self.op(Op::FConvert, st, &[x]),
            (false, false, 32) => {
                if ssigned {
                    self.bitcast(st, x)
                } else {
                    Ok(x)
                }
            }
            (false, false, w) => {
                if ssigned {
                    let sw = self.spv.sint_ty(w);
                    let sx = self.bitcast(sw, x)?;
                    self.op(Op::SConvert, st, &[sx])
                } else {
                    self.op(Op::UConvert, st, &[x])
                }
            }
            _ => self.bitcast(st, x),
        }
    }

    // ---------------------------------------------------------------------
    // Constant buffers.

    /// Loads 16-byte row `row` of a constant buffer as a `uvec4`.
    fn cbuffer_row(
        &mut self,
        h: Handle,
        row: Word,
        dynamic: bool,
        const_row: Option<u32>,
    ) -> Result<Word> {
        let via = self.via(h.res)?;
        if via.is_root_constants() {
            self.resources.used.insert(h.res);
            return self.root_constants_row(via, row, const_row);
        }
        let d = self.decl(h.res)?;
        if d.kind != ResourceKind::CBuffer {
            return Err(self.unsupported(format!(
                "constant buffer load from a {} resource",
                d.kind.name()
            )));
        }
        let rows = d.cbuffer_size.div_ceil(16).max(1);
        let (base, _, sc) = self.descriptor_ptr(h, View::Cbuffer)?;
        let u = self.spv.u32_ty();
        let v4 = self.spv.vec_ty(u, 4);
        let pt = self.spv.ptr_ty(sc, v4);
        let zero = self.spv.u32c(0);
        let load = move |e: &mut Self| -> Result<Words> {
            let p = e.access_chain(pt, base, &[zero, row])?;
            Ok(smallvec::smallvec![e.load_in(v4, p, sc, 16)?])
        };
        // D3D bounds-checks no root descriptor.
        if !dynamic || !self.opts.bounds_checks || sc == StorageClass::PhysicalStorageBuffer {
            let values = load(self)?;
            return self.single(values);
        }
        let n = self.spv.u32c(rows);
        let b = self.spv.bool_ty();
        let ok = self.op(Op::ULessThan, b, &[row, n])?;
        let z = self.spv.null_const(v4);
        let values = self.if_then(ok, &[(v4, z)], load)?;
        self.single(values)
    }

    /// `CBufferLoadLegacy(handle, row)` → the row's components as the
    /// overload type (4 × 32-bit, 2 × 64-bit or 8 × 16-bit).
    pub fn cbuffer_load_legacy(&mut self, h: Handle, row: ValueId, s: Scalar) -> Result<Parts> {
        let const_row = self.m.const_uint(row).map(|c| c as u32);
        let r = self.value_id(row)?;
        let v = self.cbuffer_row(h, r, const_row.is_none(), const_row)?;
        let u = self.spv.u32_ty();
        let mut words = [0; 4];
        for (c, w) in (0..).zip(words.iter_mut()) {
            *w = self.composite_extract(u, v, c)?;
        }
        self.words_to_scalars(&words, s)
    }

    /// Reinterprets 32-bit words as scalars of shape `s`.
    fn words_to_scalars(&mut self, words: &[Word], s: Scalar) -> Result<Parts> {
        let rty = self.scalar_ty(s);
        let mut out = Parts::new();
        match s.width {
            32 => {
                for &w in words {
                    out.push(if s.float { self.bitcast(rty, w)? } else { w });
                }
            }
            64 => {
                for pair in words.chunks(2) {
                    if let [lo, hi] = *pair {
                        out.push(self.join64(rty, lo, hi)?);
                    }
                }
            }
            _ => {
                let u16t = self.spv.uint_ty(16);
                let u = self.spv.u32_ty();
                let sixteen = self.spv.u32c(16);
                for &w in words {
                    let lo = self.op(Op::UConvert, u16t, &[w])?;
                    let hi32 = self.op(Op::ShiftRightLogical, u, &[w, sixteen])?;
                    let hi = self.op(Op::UConvert, u16t, &[hi32])?;
                    for x in [lo, hi] {
                        out.push(if s.float { self.bitcast(rty, x)? } else { x });
                    }
                }
            }
        }
        Ok(out)
    }

    /// `CBufferLoad(handle, byteOffset, alignment)` → one scalar.
    pub fn cbuffer_load(&mut self, h: Handle, offset: ValueId, s: Scalar) -> Result<Word> {
        let const_row = self.m.const_uint(offset).map(|c| (c as u32) >> 4);
        let off = self.value_id(offset)?;
        let u = self.spv.u32_ty();
        let four = self.spv.u32c(4);
        let row = self.op(Op::ShiftRightLogical, u, &[off, four])?;
        let v = self.cbuffer_row(h, row, const_row.is_none(), const_row)?;
        let two = self.spv.u32c(2);
        let three = self.spv.u32c(3);
        let w = self.op(Op::ShiftRightLogical, u, &[off, two])?;
        let comp = self.op(Op::BitwiseAnd, u, &[w, three])?;
        let word = self.op(Op::VectorExtractDynamic, u, &[v, comp])?;
        match s.width {
            64 => {
                let one = self.spv.u32c(1);
                let c1 = self.op(Op::IAdd, u, &[comp, one])?;
                let hi = self.op(Op::VectorExtractDynamic, u, &[v, c1])?;
                let rty = self.scalar_ty(s);
                self.join64(rty, word, hi)
            }
            16 => {
                let eight = self.spv.u32c(8);
                let two_c = self.spv.u32c(2);
                let half = self.op(Op::BitwiseAnd, u, &[off, two_c])?;
                let sh = self.op(Op::IMul, u, &[half, eight])?;
                let x = self.op(Op::ShiftRightLogical, u, &[word, sh])?;
                let u16t = self.spv.uint_ty(16);
                let x16 = self.op(Op::UConvert, u16t, &[x])?;
                if s.float {
                    let rty = self.scalar_ty(s);
                    self.bitcast(rty, x16)
                } else {
                    Ok(x16)
                }
            }
            _ => {
                if s.float {
                    let rty = self.scalar_ty(s);
                    self.bitcast(rty, word)
                } else {
                    Ok(word)
                }
            }
        }
    }

    // ---------------------------------------------------------------------
    // Reflection.

    /// Fills the reflection's resource list.
    pub fn finish_reflection(&mut self) {
        let mut out = Vec::with_capacity(self.desc.resources.len());
        for (i, d) in self.desc.resources.iter().enumerate() {
            let Some(&via) = self.bindings.via(i) else {
                continue;
            };
            let (set, binding) = via.set_binding().unwrap_or((u32::MAX, u32::MAX));
            let descriptor_type = DescriptorType::of(d.class, d.kind);
            let format = if matches!(
                descriptor_type,
                DescriptorType::StorageTexelBuffer | DescriptorType::StorageImage
            ) {
                Some(format!("{:?}", self.image_format(i, d)))
            } else {
                None
            };
            out.push(ReflectedResource {
                name: d.name.clone(),
                class: d.class,
                space: d.space,
                register: d.lower_bound,
                count: d.range_size,
                kind: d.kind.name(),
                stride: d.stride,
                size: d.cbuffer_size,
                set,
                binding,
                descriptor_type,
                format,
                counter: via.counter().filter(|_| d.has_counter),
                used: self.resources.used.contains(&i),
                heap: d.heap.is_some(),
                via,
            });
        }
        self.spv.reflection.resources = out;
        if let Some(layout) = self.bindings.bindless_layout() {
            let used = self.used_heap_bindings();
            let b = BindlessReflection::new(layout, used, &self.spv.reflection.capabilities);
            if self.uses_root_block() {
                self.spv.reflection.push_constant_size = b.vulkan.push_constant_bytes;
            }
            self.spv.reflection.bindless = Some(b);
        }
    }
}

/// The image dimensionality of a resource kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct ImageShape {
    pub dim: Dim,
    pub arrayed: bool,
    pub ms: bool,
    /// Coordinate components without the array layer.
    pub coords: u32,
    /// Offset components (none for cubes).
    pub offsets: u32,
}

/// The image shape of a texel buffer or texture kind.
pub(crate) fn image_shape(kind: ResourceKind) -> Option<ImageShape> {
    use ResourceKind as K;
    let (dim, arrayed, ms, coords, offsets) = match kind {
        K::TypedBuffer => (Dim::DimBuffer, false, false, 1, 0),
        K::Texture1D => (Dim::Dim1D, false, false, 1, 1),
        K::Texture1DArray => (Dim::Dim1D, true, false, 1, 1),
        K::Texture2D => (Dim::Dim2D, false, false, 2, 2),
        K::Texture2DArray => (Dim::Dim2D, true, false, 2, 2),
        K::Texture2DMS => (Dim::Dim2D, false, true, 2, 2),
        K::Texture2DMSArray => (Dim::Dim2D, true, true, 2, 2),
        K::Texture3D => (Dim::Dim3D, false, false, 3, 3),
        K::TextureCube => (Dim::DimCube, false, false, 3, 0),
        K::TextureCubeArray => (Dim::DimCube, true, false, 3, 0),
        _ => return None,
    };
    Some(ImageShape {
        dim,
        arrayed,
        ms,
        coords,
        offsets,
    })
}

/// Whether a resource kind is a texture (an image other than a buffer).
pub(crate) fn is_texture(kind: ResourceKind) -> bool {
    image_shape(kind).is_some_and(|s| s.dim != Dim::DimBuffer)
}
