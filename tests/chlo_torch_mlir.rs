//! The `chlo` dialect against StableHLO's own parser, printer and verifier
//! (`torch-mlir-opt`, from the `torch-mlir` wheel):
//!
//! * every chunk of `test/Dialect/chlo/*.mlir`: a valid chunk prints the same
//!   text from both tools, pretty and generic; a chunk expecting an error is
//!   refused by both, except in `stricter.mlir`, whose impossible broadcasts
//!   upstream accepts (its inference signals them as an unranked type) and
//!   tensor-opt refuses;
//! * a property over random shapes (static, and some `?`) and
//!   `broadcast_dimensions`: upstream infers a result type exactly where
//!   tensor-opt accepts the op, and the same one. Each tool runs once per batch
//!   of cases (`--split-input-file`).
//!
//! `torch-mlir-opt` is found at `$TORCH_MLIR_OPT`, then on `PATH`, then in
//! `<repo>/.venv-rw/bin/`; the tests skip, saying so, when it is missing.

mod common;

use common::process::{parts, run};
use proptest::prelude::*;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn tensor_opt() -> &'static str {
    env!("CARGO_BIN_EXE_tensor-opt")
}

/// `torch-mlir-opt`, or `None` (with a note on stderr) when it is not installed.
fn torch_mlir_opt() -> Option<PathBuf> {
    const NAME: &str = "torch-mlir-opt";
    let from_env = std::env::var_os("TORCH_MLIR_OPT").map(PathBuf::from);
    let on_path = std::env::var_os("PATH")
        .into_iter()
        .flat_map(|p| std::env::split_paths(&p).collect::<Vec<_>>())
        .map(|d| d.join(NAME));
    let venv = root().join(".venv-rw/bin").join(NAME);
    let found = from_env
        .into_iter()
        .chain(on_path)
        .chain(std::iter::once(venv))
        .find(|p| p.is_file());
    if found.is_none() {
        eprintln!(
            "note: skipping: torch-mlir-opt not found; `pip install torch-mlir` or set TORCH_MLIR_OPT"
        );
    }
    found
}

/// The chunks of a golden file, as `--split-input-file` cuts them.
fn chunks(text: &str) -> Vec<&str> {
    tensor_pipeline::split_chunks(text)
        .into_iter()
        .filter_map(|r| text.get(r))
        .collect()
}

/// Exit code and standard output of `tool args...` on `input`.
fn output(tool: &Path, args: &[&str], input: &str) -> (i32, String, String) {
    parts(&run(tool, args, input))
}

#[test]
fn goldens_print_and_verify_as_torch_mlir_opt() {
    let Some(upstream) = torch_mlir_opt() else {
        return;
    };
    let ours = Path::new(tensor_opt());
    let dir = root().join("test/Dialect/chlo");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("test/Dialect/chlo exists")
        .map(|e| e.expect("readable").path())
        .filter(|p| p.extension().is_some_and(|e| e == "mlir"))
        .collect();
    files.sort();
    let (mut same, mut both_refuse, mut stricter) = (0, 0, 0);
    for file in &files {
        let name = file.file_name().map(|n| n.to_string_lossy().into_owned());
        let name = name.unwrap_or_default();
        let text = std::fs::read_to_string(file).expect("readable golden");
        for (i, chunk) in chunks(&text).into_iter().enumerate() {
            let at = format!("{name} chunk {i}");
            if !chunk.contains("expected-error") {
                for args in [&[][..], &["--mlir-print-op-generic"][..]] {
                    let (rc_up, out_up, err_up) = output(&upstream, args, chunk);
                    let (rc, out, err) = output(ours, args, chunk);
                    assert_eq!(rc_up, 0, "{at}: torch-mlir-opt refused it:\n{err_up}");
                    assert_eq!(rc, 0, "{at}: tensor-opt refused it:\n{err}");
                    assert_eq!(out, out_up, "{at} {args:?}: the printed text differs");
                }
                same += 1;
            } else if name == "stricter.mlir" {
                let (rc_up, _, _) = output(&upstream, &[], chunk);
                let (rc, _, _) = output(ours, &[], chunk);
                assert_eq!(
                    rc_up, 0,
                    "{at}: torch-mlir-opt now refuses it: move it to invalid.mlir"
                );
                assert_eq!(rc, 1, "{at}: tensor-opt accepts an impossible broadcast");
                stricter += 1;
            } else {
                let (rc_up, _, _) = output(&upstream, &[], chunk);
                let (rc, _, _) = output(ours, &[], chunk);
                assert_ne!(rc_up, 0, "{at}: torch-mlir-opt accepts it");
                assert_eq!(rc, 1, "{at}: tensor-opt accepts it");
                both_refuse += 1;
            }
        }
    }
    eprintln!(
        "chlo goldens: {same} valid chunks print identically (pretty and generic), \
         {both_refuse} invalid chunks refused by both, {stricter} refused by tensor-opt only"
    );
    assert!(same > 0 && both_refuse > 0 && stricter > 0);
}

/// One random binary op: static operand shapes and maybe `broadcast_dimensions`.
#[derive(Clone, Debug)]
struct Case {
    op: &'static str,
    lhs: Vec<Option<u64>>,
    rhs: Vec<Option<u64>>,
    dims: Option<Vec<i64>>,
}

/// Sizes 1 to 3, and `?` (`None`) one time in five.
fn shape() -> impl Strategy<Value = Vec<Option<u64>>> {
    let size = prop_oneof![
        4 => (1u64..=3).prop_map(Some),
        1 => Just(None),
    ];
    proptest::collection::vec(size, 0..=3)
}

