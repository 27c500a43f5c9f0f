//! The export against an independent oracle, on random programs: the interp fuzz
//! target's broadcasting programs (`tensor_fuzz::interp`: static, `?` and `*`
//! dims; f32, f64, i8, i32, ui8; run-time sizes that sometimes do not broadcast),
//! lowered and exported (`--lower-broadcast --convert-nd-to-upstream`) and run in
//! MLIR's JIT, against the harness's naive reference evaluator. The JIT must give
//! the reference's values, or, where the reference fails (sizes that do not
//! broadcast), abort on a `cf.assert`: never run on, trap or read out of bounds.
//! The export may refuse only `ui8` programs (upstream `arith` has no unsigned
//! integers), with a located error (exit 1).
//!
//! The cases come from fixed seeds (one replayed by `JIT_PROPERTY_SEED=<n>`, more
//! run by `JIT_PROPERTY_CASES=<n>`, with the binary at `JIT_PROPERTY_TENSOR_OPT` if
//! set); skipped,
//! with a message, when `mlir-opt`, `mlir-runner` or `libmlir_c_runner_utils.so`
//! (LLVM 22) is missing.

mod common;
use common::Rng;
use common::jit::{self, Arg, Failure};
use tensor_fuzz::interp::{Case, Value, inputs, program, reference, type_text};

/// Cases per run: each is one JIT compilation (about half a second).
const CASES: u64 = 120;

/// The case of `seed`: the fuzz target's input drawn from it.
fn case_of(seed: u64) -> Case {
    let mut rng = Rng(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1);
    tensor_fuzz::InterpInput::draw(|| rng.next()).case()
}

/// `dense<...>` of `v` with its static type, nested as the shape says (the
/// generated shapes have no 0 dim).
fn literal(v: &Value, elem: &str) -> String {
    let float = elem.starts_with('f');
    // The number of elements of each dim's rows: a bracket opens where one starts
    // and closes where one ends.
    let blocks: Vec<usize> = (0..v.shape.len())
        .map(|d| v.shape[d..].iter().product::<usize>().max(1))
        .collect();
    let mut text = String::new();
    for (k, &x) in v.data.iter().enumerate() {
        if k > 0 {
            text.push_str(", ");
        }
        text.push_str(&"[".repeat(blocks.iter().filter(|&&b| k % b == 0).count()));
        if float {
            text.push_str(&format!("{x:?}"));
        } else {
            text.push_str(&format!("{}", x as i64));
        }
        text.push_str(&"]".repeat(blocks.iter().filter(|&&b| (k + 1) % b == 0).count()));
    }
    let dims: String = v.shape.iter().map(|n| format!("{n}x")).collect();
    format!("dense<{text}> : tensor<{dims}{elem}>")
}

/// The JIT's elements as the reference writes them (`f64`).
fn elements(v: &jit::Value, float: bool) -> Vec<f64> {
    v.elements
        .iter()
        .map(|&e| {
            if float {
                f64::from_bits(e as u64)
            } else {
                e as f64
            }
        })
        .collect()
}

/// What one case showed.
enum Outcome {
    /// The JIT gave the reference's values.
    Values,
    /// Both failed: the reference's sizes do not broadcast, the JIT aborted on a
    /// `cf.assert`.
    Checked,
    /// The export refused the program (of `ui8`) with a located error.
    Refused,
}

