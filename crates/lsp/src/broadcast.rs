//! What hover says about a broadcasting op: the result shape the Broadcastable trait
//! infers, the result dims each operand expands, and the run-time checks.

use broadcastable::xla::validate_broadcast_dimensions;
use broadcastable::{BroadcastableOp, Container, Dim, Policy, Shape, Typed};
use broadcastable_ir::{BroadcastVerifier, OpView, policy_of};
use std::fmt::Write as _;
use tensor_ir::{Context, Module, OpId};

/// Markdown about `op`'s broadcast, or `None` if it has no Broadcastable trait.
pub fn describe(ctx: &Context, module: &Module, op: OpId) -> Option<String> {
    let def = ctx.op_def(module.op(op).name())?;
    let trait_policy = policy_of(def)?;
    let view = OpView::new(ctx, module, op, trait_policy);
    let mut out = String::new();
    let policy = match view.checked_policy() {
        Ok(p) => p,
        Err(d) => return Some(format!("**broadcast**: {}", d.message)),
    };
    let _ = write!(out, "**broadcast** ({})", policy_name(&policy));
    let mut verifier = BroadcastVerifier::new();
    let (inferred, checks) = match verifier.obligations(ctx, module, op, trait_policy) {
        Ok(x) => x,
        Err(d) => {
            let _ = write!(out, ": does not broadcast: {}", d.message);
            return Some(out);
        }
    };
    let _ = writeln!(
        out,
        ": inferred result shape `{}`",
        shape_text(&inferred.shape)
    );
    let operands = view.operand_types();
    let result_dims = inferred.shape.dims();
    for (k, &v) in module.operands(op).iter().enumerate() {
        let ty = ctx.ty(module.value_type(v));
        let what = match (operands.get(k), result_dims) {
            (Some(t), Some(dims)) => expansion(&policy, &operands, k, t, dims),
            (Some(t), None) if !t.shape.is_ranked() && t.container == Container::Tensor => {
                "unranked: checked at run time".to_string()
            }
            _ => "the result's rank is only known at run time".to_string(),
        };
        let _ = writeln!(out, "- operand #{k} `{ty}`: {what}");
    }
    if !checks.is_empty() {
        out.push_str("\nrun-time checks:\n");
        for c in checks.iter() {
            let _ = writeln!(out, "- {c}");
        }
    }
    Some(out)
}

/// `4x?`, `*`, or `scalar` for rank 0.
fn shape_text(shape: &Shape) -> String {
    match shape.rank() {
        Some(0) => "scalar".into(),
        _ => shape.to_string(),
    }
}

fn policy_name(policy: &Policy) -> String {
    match policy {
        Policy::NumPy => "NumPy".into(),
        Policy::EqualRank => "equal ranks".into(),
        Policy::Unidirectional => "in place".into(),
        Policy::Explicit(dims) => format!("XLA broadcast_dimensions = {dims:?}"),
    }
}

/// Which dims of the result (of dims `result`) operand `k` (of type `t`) expands.
fn expansion(policy: &Policy, operands: &[Typed], k: usize, t: &Typed, result: &[Dim]) -> String {
    let dims: &[Dim] = match (&t.container, t.shape.dims()) {
        (Container::Scalar, _) => &[],
        (_, Some(d)) => d,
        (_, None) => return "unranked: checked at run time".into(),
    };
    let Some(targets) = targets(policy, operands, k, dims.len(), result.len()) else {
        return "does not align with the result".into();
    };
    let mut added = Vec::new();
    for j in 0..result.len() {
        if !targets.contains(&j) {
            added.push(j.to_string());
        }
    }
    let mut parts = Vec::new();
    if !added.is_empty() {
        let s = if added.len() == 1 { "" } else { "s" };
        parts.push(format!("adds dim{s} {}", added.join(", ")));
    }
    for (&d, &j) in dims.iter().zip(&targets) {
        let Some(&r) = result.get(j) else { continue };
        match d {
            Dim::Static(1) if r != Dim::ONE => {
                parts.push(format!("stretches dim {j} from 1 to {r}"))
            }
            Dim::Dynamic if r != Dim::ONE => {
                parts.push(format!("stretches dim {j} (?) at run time if it is 1"));
            }
            _ => {}
        }
    }
    if parts.is_empty() {
        "expands nothing".into()
    } else {
        parts.join("; ")
    }
}

/// The result dim each operand dim lines up with, or `None` if they do not line up.
fn targets(
    policy: &Policy,
    operands: &[Typed],
    k: usize,
    rank: usize,
    result_rank: usize,
) -> Option<Vec<usize>> {
    if let Policy::Explicit(bd) = policy
        && let [a, b] = operands
        && let (Some(lhs), Some(rhs)) = (ranked(a), ranked(b))
        && let Ok(mapping) = validate_broadcast_dimensions(lhs, rhs, bd)
        && mapping.lower == k
        && rank <= result_rank
    {
        return Some(mapping.targets);
    }
    // Aligned from the right.
    let offset = result_rank.checked_sub(rank)?;
    Some((0..rank).map(|i| i + offset).collect())
}

fn ranked(t: &Typed) -> Option<&[Dim]> {
    match t.container {
        Container::Scalar => Some(&[]),
        _ => t.shape.dims(),
    }
}
