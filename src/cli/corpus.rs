//! `dxil2spirv corpus`: translates and validates every blob under some
//! paths in parallel, and reports per folder.
//!
//! Blobs are the `.dxil` and `.bc` files found recursively under each
//! folder argument, plus every file argument whatever its name; the list is
//! sorted by path, so runs, shards and reports are deterministic.
//!
//! Reports:
//! - stderr: a progress bar on a terminal, otherwise nothing but one line
//!   per failed blob (`FAIL path: error`);
//! - stdout: a table per folder: total, translated, valid, failures per
//!   error kind, median and 95th percentile (nearest rank) time in µs of
//!   the blobs compiled (reading the file is not timed);
//! - `--json FILE`: an array with one record per blob: `path`, `folder`,
//!   `status` (`ok`, `error`, or `skipped` after `--fail-fast` stopped the
//!   run), `kind` (`invalid`, `unsupported`, `internal`, `validation`, or
//!   `io` when the file could not be read), `phase`, `location` (`null`
//!   when not known), `message`
//!   (the full error, with phase and location), `time_us` and
//!   `spirv_bytes` (`null` where they do not apply);
//! - `--junit FILE`: JUnit XML, one `testsuite` per folder, one `testcase`
//!   per blob, a `failure` (type = error kind) per failed blob, `skipped`
//!   for skipped ones;
//! - `--trace FILE`: Chrome Trace Event Format JSON: per blob a span (cat
//!   `blob`) and one span per phase (cat `phase`; see
//!   [`dxil2spirv::trace`]) on the worker thread that compiled it.
//!
//! `--shard I/N` (1-based: 1 ≤ I ≤ N) keeps the blobs whose index in the
//! sorted list is I-1 modulo N: the N shards partition the list.
//!
//! Exit status: 0 when every blob translated (and validated); otherwise the
//! largest exit code of the failures: 1 invalid input, 2 unsupported, 3
//! internal error, 4 validation failure, 5 unreadable blob. Exit 5 also when
//! a path does not exist, no blob is found, or a report cannot be written.

use super::options::CompileArgs;
use clap::Args;
use dxil2spirv::json::Json;
use dxil2spirv::trace::{ChromeTrace, Span};
use dxil2spirv::{Compiler, Error, ErrorKind, Location};
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::io::IsTerminal;
use std::num::NonZeroUsize;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// Translate and validate every blob under some paths, in parallel, and
/// report per folder.
///
/// Blobs: `.dxil` and `.bc` files under each folder (recursively), and each
/// file given. Exit status: 0 when all succeed, else the largest exit code
/// of the failures (1 invalid input, 2 unsupported, 3 internal, 4
/// validation, 5 unreadable); 5 also when a path does not exist, nothing is
/// found or a report cannot be written.
#[derive(Args)]
pub struct CorpusArgs {
    /// Folders to search and files to compile.
    #[arg(required = true)]
    pub paths: Vec<PathBuf>,
    /// Worker threads [default: the number of CPUs].
    #[arg(long, short)]
    pub jobs: Option<NonZeroUsize>,
    /// Write one JSON record per blob to FILE.
    #[arg(long, value_name = "FILE")]
    pub json: Option<PathBuf>,
    /// Write a JUnit XML report to FILE (one testsuite per folder).
    #[arg(long, value_name = "FILE")]
    pub junit: Option<PathBuf>,
    /// Start no new blob after the first failure.
    #[arg(long)]
    pub fail_fast: bool,
    /// Compile only shard I of N (1-based): the blobs whose index in the
    /// sorted list is I-1 modulo N.
    #[arg(long, value_name = "I/N", value_parser = parse_shard)]
    pub shard: Option<(usize, usize)>,
    /// Write a Chrome trace (chrome://tracing, Perfetto) of the phases of
    /// every blob to FILE.
    #[arg(long, value_name = "FILE")]
    pub trace: Option<PathBuf>,
    /// Skip SPIR-V validation (translate only).
    #[arg(long)]
    pub no_validate: bool,
    #[command(flatten)]
    pub compile: CompileArgs,
}

