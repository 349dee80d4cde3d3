//! Pointers used as values (issue 15): `select` and `phi` of pointers,
//! `icmp` on pointers, null pointers, pointers stored to memory, carried
//! in aggregates or passed to a function. DXC does not emit these for
//! HLSL (the corpus cases `compute/ptr-*` hold the shapes that come
//! closest: array elements chosen by branches, inout parameters, loops
//! walking arrays — each load and store keeps one base), so each class is
//! a compute module built by hand, and each must translate to valid
//! SPIR-V or fail with the named `pointer-value` error (`llvm-type` where
//! memory holds a pointer): never invalid SPIR-V, an internal error or a
//! panic. Selects and phis of pointers into one array, and of pointers
//! into groupshared arrays (variable pointers), translate (see the module
//! doc of `src/emit/memory.rs`) and two modules run on the Vulkan device;
//! `DXIL2SPIRV_POINTER_VALUES_DUMP=1` prints each module's IR and SPIR-V.

use crate::common::ir_build::IrBuilder;
use crate::common::matrix;
use dxil2spirv::dxil::{ShaderKind, Signatures};
use dxil2spirv::emit::{ResourceDecl, ShaderDesc};
use dxil2spirv::ir::{
    Block, BlockId, Constant, FuncId, Global, GlobalId, Inst, InstKind, Linkage, ListRange, Module,
    Predicate, StrRange, Type, TypeId, ValueId, ValueKind,
};

/// `icmp eq`.
const EQ: Predicate = Predicate(32);
/// `icmp ult`.
const ULT: Predicate = Predicate(36);

/// The body of a compute entry `main`, built instruction by instruction
/// in blocks.
struct Body {
    ir: IrBuilder,
    main: FuncId,
    insts: Vec<Inst>,
    /// The first instruction of each block.
    starts: Vec<u32>,
    i1: TypeId,
    i32t: TypeId,
    /// `[4 x i32]`.
    array: TypeId,
}

impl Body {
    fn new() -> Body {
        let mut ir = IrBuilder::new();
        let fnty = ir.fn_type(ir.void, &[]);
        let main = ir.func("main", fnty, false);
        let (i1, i32t) = (ir.ty(Type::Int(1)), ir.ty(Type::Int(32)));
        let array = ir.ty(Type::Array { len: 4, elem: i32t });
        Body {
            ir,
            main,
            insts: Vec::new(),
            starts: vec![0],
            i1,
            i32t,
            array,
        }
    }

    fn ptr(&mut self, pointee: TypeId, addr_space: u32) -> TypeId {
        self.ir.ty(Type::Pointer {
            pointee,
            addr_space,
        })
    }

    fn int(&mut self, v: u64) -> ValueId {
        let t = self.i32t;
        self.ir.constant(t, Constant::Int(v))
    }

    /// Appends an instruction giving a `ty` value (none for `void`).
    fn inst(&mut self, kind: InstKind, ty: TypeId) -> ValueId {
        let inst = self.insts.len() as u32;
        let main = self.main;
        let result =
            (ty != self.ir.void).then(|| self.ir.value(ty, ValueKind::Inst { func: main, inst }));
        self.insts.push(Inst {
            kind,
            ty,
            result,
            metadata: ListRange::EMPTY,
        });
        result.unwrap_or(ValueId(u32::MAX))
    }

    /// A call of `name` (declared on first use) returning `ret` (only the
    /// device runs call dx.ops).
    #[cfg(feature = "vulkan")]
    fn call(&mut self, name: &str, ret: TypeId, args: &[ValueId]) -> ValueId {
        let existing = self.ir.m.functions.iter().find(|f| {
            let n = self.ir.m.values[f.value.0 as usize].name;
            self.ir.m.str(n) == name
        });
        let callee = match existing {
            Some(f) => f.value,
            None => {
                let params: Vec<TypeId> = args
                    .iter()
                    .map(|a| self.ir.m.values[a.0 as usize].ty)
                    .collect();
                let fnty = self.ir.fn_type(ret, &params);
                let f = self.ir.func(name, fnty, true);
                self.ir.m.functions[f.0 as usize].value
            }
        };
        let ids: Vec<u32> = args.iter().map(|a| a.0).collect();
        let args = self.ir.m.push_list(&ids);
        self.inst(
            InstKind::Call {
                callee,
                args,
                attrs: 0,
            },
            ret,
        )
    }

