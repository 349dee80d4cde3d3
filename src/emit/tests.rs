//! Unit tests on hand-built IR for what the corpus does not contain:
//! odd-width integers (i11) that must wrap, i1 logic, `UAddc`; long vectors
//! with dynamic element access and shuffles; resource arrays of a library,
//! indexed non-uniformly; dx.op operands that are missing, extra or not the
//! constants they must be.

use super::desc::{ResourceClass, ResourceDecl, ShaderDesc};
use super::{emit, EmitOptions};
use crate::dxil::{ResourceKind, ShaderKind};
use crate::ir::{
    BinOp, CastOp, Constant, FuncId, Function, Inst, InstKind, Linkage, ListRange, Module,
    Predicate, StrRange, Type, TypeId, Value, ValueId, ValueKind,
};

/// A tiny IR builder for one-block entry functions.
struct Tb {
    m: Module,
    insts: Vec<Inst>,
    main: FuncId,
    void: TypeId,
}

impl Tb {
    fn new() -> Tb {
        let mut m = Module::default();
        let void = m.types.intern(Type::Void);
        let params = m.types.push_members(&[]);
        let fnty = m.types.intern(Type::Function {
            ret: void,
            params,
            vararg: false,
        });
        let mut tb = Tb {
            m,
            insts: Vec::new(),
            main: FuncId(0),
            void,
        };
        tb.main = tb.func("main", fnty, false);
        tb
    }

    fn str(&mut self, s: &str) -> StrRange {
        let start = self.m.strings.len();
        self.m.strings.push_str(s);
        ListRange::new(start, s.len())
    }

    fn list(&mut self, v: &[u32]) -> ListRange {
        let start = self.m.lists.len();
        self.m.lists.extend_from_slice(v);
        ListRange::new(start, v.len())
    }

    fn value(&mut self, ty: TypeId, kind: ValueKind) -> ValueId {
        let id = ValueId(self.m.values.len() as u32);
        self.m.values.push(Value {
            ty,
            kind,
            name: StrRange::EMPTY,
        });
        id
    }

    fn int(&mut self, w: u32) -> TypeId {
        self.m.types.intern(Type::Int(w))
    }

    fn c(&mut self, w: u32, v: i64) -> ValueId {
        let t = self.int(w);
        let bits = if w >= 64 {
            v as u64
        } else {
            (v as u64) & ((1 << w) - 1)
        };
        self.value(t, ValueKind::Constant(Constant::Int(bits)))
    }

    fn undef(&mut self, t: TypeId) -> ValueId {
        self.value(t, ValueKind::Constant(Constant::Undef))
    }

    fn func(&mut self, name: &str, ty: TypeId, decl: bool) -> FuncId {
        let fid = FuncId(self.m.functions.len() as u32);
        let ptr = self.m.types.intern(Type::Pointer {
            pointee: ty,
            addr_space: 0,
        });
        let v = self.value(ptr, ValueKind::Function(fid));
        let n = self.str(name);
        self.m.values[v.0 as usize].name = n;
        self.m.functions.push(Function {
            value: v,
            ty,
            is_declaration: decl,
            linkage: Linkage::External,
            attrs: 0,
            first_arg: ValueId(0),
            num_args: 0,
            blocks: Vec::new(),
            insts: Vec::new(),
            metadata: ListRange::EMPTY,
        });
        fid
    }

    fn decl(&mut self, name: &str, ret: TypeId, params: &[TypeId]) -> ValueId {
        let p = self.m.types.push_members(params);
        let ty = self.m.types.push(Type::Function {
            ret,
            params: p,
            vararg: false,
        });
        let f = self.func(name, ty, true);
        self.m.functions[f.0 as usize].value
    }

    fn inst(&mut self, kind: InstKind, ty: TypeId) -> ValueId {
        let idx = self.insts.len() as u32;
        let result = if ty == self.void {
            None
        } else {
            Some(self.value(
                ty,
                ValueKind::Inst {
                    func: self.main,
                    inst: idx,
                },
            ))
        };
        self.insts.push(Inst {
            kind,
            ty,
            result,
            metadata: ListRange::EMPTY,
        });
        result.unwrap_or(ValueId(u32::MAX))
    }

