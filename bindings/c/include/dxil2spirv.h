/*
 * dxil2spirv.h - C API of dxil2spirv, a DXIL to SPIR-V shader cross-compiler.
 *
 * Link with -ldxil2spirv (pkg-config: dxil2spirv). C99 or C++.
 *
 * Usage:
 *
 *     dxil2spirv_compiler *c = dxil2spirv_compiler_create(NULL);
 *     dxil2spirv_result *r = NULL;
 *     if (dxil2spirv_compile(c, blob, blob_size, &r) == DXIL2SPIRV_OK) {
 *         size_t n;
 *         const uint32_t *words = dxil2spirv_result_spirv(r, &n);
 *         ... use words[0..n) and dxil2spirv_result_reflection_json(r) ...
 *     } else {
 *         fprintf(stderr, "%s\n", dxil2spirv_result_message(r));
 *     }
 *     dxil2spirv_result_destroy(r);
 *     dxil2spirv_compiler_destroy(c);
 *
 * Ownership: every object is created by a *_create function or by
 * dxil2spirv_compile and freed by the matching *_destroy function, which
 * accepts NULL as a no-op. Strings and arrays returned by the result
 * accessors belong to the result: they stay valid until the result is
 * destroyed and must not be freed by the caller. The library never takes
 * ownership of memory passed in (blobs are only read during the call).
 *
 * Thread safety: a compiler is immutable; any number of threads may call
 * dxil2spirv_compile on one compiler at the same time. Results are
 * immutable too and may be read from any thread. An options object is
 * mutable and must not be used by two threads at once. Destroying an object
 * while another thread uses it is undefined behaviour. The library has no
 * global state.
 *
 * Errors: functions that can fail return a dxil2spirv_status. No Rust panic
 * crosses this API; an internal panic is reported as DXIL2SPIRV_INTERNAL.
 */
#ifndef DXIL2SPIRV_H
#define DXIL2SPIRV_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** Version of this header; dxil2spirv_version_numbers() gives the
 *  library's. */
#define DXIL2SPIRV_VERSION_MAJOR 0
#define DXIL2SPIRV_VERSION_MINOR 1
#define DXIL2SPIRV_VERSION_PATCH 0

/** The outcome of a call. The failure values equal the exit codes of the
 *  dxil2spirv command-line tool (5, I/O failure, is never returned by the
 *  library). */
typedef enum dxil2spirv_status {
    /** Success. */
    DXIL2SPIRV_OK = 0,
    /** The blob is malformed (truncated, corrupted, inconsistent). */
    DXIL2SPIRV_INVALID_INPUT = 1,
    /** The blob is well formed but uses a feature not supported yet; the
     *  message names it. */
    DXIL2SPIRV_UNSUPPORTED = 2,
    /** An internal invariant of the compiler broke (a bug). */
    DXIL2SPIRV_INTERNAL = 3,
    /** The produced SPIR-V failed validation (Vulkan 1.3 rules). */
    DXIL2SPIRV_VALIDATION = 4,
    /** A bad argument: a NULL pointer or an out-of-range enum value. */
    DXIL2SPIRV_INVALID_ARGUMENT = 6
} dxil2spirv_status;

/** A D3D register class (values as in DXIL metadata). */
typedef enum dxil2spirv_resource_class {
    /** Shader resource views, `t` registers. */
    DXIL2SPIRV_CLASS_SRV = 0,
    /** Unordered access views, `u` registers. */
    DXIL2SPIRV_CLASS_UAV = 1,
    /** Constant buffers, `b` registers. */
    DXIL2SPIRV_CLASS_CBV = 2,
    /** Samplers, `s` registers. */
    DXIL2SPIRV_CLASS_SAMPLER = 3
} dxil2spirv_resource_class;

/** How register spaces become Vulkan descriptor sets. */
typedef enum dxil2spirv_set_policy {
    /** set = space (the default). */
    DXIL2SPIRV_SET_POLICY_SPACE = 0,
    /** set = rank of the space among the spaces the shader declares
     *  (spaces 0, 12, 999 become sets 0, 1, 2). */
    DXIL2SPIRV_SET_POLICY_COMPACT = 1
} dxil2spirv_set_policy;

/** How LLVM `srem` (signed remainder) is lowered. */
typedef enum dxil2spirv_srem_lowering {
    /** |a| % |b| through unsigned operations, with the dividend's sign (the
     *  default; correct on drivers whose OpSRem mishandles negative
     *  operands). */
    DXIL2SPIRV_SREM_VIA_UNSIGNED = 0,
    /** OpSRem on signed operands. */
    DXIL2SPIRV_SREM_NATIVE = 1
} dxil2spirv_srem_lowering;