    /// Starts the next block.
    fn block(&mut self) {
        self.starts.push(self.insts.len() as u32);
    }

    /// `alloca [4 x i32]`.
    fn local_array(&mut self) -> ValueId {
        let (array, one) = (self.array, self.int(1));
        let p = self.ptr(array, 0);
        self.inst(
            InstKind::Alloca {
                allocated: array,
                size: one,
                align: 4,
            },
            p,
        )
    }

    /// A `[4 x i32]` global in `addr_space` (3: groupshared).
    fn global_array(&mut self, addr_space: u32) -> ValueId {
        let array = self.array;
        let p = self.ptr(array, addr_space);
        let id = GlobalId(self.ir.m.globals.len() as u32);
        let v = self.ir.value(p, ValueKind::Global(id));
        self.ir.m.globals.push(Global {
            value: v,
            value_type: array,
            addr_space,
            is_constant: false,
            initializer: None,
            linkage: Linkage::Internal,
            align: 4,
        });
        v
    }

    /// `getelementptr [4 x i32], base, 0, index`.
    fn element(&mut self, base: ValueId, index: ValueId) -> ValueId {
        let addr_space = match self.ir.m.types.ty(self.ir.m.values[base.0 as usize].ty) {
            Type::Pointer { addr_space, .. } => addr_space,
            _ => 0,
        };
        let (zero, array, i32t) = (self.int(0), self.array, self.i32t);
        let p = self.ptr(i32t, addr_space);
        let operands = self.ir.m.push_list(&[base.0, zero.0, index.0]);
        self.inst(
            InstKind::Gep {
                inbounds: true,
                source: array,
                operands,
            },
            p,
        )
    }

    fn load(&mut self, ptr: ValueId, ty: TypeId) -> ValueId {
        self.inst(
            InstKind::Load {
                ptr,
                align: 4,
                volatile: false,
            },
            ty,
        )
    }

    fn store(&mut self, ptr: ValueId, value: ValueId) {
        let void = self.ir.void;
        self.inst(
            InstKind::Store {
                ptr,
                value,
                align: 4,
                volatile: false,
            },
            void,
        );
    }

    /// `icmp pred lhs, rhs`.
    fn cmp(&mut self, pred: Predicate, lhs: ValueId, rhs: ValueId) -> ValueId {
        let i1 = self.i1;
        self.inst(
            InstKind::Cmp {
                pred,
                lhs,
                rhs,
                flags: 0,
            },
            i1,
        )
    }

    /// `add i32 lhs, rhs`.
    fn add(&mut self, lhs: ValueId, rhs: ValueId) -> ValueId {
        let i32t = self.i32t;
        self.inst(
            InstKind::BinOp {
                op: dxil2spirv::ir::BinOp::Add,
                lhs,
                rhs,
                flags: 0,
            },
            i32t,
        )
    }

    /// A condition that is not a constant: `icmp eq (load a[0]), 0`.
    fn condition(&mut self, a: ValueId) -> ValueId {
        let (zero, i32t) = (self.int(0), self.i32t);
        let p = self.element(a, zero);
        let x = self.load(p, i32t);
        self.cmp(EQ, x, zero)
    }

    fn select(&mut self, cond: ValueId, a: ValueId, b: ValueId, ty: TypeId) -> ValueId {
        self.inst(
            InstKind::Select {
                cond,
                if_true: a,
                if_false: b,
            },
            ty,
        )
    }

    fn br(&mut self, target: u32) {
        let void = self.ir.void;
        self.inst(
            InstKind::Br {
                target: BlockId(target),
            },
            void,
        );
    }

    /// `br cond, if_true, if_false`.
    fn cond_br(&mut self, cond: ValueId, if_true: u32, if_false: u32) {
        let void = self.ir.void;
        self.inst(
            InstKind::CondBr {
                cond,
                if_true: BlockId(if_true),
                if_false: BlockId(if_false),
            },
            void,
        );
    }