fn parse_shard(text: &str) -> Result<(usize, usize), String> {
    let parsed = text
        .split_once('/')
        .and_then(|(i, n)| Some((i.parse().ok()?, n.parse().ok()?)));
    match parsed {
        Some((i, n)) if (1..=n).contains(&i) => Ok((i, n)),
        _ => Err(format!("expected I/N with 1 <= I <= N, found {text:?}")),
    }
}

/// How one blob went.
enum Outcome {
    Ok { spirv_bytes: usize },
    Failed(Error),
    Unreadable(String),
    Skipped,
}

/// The result of one blob.
struct Record {
    path: PathBuf,
    outcome: Outcome,
    /// The worker thread (1-based).
    worker: u64,
    start: Instant,
    time: Duration,
    spans: Vec<Span>,
}

impl Record {
    fn folder(&self) -> String {
        folder_of(&self.path)
    }

    /// The error kind's name and exit code, for failures.
    fn failure(&self) -> Option<(&'static str, u8)> {
        match &self.outcome {
            Outcome::Failed(e) => Some((e.kind().name(), e.kind().exit_code() as u8)),
            Outcome::Unreadable(_) => Some(("io", 5)),
            Outcome::Ok { .. } | Outcome::Skipped => None,
        }
    }

    /// The full error message, for failures.
    fn message(&self) -> Option<String> {
        match &self.outcome {
            Outcome::Failed(e) => Some(e.to_string()),
            Outcome::Unreadable(m) => Some(m.clone()),
            Outcome::Ok { .. } | Outcome::Skipped => None,
        }
    }

    fn to_json(&self) -> Json {
        let status = match self.outcome {
            Outcome::Ok { .. } => "ok",
            Outcome::Skipped => "skipped",
            _ => "error",
        };
        let (phase, location) = match &self.outcome {
            Outcome::Failed(e) => (
                Some(e.phase().name()),
                (*e.location() != Location::Unknown).then(|| e.location().to_string()),
            ),
            _ => (None, None),
        };
        let spirv_bytes = match self.outcome {
            Outcome::Ok { spirv_bytes } => Some(spirv_bytes),
            _ => None,
        };
        let time_us = (!matches!(self.outcome, Outcome::Skipped)).then(|| micros(self.time));
        Json::object()
            .with("path", self.path.display().to_string())
            .with("folder", self.folder())
            .with("status", status)
            .with("kind", self.failure().map(|(kind, _)| kind))
            .with("phase", phase)
            .with("location", location)
            .with("message", self.message())
            .with("time_us", time_us)
            .with("spirv_bytes", spirv_bytes)
    }
}

fn micros(d: Duration) -> u64 {
    d.as_micros().try_into().unwrap_or(u64::MAX)
}

fn folder_of(path: &Path) -> String {
    match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.display().to_string(),
        _ => ".".to_string(),
    }
}

/// Runs the command; its own errors are printed here.
pub fn run(args: &CorpusArgs) -> ExitCode {
    match run_inner(args) {
        Ok(code) => ExitCode::from(code),
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::from(5)
        }
    }
}