/** Passed as counter_binding to dxil2spirv_options_add_remap(): place the
 *  UAV's hidden counter buffer at the default binding (counter offset plus
 *  register). */
#define DXIL2SPIRV_DEFAULT_COUNTER_BINDING UINT32_MAX

/** Compilation options (mutable; copied by dxil2spirv_compiler_create()). */
typedef struct dxil2spirv_options dxil2spirv_options;

/** A compiler: immutable options; usable from many threads at once. */
typedef struct dxil2spirv_compiler dxil2spirv_compiler;

/** The outcome of one compilation: status and message, or SPIR-V,
 *  reflection JSON and warnings. Immutable. */
typedef struct dxil2spirv_result dxil2spirv_result;

/* ---- version ---------------------------------------------------------- */

/** The library version, "MAJOR.MINOR.PATCH". Static string: never NULL,
 *  never freed. */
const char *dxil2spirv_version(void);

/** Writes the library version numbers to each non-NULL pointer. */
void dxil2spirv_version_numbers(uint32_t *major, uint32_t *minor, uint32_t *patch);

/** A short description of a status ("ok", "invalid input", ...; "unknown
 *  status" for other values). Static string: never NULL, never freed. */
const char *dxil2spirv_status_string(int status);

/* ---- options ---------------------------------------------------------- */

/** New options holding the defaults: set = space; binding offsets b 0,
 *  t 1000, u 2000, s 3000, UAV counters 4000; no remaps; validation on;
 *  srem via unsigned; bounds checks on. The caller owns the object and
 *  frees it with dxil2spirv_options_destroy(). NULL only on an internal
 *  failure. */
dxil2spirv_options *dxil2spirv_options_create(void);

/** Frees options created by dxil2spirv_options_create(). NULL is a no-op.
 *  Compilers created from them are not affected. */
void dxil2spirv_options_destroy(dxil2spirv_options *options);

/** Sets how register spaces become descriptor sets.
 *  Returns DXIL2SPIRV_INVALID_ARGUMENT if options is NULL or policy is not
 *  a dxil2spirv_set_policy value. */
dxil2spirv_status dxil2spirv_options_set_set_policy(dxil2spirv_options *options,
                                                    dxil2spirv_set_policy policy);

/** Sets the binding offset of a register class: binding = register +
 *  offset (unless a remap rule matches).
 *  Returns DXIL2SPIRV_INVALID_ARGUMENT if options is NULL or register_class
 *  is not a dxil2spirv_resource_class value. */
dxil2spirv_status dxil2spirv_options_set_binding_offset(
    dxil2spirv_options *options, dxil2spirv_resource_class register_class, uint32_t offset);

/** Sets the binding offset of the hidden counter buffers of UAVs
 *  (binding = UAV register + offset, in the UAV's set).
 *  Returns DXIL2SPIRV_INVALID_ARGUMENT if options is NULL. */
dxil2spirv_status dxil2spirv_options_set_counter_offset(dxil2spirv_options *options,
                                                        uint32_t offset);

/** Appends a remap rule: the resource of class register_class in register
 *  space `space` whose first register is first_register goes to descriptor
 *  set `set`, binding `binding`; its hidden counter buffer (UAVs with a
 *  counter) to counter_binding in the same set, or to the default binding
 *  if counter_binding is DXIL2SPIRV_DEFAULT_COUNTER_BINDING. The first
 *  matching rule wins; rules override the set policy and offsets.
 *  Returns DXIL2SPIRV_INVALID_ARGUMENT if options is NULL or register_class
 *  is not a dxil2spirv_resource_class value. */
dxil2spirv_status dxil2spirv_options_add_remap(dxil2spirv_options *options,
                                               dxil2spirv_resource_class register_class,
                                               uint32_t space, uint32_t first_register,
                                               uint32_t set, uint32_t binding,
                                               uint32_t counter_binding);

/** Turns the SPIR-V validator (Vulkan 1.3 environment) on or off.
 *  Returns DXIL2SPIRV_INVALID_ARGUMENT if options is NULL. */
dxil2spirv_status dxil2spirv_options_set_validate(dxil2spirv_options *options, bool enabled);

/** Sets how `srem` is lowered.
 *  Returns DXIL2SPIRV_INVALID_ARGUMENT if options is NULL or lowering is
 *  not a dxil2spirv_srem_lowering value. */
