//! Ray-tracing exports on a real driver: corpus libraries (ray generation,
//! miss and closest hit, one SPIR-V module each) traced over one triangle,
//! every texel compared with what the HLSL computes: the DXR pinhole camera,
//! the any-hit layer counter, a procedural box with an intersection shader,
//! `CallShader` into a callable shader, the SM 6.9
//! shader-execution-reordering ray generation shader; and, over scenes of
//! several geometries and placed instances, every system value copied into
//! a payload, `NonUniformResourceIndex` into structured-buffer arrays and
//! the SM 6.9 hit-object queries, each buffer compared word by word with
//! the expected contents in the library's header comment. Needs a
//! device with `VK_KHR_ray_tracing_pipeline` (and
//! `VK_NV_ray_tracing_invocation_reorder` for the second; NVIDIA here); on
//! one without (lavapipe before Mesa 24.1) each test says so and checks
//! nothing else. Fails without a Vulkan device unless
//! `DXIL2SPIRV_NO_VULKAN=1`.

use crate::common;

use dxil2spirv::compile::{Compiler, Output, ResourceClass};
use dxil2spirv::run::{
    BufferArray, Geometry, Instance, Scene, ShaderCode, Trace, Traced, UniformData,
};
use std::sync::MutexGuard;

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
    f32_bytes(&words)
}

/// Little-endian bytes of `f32`s.
fn f32_bytes(values: &[f32]) -> Vec<u8> {
    values.iter().flat_map(|v| v.to_le_bytes()).collect()
}

/// Little-endian bytes of `u32`s.
fn u32_bytes(values: &[u32]) -> Vec<u8> {
    values.iter().flat_map(|v| v.to_le_bytes()).collect()
}

/// The little-endian `u32`s of `bytes`.
fn words(bytes: &[u8]) -> Vec<u32> {
    bytes
        .chunks_exact(4)
        .map(|w| u32::from_le_bytes([w[0], w[1], w[2], w[3]]))
        .collect()
}

/// `v` normalized.
fn normalize(v: [f32; 3]) -> [f32; 3] {
    let len = (v[0] * v[0] + v[1] * v[1] + v[2] * v[2]).sqrt();
    [v[0] / len, v[1] / len, v[2] / len]
}

/// Where the ray from `origin` along unit `dir` meets `triangle` (which
/// lies in a plane z = constant): `Some(Some((t, u, v)))` with D3D's
/// barycentrics (the weights of vertices 1 and 2), `Some(None)` for a miss,
/// `None` near an edge (where hit or miss depends on rounding).
fn intersect(
    origin: [f32; 3],
    dir: [f32; 3],
    triangle: [[f32; 3]; 3],
) -> Option<Option<(f32, f32, f32)>> {
    let t = (triangle[0][2] - origin[2]) / dir[2];
    let (px, py) = (origin[0] + t * dir[0], origin[1] + t * dir[1]);
    let [a, b, c] = triangle;
    let (e1, e2) = ([b[0] - a[0], b[1] - a[1]], [c[0] - a[0], c[1] - a[1]]);
    let det = e1[0] * e2[1] - e1[1] * e2[0];
    let (qx, qy) = (px - a[0], py - a[1]);
    let u = (qx * e2[1] - qy * e2[0]) / det;
    let v = (e1[0] * qy - e1[1] * qx) / det;
    if [u, v, 1.0 - u - v].iter().any(|w| w.abs() < 2e-3) {
        return None;
    }
    Some((u > 0.0 && v > 0.0 && u + v < 1.0).then_some((t, u, v)))
}

/// The normalized device coordinates of the centre of cell `(x, y)`.
fn ndc(x: u32, y: u32) -> (f32, f32) {
    let f = |c: u32| (c as f32 + 0.5) / SIZE as f32 * 2.0 - 1.0;
    (f(x), f(y))
}

/// What the pinhole camera writes at `(x, y)`, or `None` near an edge.
fn expected(x: u32, y: u32) -> Option<[f32; 4]> {
    let (ndc_x, ndc_y) = ndc(x, y);
    // The camera flips y: row 0 is the top.
    let dir = normalize([ndc_x - EYE[0], -ndc_y - EYE[1], 1.0 - EYE[2]]);
    Some(match intersect(EYE, dir, TRIANGLE)? {
        Some((t, u, v)) => [1.0 - t / FAR, u, v, 1.0],
        None => {
            let s = (dir[1] * 0.5 + 0.5).clamp(0.0, 1.0);
            [1.0 - 0.7 * s, 1.0 - 0.5 * s, 1.0, 0.0]
        }
    })
}

