//! The execution harness on a real Vulkan driver (lavapipe in CI): small
//! hand-built compute shaders run through `run_spec` against specs written
//! here.
//!
//! Without a Vulkan device these tests FAIL, unless `DXIL2SPIRV_NO_VULKAN=1`
//! is set (then they print why and return).
use crate::common;

use dxil2spirv::run::vulkan::Session;
use dxil2spirv::run::{
    run_spec, run_spec_with, BindingDesc, BindingKind, PushConstantDesc, PushConstantRange,
    RegisterKey, RunOptions, RunSpec, TexelFormat, Value,
};
use dxil2spirv::ErrorKind;
use rspirv::binary::Assemble;
use rspirv::dr::{Builder, Operand};
use rspirv::spirv::{self, Word};

/// Common SPIR-V scaffolding for a GLCompute shader with local size 8.
struct Shader {
    b: Builder,
    u32t: Word,
    gid_var: Word,
    interface: Vec<Word>,
}

impl Shader {
    fn new() -> Shader {
        let mut b = Builder::new();
        b.set_version(1, 3);
        b.capability(spirv::Capability::Shader);
        b.memory_model(spirv::AddressingModel::Logical, spirv::MemoryModel::GLSL450);
        let u32t = b.type_int(32, 0);
        let v3 = b.type_vector(u32t, 3);
        let p_in = b.type_pointer(None, spirv::StorageClass::Input, v3);
        let gid_var = b.variable(p_in, None, spirv::StorageClass::Input, None);
        b.decorate(
            gid_var,
            spirv::Decoration::BuiltIn,
            [Operand::BuiltIn(spirv::BuiltIn::GlobalInvocationId)],
        );
        Shader {
            b,
            u32t,
            gid_var,
            interface: vec![gid_var],
        }
    }

    fn bind(&mut self, var: Word, set: u32, binding: u32) {
        self.b.decorate(
            var,
            spirv::Decoration::DescriptorSet,
            [Operand::LiteralBit32(set)],
        );
        self.b.decorate(
            var,
            spirv::Decoration::Binding,
            [Operand::LiteralBit32(binding)],
        );
    }

    /// A `StorageBuffer` block `{ uint d[]; }` variable; the struct type is
    /// made once and shared.
    fn ssbo_type(&mut self) -> Word {
        let rt = self.b.type_runtime_array(self.u32t);
        self.b.decorate(
            rt,
            spirv::Decoration::ArrayStride,
            [Operand::LiteralBit32(4)],
        );
        let st = self.b.type_struct([rt]);
        self.b.decorate(st, spirv::Decoration::Block, []);
        self.b
            .member_decorate(st, 0, spirv::Decoration::Offset, [Operand::LiteralBit32(0)]);
        self.b
            .type_pointer(None, spirv::StorageClass::StorageBuffer, st)
    }

    /// A push-constant block of `n` uints at offsets 0, 4, ..
    fn push_block(&mut self, n: u32) -> Word {
        let members: Vec<Word> = (0..n).map(|_| self.u32t).collect();
        let st = self.b.type_struct(members);
        self.b.decorate(st, spirv::Decoration::Block, []);
        for i in 0..n {
            self.b.member_decorate(
                st,
                i,
                spirv::Decoration::Offset,
                [Operand::LiteralBit32(4 * i)],
            );
        }
        let p = self
            .b
            .type_pointer(None, spirv::StorageClass::PushConstant, st);
        self.b
            .variable(p, None, spirv::StorageClass::PushConstant, None)
    }

    fn begin_main(&mut self) -> (Word, Word) {
        let void = self.b.type_void();
        let fn_ty = self.b.type_function(void, []);
        let f = self
            .b
            .begin_function(void, None, spirv::FunctionControl::NONE, fn_ty)
            .expect("function");
        self.b.begin_block(None).expect("block");
        let v3 = self.b.type_vector(self.u32t, 3);
        let gid = self
            .b
            .load(v3, None, self.gid_var, None, [])
            .expect("load gid");
        let x = self
            .b
            .composite_extract(self.u32t, None, gid, [0])
            .expect("gid.x");
        (f, x)
    }

