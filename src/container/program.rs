//! The DXIL program header (parts `DXIL`, `ILDB`, `STAT`) and the `ILDN`
//! debug name part.
//!
//! Program header layout (`DxilProgramHeader` in DXC's `DxilContainer.h`):
//!
//! | offset | field |
//! |---|---|
//! | 0 | `ProgramVersion` = `kind << 16 \| major << 4 \| minor` |
//! | 4 | `SizeInUint32`, the program's size in 32-bit words, header included |
//! | 8 | `'DXIL'` magic `0x4C495844` |
//! | 12 | `DxilVersion` = `major << 8 \| minor` |
//! | 16 | `BitcodeOffset`, from the magic (offset 8) |
//! | 20 | `BitcodeSize` in bytes |

use super::read::{le_u16, le_u32, Region};
use crate::dxil::ShaderKind;
use crate::error::Result;

/// The `'DXIL'` magic of the bitcode header.
pub const DXIL_MAGIC: u32 = 0x4C49_5844;
/// Size of the program header (version, size and bitcode header).
pub const PROGRAM_HEADER_SIZE: usize = 24;
/// Offset in the program header of the bitcode header (the `'DXIL'` magic),
/// which `BitcodeOffset` counts from.
const BITCODE_HEADER_AT: usize = 8;
/// Size of the bitcode header (magic, version, offset, size).
const BITCODE_HEADER_SIZE: u32 = 16;

/// A DXIL program: its header fields and its bitcode, borrowed from the
/// input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Program<'a> {
    /// The shader kind.
    pub kind: ShaderKind,
    /// Shader model major version (the `6` of `cs_6_0`).
    pub major: u8,
    /// Shader model minor version.
    pub minor: u8,
    /// DXIL version, `major << 8 | minor` (e.g. `0x0108` for DXIL 1.8).
    pub dxil_version: u32,
    /// The LLVM bitcode (starts with `BC C0 DE`).
    pub bitcode: &'a [u8],
    /// Absolute byte offset of `bitcode` in the input.
    pub bitcode_offset: usize,
}

impl<'a> Program<'a> {
    /// Parses a program header part (`DXIL`, `ILDB` or `STAT` data). Error
    /// offsets are relative to `data`.
    pub fn parse(data: &'a [u8]) -> Result<Program<'a>> {
        Self::parse_region(Region::new("program", data, 0))
    }

    /// The program of a bare bitcode file: all of it.
    pub(crate) fn bare(blob: &'a [u8]) -> Program<'a> {
        Program {
            kind: ShaderKind::Invalid,
            major: 0,
            minor: 0,
            dxil_version: 0,
            bitcode: blob,
            bitcode_offset: 0,
        }
    }

    pub(crate) fn parse_region(r: Region<'a>) -> Result<Program<'a>> {
        let (_, (version, size_words, magic, dxil_version, bc_offset, bc_size)) = r.parse(
            0,
            "program header",
            (le_u32, le_u32, le_u32, le_u32, le_u32, le_u32),
        )?;
        let kind_raw = version >> 16;
        let kind = ShaderKind::from_u32(kind_raw)
            .ok_or_else(|| r.unsupported(2, format_args!("unknown shader kind {kind_raw}")))?;
        if magic != DXIL_MAGIC {
            return Err(r.error(
                BITCODE_HEADER_AT,
                format_args!("bad bitcode header magic {magic:#010x} (want 'DXIL')"),
            ));
        }
        let program_len = u64::from(size_words) * 4;
        if program_len > r.len() as u64 {
            return Err(r.error(
                4,
                format_args!("program size {size_words} words ({program_len} bytes) exceeds the {}-byte part", r.len()),
            ));
        }
        if bc_offset < BITCODE_HEADER_SIZE {
            return Err(r.error(
                16,
                format_args!("bitcode offset {bc_offset} points into the bitcode header"),
            ));
        }
        if bc_size == 0 {
            return Err(r.error(20, "empty bitcode"));
        }
        // Sums of `u32`s in a `u64`: no overflow.
        let start = (BITCODE_HEADER_AT as u64).saturating_add(u64::from(bc_offset));
        let end = start.saturating_add(u64::from(bc_size));
        if end > program_len {
            return Err(r.error(
                20,
                format_args!(
                    "bitcode (bytes {start}..{end}) extends past the {program_len}-byte program"
                ),
            ));
        }
        let bitcode = r.range(16, start, u64::from(bc_size), "bitcode")?;
        Ok(Program {
            kind,
            major: ((version >> 4) & 0xF) as u8,
            minor: (version & 0xF) as u8,
            dxil_version,
            bitcode,
            bitcode_offset: r.base.saturating_add(start as usize),
        })
    }

    /// DXIL major version.
    pub fn dxil_major(&self) -> u32 {
        self.dxil_version >> 8
    }

    /// DXIL minor version.
    pub fn dxil_minor(&self) -> u32 {
        self.dxil_version & 0xFF
    }
}

/// The `ILDN` part: the debug name (typically the PDB file name).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DebugName<'a> {
    /// Reserved flags (zero).
    pub flags: u16,
    /// The name, without its NUL terminator.
    pub name: &'a str,
}

impl<'a> DebugName<'a> {
    /// Parses `ILDN` part data. Error offsets are relative to `data`.
    pub fn parse(data: &'a [u8]) -> Result<DebugName<'a>> {
        Self::parse_region(Region::new("ILDN", data, 0))
    }

    pub(crate) fn parse_region(r: Region<'a>) -> Result<DebugName<'a>> {
        let (_, (flags, len)) = r.parse(0, "debug name header", (le_u16, le_u16))?;
        let bytes = r.range(
            2,
            4,
            u64::from(len) + 1,
            "debug name and its NUL terminator",
        )?;
        let split = bytes.split_at_checked(usize::from(len));
        let Some((name, [0])) = split else {
            return Err(r.error(4 + usize::from(len), "debug name is not NUL-terminated"));
        };
        let name = std::str::from_utf8(name).map_err(|e| {
            r.error(
                e.valid_up_to().saturating_add(4),
                "debug name is not valid UTF-8",
            )
        })?;
        Ok(DebugName { flags, name })
    }
}
