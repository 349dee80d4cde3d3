//! Textures and samplers: sampling (implicit and explicit LOD, bias,
//! gradients, depth comparison, LOD clamps), loads and stores, gathers,
//! dimension and LOD queries.
//!
//! Texture loads and stores rely on Vulkan's `robustImageAccess` (core in
//! 1.3) for D3D's rule that out-of-bounds reads give zero and writes are
//! dropped; texel buffers keep explicit checks (`resource`).

use super::context::{Handle, Parts, TyKey, Val, Words};
use super::resource::{image_shape, ImageShape, View};
use super::Emitter;
use crate::dxil::operands::{
    CalculateLOD, Sample, SampleBias, SampleCmp, SampleCmpBias, SampleCmpGrad, SampleCmpLevel,
    SampleCmpLevelZero, SampleGrad, SampleLevel, TextureGather, TextureGatherCmp, TextureGatherRaw,
    TextureLoad, TextureStore, TextureStoreSample,
};
use crate::dxil::ResourceKind;
use crate::emit::desc::{ResourceClass, ResourceDecl};
use crate::error::Result;
use crate::ir::{TypeId, ValueId};
use rspirv::spirv::{Capability, Decoration, ImageFormat, ImageOperands, Op, Word};
use smallvec::{smallvec, SmallVec};

/// How a sample op picks its level of detail.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Lod {
    /// Implicit (derivatives).
    Implicit,
    /// Implicit with a bias.
    Bias(ValueId),
    /// Explicit.
    Level(ValueId),
    /// Explicit level 0 (`SampleCmpLevelZero`).
    LevelZero,
    /// Explicit gradients: `ddx`, `ddy`.
    Grad([ValueId; 3], [ValueId; 3]),
}

/// The operands of the sample family (`Sample`, `SampleBias`,
/// `SampleLevel`, `SampleGrad` and their `SampleCmp*` forms).
#[derive(Clone, Copy, Debug)]
pub(crate) struct SampleOperands {
    srv: ValueId,
    sampler: ValueId,
    coord: [ValueId; 4],
    offset: [ValueId; 3],
    /// The depth compare value of the `SampleCmp*` forms.
    compare: Option<ValueId>,
    lod: Lod,
    /// The LOD clamp, where the op has one.
    clamp: Option<ValueId>,
}

/// A [`SampleOperands`] from each sample op's operands.
macro_rules! sample_operands {
    ($($op:ident: |$o:ident| $compare:expr, $lod:expr, $clamp:expr;)*) => {$(
        impl From<$op> for SampleOperands {
            fn from($o: $op) -> SampleOperands {
                SampleOperands {
                    srv: $o.srv,
                    sampler: $o.sampler,
                    coord: $o.coord,
                    offset: $o.offset,
                    compare: $compare,
                    lod: $lod,
                    clamp: $clamp,
                }
            }
        }
    )*};
}

sample_operands! {
    Sample: |o| None, Lod::Implicit, Some(o.clamp);
    SampleBias: |o| None, Lod::Bias(o.bias), Some(o.clamp);
    SampleLevel: |o| None, Lod::Level(o.lod), None;
    SampleGrad: |o| None, Lod::Grad(o.ddx, o.ddy), Some(o.clamp);
    SampleCmp: |o| Some(o.compare_value), Lod::Implicit, Some(o.clamp);
    SampleCmpLevelZero: |o| Some(o.compare_value), Lod::LevelZero, None;
    SampleCmpLevel: |o| Some(o.compare_value), Lod::Level(o.lod), None;
    SampleCmpBias: |o| Some(o.compare_value), Lod::Bias(o.bias), Some(o.clamp);
    SampleCmpGrad: |o| Some(o.compare_value), Lod::Grad(o.ddx, o.ddy), Some(o.clamp);
}

/// The operands of `TextureGather` and `TextureGatherCmp`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct GatherOperands {
    srv: ValueId,
    sampler: ValueId,
    coord: [ValueId; 4],
    offset: [ValueId; 2],
    channel: ValueId,
    /// The depth compare value of `TextureGatherCmp`.
    compare: Option<ValueId>,
}

impl From<TextureGather> for GatherOperands {
    fn from(o: TextureGather) -> GatherOperands {
        GatherOperands {
            srv: o.srv,
            sampler: o.sampler,
            coord: o.coord,
            offset: o.offset,
            channel: o.channel,
            compare: None,
        }
    }
}

