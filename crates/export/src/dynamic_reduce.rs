//! `nd.dynamic_reduce`: `nd.reduce` across dims read at run time. A
//! `linalg.reduce` names its dims statically, so the export reduces dim by dim:
//!
//! - an `scf.for` over the axes marks each dim listed (one `i1` per dim of the
//!   operand, carried through the loop), after `cf.assert`s at the op that the
//!   axis lies in `[-r, r)` and that its dim is not listed already (tensor-run's
//!   errors); the loop's body has O(r) ops, whatever the number of axes;
//! - for each dim `d`, an `scf.if` on its mark reduces the accumulator over `d`
//!   (`linalg.reduce` from the identity, then `tensor.expand_shape` back to a size
//!   1) or yields it as it is; the accumulator is the operand cast to all `?`;
//! - an init value is combined last, as its left operand (tensor-run's order);
//! - with `keep_dims`, the accumulator is `tensor.reshape`d to its own sizes (for
//!   the buffer's layout, [`keep_marked`]);
//! - without `keep_dims`, the sizes of the unmarked dims are packed in order into
//!   a shape (one `tensor.insert` per dim, under its mark) and the accumulator is
//!   `tensor.reshape`d to it: of the result's rank, or of the run-time rank
//!   `r - len(axes)` for an unranked result.
//!
//! Floats are reduced in another order than tensor-run's (dim by dim), so a sum
//! or product may round differently; `max` and `min` are exact.

use smallvec::SmallVec;
use tensor_dialect_nd::dynamic_reduce::DynamicReduceOp;
use tensor_ir::module::OpId;
use tensor_ir::{DYNAMIC, Type, TypeKind, Value};

use crate::compute::{combiner, filled, kept_groups};
use crate::emit::{Exporter, Scalar, XResult};
use crate::shapes::Results;

/// `n` as an `i64` (a rank or a dim number, far below `i64::MAX`).
fn int(n: usize) -> i64 {
    i64::try_from(n).unwrap_or(i64::MAX)
}

/// The export of `nd.dynamic_reduce` (see the module's doc).
pub fn dynamic_reduce(x: &mut Exporter<'_>, op: OpId) -> XResult<Results> {
    let (input, axes, init) = match x.b.module.operands(op) {
        [i, a] => (*i, *a, None),
        [i, a, v] => (*i, *a, Some(*v)),
        _ => return Err(x.error("cannot be exported: malformed operands")),
    };
    let result = x.b.module.value_type(x.b.module.result(op, 0));
    let (src, elem) = x.ranked(input)?;
    let kind = x.scalar(elem)?;
    let name = x.string(DynamicReduceOp::KIND).unwrap_or_default();
    let (identity, combine) = combiner(x, &name, kind)?;
    let r = src.len();
    let flags = marks(x, axes, r)?;
    let sizes = x.dims(input)?;
    if init.is_none() && matches!(name.as_str(), "max" | "min") {
        check_not_empty(x, &src, &flags, &sizes, &name)?;
    }
    let all_dynamic: SmallVec<[i64; 4]> = SmallVec::from_elem(DYNAMIC, r);
    let acc_ty = x.b.ctx.tensor_type(&all_dynamic, elem);
    let mut acc = x.cast_to(input, acc_ty)?;
    let reduction = Reduction {
        elem,
        identity,
        combine,
    };
    for (d, &flag) in flags.iter().enumerate() {
        acc = reduce_if(x, acc, d, flag, &reduction)?;
    }
    if let Some(v) = init {
        acc = combine_init(x, acc, v, &reduction)?;
    }
    let out = if x.attr(DynamicReduceOp::KEEP_DIMS).is_some() {
        keep_marked(x, acc, &flags, &sizes, result)?
    } else {
        let axes_static = x.ranked(axes)?.0.first().is_some_and(|&n| n != DYNAMIC);
        drop_marked(x, acc, &flags, &sizes, result, axes_static)?
    };
    Ok(SmallVec::from_elem(out, 1))
}

/// How the kind reduces elements of one type.
struct Reduction {
    elem: Type,
    identity: (i128, f64),
    combine: &'static str,
}

