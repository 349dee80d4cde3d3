//! The `dxil2spirv` command-line tool: a thin layer over the library. Each
//! subcommand lives in its own module under `src/cli/`.
// No panics here either (the CLI's modules under src/cli/ included):
// [workspace.lints] in Cargo.toml; unit tests may unwrap.
#![cfg_attr(test, allow(clippy::restriction))]

mod cli;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

/// DXIL to SPIR-V shader cross-compiler.
///
/// Exit codes: 0 ok, 1 invalid input, 2 unsupported feature, 3 internal
/// error, 4 validation failure, 5 the file could not be read or written,
/// 6 `run`: results differ from the spec, 7 `qa-decode`: faults decoded,
/// 64 bad command line.
#[derive(Parser)]
#[command(version, about, long_about = None, after_help = cli::EXIT_CODES)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Print the module as LLVM-like assembly text.
    Dis(cli::dis::Args),
    /// Print the decoded DXIL facts: stage, model, entry points,
    /// signatures, resources, root signature.
    Info(cli::info::Args),
    /// Compile a DXIL shader (any stage, or one export of a library) to SPIR-V.
    Compile(cli::compile::Args),
    /// Compile the shader of a run spec, run it on a Vulkan device and check
    /// its results.
    Run(cli::run::Args),
    /// Print, validate or convert a root signature (RTS0, container or
    /// JSON), or print the root block it implies, without a shader.
    Rootsig(cli::rootsig::Args),
    /// Show each function's control flow before and after structurization.
    Cfg(cli::cfg::Args),
    /// Decode dumped descriptor-QA buffers with the module's reflection:
    /// vkd3d-proton's fault block and one line per fault.
    QaDecode(cli::qa_decode::Args),
    /// Translate and validate every blob under the given paths, in
    /// parallel, with a summary and JSON/JUnit reports (for CI).
    Corpus(cli::corpus::CorpusArgs),
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(error) => return cli::usage(error),
    };
    let result = match cli.command {
        Command::Dis(args) => cli::dis::main(args),
        Command::Info(args) => cli::info::main(args),
        Command::Compile(args) => cli::compile::main(args),
        Command::Run(args) => cli::run::main(args),
        Command::Rootsig(args) => cli::rootsig::main(args),
        Command::Cfg(args) => cli::cfg::main(args),
        Command::Corpus(args) => return cli::corpus::run(&args),
        Command::QaDecode(args) => return cli::qa_decode::run(&args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(failure) => failure.report(),
    }
}
