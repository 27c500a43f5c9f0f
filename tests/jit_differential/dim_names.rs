//! The `nd.dim_names` contract in the JIT: the export asserts at function entry
//! that dims of one name have one size (a `cf.assert` naming both dims), as
//! tensor-run checks it on entry. A call that keeps it runs, and one that breaks
//! it aborts with the message, where without the names `[1]` would broadcast
//! against `[3]`.

use super::{Case, case};

/// `@f(%x, %y)` adding two vectors whose dim 0 is named "n", and a matrix
/// whose rows are named after a static dim.
pub(super) fn dim_names_cases() -> Vec<Case> {
    let v = "tensor<?xf32>";
    let add = format!(
        "func.func @f(%x: {v} {{nd.dim_names = [\"n\"]}}, %y: {v} {{nd.dim_names = [\"n\"]}}) -> {v} {{\n  %r = nd.add %x, %y : {v}\n  return %r : {v}\n}}\n"
    );
    let m = "tensor<?x?xf32>";
    let rows = format!(
        "func.func @f(%x: {m} {{nd.dim_names = [\"b\", \"\"]}}, %y: tensor<2xf32> {{nd.dim_names = [\"b\"]}}) -> {m} {{\n  %r = nd.abs %x : {m}\n  return %r : {m}\n}}\n"
    );
    let msg =
        "argument #1 dim 0 and argument #0 dim 0 are named \"n\": they must have the same size";
    vec![
        case(
            "dim_names_kept",
            add.clone(),
            &[
                ("dense<[1.0, 2.0, 3.0]> : tensor<3xf32>", v),
                ("dense<[10.0, 20.0, 30.0]> : tensor<3xf32>", v),
            ],
            &[v],
            None,
        ),
        case(
            "dim_names_broken",
            add,
            &[
                ("dense<[1.0, 2.0, 3.0]> : tensor<3xf32>", v),
                ("dense<[10.0]> : tensor<1xf32>", v),
            ],
            &[v],
            Some(msg),
        ),
        case(
            "dim_names_static_kept",
            rows.clone(),
            &[
                ("dense<-1.0> : tensor<2x3xf32>", m),
                ("dense<0.0> : tensor<2xf32>", "tensor<2xf32>"),
            ],
            &[m],
            None,
        ),
        case(
            "dim_names_static_broken",
            rows,
            &[
                ("dense<-1.0> : tensor<4x3xf32>", m),
                ("dense<0.0> : tensor<2xf32>", "tensor<2xf32>"),
            ],
            &[m],
            Some("argument #1 dim 0 and argument #0 dim 0 are named \"b\""),
        ),
    ]
}
