//! The per-function context [`FnCtx`] (values, blocks, phis, the current
//! instruction; see the module doc of `emit`) and the vocabulary every op
//! family shares (type keys, emitted values, handles). No op family is
//! named here.

use super::writer::FnVars;
use crate::dxil::OpCode;
use crate::error::{Error, Location, Phase};
use crate::ir::{ListRange, Module, ValueId};
use rspirv::spirv::{self, StorageClass, Word};
use rustc_hash::FxHashMap as HashMap;
use smallvec::SmallVec;

/// Scope ids used with atomics, barriers and subgroup operations.
pub(crate) mod scope {
    pub const DEVICE: u32 = 1;
    pub const WORKGROUP: u32 = 2;
    pub const SUBGROUP: u32 = 3;
}

/// A SPIR-V type, as a hashable key of the type cache. Children are ids of
/// types already in the cache.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum TyKey {
    Void,
    Bool,
    Int(u32, bool),
    Float(u32),
    Vector(Word, u32),
    /// Array without layout (function, private, workgroup memory).
    Array(Word, u32),
    /// Array with an `ArrayStride` (buffer memory).
    StridedArray(Word, u32, u32),
    /// Runtime array with an `ArrayStride` (buffer memory).
    RuntimeArray(Word, u32),
    /// Runtime array of descriptors (no stride).
    DescriptorRuntimeArray(Word),
    /// A plain two-member struct (results of `OpIAddCarry` and friends).
    Struct2(Word, Word),
    /// A `Block` struct with one member at offset 0 (buffer wrappers).
    Block(Word),
    Pointer(StorageClass, Word),
    /// A function type without parameters (no emitted function takes
    /// any): its return type.
    Function(Word),
    /// An image type (texel buffer or texture).
    Image(ImageKey),
    /// `OpTypeSampler`.
    Sampler,
    /// `OpTypeSampledImage` of an image type.
    SampledImage(Word),
    /// `OpTypeMatrix`: column type, column count.
    Matrix(Word, u32),
    /// `OpTypeRayQueryKHR`.
    RayQuery,
    /// `OpTypeAccelerationStructureKHR`.
    AccelerationStructure,
    /// `OpTypeHitObjectNV`.
    HitObject,
}

/// The operands of an `OpTypeImage`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct ImageKey {
    /// The sampled type (32-bit float, int or uint).
    pub sampled_ty: Word,
    pub dim: spirv::Dim,
    pub arrayed: bool,
    pub ms: bool,
    /// 1: sampled (SRV), 2: storage (UAV).
    pub mode: u32,
    pub format: spirv::ImageFormat,
}

/// A few result ids (components of a value, results of a guarded body),
/// kept inline.
pub(crate) type Words = SmallVec<[Word; 5]>;

/// The components of a dx.op struct result (`ResRet` has five: four
/// values and the status), kept inline.
pub(crate) type Parts = SmallVec<[Word; 5]>;

/// An LLVM value once emitted.
#[derive(Clone, Debug)]
pub(crate) enum Val {
    /// A plain SPIR-V value (scalar, vector, composite).
    Id(Word),
    /// A pointer into memory with its storage class.
    Ptr(Word, StorageClass),
    /// A resource handle.
    Handle(Handle),
    /// A dx.op struct result (`ResRet`, `CBufRet`, `fouri32`, ...) kept as
    /// its components.
    Parts(Parts),
}

/// The emitted form of each value: a slot per value id (0: none, `n`:
/// `vals[n - 1]`), so the table starts zeroed and holds only what was
/// emitted.
#[derive(Default)]
pub(crate) struct ValueMap {
    slots: Vec<u32>,
    vals: Vec<Val>,
}

impl ValueMap {
    /// Empties the map, for values `0..len` (it grows for larger ids),
    /// keeping its capacity.
    pub fn reset(&mut self, len: usize) {
        self.slots.clear();
        self.slots.resize(len, 0);
        self.vals.clear();
        self.vals.reserve(len);
    }

