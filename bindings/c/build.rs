//! Gives the shared library the name it is installed under (README.md), so
//! that programs linked against it look for `libdxil2spirv.so`.

fn main() {
    if std::env::var("CARGO_CFG_TARGET_OS").as_deref() == Ok("linux") {
        println!("cargo:rustc-cdylib-link-arg=-Wl,-soname,libdxil2spirv.so");
    }
}
