//! Textures, storage images and samplers in the run harness: the spec
//! syntax (`corpus/README.md`, "Textures, storage images and samplers"),
//! and every corpus run spec that declares an image or a sampler run on
//! every Vulkan device the loader lists: in the plain model, and, where the
//! blob embeds a root signature, in `bindless-1` with everything (static
//! samplers as immutable samplers included) bound from reflection alone.
//! A device without what a spec needs (descriptor indexing for heap specs
//! and tables, on lavapipe 22.3) refuses the run by name: counted and
//! printed as `SKIPPED:`, never passed; on NVIDIA every run must pass.

use crate::common;
use crate::common::vulkan::Tally;

use dxil2spirv::binding::RootSignatureChoice;
use dxil2spirv::compile::CompileOptions;
use dxil2spirv::container::Container;
use dxil2spirv::run::{
    self, HeapView, ImageKind, RegisterClass, RegisterKey, RunSpec, TableBases, TexelFormat,
};
use std::path::{Path, PathBuf};

/// Every corpus run spec that declares an image or sampler: (name, blob,
/// spec).
fn image_specs() -> Vec<(String, Vec<u8>, RunSpec)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus");
    let mut paths: Vec<PathBuf> = ["compute", "control-flow", "advanced", "binding"]
        .iter()
        .flat_map(|d| std::fs::read_dir(root.join(d)).into_iter().flatten())
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "run"))
        .collect();
    paths.sort();
    let mut out = Vec::new();
    for path in paths {
        let spec = RunSpec::from_file(&path).expect("spec parses");
        if !spec.uses_images() {
            continue;
        }
        let blob = std::fs::read(path.with_extension("dxil")).expect("blob");
        let name = path.file_stem().unwrap().to_string_lossy().to_string();
        out.push((name, blob, spec));
    }
    out
}

/// Cases that crash a driver's shader compiler (the process aborts), so
/// they are never run there (corpus/README.md, "Known driver limits"):
/// `emit_run::` and this module skip them on that driver, by name.
pub(crate) fn driver_crash(device: &str, name: &str) -> bool {
    let lavapipe = device.contains("llvmpipe") || device.contains("lavapipe");
    lavapipe && name == "arr-texture-kinds-compute"
}

/// Runs a driver is known to get wrong (corpus/README.md, "Known driver
/// limits"): expected failures on that driver only.
fn known_driver_failure(device: &str, name: &str, mode: &str) -> bool {
    let lavapipe = device.contains("llvmpipe") || device.contains("lavapipe");
    lavapipe && (name, mode) == ("rs-sampler-table-cs", "plain")
}

fn embeds_root_signature(blob: &[u8]) -> bool {
    Container::parse(blob)
        .ok()
        .and_then(|c| c.root_signature().ok().flatten())
        .is_some()
}

#[test]
fn image_specs_run_on_every_device() {
    let _turn = common::vulkan::turn();
    if !common::vulkan::available() {
        return;
    }
    let specs = image_specs();
    assert!(
        specs.len() >= 12,
        "expected at least 12 image run specs, found {}",
        specs.len()
    );
    let vulkan = common::vulkan::vulkan();
    let devices = vulkan.list_devices().expect("Vulkan devices");
    let mut tally = Tally::default();
    for device in &devices {
        let nvidia = device.name.contains("NVIDIA");
        let swept = vulkan.with_session(Some(device.index), false, |session| {
            for (name, blob, spec) in &specs {
                if driver_crash(&device.name, name) {
                    eprintln!(
                        "SKIPPED: {name} on {}: crashes its shader compiler",
                        device.name
                    );
                    tally.skipped += 1;
                    continue;
                }
                let mut runs = vec![("plain", CompileOptions::default())];
                if embeds_root_signature(blob) {
                    let options = CompileOptions {
                        root_signature: RootSignatureChoice::Embedded,
                        ..CompileOptions::default()
                    };
                    runs.push(("bindless-1", options));
                }
                for (mode, options) in runs {
                    let out = run::compile_for_run(blob, &options).expect("compiles");
                    let entry = &out.reflection.entry_point;
                    let options = run::RunOptions::default();
                    let r = if out.reflection.bindless.is_some() {
                        run::bindless_from_reflection(&out.reflection, spec, &TableBases::new())
                            .and_then(|desc| {
                                session.run_bindless(spec, &out.spirv, entry, &desc, &options)
                            })
                    } else {
                        let bindings = run::bindings_from_reflection(&out.reflection, spec);
                        session.run_spec(spec, &out.spirv, entry, &bindings, None, &options)
                    };
                    let at = format!("{name} ({mode}) on {}", device.name);
                    let known = known_driver_failure(&device.name, name, mode);
                    match r {
                        Ok(rep) if known && !rep.passed => {
                            eprintln!("{at}: known driver failure: {}", rep.summary())
                        }
                        r => {
                            tally.add(&at, r, nvidia);
                        }
                    }
                }
            }
        });
        swept.expect("the Vulkan device opens");
    }
    eprintln!(
        "image specs: {} spec(s) on {} device(s): {}",
        specs.len(),
        devices.len(),
        tally.counts()
    );
    assert!(tally.failures.is_empty(), "{}", tally.failures.join("\n"));
}

