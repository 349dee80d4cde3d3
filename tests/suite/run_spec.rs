//! Run-spec parser: every corpus spec parses, a few values checked by hand,
//! and malformed specs fail with the line named.
use std::path::{Path, PathBuf};

use dxil2spirv::run::{
    ElementType, HeapView, RegisterClass, RegisterKey, RunSpec, ScalarType, TexelFormat,
    DEFAULT_HEAP_SIZE,
};
use dxil2spirv::{ErrorKind, Location};

fn corpus_specs() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus");
    let mut out = Vec::new();
    let mut stack = vec![root];
    while let Some(dir) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for e in entries.flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == "run") {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

fn corpus(rel: &str) -> RunSpec {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("corpus")
        .join(rel);
    RunSpec::from_file(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn words(data: &[u8]) -> Vec<u32> {
    data.chunks_exact(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect()
}

fn f32s(data: &[u8]) -> Vec<f32> {
    words(data).into_iter().map(f32::from_bits).collect()
}

#[test]
fn every_corpus_spec_parses() {
    let specs = corpus_specs();
    assert_eq!(specs.len(), 272, "the corpus has 272 run specs");
    let mut failures = Vec::new();
    let mut expects = 0;
    for path in &specs {
        match RunSpec::from_file(path) {
            Ok(spec) => {
                assert!(spec.group_count() > 0);
                assert!(!spec.expectations.is_empty(), "{}", path.display());
                for e in &spec.expectations {
                    let decl = spec
                        .resource(&e.key)
                        .expect("expect names a declared resource");
                    assert_eq!(decl.data.len(), e.data.len());
                }
                for r in &spec.resources {
                    assert_eq!(r.data.len(), r.count * r.ty.element_size());
                }
                expects += spec.expectations.len();
            }
            Err(e) => failures.push(format!("{e}")),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(expects >= 234);
}

#[test]
fn typed_buffer_r16f_by_hand() {
    let spec = corpus("compute/typed-buffer-r16f.run");
    assert_eq!(spec.dispatch, [1, 1, 1]);
    assert_eq!(spec.tolerance, None);
    let t0 = spec.resource(&RegisterKey::srv(0)).expect("t0");
    assert_eq!(t0.ty, ElementType::Texel(TexelFormat::R16f));
    assert_eq!(t0.count, 16);
    assert_eq!(t0.data.len(), 32, "r16f is stored as halves");
    // -120.8125 = -(1 + 0.8876953125) * 64: sign 1, exponent 6+15 = 21,
    // mantissa 0.8876953125 * 1024 = 909 -> 0x8000 | 21 << 10 | 909 = 0xd78d.
    assert_eq!(u16::from_le_bytes([t0.data[0], t0.data[1]]), 0xd78d);
    let u0 = spec.resource(&RegisterKey::uav(0)).expect("u0");
    assert!(!u0.initialized);
    assert_eq!(u0.data, vec![0; 64]);
    let e = &spec.expectations[0];
    assert_eq!(e.ty, ElementType::Texel(TexelFormat::R32f));
    assert_eq!(f32s(&e.data)[0], -361.9375);
    assert_eq!(f32s(&e.data)[15], 169.4375);
}

#[test]
fn root_constants_and_spaces_by_hand() {
    let spec = corpus("binding/rs11-rootconst-two-params.run");
    let b3 = spec
        .resource(&RegisterKey::cbv(3).in_space(2))
        .expect("b3,space2");
    assert_eq!(b3.key.class, RegisterClass::Cbv);
    assert_eq!(
        words(&b3.data),
        vec![2, 0xfffffffd, 7, 5, 0x40200000, 0x40400000],
        "root constants keep exactly the declared words"
    );
    let b0 = spec.resource(&RegisterKey::cbv(0)).expect("b0");
    assert_eq!(words(&b0.data), vec![12]);
    let e = &spec.expectations[0];
    assert_eq!(e.key, RegisterKey::uav(0).in_space(1));
    assert_eq!(e.ty, ElementType::Scalar(ScalarType::I32));
    let ints: Vec<i32> = words(&e.data).into_iter().map(|w| w as i32).collect();
    assert_eq!(&ints[..8], &[124, 94, 67, 45, 26, 12, 1, -5]);
}

#[test]
fn initializers_by_hand() {
    // arange(64) and repeat(171).
    let spec = corpus("compute/rwsb-uint-inplace.run");
    let u0 = spec.resource(&RegisterKey::uav(0)).expect("u0");
    assert_eq!(words(&u0.data), (0..64).collect::<Vec<u32>>());
    let u1 = spec.resource(&RegisterKey::uav(1)).expect("u1");
    assert_eq!(words(&u1.data), vec![171; 64]);
    // Marker fill.
    let spec = corpus("binding/rwbab-store-16bit.run");
    let u0 = spec.resource(&RegisterKey::uav(0)).expect("u0");
    assert!(u0.data.iter().all(|&b| b == 0xcd));
}

#[test]
fn tolerance_and_floats_by_hand() {
    let with_tol: Vec<RunSpec> = corpus_specs()
        .iter()
        .filter_map(|p| RunSpec::from_file(p).ok())
        .filter(|s| s.tolerance.is_some())
        .collect();
    assert_eq!(with_tol.len(), 10);
    assert!(with_tol.iter().any(|s| s.tolerance == Some(1e-14)));
    let spec = corpus("compute/typed-buffer-rgba32f.run");
    let t0 = spec.resource(&RegisterKey::srv(0)).expect("t0");
    assert_eq!(t0.count, 16);
    assert_eq!(t0.data.len(), 16 * 16);
    assert_eq!(&f32s(&t0.data)[..4], &[1.125, 5.375, 5.0, -4.625]);
}

#[test]
fn sixteen_and_sixty_four_bit_types() {
    let spec = RunSpec::parse(
        "dispatch = 2, 1, 1\n\
         t0 : u16[3] = 1, 0xffff, 0b10\n\
         t1 : i64[2] = -1, 0x8000000000000000\n\
         t2 : f64[1] = 0.1\n\
         t3 : f16[2] = 65504, -0.000060975551605224609375\n\
         u0 : u8[4] = arange(1, 9, 2)\n\
         u1 : f32[4] = arange(-1, 1, 0.5)\n\
         u2 : i8[3] = arange(3, 0, -1)\n\
         expect u0 : u8[4] = 1, 3, 5, 7\n",
    )
    .expect("parses");
    let data = |i: usize| spec.resources[i].data.clone();
    assert_eq!(data(0), vec![1, 0, 0xff, 0xff, 2, 0]);
    assert_eq!(data(1)[..8], [0xff; 8]);
    assert_eq!(data(1)[8..], 0x8000_0000_0000_0000u64.to_le_bytes());
    assert_eq!(data(2), 0.1f64.to_le_bytes().to_vec());
    assert_eq!(data(3), vec![0xff, 0x7b, 0xff, 0x83]);
    assert_eq!(data(4), vec![1, 3, 5, 7]);
    assert_eq!(f32s(&data(5)), vec![-1.0, -0.5, 0.0, 0.5]);
    assert_eq!(data(6), vec![3, 2, 1]);
}

/// Parses `text` expecting an error on `line` whose message contains `what`.
#[track_caller]
fn fails(text: &str, line: usize, what: &str) {
    let err = match RunSpec::parse(text) {
        Ok(spec) => panic!("parsed, but should fail: {text:?} -> {spec:?}"),
        Err(e) => e,
    };
    assert_eq!(err.kind(), ErrorKind::InvalidInput);
    let msg = err.message();
    assert!(
        msg.starts_with(&format!("run spec line {line}: ")),
        "wrong line in `{msg}` (want {line})"
    );
    assert!(msg.contains(what), "`{msg}` does not mention `{what}`");
    let offset: usize = text
        .split_inclusive('\n')
        .take(line - 1)
        .map(str::len)
        .sum();
    assert_eq!(err.location(), &Location::Byte(offset as u64));
}

#[test]
fn errors_name_the_line() {
    let d = "dispatch = 1, 1, 1\n";
    fails(
        &format!("{d}u0 : u32[4] = 1, 2, 3\n"),
        2,
        "the list has 3 values but u0 : u32[4] holds 4 values (a list is never padded)",
    );
    fails(
        &format!("{d}u0 : u32[2] = 1, 2, 3\n"),
        2,
        "the list has 3 values",
    );
    fails(
        &format!("{d}# c\n\nt0 : rgba32f[2] = 1, 2, 3, 4\n"),
        4,
        "2 texels x 4 components = 8 values",
    );
    fails(
        &format!("{d}u0 : u33[4]\n"),
        2,
        "unknown element type `u33`",
    );
    fails(
        &format!("{d}u0 : u32[0]\n"),
        2,
        "must be a positive integer",
    );
    fails(
        &format!("{d}u0 : u32[2] = 1, x\n"),
        2,
        "value 2 (`x`) is not a number",
    );
    fails(&format!("{d}u0 : u32[2] = 1,,\n"), 2, "value 2 is empty");
    fails(
        &format!("{d}u0 : u8[1] = 256\n"),
        2,
        "value 1 (`256`): does not fit u8",
    );
    fails(
        &format!("{d}u0 : u32[1] = -1\n"),
        2,
        "negative, but the type u32 is unsigned",
    );
    fails(&format!("{d}u0 : i8[1] = -129\n"), 2, "out of range for i8");
    fails(
        &format!("{d}u0 : i8[1] = 0x100\n"),
        2,
        "does not fit 8 bits",
    );
    fails(&format!("{d}u0 : u32[1] = 1.5\n"), 2, "not an integer");
    fails(
        &format!("{d}u0 : f16[1] = 70000\n"),
        2,
        "out of range for f16",
    );
    fails(
        &format!("{d}u0 : f32[1] = 1e39\n"),
        2,
        "out of range for f32",
    );
    fails(
        &format!("{d}u0 : u32[4] = arange(5)\n"),
        2,
        "arange produces 5 values",
    );
    fails(
        &format!("{d}u0 : u32[4] = arange(0, 4, 0)\n"),
        2,
        "arange step is 0",
    );
    fails(
        &format!("{d}u0 : u32[4] = arange(0.5, 4)\n"),
        2,
        "must be integers",
    );
    fails(
        &format!("{d}u0 : u32[4] = repeat(1, 2)\n"),
        2,
        "expected `repeat(<value>)`",
    );
    fails(
        &format!("{d}u0 : u32[4] = fill(1)\n"),
        2,
        "unknown initializer `fill(...)`",
    );
    fails(&format!("{d}u0 : u32[4] = \n"), 2, "no data");
    fails(&format!("{d}u0 : u32[4] 5\n"), 2, "unexpected `5`");
    fails(&format!("{d}u0 u32[4]\n"), 2, "malformed resource");
    fails(
        &format!("{d}u0 : u32[4]\nu0 : u32[4]\n"),
        3,
        "already declared on line 2",
    );
    fails(&format!("{d}x0 = 1\n"), 2, "unrecognised line");
    fails(
        &format!("{d}dispatch = 1, 1, 1\n"),
        2,
        "a second `dispatch`",
    );
    fails("dispatch = 1, 1\n", 1, "malformed dispatch");
    fails("dispatch = 0, 1, 1\n", 1, "dispatch X = 0");
    fails(&format!("{d}tolerance = -1\n"), 2, "non-negative");
    fails(
        &format!("{d}tolerance = 1e-5\ntolerance = 1\n"),
        3,
        "a second `tolerance`",
    );
    fails(
        &format!("{d}u0 : u32[4]\nexpect u0 : u32[4]\n"),
        3,
        "has no `= <data>`",
    );
    fails(
        &format!("{d}u0 : u32[4]\nexpect u1 : u32[4] = repeat(0)\n"),
        3,
        "expect names u1 which the spec does not declare",
    );
    fails(
        &format!("{d}u0 : u32[4]\nexpect u0 : u32[3] = repeat(0)\n"),
        3,
        "is 12 bytes but u0 is declared on line 2 as u32[4] (16 bytes)",
    );
    fails(
        &format!(
            "{d}u0 : u32[4]\nexpect u0 : u32[4] = repeat(0)\nexpect u0 : u32[4] = repeat(0)\n"
        ),
        4,
        "a second `expect` line for u0",
    );
    // A missing dispatch has no line.
    let err = RunSpec::parse("u0 : u32[1]\n").expect_err("no dispatch");
    assert!(err.message().contains("no `dispatch"));
}

#[test]
fn comments_spaces_and_signs() {
    let spec = RunSpec::parse(
        "  # leading comment\n\
         dispatch=3,2 ,1   # trailing\n\
         u1 , space3 : i32 [ 2 ] = +5 , -0x10\n\
         expect u1,space3 : i32[2] = 5, -16\n",
    )
    .expect("parses");
    assert_eq!(spec.dispatch, [3, 2, 1]);
    let r = &spec.resources[0];
    assert_eq!(r.key, RegisterKey::uav(1).in_space(3));
    assert_eq!(r.key.to_string(), "u1,space3");
    assert_eq!(words(&r.data), vec![5, (-16i32) as u32]);
    assert_eq!(r.data, spec.expectations[0].data);
    assert_eq!(spec.expectations[0].line, 4);
}

#[test]
fn heap_buffers_by_hand() {
    let spec = RunSpec::parse(
        "dispatch = 1, 1, 1\n\
         heap_size = 4096\n\
         b0 : u32[4] = 0, 4095, 1000, 1\n\
         heap[0] : u32[4] raw = arange(4)\n\
         heap [ 4095 ] : u32[8] structured(8) counter(3)\n\
         heap[1000] : rg32f[2] typed = 1, 2, 3, 4\n\
         heap[1] : f32[4] cbv = repeat(0.5)\n\
         expect heap[4095] : u32[8] = arange(8)\n\
         expect heap[4095].counter = 7\n",
    )
    .expect("parses");
    assert_eq!(spec.heap_size, 4096);
    assert!(spec.uses_heap());
    let heap: Vec<_> = spec.heap_buffers().map(|r| (r.key, r.view)).collect();
    assert_eq!(
        heap,
        vec![
            (RegisterKey::heap(0), Some(HeapView::Raw)),
            (RegisterKey::heap(4095), Some(HeapView::Structured(8))),
            (RegisterKey::heap(1000), Some(HeapView::Typed)),
            (RegisterKey::heap(1), Some(HeapView::Cbv)),
        ]
    );
    // The counter is a spec resource of its own, right after its buffer.
    let counter = spec
        .resource(&RegisterKey::heap_counter(4095))
        .expect("counter");
    assert_eq!(counter.key.class, RegisterClass::HeapCounter);
    assert_eq!(counter.view, None);
    assert_eq!(words(&counter.data), vec![3]);
    assert_eq!(counter.line, 5);
    assert_eq!(spec.resources[3].key, RegisterKey::heap_counter(4095));
    assert_eq!(
        spec.resource(&RegisterKey::heap(1000)).map(|r| r.ty),
        Some(ElementType::Texel(TexelFormat::Rg32f))
    );
    let e = &spec.expectations[1];
    assert_eq!(e.key, RegisterKey::heap_counter(4095));
    assert_eq!((words(&e.data), e.line), (vec![7], 9));
    assert_eq!(RegisterKey::heap(7).to_string(), "heap[7]");
    assert_eq!(RegisterKey::heap_counter(7).to_string(), "heap[7].counter");
    // Register specs are unchanged: no heap, default size.
    let plain = RunSpec::parse("dispatch = 1, 1, 1\nu0 : u32[1]\nexpect u0 : u32[1] = 0\n")
        .expect("parses");
    assert!(!plain.uses_heap());
    assert_eq!(plain.heap_size, DEFAULT_HEAP_SIZE);
}

#[test]
fn heap_errors_name_the_line() {
    let d = "dispatch = 1, 1, 1\n";
    fails(&format!("{d}heap[0] : u32[4]\n"), 2, "needs a view");
    fails(
        &format!("{d}heap[0] : u32[4] sparse\n"),
        2,
        "unknown view `sparse`",
    );
    fails(
        &format!("{d}heap[0] : u32[3] structured(8)\n"),
        2,
        "12 bytes are not a whole number of 8-byte elements",
    );
    fails(
        &format!("{d}heap[0] : u32[4] typed\n"),
        2,
        "a `typed` view takes a format type",
    );
    fails(
        &format!("{d}heap[0] : rgba32f[4] raw\n"),
        2,
        "a `typed` view takes a format type",
    );
    fails(
        &format!("{d}heap[0] : u32[4] raw counter(1)\n"),
        2,
        "only structured views have a counter",
    );
    fails(
        &format!("{d}heap_size = 16\nheap[16] : u32[4] raw\n"),
        3,
        "heap[16] is outside the heap: heap_size is 16 (indices 0 to 15)",
    );
    fails(
        &format!("{d}heap[4096] : u32[4] raw\n"),
        2,
        "outside the heap: heap_size is 4096",
    );
    fails(&format!("{d}heap_size = 0\n"), 2, "heap_size 0 is not in");
    fails(
        &format!("{d}heap_size = 8\nheap_size = 8\n"),
        3,
        "a second `heap_size`",
    );
    fails(
        &format!("{d}heap[2] : u32[4] raw\nheap[2] : u32[4] raw\n"),
        3,
        "heap[2] is already declared on line 2",
    );
    fails(
        &format!("{d}heap[2] : u32[4] structured(4)\nexpect heap[2].counter = 1\n"),
        3,
        "expect names heap[2].counter which the spec does not declare",
    );
    fails(
        &format!("{d}heap[2] : u32[4] raw\nexpect heap[2] : u32[4]\n"),
        3,
        "has no `= <data>`",
    );
}
