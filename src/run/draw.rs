//! Drawing with compiled graphics stages: one draw (vertex shader, optional
//! hull and domain shaders, optional geometry shader, pixel shader) with
//! optional vertex buffers into 32-bit render targets, possibly layered and
//! through several viewports, read back texel by texel. It checks what
//! translated graphics stages compute on a real driver (the run specs cover
//! compute shaders only). The pipeline itself is built in
//! `super::draw_pipeline`.

use ash::vk;

use super::descriptors::{filled_buffer, DescriptorSets, Slot};
use super::draw_pipeline;
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
    /// `R32_UINT` (read back with the other three components 0).
    Uint1,
}

impl TargetFormat {
    fn vk(self) -> vk::Format {
        match self {
            TargetFormat::Float4 => vk::Format::R32G32B32A32_SFLOAT,
            TargetFormat::Uint4 => vk::Format::R32G32B32A32_UINT,
            TargetFormat::Uint1 => vk::Format::R32_UINT,
        }
    }

    /// Bytes per texel.
    fn texel_bytes(self) -> usize {
        match self {
            TargetFormat::Float4 | TargetFormat::Uint4 => 16,
            TargetFormat::Uint1 => 4,
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

/// A shader stage: its SPIR-V words and entry point.
pub type StageCode<'a> = (&'a [u32], &'a str);

/// The tessellation stages of a draw, which then draws a patch list.
#[derive(Clone, Debug)]
pub struct Tessellation<'a> {
    /// The hull shader (tessellation control).
    pub hull: StageCode<'a>,
    /// The domain shader (tessellation evaluation).
    pub domain: StageCode<'a>,
    /// Control points per input patch (the hull shader's `InputPatch`
    /// size).
    pub control_points: u32,
}

/// Mesh shading stages, which replace the vertex stage (and input
/// assembly) of a draw.
#[derive(Clone, Debug)]
pub struct MeshStages<'a> {
    /// An optional amplification shader (Vulkan: task shader).
    pub amplification: Option<StageCode<'a>>,
    /// The mesh shader.
    pub mesh: StageCode<'a>,
    /// The groups launched (`DispatchMesh` from the API): of the
    /// amplification shader where there is one, else of the mesh shader.
    pub groups: [u32; 3],
}

/// How the vertices of a draw without tessellation form primitives.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Topology {
    /// Points.
    PointList,
    /// Separate lines.
    LineList,
    /// A line strip.
    LineStrip,
    /// Separate triangles (the default).
    #[default]
    TriangleList,
    /// A triangle strip.
    TriangleStrip,
}

impl Topology {
    pub(super) fn vk(self) -> vk::PrimitiveTopology {
        match self {
            Topology::PointList => vk::PrimitiveTopology::POINT_LIST,
            Topology::LineList => vk::PrimitiveTopology::LINE_LIST,
            Topology::LineStrip => vk::PrimitiveTopology::LINE_STRIP,
            Topology::TriangleList => vk::PrimitiveTopology::TRIANGLE_LIST,
            Topology::TriangleStrip => vk::PrimitiveTopology::TRIANGLE_STRIP,
        }
    }
}

/// A D3D viewport in texels, origin at the top left, depth 0 to 1; its
/// scissor rectangle is the same.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Viewport {
    /// Left edge.
    pub x: f32,
    /// Top edge.
    pub y: f32,
    /// Width.
    pub width: f32,
    /// Height.
    pub height: f32,
}

/// One vertex buffer: per-vertex data of `stride` bytes a vertex.
#[derive(Clone, Debug)]
pub struct VertexBuffer<'a> {
    /// Bytes from one vertex to the next.
    pub stride: u32,
    /// The vertices.
    pub data: &'a [u8],
}

/// The format of a vertex attribute: 1 to 4 components of 32 bits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VertexFormat {
    /// `R32..._SFLOAT` with this many components.
    Float(u32),
    /// `R32..._UINT` with this many components.
    Uint(u32),
    /// `R32..._SINT` with this many components.
    Sint(u32),
}

