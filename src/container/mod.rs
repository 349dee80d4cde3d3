//! The DXBC container: the file format DXC writes a compiled shader in.
//!
//! A container is a 32-byte header (`DXBC` magic, a 16-byte hash, version,
//! total size, part count), a table of part offsets, and the parts, each a
//! FourCC, a size and that many bytes of data. [`parse`] reads the header and
//! the part table without copying; typed accessors on [`Container`] then
//! decode the parts this compiler cares about:
//!
//! | part | accessor | module |
//! |---|---|---|
//! | `DXIL` / `ILDB` | [`Container::program`] | [`program`] |
//! | `STAT` | [`Container::stat_program`] | [`program`] |
//! | `ILDN` | [`Container::debug_name`] | [`program`] |
//! | `ISG1` / `OSG1` / `PSG1` | [`Container::input_signature`], … | [`signature`] |
//! | `PSV0` | [`Container::psv`] | [`psv`] |
//! | `RTS0` | [`Container::root_signature`] | [`root_signature`] |
//! | `SFI0` / `HASH` / `RDAT` / `VERS` | [`Container::feature_info`], [`Container::hash`], … | [`features`] |
//!
//! A file holding bare LLVM bitcode (magic `BC C0 DE`) is accepted too: it
//! has no parts and [`Container::program`] returns the whole input.
//!
//! Every size and offset is bounds-checked; errors are
//! [`ErrorKind::InvalidInput`](crate::ErrorKind::InvalidInput) in
//! [`Phase::Container`] with the absolute byte offset of the offending field.

use std::fmt;

use smallvec::SmallVec;

use crate::error::{Error, Phase, Result};

pub mod features;
pub mod program;
pub mod psv;
pub mod rdat;
mod read;
pub mod root_signature;
pub mod signature;

/// The program kind: DXIL's one `ShaderKind` (generated from DXC's constants),
/// which the container shares with [`crate::dxil`].
pub use crate::dxil::ShaderKind;
pub use features::{FeatureFlags, RuntimeData, RuntimeDataPart, ShaderHash};
pub use program::{DebugName, Program};
pub use psv::{
    Psv, PsvResourceBinding, PsvResourceKind, PsvResourceType, PsvSignatureElement, StageInfo,
};
pub use root_signature::{
    ComparisonFunc, DescriptorRange, DescriptorRangeFlags, DescriptorRangeType, Filter,
    RootConstants, RootDescriptor, RootDescriptorFlags, RootParameter, RootParameterKind,
    RootSignature, RootSignatureFlags, RootSignatureVersion, SamplerFlags, ShaderVisibility,
    StaticBorderColor, StaticSampler, TextureAddressMode,
};
pub use signature::{
    MinPrecision, SigComponentType, Signature, SignatureElement, SignatureKind, SystemValue,
};

use read::{array, le_u16, le_u32, Region};

/// Size of the fixed container header, before the part offset table.
pub const HEADER_SIZE: usize = 32;
/// Size of a part header (FourCC and size) before the part data.
pub const PART_HEADER_SIZE: usize = 8;
/// The largest container DXC accepts.
pub const MAX_CONTAINER_SIZE: u32 = 0x8000_0000;
/// The first four bytes of LLVM bitcode (`'B' 'C' 0xC0 0xDE`).
pub const BITCODE_MAGIC: [u8; 4] = [0x42, 0x43, 0xC0, 0xDE];

/// A part's four-character code, stored as its four bytes in file order.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FourCC(pub [u8; 4]);

