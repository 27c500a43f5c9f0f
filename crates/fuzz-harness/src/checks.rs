//! The properties of the parse, verify and lower targets, checked through the
//! pipeline (`tensor_pipeline`) as the command line runs it.

use broadcastable::Semantics;
use tensor_pipeline::{Options, Outcome, PassInvocation, default_registry, run_bytes_with};

fn options(semantics: Semantics, passes: &[&str]) -> Options {
    Options {
        input: "fuzz.mlir".into(),
        allow_unregistered: true,
        broadcast_semantics: semantics,
        passes: passes.iter().map(|p| PassInvocation::new(*p)).collect(),
        ..Options::default()
    }
}

fn drive(options: &Options, text: &[u8]) -> Outcome {
    let registry = default_registry().expect("the passes register");
    run_bytes_with(&registry, options, "fuzz.mlir", text.to_vec())
}

/// Exit code 0 or 1, and 1 says why.
#[track_caller]
fn clean(out: &Outcome, text: &[u8]) {
    let text = String::from_utf8_lossy(text);
    assert!(
        out.code == 0 || out.code == 1,
        "exit {} on:\n{text}\n{}",
        out.code,
        out.diagnostics
    );
    if out.code == 1 {
        assert!(
            out.diagnostics.contains("error"),
            "a failure must say why:\n{text}"
        );
    }
}

/// Accepted output is accepted again and prints the same, in each form.
fn round_trips(semantics: Semantics, output: &str, from: &[u8]) {
    let from = String::from_utf8_lossy(from);
    for (generic, debuginfo) in [(false, false), (true, false), (false, true)] {
        let print = Options {
            print_generic: generic,
            print_debuginfo: debuginfo,
            ..options(semantics, &[])
        };
        let first = drive(&print, output.as_bytes());
        assert_eq!(
            first.code, 0,
            "printed output is rejected:\n{output}\n{}\nfrom:\n{from}",
            first.diagnostics
        );
        let second = drive(&print, first.output.as_bytes());
        assert_eq!(
            second.code, 0,
            "reprinted output is rejected (generic {generic}, debuginfo {debuginfo}):\n{}\n{}\nfrom:\n{from}",
            first.output, second.diagnostics
        );
        assert_eq!(
            first.output, second.output,
            "printing is not a fixed point (generic {generic}, debuginfo {debuginfo}) from:\n{from}"
        );
    }
}

/// The parse target's property on raw bytes.
pub fn check_parse(data: &[u8]) {
    let out = drive(&options(Semantics::Spec, &[]), data);
    clean(&out, data);
    if out.code == 0 {
        round_trips(Semantics::Spec, &out.output, data);
    }
}

/// The verify target's property on a program's text, under both semantics.
pub fn check_verify(text: &str) {
    for semantics in [Semantics::Spec, Semantics::Mlir] {
        let out = drive(&options(semantics, &[]), text.as_bytes());
        clean(&out, text.as_bytes());
        if out.code == 0 {
            round_trips(semantics, &out.output, text.as_bytes());
        }
    }
}

/// The lower target's property on a program's text, under both semantics.
pub fn check_lower(text: &str) {
    for semantics in [Semantics::Spec, Semantics::Mlir] {
        let verified = drive(&options(semantics, &[]), text.as_bytes());
        clean(&verified, text.as_bytes());
        let lowered = drive(&options(semantics, &["lower-broadcast"]), text.as_bytes());
        clean(&lowered, text.as_bytes());
        assert_eq!(
            verified.code, lowered.code,
            "a program that verifies lowers, and one that does not is refused ({semantics:?}):\n{text}\n{}",
            lowered.diagnostics
        );
        if lowered.code != 0 {
            continue;
        }
        let explicit = drive(
            &options(semantics, &["verify-explicit-broadcast"]),
            lowered.output.as_bytes(),
        );
        let warned = lowered.diagnostics.contains("warning");
        assert!(
            explicit.code == 0 || warned,
            "the lowered program fails --verify-explicit-broadcast ({semantics:?}):\n{text}\nlowered:\n{}\n{}",
            lowered.output,
            explicit.diagnostics
        );
        clean(&explicit, lowered.output.as_bytes());
    }
}
