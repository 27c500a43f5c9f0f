//! Property tests: the different formulations agree with each other and
//! with a brute-force reference over run-time substitutions of `?`.

use broadcastable::array_api::{broadcast_shapes, unidirectional};
use broadcastable::upstream::{
    get_broadcasted_shape, optimistically_broadcastable, statically_known_broadcastable,
};
use broadcastable::{
    Bound, Dim, Dims, Inferred, OperandDim, Policy, RuntimeCheck, Semantics, Shape, Typed, analyze,
    infer, infer_result_shape, infer_shape, onnx, upstream, verify_result, xla,
};
use proptest::prelude::*;

mod common;
use common::{dims_of, small_dim, small_shape};

// ---------------------------------------------------------------- strategies

fn static_dim() -> impl Strategy<Value = Dim> {
    prop_oneof![
        4 => Just(Dim::Static(1)),
        2 => Just(Dim::Static(2)),
        2 => Just(Dim::Static(3)),
        1 => Just(Dim::Static(4)),
        1 => Just(Dim::Static(0)),
    ]
}

fn ranked(
    dim: impl Strategy<Value = Dim>,
    max_rank: usize,
    max_n: usize,
) -> impl Strategy<Value = Vec<Dims>> {
    prop::collection::vec(dims_of(dim, max_rank), 1..=max_n)
}

fn to_shapes(dims: &[Dims]) -> Vec<Shape> {
    dims.iter().cloned().map(Shape::Ranked).collect()
}

fn nonzero_static_dim() -> impl Strategy<Value = Dim> {
    prop_oneof![
        4 => Just(Dim::Static(1)),
        2 => Just(Dim::Static(2)),
        2 => Just(Dim::Static(3)),
        1 => Just(Dim::Static(4)),
    ]
}

/// Between `min` and 4 shapes, with occasional unranked operands.
fn maybe_unranked(min: usize) -> impl Strategy<Value = Vec<Shape>> {
    prop::collection::vec(small_shape(), min..=4)
}

fn count_dynamic(dims: &[Dims]) -> usize {
    dims.iter().flatten().filter(|d| d.is_dynamic()).count()
}

// ---------------------------------------------------------------- references

/// NumPy broadcasting on concrete sizes.
fn numpy_ref(shapes: &[Vec<u64>]) -> Option<Vec<u64>> {
    let rank = shapes.iter().map(Vec::len).max().unwrap_or(0);
    (0..rank)
        .map(|i| {
            let mut out = 1;
            for s in shapes {
                let Some(j) = (i + s.len()).checked_sub(rank) else {
                    continue;
                };
                match s[j] {
                    1 => {}
                    d if out == 1 => out = d,
                    d if d == out => {}
                    _ => return None,
                }
            }
            Some(out)
        })
        .collect()
}

/// In-place broadcasting of `shapes[1..]` into `shapes[0]`.
fn in_place_ref(shapes: &[Vec<u64>]) -> Option<Vec<u64>> {
    let target = &shapes[0];
    for s in &shapes[1..] {
        let offset = target.len().checked_sub(s.len())?;
        for (j, &d) in s.iter().enumerate() {
            if d != 1 && d != target[offset + j] {
                return None;
            }
        }
    }
    Some(target.clone())
}

/// ONNX: rank equalisation, max, constraint C1.
fn onnx_ref(shapes: &[Vec<u64>]) -> Option<Vec<u64>> {
    let rank = shapes.iter().map(Vec::len).max().unwrap_or(0);
    let padded: Vec<Vec<u64>> = shapes
        .iter()
        .map(|s| {
            std::iter::repeat_n(1, rank - s.len())
                .chain(s.iter().copied())
                .collect()
        })
        .collect();
    (0..rank)
        .map(|i| {
            let max = padded.iter().map(|s| s[i]).max().unwrap_or(1);
            padded
                .iter()
                .all(|s| s[i] == max || s[i] == 1)
                .then_some(max)
        })
        .collect()
}