impl FourCC {
    /// The container magic `DXBC`.
    pub const DXBC: FourCC = FourCC(*b"DXBC");
    /// The DXIL program.
    pub const DXIL: FourCC = FourCC(*b"DXIL");
    /// The DXIL program with debug info.
    pub const ILDB: FourCC = FourCC(*b"ILDB");
    /// The debug name of the shader (PDB file name).
    pub const ILDN: FourCC = FourCC(*b"ILDN");
    /// Input signature.
    pub const ISG1: FourCC = FourCC(*b"ISG1");
    /// Output signature.
    pub const OSG1: FourCC = FourCC(*b"OSG1");
    /// Patch constant (hull/domain) or primitive output (mesh) signature.
    pub const PSG1: FourCC = FourCC(*b"PSG1");
    /// Pipeline state validation data.
    pub const PSV0: FourCC = FourCC(*b"PSV0");
    /// Serialized root signature.
    pub const RTS0: FourCC = FourCC(*b"RTS0");
    /// Shader feature flags.
    pub const SFI0: FourCC = FourCC(*b"SFI0");
    /// Shader hash.
    pub const HASH: FourCC = FourCC(*b"HASH");
    /// Statistics/reflection program (function bodies stripped).
    pub const STAT: FourCC = FourCC(*b"STAT");
    /// Runtime data (library reflection, subobjects).
    pub const RDAT: FourCC = FourCC(*b"RDAT");
    /// Compiler version.
    pub const VERS: FourCC = FourCC(*b"VERS");
    /// Resource definitions (legacy reflection).
    pub const RDEF: FourCC = FourCC(*b"RDEF");
    /// Private data.
    pub const PRIV: FourCC = FourCC(*b"PRIV");
    /// Shader source info.
    pub const SRCI: FourCC = FourCC(*b"SRCI");
    /// PDB info.
    pub const PDBI: FourCC = FourCC(*b"PDBI");

    /// The parts that may appear at most once in a container.
    const SINGLETONS: [FourCC; 17] = [
        Self::DXIL,
        Self::ILDB,
        Self::ILDN,
        Self::ISG1,
        Self::OSG1,
        Self::PSG1,
        Self::PSV0,
        Self::RTS0,
        Self::SFI0,
        Self::HASH,
        Self::STAT,
        Self::RDAT,
        Self::VERS,
        Self::RDEF,
        Self::SRCI,
        Self::PDBI,
        Self::PRIV,
    ];

    /// The code as DXC's little-endian `uint32_t` (`'D' | 'X' << 8 | …`).
    pub fn to_u32(self) -> u32 {
        u32::from_le_bytes(self.0)
    }

    /// The code from DXC's little-endian `uint32_t`.
    pub fn from_u32(v: u32) -> FourCC {
        FourCC(v.to_le_bytes())
    }
}

impl fmt::Display for FourCC {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for &b in &self.0 {
            if b.is_ascii_graphic() || b == b' ' {
                write!(f, "{}", b as char)?;
            } else {
                write!(f, "\\x{b:02x}")?;
            }
        }
        Ok(())
    }
}

impl fmt::Debug for FourCC {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "FourCC(\"{self}\")")
    }
}

/// The fixed header of a DXBC container.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ContainerHeader {
    /// The container hash (modified MD5 over bytes 20.., or all zero when
    /// unsigned).
    pub hash: [u8; 16],
    /// Container format major version (1).
    pub version_major: u16,
    /// Container format minor version (0).
    pub version_minor: u16,
    /// Total size in bytes, from the start of the header.
    pub container_size: u32,
    /// Number of parts.
    pub part_count: u32,
}

/// One part of a container: its code and its data, borrowed from the input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Part<'a> {
    /// The part's four-character code.
    pub fourcc: FourCC,
    /// The part data (after the 8-byte part header).
    pub data: &'a [u8],
    /// Absolute byte offset of `data` in the input.
    pub offset: usize,
}

/// A parsed container: header, part table and zero-copy part slices.
#[derive(Clone, Debug)]
pub struct Container<'a> {
    blob: &'a [u8],
    header: Option<ContainerHeader>,
    parts: SmallVec<[Part<'a>; 12]>,
}

/// The little-endian `u32` that `bytes` starts with (0 when shorter: the
/// callers pass slices of at least 4 bytes).
fn le_u32_of(bytes: &[u8]) -> u32 {
    bytes
        .first_chunk::<4>()
        .map_or(0, |b| u32::from_le_bytes(*b))
}

/// Parses a DXBC container (or a bare bitcode file) without copying it.
///
/// Checks the header, the part offset table and every part's bounds; the
/// parts themselves are decoded lazily by the accessors of [`Container`].
pub fn parse(blob: &[u8]) -> Result<Container<'_>> {
    Container::parse(blob)
}

