//! RAII wrappers around the Vulkan objects the harness creates.
//!
//! Every object is owned by a value whose `Drop` destroys it, so every
//! return path (errors included) releases what was created. Objects borrow
//! the [`Device`] that made them, and the device borrows the [`Instance`], so
//! the borrow checker enforces the destruction order.
//!
//! A dispatch that does not finish in time *poisons* the device: the GPU may
//! still be using the objects, so destroying them would be undefined
//! behaviour. From then on every wrapper leaks its object instead (the
//! instance and device included); the process keeps running and the error is
//! reported to the caller.

use std::cell::Cell;
use std::ffi::{c_void, CStr};
use std::sync::{Arc, Mutex};

use ash::vk;

use super::{run_error, unsupported, vulkan::DeviceInfo};
use crate::error::{ErrorKind, Result};

/// A failed Vulkan call as an error.
pub(crate) fn vk_error(what: &str, r: vk::Result) -> crate::Error {
    let kind = match r {
        vk::Result::ERROR_INCOMPATIBLE_DRIVER
        | vk::Result::ERROR_EXTENSION_NOT_PRESENT
        | vk::Result::ERROR_FEATURE_NOT_PRESENT
        | vk::Result::ERROR_LAYER_NOT_PRESENT
        | vk::Result::ERROR_FORMAT_NOT_SUPPORTED => ErrorKind::Unsupported,
        _ => ErrorKind::Internal,
    };
    run_error(kind, format!("{what} failed: {r:?}"))
}

const VALIDATION_LAYER: &CStr = c"VK_LAYER_KHRONOS_validation";

/// Messages collected by the debug messenger.
type MessageLog = Arc<Mutex<Vec<String>>>;

struct Messenger {
    loader: ash::ext::debug_utils::Instance,
    handle: vk::DebugUtilsMessengerEXT,
}

/// Loads the system Vulkan loader (libvulkan.so.1).
pub(crate) fn load_loader() -> Result<ash::Entry> {
    // SAFETY: loading the system Vulkan loader runs its initialisers; it is
    // the library the Vulkan API is specified against, and each `Entry`
    // clone keeps it loaded for as long as any object made from it exists.
    unsafe { ash::Entry::load() }.map_err(|e| {
        unsupported(format!(
            "cannot load the Vulkan loader (libvulkan.so.1): {e}; install a Vulkan driver \
             (e.g. Debian packages libvulkan1 and mesa-vulkan-drivers for lavapipe)"
        ))
    })
}

/// A Vulkan instance (and the loader it came from).
pub(crate) struct Instance {
    // Kept alive for as long as the instance: it owns the loader library.
    _entry: ash::Entry,
    pub(crate) raw: ash::Instance,
    /// The API version the instance was created with.
    pub(crate) api_version: u32,
    messenger: Option<Messenger>,
    log: MessageLog,
    leak: Cell<bool>,
}

/// Callback of the debug messenger: appends warnings and errors to the log.
///
/// # Safety
/// Called by the validation layer with valid callback data, and with
/// `user_data` as given at creation: `Arc::as_ptr` of the instance's log,
/// alive until the messenger is destroyed.
unsafe extern "system" fn debug_callback(
    severity: vk::DebugUtilsMessageSeverityFlagsEXT,
    _types: vk::DebugUtilsMessageTypeFlagsEXT,
    data: *const vk::DebugUtilsMessengerCallbackDataEXT<'_>,
    user_data: *mut c_void,
) -> vk::Bool32 {
    if data.is_null() || user_data.is_null() {
        return vk::FALSE;
    }
    // SAFETY: `data` is non-null and points at the layer's callback data for
    // the duration of the call (Vulkan spec); its message is a NUL-terminated
    // string or null, which `message_as_c_str` handles.
    let message = unsafe { (*data).message_as_c_str() }
        .map(|m| m.to_string_lossy().into_owned())
        .unwrap_or_default();
    // SAFETY: `user_data` is `Arc::as_ptr` of the instance's log; the
    // instance keeps that count until its `Drop` has destroyed the messenger
    // (or forever, when it is leaked), so the mutex is alive here.
    let log = unsafe { &*(user_data as *const Mutex<Vec<String>>) };
    let level = if severity.contains(vk::DebugUtilsMessageSeverityFlagsEXT::ERROR) {
        "error"
    } else {
        "warning"
    };
    if let Ok(mut log) = log.lock() {
        log.push(format!("{level}: {message}"));
    }
    vk::FALSE
}

