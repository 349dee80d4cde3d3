//! Bitcode → [`Module`]: walks the LLVM 3.7 module block with the
//! bitstream reader and builds the arena IR.
//!
//! Value numbering follows LLVM: module-level values (globals, functions,
//! module constants) are numbered first; inside a function body, arguments,
//! function constants and instruction results continue the numbering and are
//! discarded from it at the end of the body. Our arena keeps every value: a
//! function's local number `n` maps to arena index `local_base + n -
//! module_values`. Operands may refer forward (to values defined later); such
//! references carry their type and are checked once the body is complete.

mod cache;
mod constants;
mod function;
mod metadata;
mod module_block;
mod spare;
mod types;

pub(crate) use cache::ReadCache;
pub(crate) use spare::ModuleSpare;

use super::module::{Module, ValueId};
use super::types::TypeId;
use crate::bitstream::{self, BitstreamReader, Entry};
use crate::error::{Error, Feature, Phase, Result};

/// Block ids of the LLVM 3.7 bitcode format.
pub(crate) mod block {
    pub const MODULE: u32 = 8;
    pub const PARAMATTR: u32 = 9;
    pub const PARAMATTR_GROUP: u32 = 10;
    pub const CONSTANTS: u32 = 11;
    pub const FUNCTION: u32 = 12;
    pub const VALUE_SYMTAB: u32 = 14;
    pub const METADATA: u32 = 15;
    pub const METADATA_ATTACHMENT: u32 = 16;
    pub const TYPE: u32 = 17;
}

/// Reads a whole module from raw bitcode (starting with `BC 0xC0DE`).
pub fn read(bitcode: &[u8]) -> Result<Module> {
    read_with(bitcode, None, &mut ModuleSpare::default())
}

/// [`read`], taking the blocks that `cache` holds from it and keeping
/// those it can for the next module (see [`ReadCache`]), and building the
/// module in the arenas `spare` keeps (see [`ModuleSpare`]).
pub(crate) fn read_with(
    bitcode: &[u8],
    cache: Option<&ReadCache>,
    spare: &mut ModuleSpare,
) -> Result<Module> {
    let mut bs = bitstream::open(bitcode)?;
    if let Some(cache) = cache {
        bs = bs.with_blockinfo_cache(&cache.blockinfo);
    }
    let mut reader = Reader::new(bs, bitcode.len(), spare);
    reader.cache = cache;
    let read = reader.read_top_level();
    let Reader {
        module,
        strings,
        ops,
        forward,
        pending_inits,
        bodies,
        body_buffers,
        ..
    } = reader;
    spare.work = spare::ReaderBuffers {
        ops,
        forward,
        pending_inits,
        with_bodies: bodies,
    }
    .cleared();
    spare.bodies = body_buffers;
    if let Err(e) = read {
        spare.keep_partial(module, strings);
        return Err(e);
    }
    let mut module = module;
    // Every string was checked when it was interned; this validates the
    // whole arena once (a failure would be a reader bug, not bad input).
    module.strings = String::from_utf8(strings)
        .map_err(|_| Error::invalid_at_bit(Phase::Ir, 0, "string arena is not UTF-8"))?;
    Ok(module)
}

/// A forward reference waiting for its definition: arena id and the type
/// the use expects.
#[derive(Clone, Copy, Debug)]
struct ForwardRef {
    value: ValueId,
    ty: TypeId,
    at_bit: u64,
}