    /// The emitted form of `v`, if it has one.
    #[inline]
    pub fn get(&self, v: &ValueId) -> Option<&Val> {
        let slot = *self.slots.get(v.0 as usize)?;
        self.vals.get((slot as usize).checked_sub(1)?)
    }

    /// Records the emitted form of `v`.
    #[inline]
    pub fn insert(&mut self, v: ValueId, val: Val) {
        // A value recorded for the first time (nearly all) inline.
        if let Some(slot) = self.slots.get_mut(v.0 as usize) {
            if *slot == 0 {
                self.vals.push(val);
                *slot = u32::try_from(self.vals.len()).unwrap_or(0);
                return;
            }
        }
        self.insert_slow(v, val);
    }

    /// [`Self::insert`] of a value recorded already or out of the table.
    #[inline(never)]
    fn insert_slow(&mut self, v: ValueId, val: Val) {
        let i = v.0 as usize;
        if i >= self.slots.len() {
            self.slots.resize(i.saturating_add(1), 0);
        }
        let Some(slot) = self.slots.get_mut(i) else {
            return;
        };
        match (*slot as usize)
            .checked_sub(1)
            .and_then(|k| self.vals.get_mut(k))
        {
            Some(old) => *old = val,
            None => {
                self.vals.push(val);
                *slot = u32::try_from(self.vals.len()).unwrap_or(0);
            }
        }
    }
}

/// A resource handle: which declared range, and the index within it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Handle {
    /// Index into [`ShaderDesc::resources`].
    pub res: usize,
    /// Dynamic index relative to the range start (an `u32` id), or `None`
    /// for the first element / a single descriptor.
    pub index: Option<Word>,
    /// Constant index relative to the range start.
    pub const_index: u32,
    /// `NonUniformResourceIndex`.
    pub non_uniform: bool,
}

/// An operand as the control-flow layer gives it: an original value, a
/// synthetic phi (by index), a 32-bit constant, or `undef`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[allow(dead_code)] // built by the structured control-flow walk
pub(crate) enum SVal {
    Value(ValueId),
    Synth(u32),
    U32(u32),
    Undef,
}

/// A phi waiting for its operands (filled once the function is complete).
pub(crate) struct PendingPhi {
    /// Where its (value, parent) operand pairs go in the function words.
    pub slot: usize,
    /// Its (value, structured predecessor block index) pairs in
    /// [`Emitter::phi_incoming`].
    pub incoming: std::ops::Range<usize>,
    /// The phi's SPIR-V type (for `undef` operands).
    pub ty: Word,
}

/// The per-function context: reset for each function emitted (its
/// containers keep their capacity), so no state of one function reaches
/// the next.
#[derive(Default)]
pub(crate) struct FnCtx {
    /// The name of the function (for [`FnCtx::loc`]).
    pub(super) name: String,
    /// Whether [`FnCtx::loc`] is in this function (so only its block and
    /// instruction change).
    pub(super) loc_in_fn: bool,
    pub(super) values: ValueMap,
    pub(super) cur_label: Word,
    pub(super) fn_vars: FnVars,
    pub(super) phis: Vec<PendingPhi>,
    /// The incoming pairs of every pending phi.
    pub(super) phi_incoming: Vec<(SVal, u32)>,
    /// The SPIR-V label of the last block emitted for each structured
    /// block (phi parents).
    pub(super) exit_labels: Vec<Word>,
    /// The label of each structured block.
    pub(super) block_labels: Vec<Word>,
    /// The ids of the structurizer's synthetic values.
    pub(super) synth_ids: Vec<Word>,
    /// Operand rewrites of the structured block being emitted.
    pub(super) cur_uses: Vec<(ValueId, SVal)>,
    /// Where the error is, for messages.
    pub(super) loc: Location,
    /// The result of the instruction being emitted.
    pub(super) current_inst_result: Option<ValueId>,
    /// The dx.op being emitted, named in unsupported-feature errors.
    pub(super) cur_op: Option<OpCode>,
    /// A reused buffer for debug names built from parts.
    pub(super) name_buf: String,
    /// For each struct-valued result: how many leading members are read by
    /// `extractvalue`.
    pub(super) component_uses: HashMap<ValueId, u32>,
    /// Constant expressions being expanded, innermost last (their nesting).
    pub(super) const_depth: u32,
}

