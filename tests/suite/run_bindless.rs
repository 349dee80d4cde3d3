//! Root-signature (`bindless-1`) runs: every corpus run spec whose blob
//! embeds an `RTS0` part is compiled with `--root-signature embedded` and
//! run with everything bound from reflection alone (root block, tables
//! placed in the heap, root descriptors through buffer device addresses),
//! under three modes: the default table bases (`97·(t+1)`), a second
//! placement (the first table at heap index 0, the others at 4000 and
//! up), and mutable descriptors. A device without descriptor indexing,
//! buffer device addresses or mutable descriptors (lavapipe 22.3) refuses
//! each run by name: counted and printed as `SKIPPED:` (tests/run.sh
//! reports them), never passed; on NVIDIA every run must pass. The plain
//! model of the same specs runs in `emit_run::`. `DXIL2SPIRV_CORPUS=dir`
//! points at another copy of the corpus.

use crate::common;
use crate::common::vulkan::Tally;

use dxil2spirv::binding::{BindlessOptions, RootBlockStorage, RootSignatureChoice, Via};
use dxil2spirv::compile::CompileOptions;
use dxil2spirv::container::Container;
use dxil2spirv::rootsig::RootParameterKind;
use dxil2spirv::run::{self, BindingResource, RunSpec, TableBases};
use dxil2spirv::{ErrorKind, Output};
use std::path::{Path, PathBuf};

/// The corpus root.
fn corpus_root() -> PathBuf {
    std::env::var_os("DXIL2SPIRV_CORPUS")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus"))
}

/// Every run spec (all categories) whose blob embeds a root signature:
/// (name, blob, spec).
fn rs_specs() -> Vec<(String, Vec<u8>, RunSpec)> {
    let root = corpus_root();
    let mut paths: Vec<PathBuf> = std::fs::read_dir(&root)
        .expect("corpus")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.is_dir())
        .flat_map(|d| std::fs::read_dir(d).into_iter().flatten())
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "run"))
        .collect();
    paths.sort();
    let mut out = Vec::new();
    for path in paths {
        let Ok(blob) = std::fs::read(path.with_extension("dxil")) else {
            continue;
        };
        let embeds = Container::parse(&blob)
            .ok()
            .and_then(|c| c.root_signature().ok().flatten())
            .is_some();
        if embeds {
            let name = path.file_stem().unwrap().to_string_lossy().to_string();
            let spec = RunSpec::from_file(&path).expect("spec parses");
            out.push((name, blob, spec));
        }
    }
    out
}

/// The three modes every spec runs in.
#[derive(Clone, Copy, Debug)]
enum Mode {
    /// Tables at `97·(t+1)`.
    DefaultBases,
    /// The first table at 0, the others at `4000 + 16·t`.
    SecondPlacement,
    /// Mutable heap bindings, default bases.
    Mutable,
}

const MODES: [Mode; 3] = [Mode::DefaultBases, Mode::SecondPlacement, Mode::Mutable];

fn compile(blob: &[u8], mode: Mode) -> Output {
    let options = CompileOptions {
        root_signature: RootSignatureChoice::Embedded,
        bindless: BindlessOptions {
            mutable_descriptors: matches!(mode, Mode::Mutable),
            ..BindlessOptions::default()
        },
        ..CompileOptions::default()
    };
    run::compile_for_run(blob, &options).expect("compiles with --root-signature embedded")
}

/// The table parameters of a compilation, in parameter order.
fn table_parameters(out: &Output) -> Vec<u32> {
    let b = out
        .reflection
        .bindless
        .as_ref()
        .expect("bindless reflection");
    b.layout
        .root_signature
        .parameters
        .iter()
        .enumerate()
        .filter(|(_, p)| matches!(p.kind, RootParameterKind::DescriptorTable(_)))
        .map(|(i, _)| i as u32)
        .collect()
}

/// The table bases a mode asks for (empty: the defaults).
fn bases(out: &Output, mode: Mode) -> TableBases {
    match mode {
        Mode::DefaultBases | Mode::Mutable => TableBases::new(),
        Mode::SecondPlacement => table_parameters(out)
            .into_iter()
            .enumerate()
            .map(|(t, p)| (p, if t == 0 { 0 } else { 4000 + 16 * t as u32 }))
            .collect(),
    }
}