    fn finish(mut self, f: Word) -> Vec<u32> {
        self.b.ret().expect("ret");
        self.b.end_function().expect("end");
        self.b.entry_point(
            spirv::ExecutionModel::GLCompute,
            f,
            "main",
            self.interface.clone(),
        );
        self.b
            .execution_mode(f, spirv::ExecutionMode::LocalSize, [8, 1, 1]);
        self.b.module().assemble()
    }

    /// `&block.d[index]` for a `{ uint d[]; }` StorageBuffer block.
    fn ssbo_elem(&mut self, var: Word, index: Word) -> Word {
        let p = self
            .b
            .type_pointer(None, spirv::StorageClass::StorageBuffer, self.u32t);
        let zero = self.b.constant_bit32(self.u32t, 0);
        self.b
            .access_chain(p, None, var, [zero, index])
            .expect("access chain")
    }

    /// `block.m` for a push-constant block member.
    fn push_member(&mut self, var: Word, member: u32) -> Word {
        let p = self
            .b
            .type_pointer(None, spirv::StorageClass::PushConstant, self.u32t);
        let m = self.b.constant_bit32(self.u32t, member);
        let ptr = self.b.access_chain(p, None, var, [m]).expect("chain");
        self.b.load(self.u32t, None, ptr, None, []).expect("load")
    }
}

/// `out[i] = in[i] * 2 + pc.add`: t0 at (0, 0), u0 at (0, 1), push
/// constant `b0` holding `add`.
fn double_plus_push() -> Vec<u32> {
    let mut s = Shader::new();
    let p_ssbo = s.ssbo_type();
    let input =
        s.b.variable(p_ssbo, None, spirv::StorageClass::StorageBuffer, None);
    s.bind(input, 0, 0);
    s.b.decorate(input, spirv::Decoration::NonWritable, []);
    let output =
        s.b.variable(p_ssbo, None, spirv::StorageClass::StorageBuffer, None);
    s.bind(output, 0, 1);
    let pc = s.push_block(1);
    let (f, x) = s.begin_main();
    let src = s.ssbo_elem(input, x);
    let v = s.b.load(s.u32t, None, src, None, []).expect("load");
    let two = s.b.constant_bit32(s.u32t, 2);
    let v2 = s.b.i_mul(s.u32t, None, v, two).expect("mul");
    let add = s.push_member(pc, 0);
    let r = s.b.i_add(s.u32t, None, v2, add).expect("add");
    let dst = s.ssbo_elem(output, x);
    s.b.store(dst, r, None, []).expect("store");
    s.finish(f)
}

fn simple_bindings() -> Vec<BindingDesc> {
    vec![
        BindingDesc::new(0, 0, BindingKind::StorageBuffer, RegisterKey::srv(0)),
        BindingDesc::new(0, 1, BindingKind::StorageBuffer, RegisterKey::uav(0)),
    ]
}

const SIMPLE_SPEC: &str = "\
# out[i] = in[i] * 2 + push constant
dispatch = 2, 1, 1
t0 : u32[16] = arange(16)
b0 : u32[1] = 100          # root constant
u0 : u32[16] = repeat(0xcdcdcdcd)
expect u0 : u32[16] = 100, 102, 104, 106, 108, 110, 112, 114, 116, 118, 120, 122, 124, 126, 128, 130
";

#[test]
fn doubles_and_adds_the_push_constant() {
    let _turn = common::vulkan::turn();
    if !common::vulkan::available() {
        return;
    }
    let spec = RunSpec::parse(SIMPLE_SPEC).expect("spec");
    let spirv = double_plus_push();
    let pc = PushConstantDesc::single(RegisterKey::cbv(0));
    let report =
        run_spec(&spec, &spirv, "main", &simple_bindings(), Some(&pc), None).expect("runs");
    assert!(report.passed, "{}", report.summary());
    assert_eq!(report.mismatch_count, 0);
    assert!(report.mismatches.is_empty());
    // Contents of every spec resource come back, unbound ones unchanged.
    assert_eq!(report.contents.len(), 3);
    assert_eq!(report.contents[&RegisterKey::cbv(0)], 100u32.to_le_bytes());
    assert!(report.summary().starts_with("PASS on "));
}