impl From<TextureGatherCmp> for GatherOperands {
    fn from(o: TextureGatherCmp) -> GatherOperands {
        GatherOperands {
            srv: o.srv,
            sampler: o.sampler,
            coord: o.coord,
            offset: o.offset,
            channel: o.channel,
            compare: Some(o.compare_value),
        }
    }
}

/// The operands every gather takes (see `gather_operands`).
struct Gather {
    /// The sampled image.
    image: Word,
    /// The coordinates.
    coord: Word,
    /// The offset, as image operands.
    args: ImageArgs,
    /// The texture's sampled type: (type, float, signed).
    sampled: (Word, bool, bool),
}

/// The optional image operands of one image instruction.
#[derive(Default)]
struct ImageArgs {
    bias: Option<Word>,
    lod: Option<Word>,
    grad: Option<(Word, Word)>,
    /// An offset and whether it is a constant (`ConstOffset`).
    offset: Option<(Word, bool)>,
    sample: Option<Word>,
    min_lod: Option<Word>,
}

impl ImageArgs {
    /// The image-operand mask and its ids, in the order of the mask bits,
    /// as words (none without operands).
    fn words(&self) -> SmallVec<[Word; 8]> {
        let mut mask = ImageOperands::NONE;
        let mut ids: SmallVec<[Word; 8]> = SmallVec::new();
        if let Some(b) = self.bias {
            mask |= ImageOperands::BIAS;
            ids.push(b);
        }
        if let Some(l) = self.lod {
            mask |= ImageOperands::LOD;
            ids.push(l);
        }
        if let Some((x, y)) = self.grad {
            mask |= ImageOperands::GRAD;
            ids.extend([x, y]);
        }
        match self.offset {
            Some((o, true)) => {
                mask |= ImageOperands::CONST_OFFSET;
                ids.push(o);
            }
            Some((o, false)) => {
                mask |= ImageOperands::OFFSET;
                ids.push(o);
            }
            None => {}
        }
        if let Some(s) = self.sample {
            mask |= ImageOperands::SAMPLE;
            ids.push(s);
        }
        if let Some(m) = self.min_lod {
            mask |= ImageOperands::MIN_LOD;
            ids.push(m);
        }
        if mask != ImageOperands::NONE {
            ids.insert(0, mask.bits());
        }
        ids
    }
}

impl<'m> Emitter<'m> {
    /// The texture behind a handle argument: handle, declaration, shape.
    fn texture(&mut self, v: ValueId) -> Result<(Handle, &'m ResourceDecl, ImageShape)> {
        let h = self.handle(v)?;
        let d = self.decl(h.res)?;
        match image_shape(d.kind) {
            Some(shape) if d.kind != ResourceKind::TypedBuffer => Ok((h, d, shape)),
            _ => Err(self.invalid(format!("a {} resource used as a texture", d.kind.name()))),
        }
    }

    /// `OpSampledImage` of a texture and a sampler handle.
    fn sampled_image(&mut self, h: Handle, sampler: ValueId) -> Result<Word> {
        let sh = self.handle(sampler)?;
        if self.decl(sh.res)?.class != ResourceClass::Sampler {
            return Err(self.invalid("the sampler operand is not a sampler"));
        }
        let (img, img_ty) = self.load_image(h)?;
        let (sp, sty, _) = self.descriptor_ptr(sh, View::Sampler)?;
        let smp = self.load(sty, sp)?;
        let sit = self.spv.ty(TyKey::SampledImage(img_ty));
        let si = self.op(Op::SampledImage, sit, &[img, smp])?;
        if sh.non_uniform {
            self.spv.decorate(smp, Decoration::NonUniform, &[]);
        }
        if h.non_uniform || sh.non_uniform {
            self.spv.decorate(si, Decoration::NonUniform, &[]);
        }
        Ok(si)
    }

