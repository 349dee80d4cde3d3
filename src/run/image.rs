//! Images and samplers of a compute run: a spec image ([`ImageDesc`]) in
//! device memory with its view, its texels uploaded through a staging
//! buffer before the dispatch and (storage images) copied back to it
//! after; samplers from a [`VkSampler`] state (spec samplers and static
//! samplers alike).
//!
//! Every image lives in layout `GENERAL` while the shader runs, so one
//! layout serves sampled and storage descriptors; the upload, the
//! dispatch and the readback are recorded in the run's one command buffer.

use ash::vk;

use super::gpu::{vk_error, Device, HostBuffer, Owned};
use super::spec::{ImageDesc, ImageKind, TexelFormat};
use super::unsupported;
use crate::binding::VkSampler;
use crate::error::Result;

/// The Vulkan format of a spec texel format.
pub(super) fn vk_format(f: TexelFormat) -> vk::Format {
    match f {
        TexelFormat::R32f => vk::Format::R32_SFLOAT,
        TexelFormat::R32ui => vk::Format::R32_UINT,
        TexelFormat::R32i => vk::Format::R32_SINT,
        TexelFormat::Rg32f => vk::Format::R32G32_SFLOAT,
        TexelFormat::Rg32ui => vk::Format::R32G32_UINT,
        TexelFormat::Rgba32f => vk::Format::R32G32B32A32_SFLOAT,
        TexelFormat::Rgba32ui => vk::Format::R32G32B32A32_UINT,
        TexelFormat::Rgba32i => vk::Format::R32G32B32A32_SINT,
        TexelFormat::Rgba8unorm => vk::Format::R8G8B8A8_UNORM,
        TexelFormat::R16f => vk::Format::R16_SFLOAT,
    }
}

/// A sampler with the state `s`.
pub(super) fn create_sampler<'d, 'i>(
    device: &'d Device<'i>,
    s: &VkSampler,
) -> Result<Owned<'d, 'i, vk::Sampler>> {
    let (info, reduction) = super::bindless::sampler_info(s);
    let mut reduction = vk::SamplerReductionModeCreateInfo::default().reduction_mode(reduction);
    let info = info.push_next(&mut reduction);
    // SAFETY: a valid create info (enumerants from a spec sampler or the
    // reflected state of a D3D12 static sampler; anisotropy only where the
    // device enabled it, as every supported feature is); the chain
    // outlives the call.
    let sampler = unsafe { device.raw.create_sampler(&info, None) }
        .map_err(|r| vk_error("vkCreateSampler", r))?;
    Ok(device.own(sampler))
}

/// A spec image on the device: the image, its view of every layer and
/// mip level, and a staging buffer of its texels.
pub(super) struct GpuImage<'d, 'i> {
    // Field order is drop order: the view, the image, its memory.
    view: Owned<'d, 'i, vk::ImageView>,
    image: Owned<'d, 'i, vk::Image>,
    _memory: Owned<'d, 'i, vk::DeviceMemory>,
    staging: HostBuffer<'d, 'i>,
    desc: ImageDesc,
    bytes: usize,
    /// A multisampled image's one colour (its texel's 32-bit words).
    clear: vk::ClearColorValue,
}

