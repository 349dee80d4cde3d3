//! Prints the SPIR-V disassembly and reflection of a blob (debug aid).
// A debug aid, not library code: the no-panic lints of [workspace.lints]
// (clippy's restriction group) are off.
#![allow(clippy::restriction)]
fn main() {
    let path = std::env::args().nth(1).expect("usage: dis FILE.dxil");
    let blob = std::fs::read(&path).expect("read");
    let c = dxil2spirv::Compiler::new(dxil2spirv::CompileOptions {
        validate: false,
        ..Default::default()
    });
    match c.compile(&blob) {
        Ok(out) => {
            println!(
                "{}",
                dxil2spirv::validate::disassemble(&out.spirv).unwrap_or_default()
            );
            println!("{}", out.reflection.to_json());
            if let Err(e) = dxil2spirv::validate::validate_vulkan_1_3(&out.spirv) {
                println!("VALIDATION: {e}");
            }
        }
        Err(e) => println!("ERROR: {e}"),
    }
}
