//! The SPIR-V writer: instructions encoded straight into one word buffer
//! per section of the logical layout, assembled by concatenation.
//!
//! It replaces `rspirv`'s `dr::Builder` (whose instructions, operand
//! vectors and module tree cost an allocation each) and produces the same
//! words: the sections in the order `rspirv` assembles them, instructions
//! in the order they were written, the same ids. The block discipline is
//! the builder's too (an instruction outside a block, a nested block or
//! function, a terminator without a block fail with the builder's errors),
//! and the builder's methods the op families call are kept under the same
//! names and signatures. `rspirv` still provides the grammar (opcodes,
//! enums, [`Operand`]) and the disassembly.

use rspirv::binary::Assemble;
use rspirv::dr::{Error, Instruction, Operand};
use rspirv::spirv::{self, Op, Word};

/// The builder's result type.
pub(crate) type BuildResult<T> = std::result::Result<T, Error>;

/// SPIR-V's magic number.
const MAGIC: Word = 0x0723_0203;
/// SPIR-V 1.6.
const VERSION: Word = 0x0001_0600;
/// The generator word `rspirv` writes (tool 15, version 0).
const GENERATOR: Word = 0x000f_0000;

/// Appends the first word of an instruction of `len` words.
fn opcode_word(op: Op, len: usize) -> Word {
    // As `rspirv`: a count past 16 bits is not checked.
    (len as Word).wrapping_shl(16) | op as Word
}

/// Appends an instruction: the opcode, then `head`, then `tail`.
#[inline(always)]
fn encode(buf: &mut Vec<Word>, op: Op, head: &[Word], tail: &[Word]) {
    let len = head.len().saturating_add(tail.len()).saturating_add(1);
    buf.reserve(len);
    buf.push(opcode_word(op, len));
    // `head` has a length known where this is inlined (result type and id,
    // fixed operands): a plain copy. `tail` is a few words: stored one by
    // one rather than through a `memcpy` call.
    buf.extend_from_slice(head);
    for &w in tail {
        buf.push(w);
    }
}

/// Appends an instruction: the opcode, then `head`, then the operands.
fn encode_operands(buf: &mut Vec<Word>, op: Op, head: &[Word], operands: &[Operand]) {
    let start = buf.len();
    buf.push(op as Word);
    buf.extend_from_slice(head);
    for o in operands {
        o.assemble_into(buf);
    }
    let len = buf.len().saturating_sub(start);
    if let Some(w) = buf.get_mut(start) {
        *w = opcode_word(op, len);
    }
}

/// Appends a literal string: UTF-8 bytes, NUL-terminated, padded to words.
fn push_str(buf: &mut Vec<Word>, s: &str) {
    let chunks = s.as_bytes().chunks_exact(4);
    let rest = chunks.remainder();
    for c in chunks {
        buf.push(u32::from_le_bytes([
            c.first().copied().unwrap_or(0),
            c.get(1).copied().unwrap_or(0),
            c.get(2).copied().unwrap_or(0),
            c.get(3).copied().unwrap_or(0),
        ]));
    }
    let mut last = [0u8; 4];
    for (d, &b) in last.iter_mut().zip(rest) {
        *d = b;
    }
    buf.push(u32::from_le_bytes(last));
}

/// Appends an instruction whose operands are `head` then a literal string
/// then `tail`.
fn encode_with_str(buf: &mut Vec<Word>, op: Op, head: &[Word], s: &str, tail: &[Word]) {
    let start = buf.len();
    buf.push(op as Word);
    buf.extend_from_slice(head);
    push_str(buf, s);
    buf.extend_from_slice(tail);
    let len = buf.len().saturating_sub(start);
    if let Some(w) = buf.get_mut(start) {
        *w = opcode_word(op, len);
    }
}

/// The builder's error for an instruction outside a block.
fn detached(op: Op) -> Error {
    Error::DetachedInstruction(Some(Instruction::new(op, None, None, vec![])))
}

/// `Function`-storage variables waiting to be hoisted to the top of the
/// entry block, already encoded.
#[derive(Default)]
pub(crate) struct FnVars(Vec<Word>);

