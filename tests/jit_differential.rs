//! The export against the interpreter, in MLIR's JIT: each case is an `nd`
//! program, lowered and exported (`--lower-broadcast --convert-nd-to-upstream`),
//! run by `mlir-runner` (`tests/common/jit.rs`) and by `tensor-run --lower-first`
//! on the same inputs. Both must give the same values, or both must fail, the JIT
//! on a `cf.assert` (SIGABRT with the assert's message, never a trap or a read out
//! of bounds). Passing cases of one element type share one function with many
//! results; each failing case runs alone.
//!
//! Skipped, with a message, when `mlir-opt`, `mlir-runner` or
//! `libmlir_c_runner_utils.so` (LLVM 22) is missing.

mod common;
#[path = "jit_differential/dim_names.rs"]
mod dim_names;
#[path = "jit_differential/dynamic_reduce.rs"]
mod dynamic_reduce;
#[path = "jit_differential/gather.rs"]
mod gather;
#[path = "jit_differential/nary.rs"]
mod nary;
#[path = "jit_differential/near_zero.rs"]
mod near_zero;
#[path = "jit_differential/structure.rs"]
mod structure;
#[path = "jit_differential/unary.rs"]
mod unary;
use common::jit::{self, Arg, Failure};
use common::reference::{self, Reference};
use tensor_dialect_nd::scalar::{self, ElemKind};

/// One case: a program, its entry, the arguments as `(literal, parameter type)`,
/// the result types, and the fragment of the `cf.assert` message the JIT must
/// abort with (`None`: both must succeed with the same values).
struct Case {
    name: String,
    program: String,
    args: Vec<(String, String)>,
    results: Vec<String>,
    fails: Option<&'static str>,
    /// How far the JIT's floats may be from tensor-run's (`None`: the same bits).
    tolerance: reference::Tolerance,
}

fn export(program: &str) -> Result<String, String> {
    let (code, out, err) = common::process::parts(&common::process::run(
        env!("CARGO_BIN_EXE_tensor-opt"),
        &["-", "--lower-broadcast", "--convert-nd-to-upstream"],
        program,
    ));
    if code == 0 { Ok(out) } else { Err(err) }
}

/// tensor-run's results (written with `--out`, read back exactly), or its error.
fn reference(case: &Case) -> Result<Vec<Reference>, String> {
    let args: Vec<String> = case.args.iter().map(|(l, _)| l.clone()).collect();
    let scratch = format!("jit_differential/{}", case.name);
    reference::run(&scratch, &case.program, "f", &args, &case.results, true)
}

/// The JIT's results against tensor-run's: the same shapes and the same bits
/// (any NaN matching any NaN), or within the case's tolerance.
fn agree(case: &Case, jit_values: &[jit::Value], want: &[Reference]) {
    if let Err(e) = reference::compare(&case.results, jit_values, want, case.tolerance) {
        panic!("{} {e}\n{}", case.name, case.program);
    }
}

const FLOATS: [&str; 4] = ["f16", "bf16", "f32", "f64"];
const INTS: [&str; 5] = ["i8", "i16", "i32", "i64", "index"];

fn case(
    name: impl Into<String>,
    program: impl Into<String>,
    args: &[(&str, &str)],
    results: &[&str],
    fails: Option<&'static str>,
) -> Case {
    Case {
        name: name.into(),
        program: program.into(),
        args: args
            .iter()
            .map(|(l, p)| ((*l).to_owned(), (*p).to_owned()))
            .collect(),
        results: results.iter().map(|r| (*r).to_owned()).collect(),
        fails,
        tolerance: None,
    }
}

