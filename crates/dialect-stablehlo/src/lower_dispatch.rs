//! The dispatch on a size the lowering cannot decide: a `?` operand dim of a
//! `dynamic_broadcast_in_dim` that may be a stretching 1 or the target's size.
//! Either is valid, so neither can be asserted: the program asks at run time.
//!
//! ```mlir
//! %s = stablehlo.get_dimension_size %x, dim = 0 : (tensor<?xf32>) -> tensor<i32>
//! %p = stablehlo.compare EQ, %s, %c1, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
//! %r = "stablehlo.if"(%p) ({
//!   // dim 0 is 1: it stretches
//!   %a = stablehlo.dynamic_broadcast_in_dim %x, ... {known_expanding_dimensions = array<i64: 0>} ...
//!   stablehlo.return %a : ...
//! }, {
//!   // it is not 1: it must be the target's size (checked), and does not stretch
//!   "cf.assert"(...)
//!   %b = stablehlo.dynamic_broadcast_in_dim %x, ... {known_nonexpanding_dimensions = array<i64: 0>} ...
//!   stablehlo.return %b : ...
//! }) : (tensor<i1>) -> ...
//! ```
//!
//! Each such dim doubles the broadcasts: at most [`MAX_DISPATCHED`] per op, nested.

use tensor_ir::builder::{Builder, InsertionPoint};
use tensor_ir::module::{EditError, OperationState, RegionId};
use tensor_ir::{Location, Type, Value};

use crate::control::IfOp;
use crate::elementwise::CompareOp;
use crate::lower::rebuild;
use crate::lower_checks::{Check, assert_holds};
use crate::reduce::ReturnOp;
use crate::structure::{ConstantOp, GetDimensionSizeOp};

/// The most undecided dims one broadcast dispatches on.
pub(crate) const MAX_DISPATCHED: usize = 3;

/// The broadcast being dispatched.
pub(crate) struct Target {
    pub loc: Location,
    /// The operand (after composing a chain).
    pub x: Value,
    /// The shape operand.
    pub shape: Value,
    /// Where each operand dim lands.
    pub dims: Vec<i64>,
    /// The operand's static dims.
    pub src: Vec<i64>,
    /// The result type.
    pub ty: Type,
}

/// The broadcast of `t`, with `expanding` and `nonexpanding` decided and the
/// `undecided` dims asked at run time: nested `stablehlo.if`s whose leaves are
/// annotated broadcasts.
///
/// # Errors
/// An edit the module refused.
pub(crate) fn dispatch(
    b: &mut Builder<'_>,
    t: &Target,
    expanding: &[i64],
    nonexpanding: &[i64],
    undecided: &[usize],
) -> Result<Option<Value>, EditError> {
    let Some((&k, rest)) = undecided.split_first() else {
        let (mut e, mut n) = (expanding.to_vec(), nonexpanding.to_vec());
        e.sort_unstable();
        n.sort_unstable();
        let v = rebuild(b, t.loc, t.x, t.shape, &t.dims, &e, &n, &t.src, t.ty)?;
        return Ok(Some(v));
    };
    let (Ok(ki), Some(entry)) = (
        i64::try_from(k),
        t.dims.get(k).and_then(|&j| usize::try_from(j).ok()),
    ) else {
        return Ok(None);
    };
    let i32t = b.ctx.i(32);
    let scalar = b.ctx.tensor_type(&[], i32t);
    let Some(one) = b.ctx.dense_int_attr(scalar, vec![1]) else {
        return Ok(None);
    };
    let size = GetDimensionSizeOp::build(b, t.loc, t.x, ki, scalar)?.result(b.module);
    let one = ConstantOp::build(b, t.loc, one, scalar)?.output(b.module);
    let i1 = b.ctx.i(1);
    let pred_ty = b.ctx.tensor_type(&[], i1);
    let pred =
        CompareOp::build(b, t.loc, size, one, Some("SIGNED"), "EQ", pred_ty)?.result(b.module);
    let with = |list: &[i64]| {
        let mut l = list.to_vec();
        l.push(ki);
        l
    };
    let stretched = with(expanding);
    let kept = with(nonexpanding);
    let Some(then) = region(b, t.loc, |b| dispatch(b, t, &stretched, nonexpanding, rest))? else {
        return Ok(None);
    };
    let check = Check {
        operand: t.x,
        dim: k,
        shape: t.shape,
        entry,
        static_operand: None,
    };
    let otherwise = region(b, t.loc, |b| {
        assert_holds(b, t.loc, &check)?;
        dispatch(b, t, expanding, &kept, rest)
    })?;
    let Some(otherwise) = otherwise else {
        return Ok(None);
    };
    let mut state = OperationState::new(b.ctx.sym(IfOp::NAME), t.loc);
    state.operands.push(pred);
    state.result_types.push(t.ty);
    state.regions.extend([then, otherwise]);
    let op = b.create(state)?;
    Ok(b.module.results(op).next())
}

/// A one-block region whose body `body` builds, ending in `stablehlo.return` of
/// the value it gives; `None` when it gives none.
fn region(
    b: &mut Builder<'_>,
    loc: Location,
    body: impl FnOnce(&mut Builder<'_>) -> Result<Option<Value>, EditError>,
) -> Result<Option<RegionId>, EditError> {
    let region = b.module.create_region();
    let block = b.create_block(region, &[], loc)?;
    let saved = b.insertion_point();
    b.set_insertion_point(InsertionPoint::End(block));
    let built = body(b).and_then(|v| match v {
        Some(v) => ReturnOp::build(b, loc, &[v]).map(|_| Some(region)),
        None => Ok(None),
    });
    if let Some(ip) = saved {
        b.set_insertion_point(ip);
    }
    built
}