#[test]
fn rs_corpus_runs_bindless_under_two_placements_and_mutable() {
    let _turn = common::vulkan::turn();
    if !common::vulkan::available() {
        return;
    }
    let specs = rs_specs();
    assert!(
        specs.len() >= 15,
        "expected the 15 root-signature run specs, found {}",
        specs.len()
    );
    let vulkan = common::vulkan::vulkan();
    let index: Option<usize> = std::env::var("DXIL2SPIRV_DEVICE")
        .ok()
        .and_then(|s| s.parse().ok());
    let mut tally = Tally::default();
    let swept = vulkan.with_session(index, false, |session| {
        let device = session.device().name.clone();
        let nvidia = device.contains("NVIDIA");
        eprintln!("running bindless-1 on {device}");
        for (name, blob, spec) in &specs {
            for mode in MODES {
                let out = compile(blob, mode);
                let desc = run::bindless_from_reflection(&out.reflection, spec, &bases(&out, mode))
                    .expect("binds from reflection");
                let r = session.run_bindless(
                    spec,
                    &out.spirv,
                    &out.reflection.entry_point,
                    &desc,
                    &run::RunOptions::default(),
                );
                tally.add(&format!("{name} ({mode:?})"), r, nvidia);
            }
        }
    });
    swept.expect("the Vulkan device opens");
    eprintln!(
        "bindless-1: {} spec(s) x {} modes: {}",
        specs.len(),
        MODES.len(),
        tally.counts()
    );
    assert!(tally.failures.is_empty(), "{}", tally.failures.join("\n"));
}

/// Without a device: each table's base goes into its root-block word, each
/// spec resource a table covers sits at `base + range_offset + (register −
/// range_base)` of its reflected heap binding, UAV counters at the same
/// index, and mutable mode writes into bindings with several types.
#[test]
fn placement_follows_reflection() {
    for (name, blob, spec) in rs_specs() {
        for mode in MODES {
            let out = compile(&blob, mode);
            let wanted = bases(&out, mode);
            let bases = run::table_bases(&out.reflection, &spec, &wanted);
            let desc = run::bindless_from_reflection(&out.reflection, &spec, &wanted)
                .expect("binds from reflection");
            let b = out.reflection.bindless.as_ref().unwrap();
            assert_eq!(
                desc.root_block.len() as u64,
                b.layout.root_block.size,
                "{name}"
            );
            for r in &out.reflection.resources {
                let Via::Table {
                    binding,
                    parameter,
                    push_offset,
                    range_offset,
                    range_base,
                    ..
                } = r.via
                else {
                    continue;
                };
                let base = bases[&parameter];
                if !matches!(mode, Mode::SecondPlacement) {
                    let t = table_parameters(&out)
                        .iter()
                        .position(|&p| p == parameter)
                        .unwrap();
                    assert_eq!(base, run::default_table_base(t as u32), "{name}");
                }
                let at = push_offset as usize;
                assert_eq!(
                    desc.root_block[at..at + 4],
                    base.to_le_bytes(),
                    "{name} ({mode:?}): table {parameter}'s word"
                );
                for decl in spec.resources.iter().filter(|d| {
                    d.key.space == r.space
                        && d.key.index >= r.register
                        && d.key.index - r.register < r.count
                        && d.key.class.letter() == r.class.letter()
                }) {
                    let index = base + range_offset + decl.key.index - range_base;
                    let array = desc
                        .heap
                        .iter()
                        .find(|a| a.binding == binding)
                        .expect("the binding is in the heap");
                    assert!(
                        array.descriptors.iter().any(|d| d.index == index
                            && d.resource == BindingResource::Register(decl.key)),
                        "{name} ({mode:?}): {} at heap index {index}",
                        decl.key
                    );
                    if r.counter.is_some() {
                        assert!(desc.heap.iter().any(|a| a
                            .descriptors
                            .iter()
                            .any(|d| d.index == index
                                && d.resource == BindingResource::Counter(decl.key))));
                    }
                }
            }
            if matches!(mode, Mode::Mutable) {
                for a in &desc.heap {
                    if a.descriptors
                        .iter()
                        .any(|d| !matches!(d.resource, BindingResource::Counter(_)))
                    {
                        assert!(
                            a.types.len() > 1 || a.binding > 5,
                            "{name}: binding {}",
                            a.binding
                        );
                    }
                }
            }
        }
    }
}

