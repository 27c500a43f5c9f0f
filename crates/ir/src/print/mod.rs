//! The printer: mlir-opt's pretty form (custom op syntax where registered) or the
//! generic form, two-space indentation, upstream value numbering.

mod aliases;
pub mod asm;
mod collect;
mod display;
mod names;

use crate::Context;
use crate::Type;
use crate::attrs::NamedAttr;
use crate::module::{BlockId, Module, OpId, RegionId, Value};
use crate::registry::Syntax;
use aliases::AliasCollector;
use asm::{AsmState, AsmWriter, Elision};
pub use names::ValueNames;
use names::{NameState, ValueName};
use rustc_hash::FxHashMap;
use std::cell::RefCell;
use std::fmt::{self, Write as _};
use std::marker::PhantomData;
use std::rc::Rc;

/// Printer settings, as mlir-opt's `--mlir-print-*` flags.
#[derive(Clone, Copy, Debug, Default)]
pub struct PrintOptions {
    /// `--mlir-print-op-generic`.
    pub generic: bool,
    /// `--mlir-print-debuginfo`: trailing `loc(...)` on each op.
    pub debuginfo: bool,
}

/// Prints a module (its top operation) followed by a newline.
pub fn print_module(ctx: &Context, module: &Module, options: PrintOptions, out: &mut String) {
    let Some(top) = module.top() else { return };
    print_op_tree(ctx, module, top, options, out);
}

/// How much text [`write_module`] holds before handing it to its writer.
const WRITE_CHUNK: usize = 1 << 18;

/// Prints a module as [`print_module`] does, handing the text to `sink` in pieces
/// as it is printed, so memory does not grow with the output (a large module's
/// text is as large as its input). Stops at the first error of `sink`.
///
/// # Errors
/// The first error `sink` returned; what was printed before it was written.
pub fn write_module(
    ctx: &Context,
    module: &Module,
    options: PrintOptions,
    sink: &mut dyn std::io::Write,
) -> std::io::Result<()> {
    let Some(top) = module.top() else {
        return Ok(());
    };
    let mut out = String::with_capacity(WRITE_CHUNK + WRITE_CHUNK / 4);
    let mut flush = Flush {
        sink,
        written: 0,
        error: None,
    };
    print_op_tree_with(ctx, module, top, options, &mut out, Some(&mut flush));
    if let Some(e) = flush.error {
        return Err(e);
    }
    flush.sink.write_all(out.as_bytes())
}

/// Where [`write_module`] hands the printed text, and what happened there.
struct Flush<'s> {
    sink: &'s mut dyn std::io::Write,
    /// Bytes handed over so far.
    written: usize,
    error: Option<std::io::Error>,
}

/// [`Flush`] as the printer holds it (a trait object, so that [`OpPrinter`]
/// keeps its one lifetime).
trait HandOn {
    /// Writes `text` on; false (and the error kept) if the writer failed.
    fn hand_on(&mut self, text: &str) -> bool;
    /// Bytes handed on so far.
    fn written(&self) -> usize;
    /// True once the writer failed.
    fn failed(&self) -> bool;
}

impl HandOn for Flush<'_> {
    fn hand_on(&mut self, text: &str) -> bool {
        match self.sink.write_all(text.as_bytes()) {
            Ok(()) => {
                self.written += text.len();
                true
            }
            Err(e) => {
                self.error = Some(e);
                false
            }
        }
    }

    fn written(&self) -> usize {
        self.written
    }

    fn failed(&self) -> bool {
        self.error.is_some()
    }
}

/// Prints one operation (and everything nested in it) followed by a newline, with
/// the alias definitions it uses before it and the resources it references after
/// it, as upstream prints a top-level operation.
pub fn print_op_tree(
    ctx: &Context,
    module: &Module,
    op: OpId,
    options: PrintOptions,
    out: &mut String,
) {
    print_op_tree_with(ctx, module, op, options, out, None);
}