    fn bin(&mut self, op: BinOp, a: ValueId, b: ValueId) -> ValueId {
        let t = self.m.values[a.0 as usize].ty;
        self.inst(
            InstKind::BinOp {
                op,
                lhs: a,
                rhs: b,
                flags: 0,
            },
            t,
        )
    }

    fn cast(&mut self, op: CastOp, v: ValueId, to: TypeId) -> ValueId {
        self.inst(InstKind::Cast { op, value: v }, to)
    }

    fn icmp(&mut self, pred: u8, a: ValueId, b: ValueId) -> ValueId {
        let t = self.int(1);
        self.inst(
            InstKind::Cmp {
                pred: Predicate(pred),
                lhs: a,
                rhs: b,
                flags: 0,
            },
            t,
        )
    }

    fn call(&mut self, f: ValueId, args: &[ValueId], ret: TypeId) -> ValueId {
        let a: Vec<u32> = args.iter().map(|v| v.0).collect();
        let args = self.list(&a);
        self.inst(
            InstKind::Call {
                callee: f,
                args,
                attrs: 0,
            },
            ret,
        )
    }

    fn finish(mut self) -> Module {
        self.inst(InstKind::Ret { value: None }, TypeId(0));
        let insts = std::mem::take(&mut self.insts);
        let f = &mut self.m.functions[self.main.0 as usize];
        f.blocks = vec![crate::ir::Block {
            start: 0,
            len: insts.len() as u32,
            name: StrRange::EMPTY,
        }];
        f.insts = insts;
        self.m
    }
}

fn sext(v: u32, w: u32) -> i32 {
    ((v << (32 - w)) as i32) >> (32 - w)
}

/// The kernel's expected outputs for one thread (10 words).
fn model(tid: u32) -> [u32; 10] {
    let m = 0x7ff;
    let a = tid.wrapping_mul(37) & m;
    let b = (a + 2040) & m;
    let c = (b * 3) & m;
    let d = ((sext(c, 11) >> 1) as u32) & m;
    let e = ((sext(d, 11) / -3) as u32) & m;
    let f = sext(b, 11) % 7;
    let g = (sext(b, 11) < 0) as u32;
    let x = (a < 5) as u32;
    let (sum, carry) = tid.wrapping_mul(0x3000_0000).overflowing_add(0xf000_0000);
    [
        b,
        c,
        d,
        e,
        f as u32,
        g,
        x ^ g,
        sext(d, 11) as u32,
        sum,
        carry as u32,
    ]
}

/// The `dx.types.Handle` type.
fn handle_type(tb: &mut Tb) -> TypeId {
    let i8t = tb.int(8);
    let ptr8 = tb.m.types.intern(Type::Pointer {
        pointee: i8t,
        addr_space: 0,
    });
    let hname = tb.str("dx.types.Handle");
    let hmembers = tb.m.types.push_members(&[ptr8]);
    tb.m.types.push(Type::Struct {
        name: hname,
        elements: hmembers,
        packed: false,
        opaque: false,
        identified: true,
    })
}

/// A compute shader description with one raw UAV (`u0`).
/// `u0` as a raw buffer: its handle and the `rawBufferStore.i32` function.
struct RawU0 {
    handle: ValueId,
    store: ValueId,
}

impl Tb {
    /// Declares `createHandle` and `rawBufferStore.i32` and creates `u0`.
    fn raw_u0(&mut self) -> RawU0 {
        let (i1, i8t, i32t) = (self.int(1), self.int(8), self.int(32));
        let handle = handle_type(self);
        let void = self.void;
        let create = self.decl("dx.op.createHandle", handle, &[i32t, i8t, i32t, i32t, i1]);
        let store = self.decl(
            "dx.op.rawBufferStore.i32",
            void,
            &[i32t, handle, i32t, i32t, i32t, i32t, i32t, i32t, i8t, i32t],
        );
        let (c57, c1_8, c0, f) = (self.c(32, 57), self.c(8, 1), self.c(32, 0), self.c(1, 0));
        let handle = self.call(create, &[c57, c1_8, c0, c0, f], handle);
        RawU0 { handle, store }
    }

