//! Rank specialisation: ops on unranked tensors (`tensor<*xf32>`) and shapes of
//! unknown length (`tensor<?xindex>`), which upstream linalg cannot take.
//!
//! As MHLO's rank specialisation does, the rank is made static where the value
//! becomes ranked: an op whose rank is known only at run time becomes an
//! `scf.index_switch` on it (`tensor.rank`, or `tensor.dim` of a shape), with one
//! case per rank from 0 to the pass option (`--convert-nd-to-upstream=<n>`, [`DEFAULT_MAX_RANK`]). In
//! case `r` the operands are cast (`tensor.cast`) to rank `r`, with every dim `?`,
//! and the op is exported as a ranked op; its results are cast back to the op's
//! types. A rank outside the cases fails at run time (`cf.assert`, at the op's
//! location, naming the limit). A rank that a case cannot take (a reduced dim past
//! it, say) fails at run time there, with the export's reason.
//!
//! Where the rank is known statically after all (the operand is a `tensor.cast`
//! of a ranked tensor this export built), there is no switch: refine.mlir's
//! program, whose `*` results come from ranked ops, exports without one.
//!
//! An operand of lower rank than the case (the operand of `nd.broadcast_to`, a
//! shape of `nd.broadcast_shapes` when several have unknown lengths) is padded on
//! the left with 1s: `tensor.reshape` for a tensor, the entries for a shape; both
//! leave NumPy's broadcast unchanged.

use smallvec::SmallVec;
use tensor_dialect_nd::broadcast::{AssignOp, BroadcastInDimOp, BroadcastOp, BroadcastToOp};
use tensor_dialect_nd::constant::ConstantOp;
use tensor_dialect_nd::reduce::{MatmulOp, ReduceOp};
use tensor_dialect_nd::shape::{BroadcastShapesOp, DimOp, ShapeConcatOp, ShapeOfOp, ShapeSliceOp};
use tensor_ir::builder::InsertionPoint;
use tensor_ir::module::ValueMap;
use tensor_ir::{DYNAMIC, OpId, Type, TypeKind, Value, ValueDef};

use crate::emit::{Exporter, XResult};
use crate::shapes::Results;

/// The default highest rank: the cases go up to rank 8 (MHLO's rank
/// specialisation goes to 8 as well).
pub const DEFAULT_MAX_RANK: usize = 8;

/// The largest highest rank accepted: each switch has one case per rank.
pub const MAX_MAX_RANK: usize = 16;

