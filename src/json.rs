//! A minimal JSON value, writer and reader for reports (`info --json`,
//! reflection) and inputs (root signatures), so the library needs no
//! serialisation dependency.

use std::fmt::{self, Write};

mod read;
pub use read::{parse, MAX_DEPTH};

/// A JSON value. Objects keep their keys in insertion order, so output is
/// deterministic.
#[derive(Clone, Debug, PartialEq)]
pub enum Json {
    /// `null`.
    Null,
    /// `true` / `false`.
    Bool(bool),
    /// An integer.
    Int(i64),
    /// An unsigned integer.
    UInt(u64),
    /// A finite float (non-finite values are written as `null`).
    Float(f64),
    /// A string.
    Str(String),
    /// An array.
    Array(Vec<Json>),
    /// An object.
    Object(Vec<(String, Json)>),
}

impl Json {
    /// An empty object to fill with [`Json::with`].
    pub fn object() -> Json {
        Json::Object(Vec::new())
    }

    /// Adds a key to an object (no effect on other values).
    pub fn with(mut self, key: &str, value: impl Into<Json>) -> Json {
        if let Json::Object(entries) = &mut self {
            entries.push((key.to_string(), value.into()));
        }
        self
    }

    /// Adds a key to an object only when `value` is `Some`.
    pub fn with_some<T: Into<Json>>(self, key: &str, value: Option<T>) -> Json {
        match value {
            Some(v) => self.with(key, v),
            None => self,
        }
    }

    /// The string, if this is one.
    pub fn as_str(&self) -> Option<&str> {
        match self {
            Json::Str(s) => Some(s),
            _ => None,
        }
    }

    /// The integer, if this is one that fits a `u32`.
    pub fn as_u32(&self) -> Option<u32> {
        match self {
            Json::UInt(u) => u32::try_from(*u).ok(),
            Json::Int(i) => u32::try_from(*i).ok(),
            _ => None,
        }
    }

    /// The value of `key`, if this is an object that has it.
    pub fn get(&self, key: &str) -> Option<&Json> {
        match self {
            Json::Object(entries) => entries.iter().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }

    /// Writes compact JSON.
    pub fn write(&self, out: &mut impl Write) -> fmt::Result {
        self.write_indented(out, None)
    }

    /// Writes JSON indented by two spaces per level.
    pub fn write_pretty(&self, out: &mut impl Write) -> fmt::Result {
        self.write_indented(out, Some(0))
    }

    fn write_indented(&self, out: &mut impl Write, level: Option<usize>) -> fmt::Result {
        let newline = |out: &mut dyn Write, level: Option<usize>| -> fmt::Result {
            if let Some(l) = level {
                out.write_char('\n')?;
                for _ in 0..l {
                    out.write_str("  ")?;
                }
            }
            Ok(())
        };
        // Nesting depth of a value in memory: cannot saturate.
        let inner = level.map(|l| l.saturating_add(1));
        match self {
            Json::Null => out.write_str("null"),
            Json::Bool(b) => write!(out, "{b}"),
            Json::Int(i) => write!(out, "{i}"),
            Json::UInt(u) => write!(out, "{u}"),
            Json::Float(f) if f.is_finite() => write!(out, "{f:?}"),
            Json::Float(_) => out.write_str("null"),
            Json::Str(s) => write_string(out, s),
            Json::Array(items) => {
                if items.is_empty() {
                    return out.write_str("[]");
                }
                out.write_char('[')?;
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        out.write_char(',')?;
                    }
                    newline(out, inner)?;
                    item.write_indented(out, inner)?;
                }
                newline(out, level)?;
                out.write_char(']')
            }
            Json::Object(entries) => {
                if entries.is_empty() {
                    return out.write_str("{}");
                }
                out.write_char('{')?;
                for (i, (key, value)) in entries.iter().enumerate() {
                    if i > 0 {
                        out.write_char(',')?;
                    }
                    newline(out, inner)?;
                    write_string(out, key)?;
                    out.write_str(if level.is_some() { ": " } else { ":" })?;
                    value.write_indented(out, inner)?;
                }
                newline(out, level)?;
                out.write_char('}')
            }
        }
    }
}

impl Json {
    /// Writes the value as indented `key: value` text for people (the same
    /// document as the JSON, without the punctuation).
    pub fn write_text(&self, out: &mut impl Write) -> fmt::Result {
        self.text_at(out, 0)
    }

    fn is_scalar(&self) -> bool {
        !matches!(self, Json::Array(_) | Json::Object(_))
    }

