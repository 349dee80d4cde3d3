//! A shader read from a blob: its container, its IR and its DXIL meaning.

use crate::container::{self, Container};
use crate::dxil::{DecodeScratch, DxilModule};
use crate::error::{Error, Location, Phase, Result};
use crate::ir::{self, Module, ModuleSpare};
use crate::trace::Tracer;

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
    /// The DXIL meaning of the module's metadata.
    pub dxil: DxilModule,
}

impl<'a> Shader<'a> {
    /// Reads a DXBC container holding DXIL, or a bare bitcode file.
    pub fn read(blob: &'a [u8]) -> Result<Shader<'a>> {
        Self::read_with(
            blob,
            None,
            &mut Tracer::off(),
            &mut DecodeScratch::default(),
            &mut ModuleSpare::default(),
        )
    }

    /// [`Shader::read`], timing the container, IR and DXIL phases, with
    /// the blocks that `cache` holds taken from it (see [`ir::ReadCache`]),
    /// reading the IR into the arenas of `spare` and decoding the DXIL
    /// metadata into the buffers of `decode`.
    pub(crate) fn read_with(
        blob: &'a [u8],
        cache: Option<&ir::ReadCache>,
        tracer: &mut Tracer,
        decode: &mut DecodeScratch,
        spare: &mut ModuleSpare,
    ) -> Result<Shader<'a>> {
        let (container, program) = tracer.time(Phase::Container, || {
            let container = container::parse(blob)?;
            let program = container.program()?;
            Ok::<_, Error>((container, program))
        })?;
        let base_bits = (program.bitcode_offset as u64).saturating_mul(8);
        let module = tracer
            .time(Phase::Ir, || ir::read_with(program.bitcode, cache, spare))
            .map_err(|e| match e.location() {
                Location::Bit(bit) => {
                    let bit = bit.saturating_add(base_bits);
                    e.with_location(Location::Bit(bit))
                }
                _ => e,
            })?;
        let dxil = tracer.time(Phase::Dxil, || DxilModule::decode_with(&module, decode))?;
        Ok(Shader {
            container,
            module,
            dxil,
        })
    }
}
