//! The error helpers of op verification, shared with the op verifiers of dialects.

use crate::Context;
use crate::diag::{Diagnostic, codes, suggest};
use crate::module::{Module, OpId};
use crate::print::op_to_generic_string;

/// Attaches upstream's `see current operation:` note to an op's diagnostic, as its
/// first note: upstream attaches it when the error is created, before any other.
pub fn with_current_op(ctx: &Context, module: &Module, op: OpId, d: Diagnostic) -> Diagnostic {
    let loc = d.location;
    let text = op_to_generic_string(ctx, module, op);
    // Upstream starts a multi-line op (one with regions) on a line of its own.
    let sep = if module.op(op).regions().is_empty() {
        ""
    } else {
        "\n"
    };
    let mut d = d.with_note(loc, format!("see current operation: {sep}{text}"));
    d.notes.rotate_right(1);
    d
}

/// The error prefix upstream puts before op diagnostics: `'name' op `.
pub fn op_error(
    ctx: &Context,
    module: &Module,
    op: OpId,
    message: impl std::fmt::Display,
) -> Diagnostic {
    let o = module.op(op);
    Diagnostic::error(
        o.location(),
        format!("'{}' op {message}", ctx.str(o.name())),
    )
}

/// `'name' op <message>` for a required attribute `expected` that `op` lacks; when
/// the op carries an attribute with a close name, a hint names the one it probably
/// meant.
pub fn missing_attribute(
    ctx: &Context,
    module: &Module,
    op: OpId,
    expected: &str,
    message: impl std::fmt::Display,
) -> Diagnostic {
    let d = op_error(ctx, module, op, message).with_code(codes::MISSING_ATTRIBUTE);
    let o = module.op(op);
    let present = o.props().iter().chain(o.attrs()).map(|n| ctx.str(n.name));
    match suggest::best_match(expected, present) {
        Some(found) => {
            let loc = d.location;
            d.with_hint(
                loc,
                format!("did you mean `{expected}` instead of `{found}`?"),
            )
        }
        None => d,
    }
}

/// A dialect's check of the attributes it owns (`dialect.name`) on the arguments of
/// a function-like op, as upstream's `Dialect::verifyRegionArgAttribute`: attached
/// with [`Context::attach_dialect_interface`], called by the op's verifier with the
/// op, the argument's number, the attribute's name and its value.
#[derive(Clone, Copy, Debug)]
pub struct ArgAttrVerifier(pub ArgAttrVerifyFn);

/// The function of an [`ArgAttrVerifier`]: `(ctx, module, op, argument, name, value)`.
pub type ArgAttrVerifyFn =
    fn(&Context, &Module, OpId, usize, &str, crate::Attribute) -> Result<(), Diagnostic>;
