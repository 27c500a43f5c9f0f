//! `nd.reduce` and `nd.dynamic_reduce`: sum, prod, max, min over some dims.
//!
//! Two loops, chosen by layout. When the reduced elements of one output lie in
//! runs (the last axis of a row-major tensor), each output reduces its runs,
//! outputs in parallel; float sums are pairwise with wide leaves, in an order
//! fixed by the run's length, and the other reductions combine lanes (`sum.rs`).
//! When the innermost dim in memory is kept, the output row is combined with
//! each input row in turn, vectorised along the row (NumPy's order for sums over
//! leading axes).

use super::sum::{combine_lanes, sum, sum_widened};
use super::{KernelCx, KernelResult, shape_text};
use crate::elem::{Num, with_num};
use crate::loops::{PAR_MIN, Scratch, Space, Src, src};
use crate::tensor::{Dims, Store, Tensor, num_elements};
use rayon::prelude::*;
use smallvec::SmallVec;
use tensor_dialect_nd::scalar::ArithScalar;

/// The reductions of `nd.reduce`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Kind {
    Sum,
    Prod,
    Max,
    Min,
}

impl Kind {
    fn identity<N: Num>(self) -> N::S {
        match self {
            Kind::Sum => N::zero(),
            Kind::Prod => N::one(),
            Kind::Max => N::lowest(),
            Kind::Min => N::highest(),
        }
    }

    #[inline(always)]
    fn combine<N: Num>(self, a: N::S, b: N::S) -> N::S {
        match self {
            Kind::Sum => N::add(a, b),
            Kind::Prod => N::mul(a, b),
            Kind::Max => N::max(a, b),
            Kind::Min => N::min(a, b),
        }
    }
}

/// Reduces one run of elements.
#[inline]
fn reduce_run<N: Num>(kind: Kind, run: Src<'_, N::S>, len: usize, acc: N::S) -> N::S {
    match run {
        Src::Scalar(x) => (0..len).fold(acc, |a, _| kind.combine::<N>(a, x)),
        Src::Slice(s) => {
            if kind == Kind::Sum && N::FLOAT {
                if matches!(N::TYPE, crate::ElemType::F16 | crate::ElemType::BF16) {
                    // NumPy sums half floats in f32 and rounds at the end.
                    let wide: f32 = sum_widened(s, &|x| N::to_f64(x) as f32);
                    return N::add(acc, N::from_wide(crate::elem::Wide::F(wide)));
                }
                return N::add(acc, sum(s, &N::add, N::zero()));
            }
            // Float products round in order; every other reduction is
            // associative and commutative, so it runs in lanes.
            if kind == Kind::Prod && N::FLOAT {
                return s.iter().fold(acc, |a, &x| kind.combine::<N>(a, x));
            }
            match combine_lanes(s, &|a, b| kind.combine::<N>(a, b)) {
                Some(r) => kind.combine::<N>(acc, r),
                None => acc,
            }
        }
    }
}

/// One row's reduction, exactly as [`reduce`] computes a contiguous run of a
/// last-axis reduction (so that a fused one gives the same bits).
#[inline]
pub(crate) fn reduce_row<N: Num>(kind: Kind, row: &[N::S]) -> N::S {
    reduce_run::<N>(kind, Src::Slice(row), row.len(), kind.identity::<N>())
}

/// The `kind` and `keep_dims` properties (named by `kind` and `keep`) of `op`.
fn kind_keep_of(
    ctx: &tensor_ir::Context,
    module: &tensor_ir::Module,
    op: tensor_ir::OpId,
    kind: &str,
    keep: &str,
) -> (Kind, bool) {
    let prop = |name: &str| ctx.lookup_sym(name).and_then(|k| module.get_attr(op, k));
    let kind = match prop(kind).and_then(|a| ctx.as_str_attr(a)).unwrap_or("sum") {
        "prod" => Kind::Prod,
        "max" => Kind::Max,
        "min" => Kind::Min,
        _ => Kind::Sum,
    };
    (kind, prop(keep).is_some())
}

fn kind_keep(cx: &KernelCx<'_>, kind: &str, keep: &str) -> (Kind, bool) {
    kind_keep_of(cx.ctx, cx.module, cx.op, kind, keep)
}

