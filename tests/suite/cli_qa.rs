//! `dxil2spirv compile --descriptor-qa` and `dxil2spirv qa-decode`: the
//! reflection's `qa` section from the command line, and hand-made global
//! buffer and fault-log dumps decoded into vkd3d-proton's block and one
//! readable line per fault (exit 7), or `no fault` (exit 0).

use crate::common::cli::{bin, stderr_of_failure, stdout, TempDir};
use crate::common::corpus;
use std::path::{Path, PathBuf};
use std::process::Output;

const TABLES: &str = "binding/rs10-tables-and-root-params";
const HASH: u64 = 0x0123_4567_89ab_cdef;

/// The reflection of the table blob with QA and the fault log, written to
/// `dir`.
fn reflection(dir: &TempDir) -> PathBuf {
    let path = dir.join("refl.json");
    let blob = corpus::root().join(format!("{TABLES}.dxil"));
    stdout(
        bin()
            .arg("compile")
            .arg(&blob)
            .args([
                "--root-signature",
                "embedded",
                "--descriptor-qa",
                "--qa-fault-log",
            ])
            .args(["--qa-hash", &format!("{HASH:x}")])
            .arg("-o")
            .arg(dir.join("out.spv"))
            .arg("--reflect")
            .arg(&path)
            .output()
            .expect("the binary runs"),
    );
    path
}

fn bytes(words: &[u32]) -> Vec<u8> {
    words.iter().flat_map(|w| w.to_le_bytes()).collect()
}

/// A global buffer dump: 11 words then one live-status word.
fn global(fault: u32, index: u32, instruction: u32, expected: u32, actual: u32) -> Vec<u8> {
    bytes(&[
        HASH as u32,
        (HASH >> 32) as u32,
        index,
        77,
        5,
        2,
        instruction,
        expected,
        actual,
        fault,
        0xffff_ffff,
        0xffff_ffff,
    ])
}

fn decode(refl: &Path, global: &Path, log: Option<&Path>) -> Output {
    let mut cmd = bin();
    cmd.arg("qa-decode").arg(refl).arg(global);
    if let Some(l) = log {
        cmd.arg("--log").arg(l);
    }
    cmd.output().expect("the binary runs")
}

#[test]
fn compile_reflects_the_qa_section() {
    let dir = TempDir::new("cli-qa-reflect");
    let json = std::fs::read_to_string(reflection(&dir)).unwrap();
    assert!(
        json.contains(r#""shader_hash":"0123456789abcdef""#),
        "{json}"
    );
    assert!(json.contains(r#""fault_log":3"#), "{json}");
    assert!(json.contains(r#""id":5,"op":"BufferStore""#), "{json}");
}

#[test]
fn a_clean_dump_is_no_fault() {
    let dir = TempDir::new("cli-qa-clean");
    let refl = reflection(&dir);
    let g = dir.join("global.bin");
    std::fs::write(&g, global(0, 0, 0, 0, 0)).unwrap();
    let text = stdout(decode(&refl, &g, None));
    assert_eq!(text, "no fault\n");
}

#[test]
fn a_fault_prints_the_vkd3d_block_and_the_access() {
    let dir = TempDir::new("cli-qa-fault");
    let refl = reflection(&dir);
    let g = dir.join("global.bin");
    // Instruction 1: BufferLoad of t0 through root parameter 2 range 0,
    // index past the heap and a texture where a storage buffer belongs.
    std::fs::write(&g, global(3, 1025, 1, 8, 1)).unwrap();
    let out = decode(&refl, &g, None);
    assert_eq!(out.status.code(), Some(7));
    let text = String::from_utf8_lossy(&out.stdout);
    for line in [
        "Fault type: HEAP_OUT_OF_RANGE\n",
        "Fault type: MISMATCH_DESCRIPTOR_TYPE\n",
        "CBV_SRV_UAV heap cookie: 77\n",
        "Shader hash and instruction: 0123456789abcdef (1)\n",
        "Accessed resource/view cookie: 5\n",
        "Shader desired descriptor type: 8 (STORAGE_BUFFER)\n",
        "Found descriptor type in heap: 1 (SAMPLED_IMAGE)\n",
        "Failed heap index: 1025\n",
        "first fault: BufferLoad of t0 space 0 in main block 0, through root parameter 2 \
         range 0: index 1025 is past the heap; heap slot 1025 holds SAMPLED_IMAGE but the \
         access needs STORAGE_BUFFER\n",
    ] {
        assert!(text.contains(line), "{line:?} missing:\n{text}");
    }
}

#[test]
fn the_fault_log_gives_one_line_per_fault() {
    let dir = TempDir::new("cli-qa-log");
    let refl = reflection(&dir);
    let g = dir.join("global.bin");
    std::fs::write(&g, global(0, 0, 0, 0, 0)).unwrap();
    let l = dir.join("log.bin");
    // Three faults, room for two.
    let mut words = vec![3, 2, 0, 0];
    words.extend([16, 9, 8, 8, 3, 4, 77, 3]); // UAV u0: range overflow
    words.extend([4, 12, 4, 4, 9, 2, 77, 1]); // CBV b0: destroyed
    std::fs::write(&l, bytes(&words)).unwrap();
    let out = decode(&refl, &g, Some(&l));
    assert_eq!(out.status.code(), Some(7));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains(
            "fault 1: BufferStore of u0 space 0 in main block 0, through root parameter 3 \
             range 0: the dynamic index overflows its table range of 1 descriptors (heap \
             index 9)\n"
        ),
        "{text}"
    );
    assert!(
        text.contains(
            "fault 2: CBufferLoadLegacy of b0 space 0 in main block 0, through root parameter \
             1 range 0: the resource of heap slot 12 (cookie 9) was destroyed\n"
        ),
        "{text}"
    );
    assert!(
        text.contains("1 more faults did not fit the log\n"),
        "{text}"
    );
    assert!(!text.contains("no fault"), "{text}");
}

#[test]
fn short_dumps_and_reflections_without_qa_are_invalid_input() {
    let dir = TempDir::new("cli-qa-bad");
    let refl = reflection(&dir);
    let g = dir.join("short.bin");
    std::fs::write(&g, [0u8; 40]).unwrap();
    let err = stderr_of_failure(decode(&refl, &g, None), 1);
    assert!(err.contains("at least 44 expected"), "{err}");
    let plain = dir.join("plain.json");
    std::fs::write(&plain, "{\"entry_point\": \"main\"}").unwrap();
    std::fs::write(&g, global(0, 0, 0, 0, 0)).unwrap();
    let err = stderr_of_failure(decode(&plain, &g, None), 1);
    assert!(err.contains("--descriptor-qa"), "{err}");
}

#[test]
fn a_heap_info_dump_sizes_the_heap() {
    let dir = TempDir::new("cli-qa-info");
    let refl = reflection(&dir);
    let g = dir.join("global.bin");
    std::fs::write(&g, global(1, 1025, 3, 16, 0x1ff)).unwrap();
    let info = dir.join("info.bin");
    // 1024 descriptors, heap id 77, then entries (not read).
    std::fs::write(&info, bytes(&[1024, 77, 0, 0, 0x1ff])).unwrap();
    let out = bin()
        .arg("qa-decode")
        .arg(&refl)
        .arg(&g)
        .arg("--resource-info")
        .arg(&info)
        .output()
        .expect("the binary runs");
    assert_eq!(out.status.code(), Some(7));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains(
            "first fault: BufferLoad of t1 space 0 in main block 0, through root parameter 2 \
             range 0: index 1025 is past the heap of 1024 descriptors\n"
        ),
        "{text}"
    );
}
