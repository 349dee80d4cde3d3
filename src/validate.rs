//! In-process SPIR-V validation with SPIRV-Tools (the `spirv-tools` crate,
//! compiled in), targeting the Vulkan 1.3 environment.
//!
//! Validator options: the defaults of the Vulkan 1.3 environment, nothing
//! relaxed. In particular:
//! - block layout: relaxed block layout is implied by Vulkan ≥ 1.1
//!   (`VK_KHR_relaxed_block_layout` is core), so the default applies; our
//!   buffers are `uint`/`ushort`/`ulong` arrays and `uvec4` arrays, valid
//!   under std140/std430 anyway, so neither scalar layout nor skipping
//!   layout checks is needed;
//! - no `relax_logical_pointer` / `before_legalization`: the output must be
//!   valid as is, without an optimizer run;
//! - no `relax_struct_store`: stores always use identical types.
//!
//! A validator context is created per call: SPIRV-Tools contexts are not
//! shareable across threads, and creating one is cheap next to validating.

use crate::error::{Error, ErrorKind, Location, Phase, Result};
use spirv_tools::val::Validator;

/// Validates SPIR-V words for Vulkan 1.3; the error carries the validator's
/// message.
pub fn validate_vulkan_1_3(words: &[u32]) -> Result<()> {
    let validator = spirv_tools::val::create(Some(spirv_tools::TargetEnv::Vulkan_1_3));
    validator.validate(words, None).map_err(|e| {
        let msg = match &e.diagnostic {
            Some(d) if !d.notes.is_empty() => format!("{}\n{}", d.message, d.notes),
            Some(d) => d.message.clone(),
            None => format!("{:?}", e.inner),
        };
        Error::new(
            ErrorKind::Validation,
            Phase::Validate,
            Location::Unknown,
            msg,
        )
    })
}

/// A human-readable disassembly of SPIR-V words (for messages and
/// snapshots); `None` if the words do not parse.
pub fn disassemble(words: &[u32]) -> Option<String> {
    use rspirv::binary::Disassemble;
    let module = rspirv::dr::load_words(words).ok()?;
    Some(module.disassemble())
}