/// The (set, binding) of the resource of `class` at `register` of `space`.
fn resource(out: &Output, class: ResourceClass, space: u32, register: u32) -> (u32, u32) {
    let r = out
        .reflection
        .resources
        .iter()
        .find(|r| r.class == class && r.space == space && r.register == register)
        .unwrap_or_else(|| {
            panic!(
                "{} has no {class:?} {register}, space {space}",
                out.reflection.entry_point
            )
        });
    (r.set, r.binding)
}

/// The (set, binding) of the resource of `class` at register 0, space 0.
fn slot(out: &Output, class: ResourceClass) -> (u32, u32) {
    resource(out, class, 0, 0)
}

/// `data` bound at (set, binding).
fn bound(slot: (u32, u32), data: &[u8]) -> UniformData<'_> {
    UniformData {
        set: slot.0,
        binding: slot.1,
        data,
    }
}

/// The buffers `elements` bound as an array at (set, binding).
fn bound_array<'a>(slot: (u32, u32), elements: &'a [&'a [u8]]) -> BufferArray<'a> {
    BufferArray {
        set: slot.0,
        binding: slot.1,
        elements,
    }
}

/// A `SIZE` x `SIZE` trace from `raygen` over `geometry` into the output
/// image `u0`, with `miss` and no hit shaders or buffers yet.
fn image_trace<'a>(raygen: &'a Output, miss: &'a Output, geometry: Geometry<'a>) -> Trace<'a> {
    Trace {
        raygen: code(raygen),
        miss: code(miss),
        closest_hit: None,
        any_hit: None,
        intersection: None,
        callables: &[],
        geometry,
        width: SIZE,
        height: SIZE,
        uniforms: &[],
        storage_buffers: &[],
        scene: slot(raygen, ResourceClass::Srv),
        output: Some(slot(raygen, ResourceClass::Uav)),
    }
}

/// An export's SPIR-V and entry point, as `Trace` takes them.
fn code(out: &Output) -> ShaderCode<'_> {
    (&out.spirv, &out.reflection.entry_point)
}

/// The device's turn and every export of corpus blob `advanced/<name>`,
/// compiled; `None` without a device (see `common::vulkan`).
fn exports(name: &str) -> Option<(MutexGuard<'static, ()>, Vec<Output>)> {
    let turn = common::vulkan::turn();
    if !common::vulkan::available() {
        return None;
    }
    let path = common::corpus::root().join(format!("advanced/{name}.dxil"));
    let outs = Compiler::default()
        .compile_all(&std::fs::read(path).unwrap())
        .expect("compiles");
    for o in &outs {
        common::spirv_val::assert_valid(&o.reflection.entry_point, &o.spirv);
    }
    Some((turn, outs))
}

/// The exports of `outs` for `stages`, in order.
fn by_stage<'a, const N: usize>(outs: &'a [Output], stages: [&str; N]) -> [&'a Output; N] {
    stages.map(|stage| {
        outs.iter()
            .find(|o| o.reflection.stage == stage)
            .unwrap_or_else(|| panic!("no {stage} export"))
    })
}

/// `trace` on the first device, or `None` (said on stderr) when the device
/// cannot run it.
fn run(trace: &Trace<'_>) -> Option<Traced> {
    run_in(trace, None)
}

/// `trace` over `scene` (or its own geometry) on the first device, or
/// `None` (said on stderr) when the device cannot run it.
fn run_in(trace: &Trace<'_>, scene: Option<&Scene<'_>>) -> Option<Traced> {
    common::vulkan::on_first_device("tracing", |s| match scene {
        Some(scene) => s.trace_scene(trace, scene),
        None => s.trace(trace),
    })
}

