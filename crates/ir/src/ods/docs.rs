//! Documentation generated from op definitions: a dialect's markdown reference, and
//! the checks that every definition is well-formed.

use super::format;
use super::{GroupDef, GroupKind};
use crate::registry::{Dialect, OpDef, OpTrait, Syntax};
use std::fmt::Write as _;

/// The problems of a definition: groups that cannot be laid out, a format that does
/// not compile, duplicate names. Empty when it is well-formed.
pub fn validate(def: &'static OpDef) -> Vec<String> {
    let mut problems = Vec::new();
    for (what, groups) in [("operand", def.operands), ("result", def.results)] {
        let flexible = groups
            .unwrap_or_default()
            .iter()
            .filter(|g| g.kind != GroupKind::Single)
            .count();
        if flexible > 1 {
            problems.push(format!(
                "{}: more than one optional or variadic {what} group",
                def.name
            ));
        }
    }
    let mut names: Vec<&str> = def
        .operands
        .unwrap_or_default()
        .iter()
        .chain(def.results.unwrap_or_default())
        .map(|g| g.name)
        .chain(def.attributes.iter().map(|a| a.name))
        .collect();
    names.sort_unstable();
    if let Some(w) = names.windows(2).find(|w| w[0] == w[1]) {
        problems.push(format!("{}: the name '{}' is used twice", def.name, w[0]));
    }
    if !def.name.contains('.') {
        problems.push(format!("{}: the name has no dialect prefix", def.name));
    }
    if def.summary.is_empty() {
        problems.push(format!("{}: no summary", def.name));
    }
    if let Syntax::Format(text, directives) = def.syntax
        && let Err(e) = format::compile(def, text, directives)
    {
        problems.push(format!("{}: format: {e}", def.name));
    }
    problems
}

/// The markdown reference of a dialect: its description, then one section per op with
/// its summary, description, syntax, operands, results, attributes and traits.
pub fn dialect_markdown(dialect: &'static Dialect) -> String {
    let mut s = String::new();
    let _ = writeln!(
        s,
        "<!-- Generated from the op definitions of the `{}` dialect; do not edit. -->\n",
        dialect.name
    );
    s.push_str(dialect.description.trim());
    s.push_str("\n\n## Operations\n");
    for def in dialect.ops {
        op_section(&mut s, def);
    }
    s
}

fn op_section(s: &mut String, def: &OpDef) {
    let mut summary = def.summary.chars();
    let first = summary.next().map(|c| c.to_uppercase().collect::<String>());
    let _ = writeln!(
        s,
        "\n### `{}`\n\n_{}{}._\n",
        def.name,
        first.unwrap_or_default(),
        summary.as_str()
    );
    let description = unindent(def.description);
    if !description.is_empty() {
        s.push_str(&description);
        s.push('\n');
    }
    match def.syntax {
        Syntax::Format(text, _) => {
            let _ = writeln!(s, "Format: ``{text}``\n");
        }
        Syntax::Custom(..) => s.push_str("Custom syntax (hand-written parser and printer).\n\n"),
        Syntax::Generic => s.push_str("Generic form only.\n\n"),
    }
    groups_table(s, "Operand", def.operands);
    groups_table(s, "Result", def.results);
    if !def.attributes.is_empty() {
        s.push_str("| Attribute | Kind |\n| --- | --- |\n");
        for a in def.attributes {
            let optional = if a.optional { " (optional)" } else { "" };
            let _ = writeln!(s, "| `{}`{optional} | {} |", a.name, a.constraint.summary);
        }
        s.push('\n');
    }
    if !def.traits.is_empty() {
        let traits: Vec<String> = def.traits.iter().map(trait_name).collect();
        let _ = writeln!(s, "Traits: {}.", traits.join(", "));
    }
}

fn trait_name(t: &OpTrait) -> String {
    match t {
        OpTrait::External(e) => format!("`{}`", e.doc),
        OpTrait::SameElementType {
            from_operand,
            results,
        } => {
            let who = if *results {
                "operands and results"
            } else {
                "operands"
            };
            match from_operand {
                0 => format!("`SameElementType` ({who})"),
                k => format!("`SameElementType` ({who} from operand #{k})"),
            }
        }
        t => format!("`{t}`"),
    }
}

fn groups_table(s: &mut String, what: &str, groups: Option<&[GroupDef]>) {
    let Some(groups) = groups.filter(|g| !g.is_empty()) else {
        return;
    };
    let _ = writeln!(s, "| {what} | Type |\n| --- | --- |");
    for g in groups {
        let kind = match g.kind {
            GroupKind::Single => "",
            GroupKind::Optional => " (optional)",
            GroupKind::Variadic => " (variadic)",
        };
        let _ = writeln!(s, "| `{}`{kind} | {} |", g.name, g.constraint.summary);
    }
    s.push('\n');
}

/// Doc-comment text with the one leading space of each line removed.
fn unindent(text: &str) -> String {
    let mut out = String::new();
    for line in text.lines() {
        out.push_str(line.strip_prefix(' ').unwrap_or(line));
        out.push('\n');
    }
    out.trim().to_owned() + if out.trim().is_empty() { "" } else { "\n" }
}
