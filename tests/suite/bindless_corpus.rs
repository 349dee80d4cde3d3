//! `bindless-1` over the whole corpus: for every blob that compiles in the
//! plain model, a root signature is synthesized from its declared
//! resources that uses every kind of binding (root SRV/UAV/CBV, root
//! constants, descriptor tables of CBV/SRV/UAV and of samplers, unbounded
//! ranges in tables of their own, static samplers, the heap-indexing
//! flags); every export then compiles through it and passes the current
//! spirv-val (but `GetDimensions` on a buffer bound as a root descriptor,
//! which has no size: a named unsupported error).

use crate::common::{corpus, spirv_val};
use dxil2spirv::compile::{
    BindlessOptions, CompileOptions, Compiler, ReflectedResource, ResourceClass,
    RootSignatureChoice,
};
use dxil2spirv::rootsig::{
    ComparisonFunc, DescriptorRange, DescriptorRangeFlags, Filter, RootConstants, RootDescriptor,
    RootDescriptorFlags, RootParameter, RootParameterKind, RootSignature, RootSignatureFlags,
    RootSignatureVersion, ShaderVisibility, StaticBorderColor, StaticSampler, TextureAddressMode,
};

fn range(r: &ReflectedResource) -> DescriptorRange {
    DescriptorRange {
        range_type: r.class.into(),
        num_descriptors: r.count,
        base_register: r.register,
        space: r.space,
        flags: Some(DescriptorRangeFlags::NONE),
        offset: DescriptorRange::APPEND,
    }
}

fn param(kind: RootParameterKind) -> RootParameter {
    RootParameter {
        kind,
        visibility: ShaderVisibility::All,
    }
}

fn static_sampler(r: &ReflectedResource) -> StaticSampler {
    StaticSampler {
        filter: Filter(0x15),
        address_u: TextureAddressMode::Wrap,
        address_v: TextureAddressMode::Clamp,
        address_w: TextureAddressMode::Border,
        mip_lod_bias: 0.0,
        max_anisotropy: 1,
        comparison_func: ComparisonFunc::LessEqual,
        border_color: StaticBorderColor::OpaqueWhite,
        min_lod: 0.0,
        max_lod: f32::MAX,
        register: r.register,
        space: r.space,
        visibility: ShaderVisibility::All,
        flags: None,
    }
}

/// A root signature that binds every declared resource, alternating the
/// ways a resource can be bound.
fn synthesize(resources: &[ReflectedResource]) -> RootSignature {
    let mut parameters = Vec::new();
    let mut table = Vec::new();
    let mut samplers = Vec::new();
    let mut static_samplers = Vec::new();
    let (mut root_descriptors, mut constants) = (0, 0);
    for (i, r) in resources.iter().filter(|r| !r.heap).enumerate() {
        let alternate = i % 2 == 0;
        let reg = RootDescriptor {
            register: r.register,
            space: r.space,
            flags: Some(RootDescriptorFlags::NONE),
        };
        let root_bindable = matches!(
            r.kind,
            "RawBuffer" | "StructuredBuffer" | "RTAccelerationStructure"
        ) && r.counter.is_none();
        if r.count == u32::MAX {
            parameters.push(param(RootParameterKind::DescriptorTable(vec![range(r)])));
        } else if r.count == 1
            && root_descriptors < 6
            && (root_bindable || r.class == ResourceClass::Cbv)
            && alternate
        {
            root_descriptors += 1;
            parameters.push(param(match r.class {
                ResourceClass::Srv => RootParameterKind::Srv(reg),
                ResourceClass::Uav => RootParameterKind::Uav(reg),
                _ => RootParameterKind::Cbv(reg),
            }));
        } else if r.class == ResourceClass::Cbv && r.count == 1 && r.size <= 64 && constants < 24 {
            let n = r.size.div_ceil(4).max(1);
            constants += n;
            parameters.push(param(RootParameterKind::Constants(RootConstants {
                register: r.register,
                space: r.space,
                num_32bit_values: n,
            })));
        } else if r.class == ResourceClass::Sampler && r.count == 1 && alternate {
            static_samplers.push(static_sampler(r));
        } else if r.class == ResourceClass::Sampler {
            samplers.push(range(r));
        } else {
            table.push(range(r));
        }
    }
    if !table.is_empty() {
        parameters.push(param(RootParameterKind::DescriptorTable(table)));
    }
    if !samplers.is_empty() {
        parameters.push(param(RootParameterKind::DescriptorTable(samplers)));
    }
    RootSignature {
        version: RootSignatureVersion::V1_1,
        flags: RootSignatureFlags::CBV_SRV_UAV_HEAP_DIRECTLY_INDEXED
            | RootSignatureFlags::SAMPLER_HEAP_DIRECTLY_INDEXED,
        parameters,
        static_samplers,
    }
}

#[test]
fn every_corpus_shader_compiles_through_a_synthesized_root_signature() {
    let plain = Compiler::new(CompileOptions {
        validate: false,
        ..CompileOptions::default()
    });
    let (mut compiled, mut failures) = (0, Vec::new());
    for (name, path) in corpus::blobs() {
        let blob = std::fs::read(&path).unwrap();
        let Ok(outs) = plain.compile_all(&blob) else {
            continue;
        };
        let Some(first) = outs.first() else { continue };
        let rs = synthesize(&first.reflection.resources);
        // The synthesized root signature binds everything: an empty local
        // root signature replaces a library's local subobjects, which
        // would overlap it (D3D12 forbids that).
        let no_local = RootSignature {
            version: RootSignatureVersion::V1_1,
            flags: RootSignatureFlags::LOCAL_ROOT_SIGNATURE,
            parameters: Vec::new(),
            static_samplers: Vec::new(),
        };
        let bindless = Compiler::new(CompileOptions {
            validate: false,
            root_signature: RootSignatureChoice::Supplied(Box::new(rs)),
            local_root_signature: Some(Box::new(no_local)),
            bindless: BindlessOptions::default(),
            ..CompileOptions::default()
        });
        match bindless.compile_all(&blob) {
            Ok(outs) => {
                for out in outs {
                    if let Err(e) = spirv_val::check(&out.spirv) {
                        failures.push(format!(
                            "{name}:{}: spirv-val: {e}",
                            out.reflection.entry_point
                        ));
                    }
                    compiled += 1;
                }
            }
            // D3D12 root descriptors have no size: GetDimensions on one is
            // the named unsupported error (the synthesized root signature
            // binds such buffers as root descriptors).
            Err(e) if e.to_string().contains("a root descriptor has no size") => {}
            Err(e) => failures.push(format!("{name}: {e}")),
        }
    }
    assert!(compiled > 300, "only {compiled} modules compiled");
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
