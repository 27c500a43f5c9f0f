//! The run-time checks an explicit broadcast to a computed shape still needs.
//!
//! `nd.broadcast_in_dim %x, %shape` (and a ranked `nd.broadcast_to %x, %shape`)
//! reads each operand dim at the result dim it maps to. The interpreter checks at
//! run time that each such dim is 1 or the result's size (exactly the result's size
//! if `known_nonexpanding_dimensions` lists it); an executor that trusts the op
//! reads out of bounds when it is not. The lowering only writes broadcasts whose
//! sizes it proved or that an `nd.broadcast_shapes` checks, but a program may hold
//! broadcasts written by hand (to `nd.shape_of` of another tensor, say): so the
//! export asks, per operand dim, what the program leaves unproven ([`broadcast_checks`])
//! and checks that, and nothing more.
//!
//! The proofs are the lowering's own ([`Sizes`]): a dim is proven when its size is
//! the result's (the same symbol), and, when it may stretch, also when the shape is
//! an `nd.broadcast_shapes` that combined it (its check makes it 1 or the result's).

use broadcastable_ir::Sweep;
use smallvec::SmallVec;
use tensor_ir::{Context, DYNAMIC, Module, OpId, Value};

use super::broadcast::ranked_to;
use super::sizes::{Memo, Size, Sizes, landing};
use crate::broadcast::{BroadcastInDimOp, BroadcastToOp};
use crate::shape::BroadcastShapesOp;
use crate::support::{shape_length, tensor_dims};

/// What the run time must still establish about one operand dim of an explicit
/// broadcast.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DimCheck {
    /// Nothing: the program proves it.
    Proven,
    /// Its size is 1 or the size of the result dim it maps to.
    OneOrEqual,
    /// Its size is the size of the result dim it maps to (it is listed in
    /// `known_nonexpanding_dimensions`, so an executor may not stretch it).
    Equal,
}

/// The parts of an explicit broadcast with a shape operand.
struct Parts {
    operand: Value,
    shape: Value,
    result: Value,
    map: SmallVec<[usize; 4]>,
    known: Vec<i64>,
}

fn parts(ctx: &Context, module: &Module, op: OpId) -> Option<Parts> {
    match ctx.str(module.op(op).name()) {
        BroadcastInDimOp::NAME => {
            let this = BroadcastInDimOp::cast(ctx, module, op)?;
            let map: Option<SmallVec<[usize; 4]>> = this
                .broadcast_dimensions(ctx, module)
                .iter()
                .map(|&d| usize::try_from(d).ok())
                .collect();
            Some(Parts {
                operand: this.operand(module),
                shape: this.shape(module)?,
                result: this.result(module),
                map: map?,
                known: this
                    .known_nonexpanding_dimensions(ctx, module)
                    .unwrap_or_default(),
            })
        }
        BroadcastToOp::NAME => {
            // Aligned on the right, as its lowering states the mapping.
            let (this, map) = ranked_to(ctx, module, op)?;
            Some(Parts {
                operand: this.operand(module),
                shape: this.target_shape(module)?,
                result: this.result(module),
                map,
                known: Vec::new(),
            })
        }
        _ => None,
    }
}

/// Per operand dim of `op`, an `nd.broadcast_in_dim` or ranked `nd.broadcast_to`
/// with a shape operand, the check the run time still needs; `None` for any other
/// op (or one whose types the verifier rejects). `sweep` keeps what is resolved
/// for the next ops, as the lowering's sweep does.
pub fn broadcast_checks(
    ctx: &Context,
    module: &Module,
    op: OpId,
    sweep: &mut Sweep,
) -> Option<SmallVec<[DimCheck; 4]>> {
    let p = parts(ctx, module, op)?;
    let src = tensor_dims(ctx, module.value_type(p.operand))?;
    let dst = tensor_dims(ctx, module.value_type(p.result))?;
    if p.map.len() != src.len() || p.map.iter().any(|&j| j >= dst.len()) {
        return None;
    }
    let memo = sweep.state::<Memo>();
    let mut sizes = Sizes::resume(ctx, module, std::mem::take(memo));
    let mut out = SmallVec::new();
    for (i, &j) in p.map.iter().enumerate() {
        let b = sizes.dim(p.operand, i);
        // The result's size has two names: its static size (the export checks the
        // shape's entry against it) and the shape's entry.
        let entry = sizes.entry(p.shape, j);
        let equal = b == entry || (dst[j] != DYNAMIC && b == Size::Static(dst[j]));
        let known = i64::try_from(i).is_ok_and(|i| p.known.contains(&i));
        out.push(if equal {
            DimCheck::Proven
        } else if known {
            DimCheck::Equal
        } else if b == Size::Static(1)
            || sizes.checked_into(p.shape, j, b)
            || sizes.covers(entry, b)
        {
            DimCheck::Proven
        } else {
            DimCheck::OneOrEqual
        });
    }
    *sweep.state::<Memo>() = sizes.into_memo();
    Some(out)
}

