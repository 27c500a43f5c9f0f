//! `linalg.generic`: the export's product over two `?` batch dims or more
//! ([`crate::matmul`] writes it instead of collapsing the batch dims, which LLVM
//! 22 cannot lower), read back as `nd.matmul`.

use tensor_ir::Value;
use tensor_ir::module::OpId;

use super::{IResult, Importer};

impl Importer<'_> {
    /// A `linalg.generic` with the export's maps and iterators of a batched
    /// product and a multiply-add body: `nd.matmul` of its inputs.
    pub(super) fn generic(&mut self, op: OpId, r: Value) -> IResult<()> {
        let inputs = self.b.module.operands(op).len().saturating_sub(1);
        if inputs == 0 && self.iota(op, r)? {
            return Ok(());
        }
        let a = self.operand(op, 0)?;
        let rank = self
            .b
            .ctx
            .shape_dims(self.b.module.value_type(a))
            .map_or(0, <[i64]>::len);
        let body_ok = self.body(op).is_some_and(|(ops, _)| {
            ops.first()
                .is_some_and(|&o| matches!(self.name(o), "arith.mulf" | "arith.muli"))
        });
        let expected = (rank >= 4 && self.b.module.operands(op).len() == 3)
            .then(|| crate::matmul::batched_maps(self.b.ctx, rank - 2));
        let matches = expected.is_some_and(|(maps, iterators)| {
            self.prop(op, "indexing_maps") == Some(maps)
                && self.prop(op, "iterator_types") == Some(iterators)
        });
        if body_ok && matches {
            return self.matmul(op, r);
        }
        if inputs == 2 && body_ok && self.dot_general(op, r)? {
            return Ok(());
        }
        Err(self.error(
            op,
            "has no nd form: a linalg.generic other than the export's batched product, \
             nd.iota or nd.dot_general",
        ))
    }
}
