//! Compile options from the command line: set policy, binding offsets,
//! binding remaps, `srem` lowering, bounds checks and the heap set,
//! descriptor QA, and root-signature mode (`--root-signature`,
//! `bindless-1`), mapped onto
//! [`CompileOptions`]. The offset and remap syntaxes are parsed with
//! nom.

use super::{read_file, Failure};
use dxil2spirv::compile::{
    BindingOffsets, BindingRemap, BindlessOptions, CompileOptions, DescriptorQa, ResourceClass,
    RootBlockStorage, RootSignatureChoice, SetPolicy, SremLowering,
};
use nom::character::complete::{char, digit1, one_of};
use nom::combinator::map_res;
use nom::error::Error as NomError;
use nom::Parser;
use std::path::PathBuf;

/// How register spaces become descriptor sets.
#[derive(Clone, Copy, clap::ValueEnum)]
enum Sets {
    /// `set = space`.
    Space,
    /// `set` = rank of the space among the shader's spaces.
    Compact,
}

/// How `srem` is lowered.
#[derive(Clone, Copy, clap::ValueEnum)]
enum Srem {
    /// `OpSRem` on signed operands.
    Native,
    /// Through unsigned operations (correct on drivers whose `OpSRem`
    /// mishandles negative operands).
    ViaUnsigned,
}

/// The binding and code-generation options shared by commands that compile.
#[derive(clap::Args)]
pub struct CompileArgs {
    /// How register spaces map to descriptor sets.
    #[arg(long, value_enum, default_value = "space")]
    set_policy: Sets,
    /// Binding number offsets per register class, e.g.
    /// `t=1000,u=2000,b=0,s=3000` (`c`: UAV counters, default 4000);
    /// classes not named keep their default.
    #[arg(long, value_name = "CLASS=N,...", value_parser = parse_offsets)]
    binding_offsets: Option<BindingOffsets>,
    /// Bind a register range to a set and binding (repeatable; the first
    /// matching rule wins):
    /// `<t|u|b|s><FIRST>[-<LAST>][,space<S>]=<SET>:<BINDING>[,counter=<C>]`,
    /// e.g. `u0=0:5`, `t0-3,space1=2:10` (t0..t3 of space 1 to bindings
    /// 10..13 of set 2), `u2=0:7,counter=8`. A resource matches the register
    /// it starts at; register FIRST+i gets BINDING+i (and its UAV counter
    /// C+i). The space defaults to 0.
    #[arg(long = "remap", value_name = "RULE", value_parser = parse_remap)]
    remaps: Vec<RemapRule>,
    /// How LLVM `srem` is lowered.
    #[arg(long, value_enum, default_value = "via-unsigned")]
    srem: Srem,
    /// Leave out the bounds checks on buffer accesses (D3D returns 0 for
    /// out-of-bounds loads and drops such stores; without checks the
    /// behaviour is the driver's).
    #[arg(long)]
    no_bounds_checks: bool,
    /// The descriptor set of SM 6.6 ResourceDescriptorHeap and
    /// SamplerDescriptorHeap (one binding per descriptor type: 0 sampled
    /// images, 1 storage images, 2 uniform texel buffers, 3 storage texel
    /// buffers, 4 storage buffers, 5 uniform buffers, 6 acceleration
    /// structures, 7 UAV counters, 8 samplers).
    #[arg(long, value_name = "SET", default_value_t = dxil2spirv::emit::DEFAULT_HEAP_SET)]
    heap_set: u32,
    /// The export of a DXIL library to compile, by name (`RayGen`);
    /// without it `compile` compiles every export.
    #[arg(long, value_name = "NAME")]
    entry: Option<String>,
    /// Descriptor QA (docs/DESCRIPTOR-QA.md): check every descriptor-heap
    /// access on the GPU against info buffers in descriptor set SET
    /// (default 3), report the first fault and read the pad descriptor
    /// instead.
    #[arg(
        long,
        value_name = "SET",
        num_args = 0..=1,
        require_equals = true,
        default_missing_value = "3"
    )]
    descriptor_qa: Option<u32>,
    /// With --descriptor-qa: also append every fault to the fault log
    /// (binding 3 of the QA set).
    #[arg(long, requires = "descriptor_qa")]
    qa_fault_log: bool,
    /// With --descriptor-qa: the 64-bit shader hash the module reports
    /// (hex; default: from the container's HASH part).
    #[arg(long, value_name = "HEX", requires = "descriptor_qa", value_parser = parse_hex_u64)]
    qa_hash: Option<u64>,
}

