//! `!dx.shaderModel`, `!dx.version` and `!dx.valver`.

use super::md::{invalid, lazy, MdReader};
use super::ShaderKind;
use crate::error::Result;
use std::fmt;

/// The target shader model: `!dx.shaderModel = !{!{!"cs", i32 6, i32 0}}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ShaderModel {
    /// The kind of the module (`Library` for `lib_6_x`; the kinds of a
    /// library's entry points are in their properties).
    pub kind: ShaderKind,
    /// Major version (6).
    pub major: u32,
    /// Minor version.
    pub minor: u32,
}

impl ShaderModel {
    /// Whether the model is at least `major.minor`.
    pub fn is_at_least(self, major: u32, minor: u32) -> bool {
        (self.major, self.minor) >= (major, minor)
    }

    /// Decodes `!dx.shaderModel`, whose operands are `list`.
    pub(crate) fn decode(md: &MdReader<'_>, list: Option<&[u32]>) -> Result<ShaderModel> {
        const WHAT: &str = "!dx.shaderModel";
        let id = md
            .single("dx.shaderModel", list)?
            .ok_or_else(|| invalid(WHAT, "missing"))?;
        let node = md.record(Some(id), 3, &WHAT)?;
        let kind_str = md.string(node.get(0), &"!dx.shaderModel kind")?;
        let kind = ShaderKind::from_profile_prefix(kind_str)
            .ok_or_else(|| invalid(WHAT, format_args!("unknown shader kind {kind_str:?}")))?;
        Ok(ShaderModel {
            kind,
            major: md.u32(node.get(1), &"!dx.shaderModel major version")?,
            minor: md.u32(node.get(2), &"!dx.shaderModel minor version")?,
        })
    }
}

/// Formats as a profile: `cs_6_0`, `lib_6_3`.
impl fmt::Display for ShaderModel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}_{}_{}",
            self.kind.profile_prefix(),
            self.major,
            self.minor
        )
    }
}

/// A `major.minor` version pair (`!dx.version`, `!dx.valver`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Version {
    /// Major version.
    pub major: u32,
    /// Minor version.
    pub minor: u32,
}

impl Version {
    /// Reads `!name = !{!{i32 major, i32 minor}}`, whose operands are
    /// `list`; `None` when absent.
    pub(crate) fn decode(
        md: &MdReader<'_>,
        name: &str,
        list: Option<&[u32]>,
    ) -> Result<Option<Version>> {
        let Some(id) = md.single(name, list)? else {
            return Ok(None);
        };
        let what = lazy(|f| write!(f, "!{name}"));
        let node = md.record(Some(id), 2, &what)?;
        Ok(Some(Version {
            major: md.u32(node.get(0), &format_args!("{what} major"))?,
            minor: md.u32(node.get(1), &format_args!("{what} minor"))?,
        }))
    }
}

impl fmt::Display for Version {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{}", self.major, self.minor)
    }
}
