//! Ray tracing with compiled DXR exports: one `vkCmdTraceRaysKHR` with a
//! ray-generation shader, a miss shader and one hit group (closest-hit,
//! any-hit and, for boxes, intersection shaders) over a scene of triangles
//! or boxes (one bottom-level structure of one or more geometries, in one
//! identity instance or in placed instances), writing an
//! `R32G32B32A32_SFLOAT` storage image and storage buffers that are read
//! back. It checks what translated ray-tracing stages compute on a driver
//! with `VK_KHR_ray_tracing_pipeline`.

use ash::vk;

use super::descriptors::{filled_buffer, DescriptorSets, Slot};
use super::draw::{
    cmd_copy_out, layout_barrier, shader_module, texels, whole_image_copy, Target, UniformData,
};
use super::gpu::{self, vk_error, Device, HostBuffer, Owned};
use super::image::{create_sampler, GpuImage};
use super::spec::ImageDesc;
use super::vulkan::Session;
use super::{invalid, run_error, unsupported};
use crate::binding::VkSampler;
use crate::error::{ErrorKind, Result};

/// A shader: SPIR-V words and entry point name.
pub type ShaderCode<'a> = (&'a [u32], &'a str);

/// The primitives of a scene, in world space (1 to 256).
#[derive(Clone, Copy, Debug)]
pub enum Geometry<'a> {
    /// Triangles: three corners each.
    Triangles(&'a [[[f32; 3]; 3]]),
    /// Axis-aligned boxes (procedural primitives): minimum and maximum
    /// corners; the hit group's intersection shader decides the hits.
    Boxes(&'a [[[f32; 3]; 2]]),
}

/// One trace: `width` x `height` rays from `raygen` over `geometry`.
#[derive(Clone, Debug)]
pub struct Trace<'a> {
    /// The ray-generation shader.
    pub raygen: ShaderCode<'a>,
    /// The miss shader (miss index 0).
    pub miss: ShaderCode<'a>,
    /// The closest-hit shader of the scene's hit group (record 0).
    pub closest_hit: Option<ShaderCode<'a>>,
    /// The any-hit shader of that hit group. The primitives are opaque
    /// unless a ray says otherwise, and each calls it at most once.
    pub any_hit: Option<ShaderCode<'a>>,
    /// The intersection shader of that hit group: needed for boxes, not
    /// allowed for triangles.
    pub intersection: Option<ShaderCode<'a>>,
    /// The primitives.
    pub geometry: Geometry<'a>,
    /// Callable shaders, at callable indices 0, 1, ...
    pub callables: &'a [ShaderCode<'a>],
    /// Launch size (and output image size), at most 256 a side.
    pub width: u32,
    /// Launch size (and output image size).
    pub height: u32,
    /// Uniform buffers.
    pub uniforms: &'a [UniformData<'a>],
    /// Storage buffers (structured and raw buffers), with their initial
    /// contents; read back after the trace.
    pub storage_buffers: &'a [UniformData<'a>],
    /// Set and binding of the acceleration structure.
    pub scene: (u32, u32),
    /// Set and binding of the output storage image, if there is one.
    pub output: Option<(u32, u32)>,
}

/// One instance of a scene's bottom-level structure.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Instance {
    /// The object-to-world transform, 3x4 row-major (D3D's
    /// `ObjectToWorld3x4()`).
    pub transform: [[f32; 4]; 3],
    /// `InstanceID()` (24 bits).
    pub custom_index: u32,
    /// The instance mask.
    pub mask: u8,
    /// Whether triangle facing culling is disabled for it.
    pub cull_disable: bool,
}

impl Instance {
    /// The identity transform, custom index 0, mask 0xff, no culling.
    pub const IDENTITY: Instance = Instance {
        transform: [
            [1.0, 0.0, 0.0, 0.0],
            [0.0, 1.0, 0.0, 0.0],
            [0.0, 0.0, 1.0, 0.0],
        ],
        custom_index: 0,
        mask: 0xff,
        cull_disable: true,
    };
}

/// A storage-buffer descriptor array: element i holds `elements[i]`.
#[derive(Clone, Copy, Debug)]
pub struct BufferArray<'a> {
    /// Its set.
    pub set: u32,
    /// Its binding.
    pub binding: u32,
    /// The contents of each element (not read back).
    pub elements: &'a [&'a [u8]],
}

/// What a trace runs over beyond [`Trace`]'s one geometry in one identity
/// instance: the bottom-level structure's geometries, its instances and
/// storage-buffer arrays.
#[derive(Clone, Copy, Debug)]
pub struct Scene<'a> {
    /// The geometries, at geometry indices 0, 1, ...: all triangles or all
    /// boxes (1 to 8). The hit table holds one record of the hit group per
    /// geometry, so a ray's geometry multiplier may be 0 or 1.
    pub geometries: &'a [Geometry<'a>],
    /// The instances, at instance indices 0, 1, ... (1 to 16), each with
    /// hit group offset 0.
    pub instances: &'a [Instance],
    /// Storage-buffer descriptor arrays (plain mode only).
    pub storage_arrays: &'a [BufferArray<'a>],
}

impl<'a> Scene<'a> {
    /// `trace`'s one geometry in one identity instance.
    fn of(trace: &'a Trace<'_>) -> Self {
        Scene {
            geometries: std::slice::from_ref(&trace.geometry),
            instances: &[Instance::IDENTITY],
            storage_arrays: &[],
        }
    }
}

/// What a trace wrote.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Traced {
    /// The output image's texels, row by row, as raw bits (empty without
    /// an output image).
    pub image: Vec<[u32; 4]>,
    /// The contents of each storage buffer, in [`Trace::storage_buffers`]
    /// order.
    pub buffers: Vec<Vec<u8>>,
}

/// An acceleration structure with its storage, destroyed when dropped
/// (unless the device is poisoned).
struct Accel<'d, 'i> {
    loader: &'d ash::khr::acceleration_structure::Device,
    device: &'d Device<'i>,
    handle: vk::AccelerationStructureKHR,
    // Dropped after `handle` is destroyed (in `Drop::drop`).
    _storage: HostBuffer<'d, 'i>,
    /// Scratch memory of its build and the aligned scratch address.
    _scratch: HostBuffer<'d, 'i>,
    scratch_address: u64,
}

impl Drop for Accel<'_, '_> {
    fn drop(&mut self) {
        if self.device.is_poisoned() {
            return;
        }
        // SAFETY: the structure was created from this device's loader, is
        // destroyed once, and the device is not poisoned, so the GPU
        // finished every submission that used it.
        unsafe {
            self.loader
                .destroy_acceleration_structure(self.handle, None)
        };
    }
}

