//! Running a compute shader on a Vulkan device: device listing, the
//! execution itself ([`run_spec`]) and its [`RunReport`].

use std::collections::{BTreeMap, BTreeSet};
use std::ffi::CString;
use std::fmt::Write as _;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use ash::vk;

use super::binding::{
    BindingDesc, BindingKind, BindingResource, BindlessDesc, ImmutableSampler, PushConstantDesc,
};
use super::compare::{compare_expectations, Mismatch};
use super::gpu::{self, vk_error, Device, HostBuffer, Instance, Owned};
use super::image::{self, vk_format, GpuImage};
use super::qa::{QaHeap, QaHost, QaLayout, QaReport};
use super::spec::{RegisterClass, RegisterKey, ResourceDecl, RunSpec, TexelFormat};
use super::{invalid, run_error, unsupported};
use crate::error::ErrorKind;
use crate::error::Result;

/// A Vulkan physical device, as listed by [`list_devices`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DeviceInfo {
    /// Index in the driver's enumeration order (what
    /// [`RunOptions::device`] selects).
    pub index: usize,
    /// `deviceName`, e.g. `llvmpipe (LLVM 15.0.6, 256 bits)`.
    pub name: String,
    /// `driverName` (Vulkan 1.2 devices), e.g. `llvmpipe`; empty if unknown.
    pub driver_name: String,
    /// `driverInfo` (Vulkan 1.2 devices), e.g. `Mesa 22.3.6`; empty if unknown.
    pub driver_info: String,
    /// `cpu`, `integrated gpu`, `discrete gpu`, `virtual gpu` or `other`.
    pub device_type: String,
    /// The device's Vulkan version (major, minor, patch).
    pub api_version: (u32, u32, u32),
    /// PCI vendor id (0x10de NVIDIA, 0x10005 Mesa).
    pub vendor_id: u32,
    /// Vendor-specific device id.
    pub device_id: u32,
}

impl std::fmt::Display for DeviceInfo {
    /// `0: llvmpipe (LLVM 15.0.6, 256 bits) [cpu, llvmpipe Mesa 22.3.6, Vulkan 1.3.230]`
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let (ma, mi, pa) = self.api_version;
        write!(f, "{}: {} [{}", self.index, self.name, self.device_type)?;
        if !self.driver_name.is_empty() {
            write!(f, ", {} {}", self.driver_name, self.driver_info)?;
        }
        write!(f, ", Vulkan {ma}.{mi}.{pa}]")
    }
}

/// Lists the Vulkan devices, in the order [`RunOptions::device`] indexes
/// them. An error if there is no Vulkan loader; an empty list if the loader
/// finds no driver.
pub fn list_devices() -> Result<Vec<DeviceInfo>> {
    Vulkan::load()?.list_devices()
}

/// The system Vulkan loader, loaded once and shared by many runs.
///
/// The free functions ([`list_devices`], [`run_spec`], [`run_spec_with`])
/// load and unload the loader on every call. A process that runs many
/// shaders should load it once with [`Vulkan::load`] and run through it:
/// it is faster, and some drivers (NVIDIA 580 was seen to) stop creating
/// instances after a few dozen load/unload cycles, or a few dozen
/// instances, in one process. So a `Vulkan` (and its clones) creates one
/// instance, on first use, and keeps it for every run, session and device
/// listing (sessions with the validation layer get their own). Each run
/// and session still creates its own device, so runs stay independent; an
/// instance whose device was lost (a timed-out dispatch) is leaked and
/// replaced. `Send + Sync`: runs may be started from several threads;
/// the runs (and sessions) of one `Vulkan` and its clones take turns,
/// because NVIDIA 580 was seen to hang when instances and devices are
/// created and destroyed from several threads at once. Separate `Vulkan`
/// values, and the free functions, which load their own, do not take turns
/// with each other: share one `Vulkan` between threads.
#[derive(Clone)]
pub struct Vulkan {
    entry: ash::Entry,
    /// The shared instance (created on first use), held for each run,
    /// session and device listing.
    turn: Arc<Mutex<Option<Instance>>>,
}

impl std::fmt::Debug for Vulkan {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Vulkan")
    }
}

impl Vulkan {
    /// Loads libvulkan.so.1 (Unsupported when it is not installed).
    pub fn load() -> Result<Vulkan> {
        Ok(Vulkan {
            entry: gpu::load_loader()?,
            turn: Arc::new(Mutex::new(None)),
        })
    }

    /// The Vulkan devices, in the driver's order.
    pub fn list_devices(&self) -> Result<Vec<DeviceInfo>> {
        // A panic elsewhere while holding the turn leaves nothing to repair.
        let mut turn = self.turn.lock().unwrap_or_else(|e| e.into_inner());
        let instance = self.shared_instance(&mut turn)?;
        let devices = instance.physical_devices()?;
        Ok(devices
            .iter()
            .enumerate()
            .map(|(i, &pd)| instance.device_info(pd, i))
            .collect())
    }

    /// Runs `spirv` once with the spec's resources and checks the results.
    ///
    /// Each spec resource that a binding names gets its own host-visible buffer
    /// holding its initial data (storage-buffer descriptors cover exactly its
    /// bytes; uniform-buffer ones its bytes rounded up to 16; texel-buffer views
    /// use the binding's format, or the resource's typed format). Each counter
    /// binding gets a 4-byte buffer starting at 0. A heap binding
    /// ([`BindingResource::Heap`]) is a runtime array of `spec.heap_size + 1`
    /// descriptors, partially bound and update-after-bind, holding each spec
    /// `heap[N]` buffer whose view has its descriptor type at index N; the
    /// heap counter array holds each `counter(V)` buffer at its index. The
    /// dispatch is `spec.dispatch`; then every bound resource is read back and
    /// compared with the `expect` lines.
    ///
    /// Errors: bindings or push constants that do not fit the spec
    /// (InvalidInput), no Vulkan loader or device, or a limit, format or
    /// (for heap arrays) descriptor-indexing feature the device lacks
    /// (Unsupported), a Vulkan call failing or the dispatch not
    /// finishing within [`RunOptions::timeout`] (Internal). Wrong results are
    /// not errors: see [`RunReport::passed`].
    pub fn run_spec_with(
        &self,
        spec: &RunSpec,
        spirv: &[u32],
        entry: &str,
        bindings: &[BindingDesc],
        push_constants: Option<&PushConstantDesc>,
        options: &RunOptions,
    ) -> Result<RunReport> {
        // Checked before touching Vulkan.
        let plan = Plan::new(spec, spirv, entry, bindings, push_constants)?;
        self.with_session(options.device, options.validation, |session| {
            session.run_plan(spec, plan, options)
        })?
    }

    /// Runs a `bindless-1` compilation once: like [`Vulkan::run_spec_with`],
    /// with everything bound as `desc` says (from
    /// [`super::bindless_from_reflection`]): the root block as push
    /// constants (or a uniform buffer) with root-descriptor addresses
    /// (`vkGetBufferDeviceAddress`) written in, the heap arrays (mutable
    /// ones with their type lists), immutable static samplers.
    ///
    /// Errors as [`Vulkan::run_spec_with`]; a device without descriptor
    /// indexing, `bufferDeviceAddress` (root descriptors) or
    /// `VK_EXT_mutable_descriptor_type` (mutable bindings) refuses it
    /// (Unsupported, naming what it lacks).
    pub fn run_bindless_with(
        &self,
        spec: &RunSpec,
        spirv: &[u32],
        entry: &str,
        desc: &BindlessDesc,
        options: &RunOptions,
    ) -> Result<RunReport> {
        let plan = Plan::bindless(spec, spirv, entry, desc)?;
        self.with_session(options.device, options.validation, |session| {
            session.run_plan(spec, plan, options)
        })?
    }

    /// The instance in `slot`, created there first if there is none or
    /// the one there was poisoned (then it is leaked, as poisoned objects
    /// are).
    fn shared_instance<'s>(&self, slot: &'s mut Option<Instance>) -> Result<&'s Instance> {
        if slot.as_ref().map_or(true, Instance::is_poisoned) {
            *slot = None;
            *slot = Some(Instance::new(&self.entry, false)?);
        }
        slot.as_ref()
            .ok_or_else(|| unsupported("no Vulkan instance could be created"))
    }

    /// Opens device `device` (index from [`Vulkan::list_devices`]; `None`:
    /// the first) once, with the validation layer if `validation`, and
    /// hands it to `f` for as many runs as it likes; closes it afterwards.
    /// Other runs through this `Vulkan` wait until the session ends.
    pub fn with_session<R>(
        &self,
        device: Option<usize>,
        validation: bool,
        f: impl FnOnce(&Session<'_>) -> R,
    ) -> Result<R> {
        let mut turn = self.turn.lock().unwrap_or_else(|e| e.into_inner());
        let own;
        let instance = if validation {
            own = Instance::new(&self.entry, true)?;
            &own
        } else {
            self.shared_instance(&mut turn)?
        };
        let physical = instance.physical_devices()?;
        if physical.is_empty() {
            return Err(unsupported(
                "no Vulkan device found (is a driver installed? lavapipe: Debian package \
                 mesa-vulkan-drivers)",
            ));
        }
        let index = device.unwrap_or(0);
        let &pd = physical.get(index).ok_or_else(|| {
            invalid(format!(
                "Vulkan device {index} does not exist ({} device(s))",
                physical.len()
            ))
        })?;
        let info = instance.device_info(pd, index);
        let device = Device::new(instance, pd)?;
        let session = Session {
            instance,
            device,
            info,
        };
        Ok(f(&session))
    }
}