impl<'a> Container<'a> {
    /// Parses a DXBC container (or a bare bitcode file); see [`parse`].
    pub fn parse(blob: &'a [u8]) -> Result<Container<'a>> {
        if blob.starts_with(&BITCODE_MAGIC) {
            return Ok(Container {
                blob,
                header: None,
                parts: SmallVec::new(),
            });
        }
        let whole = Region::new("container", blob, 0);
        let magic: Option<[u8; 4]> = blob.get(..4).and_then(|m| m.try_into().ok());
        match magic {
            Some(m) if m == FourCC::DXBC.0 => {}
            Some(m) => {
                return Err(whole.error(
                    0,
                    format_args!(
                        "not a DXBC container or LLVM bitcode (magic \"{}\")",
                        FourCC(m)
                    ),
                ))
            }
            None => {
                return Err(whole.error(
                    0,
                    format_args!("{}-byte input is too short for a DXBC header", blob.len()),
                ))
            }
        }
        let (_, (_, hash, version_major, version_minor, container_size, part_count)) = whole
            .parse(
                0,
                "container header",
                (array::<4>, array::<16>, le_u16, le_u16, le_u32, le_u32),
            )?;
        let header = ContainerHeader {
            hash,
            version_major,
            version_minor,
            container_size,
            part_count,
        };
        if version_major != 1 {
            return Err(whole.unsupported(
                20,
                format_args!(
                    "container version {version_major}.{version_minor} (only 1.x is known)"
                ),
            ));
        }
        if container_size > MAX_CONTAINER_SIZE {
            return Err(whole.error(
                24,
                format_args!("container size {container_size} exceeds the 2 GiB maximum"),
            ));
        }
        if container_size as usize > blob.len() {
            return Err(whole.error(
                24,
                format_args!(
                    "container size {container_size} exceeds the {}-byte input",
                    blob.len()
                ),
            ));
        }
        if (container_size as usize) < HEADER_SIZE {
            return Err(whole.error(
                24,
                format_args!("container size {container_size} is smaller than its header"),
            ));
        }
        // From here on everything must lie inside the declared size.
        let data = blob.get(..container_size as usize).unwrap_or(blob);
        let region = Region::new("container", data, 0);
        let table_len = u64::from(part_count).saturating_mul(4);
        let table = region.range(28, HEADER_SIZE as u64, table_len, "part offset table")?;
        // Inside the blob: cannot overflow.
        let table_end = HEADER_SIZE.saturating_add(table.len());

        let mut parts: SmallVec<[Part<'a>; 12]> = SmallVec::with_capacity(part_count as usize);
        let mut seen = 0u32;
        // The table and each part header are read straight from their
        // bounds-checked slices (no parser per field).
        for (i, entry) in table.chunks_exact(4).enumerate() {
            // Inside the part table checked above.
            let field = i.saturating_mul(4).saturating_add(HEADER_SIZE);
            let offset = le_u32_of(entry) as usize;
            if offset < table_end {
                return Err(region.error(
                    field,
                    format_args!(
                        "part {i} offset {offset} points into the container header or part table"
                    ),
                ));
            }
            let hdr = region.range(field, offset as u64, PART_HEADER_SIZE as u64, "part header")?;
            // `hdr` is PART_HEADER_SIZE bytes: the code, then the size.
            let (code, size) = hdr
                .split_first_chunk::<4>()
                .ok_or_else(|| region.error(offset, "truncated part header"))?;
            let (fourcc, size) = (FourCC(*code), le_u32_of(size));
            // The part header at `offset` is inside the blob: no overflow.
            let data_offset = offset.saturating_add(PART_HEADER_SIZE);
            let data = region.range(
                offset.saturating_add(4),
                data_offset as u64,
                u64::from(size),
                "part data",
            )?;
            if let Some(bit) = FourCC::SINGLETONS.iter().position(|&s| s == fourcc) {
                if seen & (1 << bit) != 0 {
                    return Err(
                        region.error(field, format_args!("duplicate '{fourcc}' part (part {i})"))
                    );
                }
                seen |= 1 << bit;
            }
            parts.push(Part {
                fourcc,
                data,
                offset: data_offset,
            });
        }
        Ok(Container {
            blob,
            header: Some(header),
            parts,
        })
    }

    /// The whole input this container was parsed from.
    pub fn as_bytes(&self) -> &'a [u8] {
        self.blob
    }

    /// The container header; `None` for a bare bitcode file.
    pub fn header(&self) -> Option<&ContainerHeader> {
        self.header.as_ref()
    }

    /// True when the input was bare LLVM bitcode rather than a container.
    pub fn is_bare_bitcode(&self) -> bool {
        self.header.is_none()
    }

    /// All parts, in table order.
    pub fn parts(&self) -> &[Part<'a>] {
        &self.parts
    }

    /// The first part with the given code.
    pub fn part(&self, fourcc: FourCC) -> Option<&Part<'a>> {
        self.parts.iter().find(|p| p.fourcc == fourcc)
    }

