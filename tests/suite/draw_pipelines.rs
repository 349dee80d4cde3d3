//! Linked graphics pipelines on a real driver: the corpus's VS -> GS -> PS,
//! layered VS -> GS -> PS (render target array layers, two viewports),
//! VS -> HS -> DS -> PS, vertex-buffer and mesh (with and without an
//! amplification shader) pipelines, compiled by the
//! translator and drawn together; every texel of every target is compared
//! with the render the HLSL headers (`corpus/graphics/*.hlsl`) give, worked
//! out here from their formulas. A device without a feature a pipeline
//! needs reports it as a counted `SKIPPED:` line (never on NVIDIA, which
//! must draw them all). Fails without a Vulkan device unless
//! `DXIL2SPIRV_NO_VULKAN=1`.

use crate::common;
use crate::common::vulkan::Tally;

use dxil2spirv::compile::Output;
use dxil2spirv::run::{
    Draw, MeshStages, StageCode, TargetFormat, Tessellation, Texels, Topology, UniformData,
    VertexAttribute, VertexBuffer, VertexFormat, Viewport,
};

/// Render target size of every case.
const SIZE: u32 = 16;

/// Corpus blob `graphics/<name>`, compiled (and validated) by the
/// translator.
fn compile(name: &str) -> Output {
    common::corpus::compiled(&format!("graphics/{name}"))
}

/// A compiled shader as a draw stage.
fn stage(o: &Output) -> StageCode<'_> {
    (&o.spirv, &o.reflection.entry_point)
}

/// What one texel must hold.
#[derive(Debug, PartialEq)]
enum Want {
    /// Floats, each within 1e-6.
    F([f32; 4]),
    /// Floats, each within the given bound.
    Near([f32; 4], f32),
    /// Exact words.
    U([u32; 4]),
}

const ZERO: Want = Want::U([0; 4]);

/// Compares every texel of every layer of every target of `got` with
/// `want(target, layer, x, y)`; the mismatches (the first few of each
/// target) come back as lines.
fn compare(got: &Texels, layers: u32, want: impl Fn(usize, u32, u32, u32) -> Want) -> Vec<String> {
    let mut out = Vec::new();
    for (t, texels) in got.iter().enumerate() {
        let mut bad = 0;
        let mut deviation = 0.0f32;
        for l in 0..layers {
            for y in 0..SIZE {
                for x in 0..SIZE {
                    let g = texels[((l * SIZE + y) * SIZE + x) as usize];
                    let w = want(t, l, x, y);
                    let ok = match &w {
                        Want::U(u) => g == *u,
                        Want::F(f) | Want::Near(f, _) => {
                            let bound = if let Want::Near(_, b) = w { b } else { 1e-6 };
                            let d = g
                                .iter()
                                .zip(f)
                                .map(|(&g, &f)| (f32::from_bits(g) - f).abs())
                                .fold(0.0, f32::max);
                            deviation = deviation.max(d);
                            d <= bound
                        }
                    };
                    if !ok {
                        bad += 1;
                        if bad <= 4 {
                            let shown = match w {
                                Want::U(_) => format!("{g:?}"),
                                Want::F(_) | Want::Near(..) => {
                                    format!("{:?}", g.map(f32::from_bits))
                                }
                            };
                            out.push(format!("RT{t} layer {l} ({x}, {y}): {shown}, want {w:?}"));
                        }
                    }
                }
            }
        }
        if bad > 0 {
            out.push(format!(
                "RT{t}: {bad} texels differ in all (largest float deviation {deviation:e})"
            ));
        }
    }
    out
}

/// A draw's outcome: its mismatch lines, or the harness's error.
type Outcome = dxil2spirv::Result<Vec<String>>;

