//! `validate_in_dim`, the verifier's check of `broadcast_in_dim`, gives exactly
//! `broadcast_in_dim_to`'s verdict and error: the rules are stated once (the
//! placement and the Array API's in-place rule) and the fast check must not drift.

use broadcastable::in_dim::{broadcast_in_dim_to, validate_in_dim};
use proptest::prelude::*;

#[allow(dead_code)] // Each test binary uses a part of the shared strategies.
mod common;
use common::{dims_of, small_dim};

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn validate_agrees_with_the_full_check(
        operand in dims_of(small_dim(), 4),
        result in dims_of(small_dim(), 4),
        // Entries around the valid range, repeats likely at small ranks.
        dims in prop::collection::vec(-1i64..5, 0..=5),
    ) {
        let full = broadcast_in_dim_to(&operand, &result, &dims).map(|_| ());
        prop_assert_eq!(validate_in_dim(&operand, &result, &dims), full);
    }

    #[test]
    fn validate_agrees_on_valid_placements(
        operand in dims_of(small_dim(), 4),
        result in dims_of(small_dim(), 4),
        seed in any::<u64>(),
    ) {
        // A permutation of distinct result dims, so the size rule is what decides.
        let mut free: Vec<i64> = (0..result.len() as i64).collect();
        let mut dims = Vec::new();
        let mut s = seed;
        for _ in 0..operand.len().min(free.len()) {
            let k = (s % free.len() as u64) as usize;
            s /= 7;
            dims.push(free.remove(k));
        }
        let full = broadcast_in_dim_to(&operand, &result, &dims).map(|_| ());
        prop_assert_eq!(validate_in_dim(&operand, &result, &dims), full);
    }
}