    /// A vector of the first `n` of `vals` (a scalar when `n` is 1), of
    /// the SPIR-V component type `elem`.
    fn vector_of(&mut self, vals: &[ValueId], n: u32, elem: Word) -> Result<Word> {
        let vals = vals.get(..n as usize).ok_or_else(|| {
            self.invalid(format!("{n} components of a {}-operand vector", vals.len()))
        })?;
        let mut xs: SmallVec<[Word; 4]> = SmallVec::with_capacity(n as usize);
        for &v in vals {
            xs.push(if self.is_undef(v) {
                self.spv.null_const(elem)
            } else {
                self.value_id(v)?
            });
        }
        let ty = self.spv.vec_ty(elem, n);
        self.composite_construct(ty, &xs)
    }

    /// The coordinates (with the array layer) from `coord`, of component
    /// type `elem`: float for sampling, `uint` for texel access.
    fn coords(&mut self, coord: &[ValueId], shape: ImageShape, elem: Word) -> Result<Word> {
        let n = shape.coords.saturating_add(u32::from(shape.arrayed));
        self.vector_of(coord, n, elem)
    }

    /// The texel offset from the first `n` of `offset`: `None` when absent
    /// or zero, a constant `ConstOffset`, or (gathers only) a dynamic
    /// `Offset`.
    fn texel_offset(
        &mut self,
        offset: &[ValueId],
        n: u32,
        dynamic_ok: bool,
    ) -> Result<Option<(Word, bool)>> {
        if n == 0 {
            return Ok(None);
        }
        let vals = offset
            .get(..n as usize)
            .ok_or_else(|| self.invalid(format!("a {n}-component texel offset")))?;
        let consts: Option<SmallVec<[i64; 4]>> = vals
            .iter()
            .map(|&v| {
                if self.is_undef(v) {
                    Some(0)
                } else {
                    self.m.const_int(v)
                }
            })
            .collect();
        let s = self.spv.sint_ty(32);
        match consts {
            Some(c) if c.iter().all(|&x| x == 0) => Ok(None),
            Some(c) => {
                let parts: SmallVec<[Word; 4]> = c.iter().map(|&x| self.spv.sintc(32, x)).collect();
                let ty = self.spv.vec_ty(s, n);
                let v = match *parts.as_slice() {
                    [one] => one,
                    _ => self.spv.composite_const(ty, &parts),
                };
                Ok(Some((v, true)))
            }
            None if dynamic_ok => {
                self.spv.cap(Capability::ImageGatherExtended);
                let u = self.spv.u32_ty();
                let v = self.vector_of(vals, n, u)?;
                let ty = self.spv.vec_ty(s, n);
                Ok(Some((self.bitcast(ty, v)?, false)))
            }
            None => Err(self.unsupported(
                "a texel offset that is not a constant (Vulkan allows one outside gathers \
                 only with VK_KHR_maintenance8)",
            )),
        }
    }

    /// An optional float operand (`None` when undef).
    fn opt_value(&mut self, v: ValueId) -> Result<Option<Word>> {
        if self.is_undef(v) {
            Ok(None)
        } else {
            Ok(Some(self.value_id(v)?))
        }
    }

    /// The sample family: `Sample`, `SampleBias`, `SampleLevel`,
    /// `SampleGrad` and their `SampleCmp*` forms.
    pub fn sample(&mut self, o: SampleOperands, t: TypeId) -> Result<Val> {
        let (h, d, shape) = self.texture(o.srv)?;
        if d.class != ResourceClass::Srv || shape.ms {
            return Err(self.invalid(format!("sampling a {} {}", d.kind.name(), d.class.letter())));
        }
        let si = self.sampled_image(h, o.sampler)?;
        let f = self.spv.float_ty(32);
        let coord = self.coords(&o.coord, shape, f)?;
        let mut ia = ImageArgs {
            offset: self.texel_offset(&o.offset, shape.offsets, false)?,
            ..ImageArgs::default()
        };
        let cmp = o.compare.is_some();
        let dref = match o.compare {
            Some(c) => Some(self.value_id(c)?),
            None => None,
        };
        match o.lod {
            Lod::Implicit => {}
            Lod::Bias(b) => ia.bias = Some(self.value_id(b)?),
            Lod::Level(l) => ia.lod = Some(self.value_id(l)?),
            Lod::LevelZero => ia.lod = Some(self.spv.f32c(0.0)),
            Lod::Grad(ddx, ddy) => {
                let dx = self.vector_of(&ddx, shape.coords, f)?;
                let dy = self.vector_of(&ddy, shape.coords, f)?;
                ia.grad = Some((dx, dy));
            }
        }
        if let Some(clamp) = o.clamp {
            ia.min_lod = self.opt_value(clamp)?;
            if ia.min_lod.is_some() {
                self.spv.cap(Capability::MinLod);
            }
        }
        let implicit = ia.lod.is_none() && ia.grad.is_none();
        if implicit {
            self.require_derivatives()?;
        }
        let spv_op = match (implicit, cmp) {
            (true, false) => Op::ImageSampleImplicitLod,
            (false, false) => Op::ImageSampleExplicitLod,
            (true, true) => Op::ImageSampleDrefImplicitLod,
            (false, true) => Op::ImageSampleDrefExplicitLod,
        };
        let mut ops: SmallVec<[Word; 12]> = smallvec![si, coord];
        ops.extend(dref);
        ops.extend(ia.words());
        let s = self.scalar_of(self.overload_of_struct(t)?)?;
        if cmp {
            let x = self.op(spv_op, f, &ops)?;
            let x = self.sampled_to_scalar(x, true, false, s)?;
            let rty = self.scalar_ty(s);
            let zero = self.spv.null_const(rty);
            return Ok(self.with_status(smallvec![x, zero, zero, zero]));
        }
        // SM 6.7 samples integer textures too (point filtering).
        let (st, sfloat, ssigned) = self.sampled_ty(d)?;
        let v4 = self.spv.vec_ty(st, 4);
        let r = self.op(spv_op, v4, &ops)?;
        self.texel_parts(r, st, (sfloat, ssigned), s)
    }