/// An op's export, as attached in the interface table.
pub type ExportFn = fn(&mut Exporter<'_>, OpId) -> XResult<Results>;

/// Whether `v` is an unranked tensor.
fn is_unranked(x: &Exporter<'_>, v: Value) -> bool {
    let ty = x.b.module.value_type(v);
    matches!(x.b.ctx.type_kind(ty), TypeKind::UnrankedTensor { .. })
}

/// Whether `ty` is a shape of unknown length (`tensor<?xindex>`).
fn is_unknown_shape_type(x: &Exporter<'_>, ty: Type) -> bool {
    match x.b.ctx.type_kind(ty) {
        TypeKind::Tensor { dims, elem, .. } => {
            dims.len() == 1
                && dims[0] == DYNAMIC
                && matches!(x.b.ctx.type_kind(*elem), TypeKind::Index)
        }
        _ => false,
    }
}

/// The ops that take or give shapes: their `tensor<?xindex>` operands (those at
/// `shape_operands`) and results are shapes of unknown length.
fn shape_operands(name: &str) -> std::ops::Range<usize> {
    match name {
        BroadcastShapesOp::NAME | ShapeSliceOp::NAME | ShapeConcatOp::NAME => 0..usize::MAX,
        BroadcastToOp::NAME | BroadcastInDimOp::NAME => 1..2,
        _ => 0..0,
    }
}

/// Whether the op has an unranked tensor or a shape of unknown length among its
/// operands and results, and so needs rank specialisation.
pub fn involved(x: &Exporter<'_>, op: OpId) -> bool {
    let name = x.b.ctx.str(x.b.module.op(op).name());
    let shapes = shape_operands(name);
    let result_is_shape = matches!(
        name,
        BroadcastShapesOp::NAME | ShapeSliceOp::NAME | ShapeConcatOp::NAME | ShapeOfOp::NAME
    );
    let operands = x.b.module.operands(op);
    operands.iter().enumerate().any(|(i, &v)| {
        is_unranked(x, v)
            || (shapes.contains(&i) && is_unknown_shape_type(x, x.b.module.value_type(v)))
    }) || x.b.module.results(op).any(|v| {
        is_unranked(x, v) || (result_is_shape && is_unknown_shape_type(x, x.b.module.value_type(v)))
    })
}

/// `v`, or the ranked tensor it is a `tensor.cast` of (built by this export), whose
/// rank is then known statically.
fn look_through(x: &Exporter<'_>, v: Value) -> Value {
    if let ValueDef::Result { op, .. } = x.b.module.value(v).def()
        && x.b.ctx.str(x.b.module.op(op).name()) == "tensor.cast"
        && let Some(&source) = x.b.module.operands(op).first()
        && matches!(
            x.b.ctx.type_kind(x.b.module.value_type(source)),
            TypeKind::Tensor { .. }
        )
    {
        return source;
    }
    v
}

/// The static rank of a tensor (`None` if unranked), or length of a shape (`None`
/// if unknown).
fn static_rank(x: &Exporter<'_>, v: Value, shape: bool) -> Option<usize> {
    match x.b.ctx.type_kind(x.b.module.value_type(v)) {
        TypeKind::Tensor { dims, .. } if shape => {
            dims.first().and_then(|&n| usize::try_from(n).ok())
        }
        TypeKind::Tensor { dims, .. } => Some(dims.len()),
        _ => None,
    }
}

/// The element type of a tensor, ranked or not.
fn elem_of(x: &Exporter<'_>, v: Value) -> XResult<Type> {
    let ty = x.b.module.value_type(v);
    match x.b.ctx.type_kind(ty) {
        TypeKind::Tensor { elem, .. } | TypeKind::UnrankedTensor { elem } => Ok(*elem),
        _ => Err(x.error(format!(
            "cannot be exported: '{}' is not a tensor",
            x.b.ctx.ty(ty)
        ))),
    }
}

/// `tensor<?x...x?xT>` of rank `r`.
fn dynamic_type(x: &mut Exporter<'_>, r: usize, elem: Type) -> Type {
    let dims: SmallVec<[i64; 4]> = SmallVec::from_elem(DYNAMIC, r);
    x.b.ctx.tensor_type(&dims, elem)
}

/// `tensor<r x index>`.
fn shape_type(x: &mut Exporter<'_>, r: usize) -> Type {
    let index = x.index_type();
    x.b.ctx
        .tensor_type(&[i64::try_from(r).unwrap_or(i64::MAX)], index)
}

/// What the cases dispatch on.
enum Rank {
    /// Known statically.
    Static(usize),
    /// An `index` value known at run time, and what it is (for the message).
    Dynamic(Value, String),
}

/// The rank of tensor `v` (`tensor.rank` if unranked), `what` naming it.
fn rank_of(x: &mut Exporter<'_>, v: Value, what: String) -> XResult<Rank> {
    if let Some(r) = static_rank(x, v, false) {
        return Ok(Rank::Static(r));
    }
    let index = x.index_type();
    Ok(Rank::Dynamic(
        x.helper("tensor.rank", &[v], index, &[])?,
        what,
    ))
}

/// The length of shape `v` (`tensor.dim` if unknown), `what` naming it.
fn length_of(x: &mut Exporter<'_>, v: Value, what: String) -> XResult<Rank> {
    if let Some(r) = static_rank(x, v, true) {
        return Ok(Rank::Static(r));
    }
    let zero = x.const_index(0)?;
    let index = x.index_type();
    Ok(Rank::Dynamic(
        x.helper("tensor.dim", &[v, zero], index, &[])?,
        what,
    ))
}

/// One case: the operands of the ranked op and its result types, for rank `r`,
/// built at the insertion point.
type Case = (SmallVec<[Value; 4]>, SmallVec<[Type; 2]>);

/// The export of `op` (whose rank is known only at run time) by rank
/// specialisation, `export` being its ranked export.
pub fn export(x: &mut Exporter<'_>, op: OpId, export: ExportFn) -> XResult<Results> {
    let name = x.b.ctx.str(x.b.module.op(op).name()).to_owned();
    let operands: SmallVec<[Value; 4]> =
        x.b.module
            .operands(op)
            .iter()
            .map(|&v| look_through(x, v))
            .collect();
    match name.as_str() {
        AssignOp::NAME | BroadcastOp::NAME => pass_through(x, op),
        // Its operand is ranked; an unranked result is built by its own export.
        tensor_dialect_nd::dynamic_reduce::DynamicReduceOp::NAME => export(x, op),
        BroadcastToOp::NAME | BroadcastInDimOp::NAME => broadcast(x, op, export, &name, &operands),
        BroadcastShapesOp::NAME | ShapeSliceOp::NAME | ShapeConcatOp::NAME => {
            shapes(x, op, export, &name, &operands)
        }
        MatmulOp::NAME | ReduceOp::NAME
            if operands.iter().filter(|&&v| is_unranked(x, v)).count() > 1 =>
        {
            Err(x.error(
                "cannot be exported: more than one unranked operand (rank specialisation \
                 dispatches on one rank)",
            ))
        }
        _ => same_rank(x, op, export, &name, &operands),
    }
}

/// `nd.assign` and a lowered `nd.broadcast`: each source already has its result's
/// shape, so a cast is the export whatever the rank.
fn pass_through(x: &mut Exporter<'_>, op: OpId) -> XResult<Results> {
    let operands: SmallVec<[Value; 3]> = x.b.module.operands(op).iter().copied().collect();
    let results: SmallVec<[Value; 3]> = x.b.module.results(op).collect();
    let sources: &[Value] = if x.b.ctx.str(x.b.module.op(op).name()) == AssignOp::NAME {
        &operands[1..]
    } else {
        &operands
    };
    let mut out = SmallVec::new();
    for (&v, &r) in sources.iter().zip(&results) {
        let ty = x.b.module.value_type(r);
        out.push(x.cast_to(v, ty)?);
    }
    Ok(out)
}

/// Ops whose unranked operands all have one rank, dispatched on (elementwise ops,
/// whose operands have one shape once lowered), or one unranked operand
/// (`nd.reduce`, `nd.matmul`, `nd.shape_of`, `nd.dim`).
fn same_rank(
    x: &mut Exporter<'_>,
    op: OpId,
    export: ExportFn,
    name: &str,
    operands: &[Value],
) -> XResult<Results> {
    let elementwise = !matches!(
        name,
        ReduceOp::NAME | MatmulOp::NAME | ShapeOfOp::NAME | DimOp::NAME | ConstantOp::NAME
    );
    // The rank: of a ranked operand if an elementwise op has one, else of the
    // (first) unranked operand.
    let ranked = operands
        .iter()
        .position(|&v| !is_unranked(x, v))
        .filter(|_| elementwise);
    let unranked = operands.iter().position(|&v| is_unranked(x, v));
    // Else the first operand: `nd.shape_of` of a cast whose source is ranked.
    let Some(k) = ranked.or(unranked).or((!operands.is_empty()).then_some(0)) else {
        return Err(x.error("cannot be exported: an unranked result without operands"));
    };
    let rank = rank_of(x, operands[k], format!("the rank of operand #{k}"))?;
    let model = ranked.map(|k| x.b.module.value_type(operands[k]));
    let results: SmallVec<[Value; 2]> = x.b.module.results(op).collect();
    let reduce_dims = x.i64s(tensor_dialect_nd::reduce::ReduceOp::DIMENSIONS);
    let keep_dims = x
        .attr(tensor_dialect_nd::reduce::ReduceOp::KEEP_DIMS)
        .is_some();
    let case = |x: &mut Exporter<'_>, r: usize| -> XResult<Case> {
        let mut new: SmallVec<[Value; 4]> = SmallVec::new();
        for &v in operands {
            if is_unranked(x, v) {
                let ranked = to_rank(x, v, r)?;
                new.push(match model {
                    Some(m) => {
                        let elem = elem_of(x, v)?;
                        let (dims, _) = x.ranked_type(m)?;
                        let ty = x.b.ctx.tensor_type(&dims, elem);
                        x.cast_to(ranked, ty)?
                    }
                    None => ranked,
                });
            } else {
                new.push(v);
            }
        }
        let mut types: SmallVec<[Type; 2]> = SmallVec::new();
        for &v in &results {
            let ty = x.b.module.value_type(v);
            if !is_unranked(x, v) {
                types.push(if name == ShapeOfOp::NAME {
                    shape_type(x, r)
                } else {
                    ty
                });
                continue;
            }
            let elem = elem_of(x, v)?;
            let rank = match name {
                ReduceOp::NAME if keep_dims => r,
                ReduceOp::NAME => r.saturating_sub(reduce_dims.len()),
                MatmulOp::NAME => matmul_rank(x, &new)?,
                _ => r,
            };
            types.push(match model {
                Some(m) if elementwise => {
                    let (dims, _) = x.ranked_type(m)?;
                    x.b.ctx.tensor_type(&dims, elem)
                }
                _ => dynamic_type(x, rank, elem),
            });
        }
        Ok((new, types))
    };
    specialise(x, op, export, rank, 0, case)
}

