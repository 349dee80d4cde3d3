//! `dxil2spirv dis FILE`: the module as LLVM-like assembly text.

use super::{print, read_file, render, Failure};
use dxil2spirv::{Phase, Shader};
use std::path::PathBuf;

/// Arguments of `dis`.
#[derive(clap::Args)]
pub struct Args {
    /// A DXIL blob (DXBC container) or bare bitcode file.
    file: PathBuf,
}

/// Prints the disassembly.
pub fn main(args: Args) -> Result<(), Failure> {
    let blob = read_file(&args.file)?;
    let shader = Shader::read(&blob).map_err(Failure::at(&args.file))?;
    let text = render(&args.file, Phase::Ir, |out| {
        dxil2spirv::ir::write_module(out, &shader.module)
    })?;
    print(&text)
}