#[test]
fn table_lines_set_bases_and_reject_repeats() {
    let spec = RunSpec::parse("dispatch = 1, 1, 1\ntable 2 = 40\ntable 0 = 0\n").expect("parses");
    assert_eq!(spec.table_bases.get(&2), Some(&40));
    assert_eq!(spec.table_bases.get(&0), Some(&0));
    let e = RunSpec::parse("dispatch = 1, 1, 1\ntable 2 = 40\ntable 2 = 41\n").expect_err("twice");
    assert_eq!(e.kind(), ErrorKind::InvalidInput);
    assert!(e.message().contains("a second `table 2` line"), "{e}");
    let e = RunSpec::parse("dispatch = 1, 1, 1\ntable x = 1\n").expect_err("malformed");
    assert!(e.message().contains("expected `table <P> = <N>`"), "{e}");
}

#[test]
fn spec_table_line_moves_a_table() {
    let (name, blob, spec) = rs_specs()
        .into_iter()
        .find(|(n, ..)| n == "rs10-tables-and-root-params")
        .expect("corpus spec");
    let out = compile(&blob, Mode::DefaultBases);
    let p = table_parameters(&out)[0];
    let mut moved = spec.clone();
    moved.table_bases.insert(p, 1234);
    assert_eq!(
        run::table_bases(&out.reflection, &moved, &TableBases::new())[&p],
        1234
    );
    // The caller's base wins over the spec's.
    let caller: TableBases = [(p, 7)].into_iter().collect();
    assert_eq!(
        run::table_bases(&out.reflection, &moved, &caller)[&p],
        7,
        "{name}"
    );
}

#[test]
fn plain_model_reflection_is_refused() {
    let (_, blob, spec) = rs_specs().into_iter().next().expect("corpus spec");
    let out = run::compile_for_run(&blob, &CompileOptions::default()).expect("compiles");
    let e = run::bindless_from_reflection(&out.reflection, &spec, &TableBases::new())
        .expect_err("plain");
    assert_eq!(e.kind(), ErrorKind::InvalidInput);
    assert!(e.message().contains("root-signature mode"), "{e}");
}

/// The root block in a uniform buffer (`--root-block ubo`, for devices
/// with 128-byte push constants): root constants (and a 136-byte block of
/// dynamically indexed ones, with a table) read from it.
#[test]
fn root_block_in_a_uniform_buffer_runs() {
    let _turn = common::vulkan::turn();
    if !common::vulkan::available() {
        return;
    }
    let vulkan = common::vulkan::vulkan();
    let wanted = ["cbuf-variant-rootconst", "rs-rootconst-dynamic-index"];
    let specs: Vec<_> = rs_specs()
        .into_iter()
        .filter(|(n, ..)| wanted.contains(&n.as_str()))
        .collect();
    assert_eq!(specs.len(), wanted.len());
    let options = CompileOptions {
        root_signature: RootSignatureChoice::Embedded,
        bindless: BindlessOptions {
            root_block: RootBlockStorage::Uniform { set: 2, binding: 0 },
            ..BindlessOptions::default()
        },
        ..CompileOptions::default()
    };
    let swept = vulkan.with_session(None, false, |session| {
        let nvidia = session.device().name.contains("NVIDIA");
        for (name, blob, spec) in &specs {
            let out = run::compile_for_run(blob, &options).expect("compiles");
            let desc = run::bindless_from_reflection(&out.reflection, spec, &TableBases::new())
                .expect("binds from reflection");
            assert_eq!(desc.root_ubo, Some((2, 0)));
            let r = session.run_bindless(
                spec,
                &out.spirv,
                &out.reflection.entry_point,
                &desc,
                &run::RunOptions::default(),
            );
            match r {
                Ok(report) => assert!(report.passed, "{name}: {}", report.summary()),
                Err(e) if e.kind() == ErrorKind::Unsupported && !nvidia => {
                    eprintln!("SKIPPED: {name} (root block in a uniform buffer): {e}")
                }
                Err(e) => panic!("{name}: {e}"),
            }
        }
    });
    swept.expect("the Vulkan device opens");
}