/// Every elementwise binary op, `cmp` and `select` of one element type, over
/// operands of type `t`, in one function.
fn binary_family(elem: &str, shape: &str) -> (String, Vec<String>) {
    let t = format!("tensor<{shape}{elem}>");
    let b = format!("tensor<{shape}i1>");
    let mut ops = vec!["add", "sub", "mul", "max", "min"];
    if elem != "index" && !FLOATS.contains(&elem) {
        ops.extend(["and", "or", "xor"]);
    }
    ops.extend(["div", "rem"]);
    if FLOATS.contains(&elem) {
        ops.extend(["pow", "atan2"]);
    }
    let mut body = String::new();
    let mut results = Vec::new();
    let mut names = Vec::new();
    for (k, op) in ops.iter().enumerate() {
        body.push_str(&format!("  %r{k} = nd.{op} %a, %b : {t}\n"));
        results.push(t.clone());
        names.push(format!("%r{k}"));
    }
    for p in ["eq", "ne", "lt", "le", "gt", "ge"] {
        body.push_str(&format!(
            "  %c{p} = nd.cmp {p}, %a, %b : ({t}, {t}) -> {b}\n"
        ));
        results.push(b.clone());
        names.push(format!("%c{p}"));
    }
    body.push_str(&format!(
        "  %s = nd.select %clt, %a, %b : ({b}, {t}, {t}) -> {t}\n"
    ));
    results.push(t.clone());
    names.push("%s".into());
    let program = format!(
        "func.func @f(%a: {t}, %b: {t}) -> ({}) {{\n{body}  return {} : {}\n}}\n",
        results.join(", "),
        names.join(", "),
        results.join(", ")
    );
    (program, results)
}

fn values(elem: &str) -> (&'static str, &'static str) {
    match elem {
        "i1" => ("[true, true, false, false]", "[true, true, true, true]"),
        "i8" => ("[-128, 7, -7, 127]", "[-1, 2, 2, -3]"),
        "i16" => ("[-32768, 7, -7, 300]", "[-1, 2, 2, -3]"),
        "i32" => ("[-2147483648, 7, -7, 100000]", "[-1, 2, 2, -3]"),
        "i64" | "index" => ("[-9223372036854775808, 7, -7, 5]", "[-1, 2, 2, -3]"),
        _ => ("[1.5, -2.0, 0.5, 3.0]", "[2.0, 2.0, -0.25, 3.0]"),
    }
}