    /// Stores the `i32` value `v` at byte address `addr` of `u0`.
    fn store_u0(&mut self, u0: &RawU0, addr: ValueId, v: ValueId) {
        let i32t = self.int(32);
        let void = self.void;
        let (c140, u, m1, a4) = (
            self.c(32, 140),
            self.undef(i32t),
            self.c(8, 1),
            self.c(32, 4),
        );
        self.call(
            u0.store,
            &[c140, u0.handle, addr, u, v, u, u, u, m1, a4],
            void,
        );
    }
}

fn raw_uav_desc(main: FuncId, threads: u32) -> ShaderDesc {
    ShaderDesc {
        shader_model: (6, 0),
        kind: ShaderKind::Compute,
        entry: main,
        entry_name: "main".into(),
        num_threads: [threads, 1, 1],
        wave_size: None,
        resources: vec![ResourceDecl {
            class: ResourceClass::Uav,
            id: 0,
            name: "Out".into(),
            space: 0,
            lower_bound: 0,
            range_size: 1,
            kind: ResourceKind::RawBuffer,
            component_type: None,
            stride: 0,
            cbuffer_size: 0,
            has_counter: false,
            globally_coherent: false,
            heap: None,
            global: None,
        }],
        signatures: Default::default(),
        flags: Default::default(),
        gs: None,
        ms: None,
        hs: None,
        ds: None,
    }
}

fn i11_kernel() -> (Module, ShaderDesc) {
    let mut tb = Tb::new();
    let (i1, i11, i32t) = (tb.int(1), tb.int(11), tb.int(32));
    let u0 = tb.raw_u0();
    let thread_id = tb.decl("dx.op.threadId.i32", i32t, &[i32t, i32t]);
    let i32c = tb.m.types.pair(i32t, i1);
    let uaddc = tb.decl(
        "dx.op.binaryWithCarryOrBorrow.i32",
        i32c,
        &[i32t, i32t, i32t],
    );
    let c0 = tb.c(32, 0);
    let c93 = tb.c(32, 93);
    let tid = tb.call(thread_id, &[c93, c0], i32t);
    let c37 = tb.c(32, 37);
    let t37 = tb.bin(BinOp::Mul, tid, c37);
    let a = tb.cast(CastOp::Trunc, t37, i11);
    let k2040 = tb.c(11, 2040);
    let b = tb.bin(BinOp::Add, a, k2040);
    let k3 = tb.c(11, 3);
    let c = tb.bin(BinOp::Mul, b, k3);
    let k1 = tb.c(11, 1);
    let d = tb.bin(BinOp::AShr, c, k1);
    let km3 = tb.c(11, -3);
    let e = tb.bin(BinOp::SDiv, d, km3);
    let k7 = tb.c(11, 7);
    let fr = tb.bin(BinOp::SRem, b, k7);
    let k0 = tb.c(11, 0);
    let g = tb.icmp(40, b, k0); // slt
    let k5 = tb.c(11, 5);
    let x = tb.icmp(36, a, k5); // ult
    let y = tb.bin(BinOp::Xor, x, g);

    let big = tb.c(32, 0x3000_0000);
    let p = tb.bin(BinOp::Mul, tid, big);
    let (c44, f0) = (tb.c(32, 44), tb.c(32, 0xf000_0000));
    let sc = tb.call(uaddc, &[c44, p, f0], i32c);
    let l0 = tb.list(&[0]);
    let l1 = tb.list(&[1]);
    let sum = tb.inst(
        InstKind::ExtractValue {
            aggregate: sc,
            indices: l0,
        },
        i32t,
    );
    let carry = tb.inst(
        InstKind::ExtractValue {
            aggregate: sc,
            indices: l1,
        },
        i1,
    );
    let outs = [
        tb.cast(CastOp::ZExt, b, i32t),
        tb.cast(CastOp::ZExt, c, i32t),
        tb.cast(CastOp::ZExt, d, i32t),
        tb.cast(CastOp::ZExt, e, i32t),
        tb.cast(CastOp::SExt, fr, i32t),
        tb.cast(CastOp::ZExt, g, i32t),
        tb.cast(CastOp::ZExt, y, i32t),
        tb.cast(CastOp::SExt, d, i32t),
        sum,
        tb.cast(CastOp::ZExt, carry, i32t),
    ];
    let c32 = tb.c(32, 40);
    let base = tb.bin(BinOp::Mul, tid, c32);
    for (k, &v) in outs.iter().enumerate() {
        let off = tb.c(32, 4 * k as i64);
        let addr = tb.bin(BinOp::Add, base, off);
        tb.store_u0(&u0, addr, v);
    }
    let main = tb.main;
    (tb.finish(), raw_uav_desc(main, 64))
}

