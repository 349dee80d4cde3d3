//! Function bodies. Until the structurizer (`crate::cfg`) is available,
//! only single-block functions are emitted; others are refused with an
//! `Unsupported` error.

use super::module::{berr, Emitter, TyKey};
use crate::error::{Location, Result};
use crate::ir::{BlockId, FuncId, InstKind};
use rspirv::spirv::{self, Word};

impl<'m> Emitter<'m> {
    /// Emits a function definition and returns its SPIR-V id.
    pub fn emit_function(&mut self, f: FuncId) -> Result<Word> {
        let m = self.m;
        let func = m
            .function(f)
            .ok_or_else(|| self.invalid("entry point function does not exist"))?;
        if func.is_declaration || func.blocks.is_empty() {
            return Err(self.invalid("entry point function has no body"));
        }
        if func.num_args != 0 {
            return Err(self.unsupported("entry point with parameters"));
        }
        if func.blocks.len() != 1 {
            return Err(self.unsupported("control flow: structurizer not available"));
        }
        self.func = Some(f);
        let fname = m.function_name(f).to_string();
        self.prescan(func);

        let void = self.void_ty();
        let fnty = self.ty(TyKey::Function(void, vec![]));
        let fn_id = self
            .b
            .begin_function(void, None, spirv::FunctionControl::NONE, fnty)
            .map_err(berr)?;
        self.name(fn_id, &fname);
        let label = self.id();
        self.begin_block(label)?;
        for (k, inst) in func.block_insts(BlockId(0)).iter().enumerate() {
            self.loc = Location::Inst {
                function: fname.clone(),
                block: 0,
                inst: k as u32,
            };
            match inst.kind {
                InstKind::Ret { value: None } => self.b.ret().map_err(berr)?,
                InstKind::Ret { value: Some(_) } => {
                    return Err(self.unsupported("returning a value from the entry point"))
                }
                InstKind::Unreachable => self.b.unreachable().map_err(berr)?,
                k if k.is_terminator() => {
                    return Err(self.unsupported("control flow: structurizer not available"))
                }
                _ => self.emit_inst(inst)?,
            }
        }
        self.loc = Location::Unknown;
        self.finish_phis()?;
        self.insert_fn_vars()?;
        self.b.end_function().map_err(berr)?;
        Ok(fn_id)
    }
}