/// The result rank of `nd.matmul` on operands of these (ranked) types: NumPy's.
fn matmul_rank(x: &Exporter<'_>, operands: &[Value]) -> XResult<usize> {
    let (a, b) = match operands {
        [a, b] => (
            static_rank(x, *a, false).unwrap_or(0),
            static_rank(x, *b, false).unwrap_or(0),
        ),
        _ => return Err(x.error("cannot be exported: matmul takes two operands")),
    };
    Ok(match (a, b) {
        (1, 1) => 0,
        (1, n) | (n, 1) => n - 1,
        (a, b) => a.max(b),
    })
}

/// `nd.broadcast_to` and `nd.broadcast_in_dim`: the rank is the result's (static,
/// or the shape operand's length); an unranked operand of `broadcast_to` is padded
/// to it, one of `broadcast_in_dim` has the rank its dims list.
fn broadcast(
    x: &mut Exporter<'_>,
    op: OpId,
    export: ExportFn,
    name: &str,
    operands: &[Value],
) -> XResult<Results> {
    let result = x.b.module.result(op, 0);
    let shape = operands.get(1).copied();
    let rank = match (static_rank(x, result, false), shape) {
        (Some(r), _) => Rank::Static(r),
        (None, Some(s)) => length_of(x, s, "the length of shape operand #1".to_owned())?,
        (None, None) => Rank::Static(
            x.i64s(tensor_dialect_nd::broadcast::BroadcastToOp::SHAPE)
                .len(),
        ),
    };
    let result_ty = x.b.module.value_type(result);
    let in_dim = name == BroadcastInDimOp::NAME;
    let operand_rank = x.i64s(tensor_dialect_nd::BROADCAST_DIMENSIONS).len();
    let source = operands[0];
    let source_rank = if is_unranked(x, source) {
        let index = x.index_type();
        Some(x.helper("tensor.rank", &[source], index, &[])?)
    } else {
        None
    };
    let case = |x: &mut Exporter<'_>, r: usize| -> XResult<Case> {
        let elem = elem_of(x, source)?;
        let mut new: SmallVec<[Value; 4]> = SmallVec::new();
        new.push(match source_rank {
            Some(_) if in_dim => to_rank(x, source, operand_rank)?,
            Some(s) => pad_tensor(x, source, s, r)?,
            None => source,
        });
        if let Some(s) = shape {
            let ty = shape_type(x, r);
            new.push(x.cast_to(s, ty)?);
        }
        let ty = if is_unranked(x, result) {
            dynamic_type(x, r, elem)
        } else {
            result_ty
        };
        Ok((new, SmallVec::from_elem(ty, 1)))
    };
    specialise(x, op, export, rank, 0, case)
}

