//! What the folds know about run-time sizes.
//!
//! A [`Size`] is a known number, or a symbol: the size of one dim of a tensor value,
//! or one entry of a shape value. Two sizes are provably equal when they are the
//! same after [`resolve`] has followed the ops that pass sizes through: a static
//! dim of a type, a constant shape, `nd.shape_of`, `nd.cast`, a broadcast's shape
//! operand or `shape` attribute, `nd.shape_concat`, `nd.shape_slice`, and the
//! columns of `nd.broadcast_shapes` that only one operand decides.
//!
//! Two assumptions make this sound, and the docs of `fold` state them:
//! - a static dim of a type is a fact (a broadcast's shape operand agrees with its
//!   result type's static dims);
//! - a size read through an op is its value when that op succeeds: the entry of
//!   `nd.broadcast_shapes` that one operand decides is that operand's entry, since
//!   otherwise the op reports its error at run time, before any user sees it.
//!
//! Every query follows at most [`BUDGET`] ops in all, so a long chain of shape ops
//! costs a constant per query, and no query recurses deeper than that.

use broadcastable::{Dim, Shape};
use smallvec::SmallVec;
use tensor_ir::rewrite::constant_value;
use tensor_ir::{Attribute, Context, DYNAMIC, Module, OpId, Value, ValueDef};

use crate::broadcast::{BroadcastInDimOp, BroadcastToOp};
use crate::shape::{BroadcastShapesOp, ShapeConcatOp, ShapeOfOp, ShapeSliceOp, slice_bounds};
use crate::shape_source::shape_source;
use crate::support::{shape_length, tensor_dims};

/// The longest shape constant the folds read or make: shapes are ranks long, and a
/// splat constant of a huge length must not become a huge vector.
pub(crate) const MAX_SHAPE_LEN: usize = 1 << 16;

/// Ops one query may follow.
const BUDGET: u32 = 64;

/// A run-time size as the folds know it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Size {
    /// A known size.
    Known(u64),
    /// The size of dim `.1` of the tensor `.0`.
    Dim(Value, usize),
    /// Entry `.1` of the shape `.0`.
    Entry(Value, usize),
}

impl Size {
    /// The known size, if it is one.
    pub(crate) fn known(self) -> Option<u64> {
        match self {
            Size::Known(n) => Some(n),
            _ => None,
        }
    }

    /// The size as the broadcasting algebra sees it: a symbol is a `?`.
    pub(crate) fn dim(self) -> Dim {
        self.known().map_or(Dim::Dynamic, Dim::Static)
    }
}

/// The op that defines `v`, if an op does.
pub(crate) fn def_op(module: &Module, v: Value) -> Option<OpId> {
    match module.value(v).def() {
        ValueDef::Result { op, .. } => Some(op),
        _ => None,
    }
}

/// The op that defines `v`, if it is named `name`.
pub(crate) fn def_named(ctx: &Context, module: &Module, v: Value, name: &str) -> Option<OpId> {
    def_op(module, v).filter(|&op| ctx.str(module.op(op).name()) == name)
}

/// The entries of a constant shape (`dense<...> : tensor<Nxindex>`), as written
/// (they may be negative); `None` for anything else or past [`MAX_SHAPE_LEN`].
pub(crate) fn shape_constant(ctx: &Context, a: Attribute) -> Option<Vec<i64>> {
    let (ty, values) = ctx.as_dense_elements(a)?;
    let len = match tensor_dims(ctx, ty)? {
        [n] => usize::try_from(*n).ok()?,
        _ => return None,
    };
    if len > MAX_SHAPE_LEN {
        return None;
    }
    (0..len)
        .map(|i| {
            let at = if values.is_splat() { 0 } else { i };
            i64::try_from(values.int(at)?).ok()
        })
        .collect()
}

/// The entries of `v` if a constant defines it.
pub(crate) fn constant_shape(ctx: &Context, module: &Module, v: Value) -> Option<Vec<i64>> {
    // The shape ops that define most shapes are not constants: asking whether an
    // op is one costs an interface lookup.
    let op = def_op(module, v)?;
    if matches!(
        ctx.str(module.op(op).name()),
        ShapeOfOp::NAME | BroadcastShapesOp::NAME | ShapeConcatOp::NAME | ShapeSliceOp::NAME
    ) {
        return None;
    }
    shape_constant(ctx, constant_value(ctx, module, v)?)
}