#[test]
fn pinhole_camera_matches_the_hlsl() {
    let Some((_turn, outs)) = exports("dxr-raygen-pinhole-camera") else {
        return;
    };
    let [raygen, miss, hit] = by_stage(&outs, ["raygeneration", "miss", "closesthit"]);
    let data = camera();
    let camera_slot = slot(raygen, ResourceClass::Cbv);
    assert_eq!(camera_slot, slot(hit, ResourceClass::Cbv));
    let uniforms = [bound(camera_slot, &data)];
    let Some(traced) = run(&Trace {
        closest_hit: Some(code(hit)),
        uniforms: &uniforms,
        ..image_trace(raygen, miss, Geometry::Triangles(&[TRIANGLE]))
    }) else {
        return;
    };
    compare_mixed(&traced.image, |x, y, _| {
        let want = expected(x, y)?;
        Some((want, want[3] == 1.0))
    });
}

/// Compares every texel of an image of `SIZE` x `SIZE` with `want(x, y,
/// got)`: the expected value and whether the ray hit, or `None` to skip the
/// texel. Returns the numbers of hits and misses compared.
fn compare(
    texels: &[[u32; 4]],
    mut want: impl FnMut(u32, u32, [f32; 4]) -> Option<([f32; 4], bool)>,
) -> (u32, u32) {
    let (mut hits, mut misses, mut bad) = (0, 0, Vec::new());
    for y in 0..SIZE {
        for x in 0..SIZE {
            let got = texels[(y * SIZE + x) as usize].map(f32::from_bits);
            let Some((want, hit)) = want(x, y, got) else {
                continue;
            };
            if hit {
                hits += 1;
            } else {
                misses += 1;
            }
            if got.iter().zip(want).any(|(g, w)| (g - w).abs() > 1e-4) {
                bad.push(format!("({x}, {y}): got {got:?}, want {want:?}"));
            }
        }
    }
    assert!(
        bad.is_empty(),
        "{} texels differ:\n{}",
        bad.len(),
        bad.join("\n")
    );
    (hits, misses)
}

/// [`compare`], where both hits and misses must be common.
fn compare_mixed(
    texels: &[[u32; 4]],
    want: impl FnMut(u32, u32, [f32; 4]) -> Option<([f32; 4], bool)>,
) {
    let (hits, misses) = compare(texels, want);
    assert!(hits > 50 && misses > 50, "{hits} hits, {misses} misses");
}

/// The ray of `sm69-ser-hitobject-reorder.hlsl` and the triangle it sees.
const SER_ORIGIN: [f32; 3] = [0.0, 0.0, -4.0];
const SER_TRIANGLE: [[f32; 3]; 3] = [[-1.0, -1.0, 0.0], [1.0, -1.0, 0.0], [0.0, 1.0, 0.0]];

#[test]
fn shader_execution_reordering_matches_the_hlsl() {
    let Some((_turn, outs)) = exports("sm69-ser-hitobject-reorder") else {
        return;
    };
    let [raygen, miss, hit] = by_stage(&outs, ["raygeneration", "miss", "closesthit"]);
    // MaterialOfInstance (t1): the coherence hint's material table.
    let materials = u32_bytes(&[3, 0, 0, 0]);
    let storage = [bound(
        resource(raygen, ResourceClass::Srv, 0, 1),
        &materials,
    )];
    let Some(traced) = run(&Trace {
        closest_hit: Some(code(hit)),
        storage_buffers: &storage,
        ..image_trace(raygen, miss, Geometry::Triangles(&[SER_TRIANGLE]))
    }) else {
        return;
    };
    // A hit adds (PrimitiveIndex, HitKind, ShaderTableIndex) * 0.0001 to the
    // colour; the hit kind says which face the rays see (0xFE front, 0xFF
    // back, by the API's winding rule), the same for every ray here.
    let mut hit_kinds = std::collections::BTreeSet::new();
    compare_mixed(&traced.image, |x, y, got| {
        let (ndc_x, ndc_y) = ndc(x, y);
        let dir = normalize([ndc_x, ndc_y, 1.5]);
        Some(match intersect(SER_ORIGIN, dir, SER_TRIANGLE)? {
            Some((t, u, v)) => {
                let kind = ((got[1] - v) / 1e-4).round();
                hit_kinds.insert(kind as u32);
                ([u, v + kind * 1e-4, 1.0, t], true)
            }
            None => ([0.2, 0.3, 0.4, -1.0 + 1e-4], false),
        })
    });
    assert!(
        hit_kinds.len() == 1 && hit_kinds.iter().all(|k| *k == 0xfe || *k == 0xff),
        "hit kinds {hit_kinds:x?}"
    );
}

