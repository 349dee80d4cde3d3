//! Command-line options shared by the commands that compile.

use clap::builder::{PossibleValuesParser, TypedValueParser};
use clap::Args;
use dxil2spirv::compile::{BindingOffsets, CompileOptions, SetPolicy, SremLowering};

/// The compile options of the command line.
#[derive(Args, Debug, Clone)]
pub struct CompileArgs {
    /// How register spaces become descriptor sets: `space` (set = space) or
    /// `compact` (set = rank of the space among the shader's spaces).
    #[arg(long, value_name = "POLICY", default_value = "space",
          value_parser = PossibleValuesParser::new(["space", "compact"])
              .map(|s| if s == "compact" { SetPolicy::Compact } else { SetPolicy::Space }))]
    pub set_policy: SetPolicy,
    /// Binding number offset of a register class, as CLASS=N with CLASS one
    /// of b, t, u, s, counter (repeatable; defaults b=0 t=1000 u=2000
    /// s=3000 counter=4000).
    #[arg(long, value_name = "CLASS=N", value_parser = parse_offset)]
    pub binding_offset: Vec<(String, u32)>,
    /// How `srem` is lowered: `via-unsigned` or `native` (OpSRem).
    #[arg(long, value_name = "MODE", default_value = "via-unsigned",
          value_parser = PossibleValuesParser::new(["via-unsigned", "native"])
              .map(|s| if s == "native" { SremLowering::Native } else { SremLowering::ViaUnsigned }))]
    pub srem: SremLowering,
    /// Leave out the bounds checks on buffer accesses (the D3D rule:
    /// out-of-bounds reads give 0, writes are dropped).
    #[arg(long)]
    pub no_bounds_checks: bool,
    /// Skip SPIR-V validation.
    #[arg(long)]
    pub no_validate: bool,
}

fn parse_offset(text: &str) -> Result<(String, u32), String> {
    let (class, n) = text
        .split_once('=')
        .ok_or_else(|| format!("expected CLASS=N, found {text:?}"))?;
    if !["b", "t", "u", "s", "counter"].contains(&class) {
        return Err(format!(
            "unknown register class {class:?} (b, t, u, s or counter)"
        ));
    }
    let n = n
        .parse()
        .map_err(|e| format!("bad binding offset {n:?}: {e}"))?;
    Ok((class.to_string(), n))
}

impl CompileArgs {
    /// The library options these arguments select.
    pub fn options(&self) -> CompileOptions {
        let mut offsets = BindingOffsets::default();
        for (class, n) in &self.binding_offset {
            let slot = match class.as_str() {
                "b" => &mut offsets.cbv,
                "t" => &mut offsets.srv,
                "u" => &mut offsets.uav,
                "s" => &mut offsets.sampler,
                _ => &mut offsets.counter,
            };
            *slot = *n;
        }
        CompileOptions {
            binding_offsets: offsets,
            sets: self.set_policy,
            srem: self.srem,
            bounds_checks: !self.no_bounds_checks,
            validate: !self.no_validate,
            ..CompileOptions::default()
        }
    }
}