    /// Ends the current block with a branch on `cond` to a `then` and an
    /// `else` block (the next two), each built by its closure and
    /// branching to the join block after them, and starts the join block.
    /// The values of the two sides come back, for [`Body::join`].
    fn diamond(
        &mut self,
        cond: ValueId,
        then: impl FnOnce(&mut Body) -> ValueId,
        else_: impl FnOnce(&mut Body) -> ValueId,
    ) -> (ValueId, ValueId) {
        let first = self.starts.len() as u32;
        self.cond_br(cond, first, first + 1);
        self.block();
        let p = then(self);
        self.br(first + 2);
        self.block();
        let q = else_(self);
        self.br(first + 2);
        self.block();
        (p, q)
    }

    /// In the join block of a [`Body::diamond`], `phi [then, then block],
    /// [else_, else block]` of type `ty`.
    fn join(&mut self, (then, else_): (ValueId, ValueId), ty: TypeId) -> ValueId {
        let join = self.starts.len() as u32 - 1;
        self.phi(&[(then, join - 2), (else_, join - 1)], ty)
    }

    /// `phi` of type `ty` of `incoming` (value, block) pairs; an empty
    /// one is filled later by [`Body::set_incoming`].
    fn phi(&mut self, incoming: &[(ValueId, u32)], ty: TypeId) -> ValueId {
        let incoming = self.incoming(incoming);
        self.inst(InstKind::Phi { incoming }, ty)
    }

    /// Sets the (value, block) pairs of `phi`, once they exist.
    fn set_incoming(&mut self, phi: ValueId, incoming: &[(ValueId, u32)]) {
        let incoming = self.incoming(incoming);
        let ValueKind::Inst { inst, .. } = self.ir.m.values[phi.0 as usize].kind else {
            unreachable!()
        };
        self.insts[inst as usize].kind = InstKind::Phi { incoming };
    }

    /// The operand list of a `phi` of (value, block) pairs.
    fn incoming(&mut self, pairs: &[(ValueId, u32)]) -> ListRange {
        if pairs.is_empty() {
            return ListRange::EMPTY;
        }
        let ids: Vec<u32> = pairs.iter().flat_map(|&(v, block)| [v.0, block]).collect();
        self.ir.m.push_list(&ids)
    }

    /// The module: the body ends with `ret void`.
    fn finish(mut self) -> Module {
        let void = self.ir.void;
        self.inst(InstKind::Ret { value: None }, void);
        let (main, insts, starts) = (self.main, self.insts, self.starts);
        let mut m = self.ir.finish();
        let ends: Vec<u32> = starts
            .iter()
            .skip(1)
            .copied()
            .chain([insts.len() as u32])
            .collect();
        let f = &mut m.functions[main.0 as usize];
        f.blocks = starts
            .iter()
            .zip(&ends)
            .map(|(&start, &end)| Block {
                start,
                len: end - start,
                name: StrRange::EMPTY,
            })
            .collect();
        f.insts = insts;
        m
    }
}

/// The outcome of emitting `m` as a compute shader `main` (see
/// `common::matrix`): `pass`, `unsupported:<detail>`, `invalid-spirv:...`
/// or `error:...`.
fn outcome(m: &Module) -> String {
    let desc = compute_desc(Vec::new());
    let dump = std::env::var("DXIL2SPIRV_POINTER_VALUES_DUMP").is_ok();
    if dump {
        let mut text = String::new();
        dxil2spirv::ir::write_module(&mut text, m).unwrap();
        eprintln!("{text}");
    }
    matrix::emit_outcome(m, &desc, dump.then_some("pointer_values"))
}

/// A compute entry `main` (function 0) of 4 threads with `resources`.
fn compute_desc(resources: Vec<ResourceDecl>) -> ShaderDesc {
    ShaderDesc {
        shader_model: (6, 0),
        kind: ShaderKind::Compute,
        entry: FuncId(0),
        entry_name: "main".into(),
        num_threads: [4, 1, 1],
        wave_size: None,
        resources,
        signatures: Signatures::default(),
        flags: Default::default(),
        gs: None,
        ms: None,
        hs: None,
        ds: None,
    }
}

/// Asserts `m` gives the named unsupported error of one of `features`.
fn named(m: &Module, features: &[&str]) {
    let o = outcome(m);
    assert!(
        features
            .iter()
            .any(|f| o.starts_with(&format!("unsupported:feature:{f}\t"))),
        "{o}"
    );
}

/// Asserts `m` translates to valid SPIR-V.
fn passes(m: &Module) {
    let o = outcome(m);
    assert_eq!(o, "pass");
}

