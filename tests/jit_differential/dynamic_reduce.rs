//! `nd.dynamic_reduce` in the JIT: the export's `scf.for` over the axes and
//! `scf.if` per dim give tensor-run's values (with and without `keep_dims`,
//! negative axes, an init value, several ranks and kinds, axes of a static or
//! run-time length), and where tensor-run fails at the op (an axis outside
//! `[-r, r)`, a dim listed twice, `max` over an empty dim, a run-time number of
//! axes that the result's rank contradicts) the export's `cf.assert` aborts.
//! Float values are small integers: the export reduces dim by dim, tensor-run
//! all at once, and those sums are exact in either order.

use super::{Case, case};

/// `func.func @f(%x: x, %a: axes[, %i: init]) -> r` of one `nd.dynamic_reduce`.
fn program(kind: &str, x: &str, axes: &str, init: Option<&str>, keep: bool, r: &str) -> String {
    let (param, operand, ty) = match init {
        Some(t) => (format!(", %i: {t}"), " init %i", format!(", {t}")),
        None => (String::new(), "", String::new()),
    };
    let keep = if keep { " keep_dims" } else { "" };
    format!(
        "func.func @f(%x: {x}, %a: {axes}{param}) -> {r} {{
  %r = nd.dynamic_reduce {kind} %x across %a{operand}{keep} : ({x}, {axes}{ty}) -> {r}
  return %r : {r}
}}
"
    )
}

/// A 2x3x4 tensor of `elem` holding 1 to 24 with some signs flipped.
fn cube(elem: &str) -> String {
    let float = elem.starts_with('f');
    let mut rows = Vec::new();
    for i in 0..2 {
        let mut cols = Vec::new();
        for j in 0..3 {
            let v: Vec<String> = (0..4)
                .map(|k| {
                    let n = 12 * i + 4 * j + k + 1;
                    let n = if (n * 7) % 5 == 0 { -n } else { n };
                    if float {
                        format!("{n}.0")
                    } else {
                        n.to_string()
                    }
                })
                .collect();
            cols.push(format!("[{}]", v.join(", ")));
        }
        rows.push(format!("[{}]", cols.join(", ")));
    }
    format!("dense<[{}]> : tensor<2x3x4x{elem}>", rows.join(", "))
}

/// The cases: values, then failures.
pub(super) fn dynamic_reduce_cases() -> Vec<Case> {
    let mut out = Vec::new();
    for elem in ["f32", "i32"] {
        let x = format!("tensor<?x?x?x{elem}>");
        let data = cube(elem);
        let init = format!("tensor<{elem}>");
        let init_value = if elem == "f32" {
            "dense<-3.0> : tensor<f32>".to_owned()
        } else {
            "dense<-3> : tensor<i32>".to_owned()
        };
        for kind in ["sum", "prod", "max", "min"] {
            // Two axes, one negative, kept as 1s.
            let r = format!("tensor<?x?x?x{elem}>");
            out.push(case(
                format!("dynamic_reduce_keep_{kind}_{elem}"),
                program(kind, &x, "tensor<2xi64>", None, true, &r),
                &[
                    (&data, &x),
                    ("dense<[-1, 0]> : tensor<2xi64>", "tensor<2xi64>"),
                ],
                &[&r],
                None,
            ));
            // One axis dropped, with an init value.
            let r = format!("tensor<?x?x{elem}>");
            out.push(case(
                format!("dynamic_reduce_drop_init_{kind}_{elem}"),
                program(kind, &x, "tensor<1xi32>", Some(&init), false, &r),
                &[
                    (&data, &x),
                    ("dense<[-2]> : tensor<1xi32>", "tensor<1xi32>"),
                    (&init_value, &init),
                ],
                &[&r],
                None,
            ));
        }
        // Every dim of a static operand, in shuffled order: a 0-D result.
        let s = format!("tensor<2x3x4x{elem}>");
        let r = format!("tensor<{elem}>");
        out.push(case(
            format!("dynamic_reduce_all_{elem}"),
            program("sum", &s, "tensor<3xi64>", None, false, &r),
            &[
                (&data, &s),
                ("dense<[1, -1, 0]> : tensor<3xi64>", "tensor<3xi64>"),
            ],
            &[&r],
            None,
        ));
        // No axes: the operand itself, or combined with the init value.
        let r = format!("tensor<?x?x?x{elem}>");
        out.push(case(
            format!("dynamic_reduce_none_{elem}"),
            program("max", &s, "tensor<0xi64>", Some(&init), false, &r),
            &[
                (&data, &s),
                ("dense<> : tensor<0xi64>", "tensor<0xi64>"),
                (&init_value, &init),
            ],
            &[&r],
            None,
        ));
    }
    // Rank 1 and rank 4, index axes.
    let (x, r) = ("tensor<?xf32>", "tensor<f32>");
    out.push(case(
        "dynamic_reduce_rank1",
        program("sum", x, "tensor<1xindex>", None, false, r),
        &[
            ("dense<[1.0, 2.0, -4.0]> : tensor<3xf32>", x),
            ("dense<[-1]> : tensor<1xindex>", "tensor<1xindex>"),
        ],
        &[r],
        None,
    ));
    let (x, r) = ("tensor<?x1x?x2xi32>", "tensor<?x1x?x?xi32>");
    out.push(case(
        "dynamic_reduce_rank4_keep",
        program("sum", x, "tensor<2xi8>", None, true, r),
        &[
            (
                "dense<[[[[1, 2], [3, 4], [5, 6]]], [[[7, 8], [9, 10], [11, 12]]]]> : tensor<2x1x3x2xi32>",
                x,
            ),
            ("dense<[2, -4]> : tensor<2xi8>", "tensor<2xi8>"),
        ],
        &[r],
        None,
    ));
    // Axes of a run-time length: an unranked result, or a ranked one whose rank
    // is asserted.
    let (x, a) = ("tensor<?x?x?xf32>", "tensor<?xi64>");
    let data = cube("f32");
    for (label, axes) in [("one", "[1]"), ("two", "[2, -3]"), ("none", "[]")] {
        let lit = if axes == "[]" {
            "dense<> : tensor<0xi64>".to_owned()
        } else {
            let n = axes.matches(',').count() + 1;
            format!("dense<{axes}> : tensor<{n}xi64>")
        };
        out.push(case(
            format!("dynamic_reduce_unranked_{label}"),
            program("min", x, a, None, false, "tensor<*xf32>"),
            &[(&data, x), (&lit, a)],
            &["tensor<*xf32>"],
            None,
        ));
    }
    out.push(case(
        "dynamic_reduce_run_time_length",
        program("max", x, a, None, false, "tensor<?x?xf32>"),
        &[(&data, x), ("dense<[-1]> : tensor<1xi64>", a)],
        &["tensor<?x?xf32>"],
        None,
    ));
    out.push(case(
        "dynamic_reduce_run_time_length_keep",
        program("prod", x, a, None, true, x),
        &[(&data, x), ("dense<[0, 2]> : tensor<2xi64>", a)],
        &[x],
        None,
    ));
    failing(&mut out);
    out
}

