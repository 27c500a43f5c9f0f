//! Run-time size checks of ops that are not Broadcastable but match sizes by
//! rules of their own, such as a matrix product's batch dims (which broadcast)
//! and contracted dims (which must be equal). The op's dialect attaches
//! [`SizeChecks`] to it, so `--verify-broadcast` reports and proves these
//! checks as it does the trait's, and no other crate knows the op's rule.

use broadcastable::{OperandDim, RuntimeCheck};
use tensor_ir::{Context, Module, OpId};

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
        let view = crate::OpView::new(ctx, module, op, crate::BroadcastPolicy::NumPy);
        let dim = |d: OperandDim| {
            if d.operand == k {
                let name = names(d).unwrap_or_else(|| "?".to_owned());
                format!("entry {} of operand #{k} ({name})", d.dim)
            } else {
                broadcastable::wording::operand_dim(&view, d, names)
            }
        };
        let text = broadcastable::wording::obligation_worded(&self.check, &dim);
        format!("{}: {text}", self.what)
    }
}

/// The interface: the run-time conditions on `op`'s sizes that its types leave
/// open. Conditions its types refute are the op verifier's errors, not here.
#[derive(Clone, Copy)]
pub struct SizeChecks(pub fn(&Context, &Module, OpId) -> Vec<SizeCheck>);