/// Two local arrays and, in `a`, a condition.
fn two_locals(b: &mut Body) -> (ValueId, ValueId, ValueId) {
    let (x, y) = (b.local_array(), b.local_array());
    let c = b.condition(x);
    (x, y, c)
}

#[test]
fn select_of_local_element_pointers_then_load() {
    let mut b = Body::new();
    let (x, y, c) = two_locals(&mut b);
    let (i1, i2, i32t) = (b.int(1), b.int(2), b.i32t);
    let (p, q) = (b.element(x, i1), b.element(y, i2));
    let pt = b.ptr(i32t, 0);
    let s = b.select(c, p, q, pt);
    let v = b.load(s, i32t);
    let r = b.element(x, i2);
    b.store(r, v);
    named(&b.finish(), &["pointer-value"]);
}

#[test]
fn select_of_local_element_pointers_then_store() {
    let mut b = Body::new();
    let (x, y, c) = two_locals(&mut b);
    let (i1, i3, i32t) = (b.int(1), b.int(3), b.i32t);
    let (p, q) = (b.element(x, i1), b.element(y, i3));
    let pt = b.ptr(i32t, 0);
    let s = b.select(c, p, q, pt);
    let seven = b.int(7);
    b.store(s, seven);
    named(&b.finish(), &["pointer-value"]);
}

#[test]
fn select_of_one_arrays_elements() {
    let mut b = Body::new();
    let (x, _, c) = two_locals(&mut b);
    let (i1, i2, i32t) = (b.int(1), b.int(2), b.i32t);
    let (p, q) = (b.element(x, i1), b.element(x, i2));
    let pt = b.ptr(i32t, 0);
    let s = b.select(c, p, q, pt);
    let v = b.load(s, i32t);
    b.store(p, v);
    passes(&b.finish());
}

#[test]
fn select_of_one_arrays_elements_at_dynamic_indices_in_every_memory() {
    // `c ? a[i] : a[j]` with loaded indices, stored through: local,
    // static and groupshared arrays.
    for addr_space in [None, Some(0), Some(3)] {
        let mut b = Body::new();
        let (x, y, c) = two_locals(&mut b);
        let base = match addr_space {
            None => y,
            Some(s) => b.global_array(s),
        };
        let (i1, i2, i32t) = (b.int(1), b.int(2), b.i32t);
        let (pi, pj) = (b.element(x, i1), b.element(x, i2));
        let (i, j) = (b.load(pi, i32t), b.load(pj, i32t));
        let (p, q) = (b.element(base, i), b.element(base, j));
        let pt = b.ptr(i32t, addr_space.unwrap_or(0));
        let s = b.select(c, p, q, pt);
        let v = b.load(s, i32t);
        let nine = b.int(9);
        b.store(s, nine);
        b.store(pi, v);
        passes(&b.finish());
    }
}

#[test]
fn select_of_pointers_of_different_shapes() {
    // `c ? &a[1] : &a` (a pointer to an element and one to the array)
    // cannot share a result type: the reader rejects it; `c ? a[i] : b[i]`
    // of two arrays stays a named error (see the other tests).
    let mut b = Body::new();
    let (x, _, c) = two_locals(&mut b);
    let (i1, i32t) = (b.int(1), b.i32t);
    let zero = b.int(0);
    let p = b.element(x, i1);
    let pt = b.ptr(i32t, 0);
    // A one-index GEP (`getelementptr [4 x i32], a, 0`) of another shape.
    let array = b.array;
    let at = b.ptr(array, 0);
    let operands = b.ir.m.push_list(&[x.0, zero.0]);
    let whole = b.inst(
        InstKind::Gep {
            inbounds: true,
            source: array,
            operands,
        },
        at,
    );
    let first = b.inst(
        InstKind::Cast {
            op: dxil2spirv::ir::CastOp::BitCast,
            value: whole,
        },
        pt,
    );
    let s = b.select(c, p, first, pt);
    let v = b.load(s, i32t);
    b.store(p, v);
    let o = outcome(&b.finish());
    assert!(
        o == "pass" || o.starts_with("unsupported:feature:pointer-value\t"),
        "{o}"
    );
}

