//! Elementwise kernels: the arithmetic ops (fusable into chains), `nd.cmp`,
//! `nd.select` and `nd.cast`.
//!
//! A chain of arithmetic ops is a *group*: nodes in topological order, the last
//! the root, each reading leaves (operand views in the root's shape) or earlier
//! nodes. [`eval`] runs a group in one pass over memory: per segment of the
//! output, each node computes into a block-sized buffer that stays in the L1
//! cache, and the root writes the output. A single op is a group of one node,
//! with no temporary at all.
//!
//! What each node computes is its op's declared scalar function
//! (`tensor_dialect_nd::scalar`), narrowed to the group's element kind before the
//! loop starts; the functions themselves are the dialect's, inlined per element
//! type.

use super::{KernelCx, KernelResult, broadcast_shapes, placement};
use crate::elem::{Num, with_num};
use crate::loops::{Scratch, Seg, Space, Src, block_len, map1, map2, src};
use crate::tensor::{Dims, Store, Tensor};
use broadcastable::Policy;
use smallvec::SmallVec;
use tensor_dialect_nd::scalar::{
    Arith, ArithScalar, Bitwise, BitwiseScalar, Compare, FloatFn, FloatScalar, ScalarFn,
};

/// What a node of a float group runs: the scalar functions floats have.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum FloatOp {
    Arith(Arith),
    Float(FloatFn),
}

impl FloatOp {
    /// `f` as floats run it, if they have it.
    #[inline(always)]
    pub(crate) fn bind(f: ScalarFn) -> Option<FloatOp> {
        match f {
            ScalarFn::Arith(a) => Some(FloatOp::Arith(a)),
            ScalarFn::Float(g) => Some(FloatOp::Float(g)),
            ScalarFn::Bitwise(_) => None,
        }
    }
}

/// What a node of an integer (or `i1`, or `index`) group runs.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum IntOp {
    Arith(Arith),
    Bitwise(Bitwise),
}

impl IntOp {
    /// `f` as integers run it, if they have it.
    #[inline(always)]
    pub(crate) fn bind(f: ScalarFn) -> Option<IntOp> {
        match f {
            ScalarFn::Arith(a) => Some(IntOp::Arith(a)),
            ScalarFn::Bitwise(g) => Some(IntOp::Bitwise(g)),
            ScalarFn::Float(_) => None,
        }
    }
}

/// An operand of a group node.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum GArg {
    /// A leaf view, by index.
    Leaf(usize),
    /// An earlier node's result, by index.
    Node(usize),
}

/// A node of a group.
#[derive(Clone, Debug)]
pub(crate) struct GNode {
    pub op: ScalarFn,
    pub args: SmallVec<[GArg; 2]>,
}

/// One loop per function and element type: the match is once per segment, the
/// dialect's scalar function is inlined into the loop.
#[inline(always)]
fn apply_arith<N: ArithScalar>(
    op: Arith,
    a: Src<'_, N::S>,
    b: Option<Src<'_, N::S>>,
    out: &mut [N::S],
) {
    let b = b.unwrap_or(a);
    match op {
        Arith::Add => map2(a, b, out, N::add),
        Arith::Sub => map2(a, b, out, N::sub),
        Arith::Mul => map2(a, b, out, N::mul),
        Arith::Div => map2(a, b, out, N::div),
        Arith::Rem => map2(a, b, out, N::rem),
        Arith::Pow => map2(a, b, out, N::pow),
        Arith::Max => map2(a, b, out, N::max),
        Arith::Min => map2(a, b, out, N::min),
        Arith::Neg => map1(a, out, N::neg),
        Arith::Abs => map1(a, out, N::abs),
        Arith::Sign => map1(a, out, N::sign),
    }
}

