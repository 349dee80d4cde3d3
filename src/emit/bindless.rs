//! `bindless-1` access (`docs/BINDING.md`): the root block variable and
//! its reads, the heap index of a descriptor-table or SM 6.6 heap access
//! (`w[table] + range_offset + (register − range_base)`, constant-folded),
//! root constants read as a constant buffer, and root descriptors as
//! buffer device addresses (`PhysicalStorageBuffer64`).
//!
//! The root block is `Block { uvec2 rd[R]; uint w[C + T]; }` in push
//! constants; as a uniform buffer (`RootBlockStorage::Uniform`) the same
//! bytes are declared `Block { uvec4 v[⌈size / 16⌉]; }`, so that std140's
//! 16-byte array stride holds, and a word `i` is `v[i / 4][i % 4]`.
//!
//! A DXR local root signature's parameters are read from the shader
//! record, `ShaderRecordBufferKHR Block { uint r[size / 4]; }`
//! (`binding::local`): constants as words, root descriptors as two words
//! making a `uvec2` address, tables as the low word of a descriptor handle
//! shifted right by `HANDLE_SHIFT`.

use super::context::{Handle, TyKey};
use super::Emitter;
use crate::binding::local::HANDLE_SHIFT;
use crate::binding::{AddressAt, RecordEntry, RootBlockStorage, Via};
use crate::error::Result;
use rspirv::dr::Operand;
use rspirv::spirv::{Capability, Decoration, MemoryAccess, Op, StorageClass, Word};
use rustc_hash::FxHashMap as HashMap;
use std::collections::BTreeSet;

/// A word index: a constant, or an id of a `u32`.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Index {
    /// Known at compile time.
    Const(u32),
    /// A `u32` value.
    Dyn(Word),
}

/// Per-compilation `bindless-1` state.
#[derive(Default)]
pub(crate) struct BindlessState {
    /// The root block variable and its storage class.
    root_block: Option<(Word, StorageClass)>,
    /// The shader record variable (local root signatures).
    shader_record: Option<Word>,
    /// Heap-array variables shared by every resource of one binding and
    /// descriptor type: (binding, view key) → variable.
    heap_vars: HashMap<HeapVarKey, Word>,
    /// The heap bindings the module declares.
    used: BTreeSet<u32>,
    /// Root-block reads already made in a block (push constants do not
    /// change): (block label, what) → value.
    reads: HashMap<(Word, RootRead), Word>,
}

/// A root-block read worth reusing within a block.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum RootRead {
    /// `w[i]`.
    Word(u32),
    /// A root descriptor's address as a pointer to a block type.
    Address(AddressAt, Word),
    /// Word `r[i]` of the shader record.
    RecordWord(u32),
}

/// What makes two heap-array variables the same: the binding, the
/// descriptor type, and the decorations (`NonWritable` SRVs, `Coherent`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct HeapVarKey {
    pub binding: u32,
    pub inner: Word,
    pub storage: StorageClass,
    pub non_writable: bool,
    pub coherent: bool,
}

impl<'m> Emitter<'m> {
    /// Whether the compilation is in root-signature mode.
    pub fn is_bindless(&self) -> bool {
        self.bindings.bindless().is_some()
    }

    /// The heap variable of a key, if declared.
    pub(crate) fn heap_var(&self, key: &HeapVarKey) -> Option<Word> {
        self.bindless.heap_vars.get(key).copied()
    }

    /// Remembers a heap variable (declared by `resource_var`).
    pub(crate) fn add_heap_var(&mut self, key: HeapVarKey, var: Word) {
        self.bindless.heap_vars.insert(key, var);
        self.bindless.used.insert(key.binding);
    }

    /// Whether the module declares the root block.
    pub(crate) fn uses_root_block(&self) -> bool {
        self.bindless.root_block.is_some()
    }

    /// The heap bindings the module declares.
    pub(crate) fn used_heap_bindings(&self) -> Vec<u32> {
        self.bindless.used.iter().copied().collect()
    }

