//! Graphviz views of a CFG before and after structurization.

use std::fmt::{self, Write};

use super::graph::{block_exit, Exit};
use super::structured::{Merge, Role, STerm, Structured};
use crate::ir::{BlockId, Function, Module};

fn block_name(func: &Function, module: &Module, b: BlockId) -> String {
    let name = func
        .blocks
        .get(b.0 as usize)
        .map(|x| module.str(x.name))
        .unwrap_or("");
    if name.is_empty() {
        format!("bb{}", b.0)
    } else {
        format!("{}", name.escape_default())
    }
}

/// Writes the original CFG of `func` as the body of a Graphviz graph
/// (nodes prefixed with `prefix`).
fn cfg_body(out: &mut dyn Write, func: &Function, module: &Module, prefix: &str) -> fmt::Result {
    for b in 0..func.blocks.len() as u32 {
        let id = BlockId(b);
        let exit = block_exit(func, module, id).ok();
        let shape = match exit {
            Some(Exit::Ret(_)) => "doubleoctagon",
            Some(Exit::Unreachable) | None => "octagon",
            _ => "box",
        };
        writeln!(
            out,
            "    {prefix}{b} [shape={shape}, label=\"{}\"];",
            block_name(func, module, id)
        )?;
        if let Some(e) = exit {
            match e {
                Exit::CondBr {
                    if_true, if_false, ..
                } => {
                    writeln!(
                        out,
                        "    {prefix}{b} -> {prefix}{} [label=\"T\"];",
                        if_true.0
                    )?;
                    writeln!(
                        out,
                        "    {prefix}{b} -> {prefix}{} [label=\"F\"];",
                        if_false.0
                    )?;
                }
                Exit::Switch { default, cases, .. } => {
                    writeln!(
                        out,
                        "    {prefix}{b} -> {prefix}{} [label=\"default\"];",
                        default.0
                    )?;
                    for (lit, t) in cases {
                        writeln!(out, "    {prefix}{b} -> {prefix}{} [label=\"{lit}\"];", t.0)?;
                    }
                }
                other => {
                    for t in other.targets() {
                        writeln!(out, "    {prefix}{b} -> {prefix}{};", t.0)?;
                    }
                }
            }
        }
    }
    Ok(())
}

fn role_name(r: Role) -> &'static str {
    match r {
        Role::Original => "",
        Role::Entry => "entry",
        Role::LoopHeader => "loop header",
        Role::LoopMerge => "loop merge",
        Role::Continue => "continue",
        Role::Join => "join",
        Role::Ladder => "ladder",
        Role::Guard => "guard",
        Role::Edge => "edge",
        Role::Dispatch => "dispatch",
    }
}

fn structured_body(
    out: &mut dyn Write,
    s: &Structured,
    names: &dyn Fn(BlockId) -> String,
    prefix: &str,
) -> fmt::Result {
    for (i, b) in s.blocks.iter().enumerate() {
        let mut label = format!("{i}");
        if let Some(o) = b.origin {
            label.push_str(&format!(": {}", names(o)));
        }
        let role = role_name(b.role);
        if !role.is_empty() {
            label.push_str(&format!("\\n[{role}]"));
        }
        match b.merge {
            Merge::None => {}
            Merge::Selection { merge, .. } => {
                label.push_str(&format!("\\nselection merge {}", merge.0))
            }
            Merge::Loop {
                merge,
                continue_target,
                ..
            } => label.push_str(&format!(
                "\\nloop merge {} continue {}",
                merge.0, continue_target.0
            )),
        }
        if !b.phis.is_empty() {
            label.push_str(&format!("\\n{} phis", b.phis.len()));
        }
        let (shape, color) = match b.role {
            Role::Original => ("box", "black"),
            Role::LoopHeader => ("box", "blue"),
            Role::LoopMerge => ("box", "darkgreen"),
            Role::Continue => ("box", "purple"),
            Role::Ladder | Role::Guard => ("diamond", "red"),
            Role::Dispatch | Role::Edge => ("diamond", "orange"),
            Role::Join | Role::Entry => ("ellipse", "gray40"),
        };
        writeln!(
            out,
            "    {prefix}{i} [shape={shape}, color={color}, label=\"{label}\"];"
        )?;
        match &b.term {
            STerm::CondBranch {
                if_true, if_false, ..
            } => {
                writeln!(
                    out,
                    "    {prefix}{i} -> {prefix}{} [label=\"T\"];",
                    if_true.0
                )?;
                writeln!(
                    out,
                    "    {prefix}{i} -> {prefix}{} [label=\"F\"];",
                    if_false.0
                )?;
            }
            STerm::Switch { default, cases, .. } => {
                writeln!(
                    out,
                    "    {prefix}{i} -> {prefix}{} [label=\"default\"];",
                    default.0
                )?;
                for (lit, t) in cases {
                    writeln!(out, "    {prefix}{i} -> {prefix}{} [label=\"{lit}\"];", t.0)?;
                }
            }
            other => {
                for t in other.targets() {
                    writeln!(out, "    {prefix}{i} -> {prefix}{};", t.0)?;
                }
            }
        }
        match b.merge {
            Merge::None => {}
            Merge::Selection { merge, .. } => writeln!(
                out,
                "    {prefix}{i} -> {prefix}{} [style=dashed, color=gray, constraint=false];",
                merge.0
            )?,
            Merge::Loop {
                merge,
                continue_target,
                ..
            } => {
                writeln!(
                    out,
                    "    {prefix}{i} -> {prefix}{} [style=dashed, color=darkgreen, constraint=false];",
                    merge.0
                )?;
                writeln!(
                    out,
                    "    {prefix}{i} -> {prefix}{} [style=dotted, color=purple, constraint=false];",
                    continue_target.0
                )?;
            }
        }
    }
    Ok(())
}

