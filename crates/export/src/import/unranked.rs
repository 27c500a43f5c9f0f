//! Unranked tensors: rank specialisation read back.
//!
//! The export makes an op on an unranked tensor (`tensor<*xf32>`) or a shape of
//! unknown length an `scf.index_switch` on the run-time rank, one case per rank
//! `0..=n`, each the ranked export of the op on its operands reshaped to that rank
//! (`crate::unranked`). Where the rank is known statically there is no switch:
//! the ranked export, operands padded by `tensor.reshape`.
//!
//! The import reads a switch as [`super::dynamic`] reads a ranked op: the switch
//! whose cases compute (a `linalg.map` with inputs) is the candidate's op, its
//! operands the values the cases reshape; the switches of `nd.shape_of`,
//! `nd.broadcast_shapes` and `nd.broadcast_to` are what the candidate's lowering
//! makes, so they are peeled off (the operand a broadcast's cases read). The
//! candidate is exported with the text's highest rank (its cases) and must be the
//! text, every case, default and assert included: a switch whose cases disagree
//! (hand-edited) matches no candidate and is an error at the switch.

use rustc_hash::FxHashMap;
use tensor_dialect_nd::reduce::{MatmulOp, ReduceOp};
use tensor_dialect_nd::shape::DimOp;
use tensor_ir::module::OpId;
use tensor_ir::{AttrKind, Type, TypeKind, Value};

use super::{IResult, Importer, Try};

