//! The loop engine every elementwise kernel runs on.
//!
//! The output is row-major and dense; its operands are views of any strides,
//! already broadcast to the output's shape (stride 0 where they repeat). The
//! engine first collapses dims: size-1 dims go, and neighbouring dims merge
//! wherever every operand steps through them as through one (a contiguous
//! 4096x4096 add becomes one dim of 16M elements; a row broadcast stays 4096 rows
//! of 4096). It then walks the output in *segments*, runs of the innermost dim,
//! and hands each to the kernel with, per operand, where the run starts and its
//! stride. A stride of 1 is a slice, a stride of 0 a scalar (the row and column
//! broadcasts), anything else is gathered into a small buffer; the kernels'
//! loops are specialised on those cases so that the compiler vectorises them.
//! Large outputs are split into contiguous ranges run on all cores (rayon).

use crate::tensor::{Dims, Strides, Tensor};
use rayon::prelude::*;
use smallvec::SmallVec;

/// Outputs smaller than this run on one thread: below it, waking the pool costs
/// more than it saves.
pub(crate) const PAR_MIN: usize = 1 << 15;

/// The longest segment that goes through a temporary buffer: 16 KiB, so that a
/// fused chain's intermediates stay in the L1 cache.
pub(crate) const fn block_len<T>() -> usize {
    let size = std::mem::size_of::<T>();
    match (16 * 1024usize).checked_div(size) {
        Some(n) => n,
        None => 4096,
    }
}

/// Where one operand's run of elements starts in its buffer, and its stride.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Seg {
    pub start: isize,
    pub stride: isize,
}

/// The iteration space of a loop after collapsing dims.
pub(crate) struct Space {
    /// Outer dims (outermost first), without the innermost.
    outer: Dims,
    /// The innermost dim's length (1 for a scalar).
    inner: usize,
    /// Per operand: strides of the outer dims.
    outer_strides: SmallVec<[Strides; 4]>,
    /// Per operand: the innermost stride.
    inner_strides: Strides,
    /// Per operand: the view's offset.
    offsets: Strides,
}

impl Space {
    /// The space of an output of `shape` over operands viewed in that shape.
    pub(crate) fn new(shape: &[usize], args: &[&Tensor]) -> Space {
        // (size, stride per operand), innermost first.
        let mut dims: SmallVec<[(usize, Strides); 4]> = SmallVec::new();
        for d in (0..shape.len()).rev() {
            let size = shape[d];
            if size == 1 {
                continue;
            }
            if let Some((merged, strides)) = dims.last_mut() {
                let m = *merged as isize;
                if args
                    .iter()
                    .zip(strides.iter())
                    .all(|(a, &s)| a.strides()[d] == s.wrapping_mul(m))
                {
                    *merged *= size;
                    continue;
                }
            }
            dims.push((size, args.iter().map(|a| a.strides()[d]).collect()));
        }
        let offsets = args.iter().map(|a| a.offset() as isize).collect();
        let Some(((inner, inner_strides), rest)) = dims.split_first() else {
            return Space {
                outer: SmallVec::new(),
                inner: 1,
                outer_strides: args.iter().map(|_| SmallVec::new()).collect(),
                inner_strides: args.iter().map(|_| 0).collect(),
                offsets,
            };
        };
        let outer: Dims = rest.iter().rev().map(|(s, _)| *s).collect();
        let outer_strides = (0..args.len())
            .map(|k| rest.iter().rev().map(|(_, st)| st[k]).collect())
            .collect();
        Space {
            outer,
            inner: *inner,
            outer_strides,
            inner_strides: inner_strides.clone(),
            offsets,
        }
    }

    /// True when an operand needs gathering (an innermost stride other than 0, 1).
    pub(crate) fn needs_gather(&self) -> bool {
        self.inner_strides.iter().any(|&s| s != 0 && s != 1)
    }

    /// Runs `f` on the segments of the output positions `start..start + out.len()`,
    /// none longer than `max_seg`, with every operand's offset moved by `shift`.
    pub(crate) fn run_range_shifted<O>(
        &self,
        start: usize,
        out: &mut [O],
        max_seg: usize,
        shift: isize,
        f: &mut impl FnMut(&[Seg], &mut [O]),
    ) {
        let n = self.inner;
        // An empty output (a dim of size 0) has nothing to visit.
        if out.is_empty() || n == 0 {
            return;
        }
        let k = self.offsets.len();
        let (row, mut col) = (start / n, start % n);
        // The outer index of `row`, and each operand's offset there.
        let mut idx: Dims = SmallVec::from_elem(0, self.outer.len());
        let mut rest = row;
        for d in (0..self.outer.len()).rev() {
            idx[d] = rest % self.outer[d];
            rest /= self.outer[d];
        }
        let mut base: Strides = self.offsets.iter().map(|&o| o + shift).collect();
        for (a, b) in base.iter_mut().enumerate() {
            for (d, &i) in idx.iter().enumerate() {
                *b += self.outer_strides[a][d] * i as isize;
            }
        }
        let mut segs: SmallVec<[Seg; 4]> = SmallVec::from_elem(
            Seg {
                start: 0,
                stride: 0,
            },
            k,
        );
        let mut o = 0;
        while o < out.len() {
            let len = (n - col).min(out.len() - o);
            let mut c = 0;
            while c < len {
                let l = (len - c).min(max_seg);
                for a in 0..k {
                    let stride = self.inner_strides[a];
                    segs[a] = Seg {
                        start: base[a] + (col + c) as isize * stride,
                        stride,
                    };
                }
                f(&segs, &mut out[o + c..o + c + l]);
                c += l;
            }
            o += len;
            col = 0;
            // Next row: an odometer over the outer dims.
            for d in (0..self.outer.len()).rev() {
                idx[d] += 1;
                for (a, b) in base.iter_mut().enumerate() {
                    *b += self.outer_strides[a][d];
                }
                if idx[d] < self.outer[d] {
                    break;
                }
                for (a, b) in base.iter_mut().enumerate() {
                    *b -= self.outer_strides[a][d] * self.outer[d] as isize;
                }
                idx[d] = 0;
            }
        }
    }

