//! Checked access to the metadata graph: every read names what it was
//! looking for, so that a malformed module yields an error that says which
//! field is wrong. Nothing here recurses; callers walk the fixed shapes of
//! DXIL metadata, and a visit budget bounds the total work even when a
//! hostile module shares one large node from many places.

use super::recycle::DecodeScratch;
use crate::error::{Error, Phase, Result};
use crate::ir::{Constant, FuncId, MdId, Metadata, Module, Type, ValueId, ValueKind};
use std::cell::{Cell, RefCell, RefMut};
use std::fmt::{self, Display};

/// Reads typed fields out of a module's metadata.
pub(crate) struct MdReader<'m> {
    /// The module.
    pub module: &'m Module,
    /// Entry lookups left before the graph is declared too large.
    budget: Cell<u64>,
    /// Buffers for the decoded strings and lists.
    scratch: RefCell<DecodeScratch>,
}

/// The operands (as [`MdId`] values) of the named metadata lists that
/// DXIL decoding reads; `None` where a list is absent.
#[derive(Clone, Copy, Default)]
pub(crate) struct DxNamed<'m> {
    /// `!dx.shaderModel`.
    pub shader_model: Option<&'m [u32]>,
    /// `!dx.version`.
    pub version: Option<&'m [u32]>,
    /// `!dx.valver`.
    pub valver: Option<&'m [u32]>,
    /// `!dx.resources`.
    pub resources: Option<&'m [u32]>,
    /// `!dx.entryPoints`.
    pub entry_points: Option<&'m [u32]>,
}

/// A metadata tuple's operands: `0` is null, anything else an [`MdId`] plus one.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Node<'m> {
    ops: &'m [u32],
}

impl<'m> Node<'m> {
    /// Number of operands.
    pub fn len(self) -> usize {
        self.ops.len()
    }

    /// Operand `i`; `None` when it is null or past the end.
    pub fn get(self, i: usize) -> Option<MdId> {
        // Stored plus one; 0 is null.
        self.ops.get(i).and_then(|raw| raw.checked_sub(1)).map(MdId)
    }

    /// All operands (`None` for null ones).
    pub fn iter(self) -> impl ExactSizeIterator<Item = Option<MdId>> + 'm {
        self.ops.iter().map(|&raw| raw.checked_sub(1).map(MdId))
    }
}

/// Error context formatted only when an error is built: decoding a valid
/// module formats nothing.
pub(crate) struct Lazy<F>(F);

/// A [`Lazy`] path from a closure that writes it.
pub(crate) fn lazy<F: Fn(&mut fmt::Formatter<'_>) -> fmt::Result>(write: F) -> Lazy<F> {
    Lazy(write)
}

impl<F: Fn(&mut fmt::Formatter<'_>) -> fmt::Result> Display for Lazy<F> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        (self.0)(f)
    }
}

/// An error of the DXIL phase about `what` (cold: kept out of the readers'
/// fast paths).
#[cold]
#[inline(never)]
pub(crate) fn invalid(what: impl Display, message: impl Display) -> Error {
    Error::invalid(Phase::Dxil, format!("{what}: {message}"))
}

impl<'m> MdReader<'m> {
    /// A reader with a visit budget proportional to the metadata size,
    /// decoding into the buffers of `scratch`.
    pub fn new(module: &'m Module, scratch: DecodeScratch) -> Self {
        let nodes = module.metadata.nodes.len() as u64;
        MdReader {
            module,
            budget: Cell::new(nodes.saturating_mul(16).saturating_add(1 << 16)),
            scratch: RefCell::new(scratch),
        }
    }

    /// The buffers left, for the next decoding.
    pub fn into_scratch(self) -> DecodeScratch {
        self.scratch.into_inner()
    }