impl FnVars {
    /// Removes every variable (keeping the capacity).
    pub fn clear(&mut self) {
        self.0.clear();
    }

    /// Adds an instruction (an `OpVariable`).
    pub fn push(&mut self, inst: Instruction) {
        inst.assemble_into(&mut self.0);
    }
}

/// A SPIR-V module being written.
#[derive(Default)]
pub(crate) struct Writer {
    /// The next unused id (ids start at 1).
    next_id: Word,
    capabilities: Vec<Word>,
    extensions: Vec<Word>,
    ext_inst_imports: Vec<Word>,
    memory_model: Vec<Word>,
    entry_points: Vec<Word>,
    execution_modes: Vec<Word>,
    debug_names: Vec<Word>,
    annotations: Vec<Word>,
    /// Types, constants and global variables.
    globals: Vec<Word>,
    /// Every function, the one being written last.
    functions: Vec<Word>,
    /// Where the function being written starts in `functions`.
    in_function: Option<usize>,
    /// Whether a block is open.
    in_block: bool,
    /// Where the body of the current function's entry block starts (after
    /// its `OpLabel`).
    entry_block: Option<usize>,
}

impl Writer {
    /// An empty module.
    pub fn new() -> Self {
        Writer {
            next_id: 1,
            ..Default::default()
        }
    }

    /// An empty module, with room for the module-level sections of a
    /// typical shader.
    pub fn with_capacity() -> Self {
        let mut w = Self::new();
        w.globals.reserve(256);
        w.annotations.reserve(64);
        w.debug_names.reserve(64);
        w
    }

    /// Empties the module for the next one, keeping the sections'
    /// capacity (every field is named: a new one must be reset here too).
    pub fn reset(&mut self) {
        let Writer {
            next_id,
            capabilities,
            extensions,
            ext_inst_imports,
            memory_model,
            entry_points,
            execution_modes,
            debug_names,
            annotations,
            globals,
            functions,
            in_function,
            in_block,
            entry_block,
        } = self;
        *next_id = 1;
        for section in [
            capabilities,
            extensions,
            ext_inst_imports,
            memory_model,
            entry_points,
            execution_modes,
            debug_names,
            annotations,
            globals,
            functions,
        ] {
            section.clear();
        }
        *in_function = None;
        *in_block = false;
        *entry_block = None;
    }

    /// The words the sections hold room for.
    pub fn capacity(&self) -> usize {
        self.globals
            .capacity()
            .saturating_add(self.functions.capacity())
            .saturating_add(self.annotations.capacity())
            .saturating_add(self.debug_names.capacity())
    }

    /// Makes room for `words` more words of function code.
    pub fn reserve_code(&mut self, words: usize) {
        self.functions.reserve(words);
    }

    /// A fresh id.
    pub fn id(&mut self) -> Word {
        let id = self.next_id;
        self.next_id = self.next_id.wrapping_add(1);
        id
    }

    /// The module's words: the header, then every section in order.
    pub fn assemble(&self) -> Vec<Word> {
        let sections = [
            &self.capabilities,
            &self.extensions,
            &self.ext_inst_imports,
            &self.memory_model,
            &self.entry_points,
            &self.execution_modes,
            &self.debug_names,
            &self.annotations,
            &self.globals,
            &self.functions,
        ];
        let len = sections
            .iter()
            .fold(5usize, |n, s| n.saturating_add(s.len()));
        let mut out = Vec::with_capacity(len);
        out.extend_from_slice(&[MAGIC, VERSION, GENERATOR, self.next_id, 0]);
        for s in sections {
            out.extend_from_slice(s);
        }
        out
    }

    // -----------------------------------------------------------------
    // Module-level instructions.

    /// `OpCapability`.
    pub fn capability(&mut self, c: spirv::Capability) {
        encode(&mut self.capabilities, Op::Capability, &[c as Word], &[]);
    }

    /// `OpExtension`.
    pub fn extension(&mut self, name: &str) {
        encode_with_str(&mut self.extensions, Op::Extension, &[], name, &[]);
    }