impl Instance {
    /// Creates an instance from a loaded loader (API 1.3 or the loader's
    /// version if lower; at least 1.1). With `validation`, enables the Khronos
    /// validation layer and collects its warnings and errors (an error if the
    /// layer is not installed).
    pub(crate) fn new(entry: &ash::Entry, validation: bool) -> Result<Instance> {
        let entry = entry.clone();
        // SAFETY: a global command with no preconditions.
        let loader_version = unsafe { entry.try_enumerate_instance_version() }
            .map_err(|r| vk_error("vkEnumerateInstanceVersion", r))?
            .unwrap_or(vk::API_VERSION_1_0);
        if loader_version < vk::API_VERSION_1_1 {
            return Err(unsupported(
                "the Vulkan loader supports only Vulkan 1.0; 1.1 or later is required",
            ));
        }
        let api_version = loader_version.min(vk::API_VERSION_1_3);
        let mut layers = Vec::new();
        let mut extensions = Vec::new();
        if validation {
            // SAFETY: a global command with no preconditions.
            let available = unsafe { entry.enumerate_instance_layer_properties() }
                .map_err(|r| vk_error("vkEnumerateInstanceLayerProperties", r))?;
            if !available
                .iter()
                .any(|l| l.layer_name_as_c_str() == Ok(VALIDATION_LAYER))
            {
                return Err(unsupported(
                    "validation was requested but VK_LAYER_KHRONOS_validation is not installed \
                     (Debian package vulkan-validationlayers)",
                ));
            }
            layers.push(VALIDATION_LAYER.as_ptr());
            extensions.push(ash::ext::debug_utils::NAME.as_ptr());
        }
        let app = vk::ApplicationInfo::default()
            .application_name(c"dxil2spirv run harness")
            .engine_name(c"dxil2spirv")
            .api_version(api_version);
        let info = vk::InstanceCreateInfo::default()
            .application_info(&app)
            .enabled_layer_names(&layers)
            .enabled_extension_names(&extensions);
        // SAFETY: `info` and everything it points at (names, app info) live
        // until the call returns; the instance is destroyed in `Drop`.
        let raw = unsafe { entry.create_instance(&info, None) }.map_err(|r| {
            if r == vk::Result::ERROR_INCOMPATIBLE_DRIVER {
                unsupported(
                    "vkCreateInstance failed: ERROR_INCOMPATIBLE_DRIVER (the Vulkan loader found \
                     no usable driver; lavapipe: Debian package mesa-vulkan-drivers)",
                )
            } else {
                vk_error("vkCreateInstance", r)
            }
        })?;
        let log: MessageLog = Arc::new(Mutex::new(Vec::new()));
        let mut instance = Instance {
            _entry: entry,
            raw,
            api_version,
            messenger: None,
            log,
            leak: Cell::new(false),
        };
        if validation {
            let loader = ash::ext::debug_utils::Instance::new(&instance._entry, &instance.raw);
            // The instance's own count of the log keeps this pointer valid
            // until `Drop` has destroyed the messenger.
            let user_data = Arc::as_ptr(&instance.log);
            let info = vk::DebugUtilsMessengerCreateInfoEXT::default()
                .message_severity(
                    vk::DebugUtilsMessageSeverityFlagsEXT::WARNING
                        | vk::DebugUtilsMessageSeverityFlagsEXT::ERROR,
                )
                .message_type(
                    vk::DebugUtilsMessageTypeFlagsEXT::VALIDATION
                        | vk::DebugUtilsMessageTypeFlagsEXT::GENERAL
                        | vk::DebugUtilsMessageTypeFlagsEXT::PERFORMANCE,
                )
                .pfn_user_callback(Some(debug_callback))
                .user_data(user_data as *mut c_void);
            // SAFETY: the instance was created with VK_EXT_debug_utils; the
            // callback's user data stays valid until the messenger is
            // destroyed (the instance's count of the log, see `Drop`).
            match unsafe { loader.create_debug_utils_messenger(&info, None) } {
                Ok(handle) => instance.messenger = Some(Messenger { loader, handle }),
                Err(r) => return Err(vk_error("vkCreateDebugUtilsMessengerEXT", r)),
            }
        }
        Ok(instance)
    }

    /// The physical devices, in the driver's order.
    pub(crate) fn physical_devices(&self) -> Result<Vec<vk::PhysicalDevice>> {
        // SAFETY: the instance is alive (borrowed from `self`).
        unsafe { self.raw.enumerate_physical_devices() }
            .map_err(|r| vk_error("vkEnumeratePhysicalDevices", r))
    }

    /// What a physical device is.
    pub(crate) fn device_info(&self, pd: vk::PhysicalDevice, index: usize) -> DeviceInfo {
        // SAFETY: `pd` was enumerated from this live instance.
        let props = unsafe { self.raw.get_physical_device_properties(pd) };
        let api = props.api_version.min(self.api_version);
        let mut driver = vk::PhysicalDeviceDriverProperties::default();
        let (driver_name, driver_info) = if api >= vk::API_VERSION_1_2 {
            let mut props2 = vk::PhysicalDeviceProperties2::default().push_next(&mut driver);
            // SAFETY: `pd` belongs to this instance, the device supports
            // Vulkan 1.2 so VkPhysicalDeviceDriverProperties is a valid
            // extension of the query, and the chain lives across the call.
            unsafe { self.raw.get_physical_device_properties2(pd, &mut props2) };
            (
                driver
                    .driver_name_as_c_str()
                    .map(|s| s.to_string_lossy().into_owned())
                    .unwrap_or_default(),
                driver
                    .driver_info_as_c_str()
                    .map(|s| s.to_string_lossy().into_owned())
                    .unwrap_or_default(),
            )
        } else {
            (String::new(), String::new())
        };
        let device_type = match props.device_type {
            vk::PhysicalDeviceType::INTEGRATED_GPU => "integrated gpu",
            vk::PhysicalDeviceType::DISCRETE_GPU => "discrete gpu",
            vk::PhysicalDeviceType::VIRTUAL_GPU => "virtual gpu",
            vk::PhysicalDeviceType::CPU => "cpu",
            _ => "other",
        };
        DeviceInfo {
            index,
            name: props
                .device_name_as_c_str()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_default(),
            driver_name,
            driver_info,
            device_type: device_type.to_string(),
            api_version: (
                vk::api_version_major(props.api_version),
                vk::api_version_minor(props.api_version),
                vk::api_version_patch(props.api_version),
            ),
            vendor_id: props.vendor_id,
            device_id: props.device_id,
        }
    }

    /// Whether a device of this instance was poisoned, so that the
    /// instance is leaked and must not be used again.
    pub(crate) fn is_poisoned(&self) -> bool {
        self.leak.get()
    }

    /// How many validation messages were collected so far.
    pub(crate) fn message_count(&self) -> usize {
        self.log.lock().map(|l| l.len()).unwrap_or(0)
    }

    /// The validation messages collected after the first `seen`.
    pub(crate) fn messages_since(&self, seen: usize) -> Vec<String> {
        self.log
            .lock()
            .map(|l| l.get(seen..).unwrap_or_default().to_vec())
            .unwrap_or_default()
    }
}

impl Drop for Instance {
    fn drop(&mut self) {
        if self.leak.get() {
            // The messenger may still call back: its log must outlive it.
            std::mem::forget(Arc::clone(&self.log));
            return;
        }
        if let Some(m) = self.messenger.take() {
            // SAFETY: the messenger was created from this instance and is
            // destroyed once; no callback runs after this returns.
            unsafe { m.loader.destroy_debug_utils_messenger(m.handle, None) };
        }
        // SAFETY: every child object (the device and what it made) borrows
        // this instance and so was dropped before; not poisoned, so none was
        // leaked while in use.
        unsafe { self.raw.destroy_instance(None) };
    }
}