/// The function's name, escaped for a quoted Graphviz string.
fn function_title(func: &Function, module: &Module) -> String {
    format!("@{}", module.value_name(func.value).escape_default())
}

/// Writes the original CFG of a function as a Graphviz digraph named and
/// labelled `@NAME: before` (returns double octagons, unreachable ends
/// octagons).
pub fn write_cfg_dot(out: &mut dyn Write, func: &Function, module: &Module) -> fmt::Result {
    let title = format!("{}: before", function_title(func, module));
    writeln!(out, "digraph \"{title}\" {{")?;
    writeln!(out, "    label=\"{title}\";")?;
    cfg_body(out, func, module, "b")?;
    writeln!(out, "}}")
}

/// Writes a structured function as a Graphviz digraph named and labelled
/// `@NAME: after`: block roles in the labels and colours, merge (dashed)
/// and continue (dotted) relations.
pub fn write_structured_dot(
    out: &mut dyn Write,
    s: &Structured,
    func: &Function,
    module: &Module,
) -> fmt::Result {
    let title = format!("{}: after", function_title(func, module));
    writeln!(out, "digraph \"{title}\" {{")?;
    writeln!(out, "    label=\"{title}\";")?;
    structured_body(out, s, &|b| block_name(func, module, b), "s")?;
    writeln!(out, "}}")
}

/// Writes one Graphviz digraph with two clusters: the CFG before
/// structurization and the structured result, block roles marked.
pub fn write_dot(
    out: &mut dyn Write,
    func: &Function,
    module: &Module,
    s: &Structured,
) -> fmt::Result {
    let title = function_title(func, module);
    writeln!(out, "digraph \"{title}\" {{")?;
    writeln!(out, "  subgraph cluster_before {{")?;
    writeln!(out, "    label=\"{title}: before\";")?;
    cfg_body(out, func, module, "b")?;
    writeln!(out, "  }}")?;
    writeln!(out, "  subgraph cluster_after {{")?;
    writeln!(out, "    label=\"{title}: after\";")?;
    structured_body(out, s, &|b| block_name(func, module, b), "s")?;
    writeln!(out, "  }}")?;
    writeln!(out, "}}")
}

fn svalue(v: &super::structured::SValue) -> String {
    use super::structured::SValue;
    match v {
        SValue::Value(x) => format!("%{}", x.0),
        SValue::Synth(s) => format!("$s{}", s.0),
        SValue::U32(k) => format!("{k}"),
        SValue::Undef => "undef".into(),
    }
}

/// Writes a structured function as text: one paragraph per block with its
/// role, origin, predecessors, phis, operand rewrites, merge and
/// terminator.
pub fn write_structured_text(
    out: &mut dyn Write,
    s: &Structured,
    func: &Function,
    module: &Module,
) -> fmt::Result {
    use super::structured::PhiDef;
    for (i, b) in s.blocks.iter().enumerate() {
        write!(out, "{i}:")?;
        if let Some(o) = b.origin {
            write!(out, " {}", block_name(func, module, o))?;
        }
        let role = role_name(b.role);
        if !role.is_empty() {
            write!(out, " [{role}]")?;
        }
        let preds: Vec<String> = b.preds.iter().map(|p| p.0.to_string()).collect();
        writeln!(out, "  ; preds {}", preds.join(", "))?;
        for p in &b.phis {
            let def = match p.def {
                PhiDef::Original(v) => format!("%{}", v.0),
                PhiDef::Synth(x) => format!("$s{}", x.0),
            };
            let inc: Vec<String> = p
                .incoming
                .iter()
                .zip(&b.preds)
                .map(|(v, q)| format!("[{}, {}]", svalue(v), q.0))
                .collect();
            writeln!(out, "  {def} = phi {}", inc.join(" "))?;
        }
        for (v, r) in &b.uses {
            writeln!(out, "  use %{} as {}", v.0, svalue(r))?;
        }
        match b.merge {
            Merge::None => {}
            Merge::Selection { merge, control } => {
                writeln!(out, "  selection merge {} {control:?}", merge.0)?
            }
            Merge::Loop {
                merge,
                continue_target,
                control,
            } => writeln!(
                out,
                "  loop merge {} continue {} {control:?}",
                merge.0, continue_target.0
            )?,
        }
        match &b.term {
            STerm::Branch(t) => writeln!(out, "  br {}", t.0)?,
            STerm::CondBranch {
                cond,
                if_true,
                if_false,
            } => writeln!(
                out,
                "  br {} ? {} : {}",
                svalue(cond),
                if_true.0,
                if_false.0
            )?,
            STerm::Switch {
                value,
                default,
                cases,
            } => {
                let cs: Vec<String> = cases
                    .iter()
                    .map(|(l, t)| format!("{l} -> {}", t.0))
                    .collect();
                writeln!(
                    out,
                    "  switch {} default {} [{}]",
                    svalue(value),
                    default.0,
                    cs.join(", ")
                )?
            }
            STerm::Return(v) => {
                writeln!(out, "  ret {}", v.as_ref().map(svalue).unwrap_or_default())?
            }
            STerm::Unreachable => writeln!(out, "  unreachable")?,
        }
    }
    Ok(())
}
