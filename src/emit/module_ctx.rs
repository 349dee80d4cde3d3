//! The module-level context [`ModuleCtx`] (see the module doc of `emit`):
//! the SPIR-V module being written, with its hashed type and constant
//! caches, capabilities and extensions, the entry point's interface, the
//! reflection and the warnings. One per compilation; every function shares
//! it. The caches are private: types and constants are made through its
//! methods only.

use super::binding::Reflection;
use super::context::{
    derived_slot, f32_to_f16_bits, low_mask, map_with_capacity, scalar_slot, ImageKey, SortedSet,
    TyKey, DERIVED_SLOTS, SCALAR_SLOTS, SMALL_U32,
};
use super::writer::Writer;
use crate::ir::{GlobalId, TypeId};
use rspirv::dr::Operand;
use rspirv::spirv::{self, Capability, Op, StorageClass, Word};
use rustc_hash::FxHashMap as HashMap;
use smallvec::{smallvec, SmallVec};

/// The module-level context: the SPIR-V module being written and what all
/// its functions share. One per compilation.
pub(crate) struct ModuleCtx {
    /// The module being written.
    pub(super) b: Writer,
    types: HashMap<TyKey, Word>,
    /// The scalar and void types by [`scalar_slot`] (0: not created yet),
    /// looked up without hashing.
    scalar_types: [Word; SCALAR_SLOTS],
    /// The vector and usual pointer types by their child type's id (see
    /// [`derived_slot`]), looked up without hashing.
    derived_types: Vec<[Word; DERIVED_SLOTS]>,
    /// The `uint` constants below [`SMALL_U32`] (0: not created yet),
    /// looked up without hashing.
    small_u32: [Word; SMALL_U32],
    /// The SPIR-V type of each LLVM type, by [`crate::ir::TypeId`] (0: not
    /// created yet), looked up without hashing.
    llvm_types: Vec<Word>,
    consts: HashMap<(Word, u64), Word>,
    /// Composite constants by their type followed by their constituents.
    composites: HashMap<Vec<Word>, Word>,
    nulls: HashMap<Word, Word>,
    undefs: HashMap<Word, Word>,
    caps: SortedSet<Capability>,
    pub(super) exts: SortedSet<&'static str>,
    /// The `GLSL.std.450` import.
    pub(super) glsl: Word,
    /// The entry point's interface variables.
    pub(super) interface: SortedSet<Word>,
    pub(super) builtins: HashMap<(spirv::BuiltIn, StorageClass), Word>,
    pub(super) globals: HashMap<GlobalId, Word>,
    pub(super) reflection: Reflection,
    pub(super) warnings: Vec<String>,
}

impl Default for ModuleCtx {
    fn default() -> Self {
        ModuleCtx::new(0)
    }
}

impl ModuleCtx {
    /// An empty module for an IR module of `llvm_types` types.
    pub fn new(llvm_types: usize) -> Self {
        ModuleCtx {
            b: Writer::with_capacity(),
            types: map_with_capacity(64),
            scalar_types: [0; SCALAR_SLOTS],
            derived_types: Vec::new(),
            small_u32: [0; SMALL_U32],
            llvm_types: vec![0; llvm_types],
            consts: map_with_capacity(64),
            composites: HashMap::default(),
            nulls: HashMap::default(),
            undefs: HashMap::default(),
            caps: SortedSet::default(),
            exts: SortedSet::default(),
            glsl: 0,
            interface: SortedSet::default(),
            builtins: HashMap::default(),
            globals: HashMap::default(),
            reflection: Reflection::default(),
            warnings: Vec::new(),
        }
    }

    /// Empties the module for an IR module of `llvm_types` types, as
    /// [`ModuleCtx::new`] makes it, keeping the containers' capacity (every
    /// field is named: a new one must be reset here too).
    pub fn reset(&mut self, llvm_types: usize) {
        let ModuleCtx {
            b,
            types,
            scalar_types,
            derived_types,
            small_u32,
            llvm_types: llvm,
            consts,
            composites,
            nulls,
            undefs,
            caps,
            exts,
            glsl,
            interface,
            builtins,
            globals,
            reflection,
            warnings,
        } = self;
        b.reset();
        types.clear();
        *scalar_types = [0; SCALAR_SLOTS];
        derived_types.clear();
        *small_u32 = [0; SMALL_U32];
        llvm.clear();
        llvm.resize(llvm_types, 0);
        consts.clear();
        composites.clear();
        nulls.clear();
        undefs.clear();
        caps.clear();
        exts.clear();
        *glsl = 0;
        interface.clear();
        builtins.clear();
        globals.clear();
        *reflection = Reflection::default();
        warnings.clear();
    }

