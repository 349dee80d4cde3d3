//! Running the `dxil2spirv` binary from the tests.

use std::path::PathBuf;
use std::process::{Command, Output};

/// The binary, ready for arguments.
pub fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_dxil2spirv"))
}

/// Stdout of a run that must succeed (panics with stderr otherwise).
pub fn stdout(out: Output) -> String {
    assert!(
        out.status.success(),
        "exit {:?}: {}",
        out.status.code(),
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("UTF-8 output")
}

/// Stderr of a run that must exit with `code`.
pub fn stderr_of_failure(out: Output, code: i32) -> String {
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(out.status.code(), Some(code), "{stderr}");
    stderr
}

/// A fresh scratch directory for one test; removed on drop.
pub struct TempDir(pub PathBuf);

impl TempDir {
    /// `$TMPDIR/dxil2spirv-<name>-<pid>`, emptied.
    pub fn new(name: &str) -> TempDir {
        let dir = std::env::temp_dir().join(format!("dxil2spirv-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("temp dir");
        TempDir(dir)
    }

    /// A path inside it.
    pub fn join(&self, name: &str) -> PathBuf {
        self.0.join(name)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}
