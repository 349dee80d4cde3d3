//! Every exported function called through the shared library (dlopen), on
//! its success and error paths.

use libloading::Library;
use std::ffi::{c_char, c_void, CStr};
use std::ptr;
use std::sync::OnceLock;

pub const OK: i32 = 0;
pub const INVALID_INPUT: i32 = 1;
pub const UNSUPPORTED: i32 = 2;
pub const INTERNAL: i32 = 3;
pub const VALIDATION: i32 = 4;
pub const INVALID_ARGUMENT: i32 = 6;

const CLASS_UAV: u32 = 1;
const CLASS_CBV: u32 = 2;
const DEFAULT_COUNTER_BINDING: u32 = u32::MAX;

/// Declares the C functions: a struct of function pointers loaded from the
/// shared library (field `x` is symbol `dxil2spirv_x`) and the list of
/// their symbol names.
macro_rules! api {
    ($($name:ident: fn($($arg:ty),*) $(-> $ret:ty)?;)*) => {
        /// The C API, loaded from the shared library.
        pub struct Api {
            $(pub $name: unsafe extern "C" fn($($arg),*) $(-> $ret)?,)*
            _lib: Library,
        }

        /// The symbol names of every function in [`Api`].
        pub const FUNCTIONS: &[&str] = &[$(concat!("dxil2spirv_", stringify!($name))),*];

        impl Api {
            fn load() -> Api {
                let path = crate::cdylib();
                // SAFETY: loading our own library runs only Rust/C++ static
                // initializers, which have no preconditions.
                let lib = unsafe { Library::new(&path) }
                    .unwrap_or_else(|e| panic!("dlopen {}: {e}", path.display()));
                Api {
                    $($name: {
                        let symbol = concat!("dxil2spirv_", stringify!($name));
                        // SAFETY: the type is the header's prototype of the
                        // symbol (`header` checks the names; the calls
                        // below check the behaviour); the pointer is used
                        // only while `_lib` keeps the library loaded.
                        *unsafe { lib.get(symbol.as_bytes()) }
                            .unwrap_or_else(|e| panic!("{symbol}: {e}"))
                    },)*
                    _lib: lib,
                }
            }
        }
    };
}

api! {
    version: fn() -> *const c_char;
    version_numbers: fn(*mut u32, *mut u32, *mut u32);
    status_string: fn(i32) -> *const c_char;
    options_create: fn() -> *mut c_void;
    options_destroy: fn(*mut c_void);
    options_set_set_policy: fn(*mut c_void, u32) -> i32;
    options_set_binding_offset: fn(*mut c_void, u32, u32) -> i32;
    options_set_counter_offset: fn(*mut c_void, u32) -> i32;
    options_add_remap: fn(*mut c_void, u32, u32, u32, u32, u32, u32) -> i32;
    options_set_validate: fn(*mut c_void, bool) -> i32;
    options_set_srem_lowering: fn(*mut c_void, u32) -> i32;
    options_set_bounds_checks: fn(*mut c_void, bool) -> i32;
    options_set_heap_set: fn(*mut c_void, u32) -> i32;
    options_set_entry_point: fn(*mut c_void, *const c_char) -> i32;
    options_set_root_signature: fn(*mut c_void, *const u8, usize) -> i32;
    options_set_root_signature_embedded: fn(*mut c_void) -> i32;
    options_set_local_root_signature: fn(*mut c_void, *const u8, usize) -> i32;
    options_set_root_block_ubo: fn(*mut c_void, i32, u32, u32) -> i32;
    options_set_bindless_flags: fn(*mut c_void, u32) -> i32;
    options_set_descriptor_qa: fn(*mut c_void, u32, u64, u32) -> i32;
    compiler_create: fn(*const c_void) -> *mut c_void;
    compiler_destroy: fn(*mut c_void);
    compile: fn(*const c_void, *const c_void, usize, *mut *mut c_void) -> i32;
    result_status: fn(*const c_void) -> i32;
    result_message: fn(*const c_void) -> *const c_char;
    result_spirv: fn(*const c_void, *mut usize) -> *const u32;
    result_reflection_json: fn(*const c_void) -> *const c_char;
    result_warning_count: fn(*const c_void) -> usize;
    result_warning: fn(*const c_void, usize) -> *const c_char;
    result_destroy: fn(*mut c_void);
}

