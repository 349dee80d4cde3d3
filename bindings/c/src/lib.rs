//! The stable C API of dxil2spirv: `libdxil2spirv.so` / `libdxil2spirv.a`
//! with the header `include/dxil2spirv.h`.
//!
//! The header is the specification (hand-written; `tests/capi/header.rs` checks
//! that it declares exactly the functions exported here). Every entry point
//! catches panics and reports them as [`Status::Internal`]; no panic crosses
//! the C boundary. The crate holds no global state.
// Lints: [workspace.lints] in the root Cargo.toml (no panics, documented
// unsafe blocks); unit tests may unwrap.
#![cfg_attr(test, allow(clippy::restriction))]

mod compiler;
mod ffi;
mod options;
mod result;

use dxil2spirv::ErrorKind;
use std::ffi::c_char;

/// `dxil2spirv_status`: the outcome of a call. The values of the failure
/// kinds equal the CLI exit codes ([`ErrorKind::exit_code`]); 5 (I/O) is
/// reserved, the library does no I/O.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// Success.
    Ok = 0,
    /// The blob is malformed.
    InvalidInput = 1,
    /// The blob uses a feature not supported yet.
    Unsupported = 2,
    /// An internal invariant broke (or a panic was caught).
    Internal = 3,
    /// The produced SPIR-V failed validation.
    Validation = 4,
    /// A bad argument: a NULL pointer or an out-of-range enum value.
    InvalidArgument = 6,
}

impl From<ErrorKind> for Status {
    fn from(kind: ErrorKind) -> Self {
        match kind {
            ErrorKind::InvalidInput => Status::InvalidInput,
            ErrorKind::Unsupported => Status::Unsupported,
            ErrorKind::Internal => Status::Internal,
            ErrorKind::Validation => Status::Validation,
        }
    }
}

const VERSION: &str = concat!(env!("CARGO_PKG_VERSION"), "\0");

/// `dxil2spirv_version`: the library version as a static NUL-terminated
/// string (`"MAJOR.MINOR.PATCH"`).
#[no_mangle]
pub extern "C" fn dxil2spirv_version() -> *const c_char {
    VERSION.as_ptr().cast()
}

/// `dxil2spirv_version_numbers`: the library version as numbers.
///
/// # Safety
/// Each pointer is NULL or valid for writing a `u32`.
#[no_mangle]
pub unsafe extern "C" fn dxil2spirv_version_numbers(
    major: *mut u32,
    minor: *mut u32,
    patch: *mut u32,
) {
    ffi::guard((), || {
        let parse = |s: &str| s.parse::<u32>().unwrap_or(0);
        let values = [
            parse(env!("CARGO_PKG_VERSION_MAJOR")),
            parse(env!("CARGO_PKG_VERSION_MINOR")),
            parse(env!("CARGO_PKG_VERSION_PATCH")),
        ];
        for (ptr, value) in [major, minor, patch].into_iter().zip(values) {
            // SAFETY: the caller passes NULL or a pointer valid for writes;
            // `as_mut` turns NULL into `None`.
            if let Some(out) = unsafe { ptr.as_mut() } {
                *out = value;
            }
        }
    })
}

/// `dxil2spirv_status_string`: a static NUL-terminated description of a
/// status value (any `int`; unknown values give `"unknown status"`).
#[no_mangle]
pub extern "C" fn dxil2spirv_status_string(status: i32) -> *const c_char {
    let s: &'static str = match status {
        0 => "ok\0",
        1 => "invalid input\0",
        2 => "unsupported\0",
        3 => "internal error\0",
        4 => "validation failed\0",
        6 => "invalid argument\0",
        _ => "unknown status\0",
    };
    s.as_ptr().cast()
}