/// One `i1` per dim of a rank-`r` operand: whether `axes` lists it. An `scf.for`
/// over the axes, asserting (at the op) that each lies in `[-r, r)` and that its
/// dim was not listed before.
fn marks(x: &mut Exporter<'_>, axes: Value, r: usize) -> XResult<SmallVec<[Value; 4]>> {
    let (dims, aelem) = x.ranked(axes)?;
    let signless = matches!(
        x.b.ctx.type_kind(aelem),
        TypeKind::Integer {
            signedness: tensor_ir::Signedness::Signless,
            ..
        } | TypeKind::Index
    );
    match x.scalar(aelem)? {
        Scalar::Int(w) if signless && (2..=64).contains(&w) => {}
        Scalar::Index => {}
        _ => {
            return Err(x.error(
                "cannot be exported: axes must be signless integers of 2 to 64 bits or index",
            ));
        }
    }
    let len = match dims.as_slice() {
        [n] if *n == DYNAMIC => x.dim(axes, 0)?,
        [n] => x.const_index(*n)?,
        _ => return Err(x.error("cannot be exported: its axes are not 1-D")),
    };
    let index = x.index_type();
    let i1 = x.b.ctx.i(1);
    let no = x.scalar_const(i1, 0, 0.0)?;
    let (lb, step) = (x.const_index(0)?, x.const_index(1)?);
    let mut arg_types: SmallVec<[Type; 5]> = SmallVec::from_elem(index, 1);
    arg_types.extend(std::iter::repeat_n(i1, r));
    let rank = int(r);
    let body = x.region("scf.yield", &arg_types, |x, args| {
        let a = x.one("tensor.extract", &[axes, args[0]], aelem, &[])?;
        let i = if aelem == index {
            a
        } else {
            x.one("arith.index_cast", &[a], index, &[])?
        };
        let (low, high, zero) = (
            x.const_index(-rank)?,
            x.const_index(rank)?,
            x.const_index(0)?,
        );
        // sge -r, slt r.
        let above = x.cmpi(5, i, low)?;
        let below = x.cmpi(2, i, high)?;
        let ok = x.bin("arith.andi", above, below)?;
        x.assert(
            ok,
            &format!(
                "has an axis (an element of operand #1) outside [-{r}, {r}), the rank of \
                 operand #0"
            ),
        )?;
        let negative = x.cmpi(2, i, zero)?;
        let shifted = x.bin("arith.addi", i, high)?;
        let d = x.select(negative, shifted, i)?;
        let mut twice = x.scalar_const(i1, 0, 0.0)?;
        let mut out: SmallVec<[Value; 1]> = SmallVec::new();
        for (k, &marked) in args[1..].iter().enumerate() {
            let kv = x.const_index(int(k))?;
            let is = x.cmpi(0, d, kv)?;
            let again = x.bin("arith.andi", marked, is)?;
            twice = x.bin("arith.ori", twice, again)?;
            out.push(x.bin("arith.ori", marked, is)?);
        }
        let yes = x.scalar_const(i1, 1, 0.0)?;
        let once = x.bin("arith.xori", twice, yes)?;
        x.assert(once, "lists a dim twice in operand #1")?;
        Ok(out)
    })?;
    let mut operands: SmallVec<[Value; 8]> = SmallVec::new();
    operands.extend([lb, len, step]);
    operands.extend(std::iter::repeat_n(no, r));
    let results: SmallVec<[Type; 4]> = SmallVec::from_elem(i1, r);
    let l = x.create("scf.for", &operands, &results, &[], &[body])?;
    Ok(x.b.module.results(l).collect())
}

