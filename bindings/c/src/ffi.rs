//! Helpers shared by the entry points: panic containment and C strings.

use std::ffi::CString;
use std::panic::{catch_unwind, AssertUnwindSafe};

/// Runs `f`, returning `on_panic` if it panics (no unwinding into C).
///
/// `AssertUnwindSafe`: after a panic the only state touched is the object
/// the call was given, which stays a valid Rust value; callers see an error
/// or a default, never a torn invariant of the library.
pub fn guard<T>(on_panic: T, f: impl FnOnce() -> T) -> T {
    catch_unwind(AssertUnwindSafe(f)).unwrap_or(on_panic)
}

/// The message of a caught panic payload.
pub fn panic_message(payload: &(dyn std::any::Any + Send)) -> &str {
    if let Some(s) = payload.downcast_ref::<&str>() {
        s
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s
    } else {
        "(no message)"
    }
}

/// A C string of `s`; interior NUL bytes (possible in names read from a
/// blob) become U+FFFD so that the text is never cut short. (With none
/// left, `CString::new` cannot fail; the empty default is unreachable.)
pub fn c_string(s: &str) -> CString {
    CString::new(s.replace('\0', "\u{FFFD}")).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn guard_contains_panics() {
        assert_eq!(guard(7, || panic!("boom")), 7);
        assert_eq!(guard(7, || 1), 1);
    }

    #[test]
    fn panic_message_of_payloads() {
        let p = catch_unwind(|| panic!("static")).unwrap_err();
        assert_eq!(panic_message(p.as_ref()), "static");
        let p = catch_unwind(|| panic!("formatted {}", 1)).unwrap_err();
        assert_eq!(panic_message(p.as_ref()), "formatted 1");
        let p = catch_unwind(|| std::panic::panic_any(5u8)).unwrap_err();
        assert_eq!(panic_message(p.as_ref()), "(no message)");
    }

    #[test]
    fn c_string_replaces_nul() {
        assert_eq!(c_string("a\0b").to_str().unwrap(), "a\u{FFFD}b");
        assert_eq!(c_string("").as_bytes(), b"");
    }
}
