//! The run-spec format (`.run` files), as described in `corpus/README.md`.
//!
//! A spec is line based; `#` starts a comment and blank lines are ignored.
//! Every other line is one of:
//!
//! ```text
//! dispatch = X, Y, Z                    thread groups (required, once)
//! tolerance = T                         relative float tolerance (optional, once)
//! heap_size = N                         SM 6.6 resource heap size (optional, once; default 4096)
//! table P = N                           root-signature runs: descriptor table P's heap base (optional)
//! <reg> : <type>[<count>]               a resource, zero-filled
//! <reg> : <type>[<count>] = <init>      a resource with initial data
//! heap[N] : <type>[<count>] <view> [counter(V)] [= <init>]
//!                                       a buffer descriptor at heap index N
//! expect <reg> : <type>[<count>] = <init>   the resource's contents after the dispatch
//! expect heap[N] : <type>[<count>] = <init> the same for a heap buffer
//! expect heap[N].counter = V            a heap buffer's UAV counter after the dispatch
//! ```
//!
//! `<reg>` is `t`, `u` or `b` with an index and an optional `,spaceN`
//! (`u1,space2`; blanks around the comma are allowed). `<type>` is a scalar
//! type (`u8 u16 u32 u64 i8 i16 i32 i64 f16 f32 f64`) or a typed-buffer
//! format (`r32f r32ui r32i rg32f rg32ui rgba32f rgba32ui rgba32i rgba8unorm
//! r16f`); `<count>` counts elements (texels for formats, whose data is
//! listed per component). `<init>` is a comma-separated list of exactly as
//! many values as the resource holds, `repeat(v)`, `arange(n)` (0, 1, .. n-1)
//! or `arange(start, end[, step])` (start, start+step, .. while below `end`,
//! or above it for a negative step), which must also produce exactly that
//! many values.
//!
//! Values are decimal integers, `0x` hexadecimal, `0b` binary, or decimal
//! floats (`1.5`, `-2e-3`), with an optional sign. Conversion to the element
//! type is checked:
//! - unsigned integers take non-negative values that fit;
//! - signed integers take values in range, and hex/binary literals as raw
//!   bit patterns of the type's width (`i32 = 0xffffffff` is -1);
//! - floats take decimal numbers (rounded to nearest even; `f16` and `r16f`
//!   are stored as halves), and hex/binary literals as raw bit patterns
//!   (`f32 = 0x3f800000` is 1.0); overflow to infinity is an error;
//! - `rgba8unorm` takes decimal values in `[0, 1]` (stored as
//!   `round(v * 255)`), or hex/binary as the raw byte.
//!
//! Data is packed tightly, little endian. Errors name the 1-based line and
//! carry the line's byte offset as their [`Location`].
//!
//! **Heap buffers** (`ResourceDescriptorHeap[N]`, SM 6.6) are named
//! `heap[N]`, `0 <= N < heap_size`. `<view>` is the D3D descriptor placed
//! there, which fixes its Vulkan descriptor type (the harness writes it at
//! index `N` of every heap binding of that type the shader uses):
//! - `raw`: a raw (byte-address) buffer view: a storage buffer;
//! - `structured(S)`: a structured buffer view of stride `S` bytes (the
//!   size must be a whole number of elements): a storage buffer;
//! - `typed`: a typed buffer view of the line's format (`rgba32f`, ...):
//!   a uniform and a storage texel buffer;
//! - `cbv`: a constant buffer view: a uniform buffer (range rounded up to 16).
//!
//! `counter(V)` (structured views only) gives the view a UAV counter
//! starting at `V` (the heap's counter binding, same index); the counter is
//! a spec resource of its own, keyed [`RegisterKey::heap_counter`], which
//! `expect heap[N].counter = V` checks.

use std::fmt;

use nom::branch::alt;
use nom::bytes::complete::{tag, tag_no_case, take_while1};
use nom::character::complete::{char, digit1, hex_digit1, one_of, space0, space1};
use nom::combinator::{all_consuming, map_res, opt, recognize};
use nom::multi::separated_list1;
use nom::sequence::{delimited, preceded};
use nom::{IResult, Parser};

use super::half::f64_to_f16_bits;
use crate::binding::VkSampler;
use crate::error::{Error, ErrorKind, Location, Result};

mod image;

pub use image::{ImageDesc, ImageKind};

/// The largest resource a spec may declare, in bytes.
pub const MAX_RESOURCE_BYTES: usize = 256 << 20;

/// The resource heap size when a spec has no `heap_size` line.
pub const DEFAULT_HEAP_SIZE: u32 = 4096;

/// The largest `heap_size` a spec may ask for.
pub const MAX_HEAP_SIZE: u32 = 1 << 20;

/// The register class of an HLSL resource binding.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum RegisterClass {
    /// `t`: a shader resource view (read-only buffer).
    Srv,
    /// `u`: an unordered access view (read-write buffer).
    Uav,
    /// `b`: a constant buffer (or root constants).
    Cbv,
    /// `heap[N]`: a buffer descriptor at index N of the SM 6.6 resource
    /// heap (not a register; letter `h`).
    Heap,
    /// `heap[N].counter`: the UAV counter of the heap buffer at index N.
    HeapCounter,
    /// `s`: a sampler.
    Sampler,
    /// `sampler_heap[N]`: a sampler at index N of the SM 6.6 sampler heap
    /// (letter `h`).
    SamplerHeap,
}

impl RegisterClass {
    /// The register letter: `t`, `u` or `b` (`h` for heap slots and their
    /// counters, which display as `heap[N]` and `heap[N].counter`).
    pub fn letter(self) -> char {
        match self {
            RegisterClass::Srv => 't',
            RegisterClass::Uav => 'u',
            RegisterClass::Cbv => 'b',
            RegisterClass::Sampler => 's',
            RegisterClass::Heap | RegisterClass::HeapCounter | RegisterClass::SamplerHeap => 'h',
        }
    }

    fn from_letter(c: char) -> Option<Self> {
        match c {
            't' => Some(RegisterClass::Srv),
            'u' => Some(RegisterClass::Uav),
            'b' => Some(RegisterClass::Cbv),
            's' => Some(RegisterClass::Sampler),
            _ => None,
        }
    }
}

/// An HLSL register: class, index and space (`u1,space2`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct RegisterKey {
    /// `t`, `u` or `b`.
    pub class: RegisterClass,
    /// The register index (`1` in `u1`).
    pub index: u32,
    /// The register space (`2` in `u1,space2`; 0 when not written).
    pub space: u32,
}

impl RegisterKey {
    /// A register in space 0.
    pub fn new(class: RegisterClass, index: u32) -> Self {
        RegisterKey {
            class,
            index,
            space: 0,
        }
    }

    /// `tN` in space 0.
    pub fn srv(index: u32) -> Self {
        Self::new(RegisterClass::Srv, index)
    }

    /// `uN` in space 0.
    pub fn uav(index: u32) -> Self {
        Self::new(RegisterClass::Uav, index)
    }

    /// `bN` in space 0.
    pub fn cbv(index: u32) -> Self {
        Self::new(RegisterClass::Cbv, index)
    }

    /// The same register in another space.
    pub fn in_space(self, space: u32) -> Self {
        RegisterKey { space, ..self }
    }

    /// `heap[index]`: the buffer at that index of the resource heap.
    pub fn heap(index: u32) -> Self {
        Self::new(RegisterClass::Heap, index)
    }