/// The shape ops (`nd.broadcast_shapes`, `nd.shape_slice`, `nd.shape_concat`)
/// with shapes of unknown length: one such operand is dispatched on; several (in
/// `nd.broadcast_shapes` without `broadcast_dimensions`) are padded to the longest
/// (the first, for the in-place policy), which broadcasting does not change.
fn shapes(
    x: &mut Exporter<'_>,
    op: OpId,
    export: ExportFn,
    name: &str,
    operands: &[Value],
) -> XResult<Results> {
    let unknown: SmallVec<[usize; 4]> = (0..operands.len())
        .filter(|&k| static_rank(x, operands[k], true).is_none())
        .collect();
    let results: SmallVec<[Value; 2]> = x.b.module.results(op).collect();
    let result_types = |x: &mut Exporter<'_>, len: Option<usize>| -> SmallVec<[Type; 2]> {
        results
            .iter()
            .map(|&v| {
                let ty = x.b.module.value_type(v);
                match len {
                    Some(n) if is_unknown_shape_type(x, ty) => shape_type(x, n),
                    _ => ty,
                }
            })
            .collect()
    };
    match unknown.as_slice() {
        [] => {
            // Only the result's length is unknown: the ranked export knows it.
            let case = |x: &mut Exporter<'_>, _: usize| -> XResult<Case> {
                let types = result_types(x, None);
                Ok((operands.iter().copied().collect(), types))
            };
            specialise(x, op, export, Rank::Static(0), 0, case)
        }
        &[k] => {
            let rank = length_of(x, operands[k], format!("the length of shape operand #{k}"))?;
            let case = |x: &mut Exporter<'_>, r: usize| -> XResult<Case> {
                let mut new: SmallVec<[Value; 4]> = operands.iter().copied().collect();
                let ty = shape_type(x, r);
                new[k] = x.cast_to(operands[k], ty)?;
                Ok((new, result_types(x, None)))
            };
            specialise(x, op, export, rank, 0, case)
        }
        _ if name == BroadcastShapesOp::NAME
            && x.attr(tensor_dialect_nd::BROADCAST_DIMENSIONS).is_none() =>
        {
            let in_place = x
                .string(tensor_dialect_nd::shape::BroadcastShapesOp::POLICY)
                .as_deref()
                == Some("in_place");
            let mut lengths: SmallVec<[Value; 4]> = SmallVec::new();
            for &v in operands {
                lengths.push(match length_of(x, v, String::new())? {
                    Rank::Static(n) => x.const_index(i64::try_from(n).unwrap_or(i64::MAX))?,
                    Rank::Dynamic(n, _) => n,
                });
            }
            let (longest, what) = if in_place {
                (lengths[0], "the length of shape operand #0".to_owned())
            } else {
                let mut m = lengths[0];
                for &l in &lengths[1..] {
                    m = x.bin("arith.maxui", m, l)?;
                }
                (m, "the longest length of the shape operands".to_owned())
            };
            let padded: SmallVec<[bool; 4]> = (0..operands.len())
                .map(|k| unknown.contains(&k) && !(in_place && k == 0))
                .collect();
            let case = |x: &mut Exporter<'_>, r: usize| -> XResult<Case> {
                let mut new: SmallVec<[Value; 4]> = SmallVec::new();
                for (k, &v) in operands.iter().enumerate() {
                    new.push(if !unknown.contains(&k) {
                        v
                    } else if padded[k] {
                        pad_shape(x, k, v, lengths[k], r)?
                    } else {
                        let ty = shape_type(x, r);
                        x.cast_to(v, ty)?
                    });
                }
                Ok((new, result_types(x, None)))
            };
            x.padded = padded.clone();
            let out = specialise(x, op, export, Rank::Dynamic(longest, what), 0, case);
            x.padded.clear();
            out
        }
        _ => Err(x.error(
            "cannot be exported: more than one shape of unknown length (rank specialisation \
             pads them only for nd.broadcast_shapes without broadcast_dimensions)",
        )),
    }
}

