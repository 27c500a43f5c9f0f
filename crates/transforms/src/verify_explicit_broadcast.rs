//! `--verify-explicit-broadcast`: checks what `--lower-broadcast` establishes, that
//! no op broadcasts implicitly, and reports every op that still does, at the op,
//! with the reason its [`ExplicitBroadcast`] entry gives (which operand is not of the
//! shape it is used at, and why).
//!
//! Ops without an entry (`test.broadcastable`, unregistered ops) are not checked.

use broadcastable_ir::{ExplicitBroadcast, Sweep};
use tensor_ir::pass::{Pass, PassOutcome};
use tensor_ir::verify::{op_error, with_current_op};
use tensor_ir::{Context, Diagnostics, Module};

/// The `--verify-explicit-broadcast` pass.
#[derive(Default)]
pub struct VerifyExplicitBroadcast;

impl Pass for VerifyExplicitBroadcast {
    fn argument(&self) -> &'static str {
        "verify-explicit-broadcast"
    }

    fn name(&self) -> &'static str {
        "VerifyExplicitBroadcast"
    }

    fn description(&self) -> &'static str {
        "Check that no operation broadcasts implicitly (as after --lower-broadcast), \
         reporting every one that does"
    }

    fn run(&mut self, ctx: &mut Context, module: &mut Module) -> Result<PassOutcome, Diagnostics> {
        let errors = implicit_broadcasts(ctx, module);
        if errors.is_empty() {
            Ok(PassOutcome::unchanged())
        } else {
            Err(errors)
        }
    }
}

/// One error per op of `module` that still broadcasts implicitly, in program order.
pub fn implicit_broadcasts(ctx: &Context, module: &Module) -> Diagnostics {
    let mut errors = Diagnostics::default();
    let Some(top) = module.top() else {
        return errors;
    };
    // In program order, sharing what is worked out about values from op to op.
    let mut sweep = Sweep::default();
    module.walk(top, |op| {
        let Some(entry) = ctx.interface::<ExplicitBroadcast>(module.op(op).name()) else {
            return;
        };
        if let Some(why) = (entry.implicit)(ctx, module, op, &mut sweep) {
            let d = op_error(ctx, module, op, format!("broadcasts implicitly: {why}"));
            errors.push(with_current_op(ctx, module, op, d));
        }
    });
    errors
}
