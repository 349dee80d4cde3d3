//! Descriptor QA instrumentation (`docs/DESCRIPTOR-QA.md`; the ABI is
//! [`crate::binding::qa`]): every access through a heap array (descriptor
//! tables, SM 6.6 heaps) passes its heap index through
//! `descriptor_qa_check` (resource heap) or `descriptor_qa_check_sampler`
//! (sampler heap), which checks it against the heap's info buffer and the
//! global buffer, reports a fault, and returns the pad slot `count` on a
//! fault (else the index unchanged).
//!
//! The check is a function, not inlined code: one call per access keeps
//! the instrumented module small (about 90 instructions once, 3 to 6 per
//! access instead of about 90 per access), and drivers inline it anyway.
//! The functions are written after every other function (SPIR-V calls may
//! name a function defined later); their buffers are declared with them,
//! so a module without heap accesses has none.

use super::context::{scope, Handle, TyKey, Words};
use super::resource::View;
use super::Emitter;
use crate::binding::qa::{
    binding, fault_bits, global, info, log, type_bits, QaInstruction, QaReflection, QaResource,
};
use crate::binding::{DescriptorType, ResourceClass, Via};
use crate::error::{Location, Result};
use crate::rootsig::RootParameterKind;
use rspirv::spirv::{
    Decoration, FunctionControl, GlslStd450Op, MemorySemantics, Op, StorageClass, Word,
};

/// Per-compilation descriptor-QA state.
#[derive(Default)]
pub(crate) struct QaState {
    /// The check function of each heap (resource, sampler), once called.
    check_fns: [Option<Word>; 2],
    /// `uint (uint, uint, uint, uint, uint)`.
    fn_ty: Option<Word>,
    /// The global buffer variable.
    global: Option<Word>,
    /// The fault log variable.
    log: Option<Word>,
    /// Every instrumented access, by id − 1.
    instructions: Vec<QaInstruction>,
}

/// The parameters of a check function, in order.
#[derive(Clone, Copy)]
struct CheckParams {
    idx: Word,
    expected: Word,
    instruction: Word,
    parameter: Word,
}

/// A table access: root parameter, range, the range's `NumDescriptors`,
/// and for a dynamically indexed bounded range the index relative to the
/// range start.
#[derive(Clone, Copy)]
struct TableAccess {
    parameter: u32,
    range: u32,
    count: u32,
    relative: Option<Word>,
}

/// What the check function loaded, for the fault report.
#[derive(Clone, Copy)]
struct Found {
    heap_id: Word,
    cookie: Word,
    actual: Word,
    fault: Word,
}

impl<'m> Emitter<'m> {
    /// The heap index an access uses: `idx` itself without QA or outside
    /// the heap arrays, else the result of the check (the pad slot on a
    /// fault), with `NonUniform` where the handle has it.
    pub(crate) fn qa_index(&mut self, h: Handle, view: View, via: Via, idx: Word) -> Result<Word> {
        if self.opts.descriptor_qa.is_none() || !via.is_heap_array() {
            return Ok(idx);
        }
        let d = self.decl(h.res)?;
        let sampler = d.class == ResourceClass::Sampler;
        let expected = self.expected_mask(h.res, view)?;
        let id = u32::try_from(self.qa.instructions.len())
            .ok()
            .and_then(|n| n.checked_add(1))
            .ok_or_else(|| self.internal("too many descriptor QA instructions"))?;
        let table = self.qa_table(h, via)?;
        let (function, block) = match &self.func.loc {
            Location::Inst {
                function, block, ..
            } => (function.clone(), *block),
            _ => (self.func.name.clone(), u32::MAX),
        };
        let resource = matches!(via, Via::Table { .. }).then(|| QaResource {
            class: d.class,
            register: d.lower_bound.wrapping_add(h.const_index),
            space: d.space,
            name: d.name.clone(),
        });
        self.qa.instructions.push(QaInstruction {
            id,
            op: self.func.cur_op.map_or("unknown", |op| op.name()),
            function,
            block,
            sampler_heap: sampler,
            expected_mask: expected,
            resource,
            table: table.map(|t| (t.parameter, t.range, t.count)),
        });
        let u = self.spv.u32_ty();
        let zero = self.spv.u32c(0);
        let range_fault = match table.and_then(|t| t.relative.map(|r| (t.count, r))) {
            Some((n, rel)) => {
                let b = self.spv.bool_ty();
                let count = self.spv.u32c(n);
                let over = self.op(Op::UGreaterThanEqual, b, &[rel, count])?;
                let bit = self.spv.u32c(fault_bits::TABLE_RANGE_OVERFLOW);
                self.select(u, over, bit, zero)?
            }
            None => zero,
        };
        let f = self.check_fn(sampler)?;
        let args = [
            f,
            idx,
            self.spv.u32c(expected),
            self.spv.u32c(id),
            range_fault,
            self.spv
                .u32c(table.map_or(log::NO_PARAMETER, |t| t.parameter)),
        ];
        let checked = self.op(Op::FunctionCall, u, &args)?;
        if h.non_uniform {
            self.spv.decorate(checked, Decoration::NonUniform, &[]);
        }
        Ok(checked)
    }

