//! Structurizes every defined function of every corpus blob and checks the
//! result with the independent checker.

use std::path::{Path, PathBuf};

use dxil2spirv::cfg;
use dxil2spirv::ir;

/// The LLVM bitcode inside a DXBC container's DXIL part.
fn bitcode(blob: &[u8]) -> Option<&[u8]> {
    let u32_at = |o: usize| -> Option<u32> {
        Some(u32::from_le_bytes(blob.get(o..o + 4)?.try_into().ok()?))
    };
    let count = u32_at(28)? as usize;
    for i in 0..count {
        let off = u32_at(32 + 4 * i)? as usize;
        let fourcc = blob.get(off..off + 4)?;
        let size = u32_at(off + 4)? as usize;
        if fourcc != b"DXIL" {
            continue;
        }
        let data = off + 8;
        // version, size, 'DXIL', dxil version, bitcode offset, bitcode size
        let magic = data + 8;
        let bc_off = u32_at(magic + 8)? as usize;
        let bc_size = u32_at(magic + 12)? as usize;
        let start = magic + bc_off;
        if start + bc_size > data + size {
            return None;
        }
        return blob.get(start..start + bc_size);
    }
    None
}

fn corpus_files() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus");
    let mut out = Vec::new();
    for cat in std::fs::read_dir(&root).expect("corpus dir") {
        let cat = cat.expect("entry").path();
        if !cat.is_dir() {
            continue;
        }
        for f in std::fs::read_dir(&cat).expect("category") {
            let f = f.expect("entry").path();
            if f.extension().is_some_and(|e| e == "dxil") {
                out.push(f);
            }
        }
    }
    out.sort();
    out
}

#[test]
fn corpus_structurizes_and_verifies() {
    let files = corpus_files();
    assert!(files.len() >= 400, "corpus has {} blobs", files.len());
    let mut funcs = 0usize;
    let mut blocks = 0usize;
    let mut failures = Vec::new();
    let (mut out_blocks, mut synths, mut ladders, mut loops) = (0usize, 0usize, 0usize, 0usize);
    for f in &files {
        let blob = std::fs::read(f).expect("read blob");
        let bc = bitcode(&blob).unwrap_or_else(|| panic!("{}: no DXIL part", f.display()));
        let module = ir::read(bc).unwrap_or_else(|e| panic!("{}: {e}", f.display()));
        for func in module.functions.iter().filter(|x| !x.is_declaration) {
            funcs += 1;
            blocks += func.blocks.len();
            let r = cfg::structurize(func, &module)
                .and_then(|s| cfg::verify_with(&s, func, &module).map(|_| s));
            if let Ok(s) = &r {
                out_blocks += s.blocks.len();
                synths += s.synths.len();
                ladders += s
                    .blocks
                    .iter()
                    .filter(|b| matches!(b.role, cfg::Role::Ladder | cfg::Role::Guard))
                    .count();
                loops += s
                    .blocks
                    .iter()
                    .filter(|b| matches!(b.merge, cfg::Merge::Loop { .. }))
                    .count();
            }
            if let Err(e) = r {
                failures.push(format!(
                    "{}: {}: {e}",
                    f.display(),
                    module.value_name(func.value)
                ));
            }
        }
    }
    eprintln!(
        "{} blobs, {funcs} functions, {blocks} blocks -> {out_blocks} structured blocks \
         ({loops} loops, {ladders} ladder/guard blocks, {synths} synthetic values)",
        files.len()
    );
    for x in &failures {
        eprintln!("{x}");
    }
    assert!(failures.is_empty(), "{} failures", failures.len());
}

fn load(path: &str) -> ir::Module {
    let p = Path::new(env!("CARGO_MANIFEST_DIR")).join(path);
    let blob = std::fs::read(&p).expect("read blob");
    ir::read(bitcode(&blob).expect("bitcode")).expect("ir")
}

fn main_structured(m: &ir::Module) -> (usize, cfg::Structured) {
    let i = m
        .functions
        .iter()
        .position(|f| !f.is_declaration)
        .expect("a definition");
    (
        i,
        cfg::structurize(&m.functions[i], m).expect("structurize"),
    )
}

#[test]
fn dump_one() {
    let Ok(path) = std::env::var("CFG_DUMP") else {
        return;
    };
    let m = load(&path);
    let (i, s) = main_structured(&m);
    let mut t = String::new();
    cfg::write_structured_text(&mut t, &s, &m.functions[i], &m).unwrap();
    eprintln!("{t}");
}

#[test]
fn control_flow_hints_are_carried() {
    let m = load("corpus/control-flow/loop-attrs.dxil");
    let (_, s) = main_structured(&m);
    assert!(s.blocks.iter().any(|b| matches!(
        b.merge,
        cfg::Merge::Loop { control, .. } if control.dont_unroll
    )));
    let m = load("corpus/control-flow/branch-flatten-attrs.dxil");
    let (_, s) = main_structured(&m);
    let sel = |flatten: bool| {
        s.blocks.iter().any(|b| match b.merge {
            cfg::Merge::Selection { control, .. } => {
                if flatten {
                    control.flatten
                } else {
                    control.dont_flatten
                }
            }
            _ => false,
        })
    };
    assert!(sel(true) && sel(false));
}
