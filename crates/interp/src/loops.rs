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
//! Kernels that gather anyway (fused chains) take rows shorter than their
//! block several to a segment, the operands that do not run on across rows
//! filled or copied row by row: a softmax's rows of 64 cost one call per 64
//! rows instead of one per row.
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

/// Rows of `n` are batched into segments of up to `max_seg` when at least 16
/// fit: a call per row then costs more than filling and copying the operands
/// that do not run on across rows (below that, batching a row broadcast of
/// 1024 elements ran an outer product at half its speed).
const fn is_short(n: usize, max_seg: usize) -> bool {
    n.saturating_mul(16) <= max_seg
}

/// Where one operand's run of elements starts in its buffer, and its stride.
///
/// A segment of several whole rows (when rows are shorter than the kernel's
/// longest segment) also has the row length and the operand's step from one
/// row to the next; a segment within one row has `row_len == usize::MAX`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Seg {
    pub start: isize,
    pub stride: isize,
    pub row_len: usize,
    pub row_stride: isize,
}

impl Seg {
    /// A run within one row.
    pub(crate) fn run(start: isize, stride: isize) -> Seg {
        Seg {
            start,
            stride,
            row_len: usize::MAX,
            row_stride: 0,
        }
    }
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

    /// The longest segment a kernel of `T` elements takes over this space: a
    /// block (16 KiB) when it must gather an operand, when `fused` (a chain's
    /// nodes compute into block buffers) or when rows are short enough to go
    /// several to a segment (see [`is_short`]); else whole rows, with no
    /// temporary at all.
    pub(crate) fn max_seg<T>(&self, fused: bool) -> usize {
        let block = block_len::<T>();
        let short_rows = !self.outer.is_empty() && is_short(self.inner, block);
        if fused || self.needs_gather() || short_rows {
            block
        } else {
            usize::MAX
        }
    }

    /// Moves the outer index on by `count` rows (`count` no more than the rows
    /// left in the innermost outer dim), and each operand's offset with it.
    fn advance(&self, idx: &mut [usize], base: &mut [isize], mut count: usize) {
        for d in (0..self.outer.len()).rev() {
            idx[d] += count;
            for (a, b) in base.iter_mut().enumerate() {
                *b += self.outer_strides[a][d] * count as isize;
            }
            if idx[d] < self.outer[d] {
                break;
            }
            for (a, b) in base.iter_mut().enumerate() {
                *b -= self.outer_strides[a][d] * self.outer[d] as isize;
            }
            idx[d] = 0;
            count = 1;
        }
    }

    /// Runs `f` on the segments of the output positions `start..start + out.len()`,
    /// none longer than `max_seg`, with every operand's offset moved by `shift`.
    /// With a bounded `max_seg` (the caller gathers what is not a slice or a
    /// scalar, see [`src`]), rows shorter than it go several to a segment.
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
        let mut segs: SmallVec<[Seg; 4]> = SmallVec::from_elem(Seg::run(0, 0), k);
        let batch = max_seg != usize::MAX && is_short(n, max_seg);
        let mut o = 0;
        while o < out.len() {
            if batch && col == 0 && !self.outer.is_empty() {
                // Whole rows, as many as fit, within the innermost outer dim.
                let last = self.outer.len() - 1;
                let rows = (max_seg / n)
                    .min(self.outer[last] - idx[last])
                    .min((out.len() - o) / n);
                if rows >= 2 {
                    for a in 0..k {
                        segs[a] = Seg {
                            start: base[a],
                            stride: self.inner_strides[a],
                            row_len: n,
                            row_stride: self.outer_strides[a][last],
                        };
                    }
                    f(&segs, &mut out[o..o + rows * n]);
                    o += rows * n;
                    self.advance(&mut idx, &mut base, rows);
                    continue;
                }
            }
            let len = (n - col).min(out.len() - o);
            let mut c = 0;
            while c < len {
                let l = (len - c).min(max_seg);
                for a in 0..k {
                    let stride = self.inner_strides[a];
                    segs[a] = Seg::run(base[a] + (col + c) as isize * stride, stride);
                }
                f(&segs, &mut out[o + c..o + c + l]);
                c += l;
            }
            o += len;
            col = 0;
            self.advance(&mut idx, &mut base, 1);
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

/// An operand's gather buffer in a kernel task. When it holds one row
/// repeated down a batch of rows (a row broadcast), it remembers which row and
/// how many, so that the next batch of the same row reads it again instead of
/// copying it again (a layer norm's scale and bias, batch after batch).
#[derive(Clone)]
pub(crate) struct Scratch<T> {
    buf: Vec<T>,
    /// `(start, row_len, len)` of the repeated row `buf` holds, if it holds one.
    repeated: Option<(isize, usize, usize)>,
}

// By hand: a derived `Default` would ask `T: Default`, which no buffer needs.
impl<T> Default for Scratch<T> {
    fn default() -> Scratch<T> {
        Scratch {
            buf: Vec::new(),
            repeated: None,
        }
    }
}

/// The run `seg` of `len` elements of `buf`, gathering it into `tmp` when it is
/// neither contiguous nor repeated.
#[inline]
pub(crate) fn src<'a, T: Copy>(
    buf: &'a [T],
    seg: Seg,
    len: usize,
    tmp: &'a mut Scratch<T>,
) -> Src<'a, T> {
    if len > seg.row_len {
        return rows(buf, seg, len, tmp);
    }
    let s = seg.start as usize;
    match seg.stride {
        0 => Src::Scalar(buf[s]),
        1 => Src::Slice(&buf[s..s + len]),
        stride => {
            tmp.repeated = None;
            tmp.buf.clear();
            tmp.buf
                .extend((0..len).map(|i| buf[(seg.start + i as isize * stride) as usize]));
            Src::Slice(&tmp.buf)
        }
    }
}

/// [`src`] of a segment of whole rows: a slice when the rows follow each other
/// in memory, a scalar when every row repeats one value, else gathered row by
/// row (a repeated value filled, a contiguous row copied, or kept from the
/// last batch when it is the same row as many times).
#[inline(never)]
fn rows<'a, T: Copy>(buf: &'a [T], seg: Seg, len: usize, tmp: &'a mut Scratch<T>) -> Src<'a, T> {
    let (n, s) = (seg.row_len, seg.start as usize);
    match (seg.stride, seg.row_stride) {
        (0, 0) => return Src::Scalar(buf[s]),
        (1, r) if r == n as isize => return Src::Slice(&buf[s..s + len]),
        (1, 0) if tmp.repeated == Some((seg.start, n, len)) => return Src::Slice(&tmp.buf),
        _ => {}
    }
    tmp.buf.clear();
    for r in 0..len / n {
        let start = seg.start + r as isize * seg.row_stride;
        let at = start as usize;
        match seg.stride {
            0 => tmp.buf.extend(std::iter::repeat_n(buf[at], n)),
            1 => tmp.buf.extend_from_slice(&buf[at..at + n]),
            stride => tmp
                .buf
                .extend((0..n).map(|i| buf[(start + i as isize * stride) as usize])),
        }
    }
    tmp.repeated = (seg.stride == 1 && seg.row_stride == 0).then_some((seg.start, n, len));
    Src::Slice(&tmp.buf)
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