/// The library, loaded once for all tests.
pub fn api() -> &'static Api {
    static API: OnceLock<Api> = OnceLock::new();
    API.get_or_init(Api::load)
}

/// A NUL-terminated string returned by the library.
fn string(p: *const c_char) -> Option<String> {
    // SAFETY: the library returns NULL or a NUL-terminated string that
    // lives at least as long as the object it came from, which the callers
    // keep alive.
    (!p.is_null()).then(|| unsafe { CStr::from_ptr(p) }.to_str().unwrap().to_owned())
}

/// A compiler handle, destroyed on drop.
pub struct Compiler(*mut c_void);

// SAFETY: the C API documents compilers as immutable and usable from many
// threads at once (the Rust `Compiler` behind it is `Send + Sync`).
unsafe impl Send for Compiler {}
// SAFETY: as above.
unsafe impl Sync for Compiler {}

impl Compiler {
    /// A compiler from options set up by `configure` (which gets a live
    /// options pointer); the options are destroyed before it is returned,
    /// so compilations also check that the compiler holds a copy.
    pub fn new(configure: impl FnOnce(&Api, *mut c_void)) -> Compiler {
        let api = api();
        // SAFETY: plain constructor/destructor calls on live pointers.
        unsafe {
            let options = (api.options_create)();
            assert!(!options.is_null());
            configure(api, options);
            let compiler = (api.compiler_create)(options);
            (api.options_destroy)(options);
            assert!(!compiler.is_null());
            Compiler(compiler)
        }
    }

    /// Compiles a blob and reads the whole result.
    pub fn compile(&self, blob: &[u8]) -> Outcome {
        compile_raw(self.0, blob.as_ptr().cast(), blob.len())
    }
}

impl Drop for Compiler {
    fn drop(&mut self) {
        // SAFETY: the pointer came from `compiler_create` and is freed once.
        unsafe { (api().compiler_destroy)(self.0) }
    }
}

/// Everything a result holds, read through the accessors.
#[derive(Clone, Debug, PartialEq)]
pub struct Outcome {
    pub status: i32,
    pub message: String,
    pub spirv: Option<Vec<u32>>,
    pub json: Option<String>,
    pub warnings: Vec<String>,
}

/// `dxil2spirv_compile` with raw arguments; reads and destroys the result.
fn compile_raw(compiler: *const c_void, data: *const c_void, size: usize) -> Outcome {
    let api = api();
    let mut result = ptr::null_mut();
    // SAFETY: `compiler` is NULL or live, `data` NULL or valid for `size`
    // bytes (callers pass slices), `result` a valid out-pointer; the
    // accessors' pointers are read before the result is destroyed.
    unsafe {
        let status = (api.compile)(compiler, data, size, &mut result);
        assert!(!result.is_null(), "a result is always returned");
        assert_eq!((api.result_status)(result), status);
        let mut count = usize::MAX;
        let words = (api.result_spirv)(result, &mut count);
        let spirv = (!words.is_null()).then(|| std::slice::from_raw_parts(words, count).to_vec());
        if words.is_null() {
            assert_eq!(count, 0);
        }
        let n = (api.result_warning_count)(result);
        let warnings = (0..n).map(|i| string((api.result_warning)(result, i)).unwrap());
        let outcome = Outcome {
            status,
            message: string((api.result_message)(result)).expect("a message, maybe empty"),
            spirv,
            json: string((api.result_reflection_json)(result)),
            warnings: warnings.collect(),
        };
        assert!((api.result_warning)(result, n).is_null());
        (api.result_destroy)(result);
        outcome
    }
}