/// One Vulkan device kept open for many runs (from
/// [`Vulkan::with_session`]), on its `Vulkan`'s shared instance. Opening a
/// device costs milliseconds, so sweeps should run through one session.
/// Runs are still independent: each creates and
/// destroys its own buffers, pipeline and descriptors.
pub struct Session<'i> {
    instance: &'i Instance,
    device: Device<'i>,
    info: DeviceInfo,
}

impl<'i> Session<'i> {
    /// The device this session runs on.
    pub fn device(&self) -> &DeviceInfo {
        &self.info
    }

    /// The device objects (for the harness's other entry points).
    pub(crate) fn gpu_device(&self) -> &Device<'i> {
        &self.device
    }

    /// The device objects, unless a timed-out submission abandoned the
    /// device (then every later draw or trace fails, Internal).
    pub(crate) fn live_device(&self) -> Result<&Device<'i>> {
        if self.device.is_poisoned() {
            return Err(run_error(ErrorKind::Internal, "the device was abandoned"));
        }
        Ok(&self.device)
    }

    /// Like [`Vulkan::run_spec_with`], on this session's device;
    /// `options.device` and `options.validation` are the session's and
    /// ignored here. After a dispatch timed out the device is abandoned and
    /// every later run on the session fails (Internal).
    pub fn run_spec(
        &self,
        spec: &RunSpec,
        spirv: &[u32],
        entry: &str,
        bindings: &[BindingDesc],
        push_constants: Option<&PushConstantDesc>,
        options: &RunOptions,
    ) -> Result<RunReport> {
        let plan = Plan::new(spec, spirv, entry, bindings, push_constants)?;
        self.run_plan(spec, plan, options)
    }

    /// Like [`Vulkan::run_bindless_with`], on this session's device.
    pub fn run_bindless(
        &self,
        spec: &RunSpec,
        spirv: &[u32],
        entry: &str,
        desc: &BindlessDesc,
        options: &RunOptions,
    ) -> Result<RunReport> {
        let plan = Plan::bindless(spec, spirv, entry, desc)?;
        self.run_plan(spec, plan, options)
    }

    fn run_plan(&self, spec: &RunSpec, mut plan: Plan, options: &RunOptions) -> Result<RunReport> {
        if self.device.is_poisoned() {
            return Err(run_error(
                ErrorKind::Internal,
                "the session's device was abandoned after a dispatch timed out",
            ));
        }
        let qa = match &options.qa {
            Some(layout) => Some((plan.attach_qa(spec, layout)?, layout)),
            None if spec.qa.is_some() => {
                return Err(invalid(
                    "the spec asks for descriptor QA (`descriptor_qa`), but the run has no QA \
                     layout (compile with descriptor QA and pass reflection's `qa` section)",
                ))
            }
            None => None,
        };
        let seen = self.instance.message_count();
        let (contents, counters, (gpu_time, dispatch_time), qa_bytes) =
            execute(&self.device, spec, &plan, options)?;
        let comparison = compare_expectations(spec, &contents, options.max_mismatches)?;
        let qa = qa.map(|(host, layout)| {
            let at = |b: Option<u32>| {
                let i = plan.qa_buffers.iter().position(|q| Some(q.0) == b)?;
                qa_bytes.get(i).map(Vec::as_slice)
            };
            let global = at(Some(layout.global)).unwrap_or(&[]);
            host.check(spec.qa.as_ref(), layout, global, at(layout.fault_log))
        });
        Ok(RunReport {
            passed: comparison.passed() && qa.as_ref().map_or(true, |q| q.failures.is_empty()),
            qa,
            mismatches: comparison.mismatches,
            mismatch_count: comparison.mismatch_count,
            contents,
            counters,
            device: self.info.clone(),
            validation_messages: self.instance.messages_since(seen),
            gpu_time,
            dispatch_time,
        })
    }
}

/// How [`run_spec_with`] runs.
#[derive(Clone, Debug, PartialEq)]
pub struct RunOptions {
    /// Which device (index from [`list_devices`]); `None`: the first.
    pub device: Option<usize>,
    /// How long to wait for the dispatch. Past it the run fails with an
    /// error (the device is then abandoned, never destroyed while busy).
    pub timeout: Duration,
    /// At most this many mismatches are listed per `expect` line
    /// ([`RunReport::mismatch_count`] counts them all).
    pub max_mismatches: usize,
    /// Enable the Khronos validation layer and report its warnings and
    /// errors in [`RunReport::validation_messages`] (an error if the layer is
    /// not installed).
    pub validation: bool,
    /// Descriptor QA: the compiled shader's QA layout (reflection's `qa`
    /// section, [`super::QaLayout::from_reflection`]). With it the run
    /// binds the QA buffers, fills the heap info entries from what it writes
    /// into the heap (plus the spec's fault injections), keeps a null
    /// descriptor in every heap array's pad slot, and checks the fault
    /// record after the dispatch ([`RunReport::qa`]).
    pub qa: Option<QaLayout>,
}

impl Default for RunOptions {
    /// First device, 10 s timeout, 16 mismatches per line, no validation.
    fn default() -> Self {
        RunOptions {
            device: None,
            timeout: Duration::from_secs(10),
            max_mismatches: 16,
            validation: false,
            qa: None,
        }
    }
}

/// The outcome of a run that executed.
#[derive(Clone, Debug, PartialEq)]
pub struct RunReport {
    /// Whether every `expect` line matched.
    pub passed: bool,
    /// The first mismatches of each `expect` line (see
    /// [`RunOptions::max_mismatches`]), in spec order.
    pub mismatches: Vec<Mismatch>,
    /// How many values differ in all.
    pub mismatch_count: usize,
    /// Every spec resource's contents after the dispatch (resources no
    /// binding names keep their initial data; push-constant resources are
    /// read-only).
    pub contents: BTreeMap<RegisterKey, Vec<u8>>,
    /// Final values of the hidden counters of register UAVs that were
    /// bound (heap counters, `heap[N].counter`, are spec resources and come
    /// back in [`RunReport::contents`]).
    pub counters: BTreeMap<RegisterKey, u32>,
    /// The device it ran on.
    pub device: DeviceInfo,
    /// Validation-layer warnings and errors (only with
    /// [`RunOptions::validation`]).
    pub validation_messages: Vec<String>,
    /// Time from submission to the fence signalling.
    pub gpu_time: Duration,
    /// The dispatch alone, from GPU timestamps written before and after
    /// it (`None` where the queue has no timestamps).
    pub dispatch_time: Option<Duration>,
    /// The descriptor-QA outcome (runs with [`RunOptions::qa`]); its
    /// failures make the run fail.
    pub qa: Option<QaReport>,
}

impl RunReport {
    /// A human-readable summary: `PASS`/`FAIL`, the device, and the listed
    /// mismatches one per line.
    pub fn summary(&self) -> String {
        let mut s = String::new();
        if self.passed {
            let _ = write!(s, "PASS on {}", self.device.name);
        } else {
            let _ = write!(
                s,
                "FAIL on {}: {} value(s) differ",
                self.device.name, self.mismatch_count
            );
            for m in &self.mismatches {
                let _ = write!(s, "\n  {m}");
            }
            if self.mismatches.len() < self.mismatch_count {
                let _ = write!(
                    s,
                    "\n  ... and {} more",
                    // Guarded by the comparison above.
                    self.mismatch_count.saturating_sub(self.mismatches.len())
                );
            }
        }
        if let Some(qa) = &self.qa {
            if self.passed || qa.failures.is_empty() {
                let _ = write!(s, " (descriptor QA: {} fault(s))", qa.record.fault_count);
            }
            for f in &qa.failures {
                let _ = write!(s, "\n  {f}");
            }
        }
        for v in &self.validation_messages {
            let _ = write!(s, "\n  validation {v}");
        }
        s
    }
}

/// Runs `spirv` (a compute shader with entry point `entry`) once with the
/// spec's resources and checks the results; the same as [`run_spec_with`]
/// with default options on device `device` (index from [`list_devices`];
/// `None`: the first).
///
/// - `bindings`: every descriptor the shader uses, with the spec resource
///   (or hidden counter) behind it;
/// - `push_constants`: the push-constant block, if the shader has one (root
///   constants), filled from spec resources.
pub fn run_spec(
    spec: &RunSpec,
    spirv: &[u32],
    entry: &str,
    bindings: &[BindingDesc],
    push_constants: Option<&PushConstantDesc>,
    device: Option<usize>,
) -> Result<RunReport> {
    let options = RunOptions {
        device,
        ..RunOptions::default()
    };
    run_spec_with(spec, spirv, entry, bindings, push_constants, &options)
}

