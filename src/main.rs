//! The `dxil2spirv` command-line tool: a thin layer over the library.
fn main() {}
