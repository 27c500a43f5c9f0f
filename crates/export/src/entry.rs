//! The `nd.dim_names` contract at function entry: dims of one name have one size.
//! The export keeps the attribute on the function's arguments (`func` ops stay as
//! they are) and asserts the contract first thing in the body, one `cf.assert` per
//! pair of dims the name ties, whose message names both:
//!
//! ```mlir
//! %c0 = arith.constant 0 : index
//! %0 = tensor.dim %arg0, %c0 : tensor<?xf32>
//! %c0_0 = arith.constant 0 : index
//! %1 = tensor.dim %arg1, %c0_0 : tensor<?xf32>
//! %2 = arith.cmpi eq, %0, %1 : index
//! cf.assert %2, "argument #1 dim 0 and argument #0 dim 0 are named \"n\": they must have the same size"
//! ```
//!
//! A static dim is its constant. Two static dims of one name are equal (the
//! verifier rejects others), so they get no assert. The import
//! ([`crate::import`]) recognises exactly these asserts from the attribute, and
//! erases them: the attribute alone says it again.

use broadcastable_ir::shapes::entry_args;
use tensor_dialect_nd::dim_names::{NamedDim, named_dims, tied};
use tensor_ir::builder::{Builder, InsertionPoint};
use tensor_ir::module::{BlockId, Module, OpId, OperationState};
use tensor_ir::verify::op_error;
use tensor_ir::{
    AttrKind, Attribute, Context, Diagnostic, Location, NamedAttr, Type, Value, ValueDef,
};

/// The message of the assert that dims `other` and `first` (the first of its name)
/// have one size.
#[must_use]
pub fn message(first: &NamedDim, other: &NamedDim) -> String {
    format!(
        "argument #{} dim {} and argument #{} dim {} are named \"{}\": they must have the same size",
        other.arg, other.dim, first.arg, first.dim, other.name
    )
}

/// The pairs of `func`'s named dims that need a check at entry: at least one is
/// dynamic.
#[must_use]
pub fn checked_pairs(ctx: &Context, module: &Module, func: OpId) -> Vec<(NamedDim, NamedDim)> {
    let named = named_dims(ctx, module, func);
    tied(&named)
        .into_iter()
        .filter(|(f, o)| f.size.is_none() || o.size.is_none())
        .map(|(f, o)| (f.clone(), o.clone()))
        .collect()
}

/// Whether a function under `top` has a contract to assert.
#[must_use]
pub fn has_contracts(ctx: &Context, module: &Module, top: OpId) -> bool {
    !contracts(ctx, module, top).is_empty()
}

/// A function with pairs of named dims to check on entry.
struct Contract {
    func: OpId,
    pairs: Vec<(NamedDim, NamedDim)>,
    /// The entry block's arguments.
    args: Vec<Value>,
    block: BlockId,
}

/// Every `func.func` under `top` with a contract to check.
fn contracts(ctx: &Context, module: &Module, top: OpId) -> Vec<Contract> {
    let mut out = Vec::new();
    module.walk(top, |func| {
        if ctx.str(module.op(func).name()) != "func.func" {
            return;
        }
        let pairs = checked_pairs(ctx, module, func);
        if pairs.is_empty() {
            return;
        }
        let Some(args) = entry_args(module, func).map(<[Value]>::to_vec) else {
            return;
        };
        if let Some(ValueDef::BlockArg { block, .. }) = args.first().map(|&a| module.value(a).def())
        {
            out.push(Contract {
                func,
                pairs,
                args,
                block,
            });
        }
    });
    out
}

/// Asserts the contract at the start of the body of every `func.func` under `top`
/// that names dims.
///
/// # Errors
/// An edit the module refuses, at the function.
pub fn assert_contracts(b: &mut Builder<'_>, top: OpId) -> Result<(), Diagnostic> {
    for Contract {
        func,
        pairs,
        args,
        block,
    } in contracts(b.ctx, b.module, top)
    {
        let mut at = Entry {
            b,
            func,
            block,
            after: None,
            loc: Location::Unknown,
        };
        for (first, other) in &pairs {
            at.loc = args
                .get(other.arg)
                .and_then(|&v| at.b.module.arg_location(v))
                .unwrap_or_else(|| at.b.module.op(func).location());
            let x = at.size(&args, other)?;
            let y = at.size(&args, first)?;
            let i64t = at.b.ctx.i(64);
            let eq = at.b.ctx.int_attr(0, i64t);
            let i1 = at.b.ctx.i(1);
            let cond = at.op("arith.cmpi", &[x, y], Some(i1), Some(("predicate", eq)))?;
            let msg = at.b.ctx.string_attr(&message(first, other));
            at.create("cf.assert", &[cond], None, Some(("msg", msg)))?;
        }
    }
    Ok(())
}

/// Builds at the start of a function's body, each op after the last built.
struct Entry<'b, 'a> {
    b: &'b mut Builder<'a>,
    func: OpId,
    block: BlockId,
    after: Option<OpId>,
    loc: Location,
}