/// Runs `spirv` once with the spec's resources and checks the results:
/// [`Vulkan::run_spec_with`] with the loader loaded for this one call.
pub fn run_spec_with(
    spec: &RunSpec,
    spirv: &[u32],
    entry: &str,
    bindings: &[BindingDesc],
    push_constants: Option<&PushConstantDesc>,
    options: &RunOptions,
) -> Result<RunReport> {
    Vulkan::load()?.run_spec_with(spec, spirv, entry, bindings, push_constants, options)
}

/// What to create, checked against the spec before touching Vulkan.
struct Plan {
    entry: CString,
    spirv: Vec<u32>,
    /// Spec resources that need a buffer (named by a binding, or placed in
    /// a heap array; heap counters are spec resources too).
    buffers: BTreeSet<RegisterKey>,
    /// Register counters that need a buffer.
    counters: BTreeSet<RegisterKey>,
    /// Spec images that a descriptor names.
    images: BTreeSet<RegisterKey>,
    /// Spec samplers that a descriptor names.
    samplers: BTreeSet<RegisterKey>,
    /// Per set: its bindings.
    sets: BTreeMap<u32, Vec<PlannedBinding>>,
    /// The push-constant block's bytes (empty: none), or the root block
    /// of a `bindless-1` run.
    push: Vec<u8>,
    /// A `bindless-1` root block in a uniform buffer (set, binding)
    /// instead of push constants.
    root_ubo: Option<(u32, u32)>,
    /// Root-descriptor addresses written into the root block: (byte
    /// offset, spec resource); those buffers get device addresses.
    addresses: Vec<(usize, RegisterKey)>,
    /// Descriptor-QA buffers: (binding, initial bytes), read back after
    /// the dispatch.
    qa_buffers: Vec<(u32, Vec<u8>)>,
}

impl Plan {
    /// Whether a binding is a heap array.
    fn has_heap(&self) -> bool {
        self.sets.values().flatten().any(|b| b.heap)
    }
}

struct PlannedBinding {
    binding: u32,
    ty: vk::DescriptorType,
    /// Descriptors in the binding: 1, or the heap size + 1 for a heap array.
    count: u32,
    /// A heap array (partially bound, update-after-bind).
    heap: bool,
    /// The descriptors written into it.
    descriptors: Vec<PlannedDescriptor>,
    /// The type list of a mutable binding (`ty` is `MUTABLE_EXT`).
    mutable: Vec<vk::DescriptorType>,
    /// The immutable sampler of a static-sampler binding.
    sampler: Option<crate::binding::VkSampler>,
}

impl PlannedBinding {
    /// A binding of the one descriptor `d`, of its type.
    fn single(binding: u32, d: PlannedDescriptor) -> Self {
        PlannedBinding {
            binding,
            ty: d.ty,
            count: 1,
            heap: false,
            descriptors: vec![d],
            mutable: Vec::new(),
            sampler: None,
        }
    }
}

/// One descriptor written at an array index of a binding.
struct PlannedDescriptor {
    /// The array element.
    index: u32,
    /// The descriptor type written (the binding's, or one of a mutable
    /// binding's list).
    ty: vk::DescriptorType,
    /// The buffer behind it.
    source: Source,
    /// The view format, for texel buffers.
    format: Option<TexelFormat>,
    /// Descriptor range in bytes.
    range: u64,
}

/// Which buffer a descriptor points at.
#[derive(Clone, Copy)]
enum Source {
    /// The spec resource's own buffer (heap buffers and heap counters too).
    Spec(RegisterKey),
    /// The hidden counter of the register UAV.
    Counter(RegisterKey),
    /// The `bindless-1` root block in a uniform buffer.
    RootBlock,
    /// Descriptor-QA buffer `n` of [`Plan::qa_buffers`].
    Qa(usize),
    /// The null descriptor (a heap array's pad slot under descriptor QA).
    Null,
    /// The spec image's view.
    Image(RegisterKey),
    /// The spec sampler.
    Sampler(RegisterKey),
}

fn round_up(v: usize, to: usize) -> Result<usize> {
    v.div_ceil(to).checked_mul(to).ok_or_else(|| {
        invalid(format!(
            "{v} bytes cannot be rounded up to a multiple of {to}"
        ))
    })
}

/// The Vulkan type of a binding kind and its format override (texel
/// buffers only: `Some(None)` takes the resource's format).
fn vk_kind(kind: BindingKind) -> (vk::DescriptorType, Option<Option<TexelFormat>>) {
    match kind {
        BindingKind::StorageBuffer => (vk::DescriptorType::STORAGE_BUFFER, None),
        BindingKind::UniformBuffer => (vk::DescriptorType::UNIFORM_BUFFER, None),
        BindingKind::UniformTexelBuffer { format } => {
            (vk::DescriptorType::UNIFORM_TEXEL_BUFFER, Some(format))
        }
        BindingKind::StorageTexelBuffer { format } => {
            (vk::DescriptorType::STORAGE_TEXEL_BUFFER, Some(format))
        }
        BindingKind::SampledImage => (vk::DescriptorType::SAMPLED_IMAGE, None),
        BindingKind::StorageImage => (vk::DescriptorType::STORAGE_IMAGE, None),
        BindingKind::Sampler => (vk::DescriptorType::SAMPLER, None),
    }
}

/// A descriptor of an image or sampler type at `index` over the spec
/// resource `decl`, which must be an image of the matching kind (sampled
/// or storage) or a sampler.
fn image_descriptor(
    at: &str,
    index: u32,
    ty: vk::DescriptorType,
    decl: &ResourceDecl,
) -> Result<PlannedDescriptor> {
    let key = decl.key;
    let source = match (ty, decl.image, &decl.sampler) {
        (vk::DescriptorType::SAMPLER, _, Some(_)) => Source::Sampler(key),
        (vk::DescriptorType::SAMPLED_IMAGE, Some(i), _) if !i.storage => Source::Image(key),
        (vk::DescriptorType::STORAGE_IMAGE, Some(i), _) if i.storage => Source::Image(key),
        _ => {
            let what = match ty {
                vk::DescriptorType::SAMPLER => "a sampler",
                vk::DescriptorType::SAMPLED_IMAGE => "a `texture*` image",
                _ => "an `rwtexture*` image",
            };
            return Err(invalid(format!(
                "{at} is {what}, but {key} is declared otherwise on spec line {}",
                decl.line
            )));
        }
    };
    Ok(PlannedDescriptor {
        index,
        ty,
        source,
        format: None,
        range: 0,
    })
}

/// Whether descriptors of `ty` point at images or samplers.
fn is_image_type(ty: vk::DescriptorType) -> bool {
    matches!(
        ty,
        vk::DescriptorType::SAMPLED_IMAGE
            | vk::DescriptorType::STORAGE_IMAGE
            | vk::DescriptorType::SAMPLER
    )
}

/// A descriptor of type `ty` at `index` over the spec resource `decl`:
/// its view format and range (uniform buffers round up to 16, texel
/// buffers must hold whole texels).
fn spec_descriptor(
    at: &str,
    index: u32,
    ty: vk::DescriptorType,
    format: Option<Option<TexelFormat>>,
    decl: &ResourceDecl,
) -> Result<PlannedDescriptor> {
    if is_image_type(ty) {
        return image_descriptor(at, index, ty, decl);
    }
    if decl.image.is_some() || decl.sampler.is_some() {
        return Err(invalid(format!(
            "{at} is a buffer descriptor, but {} is an image or sampler (spec line {})",
            decl.key, decl.line
        )));
    }
    let key = decl.key;
    let format = match format {
        Some(f) => Some(f.or(decl.ty.texel_format()).ok_or_else(|| {
            invalid(format!(
                "{at} is a texel buffer without a format, and {key} is declared as {} (not a \
                 typed format) on spec line {}",
                decl.ty, decl.line
            ))
        })?),
        None => None,
    };
    let size = decl.byte_size();
    let range = match (ty, format) {
        (vk::DescriptorType::UNIFORM_BUFFER, _) => round_up(size, 16)?,
        (_, Some(f)) => {
            if size.checked_rem(f.texel_size()) != Some(0) {
                return Err(invalid(format!(
                    "{at}: {key} holds {size} bytes, not a whole number of {} texels ({} bytes \
                     each)",
                    f.name(),
                    f.texel_size()
                )));
            }
            size
        }
        _ => size,
    };
    Ok(PlannedDescriptor {
        index,
        ty,
        source: Source::Spec(key),
        format,
        range: range as u64,
    })
}

