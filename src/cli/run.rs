//! `dxil2spirv run SPEC.run`: compiles the `.dxil` next to a run spec, runs
//! it on a Vulkan device and checks its results (exit 6 when they differ).

use super::options::CompileArgs;
use super::{print, read_file, Failure};
use dxil2spirv::run::{self, RunOptions, RunSpec};
use std::path::PathBuf;

/// Arguments of `run`.
#[derive(clap::Args)]
pub struct Args {
    /// A run spec (`.run`, see corpus/README.md); the shader is the `.dxil`
    /// file of the same name next to it, compiled with the options below
    /// (compact descriptor sets if a space would need set 8 or above).
    #[arg(required_unless_present = "list_devices")]
    spec: Option<PathBuf>,
    /// The Vulkan device to run on (an index from --list-devices; default
    /// the first).
    #[arg(long, value_name = "N")]
    device: Option<usize>,
    /// List the Vulkan devices and exit.
    #[arg(long, conflicts_with = "spec")]
    list_devices: bool,
    #[command(flatten)]
    options: CompileArgs,
}

/// Lists devices, or runs the spec and prints the report.
pub fn main(args: Args) -> Result<(), Failure> {
    let Some(spec_path) = args.spec else {
        let devices = run::list_devices().map_err(|e| Failure::Error(None, e))?;
        let lines: String = devices.iter().map(|d| format!("{d}\n")).collect();
        return print(&lines);
    };
    let text = read_file(&spec_path)?;
    let text = String::from_utf8_lossy(&text);
    let spec = RunSpec::parse(&text).map_err(Failure::at(&spec_path))?;
    let dxil = spec_path.with_extension("dxil");
    let blob = read_file(&dxil)?;
    let out =
        run::compile_for_run(&blob, &args.options.to_options(true)).map_err(Failure::at(&dxil))?;
    for warning in &out.warnings {
        eprintln!("warning: {}: {warning}", dxil.display());
    }
    let bindings = run::bindings_from_reflection(&out.reflection, &spec);
    let options = RunOptions {
        device: args.device,
        ..RunOptions::default()
    };
    let report = run::run_spec_with(
        &spec,
        &out.spirv,
        &out.reflection.entry_point,
        &bindings,
        None,
        &options,
    )
    .map_err(Failure::at(&spec_path))?;
    print(&format!("{}: {}\n", spec_path.display(), report.summary()))?;
    if report.passed {
        Ok(())
    } else {
        Err(Failure::Mismatch(spec_path))
    }
}