#[test]
fn select_of_groupshared_and_static_arrays() {
    // Two groupshared arrays: a variable pointer; two static arrays: the
    // named error (variable pointers do not reach Private memory).
    for addr_space in [3, 0] {
        let mut b = Body::new();
        let (x, _, c) = two_locals(&mut b);
        let (g, h) = (b.global_array(addr_space), b.global_array(addr_space));
        let (i1, i32t) = (b.int(1), b.i32t);
        let (p, q) = (b.element(g, i1), b.element(h, i1));
        let pt = b.ptr(i32t, addr_space);
        let s = b.select(c, p, q, pt);
        let v = b.load(s, i32t);
        let r = b.element(x, i1);
        b.store(r, v);
        let m = b.finish();
        if addr_space == 3 {
            passes(&m);
        } else {
            named(&m, &["pointer-value"]);
        }
    }
}

#[test]
fn phi_of_two_groupshared_arrays_is_a_variable_pointer() {
    // The diamond of `phi_of_local_element_pointers` over two groupshared
    // arrays (an element of one, the other whole then indexed).
    let mut b = Body::new();
    let (x, _, c) = two_locals(&mut b);
    let (g, h) = (b.global_array(3), b.global_array(3));
    let (i1, i2, i32t) = (b.int(1), b.int(2), b.i32t);
    let arms = b.diamond(c, |b| b.element(g, i1), |b| b.element(h, i2));
    let pt = b.ptr(i32t, 3);
    let phi = b.join(arms, pt);
    let v = b.load(phi, i32t);
    let seven = b.int(7);
    b.store(phi, seven);
    let r = b.element(x, i2);
    b.store(r, v);
    passes(&b.finish());
}

#[test]
fn phi_of_local_element_pointers() {
    // entry: br c, then, else; then: br join; else: br join;
    // join: phi [p, then], [q, else]; load; store.
    let mut b = Body::new();
    let (x, y, c) = two_locals(&mut b);
    let (i1, i2, i32t) = (b.int(1), b.int(2), b.i32t);
    let arms = b.diamond(c, |b| b.element(x, i1), |b| b.element(y, i2));
    let pt = b.ptr(i32t, 0);
    let phi = b.join(arms, pt);
    let v = b.load(phi, i32t);
    let r = b.element(x, i2);
    b.store(r, v);
    named(&b.finish(), &["pointer-value"]);
}

#[test]
fn phi_of_one_arrays_elements() {
    // The diamond above with both sides indexing `x`: a phi of the
    // index, one access chain.
    let mut b = Body::new();
    let (x, _, c) = two_locals(&mut b);
    let (i1, i2, i32t) = (b.int(1), b.int(2), b.i32t);
    let pi = b.element(x, i1);
    let i = b.load(pi, i32t);
    let arms = b.diamond(c, |b| b.element(x, i), |b| b.element(x, i2));
    let pt = b.ptr(i32t, 0);
    let phi = b.join(arms, pt);
    let v = b.load(phi, i32t);
    b.store(phi, i1);
    b.store(pi, v);
    passes(&b.finish());
}

#[test]
fn loops_walking_an_array_through_a_phi_of_geps() {
    // entry: br loop
    // loop: %p = phi [a[0], entry], [%next, loop]; %i = phi [0], [%j]
    //       *%p += 1; %j = %i + 1; %next = &a[%j]; br %j < 3, loop, exit
    // exit: ret
    // (groupshared and local arrays)
    for addr_space in [None, Some(3)] {
        let mut b = Body::new();
        let base = match addr_space {
            None => b.local_array(),
            Some(s) => b.global_array(s),
        };
        let (zero, one, three, i32t) = (b.int(0), b.int(1), b.int(3), b.i32t);
        let start = b.element(base, zero);
        b.br(1);
        b.block();
        let pt = b.ptr(i32t, addr_space.unwrap_or(0));
        // Operands filled once %next and %j exist.
        let p = b.phi(&[], pt);
        let i = b.phi(&[], i32t);
        let v = b.load(p, i32t);
        let w = b.add(v, one);
        b.store(p, w);
        let j = b.add(i, one);
        let next = b.element(base, j);
        let more = b.cmp(ULT, j, three);
        b.cond_br(more, 1, 2);
        b.block();
        b.set_incoming(p, &[(start, 0), (next, 1)]);
        b.set_incoming(i, &[(zero, 0), (j, 1)]);
        passes(&b.finish());
    }
}