/// The failure of `outcome`, checked to carry a message and no output.
pub fn failure(outcome: Outcome) -> (i32, String) {
    assert_ne!(outcome.status, OK);
    assert!(outcome.spirv.is_none() && outcome.json.is_none() && outcome.warnings.is_empty());
    assert!(!outcome.message.is_empty());
    (outcome.status, outcome.message)
}

/// The reflection JSON of a successful compilation, checked to come with
/// SPIR-V.
pub fn success(outcome: Outcome) -> (Vec<u32>, String) {
    assert_eq!(outcome.status, OK, "{}", outcome.message);
    assert_eq!(outcome.message, "");
    let spirv = outcome.spirv.expect("SPIR-V");
    assert_eq!(spirv[0], 0x0723_0203, "SPIR-V magic");
    (spirv, outcome.json.expect("reflection"))
}

const APPEND: &str = "compute/append-structured.dxil";

#[test]
fn version_matches_the_crate() {
    let api = api();
    // SAFETY: static string; out-pointers are NULL or valid.
    unsafe {
        assert_eq!(string((api.version)()).unwrap(), env!("CARGO_PKG_VERSION"));
        let (mut major, mut minor, mut patch) = (99, 99, 99);
        (api.version_numbers)(&mut major, &mut minor, &mut patch);
        let expected = format!("{major}.{minor}.{patch}");
        assert_eq!(expected, env!("CARGO_PKG_VERSION"));
        (api.version_numbers)(ptr::null_mut(), &mut minor, ptr::null_mut());
    }
}

#[test]
fn status_strings() {
    let api = api();
    let expected = [
        (OK, "ok"),
        (INVALID_INPUT, "invalid input"),
        (UNSUPPORTED, "unsupported"),
        (INTERNAL, "internal error"),
        (VALIDATION, "validation failed"),
        (INVALID_ARGUMENT, "invalid argument"),
        (5, "unknown status"),
        (-1, "unknown status"),
    ];
    for (status, text) in expected {
        // SAFETY: returns a static string for any value.
        assert_eq!(
            string(unsafe { (api.status_string)(status) }).unwrap(),
            text
        );
    }
}

#[test]
fn option_setters_check_their_arguments() {
    let api = api();
    let null = ptr::null_mut();
    // SAFETY: `o` is live until destroyed; NULL is allowed everywhere.
    unsafe {
        let o = (api.options_create)();
        let calls: [(&str, &dyn Fn(*mut c_void) -> i32); 10] = [
            ("set_policy", &|o| (api.options_set_set_policy)(o, 1)),
            ("offset", &|o| (api.options_set_binding_offset)(o, 3, 5)),
            ("counter", &|o| (api.options_set_counter_offset)(o, 5)),
            ("remap", &|o| (api.options_add_remap)(o, 0, 0, 0, 0, 0, 0)),
            ("validate", &|o| (api.options_set_validate)(o, true)),
            ("srem", &|o| (api.options_set_srem_lowering)(o, 1)),
            ("bounds", &|o| (api.options_set_bounds_checks)(o, true)),
            ("heap set", &|o| (api.options_set_heap_set)(o, 3)),
            ("entry", &|o| {
                (api.options_set_entry_point)(o, c"RayGen".as_ptr())
            }),
            ("no entry", &|o| {
                (api.options_set_entry_point)(o, ptr::null())
            }),
        ];
        for (name, call) in calls {
            assert_eq!(call(o), OK, "{name}");
            assert_eq!(call(null), INVALID_ARGUMENT, "{name} on NULL");
        }
        assert_eq!((api.options_set_set_policy)(o, 2), INVALID_ARGUMENT);
        assert_eq!((api.options_set_binding_offset)(o, 4, 0), INVALID_ARGUMENT);
        assert_eq!(
            (api.options_add_remap)(o, 4, 0, 0, 0, 0, 0),
            INVALID_ARGUMENT
        );
        assert_eq!((api.options_set_srem_lowering)(o, 2), INVALID_ARGUMENT);
        let not_utf8 = [0xffu8, 0];
        assert_eq!(
            (api.options_set_entry_point)(o, not_utf8.as_ptr().cast()),
            INVALID_ARGUMENT
        );
        (api.options_destroy)(o);
        (api.options_destroy)(null);
    }
}