fn parse(body: &str) -> RunSpec {
    RunSpec::parse(&format!("dispatch = 1, 1, 1\n{body}\n"))
        .unwrap_or_else(|e| panic!("{body}: {e}"))
}

fn parse_err(body: &str) -> String {
    RunSpec::parse(&format!("dispatch = 1, 1, 1\n{body}\n"))
        .expect_err(body)
        .to_string()
}

#[test]
fn image_lines_parse_to_shapes_and_texels() {
    let spec = parse(
        "t1 : texture2darray r32f [2, 2, 3] = arange(12)\n\
         u0,space2 : rwtexture2d rgba8unorm [2, 1] = 0, 1, 0.5, 1, 1, 0, 0, 0\n\
         t3 : texture3d rg32ui [2, 2, 2]\n\
         t4 : texturecube rgba32f [1, 1] = repeat(2)\n\
         t5 : texture2d r32ui [4, 4] mips(3) = arange(21)\n\
         heap[7] : texture1darray r32i [4, 2] = repeat(-1)\n\
         heap[8] : rwtexture1d r32ui [4]\n\
         t9 : texture2dms rgba32f [8, 4] samples(4) = 1, 2, 3, 4",
    );
    let t1 = &spec.resources[0];
    let img = t1.image.expect("an image");
    assert_eq!(
        (
            img.kind,
            img.storage,
            img.format,
            img.extent,
            img.layers,
            img.mips
        ),
        (
            ImageKind::Tex2DArray,
            false,
            TexelFormat::R32f,
            [2, 2, 1],
            3,
            1
        )
    );
    assert_eq!((t1.count, t1.data.len()), (12, 48));
    assert_eq!(&t1.data[44..], &11f32.to_le_bytes());
    let u0 = &spec.resources[1];
    assert_eq!(u0.key, RegisterKey::uav(0).in_space(2));
    assert!(u0.image.unwrap().storage);
    assert_eq!(u0.data, [0, 255, 128, 255, 255, 0, 0, 0]);
    assert_eq!(spec.resources[2].data.len(), 2 * 2 * 2 * 8);
    let cube = spec.resources[3].image.unwrap();
    assert_eq!((cube.layers, spec.resources[3].count), (6, 6));
    // Mips: 16 + 4 + 1 texels.
    assert_eq!(spec.resources[4].count, 21);
    assert_eq!(spec.resources[4].image.unwrap().mip_extent(2), [1, 1, 1]);
    assert_eq!(spec.resources[5].view, Some(HeapView::Texture));
    assert_eq!(spec.resources[6].view, Some(HeapView::RwTexture));
    // A multisampled texture is one colour: one texel of data.
    let ms = &spec.resources[7];
    assert_eq!((ms.image.unwrap().samples, ms.count), (4, 1));
    assert!(spec.uses_heap() && spec.uses_images());
}

#[test]
fn expect_lines_take_an_image_shape_or_a_texel_count() {
    let spec = parse(
        "u0 : rwtexture2d r32ui [2, 2]\n\
         expect u0 : rwtexture2d r32ui [2, 2] = 1, 2, 3, 4",
    );
    assert_eq!(spec.expectations[0].count, 4);
    let flat = parse(
        "u0 : rwtexture2d r32ui [2, 2]\n\
         expect u0 : r32ui[4] = 1, 2, 3, 4",
    );
    assert_eq!(flat.expectations[0].data, spec.expectations[0].data);
    let e = parse_err("u0 : rwtexture2d r32ui [2, 2]\nexpect u0 : r32ui[3] = 1, 2, 3");
    assert!(e.contains("line 3"), "{e}");
}