#[test]
fn selects_and_phis_of_one_variable_itself() {
    // `select c, @g, @g` and `phi [@g, then], [@g, else]` of a whole
    // groupshared array, then an element of it.
    let mut b = Body::new();
    let (x, _, c) = two_locals(&mut b);
    let (g, i1, i32t) = (b.global_array(3), b.int(1), b.i32t);
    let gt = b.ir.m.values[g.0 as usize].ty;
    let s = b.select(c, g, g, gt);
    let arms = b.diamond(c, |_| s, |_| g);
    let phi = b.join(arms, gt);
    let e = b.element(phi, i1);
    let v = b.load(e, i32t);
    let r = b.element(x, i1);
    b.store(r, v);
    // The phi's incoming `select` is no base: a variable pointer phi.
    passes(&b.finish());

    let mut b = Body::new();
    let (x, _, c) = two_locals(&mut b);
    let (g, i1, i32t) = (b.global_array(3), b.int(1), b.i32t);
    let gt = b.ir.m.values[g.0 as usize].ty;
    let s = b.select(c, g, g, gt);
    let e = b.element(s, i1);
    let v = b.load(e, i32t);
    let r = b.element(x, i1);
    b.store(r, v);
    passes(&b.finish());
}

#[test]
fn icmp_of_pointers() {
    let mut b = Body::new();
    let (x, y, _) = two_locals(&mut b);
    let (i1, i32t) = (b.int(1), b.i32t);
    let (p, q) = (b.element(x, i1), b.element(y, i1));
    let eq = b.cmp(EQ, p, q);
    let (one, zero) = (b.int(1), b.int(0));
    let v = b.select(eq, one, zero, i32t);
    b.store(p, v);
    named(&b.finish(), &["pointer-value"]);
}

#[test]
fn null_pointers() {
    let mut b = Body::new();
    let (x, _, _) = two_locals(&mut b);
    let (i32t, i1) = (b.i32t, b.int(1));
    let pt = b.ptr(i32t, 0);
    let null = b.ir.constant(pt, Constant::Null);
    let v = b.load(null, i32t);
    let r = b.element(x, i1);
    b.store(r, v);
    named(&b.finish(), &["pointer-value"]);
}

#[test]
fn pointers_stored_in_memory() {
    let mut b = Body::new();
    let (x, _, _) = two_locals(&mut b);
    let (i32t, i1) = (b.i32t, b.int(1));
    let pt = b.ptr(i32t, 0);
    let ppt = b.ptr(pt, 0);
    let one = b.int(1);
    let slot = b.inst(
        InstKind::Alloca {
            allocated: pt,
            size: one,
            align: 4,
        },
        ppt,
    );
    let p = b.element(x, i1);
    b.store(slot, p);
    let back = b.load(slot, pt);
    let seven = b.int(7);
    b.store(back, seven);
    // A pointer type is no SPIR-V value type: the alloca of one fails.
    named(&b.finish(), &["pointer-value", "llvm-type"]);
}

#[test]
fn pointers_in_aggregates() {
    let mut b = Body::new();
    let (x, _, _) = two_locals(&mut b);
    let (i32t, i1) = (b.i32t, b.int(1));
    let pt = b.ptr(i32t, 0);
    let members = b.ir.m.types.push_members(&[pt]);
    let st = b.ir.ty(Type::Struct {
        name: StrRange::EMPTY,
        elements: members,
        packed: false,
        opaque: false,
        identified: false,
    });
    let undef = b.ir.constant(st, Constant::Undef);
    let p = b.element(x, i1);
    let indices = b.ir.m.push_list(&[0]);
    let agg = b.inst(
        InstKind::InsertValue {
            aggregate: undef,
            value: p,
            indices,
        },
        st,
    );
    let back = b.inst(
        InstKind::ExtractValue {
            aggregate: agg,
            indices,
        },
        pt,
    );
    let seven = b.int(7);
    b.store(back, seven);
    named(&b.finish(), &["pointer-value", "llvm-type"]);
}

