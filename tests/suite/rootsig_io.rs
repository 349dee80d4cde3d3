//! The root-signature model's I/O: every corpus `RTS0` part writes back
//! byte for byte, and RTS0 → JSON → RTS0 is the identity, for the corpus
//! (versions 1.0 and 1.1) and for hand-written 1.2 cases with static-sampler
//! flags; `load` takes raw bytes, containers and JSON alike.

use crate::common::corpus;
use dxil2spirv::container::{self, FourCC};
use dxil2spirv::json::{self, Json};
use dxil2spirv::rootsig::{
    load, ComparisonFunc, DescriptorRange, DescriptorRangeFlags, DescriptorRangeType, Filter,
    RootConstants, RootDescriptor, RootDescriptorFlags, RootParameter, RootParameterKind,
    RootSignature, RootSignatureFlags, RootSignatureVersion, SamplerFlags, ShaderVisibility,
    Source, StaticBorderColor, StaticSampler, TextureAddressMode,
};

/// The `RTS0` part of a container, if it has one.
pub fn part_of(blob: &[u8]) -> Option<Vec<u8>> {
    let c = container::parse(blob).ok()?;
    Some(c.part(FourCC::RTS0)?.data.to_vec())
}

/// Every corpus blob's `RTS0` part, as (category/name, bytes).
pub fn corpus_parts() -> Vec<(String, Vec<u8>)> {
    corpus::blobs()
        .into_iter()
        .filter_map(|(name, path)| Some((name, part_of(&std::fs::read(&path).unwrap())?)))
        .collect()
}

fn json_text(rs: &RootSignature) -> String {
    let mut text = String::new();
    rs.to_json().write_pretty(&mut text).unwrap();
    text
}

/// RTS0 → model → RTS0, and RTS0 → JSON text → model → RTS0.
fn assert_round_trips(name: &str, bytes: &[u8]) {
    let rs = RootSignature::parse(bytes).unwrap_or_else(|e| panic!("{name}: {e}"));
    assert_eq!(rs.to_rts0().unwrap(), bytes, "{name}: RTS0 → RTS0");
    let text = json_text(&rs);
    let (back, source) = load(text.as_bytes()).unwrap_or_else(|e| panic!("{name}: {e}\n{text}"));
    assert_eq!(source, Source::Json);
    assert_eq!(back.to_rts0().unwrap(), bytes, "{name}: RTS0 → JSON → RTS0");
    assert_eq!(json_text(&back), text, "{name}: JSON → JSON");
}

#[test]
fn every_corpus_root_signature_round_trips() {
    let parts = corpus_parts();
    assert_eq!(parts.len(), 34, "corpus RTS0 parts");
    let mut versions = [0usize; 3];
    for (name, bytes) in &parts {
        assert_round_trips(name, bytes);
        let rs = RootSignature::parse(bytes).unwrap();
        versions[rs.version.to_u32() as usize - 1] += 1;
    }
    assert_eq!(versions, [4, 30, 0], "1.0, 1.1, 1.2 parts");
}

#[test]
fn load_reads_containers_raw_parts_and_json() {
    let (name, path) = corpus::blobs()
        .into_iter()
        .find(|(n, _)| n == "binding/rs-static-sampler-compute")
        .expect("binding/rs-static-sampler-compute");
    let blob = std::fs::read(path).unwrap();
    let (from_blob, source) = load(&blob).unwrap();
    assert_eq!(source, Source::Container, "{name}");
    let part = part_of(&blob).unwrap();
    assert_eq!(load(&part).unwrap(), (from_blob.clone(), Source::Rts0));
    let text = format!("  \n{}", json_text(&from_blob));
    assert_eq!(load(text.as_bytes()).unwrap(), (from_blob, Source::Json));
    // A container without RTS0 is an error, not an empty root signature.
    let plain = std::fs::read(corpus::root().join("compute/int-add-sub-mul-wrap.dxil")).unwrap();
    assert!(load(&plain).unwrap_err().message().contains("RTS0"));
}