/// The kind, `keep_dims` and the number of dims of an `nd.reduce` over the
/// last dims of its operand (one or several, in any order), with no init
/// value: the reductions a fused group may compute as it writes its rows
/// (`row_reduce.rs`). Over a row-major operand such a reduction reduces runs
/// of consecutive elements, one per output.
pub(crate) fn trailing(
    ctx: &tensor_ir::Context,
    module: &tensor_ir::Module,
    op: tensor_ir::OpId,
) -> Option<(Kind, bool, usize)> {
    use tensor_dialect_nd::reduce::ReduceOp;
    if ctx.str(module.op(op).name()) != ReduceOp::NAME || module.operands(op).len() != 1 {
        return None;
    }
    let rank = match ctx.type_kind(module.value_type(*module.operands(op).first()?)) {
        tensor_ir::TypeKind::Tensor { dims, .. } => i64::try_from(dims.len()).ok()?,
        _ => return None,
    };
    let mut dims = ctx.as_i64_array(module.get_attr(op, ctx.lookup_sym(ReduceOp::DIMENSIONS)?)?)?;
    dims.sort_unstable();
    let k = i64::try_from(dims.len()).ok()?;
    let suffix = (1..=rank).contains(&k) && dims.iter().zip(rank - k..).all(|(&d, want)| d == want);
    suffix.then(|| {
        let (kind, keep) = kind_keep_of(ctx, module, op, ReduceOp::KIND, ReduceOp::KEEP_DIMS);
        (kind, keep, dims.len())
    })
}

/// `nd.reduce`.
pub(crate) fn reduce(cx: &KernelCx<'_>, operands: Vec<Tensor>) -> KernelResult {
    use tensor_dialect_nd::reduce::ReduceOp;
    let x = &operands[0];
    let (kind, keep) = kind_keep(cx, ReduceOp::KIND, ReduceOp::KEEP_DIMS);
    let dims = cx.i64_array(ReduceOp::DIMENSIONS).unwrap_or_default();
    let rank = x.rank();
    let mut reduced = vec![false; rank];
    for &d in &dims {
        match usize::try_from(d).ok().filter(|&d| d < rank) {
            Some(d) => reduced[d] = true,
            None => {
                return Err(cx.error(format!(
                    "reduces dim {d}, but operand #0 has shape {} at run time (rank {rank})",
                    shape_text(x.shape())
                )));
            }
        }
    }
    reduce_dims(cx, x, operands.get(1), kind, &reduced, keep)
}

/// `nd.dynamic_reduce`: the dims are operand #1's elements, each in
/// `[-rank, rank)` (negative from the end) and listed once.
pub(crate) fn dynamic_reduce(cx: &KernelCx<'_>, operands: Vec<Tensor>) -> KernelResult {
    use tensor_dialect_nd::dynamic_reduce::DynamicReduceOp;
    let (x, axes) = (&operands[0], &operands[1]);
    let (kind, keep) = kind_keep(cx, DynamicReduceOp::KIND, DynamicReduceOp::KEEP_DIMS);
    let rank = x.rank();
    let dims = super::gather::normalise(axes, rank).map_err(|(j, shown)| {
        cx.error(format!(
            "has axis {shown} (element {j} of operand #1) outside [-{rank}, {rank}), the rank of operand #0, of shape {} at run time",
            shape_text(x.shape())
        ))
    })?;
    let mut listed_at: Vec<Option<usize>> = vec![None; rank];
    for (j, d) in dims.into_iter().enumerate() {
        if let Some(i) = listed_at[d] {
            return Err(cx.error(format!(
                "lists dim {d} twice (elements {i} and {j} of operand #1)"
            )));
        }
        listed_at[d] = Some(j);
    }
    let reduced: Vec<bool> = listed_at.iter().map(Option::is_some).collect();
    reduce_dims(cx, x, operands.get(2), kind, &reduced, keep)
}

