//! Drawing with a compiled vertex and pixel shader: one draw without
//! vertex buffers into 32-bit RGBA render targets, read back texel by texel.
//! It checks what translated graphics stages compute on a real driver (the
//! run specs cover compute shaders only).

use ash::vk;

use super::descriptors::{filled_buffer, DescriptorSets, Slot};
use super::gpu::{self, vk_error, Device, HostBuffer, Owned};
use super::vulkan::Session;
use super::{invalid, unsupported};
use crate::error::Result;

/// The format of one render target.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TargetFormat {
    /// `R32G32B32A32_SFLOAT`.
    Float4,
    /// `R32G32B32A32_UINT`.
    Uint4,
}

impl TargetFormat {
    fn vk(self) -> vk::Format {
        match self {
            TargetFormat::Float4 => vk::Format::R32G32B32A32_SFLOAT,
            TargetFormat::Uint4 => vk::Format::R32G32B32A32_UINT,
        }
    }
}

/// A uniform buffer the shaders read: its set, binding and contents.
#[derive(Clone, Debug)]
pub struct UniformData<'a> {
    /// Descriptor set.
    pub set: u32,
    /// Binding.
    pub binding: u32,
    /// Contents (padded to 16 bytes).
    pub data: &'a [u8],
}

/// One draw: `vertex_count` vertices (no vertex buffers) as a triangle list
/// into `targets` of `width` x `height` texels, cleared to zero, through a
/// D3D-style viewport (y up, the top row first in the read-back texels).
#[derive(Clone, Debug)]
pub struct Draw<'a> {
    /// The vertex shader (SPIR-V words) and its entry point.
    pub vertex: (&'a [u32], &'a str),
    /// The pixel shader and its entry point.
    pub pixel: (&'a [u32], &'a str),
    /// Vertices drawn.
    pub vertex_count: u32,
    /// The draw's first vertex (Vulkan's `firstVertex`, D3D's
    /// `StartVertexLocation`): D3D's `SV_VertexID` still starts at 0.
    pub first_vertex: u32,
    /// Render target size.
    pub width: u32,
    /// Render target size.
    pub height: u32,
    /// The render targets, at locations 0, 1, ...
    pub targets: &'a [TargetFormat],
    /// Uniform buffers.
    pub uniforms: &'a [UniformData<'a>],
}

/// The texels of each render target, row by row, as raw bits.
pub type Texels = Vec<Vec<[u32; 4]>>;

/// A 2D colour image in device memory with its view.
pub(super) struct Target<'d, 'i> {
    // Field order is drop order: the view goes before the image, the image
    // before its memory.
    pub(super) view: Owned<'d, 'i, vk::ImageView>,
    pub(super) image: Owned<'d, 'i, vk::Image>,
    _memory: Owned<'d, 'i, vk::DeviceMemory>,
}

impl<'d, 'i> Target<'d, 'i> {
    /// A `width` x `height` image of `format` for `usage` (and copies out).
    pub(super) fn new(
        device: &'d Device<'i>,
        format: vk::Format,
        width: u32,
        height: u32,
        usage: vk::ImageUsageFlags,
    ) -> Result<Self> {
        let raw = &device.raw;
        let info = vk::ImageCreateInfo::default()
            .image_type(vk::ImageType::TYPE_2D)
            .format(format)
            .extent(vk::Extent3D {
                width,
                height,
                depth: 1,
            })
            .mip_levels(1)
            .array_layers(1)
            .samples(vk::SampleCountFlags::TYPE_1)
            .tiling(vk::ImageTiling::OPTIMAL)
            .usage(usage | vk::ImageUsageFlags::TRANSFER_SRC)
            .initial_layout(vk::ImageLayout::UNDEFINED);
        // A valid create info: formats every Vulkan device renders to and
        // stores to, a small extent.
        let (image, memory) = device.create_bound_image(&info, "a render target")?;
        let view_info = vk::ImageViewCreateInfo::default()
            .image(image.get())
            .view_type(vk::ImageViewType::TYPE_2D)
            .format(format)
            .subresource_range(color_range());
        // SAFETY: a view of the whole bound image in its own format.
        let view = unsafe { raw.create_image_view(&view_info, None) }
            .map_err(|r| vk_error("vkCreateImageView", r))?;
        Ok(Target {
            view: device.own(view),
            image,
            _memory: memory,
        })
    }
}

/// An image layout with the accesses that wrote (or will use) it.
pub(super) type LayoutAccess = (vk::ImageLayout, vk::AccessFlags);

