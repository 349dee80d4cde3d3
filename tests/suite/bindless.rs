//! Root-signature mode (`bindless-1`, docs/BINDING.md): every corpus blob
//! with an embedded root signature compiles through it in each mode (push
//! constants, root block in a uniform buffer, CBVs as storage buffers,
//! mutable descriptors) and passes the current spirv-val; its reflection
//! carries `abi` and `root_block` and is pinned by a snapshot
//! (`tests/snapshots/bindless/<category>/<name>.json`; bless with
//! `DXIL2SPIRV_BLESS=1`); mutable mode changes only `Binding`
//! decorations; root signatures that do not fit the shader fail with the
//! register, parameter and stage named.

use crate::common::{corpus, spirv_val};
use dxil2spirv::binding::Via;
use dxil2spirv::compile::{
    BindlessOptions, CompileOptions, Compiler, Output, RootBlockStorage, RootSignatureChoice,
};
use dxil2spirv::rootsig::{RootParameterKind, RootSignature, RootSignatureFlags, ShaderVisibility};
use dxil2spirv::ErrorKind;
use std::path::Path;

/// Every corpus blob with an `RTS0` part: (category/name, blob).
fn blobs_with_root_signatures() -> Vec<(String, Vec<u8>)> {
    corpus::blobs()
        .into_iter()
        .filter_map(|(name, path)| {
            let blob = std::fs::read(&path).unwrap();
            let has = dxil2spirv::container::parse(&blob)
                .ok()?
                .root_signature()
                .ok()?
                .is_some();
            has.then_some((name, blob))
        })
        .collect()
}

fn options(choice: RootSignatureChoice, bindless: BindlessOptions) -> CompileOptions {
    CompileOptions {
        root_signature: choice,
        bindless,
        validate: true,
        ..CompileOptions::default()
    }
}

fn compile(name: &str, blob: &[u8], bindless: BindlessOptions) -> Output {
    let out = Compiler::new(options(RootSignatureChoice::Embedded, bindless))
        .compile(blob)
        .unwrap_or_else(|e| panic!("{name}: {e}"));
    spirv_val::assert_valid(name, &out.spirv);
    out
}

fn embedded(name: &str) -> (Vec<u8>, RootSignature) {
    let blob = std::fs::read(corpus::root().join(format!("{name}.dxil"))).unwrap();
    let rs = dxil2spirv::container::parse(&blob)
        .unwrap()
        .root_signature()
        .unwrap()
        .unwrap();
    (blob, rs)
}

#[test]
fn every_embedded_root_signature_compiles_and_validates() {
    let blobs = blobs_with_root_signatures();
    assert_eq!(blobs.len(), 34, "corpus blobs with an RTS0 part");
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/snapshots/bindless");
    let bless = std::env::var_os("DXIL2SPIRV_BLESS").is_some();
    let mut diffs = Vec::new();
    for (name, blob) in &blobs {
        let out = compile(name, blob, BindlessOptions::default());
        let json = out.reflection.to_json();
        assert!(json.contains("\"abi\": \"bindless-1\""), "{name}: {json}");
        assert!(json.contains("\"root_block\": {"), "{name}: {json}");
        let doc = dxil2spirv::json::parse(&json).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(
            doc.get("abi").and_then(|a| a.as_str()),
            Some("bindless-1"),
            "{name}"
        );
        let b = out
            .reflection
            .bindless
            .as_ref()
            .expect("bindless reflection");
        assert_eq!(
            b.layout.root_block.size,
            4 * b.layout.root_signature.cost(),
            "{name}: root block = 4 × cost"
        );
        for r in &out.reflection.resources {
            assert!(
                !matches!(r.via, Via::Plain { .. }),
                "{name}: {} {} resolved to the plain model",
                r.class.letter(),
                r.register
            );
        }
        let snap = root.join(format!("{name}.json"));
        if bless {
            std::fs::create_dir_all(snap.parent().unwrap()).unwrap();
            std::fs::write(&snap, &json).unwrap();
        } else if std::fs::read_to_string(&snap).ok().as_deref() != Some(json.as_str()) {
            diffs.push(name.clone());
        }
    }
    assert!(
        diffs.is_empty(),
        "bindless reflection snapshots differ (bless with DXIL2SPIRV_BLESS=1): {}",
        diffs.join(", ")
    );
}