#[test]
fn any_hit_sees_every_layer_and_ignores_it() {
    let Some((_turn, outs)) = exports("dxr-anyhit-count-layers") else {
        return;
    };
    let [raygen, miss, any] = by_stage(&outs, ["raygeneration", "miss", "anyhit"]);
    // Five layers at z = 1..5, each covering every ray (x = 0 to 1.75).
    let layers: Vec<[[f32; 3]; 3]> = (1..=5)
        .map(|z| {
            let z = z as f32;
            [[-10.0, -10.0, z], [30.0, -10.0, z], [-10.0, 30.0, z]]
        })
        .collect();
    const RAYS: u32 = 8;
    let depths = vec![0u8; RAYS as usize * 16];
    let counts = vec![0u8; RAYS as usize * 4];
    let storage = [
        bound(resource(raygen, ResourceClass::Uav, 0, 0), &depths),
        bound(resource(raygen, ResourceClass::Uav, 0, 1), &counts),
    ];
    let Some(traced) = run(&Trace {
        any_hit: Some(code(any)),
        width: RAYS,
        height: 1,
        storage_buffers: &storage,
        output: None,
        ..image_trace(raygen, miss, Geometry::Triangles(&layers))
    }) else {
        return;
    };
    // Every ray meets all five layers (count 5) and keeps the nearest four
    // distances, sorted: the payload survives IgnoreHit().
    let got_counts = words(&traced.buffers[1]);
    assert_eq!(got_counts, vec![5; RAYS as usize]);
    let got_depths: Vec<f32> = words(&traced.buffers[0])
        .into_iter()
        .map(f32::from_bits)
        .collect();
    for ray in got_depths.chunks_exact(4) {
        let want = [101.0, 102.0, 103.0, 104.0];
        assert!(
            ray.iter().zip(want).all(|(g, w)| (g - w).abs() < 1e-3),
            "{got_depths:?}"
        );
    }
}

/// The exports of `outs` called `names`, in order.
fn by_name<'a, const N: usize>(outs: &'a [Output], names: [&str; N]) -> [&'a Output; N] {
    names.map(|name| {
        outs.iter()
            .find(|o| o.reflection.entry_point == name)
            .unwrap_or_else(|| panic!("no export {name}"))
    })
}

#[test]
fn intersection_shader_reports_procedural_hits() {
    let Some((_turn, outs)) = exports("dxr-subobjects-pipeline") else {
        return;
    };
    let [raygen, miss, intersect, hit] = by_name(
        &outs,
        ["MainRayGen", "MainMiss", "ProcIntersect", "ProcClosestHit"],
    );
    // Frame (b0): CamPos, Time. HitConstants (b0, space1): HitColor.
    let camera = [0.0f32, 0.0, -2.0, 0.0];
    let hit_color = [1.0f32, 0.5, 2.0, 1.0];
    let (frame, constants) = (f32_bytes(&camera), f32_bytes(&hit_color));
    let uniforms = [
        bound(resource(raygen, ResourceClass::Cbv, 0, 0), &frame),
        bound(resource(hit, ResourceClass::Cbv, 1, 0), &constants),
    ];
    // One box around the square |x|, |y| <= 1 of the plane z = 0, where
    // the intersection shader reports its hits.
    let boxes = [[[-1.0, -1.0, -0.25], [1.0, 1.0, 0.25]]];
    let Some(traced) = run(&Trace {
        closest_hit: Some(code(hit)),
        intersection: Some(code(intersect)),
        uniforms: &uniforms,
        ..image_trace(raygen, miss, Geometry::Boxes(&boxes))
    }) else {
        return;
    };
    compare_mixed(&traced.image, |x, y, _| {
        let (ndc_x, ndc_y) = ndc(x, y);
        let d = normalize([ndc_x, ndc_y, 1.0]);
        let t = 2.0 / d[2];
        let (hx, hy) = (t * d[0], t * d[1]);
        if (hx.abs() - 1.0).abs() < 1e-3 || (hy.abs() - 1.0).abs() < 1e-3 {
            return None;
        }
        Some(if hx.abs() <= 1.0 && hy.abs() <= 1.0 {
            // ProcAttr: uv = hit * 0.5 + 0.5, nz = -1 (the ray goes +z).
            let uv = [hx * 0.5 + 0.5, hy * 0.5 + 0.5];
            ([uv[0] * hit_color[0], uv[1] * hit_color[1], 0.0, 1.0], true)
        } else {
            ([0.1, 0.1, 0.2, 1.0], false)
        })
    });
}

