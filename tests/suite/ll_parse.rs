//! Tests of the `.ll` disassembly parser (`common::ll`) against the corpus.

use crate::common;

use common::ll::{parse, LlArg, LlInst, LlModule};
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use LlArg::{Float, Int, Null, Other, Undef};

/// One corpus disassembly and its parse.
struct Case {
    path: PathBuf,
    text: String,
    module: LlModule,
}

impl Case {
    /// Per defined function, the source lines that start an instruction: one
    /// per parsed instruction (switch case lines and `]` are continuations).
    fn inst_lines(&self) -> Vec<Vec<&str>> {
        let mut functions = vec![];
        let mut body: Option<Vec<&str>> = None;
        for line in self.text.lines() {
            if line.starts_with("define ") {
                body = Some(vec![]);
            } else if line == "}" {
                functions.extend(body.take());
            } else if let Some(body) = body.as_mut() {
                let rest = line.strip_prefix("  ").unwrap_or_default();
                if rest.starts_with(|c: char| c.is_ascii_alphabetic() || c == '%') {
                    body.push(line);
                }
            }
        }
        functions
    }

    /// The parsed instruction whose source line starts (after indentation) with `prefix`.
    fn inst(&self, prefix: &str) -> &LlInst {
        let index = self
            .inst_lines()
            .concat()
            .iter()
            .position(|l| l.trim_start().starts_with(prefix))
            .unwrap_or_else(|| panic!("{}: no line `{prefix}`", self.path.display()));
        insts(&self.module).nth(index).unwrap()
    }
}

/// Every `corpus/*/*.ll`, parsed once and shared by the tests.
fn corpus() -> &'static [Case] {
    static CORPUS: OnceLock<Vec<Case>> = OnceLock::new();
    CORPUS.get_or_init(|| {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus");
        let mut paths: Vec<PathBuf> = std::fs::read_dir(&root)
            .unwrap()
            .map(|d| d.unwrap().path())
            .filter(|d| d.is_dir())
            .flat_map(|d| std::fs::read_dir(d).unwrap().map(|f| f.unwrap().path()))
            .filter(|p| p.extension().is_some_and(|e| e == "ll"))
            .collect();
        paths.sort();
        paths
            .into_iter()
            .map(|path| {
                let text = std::fs::read_to_string(&path).unwrap();
                let module = parse(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
                Case { path, text, module }
            })
            .collect()
    })
}

/// The corpus case `category/name.ll`.
fn case(name: &str) -> &'static Case {
    corpus()
        .iter()
        .find(|c| c.path.ends_with(name))
        .unwrap_or_else(|| panic!("no corpus file {name}"))
}

fn insts(module: &LlModule) -> impl Iterator<Item = &LlInst> {
    module
        .functions
        .iter()
        .flat_map(|f| f.blocks.iter().flat_map(|b| &b.insts))
}

fn opcodes(insts: &[LlInst]) -> Vec<&str> {
    insts.iter().map(|i| i.opcode.as_str()).collect()
}

fn is_terminator(inst: &LlInst) -> bool {
    matches!(
        inst.opcode.as_str(),
        "br" | "ret" | "switch" | "unreachable"
    )
}

fn float(v: f64) -> LlArg {
    Float(v.to_bits())
}

/// Counts the lines of `text` that start with `prefix`.
fn count_lines(text: &str, prefix: &str) -> usize {
    text.lines().filter(|l| l.starts_with(prefix)).count()
}

#[test]
fn corpus_is_well_formed() {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus/MANIFEST.tsv");
    let rows = std::fs::read_to_string(manifest).unwrap().lines().count() - 1;
    assert_eq!(corpus().len(), rows, "one .ll per manifest row");
    for case in corpus() {
        let path = case.path.display();
        let m = &case.module;
        let defines = count_lines(&case.text, "define ");
        assert_eq!(m.functions.len(), defines, "{path}: functions");
        let blocks: usize = m.functions.iter().map(|f| f.blocks.len()).sum();
        let labels = count_lines(&case.text, "; <label>:");
        assert_eq!(blocks, defines + labels, "{path}: blocks");
        for (f, lines) in m.functions.iter().zip(case.inst_lines()) {
            let n: usize = f.blocks.iter().map(|b| b.insts.len()).sum();
            assert_eq!(n, lines.len(), "{path}: @{} instructions", f.name);
            for (b, block) in f.blocks.iter().enumerate() {
                let (last, body) = block.insts.split_last().expect("non-empty block");
                assert!(is_terminator(last), "{path}: @{} block {b} end", f.name);
                assert!(
                    !body.iter().any(is_terminator),
                    "{path}: @{} block {b}",
                    f.name
                );
            }
        }
        for inst in insts(m) {
            let dx_call = inst
                .callee
                .as_deref()
                .is_some_and(|c| c.starts_with("dx.op."));
            assert_eq!(
                inst.callee.is_some(),
                inst.opcode == "call",
                "{path}: {inst:?}"
            );
            assert_eq!(inst.dx_op.is_some(), dx_call, "{path}: {inst:?}");
            if let Some(op) = inst.dx_op {
                assert_eq!(inst.args[0], Int(i64::from(op as i32)), "{path}: {inst:?}");
            }
            assert!(
                inst.opcode == "call" || inst.args.is_empty(),
                "{path}: {inst:?}"
            );
        }
    }
}