/// SPIR-V's `ShaderInvocationReorderNV` capability.
const CAPABILITY_INVOCATION_REORDER_NV: u32 = 5383;

/// Whether a SPIR-V module declares `capability` (an `OpCapability` among
/// its first instructions, which come before everything else).
fn declares(code: &[u32], capability: u32) -> bool {
    // After the 5-word header: OpCapability is opcode 17, two words.
    code.get(5..)
        .unwrap_or_default()
        .chunks_exact(2)
        .take_while(|inst| inst.first() == Some(&(2 << 16 | 17)))
        .any(|inst| inst.get(1) == Some(&capability))
}

/// `value` rounded up to a multiple of `align` (a power of two, or 0/1).
fn align_up(value: u64, align: u64) -> u64 {
    match align {
        0 | 1 => value,
        a => value.saturating_add(a.saturating_sub(1)) & !a.saturating_sub(1),
    }
}

/// Little-endian bytes of `f32`s.
fn f32_bytes(values: &[f32]) -> Vec<u8> {
    values.iter().flat_map(|v| v.to_le_bytes()).collect()
}

impl Session<'_> {
    /// Traces `trace` and reads its output image and storage buffers back.
    /// Unsupported without ray-tracing pipelines.
    pub fn trace(&self, trace: &Trace<'_>) -> Result<Traced> {
        self.trace_with(trace, &Scene::of(trace), None)
    }

    /// Traces `trace` over `scene` (in place of `trace.geometry` in one
    /// identity instance) and reads its output image and storage buffers
    /// back. Unsupported without ray-tracing pipelines.
    pub fn trace_scene(&self, trace: &Trace<'_>, scene: &Scene<'_>) -> Result<Traced> {
        self.trace_with(trace, scene, None)
    }

    /// Traces `trace` in root-signature mode (`bindless-1`): its resources
    /// are `bindless`'s (the root block, shader records, buffers by
    /// address, the heap), not `trace`'s uniforms, storage buffers, scene
    /// slot and output image (which must be empty). Reads the addressed
    /// buffers back, in [`TraceBindless::buffers`] order.
    pub fn trace_bindless(
        &self,
        trace: &Trace<'_>,
        bindless: &TraceBindless<'_>,
    ) -> Result<Traced> {
        self.trace_with(trace, &Scene::of(trace), Some(bindless))
    }

    fn trace_with(
        &self,
        trace: &Trace<'_>,
        scene: &Scene<'_>,
        bindless: Option<&TraceBindless<'_>>,
    ) -> Result<Traced> {
        let device = self.live_device()?;
        if !device.ray_tracing {
            return Err(unsupported(
                "ray tracing needs VK_KHR_ray_tracing_pipeline, VK_KHR_acceleration_structure \
                 and buffer device addresses",
            ));
        }
        let (w, h) = (trace.width, trace.height);
        if w == 0 || h == 0 || w > 256 || h > 256 {
            return Err(invalid("a trace needs 1 to 256 rays a side"));
        }
        if !(1..=8).contains(&scene.geometries.len()) || !(1..=16).contains(&scene.instances.len())
        {
            return Err(invalid(
                "a scene needs 1 to 8 geometries and 1 to 16 instances",
            ));
        }
        let mut primitives = Vec::with_capacity(scene.geometries.len());
        for geometry in scene.geometries {
            let (count, procedural) = match geometry {
                Geometry::Triangles(t) => (t.len(), false),
                Geometry::Boxes(b) => (b.len(), true),
            };
            if procedural != trace.intersection.is_some() {
                return Err(invalid(
                    "boxes need an intersection shader, and triangles take none",
                ));
            }
            primitives.push(
                u32::try_from(count)
                    .ok()
                    .filter(|n| (1..=256).contains(n))
                    .ok_or_else(|| invalid("a geometry needs 1 to 256 primitives"))?,
            );
        }
        let procedural = trace.intersection.is_some();
        // Stages: raygen, miss, then the hit group's.
        let hit_stages: Vec<(vk::ShaderStageFlags, ShaderCode<'_>)> = [
            trace
                .closest_hit
                .map(|c| (vk::ShaderStageFlags::CLOSEST_HIT_KHR, c)),
            trace
                .any_hit
                .map(|c| (vk::ShaderStageFlags::ANY_HIT_KHR, c)),
            trace
                .intersection
                .map(|c| (vk::ShaderStageFlags::INTERSECTION_KHR, c)),
        ]
        .into_iter()
        .flatten()
        .collect();
        // Then the callables.
        let kinds: Vec<vk::ShaderStageFlags> = [
            vk::ShaderStageFlags::RAYGEN_KHR,
            vk::ShaderStageFlags::MISS_KHR,
        ]
        .into_iter()
        .chain(hit_stages.iter().map(|(k, _)| *k))
        .chain(
            trace
                .callables
                .iter()
                .map(|_| vk::ShaderStageFlags::CALLABLE_KHR),
        )
        .collect();
        let shaders: Vec<ShaderCode<'_>> = [trace.raygen, trace.miss]
            .into_iter()
            .chain(hit_stages.iter().map(|(_, c)| *c))
            .chain(trace.callables.iter().copied())
            .collect();
        if trace.callables.len() > 8 {
            return Err(invalid("a trace takes at most 8 callable shaders"));
        }
        if !device.invocation_reorder
            && shaders
                .iter()
                .any(|(code, _)| declares(code, CAPABILITY_INVOCATION_REORDER_NV))
        {
            return Err(unsupported(
                "shader execution reordering needs VK_NV_ray_tracing_invocation_reorder",
            ));
        }
        let instance = &device.instance.raw;
        let raw = &device.raw;
        let accel_loader = ash::khr::acceleration_structure::Device::new(instance, raw);
        let rt_loader = ash::khr::ray_tracing_pipeline::Device::new(instance, raw);
        let mut rt_props = vk::PhysicalDeviceRayTracingPipelinePropertiesKHR::default();
        let mut as_props = vk::PhysicalDeviceAccelerationStructurePropertiesKHR::default();
        let mut props = vk::PhysicalDeviceProperties2::default()
            .push_next(&mut rt_props)
            .push_next(&mut as_props);
        // SAFETY: both structs belong to extensions the device enabled; the
        // chain lives across the call.
        unsafe { instance.get_physical_device_properties2(device.physical, &mut props) };
        let scratch_align = u64::from(as_props.min_acceleration_structure_scratch_offset_alignment);

        // The scene: the primitives of each geometry, then the instances.
        let build_input = vk::BufferUsageFlags::ACCELERATION_STRUCTURE_BUILD_INPUT_READ_ONLY_KHR
            | vk::BufferUsageFlags::SHADER_DEVICE_ADDRESS;
        let mut primitive_data = Vec::with_capacity(scene.geometries.len());
        let mut blas_geometry = Vec::with_capacity(scene.geometries.len());
        for (geometry, &count) in scene.geometries.iter().zip(&primitives) {
            let corners: Vec<f32> = match geometry {
                Geometry::Triangles(t) => t.iter().flatten().flatten().copied().collect(),
                Geometry::Boxes(b) => b.iter().flatten().flatten().copied().collect(),
            };
            let mut buffer =
                HostBuffer::with_usage(device, corners.len().saturating_mul(4), build_input)?;
            buffer.write(&f32_bytes(&corners))?;
            let address = vk::DeviceOrHostAddressConstKHR {
                device_address: buffer.device_address()?,
            };
            primitive_data.push(buffer);
            let (geometry_type, data) = if procedural {
                // VkAabbPositionsKHR: six floats.
                let boxes = vk::AccelerationStructureGeometryAabbsDataKHR::default()
                    .data(address)
                    .stride(24);
                (
                    vk::GeometryTypeKHR::AABBS,
                    vk::AccelerationStructureGeometryDataKHR { aabbs: boxes },
                )
            } else {
                let triangles = vk::AccelerationStructureGeometryTrianglesDataKHR::default()
                    .vertex_format(vk::Format::R32G32B32_SFLOAT)
                    .vertex_data(address)
                    .vertex_stride(12)
                    .max_vertex(count.saturating_mul(3).saturating_sub(1))
                    .index_type(vk::IndexType::NONE_KHR);
                (
                    vk::GeometryTypeKHR::TRIANGLES,
                    vk::AccelerationStructureGeometryDataKHR { triangles },
                )
            };
            blas_geometry.push(
                vk::AccelerationStructureGeometryKHR::default()
                    .geometry_type(geometry_type)
                    .geometry(data)
                    .flags(
                        vk::GeometryFlagsKHR::OPAQUE
                            | vk::GeometryFlagsKHR::NO_DUPLICATE_ANY_HIT_INVOCATION,
                    ),
            );
        }
        let blas = self.accel(
            &accel_loader,
            vk::AccelerationStructureTypeKHR::BOTTOM_LEVEL,
            &blas_geometry,
            &primitives,
            scratch_align,
        )?;
        let blas_info = vk::AccelerationStructureDeviceAddressInfoKHR::default()
            .acceleration_structure(blas.handle);
        // SAFETY: a live structure of this device's loader.
        let blas_address =
            unsafe { accel_loader.get_acceleration_structure_device_address(&blas_info) };
        // VkAccelerationStructureInstanceKHR: a 3x4 row-major transform, the
        // custom index with the mask, record offset 0 with the flags, then
        // the bottom-level structure's address.
        let mut instance_bytes = Vec::new();
        for i in scene.instances {
            instance_bytes.extend(f32_bytes(i.transform.as_flattened()));
            instance_bytes
                .extend((i.custom_index & 0xff_ffff | u32::from(i.mask) << 24).to_le_bytes());
            let flags = if i.cull_disable {
                vk::GeometryInstanceFlagsKHR::TRIANGLE_FACING_CULL_DISABLE.as_raw()
            } else {
                0
            };
            instance_bytes.extend((flags << 24).to_le_bytes());
            instance_bytes.extend(blas_address.to_le_bytes());
        }
        let instance_count = scene.instances.len() as u32;
        let mut instances = HostBuffer::with_usage(device, instance_bytes.len(), build_input)?;
        instances.write(&instance_bytes)?;
        let instances_data = vk::AccelerationStructureGeometryInstancesDataKHR::default()
            .array_of_pointers(false)
            .data(vk::DeviceOrHostAddressConstKHR {
                device_address: instances.device_address()?,
            });
        let tlas_geometry = [vk::AccelerationStructureGeometryKHR::default()
            .geometry_type(vk::GeometryTypeKHR::INSTANCES)
            .geometry(vk::AccelerationStructureGeometryDataKHR {
                instances: instances_data,
            })];
        let tlas = self.accel(
            &accel_loader,
            vk::AccelerationStructureTypeKHR::TOP_LEVEL,
            &tlas_geometry,
            &[instance_count],
            scratch_align,
        )?;

        // Descriptors: uniform and storage buffers, the scene and the output
        // image (made, and copied out, even when the shaders have none).
        let output = Target::new(
            device,
            vk::Format::R32G32B32A32_SFLOAT,
            w,
            h,
            vk::ImageUsageFlags::STORAGE,
        )?;
        let stages = vk::ShaderStageFlags::RAYGEN_KHR
            | vk::ShaderStageFlags::MISS_KHR
            | vk::ShaderStageFlags::CLOSEST_HIT_KHR
            | vk::ShaderStageFlags::ANY_HIT_KHR
            | vk::ShaderStageFlags::INTERSECTION_KHR
            | vk::ShaderStageFlags::CALLABLE_KHR;
        let tlas_info = vk::AccelerationStructureDeviceAddressInfoKHR::default()
            .acceleration_structure(tlas.handle);
        // SAFETY: a live structure of this device's loader.
        let tlas_address =
            unsafe { accel_loader.get_acceleration_structure_device_address(&tlas_info) };
        let (
            plain_sets,
            bindless_sets,
            host_buffers,
            root_block,
            records,
            _heap_buffers,
            heap_images,
        );
        let (sets, pipeline_layout): (&[vk::DescriptorSet], vk::PipelineLayout) = match bindless {
            None => {
                let buffer_slots: Vec<Slot> = trace
                    .uniforms
                    .iter()
                    .map(|u| (u.set, u.binding, vk::DescriptorType::UNIFORM_BUFFER))
                    .chain(
                        trace
                            .storage_buffers
                            .iter()
                            .map(|u| (u.set, u.binding, vk::DescriptorType::STORAGE_BUFFER)),
                    )
                    .chain(scene.storage_arrays.iter().flat_map(|a| {
                        a.elements
                            .iter()
                            .map(|_| (a.set, a.binding, vk::DescriptorType::STORAGE_BUFFER))
                    }))
                    .collect();
                let host_buffers_plain = trace
                    .uniforms
                    .iter()
                    .chain(trace.storage_buffers)
                    .map(|u| u.data)
                    .chain(
                        scene
                            .storage_arrays
                            .iter()
                            .flat_map(|a| a.elements.iter().copied()),
                    )
                    .map(|data| filled_buffer(device, data))
                    .collect::<Result<Vec<_>>>()?;
                let mut slots = buffer_slots.clone();
                slots.push((
                    trace.scene.0,
                    trace.scene.1,
                    vk::DescriptorType::ACCELERATION_STRUCTURE_KHR,
                ));
                if let Some((set, binding)) = trace.output {
                    slots.push((set, binding, vk::DescriptorType::STORAGE_IMAGE));
                }
                let descriptors = DescriptorSets::new(device, &slots, stages)?;
                let buffer_writes: Vec<(Slot, &HostBuffer<'_, '_>)> =
                    buffer_slots.into_iter().zip(&host_buffers_plain).collect();
                descriptors.write_buffers(&buffer_writes)?;
                let tlas_handles = [tlas.handle];
                let mut scene_info = vk::WriteDescriptorSetAccelerationStructureKHR::default()
                    .acceleration_structures(&tlas_handles);
                let image_info = [vk::DescriptorImageInfo {
                    sampler: vk::Sampler::null(),
                    image_view: output.view.get(),
                    image_layout: vk::ImageLayout::GENERAL,
                }];
                let mut writes = Vec::with_capacity(2);
                if let Some((set, binding)) = trace.output {
                    writes.push(
                        vk::WriteDescriptorSet::default()
                            .dst_set(descriptors.set(set)?)
                            .dst_binding(binding)
                            .descriptor_type(vk::DescriptorType::STORAGE_IMAGE)
                            .image_info(&image_info),
                    );
                }
                let mut scene_write = vk::WriteDescriptorSet::default()
                    .dst_set(descriptors.set(trace.scene.0)?)
                    .dst_binding(trace.scene.1)
                    .descriptor_type(vk::DescriptorType::ACCELERATION_STRUCTURE_KHR)
                    .push_next(&mut scene_info);
                // The count comes from the chained struct, not an info array.
                scene_write.descriptor_count = 1;
                writes.push(scene_write);
                // SAFETY: each write names a binding of its type in a live, unused
                // set, and a live view and structure.
                unsafe { raw.update_descriptor_sets(&writes, &[]) };
                plain_sets = descriptors;
                (
                    host_buffers,
                    root_block,
                    records,
                    _heap_buffers,
                    heap_images,
                ) = (
                    host_buffers_plain,
                    Vec::new(),
                    Vec::new(),
                    Vec::new(),
                    Vec::new(),
                );
                (&plain_sets.sets, plain_sets.pipeline_layout.get())
            }
            Some(b) => {
                if !trace.uniforms.is_empty()
                    || !trace.storage_buffers.is_empty()
                    || !scene.storage_arrays.is_empty()
                    || trace.output.is_some()
                {
                    return Err(invalid(
                        "a root-signature trace binds its buffers through TraceBindless only",
                    ));
                }
                let placed = b.place(device, tlas_address)?;
                bindless_sets = BindlessSets::new(device, b, stages)?;
                let output_view = b.output.map(|at| (at, output.view.get()));
                bindless_sets.write(&placed.heap, &placed.images, output_view)?;
                _heap_buffers = placed.heap;
                heap_images = placed.images;
                (host_buffers, root_block, records) =
                    (placed.buffers, placed.root_block, placed.records);
                (&bindless_sets.sets, bindless_sets.pipeline_layout.get())
            }
        };

        // The pipeline: groups raygen, miss, triangle hit group.
        let modules = shaders
            .iter()
            .map(|(code, _)| shader_module(device, code))
            .collect::<Result<Vec<_>>>()?;
        let names = shaders
            .iter()
            .map(|(_, name)| {
                std::ffi::CString::new(*name).map_err(|_| invalid("entry point name with a NUL"))
            })
            .collect::<Result<Vec<_>>>()?;
        let stage_infos: Vec<vk::PipelineShaderStageCreateInfo<'_>> = kinds
            .iter()
            .zip(&modules)
            .zip(&names)
            .map(|((&stage, module), name)| {
                vk::PipelineShaderStageCreateInfo::default()
                    .stage(stage)
                    .module(module.get())
                    .name(name)
            })
            .collect();
        let unused = vk::SHADER_UNUSED_KHR;
        // The hit group's stages follow raygen (0) and miss (1).
        let stage = |kind| {
            kinds
                .iter()
                .position(|&k| k == kind)
                .map_or(unused, |i| i as u32)
        };
        let group = |ty, general| {
            vk::RayTracingShaderGroupCreateInfoKHR::default()
                .ty(ty)
                .general_shader(general)
                .closest_hit_shader(unused)
                .any_hit_shader(unused)
                .intersection_shader(unused)
        };
        let general = vk::RayTracingShaderGroupTypeKHR::GENERAL;
        let hit_group = if procedural {
            vk::RayTracingShaderGroupTypeKHR::PROCEDURAL_HIT_GROUP
        } else {
            vk::RayTracingShaderGroupTypeKHR::TRIANGLES_HIT_GROUP
        };
        // Groups: raygen, miss, the hit group, one per callable.
        let first_callable = hit_stages.len().saturating_add(2);
        let groups: Vec<vk::RayTracingShaderGroupCreateInfoKHR<'_>> = [
            group(general, 0),
            group(general, 1),
            group(hit_group, unused)
                .closest_hit_shader(stage(vk::ShaderStageFlags::CLOSEST_HIT_KHR))
                .any_hit_shader(stage(vk::ShaderStageFlags::ANY_HIT_KHR))
                .intersection_shader(stage(vk::ShaderStageFlags::INTERSECTION_KHR)),
        ]
        .into_iter()
        .chain((first_callable..kinds.len()).map(|i| group(general, i as u32)))
        .collect();
        let info = [vk::RayTracingPipelineCreateInfoKHR::default()
            .stages(&stage_infos)
            .groups(&groups)
            .max_pipeline_ray_recursion_depth(1)
            .layout(pipeline_layout)];
        // SAFETY: the stages, groups (indices into the stages), layout and
        // names are live and consistent; no deferred operation or cache.
        let created = unsafe {
            rt_loader.create_ray_tracing_pipelines(
                vk::DeferredOperationKHR::null(),
                vk::PipelineCache::null(),
                &info,
                None,
            )
        };
        let pipeline = gpu::own_pipeline(device, created, "vkCreateRayTracingPipelinesKHR")?;
        let pipeline = pipeline.get();

        // The shader binding table: one record per group (its handle, then
        // its shader-record bytes in root-signature mode), each at a
        // multiple of the base alignment (so each region starts aligned).
        let handle_size = rt_props.shader_group_handle_size as usize;
        let record_bytes = records.iter().map(Vec::len).max().unwrap_or(0);
        let stride = align_up(
            u64::from(rt_props.shader_group_handle_size).saturating_add(record_bytes as u64),
            u64::from(rt_props.shader_group_handle_alignment),
        );
        if stride > u64::from(rt_props.max_shader_group_stride) {
            return Err(unsupported(format!(
                "shader records of {record_bytes} bytes exceed the device's group stride"
            )));
        }
        let base_align = u64::from(rt_props.shader_group_base_alignment);
        let region = align_up(stride, base_align);
        let group_count = groups.len() as u32;
        // SAFETY: a live ray-tracing pipeline with `group_count` groups and
        // a data size of that many handles.
        let handles = unsafe {
            rt_loader.get_ray_tracing_shader_group_handles(
                pipeline,
                0,
                group_count,
                handle_size.saturating_mul(groups.len()),
            )
        }
        .map_err(|r| vk_error("vkGetRayTracingShaderGroupHandlesKHR", r))?;
        // The table's slots, by group: raygen, miss, the hit group once per
        // geometry, then the callables.
        let geometries = scene.geometries.len();
        let slots: Vec<usize> = [0, 1]
            .into_iter()
            .chain(std::iter::repeat(2).take(geometries))
            .chain(3..groups.len())
            .collect();
        let table_size = region
            .saturating_mul(slots.len() as u64)
            .saturating_add(base_align);
        let mut table = HostBuffer::with_usage(
            device,
            usize::try_from(table_size).map_err(|_| invalid("shader binding table too big"))?,
            vk::BufferUsageFlags::SHADER_BINDING_TABLE_KHR
                | vk::BufferUsageFlags::SHADER_DEVICE_ADDRESS,
        )?;
        let table_address = table.device_address()?;
        let base = align_up(table_address, base_align);
        let skip = usize::try_from(base.saturating_sub(table_address))
            .map_err(|_| run_error(ErrorKind::Internal, "table offset overflow"))?;
        let mut bytes = vec![0u8; skip];
        let handles: Vec<&[u8]> = handles.chunks_exact(handle_size.max(1)).collect();
        for &group in &slots {
            let start = bytes.len();
            if let Some(handle) = handles.get(group) {
                bytes.extend_from_slice(handle);
            }
            if let Some(record) = records.get(group) {
                bytes.extend_from_slice(record);
            }
            bytes.resize(start.saturating_add(region as usize), 0);
        }
        table.write(&bytes)?;
        let at = |i: u64, size: u64, stride: u64| vk::StridedDeviceAddressRegionKHR {
            device_address: base.saturating_add(i.saturating_mul(region)),
            stride,
            size,
        };
        // The raygen region's size is its stride.
        let raygen_region = at(0, region, region);
        let miss_region = at(1, stride, stride);
        let geometries = geometries as u64;
        let hit_region = at(2, region.saturating_mul(geometries), region);
        let callables = trace.callables.len() as u64;
        let callable_region = if callables == 0 {
            vk::StridedDeviceAddressRegionKHR::default()
        } else {
            at(
                geometries.saturating_add(2),
                region.saturating_mul(callables),
                region,
            )
        };

        // Build, trace, copy out.
        let texel_bytes = (w as usize).saturating_mul(h as usize).saturating_mul(16);
        let readback = HostBuffer::new(device, texel_bytes)?;
        let range = |primitive_count| vk::AccelerationStructureBuildRangeInfoKHR {
            primitive_count,
            primitive_offset: 0,
            first_vertex: 0,
            transform_offset: 0,
        };
        let blas_range: Vec<_> = primitives.iter().map(|&n| range(n)).collect();
        let tlas_range = [range(instance_count)];
        let build_info = |accel: &Accel<'_, '_>, ty, geometry| {
            vk::AccelerationStructureBuildGeometryInfoKHR::default()
                .ty(ty)
                .flags(vk::BuildAccelerationStructureFlagsKHR::PREFER_FAST_TRACE)
                .mode(vk::BuildAccelerationStructureModeKHR::BUILD)
                .dst_acceleration_structure(accel.handle)
                .geometries(geometry)
                .scratch_data(vk::DeviceOrHostAddressKHR {
                    device_address: accel.scratch_address,
                })
        };
        let blas_build = [build_info(
            &blas,
            vk::AccelerationStructureTypeKHR::BOTTOM_LEVEL,
            &blas_geometry,
        )];
        let tlas_build = [build_info(
            &tlas,
            vk::AccelerationStructureTypeKHR::TOP_LEVEL,
            &tlas_geometry,
        )];
        let built = vk::MemoryBarrier::default()
            .src_access_mask(vk::AccessFlags::ACCELERATION_STRUCTURE_WRITE_KHR)
            .dst_access_mask(vk::AccessFlags::ACCELERATION_STRUCTURE_READ_KHR);
        let image = output.image.get();
        let to_general = [layout_barrier(
            image,
            (vk::ImageLayout::UNDEFINED, vk::AccessFlags::empty()),
            (vk::ImageLayout::GENERAL, vk::AccessFlags::SHADER_WRITE),
        )];
        let to_transfer = [layout_barrier(
            image,
            (vk::ImageLayout::GENERAL, vk::AccessFlags::SHADER_WRITE),
            (
                vk::ImageLayout::TRANSFER_SRC_OPTIMAL,
                vk::AccessFlags::TRANSFER_READ,
            ),
        )];
        let copy = whole_image_copy(w, h);
        let build_stage = vk::PipelineStageFlags::ACCELERATION_STRUCTURE_BUILD_KHR;
        let rt_stage = vk::PipelineStageFlags::RAY_TRACING_SHADER_KHR;
        gpu::submit_and_wait(device, std::time::Duration::from_secs(10), |raw, cmd| {
            // SAFETY: `cmd` is recording; every handle recorded (structures,
            // their storage and scratch, the pipeline, layout, sets, image,
            // table and buffers) lives until `submit_and_wait` has waited for
            // the fence. The barriers order the two builds, the builds before
            // the trace, and the image's layouts for the store and the copy;
            // the table's regions lie inside its buffer at aligned addresses.
            unsafe {
                for (_, _, image) in &heap_images {
                    image.record_upload(raw, cmd);
                }
                if !heap_images.is_empty() {
                    let uploaded = vk::MemoryBarrier::default()
                        .src_access_mask(vk::AccessFlags::TRANSFER_WRITE)
                        .dst_access_mask(vk::AccessFlags::SHADER_READ);
                    raw.cmd_pipeline_barrier(
                        cmd,
                        vk::PipelineStageFlags::TRANSFER | vk::PipelineStageFlags::COMPUTE_SHADER,
                        rt_stage,
                        vk::DependencyFlags::empty(),
                        &[uploaded],
                        &[],
                        &[],
                    );
                }
                accel_loader.cmd_build_acceleration_structures(cmd, &blas_build, &[&blas_range]);
                raw.cmd_pipeline_barrier(
                    cmd,
                    build_stage,
                    build_stage,
                    vk::DependencyFlags::empty(),
                    &[built],
                    &[],
                    &[],
                );
                accel_loader.cmd_build_acceleration_structures(cmd, &tlas_build, &[&tlas_range]);
                raw.cmd_pipeline_barrier(
                    cmd,
                    build_stage,
                    rt_stage,
                    vk::DependencyFlags::empty(),
                    &[built],
                    &[],
                    &[],
                );
                raw.cmd_pipeline_barrier(
                    cmd,
                    vk::PipelineStageFlags::TOP_OF_PIPE,
                    rt_stage,
                    vk::DependencyFlags::empty(),
                    &[],
                    &[],
                    &to_general,
                );
                raw.cmd_bind_pipeline(cmd, vk::PipelineBindPoint::RAY_TRACING_KHR, pipeline);
                if !root_block.is_empty() {
                    raw.cmd_push_constants(cmd, pipeline_layout, stages, 0, &root_block);
                }
                for (i, &set) in sets.iter().enumerate() {
                    raw.cmd_bind_descriptor_sets(
                        cmd,
                        vk::PipelineBindPoint::RAY_TRACING_KHR,
                        pipeline_layout,
                        i as u32,
                        &[set],
                        &[],
                    );
                }
                rt_loader.cmd_trace_rays(
                    cmd,
                    &raygen_region,
                    &miss_region,
                    &hit_region,
                    &callable_region,
                    w,
                    h,
                    1,
                );
                cmd_copy_out(
                    raw,
                    cmd,
                    rt_stage,
                    &to_transfer,
                    &[(image, readback.buffer.get())],
                    copy,
                );
                gpu::cmd_host_read_barrier(raw, cmd, rt_stage, vk::AccessFlags::SHADER_WRITE);
            }
        })?;
        let image = if trace.output.is_some() || bindless.is_some_and(|b| b.output.is_some()) {
            texels(&readback.read(texel_bytes)?)
        } else {
            Vec::new()
        };
        let buffers = match bindless {
            Some(b) => b
                .buffers
                .iter()
                .zip(&host_buffers)
                .map(|(u, hb)| hb.read(u.data.len()))
                .collect::<Result<_>>()?,
            None => trace
                .storage_buffers
                .iter()
                .zip(host_buffers.iter().skip(trace.uniforms.len()))
                .map(|(u, b)| b.read(u.data.len()))
                .collect::<Result<_>>()?,
        };
        Ok(Traced { image, buffers })
    }

    /// An acceleration structure of type `ty` sized for `primitives[i]`
    /// primitives of each `geometry[i]`, with scratch memory for its build.
    fn accel<'s>(
        &'s self,
        loader: &'s ash::khr::acceleration_structure::Device,
        ty: vk::AccelerationStructureTypeKHR,
        geometry: &[vk::AccelerationStructureGeometryKHR<'_>],
        primitives: &[u32],
        scratch_align: u64,
    ) -> Result<Accel<'s, 's>> {
        let device = self.gpu_device();
        let info = vk::AccelerationStructureBuildGeometryInfoKHR::default()
            .ty(ty)
            .flags(vk::BuildAccelerationStructureFlagsKHR::PREFER_FAST_TRACE)
            .mode(vk::BuildAccelerationStructureModeKHR::BUILD)
            .geometries(geometry);
        let mut sizes = vk::AccelerationStructureBuildSizesInfoKHR::default();
        // SAFETY: a build info with one primitive count per geometry; the
        // addresses it holds are not read for a size query.
        unsafe {
            loader.get_acceleration_structure_build_sizes(
                vk::AccelerationStructureBuildTypeKHR::DEVICE,
                &info,
                primitives,
                &mut sizes,
            )
        };
        let size = |bytes: u64| {
            usize::try_from(bytes).map_err(|_| unsupported("acceleration structure too big"))
        };
        let storage = HostBuffer::with_usage(
            device,
            size(sizes.acceleration_structure_size)?,
            vk::BufferUsageFlags::ACCELERATION_STRUCTURE_STORAGE_KHR
                | vk::BufferUsageFlags::SHADER_DEVICE_ADDRESS,
        )?;
        let scratch = HostBuffer::with_usage(
            device,
            size(sizes.build_scratch_size.saturating_add(scratch_align))?,
            vk::BufferUsageFlags::STORAGE_BUFFER | vk::BufferUsageFlags::SHADER_DEVICE_ADDRESS,
        )?;
        let scratch_address = align_up(scratch.device_address()?, scratch_align);
        let create = vk::AccelerationStructureCreateInfoKHR::default()
            .buffer(storage.buffer.get())
            .size(sizes.acceleration_structure_size)
            .ty(ty);
        // SAFETY: the storage buffer is live, made for structure storage
        // and at least `size` bytes; destroyed by `Accel`'s drop.
        let handle = unsafe { loader.create_acceleration_structure(&create, None) }
            .map_err(|r| vk_error("vkCreateAccelerationStructureKHR", r))?;
        Ok(Accel {
            loader,
            device,
            handle,
            _storage: storage,
            _scratch: scratch,
            scratch_address,
        })
    }
}

