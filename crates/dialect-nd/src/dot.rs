//! `nd.dot_general`: StableHLO's general dot product, with batch and contracting
//! dims listed per operand.

use broadcastable::{Bound, Dim, OperandDim, RuntimeCheck, Shape};
use tensor_ir::ods::attr_types::I64Array;
use tensor_ir::ods::describe;
use tensor_ir::registry::{OpTrait, Syntax};
use tensor_ir::{Context, Module, NamedAttr, OpId, Type};

use crate::reduce::check_result;
use crate::structure::SAME_ALL;
use crate::support::{
    NUMERIC_TENSOR, VResult, dims_of, fail, operand_type, ranked_result, tensor_dims, tensor_elem,
};

/// The four dim lists of a dot: `[lhs batch, rhs batch, lhs contracting, rhs
/// contracting]`.
pub type DotDims = [Vec<i64>; 4];

/// The names of the four lists, in [`DotDims`] order.
const LIST_NAMES: [&str; 4] = [
    "lhs_batching_dimensions",
    "rhs_batching_dimensions",
    "lhs_contracting_dimensions",
    "rhs_contracting_dimensions",
];

/// The free dims of an operand of `rank`: those neither batch nor contracting, in
/// order.
pub fn free_dims(rank: usize, batch: &[i64], contracting: &[i64]) -> Vec<usize> {
    let mut used = vec![false; rank];
    for &d in batch.iter().chain(contracting) {
        if let Some(u) = usize::try_from(d).ok().and_then(|d| used.get_mut(d)) {
            *u = true;
        }
    }
    (0..rank).filter(|&d| !used[d]).collect()
}

/// Why the dim lists do not fit operands of dims `a` and `b`, in StableHLO's
/// words; `None` if they do. Sizes that are `?` are left to run time.
fn dims_error(a: &[i64], b: &[i64], dims: &DotDims) -> Option<String> {
    let [lb, rb, lc, rc] = dims;
    if lb.len() != rb.len() {
        return Some("lhs and rhs should have the same number of batching dimensions".into());
    }
    if lc.len() != rc.len() {
        return Some("lhs and rhs should have the same number of contracting dimensions".into());
    }
    for (side, rank, batch, contracting) in [("lhs", a.len(), lb, lc), ("rhs", b.len(), rb, rc)] {
        let mut seen = vec![false; rank];
        for (name, list) in [("batching", batch), ("contracting", contracting)] {
            for &d in list.iter() {
                let Some(u) = usize::try_from(d).ok().filter(|&u| u < rank) else {
                    return Some(format!(
                        "{side}_{name}_dimensions value: {d} is out of range: [0, {rank})"
                    ));
                };
                if std::mem::replace(&mut seen[u], true) {
                    return Some(format!(
                        "has duplicated dimension from {side}_batching_dimensions and {side}_contracting_dimensions: {d}"
                    ));
                }
            }
        }
    }
    for (what, l, r) in [("batching", lb, rb), ("contracting", lc, rc)] {
        for (&i, &j) in l.iter().zip(r.iter()) {
            let (x, y) = (a[i as usize], b[j as usize]);
            if x != tensor_ir::DYNAMIC && y != tensor_ir::DYNAMIC && x != y {
                return Some(format!(
                    "{what} dimension sizes must match for lhs/rhs: lhs dim {i} has size {x} but rhs dim {j} has size {y}"
                ));
            }
        }
    }
    None
}

/// The result dims of a valid dot: batch dims (the lhs's sizes, or the rhs's where
/// the lhs's is `?`), then the lhs's free dims, then the rhs's.
fn dot_shape(a: &[i64], b: &[i64], dims: &DotDims) -> Vec<Dim> {
    let [lb, rb, lc, rc] = dims;
    let (da, db) = (dims_of(a), dims_of(b));
    let mut out: Vec<Dim> = lb
        .iter()
        .zip(rb)
        .map(|(&i, &j)| match da[i as usize] {
            Dim::Dynamic => db[j as usize],
            known => known,
        })
        .collect();
    out.extend(free_dims(a.len(), lb, lc).into_iter().map(|d| da[d]));
    out.extend(free_dims(b.len(), rb, rc).into_iter().map(|d| db[d]));
    out
}

/// The result type of `nd.dot_general`.
fn infer_dot(ctx: &mut Context, operands: &[Type], props: &[NamedAttr]) -> Option<Vec<Type>> {
    let (&ta, &tb) = (operands.first()?, operands.get(1)?);
    let view = DotGeneralAdaptor::new(ctx, props);
    let dims: DotDims = [
        view.lhs_batching_dimensions()?,
        view.rhs_batching_dimensions()?,
        view.lhs_contracting_dimensions()?,
        view.rhs_contracting_dimensions()?,
    ];
    let elem = tensor_elem(ctx, ta)?;
    let (a, b) = (tensor_dims(ctx, ta)?, tensor_dims(ctx, tb)?);
    if dims_error(a, b, &dims).is_some() {
        return None;
    }
    ranked_result(ctx, dot_shape(a, b, &dims), elem)
}