fn cases() -> Vec<Case> {
    let mut out = Vec::new();
    let mut elems: Vec<&str> = FLOATS.to_vec();
    elems.push("i1");
    elems.extend(INTS);
    for &elem in &elems {
        let (a, b) = values(elem);
        let lit = |v: &str, n: usize| format!("dense<{v}> : tensor<{n}x{elem}>");
        for (shape, label) in [("4x", "static"), ("?x", "dynamic"), ("*x", "unranked")] {
            if label == "unranked" && !matches!(elem, "f32" | "i1" | "i32") {
                continue;
            }
            let (program, results) = binary_family(elem, shape);
            let param = format!("tensor<{shape}{elem}>");
            let results: Vec<&str> = results.iter().map(String::as_str).collect();
            out.push(case(
                format!("binary_{label}_{elem}"),
                program.clone(),
                &[(&lit(a, 4), &param), (&lit(b, 4), &param)],
                &results,
                None,
            ));
            if label == "dynamic" {
                // Sizes 4 and 3 do not broadcast.
                let short = b
                    .rsplit_once(',')
                    .map(|(h, _)| format!("{h}]"))
                    .expect("four values");
                out.push(case(
                    format!("binary_mismatch_{elem}"),
                    program,
                    &[(&lit(a, 4), &param), (&lit(&short, 3), &param)],
                    &results,
                    Some("shapes do not broadcast"),
                ));
            }
        }
        // The unary ops of the element type, in one function.
        // Every unary op the dialect declares for the element type's kind.
        let kind = if FLOATS.contains(&elem) {
            ElemKind::Float
        } else if elem == "i1" {
            ElemKind::Bool
        } else {
            ElemKind::Signed
        };
        let unary: Vec<&str> = scalar::ops()
            .filter(|(_, f)| f.arity() == 1 && f.defined_for(kind))
            .filter_map(|(name, _)| name.strip_prefix("nd."))
            .collect();
        let t = format!("tensor<?x{elem}>");
        let body: String = unary
            .iter()
            .map(|op| format!("  %{op} = nd.{op} %a : {t}\n"))
            .collect();
        let names: Vec<String> = unary.iter().map(|op| format!("%{op}")).collect();
        let types = vec![t.as_str(); unary.len()];
        out.push(case(
            format!("unary_{elem}"),
            format!(
                "func.func @f(%a: {t}) -> ({}) {{\n{body}  return {} : {}\n}}\n",
                types.join(", "),
                names.join(", "),
                types.join(", ")
            ),
            &[(&lit(a, 4), &t)],
            &types,
            None,
        ));
        if elem != "i1" && !FLOATS.contains(&elem) {
            // A zero divisor: tensor-run's error, the JIT's assert (never a trap).
            let t = format!("tensor<?x{elem}>");
            for op in ["div", "rem"] {
                out.push(case(
                    format!("{op}_by_zero_{elem}"),
                    format!(
                        "func.func @f(%a: {t}, %b: {t}) -> {t} {{\n  %r = nd.{op} %a, %b : {t}\n  return %r : {t}\n}}\n"
                    ),
                    &[(&lit(a, 4), &t), (&lit("[1, 0, 1, 1]", 4), &t)],
                    &[&t],
                    Some("divides by zero"),
                ));
            }
        }
    }
    // Integer powers: a negative exponent is tensor-run's error.
    for elem in ["i8", "i32", "i64"] {
        let t = format!("tensor<?x{elem}>");
        let prog = format!(
            "func.func @f(%a: {t}, %b: {t}) -> {t} {{\n  %r = nd.pow %a, %b : {t}\n  return %r : {t}\n}}\n"
        );
        let lit = |v: &str| format!("dense<{v}> : tensor<4x{elem}>");
        out.push(case(
            format!("pow_{elem}"),
            prog.clone(),
            &[(&lit("[3, -2, 7, 0]"), &t), (&lit("[5, 3, 0, 2]"), &t)],
            &[&t],
            None,
        ));
        out.push(case(
            format!("pow_negative_{elem}"),
            prog,
            &[(&lit("[3, -2, 7, 0]"), &t), (&lit("[5, -3, 0, 2]"), &t)],
            &[&t],
            Some("raises integers to a negative power"),
        ));
    }
    // A max or min over an empty dim has no identity (unless the result is empty).
    for (kind, fails) in [
        ("max", Some("reduces an empty dim")),
        ("min", Some("reduces an empty dim")),
        ("sum", None),
    ] {
        out.push(case(
            format!("reduce_empty_{kind}"),
            format!(
                "func.func @f(%a: tensor<?x?xf32>) -> tensor<?xf32> {{\n  %r = \"nd.reduce\"(%a) <{{kind = \"{kind}\", dimensions = array<i64: 1>}}> : (tensor<?x?xf32>) -> tensor<?xf32>\n  return %r : tensor<?xf32>\n}}\n"
            ),
            &[("dense<> : tensor<2x0xf32>", "tensor<?x?xf32>")],
            &["tensor<?xf32>"],
            fails,
        ));
    }
    // nd.dim of an unranked operand: a missing dim fails the rank specialisation.
    let dim = "func.func @f(%a: tensor<*xf32>) -> tensor<index> {
  %r = nd.dim %a[1] : (tensor<*xf32>) -> tensor<index>
  return %r : tensor<index>
}
";
    out.push(case(
        "dim_unranked",
        dim,
        &[("dense<1.0> : tensor<2x3xf32>", "tensor<*xf32>")],
        &["tensor<index>"],
        None,
    ));
    out.push(case(
        "dim_unranked_missing",
        dim,
        &[("dense<1.0> : tensor<3xf32>", "tensor<*xf32>")],
        &["tensor<index>"],
        Some("rank specialisation"),
    ));
    out.extend(unary::sign_edges());
    out.extend(unary::erf_points());
    // i1 division by false.
    let t = "tensor<?xi1>";
    out.push(case(
        "div_by_false_i1",
        format!("func.func @f(%a: {t}, %b: {t}) -> {t} {{\n  %r = nd.div %a, %b : {t}\n  return %r : {t}\n}}\n"),
        &[("dense<[true, false]> : tensor<2xi1>", t), ("dense<[true, false]> : tensor<2xi1>", t)],
        &[t],
        Some("divides by zero"),
    ));
    // Casts, out of range floats included (the interpreter saturates).
    let casts = [
        ("f32", "i32", "[1.5e10, -1.5e10, -2.75, 3.0]"),
        ("f32", "i8", "[300.0, -300.0, -2.75, 127.5]"),
        ("f64", "i64", "[1.0e30, -1.0e30, -2.75, 3.0]"),
        ("f32", "index", "[1.0e30, -1.0e30, -2.75, 3.0]"),
        ("f32", "i1", "[0.0, -0.5, 2.0, 0.0]"),
        ("i1", "f32", "[true, false, true, true]"),
        ("i1", "i32", "[true, false, true, true]"),
        ("i32", "i1", "[0, -1, 2, 0]"),
        ("i32", "i8", "[300, -129, 5, -5]"),
        ("i8", "i64", "[-128, 127, 5, -5]"),
        ("i64", "index", "[-128, 127, 5, -5]"),
        ("index", "f32", "[-128, 127, 5, -5]"),
        ("f64", "f16", "[1.0e10, 0.5, -2.75, 3.0]"),
        ("bf16", "f32", "[1.5, 0.5, -2.75, 3.0]"),
        ("i32", "f64", "[-2147483648, 7, -7, 5]"),
    ];
    for (from, to, v) in casts {
        let (s, d) = (format!("tensor<?x{from}>"), format!("tensor<?x{to}>"));
        out.push(case(
            format!("cast_{from}_{to}"),
            format!("func.func @f(%a: {s}) -> {d} {{\n  %r = nd.cast %a : {s} to {d}\n  return %r : {d}\n}}\n"),
            &[(&format!("dense<{v}> : tensor<4x{from}>"), &s)],
            &[&d],
            None,
        ));
    }
    // Reductions over i1 and integers and floats.
    for elem in ["i1", "i32", "f32"] {
        let v = match elem {
            "i1" => "[[true, false, true], [true, true, true]]",
            "i32" => "[[1, -5, 3], [7, 2, -9]]",
            _ => "[[1.5, -5.0, 3.0], [7.0, 2.0, -9.0]]",
        };
        let s = format!("tensor<?x?x{elem}>");
        let r = format!("tensor<?x{elem}>");
        let mut body = String::new();
        let kinds = ["sum", "prod", "max", "min"];
        for k in kinds {
            body.push_str(&format!(
                "  %{k} = \"nd.reduce\"(%a) <{{kind = \"{k}\", dimensions = array<i64: 1>}}> : ({s}) -> {r}\n"
            ));
        }
        let results = vec![r.as_str(); 4];
        out.push(case(
            format!("reduce_{elem}"),
            format!(
                "func.func @f(%a: {s}) -> ({r}, {r}, {r}, {r}) {{\n{body}  return %sum, %prod, %max, %min : {r}, {r}, {r}, {r}\n}}\n"
            ),
            &[(&format!("dense<{v}> : tensor<2x3x{elem}>"), &s)],
            &results,
            None,
        ));
    }
    // Matmul: valid, contracting sizes that disagree, batch sizes that disagree.
    for elem in ["f32", "i32", "f64"] {
        let m = format!("tensor<?x?x{elem}>");
        let prog = format!(
            "func.func @f(%a: {m}, %b: {m}) -> {m} {{\n  %r = nd.matmul %a, %b : ({m}, {m}) -> {m}\n  return %r : {m}\n}}\n"
        );
        // Integers, or the same values as floats.
        let num = |v: &str| {
            let mut out = String::new();
            let mut chars = v.chars().peekable();
            while let Some(c) = chars.next() {
                out.push(c);
                let ends_number =
                    c.is_ascii_digit() && !chars.peek().is_some_and(char::is_ascii_digit);
                if ends_number && elem.starts_with('f') {
                    out.push_str(".0");
                }
            }
            out
        };
        let a23 = format!(
            "dense<{}> : tensor<2x3x{elem}>",
            num("[[1, 2, 3], [4, 5, 6]]")
        );
        let b32 = format!(
            "dense<{}> : tensor<3x2x{elem}>",
            num("[[1, 2], [3, 4], [5, 6]]")
        );
        let b42 = format!(
            "dense<{}> : tensor<4x2x{elem}>",
            num("[[1, 2], [3, 4], [5, 6], [7, 8]]")
        );
        out.push(case(
            format!("matmul_{elem}"),
            prog.clone(),
            &[(&a23, &m), (&b32, &m)],
            &[&m],
            None,
        ));
        out.push(case(
            format!("matmul_contracting_{elem}"),
            prog,
            &[(&a23, &m), (&b42, &m)],
            &[&m],
            Some("contracted dims differ"),
        ));
    }
    let m3 = "tensor<?x?x?xf32>";
    let batched = format!(
        "func.func @f(%a: {m3}, %b: {m3}) -> {m3} {{\n  %r = nd.matmul %a, %b : ({m3}, {m3}) -> {m3}\n  return %r : {m3}\n}}\n"
    );
    out.push(case(
        "matmul_batch_mismatch",
        batched.clone(),
        &[
            ("dense<1.0> : tensor<2x2x3xf32>", m3),
            ("dense<1.0> : tensor<3x3x2xf32>", m3),
        ],
        &[m3],
        Some("do not broadcast"),
    ));
    out.push(case(
        "matmul_batch",
        batched,
        &[
            ("dense<1.0> : tensor<2x2x3xf32>", m3),
            ("dense<2.0> : tensor<1x3x2xf32>", m3),
        ],
        &[m3],
        None,
    ));
    // broadcast_in_dim and broadcast_to with a shape operand.
    let bid = "func.func @f(%a: tensor<?xf32>, %s: tensor<2xindex>) -> tensor<?x?xf32> {
  %r = nd.broadcast_in_dim %a, %s, dims = [0] : (tensor<?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}