/// `createHandle` of the UAV `u0` (a structured buffer of `u32`, declared
/// by [`run_u0`]).
#[cfg(feature = "vulkan")]
fn u0_handle(b: &mut Body) -> ValueId {
    let (i1t, i8t) = (b.i1, b.ir.ty(Type::Int(8)));
    let i8p = b.ptr(i8t, 0);
    let members = b.ir.m.types.push_members(&[i8p]);
    let name = b.ir.m.push_str("dx.types.Handle");
    let handle_t = b.ir.ty(Type::Struct {
        name,
        elements: members,
        packed: false,
        opaque: false,
        identified: true,
    });
    let (op57, zero) = (b.int(57), b.int(0));
    let uav = b.ir.constant(i8t, Constant::Int(1));
    let no = b.ir.constant(i1t, Constant::Int(0));
    b.call("dx.op.createHandle", handle_t, &[op57, uav, zero, zero, no])
}

/// `u0[k] = outs[k]` (`bufferStore`).
#[cfg(feature = "vulkan")]
fn store_u0(b: &mut Body, handle: ValueId, outs: &[ValueId]) {
    let (i8t, i32t, void) = (b.ir.ty(Type::Int(8)), b.i32t, b.ir.void);
    let (op69, zero) = (b.int(69), b.int(0));
    let mask = b.ir.constant(i8t, Constant::Int(1));
    let undef = b.ir.constant(i32t, Constant::Undef);
    for (k, &out) in outs.iter().enumerate() {
        let index = b.int(k as u64);
        b.call(
            "dx.op.bufferStore.i32",
            void,
            &[op69, handle, index, zero, out, undef, undef, undef, mask],
        );
    }
}

/// Emits `m` as a compute shader of `threads` threads with `u0`, a
/// structured buffer of 4 `u32`, runs it on the Vulkan device and checks
/// `u0` holds `expect`.
#[cfg(feature = "vulkan")]
fn run_u0(m: &Module, threads: u32, expect: &str) {
    use crate::common;
    use dxil2spirv::dxil::ResourceKind;
    use dxil2spirv::emit::{emit, EmitOptions, ResourceClass};
    use dxil2spirv::run::RunSpec;

    let _turn = common::vulkan::turn();
    if !common::vulkan::available() {
        return;
    }
    let mut desc = compute_desc(vec![ResourceDecl {
        class: ResourceClass::Uav,
        id: 0,
        name: "u0".into(),
        space: 0,
        lower_bound: 0,
        range_size: 1,
        kind: ResourceKind::StructuredBuffer,
        component_type: None,
        stride: 4,
        cbuffer_size: 0,
        has_counter: false,
        globally_coherent: false,
        heap: None,
        global: None,
    }]);
    desc.num_threads = [threads, 1, 1];
    let out = emit(m, &desc, &EmitOptions::default()).unwrap();
    dxil2spirv::validate::validate_vulkan_1_3(&out.spirv).unwrap();
    let spec = RunSpec::parse(&format!(
        "dispatch = 1, 1, 1\nu0 : u32[4]\nexpect u0 : u32[4] = {expect}\n"
    ))
    .unwrap();
    let report = common::vulkan::run_reflected(&spec, &out.spirv, &out.reflection).unwrap();
    assert!(report.passed, "{}", report.summary());
}