impl Plan {
    fn new(
        spec: &RunSpec,
        spirv: &[u32],
        entry: &str,
        bindings: &[BindingDesc],
        push_constants: Option<&PushConstantDesc>,
    ) -> Result<Plan> {
        if spirv.first() != Some(&0x0723_0203) {
            return Err(invalid(
                "the SPIR-V module does not start with the magic number 0x07230203",
            ));
        }
        let compute_entries = compute_entry_points(spirv)?;
        if !compute_entries.iter().any(|e| e == entry) {
            return Err(invalid(format!(
                "the SPIR-V module has no GLCompute entry point `{entry}` (it has: {})",
                if compute_entries.is_empty() {
                    "none".to_string()
                } else {
                    compute_entries.join(", ")
                }
            )));
        }
        let entry =
            CString::new(entry).map_err(|_| invalid("the entry point name contains a NUL byte"))?;
        let mut counters = BTreeSet::new();
        let mut sets: BTreeMap<u32, Vec<PlannedBinding>> = BTreeMap::new();
        // Heap arrays hold the heap's descriptors plus one pad slot.
        let heap_count = spec.heap_size.saturating_add(1);
        for b in bindings {
            let at = format!("binding (set {}, binding {})", b.set, b.binding);
            let slot = sets.entry(b.set).or_default();
            if slot.iter().any(|p| p.binding == b.binding) {
                return Err(invalid(format!("{at} is described twice")));
            }
            let (ty, format) = vk_kind(b.kind);
            let declared = |key: RegisterKey| {
                spec.resource(&key).ok_or_else(|| {
                    invalid(format!(
                        "{at} names {key}, which the run spec does not declare"
                    ))
                })
            };
            let (count, heap, descriptors) = match b.resource {
                BindingResource::Counter(key) => {
                    declared(key)?;
                    if key.class != RegisterClass::Uav {
                        return Err(invalid(format!(
                            "{at}: only UAVs (u registers) have counters, not {key}"
                        )));
                    }
                    counters.insert(key);
                    let format = format.map(|f| f.unwrap_or(TexelFormat::R32ui));
                    let d = PlannedDescriptor {
                        index: 0,
                        ty,
                        source: Source::Counter(key),
                        format,
                        range: 4,
                    };
                    (1, false, vec![d])
                }
                BindingResource::Register(key) => {
                    let decl = declared(key)?;
                    (1, false, vec![spec_descriptor(&at, 0, ty, format, decl)?])
                }
                BindingResource::Registers { first, count } => {
                    let mut list = Vec::new();
                    for i in 0..count {
                        let key = RegisterKey {
                            index: first.index.checked_add(i).ok_or_else(|| {
                                invalid(format!("{at}: the register array overflows"))
                            })?,
                            ..first
                        };
                        list.push(spec_descriptor(&at, i, ty, format, declared(key)?)?);
                    }
                    (count, false, list)
                }
                BindingResource::Heap => {
                    let mut list = Vec::new();
                    for decl in spec.heap_buffers() {
                        if decl.view.is_some_and(|v| b.kind.holds(v)) {
                            list.push(spec_descriptor(&at, decl.key.index, ty, format, decl)?);
                        }
                    }
                    (heap_count, true, list)
                }
                BindingResource::HeapCounters => {
                    let mut list = Vec::new();
                    for decl in &spec.resources {
                        if decl.key.class == RegisterClass::HeapCounter {
                            list.push(spec_descriptor(&at, decl.key.index, ty, format, decl)?);
                        }
                    }
                    (heap_count, true, list)
                }
            };
            slot.push(PlannedBinding {
                binding: b.binding,
                ty,
                count,
                heap,
                descriptors,
                mutable: Vec::new(),
                sampler: None,
            });
        }
        let push = match push_constants {
            Some(pc) => push_block(spec, pc)?,
            None => Vec::new(),
        };
        let mut plan = Plan {
            entry,
            spirv: spirv.to_vec(),
            buffers: BTreeSet::new(),
            counters,
            images: BTreeSet::new(),
            samplers: BTreeSet::new(),
            sets,
            push,
            root_ubo: None,
            addresses: Vec::new(),
            qa_buffers: Vec::new(),
        };
        plan.collect_sources();
        Ok(plan)
    }

    /// Records every spec buffer, image and sampler a planned descriptor
    /// points at.
    fn collect_sources(&mut self) {
        for d in self.sets.values().flatten().flat_map(|b| &b.descriptors) {
            match d.source {
                Source::Spec(k) => self.buffers.insert(k),
                Source::Image(k) => self.images.insert(k),
                Source::Sampler(k) => self.samplers.insert(k),
                Source::Counter(_) | Source::RootBlock | Source::Qa(_) | Source::Null => false,
            };
        }
    }
}

impl Plan {
    /// The plan of a `bindless-1` run: `desc`'s heap arrays (mutable ones
    /// with their type lists), static samplers and root block, with the
    /// spec resources they name.
    fn bindless(spec: &RunSpec, spirv: &[u32], entry: &str, desc: &BindlessDesc) -> Result<Plan> {
        let mut plan = Plan::new(spec, spirv, entry, &[], None)?;
        let heap_count = spec.heap_size.saturating_add(1);
        for a in &desc.heap {
            let at = format!("heap array (set {}, binding {})", a.set, a.binding);
            let types: Vec<vk::DescriptorType> = a.types.iter().map(|&t| vk_type(t)).collect();
            let (ty, mutable) = match types.as_slice() {
                [] => return Err(invalid(format!("{at} has no descriptor type"))),
                [one] => (*one, Vec::new()),
                _ => (vk::DescriptorType::MUTABLE_EXT, types.clone()),
            };
            let mut descriptors = Vec::new();
            for d in &a.descriptors {
                let dty = vk_type(d.ty);
                let element = format!("{at}[{}]", d.index);
                if !types.contains(&dty) {
                    return Err(invalid(format!(
                        "{element}: a {} descriptor in an array of other types",
                        d.ty.name()
                    )));
                }
                if d.index >= spec.heap_size {
                    return Err(invalid(format!(
                        "{element} is outside the heap (heap_size {})",
                        spec.heap_size
                    )));
                }
                let format = matches!(
                    dty,
                    vk::DescriptorType::UNIFORM_TEXEL_BUFFER
                        | vk::DescriptorType::STORAGE_TEXEL_BUFFER
                )
                .then_some(None);
                let declared = |key: RegisterKey| {
                    spec.resource(&key).ok_or_else(|| {
                        invalid(format!(
                            "{element} names {key}, which the run spec does not declare"
                        ))
                    })
                };
                descriptors.push(match d.resource {
                    BindingResource::Register(key) => {
                        spec_descriptor(&element, d.index, dty, format, declared(key)?)?
                    }
                    BindingResource::Counter(key) => {
                        declared(key)?;
                        plan.counters.insert(key);
                        PlannedDescriptor {
                            index: d.index,
                            ty: dty,
                            source: Source::Counter(key),
                            format: format.map(|_| TexelFormat::R32ui),
                            range: 4,
                        }
                    }
                    BindingResource::Heap
                    | BindingResource::HeapCounters
                    | BindingResource::Registers { .. } => {
                        return Err(invalid(format!("{element} names no spec resource")))
                    }
                });
            }
            plan.add(
                a.set,
                PlannedBinding {
                    binding: a.binding,
                    ty,
                    count: heap_count,
                    heap: true,
                    descriptors,
                    mutable,
                    sampler: None,
                },
            )?;
        }
        for ImmutableSampler { set, binding, vk } in &desc.samplers {
            plan.add(
                *set,
                PlannedBinding {
                    binding: *binding,
                    ty: vk::DescriptorType::SAMPLER,
                    count: 1,
                    heap: false,
                    descriptors: Vec::new(),
                    mutable: Vec::new(),
                    sampler: Some(vk.clone()),
                },
            )?;
        }
        if let Some((set, binding)) = desc.root_ubo {
            let d = PlannedDescriptor {
                index: 0,
                ty: vk::DescriptorType::UNIFORM_BUFFER,
                source: Source::RootBlock,
                format: None,
                range: round_up(desc.root_block.len().max(16), 16)? as u64,
            };
            plan.add(set, PlannedBinding::single(binding, d))?;
        }
        for a in &desc.addresses {
            let offset = a.offset as usize;
            if offset % 8 != 0 || offset.saturating_add(8) > desc.root_block.len() {
                return Err(invalid(format!(
                    "the address of {} at root-block offset {offset} is not an aligned 8 bytes \
                     inside the {}-byte block",
                    a.resource,
                    desc.root_block.len()
                )));
            }
            if spec.resource(&a.resource).is_none() {
                return Err(invalid(format!(
                    "the root descriptor at offset {offset} names {}, which the run spec does \
                     not declare",
                    a.resource
                )));
            }
            plan.buffers.insert(a.resource);
            plan.addresses.push((offset, a.resource));
        }
        plan.push = desc.root_block.clone();
        plan.root_ubo = desc.root_ubo;
        plan.collect_sources();
        Ok(plan)
    }

