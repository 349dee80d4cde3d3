//! The JSON form of a root signature, written and read back exactly: what
//! `dxil2spirv info` prints under `root_signature`, and what
//! `dxil2spirv rootsig --json` prints and `--root-signature FILE.json` reads.
//!
//! ```text
//! { "version": "1.0" | "1.1" | "1.2", "flags": [NAME...],
//!   "parameters": [
//!     { "visibility": VIS, "kind": "table", "ranges": [
//!         { "type": "Srv"|"Uav"|"Cbv"|"Sampler", "count": N | "unbounded",
//!           "base_register": N, "space": N, "offset": N | "append",
//!           "flags": [NAME...] | null } ] },
//!     { "visibility": VIS, "kind": "constants", "register": N, "space": N, "count": N },
//!     { "visibility": VIS, "kind": "cbv"|"srv"|"uav", "register": N, "space": N,
//!       "flags": [NAME...] | null } ],
//!   "static_samplers": [
//!     { "register": N, "space": N, "filter": NAME | "0xHEX", "address": [U, V, W],
//!       "mip_lod_bias": F, "max_anisotropy": N, "comparison": NAME,
//!       "border_color": NAME, "lod_range": [MIN, MAX], "visibility": VIS,
//!       "flags": [NAME...] (1.2 only) } ] }
//! ```
//!
//! Flag arrays hold flag names, and `"0xHEX"` for bits without a name.
//! Floats are written as the shortest decimal that reads back to the same
//! `f32`; a non-finite one as the `"0xHEX"` of its bits. `flags` is `null`
//! where the version has none (range and descriptor flags of 1.0).

use crate::container::{
    ComparisonFunc, DescriptorRange, DescriptorRangeFlags, DescriptorRangeType, Filter,
    RootConstants, RootDescriptor, RootDescriptorFlags, RootParameter, RootParameterKind,
    RootSignature, RootSignatureFlags, RootSignatureVersion, SamplerFlags, ShaderVisibility,
    StaticBorderColor, StaticSampler, TextureAddressMode,
};
use crate::error::{Error, Phase, Result};
use crate::json::Json;

/// A flag set with named bits, as the JSON form writes it.
trait NamedFlags: Sized {
    fn from_bits(bits: u32) -> Self;
    fn names(&self) -> Vec<&'static str>;
    fn unknown(&self) -> u32;
    fn named(name: &str) -> Option<u32>;
}

macro_rules! named_flags {
    ($($t:ty),*) => {$(
        impl NamedFlags for $t {
            fn from_bits(bits: u32) -> Self { Self(bits) }
            fn names(&self) -> Vec<&'static str> { <$t>::names(*self).collect() }
            fn unknown(&self) -> u32 { self.unknown_bits() }
            fn named(name: &str) -> Option<u32> { <$t>::from_name(name).map(|f| f.0) }
        }
    )*};
}

named_flags!(
    RootSignatureFlags,
    DescriptorRangeFlags,
    RootDescriptorFlags,
    SamplerFlags
);

fn hex(bits: u32) -> Json {
    Json::Str(format!("{bits:#x}"))
}

fn flags_json(flags: &impl NamedFlags) -> Json {
    let mut items: Vec<Json> = flags.names().into_iter().map(Json::from).collect();
    if flags.unknown() != 0 {
        items.push(hex(flags.unknown()));
    }
    Json::Array(items)
}

fn float_json(v: f32) -> Json {
    if v.is_finite() {
        Json::from(v)
    } else {
        hex(v.to_bits())
    }
}

fn count_or(v: u32, special: u32, name: &str) -> Json {
    if v == special {
        Json::from(name)
    } else {
        Json::from(v)
    }
}

impl RootSignature {
    /// The JSON form (`docs/ROOT-SIGNATURE.md` describes it).
    pub fn to_json(&self) -> Json {
        let parameters = self.parameters.iter().map(parameter_json).collect();
        let samplers = self
            .static_samplers
            .iter()
            .map(|s| sampler_json(s, self.version))
            .collect();
        Json::object()
            .with("version", self.version.name())
            .with("flags", flags_json(&self.flags))
            .with("parameters", Json::Array(parameters))
            .with("static_samplers", Json::Array(samplers))
    }

