//! Elementwise kernels: the arithmetic ops (fusable into chains), `nd.cmp`,
//! `nd.select` and `nd.cast`.
//!
//! A chain of arithmetic ops is a *group*: nodes in topological order, the last
//! the root, each reading leaves (operand views in the root's shape) or earlier
//! nodes. [`eval`] runs a group in one pass over memory: per segment of the
//! output, each node computes into a block-sized buffer that stays in the L1
//! cache, and the root writes the output. A single op is a group of one node,
//! with no temporary at all.

use super::{KernelCx, KernelResult, broadcast_shapes, placement};
use crate::elem::{Num, with_num};
use crate::loops::{Space, Src, block_len, map1, map2, src};
use crate::tensor::{Dims, Store, Tensor};
use broadcastable::Policy;
use smallvec::SmallVec;

/// The arithmetic of an elementwise op.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ElemOp {
    /// `nd.add`.
    Add,
    /// `nd.sub`.
    Sub,
    /// `nd.mul`.
    Mul,
    /// `nd.div`: true division for floats, floor division for integers.
    Div,
    /// `nd.rem`: NumPy's `remainder` (the divisor's sign).
    Rem,
    /// `nd.pow`.
    Pow,
    /// `nd.max` (NaN propagates).
    Max,
    /// `nd.min` (NaN propagates).
    Min,
    /// `nd.and`.
    And,
    /// `nd.or`.
    Or,
    /// `nd.xor`.
    Xor,
    /// `nd.neg`.
    Neg,
    /// `nd.abs`.
    Abs,
    /// `nd.exp`.
    Exp,
    /// `nd.log`.
    Log,
    /// `nd.sqrt`.
    Sqrt,
    /// `nd.tanh`.
    Tanh,
}

impl ElemOp {
    /// The number of operands.
    pub fn arity(self) -> usize {
        match self {
            ElemOp::Neg | ElemOp::Abs | ElemOp::Exp | ElemOp::Log | ElemOp::Sqrt | ElemOp::Tanh => {
                1
            }
            _ => 2,
        }
    }

