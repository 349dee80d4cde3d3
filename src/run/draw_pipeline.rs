//! The graphics pipeline of a [`Draw`]: its shader stages (vertex, optional
//! tessellation, optional geometry, pixel), vertex input layout, topology
//! and fixed state, and the device features they need, checked before
//! anything is created so that a device without one reports it as
//! unsupported.

use std::ffi::CString;

use ash::vk;
use rspirv::spirv::{Capability, Op};

use super::draw::{Draw, StageCode};
use super::gpu::{self, Device, Owned};
use super::{invalid, unsupported};
use crate::error::Result;

/// The optional device features that drawing stages and targets need, as
/// the device enabled them.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct DrawFeatures {
    geometry: bool,
    tessellation: bool,
    multi_viewport: bool,
    output_layer: bool,
    output_viewport_index: bool,
    mesh: bool,
    task: bool,
}

impl DrawFeatures {
    /// The features of the enabled core and Vulkan 1.2 feature structs
    /// (all-zero where the device has no Vulkan 1.2) and whether mesh and
    /// task shaders are enabled.
    pub(crate) fn of(
        core: &vk::PhysicalDeviceFeatures,
        v12: &vk::PhysicalDeviceVulkan12Features<'_>,
        (mesh, task): (bool, bool),
    ) -> DrawFeatures {
        let on = |b: vk::Bool32| b == vk::TRUE;
        DrawFeatures {
            geometry: on(core.geometry_shader),
            tessellation: on(core.tessellation_shader),
            multi_viewport: on(core.multi_viewport),
            output_layer: on(v12.shader_output_layer),
            output_viewport_index: on(v12.shader_output_viewport_index),
            mesh,
            task,
        }
    }

    /// Whether the device enabled `feature`.
    fn has(self, feature: Feature) -> bool {
        match feature {
            Feature::Geometry => self.geometry,
            Feature::Tessellation => self.tessellation,
            Feature::MultiViewport => self.multi_viewport,
            Feature::OutputLayer => self.output_layer,
            Feature::OutputViewportIndex => self.output_viewport_index,
            Feature::Mesh => self.mesh,
            Feature::Task => self.task,
        }
    }

    /// A feature `draw` needs and the device lacks, if any: its stages'
    /// SPIR-V capabilities decide, several viewports need `multiViewport`,
    /// mesh stages `meshShader` and an amplification shader `taskShader`.
    fn missing(self, draw: &Draw<'_>) -> Option<Feature> {
        let viewports = (draw.viewports.len() > 1).then_some(Feature::MultiViewport);
        let mesh = draw.mesh.as_ref().map(|_| Feature::Mesh);
        let task = draw
            .mesh
            .as_ref()
            .and_then(|m| m.amplification)
            .map(|_| Feature::Task);
        stage_codes(draw)
            .flat_map(|(code, _)| capabilities(code))
            .flat_map(Feature::of_capability)
            .copied()
            .chain(viewports)
            .chain(mesh)
            .chain(task)
            .find(|&f| !self.has(f))
    }
}

/// An optional device feature a draw may need.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Feature {
    Geometry,
    Tessellation,
    MultiViewport,
    OutputLayer,
    OutputViewportIndex,
    Mesh,
    Task,
}

impl Feature {
    /// The Vulkan name.
    fn name(self) -> &'static str {
        match self {
            Feature::Geometry => "geometryShader",
            Feature::Tessellation => "tessellationShader",
            Feature::MultiViewport => "multiViewport",
            Feature::OutputLayer => "shaderOutputLayer",
            Feature::OutputViewportIndex => "shaderOutputViewportIndex",
            Feature::Mesh => "meshShader",
            Feature::Task => "taskShader",
        }
    }

    /// The features a module declaring SPIR-V capability `capability`
    /// needs.
    fn of_capability(capability: u32) -> &'static [Feature] {
        const GEOMETRY: u32 = Capability::Geometry as u32;
        const TESSELLATION: u32 = Capability::Tessellation as u32;
        const MULTI_VIEWPORT: u32 = Capability::MultiViewport as u32;
        const LAYER: u32 = Capability::ShaderLayer as u32;
        const VIEWPORT_INDEX: u32 = Capability::ShaderViewportIndex as u32;
        const VIEWPORT_INDEX_LAYER: u32 = Capability::ShaderViewportIndexLayerEXT as u32;
        const MESH: u32 = Capability::MeshShadingEXT as u32;
        match capability {
            GEOMETRY => &[Feature::Geometry],
            TESSELLATION => &[Feature::Tessellation],
            MULTI_VIEWPORT => &[Feature::MultiViewport],
            LAYER => &[Feature::OutputLayer],
            VIEWPORT_INDEX => &[Feature::OutputViewportIndex],
            VIEWPORT_INDEX_LAYER => &[Feature::OutputLayer, Feature::OutputViewportIndex],
            MESH => &[Feature::Mesh],
            _ => &[],
        }
    }
}

