//! The ops of dialects this project does not define (`tensor`, `arith`, `cf`)
//! that `--lower-broadcast` on StableHLO writes for IREE: its run-time checks
//! ([`crate::lower_checks`]) and the tensor dialect's reshapes
//! ([`crate::lower_reshape`], [`crate::lower_dot`]). They are built
//! unregistered, so they print in generic form, as upstream reads them.

use smallvec::SmallVec;
use tensor_ir::builder::Builder;
use tensor_ir::module::{EditError, OperationState};
use tensor_ir::{AttrKind, Attribute, Context, Location, NamedAttr, OpId, Type, Value};

/// Dims of one side grouped: `groups[g]` are the dims that make group `g`.
pub(crate) type Groups = SmallVec<[SmallVec<[usize; 4]>; 4]>;

/// `tensor.expand_shape v` by `groups` into `ty` (dims `dst`), its `?` sizes
/// `sizes` in order.
pub(crate) fn expand(
    b: &mut Builder<'_>,
    loc: Location,
    v: Value,
    groups: &Groups,
    dst: &[i64],
    sizes: &[Value],
    ty: Type,
) -> Result<Value, EditError> {
    let r = reassociation(b.ctx, groups);
    let shape = b.ctx.i64_array_attr(dst);
    let mut operands = vec![v];
    operands.extend_from_slice(sizes);
    one(
        b,
        loc,
        "tensor.expand_shape",
        &operands,
        ty,
        &[("reassociation", r), ("static_output_shape", shape)],
    )
}

/// `tensor.dim v, d` (an `index`).
pub(crate) fn dim(
    b: &mut Builder<'_>,
    loc: Location,
    v: Value,
    d: usize,
) -> Result<Value, EditError> {
    let at = constant_index(b, loc, d)?;
    let index = b.ctx.index_type();
    one(b, loc, "tensor.dim", &[v, at], index, &[])
}

/// `arith.constant n : index`.
pub(crate) fn constant_index(
    b: &mut Builder<'_>,
    loc: Location,
    n: usize,
) -> Result<Value, EditError> {
    let index = b.ctx.index_type();
    let value = b.ctx.int_attr(i128::try_from(n).unwrap_or(0), index);
    one(b, loc, "arith.constant", &[], index, &[("value", value)])
}

/// The element type of the tensor `v`.
pub(crate) fn element_type(b: &Builder<'_>, v: Value) -> Type {
    let t = b.module.value_type(v);
    b.ctx.element_type(t).unwrap_or(t)
}

/// `[[0, 1], [2]]`, as the tensor dialect's reshapes take it.
pub(crate) fn reassociation(ctx: &mut Context, groups: &Groups) -> Attribute {
    let i64t = ctx.i(64);
    let outer: Vec<Attribute> = groups
        .iter()
        .map(|g| {
            let inner: Vec<Attribute> = g
                .iter()
                .map(|&d| ctx.int_attr(i128::try_from(d).unwrap_or(0), i64t))
                .collect();
            ctx.intern_attr(AttrKind::Array(inner))
        })
        .collect();
    ctx.intern_attr(AttrKind::Array(outer))
}

/// An unregistered op of one result (see [`create`]).
pub(crate) fn one(
    b: &mut Builder<'_>,
    loc: Location,
    name: &str,
    operands: &[Value],
    result: Type,
    props: &[(&str, Attribute)],
) -> Result<Value, EditError> {
    let op = create(b, loc, name, operands, &[result], props)?;
    Ok(b.module.result(op, 0))
}

/// An op of a dialect this project does not define, built unregistered (it prints
/// in generic form), its properties sorted by name as upstream prints them.
pub(crate) fn create(
    b: &mut Builder<'_>,
    loc: Location,
    name: &str,
    operands: &[Value],
    results: &[Type],
    props: &[(&str, Attribute)],
) -> Result<OpId, EditError> {
    let mut state = OperationState::new(b.ctx.sym(name), loc);
    state.operands.extend_from_slice(operands);
    state.result_types.extend_from_slice(results);
    let mut named: Vec<NamedAttr> = props
        .iter()
        .map(|&(n, value)| NamedAttr {
            name: b.ctx.sym(n),
            value,
        })
        .collect();
    named.sort_by(|p, q| b.ctx.str(p.name).cmp(b.ctx.str(q.name)));
    state.props = named;
    b.create(state)
}
