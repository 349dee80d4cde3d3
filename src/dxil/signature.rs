//! Entry point signatures: the elements an entry point reads and writes
//! (`docs/DXIL.rst`, "Shader Parameters and Signatures").

use super::md::{invalid, lazy, MdReader, RawTag};
use super::{ComponentType, InterpolationMode, SemanticKind, SignatureKind};
use crate::error::Result;
use crate::ir::MdId;
use std::fmt::Display;

/// Extended-property tags of a signature element.
pub mod tag {
    /// Geometry shader output stream (i32).
    pub const OUTPUT_STREAM: u32 = 0;
    /// High-level global symbol (not in final DXIL).
    pub const GLOBAL_SYMBOL: u32 = 1;
    /// Mask of components that are dynamically indexed (i32).
    pub const DYN_INDEX_MASK: u32 = 2;
    /// Mask of components that are used (i32).
    pub const USAGE_MASK: u32 = 3;
}

/// One element of a signature:
/// `!{i32 id, !"name", i8 compType, i8 semanticKind, !{indices}, i8 interp,
/// i32 rows, i8 cols, i32 startRow, i8 startCol, !{tags}}`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SignatureElement {
    /// The element ID (the `sigId` operand of `loadInput`/`storeOutput`).
    pub id: u32,
    /// Semantic name as written (`SV_Position`, `TEXCOORD`).
    pub name: String,
    /// Component type.
    pub component_type: ComponentType,
    /// System-value kind (`Arbitrary` for user semantics).
    pub semantic_kind: SemanticKind,
    /// Semantic indices as listed: one per row, or fewer (see
    /// [`SignatureElement::semantic_index`]), never more.
    pub semantic_indices: Vec<u32>,
    /// Interpolation mode.
    pub interpolation: InterpolationMode,
    /// Number of rows.
    pub rows: u32,
    /// Number of columns (components per row).
    pub cols: u32,
    /// First packed row, or -1 when the element is not allocated (system
    /// values read through dedicated operations).
    pub start_row: i32,
    /// First packed column, or -1 when not allocated.
    pub start_col: i32,
    /// Geometry shader output stream (tag 0), if given.
    pub output_stream: Option<u32>,
    /// Dynamically indexed component mask (tag 2), if given.
    pub dyn_index_mask: Option<u32>,
    /// Used component mask (tag 3), if given.
    pub usage_mask: Option<u32>,
    /// Every tag/value pair as found, the decoded ones included.
    pub tags: Vec<RawTag>,
}

impl SignatureElement {
    /// Whether the element occupies packed registers.
    pub fn is_allocated(&self) -> bool {
        self.start_row >= 0 && self.start_col >= 0
    }

    /// The number of metadata operands of an element record.
    const FIELDS: usize = 10;

    fn decode(md: &MdReader<'_>, id: Option<MdId>, path: &dyn Display) -> Result<Self> {
        let node = md.record(id, Self::FIELDS, path)?;
        let f = |i: usize| node.get(i);
        let name = md.string(f(1), &format_args!("{path}: semantic name"))?;
        let path = &lazy(|f| write!(f, "{path} ({name})"));
        let component_type = md.enumerated(f(2), path, "component type")?;
        let semantic_kind = md.enumerated(f(3), path, "semantic kind")?;
        let semantic_indices = md.u32_list(f(4), &format_args!("{path}: semantic indices"))?;
        let interpolation = md.enumerated(f(5), path, "interpolation mode")?;
        let tags = md.tag_list(f(10), &format_args!("{path}: tags"))?;
        let mut element = SignatureElement {
            id: md.u32(f(0), &format_args!("{path}: element ID"))?,
            name: md.scratch().string(name),
            component_type,
            semantic_kind,
            semantic_indices,
            interpolation,
            rows: md.u32(f(6), &format_args!("{path}: rows"))?,
            cols: md.u32(f(7), &format_args!("{path}: columns"))?,
            start_row: md.i32(f(8), &format_args!("{path}: start row"))?,
            start_col: md.i32(f(9), &format_args!("{path}: start column"))?,
            output_stream: None,
            dyn_index_mask: None,
            usage_mask: None,
            tags: Vec::new(),
        };
        for t in &tags {
            let slot = match t.tag {
                tag::OUTPUT_STREAM => &mut element.output_stream,
                tag::DYN_INDEX_MASK => &mut element.dyn_index_mask,
                tag::USAGE_MASK => &mut element.usage_mask,
                _ => continue,
            };
            *slot = Some(md.u32(t.value, &format_args!("{path}: tag {}", t.tag))?);
        }
        element.tags = tags;
        if element.semantic_indices.len() > element.rows as usize {
            return Err(invalid(
                path,
                format_args!(
                    "{} semantic indices for {} rows",
                    element.semantic_indices.len(),
                    element.rows
                ),
            ));
        }
        Ok(element)
    }