/// Per result entry of an `nd.broadcast_shapes` under NumPy's rule or XLA's
/// placement, whether its check cannot fail: one of the entries that land there
/// is provably equal to each other one or it is 1 or equal to it (the same size, a 1, or a size a
/// passed check made cover it). `None` for any other op, or entries that cannot
/// be placed. The export asserts only the entries left, so an exported program
/// holds exactly the checks that remain.
pub fn shape_checks_proven(
    ctx: &Context,
    module: &Module,
    op: OpId,
    sweep: &mut Sweep,
) -> Option<SmallVec<[bool; 4]>> {
    let o = BroadcastShapesOp::cast(ctx, module, op)?;
    // In place and ONNX's rule (a 0 meeting a 1 fails) keep every check.
    if o.policy(ctx, module).is_some() {
        return None;
    }
    // A shape's length is a number in its type: past the analysis's bound its
    // entries are not followed (the export refuses such a shape anyway).
    let len = module
        .results(op)
        .next()
        .and_then(|r| shape_length(ctx, module.value_type(r)))
        .filter(|&len| len <= broadcastable_ir::shapes::MAX_ENTRIES)?;
    let memo = sweep.state::<Memo>();
    let mut sizes = Sizes::resume(ctx, module, std::mem::take(memo));
    let mut out = SmallVec::new();
    for j in 0..len {
        let Some(column) = landing(ctx, module, o, j) else {
            out = SmallVec::new();
            break;
        };
        let column: SmallVec<[Size; 4]> = column.iter().map(|&(s, i)| sizes.entry(s, i)).collect();
        let proven = column.iter().any(|&a| {
            column
                .iter()
                .all(|&b| a == b || b == Size::Static(1) || sizes.covers(a, b))
        });
        out.push(proven);
    }
    *sweep.state::<Memo>() = sizes.into_memo();
    (out.len() == len).then_some(out)
}

/// Of an `nd.matmul` once lowered, which size checks cannot fail: whether its
/// contracted sizes are provably equal, and, when both operands have the same
/// number of batch dims, whether each batch dim is. `None` for any other op or
/// an unranked operand. The export asserts only the rest, as it does for
/// [`shape_checks_proven`], so the exported program holds the checks
/// `--verify-broadcast` reports for the op and no more.
pub fn matmul_checks_proven(
    ctx: &Context,
    module: &Module,
    op: OpId,
    sweep: &mut Sweep,
) -> Option<MatmulProofs> {
    let this = crate::reduce::MatmulOp::cast(ctx, module, op)?;
    let (a, b) = (this.lhs(module), this.rhs(module));
    let ra = tensor_dims(ctx, module.value_type(a))?.len();
    let rb = tensor_dims(ctx, module.value_type(b))?.len();
    if ra == 0 || rb == 0 {
        return None;
    }
    let memo = sweep.state::<Memo>();
    let mut sizes = Sizes::resume(ctx, module, std::mem::take(memo));
    let contracted = sizes.dim(a, ra - 1) == sizes.dim(b, rb.saturating_sub(2));
    let batch = if ra > 2 && ra == rb {
        (0..ra - 2)
            .map(|i| sizes.dim(a, i) == sizes.dim(b, i))
            .collect()
    } else {
        SmallVec::new()
    };
    *sweep.state::<Memo>() = sizes.into_memo();
    Some(MatmulProofs { contracted, batch })
}

/// What [`matmul_checks_proven`] proves of one `nd.matmul`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MatmulProofs {
    /// The contracted sizes are equal.
    pub contracted: bool,
    /// Per batch dim (operands of equal rank only): the operands' sizes are equal.
    pub batch: SmallVec<[bool; 4]>,
}