impl VertexFormat {
    pub(super) fn vk(self) -> Result<vk::Format> {
        use vk::Format as F;
        let (n, formats) = match self {
            VertexFormat::Float(n) => (
                n,
                [
                    F::R32_SFLOAT,
                    F::R32G32_SFLOAT,
                    F::R32G32B32_SFLOAT,
                    F::R32G32B32A32_SFLOAT,
                ],
            ),
            VertexFormat::Uint(n) => (
                n,
                [
                    F::R32_UINT,
                    F::R32G32_UINT,
                    F::R32G32B32_UINT,
                    F::R32G32B32A32_UINT,
                ],
            ),
            VertexFormat::Sint(n) => (
                n,
                [
                    F::R32_SINT,
                    F::R32G32_SINT,
                    F::R32G32B32_SINT,
                    F::R32G32B32A32_SINT,
                ],
            ),
        };
        n.checked_sub(1)
            .and_then(|i| formats.get(i as usize).copied())
            .ok_or_else(|| invalid(format!("a vertex attribute of {n} components")))
    }
}

/// One element of the input layout: the vertex shader input at `location`
/// (the compiler's reflection says which) read from vertex buffer `buffer`
/// at `offset` bytes into each vertex.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct VertexAttribute {
    /// The vertex shader input's `Location`.
    pub location: u32,
    /// The index of its vertex buffer in [`Draw::vertex_buffers`].
    pub buffer: u32,
    /// Byte offset in the vertex.
    pub offset: u32,
    /// Format.
    pub format: VertexFormat,
}

/// One draw: `vertex_count` vertices (`instance_count` instances) into
/// `targets` of `width` x `height` texels and `layers` array layers,
/// cleared to zero, through D3D-style viewports (y up in clip space, the
/// top row first in the read-back texels), cull mode none, no depth
/// buffer. [`Draw::new`] fills the optional parts with their defaults:
///
/// ```
/// # use dxil2spirv::run::{Draw, TargetFormat, Topology};
/// # fn demo<'a>(vs: &'a [u32], gs: &'a [u32], ps: &'a [u32]) -> Draw<'a> {
/// Draw {
///     geometry: Some((gs, "main")),
///     topology: Topology::PointList,
///     ..Draw::new((vs, "main"), (ps, "main"), 4, 16, 16, &[TargetFormat::Float4])
/// }
/// # }
/// ```
#[derive(Clone, Debug)]
pub struct Draw<'a> {
    /// The vertex shader (unused by a mesh draw).
    pub vertex: StageCode<'a>,
    /// Mesh shading stages instead of the vertex stage (default none): the
    /// draw launches their groups, and the vertex count, instances,
    /// topology and vertex buffers do not apply.
    pub mesh: Option<MeshStages<'a>>,
    /// The pixel shader.
    pub pixel: StageCode<'a>,
    /// An optional geometry shader.
    pub geometry: Option<StageCode<'a>>,
    /// Optional hull and domain shaders (the draw is then a patch list and
    /// `topology` does not apply).
    pub tessellation: Option<Tessellation<'a>>,
    /// How vertices form primitives (default: a triangle list).
    pub topology: Topology,
    /// Vertices drawn.
    pub vertex_count: u32,
    /// Instances drawn (default 1).
    pub instance_count: u32,
    /// The draw's first vertex (Vulkan's `firstVertex`, D3D's
    /// `StartVertexLocation`): D3D's `SV_VertexID` still starts at 0.
    pub first_vertex: u32,
    /// Render target size.
    pub width: u32,
    /// Render target size.
    pub height: u32,
    /// Array layers of every render target (default 1), read back one
    /// after the other.
    pub layers: u32,
    /// The viewports, each with its scissor (default, empty: one viewport
    /// over the whole target).
    pub viewports: &'a [Viewport],
    /// The render targets, at locations 0, 1, ...
    pub targets: &'a [TargetFormat],
    /// Uniform buffers.
    pub uniforms: &'a [UniformData<'a>],
    /// Storage buffers (default none), same shape.
    pub storage_buffers: &'a [UniformData<'a>],
    /// Vertex buffers, bound at bindings 0, 1, ... (default none).
    pub vertex_buffers: &'a [VertexBuffer<'a>],
    /// The input layout over `vertex_buffers`.
    pub attributes: &'a [VertexAttribute],
}

