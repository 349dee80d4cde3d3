//! Whether the Vulkan tests can run, their turn on the device, and the one
//! Vulkan loader they share.

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
        r: dxil2spirv::Result<dxil2spirv::run::RunReport>,
        nvidia: bool,
    ) -> Option<dxil2spirv::run::RunReport> {
        match r {
            Ok(rep) if rep.passed => {
                self.passed += 1;
                return Some(rep);
            }
            Ok(rep) => self.failures.push(format!("{name}: {}", rep.summary())),
            Err(e) if e.kind() == dxil2spirv::ErrorKind::Unsupported && !nvidia => {
                eprintln!("SKIPPED: {name}: {e}");
                self.skipped += 1;
            }
            Err(e) => self.failures.push(format!("{name}: error: {e}")),
        }
        None
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
