//! D3D12's root-signature rules: every corpus root signature passes them,
//! alone and against its own shader; each broken rule fails with its typed
//! variant, naming the register, the parameter and the stage.

use crate::common::corpus;
use crate::rootsig_io::corpus_parts;
use dxil2spirv::container::{self, FourCC};
use dxil2spirv::dxil::ShaderKind;
use dxil2spirv::rootsig::{
    load, Binder, DeclaredResource, DescriptorRangeType as RT, Register, RootSignature,
    RootSignatureError as E, RootSignatureFlags, ShaderUse, ShaderVisibility as Vis,
};
use dxil2spirv::Shader;

/// A root signature from its JSON form, with defaults filled in: version
/// 1.1, no flags, no samplers; ranges `[type, count, base]` in space 0 with
/// `append` offsets.
fn rs(parameters: &str, samplers: &str, flags: &str) -> RootSignature {
    let text = format!(
        r#"{{"version": "1.1", "flags": [{flags}], "parameters": [{parameters}], "static_samplers": [{samplers}]}}"#
    );
    load(text.as_bytes())
        .unwrap_or_else(|e| panic!("{e}\n{text}"))
        .0
}

fn table(vis: &str, ranges: &[(&str, &str, u32)]) -> String {
    let ranges: Vec<String> = ranges
        .iter()
        .map(|(t, count, base)| {
            format!(
                r#"{{"type": "{t}", "count": {count}, "base_register": {base}, "space": 0, "offset": "append", "flags": []}}"#
            )
        })
        .collect();
    format!(
        r#"{{"visibility": "{vis}", "kind": "table", "ranges": [{}]}}"#,
        ranges.join(",")
    )
}

fn constants(vis: &str, register: u32, count: u32) -> String {
    format!(
        r#"{{"visibility": "{vis}", "kind": "constants", "register": {register}, "space": 0, "count": {count}}}"#
    )
}

fn root(kind: &str, vis: &str, register: u32) -> String {
    format!(
        r#"{{"visibility": "{vis}", "kind": "{kind}", "register": {register}, "space": 0, "flags": []}}"#
    )
}

fn sampler(register: u32, vis: &str, filter: &str, anisotropy: u32) -> String {
    format!(
        r#"{{"register": {register}, "space": 0, "filter": "{filter}", "address": ["Wrap", "Wrap", "Wrap"],
            "mip_lod_bias": 0.0, "max_anisotropy": {anisotropy}, "comparison": "Never",
            "border_color": "OpaqueBlack", "lod_range": [0.0, 1000.0], "visibility": "{vis}"}}"#
    )
}

fn reg(class: RT, index: u32) -> Register {
    Register {
        class,
        index,
        space: 0,
    }
}

fn param(index: usize) -> Binder {
    Binder::Parameter { index, range: None }
}

fn range(index: usize, range: usize) -> Binder {
    Binder::Parameter {
        index,
        range: Some(range),
    }
}

/// The error, after checking that its message names `names` (register,
/// parameter, stage).
fn fails(result: Result<(), E>, names: &[&str]) -> E {
    let e = result.expect_err("the root signature must be rejected");
    let message = e.to_string();
    for name in names {
        assert!(message.contains(name), "{message:?} lacks {name:?}");
    }
    assert!(e.to_error().message().contains(&message));
    assert!(e.to_error().message().contains(e.rule()));
    e
}

#[test]
fn cost_over_64_dwords() {
    // 61 + 1 + 2 = 64 is fine; one more table crosses the limit.
    let ok = rs(
        &[
            constants("All", 0, 61),
            table("All", &[("Srv", "1", 0)]),
            root("cbv", "All", 1),
        ]
        .join(","),
        "",
        "",
    );
    assert_eq!(ok.cost(), 64);
    ok.validate().unwrap();
    let bad = rs(
        &[
            constants("All", 0, 61),
            table("All", &[("Srv", "1", 0)]),
            root("cbv", "Pixel", 1),
            table("All", &[("Uav", "1", 0)]),
        ]
        .join(","),
        "",
        "",
    );
    let e = fails(
        bad.validate(),
        &["65 DWORDs", "parameter 3", "u0 space 0", "all stages"],
    );
    assert_eq!(
        e,
        E::CostTooHigh {
            cost: 65,
            at: param(3),
            register: Some(reg(RT::Uav, 0)),
            visibility: Vis::All
        }
    );
}