impl<'d, 'i> GpuImage<'d, 'i> {
    /// Creates the image of `desc` and stages `data` (its texels in spec
    /// order) for upload. Unsupported if the device cannot use its format
    /// as a sampled (or storage) image.
    pub(super) fn new(device: &'d Device<'i>, desc: &ImageDesc, data: &[u8]) -> Result<Self> {
        let raw = &device.raw;
        let format = if desc.depth {
            vk::Format::D32_SFLOAT
        } else {
            vk_format(desc.format)
        };
        let (usage, feature, what) = if desc.storage {
            (
                vk::ImageUsageFlags::STORAGE,
                vk::FormatFeatureFlags::STORAGE_IMAGE,
                "storage",
            )
        } else {
            (
                vk::ImageUsageFlags::SAMPLED,
                vk::FormatFeatureFlags::SAMPLED_IMAGE,
                "sampled",
            )
        };
        // SAFETY: `physical` belongs to the live instance; a pure query.
        let props = unsafe {
            device
                .instance
                .raw
                .get_physical_device_format_properties(device.physical, format)
        };
        if !props.optimal_tiling_features.contains(feature) {
            return Err(unsupported(format!(
                "the device cannot use {format:?} as a {what} image"
            )));
        }
        let samples = match desc.samples {
            2 => vk::SampleCountFlags::TYPE_2,
            4 => vk::SampleCountFlags::TYPE_4,
            8 => vk::SampleCountFlags::TYPE_8,
            16 => vk::SampleCountFlags::TYPE_16,
            _ => vk::SampleCountFlags::TYPE_1,
        };
        if desc.samples > 1
            && !device
                .props
                .limits
                .sampled_image_color_sample_counts
                .contains(samples)
        {
            return Err(unsupported(format!(
                "the device cannot sample {}-sample colour images",
                desc.samples
            )));
        }
        let (image_type, view_type) = match desc.kind {
            ImageKind::Tex1D => (vk::ImageType::TYPE_1D, vk::ImageViewType::TYPE_1D),
            ImageKind::Tex1DArray => (vk::ImageType::TYPE_1D, vk::ImageViewType::TYPE_1D_ARRAY),
            ImageKind::Tex2D | ImageKind::Tex2DMS => {
                (vk::ImageType::TYPE_2D, vk::ImageViewType::TYPE_2D)
            }
            ImageKind::Tex2DArray => (vk::ImageType::TYPE_2D, vk::ImageViewType::TYPE_2D_ARRAY),
            ImageKind::Tex3D => (vk::ImageType::TYPE_3D, vk::ImageViewType::TYPE_3D),
            ImageKind::Cube => (vk::ImageType::TYPE_2D, vk::ImageViewType::CUBE),
            ImageKind::CubeArray => (vk::ImageType::TYPE_2D, vk::ImageViewType::CUBE_ARRAY),
        };
        let flags = if matches!(desc.kind, ImageKind::Cube | ImageKind::CubeArray) {
            vk::ImageCreateFlags::CUBE_COMPATIBLE
        } else {
            vk::ImageCreateFlags::empty()
        };
        let [width, height, depth] = desc.extent;
        let info = vk::ImageCreateInfo::default()
            .flags(flags)
            .image_type(image_type)
            .format(format)
            .extent(vk::Extent3D {
                width,
                height,
                depth,
            })
            .mip_levels(desc.mips)
            .array_layers(desc.layers)
            .samples(samples)
            .tiling(vk::ImageTiling::OPTIMAL)
            .usage(usage | vk::ImageUsageFlags::TRANSFER_SRC | vk::ImageUsageFlags::TRANSFER_DST)
            .sharing_mode(vk::SharingMode::EXCLUSIVE)
            .initial_layout(vk::ImageLayout::UNDEFINED);
        // A valid create info: a format the device supports for this use,
        // checked above; extent, layers and mips checked by the spec
        // parser (cubes square with six layers each, mips no more than the
        // largest side allows, samples only for single-mip 2D images, a
        // count the device samples).
        let (image, memory) = device.create_bound_image(&info, "an image")?;
        let view_info = vk::ImageViewCreateInfo::default()
            .image(image.get())
            .view_type(view_type)
            .format(format)
            .subresource_range(whole(desc));
        // SAFETY: a view of the whole bound image in its own format, of a
        // view type its image type and flags allow.
        let view = unsafe { raw.create_image_view(&view_info, None) }
            .map_err(|r| vk_error("vkCreateImageView", r))?;
        let mut staging = HostBuffer::new(device, data.len())?;
        staging.write(data)?;
        let mut words = [0u32; 4];
        for (w, c) in words.iter_mut().zip(data.chunks_exact(4)) {
            *w = u32::from_le_bytes(<[u8; 4]>::try_from(c).unwrap_or_default());
        }
        Ok(GpuImage {
            view: device.own(view),
            image,
            _memory: memory,
            staging,
            desc: *desc,
            bytes: data.len(),
            clear: vk::ClearColorValue { uint32: words },
        })
    }

    /// The image view (for descriptors, in layout `GENERAL`).
    pub(super) fn view(&self) -> vk::ImageView {
        self.view.get()
    }

    /// Whether it is a storage image (read back after the run).
    pub(super) fn storage(&self) -> bool {
        self.desc.storage
    }

    /// One copy per layer and mip level, in spec order, between the
    /// staging buffer and the image.
    fn regions(&self) -> Vec<vk::BufferImageCopy> {
        let texel = self.desc.format.texel_size() as u64;
        let mut offset = 0u64;
        let mut out = Vec::new();
        for layer in 0..self.desc.layers {
            for mip in 0..self.desc.mips {
                let [width, height, depth] = self.desc.mip_extent(mip);
                out.push(vk::BufferImageCopy {
                    buffer_offset: offset,
                    buffer_row_length: 0,
                    buffer_image_height: 0,
                    image_subresource: vk::ImageSubresourceLayers {
                        aspect_mask: aspect(&self.desc),
                        mip_level: mip,
                        base_array_layer: layer,
                        layer_count: 1,
                    },
                    image_offset: vk::Offset3D::default(),
                    image_extent: vk::Extent3D {
                        width,
                        height,
                        depth,
                    },
                });
                // The parser capped the image's bytes: no saturation.
                let texels = u64::from(width)
                    .saturating_mul(u64::from(height))
                    .saturating_mul(u64::from(depth));
                offset = offset.saturating_add(texels.saturating_mul(texel));
            }
        }
        out
    }