pub(crate) struct Reader<'a> {
    bs: BitstreamReader<'a>,
    /// Where blocks that many modules share are looked up and kept.
    cache: Option<&'a ReadCache>,
    module: Module,
    /// Operands of the record being decoded (reused, never shrunk).
    ops: Vec<u64>,
    /// The string arena, moved into the module's (as a `String`) at the
    /// end. Text records decode their characters straight into it.
    strings: Vec<u8>,
    /// Where the text of the record being decoded starts in `strings`.
    text_start: usize,
    /// Bit position of the record being decoded, for errors.
    record_bit: u64,
    /// Size of the input, to bound allocations.
    input_len: usize,
    /// Whether function operands are relative to the instruction number.
    relative_ids: bool,
    /// Number of module-level values (LLVM numbering of function locals
    /// starts here).
    module_values: u32,
    /// Whether `module_values` is final (set when the first function-level
    /// or metadata block starts).
    module_values_known: bool,
    /// Whether a function body is being read.
    in_function: bool,
    /// Arena index of the current function's first local value.
    local_base: u32,
    /// Number of module-level metadata entries.
    module_mds: u32,
    /// Arena index of the current function's first local metadata.
    local_md_base: u32,
    /// Functions with bodies, in declaration order; bodies come in this order.
    bodies: Vec<super::FuncId>,
    next_body: usize,
    /// Unresolved forward references of the current scope.
    forward: Vec<ForwardRef>,
    /// Global initializers to check once module constants are read.
    pending_inits: Vec<(u32, u64)>,
    /// Empty buffers for function bodies (see [`ModuleSpare`]).
    body_buffers: Vec<spare::BodyBuffers>,
}

impl<'a> Reader<'a> {
    /// A reader building its module in the arenas `spare` keeps.
    fn new(bs: BitstreamReader<'a>, input_len: usize, spare: &mut ModuleSpare) -> Self {
        // Reserve arenas in proportion to the input (the largest ratios
        // seen over the corpus), so that they rarely grow (kept arenas
        // mostly have the room already).
        let mut module = spare.module.take().unwrap_or_default();
        let mut strings = std::mem::take(&mut spare.strings);
        strings.reserve(input_len / 2);
        let work = std::mem::take(&mut spare.work);
        let mut ops = work.ops;
        ops.reserve(256);
        module.values.reserve(input_len / 11);
        module.lists.reserve(input_len / 4);
        module.metadata.nodes.reserve(input_len / 24);
        module.metadata.kinds.reserve(input_len / 64);
        module.metadata.named.reserve(input_len / 128);
        module.functions.reserve(input_len / 128);
        module.attributes.reserve(input_len / 128);
        module.attribute_groups.reserve(input_len / 256);
        module.attribute_sets.reserve(input_len / 256);
        Reader {
            bs,
            cache: None,
            module,
            ops,
            strings,
            text_start: 0,
            record_bit: 0,
            input_len,
            relative_ids: false,
            module_values: 0,
            module_values_known: false,
            in_function: false,
            local_base: 0,
            module_mds: 0,
            local_md_base: 0,
            bodies: work.with_bodies,
            next_body: 0,
            forward: work.forward,
            pending_inits: work.pending_inits,
            body_buffers: std::mem::take(&mut spare.bodies),
        }
    }

    /// An invalid-input error at the current record.
    #[cold]
    fn err(&self, message: impl Into<String>) -> Error {
        Error::invalid_at_bit(Phase::Ir, self.record_bit, message)
    }

    /// An unsupported-feature error at the current record: a bitcode
    /// construct that DXIL does not use.
    #[cold]
    fn unsupported(&self, message: impl Into<String>) -> Error {
        Error::unsupported(Phase::Ir, Feature::BitcodeConstruct, message)
            .with_location(crate::error::Location::Bit(self.record_bit))
    }

    /// Operand `i` of the current record.
    #[inline(always)]
    fn op(&self, i: usize) -> Result<u64> {
        match self.ops.get(i) {
            Some(&v) => Ok(v),
            None => Err(self.err(format!(
                "record has {} operands, expected more than {i}",
                self.ops.len()
            ))),
        }
    }

    /// Operand `i` as a `u32`.
    #[inline]
    fn op32(&self, i: usize) -> Result<u32> {
        let v = self.op(i)?;
        u32::try_from(v).map_err(|_| self.err(format!("operand {v} does not fit in 32 bits")))
    }