    /// The descriptor-type bits an access of `view` to resource `r` needs.
    fn expected_mask(&self, r: usize, view: View) -> Result<u32> {
        use type_bits as T;
        let d = self.decl(r)?;
        if view == View::Counter {
            return Ok(T::RAW_VA);
        }
        let ty = DescriptorType::of(d.class, d.kind);
        let ty = self
            .bindings
            .bindless()
            .map_or(ty, |l| l.descriptor_type(ty));
        Ok(match ty {
            DescriptorType::SampledImage => T::SAMPLED_IMAGE,
            DescriptorType::StorageImage => T::STORAGE_IMAGE,
            DescriptorType::UniformBuffer => T::UNIFORM_BUFFER,
            DescriptorType::StorageBuffer => T::STORAGE_BUFFER,
            DescriptorType::UniformTexelBuffer => T::UNIFORM_TEXEL_BUFFER,
            DescriptorType::StorageTexelBuffer => T::STORAGE_TEXEL_BUFFER,
            DescriptorType::AccelerationStructure => T::RT_ACCELERATION_STRUCTURE | T::RAW_VA,
            DescriptorType::Sampler => T::SAMPLER,
        })
    }

    /// A table access: its root parameter, range, the range's
    /// `NumDescriptors`, and for a dynamically indexed bounded range the
    /// index relative to the range start (`None` for SM 6.6 heaps).
    fn qa_table(&mut self, h: Handle, via: Via) -> Result<Option<TableAccess>> {
        let Via::Table {
            parameter,
            range,
            range_base,
            ..
        } = via
        else {
            return Ok(None);
        };
        let count = self
            .bindings
            .bindless()
            .and_then(|l| l.root_signature.parameters.get(parameter as usize))
            .and_then(|p| match &p.kind {
                RootParameterKind::DescriptorTable(ranges) => ranges.get(range as usize),
                _ => None,
            })
            .map(|r| r.num_descriptors)
            // A range the global root signature does not hold (a local
            // one's): no range check.
            .unwrap_or(u32::MAX);
        let rel = match h.index {
            Some(dynamic) if count != u32::MAX => {
                let k = self
                    .decl(h.res)?
                    .lower_bound
                    .wrapping_sub(range_base)
                    .wrapping_add(h.const_index);
                Some(if k == 0 {
                    dynamic
                } else {
                    let u = self.spv.u32_ty();
                    let kc = self.spv.u32c(k);
                    self.op(Op::IAdd, u, &[kc, dynamic])?
                })
            }
            _ => None,
        };
        Ok(Some(TableAccess {
            parameter,
            range,
            count,
            relative: rel,
        }))
    }

    /// The check function of a heap (declared on first use, written by
    /// [`Self::finish_qa`]).
    fn check_fn(&mut self, sampler: bool) -> Result<Word> {
        let slot = usize::from(sampler);
        if let Some(f) = self.qa.check_fns.get(slot).copied().flatten() {
            return Ok(f);
        }
        let f = self.spv.id();
        if let Some(s) = self.qa.check_fns.get_mut(slot) {
            *s = Some(f);
        }
        Ok(f)
    }