    /// The semantic index of row `row`. DXIL.rst lists one per row,
    /// consecutive in flattening order, but for an array of structs with
    /// semantics on the members (`struct { float4 a : ATTR; } s[2]`) DXC
    /// lists only the first while `rows` counts every row (its validator
    /// then finds the PSV part malformed, and its disassembly shows the
    /// listed rows only): the rows beyond the list continue it, from its
    /// last index (from 0 when empty).
    pub fn semantic_index(&self, row: u32) -> u32 {
        let row = row as usize;
        match (self.semantic_indices.get(row), self.semantic_indices.last()) {
            (Some(&index), _) => index,
            (None, Some(&last)) => {
                let beyond = row
                    .saturating_sub(self.semantic_indices.len())
                    .saturating_add(1);
                last.saturating_add(u32::try_from(beyond).unwrap_or(u32::MAX))
            }
            (None, None) => u32::try_from(row).unwrap_or(u32::MAX),
        }
    }
}

/// A lower-case title for a signature kind (`"input"`, `"patch constant"`).
fn kind_title(kind: SignatureKind) -> &'static str {
    match kind {
        SignatureKind::Input => "input",
        SignatureKind::Output => "output",
        SignatureKind::PatchConstOrPrim => "patch constant",
        SignatureKind::Invalid => "invalid",
    }
}

/// The three signatures of an entry point (each empty when absent).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Signatures {
    /// Input elements.
    pub inputs: Vec<SignatureElement>,
    /// Output elements.
    pub outputs: Vec<SignatureElement>,
    /// Patch constant elements (mesh shaders: per-primitive outputs).
    pub patch_constants: Vec<SignatureElement>,
}

impl Signatures {
    /// One of the three lists (`PatchConstOrPrim`: patch constants or
    /// mesh primitive outputs; `Invalid`: empty).
    pub fn get(&self, kind: SignatureKind) -> &[SignatureElement] {
        match kind {
            SignatureKind::Input => &self.inputs,
            SignatureKind::Output => &self.outputs,
            SignatureKind::PatchConstOrPrim => &self.patch_constants,
            SignatureKind::Invalid => &[],
        }
    }

    /// The element with this ID in one of the lists.
    pub fn element(&self, kind: SignatureKind, id: u32) -> Option<&SignatureElement> {
        self.get(kind).iter().find(|e| e.id == id)
    }

    /// Whether all three lists are empty.
    pub fn is_empty(&self) -> bool {
        self.inputs.is_empty() && self.outputs.is_empty() && self.patch_constants.is_empty()
    }

    /// Decodes `!{inputs, outputs, patchConstants}` (null = no signatures).
    pub(crate) fn decode(md: &MdReader<'_>, id: Option<MdId>, path: &dyn Display) -> Result<Self> {
        let mut sigs = Signatures::default();
        let Some(node) = md.opt_node(id, path)? else {
            return Ok(sigs);
        };
        if node.len() != 3 {
            return Err(invalid(
                path,
                format_args!("signature list has {} operands, expected 3", node.len()),
            ));
        }
        for (i, kind) in [
            SignatureKind::Input,
            SignatureKind::Output,
            SignatureKind::PatchConstOrPrim,
        ]
        .into_iter()
        .enumerate()
        {
            let list_path = lazy(|f| write!(f, "{path} {} signature", kind_title(kind)));
            let Some(list) = md.opt_node(node.get(i), &list_path)? else {
                continue;
            };
            let mut elements = md.scratch().elements();
            elements.reserve(list.len());
            for (j, e) in list.iter().enumerate() {
                let element_path = format_args!("{list_path} element {j}");
                elements.push(SignatureElement::decode(md, e, &element_path)?);
            }
            match kind {
                SignatureKind::Input => sigs.inputs = elements,
                SignatureKind::Output => sigs.outputs = elements,
                _ => sigs.patch_constants = elements,
            }
        }
        Ok(sigs)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn element(indices: &[u32], rows: u32) -> SignatureElement {
        SignatureElement {
            id: 0,
            name: "ATTR".into(),
            component_type: ComponentType::F32,
            semantic_kind: SemanticKind::Arbitrary,
            semantic_indices: indices.to_vec(),
            interpolation: InterpolationMode::Linear,
            rows,
            cols: 4,
            start_row: 1,
            start_col: 0,
            output_stream: None,
            dyn_index_mask: None,
            usage_mask: None,
            tags: Vec::new(),
        }
    }

    #[test]
    fn rows_beyond_the_listed_indices_continue_them() {
        let rows =
            |e: &SignatureElement| (0..e.rows).map(|r| e.semantic_index(r)).collect::<Vec<_>>();
        // DXC's `struct { float4 a : ATTR; } s[2]`: one index, two rows.
        assert_eq!(rows(&element(&[0], 2)), [0, 1]);
        assert_eq!(rows(&element(&[3], 3)), [3, 4, 5]);
        // Listed indices are kept, consecutive or not.
        assert_eq!(rows(&element(&[0, 2], 2)), [0, 2]);
        assert_eq!(rows(&element(&[1, 3], 3)), [1, 3, 4]);
        assert_eq!(rows(&element(&[], 2)), [0, 1]);
    }
}