dxil2spirv_status dxil2spirv_options_set_srem_lowering(dxil2spirv_options *options,
                                                       dxil2spirv_srem_lowering lowering);

/** Turns explicit bounds checks on buffer accesses (the D3D rule: reads
 *  out of bounds give 0, writes are dropped) on or off.
 *  Returns DXIL2SPIRV_INVALID_ARGUMENT if options is NULL. */
dxil2spirv_status dxil2spirv_options_set_bounds_checks(dxil2spirv_options *options,
                                                       bool enabled);

/** Sets the descriptor set of the SM 6.6 descriptor heaps
 *  (ResourceDescriptorHeap, SamplerDescriptorHeap); the default is 7.
 *  Returns DXIL2SPIRV_INVALID_ARGUMENT if options is NULL. */
dxil2spirv_status dxil2spirv_options_set_heap_set(dxil2spirv_options *options, uint32_t set);

/** Chooses the export of a DXIL library to compile, by its unmangled name
 *  ("RayGen") or its mangled one; each ray-tracing export is its own
 *  SPIR-V module. NULL (the default) compiles a library's only export; a
 *  library with several fails with a message that lists them. For other
 *  shaders the name must be NULL or the entry point's. The string is
 *  copied.
 *  Returns DXIL2SPIRV_INVALID_ARGUMENT if options is NULL or name is not
 *  UTF-8. */
dxil2spirv_status dxil2spirv_options_set_entry_point(dxil2spirv_options *options,
                                                     const char *name);

/* ---- root-signature mode (bindless-1, docs/BINDING.md) ----------------- */

/** Binds through this root signature (the bindless-1 ABI): `len` bytes of
 *  raw RTS0, a DXBC container holding an RTS0 part, or the JSON form; the
 *  bytes are copied. NULL with `len` 0 goes back to the plain model.
 *  Returns DXIL2SPIRV_INVALID_INPUT if the bytes are not a root signature,
 *  DXIL2SPIRV_INVALID_ARGUMENT if options is NULL. A root signature that
 *  does not cover a shader's registers fails the compile with
 *  DXIL2SPIRV_INVALID_INPUT and a message naming register, parameter and
 *  stage. */
dxil2spirv_status dxil2spirv_options_set_root_signature(dxil2spirv_options *options,
                                                        const uint8_t *bytes, size_t len);

/** Binds through the blob's own RTS0 part (bindless-1); a blob without one
 *  fails to compile with DXIL2SPIRV_INVALID_INPUT.
 *  Returns DXIL2SPIRV_INVALID_ARGUMENT if options is NULL. */
dxil2spirv_status dxil2spirv_options_set_root_signature_embedded(dxil2spirv_options *options);

/** The DXR local root signature of the ray-tracing exports (their shader
 *  records, docs/BINDING.md "Shader records"), in any form
 *  dxil2spirv_options_set_root_signature takes; the bytes are copied. It
 *  wins over a library's LocalRootSignature subobjects. NULL with `len` 0
 *  removes it. Compiling with it needs root-signature mode.
 *  Returns DXIL2SPIRV_INVALID_INPUT if the bytes are not a root signature,
 *  DXIL2SPIRV_INVALID_ARGUMENT if options is NULL. */
dxil2spirv_status dxil2spirv_options_set_local_root_signature(dxil2spirv_options *options,
                                                              const uint8_t *bytes, size_t len);

/** Puts the root block in a uniform buffer at (set, binding) when
 *  `enabled` is nonzero (for devices with 128-byte push constants; the
 *  CLI's default is 2:0), else in push constants (the default).
 *  Returns DXIL2SPIRV_INVALID_ARGUMENT if options is NULL. */
dxil2spirv_status dxil2spirv_options_set_root_block_ubo(dxil2spirv_options *options,
                                                        int enabled, uint32_t set,
                                                        uint32_t binding);

/** Constant buffers of tables and heaps as storage buffers (binding 4). */
#define DXIL2SPIRV_BINDLESS_CBV_AS_SSBO 1u
/** Mutable descriptors: heap bindings 1-3 alias 0, 5 aliases 4. */
#define DXIL2SPIRV_BINDLESS_MUTABLE_DESCRIPTORS 2u

/** Sets the DXIL2SPIRV_BINDLESS_* flags (default 0).
 *  Returns DXIL2SPIRV_INVALID_ARGUMENT if options is NULL or a flag is
 *  unknown. */
dxil2spirv_status dxil2spirv_options_set_bindless_flags(dxil2spirv_options *options,
                                                        uint32_t flags);

