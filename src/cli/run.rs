//! `dxil2spirv run SPEC.run`: compiles the `.dxil` next to a run spec, runs
//! it on a Vulkan device and checks its results (exit 6 when they differ).
//! With `--root-signature`, the run binds everything from the
//! `bindless-1` reflection (root block, tables placed in the heap, mutable
//! heap bindings with `--mutable-descriptors`, static samplers). A spec
//! with `descriptor_qa` compiles with descriptor QA and checks the fault
//! record (`docs/DESCRIPTOR-QA.md`).

use super::options::{BindlessArgs, CompileArgs};
use super::{print, read_file, Failure};
use dxil2spirv::compile::{DescriptorQa, RootSignatureChoice};
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
    /// With --root-signature: descriptor table P (a root-parameter index)
    /// starts at heap index N (overrides the spec's `table P = N`; default
    /// 97·(t+1) for the t-th table). Repeatable.
    #[arg(long, value_name = "P=N", value_parser = parse_table_base)]
    table_base: Vec<(u32, u32)>,
    #[command(flatten)]
    options: CompileArgs,
    #[command(flatten)]
    bindless: BindlessArgs,
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
    let mut compile_options = args.options.to_options(true);
    args.bindless.apply(&mut compile_options)?;
    // A spec with `descriptor_qa` is about QA: compile with it (and its
    // fault log) unless the command line already asks for it.
    if let Some(qa) = &spec.qa {
        let o = compile_options
            .descriptor_qa
            .get_or_insert_with(DescriptorQa::default);
        o.fault_log |= qa.log_capacity.is_some();
    }
    if !args.table_base.is_empty() && compile_options.root_signature == RootSignatureChoice::None {
        return Err(Failure::Usage("--table-base needs --root-signature".into()));
    }
    let out = run::compile_for_run(&blob, &compile_options).map_err(Failure::at(&dxil))?;
    for warning in &out.warnings {
        eprintln!("warning: {}: {warning}", dxil.display());
    }
    let options = RunOptions {
        device: args.device,
        qa: run::QaLayout::from_reflection(&out.reflection),
        ..RunOptions::default()
    };
    let entry = &out.reflection.entry_point;
    let report = if out.reflection.bindless.is_some() {
        let bases: run::TableBases = args.table_base.into_iter().collect();
        run::bindless_from_reflection(&out.reflection, &spec, &bases).and_then(|desc| {
            run::Vulkan::load()?.run_bindless_with(&spec, &out.spirv, entry, &desc, &options)
        })
    } else {
        let bindings = run::bindings_from_reflection(&out.reflection, &spec);
        run::run_spec_with(&spec, &out.spirv, entry, &bindings, None, &options)
    }
    .map_err(Failure::at(&spec_path))?;
    print(&format!("{}: {}\n", spec_path.display(), report.summary()))?;
    if report.passed {
        Ok(())
    } else {
        Err(Failure::Mismatch(spec_path))
    }
}

/// `P=N`: a table base.
fn parse_table_base(s: &str) -> Result<(u32, u32), String> {
    let (p, n) = s
        .split_once('=')
        .ok_or_else(|| format!("`{s}`: expected P=N"))?;
    let num = |v: &str| v.trim().parse::<u32>().map_err(|e| format!("`{s}`: {e}"));
    Ok((num(p)?, num(n)?))
}
