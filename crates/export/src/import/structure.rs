//! The structural ops the export writes: `linalg.transpose` is `nd.transpose`.

use tensor_dialect_nd::structure::TransposeOp;
use tensor_ir::Value;
use tensor_ir::module::OpId;

use super::{IResult, Importer};

impl Importer<'_> {
    /// `linalg.transpose ins(%x) outs(%init) permutation = [...]`: `nd.transpose
    /// %x`, kept if its export is the text (its init sized as the export sizes it).
    pub(super) fn transpose(&mut self, op: OpId, r: Value) -> IResult<()> {
        let x = self.operand(op, 0)?;
        let ty = self.b.module.value_type(r);
        let perm = self
            .prop(op, TransposeOp::PERMUTATION)
            .ok_or_else(|| self.error(op, "has no permutation"))?;
        let props = vec![(TransposeOp::PERMUTATION, perm)];
        if self.try_built(op, r, |im| {
            im.create_nd(op, TransposeOp::NAME, &[x], props, ty)
        }) {
            return Ok(());
        }
        Err(self.error(
            op,
            "has no nd form: no nd.transpose exports to this op (its permutation, its init)",
        ))
    }
}
