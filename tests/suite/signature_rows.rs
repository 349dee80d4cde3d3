//! Signature elements with more rows than listed semantic indices (issue
//! 15): DXC flattens an array of structs with semantics on the members
//! (`struct { float4 a : ATTR; } s[2]`) into one element per member whose
//! `rows` counts every array element but whose semantic index list holds
//! only the first index. `corpus/graphics/ms-nested-struct-array-rows`
//! (a mesh shader with such vertex and primitive outputs, SV_ClipDistance
//! among them) is read, its rows get consecutive semantic indices, and it
//! translates to SPIR-V the current spirv-val accepts, every row at its
//! own location; so do a vertex shader output and a pixel shader input of
//! that shape (`tests/classes/{vs,ps}-nested-struct-array-rows`).

use crate::common;
use dxil2spirv::compile::Compiler;
use dxil2spirv::dxil::{DxilModule, SignatureElement};
use dxil2spirv::ir;

const BLOB: &str = "graphics/ms-nested-struct-array-rows.dxil";

fn blob() -> Vec<u8> {
    std::fs::read(common::corpus::root().join(BLOB)).expect("blob")
}

fn named<'a>(elements: &'a [SignatureElement], name: &str) -> &'a SignatureElement {
    elements
        .iter()
        .find(|e| e.name == name)
        .unwrap_or_else(|| panic!("no element {name}"))
}

#[test]
fn rows_beyond_the_listed_semantic_indices_are_read() {
    let blob = blob();
    let container = dxil2spirv::container::parse(&blob).expect("container");
    let program = container.program().expect("program");
    let module = ir::read(program.bitcode).expect("bitcode");
    let dxil = DxilModule::decode(&module).expect("the signature decodes");
    let sigs = &dxil.entry_point().expect("entry point").signatures;
    // Name, signature, rows, columns, first packed row.
    let want = [
        ("ATTR", false, 2, 4, 1),
        ("BATTR", false, 2, 1, 3),
        ("SV_ClipDistance", false, 2, 1, 5),
        ("MATERIAL", true, 2, 1, 0),
    ];
    for (name, primitive, rows, cols, start_row) in want {
        let list = if primitive {
            &sigs.patch_constants
        } else {
            &sigs.outputs
        };
        let e = named(list, name);
        assert_eq!(e.semantic_indices, [0], "{name}: DXC lists one index");
        assert_eq!(
            (e.rows, e.cols, e.start_row),
            (rows, cols, start_row),
            "{name}"
        );
        assert_eq!([e.semantic_index(0), e.semantic_index(1)], [0, 1], "{name}");
    }
}

#[test]
fn rows_beyond_the_listed_semantic_indices_translate() {
    let out = Compiler::default().compile(&blob()).expect("compiles");
    common::spirv_val::assert_valid(BLOB, &out.spirv);
    let varying = |name: &str| {
        out.reflection
            .interface
            .iter()
            .find(|v| v.semantic == name)
            .unwrap_or_else(|| panic!("no varying {name}"))
    };
    // Every row keeps its packed location: ATTR rows 1-2, BATTR 3-4, the
    // clip distances a built-in array of 2, MATERIAL after the 7 vertex
    // rows.
    for (name, location, patch) in [
        ("ATTR", Some((1, 0)), false),
        ("BATTR", Some((3, 0)), false),
        ("SV_ClipDistance", None, false),
        ("MATERIAL", Some((7, 0)), true),
    ] {
        let v = varying(name);
        assert_eq!((v.index, v.rows), (0, 2), "{name}");
        assert_eq!((v.location, v.patch), (location, patch), "{name}");
    }
    assert_eq!(
        varying("SV_ClipDistance").builtin.as_deref(),
        Some("ClipDistance")
    );
}

#[test]
fn vertex_outputs_and_pixel_inputs_of_that_shape_translate() {
    for (name, output) in [
        ("vs-nested-struct-array-rows", true),
        ("ps-nested-struct-array-rows", false),
    ] {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join(format!("tests/classes/{name}.dxil"));
        let out = Compiler::default()
            .compile(&std::fs::read(path).unwrap())
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        common::spirv_val::assert_valid(name, &out.spirv);
        let rows: Vec<_> = out
            .reflection
            .interface
            .iter()
            .filter(|v| v.output == output && v.builtin.is_none() && v.semantic != "SV_Target")
            .map(|v| (v.semantic.as_str(), v.index, v.rows, v.location))
            .collect();
        assert_eq!(
            rows,
            [("ATTR", 0, 2, Some((1, 0))), ("BATTR", 0, 2, Some((3, 0)))],
            "{name}"
        );
    }
}