/// [`apply_arith`] for the functions of a float kind.
#[inline(always)]
pub(crate) fn apply_float<N: FloatScalar>(
    op: FloatOp,
    a: Src<'_, N::S>,
    b: Option<Src<'_, N::S>>,
    out: &mut [N::S],
) {
    match op {
        FloatOp::Arith(f) => apply_arith::<N>(f, a, b, out),
        FloatOp::Float(FloatFn::Exp) => map1(a, out, N::exp),
        FloatOp::Float(FloatFn::Log) => map1(a, out, N::log),
        FloatOp::Float(FloatFn::Sqrt) => map1(a, out, N::sqrt),
        FloatOp::Float(FloatFn::Tanh) => map1(a, out, N::tanh),
        FloatOp::Float(FloatFn::Sin) => map1(a, out, N::sin),
        FloatOp::Float(FloatFn::Cos) => map1(a, out, N::cos),
        FloatOp::Float(FloatFn::Floor) => map1(a, out, N::floor),
        FloatOp::Float(FloatFn::Ceil) => map1(a, out, N::ceil),
        FloatOp::Float(FloatFn::Rsqrt) => map1(a, out, N::rsqrt),
        FloatOp::Float(FloatFn::Log1p) => map1(a, out, N::log1p),
        FloatOp::Float(FloatFn::Expm1) => map1(a, out, N::expm1),
        FloatOp::Float(FloatFn::Logistic) => map1(a, out, N::logistic),
        FloatOp::Float(FloatFn::Atan2) => map2(a, b.unwrap_or(a), out, N::atan2),
        FloatOp::Float(FloatFn::RoundEven) => map1(a, out, N::round_even),
        FloatOp::Float(FloatFn::Erf) => map1(a, out, N::erf),
    }
}

/// [`apply_arith`] for the functions of an integer kind.
#[inline(always)]
pub(crate) fn apply_int<N: BitwiseScalar>(
    op: IntOp,
    a: Src<'_, N::S>,
    b: Option<Src<'_, N::S>>,
    out: &mut [N::S],
) {
    match op {
        IntOp::Arith(f) => apply_arith::<N>(f, a, b, out),
        IntOp::Bitwise(f) => {
            let b = b.unwrap_or(a);
            match f {
                Bitwise::And => map2(a, b, out, N::and),
                Bitwise::Or => map2(a, b, out, N::or),
                Bitwise::Xor => map2(a, b, out, N::xor),
                Bitwise::Not => map1(a, out, N::not),
            }
        }
    }
}

/// Per-task buffers: gathered leaves and node results.
pub(crate) struct Temps<T> {
    leaves: Vec<Scratch<T>>,
    nodes: Vec<Vec<T>>,
}

/// A group bound to its element type and its leaves, ready to run over any
/// range of its output: [`eval`] runs it whole, the row reductions it feeds
/// (`row_reduce.rs`) a tile of rows at a time.
pub(crate) struct Bound<'a, N: Num> {
    nodes: &'a [GNode],
    ops: SmallVec<[N::Op; 16]>,
    space: Space,
    bufs: SmallVec<[&'a [N::S]; 4]>,
    max_seg: usize,
}

impl<'a, N: Num> Bound<'a, N>
where
    N::S: Store,
{
    /// Binds `nodes` (topological, root last) to `leaves`, views in `shape`.
    /// Refuses a node whose function the element type lacks (the plan reports
    /// that at the op; this keeps the kernel total).
    pub(crate) fn new(
        nodes: &'a [GNode],
        leaves: &'a [Tensor],
        shape: &[usize],
    ) -> Result<Bound<'a, N>, ScalarFn> {
        let ops = nodes
            .iter()
            .map(|n| N::bind(n.op).ok_or(n.op))
            .collect::<Result<_, _>>()?;
        let views: SmallVec<[&Tensor; 4]> = leaves.iter().collect();
        let space = Space::new(shape, &views);
        let max_seg = space.max_seg::<N::S>(nodes.len() > 1);
        Ok(Bound {
            nodes,
            ops,
            space,
            bufs: leaves.iter().map(Tensor::buffer::<N::S>).collect(),
            max_seg,
        })
    }

    /// A task's buffers: a gather buffer per leaf, a block per inner node.
    pub(crate) fn temps(&self) -> Temps<N::S> {
        let block = block_len::<N::S>();
        let last = self.nodes.len().saturating_sub(1);
        Temps {
            leaves: vec![Scratch::default(); self.bufs.len()],
            nodes: (0..self.nodes.len())
                .map(|j| {
                    if j < last {
                        vec![N::zero(); block]
                    } else {
                        Vec::new()
                    }
                })
                .collect(),
        }
    }

    /// One segment: its leaves' runs, then the nodes in order.
    fn segment(&self, temps: &mut Temps<N::S>, segs: &[Seg], out: &mut [N::S]) {
        let len = out.len();
        let Temps {
            leaves: leaf_tmp,
            nodes: node_tmp,
        } = temps;
        let srcs: SmallVec<[Src<'_, N::S>; 4]> = self
            .bufs
            .iter()
            .zip(segs)
            .zip(leaf_tmp.iter_mut())
            .map(|((buf, seg), tmp)| src(buf, *seg, len, tmp))
            .collect();
        run_nodes::<N>(self.nodes, &self.ops, &srcs, node_tmp, out);
    }

    /// The output positions `start..start + out.len()`, on this thread.
    pub(crate) fn run_range(&self, temps: &mut Temps<N::S>, start: usize, out: &mut [N::S]) {
        self.space
            .run_range_shifted(start, out, self.max_seg, 0, &mut |segs, o| {
                self.segment(temps, segs, o)
            });
    }
}