impl Importer<'_> {
    /// The ops of case block `region` of `op` (its one block).
    fn case_ops(&self, op: OpId, region: usize) -> Vec<OpId> {
        let m = &*self.b.module;
        m.op(op)
            .regions()
            .get(region)
            .and_then(|&r| m.region(r).blocks().first().copied())
            .map(|b| m.block_ops(b).collect())
            .unwrap_or_default()
    }

    /// The op of a switch's cases that computes (the last `linalg.map` with
    /// inputs, `linalg.reduce` or matmul of the first case with one), or `None`
    /// for the switch of a shape op or a broadcast, which a candidate's lowering
    /// makes.
    fn computing(&self, op: OpId) -> Option<OpId> {
        let regions = self.b.module.op(op).regions().len();
        (1..regions).find_map(|k| {
            self.case_ops(op, k)
                .into_iter()
                .rev()
                .find(|&o| match self.name(o) {
                    "linalg.map" => self.b.module.operands(o).len() > 1,
                    "linalg.reduce" | "linalg.matmul" | "linalg.batch_matmul" => true,
                    _ => false,
                })
        })
    }

    /// The `tensor.dim` a case of a switch of `index` yields (`nd.dim` of an
    /// unranked tensor), if any.
    fn yielded_dim(&self, op: OpId) -> Option<OpId> {
        let m = &*self.b.module;
        let index = m.results(op).next().map(|r| m.value_type(r))?;
        if !matches!(self.b.ctx.type_kind(index), TypeKind::Index) {
            return None;
        }
        (1..m.op(op).regions().len()).find_map(|k| {
            let last = *self.case_ops(op, k).last()?;
            let d = self.def_op(*m.operands(last).first()?)?;
            (self.name(d) == "tensor.dim" && m.parent_op(d) == Some(op)).then_some(d)
        })
    }

    /// True if `v` is defined by an op directly in a case of `switch`.
    fn inside(&self, switch: OpId, v: Value) -> bool {
        self.def_op(v)
            .is_some_and(|d| self.b.module.parent_op(d) == Some(switch))
    }

    /// The nd ops (and properties) that `core` (the op of a case that computes)
    /// may be the export of, to try in order, and the case's values it reads.
    fn case_op(&mut self, core: OpId) -> IResult<(Vec<Try>, Vec<Value>)> {
        let operands: Vec<Value> = self.b.module.operands(core).to_vec();
        let name = self.name(core).to_owned();
        Ok(match name.as_str() {
            "linalg.map" => {
                let inputs = operands[..operands.len().saturating_sub(1)].to_vec();
                let (body, _) = self
                    .body(core)
                    .ok_or_else(|| self.error(core, "has no body"))?;
                (self.elementwise(&body, inputs.len()), inputs)
            }
            "linalg.reduce" => {
                let dims = self.i64s(core, "dimensions");
                let dims = self.b.ctx.i64_array_attr(&dims);
                let result = self.b.module.result(core, 0);
                let keep = self.only_user(result, "tensor.expand_shape").is_some();
                let unit = self.b.ctx.intern_attr(AttrKind::Unit);
                let mut tries = Vec::new();
                for kind in self.reduce_kinds(core) {
                    let mut props = vec![
                        (
                            tensor_dialect_nd::reduce::ReduceOp::KIND,
                            self.b.ctx.string_attr(kind),
                        ),
                        (tensor_dialect_nd::reduce::ReduceOp::DIMENSIONS, dims),
                    ];
                    if keep {
                        props.push((tensor_dialect_nd::reduce::ReduceOp::KEEP_DIMS, unit));
                    }
                    tries.push((ReduceOp::NAME, props));
                }
                (tries, operands.into_iter().take(1).collect())
            }
            "tensor.dim" => {
                let i = operands
                    .get(1)
                    .and_then(|&c| self.def_op(c))
                    .and_then(|c| self.int_prop(c, "value"))
                    .ok_or_else(|| self.error(core, "has no nd form: a dim not constant"))?;
                let i64t = self.b.ctx.i(64);
                let index = self.b.ctx.int_attr(i128::from(i), i64t);
                (
                    vec![(
                        DimOp::NAME,
                        vec![(tensor_dialect_nd::shape::DimOp::INDEX, index)],
                    )],
                    operands.into_iter().take(1).collect(),
                )
            }
            _ => (
                vec![(MatmulOp::NAME, Vec::new())],
                operands.into_iter().take(2).collect(),
            ),
        })
    }

    /// A top-level `scf.index_switch` (`r` its result): the rank specialisation of
    /// one `nd` op, rebuilt as a candidate if its cases compute; false (left for
    /// the candidate that reads it) if they do not.
    pub(super) fn switch(&mut self, op: OpId, r: Value) -> IResult<bool> {
        let cases = self.i64s(op, "cases");
        // The highest rank of the export, for the candidates from here on (those
        // of ranked ops read the switches of their shapes).
        self.max_rank = cases.len().saturating_sub(1);
        let Some(core) = self.computing(op).or_else(|| self.yielded_dim(op)) else {
            return Ok(false);
        };
        let regions = self.b.module.op(op).regions().len();
        let contiguous = cases
            .iter()
            .enumerate()
            .all(|(k, &c)| i64::try_from(k).is_ok_and(|k| k == c));
        if !contiguous || cases.len() + 1 != regions || self.b.module.results(op).count() != 1 {
            return Err(self.error(
                op,
                "has no nd form: a switch that is not rank specialisation (one result, cases \
                 0..=n and a default)",
            ));
        }
        let (tries, inputs) = self.case_op(core)?;
        // Each input as the case made it (reshaped, cast, collapsed, expanded)
        // from a value outside.
        let mut operands = Vec::with_capacity(inputs.len());
        for mut v in inputs {
            while self.inside(op, v) {
                let Some(d) = self.def_op(v).filter(|&d| {
                    matches!(
                        self.name(d),
                        "tensor.reshape"
                            | "tensor.cast"
                            | "tensor.collapse_shape"
                            | "tensor.expand_shape"
                    )
                }) else {
                    return Err(self.error(
                        op,
                        "has no nd form: a case whose op reads a value the case computes",
                    ));
                };
                v = self.operand(d, 0)?;
            }
            operands.push(v);
        }
        let ty = self.b.module.value_type(r);
        let nd = tries.first().map_or("", |t| t.0);
        for (name, props) in tries {
            if self.dynamic(op, r, name, &operands, props, ty).is_ok() {
                return Ok(true);
            }
        }
        Err(self.error(
            op,
            format!(
                "has no nd form here: rank specialisation whose cases are not the export \
                 of one '{nd}' (lowered as --lower-broadcast does) for ranks 0..={}",
                self.max_rank
            ),
        ))
    }

    /// The operand of the switch of a broadcast (`nd.broadcast_to` of an unranked
    /// operand or to a shape of unknown length) that defines `v`: the one tensor
    /// its cases read from outside that is not a shape.
    pub(super) fn switch_source(&self, v: Value) -> Option<Value> {
        let d = self.def_op(v)?;
        if self.name(d) != "scf.index_switch" || self.computing(d).is_some() {
            return None;
        }
        let m = &*self.b.module;
        let regions = m.op(d).regions().len();
        let mut source = None;
        for k in 1..regions {
            for o in self.case_ops(d, k) {
                for &x in m.operands(o) {
                    if self.inside(d, x) || self.is_shape_or_scalar(x) {
                        continue;
                    }
                    match source {
                        None => source = Some(x),
                        Some(s) if s == x => {}
                        Some(_) => return None,
                    }
                }
            }
        }
        source
    }

    /// True if `v` is not a tensor of values (an `index`, `i1`, a shape).
    fn is_shape_or_scalar(&self, v: Value) -> bool {
        let ctx = &*self.b.ctx;
        let ty = self.b.module.value_type(v);
        match ctx.type_kind(ty) {
            TypeKind::Tensor { elem, .. } => matches!(ctx.type_kind(*elem), TypeKind::Index),
            TypeKind::UnrankedTensor { .. } => false,
            _ => true,
        }
    }

    /// The unranked tensor that `v` is a `tensor.reshape` of (the export pads an
    /// unranked operand of a broadcast to a static rank so), else `v`.
    pub(super) fn reshaped_source(&self, v: Value) -> Value {
        self.def_op(v)
            .filter(|&d| self.name(d) == "tensor.reshape")
            .and_then(|d| self.b.module.operands(d).first().copied())
            .filter(|&s| {
                matches!(
                    self.b.ctx.type_kind(self.b.module.value_type(s)),
                    TypeKind::UnrankedTensor { .. }
                )
            })
            .unwrap_or(v)
    }
}

