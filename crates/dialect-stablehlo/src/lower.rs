//! `--lower-broadcast` on StableHLO: every `dynamic_broadcast_in_dim` says of each
//! operand dim whether it expands or not, so that IREE (and any consumer that
//! needs to know whether a `?` stretches) can compile it (`docs/lowering.md`).
//!
//! - A dim is non-expanding when the shape analysis proves the operand's size is
//!   the result's, and expanding when the operand's size is a static 1 (upstream's
//!   meaning of `known_expanding_dimensions`).
//! - A static operand size `n` other than 1 can only be non-expanding: it is
//!   annotated so, and where the target size is not proven `n` a run-time check
//!   (`cf.assert` at the op's location) fails a program that breaks it. So does a
//!   `?` operand size broadcast to a static 1.
//! - A `?` operand size that may be a stretching 1 is asked at run time: a
//!   `stablehlo.if` on it being 1 chooses between the two annotated broadcasts
//!   ([`crate::lower_dispatch`]); past a few such dims per op, the op keeps them
//!   unannotated, with a warning.
//! - A broadcast of a broadcast is composed into one broadcast of the first
//!   operand, as IREE's canonicalizer would (dropping the annotations): one
//!   annotated broadcast per value. The inner broadcast keeps its own checks.
//! - A broadcast whose operand and result are static becomes a
//!   `broadcast_in_dim`, which StableHLO allows only for static results.
//! - A `dynamic_reshape`, which IREE cannot lower, becomes the tensor dialect's
//!   reshapes ([`crate::lower_reshape`]); so does the flattening of a
//!   `dot_general` IREE would do with one ([`crate::lower_dot`]).

use broadcastable_ir::shapes::ShapeAnalysis;
use broadcastable_ir::{ExplicitBroadcast, ExplicitForm, Sweep};
use smallvec::SmallVec;
use tensor_ir::builder::Builder;
use tensor_ir::interfaces::InterfaceError;
use tensor_ir::module::{EditError, ValueDef};
use tensor_ir::{Context, DYNAMIC, Diagnostic, Location, Module, OpId, Type, Value};

use crate::lower_checks::{Check, assert_holds};
use crate::lower_dispatch::{MAX_DISPATCHED, Target, dispatch};
use crate::structure::{BroadcastInDimOp, DynamicBroadcastInDimOp, DynamicReshapeOp};

/// Attaches the lowering to `dynamic_broadcast_in_dim`, and says which ops are
/// explicit broadcasts.
///
/// # Errors
/// If the dialect is not registered in `ctx`.
pub fn register(ctx: &mut Context) -> Result<(), InterfaceError> {
    ctx.attach_interface(
        DynamicBroadcastInDimOp::NAME,
        ExplicitBroadcast { implicit, lower },
    )?;
    ctx.attach_interface(
        DynamicReshapeOp::NAME,
        ExplicitBroadcast {
            implicit: crate::lower_reshape::implicit,
            lower: crate::lower_reshape::lower,
        },
    )?;
    ctx.attach_interface(
        crate::calls::DotGeneralOp::NAME,
        ExplicitBroadcast {
            implicit: crate::lower_reshape::implicit,
            lower: crate::lower_dot::lower,
        },
    )?;
    ctx.attach_interface(DynamicBroadcastInDimOp::NAME, ExplicitForm::Broadcast)?;
    ctx.attach_interface(BroadcastInDimOp::NAME, ExplicitForm::Broadcast)?;
    Ok(())
}

/// The shape analysis one sweep shares, made on first need.
#[derive(Default)]
pub struct Analysis(Option<Box<ShapeAnalysis>>);

impl Analysis {
    /// The analysis of `module`, made on first use; it works out the values a
    /// sweep adds on demand ([`ShapeAnalysis::ensure`]).
    pub fn get(&mut self, ctx: &Context, module: &Module) -> Option<&mut ShapeAnalysis> {
        if self.0.is_none() {
            let top = module.top()?;
            self.0 = Some(Box::new(ShapeAnalysis::run(ctx, module, top)));
        }
        self.0.as_deref_mut()
    }
}

/// What one dim of a broadcast does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Dim {
    /// The operand's size is the result's.
    NonExpanding,
    /// The operand's size is 1.
    Expanding,
    /// Non-expanding if a run-time check that the operand's size is the result's
    /// passes.
    Checked,
    /// Not known: it may stretch a `?` of 1.
    Unknown,
}

/// Why a `dynamic_broadcast_in_dim` is not yet in the lowering's form.
fn implicit(ctx: &Context, module: &Module, op: OpId, _: &mut Sweep) -> Option<String> {
    let o = DynamicBroadcastInDimOp::cast(ctx, module, op)?;
    if inner_broadcast(ctx, module, o.operand(module)).is_some() {
        return Some("its operand is a broadcast: the two compose into one".to_owned());
    }
    let rank = ctx.shape_dims(module.value_type(o.operand(module)))?.len();
    let listed: Vec<i64> = [
        o.known_expanding_dimensions(ctx, module),
        o.known_nonexpanding_dimensions(ctx, module),
    ]
    .into_iter()
    .flatten()
    .flatten()
    .collect();
    (0..rank)
        .find(|&i| !listed.iter().any(|&d| usize::try_from(d).ok() == Some(i)))
        .map(|i| format!("operand dim {i} is neither known expanding nor known non-expanding"))
}

