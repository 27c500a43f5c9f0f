//! The alignment hint: an op's shapes drawn in columns as its policy aligns them,
//! with a marker under the dimension a diagnostic is about (see
//! [`broadcastable::align`]). It follows conflicts, result mismatches and run-time
//! obligations.

use broadcastable::align::{Alignment, Row, draw};
use broadcastable::{
    BroadcastableOp, Error, Policy, ResultMismatch, RuntimeCheck, Shape, XlaError, xla,
};
use tensor_ir::module::{Module, OpId};
use tensor_ir::{Context, Diagnostic};

use crate::{BroadcastPolicy, OpView};

/// What a drawing explains.
#[derive(Clone, Copy)]
pub(crate) enum Focus<'a> {
    /// A verification error.
    Error(&'a Error),
    /// A run-time obligation, with the inferred shape.
    Check(&'a RuntimeCheck, &'a Shape),
}

/// `d` with the alignment hint for `focus` at the op, when one can be drawn.
pub(crate) fn with_alignment(
    ctx: &Context,
    module: &Module,
    op: OpId,
    focus: Focus<'_>,
    d: Diagnostic,
) -> Diagnostic {
    match alignment(ctx, module, op, focus) {
        Some(text) => {
            let loc = d.location;
            d.with_hint(loc, text)
        }
        None => d,
    }
}

/// The drawing for `focus` at `op`; `None` for errors it does not explain (structure,
/// ranks that must agree, invalid explicit dimensions) or when the op's operands
/// cannot be placed.
pub(crate) fn alignment(
    ctx: &Context,
    module: &Module,
    op: OpId,
    focus: Focus<'_>,
) -> Option<String> {
    let view = OpView::of(ctx, module, op)?;
    let policy = view.checked_policy().ok()?;
    let shapes: Vec<Shape> = view.operand_types().into_iter().map(|t| t.shape).collect();
    let declared = (view.num_results() == 1).then(|| view.result(0).shape);
    // Beside an unranked operand, explicit dimensions place the ranked one by the
    // rank the declared result gives the unranked one (as the verifier reads them).
    let placed = match (&policy, &declared) {
        (Policy::Explicit(dims), Some(result)) => xla::stand_in(&shapes, dims, result),
        _ => None,
    };
    let align = match placed {
        Some((k, stand_in)) => {
            let mut with = shapes.clone();
            with[k] = stand_in;
            Alignment::of(&policy, &with)?
        }
        None => Alignment::of(&policy, &shapes)?,
    };
    // Rows after the operands: the broadcast shape and the declared result.
    let (broadcast, result) = match focus {
        Focus::Error(Error::Result(e)) => (Some(e.inferred.clone()), Some(e.actual.clone())),
        Focus::Error(Error::Incompatible(_) | Error::Xla(XlaError::SizeMismatch { .. })) => {
            (None, declared)
        }
        Focus::Error(_) => return None,
        Focus::Check(_, inferred) => {
            let differs = declared.as_ref().filter(|d| *d != inferred).cloned();
            (Some(inferred.clone()), differs)
        }
    };
    let columns = [&broadcast, &result]
        .into_iter()
        .flatten()
        .filter_map(Shape::rank)
        .fold(align.rank, usize::max);
    // Operands move right when a declared result has more dims than they do.
    let offset = columns - align.rank;
    let mut rows: Vec<Row> = shapes
        .iter()
        .enumerate()
        .map(|(k, s)| {
            let cols = align.columns.get(k).and_then(Option::as_deref);
            Row::placed(format!("operand #{k}"), s, cols, offset)
        })
        .collect();
    let result_rank = result.as_ref().and_then(Shape::rank).unwrap_or(columns);
    rows.extend(broadcast.map(|b| Row::right_aligned("broadcast", &b, columns)));
    rows.extend(result.map(|r| Row::right_aligned("result", &r, columns)));
    // Result-indexed dims of the declared result sit at its own right-aligned place.
    let in_result = |d: usize| columns - result_rank + d;
    let marker = match focus {
        Focus::Error(Error::Incompatible(c)) => Some((
            offset + c.result_dim,
            format!(
                "result dim {}: {} vs {}, and neither is 1",
                c.result_dim, c.first_size, c.second_size
            ),
        )),
        Focus::Error(Error::Xla(XlaError::SizeMismatch {
            lower_size,
            higher,
            higher_size,
            ..
        })) => Some((
            offset + higher.dim,
            format!(
                "result dim {}: {lower_size} vs {higher_size}, and neither is 1",
                higher.dim
            ),
        )),
        Focus::Error(Error::Result(e)) => match e.mismatch {
            ResultMismatch::Size {
                result_dim,
                inferred,
                actual,
            } => Some((
                in_result(result_dim),
                format!("result dim {result_dim}: declared {actual}, operands give {inferred}"),
            )),
            ResultMismatch::StaticFromDynamic { result_dim, actual } => Some((
                in_result(result_dim),
                format!("result dim {result_dim}: declared {actual}, operands give ?"),
            )),
            ResultMismatch::Rank { .. } => None,
        },
        Focus::Error(_) => None,
        Focus::Check(check, _) => check_marker(check, &rows, shapes.len(), offset, in_result),
    };
    let title = title(view.policy_kind(), &policy, &align);
    draw(
        &title,
        &rows,
        columns,
        marker.as_ref().map(|(c, t)| (*c, t.as_str())),
    )
}

