//! The JAX corpus (`test/Dialect/stablehlo/jax/`, written by
//! `scripts/jax-corpus.py`) without any external tool: JAX printed each file
//! with StableHLO's own printer, so tensor-opt must print it back unchanged, from
//! its pretty form and from its own generic form. A `*.b.loc.mlir` file (the
//! same export with JAX's locations) prints as its `*.b.mlir` sibling.
//!
//! `tests/stablehlo_torch_mlir.rs` compares with torch-mlir-opt itself when it is
//! installed.

use std::path::PathBuf;
mod common;

fn tensor_opt(args: &[&str], input: &str) -> String {
    let bin = PathBuf::from(env!("CARGO_BIN_EXE_tensor-opt"));
    let (code, out, err) = common::process::parts(&common::process::run(&bin, args, input));
    assert_eq!(code, 0, "tensor-opt {args:?} failed:\n{err}");
    out
}

#[test]
fn jax_corpus_prints_back_as_jax_printed_it() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("test/Dialect/stablehlo/jax");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("test/Dialect/stablehlo/jax")
        .map(|e| e.expect("a directory entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "mlir"))
        .collect();
    files.sort();
    // Six layers, each static, with `b`, with `b` and `s`, and with locations.
    assert_eq!(files.len(), 24, "the corpus: {files:?}");
    for file in &files {
        let name = file
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or_default();
        let reference = match name.strip_suffix(".loc.mlir") {
            Some(stem) => dir.join(format!("{stem}.mlir")),
            None => file.clone(),
        };
        let text = std::fs::read_to_string(file).expect("a corpus file");
        let expected = std::fs::read_to_string(&reference).expect("its reference");
        let pretty = tensor_opt(&["-"], &text);
        assert_eq!(pretty.trim_end(), expected.trim_end(), "{name}, pretty");
        let generic = tensor_opt(&["--mlir-print-op-generic", "-"], &text);
        let back = tensor_opt(&["-"], &generic);
        assert_eq!(
            back.trim_end(),
            expected.trim_end(),
            "{name}, from the generic form"
        );
    }
}