/// Runs the simple spec once in `session`: whether it passed on the
/// session's device.
fn simple_run_passes(session: &Session<'_>) -> bool {
    let spec = RunSpec::parse(SIMPLE_SPEC).expect("spec");
    let pc = PushConstantDesc::single(RegisterKey::cbv(0));
    let report = session
        .run_spec(
            &spec,
            &double_plus_push(),
            "main",
            &simple_bindings(),
            Some(&pc),
            &RunOptions::default(),
        )
        .expect("runs");
    report.passed && report.device.name == session.device().name
}

#[test]
fn one_session_runs_many_times() {
    fn send_sync<T: Send + Sync>() {}
    send_sync::<dxil2spirv::run::Vulkan>();
    let _turn = common::vulkan::turn();
    if !common::vulkan::available() {
        return;
    }
    // More runs than some drivers allow instances per process.
    let passed = common::vulkan::vulkan()
        .with_session(None, false, |session| {
            (0..40).filter(|_| simple_run_passes(session)).count()
        })
        .expect("session");
    assert_eq!(passed, 40);
}

/// A `Vulkan` keeps one instance for all its sessions: NVIDIA 580 refuses
/// `vkCreateInstance` after a few dozen instances in one process, which an
/// instance per session reached (the whole suite failed its last tests).
#[test]
fn many_sessions_share_one_instance() {
    let _turn = common::vulkan::turn();
    if !common::vulkan::available() {
        return;
    }
    let vulkan = common::vulkan::vulkan();
    let passed = (0..100)
        .filter(|_| {
            vulkan
                .with_session(None, false, simple_run_passes)
                .expect("session")
        })
        .count();
    assert_eq!(passed, 100);
}

#[test]
fn wrong_expectation_is_reported() {
    let _turn = common::vulkan::turn();
    if !common::vulkan::available() {
        return;
    }
    // Elements 3 and 9 are wrong in the spec; so is every one of u1's
    // (never written: it keeps its initial 7s).
    let text = SIMPLE_SPEC
        .replace("106,", "107,")
        .replace("118,", "0x1,")
        .replace(
            "expect u0",
            "u1 : i32[2] = repeat(7)\nexpect u1 : i32[2] = -1, -2\nexpect u0",
        );
    let spec = RunSpec::parse(&text).expect("spec");
    let pc = PushConstantDesc::single(RegisterKey::cbv(0));
    let options = RunOptions {
        max_mismatches: 1,
        ..RunOptions::default()
    };
    let report = run_spec_with(
        &spec,
        &double_plus_push(),
        "main",
        &simple_bindings(),
        Some(&pc),
        &options,
    )
    .expect("runs");
    assert!(!report.passed);
    assert_eq!(report.mismatch_count, 4);
    // One listed per expect line (max_mismatches = 1), in spec order.
    assert_eq!(report.mismatches.len(), 2);
    let m = &report.mismatches[0];
    assert_eq!(m.resource, RegisterKey::uav(1));
    assert_eq!(
        (m.index, m.got, m.want),
        (0, Value::SInt(7), Value::SInt(-1))
    );
    assert_eq!(m.line, 7);
    let m = &report.mismatches[1];
    assert_eq!(m.resource, RegisterKey::uav(0));
    assert_eq!(
        (m.index, m.got, m.want),
        (3, Value::UInt(106), Value::UInt(107))
    );
    assert_eq!(
        m.to_string(),
        "u0[3]: got 106 (0x6a), want 107 (0x6b) (u32 expect, line 8)"
    );
    let summary = report.summary();
    assert!(summary.starts_with("FAIL on "), "{summary}");
    assert!(summary.contains("4 value(s) differ"), "{summary}");
    assert!(summary.contains("... and 2 more"), "{summary}");
}