/// Every result type is spelled exactly as the type written before each use
/// of the result in a typed operand position (`float %3`, `i32 addrspace(3)* %7`).
#[test]
fn result_types_match_typed_uses() {
    let (mut results, mut uses) = (0, 0);
    let functions = corpus().iter().flat_map(|c| {
        let lines = c.inst_lines();
        c.module
            .functions
            .iter()
            .zip(lines)
            .map(move |(f, lines)| (c, f, lines))
    });
    for (case, function, lines) in functions {
        let insts = function.blocks.iter().flat_map(|b| &b.insts);
        for (line, inst) in lines.iter().zip(insts) {
            if inst.ty == "void" {
                continue;
            }
            let name = line.trim_start().split(" = ").next().unwrap();
            let expected = format!("{} ", inst.ty);
            let mut used = false;
            for (l, at) in lines
                .iter()
                .flat_map(|l| l.match_indices(name).map(move |(at, _)| (l, at)))
            {
                let after = l[at + name.len()..].bytes().next();
                let before = &l[..at];
                let before = before.strip_suffix("nonnull ").unwrap_or(before);
                let untyped = [", ", "[ ", "("].iter().any(|s| before.ends_with(s));
                if after.is_some_and(|b| b.is_ascii_alphanumeric() || b"._".contains(&b))
                    || untyped
                    || before.trim().is_empty()
                {
                    continue;
                }
                assert!(
                    before.ends_with(&expected),
                    "{}: {name} has type {} but is used as `{before}{name}`",
                    case.path.display(),
                    inst.ty
                );
                used = true;
                uses += 1;
            }
            results += usize::from(used);
        }
    }
    assert!(
        results > 15_000 && uses > 20_000,
        "only {results} results / {uses} uses checked"
    );
}

#[test]
fn int_add_sub_mul_wrap() {
    let case = case("compute/int-add-sub-mul-wrap.ll");
    let [main] = &case.module.functions[..] else {
        panic!("one function")
    };
    assert_eq!(main.name, "main");
    let [block] = &main.blocks[..] else {
        panic!("one block")
    };
    assert_eq!(block.insts.len(), 29);
    let first = &block.insts[0];
    assert_eq!(first.opcode, "call");
    assert_eq!(first.ty, "%dx.types.Handle");
    assert_eq!(first.callee.as_deref(), Some("dx.op.createHandle"));
    assert_eq!(first.dx_op, Some(57));
    assert_eq!(first.args, [Int(57), Int(1), Int(0), Int(0), Int(0)]);
    let load = &block.insts[4];
    assert_eq!(load.ty, "%dx.types.ResRet.i32");
    assert_eq!(load.args, [Int(68), Other, Other, Int(0)]);
    assert_eq!(block.insts[5].opcode, "extractvalue");
    assert_eq!(block.insts[5].ty, "i32");
    let store = &block.insts[10];
    assert_eq!((store.opcode.as_str(), store.ty.as_str()), ("call", "void"));
    #[rustfmt::skip]
    let expected = [Int(69), Other, Other, Int(0), Other, Undef, Undef, Undef, Int(1)];
    assert_eq!(store.args, expected);
    assert_eq!(opcodes(&block.insts[23..26]), ["mul", "mul", "add"]);
    assert_eq!(block.insts[28].opcode, "ret");
    assert_eq!(block.insts[28].ty, "void");
}