impl<'a> Draw<'a> {
    /// A draw of `vertex_count` vertices as one triangle-list instance,
    /// with the vertex and pixel shaders only, into one layer of `targets`
    /// through one viewport, without uniforms or vertex buffers.
    pub fn new(
        vertex: StageCode<'a>,
        pixel: StageCode<'a>,
        vertex_count: u32,
        width: u32,
        height: u32,
        targets: &'a [TargetFormat],
    ) -> Draw<'a> {
        Draw {
            vertex,
            mesh: None,
            pixel,
            geometry: None,
            tessellation: None,
            topology: Topology::TriangleList,
            vertex_count,
            instance_count: 1,
            first_vertex: 0,
            width,
            height,
            layers: 1,
            viewports: &[],
            targets,
            uniforms: &[],
            storage_buffers: &[],
            vertex_buffers: &[],
            attributes: &[],
        }
    }

    /// A mesh draw of `mesh`'s groups with `pixel`, otherwise as
    /// [`Draw::new`].
    pub fn mesh(
        mesh: MeshStages<'a>,
        pixel: StageCode<'a>,
        width: u32,
        height: u32,
        targets: &'a [TargetFormat],
    ) -> Draw<'a> {
        Draw {
            mesh: Some(mesh),
            ..Draw::new((&[], ""), pixel, 0, width, height, targets)
        }
    }
}

/// The texels of each render target, layer by layer and row by row
/// (texel `(x, y)` of layer `l` at `(l * height + y) * width + x`), as raw
/// bits; components a format lacks read 0.
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
        Self::layered(device, format, (width, height, 1), usage)
    }

    /// [`Target::new`] with `layers` array layers (a 2D array view when
    /// there are several).
    fn layered(
        device: &'d Device<'i>,
        format: vk::Format,
        (width, height, layers): (u32, u32, u32),
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
            .array_layers(layers)
            .samples(vk::SampleCountFlags::TYPE_1)
            .tiling(vk::ImageTiling::OPTIMAL)
            .usage(usage | vk::ImageUsageFlags::TRANSFER_SRC)
            .initial_layout(vk::ImageLayout::UNDEFINED);
        // A valid create info: formats every Vulkan device renders to and
        // stores to, a small extent and few layers (the callers check).
        let (image, memory) = device.create_bound_image(&info, "a render target")?;
        let view_info = vk::ImageViewCreateInfo::default()
            .image(image.get())
            .view_type(if layers > 1 {
                vk::ImageViewType::TYPE_2D_ARRAY
            } else {
                vk::ImageViewType::TYPE_2D
            })
            .format(format)
            .subresource_range(color_range(layers));
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
        .subresource_range(color_range(vk::REMAINING_ARRAY_LAYERS))
}

/// A copy of a whole `width` x `height` colour image to the start of a
/// tightly packed buffer.
pub(super) fn whole_image_copy(width: u32, height: u32) -> vk::BufferImageCopy {
    layers_copy(width, height, 1)
}

