//! The LLVM bitstream reader on raw bytes (bare bitcode): every block
//! entered, every record decoded; then a second walk that skips blocks.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let _ = dxil2spirv_fuzz::bitstream(data);
});