    /// `heap[index].counter`: the UAV counter of the heap buffer at `index`.
    pub fn heap_counter(index: u32) -> Self {
        Self::new(RegisterClass::HeapCounter, index)
    }

    /// `sN` in space 0.
    pub fn sampler(index: u32) -> Self {
        Self::new(RegisterClass::Sampler, index)
    }

    /// `sampler_heap[index]`: the sampler at that index of the sampler heap.
    pub fn sampler_heap(index: u32) -> Self {
        Self::new(RegisterClass::SamplerHeap, index)
    }
}

impl fmt::Display for RegisterKey {
    /// Spec syntax: `u0`, `t1,space2`, `heap[7]`, `heap[7].counter`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.class {
            RegisterClass::Heap => return write!(f, "heap[{}]", self.index),
            RegisterClass::HeapCounter => return write!(f, "heap[{}].counter", self.index),
            RegisterClass::SamplerHeap => return write!(f, "sampler_heap[{}]", self.index),
            _ => {}
        }
        write!(f, "{}{}", self.class.letter(), self.index)?;
        if self.space != 0 {
            write!(f, ",space{}", self.space)?;
        }
        Ok(())
    }
}

/// A scalar element type.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ScalarType {
    /// `u8`: 8-bit unsigned integer.
    U8,
    /// `u16`: 16-bit unsigned integer.
    U16,
    /// `u32`: 32-bit unsigned integer.
    U32,
    /// `u64`: 64-bit unsigned integer.
    U64,
    /// `i8`: 8-bit two's-complement integer.
    I8,
    /// `i16`: 16-bit two's-complement integer.
    I16,
    /// `i32`: 32-bit two's-complement integer.
    I32,
    /// `i64`: 64-bit two's-complement integer.
    I64,
    /// `f16`: IEEE binary16.
    F16,
    /// `f32`: IEEE binary32.
    F32,
    /// `f64`: IEEE binary64.
    F64,
}

impl ScalarType {
    /// Every scalar type, in spec order.
    pub const ALL: [ScalarType; 11] = [
        ScalarType::U8,
        ScalarType::U16,
        ScalarType::U32,
        ScalarType::U64,
        ScalarType::I8,
        ScalarType::I16,
        ScalarType::I32,
        ScalarType::I64,
        ScalarType::F16,
        ScalarType::F32,
        ScalarType::F64,
    ];

    /// The spec name (`u32`).
    pub fn name(self) -> &'static str {
        match self {
            ScalarType::U8 => "u8",
            ScalarType::U16 => "u16",
            ScalarType::U32 => "u32",
            ScalarType::U64 => "u64",
            ScalarType::I8 => "i8",
            ScalarType::I16 => "i16",
            ScalarType::I32 => "i32",
            ScalarType::I64 => "i64",
            ScalarType::F16 => "f16",
            ScalarType::F32 => "f32",
            ScalarType::F64 => "f64",
        }
    }

    /// Size in bytes.
    pub fn size(self) -> usize {
        match self {
            ScalarType::U8 | ScalarType::I8 => 1,
            ScalarType::U16 | ScalarType::I16 | ScalarType::F16 => 2,
            ScalarType::U32 | ScalarType::I32 | ScalarType::F32 => 4,
            ScalarType::U64 | ScalarType::I64 | ScalarType::F64 => 8,
        }
    }

    /// Whether this is a floating-point type.
    pub fn is_float(self) -> bool {
        matches!(self, ScalarType::F16 | ScalarType::F32 | ScalarType::F64)
    }

    /// Whether this is a signed integer type.
    pub fn is_signed_int(self) -> bool {
        matches!(
            self,
            ScalarType::I8 | ScalarType::I16 | ScalarType::I32 | ScalarType::I64
        )
    }
}

/// A typed-buffer element format (`Buffer<T>` / `RWBuffer<T>`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TexelFormat {
    /// One 32-bit float.
    R32f,
    /// One 32-bit unsigned integer.
    R32ui,
    /// One 32-bit signed integer.
    R32i,
    /// Two 32-bit floats.
    Rg32f,
    /// Two 32-bit unsigned integers.
    Rg32ui,
    /// Four 32-bit floats.
    Rgba32f,
    /// Four 32-bit unsigned integers.
    Rgba32ui,
    /// Four 32-bit signed integers.
    Rgba32i,
    /// Four 8-bit unsigned normalized values (one byte each).
    Rgba8unorm,
    /// One 16-bit float.
    R16f,
}

impl TexelFormat {
    /// Every format, in spec order.
    pub const ALL: [TexelFormat; 10] = [
        TexelFormat::R32f,
        TexelFormat::R32ui,
        TexelFormat::R32i,
        TexelFormat::Rg32f,
        TexelFormat::Rg32ui,
        TexelFormat::Rgba32f,
        TexelFormat::Rgba32ui,
        TexelFormat::Rgba32i,
        TexelFormat::Rgba8unorm,
        TexelFormat::R16f,
    ];

    /// The spec name (`rgba32f`).
    pub fn name(self) -> &'static str {
        match self {
            TexelFormat::R32f => "r32f",
            TexelFormat::R32ui => "r32ui",
            TexelFormat::R32i => "r32i",
            TexelFormat::Rg32f => "rg32f",
            TexelFormat::Rg32ui => "rg32ui",
            TexelFormat::Rgba32f => "rgba32f",
            TexelFormat::Rgba32ui => "rgba32ui",
            TexelFormat::Rgba32i => "rgba32i",
            TexelFormat::Rgba8unorm => "rgba8unorm",
            TexelFormat::R16f => "r16f",
        }
    }

    /// Components per texel.
    pub fn components(self) -> usize {
        match self {
            TexelFormat::R32f | TexelFormat::R32ui | TexelFormat::R32i | TexelFormat::R16f => 1,
            TexelFormat::Rg32f | TexelFormat::Rg32ui => 2,
            TexelFormat::Rgba32f
            | TexelFormat::Rgba32ui
            | TexelFormat::Rgba32i
            | TexelFormat::Rgba8unorm => 4,
        }
    }

    /// How one component is stored.
    pub fn component(self) -> Component {
        match self {
            TexelFormat::R32f | TexelFormat::Rg32f | TexelFormat::Rgba32f => {
                Component::Scalar(ScalarType::F32)
            }
            TexelFormat::R32ui | TexelFormat::Rg32ui | TexelFormat::Rgba32ui => {
                Component::Scalar(ScalarType::U32)
            }
            TexelFormat::R32i | TexelFormat::Rgba32i => Component::Scalar(ScalarType::I32),
            TexelFormat::Rgba8unorm => Component::Unorm8,
            TexelFormat::R16f => Component::Scalar(ScalarType::F16),
        }
    }

    /// Bytes per texel.
    pub fn texel_size(self) -> usize {
        // At most 4 components of 8 bytes.
        self.components().saturating_mul(self.component().size())
    }
}

/// How one stored value (a scalar, or a component of a texel) is encoded.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Component {
    /// A scalar of that type.
    Scalar(ScalarType),
    /// An 8-bit unsigned normalized value (`byte / 255`).
    Unorm8,
}

impl Component {
    /// Size in bytes.
    pub fn size(self) -> usize {
        match self {
            Component::Scalar(s) => s.size(),
            Component::Unorm8 => 1,
        }
    }

    /// Whether values compare as floats (and so under `tolerance`).
    pub fn is_float(self) -> bool {
        match self {
            Component::Scalar(s) => s.is_float(),
            Component::Unorm8 => true,
        }
    }
}