    /// Reads the JSON form (`docs/ROOT-SIGNATURE.md`). Errors
    /// name the field by its path, e.g. `parameters[2].ranges[0].count`.
    pub fn from_json(doc: &Json) -> Result<RootSignature> {
        let o = Obj::new(doc, String::new())?;
        let version = o.parse(
            "version",
            |v| v.as_str().and_then(RootSignatureVersion::from_name),
            "\"1.0\", \"1.1\" or \"1.2\"",
        )?;
        let flags = o.flags("flags")?;
        let parameters = o
            .array("parameters")?
            .into_iter()
            .map(|(v, path)| parameter_from(&Obj::new(v, path)?, version))
            .collect::<Result<_>>()?;
        let static_samplers = o
            .array("static_samplers")?
            .into_iter()
            .map(|(v, path)| sampler_from(&Obj::new(v, path)?, version))
            .collect::<Result<_>>()?;
        o.done()?;
        Ok(RootSignature {
            version,
            flags,
            parameters,
            static_samplers,
        })
    }
}

fn parameter_json(p: &RootParameter) -> Json {
    let param = Json::object()
        .with("visibility", p.visibility.name())
        .with("kind", p.kind.name());
    match &p.kind {
        RootParameterKind::DescriptorTable(ranges) => param.with(
            "ranges",
            Json::Array(
                ranges
                    .iter()
                    .map(|r| {
                        Json::object()
                            .with("type", r.range_type.name())
                            .with(
                                "count",
                                count_or(
                                    r.num_descriptors,
                                    DescriptorRange::UNBOUNDED,
                                    "unbounded",
                                ),
                            )
                            .with("base_register", r.base_register)
                            .with("space", r.space)
                            .with(
                                "offset",
                                count_or(r.offset, DescriptorRange::APPEND, "append"),
                            )
                            .with("flags", r.flags.as_ref().map(flags_json))
                    })
                    .collect(),
            ),
        ),
        RootParameterKind::Constants(k) => param
            .with("register", k.register)
            .with("space", k.space)
            .with("count", k.num_32bit_values),
        RootParameterKind::Cbv(d) | RootParameterKind::Srv(d) | RootParameterKind::Uav(d) => param
            .with("register", d.register)
            .with("space", d.space)
            .with("flags", d.flags.as_ref().map(flags_json)),
    }
}

fn sampler_json(s: &StaticSampler, version: RootSignatureVersion) -> Json {
    let filter = s.filter.name().map_or_else(|| hex(s.filter.0), Json::from);
    let doc = Json::object()
        .with("register", s.register)
        .with("space", s.space)
        .with("filter", filter)
        .with(
            "address",
            vec![s.address_u.name(), s.address_v.name(), s.address_w.name()],
        )
        .with("mip_lod_bias", float_json(s.mip_lod_bias))
        .with("max_anisotropy", s.max_anisotropy)
        .with("comparison", s.comparison_func.name())
        .with("border_color", s.border_color.name())
        .with(
            "lod_range",
            Json::Array(vec![float_json(s.min_lod), float_json(s.max_lod)]),
        )
        .with("visibility", s.visibility.name());
    if version == RootSignatureVersion::V1_2 {
        doc.with("flags", flags_json(&s.flags.unwrap_or_default()))
    } else {
        doc
    }
}

fn parameter_from(o: &Obj<'_>, version: RootSignatureVersion) -> Result<RootParameter> {
    let has_flags = version != RootSignatureVersion::V1_0;
    let visibility = o.visibility("visibility")?;
    let kind_name = o.parse("kind", Json::as_str, "a parameter kind")?;
    let descriptor = || -> Result<RootDescriptor> {
        Ok(RootDescriptor {
            register: o.u32("register")?,
            space: o.u32("space")?,
            flags: o.versioned_flags("flags", has_flags)?,
        })
    };
    let kind = match kind_name {
        "table" => RootParameterKind::DescriptorTable(
            o.array("ranges")?
                .into_iter()
                .map(|(v, path)| range_from(&Obj::new(v, path)?, has_flags))
                .collect::<Result<_>>()?,
        ),
        "constants" => RootParameterKind::Constants(RootConstants {
            register: o.u32("register")?,
            space: o.u32("space")?,
            num_32bit_values: o.u32("count")?,
        }),
        "cbv" => RootParameterKind::Cbv(descriptor()?),
        "srv" => RootParameterKind::Srv(descriptor()?),
        "uav" => RootParameterKind::Uav(descriptor()?),
        _ => {
            return Err(o.error(
                "kind",
                "expected \"table\", \"constants\", \"cbv\", \"srv\" or \"uav\"",
            ))
        }
    };
    o.done()?;
    Ok(RootParameter { kind, visibility })
}

