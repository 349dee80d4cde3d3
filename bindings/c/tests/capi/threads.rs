//! One compiler used by several threads at once through the C API.

use crate::abi::{success, Compiler, INVALID_INPUT, OK, UNSUPPORTED};

#[test]
fn one_compiler_many_threads() {
    let names = [
        "compute/append-structured.dxil",
        "compute/constantbuffer-template-spaces.dxil",
        "compute/float-denorm-preserve.dxil",
        "compute/atomic-int64.dxil",
        "advanced/fb-ps-min-mip-feedback.dxil",
    ];
    let mut blobs: Vec<Vec<u8>> = names.iter().map(|n| crate::corpus_blob(n)).collect();
    let truncated = blobs[0][..100].to_vec();
    blobs.push(truncated);
    let compiler = Compiler::new(|_, _| {});
    let expected: Vec<_> = blobs.iter().map(|b| compiler.compile(b)).collect();
    let statuses: Vec<i32> = expected.iter().map(|o| o.status).collect();
    assert_eq!(statuses, [OK, OK, OK, OK, UNSUPPORTED, INVALID_INPUT]);
    success(expected[0].clone());
    std::thread::scope(|s| {
        for t in 0..4 {
            let (compiler, blobs, expected) = (&compiler, &blobs, &expected);
            s.spawn(move || {
                for round in 0..3 {
                    for i in 0..blobs.len() {
                        let i = (i + t + round) % blobs.len();
                        assert_eq!(compiler.compile(&blobs[i]), expected[i], "{}", i);
                    }
                }
            });
        }
    });
}