/// A barrier moving colour image `image` between layouts, making `from`'s
/// writes available to `to`'s accesses.
pub(super) fn layout_barrier(
    image: vk::Image,
    (old, src): LayoutAccess,
    (new, dst): LayoutAccess,
) -> vk::ImageMemoryBarrier<'static> {
    vk::ImageMemoryBarrier::default()
        .src_access_mask(src)
        .dst_access_mask(dst)
        .old_layout(old)
        .new_layout(new)
        .image(image)
        .subresource_range(color_range())
}

/// A copy of a whole `width` x `height` colour image to the start of a
/// tightly packed buffer.
pub(super) fn whole_image_copy(width: u32, height: u32) -> vk::BufferImageCopy {
    vk::BufferImageCopy {
        buffer_offset: 0,
        buffer_row_length: 0,
        buffer_image_height: 0,
        image_subresource: vk::ImageSubresourceLayers {
            aspect_mask: vk::ImageAspectFlags::COLOR,
            mip_level: 0,
            base_array_layer: 0,
            layer_count: 1,
        },
        image_offset: vk::Offset3D { x: 0, y: 0, z: 0 },
        image_extent: vk::Extent3D {
            width,
            height,
            depth: 1,
        },
    }
}

/// Records the copy of each image to its buffer: the `to_transfer`
/// barriers (after `stage`), the copies, and a barrier making them visible
/// to host reads.
///
/// # Safety
/// `cmd` is a command buffer of `raw` in the recording state; the images
/// and buffers are live until it has executed, the barriers move the
/// images to `TRANSFER_SRC_OPTIMAL`, and `copy` fits each image and buffer.
pub(super) unsafe fn cmd_copy_out(
    raw: &ash::Device,
    cmd: vk::CommandBuffer,
    stage: vk::PipelineStageFlags,
    to_transfer: &[vk::ImageMemoryBarrier<'_>],
    copies: &[(vk::Image, vk::Buffer)],
    copy: vk::BufferImageCopy,
) {
    // SAFETY: forwarded from the function's contract.
    unsafe {
        raw.cmd_pipeline_barrier(
            cmd,
            stage,
            vk::PipelineStageFlags::TRANSFER,
            vk::DependencyFlags::empty(),
            &[],
            &[],
            to_transfer,
        );
        for &(image, buffer) in copies {
            raw.cmd_copy_image_to_buffer(
                cmd,
                image,
                vk::ImageLayout::TRANSFER_SRC_OPTIMAL,
                buffer,
                &[copy],
            );
        }
        gpu::cmd_host_read_barrier(
            raw,
            cmd,
            vk::PipelineStageFlags::TRANSFER,
            vk::AccessFlags::TRANSFER_WRITE,
        );
    }
}

/// The one mip level and layer of a colour image.
fn color_range() -> vk::ImageSubresourceRange {
    vk::ImageSubresourceRange {
        aspect_mask: vk::ImageAspectFlags::COLOR,
        base_mip_level: 0,
        level_count: 1,
        base_array_layer: 0,
        layer_count: 1,
    }
}

/// A shader module of SPIR-V words.
pub(super) fn shader_module<'d, 'i>(
    device: &'d Device<'i>,
    code: &[u32],
) -> Result<Owned<'d, 'i, vk::ShaderModule>> {
    if code.first() != Some(&0x0723_0203) {
        return Err(invalid("the shader is not SPIR-V"));
    }
    let info = vk::ShaderModuleCreateInfo::default().code(code);
    // SAFETY: a non-empty word array starting with the SPIR-V magic; drivers
    // reject malformed modules with an error.
    let module = unsafe { device.raw.create_shader_module(&info, None) }
        .map_err(|r| vk_error("vkCreateShaderModule", r))?;
    Ok(device.own(module))
}

impl Session<'_> {
    /// Draws `draw` and reads its render targets back.
    pub fn draw(&self, draw: &Draw<'_>) -> Result<Texels> {
        let device = self.live_device()?;
        if !device.graphics {
            return Err(unsupported(
                "drawing needs a graphics queue and Vulkan 1.3 (dynamic rendering)",
            ));
        }
        let (w, h) = (draw.width, draw.height);
        if w == 0 || h == 0 || w > 256 || h > 256 || draw.targets.is_empty() {
            return Err(invalid("a draw needs 1 to 256 texels a side and a target"));
        }
        let raw = &device.raw;
        let targets: Vec<Target<'_, '_>> = draw
            .targets
            .iter()
            .map(|f| Target::new(device, f.vk(), w, h, vk::ImageUsageFlags::COLOR_ATTACHMENT))
            .collect::<Result<_>>()?;
        // At most 256 x 256 texels of 16 bytes (checked above).
        let texel_bytes = (w as usize).saturating_mul(h as usize).saturating_mul(16);
        let readback: Vec<HostBuffer<'_, '_>> = targets
            .iter()
            .map(|_| HostBuffer::new(device, texel_bytes))
            .collect::<Result<_>>()?;

        // Uniform buffers, one descriptor set per set index used.
        let uniform_buffers = draw
            .uniforms
            .iter()
            .map(|u| filled_buffer(device, u.data))
            .collect::<Result<Vec<_>>>()?;
        let slots: Vec<Slot> = draw
            .uniforms
            .iter()
            .map(|u| (u.set, u.binding, vk::DescriptorType::UNIFORM_BUFFER))
            .collect();
        let descriptors = DescriptorSets::new(device, &slots, vk::ShaderStageFlags::ALL_GRAPHICS)?;
        let writes: Vec<(Slot, &HostBuffer<'_, '_>)> =
            slots.iter().copied().zip(&uniform_buffers).collect();
        descriptors.write_buffers(&writes)?;
        let sets = &descriptors.sets;
        let pipeline_layout = &descriptors.pipeline_layout;
        let vs = shader_module(device, draw.vertex.0)?;
        let ps = shader_module(device, draw.pixel.0)?;
        let vs_name = std::ffi::CString::new(draw.vertex.1)
            .map_err(|_| invalid("entry point name with a NUL"))?;
        let ps_name = std::ffi::CString::new(draw.pixel.1)
            .map_err(|_| invalid("entry point name with a NUL"))?;
        let stages = [
            vk::PipelineShaderStageCreateInfo::default()
                .stage(vk::ShaderStageFlags::VERTEX)
                .module(vs.get())
                .name(&vs_name),
            vk::PipelineShaderStageCreateInfo::default()
                .stage(vk::ShaderStageFlags::FRAGMENT)
                .module(ps.get())
                .name(&ps_name),
        ];
        let vertex_input = vk::PipelineVertexInputStateCreateInfo::default();
        let assembly = vk::PipelineInputAssemblyStateCreateInfo::default()
            .topology(vk::PrimitiveTopology::TRIANGLE_LIST);
        let viewport_state = vk::PipelineViewportStateCreateInfo::default()
            .viewport_count(1)
            .scissor_count(1);
        let raster = vk::PipelineRasterizationStateCreateInfo::default()
            .polygon_mode(vk::PolygonMode::FILL)
            .cull_mode(vk::CullModeFlags::NONE)
            .front_face(vk::FrontFace::CLOCKWISE)
            .line_width(1.0);
        let multisample = vk::PipelineMultisampleStateCreateInfo::default()
            .rasterization_samples(vk::SampleCountFlags::TYPE_1);
        let blend: Vec<vk::PipelineColorBlendAttachmentState> = draw
            .targets
            .iter()
            .map(|_| {
                vk::PipelineColorBlendAttachmentState::default()
                    .color_write_mask(vk::ColorComponentFlags::RGBA)
            })
            .collect();
        let blend_state = vk::PipelineColorBlendStateCreateInfo::default().attachments(&blend);
        let dynamic = [vk::DynamicState::VIEWPORT, vk::DynamicState::SCISSOR];
        let dynamic_state = vk::PipelineDynamicStateCreateInfo::default().dynamic_states(&dynamic);
        let formats: Vec<vk::Format> = draw.targets.iter().map(|f| f.vk()).collect();
        let mut rendering =
            vk::PipelineRenderingCreateInfo::default().color_attachment_formats(&formats);
        let info = [vk::GraphicsPipelineCreateInfo::default()
            .stages(&stages)
            .vertex_input_state(&vertex_input)
            .input_assembly_state(&assembly)
            .viewport_state(&viewport_state)
            .rasterization_state(&raster)
            .multisample_state(&multisample)
            .color_blend_state(&blend_state)
            .dynamic_state(&dynamic_state)
            .layout(pipeline_layout.get())
            .push_next(&mut rendering)];
        // SAFETY: every state the pipeline needs is given (dynamic viewport
        // and scissor), the modules, layout and names are live, and the
        // device has dynamic rendering (checked above).
        let created =
            unsafe { raw.create_graphics_pipelines(vk::PipelineCache::null(), &info, None) };
        let pipeline = gpu::own_pipeline(device, created, "vkCreateGraphicsPipelines")?;
        let pipeline = pipeline.get();

        let attachments: Vec<vk::RenderingAttachmentInfo<'_>> = targets
            .iter()
            .map(|t| {
                vk::RenderingAttachmentInfo::default()
                    .image_view(t.view.get())
                    .image_layout(vk::ImageLayout::COLOR_ATTACHMENT_OPTIMAL)
                    .load_op(vk::AttachmentLoadOp::CLEAR)
                    .store_op(vk::AttachmentStoreOp::STORE)
            })
            .collect();
        let area = vk::Rect2D {
            offset: vk::Offset2D { x: 0, y: 0 },
            extent: vk::Extent2D {
                width: w,
                height: h,
            },
        };
        let rendering_info = vk::RenderingInfo::default()
            .render_area(area)
            .layer_count(1)
            .color_attachments(&attachments);
        // Every target moves from `old` to `new` layout, `src` writes
        // made available to `dst` accesses.
        let transition =
            |from: LayoutAccess, to: LayoutAccess| -> Vec<vk::ImageMemoryBarrier<'_>> {
                targets
                    .iter()
                    .map(|t| layout_barrier(t.image.get(), from, to))
                    .collect()
            };
        let attachment = (
            vk::ImageLayout::COLOR_ATTACHMENT_OPTIMAL,
            vk::AccessFlags::COLOR_ATTACHMENT_WRITE,
        );
        let to_attachment = transition(
            (vk::ImageLayout::UNDEFINED, vk::AccessFlags::empty()),
            attachment,
        );
        let to_transfer = transition(
            attachment,
            (
                vk::ImageLayout::TRANSFER_SRC_OPTIMAL,
                vk::AccessFlags::TRANSFER_READ,
            ),
        );
        let copy = whole_image_copy(w, h);
        // Flipped as translation layers do (negative height), so that clip
        // space meets the render target as in D3D12: +y is up.
        let viewport = vk::Viewport {
            x: 0.0,
            y: h as f32,
            width: w as f32,
            height: -(h as f32),
            min_depth: 0.0,
            max_depth: 1.0,
        };
        gpu::submit_and_wait(device, std::time::Duration::from_secs(10), |raw, cmd| {
            // SAFETY: `cmd` is recording; every handle recorded (pipeline,
            // layout, sets, images, views, buffers) lives until
            // `submit_and_wait` has waited for the fence; the barriers move
            // the targets through the layouts the commands need.
            unsafe {
                raw.cmd_pipeline_barrier(
                    cmd,
                    vk::PipelineStageFlags::TOP_OF_PIPE,
                    vk::PipelineStageFlags::COLOR_ATTACHMENT_OUTPUT,
                    vk::DependencyFlags::empty(),
                    &[],
                    &[],
                    &to_attachment,
                );
                raw.cmd_begin_rendering(cmd, &rendering_info);
                raw.cmd_bind_pipeline(cmd, vk::PipelineBindPoint::GRAPHICS, pipeline);
                for (i, &set) in sets.iter().enumerate() {
                    raw.cmd_bind_descriptor_sets(
                        cmd,
                        vk::PipelineBindPoint::GRAPHICS,
                        pipeline_layout.get(),
                        i as u32,
                        &[set],
                        &[],
                    );
                }
                raw.cmd_set_viewport(cmd, 0, &[viewport]);
                raw.cmd_set_scissor(cmd, 0, &[area]);
                raw.cmd_draw(cmd, draw.vertex_count, 1, draw.first_vertex, 0);
                raw.cmd_end_rendering(cmd);
                let copies: Vec<(vk::Image, vk::Buffer)> = targets
                    .iter()
                    .zip(&readback)
                    .map(|(t, buf)| (t.image.get(), buf.buffer.get()))
                    .collect();
                cmd_copy_out(
                    raw,
                    cmd,
                    vk::PipelineStageFlags::COLOR_ATTACHMENT_OUTPUT,
                    &to_transfer,
                    &copies,
                    copy,
                );
            }
        })?;
        readback
            .iter()
            .map(|buf| Ok(texels(&buf.read(texel_bytes)?)))
            .collect()
    }
}

/// 16-byte texels as four little-endian words each.
pub(super) fn texels(bytes: &[u8]) -> Vec<[u32; 4]> {
    bytes
        .chunks_exact(16)
        .map(|t| {
            let mut texel = [0u32; 4];
            for (slot, word) in texel.iter_mut().zip(t.chunks_exact(4)) {
                let mut b = [0u8; 4];
                b.copy_from_slice(word);
                *slot = u32::from_le_bytes(b);
            }
            texel
        })
        .collect()
}