/// Asserts `length <= r`, where `length` is the run-time rank or length of operand
/// `what`.
fn assert_at_most(x: &mut Exporter<'_>, length: Value, r: usize, what: &str) -> XResult<()> {
    let rv = x.const_index(i64::try_from(r).unwrap_or(i64::MAX))?;
    // Predicate 7: ule.
    let ok = x.cmpi(7, length, rv)?;
    x.assert(
        ok,
        &format!("rank specialisation: {what} has more dims than the result's {r}"),
    )
}

/// The `r` entries of a shape whose `len` entries are `entry(j)`, padded on the
/// left with 1s (after asserting `len <= r`): `scf.if` per entry, so that no entry
/// is read out of range.
fn padded_entries(
    x: &mut Exporter<'_>,
    len: Value,
    r: usize,
    what: &str,
    entry: impl Fn(&mut Exporter<'_>, Value) -> XResult<Value>,
) -> XResult<SmallVec<[Value; 4]>> {
    assert_at_most(x, len, r, what)?;
    let mut out = SmallVec::new();
    if r == 0 {
        return Ok(out);
    }
    let rv = x.const_index(i64::try_from(r).unwrap_or(i64::MAX))?;
    let missing = x.bin("arith.subi", rv, len)?;
    let zero = x.const_index(0)?;
    let index = x.index_type();
    for i in 0..r {
        let iv = x.const_index(i64::try_from(i).unwrap_or(i64::MAX))?;
        let j = x.bin("arith.subi", iv, missing)?;
        // Predicate 5: sge.
        let present = x.cmpi(5, j, zero)?;
        let then = x.region("scf.yield", &[], |x, _| {
            Ok(SmallVec::from_elem(entry(x, j)?, 1))
        })?;
        let otherwise = x.region("scf.yield", &[], |x, _| {
            Ok(SmallVec::from_elem(x.const_index(1)?, 1))
        })?;
        let op = x.create("scf.if", &[present], &[index], &[], &[then, otherwise])?;
        out.push(x.b.module.result(op, 0));
    }
    Ok(out)
}

/// The unranked tensor `v`, of rank `r` at run time, as a `tensor<?x...x?xT>`:
/// `tensor.reshape` to its own sizes rather than `tensor.cast`, so that its buffer
/// has the identity layout (a cast's has fully dynamic strides, on which
/// `memref.expand_shape` fails in `expand-strided-metadata`, LLVM 22).
fn to_rank(x: &mut Exporter<'_>, v: Value, r: usize) -> XResult<Value> {
    let index = x.index_type();
    let mut entries = SmallVec::new();
    for i in 0..r {
        let c = x.const_index(i64::try_from(i).unwrap_or(i64::MAX))?;
        entries.push(x.one("tensor.dim", &[v, c], index, &[])?);
    }
    let shape = x.shape_value(entries)?;
    let elem = elem_of(x, v)?;
    let ty = dynamic_type(x, r, elem);
    x.one("tensor.reshape", &[v, shape], ty, &[])
}

/// The unranked tensor `v` (of run-time rank `rank`) as a tensor of rank `r`: its
/// shape padded on the left with 1s, by `tensor.reshape`.
fn pad_tensor(x: &mut Exporter<'_>, v: Value, rank: Value, r: usize) -> XResult<Value> {
    let index = x.index_type();
    let entries = padded_entries(x, rank, r, "operand #0", |x, j| {
        x.one("tensor.dim", &[v, j], index, &[])
    })?;
    let shape = x.shape_value(entries)?;
    let elem = elem_of(x, v)?;
    let ty = dynamic_type(x, r, elem);
    x.one("tensor.reshape", &[v, shape], ty, &[])
}

/// The shape `v` (operand #k) of unknown length `len` as a shape of length `r`,
/// padded on the left with 1s.
fn pad_shape(x: &mut Exporter<'_>, k: usize, v: Value, len: Value, r: usize) -> XResult<Value> {
    let index = x.index_type();
    let what = format!("shape operand #{k}");
    let entries = padded_entries(x, len, r, &what, |x, j| {
        x.one("tensor.extract", &[v, j], index, &[])
    })?;
    x.shape_value(entries)
}

/// Exports `op` for each rank: statically if known, else an `scf.index_switch`
/// over ranks `lo..=max_rank`, each case built by `case` and exported by `export`
/// on a ranked copy of the op, a rank outside them failing at run time.
fn specialise(
    x: &mut Exporter<'_>,
    op: OpId,
    export: ExportFn,
    rank: Rank,
    lo: usize,
    mut case: impl FnMut(&mut Exporter<'_>, usize) -> XResult<Case>,
) -> XResult<Results> {
    let types = x.b.module.result_types(op);
    let (value, what) = match rank {
        Rank::Static(r) => {
            let values = ranked_copy(x, op, export, &mut case, r)?;
            return cast_all(x, &values, &types);
        }
        Rank::Dynamic(v, what) => (v, what),
    };
    let hi = x.max_rank;
    let before = x.b.insertion_point();
    let default = x.region("scf.yield", &[], |x, _| {
        fail(
            x,
            &format!(
                "rank specialisation: {what} is not in {lo}..={hi}, the ranks exported \
                 (--convert-nd-to-upstream=<n>, now {hi})"
            ),
        )?;
        placeholders(x, &types)
    })?;
    let mut regions = vec![default];
    let mut cases = Vec::new();
    let mut first_error = None;
    let mut exported = 0usize;
    for r in lo..=hi {
        let mut error = None;
        let built = x.region("scf.yield", &[], |x, _| {
            match ranked_copy(x, op, export, &mut case, r) {
                Ok(values) => cast_all(x, &values, &types),
                Err(e) => {
                    error = Some(e);
                    Ok(SmallVec::new())
                }
            }
        })?;
        let region = match error {
            None => {
                exported += 1;
                built
            }
            // This rank cannot be exported: it fails at run time instead.
            Some(e) => {
                let blocks: Vec<_> = x.b.module.region(built).blocks().to_vec();
                for b in blocks {
                    // A block nothing branches to: erasing cannot be refused.
                    let _ = x.b.module.erase_block(b);
                }
                let message = strip_op(x, op, &e.message);
                first_error.get_or_insert(e);
                x.region("scf.yield", &[], |x, _| {
                    fail(
                        x,
                        &format!("rank specialisation: {what} is {r}, which the export cannot take: {message}"),
                    )?;
                    placeholders(x, &types)
                })?
            }
        };
        regions.push(region);
        cases.push(i64::try_from(r).unwrap_or(i64::MAX));
    }
    if exported == 0
        && let Some(e) = first_error
    {
        return Err(e);
    }
    if let Some(ip) = before {
        x.b.set_insertion_point(ip);
    }
    let cases = x.i64_array(&cases);
    let switch = x.create(
        "scf.index_switch",
        &[value],
        &types,
        &[("cases", cases)],
        &regions,
    )?;
    Ok(x.b.module.results(switch).collect())
}

/// `message` without its `'nd.x' op ` prefix.
fn strip_op(x: &Exporter<'_>, op: OpId, message: &str) -> String {
    let prefix = format!("'{}' op ", x.b.ctx.str(x.b.module.op(op).name()));
    let message = message.strip_prefix(&prefix).unwrap_or(message);
    message
        .strip_prefix("cannot be exported: ")
        .unwrap_or(message)
        .to_owned()
}

/// `cf.assert false, message`.
fn fail(x: &mut Exporter<'_>, message: &str) -> XResult<()> {
    let i1 = x.b.ctx.i(1);
    let no = x.scalar_const(i1, 0, 0.0)?;
    x.assert(no, message)
}

/// Values of `types` for a case that has failed (and never returns): empty
/// tensors, 0s.
fn placeholders(x: &mut Exporter<'_>, types: &[Type]) -> XResult<SmallVec<[Value; 1]>> {
    let mut out = SmallVec::new();
    for &ty in types {
        out.push(match x.b.ctx.type_kind(ty).clone() {
            TypeKind::UnrankedTensor { elem } => {
                let scalar = x.b.ctx.tensor_type(&[], elem);
                let e = x.empty(scalar, &[])?;
                x.cast_to(e, ty)?
            }
            TypeKind::Tensor { dims, .. } => {
                let zero = x.const_index(0)?;
                let sizes: SmallVec<[Value; 4]> = SmallVec::from_elem(zero, dims.len());
                x.empty(ty, &sizes)?
            }
            _ => x.scalar_const(ty, 0, 0.0)?,
        });
    }
    Ok(out)
}

/// Each of `values` cast to its type in `types`.
fn cast_all(
    x: &mut Exporter<'_>,
    values: &[Value],
    types: &[Type],
) -> XResult<SmallVec<[Value; 1]>> {
    values
        .iter()
        .zip(types)
        .map(|(&v, &ty)| x.cast_to(v, ty))
        .collect()
}

/// Builds case `r` at the insertion point: a copy of `op` on the case's ranked
/// operands and result types, exported by `export` (and erased).
fn ranked_copy(
    x: &mut Exporter<'_>,
    op: OpId,
    export: ExportFn,
    case: &mut impl FnMut(&mut Exporter<'_>, usize) -> XResult<Case>,
    r: usize,
) -> XResult<Results> {
    let (operands, types) = case(x, r)?;
    let mut map = ValueMap::default();
    let original: SmallVec<[Value; 4]> = x.b.module.operands(op).iter().copied().collect();
    for (&from, &to) in original.iter().zip(&operands) {
        map.map(from, to);
    }
    let copy = x.b.module.clone_op(op, &mut map);
    let results: SmallVec<[Value; 2]> = x.b.module.results(copy).collect();
    for (&v, &ty) in results.iter().zip(&types) {
        x.b.module.set_value_type(v, ty);
    }
    let at = x.b.insertion_point();
    x.b.insert(copy)
        .map_err(|e| x.error(format!("cannot be exported: {e}")))?;
    let (saved_op, saved_loc) = (x.op, x.loc);
    x.op = copy;
    x.b.set_insertion_point(InsertionPoint::Before(copy));
    let out = export(x, copy);
    x.op = saved_op;
    x.loc = saved_loc;
    // The copy's results are unused: the export's values stand for them.
    let _ = x.b.erase_op(copy);
    if let Some(ip) = at {
        // After the copy's export: `at` was the block's end.
        x.b.set_insertion_point(ip);
    }
    out
}