    /// About how many bytes the containers hold room for (the SPIR-V
    /// sections, which dominate).
    pub fn retained_bytes(&self) -> usize {
        self.b.capacity().saturating_mul(4)
    }

    #[inline]
    pub fn cap(&mut self, c: Capability) {
        self.caps.insert(c);
    }

    #[inline]
    pub fn id(&mut self) -> Word {
        self.b.id()
    }

    /// Pushes a module-level instruction (type, constant, global variable).
    pub fn global_inst(&mut self, op: Op, ty: Option<Word>, operands: Vec<Operand>) -> Word {
        self.global_inst_operands(op, ty, &operands)
    }

    /// [`Self::global_inst`] with the operands in a slice.
    pub fn global_inst_operands(&mut self, op: Op, ty: Option<Word>, operands: &[Operand]) -> Word {
        let id = self.b.id();
        match ty {
            Some(t) => self.b.global_operands(op, &[t, id], operands),
            None => self.b.global_operands(op, &[id], operands),
        }
        id
    }

    /// A module-level instruction with a fresh result id and word operands
    /// (ids and literals): `op [ty] id operands`.
    #[inline]
    pub fn global_words(&mut self, op: Op, ty: Option<Word>, operands: &[Word]) -> Word {
        let id = self.b.id();
        match ty {
            Some(t) => self.b.global_words(op, &[t, id], operands),
            None => self.b.global_words(op, &[id], operands),
        }
        id
    }

    /// A global `OpVariable` of pointer type `pt` in storage class `sc`.
    pub fn global_var(&mut self, pt: Word, sc: StorageClass) -> Word {
        self.global_words(Op::Variable, Some(pt), &[sc as Word])
    }

    /// A global variable of `pointee` in storage class `sc`, decorated with
    /// its descriptor set and binding.
    pub fn descriptor_var(
        &mut self,
        sc: StorageClass,
        pointee: Word,
        set: u32,
        binding: u32,
    ) -> Word {
        let pt = self.ptr_ty(sc, pointee);
        let var = self.global_var(pt, sc);
        self.decorate(var, spirv::Decoration::DescriptorSet, &[set]);
        self.decorate(var, spirv::Decoration::Binding, &[binding]);
        var
    }

    pub fn decorate(&mut self, target: Word, d: spirv::Decoration, extra: &[u32]) {
        self.b.decorate_words(target, d, extra);
    }

    pub fn member_decorate(
        &mut self,
        target: Word,
        member: u32,
        d: spirv::Decoration,
        extra: &[u32],
    ) {
        self.b.member_decorate_words(target, member, d, extra);
    }

    pub fn name(&mut self, target: Word, name: &str) {
        // A SPIR-V literal string ends at its first NUL: a name holding one
        // (legal in LLVM) would corrupt the instruction, so it is left out.
        if !name.is_empty() && !name.contains('\0') {
            self.b.name(target, name);
        }
    }

    /// The id of a SPIR-V type, creating it once. Always inlined: with
    /// the key's kind known at the call site, finding its home folds to a
    /// table index.
    #[inline(always)]
    pub fn ty(&mut self, key: TyKey) -> Word {
        let home = TypeHome::of(&key);
        let cached = match home {
            TypeHome::Scalar(s) => self.scalar_types.get(s).copied(),
            TypeHome::Derived(child, s) => self
                .derived_types
                .get(child as usize)
                .and_then(|slots| slots.get(s))
                .copied(),
            TypeHome::Hashed => self.types.get(&key).copied(),
        };
        match cached.filter(|&id| id != 0) {
            Some(id) => id,
            None => self.make_ty(key, home),
        }
    }