fn run_inner(args: &CorpusArgs) -> Result<u8, String> {
    let mut blobs = find_blobs(&args.paths)?;
    if blobs.is_empty() {
        return Err("no .dxil or .bc files found".to_string());
    }
    if let Some((i, n)) = args.shard {
        // `parse_shard` checked 1 <= i <= n.
        let residue = i.checked_sub(1);
        blobs = blobs
            .into_iter()
            .enumerate()
            .filter(|(k, _)| k.checked_rem(n).is_some_and(|r| Some(r) == residue))
            .map(|(_, p)| p)
            .collect();
    }
    let jobs = args
        .jobs
        .or_else(|| std::thread::available_parallelism().ok())
        .map_or(1, NonZeroUsize::get);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs)
        .build()
        .map_err(|e| format!("cannot start {jobs} worker threads: {e}"))?;

    let compiler = Compiler::new(args.compile.to_options(!args.no_validate));
    let progress = Progress::new(blobs.len());
    let stop = AtomicBool::new(false);
    let origin = Instant::now();
    let tracing = args.trace.is_some();
    let records: Vec<Record> = pool.install(|| {
        blobs
            .into_par_iter()
            .map(|path| {
                let worker = pool
                    .current_thread_index()
                    .map_or(0, |i| (i as u64).saturating_add(1));
                let record = if args.fail_fast && stop.load(Ordering::Relaxed) {
                    Record {
                        path,
                        outcome: Outcome::Skipped,
                        worker,
                        start: Instant::now(),
                        time: Duration::ZERO,
                        spans: Vec::new(),
                    }
                } else {
                    compile_one(&compiler, path, worker, tracing)
                };
                if record.failure().is_some() {
                    stop.store(true, Ordering::Relaxed);
                }
                progress.done(&record);
                record
            })
            .collect()
    });
    progress.finish();

    print!("{}", summary_table(&records, !args.no_validate));
    if let Some(file) = &args.json {
        write_file(file, &json_report(&records))?;
    }
    if let Some(file) = &args.junit {
        write_file(file, &junit_report(&records))?;
    }
    if let Some(file) = &args.trace {
        write_file(file, &chrome_trace(&records, origin, jobs))?;
    }
    let failed = records.iter().filter(|r| r.failure().is_some()).count();
    let skipped = records
        .iter()
        .filter(|r| matches!(r.outcome, Outcome::Skipped))
        .count();
    let code = records
        .iter()
        .filter_map(|r| r.failure().map(|(_, code)| code))
        .max()
        .unwrap_or(0);
    eprintln!(
        "{} blobs: {} ok, {failed} failed, {skipped} skipped; exit status {code}",
        records.len(),
        // Both count records.
        records.len().saturating_sub(failed).saturating_sub(skipped),
    );
    Ok(code)
}

/// Reads and compiles one blob, timing it.
fn compile_one(compiler: &Compiler, path: PathBuf, worker: u64, tracing: bool) -> Record {
    let bytes = std::fs::read(&path);
    let mut spans = Vec::new();
    let start = Instant::now();
    let outcome = match bytes {
        Err(e) => Outcome::Unreadable(format!("cannot read {}: {e}", path.display())),
        Ok(blob) => {
            // Every export of a library, the entry point of other shaders.
            let result = if tracing {
                compiler.compile_all_traced(&blob, &mut spans)
            } else {
                compiler.compile_all(&blob)
            };
            match result {
                Ok(outs) => Outcome::Ok {
                    // The words are in memory: cannot saturate.
                    spirv_bytes: outs.iter().map(|o| o.spirv.len().saturating_mul(4)).sum(),
                },
                Err(e) => Outcome::Failed(e),
            }
        }
    };
    Record {
        path,
        outcome,
        worker,
        start,
        time: start.elapsed(),
        spans,
    }
}

/// Every blob under `paths`, sorted and without duplicates.
fn find_blobs(paths: &[PathBuf]) -> Result<Vec<PathBuf>, String> {
    let mut found = Vec::new();
    for path in paths {
        let meta = std::fs::metadata(path).map_err(|e| format!("{}: {e}", path.display()))?;
        if meta.is_dir() {
            walk(path, &mut found)?;
        } else {
            found.push(path.clone());
        }
    }
    found.sort();
    found.dedup();
    Ok(found)
}

fn walk(dir: &Path, found: &mut Vec<PathBuf>) -> Result<(), String> {
    let entries = std::fs::read_dir(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    for entry in entries {
        let entry = entry.map_err(|e| format!("{}: {e}", dir.display()))?;
        let path = entry.path();
        // Symbolic links to folders are not followed (no cycles).
        let is_dir = entry.file_type().is_ok_and(|t| t.is_dir());
        if is_dir {
            walk(&path, found)?;
        } else if path.extension().is_some_and(|e| e == "dxil" || e == "bc") {
            found.push(path);
        }
    }
    Ok(())
}

fn write_file(path: &Path, text: &str) -> Result<(), String> {
    std::fs::write(path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))
}