    /// The four components of a texel (`vec4` of `st`) as the overload's
    /// scalars, and the status word.
    fn texel_parts(
        &mut self,
        texel: Word,
        st: Word,
        (sfloat, ssigned): (bool, bool),
        s: super::resource::Scalar,
    ) -> Result<Val> {
        let mut parts = Parts::new();
        for c in 0..4 {
            let x = self.composite_extract(st, texel, c)?;
            parts.push(self.sampled_to_scalar(x, sfloat, ssigned, s)?);
        }
        Ok(self.with_status(parts))
    }

    /// A `ResRet` value: the four components and a status of 0 (every
    /// resource is fully mapped; `CheckAccessFullyMapped` is true).
    fn with_status(&mut self, mut parts: Parts) -> Val {
        parts.push(self.spv.u32c(0));
        Val::Parts(parts)
    }

    /// `TextureLoad(srv, mipOrSample, c0, c1, c2, o0, o1, o2)`.
    pub fn texture_load(&mut self, o: TextureLoad, t: TypeId) -> Result<Val> {
        let (h, d, shape) = self.texture(o.srv)?;
        let (st, sfloat, ssigned) = self.sampled_ty(d)?;
        let u = self.spv.u32_ty();
        let coord = self.coords(&o.coord, shape, u)?;
        let mip = match self.opt_value(o.mip_level_or_sample_count)? {
            Some(m) => m,
            None => self.spv.u32c(0),
        };
        let uav = d.class == ResourceClass::Uav;
        let mut ia = ImageArgs::default();
        if shape.ms {
            ia.sample = Some(mip);
        } else if !uav {
            ia.lod = Some(mip);
        }
        if !uav {
            ia.offset = self.texel_offset(&o.offset, shape.offsets, false)?;
        } else if self.image_format(h.res, d) == ImageFormat::Unknown {
            self.spv.cap(Capability::StorageImageReadWithoutFormat);
        }
        let (img, _) = self.load_image(h)?;
        let mut ops: SmallVec<[Word; 12]> = smallvec![img, coord];
        ops.extend(ia.words());
        let v4 = self.spv.vec_ty(st, 4);
        let op = if uav { Op::ImageRead } else { Op::ImageFetch };
        let r = self.op(op, v4, &ops)?;
        let s = self.scalar_of(self.overload_of_struct(t)?)?;
        self.texel_parts(r, st, (sfloat, ssigned), s)
    }

    /// `TextureStore(uav, c0, c1, c2, v0, v1, v2, v3, mask)`.
    pub fn texture_store(&mut self, o: TextureStore) -> Result<()> {
        self.store_texel(o.srv, &o.coord, o.value, None)
    }

