//! Image and sampler declarations of a run spec (`corpus/README.md`,
//! "Textures, storage images and samplers"):
//!
//! ```text
//! t0 : texture2d rgba32f [4, 4] = ...            a sampled image and its texels
//! t1 : texture2darray r32f [4, 4, 3] mips(2)     layers, mip levels (zero-filled)
//! t2 : texture2d d32f [4, 4] = ...               a depth image (for comparison samplers)
//! u0 : rwtexture2d r32ui [8, 8] = repeat(0)      a storage image, read back after the run
//! s0 : sampler filter(linear) address(clamp)     a sampler
//! s1 : sampler filter(point) address(border) border(opaque_white) compare(less)
//! heap[3] : texture2d rgba32f [2, 2] = ...       an image in the SM 6.6 resource heap
//! sampler_heap[5] : sampler filter(point)        a sampler in the SM 6.6 sampler heap
//! ```
//!
//! Texels are listed per component, row-major (x fastest, then y, then z),
//! one array layer after another, and within a layer mip level 0 first
//! (D3D's subresource order). A storage image's `expect` line lists the
//! same texels: `expect u0 : r32ui[64] = ...` or with the image's shape,
//! `expect u0 : rwtexture2d r32ui [8, 8] = ...`.

use nom::bytes::complete::{tag, take_while1};
use nom::character::complete::{char, space0, space1};
use nom::combinator::opt;
use nom::multi::separated_list1;
use nom::sequence::{delimited, preceded};
use nom::Parser;

use super::{decimal_u64, LineResult, PResult, TexelFormat};
use crate::binding::VkSampler;

/// What kind of image a declaration is (and so its Vulkan image and view
/// types).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ImageKind {
    /// `texture1d` / `rwtexture1d`: `[w]`.
    Tex1D,
    /// `texture1darray` / `rwtexture1darray`: `[w, layers]`.
    Tex1DArray,
    /// `texture2d` / `rwtexture2d`: `[w, h]`.
    Tex2D,
    /// `texture2darray` / `rwtexture2darray`: `[w, h, layers]`.
    Tex2DArray,
    /// `texture3d` / `rwtexture3d`: `[w, h, d]`.
    Tex3D,
    /// `texturecube`: `[w, h]` (square), six layers (+X, -X, +Y, -Y, +Z, -Z).
    Cube,
    /// `texturecubearray`: `[w, h, cubes]`, six layers per cube.
    CubeArray,
}

impl ImageKind {
    /// Every kind with its spec name (without the `rw` prefix).
    const NAMES: [(&'static str, ImageKind); 7] = [
        ("texture1darray", ImageKind::Tex1DArray),
        ("texture1d", ImageKind::Tex1D),
        ("texture2darray", ImageKind::Tex2DArray),
        ("texture2d", ImageKind::Tex2D),
        ("texture3d", ImageKind::Tex3D),
        ("texturecubearray", ImageKind::CubeArray),
        ("texturecube", ImageKind::Cube),
    ];

    /// The spec name (`texture2darray`).
    pub fn name(self) -> &'static str {
        Self::NAMES
            .iter()
            .find(|(_, k)| *k == self)
            .map_or("texture", |(n, _)| n)
    }

    /// How many numbers its `[...]` takes.
    fn dims(self) -> usize {
        match self {
            ImageKind::Tex1D => 1,
            ImageKind::Tex1DArray | ImageKind::Tex2D | ImageKind::Cube => 2,
            ImageKind::Tex2DArray | ImageKind::Tex3D | ImageKind::CubeArray => 3,
        }
    }

    /// Whether RW (storage) images of this kind exist in HLSL.
    fn has_storage(self) -> bool {
        !matches!(self, ImageKind::Cube | ImageKind::CubeArray)
    }
}

/// An image declaration's shape.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ImageDesc {
    /// Its kind.
    pub kind: ImageKind,
    /// A storage image (`rwtexture*`, a UAV) rather than a sampled one.
    pub storage: bool,
    /// The texel format (`r32f` for a depth image).
    pub format: TexelFormat,
    /// A depth image (`d32f`: 32-bit float depth, sampled only; what
    /// comparison samplers read).
    pub depth: bool,
    /// Width, height and depth of mip level 0 (1 where the kind has none).
    pub extent: [u32; 3],
    /// Array layers (6 per cube).
    pub layers: u32,
    /// Mip levels (`mips(N)`, default 1).
    pub mips: u32,
}

