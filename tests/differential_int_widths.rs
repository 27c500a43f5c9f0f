//! Differential test of integer literals at the edges of every width against
//! upstream `mlir-opt` (issue 24).
//!
//! For each width 0..=256 and a few wider, signless, signed and unsigned, and
//! for `index`, the values around 0, `2^(w-1)` and `2^w` (decimal, negated and
//! hex) are written as `// -----` chunks of one file, one attribute each. Every
//! chunk must get mlir-opt's verdict: the same printed attribute, or the same
//! error at the same line and column. Upstream's `APInt` has arbitrary
//! precision, so the wide widths check tensor-opt's big-integer path.
//!
//! Skipped, with a note, when `mlir-opt` is not installed (`MLIR_OPT`
//! overrides `/usr/lib/llvm-22/bin/mlir-opt`).

use std::collections::BTreeMap;
use std::path::PathBuf;

mod common;
use common::process;

fn mlir_opt() -> Option<PathBuf> {
    let path = std::env::var_os("MLIR_OPT")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("/usr/lib/llvm-22/bin/mlir-opt"));
    path.exists().then_some(path)
}

/// A non-negative integer as little-endian base-10^9 limbs: enough arithmetic
/// for the edges without a big-integer dependency in the tests.
#[derive(Clone)]
struct Big(Vec<u64>);

const LIMB: u64 = 1_000_000_000;

impl Big {
    fn pow2(k: u32) -> Big {
        let mut b = Big(vec![1]);
        for _ in 0..k {
            let mut carry = 0;
            for l in &mut b.0 {
                let v = *l * 2 + carry;
                *l = v % LIMB;
                carry = v / LIMB;
            }
            if carry > 0 {
                b.0.push(carry);
            }
        }
        b
    }

    fn plus_one(&self) -> Big {
        let mut b = self.clone();
        for l in &mut b.0 {
            *l += 1;
            if *l < LIMB {
                return b;
            }
            *l = 0;
        }
        b.0.push(1);
        b
    }

    /// `self - 1`; `self` is at least 1.
    fn minus_one(&self) -> Big {
        let mut b = self.clone();
        for l in &mut b.0 {
            if *l > 0 {
                *l -= 1;
                break;
            }
            *l = LIMB - 1;
        }
        while b.0.len() > 1 && b.0.last() == Some(&0) {
            b.0.pop();
        }
        b
    }

    fn decimal(&self) -> String {
        let mut s = self.0.last().copied().unwrap_or(0).to_string();
        for l in self.0.iter().rev().skip(1) {
            s.push_str(&format!("{l:09}"));
        }
        s
    }
}

/// `2^k - 1` in hex: all ones.
fn hex_ones(k: u32) -> String {
    if k == 0 {
        return "0x0".into();
    }
    let top = match k % 4 {
        0 => "F",
        1 => "1",
        2 => "3",
        _ => "7",
    };
    let full = (k / 4) as usize;
    let lead = if k % 4 == 0 { "" } else { top };
    format!("0x{lead}{}", "F".repeat(full))
}

/// `2^k` in hex.
fn hex_pow2(k: u32) -> String {
    let lead = ["1", "2", "4", "8"][(k % 4) as usize];
    format!("0x{lead}{}", "0".repeat((k / 4) as usize))
}

/// The literals at the edges of a `width`-bit type.
fn edges(width: u32) -> Vec<String> {
    let mut out: Vec<String> = ["0", "1", "-1", "-0", "2", "0x0", "0x1", "-0x1"]
        .iter()
        .map(|s| (*s).to_owned())
        .collect();
    let mut around = |p: Big| {
        for v in [p.minus_one(), p.clone(), p.plus_one()] {
            out.push(v.decimal());
            out.push(format!("-{}", v.decimal()));
        }
    };
    if width > 0 {
        around(Big::pow2(width - 1));
    }
    around(Big::pow2(width));
    for k in [width.saturating_sub(1), width, width + 1] {
        out.push(hex_ones(k));
        out.push(hex_pow2(k));
    }
    out.push(format!("-{}", hex_pow2(width.saturating_sub(1))));
    out.sort();
    out.dedup();
    out
}

/// Every case: a literal and its type.
fn cases() -> Vec<(String, String)> {
    let widths = (0..=256).chain([300, 512, 1000]);
    let mut out = Vec::new();
    for w in widths {
        for prefix in ["i", "si", "ui"] {
            for v in edges(w) {
                out.push((v, format!("{prefix}{w}")));
            }
        }
    }
    for v in edges(64) {
        out.push((v, "index".into()));
    }
    out
}

