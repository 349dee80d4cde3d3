//! The DXBC container parser and every part accessor, on raw bytes.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    dxil2spirv_fuzz::container(data);
});
