//! The layout rule of `emit` (issue 16): no import cycle between its
//! files. Every file but `mod.rs` (the parent, which declares them and
//! holds the `Emitter`) is a node; a `super::NAME` or `crate::emit::NAME`
//! path naming a sibling file is an edge. The test reads the sources, so a
//! new cycle fails it with the files that make it.

use std::collections::BTreeMap;
use std::path::Path;

/// The sibling files of `emit` and the siblings each one names.
fn graph() -> BTreeMap<String, Vec<String>> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/emit");
    let mut sources = BTreeMap::new();
    for entry in std::fs::read_dir(&dir).expect("src/emit is readable") {
        let path = entry.expect("a directory entry").path();
        let Some(stem) = path.file_stem().and_then(|s| s.to_str()) else {
            continue;
        };
        if path.extension().is_some_and(|e| e == "rs") && stem != "mod" {
            let text = std::fs::read_to_string(&path).expect("a readable source");
            sources.insert(stem.to_string(), text);
        }
    }
    sources
        .iter()
        .map(|(name, text)| {
            let mut deps: Vec<String> = references(text)
                .into_iter()
                .filter(|d| d != name && sources.contains_key(d))
                .collect();
            deps.sort();
            deps.dedup();
            (name.clone(), deps)
        })
        .collect()
}

/// The first path segment after every `super::` and `crate::emit::` in
/// `text` (each member of a `super::{a::X, b::Y}` group).
fn references(text: &str) -> Vec<String> {
    let ident = |s: &str| -> String {
        s.trim_start()
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect()
    };
    let mut out = Vec::new();
    for prefix in ["super::", "crate::emit::"] {
        for (at, _) in text.match_indices(prefix) {
            let rest = &text[at + prefix.len()..];
            match rest.strip_prefix('{') {
                Some(group) => {
                    let body = &group[..group.find('}').unwrap_or(group.len())];
                    out.extend(body.split(',').map(ident));
                }
                None => out.push(ident(rest)),
            }
        }
    }
    out
}

/// A cycle of `graph`, as the files along it (first = last), if any.
fn find_cycle(graph: &BTreeMap<String, Vec<String>>) -> Option<Vec<String>> {
    // 0: not seen, 1: on the current path, 2: done.
    fn visit<'g>(
        node: &'g str,
        graph: &'g BTreeMap<String, Vec<String>>,
        state: &mut BTreeMap<&'g str, u8>,
        path: &mut Vec<&'g str>,
    ) -> Option<Vec<String>> {
        state.insert(node, 1);
        path.push(node);
        for dep in graph.get(node).into_iter().flatten() {
            match state.get(dep.as_str()).copied().unwrap_or(0) {
                1 => {
                    let start = path.iter().position(|n| *n == dep.as_str()).unwrap_or(0);
                    let mut cycle: Vec<String> =
                        path[start..].iter().map(|n| n.to_string()).collect();
                    cycle.push(dep.clone());
                    return Some(cycle);
                }
                0 => {
                    if let Some(c) = visit(dep, graph, state, path) {
                        return Some(c);
                    }
                }
                _ => {}
            }
        }
        path.pop();
        state.insert(node, 2);
        None
    }
    let mut state = BTreeMap::new();
    for node in graph.keys() {
        if state.get(node.as_str()).copied().unwrap_or(0) == 0 {
            if let Some(c) = visit(node, graph, &mut state, &mut Vec::new()) {
                return Some(c);
            }
        }
    }
    None
}

#[test]
fn emit_has_no_import_cycle() {
    let graph = graph();
    assert!(graph.len() > 20, "the emit files were not found");
    if let Some(cycle) = find_cycle(&graph) {
        panic!("import cycle in src/emit: {}", cycle.join(" -> "));
    }
}

#[test]
fn cycles_are_found() {
    let mut g = BTreeMap::new();
    g.insert("a".to_string(), vec!["b".to_string()]);
    g.insert("b".to_string(), vec!["c".to_string()]);
    g.insert("c".to_string(), vec!["a".to_string()]);
    assert_eq!(
        find_cycle(&g),
        Some(
            vec!["a", "b", "c", "a"]
                .into_iter()
                .map(String::from)
                .collect()
        )
    );
    g.insert("c".to_string(), Vec::new());
    assert_eq!(find_cycle(&g), None);
    assert_eq!(
        references("use super::{module::Emitter, desc};\nx = crate::emit::stage::Io;"),
        ["module", "desc", "stage"]
    );
}