/// Extensions enabled when the device has them; none is required. The
/// feature structs of those with features are chained in [`Device::new`].
const OPTIONAL_EXTENSIONS: [&CStr; 11] = [
    ash::ext::robustness2::NAME,
    ash::ext::shader_atomic_float::NAME,
    ash::ext::shader_atomic_float2::NAME,
    ash::ext::shader_image_atomic_int64::NAME,
    ash::khr::shader_subgroup_uniform_control_flow::NAME,
    ash::khr::shader_maximal_reconvergence::NAME,
    ash::khr::shader_quad_control::NAME,
    ash::khr::shader_float_controls2::NAME,
    ash::khr::shader_expect_assume::NAME,
    ash::khr::shader_non_semantic_info::NAME,
    ash::ext::mutable_descriptor_type::NAME,
];

/// The extensions a ray-tracing pipeline needs, enabled together when the
/// device has all of them (`Session::trace`).
const RAY_TRACING_EXTENSIONS: [&CStr; 3] = [
    ash::khr::deferred_host_operations::NAME,
    ash::khr::acceleration_structure::NAME,
    ash::khr::ray_tracing_pipeline::NAME,
];

/// A logical device with one compute queue.
pub(crate) struct Device<'i> {
    pub(crate) instance: &'i Instance,
    pub(crate) physical: vk::PhysicalDevice,
    pub(crate) raw: ash::Device,
    pub(crate) queue: vk::Queue,
    pub(crate) queue_family: u32,
    /// Valid bits of the queue's timestamps (0: no timestamps).
    pub(crate) timestamp_bits: u32,
    /// Whether the queue draws and the device has Vulkan 1.3 (dynamic
    /// rendering), as `Session::draw` needs.
    pub(crate) graphics: bool,
    /// The optional features drawing stages and targets need.
    pub(crate) draw_features: super::draw_pipeline::DrawFeatures,
    /// Whether [`RAY_TRACING_EXTENSIONS`] are enabled (with buffer device
    /// addresses), as `Session::trace` needs.
    pub(crate) ray_tracing: bool,
    /// Whether `VK_NV_ray_tracing_invocation_reorder` is enabled (with ray
    /// tracing), for shader execution reordering.
    pub(crate) invocation_reorder: bool,
    pub(crate) props: vk::PhysicalDeviceProperties,
    mem_props: vk::PhysicalDeviceMemoryProperties,
    /// The descriptor-indexing features enabled (all off before Vulkan 1.2).
    indexing: Indexing,
    /// Whether `bufferDeviceAddress` is enabled (root descriptors).
    pub(crate) buffer_device_address: bool,
    /// Whether `VK_EXT_mutable_descriptor_type` is enabled with its
    /// feature (mutable heap bindings).
    pub(crate) mutable_descriptors: bool,
    /// Whether `nullDescriptor` (`VK_EXT_robustness2`) is enabled: null
    /// descriptors in the heap's pad slot (descriptor QA).
    pub(crate) null_descriptor: bool,
    poisoned: Cell<bool>,
}

/// The Vulkan 1.2 descriptor-indexing features that heap arrays need.
#[derive(Clone, Copy, Debug, Default)]
struct Indexing {
    runtime_array: bool,
    partially_bound: bool,
    /// Update-after-bind: uniform buffer, storage buffer, uniform texel
    /// buffer, storage texel buffer, sampled image (and sampler), storage
    /// image.
    update_after_bind: [bool; 6],
    /// Non-uniform indexing, same order.
    non_uniform: [bool; 6],
}

impl Indexing {
    fn of(v12: &vk::PhysicalDeviceVulkan12Features<'_>) -> Indexing {
        let on = |b: vk::Bool32| b == vk::TRUE;
        Indexing {
            runtime_array: on(v12.runtime_descriptor_array),
            partially_bound: on(v12.descriptor_binding_partially_bound),
            update_after_bind: [
                on(v12.descriptor_binding_uniform_buffer_update_after_bind),
                on(v12.descriptor_binding_storage_buffer_update_after_bind),
                on(v12.descriptor_binding_uniform_texel_buffer_update_after_bind),
                on(v12.descriptor_binding_storage_texel_buffer_update_after_bind),
                on(v12.descriptor_binding_sampled_image_update_after_bind),
                on(v12.descriptor_binding_storage_image_update_after_bind),
            ],
            non_uniform: [
                on(v12.shader_uniform_buffer_array_non_uniform_indexing),
                on(v12.shader_storage_buffer_array_non_uniform_indexing),
                on(v12.shader_uniform_texel_buffer_array_non_uniform_indexing),
                on(v12.shader_storage_texel_buffer_array_non_uniform_indexing),
                on(v12.shader_sampled_image_array_non_uniform_indexing),
                on(v12.shader_storage_image_array_non_uniform_indexing),
            ],
        }
    }
}

