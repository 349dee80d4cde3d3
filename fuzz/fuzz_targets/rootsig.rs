//! The root-signature model on raw bytes: RTS0 and JSON readers, the RTS0
//! and JSON writers (round trips must hold), validation and the root block.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    dxil2spirv_fuzz::rootsig(data);
});