#[test]
fn gep_result_types() {
    let wg = case("advanced/wg-coalescing-groupshared-compaction.ll");
    // %struct.Batch = type { i32, [32 x i32] }: field 1, then an array element.
    assert_eq!(
        wg.inst("%43 = getelementptr inbounds %struct.Batch").ty,
        "i32 addrspace(6)*"
    );
    let rq = case("advanced/rq-as-occlusion-culling.ll");
    assert_eq!(
        rq.inst("%44 = getelementptr %struct.MeshletPayload").ty,
        "i32 addrspace(3)*"
    );
    let lib = case("advanced/dxr-lib-exported-functions.ll");
    assert_eq!(
        lib.inst("%1 = getelementptr inbounds %struct.ShadeParams")
            .ty,
        "<3 x float>*"
    );
    let lv = case("advanced/sm69-long-vector-float-structured-groupshared.ll");
    assert_eq!(
        lv.inst("%95 = getelementptr").ty,
        "<16 x i32> addrspace(3)*"
    );
    assert_eq!(lv.inst("%46 = getelementptr <7 x float>").ty, "float*");
    assert_eq!(lv.inst("%7 = alloca").ty, "<7 x float>*");
    let lifetime = lv.inst("call void @llvm.lifetime.start");
    assert_eq!(lifetime.callee.as_deref(), Some("llvm.lifetime.start"));
    assert_eq!(
        (lifetime.dx_op, &lifetime.args[..]),
        (None, &[Int(28), Other][..])
    );
}

#[test]
fn extractvalue_and_vector_types() {
    let lv = case("advanced/sm69-long-vector-16bit-64bit.ll");
    assert_eq!(lv.inst("%7 = extractvalue").ty, "<20 x i16>");
    assert_eq!(lv.inst("%16 = extractvalue").ty, "<6 x double>");
    let fmax = lv.inst("%26 = call <10 x half>");
    assert_eq!((fmax.ty.as_str(), fmax.dx_op), ("<10 x half>", Some(35)));
    assert_eq!(fmax.args, [Int(35), Other, Other]);
    let props = lv.inst("%5 = call %dx.types.Handle @dx.op.annotateHandle");
    assert_eq!(props.args, [Int(216), Other, Other]);
    let bind = lv.inst("%2 = call %dx.types.Handle @dx.op.createHandleFromBinding");
    assert_eq!(bind.args, [Int(217), Null, Int(0), Int(0)]);
    let cb = case("binding/cbuf-16bit-packing.ll");
    assert_eq!(cb.inst("%4 = extractvalue").ty, "half");
    assert_eq!(cb.inst("%8 = extractvalue").ty, "i16");
}

#[test]
fn atomics() {
    let case = case("compute/atomic-groupshared-ops.ll");
    let cmpxchg = case.inst("%27 = cmpxchg");
    assert_eq!(
        (cmpxchg.opcode.as_str(), cmpxchg.ty.as_str()),
        ("cmpxchg", "{ i32, i1 }")
    );
    let rmw = case.inst("%28 = atomicrmw add");
    assert_eq!((rmw.opcode.as_str(), rmw.ty.as_str()), ("atomicrmw", "i32"));
    assert_eq!(case.inst("%29 = getelementptr").ty, "i32 addrspace(3)*");
}

#[test]
fn switch_and_phis() {
    let case = case("control-flow/ps-mrt-branches.ll");
    let blocks = &case.module.functions[0].blocks;
    let sizes: Vec<usize> = blocks.iter().map(|b| b.insts.len()).collect();
    assert_eq!(sizes, [7, 6, 6, 2, 1, 17, 4, 2, 22]);
    assert_eq!(blocks[0].insts[6].opcode, "switch");
    let merge = &blocks[8].insts;
    let mut expected = vec!["phi"; 9];
    expected.extend(["fcmp", "or", "select"]);
    expected.extend(["call"; 9]);
    expected.push("ret");
    assert_eq!(opcodes(merge), expected);
    let types: Vec<&str> = merge[..12].iter().map(|i| i.ty.as_str()).collect();
    assert_eq!(
        types,
        [
            "i32", "float", "float", "float", "float", "float", "float", "float", "float", "i1",
            "i32", "i32"
        ]
    );
    assert_eq!(merge[20].args, [Int(5), Int(2), Int(0), Int(0), Other]);
    assert_eq!(blocks[5].insts[5].opcode, "uitofp");
    assert_eq!(blocks[5].insts[5].ty, "float");
}

#[test]
fn float_and_wide_constants() {
    let ser = case("advanced/sm69-ser-hitobject-reorder.ll");
    let trace = ser.inst("%38 = call %dx.types.HitObject");
    assert_eq!(trace.ty, "%dx.types.HitObject");
    #[rustfmt::skip]
    let expected = [
        Int(262), Other, Int(0), Int(255), Int(0), Int(1), Int(0),
        float(0.0), float(0.0), float(-4.0), Float(0x3F847AE140000000), Other, Other, Other,
        float(1000.0), Other,
    ];
    assert_eq!(trace.args, expected);
    let f64s = case("advanced/f64-arith-exact.ll");
    let fma = f64s.inst("%35 = call double");
    assert_eq!(fma.args, [Int(47), Other, Other, float(0.5)]);
    let cas = case("advanced/atomic64-bab-cas-minmax.ll").inst("%34 = call i64");
    #[rustfmt::skip]
    let expected = [Int(79), Other, Int(48), Undef, Undef, Int(0), Int(-6066930334832433271)];
    assert_eq!(cas.args, expected);
}