    /// The buffers to decode into (borrow for one statement: nothing that
    /// reads metadata takes them).
    pub fn scratch(&self) -> RefMut<'_, DecodeScratch> {
        self.scratch.borrow_mut()
    }

    /// An owned metadata string (`None` = null: empty).
    pub fn owned_string(&self, id: Option<MdId>, what: &dyn Display) -> Result<String> {
        match id {
            None => Ok(String::new()),
            some => {
                let s = self.string(some, what)?;
                Ok(self.scratch().string(s))
            }
        }
    }

    /// The named metadata lists DXIL decoding reads, found in one pass
    /// over the module's named metadata (the first list of each name).
    pub fn dx_named(&self) -> DxNamed<'m> {
        let module = self.module;
        let mut found = DxNamed::default();
        for n in &module.metadata.named {
            let slot = match module.str(n.name) {
                "dx.shaderModel" => &mut found.shader_model,
                "dx.version" => &mut found.version,
                "dx.valver" => &mut found.valver,
                "dx.resources" => &mut found.resources,
                "dx.entryPoints" => &mut found.entry_points,
                _ => continue,
            };
            if slot.is_none() {
                *slot = Some(module.list(n.operands));
            }
        }
        found
    }

    /// The single operand of named metadata list `!name` (`!dx.shaderModel
    /// = !{!3}`): `None` when the list is absent, an error when it has more
    /// or fewer than one operand.
    pub fn single(&self, name: &str, list: Option<&[u32]>) -> Result<Option<MdId>> {
        match list {
            None => Ok(None),
            Some(&[id]) => Ok(Some(MdId(id))),
            Some(ops) => Err(invalid(
                format_args!("!{name}"),
                format_args!("has {} operands, expected 1", ops.len()),
            )),
        }
    }

    /// One metadata entry, charged against the budget.
    #[inline]
    pub fn entry(&self, id: MdId, what: &dyn Display) -> Result<&'m Metadata> {
        let Some(left) = self.budget.get().checked_sub(1) else {
            return Err(invalid(
                what,
                "metadata graph too large (visit budget exhausted)",
            ));
        };
        self.budget.set(left);
        self.module
            .metadata
            .get(id)
            .ok_or_else(|| invalid(what, format_args!("metadata !{} does not exist", id.0)))
    }

    /// A required tuple.
    #[inline]
    pub fn node(&self, id: Option<MdId>, what: &dyn Display) -> Result<Node<'m>> {
        let id = id.ok_or_else(|| invalid(what, "is null, expected a metadata tuple"))?;
        match self.entry(id, what)? {
            Metadata::Node { operands, .. } => Ok(Node {
                ops: self.module.list(*operands),
            }),
            other => Err(invalid(
                what,
                format_args!("expected a metadata tuple, found {}", describe(other)),
            )),
        }
    }

    /// A tuple that may be null.
    pub fn opt_node(&self, id: Option<MdId>, what: &dyn Display) -> Result<Option<Node<'m>>> {
        match id {
            None => Ok(None),
            some => self.node(some, what).map(Some),
        }
    }

    /// A tuple with at least `min` operands.
    #[inline]
    pub fn record(&self, id: Option<MdId>, min: usize, what: &dyn Display) -> Result<Node<'m>> {
        let node = self.node(id, what)?;
        if node.len() < min {
            return Err(invalid(
                what,
                format_args!("has {} operands, expected at least {min}", node.len()),
            ));
        }
        Ok(node)
    }

    /// A value wrapped as metadata (`i32 4`, `void ()* @main`).
    #[inline]
    pub fn value(&self, id: Option<MdId>, what: &dyn Display) -> Result<ValueId> {
        let id = id.ok_or_else(|| invalid(what, "is null, expected a value"))?;
        match self.entry(id, what)? {
            Metadata::Value { value, .. } => Ok(*value),
            other => Err(invalid(
                what,
                format_args!("expected a value, found {}", describe(other)),
            )),
        }
    }

    /// A value that may be null.
    #[inline]
    pub fn opt_value(&self, id: Option<MdId>, what: &dyn Display) -> Result<Option<ValueId>> {
        match id {
            None => Ok(None),
            some => self.value(some, what).map(Some),
        }
    }

    /// An integer constant, zero-extended from its width.
    #[inline]
    pub fn uint(&self, id: Option<MdId>, what: &dyn Display) -> Result<u64> {
        let value = self.value(id, what)?;
        self.module
            .const_uint(value)
            .ok_or_else(|| invalid(what, "expected an integer constant"))
    }

    /// An integer constant, sign-extended from its width.
    #[inline]
    pub fn int(&self, id: Option<MdId>, what: &dyn Display) -> Result<i64> {
        let value = self.value(id, what)?;
        self.module
            .const_int(value)
            .ok_or_else(|| invalid(what, "expected an integer constant"))
    }

    /// An unsigned integer constant that fits in 32 bits (an `i32 -1` reads
    /// as `u32::MAX`).
    #[inline]
    pub fn u32(&self, id: Option<MdId>, what: &dyn Display) -> Result<u32> {
        let v = self.uint(id, what)?;
        u32::try_from(v).map_err(|_| invalid(what, format_args!("{v} does not fit in 32 bits")))
    }

    /// A signed integer constant that fits in 32 bits.
    #[inline]
    pub fn i32(&self, id: Option<MdId>, what: &dyn Display) -> Result<i32> {
        let v = self.int(id, what)?;
        i32::try_from(v).map_err(|_| invalid(what, format_args!("{v} does not fit in 32 bits")))
    }

    /// A boolean: any integer constant, non-zero meaning true.
    #[inline]
    pub fn bool(&self, id: Option<MdId>, what: &dyn Display) -> Result<bool> {
        Ok(self.uint(id, what)? != 0)
    }

    /// A floating-point constant of any width, widened to `f64`.
    pub fn float(&self, id: Option<MdId>, what: &dyn Display) -> Result<f64> {
        let value = self.value(id, what)?;
        let v = self
            .module
            .value(value)
            .ok_or_else(|| invalid(what, "refers to a missing value"))?;
        let bits = match v.kind {
            ValueKind::Constant(Constant::Float(bits)) => bits,
            ValueKind::Constant(Constant::Null) => 0,
            _ => return Err(invalid(what, "expected a floating-point constant")),
        };
        Ok(match self.module.types.ty(v.ty) {
            Type::Half => half_to_f64(bits as u16),
            Type::Float => f64::from(f32::from_bits(bits as u32)),
            Type::Double => f64::from_bits(bits),
            _ => return Err(invalid(what, "expected a floating-point constant")),
        })
    }

    /// A metadata string.
    #[inline]
    pub fn string(&self, id: Option<MdId>, what: &dyn Display) -> Result<&'m str> {
        let id = id.ok_or_else(|| invalid(what, "is null, expected a string"))?;
        match self.entry(id, what)? {
            Metadata::String(s) => Ok(self.module.str(*s)),
            other => Err(invalid(
                what,
                format_args!("expected a string, found {}", describe(other)),
            )),
        }
    }

    /// A function symbol (`void ()* @main`); `None` when null.
    pub fn function(&self, id: Option<MdId>, what: &dyn Display) -> Result<Option<FuncId>> {
        let Some(value) = self.opt_value(id, what)? else {
            return Ok(None);
        };
        self.module
            .callee_function(value)
            .map(Some)
            .ok_or_else(|| invalid(what, "expected a function symbol"))
    }

    /// A 32-bit value given either directly or as a one-element tuple
    /// (DXC writes `i32 5, !{i32 0}` for some properties).
    pub fn scalar_u32(&self, id: Option<MdId>, what: &dyn Display) -> Result<u32> {
        let md_id = id.ok_or_else(|| invalid(what, "is null, expected an integer"))?;
        match self.entry(md_id, what)? {
            Metadata::Node { operands, .. } => {
                let node = Node {
                    ops: self.module.list(*operands),
                };
                if node.len() != 1 {
                    return Err(invalid(
                        what,
                        format_args!("has {} operands, expected 1", node.len()),
                    ));
                }
                self.u32(node.get(0), what)
            }
            _ => self.u32(id, what),
        }
    }

    /// An enumerator stored as an integer; values the enum does not define,
    /// and its `Invalid`/`LastEntry`/`NumEntries` sentinels, are errors
    /// naming `field`.
    pub fn enumerated<T: DxilEnum>(
        &self,
        id: Option<MdId>,
        path: &dyn Display,
        field: &str,
    ) -> Result<T> {
        let v = self.u32(id, &format_args!("{path}: {field}"))?;
        match T::decode_u32(v) {
            Some(t) if !matches!(t.enum_name(), "Invalid" | "LastEntry" | "NumEntries") => Ok(t),
            _ => Err(invalid(path, format_args!("unknown {field} {v}"))),
        }
    }

    /// A list of 32-bit integers (a tuple of integer constants).
    pub fn u32_list(&self, id: Option<MdId>, what: &dyn Display) -> Result<Vec<u32>> {
        let node = self.node(id, what)?;
        let mut list = self.scratch().indices();
        list.reserve(node.len());
        for op in node.iter() {
            list.push(self.u32(op, what)?);
        }
        Ok(list)
    }

    /// Three 32-bit integers (`numthreads`-shaped).
    pub fn u32x3(&self, id: Option<MdId>, what: &dyn Display) -> Result<[u32; 3]> {
        let node = self.node(id, what)?;
        if node.len() != 3 {
            return Err(invalid(
                what,
                format_args!("has {} operands, expected 3", node.len()),
            ));
        }
        Ok([
            self.u32(node.get(0), what)?,
            self.u32(node.get(1), what)?,
            self.u32(node.get(2), what)?,
        ])
    }

    /// Tag/value pairs of a tag list (null = empty).
    pub fn tag_list(&self, id: Option<MdId>, what: &dyn Display) -> Result<Vec<RawTag>> {
        let pairs = self.tag_pairs(id, what)?;
        let mut tags = self.scratch().tags();
        tags.reserve(pairs.len());
        for t in pairs {
            tags.push(t?);
        }
        Ok(tags)
    }

    /// The tag/value pairs of a tag list (null = none) as an iterator, for
    /// callers that decode them without keeping the list; each tag is read
    /// when its pair is reached.
    pub fn tag_pairs<'s>(
        &'s self,
        id: Option<MdId>,
        what: &'s dyn Display,
    ) -> Result<impl ExactSizeIterator<Item = Result<RawTag>> + 's> {
        let ops = match self.opt_node(id, what)? {
            Some(node) => node.ops,
            None => &[],
        };
        if ops.len() % 2 != 0 {
            return Err(invalid(
                what,
                format_args!("tag list has an odd number of operands ({})", ops.len()),
            ));
        }
        // (tag, value) pairs: even operands with the odd ones after them.
        Ok(ops.chunks_exact(2).map(move |pair| {
            let node = Node { ops: pair };
            let tag = self.u32(node.get(0), what)?;
            Ok(RawTag {
                tag,
                value: node.get(1),
            })
        }))
    }
}