    /// Reads the next entry, noting the record position for errors.
    #[inline]
    fn next_entry(&mut self) -> Result<Entry> {
        self.record_bit = self.bs.pos();
        self.bs.advance()
    }

    /// Reads the record announced by `entry` into `self.ops`.
    #[inline]
    fn read_record(&mut self, abbrev: u32) -> Result<u32> {
        self.bs.read_record(abbrev, &mut self.ops)
    }

    /// Reads the record announced by `entry`: operands into `self.ops`,
    /// and those from `text_at(code)` on, when it gives an index, appended
    /// to the string arena as bytes (see
    /// [`BitstreamReader::read_record_text`]), for [`Self::text_string`].
    #[inline]
    fn read_record_text(
        &mut self,
        abbrev: u32,
        text_at: impl Fn(u32) -> Option<usize>,
    ) -> Result<u32> {
        self.text_start = self.strings.len();
        self.bs
            .read_record_text(abbrev, text_at, &mut self.ops, &mut self.strings)
    }

    /// The text of the current record, already in the arena, as a string
    /// (bytes are taken as Latin-1 when they are not valid UTF-8).
    fn text_string(&mut self) -> super::StrRange {
        let begin = self.text_start.min(self.strings.len());
        let text = self.strings.get(begin..).unwrap_or(&[]);
        // ASCII, all the corpus has, is a vectorized check.
        if !(text.is_ascii() || std::str::from_utf8(text).is_ok()) {
            let latin1 = self.strings.split_off(begin);
            let mut utf8 = [0u8; 4];
            for &b in &latin1 {
                let c = char::from(b).encode_utf8(&mut utf8);
                self.strings.extend_from_slice(c.as_bytes());
            }
        }
        // `begin` is at most the length.
        super::ListRange::new(begin, self.strings.len().saturating_sub(begin))
    }

    /// Interns operands `start..end` as a string in the arena (see
    /// [`Self::text_string`]), for strings inside other records.
    fn ops_substring(&mut self, start: usize, end: usize) -> Result<super::StrRange> {
        let ops = self.ops.get(start..end).unwrap_or(&[]);
        if ops.iter().any(|&c| c > 0xff) {
            return Err(self.err("character out of range in a string record"));
        }
        self.text_start = self.strings.len();
        self.strings.extend(ops.iter().map(|&c| c as u8));
        Ok(self.text_string())
    }

    /// Checks a cast of an instruction or constant expression
    /// ([`CastOp::is_valid`](super::CastOp::is_valid)).
    fn check_cast(&self, op: super::CastOp, from: TypeId, to: TypeId) -> Result<()> {
        if op.is_valid(&self.module.types, from, to) {
            return Ok(());
        }
        Err(self.err(format!(
            "{} from type {} to type {} is not a valid cast",
            op.name(),
            from.0,
            to.0
        )))
    }

    /// Checks that a count read from the input is plausible for what is left
    /// of it, so that no allocation is out of proportion to the input.
    fn check_count(&self, count: u64, what: &str) -> Result<usize> {
        let limit = (self.input_len as u64).saturating_mul(8);
        if count > limit {
            return Err(self.err(format!(
                "{what} count {count} is larger than the input allows"
            )));
        }
        Ok(count as usize)
    }

    fn read_top_level(&mut self) -> Result<()> {
        let mut seen_module = false;
        while !self.bs.at_end() {
            match self.next_entry()? {
                Entry::SubBlock(block::MODULE) if !seen_module => {
                    self.bs.enter_block(block::MODULE)?;
                    self.read_module_block()?;
                    seen_module = true;
                }
                Entry::SubBlock(_) => self.bs.skip_block()?,
                Entry::Record(_) | Entry::EndBlock => {
                    return Err(self.err("expected a block at the top level of the bitcode"));
                }
            }
        }
        if !seen_module {
            return Err(self.err("bitcode has no module block"));
        }
        Ok(())
    }

