//! The JIT cases of the unary ops issue 25 added whose edges the shared unary
//! case does not reach: `nd.sign` at zeros, NaN and the most negative integer,
//! `nd.erf` across its range.

use super::{Case, FLOATS, case};

/// `nd.sign` where it is neither -1 nor 1: zeros (-0.0 stays -0.0), NaN, the
/// most negative integer; bit-exact.
pub(super) fn sign_edges() -> Vec<Case> {
    [
        ("f16", "[-0.0, 0.0, 0x7E00, -2.5e-3]"),
        ("bf16", "[-0.0, 0.0, 0x7FC0, -2.5e-3]"),
        ("f32", "[-0.0, 0.0, 0x7FC00000, -2.5e-30]"),
        ("f64", "[-0.0, 0.0, 0x7FF8000000000000, 4.9e-324]"),
        ("i8", "[-128, 0, 127, -1]"),
        ("i64", "[-9223372036854775808, 0, 1, -1]"),
        (
            "index",
            "[-9223372036854775808, 0, 9223372036854775807, -1]",
        ),
    ]
    .into_iter()
    .map(|(elem, v)| {
        let t = format!("tensor<?x{elem}>");
        case(
            format!("sign_edges_{elem}"),
            format!(
                "func.func @f(%a: {t}) -> {t} {{\n  %r = nd.sign %a : {t}\n  return %r : {t}\n}}\n"
            ),
            &[(&format!("dense<{v}> : tensor<4x{elem}>"), &t)],
            &[&t],
            None,
        )
    })
    .collect()
}

/// Two units in the last place of a value in [0.5, 1), the largest `erf` gives:
/// the JIT calls the C library's `erf`/`erff` (`--convert-math-to-libm`),
/// tensor-run the `libm` crate's; both are within an ulp of the true value, not
/// always the same one (1 ulp apart on about 2% of points in f64 and f32).
fn erf_tolerance(elem: &str) -> f64 {
    match elem {
        "f64" => 2.5e-16,
        "f32" => 1.2e-7,
        "f16" => 1.0e-3,
        _ => 8.0e-3,
    }
}

/// Points where glibc's `erf` (the first four) and `erff` (the last four, exact
/// in `f32`) are an ulp from the `libm` crate's.
const ERF_APART: [f64; 8] = [
    -0.9200826123290922,
    -1.1626441626344493,
    0.3430711591202602,
    -0.9489432645904454,
    1.1152921915054321,
    -0.9273971319198608,
    -0.846430242061615,
    1.0195950269699097,
];

/// `nd.erf` at 64 points from -6 to 6 (tiny, large, both signs) and at
/// [`ERF_APART`], each float kind, within [`erf_tolerance`].
pub(super) fn erf_points() -> Vec<Case> {
    let points: Vec<String> = (0..64)
        .map(|i| {
            let x = (f64::from(i) - 31.5) * 0.19;
            if i % 8 == 0 { x * 1e-6 } else { x }
        })
        .chain(ERF_APART)
        .map(|x| format!("{x:e}"))
        .collect();
    let v = format!("[{}]", points.join(", "));
    FLOATS
        .iter()
        .map(|elem| {
            let t = format!("tensor<?x{elem}>");
            let mut c = case(
                format!("erf_points_{elem}"),
                format!(
                    "func.func @f(%a: {t}) -> {t} {{\n  %r = nd.erf %a : {t}\n  return %r : {t}\n}}\n"
                ),
                &[(&format!("dense<{v}> : tensor<72x{elem}>"), &t)],
                &[&t],
                None,
            );
            c.tolerance = Some(erf_tolerance);
            c
        })
        .collect()
}
