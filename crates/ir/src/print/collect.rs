//! Finding the aliases a printing uses, as upstream's `DummyAliasOperationPrinter`:
//! the printer runs once without output, visiting every type and attribute in the
//! order printing would print it (custom forms call the printer's hooks as they
//! print; the generic form visits regions, then operand and result types, then
//! attributes), and the alias definitions are written before the operation.

use super::aliases::{AliasCollector, Aliases};
use super::asm::{AsmState, AsmWriter, Elision};
use super::names::NameState;
use super::{OpPrinter, PrintOptions};
use crate::Context;
use crate::attrs::AttrOrType;
use crate::module::{Module, OpId};
use std::fmt::{self, Write};

/// The aliases printing `op` uses.
pub(super) fn collect_aliases(
    ctx: &Context,
    module: &Module,
    op: OpId,
    options: PrintOptions,
    names: &NameState,
) -> Aliases {
    let mut scratch = String::new();
    let mut asm = AsmState::default();
    let mut p = OpPrinter::new(ctx, module, &mut scratch, names, options, &mut asm);
    p.collector = Some(AliasCollector::new(ctx));
    let _ = p.print_op(op);
    match p.collector.take() {
        Some(c) => c.finish_aliases(),
        None => Aliases::default(),
    }
}

/// Writes `#name = value` for each alias, in order (upstream's
/// `printNonDeferredAliases`); a type alias may be used once it is written.
pub(super) fn write_alias_definitions(
    ctx: &Context,
    asm: &mut AsmState,
    out: &mut String,
) -> fmt::Result {
    if asm.aliases.is_empty() {
        return Ok(());
    }
    let count = asm.aliases.order.len();
    for i in 0..count {
        let (key, name) = {
            let (k, e) = &asm.aliases.order[i];
            (*k, e.name.clone())
        };
        match key {
            AttrOrType::Attr(a) => {
                out.push('#');
                out.push_str(&name);
                out.push_str(" = ");
                AsmWriter::with_state(ctx, out, asm).write_attr_impl(a, Elision::Never)?;
            }
            AttrOrType::Type(t) => {
                out.push('!');
                out.push_str(&name);
                out.push_str(" = ");
                AsmWriter::with_state(ctx, out, asm).write_type_impl(t)?;
                asm.aliases.order[i].1.printed.set(true);
            }
        }
        out.write_char('\n')?;
    }
    Ok(())
}

impl OpPrinter<'_> {
    /// Visits an op printed in the generic form, in upstream's order.
    pub(super) fn visit_generic(&mut self, op: OpId) -> fmt::Result {
        let o = self.module.op(op);
        for &r in o.regions() {
            self.print_region_full(r, true, true)?;
        }
        for t in self.module.operand_types(op) {
            self.print_type(t)?;
        }
        for t in self.module.result_types(op) {
            self.print_type(t)?;
        }
        // Upstream visits the attribute dictionary, which for a registered op holds
        // its inherent attributes too (sorted by name); an unregistered op's
        // properties are printed without being visited. An op of a dialect upstream
        // registers is taken to be registered there.
        let o = self.module.op(op);
        let mut attrs: Vec<_> = o.attrs().to_vec();
        let name = self.ctx.str(o.name());
        let dialect = name.split_once('.').map_or(name, |(d, _)| d);
        if self.ctx.op_def(o.name()).is_some()
            || crate::dialects::upstream::is_upstream_dialect(dialect)
        {
            attrs.extend_from_slice(o.props());
            let ctx = self.ctx;
            attrs.sort_by(|a, b| ctx.str(a.name).cmp(ctx.str(b.name)));
        }
        if let Some(c) = &mut self.collector {
            for a in attrs {
                c.visit_attr(a.value, false);
            }
        }
        Ok(())
    }
}