/// The element type of a spec resource.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ElementType {
    /// Raw or structured data: one scalar per element.
    Scalar(ScalarType),
    /// A typed buffer: one texel per element, data listed per component.
    Texel(TexelFormat),
}

impl ElementType {
    /// Looks a spec type name up (`u32`, `rgba32f`).
    pub fn from_name(name: &str) -> Option<Self> {
        ScalarType::ALL
            .iter()
            .find(|s| s.name() == name)
            .map(|&s| ElementType::Scalar(s))
            .or_else(|| {
                TexelFormat::ALL
                    .iter()
                    .find(|f| f.name() == name)
                    .map(|&f| ElementType::Texel(f))
            })
    }

    /// The spec name.
    pub fn name(self) -> &'static str {
        match self {
            ElementType::Scalar(s) => s.name(),
            ElementType::Texel(f) => f.name(),
        }
    }

    /// Values per element (1 for scalars, the component count for formats).
    pub fn components(self) -> usize {
        match self {
            ElementType::Scalar(_) => 1,
            ElementType::Texel(f) => f.components(),
        }
    }

    /// How each value is stored.
    pub fn component(self) -> Component {
        match self {
            ElementType::Scalar(s) => Component::Scalar(s),
            ElementType::Texel(f) => f.component(),
        }
    }

    /// Bytes per element.
    pub fn element_size(self) -> usize {
        // At most 4 components of 8 bytes.
        self.components().saturating_mul(self.component().size())
    }

    /// The typed-buffer format, if this is one.
    pub fn texel_format(self) -> Option<TexelFormat> {
        match self {
            ElementType::Texel(f) => Some(f),
            ElementType::Scalar(_) => None,
        }
    }
}

impl fmt::Display for ElementType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A resource declared by a spec, with its initial contents.
#[derive(Clone, Debug, PartialEq)]
pub struct ResourceDecl {
    /// Its register.
    pub key: RegisterKey,
    /// Its element type.
    pub ty: ElementType,
    /// Number of elements (texels for typed formats).
    pub count: usize,
    /// Initial contents, packed little endian: `count * ty.element_size()`
    /// bytes (zeros when the line has no initializer).
    pub data: Vec<u8>,
    /// Whether the line had an initializer.
    pub initialized: bool,
    /// For a heap buffer (`heap[N]`), the descriptor's view; `None` for
    /// registers and counters.
    pub view: Option<HeapView>,
    /// For an image, its shape (`data` holds its texels).
    pub image: Option<ImageDesc>,
    /// For a sampler, its Vulkan state (`data` is empty).
    pub sampler: Option<VkSampler>,
    /// 1-based line number in the spec.
    pub line: usize,
}

/// The D3D descriptor a heap buffer is (see the module doc).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HeapView {
    /// `raw`: a raw buffer view (storage buffer).
    Raw,
    /// `structured(S)`: a structured buffer view of stride `S` bytes
    /// (storage buffer).
    Structured(u32),
    /// `typed`: a typed buffer view of the resource's format (uniform and
    /// storage texel buffer).
    Typed,
    /// `cbv`: a constant buffer view (uniform buffer).
    Cbv,
    /// A `texture*` image at `heap[N]` (sampled image).
    Texture,
    /// A `rwtexture*` image at `heap[N]` (storage image).
    RwTexture,
    /// A sampler at `sampler_heap[N]`.
    Sampler,
}

impl ResourceDecl {
    /// Size of the contents in bytes.
    pub fn byte_size(&self) -> usize {
        self.data.len()
    }
}

/// An `expect` line: what a resource must hold after the dispatch.
#[derive(Clone, Debug, PartialEq)]
pub struct Expectation {
    /// The resource's register.
    pub key: RegisterKey,
    /// The element type the contents are compared as.
    pub ty: ElementType,
    /// Number of elements.
    pub count: usize,
    /// The expected contents, packed like [`ResourceDecl::data`].
    pub data: Vec<u8>,
    /// 1-based line number in the spec.
    pub line: usize,
}

/// A parsed run spec.
#[derive(Clone, Debug, PartialEq)]
pub struct RunSpec {
    /// Thread groups in X, Y and Z.
    pub dispatch: [u32; 3],
    /// Descriptors in the SM 6.6 resource heap (`heap_size`, default
    /// [`DEFAULT_HEAP_SIZE`]); heap arrays get one more (a pad slot).
    pub heap_size: u32,
    /// Relative tolerance for float compares (`None`: exact).
    pub tolerance: Option<f64>,
    /// `table P = N` lines: the heap index where root parameter P's
    /// descriptor table starts in root-signature (`bindless-1`) runs.
    pub table_bases: std::collections::BTreeMap<u32, u32>,
    /// The resources, in spec order.
    pub resources: Vec<ResourceDecl>,
    /// The `expect` lines, in spec order.
    pub expectations: Vec<Expectation>,
}

impl RunSpec {
    /// Parses a spec. Errors are [`ErrorKind::InvalidInput`], name the line
    /// (`run spec line 7: ...`) and carry its byte offset as location.
    pub fn parse(text: &str) -> Result<RunSpec> {
        parse_spec(text)
    }

    /// Reads and parses a spec file; errors also name the file.
    pub fn from_file(path: impl AsRef<std::path::Path>) -> Result<RunSpec> {
        let path = path.as_ref();
        let text = std::fs::read_to_string(path)
            .map_err(|e| super::invalid(format!("cannot read run spec {}: {e}", path.display())))?;
        parse_spec(&text).map_err(|e| {
            Error::new(
                e.kind(),
                e.phase(),
                e.location().clone(),
                format!("{}: {}", path.display(), e.message()),
            )
        })
    }

    /// The resource declared at a register.
    pub fn resource(&self, key: &RegisterKey) -> Option<&ResourceDecl> {
        self.resources.iter().find(|r| r.key == *key)
    }

    /// Whether the spec places buffers, images or samplers in a
    /// descriptor heap.
    pub fn uses_heap(&self) -> bool {
        self.resources.iter().any(|r| r.view.is_some())
    }

    /// Whether the spec declares images or samplers.
    pub fn uses_images(&self) -> bool {
        self.resources
            .iter()
            .any(|r| r.image.is_some() || r.sampler.is_some())
    }

    /// The heap descriptors (`heap[N]` and `sampler_heap[N]` lines), in
    /// spec order.
    pub fn heap_buffers(&self) -> impl Iterator<Item = &ResourceDecl> {
        self.resources.iter().filter(|r| r.view.is_some())
    }

    /// Total thread groups (`x * y * z`).
    pub fn group_count(&self) -> u64 {
        self.dispatch.iter().map(|&d| u64::from(d)).product()
    }
}

// ---------------------------------------------------------------------------
// Lexical layer (nom).

type PResult<'a, T> = IResult<&'a str, T>;

/// A number as written in the spec (or generated by `arange`).
#[derive(Clone, Copy, Debug, PartialEq)]
enum Num {
    /// An integer literal; `radix` for `0x`/`0b` (raw bit patterns).
    Int { neg: bool, mag: u128, radix: bool },
    /// A decimal float; `single` is the text parsed directly as `f32`
    /// (avoiding double rounding), when there was text.
    Float { value: f64, single: Option<f32> },
}

impl fmt::Display for Num {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = |neg: bool| if neg { "-" } else { "" };
        match *self {
            Num::Int {
                neg,
                mag,
                radix: true,
            } => write!(f, "{}{mag:#x}", sign(neg)),
            Num::Int { neg, mag, .. } => write!(f, "{}{mag}", sign(neg)),
            Num::Float { value, .. } => write!(f, "{value:?}"),
        }
    }
}