    /// Adds a binding to set `set` (an error if the binding is taken).
    fn add(&mut self, set: u32, binding: PlannedBinding) -> Result<()> {
        let slot = self.sets.entry(set).or_default();
        if slot.iter().any(|p| p.binding == binding.binding) {
            return Err(invalid(format!(
                "binding (set {set}, binding {}) is described twice",
                binding.binding
            )));
        }
        slot.push(binding);
        Ok(())
    }

    /// Descriptor QA: the host state of `layout` for what the plan writes
    /// into the heap, its buffers added in the QA set, and a null
    /// descriptor in the pad slot (index `heap_size`) of every buffer heap
    /// array (image and sampler arrays: not yet).
    fn attach_qa(&mut self, spec: &RunSpec, layout: &QaLayout) -> Result<QaHost> {
        let count = spec.heap_size;
        let mut written: BTreeMap<(QaHeap, u32), u32> = BTreeMap::new();
        for b in self.sets.values_mut().flatten().filter(|b| b.heap) {
            for d in b.descriptors.iter().filter(|d| d.index < count) {
                let counter = match d.source {
                    Source::Counter(_) => true,
                    Source::Spec(k) => k.class == RegisterClass::HeapCounter,
                    _ => false,
                };
                let (heap, mask) = qa_type(d.ty, counter);
                *written.entry((heap, d.index)).or_default() |= mask;
            }
            // A null buffer, texel buffer or image (the first such type of a
            // mutable binding, buffers first); a sampler array's pad holds
            // its lowest-index sampler (Vulkan has no null sampler), and
            // acceleration-structure arrays keep the pad empty.
            let types = if b.mutable.is_empty() {
                std::slice::from_ref(&b.ty)
            } else {
                b.mutable.as_slice()
            };
            let has_sampler = b
                .descriptors
                .iter()
                .any(|d| matches!(d.source, Source::Sampler(_)));
            let pad = QA_PAD_TYPES
                .iter()
                .copied()
                .filter(|t| *t != vk::DescriptorType::SAMPLER || has_sampler)
                .find(|t| types.contains(t));
            if let Some(ty) = pad {
                b.descriptors.push(PlannedDescriptor {
                    index: count,
                    ty,
                    source: Source::Null,
                    format: None,
                    range: vk::WHOLE_SIZE,
                });
            }
        }
        let default = super::qa::QaSpec::default();
        let host = QaHost::new(
            count,
            &written,
            spec.qa.as_ref().unwrap_or(&default),
            layout,
        );
        let mut buffers = vec![
            (layout.global, host.global_bytes()),
            (layout.resource_heap, host.info_bytes(QaHeap::Resource)),
            (layout.sampler_heap, host.info_bytes(QaHeap::Sampler)),
        ];
        if let (Some(binding), Some(bytes)) = (layout.fault_log, host.log_bytes()) {
            buffers.push((binding, bytes));
        }
        for (n, (binding, bytes)) in buffers.iter().enumerate() {
            let d = PlannedDescriptor {
                index: 0,
                ty: vk::DescriptorType::STORAGE_BUFFER,
                source: Source::Qa(n),
                format: None,
                range: bytes.len() as u64,
            };
            self.add(layout.set, PlannedBinding::single(*binding, d))?;
        }
        self.qa_buffers = buffers;
        Ok(host)
    }

    /// The push constants (empty with the root block in a uniform buffer).
    fn push_constants(&self) -> &[u8] {
        match self.root_ubo {
            Some(_) => &[],
            None => &self.push,
        }
    }
}

/// The descriptor types a QA pad slot can hold, in order of preference.
const QA_PAD_TYPES: [vk::DescriptorType; 7] = [
    vk::DescriptorType::STORAGE_BUFFER,
    vk::DescriptorType::UNIFORM_BUFFER,
    vk::DescriptorType::UNIFORM_TEXEL_BUFFER,
    vk::DescriptorType::STORAGE_TEXEL_BUFFER,
    vk::DescriptorType::SAMPLED_IMAGE,
    vk::DescriptorType::STORAGE_IMAGE,
    vk::DescriptorType::SAMPLER,
];

/// The QA heap and type mask of a descriptor written into a heap array
/// (`counter`: a UAV counter, which is a raw address to QA).
fn qa_type(ty: vk::DescriptorType, counter: bool) -> (QaHeap, u32) {
    use super::qa as m;
    let mask = match ty {
        _ if counter => m::RAW_VA,
        vk::DescriptorType::SAMPLER => return (QaHeap::Sampler, m::SAMPLER),
        vk::DescriptorType::SAMPLED_IMAGE => m::SAMPLED_IMAGE,
        vk::DescriptorType::STORAGE_IMAGE => m::STORAGE_IMAGE,
        vk::DescriptorType::UNIFORM_BUFFER => m::UNIFORM_BUFFER,
        vk::DescriptorType::UNIFORM_TEXEL_BUFFER => m::UNIFORM_TEXEL_BUFFER,
        vk::DescriptorType::STORAGE_TEXEL_BUFFER => m::STORAGE_TEXEL_BUFFER,
        vk::DescriptorType::ACCELERATION_STRUCTURE_KHR => m::RT_ACCELERATION_STRUCTURE | m::RAW_VA,
        _ => m::STORAGE_BUFFER,
    };
    (QaHeap::Resource, mask)
}

/// The Vulkan descriptor type of a reflected one.
fn vk_type(t: crate::binding::DescriptorType) -> vk::DescriptorType {
    use crate::binding::DescriptorType as T;
    match t {
        T::StorageBuffer => vk::DescriptorType::STORAGE_BUFFER,
        T::UniformBuffer => vk::DescriptorType::UNIFORM_BUFFER,
        T::UniformTexelBuffer => vk::DescriptorType::UNIFORM_TEXEL_BUFFER,
        T::StorageTexelBuffer => vk::DescriptorType::STORAGE_TEXEL_BUFFER,
        T::Sampler => vk::DescriptorType::SAMPLER,
        T::SampledImage => vk::DescriptorType::SAMPLED_IMAGE,
        T::StorageImage => vk::DescriptorType::STORAGE_IMAGE,
        T::AccelerationStructure => vk::DescriptorType::ACCELERATION_STRUCTURE_KHR,
    }
}

/// The names of the module's GLCompute entry points (passing a name the
/// module lacks to the driver is undefined behaviour, so it is checked here).
fn compute_entry_points(spirv: &[u32]) -> Result<Vec<String>> {
    const OP_ENTRY_POINT: u32 = 15;
    const GL_COMPUTE: u32 = 5;
    let malformed = || invalid("the SPIR-V module's instruction stream is malformed");
    let mut out = Vec::new();
    // The instructions after the 5-word header.
    let Some(mut rest) = spirv.get(5..) else {
        return Err(invalid("the SPIR-V module is shorter than its header"));
    };
    while let Some(&word) = rest.first() {
        let (count, opcode) = ((word >> 16) as usize, word & 0xffff);
        if count == 0 {
            return Err(malformed());
        }
        let (inst, tail) = rest.split_at_checked(count).ok_or_else(malformed)?;
        if opcode == OP_ENTRY_POINT && count >= 4 && inst.get(1) == Some(&GL_COMPUTE) {
            let bytes: Vec<u8> = inst
                .get(3..)
                .unwrap_or_default()
                .iter()
                .flat_map(|w| w.to_le_bytes())
                .collect();
            let end = bytes.iter().position(|&b| b == 0).ok_or_else(malformed)?;
            let (name, _) = bytes.split_at_checked(end).ok_or_else(malformed)?;
            out.push(String::from_utf8_lossy(name).into_owned());
        }
        rest = tail;
    }
    Ok(out)
}

/// The bytes of the push-constant block.
fn push_block(spec: &RunSpec, pc: &PushConstantDesc) -> Result<Vec<u8>> {
    let mut placed: Vec<(usize, usize, RegisterKey)> = Vec::new();
    for r in &pc.ranges {
        let decl = spec.resource(&r.resource).ok_or_else(|| {
            invalid(format!(
                "push constants name {}, which the run spec does not declare",
                r.resource
            ))
        })?;
        if r.offset % 4 != 0 {
            return Err(invalid(format!(
                "push-constant offset {} of {} is not a multiple of 4",
                r.offset, r.resource
            )));
        }
        let start = r.offset as usize;
        let end = start.checked_add(decl.byte_size()).ok_or_else(|| {
            invalid(format!(
                "push constants {} at offset {start} end past the address space",
                r.resource
            ))
        })?;
        if let Some(&(s, e, other)) = placed.iter().find(|&&(s, e, _)| start < e && s < end) {
            return Err(invalid(format!(
                "push constants {} (bytes {start}..{end}) and {other} (bytes {s}..{e}) overlap",
                r.resource
            )));
        }
        placed.push((start, end, r.resource));
    }
    let end = placed.iter().map(|&(_, e, _)| e).max().unwrap_or(0);
    let size = match pc.size {
        Some(s) => {
            let s = s as usize;
            if s < end || s % 4 != 0 {
                return Err(invalid(format!(
                    "push-constant block size {s} must be a multiple of 4 and at least {end} \
                     (the end of its last range)"
                )));
            }
            s
        }
        None => round_up(end, 4)?,
    };
    let mut block = vec![0u8; size];
    for (r, &(start, end, _)) in pc.ranges.iter().zip(&placed) {
        if let Some(decl) = spec.resource(&r.resource) {
            // `size >= end`, and `end - start` is the data's length.
            block
                .get_mut(start..end)
                .ok_or_else(|| {
                    run_error(ErrorKind::Internal, "push-constant range outside the block")
                })?
                .copy_from_slice(&decl.data);
        }
    }
    Ok(block)
}