#[test]
fn i11_wraps_and_validates() {
    let (m, desc) = i11_kernel();
    let out = emit(&m, &desc, &EmitOptions::default()).expect("emits");
    crate::validate::validate_vulkan_1_3(&out.spirv).expect("valid SPIR-V");
    // The model itself wraps where it should.
    assert_eq!(model(56)[0], (56 * 37 + 2040) & 0x7ff);
}

/// One loader for every test that runs a kernel, so that tests running in
/// parallel take turns on the GPU (see [`crate::run::Vulkan`]).
#[cfg(feature = "vulkan")]
fn vulkan() -> crate::Result<&'static crate::run::Vulkan> {
    static VULKAN: std::sync::OnceLock<crate::Result<crate::run::Vulkan>> =
        std::sync::OnceLock::new();
    VULKAN
        .get_or_init(crate::run::Vulkan::load)
        .as_ref()
        .map_err(Clone::clone)
}

/// Runs a one-UAV kernel (one group) on the Vulkan device and checks that
/// `u0` holds `want`. Without a device this fails, unless
/// `DXIL2SPIRV_NO_VULKAN=1` says to skip.
#[cfg(feature = "vulkan")]
fn check_run(m: &Module, desc: &ShaderDesc, want: &[u32]) {
    use crate::run::{BindingDesc, BindingKind, RegisterKey, RunOptions, RunSpec};
    match vulkan().and_then(|v| v.list_devices()) {
        Ok(d) if !d.is_empty() => {}
        other => {
            assert!(
                std::env::var("DXIL2SPIRV_NO_VULKAN").is_ok_and(|v| v == "1"),
                "no Vulkan device ({other:?}): install lavapipe or set DXIL2SPIRV_NO_VULKAN=1 to skip"
            );
            eprintln!("DXIL2SPIRV_NO_VULKAN=1: skipping a Vulkan test ({other:?})");
            return;
        }
    }
    let out = emit(m, desc, &EmitOptions::default()).expect("emits");
    let words: Vec<String> = want.iter().map(|w| w.to_string()).collect();
    let spec = RunSpec::parse(&format!(
        "dispatch = 1, 1, 1\nu0 : u32[{n}]\nexpect u0 : u32[{n}] = {}\n",
        words.join(", "),
        n = want.len()
    ))
    .expect("spec");
    let r = &out.reflection.resources[0];
    let bindings = [BindingDesc::new(
        r.set,
        r.binding,
        BindingKind::StorageBuffer,
        RegisterKey::uav(0),
    )];
    let rep = vulkan()
        .and_then(|v| {
            v.run_spec_with(
                &spec,
                &out.spirv,
                "main",
                &bindings,
                None,
                &RunOptions::default(),
            )
        })
        .expect("runs");
    assert!(rep.passed, "{}", rep.summary());
}

#[cfg(feature = "vulkan")]
#[test]
fn i11_runs() {
    let (m, desc) = i11_kernel();
    let want: Vec<u32> = (0..64).flat_map(model).collect();
    check_run(&m, &desc, &want);
}