fn range_from(o: &Obj<'_>, has_flags: bool) -> Result<DescriptorRange> {
    let range = DescriptorRange {
        range_type: o.parse(
            "type",
            |v| v.as_str().and_then(DescriptorRangeType::from_name),
            "\"Srv\", \"Uav\", \"Cbv\" or \"Sampler\"",
        )?,
        num_descriptors: o.u32_or("count", "unbounded", DescriptorRange::UNBOUNDED)?,
        base_register: o.u32("base_register")?,
        space: o.u32("space")?,
        flags: o.versioned_flags("flags", has_flags)?,
        offset: o.u32_or("offset", "append", DescriptorRange::APPEND)?,
    };
    o.done()?;
    Ok(range)
}

fn sampler_from(o: &Obj<'_>, version: RootSignatureVersion) -> Result<StaticSampler> {
    let address = o.array("address")?;
    let [(u, pu), (v, pv), (w, pw)] = <[_; 3]>::try_from(address)
        .map_err(|_| o.error("address", "expected three addressing modes"))?;
    let mode = |v: &Json, path: String| {
        v.as_str()
            .and_then(TextureAddressMode::from_name)
            .ok_or_else(|| field_error(&path, "expected an addressing mode name"))
    };
    let lod = o.array("lod_range")?;
    let [(min, pmin), (max, pmax)] =
        <[_; 2]>::try_from(lod).map_err(|_| o.error("lod_range", "expected [min, max]"))?;
    let sampler = StaticSampler {
        filter: o.parse(
            "filter",
            |v| match v {
                Json::Str(s) => Filter::from_name(s).or_else(|| parse_hex(s).map(Filter)),
                v => v.as_u32().map(Filter),
            },
            "a D3D12_FILTER name or \"0xHEX\"",
        )?,
        address_u: mode(u, pu)?,
        address_v: mode(v, pv)?,
        address_w: mode(w, pw)?,
        mip_lod_bias: o.parse("mip_lod_bias", as_f32, "a float")?,
        max_anisotropy: o.u32("max_anisotropy")?,
        comparison_func: o.parse(
            "comparison",
            |v| v.as_str().and_then(ComparisonFunc::from_name),
            "a comparison function name",
        )?,
        border_color: o.parse(
            "border_color",
            |v| v.as_str().and_then(StaticBorderColor::from_name),
            "a border colour name",
        )?,
        min_lod: as_f32(min).ok_or_else(|| field_error(&pmin, "expected a float"))?,
        max_lod: as_f32(max).ok_or_else(|| field_error(&pmax, "expected a float"))?,
        register: o.u32("register")?,
        space: o.u32("space")?,
        visibility: o.visibility("visibility")?,
        flags: o.versioned_flags("flags", version == RootSignatureVersion::V1_2)?,
    };
    o.done()?;
    Ok(sampler)
}

fn parse_hex(s: &str) -> Option<u32> {
    u32::from_str_radix(s.strip_prefix("0x")?, 16).ok()
}

/// A float field: a number (rounded to the nearest `f32`) or the `"0xHEX"`
/// of its bits.
fn as_f32(v: &Json) -> Option<f32> {
    match v {
        // Narrowing is the point: the writer prints f64::from(f32).
        #[allow(clippy::cast_possible_truncation)]
        Json::Float(f) => Some(*f as f32),
        Json::UInt(u) => u32::try_from(*u).ok().map(|u| u as f32),
        Json::Int(i) => i32::try_from(*i).ok().map(|i| i as f32),
        Json::Str(s) => parse_hex(s).map(f32::from_bits),
        _ => None,
    }
}

