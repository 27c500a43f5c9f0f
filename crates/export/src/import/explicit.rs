//! Explicit broadcasts a user writes: `nd.assign` (exported as `linalg.copy` of
//! its broadcast source into the destination).

use tensor_dialect_nd::broadcast::AssignOp;
use tensor_ir::Value;
use tensor_ir::module::OpId;

use super::{IResult, Importer};

impl Importer<'_> {
    /// `linalg.copy ins(%src) outs(%dst)`: `nd.assign %dst, %src` (with `?` sizes,
    /// a candidate over what `%src` broadcasts, checked in place).
    pub(super) fn copy(&mut self, op: OpId, r: Value) -> IResult<()> {
        let (src, dst) = (self.operand(op, 0)?, self.operand(op, 1)?);
        let ty = self.b.module.value_type(r);
        self.replace(op, r, AssignOp::NAME, &[dst, src], Vec::new(), ty)
    }
}