";
    for (name, v, s, fails) in [
        ("broadcast_in_dim_shape", "[1.0, 2.0, 3.0]", "[3, 2]", None),
        ("broadcast_in_dim_stretch", "[4.0]", "[3, 2]", None),
        (
            "broadcast_in_dim_mismatch",
            "[1.0, 2.0]",
            "[3, 2]",
            Some("neither 1 nor the size"),
        ),
    ] {
        let n = v.split(',').count();
        out.push(case(
            name,
            bid,
            &[
                (&format!("dense<{v}> : tensor<{n}xf32>"), "tensor<?xf32>"),
                (&format!("dense<{s}> : tensor<2xindex>"), "tensor<2xindex>"),
            ],
            &["tensor<?x?xf32>"],
            fails,
        ));
    }
    let bto = "func.func @f(%a: tensor<?xf32>, %s: tensor<2xindex>) -> tensor<?x?xf32> {
  %r = nd.broadcast_to %a, %s : (tensor<?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}
";
    for (name, v, fails) in [
        ("broadcast_to_shape", "[1.0, 2.0]", None),
        (
            "broadcast_to_mismatch",
            "[1.0, 2.0, 3.0]",
            Some("neither 1 nor the size"),
        ),
    ] {
        let n = v.split(',').count();
        out.push(case(
            name,
            bto,
            &[
                (&format!("dense<{v}> : tensor<{n}xf32>"), "tensor<?xf32>"),
                ("dense<[3, 2]> : tensor<2xindex>", "tensor<2xindex>"),
            ],
            &["tensor<?x?xf32>"],
            fails,
        ));
    }
    out.push(case(
        "broadcast_in_dim_static_result",
        "func.func @f(%a: tensor<?xf32>, %s: tensor<2xindex>) -> tensor<3x2xf32> {
  %r = nd.broadcast_in_dim %a, %s, dims = [1] : (tensor<?xf32>, tensor<2xindex>) -> tensor<3x2xf32>
  return %r : tensor<3x2xf32>
}
",
        &[
            ("dense<[1.0, 2.0]> : tensor<2xf32>", "tensor<?xf32>"),
            ("dense<[4, 2]> : tensor<2xindex>", "tensor<2xindex>"),
        ],
        &["tensor<3x2xf32>"],
        Some("other than the size 3"),
    ));
    out.extend(computed_shape_cases());
    out.extend(structural_cases());
    out.push(signed_zeros());
    out.push(nary::atan2_edges());
    out.extend(nary::clamp_cases());
    out.extend(near_zero::edge_cases());
    out.extend(dim_names::dim_names_cases());
    out.extend(structure::structure_cases());
    out.extend(gather::gather_cases());
    out.extend(dynamic_reduce::dynamic_reduce_cases());
    out
}