/// The operands of the `OpCapability` instructions of SPIR-V `code` (those
/// at the start of the module, where SPIR-V puts them all).
fn capabilities(code: &[u32]) -> impl Iterator<Item = u32> + '_ {
    const OP_CAPABILITY: u32 = Op::Capability as u32;
    let mut rest = code.get(5..).unwrap_or_default();
    std::iter::from_fn(move || {
        let (&first, _) = rest.split_first()?;
        if first & 0xffff != OP_CAPABILITY {
            return None;
        }
        let operand = rest.get(1).copied();
        rest = rest
            .get((first >> 16).max(1) as usize..)
            .unwrap_or_default();
        operand
    })
}

/// Every stage of `draw` with its Vulkan stage, in pipeline order.
fn stages<'a>(draw: &Draw<'a>) -> Vec<(vk::ShaderStageFlags, StageCode<'a>)> {
    let mut out = Vec::new();
    match &draw.mesh {
        Some(m) => {
            if let Some(a) = m.amplification {
                out.push((vk::ShaderStageFlags::TASK_EXT, a));
            }
            out.push((vk::ShaderStageFlags::MESH_EXT, m.mesh));
        }
        None => out.push((vk::ShaderStageFlags::VERTEX, draw.vertex)),
    }
    if let Some(t) = &draw.tessellation {
        out.push((vk::ShaderStageFlags::TESSELLATION_CONTROL, t.hull));
        out.push((vk::ShaderStageFlags::TESSELLATION_EVALUATION, t.domain));
    }
    if let Some(g) = draw.geometry {
        out.push((vk::ShaderStageFlags::GEOMETRY, g));
    }
    out.push((vk::ShaderStageFlags::FRAGMENT, draw.pixel));
    out
}

/// The code of every stage of `draw`.
fn stage_codes<'a>(draw: &Draw<'a>) -> impl Iterator<Item = StageCode<'a>> {
    stages(draw).into_iter().map(|(_, code)| code)
}

/// Checks that the device can draw `draw`'s stages and viewports: an
/// unsupported error names the missing feature.
pub(super) fn check_features(device: &Device<'_>, draw: &Draw<'_>) -> Result<()> {
    if draw.mesh.is_some() && (draw.geometry.is_some() || draw.tessellation.is_some()) {
        return Err(invalid(
            "a mesh draw has no geometry or tessellation stages",
        ));
    }
    if let Some(feature) = device.draw_features.missing(draw) {
        return Err(unsupported(format!(
            "the draw needs the device feature {}",
            feature.name()
        )));
    }
    let max = device.props.limits.max_viewports as usize;
    if draw.viewports.len() > max {
        return Err(unsupported(format!(
            "the draw has {} viewports, the device {max}",
            draw.viewports.len()
        )));
    }
    Ok(())
}