/// Every way of replacing the `?`s by sizes in `values`.
fn substitutions(dims: &[Dims], values: &[u64]) -> Vec<Vec<Vec<u64>>> {
    let mut out: Vec<Vec<Vec<u64>>> = vec![Vec::new()];
    for shape in dims {
        let mut next_out = Vec::new();
        for prefix in &out {
            let mut partial: Vec<Vec<u64>> = vec![Vec::new()];
            for d in shape {
                let choices: Vec<u64> = match d {
                    Dim::Static(n) => vec![*n],
                    Dim::Dynamic => values.to_vec(),
                };
                partial = partial
                    .iter()
                    .flat_map(|p| {
                        choices.iter().map(move |&c| {
                            let mut q = p.clone();
                            q.push(c);
                            q
                        })
                    })
                    .collect();
            }
            for p in partial {
                let mut full = prefix.clone();
                full.push(p);
                next_out.push(full);
            }
        }
        out = next_out;
    }
    out
}

fn size_of(concrete: &[Vec<u64>], at: OperandDim) -> u64 {
    concrete[at.operand][at.dim]
}

fn bound(concrete: &[Vec<u64>], b: Bound) -> u64 {
    match b {
        Bound::Size(n) => n,
        Bound::Dim(at) => size_of(concrete, at),
    }
}

/// Evaluates run-time checks on concrete operand sizes.
fn checks_hold(checks: &[RuntimeCheck], concrete: &[Vec<u64>]) -> bool {
    checks.iter().all(|c| match c {
        RuntimeCheck::OneOrEqual { subject, to, .. } => {
            let s = size_of(concrete, *subject);
            s == 1 || s == bound(concrete, *to)
        }
        RuntimeCheck::Equal { subject, to, .. } => {
            size_of(concrete, *subject) == bound(concrete, *to)
        }
        RuntimeCheck::Agree { dims, .. } => {
            let mut non_one = dims
                .iter()
                .map(|&d| size_of(concrete, d))
                .filter(|&s| s != 1);
            let first = non_one.next();
            non_one.all(|s| Some(s) == first)
        }
        RuntimeCheck::OneOrMax {
            dims, one_present, ..
        } => {
            let sizes: Vec<u64> = dims.iter().map(|&d| size_of(concrete, d)).collect();
            let max = sizes
                .iter()
                .copied()
                .chain(one_present.then_some(1))
                .max()
                .unwrap_or(1);
            sizes.iter().all(|&s| s == 1 || s == max)
        }
        other => panic!("unexpected check kind for ranked operands: {other:?}"),
    })
}

/// Asserts that `inferred` (or its absence) describes `reference` exactly
/// for every substitution of the `?`s.
fn assert_exact(
    dims: &[Dims],
    got: Option<&Inferred>,
    reference: impl Fn(&[Vec<u64>]) -> Option<Vec<u64>>,
) -> Result<(), TestCaseError> {
    for concrete in substitutions(dims, &[0, 1, 2, 3]) {
        let want = reference(&concrete);
        match got {
            None => prop_assert!(want.is_none(), "rejected but {concrete:?} works: {want:?}"),
            Some(inferred) => {
                prop_assert_eq!(
                    checks_hold(&inferred.checks, &concrete),
                    want.is_some(),
                    "checks {:?} vs reference {:?} on {:?}",
                    inferred.checks,
                    want,
                    concrete
                );
                if let Some(want) = want {
                    let inferred_dims = inferred.shape.dims().expect("ranked");
                    prop_assert_eq!(inferred_dims.len(), want.len());
                    for (d, w) in inferred_dims.iter().zip(&want) {
                        if let Dim::Static(n) = d {
                            prop_assert_eq!(n, w, "static inferred dim wrong for {:?}", concrete);
                        }
                    }
                }
            }
        }
    }
    Ok(())
}

fn fold_pairwise(shapes: &[Shape]) -> Option<Result<Dims, ()>> {
    let mut ranked = shapes.iter().filter_map(Shape::dims);
    let first: Dims = ranked.next()?.into();
    Some(ranked.try_fold(first, |acc, s| infer_shape(&acc, s).map_err(|_| ())))
}

