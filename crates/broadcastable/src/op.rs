//! The integration point for IRs: [`BroadcastableOp`].
//!
//! Upstream MLIR splits broadcasting into pure shape utilities
//! (`OpTrait::util`) and a thin `ResultsBroadcastableShape` trait that reads
//! an `Operation*`. This module is the second half without any IR: an IR
//! implements [`BroadcastableOp`] for a *view* of one of its operations (the
//! operand and result types, and the policy its definition chose), and gets
//! verification, inference and result refinement from the provided methods.
//! tensor-opt's own IR implements it in `broadcastable-ir` (`OpView`); the
//! melior bridge implements the same methods over melior's `OperationRef`.
//! Diagnostics are worded by [`wording`](crate::wording) from the same view,
//! so both IRs report an error in the same words.
//!
//! Every provided method is a thin wrapper over a free function
//! ([`verify_with_policy`], [`refined_result_shape`]) so that callers with
//! types already in hand (caches, tests) need no view at all.

use crate::check::Inferred;
use crate::dim::Dim;
use crate::error::Error;
use crate::infer::verify_inferred;
use crate::policy::{Policy, infer};
use crate::shape::{Dims, Shape};
use crate::upstream::{Container, Semantics, Typed, spec_signature, verify};

/// An operation with the Broadcastable trait, as seen by the shape algebra.
///
/// Implementors describe the op; the provided methods do the work. Indices
/// count every operand and result, whatever its type, so diagnostics built
/// from [`Error`]s (which name `operand #k dim j`) point at the right value.
pub trait BroadcastableOp {
    /// Number of operands.
    fn num_operands(&self) -> usize;

    /// Container kind and shape of operand `index` (`index < num_operands()`).
    fn operand(&self, index: usize) -> Typed;

    /// Number of results.
    fn num_results(&self) -> usize;

    /// Container kind and shape of result `index` (`index < num_results()`).
    fn result(&self, index: usize) -> Typed;

    /// How the op broadcasts. NumPy (seed 003, upstream MLIR) by default.
    fn policy(&self) -> Policy {
        Policy::NumPy
    }

    /// How diagnostics spell the type of operand `index` (`tensor<2x?xf32>`),
    /// if the IR can print it: [`wording`](crate::wording) names values with it.
    fn operand_type_text(&self, index: usize) -> Option<String> {
        let _ = index;
        None
    }

    /// How diagnostics spell the type of result `index`, as
    /// [`operand_type_text`](BroadcastableOp::operand_type_text).
    fn result_type_text(&self, index: usize) -> Option<String> {
        let _ = index;
        None
    }

    /// All operand types, in order.
    fn operand_types(&self) -> Vec<Typed> {
        (0..self.num_operands()).map(|i| self.operand(i)).collect()
    }

    /// All result types, in order.
    fn result_types(&self) -> Vec<Typed> {
        (0..self.num_results()).map(|i| self.result(i)).collect()
    }

    /// Verifies the op: see [`verify_with_policy`].
    ///
    /// # Errors
    /// As [`verify_with_policy`].
    fn verify_broadcast(&self, semantics: Semantics) -> Result<Inferred, Error> {
        verify_with_policy(
            &self.policy(),
            semantics,
            &self.operand_types(),
            &self.result_types(),
        )
    }

    /// The shape result #0 can be refined to, if the op verifies and the
    /// inferred shape is more precise than the declared one: see
    /// [`refined_result_shape`].
    ///
    /// # Errors
    /// As [`verify_with_policy`]: an op that does not verify is not refined.
    fn refined_result(&self, semantics: Semantics) -> Result<Option<Shape>, Error> {
        let policy = self.policy();
        let operands = self.operand_types();
        let results = self.result_types();
        let inferred = verify_with_policy(&policy, semantics, &operands, &results)?;
        Ok(results.first().and_then(|result| {
            refined_result_shape(&policy, semantics, &operands, result, &inferred)
        }))
    }
}

/// Verifies a broadcastable op's types under a policy and semantics.
///
/// * [`Policy::NumPy`] is the policy upstream MLIR implements, so it follows
///   `semantics` exactly: [`upstream::verify`](crate::upstream::verify).
/// * Every other policy exists only here, so there is no upstream behaviour
///   to reproduce: both semantics apply the spec's structure (no tensor
///   mixed with a vector, at least one operand, exactly one result), the
///   policy's operand inference ([`infer`](crate::infer())), then the spec's
///   result table ([`verify_inferred`]). Non-shaped operands are rank 0.
///
/// On success returns the inferred shape and the run-time checks.
///
/// # Errors
/// [`Error::MixedContainers`], [`Error::NoOperands`],
/// [`Error::ResultCount`], the policy's inference errors, or
/// [`Error::Result`].
pub fn verify_with_policy(
    policy: &Policy,
    semantics: Semantics,
    operands: &[Typed],
    results: &[Typed],
) -> Result<Inferred, Error> {
    if *policy == Policy::NumPy {
        return verify(semantics, operands, results);
    }
    let (shapes, result) = spec_signature(operands, results)?;
    let inferred = infer(policy, &shapes)?;
    if let Policy::Explicit(dims) = policy {
        crate::xla::check_beside_unranked(&shapes, dims, &result)?;
    }
    verify_inferred(inferred, &result)
}

