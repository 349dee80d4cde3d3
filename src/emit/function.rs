//! Function bodies and control flow: the structured blocks from
//! [`crate::cfg::structurize`], their phis, merges and terminators.

use super::context::{berr, PendingPhi, SVal, TyKey, Val};
use super::Emitter;
use crate::cfg::{self, Merge, PhiDef, STerm, SValue, Structured, SynthType};
use crate::error::{Feature, Location, Result};
use crate::ir::{self, FuncId, InstKind, TypeId};
use rspirv::dr::Operand;
use rspirv::spirv::{self, Word};

impl<'m> Emitter<'m> {
    /// Emits the definition of function `f`, checked by
    /// [`Emitter::entry_function`] and structured as `structured`, and
    /// returns its SPIR-V id.
    pub fn emit_function(&mut self, f: FuncId, structured: &Structured) -> Result<Word> {
        let m = self.m;
        let func = m
            .function(f)
            .ok_or_else(|| self.internal("emitted function does not exist"))?;
        // Without LLVM's `\x01` "do not mangle" marker (library exports).
        let fname = m.function_name(f).trim_start_matches('\u{1}');
        // A fresh function context: nothing of another function is seen.
        self.func.reset(m.values.len());
        if f == self.desc.entry {
            self.bind_ray_tracing_params(func)?;
        }
        self.prescan(func);
        // About 12 words of SPIR-V per LLVM instruction (bounds checks
        // included), at most 64 KiB up front.
        self.spv
            .b
            .reserve_code(func.insts.len().saturating_mul(12).min(1 << 14));

        let void = self.spv.void_ty();
        let fnty = self.spv.ty(TyKey::Function(void));
        let fn_id = self
            .spv
            .b
            .begin_function(void, None, spirv::FunctionControl::NONE, fnty)
            .map_err(berr)?;
        self.spv.name(fn_id, fname);
        self.func.name.push_str(fname);
        for _ in &structured.blocks {
            let l = self.spv.b.id();
            self.func.block_labels.push(l);
        }
        for _ in &structured.synths {
            let s = self.spv.b.id();
            self.func.synth_ids.push(s);
        }

        for (i, sb) in structured.blocks.iter().enumerate() {
            let label = *self
                .func
                .block_labels
                .get(i)
                .ok_or_else(|| self.internal("block label out of range"))?;
            self.begin_block(label)?;
            self.func.cur_uses.clear();
            self.func
                .cur_uses
                .extend(sb.uses.iter().map(|&(v, s)| (v, sval(s))));
            self.emit_phis(structured, sb)?;
            if let Some(orig) = sb.origin {
                for (k, inst) in func.block_insts(orig).iter().enumerate() {
                    if matches!(inst.kind, InstKind::Phi { .. }) || inst.kind.is_terminator() {
                        continue;
                    }
                    self.set_loc(orig.0, k as u32);
                    self.emit_inst(inst)
                        .map_err(|e| e.or_location(&self.func.loc))?;
                }
            }
            // Merges and branches: at the original block's terminator, or
            // in a block of the structurizer's own.
            match sb.origin {
                Some(orig) => {
                    let last = func.block_insts(orig).len().saturating_sub(1) as u32;
                    self.set_loc(orig.0, last)
                }
                None => self.set_loc(u32::MAX, u32::MAX),
            }
            self.func.exit_labels.push(self.func.cur_label);
            self.emit_merge(&sb.merge)
                .and_then(|()| self.emit_term(&sb.term))
                .map_err(|e| e.or_location(&self.func.loc))?;
        }
        self.func.cur_uses.clear();
        self.func.leave_location();
        self.finish_phis()?;
        self.insert_fn_vars()?;
        self.spv.b.end_function().map_err(berr)?;
        Ok(fn_id)
    }

    /// The phis at the top of a structured block (operands filled later).
    fn emit_phis(&mut self, st: &Structured, sb: &cfg::SBlock) -> Result<()> {
        // Phis of pointers into one variable: access chains after the phis.
        let mut chains = Vec::new();
        for phi in &sb.phis {
            let (ty, id) = match phi.def {
                PhiDef::Original(v) => {
                    let t = self.vty(v);
                    if matches!(self.m.types.ty(t), ir::Type::Pointer { .. }) {
                        let chain = self.pointer_phi(v, &phi.incoming, &sb.preds)?;
                        chains.push(chain.ok_or_else(|| {
                            self.unsupported_feature(
                                Feature::PointerValue,
                                "phi of pointers into different variables or of different shapes",
                            )
                        })?);
                        continue;
                    }
                    if self.is_dx_type(t) {
                        return Err(self.unsupported_feature(
                            Feature::HandleValue,
                            "phi of resource handles or dx.op structs",
                        ));
                    }
                    let ty = self.llvm_ty(t)?;
                    let id = self.spv.id();
                    self.func.values.insert(v, Val::Id(id));
                    (ty, id)
                }
                PhiDef::Synth(sid) => {
                    let def = st
                        .synth(sid)
                        .ok_or_else(|| self.internal("unknown synthetic value"))?;
                    let ty = match def.ty {
                        SynthType::Selector => self.spv.u32_ty(),
                        SynthType::Ir(t) => {
                            if matches!(self.m.types.ty(t), ir::Type::Pointer { .. })
                                || self.is_dx_type(t)
                            {
                                return Err(self.unsupported_feature(
                                    Feature::PointerValue,
                                    "control flow that routes a pointer or resource handle through a phi",
                                ));
                            }
                            self.llvm_ty(t)?
                        }
                    };
                    let id = *self
                        .func
                        .synth_ids
                        .get(sid.index())
                        .ok_or_else(|| self.internal("synthetic value id out of range"))?;
                    (ty, id)
                }
            };
            if phi.incoming.len() != sb.preds.len() {
                return Err(self.internal("phi operand count differs from predecessors"));
            }
            if !self.spv.b.in_block() {
                return Err(self.internal("phi outside a block"));
            }
            let slot = self
                .spv
                .b
                .phi_slot(ty, id, phi.incoming.len())
                .map_err(berr)?;
            let start = self.func.phi_incoming.len();
            self.func.phi_incoming.extend(
                phi.incoming
                    .iter()
                    .zip(&sb.preds)
                    .map(|(&v, p)| (sval(v), p.0)),
            );
            self.func.phis.push(PendingPhi {
                slot,
                incoming: start..self.func.phi_incoming.len(),
                ty,
            });
        }
        for chain in chains {
            self.finish_pointer_phi(chain)?;
        }
        Ok(())
    }

