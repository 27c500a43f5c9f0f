//! Run-time size checks of ops that are not Broadcastable but match sizes by
//! rules of their own, such as a matrix product's batch dims (which broadcast)
//! and contracted dims (which must be equal). The op's dialect attaches
//! [`SizeChecks`] to it, so `--verify-broadcast` reports and proves these
//! checks as it does the trait's, and no other crate knows the op's rule.

use broadcastable::{Bound, OperandDim, RuntimeCheck};
use tensor_ir::{Context, Module, OpId, Symbol};

/// One run-time condition of an op, with what it is about (`"batch dims"`,
/// `"contracted dims"`), which prefixes its remark.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SizeCheck {
    /// What the condition is about, in the words of the op's documentation.
    pub what: &'static str,
    /// The condition, over the op's operand dims.
    pub check: RuntimeCheck,
    /// The operand whose "dims" in `check` are the entries of the shape it
    /// holds (an explicit broadcast's shape operand), if any.
    pub entries_of: Option<usize>,
}

impl SizeCheck {
    /// The remark's words: `what: <condition> at run time`, each dynamic size
    /// named by `names` (the shape analysis's name) or `?`.
    pub fn describe(
        &self,
        ctx: &Context,
        module: &Module,
        op: OpId,
        names: &broadcastable::wording::SizeNames<'_>,
    ) -> String {
        let Some(k) = self.entries_of else {
            let text = crate::obligation_named(ctx, module, op, &self.check, names);
            return format!("{}: {text}", self.what);
        };
        let dim = |d: OperandDim| {
            let name = names(d).unwrap_or_else(|| "?".to_owned());
            if d.operand == k {
                format!("entry {} of operand #{k} ({name})", d.dim)
            } else {
                let size = crate::view::static_dim(ctx, module, op, d);
                format!("{d} ({})", size.map_or(name, |n| n.to_string()))
            }
        };
        let bound = |b: &Bound| match b {
            Bound::Size(n) => n.to_string(),
            Bound::Dim(d) => dim(*d),
        };
        let text = match &self.check {
            RuntimeCheck::OneOrEqual { subject, to, .. } => format!(
                "{} must be 1 or equal to {} at run time",
                dim(*subject),
                bound(to)
            ),
            RuntimeCheck::Equal { subject, to, .. } => {
                format!("{} must equal {} at run time", dim(*subject), bound(to))
            }
            other => other.to_string(),
        };
        format!("{}: {text}", self.what)
    }
}

/// The interface: the run-time conditions on `op`'s sizes that its types leave
/// open. Conditions its types refute are the op verifier's errors, not here.
#[derive(Clone, Copy)]
pub struct SizeChecks(pub fn(&Context, &Module, OpId) -> Vec<SizeCheck>);

/// The run-time size conditions of `op`, if its kind declares [`SizeChecks`].
pub fn size_checks(ctx: &Context, module: &Module, op: OpId) -> Option<Vec<SizeCheck>> {
    let kind: Symbol = module.op(op).name();
    ctx.interface::<SizeChecks>(kind)
        .map(|f| (f.0)(ctx, module, op))
}
