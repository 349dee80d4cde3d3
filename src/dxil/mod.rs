//! DXIL meaning of a module read into our IR: the shader model and
//! versions, entry points with their signatures and properties, resource
//! declarations (all from named metadata), and `dx.op` call decoding.
//!
//! Start with [`DxilModule::decode`]; decode `dx.op` calls with [`dx_op`]
//! and their operands, by name, with [`DxOp::decode`].
//! Enum values and record layouts follow `docs/DXIL.rst` and
//! `DxilMetadataHelper.h` of DirectXShaderCompiler. The dx.op table and the
//! DXIL enumerations are generated from `tables/` (see `tables/generate.rs`).

mod autogen_enums;
mod autogen_ops;
mod dx_op;
mod entry;
mod kinds;
mod md;
mod module;
mod operand_reader;
#[path = "autogen_operands.rs"]
pub mod operands;
mod properties;
mod recycle;
mod report;
mod resources;
mod shader_model;
mod signature;

pub use autogen_enums::*;
pub use autogen_ops::*;
pub use dx_op::{
    decode_call, decode_operands, dx_op, dx_op_calls, dx_op_calls_to, is_dx_op_function, DxOpCall,
    DX_OP_PREFIX,
};
pub use entry::EntryPoint;
pub use kinds::ShaderFlags;
pub use md::RawTag;
pub use module::DxilModule;
pub use operands::DxOp;
pub use properties::{
    tag as property_tag, AsState, DsState, EntryProperties, GsState, HsState, MsState, WaveSize,
};
pub(crate) use recycle::DecodeScratch;
pub use resources::{tag as resource_tag, Cbv, ResourceBinding, Resources, Sampler, Srv, Uav};
pub use shader_model::{ShaderModel, Version};
pub use signature::{tag as signature_tag, SignatureElement, Signatures};