#[test]
fn every_mode_validates() {
    let modes = [
        BindlessOptions {
            root_block: RootBlockStorage::DEFAULT_UNIFORM,
            ..BindlessOptions::default()
        },
        BindlessOptions {
            cbv_as_ssbo: true,
            ..BindlessOptions::default()
        },
        BindlessOptions {
            mutable_descriptors: true,
            cbv_as_ssbo: true,
            root_block: RootBlockStorage::Uniform { set: 5, binding: 3 },
            ..BindlessOptions::default()
        },
    ];
    for (name, blob) in blobs_with_root_signatures() {
        for mode in modes {
            let out = compile(&name, &blob, mode);
            let b = out.reflection.bindless.unwrap();
            if mode.root_block != RootBlockStorage::PushConstant {
                assert_eq!(b.vulkan.push_constant_bytes, 0, "{name}: UBO root block");
                assert_eq!(out.reflection.push_constant_size, 0, "{name}");
            }
        }
    }
}

/// The disassembly without its `Binding` decorations.
fn without_bindings(words: &[u32]) -> (String, usize) {
    let text = dxil2spirv::validate::disassemble(words).unwrap();
    let mut bindings = 0;
    let rest: Vec<&str> = text
        .lines()
        .filter(|l| {
            let binding = l.contains(" Binding ");
            bindings += usize::from(binding);
            !binding
        })
        .collect();
    (rest.join("\n"), bindings)
}

#[test]
fn mutable_mode_changes_only_binding_numbers() {
    let mut changed = 0;
    for (name, blob) in blobs_with_root_signatures() {
        let plain = compile(&name, &blob, BindlessOptions::default());
        let mutable = compile(
            &name,
            &blob,
            BindlessOptions {
                mutable_descriptors: true,
                ..BindlessOptions::default()
            },
        );
        let (a, na) = without_bindings(&plain.spirv);
        let (b, nb) = without_bindings(&mutable.spirv);
        assert_eq!(
            a, b,
            "{name}: mutable mode changed more than Binding decorations"
        );
        assert_eq!(na, nb, "{name}");
        changed += usize::from(plain.spirv != mutable.spirv);
        let features = mutable.reflection.bindless.unwrap().vulkan.features;
        assert!(features.contains(&"mutableDescriptorType"), "{name}");
    }
    assert!(
        changed > 0,
        "some module uses a binding that mutable mode renumbers"
    );
}

/// Compiles `name` with a supplied root signature: the error.
fn supplied_error(name: &str, rs: RootSignature) -> String {
    let (blob, _) = embedded(name);
    let e = Compiler::new(options(
        RootSignatureChoice::Supplied(Box::new(rs)),
        BindlessOptions::default(),
    ))
    .compile(&blob)
    .unwrap_err();
    assert_eq!(e.kind(), ErrorKind::InvalidInput, "{e}");
    e.to_string()
}

const TABLES: &str = "binding/rs10-tables-and-root-params";

fn assert_names(message: &str, parts: &[&str]) {
    for p in parts {
        assert!(message.contains(p), "'{p}' missing in: {message}");
    }
}

#[test]
fn uncovered_register_is_named() {
    // Parameter 4 is the root SRV t5: without it, t5 is not covered.
    let (_, mut rs) = embedded(TABLES);
    rs.parameters.remove(4);
    let m = supplied_error(TABLES, rs);
    assert_names(&m, &["t5", "Compute", "not-covered"]);
}

#[test]
fn wrong_visibility_is_named() {
    let (_, mut rs) = embedded(TABLES);
    rs.parameters[4].visibility = ShaderVisibility::Pixel;
    let m = supplied_error(TABLES, rs);
    assert_names(&m, &["t5", "parameter 4", "Compute"]);
}

