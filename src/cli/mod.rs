//! The subcommands of the `dxil2spirv` tool, one module each, over the
//! library API. Each module has an `Args` (its clap arguments) and a
//! `main(Args) -> Result<(), Failure>`; `src/main.rs` only dispatches.
//! Shared here: the [`Failure`] type with its exit codes, and file and
//! stdout helpers that turn I/O errors into failures.

pub mod cfg;
pub mod compile;
pub mod corpus;
pub mod dis;
pub mod info;
mod options;
pub mod qa_decode;
pub mod rootsig;
pub mod run;

use dxil2spirv::{Error, Phase};
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// The exit codes, as shown at the end of `--help`.
pub const EXIT_CODES: &str = "\
Exit codes:
  0   ok
  1   invalid input (malformed blob, spec or unknown function)
  2   unsupported feature
  3   internal error
  4   SPIR-V validation failure
  5   a file could not be read or written
  6   run: the shader ran but its results differ from the spec
  7   qa-decode: the dumps hold descriptor-QA faults
  64  bad command line (usage error)";

/// A file could not be read or written.
const EXIT_IO: u8 = 5;
/// `run`: results differ from the spec's expectations.
const EXIT_MISMATCH: u8 = 6;
/// The command line does not parse (`EX_USAGE` of sysexits.h; clap's own
/// code 2 would read as "unsupported").
const EXIT_USAGE: u8 = 64;

/// Why a subcommand failed; [`Failure::report`] prints it and gives the
/// exit code.
pub enum Failure {
    /// A file (or stdout, `-`) could not be read or written (exit 5).
    Io {
        /// The file.
        path: PathBuf,
        /// `read`, `write` or `create`.
        action: &'static str,
        /// The cause.
        error: std::io::Error,
    },
    /// The library failed, on this file if known (exit: the error kind's
    /// code).
    Error(Option<PathBuf>, Error),
    /// `run`: the shader ran but its results differ from the spec (exit 6).
    Mismatch(PathBuf),
    /// The command line asks for something impossible that clap cannot
    /// see (exit 64).
    Usage(String),
}

impl Failure {
    /// A mapper from a library error to a failure on `path`.
    pub fn at(path: &Path) -> impl FnOnce(Error) -> Failure + '_ {
        move |error| Failure::Error(Some(path.to_owned()), error)
    }

    /// Prints the failure to stderr and returns its exit code.
    pub fn report(&self) -> ExitCode {
        match self {
            Failure::Io {
                path,
                action,
                error,
            } => {
                eprintln!("error: {}: cannot {action}: {error}", path.display());
                ExitCode::from(EXIT_IO)
            }
            Failure::Error(path, error) => {
                match path {
                    Some(path) => eprintln!("error: {}: {error}", path.display()),
                    None => eprintln!("error: {error}"),
                }
                ExitCode::from(error.kind().exit_code() as u8)
            }
            Failure::Mismatch(path) => {
                eprintln!(
                    "error: {}: results differ from the expectations",
                    path.display()
                );
                ExitCode::from(EXIT_MISMATCH)
            }
            Failure::Usage(message) => {
                eprintln!("error: {message}");
                ExitCode::from(EXIT_USAGE)
            }
        }
    }
}

/// The exit code of a command line that clap rejected (or of `--help` and
/// `--version`, which clap reports the same way), after printing it.
pub fn usage(error: clap::Error) -> ExitCode {
    // Nothing useful is left to do if the terminal is gone.
    let _ = error.print();
    if error.use_stderr() {
        ExitCode::from(EXIT_USAGE)
    } else {
        ExitCode::SUCCESS
    }
}

/// The whole file, or all of stdin if the path is `-`.
pub fn read_file(path: &Path) -> Result<Vec<u8>, Failure> {
    let stdin = path == Path::new("-");
    let read = if stdin {
        let mut bytes = Vec::new();
        std::io::Read::read_to_end(&mut std::io::stdin().lock(), &mut bytes).map(|_| bytes)
    } else {
        std::fs::read(path)
    };
    read.map_err(|error| Failure::Io {
        path: if stdin {
            "<stdin>".into()
        } else {
            path.to_owned()
        },
        action: "read",
        error,
    })
}

/// Writes `bytes` to the file, or to stdout if the path is `-`.
pub fn write_file(path: &Path, bytes: &[u8]) -> Result<(), Failure> {
    let stdout = path == Path::new("-");
    let written = if stdout {
        std::io::stdout().lock().write_all(bytes)
    } else {
        std::fs::write(path, bytes)
    };
    written.map_err(|error| Failure::Io {
        path: if stdout {
            "<stdout>".into()
        } else {
            path.to_owned()
        },
        action: "write",
        error,
    })
}

/// Prints `text` to stdout (an error, not a panic, if stdout is closed).
pub fn print(text: &str) -> Result<(), Failure> {
    write_file(Path::new("-"), text.as_bytes())
}

/// Text built by a library writer (`fmt::Write` into a `String`, which
/// fails only if a writer has a bug).
pub fn render(
    path: &Path,
    phase: Phase,
    write: impl FnOnce(&mut String) -> std::fmt::Result,
) -> Result<String, Failure> {
    let mut text = String::new();
    write(&mut text)
        .map_err(|_| Failure::at(path)(Error::internal(phase, "formatting the output failed")))?;
    Ok(text)
}