/// [`whole_image_copy`] of `layers` array layers, one after the other.
fn layers_copy(width: u32, height: u32, layers: u32) -> vk::BufferImageCopy {
    vk::BufferImageCopy {
        buffer_offset: 0,
        buffer_row_length: 0,
        buffer_image_height: 0,
        image_subresource: vk::ImageSubresourceLayers {
            aspect_mask: vk::ImageAspectFlags::COLOR,
            mip_level: 0,
            base_array_layer: 0,
            layer_count: layers,
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

/// The one mip level and the first `layers` layers of a colour image.
fn color_range(layers: u32) -> vk::ImageSubresourceRange {
    vk::ImageSubresourceRange {
        aspect_mask: vk::ImageAspectFlags::COLOR,
        base_mip_level: 0,
        level_count: 1,
        base_array_layer: 0,
        layer_count: layers,
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
    /// Draws `draw` and reads its render targets back. A device without a
    /// feature the draw needs (geometry or tessellation shaders, several
    /// viewports, layer or viewport output from a vertex shader) gives an
    /// unsupported error.
    pub fn draw(&self, draw: &Draw<'_>) -> Result<Texels> {
        let device = self.live_device()?;
        if !device.graphics {
            return Err(unsupported(
                "drawing needs a graphics queue and Vulkan 1.3 (dynamic rendering)",
            ));
        }
        let (w, h, layers) = (draw.width, draw.height, draw.layers);
        if w == 0 || h == 0 || w > 256 || h > 256 || draw.targets.is_empty() {
            return Err(invalid("a draw needs 1 to 256 texels a side and a target"));
        }
        if layers == 0 || layers > 64 {
            return Err(invalid("a draw needs 1 to 64 target layers"));
        }
        draw_pipeline::check_features(device, draw)?;
        let targets: Vec<Target<'_, '_>> = draw
            .targets
            .iter()
            .map(|f| {
                let usage = vk::ImageUsageFlags::COLOR_ATTACHMENT;
                Target::layered(device, f.vk(), (w, h, layers), usage)
            })
            .collect::<Result<_>>()?;
        // At most 256 x 256 x 64 texels (checked above).
        let texel_count = (w as usize)
            .saturating_mul(h as usize)
            .saturating_mul(layers as usize);
        let readback: Vec<(HostBuffer<'_, '_>, usize)> = draw
            .targets
            .iter()
            .map(|f| {
                let bytes = texel_count.saturating_mul(f.texel_bytes());
                Ok((HostBuffer::new(device, bytes)?, bytes))
            })
            .collect::<Result<_>>()?;
        let vertex_buffers = draw
            .vertex_buffers
            .iter()
            .map(|b| {
                let usage = vk::BufferUsageFlags::VERTEX_BUFFER;
                let mut buf = HostBuffer::with_usage(device, b.data.len(), usage)?;
                buf.write(b.data)?;
                Ok(buf)
            })
            .collect::<Result<Vec<_>>>()?;

        // Uniform and storage buffers, one descriptor set per set index
        // used.
        let buffers: Vec<(&UniformData<'_>, vk::DescriptorType)> = draw
            .uniforms
            .iter()
            .map(|u| (u, vk::DescriptorType::UNIFORM_BUFFER))
            .chain(
                draw.storage_buffers
                    .iter()
                    .map(|u| (u, vk::DescriptorType::STORAGE_BUFFER)),
            )
            .collect();
        let uniform_buffers = buffers
            .iter()
            .map(|(u, _)| filled_buffer(device, u.data))
            .collect::<Result<Vec<_>>>()?;
        let slots: Vec<Slot> = buffers
            .iter()
            .map(|&(u, ty)| (u.set, u.binding, ty))
            .collect();
        let mut visible = vk::ShaderStageFlags::ALL_GRAPHICS;
        if draw.mesh.is_some() {
            visible |= vk::ShaderStageFlags::TASK_EXT | vk::ShaderStageFlags::MESH_EXT;
        }
        let descriptors = DescriptorSets::new(device, &slots, visible)?;
        let writes: Vec<(Slot, &HostBuffer<'_, '_>)> =
            slots.iter().copied().zip(&uniform_buffers).collect();
        descriptors.write_buffers(&writes)?;
        let sets = &descriptors.sets;
        let pipeline_layout = &descriptors.pipeline_layout;
        let formats: Vec<vk::Format> = draw.targets.iter().map(|f| f.vk()).collect();
        let pipeline = draw_pipeline::create(device, draw, pipeline_layout.get(), &formats)?;
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
            .layer_count(layers)
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
        let copy = layers_copy(w, h, layers);
        let full = [Viewport {
            x: 0.0,
            y: 0.0,
            width: w as f32,
            height: h as f32,
        }];
        let d3d_viewports = if draw.viewports.is_empty() {
            &full[..]
        } else {
            draw.viewports
        };
        let viewports: Vec<vk::Viewport> = d3d_viewports.iter().map(flipped).collect();
        let scissors: Vec<vk::Rect2D> = d3d_viewports.iter().map(scissor).collect();
        let vertex_handles: Vec<vk::Buffer> =
            vertex_buffers.iter().map(|b| b.buffer.get()).collect();
        let vertex_offsets = vec![0u64; vertex_handles.len()];
        // The mesh shader extension is enabled where a mesh draw gets here
        // (`check_features`).
        let mesh_loader = draw
            .mesh
            .as_ref()
            .map(|_| ash::ext::mesh_shader::Device::new(&device.instance.raw, &device.raw));
        gpu::submit_and_wait(device, std::time::Duration::from_secs(10), |raw, cmd| {
            // SAFETY: `cmd` is recording; every handle recorded (pipeline,
            // layout, sets, images, views, buffers) lives until
            // `submit_and_wait` has waited for the fence; the barriers move
            // the targets through the layouts the commands need; the
            // viewport and scissor counts are the pipeline's.
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
                if !vertex_handles.is_empty() {
                    raw.cmd_bind_vertex_buffers(cmd, 0, &vertex_handles, &vertex_offsets);
                }
                raw.cmd_set_viewport(cmd, 0, &viewports);
                raw.cmd_set_scissor(cmd, 0, &scissors);
                match (&draw.mesh, &mesh_loader) {
                    (Some(m), Some(loader)) => {
                        let [x, y, z] = m.groups;
                        loader.cmd_draw_mesh_tasks(cmd, x, y, z);
                    }
                    _ => raw.cmd_draw(
                        cmd,
                        draw.vertex_count,
                        draw.instance_count,
                        draw.first_vertex,
                        0,
                    ),
                }
                raw.cmd_end_rendering(cmd);
                let copies: Vec<(vk::Image, vk::Buffer)> = targets
                    .iter()
                    .zip(&readback)
                    .map(|(t, (buf, _))| (t.image.get(), buf.buffer.get()))
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
            .zip(draw.targets)
            .map(|((buf, bytes), f)| {
                let raw = buf.read(*bytes)?;
                Ok(texels_of(&raw, f.texel_bytes()))
            })
            .collect()
    }
}

/// D3D viewport `v` for Vulkan: flipped as translation layers do (negative
/// height), so that clip space meets the render target as in D3D12: +y is
/// up.
fn flipped(v: &Viewport) -> vk::Viewport {
    vk::Viewport {
        x: v.x,
        y: v.y + v.height,
        width: v.width,
        height: -v.height,
        min_depth: 0.0,
        max_depth: 1.0,
    }
}

/// The scissor rectangle of D3D viewport `v`: its texels.
fn scissor(v: &Viewport) -> vk::Rect2D {
    // Float-to-int `as` saturates; the offset is kept non-negative as
    // Vulkan requires.
    vk::Rect2D {
        offset: vk::Offset2D {
            x: v.x.max(0.0) as i32,
            y: v.y.max(0.0) as i32,
        },
        extent: vk::Extent2D {
            width: v.width as u32,
            height: v.height as u32,
        },
    }
}

/// 16-byte texels as four little-endian words each.
pub(super) fn texels(bytes: &[u8]) -> Vec<[u32; 4]> {
    texels_of(bytes, 16)
}

/// Texels of `size` bytes (4 to 16) as up to four little-endian words
/// each, the missing ones 0.
fn texels_of(bytes: &[u8], size: usize) -> Vec<[u32; 4]> {
    bytes
        .chunks_exact(size)
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