#[test]
fn a_base_for_a_non_table_parameter_is_refused() {
    let (_, blob, spec) = rs_specs()
        .into_iter()
        .find(|(n, ..)| n == "cbuf-variant-rootconst")
        .expect("corpus spec");
    let out = compile(&blob, Mode::DefaultBases);
    let bases: TableBases = [(0, 5)].into_iter().collect();
    let e = run::bindless_from_reflection(&out.reflection, &spec, &bases).expect_err("no table");
    assert_eq!(e.kind(), ErrorKind::InvalidInput);
    assert!(
        e.message()
            .contains("root parameter 0 is not a descriptor table"),
        "{e}"
    );
}

/// The CLI: `run --root-signature embedded` binds from reflection (here a
/// root-constants blob, with the root block in a uniform buffer: lavapipe
/// runs it too), `--table-base` needs `--root-signature` and must name a
/// table.
#[cfg(feature = "cli")]
#[test]
fn cli_runs_with_a_root_signature() {
    use crate::common::cli;
    let spec = corpus_root().join("binding/cbuf-variant-rootconst.run");
    let e = cli::stderr_of_failure(
        cli::bin()
            .args(["run", "--table-base", "1=3"])
            .arg(&spec)
            .output()
            .expect("runs"),
        64,
    );
    assert!(e.contains("--table-base needs --root-signature"), "{e}");
    let _turn = common::vulkan::turn();
    if !common::vulkan::available() {
        return;
    }
    let out = cli::bin()
        .args(["run", "--root-signature", "embedded", "--root-block", "ubo"])
        .arg(&spec)
        .output()
        .expect("runs");
    assert!(cli::stdout(out).contains(": PASS on "));
    let out = cli::bin()
        .args(["run", "--root-signature", "embedded", "--table-base", "0=5"])
        .arg(&spec)
        .output()
        .expect("runs");
    assert!(!out.status.success());
    let e = String::from_utf8_lossy(&out.stderr);
    assert!(
        e.contains("root parameter 0 is not a descriptor table"),
        "{e}"
    );
}

/// Static samplers become immutable samplers at the set and binding
/// reflection gives, with its Vulkan state; with the default bases no
/// table descriptor sits at heap index 0.
#[test]
fn static_samplers_and_tables_come_from_reflection() {
    let path = corpus_root().join("binding/rs-static-sampler-compute.dxil");
    let blob = std::fs::read(path).expect("blob");
    let out = compile(&blob, Mode::DefaultBases);
    let spec = RunSpec::parse("dispatch = 1, 1, 1\n").expect("spec");
    let desc = run::bindless_from_reflection(&out.reflection, &spec, &TableBases::new())
        .expect("binds from reflection");
    let reflected = out.reflection.bindless.as_ref().unwrap().static_samplers();
    assert_eq!(desc.samplers.len(), 3);
    for s in &desc.samplers {
        let r = reflected
            .iter()
            .find(|r| (r.set, r.binding) == (s.set, s.binding))
            .expect("a reflected static sampler");
        assert_eq!(s.vk, r.vk);
    }
    for (name, blob, spec) in rs_specs() {
        let out = compile(&blob, Mode::DefaultBases);
        let desc = run::bindless_from_reflection(&out.reflection, &spec, &TableBases::new())
            .expect("binds from reflection");
        for a in &desc.heap {
            assert!(
                a.descriptors.iter().all(|d| d.index >= 97),
                "{name}: binding {} has a descriptor below the first table base",
                a.binding
            );
        }
    }
}