/// The progress bar on a terminal; failure lines otherwise.
struct Progress {
    bar: Option<ProgressBar>,
}

impl Progress {
    fn new(len: usize) -> Self {
        let bar = std::io::stderr().is_terminal().then(|| {
            let bar = ProgressBar::new(len as u64);
            if let Ok(style) = ProgressStyle::with_template(
                "{bar:40} {pos}/{len} blobs, {elapsed} (ETA {eta}) {msg}",
            ) {
                bar.set_style(style);
            }
            bar
        });
        Progress { bar }
    }

    fn done(&self, record: &Record) {
        if let Some(message) = record.message() {
            let line = format!(
                "FAIL {}: {}",
                record.path.display(),
                message.replace('\n', " | ")
            );
            match &self.bar {
                Some(bar) => bar.println(line),
                None => eprintln!("{line}"),
            }
        }
        if let Some(bar) = &self.bar {
            bar.inc(1);
        }
    }

    fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}

/// Records grouped by folder, folders sorted.
fn by_folder(records: &[Record]) -> BTreeMap<String, Vec<&Record>> {
    let mut folders: BTreeMap<String, Vec<&Record>> = BTreeMap::new();
    for r in records {
        folders.entry(r.folder()).or_default().push(r);
    }
    folders
}

const KINDS: [ErrorKind; 4] = [
    ErrorKind::InvalidInput,
    ErrorKind::Unsupported,
    ErrorKind::Internal,
    ErrorKind::Validation,
];

/// One row of the summary table.
fn summary_row(name: &str, records: &[&Record], validate: bool) -> Vec<String> {
    let count = |f: &dyn Fn(&Record) -> bool| records.iter().filter(|r| f(r)).count();
    let ok = count(&|r| matches!(r.outcome, Outcome::Ok { .. }));
    let of_kind = |kind: &str| count(&|r| r.failure().is_some_and(|(k, _)| k == kind));
    let mut times: Vec<u64> = records
        .iter()
        .filter(|r| !matches!(r.outcome, Outcome::Skipped))
        .map(|r| micros(r.time))
        .collect();
    times.sort_unstable();
    // Nearest rank: the smallest time with at least p% of the times <= it.
    // `p <= 100`: the rank is in 1..=n.
    let percentile = |p: usize| {
        let rank = times.len().saturating_mul(p).div_ceil(100).max(1);
        times
            .get(rank.saturating_sub(1))
            .map_or_else(|| "-".to_string(), u64::to_string)
    };
    let mut row = vec![
        name.to_string(),
        records.len().to_string(),
        // Both count records.
        ok.saturating_add(of_kind("validation")).to_string(),
        if validate {
            ok.to_string()
        } else {
            "-".to_string()
        },
    ];
    row.extend(KINDS.iter().map(|k| of_kind(k.name()).to_string()));
    row.push(of_kind("io").to_string());
    row.push(count(&|r| matches!(r.outcome, Outcome::Skipped)).to_string());
    row.push(percentile(50));
    row.push(percentile(95));
    row
}