impl Num {
    fn as_f64(self) -> f64 {
        match self {
            Num::Int { neg: true, mag, .. } => -(mag as f64),
            Num::Int { mag, .. } => mag as f64,
            Num::Float { value, .. } => value,
        }
    }

    /// The value as a signed integer, if it is an integer literal that fits.
    fn as_i128(self) -> Option<i128> {
        match self {
            Num::Int { neg, mag, .. } => {
                let m = i128::try_from(mag).ok()?;
                // `m >= 0`: the negation always exists.
                if neg {
                    m.checked_neg()
                } else {
                    Some(m)
                }
            }
            Num::Float { .. } => None,
        }
    }
}

fn number(i: &str) -> PResult<'_, Num> {
    let (i, neg) = opt(one_of("+-")).parse(i)?;
    let neg = neg == Some('-');
    let hex = map_res(preceded(tag_no_case("0x"), hex_digit1), |h: &str| {
        u128::from_str_radix(h, 16)
    });
    let bin = map_res(
        preceded(
            tag_no_case("0b"),
            take_while1(|c: char| c == '0' || c == '1'),
        ),
        |b: &str| u128::from_str_radix(b, 2),
    );
    let radix = alt((hex, bin)).map(move |mag| Num::Int {
        neg,
        mag,
        radix: true,
    });
    let decimal = map_res(
        recognize((
            alt((
                // Not `digit0`: under `recognize`, nom 8.0.0's `digit0`
                // consumes input but reports an empty match.
                recognize((digit1, opt((char('.'), opt(digit1))))),
                recognize((char('.'), digit1)),
            )),
            opt((one_of("eE"), opt(one_of("+-")), digit1)),
        )),
        move |text: &str| -> std::result::Result<Num, String> {
            if text.contains(['.', 'e', 'E']) {
                let value: f64 = text.parse().map_err(|e| format!("{e}"))?;
                let single: f32 = text.parse().map_err(|e| format!("{e}"))?;
                Ok(if neg {
                    Num::Float {
                        value: -value,
                        single: Some(-single),
                    }
                } else {
                    Num::Float {
                        value,
                        single: Some(single),
                    }
                })
            } else {
                let mag: u128 = text.parse().map_err(|e| format!("{e}"))?;
                Ok(Num::Int {
                    neg,
                    mag,
                    radix: false,
                })
            }
        },
    );
    alt((radix, decimal)).parse(i)
}

fn decimal_u64(i: &str) -> PResult<'_, u64> {
    map_res(digit1, str::parse::<u64>).parse(i)
}

fn register(i: &str) -> PResult<'_, RawKey> {
    let (i, (letter, index, space)) = (
        one_of("tubs"),
        decimal_u64,
        opt(preceded(
            (space0, char(','), space0, tag("space")),
            decimal_u64,
        )),
    )
        .parse(i)?;
    Ok((i, RawKey::Register(letter, index, space)))
}

/// `heap[N]` or `sampler_heap[N]`.
fn heap_slot(i: &str) -> PResult<'_, RawKey> {
    let (i, sampler) = opt(tag("sampler_")).parse(i)?;
    let (i, index) = preceded((tag("heap"), space0, char('['), space0), decimal_u64).parse(i)?;
    let (i, _) = (space0, char(']')).parse(i)?;
    Ok((
        i,
        if sampler.is_some() {
            RawKey::SamplerHeap(index)
        } else {
            RawKey::Heap(index)
        },
    ))
}

/// A resource name as parsed: a register (class letter, index, optional
/// space) or a heap slot.
#[derive(Clone, Copy)]
enum RawKey {
    Register(char, u64, Option<u64>),
    Heap(u64),
    SamplerHeap(u64),
}

/// `<reg> :`, returning the key and the rest of the line.
fn key_colon(i: &str) -> PResult<'_, RawKey> {
    let (i, key) = alt((heap_slot, register)).parse(i)?;
    let (i, _) = (space0, char(':'), space0).parse(i)?;
    Ok((i, key))
}

/// `<reg> : <type>[<count>]`, returning the rest of the line.
fn resource_header(i: &str) -> PResult<'_, (RawKey, &str, &str)> {
    let (i, key) = alt((heap_slot, register)).parse(i)?;
    let (i, _) = (space0, char(':'), space0).parse(i)?;
    let (i, ty) = take_while1(|c: char| c.is_ascii_alphanumeric() || c == '_').parse(i)?;
    let (i, count) = delimited(
        (space0, char('['), space0),
        digit1,
        (space0, char(']'), space0),
    )
    .parse(i)?;
    Ok((i, (key, ty, count)))
}

/// `heap[N].counter = V`.
fn counter_expect(i: &str) -> PResult<'_, (RawKey, Num)> {
    all_consuming((
        heap_slot,
        preceded(
            (
                space0,
                char('.'),
                space0,
                tag("counter"),
                space0,
                char('='),
                space0,
            ),
            number,
        ),
    ))
    .parse(i)
}

/// `<view> [counter(V)]` after a heap buffer's type, returning the rest.
fn heap_view(i: &str) -> PResult<'_, (&str, Option<u64>, Option<u64>)> {
    let paren = || {
        delimited(
            (space0, char('('), space0),
            decimal_u64,
            (space0, char(')')),
        )
    };
    let (i, name) = take_while1(|c: char| c.is_ascii_alphabetic()).parse(i)?;
    let (i, arg) = opt(paren()).parse(i)?;
    let (i, counter) = opt(preceded((space0, tag("counter")), paren())).parse(i)?;
    let (i, _) = space0.parse(i)?;
    Ok((i, (name, arg, counter)))
}

fn dispatch_line(i: &str) -> PResult<'_, (u64, u64, u64)> {
    let sep = || (space0, char(','), space0);
    all_consuming((
        preceded((tag("dispatch"), space0, char('='), space0), decimal_u64),
        preceded(sep(), decimal_u64),
        preceded(sep(), decimal_u64),
    ))
    .parse(i)
}

fn tolerance_line(i: &str) -> PResult<'_, Num> {
    all_consuming(preceded(
        (tag("tolerance"), space0, char('='), space0),
        number,
    ))
    .parse(i)
}

fn call_args(i: &str) -> PResult<'_, Vec<Num>> {
    all_consuming(delimited(
        (space0, char('('), space0),
        separated_list1((space0, char(','), space0), number),
        (space0, char(')'), space0),
    ))
    .parse(i)
}

// ---------------------------------------------------------------------------
// Line layer.

/// The initializer of a resource line, before conversion.
enum Init {
    List(Vec<Num>),
    Repeat(Num),
    Arange(Vec<Num>),
}

/// One line's error: the message, tagged with the line by [`parse_spec`].
type LineResult<T> = std::result::Result<T, String>;

const LINE_SHAPES: &str = "`dispatch = X, Y, Z`, `tolerance = T`, `heap_size = N`, `table P = N`, `<reg> : <type>[<count>] [= <data>]`, `heap[N] : <type>[<count>] <view> [counter(V)] [= <data>]`, `<reg> : <texture kind> <format> [<sizes>] [mips(N)] [= <data>]`, `<reg> : sampler <options>`, `expect <reg> : <type>[<count>] = <data>` or `expect heap[N].counter = V`";

/// Everything `parse_spec` collects before the final checks.
#[derive(Default)]
struct SpecLines {
    dispatch: Option<[u32; 3]>,
    tolerance: Option<f64>,
    heap_size: Option<u32>,
    table_bases: std::collections::BTreeMap<u32, u32>,
    resources: Vec<ResourceDecl>,
    expectations: Vec<Expectation>,
}

