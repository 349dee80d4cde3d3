//! The bitcode → IR reader and printer (input as bare bitcode), then
//! `Shader::read` (container or bare bitcode, DXIL meaning) and its `info`
//! reports, on raw bytes.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    dxil2spirv_fuzz::ir(data);
});
