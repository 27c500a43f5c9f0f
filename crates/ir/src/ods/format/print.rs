//! Printing an op's custom form with its compiled [`Format`].

use super::{Anchor, Elem, Format, TypeArg};
use crate::attrs::NamedAttr;
use crate::module::OpId;
use crate::ods::group_range;
use crate::print::OpPrinter;
use crate::registry::OpDef;
use crate::{Attribute, Context, Module};
use std::fmt;

/// Whether the custom form can show `op`: every attribute it prints is present and
/// well-formed, and operands and results fit the groups. Returns the attributes the
/// format prints (the attribute dictionary leaves them out).
pub(crate) fn printable(
    ctx: &Context,
    module: &Module,
    op: OpId,
    def: &OpDef,
    format: &Format,
) -> Option<Vec<usize>> {
    if let Some(groups) = def.operands {
        (0..groups.len())
            .all(|g| group_range(groups, module.operands(op).len(), g).is_some())
            .then_some(())?;
    }
    if let Some(groups) = def.results {
        (0..groups.len())
            .all(|g| group_range(groups, module.num_results(op), g).is_some())
            .then_some(())?;
    }
    let mut printed = Vec::new();
    collect_attrs(ctx, module, op, def, &format.elems, &mut printed)?;
    Some(printed)
}

fn attr_value(
    ctx: &Context,
    module: &Module,
    op: OpId,
    def: &OpDef,
    a: usize,
) -> Option<Attribute> {
    let name = ctx.lookup_sym(def.attributes.get(a)?.name)?;
    module.get_attr(op, name)
}

fn anchor_set(ctx: &Context, module: &Module, op: OpId, def: &OpDef, anchor: Anchor) -> bool {
    match anchor {
        Anchor::Operand(g) => def.operands.is_some_and(|groups| {
            group_range(groups, module.operands(op).len(), g).is_some_and(|r| !r.is_empty())
        }),
        Anchor::Attr(a) => attr_value(ctx, module, op, def, a)
            .is_some_and(|v| (def.attributes[a].constraint.is_set)(ctx, v)),
    }
}

fn collect_attrs(
    ctx: &Context,
    module: &Module,
    op: OpId,
    def: &OpDef,
    elems: &[Elem],
    printed: &mut Vec<usize>,
) -> Option<()> {
    for e in elems {
        match e {
            Elem::Attr(a) => {
                let d = &def.attributes[*a];
                let v = attr_value(ctx, module, op, def, *a)?;
                (d.constraint.check)(ctx, v, d.name)
                    .is_none()
                    .then_some(())?;
                printed.push(*a);
            }
            Elem::Optional {
                anchor,
                then,
                otherwise,
            } => {
                // An anchor attribute is the format's either way: when it is not set
                // (a flag that is false) it means the same as absent, and is dropped.
                if let Anchor::Attr(a) = anchor
                    && attr_value(ctx, module, op, def, *a).is_some()
                {
                    printed.push(*a);
                }
                if anchor_set(ctx, module, op, def, *anchor) {
                    collect_attrs(ctx, module, op, def, then, printed)?;
                } else {
                    collect_attrs(ctx, module, op, def, otherwise, printed)?;
                }
            }
            _ => {}
        }
    }
    Some(())
}

/// Prints `op` (which [`printable`] accepted) with `format`.
pub(crate) fn print_with_format(
    p: &mut OpPrinter<'_>,
    op: OpId,
    def: &OpDef,
    format: &Format,
    printed: &[usize],
) -> fmt::Result {
    let mut w = Writer {
        op,
        def,
        printed,
        space: true,
    };
    w.elements(p, &format.elems)
}

struct Writer<'d> {
    op: OpId,
    def: &'d OpDef,
    printed: &'d [usize],
    /// Whether the next element is separated by a space.
    space: bool,
}

impl Writer<'_> {
    fn elements(&mut self, p: &mut OpPrinter<'_>, elems: &[Elem]) -> fmt::Result {
        for e in elems {
            self.element(p, e)?;
        }
        Ok(())
    }

    fn lead(&mut self, p: &mut OpPrinter<'_>) {
        if self.space {
            p.write(" ");
        }
        self.space = true;
    }

    fn element(&mut self, p: &mut OpPrinter<'_>, e: &Elem) -> fmt::Result {
        let (ctx, module) = (p.ctx, p.module);
        let op = self.op;
        match e {
            Elem::Literal(l) => {
                if self.space && !matches!(*l, "," | ")" | "]" | "[" | "(") {
                    p.write(" ");
                }
                p.write(l);
                self.space = !matches!(*l, "(" | "[");
            }
            Elem::Operand(g) => {
                let values = self
                    .def
                    .operands
                    .map(|groups| crate::ods::operand_group(module, op, groups, *g))
                    .unwrap_or_default();
                if !values.is_empty() {
                    self.lead(p);
                    p.print_operands(values)?;
                }
            }
            Elem::Operands => {
                let values = module.operands(op);
                if !values.is_empty() {
                    self.lead(p);
                    p.print_operands(values)?;
                }
            }
            Elem::Attr(a) => {
                let d = &self.def.attributes[*a];
                if let Some(v) = attr_value(ctx, module, op, self.def, *a) {
                    let mark = p.mark();
                    self.lead(p);
                    let before = p.mark();
                    (d.constraint.print)(p, v)?;
                    if p.mark() == before {
                        // Nothing to show (a flag): no separator either.
                        p.truncate(mark);
                    }
                }
            }
            Elem::AttrDict { keyword } => {
                let o = module.op(op);
                // Upstream prints the op's attribute dictionary, properties and
                // discardable attributes together, sorted by name.
                let mut all: Vec<NamedAttr> = o.props().iter().chain(o.attrs()).copied().collect();
                all.sort_by(|a, b| ctx.str(a.name).cmp(ctx.str(b.name)));
                let elided: Vec<&str> = self
                    .printed
                    .iter()
                    .map(|&a| self.def.attributes[a].name)
                    .collect();
                if *keyword {
                    p.print_optional_attr_dict_with_keyword(&all, &elided)?;
                } else {
                    p.print_optional_attr_dict(&all, &elided)?;
                }
            }
            Elem::Type(arg) => {
                self.lead(p);
                match arg {
                    TypeArg::Operands => p.print_types(&module.operand_types(op))?,
                    TypeArg::Results => p.print_types(&module.result_types(op))?,
                    TypeArg::Operand(g) => {
                        let types: Vec<_> = self
                            .def
                            .operands
                            .map(|groups| crate::ods::operand_group(module, op, groups, *g))
                            .unwrap_or_default()
                            .iter()
                            .map(|&v| module.value_type(v))
                            .collect();
                        p.print_types(&types)?;
                    }
                    TypeArg::Result(g) => {
                        let values = self
                            .def
                            .results
                            .map(|groups| crate::ods::result_group(module, op, groups, *g))
                            .unwrap_or_default();
                        let types: Vec<_> = values.iter().map(|&v| module.value_type(v)).collect();
                        p.print_types(&types)?;
                    }
                }
            }
            Elem::FunctionalType => {
                self.lead(p);
                p.write("(");
                p.print_types(&module.operand_types(op))?;
                p.write(") -> ");
                p.print_result_types(&module.result_types(op))?;
            }
            Elem::Custom(d) => {
                self.lead(p);
                (d.print)(p, op)?;
            }
            Elem::Optional {
                anchor,
                then,
                otherwise,
            } => {
                if anchor_set(ctx, module, op, self.def, *anchor) {
                    self.elements(p, then)?;
                } else {
                    self.elements(p, otherwise)?;
                }
            }
        }
        Ok(())
    }
}
