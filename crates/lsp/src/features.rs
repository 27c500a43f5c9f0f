//! Hover, go to definition and document symbols, answered from an [`Analysis`].

use crate::analysis::{Analysis, Chunk};
use crate::broadcast;
use broadcastable_ir::shapes::ShapeAnalysis;
use lsp_types::{
    DocumentSymbol, Hover, HoverContents, Location, MarkupContent, MarkupKind, Position,
    SymbolKind, Uri,
};
use std::fmt::Write as _;
use tensor_ir::parse::{Name, NameKind};
use tensor_ir::symbol_table::{SymbolTableCollection, nearest_symbol_table, symbol_name};
use tensor_ir::types::TypeKind;
use tensor_ir::{Context, DYNAMIC, Module, OpId, Symbol, Value, ValueDef};

/// How deep document symbols nest before deeper ones are listed flat (the parser
/// bounds nesting already; this keeps the walk's stack small regardless).
const MAX_SYMBOL_DEPTH: usize = 64;

/// What is written at a position: a name, or an op's name.
enum Target<'a> {
    Name(&'a Name),
    OpName(OpId),
}

fn target_at<'a>(a: &'a Analysis, pos: Position) -> Option<(&'a Chunk, Target<'a>)> {
    let offset = a.offset(pos);
    let chunk = a.chunk_at(offset)?;
    let offset = u32::try_from(offset).ok()?;
    if let Some(name) = chunk.index.name_at(offset) {
        return Some((chunk, Target::Name(name)));
    }
    let op = chunk.index.op_at(&chunk.module, offset)?;
    let span = chunk.index.op_span(op)?;
    (span.name.start <= offset && offset <= span.name.end).then_some((chunk, Target::OpName(op)))
}

/// Hover: a value's type and where it comes from; for a value a broadcasting op
/// defines, or that op's name, the broadcast; a block's arguments; a symbol's op.
pub fn hover(a: &Analysis, pos: Position) -> Option<Hover> {
    let (chunk, target) = target_at(a, pos)?;
    let (ctx, module) = (&a.ctx, &chunk.module);
    let (text, range) = match target {
        Target::OpName(op) => {
            let span = chunk.index.op_span(op)?;
            (op_hover(ctx, module, op), span.name.clone())
        }
        Target::Name(name) => {
            let text = match &name.kind {
                NameKind::Value { value, count, .. } => {
                    value_hover(a, chunk, name, *value, *count)?
                }
                NameKind::Block { block, .. } => {
                    let b = module.block(*block);
                    let mut s = format!(
                        "block `{}`",
                        a.text()
                            .get(name.range.start as usize..name.range.end as usize)
                            .unwrap_or("^")
                    );
                    let args: Vec<String> = b
                        .args()
                        .iter()
                        .map(|&v| ctx.ty(module.value_type(v)).to_string())
                        .collect();
                    if !args.is_empty() {
                        let _ = write!(s, " with arguments `({})`", args.join(", "));
                    }
                    s
                }
                NameKind::Symbol { path } => {
                    let op = resolve_symbol(ctx, chunk, name.range.start, path)?;
                    op_hover(ctx, module, op)
                }
            };
            (text, name.range.clone())
        }
    };
    Some(Hover {
        contents: HoverContents::Markup(MarkupContent {
            kind: MarkupKind::Markdown,
            value: text,
        }),
        range: Some(a.range32(&range)),
    })
}