/// Every binding kind at once:
/// `out[i] = in[i] * 2 + tex[i] + cb.x + pc.a + pc.b`, plus one counter
/// increment per thread.
fn every_kind() -> Vec<u32> {
    let mut s = Shader::new();
    s.b.capability(spirv::Capability::SampledBuffer);
    s.b.capability(spirv::Capability::ImageBuffer);
    let u32t = s.u32t;
    let v4 = s.b.type_vector(u32t, 4);
    let p_ssbo = s.ssbo_type();
    // t0: storage buffer at (0, 0).
    let input =
        s.b.variable(p_ssbo, None, spirv::StorageClass::StorageBuffer, None);
    s.bind(input, 0, 0);
    // t1: uniform texel buffer at (1, 0).
    let sampled = s.b.type_image(
        u32t,
        spirv::Dim::DimBuffer,
        0,
        0,
        0,
        1,
        spirv::ImageFormat::Unknown,
        None,
    );
    let p_sampled =
        s.b.type_pointer(None, spirv::StorageClass::UniformConstant, sampled);
    let tex =
        s.b.variable(p_sampled, None, spirv::StorageClass::UniformConstant, None);
    s.bind(tex, 1, 0);
    // b0: uniform buffer { uvec4 v; } at (0, 2).
    let ubo_st = s.b.type_struct([v4]);
    s.b.decorate(ubo_st, spirv::Decoration::Block, []);
    s.b.member_decorate(
        ubo_st,
        0,
        spirv::Decoration::Offset,
        [Operand::LiteralBit32(0)],
    );
    let p_ubo = s.b.type_pointer(None, spirv::StorageClass::Uniform, ubo_st);
    let ubo =
        s.b.variable(p_ubo, None, spirv::StorageClass::Uniform, None);
    s.bind(ubo, 0, 2);
    // u0: storage texel buffer r32ui at (0, 3).
    let storage = s.b.type_image(
        u32t,
        spirv::Dim::DimBuffer,
        0,
        0,
        0,
        2,
        spirv::ImageFormat::R32ui,
        None,
    );
    let p_storage =
        s.b.type_pointer(None, spirv::StorageClass::UniformConstant, storage);
    let out =
        s.b.variable(p_storage, None, spirv::StorageClass::UniformConstant, None);
    s.bind(out, 0, 3);
    // u0's counter: storage buffer at (0, 4).
    let counter =
        s.b.variable(p_ssbo, None, spirv::StorageClass::StorageBuffer, None);
    s.bind(counter, 0, 4);
    // Push constants { uint a; uint b; }.
    let pc = s.push_block(2);

    let (f, x) = s.begin_main();
    let src = s.ssbo_elem(input, x);
    let v = s.b.load(u32t, None, src, None, []).expect("load");
    let two = s.b.constant_bit32(u32t, 2);
    let mut acc = s.b.i_mul(u32t, None, v, two).expect("mul");
    let img = s.b.load(sampled, None, tex, None, []).expect("load image");
    let texel = s.b.image_fetch(v4, None, img, x, None, []).expect("fetch");
    let t =
        s.b.composite_extract(u32t, None, texel, [0])
            .expect("texel.x");
    acc = s.b.i_add(u32t, None, acc, t).expect("add");
    let p_uniform_u32 = s.b.type_pointer(None, spirv::StorageClass::Uniform, u32t);
    let zero = s.b.constant_bit32(u32t, 0);
    let cbx_ptr =
        s.b.access_chain(p_uniform_u32, None, ubo, [zero, zero])
            .expect("cb.v.x");
    let cbx = s.b.load(u32t, None, cbx_ptr, None, []).expect("load cb");
    acc = s.b.i_add(u32t, None, acc, cbx).expect("add");
    let a = s.push_member(pc, 0);
    acc = s.b.i_add(u32t, None, acc, a).expect("add");
    let bm = s.push_member(pc, 1);
    acc = s.b.i_add(u32t, None, acc, bm).expect("add");
    let img = s.b.load(storage, None, out, None, []).expect("load image");
    let texel =
        s.b.composite_construct(v4, None, [acc, acc, acc, acc])
            .expect("texel");
    s.b.image_write(img, x, texel, None, []).expect("write");
    let c = s.ssbo_elem(counter, zero);
    let scope = s.b.constant_bit32(u32t, spirv::Scope::Device as u32);
    let one = s.b.constant_bit32(u32t, 1);
    s.b.atomic_i_add(u32t, None, c, scope, zero, one)
        .expect("atomic");
    s.finish(f)
}

