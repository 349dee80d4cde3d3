//! `dxil2spirv_options`: a mutable options object, copied into a compiler.

use crate::ffi::guard;
use crate::Status;
use dxil2spirv::compile::{
    BindingRemap, CompileOptions, ResourceClass, RootBlockStorage, RootSignatureChoice, SetPolicy,
    SremLowering,
};
use std::ffi::{c_char, CStr};
use std::ptr;

/// The object behind `dxil2spirv_options*`.
pub struct Options(pub CompileOptions);

/// `DXIL2SPIRV_DEFAULT_COUNTER_BINDING`: "no explicit counter binding".
const DEFAULT_COUNTER_BINDING: u32 = u32::MAX;

/// Runs `f` on the options behind `options`: `InvalidArgument` if NULL,
/// `Internal` if `f` panics.
///
/// # Safety
/// `options` is NULL or a live pointer from [`dxil2spirv_options_create`]
/// not used by another thread during the call.
unsafe fn with_options(
    options: *mut Options,
    f: impl FnOnce(&mut CompileOptions) -> Status,
) -> Status {
    guard(Status::Internal, || {
        // SAFETY: per this function's contract, `options` is NULL (→ None)
        // or live and exclusively ours for the call.
        match unsafe { options.as_mut() } {
            Some(o) => f(&mut o.0),
            None => Status::InvalidArgument,
        }
    })
}

/// `dxil2spirv_options_create`: new options with the defaults (set = space,
/// default binding offsets, no remaps, validation on, srem via unsigned,
/// bounds checks on). NULL only on an internal failure.
#[no_mangle]
pub extern "C" fn dxil2spirv_options_create() -> *mut Options {
    guard(ptr::null_mut(), || {
        Box::into_raw(Box::new(Options(CompileOptions::default())))
    })
}

/// `dxil2spirv_options_destroy`: frees options; NULL is a no-op.
///
/// # Safety
/// `options` is NULL or a live pointer from [`dxil2spirv_options_create`],
/// not used afterwards.
#[no_mangle]
pub unsafe extern "C" fn dxil2spirv_options_destroy(options: *mut Options) {
    if !options.is_null() {
        // SAFETY: per the contract, the pointer came from `Box::into_raw` in
        // `dxil2spirv_options_create` and is freed exactly once.
        guard((), || drop(unsafe { Box::from_raw(options) }));
    }
}

/// `dxil2spirv_options_set_set_policy`: 0 set = space, 1 compact.
///
/// # Safety
/// See [`with_options`].
#[no_mangle]
pub unsafe extern "C" fn dxil2spirv_options_set_set_policy(
    options: *mut Options,
    policy: u32,
) -> Status {
    let policy = match policy {
        0 => SetPolicy::Space,
        1 => SetPolicy::Compact,
        _ => return Status::InvalidArgument,
    };
    // SAFETY: the caller upholds `with_options`'s contract on `options`.
    unsafe { with_options(options, |o| set(&mut o.sets, policy)) }
}

/// `dxil2spirv_options_set_binding_offset`: the binding offset of a
/// register class (0 SRV, 1 UAV, 2 CBV, 3 sampler).
///
/// # Safety
/// See [`with_options`].
#[no_mangle]
pub unsafe extern "C" fn dxil2spirv_options_set_binding_offset(
    options: *mut Options,
    class: u32,
    offset: u32,
) -> Status {
    let Some(class) = ResourceClass::from_u32(class) else {
        return Status::InvalidArgument;
    };
    // SAFETY: the caller upholds `with_options`'s contract on `options`.
    unsafe {
        with_options(options, |o| {
            let offsets = &mut o.binding_offsets;
            let slot = match class {
                ResourceClass::Srv => &mut offsets.srv,
                ResourceClass::Uav => &mut offsets.uav,
                ResourceClass::Cbv => &mut offsets.cbv,
                ResourceClass::Sampler => &mut offsets.sampler,
            };
            set(slot, offset)
        })
    }
}

/// `dxil2spirv_options_set_counter_offset`: the binding offset of UAV
/// hidden counter buffers.
///
/// # Safety
/// See [`with_options`].
#[no_mangle]
pub unsafe extern "C" fn dxil2spirv_options_set_counter_offset(
    options: *mut Options,
    offset: u32,
) -> Status {
    // SAFETY: the caller upholds `with_options`'s contract on `options`.
    unsafe { with_options(options, |o| set(&mut o.binding_offsets.counter, offset)) }
}

/// `dxil2spirv_options_add_remap`: appends a remap rule (the first matching
/// rule wins).
///
/// # Safety
/// See [`with_options`].
#[no_mangle]
pub unsafe extern "C" fn dxil2spirv_options_add_remap(
    options: *mut Options,
    class: u32,
    space: u32,
    first_register: u32,
    set: u32,
    binding: u32,
    counter_binding: u32,
) -> Status {
    let Some(class) = ResourceClass::from_u32(class) else {
        return Status::InvalidArgument;
    };
    let remap = BindingRemap {
        class,
        space,
        register: first_register,
        set,
        binding,
        counter_binding: (counter_binding != DEFAULT_COUNTER_BINDING).then_some(counter_binding),
    };
    // SAFETY: the caller upholds `with_options`'s contract on `options`.
    unsafe {
        with_options(options, |o| {
            o.remaps.push(remap);
            Status::Ok
        })
    }
}