fn value_hover(
    a: &Analysis,
    chunk: &Chunk,
    name: &Name,
    value: Value,
    count: u32,
) -> Option<String> {
    let (ctx, module) = (&a.ctx, &chunk.module);
    let spelled = a
        .text()
        .get(name.range.start as usize..name.range.end as usize)
        .unwrap_or("%");
    // A type with a `?` shows the symbolic size of each dim beside it, as the
    // shape analysis knows them: `tensor<?x?xf32> [batch, seq]`.
    let mut shapes = ShapeAnalysis::new();
    let mut typed = |v: Value| {
        let ty = module.value_type(v);
        let dynamic =
            matches!(ctx.type_kind(ty), TypeKind::Tensor { dims, .. } if dims.contains(&DYNAMIC));
        let mut text = ctx.ty(ty).to_string();
        if dynamic {
            shapes.ensure(ctx, module, v);
            if let Some(dims) = shapes.render_dims(module, v) {
                let _ = write!(text, " {dims}");
            }
        }
        text
    };
    let mut s = String::new();
    if count > 1 {
        let _ = writeln!(s, "`{spelled}`: {count} results");
        if let ValueDef::Result { op, index } = module.value(value).def() {
            for k in 0..count {
                let i = index.saturating_add(k) as usize;
                if let Some(v) = module.try_result(op, i) {
                    let _ = writeln!(s, "- `{spelled}#{k}`: `{}`", typed(v));
                }
            }
        }
    } else {
        let _ = writeln!(s, "`{spelled}`: `{}`", typed(value));
    }
    let op = match module.value(value).def() {
        ValueDef::Result { op, index } => {
            let _ = writeln!(
                s,
                "\nresult #{index} of `{}`",
                ctx.str(module.op(op).name())
            );
            Some(op)
        }
        ValueDef::BlockArg { block, index } => {
            let owner = module
                .block_parent_op(block)
                .map(|op| describe_op(ctx, module, op))
                .unwrap_or_default();
            let which = match module.block_index(block) {
                Some(0) => "the entry block".to_string(),
                _ => chunk
                    .index
                    .block_def(block)
                    .and_then(|n| a.text().get(n.range.start as usize..n.range.end as usize))
                    .map_or("a block".to_string(), |l| format!("block `{l}`")),
            };
            let _ = writeln!(s, "\nargument #{index} of {which} of {owner}");
            None
        }
        ValueDef::Placeholder => {
            s.push_str("\nnot defined\n");
            None
        }
    };
    if let Some(b) = op.and_then(|op| broadcast::describe(ctx, module, op)) {
        let _ = write!(s, "\n{b}");
    }
    Some(s)
}

/// `` `func.func @f` `` or `` `nd.add` ``.
fn describe_op(ctx: &Context, module: &Module, op: OpId) -> String {
    let name = ctx.str(module.op(op).name());
    match symbol_name(ctx, module, op) {
        Some(sym) => format!("`{name} @{sym}`"),
        None => format!("`{name}`"),
    }
}

fn op_hover(ctx: &Context, module: &Module, op: OpId) -> String {
    let mut s = describe_op(ctx, module, op);
    if let Some(def) = ctx.op_def(module.op(op).name())
        && !def.summary.is_empty()
    {
        let _ = write!(s, ": {}", def.summary);
    }
    s.push('\n');
    if let Some(t) = ctx
        .lookup_sym("function_type")
        .and_then(|k| module.get_attr(op, k))
    {
        let _ = writeln!(s, "\n`{}`", ctx.attr(t));
    }
    if let Some(b) = broadcast::describe(ctx, module, op) {
        let _ = write!(s, "\n{b}");
    }
    s
}

/// Go to definition: of an SSA value (its result name or block argument), a block
/// (its label) or a symbol (the name its op declares).
pub fn definition(a: &Analysis, uri: &Uri, pos: Position) -> Option<Location> {
    let (chunk, target) = target_at(a, pos)?;
    let Target::Name(name) = target else {
        return None;
    };
    let range = match &name.kind {
        NameKind::Value { value, .. } => chunk.index.value_def(*value)?.range.clone(),
        NameKind::Block { block, .. } => chunk.index.block_def(*block)?.range.clone(),
        NameKind::Symbol { path } => {
            let op = resolve_symbol(&a.ctx, chunk, name.range.start, path)?;
            match chunk.index.symbol_decl(&a.ctx, &chunk.module, op) {
                Some(n) => n.range.clone(),
                None => chunk.index.op_span(op)?.name.clone(),
            }
        }
    };
    Some(Location {
        uri: uri.clone(),
        range: a.range32(&range),
    })
}

/// The op a symbol name written at `offset` names: the op declaring it there, or the
/// symbol its path resolves to from the nearest symbol table.
fn resolve_symbol(ctx: &Context, chunk: &Chunk, offset: u32, path: &[Symbol]) -> Option<OpId> {
    let module = &chunk.module;
    let user = chunk.index.op_at(module, offset)?;
    if chunk
        .index
        .symbol_decl(ctx, module, user)
        .is_some_and(|n| n.range.start == offset)
    {
        return Some(user);
    }
    let tables = SymbolTableCollection::new();
    let mut found = tables.lookup_in(
        ctx,
        module,
        nearest_symbol_table(ctx, module, user)?,
        ctx.str(*path.first()?),
    )?;
    for &part in &path[1..] {
        found = tables.lookup_in(ctx, module, found, ctx.str(part))?;
    }
    Some(found)
}

