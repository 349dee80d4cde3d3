//! Whether the Vulkan tests can run, their turn on the device, and the one
//! Vulkan loader they share.

use dxil2spirv::run::vulkan::Session;
use dxil2spirv::run::{self, RunReport, RunSpec, Vulkan};
use dxil2spirv::Reflection;
use std::sync::{Mutex, MutexGuard, OnceLock};

/// The Vulkan loader, loaded once for the whole test binary. Loading and
/// unloading it per test costs time, and NVIDIA 580 was seen to stop
/// creating instances after a few dozen load cycles in one process.
fn loader() -> Result<&'static Vulkan, String> {
    static VULKAN: OnceLock<Result<Vulkan, String>> = OnceLock::new();
    VULKAN
        .get_or_init(|| Vulkan::load().map_err(|e| e.to_string()))
        .as_ref()
        .map_err(Clone::clone)
}

/// The shared loader; panics (fails the test) when there is none, so call
/// it after [`available`].
pub fn vulkan() -> &'static Vulkan {
    loader().expect("Vulkan loader")
}

/// The device's turn, one for the whole test binary: every test that opens
/// a Vulkan device holds it, so one test at a time uses the device. The
/// NVIDIA 580 driver hangs when threads of one process create instances at
/// once (seen with the twenty device tests of this binary started together;
/// each module used to keep a turn of its own).
pub fn turn() -> MutexGuard<'static, ()> {
    static TURN: Mutex<()> = Mutex::new(());
    TURN.lock().unwrap_or_else(|e| e.into_inner())
}

/// Whether a Vulkan device is there; panics (fails the test) if not, unless
/// `DXIL2SPIRV_NO_VULKAN=1` (then it prints why and returns false).
pub fn available() -> bool {
    let skip = std::env::var("DXIL2SPIRV_NO_VULKAN").is_ok_and(|v| v == "1");
    // Listed once per process: each listing creates a Vulkan instance, and
    // the NVIDIA 580 driver refuses new instances (ERROR_INCOMPATIBLE_DRIVER)
    // after a few dozen in one process.
    static DEVICES: OnceLock<Result<Vec<String>, String>> = OnceLock::new();
    let devices = DEVICES.get_or_init(|| {
        let devices = loader()?.list_devices().map_err(|e| e.to_string())?;
        Ok(devices.iter().map(|d| d.to_string()).collect())
    });
    let problem = match devices {
        Ok(devices) if !devices.is_empty() => {
            for d in devices {
                eprintln!("Vulkan device {d}");
            }
            return true;
        }
        Ok(_) => "the Vulkan loader found no device".to_string(),
        Err(e) => e.clone(),
    };
    if skip {
        eprintln!("DXIL2SPIRV_NO_VULKAN=1: skipping a Vulkan test ({problem})");
        return false;
    }
    panic!(
        "no Vulkan device: {problem}. Install a driver (Debian: apt-get install \
         mesa-vulkan-drivers libvulkan1 for lavapipe) or set DXIL2SPIRV_NO_VULKAN=1 to skip \
         the Vulkan tests"
    );
}

/// Runs `spirv` on the shared loader's first device with the buffers of
/// `spec`, bound where `reflection` says, at its entry point (default
/// options, no push constants). Call it with the [`turn`], after
/// [`available`].
pub fn run_reflected(
    spec: &RunSpec,
    spirv: &[u32],
    reflection: &Reflection,
) -> dxil2spirv::Result<RunReport> {
    let bindings = run::bindings_from_reflection(reflection, spec);
    vulkan().run_spec_with(
        spec,
        spirv,
        &reflection.entry_point,
        &bindings,
        None,
        &run::RunOptions::default(),
    )
}

/// Runs `f` in a session on the shared loader's first device (named on
/// stderr); `None`, said on a `SKIPPED:` line, when the device refuses it
/// as unsupported. Call it with the [`turn`], after [`available`].
pub fn on_first_device<T>(
    doing: &str,
    f: impl FnOnce(&Session<'_>) -> dxil2spirv::Result<T>,
) -> Option<T> {
    let result = vulkan()
        .with_session(None, false, |s| {
            eprintln!("{doing} on {}", s.device());
            f(s)
        })
        .expect("session");
    match result {
        Err(e) if e.kind() == dxil2spirv::ErrorKind::Unsupported => {
            eprintln!("SKIPPED: the device cannot run this: {e}");
            None
        }
        other => Some(other.expect(doing)),
    }
}

/// The outcome of a sweep of device runs: passes, counted skips (a device
/// without a feature the runs need; never on NVIDIA, which must run them
/// all) and failures.
#[derive(Default)]
pub struct Tally {
    /// Runs that passed.
    pub passed: u32,
    /// Runs the device refused as unsupported (each printed `SKIPPED:`).
    pub skipped: u32,
    /// What failed, a line each.
    pub failures: Vec<String>,
}

impl Tally {
    /// Sorts one run's result under `name`; a passing run's report comes
    /// back.
    pub fn add(
        &mut self,
        name: &str,
        r: dxil2spirv::Result<RunReport>,
        nvidia: bool,
    ) -> Option<RunReport> {
        match r {
            Ok(rep) if rep.passed => {
                self.sort(name, Ok(None), nvidia);
                Some(rep)
            }
            Ok(rep) => {
                self.sort(name, Ok(Some(rep.summary())), nvidia);
                None
            }
            Err(e) => {
                self.sort(name, Err(e), nvidia);
                None
            }
        }
    }

    /// Sorts one check's result under `name`: the mismatches it found
    /// (none: passed), or its error.
    pub fn add_mismatches(&mut self, name: &str, r: dxil2spirv::Result<Vec<String>>, nvidia: bool) {
        let r = r.map(|bad| (!bad.is_empty()).then(|| format!("\n  {}", bad.join("\n  "))));
        self.sort(name, r, nvidia);
    }

    /// Counts a pass (`Ok(None)`), a failure (`Ok(Some(why))`), or an
    /// error: a counted skip when the device refused it as unsupported
    /// (never on NVIDIA), a failure otherwise.
    fn sort(&mut self, name: &str, r: dxil2spirv::Result<Option<String>>, nvidia: bool) {
        match r {
            Ok(None) => self.passed += 1,
            Ok(Some(why)) => self.failures.push(format!("{name}: {why}")),
            Err(e) if e.kind() == dxil2spirv::ErrorKind::Unsupported && !nvidia => {
                eprintln!("SKIPPED: {name}: {e}");
                self.skipped += 1;
            }
            Err(e) => self.failures.push(format!("{name}: error: {e}")),
        }
    }

    /// `N passed, N failed, N skipped`.
    pub fn counts(&self) -> String {
        format!(
            "{} passed, {} failed, {} skipped",
            self.passed,
            self.failures.len(),
            self.skipped
        )
    }
}