    /// The root block variable (declared on first use).
    fn root_block(&mut self) -> Result<(Word, StorageClass)> {
        if let Some(v) = self.bindless.root_block {
            return Ok(v);
        }
        let layout = self
            .bindings
            .bindless()
            .ok_or_else(|| self.internal("a root block outside root-signature mode"))?;
        let (r, words, size, storage) = (
            layout.root_descriptors,
            layout.words,
            layout.root_block.size,
            layout.options.root_block,
        );
        let u = self.spv.u32_ty();
        let (st, sc) = match storage {
            RootBlockStorage::PushConstant => {
                let mut members = Vec::with_capacity(2);
                let mut offsets = Vec::with_capacity(2);
                if r > 0 {
                    let v2 = self.spv.vec_ty(u, 2);
                    members.push(self.spv.ty(TyKey::StridedArray(v2, r, 8)));
                    offsets.push(0);
                }
                if words > 0 {
                    members.push(self.spv.ty(TyKey::StridedArray(u, words, 4)));
                    offsets.push(r.saturating_mul(8));
                }
                let st = self.spv.global_words(Op::TypeStruct, None, &members);
                for (i, off) in (0u32..).zip(offsets) {
                    self.spv.member_decorate(st, i, Decoration::Offset, &[off]);
                }
                (st, StorageClass::PushConstant)
            }
            RootBlockStorage::Uniform { .. } => {
                let v4 = self.spv.vec_ty(u, 4);
                let rows = (size.div_ceil(16)).max(1) as u32;
                let arr = self.spv.ty(TyKey::StridedArray(v4, rows, 16));
                let st = self.spv.global_words(Op::TypeStruct, None, &[arr]);
                self.spv.member_decorate(st, 0, Decoration::Offset, &[0]);
                (st, StorageClass::Uniform)
            }
        };
        self.spv.decorate(st, Decoration::Block, &[]);
        self.spv.name(st, "RootBlock");
        let pt = self.spv.ptr_ty(sc, st);
        let var = self.spv.global_var(pt, sc);
        if let RootBlockStorage::Uniform { set, binding } = storage {
            self.spv.decorate(var, Decoration::DescriptorSet, &[set]);
            self.spv.decorate(var, Decoration::Binding, &[binding]);
        }
        self.spv.name(var, "root");
        self.spv.interface.insert(var);
        self.bindless.root_block = Some((var, sc));
        Ok((var, sc))
    }

    fn index_id(&mut self, i: Index) -> Word {
        match i {
            Index::Const(c) => self.spv.u32c(c),
            Index::Dyn(w) => w,
        }
    }

    /// Word `w[i]` of the root block (root constants, table offsets); a
    /// constant index read once per block.
    pub(crate) fn root_word(&mut self, i: Index) -> Result<Word> {
        let Index::Const(c) = i else {
            return self.read_root_word(i);
        };
        let key = (self.func.cur_label, RootRead::Word(c));
        if let Some(&v) = self.bindless.reads.get(&key) {
            return Ok(v);
        }
        let v = self.read_root_word(i)?;
        self.bindless.reads.insert(key, v);
        Ok(v)
    }

    /// The shader record variable (declared on first use):
    /// `ShaderRecordBufferKHR Block { uint r[size / 4]; }`.
    fn shader_record(&mut self) -> Result<Word> {
        if let Some(v) = self.bindless.shader_record {
            return Ok(v);
        }
        let size = self
            .bindings
            .bindless()
            .and_then(|l| l.local.as_ref())
            .map(|l| l.record.size)
            .ok_or_else(|| self.internal("a shader record without a local root signature"))?;
        let u = self.spv.u32_ty();
        let words = (size.div_ceil(4)).max(1) as u32;
        let arr = self.spv.ty(TyKey::StridedArray(u, words, 4));
        let st = self.spv.global_words(Op::TypeStruct, None, &[arr]);
        self.spv.member_decorate(st, 0, Decoration::Offset, &[0]);
        self.spv.decorate(st, Decoration::Block, &[]);
        self.spv.name(st, "ShaderRecord");
        let sc = StorageClass::ShaderRecordBufferKHR;
        let pt = self.spv.ptr_ty(sc, st);
        let var = self.spv.global_var(pt, sc);
        self.spv.name(var, "record");
        self.spv.interface.insert(var);
        self.bindless.shader_record = Some(var);
        Ok(var)
    }