/// vs-link-points-to-gs + gs-link-points-to-quads + ps-link-gs-quads: four
/// points expanded to quads by the geometry shader.
fn points_to_quads(s: &dxil2spirv::run::vulkan::Session<'_>) -> Outcome {
    let (vs, gs, ps) = (
        compile("vs-link-points-to-gs"),
        compile("gs-link-points-to-quads"),
        compile("ps-link-gs-quads"),
    );
    let targets = [TargetFormat::Float4, TargetFormat::Uint1];
    let got = s.draw(&Draw {
        geometry: Some(stage(&gs)),
        topology: Topology::PointList,
        ..Draw::new(stage(&vs), stage(&ps), 4, SIZE, SIZE, &targets)
    })?;
    // Point k: its quad [x0, x1) x [y0, y1).
    let quads = [
        (2, 6, 2, 6),
        (10, 14, 2, 6),
        (2, 6, 10, 14),
        (11, 13, 9, 15),
    ];
    Ok(compare(&got, 1, |t, _, x, y| {
        let Some((k, &(x0, x1, y0, y1))) = quads
            .iter()
            .enumerate()
            .find(|(_, &(x0, x1, y0, y1))| (x0..x1).contains(&x) && (y0..y1).contains(&y))
        else {
            return ZERO;
        };
        let k = k as u32;
        let u = (x as f32 - (x0 as f32 - 0.5)) / (x1 - x0) as f32;
        let v = (y as f32 - (y0 as f32 - 0.5)) / (y1 - y0) as f32;
        match t {
            0 => Want::F([u, v, k as f32 * 0.25, 1.0 - k as f32 * 0.25]),
            _ => Want::U([(10 * k + 1) * 100 + k, 0, 0, 0]),
        }
    }))
}

/// vs-link-layer-viewport-to-gs + gs-link-layer-viewport-passthrough +
/// ps-link-layer-viewport: two instances into layers 1 and 3 of a 4-layer
/// target through viewports 0 and 1.
fn layers_and_viewports(s: &dxil2spirv::run::vulkan::Session<'_>) -> Outcome {
    let (vs, gs, ps) = (
        compile("vs-link-layer-viewport-to-gs"),
        compile("gs-link-layer-viewport-passthrough"),
        compile("ps-link-layer-viewport"),
    );
    let viewports = [
        Viewport {
            x: 0.0,
            y: 0.0,
            width: 16.0,
            height: 16.0,
        },
        Viewport {
            x: 0.0,
            y: 0.0,
            width: 8.0,
            height: 8.0,
        },
    ];
    let targets = [TargetFormat::Uint4];
    let got = s.draw(&Draw {
        geometry: Some(stage(&gs)),
        instance_count: 2,
        layers: 4,
        viewports: &viewports,
        ..Draw::new(stage(&vs), stage(&ps), 3, SIZE, SIZE, &targets)
    })?;
    Ok(compare(&got, 4, |_, l, x, y| match l {
        1 => Want::U([1, 0, 16, 25]),
        3 if x < 8 && y < 8 => Want::U([3, 1, 49, 50]),
        _ => ZERO,
    }))
}

/// vs-link-tess-tri + hs-link-tess-tri + ds-link-tess-tri +
/// ps-link-tess-tri: two 3-point patches covering the target.
///
/// On NVIDIA (580.159, H200) RT0's uv is off by up to 9.7e-5, beyond the
/// header's 1e-6, while everything else matches: the rasterizer snaps
/// vertices to 1/256 texel (8 subpixel bits, as D3D11+ also requires) and
/// the tessellated vertices at multiples of 16/3 texels are off that grid,
/// so uv interpolates over slightly moved triangles: along row 0, u is
/// (x + 0.5) / 16 scaled by 1.00023 to 1.00024 (texel (3, 0): 0.21880078
/// for 0.21875), about the snap of 16/3 to 1365/256 (1.000244). RT1 and
/// RT0.zw match exactly. Lavapipe interpolates over the exact positions
/// and matches. So RT0 is checked within what snapping can move it: a
/// vertex moves at most 1/512 texel and uv changes 1/16 per texel, so
/// 1/8192 (1.22e-4), rounded up to 1.25e-4; a wrong interpolation or a
/// swapped domain coordinate is off by 1/32 or more and still fails.
fn tessellated_triangles(s: &dxil2spirv::run::vulkan::Session<'_>) -> Outcome {
    let (vs, hs, ds, ps) = (
        compile("vs-link-tess-tri"),
        compile("hs-link-tess-tri"),
        compile("ds-link-tess-tri"),
        compile("ps-link-tess-tri"),
    );
    let targets = [TargetFormat::Float4, TargetFormat::Uint4];
    let got = s.draw(&Draw {
        tessellation: Some(Tessellation {
            hull: stage(&hs),
            domain: stage(&ds),
            control_points: 3,
        }),
        ..Draw::new(stage(&vs), stage(&ps), 6, SIZE, SIZE, &targets)
    })?;
    let size = SIZE as f32;
    Ok(compare(&got, 1, |t, _, x, y| match t {
        0 => Want::Near(
            [(x as f32 + 0.5) / size, (y as f32 + 0.5) / size, 0.5, 1.0],
            1.25e-4,
        ),
        // The diagonal's texels go to patch 0 (the D3D top-left rule).
        _ if x >= y => Want::U([0, 3, 33, 6]),
        _ => Want::U([1, 12, 123, 6]),
    }))
}