/// The `dynamic_broadcast_in_dim` that defines `v`, if one does.
fn inner_broadcast(ctx: &Context, module: &Module, v: Value) -> Option<DynamicBroadcastInDimOp> {
    let ValueDef::Result { op, .. } = module.value(v).def() else {
        return None;
    };
    DynamicBroadcastInDimOp::cast(ctx, module, op)
}

/// The operand a chain of broadcasts ending in `o` starts from, and where its dims
/// land in `o`'s result. The chain is walked without recursion; in a top-down
/// sweep each inner broadcast has been composed already, so it is short.
fn compose(ctx: &Context, module: &Module, o: DynamicBroadcastInDimOp) -> (Value, Vec<i64>) {
    let mut x = o.operand(module);
    let mut dims: Vec<i64> = o.broadcast_dimensions(ctx, module).to_vec();
    while let Some(inner) = inner_broadcast(ctx, module, x) {
        let placed: Option<Vec<i64>> = inner
            .broadcast_dimensions(ctx, module)
            .iter()
            .map(|&m| dims.get(usize::try_from(m).ok()?).copied())
            .collect();
        // An inner broadcast the verifier would reject is left as it is.
        let Some(placed) = placed else { break };
        dims = placed;
        x = inner.operand(module);
    }
    (x, dims)
}

/// The interface's rewrite: [`lower_dynamic_broadcast`].
fn lower(b: &mut Builder<'_>, op: OpId, sweep: &mut Sweep) -> Result<bool, EditError> {
    lower_dynamic_broadcast(b, op, sweep).map(|l| l != Lowered::Unchanged)
}

/// What [`lower_dynamic_broadcast`] did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lowered {
    /// Nothing: the op is in the lowering's form, or cannot be brought to it
    /// (reported).
    Unchanged,
    /// Run-time checks were added before the op, which stays.
    Checked,
    /// The op was replaced by a broadcast with this result.
    Replaced(Value),
}