/// The graphics pipeline of `draw` over `layout`, rendering dynamically
/// into colour targets of `formats`; viewports and scissors are dynamic.
pub(super) fn create<'d, 'i>(
    device: &'d Device<'i>,
    draw: &Draw<'_>,
    layout: vk::PipelineLayout,
    formats: &[vk::Format],
) -> Result<Owned<'d, 'i, vk::Pipeline>> {
    let stages = stages(draw);
    let modules = stages
        .iter()
        .map(|(_, (code, _))| super::draw::shader_module(device, code))
        .collect::<Result<Vec<_>>>()?;
    let names = stages
        .iter()
        .map(|(_, (_, name))| {
            CString::new(*name).map_err(|_| invalid("entry point name with a NUL"))
        })
        .collect::<Result<Vec<_>>>()?;
    let stage_info: Vec<vk::PipelineShaderStageCreateInfo<'_>> = stages
        .iter()
        .zip(&modules)
        .zip(&names)
        .map(|(((stage, _), module), name)| {
            vk::PipelineShaderStageCreateInfo::default()
                .stage(*stage)
                .module(module.get())
                .name(name)
        })
        .collect();
    let bindings: Vec<vk::VertexInputBindingDescription> = (0u32..)
        .zip(draw.vertex_buffers)
        .map(|(binding, b)| vk::VertexInputBindingDescription {
            binding,
            stride: b.stride,
            input_rate: vk::VertexInputRate::VERTEX,
        })
        .collect();
    let attributes: Vec<vk::VertexInputAttributeDescription> = draw
        .attributes
        .iter()
        .map(|a| {
            if a.buffer as usize >= draw.vertex_buffers.len() {
                return Err(invalid(format!(
                    "vertex attribute at location {} reads buffer {}, which is not there",
                    a.location, a.buffer
                )));
            }
            Ok(vk::VertexInputAttributeDescription {
                location: a.location,
                binding: a.buffer,
                format: a.format.vk()?,
                offset: a.offset,
            })
        })
        .collect::<Result<_>>()?;
    let vertex_input = vk::PipelineVertexInputStateCreateInfo::default()
        .vertex_binding_descriptions(&bindings)
        .vertex_attribute_descriptions(&attributes);
    let topology = match draw.tessellation {
        Some(_) => vk::PrimitiveTopology::PATCH_LIST,
        None => draw.topology.vk(),
    };
    let assembly = vk::PipelineInputAssemblyStateCreateInfo::default().topology(topology);
    // Translation layers flip the viewport (negative height) and so take
    // the tessellation domain's origin at the lower left, as D3D's is.
    let mut origin = vk::PipelineTessellationDomainOriginStateCreateInfo::default()
        .domain_origin(vk::TessellationDomainOrigin::LOWER_LEFT);
    let tessellation = vk::PipelineTessellationStateCreateInfo::default()
        .patch_control_points(draw.tessellation.as_ref().map_or(0, |t| t.control_points))
        .push_next(&mut origin);
    let viewports =
        u32::try_from(draw.viewports.len().max(1)).map_err(|_| invalid("too many viewports"))?;
    let viewport_state = vk::PipelineViewportStateCreateInfo::default()
        .viewport_count(viewports)
        .scissor_count(viewports);
    let raster = vk::PipelineRasterizationStateCreateInfo::default()
        .polygon_mode(vk::PolygonMode::FILL)
        .cull_mode(vk::CullModeFlags::NONE)
        .front_face(vk::FrontFace::CLOCKWISE)
        .line_width(1.0);
    let multisample = vk::PipelineMultisampleStateCreateInfo::default()
        .rasterization_samples(vk::SampleCountFlags::TYPE_1);
    let blend: Vec<vk::PipelineColorBlendAttachmentState> = formats
        .iter()
        .map(|_| {
            vk::PipelineColorBlendAttachmentState::default()
                .color_write_mask(vk::ColorComponentFlags::RGBA)
        })
        .collect();
    let blend_state = vk::PipelineColorBlendStateCreateInfo::default().attachments(&blend);
    let dynamic = [vk::DynamicState::VIEWPORT, vk::DynamicState::SCISSOR];
    let dynamic_state = vk::PipelineDynamicStateCreateInfo::default().dynamic_states(&dynamic);
    let mut rendering =
        vk::PipelineRenderingCreateInfo::default().color_attachment_formats(formats);
    let mut info = vk::GraphicsPipelineCreateInfo::default()
        .stages(&stage_info)
        .vertex_input_state(&vertex_input)
        .input_assembly_state(&assembly)
        .viewport_state(&viewport_state)
        .rasterization_state(&raster)
        .multisample_state(&multisample)
        .color_blend_state(&blend_state)
        .dynamic_state(&dynamic_state)
        .layout(layout)
        .push_next(&mut rendering);
    if draw.tessellation.is_some() {
        info = info.tessellation_state(&tessellation);
    }
    // SAFETY: every state the pipeline needs is given (tessellation state
    // with tessellation stages, dynamic viewports and scissors), the
    // modules, layout and names are live, the device has dynamic rendering
    // and the features the stages' capabilities and the viewport count
    // need (the caller checked both).
    let created = unsafe {
        device
            .raw
            .create_graphics_pipelines(vk::PipelineCache::null(), &[info], None)
    };
    gpu::own_pipeline(device, created, "vkCreateGraphicsPipelines")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn capabilities_are_the_leading_op_capability_operands() {
        let cap = |c: Capability| [(2 << 16) | Op::Capability as u32, c as u32];
        let mut code = vec![0x0723_0203, 0x0001_0600, 0, 10, 0];
        code.extend(cap(Capability::Shader));
        code.extend(cap(Capability::Geometry));
        // OpExtension "SPV_..." ends the capabilities.
        code.extend([(3 << 16) | Op::Extension as u32, 0, 0]);
        code.extend(cap(Capability::MeshShadingEXT));
        let found: Vec<u32> = capabilities(&code).collect();
        assert_eq!(
            found,
            [Capability::Shader as u32, Capability::Geometry as u32]
        );
        let needs: Vec<Feature> = found
            .into_iter()
            .flat_map(Feature::of_capability)
            .copied()
            .collect();
        assert_eq!(needs, [Feature::Geometry]);
        assert!(capabilities(&code[..3]).next().is_none());
    }
}
