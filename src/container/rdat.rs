//! The subobjects of a DXIL library's `RDAT` part: its root signatures,
//! hit groups and export associations, and which global and local root
//! signature each export gets.
//!
//! `RDAT` ([`RuntimeData`], checked down to its part table) holds tables:
//! a string buffer (NUL-terminated names, referenced by byte offset), index
//! arrays (`u32`s; a reference points at a count followed by that many
//! values), raw bytes (referenced by `{offset, size}`) and record tables
//! (`{record count, record stride}` then the records). A subobject record
//! is `{kind, name, payload}`; the payloads read here are a root
//! signature's bytes (`RTS0`), an association's subobject name and export
//! list, and a hit group's type and shader names (DXC's
//! `RDAT_SubobjectTypes.inl`; the kinds are D3D12's
//! `D3D12_STATE_SUBOBJECT_TYPE`).
//!
//! [`Subobjects::root_signatures_of`] applies D3D12's association rules
//! (the DXR functional spec, "Subobject association behavior"): an
//! association naming the export, or a hit group that holds it, wins;
//! then an association with an empty export list (a default for the
//! library); then the one subobject of its kind that no association
//! names. Two candidates at the same level are an error.
//!
//! Every reference is bounds-checked: hostile data gives an
//! [`ErrorKind::InvalidInput`](crate::ErrorKind::InvalidInput) error with
//! the absolute byte offset of the field, and nothing is allocated beyond
//! what the part's size bounds.

use super::features::{RuntimeData, RuntimeDataPart};
use crate::error::{Error, Phase, Result};

/// `RuntimeDataPartType` of the tables read here.
mod part {
    pub const STRINGS: u32 = 1;
    pub const INDEX_ARRAYS: u32 = 2;
    pub const RAW_BYTES: u32 = 5;
    pub const SUBOBJECTS: u32 = 6;
}

/// `D3D12_STATE_SUBOBJECT_TYPE` values of the subobjects read here.
mod kind {
    pub const GLOBAL_ROOT_SIGNATURE: u32 = 1;
    pub const LOCAL_ROOT_SIGNATURE: u32 = 2;
    pub const ASSOCIATION: u32 = 8;
    pub const HIT_GROUP: u32 = 11;
}

/// What a subobject is (the kinds this reader decodes; others keep their
/// kind number).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SubobjectKind<'a> {
    /// `GlobalRootSignature`: serialized root signature (`RTS0` bytes).
    GlobalRootSignature(&'a [u8]),
    /// `LocalRootSignature`: serialized root signature (`RTS0` bytes).
    LocalRootSignature(&'a [u8]),
    /// `SubobjectToExportsAssociation`: the subobject named applies to
    /// these exports (and hit groups); none listed is a default.
    Association {
        /// The subobject's name.
        subobject: &'a str,
        /// The exports or hit groups.
        exports: Vec<&'a str>,
    },
    /// `TriangleHitGroup` / `ProceduralPrimitiveHitGroup`.
    HitGroup {
        /// 0 triangles, 1 procedural primitives.
        ty: u32,
        /// Any-hit shader export ("" for none).
        any_hit: &'a str,
        /// Closest-hit shader export ("" for none).
        closest_hit: &'a str,
        /// Intersection shader export ("" for none).
        intersection: &'a str,
    },
    /// Any other kind (state-object and pipeline configs), by number.
    Other(u32),
}

/// One subobject of the library.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Subobject<'a> {
    /// Its name.
    pub name: &'a str,
    /// What it is.
    pub kind: SubobjectKind<'a>,
}

/// The subobjects of a library (empty without `RDAT` or its table).
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Subobjects<'a> {
    /// In table order.
    pub list: Vec<Subobject<'a>>,
}

/// The root signatures associated with one export: the name of each
/// subobject and its `RTS0` bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct ExportRootSignatures<'a> {
    /// The global root signature.
    pub global: Option<(&'a str, &'a [u8])>,
    /// The local root signature (DXR shader records).
    pub local: Option<(&'a str, &'a [u8])>,
}

/// A table of the part with the absolute offset of its first byte.
#[derive(Clone, Copy)]
struct Table<'a> {
    name: &'static str,
    data: &'a [u8],
    offset: usize,
}

impl<'a> Table<'a> {
    fn of(rdat: &RuntimeData<'a>, kind: u32, name: &'static str) -> Option<Table<'a>> {
        rdat.parts
            .iter()
            .find(|p: &&RuntimeDataPart<'a>| p.kind == kind)
            .map(|p| Table {
                name,
                data: p.data,
                offset: p.offset,
            })
    }