// ---------------------------------------------------------------- properties

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn nary_inference_is_fold_of_pairwise(shapes in maybe_unranked(0)) {
        let nary = infer_result_shape(&shapes);
        match fold_pairwise(&shapes) {
            None => prop_assert_eq!(nary, Ok(None)),
            Some(Ok(dims)) => prop_assert_eq!(nary, Ok(Some(dims))),
            Some(Err(())) => prop_assert!(nary.is_err()),
        }
    }

    #[test]
    fn checks_are_exact_numpy(dims in ranked(small_dim(), 3, 3)) {
        prop_assume!(count_dynamic(&dims) <= 5);
        let got = analyze(&to_shapes(&dims)).ok();
        assert_exact(&dims, got.as_ref(), numpy_ref)?;
    }

    #[test]
    fn checks_are_exact_array_api(
        a in dims_of(small_dim(), 3),
        b in dims_of(small_dim(), 3),
    ) {
        let dims = [a.clone(), b.clone()];
        prop_assume!(count_dynamic(&dims) <= 5);
        let got = broadcast_shapes(&a, &b).ok();
        assert_exact(&dims, got.as_ref(), numpy_ref)?;
    }

    #[test]
    fn checks_are_exact_in_place(dims in ranked(small_dim(), 3, 3)) {
        prop_assume!(count_dynamic(&dims) <= 5);
        let got = unidirectional(&to_shapes(&dims)).ok();
        assert_exact(&dims, got.as_ref(), in_place_ref)?;
    }

    #[test]
    fn checks_are_exact_onnx(dims in ranked(small_dim(), 3, 3)) {
        prop_assume!(count_dynamic(&dims) <= 5);
        let got = onnx::common_shape(&to_shapes(&dims)).ok();
        assert_exact(&dims, got.as_ref(), onnx_ref)?;
    }

    #[test]
    fn checks_are_exact_xla(
        high in dims_of(small_dim(), 4),
        picks in prop::collection::vec(any::<bool>(), 4),
        sizes in prop::collection::vec(small_dim(), 4),
        lower_first in any::<bool>(),
    ) {
        // A valid mapping: a strictly increasing subset of `high`'s dims.
        let targets: Vec<usize> = (0..high.len()).filter(|&i| picks[i]).collect();
        let low: Dims = targets.iter().map(|&t| sizes[t]).collect();
        let bdims: Vec<i64> = targets.iter().map(|&t| i64::try_from(t).unwrap()).collect();
        let dims = if lower_first {
            [low.clone(), high.clone()]
        } else {
            [high.clone(), low.clone()]
        };
        prop_assume!(count_dynamic(&dims) <= 5);
        let [lhs, rhs] = dims.clone().map(Shape::Ranked);
        let got = xla::broadcast_in_dim(&lhs, &rhs, &bdims);
        // Equal ranks: the mapping is the identity and #0 counts as lower.
        let lower_is_0 = lower_first || low.len() == high.len();
        let reference = |c: &[Vec<u64>]| {
            let (l, h) = if lower_is_0 { (&c[0], &c[1]) } else { (&c[1], &c[0]) };
            let mut expanded = vec![1; h.len()];
            for (&t, &d) in targets.iter().zip(l) {
                expanded[t] = d;
            }
            numpy_ref(&[expanded, h.clone()])
        };
        assert_exact(&dims, got.as_ref().ok(), reference)?;
    }

    #[test]
    fn predicates_agree_on_static(dims in ranked(static_dim(), 4, 4)) {
        let optimistic = optimistically_broadcastable(&dims);
        let conservative = statically_known_broadcastable(&dims);
        prop_assert_eq!(optimistic, conservative);
        prop_assert_eq!(optimistic, analyze(&to_shapes(&dims)).is_ok());
    }

    #[test]
    fn conservative_iff_no_checks(dims in ranked(small_dim(), 3, 4)) {
        let safe = analyze(&to_shapes(&dims)).is_ok_and(|i| i.is_statically_safe());
        prop_assert_eq!(statically_known_broadcastable(&dims), safe);
    }

    #[test]
    fn optimistic_accepts_whatever_spec_accepts(dims in ranked(small_dim(), 3, 4)) {
        let spec = analyze(&to_shapes(&dims));
        if spec.is_ok() {
            prop_assert!(optimistically_broadcastable(&dims));
        }
        // Without static zeros, upstream's fold is the spec's inference.
        if !dims.iter().flatten().any(|d| *d == Dim::Static(0)) {
            let mut it = dims.iter();
            let first: Dims = it.next().cloned().unwrap_or_default();
            let upstream = it.try_fold(first, |acc, s| get_broadcasted_shape(&acc, s));
            prop_assert_eq!(upstream.map(Shape::Ranked), spec.ok().map(|i| i.shape));
        }
    }

    #[test]
    fn static_inference_is_commutative(dims in ranked(static_dim(), 4, 4), rot in 0usize..4) {
        let shapes = to_shapes(&dims);
        let mut rotated = shapes.clone();
        rotated.rotate_left(rot % shapes.len());
        let mut reversed = shapes.clone();
        reversed.reverse();
        let base = infer_result_shape(&shapes).ok();
        prop_assert_eq!(&base, &infer_result_shape(&rotated).ok());
        prop_assert_eq!(&base, &infer_result_shape(&reversed).ok());
    }

    #[test]
    fn array_api_equals_seed_003(
        a in dims_of(static_dim(), 4),
        b in dims_of(static_dim(), 4),
    ) {
        let api = broadcast_shapes(&a, &b);
        let seed = infer_shape(&a, &b);
        prop_assert_eq!(api.is_ok(), seed.is_ok());
        if let (Ok(api), Ok(seed)) = (api, seed) {
            prop_assert!(api.is_statically_safe());
            prop_assert_eq!(api.shape, Shape::Ranked(seed));
        }
    }

    #[test]
    fn array_api_equals_seed_003_with_dynamic(
        a in dims_of(small_dim(), 4),
        b in dims_of(small_dim(), 4),
    ) {
        let api = broadcast_shapes(&a, &b);
        let nary = analyze(&[Shape::Ranked(a.clone()), Shape::Ranked(b.clone())]);
        prop_assert_eq!(api.is_ok(), nary.is_ok());
        if let (Ok(api), Ok(nary)) = (api, nary) {
            prop_assert_eq!(api, nary);
        }
    }

    #[test]
    fn onnx_equals_numpy_without_zeros(dims in ranked(nonzero_static_dim(), 4, 4)) {
        let shapes = to_shapes(&dims);
        prop_assert_eq!(
            onnx::common_shape(&shapes).ok().map(|i| i.shape),
            analyze(&shapes).ok().map(|i| i.shape)
        );
    }

    #[test]
    fn equal_rank_policy_is_numpy_on_equal_ranks(
        rank in 0usize..4,
        dims in ranked(small_dim(), 4, 4),
    ) {
        // Pad or cut every shape to `rank`.
        let dims: Vec<Dims> = dims
            .into_iter()
            .map(|d| d.into_iter().chain(std::iter::repeat(Dim::ONE)).take(rank).collect())
            .collect();
        let shapes = to_shapes(&dims);
        prop_assert_eq!(infer(&Policy::EqualRank, &shapes), infer(&Policy::NumPy, &shapes));
    }

    #[test]
    fn spec_semantics_is_verify_result(
        shapes in maybe_unranked(1),
        result in dims_of(small_dim(), 3),
    ) {
        let typed: Vec<Typed> = shapes.iter().cloned().map(Typed::tensor).collect();
        let result_shape = Shape::Ranked(result);
        prop_assert_eq!(
            upstream::verify(Semantics::Spec, &typed, &[Typed::tensor(result_shape.clone())]),
            verify_result(&shapes, &result_shape)
        );
    }

    #[test]
    fn shape_display_round_trips(shape in huge_shape()) {
        prop_assert_eq!(shape.to_string().parse::<Shape>(), Ok(shape));
    }
}