/// The `Location` of vertex shader input `semantic` in `vs`'s reflection.
fn input_location(vs: &Output, semantic: &str) -> u32 {
    let v = vs
        .reflection
        .interface
        .iter()
        .find(|v| !v.output && v.semantic == semantic)
        .unwrap_or_else(|| panic!("no {semantic} input"));
    v.location.expect("a user input has a location").0
}

/// One quad of vs-vertex-buffer-mixed-inputs's vertex buffer: its six
/// vertices' (x, y), its z, its colour's blue and alpha, and its TEXCOORD
/// and BLENDINDICES words.
type Quad = ([(f32, f32); 6], f32, [f32; 2], [u32; 3]);

/// vs-vertex-buffer-mixed-inputs + ps-vertex-buffer-mixed-inputs: two
/// quads from a vertex buffer of float and uint elements.
fn vertex_buffer(s: &dxil2spirv::run::vulkan::Session<'_>) -> Outcome {
    let (vs, ps) = (
        compile("vs-vertex-buffer-mixed-inputs"),
        compile("ps-vertex-buffer-mixed-inputs"),
    );
    // The header's input layout: one slot, 40 bytes a vertex.
    let attributes = [
        ("POSITION", 0, VertexFormat::Float(3)),
        ("COLOR", 12, VertexFormat::Float(4)),
        ("TEXCOORD", 28, VertexFormat::Uint(2)),
        ("BLENDINDICES", 36, VertexFormat::Uint(1)),
    ]
    .map(|(semantic, offset, format)| VertexAttribute {
        location: input_location(&vs, semantic),
        buffer: 0,
        offset,
        format,
    });
    let quads: [Quad; 2] = [
        (
            [
                (-1.0, 1.0),
                (0.0, 1.0),
                (-1.0, -1.0),
                (-1.0, -1.0),
                (0.0, 1.0),
                (0.0, -1.0),
            ],
            0.5,
            [0.75, 1.0],
            [1, 2, 5],
        ),
        (
            [
                (0.0, 1.0),
                (1.0, 1.0),
                (0.0, -1.0),
                (0.0, -1.0),
                (1.0, 1.0),
                (1.0, -1.0),
            ],
            0.25,
            [0.25, 0.5],
            [0x12345, 77, 9],
        ),
    ];
    let mut data = Vec::new();
    for (corners, z, [b, a], words) in quads {
        for (x, y) in corners {
            for f in [x, y, z, (x + 1.0) / 2.0, (1.0 - y) / 2.0, b, a] {
                data.extend_from_slice(&f.to_le_bytes());
            }
            for w in words {
                data.extend_from_slice(&w.to_le_bytes());
            }
        }
    }
    let buffers = [VertexBuffer {
        stride: 40,
        data: &data,
    }];
    let targets = [TargetFormat::Float4, TargetFormat::Uint4];
    let got = s.draw(&Draw {
        vertex_buffers: &buffers,
        attributes: &attributes,
        ..Draw::new(stage(&vs), stage(&ps), 12, SIZE, SIZE, &targets)
    })?;
    Ok(compare(&got, 1, |t, _, x, y| {
        let (cx, cy) = (x as f32 + 0.5, y as f32 + 0.5);
        match (t, x < 8) {
            (0, true) => Want::F([cx / 16.0, cy / 16.0, 0.75, 0.5]),
            (0, false) => Want::F([cx / 32.0, cy / 32.0, 0.125, 0.25]),
            (_, true) => Want::U([2, 6, 16, x]),
            (_, false) => Want::U([77, 0x1234e, 28, x]),
        }
    }))
}