/// A DXIL enum that metadata stores as an integer.
pub(crate) trait DxilEnum: Copy + Sized {
    /// The enumerator with this value.
    fn decode_u32(value: u32) -> Option<Self>;
    /// DXC's name of the enumerator.
    fn enum_name(self) -> &'static str;
}

macro_rules! dxil_enums {
    ($($t:ident),*) => {$(
        impl DxilEnum for super::$t {
            fn decode_u32(value: u32) -> Option<Self> {
                Self::from_u32(value)
            }
            fn enum_name(self) -> &'static str {
                self.name()
            }
        }
    )*};
}

dxil_enums!(
    ComponentType,
    InterpolationMode,
    SemanticKind,
    ShaderKind,
    SamplerKind,
    ResourceKind,
    InputPrimitive,
    PrimitiveTopology,
    TessellatorDomain,
    TessellatorPartitioning,
    TessellatorOutputPrimitive,
    MeshOutputTopology
);

/// One tag/value pair of an extended-property list, as found: the tag
/// number and the metadata of its value (`None` when null).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RawTag {
    /// The tag number.
    pub tag: u32,
    /// The value's metadata.
    pub value: Option<MdId>,
}

/// A short description of a metadata entry, for error messages.
fn describe(md: &Metadata) -> &'static str {
    match md {
        Metadata::String(_) => "a string",
        Metadata::Value { .. } => "a value",
        Metadata::Node { .. } => "a tuple",
        Metadata::DebugInfo(_) => "a debug-info record",
    }
}

/// IEEE binary16 to `f64`.
fn half_to_f64(h: u16) -> f64 {
    let sign = if h & 0x8000 != 0 { -1.0 } else { 1.0 };
    let exp = i32::from((h >> 10) & 0x1f);
    let frac = f64::from(h & 0x3ff);
    sign * match exp {
        0 => frac * 2f64.powi(-24),
        31 if frac == 0.0 => f64::INFINITY,
        31 => f64::NAN,
        // `e` is in 1..=30 here.
        e => (1.0 + frac / 1024.0) * 2f64.powi(e.saturating_sub(15)),
    }
}
