//! Shared fixtures: an MLIR context with every upstream dialect, and
//! diagnostics rendered as `mlir-opt` prints them (without source lines).

use melior::Context;
use melior::dialect::DialectRegistry;
use melior::ir::Module;
use melior::utility::register_all_dialects;
use tensor_melior_bridge::{Diagnostic, parse_and_verify};

/// A context with every upstream dialect loaded that also accepts
/// unregistered ones (`test.broadcastable`).
pub fn context() -> Context {
    let registry = DialectRegistry::new();
    register_all_dialects(&registry);
    let context = Context::new();
    context.append_dialect_registry(&registry);
    context.load_all_available_dialects();
    context.set_allow_unregistered_dialects(true);
    context
}

/// `text` parsed and verified by MLIR, with locations naming `file`.
pub fn parse<'c>(context: &'c Context, file: &str, text: &str) -> Module<'c> {
    match parse_and_verify(context, text, file) {
        Ok(module) => module,
        Err(ds) => panic!("MLIR rejects the input:\n{}", render(&ds)),
    }
}

/// Each diagnostic as `file:line:col: error: message` with its notes.
pub fn render(diagnostics: &[Diagnostic<'_>]) -> String {
    diagnostics
        .iter()
        .map(|d| format!("{d}\n"))
        .collect::<String>()
}

/// [`render`] without the `see current operation:` notes, which repeat the op.
pub fn render_short(diagnostics: &[Diagnostic<'_>]) -> String {
    render(diagnostics)
        .lines()
        .filter(|l| !l.contains(": note: see current operation:"))
        .map(|l| format!("{l}\n"))
        .collect()
}

/// The text of `tests/inputs/<name>`.
pub fn input(name: &str) -> String {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/inputs")
        .join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}