/// The size of dim `d` of the tensor `v`.
pub(crate) fn dim_size(ctx: &Context, module: &Module, v: Value, d: usize) -> Size {
    resolve(ctx, module, Size::Dim(v, d), &mut { BUDGET })
}

/// Entry `k` of the shape `s`.
pub(crate) fn entry_size(ctx: &Context, module: &Module, s: Value, k: usize) -> Size {
    resolve(ctx, module, Size::Entry(s, k), &mut { BUDGET })
}

/// Every entry of the shape `s`, if its length is static (and at most
/// [`MAX_SHAPE_LEN`]).
pub(crate) fn shape_sizes<C: FromIterator<Size>>(
    ctx: &Context,
    module: &Module,
    s: Value,
) -> Option<C> {
    let len = shape_length(ctx, module.value_type(s)).filter(|&n| n <= MAX_SHAPE_LEN)?;
    Some((0..len).map(|k| entry_size(ctx, module, s, k)).collect())
}

/// `size` after following the ops that define it, spending at most `budget` steps.
fn resolve(ctx: &Context, module: &Module, mut size: Size, budget: &mut u32) -> Size {
    while *budget > 0 {
        *budget -= 1;
        let next = match size {
            Size::Known(_) => return size,
            Size::Dim(v, d) => dim_step(ctx, module, v, d),
            Size::Entry(s, k) => entry_step(ctx, module, s, k, budget),
        };
        match next {
            Some(n) => size = n,
            None => return size,
        }
    }
    size
}

/// One step for the size of dim `d` of `v`.
fn dim_step(ctx: &Context, module: &Module, v: Value, d: usize) -> Option<Size> {
    if let Some(&n) = tensor_dims(ctx, module.value_type(v)).and_then(|dims| dims.get(d))
        && n != DYNAMIC
    {
        return u64::try_from(n).ok().map(Size::Known);
    }
    let op = def_op(module, v)?;
    if let Some(source) = shape_source(ctx, module, op) {
        return Some(Size::Dim(source, d));
    }
    match ctx.str(module.op(op).name()) {
        // A broadcast has the shape it was given.
        BroadcastInDimOp::NAME => Some(Size::Entry(
            BroadcastInDimOp::cast(ctx, module, op)?.shape(module)?,
            d,
        )),
        BroadcastToOp::NAME => {
            let this = BroadcastToOp::cast(ctx, module, op)?;
            match this.target_shape(module) {
                Some(s) => Some(Size::Entry(s, d)),
                None => u64::try_from(*this.shape(ctx, module)?.get(d)?)
                    .ok()
                    .map(Size::Known),
            }
        }
        _ => None,
    }
}

/// One step for entry `k` of the shape `s`.
fn entry_step(
    ctx: &Context,
    module: &Module,
    s: Value,
    k: usize,
    budget: &mut u32,
) -> Option<Size> {
    let op = def_op(module, s)?;
    let operands = module.operands(op);
    // The shape ops first: none of them is a constant, and asking whether an op is
    // one costs an interface lookup.
    match ctx.str(module.op(op).name()) {
        ShapeOfOp::NAME => Some(Size::Dim(*operands.first()?, k)),
        ShapeConcatOp::NAME => {
            let mut offset = 0usize;
            for &part in operands {
                let len = shape_length(ctx, module.value_type(part))?;
                if k < offset.checked_add(len)? {
                    return Some(Size::Entry(part, k - offset));
                }
                offset += len;
            }
            None
        }
        ShapeSliceOp::NAME => {
            let this = ShapeSliceOp::cast(ctx, module, op)?;
            let inner = this.shape(module);
            let start = this.start(ctx, module);
            let lo = match shape_length(ctx, module.value_type(inner)) {
                Some(n) => slice_bounds(n, start, this.end(ctx, module)).0,
                // Without the length, only a start counted from the front is known;
                // entry `k` exists, so the start was not clamped.
                None => usize::try_from(start).ok()?,
            };
            Some(Size::Entry(inner, lo.checked_add(k)?))
        }
        BroadcastShapesOp::NAME => broadcast_entry(ctx, module, op, k, budget),
        _ => {
            let (_, values) = ctx.as_dense_elements(constant_value(ctx, module, s)?)?;
            let at = if values.is_splat() { 0 } else { k };
            u64::try_from(values.int(at)?).ok().map(Size::Known)
        }
    }
}