#[test]
fn every_binding_kind_and_a_counter() {
    let _turn = common::vulkan::turn();
    if !common::vulkan::available() {
        return;
    }
    let spec = RunSpec::parse(
        "dispatch = 3, 1, 1\n\
         t0 : u32[24] = arange(24)\n\
         t1 : r32ui[24] = arange(1000, 1024)\n\
         b0 : u32[4] = 20000, 0xeeeeeeee, 0xeeeeeeee, 0xeeeeeeee\n\
         b1 : u32[1] = 300000\n\
         b2 : u32[1] = 4000000\n\
         u0,space1 : r32ui[24]\n\
         expect u0,space1 : r32ui[24] = arange(4321000, 4321072, 3)\n",
    )
    .expect("spec");
    let u0 = RegisterKey::uav(0).in_space(1);
    let bindings = [
        BindingDesc::new(0, 0, BindingKind::StorageBuffer, RegisterKey::srv(0)),
        BindingDesc::new(
            1,
            0,
            BindingKind::UniformTexelBuffer { format: None },
            RegisterKey::srv(1),
        ),
        BindingDesc::new(0, 2, BindingKind::UniformBuffer, RegisterKey::cbv(0)),
        BindingDesc::new(
            0,
            3,
            BindingKind::StorageTexelBuffer {
                format: Some(TexelFormat::R32ui),
            },
            u0,
        ),
        BindingDesc::counter(0, 4, u0),
    ];
    // b2 first, then b1: pc.a = 4000000, pc.b = 300000.
    let pc = PushConstantDesc {
        ranges: vec![
            PushConstantRange {
                resource: RegisterKey::cbv(1),
                offset: 4,
            },
            PushConstantRange {
                resource: RegisterKey::cbv(2),
                offset: 0,
            },
        ],
        size: Some(16),
    };
    let report = run_spec(&spec, &every_kind(), "main", &bindings, Some(&pc), None).expect("runs");
    assert!(report.passed, "{}", report.summary());
    assert_eq!(
        report.counters.get(&u0),
        Some(&24),
        "one increment per thread"
    );
}

#[test]
fn validation_layer_runs_clean() {
    let _turn = common::vulkan::turn();
    if !common::vulkan::available() {
        return;
    }
    let options = RunOptions {
        validation: true,
        ..RunOptions::default()
    };
    let spec = RunSpec::parse(SIMPLE_SPEC).expect("spec");
    let pc = PushConstantDesc::single(RegisterKey::cbv(0));
    match run_spec_with(
        &spec,
        &double_plus_push(),
        "main",
        &simple_bindings(),
        Some(&pc),
        &options,
    ) {
        Ok(report) => {
            assert!(report.passed, "{}", report.summary());
            assert!(
                report.validation_messages.is_empty(),
                "{:#?}",
                report.validation_messages
            );
        }
        // Without the layer installed the harness says so; that is the
        // behaviour under test when the layer is absent.
        Err(e) => assert!(
            e.kind() == ErrorKind::Unsupported
                && e.message().contains("VK_LAYER_KHRONOS_validation"),
            "{e}"
        ),
    }
}