/// Float `max`/`min`, elementwise and reduced, on zeros of both signs in both
/// orders: IEEE 754-2019 `maximum`/`minimum` in both (`-0.0 < +0.0`), compared
/// bit for bit.
fn signed_zeros() -> Case {
    let (v, m) = ("tensor<4xf32>", "tensor<2x4xf32>");
    let r = "tensor<2xf32>";
    let reduce = |k: &str| {
        format!(
            "  %{k}r = \"nd.reduce\"(%g) <{{kind = \"{k}\", dimensions = array<i64: 1>}}> : ({m}) -> {r}\n"
        )
    };
    let program = format!(
        "func.func @f(%a: {v}, %b: {v}, %g: {m}) -> ({v}, {v}, {r}, {r}) {{
  %max = nd.max %a, %b : {v}
  %min = nd.min %a, %b : {v}
{}{}  return %max, %min, %maxr, %minr : {v}, {v}, {r}, {r}
}}
",
        reduce("max"),
        reduce("min")
    );
    case(
        "signed_zeros",
        program,
        &[
            ("dense<[-0.0, 0.0, -0.0, 0.0]> : tensor<4xf32>", v),
            ("dense<[0.0, -0.0, -0.0, 0.0]> : tensor<4xf32>", v),
            (
                "dense<[[-0.0, 0.0, -0.0, -0.0], [0.0, -0.0, 0.0, 0.0]]> : tensor<2x4xf32>",
                m,
            ),
        ],
        &[v, v, r, r],
        None,
    )
}