#[test]
fn experimental_dx_op_numbers() {
    let case = case("advanced/sm610-linalg-thread-matrix-vector.ll");
    let load = case.inst("%11 = call %dx.types.LinAlgMatrixC8M8N16U0S0");
    assert_eq!(load.dx_op, Some(0x8000_000E));
    assert_eq!(load.args[0], Int(-2147483634));
}

#[test]
fn library_function_names() {
    let names: Vec<&str> = case("advanced/dxr-lib-exported-functions.ll")
        .module
        .functions
        .iter()
        .map(|f| f.name.as_str())
        .collect();
    assert_eq!(
        names,
        [
            "\x01?Fresnel@@YAMMM@Z",
            "\x01?Lambert@@YA?AV?$vector@M$02@@V1@00@Z",
            "\x01?HashCell@@YAIV?$vector@I$01@@I@Z",
            "\x01?ShadeCallable@@YAXUShadeParams@@@Z",
        ]
    );
}

/// Syntax the corpus does not (yet) contain: named blocks, half constants,
/// varargs calls, tail calls, parameter attributes, vector compares, ...
#[test]
fn synthetic_syntax() {
    let src = r#"
%s = type { i32, <{ i8, half }>, [2 x float] }
@g = global [4 x %s] zeroinitializer

define internal fastcc <2 x i1> @"a\5Cb\22c"(<2 x float> %v) #0 {
entry:
  %p = getelementptr inbounds [4 x %s], [4 x %s]* @g, i32 0, i32 1, i32 1, i32 1
  %q = getelementptr %s, %s* null, <2 x i32> <i32 0, i32 1>
  %c = fcmp fast olt <2 x float> %v, zeroinitializer
  %h = tail call half (i32, ...) @dx.op.unary.f16(i32 7, half 0xH3C00, half 0xHFC00, half 0xH0001, double 0x3FF8000000000000, i1 true, i64 -5) #1
  %w = call float @"dx.op.x"(i32 12, float -2.500000e-01, %s* nonnull dereferenceable(8) %x, metadata !"s;t", i8* bitcast (i32* @y to i8*))
  %sh = shufflevector <2 x float> %v, <2 x float> undef, <3 x i32> <i32 0, i32 1, i32 0>
  %iv = insertvalue %s undef, i32 1, 0
  %ev = extractvalue %s %iv, 1, 1
  %z = fptoui half %h to i16, !dbg !3
  switch i16 %z, label %"odd name" [
    i16 0, label %entry
  ]

"odd name":                                       ; preds = %entry
  ret <2 x i1> %c
}
"#;
    let m = parse(src).unwrap();
    let [f] = &m.functions[..] else {
        panic!("one function")
    };
    assert_eq!(f.name, "a\\b\"c");
    let [entry, odd] = &f.blocks[..] else {
        panic!("two blocks")
    };
    assert_eq!(opcodes(&odd.insts), ["ret"]);
    let types: Vec<&str> = entry.insts.iter().map(|i| i.ty.as_str()).collect();
    #[rustfmt::skip]
    let expected = [
        "half*", "<2 x %s*>", "<2 x i1>", "half", "float", "<3 x float>", "%s", "half", "i16", "void",
    ];
    assert_eq!(types, expected);
    let unary = &entry.insts[3];
    assert_eq!(unary.dx_op, Some(7));
    let min_subnormal = 2f64.powi(-24);
    #[rustfmt::skip]
    let expected = [
        Int(7), float(1.0), float(f64::NEG_INFINITY), float(min_subnormal), float(1.5), Int(1), Int(-5),
    ];
    assert_eq!(unary.args, expected);
    let x = &entry.insts[4];
    assert_eq!((x.callee.as_deref(), x.dx_op), (Some("dx.op.x"), Some(12)));
    assert_eq!(x.args, [Int(12), float(-0.25), Other, Other, Other]);
}

#[test]
fn parse_errors_name_the_line() {
    let err = parse("define void @f() {\n  %1 = frobnicate i32 0\n  ret void\n}\n").unwrap_err();
    assert!(err.starts_with("line 2:"), "{err}");
    assert!(parse("define void @f() {\n  ret void\n").is_err());
}
