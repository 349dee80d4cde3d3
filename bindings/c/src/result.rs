//! `dxil2spirv_result`: the immutable outcome of one compilation.

use crate::ffi::{c_string, guard};
use crate::Status;
use dxil2spirv::{Error, Output};
use std::ffi::{c_char, CString};
use std::ptr;

/// The object behind `dxil2spirv_result*`.
pub struct CompileResult {
    status: Status,
    /// `""` on success, else the error with kind, phase and location.
    message: CString,
    /// Empty on failure.
    spirv: Vec<u32>,
    /// `None` on failure.
    reflection: Option<CString>,
    warnings: Vec<CString>,
}

impl CompileResult {
    /// A successful compilation.
    pub fn ok(out: Output) -> Self {
        CompileResult {
            status: Status::Ok,
            message: CString::default(),
            reflection: Some(c_string(&out.reflection.to_json())),
            warnings: out.warnings.iter().map(|w| c_string(w)).collect(),
            spirv: out.spirv,
        }
    }

    /// A failure with a status and message.
    pub fn failed(status: Status, message: &str) -> Self {
        CompileResult {
            status,
            message: c_string(message),
            spirv: Vec::new(),
            reflection: None,
            warnings: Vec::new(),
        }
    }

    /// A failed compilation (the message is the error's `Display`: kind,
    /// phase, location, text).
    pub fn error(e: &Error) -> Self {
        Self::failed(e.kind().into(), &e.to_string())
    }

    /// The status.
    pub fn status(&self) -> Status {
        self.status
    }

    /// The message (`""` on success).
    #[cfg(test)]
    pub fn message(&self) -> &str {
        self.message.to_str().unwrap()
    }
}

/// Runs `f` on the result behind `result`, or returns `default` if it is
/// NULL or `f` panics.
///
/// # Safety
/// `result` is NULL or a live pointer from `dxil2spirv_compile`.
unsafe fn with_result<T>(
    result: *const CompileResult,
    default: T,
    f: impl FnOnce(&CompileResult) -> T,
) -> T {
    // SAFETY: per this function's contract, `result` is NULL (→ None) or
    // live; results are never mutated, so shared access from any thread is
    // sound.
    match unsafe { result.as_ref() } {
        Some(r) => guard(default, || f(r)),
        None => default,
    }
}

/// `dxil2spirv_result_status`: the status (`InvalidArgument` for NULL).
///
/// # Safety
/// See [`with_result`].
#[no_mangle]
pub unsafe extern "C" fn dxil2spirv_result_status(result: *const CompileResult) -> Status {
    // SAFETY: the caller upholds `with_result`'s contract on `result`.
    unsafe { with_result(result, Status::InvalidArgument, |r| r.status) }
}

/// `dxil2spirv_result_message`: the error message, `""` on success, NULL
/// for a NULL result. Owned by the result.
///
/// # Safety
/// See [`with_result`].
#[no_mangle]
pub unsafe extern "C" fn dxil2spirv_result_message(result: *const CompileResult) -> *const c_char {
    // SAFETY: the caller upholds `with_result`'s contract on `result`.
    unsafe { with_result(result, ptr::null(), |r| r.message.as_ptr()) }
}

/// `dxil2spirv_result_spirv`: the SPIR-V words (NULL on failure) and their
/// count in `*word_count` (if not NULL; 0 on failure). Owned by the result.
///
/// # Safety
/// See [`with_result`]; `word_count` is NULL or valid for writing a
/// `usize`.
#[no_mangle]
pub unsafe extern "C" fn dxil2spirv_result_spirv(
    result: *const CompileResult,
    word_count: *mut usize,
) -> *const u32 {
    // SAFETY: the caller upholds `with_result`'s contract on `result`.
    let (words, count) = unsafe {
        with_result(result, (ptr::null(), 0), |r| match r.spirv.is_empty() {
            true => (ptr::null(), 0),
            false => (r.spirv.as_ptr(), r.spirv.len()),
        })
    };
    // SAFETY: `word_count` is NULL (→ None) or valid for writes.
    if let Some(out) = unsafe { word_count.as_mut() } {
        *out = count;
    }
    words
}

/// `dxil2spirv_result_reflection_json`: the reflection JSON (NULL on
/// failure). Owned by the result.
///
/// # Safety
/// See [`with_result`].
#[no_mangle]
pub unsafe extern "C" fn dxil2spirv_result_reflection_json(
    result: *const CompileResult,
) -> *const c_char {
    // SAFETY: the caller upholds `with_result`'s contract on `result`.
    unsafe {
        with_result(result, ptr::null(), |r| {
            r.reflection.as_ref().map_or(ptr::null(), |j| j.as_ptr())
        })
    }
}

/// `dxil2spirv_result_warning_count`: the number of warnings (0 for NULL).
///
/// # Safety
/// See [`with_result`].
#[no_mangle]
pub unsafe extern "C" fn dxil2spirv_result_warning_count(result: *const CompileResult) -> usize {
    // SAFETY: the caller upholds `with_result`'s contract on `result`.
    unsafe { with_result(result, 0, |r| r.warnings.len()) }
}

/// `dxil2spirv_result_warning`: warning `index` (NULL if out of range).
/// Owned by the result.
///
/// # Safety
/// See [`with_result`].
#[no_mangle]
pub unsafe extern "C" fn dxil2spirv_result_warning(
    result: *const CompileResult,
    index: usize,
) -> *const c_char {
    // SAFETY: the caller upholds `with_result`'s contract on `result`.
    unsafe {
        with_result(result, ptr::null(), |r| {
            r.warnings.get(index).map_or(ptr::null(), |w| w.as_ptr())
        })
    }
}

/// `dxil2spirv_result_destroy`: frees a result and everything it owns;
/// NULL is a no-op.
///
/// # Safety
/// `result` is NULL or a live pointer from `dxil2spirv_compile`, not used
/// afterwards (by any thread).
#[no_mangle]
pub unsafe extern "C" fn dxil2spirv_result_destroy(result: *mut CompileResult) {
    if !result.is_null() {
        // SAFETY: per the contract, the pointer came from `Box::into_raw` in
        // `dxil2spirv_compile` and is freed exactly once.
        guard((), || drop(unsafe { Box::from_raw(result) }));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use dxil2spirv::{ErrorKind, Location, Phase};

    /// Every error kind maps to its status and exit code; the message
    /// carries kind, phase and location. (Validation failures cannot be
    /// provoked from the corpus: every blob that translates validates.)
    #[test]
    fn errors_keep_kind_phase_and_location() {
        let kinds = [
            (ErrorKind::InvalidInput, Status::InvalidInput),
            (ErrorKind::Unsupported, Status::Unsupported),
            (ErrorKind::Internal, Status::Internal),
            (ErrorKind::Validation, Status::Validation),
        ];
        for (kind, status) in kinds {
            let e = Error::new(kind, Phase::Validate, Location::Bit(9), "text");
            let r = CompileResult::error(&e);
            assert_eq!(r.status(), status);
            assert_eq!(r.status() as i32, kind.exit_code());
            assert_eq!(r.message(), e.to_string());
            assert!(r.spirv.is_empty() && r.reflection.is_none());
        }
        let e = Error::new(
            ErrorKind::Validation,
            Phase::Validate,
            Location::Unknown,
            "bad id",
        );
        let r = CompileResult::error(&e);
        assert_eq!(r.message(), "validation failed (validate): bad id");
    }
}