impl ImageDesc {
    /// The extent of mip level `mip`.
    pub fn mip_extent(&self, mip: u32) -> [u32; 3] {
        self.extent.map(|e| e.checked_shr(mip).unwrap_or(0).max(1))
    }

    /// Texels in all layers and mip levels.
    pub fn texel_count(&self) -> Option<usize> {
        let mut per_layer = 0usize;
        for mip in 0..self.mips {
            let [w, h, d] = self.mip_extent(mip);
            let n = (w as usize)
                .checked_mul(h as usize)?
                .checked_mul(d as usize)?;
            per_layer = per_layer.checked_add(n)?;
        }
        per_layer.checked_mul(self.layers as usize)
    }

    /// Spec syntax: `rwtexture2d r32ui [8, 8]`.
    pub fn describe(&self) -> String {
        let [w, h, d] = self.extent;
        let dims = match self.kind {
            ImageKind::Tex1D => format!("{w}"),
            ImageKind::Tex1DArray => format!("{w}, {}", self.layers),
            ImageKind::Tex2D | ImageKind::Cube => format!("{w}, {h}"),
            ImageKind::Tex2DArray => format!("{w}, {h}, {}", self.layers),
            ImageKind::Tex3D => format!("{w}, {h}, {d}"),
            ImageKind::CubeArray => format!("{w}, {h}, {}", self.layers / 6),
        };
        let rw = if self.storage { "rw" } else { "" };
        let mips = if self.mips > 1 {
            format!(" mips({})", self.mips)
        } else {
            String::new()
        };
        let format = if self.depth {
            "d32f"
        } else {
            self.format.name()
        };
        format!("{rw}{} {format} [{dims}]{mips}", self.kind.name())
    }
}

/// Whether `word` starts an image type (`texture2d`, `rwtexture3d`, ...).
pub(super) fn is_image_word(word: &str) -> bool {
    let bare = word.strip_prefix("rw").unwrap_or(word);
    ImageKind::NAMES.iter().any(|(n, _)| *n == bare)
}

fn bracket_list(i: &str) -> PResult<'_, Vec<u64>> {
    delimited(
        (space0, char('['), space0),
        separated_list1((space0, char(','), space0), decimal_u64),
        (space0, char(']'), space0),
    )
    .parse(i)
}

/// `<kind> <format> [dims] [mips(N)]` (after the `:`), returning the
/// shape and the rest of the line.
pub(super) fn parse_image(text: &str) -> LineResult<(ImageDesc, &str)> {
    let word = |i| take_while1(|c: char| c.is_ascii_alphanumeric() || c == '_').parse(i);
    let parsed: PResult<'_, (&str, &str, Vec<u64>, Option<u64>)> = (
        word,
        preceded(space1, word),
        bracket_list,
        opt(delimited(
            (tag("mips"), space0, char('('), space0),
            decimal_u64,
            (space0, char(')'), space0),
        )),
    )
        .parse(text);
    let (rest, (kind_word, format_name, dims, mips)) = parsed.map_err(|_| {
        "malformed image: expected `<texture kind> <format> [<w>, ...] [mips(<n>)] [= <data>]`"
            .to_string()
    })?;
    let storage = kind_word.starts_with("rw");
    let bare = kind_word.strip_prefix("rw").unwrap_or(kind_word);
    let kind = ImageKind::NAMES
        .iter()
        .find(|(n, _)| *n == bare)
        .map(|&(_, k)| k)
        .ok_or_else(|| format!("unknown image kind `{kind_word}`"))?;
    if storage && !kind.has_storage() {
        return Err(format!("`{kind_word}`: HLSL has no RW cube textures"));
    }
    let depth = format_name == "d32f";
    if depth && storage {
        return Err("a depth (`d32f`) image cannot be a storage image".into());
    }
    let format = TexelFormat::ALL
        .iter()
        .copied()
        .find(|f| f.name() == format_name || (depth && *f == TexelFormat::R32f))
        .ok_or_else(|| {
            format!("unknown image format `{format_name}` (a buffer format, or d32f for depth)")
        })?;
    if dims.len() != kind.dims() {
        return Err(format!(
            "a {kind_word} takes {} size(s) in `[...]`, not {}",
            kind.dims(),
            dims.len()
        ));
    }
    let dim = |i: usize| -> LineResult<u32> {
        let v = dims.get(i).copied().unwrap_or(1);
        u32::try_from(v)
            .ok()
            .filter(|&v| (1..=16384).contains(&v))
            .ok_or_else(|| format!("image size {v} is not in 1..=16384"))
    };
    let (extent, layers) = match kind {
        ImageKind::Tex1D => ([dim(0)?, 1, 1], 1),
        ImageKind::Tex1DArray => ([dim(0)?, 1, 1], dim(1)?),
        ImageKind::Tex2D => ([dim(0)?, dim(1)?, 1], 1),
        ImageKind::Tex2DArray => ([dim(0)?, dim(1)?, 1], dim(2)?),
        ImageKind::Tex3D => ([dim(0)?, dim(1)?, dim(2)?], 1),
        ImageKind::Cube => ([dim(0)?, dim(1)?, 1], 6),
        ImageKind::CubeArray => ([dim(0)?, dim(1)?, 1], dim(2)?.saturating_mul(6)),
    };
    if matches!(kind, ImageKind::Cube | ImageKind::CubeArray) && extent[0] != extent[1] {
        return Err(format!("a {kind_word}'s faces are square, not {dims:?}"));
    }
    let max_mips = 32u32.saturating_sub(extent.iter().max().unwrap_or(&1).leading_zeros());
    let mips = match mips {
        None => 1,
        Some(m) => u32::try_from(m)
            .ok()
            .filter(|&m| (1..=max_mips).contains(&m))
            .ok_or_else(|| format!("mips({m}) is not in 1..={max_mips} for this size"))?,
    };
    Ok((
        ImageDesc {
            kind,
            storage,
            format,
            depth,
            extent,
            layers,
            mips,
        },
        rest,
    ))
}