impl SpecLines {
    /// One non-empty line (comment stripped).
    fn line(&mut self, content: &str, line_no: usize) -> LineResult<()> {
        let word_end = content
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .unwrap_or(content.len());
        match &content[..word_end] {
            "dispatch" => {
                if self.dispatch.is_some() {
                    return Err("a second `dispatch` line".into());
                }
                self.dispatch = Some(parse_dispatch(content)?);
            }
            "tolerance" => {
                if self.tolerance.is_some() {
                    return Err("a second `tolerance` line".into());
                }
                self.tolerance = Some(parse_tolerance(content)?);
            }
            "heap_size" => {
                if self.heap_size.is_some() {
                    return Err("a second `heap_size` line".into());
                }
                self.heap_size = Some(parse_heap_size(content)?);
            }
            "table" => {
                let (p, n) = parse_table_base(content)?;
                if self.table_bases.insert(p, n).is_some() {
                    return Err(format!("a second `table {p}` line"));
                }
            }
            "expect" => {
                let rest = content[word_end..].trim_start();
                let e = parse_expect(rest, line_no).map_err(|m| format!("expect: {m}"))?;
                if self.expectations.iter().any(|x| x.key == e.key) {
                    return Err(format!("a second `expect` line for {}", e.key));
                }
                self.expectations.push(e);
            }
            word if looks_like_register(word) || word == "heap" || word == "sampler_heap" => {
                let (decl, counter) = parse_declaration(content, line_no)?;
                for d in std::iter::once(decl).chain(counter) {
                    if let Some(prev) = self.resources.iter().find(|r| r.key == d.key) {
                        return Err(format!(
                            "{} is already declared on line {}",
                            d.key, prev.line
                        ));
                    }
                    self.resources.push(d);
                }
            }
            _ => {
                return Err(format!(
                    "unrecognised line `{content}`: expected {LINE_SHAPES}"
                ))
            }
        }
        Ok(())
    }
}

fn parse_spec(text: &str) -> Result<RunSpec> {
    let mut lines = SpecLines::default();
    let mut offset = 0usize;
    let mut line_offsets = Vec::new();

    for (index, raw) in text.split_inclusive('\n').enumerate() {
        // Line numbers and offsets are bounded by the text: no saturation.
        let line_no = index.saturating_add(1);
        let start = offset;
        offset = offset.saturating_add(raw.len());
        line_offsets.push(start);
        let content = raw.split('#').next().unwrap_or("").trim();
        if content.is_empty() {
            continue;
        }
        lines
            .line(content, line_no)
            .map_err(|msg| line_error(line_no, start, msg))?;
    }

    let SpecLines {
        dispatch,
        tolerance,
        heap_size,
        table_bases,
        resources,
        expectations,
    } = lines;
    let Some(dispatch) = dispatch else {
        return Err(super::invalid("run spec has no `dispatch = X, Y, Z` line"));
    };
    let heap_size = heap_size.unwrap_or(DEFAULT_HEAP_SIZE);
    let offset_of = |line: usize| {
        line.checked_sub(1)
            .and_then(|l| line_offsets.get(l))
            .copied()
            .unwrap_or(0)
    };
    if let Some(r) = resources
        .iter()
        .find(|r| r.view.is_some() && r.key.index >= heap_size)
    {
        return Err(line_error(
            r.line,
            offset_of(r.line),
            format!(
                "{} is outside the heap: heap_size is {heap_size} (indices 0 to {})",
                r.key,
                heap_size.saturating_sub(1)
            ),
        ));
    }
    for e in &expectations {
        let at = offset_of(e.line);
        let Some(decl) = resources.iter().find(|r| r.key == e.key) else {
            return Err(line_error(
                e.line,
                at,
                format!("expect names {} which the spec does not declare", e.key),
            ));
        };
        if decl.byte_size() != e.data.len() {
            return Err(line_error(
                e.line,
                at,
                format!(
                    "expect {} : {}[{}] is {} bytes but {} is declared on line {} as {}[{}] ({} bytes)",
                    e.key,
                    e.ty,
                    e.count,
                    e.data.len(),
                    decl.key,
                    decl.line,
                    decl.ty,
                    decl.count,
                    decl.byte_size()
                ),
            ));
        }
    }
    Ok(RunSpec {
        dispatch,
        heap_size,
        tolerance,
        table_bases,
        resources,
        expectations,
    })
}

fn line_error(line: usize, offset: usize, message: String) -> Error {
    Error::new(
        ErrorKind::InvalidInput,
        crate::error::Phase::Run,
        Location::Byte(offset as u64),
        format!("run spec line {line}: {message}"),
    )
}

fn looks_like_register(word: &str) -> bool {
    let mut chars = word.chars();
    matches!(chars.next(), Some('t' | 'u' | 'b' | 's'))
        && chars.next().is_some_and(|c| c.is_ascii_digit())
}

fn parse_dispatch(content: &str) -> LineResult<[u32; 3]> {
    let (_, (x, y, z)) = dispatch_line(content)
        .map_err(|_| "malformed dispatch: expected `dispatch = X, Y, Z`".to_string())?;
    let mut out = [0u32; 3];
    for (slot, (v, axis)) in out.iter_mut().zip([(x, 'X'), (y, 'Y'), (z, 'Z')]) {
        *slot = u32::try_from(v)
            .ok()
            .filter(|&v| v > 0)
            .ok_or_else(|| format!("dispatch {axis} = {v} is not in 1..=4294967295"))?;
    }
    Ok(out)
}

fn parse_tolerance(content: &str) -> LineResult<f64> {
    let (_, n) = tolerance_line(content)
        .map_err(|_| "malformed tolerance: expected `tolerance = <number>`".to_string())?;
    let t = n.as_f64();
    if !(t.is_finite() && t >= 0.0) || matches!(n, Num::Int { radix: true, .. }) {
        return Err(format!(
            "tolerance {n} is not a non-negative decimal number"
        ));
    }
    Ok(t)
}

/// `table P = N`: root parameter P's table starts at heap index N.
fn parse_table_base(content: &str) -> LineResult<(u32, u32)> {
    let parsed: PResult<'_, (u64, u64)> = all_consuming((
        preceded((tag("table"), space1), decimal_u64),
        preceded((space0, char('='), space0), decimal_u64),
    ))
    .parse(content);
    let (_, (p, n)) =
        parsed.map_err(|_| "malformed table line: expected `table <P> = <N>`".to_string())?;
    match (u32::try_from(p), u32::try_from(n)) {
        (Ok(p), Ok(n)) if n < MAX_HEAP_SIZE => Ok((p, n)),
        _ => Err(format!("table {p} = {n}: base not below {MAX_HEAP_SIZE}")),
    }
}

fn parse_heap_size(content: &str) -> LineResult<u32> {
    let parsed: PResult<'_, u64> = all_consuming(preceded(
        (tag("heap_size"), space0, char('='), space0),
        decimal_u64,
    ))
    .parse(content);
    let (_, n) =
        parsed.map_err(|_| "malformed heap_size: expected `heap_size = <N>`".to_string())?;
    u32::try_from(n)
        .ok()
        .filter(|&n| (1..=MAX_HEAP_SIZE).contains(&n))
        .ok_or_else(|| format!("heap_size {n} is not in 1..={MAX_HEAP_SIZE}"))
}