impl FnCtx {
    /// Sets the location back to no instruction, taking the function's
    /// name back from it (see `Emitter::set_loc`).
    pub fn leave_location(&mut self) {
        if let Location::Inst { function, .. } = std::mem::replace(&mut self.loc, Location::Unknown)
        {
            self.name = function;
        }
        self.loc_in_fn = false;
    }

    /// Resets the context for a function of a module with `values` values:
    /// everything as a fresh context has it, the containers' capacity kept
    /// (every field is named: a new one must be reset here too).
    pub fn reset(&mut self, values: usize) {
        let FnCtx {
            name,
            loc_in_fn,
            values: value_map,
            cur_label,
            fn_vars,
            phis,
            phi_incoming,
            exit_labels,
            block_labels,
            synth_ids,
            cur_uses,
            loc,
            current_inst_result,
            cur_op,
            name_buf,
            component_uses,
            const_depth,
        } = self;
        if let Location::Inst { function, .. } = std::mem::replace(loc, Location::Unknown) {
            *name = function;
        }
        name.clear();
        *loc_in_fn = false;
        value_map.reset(values);
        *cur_label = 0;
        fn_vars.clear();
        phis.clear();
        phi_incoming.clear();
        exit_labels.clear();
        block_labels.clear();
        synth_ids.clear();
        cur_uses.clear();
        *current_inst_result = None;
        *cur_op = None;
        name_buf.clear();
        component_uses.clear();
        *const_depth = 0;
    }
}

/// A small ordered set kept as a sorted vector: what a `BTreeSet` gives
/// (ordered iteration, no duplicates) for the handful of capabilities,
/// extensions and interface variables of a module, with its capacity kept
/// when cleared (a `BTreeSet` frees its nodes).
#[derive(Debug)]
pub(crate) struct SortedSet<T>(Vec<T>);

impl<T> Default for SortedSet<T> {
    fn default() -> Self {
        SortedSet(Vec::new())
    }
}

impl<T: Ord> SortedSet<T> {
    /// Adds `v`; false if it was there.
    pub fn insert(&mut self, v: T) -> bool {
        match self.0.binary_search(&v) {
            Ok(_) => false,
            Err(at) => {
                self.0.insert(at, v);
                true
            }
        }
    }

    /// Whether `v` is in the set.
    pub fn contains(&self, v: &T) -> bool {
        self.0.binary_search(v).is_ok()
    }

    /// The elements in order.
    pub fn iter(&self) -> std::slice::Iter<'_, T> {
        self.0.iter()
    }

    /// Removes every element (keeping the capacity).
    pub fn clear(&mut self) {
        self.0.clear();
    }
}

/// The deepest nesting of constant expressions (`add (add (...))`) that
/// emission expands. Constant expressions are re-emitted at each use, so a
/// module-wide budget of expansions (16 per value plus 65,536) also bounds
/// the work of a hostile DAG whose expressions share operands.
pub(crate) const MAX_CONST_DEPTH: u32 = 64;

/// Converts an rspirv builder error.
pub(crate) fn berr(e: rspirv::dr::Error) -> Error {
    Error::internal(Phase::Emit, format!("SPIR-V builder: {e}"))
}

/// How many small `uint` constants [`Emitter::u32c`] keeps in a table.
pub(crate) const SMALL_U32: usize = 32;

/// How many scalar types [`scalar_slot`] numbers.
pub(crate) const SCALAR_SLOTS: usize = 13;