    /// Declares type `key` (not cached yet; `home`: where it is cached)
    /// and caches it (out of line: [`Self::ty`]'s lookup stays small).
    #[inline(never)]
    fn make_ty(&mut self, key: TyKey, home: TypeHome) -> Word {
        let id = match &key {
            TyKey::Void => self.global_words(Op::TypeVoid, None, &[]),
            TyKey::Bool => self.global_words(Op::TypeBool, None, &[]),
            TyKey::Int(w, s) => {
                match w {
                    8 => self.cap(Capability::Int8),
                    16 => self.cap(Capability::Int16),
                    64 => self.cap(Capability::Int64),
                    _ => {}
                }
                self.global_words(Op::TypeInt, None, &[*w, u32::from(*s)])
            }
            TyKey::Float(w) => {
                match w {
                    16 => self.cap(Capability::Float16),
                    64 => self.cap(Capability::Float64),
                    _ => {}
                }
                self.global_words(Op::TypeFloat, None, &[*w])
            }
            TyKey::Vector(e, n) => self.global_words(Op::TypeVector, None, &[*e, *n]),
            TyKey::Array(e, n) => {
                let len = self.u32c(*n);
                self.global_words(Op::TypeArray, None, &[*e, len])
            }
            TyKey::StridedArray(e, n, stride) => {
                let len = self.u32c(*n);
                let id = self.global_words(Op::TypeArray, None, &[*e, len]);
                self.decorate(id, spirv::Decoration::ArrayStride, &[*stride]);
                id
            }
            TyKey::RuntimeArray(e, stride) => {
                let id = self.global_words(Op::TypeRuntimeArray, None, &[*e]);
                self.decorate(id, spirv::Decoration::ArrayStride, &[*stride]);
                id
            }
            TyKey::DescriptorRuntimeArray(e) => {
                self.cap(Capability::RuntimeDescriptorArray);
                self.global_words(Op::TypeRuntimeArray, None, &[*e])
            }
            TyKey::Struct2(a, b) => self.global_words(Op::TypeStruct, None, &[*a, *b]),
            TyKey::Block(member) => {
                let id = self.global_words(Op::TypeStruct, None, &[*member]);
                self.decorate(id, spirv::Decoration::Block, &[]);
                self.member_decorate(id, 0, spirv::Decoration::Offset, &[0]);
                id
            }
            TyKey::Pointer(sc, p) => self.global_words(Op::TypePointer, None, &[*sc as u32, *p]),
            TyKey::Function(r) => self.global_words(Op::TypeFunction, None, &[*r]),
            TyKey::Image(k) => {
                self.image_caps(k);
                self.global_words(
                    Op::TypeImage,
                    None,
                    &[
                        k.sampled_ty,
                        k.dim as u32,
                        0,
                        u32::from(k.arrayed),
                        u32::from(k.ms),
                        k.mode,
                        k.format as u32,
                    ],
                )
            }
            TyKey::Sampler => self.global_words(Op::TypeSampler, None, &[]),
            TyKey::SampledImage(img) => self.global_words(Op::TypeSampledImage, None, &[*img]),
            TyKey::Matrix(col, n) => self.global_words(Op::TypeMatrix, None, &[*col, *n]),
            TyKey::RayQuery => self.global_words(Op::TypeRayQueryKHR, None, &[]),
            TyKey::AccelerationStructure => {
                self.global_words(Op::TypeAccelerationStructureKHR, None, &[])
            }
            TyKey::HitObject => self.global_words(Op::TypeHitObjectNV, None, &[]),
        };
        match home {
            TypeHome::Scalar(s) => {
                if let Some(cached) = self.scalar_types.get_mut(s) {
                    *cached = id;
                }
            }
            TypeHome::Derived(child, s) => {
                let child = child as usize;
                if child >= self.derived_types.len() {
                    self.derived_types
                        .resize(child.saturating_add(1), [0; DERIVED_SLOTS]);
                }
                if let Some(cached) = self.derived_types.get_mut(child).and_then(|d| d.get_mut(s)) {
                    *cached = id;
                }
            }
            TypeHome::Hashed => {
                self.types.insert(key, id);
            }
        }
        id
    }

