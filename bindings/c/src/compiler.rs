//! `dxil2spirv_compiler`: an immutable compiler, shareable across threads.

use crate::ffi::{guard, panic_message};
use crate::options::Options;
use crate::result::CompileResult;
use crate::Status;
use dxil2spirv::{CompileOptions, Compiler};
use std::ffi::c_void;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::ptr;

/// `dxil2spirv_compiler_create`: a compiler with a copy of `options` (NULL:
/// the defaults). NULL only on an internal failure.
///
/// # Safety
/// `options` is NULL or a live pointer from `dxil2spirv_options_create`.
#[no_mangle]
pub unsafe extern "C" fn dxil2spirv_compiler_create(options: *const Options) -> *mut Compiler {
    guard(ptr::null_mut(), || {
        // SAFETY: `options` is NULL (→ None) or live per the contract.
        let options =
            unsafe { options.as_ref() }.map_or_else(CompileOptions::default, |o| o.0.clone());
        Box::into_raw(Box::new(Compiler::new(options)))
    })
}

/// `dxil2spirv_compiler_destroy`: frees a compiler; NULL is a no-op.
///
/// # Safety
/// `compiler` is NULL or a live pointer from [`dxil2spirv_compiler_create`]
/// that no thread uses during or after the call.
#[no_mangle]
pub unsafe extern "C" fn dxil2spirv_compiler_destroy(compiler: *mut Compiler) {
    if !compiler.is_null() {
        // SAFETY: per the contract, the pointer came from `Box::into_raw` in
        // `dxil2spirv_compiler_create` and is freed exactly once.
        guard((), || drop(unsafe { Box::from_raw(compiler) }));
    }
}

/// `dxil2spirv_compile`: compiles `size` bytes at `data`. Unless
/// `out_result` is NULL, `*out_result` receives a new result (also on
/// failure) that the caller frees with `dxil2spirv_result_destroy`; the
/// return value is its status.
///
/// # Safety
/// `compiler` is NULL or live (it may be used by other threads at the same
/// time); `data` is NULL or valid for reading `size` bytes for the whole
/// call; `out_result` is NULL or valid for writing a pointer.
#[no_mangle]
pub unsafe extern "C" fn dxil2spirv_compile(
    compiler: *const Compiler,
    data: *const c_void,
    size: usize,
    out_result: *mut *mut CompileResult,
) -> Status {
    if out_result.is_null() {
        return Status::InvalidArgument;
    }
    let result = contained(|| {
        // SAFETY: `compiler` is NULL (→ None) or live per the contract;
        // `Compiler` is `Sync`, so shared use across threads is sound.
        let Some(compiler) = (unsafe { compiler.as_ref() }) else {
            return CompileResult::failed(Status::InvalidArgument, "compiler is NULL");
        };
        if data.is_null() {
            return CompileResult::failed(Status::InvalidArgument, "blob data is NULL");
        }
        if isize::try_from(size).is_err() {
            return CompileResult::failed(Status::InvalidArgument, "blob size exceeds isize::MAX");
        }
        // SAFETY: `data` is non-null and valid for `size` bytes for the
        // call per the contract, `size <= isize::MAX`, and `u8` needs no
        // alignment.
        let blob = unsafe { std::slice::from_raw_parts(data.cast::<u8>(), size) };
        match compiler.compile(blob) {
            Ok(out) => CompileResult::ok(out),
            Err(e) => CompileResult::error(&e),
        }
    });
    let status = result.status();
    // SAFETY: `out_result` is non-null and valid for writes per the
    // contract.
    unsafe { out_result.write(Box::into_raw(Box::new(result))) };
    status
}

/// Runs `f`; a panic becomes an `Internal` result carrying its message.
fn contained(f: impl FnOnce() -> CompileResult) -> CompileResult {
    catch_unwind(AssertUnwindSafe(f)).unwrap_or_else(|payload| {
        let msg = format!("internal error: panic: {}", panic_message(payload.as_ref()));
        CompileResult::failed(Status::Internal, &msg)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn panics_become_internal_errors() {
        let r = contained(|| panic!("boom"));
        assert_eq!(r.status(), Status::Internal);
        assert_eq!(r.message(), "internal error: panic: boom");
    }
}