/// tensor-run's check of a `max` or `min` reduction without an init value: a
/// marked dim of size 0 has no identity unless the result is empty too (an
/// unmarked dim of size 0). Asserted unless no dim can be 0.
fn check_not_empty(
    x: &mut Exporter<'_>,
    src: &[i64],
    flags: &[Value],
    sizes: &[Value],
    kind: &str,
) -> XResult<()> {
    if !src.iter().any(|&n| n == 0 || n == DYNAMIC) {
        return Ok(());
    }
    let i1 = x.b.ctx.i(1);
    let mut empty_reduced = x.scalar_const(i1, 0, 0.0)?;
    let yes = x.scalar_const(i1, 1, 0.0)?;
    let mut some_out = yes;
    let zero = x.const_index(0)?;
    for (d, &n) in src.iter().enumerate() {
        if n != 0 && n != DYNAMIC {
            continue;
        }
        let is_zero = x.cmpi(0, sizes[d], zero)?;
        let empty = x.bin("arith.andi", flags[d], is_zero)?;
        empty_reduced = x.bin("arith.ori", empty_reduced, empty)?;
        let nonzero = x.bin("arith.xori", is_zero, yes)?;
        let counts = x.bin("arith.ori", flags[d], nonzero)?;
        some_out = x.bin("arith.andi", some_out, counts)?;
    }
    let bad = x.bin("arith.andi", empty_reduced, some_out)?;
    let ok = x.bin("arith.xori", bad, yes)?;
    x.assert(
        ok,
        &format!("reduces an empty dim with '{kind}', which has no identity"),
    )
}

/// `scf.if flag`: `acc` reduced over dim `d`, kept as a size 1, else `acc`; both
/// of `acc`'s all-`?` type.
fn reduce_if(
    x: &mut Exporter<'_>,
    acc: Value,
    d: usize,
    flag: Value,
    how: &Reduction,
) -> XResult<Value> {
    let ty = x.b.module.value_type(acc);
    let r = x.ranked(acc)?.0.len();
    let then = x.region("scf.yield", &[], |x, _| {
        let kept: SmallVec<[usize; 4]> = (0..r).filter(|&k| k != d).collect();
        let mut sizes: SmallVec<[Value; 4]> = SmallVec::new();
        for &k in &kept {
            sizes.push(x.dim(acc, k)?);
        }
        let red_dims: SmallVec<[i64; 4]> = SmallVec::from_elem(DYNAMIC, kept.len());
        let red_ty = x.b.ctx.tensor_type(&red_dims, how.elem);
        let start = x.scalar_const(how.elem, how.identity.0, how.identity.1)?;
        let init = filled(x, red_ty, &sizes, start)?;
        let combine = how.combine;
        let region = x.body(&[how.elem, how.elem], |x, a| {
            Ok(SmallVec::from_elem(x.bin(combine, a[0], a[1])?, 1))
        })?;
        let dims = x.i64_array(&[int(d)]);
        let red = x.create(
            "linalg.reduce",
            &[acc, init],
            &[red_ty],
            &[("dimensions", dims)],
            &[region],
        )?;
        let reduced = x.b.module.result(red, 0);
        let mut one_dims: SmallVec<[i64; 4]> = SmallVec::from_elem(DYNAMIC, r);
        one_dims[d] = 1;
        let one_ty = x.b.ctx.tensor_type(&one_dims, how.elem);
        let one = x.const_index(1)?;
        sizes.insert(d, one);
        let expanded = x.expand(reduced, &kept_groups(r, &kept), one_ty, &sizes)?;
        Ok(SmallVec::from_elem(x.cast_to(expanded, ty)?, 1))
    })?;
    let other = x.region("scf.yield", &[], |_, _| Ok(SmallVec::from_elem(acc, 1)))?;
    let op = x.create("scf.if", &[flag], &[ty], &[], &[then, other])?;
    Ok(x.b.module.result(op, 0))
}

/// The init value `v` (0-D) combined with each element of `acc`, as the left
/// operand: `linalg.map`.
fn combine_init(x: &mut Exporter<'_>, acc: Value, v: Value, how: &Reduction) -> XResult<Value> {
    let ty = x.b.module.value_type(acc);
    let start = x.one("tensor.extract", &[v], how.elem, &[])?;
    let sizes = x.dims(acc)?;
    let out = x.empty(ty, &sizes)?;
    let combine = how.combine;
    let region = x.body(&[how.elem, how.elem], |x, a| {
        Ok(SmallVec::from_elem(x.bin(combine, start, a[0])?, 1))
    })?;
    let map = x.create("linalg.map", &[acc, out], &[ty], &[], &[region])?;
    Ok(x.b.module.result(map, 0))
}