/// The key of a parsed name.
fn key_of(raw: RawKey) -> LineResult<RegisterKey> {
    match raw {
        RawKey::Register(letter, index, space) => {
            let class = RegisterClass::from_letter(letter)
                .ok_or_else(|| format!("unknown register class `{letter}`"))?;
            let index =
                u32::try_from(index).map_err(|_| format!("register index {index} is too large"))?;
            let space = u32::try_from(space.unwrap_or(0))
                .map_err(|_| "register space is too large".to_string())?;
            Ok(RegisterKey {
                class,
                index,
                space,
            })
        }
        RawKey::Heap(index) => u32::try_from(index)
            .map(RegisterKey::heap)
            .map_err(|_| format!("heap index {index} is too large")),
        RawKey::SamplerHeap(index) => u32::try_from(index)
            .map(RegisterKey::sampler_heap)
            .map_err(|_| format!("sampler heap index {index} is too large")),
    }
}

/// A resource line's `<name> : <type>[<count>]`: key, type, count and the
/// rest of the line.
fn parse_head(content: &str) -> LineResult<(RegisterKey, ElementType, usize, &str)> {
    let (rest, (raw, ty_name, count)) = resource_header(content).map_err(|_| {
        "malformed resource: expected `<t|u|b><index>[,space<N>] : <type>[<count>] [= <data>]` \
         or `heap[<N>] : <type>[<count>] <view> [= <data>]`"
            .to_string()
    })?;
    let key = key_of(raw)?;
    let ty = ElementType::from_name(ty_name).ok_or_else(|| {
        let names: Vec<&str> = ScalarType::ALL
            .iter()
            .map(|s| s.name())
            .chain(TexelFormat::ALL.iter().map(|f| f.name()))
            .collect();
        format!(
            "unknown element type `{ty_name}` (expected one of: {})",
            names.join(" ")
        )
    })?;
    let count: usize = count
        .parse()
        .ok()
        .filter(|&c: &usize| c > 0)
        .ok_or_else(|| format!("element count `{count}` must be a positive integer"))?;
    let fits = count
        .checked_mul(ty.element_size())
        .is_some_and(|b| b <= MAX_RESOURCE_BYTES);
    if !fits {
        return Err(format!(
            "{key} : {ty}[{count}] is larger than {MAX_RESOURCE_BYTES} bytes"
        ));
    }
    Ok((key, ty, count, rest.trim()))
}

/// The packed data of `= <init>` (`rest` starts with `=`).
fn parse_data(rest: &str, key: RegisterKey, ty: ElementType, count: usize) -> LineResult<Vec<u8>> {
    let Some(init_text) = rest.strip_prefix('=') else {
        return Err(format!(
            "unexpected `{rest}` after {key} : {ty}[{count}] (expected `= <data>` or nothing)"
        ));
    };
    let init = parse_initializer(init_text.trim())?;
    // `parse_head` checked that the bytes fit.
    let values_needed = count.saturating_mul(ty.components());
    let shape = if ty.components() == 1 {
        format!("{key} : {ty}[{count}] holds {count} values")
    } else {
        format!(
            "{key} : {ty}[{count}] holds {count} texels x {} components = {values_needed} values",
            ty.components()
        )
    };
    let values = expand(init, values_needed, ty, &shape)?;
    let component = ty.component();
    let mut data = Vec::with_capacity(count.saturating_mul(ty.element_size()));
    for (i, v) in values.iter().enumerate() {
        encode(*v, component, &mut data)
            .map_err(|m| format!("value {} (`{v}`): {m}", i.saturating_add(1)))?;
    }
    Ok(data)
}

/// An `expect` line (without `expect`).
fn parse_expect(content: &str, line: usize) -> LineResult<Expectation> {
    if let Ok((_, (raw, value))) = counter_expect(content) {
        let RawKey::Heap(index) = raw else {
            return Err("only `heap[N]` buffers have counters".into());
        };
        let RegisterKey { index, .. } = key_of(RawKey::Heap(index))?;
        let ty = ElementType::Scalar(ScalarType::U32);
        let mut data = Vec::with_capacity(4);
        encode(value, ty.component(), &mut data).map_err(|m| format!("counter `{value}`: {m}"))?;
        return Ok(Expectation {
            key: RegisterKey::heap_counter(index),
            ty,
            count: 1,
            data,
            line,
        });
    }
    let (key, ty, count, rest) = match image_head(content)? {
        Some((key, desc, rest)) => {
            let (ty, count) = image_texels(key, &desc)?;
            (key, ty, count, rest)
        }
        None => parse_head(content)?,
    };
    if rest.is_empty() {
        return Err(format!("{key} has no `= <data>` to compare with"));
    }
    let data = parse_data(rest, key, ty, count)?;
    Ok(Expectation {
        key,
        ty,
        count,
        data,
        line,
    })
}

/// A resource line: its declaration, and for a heap buffer with
/// `counter(V)` the counter's.
fn parse_declaration(
    content: &str,
    line: usize,
) -> LineResult<(ResourceDecl, Option<ResourceDecl>)> {
    if let Some(decl) = image_or_sampler(content, line)? {
        return Ok((decl, None));
    }
    let (key, ty, count, mut rest) = parse_head(content)?;
    let bytes = count.saturating_mul(ty.element_size());
    let mut view = None;
    let mut counter = None;
    if key.class == RegisterClass::Heap {
        let (after, (v, c)) = parse_view(rest, key, ty, bytes)?;
        rest = after;
        view = Some(v);
        counter = c;
    }
    let initialized = !rest.is_empty();
    let data = if initialized {
        parse_data(rest, key, ty, count)?
    } else {
        vec![0; bytes]
    };
    let counter = counter.map(|value: u32| ResourceDecl {
        key: RegisterKey::heap_counter(key.index),
        ty: ElementType::Scalar(ScalarType::U32),
        count: 1,
        data: value.to_le_bytes().to_vec(),
        initialized: true,
        view: None,
        image: None,
        sampler: None,
        line,
    });
    let decl = ResourceDecl {
        key,
        ty,
        count,
        data,
        initialized,
        view,
        image: None,
        sampler: None,
        line,
    };
    Ok((decl, counter))
}

/// `<reg> : <texture kind> ...` up to the data: the key, the shape and
/// the rest of the line; `None` when the type is not an image kind.
fn image_head(content: &str) -> LineResult<Option<(RegisterKey, ImageDesc, &str)>> {
    let Ok((rest, raw)) = key_colon(content) else {
        return Ok(None);
    };
    if !image::is_image_word(first_word(rest)) {
        return Ok(None);
    }
    let key = key_of(raw)?;
    let (desc, rest) = image::parse_image(rest)?;
    Ok(Some((key, desc, rest.trim())))
}

/// The word a text starts with (letters, digits, `_`).
fn first_word(text: &str) -> &str {
    let end = text
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .unwrap_or(text.len());
    &text[..end]
}

/// An image's element type and texel count, checked against the size cap.
fn image_texels(key: RegisterKey, desc: &ImageDesc) -> LineResult<(ElementType, usize)> {
    let ty = ElementType::Texel(desc.format);
    let count = desc
        .texel_count()
        .filter(|&n| {
            n.checked_mul(ty.element_size())
                .is_some_and(|b| b <= MAX_RESOURCE_BYTES)
        })
        .ok_or_else(|| {
            format!(
                "{key} : {} is larger than {MAX_RESOURCE_BYTES} bytes",
                desc.describe()
            )
        })?;
    Ok((ty, count))
}