/// Runs on the Vulkan device: the translated selects and phis of pointers
/// into one array access the chosen elements. Each thread (all alike),
/// with a local `x = {10, 20, 30, 40}`, computes
/// `u0[0] = *(x[0] == 10 ? &x[1] : &x[2])` (20, then stores 21 there),
/// `u0[1] = *(x[0] == 11 ? &x[1] : &x[3])` (40), and walks `x` through a
/// phi of GEPs adding each element to a sum and 1 to each element:
/// `u0[2]` = 10 + 21 + 30 + 40 = 101, `u0[3] = x[1]` = 22.
#[cfg(feature = "vulkan")]
#[test]
fn selects_and_phis_of_pointers_access_the_chosen_elements() {
    let mut b = Body::new();
    let i32t = b.i32t;
    let c = |b: &mut Body, v: u64| b.int(v);
    let zero = c(&mut b, 0);
    let handle = u0_handle(&mut b);
    let x = b.local_array();
    let elems: Vec<ValueId> = (0..4)
        .map(|k| {
            let i = c(&mut b, k);
            b.element(x, i)
        })
        .collect();
    for (k, &e) in elems.iter().enumerate() {
        let v = c(&mut b, 10 * (k as u64 + 1));
        b.store(e, v);
    }
    let first = b.load(elems[0], i32t);
    let cmp = |b: &mut Body, v: u64| {
        let k = b.int(v);
        b.cmp(EQ, first, k)
    };
    let pt = b.ptr(i32t, 0);
    let yes = cmp(&mut b, 10);
    let s = b.select(yes, elems[1], elems[2], pt);
    let out0 = b.load(s, i32t);
    let v21 = c(&mut b, 21);
    b.store(s, v21);
    let not = cmp(&mut b, 11);
    let s2 = b.select(not, elems[1], elems[3], pt);
    let out1 = b.load(s2, i32t);
    b.br(1);
    // loop: %p = phi [x[0]], [%next]; %i = phi [0], [%j]; %acc = phi [0], [%sum]
    b.block();
    let (p, i, acc) = (b.phi(&[], pt), b.phi(&[], i32t), b.phi(&[], i32t));
    let one = c(&mut b, 1);
    let v = b.load(p, i32t);
    let sum = b.add(acc, v);
    let w = b.add(v, one);
    b.store(p, w);
    let j = b.add(i, one);
    let next = b.element(x, j);
    let four = c(&mut b, 4);
    let more = b.cmp(ULT, j, four);
    b.cond_br(more, 1, 2);
    b.block();
    let out3 = b.load(elems[1], i32t);
    store_u0(&mut b, handle, &[out0, out1, sum, out3]);
    let lists = [(p, [elems[0], next]), (i, [zero, j]), (acc, [zero, sum])];
    for (phi, [entry, latch]) in lists {
        b.set_incoming(phi, &[(entry, 0), (latch, 1)]);
    }
    run_u0(&b.finish(), 4, "20, 40, 101, 22");
}

/// Runs on the Vulkan device: selects and phis of pointers into two
/// groupshared arrays (variable pointers) reach the chosen elements. One
/// thread, `ga = {1, 2, 3, 4}`, `gb = {5, 6, 7, 8}`:
/// `u0[0] = *(ga[0] == 1 ? &ga[1] : &gb[2])` (2, then stores 9 there),
/// `u0[1] = *(ga[0] == 2 ? &ga[3] : &gb[3])` (8), a diamond on the first
/// condition joins `&gb[0]` and `&ga[2]`: `u0[2]` = 5 through the phi,
/// which then stores 11, and `u0[3] = ga[1] + gb[0]` = 20.
#[cfg(feature = "vulkan")]
#[test]
fn variable_pointers_into_groupshared_arrays_access_the_chosen_elements() {
    let mut b = Body::new();
    let i32t = b.i32t;
    let handle = u0_handle(&mut b);
    let (ga, gb) = (b.global_array(3), b.global_array(3));
    let el = |b: &mut Body, g: ValueId, k: u64| {
        let i = b.int(k);
        b.element(g, i)
    };
    for k in 0..4 {
        let (p, q) = (el(&mut b, ga, k), el(&mut b, gb, k));
        let (v, w) = (b.int(k + 1), b.int(k + 5));
        b.store(p, v);
        b.store(q, w);
    }
    let ga0 = el(&mut b, ga, 0);
    let first = b.load(ga0, i32t);
    let cmp = |b: &mut Body, v: u64| {
        let k = b.int(v);
        b.cmp(EQ, first, k)
    };
    let (yes, not) = (cmp(&mut b, 1), cmp(&mut b, 2));
    let pt = b.ptr(i32t, 3);
    let (a1, b2) = (el(&mut b, ga, 1), el(&mut b, gb, 2));
    let s = b.select(yes, a1, b2, pt);
    let out0 = b.load(s, i32t);
    let nine = b.int(9);
    b.store(s, nine);
    let (a3, b3) = (el(&mut b, ga, 3), el(&mut b, gb, 3));
    let s2 = b.select(not, a3, b3, pt);
    let out1 = b.load(s2, i32t);
    let arms = b.diamond(yes, |b| el(b, gb, 0), |b| el(b, ga, 2));
    let phi = b.join(arms, pt);
    let out2 = b.load(phi, i32t);
    let eleven = b.int(11);
    b.store(phi, eleven);
    let (a1, b0) = (el(&mut b, ga, 1), el(&mut b, gb, 0));
    let (x, y) = (b.load(a1, i32t), b.load(b0, i32t));
    let out3 = b.add(x, y);
    store_u0(&mut b, handle, &[out0, out1, out2, out3]);
    run_u0(&b.finish(), 1, "2, 8, 5, 20");
}
