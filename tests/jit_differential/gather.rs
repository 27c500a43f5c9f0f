//! `nd.gather` and `nd.gather_elements` in the JIT: the export's
//! `linalg.generic` of `tensor.extract` gives tensor-run's values, negative
//! indices included, and where tensor-run fails at the op (an index outside
//! `[-n, n)`, indices wider than data off the axis) the export's `cf.assert`
//! aborts with its message.

use super::{Case, case};

/// The cases, each alone or with its failing twin.
pub(super) fn gather_cases() -> Vec<Case> {
    let mut out = Vec::new();
    let (x, i, r) = ("tensor<?x3xf32>", "tensor<?xi64>", "tensor<?x?xf32>");
    let take = format!(
        "func.func @f(%x: {x}, %i: {i}) -> {r} {{
  %r = nd.gather %x[%i], axis = 1 : ({x}, {i}) -> {r}
  return %r : {r}
}}
"
    );
    let data = "dense<[[0.0, 1.0, 2.0], [3.0, 4.0, 5.0]]> : tensor<2x3xf32>";
    out.push(case(
        "gather",
        take.clone(),
        &[(data, x), ("dense<[2, -3, -1, 1]> : tensor<4xi64>", i)],
        &[r],
        None,
    ));
    out.push(case(
        "gather_out_of_range",
        take.clone(),
        &[(data, x), ("dense<[0, 3]> : tensor<2xi64>", i)],
        &[r],
        Some("has an index outside [-n, n)"),
    ));
    out.push(case(
        "gather_below_range",
        take,
        &[(data, x), ("dense<[-4]> : tensor<1xi64>", i)],
        &[r],
        Some("has an index outside [-n, n)"),
    ));
    let (x, i, r) = ("tensor<3x2xi32>", "tensor<2x2xi32>", "tensor<2x2x2xi32>");
    out.push(case(
        "gather_rows",
        format!(
            "func.func @f(%x: {x}, %i: {i}) -> {r} {{
  %r = nd.gather %x[%i], axis = 0 : ({x}, {i}) -> {r}
  return %r : {r}
}}
"
        ),
        &[
            ("dense<[[1, 2], [3, 4], [5, 6]]> : tensor<3x2xi32>", x),
            ("dense<[[2, 0], [-2, 2]]> : tensor<2x2xi32>", i),
        ],
        &[r],
        None,
    ));
    let (x, i) = ("tensor<?x?xf64>", "tensor<?x?xi64>");
    let along = format!(
        "func.func @f(%x: {x}, %i: {i}) -> {x} {{
  %r = nd.gather_elements %x[%i], axis = 0 : ({x}, {i}) -> {x}
  return %r : {x}
}}
"
    );
    let data = "dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0], [7.0, 8.0, 9.0]]> : tensor<3x3xf64>";
    out.push(case(
        "gather_elements",
        along.clone(),
        &[
            (data, x),
            ("dense<[[1, 2, 0], [2, 0, -3]]> : tensor<2x3xi64>", i),
        ],
        &[x],
        None,
    ));
    out.push(case(
        "gather_elements_too_wide",
        along.clone(),
        &[(data, x), ("dense<[[0, 0, 0, 0]]> : tensor<1x4xi64>", i)],
        &[x],
        Some("has indices larger than operand #0 in dim 1"),
    ));
    out.push(case(
        "gather_elements_out_of_range",
        along,
        &[(data, x), ("dense<[[0, 3, 0]]> : tensor<1x3xi64>", i)],
        &[x],
        Some("has an index outside [-n, n)"),
    ));
    out
}