    /// A QA storage buffer `Block { uint data[]; }` at `binding`.
    fn qa_buffer(&mut self, set: u32, binding: u32, name: &str, non_writable: bool) -> Word {
        let u = self.spv.u32_ty();
        let ra = self.spv.ty(TyKey::RuntimeArray(u, 4));
        let st = self.spv.ty(TyKey::Block(ra));
        let var = self
            .spv
            .descriptor_var(StorageClass::StorageBuffer, st, set, binding);
        if non_writable {
            self.spv.decorate(var, Decoration::NonWritable, &[]);
        }
        self.spv.name(var, name);
        self.spv.interface.insert(var);
        var
    }

    /// A pointer to word `i` of a QA buffer.
    fn qa_word(&mut self, var: Word, i: Word) -> Result<Word> {
        let u = self.spv.u32_ty();
        let pt = self.spv.ptr_ty(StorageClass::StorageBuffer, u);
        let zero = self.spv.u32c(0);
        self.access_chain(pt, var, &[zero, i])
    }

    /// Loads word `base + k` of a QA buffer (`base` an id, or none).
    fn qa_load(&mut self, var: Word, base: Option<Word>, k: u32) -> Result<Word> {
        let i = self.qa_offset(base, k)?;
        let p = self.qa_word(var, i)?;
        let u = self.spv.u32_ty();
        self.load(u, p)
    }

    /// Stores `v` at word `base + k` of a QA buffer.
    fn qa_store(&mut self, var: Word, base: Option<Word>, k: u32, v: Word) -> Result<()> {
        let i = self.qa_offset(base, k)?;
        let p = self.qa_word(var, i)?;
        self.store(p, v)
    }

    /// `base + k` (a constant without `base`).
    fn qa_offset(&mut self, base: Option<Word>, k: u32) -> Result<Word> {
        let kc = self.spv.u32c(k);
        match base {
            None => Ok(kc),
            Some(b) if k == 0 => Ok(b),
            Some(b) => {
                let u = self.spv.u32_ty();
                self.op(Op::IAdd, u, &[b, kc])
            }
        }
    }

    /// `atomicAdd(word base + k, 1)` at device scope, relaxed.
    fn qa_count(&mut self, var: Word, k: u32) -> Result<Word> {
        let i = self.spv.u32c(k);
        let p = self.qa_word(var, i)?;
        let u = self.spv.u32_ty();
        let (device, relaxed, one) = (
            self.spv.u32c(scope::DEVICE),
            self.spv.u32c(0),
            self.spv.u32c(1),
        );
        self.op(Op::AtomicIAdd, u, &[p, device, relaxed, one])
    }

    /// Writes the check functions called, their buffers, and the
    /// reflection's `qa` section (with QA on).
    pub(crate) fn finish_qa(&mut self) -> Result<()> {
        let Some(qa) = self.opts.descriptor_qa else {
            return Ok(());
        };
        let hash = qa.shader_hash.unwrap_or(0);
        for (slot, f) in self.qa.check_fns.into_iter().enumerate() {
            if let Some(f) = f {
                self.write_check_fn(f, slot == 1, qa.set, hash, qa.fault_log)?;
            }
        }
        self.spv.reflection.qa = Some(QaReflection {
            set: qa.set,
            shader_hash: hash,
            fault_log: qa.fault_log,
            instructions: std::mem::take(&mut self.qa.instructions),
        });
        Ok(())
    }

