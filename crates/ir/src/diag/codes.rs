//! Stable diagnostic codes of the core, and the fallbacks the driver gives a
//! diagnostic that its creator left without one, by the phase that reported it.
//!
//! A code names what went wrong, not how it is worded: tools (JSON and SARIF
//! output, editors) key on it, so a code, once published, is not renamed. Other
//! crates define their own (`broadcastable_ir::codes`); by convention a code is
//! `area.what`, lower case with `-`.

use super::Severity;

/// A syntax error (the parser's fallback).
pub const PARSE_ERROR: &str = "parse.error";
/// An op name that no registered dialect defines.
pub const UNKNOWN_OP: &str = "parse.unknown-op";
/// A type keyword that is not a builtin type.
pub const UNKNOWN_TYPE: &str = "parse.unknown-type";
/// An attribute keyword that is not a builtin attribute (nor a type).
pub const UNKNOWN_ATTRIBUTE: &str = "parse.unknown-attribute";
/// A keyword other than the one the syntax expects.
pub const EXPECTED_KEYWORD: &str = "parse.expected-keyword";
/// A use of an SSA value name that is not defined.
pub const UNDECLARED_VALUE: &str = "parse.undeclared-value";
/// An invalid program (the verifier's fallback).
pub const VERIFY_ERROR: &str = "verify.error";
/// An op of a registered dialect that the dialect does not define.
pub const UNREGISTERED_OP: &str = "verify.unregistered-op";
/// A required attribute is missing.
pub const MISSING_ATTRIBUTE: &str = "verify.missing-attribute";
/// A symbol reference (`@f`) that names no symbol of the expected kind.
pub const UNKNOWN_SYMBOL: &str = "verify.unknown-symbol";
/// An error a pass reported (a pass's fallback).
pub const PASS_ERROR: &str = "pass.error";
/// A warning a pass reported (a pass's fallback).
pub const PASS_WARNING: &str = "pass.warning";
/// A remark a pass reported (a pass's fallback).
pub const PASS_REMARK: &str = "pass.remark";
/// A pass failed without saying why.
pub const PASS_FAILED: &str = "pass.failed";
/// A pass left IR that does not verify.
pub const PASS_INVALID_IR: &str = "pass.invalid-ir";
/// `--verify-diagnostics`: a diagnostic no `expected-*` comment expects.
pub const UNEXPECTED_DIAGNOSTIC: &str = "verify-diagnostics.unexpected";
/// `--verify-diagnostics`: an `expected-*` comment nothing produced.
pub const EXPECTED_NOT_PRODUCED: &str = "verify-diagnostics.not-produced";
/// `--verify-diagnostics`: a malformed `expected-*` comment.
pub const INVALID_EXPECTATION: &str = "verify-diagnostics.invalid";
/// The command line or the input could not be used.
pub const DRIVER_ERROR: &str = "driver.error";

/// The phase that reported a diagnostic, for [`fallback`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// Parsing.
    Parse,
    /// Verification (after parsing or after a pass).
    Verify,
    /// A pass.
    Pass,
}

/// The code of a diagnostic `phase` reported with `severity` when its creator gave
/// none.
pub fn fallback(phase: Phase, severity: Severity) -> &'static str {
    match (phase, severity) {
        (Phase::Parse, _) => PARSE_ERROR,
        (Phase::Verify, _) => VERIFY_ERROR,
        (Phase::Pass, Severity::Warning) => PASS_WARNING,
        (Phase::Pass, Severity::Remark | Severity::Note) => PASS_REMARK,
        (Phase::Pass, Severity::Error) => PASS_ERROR,
    }
}