/// The per-folder summary, as an aligned text table.
fn summary_table(records: &[Record], validate: bool) -> String {
    let mut header: Vec<String> = ["folder", "total", "translated", "valid"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    header.extend(KINDS.iter().map(|k| k.name().to_string()));
    header.extend(["io", "skipped", "median_us", "p95_us"].map(String::from));
    let folders = by_folder(records);
    let mut rows = vec![header];
    for (folder, recs) in &folders {
        rows.push(summary_row(folder, recs, validate));
    }
    if folders.len() > 1 {
        let all: Vec<&Record> = records.iter().collect();
        rows.push(summary_row("all", &all, validate));
    }
    let columns = rows.first().map_or(0, Vec::len);
    let widths: Vec<usize> = (0..columns)
        .map(|c| {
            rows.iter()
                .map(|r| r.get(c).map_or(0, |cell| cell.chars().count()))
                .max()
                .unwrap_or(0)
        })
        .collect();
    let mut out = String::new();
    for row in &rows {
        for (c, (cell, &w)) in row.iter().zip(&widths).enumerate() {
            // Folder names left-aligned, numbers right-aligned.
            let _ = match c {
                0 => write!(out, "{cell:<w$}"),
                _ => write!(out, "  {cell:>w$}"),
            };
        }
        out.push('\n');
    }
    out
}

/// The `--json` report: an array of records, one per line.
fn json_report(records: &[Record]) -> String {
    let mut out = String::from("[\n");
    for (i, r) in records.iter().enumerate() {
        let _ = r.to_json().write(&mut out);
        out.push_str(if i.saturating_add(1) < records.len() {
            ",\n"
        } else {
            "\n"
        });
    }
    out.push_str("]\n");
    out
}

/// Escapes text for XML attribute values and content. Characters XML 1.0
/// cannot hold at all (most control characters) become U+FFFD.
fn xml_escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            '\n' => out.push_str("&#10;"),
            '\r' => out.push_str("&#13;"),
            '\t' => out.push_str("&#9;"),
            c if (c as u32) < 0x20 || c == '\u{FFFE}' || c == '\u{FFFF}' => out.push('\u{FFFD}'),
            c => out.push(c),
        }
    }
    out
}

/// The `--junit` report.
fn junit_report(records: &[Record]) -> String {
    let seconds = |d: Duration| format!("{:.6}", d.as_secs_f64());
    let total_time: Duration = records.iter().map(|r| r.time).sum();
    let failures = records.iter().filter(|r| r.failure().is_some()).count();
    let skipped = records
        .iter()
        .filter(|r| matches!(r.outcome, Outcome::Skipped))
        .count();
    let mut out = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    let _ = writeln!(
        out,
        "<testsuites name=\"dxil2spirv corpus\" tests=\"{}\" failures=\"{failures}\" \
         errors=\"0\" skipped=\"{skipped}\" time=\"{}\">",
        records.len(),
        seconds(total_time)
    );
    for (folder, recs) in by_folder(records) {
        let folder = xml_escape(&folder);
        let time: Duration = recs.iter().map(|r| r.time).sum();
        let failures = recs.iter().filter(|r| r.failure().is_some()).count();
        let skipped = recs
            .iter()
            .filter(|r| matches!(r.outcome, Outcome::Skipped))
            .count();
        let _ = writeln!(
            out,
            "  <testsuite name=\"{folder}\" tests=\"{}\" failures=\"{failures}\" errors=\"0\" \
             skipped=\"{skipped}\" time=\"{}\">",
            recs.len(),
            seconds(time)
        );
        for r in recs {
            let name = r
                .path
                .file_name()
                .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
            let _ = write!(
                out,
                "    <testcase classname=\"{folder}\" name=\"{}\" time=\"{}\"",
                xml_escape(&name),
                seconds(r.time)
            );
            match (&r.outcome, r.failure(), r.message()) {
                (_, Some((kind, _)), Some(message)) => {
                    let message = xml_escape(&message);
                    let _ = writeln!(
                        out,
                        ">\n      <failure type=\"{kind}\" message=\"{message}\">{message}</failure>\n    </testcase>"
                    );
                }
                (Outcome::Skipped, _, _) => {
                    out.push_str(">\n      <skipped/>\n    </testcase>\n");
                }
                _ => out.push_str("/>\n"),
            }
        }
        out.push_str("  </testsuite>\n");
    }
    out.push_str("</testsuites>\n");
    out
}

/// The `--trace` report.
fn chrome_trace(records: &[Record], origin: Instant, jobs: usize) -> String {
    let mut trace = ChromeTrace::new(origin);
    for worker in 1..=jobs as u64 {
        trace.thread_name(worker, &format!("worker {worker}"));
    }
    for r in records
        .iter()
        .filter(|r| !matches!(r.outcome, Outcome::Skipped))
    {
        let blob = r.path.display().to_string();
        trace.event(&blob, "blob", r.worker, r.start, r.time, &blob);
        trace.spans(r.worker, &blob, &r.spans);
    }
    let mut out = String::new();
    let _ = trace.into_json().write(&mut out);
    out.push('\n');
    out
}