fn field_error(path: &str, message: &str) -> Error {
    Error::invalid(
        Phase::Container,
        format!("root signature JSON: {path}: {message}"),
    )
}

/// An object being read: its entries, its path for messages, and which
/// keys were read (so that unknown keys are errors, not silently dropped).
struct Obj<'a> {
    entries: &'a [(String, Json)],
    path: String,
    used: std::cell::RefCell<Vec<&'a str>>,
}

impl<'a> Obj<'a> {
    fn new(v: &'a Json, path: String) -> Result<Obj<'a>> {
        match v {
            Json::Object(entries) => Ok(Obj {
                entries,
                path,
                used: Default::default(),
            }),
            _ => Err(field_error(
                if path.is_empty() { "(top)" } else { &path },
                "expected an object",
            )),
        }
    }

    fn key_path(&self, key: &str) -> String {
        if self.path.is_empty() {
            key.to_string()
        } else {
            format!("{}.{key}", self.path)
        }
    }

    fn error(&self, key: &str, message: &str) -> Error {
        field_error(&self.key_path(key), message)
    }

    fn get(&self, key: &str) -> Option<&'a Json> {
        let (k, v) = self.entries.iter().find(|(k, _)| k == key)?;
        self.used.borrow_mut().push(k.as_str());
        Some(v)
    }

    fn parse<T>(
        &self,
        key: &str,
        read: impl FnOnce(&'a Json) -> Option<T>,
        expected: &str,
    ) -> Result<T> {
        let v = self.get(key).ok_or_else(|| self.error(key, "missing"))?;
        read(v).ok_or_else(|| self.error(key, &format!("expected {expected}")))
    }

    fn u32(&self, key: &str) -> Result<u32> {
        self.parse(key, Json::as_u32, "an integer in 0..2^32")
    }

    fn u32_or(&self, key: &str, word: &str, special: u32) -> Result<u32> {
        self.parse(
            key,
            |v| match v {
                Json::Str(s) if s == word => Some(special),
                v => v.as_u32(),
            },
            &format!("an integer in 0..2^32 or \"{word}\""),
        )
    }

    fn visibility(&self, key: &str) -> Result<ShaderVisibility> {
        self.parse(
            key,
            |v| v.as_str().and_then(ShaderVisibility::from_name),
            "a visibility (All, Vertex, Hull, Domain, Geometry, Pixel, Amplification, Mesh)",
        )
    }

    fn array(&self, key: &str) -> Result<Vec<(&'a Json, String)>> {
        let items = self.parse(
            key,
            |v| match v {
                Json::Array(items) => Some(items),
                _ => None,
            },
            "an array",
        )?;
        let path = self.key_path(key);
        Ok(items
            .iter()
            .enumerate()
            .map(|(i, v)| (v, format!("{path}[{i}]")))
            .collect())
    }

    fn flags<F: NamedFlags>(&self, key: &str) -> Result<F> {
        let mut bits = 0u32;
        for (v, path) in self.array(key)? {
            bits |= v
                .as_str()
                .and_then(|s| F::named(s).or_else(|| parse_hex(s)))
                .ok_or_else(|| field_error(&path, "expected a flag name or \"0xHEX\""))?;
        }
        Ok(F::from_bits(bits))
    }

    /// Flags the version has (an array, required), or has not (`null` or
    /// absent): what the binary form can hold, so that every accepted
    /// document writes back the same.
    fn versioned_flags<F: NamedFlags>(&self, key: &str, has: bool) -> Result<Option<F>> {
        if has {
            return self.flags(key).map(Some);
        }
        match self.get(key) {
            None | Some(Json::Null) => Ok(None),
            Some(_) => Err(self.error(key, "this root signature version has no such flags (null)")),
        }
    }

    /// Fails on a key that was never read.
    fn done(&self) -> Result<()> {
        let used = self.used.borrow();
        match self
            .entries
            .iter()
            .find(|(k, _)| !used.contains(&k.as_str()))
        {
            Some((k, _)) => Err(self.error(k, "unknown key")),
            None => Ok(()),
        }
    }
}
