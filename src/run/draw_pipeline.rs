//! The graphics pipeline of a [`Draw`]: its shader stages (vertex, optional
//! tessellation, optional geometry, pixel), vertex input layout, topology
//! and fixed state, and the device features they need, checked before
//! anything is created so that a device without one reports it as
//! unsupported.

use std::ffi::CString;

use ash::vk;

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

    /// Whether the device has feature `name` (a Vulkan feature name).
    fn has(self, name: &str) -> bool {
        match name {
            "geometryShader" => self.geometry,
            "tessellationShader" => self.tessellation,
            "multiViewport" => self.multi_viewport,
            "shaderOutputLayer" => self.output_layer,
            "shaderOutputViewportIndex" => self.output_viewport_index,
            "meshShader" => self.mesh,
            "taskShader" => self.task,
            _ => false,
        }
    }

    /// The Vulkan name of a feature `draw` needs and the device lacks, if
    /// any: its stages' SPIR-V capabilities decide, several viewports
    /// need `multiViewport`, mesh stages `meshShader` and an amplification
    /// shader `taskShader`.
    fn missing(self, draw: &Draw<'_>) -> Option<&'static str> {
        let viewports = (draw.viewports.len() > 1).then_some("multiViewport");
        let mesh = draw.mesh.as_ref().map(|_| "meshShader");
        let task = draw
            .mesh
            .as_ref()
            .and_then(|m| m.amplification)
            .map(|_| "taskShader");
        stage_codes(draw)
            .flat_map(|(code, _)| capabilities(code))
            .flat_map(needed_features)
            .copied()
            .chain(viewports)
            .chain(mesh)
            .chain(task)
            .find(|name| !self.has(name))
    }
}

/// The device features SPIR-V capability `capability` needs for drawing.
fn needed_features(capability: u32) -> &'static [&'static str] {
    match capability {
        2 => &["geometryShader"],
        3 => &["tessellationShader"],
        57 => &["multiViewport"],
        69 => &["shaderOutputLayer"],
        70 => &["shaderOutputViewportIndex"],
        // ShaderViewportIndexLayerEXT.
        5254 => &["shaderOutputLayer", "shaderOutputViewportIndex"],
        // MeshShadingEXT.
        5283 => &["meshShader"],
        _ => &[],
    }
}

/// The operands of the `OpCapability` instructions of SPIR-V `code` (those
/// at the start of the module, where SPIR-V puts them all).
fn capabilities(code: &[u32]) -> impl Iterator<Item = u32> + '_ {
    const OP_CAPABILITY: u32 = 17;
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
            "the draw needs the device feature {feature}"
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