fn sampler(register: u32, flags: SamplerFlags) -> StaticSampler {
    StaticSampler {
        filter: Filter::COMPARISON_MIN_MAG_LINEAR_MIP_POINT,
        address_u: TextureAddressMode::Border,
        address_v: TextureAddressMode::MirrorOnce,
        address_w: TextureAddressMode::Wrap,
        mip_lod_bias: -0.0,
        max_anisotropy: 16,
        comparison_func: ComparisonFunc::GreaterEqual,
        border_color: StaticBorderColor::OpaqueWhiteUint,
        min_lod: 0.1,
        max_lod: f32::MAX,
        register,
        space: 7,
        visibility: ShaderVisibility::Pixel,
        flags: Some(flags),
    }
}

/// Hand-written 1.2 root signatures: every sampler flag, odd floats
/// (negative zero, infinities, a NaN payload), unnamed flag bits, unnamed
/// filters, and every parameter kind.
fn v1_2_cases() -> Vec<RootSignature> {
    let range = |t, n, base, offset| DescriptorRange {
        range_type: t,
        num_descriptors: n,
        base_register: base,
        space: 1,
        flags: Some(DescriptorRangeFlags::DATA_STATIC | DescriptorRangeFlags(0x100)),
        offset,
    };
    let full = RootSignature {
        version: RootSignatureVersion::V1_2,
        flags: RootSignatureFlags::CBV_SRV_UAV_HEAP_DIRECTLY_INDEXED
            | RootSignatureFlags::SAMPLER_HEAP_DIRECTLY_INDEXED
            | RootSignatureFlags(0x4000),
        parameters: vec![
            RootParameter {
                kind: RootParameterKind::DescriptorTable(vec![
                    range(DescriptorRangeType::Srv, 4, 0, 0),
                    range(
                        DescriptorRangeType::Uav,
                        DescriptorRange::UNBOUNDED,
                        2,
                        DescriptorRange::APPEND,
                    ),
                ]),
                visibility: ShaderVisibility::All,
            },
            RootParameter {
                kind: RootParameterKind::DescriptorTable(vec![]),
                visibility: ShaderVisibility::Mesh,
            },
            RootParameter {
                kind: RootParameterKind::Constants(RootConstants {
                    register: 3,
                    space: 0,
                    num_32bit_values: 5,
                }),
                visibility: ShaderVisibility::Amplification,
            },
            RootParameter {
                kind: RootParameterKind::Uav(RootDescriptor {
                    register: 9,
                    space: 2,
                    flags: Some(RootDescriptorFlags::DATA_VOLATILE),
                }),
                visibility: ShaderVisibility::Vertex,
            },
        ],
        static_samplers: vec![
            sampler(0, SamplerFlags::UINT_BORDER_COLOR),
            sampler(1, SamplerFlags::NON_NORMALIZED_COORDINATES),
            sampler(
                2,
                SamplerFlags::UINT_BORDER_COLOR | SamplerFlags::NON_NORMALIZED_COORDINATES,
            ),
            StaticSampler {
                filter: Filter(0x1234),
                mip_lod_bias: f32::NEG_INFINITY,
                min_lod: f32::from_bits(0x7fc0_0001),
                max_lod: f32::INFINITY,
                ..sampler(3, SamplerFlags(0x8))
            },
            sampler(4, SamplerFlags::NONE),
        ],
    };
    let empty = RootSignature {
        version: RootSignatureVersion::V1_2,
        flags: RootSignatureFlags::NONE,
        parameters: vec![],
        static_samplers: vec![],
    };
    let samplers_only = RootSignature {
        parameters: vec![],
        ..full.clone()
    };
    vec![full, empty, samplers_only]
}