    /// `uint descriptor_qa_check[_sampler](idx, expected, instruction,
    /// range_fault, parameter)`.
    fn write_check_fn(
        &mut self,
        f: Word,
        sampler: bool,
        set: u32,
        hash: u64,
        fault_log: bool,
    ) -> Result<()> {
        let u = self.spv.u32_ty();
        let fn_ty = match self.qa.fn_ty {
            Some(t) => t,
            None => {
                let t = self
                    .spv
                    .global_words(Op::TypeFunction, None, &[u, u, u, u, u, u]);
                self.qa.fn_ty = Some(t);
                t
            }
        };
        let global_var = match self.qa.global {
            Some(g) => g,
            None => {
                let g = self.qa_buffer(set, binding::GLOBAL, "descriptor_qa_global", false);
                self.qa.global = Some(g);
                g
            }
        };
        let log_var = match (fault_log, self.qa.log) {
            (false, _) => None,
            (true, Some(l)) => Some(l),
            (true, None) => {
                let l = self.qa_buffer(set, binding::FAULT_LOG, "descriptor_qa_fault_log", false);
                self.qa.log = Some(l);
                Some(l)
            }
        };
        let (info_binding, name, fn_name) = if sampler {
            (
                binding::SAMPLER_HEAP,
                "descriptor_qa_sampler_heap",
                "descriptor_qa_check_sampler",
            )
        } else {
            (
                binding::RESOURCE_HEAP,
                "descriptor_qa_resource_heap",
                "descriptor_qa_check",
            )
        };
        let info_var = self.qa_buffer(set, info_binding, name, true);
        self.spv
            .b
            .begin_function(u, Some(f), FunctionControl::NONE, fn_ty)
            .map_err(super::context::berr)?;
        self.spv.name(f, fn_name);
        let mut ids = [0; 5];
        for id in &mut ids {
            *id = self
                .spv
                .b
                .function_parameter(u)
                .map_err(super::context::berr)?;
        }
        let [idx, expected, instruction, range_fault, parameter] = ids;
        let p = CheckParams {
            idx,
            expected,
            instruction,
            parameter,
        };
        let entry = self.spv.id();
        self.begin_block(entry)?;
        let b = self.spv.bool_ty();
        let zero = self.spv.u32c(0);
        let count = self.qa_load(info_var, None, info::DESCRIPTOR_COUNT)?;
        let heap_id = self.qa_load(info_var, None, info::HEAP_ID)?;
        let clamped = self.glsl(u, GlslStd450Op::UMin, &[idx, count])?;
        let (three, first) = (
            self.spv.u32c(info::ENTRY_WORDS),
            self.spv.u32c(info::ENTRIES),
        );
        let scaled = self.op(Op::IMul, u, &[clamped, three])?;
        let at = self.op(Op::IAdd, u, &[scaled, first])?;
        let cookie = self.qa_load(info_var, Some(at), 0)?;
        let timestamp = self.qa_load(info_var, Some(at), 1)?;
        let actual = self.qa_load(info_var, Some(at), 2)?;
        let host_timestamp = self.qa_load(global_var, None, global::VA_MAP_TIMESTAMP)?;
        let (five, thirty_one, one) = (self.spv.u32c(5), self.spv.u32c(31), self.spv.u32c(1));
        let live_word_index = self.op(Op::ShiftRightLogical, u, &[cookie, five])?;
        let live_word =
            self.qa_load(global_var, Some(live_word_index), global::LIVE_STATUS_TABLE)?;
        let bit = self.op(Op::BitwiseAnd, u, &[cookie, thirty_one])?;
        let shifted = self.op(Op::ShiftRightLogical, u, &[live_word, bit])?;
        let live = self.op(Op::BitwiseAnd, u, &[shifted, one])?;
        let has = self.op(Op::BitwiseAnd, u, &[actual, expected])?;
        let conditions = [
            (
                Op::UGreaterThanEqual,
                idx,
                count,
                fault_bits::INDEX_OUT_OF_RANGE,
            ),
            (Op::INotEqual, has, expected, fault_bits::INVALID_TYPE),
            (Op::IEqual, live, zero, fault_bits::RESOURCE_DESTROYED),
            (
                Op::ULessThan,
                host_timestamp,
                timestamp,
                fault_bits::VA_TIMESTAMP_INVALID,
            ),
        ];
        let mut fault = range_fault;
        for (op, a, c, bit) in conditions {
            let cond = self.op(op, b, &[a, c])?;
            let bit = self.spv.u32c(bit);
            let v = self.select(u, cond, bit, zero)?;
            fault = self.op(Op::BitwiseOr, u, &[fault, v])?;
        }
        let faulted = self.op(Op::INotEqual, b, &[fault, zero])?;
        let found = Found {
            heap_id,
            cookie,
            actual,
            fault,
        };
        self.if_then(faulted, &[], |e| {
            e.report_fault(global_var, log_var, hash, p, found)?;
            Ok(Words::new())
        })?;
        let result = self.select(u, faulted, count, idx)?;
        self.spv.b.ret_value(result).map_err(super::context::berr)?;
        self.spv.b.end_function().map_err(super::context::berr)?;
        Ok(())
    }

