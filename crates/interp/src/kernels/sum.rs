//! Float sums of contiguous runs: pairwise summation with wide leaves.
//!
//! NumPy (`pairwise_sum`) sums leaves of up to 128 elements with 8 accumulators
//! and combines halves recursively. Its leaf is too short for this machine: the
//! 8 accumulators are one chain of dependent vector adds, and every 128
//! elements pay for a call and a combining tree. Summing the last axis of a
//! [1024, 1024] f32 array on one core took 0.107 ms that way, against JAX's
//! 0.063 ms.
//!
//! This sum keeps NumPy's scheme with a wider leaf: a run of up to 128
//! elements is NumPy's leaf, summed exactly as NumPy sums it (so short rows,
//! such as a softmax's over 10 classes, round as NumPy's do); a longer run of
//! up to [`LEAF_BYTES`] is one wide leaf, with `128 / size_of::<T>()`
//! accumulators (32 for f32, 16 for f64: eight SSE registers, several chains in
//! flight) combined as a tree; longer runs split in halves at a multiple of the
//! accumulator count. The error bound stays NumPy's kind (a short sequential run
//! per accumulator, then a tree of depth log2 n), and the order depends only on
//! the run's length: the same result on every run, at any thread count. Above
//! 128 elements it is not NumPy's order, so the last bits can differ from
//! NumPy's (a few ulps; the differential allows them).

/// The bytes of a leaf: 8 KiB (2048 f32), summed by one accumulator loop.
pub(crate) const LEAF_BYTES: usize = 8 * 1024;

/// The accumulators of type `T`: 128 bytes of them.
const fn lanes_of<T>() -> usize {
    match 128usize.checked_div(std::mem::size_of::<T>()) {
        Some(n) if n >= 1 => n,
        _ => 1,
    }
}

/// The sum of `a`, pairwise with wide leaves (see the module). The recursion
/// halves the length, so it is at most 64 deep.
pub(crate) fn sum<T: Copy>(a: &[T], add: &impl Fn(T, T) -> T, zero: T) -> T {
    match lanes_of::<T>() {
        32 => sum_with::<T, 32>(a, add, zero),
        16 => sum_with::<T, 16>(a, add, zero),
        _ => sum_with::<T, 8>(a, add, zero),
    }
}

fn sum_with<T: Copy, const L: usize>(a: &[T], add: &impl Fn(T, T) -> T, zero: T) -> T {
    let n = a.len();
    let leaf = (LEAF_BYTES / std::mem::size_of::<T>().max(1)).max(L);
    if n <= NUMPY_LEAF {
        return numpy_leaf(a, add, zero);
    }
    if n <= leaf {
        let (blocks, rest) = a.as_chunks::<L>();
        let Some((first, others)) = blocks.split_first() else {
            return a.iter().fold(zero, |acc, &x| add(acc, x));
        };
        let mut res = tree(accumulate(*first, others, add), add);
        for &x in rest {
            res = add(res, x);
        }
        return res;
    }
    let half = n / 2;
    let half = half - half % L;
    add(
        sum_with::<T, L>(&a[..half], add, zero),
        sum_with::<T, L>(&a[half..], add, zero),
    )
}

/// The longest run summed as NumPy sums it.
const NUMPY_LEAF: usize = 128;

/// NumPy's leaf (`pairwise_sum` for `n <= 128`): a fold below 8 elements, else
/// 8 accumulators, combined `((0+1)+(2+3))+((4+5)+(6+7))`, then the remainder.
fn numpy_leaf<T: Copy>(a: &[T], add: &impl Fn(T, T) -> T, zero: T) -> T {
    let (blocks, rest) = a.as_chunks::<8>();
    let Some((first, others)) = blocks.split_first() else {
        return a.iter().fold(zero, |acc, &x| add(acc, x));
    };
    let r = accumulate(*first, others, add);
    let mut res = add(
        add(add(r[0], r[1]), add(r[2], r[3])),
        add(add(r[4], r[5]), add(r[6], r[7])),
    );
    for &x in rest {
        res = add(res, x);
    }
    res
}