    fn region(&self, fourcc: FourCC, name: &'static str) -> Option<Region<'a>> {
        self.part(fourcc)
            .map(|p| Region::new(name, p.data, p.offset))
    }

    /// The DXIL program: the `DXIL` part, else the `ILDB` part. For a bare
    /// bitcode file, the whole input with kind [`ShaderKind::Invalid`] and
    /// all versions zero.
    ///
    /// Unlike the other accessors this is an error when absent: a container
    /// without a program has nothing to compile.
    pub fn program(&self) -> Result<Program<'a>> {
        if self.is_bare_bitcode() {
            return Ok(Program::bare(self.blob));
        }
        if let Some(r) = self.region(FourCC::DXIL, "DXIL") {
            return Program::parse_region(r);
        }
        if let Some(r) = self.region(FourCC::ILDB, "ILDB") {
            return Program::parse_region(r);
        }
        Err(Error::invalid_at_byte(
            Phase::Container,
            28,
            "container has neither a DXIL nor an ILDB part",
        ))
    }

    /// The `STAT` part's program: the module with function bodies stripped
    /// but reflection metadata and names kept.
    pub fn stat_program(&self) -> Result<Option<Program<'a>>> {
        self.region(FourCC::STAT, "STAT")
            .map(Program::parse_region)
            .transpose()
    }

    /// The `ILDN` part: the shader's debug (PDB) name.
    pub fn debug_name(&self) -> Result<Option<DebugName<'a>>> {
        self.region(FourCC::ILDN, "ILDN")
            .map(DebugName::parse_region)
            .transpose()
    }

    /// The `ISG1` input signature.
    pub fn input_signature(&self) -> Result<Option<Signature<'a>>> {
        self.signature(SignatureKind::Input)
    }

    /// The `OSG1` output signature.
    pub fn output_signature(&self) -> Result<Option<Signature<'a>>> {
        self.signature(SignatureKind::Output)
    }

    /// The `PSG1` patch constant (hull/domain) or primitive (mesh) signature.
    pub fn patch_constant_signature(&self) -> Result<Option<Signature<'a>>> {
        self.signature(SignatureKind::PatchConstantOrPrimitive)
    }

    /// The signature of the given kind.
    pub fn signature(&self, kind: SignatureKind) -> Result<Option<Signature<'a>>> {
        let fourcc = kind.fourcc();
        self.region(fourcc, kind.part_name())
            .map(|r| Signature::parse_region(r, kind))
            .transpose()
    }

    /// The `PSV0` pipeline state validation data.
    pub fn psv(&self) -> Result<Option<Psv<'a>>> {
        self.region(FourCC::PSV0, "PSV0")
            .map(Psv::parse_region)
            .transpose()
    }

    /// The `RTS0` root signature.
    pub fn root_signature(&self) -> Result<Option<RootSignature>> {
        self.region(FourCC::RTS0, "RTS0")
            .map(RootSignature::parse_region)
            .transpose()
    }

    /// The `SFI0` shader feature flags.
    pub fn feature_info(&self) -> Result<Option<FeatureFlags>> {
        self.region(FourCC::SFI0, "SFI0")
            .map(FeatureFlags::parse_region)
            .transpose()
    }

    /// The `HASH` shader hash.
    pub fn hash(&self) -> Result<Option<ShaderHash>> {
        self.region(FourCC::HASH, "HASH")
            .map(ShaderHash::parse_region)
            .transpose()
    }

    /// The `RDAT` runtime data, checked down to its part table.
    pub fn runtime_data(&self) -> Result<Option<RuntimeData<'a>>> {
        self.region(FourCC::RDAT, "RDAT")
            .map(RuntimeData::parse_region)
            .transpose()
    }

    /// The raw `VERS` compiler version part.
    pub fn compiler_version(&self) -> Option<&'a [u8]> {
        self.part(FourCC::VERS).map(|p| p.data)
    }
}