/// The symbols of a document (functions, modules), nested as written.
pub fn document_symbols(a: &Analysis) -> Vec<DocumentSymbol> {
    let mut out = Vec::new();
    for chunk in &a.chunks {
        let module = &chunk.module;
        // With an explicit top module, it is a symbol (if named); the implicit one
        // is not.
        let roots: Vec<OpId> = match module.top() {
            Some(top) if chunk.index.op_span(top).is_some() => vec![top],
            Some(top) => children(module, top),
            // After a syntax error: the top-level ops parsed so far.
            None => chunk
                .index
                .op_spans()
                .iter()
                .filter(|s| module.parent_op(s.op).is_none())
                .map(|s| s.op)
                .collect(),
        };
        collect_symbols(a, chunk, roots, &mut out);
    }
    out
}

/// The ops directly in `op`'s regions.
fn children(module: &Module, op: OpId) -> Vec<OpId> {
    let mut ops = Vec::new();
    for &r in module.op(op).regions() {
        for &b in module.region(r).blocks() {
            ops.extend(module.block_ops(b));
        }
    }
    ops
}

/// Symbols under `roots`: a symbol op becomes a node whose children are the symbols
/// nested in it; other ops are looked through. Iterative, so nesting costs no stack.
fn collect_symbols(a: &Analysis, chunk: &Chunk, roots: Vec<OpId>, out: &mut Vec<DocumentSymbol>) {
    // Each frame: ops left to visit, and the symbol (with its depth) they belong to.
    struct Frame {
        ops: std::vec::IntoIter<OpId>,
        node: Option<DocumentSymbol>,
        depth: usize,
    }
    let mut stack = vec![Frame {
        ops: roots.into_iter(),
        node: None,
        depth: 0,
    }];
    while let Some(frame) = stack.last_mut() {
        let Some(op) = frame.ops.next() else {
            let Some(done) = stack.pop() else { break };
            if let Some(node) = done.node {
                match stack.iter_mut().rev().find_map(|f| f.node.as_mut()) {
                    Some(parent) => parent.children.get_or_insert_with(Vec::new).push(node),
                    None => out.push(node),
                }
            }
            continue;
        };
        let depth = frame.depth;
        let node = symbol_node(a, chunk, op);
        let nested = children(&chunk.module, op);
        match node {
            Some(node) if depth < MAX_SYMBOL_DEPTH => stack.push(Frame {
                ops: nested.into_iter(),
                node: Some(node),
                depth: depth + 1,
            }),
            Some(node) => match stack.iter_mut().rev().find_map(|f| f.node.as_mut()) {
                Some(parent) => parent.children.get_or_insert_with(Vec::new).push(node),
                None => out.push(node),
            },
            None if !nested.is_empty() => stack.push(Frame {
                ops: nested.into_iter(),
                node: None,
                depth,
            }),
            None => {}
        }
    }
}

fn symbol_node(a: &Analysis, chunk: &Chunk, op: OpId) -> Option<DocumentSymbol> {
    let (ctx, module) = (&a.ctx, &chunk.module);
    let name = symbol_name(ctx, module, op)?;
    let span = chunk.index.op_span(op)?;
    let selection = chunk
        .index
        .symbol_decl(ctx, module, op)
        .map_or(span.name.clone(), |n| n.range.clone());
    let op_name = ctx.str(module.op(op).name());
    let kind = match op_name {
        "func.func" => SymbolKind::FUNCTION,
        "builtin.module" => SymbolKind::MODULE,
        _ => SymbolKind::OBJECT,
    };
    let detail = ctx
        .lookup_sym("function_type")
        .and_then(|k| module.get_attr(op, k))
        .map_or_else(|| op_name.to_string(), |t| ctx.attr(t).to_string());
    #[allow(deprecated)]
    Some(DocumentSymbol {
        name: name.to_string(),
        detail: Some(detail),
        kind,
        tags: None,
        deprecated: None,
        range: a.range32(&span.range),
        selection_range: a.range32(&selection),
        children: None,
    })
}