    /// Word `r[i]` of the shader record; a constant index read once per
    /// block.
    pub(crate) fn record_word(&mut self, i: Index) -> Result<Word> {
        let key = match i {
            Index::Const(c) => Some((self.func.cur_label, RootRead::RecordWord(c))),
            Index::Dyn(_) => None,
        };
        if let Some(&v) = key.as_ref().and_then(|k| self.bindless.reads.get(k)) {
            return Ok(v);
        }
        let var = self.shader_record()?;
        let u = self.spv.u32_ty();
        let pt = self.spv.ptr_ty(StorageClass::ShaderRecordBufferKHR, u);
        let zero = self.spv.u32c(0);
        let idx = self.index_id(i);
        let p = self.access_chain(pt, var, &[zero, idx])?;
        let v = self.load(u, p)?;
        if let Some(k) = key {
            self.bindless.reads.insert(k, v);
        }
        Ok(v)
    }

    fn read_root_word(&mut self, i: Index) -> Result<Word> {
        let (var, sc) = self.root_block()?;
        let r = self.bindings.bindless().map_or(0, |l| l.root_descriptors);
        let u = self.spv.u32_ty();
        let pt = self.spv.ptr_ty(sc, u);
        let p = match sc {
            StorageClass::PushConstant => {
                let member = self.spv.u32c(u32::from(r > 0));
                let idx = self.index_id(i);
                self.access_chain(pt, var, &[member, idx])?
            }
            _ => {
                let zero = self.spv.u32c(0);
                let skip = r.saturating_mul(2);
                let (row, comp) = match i {
                    Index::Const(c) => {
                        let abs = c.saturating_add(skip);
                        (self.spv.u32c(abs / 4), self.spv.u32c(abs % 4))
                    }
                    Index::Dyn(w) => {
                        let abs = if skip == 0 {
                            w
                        } else {
                            let k = self.spv.u32c(skip);
                            self.op(Op::IAdd, u, &[w, k])?
                        };
                        let two = self.spv.u32c(2);
                        let three = self.spv.u32c(3);
                        let row = self.op(Op::ShiftRightLogical, u, &[abs, two])?;
                        let comp = self.op(Op::BitwiseAnd, u, &[abs, three])?;
                        (row, comp)
                    }
                };
                self.access_chain(pt, var, &[zero, row, comp])?
            }
        };
        self.load(u, p)
    }

    /// A root descriptor's `uvec2` address: `rd[k]` of the root block, or
    /// two words of the shader record.
    fn root_address(&mut self, at: AddressAt) -> Result<Word> {
        let k = match at {
            AddressAt::RootBlock(k) => k,
            AddressAt::ShaderRecord(offset) => {
                let u = self.spv.u32_ty();
                let v2 = self.spv.vec_ty(u, 2);
                let lo = self.record_word(Index::Const(offset / 4))?;
                let hi = self.record_word(Index::Const((offset / 4).saturating_add(1)))?;
                return self.composite_construct(v2, &[lo, hi]);
            }
        };
        let (var, sc) = self.root_block()?;
        let u = self.spv.u32_ty();
        let v2 = self.spv.vec_ty(u, 2);
        if sc == StorageClass::PushConstant {
            let pt = self.spv.ptr_ty(sc, v2);
            let zero = self.spv.u32c(0);
            let kc = self.spv.u32c(k);
            let p = self.access_chain(pt, var, &[zero, kc])?;
            return self.load(v2, p);
        }
        // Words 2k and 2k + 1 of the `uvec4` rows.
        let pt = self.spv.ptr_ty(sc, u);
        let zero = self.spv.u32c(0);
        let word = k.saturating_mul(2);
        let mut halves = [0; 2];
        for (h, w) in halves.iter_mut().zip([word, word.saturating_add(1)]) {
            let row = self.spv.u32c(w / 4);
            let comp = self.spv.u32c(w % 4);
            let p = self.access_chain(pt, var, &[zero, row, comp])?;
            *h = self.load(u, p)?;
        }
        self.composite_construct(v2, &halves)
    }