    /// `%id = OpExtInstImport "name"`.
    pub fn ext_inst_import(&mut self, id: Word, name: &str) {
        encode_with_str(
            &mut self.ext_inst_imports,
            Op::ExtInstImport,
            &[id],
            name,
            &[],
        );
    }

    /// `OpMemoryModel` (replacing an earlier one).
    pub fn memory_model(&mut self, a: spirv::AddressingModel, m: spirv::MemoryModel) {
        self.memory_model.clear();
        encode(
            &mut self.memory_model,
            Op::MemoryModel,
            &[a as Word, m as Word],
            &[],
        );
    }

    /// `OpEntryPoint`.
    pub fn entry_point(
        &mut self,
        model: spirv::ExecutionModel,
        function: Word,
        name: &str,
        interface: &[Word],
    ) {
        encode_with_str(
            &mut self.entry_points,
            Op::EntryPoint,
            &[model as Word, function],
            name,
            interface,
        );
    }

    /// `OpExecutionMode` with literal parameters.
    pub fn execution_mode(&mut self, function: Word, mode: spirv::ExecutionMode, params: &[u32]) {
        encode(
            &mut self.execution_modes,
            Op::ExecutionMode,
            &[function, mode as Word],
            params,
        );
    }

    /// `OpName`.
    pub fn name(&mut self, target: Word, name: &str) {
        encode_with_str(&mut self.debug_names, Op::Name, &[target], name, &[]);
    }

    /// `OpDecorate` with literal parameters.
    #[inline]
    pub fn decorate_words(&mut self, target: Word, d: spirv::Decoration, extra: &[u32]) {
        encode(
            &mut self.annotations,
            Op::Decorate,
            &[target, d as Word],
            extra,
        );
    }

    /// `OpMemberDecorate` with literal parameters.
    pub fn member_decorate_words(
        &mut self,
        target: Word,
        member: u32,
        d: spirv::Decoration,
        extra: &[u32],
    ) {
        encode(
            &mut self.annotations,
            Op::MemberDecorate,
            &[target, member, d as Word],
            extra,
        );
    }

    /// A type, constant or global variable: `op`, then `head` (result type
    /// and id as the instruction has them), then `tail`.
    #[inline(always)]
    pub fn global_words(&mut self, op: Op, head: &[Word], tail: &[Word]) {
        encode(&mut self.globals, op, head, tail);
    }

    /// [`Self::global_words`] with `rspirv` operands.
    pub fn global_operands(&mut self, op: Op, head: &[Word], operands: &[Operand]) {
        encode_operands(&mut self.globals, op, head, operands);
    }

    // -----------------------------------------------------------------
    // Functions and blocks.

    /// Starts a function: `%id = OpFunction %ret control %fnty`.
    pub fn begin_function(
        &mut self,
        ret: Word,
        id: Option<Word>,
        control: spirv::FunctionControl,
        fnty: Word,
    ) -> BuildResult<Word> {
        if self.in_function.is_some() {
            return Err(Error::NestedFunction);
        }
        let id = match id {
            Some(id) => id,
            None => self.id(),
        };
        self.in_function = Some(self.functions.len());
        self.entry_block = None;
        encode(
            &mut self.functions,
            Op::Function,
            &[ret, id, control.bits(), fnty],
            &[],
        );
        Ok(id)
    }

    /// `%id = OpFunctionParameter %ty`, between `OpFunction` and the
    /// first block.
    pub fn function_parameter(&mut self, ty: Word) -> BuildResult<Word> {
        if self.in_function.is_none() || self.entry_block.is_some() {
            return Err(Error::DetachedFunctionParameter);
        }
        let id = self.id();
        encode(&mut self.functions, Op::FunctionParameter, &[ty, id], &[]);
        Ok(id)
    }

    /// Ends the function (as the builder, an open block stays open).
    pub fn end_function(&mut self) -> BuildResult<()> {
        if self.in_function.take().is_none() {
            return Err(Error::MismatchedFunctionEnd);
        }
        encode(&mut self.functions, Op::FunctionEnd, &[], &[]);
        Ok(())
    }