#[test]
fn validation_messages_are_reported() {
    let _turn = common::vulkan::turn();
    if !common::vulkan::available() {
        return;
    }
    // t0 described as a uniform buffer while the shader declares a storage
    // buffer: the layer reports the mismatch (lavapipe runs it anyway and
    // reads zeros).
    let spec = RunSpec::parse(SIMPLE_SPEC).expect("spec");
    let options = RunOptions {
        validation: true,
        ..RunOptions::default()
    };
    let bindings = [
        BindingDesc::new(0, 0, BindingKind::UniformBuffer, RegisterKey::srv(0)),
        BindingDesc::new(0, 1, BindingKind::StorageBuffer, RegisterKey::uav(0)),
    ];
    let pc = PushConstantDesc::single(RegisterKey::cbv(0));
    match run_spec_with(
        &spec,
        &double_plus_push(),
        "main",
        &bindings,
        Some(&pc),
        &options,
    ) {
        Ok(report) => {
            assert!(
                report
                    .validation_messages
                    .iter()
                    .any(|m| m.starts_with("error: ") && m.contains("type mismatch")),
                "{:#?}",
                report.validation_messages
            );
            assert!(report.summary().contains("validation error: "));
        }
        Err(e) => assert!(
            e.kind() == ErrorKind::Unsupported
                && e.message().contains("VK_LAYER_KHRONOS_validation"),
            "{e}"
        ),
    }
}

/// `out[i] = lcg^n(i)` with `n` from a push constant: as slow as wanted.
fn spin() -> Vec<u32> {
    let mut s = Shader::new();
    let u32t = s.u32t;
    let bool_t = s.b.type_bool();
    let p_ssbo = s.ssbo_type();
    let output =
        s.b.variable(p_ssbo, None, spirv::StorageClass::StorageBuffer, None);
    s.bind(output, 0, 0);
    let pc = s.push_block(1);
    let (f, x) = s.begin_main();
    let n = s.push_member(pc, 0);
    let zero = s.b.constant_bit32(u32t, 0);
    let one = s.b.constant_bit32(u32t, 1);
    let mul = s.b.constant_bit32(u32t, 1_664_525);
    let inc = s.b.constant_bit32(u32t, 1_013_904_223);
    let entry = s.b.selected_block().expect("entry block");
    let entry_label = s.b.module_ref().functions[0].blocks[entry]
        .label_id()
        .expect("label");
    let header = s.b.id();
    let body = s.b.id();
    let cont = s.b.id();
    let merge = s.b.id();
    let i_next = s.b.id();
    let acc_next = s.b.id();
    s.b.branch(header).expect("br");
    s.b.begin_block(Some(header)).expect("header");
    let i =
        s.b.phi(u32t, None, [(zero, entry_label), (i_next, cont)])
            .expect("phi i");
    let acc =
        s.b.phi(u32t, None, [(x, entry_label), (acc_next, cont)])
            .expect("phi acc");
    let c = s.b.u_less_than(bool_t, None, i, n).expect("cmp");
    s.b.loop_merge(merge, cont, spirv::LoopControl::NONE, [])
        .expect("merge");
    s.b.branch_conditional(c, body, merge, []).expect("br");
    s.b.begin_block(Some(body)).expect("body");
    let t = s.b.i_mul(u32t, None, acc, mul).expect("mul");
    s.b.i_add(u32t, Some(acc_next), t, inc).expect("add");
    s.b.branch(cont).expect("br");
    s.b.begin_block(Some(cont)).expect("cont");
    s.b.i_add(u32t, Some(i_next), i, one).expect("inc");
    s.b.branch(header).expect("br");
    s.b.begin_block(Some(merge)).expect("merge");
    let dst = s.ssbo_elem(output, x);
    s.b.store(dst, acc, None, []).expect("store");
    s.finish(f)
}

#[test]
fn slow_dispatch_times_out() {
    let _turn = common::vulkan::turn();
    if !common::vulkan::available() {
        return;
    }
    // 2048 threads x 2^24 dependent multiply-adds: far longer than the
    // 1 ms allowed on any device. (lavapipe cuts each loop off after 65535
    // iterations: 2048 x 65535 still takes a good fraction of a second, and
    // bounds the work left running after the harness gives up.)
    let spec = RunSpec::parse(
        "dispatch = 256, 1, 1\n\
         b0 : u32[1] = 0x1000000\n\
         u0 : u32[2048]\n\
         expect u0 : u32[2048] = repeat(0)\n",
    )
    .expect("spec");
    let options = RunOptions {
        timeout: std::time::Duration::from_millis(1),
        ..RunOptions::default()
    };
    let bindings = [BindingDesc::new(
        0,
        0,
        BindingKind::StorageBuffer,
        RegisterKey::uav(0),
    )];
    let pc = PushConstantDesc::single(RegisterKey::cbv(0));
    let start = std::time::Instant::now();
    let e = run_spec_with(&spec, &spin(), "main", &bindings, Some(&pc), &options)
        .expect_err("must time out");
    eprintln!("timed out after {:?}", start.elapsed());
    assert!(e.message().contains("did not finish within 1ms"), "{e}");
}