/// Where a trace in root-signature mode writes a device address (8 bytes,
/// little-endian).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AddressSlot {
    /// The root block (push constants), at this byte offset.
    RootBlock(u32),
    /// The shader record of a group (0 ray generation, 1 miss, 2 the hit
    /// group, then the callables), at this byte offset after its handle.
    Record {
        /// The group.
        group: usize,
        /// Byte offset in the record.
        offset: u32,
    },
}

/// A buffer reached by its device address (a root CBV, SRV or UAV, of the
/// root block or a shader record); read back after the trace.
#[derive(Clone, Debug)]
pub struct AddressedBuffer<'a> {
    /// Initial contents.
    pub data: &'a [u8],
    /// Where its address goes.
    pub at: Vec<AddressSlot>,
}

/// A storage buffer in a heap array: descriptor `index` of `binding` in the
/// heap set.
#[derive(Clone, Debug)]
pub struct HeapBuffer<'a> {
    /// The heap binding (its descriptor type must be a storage buffer).
    pub binding: u32,
    /// The heap index.
    pub index: u32,
    /// Contents.
    pub data: &'a [u8],
}

/// The root-signature (`bindless-1`) resources of a trace, as an embedder
/// writes them from reflection (`docs/BINDING.md`): the root block, each
/// group's shader record, buffers by address, storage buffers in the heap
/// set (every other slot of a used binding holds a 16-byte zero buffer),
/// and where the scene's acceleration-structure address goes.
#[derive(Clone, Debug, Default)]
pub struct TraceBindless<'a> {
    /// Root block bytes (pushed as push constants to every stage).
    pub root_block: Vec<u8>,
    /// Shader-record bytes of each group (see [`AddressSlot::Record`]).
    pub records: Vec<Vec<u8>>,
    /// Buffers by address.
    pub buffers: Vec<AddressedBuffer<'a>>,
    /// The heap set.
    pub heap_set: u32,
    /// Heap storage buffers.
    pub heap: Vec<HeapBuffer<'a>>,
    /// Where the top-level acceleration structure's address goes.
    pub scene: Vec<AddressSlot>,
    /// Sampled images in heap arrays.
    pub images: Vec<HeapImage<'a>>,
    /// Static samplers: set, binding and state (immutable samplers).
    pub samplers: Vec<(u32, u32, VkSampler)>,
    /// Where the output image (`R32G32B32A32_SFLOAT`, launch-sized, read
    /// back into [`Traced::image`]) goes in the heap: binding and index.
    pub output: Option<(u32, u32)>,
}