    /// Opens a block with `OpLabel` (a fresh id without `label`).
    #[inline]
    pub fn begin_block(&mut self, label: Option<Word>) -> BuildResult<Word> {
        if self.in_function.is_none() {
            return Err(Error::DetachedBlock);
        }
        if self.in_block {
            return Err(Error::NestedBlock);
        }
        let id = match label {
            Some(l) => l,
            None => self.id(),
        };
        encode(&mut self.functions, Op::Label, &[id], &[]);
        if self.entry_block.is_none() {
            self.entry_block = Some(self.functions.len());
        }
        self.in_block = true;
        Ok(id)
    }

    /// Whether a block is open (in a function).
    pub fn in_block(&self) -> bool {
        self.in_function.is_some() && self.in_block
    }

    /// Appends an instruction to the open block: `op`, `head` (result type
    /// and id as it has them), `tail`.
    #[inline]
    pub fn block_words(&mut self, op: Op, head: &[Word], tail: &[Word]) -> BuildResult<()> {
        if !self.in_block() {
            return Err(detached(op));
        }
        encode(&mut self.functions, op, head, tail);
        Ok(())
    }

    /// [`Self::block_words`] with `rspirv` operands.
    pub fn block_operands(
        &mut self,
        op: Op,
        head: &[Word],
        operands: &[Operand],
    ) -> BuildResult<()> {
        if !self.in_block() {
            return Err(detached(op));
        }
        encode_operands(&mut self.functions, op, head, operands);
        Ok(())
    }

    /// Appends `%id = OpPhi %ty` with room for `incoming` (value, parent)
    /// pairs, and returns where the pairs go (for [`Self::fill`]).
    pub fn phi_slot(&mut self, ty: Word, id: Word, incoming: usize) -> BuildResult<usize> {
        if !self.in_block() {
            return Err(detached(Op::Phi));
        }
        let words = incoming.saturating_mul(2);
        self.functions
            .push(opcode_word(Op::Phi, words.saturating_add(3)));
        self.functions.extend_from_slice(&[ty, id]);
        let at = self.functions.len();
        self.functions.resize(at.saturating_add(words), 0);
        Ok(at)
    }

    /// Writes `words` at `at` in the functions (a slot of [`Self::phi_slot`]);
    /// false if the slot is not there.
    pub fn fill(&mut self, at: usize, words: &[Word]) -> bool {
        match self.functions.get_mut(at..at.saturating_add(words.len())) {
            Some(slot) => {
                slot.copy_from_slice(words);
                true
            }
            None => false,
        }
    }

    /// Inserts encoded instructions at the top of the current function's
    /// entry block; false if it has none.
    pub fn hoist_into_entry_block(&mut self, vars: &FnVars) -> bool {
        let Some(at) = self.entry_block else {
            return false;
        };
        if at > self.functions.len() {
            return false;
        }
        // In place: the entry block's code moves up by the variables.
        let (n, end) = (vars.0.len(), self.functions.len());
        self.functions.resize(end.saturating_add(n), 0);
        self.functions.copy_within(at..end, at.saturating_add(n));
        match self.functions.get_mut(at..at.saturating_add(n)) {
            Some(slot) => {
                slot.copy_from_slice(&vars.0);
                true
            }
            None => false,
        }
    }

    /// Appends a terminator and closes the block.
    #[inline(always)]
    fn terminate(&mut self, op: Op, head: &[Word], tail: &[Word]) -> BuildResult<()> {
        if !self.in_block {
            return Err(Error::MismatchedTerminator);
        }
        self.block_words(op, head, tail)?;
        self.in_block = false;
        Ok(())
    }

    /// `OpBranch`.
    #[inline]
    pub fn branch(&mut self, target: Word) -> BuildResult<()> {
        self.terminate(Op::Branch, &[target], &[])
    }

    /// `OpBranchConditional` with optional weights.
    pub fn branch_conditional(
        &mut self,
        cond: Word,
        if_true: Word,
        if_false: Word,
        weights: impl IntoIterator<Item = u32>,
    ) -> BuildResult<()> {
        let weights: smallvec::SmallVec<[u32; 2]> = weights.into_iter().collect();
        self.terminate(Op::BranchConditional, &[cond, if_true, if_false], &weights)
    }

