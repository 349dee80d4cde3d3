//! [`DxilModule`]: everything the metadata says about a module.

use super::entry::EntryPoint;
use super::md::{invalid, MdReader};
use super::recycle::DecodeScratch;
use super::resources::Resources;
use super::shader_model::{ShaderModel, Version};
use super::ShaderKind;
use crate::error::Result;
use crate::ir::{FuncId, MdId, Module};
use std::sync::Arc;

/// The DXIL meaning of a module: shader model, versions, resources and
/// entry points, decoded from its named metadata.
#[derive(Clone, Debug, PartialEq)]
pub struct DxilModule {
    /// `!dx.shaderModel`.
    pub shader_model: ShaderModel,
    /// `!dx.version` (DXIL version), when present.
    pub dxil_version: Option<Version>,
    /// `!dx.valver` (validator version), when present.
    pub validator_version: Option<Version>,
    /// `!dx.resources` (empty when absent); shared with the entry points
    /// whose records name the same node (decoded once, never copied).
    pub resources: Arc<Resources>,
    /// `!dx.entryPoints`, in order. A non-library module has exactly one;
    /// a library may have none, and its first record may have no function.
    pub entry_points: Vec<EntryPoint>,
}

impl DxilModule {
    /// Decodes the DXIL metadata of a module read by [`crate::ir::read`].
    ///
    /// Fails with an `InvalidInput` error of the `Dxil` phase that names the
    /// offending record and field when the metadata is malformed; never
    /// panics.
    pub fn decode(module: &Module) -> Result<DxilModule> {
        Self::decode_with(module, &mut DecodeScratch::default())
    }

    /// [`DxilModule::decode`] into the buffers of `scratch` (what a
    /// compilation recycled), leaving the unused ones there.
    pub(crate) fn decode_with(module: &Module, scratch: &mut DecodeScratch) -> Result<DxilModule> {
        let md = MdReader::new(module, std::mem::take(scratch));
        let decoded = Self::decode_in(&md);
        *scratch = md.into_scratch();
        decoded
    }

    fn decode_in(md: &MdReader<'_>) -> Result<DxilModule> {
        let named = md.dx_named();
        let shader_model = ShaderModel::decode(md, named.shader_model)?;
        let dxil_version = Version::decode(md, "dx.version", named.version)?;
        let validator_version = Version::decode(md, "dx.valver", named.valver)?;

        let resources_id = md.single("dx.resources", named.resources)?;
        let resources = match resources_id {
            None => Resources::default(),
            some => Resources::decode(md, some, &"!dx.resources")?,
        };
        let resources = md.scratch().shared_resources(resources);

        let mut entry_points = md.scratch().entry_points();
        if let Some(list) = named.entry_points {
            // Entry records usually name the `!dx.resources` tuple itself:
            // decoded once, shared.
            let shared = resources_id.map(|id| (id, &resources));
            entry_points.reserve_exact(list.len());
            for (i, &id) in list.iter().enumerate() {
                entry_points.push(EntryPoint::decode(
                    md,
                    MdId(id),
                    i,
                    shader_model.kind,
                    shared,
                )?);
            }
        }
        if shader_model.kind != ShaderKind::Library {
            match entry_points.as_slice() {
                [only] if only.function.is_some() => {}
                [_] => return Err(invalid("!dx.entryPoints[0]", "entry function is null")),
                other => {
                    return Err(invalid(
                        "!dx.entryPoints",
                        format_args!(
                            "a {} module needs exactly one entry point, found {}",
                            shader_model,
                            other.len()
                        ),
                    ))
                }
            }
        }

        Ok(DxilModule {
            shader_model,
            dxil_version,
            validator_version,
            resources,
            entry_points,
        })
    }

    /// The entry point of a non-library module (for a library: its first
    /// entry point that has a function).
    pub fn entry_point(&self) -> Option<&EntryPoint> {
        self.entry_points.iter().find(|e| e.function.is_some())
    }

    /// The entry point with this name (as written in its record).
    pub fn entry_by_name(&self, name: &str) -> Option<&EntryPoint> {
        self.entry_points.iter().find(|e| e.name == name)
    }

    /// The entry point whose function is `func`.
    pub fn entry_by_function(&self, func: FuncId) -> Option<&EntryPoint> {
        self.entry_points.iter().find(|e| e.function == Some(func))
    }

    /// A library's shader exports: its entry points that have a function
    /// and a shader kind (plain exported functions have none).
    pub fn exports(&self) -> impl Iterator<Item = &EntryPoint> {
        self.entry_points.iter().filter(|e| e.is_export())
    }

    /// The positions of [`Self::exports`] in [`Self::entry_points`].
    pub(crate) fn export_indices(&self) -> impl Iterator<Item = usize> + '_ {
        let exports = self.entry_points.iter().enumerate();
        exports.filter_map(|(i, e)| e.is_export().then_some(i))
    }

    /// The library export with this name, unmangled (`RayGen`) or as
    /// written in its record.
    pub fn export(&self, name: &str) -> Option<&EntryPoint> {
        self.exports()
            .find(|e| e.export_name() == name || e.name == name)
    }

    /// Whether this is a library (`lib_6_x`).
    pub fn is_library(&self) -> bool {
        self.shader_model.kind == ShaderKind::Library
    }
}