#[test]
fn hand_written_1_2_cases_round_trip() {
    for (i, rs) in v1_2_cases().iter().enumerate() {
        let bytes = rs.to_rts0().unwrap();
        let back = RootSignature::parse(&bytes).unwrap();
        assert_eq!(back.to_rts0().unwrap(), bytes, "case {i}");
        // NaN payloads compare unequal as floats: compare the bytes, and
        // the model where it has no NaN (the empty case).
        if i == 1 {
            assert_eq!(&back, rs, "case {i}");
        }
        assert_round_trips(&format!("1.2 case {i}"), &bytes);
    }
}

#[test]
fn json_of_1_2_sampler_flags_reads_as_written() {
    let text = json_text(&v1_2_cases()[0]);
    let doc = json::parse(&text).unwrap();
    let flags = |i: usize| {
        let Some(Json::Array(s)) = doc.get("static_samplers") else {
            panic!("{text}")
        };
        s[i].get("flags").cloned().unwrap()
    };
    assert_eq!(
        flags(2),
        Json::from(vec!["UINT_BORDER_COLOR", "NON_NORMALIZED_COORDINATES"])
    );
    assert_eq!(flags(3), Json::from(vec!["0x8"]));
    assert_eq!(flags(4), Json::Array(vec![]));
    let s3 = |key: &str| {
        let Some(Json::Array(s)) = doc.get("static_samplers") else {
            panic!()
        };
        s[3].get(key).cloned().unwrap()
    };
    assert_eq!(s3("filter"), Json::from("0x1234"));
    assert_eq!(s3("mip_lod_bias"), Json::from("0xff800000"));
    assert_eq!(
        s3("lod_range"),
        Json::Array(vec![Json::from("0x7fc00001"), Json::from("0x7f800000")])
    );
}

#[test]
fn bad_json_names_the_field() {
    let good = json_text(&v1_2_cases()[0]);
    for (from, to, path) in [
        ("\"version\": \"1.2\"", "\"version\": \"2.0\"", "version"),
        (
            "\"count\": \"unbounded\"",
            "\"count\": \"many\"",
            "parameters[0].ranges[1].count",
        ),
        (
            "\"kind\": \"constants\"",
            "\"kind\": \"constant\"",
            "parameters[2].kind",
        ),
        (
            "\"register\": 9",
            "\"register\": -9",
            "parameters[3].register",
        ),
        (
            "\"register\": 9",
            "\"registr\": 9",
            "parameters[3].register",
        ),
        (
            "\"visibility\": \"Mesh\"",
            "\"visibility\": \"Task\"",
            "parameters[1].visibility",
        ),
        (
            "\"DATA_VOLATILE\"",
            "\"DATA_VOLATILEX\"",
            "parameters[3].flags[0]",
        ),
        (
            "\"comparison\": \"GreaterEqual\"",
            "\"comparison\": 7",
            "static_samplers[0].comparison",
        ),
    ] {
        assert!(good.contains(from), "{from}");
        let bad = good.replacen(from, to, 1);
        let e = load(bad.as_bytes()).unwrap_err();
        assert!(e.message().contains(path), "{to}: {e}");
    }
    // Flags the version cannot hold are errors, not dropped.
    let v1_1 = good.replacen("\"version\": \"1.2\"", "\"version\": \"1.1\"", 1);
    let e = load(v1_1.as_bytes()).unwrap_err();
    assert!(
        e.message()
            .contains("static_samplers[0].flags: this root signature version"),
        "{e}"
    );
    let v1_0 = json_text(&RootSignature::parse(&corpus_parts()[0].1).unwrap()).replacen(
        "\"version\": \"1.1\"",
        "\"version\": \"1.0\"",
        1,
    );
    let e = load(v1_0.as_bytes()).unwrap_err();
    assert!(
        e.message().contains("flags: this root signature version"),
        "{e}"
    );
    let unknown = good.replacen("\"space\": 2", "\"space\": 2, \"extra\": 1", 1);
    assert!(load(unknown.as_bytes())
        .unwrap_err()
        .message()
        .contains("parameters[3].extra: unknown key"));
    let e = load(b"{\"version\": \"1.0\",}").unwrap_err();
    assert_eq!(e.location(), &dxil2spirv::Location::Byte(18));
}