    /// `TextureStoreSample(uav, c0, c1, c2, v0, v1, v2, v3, mask, sample)`
    /// (SM 6.7, `RWTexture2DMS[Array]`): a write to one sample.
    pub fn texture_store_sample(&mut self, o: TextureStoreSample) -> Result<()> {
        self.store_texel(o.srv, &o.coord, o.value, Some(o.sample_idx))
    }

    /// A texel write at `coord` (of sample `sample` of a multisampled
    /// image).
    fn store_texel(
        &mut self,
        srv: ValueId,
        coord: &[ValueId; 3],
        value: [ValueId; 4],
        sample: Option<ValueId>,
    ) -> Result<()> {
        let (h, d, shape) = self.texture(srv)?;
        if d.class != ResourceClass::Uav {
            return Err(self.invalid("TextureStore to an SRV"));
        }
        let (st, sfloat, ssigned) = self.sampled_ty(d)?;
        if self.image_format(h.res, d) == ImageFormat::Unknown {
            self.spv.cap(Capability::StorageImageWriteWithoutFormat);
        }
        let u = self.spv.u32_ty();
        let coord = self.coords(coord, shape, u)?;
        let mut comps = Vec::with_capacity(4);
        for v in value {
            let c = if self.is_undef(v) {
                self.spv.null_const(st)
            } else {
                let s = self.scalar_of(self.vty(v))?;
                let x = self.value_id(v)?;
                self.scalar_to_sampled(x, s, st, sfloat, ssigned)?
            };
            comps.push(c);
        }
        let v4 = self.spv.vec_ty(st, 4);
        let texel = self.composite_construct(v4, &comps)?;
        let (img, _) = self.load_image(h)?;
        let mut ops: SmallVec<[Word; 5]> = smallvec![img, coord, texel];
        if let Some(sample) = sample {
            ops.push(ImageOperands::SAMPLE.bits());
            ops.push(self.value_id(sample)?);
        }
        self.op_void_words(Op::ImageWrite, &ops)
    }

    /// What every gather takes, from `(srv, sampler, c0..c3, o0, o1)`: the
    /// sampled image, the coordinates, the (possibly dynamic) offset, and
    /// the texture's sampled type (type, float, signed).
    fn gather_operands(
        &mut self,
        srv: ValueId,
        sampler: ValueId,
        coord: &[ValueId; 4],
        offset: &[ValueId; 2],
    ) -> Result<Gather> {
        let (h, d, shape) = self.texture(srv)?;
        let sampled = self.sampled_ty(d)?;
        let si = self.sampled_image(h, sampler)?;
        let f = self.spv.float_ty(32);
        let coord = self.coords(coord, shape, f)?;
        let ia = ImageArgs {
            offset: self.texel_offset(offset, shape.offsets.min(2), true)?,
            ..ImageArgs::default()
        };
        Ok(Gather {
            image: si,
            coord,
            args: ia,
            sampled,
        })
    }

    /// `TextureGather(srv, sampler, c0..c3, o0, o1, channel)` and
    /// `TextureGatherCmp(..., channel, compare)`.
    pub fn texture_gather(&mut self, o: GatherOperands, t: TypeId) -> Result<Val> {
        let Gather {
            image: si,
            coord,
            args: ia,
            sampled: (st, sfloat, ssigned),
        } = self.gather_operands(o.srv, o.sampler, &o.coord, &o.offset)?;
        let mut ops: SmallVec<[Word; 12]> = smallvec![si, coord];
        let op = if let Some(compare) = o.compare {
            ops.push(self.value_id(compare)?);
            Op::ImageDrefGather
        } else {
            let channel = self
                .const_below(o.channel, 4)
                .ok_or_else(|| self.invalid("TextureGather: channel is not 0 to 3"))?;
            ops.push(self.spv.u32c(channel));
            Op::ImageGather
        };
        ops.extend(ia.words());
        let v4 = self.spv.vec_ty(st, 4);
        let r = self.op(op, v4, &ops)?;
        let s = self.scalar_of(self.overload_of_struct(t)?)?;
        self.texel_parts(r, st, (sfloat, ssigned), s)
    }