    /// The capabilities an image type needs.
    fn image_caps(&mut self, k: &ImageKey) {
        use spirv::Dim;
        let storage = k.mode == 2;
        match (k.dim, storage) {
            (Dim::DimBuffer, false) => self.cap(Capability::SampledBuffer),
            (Dim::DimBuffer, true) => self.cap(Capability::ImageBuffer),
            (Dim::Dim1D, false) => self.cap(Capability::Sampled1D),
            (Dim::Dim1D, true) => self.cap(Capability::Image1D),
            (Dim::DimCube, _) if k.arrayed => self.cap(if storage {
                Capability::ImageCubeArray
            } else {
                Capability::SampledCubeArray
            }),
            _ => {}
        }
        if k.ms && storage {
            self.cap(Capability::StorageImageMultisample);
            if k.arrayed {
                self.cap(Capability::ImageMSArray);
            }
        }
    }

    #[inline]
    pub fn void_ty(&mut self) -> Word {
        self.ty(TyKey::Void)
    }
    #[inline]
    pub fn bool_ty(&mut self) -> Word {
        self.ty(TyKey::Bool)
    }
    #[inline]
    pub fn uint_ty(&mut self, w: u32) -> Word {
        self.ty(TyKey::Int(w, false))
    }
    #[inline]
    pub fn sint_ty(&mut self, w: u32) -> Word {
        self.ty(TyKey::Int(w, true))
    }
    #[inline]
    pub fn u32_ty(&mut self) -> Word {
        self.uint_ty(32)
    }
    #[inline]
    pub fn float_ty(&mut self, w: u32) -> Word {
        self.ty(TyKey::Float(w))
    }
    #[inline]
    pub fn vec_ty(&mut self, e: Word, n: u32) -> Word {
        if n == 1 {
            e
        } else {
            self.ty(TyKey::Vector(e, n))
        }
    }
    #[inline]
    pub fn ptr_ty(&mut self, sc: StorageClass, p: Word) -> Word {
        self.ty(TyKey::Pointer(sc, p))
    }

    /// A scalar constant of SPIR-V type `ty` with bit pattern `bits`
    /// (`width` ≤ 32 uses one literal word, 64 two).
    #[inline]
    pub fn scalar_const(&mut self, ty: Word, width: u32, bits: u64) -> Word {
        if let Some(&id) = self.consts.get(&(ty, bits)) {
            return id;
        }
        let id = if width > 32 {
            self.global_words(Op::Constant, Some(ty), &[bits as u32, (bits >> 32) as u32])
        } else {
            self.global_words(Op::Constant, Some(ty), &[bits as u32])
        };
        self.consts.insert((ty, bits), id);
        id
    }

    /// A `uint` constant: the small ones made already from a table
    /// (inline), the rest out of line.
    #[inline(always)]
    pub fn u32c(&mut self, v: u32) -> Word {
        match self.small_u32.get(v as usize) {
            Some(&id) if id != 0 => id,
            _ => self.make_u32c(v),
        }
    }