type Outcome = (
    BTreeMap<RegisterKey, Vec<u8>>,
    BTreeMap<RegisterKey, u32>,
    (Duration, Option<Duration>),
    Vec<Vec<u8>>,
);

/// Checks one descriptor against the device's range limits and, for a
/// texel buffer, its format support.
fn check_descriptor_limits(
    device: &Device<'_>,
    set: u32,
    b: &PlannedBinding,
    d: &PlannedDescriptor,
) -> Result<()> {
    if is_image_type(d.ty) {
        return Ok(());
    }
    let limits = &device.props.limits;
    let at = format!("set {set}, binding {}[{}]", b.binding, d.index);
    if matches!(d.source, Source::Null) {
        return Ok(());
    }
    let (limit, what) = match d.ty {
        vk::DescriptorType::UNIFORM_BUFFER => (
            u64::from(limits.max_uniform_buffer_range),
            "maxUniformBufferRange",
        ),
        vk::DescriptorType::STORAGE_BUFFER => (
            u64::from(limits.max_storage_buffer_range),
            "maxStorageBufferRange",
        ),
        _ => {
            let texel = d.format.map_or(1, |f| f.texel_size()) as u64;
            (
                // A `u32` times at most 16: no saturation.
                u64::from(limits.max_texel_buffer_elements).saturating_mul(texel),
                "maxTexelBufferElements",
            )
        }
    };
    if d.range > limit {
        return Err(unsupported(format!(
            "{at}: {} bytes exceed the device's {what}",
            d.range
        )));
    }
    if let Some(f) = d.format {
        let feature = if d.ty == vk::DescriptorType::STORAGE_TEXEL_BUFFER {
            vk::FormatFeatureFlags::STORAGE_TEXEL_BUFFER
        } else {
            vk::FormatFeatureFlags::UNIFORM_TEXEL_BUFFER
        };
        if !device.supports_buffer_format(vk_format(f), feature) {
            return Err(unsupported(format!(
                "{at}: the device does not support {} as a {:?}",
                f.name(),
                d.ty
            )));
        }
    }
    Ok(())
}