#[test]
fn call_shader_runs_the_callable_with_its_data() {
    let Some((_turn, outs)) = exports("dxr-callable-from-hit-and-miss") else {
        return;
    };
    let [raygen, miss, hit, lambert, mirror] = by_name(
        &outs,
        [
            "CallRayGen",
            "CallMiss",
            "CallClosestHit",
            "LambertBrdf",
            "MirrorBrdf",
        ],
    );
    // FaceNormals (t2): the triangle faces the camera. Every ray hits it
    // (the miss shader's environment callable, index 2, is left out); the
    // instance's custom index 0 picks LambertBrdf (index 0).
    let normals = f32_bytes(&[0.0, 0.0, -1.0]);
    let storage = [bound(resource(hit, ResourceClass::Srv, 0, 2), &normals)];
    let wall = [[-10.0, -10.0, 5.0], [10.0, -10.0, 5.0], [0.0, 10.0, 5.0]];
    let Some(traced) = run(&Trace {
        closest_hit: Some(code(hit)),
        callables: &[code(lambert), code(mirror)],
        storage_buffers: &storage,
        ..image_trace(raygen, miss, Geometry::Triangles(&[wall]))
    }) else {
        return;
    };
    let (hits, _) = compare(&traced.image, |x, y, _| {
        // The ray: normalize(float3(id / dims - 0.5, 1)).
        let f = |c: u32| c as f32 / SIZE as f32 - 0.5;
        let d = normalize([f(x), f(y), 1.0]);
        // LambertBrdf: 0.8 * saturate(dot(n, -dir)) with n = (0, 0, -1).
        let l = 0.8 * d[2];
        Some(([l, l, l, 1.0], true))
    });
    assert_eq!(hits, SIZE * SIZE);
}

/// One expected buffer word: exact bits, or a float within 1e-5 relative.
#[derive(Clone, Copy, Debug)]
enum Word {
    U(u32),
    F(f32),
}

/// `Word::F` of each value.
fn floats(values: &[f32]) -> impl Iterator<Item = Word> + '_ {
    values.iter().map(|&v| Word::F(v))
}

/// Compares a buffer read back with `want`, word by word.
fn assert_words(what: &str, got: &[u8], want: &[Word]) {
    assert_eq!(got.len(), want.len() * 4, "{what}: size");
    let bad: Vec<String> = words(got)
        .into_iter()
        .zip(want)
        .enumerate()
        .filter(|(_, (g, w))| match **w {
            Word::U(w) => *g != w,
            Word::F(w) => {
                let g = f32::from_bits(*g);
                (g - w).abs() > 1e-5 * w.abs() + 1e-6
            }
        })
        .map(|(i, (g, w))| format!("word {i}: got {g:#x} ({}), want {w:?}", f32::from_bits(g)))
        .collect();
    assert!(
        bad.is_empty(),
        "{what}: {} words differ:\n{}",
        bad.len(),
        bad.join("\n")
    );
}

/// The scene of `dxr-lib65-payload-system-values` and
/// `sm69-ser-hitobject-attributes-transforms`: a bottom-level structure of
/// geometry 0 (one triangle at object x 50 to 60, never hit) and geometry 1
/// (two triangles at x -40 to -30, never hit, then A B C), in instance 0
/// (InstanceID 0x55, moved by (1000, 0, 0)) and instance 1 (InstanceID
/// 0x123, the rotation and scale below, no flags).
const SYS_GEOMETRY_0: [[[f32; 3]; 3]; 1] =
    [[[50.0, -10.0, 5.0], [50.0, 10.0, 5.0], [60.0, 0.0, 5.0]]];
