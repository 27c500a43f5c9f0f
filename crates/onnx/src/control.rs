//! ONNX's `If` with a condition known at import: the branch it takes is
//! imported in place (its nodes see the enclosing graph's values, as ONNX's
//! subgraphs do), and its outputs are the node's.

use crate::emit::{Ctx, Val, import_graph};
use crate::ops::Node;

/// `If` of a constant condition.
pub fn if_(c: &mut Ctx<'_>, n: &Node) -> Result<Vec<Val>, String> {
    let cond = n.input(0)?;
    let taken = cond
        .konst
        .as_ref()
        .filter(|k| k.bytes.len() == k.elem.width() || k.bytes.len() == 1)
        .map(|k| k.bytes.iter().any(|&b| b != 0))
        .ok_or("If of a condition computed at run time is not supported yet")?;
    let branch = if taken { "then_branch" } else { "else_branch" };
    let graph = n
        .attr(branch)
        .and_then(|a| a.g.as_ref())
        .ok_or_else(|| format!("If has no {branch}"))?;
    let at = c.loc;
    import_graph(c, graph).map_err(|e| format!("in its {branch}: {e}"))?;
    c.loc = at;
    graph
        .output
        .iter()
        .map(|o| {
            let name = o.name.clone().unwrap_or_default();
            c.value(&name)
                .map_err(|_| format!("{branch} output '{name}' is not computed"))
        })
        .collect()
}
