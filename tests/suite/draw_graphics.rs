//! Graphics stages on a real driver: corpus vertex and pixel shaders drawn
//! together on the first Vulkan device (lavapipe here), their render
//! targets compared with what the HLSL computes under D3D12's rules
//! (`corpus/graphics/*.hlsl`). Fails without a Vulkan device unless
//! `DXIL2SPIRV_NO_VULKAN=1`.

use crate::common;

use dxil2spirv::compile::Output;
use dxil2spirv::run::{Draw, TargetFormat, Texels, UniformData, Vulkan};

const SIZE: u32 = 8;

/// The loader the whole test binary shares.
fn vulkan() -> &'static Vulkan {
    common::vulkan::vulkan()
}

/// Corpus blob `graphics/<name>`, compiled.
fn compile(name: &str) -> Output {
    common::corpus::compiled(&format!("graphics/{name}"))
}

/// Draws the full-screen triangle of `vs-vertexid-fullscreen-triangle`
/// (TEXCOORD0 = top-left-origin uv) with pixel shader `ps`.
fn draw_fullscreen(ps: &Output, targets: &[TargetFormat], uniforms: &[UniformData<'_>]) -> Texels {
    draw_fullscreen_from(0, ps, targets, uniforms)
}

/// [`draw_fullscreen`] with the draw's first vertex at `first_vertex`.
fn draw_fullscreen_from(
    first_vertex: u32,
    ps: &Output,
    targets: &[TargetFormat],
    uniforms: &[UniformData<'_>],
) -> Texels {
    let vs = compile("vs-vertexid-fullscreen-triangle");
    let _turn = common::vulkan::turn();
    vulkan()
        .with_session(None, false, |s| {
            eprintln!("drawing on {}", s.device());
            s.draw(&Draw {
                first_vertex,
                uniforms,
                ..Draw::new(
                    (&vs.spirv, &vs.reflection.entry_point),
                    (&ps.spirv, &ps.reflection.entry_point),
                    3,
                    SIZE,
                    SIZE,
                    targets,
                )
            })
        })
        .expect("session")
        .expect("draw")
}

/// Whether a device is there (see `common::vulkan`), asked in turn.
fn available() -> bool {
    let _turn = common::vulkan::turn();
    common::vulkan::available()
}

fn f(bits: u32) -> f32 {
    f32::from_bits(bits)
}

#[test]
fn fragcoord_checkerboard_matches_d3d() {
    if !available() {
        return;
    }
    // cbuffer Screen { float2 InvResolution; float CheckerSize; }
    let ps = compile("ps-position-input-fragcoord");
    let cb = ps
        .reflection
        .resources
        .iter()
        .find(|r| r.descriptor_type.name() == "uniform_buffer")
        .expect("the Screen cbuffer");
    let mut data = Vec::new();
    for v in [1.0f32 / SIZE as f32, 1.0 / SIZE as f32, 2.0, 0.0] {
        data.extend_from_slice(&v.to_le_bytes());
    }
    let uniforms = [UniformData {
        set: cb.set,
        binding: cb.binding,
        data: &data,
    }];
    let out = draw_fullscreen(&ps, &[TargetFormat::Float4], &uniforms);
    let target = &out[0];
    for y in 0..SIZE {
        for x in 0..SIZE {
            let t = target[(y * SIZE + x) as usize];
            let (fx, fy) = (x as f32 + 0.5, y as f32 + 0.5);
            let checker = ((fx / 2.0).floor() + (fy / 2.0).floor()) % 2.0;
            // xy: pixel centres; z: the triangle's depth 0; 1/w with D3D's
            // w (1 here, Vulkan's FragCoord.w is 1/w).
            let want = [
                fx / SIZE as f32 * checker,
                fy / SIZE as f32 * checker,
                0.0,
                1.0,
            ];
            let got = t.map(f);
            assert_eq!(got, want, "pixel ({x}, {y})");
        }
    }
}

#[test]
fn sparse_render_targets_interpolate_and_differentiate() {
    if !available() {
        return;
    }
    // SV_Target1 = (uv, 1 - uv.x, 1), SV_Target3 = uint(pos.x) ^ uint(pos.y),
    // SV_Target6 = ddx(uv) + ddy(uv); targets 0, 2, 4 and 5 are not written
    // (Vulkan leaves them undefined).
    let ps = compile("ps-mrt-sparse-targets");
    let mut formats = [TargetFormat::Float4; 7];
    formats[3] = TargetFormat::Uint4;
    let out = draw_fullscreen(&ps, &formats, &[]);
    let close = |a: f32, b: f32| (a - b).abs() <= 1e-5;
    let step = 1.0 / SIZE as f32;
    for y in 0..SIZE {
        for x in 0..SIZE {
            let i = (y * SIZE + x) as usize;
            let (u, v) = ((x as f32 + 0.5) * step, (y as f32 + 0.5) * step);
            let lit = out[1][i].map(f);
            let want = [u, v, 1.0 - u, 1.0];
            assert!(
                lit.iter().zip(want).all(|(&g, w)| close(g, w)),
                "SV_Target1 at ({x}, {y}): {lit:?}, want {want:?}"
            );
            assert_eq!(out[3][i][0], x ^ y, "SV_Target3 at ({x}, {y})");
            let velocity = out[6][i].map(f);
            assert!(
                close(velocity[0], step) && close(velocity[1], step),
                "SV_Target6 at ({x}, {y}): {velocity:?}"
            );
        }
    }
}

#[test]
fn fine_and_coarse_derivatives_of_an_interpolated_value() {
    if !available() {
        return;
    }
    // SV_Target0 = (ddx(uv), ddy(uv)), SV_Target2 = (ddx_coarse(uv),
    // ddy_coarse(uv)); uv advances 1/8 per texel right and down.
    // SV_Target1 reads HEIGHT, which the vertex shader does not write.
    let ps = compile("ps-derivatives-fine-coarse");
    let out = draw_fullscreen(&ps, &[TargetFormat::Float4; 3], &[]);
    let step = 1.0 / SIZE as f32;
    let want = [step, 0.0, 0.0, step];
    for target in [0, 2] {
        for (i, t) in out[target].iter().enumerate() {
            let got = t.map(f);
            assert!(
                got.iter().zip(want).all(|(&g, w)| (g - w).abs() <= 1e-5),
                "target {target}, texel {i}: {got:?}, want {want:?}"
            );
        }
    }
}

#[test]
fn vertex_ids_start_at_zero_whatever_the_first_vertex() {
    if !available() {
        return;
    }
    // D3D's SV_VertexID ignores StartVertexLocation (Vulkan's VertexIndex
    // includes firstVertex): drawn from vertex 3, the full-screen triangle
    // must be the same, so every texel of SV_Target1 is (uv, 1 - u, 1).
    let ps = compile("ps-mrt-sparse-targets");
    let mut formats = [TargetFormat::Float4; 7];
    formats[3] = TargetFormat::Uint4;
    let out = draw_fullscreen_from(3, &ps, &formats, &[]);
    let step = 1.0 / SIZE as f32;
    for y in 0..SIZE {
        for x in 0..SIZE {
            let (u, v) = ((x as f32 + 0.5) * step, (y as f32 + 0.5) * step);
            let lit = out[1][(y * SIZE + x) as usize].map(f);
            let want = [u, v, 1.0 - u, 1.0];
            assert!(
                lit.iter().zip(want).all(|(&g, w)| (g - w).abs() <= 1e-5),
                "({x}, {y}): {lit:?}, want {want:?}"
            );
        }
    }
}