#[test]
fn sampler_lines_give_vulkan_state() {
    let spec = parse(
        "s0 : sampler\n\
         s1,space3 : sampler filter(linear) address(wrap, clamp, mirror) border(opaque_white) \
         compare(greater_equal)\n\
         s2 : sampler filter(point, linear, point) reduction(max) lod(0, 2) anisotropy(4)\n\
         sampler_heap[9] : sampler address(border) border(opaque_black_uint)",
    );
    let s0 = spec.resources[0].sampler.as_ref().expect("a sampler");
    assert_eq!(
        (s0.min_filter, s0.address_modes, s0.compare_enable),
        ("NEAREST", ["CLAMP_TO_EDGE"; 3], false)
    );
    let s1 = spec.resources[1].sampler.as_ref().unwrap();
    assert_eq!(spec.resources[1].key.class, RegisterClass::Sampler);
    assert_eq!(spec.resources[1].key.space, 3);
    assert_eq!(
        (s1.mag_filter, s1.mipmap_mode, s1.address_modes),
        (
            "LINEAR",
            "LINEAR",
            ["REPEAT", "CLAMP_TO_EDGE", "MIRRORED_REPEAT"]
        )
    );
    assert_eq!(
        (s1.border_color, s1.compare_enable, s1.compare_op),
        ("FLOAT_OPAQUE_WHITE", true, "GREATER_OR_EQUAL")
    );
    let s2 = spec.resources[2].sampler.as_ref().unwrap();
    assert_eq!(
        (s2.min_filter, s2.mag_filter, s2.reduction_mode, s2.max_lod),
        ("NEAREST", "LINEAR", "MAX", 2.0)
    );
    assert!(s2.anisotropy_enable);
    let heap = &spec.resources[3];
    assert_eq!(heap.key, RegisterKey::sampler_heap(9));
    assert_eq!(heap.key.to_string(), "sampler_heap[9]");
    assert_eq!(heap.view, Some(HeapView::Sampler));
    assert_eq!(
        heap.sampler.as_ref().unwrap().border_color,
        "INT_OPAQUE_BLACK"
    );
}

#[test]
fn malformed_image_and_sampler_lines_are_named_errors() {
    for (body, wanted) in [
        ("t0 : texture2d rgba32f [4]", "takes 2 size(s)"),
        ("t0 : texture2d rgba99f [4, 4]", "unknown image format"),
        ("t0 : texturecube r32f [4, 2]", "square"),
        ("u0 : rwtexturecube r32f [4, 4]", "no RW cube"),
        ("t0 : rwtexture2d r32f [4, 4]", "`u` registers"),
        ("u0 : texture2d r32f [4, 4]", "`t` registers"),
        ("t0 : texture2d r32f [2, 2] mips(3)", "mips(3)"),
        ("t0 : texture2d r32f [2, 2] = 1, 2, 3", "holds 4 values"),
        ("t0 : texture2d r32f [0, 2]", "not in 1..=16384"),
        ("s0 : sampler filter(cubic)", "unknown filter"),
        (
            "s0 : sampler filter(point) filter(linear)",
            "a second `filter",
        ),
        ("s0 : sampler lod(2, 1)", "above the maximum"),
        ("s0 : u32[4]", "holds a sampler"),
        ("t0 : sampler", "samplers go at"),
        ("s0 : sampler address(wrap, wrap)", "one value or three"),
        ("t0 : texture2dms rgba32f [4, 4]", "needs `samples"),
        (
            "t0 : texture2dms rgba32f [4, 4] samples(3)",
            "not 2, 4, 8 or 16",
        ),
        (
            "t0 : texture2dms rgba8unorm [4, 4] samples(4)",
            "32-bit format",
        ),
        (
            "t0 : texture2d rgba32f [4, 4] samples(4)",
            "takes no `samples",
        ),
    ] {
        let e = parse_err(body);
        assert!(
            e.contains(wanted) && e.contains("line 2"),
            "{body}: {e} (wanted `{wanted}`)"
        );
    }
}
