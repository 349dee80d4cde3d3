//! The entry point of the `rootsig` fuzz target: the root-signature model's
//! readers and writer on raw bytes.
//!
//! Shared, as source, by the fuzz crate (`fuzz/src/lib.rs`) and by the main
//! crate's mutation test (`tests/suite/rootsig_fuzz.rs`, through `#[path]`).
//! Depends only on `dxil2spirv` and `std`. It must return on any input; it
//! panics only when a round trip that must hold does not (a bug).

use dxil2spirv::json;
use dxil2spirv::rootsig::{self, RootSignature, Source};

/// Reads `data` as a root signature every way the model can: as raw
/// `RTS0`, as JSON text, and through `rootsig::load` (RTS0, container or
/// JSON). Whatever reads is written back as RTS0 and as JSON, read again,
/// and must write the same bytes; then it is validated and laid out.
pub fn rootsig(data: &[u8]) {
    if let Ok(rs) = RootSignature::parse(data) {
        check(&rs);
    }
    if let Ok(text) = std::str::from_utf8(data) {
        if let Ok(doc) = json::parse(text) {
            // What the reader accepts, the writer writes back the same.
            let mut again = String::new();
            let _ = doc.write(&mut again);
            let reread = json::parse(&again);
            assert!(
                reread.is_ok(),
                "JSON written from a parsed value does not read back"
            );
            if let Ok(rs) = RootSignature::from_json(&doc) {
                check(&rs);
            }
        }
    }
    if let Ok((rs, _)) = rootsig::load(data) {
        check(&rs);
    }
}

/// RTS0 → model → RTS0 and model → JSON → model → RTS0 give the same bytes
/// (bytes, not models: a NaN sampler LOD compares unequal to itself).
fn check(rs: &RootSignature) {
    let Ok(bytes) = rs.to_rts0() else {
        return;
    };
    let back = RootSignature::parse(&bytes);
    assert!(back.is_ok(), "written RTS0 does not read back: {back:?}");
    if let Ok(back) = back {
        assert_eq!(
            back.to_rts0().ok(),
            Some(bytes.clone()),
            "RTS0 → RTS0 differs"
        );
    }
    let mut text = String::new();
    let _ = rs.to_json().write(&mut text);
    let doc = json::parse(&text);
    assert!(doc.is_ok(), "written JSON does not read back: {doc:?}");
    if let Ok(doc) = doc {
        let from_json = RootSignature::from_json(&doc);
        assert!(
            from_json.is_ok(),
            "written JSON is not a root signature: {from_json:?}"
        );
        if let Ok(from_json) = from_json {
            assert_eq!(
                from_json.to_rts0().ok(),
                Some(bytes),
                "RTS0 → JSON → RTS0 differs"
            );
            assert!(from_json.to_json() == rs.to_json(), "JSON → JSON differs");
        }
    }
    let _ = rs.validate().map_err(|e| e.to_string());
    let block = rs.root_block();
    std::hint::black_box(block.to_json(rs));
    std::hint::black_box(rs.layout_json(Source::Rts0));
}