/// `dxil2spirv_options_set_validate`: run the SPIR-V validator or not.
///
/// # Safety
/// See [`with_options`].
#[no_mangle]
pub unsafe extern "C" fn dxil2spirv_options_set_validate(
    options: *mut Options,
    enabled: bool,
) -> Status {
    // SAFETY: the caller upholds `with_options`'s contract on `options`.
    unsafe { with_options(options, |o| set(&mut o.validate, enabled)) }
}

/// `dxil2spirv_options_set_srem_lowering`: 0 via unsigned, 1 native.
///
/// # Safety
/// See [`with_options`].
#[no_mangle]
pub unsafe extern "C" fn dxil2spirv_options_set_srem_lowering(
    options: *mut Options,
    lowering: u32,
) -> Status {
    let lowering = match lowering {
        0 => SremLowering::ViaUnsigned,
        1 => SremLowering::Native,
        _ => return Status::InvalidArgument,
    };
    // SAFETY: the caller upholds `with_options`'s contract on `options`.
    unsafe { with_options(options, |o| set(&mut o.srem, lowering)) }
}

/// `dxil2spirv_options_set_bounds_checks`: explicit buffer bounds checks or
/// not.
///
/// # Safety
/// See [`with_options`].
#[no_mangle]
pub unsafe extern "C" fn dxil2spirv_options_set_bounds_checks(
    options: *mut Options,
    enabled: bool,
) -> Status {
    // SAFETY: the caller upholds `with_options`'s contract on `options`.
    unsafe { with_options(options, |o| set(&mut o.bounds_checks, enabled)) }
}

/// `dxil2spirv_options_set_heap_set`: the descriptor set of the SM 6.6
/// descriptor heaps.
///
/// # Safety
/// See [`with_options`].
#[no_mangle]
pub unsafe extern "C" fn dxil2spirv_options_set_heap_set(
    options: *mut Options,
    set: u32,
) -> Status {
    // SAFETY: the caller upholds `with_options`'s contract on `options`.
    unsafe { with_options(options, |o| self::set(&mut o.heap_set, set)) }
}

/// `dxil2spirv_options_set_entry_point`: the export of a DXIL library to
/// compile (UTF-8, NUL-terminated; copied); NULL goes back to the default.
///
/// # Safety
/// See [`with_options`]; `name` is NULL or a NUL-terminated string.
#[no_mangle]
pub unsafe extern "C" fn dxil2spirv_options_set_entry_point(
    options: *mut Options,
    name: *const c_char,
) -> Status {
    let name = if name.is_null() {
        None
    } else {
        // SAFETY: per the contract, a non-NULL `name` is NUL-terminated
        // and readable for the call.
        match unsafe { CStr::from_ptr(name) }.to_str() {
            Ok(s) => Some(s.to_owned()),
            Err(_) => return Status::InvalidArgument,
        }
    };
    // SAFETY: the caller upholds `with_options`'s contract on `options`.
    unsafe { with_options(options, |o| set(&mut o.entry_point, name)) }
}

/// `dxil2spirv_options_set_root_signature`: bind through this root
/// signature (`bindless-1`, docs/BINDING.md): `len` bytes of raw `RTS0`, a
/// DXBC container holding an `RTS0` part, or the JSON form (copied). NULL
/// with `len` 0 goes back to the plain model.
///
/// # Safety
/// See [`with_options`]; `bytes` is NULL or readable for `len` bytes.
#[no_mangle]
pub unsafe extern "C" fn dxil2spirv_options_set_root_signature(
    options: *mut Options,
    bytes: *const u8,
    len: usize,
) -> Status {
    let choice = if bytes.is_null() {
        if len != 0 {
            return Status::InvalidArgument;
        }
        RootSignatureChoice::None
    } else {
        // SAFETY: per the contract, a non-NULL `bytes` is readable for `len`
        // bytes during the call.
        let slice = unsafe { std::slice::from_raw_parts(bytes, len) };
        match guard(Err(Status::Internal), || {
            dxil2spirv::rootsig::load(slice).map_err(|e| Status::from(e.kind()))
        }) {
            Ok((rs, _)) => RootSignatureChoice::Supplied(Box::new(rs)),
            Err(status) => return status,
        }
    };
    // SAFETY: the caller upholds `with_options`'s contract on `options`.
    unsafe { with_options(options, |o| set(&mut o.root_signature, choice)) }
}