/// Each chunk's verdict, by case number: the printed attribute, or the errors
/// (`line:col: message`) reported in it.
fn verdicts(tool: &str, stdout: &str, stderr: &str, n: usize) -> BTreeMap<usize, String> {
    let mut out = BTreeMap::new();
    for line in stdout.lines() {
        // `"t.op"() {a = <attr>, n = <case> : i32} : () -> ()`
        let Some(rest) = line.trim().strip_prefix("\"t.op\"() {a = ") else {
            continue;
        };
        let (attr, tail) = rest.rsplit_once(", n = ").expect("the case number prints");
        let case: usize = tail
            .split_once(' ')
            .and_then(|(n, _)| n.parse().ok())
            .unwrap_or_else(|| panic!("{tool}: unreadable line {line}"));
        out.insert(case, attr.to_owned());
    }
    for line in stderr.lines() {
        // `<stdin>:LINE:COL: error: message`
        let mut parts = line.splitn(4, ':');
        let (Some(_), Some(l), Some(c), Some(msg)) =
            (parts.next(), parts.next(), parts.next(), parts.next())
        else {
            continue;
        };
        let (Ok(l), Ok(_)) = (l.parse::<usize>(), c.parse::<usize>()) else {
            continue;
        };
        // Case i is on line 2i + 1.
        let case = (l - 1) / 2;
        assert!(case < n, "{tool}: error past the last case: {line}");
        let entry = out.entry(case).or_insert_with(String::new);
        entry.push_str(&format!("col {c}:{msg}; "));
    }
    out
}

/// Case `i` as a one-line chunk; its number is an attribute, so printed
/// output names its case.
fn chunk(i: usize, (v, ty): &(String, String)) -> String {
    format!("\"t.op\"() {{a = {v} : {ty}, n = {i} : i32}} : () -> ()\n")
}

#[test]
fn integer_literals_at_every_width_match_mlir_opt() {
    let Some(mlir_opt) = mlir_opt() else {
        eprintln!("skipped: mlir-opt not found (set MLIR_OPT)");
        return;
    };
    let cases = cases();
    let input = (0..cases.len())
        .map(|i| chunk(i, &cases[i]))
        .collect::<Vec<_>>()
        .join("// -----\n");
    let args = ["--allow-unregistered-dialect", "--split-input-file", "-"];
    let theirs = process::run(&mlir_opt, &args, &input);
    let (_, out_t, err_t) = process::parts(&theirs);
    let theirs = verdicts("mlir-opt", &out_t, &err_t, cases.len());
    // tensor-opt prints nothing when any chunk fails: its errors come from
    // this run, the attributes it accepts from a second run of just those.
    let tensor_opt = env!("CARGO_BIN_EXE_tensor-opt");
    let (_, _, err_o) = process::parts(&process::run(tensor_opt, &args, &input));
    assert!(!err_o.contains("panicked"), "tensor-opt panicked:\n{err_o}");
    let mut ours = verdicts("tensor-opt", "", &err_o, cases.len());
    let accepted: String = (0..cases.len())
        .filter(|i| !ours.contains_key(i))
        .map(|i| chunk(i, &cases[i]))
        .collect::<Vec<_>>()
        .join("// -----\n");
    let (code, out_o, err_o) = process::parts(&process::run(tensor_opt, &args, &accepted));
    assert_eq!(
        code, 0,
        "tensor-opt rejects what it accepted alone:\n{err_o}"
    );
    ours.extend(verdicts("tensor-opt", &out_o, "", cases.len()));
    assert_eq!(
        theirs.len(),
        cases.len(),
        "mlir-opt gave a verdict for each case"
    );
    let differ: Vec<String> = cases
        .iter()
        .enumerate()
        .filter(|(i, _)| theirs.get(i) != ours.get(i))
        .map(|(i, (v, ty))| {
            format!(
                "{v} : {ty}\n  mlir-opt:   {:?}\n  tensor-opt: {:?}",
                theirs.get(&i),
                ours.get(&i)
            )
        })
        .collect();
    let accepted = theirs.values().filter(|v| !v.starts_with("col ")).count();
    eprintln!(
        "{} integer literals ({accepted} accepted by mlir-opt), {} differ",
        cases.len(),
        differ.len()
    );
    assert!(
        differ.is_empty(),
        "{} of {} verdicts differ from mlir-opt:\n{}",
        differ.len(),
        cases.len(),
        differ
            .iter()
            .take(30)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
}

/// Upstream reads a literal of any length, but in time quadratic in its digits
/// (mlir-opt 22 spends minutes on 100,000 digits); tensor-opt reads up to
/// 2^18 bits and refuses a longer literal with a located error
/// (docs/differential.md). No mlir-opt needed.
#[test]
fn literals_past_the_cap_are_refused_where_they_start() {
    let tensor_opt = env!("CARGO_BIN_EXE_tensor-opt");
    let args = ["--allow-unregistered-dialect", "-"];
    // 65,536 hex digits with a leading f: exactly 2^18 bits, the widest read.
    let widest = format!("0x{}", "f".repeat(65_536));
    let input = format!("\"t.op\"() {{a = {widest} : ui300000}} : () -> ()\n");
    let out = process::succeeds(&process::run(tensor_opt, &args, &input));
    // It prints in decimal, as upstream prints it: 2^(2^18) - 1 has 78,914 digits.
    let digits = out
        .split("a = ")
        .nth(1)
        .map_or(0, |s| s.bytes().take_while(u8::is_ascii_digit).count());
    assert_eq!(digits, 78_914, "{out:.200}");
    // One digit more, in decimal and in hex, in a type wide enough to hold it.
    for literal in [format!("0x1{}", "0".repeat(65_536)), "9".repeat(80_000)] {
        let input = format!("\"t.op\"() {{a = {literal} : i300000}} : () -> ()\n");
        process::fails_with(
            &process::run(tensor_opt, &args, &input),
            Some(1),
            "<stdin>:1:15: error: integer literals of more than 262144 bits are not supported",
        );
    }
}
