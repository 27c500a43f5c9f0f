//! The JIT cases of the ops issue 25 added with more than one operand:
//! `nd.atan2`'s special values and `nd.clamp`'s three broadcasting operands.

use super::{Case, FLOATS, case};

/// `nd.atan2` at C's special points: signed zeros, infinities and NaN.
pub(super) fn atan2_edges() -> Case {
    let v = "tensor<8xf32>";
    case(
        "atan2_edges",
        format!(
            "func.func @f(%y: {v}, %x: {v}) -> {v} {{\n  %r = nd.atan2 %y, %x : {v}\n  return %r : {v}\n}}\n"
        ),
        &[
            (
                "dense<[0.0, -0.0, 0.0, -0.0, 0x7F800000, 0xFF800000, 0x7FC00000, 1.0]> : tensor<8xf32>",
                v,
            ),
            (
                "dense<[0.0, 0.0, -0.0, -0.0, 0x7F800000, 0xFF800000, 1.0, 0xFF800000]> : tensor<8xf32>",
                v,
            ),
        ],
        &[v],
        None,
    )
}

/// `nd.clamp` over three `?`-shaped operands of each element type, and its
/// run-time check failing where lo's 2 meets x's 3.
pub(super) fn clamp_cases() -> Vec<Case> {
    let mut out = Vec::new();
    for elem in [
        "f16", "bf16", "f32", "f64", "i1", "i8", "i32", "i64", "index",
    ] {
        // A quiet NaN of the element type, in hex.
        let nan = match elem {
            "f16" => "0x7E00",
            "bf16" => "0x7FC0",
            "f64" => "0x7FF8000000000000",
            _ => "0x7FC00000",
        };
        let (x, lo, hi) = match elem {
            "i1" => (
                "[true, false, true]".into(),
                "[false]",
                "[true, false, false]".into(),
            ),
            e if FLOATS.contains(&e) => (
                format!("[-2.0, 0.5, {nan}]"),
                "[0.0]",
                format!("[1.0, {nan}, -1.0]"),
            ),
            _ => ("[-128, 5, 100]".into(), "[0]", "[50, 3, -7]".into()),
        };
        let (m, v) = (format!("tensor<?x{elem}>"), format!("tensor<?x?x{elem}>"));
        let program = format!(
            "func.func @f(%x: {m}, %lo: {m}, %hi: {v}) -> {v} {{\n  %r = nd.clamp %x, %lo, %hi : ({m}, {m}, {v}) -> {v}\n  return %r : {v}\n}}\n"
        );
        let lit = |v: &str, shape: &str| format!("dense<{v}> : tensor<{shape}{elem}>");
        let hi2 = lit(&format!("[{hi}, {hi}]"), "2x3x");
        let (x, lo) = (x.as_str(), lo);
        out.push(case(
            format!("clamp_{elem}"),
            program.clone(),
            &[(&lit(x, "3x"), &m), (&lit(lo, "1x"), &m), (&hi2, &v)],
            &[&v],
            None,
        ));
        if elem == "f32" {
            out.push(case(
                "clamp_mismatch",
                program,
                &[
                    (&lit(x, "3x"), &m),
                    (&lit("[0.0, 0.0]", "2x"), &m),
                    (&hi2, &v),
                ],
                &[&v],
                Some("shapes do not broadcast"),
            ));
        }
    }
    out
}