/// Reduces the dims of `x` that `reduced` marks, from `init` if given.
fn reduce_dims(
    cx: &KernelCx<'_>,
    x: &Tensor,
    init: Option<&Tensor>,
    kind: Kind,
    reduced: &[bool],
    keep: bool,
) -> KernelResult {
    let rank = x.rank();
    let kept: SmallVec<[usize; 4]> = (0..rank).filter(|&d| !reduced[d]).collect();
    let red: SmallVec<[usize; 4]> = (0..rank).filter(|&d| reduced[d]).collect();
    let compact: Dims = kept.iter().map(|&d| x.shape()[d]).collect();
    let result: Dims = (0..rank)
        .filter_map(|d| match (reduced[d], keep) {
            (false, _) => Some(x.shape()[d]),
            (true, true) => Some(1),
            (true, false) => None,
        })
        .collect();
    if let Some(init) = init
        && init.len() != 1
    {
        return Err(cx.error(format!(
            "has an init value of shape {} at run time; it must hold one element",
            shape_text(init.shape())
        )));
    }
    if red.is_empty() && init.is_none() {
        return Ok(vec![x.clone()]);
    }
    let n_red = num_elements(&red.iter().map(|&d| x.shape()[d]).collect::<Dims>()).unwrap_or(0);
    let n_out = num_elements(&compact).unwrap_or(0);
    // With an init value the reduction of nothing is the init value.
    if n_red == 0 && n_out > 0 && init.is_none() && matches!(kind, Kind::Max | Kind::Min) {
        return Err(cx.error(format!(
            "reduces an empty dim with '{}', which has no identity (operand shape {})",
            if kind == Kind::Max { "max" } else { "min" },
            shape_text(x.shape())
        )));
    }
    cx.check_visit(0, x)?;
    let order: SmallVec<[usize; 4]> = kept.iter().chain(&red).copied().collect();
    let view = x.permuted(&order);
    let tensor = with_num!(x.elem(), N => {
        let mut out = cx.alloc::<<N as ArithScalar>::S>(&compact)?;
        let out_slice = out.as_mut_slice();
        if red.is_empty() {
            view.gather_into(out_slice);
        } else {
            run::<N>(kind, &view, kept.len(), out_slice);
        }
        if let Some(init) = init {
            // StableHLO's order: the init value is the accumulator's start, so
            // it is the left operand of the last combination too.
            let v = init.gather::<<N as ArithScalar>::S>()[0];
            for o in out_slice.iter_mut() {
                *o = kind.combine::<N>(v, *o);
            }
        }
        Tensor::from_owned(x.elem(), &compact, out)
    });
    Ok(vec![tensor.reshaped(&result).unwrap_or(tensor)])
}

/// Merges neighbouring dims that step as one: `(sizes, strides)` of the rest.
fn collapse(shape: &[usize], strides: &[isize]) -> (Dims, SmallVec<[isize; 4]>) {
    let mut sizes: Dims = SmallVec::new();
    let mut steps: SmallVec<[isize; 4]> = SmallVec::new();
    for (&n, &s) in shape.iter().zip(strides) {
        if n == 1 {
            continue;
        }
        if let (Some(last_n), Some(&last_s)) = (sizes.last_mut(), steps.last())
            && last_s == s * n as isize
        {
            *last_n *= n;
            if let Some(l) = steps.last_mut() {
                *l = s;
            }
            continue;
        }
        sizes.push(n);
        steps.push(s);
    }
    (sizes, steps)
}

