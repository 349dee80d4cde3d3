//! The header against the library: the same functions, the same version,
//! and it compiles as strict C99 and links from C++.

use crate::{crate_dir, run, scratch};
use std::collections::BTreeSet;
use std::process::Command;

fn header() -> String {
    std::fs::read_to_string(crate_dir().join("include/dxil2spirv.h")).unwrap()
}

/// The header without comments and preprocessor lines.
fn declarations(header: &str) -> String {
    let mut code = String::new();
    let mut rest = header;
    while let Some(start) = rest.find("/*") {
        code.push_str(&rest[..start]);
        let end = rest[start..].find("*/").expect("unterminated comment");
        rest = &rest[start + end + 2..];
    }
    code.push_str(rest);
    code.lines()
        .filter(|l| !l.trim_start().starts_with('#'))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The functions the header declares: `dxil2spirv_*` identifiers followed
/// by `(`.
fn header_functions() -> BTreeSet<String> {
    let code = declarations(&header());
    let mut names = BTreeSet::new();
    for (i, _) in code.match_indices("dxil2spirv_") {
        let ident_len = code[i..]
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .unwrap();
        let ident = &code[i..i + ident_len];
        if code[i + ident_len..].trim_start().starts_with('(') {
            names.insert(ident.to_owned());
        }
    }
    names
}

#[test]
fn header_declares_exactly_the_exported_functions() {
    let declared = header_functions();
    let nm = run(Command::new("nm")
        .args(["-D", "--defined-only"])
        .arg(crate::cdylib()));
    let exported: BTreeSet<String> = nm
        .lines()
        .filter_map(|l| match l.split_whitespace().collect::<Vec<_>>()[..] {
            [_, "T", name] => Some(name.to_owned()),
            _ => None,
        })
        .collect();
    assert_eq!(declared, exported);
    let called: BTreeSet<String> = crate::abi::FUNCTIONS
        .iter()
        .map(|s| s.to_string())
        .collect();
    assert_eq!(declared, called, "abi.rs loads every function");
    assert_eq!(declared.len(), 30);
}

#[test]
fn header_version_is_the_crate_version() {
    let header = header();
    let number = |part: &str| {
        let key = format!("#define DXIL2SPIRV_VERSION_{part} ");
        let line = header.lines().find_map(|l| l.strip_prefix(&key[..]));
        line.unwrap_or_else(|| panic!("{key}")).trim().to_owned()
    };
    let version = format!(
        "{}.{}.{}",
        number("MAJOR"),
        number("MINOR"),
        number("PATCH")
    );
    assert_eq!(version, env!("CARGO_PKG_VERSION"));
}

#[test]
fn header_compiles_as_c99_and_links_as_cxx() {
    let dir = scratch("header");
    let source = dir.join("use.c");
    std::fs::write(
        &source,
        "#include <dxil2spirv.h>\n\
         int main(void) { return dxil2spirv_version() == 0; }\n",
    )
    .unwrap();
    let include = crate_dir().join("include");
    let strict = ["-Wall", "-Wextra", "-Werror", "-pedantic", "-fsyntax-only"];
    run(Command::new("cc")
        .arg("-std=c99")
        .args(strict)
        .arg("-I")
        .arg(&include)
        .arg(&source));
    // Linking proves `extern "C"`: mangled C++ names would not resolve.
    run(Command::new("c++")
        .args([
            "-x",
            "c++",
            "-std=c++11",
            "-Wall",
            "-Wextra",
            "-Werror",
            "-pedantic",
        ])
        .arg("-I")
        .arg(&include)
        .arg(&source)
        .args(["-x", "none"])
        .arg(crate::cdylib())
        .arg("-o")
        .arg(dir.join("use-cxx")));
}
