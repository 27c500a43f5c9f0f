//! The `linalg.generic`s of `nd.gather`'s and `nd.gather_elements`' export:
//! one input (the indices) and a body that reads `data` (defined outside) with
//! `tensor.extract`, where the axis is the one coordinate not read from a
//! `linalg.index`. The reduction of the indices into one `i1` that feeds the
//! export's in-range `cf.assert` is left to the cleanup once the gather that
//! makes the assert is kept. Each candidate is kept only if its export, asserts
//! included, is the text.

use tensor_dialect_nd::gather::{GatherElementsOp, GatherOp};
use tensor_ir::module::OpId;
use tensor_ir::{TypeKind, Value};

use super::{IResult, Importer};

impl Importer<'_> {
    /// The export's reduction of the indices into a `tensor<i1>`, read by the
    /// in-range assert of a gather (imported with that gather).
    pub(super) fn is_index_check(&self, op: OpId, r: Value) -> bool {
        let ty = self.b.module.value_type(r);
        let i1_scalar = matches!(
            self.b.ctx.type_kind(ty),
            TypeKind::Tensor { dims, elem, .. } if dims.is_empty()
                && matches!(self.b.ctx.type_kind(*elem), TypeKind::Integer { width: 1, .. })
        );
        i1_scalar && self.b.module.operands(op).len() == 2
    }

    /// A `linalg.generic` of one input whose body extracts from a tensor at
    /// the normalised index: `nd.gather` or `nd.gather_elements`.
    pub(super) fn gather_generic(&mut self, op: OpId, r: Value) -> IResult<bool> {
        let Some((body, args)) = self.body(op) else {
            return Ok(false);
        };
        let m = &*self.b.module;
        let Some(extract) = body
            .iter()
            .copied()
            .find(|&o| self.name(o) == "tensor.extract")
        else {
            return Ok(false);
        };
        let operands = m.operands(extract);
        let Some(&data) = operands.first() else {
            return Ok(false);
        };
        if args.contains(&data) {
            return Ok(false);
        }
        let Some(axis) = operands.iter().skip(1).position(|&v| {
            self.def_op(v)
                .is_none_or(|d| self.name(d) != "linalg.index")
        }) else {
            return Ok(false);
        };
        let indices = self.operand(op, 0)?;
        let i64t = self.b.ctx.i(64);
        let axis = self
            .b
            .ctx
            .int_attr(i128::try_from(axis).unwrap_or(i128::MAX), i64t);
        for name in [GatherOp::NAME, GatherElementsOp::NAME] {
            let props = vec![(GatherOp::AXIS, axis)];
            if self.try_typed(op, r, |im, old| {
                let ty = im.b.module.value_type(old);
                im.create_nd(op, name, &[data, indices], props.clone(), ty)
            }) {
                return Ok(true);
            }
        }
        Ok(false)
    }
}