/// The slot of a scalar (or void) type in [`Emitter::scalar_types`].
#[inline(always)]
pub(crate) fn scalar_slot(key: &TyKey) -> Option<usize> {
    Some(match *key {
        TyKey::Void => 0,
        TyKey::Bool => 1,
        TyKey::Int(8, s) => 2 | usize::from(s),
        TyKey::Int(16, s) => 4 | usize::from(s),
        TyKey::Int(32, s) => 6 | usize::from(s),
        TyKey::Int(64, s) => 8 | usize::from(s),
        TyKey::Float(16) => 10,
        TyKey::Float(32) => 11,
        TyKey::Float(64) => 12,
        _ => return None,
    })
}

/// How many types of one child type [`derived_slot`] numbers.
pub(crate) const DERIVED_SLOTS: usize = 11;

/// The child type's id and the slot of a vector type or a pointer type of
/// a usual storage class in `ModuleCtx::derived_types`.
#[inline(always)]
pub(crate) fn derived_slot(key: &TyKey) -> Option<(Word, usize)> {
    use StorageClass as S;
    Some(match *key {
        TyKey::Vector(e, 2) => (e, 0),
        TyKey::Vector(e, 3) => (e, 1),
        TyKey::Vector(e, 4) => (e, 2),
        TyKey::Pointer(sc, p) => (
            p,
            match sc {
                S::Function => 3,
                S::Private => 4,
                S::Workgroup => 5,
                S::StorageBuffer => 6,
                S::Uniform => 7,
                S::Input => 8,
                S::Output => 9,
                S::UniformConstant => 10,
                _ => return None,
            },
        ),
        _ => return None,
    })
}

/// The opcode of a call with arguments `args` if it is a `dx.op` call (a
/// cheap look at its first argument, the opcode constant, without decoding
/// the call).
pub(crate) fn call_opcode(m: &Module, args: ListRange) -> Option<OpCode> {
    let op = m.const_uint(ValueId(*m.list(args).first()?))?;
    OpCode::from_u32(u32::try_from(op).ok()?)
}

/// An empty hash map with room for `n` entries.
pub(crate) fn map_with_capacity<K, V>(n: usize) -> HashMap<K, V> {
    HashMap::with_capacity_and_hasher(n, Default::default())
}

/// The low `width` bits set (all bits from 64 on).
pub(crate) fn low_mask(width: u32) -> u64 {
    u64::MAX.checked_shl(width).map_or(u64::MAX, |high| !high)
}

/// f32 → f16 bits, round to nearest even (for half constants given as f64).
///
/// `exp` is at most 254, so `e` is in -112..=142 and `shift` in 14..=24:
/// the saturating operations below never saturate.
pub(crate) fn f32_to_f16_bits(f: f32) -> u16 {
    let x = f.to_bits();
    let sign = ((x >> 16) & 0x8000) as u16;
    let exp = ((x >> 23) & 0xff) as i32;
    let mant = x & 0x7f_ffff;
    if exp == 0xff {
        return sign | 0x7c00 | if mant != 0 { 0x200 } else { 0 };
    }
    // Rebias: `exp - 127 + 15`.
    let e = exp.saturating_sub(112);
    if e >= 0x1f {
        return sign | 0x7c00;
    }
    if e <= 0 {
        if e < -10 {
            return sign;
        }
        let m = mant | 0x80_0000;
        let shift = 14i32.saturating_sub(e) as u32;
        let half = m >> shift;
        let rem = m & !(u32::MAX << shift);
        let mid = 1 << shift.saturating_sub(1);
        let r = if rem > mid || (rem == mid && (half & 1) == 1) {
            half.saturating_add(1)
        } else {
            half
        };
        return sign | r as u16;
    }
    let half = ((e as u32) << 10) | (mant >> 13);
    let rem = mant & 0x1fff;
    let r = if rem > 0x1000 || (rem == 0x1000 && (half & 1) == 1) {
        half.saturating_add(1)
    } else {
        half
    };
    sign | r as u16
}