    fn scalar_text(&self, out: &mut impl Write) -> fmt::Result {
        match self {
            // Control characters as `\XX` in hex, as LLVM prints the `\01`
            // prefix of mangled names.
            Json::Str(s) => s.chars().try_for_each(|c| match c {
                c if c.is_control() => write!(out, "\\{:02X}", c as u32),
                c => out.write_char(c),
            }),
            Json::Array(items) => {
                out.write_char('[')?;
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        out.write_str(", ")?;
                    }
                    item.scalar_text(out)?;
                }
                out.write_char(']')
            }
            other => other.write(out),
        }
    }

    fn text_at(&self, out: &mut impl Write, level: usize) -> fmt::Result {
        let pad =
            |out: &mut dyn Write, level: usize| (0..level).try_for_each(|_| out.write_str("  "));
        match self {
            Json::Object(entries) => {
                for (key, value) in entries {
                    pad(out, level)?;
                    write!(out, "{key}:")?;
                    match value {
                        Json::Array(items) if items.iter().all(Json::is_scalar) => {
                            out.write_char(' ')?;
                            value.scalar_text(out)?;
                            out.write_char('\n')?;
                        }
                        v if v.is_scalar() => {
                            out.write_char(' ')?;
                            v.scalar_text(out)?;
                            out.write_char('\n')?;
                        }
                        v => {
                            out.write_char('\n')?;
                            v.text_at(out, level.saturating_add(1))?;
                        }
                    }
                }
                Ok(())
            }
            Json::Array(items) => {
                for item in items {
                    pad(out, level)?;
                    out.write_str("-")?;
                    if item.is_scalar() {
                        out.write_char(' ')?;
                        item.scalar_text(out)?;
                        out.write_char('\n')?;
                    } else {
                        // YAML style: the item's first line follows the dash.
                        let mut text = String::new();
                        item.text_at(&mut text, level.saturating_add(1))?;
                        out.write_char(' ')?;
                        out.write_str(text.trim_start_matches(' '))?;
                    }
                }
                Ok(())
            }
            scalar => {
                pad(out, level)?;
                scalar.scalar_text(out)?;
                out.write_char('\n')
            }
        }
    }
}

/// Writes a JSON string literal with escapes.
fn write_string(out: &mut (impl Write + ?Sized), s: &str) -> fmt::Result {
    out.write_char('"')?;
    for c in s.chars() {
        match c {
            '"' => out.write_str("\\\"")?,
            '\\' => out.write_str("\\\\")?,
            '\n' => out.write_str("\\n")?,
            '\r' => out.write_str("\\r")?,
            '\t' => out.write_str("\\t")?,
            c if (c as u32) < 0x20 => write!(out, "\\u{:04x}", c as u32)?,
            c => out.write_char(c)?,
        }
    }
    out.write_char('"')
}

impl From<bool> for Json {
    fn from(v: bool) -> Json {
        Json::Bool(v)
    }
}
impl From<u32> for Json {
    fn from(v: u32) -> Json {
        Json::UInt(u64::from(v))
    }
}
impl From<u64> for Json {
    fn from(v: u64) -> Json {
        Json::UInt(v)
    }
}
impl From<usize> for Json {
    fn from(v: usize) -> Json {
        Json::UInt(v as u64)
    }
}
impl From<i64> for Json {
    fn from(v: i64) -> Json {
        Json::Int(v)
    }
}
impl From<i32> for Json {
    fn from(v: i32) -> Json {
        Json::Int(i64::from(v))
    }
}
impl From<f32> for Json {
    fn from(v: f32) -> Json {
        Json::Float(f64::from(v))
    }
}
impl From<&str> for Json {
    fn from(v: &str) -> Json {
        Json::Str(v.to_string())
    }
}
impl From<String> for Json {
    fn from(v: String) -> Json {
        Json::Str(v)
    }
}
impl<T: Into<Json>> From<Option<T>> for Json {
    fn from(v: Option<T>) -> Json {
        v.map_or(Json::Null, Into::into)
    }
}
impl<T: Into<Json>> From<Vec<T>> for Json {
    fn from(v: Vec<T>) -> Json {
        Json::Array(v.into_iter().map(Into::into).collect())
    }
}

#[cfg(test)]
mod tests {
    use super::Json;

    #[test]
    fn escapes_and_nests() {
        let v = Json::object()
            .with("a\"b", vec![1u32, 2])
            .with("s", "x\ny\u{1}")
            .with("n", Json::Null);
        let mut s = String::new();
        v.write(&mut s).ok();
        assert_eq!(s, r#"{"a\"b":[1,2],"s":"x\ny\u0001","n":null}"#);
        let mut p = String::new();
        v.write_pretty(&mut p).ok();
        assert!(p.starts_with("{\n  \"a\\\"b\": [\n    1,"), "{p}");
    }
}