/// Creates everything on `device`, dispatches, waits and reads back.
fn execute(
    device: &Device<'_>,
    spec: &RunSpec,
    plan: &Plan,
    options: &RunOptions,
) -> Result<Outcome> {
    let raw = &device.raw;
    let limits = &device.props.limits;

    // Limits.
    for (axis, (&groups, &max)) in spec
        .dispatch
        .iter()
        .zip(limits.max_compute_work_group_count.iter())
        .enumerate()
    {
        if groups > max {
            return Err(unsupported(format!(
                "dispatch {} = {groups} exceeds the device's maxComputeWorkGroupCount ({max})",
                ["X", "Y", "Z"].get(axis).unwrap_or(&"?")
            )));
        }
    }
    if plan.push_constants().len() > limits.max_push_constants_size as usize {
        return Err(unsupported(format!(
            "the push-constant block is {} bytes; the device allows {}",
            plan.push_constants().len(),
            limits.max_push_constants_size
        )));
    }
    if plan.has_heap() {
        let missing =
            device.heap_features_missing(plan.sets.values().flatten().filter(|b| b.heap).flat_map(
                |b| match b.mutable.as_slice() {
                    [] => vec![b.ty],
                    list => list.to_vec(),
                },
            ));
        if !missing.is_empty() {
            return Err(unsupported(format!(
                "descriptor heap: the device lacks {} (SM 6.6 heaps and root-signature tables \
                 need descriptor indexing)",
                missing.join(", ")
            )));
        }
    }
    if plan.sets.values().flatten().any(|b| !b.mutable.is_empty()) && !device.mutable_descriptors {
        return Err(unsupported(
            "mutable heap bindings: the device lacks VK_EXT_mutable_descriptor_type \
             (mutableDescriptorType)",
        ));
    }
    let nulls = plan.sets.values().flatten().flat_map(|b| &b.descriptors);
    if nulls.into_iter().any(|d| matches!(d.source, Source::Null)) && !device.null_descriptor {
        return Err(unsupported(
            "descriptor QA: the device lacks nullDescriptor (VK_EXT_robustness2), which the \
             heap's pad slot needs",
        ));
    }
    if !plan.addresses.is_empty() && !device.buffer_device_address {
        return Err(unsupported(
            "root descriptors: the device lacks bufferDeviceAddress",
        ));
    }
    for (set, list) in &plan.sets {
        for b in list {
            for d in &b.descriptors {
                check_descriptor_limits(device, *set, b, d)?;
            }
        }
    }

    // Buffers, with their initial contents.
    let mut buffers: BTreeMap<RegisterKey, HostBuffer<'_, '_>> = BTreeMap::new();
    for key in &plan.buffers {
        let decl = spec
            .resource(key)
            .ok_or_else(|| invalid(format!("{key} is not declared")))?;
        let usage = if plan.addresses.iter().any(|(_, k)| k == key) {
            vk::BufferUsageFlags::SHADER_DEVICE_ADDRESS
        } else {
            vk::BufferUsageFlags::empty()
        };
        let size = round_up(decl.byte_size().max(16), 16)?;
        let mut buf = HostBuffer::with_usage(device, size, usage)?;
        buf.write(&decl.data)?;
        buffers.insert(*key, buf);
    }
    // The root block, with the root descriptors' addresses.
    let mut push = plan.push.clone();
    for &(offset, key) in &plan.addresses {
        let address = buffers
            .get(&key)
            .ok_or_else(|| invalid(format!("no buffer for {key}")))?
            .device_address()?;
        push.get_mut(offset..offset.saturating_add(8))
            .ok_or_else(|| run_error(ErrorKind::Internal, "root address outside the block"))?
            .copy_from_slice(&address.to_le_bytes());
    }
    let root_buffer = match plan.root_ubo {
        Some(_) => Some(super::descriptors::filled_buffer(device, &push)?),
        None => None,
    };
    let mut counter_buffers: BTreeMap<RegisterKey, HostBuffer<'_, '_>> = BTreeMap::new();
    for key in &plan.counters {
        counter_buffers.insert(*key, HostBuffer::new(device, 16)?);
    }
    let qa_buffers = plan
        .qa_buffers
        .iter()
        .map(|(_, bytes)| super::descriptors::filled_buffer(device, bytes))
        .collect::<Result<Vec<_>>>()?;
    let buffer_of = |source: Source| -> Result<vk::Buffer> {
        let found = match source {
            Source::Spec(k) => buffers.get(&k),
            Source::Counter(k) => counter_buffers.get(&k),
            Source::RootBlock => root_buffer.as_ref(),
            Source::Qa(n) => qa_buffers.get(n),
            Source::Null => return Ok(vk::Buffer::null()),
            Source::Image(_) | Source::Sampler(_) => None,
        };
        found
            .map(|b| b.buffer.get())
            .ok_or_else(|| invalid("a descriptor without its buffer"))
    };

    // Spec images (their texels staged for upload) and samplers.
    let mut images: BTreeMap<RegisterKey, GpuImage<'_, '_>> = BTreeMap::new();
    for key in &plan.images {
        let decl = spec
            .resource(key)
            .ok_or_else(|| invalid(format!("{key} is not declared")))?;
        let desc = decl
            .image
            .ok_or_else(|| invalid(format!("{key} is not an image")))?;
        images.insert(*key, GpuImage::new(device, &desc, &decl.data)?);
    }
    let mut spec_samplers: BTreeMap<RegisterKey, Owned<'_, '_, vk::Sampler>> = BTreeMap::new();
    for key in &plan.samplers {
        let state = spec
            .resource(key)
            .and_then(|d| d.sampler.as_ref())
            .ok_or_else(|| invalid(format!("{key} is not a sampler")))?;
        spec_samplers.insert(*key, image::create_sampler(device, state)?);
    }

    // Texel-buffer views, by (set, binding, array index).
    let mut views: BTreeMap<(u32, u32, u32), Owned<'_, '_, vk::BufferView>> = BTreeMap::new();
    for (&set, list) in &plan.sets {
        for b in list {
            for d in &b.descriptors {
                let Some(format) = d.format else { continue };
                let info = vk::BufferViewCreateInfo::default()
                    .buffer(buffer_of(d.source)?)
                    .format(vk_format(format))
                    .offset(0)
                    .range(d.range);
                // SAFETY: the buffer was created with both texel-buffer
                // usages, the format supports this use (checked above), and
                // the range is a whole number of texels within the buffer and
                // the device limit.
                let view = unsafe { raw.create_buffer_view(&info, None) }
                    .map_err(|r| vk_error("vkCreateBufferView", r))?;
                views.insert((set, b.binding, d.index), device.own(view));
            }
        }
    }

    // Immutable samplers, by (set, binding).
    let mut samplers: BTreeMap<(u32, u32), Owned<'_, '_, vk::Sampler>> = BTreeMap::new();
    for (&set, list) in &plan.sets {
        for b in list {
            if let Some(state) = &b.sampler {
                samplers.insert((set, b.binding), image::create_sampler(device, state)?);
            }
        }
    }
    let sampler_handles: BTreeMap<(u32, u32), vk::Sampler> =
        samplers.iter().map(|(&k, s)| (k, s.get())).collect();

    // Descriptor set layouts: one per set index up to the highest (empty
    // layouts for unused indices). Sets with heap arrays are
    // update-after-bind; mutable bindings list their types.
    let max_set = plan.sets.keys().next_back().copied();
    let mut layouts: Vec<Owned<'_, '_, vk::DescriptorSetLayout>> = Vec::new();
    if let Some(max_set) = max_set {
        for set in 0..=max_set {
            let list = plan.sets.get(&set).map(Vec::as_slice).unwrap_or(&[]);
            let vk_bindings: Vec<vk::DescriptorSetLayoutBinding<'_>> = list
                .iter()
                .map(|b| {
                    let binding = vk::DescriptorSetLayoutBinding::default()
                        .binding(b.binding)
                        .descriptor_type(b.ty)
                        .descriptor_count(b.count)
                        .stage_flags(vk::ShaderStageFlags::COMPUTE);
                    match sampler_handles.get(&(set, b.binding)) {
                        Some(s) => binding.immutable_samplers(std::slice::from_ref(s)),
                        None => binding,
                    }
                })
                .collect();
            let lists: Vec<vk::MutableDescriptorTypeListEXT<'_>> = list
                .iter()
                .map(|b| vk::MutableDescriptorTypeListEXT::default().descriptor_types(&b.mutable))
                .collect();
            let mut mutable_info = vk::MutableDescriptorTypeCreateInfoEXT::default()
                .mutable_descriptor_type_lists(&lists);
            let heap_flags = vk::DescriptorBindingFlags::PARTIALLY_BOUND
                | vk::DescriptorBindingFlags::UPDATE_AFTER_BIND;
            let flags: Vec<vk::DescriptorBindingFlags> = list
                .iter()
                .map(|b| {
                    if b.heap {
                        heap_flags
                    } else {
                        vk::DescriptorBindingFlags::empty()
                    }
                })
                .collect();
            let mut flags_info =
                vk::DescriptorSetLayoutBindingFlagsCreateInfo::default().binding_flags(&flags);
            let mut info = vk::DescriptorSetLayoutCreateInfo::default().bindings(&vk_bindings);
            if list.iter().any(|b| b.heap) {
                info = info
                    .flags(vk::DescriptorSetLayoutCreateFlags::UPDATE_AFTER_BIND_POOL)
                    .push_next(&mut flags_info);
            }
            if list.iter().any(|b| !b.mutable.is_empty()) {
                info = info.push_next(&mut mutable_info);
            }
            // SAFETY: valid create info (distinct binding numbers, checked
            // in `Plan::new`; binding flags only with the descriptor
            // indexing features they need, mutable lists only with the
            // mutable-descriptor feature, both checked above; live immutable
            // samplers); the arrays outlive the call.
            let layout = unsafe { raw.create_descriptor_set_layout(&info, None) }
                .map_err(|r| vk_error("vkCreateDescriptorSetLayout", r))?;
            layouts.push(device.own(layout));
        }
    }

    // Pool and sets.
    // Sizes by type, then one per mutable binding with its type list.
    let mut by_type: BTreeMap<i32, u32> = BTreeMap::new();
    let mut pool_sizes: Vec<vk::DescriptorPoolSize> = Vec::new();
    let mut pool_lists: Vec<vk::MutableDescriptorTypeListEXT<'_>> = Vec::new();
    for list in plan.sets.values() {
        for b in list.iter().filter(|b| b.mutable.is_empty()) {
            let n = by_type.entry(b.ty.as_raw()).or_default();
            *n = n.saturating_add(b.count);
        }
    }
    for (&ty, &n) in &by_type {
        pool_sizes.push(vk::DescriptorPoolSize {
            ty: vk::DescriptorType::from_raw(ty),
            descriptor_count: n,
        });
        pool_lists.push(vk::MutableDescriptorTypeListEXT::default());
    }
    for b in plan
        .sets
        .values()
        .flatten()
        .filter(|b| !b.mutable.is_empty())
    {
        pool_sizes.push(vk::DescriptorPoolSize {
            ty: b.ty,
            descriptor_count: b.count,
        });
        pool_lists.push(vk::MutableDescriptorTypeListEXT::default().descriptor_types(&b.mutable));
    }
    let mut pool_mutable = vk::MutableDescriptorTypeCreateInfoEXT::default()
        .mutable_descriptor_type_lists(&pool_lists);
    let set_count = plan.sets.len() as u32;
    let pool = if set_count > 0 {
        let mut info = vk::DescriptorPoolCreateInfo::default()
            .max_sets(set_count)
            .pool_sizes(&pool_sizes);
        if plan.has_heap() {
            info = info.flags(vk::DescriptorPoolCreateFlags::UPDATE_AFTER_BIND);
        }
        if plan.sets.values().flatten().any(|b| !b.mutable.is_empty()) {
            info = info.push_next(&mut pool_mutable);
        }
        // SAFETY: valid create info; the sizes array outlives the call.
        let pool = unsafe { raw.create_descriptor_pool(&info, None) }
            .map_err(|r| vk_error("vkCreateDescriptorPool", r))?;
        Some(device.own(pool))
    } else {
        None
    };
    let mut sets: Vec<(u32, vk::DescriptorSet)> = Vec::new();
    if let Some(pool) = &pool {
        let used: Vec<u32> = plan.sets.keys().copied().collect();
        // There is a layout for every set index up to the highest.
        let set_layouts: Vec<vk::DescriptorSetLayout> =
            used.iter()
                .map(|&s| {
                    layouts.get(s as usize).map(|l| l.get()).ok_or_else(|| {
                        run_error(ErrorKind::Internal, format!("no layout for set {s}"))
                    })
                })
                .collect::<Result<_>>()?;
        let info = vk::DescriptorSetAllocateInfo::default()
            .descriptor_pool(pool.get())
            .set_layouts(&set_layouts);
        // SAFETY: the pool was sized for exactly these sets and descriptors
        // (update-after-bind when a layout is); the sets are freed with the
        // pool.
        let allocated = unsafe { raw.allocate_descriptor_sets(&info) }
            .map_err(|r| vk_error("vkAllocateDescriptorSets", r))?;
        sets = used.into_iter().zip(allocated).collect();
    }

    // Descriptor writes. The info arrays are complete before the writes
    // point into them.
    let mut buffer_infos: Vec<vk::DescriptorBufferInfo> = Vec::new();
    let mut view_handles: Vec<vk::BufferView> = Vec::new();
    let mut image_infos: Vec<vk::DescriptorImageInfo> = Vec::new();
    // (set handle, binding, array element, type, index into buffer_infos
    // or view_handles)
    let mut pending: Vec<(vk::DescriptorSet, u32, u32, vk::DescriptorType, usize)> = Vec::new();
    for &(set_index, set) in &sets {
        for b in plan.sets.get(&set_index).map(Vec::as_slice).unwrap_or(&[]) {
            for d in &b.descriptors {
                match d.ty {
                    ty if is_image_type(ty) => {
                        let mut info = vk::DescriptorImageInfo::default()
                            .image_layout(vk::ImageLayout::GENERAL);
                        match d.source {
                            Source::Image(k) => {
                                let img = images
                                    .get(&k)
                                    .ok_or_else(|| invalid(format!("no image for {k}")))?;
                                info = info.image_view(img.view());
                            }
                            Source::Sampler(k) => {
                                let smp = spec_samplers
                                    .get(&k)
                                    .ok_or_else(|| invalid(format!("no sampler for {k}")))?;
                                info = info.sampler(smp.get());
                            }
                            // A QA pad: a null image, or the array's
                            // lowest-index sampler.
                            Source::Null if d.ty == vk::DescriptorType::SAMPLER => {
                                let first = b
                                    .descriptors
                                    .iter()
                                    .filter_map(|x| match x.source {
                                        Source::Sampler(k) => Some((x.index, k)),
                                        _ => None,
                                    })
                                    .min()
                                    .and_then(|(_, k)| spec_samplers.get(&k))
                                    .ok_or_else(|| invalid("a sampler pad without a sampler"))?;
                                info = info.sampler(first.get());
                            }
                            Source::Null => {}
                            _ => return Err(invalid("an image descriptor without its image")),
                        }
                        let index = image_infos.len();
                        image_infos.push(info);
                        pending.push((set, b.binding, d.index, d.ty, index));
                    }
                    vk::DescriptorType::STORAGE_BUFFER | vk::DescriptorType::UNIFORM_BUFFER => {
                        let index = buffer_infos.len();
                        buffer_infos.push(vk::DescriptorBufferInfo {
                            buffer: buffer_of(d.source)?,
                            offset: 0,
                            range: d.range,
                        });
                        pending.push((set, b.binding, d.index, d.ty, index));
                    }
                    _ => {
                        let view = match d.source {
                            Source::Null => vk::BufferView::null(),
                            _ => views
                                .get(&(set_index, b.binding, d.index))
                                .ok_or_else(|| invalid("missing buffer view"))?
                                .get(),
                        };
                        let index = view_handles.len();
                        view_handles.push(view);
                        pending.push((set, b.binding, d.index, d.ty, index));
                    }
                }
            }
        }
    }
    let missing = || run_error(ErrorKind::Internal, "descriptor write without its info");
    let writes: Vec<vk::WriteDescriptorSet<'_>> = pending
        .iter()
        .map(|&(set, binding, element, ty, i)| {
            let w = vk::WriteDescriptorSet::default()
                .dst_set(set)
                .dst_binding(binding)
                .dst_array_element(element)
                .descriptor_type(ty);
            Ok(match ty {
                ty if is_image_type(ty) => w.image_info(std::slice::from_ref(
                    image_infos.get(i).ok_or_else(missing)?,
                )),
                vk::DescriptorType::STORAGE_BUFFER | vk::DescriptorType::UNIFORM_BUFFER => w
                    .buffer_info(std::slice::from_ref(
                        buffer_infos.get(i).ok_or_else(missing)?,
                    )),
                _ => w.texel_buffer_view(std::slice::from_ref(
                    view_handles.get(i).ok_or_else(missing)?,
                )),
            })
        })
        .collect::<Result<_>>()?;
    if !writes.is_empty() {
        // SAFETY: each write targets a binding of the right type in a live
        // set, at an element below its descriptor count (heap indices are
        // below the heap size, checked by the spec parser), with one valid
        // buffer (offset 0, range within the buffer and the device limit),
        // one live buffer view, or one live image view (in layout GENERAL
        // by the time the dispatch runs) or sampler; no set is in use yet.
        unsafe { raw.update_descriptor_sets(&writes, &[]) };
    }

    // Pipeline.
    let layout_handles: Vec<vk::DescriptorSetLayout> = layouts.iter().map(|l| l.get()).collect();
    let push = match plan.root_ubo {
        Some(_) => Vec::new(),
        None => push,
    };
    let push_ranges = [vk::PushConstantRange {
        stage_flags: vk::ShaderStageFlags::COMPUTE,
        offset: 0,
        size: push.len() as u32,
    }];
    let mut layout_info = vk::PipelineLayoutCreateInfo::default().set_layouts(&layout_handles);
    if !push.is_empty() {
        layout_info = layout_info.push_constant_ranges(&push_ranges);
    }
    // SAFETY: valid create info (live set layouts; a push range within the
    // device limit, checked above); arrays outlive the call.
    let pipeline_layout = unsafe { raw.create_pipeline_layout(&layout_info, None) }
        .map_err(|r| vk_error("vkCreatePipelineLayout", r))?;
    let pipeline_layout = device.own(pipeline_layout);
    let module_info = vk::ShaderModuleCreateInfo::default().code(&plan.spirv);
    // SAFETY: the code is a non-empty array of words starting with the
    // SPIR-V magic (checked in `Plan::new`); drivers reject malformed
    // modules with an error rather than undefined behaviour in practice, and
    // the validation layer reports them when enabled.
    let module = unsafe { raw.create_shader_module(&module_info, None) }
        .map_err(|r| vk_error("vkCreateShaderModule", r))?;
    let module = device.own(module);
    let stage = vk::PipelineShaderStageCreateInfo::default()
        .stage(vk::ShaderStageFlags::COMPUTE)
        .module(module.get())
        .name(&plan.entry);
    let pipeline_info = [vk::ComputePipelineCreateInfo::default()
        .stage(stage)
        .layout(pipeline_layout.get())];
    // SAFETY: live module and layout; the entry name is a C string that
    // outlives the call.
    let created =
        unsafe { raw.create_compute_pipelines(vk::PipelineCache::null(), &pipeline_info, None) };
    let what = format!(
        "vkCreateComputePipelines (entry point `{}`)",
        plan.entry.to_string_lossy()
    );
    let pipeline = gpu::own_pipeline(device, created, &what)?;
    let pipeline = pipeline.get();

    // Two timestamps around the dispatch, where the queue has them.
    let timestamps = if device.timestamp_bits > 0 {
        let info = vk::QueryPoolCreateInfo::default()
            .query_type(vk::QueryType::TIMESTAMP)
            .query_count(2);
        // SAFETY: a valid create info; owned right below.
        let pool = unsafe { raw.create_query_pool(&info, None) }
            .map_err(|r| vk_error("vkCreateQueryPool", r))?;
        Some(device.own(pool))
    } else {
        None
    };

    // Record, submit, wait.
    let gpu_time = gpu::submit_and_wait(device, options.timeout, |raw, cmd| {
        // SAFETY: `cmd` is recording; every handle recorded is live until
        // `submit_and_wait` has waited for the fence (they are all dropped
        // after it, at the end of this function).
        unsafe {
            for img in images.values() {
                img.record_upload(raw, cmd);
            }
            raw.cmd_bind_pipeline(cmd, vk::PipelineBindPoint::COMPUTE, pipeline);
            for &(set_index, set) in &sets {
                raw.cmd_bind_descriptor_sets(
                    cmd,
                    vk::PipelineBindPoint::COMPUTE,
                    pipeline_layout.get(),
                    set_index,
                    &[set],
                    &[],
                );
            }
            if !push.is_empty() {
                raw.cmd_push_constants(
                    cmd,
                    pipeline_layout.get(),
                    vk::ShaderStageFlags::COMPUTE,
                    0,
                    &push,
                );
            }
            let [x, y, z] = spec.dispatch;
            if let Some(pool) = &timestamps {
                raw.cmd_reset_query_pool(cmd, pool.get(), 0, 2);
                raw.cmd_write_timestamp(cmd, vk::PipelineStageFlags::TOP_OF_PIPE, pool.get(), 0);
            }
            raw.cmd_dispatch(cmd, x, y, z);
            if let Some(pool) = &timestamps {
                raw.cmd_write_timestamp(cmd, vk::PipelineStageFlags::BOTTOM_OF_PIPE, pool.get(), 1);
            }
            gpu::cmd_host_read_barrier(
                raw,
                cmd,
                vk::PipelineStageFlags::COMPUTE_SHADER,
                vk::AccessFlags::SHADER_WRITE,
            );
            for img in images.values().filter(|i| i.storage()) {
                img.record_readback(raw, cmd);
            }
            gpu::cmd_host_read_barrier(
                raw,
                cmd,
                vk::PipelineStageFlags::TRANSFER,
                vk::AccessFlags::TRANSFER_WRITE,
            );
        }
    })?;
    let dispatch_time = match &timestamps {
        Some(pool) => {
            let mut ticks = [0u64; 2];
            // SAFETY: both queries were written by the command buffer the
            // fence above has seen finish.
            unsafe {
                raw.get_query_pool_results(
                    pool.get(),
                    0,
                    &mut ticks,
                    vk::QueryResultFlags::TYPE_64 | vk::QueryResultFlags::WAIT,
                )
            }
            .map_err(|r| vk_error("vkGetQueryPoolResults", r))?;
            let mask = u64::MAX >> 64u32.saturating_sub(device.timestamp_bits).min(63);
            let delta = (ticks[1] & mask).wrapping_sub(ticks[0] & mask) & mask;
            let ns = delta as f64 * f64::from(limits.timestamp_period);
            Some(Duration::from_nanos(ns as u64))
        }
        None => None,
    };

    // Read back.
    let mut contents = BTreeMap::new();
    for decl in &spec.resources {
        let data = match (buffers.get(&decl.key), images.get(&decl.key)) {
            (Some(buf), _) => buf.read(decl.byte_size())?,
            (None, Some(img)) if img.storage() => img.read()?,
            _ => decl.data.clone(),
        };
        contents.insert(decl.key, data);
    }
    let mut counters = BTreeMap::new();
    for (key, buf) in &counter_buffers {
        let bytes = buf.read(4)?;
        let mut word = [0u8; 4];
        word.copy_from_slice(&bytes);
        counters.insert(*key, u32::from_le_bytes(word));
    }
    let qa = plan
        .qa_buffers
        .iter()
        .zip(&qa_buffers)
        .map(|((_, bytes), buf)| buf.read(bytes.len()))
        .collect::<Result<Vec<_>>>()?;
    Ok((contents, counters, (gpu_time, dispatch_time), qa))
}