    /// `OpSwitch`: literal and target per case (one word for a 32-bit
    /// selector, two for a 64-bit one).
    pub fn switch(
        &mut self,
        selector: Word,
        default: Word,
        targets: impl IntoIterator<Item = (Operand, Word)>,
    ) -> BuildResult<()> {
        if !self.in_block {
            return Err(Error::MismatchedTerminator);
        }
        let mut tail = Vec::new();
        for (lit, label) in targets {
            lit.assemble_into(&mut tail);
            tail.push(label);
        }
        self.terminate(Op::Switch, &[selector, default], &tail)
    }

    /// `OpReturn`.
    pub fn ret(&mut self) -> BuildResult<()> {
        self.terminate(Op::Return, &[], &[])
    }

    /// `OpReturnValue`.
    pub fn ret_value(&mut self, value: Word) -> BuildResult<()> {
        self.terminate(Op::ReturnValue, &[value], &[])
    }

    /// `OpUnreachable`.
    pub fn unreachable(&mut self) -> BuildResult<()> {
        self.terminate(Op::Unreachable, &[], &[])
    }

    /// `OpSelectionMerge`.
    #[inline]
    pub fn selection_merge(
        &mut self,
        merge: Word,
        control: spirv::SelectionControl,
    ) -> BuildResult<()> {
        self.block_words(Op::SelectionMerge, &[merge, control.bits()], &[])
    }

    /// `OpLoopMerge` with the loop control's parameters.
    pub fn loop_merge(
        &mut self,
        merge: Word,
        continue_target: Word,
        control: spirv::LoopControl,
        params: impl IntoIterator<Item = Operand>,
    ) -> BuildResult<()> {
        let params: smallvec::SmallVec<[Operand; 1]> = params.into_iter().collect();
        self.block_operands(
            Op::LoopMerge,
            &[merge, continue_target, control.bits()],
            &params,
        )
    }

    // -----------------------------------------------------------------
    // The builder's ray-tracing, mesh and hit-object instructions.

    /// `OpTraceRayKHR`.
    #[allow(clippy::too_many_arguments)]
    pub fn trace_ray_khr(
        &mut self,
        accel: Word,
        flags: Word,
        mask: Word,
        offset: Word,
        stride: Word,
        miss: Word,
        origin: Word,
        tmin: Word,
        direction: Word,
        tmax: Word,
        payload: Word,
    ) -> BuildResult<()> {
        self.block_words(
            Op::TraceRayKHR,
            &[
                accel, flags, mask, offset, stride, miss, origin, tmin, direction, tmax, payload,
            ],
            &[],
        )
    }

    /// `OpExecuteCallableKHR`.
    pub fn execute_callable_khr(&mut self, index: Word, data: Word) -> BuildResult<()> {
        self.block_words(Op::ExecuteCallableKHR, &[index, data], &[])
    }

    /// `%id = OpReportIntersectionKHR %ty %hit %kind`.
    pub fn report_intersection_khr(
        &mut self,
        ty: Word,
        id: Option<Word>,
        hit: Word,
        kind: Word,
    ) -> BuildResult<Word> {
        let id = match id {
            Some(id) => id,
            None => self.id(),
        };
        self.block_words(Op::ReportIntersectionKHR, &[ty, id, hit, kind], &[])?;
        Ok(id)
    }

    /// `OpTerminateRayKHR` (a terminator).
    pub fn terminate_ray_khr(&mut self) -> BuildResult<()> {
        self.terminate(Op::TerminateRayKHR, &[], &[])
    }

    /// `OpIgnoreIntersectionKHR` (a terminator).
    pub fn ignore_intersection_khr(&mut self) -> BuildResult<()> {
        self.terminate(Op::IgnoreIntersectionKHR, &[], &[])
    }

    /// `OpEmitMeshTasksEXT` (a terminator).
    pub fn emit_mesh_tasks_ext(
        &mut self,
        x: Word,
        y: Word,
        z: Word,
        payload: Option<Word>,
    ) -> BuildResult<()> {
        let payload: &[Word] = match &payload {
            Some(p) => std::slice::from_ref(p),
            None => &[],
        };
        self.terminate(Op::EmitMeshTasksEXT, &[x, y, z], payload)
    }

