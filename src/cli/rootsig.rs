//! `dxil2spirv rootsig FILE [--json] [--layout] [--to-rts0 OUT]`: a root
//! signature on its own (raw `RTS0`, a container holding one, or JSON),
//! validated, then printed, converted, or turned into its root block.

use super::{print, read_file, render, write_file, Failure};
use dxil2spirv::{rootsig, Phase};
use std::fmt::Write as _;
use std::path::PathBuf;

/// Arguments of `rootsig`.
#[derive(clap::Args)]
pub struct Args {
    /// A root signature: raw RTS0 bytes, a DXBC container with an RTS0 part
    /// (any shader blob), or its JSON form.
    file: PathBuf,
    /// Print JSON instead of text.
    #[arg(long)]
    json: bool,
    /// Print the bindless-1 root block (push-constant layout) it implies,
    /// instead of the root signature.
    #[arg(long)]
    layout: bool,
    /// Also write it as a binary RTS0 part to OUT (`-`: stdout, and print
    /// nothing else).
    #[arg(long, value_name = "OUT")]
    to_rts0: Option<PathBuf>,
    /// Skip D3D12's validation rules (to inspect an invalid one).
    #[arg(long)]
    no_validate: bool,
}

/// Loads, validates and prints or converts the root signature.
pub fn main(args: Args) -> Result<(), Failure> {
    let bytes = read_file(&args.file)?;
    let at = Failure::at(&args.file);
    let (rs, source) = rootsig::load(&bytes).map_err(Failure::at(&args.file))?;
    if !args.no_validate {
        rs.validate().map_err(|e| at(e.to_error()))?;
    }
    if let Some(out) = &args.to_rts0 {
        let rts0 = rs.to_rts0().map_err(Failure::at(&args.file))?;
        write_file(out, &rts0)?;
        if out.as_os_str() == "-" {
            return Ok(());
        }
    }
    if args.to_rts0.is_some() && !args.json && !args.layout {
        return Ok(());
    }
    let doc = if args.layout {
        rs.layout_json(source)
    } else {
        rs.to_json()
    };
    let text = render(&args.file, Phase::Container, |out| {
        if args.json {
            doc.write_pretty(out)?;
            out.write_char('\n')
        } else {
            doc.write_text(out)
        }
    })?;
    print(&text)
}