/// A sampled image in a heap array: descriptor `index` of `binding` in the
/// heap set.
#[derive(Clone, Debug)]
pub struct HeapImage<'a> {
    /// The heap binding (its descriptor type: sampled image).
    pub binding: u32,
    /// The heap index.
    pub index: u32,
    /// The image.
    pub desc: ImageDesc,
    /// Its texels, layer by layer and mip by mip (as run specs give them).
    pub data: &'a [u8],
}

/// The buffers of a [`TraceBindless`], made, with every address written.
struct Placed<'d, 'i> {
    root_block: Vec<u8>,
    records: Vec<Vec<u8>>,
    buffers: Vec<HostBuffer<'d, 'i>>,
    /// (binding, index, buffer).
    heap: Vec<(u32, u32, HostBuffer<'d, 'i>)>,
    /// (binding, index, image).
    images: Vec<(u32, u32, GpuImage<'d, 'i>)>,
}

/// A buffer of `data` (rounded up to 16 bytes) with a device address.
fn addressed_buffer<'d, 'i>(device: &'d Device<'i>, data: &[u8]) -> Result<HostBuffer<'d, 'i>> {
    let size = data.len().div_ceil(16).max(1).saturating_mul(16);
    let mut buf =
        HostBuffer::with_usage(device, size, vk::BufferUsageFlags::SHADER_DEVICE_ADDRESS)?;
    buf.write(data)?;
    Ok(buf)
}