/// `nd.constant`, `nd.broadcast` (ONNX's N-ary broadcast) and `nd.assign` (the
/// Array API's in-place rule: the source broadcasts into the destination's shape,
/// never the other way).
fn structural_cases() -> Vec<Case> {
    let v = "tensor<?xf32>";
    let m = "tensor<?x?xf32>";
    let constant = format!(
        "func.func @f(%x: {v}) -> {v} {{
  %c = nd.constant dense<[0.5]> : tensor<1xf32>
  %r = nd.add %x, %c : ({v}, tensor<1xf32>) -> {v}
  return %r : {v}
}}
"
    );
    let both = format!(
        "func.func @f(%a: {v}, %b: {m}) -> ({m}, {m}) {{
  %r:2 = nd.broadcast %a, %b : ({v}, {m}) -> ({m}, {m})
  return %r#0, %r#1 : {m}, {m}
}}
"
    );
    let assign = format!(
        "func.func @f(%d: {m}, %s: {v}) -> {m} {{
  %r = nd.assign %d, %s : ({m}, {v}) -> {m}
  return %r : {m}
}}
"
    );
    let row = |values: &str| {
        let n = values.split(',').count();
        format!("dense<[{values}]> : tensor<{n}xf32>")
    };
    let grid = "dense<[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]> : tensor<3x2xf32>";
    let mut out = vec![case(
        "constant",
        constant,
        &[(&row("1.0, 2.0, 3.0"), v)],
        &[v],
        None,
    )];
    // The row against the grid: both broadcast (nd.broadcast), or the row into
    // the grid (nd.assign).
    for (program, results, stem) in [
        (&both, &[m, m][..], "broadcast_nary"),
        (&assign, &[m][..], "assign"),
    ] {
        for (suffix, r, fails) in [
            ("", row("7.0, 8.0"), None),
            ("_stretch", row("7.0"), None),
            ("_mismatch", row("7.0, 8.0, 9.0"), Some("do not broadcast")),
        ] {
            let args = if stem == "assign" {
                [(grid, m), (r.as_str(), v)]
            } else {
                [(r.as_str(), v), (grid, m)]
            };
            out.push(case(
                format!("{stem}{suffix}"),
                program.clone(),
                &args,
                results,
                fails,
            ));
        }
    }
    // The structural ops the export writes: a transpose (a view in tensor-run)
    // feeding an add, and a strided slice of `?` dims, inside them or past one.
    let transpose = format!(
        "func.func @f(%x: {m}) -> {m} {{
  %t = nd.transpose %x, permutation = [1, 0] : ({m}) -> {m}
  %r = nd.add %t, %t : ({m}, {m}) -> {m}
  return %r : {m}
}}
"
    );
    out.push(case("transpose", transpose, &[(grid, m)], &[m], None));
    let cut = "tensor<2x1xf32>";
    let slice = format!(
        "func.func @f(%x: {m}) -> {cut} {{
  %r = nd.slice %x, start = [0, 1], limit = [3, 2], strides = [2, 1] : ({m}) -> {cut}
  return %r : {cut}
}}
"
    );
    out.push(case("slice", slice.clone(), &[(grid, m)], &[cut], None));
    out.push(case(
        "slice_past_end",
        slice,
        &[("dense<[[1.0, 2.0]]> : tensor<1x2xf32>", m)],
        &[cut],
        Some("past the end"),
    ));
    // In place the destination never stretches: a destination dim of 1 against a
    // source of 2 fails.
    out.push(case(
        "assign_destination_stretch",
        assign,
        &[
            ("dense<[[1.0], [2.0]]> : tensor<2x1xf32>", m),
            (&row("7.0, 8.0"), v),
        ],
        &[m],
        Some("do not broadcast"),
    ));
    // nd.assert (JAX's shape assertion): the export's cf.assert holds where the
    // condition does and aborts with the message where it does not.
    let v = "tensor<?xf32>";
    let asserts = format!(
        "func.func @f(%x: {v}) -> {v} {{
  %n = nd.dim %x[0] : ({v}) -> tensor<index>
  %one = nd.constant dense<1> : tensor<index>
  %ok = nd.cmp ge, %n, %one : (tensor<index>, tensor<index>) -> tensor<i1>
  nd.assert %ok, %n {{message = \"the size must be at least 1, got {{0}}\"}} : (tensor<i1>, tensor<index>) -> ()
  %r = nd.neg %x : {v}
  return %r : {v}
}}
"
    );
    out.push(case(
        "assert_holds",
        asserts.clone(),
        &[("dense<[1.0, 2.0]> : tensor<2xf32>", v)],
        &[v],
        None,
    ));
    out.push(case(
        "assert_fails",
        asserts,
        &[("dense<> : tensor<0xf32>", v)],
        &[v],
        Some("the size must be at least 1"),
    ));
    out
}

