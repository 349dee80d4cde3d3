//! The root-signature model: a D3D12 root signature as a first-class
//! object, independent of any shader.
//!
//! The types are the RTS0 reader's ([`crate::container::root_signature`],
//! re-exported here). This module adds what a binding layer needs on top:
//!
//! - [`load`]: a root signature from raw `RTS0` bytes, a DXBC container
//!   holding an `RTS0` part, or the JSON form;
//! - [`RootSignature::to_rts0`] (`write`): the binary writer, byte-identical
//!   to DXC's layout;
//! - [`RootSignature::to_json`] / [`RootSignature::from_json`] (`json`):
//!   the JSON form, which round-trips exactly;
//! - [`RootSignature::validate`] and [`RootSignature::check_shader`]
//!   ([`validate`], `shader`): D3D12's rules as [`RootSignatureError`]s that
//!   name the register, parameter and stage, and
//!   [`RootSignature::resolve`]: the [`Access`] path of a shader resource;
//! - [`RootSignature::root_block`] ([`layout`]): the `bindless-1`
//!   push-constant block it implies.
//!
//! `docs/ROOT-SIGNATURE.md` describes the model and its JSON form.

mod json;
pub mod layout;
mod shader;
pub mod validate;
mod write;

pub use layout::{range_offsets, RootBlock, RootBlockEntry};
pub use shader::{Access, DeclaredResource, Resolver, ShaderUse};
pub use validate::{Binder, Register, RootSignatureError, MAX_COST};

pub use crate::container::root_signature::*;

use crate::container::{self, FourCC};
use crate::error::{Error, Phase, Result};

/// The encoding a root signature was [`load`]ed from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    /// Raw `RTS0` part bytes.
    Rts0,
    /// The `RTS0` part of a DXBC container.
    Container,
    /// The JSON form.
    Json,
}

impl Source {
    /// `rts0`, `container` or `json`.
    pub fn name(self) -> &'static str {
        match self {
            Source::Rts0 => "rts0",
            Source::Container => "container",
            Source::Json => "json",
        }
    }
}

/// Reads a root signature from raw `RTS0` bytes, a DXBC container with an
/// `RTS0` part (a shader blob, or what `dxc -extractrootsignature` writes),
/// or its JSON form (text starting with `{`), and says which it was.
pub fn load(bytes: &[u8]) -> Result<(RootSignature, Source)> {
    if bytes.starts_with(b"DXBC") {
        let c = container::parse(bytes)?;
        return match c.root_signature()? {
            Some(rs) => Ok((rs, Source::Container)),
            None => Err(Error::invalid(
                Phase::Container,
                format!("the container has no {} part", FourCC::RTS0),
            )),
        };
    }
    if bytes.trim_ascii_start().starts_with(b"{") {
        let text = std::str::from_utf8(bytes).map_err(|e| {
            Error::invalid_at_byte(Phase::Container, e.valid_up_to() as u64, "JSON: not UTF-8")
        })?;
        let doc = crate::json::parse(text)?;
        return Ok((RootSignature::from_json(&doc)?, Source::Json));
    }
    Ok((RootSignature::parse(bytes)?, Source::Rts0))
}
