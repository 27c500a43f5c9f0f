//! Malformed input never panics: every mutation of the golden-test corpus and a set of
//! pathological inputs must end in output or located diagnostics, with exit code 0 or 1,
//! also through --canonicalize, --cse and --dce.

use proptest::prelude::*;
use std::path::{Path, PathBuf};
use tensor_opt::driver::{Options, PassInvocation, run};

fn corpus() -> Vec<(PathBuf, String)> {
    let mut files = Vec::new();
    let mut dirs = vec![Path::new(env!("CARGO_MANIFEST_DIR")).join("test")];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir)
            .expect("test/ is readable")
            .flatten()
        {
            let path = entry.path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "mlir")
                && let Ok(text) = std::fs::read_to_string(&path)
            {
                files.push((path, text));
            }
        }
    }
    files.sort();
    assert!(files.len() > 20, "the corpus should hold the golden tests");
    files
}

/// Runs the driver the ways users do; panics (failing the test) only if the driver does.
fn check(text: &str) {
    let passes: Vec<PassInvocation> = ["canonicalize", "cse", "dce"]
        .into_iter()
        .map(PassInvocation::new)
        .collect();
    for (split, verify, allow, passes) in [
        (true, false, true, Vec::new()),
        (false, false, false, Vec::new()),
        (true, true, true, Vec::new()),
        (true, false, true, passes),
    ] {
        let options = Options {
            input: "fuzz.mlir".into(),
            split_input_file: split,
            verify_diagnostics: verify,
            allow_unregistered: allow,
            passes,
            ..Options::default()
        };
        let outcome = run(&options, "fuzz.mlir", text);
        assert!(
            outcome.code == 0 || outcome.code == 1,
            "exit code {}",
            outcome.code
        );
        if outcome.code == 1 {
            assert!(
                !outcome.diagnostics.is_empty(),
                "a failure must say why:\n{text}"
            );
            assert!(outcome.output.is_empty(), "no partial output on failure");
        }
    }
}

#[test]
fn every_prefix_of_every_file() {
    for (path, text) in corpus() {
        let step = (text.len() / 64).max(1);
        let mut cut = 0;
        while cut < text.len() {
            if text.is_char_boundary(cut) {
                check(&text[..cut]);
            }
            cut += step;
        }
        let _ = path;
    }
}

#[test]
fn pathological_inputs() {
    let deep = |open: &str, close: &str, n: usize| format!("{}{}", open.repeat(n), close.repeat(n));
    let cases = [
        format!("\"t.op\"() {{a = {}}} : () -> ()", deep("[", "]", 100_000)),
        format!(
            "\"t.op\"() {{a = {}}} : () -> ()",
            deep("{b = ", "}", 100_000)
        ),
        format!("\"t.op\"() : () -> {}", deep("(", ")", 100_000)),
        format!("\"t.op\"() : () -> {}", deep("tensor<", ">", 100_000)),
        deep("\"t.op\"() ({", "}) : () -> ()", 10_000),
        deep("func.func @f() {", "}", 10_000),
        "\"t.op\"() {a = 99999999999999999999999999999999999999999999 : i64} : () -> ()".into(),
        "\"t.op\"() {a = -340282366920938463463374607431768211456} : () -> ()".into(),
        "\"t.op\"() : () -> tensor<99999999999999999999x9223372036854775807xf32>".into(),
        "\"t.op\"() {a = dense<1> : tensor<9223372036854775807x9223372036854775807xi8>} : () -> ()"
            .into(),
        "\"t.op\"() : () -> i99999999999".into(),
        format!("%{} = \"t.op\"() : () -> i32", "x".repeat(1_000_000)),
        "%0:99999999999 = \"t.op\"() : () -> i32".into(),
        "%0:4294967295 = \"t.op\"() : () -> i32".into(),
        "\"t.use\"(%0#4294967295) : (i32) -> ()".into(),
        "loc(".into(),
        "#a = #a".into(),
        "\"\\".into(),
        "\u{feff}func.func private @bom()".into(),
        "func.func @f() { ^bb0: ^bb0: }".into(),
        "\"t.op\"() : () -> () loc(#undefined)".into(),
        "\"t.op\"() {a = 0x} : () -> ()".into(),
        "\"t.op\"() {a = 1.0e99999 : f32} : () -> ()".into(),
        "\"t.op\"() {a = array<i8: 300>} : () -> ()".into(),
        "\"t.op\"() {a = dense<[[1], [2, 3]]> : tensor<2x2xi32>} : () -> ()".into(),
    ];
    for case in &cases {
        check(case);
    }
}

const SPECIALS: &[u8] = b"{}()<>[]%^#@!\":,=?*x-0123456789. \n/\\";

fn mutate(text: &str, ops: &[(usize, u8, u8)]) -> String {
    let mut bytes = text.as_bytes().to_vec();
    for &(pos, kind, byte) in ops {
        if bytes.is_empty() {
            break;
        }
        let at = pos % bytes.len();
        let b = SPECIALS[byte as usize % SPECIALS.len()];
        match kind % 4 {
            0 => {
                bytes.remove(at);
            }
            1 => bytes.insert(at, b),
            2 => bytes[at] = b,
            _ => {
                // Duplicate a slice: repeats tokens, labels and definitions.
                let end = (at + usize::from(byte)).min(bytes.len());
                let piece = bytes[at..end].to_vec();
                bytes.splice(at..at, piece);
            }
        }
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    #[test]
    fn mutated_corpus_never_panics(
        file in any::<prop::sample::Index>(),
        ops in prop::collection::vec((any::<usize>(), any::<u8>(), any::<u8>()), 1..8),
    ) {
        let files = corpus();
        let (_, text) = &files[file.index(files.len())];
        check(&mutate(text, &ops));
    }
}