/// The constant lanes of the long-vector kernel.
const LONG_C: [u32; 6] = [10, 20, 30, 40, 50, 60];

/// The long-vector kernel's outputs for one thread (8 words): a dynamic
/// extract, a compare-and-select, and a reversing shuffle.
fn long_model(t: u32) -> [u32; 8] {
    let mut b = LONG_C.map(|c| c + t);
    b[(t % 6) as usize] = 999;
    let d: Vec<u32> = b
        .iter()
        .zip(LONG_C)
        .map(|(&x, c)| if x > 35 { x } else { c })
        .collect();
    [
        b[((t + 1) % 6) as usize],
        d[0],
        d[1],
        d[2],
        d[3],
        d[4],
        d[5],
        b[5],
    ]
}

/// `<6 x i32>` (emitted as an array): `add` (element-wise), `insertelement`
/// and `extractelement` with dynamic indices, `icmp` + `select` on a vector
/// condition, `shufflevector`.
fn long_vector_kernel() -> (Module, ShaderDesc) {
    let mut tb = Tb::new();
    let (i1, i32t) = (tb.int(1), tb.int(32));
    let v6 = tb.m.types.intern(Type::Vector { len: 6, elem: i32t });
    let b6 = tb.m.types.intern(Type::Vector { len: 6, elem: i1 });
    let u0 = tb.raw_u0();
    let thread_id = tb.decl("dx.op.threadId.i32", i32t, &[i32t, i32t]);
    let vconst = |tb: &mut Tb, lanes: &[u32]| {
        let ids: Vec<u32> = lanes.iter().map(|&x| tb.c(32, i64::from(x)).0).collect();
        let list = tb.list(&ids);
        tb.value(v6, ValueKind::Constant(Constant::Aggregate(list)))
    };
    let c0 = tb.c(32, 0);
    let c93 = tb.c(32, 93);
    let tid = tb.call(thread_id, &[c93, c0], i32t);

    let mut splat = tb.undef(v6);
    for k in 0..6 {
        let kc = tb.c(32, k);
        splat = tb.inst(
            InstKind::InsertElement {
                vector: splat,
                element: tid,
                index: kc,
            },
            v6,
        );
    }
    let cv = vconst(&mut tb, &LONG_C);
    let a = tb.bin(BinOp::Add, cv, splat);
    let c6 = tb.c(32, 6);
    let i = tb.bin(BinOp::URem, tid, c6);
    let k999 = tb.c(32, 999);
    let b = tb.inst(
        InstKind::InsertElement {
            vector: a,
            element: k999,
            index: i,
        },
        v6,
    );
    let c1 = tb.c(32, 1);
    let t1 = tb.bin(BinOp::Add, tid, c1);
    let j = tb.bin(BinOp::URem, t1, c6);
    let x = tb.inst(
        InstKind::ExtractElement {
            vector: b,
            index: j,
        },
        i32t,
    );
    let k35 = vconst(&mut tb, &[35; 6]);
    let gt = tb.inst(
        InstKind::Cmp {
            pred: Predicate(34), // ugt
            lhs: b,
            rhs: k35,
            flags: 0,
        },
        b6,
    );
    let d = tb.inst(
        InstKind::Select {
            cond: gt,
            if_true: b,
            if_false: cv,
        },
        v6,
    );
    let reverse = vconst(&mut tb, &[5, 4, 3, 2, 1, 0]);
    let u6 = tb.undef(v6);
    let e = tb.inst(
        InstKind::ShuffleVector {
            a: b,
            b: u6,
            mask: reverse,
        },
        v6,
    );
    let mut outs = vec![x];
    for k in 0..6 {
        let kc = tb.c(32, k);
        outs.push(tb.inst(
            InstKind::ExtractElement {
                vector: d,
                index: kc,
            },
            i32t,
        ));
    }
    outs.push(tb.inst(
        InstKind::ExtractElement {
            vector: e,
            index: c0,
        },
        i32t,
    ));

    let c32 = tb.c(32, 32);
    let base = tb.bin(BinOp::Mul, tid, c32);
    for (k, &v) in outs.iter().enumerate() {
        let off = tb.c(32, 4 * k as i64);
        let addr = tb.bin(BinOp::Add, base, off);
        tb.store_u0(&u0, addr, v);
    }
    let main = tb.main;
    (tb.finish(), raw_uav_desc(main, 8))
}

