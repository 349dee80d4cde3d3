//! The `bindless-1` root block of every corpus root signature: pinned by
//! snapshots (`tests/snapshots/rootsig/<category>/<name>.json`, what
//! `dxil2spirv rootsig --layout --json` prints; bless with
//! `DXIL2SPIRV_BLESS=1`), and checked against an independent
//! re-implementation of vkd3d-proton's push-constant layout.

use crate::rootsig_io::corpus_parts;
use dxil2spirv::json::{self, Json};
use dxil2spirv::rootsig::{RootParameterKind, RootSignature, ShaderVisibility, Source};
use std::collections::BTreeMap;
use std::path::Path;

/// One pass of the layout: the bytes a parameter of this kind takes, if
/// the pass places it.
type Pass = dyn Fn(&RootParameterKind) -> Option<u64>;

/// vkd3d-proton's `d3d12_root_signature_init_push_constants`
/// (libs/vkd3d/state.c), restated: a first pass gives each raw-VA root
/// descriptor 8 bytes, a second each root-constant parameter 4·N bytes, a
/// third each descriptor table 4 bytes; each pass walks the parameters in
/// order and ORs the parameter's Vulkan stage flags into the range.
/// Returns parameter index → (offset, size), the total size and the stage
/// flags (VkShaderStageFlags bits).
fn vkd3d_layout(rs: &RootSignature) -> (BTreeMap<usize, (u64, u64)>, u64, u32) {
    const VK_SHADER_STAGE_ALL: u32 = 0x7fff_ffff;
    let vk_stages = |v: ShaderVisibility| match v {
        ShaderVisibility::All => VK_SHADER_STAGE_ALL,
        ShaderVisibility::Vertex => 0x1,
        ShaderVisibility::Hull => 0x2,
        ShaderVisibility::Domain => 0x4,
        ShaderVisibility::Geometry => 0x8,
        ShaderVisibility::Pixel => 0x10,
        ShaderVisibility::Amplification => 0x40,
        ShaderVisibility::Mesh => 0x80,
    };
    let mut size = 0u64;
    let mut stages = 0u32;
    let mut at = BTreeMap::new();
    let passes: [&Pass; 3] = [
        &|k| {
            matches!(
                k,
                RootParameterKind::Cbv(_) | RootParameterKind::Srv(_) | RootParameterKind::Uav(_)
            )
            .then_some(8)
        },
        &|k| match k {
            RootParameterKind::Constants(c) => Some(4 * u64::from(c.num_32bit_values)),
            _ => None,
        },
        &|k| matches!(k, RootParameterKind::DescriptorTable(_)).then_some(4),
    ];
    for pass in passes {
        for (i, p) in rs.parameters.iter().enumerate() {
            if let Some(bytes) = pass(&p.kind) {
                at.insert(i, (size, bytes));
                size += bytes;
                stages |= vk_stages(p.visibility);
            }
        }
    }
    (at, size, stages)
}

fn num(v: &Json) -> u64 {
    match v {
        Json::UInt(u) => *u,
        other => panic!("not a count: {other:?}"),
    }
}

/// Checks our root block JSON against the re-implementation.
fn check_against_vkd3d(name: &str, rs: &RootSignature, block: &Json) {
    let (expected, size, stages) = vkd3d_layout(rs);
    assert_eq!(num(block.get("size").unwrap()), size, "{name}: size");
    assert_eq!(size, 4 * rs.cost(), "{name}: size = 4 × cost");
    let Some(Json::Array(params)) = block.get("parameters") else {
        panic!("{name}: no parameters")
    };
    let got: BTreeMap<usize, (u64, u64)> = params
        .iter()
        .map(|p| {
            (
                num(p.get("index").unwrap()) as usize,
                (num(p.get("offset").unwrap()), num(p.get("size").unwrap())),
            )
        })
        .collect();
    assert_eq!(got, expected, "{name}: offsets");
    // Block order is offset order.
    let offsets: Vec<u64> = params
        .iter()
        .map(|p| num(p.get("offset").unwrap()))
        .collect();
    assert!(offsets.windows(2).all(|w| w[0] <= w[1]), "{name}");
    let Some(Json::Array(ours)) = block.get("stages") else {
        panic!("{name}: no stages")
    };
    let our_bits = ours.iter().fold(0u32, |bits, s| {
        bits | match s.as_str().unwrap() {
            "all" => 0x7fff_ffff,
            "vertex" => 0x1,
            "hull" => 0x2,
            "domain" => 0x4,
            "geometry" => 0x8,
            "pixel" => 0x10,
            "amplification" => 0x40,
            "mesh" => 0x80,
            other => panic!("{name}: stage {other}"),
        }
    });
    assert_eq!(our_bits, stages, "{name}: stages");
}

