//! Ray-tracing exports on a real driver: the DXR pinhole camera of
//! `corpus/advanced/dxr-raygen-pinhole-camera.hlsl` (ray generation, miss
//! and closest hit, one SPIR-V module each) traced over one triangle, every
//! texel compared with what the HLSL computes. Needs a device with
//! `VK_KHR_ray_tracing_pipeline` (NVIDIA here); on one without (lavapipe
//! before Mesa 24.1) it says so and checks nothing else. Fails without a
//! Vulkan device unless `DXIL2SPIRV_NO_VULKAN=1`.

#![cfg(feature = "vulkan")]

mod common;

use dxil2spirv::compile::{Compiler, Output, ResourceClass};
use dxil2spirv::run::{Trace, UniformData, Vulkan};
use dxil2spirv::ErrorKind;

const SIZE: u32 = 32;
const EYE: [f32; 3] = [0.0, 0.0, -1.0];
const FAR: f32 = 10.0;
const TRIANGLE: [[f32; 3]; 3] = [[-0.5, -0.5, 1.0], [0.5, -0.5, 1.0], [0.0, 0.5, 1.0]];

/// The `Camera` constant buffer: an identity `InvViewProj`, `Eye`,
/// `FarPlane`.
fn camera() -> Vec<u8> {
    let mut words = Vec::new();
    for row in 0..4 {
        for col in 0..4 {
            words.push(if row == col { 1.0f32 } else { 0.0 });
        }
    }
    words.extend(EYE);
    words.push(FAR);
    words.iter().flat_map(|w| w.to_le_bytes()).collect()
}

/// What the HLSL writes at `cell`, or `None` near the triangle's edges
/// (where hit or miss depends on rounding).
fn expected(x: u32, y: u32) -> Option<[f32; 4]> {
    let ndc_x = (x as f32 + 0.5) / SIZE as f32 * 2.0 - 1.0;
    let ndc_y = 1.0 - (y as f32 + 0.5) / SIZE as f32 * 2.0;
    let d = [ndc_x - EYE[0], ndc_y - EYE[1], 1.0 - EYE[2]];
    let len = (d[0] * d[0] + d[1] * d[1] + d[2] * d[2]).sqrt();
    let dir = [d[0] / len, d[1] / len, d[2] / len];
    // The triangle lies in the plane z = 1.
    let t = (TRIANGLE[0][2] - EYE[2]) / dir[2];
    let (px, py) = (EYE[0] + t * dir[0], EYE[1] + t * dir[1]);
    let [a, b, c] = TRIANGLE;
    let (e1, e2) = ([b[0] - a[0], b[1] - a[1]], [c[0] - a[0], c[1] - a[1]]);
    let det = e1[0] * e2[1] - e1[1] * e2[0];
    let (qx, qy) = (px - a[0], py - a[1]);
    // D3D's barycentrics: the weights of vertices 1 and 2.
    let u = (qx * e2[1] - qy * e2[0]) / det;
    let v = (e1[0] * qy - e1[1] * qx) / det;
    let edge = 2e-3;
    if [u, v, 1.0 - u - v].iter().any(|w| w.abs() < edge) {
        return None;
    }
    Some(if u > 0.0 && v > 0.0 && u + v < 1.0 {
        [1.0 - t / FAR, u, v, 1.0]
    } else {
        let s = (dir[1] * 0.5 + 0.5).clamp(0.0, 1.0);
        [1.0 - 0.7 * s, 1.0 - 0.5 * s, 1.0, 0.0]
    })
}

/// The (set, binding) of the resource of `class` and register 0.
fn slot(out: &Output, class: ResourceClass) -> (u32, u32) {
    let r = out
        .reflection
        .resources
        .iter()
        .find(|r| r.class == class && r.register == 0)
        .unwrap_or_else(|| panic!("{} has no {class:?} 0", out.reflection.entry_point));
    (r.set, r.binding)
}

#[test]
fn pinhole_camera_matches_the_hlsl() {
    if !common::vulkan::available() {
        return;
    }
    let path = common::corpus::root().join("advanced/dxr-raygen-pinhole-camera.dxil");
    let outs = Compiler::default()
        .compile_all(&std::fs::read(path).unwrap())
        .expect("compiles");
    let by_stage = |stage: &str| {
        outs.iter()
            .find(|o| o.reflection.stage == stage)
            .unwrap_or_else(|| panic!("no {stage} export"))
    };
    let (raygen, miss, hit) = (
        by_stage("raygeneration"),
        by_stage("miss"),
        by_stage("closesthit"),
    );
    let data = camera();
    let (set, binding) = slot(raygen, ResourceClass::Cbv);
    assert_eq!((set, binding), slot(hit, ResourceClass::Cbv));
    let uniforms = [UniformData {
        set,
        binding,
        data: &data,
    }];
    let vulkan = Vulkan::load().expect("Vulkan loader");
    let result = vulkan
        .with_session(None, false, |s| {
            eprintln!("tracing on {}", s.device());
            s.trace(&Trace {
                raygen: (&raygen.spirv, &raygen.reflection.entry_point),
                miss: (&miss.spirv, &miss.reflection.entry_point),
                closest_hit: (&hit.spirv, &hit.reflection.entry_point),
                triangle: TRIANGLE,
                width: SIZE,
                height: SIZE,
                uniforms: &uniforms,
                scene: slot(raygen, ResourceClass::Srv),
                output: slot(raygen, ResourceClass::Uav),
            })
        })
        .expect("session");
    let texels = match result {
        Err(e) if e.kind() == ErrorKind::Unsupported && e.message().contains("ray tracing") => {
            eprintln!("SKIPPED: the device cannot trace rays: {e}");
            return;
        }
        other => other.expect("trace"),
    };
    let (mut hits, mut misses, mut bad) = (0, 0, Vec::new());
    for y in 0..SIZE {
        for x in 0..SIZE {
            let Some(want) = expected(x, y) else {
                continue;
            };
            let got = texels[(y * SIZE + x) as usize].map(f32::from_bits);
            if want[3] == 1.0 {
                hits += 1;
            } else {
                misses += 1;
            }
            if got.iter().zip(want).any(|(g, w)| (g - w).abs() > 1e-4) {
                bad.push(format!("({x}, {y}): got {got:?}, want {want:?}"));
            }
        }
    }
    assert!(hits > 50 && misses > 50, "{hits} hits, {misses} misses");
    assert!(
        bad.is_empty(),
        "{} texels differ:\n{}",
        bad.len(),
        bad.join("\n")
    );
}