/// `dxil2spirv_options_set_local_root_signature`: the DXR local root
/// signature of the ray-tracing exports (their shader records,
/// docs/BINDING.md "Shader records"), in any form
/// `dxil2spirv_options_set_root_signature` takes (copied); it wins over a
/// library's `LocalRootSignature` subobjects. NULL with `len` 0 removes it.
/// Needs root-signature mode at compile time.
///
/// # Safety
/// See [`with_options`]; `bytes` is NULL or readable for `len` bytes.
#[no_mangle]
pub unsafe extern "C" fn dxil2spirv_options_set_local_root_signature(
    options: *mut Options,
    bytes: *const u8,
    len: usize,
) -> Status {
    let local = if bytes.is_null() {
        if len != 0 {
            return Status::InvalidArgument;
        }
        None
    } else {
        // SAFETY: per the contract, a non-NULL `bytes` is readable for `len`
        // bytes during the call.
        let slice = unsafe { std::slice::from_raw_parts(bytes, len) };
        match guard(Err(Status::Internal), || {
            dxil2spirv::rootsig::load(slice).map_err(|e| Status::from(e.kind()))
        }) {
            Ok((rs, _)) => Some(Box::new(rs)),
            Err(status) => return status,
        }
    };
    // SAFETY: the caller upholds `with_options`'s contract on `options`.
    unsafe { with_options(options, |o| set(&mut o.local_root_signature, local)) }
}

/// `dxil2spirv_options_set_root_signature_embedded`: bind through the
/// blob's own `RTS0` part (`bindless-1`); compiling a blob without one
/// fails with `DXIL2SPIRV_INVALID_INPUT`.
///
/// # Safety
/// See [`with_options`].
#[no_mangle]
pub unsafe extern "C" fn dxil2spirv_options_set_root_signature_embedded(
    options: *mut Options,
) -> Status {
    // SAFETY: the caller upholds `with_options`'s contract on `options`.
    unsafe {
        with_options(options, |o| {
            set(&mut o.root_signature, RootSignatureChoice::Embedded)
        })
    }
}

/// `dxil2spirv_options_set_root_block_ubo`: the root block as a uniform
/// buffer at `set`, `binding` (`enabled` 0: push constants, the default).
///
/// # Safety
/// See [`with_options`].
#[no_mangle]
pub unsafe extern "C" fn dxil2spirv_options_set_root_block_ubo(
    options: *mut Options,
    enabled: i32,
    set: u32,
    binding: u32,
) -> Status {
    let storage = if enabled != 0 {
        RootBlockStorage::Uniform { set, binding }
    } else {
        RootBlockStorage::PushConstant
    };
    // SAFETY: the caller upholds `with_options`'s contract on `options`.
    unsafe { with_options(options, |o| self::set(&mut o.bindless.root_block, storage)) }
}

/// `DXIL2SPIRV_BINDLESS_CBV_AS_SSBO`.
const CBV_AS_SSBO: u32 = 1;
/// `DXIL2SPIRV_BINDLESS_MUTABLE_DESCRIPTORS`.
const MUTABLE_DESCRIPTORS: u32 = 2;

/// `dxil2spirv_options_set_bindless_flags`: `DXIL2SPIRV_BINDLESS_*` bits
/// (CBVs as storage buffers, mutable descriptors).
///
/// # Safety
/// See [`with_options`].
#[no_mangle]
pub unsafe extern "C" fn dxil2spirv_options_set_bindless_flags(
    options: *mut Options,
    flags: u32,
) -> Status {
    if flags & !(CBV_AS_SSBO | MUTABLE_DESCRIPTORS) != 0 {
        return Status::InvalidArgument;
    }
    // SAFETY: the caller upholds `with_options`'s contract on `options`.
    unsafe {
        with_options(options, |o| {
            o.bindless.cbv_as_ssbo = flags & CBV_AS_SSBO != 0;
            o.bindless.mutable_descriptors = flags & MUTABLE_DESCRIPTORS != 0;
            Status::Ok
        })
    }
}

/// `DXIL2SPIRV_DESCRIPTOR_QA_FAULT_LOG`.
const QA_FAULT_LOG: u32 = 1;

/// `dxil2spirv_options_set_descriptor_qa`: descriptor QA in descriptor set
/// `set` (`docs/DESCRIPTOR-QA.md`) with shader hash `hash` (0: the
/// container's) and `DXIL2SPIRV_DESCRIPTOR_QA_*` flags; `set` =
/// `u32::MAX` turns it off.
///
/// # Safety
/// See [`with_options`].
#[no_mangle]
pub unsafe extern "C" fn dxil2spirv_options_set_descriptor_qa(
    options: *mut Options,
    set: u32,
    hash: u64,
    flags: u32,
) -> Status {
    if flags & !QA_FAULT_LOG != 0 {
        return Status::InvalidArgument;
    }
    let qa = (set != u32::MAX).then_some(dxil2spirv::compile::DescriptorQa {
        set,
        shader_hash: (hash != 0).then_some(hash),
        fault_log: flags & QA_FAULT_LOG != 0,
    });
    // SAFETY: the caller upholds `with_options`'s contract on `options`.
    unsafe { with_options(options, |o| self::set(&mut o.descriptor_qa, qa)) }
}

fn set<T>(slot: &mut T, value: T) -> Status {
    *slot = value;
    Status::Ok
}