impl<'i> Device<'i> {
    /// Creates a device on `physical` with every feature it supports enabled
    /// (Vulkan 1.0 to 1.3 core and the [`OPTIONAL_EXTENSIONS`] it has), so
    /// that whatever capabilities the compiled SPIR-V declares are available;
    /// `robustBufferAccess` (and `robustBufferAccess2` where present) give
    /// D3D12's out-of-bounds buffer behaviour.
    pub(crate) fn new(instance: &'i Instance, physical: vk::PhysicalDevice) -> Result<Device<'i>> {
        let raw_instance = &instance.raw;
        // SAFETY: `physical` was enumerated from this live instance; this
        // and the queries below ("see above") have no other preconditions.
        let props = unsafe { raw_instance.get_physical_device_properties(physical) };
        let api = props.api_version.min(instance.api_version);
        if api < vk::API_VERSION_1_1 {
            return Err(unsupported(format!(
                "the device supports Vulkan {}.{} only; 1.1 or later is required",
                vk::api_version_major(api),
                vk::api_version_minor(api)
            )));
        }
        // SAFETY: see above.
        let mem_props = unsafe { raw_instance.get_physical_device_memory_properties(physical) };
        // SAFETY: see above.
        let families =
            unsafe { raw_instance.get_physical_device_queue_family_properties(physical) };
        // A family that also draws, when there is one (for `Session::draw`).
        let usable = |f: &vk::QueueFamilyProperties, flags: vk::QueueFlags| {
            f.queue_flags.contains(flags) && f.queue_count > 0
        };
        let both = vk::QueueFlags::COMPUTE | vk::QueueFlags::GRAPHICS;
        let queue_family = families
            .iter()
            .position(|f| usable(f, both))
            .or_else(|| {
                families
                    .iter()
                    .position(|f| usable(f, vk::QueueFlags::COMPUTE))
            })
            .ok_or_else(|| unsupported("the device has no compute queue"))?;
        let timestamp_bits = families
            .get(queue_family)
            .map_or(0, |f| f.timestamp_valid_bits);
        let graphics = families
            .get(queue_family)
            .is_some_and(|f| f.queue_flags.contains(vk::QueueFlags::GRAPHICS))
            && api >= vk::API_VERSION_1_3;
        let queue_family = u32::try_from(queue_family)
            .map_err(|_| run_error(ErrorKind::Internal, "queue family index overflow"))?;
        // SAFETY: see above.
        let available = unsafe { raw_instance.enumerate_device_extension_properties(physical) }
            .map_err(|r| vk_error("vkEnumerateDeviceExtensionProperties", r))?;
        let has = |name: &CStr| {
            available
                .iter()
                .any(|e| e.extension_name_as_c_str() == Ok(name))
        };
        let ray_tracing =
            api >= vk::API_VERSION_1_2 && RAY_TRACING_EXTENSIONS.iter().all(|n| has(n));
        let reorder_name = ash::nv::ray_tracing_invocation_reorder::NAME;
        let reorder = ray_tracing && has(reorder_name);
        // Mesh and task shaders (`Session::draw`) alone: the extension's
        // other features need extensions not enabled here.
        let mesh_name = ash::ext::mesh_shader::NAME;
        let mut mesh = vk::PhysicalDeviceMeshShaderFeaturesEXT::default();
        if api >= vk::API_VERSION_1_2 && has(mesh_name) {
            let mut query = vk::PhysicalDeviceMeshShaderFeaturesEXT::default();
            let mut chain = vk::PhysicalDeviceFeatures2::default().push_next(&mut query);
            // SAFETY: the device has the extension of the chained struct.
            unsafe { raw_instance.get_physical_device_features2(physical, &mut chain) };
            mesh = mesh
                .mesh_shader(query.mesh_shader == vk::TRUE)
                .task_shader(query.task_shader == vk::TRUE);
        }
        let mesh_shaders = (mesh.mesh_shader == vk::TRUE, mesh.task_shader == vk::TRUE);
        let extensions: Vec<*const std::ffi::c_char> = OPTIONAL_EXTENSIONS
            .iter()
            .filter(|n| has(n))
            .chain(RAY_TRACING_EXTENSIONS.iter().filter(|_| ray_tracing))
            .chain(std::iter::once(&reorder_name).filter(|_| reorder))
            .chain(std::iter::once(&mesh_name).filter(|_| mesh_shaders.0))
            .map(|n| n.as_ptr())
            .collect();

        let mut v11 = vk::PhysicalDeviceVulkan11Features::default();
        let mut v12 = vk::PhysicalDeviceVulkan12Features::default();
        let mut v13 = vk::PhysicalDeviceVulkan13Features::default();
        let mut robustness2 = vk::PhysicalDeviceRobustness2FeaturesEXT::default();
        let mut atomic_float = vk::PhysicalDeviceShaderAtomicFloatFeaturesEXT::default();
        let mut atomic_float2 = vk::PhysicalDeviceShaderAtomicFloat2FeaturesEXT::default();
        let mut image_atomic64 = vk::PhysicalDeviceShaderImageAtomicInt64FeaturesEXT::default();
        let mut uniform_cf =
            vk::PhysicalDeviceShaderSubgroupUniformControlFlowFeaturesKHR::default();
        let mut reconvergence = vk::PhysicalDeviceShaderMaximalReconvergenceFeaturesKHR::default();
        let mut quad_control = vk::PhysicalDeviceShaderQuadControlFeaturesKHR::default();
        let mut float_controls2 = vk::PhysicalDeviceShaderFloatControls2FeaturesKHR::default();
        let mut expect_assume = vk::PhysicalDeviceShaderExpectAssumeFeaturesKHR::default();
        let mut accel = vk::PhysicalDeviceAccelerationStructureFeaturesKHR::default();
        let mut rt_pipeline = vk::PhysicalDeviceRayTracingPipelineFeaturesKHR::default();
        let mut reorder_features =
            vk::PhysicalDeviceRayTracingInvocationReorderFeaturesNV::default();
        let mut mutable = vk::PhysicalDeviceMutableDescriptorTypeFeaturesEXT::default();
        let mut features = vk::PhysicalDeviceFeatures2::default();
        if api >= vk::API_VERSION_1_2 {
            features = features.push_next(&mut v11).push_next(&mut v12);
        }
        if api >= vk::API_VERSION_1_3 {
            features = features.push_next(&mut v13);
        }
        if has(ash::ext::robustness2::NAME) {
            features = features.push_next(&mut robustness2);
        }
        if has(ash::ext::shader_atomic_float::NAME) {
            features = features.push_next(&mut atomic_float);
        }
        if has(ash::ext::shader_atomic_float2::NAME) {
            features = features.push_next(&mut atomic_float2);
        }
        if has(ash::ext::shader_image_atomic_int64::NAME) {
            features = features.push_next(&mut image_atomic64);
        }
        if has(ash::khr::shader_subgroup_uniform_control_flow::NAME) {
            features = features.push_next(&mut uniform_cf);
        }
        if has(ash::khr::shader_maximal_reconvergence::NAME) {
            features = features.push_next(&mut reconvergence);
        }
        if has(ash::khr::shader_quad_control::NAME) {
            features = features.push_next(&mut quad_control);
        }
        if has(ash::khr::shader_float_controls2::NAME) {
            features = features.push_next(&mut float_controls2);
        }
        if has(ash::khr::shader_expect_assume::NAME) {
            features = features.push_next(&mut expect_assume);
        }
        if has(ash::ext::mutable_descriptor_type::NAME) {
            features = features.push_next(&mut mutable);
        }
        if ray_tracing {
            features = features.push_next(&mut accel).push_next(&mut rt_pipeline);
        }
        if reorder {
            features = features.push_next(&mut reorder_features);
        }
        // SAFETY: every struct in the chain is valid for this device: the
        // core ones for its API version, the others only when it has their
        // extension; the chain lives across the call.
        unsafe { raw_instance.get_physical_device_features2(physical, &mut features) };
        if mesh_shaders.0 {
            features = features.push_next(&mut mesh);
        }

        let priorities = [1.0f32];
        let queue_info = [vk::DeviceQueueCreateInfo::default()
            .queue_family_index(queue_family)
            .queue_priorities(&priorities)];
        let info = vk::DeviceCreateInfo::default()
            .queue_create_infos(&queue_info)
            .enabled_extension_names(&extensions)
            .push_next(&mut features);
        // SAFETY: the features enabled are exactly those the device reported
        // (each extension struct only with its extension enabled; of the
        // mesh shader features, only those that need no other extension), the
        // extension names are static C strings the device lists, and all
        // pointed-to data lives across the call. The device is destroyed in
        // `Drop`.
        let raw = unsafe { raw_instance.create_device(physical, &info, None) }
            .map_err(|r| vk_error("vkCreateDevice", r))?;
        let core = features.features;
        // SAFETY: the device was created with one queue in `queue_family`.
        let queue = unsafe { raw.get_device_queue(queue_family, 0) };
        let ray_tracing = ray_tracing
            && v12.buffer_device_address == vk::TRUE
            && accel.acceleration_structure == vk::TRUE
            && rt_pipeline.ray_tracing_pipeline == vk::TRUE;
        let draw_features = super::draw_pipeline::DrawFeatures::of(&core, &v12, mesh_shaders);
        let invocation_reorder =
            ray_tracing && reorder && reorder_features.ray_tracing_invocation_reorder == vk::TRUE;
        let indexing = if api >= vk::API_VERSION_1_2 {
            Indexing::of(&v12)
        } else {
            Indexing::default()
        };
        let buffer_device_address =
            api >= vk::API_VERSION_1_2 && v12.buffer_device_address == vk::TRUE;
        let mutable_descriptors = has(ash::ext::mutable_descriptor_type::NAME)
            && mutable.mutable_descriptor_type == vk::TRUE;
        let null_descriptor =
            has(ash::ext::robustness2::NAME) && robustness2.null_descriptor == vk::TRUE;
        Ok(Device {
            instance,
            physical,
            raw,
            queue,
            queue_family,
            timestamp_bits,
            graphics,
            draw_features,
            ray_tracing,
            invocation_reorder,
            props,
            mem_props,
            indexing,
            buffer_device_address,
            mutable_descriptors,
            null_descriptor,
            poisoned: Cell::new(false),
        })
    }

    /// The descriptor-indexing features (Vulkan 1.2 names) that runtime
    /// arrays of the descriptor types `types`, partially bound and
    /// update-after-bind and indexed non-uniformly, need and the device
    /// lacks; empty when it has them all.
    pub(crate) fn heap_features_missing(
        &self,
        types: impl Iterator<Item = vk::DescriptorType>,
    ) -> Vec<&'static str> {
        let ix = &self.indexing;
        let mut missing = Vec::new();
        if !ix.runtime_array {
            missing.push("runtimeDescriptorArray");
        }
        if !ix.partially_bound {
            missing.push("descriptorBindingPartiallyBound");
        }
        for ty in types {
            let (slot, uab, non_uniform) = match ty {
                vk::DescriptorType::UNIFORM_BUFFER => (
                    0,
                    "descriptorBindingUniformBufferUpdateAfterBind",
                    "shaderUniformBufferArrayNonUniformIndexing",
                ),
                vk::DescriptorType::STORAGE_BUFFER => (
                    1,
                    "descriptorBindingStorageBufferUpdateAfterBind",
                    "shaderStorageBufferArrayNonUniformIndexing",
                ),
                vk::DescriptorType::UNIFORM_TEXEL_BUFFER => (
                    2,
                    "descriptorBindingUniformTexelBufferUpdateAfterBind",
                    "shaderUniformTexelBufferArrayNonUniformIndexing",
                ),
                vk::DescriptorType::SAMPLED_IMAGE | vk::DescriptorType::SAMPLER => (
                    4,
                    "descriptorBindingSampledImageUpdateAfterBind",
                    "shaderSampledImageArrayNonUniformIndexing",
                ),
                vk::DescriptorType::STORAGE_IMAGE => (
                    5,
                    "descriptorBindingStorageImageUpdateAfterBind",
                    "shaderStorageImageArrayNonUniformIndexing",
                ),
                _ => (
                    3,
                    "descriptorBindingStorageTexelBufferUpdateAfterBind",
                    "shaderStorageTexelBufferArrayNonUniformIndexing",
                ),
            };
            for (have, name) in [
                (ix.update_after_bind.get(slot), uab),
                (ix.non_uniform.get(slot), non_uniform),
            ] {
                if have != Some(&true) && !missing.contains(&name) {
                    missing.push(name);
                }
            }
        }
        missing
    }