    /// The fault report: the first fault fills the global record (the
    /// fault type last, after a barrier); every fault appends to the log.
    fn report_fault(
        &mut self,
        global_var: Word,
        log_var: Option<Word>,
        hash: u64,
        p: CheckParams,
        found: Found,
    ) -> Result<()> {
        let b = self.spv.bool_ty();
        let zero = self.spv.u32c(0);
        let before = self.qa_count(global_var, global::FAULT_ATOMIC)?;
        let first = self.op(Op::IEqual, b, &[before, zero])?;
        self.if_then(first, &[], |e| {
            let (lo, hi) = (e.spv.u32c(hash as u32), e.spv.u32c((hash >> 32) as u32));
            for (k, v) in [
                (global::SHADER_HASH, lo),
                (global::SHADER_HASH + 1, hi),
                (global::FAILED_OFFSET, p.idx),
                (global::FAILED_HEAP, found.heap_id),
                (global::FAILED_COOKIE, found.cookie),
                (global::FAILED_INSTRUCTION, p.instruction),
                (global::EXPECTED_MASK, p.expected),
                (global::ACTUAL_MASK, found.actual),
            ] {
                e.qa_store(global_var, None, k, v)?;
            }
            let device = e.spv.u32c(scope::DEVICE);
            let semantics = e
                .spv
                .u32c((MemorySemantics::ACQUIRE_RELEASE | MemorySemantics::UNIFORM_MEMORY).bits());
            e.op_void_words(Op::MemoryBarrier, &[device, semantics])?;
            e.qa_store(global_var, None, global::FAULT_TYPE, found.fault)?;
            Ok(Words::new())
        })?;
        let Some(log_var) = log_var else {
            return Ok(());
        };
        let u = self.spv.u32_ty();
        let slot = self.qa_count(log_var, log::COUNT)?;
        let cap = self.qa_load(log_var, None, log::CAP)?;
        let room = self.op(Op::ULessThan, b, &[slot, cap])?;
        self.if_then(room, &[], |e| {
            let words = e.spv.u32c(log::RECORD_WORDS);
            let scaled = e.op(Op::IMul, u, &[slot, words])?;
            let at = e.qa_offset(Some(scaled), log::RECORDS)?;
            let record = [
                found.fault,
                p.idx,
                p.expected,
                found.actual,
                found.cookie,
                p.instruction,
                found.heap_id,
                p.parameter,
            ];
            for (k, v) in (0u32..).zip(record) {
                e.qa_store(log_var, Some(at), k, v)?;
            }
            Ok(Words::new())
        })?;
        Ok(())
    }

    /// Fails when a descriptor of the module uses the QA set.
    pub(crate) fn check_qa_set(&self) -> Result<()> {
        let Some(qa) = self.opts.descriptor_qa else {
            return Ok(());
        };
        for (i, d) in self.desc.resources.iter().enumerate() {
            let Some(via) = self.bindings.via(i) else {
                continue;
            };
            let sets = [via.set_binding(), via.counter().filter(|_| d.has_counter)];
            if let Some((_, b)) = sets.into_iter().flatten().find(|&(s, _)| s == qa.set) {
                let what = if d.heap.is_some() {
                    format!("{} (binding {b})", d.name)
                } else {
                    format!(
                        "{}{} space {} ({:?}, binding {b})",
                        d.class.letter(),
                        d.lower_bound,
                        d.space,
                        d.name
                    )
                };
                return Err(self.invalid(format!(
                    "descriptor QA set {} is also the set of {what}: choose another QA set",
                    qa.set
                )));
            }
        }
        if let Some(crate::binding::RootBlockStorage::Uniform { set, binding }) =
            self.bindings.bindless().map(|l| l.options.root_block)
        {
            if set == qa.set {
                return Err(self.invalid(format!(
                    "descriptor QA set {} is also the set of the root block (binding {binding}): \
                     choose another QA set",
                    qa.set
                )));
            }
        }
        Ok(())
    }
}