fn run_case(tools: &jit::Tools, seed: u64, case: &Case) -> Outcome {
    let (text, _) = program(case);
    let ins = inputs(case);
    let want = reference(case, &ins);
    let elem = case.elem.mlir();
    // A campaign may run a copy of the binary while the tree rebuilds.
    let tensor_opt = std::env::var_os("JIT_PROPERTY_TENSOR_OPT")
        .unwrap_or_else(|| env!("CARGO_BIN_EXE_tensor-opt").into());
    let out = common::process::run(
        tensor_opt,
        &["-", "--lower-broadcast", "--convert-nd-to-upstream"],
        &text,
    );
    let (code, exported, err) = common::process::parts(&out);
    if code != 0 {
        // The one documented refusal: upstream arith has no unsigned integers.
        assert!(
            code == 1 && err.contains("<stdin>:") && err.contains("not 'ui8'"),
            "seed {seed}: the export failed without a located error (exit {code}):\n{text}\n{err}"
        );
        return Outcome::Refused;
    }
    let args: Vec<Arg> = case
        .args
        .iter()
        .zip(&ins)
        .map(|((_, ty), v)| Arg::new(literal(v, elem), type_text(ty, elem)))
        .collect();
    let result = text
        .lines()
        .next()
        .and_then(|l| l.rsplit("-> ").next())
        .and_then(|r| r.strip_suffix(" {"))
        .unwrap_or_default()
        .to_owned();
    let got = jit::run(
        tools,
        &exported,
        "main",
        &args,
        std::slice::from_ref(&result),
    );
    match (want, got) {
        (Ok(values), Ok(got)) => {
            let w = values.last().expect("the reference has a value per op");
            let g = &got[0];
            let shape: Vec<u64> = w.shape.iter().map(|&n| n as u64).collect();
            let gv = elements(g, elem.starts_with('f'));
            let same = g.shape == shape
                && gv.len() == w.data.len()
                && gv
                    .iter()
                    .zip(&w.data)
                    .all(|(a, b)| a == b || (a.is_nan() && b.is_nan()));
            assert!(
                same,
                "seed {seed}: the JIT computes other values than the reference\n{text}\n\
                 reference {w:?}\nJIT shape {:?} values {gv:?}",
                g.shape
            );
            Outcome::Values
        }
        (Err(k), Ok(got)) => panic!(
            "seed {seed}: a silent wrong result: the reference fails at op {k} (sizes that do \
             not broadcast) but the JIT ran to {got:?}\n{text}\n{exported}"
        ),
        (Err(_), Err(f)) => {
            assert!(
                f.assert_message().is_some(),
                "seed {seed}: the JIT failed other than on a cf.assert: {f:?}\n{text}"
            );
            Outcome::Checked
        }
        (Ok(_), Err(f)) => {
            let why = match &f {
                Failure::Lower(e) => format!("the JIT pipeline refused it: {e}"),
                Failure::Run { .. } => format!("the JIT failed: {f:?}"),
            };
            panic!("seed {seed}: the reference computes values but {why}\n{text}\n{exported}")
        }
    }
}

#[test]
fn random_programs_run_in_the_jit_as_the_reference() {
    let Some(tools) = jit::tools() else {
        eprintln!(
            "skipping jit_property: mlir-opt, mlir-runner or libmlir_c_runner_utils.so (LLVM 22) \
             not found (install mlir-22-tools and libmlir-22-dev)"
        );
        return;
    };
    let seeds: Vec<u64> = match std::env::var("JIT_PROPERTY_SEED") {
        Ok(s) => vec![s.parse().expect("JIT_PROPERTY_SEED is a number")],
        // JIT_PROPERTY_CASES=<n> runs more (a campaign), from seed 0.
        Err(_) => {
            let n = std::env::var("JIT_PROPERTY_CASES")
                .ok()
                .and_then(|n| n.parse().ok())
                .unwrap_or(CASES);
            (0..n).collect()
        }
    };
    let (mut values, mut checked, mut refused) = (0, 0, 0);
    for seed in seeds {
        match run_case(&tools, seed, &case_of(seed)) {
            Outcome::Values => values += 1,
            Outcome::Checked => checked += 1,
            Outcome::Refused => refused += 1,
        }
    }
    println!(
        "jit_property: {values} programs with the reference's values, {checked} failing on a \
         cf.assert where the reference fails, {refused} refused by the export"
    );
    // The mix must exercise both sides: values, and checks that fire.
    assert!(values >= 20 && checked >= 5, "too few cases ran");
}
