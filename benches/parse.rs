//! Parse benchmark (filled in with the reader).
fn main() {}
