//! Per-sample pixel inputs make the shader run per sample (issue 15):
//! D3D runs a pixel shader per sample when any input is interpolated at the
//! sample (the PSV's `SampleFrequency`), while Vulkan's `Sample` decoration
//! only *may* enable sample shading. Every translated pixel shader with a
//! `Sample` input, user attribute or built-in, also takes one `SampleId`
//! input, which enables it (`tests/classes/ps-sample-user-inputs`).

use crate::common;
use dxil2spirv::compile::Compiler;
use std::path::Path;

/// The validated disassembly of `tests/classes/<name>.dxil`.
fn asm(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("tests/classes/{name}.dxil"));
    let out = Compiler::default()
        .compile(&std::fs::read(path).unwrap())
        .unwrap_or_else(|e| panic!("{name}: {e}"));
    common::spirv_val::assert_valid(name, &out.spirv);
    dxil2spirv::validate::disassemble(&out.spirv).unwrap()
}

#[test]
fn sample_interpolated_user_inputs_run_the_shader_per_sample() {
    let a = asm("ps-sample-user-inputs");
    // COLOR, TEXCOORD0 and the clip distance are interpolated at the
    // sample; SV_Position is not.
    assert_eq!(a.matches(" Sample\n").count(), 3, "{a}");
    assert_eq!(a.matches("BuiltIn SampleId").count(), 1, "{a}");
    assert!(a.contains("OpCapability SampleRateShading"), "{a}");
}

#[test]
fn one_sample_id_serves_every_per_sample_input() {
    // Sample SV_Position, barycentrics and distances: still one SampleId.
    let a = asm("ps-builtin-sample-interp");
    assert_eq!(a.matches("BuiltIn SampleId").count(), 1, "{a}");
}