#[test]
fn mixed_sampler_table() {
    let bad = rs(
        &table("Pixel", &[("Srv", "2", 0), ("Sampler", "1", 0)]),
        "",
        "",
    );
    let e = fails(
        bad.validate(),
        &["parameter 0 range 1", "s0 space 0", "Pixel"],
    );
    assert_eq!(
        e,
        E::MixedSamplerTable {
            at: range(0, 1),
            register: reg(RT::Sampler, 0),
            visibility: Vis::Pixel
        }
    );
}

#[test]
fn overlapping_ranges_visible_to_one_stage() {
    let bad = rs(
        &[
            table("All", &[("Srv", "4", 0)]),
            table("Pixel", &[("Srv", "1", 2)]),
        ]
        .join(","),
        "",
        "",
    );
    let e = fails(
        bad.validate(),
        &[
            "t2 space 0",
            "parameter 0 range 0",
            "parameter 1 range 0",
            "Pixel",
        ],
    );
    assert_eq!(
        e,
        E::Overlap {
            register: reg(RT::Srv, 2),
            first: range(0, 0),
            second: range(1, 0),
            stage: Vis::Pixel
        }
    );
    // The same register for two different stages is fine (VS vs PS).
    rs(
        &[
            table("Vertex", &[("Srv", "4", 0)]),
            table("Pixel", &[("Srv", "1", 2)]),
        ]
        .join(","),
        "",
        "",
    )
    .validate()
    .unwrap();
    // Unbounded ranges overlap everything above them.
    let bad = rs(
        &[
            root("srv", "All", 100),
            table("Vertex", &[("Srv", "\"unbounded\"", 7)]),
        ]
        .join(","),
        "",
        "",
    );
    let e = fails(
        bad.validate(),
        &[
            "t100 space 0",
            "parameter 0",
            "parameter 1 range 0",
            "Vertex",
        ],
    );
    assert!(
        matches!(
            e,
            E::Overlap {
                stage: Vis::Vertex,
                ..
            }
        ),
        "{e:?}"
    );
}

#[test]
fn static_sampler_overlapping_a_sampler_table() {
    let bad = rs(
        &table("All", &[("Sampler", "2", 0)]),
        &sampler(1, "Geometry", "MIN_MAG_MIP_LINEAR", 1),
        "",
    );
    let e = fails(
        bad.validate(),
        &[
            "s1 space 0",
            "parameter 0 range 0",
            "static sampler 0",
            "Geometry",
        ],
    );
    assert_eq!(
        e,
        E::Overlap {
            register: reg(RT::Sampler, 1),
            first: range(0, 0),
            second: Binder::StaticSampler(0),
            stage: Vis::Geometry
        }
    );
}

#[test]
fn unbounded_range_followed_by_append() {
    let bad = rs(
        &table("Hull", &[("Uav", "\"unbounded\"", 0), ("Uav", "1", 0)]),
        "",
        "",
    );
    // Both ranges also overlap, but the table rule is checked first.
    let e = fails(
        bad.validate(),
        &["parameter 0 range 1", "u0 space 0", "Hull"],
    );
    assert_eq!(
        e,
        E::AppendAfterUnbounded {
            at: range(0, 1),
            register: reg(RT::Uav, 0),
            visibility: Vis::Hull
        }
    );
}

#[test]
fn empty_and_overflowing_ranges() {
    let e = fails(
        rs(&table("Domain", &[("Cbv", "0", 3)]), "", "").validate(),
        &["parameter 0 range 0", "b3 space 0", "Domain"],
    );
    assert_eq!(
        e,
        E::EmptyRange {
            at: range(0, 0),
            register: reg(RT::Cbv, 3),
            visibility: Vis::Domain
        }
    );
    let e = fails(
        rs(&table("Mesh", &[("Srv", "2", u32::MAX)]), "", "").validate(),
        &["parameter 0 range 0", "t4294967295 space 0", "Mesh"],
    );
    assert!(matches!(e, E::RegisterOverflow { .. }), "{e:?}");
    let past_the_end = table("Pixel", &[("Srv", "16", 0)])
        .replace("\"offset\": \"append\"", "\"offset\": 4294967290");
    let e = fails(
        rs(&past_the_end, "", "").validate(),
        &[
            "parameter 0 range 0",
            "t0 space 0",
            "Pixel",
            "last descriptor",
        ],
    );
    assert_eq!(
        e,
        E::OffsetOverflow {
            at: range(0, 0),
            register: reg(RT::Srv, 0),
            visibility: Vis::Pixel
        }
    );
}