    /// `OpHitObjectTraceRayNV`.
    #[allow(clippy::too_many_arguments)]
    pub fn hit_object_trace_ray_nv(
        &mut self,
        hit_object: Word,
        accel: Word,
        flags: Word,
        mask: Word,
        offset: Word,
        stride: Word,
        miss: Word,
        origin: Word,
        tmin: Word,
        direction: Word,
        tmax: Word,
        payload: Word,
    ) -> BuildResult<()> {
        self.block_words(
            Op::HitObjectTraceRayNV,
            &[
                hit_object, accel, flags, mask, offset, stride, miss, origin, tmin, direction,
                tmax, payload,
            ],
            &[],
        )
    }

    /// `OpHitObjectRecordEmptyNV`.
    pub fn hit_object_record_empty_nv(&mut self, hit_object: Word) -> BuildResult<()> {
        self.block_words(Op::HitObjectRecordEmptyNV, &[hit_object], &[])
    }

    /// `OpHitObjectRecordMissNV`.
    pub fn hit_object_record_miss_nv(
        &mut self,
        hit_object: Word,
        miss: Word,
        origin: Word,
        tmin: Word,
        direction: Word,
        tmax: Word,
    ) -> BuildResult<()> {
        self.block_words(
            Op::HitObjectRecordMissNV,
            &[hit_object, miss, origin, tmin, direction, tmax],
            &[],
        )
    }

    /// `OpHitObjectExecuteShaderNV`.
    pub fn hit_object_execute_shader_nv(
        &mut self,
        hit_object: Word,
        payload: Word,
    ) -> BuildResult<()> {
        self.block_words(Op::HitObjectExecuteShaderNV, &[hit_object, payload], &[])
    }

    /// `OpReorderThreadWithHitObjectNV` with the optional hint and bits.
    pub fn reorder_thread_with_hit_object_nv(
        &mut self,
        hit_object: Word,
        hint: Option<Word>,
        bits: Option<Word>,
    ) -> BuildResult<()> {
        let extra: smallvec::SmallVec<[Word; 2]> = hint.into_iter().chain(bits).collect();
        self.block_words(Op::ReorderThreadWithHitObjectNV, &[hit_object], &extra)
    }

