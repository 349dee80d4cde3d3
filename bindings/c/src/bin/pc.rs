//! Prints the pkg-config file of the C library for an install prefix:
//! `dxil2spirv-pc [PREFIX] > PREFIX/lib/pkgconfig/dxil2spirv.pc`
//! (PREFIX defaults to `/usr/local`; see README.md).

/// What a static link needs besides `libdxil2spirv.a`: the native libraries
/// rustc reports (`--print native-static-libs`) on Linux, `-lstdc++` for the
/// compiled-in SPIRV-Tools.
const LIBS_PRIVATE: &str = "-lstdc++ -lgcc_s -lutil -lrt -lpthread -lm -ldl -lc";

fn pc_file(prefix: &str) -> String {
    format!(
        "prefix={prefix}\n\
         libdir=${{prefix}}/lib\n\
         includedir=${{prefix}}/include\n\
         \n\
         Name: dxil2spirv\n\
         Description: DXIL to SPIR-V shader cross-compiler (C API)\n\
         Version: {version}\n\
         Libs: -L${{libdir}} -ldxil2spirv\n\
         Libs.private: {LIBS_PRIVATE}\n\
         Cflags: -I${{includedir}}\n",
        version = env!("CARGO_PKG_VERSION"),
    )
}

fn main() {
    let mut args = std::env::args().skip(1);
    let prefix = args.next().unwrap_or_else(|| "/usr/local".to_owned());
    if args.next().is_some() || prefix.starts_with('-') {
        eprintln!("usage: dxil2spirv-pc [PREFIX]");
        std::process::exit(1);
    }
    print!("{}", pc_file(&prefix));
}
