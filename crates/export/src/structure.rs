//! The structural ops `nd.reshape`, `nd.transpose`, `nd.concatenate`,
//! `nd.slice`, `nd.dynamic_slice`, `nd.iota` and `nd.dot_general` have no
//! upstream form yet: each is refused with an error at the op, never dropped.

use crate::emit::{Exporter, XResult};
use crate::shapes::Results;
use tensor_ir::module::OpId;

/// Refuses the op, naming it.
pub fn refuse(x: &mut Exporter<'_>, op: OpId) -> XResult<Results> {
    let name = x.b.ctx.str(x.b.module.op(op).name()).to_owned();
    Err(x.error(format!(
        "cannot be exported yet: {name} has no upstream form in --convert-nd-to-upstream"
    )))
}