/// A sampler's options after `sampler`: `filter(..)`, `address(..)`,
/// `border(..)`, `compare(..)`, `reduction(..)`, `lod(min, max)`,
/// `anisotropy(N)`, in any order, each at most once.
pub(super) fn parse_sampler(text: &str) -> LineResult<VkSampler> {
    let mut s = default_sampler();
    let mut seen: Vec<&str> = Vec::new();
    let mut rest = text.trim();
    while !rest.is_empty() {
        let option: PResult<'_, (&str, Vec<&str>)> = (
            take_while1(|c: char| c.is_ascii_alphabetic()),
            delimited(
                (space0, char('('), space0),
                separated_list1(
                    (space0, char(','), space0),
                    take_while1(|c: char| c.is_ascii_alphanumeric() || c == '_' || c == '.'),
                ),
                (space0, char(')'), space0),
            ),
        )
            .parse(rest);
        let (after, (name, args)) = option.map_err(|_| {
            format!(
                "malformed sampler option `{rest}`: expected `filter(..)`, `address(..)`, \
                 `border(..)`, `compare(..)`, `reduction(..)`, `lod(min, max)` or \
                 `anisotropy(n)`"
            )
        })?;
        if seen.contains(&name) {
            return Err(format!("a second `{name}(...)`"));
        }
        seen.push(name);
        sampler_option(&mut s, name, &args)?;
        rest = after;
    }
    Ok(s)
}

/// D3D12's defaults for what a spec sampler leaves out: point filtering,
/// clamp addressing, transparent black border, no comparison, every mip.
fn default_sampler() -> VkSampler {
    VkSampler {
        mag_filter: "NEAREST",
        min_filter: "NEAREST",
        mipmap_mode: "NEAREST",
        address_modes: ["CLAMP_TO_EDGE"; 3],
        mip_lod_bias: 0.0,
        anisotropy_enable: false,
        max_anisotropy: 1.0,
        compare_enable: false,
        compare_op: "NEVER",
        min_lod: 0.0,
        max_lod: 1000.0,
        border_color: "FLOAT_TRANSPARENT_BLACK",
        unnormalized_coordinates: false,
        reduction_mode: "WEIGHTED_AVERAGE",
    }
}