/// `acc` (each marked dim reduced to 1) as the result: `tensor.reshape` to its
/// own sizes (a marked dim's 1, else the operand's), which a `tensor.cast` would
/// be but for the buffer: `acc` may be the function's argument, of a strided
/// layout, and `tensor.reshape` gives the identity layout. Without it, a later
/// `tensor.reshape` of a result with a static 1 fails to bufferize in LLVM 22
/// ('memref.alloc' op incorrect number of dynamic sizes).
fn keep_marked(
    x: &mut Exporter<'_>,
    acc: Value,
    flags: &[Value],
    sizes: &[Value],
    result: Type,
) -> XResult<Value> {
    let one = x.const_index(1)?;
    let mut entries: SmallVec<[Value; 4]> = SmallVec::new();
    for (&flag, &size) in flags.iter().zip(sizes) {
        entries.push(x.select(flag, one, size)?);
    }
    let shape = x.shape_value(entries)?;
    let ty = x.b.module.value_type(acc);
    let reshaped = x.one("tensor.reshape", &[acc, shape], ty, &[])?;
    x.cast_to(reshaped, result)
}

/// `acc` (the operand's rank, each marked dim reduced to 1) without its marked
/// dims: the sizes `sizes` of the unmarked ones packed in order into a shape,
/// then `tensor.reshape` to the result type (asserting its rank unless the number
/// of axes is static, `axes_static`).
fn drop_marked(
    x: &mut Exporter<'_>,
    acc: Value,
    flags: &[Value],
    sizes: &[Value],
    result: Type,
    axes_static: bool,
) -> XResult<Value> {
    let r = flags.len();
    let index = x.index_type();
    let shape_ty = x.b.ctx.tensor_type(&[int(r)], index);
    let one = x.const_index(1)?;
    let zero = x.const_index(0)?;
    let ones: SmallVec<[Value; 4]> = SmallVec::from_elem(one, r);
    let mut shape = x.one("tensor.from_elements", &ones, shape_ty, &[])?;
    // The number of unmarked dims before dim d: where its size goes.
    let mut at = zero;
    for (d, &flag) in flags.iter().enumerate() {
        let before = shape;
        let same = x.region("scf.yield", &[], |_, _| Ok(SmallVec::from_elem(before, 1)))?;
        let put = x.region("scf.yield", &[], |x, _| {
            let s = x.one("tensor.insert", &[sizes[d], before, at], shape_ty, &[])?;
            Ok(SmallVec::from_elem(s, 1))
        })?;
        let op = x.create("scf.if", &[flag], &[shape_ty], &[], &[same, put])?;
        shape = x.b.module.result(op, 0);
        let step = x.select(flag, zero, one)?;
        at = x.bin("arith.addi", at, step)?;
    }
    let elem = x.ranked(acc)?.1;
    let (segments, sizes_attr, operands, shape_len, out_ty) = match x.b.ctx.type_kind(result) {
        TypeKind::Tensor { dims, .. } => {
            let m = dims.len();
            let want = x.const_index(int(m))?;
            // With a static number of axes the verifier has matched the rank.
            if !axes_static {
                let ok = x.cmpi(0, at, want)?;
                x.assert(
                    ok,
                    &format!(
                        "reduces a number of dims other than {}, which its result's rank {m} \
                         implies, at run time",
                        r.saturating_sub(m)
                    ),
                )?;
            }
            let all: SmallVec<[i64; 4]> = SmallVec::from_elem(DYNAMIC, m);
            let ty = x.b.ctx.tensor_type(&all, elem);
            (
                [1, 0, 0, 0],
                int(m),
                SmallVec::<[Value; 2]>::from_elem(shape, 1),
                int(m),
                ty,
            )
        }
        _ => {
            let mut operands = SmallVec::<[Value; 2]>::from_elem(shape, 1);
            operands.push(at);
            ([1, 0, 1, 0], DYNAMIC, operands, DYNAMIC, result)
        }
    };
    let segments = x.b.ctx.i32_array_attr(&segments);
    let props = [
        ("operandSegmentSizes", segments),
        ("static_offsets", x.i64_array(&[0])),
        ("static_sizes", x.i64_array(&[sizes_attr])),
        ("static_strides", x.i64_array(&[1])),
    ];
    let slice_ty = x.b.ctx.tensor_type(&[shape_len], index);
    let packed = x.one("tensor.extract_slice", &operands, slice_ty, &props)?;
    let reshaped = x.one("tensor.reshape", &[acc, packed], out_ty, &[])?;
    x.cast_to(reshaped, result)
}
