//! The `linalg.generic`s the export writes besides the batched product:
//! `nd.iota` (no input; its body yields `linalg.index` of the iota dim) and
//! `nd.dot_general` (two inputs; its loops are read off the indexing maps: the
//! batch loops are in both inputs and the output, the free ones in one input and
//! the output, the contracted ones in both inputs only). Each candidate is kept
//! only if its export, asserts included, is the text.

use smallvec::SmallVec;
use tensor_dialect_nd::dot::DotGeneralOp;
use tensor_dialect_nd::iota::IotaOp;
use tensor_ir::affine::AffineExprKind;
use tensor_ir::module::OpId;
use tensor_ir::{AttrKind, DYNAMIC, Value};

use super::{IResult, Importer};

impl Importer<'_> {
    /// A `linalg.generic` with no input, whose body starts with `linalg.index`:
    /// `nd.iota`, static or with the shape tensor the `tensor.empty`'s sizes are
    /// read from.
    pub(super) fn iota(&mut self, op: OpId, r: Value) -> IResult<bool> {
        let Some((body, _)) = self.body(op) else {
            return Ok(false);
        };
        let Some(dim) = body
            .first()
            .filter(|&&o| self.name(o) == "linalg.index")
            .and_then(|&o| self.prop(o, "dim"))
        else {
            return Ok(false);
        };
        let ty = self.b.module.value_type(r);
        let mut tries: SmallVec<[SmallVec<[Value; 1]>; 2]> = SmallVec::new();
        if self
            .b
            .ctx
            .shape_dims(ty)
            .is_some_and(|d| !d.contains(&DYNAMIC))
        {
            tries.push(SmallVec::new());
        }
        let init = self.operand(op, 0)?;
        if let Some(s) = self.sizes_read_from(init, "tensor.empty") {
            tries.push(SmallVec::from_elem(s, 1));
        }
        for operands in tries {
            let props = vec![(IotaOp::IOTA_DIMENSION, dim)];
            if self.try_built(op, r, |im| {
                im.create_nd(op, IotaOp::NAME, &operands, props, ty)
            }) {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// A `linalg.generic` of two inputs: `nd.dot_general` with the batch and
    /// contracting dims its indexing maps say (see the module docs).
    pub(super) fn dot_general(&mut self, op: OpId, r: Value) -> IResult<bool> {
        let (Ok(a), Ok(b)) = (self.operand(op, 0), self.operand(op, 1)) else {
            return Ok(false);
        };
        let Some(maps) = self.prop(op, "indexing_maps") else {
            return Ok(false);
        };
        let AttrKind::Array(maps) = self.b.ctx.attr_kind(maps) else {
            return Ok(false);
        };
        // Each map's loop per position, when every result is a plain dim.
        let mut loops: Vec<Vec<u32>> = Vec::new();
        for &m in maps.iter() {
            let AttrKind::AffineMap(map) = self.b.ctx.attr_kind(m) else {
                return Ok(false);
            };
            let mut l = Vec::new();
            for &e in map.results.iter() {
                match self.b.ctx.affine_kind(e) {
                    AffineExprKind::Dim(d) => l.push(d),
                    _ => return Ok(false),
                }
            }
            loops.push(l);
        }
        let [la, lb, lo] = loops.as_slice() else {
            return Ok(false);
        };
        let pos = |l: &[u32], d: u32| l.iter().position(|&x| x == d).map(|p| p as i64);
        let (mut batch_a, mut batch_b, mut con_a, mut con_b) = (vec![], vec![], vec![], vec![]);
        for &d in lo {
            if let (Some(p), Some(q)) = (pos(la, d), pos(lb, d)) {
                batch_a.push(p);
                batch_b.push(q);
            }
        }
        for (p, &d) in la.iter().enumerate() {
            if !lo.contains(&d)
                && let Some(q) = pos(lb, d)
            {
                con_a.push(p as i64);
                con_b.push(q);
            }
        }
        let lists = [batch_a, batch_b, con_a, con_b];
        let build = |im: &mut Self, old: Value| {
            let ty = im.b.module.value_type(old);
            let props: Vec<(&str, tensor_ir::Attribute)> = DotGeneralOp::DIM_LISTS
                .iter()
                .zip(&lists)
                .map(|(&n, l)| (n, im.b.ctx.i64_array_attr(l)))
                .collect();
            im.create_nd(op, DotGeneralOp::NAME, &[a, b], props, ty)
        };
        Ok(self.try_typed(op, r, build))
    }
}
