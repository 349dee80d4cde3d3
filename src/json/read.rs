//! A small JSON reader for [`Json`]: strict RFC 8259 syntax, errors at byte
//! offsets, a nesting limit, and no panics on any input.
//!
//! Numbers keep their kind: an integer literal that fits is [`Json::UInt`]
//! (non-negative) or [`Json::Int`] (negative); anything with a fraction or an
//! exponent, or too large, is [`Json::Float`] (Rust's correctly rounded
//! parse, so what [`Json::write`] prints reads back bit for bit).

use super::Json;
use crate::error::{Error, Phase, Result};

/// How deeply arrays and objects may nest.
pub const MAX_DEPTH: usize = 128;

/// Parses one JSON document (surrounding whitespace allowed). Errors are
/// invalid input at the byte offset where the text stops making sense.
pub fn parse(text: &str) -> Result<Json> {
    let mut p = Parser {
        bytes: text.as_bytes(),
        text,
        at: 0,
    };
    p.skip_ws();
    let value = p.value(0)?;
    p.skip_ws();
    if p.at < p.bytes.len() {
        return Err(p.error("trailing characters after the JSON value"));
    }
    Ok(value)
}

/// Invalid input at byte `at` of the JSON text.
fn error_at(at: usize, message: &str) -> Error {
    Error::invalid_at_byte(Phase::Container, at as u64, format!("JSON: {message}"))
}

struct Parser<'a> {
    bytes: &'a [u8],
    text: &'a str,
    at: usize,
}

impl Parser<'_> {
    fn error(&self, message: &str) -> Error {
        error_at(self.at, message)
    }

    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.at).copied()
    }

    fn bump(&mut self) {
        self.at = self.at.saturating_add(1);
    }

    fn skip_ws(&mut self) {
        while matches!(self.peek(), Some(b' ' | b'\t' | b'\n' | b'\r')) {
            self.bump();
        }
    }

    fn expect(&mut self, byte: u8, what: &str) -> Result<()> {
        if self.peek() == Some(byte) {
            self.bump();
            Ok(())
        } else {
            Err(self.error(what))
        }
    }

    fn value(&mut self, depth: usize) -> Result<Json> {
        match self.peek() {
            Some(b'{') => self.object(depth),
            Some(b'[') => self.array(depth),
            Some(b'"') => self.string().map(Json::Str),
            Some(b'-' | b'0'..=b'9') => self.number(),
            Some(b't') => self.literal("true", Json::Bool(true)),
            Some(b'f') => self.literal("false", Json::Bool(false)),
            Some(b'n') => self.literal("null", Json::Null),
            Some(_) => Err(self.error("expected a value")),
            None => Err(self.error("unexpected end of input, expected a value")),
        }
    }

    fn literal(&mut self, word: &str, value: Json) -> Result<Json> {
        let end = self.at.saturating_add(word.len());
        if self.bytes.get(self.at..end) == Some(word.as_bytes()) {
            self.at = end;
            Ok(value)
        } else {
            Err(self.error("expected a value"))
        }
    }

    fn nested(&self, depth: usize) -> Result<usize> {
        if depth >= MAX_DEPTH {
            Err(self.error("nesting deeper than 128 levels"))
        } else {
            Ok(depth.saturating_add(1))
        }
    }

    fn array(&mut self, depth: usize) -> Result<Json> {
        let inner = self.nested(depth)?;
        self.bump();
        self.skip_ws();
        let mut items = Vec::new();
        if self.peek() == Some(b']') {
            self.bump();
            return Ok(Json::Array(items));
        }
        loop {
            self.skip_ws();
            items.push(self.value(inner)?);
            self.skip_ws();
            match self.peek() {
                Some(b',') => self.bump(),
                Some(b']') => {
                    self.bump();
                    return Ok(Json::Array(items));
                }
                _ => return Err(self.error("expected ',' or ']'")),
            }
        }
    }

    fn object(&mut self, depth: usize) -> Result<Json> {
        let inner = self.nested(depth)?;
        self.bump();
        self.skip_ws();
        let mut entries = Vec::new();
        if self.peek() == Some(b'}') {
            self.bump();
            return Ok(Json::Object(entries));
        }
        loop {
            self.skip_ws();
            if self.peek() != Some(b'"') {
                return Err(self.error("expected a string key"));
            }
            let key = self.string()?;
            self.skip_ws();
            self.expect(b':', "expected ':' after the key")?;
            self.skip_ws();
            entries.push((key, self.value(inner)?));
            self.skip_ws();
            match self.peek() {
                Some(b',') => self.bump(),
                Some(b'}') => {
                    self.bump();
                    return Ok(Json::Object(entries));
                }
                _ => return Err(self.error("expected ',' or '}'")),
            }
        }
    }

    fn hex4(&mut self) -> Result<u32> {
        let end = self.at.saturating_add(4);
        let digits = self
            .text
            .get(self.at..end)
            .filter(|d| d.bytes().all(|b| b.is_ascii_hexdigit()))
            .ok_or_else(|| self.error("expected four hex digits after \\u"))?;
        let v = u32::from_str_radix(digits, 16).map_err(|_| self.error("bad \\u escape"))?;
        self.at = end;
        Ok(v)
    }

    fn string(&mut self) -> Result<String> {
        self.bump();
        let mut out = String::new();
        loop {
            let start = self.at;
            while matches!(self.peek(), Some(b) if b != b'"' && b != b'\\' && b >= 0x20) {
                self.bump();
            }
            // `start` and `self.at` sit at ASCII bytes or the end: char
            // boundaries of the &str.
            out.push_str(self.text.get(start..self.at).unwrap_or_default());
            match self.peek() {
                Some(b'"') => {
                    self.bump();
                    return Ok(out);
                }
                Some(b'\\') => {
                    self.bump();
                    let c = match self.peek() {
                        Some(b'"') => '"',
                        Some(b'\\') => '\\',
                        Some(b'/') => '/',
                        Some(b'b') => '\u{8}',
                        Some(b'f') => '\u{c}',
                        Some(b'n') => '\n',
                        Some(b'r') => '\r',
                        Some(b't') => '\t',
                        Some(b'u') => {
                            self.bump();
                            let c = self.unicode_escape()?;
                            out.push(c);
                            continue;
                        }
                        _ => return Err(self.error("unknown escape")),
                    };
                    self.bump();
                    out.push(c);
                }
                Some(_) => return Err(self.error("control character in a string")),
                None => return Err(self.error("unterminated string")),
            }
        }
    }

    /// The character of a `\uXXXX` escape (the `\u` consumed), joining a
    /// surrogate pair.
    fn unicode_escape(&mut self) -> Result<char> {
        let hi = self.hex4()?;
        let code = if (0xD800..0xDC00).contains(&hi) {
            let end = self.at.saturating_add(2);
            if self.bytes.get(self.at..end) != Some(b"\\u") {
                return Err(self.error("lone high surrogate"));
            }
            self.at = end;
            let lo = self.hex4()?;
            if !(0xDC00..0xE000).contains(&lo) {
                return Err(self.error("bad low surrogate"));
            }
            // hi < 0xDC00 and lo in the low range: no overflow.
            0x10000u32 | ((hi & 0x3FF) << 10) | (lo & 0x3FF)
        } else {
            hi
        };
        char::from_u32(code).ok_or_else(|| self.error("escape is not a character"))
    }

    fn digits(&mut self) -> usize {
        let start = self.at;
        while matches!(self.peek(), Some(b'0'..=b'9')) {
            self.bump();
        }
        self.at.saturating_sub(start)
    }

    fn number(&mut self) -> Result<Json> {
        let start = self.at;
        if self.peek() == Some(b'-') {
            self.bump();
        }
        let int_start = self.at;
        if self.digits() == 0 {
            return Err(self.error("expected digits"));
        }
        if self.bytes.get(int_start) == Some(&b'0') && self.at.saturating_sub(int_start) > 1 {
            return Err(error_at(int_start, "leading zero in a number"));
        }
        let mut integer = true;
        if self.peek() == Some(b'.') {
            integer = false;
            self.bump();
            if self.digits() == 0 {
                return Err(self.error("expected digits after '.'"));
            }
        }
        if matches!(self.peek(), Some(b'e' | b'E')) {
            integer = false;
            self.bump();
            if matches!(self.peek(), Some(b'+' | b'-')) {
                self.bump();
            }
            if self.digits() == 0 {
                return Err(self.error("expected exponent digits"));
            }
        }
        let literal = self.text.get(start..self.at).unwrap_or_default();
        if integer {
            if let Ok(u) = literal.parse::<u64>() {
                return Ok(Json::UInt(u));
            }
            if let Ok(i) = literal.parse::<i64>() {
                return Ok(Json::Int(i));
            }
        }
        literal
            .parse::<f64>()
            .map(Json::Float)
            .map_err(|_| error_at(start, "bad number"))
    }
}

