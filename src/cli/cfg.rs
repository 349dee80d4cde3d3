//! `dxil2spirv cfg FILE [--func NAME] [--dot]`: each function's control
//! flow before and after structurization, as Graphviz or a summary line.

use super::{print, read_file, render, Failure};
use dxil2spirv::cfg::{self, Summary};
use dxil2spirv::{Error, Phase, Shader};
use std::fmt::Write as _;
use std::path::PathBuf;

/// Arguments of `cfg`.
#[derive(clap::Args)]
pub struct Args {
    /// A DXIL blob (DXBC container) or bare bitcode file.
    file: PathBuf,
    /// Only this function (its name, with or without `@`).
    #[arg(long, value_name = "NAME")]
    func: Option<String>,
    /// Print Graphviz: per function a digraph `@NAME: before` (the original
    /// CFG) and a digraph `@NAME: after` (structured, block roles marked).
    /// Without it: one summary line per function.
    #[arg(long)]
    dot: bool,
}

/// Structurizes the chosen functions and prints them.
pub fn main(args: Args) -> Result<(), Failure> {
    let blob = read_file(&args.file)?;
    let shader = Shader::read(&blob).map_err(Failure::at(&args.file))?;
    let module = &shader.module;
    let wanted = args.func.as_deref().map(|f| f.trim_start_matches('@'));
    let defined = module.functions.iter().filter(|f| !f.is_declaration);
    let funcs: Vec<_> = defined
        .clone()
        .filter(|f| wanted.map_or(true, |w| module.value_name(f.value) == w))
        .collect();
    if let (Some(name), true) = (wanted, funcs.is_empty()) {
        let names: Vec<String> = defined
            .map(|f| format!("@{}", module.value_name(f.value)))
            .collect();
        return Err(Failure::at(&args.file)(Error::invalid(
            Phase::Cfg,
            format!(
                "no function @{name} with a body (defined: {})",
                names.join(", ")
            ),
        )));
    }
    let mut text = String::new();
    for func in funcs {
        let s = cfg::structurize(func, module).map_err(Failure::at(&args.file))?;
        text += &render(&args.file, Phase::Cfg, |out| {
            if args.dot {
                cfg::write_cfg_dot(out, func, module)?;
                cfg::write_structured_dot(out, &s, func, module)
            } else {
                let summary = Summary::new(&s, func.blocks.len());
                writeln!(out, "@{}: {summary}", module.value_name(func.value))
            }
        })?;
    }
    print(&text)
}