/// What tensor-run reports at the op, each alone.
fn failing(out: &mut Vec<Case>) {
    let (x, a) = ("tensor<?x?x?xf32>", "tensor<?xi64>");
    let r = "tensor<?x?x?xf32>";
    let data = cube("f32");
    for (label, axes, n) in [("above", "[0, 3]", 2), ("below", "[-4]", 1)] {
        out.push(case(
            format!("dynamic_reduce_out_of_range_{label}"),
            program("sum", x, a, None, true, r),
            &[(&data, x), (&format!("dense<{axes}> : tensor<{n}xi64>"), a)],
            &[r],
            Some("has an axis (an element of operand #1) outside [-3, 3)"),
        ));
    }
    out.push(case(
        "dynamic_reduce_twice",
        program("sum", x, "tensor<2xi32>", None, false, "tensor<?xf32>"),
        &[
            (&data, x),
            ("dense<[1, -2]> : tensor<2xi32>", "tensor<2xi32>"),
        ],
        &["tensor<?xf32>"],
        Some("lists a dim twice in operand #1"),
    ));
    out.push(case(
        "dynamic_reduce_rank_mismatch",
        program("sum", x, a, None, false, "tensor<?x?xf32>"),
        &[(&data, x), ("dense<[0, 1]> : tensor<2xi64>", a)],
        &["tensor<?x?xf32>"],
        Some("reduces a number of dims other than 1"),
    ));
    let (x, r) = ("tensor<?x?xf32>", "tensor<?xf32>");
    for (kind, fails) in [
        ("max", Some("reduces an empty dim with 'max'")),
        ("min", Some("reduces an empty dim with 'min'")),
        ("sum", None),
    ] {
        out.push(case(
            format!("dynamic_reduce_empty_{kind}"),
            program(kind, x, "tensor<1xi64>", None, false, r),
            &[
                ("dense<> : tensor<2x0xf32>", x),
                ("dense<[1]> : tensor<1xi64>", "tensor<1xi64>"),
            ],
            &[r],
            fails,
        ));
    }
    // Over the empty dim's neighbour the result is empty: no failure.
    out.push(case(
        "dynamic_reduce_empty_result_max",
        program("max", x, "tensor<1xi64>", None, false, r),
        &[
            ("dense<> : tensor<2x0xf32>", x),
            ("dense<[0]> : tensor<1xi64>", "tensor<1xi64>"),
        ],
        &[r],
        None,
    ));
}