    /// Whether [`Device::poison`] was called.
    pub(crate) fn is_poisoned(&self) -> bool {
        self.poisoned.get()
    }

    /// Marks the device as possibly still executing: every object of it,
    /// and the device and instance themselves, are leaked instead of
    /// destroyed.
    pub(crate) fn poison(&self) {
        self.poisoned.set(true);
        self.instance.leak.set(true);
    }

    /// Wraps a handle so that it is destroyed with the device's function.
    pub(crate) fn own<H: Destroy>(&self, handle: H) -> Owned<'_, 'i, H> {
        Owned {
            device: self,
            handle,
        }
    }

    /// A descriptor pool of `sizes` and one set of each layout from it
    /// (`max_sets` = the number of layouts).
    pub(crate) fn allocate_sets(
        &self,
        sizes: &[vk::DescriptorPoolSize],
        layouts: &[vk::DescriptorSetLayout],
    ) -> Result<(Owned<'_, 'i, vk::DescriptorPool>, Vec<vk::DescriptorSet>)> {
        let raw = &self.raw;
        let pool_info = vk::DescriptorPoolCreateInfo::default()
            .max_sets(layouts.len() as u32)
            .pool_sizes(sizes);
        // SAFETY: valid create info; the sizes outlive the call.
        let pool = unsafe { raw.create_descriptor_pool(&pool_info, None) }
            .map_err(|r| vk_error("vkCreateDescriptorPool", r))?;
        let pool = self.own(pool);
        let alloc = vk::DescriptorSetAllocateInfo::default()
            .descriptor_pool(pool.get())
            .set_layouts(layouts);
        // SAFETY: the pool holds these sets' descriptors.
        let sets = unsafe { raw.allocate_descriptor_sets(&alloc) }
            .map_err(|r| vk_error("vkAllocateDescriptorSets", r))?;
        Ok((pool, sets))
    }

