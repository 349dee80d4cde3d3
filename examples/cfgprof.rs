use dxil2spirv::cfg::{self, testgen};
fn main() {
    let n: usize = std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(2000);
    let opts = testgen::GenOptions { blocks: n, window: 6, back_percent: 10, ret_percent: 0, switch_percent: 10, irreducible: false, dense: true };
    let m = testgen::random_function(42, &opts);
    let f = &m.functions[0];
    let t = std::time::Instant::now();
    let mut s = None;
    for _ in 0..3 { s = Some(cfg::structurize(f, &m).unwrap()); }
    let s = s.unwrap();
    eprintln!("{n}: {:?} per run, {} blocks, {} synths", t.elapsed() / 3, s.blocks.len(), s.synths.len());
}
