//! nd's structural ops in the JIT: `nd.concatenate` (`tensor.concat`),
//! `nd.reshape` (`tensor.reshape`), `nd.dynamic_slice` (clamped offsets),
//! `nd.iota` (`linalg.index`), `nd.dot_general` (one `linalg.generic`) and
//! `nd.reduce` with an init value each give tensor-run's values, and where
//! tensor-run fails at the op (sizes that do not fit), the export's `cf.assert`
//! aborts with its message.

use super::{Case, case};

/// The cases, each alone or with its failing twin.
pub(super) fn structure_cases() -> Vec<Case> {
    let mut out = Vec::new();
    let m = "tensor<?x?xf32>";
    let concat = format!(
        "func.func @f(%a: {m}, %b: {m}) -> {m} {{
  %r = nd.concatenate %a, %b along 0 : ({m}, {m}) -> {m}
  return %r : {m}
}}
"
    );
    out.push(case(
        "concatenate",
        concat.clone(),
        &[
            (
                "dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>",
                m,
            ),
            ("dense<[[7.0, 8.0, 9.0]]> : tensor<1x3xf32>", m),
        ],
        &[m],
        None,
    ));
    out.push(case(
        "concatenate_mismatch",
        concat,
        &[
            ("dense<[[1.0, 2.0, 3.0]]> : tensor<1x3xf32>", m),
            ("dense<[[7.0, 8.0]]> : tensor<1x2xf32>", m),
        ],
        &[m],
        Some("differs from the other operands"),
    ));
    let (x, s, r) = ("tensor<?x6xi32>", "tensor<2xindex>", "tensor<?x4xi32>");
    let reshape = format!(
        "func.func @f(%x: {x}, %s: {s}) -> {r} {{
  %r = nd.reshape %x, %s : ({x}, {s}) -> {r}
  return %r : {r}
}}
"
    );
    let twelve = "dense<[[0, 1, 2, 3, 4, 5], [6, 7, 8, 9, 10, 11]]> : tensor<2x6xi32>";
    out.push(case(
        "reshape",
        reshape.clone(),
        &[(twelve, x), ("dense<[3, 4]> : tensor<2xindex>", s)],
        &[r],
        None,
    ));
    out.push(case(
        "reshape_count",
        reshape,
        &[(twelve, x), ("dense<[4, 4]> : tensor<2xindex>", s)],
        &[r],
        Some("another number of elements"),
    ));
    let (x, c) = ("tensor<?x6xf32>", "tensor<2x2xf32>");
    let slice = format!(
        "func.func @f(%x: {x}, %i: tensor<i32>, %j: tensor<i64>) -> {c} {{
  %r = nd.dynamic_slice %x[%i, %j], sizes = [2, 2] : ({x}, tensor<i32>, tensor<i64>) -> {c}
  return %r : {c}
}}
"
    );
    let grid = "dense<[[0.0, 1.0, 2.0, 3.0, 4.0, 5.0], [6.0, 7.0, 8.0, 9.0, 10.0, 11.0], [12.0, 13.0, 14.0, 15.0, 16.0, 17.0]]> : tensor<3x6xf32>";
    for (name, i, j) in [
        ("dynamic_slice", "1", "3"),
        ("dynamic_slice_clamped", "5", "-2"),
    ] {
        out.push(case(
            name,
            slice.clone(),
            &[
                (grid, x),
                (&format!("dense<{i}> : tensor<i32>"), "tensor<i32>"),
                (&format!("dense<{j}> : tensor<i64>"), "tensor<i64>"),
            ],
            &[c],
            None,
        ));
    }
    out.push(case(
        "dynamic_slice_too_big",
        slice,
        &[
            (
                "dense<[[0.0, 1.0, 2.0, 3.0, 4.0, 5.0]]> : tensor<1x6xf32>",
                x,
            ),
            ("dense<0> : tensor<i32>", "tensor<i32>"),
            ("dense<0> : tensor<i64>", "tensor<i64>"),
        ],
        &[c],
        Some("more than operand #0 has"),
    ));
    let (s, f, i) = ("tensor<2xindex>", "tensor<?x3xf32>", "tensor<2x3xi32>");
    let iota = format!(
        "func.func @f(%s: {s}) -> ({f}, {i}) {{
  %a = nd.iota %s, dim = 0 : ({s}) -> {f}
  %b = nd.iota dim = 1 : () -> {i}
  return %a, %b : {f}, {i}
}}
"
    );
    out.push(case(
        "iota",
        iota,
        &[("dense<[4, 3]> : tensor<2xindex>", s)],
        &[f, i],
        None,
    ));
    let (q, k, d) = (
        "tensor<2x?x3xf32>",
        "tensor<2x2x?xf32>",
        "tensor<2x?x2xf32>",
    );
    let dot = format!(
        "func.func @f(%q: {q}, %k: {k}) -> {d} {{
  %r = nd.dot_general %q, %k, batching_dims = [0] x [0], contracting_dims = [2] x [2] : ({q}, {k}) -> {d}
  return %r : {d}
}}
"
    );
    let qv = "dense<[[[1.0, 2.0, 3.0]], [[-1.0, 0.5, 2.0]]]> : tensor<2x1x3xf32>";
    out.push(case(
        "dot_general",
        dot.clone(),
        &[
            (qv, q),
            (
                "dense<[[[1.0, 0.0, 1.0], [2.0, 1.0, 0.0]], [[0.5, 0.5, 0.5], [1.0, -1.0, 1.0]]]> : tensor<2x2x3xf32>",
                k,
            ),
        ],
        &[d],
        None,
    ));
    out.push(case(
        "dot_general_contracted_mismatch",
        dot,
        &[
            (qv, q),
            (
                "dense<[[[1.0, 0.0], [2.0, 1.0]], [[0.5, 0.5], [1.0, -1.0]]]> : tensor<2x2x2xf32>",
                k,
            ),
        ],
        &[d],
        Some("of different sizes"),
    ));
    let (x, r) = ("tensor<2x?xf32>", "tensor<2xf32>");
    let init = format!(
        "func.func @f(%x: {x}, %c: tensor<f32>) -> ({r}, {r}) {{
  %m = nd.reduce max %x init %c across [1] : ({x}, tensor<f32>) -> {r}
  %s = nd.reduce sum %x init %c across [1] : ({x}, tensor<f32>) -> {r}
  return %m, %s : {r}, {r}
}}
"
    );
    for (name, v) in [
        (
            "reduce_init",
            "dense<[[1.0, 5.0], [-3.0, 2.0]]> : tensor<2x2xf32>",
        ),
        ("reduce_init_empty", "dense<> : tensor<2x0xf32>"),
    ] {
        out.push(case(
            name,
            init.clone(),
            &[(v, x), ("dense<-1.5> : tensor<f32>", "tensor<f32>")],
            &[r, r],
            None,
        ));
    }
    out
}
