//! Descriptor sets for the draw and trace harnesses: one descriptor per
//! (set, binding) slot (a slot named n times is an array of n), the set
//! layouts, the pool and a pipeline layout over them, and the buffers
//! behind uniform and storage descriptors.

use ash::vk;

use super::gpu::{vk_error, Device, HostBuffer, Owned};
use super::{invalid, run_error};
use crate::error::{ErrorKind, Result};

/// One descriptor: set, binding and type.
pub(super) type Slot = (u32, u32, vk::DescriptorType);

/// Descriptor sets 0 to the highest set a slot names, allocated, with a
/// pipeline layout over them.
pub(super) struct DescriptorSets<'d, 'i> {
    /// The sets, by set number.
    pub(super) sets: Vec<vk::DescriptorSet>,
    // Field order is drop order: the pipeline layout, then the pool (which
    // frees the sets), then the set layouts.
    pub(super) pipeline_layout: Owned<'d, 'i, vk::PipelineLayout>,
    _pool: Option<Owned<'d, 'i, vk::DescriptorPool>>,
    _layouts: Vec<Owned<'d, 'i, vk::DescriptorSetLayout>>,
    device: &'d Device<'i>,
}

impl<'d, 'i> DescriptorSets<'d, 'i> {
    /// Sets holding `slots`, visible to `stages` (sets 0 to 7 only). A slot
    /// named n times is a descriptor array of n elements.
    pub(super) fn new(
        device: &'d Device<'i>,
        slots: &[Slot],
        stages: vk::ShaderStageFlags,
    ) -> Result<Self> {
        let raw = &device.raw;
        let set_count = slots
            .iter()
            .map(|s| s.0)
            .max()
            .map_or(0, |s| s.saturating_add(1));
        if set_count > 8 {
            return Err(invalid("descriptors go in sets 0 to 7"));
        }
        let mut layouts = Vec::new();
        for set in 0..set_count {
            let mut bindings: Vec<vk::DescriptorSetLayoutBinding<'_>> = Vec::new();
            for &(_, binding, ty) in slots.iter().filter(|s| s.0 == set) {
                match bindings.iter_mut().find(|b| b.binding == binding) {
                    Some(b) if b.descriptor_type == ty => {
                        b.descriptor_count = b.descriptor_count.saturating_add(1);
                    }
                    Some(_) => {
                        return Err(invalid(format!(
                            "set {set}, binding {binding} holds two descriptor types"
                        )))
                    }
                    None => bindings.push(
                        vk::DescriptorSetLayoutBinding::default()
                            .binding(binding)
                            .descriptor_type(ty)
                            .descriptor_count(1)
                            .stage_flags(stages),
                    ),
                }
            }
            let info = vk::DescriptorSetLayoutCreateInfo::default().bindings(&bindings);
            // SAFETY: valid create info; the bindings outlive the call.
            let layout = unsafe { raw.create_descriptor_set_layout(&info, None) }
                .map_err(|r| vk_error("vkCreateDescriptorSetLayout", r))?;
            layouts.push(device.own(layout));
        }
        let handles: Vec<vk::DescriptorSetLayout> = layouts.iter().map(|l| l.get()).collect();
        let layout_info = vk::PipelineLayoutCreateInfo::default().set_layouts(&handles);
        // SAFETY: valid create info with live set layouts.
        let pipeline_layout = unsafe { raw.create_pipeline_layout(&layout_info, None) }
            .map_err(|r| vk_error("vkCreatePipelineLayout", r))?;
        let pipeline_layout = device.own(pipeline_layout);
        if handles.is_empty() {
            return Ok(DescriptorSets {
                sets: Vec::new(),
                pipeline_layout,
                _pool: None,
                _layouts: layouts,
                device,
            });
        }
        let sizes: Vec<vk::DescriptorPoolSize> = slots
            .iter()
            .map(|&(_, _, ty)| vk::DescriptorPoolSize {
                ty,
                descriptor_count: 1,
            })
            .collect();
        let (pool, sets) = device.allocate_sets(&sizes, &handles)?;
        Ok(DescriptorSets {
            sets,
            pipeline_layout,
            _pool: Some(pool),
            _layouts: layouts,
            device,
        })
    }

    /// Set number `set`.
    pub(super) fn set(&self, set: u32) -> Result<vk::DescriptorSet> {
        self.sets
            .get(set as usize)
            .copied()
            .ok_or_else(|| run_error(ErrorKind::Internal, "no descriptor set"))
    }

    /// Points each buffer slot at its buffer (the whole buffer); the n-th
    /// naming of a slot is its array element n.
    pub(super) fn write_buffers(&self, buffers: &[(Slot, &HostBuffer<'_, '_>)]) -> Result<()> {
        let infos: Vec<vk::DescriptorBufferInfo> = buffers
            .iter()
            .map(|(_, b)| vk::DescriptorBufferInfo {
                buffer: b.buffer.get(),
                offset: 0,
                range: vk::WHOLE_SIZE,
            })
            .collect();
        let mut writes = Vec::with_capacity(infos.len());
        for (i, (&((set, binding, ty), _), info)) in buffers.iter().zip(&infos).enumerate() {
            let element = buffers
                .iter()
                .take(i)
                .filter(|(s, _)| (s.0, s.1) == (set, binding))
                .count();
            writes.push(
                vk::WriteDescriptorSet::default()
                    .dst_set(self.set(set)?)
                    .dst_binding(binding)
                    .dst_array_element(element as u32)
                    .descriptor_type(ty)
                    .buffer_info(std::slice::from_ref(info)),
            );
        }
        // SAFETY: each write names a buffer binding of its slot's type in a
        // live set not in use by the GPU, and a live buffer.
        unsafe { self.device.raw.update_descriptor_sets(&writes, &[]) };
        Ok(())
    }
}

/// A host buffer holding `data`, its size rounded up to 16 bytes (the
/// uniform-buffer rule; storage buffers do not mind).
pub(super) fn filled_buffer<'d, 'i>(
    device: &'d Device<'i>,
    data: &[u8],
) -> Result<HostBuffer<'d, 'i>> {
    let size = data.len().div_ceil(16).max(1).saturating_mul(16);
    let mut buf = HostBuffer::new(device, size)?;
    buf.write(data)?;
    Ok(buf)
}