    /// `TextureGatherRaw(srv, sampler, c0..c3, o0, o1)` (SM 6.7): the raw
    /// bits of the four texels' first channel, as 16-, 32- or 64-bit
    /// integers (64-bit textures are viewed as `R32G32_UINT`: the low half
    /// is channel 0, the high half channel 1).
    pub fn texture_gather_raw(&mut self, o: TextureGatherRaw, t: TypeId) -> Result<Val> {
        let Gather {
            image: si,
            coord,
            args: ia,
            sampled: (st, sfloat, _),
        } = self.gather_operands(o.srv, o.sampler, &o.coord, &o.offset)?;
        if sfloat {
            return Err(self.invalid("GatherRaw on a float texture"));
        }
        let s = self.scalar_of(self.overload_of_struct(t)?)?;
        let v4 = self.spv.vec_ty(st, 4);
        let gather = |e: &mut Self, channel: u32| -> Result<Word> {
            let mut ops: SmallVec<[Word; 12]> = smallvec![si, coord, e.spv.u32c(channel)];
            ops.extend(ia.words());
            e.op(Op::ImageGather, v4, &ops)
        };
        let lo = gather(self, 0)?;
        let hi = if s.width == 64 {
            Some(gather(self, 1)?)
        } else {
            None
        };
        let rty = self.scalar_ty(s);
        let mut parts = Parts::new();
        for c in 0..4 {
            let x = self.composite_extract(st, lo, c)?;
            parts.push(match (s.width, hi) {
                (32, _) => x,
                (64, Some(hi)) => {
                    let y = self.composite_extract(st, hi, c)?;
                    let (x, y) = (
                        self.op(Op::UConvert, rty, &[x])?,
                        self.op(Op::UConvert, rty, &[y])?,
                    );
                    let shift = self.spv.uintc(64, 32);
                    let y = self.op(Op::ShiftLeftLogical, rty, &[y, shift])?;
                    self.op(Op::BitwiseOr, rty, &[x, y])?
                }
                _ => self.op(Op::UConvert, rty, &[x])?,
            });
        }
        Ok(self.with_status(parts))
    }

    /// `GetDimensions(texture, mip)`: width, height, depth or layers, and
    /// the mip count (sample count for multisampled textures; 0 for UAVs).
    pub fn texture_dimensions(&mut self, h: Handle, mip: ValueId) -> Result<Words> {
        let d = self.decl(h.res)?;
        let shape = image_shape(d.kind).ok_or_else(|| self.internal("not a texture"))?;
        self.spv.cap(Capability::ImageQuery);
        let (img, _) = self.load_image(h)?;
        let u = self.spv.u32_ty();
        let base = if shape.dim == rspirv::spirv::Dim::DimCube {
            2
        } else {
            shape.coords
        };
        let n = base.saturating_add(u32::from(shape.arrayed));
        let vt = self.spv.vec_ty(u, n);
        let uav = d.class == ResourceClass::Uav;
        let size = if shape.ms || uav {
            self.op(Op::ImageQuerySize, vt, &[img])?
        } else {
            let lod = if self.is_undef(mip) {
                self.spv.u32c(0)
            } else {
                self.value_id(mip)?
            };
            self.op(Op::ImageQuerySizeLod, vt, &[img, lod])?
        };
        let zero = self.spv.u32c(0);
        let mut parts = Words::with_capacity(4);
        for i in 0..3 {
            parts.push(match i {
                _ if i >= n => zero,
                _ if n == 1 => size,
                _ => self.composite_extract(u, size, i)?,
            });
        }
        parts.push(if shape.ms {
            self.op(Op::ImageQuerySamples, u, &[img])?
        } else if uav {
            zero
        } else {
            self.op(Op::ImageQueryLevels, u, &[img])?
        });
        Ok(parts)
    }

    /// `CalculateLOD(srv, sampler, c0, c1, c2, clamped)`.
    pub fn calculate_lod(&mut self, o: CalculateLOD) -> Result<Word> {
        self.require_derivatives()?;
        let (h, _, shape) = self.texture(o.handle)?;
        let si = self.sampled_image(h, o.sampler)?;
        let f = self.spv.float_ty(32);
        let coord = self.vector_of(&o.coord, shape.coords, f)?;
        self.spv.cap(Capability::ImageQuery);
        let v2 = self.spv.vec_ty(f, 2);
        let r = self.op(Op::ImageQueryLod, v2, &[si, coord])?;
        let clamped = self.m.const_uint(o.clamped).unwrap_or(1) != 0;
        self.composite_extract(f, r, if clamped { 0 } else { 1 })
    }
}