/// [`print_op_tree`], handing the text to `flush` at op boundaries when it
/// passes [`WRITE_CHUNK`] bytes.
fn print_op_tree_with(
    ctx: &Context,
    module: &Module,
    op: OpId,
    options: PrintOptions,
    out: &mut String,
    flush: Option<&mut Flush<'_>>,
) {
    let names = NameState::new(ctx, module, op, options.generic);
    if flush.is_none() {
        out.reserve(module.num_ops() * 128);
    }
    let mut asm = if ctx.may_alias() {
        AsmState::with_aliases(collect::collect_aliases(ctx, module, op, options, &names))
    } else {
        AsmState::default()
    };
    // Writing into a String cannot fail.
    let _ = collect::write_alias_definitions(ctx, &mut asm, out);
    let mut p = OpPrinter::new(ctx, module, out, &names, options, &mut asm);
    if let Some(f) = flush {
        p.flush = Some(f);
    }
    // A failing `flush` stops the printing; its error is kept there.
    let _ = p.print_op(op);
    if p.flush.as_ref().is_some_and(|f| f.failed()) {
        return;
    }
    let keys = std::mem::take(&mut asm.resources);
    let _ = crate::resources::write_resource_section(ctx, &keys, out);
}

/// Prints one operation in generic form on one line, with values named locally,
/// as upstream's `see current operation:` notes show it.
pub fn op_to_generic_string(ctx: &Context, module: &Module, op: OpId) -> String {
    // Name values from the closest isolated ancestor so %argN/%N match what the user sees.
    let mut root = op;
    while let Some(parent) = module.parent_op(root) {
        root = parent;
        if ctx
            .op_def(module.op(parent).name())
            .is_some_and(|d| d.has_trait(crate::registry::OpTrait::IsolatedFromAbove))
        {
            break;
        }
    }
    let names = note_names(ctx, module, root);
    let mut out = String::new();
    let options = PrintOptions {
        generic: true,
        debuginfo: false,
    };
    let mut asm = AsmState::default();
    let mut p = OpPrinter::new(ctx, module, &mut out, &names, options, &mut asm);
    // One line does not repay a table of every type of the context.
    p.type_cache = None;
    let _ = p.print_op_line(op);
    out
}

/// The names under `root` for [`op_to_generic_string`]: from the thread's cache
/// while a [`GenericNamesCache`] of `module` is alive, else made afresh (at the
/// cost of the subtree).
fn note_names(ctx: &Context, module: &Module, root: OpId) -> Rc<NameState> {
    let key = std::ptr::from_ref(module) as usize;
    NOTE_NAMES.with(|cell| {
        let mut cache = cell.borrow_mut();
        match cache.as_mut() {
            Some(c) if c.module == key => c
                .roots
                .entry(root)
                .or_insert_with(|| Rc::new(NameState::for_subtree(ctx, module, root, true)))
                .clone(),
            _ => Rc::new(NameState::for_subtree(ctx, module, root, true)),
        }
    })
}

struct NoteNames {
    /// The address of the module the names are of (identity only).
    module: usize,
    roots: FxHashMap<OpId, Rc<NameState>>,
}

thread_local! {
    static NOTE_NAMES: RefCell<Option<NoteNames>> = const { RefCell::new(None) };
}

/// While alive, [`op_to_generic_string`] on this thread names the ops under each
/// isolated root of the module once, instead of once per call: reporting N
/// failing ops of one function costs O(N), not O(N²). It borrows the module, so
/// the module cannot change while the names are kept.
pub struct GenericNamesCache<'m> {
    previous: Option<NoteNames>,
    _module: PhantomData<&'m Module>,
}

/// Starts a [`GenericNamesCache`] for `module` on this thread.
pub fn cache_generic_names(module: &Module) -> GenericNamesCache<'_> {
    let fresh = NoteNames {
        module: std::ptr::from_ref(module) as usize,
        roots: FxHashMap::default(),
    };
    let previous = NOTE_NAMES.with(|cell| cell.borrow_mut().replace(fresh));
    GenericNamesCache {
        previous,
        _module: PhantomData,
    }
}

impl Drop for GenericNamesCache<'_> {
    fn drop(&mut self) {
        let previous = self.previous.take();
        NOTE_NAMES.with(|cell| *cell.borrow_mut() = previous);
    }
}

/// How an op's custom form is printed.
enum Custom {
    Fn(crate::registry::PrintFn),
    Format(std::sync::Arc<crate::ods::format::Format>, Vec<usize>),
}

