//! `--dce`: erases trivially dead ops (`Pure`, no regions, not a terminator,
//! results unused) everywhere, including nested regions, until none is left.
//!
//! One pass visits ops in reverse program order, nested ops before the op holding
//! them, so users go before the values they use. Erasing an op re-examines the ops
//! defining its operands at once, which catches the rest (a use in an earlier block
//! of a loop, say): the result is a fixpoint, in time linear in the program.

use tensor_ir::module::EditError;
use tensor_ir::pass::{Pass, PassOutcome};
use tensor_ir::rewrite::is_trivially_dead;
use tensor_ir::{Context, Diagnostic, Diagnostics, Location, Module, OpId, ValueDef};

/// The `--dce` pass.
#[derive(Default)]
pub struct Dce;

impl Pass for Dce {
    fn argument(&self) -> &'static str {
        "dce"
    }

    fn name(&self) -> &'static str {
        "DCE"
    }

    fn description(&self) -> &'static str {
        "Erase operations without side effects whose results are unused"
    }

    fn run(&mut self, ctx: &mut Context, module: &mut Module) -> Result<PassOutcome, Diagnostics> {
        let erased = erase_dead_ops(ctx, module).map_err(|e| {
            let mut d = Diagnostics::default();
            d.push(Diagnostic::error(
                Location::Unknown,
                format!("DCE could not erase an operation: {e}"),
            ));
            d
        })?;
        Ok(PassOutcome::changed(erased > 0).with_statistic(
            "num-erased",
            "Number of operations erased",
            erased,
        ))
    }
}

/// Erases every trivially dead op of the module; returns how many.
///
/// # Errors
/// If an op could not be erased (IR that did not verify).
pub fn erase_dead_ops(ctx: &Context, module: &mut Module) -> Result<u64, EditError> {
    let Some(top) = module.top() else {
        return Ok(0);
    };
    // Pre-order reversed: later ops first, nested ops before their parent.
    let ops = module.collect_ops(top);
    let mut erased = 0;
    let mut work: Vec<OpId> = Vec::new();
    for &op in ops.iter().rev() {
        work.push(op);
        while let Some(op) = work.pop() {
            if module.op(op).is_erased() || !is_trivially_dead(ctx, module, op) {
                continue;
            }
            let defs: Vec<OpId> = module
                .operands(op)
                .iter()
                .filter_map(|&v| match module.value(v).def() {
                    ValueDef::Result { op, .. } => Some(op),
                    _ => None,
                })
                .collect();
            module.erase_op(op)?;
            erased += 1;
            work.extend(defs);
        }
    }
    Ok(erased)
}
