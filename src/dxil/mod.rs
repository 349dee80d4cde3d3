//! DXIL meaning of a module read into our IR: the shader model and
//! versions, entry points with their signatures and properties, resource
//! declarations (all from named metadata), and `dx.op` call decoding.
//!
//! Start with [`DxilModule::decode`]; decode `dx.op` calls with [`dx_op`].
//! Enum values and record layouts follow `docs/DXIL.rst` and
//! `DxilMetadataHelper.h` of DirectXShaderCompiler (see `tables/`).

mod dx_op;
mod entry;
// MERGE(autogen): delete the next two lines and interim_enums.rs.
mod interim_enums;
pub use interim_enums::*;
mod kinds;
mod md;
mod module;
mod properties;
mod report;
mod resources;
mod shader_model;
mod signature;

pub use dx_op::{dx_op, dx_op_calls, is_dx_op_function, DxOpCall, DX_OP_PREFIX};
pub use entry::EntryPoint;
pub use kinds::ShaderFlags;
pub use md::RawTag;
pub use module::DxilModule;
pub use properties::{
    tag as property_tag, AsState, DsState, EntryProperties, GsState, HsState, MsState, WaveSize,
};
pub use resources::{tag as resource_tag, Cbv, ResourceBinding, Resources, Sampler, Srv, Uav};
pub use shader_model::{ShaderModel, Version};
pub use signature::{tag as signature_tag, SignatureElement, Signatures};