    /// A pointer (`PhysicalStorageBuffer`) to `block` at the address of
    /// a root descriptor (root block or shader record).
    /// (Read once per block.)
    pub(crate) fn root_descriptor_ptr(&mut self, at: AddressAt, block: Word) -> Result<Word> {
        let key = (self.func.cur_label, RootRead::Address(at, block));
        if let Some(&p) = self.bindless.reads.get(&key) {
            return Ok(p);
        }
        self.spv.cap(Capability::PhysicalStorageBufferAddresses);
        let addr = self.root_address(at)?;
        let pt = self.spv.ptr_ty(StorageClass::PhysicalStorageBuffer, block);
        let p = self.bitcast(pt, addr)?;
        self.bindless.reads.insert(key, p);
        Ok(p)
    }

    /// The acceleration structure of a root SRV (its address converted),
    /// `None` for any other access path.
    pub(crate) fn root_acceleration_structure(&mut self, h: Handle) -> Result<Option<Word>> {
        let Some(at) = self.via(h.res)?.address() else {
            return Ok(None);
        };
        let addr = self.root_address(at)?;
        let ty = self.spv.ty(TyKey::AccelerationStructure);
        self.mark_resource_used(h.res);
        Ok(Some(self.op(
            Op::ConvertUToAccelerationStructureKHR,
            ty,
            &[addr],
        )?))
    }

    /// The heap index of a table or SM 6.6 heap access:
    /// `w[word] + range_offset + (register − range_base)` (the handle's
    /// index is relative to the declaration's first register; a local
    /// table's start is its shader-record handle's low word >>
    /// `HANDLE_SHIFT`), or the heap operand as it is.
    pub(crate) fn heap_index(&mut self, h: Handle, via: Via) -> Result<Word> {
        let u = self.spv.u32_ty();
        let (start, k) = match via {
            Via::Table {
                word,
                range_offset,
                range_base,
                ..
            } => (Some((word, false)), (range_offset, range_base)),
            Via::ShaderRecord {
                offset,
                entry:
                    RecordEntry::Table {
                        range_offset,
                        range_base,
                        ..
                    },
                ..
            } => (Some((offset / 4, true)), (range_offset, range_base)),
            _ => (None, (0, 0)),
        };
        let k = match start {
            Some(_) => {
                let lower = self.decl(h.res)?.lower_bound;
                k.0.wrapping_add(lower)
                    .wrapping_sub(k.1)
                    .wrapping_add(h.const_index)
            }
            None => h.const_index,
        };
        let word = start.map(|(w, _)| w);
        let mut idx = match start {
            Some((w, false)) => Some(self.root_word(Index::Const(w))?),
            Some((w, true)) => {
                let handle = self.record_word(Index::Const(w))?;
                let shift = self.spv.u32c(HANDLE_SHIFT);
                Some(self.op(Op::ShiftRightLogical, u, &[handle, shift])?)
            }
            None => None,
        };
        if k != 0 || idx.is_none() {
            let kc = self.spv.u32c(k);
            idx = Some(match idx {
                Some(base) => self.op(Op::IAdd, u, &[base, kc])?,
                None => kc,
            });
        }
        let mut idx = idx.ok_or_else(|| self.internal("no heap index"))?;
        if let Some(dynamic) = h.index {
            idx = if k == 0 && word.is_none() {
                dynamic
            } else {
                self.op(Op::IAdd, u, &[idx, dynamic])?
            };
            if h.non_uniform && idx != dynamic {
                self.spv.decorate(idx, Decoration::NonUniform, &[]);
            }
        }
        Ok(idx)
    }