    /// `OpHitObjectGetAttributesNV`.
    pub fn hit_object_get_attributes_nv(&mut self, hit_object: Word, var: Word) -> BuildResult<()> {
        self.block_words(Op::HitObjectGetAttributesNV, &[hit_object, var], &[])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rspirv::dr::Builder;
    use rspirv::spirv::{Capability, Decoration, StorageClass};

    /// The writer and `rspirv`'s builder give the same words for the same
    /// calls, in every section.
    #[test]
    fn matches_the_builder() {
        let mut b = Builder::new();
        b.set_version(1, 6);
        let mut w = Writer::new();
        let glsl = (b.id(), w.id());
        assert_eq!(glsl.0, glsl.1);
        b.capability(Capability::Shader);
        w.capability(Capability::Shader);
        b.extension("SPV_KHR_ray_tracing");
        w.extension("SPV_KHR_ray_tracing");
        b.module_mut().ext_inst_imports.push(Instruction::new(
            Op::ExtInstImport,
            None,
            Some(glsl.0),
            vec![Operand::LiteralString("GLSL.std.450".into())],
        ));
        w.ext_inst_import(glsl.1, "GLSL.std.450");
        b.memory_model(spirv::AddressingModel::Logical, spirv::MemoryModel::GLSL450);
        w.memory_model(spirv::AddressingModel::Logical, spirv::MemoryModel::GLSL450);
        let void = b.type_void();
        w.global_words(Op::TypeVoid, &[w.next_id], &[]);
        w.next_id += 1;
        let fnty = b.type_function(void, vec![]);
        w.global_words(Op::TypeFunction, &[w.next_id, void], &[]);
        w.next_id += 1;
        let f = b
            .begin_function(void, None, spirv::FunctionControl::NONE, fnty)
            .unwrap();
        assert_eq!(
            w.begin_function(void, None, spirv::FunctionControl::NONE, fnty)
                .unwrap(),
            f
        );
        b.entry_point(spirv::ExecutionModel::GLCompute, f, "main", [7, 9]);
        w.entry_point(spirv::ExecutionModel::GLCompute, f, "main", &[7, 9]);
        b.execution_mode(f, spirv::ExecutionMode::LocalSize, [1, 2, 3]);
        w.execution_mode(f, spirv::ExecutionMode::LocalSize, &[1, 2, 3]);
        b.name(f, "abcd");
        w.name(f, "abcd");
        b.decorate(
            f,
            Decoration::BuiltIn,
            [Operand::BuiltIn(spirv::BuiltIn::Position)],
        );
        w.decorate_words(f, Decoration::BuiltIn, &[spirv::BuiltIn::Position as u32]);
        b.member_decorate(f, 1, Decoration::Offset, [Operand::LiteralBit32(16)]);
        w.member_decorate_words(f, 1, Decoration::Offset, &[16]);
        let (l0, l1) = (b.id(), w.id());
        b.begin_block(Some(l0)).unwrap();
        w.begin_block(Some(l1)).unwrap();
        let v = b.id();
        let _ = w.id();
        let var = Instruction::new(
            Op::Variable,
            Some(9),
            Some(v),
            vec![Operand::StorageClass(StorageClass::Function)],
        );
        let mut vars = FnVars::default();
        vars.push(var.clone());
        b.insert_into_block(rspirv::dr::InsertPoint::Begin, var)
            .unwrap();
        b.selection_merge(l0, spirv::SelectionControl::FLATTEN)
            .unwrap();
        w.selection_merge(l1, spirv::SelectionControl::FLATTEN)
            .unwrap();
        b.switch(v, l0, [(Operand::LiteralBit64(1 << 40), l0)])
            .unwrap();
        w.switch(v, l1, [(Operand::LiteralBit64(1 << 40), l1)])
            .unwrap();
        assert!(w.branch(l1).is_err());
        b.begin_block(Some(5)).unwrap();
        w.begin_block(Some(5)).unwrap();
        b.loop_merge(
            1,
            2,
            spirv::LoopControl::PARTIAL_COUNT,
            [Operand::LiteralBit32(4)],
        )
        .unwrap();
        w.loop_merge(
            1,
            2,
            spirv::LoopControl::PARTIAL_COUNT,
            [Operand::LiteralBit32(4)],
        )
        .unwrap();
        b.reorder_thread_with_hit_object_nv(1, None, Some(3))
            .unwrap();
        w.reorder_thread_with_hit_object_nv(1, None, Some(3))
            .unwrap();
        b.ret().unwrap();
        w.ret().unwrap();
        assert!(w.hoist_into_entry_block(&vars));
        b.end_function().unwrap();
        w.end_function().unwrap();
        assert_eq!(w.assemble(), b.module().assemble());
    }

    #[test]
    fn strings_are_padded_and_terminated() {
        let mut v = Vec::new();
        push_str(&mut v, "hell");
        push_str(&mut v, "");
        push_str(&mut v, "hello");
        assert_eq!(
            v,
            [
                u32::from_le_bytes(*b"hell"),
                0,
                0,
                u32::from_le_bytes(*b"hell"),
                u32::from_le_bytes(*b"o\0\0\0")
            ]
        );
    }

    #[test]
    fn outside_a_block_is_an_error() {
        let mut w = Writer::new();
        assert!(w.block_words(Op::Nop, &[], &[]).is_err());
        assert!(w.begin_block(None).is_err());
        assert!(w.end_function().is_err());
        w.begin_function(1, None, spirv::FunctionControl::NONE, 2)
            .unwrap();
        assert!(w
            .begin_function(1, None, spirv::FunctionControl::NONE, 2)
            .is_err());
        w.begin_block(None).unwrap();
        assert!(w.begin_block(None).is_err());
        w.unreachable().unwrap();
        assert!(w.ret().is_err());
    }
}
