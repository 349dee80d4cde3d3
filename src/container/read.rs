//! Internal glue between nom parsers and the crate's [`Error`]: a [`Region`]
//! is a byte range of the blob that knows its absolute offset, so that every
//! failure can name the byte it happened at.

use std::fmt;

use nom::error::{ContextError, ErrorKind as NomErrorKind, ParseError};
use nom::{IResult, Parser};

use crate::error::{Error, Feature, Location, Phase, Result};

/// The nom error type used by the container parsers: where parsing stopped
/// (the remaining input, always a suffix of the parsed slice) and the
/// innermost `context` label.
#[derive(Debug)]
pub(crate) struct PErr<'a> {
    input: &'a [u8],
    context: Option<&'static str>,
}

impl<'a> ParseError<&'a [u8]> for PErr<'a> {
    fn from_error_kind(input: &'a [u8], _kind: NomErrorKind) -> Self {
        PErr {
            input,
            context: None,
        }
    }

    fn append(_input: &'a [u8], _kind: NomErrorKind, other: Self) -> Self {
        other
    }
}

impl<'a> ContextError<&'a [u8]> for PErr<'a> {
    fn add_context(_input: &'a [u8], ctx: &'static str, mut other: Self) -> Self {
        // Keep the innermost label: it names the field that failed.
        if other.context.is_none() {
            other.context = Some(ctx);
        }
        other
    }
}

/// Result type of the nom parsers in this module tree.
pub(crate) type PResult<'a, O> = IResult<&'a [u8], O, PErr<'a>>;

/// A part (or any byte range) of the input, with the absolute offset of its
/// first byte and a short name used as the prefix of error messages.
///
/// Offsets computed from the input's fields (`field + 4`, `table + i *
/// size`, ...) use saturating arithmetic: they are at most a `u32` plus a
/// few products of `u32`s, and a saturated offset lies past the end of every
/// part, so the bounds-checked accessors below reject it as invalid input.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Region<'a> {
    pub(crate) name: &'static str,
    pub(crate) data: &'a [u8],
    pub(crate) base: usize,
}

impl<'a> Region<'a> {
    pub(crate) fn new(name: &'static str, data: &'a [u8], base: usize) -> Self {
        Region { name, data, base }
    }

    pub(crate) fn len(&self) -> usize {
        self.data.len()
    }

    /// Absolute offset in the blob of a position relative to this region.
    pub(crate) fn abs(&self, rel: usize) -> u64 {
        (self.base as u64).saturating_add(rel as u64)
    }

    /// An invalid-input error at a position relative to this region.
    pub(crate) fn error(&self, rel: usize, msg: impl fmt::Display) -> Error {
        Error::invalid_at_byte(
            Phase::Container,
            self.abs(rel),
            format!("{}: {msg}", self.name),
        )
    }

    /// An "unsupported" error at a position relative to this region: a
    /// container format (version, shader kind) that is not known.
    pub(crate) fn unsupported(&self, rel: usize, msg: impl fmt::Display) -> Error {
        Error::unsupported(
            Phase::Container,
            Feature::ContainerFormat,
            format!("{}: {msg}", self.name),
        )
        .with_location(Location::Byte(self.abs(rel)))
    }