/// Unranked `nd` results whose rank the export knew (the operands were ranked
/// after all, as in `examples/refine.mlir`): it wrote the ranked op, cast to `*`,
/// and the ops after it read the ranked value, not the cast.
#[derive(Default)]
pub(super) struct Refined {
    /// The text's ranked value of each such `nd` value.
    ranked: FxHashMap<Value, Value>,
    /// The `nd` value each of those text values stands for.
    nd: FxHashMap<Value, Value>,
}

impl Importer<'_> {
    /// `*` of the element type of ranked `ty`, for a candidate whose result the
    /// export cast to it.
    pub(super) fn unranked_type(&mut self, ty: Type) -> Option<Type> {
        match self.b.ctx.type_kind(ty) {
            TypeKind::Tensor { elem, .. } => {
                let elem = *elem;
                Some(self.b.ctx.unranked_tensor_type(elem))
            }
            _ => None,
        }
    }

    /// The value a candidate's export gave, or what it casts to `*` if the text
    /// value `old` is ranked: the text's ops read the ranked value.
    pub(super) fn cast_source(&self, root: Value, old: Value) -> Value {
        let m = &*self.b.module;
        let unranked = |v: Value| {
            matches!(
                self.b.ctx.type_kind(m.value_type(v)),
                TypeKind::UnrankedTensor { .. }
            )
        };
        match self.def_op(root) {
            Some(c) if self.name(c) == "tensor.cast" && unranked(root) && !unranked(old) => {
                m.operands(c).first().copied().unwrap_or(root)
            }
            _ => root,
        }
    }

    /// After a candidate's `nd` result `nd` was accepted for the text's `old`
    /// through a cast (`root` is not its export): the text's casts of `old` to
    /// `nd`'s type are `nd`, and `old` stands for `nd` in later candidates.
    pub(super) fn accept_unranked(&mut self, nd: Value, root: Value, old: Value) {
        let m = &*self.b.module;
        let ty = m.value_type(nd);
        if m.value_type(root) == ty {
            return;
        }
        let casts: Vec<Value> = m
            .users(old)
            .iter()
            .filter(|&&u| self.name(u) == "tensor.cast")
            .filter_map(|&u| m.try_result(u, 0))
            .filter(|&r| m.value_type(r) == ty)
            .collect();
        for c in casts {
            self.b.replace_all_uses_with(c, nd);
        }
        self.refined.ranked.insert(nd, old);
        self.refined.nd.insert(old, nd);
    }

    /// The `nd` value the text value `v` stands for, or `v`.
    pub(super) fn stand_in(&self, v: Value) -> Value {
        self.refined.nd.get(&v).copied().unwrap_or(v)
    }

    /// The operands of `nd_ops` whose rank the export knew, with their ranked
    /// text values: the export copy reads them as casts of those, as the export
    /// did.
    pub(super) fn refined_operands(&self, nd_ops: &[OpId]) -> Vec<(Value, Value)> {
        let mut out = Vec::new();
        for &o in nd_ops {
            for &v in self.b.module.operands(o) {
                if let Some(&r) = self.refined.ranked.get(&v)
                    && !out.iter().any(|&(w, _)| w == v)
                {
                    out.push((v, r));
                }
            }
        }
        out
    }
}

impl Importer<'_> {
    /// True if the text casts `v` to `ty`.
    pub(super) fn cast_to(&self, v: Value, ty: Type) -> bool {
        let m = &*self.b.module;
        m.users(v).iter().any(|&u| {
            self.name(u) == "tensor.cast"
                && m.try_result(u, 0).is_some_and(|r| m.value_type(r) == ty)
        })
    }
}
