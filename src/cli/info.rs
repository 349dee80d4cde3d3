//! `dxil2spirv info FILE [--json]`: the decoded DXIL facts.

use super::{print, read_file, render, Failure};
use dxil2spirv::{Phase, Shader};
use std::path::PathBuf;

/// Arguments of `info`.
#[derive(clap::Args)]
pub struct Args {
    /// A DXIL blob (DXBC container) or bare bitcode file.
    file: PathBuf,
    /// Print JSON instead of text.
    #[arg(long)]
    json: bool,
}

/// Prints the facts as text or JSON.
pub fn main(args: Args) -> Result<(), Failure> {
    let blob = read_file(&args.file)?;
    let shader = Shader::read(&blob).map_err(Failure::at(&args.file))?;
    let text = render(&args.file, Phase::Dxil, |out| {
        if args.json {
            shader.write_info_json(out)
        } else {
            shader.write_info_text(out)
        }
    })?;
    print(&text)
}