/// Broadcasts to a shape the program computes: the shape of another tensor is
/// checked like one read from a tensor; a checked broadcast of shapes proves its
/// operands 1 or its size, but a known non-expanding dim must be equal.
fn computed_shape_cases() -> Vec<Case> {
    let v = "tensor<?xf32>";
    let other = format!(
        "func.func @f(%x: {v}, %y: {v}) -> {v} {{
  %s = nd.shape_of %y : ({v}) -> tensor<1xindex>
  %r = nd.broadcast_in_dim %x, %s, dims = [0] : ({v}, tensor<1xindex>) -> {v}
  return %r : {v}
}}
"
    );
    let checked = |known: &str| {
        format!(
            "func.func @f(%x: {v}, %y: {v}) -> {v} {{
  %s0 = nd.shape_of %x : ({v}) -> tensor<1xindex>
  %s1 = nd.shape_of %y : ({v}) -> tensor<1xindex>
  %s = nd.broadcast_shapes %s0, %s1 : (tensor<1xindex>, tensor<1xindex>) -> tensor<1xindex>
  %r = nd.broadcast_in_dim %x, %s, dims = [0] {known} : ({v}, tensor<1xindex>) -> {v}
  return %r : {v}
}}
"
        )
    };
    let known = checked("{known_nonexpanding_dimensions = array<i64: 0>}");
    let plain = checked("");
    let arg = |values: &str| {
        let n = values.split(',').count();
        (format!("dense<[{values}]> : tensor<{n}xf32>"), v)
    };
    let mut out = Vec::new();
    for (name, program, x, y, fails) in [
        ("shape_of_other_equal", &other, "1.0, 2.0", "5.0, 6.0", None),
        ("shape_of_other_stretch", &other, "4.0", "5.0, 6.0", None),
        (
            "shape_of_other_mismatch",
            &other,
            "1.0, 2.0",
            "5.0, 6.0, 7.0",
            Some("neither 1 nor the size"),
        ),
        ("checked_stretch", &plain, "4.0", "5.0, 6.0", None),
        (
            "checked_mismatch",
            &plain,
            "1.0, 2.0",
            "5.0, 6.0, 7.0",
            Some("shapes do not broadcast"),
        ),
        ("known_equal", &known, "1.0, 2.0", "5.0, 6.0", None),
        (
            "known_stretch",
            &known,
            "4.0",
            "5.0, 6.0",
            Some("known_nonexpanding_dimensions lists operand dim 0"),
        ),
    ] {
        let (x, y) = (arg(x), arg(y));
        out.push(case(
            name,
            program.as_str(),
            &[(&x.0, x.1), (&y.0, y.1)],
            &[v],
            fails,
        ));
    }
    out
}