    /// Points [`Emitter::loc`] at instruction `inst` of block `block` of
    /// the function being emitted (moving its name there when the location
    /// is in no function yet).
    fn set_loc(&mut self, block: u32, inst: u32) {
        match &mut self.func.loc {
            Location::Inst {
                block: b, inst: i, ..
            } if self.func.loc_in_fn => {
                *b = block;
                *i = inst;
            }
            loc => {
                // The name moves into the location (and back when the
                // function is done): no copy per function.
                *loc = Location::Inst {
                    function: std::mem::take(&mut self.func.name),
                    block,
                    inst,
                };
                self.func.loc_in_fn = true;
            }
        }
    }

    fn emit_merge(&mut self, merge: &Merge) -> Result<()> {
        match *merge {
            Merge::None => Ok(()),
            Merge::Selection { merge, control } => {
                let l = self.slabel(merge)?;
                let mut c = spirv::SelectionControl::NONE;
                if control.flatten {
                    c |= spirv::SelectionControl::FLATTEN;
                }
                if control.dont_flatten {
                    c |= spirv::SelectionControl::DONT_FLATTEN;
                }
                self.spv.b.selection_merge(l, c).map_err(berr)
            }
            Merge::Loop {
                merge,
                continue_target,
                control,
            } => {
                let l = self.slabel(merge)?;
                let cl = self.slabel(continue_target)?;
                let mut c = spirv::LoopControl::NONE;
                let mut params = Vec::new();
                if control.unroll {
                    c |= spirv::LoopControl::UNROLL;
                } else if control.dont_unroll {
                    c |= spirv::LoopControl::DONT_UNROLL;
                } else if let Some(n) = control.partial_count {
                    c |= spirv::LoopControl::PARTIAL_COUNT;
                    params.push(Operand::LiteralBit32(n));
                }
                self.spv.b.loop_merge(l, cl, c, params).map_err(berr)
            }
        }
    }

    fn slabel(&self, b: cfg::SBlockId) -> Result<Word> {
        self.func
            .block_labels
            .get(b.index())
            .copied()
            .ok_or_else(|| self.internal(format!("branch to unknown structured block {}", b.0)))
    }

    fn emit_term(&mut self, term: &STerm) -> Result<()> {
        match term {
            STerm::Branch(t) => {
                let l = self.slabel(*t)?;
                self.branch(l)
            }
            STerm::CondBranch {
                cond,
                if_true,
                if_false,
            } => {
                let b = self.spv.bool_ty();
                let c = self.svalue(*cond, b, None)?;
                let (t, f) = (self.slabel(*if_true)?, self.slabel(*if_false)?);
                self.spv.b.branch_conditional(c, t, f, []).map_err(berr)
            }
            STerm::Switch {
                value,
                default,
                cases,
            } => {
                let (sel, width) = match value {
                    SValue::Value(v) => {
                        let t = self.vty(*v);
                        let ii = self
                            .int_info(t)
                            .ok_or_else(|| self.invalid("switch on a non-integer"))?;
                        if ii.width == 1 {
                            return Err(self
                                .unsupported_feature(Feature::BooleanArithmetic, "switch on i1"));
                        }
                        let ty = self.llvm_ty(t)?;
                        (self.svalue(*value, ty, Some(t))?, ii.container)
                    }
                    _ => {
                        let u = self.spv.u32_ty();
                        (self.svalue(*value, u, None)?, 32)
                    }
                };
                let d = self.slabel(*default)?;
                let mut targets = Vec::with_capacity(cases.len());
                for &(lit, t) in cases {
                    let l = self.slabel(t)?;
                    let op = if width > 32 {
                        Operand::LiteralBit64(lit)
                    } else {
                        Operand::LiteralBit32(lit as u32)
                    };
                    targets.push((op, l));
                }
                self.spv.b.switch(sel, d, targets).map_err(berr)
            }
            STerm::Return(None) => self.spv.b.ret().map_err(berr),
            STerm::Return(Some(_)) => Err(self.unsupported_feature(
                Feature::EntryPointInterface,
                "returning a value from the entry point",
            )),
            STerm::Unreachable => self.spv.b.unreachable().map_err(berr),
        }
    }

    /// The id of a structured operand of SPIR-V type `ty`.
    fn svalue(&mut self, v: SValue, ty: Word, _t: Option<TypeId>) -> Result<Word> {
        self.sval_id(sval(v), ty)
    }
}

/// The control-flow layer's operand as ours.
fn sval(v: SValue) -> SVal {
    match v {
        SValue::Value(v) => SVal::Value(v),
        SValue::Synth(s) => SVal::Synth(s.0),
        SValue::U32(c) => SVal::U32(c),
        SValue::Undef => SVal::Undef,
    }
}
