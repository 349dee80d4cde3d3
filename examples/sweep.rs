//! Translates + validates every corpus blob and prints one line per failure
//! (debug aid): `cargo run --example sweep [DIR...]`.
// A debug aid, not library code: the no-panic lints of [workspace.lints]
// (clippy's restriction group) are off.
#![allow(clippy::restriction)]
fn main() {
    let dirs: Vec<String> = std::env::args().skip(1).collect();
    let c = dxil2spirv::Compiler::new(dxil2spirv::CompileOptions::default());
    let (mut ok, mut n) = (0, 0);
    for d in dirs {
        let mut files: Vec<_> = std::fs::read_dir(&d)
            .unwrap()
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|x| x == "dxil"))
            .collect();
        files.sort();
        for p in files {
            n += 1;
            let blob = std::fs::read(&p).unwrap();
            match c.compile(&blob) {
                Ok(_) => ok += 1,
                Err(e) => println!("{}\t{}", p.display(), e.to_string().replace('\n', " ")),
            }
        }
    }
    println!("{ok}/{n} ok");
}