#[test]
fn invalid_flags_and_samplers() {
    let text = table("All", &[("Sampler", "1", 0)])
        .replace("\"flags\": []", "\"flags\": [\"DATA_STATIC\"]");
    let e = fails(
        rs(&text, "", "").validate(),
        &["parameter 0 range 0", "s0 space 0", "DESCRIPTORS_VOLATILE"],
    );
    assert!(
        matches!(e, E::InvalidFlags { at: Some(b), .. } if b == range(0, 0)),
        "{e:?}"
    );
    let e = fails(
        rs("", "", "\"0x4000\"").validate(),
        &["root signature", "0x4000"],
    );
    assert!(matches!(e, E::InvalidFlags { at: None, .. }), "{e:?}");
    let e = fails(
        rs("", &sampler(4, "Pixel", "ANISOTROPIC", 17), "").validate(),
        &["static sampler 0", "s4 space 0", "Pixel", "17"],
    );
    assert!(
        matches!(
            e,
            E::InvalidSampler {
                at: Binder::StaticSampler(0),
                ..
            }
        ),
        "{e:?}"
    );
    let e = fails(
        rs("", &sampler(0, "All", "0x3", 1), "").validate(),
        &["static sampler 0", "s0 space 0", "filter"],
    );
    assert!(matches!(e, E::InvalidSampler { .. }), "{e:?}");
}

fn uses(stage: ShaderKind, resources: &[(RT, u32, u32, bool)]) -> ShaderUse {
    ShaderUse {
        stage,
        resources: resources
            .iter()
            .map(|&(class, index, count, root_bindable)| DeclaredResource {
                register: reg(class, index),
                count,
                root_bindable,
            })
            .collect(),
        resource_heap: false,
        sampler_heap: false,
    }
}

#[test]
fn register_no_parameter_covers() {
    let sig = rs(&table("All", &[("Srv", "4", 0)]), "", "");
    let e = fails(
        sig.check_shader(&uses(ShaderKind::Pixel, &[(RT::Srv, 5, 1, false)])),
        &["t5 space 0", "Pixel"],
    );
    assert_eq!(
        e,
        E::NotCovered {
            register: reg(RT::Srv, 5),
            stage: ShaderKind::Pixel
        }
    );
    sig.check_shader(&uses(ShaderKind::Pixel, &[(RT::Srv, 3, 1, false)]))
        .unwrap();
}

#[test]
fn visibility_mismatch() {
    let sig = rs(&table("Vertex", &[("Srv", "4", 0)]), "", "");
    let e = fails(
        sig.check_shader(&uses(ShaderKind::Pixel, &[(RT::Srv, 1, 1, false)])),
        &["t1 space 0", "parameter 0 range 0", "Vertex", "Pixel"],
    );
    assert_eq!(
        e,
        E::NotVisible {
            register: reg(RT::Srv, 1),
            at: range(0, 0),
            visibility: Vis::Vertex,
            stage: ShaderKind::Pixel
        }
    );
    // Compute sees only `All` parameters.
    let e = fails(
        sig.check_shader(&uses(ShaderKind::Compute, &[(RT::Srv, 0, 1, false)])),
        &["t0 space 0", "parameter 0 range 0", "Compute"],
    );
    assert!(matches!(e, E::NotVisible { .. }), "{e:?}");
    // DENY_PIXEL_SHADER_ROOT_ACCESS hides even `All` parameters.
    let denied = rs(
        &table("All", &[("Srv", "4", 0)]),
        "",
        "\"DENY_PIXEL_SHADER_ROOT_ACCESS\"",
    );
    let e = fails(
        denied.check_shader(&uses(ShaderKind::Pixel, &[(RT::Srv, 0, 1, false)])),
        &["t0 space 0", "parameter 0 range 0", "Pixel"],
    );
    assert!(matches!(e, E::NotVisible { .. }), "{e:?}");
    denied
        .check_shader(&uses(ShaderKind::Vertex, &[(RT::Srv, 0, 1, false)]))
        .unwrap();
}

