//! Checking resource contents against the spec's `expect` lines.
//!
//! The rules (corpus README):
//! - integers compare exactly;
//! - floats (`f16 f32 f64`, float formats, `rgba8unorm` decoded to
//!   `byte / 255`) compare by value (so `-0.0 == 0.0`), NaN equals NaN;
//! - with `tolerance = t`, a float also matches when
//!   `|got - want| <= t * |want|` (computed in `f64`);
//! - typed formats compare per component.

use std::collections::BTreeMap;
use std::fmt;

use super::half::f16_bits_to_f64;
use super::spec::{Component, ElementType, RegisterKey, RunSpec, ScalarType};
use crate::error::Result;

/// One decoded value of a resource.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Value {
    /// An unsigned integer (`u8`..`u64`, `*ui` formats).
    UInt(u64),
    /// A signed integer (`i8`..`i64`, `*i` formats).
    SInt(i64),
    /// A half, as its bit pattern.
    F16(u16),
    /// A single-precision float.
    F32(f32),
    /// A double-precision float.
    F64(f64),
    /// An 8-bit unorm component, as its byte.
    Unorm8(u8),
}

impl Value {
    /// Decodes one value stored as `component` from the start of `bytes`
    /// (which must hold at least `component.size()` bytes; missing bytes
    /// read as 0).
    pub fn decode(component: Component, bytes: &[u8]) -> Value {
        let mut raw = [0u8; 8];
        for (r, &b) in raw.iter_mut().zip(bytes).take(component.size()) {
            *r = b;
        }
        let u = u64::from_le_bytes(raw);
        match component {
            Component::Unorm8 => Value::Unorm8(raw[0]),
            Component::Scalar(s) => match s {
                ScalarType::U8 | ScalarType::U16 | ScalarType::U32 | ScalarType::U64 => {
                    Value::UInt(u)
                }
                ScalarType::I8 => Value::SInt(i64::from(raw[0] as i8)),
                ScalarType::I16 => Value::SInt(i64::from(u as u16 as i16)),
                ScalarType::I32 => Value::SInt(i64::from(u as u32 as i32)),
                ScalarType::I64 => Value::SInt(u as i64),
                ScalarType::F16 => Value::F16(u as u16),
                ScalarType::F32 => Value::F32(f32::from_bits(u as u32)),
                ScalarType::F64 => Value::F64(f64::from_bits(u)),
            },
        }
    }

    /// The value as a float, for float-like values.
    pub fn as_f64(self) -> Option<f64> {
        match self {
            Value::F16(h) => Some(f16_bits_to_f64(h)),
            Value::F32(f) => Some(f64::from(f)),
            Value::F64(f) => Some(f),
            Value::Unorm8(b) => Some(f64::from(b) / 255.0),
            Value::UInt(_) | Value::SInt(_) => None,
        }
    }

    /// Whether `self` (what the shader produced) matches `want` under the
    /// rules of this module.
    pub fn matches(self, want: Value, tolerance: Option<f64>) -> bool {
        match (self, want) {
            (Value::UInt(a), Value::UInt(b)) => a == b,
            (Value::SInt(a), Value::SInt(b)) => a == b,
            (Value::Unorm8(a), Value::Unorm8(b)) if a == b => true,
            _ => match (self.as_f64(), want.as_f64()) {
                (Some(g), Some(w)) => {
                    if g.is_nan() || w.is_nan() {
                        return g.is_nan() && w.is_nan();
                    }
                    if g == w {
                        return true;
                    }
                    match tolerance {
                        Some(t) => (g - w).abs() <= t * w.abs(),
                        None => false,
                    }
                }
                _ => false,
            },
        }
    }
}

impl fmt::Display for Value {
    /// Integers in decimal (and hex for unsigned values above 9); floats in
    /// shortest round-trip form followed by their bit pattern.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Value::UInt(v) if v > 9 => write!(f, "{v} ({v:#x})"),
            Value::UInt(v) => write!(f, "{v}"),
            Value::SInt(v) => write!(f, "{v}"),
            Value::F16(h) => write!(f, "{:?} ({h:#06x})", f16_bits_to_f64(h)),
            Value::F32(x) => write!(f, "{x:?} ({:#010x})", x.to_bits()),
            Value::F64(x) => write!(f, "{x:?} ({:#018x})", x.to_bits()),
            Value::Unorm8(b) => write!(f, "{b}/255"),
        }
    }
}