impl TraceBindless<'_> {
    /// Makes the buffers and writes their addresses (and the scene's) into
    /// the root block and records.
    fn place<'d, 'i>(&self, device: &'d Device<'i>, scene: u64) -> Result<Placed<'d, 'i>> {
        let mut root_block = self.root_block.clone();
        let mut records = self.records.clone();
        let mut put = |slot: AddressSlot, address: u64| -> Result<()> {
            let (bytes, offset) = match slot {
                AddressSlot::RootBlock(offset) => (&mut root_block, offset),
                AddressSlot::Record { group, offset } => (
                    records
                        .get_mut(group)
                        .ok_or_else(|| invalid(format!("no shader record for group {group}")))?,
                    offset,
                ),
            };
            let start = offset as usize;
            bytes
                .get_mut(start..start.saturating_add(8))
                .ok_or_else(|| invalid(format!("address slot {slot:?} is outside its bytes")))?
                .copy_from_slice(&address.to_le_bytes());
            Ok(())
        };
        for &slot in &self.scene {
            put(slot, scene)?;
        }
        let mut buffers = Vec::with_capacity(self.buffers.len());
        for b in &self.buffers {
            let buf = addressed_buffer(device, b.data)?;
            let address = buf.device_address()?;
            for &slot in &b.at {
                put(slot, address)?;
            }
            buffers.push(buf);
        }
        let heap = self
            .heap
            .iter()
            .map(|h| Ok((h.binding, h.index, filled_buffer(device, h.data)?)))
            .collect::<Result<_>>()?;
        let images = self
            .images
            .iter()
            .map(|h| Ok((h.binding, h.index, GpuImage::new(device, &h.desc, h.data)?)))
            .collect::<Result<_>>()?;
        Ok(Placed {
            root_block,
            records,
            buffers,
            heap,
            images,
        })
    }
}