const SYS_GEOMETRY_1: [[[f32; 3]; 3]; 3] = [
    [[-40.0, -10.0, 5.0], [-40.0, 10.0, 5.0], [-30.0, 0.0, 5.0]],
    [[-40.0, -10.0, 7.0], [-40.0, 10.0, 7.0], [-30.0, 0.0, 7.0]],
    [[-16.0, -16.0, 5.0], [-16.0, 48.0, 5.0], [48.0, -16.0, 5.0]],
];
const SYS_OBJECT_TO_WORLD: [[f32; 4]; 3] = [
    [0.0, -1.0, 0.0, 10.0],
    [1.0, 0.0, 0.0, 20.0],
    [0.0, 0.0, 2.0, 30.0],
];
const SYS_WORLD_TO_OBJECT: [[f32; 4]; 3] = [
    [0.0, 1.0, 0.0, -20.0],
    [-1.0, 0.0, 0.0, 10.0],
    [0.0, 0.0, 0.5, -15.0],
];
const SYS_INSTANCES: [Instance; 2] = [
    Instance {
        transform: [
            [1.0, 0.0, 0.0, 1000.0],
            [0.0, 1.0, 0.0, 0.0],
            [0.0, 0.0, 1.0, 0.0],
        ],
        custom_index: 0x55,
        mask: 0xff,
        cull_disable: false,
    },
    Instance {
        transform: SYS_OBJECT_TO_WORLD,
        custom_index: 0x123,
        mask: 0xff,
        cull_disable: false,
    },
];
const SYS_SCENE: Scene<'static> = Scene {
    geometries: &[
        Geometry::Triangles(&SYS_GEOMETRY_0),
        Geometry::Triangles(&SYS_GEOMETRY_1),
    ],
    instances: &SYS_INSTANCES,
    storage_arrays: &[],
};
/// The barycentrics of the hit on A B C (object point (0.25, 0.5, 5)).
const SYS_BARYCENTRICS: [f32; 2] = [0.2578125, 0.25390625];

/// The columns of a 3x4 matrix, one after the other (a `float3x4` stored
/// column-major).
fn columns(m: [[f32; 4]; 3]) -> Vec<f32> {
    (0..4).flat_map(|c| (0..3).map(move |r| m[r][c])).collect()
}

/// A buffer-output trace of 2 x 1 rays from `raygen` with `miss` and `hit`
/// over `scene` into the raygen's `u0`, a storage buffer of `size` zero
/// bytes, read back as `buffers[0]`; `None` (said on stderr) when the
/// device cannot run it.
fn trace_u0([raygen, miss, hit]: [&Output; 3], size: usize, scene: &Scene<'_>) -> Option<Traced> {
    let u0 = vec![0u8; size];
    let storage = [bound(resource(raygen, ResourceClass::Uav, 0, 0), &u0)];
    let trace = Trace {
        closest_hit: Some(code(hit)),
        width: 2,
        height: 1,
        storage_buffers: &storage,
        output: None,
        ..image_trace(raygen, miss, Geometry::Triangles(&[TRIANGLE]))
    };
    run_in(&trace, Some(scene))
}

#[test]
fn closest_hit_copies_every_system_value_into_the_payload() {
    let Some((_turn, outs)) = exports("dxr-lib65-payload-system-values") else {
        return;
    };
    let shaders = by_name(&outs, ["SysRayGen", "SysMiss", "SysClosestHit"]);
    let Some(traced) = trace_u0(shaders, 2 * 188, &SYS_SCENE) else {
        return;
    };
    let origin = [9.5, 20.25, 24.0];
    let flags = Word::U(0x201);
    let mut want: Vec<Word> = [1, 0x123, 2, 1, 0xfe].map(Word::U).into();
    want.push(flags);
    want.extend(floats(&[0.5, 16.0]));
    want.extend(floats(&origin));
    want.extend(floats(&[0.0, 0.0, 1.0, 0.25, 0.5, -3.0, 0.0, 0.0, 0.5]));
    want.extend(floats(&columns(SYS_OBJECT_TO_WORLD)));
    want.extend(floats(&columns(SYS_WORLD_TO_OBJECT)));
    want.extend(floats(&SYS_BARYCENTRICS));
    want.push(Word::U(1));
    // The miss: ids, hit kind and object-space values stay 0.
    want.extend([0; 5].map(Word::U));
    want.push(flags);
    want.extend(floats(&[0.5, 1000.0]));
    want.extend(floats(&origin));
    want.extend(floats(&[0.0, 0.0, -1.0]));
    want.extend(floats(&[0.0; 6 + 24 + 2]));
    want.push(Word::U(2));
    assert_words("Results", &traced.buffers[0], &want);
}

