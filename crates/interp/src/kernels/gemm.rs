//! The float products of `nd.matmul` (and so of `nd.dot_general`) through the
//! `gemm` crate: its AVX-512 kernels (feature `x86-v4`, chosen at run time)
//! run at OpenBLAS's speed on this project's machines, where `matrixmultiply`'s
//! AVX2 kernels ran at half of it.
//!
//! `gemm`'s entry point takes raw pointers and strides. [`product`] first checks
//! that every element it can read lies inside its slice and that the output is
//! one exclusively borrowed, contiguous slice, so the one `unsafe` call rests on
//! checks made here, not on the callers.

/// A strided matrix view: element (i, j) is `data[offset + i * rs + j * cs]`.
#[derive(Clone, Copy)]
pub(crate) struct MatRef<'a, T> {
    pub data: &'a [T],
    pub offset: usize,
    pub rows: usize,
    pub cols: usize,
    pub rs: isize,
    pub cs: isize,
}

impl<T> MatRef<'_, T> {
    /// Whether every element of the view lies inside `data`.
    fn in_bounds(&self) -> bool {
        if self.rows == 0 || self.cols == 0 {
            return true;
        }
        let span = |n: usize, s: isize| -> Option<(isize, isize)> {
            let last = isize::try_from(n - 1).ok()?.checked_mul(s)?;
            Some((last.min(0), last.max(0)))
        };
        let (Some((rlo, rhi)), Some((clo, chi)), Ok(off)) = (
            span(self.rows, self.rs),
            span(self.cols, self.cs),
            isize::try_from(self.offset),
        ) else {
            return false;
        };
        let lo = off.checked_add(rlo).and_then(|x| x.checked_add(clo));
        let hi = off.checked_add(rhi).and_then(|x| x.checked_add(chi));
        matches!((lo, hi), (Some(lo), Some(hi)) if lo >= 0 && usize::try_from(hi).is_ok_and(|h| h < self.data.len()))
    }
}

/// The float types `gemm` multiplies natively.
pub(crate) trait GemmFloat: Copy + Send + Sync + 'static {
    const ZERO: Self;
    const ONE: Self;
}

impl GemmFloat for f32 {
    const ZERO: Self = 0.0;
    const ONE: Self = 1.0;
}

impl GemmFloat for f64 {
    const ZERO: Self = 0.0;
    const ONE: Self = 1.0;
}

/// `c = a · b`, with `c` the `a.rows × b.cols` row-major result. `threaded`: let
/// `gemm` split this one product over rayon's threads (callers that already run
/// products in parallel pass false). False, with `c` untouched, when the views do
/// not fit their slices or the shapes disagree: a caller's bug, reported by it.
pub(crate) fn product<T: GemmFloat>(
    a: MatRef<'_, T>,
    b: MatRef<'_, T>,
    c: &mut [T],
    threaded: bool,
) -> bool {
    let (m, k, n) = (a.rows, a.cols, b.cols);
    if b.rows != k || m.checked_mul(n) != Some(c.len()) || !a.in_bounds() || !b.in_bounds() {
        return false;
    }
    if m == 0 || n == 0 {
        return true;
    }
    if k == 0 {
        c.fill(T::ZERO);
        return true;
    }
    let Ok(row) = isize::try_from(n) else {
        return false;
    };
    let parallelism = if threaded {
        gemm::Parallelism::Rayon(0)
    } else {
        gemm::Parallelism::None
    };
    // SAFETY: `a` and `b` were checked above to address only elements of their
    // slices (`in_bounds`, from their offsets), and `gemm` only reads them. `c` is
    // an exclusive borrow of exactly m × n elements, written row-major (column
    // stride 1, row stride n) and not read (`read_dst` false). The shapes agree
    // (a: m × k, b: k × n) and none is 0.
    #[allow(unsafe_code)]
    unsafe {
        gemm::gemm(
            m,
            n,
            k,
            c.as_mut_ptr(),
            1,
            row,
            false,
            a.data.as_ptr().add(a.offset),
            a.cs,
            a.rs,
            b.data.as_ptr().add(b.offset),
            b.cs,
            b.rs,
            T::ZERO,
            T::ONE,
            false,
            false,
            false,
            parallelism,
        );
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    fn naive(a: &[f64], b: &[f64], m: usize, k: usize, n: usize) -> Vec<f64> {
        let mut c = vec![0.0; m * n];
        for i in 0..m {
            for j in 0..n {
                c[i * n + j] = (0..k).map(|p| a[i * k + p] * b[p * n + j]).sum();
            }
        }
        c
    }

    #[test]
    fn products_equal_the_naive_loop_for_row_and_column_major_views() {
        let (m, k, n) = (7, 5, 3);
        let a: Vec<f64> = (0..m * k).map(|x| x as f64 * 0.5 - 3.0).collect();
        let b: Vec<f64> = (0..k * n).map(|x| 2.0 - x as f64).collect();
        let want = naive(&a, &b, m, k, n);
        let view = |data, rows, cols, rs, cs| MatRef {
            data,
            offset: 0,
            rows,
            cols,
            rs,
            cs,
        };
        let mut c = vec![0.0; m * n];
        assert!(product(
            view(&a, m, k, k as isize, 1),
            view(&b, k, n, n as isize, 1),
            &mut c,
            true
        ));
        assert_eq!(c, want);
        // b's transpose, read column-major.
        let bt: Vec<f64> = (0..n * k).map(|x| b[(x % k) * n + x / k]).collect();
        assert!(product(
            view(&a, m, k, k as isize, 1),
            view(&bt, k, n, 1, k as isize),
            &mut c,
            false
        ));
        assert_eq!(c, want);
    }

    #[test]
    fn views_past_their_slices_and_empty_contractions() {
        let a = [1.0f32; 6];
        let mut c = [9.0f32; 4];
        let past = MatRef {
            data: &a,
            offset: 1,
            rows: 2,
            cols: 3,
            rs: 3,
            cs: 1,
        };
        let fits = MatRef {
            data: &a,
            offset: 0,
            rows: 3,
            cols: 2,
            rs: 2,
            cs: 1,
        };
        assert!(!product(past, fits, &mut c, false));
        assert_eq!(c, [9.0; 4], "a refused product writes nothing");
        let before = MatRef {
            data: &a,
            offset: 0,
            rows: 2,
            cols: 3,
            rs: -3,
            cs: 1,
        };
        assert!(!product(before, fits, &mut c, false));
        let empty = MatRef {
            data: &a,
            offset: 0,
            rows: 2,
            cols: 0,
            rs: 0,
            cs: 1,
        };
        let empty_b = MatRef {
            data: &a,
            offset: 0,
            rows: 0,
            cols: 2,
            rs: 2,
            cs: 1,
        };
        assert!(product(empty, empty_b, &mut c, false));
        assert_eq!(c, [0.0; 4], "a sum of no products is 0");
    }
}