    /// True when the op can fail on integers (a zero divisor, a negative
    /// exponent): it then runs alone, after a check of its operands.
    pub(crate) fn checked_on_integers(self) -> bool {
        matches!(self, ElemOp::Div | ElemOp::Rem | ElemOp::Pow)
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
    pub op: ElemOp,
    pub args: SmallVec<[GArg; 2]>,
}

#[inline(always)]
fn apply<N: Num>(op: ElemOp, a: Src<'_, N::S>, b: Option<Src<'_, N::S>>, out: &mut [N::S]) {
    let b = b.unwrap_or(a);
    match op {
        ElemOp::Add => map2(a, b, out, N::add),
        ElemOp::Sub => map2(a, b, out, N::sub),
        ElemOp::Mul => map2(a, b, out, N::mul),
        ElemOp::Div => map2(a, b, out, N::div),
        ElemOp::Rem => map2(a, b, out, N::rem),
        ElemOp::Pow => map2(a, b, out, N::pow),
        ElemOp::Max => map2(a, b, out, N::max),
        ElemOp::Min => map2(a, b, out, N::min),
        ElemOp::And => map2(a, b, out, N::and),
        ElemOp::Or => map2(a, b, out, N::or),
        ElemOp::Xor => map2(a, b, out, N::xor),
        ElemOp::Neg => map1(a, out, N::neg),
        ElemOp::Abs => map1(a, out, N::abs),
        ElemOp::Exp => map1(a, out, N::exp),
        ElemOp::Log => map1(a, out, N::log),
        ElemOp::Sqrt => map1(a, out, N::sqrt),
        ElemOp::Tanh => map1(a, out, N::tanh),
    }
}

/// Per-task buffers: gathered leaves and node results.
struct Temps<T> {
    leaves: Vec<Vec<T>>,
    nodes: Vec<Vec<T>>,
}

/// Runs a group: `leaves` are views in `shape` (the output's), `nodes` are in
/// topological order with the root last; `out` is row-major.
pub(crate) fn eval<N: Num>(nodes: &[GNode], leaves: &[Tensor], shape: &[usize], out: &mut [N::S])
where
    N::S: Store,
{
    let views: SmallVec<[&Tensor; 4]> = leaves.iter().collect();
    let space = Space::new(shape, &views);
    let bufs: SmallVec<[&[N::S]; 4]> = leaves.iter().map(Tensor::buffer::<N::S>).collect();
    let block = block_len::<N::S>();
    let max_seg = if nodes.len() > 1 || space.needs_gather() {
        block
    } else {
        usize::MAX
    };
    let last = nodes.len().saturating_sub(1);
    let init = || Temps {
        leaves: vec![Vec::new(); leaves.len()],
        nodes: (0..nodes.len())
            .map(|j| {
                if j < last {
                    vec![N::zero(); block]
                } else {
                    Vec::new()
                }
            })
            .collect(),
    };
    space.run(out, max_seg, init, |temps, segs, out| {
        let len = out.len();
        let Temps {
            leaves: leaf_tmp,
            nodes: node_tmp,
        } = temps;
        let srcs: SmallVec<[Src<'_, N::S>; 4]> = bufs
            .iter()
            .zip(segs)
            .zip(leaf_tmp.iter_mut())
            .map(|((buf, seg), tmp)| src(buf, *seg, len, tmp))
            .collect();
        for (j, node) in nodes.iter().enumerate() {
            let (done, rest) = node_tmp.split_at_mut(j);
            let arg = |a: GArg| match a {
                GArg::Leaf(k) => srcs[k],
                GArg::Node(i) => Src::Slice(&done[i][..len]),
            };
            let a = arg(node.args[0]);
            let b = node.args.get(1).map(|&x| arg(x));
            if j == last {
                apply::<N>(node.op, a, b, out);
            } else {
                apply::<N>(node.op, a, b, &mut rest[0][..len]);
            }
        }
    });
}

/// Why the operands of an integer division or power cannot be computed: a zero
/// divisor or a negative exponent (operand #1), with the first such index.
pub(crate) fn check_integer_operands(op: ElemOp, divisor: &Tensor) -> Option<String> {
    if !op.checked_on_integers() || divisor.elem().is_float() {
        return None;
    }
    let found = with_num!(divisor.elem(), N => {
        let buf = divisor.buffer::<<N as Num>::S>();
        let mut position = 0usize;
        let mut found = None;
        divisor.for_each_offset(|off| {
            let x = buf[off];
            let bad = if op == ElemOp::Pow { N::is_negative(x) } else { N::is_zero(x) };
            if found.is_none() && bad {
                found = Some((position, N::to_f64(x)));
            }
            position += 1;
        });
        found
    })?;
    let (position, value) = found;
    let index = unravel(position, divisor.shape());
    Some(if op == ElemOp::Pow {
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
    with_num!(elem, N => {
        let (a, b) = (views[0].buffer::<<N as Num>::S>(), views[1].buffer::<<N as Num>::S>());
        let o = out.as_mut_slice();
        match predicate.as_str() {
            "ne" => cmp_loop::<N>(&space, a, b, o, |x, y| !N::eq(x, y)),
            "lt" => cmp_loop::<N>(&space, a, b, o, N::lt),
            "le" => cmp_loop::<N>(&space, a, b, o, N::le),
            "gt" => cmp_loop::<N>(&space, a, b, o, |x, y| N::lt(y, x)),
            "ge" => cmp_loop::<N>(&space, a, b, o, |x, y| N::le(y, x)),
            _ => cmp_loop::<N>(&space, a, b, o, N::eq),
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
    let max_seg = if space.needs_gather() {
        block_len::<N::S>()
    } else {
        usize::MAX
    };
    space.run(
        out,
        max_seg,
        || (Vec::new(), Vec::new()),
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
        let max_seg = if space.needs_gather() { block_len::<S>() } else { usize::MAX };
        space.run(
            out.as_mut_slice(),
            max_seg,
            || (Vec::new(), Vec::new(), Vec::new()),
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
            let mut out = cx.alloc::<<To as Num>::S>(&shape)?;
            let a = input.buffer::<<From as Num>::S>();
            let max_seg = if space.needs_gather() { block_len::<<From as Num>::S>() } else { usize::MAX };
            space.run(out.as_mut_slice(), max_seg, Vec::new, |tmp, segs, o| {
                let n = o.len();
                map1(src(a, segs[0], n, tmp), o, |x| To::from_wide(From::to_wide(x)));
            });
            Tensor::from_owned(to, &shape, out)
        })
    });
    Ok(vec![result])
}