/// An image or sampler line; `None` for a buffer line.
fn image_or_sampler(content: &str, line: usize) -> LineResult<Option<ResourceDecl>> {
    let Ok((rest, raw)) = key_colon(content) else {
        return Ok(None);
    };
    let key = key_of(raw)?;
    let sampler_slot = matches!(
        key.class,
        RegisterClass::Sampler | RegisterClass::SamplerHeap
    );
    let word = first_word(rest);
    if word == "sampler" {
        if !sampler_slot {
            return Err(format!(
                "{key}: samplers go at `s` registers or `sampler_heap[N]`"
            ));
        }
        let sampler = image::parse_sampler(&rest[word.len()..])?;
        return Ok(Some(ResourceDecl {
            key,
            ty: ElementType::Scalar(ScalarType::U8),
            count: 0,
            data: Vec::new(),
            initialized: false,
            view: (key.class == RegisterClass::SamplerHeap).then_some(HeapView::Sampler),
            image: None,
            sampler: Some(sampler),
            line,
        }));
    }
    if sampler_slot {
        return Err(format!(
            "{key} holds a sampler: declare it as `{key} : sampler <options>`"
        ));
    }
    let Some((key, desc, rest)) = image_head(content)? else {
        return Ok(None);
    };
    match (key.class, desc.storage) {
        (RegisterClass::Srv, false) | (RegisterClass::Uav, true) | (RegisterClass::Heap, _) => {}
        (_, storage) => {
            return Err(format!(
                "{key}: {} images go at {} registers or `heap[N]`",
                if storage { "rw" } else { "read-only" },
                if storage { "`u`" } else { "`t`" }
            ))
        }
    }
    let (ty, count) = image_texels(key, &desc)?;
    let initialized = !rest.is_empty();
    let data = if initialized {
        parse_data(rest, key, ty, count)?
    } else {
        vec![0; count.saturating_mul(ty.element_size())]
    };
    let view = if desc.storage {
        HeapView::RwTexture
    } else {
        HeapView::Texture
    };
    Ok(Some(ResourceDecl {
        key,
        ty,
        count,
        data,
        initialized,
        view: (key.class == RegisterClass::Heap).then_some(view),
        image: Some(desc),
        sampler: None,
        line,
    }))
}

/// A heap buffer's `<view> [counter(V)]`, checked against its type and
/// size; returns the rest of the line.
fn parse_view(
    rest: &str,
    key: RegisterKey,
    ty: ElementType,
    bytes: usize,
) -> LineResult<(&str, (HeapView, Option<u32>))> {
    const VIEWS: &str = "`raw`, `structured(<stride>)`, `typed` or `cbv`";
    let (after, (name, arg, counter)) =
        heap_view(rest).map_err(|_| format!("{key} needs a view after its type: {VIEWS}"))?;
    let view = match (name, arg) {
        ("raw", None) => HeapView::Raw,
        ("typed", None) => HeapView::Typed,
        ("cbv", None) => HeapView::Cbv,
        ("structured", Some(stride)) => {
            let stride = u32::try_from(stride)
                .ok()
                .filter(|&s| s > 0 && bytes.checked_rem(s as usize) == Some(0))
                .ok_or_else(|| {
                    format!("{key}: {bytes} bytes are not a whole number of {stride}-byte elements")
                })?;
            HeapView::Structured(stride)
        }
        _ => {
            return Err(format!(
                "{key}: unknown view `{}`: expected {VIEWS}",
                rest.trim()
            ))
        }
    };
    let typed = ty.texel_format().is_some();
    if typed != (view == HeapView::Typed) {
        return Err(format!(
            "{key}: a `typed` view takes a format type (rgba32f, ...) and the other views a \
             scalar type, not {ty}"
        ));
    }
    let counter = match counter {
        None => None,
        Some(_) if !matches!(view, HeapView::Structured(_)) => {
            return Err(format!("{key}: only structured views have a counter"))
        }
        Some(v) => {
            Some(u32::try_from(v).map_err(|_| format!("{key}: counter {v} does not fit a u32"))?)
        }
    };
    Ok((after, (view, counter)))
}

fn parse_initializer(text: &str) -> LineResult<Init> {
    if text.is_empty() {
        return Err("`=` is followed by no data".into());
    }
    let word_end = text
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .unwrap_or(text.len());
    let word = &text[..word_end];
    let after = text[word_end..].trim_start();
    if !word.is_empty()
        && word.starts_with(|c: char| c.is_ascii_alphabetic())
        && after.starts_with('(')
    {
        let args = call_args(&text[word_end..]).map(|(_, a)| a);
        return match word {
            "repeat" => match args.as_deref() {
                Ok([v]) => Ok(Init::Repeat(*v)),
                _ => Err(format!("malformed `{text}`: expected `repeat(<value>)`")),
            },
            "arange" => match args {
                Ok(a) if (1..=3).contains(&a.len()) => Ok(Init::Arange(a)),
                _ => Err(format!(
                    "malformed `{text}`: expected `arange(<n>)` or `arange(<start>, <end>[, <step>])`"
                )),
            },
            other => Err(format!(
                "unknown initializer `{other}(...)` (expected a list, `repeat(v)` or `arange(...)`)"
            )),
        };
    }
    let mut values = Vec::new();
    for (i, token) in text.split(',').enumerate() {
        let token = token.trim();
        if token.is_empty() {
            return Err(format!(
                "value {} is empty (stray comma?)",
                i.saturating_add(1)
            ));
        }
        match all_consuming(number).parse(token) {
            Ok((_, n)) => values.push(n),
            Err(_) => {
                return Err(format!(
                    "value {} (`{token}`) is not a number",
                    i.saturating_add(1)
                ))
            }
        }
    }
    Ok(Init::List(values))
}

/// The initializer's values, exactly `needed` of them.
fn expand(init: Init, needed: usize, ty: ElementType, shape: &str) -> LineResult<Vec<Num>> {
    match init {
        Init::List(values) => {
            if values.len() < needed {
                Err(format!(
                    "the list has {} values but {shape} (a list is never padded)",
                    values.len()
                ))
            } else if values.len() > needed {
                Err(format!("the list has {} values but {shape}", values.len()))
            } else {
                Ok(values)
            }
        }
        Init::Repeat(v) => Ok(vec![v; needed]),
        Init::Arange(args) => arange(&args, needed, ty, shape),
    }
}

