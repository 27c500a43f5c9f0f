//! `--view-op-graph`: writes a Graphviz DOT graph of the module's data flow on
//! standard error, in upstream's form (`mlir/lib/Transforms/ViewOpGraph.cpp` of
//! LLVM 22): a cluster per op with regions and per block, a record node per block
//! argument and per op (operand ports on top, result ports with their types below,
//! filled with one colour per op name), and an edge per operand from the port of
//! the value to the port of its use.
//!
//! Beyond upstream, each edge into a broadcasting op along which the operand is
//! stretched is labelled with the result dims it expands:
//!
//! ```text
//! v9:res_arg1:s -> v11:arg_arg1:n[label = "expands dim 0 (added, 4)", style = solid];
//! ```
//!
//! (`added, 4`: the operand has no dim in that column, the result's is 4; `1 to 3`:
//! a size-1 dim stretched to 3.)
//! The IR is left unchanged.

use broadcastable_ir::Expansion;
use broadcastable_ir::shapes;
use rustc_hash::FxHashMap;
use std::fmt::Write as _;
use tensor_ir::module::BlockId;
use tensor_ir::pass::{Pass, PassOutcome};
use tensor_ir::print::ValueNames;
use tensor_ir::types::TypeKind;
use tensor_ir::{Context, Diagnostics, Module, OpId, Symbol, Value, ValueDef};

/// Attribute values and types longer than this are cut, as upstream's
/// `max-label-len` default.
const MAX_LABEL_LEN: usize = 20;

/// The `--view-op-graph` pass.
#[derive(Default)]
pub struct ViewOpGraph;

impl Pass for ViewOpGraph {
    fn argument(&self) -> &'static str {
        "view-op-graph"
    }

    fn name(&self) -> &'static str {
        "ViewOpGraph"
    }

    fn description(&self) -> &'static str {
        "Print Graphviz DOT of the data flow on standard error, labelling each \
         broadcasting edge with the dims it expands"
    }

    fn run(&mut self, ctx: &mut Context, module: &mut Module) -> Result<PassOutcome, Diagnostics> {
        let Some(top) = module.top() else {
            return Ok(PassOutcome::unchanged());
        };
        Ok(PassOutcome::unchanged().with_output(graph(ctx, module, top)))
    }
}

/// A node of the graph: an op's record, or the anchor of its cluster.
#[derive(Clone, Copy)]
struct Node {
    id: u32,
    cluster: Option<u32>,
}

/// Pending work of the iterative walk (nesting depth is the input's, so no
/// recursion).
enum Work {
    Op(OpId),
    Block(BlockId),
    /// Closes an op's cluster, then records its operand edges.
    FinishCluster(OpId, Node),
    CloseBlock,
}

struct Writer<'a> {
    ctx: &'a Context,
    module: &'a Module,
    names: ValueNames,
    out: String,
    indent: usize,
    counter: u32,
    /// Indexed by value arena index.
    nodes: Vec<Option<Node>>,
    colors: FxHashMap<Symbol, String>,
    edges: Vec<String>,
}

/// The DOT text of the data flow under `top`.
pub fn graph(ctx: &Context, module: &Module, top: OpId) -> String {
    let mut w = Writer {
        ctx,
        module,
        names: ValueNames::new(ctx, module, top),
        out: String::new(),
        indent: 0,
        counter: 0,
        nodes: vec![None; module.num_values()],
        colors: colors(module, top),
        edges: Vec::new(),
    };
    w.line("digraph G {");
    w.indent += 1;
    w.line("compound = true;");
    let mut work = vec![Work::Op(top)];
    while let Some(item) = work.pop() {
        match item {
            Work::Op(op) => {
                if w.module.op(op).regions().is_empty() {
                    let node = w.op_node(op);
                    w.finish_op(op, node);
                } else {
                    let label = w.cluster_label(op);
                    let node = w.open_cluster(&label);
                    work.push(Work::FinishCluster(op, node));
                    for &r in w.module.op(op).regions().iter().rev() {
                        for &b in w.module.region(r).blocks().iter().rev() {
                            work.push(Work::Block(b));
                        }
                    }
                }
            }
            Work::Block(b) => {
                w.open_cluster("");
                for &arg in w.module.block(b).args() {
                    let mut label = String::from("<res");
                    w.port(arg, &mut label);
                    label.push_str("> ");
                    w.names.write(arg, &mut label);
                    label.push(' ');
                    w.type_text(arg, &mut label);
                    w.dim_names(arg, &mut label);
                    let node = w.node(&label, None);
                    if let Some(slot) = w.nodes.get_mut(arg.index()) {
                        *slot = Some(node);
                    }
                }
                work.push(Work::CloseBlock);
                let ops: Vec<OpId> = w.module.block_ops(b).collect();
                work.extend(ops.into_iter().rev().map(Work::Op));
            }
            Work::FinishCluster(op, node) => {
                w.close_cluster();
                w.finish_op(op, node);
            }
            Work::CloseBlock => w.close_cluster(),
        }
    }
    for edge in std::mem::take(&mut w.edges) {
        w.line(&edge);
    }
    w.indent -= 1;
    w.line("}");
    w.out
}

