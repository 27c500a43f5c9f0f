//! Every per-op interface table is complete for every op of every dialect it covers
//! (issue 25): an op added without its entry fails here, by name. Where an op has
//! no entry by design, the exception is listed with the reason, so that the list
//! only changes on purpose.

use broadcastable_ir::ExplicitBroadcast;
use broadcastable_ir::shapes::ShapeTransfer;
use tensor_export::ToUpstream;
use tensor_interp::Kernel;
use tensor_ir::Context;
use tensor_ir::rewrite::{Canonicalization, ConstantLike, Fold, LocalRewrites};

/// Every layer registered, as the binaries do.
fn context() -> Context {
    let mut ctx = Context::new();
    tensor_dialect_func::register(&mut ctx);
    tensor_dialect_test::register(&mut ctx);
    tensor_dialect_nd::register(&mut ctx);
    tensor_export::register(&mut ctx);
    tensor_interp::register(&mut ctx);
    ctx
}

/// The ops of `dialect` without interface `I`, sorted.
fn without<I: std::any::Any + Send + Sync>(ctx: &Context, dialect: &str) -> Vec<&'static str> {
    let mut v = ctx.ops_without_interface::<I>(dialect);
    v.sort_unstable();
    v
}

#[test]
fn every_op_runs_in_the_interpreter() {
    let ctx = context();
    assert_eq!(without::<Kernel>(&ctx, "nd"), Vec::<&str>::new());
    // `func.func` is the interpreter's unit of execution, not an op it steps.
    assert_eq!(without::<Kernel>(&ctx, "func"), ["func.func"]);
}

#[test]
fn every_nd_op_exports_to_upstream() {
    let ctx = context();
    assert_eq!(without::<ToUpstream>(&ctx, "nd"), Vec::<&str>::new());
    // The export translates `func` itself (signatures, calls, returns) around the
    // `nd` ops it rewrites one at a time.
    assert_eq!(
        without::<ToUpstream>(&ctx, "func"),
        ["func.call", "func.func", "func.return"]
    );
}

#[test]
fn every_nd_op_declares_its_shape_transfer() {
    let ctx = context();
    // The shape analysis reads each op's transfer: without one, every `?` of the
    // op's results would be a size of its own, and nothing about it provable.
    assert_eq!(without::<ShapeTransfer>(&ctx, "nd"), Vec::<&str>::new());
}

#[test]
fn every_nd_op_that_can_broadcast_is_lowered() {
    let ctx = context();
    // These ops never broadcast an operand implicitly: their sizes are given
    // (explicit broadcasts, constants, casts) or computed (shape ops, reductions,
    // the structural ops and gathers, whose sizes must agree exactly); nd.assert has no result
    // to broadcast to.
    assert_eq!(
        without::<ExplicitBroadcast>(&ctx, "nd"),
        [
            "nd.assert",
            "nd.broadcast_in_dim",
            "nd.broadcast_shapes",
            "nd.cast",
            "nd.concatenate",
            "nd.constant",
            "nd.dim",
            "nd.dot_general",
            "nd.dynamic_reduce",
            "nd.dynamic_slice",
            "nd.gather",
            "nd.gather_elements",
            "nd.iota",
            "nd.reduce",
            "nd.reshape",
            "nd.shape_concat",
            "nd.shape_of",
            "nd.shape_slice",
            "nd.slice",
            "nd.transpose",
        ]
    );
}

#[test]
fn folds_and_patterns_are_attached_where_listed_and_declared_local() {
    let ctx = context();
    // Folds and canonicalizations are not total: this list is the set of ops that
    // have one, so that a lost attachment (or a new one) shows here.
    let rewritten = [
        "nd.broadcast_in_dim",
        "nd.broadcast_shapes",
        "nd.broadcast_to",
        "nd.cast",
        "nd.dim",
        "nd.neg",
        "nd.shape_concat",
        "nd.shape_of",
        "nd.shape_slice",
    ];
    let all: Vec<&str> = tensor_dialect_nd::DIALECT
        .ops
        .iter()
        .map(|d| d.name)
        .collect();
    let has = |missing: Vec<&str>| -> Vec<&str> {
        let mut v: Vec<&str> = all
            .iter()
            .copied()
            .filter(|n| !missing.contains(n))
            .collect();
        v.sort_unstable();
        v
    };
    let folded = has(without::<Fold>(&ctx, "nd"));
    let canonicalized = has(without::<Canonicalization>(&ctx, "nd"));
    let mut either: Vec<&str> = folded.iter().chain(&canonicalized).copied().collect();
    either.sort_unstable();
    either.dedup();
    assert_eq!(either, rewritten);
    // Every op with a fold or a pattern declares that they read no uses: the
    // greedy driver relies on it to skip unchanged ops.
    assert_eq!(has(without::<LocalRewrites>(&ctx, "nd")), rewritten);
    assert_eq!(has(without::<ConstantLike>(&ctx, "nd")), ["nd.constant"]);
}

#[test]
fn the_test_dialect_is_in_no_table() {
    // Its ops exercise the verifier only; a table entry for one would be a bug.
    let ctx = context();
    let mut ops: Vec<&str> = tensor_dialect_test::DIALECT
        .ops
        .iter()
        .map(|d| d.name)
        .collect();
    ops.sort_unstable();
    assert_eq!(without::<Kernel>(&ctx, "test"), ops);
    assert_eq!(without::<ToUpstream>(&ctx, "test"), ops);
    assert_eq!(without::<ExplicitBroadcast>(&ctx, "test"), ops);
    assert_eq!(without::<Fold>(&ctx, "test"), ops);
}

/// The Rust sources under `dir`, recursively.
fn rust_files(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

#[test]
fn no_attachment_error_is_dropped() {
    // `#[must_use]` stops a bare call; `let _ =` and `.ok()` would still silence
    // it, and a misspelt op would lose its entry without a word.
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    rust_files(&root.join("src"), &mut files);
    rust_files(&root.join("crates"), &mut files);
    let mut dropped = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).expect("readable source");
        let code: String = text.split_whitespace().collect();
        for statement in code.split([';', '{', '}']) {
            let attaches = statement.contains("attach_interface(")
                || statement.contains("attach_dialect_interface(");
            if attaches && (statement.starts_with("let_=") || statement.ends_with(".ok()")) {
                dropped.push(format!("{}: {statement}", file.display()));
            }
        }
    }
    assert!(files.len() > 100, "found only {} sources", files.len());
    assert!(
        dropped.is_empty(),
        "attachment errors dropped:\n{}",
        dropped.join("\n")
    );
}
