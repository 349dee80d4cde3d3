//! Corpus discovery and blob loading shared by the integration tests.

use std::path::{Path, PathBuf};

/// The project's corpus folder.
pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus")
}

/// Every `.dxil` blob under the corpus, sorted, as (category/name, path).
pub fn blobs() -> Vec<(String, PathBuf)> {
    let mut out = Vec::new();
    let Ok(categories) = std::fs::read_dir(root()) else {
        return out;
    };
    for category in categories.flatten() {
        let Ok(files) = std::fs::read_dir(category.path()) else {
            continue;
        };
        for file in files.flatten() {
            let path = file.path();
            if path.extension().is_some_and(|e| e == "dxil") {
                let name = format!(
                    "{}/{}",
                    category.file_name().to_string_lossy(),
                    path.file_stem().unwrap_or_default().to_string_lossy()
                );
                out.push((name, path));
            }
        }
    }
    out.sort();
    out
}

/// The bitcode inside a DXBC blob (via the library's container reader).
pub fn bitcode(blob: &[u8]) -> Vec<u8> {
    let container = dxil2spirv::container::parse(blob).expect("container parses");
    let program = container.program().expect("program part");
    program.bitcode.to_vec()
}

/// Corpus blob `category/name` (no `.dxil`) compiled with `options`; with
/// `options.validate`, a module must also pass the current spirv-val
/// (panics otherwise, see `common::spirv_val`).
pub fn compile(
    name: &str,
    options: dxil2spirv::CompileOptions,
) -> dxil2spirv::Result<dxil2spirv::compile::Output> {
    let path = root().join(format!("{name}.dxil"));
    let blob = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let validate = options.validate;
    let out = dxil2spirv::Compiler::new(options).compile(&blob)?;
    if validate {
        super::spirv_val::assert_valid(name, &out.spirv);
    }
    Ok(out)
}

/// Corpus blob `category/name` compiled (and validated) with the default
/// options; panics with the error.
pub fn compiled(name: &str) -> dxil2spirv::compile::Output {
    compile(name, dxil2spirv::CompileOptions::default()).unwrap_or_else(|e| panic!("{name}: {e}"))
}
