//! The declared fact "this op's result has the run-time shape of one of its
//! operands": an external trait an op definition lists ([`OPERAND_0`]), read by the
//! folds' facts and the lowering's sizes through [`shape_source`], so that a
//! broadcast `--canonicalize` proves redundant is one the explicit-broadcast
//! invariant proves redundant too. An op that keeps a shape says so in its
//! definition; no layer lists op names.

use tensor_ir::registry::{ExternalTrait, OpDef, OpTrait};
use tensor_ir::{Context, Module, OpId, Value};

/// The trait's key in op definitions. No verifier is attached to it: it is a fact
/// for the layers, not a check.
pub const KEY: &str = "nd.shape_source";

/// The parameter of the trait: which operand's run-time shape the op's results
/// have.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ShapeSource {
    /// The operand's index.
    pub operand: usize,
}

/// The results have the run-time shape of operand #0 (unary elementwise ops,
/// `nd.cast`, `nd.assign`'s destination).
pub const OPERAND_0: OpTrait = OpTrait::External(ExternalTrait {
    key: KEY,
    param: &ShapeSource { operand: 0 },
    doc: "ShapeSource (operand #0)",
});

/// The shape source an op definition declares, if any.
pub fn declared(def: &OpDef) -> Option<ShapeSource> {
    def.external_trait(KEY)?
        .downcast_ref::<ShapeSource>()
        .copied()
}

/// The operand whose run-time shape `op`'s result has, as its definition declares.
pub fn shape_source(ctx: &Context, module: &Module, op: OpId) -> Option<Value> {
    let def = ctx.op_def(module.op(op).name())?;
    let source = declared(def)?;
    module.operands(op).get(source.operand).copied()
}