    /// The bytes `off .. off + len`, or an error located at `field` (the
    /// position of the field that holds the offset or count) naming `what`.
    pub(crate) fn range(&self, field: usize, off: u64, len: u64, what: &str) -> Result<&'a [u8]> {
        let end = off.checked_add(len);
        match end {
            Some(end) if end <= self.data.len() as u64 => {
                // Both bounds fit in usize: they are at most data.len().
                self.data
                    .get(off as usize..end as usize)
                    .ok_or_else(|| self.out_of_range(field, off, len, what))
            }
            _ => Err(self.out_of_range(field, off, len, what)),
        }
    }

    fn out_of_range(&self, field: usize, off: u64, len: u64, what: &str) -> Error {
        self.error(
            field,
            format_args!(
                "{what} (bytes {off}..{}) lies outside the {}-byte part",
                off.saturating_add(len),
                self.data.len()
            ),
        )
    }

    /// Runs a nom parser on the bytes from `off` to the end of the region.
    /// Returns the position just after what it consumed, and its output.
    pub(crate) fn parse<O, P>(
        &self,
        off: usize,
        what: &'static str,
        mut parser: P,
    ) -> Result<(usize, O)>
    where
        P: Parser<&'a [u8], Output = O, Error = PErr<'a>>,
    {
        let input = self.data.get(off..).ok_or_else(|| {
            self.error(
                self.len(),
                format_args!(
                    "{what} at offset {off} is past the end of the {}-byte part",
                    self.len()
                ),
            )
        })?;
        match parser.parse(input) {
            Ok((rest, out)) => Ok((self.pos_of(rest), out)),
            // The parsers used here fail only for lack of input.
            Err(nom::Err::Error(e)) | Err(nom::Err::Failure(e)) => {
                let at = self.pos_of(e.input);
                let label = e.context.unwrap_or(what);
                let left = e.input.len();
                Err(self.error(
                    at,
                    format_args!("truncated {label} (only {left} bytes left)"),
                ))
            }
            Err(nom::Err::Incomplete(_)) => {
                Err(self.error(self.len(), format_args!("truncated {what}")))
            }
        }
    }

    /// Reads one little-endian u32 at `off`.
    pub(crate) fn u32_at(&self, off: usize, what: &'static str) -> Result<u32> {
        self.parse(off, what, le_u32).map(|(_, v)| v)
    }

    /// Position (relative to the region) of a suffix slice of `data`.
    fn pos_of(&self, rest: &[u8]) -> usize {
        self.data.len().saturating_sub(rest.len())
    }

    /// A NUL-terminated UTF-8 string starting at `off`; `field` is where the
    /// offset was read from (for the error location when `off` is out of
    /// range).
    pub(crate) fn cstr(&self, field: usize, off: u64, what: &str) -> Result<&'a str> {
        let start = usize::try_from(off).ok().filter(|&o| o < self.len());
        let (start, tail) = start
            .and_then(|o| self.data.get(o..).map(|t| (o, t)))
            .ok_or_else(|| self.out_of_range(field, off, 1, what))?;
        let (bytes, _) = split_cstr(tail).map_err(|()| {
            self.error(
                start,
                format_args!("{what} is not NUL-terminated within the part"),
            )
        })?;
        std::str::from_utf8(bytes).map_err(|e| {
            self.error(
                start.saturating_add(e.valid_up_to()),
                format_args!("{what} is not valid UTF-8"),
            )
        })
    }
}

/// Splits a slice at its first NUL: (bytes before, bytes after the NUL).
pub(crate) fn split_cstr(data: &[u8]) -> std::result::Result<(&[u8], &[u8]), ()> {
    let nul = data.iter().position(|&b| b == 0).ok_or(())?;
    let (before, rest) = data.split_at_checked(nul).ok_or(())?;
    let after = rest.get(1..).ok_or(())?;
    Ok((before, after))
}

/// nom: little-endian u32.
pub(crate) fn le_u32(i: &[u8]) -> PResult<'_, u32> {
    nom::number::complete::le_u32(i)
}

/// nom: little-endian u16.
pub(crate) fn le_u16(i: &[u8]) -> PResult<'_, u16> {
    nom::number::complete::le_u16(i)
}

/// nom: one byte.
pub(crate) fn byte(i: &[u8]) -> PResult<'_, u8> {
    nom::number::complete::u8(i)
}

/// nom: little-endian f32.
pub(crate) fn le_f32(i: &[u8]) -> PResult<'_, f32> {
    nom::number::complete::le_f32(i)
}

/// nom: a fixed-size byte array.
pub(crate) fn array<const N: usize>(i: &[u8]) -> PResult<'_, [u8; N]> {
    let (rest, bytes) = nom::bytes::complete::take(N)(i)?;
    match <[u8; N]>::try_from(bytes) {
        Ok(a) => Ok((rest, a)),
        Err(_) => Err(nom::Err::Error(PErr::from_error_kind(i, NomErrorKind::Eof))),
    }
}