#[cfg(test)]
mod tests {
    use super::{parse, Json};

    fn round_trip(v: &Json) -> Json {
        let mut s = String::new();
        v.write_pretty(&mut s).unwrap();
        parse(&s).unwrap()
    }

    #[test]
    fn reads_what_the_writer_writes() {
        let v = Json::object()
            .with("a\"b\\", vec![1u32, 2])
            .with("s", "x\ny\u{1}é😀")
            .with("n", Json::Null)
            .with("t", true)
            .with("i", -5i64)
            .with("f", Json::Float(f64::from(f32::MAX)))
            .with("z", Json::Float(-0.0))
            .with("e", Json::Array(vec![]))
            .with("o", Json::object());
        assert_eq!(round_trip(&v), v);
        let Json::Float(z) = parse("-0.0").unwrap() else {
            panic!()
        };
        assert!(z.is_sign_negative());
        assert_eq!(parse("\"\\ud83d\\ude00\"").unwrap(), Json::from("😀"));
        assert_eq!(parse("1e2").unwrap(), Json::Float(100.0));
        assert_eq!(
            parse("18446744073709551616").unwrap(),
            Json::Float(1.8446744073709552e19)
        );
    }

    #[test]
    fn errors_name_the_byte() {
        for (text, at) in [
            ("", 0),
            ("[1,]", 3),
            ("{\"a\" 1}", 5),
            ("01", 0),
            ("[1] x", 4),
            ("\"a", 2),
            ("\"\\ud800\"", 7),
            ("-", 1),
            ("1.", 2),
            ("tru", 0),
        ] {
            let e = parse(text).unwrap_err();
            assert_eq!(
                e.location(),
                &crate::error::Location::Byte(at),
                "{text:?}: {e}"
            );
        }
        let deep = "[".repeat(200);
        assert!(parse(&deep).unwrap_err().message().contains("nesting"));
    }
}