    /// Row `row` (16 bytes) of root constants as a `uvec4`: words past the
    /// constants read 0, and so does a dynamic row past them.
    pub(crate) fn root_constants_row(
        &mut self,
        via: Via,
        row: Word,
        const_row: Option<u32>,
    ) -> Result<Word> {
        let (word, count, record) = match via {
            Via::RootConstants { word, count, .. } => (word, count, false),
            Via::ShaderRecord {
                offset,
                entry: RecordEntry::Constants { count },
                ..
            } => (offset / 4, count, true),
            _ => return Err(self.internal("root constants without their parameter")),
        };
        let u = self.spv.u32_ty();
        let v4 = self.spv.vec_ty(u, 4);
        let zero = self.spv.u32c(0);
        let mut comps = [0; 4];
        match const_row {
            Some(r) => {
                for (c, out) in (0u32..).zip(comps.iter_mut()) {
                    let k = r.saturating_mul(4).saturating_add(c);
                    *out = if k < count {
                        self.constant_word(record, Index::Const(word.saturating_add(k)))?
                    } else {
                        zero
                    };
                }
            }
            None => {
                let two = self.spv.u32c(2);
                let base = self.op(Op::ShiftLeftLogical, u, &[row, two])?;
                let n = self.spv.u32c(count);
                let b = self.spv.bool_ty();
                let first = self.spv.u32c(word);
                for (c, out) in (0u32..).zip(comps.iter_mut()) {
                    let k = if c == 0 {
                        base
                    } else {
                        let cc = self.spv.u32c(c);
                        self.op(Op::IAdd, u, &[base, cc])?
                    };
                    let ok = self.op(Op::ULessThan, b, &[k, n])?;
                    let safe = self.select(u, ok, k, zero)?;
                    let at = if word == 0 {
                        safe
                    } else {
                        self.op(Op::IAdd, u, &[safe, first])?
                    };
                    let v = self.constant_word(record, Index::Dyn(at))?;
                    *out = self.select(u, ok, v, zero)?;
                }
            }
        }
        self.composite_construct(v4, &comps)
    }

    /// Word `i` of the shader record (`record`) or of the root block.
    fn constant_word(&mut self, record: bool, i: Index) -> Result<Word> {
        if record {
            self.record_word(i)
        } else {
            self.root_word(i)
        }
    }

    /// A load through a pointer of storage class `sc`: aligned to `align`
    /// bytes where the pointer is a physical address.
    pub(crate) fn load_in(
        &mut self,
        ty: Word,
        ptr: Word,
        sc: StorageClass,
        align: u32,
    ) -> Result<Word> {
        if sc != StorageClass::PhysicalStorageBuffer {
            return self.load(ty, ptr);
        }
        self.inst_operands(
            Op::Load,
            ty,
            &[
                Operand::IdRef(ptr),
                Operand::MemoryAccess(MemoryAccess::ALIGNED),
                Operand::LiteralBit32(align),
            ],
        )
    }

    /// A store through a pointer of storage class `sc` (see
    /// [`Self::load_in`]).
    pub(crate) fn store_in(
        &mut self,
        ptr: Word,
        v: Word,
        sc: StorageClass,
        align: u32,
    ) -> Result<()> {
        if sc != StorageClass::PhysicalStorageBuffer {
            return self.store(ptr, v);
        }
        self.op_void_operands(
            Op::Store,
            &[
                Operand::IdRef(ptr),
                Operand::IdRef(v),
                Operand::MemoryAccess(MemoryAccess::ALIGNED),
                Operand::LiteralBit32(align),
            ],
        )
    }
}
