//! tensor-opt's fuzz harness (issue 12). The cargo-fuzz targets in `fuzz/` are one
//! line each, [`run`] on the fuzzer's bytes; `cargo test` replays the kept corpus
//! and every crasher (`fuzz/corpus/`, `fuzz/regressions/`) through the same
//! function, so a finding stays fixed without a fuzzer.
//!
//! The targets and their properties:
//! - [`Target::Parse`]: bytes as a file. The driver never panics, exits 0 or 1
//!   (1 with a message), and accepted input prints to text that is accepted again
//!   and prints the same (custom form, generic form, with debug info).
//! - [`Target::Verify`]: a structure-aware `nd` program ([`Program`]) verified
//!   under both broadcast semantics, with the same properties.
//! - [`Target::Lower`]: a [`Program`] through `--lower-broadcast`. A program that
//!   verifies lowers; the output verifies and passes `--verify-explicit-broadcast`
//!   (unless the pass warned that it left an op as it was).
//! - [`Target::Interp`]: a small broadcasting program and its arguments
//!   ([`InterpInput`]) run by the interpreter, as written and lowered: the
//!   reference evaluator's values, or an error at the op where it fails.

mod checks;
pub mod interp;
mod program;

pub use checks::{check_lower, check_parse, check_verify};
pub use interp::{InterpInput, check_interp};
pub use program::{Dim, Elem, Loc, Op, Program, Ty};

use arbitrary::{Arbitrary, Unstructured};

/// A fuzz target.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    /// The parser (and verifier and printer) on raw bytes.
    Parse,
    /// The verifier under both semantics on generated programs.
    Verify,
    /// `--lower-broadcast` on generated programs.
    Lower,
    /// The interpreter against the reference evaluator.
    Interp,
}

impl Target {
    /// Every target.
    pub const ALL: [Target; 4] = [Target::Parse, Target::Verify, Target::Lower, Target::Interp];

    /// The target's name: its cargo-fuzz binary and its corpus directory.
    pub fn name(self) -> &'static str {
        match self {
            Target::Parse => "parse",
            Target::Verify => "verify",
            Target::Lower => "lower",
            Target::Interp => "interp",
        }
    }
}

/// Decodes `data` as cargo-fuzz's typed targets do (`arbitrary_take_rest`);
/// `None` when the bytes do not decode.
pub fn decode<'a, T: Arbitrary<'a>>(data: &'a [u8]) -> Option<T> {
    T::arbitrary_take_rest(Unstructured::new(data)).ok()
}

/// Runs `target` on the fuzzer's bytes; panics on a finding.
pub fn run(target: Target, data: &[u8]) {
    match target {
        Target::Parse => check_parse(data),
        Target::Verify => {
            if let Some(p) = decode::<Program>(data) {
                check_verify(&p.render());
            }
        }
        Target::Lower => {
            if let Some(p) = decode::<Program>(data) {
                check_lower(&p.render());
            }
        }
        Target::Interp => {
            if let Some(i) = decode::<InterpInput>(data) {
                check_interp(&i);
            }
        }
    }
}