/// Annotates (and composes) one `dynamic_broadcast_in_dim` `op`, building before
/// it; other dialects' lowerings call it on the broadcasts they create. A
/// broadcast that can never hold is reported as an error at its location.
///
/// # Errors
/// An edit the module refused.
pub fn lower_dynamic_broadcast(
    b: &mut Builder<'_>,
    op: OpId,
    sweep: &mut Sweep,
) -> Result<Lowered, EditError> {
    let unchanged = Ok(Lowered::Unchanged);
    let Some(o) = DynamicBroadcastInDimOp::cast(b.ctx, b.module, op) else {
        return unchanged;
    };
    let loc = b.module.op(op).location();
    let shape = o.output_dimensions(b.module);
    let result = o.result(b.module);
    let (x, dims) = compose(b.ctx, b.module, o);
    let (Some(src), Some(dst)) = (dims_of(b, x), dims_of(b, result)) else {
        return unchanged;
    };
    // What the program already states of the op is kept when the op is not
    // composed (its dims are then the operand's).
    let (mut expanding, mut nonexpanding) = if x == o.operand(b.module) {
        (
            sorted(o.known_expanding_dimensions(b.ctx, b.module)),
            sorted(o.known_nonexpanding_dimensions(b.ctx, b.module)),
        )
    } else {
        (Vec::new(), Vec::new())
    };
    let analysis = sweep.state::<Analysis>();
    let mut checks: SmallVec<[Check; 2]> = SmallVec::new();
    let mut unknown = Vec::new();
    for (k, &j) in dims.iter().enumerate() {
        let Some(j) = usize::try_from(j).ok().filter(|&j| j < dst.len()) else {
            return unchanged;
        };
        let ki = i64::try_from(k).unwrap_or(i64::MAX);
        if expanding.contains(&ki) || nonexpanding.contains(&ki) {
            continue;
        }
        match classify(b.ctx, b.module, analysis, x, k, result, j, &src, &dst) {
            Ok(Dim::NonExpanding) => nonexpanding.push(ki),
            Ok(Dim::Expanding) => expanding.push(ki),
            Ok(Dim::Checked) => {
                nonexpanding.push(ki);
                checks.push(Check {
                    operand: x,
                    dim: k,
                    shape,
                    entry: j,
                    static_operand: src.get(k).copied().filter(|&n| n != DYNAMIC),
                });
            }
            Ok(Dim::Unknown) => unknown.push(k),
            Err(message) => {
                b.report(Diagnostic::error(loc, message));
                return unchanged;
            }
        }
    }
    expanding.sort_unstable();
    nonexpanding.sort_unstable();
    b.set_insertion_point_before(op);
    for c in &checks {
        assert_holds(b, loc, c)?;
    }
    let ty = b.module.value_type(result);
    if !unknown.is_empty() {
        let target = Target {
            loc,
            x,
            shape,
            dims: dims.clone(),
            src: src.clone(),
            ty,
        };
        let dispatched = if unknown.len() <= MAX_DISPATCHED {
            dispatch(b, &target, &expanding, &nonexpanding, &unknown)?
        } else {
            None
        };
        if let Some(v) = dispatched {
            b.replace_op(op, &[v])?;
            return Ok(Lowered::Replaced(v));
        }
        b.report(Diagnostic::warning(
            loc,
            format!(
                "operand dims {} may each stretch a run-time 1 or not: left unannotated (a \
                 dispatch on more than {MAX_DISPATCHED} sizes is not built)",
                unknown
                    .iter()
                    .map(ToString::to_string)
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        ));
    }
    let in_form = x == o.operand(b.module)
        && !is_static(b.ctx, &src, ty)
        && sorted(o.known_expanding_dimensions(b.ctx, b.module)) == expanding
        && sorted(o.known_nonexpanding_dimensions(b.ctx, b.module)) == nonexpanding;
    if in_form {
        // Lowering twice is lowering once: an op already in this form stays.
        return Ok(if checks.is_empty() {
            Lowered::Unchanged
        } else {
            Lowered::Checked
        });
    }
    let replacement = rebuild(b, loc, x, shape, &dims, &expanding, &nonexpanding, &src, ty)?;
    b.replace_op(op, &[replacement])?;
    Ok(Lowered::Replaced(replacement))
}

/// What dim `k` of `x` does, broadcast to dim `j` of `result`; an error when it
/// can never broadcast.
#[allow(clippy::too_many_arguments)]
fn classify(
    ctx: &Context,
    module: &Module,
    analysis: &mut Analysis,
    x: Value,
    k: usize,
    result: Value,
    j: usize,
    src: &[i64],
    dst: &[i64],
) -> Result<Dim, String> {
    let (s, r) = (src.get(k).copied(), dst.get(j).copied());
    let proven_equal = analysis.get(ctx, module).is_some_and(|a| {
        a.ensure(ctx, module, x);
        a.ensure(ctx, module, result);
        matches!((a.size_of(x, k), a.size_of(result, j)), (Some(p), Some(q)) if p == q)
    });
    if proven_equal {
        return Ok(Dim::NonExpanding);
    }
    // The result size as the analysis knows it, when it is a constant.
    let target = r.filter(|&n| n != DYNAMIC).or_else(|| {
        let a = analysis.get(ctx, module)?;
        a.sizes().constant_of(a.size_of(result, j)?)
    });
    Ok(match (s, target) {
        (Some(1), Some(1)) => Dim::NonExpanding,
        (Some(1), _) => Dim::Expanding,
        (Some(n), Some(m)) if n != DYNAMIC && n != m => {
            return Err(format!(
                "operand dim {k} of size {n} can never broadcast to result dim {j} of size {m}"
            ));
        }
        (Some(n), _) if n != DYNAMIC => Dim::Checked,
        // A `?` broadcast to a static 1 must be 1.
        (_, Some(1)) => Dim::Checked,
        _ => Dim::Unknown,
    })
}

/// The broadcast of `x` with the composed `dims` and the annotations: a
/// `broadcast_in_dim` when every shape is static, else an annotated
/// `dynamic_broadcast_in_dim`. The op itself's result when nothing changes.
#[allow(clippy::too_many_arguments)]
pub(crate) fn rebuild(
    b: &mut Builder<'_>,
    loc: Location,
    x: Value,
    shape: Value,
    dims: &[i64],
    expanding: &[i64],
    nonexpanding: &[i64],
    src: &[i64],
    ty: Type,
) -> Result<Value, EditError> {
    if is_static(b.ctx, src, ty) {
        let op = BroadcastInDimOp::build(b, loc, x, dims, ty)?;
        return Ok(op.result(b.module));
    }
    let nonempty = |l: &[i64]| (!l.is_empty()).then(|| l.to_vec());
    let op = DynamicBroadcastInDimOp::build(
        b,
        loc,
        x,
        shape,
        dims,
        nonempty(expanding).as_deref(),
        nonempty(nonexpanding).as_deref(),
        ty,
    )?;
    Ok(op.result(b.module))
}

/// True if the operand dims `src` and the result type `ty` are static.
fn is_static(ctx: &Context, src: &[i64], ty: Type) -> bool {
    !src.contains(&DYNAMIC) && ctx.shape_dims(ty).is_some_and(|d| !d.contains(&DYNAMIC))
}

/// The dims of the ranked tensor `v`.
pub(crate) fn dims_of(b: &Builder<'_>, v: Value) -> Option<Vec<i64>> {
    b.ctx
        .shape_dims(b.module.value_type(v))
        .map(<[i64]>::to_vec)
}

/// An annotation's dims, sorted (none when absent).
fn sorted(l: Option<Vec<i64>>) -> Vec<i64> {
    let mut v = l.unwrap_or_default();
    v.sort_unstable();
    v
}