#[test]
fn class_mismatch_is_named() {
    let (_, mut rs) = embedded(TABLES);
    let RootParameterKind::Srv(d) = rs.parameters[4].kind else {
        panic!("parameter 4 is the root SRV");
    };
    rs.parameters[4].kind = RootParameterKind::Uav(d);
    let m = supplied_error(TABLES, rs);
    assert_names(&m, &["t5", "parameter 4", "Compute"]);
}

#[test]
fn missing_heap_flag_is_named() {
    let name = "binding/heap66-mixed-bindings";
    let (_, mut rs) = embedded(name);
    assert!(rs
        .flags
        .contains(RootSignatureFlags::CBV_SRV_UAV_HEAP_DIRECTLY_INDEXED));
    rs.flags = RootSignatureFlags::NONE;
    let m = supplied_error(name, rs);
    assert_names(&m, &["CBV_SRV_UAV_HEAP_DIRECTLY_INDEXED"]);
}

#[test]
fn register_past_a_shrunk_range_is_named() {
    // t0 and t1 are a table range of two: shrink it to one.
    let (_, mut rs) = embedded(TABLES);
    let RootParameterKind::DescriptorTable(ranges) = &mut rs.parameters[2].kind else {
        panic!("parameter 2 is the SRV table");
    };
    ranges[0].num_descriptors = 1;
    let m = supplied_error(TABLES, rs);
    assert_names(&m, &["t1", "Compute"]);
}

#[test]
fn embedded_without_a_root_signature_is_an_error() {
    let blob = std::fs::read(corpus::root().join("compute/int-add-sub-mul-wrap.dxil")).unwrap();
    let e = Compiler::new(options(
        RootSignatureChoice::Embedded,
        BindlessOptions::default(),
    ))
    .compile(&blob)
    .unwrap_err();
    assert_eq!(e.kind(), ErrorKind::InvalidInput);
    assert!(e.to_string().contains("no RTS0 part"), "{e}");
}

#[test]
fn table_access_adds_the_pushed_offset() {
    // t0 (a structured buffer) in table parameter 2 (push offset 20 =
    // w[3]), range 0, read from the storage-buffer array.
    let (blob, _) = embedded(TABLES);
    let out = compile(TABLES, &blob, BindlessOptions::default());
    let t0 = out
        .reflection
        .resources
        .iter()
        .find(|r| r.register == 0 && r.class.letter() == 't')
        .unwrap();
    assert!(
        matches!(
            t0.via,
            Via::Table {
                parameter: 2,
                range: 0,
                push_offset: 20,
                word: 3,
                binding: 4,
                ..
            }
        ),
        "{:?}",
        t0.via
    );
    let text = dxil2spirv::validate::disassemble(&out.spirv).unwrap();
    assert!(text.contains("PushConstant"), "{text}");
    assert!(text.contains("RuntimeArray"), "{text}");
}

#[test]
fn non_uniform_only_where_dxil_marks_it() {
    // The plain model decorates exactly DXIL's non-uniform accesses;
    // bindless-1 decorates the same accesses, plus the computed heap index
    // of each (none where the plain model has none).
    let count = |words: &[u32]| {
        dxil2spirv::validate::disassemble(words)
            .unwrap()
            .lines()
            .filter(|l| l.contains("OpDecorate") && l.ends_with("NonUniform"))
            .count()
    };
    let mut marked = 0;
    for (name, blob) in blobs_with_root_signatures() {
        let plain = Compiler::new(CompileOptions::default())
            .compile(&blob)
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        let bindless = compile(&name, &blob, BindlessOptions::default());
        let (p, b) = (count(&plain.spirv), count(&bindless.spirv));
        assert!(b >= p, "{name}: {b} NonUniform decorations, plain {p}");
        assert_eq!(
            p == 0,
            b == 0,
            "{name}: {b} NonUniform decorations, plain {p}"
        );
        marked += usize::from(p > 0);
    }
    assert!(
        marked >= 2,
        "corpus root signatures with non-uniform accesses"
    );
}