/// `L` accumulators, started at `first`, over `blocks`. Not inlined: alone,
/// the loop is plain vector adds, one register per group of accumulators.
#[inline(never)]
fn accumulate<T: Copy, const L: usize>(
    first: [T; L],
    blocks: &[[T; L]],
    add: &impl Fn(T, T) -> T,
) -> [T; L] {
    let mut r = first;
    for b in blocks {
        for (s, &x) in r.iter_mut().zip(b) {
            *s = add(*s, x);
        }
    }
    r
}

/// The accumulators combined as a balanced tree: each of the first half with its
/// partner in the second, halving until one is left (`L` a power of two).
#[inline(always)]
fn tree<T: Copy, const L: usize>(mut r: [T; L], add: &impl Fn(T, T) -> T) -> T {
    let mut width = L;
    while width > 1 {
        width /= 2;
        for i in 0..width {
            r[i] = add(r[i], r[i + width]);
        }
    }
    r[0]
}

/// `a` combined with `f`, an associative and commutative function (integer
/// sums and products, which wrap; `max` and `min`), in 16 lanes and a tree:
/// vector code where a fold is one dependent chain (a float `max`, whose NaN
/// and zero rules are branches, ran as a scalar loop). The value is the fold's
/// (for `max` and `min` a NaN in `a` still gives a NaN, perhaps another of
/// those in `a`). `None` for an empty `a`.
pub(crate) fn combine_lanes<T: Copy>(a: &[T], f: &impl Fn(T, T) -> T) -> Option<T> {
    let (blocks, rest) = a.as_chunks::<16>();
    let mut res = match blocks.split_first() {
        Some((first, others)) => tree(accumulate(*first, others, f), f),
        None => *a.first()?,
    };
    let tail = if blocks.is_empty() { &a[1..] } else { rest };
    for &x in tail {
        res = f(res, x);
    }
    Some(res)
}

/// [`sum`] in `f32` of 16-bit floats (`widen` each), as NumPy sums them before
/// rounding once: the f32 sum's splits, each leaf widened on the stack, so the
/// result is [`sum`] of the widened run with no copy of it.
pub(crate) fn sum_widened<S: Copy>(s: &[S], widen: &impl Fn(S) -> f32) -> f32 {
    const LEAF: usize = LEAF_BYTES / 4;
    let add = |a: f32, b: f32| a + b;
    let n = s.len();
    if n <= LEAF {
        let mut wide = [0f32; LEAF];
        // Widened on the stack: 8 KiB.
        for (w, &x) in wide.iter_mut().zip(s) {
            *w = widen(x);
        }
        return sum_with::<f32, 32>(&wide[..n], &add, 0.0);
    }
    let half = n / 2;
    let half = half - half % 32;
    sum_widened(&s[..half], widen) + sum_widened(&s[half..], widen)
}

#[cfg(test)]
mod tests {
    use super::{combine_lanes, sum, sum_widened};

    const ADD32: fn(f32, f32) -> f32 = |a, b| a + b;

    /// Values whose sums round differently in every order (xorshift).
    fn values(n: usize, seed: u32) -> Vec<f32> {
        let mut s = seed.wrapping_mul(2_654_435_761) | 1;
        (0..n)
            .map(|_| {
                s ^= s << 13;
                s ^= s >> 17;
                s ^= s << 5;
                (s as f32 / u32::MAX as f32 - 0.5) * 1000.0 / (1.0 + (s % 97) as f32)
            })
            .collect()
    }

    #[test]
    fn sums_are_as_accurate_as_pairwise() {
        for n in [0, 1, 7, 31, 32, 33, 2047, 2048, 2049, 4096, 10_007, 100_003] {
            let v = values(n, n as u32);
            let exact: f64 = v.iter().map(|&x| f64::from(x)).sum();
            let scale: f64 = v.iter().map(|&x| f64::from(x).abs()).sum();
            let got = f64::from(sum(&v, &ADD32, 0.0));
            // Pairwise summation's bound: a few ulps of the sum of magnitudes.
            assert!(
                (got - exact).abs() <= 4.0 * f64::from(f32::EPSILON) * scale.max(1.0),
                "n {n}: {got} against {exact}"
            );
        }
        // A sequential f32 sum stops at 2^24; pairwise leaves stay exact.
        let ones = vec![1.0f32; 1 << 25];
        assert_eq!(sum(&ones, &ADD32, 0.0), (1u32 << 25) as f32);
        let v: Vec<f64> = (0..5000).map(|i| f64::from(i) * 0.25).collect();
        assert_eq!(sum(&v, &|a, b| a + b, 0.0), 0.25 * 4999.0 * 5000.0 / 2.0);
    }