/// Sizes at the edge of `u64` and MLIR's `i64`.
/// Every static shape of rank at most 3 over sizes 1 to 4 (the sizes
/// [`nonzero_static_dim`] gives).
fn all_small_static_shapes() -> Vec<Shape> {
    let mut out = vec![Dims::new()];
    let mut last = vec![Dims::new()];
    for _ in 0..3 {
        last = last
            .iter()
            .flat_map(|d| {
                (1..=4u64).map(move |n| {
                    let mut d = d.clone();
                    d.push(Dim::Static(n));
                    d
                })
            })
            .collect();
        out.extend(last.iter().cloned());
    }
    out.into_iter().map(Shape::Ranked).collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// `xla::check_beside_unranked` rejects only results no run-time shape of
    /// the unranked operand could give: for every static shape it may have
    /// (rank up to 3, sizes 1 to 4), the op with that shape is invalid.
    #[test]
    fn beside_unranked_rejects_only_the_impossible(
        ranked in dims_of(nonzero_static_dim(), 3),
        result in dims_of(prop_oneof![4 => nonzero_static_dim(), 1 => Just(Dim::Dynamic)], 3),
        dims in prop::collection::vec(0i64..3, 0..=3),
        unranked_first in any::<bool>(),
    ) {
        let ranked = Shape::Ranked(ranked);
        let declared = Shape::Ranked(result);
        let with = |other: Shape| if unranked_first {
            [other, ranked.clone()]
        } else {
            [ranked.clone(), other]
        };
        if xla::check_beside_unranked(&with(Shape::Unranked), &dims, &declared).is_err() {
            let policy = Policy::Explicit(dims.iter().copied().collect());
            for concrete in all_small_static_shapes() {
                let valid = infer(&policy, &with(concrete.clone()))
                    .and_then(|i| broadcastable::infer::verify_inferred(i, &declared));
                prop_assert!(
                    valid.is_err(),
                    "rejected, yet valid with the unranked operand {concrete}"
                );
            }
        }
    }
}

