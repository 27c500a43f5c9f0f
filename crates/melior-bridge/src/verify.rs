//! The entry points: verify every broadcasting op of a melior module, or
//! infer the result types it could have.

use broadcastable::{BroadcastableOp, Error, Policy, Semantics, wording};
use melior::ir::RegionLike;
use melior::ir::block::BlockLike;
use melior::ir::operation::{OperationLike, OperationPrintingFlags};
use melior::ir::{Module, OperationRef, Type, ValueLike};

use crate::config::Config;
use crate::diag::{Diagnostic, Severity};
use crate::view::{OpView, with_shape};

/// Calls `f` on `root` and every op nested in it, in program order (an op
/// before the ops of its regions). Iterative: nesting depth is no stack risk.
/// (melior's `walk` hands out operations that cannot outlive the callback.)
pub fn walk<'c, 'a>(root: OperationRef<'c, 'a>, mut f: impl FnMut(OperationRef<'c, 'a>)) {
    let mut stack = vec![root];
    let mut children = Vec::new();
    while let Some(op) = stack.pop() {
        f(op);
        for region in op.regions() {
            let mut block = region.first_block();
            while let Some(b) = block {
                let mut next = b.first_operation();
                while let Some(child) = next {
                    children.push(child);
                    next = child.next_in_block();
                }
                block = b.next_in_region();
            }
        }
        stack.extend(children.drain(..).rev());
    }
}

/// The op's name as a string (`tosa.add`).
fn op_name(op: OperationRef<'_, '_>) -> String {
    op.name().as_string_ref().as_str().unwrap_or("").to_owned()
}

/// An error at `op` worded as MLIR's `emitOpError` (`'tosa.add' op ...`),
/// with the `see current operation:` note (the op in the generic form) that
/// MLIR attaches first, as `mlir-opt` and `tensor-opt` print it.
fn op_error<'c>(op: OperationRef<'c, '_>, message: &str) -> Diagnostic<'c> {
    let d = Diagnostic::new(
        Severity::Error,
        op.location(),
        format!("'{}' op {message}", op_name(op)),
    );
    let flags = OperationPrintingFlags::new().print_generic_operation_form();
    match op.to_string_with_flags(flags) {
        Ok(text) => d.with_note(
            op.location(),
            format!("see current operation: {}", text.trim_end()),
        ),
        Err(_) => d,
    }
}

/// Upstream's trait is the NumPy policy; only there, under the `mlir`
/// semantics, must the diagnostics be exactly upstream's (no notes).
fn with_notes(policy: &Policy, semantics: Semantics) -> bool {
    !(semantics == Semantics::Mlir && *policy == Policy::NumPy)
}

/// The error of `view`'s op for `err`, worded as every IR of the project
/// words it.
fn error_at<'c>(view: &OpView<'c, '_>, semantics: Semantics, err: &Error) -> Diagnostic<'c> {
    let op = view.operation();
    let text = wording::error(view, err);
    let d = op_error(op, &text.message);
    match text.note {
        Some(note) if with_notes(&view.policy(), semantics) => d.with_note(op.location(), note),
        _ => d,
    }
}

/// Verifies `op` if `config` names it: its errors, and its obligations as
/// remarks when asked for. `Ok(Some(view))` for an op that verifies.
fn check<'c, 'a>(
    op: OperationRef<'c, 'a>,
    config: &Config,
    out: &mut Vec<Diagnostic<'c>>,
) -> Option<OpView<'c, 'a>> {
    let name = op.name();
    let spec = config.spec(name.as_string_ref().as_str().ok()?)?;
    let semantics = config.current_semantics();
    let view = match OpView::of(op, spec) {
        Ok(view) => view,
        Err(message) => {
            out.push(op_error(op, &message));
            return None;
        }
    };
    match view.verify_broadcast(semantics) {
        Err(err) => {
            out.push(error_at(&view, semantics, &err));
            None
        }
        Ok(inferred) => {
            // Only upstream's optimistic inference accepts such operands.
            if semantics == Semantics::Mlir
                && let Some(text) = wording::never_satisfiable(&inferred)
            {
                let mut d = op_error(op, &text.message);
                if let Some(note) = text.note {
                    d = d.with_note(op.location(), note);
                }
                out.push(d);
                return None;
            }
            if config.reports_obligations() {
                for c in &inferred.checks {
                    out.push(Diagnostic::new(
                        Severity::Remark,
                        op.location(),
                        wording::obligation(&view, c),
                    ));
                }
            }
            Some(view)
        }
    }
}