#[test]
fn bad_bindings_are_errors_before_any_vulkan_call() {
    // No device needed: these are rejected while planning.
    let spec = RunSpec::parse(SIMPLE_SPEC).expect("spec");
    let spirv = double_plus_push();
    let run = |bindings: &[BindingDesc], pc: Option<&PushConstantDesc>| {
        run_spec(&spec, &spirv, "main", bindings, pc, None).expect_err("must fail")
    };
    let e = run(
        &[BindingDesc::new(
            0,
            0,
            BindingKind::StorageBuffer,
            RegisterKey::uav(7),
        )],
        None,
    );
    assert_eq!(e.kind(), ErrorKind::InvalidInput);
    assert!(
        e.message()
            .contains("names u7, which the run spec does not declare"),
        "{e}"
    );
    let e = run(
        &[
            BindingDesc::new(0, 0, BindingKind::StorageBuffer, RegisterKey::uav(0)),
            BindingDesc::new(0, 0, BindingKind::StorageBuffer, RegisterKey::srv(0)),
        ],
        None,
    );
    assert!(e.message().contains("described twice"), "{e}");
    let e = run(
        &[BindingDesc::new(
            0,
            0,
            BindingKind::StorageTexelBuffer { format: None },
            RegisterKey::uav(0),
        )],
        None,
    );
    assert!(e.message().contains("texel buffer without a format"), "{e}");
    let e = run(&[BindingDesc::counter(0, 0, RegisterKey::srv(0))], None);
    assert!(e.message().contains("only UAVs"), "{e}");
    let pc = PushConstantDesc {
        ranges: vec![PushConstantRange {
            resource: RegisterKey::cbv(0),
            offset: 2,
        }],
        size: None,
    };
    let e = run(&simple_bindings(), Some(&pc));
    assert!(e.message().contains("not a multiple of 4"), "{e}");
    let pc = PushConstantDesc {
        ranges: vec![PushConstantRange {
            resource: RegisterKey::cbv(0),
            offset: 0,
        }],
        size: Some(2),
    };
    let e = run(&simple_bindings(), Some(&pc));
    assert!(e.message().contains("at least 4"), "{e}");
    let e = run_spec(&spec, &[1, 2, 3], "main", &simple_bindings(), None, None)
        .expect_err("not SPIR-V");
    assert!(e.message().contains("magic"), "{e}");
}

#[test]
fn missing_device_index_is_an_error() {
    let _turn = common::vulkan::turn();
    if !common::vulkan::available() {
        return;
    }
    let spec = RunSpec::parse(SIMPLE_SPEC).expect("spec");
    let e = run_spec(
        &spec,
        &double_plus_push(),
        "main",
        &simple_bindings(),
        None,
        Some(999),
    )
    .expect_err("no device 999");
    assert!(e.message().contains("device 999 does not exist"), "{e}");
}

#[test]
fn wrong_entry_point_is_an_error() {
    // Checked in the module before the driver sees it (no device needed).
    let spec = RunSpec::parse(SIMPLE_SPEC).expect("spec");
    let e = run_spec(
        &spec,
        &double_plus_push(),
        "no_such_entry",
        &simple_bindings(),
        None,
        None,
    )
    .expect_err("no such entry point");
    assert_eq!(e.kind(), ErrorKind::InvalidInput);
    assert!(
        e.message()
            .contains("no GLCompute entry point `no_such_entry` (it has: main)"),
        "{e}"
    );
}