/// vs-position-w-two + ps-position-w-z-target: a quad with clip w = 2;
/// the pixel shader's SV_Position.w is that w.
fn position_w(s: &dxil2spirv::run::vulkan::Session<'_>) -> Outcome {
    let (vs, ps) = (
        compile("vs-position-w-two"),
        compile("ps-position-w-z-target"),
    );
    let targets = [TargetFormat::Float4];
    let got = s.draw(&Draw::new(stage(&vs), stage(&ps), 6, SIZE, SIZE, &targets))?;
    Ok(compare(&got, 1, |_, _, x, y| {
        let (cx, cy) = (x as f32 + 0.5, y as f32 + 0.5);
        Want::F([2.0, (2 * x + 1) as f32 / 64.0, cx, cy])
    }))
}

/// ps-coverage-input as "a pixel shader that returns COLOR0": with one
/// sample, SV_Coverage = 1 and its cbuffer's SampleCount = 1 it returns
/// COLOR0 exactly. Its b0 goes to binding 1 (a root signature's
/// pixel-visible CBV), clear of a mesh shader's own b0; the uniform
/// buffer comes with it.
fn color_pixel_shader() -> (Output, Vec<u8>) {
    let mut options = dxil2spirv::CompileOptions::default();
    options.binding_offsets.cbv = 1;
    let ps = common::corpus::compile("graphics/ps-coverage-input", options)
        .unwrap_or_else(|e| panic!("ps-coverage-input: {e}"));
    (ps, 1u32.to_le_bytes().to_vec())
}

/// The uniform buffer of `o`'s only uniform-buffer resource holding
/// `data`.
fn cbuffer<'a>(o: &Output, data: &'a [u8]) -> UniformData<'a> {
    let cb = o
        .reflection
        .resources
        .iter()
        .find(|r| r.descriptor_type.name() == "uniform_buffer")
        .expect("a cbuffer");
    UniformData {
        set: cb.set,
        binding: cb.binding,
        data,
    }
}

/// ms-attr-array-cull-primitive + ps-mesh-attr-array: an array-typed
/// vertex attribute, the right half culled per primitive.
fn mesh_attr_array(s: &dxil2spirv::run::vulkan::Session<'_>) -> Outcome {
    let (ms, ps) = (
        compile("ms-attr-array-cull-primitive"),
        compile("ps-mesh-attr-array"),
    );
    let targets = [TargetFormat::Float4];
    let mesh = MeshStages {
        amplification: None,
        mesh: stage(&ms),
        groups: [1, 1, 1],
    };
    let got = s.draw(&Draw::mesh(mesh, stage(&ps), SIZE, SIZE, &targets))?;
    Ok(compare(&got, 1, |_, _, x, y| {
        let (cx, cy) = (x as f32 + 0.5, y as f32 + 0.5);
        match x < 8 {
            true => Want::F([3.0 * cx / 32.0, 5.0 * cy / 64.0, 0.5, 0.75]),
            false => ZERO,
        }
    }))
}

/// Columns `[2g, 2g + 2)` hold `colour(g)` for the `g` it gives, the rest
/// 0.
fn column_strips(got: &Texels, colour: impl Fn(u32) -> Option<[f32; 4]>) -> Vec<String> {
    compare(got, 1, |_, _, x, _| match colour(x / 2) {
        Some(c) => Want::F(c),
        None => ZERO,
    })
}