    /// Maps an LLVM value number to its arena id.
    #[inline(always)]
    fn map_value_id(&self, id: u32) -> Option<ValueId> {
        match id.checked_sub(self.module_values) {
            Some(local) if self.in_function => local.checked_add(self.local_base).map(ValueId),
            _ => Some(ValueId(id)),
        }
    }

    /// The arena id and type of LLVM value number `id` if it is defined
    /// (the common case of [`Self::value_ref`], without its checks).
    #[inline(always)]
    fn defined(&self, id: u32) -> Option<(ValueId, TypeId)> {
        let value = self.map_value_id(id)?;
        Some((value, self.type_of(value)?))
    }

    /// Resolves an absolute LLVM value number used as an operand. Defined
    /// values are type-checked against `expected`; values not yet defined
    /// are forward references and need `expected`, checked later.
    #[inline]
    fn value_ref(&mut self, id: u64, expected: Option<TypeId>) -> Result<ValueId> {
        let mapped = u32::try_from(id).ok().and_then(|id| self.map_value_id(id));
        let Some(value) = mapped else {
            return Err(self.err(format!("value id {id} out of range")));
        };
        match (self.type_of(value), expected) {
            (Some(actual), Some(want)) if actual != want => Err(self.err(format!(
                "value {id} has type {} where type {} is expected",
                actual.0, want.0
            ))),
            (Some(_), _) => Ok(value),
            (None, Some(ty)) => {
                self.forward.push(ForwardRef {
                    value,
                    ty,
                    at_bit: self.record_bit,
                });
                Ok(value)
            }
            (None, None) => Err(self.err(format!("value {id} is used before it is defined"))),
        }
    }

    /// Checks every pending forward reference against the definitions.
    fn resolve_forward_refs(&mut self) -> Result<()> {
        for fwd in &self.forward {
            match self.type_of(fwd.value) {
                Some(ty) if ty == fwd.ty => {}
                Some(_) => {
                    return Err(Error::invalid_at_bit(
                        Phase::Ir,
                        fwd.at_bit,
                        "forward reference with the wrong type",
                    ));
                }
                None => {
                    return Err(Error::invalid_at_bit(
                        Phase::Ir,
                        fwd.at_bit,
                        "reference to a value that is never defined",
                    ));
                }
            }
        }
        // Cleared, not dropped: the next function reuses the allocation.
        self.forward.clear();
        Ok(())
    }

    /// The type of an existing value, by arena id.
    #[inline(always)]
    fn type_of(&self, id: ValueId) -> Option<TypeId> {
        self.module.values.get(id.0 as usize).map(|v| v.ty)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_that_is_not_utf8_is_taken_as_latin1() {
        let data = [0u8; 8];
        let mut spare = ModuleSpare::default();
        let mut r = Reader::new(BitstreamReader::new(&data, 0).unwrap(), 64, &mut spare);
        let text = |r: &mut Reader<'_>, bytes: &[u8]| {
            r.text_start = r.strings.len();
            r.strings.extend_from_slice(bytes);
            r.text_string()
        };
        let ascii = text(&mut r, b"dx.precise");
        let latin1 = text(&mut r, b"caf\xe9");
        let utf8 = text(&mut r, "café".as_bytes());
        r.ops = vec![0x41, 0xe9, 0x42];
        let from_ops = r.ops_substring(0, 3).unwrap();
        r.ops = vec![0x41, 0x100];
        assert!(r.ops_substring(0, 2).is_err());
        let strings = String::from_utf8(r.strings.clone()).unwrap();
        let get = |s: crate::ir::StrRange| &strings[s.as_range()];
        assert_eq!(get(ascii), "dx.precise");
        assert_eq!(get(latin1), "café");
        assert_eq!(get(utf8), "café");
        assert_eq!(get(from_ops), "AéB");
    }
}