    /// An image made from `info` (a valid create info: the caller says
    /// why, `what` names it in errors) in device memory bound to it.
    pub(crate) fn create_bound_image(
        &self,
        info: &vk::ImageCreateInfo<'_>,
        what: &str,
    ) -> Result<(Owned<'_, 'i, vk::Image>, Owned<'_, 'i, vk::DeviceMemory>)> {
        let raw = &self.raw;
        // SAFETY: the caller vouches for the create info; owned right below.
        let image =
            unsafe { raw.create_image(info, None) }.map_err(|r| vk_error("vkCreateImage", r))?;
        let image = self.own(image);
        // SAFETY: the image was created from this device.
        let req = unsafe { raw.get_image_memory_requirements(image.get()) };
        let type_index = self
            .device_memory_type(req.memory_type_bits)
            .ok_or_else(|| unsupported(format!("no memory type for {what}")))?;
        let alloc = vk::MemoryAllocateInfo::default()
            .allocation_size(req.size)
            .memory_type_index(type_index);
        // SAFETY: a memory type the image allows; owned right below.
        let memory = unsafe { raw.allocate_memory(&alloc, None) }
            .map_err(|r| vk_error("vkAllocateMemory", r))?;
        let memory = self.own(memory);
        // SAFETY: fresh image and memory of the required size, offset 0.
        unsafe { raw.bind_image_memory(image.get(), memory.get(), 0) }
            .map_err(|r| vk_error("vkBindImageMemory", r))?;
        Ok((image, memory))
    }

    /// A host-visible, host-coherent memory type allowed by `type_bits`.
    pub(crate) fn host_memory_type(&self, type_bits: u32) -> Option<u32> {
        let wanted = vk::MemoryPropertyFlags::HOST_VISIBLE | vk::MemoryPropertyFlags::HOST_COHERENT;
        let count = self
            .mem_props
            .memory_type_count
            .min(vk::MAX_MEMORY_TYPES as u32);
        (0..count).find(|&i| {
            type_bits & (1 << i) != 0
                && self
                    .mem_props
                    .memory_types
                    .get(i as usize)
                    .is_some_and(|t| t.property_flags.contains(wanted))
        })
    }

    /// A memory type allowed by `type_bits` for device resources (images):
    /// device-local if there is one, else any.
    pub(crate) fn device_memory_type(&self, type_bits: u32) -> Option<u32> {
        let count = self
            .mem_props
            .memory_type_count
            .min(vk::MAX_MEMORY_TYPES as u32);
        let allowed = |i: &u32| type_bits & (1 << i) != 0;
        let local = |i: &u32| {
            self.mem_props
                .memory_types
                .get(*i as usize)
                .is_some_and(|t| {
                    t.property_flags
                        .contains(vk::MemoryPropertyFlags::DEVICE_LOCAL)
                })
        };
        (0..count)
            .filter(allowed)
            .find(local)
            .or_else(|| (0..count).find(allowed))
    }

    /// Whether the device can use `format` in buffer views with `feature`.
    pub(crate) fn supports_buffer_format(
        &self,
        format: vk::Format,
        feature: vk::FormatFeatureFlags,
    ) -> bool {
        // SAFETY: `physical` belongs to the live instance; a pure query.
        let props = unsafe {
            self.instance
                .raw
                .get_physical_device_format_properties(self.physical, format)
        };
        props.buffer_features.contains(feature)
    }
}

impl Drop for Device<'_> {
    fn drop(&mut self) {
        if self.poisoned.get() {
            return;
        }
        // SAFETY: every object made from the device borrows it and was
        // dropped (destroyed) before; no work is pending (the only submission
        // was waited for, or the device would be poisoned).
        unsafe { self.raw.destroy_device(None) };
    }
}

/// A Vulkan handle type the harness destroys through the device.
pub(crate) trait Destroy: Copy {
    /// Destroys (or frees) the object.
    ///
    /// # Safety
    /// The object was created from `device`, is not in use by the GPU, and
    /// is destroyed only once.
    unsafe fn destroy(self, device: &ash::Device);
}

macro_rules! destroy_impl {
    ($($ty:ty => $method:ident),* $(,)?) => {$(
        impl Destroy for $ty {
            unsafe fn destroy(self, device: &ash::Device) {
                // SAFETY: forwarded from the trait's contract.
                unsafe { device.$method(self, None) }
            }
        }
    )*};
}

destroy_impl! {
    vk::Buffer => destroy_buffer,
    vk::Image => destroy_image,
    vk::ImageView => destroy_image_view,
    vk::DeviceMemory => free_memory,
    vk::BufferView => destroy_buffer_view,
    vk::DescriptorSetLayout => destroy_descriptor_set_layout,
    vk::DescriptorPool => destroy_descriptor_pool,
    vk::PipelineLayout => destroy_pipeline_layout,
    vk::ShaderModule => destroy_shader_module,
    vk::Pipeline => destroy_pipeline,
    vk::CommandPool => destroy_command_pool,
    vk::Fence => destroy_fence,
    vk::Sampler => destroy_sampler,
    vk::QueryPool => destroy_query_pool,
}

/// A device object destroyed when dropped (unless the device is poisoned).
pub(crate) struct Owned<'d, 'i, H: Destroy> {
    device: &'d Device<'i>,
    handle: H,
}

impl<H: Destroy> Owned<'_, '_, H> {
    /// The raw handle.
    pub(crate) fn get(&self) -> H {
        self.handle
    }
}

