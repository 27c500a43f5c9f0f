//! Upstream MLIR text into a melior module, with MLIR's own diagnostics as
//! data: what a test, or the export to upstream dialects, needs to hand text
//! to MLIR in-process and learn what it thinks.

use std::cell::RefCell;
use std::rc::Rc;

use melior::Context;
use melior::ir::block::BlockLike;
use melior::ir::operation::OperationLike;
use melior::ir::{Location, Module};

use crate::diag::{Diagnostic, Severity};
use crate::ffi;

/// Runs `f` with a handler on `context` that collects every diagnostic MLIR
/// emits (and keeps it from being printed), then returns them with `f`'s
/// result.
fn capturing<'c, T>(context: &'c Context, f: impl FnOnce() -> T) -> (T, Vec<Diagnostic<'c>>) {
    let captured: Rc<RefCell<Vec<Diagnostic<'c>>>> = Rc::default();
    let sink = Rc::clone(&captured);
    let id = context.attach_diagnostic_handler(move |d| {
        let at = |l| ffi::location_of(context, l).unwrap_or_else(|| Location::unknown(context));
        let mut out = Diagnostic::new(d.severity().into(), at(d.location()), d.to_string());
        for i in 0..d.note_count() {
            if let Ok(note) = d.note(i) {
                out = out.with_note(at(note.location()), note.to_string());
            }
        }
        sink.borrow_mut().push(out);
        true
    });
    let value = f();
    context.detach_diagnostic_handler(id);
    let diagnostics = captured.take();
    (value, diagnostics)
}

/// Parses MLIR text into a module of `context` and runs MLIR's verifier on
/// it, as `mlir-opt` would: the module if both succeed, or every diagnostic
/// MLIR reported (parse or verifier errors, with their notes), at locations
/// naming `filename`.
///
/// The ops' dialects must be loaded in `context` (or unregistered dialects
/// allowed). A text whose one top-level op is not a `builtin.module` is
/// wrapped in one, as `mlir-opt` does; MLIR 22's C API parses only texts
/// with one top-level op.
///
/// # Errors
/// MLIR's diagnostics; a text holding a NUL byte, which MLIR cannot read, is
/// one error at an unknown location.
pub fn parse_and_verify<'c>(
    context: &'c Context,
    source: &str,
    filename: &str,
) -> Result<Module<'c>, Vec<Diagnostic<'c>>> {
    if let Some(at) = source.find('\0') {
        return Err(vec![Diagnostic::new(
            Severity::Error,
            Location::unknown(context),
            format!("{filename}: MLIR text cannot hold a NUL byte (at byte {at})"),
        )]);
    }
    let (module, mut diagnostics) = capturing(context, || {
        let op = ffi::parse_operation(context, source, filename)?;
        if op.name().as_string_ref().as_str() == Ok("builtin.module") {
            return Module::from_operation(op);
        }
        let module = Module::new(op.location());
        module.body().append_operation(op);
        Some(module)
    });
    let Some(module) = module else {
        if diagnostics.is_empty() {
            diagnostics.push(Diagnostic::new(
                Severity::Error,
                Location::unknown(context),
                format!("{filename}: MLIR could not parse the text"),
            ));
        }
        return Err(diagnostics);
    };
    let (valid, more) = capturing(context, || module.as_operation().verify());
    diagnostics.extend(more);
    if valid && !diagnostics.iter().any(Diagnostic::is_error) {
        Ok(module)
    } else {
        Err(diagnostics)
    }
}