#[test]
fn corpus_root_blocks_match_snapshots_and_vkd3d() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/snapshots/rootsig");
    let bless = std::env::var_os("DXIL2SPIRV_BLESS").is_some();
    let mut diffs = Vec::new();
    let parts = corpus_parts();
    assert_eq!(parts.len(), 34);
    for (name, bytes) in parts {
        let rs = RootSignature::parse(&bytes).unwrap();
        let doc = rs.layout_json(Source::Rts0);
        check_against_vkd3d(&name, &rs, doc.get("root_block").unwrap());
        let mut text = String::new();
        doc.write_pretty(&mut text).unwrap();
        text.push('\n');
        assert_eq!(json::parse(&text).unwrap(), doc, "{name}: JSON reads back");
        let snap = root.join(format!("{name}.json"));
        if bless {
            std::fs::create_dir_all(snap.parent().unwrap()).unwrap();
            std::fs::write(&snap, &text).unwrap();
        } else if std::fs::read_to_string(&snap).ok().as_deref() != Some(text.as_str()) {
            diffs.push(name);
        }
    }
    assert!(
        diffs.is_empty(),
        "root block snapshots differ (bless with DXIL2SPIRV_BLESS=1): {}",
        diffs.join(", ")
    );
}

#[test]
fn hand_written_layout_orders_descriptors_constants_tables() {
    // Parameters: table, constants(3), root UAV, table, constants(1), root CBV.
    let text = r#"{"version": "1.0", "flags": [], "static_samplers": [], "parameters": [
        {"visibility": "Pixel", "kind": "table", "ranges": [
            {"type": "Srv", "count": 2, "base_register": 0, "space": 0, "offset": "append", "flags": null},
            {"type": "Srv", "count": 1, "base_register": 5, "space": 0, "offset": "append", "flags": null},
            {"type": "Srv", "count": 1, "base_register": 9, "space": 0, "offset": 10, "flags": null}]},
        {"visibility": "Vertex", "kind": "constants", "register": 0, "space": 0, "count": 3},
        {"visibility": "Vertex", "kind": "uav", "register": 1, "space": 0, "flags": null},
        {"visibility": "Pixel", "kind": "table", "ranges": [
            {"type": "Sampler", "count": 4, "base_register": 0, "space": 0, "offset": "append", "flags": null}]},
        {"visibility": "Pixel", "kind": "constants", "register": 1, "space": 0, "count": 1},
        {"visibility": "Pixel", "kind": "cbv", "register": 2, "space": 0, "flags": null}]}"#;
    let (rs, _) = dxil2spirv::rootsig::load(text.as_bytes()).unwrap();
    let block = rs.root_block();
    let order: Vec<(usize, u64, u64)> = block
        .entries
        .iter()
        .map(|e| (e.parameter, e.offset, e.size))
        .collect();
    assert_eq!(
        order,
        [
            (2, 0, 8),
            (5, 8, 8),
            (1, 16, 12),
            (4, 28, 4),
            (0, 32, 4),
            (3, 36, 4)
        ]
    );
    assert_eq!(block.size, 40);
    assert_eq!(
        block.stages,
        [ShaderVisibility::Vertex, ShaderVisibility::Pixel]
    );
    let doc = block.to_json(&rs);
    check_against_vkd3d("hand-written", &rs, &doc);
    // Append offsets resolve to the end of the previous range.
    let table = doc.get("parameters").map(|p| match p {
        Json::Array(items) => items[4].clone(),
        _ => panic!(),
    });
    let offsets: Vec<u64> = match table.as_ref().and_then(|t| t.get("ranges")) {
        Some(Json::Array(ranges)) => ranges
            .iter()
            .map(|r| num(r.get("offset").unwrap()))
            .collect(),
        _ => panic!("{table:?}"),
    };
    assert_eq!(offsets, [0, 2, 10]);
    let heap = |i: usize| match doc.get("parameters") {
        Some(Json::Array(items)) => items[i].get("heap").cloned(),
        _ => None,
    };
    assert_eq!(heap(4), Some(Json::from("resource")));
    assert_eq!(heap(5), Some(Json::from("sampler")));
}
