//! `dxil2spirv compile IN -o OUT.spv`: DXIL to SPIR-V, with reflection JSON
//! and disassembly on request.

use super::options::CompileArgs;
use super::{print, read_file, write_file, Failure};
use dxil2spirv::trace::ChromeTrace;
use dxil2spirv::{Compiler, Error, Phase};
use std::path::PathBuf;
use std::time::Instant;

/// Arguments of `compile`.
#[derive(clap::Args)]
pub struct Args {
    /// A DXIL blob (DXBC container) or bare bitcode file.
    input: PathBuf,
    /// Write the SPIR-V binary (little-endian words) here (`-`: stdout).
    /// May be left out with --disasm.
    #[arg(
        short,
        long,
        value_name = "OUT.spv",
        required_unless_present = "disasm"
    )]
    output: Option<PathBuf>,
    /// Validate the SPIR-V for Vulkan 1.3 (the default).
    #[arg(long, overrides_with = "no_validate")]
    validate: bool,
    /// Do not validate the SPIR-V.
    #[arg(long, overrides_with = "validate")]
    no_validate: bool,
    /// Write the reflection JSON (resources with their D3D registers and
    /// Vulkan bindings, workgroup size, capabilities) here (`-`: stdout).
    #[arg(long, value_name = "FILE")]
    reflect: Option<PathBuf>,
    /// Print the SPIR-V assembly to stdout.
    #[arg(long)]
    disasm: bool,
    /// Write a Chrome trace (chrome://tracing, Perfetto) of the compile
    /// phases here. Written for failed compiles too.
    #[arg(long, value_name = "FILE")]
    trace: Option<PathBuf>,
    #[command(flatten)]
    options: CompileArgs,
}

/// Compiles, prints warnings to stderr, and writes what was asked for.
pub fn main(args: Args) -> Result<(), Failure> {
    let blob = read_file(&args.input)?;
    let validate = args.validate || !args.no_validate;
    let compiler = Compiler::new(args.options.to_options(validate));
    let start = Instant::now();
    let mut spans = Vec::new();
    let out = compiler.compile_traced(&blob, &mut spans);
    if let Some(path) = &args.trace {
        let name = args.input.display().to_string();
        let mut trace = ChromeTrace::new(start);
        trace.thread_name(1, "main");
        trace.event(&name, "blob", 1, start, start.elapsed(), &name);
        trace.spans(1, &name, &spans);
        let mut text = String::new();
        // Writing JSON into a String cannot fail.
        let _ = trace.into_json().write(&mut text);
        text.push('\n');
        write_file(path, text.as_bytes())?;
    }
    let out = out.map_err(Failure::at(&args.input))?;
    for warning in &out.warnings {
        eprintln!("warning: {}: {warning}", args.input.display());
    }
    if let Some(path) = &args.output {
        let bytes: Vec<u8> = out.spirv.iter().flat_map(|w| w.to_le_bytes()).collect();
        write_file(path, &bytes)?;
    }
    if let Some(path) = &args.reflect {
        write_file(path, out.reflection.to_json().as_bytes())?;
    }
    if args.disasm {
        let text = dxil2spirv::validate::disassemble(&out.spirv).ok_or_else(|| {
            Failure::at(&args.input)(Error::internal(
                Phase::Emit,
                "the SPIR-V output does not disassemble",
            ))
        })?;
        print(&text)?;
        if !text.ends_with('\n') {
            print("\n")?;
        }
    }
    Ok(())
}