#[test]
fn long_vectors_are_arrays_and_validate() {
    let (m, desc) = long_vector_kernel();
    let out = emit(&m, &desc, &EmitOptions::default()).expect("emits");
    crate::validate::validate_vulkan_1_3(&out.spirv).expect("valid SPIR-V");
    let text = crate::validate::disassemble(&out.spirv).expect("disassembles");
    assert!(text.contains("OpTypeArray"), "{text}");
    assert!(!text.contains("VectorExtractDynamic"), "{text}");
    assert!(!text.contains("VectorInsertDynamic"), "{text}");
    assert_eq!(long_model(7), [37, 10, 999, 37, 47, 57, 67, 67]);
}

#[cfg(feature = "vulkan")]
#[test]
fn long_vectors_run() {
    let (m, desc) = long_vector_kernel();
    let want: Vec<u32> = (0..8).flat_map(long_model).collect();
    check_run(&m, &desc, &want);
}

/// A kernel storing constant expression `expr(tb)` to `u0[0]`.
fn const_expr_kernel(expr: impl FnOnce(&mut Tb) -> ValueId) -> (Module, ShaderDesc) {
    let mut tb = Tb::new();
    let u0 = tb.raw_u0();
    let v = expr(&mut tb);
    let c0 = tb.c(32, 0);
    tb.store_u0(&u0, c0, v);
    let main = tb.main;
    (tb.finish(), raw_uav_desc(main, 1))
}

/// `c[k+1] = add c[k], rhs(c[k])` as constant expressions, `depth` deep.
fn const_chain(tb: &mut Tb, depth: u32, shared: bool) -> ValueId {
    let i32t = tb.int(32);
    let (mut c, one) = (tb.c(32, 1), tb.c(32, 1));
    for _ in 0..depth {
        let rhs = if shared { c } else { one };
        let kind = Constant::BinOp {
            op: BinOp::Add,
            lhs: c,
            rhs,
            flags: 0,
        };
        c = tb.value(i32t, ValueKind::Constant(kind));
    }
    c
}

#[test]
fn constant_expressions_are_bounded() {
    // Within the limits: emitted and valid.
    let (m, desc) = const_expr_kernel(|tb| const_chain(tb, 10, true));
    let out = emit(&m, &desc, &EmitOptions::default()).expect("emits");
    crate::validate::validate_vulkan_1_3(&out.spirv).expect("valid SPIR-V");

    // A chain deeper than the recursion cap: an error, not a stack overflow.
    let (m, desc) = const_expr_kernel(|tb| const_chain(tb, 100_000, false));
    let err = emit(&m, &desc, &EmitOptions::default()).expect_err("too deep");
    assert!(err.to_string().contains("nested deeper than 64"), "{err}");

    // A DAG that doubles at every level (2^60 expansions): the budget stops
    // it quickly.
    let start = std::time::Instant::now();
    let (m, desc) = const_expr_kernel(|tb| const_chain(tb, 60, true));
    let err = emit(&m, &desc, &EmitOptions::default()).expect_err("too much");
    assert!(err.to_string().contains("budget exhausted"), "{err}");
    assert!(start.elapsed() < std::time::Duration::from_secs(5));
}