    /// [`Self::u32c`] past its table.
    #[inline(never)]
    fn make_u32c(&mut self, v: u32) -> Word {
        let slot = usize::try_from(v).ok().filter(|&i| i < SMALL_U32);
        let t = self.u32_ty();
        let id = self.scalar_const(t, 32, u64::from(v));
        if let Some(cached) = slot.and_then(|i| self.small_u32.get_mut(i)) {
            *cached = id;
        }
        id
    }
    #[inline]
    pub fn uintc(&mut self, width: u32, v: u64) -> Word {
        let t = self.uint_ty(width);
        let v = if width >= 64 { v } else { v & low_mask(width) };
        self.scalar_const(t, width, v)
    }
    #[inline]
    pub fn sintc(&mut self, width: u32, v: i64) -> Word {
        let t = self.sint_ty(width);
        let bits = if width >= 64 {
            v as u64
        } else {
            (v as u64) & low_mask(width)
        };
        self.scalar_const(t, width, bits)
    }
    #[inline]
    pub fn f32c(&mut self, v: f32) -> Word {
        let t = self.float_ty(32);
        self.scalar_const(t, 32, u64::from(v.to_bits()))
    }
    pub fn floatc(&mut self, width: u32, v: f64) -> Word {
        let t = self.float_ty(width);
        let bits = match width {
            16 => u64::from(f32_to_f16_bits(v as f32)),
            32 => u64::from((v as f32).to_bits()),
            _ => v.to_bits(),
        };
        self.scalar_const(t, width, bits)
    }
    pub fn boolc(&mut self, v: bool) -> Word {
        let t = self.bool_ty();
        let key = (t, u64::from(v));
        if let Some(&id) = self.consts.get(&key) {
            return id;
        }
        let op = if v {
            Op::ConstantTrue
        } else {
            Op::ConstantFalse
        };
        let id = self.global_words(op, Some(t), &[]);
        self.consts.insert(key, id);
        id
    }
    /// A composite constant of type `ty` (made once; the key is built on
    /// the stack, so a cache hit allocates nothing).
    pub fn composite_const(&mut self, ty: Word, parts: &[Word]) -> Word {
        let mut key: SmallVec<[Word; 8]> = SmallVec::with_capacity(parts.len().saturating_add(1));
        key.push(ty);
        key.extend_from_slice(parts);
        if let Some(&id) = self.composites.get(key.as_slice()) {
            return id;
        }
        let id = self.global_words(Op::ConstantComposite, Some(ty), parts);
        self.composites.insert(key.into_vec(), id);
        id
    }
    pub fn null_const(&mut self, ty: Word) -> Word {
        if let Some(&id) = self.nulls.get(&ty) {
            return id;
        }
        let id = self.global_words(Op::ConstantNull, Some(ty), &[]);
        self.nulls.insert(ty, id);
        id
    }
    pub fn undef(&mut self, ty: Word) -> Word {
        if let Some(&id) = self.undefs.get(&ty) {
            return id;
        }
        let id = self.global_words(Op::Undef, Some(ty), &[]);
        self.undefs.insert(ty, id);
        id
    }
    /// A splat constant of a vector type (or the scalar itself).
    pub fn splat_const(&mut self, ty: Word, scalar: Word, n: u32) -> Word {
        if n <= 1 {
            scalar
        } else {
            let parts: SmallVec<[Word; 4]> = smallvec![scalar; n as usize];
            self.composite_const(ty, &parts)
        }
    }

    /// The cached SPIR-V type of LLVM type `t`, if made.
    #[inline]
    pub fn llvm_type(&self, t: TypeId) -> Option<Word> {
        self.llvm_types
            .get(t.0 as usize)
            .copied()
            .filter(|&id| id != 0)
    }

    /// Records the SPIR-V type of an LLVM type (ids outside the module's
    /// type table, which `Emitter::vty` gives for unknown values, are not
    /// cached).
    #[inline]
    pub fn cache_llvm_type(&mut self, t: TypeId, id: Word) {
        if let Some(slot) = self.llvm_types.get_mut(t.0 as usize) {
            *slot = id;
        }
    }

    /// Writes the capabilities, extensions, the `GLSL.std.450` import and
    /// the memory model: the head of the module's logical layout.
    pub fn write_preamble(&mut self) {
        for &c in self.caps.iter() {
            self.b.capability(c);
        }
        for e in self.exts.iter() {
            self.b.extension(e);
        }
        self.b.ext_inst_import(self.glsl, "GLSL.std.450");
        // Root descriptors (`bindless-1`) are physical addresses.
        let addressing = if self
            .caps
            .contains(&Capability::PhysicalStorageBufferAddresses)
        {
            spirv::AddressingModel::PhysicalStorageBuffer64
        } else {
            spirv::AddressingModel::Logical
        };
        self.b.memory_model(addressing, spirv::MemoryModel::GLSL450);
    }

    /// The capabilities declared, by name (for the reflection).
    pub fn capability_names(&self) -> Vec<String> {
        self.caps.iter().map(|c| format!("{c:?}")).collect()
    }
}

/// Where the type cache keeps a type.
#[derive(Clone, Copy)]
enum TypeHome {
    /// [`ModuleCtx::scalar_types`], at this [`scalar_slot`].
    Scalar(usize),
    /// [`ModuleCtx::derived_types`], at the child type's id and this
    /// [`derived_slot`].
    Derived(Word, usize),
    /// [`ModuleCtx::types`].
    Hashed,
}

impl TypeHome {
    #[inline(always)]
    fn of(key: &TyKey) -> Self {
        if let Some(s) = scalar_slot(key) {
            TypeHome::Scalar(s)
        } else if let Some((child, s)) = derived_slot(key) {
            TypeHome::Derived(child, s)
        } else {
            TypeHome::Hashed
        }
    }
}
