//! `dxil2spirv compile IN -o OUT.spv`: DXIL to SPIR-V, with reflection JSON
//! and disassembly on request. `-` as the input reads standard input and as
//! an output writes standard output, so that the tool works as a filter. A
//! DXIL library given without `--entry` compiles every export: `-o DIR`
//! writes `DIR/<export>.spv` and `--reflect DIR` `DIR/<export>.json`.

use super::options::{BindlessArgs, CompileArgs};
use super::{print, read_file, write_file, Failure};
use dxil2spirv::trace::ChromeTrace;
use dxil2spirv::{Compiler, Error, Output, Phase};
use std::path::{Path, PathBuf};
use std::time::Instant;

/// Arguments of `compile`.
#[derive(clap::Args)]
pub struct Args {
    /// A DXIL blob (DXBC container) or bare bitcode file (`-`: stdin).
    input: PathBuf,
    /// Write the SPIR-V binary (little-endian words) here (`-`: stdout);
    /// for a library compiled without --entry, a folder that gets one
    /// `<export>.spv` per export. May be left out with --disasm.
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
    /// Vulkan bindings, workgroup size, capabilities) here (`-`: stdout);
    /// for a library compiled without --entry, a folder that gets one
    /// `<export>.json` per export.
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
    #[command(flatten)]
    bindless: BindlessArgs,
}

/// Compiles, prints warnings to stderr, and writes what was asked for.
pub fn main(args: Args) -> Result<(), Failure> {
    let blob = read_file(&args.input)?;
    let validate = args.validate || !args.no_validate;
    let mut options = args.options.to_options(validate);
    args.bindless.apply(&mut options)?;
    let compiler = Compiler::new(options);
    let start = Instant::now();
    let mut spans = Vec::new();
    // Without --entry, every entry point: the exports of a library, the
    // one entry point of any other shader.
    let outs = if args.options.has_entry() {
        compiler
            .compile_traced(&blob, &mut spans)
            .map(|out| vec![out])
    } else {
        compiler.compile_all_traced(&blob, &mut spans)
    };
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
    let outs = outs.map_err(Failure::at(&args.input))?;
    match outs.as_slice() {
        [out] => write_one(&args, out, None),
        _ => {
            let stdout = Path::new("-");
            if [&args.output, &args.reflect].contains(&&Some(stdout.to_owned())) {
                return Err(Failure::Usage(
                    "a library with several exports writes one file per export: give a \
                     folder, or pick one export with --entry"
                        .to_string(),
                ));
            }
            for out in &outs {
                write_one(&args, out, Some(&out.reflection.entry_point))?;
            }
            Ok(())
        }
    }
}

/// Writes what was asked for of one module: to the given paths, or, for
/// export `export` of a library, into the given folders.
fn write_one(args: &Args, out: &Output, export: Option<&str>) -> Result<(), Failure> {
    for warning in &out.warnings {
        eprintln!("warning: {}: {warning}", args.input.display());
    }
    if let Some(path) = &args.output {
        let bytes: Vec<u8> = out.spirv.iter().flat_map(|w| w.to_le_bytes()).collect();
        write_file(&export_path(path, export, "spv")?, &bytes)?;
    }
    if let Some(path) = &args.reflect {
        let path = export_path(path, export, "json")?;
        write_file(&path, out.reflection.to_json().as_bytes())?;
    }
    if args.disasm {
        let text = dxil2spirv::validate::disassemble(&out.spirv).ok_or_else(|| {
            Failure::at(&args.input)(Error::internal(
                Phase::Emit,
                "the SPIR-V output does not disassemble",
            ))
        })?;
        if let Some(export) = export {
            print(&format!("; export {export}\n"))?;
        }
        print(&text)?;
        if !text.ends_with('\n') {
            print("\n")?;
        }
    }
    Ok(())
}

/// Where a module goes: `path` itself, or `path/<export>.<ext>` (the
/// folder created if needed) for an export of a library.
fn export_path(path: &Path, export: Option<&str>, ext: &str) -> Result<PathBuf, Failure> {
    let Some(export) = export else {
        return Ok(path.to_owned());
    };
    // Export names are identifiers; refuse anything that leaves the folder.
    if export.is_empty() || export.starts_with('.') || export.contains(['/', '\\']) {
        return Err(Failure::at(path)(Error::invalid(
            Phase::Dxil,
            format!("export name {export:?} is not a file name"),
        )));
    }
    std::fs::create_dir_all(path).map_err(|error| Failure::Io {
        path: path.to_owned(),
        action: "create",
        error,
    })?;
    Ok(path.join(format!("{export}.{ext}")))
}
