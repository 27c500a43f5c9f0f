//! `stablehlo.if`: the lowering's dispatch on a size it cannot decide
//! (`crate::lower`), which JAX's NN layers never write.

use tensor_ir::registry::Syntax;

use crate::support::TENSOR;

tensor_ir::op! {
    /// Runs one of two regions on a run-time `tensor<i1>`, each ending in
    /// `stablehlo.return` of the results. Printed in generic form, as
    /// StableHLO's printer writes it:
    ///
    /// ```mlir
    /// %r = "stablehlo.if"(%p) ({
    ///   stablehlo.return %a : tensor<?xf32>
    /// }, {
    ///   stablehlo.return %b : tensor<?xf32>
    /// }) : (tensor<i1>) -> tensor<?xf32>
    /// ```
    pub struct IfOp = "stablehlo.if" {
        summary: "choice between two regions",
        traits: [],
        operands: { pred: TENSOR },
        results: { results*: TENSOR },
        regions: 2,
        syntax: Syntax::Generic,
    }
}