#[test]
fn compile_with_defaults() {
    // SAFETY: NULL options mean the defaults.
    let compiler = Compiler(unsafe { (api().compiler_create)(ptr::null()) });
    assert!(!compiler.0.is_null());
    let outcome = compiler.compile(&crate::corpus_blob(APPEND));
    assert!(outcome.warnings.is_empty());
    let (spirv, json) = success(outcome);
    assert!(spirv.len() > 5);
    let sink = r#""class": "u", "space": 0, "register": 0, "count": 1, "kind": "StructuredBuffer""#;
    assert!(json.contains(sink), "{json}");
    assert!(json.contains(r#""set": 0, "binding": 2000"#), "{json}");
    assert!(
        json.contains(r#""counter": {"set": 0, "binding": 4000}"#),
        "{json}"
    );
    assert!(
        json.contains(r#""srem_lowering": "via_unsigned""#),
        "{json}"
    );
    assert!(json.contains(r#""bounds_checks": true"#), "{json}");
}

#[test]
fn entry_point_picks_a_library_export() {
    let blob = crate::corpus_blob("advanced/dxr-raygen-pinhole-camera.dxil");
    let (status, message) = failure(Compiler::new(|_, _| {}).compile(&blob));
    assert_eq!(status, INVALID_INPUT);
    assert!(
        message.contains("PrimaryClosestHit, PrimaryMiss, RayGen"),
        "{message}"
    );
    let miss = Compiler::new(|api, o| {
        // SAFETY: `o` is live; the name is NUL-terminated and copied.
        unsafe {
            assert_eq!(
                (api.options_set_entry_point)(o, c"PrimaryMiss".as_ptr()),
                OK
            );
            assert_eq!((api.options_set_heap_set)(o, 5), OK);
        }
    });
    let (_, json) = success(miss.compile(&blob));
    assert!(json.contains(r#""entry_point": "PrimaryMiss""#), "{json}");
    assert!(json.contains(r#""stage": "miss""#), "{json}");
}

#[test]
fn options_reach_the_compiler() {
    let blob = crate::corpus_blob(APPEND);
    let offsets = Compiler::new(|api, o| {
        // SAFETY: `o` is live.
        unsafe {
            assert_eq!((api.options_set_binding_offset)(o, CLASS_UAV, 7), OK);
            assert_eq!((api.options_set_counter_offset)(o, 50), OK);
            assert_eq!((api.options_set_srem_lowering)(o, 1), OK);
            assert_eq!((api.options_set_bounds_checks)(o, false), OK);
            assert_eq!((api.options_set_validate)(o, false), OK);
        }
    });
    let (_, json) = success(offsets.compile(&blob));
    assert!(json.contains(r#""set": 0, "binding": 7"#), "{json}");
    assert!(
        json.contains(r#""counter": {"set": 0, "binding": 50}"#),
        "{json}"
    );
    assert!(json.contains(r#""srem_lowering": "native""#), "{json}");
    assert!(json.contains(r#""bounds_checks": false"#), "{json}");

    let remap = |counter| {
        Compiler::new(move |api, o| {
            // SAFETY: `o` is live.
            unsafe {
                assert_eq!(
                    (api.options_add_remap)(o, CLASS_UAV, 0, 0, 3, 9, counter),
                    OK
                );
                assert_eq!((api.options_add_remap)(o, CLASS_UAV, 0, 0, 5, 5, 5), OK);
            }
        })
    };
    let (_, json) = success(remap(11).compile(&blob));
    assert!(json.contains(r#""set": 3, "binding": 9"#), "{json}");
    assert!(
        json.contains(r#""counter": {"set": 3, "binding": 11}"#),
        "{json}"
    );
    let (_, json) = success(remap(DEFAULT_COUNTER_BINDING).compile(&blob));
    assert!(
        json.contains(r#""counter": {"set": 3, "binding": 4000}"#),
        "{json}"
    );
}

#[test]
fn set_policy_compact() {
    // Spaces 0, 12 and 999.
    let blob = crate::corpus_blob("binding/plain-sparse-high-registers.dxil");
    let sets = |json: &str| {
        let mut sets: Vec<u32> = json
            .split(r#""set": "#)
            .skip(1)
            .map(|s| s[..s.find(',').unwrap()].parse().unwrap())
            .collect();
        sets.sort();
        sets.dedup();
        sets
    };
    let (_, json) = success(Compiler::new(|_, _| {}).compile(&blob));
    assert_eq!(sets(&json), [0, 12, 999], "{json}");
    let compact = Compiler::new(|api, o| {
        // SAFETY: `o` is live.
        unsafe {
            assert_eq!((api.options_set_set_policy)(o, 1), OK);
            assert_eq!((api.options_set_binding_offset)(o, CLASS_CBV, 100), OK);
        }
    });
    let (_, json) = success(compact.compile(&blob));
    assert_eq!(sets(&json), [0, 1, 2], "{json}");
    let b13 = r#""class": "b", "space": 0, "register": 13"#;
    assert!(
        json.contains(b13) && json.contains(r#""set": 0, "binding": 113"#),
        "{json}"
    );
}

#[test]
fn warnings_are_returned() {
    let compiler = Compiler::new(|_, _| {});
    let outcome = compiler.compile(&crate::corpus_blob("compute/float-denorm-preserve.dxil"));
    let warnings = outcome.warnings.clone();
    success(outcome);
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    assert!(
        warnings[0].contains("fp32-denorm-mode=preserve"),
        "{warnings:?}"
    );
}

#[test]
fn bad_blobs_fail_with_messages() {
    let compiler = Compiler::new(|_, _| {});
    let blob = crate::corpus_blob(APPEND);
    let (status, message) = failure(compiler.compile(&blob[..blob.len() / 2]));
    assert_eq!(status, INVALID_INPUT, "{message}");
    assert!(
        message.starts_with("invalid input (container, byte "),
        "{message}"
    );

    let (status, message) = failure(compiler.compile(&[]));
    assert_eq!(status, INVALID_INPUT, "{message}");

    let feedback = crate::corpus_blob("advanced/fb-ps-min-mip-feedback.dxil");
    let (status, message) = failure(compiler.compile(&feedback));
    assert_eq!(status, UNSUPPORTED, "{message}");
    assert!(message.starts_with("unsupported ("), "{message}");
}

#[test]
fn null_arguments_are_rejected() {
    let api = api();
    let compiler = Compiler::new(|_, _| {});
    let blob = crate::corpus_blob(APPEND);
    let (status, message) = failure(compile_raw(ptr::null(), blob.as_ptr().cast(), blob.len()));
    assert_eq!(
        (status, message.as_str()),
        (INVALID_ARGUMENT, "compiler is NULL")
    );
    let (status, message) = failure(compile_raw(compiler.0, ptr::null(), 4));
    assert_eq!(
        (status, message.as_str()),
        (INVALID_ARGUMENT, "blob data is NULL")
    );
    // SAFETY: NULL is accepted by every function below.
    unsafe {
        let data = blob.as_ptr().cast();
        let status = (api.compile)(compiler.0, data, blob.len(), ptr::null_mut());
        assert_eq!(status, INVALID_ARGUMENT);
        let null = ptr::null();
        assert_eq!((api.result_status)(null), INVALID_ARGUMENT);
        assert!((api.result_message)(null).is_null());
        let mut count = 7;
        assert!((api.result_spirv)(null, &mut count).is_null());
        assert_eq!(count, 0);
        assert!((api.result_spirv)(null, ptr::null_mut()).is_null());
        assert!((api.result_reflection_json)(null).is_null());
        assert_eq!((api.result_warning_count)(null), 0);
        assert!((api.result_warning)(null, 0).is_null());
        (api.result_destroy)(ptr::null_mut());
        (api.compiler_destroy)(ptr::null_mut());
    }
}
