//! Phase timing of a compilation, without global state.
//!
//! [`Compiler::compile_traced`](crate::Compiler::compile_traced) appends one
//! [`Span`] per pipeline phase it runs to a caller-owned `Vec`; the plain
//! [`Compiler::compile`](crate::Compiler::compile) takes no clock readings at
//! all. [`ChromeTrace`] turns spans into the Chrome Trace Event Format
//! (`chrome://tracing`, Perfetto).
//!
//! Spans, in pipeline order: `container` (DXBC parts), `ir` (LLVM bitcode
//! to IR: the bitstream is decoded as the IR is built, in one streaming
//! pass, so this span covers both the `bitstream` and the `ir` phase),
//! `dxil` (DXIL meaning), `cfg` (structurization), `emit` (SPIR-V), and
//! `validate` when validation is on. A failed compilation has the spans of
//! the phases that ran: up to the failing one, which has its span unless it
//! failed on entry (e.g. `emit` refusing a pixel shader before `cfg` runs).

use crate::error::Phase;
use crate::json::Json;
use std::time::{Duration, Instant};

/// The time one phase of one compilation took.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Span {
    /// The phase (its [`Phase::name`] names the span).
    pub phase: Phase,
    /// When the phase started.
    pub start: Instant,
    /// How long it ran.
    pub duration: Duration,
}

/// Where the pipeline's phases report their spans: nowhere (no clock is
/// read) or a caller's `Vec`.
pub(crate) struct Tracer<'a> {
    spans: Option<&'a mut Vec<Span>>,
}

impl<'a> Tracer<'a> {
    /// A tracer that records nothing.
    pub(crate) fn off() -> Tracer<'static> {
        Tracer { spans: None }
    }

    /// A tracer appending to `spans`.
    pub(crate) fn to(spans: &'a mut Vec<Span>) -> Self {
        Tracer { spans: Some(spans) }
    }

    /// Runs `f` as (part of) `phase`. Consecutive steps of one phase give
    /// one span.
    #[inline]
    pub(crate) fn time<T>(&mut self, phase: Phase, f: impl FnOnce() -> T) -> T {
        let Some(spans) = self.spans.as_deref_mut() else {
            return f();
        };
        // A step continuing the last span needs no start reading: the span
        // keeps its own start.
        let continues = spans.last().is_some_and(|last| last.phase == phase);
        let start = (!continues).then(Instant::now);
        let result = f();
        let end = Instant::now();
        match (spans.last_mut(), start) {
            (Some(last), None) => last.duration = end.saturating_duration_since(last.start),
            (_, start) => {
                let start = start.unwrap_or(end);
                spans.push(Span {
                    phase,
                    start,
                    duration: end.saturating_duration_since(start),
                })
            }
        }
        result
    }
}

/// A Chrome Trace Event Format document under construction: complete
/// (`"ph": "X"`) events and thread names, with times in microseconds since
/// an origin.
///
/// ```
/// use dxil2spirv::trace::ChromeTrace;
/// use std::time::{Duration, Instant};
/// let origin = Instant::now();
/// let mut trace = ChromeTrace::new(origin);
/// trace.thread_name(1, "worker 1");
/// trace.event("a.dxil", "blob", 1, origin, Duration::from_micros(5), "a.dxil");
/// let mut text = String::new();
/// trace.into_json().write(&mut text).unwrap();
/// assert!(text.starts_with(r#"{"traceEvents":[{"name":"thread_name","ph":"M""#));
/// assert!(text.contains(r#""ph":"X","ts":0.0,"dur":5.0,"pid":1,"tid":1"#));
/// ```
#[derive(Clone, Debug)]
pub struct ChromeTrace {
    origin: Instant,
    events: Vec<Json>,
}

impl ChromeTrace {
    /// An empty trace whose time 0 is `origin`.
    pub fn new(origin: Instant) -> Self {
        ChromeTrace {
            origin,
            events: Vec::new(),
        }
    }

    /// Names thread `tid` (a metadata event).
    pub fn thread_name(&mut self, tid: u64, name: &str) {
        self.events.push(
            Json::object()
                .with("name", "thread_name")
                .with("ph", "M")
                .with("pid", 1u32)
                .with("tid", tid)
                .with("args", Json::object().with("name", name)),
        );
    }

    /// A complete event on thread `tid`; `blob` goes to its `args`.
    pub fn event(
        &mut self,
        name: &str,
        cat: &str,
        tid: u64,
        start: Instant,
        duration: Duration,
        blob: &str,
    ) {
        let micros = |d: Duration| Json::Float(d.as_nanos() as f64 / 1000.0);
        self.events.push(
            Json::object()
                .with("name", name)
                .with("cat", cat)
                .with("ph", "X")
                .with("ts", micros(start.saturating_duration_since(self.origin)))
                .with("dur", micros(duration))
                .with("pid", 1u32)
                .with("tid", tid)
                .with("args", Json::object().with("blob", blob)),
        );
    }

    /// One event per span (category `phase`, named after the phase).
    pub fn spans(&mut self, tid: u64, blob: &str, spans: &[Span]) {
        for span in spans {
            self.event(
                span.phase.name(),
                "phase",
                tid,
                span.start,
                span.duration,
                blob,
            );
        }
    }

    /// The document: `{"traceEvents": [...]}`.
    pub fn into_json(self) -> Json {
        Json::object().with("traceEvents", Json::Array(self.events))
    }
}