tensor_ir::op! {
    /// StableHLO's `dot_general`: lhs dim `lhs_batching_dimensions[i]` and rhs dim
    /// `rhs_batching_dimensions[i]` are batch dims (one product per index), lhs dim
    /// `lhs_contracting_dimensions[i]` and rhs dim `rhs_contracting_dimensions[i]`
    /// are summed over. The result's dims are the batch dims, then the lhs's other
    /// (free) dims, then the rhs's, each in order.
    ///
    /// ```mlir
    /// %d = nd.dot_general %q, %k, batching_dims = [0] x [0], contracting_dims = [2] x [2] : (tensor<2x4x8xf32>, tensor<2x5x8xf32>) -> tensor<2x4x5xf32>
    /// ```
    ///
    /// The verifier checks: numeric tensors of one element type; as many batch dims
    /// on each side, and as many contracting dims; each listed dim in range and
    /// listed once per side; paired batch sizes and paired contracting sizes equal
    /// where static (where `?`, they are checked at run time, and
    /// `--verify-broadcast` proves or reports it); the result shape. Unranked
    /// operands are not checked statically.
    pub struct DotGeneralOp = "nd.dot_general" {
        summary: "general dot product with batch and contracting dims",
        adaptor: DotGeneralAdaptor,
        traits: [OpTrait::Pure, SAME_ALL],
        operands: { lhs: NUMERIC_TENSOR, rhs: NUMERIC_TENSOR },
        results: { result: NUMERIC_TENSOR },
        attributes: {
            lhs_batching_dimensions: I64Array,
            rhs_batching_dimensions: I64Array,
            lhs_contracting_dimensions: I64Array,
            rhs_contracting_dimensions: I64Array,
        },
        syntax: Syntax::Format(
            "$lhs `,` $rhs `,` `batching_dims` `=` $lhs_batching_dimensions `x` $rhs_batching_dimensions `,` `contracting_dims` `=` $lhs_contracting_dimensions `x` $rhs_contracting_dimensions attr-dict `:` functional-type(operands, results)",
            &[],
        ),
        verify: verify_dot,
        infer: infer_dot,
    }
}

impl DotGeneralOp {
    /// The names of its four dim lists, in [`DotDims`] order, for the layers that
    /// read them by name.
    pub const DIM_LISTS: [&str; 4] = LIST_NAMES;
}

/// The four dim lists of a `nd.dot_general`.
pub fn dot_dims(ctx: &Context, module: &Module, op: OpId) -> Option<DotDims> {
    let this = DotGeneralOp::cast(ctx, module, op)?;
    Some([
        this.lhs_batching_dimensions(ctx, module),
        this.rhs_batching_dimensions(ctx, module),
        this.lhs_contracting_dimensions(ctx, module),
        this.rhs_contracting_dimensions(ctx, module),
    ])
}

fn verify_dot(ctx: &Context, module: &Module, op: OpId) -> VResult {
    let Some(dims) = dot_dims(ctx, module, op) else {
        return Ok(());
    };
    let (Some(ta), Some(tb)) = (operand_type(module, op, 0), operand_type(module, op, 1)) else {
        return Ok(());
    };
    let (Some(a), Some(b)) = (tensor_dims(ctx, ta), tensor_dims(ctx, tb)) else {
        return Ok(());
    };
    if let Some(message) = dims_error(a, b, &dims) {
        return fail(
            ctx,
            module,
            op,
            format!(
                "{message} (lhs {}, rhs {})",
                describe(ctx, "operand", 0, ta),
                describe(ctx, "operand", 1, tb)
            ),
        );
    }
    check_result(
        ctx,
        module,
        op,
        Shape::ranked(dot_shape(a, b, &dims)),
        "(batch dims, then the free dims of lhs, then those of rhs)",
    )
}

/// The run-time condition that dim `i` of operand #`a` (of size `x`) equals dim
/// `j` of operand #`b` (of size `y`), if their types leave it open.
pub(crate) fn equal_sizes(
    (a, i, x): (usize, usize, Dim),
    (b, j, y): (usize, usize, Dim),
    what: &'static str,
) -> Option<broadcastable_ir::SizeCheck> {
    let (da, db) = (OperandDim::new(a, i), OperandDim::new(b, j));
    let (subject, to) = match (x, y) {
        (Dim::Dynamic, Dim::Dynamic) => (da, Bound::Dim(db)),
        (Dim::Dynamic, Dim::Static(n)) => (da, Bound::Size(n)),
        (Dim::Static(n), Dim::Dynamic) => (db, Bound::Size(n)),
        (Dim::Static(_), Dim::Static(_)) => return None,
    };
    Some(broadcastable_ir::SizeCheck {
        what,
        check: RuntimeCheck::Equal {
            // The sizes are checked as a pair of operand dims, not against a
            // result dim.
            result_dim: usize::MAX,
            subject,
            to,
        },
        entries_of: None,
    })
}

/// `nd.dot_general`'s run-time conditions: paired batch sizes and paired
/// contracting sizes are equal, where their types leave it open.
pub(crate) fn dot_size_checks(
    ctx: &Context,
    module: &Module,
    op: OpId,
) -> Vec<broadcastable_ir::SizeCheck> {
    let Some([lb, rb, lc, rc]) = dot_dims(ctx, module, op) else {
        return Vec::new();
    };
    let (Some(ta), Some(tb)) = (operand_type(module, op, 0), operand_type(module, op, 1)) else {
        return Vec::new();
    };
    let (Some(a), Some(b)) = (tensor_dims(ctx, ta), tensor_dims(ctx, tb)) else {
        return Vec::new();
    };
    let (a, b) = (dims_of(a), dims_of(b));
    let pairs = |l: &[i64], r: &[i64], what: &'static str| -> Vec<broadcastable_ir::SizeCheck> {
        l.iter()
            .zip(r)
            .filter_map(|(&i, &j)| {
                let (i, j) = (usize::try_from(i).ok()?, usize::try_from(j).ok()?);
                equal_sizes((0, i, *a.get(i)?), (1, j, *b.get(j)?), what)
            })
            .collect()
    };
    let mut out = pairs(&lb, &rb, "batch dims");
    out.extend(pairs(&lc, &rc, "contracted dims"));
    out
}