/// A 64-bit value in hex, with or without `0x`.
fn parse_hex_u64(s: &str) -> Result<u64, String> {
    let digits = s.strip_prefix("0x").unwrap_or(s);
    u64::from_str_radix(digits, 16).map_err(|e| format!("{s:?} is not a 64-bit hex value: {e}"))
}

impl CompileArgs {
    /// Whether `--entry` picks one export.
    pub fn has_entry(&self) -> bool {
        self.entry.is_some()
    }

    /// The library options, with validation on or off.
    pub fn to_options(&self, validate: bool) -> CompileOptions {
        CompileOptions {
            binding_offsets: self.binding_offsets.unwrap_or_default(),
            remaps: self.remaps.iter().flat_map(RemapRule::expand).collect(),
            sets: match self.set_policy {
                Sets::Space => SetPolicy::Space,
                Sets::Compact => SetPolicy::Compact,
            },
            validate,
            srem: match self.srem {
                Srem::Native => SremLowering::Native,
                Srem::ViaUnsigned => SremLowering::ViaUnsigned,
            },
            bounds_checks: !self.no_bounds_checks,
            heap_set: self.heap_set,
            entry_point: self.entry.clone(),
            descriptor_qa: self.descriptor_qa.map(|set| DescriptorQa {
                set,
                shader_hash: self.qa_hash,
                fault_log: self.qa_fault_log,
            }),
            ..CompileOptions::default()
        }
    }
}

/// Root-signature mode (`bindless-1`, docs/BINDING.md) on the command line.
#[derive(clap::Args)]
pub struct BindlessArgs {
    /// Bind through a root signature (the `bindless-1` ABI, see
    /// docs/BINDING.md): `embedded` (the blob's RTS0 part) or a FILE (raw
    /// `.rts0`, a DXBC container holding RTS0, or the `.json` form).
    /// Without it, the plain model.
    #[arg(long, value_name = "embedded|FILE")]
    root_signature: Option<PathBuf>,
    /// The DXR local root signature of ray-tracing exports (their shader
    /// records, docs/BINDING.md "Shader records"), in any form
    /// --root-signature takes; it wins over a library's LocalRootSignature
    /// subobjects. Needs --root-signature.
    #[arg(long, value_name = "FILE")]
    local_root_signature: Option<PathBuf>,
    /// Where the root block lives: `push` (push constants, the default) or
    /// `ubo[:SET:BINDING]` (a uniform buffer, default 2:0, for devices with
    /// 128-byte push constants).
    #[arg(long, value_name = "push|ubo[:SET:BINDING]", value_parser = parse_root_block)]
    root_block: Option<RootBlockStorage>,
    /// Constant buffers in tables and heaps through the storage-buffer
    /// binding (4) as storage buffers.
    #[arg(long)]
    cbv_as_ssbo: bool,
    /// Mutable descriptors: heap bindings 1-3 alias binding 0, 5 aliases
    /// 4 (the SPIR-V differs only in binding numbers).
    #[arg(long)]
    mutable_descriptors: bool,
    /// The heap set of root-signature mode (tables and SM 6.6 heaps).
    #[arg(long, value_name = "SET", default_value_t = 0)]
    bindless_heap_set: u32,
    /// The static-sampler set of root-signature mode.
    #[arg(long, value_name = "SET", default_value_t = 1)]
    static_sampler_set: u32,
}

impl BindlessArgs {
    /// Adds the root-signature choice and the `bindless-1` options (reads
    /// the root-signature file).
    pub fn apply(&self, options: &mut CompileOptions) -> Result<(), Failure> {
        let Some(path) = &self.root_signature else {
            if self.root_block.is_some()
                || self.cbv_as_ssbo
                || self.mutable_descriptors
                || self.local_root_signature.is_some()
            {
                return Err(Failure::Usage(
                    "--root-block, --cbv-as-ssbo, --mutable-descriptors and \
                     --local-root-signature need --root-signature"
                        .into(),
                ));
            }
            return Ok(());
        };
        options.root_signature = if path.as_os_str() == "embedded" {
            RootSignatureChoice::Embedded
        } else {
            let bytes = read_file(path)?;
            let (rs, _) = dxil2spirv::rootsig::load(&bytes).map_err(Failure::at(path))?;
            RootSignatureChoice::Supplied(Box::new(rs))
        };
        if let Some(path) = &self.local_root_signature {
            let bytes = read_file(path)?;
            let (rs, _) = dxil2spirv::rootsig::load(&bytes).map_err(Failure::at(path))?;
            options.local_root_signature = Some(Box::new(rs));
        }
        options.bindless = BindlessOptions {
            root_block: self.root_block.unwrap_or_default(),
            heap_set: self.bindless_heap_set,
            static_sampler_set: self.static_sampler_set,
            cbv_as_ssbo: self.cbv_as_ssbo,
            mutable_descriptors: self.mutable_descriptors,
        };
        Ok(())
    }
}

