//! Root-signature mode (`bindless-1`) through the C API: the embedded root
//! signature, a supplied one (RTS0 bytes and JSON), the root block in a
//! uniform buffer, the flags, a supplied local root signature, and the
//! errors.

use crate::abi::{api, failure, success, Compiler, INVALID_ARGUMENT, INVALID_INPUT, OK};
use std::ptr;

const TABLES: &str = "binding/rs10-tables-and-root-params.dxil";

#[test]
fn embedded_root_signature_gives_bindless_reflection() {
    let compiler = Compiler::new(|api, o| {
        // SAFETY: `o` is live for the call.
        assert_eq!(unsafe { (api.options_set_root_signature_embedded)(o) }, OK);
    });
    let (_, json) = success(compiler.compile(&crate::corpus_blob(TABLES)));
    assert!(json.contains(r#""abi": "bindless-1""#), "{json}");
    assert!(json.contains(r#""storage":"push_constant""#), "{json}");
}

#[test]
fn supplied_root_signature_from_a_container_and_ubo_root_block() {
    let blob = crate::corpus_blob(TABLES);
    let compiler = Compiler::new(|api, o| {
        // SAFETY: `o` is live; the blob outlives the call (it is copied).
        unsafe {
            assert_eq!(
                (api.options_set_root_signature)(o, blob.as_ptr(), blob.len()),
                OK
            );
            assert_eq!((api.options_set_root_block_ubo)(o, 1, 2, 0), OK);
            assert_eq!((api.options_set_bindless_flags)(o, 3), OK);
        }
    });
    let (_, json) = success(compiler.compile(&blob));
    assert!(json.contains(r#""source":"supplied""#), "{json}");
    assert!(
        json.contains(r#""storage":"uniform_buffer","set":2,"binding":0"#),
        "{json}"
    );
    assert!(json.contains("mutableDescriptorType"), "{json}");
}

#[test]
fn uncovered_register_fails_with_register_parameter_and_stage() {
    // A root signature with one root UAV at u7: the shader's t0 is not
    // covered.
    let rs = br#"{"version": "1.1", "flags": [], "parameters": [
        {"visibility": "All", "kind": "uav", "register": 7, "space": 0, "flags": []}],
        "static_samplers": []}"#;
    let compiler = Compiler::new(|api, o| {
        // SAFETY: `o` is live; `rs` outlives the call.
        unsafe {
            assert_eq!(
                (api.options_set_root_signature)(o, rs.as_ptr(), rs.len()),
                OK
            )
        };
    });
    let (status, message) = failure(compiler.compile(&crate::corpus_blob(TABLES)));
    assert_eq!(status, INVALID_INPUT);
    assert!(
        message.contains("t0") && message.contains("Compute"),
        "{message}"
    );
}

#[test]
fn bad_arguments() {
    let api = api();
    // SAFETY: NULL options and bad bytes are the error paths under test;
    // the options object is live until destroyed.
    unsafe {
        assert_eq!(
            (api.options_set_root_signature_embedded)(ptr::null_mut()),
            INVALID_ARGUMENT
        );
        let o = (api.options_create)();
        assert_eq!(
            (api.options_set_root_signature)(o, ptr::null(), 3),
            INVALID_ARGUMENT
        );
        assert_eq!((api.options_set_root_signature)(o, ptr::null(), 0), OK);
        assert_eq!(
            (api.options_set_root_signature)(o, b"xyz".as_ptr(), 3),
            INVALID_INPUT
        );
        assert_eq!((api.options_set_bindless_flags)(o, 4), INVALID_ARGUMENT);
        (api.options_destroy)(o);
    }
}

#[test]
fn supplied_local_root_signature_lays_out_the_shader_record() {
    // The corpus library's own local root signature, supplied as JSON
    // with its root constants widened to 3 words: the record grows.
    let local = br#"{"version": "1.1", "flags": ["LOCAL_ROOT_SIGNATURE"], "parameters": [
        {"visibility": "All", "kind": "constants", "register": 0, "space": 1, "count": 3},
        {"visibility": "All", "kind": "cbv", "register": 1, "space": 1, "flags": []},
        {"visibility": "All", "kind": "srv", "register": 0, "space": 1, "flags": []},
        {"visibility": "All", "kind": "table", "ranges": [{"type": "Srv", "count": 1,
            "base_register": 1, "space": 1, "offset": "append", "flags": []}]}],
        "static_samplers": []}"#;
    let compiler = Compiler::new(|api, o| {
        // SAFETY: `o` is live; `local` outlives the call (it is copied).
        unsafe {
            assert_eq!((api.options_set_root_signature_embedded)(o), OK);
            assert_eq!(
                (api.options_set_entry_point)(o, c"MaterialClosestHit".as_ptr()),
                OK
            );
            assert_eq!(
                (api.options_set_local_root_signature)(o, local.as_ptr(), local.len()),
                OK
            );
        }
    });
    let blob = crate::corpus_blob("advanced/dxr-local-root-constants-tables.dxil");
    let (_, json) = success(compiler.compile(&blob));
    assert!(
        json.contains(r#""shader_record": {"source":"supplied","size":40"#),
        "{json}"
    );
    let api = api();
    // SAFETY: NULL options and bad bytes are the error paths under test.
    unsafe {
        assert_eq!(
            (api.options_set_local_root_signature)(ptr::null_mut(), ptr::null(), 0),
            INVALID_ARGUMENT
        );
        let o = (api.options_create)();
        assert_eq!(
            (api.options_set_local_root_signature)(o, b"xyz".as_ptr(), 3),
            INVALID_INPUT
        );
        assert_eq!(
            (api.options_set_local_root_signature)(o, ptr::null(), 0),
            OK
        );
        (api.options_destroy)(o);
    }
}