/// Runs a group: `leaves` are views in `shape` (the output's), `nodes` are in
/// topological order with the root last; `out` is row-major. Refuses, before it
/// starts, a node whose function the element type lacks.
pub(crate) fn eval<N: Num>(
    nodes: &[GNode],
    leaves: &[Tensor],
    shape: &[usize],
    out: &mut [N::S],
) -> Result<(), ScalarFn>
where
    N::S: Store,
{
    let group = Bound::<N>::new(nodes, leaves, shape)?;
    group.space.run(
        out,
        group.max_seg,
        || group.temps(),
        |temps, segs, out| group.segment(temps, segs, out),
    );
    Ok(())
}

/// The nodes of a group over one segment of `len = out.len()` elements: each
/// node into its block buffer in `node_tmp`, the root into `out`.
///
/// Compiled for AVX-512 and for AVX2 as well as for the baseline (SSE2), and
/// picked at run time: the scalar functions are inlined into these loops, so a
/// loop of `exp` or `tanh` runs 4 or 8 `f64` lanes wide instead of 2. Each
/// version computes the same operations in the same order (Rust never fuses a
/// multiply and an add), so the results do not depend on the machine.
#[multiversion::multiversion(targets(
    "x86_64+avx512f+avx512vl+avx512dq+avx512bw+avx2+fma",
    "x86_64+avx2+fma"
))]
fn run_nodes<N: Num>(
    nodes: &[GNode],
    ops: &[N::Op],
    srcs: &[Src<'_, N::S>],
    node_tmp: &mut [Vec<N::S>],
    out: &mut [N::S],
) {
    let len = out.len();
    let last = nodes.len().saturating_sub(1);
    for (j, (node, &op)) in nodes.iter().zip(ops).enumerate() {
        let (done, rest) = node_tmp.split_at_mut(j);
        let arg = |a: GArg| match a {
            GArg::Leaf(k) => srcs[k],
            GArg::Node(i) => Src::Slice(&done[i][..len]),
        };
        let a = arg(node.args[0]);
        let b = node.args.get(1).map(|&x| arg(x));
        if j == last {
            N::apply(op, a, b, out);
        } else {
            N::apply(op, a, b, &mut rest[0][..len]);
        }
    }
}

/// Why the operands of an integer division or power cannot be computed: a zero
/// divisor or a negative exponent (operand #1), with the first such index.
pub(crate) fn check_integer_operands(op: ScalarFn, divisor: &Tensor) -> Option<String> {
    if !op.partial_on_integers() || divisor.elem().is_float() {
        return None;
    }
    let found = with_num!(divisor.elem(), N => {
        let buf = divisor.buffer::<<N as ArithScalar>::S>();
        let mut position = 0usize;
        let mut found = None;
        divisor.for_each_offset(|off| {
            let x = buf[off];
            let bad = if op == POW { N::is_negative(x) } else { N::is_zero(x) };
            if found.is_none() && bad {
                found = Some((position, N::to_f64(x)));
            }
            position += 1;
        });
        found
    })?;
    let (position, value) = found;
    let index = unravel(position, divisor.shape());
    Some(if op == POW {
        format!(
            "raises integers to a negative power: operand #1 has {value} at index {} (NumPy refuses this too)",
            super::shape_text(&index)
        )
    } else {
        format!(
            "divides by zero: operand #1 is 0 at index {} (integer division by zero is an error)",
            super::shape_text(&index)
        )
    })
}

/// The function whose integer operand #1 must not be negative.
const POW: ScalarFn = ScalarFn::Arith(Arith::Pow);

/// The multi-index of row-major position `p` in `shape`.
pub(crate) fn unravel(mut p: usize, shape: &[usize]) -> Dims {
    let mut idx: Dims = SmallVec::from_elem(0, shape.len());
    for d in (0..shape.len()).rev() {
        if shape[d] > 0 {
            idx[d] = p % shape[d];
            p /= shape[d];
        }
    }
    idx
}

/// The broadcasting rule of a binary op: XLA's with `broadcast_dimensions`,
/// else NumPy's.
pub(crate) fn binary_policy(cx: &KernelCx<'_>) -> Policy {
    binary_policy_of(cx.ctx, cx.module, cx.op)
}

/// The broadcasting rule of elementwise op `op`.
pub(crate) fn binary_policy_of(
    ctx: &tensor_ir::Context,
    module: &tensor_ir::Module,
    op: tensor_ir::OpId,
) -> Policy {
    let dims = ctx
        .lookup_sym(tensor_dialect_nd::BROADCAST_DIMENSIONS)
        .and_then(|k| module.get_attr(op, k))
        .and_then(|a| ctx.as_i64_array(a));
    match dims {
        Some(dims) => Policy::Explicit(dims.into_iter().collect()),
        None => Policy::NumPy,
    }
}

/// Views of `operands` in the broadcast shape under `policy`, and that shape.
pub(crate) fn broadcast_operands(
    cx: &KernelCx<'_>,
    policy: &Policy,
    operands: &[Tensor],
) -> Result<(Dims, Vec<Tensor>), tensor_ir::Diagnostic> {
    let shapes: SmallVec<[&[usize]; 3]> = operands.iter().map(Tensor::shape).collect();
    let shape = broadcast_shapes(policy, &shapes).map_err(|m| cx.error(m))?;
    let views = operands
        .iter()
        .map(|t| t.broadcast_view(&shape, &placement(policy, t.rank(), shape.len())))
        .collect();
    Ok((shape, views))
}

/// `nd.cmp`: a predicate of two operands, as `i1`.
pub(crate) fn cmp(cx: &KernelCx<'_>, operands: Vec<Tensor>) -> KernelResult {
    let policy = binary_policy(cx);
    let (shape, views) = broadcast_operands(cx, &policy, &operands)?;
    let predicate = cx
        .str_prop(tensor_dialect_nd::elementwise::CmpOp::PREDICATE)
        .unwrap_or("eq")
        .to_owned();
    let mut out = cx.alloc::<u8>(&shape)?;
    let space = Space::new(&shape, &[&views[0], &views[1]]);
    let elem = views[0].elem();
    let compare = Compare::from_keyword(&predicate).ok_or_else(|| {
        cx.error(format!(
            "has predicate '{predicate}', not one of {}",
            tensor_dialect_nd::CmpPredicate::KEYWORDS.join(", ")
        ))
    })?;
    with_num!(elem, N => {
        let (a, b) = (views[0].buffer::<<N as ArithScalar>::S>(), views[1].buffer::<<N as ArithScalar>::S>());
        let o = out.as_mut_slice();
        // One loop per predicate: the declared comparison inlined into it.
        match compare {
            Compare::Eq => cmp_loop::<N>(&space, a, b, o, |x, y| Compare::Eq.holds(x, y)),
            Compare::Ne => cmp_loop::<N>(&space, a, b, o, |x, y| Compare::Ne.holds(x, y)),
            Compare::Lt => cmp_loop::<N>(&space, a, b, o, |x, y| Compare::Lt.holds(x, y)),
            Compare::Le => cmp_loop::<N>(&space, a, b, o, |x, y| Compare::Le.holds(x, y)),
            Compare::Gt => cmp_loop::<N>(&space, a, b, o, |x, y| Compare::Gt.holds(x, y)),
            Compare::Ge => cmp_loop::<N>(&space, a, b, o, |x, y| Compare::Ge.holds(x, y)),
        }
    });
    Ok(vec![Tensor::from_owned(crate::ElemType::I1, &shape, out)])
}

/// One comparison over a space, monomorphised per predicate.
fn cmp_loop<N: Num>(
    space: &Space,
    a: &[N::S],
    b: &[N::S],
    out: &mut [u8],
    f: impl Fn(N::S, N::S) -> bool + Sync,
) {
    let max_seg = space.max_seg::<N::S>(false);
    space.run(
        out,
        max_seg,
        || (Scratch::default(), Scratch::default()),
        |(ta, tb), segs, o| {
            let n = o.len();
            map2(src(a, segs[0], n, ta), src(b, segs[1], n, tb), o, |x, y| {
                u8::from(f(x, y))
            });
        },
    );
}

/// `nd.select`: `cond ? a : b`, all three broadcast (NumPy).
pub(crate) fn select(cx: &KernelCx<'_>, operands: Vec<Tensor>) -> KernelResult {
    let (shape, views) = broadcast_operands(cx, &Policy::NumPy, &operands)?;
    let elem = views[1].elem();
    let space = Space::new(&shape, &[&views[0], &views[1], &views[2]]);
    let result = crate::dispatch_store!(elem, S => {
        let mut out = cx.alloc::<S>(&shape)?;
        let c = views[0].buffer::<u8>();
        let (a, b) = (views[1].buffer::<S>(), views[2].buffer::<S>());
        let max_seg = space.max_seg::<S>(false);
        space.run(
            out.as_mut_slice(),
            max_seg,
            || (Scratch::default(), Scratch::default(), Scratch::default()),
            |(tc, ta, tb), segs, o| {
                let n = o.len();
                crate::loops::select(
                    src(c, segs[0], n, tc),
                    src(a, segs[1], n, ta),
                    src(b, segs[2], n, tb),
                    o,
                );
            },
        );
        Tensor::from_owned(elem, &shape, out)
    });
    Ok(vec![result])
}

/// `nd.clamp`: `min(max(x, lo), hi)` with the dialect's `max` and `min` of the
/// element kind, after the NumPy broadcast of the three operands.
pub(crate) fn clamp(cx: &KernelCx<'_>, operands: Vec<Tensor>) -> KernelResult {
    let (shape, views) = broadcast_operands(cx, &Policy::NumPy, &operands)?;
    let elem = views[0].elem();
    let space = Space::new(&shape, &[&views[0], &views[1], &views[2]]);
    let result = with_num!(elem, N => {
        let mut out = cx.alloc::<<N as ArithScalar>::S>(&shape)?;
        let (x, lo, hi) = (
            views[0].buffer::<<N as ArithScalar>::S>(),
            views[1].buffer::<<N as ArithScalar>::S>(),
            views[2].buffer::<<N as ArithScalar>::S>(),
        );
        let max_seg = space.max_seg::<<N as ArithScalar>::S>(false);
        space.run(
            out.as_mut_slice(),
            max_seg,
            || {
                let scratch = Scratch::default;
                (scratch(), scratch(), scratch(), Vec::new())
            },
            |(tx, tl, th, low), segs, o| {
                let n = o.len();
                // The lower bound first, into a scratch run, then the upper.
                low.clear();
                low.extend_from_slice(o);
                map2(src(x, segs[0], n, tx), src(lo, segs[1], n, tl), low, N::max);
                map2(Src::Slice(low), src(hi, segs[2], n, th), o, N::min);
            },
        );
        Tensor::from_owned(elem, &shape, out)
    });
    Ok(vec![result])
}

/// `nd.cast`: each element converted to the result's element type (see the
/// conversion rules of `Num::from_wide`).
pub(crate) fn cast(cx: &KernelCx<'_>, mut operands: Vec<Tensor>) -> KernelResult {
    let input = operands.swap_remove(0);
    let to = cx
        .result_type(0)
        .and_then(|t| super::type_layout(cx.ctx, t))
        .map(|(e, _)| e)
        .ok_or_else(|| cx.error("has a result type the interpreter does not execute"))?;
    if to == input.elem() {
        return Ok(vec![input]);
    }
    let shape: Dims = input.shape().into();
    let space = Space::new(&shape, &[&input]);
    let result = with_num!(input.elem(), From => {
        with_num!(to, To => {
            let mut out = cx.alloc::<<To as ArithScalar>::S>(&shape)?;
            let a = input.buffer::<<From as ArithScalar>::S>();
            let max_seg = space.max_seg::<<From as ArithScalar>::S>(false);
            space.run(out.as_mut_slice(), max_seg, Scratch::default, |tmp, segs, o| {
                let n = o.len();
                map1(src(a, segs[0], n, tmp), o, |x| To::from_wide(From::to_wide(x)));
            });
            Tensor::from_owned(to, &shape, out)
        })
    });
    Ok(vec![result])
}
