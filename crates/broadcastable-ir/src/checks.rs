//! Run-time size checks of ops that are not Broadcastable but match sizes by
//! rules of their own, such as a matrix product's batch dims (which broadcast)
//! and contracted dims (which must be equal). The op's dialect attaches
//! [`SizeChecks`] to it, so `--verify-broadcast` reports and proves these
//! checks as it does the trait's, and no other crate knows the op's rule.

use broadcastable::RuntimeCheck;
use tensor_ir::{Context, Module, OpId, Symbol};

/// One run-time condition of an op, with what it is about (`"batch dims"`,
/// `"contracted dims"`), which prefixes its remark.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SizeCheck {
    /// What the condition is about, in the words of the op's documentation.
    pub what: &'static str,
    /// The condition, over the op's operand dims.
    pub check: RuntimeCheck,
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