/// The heap set of a root-signature trace (storage-buffer arrays), the
/// empty sets before it, and a pipeline layout with the root block's push
/// constants.
struct BindlessSets<'d, 'i> {
    sets: Vec<vk::DescriptorSet>,
    heap_set: u32,
    /// (binding, descriptor type, descriptor count).
    bindings: Vec<(u32, vk::DescriptorType, u32)>,
    // Field order is drop order.
    pipeline_layout: Owned<'d, 'i, vk::PipelineLayout>,
    _pool: Owned<'d, 'i, vk::DescriptorPool>,
    _layouts: Vec<Owned<'d, 'i, vk::DescriptorSetLayout>>,
    _samplers: Vec<Owned<'d, 'i, vk::Sampler>>,
    /// What unused heap slots point at.
    filler: HostBuffer<'d, 'i>,
    device: &'d Device<'i>,
}

impl<'d, 'i> BindlessSets<'d, 'i> {
    fn new(
        device: &'d Device<'i>,
        b: &TraceBindless<'_>,
        stages: vk::ShaderStageFlags,
    ) -> Result<Self> {
        let raw = &device.raw;
        if b.heap_set > 7 {
            return Err(invalid("the heap set must be 0 to 7"));
        }
        let mut bindings: Vec<(u32, vk::DescriptorType, u32)> = Vec::new();
        let slots = b
            .heap
            .iter()
            .map(|h| (h.binding, vk::DescriptorType::STORAGE_BUFFER, h.index))
            .chain(
                b.images
                    .iter()
                    .map(|h| (h.binding, vk::DescriptorType::SAMPLED_IMAGE, h.index)),
            )
            .chain(
                b.output
                    .map(|(binding, index)| (binding, vk::DescriptorType::STORAGE_IMAGE, index)),
            );
        for (binding, ty, index) in slots {
            let count = index.saturating_add(1);
            match bindings.iter_mut().find(|(x, _, _)| *x == binding) {
                Some((_, t, c)) if *t == ty => *c = (*c).max(count),
                Some(_) => {
                    return Err(invalid(format!(
                        "heap binding {binding} holds two descriptor types"
                    )))
                }
                None => bindings.push((binding, ty, count)),
            }
        }
        let samplers = b
            .samplers
            .iter()
            .map(|(set, binding, state)| Ok((*set, *binding, create_sampler(device, state)?)))
            .collect::<Result<Vec<_>>>()?;
        let last_set = samplers
            .iter()
            .map(|s| s.0)
            .chain([b.heap_set])
            .max()
            .unwrap_or(0);
        if last_set > 7 {
            return Err(invalid("a root-signature trace uses sets 0 to 7"));
        }
        let mut layouts = Vec::new();
        for set in 0..=last_set {
            let immutable: Vec<[vk::Sampler; 1]> = samplers
                .iter()
                .filter(|s| s.0 == set)
                .map(|s| [s.2.get()])
                .collect();
            let mut list: Vec<vk::DescriptorSetLayoutBinding<'_>> = Vec::new();
            let mut flags = Vec::new();
            if set == b.heap_set {
                for &(binding, ty, count) in &bindings {
                    list.push(
                        vk::DescriptorSetLayoutBinding::default()
                            .binding(binding)
                            .descriptor_type(ty)
                            .descriptor_count(count)
                            .stage_flags(stages),
                    );
                    flags.push(vk::DescriptorBindingFlags::PARTIALLY_BOUND);
                }
            }
            for ((_, binding, _), sampler) in samplers.iter().filter(|s| s.0 == set).zip(&immutable)
            {
                list.push(
                    vk::DescriptorSetLayoutBinding::default()
                        .binding(*binding)
                        .descriptor_type(vk::DescriptorType::SAMPLER)
                        .descriptor_count(1)
                        .stage_flags(stages)
                        .immutable_samplers(sampler),
                );
                flags.push(vk::DescriptorBindingFlags::empty());
            }
            let mut binding_flags =
                vk::DescriptorSetLayoutBindingFlagsCreateInfo::default().binding_flags(&flags);
            let info = vk::DescriptorSetLayoutCreateInfo::default()
                .bindings(&list)
                .push_next(&mut binding_flags);
            // SAFETY: valid create info; the bindings, immutable samplers
            // and flags outlive the call.
            let layout = unsafe { raw.create_descriptor_set_layout(&info, None) }
                .map_err(|r| vk_error("vkCreateDescriptorSetLayout", r))?;
            layouts.push(device.own(layout));
        }
        let handles: Vec<vk::DescriptorSetLayout> = layouts.iter().map(|l| l.get()).collect();
        let push = [vk::PushConstantRange {
            stage_flags: stages,
            offset: 0,
            size: (b.root_block.len() as u32).next_multiple_of(4),
        }];
        let mut layout_info = vk::PipelineLayoutCreateInfo::default().set_layouts(&handles);
        if !b.root_block.is_empty() {
            layout_info = layout_info.push_constant_ranges(&push);
        }
        // SAFETY: valid create info with live set layouts.
        let pipeline_layout = unsafe { raw.create_pipeline_layout(&layout_info, None) }
            .map_err(|r| vk_error("vkCreatePipelineLayout", r))?;
        let pipeline_layout = device.own(pipeline_layout);
        let mut sizes: Vec<vk::DescriptorPoolSize> = bindings
            .iter()
            .map(|&(_, ty, descriptor_count)| vk::DescriptorPoolSize {
                ty,
                descriptor_count,
            })
            .collect();
        sizes.push(vk::DescriptorPoolSize {
            ty: vk::DescriptorType::SAMPLER,
            descriptor_count: samplers.len().max(1) as u32,
        });
        let (pool, sets) = device.allocate_sets(&sizes, &handles)?;
        Ok(BindlessSets {
            sets,
            heap_set: b.heap_set,
            bindings,
            pipeline_layout,
            _pool: pool,
            _layouts: layouts,
            _samplers: samplers.into_iter().map(|s| s.2).collect(),
            filler: HostBuffer::new(device, 16)?,
            device,
        })
    }