/// The `nd` ops the cases run once lowered (what the export sees), by name.
fn ops_run(cases: &[Case]) -> std::collections::BTreeSet<String> {
    let mut seen = std::collections::BTreeSet::new();
    for c in cases {
        for text in [c.program.clone(), lowered(&c.program)] {
            for (i, _) in text.match_indices("nd.") {
                let name: String = text[i..]
                    .chars()
                    .take_while(|ch| ch.is_ascii_alphanumeric() || *ch == '_' || *ch == '.')
                    .collect();
                seen.insert(name);
            }
        }
    }
    seen
}

fn lowered(program: &str) -> String {
    let (code, out, err) = common::process::parts(&common::process::run(
        env!("CARGO_BIN_EXE_tensor-opt"),
        &["-", "--lower-broadcast"],
        program,
    ));
    assert_eq!(code, 0, "{err}\n{program}");
    out
}

/// Every `nd` op is run by some case, as written or once lowered (the export
/// never sees `nd.broadcast`, which the lowering replaces).
#[test]
fn every_op_is_covered() {
    let seen = ops_run(&cases());
    let missing: Vec<&str> = tensor_dialect_nd::DIALECT
        .ops
        .iter()
        .map(|d| d.name)
        .filter(|n| !seen.contains(*n))
        .collect();
    assert!(missing.is_empty(), "no JIT case runs {missing:?}");
}

#[test]
fn export_runs_as_tensor_run() {
    let Some(tools) = jit::tools() else {
        eprintln!(
            "jit_differential: skipped (mlir-opt, mlir-runner or libmlir_c_runner_utils.so of \
             LLVM 22 not found; set MLIR_OPT, MLIR_RUNNER, MLIR_RUNNER_UTILS)"
        );
        return;
    };
    let cases = cases();
    let mut failures = Vec::new();
    for c in &cases {
        let upstream = match export(&c.program) {
            Ok(u) => u,
            Err(e) => {
                failures.push(format!("{}: the export fails:\n{e}", c.name));
                continue;
            }
        };
        let args: Vec<Arg> = c.args.iter().map(|(l, p)| Arg::new(l, p)).collect();
        let got = jit::run(&tools, &upstream, "f", &args, &c.results);
        let want = reference(c);
        let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            match (&got, &want, c.fails) {
                (Ok(v), Ok(r), None) => agree(c, v, r),
                (Err(f @ Failure::Run { .. }), Err(_), Some(msg)) => assert!(
                    f.asserted(msg),
                    "{}: the JIT does not abort on a cf.assert with '{msg}': {f:?}",
                    c.name
                ),
                _ => panic!(
                    "{}: expected {}, the JIT gives {got:?}, tensor-run {want:?}\n{upstream}",
                    c.name,
                    c.fails
                        .map_or("values".into(), |m| format!("a failure '{m}'"))
                ),
            }
        }));
        if let Err(e) = outcome {
            let msg = e
                .downcast_ref::<String>()
                .cloned()
                .unwrap_or_else(|| "panic".into());
            failures.push(msg);
        }
    }
    let failing = cases.iter().filter(|c| c.fails.is_some()).count();
    println!(
        "jit_differential: {} cases ({} with values, {} that must fail)",
        cases.len(),
        cases.len() - failing,
        failing
    );
    assert!(
        failures.is_empty(),
        "{} of {} cases disagree:\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n\n")
    );
}