/// One colour per op name, hues spread by first appearance in post-order, as
/// upstream's `initColorMapping`.
fn colors(module: &Module, top: OpId) -> FxHashMap<Symbol, String> {
    let mut order: Vec<Symbol> = Vec::new();
    let mut seen: FxHashMap<Symbol, ()> = FxHashMap::default();
    let mut stack = vec![(top, false)];
    while let Some((op, expanded)) = stack.pop() {
        if expanded {
            let name = module.op(op).name();
            if seen.insert(name, ()).is_none() {
                order.push(name);
            }
            continue;
        }
        stack.push((op, true));
        for &r in module.op(op).regions().iter().rev() {
            for &b in module.region(r).blocks().iter().rev() {
                let ops: Vec<OpId> = module.block_ops(b).collect();
                stack.extend(ops.into_iter().rev().map(|o| (o, false)));
            }
        }
    }
    let n = order.len().max(1) as f64;
    order
        .into_iter()
        .enumerate()
        .map(|(i, name)| (name, format!("{:.6} 0.3 0.95", i as f64 / n)))
        .collect()
}

impl Writer<'_> {
    fn line(&mut self, text: &str) {
        for _ in 0..self.indent {
            self.out.push_str("  ");
        }
        self.out.push_str(text);
        self.out.push('\n');
    }

    fn open_cluster(&mut self, label: &str) -> Node {
        self.counter += 1;
        let cluster = self.counter;
        self.line(&format!("subgraph cluster_{cluster} {{"));
        self.indent += 1;
        let anchor = self.node_stmt(" ", "plain", None);
        self.line(&format!("label = \"{label}\";"));
        Node {
            id: anchor.id,
            cluster: Some(cluster),
        }
    }

    fn close_cluster(&mut self) {
        self.indent = self.indent.saturating_sub(1);
        self.line("}");
    }

    fn node(&mut self, label: &str, fill: Option<&str>) -> Node {
        self.node_stmt(label, "Mrecord", fill)
    }

    /// `vN [attrs];`, the attributes sorted by name as upstream's `std::map`.
    fn node_stmt(&mut self, label: &str, shape: &str, fill: Option<&str>) -> Node {
        self.counter += 1;
        let id = self.counter;
        let text = match fill {
            Some(color) => format!(
                "v{id} [fillcolor = \"{color}\", label = \"{label}\", shape = {shape}, style = filled];"
            ),
            None => format!("v{id} [label = \"{label}\", shape = {shape}];"),
        };
        self.line(&text);
        Node { id, cluster: None }
    }

    /// `{{<arg..> %a|...}|name\l\lattr: value\l|{<res..> %0 type|...}}`.
    fn op_node(&mut self, op: OpId) -> Node {
        let module = self.module;
        let mut label = String::from("{");
        let operands = module.operands(op);
        if !operands.is_empty() {
            label.push('{');
            for (i, &v) in operands.iter().enumerate() {
                if i > 0 {
                    label.push('|');
                }
                label.push_str("<arg");
                self.port(v, &mut label);
                label.push_str("> ");
                self.names.write(v, &mut label);
            }
            label.push_str("}|");
        }
        let name = module.op(op).name();
        label.push_str(self.ctx.str(name));
        label.push_str("\\l");
        let attrs = self.attr_lines(op);
        if !attrs.is_empty() {
            label.push_str("\\l");
            label.push_str(&attrs);
        }
        if module.num_results(op) > 0 {
            label.push_str("|{");
            for (i, v) in module.results(op).enumerate() {
                if i > 0 {
                    label.push('|');
                }
                label.push_str("<res");
                self.port(v, &mut label);
                label.push_str("> ");
                self.names.write(v, &mut label);
                label.push(' ');
                self.type_text(v, &mut label);
            }
            label.push('}');
        }
        label.push('}');
        let color = self.colors.get(&name).cloned();
        self.node(&label, color.as_deref())
    }

    /// `name : (result types)\l` and one `attr: value\l` line per attribute.
    fn cluster_label(&self, op: OpId) -> String {
        let mut label = String::from(self.ctx.str(self.module.op(op).name()));
        label.push_str(" : (");
        let mut types = String::new();
        for (i, t) in self.module.result_types(op).iter().enumerate() {
            if i > 0 {
                types.push_str(", ");
            }
            let _ = self.ctx.write_type(*t, &mut types);
        }
        label.push_str(&escape(&truncate(&types)));
        label.push_str(")\\l");
        label.push_str(&self.attr_lines(op));
        label
    }

    /// Properties and attributes, sorted by name, values cut and escaped.
    fn attr_lines(&self, op: OpId) -> String {
        let o = self.module.op(op);
        let mut attrs: Vec<(&str, tensor_ir::Attribute)> = o
            .props()
            .iter()
            .chain(o.attrs())
            .map(|a| (self.ctx.str(a.name), a.value))
            .collect();
        attrs.sort_by(|a, b| a.0.cmp(b.0));
        let mut out = String::new();
        for (name, value) in attrs {
            let mut text = String::new();
            let _ = self.ctx.write_attr(value, &mut text);
            let _ = write!(out, "{}: {}\\l", escape(name), escape(&truncate(&text)));
        }
        out
    }

    fn type_text(&self, v: Value, out: &mut String) {
        let mut text = String::new();
        let _ = self.ctx.write_type(self.module.value_type(v), &mut text);
        out.push_str(&escape(&truncate(&text)));
    }

    /// ` [batch, seq]` after a function argument whose dims `nd.dim_names`
    /// names; an anonymous dim shows its declared size.
    fn dim_names(&self, v: Value, out: &mut String) {
        let ValueDef::BlockArg { block, index } = self.module.value(v).def() else {
            return;
        };
        if self.module.block_index(block) != Some(0) {
            return;
        }
        let Some(func) = self.module.block_parent_op(block) else {
            return;
        };
        let Some(attr) = shapes::arg_dim_names(self.ctx, self.module, func, index as usize) else {
            return;
        };
        let (Ok(names), TypeKind::Tensor { dims, .. }) = (
            shapes::names_of(self.ctx, attr),
            self.ctx.type_kind(self.module.value_type(v)),
        ) else {
            return;
        };
        if names.len() != dims.len() {
            return;
        }
        let words: Vec<String> = names
            .iter()
            .zip(dims.iter())
            .map(|(name, &d)| match name {
                Some(name) => name.clone(),
                None if d == tensor_ir::DYNAMIC => "?".to_owned(),
                None => d.to_string(),
            })
            .collect();
        out.push_str(&escape(&truncate(&format!(" [{}]", words.join(", ")))));
    }

    /// A port name: the value's name with `%` and `#` as `_`.
    fn port(&self, v: Value, out: &mut String) {
        let mut name = String::new();
        self.names.write(v, &mut name);
        out.extend(
            name.chars()
                .map(|c| if c == '%' || c == '#' { '_' } else { c }),
        );
    }

    /// Records the op's operand edges (labelled where broadcasting expands the
    /// operand) and makes `node` the source of its results.
    fn finish_op(&mut self, op: OpId, node: Node) {
        let expansions = broadcastable_ir::expansions(self.ctx, self.module, op);
        let operands = self.module.operands(op);
        for (i, &v) in operands.iter().enumerate() {
            let Some(source) = self.nodes.get(v.index()).copied().flatten() else {
                continue;
            };
            let label = expansions
                .as_ref()
                .and_then(|e| e.get(i))
                .filter(|e| !e.is_empty())
                .map(|e| expansion_label(e));
            let mut edge = format!("v{}", source.id);
            if source.cluster.is_none() {
                edge.push_str(":res");
                self.port(v, &mut edge);
                edge.push_str(":s");
            }
            let _ = write!(edge, " -> v{}", node.id);
            if node.cluster.is_none() {
                edge.push_str(":arg");
                self.port(v, &mut edge);
                edge.push_str(":n");
            }
            let mut attrs = Vec::new();
            if let Some(label) = label {
                attrs.push(format!("label = \"{label}\""));
            }
            if let Some(c) = node.cluster {
                attrs.push(format!("lhead = cluster_{c}"));
            }
            if let Some(c) = source.cluster {
                attrs.push(format!("ltail = cluster_{c}"));
            }
            attrs.push("style = solid".to_owned());
            let _ = write!(edge, "[{}];", attrs.join(", "));
            self.edges.push(edge);
        }
        for v in self.module.results(op) {
            if let Some(slot) = self.nodes.get_mut(v.index()) {
                *slot = Some(node);
            }
        }
    }
}

/// `expands dim 0 (added, 4), dim 2 (1 to 3)`.
fn expansion_label(expansions: &[Expansion]) -> String {
    let mut label = String::from("expands ");
    for (i, e) in expansions.iter().enumerate() {
        if i > 0 {
            label.push_str(", ");
        }
        let _ = match e.from {
            Some(from) => write!(label, "dim {} ({from} to {})", e.dim, e.to),
            None => write!(label, "dim {} (added, {})", e.dim, e.to),
        };
    }
    label
}

/// `text` cut to [`MAX_LABEL_LEN`] characters, with `...` when cut.
fn truncate(text: &str) -> String {
    match text.char_indices().nth(MAX_LABEL_LEN) {
        Some((at, _)) => format!("{}...", &text[..at]),
        None => text.to_owned(),
    }
}

/// Escapes what record labels and DOT strings give a meaning to, as upstream's
/// `escapeLabelString`.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if matches!(c, '{' | '|' | '<' | '}' | '>' | '\n' | '"') {
            out.push('\\');
        }
        out.push(c);
    }
    out
}