/// `push`, `ubo` or `ubo:SET:BINDING`.
fn parse_root_block(s: &str) -> Result<RootBlockStorage, String> {
    match s.split(':').collect::<Vec<_>>().as_slice() {
        ["push"] => Ok(RootBlockStorage::PushConstant),
        ["ubo"] => Ok(RootBlockStorage::DEFAULT_UNIFORM),
        ["ubo", set, binding] => Ok(RootBlockStorage::Uniform {
            set: set.parse().map_err(|e| format!("set: {e}"))?,
            binding: binding.parse().map_err(|e| format!("binding: {e}"))?,
        }),
        _ => Err("expected push, ubo or ubo:SET:BINDING".into()),
    }
}

/// The most registers one remap rule may cover.
const MAX_REMAP_RANGE: u32 = 1 << 16;

/// One `--remap` rule: registers `first..=last` of a class and space to
/// consecutive bindings of a set.
#[derive(Clone, Debug, PartialEq, Eq)]
struct RemapRule {
    class: ResourceClass,
    space: u32,
    first: u32,
    last: u32,
    set: u32,
    binding: u32,
    counter: Option<u32>,
}

impl RemapRule {
    /// One library remap per register of the range.
    fn expand(&self) -> impl Iterator<Item = BindingRemap> + '_ {
        // `remap_rule` checked `first <= last` and that the bindings of
        // the range fit in 32 bits: nothing saturates.
        (0..=self.last.saturating_sub(self.first)).map(move |i| BindingRemap {
            class: self.class,
            space: self.space,
            register: self.first.saturating_add(i),
            set: self.set,
            binding: self.binding.saturating_add(i),
            counter_binding: self.counter.map(|c| c.saturating_add(i)),
        })
    }
}

/// A parse in progress: the whole text (for columns) and what is left.
struct Input<'a> {
    text: &'a str,
    rest: &'a str,
}

impl<'a> Input<'a> {
    fn new(text: &'a str) -> Self {
        Input { text, rest: text }
    }

    fn column(&self) -> usize {
        // `rest` is a suffix of `text`.
        self.text
            .len()
            .saturating_sub(self.rest.len())
            .saturating_add(1)
    }

    /// Runs `parser`; on failure, says what was `expected` and where.
    fn expect<O>(
        &mut self,
        expected: &str,
        mut parser: impl Parser<&'a str, Output = O, Error = NomError<&'a str>>,
    ) -> Result<O, String> {
        match parser.parse(self.rest) {
            Ok((rest, out)) => {
                self.rest = rest;
                Ok(out)
            }
            Err(_) => Err(format!("expected {expected} at column {}", self.column())),
        }
    }

    /// Consumes `token` if it comes next.
    fn eat(&mut self, token: &str) -> bool {
        match self.rest.strip_prefix(token) {
            Some(rest) => {
                self.rest = rest;
                true
            }
            None => false,
        }
    }

    fn number(&mut self, what: &str) -> Result<u32, String> {
        self.expect(what, map_res(digit1, str::parse::<u32>))
    }

    fn end(&self) -> Result<(), String> {
        if self.rest.is_empty() {
            Ok(())
        } else {
            Err(format!(
                "unexpected `{}` at column {}",
                self.rest,
                self.column()
            ))
        }
    }
}

fn class_of(letter: char) -> ResourceClass {
    match letter {
        't' => ResourceClass::Srv,
        'u' => ResourceClass::Uav,
        'b' => ResourceClass::Cbv,
        _ => ResourceClass::Sampler,
    }
}

const REMAP_SYNTAX: &str =
    "<t|u|b|s><FIRST>[-<LAST>][,space<S>]=<SET>:<BINDING>[,counter=<C>], e.g. t0-3,space1=2:10";

/// Parses a `--remap` rule; errors name the column and the syntax.
fn parse_remap(text: &str) -> Result<RemapRule, String> {
    remap_rule(text).map_err(|e| format!("{e} (syntax: {REMAP_SYNTAX})"))
}

