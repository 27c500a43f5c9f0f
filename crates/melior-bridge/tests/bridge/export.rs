//! tensor-opt's `--convert-nd-to-upstream` output handed to MLIR in-process: each
//! exportable example, lowered and exported by tensor-opt, is parsed and verified
//! by MLIR 22 through melior in a context that refuses unregistered dialects, so
//! every exported op must be a real upstream op that verifies.

use std::ffi::OsStr;
use std::path::Path;
use std::process::Command;

use melior::Context;
use melior::dialect::DialectRegistry;
use melior::utility::register_all_dialects;
use tensor_melior_bridge::{Config, parse_and_verify, verify_broadcasts};

use crate::common::{context, parse, render};

/// The examples `tests/export_upstream.rs` exports with nd ops (broadcast.mlir,
/// upstream's test op only, is below; broadcast_errors.mlir is invalid on
/// purpose); programs with unranked arguments are verified in-process by `jit.rs`.
const EXAMPLES: &[&str] = &[
    "attention.mlir",
    "layer_norm.mlir",
    "outer_product.mlir",
    "refine.mlir",
    "softmax.mlir",
];

/// `examples/<name>` lowered and exported by `tensor_opt`.
fn export(tensor_opt: &OsStr, name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../examples")
        .join(name);
    let out = Command::new(tensor_opt)
        .args(["--lower-broadcast", "--convert-nd-to-upstream"])
        .arg(path)
        .output()
        .unwrap_or_else(|e| panic!("tensor-opt: {e}"));
    assert!(
        out.status.success(),
        "tensor-opt cannot export {name}:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("tensor-opt prints UTF-8")
}

#[test]
fn exported_examples_parse_and_verify_in_mlir() {
    let Some(tensor_opt) = std::env::var_os("TENSOR_OPT") else {
        eprintln!("note: skipping: TENSOR_OPT is not set (scripts/test-bridge.sh sets it)");
        return;
    };
    let registry = DialectRegistry::new();
    register_all_dialects(&registry);
    let context = Context::new();
    context.append_dialect_registry(&registry);
    context.load_all_available_dialects();
    context.set_allow_unregistered_dialects(false);
    for name in EXAMPLES {
        let text = export(&tensor_opt, name);
        assert!(
            text.contains("\"linalg."),
            "{name}: no linalg op in\n{text}"
        );
        if let Err(ds) = parse_and_verify(&context, &text, name) {
            panic!(
                "MLIR rejects the export of {name}:\n{}\n{text}",
                render(&ds)
            );
        }
    }
}

/// examples/broadcast.mlir exports with upstream's `test.broadcastable` left as
/// it is. melior registers no test dialect, so MLIR parses it as an unregistered
/// op; the bridge's embedding API verifies its broadcasts, and finds them valid.
#[test]
fn exported_test_op_example_verifies_through_the_bridge() {
    let Some(tensor_opt) = std::env::var_os("TENSOR_OPT") else {
        eprintln!("note: skipping: TENSOR_OPT is not set (scripts/test-bridge.sh sets it)");
        return;
    };
    let text = export(&tensor_opt, "broadcast.mlir");
    assert_eq!(text.matches("\"test.broadcastable\"").count(), 3, "{text}");
    let context = context();
    let module = parse(&context, "broadcast.mlir", &text);
    let ds = verify_broadcasts(&module, &Config::default());
    assert!(ds.is_empty(), "{}", render(&ds));
}