/// Verifies every op of `module` that `config` says carries broadcasting
/// semantics, and returns the diagnostics in program order: an error for
/// each failing op (every one, not only the first), at the op's location,
/// with notes naming the operands and dimensions involved; and, if
/// [`Config::obligations`] asks for them, a remark for each run-time
/// obligation. Nothing is reported for a module whose broadcasts are valid.
///
/// The module is not changed; MLIR's own verifier is not run (see
/// [`crate::parse_and_verify`] for that).
pub fn verify_broadcasts<'c>(module: &Module<'c>, config: &Config) -> Vec<Diagnostic<'c>> {
    verify_operation(module.as_operation(), config)
}

/// [`verify_broadcasts`] on `root` and the ops nested in it.
pub fn verify_operation<'c>(root: OperationRef<'c, '_>, config: &Config) -> Vec<Diagnostic<'c>> {
    let mut out = Vec::new();
    walk(root, |op| {
        check(op, config, &mut out);
    });
    out
}

/// A result type that inference can make more precise.
#[derive(Clone, Debug)]
pub struct Refinement<'c, 'a> {
    /// The op.
    pub op: OperationRef<'c, 'a>,
    /// Which result (always 0: broadcasting ops have one).
    pub result: usize,
    /// Its declared type (`tensor<*xf32>`).
    pub declared: Type<'c>,
    /// The inferred type (`tensor<?x6xf32>`), same element type and encoding.
    pub inferred: Type<'c>,
}

impl Refinement<'_, '_> {
    /// Sets the result's type to [`Refinement::inferred`]. Only the caller
    /// knows whether every use of the value accepts the new type (a
    /// `func.return` does not): check before applying.
    pub fn apply(&self) {
        if let Ok(result) = self.op.result(self.result) {
            result.set_type(self.inferred);
        }
    }
}

/// Infers, for every broadcasting op of `module`, the most precise result
/// type its operands justify, and returns those more precise than declared
/// (a `*` becomes the inferred shape, a `?` a static size where the operands
/// determine it; `broadcastable::refined_result_shape` has the rules).
///
/// Types are inferred from the declared operand types: to let the users of a
/// refined value refine in turn, apply the refinements and call again.
///
/// # Errors
/// The diagnostics of [`verify_broadcasts`] when an op fails: a failing
/// module is reported, not refined.
pub fn refine_broadcasts<'c, 'a>(
    module: &'a Module<'c>,
    config: &Config,
) -> Result<Vec<Refinement<'c, 'a>>, Vec<Diagnostic<'c>>> {
    let mut diagnostics = Vec::new();
    let mut refinements = Vec::new();
    let semantics = config.current_semantics();
    walk(module.as_operation(), |op| {
        let Some(view) = check(op, config, &mut diagnostics) else {
            return;
        };
        let Ok(Some(shape)) = view.refined_result(semantics) else {
            return;
        };
        let Ok(result) = op.result(0) else {
            return;
        };
        let declared = result.r#type();
        if let Some(inferred) = with_shape(declared, &shape)
            && inferred != declared
        {
            refinements.push(Refinement {
                op,
                result: 0,
                declared,
                inferred,
            });
        }
    });
    if diagnostics.iter().any(Diagnostic::is_error) {
        return Err(diagnostics);
    }
    Ok(refinements)
}