fn lookup(what: &str, arg: &str, table: &[(&str, &'static str)]) -> LineResult<&'static str> {
    table
        .iter()
        .find(|(n, _)| *n == arg)
        .map(|&(_, v)| v)
        .ok_or_else(|| {
            let names: Vec<&str> = table.iter().map(|(n, _)| *n).collect();
            format!("unknown {what} `{arg}` (expected {})", names.join(", "))
        })
}

const FILTERS: [(&str, &str); 2] = [("point", "NEAREST"), ("linear", "LINEAR")];
const ADDRESSES: [(&str, &str); 5] = [
    ("wrap", "REPEAT"),
    ("mirror", "MIRRORED_REPEAT"),
    ("clamp", "CLAMP_TO_EDGE"),
    ("border", "CLAMP_TO_BORDER"),
    ("mirror_once", "MIRROR_CLAMP_TO_EDGE"),
];
const BORDERS: [(&str, &str); 5] = [
    ("transparent_black", "FLOAT_TRANSPARENT_BLACK"),
    ("opaque_black", "FLOAT_OPAQUE_BLACK"),
    ("opaque_white", "FLOAT_OPAQUE_WHITE"),
    ("opaque_black_uint", "INT_OPAQUE_BLACK"),
    ("opaque_white_uint", "INT_OPAQUE_WHITE"),
];
const COMPARES: [(&str, &str); 8] = [
    ("never", "NEVER"),
    ("less", "LESS"),
    ("equal", "EQUAL"),
    ("less_equal", "LESS_OR_EQUAL"),
    ("greater", "GREATER"),
    ("not_equal", "NOT_EQUAL"),
    ("greater_equal", "GREATER_OR_EQUAL"),
    ("always", "ALWAYS"),
];
const REDUCTIONS: [(&str, &str); 3] = [
    ("average", "WEIGHTED_AVERAGE"),
    ("min", "MIN"),
    ("max", "MAX"),
];

fn float_arg(arg: &str) -> LineResult<f32> {
    arg.parse::<f32>()
        .ok()
        .filter(|v| v.is_finite())
        .ok_or_else(|| format!("`{arg}` is not a number"))
}

fn sampler_option(s: &mut VkSampler, name: &str, args: &[&str]) -> LineResult<()> {
    match (name, args) {
        ("filter", [all]) => {
            let f = lookup("filter", all, &FILTERS)?;
            (s.min_filter, s.mag_filter, s.mipmap_mode) = (f, f, f);
        }
        ("filter", [min, mag, mip]) => {
            s.min_filter = lookup("filter", min, &FILTERS)?;
            s.mag_filter = lookup("filter", mag, &FILTERS)?;
            s.mipmap_mode = lookup("filter", mip, &FILTERS)?;
        }
        ("address", [all]) => s.address_modes = [lookup("address mode", all, &ADDRESSES)?; 3],
        ("address", [u, v, w]) => {
            s.address_modes = [
                lookup("address mode", u, &ADDRESSES)?,
                lookup("address mode", v, &ADDRESSES)?,
                lookup("address mode", w, &ADDRESSES)?,
            ]
        }
        ("border", [b]) => s.border_color = lookup("border color", b, &BORDERS)?,
        ("compare", [c]) => {
            s.compare_op = lookup("comparison", c, &COMPARES)?;
            s.compare_enable = true;
        }
        ("reduction", [r]) => s.reduction_mode = lookup("reduction", r, &REDUCTIONS)?,
        ("lod", [min, max]) => {
            s.min_lod = float_arg(min)?;
            s.max_lod = float_arg(max)?;
            if s.min_lod > s.max_lod {
                return Err(format!(
                    "lod({min}, {max}): the minimum is above the maximum"
                ));
            }
        }
        ("anisotropy", [n]) => {
            let n = float_arg(n)?;
            if !(1.0..=16.0).contains(&n) {
                return Err(format!("anisotropy({n}) is not in 1..=16"));
            }
            s.anisotropy_enable = n > 1.0;
            s.max_anisotropy = n;
        }
        ("filter" | "address", _) => {
            return Err(format!(
                "`{name}(...)` takes one value or three (min, mag, mip / u, v, w)"
            ))
        }
        ("border" | "compare" | "reduction" | "anisotropy", _) => {
            return Err(format!("`{name}(...)` takes one value"))
        }
        ("lod", _) => return Err("`lod(...)` takes two values (min, max)".into()),
        _ => return Err(format!("unknown sampler option `{name}(...)`")),
    }
    Ok(())
}