fn remap_rule(text: &str) -> Result<RemapRule, String> {
    let mut i = Input::new(text);
    let letter = i.expect("a register class t, u, b or s", one_of("tubs"))?;
    let first = i.number("a register number")?;
    let last = if i.eat("-") {
        i.number("the last register of the range")?
    } else {
        first
    };
    let space = if i.eat(",space") {
        i.number("a space number")?
    } else {
        0
    };
    i.expect("`=`", char('='))?;
    let set = i.number("a descriptor set number")?;
    i.expect("`:`", char(':'))?;
    let binding = i.number("a binding number")?;
    let counter = if i.eat(",counter=") {
        Some(i.number("a counter binding number")?)
    } else {
        None
    };
    i.end()?;
    let Some(span) = last.checked_sub(first) else {
        return Err(format!("the range {first}-{last} is empty"));
    };
    if span >= MAX_REMAP_RANGE {
        return Err(format!(
            "the range {first}-{last} covers more than {MAX_REMAP_RANGE} registers"
        ));
    }
    if binding.checked_add(span).is_none() || counter.is_some_and(|c| c.checked_add(span).is_none())
    {
        return Err("the bindings of the range overflow 32 bits".into());
    }
    if counter.is_some() && letter != 'u' {
        return Err("`counter=` applies to UAVs (`u` registers) only".into());
    }
    Ok(RemapRule {
        class: class_of(letter),
        space,
        first,
        last,
        set,
        binding,
        counter,
    })
}

/// Parses `--binding-offsets`: `CLASS=N` pairs separated by commas, classes
/// `t u b s c`, each at most once.
fn parse_offsets(text: &str) -> Result<BindingOffsets, String> {
    let mut offsets = BindingOffsets::default();
    let mut seen = String::new();
    let mut i = Input::new(text);
    loop {
        let class = i.expect("a register class t, u, b, s or c", one_of("tubsc"))?;
        if seen.contains(class) {
            return Err(format!("`{class}` is given twice"));
        }
        seen.push(class);
        i.expect("`=`", char('='))?;
        let n = i.number("an offset")?;
        let slot = match class {
            't' => &mut offsets.srv,
            'u' => &mut offsets.uav,
            'b' => &mut offsets.cbv,
            's' => &mut offsets.sampler,
            _ => &mut offsets.counter,
        };
        *slot = n;
        if !i.eat(",") {
            i.end()?;
            return Ok(offsets);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn remap_rules() {
        let r = parse_remap("t0-3,space1=2:10").unwrap();
        let expanded: Vec<BindingRemap> = r.expand().collect();
        assert_eq!(expanded.len(), 4);
        assert_eq!(
            expanded[3],
            BindingRemap {
                class: ResourceClass::Srv,
                space: 1,
                register: 3,
                set: 2,
                binding: 13,
                counter_binding: None,
            }
        );
        let r = parse_remap("u2=0:7,counter=8").unwrap();
        assert_eq!(
            (r.class, r.first, r.last, r.counter),
            (ResourceClass::Uav, 2, 2, Some(8))
        );
        assert_eq!(parse_remap("s5=1:0").unwrap().class, ResourceClass::Sampler);
    }

    #[test]
    fn bad_remap_rules_say_where() {
        let err = |rule: &str| parse_remap(rule).unwrap_err();
        assert!(err("x0=0:1").starts_with("expected a register class t, u, b or s at column 1"));
        assert!(
            err("u0=0").starts_with("expected `:` at column 5"),
            "{}",
            err("u0=0")
        );
        assert!(err("u0-=0:1").starts_with("expected the last register of the range at column 4"));
        assert!(err("u0=0:1x").starts_with("unexpected `x` at column 7"));
        assert!(err("u3-1=0:0").starts_with("the range 3-1 is empty"));
        assert!(err("t0=0:1,counter=2").contains("UAVs"));
        assert!(err("u0-1=0:4294967295").contains("overflow"));
        assert!(err("u0=0:99999999999").starts_with("expected a binding number at column 6"));
        assert!(err("u0").contains("syntax: <t|u|b|s><FIRST>"));
    }

    #[test]
    fn binding_offsets() {
        let o = parse_offsets("t=1,u=2,b=3,s=4,c=5").unwrap();
        assert_eq!((o.srv, o.uav, o.cbv, o.sampler, o.counter), (1, 2, 3, 4, 5));
        let o = parse_offsets("u=7").unwrap();
        assert_eq!(
            o,
            BindingOffsets {
                uav: 7,
                ..BindingOffsets::default()
            }
        );
        assert!(parse_offsets("u=1,u=2").unwrap_err().contains("twice"));
        assert!(parse_offsets("u=1,").unwrap_err().contains("column 5"));
        assert!(parse_offsets("q=1").unwrap_err().contains("column 1"));
    }
}