    /// Writes the heap: every slot of a storage-buffer binding (the placed
    /// buffers at their indices, the filler elsewhere), the placed images,
    /// and the output image (the other image slots stay unwritten: the
    /// bindings are partially bound).
    fn write(
        &self,
        heap: &[(u32, u32, HostBuffer<'_, '_>)],
        images: &[(u32, u32, GpuImage<'_, '_>)],
        output: Option<((u32, u32), vk::ImageView)>,
    ) -> Result<()> {
        let set = self
            .sets
            .get(self.heap_set as usize)
            .copied()
            .ok_or_else(|| run_error(ErrorKind::Internal, "no heap set"))?;
        let mut infos = Vec::new();
        for &(binding, ty, count) in &self.bindings {
            if ty != vk::DescriptorType::STORAGE_BUFFER {
                continue;
            }
            for index in 0..count {
                let buffer = heap
                    .iter()
                    .find(|(b, i, _)| (*b, *i) == (binding, index))
                    .map_or(&self.filler, |(_, _, buf)| buf);
                infos.push((
                    binding,
                    index,
                    [vk::DescriptorBufferInfo {
                        buffer: buffer.buffer.get(),
                        offset: 0,
                        range: vk::WHOLE_SIZE,
                    }],
                ));
            }
        }
        let image_infos: Vec<(u32, u32, vk::DescriptorType, [vk::DescriptorImageInfo; 1])> = images
            .iter()
            .map(|(b, i, img)| (*b, *i, vk::DescriptorType::SAMPLED_IMAGE, img.view()))
            .chain(output.map(|((b, i), view)| (b, i, vk::DescriptorType::STORAGE_IMAGE, view)))
            .map(|(b, i, ty, view)| {
                (
                    b,
                    i,
                    ty,
                    [vk::DescriptorImageInfo {
                        sampler: vk::Sampler::null(),
                        image_view: view,
                        image_layout: vk::ImageLayout::GENERAL,
                    }],
                )
            })
            .collect();
        let mut writes: Vec<vk::WriteDescriptorSet<'_>> = infos
            .iter()
            .map(|(binding, index, info)| {
                vk::WriteDescriptorSet::default()
                    .dst_set(set)
                    .dst_binding(*binding)
                    .dst_array_element(*index)
                    .descriptor_type(vk::DescriptorType::STORAGE_BUFFER)
                    .buffer_info(info)
            })
            .collect();
        writes.extend(image_infos.iter().map(|(binding, index, ty, info)| {
            vk::WriteDescriptorSet::default()
                .dst_set(set)
                .dst_binding(*binding)
                .dst_array_element(*index)
                .descriptor_type(*ty)
                .image_info(info)
        }));
        // SAFETY: each write names an element of a binding of its type in
        // the live, unused heap set, and a live buffer or image view.
        unsafe { self.device.raw.update_descriptor_sets(&writes, &[]) };
        Ok(())
    }
}