impl Entry<'_, '_> {
    fn create(
        &mut self,
        name: &str,
        operands: &[Value],
        result: Option<Type>,
        prop: Option<(&str, Attribute)>,
    ) -> Result<OpId, Diagnostic> {
        self.b.set_insertion_point(match self.after {
            Some(prev) => InsertionPoint::After(prev),
            None => InsertionPoint::Start(self.block),
        });
        let mut state = OperationState::new(self.b.ctx.sym(name), self.loc);
        state.operands.extend_from_slice(operands);
        state.result_types.extend(result);
        if let Some((name, value)) = prop {
            state.props.push(NamedAttr {
                name: self.b.ctx.sym(name),
                value,
            });
        }
        let op = self.b.create(state).map_err(|e| {
            op_error(
                self.b.ctx,
                self.b.module,
                self.func,
                format!("cannot assert its dim names: {e}"),
            )
        })?;
        self.after = Some(op);
        Ok(op)
    }

    /// [`Entry::create`] of an op with one result: the result.
    fn op(
        &mut self,
        name: &str,
        operands: &[Value],
        result: Option<Type>,
        prop: Option<(&str, Attribute)>,
    ) -> Result<Value, Diagnostic> {
        let op = self.create(name, operands, result, prop)?;
        Ok(self.b.module.result(op, 0))
    }

    /// The size of `d`: its constant if static, else `tensor.dim`.
    fn size(&mut self, args: &[Value], d: &NamedDim) -> Result<Value, Diagnostic> {
        let index = self.b.ctx.index_type();
        let n = match d.size {
            Some(n) => n,
            None => i64::try_from(d.dim).unwrap_or(i64::MAX),
        };
        let c = self.b.ctx.int_attr(i128::from(n), index);
        let c = self.op("arith.constant", &[], Some(index), Some(("value", c)))?;
        match (d.size, args.get(d.arg)) {
            (None, Some(&arg)) => self.op("tensor.dim", &[arg, c], Some(index), None),
            _ => Ok(c),
        }
    }
}

/// The import's side: erases, in every `func.func` under `top`, the entry asserts
/// [`assert_contracts`] makes for its `nd.dim_names` (exactly those: the message
/// and the sizes compared must be the ones the attribute gives). The attribute
/// says it again in `nd`; any other assert is left to the rest of the import.
pub fn take_contracts(b: &mut Builder<'_>, top: OpId) {
    for Contract {
        pairs, args, block, ..
    } in contracts(b.ctx, b.module, top)
    {
        let asserts: Vec<OpId> = b
            .module
            .block_ops(block)
            .filter(|&op| b.ctx.str(b.module.op(op).name()) == "cf.assert")
            .collect();
        for (first, other) in &pairs {
            let text = message(first, other);
            let found = asserts.iter().copied().find(|&op| {
                !b.module.op(op).is_erased()
                    && is_contract(b.ctx, b.module, op, &args, first, other, &text)
            });
            if let Some(op) = found {
                // An assert has no results: erasing cannot be refused.
                let _ = b.erase_op(op);
            }
        }
    }
}

/// Whether `op` is the assert [`assert_contracts`] makes for `first` and `other`.
fn is_contract(
    ctx: &Context,
    module: &Module,
    op: OpId,
    args: &[Value],
    first: &NamedDim,
    other: &NamedDim,
    text: &str,
) -> bool {
    let prop = |op: OpId, name: &str| module.get_attr_named(ctx, op, name);
    let def = |v: Value| match module.value(v).def() {
        ValueDef::Result { op, .. } => Some(op),
        _ => None,
    };
    let name = |op: OpId| ctx.str(module.op(op).name());
    let int = |a: Attribute| match ctx.attr_kind(a) {
        AttrKind::Integer { value, .. } => Some(*value),
        _ => None,
    };
    let constant = |v: Value| {
        def(v)
            .filter(|&c| name(c) == "arith.constant")
            .and_then(|c| prop(c, "value"))
            .and_then(int)
    };
    let size_is = |v: Value, d: &NamedDim| match d.size {
        Some(n) => constant(v) == Some(i128::from(n)),
        None => def(v).is_some_and(|t| {
            name(t) == "tensor.dim"
                && module.operands(t).first() == args.get(d.arg)
                && module
                    .operands(t)
                    .get(1)
                    .is_some_and(|&i| constant(i) == i128::try_from(d.dim).ok())
        }),
    };
    let msg = prop(op, "msg").and_then(|m| ctx.as_str_attr(m));
    let Some(cmp) = module.operands(op).first().and_then(|&c| def(c)) else {
        return false;
    };
    msg == Some(text)
        && name(cmp) == "arith.cmpi"
        && prop(cmp, "predicate").and_then(int) == Some(0)
        && matches!(module.operands(cmp), [x, y] if size_is(*x, other) && size_is(*y, first))
}