/// Prints operations; custom printers (see [`crate::registry::PrintFn`]) use its methods.
pub struct OpPrinter<'a> {
    /// The context.
    pub ctx: &'a Context,
    /// The module being printed.
    pub module: &'a Module,
    out: &'a mut String,
    names: &'a NameState,
    indent: usize,
    options: PrintOptions,
    default_dialect: Vec<&'static str>,
    /// Printed types by type id: programs repeat few types many times. `None`
    /// prints each type afresh.
    type_cache: Option<Vec<Option<Box<str>>>>,
    asm: &'a mut AsmState,
    /// Set while visiting for aliases instead of printing (see `collect`).
    collector: Option<AliasCollector<'a>>,
    /// Where the text goes as it is printed ([`write_module`]); `None` keeps it
    /// all in `out`.
    flush: Option<&'a mut dyn HandOn>,
}

impl fmt::Write for OpPrinter<'_> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        self.out.push_str(s);
        Ok(())
    }
}

impl<'a> OpPrinter<'a> {
    fn new(
        ctx: &'a Context,
        module: &'a Module,
        out: &'a mut String,
        names: &'a NameState,
        options: PrintOptions,
        asm: &'a mut AsmState,
    ) -> Self {
        OpPrinter {
            ctx,
            module,
            out,
            names,
            indent: 0,
            options,
            default_dialect: vec!["builtin"],
            type_cache: Some(Vec::new()),
            asm,
            collector: None,
            flush: None,
        }
    }