#[test]
fn class_mismatch() {
    let sig = rs(
        &[table("All", &[("Uav", "2", 0)]), constants("All", 0, 4)].join(","),
        "",
        "",
    );
    let e = fails(
        sig.check_shader(&uses(ShaderKind::Compute, &[(RT::Srv, 1, 1, false)])),
        &["t1 space 0", "parameter 0 range 0", "u1", "Compute"],
    );
    assert_eq!(
        e,
        E::ClassMismatch {
            register: reg(RT::Srv, 1),
            at: range(0, 0),
            found: RT::Uav,
            stage: ShaderKind::Compute
        }
    );
}

#[test]
fn array_not_wholly_inside_its_range() {
    let sig = rs(
        &table("All", &[("Srv", "4", 0), ("Srv", "\"unbounded\"", 10)]),
        "",
        "",
    );
    let e = fails(
        sig.check_shader(&uses(ShaderKind::Compute, &[(RT::Srv, 2, 8, false)])),
        &[
            "t2 space 0",
            "an array of 8",
            "parameter 0 range 0",
            "Compute",
        ],
    );
    assert_eq!(
        e,
        E::PartlyCovered {
            register: reg(RT::Srv, 2),
            count: 8,
            at: range(0, 0),
            stage: ShaderKind::Compute
        }
    );
    let e = fails(
        sig.check_shader(&uses(ShaderKind::Compute, &[(RT::Srv, 1, u32::MAX, false)])),
        &["unbounded", "parameter 0 range 0"],
    );
    assert!(matches!(e, E::PartlyCovered { .. }), "{e:?}");
    sig.check_shader(&uses(
        ShaderKind::Compute,
        &[(RT::Srv, 12, u32::MAX, false)],
    ))
    .unwrap();
}

#[test]
fn root_srv_on_a_texture() {
    let sig = rs(
        &[root("srv", "All", 0), root("uav", "All", 0)].join(","),
        "",
        "",
    );
    let e = fails(
        sig.check_shader(&uses(ShaderKind::Compute, &[(RT::Srv, 0, 1, false)])),
        &["t0 space 0", "parameter 0", "Compute", "root descriptor"],
    );
    assert_eq!(
        e,
        E::RootDescriptorNotBuffer {
            register: reg(RT::Srv, 0),
            at: param(0),
            stage: ShaderKind::Compute
        }
    );
    sig.check_shader(&uses(
        ShaderKind::Compute,
        &[(RT::Srv, 0, 1, true), (RT::Uav, 0, 1, true)],
    ))
    .unwrap();
}

#[test]
fn heap_indexing_without_its_flag() {
    let sig = rs("", "", "");
    let mut shader = uses(ShaderKind::Compute, &[]);
    shader.resource_heap = true;
    let e = fails(
        sig.check_shader(&shader),
        &["Compute", "CBV_SRV_UAV_HEAP_DIRECTLY_INDEXED"],
    );
    assert_eq!(
        e,
        E::HeapNotIndexed {
            flag: RootSignatureFlags::CBV_SRV_UAV_HEAP_DIRECTLY_INDEXED,
            stage: ShaderKind::Compute
        }
    );
    shader.resource_heap = false;
    shader.sampler_heap = true;
    let e = fails(
        sig.check_shader(&shader),
        &["SAMPLER_HEAP_DIRECTLY_INDEXED"],
    );
    assert!(matches!(e, E::HeapNotIndexed { .. }), "{e:?}");
    let flagged = rs("", "", "\"SAMPLER_HEAP_DIRECTLY_INDEXED\"");
    flagged.check_shader(&shader).unwrap();
}

#[test]
fn every_corpus_root_signature_is_valid() {
    for (name, bytes) in corpus_parts() {
        let sig = RootSignature::parse(&bytes).unwrap();
        sig.validate().unwrap_or_else(|e| panic!("{name}: {e}"));
    }
}

#[test]
fn every_corpus_shader_fits_its_root_signature() {
    let mut checked = 0;
    for (name, path) in corpus::blobs() {
        let blob = std::fs::read(&path).unwrap();
        let Ok(c) = container::parse(&blob) else {
            continue;
        };
        if c.part(FourCC::RTS0).is_none() {
            continue;
        }
        let Some(sig) = c.root_signature().unwrap() else {
            continue;
        };
        let shader = Shader::read(&blob).unwrap_or_else(|e| panic!("{name}: {e}"));
        if shader.dxil.is_library() {
            continue;
        }
        sig.check_shader(&ShaderUse::of(&shader))
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        checked += 1;
    }
    assert!(checked >= 25, "{checked} shaders checked");
}

