//! Descriptor QA through the C API: the option with its set, hash and
//! fault-log flag gives the reflection's `qa` section; bad flags and NULL
//! options are refused.

use crate::abi::{api, success, Compiler, INVALID_ARGUMENT, OK};
use std::ptr;

const HEAP: &str = "binding/heap66-slots-typed.dxil";

#[test]
fn descriptor_qa_with_hash_and_fault_log() {
    let compiler = Compiler::new(|api, o| {
        // SAFETY: `o` is live for the call.
        let status = unsafe { (api.options_set_descriptor_qa)(o, 5, 0x0123_4567_89ab_cdef, 1) };
        assert_eq!(status, OK);
    });
    let (_, json) = success(compiler.compile(&crate::corpus_blob(HEAP)));
    assert!(
        json.contains(r#""shader_hash":"0123456789abcdef""#),
        "{json}"
    );
    assert!(json.contains(r#""set":5"#), "{json}");
    assert!(json.contains(r#""fault_log":3"#), "{json}");
    assert!(
        json.contains(
            r#""op":"BufferLoad","function":"main","block":0,"heap":"resource","expected_mask":16"#
        ),
        "{json}"
    );
}

#[test]
fn descriptor_qa_off_and_bad_arguments() {
    let api = api();
    let off = Compiler::new(|api, o| {
        // SAFETY: `o` is live for the call.
        unsafe {
            assert_eq!((api.options_set_descriptor_qa)(o, 3, 0, 0), OK);
            assert_eq!((api.options_set_descriptor_qa)(o, u32::MAX, 0, 0), OK);
        }
    });
    let (_, json) = success(off.compile(&crate::corpus_blob(HEAP)));
    assert!(!json.contains(r#""qa""#), "{json}");
    // SAFETY: NULL options and an unknown flag are the error paths under
    // test; the options object is live until destroyed.
    unsafe {
        assert_eq!(
            (api.options_set_descriptor_qa)(ptr::null_mut(), 3, 0, 0),
            INVALID_ARGUMENT
        );
        let o = (api.options_create)();
        assert_eq!(
            (api.options_set_descriptor_qa)(o, 3, 0, 2),
            INVALID_ARGUMENT
        );
        (api.options_destroy)(o);
    }
}