    /// A writer for types and attributes that uses this printing's aliases.
    fn writer(&mut self) -> AsmWriter<'_> {
        AsmWriter::with_state(self.ctx, self.out, self.asm)
    }

    fn print_op(&mut self, op: OpId) -> fmt::Result {
        if self.collector.is_some() {
            // Nothing printed while visiting is kept.
            self.out.clear();
            return self.print_op_line(op);
        }
        self.push_indent(self.indent);
        self.print_op_line(op)?;
        self.out.push('\n');
        if self.out.len() >= WRITE_CHUNK
            && let Some(flush) = self.flush.as_deref_mut()
        {
            // Between ops: no mark ([`OpPrinter::mark`]) spans an op.
            if !flush.hand_on(self.out) {
                return Err(fmt::Error);
            }
            self.out.clear();
        }
        Ok(())
    }

    /// Prints an op without indentation or newline.
    fn print_op_line(&mut self, op: OpId) -> fmt::Result {
        let n = self.module.num_results(op);
        if n > 0 {
            let first = self.module.result(op, 0);
            match self.names.value(first) {
                ValueName::Num { id, .. } => {
                    self.out.push('%');
                    self.out.push_str(itoa::Buffer::new().format(id));
                }
                ValueName::Named(i) => {
                    self.out.push('%');
                    self.out.push_str(self.names.named(i));
                }
                _ => self.out.push_str("%<<UNKNOWN>>"),
            }
            if n > 1 {
                write!(self.out, ":{n}")?;
            }
            self.out.push_str(" = ");
        }
        let o = self.module.op(op);
        match self.custom_printer(op) {
            Some((def, custom)) => {
                let full = def.name;
                let short = match full.split_once('.') {
                    Some((d, rest)) if self.default_dialect.last() == Some(&d) => rest,
                    _ => full,
                };
                self.out.push_str(short);
                // An op of a dialect that names no default dialect (upstream's
                // `getDefaultDialect`) leaves the ops of its regions qualified.
                let default = if self.ctx.qualifies_nested_ops(def.dialect()) {
                    ""
                } else {
                    def.dialect()
                };
                self.default_dialect.push(default);
                let r = match custom {
                    Custom::Fn(print) => print(self, op),
                    Custom::Format(format, printed) => {
                        crate::ods::format::print_with_format(self, op, def, &format, &printed)
                    }
                };
                self.default_dialect.pop();
                r?;
            }
            None => self.print_generic(op)?,
        }
        if self.options.debuginfo {
            self.out.push(' ');
            self.ctx.write_loc(o.location(), self.out)?;
        }
        Ok(())
    }

    /// How `op` prints in custom form, if it does: generic printing was not asked
    /// for, the op has a custom form, and (for a format) the op fits it.
    fn custom_printer(&self, op: OpId) -> Option<(&'static crate::OpDef, Custom)> {
        if self.options.generic {
            return None;
        }
        let name = self.module.op(op).name();
        let kind = self.ctx.op_kind(name)?;
        let def = self.ctx.op_def_of_kind(kind);
        match def.syntax {
            Syntax::Generic => None,
            Syntax::Custom(_, print) => Some((def, Custom::Fn(print))),
            Syntax::Format(..) => {
                let format = self.ctx.format_of_kind(kind)?.as_ref().ok()?.clone();
                let printed =
                    crate::ods::format::printable(self.ctx, self.module, op, def, &format)?;
                Some((def, Custom::Format(format, printed)))
            }
        }
    }

    fn print_generic(&mut self, op: OpId) -> fmt::Result {
        if self.collector.is_some() {
            return self.visit_generic(op);
        }
        let o = self.module.op(op);
        let name = self.ctx.str(o.name());
        if crate::attrs::is_plain_string(name.as_bytes()) {
            // The common case, without the escaping writer's per-run writes.
            self.out.push('"');
            self.out.push_str(name);
            self.out.push('"');
        } else {
            crate::attrs::write_escaped_string(name, self.out)?;
        }
        self.out.push('(');
        self.print_operands(self.module.operands(op))?;
        self.out.push(')');
        if !o.successors().is_empty() {
            self.out.push('[');
            for (i, &b) in o.successors().iter().enumerate() {
                if i > 0 {
                    self.out.push_str(", ");
                }
                self.print_block_name(b)?;
            }
            self.out.push(']');
        }
        if !o.props().is_empty() || o.props_written() {
            self.out.push_str(" <{");
            self.writer().write_named_attrs(o.props())?;
            self.out.push_str("}>");
        }
        if !o.regions().is_empty() {
            self.out.push_str(" (");
            for (i, &r) in o.regions().iter().enumerate() {
                if i > 0 {
                    self.out.push_str(", ");
                }
                self.print_region_full(r, true, true)?;
            }
            self.out.push(')');
        }
        self.print_optional_attr_dict(o.attrs(), &[])?;
        self.out.push_str(" : (");
        // Types straight from the values, without collecting them per op.
        let module = self.module;
        for (i, &v) in module.operands(op).iter().enumerate() {
            if i > 0 {
                self.out.push_str(", ");
            }
            self.print_type(module.value_type(v))?;
        }
        self.out.push_str(") -> ");
        if module.num_results(op) == 1 {
            let t = module.value_type(module.result(op, 0));
            if !matches!(self.ctx.type_kind(t), crate::TypeKind::Function { .. }) {
                return self.print_type(t);
            }
        }
        self.print_result_types(&module.result_types(op))
    }

    /// Prints `%name` of a value.
    pub fn print_operand(&mut self, v: Value) -> fmt::Result {
        let mut buf = itoa::Buffer::new();
        match self.names.value(v) {
            ValueName::Arg(n) => {
                self.out.push_str("%arg");
                self.out.push_str(buf.format(n));
            }
            ValueName::Num { id, sub } => {
                self.out.push('%');
                self.out.push_str(buf.format(id));
                if let Some(s) = sub {
                    self.out.push('#');
                    self.out.push_str(buf.format(s));
                }
            }
            ValueName::Named(i) => {
                self.out.push('%');
                self.out.push_str(self.names.named(i));
            }
            ValueName::Unnamed => self.out.push_str("<<UNKNOWN SSA VALUE>>"),
        }
        Ok(())
    }

    /// Prints `%a, %b`.
    pub fn print_operands(&mut self, values: &[Value]) -> fmt::Result {
        for (i, &v) in values.iter().enumerate() {
            if i > 0 {
                self.out.push_str(", ");
            }
            self.print_operand(v)?;
        }
        Ok(())
    }

    /// Prints a type.
    pub fn print_type(&mut self, t: Type) -> fmt::Result {
        if let Some(c) = &mut self.collector {
            c.visit_type(t);
            return Ok(());
        }
        let Some(cache) = self.type_cache.as_mut() else {
            return AsmWriter::with_state(self.ctx, self.out, self.asm).write_type(t);
        };
        let i = t.index();
        if i >= cache.len() {
            cache.resize(i + 1, None);
        }
        if cache[i].is_none() {
            let mut s = String::new();
            AsmWriter::with_state(self.ctx, &mut s, self.asm).write_type(t)?;
            cache[i] = Some(s.into());
        }
        if let Some(s) = &cache[i] {
            self.out.push_str(s);
        }
        Ok(())
    }

    /// Prints `t1, t2`.
    pub fn print_types(&mut self, types: &[Type]) -> fmt::Result {
        for (i, &t) in types.iter().enumerate() {
            if i > 0 {
                self.out.push_str(", ");
            }
            self.print_type(t)?;
        }
        Ok(())
    }

    /// Prints a result type list as function types do: one bare type or `(t1, t2)`.
    pub fn print_result_types(&mut self, types: &[Type]) -> fmt::Result {
        let bare = types.len() == 1
            && !matches!(
                self.ctx.type_kind(types[0]),
                crate::TypeKind::Function { .. }
            );
        if !bare {
            self.out.push('(');
        }
        self.print_types(types)?;
        if !bare {
            self.out.push(')');
        }
        Ok(())
    }

    /// Prints an attribute.
    pub fn print_attr(&mut self, a: crate::Attribute) -> fmt::Result {
        if let Some(c) = &mut self.collector {
            c.visit_attr(a, false);
            return Ok(());
        }
        self.writer().write_attr(a)
    }

    /// Prints an attribute without its type (upstream's `printAttributeWithoutType`).
    pub fn print_attr_without_type(&mut self, a: crate::Attribute) -> fmt::Result {
        if let Some(c) = &mut self.collector {
            c.visit_attr(a, true);
            return Ok(());
        }
        self.writer().write_attr_elided(a, Elision::Must)
    }

    /// Prints ` {a = 1, b}` unless every attribute is elided.
    pub fn print_optional_attr_dict(
        &mut self,
        attrs: &[NamedAttr],
        elided: &[&str],
    ) -> fmt::Result {
        if attrs.is_empty() {
            return Ok(());
        }
        let kept: Vec<NamedAttr> = attrs
            .iter()
            .filter(|a| !elided.contains(&self.ctx.str(a.name)))
            .copied()
            .collect();
        if kept.is_empty() {
            return Ok(());
        }
        if let Some(c) = &mut self.collector {
            for a in &kept {
                c.visit_attr(a.value, false);
            }
            return Ok(());
        }
        self.out.push_str(" {");
        self.writer().write_named_attrs(&kept)?;
        self.out.push('}');
        Ok(())
    }

    /// Prints ` attributes {a = 1}` unless every attribute is elided.
    pub fn print_optional_attr_dict_with_keyword(
        &mut self,
        attrs: &[NamedAttr],
        elided: &[&str],
    ) -> fmt::Result {
        if attrs
            .iter()
            .any(|a| !elided.contains(&self.ctx.str(a.name)))
        {
            self.out.push_str(" attributes");
        }
        self.print_optional_attr_dict(attrs, elided)
    }

    /// Prints ` loc(...)` of a block argument under `--mlir-print-debuginfo`, as
    /// upstream prints argument locations in signatures and block labels.
    pub fn print_arg_location(&mut self, v: Value) -> fmt::Result {
        if !self.options.debuginfo || self.collector.is_some() {
            return Ok(());
        }
        if let Some(loc) = self.module.arg_location(v) {
            self.out.push(' ');
            self.ctx.write_loc(loc, self.out)?;
        }
        Ok(())
    }

    /// The indentation of the op being printed, for custom forms that break lines
    /// (`stablehlo.reduce`'s `reducer`).
    pub fn indent(&self) -> usize {
        self.indent
    }

    /// Prints raw text.
    pub fn write(&mut self, s: &str) {
        self.out.push_str(s);
    }

    /// Writes `n` spaces: whole runs of them, not one push each.
    fn push_indent(&mut self, mut n: usize) {
        const SPACES: &str = "                                                                ";
        while n > 0 {
            let k = n.min(SPACES.len());
            self.out.push_str(&SPACES[..k]);
            n -= k;
        }
    }

    /// How much has been printed (for [`OpPrinter::truncate`]).
    pub(crate) fn mark(&self) -> usize {
        self.written() + self.out.len()
    }

    /// Drops what was printed after `mark`. Text is handed on only between ops,
    /// and marks are taken within one op's line, so what follows `mark` is
    /// still held.
    pub(crate) fn truncate(&mut self, mark: usize) {
        let written = self.written();
        debug_assert!(mark >= written, "a mark spans text already written");
        self.out.truncate(mark.saturating_sub(written));
    }

    fn written(&self) -> usize {
        self.flush.as_ref().map_or(0, |f| f.written())
    }

    fn print_block_name(&mut self, b: BlockId) -> fmt::Result {
        match self.names.block(b) {
            Some(n) => write!(self.out, "^bb{n}"),
            None => self.out.write_str("^INVALIDBLOCK"),
        }
    }

    /// Prints `{ ... }`; the entry block's label is printed when `print_entry_args`
    /// is set and it has arguments (custom forms that print them in their signature pass false).
    pub fn print_region(&mut self, region: RegionId, print_entry_args: bool) -> fmt::Result {
        self.print_region_full(region, print_entry_args, false)
    }

    /// Prints `{ ... }` as upstream's `printRegion`: the entry block's label is
    /// printed when it has arguments and `print_entry_args` is set, or when it is
    /// empty and `print_empty_block` is set (the generic form sets both, so that an
    /// empty block is kept).
    pub fn print_region_full(
        &mut self,
        region: RegionId,
        print_entry_args: bool,
        print_empty_block: bool,
    ) -> fmt::Result {
        let blocks = self.module.region(region).blocks();
        if self.collector.is_some() {
            for (i, &b) in blocks.iter().enumerate() {
                if i > 0 || print_entry_args {
                    for &a in self.module.block(b).args() {
                        self.print_type(self.module.value_type(a))?;
                    }
                }
                for op in self.module.block_ops(b) {
                    self.print_op(op)?;
                }
            }
            return Ok(());
        }
        self.out.push_str("{\n");
        let preds = self.predecessors(blocks);
        self.indent += 2;
        for (i, &b) in blocks.iter().enumerate() {
            let block = self.module.block(b);
            let label = i > 0
                || (print_entry_args && !block.args().is_empty())
                || (print_empty_block && self.module.block_ops(b).next().is_none());
            if label {
                self.push_indent(self.indent - 2);
                self.print_block_name(b)?;
                if !block.args().is_empty() {
                    self.out.push('(');
                    for (j, &a) in block.args().iter().enumerate() {
                        if j > 0 {
                            self.out.push_str(", ");
                        }
                        self.print_operand(a)?;
                        self.out.push_str(": ");
                        self.print_type(self.module.value_type(a))?;
                        self.print_arg_location(a)?;
                    }
                    self.out.push(')');
                }
                self.out.push(':');
                if i > 0 || !preds[i].is_empty() {
                    self.print_pred_comment(&preds[i])?;
                }
                self.out.push('\n');
            }
            for op in self.module.block_ops(b) {
                self.print_op(op)?;
            }
        }
        self.indent -= 2;
        self.push_indent(self.indent);
        self.out.push('}');
        Ok(())
    }

    /// The predecessor edges of each block of a region, one per successor slot, as
    /// upstream's use-lists hold them.
    fn predecessors(&self, blocks: &[BlockId]) -> Vec<Vec<BlockId>> {
        let mut preds = vec![Vec::new(); blocks.len()];
        if blocks.len() < 2 {
            return preds;
        }
        let index: rustc_hash::FxHashMap<BlockId, usize> =
            blocks.iter().enumerate().map(|(i, &b)| (b, i)).collect();
        for &b in blocks {
            for op in self.module.block_ops(b) {
                // One entry per edge, as upstream lists a block's predecessors.
                for s in self.module.op(op).successors() {
                    if let Some(&i) = index.get(s) {
                        preds[i].push(b);
                    }
                }
            }
        }
        for p in &mut preds {
            p.sort_by_key(|b| self.names.block(*b));
        }
        preds
    }

    fn print_pred_comment(&mut self, preds: &[BlockId]) -> fmt::Result {
        // Upstream's getSinglePredecessor counts edges: two edges from one block
        // print as "2 preds: ^bb1, ^bb1".
        match preds.len() {
            0 => self.out.push_str("  // no predecessors"),
            1 => self.out.push_str("  // pred: "),
            n => write!(self.out, "  // {n} preds: ")?,
        }
        for (i, &b) in preds.iter().enumerate() {
            if i > 0 {
                self.out.push_str(", ");
            }
            self.print_block_name(b)?;
        }
        Ok(())
    }
}