    fn error(&self, at: usize, msg: impl std::fmt::Display) -> Error {
        Error::invalid_at_byte(
            Phase::Container,
            self.offset.saturating_add(at) as u64,
            format!("RDAT {}: {msg}", self.name),
        )
    }

    fn u32_at(&self, at: usize) -> Result<u32> {
        let bytes = at
            .checked_add(4)
            .and_then(|end| self.data.get(at..end))
            .ok_or_else(|| self.error(at, "truncated u32"))?;
        let mut w = [0u8; 4];
        w.copy_from_slice(bytes);
        Ok(u32::from_le_bytes(w))
    }
}

/// The referenced tables, with the error location of the referencing
/// field.
struct Refs<'a> {
    strings: Option<Table<'a>>,
    indices: Option<Table<'a>>,
    raw: Option<Table<'a>>,
}

impl<'a> Refs<'a> {
    fn need(
        table: Option<Table<'a>>,
        from: &Table<'a>,
        field: usize,
        what: &str,
    ) -> Result<Table<'a>> {
        table.ok_or_else(|| from.error(field, format!("references the missing {what} table")))
    }

    /// The NUL-terminated string at byte `off` of the string buffer.
    fn string(&self, from: &Table<'a>, field: usize) -> Result<&'a str> {
        let off = from.u32_at(field)? as usize;
        let t = Self::need(self.strings, from, field, "string")?;
        let tail = t.data.get(off..).filter(|t| !t.is_empty()).ok_or_else(|| {
            from.error(field, format!("string offset {off} is outside the table"))
        })?;
        let len = tail
            .iter()
            .position(|&b| b == 0)
            .ok_or_else(|| t.error(off, "string without its NUL"))?;
        let bytes = tail.get(..len).unwrap_or_default();
        std::str::from_utf8(bytes)
            .map_err(|e| t.error(off.saturating_add(e.valid_up_to()), "string is not UTF-8"))
    }

    /// The `{offset, size}` byte range at `field`, in the raw-bytes table.
    fn bytes(&self, from: &Table<'a>, field: usize) -> Result<&'a [u8]> {
        let off = from.u32_at(field)? as usize;
        let size = from.u32_at(field.saturating_add(4))? as usize;
        let t = Self::need(self.raw, from, field, "raw-bytes")?;
        off.checked_add(size)
            .and_then(|end| t.data.get(off..end))
            .ok_or_else(|| {
                from.error(
                    field,
                    format!(
                        "bytes {off}..{} lie outside the {}-byte raw-bytes table",
                        off.saturating_add(size),
                        t.data.len()
                    ),
                )
            })
    }

    /// The strings of the index array referenced at `field` (`u32::MAX`:
    /// none).
    fn string_array(&self, from: &Table<'a>, field: usize) -> Result<Vec<&'a str>> {
        let index = from.u32_at(field)?;
        if index == u32::MAX {
            return Ok(Vec::new());
        }
        let t = Self::need(self.indices, from, field, "index-array")?;
        let at = (index as usize).saturating_mul(4);
        let count = t
            .u32_at(at)
            .map_err(|_| from.error(field, format!("index array {index} is outside the table")))?
            as usize;
        let first = at.saturating_add(4);
        let words_left = t.data.len().saturating_sub(first) / 4;
        if count > words_left {
            return Err(t.error(
                at,
                format!("index array of {count} entries overruns the table ({words_left} left)"),
            ));
        }
        let strings = Self::need(self.strings, &t, at, "string")?;
        (0..count)
            .map(|i| {
                let f = first.saturating_add(i.saturating_mul(4));
                let off = t.u32_at(f)?;
                let tail = strings
                    .data
                    .get(off as usize..)
                    .filter(|s| !s.is_empty())
                    .ok_or_else(|| {
                        t.error(f, format!("string offset {off} is outside the table"))
                    })?;
                let len = tail
                    .iter()
                    .position(|&b| b == 0)
                    .ok_or_else(|| strings.error(off as usize, "string without its NUL"))?;
                std::str::from_utf8(tail.get(..len).unwrap_or_default())
                    .map_err(|_| strings.error(off as usize, "string is not UTF-8"))
            })
            .collect()
    }
}

/// The fields of a subobject record: kind, name, then the payload.
const RECORD_HEAD: usize = 8;
/// The largest payload read (a hit group: four `u32`s).
const RECORD_MIN: usize = RECORD_HEAD + 16;

impl<'a> Subobjects<'a> {
    /// The subobjects of `RDAT` data (none without a subobject table).
    pub fn parse(rdat: &RuntimeData<'a>) -> Result<Subobjects<'a>> {
        let Some(table) = Table::of(rdat, part::SUBOBJECTS, "subobject table") else {
            return Ok(Subobjects::default());
        };
        let refs = Refs {
            strings: Table::of(rdat, part::STRINGS, "string buffer"),
            indices: Table::of(rdat, part::INDEX_ARRAYS, "index arrays"),
            raw: Table::of(rdat, part::RAW_BYTES, "raw bytes"),
        };
        let count = table.u32_at(0)? as usize;
        let stride = table.u32_at(4)? as usize;
        if stride < RECORD_MIN {
            return Err(table.error(
                4,
                format!("record stride {stride} is below a subobject record's {RECORD_MIN} bytes"),
            ));
        }
        let room = table
            .data
            .len()
            .saturating_sub(8)
            .checked_div(stride)
            .unwrap_or(0);
        if count > room {
            return Err(table.error(
                0,
                format!("{count} records of {stride} bytes overrun the table (room for {room})"),
            ));
        }
        let list = (0..count)
            .map(|i| {
                let at = i.saturating_mul(stride).saturating_add(8);
                let field = |k: usize| at.saturating_add(k);
                let kind = table.u32_at(at)?;
                let name = refs.string(&table, field(4))?;
                let payload = field(RECORD_HEAD);
                let kind = match kind {
                    kind::GLOBAL_ROOT_SIGNATURE => {
                        SubobjectKind::GlobalRootSignature(refs.bytes(&table, payload)?)
                    }
                    kind::LOCAL_ROOT_SIGNATURE => {
                        SubobjectKind::LocalRootSignature(refs.bytes(&table, payload)?)
                    }
                    kind::ASSOCIATION => SubobjectKind::Association {
                        subobject: refs.string(&table, payload)?,
                        exports: refs.string_array(&table, payload.saturating_add(4))?,
                    },
                    kind::HIT_GROUP => SubobjectKind::HitGroup {
                        ty: table.u32_at(payload)?,
                        any_hit: refs.string(&table, payload.saturating_add(4))?,
                        closest_hit: refs.string(&table, payload.saturating_add(8))?,
                        intersection: refs.string(&table, payload.saturating_add(12))?,
                    },
                    other => SubobjectKind::Other(other),
                };
                Ok(Subobject { name, kind })
            })
            .collect::<Result<_>>()?;
        Ok(Subobjects { list })
    }

    /// The subobjects of a container's `RDAT` part (none without one).
    pub fn of(container: &super::Container<'a>) -> Result<Subobjects<'a>> {
        match container.runtime_data()? {
            Some(rdat) => Subobjects::parse(&rdat),
            None => Ok(Subobjects::default()),
        }
    }

    /// The root-signature bytes of the subobject called `name`, if it is
    /// one of `local` (or global) kind.
    fn root_signature(&self, name: &str, local: bool) -> Option<&'a [u8]> {
        self.list.iter().find_map(|s| match s.kind {
            SubobjectKind::GlobalRootSignature(b) if !local && s.name == name => Some(b),
            SubobjectKind::LocalRootSignature(b) if local && s.name == name => Some(b),
            _ => None,
        })
    }

    /// The names an association can reach `export` by: its own, and the
    /// hit groups that hold it.
    fn names_of<'s>(&'s self, export: &'s str) -> Vec<&'s str> {
        let mut names = vec![export];
        for s in &self.list {
            if let SubobjectKind::HitGroup {
                any_hit,
                closest_hit,
                intersection,
                ..
            } = s.kind
            {
                if [any_hit, closest_hit, intersection].contains(&export) {
                    names.push(s.name);
                }
            }
        }
        names
    }

    /// The global and local root signatures of `export` (its unmangled
    /// name), by the association rules in the [module](self) docs.
    pub fn root_signatures_of(&self, export: &str) -> Result<ExportRootSignatures<'a>> {
        Ok(ExportRootSignatures {
            global: self.associated(export, false)?,
            local: self.associated(export, true)?,
        })
    }

    fn associated(&self, export: &str, local: bool) -> Result<Option<(&'a str, &'a [u8])>> {
        let names = self.names_of(export);
        let associations = || {
            self.list.iter().filter_map(|s| match &s.kind {
                SubobjectKind::Association { subobject, exports } => Some((*subobject, exports)),
                _ => None,
            })
        };
        let pick = |candidates: Vec<&'a str>, how: &str| -> Result<Option<(&'a str, &'a [u8])>> {
            let mut unique: Vec<&'a str> = Vec::new();
            for c in candidates {
                if !unique.contains(&c) {
                    unique.push(c);
                }
            }
            match unique.as_slice() {
                [] => Ok(None),
                [one] => Ok(self.root_signature(one, local).map(|b| (*one, b))),
                many => Err(Error::invalid(
                    Phase::Container,
                    format!(
                        "export '{export}': {} {} root signatures apply {how}: {}",
                        many.len(),
                        if local { "local" } else { "global" },
                        many.join(", ")
                    ),
                )),
            }
        };
        let ours = |name: &&'a str| self.root_signature(name, local).is_some();
        let explicit: Vec<&'a str> = associations()
            .filter(|(_, exports)| exports.iter().any(|e| names.contains(e)))
            .map(|(s, _)| s)
            .filter(ours)
            .collect();
        if !explicit.is_empty() {
            return pick(explicit, "by association");
        }
        let defaults: Vec<&'a str> = associations()
            .filter(|(_, exports)| exports.is_empty())
            .map(|(s, _)| s)
            .filter(ours)
            .collect();
        if !defaults.is_empty() {
            return pick(defaults, "by default association");
        }
        let unassociated: Vec<&'a str> = self
            .list
            .iter()
            .filter(|s| match s.kind {
                SubobjectKind::GlobalRootSignature(_) => !local,
                SubobjectKind::LocalRootSignature(_) => local,
                _ => false,
            })
            .map(|s| s.name)
            .filter(|n| associations().all(|(s, _)| s != *n))
            .collect();
        pick(unassociated, "as unassociated library defaults")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `RDAT` data: header, part offsets, parts `(kind, bytes)`.
    fn rdat(parts: &[(u32, Vec<u8>)]) -> Vec<u8> {
        let mut out = Vec::new();
        out.extend(0x10u32.to_le_bytes());
        out.extend((parts.len() as u32).to_le_bytes());
        let mut at = 8 + 4 * parts.len();
        for (_, b) in parts {
            out.extend((at as u32).to_le_bytes());
            at += 8 + b.len();
        }
        for (k, b) in parts {
            out.extend(k.to_le_bytes());
            out.extend((b.len() as u32).to_le_bytes());
            out.extend(b);
        }
        out
    }

    fn words(w: &[u32]) -> Vec<u8> {
        w.iter().flat_map(|x| x.to_le_bytes()).collect()
    }

    /// Strings "\0G\0L\0HG\0CH\0A\0" and the tables of: global G, local L,
    /// hit group HG (closest hit CH), association A (L -> HG).
    fn library(stride: u32, count: u32, exports_index: u32) -> Vec<u8> {
        let strings = b"\0G\0L\0HG\0CH\0A\0".to_vec();
        // Offsets: G 1, L 3, HG 5, CH 8, A 11, "" 0.
        let raw = vec![0xAAu8; 12];
        let indices = words(&[1, 5]);
        let pad = |mut r: Vec<u32>| {
            r.resize(stride as usize / 4, 0);
            r
        };
        let mut records = vec![count, stride];
        records.extend(pad(vec![1, 1, 0, 4]));
        records.extend(pad(vec![2, 3, 4, 8]));
        records.extend(pad(vec![11, 5, 0, 0, 8, 0]));
        records.extend(pad(vec![8, 11, 3, exports_index]));
        rdat(&[
            (part::STRINGS, strings),
            (part::RAW_BYTES, raw),
            (part::INDEX_ARRAYS, indices),
            (part::SUBOBJECTS, words(&records)),
        ])
    }

    fn parse(data: &[u8]) -> Result<Vec<Subobject<'_>>> {
        let r = RuntimeData::parse(data)?;
        Ok(Subobjects::parse(&r)?.list)
    }

    #[test]
    fn decodes_and_associates_through_a_hit_group() {
        let data = library(24, 4, 0);
        let rdat = RuntimeData::parse(&data).unwrap();
        let s = Subobjects::parse(&rdat).unwrap();
        assert_eq!(s.list.len(), 4);
        assert_eq!(
            s.list[3].kind,
            SubobjectKind::Association {
                subobject: "L",
                exports: vec!["HG"]
            }
        );
        let ch = s.root_signatures_of("CH").unwrap();
        assert_eq!(ch.global.map(|g| g.0), Some("G"));
        assert_eq!(ch.local.map(|l| (l.0, l.1.len())), Some(("L", 8)));
        let other = s.root_signatures_of("RayGen").unwrap();
        assert_eq!((other.global.map(|g| g.0), other.local), (Some("G"), None));
    }

    #[test]
    fn hostile_tables_give_located_errors() {
        // A stride below the record size, a count past the table, an index
        // array past the table.
        for (data, what) in [
            (library(8, 4, 0), "record stride"),
            (library(24, 1000, 0), "overrun the table"),
            (library(24, 4, 77), "index array"),
        ] {
            let e = parse(&data).unwrap_err();
            assert!(e.to_string().contains(what), "{e}");
            assert!(e.to_string().contains("byte"), "{e}");
        }
        // A string offset past the buffer.
        let mut data = library(24, 4, 0);
        let name_field = data.len() - 4 * 24 + 4;
        data[name_field..name_field + 4].copy_from_slice(&9999u32.to_le_bytes());
        assert!(parse(&data).is_err());
        // Truncated everywhere: never a panic.
        let data = library(24, 4, 0);
        for cut in 0..data.len() {
            let _ = parse(&data[..cut]);
        }
    }

    /// The subobjects of corpus library `advanced/<name>.dxil`, by name.
    fn corpus(name: &str) -> Vec<(String, String)> {
        let path = format!("{}/corpus/advanced/{name}.dxil", env!("CARGO_MANIFEST_DIR"));
        let blob = std::fs::read(path).unwrap();
        let c = crate::container::parse(&blob).unwrap();
        let s = Subobjects::of(&c).unwrap();
        s.list
            .iter()
            .map(|o| (o.name.to_string(), format!("{:?}", o.kind)))
            .collect()
    }

    #[test]
    fn corpus_local_root_signature_library() {
        let path = format!(
            "{}/corpus/advanced/dxr-local-root-constants-tables.dxil",
            env!("CARGO_MANIFEST_DIR")
        );
        let blob = std::fs::read(path).unwrap();
        let c = crate::container::parse(&blob).unwrap();
        let s = Subobjects::of(&c).unwrap();
        let names: Vec<&str> = s.list.iter().map(|o| o.name).collect();
        assert_eq!(
            names,
            [
                "SceneGlobal",
                "MaterialLocal",
                "MaterialAssoc",
                "MaterialGroup",
                "Cfg",
                "Pipe"
            ]
        );
        // The association names the hit group, which holds the closest hit.
        let hit = s.root_signatures_of("MaterialClosestHit").unwrap();
        let (global, local) = (hit.global.unwrap(), hit.local.unwrap());
        assert_eq!((global.0, local.0), ("SceneGlobal", "MaterialLocal"));
        let g = crate::container::RootSignature::parse(global.1).unwrap();
        let l = crate::container::RootSignature::parse(local.1).unwrap();
        assert_eq!((g.parameters.len(), g.static_samplers.len()), (2, 1));
        assert_eq!(l.parameters.len(), 4);
        // The ray generation shader: the unassociated global only.
        let raygen = s.root_signatures_of("LocalRayGen").unwrap();
        assert_eq!(raygen.global.map(|g| g.0), Some("SceneGlobal"));
        assert!(raygen.local.is_none());
    }

    #[test]
    fn corpus_libraries_read() {
        for name in ["dxr-subobjects-pipeline", "dxr-lib65-pipeline-config1"] {
            let list = corpus(name);
            assert!(!list.is_empty(), "{name}");
        }
        assert!(corpus("dxr-raygen-pinhole-camera").is_empty());
        let path = format!(
            "{}/corpus/advanced/dxr-subobjects-pipeline.dxil",
            env!("CARGO_MANIFEST_DIR")
        );
        let blob = std::fs::read(path).unwrap();
        let c = crate::container::parse(&blob).unwrap();
        let s = Subobjects::of(&c).unwrap();
        // "TriangleGroup;SphereGroup": both hit groups, each shader of them.
        for export in [
            "TriAnyHit",
            "TriClosestHit",
            "ProcClosestHit",
            "ProcIntersect",
        ] {
            let rs = s.root_signatures_of(export).unwrap();
            assert_eq!(rs.local.map(|l| l.0), Some("HitLocalRS"), "{export}");
            assert_eq!(rs.global.map(|g| g.0), Some("GlobalRS"), "{export}");
        }
        assert!(s.root_signatures_of("MainRayGen").unwrap().local.is_none());
    }
}
