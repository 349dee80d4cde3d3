//! Whether the Vulkan tests can run, and their turn on the device.

use dxil2spirv::run::list_devices;
use std::sync::{Mutex, MutexGuard};

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
    let problem = match list_devices() {
        Ok(devices) if !devices.is_empty() => {
            for d in &devices {
                eprintln!("Vulkan device {d}");
            }
            return true;
        }
        Ok(_) => "the Vulkan loader found no device".to_string(),
        Err(e) => e.to_string(),
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
