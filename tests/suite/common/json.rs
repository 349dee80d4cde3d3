//! A small JSON parser for the tests that read the binary's JSON output.

/// A parsed JSON value, just enough to walk `info --json` output.
#[derive(Debug, PartialEq)]
pub enum Value {
    Null,
    Bool(bool),
    Num(f64),
    Str(String),
    Array(Vec<Value>),
    Object(Vec<(String, Value)>),
}

impl Value {
    /// The value at a `/`-separated path of object keys and array indices.
    pub fn at(&self, path: &str) -> &Value {
        path.split('/').fold(self, |v, key| match v {
            Value::Object(entries) => entries
                .iter()
                .find(|(k, _)| k == key)
                .map(|(_, v)| v)
                .unwrap_or_else(|| panic!("no key {key} in {path}")),
            Value::Array(items) => &items[key.parse::<usize>().unwrap()],
            _ => panic!("{path}: {key} inside a scalar"),
        })
    }

    /// The items of an array.
    pub fn items(&self) -> &[Value] {
        match self {
            Value::Array(items) => items,
            other => panic!("not an array: {other:?}"),
        }
    }

    /// The items of an array, taken.
    pub fn into_items(self) -> Vec<Value> {
        match self {
            Value::Array(items) => items,
            other => panic!("not an array: {other:?}"),
        }
    }

    /// The length of an array.
    pub fn len(&self) -> usize {
        self.items().len()
    }

    /// A string's text.
    pub fn str(&self) -> &str {
        match self {
            Value::Str(s) => s,
            other => panic!("not a string: {other:?}"),
        }
    }

    /// A number.
    pub fn num(&self) -> f64 {
        match self {
            Value::Num(n) => *n,
            other => panic!("not a number: {other:?}"),
        }
    }

    /// The numbers of an array.
    pub fn nums(&self) -> Vec<f64> {
        self.items().iter().map(Value::num).collect()
    }
}

/// Parses a whole JSON document (panics on malformed input).
pub fn parse(text: &str) -> Value {
    let mut chars = text.chars().peekable();
    let value = parse_value(&mut chars);
    skip_ws(&mut chars);
    assert_eq!(chars.next(), None, "trailing text after the JSON value");
    value
}

type Chars<'a> = std::iter::Peekable<std::str::Chars<'a>>;

fn skip_ws(c: &mut Chars) {
    while c.next_if(|c| c.is_ascii_whitespace()).is_some() {}
}

fn expect(c: &mut Chars, word: &str) {
    for want in word.chars() {
        assert_eq!(c.next(), Some(want), "expected {word}");
    }
}

fn parse_value(c: &mut Chars) -> Value {
    skip_ws(c);
    match c.peek().copied() {
        Some('n') => (expect(c, "null"), Value::Null).1,
        Some('t') => (expect(c, "true"), Value::Bool(true)).1,
        Some('f') => (expect(c, "false"), Value::Bool(false)).1,
        Some('"') => Value::Str(parse_string(c)),
        Some('[') => Value::Array(parse_seq(c, '[', ']', parse_value)),
        Some('{') => Value::Object(parse_seq(c, '{', '}', |c| {
            skip_ws(c);
            let key = parse_string(c);
            skip_ws(c);
            expect(c, ":");
            (key, parse_value(c))
        })),
        _ => {
            let mut num = String::new();
            while let Some(d) = c.next_if(|d| d.is_ascii_digit() || "+-.eE".contains(*d)) {
                num.push(d);
            }
            Value::Num(num.parse().unwrap_or_else(|_| panic!("bad number {num:?}")))
        }
    }
}

fn parse_seq<T>(c: &mut Chars, open: char, close: char, item: fn(&mut Chars) -> T) -> Vec<T> {
    expect(c, &open.to_string());
    let mut items = Vec::new();
    skip_ws(c);
    if c.next_if_eq(&close).is_some() {
        return items;
    }
    loop {
        items.push(item(c));
        skip_ws(c);
        match c.next() {
            Some(',') => {}
            Some(ch) if ch == close => return items,
            other => panic!("expected , or {close}, found {other:?}"),
        }
    }
}

fn parse_string(c: &mut Chars) -> String {
    expect(c, "\"");
    let mut s = String::new();
    loop {
        match c.next().expect("unterminated string") {
            '"' => return s,
            '\\' => match c.next().expect("unterminated escape") {
                'n' => s.push('\n'),
                'r' => s.push('\r'),
                't' => s.push('\t'),
                'u' => {
                    let hex: String = c.by_ref().take(4).collect();
                    let code = u32::from_str_radix(&hex, 16).expect("hex escape");
                    s.push(char::from_u32(code).expect("a scalar value"));
                }
                other => s.push(other),
            },
            ch => {
                assert!(ch as u32 >= 0x20, "raw control character in a string");
                s.push(ch);
            }
        }
    }
}