/// Cases where upstream and tensor-opt mean the same: `broadcast_dimensions`
/// strictly increasing (upstream does not require it, XLA does) and, for equal
/// ranks, only the identity (upstream ignores the attribute there).
fn case() -> impl Strategy<Value = Case> {
    let op = prop_oneof![
        Just("broadcast_add"),
        Just("broadcast_multiply"),
        Just("broadcast_maximum")
    ];
    (
        op,
        shape(),
        shape(),
        any::<bool>(),
        any::<bool>(),
        any::<u64>(),
    )
        .prop_map(|(op, lhs, rhs, with_dims, wrong_length, seed)| {
            let (low, high) = (lhs.len().min(rhs.len()), lhs.len().max(rhs.len()));
            let dims = with_dims.then(|| {
                if low == high {
                    return (0..low as i64).collect();
                }
                let want = if wrong_length {
                    (seed % 3) as usize
                } else {
                    low
                };
                // `want` increasing entries below `high + 1` (the last may be out of range).
                let mut out = Vec::new();
                let mut bits = seed;
                for d in 0..=high as i64 {
                    if out.len() < want
                        && (bits & 1 == 1 || (high as i64 + 1 - d) as usize <= want - out.len())
                    {
                        out.push(d);
                    }
                    bits >>= 1;
                }
                out
            });
            Case { op, lhs, rhs, dims }
        })
}

fn ty(shape: &[Option<u64>]) -> String {
    let mut s = String::from("tensor<");
    for d in shape {
        s.push_str(&d.map_or_else(|| "?x".to_owned(), |d| format!("{d}x")));
    }
    s.push_str("f32>");
    s
}

/// A file of one function per case, the op on line `5 * i + 2`, with `result`
/// as its result type.
fn batch(cases: &[Case], result: &dyn Fn(usize) -> String) -> String {
    let mut text = String::new();
    for (i, c) in cases.iter().enumerate() {
        let (a, b) = (ty(&c.lhs), ty(&c.rhs));
        let attr = c.dims.as_ref().map_or_else(String::new, |d| {
            let list: Vec<_> = d.iter().map(i64::to_string).collect();
            format!(
                " {{broadcast_dimensions = array<i64: {}>}}",
                list.join(", ")
            )
        });
        text.push_str(&format!(
            "func.func @f{i}(%a: {a}, %b: {b}) {{\n  %0 = chlo.{} %a, %b{attr} : ({a}, {b}) -> {}\n  return\n}}\n// -----\n",
            c.op,
            result(i)
        ));
    }
    text
}

/// The case whose op is on the line of `line` (`<stdin>:LINE:COL: error: ...`).
fn case_of(line: &str) -> Option<usize> {
    let n: usize = line.split(':').nth(1)?.parse().ok()?;
    (n >= 2 && (n - 2).is_multiple_of(5)).then(|| (n - 2) / 5)
}

/// Per case, the type named by an `inferred type(s) 'T' are incompatible` error
/// on its op's line, if any; and whether any error names its op's line.
fn read_errors(err: &str, n: usize) -> (Vec<Option<String>>, Vec<bool>) {
    let mut inferred = vec![None; n];
    let mut refused = vec![false; n];
    for line in err.lines().filter(|l| l.contains(": error:")) {
        let Some(i) = case_of(line).filter(|&i| i < n) else {
            continue;
        };
        refused[i] = true;
        let t = line
            .split("inferred type(s) '")
            .nth(1)
            .and_then(|r| r.split('\'').next());
        if let Some(t) = t {
            inferred[i] = Some(t.to_owned());
        }
    }
    (inferred, refused)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 4, ..ProptestConfig::default() })]

    /// Both tools are given an impossible result type. Where the broadcast is legal
    /// upstream names the type it inferred; where not, it infers an unranked type,
    /// which every result type is compatible with, and accepts the op. tensor-opt
    /// must name the same type where upstream does, and refuse the op where upstream
    /// infers none; then, given upstream's type as the result, accept exactly the
    /// legal cases.
    #[test]
    fn infers_what_torch_mlir_opt_infers(cases in proptest::collection::vec(case(), 64)) {
        let Some(upstream) = torch_mlir_opt() else {
            return Ok(());
        };
        let args = ["--split-input-file", "-o", "/dev/null"];
        let bogus = batch(&cases, &|_| "tensor<7x7x7x7x7xf32>".to_owned());
        let (_, _, err) = output(&upstream, &args, &bogus);
        let (inferred, _) = read_errors(&err, cases.len());
        // Upstream's answers were read: some of 64 random cases are legal.
        prop_assert!(inferred.iter().any(Option::is_some), "no inferred type read from:\n{}", err);
        let (_, _, err) = output(Path::new(tensor_opt()), &args, &bogus);
        let (ours, refused) = read_errors(&err, cases.len());
        for (i, c) in cases.iter().enumerate() {
            prop_assert!(refused[i], "{:?}: tensor-opt accepts an impossible result type", c);
            prop_assert_eq!(&ours[i], &inferred[i], "{:?}: the inferred types differ", c);
        }
        let result = |i: usize| inferred[i].clone().unwrap_or_else(|| "tensor<*xf32>".to_owned());
        let (_, _, err) = output(Path::new(tensor_opt()), &args, &batch(&cases, &result));
        let (_, refused) = read_errors(&err, cases.len());
        for (i, c) in cases.iter().enumerate() {
            prop_assert_eq!(
                refused[i],
                inferred[i].is_none(),
                "{:?}: torch-mlir-opt infers {:?}, tensor-opt {} it",
                c,
                inferred[i],
                if refused[i] { "refuses" } else { "accepts" }
            );
        }
    }
}