/// The marker of a run-time obligation: its result dim, with the operands' sizes there.
fn check_marker(
    check: &RuntimeCheck,
    rows: &[Row],
    operands: usize,
    offset: usize,
    in_result: impl Fn(usize) -> usize,
) -> Option<(usize, String)> {
    let dim = match check {
        RuntimeCheck::OneOrEqual { result_dim, .. }
        | RuntimeCheck::Equal { result_dim, .. }
        | RuntimeCheck::Agree { result_dim, .. }
        | RuntimeCheck::OneOrMax { result_dim, .. } => *result_dim,
        RuntimeCheck::ResultEquals {
            result_dim, size, ..
        } => {
            return Some((
                in_result(*result_dim),
                format!("result dim {result_dim}: declared {size}, checked at run time"),
            ));
        }
        RuntimeCheck::Unsatisfiable(c) => {
            return Some((
                offset + c.result_dim,
                format!(
                    "result dim {}: {} vs {}, and neither is 1",
                    c.result_dim, c.first_size, c.second_size
                ),
            ));
        }
        RuntimeCheck::Unranked { .. } | RuntimeCheck::ResultRank { .. } => return None,
    };
    let column = offset + dim;
    let sizes: Vec<String> = rows
        .iter()
        .take(operands)
        .filter_map(|r| r.dims.as_ref()?.iter().find(|(c, _)| *c == column))
        .map(|(_, d)| d.to_string())
        .collect();
    Some((
        column,
        format!(
            "result dim {dim}: {}, checked at run time",
            sizes.join(" vs ")
        ),
    ))
}

/// "shapes aligned from the right:", or by the explicit dimensions when they place
/// the lower-rank operand elsewhere.
fn title(kind: BroadcastPolicy, policy: &Policy, align: &Alignment) -> String {
    let attr = match kind {
        BroadcastPolicy::Explicit { attr } | BroadcastPolicy::NumPyOrExplicit { attr } => attr,
        _ => "",
    };
    let from_right = align.columns.iter().flatten().all(|cols| {
        cols.iter()
            .enumerate()
            .all(|(i, &c)| c == align.rank - cols.len() + i)
    });
    match policy {
        Policy::Explicit(dims) if !from_right => {
            let list: Vec<String> = dims.iter().map(i64::to_string).collect();
            format!("shapes aligned by {attr} = [{}]:", list.join(", "))
        }
        _ => "shapes aligned from the right:".to_owned(),
    }
}