fn huge_dim() -> impl Strategy<Value = Dim> {
    prop_oneof![
        Just(Dim::Dynamic),
        Just(Dim::Static(0)),
        Just(Dim::Static(1)),
        Just(Dim::Static(2)),
        Just(Dim::Static(u64::MAX)),
        Just(Dim::Static(u64::MAX - 1)),
        Just(Dim::Static(1 << 63)),
        Just(Dim::Static(i64::MAX.unsigned_abs())),
        any::<u64>().prop_map(Dim::Static),
    ]
}

fn huge_shape() -> impl Strategy<Value = Shape> {
    prop_oneof![
        8 => dims_of(huge_dim(), 5).prop_map(Shape::Ranked),
        1 => Just(Shape::Unranked),
    ]
}

proptest! {
    /// Nothing panics (overflow, out-of-range index, underflow) on extreme
    /// sizes and extreme `broadcast_dimensions` entries.
    #[test]
    fn huge_dims_never_panic(
        shapes in prop::collection::vec(huge_shape(), 0..=4),
        result in huge_shape(),
        bdims in prop::collection::vec(
            prop_oneof![Just(i64::MIN), Just(i64::MAX), Just(-1i64), 0i64..6],
            0..=5,
        ),
    ) {
        let _ = analyze(&shapes);
        let _ = infer_result_shape(&shapes);
        let _ = verify_result(&shapes, &result);
        let _ = unidirectional(&shapes);
        let _ = onnx::broadcast(&shapes);
        let explicit = Policy::Explicit(bdims.iter().copied().collect());
        for policy in [Policy::NumPy, Policy::EqualRank, Policy::Unidirectional, explicit] {
            let _ = infer(&policy, &shapes);
        }
        let typed: Vec<Typed> = shapes.iter().cloned().map(Typed::tensor).collect();
        for sem in [Semantics::Spec, Semantics::Mlir] {
            let _ = upstream::verify(sem, &typed, &[Typed::tensor(result.clone())]);
            let _ = upstream::verify(sem, &typed, &[]);
        }
        let ranked: Vec<Dims> = shapes.iter().filter_map(|s| s.dims().map(Dims::from)).collect();
        let _ = optimistically_broadcastable(&ranked);
        let _ = statically_known_broadcastable(&ranked);
        if let [a, b, ..] = ranked.as_slice() {
            let _ = broadcast_shapes(a, b);
            let _ = infer_shape(a, b);
            let _ = get_broadcasted_shape(a, b);
            let _ = xla::validate_broadcast_dimensions(a, b, &bdims);
            let (sa, sb) = (Shape::Ranked(a.clone()), Shape::Ranked(b.clone()));
            let _ = xla::broadcast_in_dim(&sa, &sb, &bdims);
        }
        for s in shapes.iter().chain([&result]) {
            let _ = s.num_elements();
            let parsed = s.to_string().parse::<Shape>();
            prop_assert_eq!(parsed.as_ref(), Ok(s));
            for d in s.dims().unwrap_or_default() {
                if let Some(raw) = d.to_mlir() {
                    prop_assert_eq!(Dim::from_mlir(raw), Some(*d));
                }
            }
        }
        if let Ok(inferred) = analyze(&shapes) {
            for c in &inferred.checks {
                let _ = c.to_string();
            }
        }
    }
}