/// Eight buffers: `data` at element 3, `unused` elsewhere.
fn element_3_of_8<'a>(data: &'a [u8], unused: &'a [u8]) -> Vec<&'a [u8]> {
    (0..8).map(|i| if i == 3 { data } else { unused }).collect()
}

#[test]
fn closest_hit_indexes_buffer_arrays_by_instance() {
    let Some((_turn, outs)) = exports("dxr-closesthit-nonuniform-sb-array") else {
        return;
    };
    let shaders = by_name(&outs, ["ShadeRayGen", "ShadeMiss", "ShadeClosestHit"]);
    let hit = shaders[2];
    // Indices[3] and Vertices[3] hold the mesh; the other elements of both
    // arrays are 16 zero bytes.
    let indices = u32_bytes(&[0, 1, 2, 4, 5, 6]);
    let mut vertices = f32_bytes(&[0.0; 4 * 5]);
    vertices.extend(f32_bytes(&[
        1.0, 0.0, 0.0, 0.0, 0.0, // normal, uv
        0.0, 1.0, 0.0, 1.0, 0.0, //
        0.0, 0.0, 1.0, 0.0, 1.0,
    ]));
    let unused = [0u8; 16];
    let (index_array, vertex_array) = (
        element_3_of_8(&indices, &unused),
        element_3_of_8(&vertices, &unused),
    );
    let arrays = [
        bound_array(resource(hit, ResourceClass::Srv, 1, 0), &index_array),
        bound_array(resource(hit, ResourceClass::Srv, 1, 8), &vertex_array),
    ];
    let triangles = [
        [[10.0, 0.0, 10.0], [14.0, 0.0, 10.0], [10.0, 4.0, 10.0]],
        [[0.0, 0.0, 10.0], [4.0, 0.0, 10.0], [0.0, 4.0, 10.0]],
    ];
    let scene = Scene {
        geometries: &[Geometry::Triangles(&triangles)],
        instances: &[Instance {
            custom_index: 3,
            ..Instance::IDENTITY
        }],
        storage_arrays: &arrays,
    };
    let Some(traced) = trace_u0(shaders, 2 * 24, &scene) else {
        return;
    };
    let mut want: Vec<Word> = floats(&[0.25, 0.25, 0.5, 0.75]).collect();
    want.extend([Word::U(3), Word::F(10.0)]);
    want.extend(floats(&[0.0, 0.0, 0.0, -1.0]));
    want.extend([Word::U(0xffff_ffff), Word::F(100.0)]);
    assert_words("Output", &traced.buffers[0], &want);
}

#[test]
fn hit_object_queries_match_the_hlsl() {
    let Some((_turn, outs)) = exports("sm69-ser-hitobject-attributes-transforms") else {
        return;
    };
    let shaders = by_name(&outs, ["HitObjRayGen", "HitObjMiss", "HitObjClosestHit"]);
    let Some(traced) = trace_u0(shaders, 12 * 16, &SYS_SCENE) else {
        return;
    };
    let [b0, b1] = SYS_BARYCENTRICS;
    let mut rows = vec![
        [b0, b1, 16.0, 0.5],
        SYS_OBJECT_TO_WORLD[0],
        // GetObjectToWorld4x3's column 1 is the 3x4 row 1.
        SYS_OBJECT_TO_WORLD[1],
        SYS_WORLD_TO_OBJECT[2],
        [17.0, 291.0, 2.0, 1.0],
        [1.0, 0.0, 1.0, 254.0],
        [0.0, 0.0, 1000.0, 0.5],
    ];
    rows.extend([[0.0; 4]; 3]);
    rows.extend([[17.0, 0.0, 0.0, 0.0], [0.0, 1.0, 0.0, 0.0]]);
    let want: Vec<Word> = floats(rows.as_flattened()).collect();
    assert_words("Out", &traced.buffers[0], &want);
}
