//! The whole compiler on raw bytes; any SPIR-V it returns must pass the
//! Vulkan 1.3 validator (panics otherwise).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    dxil2spirv_fuzz::compile(data);
});