impl<H: Destroy> Drop for Owned<'_, '_, H> {
    fn drop(&mut self) {
        if self.device.poisoned.get() {
            return;
        }
        // SAFETY: the handle was created from this device (only `Device::own`
        // makes an `Owned`), is dropped once, and the device is not poisoned,
        // so the GPU finished every submission that used it.
        unsafe { self.handle.destroy(&self.device.raw) };
    }
}

/// A buffer in host-visible, coherent memory, mapped for its whole life.
pub(crate) struct HostBuffer<'d, 'i> {
    // Field order is drop order: the buffer goes before its memory.
    pub(crate) buffer: Owned<'d, 'i, vk::Buffer>,
    _memory: Owned<'d, 'i, vk::DeviceMemory>,
    ptr: *mut u8,
    size: usize,
    /// Whether it was made with `SHADER_DEVICE_ADDRESS` usage.
    addressable: bool,
}

impl<'d, 'i> HostBuffer<'d, 'i> {
    /// Creates a buffer of `size` bytes (at least 1) usable as every buffer
    /// descriptor type, zero-filled.
    pub(crate) fn new(device: &'d Device<'i>, size: usize) -> Result<Self> {
        Self::with_usage(device, size, vk::BufferUsageFlags::empty())
    }

    /// [`HostBuffer::new`] with `extra` usage; usage that takes a device
    /// address (`SHADER_DEVICE_ADDRESS`) gets memory allocated for one.
    /// The caller enabled what the usage needs (e.g. ray tracing).
    pub(crate) fn with_usage(
        device: &'d Device<'i>,
        size: usize,
        extra: vk::BufferUsageFlags,
    ) -> Result<Self> {
        let size = size.max(1);
        let usage = vk::BufferUsageFlags::STORAGE_BUFFER
            | vk::BufferUsageFlags::UNIFORM_BUFFER
            | vk::BufferUsageFlags::STORAGE_TEXEL_BUFFER
            | vk::BufferUsageFlags::UNIFORM_TEXEL_BUFFER
            | vk::BufferUsageFlags::TRANSFER_SRC
            | vk::BufferUsageFlags::TRANSFER_DST
            | extra;
        let info = vk::BufferCreateInfo::default()
            .size(size as u64)
            .usage(usage)
            .sharing_mode(vk::SharingMode::EXCLUSIVE);
        // SAFETY: a valid create info on a live device; the buffer is owned
        // (destroyed) by the wrapper right below.
        let buffer = unsafe { device.raw.create_buffer(&info, None) }
            .map_err(|r| vk_error("vkCreateBuffer", r))?;
        let buffer = device.own(buffer);
        // SAFETY: the buffer was created from this device.
        let req = unsafe { device.raw.get_buffer_memory_requirements(buffer.get()) };
        let type_index = device
            .host_memory_type(req.memory_type_bits)
            .ok_or_else(|| {
                unsupported("the device has no host-visible coherent memory for buffers")
            })?;
        let mut flags =
            vk::MemoryAllocateFlagsInfo::default().flags(vk::MemoryAllocateFlags::DEVICE_ADDRESS);
        let mut alloc = vk::MemoryAllocateInfo::default()
            .allocation_size(req.size)
            .memory_type_index(type_index);
        if usage.contains(vk::BufferUsageFlags::SHADER_DEVICE_ADDRESS) {
            alloc = alloc.push_next(&mut flags);
        }
        // SAFETY: a valid allocation info (a memory type the buffer allows;
        // device-address memory only with the usage that needs it, whose
        // feature the caller enabled); the memory is owned (freed) by the
        // wrapper right below.
        let memory = unsafe { device.raw.allocate_memory(&alloc, None) }
            .map_err(|r| vk_error("vkAllocateMemory", r))?;
        let memory = device.own(memory);
        // SAFETY: the memory satisfies the buffer's requirements (size, type)
        // and offset 0 is aligned; neither is bound yet.
        unsafe { device.raw.bind_buffer_memory(buffer.get(), memory.get(), 0) }
            .map_err(|r| vk_error("vkBindBufferMemory", r))?;
        // SAFETY: host-visible memory, not yet mapped; mapping the whole
        // allocation. It stays mapped until freed (freeing unmaps).
        let ptr = unsafe {
            device
                .raw
                .map_memory(memory.get(), 0, vk::WHOLE_SIZE, vk::MemoryMapFlags::empty())
        }
        .map_err(|r| vk_error("vkMapMemory", r))? as *mut u8;
        if ptr.is_null() {
            return Err(run_error(ErrorKind::Internal, "vkMapMemory returned null"));
        }
        // SAFETY: the mapping covers `req.size >= size` bytes and nothing
        // else accesses it yet.
        unsafe { std::ptr::write_bytes(ptr, 0, size) };
        Ok(HostBuffer {
            buffer,
            _memory: memory,
            ptr,
            size,
            addressable: usage.contains(vk::BufferUsageFlags::SHADER_DEVICE_ADDRESS),
        })
    }

    /// The buffer's device address (only for one made with
    /// `SHADER_DEVICE_ADDRESS` usage).
    pub(crate) fn device_address(&self) -> Result<u64> {
        if !self.addressable {
            return Err(run_error(
                ErrorKind::Internal,
                "the buffer has no device address",
            ));
        }
        let info = vk::BufferDeviceAddressInfo::default().buffer(self.buffer.get());
        // SAFETY: a live buffer created with `SHADER_DEVICE_ADDRESS` usage
        // (checked above) and bound to memory allocated with the
        // device-address flag.
        Ok(unsafe { self.buffer.device.raw.get_buffer_device_address(&info) })
    }

    /// Copies `data` to the start of the buffer. Only call while the GPU is
    /// not using it (before submission).
    pub(crate) fn write(&mut self, data: &[u8]) -> Result<()> {
        if data.len() > self.size {
            return Err(run_error(ErrorKind::Internal, "buffer write out of range"));
        }
        // SAFETY: the mapping covers `self.size >= data.len()` bytes, is
        // coherent (no flush needed) and the GPU is not using it (the caller
        // writes before submitting; `&mut self` excludes other host access).
        unsafe { std::ptr::copy_nonoverlapping(data.as_ptr(), self.ptr, data.len()) };
        Ok(())
    }