/// Reduces `view` (kept dims first, then reduced ones) into `out` (row-major over
/// the kept dims).
fn run<N: Num>(kind: Kind, view: &Tensor, k: usize, out: &mut [N::S])
where
    N::S: Store,
{
    let buf = view.buffer::<N::S>();
    let (red_sizes, red_strides) = collapse(&view.shape()[k..], &view.strides()[k..]);
    let kept_shape = &view.shape()[..k];
    let kept_strides = &view.strides()[..k];
    let inner_kept_contiguous = k > 0
        && kept_strides[k - 1] == 1
        && kept_shape[k - 1] >= 8
        && red_strides.last() != Some(&1);
    if inner_kept_contiguous {
        columns::<N>(kind, view, k, &red_sizes, &red_strides, out);
        return;
    }
    // Rows: each output reduces its runs of the innermost reduced dim.
    let (run_len, run_stride) = match (red_sizes.last(), red_strides.last()) {
        (Some(&n), Some(&s)) => (n, s),
        _ => (1, 0),
    };
    let outer_sizes = &red_sizes[..red_sizes.len().saturating_sub(1)];
    let outer_strides = &red_strides[..red_strides.len().saturating_sub(1)];
    let n_outer: usize = outer_sizes.iter().product();
    let one = |base: isize, tmp: &mut Scratch<N::S>| {
        let mut acc = kind.identity::<N>();
        let mut idx: Dims = SmallVec::from_elem(0, outer_sizes.len());
        let mut off = base;
        for _ in 0..n_outer {
            let seg = crate::loops::Seg::run(off, run_stride);
            acc = reduce_run::<N>(kind, src(buf, seg, run_len, tmp), run_len, acc);
            for d in (0..outer_sizes.len()).rev() {
                idx[d] += 1;
                off += outer_strides[d];
                if idx[d] < outer_sizes[d] {
                    break;
                }
                off -= outer_strides[d] * outer_sizes[d] as isize;
                idx[d] = 0;
            }
        }
        acc
    };
    // The kept dims as few as step as one: a row-major operand's are one dim,
    // and an output's offset is then a multiplication, not a division per dim.
    let (kept_sizes, kept_steps) = collapse(kept_shape, kept_strides);
    let base_of = |p: usize| {
        if let ([_], [step]) = (&kept_sizes[..], &kept_steps[..]) {
            return view.offset() as isize + p as isize * step;
        }
        let mut off = view.offset() as isize;
        let mut rest = p;
        for d in (0..k).rev() {
            off += (rest % kept_shape[d]) as isize * kept_strides[d];
            rest /= kept_shape[d];
        }
        off
    };
    let work = out
        .len()
        .saturating_mul(run_len.max(1))
        .saturating_mul(n_outer.max(1));
    if work >= PAR_MIN && out.len() > 1 {
        let chunk = out.len().div_ceil(rayon::current_num_threads() * 4).max(1);
        out.par_chunks_mut(chunk)
            .enumerate()
            .for_each_init(Scratch::default, |tmp, (c, o)| {
                for (i, slot) in o.iter_mut().enumerate() {
                    *slot = one(base_of(c * chunk + i), tmp);
                }
            });
    } else {
        let mut tmp = Scratch::default();
        for (p, slot) in out.iter_mut().enumerate() {
            *slot = one(base_of(p), &mut tmp);
        }
    }
}

/// Reduction when the innermost dim in memory is kept: `out = out ∘ row` for each
/// combination of the reduced indices, each task owning a range of the output.
fn columns<N: Num>(
    kind: Kind,
    view: &Tensor,
    k: usize,
    red_sizes: &[usize],
    red_strides: &[isize],
    out: &mut [N::S],
) where
    N::S: Store,
{
    let buf = view.buffer::<N::S>();
    let kept_shape: Dims = view.shape()[..k].into();
    let kept = view.with_view(&kept_shape, &view.strides()[..k], view.offset());
    let space = Space::new(&kept_shape, &[&kept]);
    let n_red: usize = red_sizes.iter().product();
    let identity = kind.identity::<N>();
    let task = |start: usize, o: &mut [N::S], tmp: &mut Scratch<N::S>| {
        o.fill(identity);
        let mut idx: Dims = SmallVec::from_elem(0, red_sizes.len());
        let mut shift = 0isize;
        for _ in 0..n_red {
            space.run_range_shifted(start, o, usize::MAX, shift, &mut |segs, o: &mut [N::S]| {
                let n = o.len();
                match src(buf, segs[0], n, tmp) {
                    Src::Slice(x) => {
                        for (a, &b) in o.iter_mut().zip(&x[..n]) {
                            *a = kind.combine::<N>(*a, b);
                        }
                    }
                    Src::Scalar(b) => {
                        for a in o.iter_mut() {
                            *a = kind.combine::<N>(*a, b);
                        }
                    }
                }
            });
            for d in (0..red_sizes.len()).rev() {
                idx[d] += 1;
                shift += red_strides[d];
                if idx[d] < red_sizes[d] {
                    break;
                }
                shift -= red_strides[d] * red_sizes[d] as isize;
                idx[d] = 0;
            }
        }
    };
    let work = out.len().saturating_mul(n_red);
    if work >= PAR_MIN && out.len() >= 64 {
        let chunk = out
            .len()
            .div_ceil(rayon::current_num_threads() * 4)
            .next_multiple_of(64);
        out.par_chunks_mut(chunk)
            .enumerate()
            .for_each_init(Scratch::default, |tmp, (c, o)| task(c * chunk, o, tmp));
    } else {
        task(0, out, &mut Scratch::default());
    }
}
