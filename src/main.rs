//! The `dxil2spirv` command-line tool: a thin layer over the library.

mod cli;

use clap::{Parser, Subcommand};
use dxil2spirv::{Error, ErrorKind};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// DXIL to SPIR-V shader cross-compiler.
///
/// Exit codes: 0 ok, 1 invalid input, 2 unsupported feature, 3 internal
/// error, 4 validation failure (5: the file could not be read or written).
#[derive(Parser)]
#[command(version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Print the module as LLVM-like assembly text.
    Dis {
        /// A DXIL blob (DXBC container) or bare bitcode file.
        file: PathBuf,
    },
    /// Print the decoded DXIL facts: stage, model, entry points,
    /// signatures, resources, root signature.
    Info {
        /// A DXIL blob (DXBC container) or bare bitcode file.
        file: PathBuf,
        /// Print JSON instead of text.
        #[arg(long)]
        json: bool,
    },
    Corpus(cli::corpus::CorpusArgs),
}

/// A failure of the tool, with the exit code it maps to.
enum Failure {
    Io(String),
    Compile(PathBuf, Error),
}

impl Failure {
    fn report(&self) -> ExitCode {
        match self {
            Failure::Io(message) => {
                eprintln!("error: {message}");
                ExitCode::from(5)
            }
            Failure::Compile(path, error) => {
                eprintln!("error: {}: {error}", path.display());
                ExitCode::from(exit_code(error.kind()))
            }
        }
    }
}

fn exit_code(kind: ErrorKind) -> u8 {
    kind.exit_code() as u8
}

fn read_file(path: &Path) -> Result<Vec<u8>, Failure> {
    std::fs::read(path).map_err(|e| Failure::Io(format!("cannot read {}: {e}", path.display())))
}

fn run(cli: Cli) -> Result<ExitCode, Failure> {
    match cli.command {
        Command::Corpus(args) => return Ok(cli::corpus::run(&args)),
        Command::Dis { file } => {
            let blob = read_file(&file)?;
            let shader =
                dxil2spirv::Shader::read(&blob).map_err(|e| Failure::Compile(file.clone(), e))?;
            let mut text = String::new();
            dxil2spirv::ir::write_module(&mut text, &shader.module)
                .map_err(|e| Failure::Io(e.to_string()))?;
            print!("{text}");
        }
        Command::Info { file, json } => {
            let blob = read_file(&file)?;
            let shader =
                dxil2spirv::Shader::read(&blob).map_err(|e| Failure::Compile(file.clone(), e))?;
            let mut text = String::new();
            let written = if json {
                shader.write_info_json(&mut text)
            } else {
                shader.write_info_text(&mut text)
            };
            written.map_err(|e| Failure::Io(e.to_string()))?;
            print!("{text}");
        }
    }
    Ok(ExitCode::SUCCESS)
}

fn main() -> ExitCode {
    match run(Cli::parse()) {
        Ok(code) => code,
        Err(failure) => failure.report(),
    }
}