    /// Records the upload: to `TRANSFER_DST_OPTIMAL`, the copies from the
    /// staging buffer, then to `GENERAL` for compute-shader reads and
    /// writes.
    ///
    /// # Safety
    /// `cmd` is a command buffer of `raw` in the recording state, and the
    /// image and its staging buffer stay live until it has executed.
    pub(super) unsafe fn record_upload(&self, raw: &ash::Device, cmd: vk::CommandBuffer) {
        let image = self.image.get();
        let range = whole(&self.desc);
        let to_dst = vk::ImageMemoryBarrier::default()
            .src_access_mask(vk::AccessFlags::empty())
            .dst_access_mask(vk::AccessFlags::TRANSFER_WRITE)
            .old_layout(vk::ImageLayout::UNDEFINED)
            .new_layout(vk::ImageLayout::TRANSFER_DST_OPTIMAL)
            .src_queue_family_index(vk::QUEUE_FAMILY_IGNORED)
            .dst_queue_family_index(vk::QUEUE_FAMILY_IGNORED)
            .image(image)
            .subresource_range(range);
        let to_general = vk::ImageMemoryBarrier::default()
            .src_access_mask(vk::AccessFlags::TRANSFER_WRITE)
            .dst_access_mask(vk::AccessFlags::SHADER_READ | vk::AccessFlags::SHADER_WRITE)
            .old_layout(vk::ImageLayout::TRANSFER_DST_OPTIMAL)
            .new_layout(vk::ImageLayout::GENERAL)
            .src_queue_family_index(vk::QUEUE_FAMILY_IGNORED)
            .dst_queue_family_index(vk::QUEUE_FAMILY_IGNORED)
            .image(image)
            .subresource_range(range);
        let regions = self.regions();
        // SAFETY: forwarded from the function's contract; the regions lie
        // inside the staging buffer (it holds every texel) and the image.
        unsafe {
            raw.cmd_pipeline_barrier(
                cmd,
                vk::PipelineStageFlags::TOP_OF_PIPE,
                vk::PipelineStageFlags::TRANSFER,
                vk::DependencyFlags::empty(),
                &[],
                &[],
                &[to_dst],
            );
            if self.desc.samples > 1 {
                // Buffer copies cannot reach samples: one colour, cleared.
                raw.cmd_clear_color_image(
                    cmd,
                    image,
                    vk::ImageLayout::TRANSFER_DST_OPTIMAL,
                    &self.clear,
                    &[range],
                );
            } else {
                raw.cmd_copy_buffer_to_image(
                    cmd,
                    self.staging.buffer.get(),
                    image,
                    vk::ImageLayout::TRANSFER_DST_OPTIMAL,
                    &regions,
                );
            }
            raw.cmd_pipeline_barrier(
                cmd,
                vk::PipelineStageFlags::TRANSFER,
                vk::PipelineStageFlags::COMPUTE_SHADER,
                vk::DependencyFlags::empty(),
                &[],
                &[],
                &[to_general],
            );
        }
    }

    /// Records the readback after the dispatch: the shader's writes made
    /// visible to transfers, the copies into the staging buffer (the
    /// caller then makes transfer writes visible to the host).
    ///
    /// # Safety
    /// As [`GpuImage::record_upload`], recorded after it and the dispatch.
    pub(super) unsafe fn record_readback(&self, raw: &ash::Device, cmd: vk::CommandBuffer) {
        let image = self.image.get();
        let barrier = vk::ImageMemoryBarrier::default()
            .src_access_mask(vk::AccessFlags::SHADER_WRITE)
            .dst_access_mask(vk::AccessFlags::TRANSFER_READ)
            .old_layout(vk::ImageLayout::GENERAL)
            .new_layout(vk::ImageLayout::GENERAL)
            .src_queue_family_index(vk::QUEUE_FAMILY_IGNORED)
            .dst_queue_family_index(vk::QUEUE_FAMILY_IGNORED)
            .image(image)
            .subresource_range(whole(&self.desc));
        let regions = self.regions();
        // SAFETY: forwarded from the function's contract.
        unsafe {
            raw.cmd_pipeline_barrier(
                cmd,
                vk::PipelineStageFlags::COMPUTE_SHADER,
                vk::PipelineStageFlags::TRANSFER,
                vk::DependencyFlags::empty(),
                &[],
                &[],
                &[barrier],
            );
            raw.cmd_copy_image_to_buffer(
                cmd,
                image,
                vk::ImageLayout::GENERAL,
                self.staging.buffer.get(),
                &regions,
            );
        }
    }

    /// The texels, in spec order (after the run: as the readback left
    /// them).
    pub(super) fn read(&self) -> Result<Vec<u8>> {
        self.staging.read(self.bytes)
    }
}

/// The image's aspect: depth or colour.
fn aspect(desc: &ImageDesc) -> vk::ImageAspectFlags {
    if desc.depth {
        vk::ImageAspectFlags::DEPTH
    } else {
        vk::ImageAspectFlags::COLOR
    }
}

/// Every layer and mip level of the image.
fn whole(desc: &ImageDesc) -> vk::ImageSubresourceRange {
    vk::ImageSubresourceRange {
        aspect_mask: aspect(desc),
        base_mip_level: 0,
        level_count: desc.mips,
        base_array_layer: 0,
        layer_count: desc.layers,
    }
}