    /// NumPy's `pairwise_sum`, written out plainly.
    fn numpy_pairwise(a: &[f32]) -> f32 {
        let n = a.len();
        if n < 8 {
            return a.iter().fold(0.0, |s, &x| s + x);
        }
        if n <= 128 {
            let mut r = [0f32; 8];
            r.copy_from_slice(&a[..8]);
            let mut i = 8;
            while i < n - n % 8 {
                for j in 0..8 {
                    r[j] += a[i + j];
                }
                i += 8;
            }
            let mut res = ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7]));
            while i < n {
                res += a[i];
                i += 1;
            }
            return res;
        }
        let mut m = n / 2;
        m -= m % 8;
        numpy_pairwise(&a[..m]) + numpy_pairwise(&a[m..])
    }

    #[test]
    fn runs_of_up_to_128_sum_as_numpy_does() {
        for n in [0, 1, 7, 8, 9, 10, 15, 16, 17, 100, 127, 128] {
            let v = values(n, 3 * n as u32);
            assert_eq!(
                sum(&v, &ADD32, 0.0).to_bits(),
                numpy_pairwise(&v).to_bits(),
                "{n}"
            );
        }
        // Beyond NumPy's leaf the order is another: some run shows it.
        assert!((129..400).any(|n| {
            let v = values(n, n as u32);
            sum(&v, &ADD32, 0.0).to_bits() != numpy_pairwise(&v).to_bits()
        }));
    }

    #[test]
    fn the_order_is_fixed_by_the_length_alone() {
        // The same values at another offset in memory sum to the same bits.
        let v = values(10_000, 7);
        let mut shifted = vec![0f32; 3];
        shifted.extend_from_slice(&v);
        assert_eq!(
            sum(&v, &ADD32, 0.0).to_bits(),
            sum(&shifted[3..], &ADD32, 0.0).to_bits()
        );
        // Runs under 8 are a plain left fold.
        let small = [1e8f32, 1.0, -1e8, 1.0];
        assert_eq!(sum(&small, &ADD32, 0.0), ((1e8f32 + 1.0) - 1e8) + 1.0);
    }

    #[test]
    fn lanes_combine_to_the_fold() {
        let max = |a: i32, b: i32| a.max(b);
        let wrap = |a: i8, b: i8| a.wrapping_add(b);
        for n in [1usize, 2, 15, 16, 17, 31, 33, 100, 1000] {
            let v: Vec<i32> = (0..n).map(|i| ((i * 7919) % 1013) as i32 - 500).collect();
            assert_eq!(
                combine_lanes(&v, &max),
                v.iter().copied().reduce(max),
                "{n}"
            );
            let w: Vec<i8> = v.iter().map(|&x| x as i8).collect();
            assert_eq!(
                combine_lanes(&w, &wrap),
                w.iter().copied().reduce(wrap),
                "{n}"
            );
        }
        assert_eq!(combine_lanes::<i32>(&[], &max), None);
        // A NaN anywhere gives a NaN (the dialect's max propagates it).
        let fmax = <tensor_dialect_nd::scalar::F32 as tensor_dialect_nd::scalar::ArithScalar>::max;
        let mut f: Vec<f32> = (0..100).map(|i| i as f32).collect();
        assert_eq!(combine_lanes(&f, &fmax), Some(99.0));
        f[37] = f32::NAN;
        assert!(combine_lanes(&f, &fmax).is_some_and(f32::is_nan));
    }

    #[test]
    fn half_floats_sum_as_their_widened_copy_would() {
        for n in [0, 1, 7, 31, 32, 127, 2048, 2049, 5000, 70_001] {
            let v: Vec<half::f16> = (0..n)
                .map(|i| half::f16::from_f32((i % 97) as f32 * 0.37 - 11.0))
                .collect();
            let wide: Vec<f32> = v.iter().map(|x| x.to_f32()).collect();
            assert_eq!(
                sum_widened(&v, &|x: half::f16| x.to_f32()).to_bits(),
                sum(&wide, &ADD32, 0.0).to_bits(),
                "{n}"
            );
        }
    }
}