/// as-payload-arrays-scan + ms-payload-arrays-reader (+ a pixel shader
/// returning COLOR0): the amplification shader compacts the visible
/// meshlets into its payload.
fn amplification_payload(s: &dxil2spirv::run::vulkan::Session<'_>) -> Outcome {
    let (amp, ms) = (
        compile("as-payload-arrays-scan"),
        compile("ms-payload-arrays-reader"),
    );
    let (ps, count) = color_pixel_shader();
    let visible: Vec<u8> = [1u32, 0, 1, 1, 0, 1, 1, 0]
        .iter()
        .flat_map(|v| v.to_le_bytes())
        .collect();
    let t0 = amp
        .reflection
        .resources
        .iter()
        .find(|r| r.descriptor_type.name() == "storage_buffer")
        .expect("Visible");
    let storage = [UniformData {
        set: t0.set,
        binding: t0.binding,
        data: &visible,
    }];
    let uniforms = [cbuffer(&ps, &count)];
    let targets = [TargetFormat::Float4];
    let mesh = MeshStages {
        amplification: Some(stage(&amp)),
        mesh: stage(&ms),
        groups: [1, 1, 1],
    };
    let got = s.draw(&Draw {
        uniforms: &uniforms,
        storage_buffers: &storage,
        ..Draw::mesh(mesh, stage(&ps), SIZE, SIZE, &targets)
    })?;
    Ok(column_strips(&got, |m| {
        [0, 2, 3, 5, 6]
            .contains(&m)
            .then(|| [m as f32 / 8.0, 0.25, 1.0 - m as f32 / 8.0, 1.0])
    }))
}

/// ms-empty-output-paths (+ a pixel shader returning COLOR0): groups that
/// output nothing, with and without SetMeshOutputCounts.
fn mesh_empty_outputs(s: &dxil2spirv::run::vulkan::Session<'_>) -> Outcome {
    let ms = compile("ms-empty-output-paths");
    let (ps, count) = color_pixel_shader();
    let mask = 0xfbu32.to_le_bytes();
    let uniforms = [cbuffer(&ms, &mask), cbuffer(&ps, &count)];
    let targets = [TargetFormat::Float4];
    let mesh = MeshStages {
        amplification: None,
        mesh: stage(&ms),
        groups: [8, 1, 1],
    };
    let got = s.draw(&Draw {
        uniforms: &uniforms,
        ..Draw::mesh(mesh, stage(&ps), SIZE, SIZE, &targets)
    })?;
    Ok(column_strips(&got, |g| {
        [0, 4, 6]
            .contains(&g)
            .then(|| [g as f32 / 8.0, 1.0, 0.5, 1.0])
    }))
}

#[test]
fn linked_pipelines_draw_as_the_headers_expect() {
    {
        let _turn = common::vulkan::turn();
        if !common::vulkan::available() {
            return;
        }
    }
    type Case = fn(&dxil2spirv::run::vulkan::Session<'_>) -> Outcome;
    let cases: [(&str, Case); 8] = [
        ("VS -> GS -> PS points to quads", points_to_quads),
        (
            "layered VS -> GS -> PS with two viewports",
            layers_and_viewports,
        ),
        (
            "VS -> HS -> DS -> PS triangle patches",
            tessellated_triangles,
        ),
        ("vertex buffer with mixed inputs", vertex_buffer),
        ("SV_Position.w of w = 2", position_w),
        (
            "mesh shader with an attribute array and culled primitives",
            mesh_attr_array,
        ),
        ("amplification payload of arrays", amplification_payload),
        ("mesh groups with empty outputs", mesh_empty_outputs),
    ];
    let _turn = common::vulkan::turn();
    let tally = common::vulkan::vulkan()
        .with_session(None, false, |s| {
            let nvidia = s.device().name.contains("NVIDIA");
            eprintln!("drawing on {}", s.device());
            let mut tally = Tally::default();
            for (name, case) in cases {
                tally.add_mismatches(name, case(s), nvidia);
            }
            tally
        })
        .expect("session");
    eprintln!("linked pipelines: {}", tally.counts());
    assert!(tally.failures.is_empty(), "{}", tally.failures.join("\n"));
}