/** Descriptor QA flag: also append every fault to the fault log
 *  (binding 3 of the QA set). */
#define DXIL2SPIRV_DESCRIPTOR_QA_FAULT_LOG 1u
/** The set that turns descriptor QA off again. */
#define DXIL2SPIRV_DESCRIPTOR_QA_OFF 0xffffffffu

/** Descriptor QA (docs/DESCRIPTOR-QA.md): every descriptor-heap access is
 *  checked on the GPU against info buffers in descriptor set `set`
 *  (vkd3d-proton's default is 3); `hash` is the 64-bit shader hash the
 *  module reports (0: the container's HASH part); `flags` are
 *  DXIL2SPIRV_DESCRIPTOR_QA_* bits. Off by default; set
 *  DXIL2SPIRV_DESCRIPTOR_QA_OFF turns it off.
 *  Returns DXIL2SPIRV_INVALID_ARGUMENT if options is NULL or a flag is
 *  unknown. */
dxil2spirv_status dxil2spirv_options_set_descriptor_qa(dxil2spirv_options *options,
                                                       uint32_t set, uint64_t hash,
                                                       uint32_t flags);

/* ---- compiler --------------------------------------------------------- */

/** A new compiler with a copy of `options` (NULL: the defaults); the
 *  options may be changed or destroyed afterwards. The caller owns the
 *  compiler and frees it with dxil2spirv_compiler_destroy(). NULL only on
 *  an internal failure. */
dxil2spirv_compiler *dxil2spirv_compiler_create(const dxil2spirv_options *options);

/** Frees a compiler. NULL is a no-op. No other thread may be using it.
 *  Results it produced stay valid. */
void dxil2spirv_compiler_destroy(dxil2spirv_compiler *compiler);

/** Compiles a DXBC container holding a DXIL shader of any stage, not a
 *  library (bare DXIL bitcode is accepted too): `size` bytes at `data`,
 *  read only during the call. Safe to call from many threads at once on
 *  one compiler.
 *
 *  Unless out_result is NULL, *out_result receives a new result, on
 *  failure too (it then holds the error message); the caller owns it and
 *  frees it with dxil2spirv_result_destroy(). Returns the result's status:
 *  DXIL2SPIRV_OK, a failure kind, or DXIL2SPIRV_INVALID_ARGUMENT if
 *  compiler or data is NULL. If out_result is NULL nothing is compiled or
 *  allocated and DXIL2SPIRV_INVALID_ARGUMENT is returned. */
dxil2spirv_status dxil2spirv_compile(const dxil2spirv_compiler *compiler, const void *data,
                                     size_t size, dxil2spirv_result **out_result);

/* ---- result ----------------------------------------------------------- */

/** The status of a compilation (DXIL2SPIRV_INVALID_ARGUMENT if result is
 *  NULL). */
dxil2spirv_status dxil2spirv_result_status(const dxil2spirv_result *result);

/** The error message: failure kind, pipeline phase, location in the blob
 *  (byte or bit offset, or instruction) when known, then the text, e.g.
 *  "invalid input (container, byte 0): ...". "" on success; NULL only if
 *  result is NULL. Owned by the result. */
const char *dxil2spirv_result_message(const dxil2spirv_result *result);

/** The SPIR-V module (SPIR-V 1.6 words in host byte order) and, if
 *  word_count is not NULL, its number of 32-bit words. NULL and a count of
 *  0 on failure or if result is NULL. Owned by the result. */
const uint32_t *dxil2spirv_result_spirv(const dxil2spirv_result *result, size_t *word_count);

/** The reflection as NUL-terminated JSON: entry point, workgroup size,
 *  every resource with its D3D register and Vulkan set/binding/descriptor
 *  type, capabilities, extensions (schema: the Rust crate's `compile`
 *  module docs). NULL on failure or if result is NULL. Owned by the
 *  result. */
const char *dxil2spirv_result_reflection_json(const dxil2spirv_result *result);

/** The number of non-fatal warnings (0 on failure or if result is NULL). */
size_t dxil2spirv_result_warning_count(const dxil2spirv_result *result);

/** Warning number `index` (0-based), NUL-terminated; NULL if index is out
 *  of range or result is NULL. Owned by the result. */
const char *dxil2spirv_result_warning(const dxil2spirv_result *result, size_t index);

/** Frees a result and every string and array obtained from it. NULL is a
 *  no-op. No other thread may be using it. */
void dxil2spirv_result_destroy(dxil2spirv_result *result);

#ifdef __cplusplus
}
#endif

#endif /* DXIL2SPIRV_H */