    /// Runs `f` over the whole output, on all cores when it is large. Each task
    /// gets its own state from `init` (temporary buffers).
    pub(crate) fn run<O: Send, S>(
        &self,
        out: &mut [O],
        max_seg: usize,
        init: impl Fn() -> S + Sync,
        f: impl Fn(&mut S, &[Seg], &mut [O]) + Sync,
    ) {
        let total = out.len();
        let threads = rayon::current_num_threads();
        if total < PAR_MIN || threads <= 1 {
            let mut state = init();
            self.run_range_shifted(0, out, max_seg, 0, &mut |segs, o| f(&mut state, segs, o));
            return;
        }
        // A few tasks per thread so that an uneven machine still balances; whole
        // multiples of 64 elements keep every task's stores aligned to cache lines.
        let chunk = total
            .div_ceil(threads * 4)
            .max(PAR_MIN / 4)
            .next_multiple_of(64);
        out.par_chunks_mut(chunk)
            .enumerate()
            .for_each_init(&init, |state, (i, c)| {
                self.run_range_shifted(i * chunk, c, max_seg, 0, &mut |segs, o| f(state, segs, o));
            });
    }
}

/// An operand's run: a slice, or one value repeated.
#[derive(Clone, Copy)]
pub(crate) enum Src<'a, T> {
    Slice(&'a [T]),
    Scalar(T),
}

/// The run `seg` of `len` elements of `buf`, gathering it into `tmp` when it is
/// neither contiguous nor repeated.
#[inline]
pub(crate) fn src<'a, T: Copy>(
    buf: &'a [T],
    seg: Seg,
    len: usize,
    tmp: &'a mut Vec<T>,
) -> Src<'a, T> {
    let s = seg.start as usize;
    match seg.stride {
        0 => Src::Scalar(buf[s]),
        1 => Src::Slice(&buf[s..s + len]),
        stride => {
            tmp.clear();
            tmp.extend((0..len).map(|i| buf[(seg.start + i as isize * stride) as usize]));
            Src::Slice(tmp)
        }
    }
}

/// `out[i] = f(a[i])`.
#[inline(always)]
pub(crate) fn map1<A: Copy, O: Copy>(a: Src<'_, A>, out: &mut [O], f: impl Fn(A) -> O) {
    match a {
        Src::Slice(a) => {
            let a = &a[..out.len()];
            for (o, &x) in out.iter_mut().zip(a) {
                *o = f(x);
            }
        }
        Src::Scalar(x) => out.fill(f(x)),
    }
}

/// `out[i] = f(a[i], b[i])`, with a loop per slice/scalar combination so that each
/// vectorises.
#[inline(always)]
pub(crate) fn map2<A: Copy, B: Copy, O: Copy>(
    a: Src<'_, A>,
    b: Src<'_, B>,
    out: &mut [O],
    f: impl Fn(A, B) -> O,
) {
    let n = out.len();
    match (a, b) {
        (Src::Slice(a), Src::Slice(b)) => {
            for ((o, &x), &y) in out.iter_mut().zip(&a[..n]).zip(&b[..n]) {
                *o = f(x, y);
            }
        }
        (Src::Slice(a), Src::Scalar(y)) => {
            for (o, &x) in out.iter_mut().zip(&a[..n]) {
                *o = f(x, y);
            }
        }
        (Src::Scalar(x), Src::Slice(b)) => {
            for (o, &y) in out.iter_mut().zip(&b[..n]) {
                *o = f(x, y);
            }
        }
        (Src::Scalar(x), Src::Scalar(y)) => out.fill(f(x, y)),
    }
}

/// `out[i] = if c[i] != 0 { a[i] } else { b[i] }`.
#[inline(always)]
pub(crate) fn select<T: Copy>(c: Src<'_, u8>, a: Src<'_, T>, b: Src<'_, T>, out: &mut [T]) {
    let n = out.len();
    let c = match c {
        Src::Scalar(c) => return map1(if c != 0 { a } else { b }, out, |x| x),
        Src::Slice(c) => &c[..n],
    };
    let pick = |c: u8, x: T, y: T| if c != 0 { x } else { y };
    match (a, b) {
        (Src::Slice(a), Src::Slice(b)) => {
            for (((o, &c), &x), &y) in out.iter_mut().zip(c).zip(&a[..n]).zip(&b[..n]) {
                *o = pick(c, x, y);
            }
        }
        (Src::Slice(a), Src::Scalar(y)) => {
            for ((o, &c), &x) in out.iter_mut().zip(c).zip(&a[..n]) {
                *o = pick(c, x, y);
            }
        }
        (Src::Scalar(x), Src::Slice(b)) => {
            for ((o, &c), &y) in out.iter_mut().zip(c).zip(&b[..n]) {
                *o = pick(c, x, y);
            }
        }
        (Src::Scalar(x), Src::Scalar(y)) => {
            for (o, &c) in out.iter_mut().zip(c) {
                *o = pick(c, x, y);
            }
        }
    }
}