fn arange(args: &[Num], needed: usize, ty: ElementType, shape: &str) -> LineResult<Vec<Num>> {
    let all_int = args.iter().all(|a| a.as_i128().is_some());
    let is_float = ty.component().is_float();
    if !is_float && !all_int {
        return Err(format!("arange arguments for {ty} must be integers"));
    }
    if all_int {
        let ints: Vec<i128> = args.iter().filter_map(|a| a.as_i128()).collect();
        let (start, end, step) = match ints[..] {
            [n] => (0, n, 1),
            [s, e] => (s, e, 1),
            [s, e, st] => (s, e, st),
            _ => return Err("arange takes 1 to 3 arguments".into()),
        };
        if step == 0 {
            return Err("arange step is 0".into());
        }
        let too_large = || "arange arguments are out of range".to_string();
        let span = if step > 0 {
            end.checked_sub(start)
        } else {
            start.checked_sub(end)
        }
        .ok_or_else(too_large)?;
        let step_abs = step.abs();
        // ceil(span / step_abs) for span >= 1 and step_abs >= 1, as
        // (span - 1) / step_abs + 1: nothing saturates.
        let len = if span <= 0 {
            0
        } else {
            span.saturating_sub(1)
                .checked_div(step_abs)
                .unwrap_or(0)
                .saturating_add(1)
        };
        if len != needed as i128 {
            return Err(format!("arange produces {len} values but {shape}"));
        }
        return (0..len)
            .map(|i| {
                let v = i
                    .checked_mul(step)
                    .and_then(|d| start.checked_add(d))
                    .ok_or_else(too_large)?;
                Ok(Num::Int {
                    neg: v < 0,
                    mag: v.unsigned_abs(),
                    radix: false,
                })
            })
            .collect();
    }
    let f: Vec<f64> = args.iter().map(|a| a.as_f64()).collect();
    let (start, end, step) = match f[..] {
        [n] => (0.0, n, 1.0),
        [s, e] => (s, e, 1.0),
        [s, e, st] => (s, e, st),
        _ => return Err("arange takes 1 to 3 arguments".into()),
    };
    if step == 0.0 || !step.is_finite() || !start.is_finite() || !end.is_finite() {
        return Err("arange needs finite arguments and a non-zero step".into());
    }
    let mut out = Vec::new();
    loop {
        let v = start + out.len() as f64 * step;
        let inside = if step > 0.0 { v < end } else { v > end };
        if !inside {
            break;
        }
        if out.len() == needed {
            return Err(format!(
                "arange produces more than {needed} values but {shape}"
            ));
        }
        out.push(Num::Float {
            value: v,
            single: None,
        });
    }
    if out.len() != needed {
        return Err(format!("arange produces {} values but {shape}", out.len()));
    }
    Ok(out)
}

/// Appends one value, converted to `component`, little endian.
fn encode(v: Num, component: Component, out: &mut Vec<u8>) -> LineResult<()> {
    let scalar = match component {
        Component::Unorm8 => {
            let byte = match v {
                Num::Int {
                    neg: false,
                    mag,
                    radix: true,
                } => u8::try_from(mag).map_err(|_| "does not fit a byte".to_string())?,
                Num::Int { radix: true, .. } => {
                    return Err("a negative bit pattern".into());
                }
                _ => {
                    let f = v.as_f64();
                    if !(0.0..=1.0).contains(&f) {
                        return Err("a unorm value must lie in [0, 1]".into());
                    }
                    (f * 255.0).round() as u8
                }
            };
            out.push(byte);
            return Ok(());
        }
        Component::Scalar(s) => s,
    };
    // 8 to 64 bits.
    let width = scalar.size().saturating_mul(8);
    let mask: u128 = !(u128::MAX << width);
    let bits: u128 = match (v, scalar.is_float(), scalar.is_signed_int()) {
        (Num::Float { .. }, false, _) => {
            return Err(format!("not an integer, but the type is {}", scalar.name()))
        }
        // Bit patterns: any non-negative radix literal that fits the width.
        (
            Num::Int {
                neg: false,
                mag,
                radix: true,
            },
            true,
            _,
        )
        | (
            Num::Int {
                neg: false,
                mag,
                radix: true,
            },
            _,
            true,
        ) => {
            if mag > mask {
                return Err(format!("does not fit {} bits", width));
            }
            mag
        }
        (Num::Int { neg, mag, radix }, false, false) => {
            if neg && mag != 0 {
                return Err(format!(
                    "negative, but the type {} is unsigned",
                    scalar.name()
                ));
            }
            let _ = radix;
            if mag > mask {
                return Err(format!("does not fit {}", scalar.name()));
            }
            mag
        }
        (Num::Int { neg, mag, .. }, false, true) => {
            let half = 1u128 << width.saturating_sub(1);
            let ok = if neg { mag <= half } else { mag < half };
            if !ok {
                return Err(format!("out of range for {}", scalar.name()));
            }
            let v = if neg { mag.wrapping_neg() } else { mag };
            v & mask
        }
        (v, true, _) => {
            if matches!(
                v,
                Num::Int {
                    neg: true,
                    radix: true,
                    ..
                }
            ) {
                return Err("a negative bit pattern".into());
            }
            match scalar {
                ScalarType::F16 => {
                    let h = f64_to_f16_bits(v.as_f64());
                    if h & 0x7c00 == 0x7c00 {
                        return Err("out of range for f16".into());
                    }
                    u128::from(h)
                }
                ScalarType::F32 => {
                    let x = match v {
                        Num::Float {
                            single: Some(s), ..
                        } => s,
                        Num::Int { neg, mag, .. } => {
                            let m = mag as f32;
                            if neg {
                                -m
                            } else {
                                m
                            }
                        }
                        Num::Float { value, .. } => value as f32,
                    };
                    if !x.is_finite() {
                        return Err("out of range for f32".into());
                    }
                    u128::from(x.to_bits())
                }
                _ => {
                    let x = v.as_f64();
                    if !x.is_finite() {
                        return Err("out of range for f64".into());
                    }
                    u128::from(x.to_bits())
                }
            }
        }
    };
    out.extend(bits.to_le_bytes().iter().take(scalar.size()));
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn one(line: &str) -> Vec<u8> {
        let spec = RunSpec::parse(&format!("dispatch = 1, 1, 1\n{line}\n"))
            .unwrap_or_else(|e| panic!("{line}: {e}"));
        spec.resources[0].data.clone()
    }

    #[test]
    fn numbers() {
        assert_eq!(one("u0 : u8[3] = 0x7f, 0b101, 255"), vec![0x7f, 5, 255]);
        assert_eq!(
            one("u0 : i16[2] = -2, 0xffff"),
            vec![0xfe, 0xff, 0xff, 0xff]
        );
        assert_eq!(
            one("u0 : f32[1] = 0x3f800000"),
            1.0f32.to_le_bytes().to_vec()
        );
        assert_eq!(
            one("u0 : f32[1] = -1.5e0"),
            (-1.5f32).to_le_bytes().to_vec()
        );
        assert_eq!(one("u0 : f16[2] = 1, -2.5"), vec![0x00, 0x3c, 0x00, 0xc1]);
        assert_eq!(one("u0 : f64[1] = .25"), 0.25f64.to_le_bytes().to_vec());
        assert_eq!(
            one("u0 : rgba8unorm[1] = 0, 1, 0.5, 0xff"),
            vec![0, 255, 128, 255]
        );
        assert_eq!(
            one("u0 : i64[1] = -9223372036854775808"),
            i64::MIN.to_le_bytes().to_vec()
        );
        assert_eq!(
            one("u0 : u64[1] = 18446744073709551615"),
            u64::MAX.to_le_bytes().to_vec()
        );
    }

    #[test]
    fn decimal_forms() {
        for (text, want) in [
            ("2.5", 2.5),
            ("-2.5", -2.5),
            ("2.", 2.0),
            (".5", 0.5),
            ("+1e3", 1000.0),
            ("1.25E-2", 0.0125),
            ("-0.5e+1", -5.0),
        ] {
            match all_consuming(number).parse(text) {
                Ok((_, n)) => assert_eq!(n.as_f64(), want, "{text}"),
                Err(e) => panic!("{text}: {e:?}"),
            }
        }
        for bad in [
            "1.2.3", "e5", "0x", "1e", "--1", "0b2", "1_000", "inf", "nan",
        ] {
            assert!(all_consuming(number).parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn f32_literals_round_once() {
        // The nearest f32 to this decimal differs from rounding via f64.
        let text = "1.00000005960464477550";
        let direct: f32 = text.parse().unwrap_or(0.0);
        assert_eq!(
            one(&format!("u0 : f32[1] = {text}")),
            direct.to_le_bytes().to_vec()
        );
    }
}