    /// Copies the first `len` bytes out. Only call when the GPU is done with
    /// the buffer (after the fence, with a shader-write to host-read barrier
    /// recorded).
    pub(crate) fn read(&self, len: usize) -> Result<Vec<u8>> {
        if len > self.size {
            return Err(run_error(ErrorKind::Internal, "buffer read out of range"));
        }
        let mut out = vec![0u8; len];
        // SAFETY: the mapping covers `self.size >= len` bytes of coherent
        // memory; the GPU finished writing it (the caller waited on the fence
        // after a barrier making shader writes visible to the host).
        unsafe { std::ptr::copy_nonoverlapping(self.ptr, out.as_mut_ptr(), len) };
        Ok(out)
    }
}

/// Records a one-time command buffer with `record`, submits it and waits
/// for it for at most `timeout`; returns the time the GPU took. A timeout or
/// a lost device poisons the device (its objects are leaked, not destroyed
/// under the GPU's feet).
pub(crate) fn submit_and_wait(
    device: &Device<'_>,
    timeout: std::time::Duration,
    record: impl FnOnce(&ash::Device, vk::CommandBuffer),
) -> Result<std::time::Duration> {
    let raw = &device.raw;
    let pool_info = vk::CommandPoolCreateInfo::default().queue_family_index(device.queue_family);
    // SAFETY: valid create info for the device's queue family.
    let cmd_pool = unsafe { raw.create_command_pool(&pool_info, None) }
        .map_err(|r| vk_error("vkCreateCommandPool", r))?;
    let cmd_pool = device.own(cmd_pool);
    let alloc = vk::CommandBufferAllocateInfo::default()
        .command_pool(cmd_pool.get())
        .level(vk::CommandBufferLevel::PRIMARY)
        .command_buffer_count(1);
    // SAFETY: a live pool; the buffer is freed with the pool.
    let cmd = unsafe { raw.allocate_command_buffers(&alloc) }
        .map_err(|r| vk_error("vkAllocateCommandBuffers", r))?;
    let cmd = *cmd.first().ok_or_else(|| {
        run_error(
            ErrorKind::Internal,
            "vkAllocateCommandBuffers returned no buffer",
        )
    })?;
    let begin =
        vk::CommandBufferBeginInfo::default().flags(vk::CommandBufferUsageFlags::ONE_TIME_SUBMIT);
    // SAFETY: a fresh command buffer in the initial state, recorded on this
    // thread only; the caller's handles stay live until this function has
    // waited for the fence.
    unsafe { raw.begin_command_buffer(cmd, &begin) }
        .map_err(|r| vk_error("vkBeginCommandBuffer", r))?;
    record(raw, cmd);
    // SAFETY: the buffer is in the recording state.
    unsafe { raw.end_command_buffer(cmd) }.map_err(|r| vk_error("vkEndCommandBuffer", r))?;

    // SAFETY: a plain fence create info.
    let fence = unsafe { raw.create_fence(&vk::FenceCreateInfo::default(), None) }
        .map_err(|r| vk_error("vkCreateFence", r))?;
    let fence = device.own(fence);
    let cmds = [cmd];
    let submit = [vk::SubmitInfo::default().command_buffers(&cmds)];
    let start = std::time::Instant::now();
    // SAFETY: the command buffer is fully recorded, the queue belongs to the
    // device and is used by this thread only, the fence is unsignalled.
    // Host writes to mapped memory happened before this submission, so they
    // are visible to the device.
    unsafe { raw.queue_submit(device.queue, &submit, fence.get()) }
        .map_err(|r| vk_error("vkQueueSubmit", r))?;
    let timeout_ns = u64::try_from(timeout.as_nanos()).unwrap_or(u64::MAX);
    // SAFETY: a live fence of this device.
    let waited = unsafe { raw.wait_for_fences(&[fence.get()], true, timeout_ns) };
    let gpu_time = start.elapsed();
    match waited {
        Ok(()) => Ok(gpu_time),
        Err(vk::Result::TIMEOUT) => {
            device.poison();
            Err(run_error(
                ErrorKind::Internal,
                format!(
                    "the GPU work did not finish within {timeout:?} (the device was abandoned)"
                ),
            ))
        }
        Err(r) => {
            // Device lost or out of memory: whether the GPU is done is
            // unknown, and waiting for it could hang.
            device.poison();
            Err(vk_error("vkWaitForFences", r))
        }
    }
}

/// Records a barrier that makes the writes (`access`) of `stage` visible
/// to host reads after the fence.
///
/// # Safety
/// `cmd` is a command buffer of `raw` in the recording state.
pub(crate) unsafe fn cmd_host_read_barrier(
    raw: &ash::Device,
    cmd: vk::CommandBuffer,
    stage: vk::PipelineStageFlags,
    access: vk::AccessFlags,
) {
    let barrier = vk::MemoryBarrier::default()
        .src_access_mask(access)
        .dst_access_mask(vk::AccessFlags::HOST_READ);
    // SAFETY: forwarded from the function's contract.
    unsafe {
        raw.cmd_pipeline_barrier(
            cmd,
            stage,
            vk::PipelineStageFlags::HOST,
            vk::DependencyFlags::empty(),
            &[barrier],
            &[],
            &[],
        )
    };
}

/// The one pipeline a `vkCreate*Pipelines` call made, owned; on failure the
/// partial results are destroyed and the error names `what`.
pub(crate) fn own_pipeline<'d, 'i>(
    device: &'d Device<'i>,
    created: std::result::Result<Vec<vk::Pipeline>, (Vec<vk::Pipeline>, vk::Result)>,
    what: &str,
) -> Result<Owned<'d, 'i, vk::Pipeline>> {
    match created {
        Ok(pipelines) => {
            let mut owned = pipelines.into_iter().map(|p| device.own(p));
            owned.next().ok_or_else(|| {
                run_error(ErrorKind::Internal, format!("{what} returned no pipeline"))
            })
        }
        Err((partial, r)) => {
            for p in partial.into_iter().filter(|p| *p != vk::Pipeline::null()) {
                drop(device.own(p));
            }
            Err(vk_error(what, r))
        }
    }
}