/// One value that differs from its `expect` line.
#[derive(Clone, Debug, PartialEq)]
pub struct Mismatch {
    /// The resource.
    pub resource: RegisterKey,
    /// The `expect` line (1-based).
    pub line: usize,
    /// The type the contents were compared as.
    pub ty: ElementType,
    /// Index of the value in the expect line's list (for typed formats:
    /// `texel * components + component`).
    pub index: usize,
    /// What the shader left there.
    pub got: Value,
    /// What the spec expects.
    pub want: Value,
}

impl fmt::Display for Mismatch {
    /// `u0[17]: got 3, want 5 (line 9)`; typed formats name the texel and
    /// component: `u0[4].y`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let comps = self.ty.components();
        if comps == 1 {
            write!(f, "{}[{}]", self.resource, self.index)?;
        } else {
            // `comps` is 2 or 4 here.
            let c = self
                .index
                .checked_rem(comps)
                .and_then(|i| ['x', 'y', 'z', 'w'].get(i))
                .copied()
                .unwrap_or('?');
            let texel = self.index.checked_div(comps).unwrap_or(self.index);
            write!(f, "{}[{}].{c}", self.resource, texel)?;
        }
        write!(
            f,
            ": got {}, want {} ({} expect, line {})",
            self.got, self.want, self.ty, self.line
        )
    }
}

/// The outcome of [`compare_expectations`].
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Comparison {
    /// The first mismatches of each `expect` line, in spec order.
    pub mismatches: Vec<Mismatch>,
    /// How many values differ in all (including those not listed).
    pub mismatch_count: usize,
}

impl Comparison {
    /// Whether every `expect` line matched.
    pub fn passed(&self) -> bool {
        self.mismatch_count == 0
    }
}

/// Compares final resource contents (`contents`, keyed by register, packed
/// like the spec's data) with every `expect` line of `spec`, listing at most
/// `max_per_expect` mismatches per line. A missing or wrongly sized content
/// is an error (the caller reads every declared resource back).
pub fn compare_expectations(
    spec: &RunSpec,
    contents: &BTreeMap<RegisterKey, Vec<u8>>,
    max_per_expect: usize,
) -> Result<Comparison> {
    let mut out = Comparison::default();
    for e in &spec.expectations {
        let got = contents
            .get(&e.key)
            .ok_or_else(|| super::invalid(format!("no contents for {} to compare", e.key)))?;
        if got.len() != e.data.len() {
            return Err(super::invalid(format!(
                "{} holds {} bytes but its expect line (line {}) has {}",
                e.key,
                got.len(),
                e.line,
                e.data.len()
            )));
        }
        let component = e.ty.component();
        let size = component.size();
        let mut listed = 0;
        for (index, (g, w)) in got
            .chunks_exact(size)
            .zip(e.data.chunks_exact(size))
            .enumerate()
        {
            if g == w {
                continue;
            }
            let got = Value::decode(component, g);
            let want = Value::decode(component, w);
            if got.matches(want, spec.tolerance) {
                continue;
            }
            // Counts of compared values: cannot saturate.
            out.mismatch_count = out.mismatch_count.saturating_add(1);
            if listed < max_per_expect {
                listed = listed.saturating_add(1);
                out.mismatches.push(Mismatch {
                    resource: e.key,
                    line: e.line,
                    ty: e.ty,
                    index,
                    got,
                    want,
                });
            }
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn float_rules() {
        let nan = Value::F32(f32::NAN);
        assert!(nan.matches(Value::F32(f32::from_bits(0x7fc0_0001)), None));
        assert!(!nan.matches(Value::F32(1.0), Some(1.0)));
        assert!(Value::F32(-0.0).matches(Value::F32(0.0), None));
        assert!(!Value::F32(1.0001).matches(Value::F32(1.0), None));
        assert!(Value::F32(1.0001).matches(Value::F32(1.0), Some(1e-3)));
        assert!(!Value::F32(1.01).matches(Value::F32(1.0), Some(1e-3)));
        assert!(Value::F32(f32::INFINITY).matches(Value::F32(f32::INFINITY), Some(1e-3)));
        assert!(Value::F16(0x3c00).matches(Value::F16(0x3c00), None));
        assert!(!Value::UInt(1).matches(Value::UInt(2), Some(10.0)));
    }
}
