//! The library compile API: [`Compiler`] turns a DXIL blob into SPIR-V plus
//! [`Reflection`].
//!
//! ```no_run
//! use dxil2spirv::compile::{CompileOptions, Compiler};
//! let blob = std::fs::read("shader.dxil").unwrap();
//! let out = Compiler::new(CompileOptions::default()).compile(&blob).unwrap();
//! println!("{} words\n{}", out.spirv.len(), out.reflection.to_json());
//! ```
//!
//! ## Reflection JSON schema
//!
//! ```text
//! {
//!   "entry_point": "main",
//!   "workgroup_size": [x, y, z],
//!   "wave_size": null,            // or n: [WaveSize(n)], the required subgroup size
//!   "resources": [ {
//!       "name": "Out",            // HLSL name, may be ""
//!       "class": "u",             // t | u | b | s
//!       "space": 0, "register": 0,
//!       "count": 1,               // descriptor array size, -1 unbounded
//!       "kind": "StructuredBuffer",  // DXIL resource kind
//!       "stride": 4,              // structured buffers, else 0
//!       "size": 0,                // constant buffers (bytes), else 0
//!       "set": 0, "binding": 2000,
//!       "descriptor_type": "storage_buffer",  // | uniform_buffer |
//!                 // uniform_texel_buffer | storage_texel_buffer | sampler
//!       "format": null,           // storage texel buffers: "Unknown", "R32ui", ...
//!       "counter": null,          // or {"set": s, "binding": b}: a storage
//!                                 // buffer holding one u32, starts at 0
//!       "used": true } ],
//!   "push_constant_size": 0,
//!   "capabilities": ["Shader", ...],
//!   "extensions": [],
//!   "srem_lowering": "via_unsigned",   // | "native"
//!   "bounds_checks": true
//! }
//! ```

use crate::emit::{self, EmitOptions, ShaderDesc};
pub use crate::emit::{
    BindingOffsets, BindingRemap, DescriptorType, ReflectedResource, Reflection, ResourceClass,
    SetPolicy, SremLowering,
};
use crate::error::Result;

/// Options of a compilation (plain data: fill it from a CLI, JSON or code).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CompileOptions {
    /// Binding numbers per register class (see [`BindingOffsets`]).
    pub binding_offsets: BindingOffsets,
    /// Binding remaps; the first rule matching a resource's class, space
    /// and first register wins.
    pub remaps: Vec<BindingRemap>,
    /// How register spaces map to descriptor sets (default `set = space`).
    pub sets: SetPolicy,
    /// Run the SPIR-V validator (Vulkan 1.3) on the output.
    pub validate: bool,
    /// How `srem` is lowered (default: through unsigned operations).
    pub srem: SremLowering,
    /// Explicit bounds checks on buffer accesses (D3D rule).
    pub bounds_checks: bool,
}

impl Default for CompileOptions {
    fn default() -> Self {
        CompileOptions {
            binding_offsets: BindingOffsets::default(),
            remaps: Vec::new(),
            sets: SetPolicy::Space,
            validate: true,
            srem: SremLowering::ViaUnsigned,
            bounds_checks: true,
        }
    }
}

/// The result of a compilation.
#[derive(Clone, Debug, PartialEq)]
pub struct Output {
    /// SPIR-V 1.6 words.
    pub spirv: Vec<u32>,
    /// Resources with their D3D and Vulkan bindings, and module facts.
    pub reflection: Reflection,
    /// Non-fatal remarks.
    pub warnings: Vec<String>,
}

/// A DXIL → SPIR-V compiler. Holds only its options: `Send + Sync`, no
/// global state; one instance may compile on many threads at once.
#[derive(Clone, Debug, Default)]
pub struct Compiler {
    options: CompileOptions,
}

impl Compiler {
    /// A compiler with these options.
    pub fn new(options: CompileOptions) -> Self {
        Compiler { options }
    }

    /// The options.
    pub fn options(&self) -> &CompileOptions {
        &self.options
    }

    /// Compiles a DXBC container holding a DXIL compute shader (raw LLVM
    /// bitcode is accepted too).
    pub fn compile(&self, blob: &[u8]) -> Result<Output> {
        let out = self.translate(blob)?;
        if self.options.validate {
            crate::validate::validate_vulkan_1_3(&out.spirv)?;
        }
        Ok(out)
    }

    /// Reads and emits without validating (what the benchmark measures).
    pub fn translate(&self, blob: &[u8]) -> Result<Output> {
        let shader = crate::Shader::read(blob)?;
        let module = &shader.module;
        let desc = ShaderDesc::from_dxil(&shader.dxil)?;
        let opts = EmitOptions {
            offsets: self.options.binding_offsets,
            remaps: self.options.remaps.clone(),
            sets: self.options.sets,
            srem: self.options.srem,
            bounds_checks: self.options.bounds_checks,
        };
        let e = emit::emit(module, &desc, &opts)?;
        Ok(Output {
            spirv: e.spirv,
            reflection: e.reflection,
            warnings: e.warnings,
        })
    }
}

#[allow(dead_code)]
fn assert_send_sync() {
    fn is<T: Send + Sync>() {}
    is::<Compiler>();
    is::<Output>();
}