/// Entry `k` of the result of `nd.broadcast_shapes` (without
/// `broadcast_dimensions`), when the operands decide it: the broadcasting
/// algebra's size if it is static, else the one symbol every operand that is not a
/// 1 there has. `in_place` gives the first operand's entry.
fn broadcast_entry(
    ctx: &Context,
    module: &Module,
    op: OpId,
    k: usize,
    budget: &mut u32,
) -> Option<Size> {
    let this = crate::shape::BroadcastShapesOp::cast(ctx, module, op)?;
    if this.broadcast_dimensions(ctx, module).is_some() {
        return None;
    }
    let operands = this.shapes(module);
    let policy = this.policy(ctx, module).unwrap_or("numpy");
    if policy == "in_place" {
        return Some(Size::Entry(*operands.first()?, k));
    }
    let result_len = shape_length(ctx, module.value_type(module.try_result(op, 0)?))?;
    // Column `k` of each operand, aligned on the right (both policies prepend 1s).
    let mut column: SmallVec<[Size; 4]> = SmallVec::with_capacity(operands.len());
    for &s in operands {
        let len = shape_length(ctx, module.value_type(s))?;
        if let Some(j) = (k + len).checked_sub(result_len) {
            column.push(resolve(ctx, module, Size::Entry(s, j), budget));
        }
    }
    let size = if policy == "onnx" {
        let shapes: SmallVec<[Shape; 4]> =
            column.iter().map(|s| Shape::ranked([s.dim()])).collect();
        let inferred = broadcastable::onnx::common_shape(&shapes).ok()?;
        *inferred.shape.dims()?.first()?
    } else {
        numpy_column(&column)?
    };
    match size {
        Dim::Static(n) => Some(Size::Known(n)),
        // No static size other than 1 there: the symbols that are not 1 must agree.
        Dim::Dynamic => {
            let mut symbols = column.iter().filter(|s| s.known().is_none());
            let first = *symbols.next()?;
            symbols.all(|&s| s == first).then_some(first)
        }
    }
}

/// The broadcast of one column of sizes under `numpy`, as
/// `broadcastable::infer::analyze` gives it for rank-1 shapes, without building
/// them: the one static size other than 1 if there is one (`None` if two differ),
/// else 1 if every size is 1, else `?`; `None` for an empty column (no operand
/// has the dim, so there is no ranked shape).
fn numpy_column(column: &[Size]) -> Option<Dim> {
    if column.is_empty() {
        return None;
    }
    let mut witness = None;
    let mut dynamic = false;
    for s in column {
        match s.dim() {
            Dim::Static(1) => {}
            Dim::Static(n) => match witness {
                Some(w) if w != n => return None,
                _ => witness = Some(n),
            },
            Dim::Dynamic => dynamic = true,
        }
    }
    Some(match witness {
        Some(n) => Dim::Static(n),
        None if dynamic => Dim::Dynamic,
        None => Dim::ONE,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every column of up to four sizes over `?`, 0, 1, 2 and 3: `numpy_column`
    /// decides it as `broadcastable::infer::analyze` does on rank-1 shapes.
    #[test]
    fn numpy_column_is_analyze_on_one_dim() {
        let mut ctx = Context::new();
        let mut module = Module::new();
        let index = ctx.index_type();
        let symbols: Vec<Value> = (0..4).map(|_| module.create_placeholder(index)).collect();
        let choices = [None, Some(0u64), Some(1), Some(2), Some(3)];
        let mut columns: Vec<Vec<Option<u64>>> = vec![vec![]];
        for _ in 0..4 {
            let longer: Vec<Vec<Option<u64>>> = columns
                .iter()
                .filter(|c| c.len() == columns.last().map_or(0, Vec::len))
                .flat_map(|c| {
                    choices.iter().map(move |&x| {
                        let mut c = c.clone();
                        c.push(x);
                        c
                    })
                })
                .collect();
            columns.extend(longer);
        }
        assert_eq!(columns.len(), 1 + 5 + 25 + 125 + 625);
        for column in &columns {
            let sizes: Vec<Size> = column
                .iter()
                .enumerate()
                .map(|(k, s)| s.map_or(Size::Dim(symbols[k], 0), Size::Known))
                .collect();
            let shapes: Vec<Shape> = sizes.iter().map(|s| Shape::ranked([s.dim()])).collect();
            let reference = broadcastable::infer::analyze(&shapes)
                .ok()
                .and_then(|i| i.shape.dims().and_then(|d| d.first().copied()));
            assert_eq!(numpy_column(&sizes), reference, "column {column:?}");
        }
    }
}