/// A corpus shader and its own root signature.
fn corpus_case(name: &str) -> (ShaderUse, RootSignature) {
    let blob = std::fs::read(corpus::root().join(format!("{name}.dxil"))).unwrap();
    let shader = Shader::read(&blob).unwrap();
    let sig = shader.container.root_signature().unwrap().unwrap();
    (ShaderUse::of(&shader), sig)
}

#[test]
fn corpus_shaders_against_broken_root_signatures() {
    // The heap-indexing compute shader without its root flags.
    let (shader, mut sig) = corpus_case("binding/rs66-heap-indexing-flags");
    assert!(shader.resource_heap && shader.sampler_heap);
    sig.check_shader(&shader).unwrap();
    sig.flags = RootSignatureFlags::NONE;
    let e = fails(
        sig.check_shader(&shader),
        &["Compute", "CBV_SRV_UAV_HEAP_DIRECTLY_INDEXED"],
    );
    assert!(matches!(e, E::HeapNotIndexed { .. }), "{e:?}");

    // The pixel shader of the per-stage root signature, with the pixel
    // parameters turned to the vertex stage (they collide with the vertex
    // ones) or to the hull stage (the pixel shader sees none of its own).
    let (shader, sig) = corpus_case("binding/rs-visibility-ps");
    assert_eq!(shader.stage, ShaderKind::Pixel);
    sig.check_shader(&shader).unwrap();
    let moved = |to: Vis| {
        let mut sig = sig.clone();
        for p in &mut sig.parameters {
            if p.visibility == Vis::Pixel {
                p.visibility = to;
            }
        }
        sig
    };
    let e = fails(
        moved(Vis::Vertex).check_shader(&shader),
        &[
            "t0 space 0",
            "parameter 3 range 0",
            "parameter 4 range 0",
            "Vertex",
        ],
    );
    assert_eq!(
        e,
        E::Overlap {
            register: reg(RT::Srv, 0),
            first: range(3, 0),
            second: range(4, 0),
            stage: Vis::Vertex
        }
    );
    let e = fails(
        moved(Vis::Hull).check_shader(&shader),
        &["t0 space 0", "parameter 3 range 0", "Vertex", "Pixel"],
    );
    assert_eq!(
        e,
        E::NotVisible {
            register: reg(RT::Srv, 0),
            at: range(3, 0),
            visibility: Vis::Vertex,
            stage: ShaderKind::Pixel
        }
    );
}

#[test]
fn resolve_gives_each_resource_its_access_path() {
    use dxil2spirv::rootsig::Access;
    // RootConstants(2, b1), DescriptorTable(CBV(b0)), DescriptorTable(SRV(t0,
    // numDescriptors=2)), DescriptorTable(UAV(u0), UAV(u3)), SRV(t5): the
    // root block is t5 @0, b1 @8, tables @16, @20, @24.
    let (shader, sig) = corpus_case("binding/rs10-tables-and-root-params");
    let access = |class, index| {
        let r = shader
            .resources
            .iter()
            .find(|r| r.register.class == class && r.register.index == index)
            .unwrap_or_else(|| panic!("{class:?}{index}"));
        sig.resolve(r, shader.stage).unwrap()
    };
    assert_eq!(
        access(RT::Srv, 5),
        Access::RootDescriptor {
            parameter: 4,
            block_offset: 0
        }
    );
    assert_eq!(
        access(RT::Cbv, 1),
        Access::RootConstants {
            parameter: 0,
            block_offset: 8
        }
    );
    assert_eq!(
        access(RT::Uav, 3),
        Access::Table {
            parameter: 3,
            range: 1,
            block_offset: 24,
            range_offset: 1,
            range_base: 3
        }
    );
    let sampled = rs("", &sampler(2, "All", "MIN_MAG_MIP_POINT", 1), "");
    let s2 = DeclaredResource {
        register: reg(RT::Sampler, 2),
        count: 1,
        root_bindable: false,
    };
    assert_eq!(
        sampled.resolve(&s2, ShaderKind::Compute),
        Ok(Access::StaticSampler(0))
    );
}