/// A kernel in the shape of a DXIL library's resource use: `RWByteAddress
/// Buffer Bufs[4]` is a global array; thread `t` loads `Bufs[t % 4]`
/// (marked `NonUniformResourceIndex`, `!dx.nonuniform` on the GEP), passes
/// it through `createHandleForLib` and stores `t` at byte 0.
fn library_array_kernel() -> (Module, ShaderDesc) {
    let mut tb = Tb::new();
    let (i8t, i32t) = (tb.int(8), tb.int(32));
    let handle = handle_type(&mut tb);
    let void = tb.void;
    let name = tb.str("struct.RWByteAddressBuffer");
    let members = tb.m.types.push_members(&[i32t]);
    let buffer = tb.m.types.push(Type::Struct {
        name,
        elements: members,
        packed: false,
        opaque: false,
        identified: true,
    });
    let array = tb.m.types.intern(Type::Array {
        elem: buffer,
        len: 4,
    });
    let array_ptr = tb.m.types.intern(Type::Pointer {
        pointee: array,
        addr_space: 0,
    });
    let buffer_ptr = tb.m.types.intern(Type::Pointer {
        pointee: buffer,
        addr_space: 0,
    });
    let global = crate::ir::GlobalId(tb.m.globals.len() as u32);
    let gv = tb.value(array_ptr, ValueKind::Global(global));
    tb.m.globals.push(crate::ir::Global {
        value: gv,
        value_type: array,
        addr_space: 0,
        is_constant: true,
        initializer: None,
        linkage: Linkage::External,
        align: 4,
    });
    let thread_id = tb.decl("dx.op.threadId.i32", i32t, &[i32t, i32t]);
    let for_lib = tb.decl("dx.op.createHandleForLib.struct", handle, &[i32t, buffer]);
    let store = tb.decl(
        "dx.op.rawBufferStore.i32",
        void,
        &[i32t, handle, i32t, i32t, i32t, i32t, i32t, i32t, i8t, i32t],
    );
    let (c93, c0, c3) = (tb.c(32, 93), tb.c(32, 0), tb.c(32, 3));
    let t = tb.call(thread_id, &[c93, c0], i32t);
    let slot = tb.bin(BinOp::And, t, c3);
    let operands = tb.list(&[gv.0, c0.0, slot.0]);
    let element = tb.inst(
        InstKind::Gep {
            inbounds: true,
            source: array,
            operands,
        },
        buffer_ptr,
    );
    // `!dx.nonuniform` on the GEP (kind 7, any node).
    let kind_name = tb.str("dx.nonuniform");
    tb.m.metadata.kinds.push((7, kind_name));
    let attachment = tb.list(&[7, 0]);
    tb.insts.last_mut().expect("the gep").metadata = attachment;
    let loaded = tb.inst(
        InstKind::Load {
            ptr: element,
            align: 4,
            volatile: false,
        },
        buffer,
    );
    let c160 = tb.c(32, 160);
    let h = tb.call(for_lib, &[c160, loaded], handle);
    let (c140, u, m1, a4) = (tb.c(32, 140), tb.undef(i32t), tb.c(8, 1), tb.c(32, 4));
    tb.call(store, &[c140, h, c0, u, t, u, u, u, m1, a4], void);
    let main = tb.main;
    let m = tb.finish();
    let mut desc = raw_uav_desc(main, 4);
    desc.resources[0].range_size = 4;
    desc.resources[0].global = Some(global);
    (m, desc)
}

#[test]
fn library_resource_arrays_are_indexed_globals() {
    let (m, desc) = library_array_kernel();
    let out = emit(&m, &desc, &EmitOptions::default()).expect("emits");
    crate::validate::validate_vulkan_1_3(&out.spirv).expect("valid SPIR-V");
    let a = crate::validate::disassemble(&out.spirv).expect("disassembles");
    // A descriptor array of 4, indexed by the thread's slot, non-uniformly;
    // the global itself is never a variable of its own.
    assert!(a.contains("OpTypeArray"), "{a}");
    assert!(a.contains("NonUniform"), "{a}");
    assert!(
        a.contains("OpCapability StorageBufferArrayNonUniformIndexing"),
        "{a}"
    );
    assert!(!a.contains(" Private"), "{a}");
    assert!(out.reflection.resources[0].used);
    assert_eq!(out.reflection.resources[0].count, 4);
}

