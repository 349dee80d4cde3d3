//! The raw-bytes entry points of the fuzz targets `container`, `bitstream`,
//! `ir` and `compile` (and `records`, which ends in [`compile`]).
//!
//! Shared, as source, by the fuzz crate (`fuzz/src/lib.rs`) and by the main
//! crate's replay test (`tests/suite/fuzz_regressions.rs`, through `#[path]`), so
//! a saved crash input is replayed through the very code that found it.
//! Depends only on `dxil2spirv` and `std`. Every function must return (or
//! error) on any input: a panic is a bug in the library.

use dxil2spirv::bitstream::Entry;
use dxil2spirv::{CompileOptions, Compiler};
use std::fmt::Write as _;

/// The DXBC container parser and every part accessor.
pub fn container(data: &[u8]) {
    let Ok(c) = dxil2spirv::container::parse(data) else {
        return;
    };
    let mut sink = String::new();
    let _ = write!(sink, "{:?} {:?}", c.header(), c.is_bare_bitcode());
    for part in c.parts() {
        let _ = write!(sink, "{} {}", part.fourcc, part.data.len());
    }
    let _ = write!(sink, "{:?}", c.program());
    let _ = write!(sink, "{:?}", c.stat_program());
    let _ = write!(sink, "{:?}", c.debug_name());
    let _ = write!(sink, "{:?}", c.input_signature());
    let _ = write!(sink, "{:?}", c.output_signature());
    let _ = write!(sink, "{:?}", c.patch_constant_signature());
    if let Ok(Some(psv)) = c.psv() {
        let _ = write!(sink, "{psv:?}");
        for e in psv
            .input_elements
            .iter()
            .chain(&psv.output_elements)
            .chain(&psv.patch_const_or_prim_elements)
        {
            for i in e.semantic_indexes() {
                let _ = write!(sink, "{i}");
            }
        }
    }
    let _ = write!(sink, "{:?}", c.root_signature());
    if let Ok(Some(f)) = c.feature_info() {
        let _ = write!(sink, "{:?}", f.names().collect::<Vec<_>>());
    }
    let _ = write!(sink, "{:?}", c.hash());
    let _ = write!(sink, "{:?}", c.runtime_data());
    let _ = write!(sink, "{:?}", c.compiler_version());
    std::hint::black_box(sink);
}

/// Walks every block and record of a bare bitcode stream (all entries,
/// nested blocks entered), then walks it again skipping every nested block
/// (the O(1) skip path). Returns the number of records of the first walk.
pub fn bitstream(data: &[u8]) -> dxil2spirv::Result<usize> {
    let mut bs = dxil2spirv::bitstream::open(data)?;
    let mut ops = Vec::new();
    let mut records = 0usize;
    let mut depth = 0usize;
    loop {
        if depth == 0 && bs.at_end() {
            break;
        }
        match bs.advance()? {
            Entry::SubBlock(id) => {
                bs.enter_block(id)?;
                depth += 1;
            }
            Entry::EndBlock => depth = depth.saturating_sub(1),
            Entry::Record(abbrev) => {
                bs.read_record(abbrev, &mut ops)?;
                records += 1;
            }
        }
    }
    // Second walk: enter top-level blocks, skip everything nested, and
    // leave every other top-level block with `skip_to_block_end`.
    let mut bs = dxil2spirv::bitstream::open(data)?;
    let mut top = 0usize;
    while !bs.at_end() {
        match bs.advance()? {
            Entry::SubBlock(id) => {
                if bs.block_id().is_none() {
                    bs.enter_block(id)?;
                    top += 1;
                    if top % 2 == 0 {
                        bs.skip_to_block_end()?;
                    }
                } else {
                    bs.skip_block()?;
                }
            }
            Entry::EndBlock => {}
            Entry::Record(abbrev) => {
                bs.read_record(abbrev, &mut ops)?;
            }
        }
    }
    Ok(records)
}

/// The bitcode → IR reader (input as bare bitcode) with the printer, then
/// [`dxil2spirv::Shader::read`] (container or bare bitcode, DXIL meaning)
/// with the `info` reports.
pub fn ir(data: &[u8]) {
    if let Ok(module) = dxil2spirv::ir::read(data) {
        let mut text = String::new();
        let _ = dxil2spirv::ir::write_module(&mut text, &module);
        std::hint::black_box(text);
    }
    if let Ok(shader) = dxil2spirv::Shader::read(data) {
        let mut text = String::new();
        let _ = shader.write_info_json(&mut text);
        let _ = shader.write_info_text(&mut text);
        std::hint::black_box(text);
    }
}

/// The whole compiler (validation off), then our own validation of any
/// SPIR-V it returns: emitting invalid SPIR-V instead of an error is a bug.
pub fn compile(data: &[u8]) {
    let compiler = Compiler::new(CompileOptions {
        validate: false,
        ..CompileOptions::default()
    });
    // Every export of a library, the entry point of other shaders.
    let Ok(outs) = compiler.compile_all(data) else {
        return;
    };
    for out in outs {
        if let Err(e) = dxil2spirv::validate::validate_vulkan_1_3(&out.spirv) {
            let dis = dxil2spirv::validate::disassemble(&out.spirv).unwrap_or_default();
            panic!("the compiler returned invalid SPIR-V: {e}\n{dis}");
        }
    }
}
