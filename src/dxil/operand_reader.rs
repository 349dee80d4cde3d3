//! Reading the operands of a `dx.op` call in table order, for the generated
//! decoder ([`super::operands::DxOp::decode`]): each read takes the next
//! argument; a missing, extra or non-constant operand is a `Dxil` error
//! naming the op and the operand.

use super::dx_op::DxOpCall;
use super::OpCode;
use crate::error::{Error, Phase, Result};
use crate::ir::{Module, ValueId};

/// A cursor over the arguments of one call (after the opcode).
pub(crate) struct Reader<'m> {
    module: &'m Module,
    op: OpCode,
    args: &'m [u32],
    next: usize,
}

impl<'m> Reader<'m> {
    /// A reader at the first operand after the opcode.
    pub(crate) fn new(module: &'m Module, call: &DxOpCall) -> Reader<'m> {
        Reader {
            module,
            op: call.op,
            args: module.list(call.args),
            next: 0,
        }
    }

    /// The next operand, a value.
    pub(crate) fn value(&mut self) -> Result<ValueId> {
        let v = self
            .args
            .get(self.next)
            .ok_or_else(|| self.error(self.next, "is missing"))?;
        self.next = self.next.saturating_add(1);
        Ok(ValueId(*v))
    }

    /// The next `N` operands, values.
    pub(crate) fn values<const N: usize>(&mut self) -> Result<[ValueId; N]> {
        let mut out = [ValueId(0); N];
        for slot in &mut out {
            *slot = self.value()?;
        }
        Ok(out)
    }

    /// The next operand, a constant integer of at most 32 bits.
    pub(crate) fn int(&mut self) -> Result<u32> {
        self.imm(Some)
    }

    /// The next operand, a constant that `decode` accepts (an enumerator).
    pub(crate) fn imm<T>(&mut self, decode: fn(u32) -> Option<T>) -> Result<T> {
        let at = self.next;
        let v = self.value()?;
        let c = self
            .module
            .const_uint(v)
            .ok_or_else(|| self.error(at, "is not a constant"))?;
        u32::try_from(c)
            .ok()
            .and_then(decode)
            .ok_or_else(|| self.error(at, &format!("has the invalid value {c}")))
    }

    /// Checks that every operand was read.
    pub(crate) fn finish(&self) -> Result<()> {
        if self.next == self.args.len() {
            return Ok(());
        }
        Err(Error::invalid(
            Phase::Dxil,
            format!(
                "dx.op {} (opcode {}): {} operands after the opcode, expected {}",
                self.op.name(),
                self.op as u32,
                self.args.len(),
                self.next
            ),
        ))
    }

    /// An error about operand `at` (counted after the opcode).
    fn error(&self, at: usize, what: &str) -> Error {
        let name = self
            .op
            .signature()
            .operands
            .get(at.saturating_add(1))
            .map_or("?", |p| p.name);
        Error::invalid(
            Phase::Dxil,
            format!(
                "dx.op {} (opcode {}): operand {name} {what}",
                self.op.name(),
                self.op as u32
            ),
        )
    }
}
