//! A shader read from a blob: its container, its IR and its DXIL meaning.

use crate::container::{self, Container};
use crate::error::{Location, Result};
use crate::ir::{self, Module};

/// Everything the front half of the compiler knows about one blob.
///
/// Error locations of the bitcode reader are rebased so that bit offsets
/// count from the start of the blob, not of the bitcode.
#[derive(Debug)]
pub struct Shader<'a> {
    /// The DXBC container (or a bare bitcode file seen as one).
    pub container: Container<'a>,
    /// The LLVM module.
    pub module: Module,
}

impl<'a> Shader<'a> {
    /// Reads a DXBC container holding DXIL, or a bare bitcode file.
    pub fn read(blob: &'a [u8]) -> Result<Shader<'a>> {
        let container = container::parse(blob)?;
        let program = container.program()?;
        let base_bits = (program.bitcode_offset as u64).saturating_mul(8);
        let module = ir::read(program.bitcode).map_err(|e| match e.location() {
            Location::Bit(bit) => {
                let bit = bit.saturating_add(base_bits);
                e.with_location(Location::Bit(bit))
            }
            _ => e,
        })?;
        Ok(Shader { container, module })
    }
}