/// The most precise type shape a verified op's `result` can be given without
/// changing what the program means, or `None` if the declared one is
/// already as precise.
///
/// `inferred` is what [`verify_with_policy`] returned for the op. The rules:
/// * only tensor results are refined (vectors are always static);
/// * a declared static size is kept; a declared `?` takes the inferred
///   size (so `?` becomes static where the operands determine it);
/// * with an unranked operand under a symmetric policy (NumPy, equal rank)
///   an inferred 1 becomes `?`: the unranked operand may stretch it at run
///   time (upstream's test `?x6x1, * -> ?x6x?` is exactly this);
/// * an unranked result becomes ranked with the inferred shape. Under
///   [`Semantics::Mlir`] that needs every operand ranked, because upstream
///   lets an unranked operand add leading dimensions to the result;
/// * a ranked result whose rank differs from the inferred one (accepted by
///   [`Semantics::Mlir`] only) is left alone.
#[must_use]
pub fn refined_result_shape(
    policy: &Policy,
    semantics: Semantics,
    operands: &[Typed],
    result: &Typed,
    inferred: &Inferred,
) -> Option<Shape> {
    if result.container != Container::Tensor {
        return None;
    }
    let Shape::Ranked(inferred_dims) = &inferred.shape else {
        return None;
    };
    let has_unranked = operands
        .iter()
        .any(|t| t.container == Container::Tensor && !t.shape.is_ranked());
    let symmetric = matches!(policy, Policy::NumPy | Policy::EqualRank);
    let widen = |d: Dim| {
        if has_unranked && symmetric && d.is_one() {
            Dim::Dynamic
        } else {
            d
        }
    };
    let refined: Dims = match &result.shape {
        Shape::Unranked => {
            if semantics == Semantics::Mlir && has_unranked {
                return None;
            }
            inferred_dims.iter().copied().map(widen).collect()
        }
        Shape::Ranked(declared) => {
            if declared.len() != inferred_dims.len() {
                return None;
            }
            declared
                .iter()
                .zip(inferred_dims)
                .map(|(&d, &i)| if d.is_dynamic() { widen(i) } else { d })
                .collect()
        }
    };
    let refined = Shape::Ranked(refined);
    (refined != result.shape).then_some(refined)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::ResultMismatch;
    use crate::test_util::*;

    fn t(text: &str) -> Typed {
        Typed::tensor(s(text))
    }

    /// A minimal IR: an op is its operand and result types and a policy.
    struct Fake {
        operands: Vec<Typed>,
        results: Vec<Typed>,
        policy: Policy,
    }

    impl BroadcastableOp for Fake {
        fn num_operands(&self) -> usize {
            self.operands.len()
        }
        fn operand(&self, index: usize) -> Typed {
            self.operands[index].clone()
        }
        fn num_results(&self) -> usize {
            self.results.len()
        }
        fn result(&self, index: usize) -> Typed {
            self.results[index].clone()
        }
        fn policy(&self) -> Policy {
            self.policy.clone()
        }
    }

    fn op(operands: &[&str], result: &str) -> Fake {
        Fake {
            operands: operands.iter().map(|x| t(x)).collect(),
            results: vec![t(result)],
            policy: Policy::NumPy,
        }
    }

    fn refine(semantics: Semantics, operands: &[&str], result: &str) -> Option<String> {
        op(operands, result)
            .refined_result(semantics)
            .unwrap()
            .map(|s| s.to_string())
    }

    #[test]
    fn default_policy_follows_semantics() {
        let f = op(&["?", "?"], "2");
        assert!(f.verify_broadcast(Semantics::Spec).is_err());
        assert!(f.verify_broadcast(Semantics::Mlir).is_ok());
        struct Default1(Fake);
        impl BroadcastableOp for Default1 {
            fn num_operands(&self) -> usize {
                self.0.num_operands()
            }
            fn operand(&self, index: usize) -> Typed {
                self.0.operand(index)
            }
            fn num_results(&self) -> usize {
                self.0.num_results()
            }
            fn result(&self, index: usize) -> Typed {
                self.0.result(index)
            }
        }
        assert_eq!(Default1(op(&["2"], "2")).policy(), Policy::NumPy);
    }

    #[test]
    fn other_policies_use_spec_result_rules_in_both_semantics() {
        let mut f = op(&["2x1", "1x3"], "2x3");
        f.policy = Policy::EqualRank;
        for sem in [Semantics::Spec, Semantics::Mlir] {
            assert_eq!(f.verify_broadcast(sem).unwrap().shape, s("2x3"));
        }
        f.operands[1] = t("3");
        assert!(matches!(
            f.verify_broadcast(Semantics::Mlir),
            Err(Error::RankMismatch { .. })
        ));
        let mut g = op(&["?x3", "3"], "2x3");
        g.policy = Policy::Unidirectional;
        let err = g.verify_broadcast(Semantics::Mlir).unwrap_err();
        assert!(matches!(
            err.result_mismatch().map(|e| e.mismatch),
            Some(ResultMismatch::StaticFromDynamic { .. })
        ));
        let mut h = op(&[], "2");
        h.policy = Policy::EqualRank;
        assert_eq!(h.verify_broadcast(Semantics::Mlir), Err(Error::NoOperands));
        h.operands.push(t("2"));
        h.results.push(t("2"));
        assert_eq!(
            h.verify_broadcast(Semantics::Spec),
            Err(Error::ResultCount { actual: 2 })
        );
        let mut x = op(&["2x3", "3"], "2x3");
        x.policy = Policy::Explicit([1].into_iter().collect());
        assert!(x.verify_broadcast(Semantics::Spec).is_ok());
        x.operands[1] = Typed::vector(s("3"));
        assert_eq!(
            x.verify_broadcast(Semantics::Spec),
            Err(Error::MixedContainers)
        );
    }

    #[test]
    fn refinement() {
        use Semantics::{Mlir, Spec};
        // `*` to the inferred shape; `?` to static where known.
        assert_eq!(
            refine(Spec, &["?x1x?", "6x1"], "*").as_deref(),
            Some("?x6x?")
        );
        assert_eq!(refine(Spec, &["4", "2x1"], "?x?").as_deref(), Some("2x4"));
        assert_eq!(refine(Spec, &["4", "2x1"], "2x?").as_deref(), Some("2x4"));
        // Already precise, or nothing known.
        assert_eq!(refine(Spec, &["4", "2x1"], "2x4"), None);
        assert_eq!(refine(Spec, &["?", "?"], "?"), None);
        assert_eq!(refine(Spec, &["*", "*"], "*"), None);
        assert_eq!(refine(Spec, &["*", "*"], "2"), None);
        // An unranked operand may stretch a 1.
        assert_eq!(refine(Spec, &["?x6x1", "*"], "*").as_deref(), Some("?x6x?"));
        assert_eq!(
            refine(Spec, &["?x6x1", "*"], "?x?x?").as_deref(),
            Some("?x6x?")
        );
        assert_eq!(refine(Mlir, &["?x6x1", "*"], "*"), None);
        assert_eq!(
            refine(Mlir, &["?x6x1", "*"], "?x?x?").as_deref(),
            Some("?x6x?")
        );
        // Upstream's extra leading result dims and static-from-dynamic stay.
        assert_eq!(refine(Mlir, &["3x2"], "?x3x?"), None);
        assert_eq!(refine(Mlir, &["?", "?"], "2"), None);
        assert_eq!(refine(Mlir, &["?", "3"], "*").as_deref(), Some("3"));
        // Vectors are never refined; failing ops are errors, not refinements.
        let v = Fake {
            operands: vec![Typed::vector(s("3"))],
            results: vec![Typed::vector(s("3"))],
            policy: Policy::NumPy,
        };
        assert_eq!(v.refined_result(Spec), Ok(None));
        assert!(op(&["3", "2"], "*").refined_result(Spec).is_err());
        // In place: the target's 1s cannot stretch.
        let mut u = op(&["1x?", "*"], "?x?");
        u.policy = Policy::Unidirectional;
        assert_eq!(u.refined_result(Spec), Ok(Some(s("1x?"))));
        let mut u = op(&["1x4", "*"], "?x?");
        u.policy = Policy::Unidirectional;
        assert_eq!(u.refined_result(Spec), Ok(Some(s("1x4"))));
    }

    /// Refinement never produces a type the op rejects.
    #[test]
    fn refined_types_verify() {
        let dims = ["1", "2", "?", "*", "1x2", "?x1", "2x?", "3x1x2"];
        for a in dims {
            for b in dims {
                for r in dims {
                    for sem in [Semantics::Spec, Semantics::Mlir] {
                        let f = op(&[a, b], r);
                        if let Ok(Some(shape)) = f.refined_result(sem) {
                            let g = op(&[a, b], &shape.to_string());
                            assert!(g.verify_broadcast(sem).is_ok(), "{a} {b} {r} {sem:?}");
                        }
                    }
                }
            }
        }
    }
}