/// A kernel storing `WaveActiveOp(ThreadId(0), op, sop)` to `u0[0]`, the
/// operation `op` given by `op(tb)` and the thread id call's operands by
/// `tid_args(tb)`.
fn wave_op_kernel(
    op: impl FnOnce(&mut Tb) -> ValueId,
    tid_args: impl FnOnce(&mut Tb) -> Vec<ValueId>,
) -> (Module, ShaderDesc) {
    let mut tb = Tb::new();
    let (i8t, i32t) = (tb.int(8), tb.int(32));
    let u0 = tb.raw_u0();
    let thread_id = tb.decl("dx.op.threadId.i32", i32t, &[i32t, i32t]);
    let wave_op = tb.decl("dx.op.waveActiveOp.i32", i32t, &[i32t, i32t, i8t, i8t]);
    let tid_args = tid_args(&mut tb);
    let tid = tb.call(thread_id, &tid_args, i32t);
    let (c119, unsigned) = (tb.c(32, 119), tb.c(8, 1));
    let op = op(&mut tb);
    let sum = tb.call(wave_op, &[c119, tid, op, unsigned], i32t);
    let c0 = tb.c(32, 0);
    tb.store_u0(&u0, c0, sum);
    let main = tb.main;
    (tb.finish(), raw_uav_desc(main, 1))
}

#[test]
fn dx_op_operands_are_decoded_by_name() {
    let tid = |tb: &mut Tb| vec![tb.c(32, 93), tb.c(32, 0)];
    // A constant `WaveOpKind`: emitted.
    let (m, desc) = wave_op_kernel(|tb| tb.c(8, 0), tid);
    let out = emit(&m, &desc, &EmitOptions::default()).expect("emits");
    crate::validate::validate_vulkan_1_3(&out.spirv).expect("valid SPIR-V");

    // An operation kind that is not a constant, or not a `WaveOpKind`: a
    // `dxil` error naming the op and the operand, at the call.
    let undef = |tb: &mut Tb| {
        let i8t = tb.int(8);
        tb.undef(i8t)
    };
    let (m, desc) = wave_op_kernel(undef, tid);
    let err = emit(&m, &desc, &EmitOptions::default()).expect_err("not a constant");
    let text = err.to_string();
    assert!(text.contains("dxil"), "{text}");
    assert!(
        text.contains("WaveActiveOp (opcode 119): operand op is not a constant"),
        "{text}"
    );
    assert!(text.contains("instruction"), "{text}");
    let (m, desc) = wave_op_kernel(|tb| tb.c(8, 7), tid);
    let err = emit(&m, &desc, &EmitOptions::default()).expect_err("out of range");
    assert!(
        err.to_string()
            .contains("operand op has the invalid value 7"),
        "{err}"
    );

    // A missing or an extra operand.
    let (m, desc) = wave_op_kernel(|tb| tb.c(8, 0), |tb| vec![tb.c(32, 93)]);
    let err = emit(&m, &desc, &EmitOptions::default()).expect_err("missing");
    assert!(
        err.to_string()
            .contains("ThreadId (opcode 93): operand component is missing"),
        "{err}"
    );
    let extra = |tb: &mut Tb| vec![tb.c(32, 93), tb.c(32, 0), tb.c(32, 0)];
    let (m, desc) = wave_op_kernel(|tb| tb.c(8, 0), extra);
    let err = emit(&m, &desc, &EmitOptions::default()).expect_err("extra");
    assert!(
        err.to_string()
            .contains("2 operands after the opcode, expected 1"),
        "{err}"
    );
}

#[test]
fn unsupported_dx_ops_say_which() {
    let (m, desc) = const_expr_kernel(|tb| {
        let i32t = tb.int(32);
        let load = tb.decl("dx.op.tempRegLoad.i32", i32t, &[i32t, i32t]);
        let (opcode, x) = (tb.c(32, 0), tb.c(32, 1));
        tb.call(load, &[opcode, x], i32t)
    });
    let err = emit(&m, &desc, &EmitOptions::default()).expect_err("not supported");
    let want = crate::error::Unsupported::Op(crate::dxil::OpCode::TempRegLoad);
    assert_eq!(err.unsupported_detail(), Some(want), "{err}");
}
