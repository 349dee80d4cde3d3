//! Entry point records: `!dx.entryPoints = !{!{fn, !"name", sigs,
//! resources, props}, ...}`.

use super::md::{invalid, lazy, MdReader};
use super::properties::EntryProperties;
use super::resources::Resources;
use super::signature::Signatures;
use super::ShaderKind;
use crate::error::Result;
use crate::ir::{FuncId, MdId};
use std::sync::Arc;

/// One entry point.
#[derive(Clone, Debug, PartialEq)]
pub struct EntryPoint {
    /// The entry function; `None` for a library's null "entry" that only
    /// carries module-wide resources and flags.
    pub function: Option<FuncId>,
    /// The name as given in the record (mangled for library functions;
    /// empty for a library's null entry).
    pub name: String,
    /// The shader kind: the shader model's kind, or for a library entry
    /// its shader kind property (`Library` when it has none).
    pub kind: ShaderKind,
    /// Input, output and patch constant signatures.
    pub signatures: Signatures,
    /// The entry's resource lists, when the record has them (same shape as
    /// `!dx.resources`; usually the very same node, then shared with
    /// [`super::DxilModule::resources`]).
    pub resources: Option<Arc<Resources>>,
    /// The resource lists' metadata node, when not null.
    pub resources_md: Option<MdId>,
    /// Properties.
    pub properties: EntryProperties,
    /// The entry record itself.
    pub md: MdId,
}

impl EntryPoint {
    /// The name the entry point is exported as: a library function's
    /// unmangled name (`RayGen` for `\u{1}?RayGen@@YAXXZ`), else the name
    /// as written.
    pub fn export_name(&self) -> &str {
        let name = self.name.strip_prefix('\u{1}').unwrap_or(&self.name);
        match name.strip_prefix('?') {
            Some(mangled) => mangled.split('@').next().unwrap_or(mangled),
            None => name,
        }
    }

    /// Whether a library lists this entry as a shader export: it has a
    /// function and a shader kind.
    pub(crate) fn is_export(&self) -> bool {
        self.function.is_some() && self.kind != ShaderKind::Library
    }

    /// The thread group size from `numthreads` (tag 4) or from the mesh or
    /// amplification state.
    pub fn num_threads(&self) -> Option<[u32; 3]> {
        let p = &self.properties;
        p.num_threads
            .or(p.ms.map(|s| s.num_threads))
            .or(p.amplification.map(|s| s.num_threads))
    }

    /// Decodes one record; `model_kind` is the shader model's kind and
    /// `shared` the module's `!dx.resources` (its node and its decoding),
    /// which the record's resources usually are.
    pub(crate) fn decode(
        md: &MdReader<'_>,
        id: MdId,
        index: usize,
        model_kind: ShaderKind,
        shared: Option<(MdId, &Arc<Resources>)>,
    ) -> Result<Self> {
        let entry = lazy(|f| write!(f, "!dx.entryPoints[{index}]"));
        let node = md.record(Some(id), 5, &entry)?;
        let function = md.function(node.get(0), &format_args!("{entry}: function"))?;
        let name = md.owned_string(node.get(1), &format_args!("{entry}: name"))?;
        let path = lazy(|f| match name.as_str() {
            "" => write!(f, "{entry}"),
            name => write!(f, "{entry} ({})", name.escape_debug()),
        });
        let signatures = Signatures::decode(md, node.get(2), &path)?;
        let resources_md = node.get(3);
        let resources = match (resources_md, shared) {
            (None, _) => None,
            (Some(id), Some((module_id, decoded))) if id == module_id => Some(Arc::clone(decoded)),
            (some, _) => Some(Arc::new(Resources::decode(
                md,
                some,
                &format_args!("{path} resources"),
            )?)),
        };
        let properties = EntryProperties::decode(md, node.get(4), &path)?;
        let kind = match (model_kind, properties.shader_kind) {
            (ShaderKind::Library, Some(k)) => k,
            (ShaderKind::Library, None) => ShaderKind::Library,
            (model, Some(k)) if k != model => {
                return Err(invalid(
                    &path,
                    format_args!(
                        "shader kind property {} contradicts the shader model ({})",
                        k.name(),
                        model.name()
                    ),
                ))
            }
            (model, _) => model,
        };
        Ok(EntryPoint {
            function,
            name,
            kind,
            signatures,
            resources,
            resources_md,
            properties,
            md: id,
        })
    }
}
