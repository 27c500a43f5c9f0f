//! Export of lowered `nd` programs to upstream MLIR: `--convert-nd-to-upstream`
//! (`docs/export.md`).
//!
//! After `--lower-broadcast` no op broadcasts implicitly; this pass then replaces
//! every `nd` op by upstream ops of `arith`, `math`, `tensor`, `linalg` and `cf`
//! (and `scf` for the rank specialisation of unranked tensors, [`unranked`]),
//! built in our IR as ops of dialects it does not register (printed in generic
//! form, which `mlir-opt` parses). `func` ops stay as they are. The run-time shape
//! checks (`nd.broadcast_shapes`) become `arith` on the sizes and `cf.assert`s at
//! the checked op's location.
//!
//! Each `nd` op's export is its [`ToUpstream`] entry, attached by [`register`]; a
//! test checks that every `nd` op has one.
//!
//! | module | ops |
//! | ------ | --- |
//! | [`compute`] | elementwise ops, `nd.cmp`, `nd.select`, `nd.cast`, `nd.constant`, `nd.reduce`; `nd.dynamic_reduce` refused (no upstream form yet) |
//! | [`matmul`] | `nd.matmul` |
//! | [`broadcast`] | `nd.broadcast_in_dim`, `nd.broadcast_to`, `nd.broadcast`, `nd.assign` |
//! | [`gather`] | `nd.gather`, `nd.gather_elements` (`linalg.generic` of `tensor.extract`) |
//! | [`entry`] | the `nd.dim_names` contract, asserted at function entry |
//! | [`import`] | the way back: `--convert-upstream-to-nd` |
//! | [`shapes`] | `nd.shape_of`, `nd.dim`, `nd.shape_slice`, `nd.shape_concat`, `nd.broadcast_shapes` |
//! | [`structure`] | `nd.transpose`, `nd.slice`; `nd.reshape`, `nd.concatenate`, `nd.dynamic_slice`, `nd.iota`, `nd.dot_general` refused (no upstream form yet) |
//! | [`unranked`] | any of them on unranked tensors: rank specialisation |

#![warn(missing_docs)]

pub mod broadcast;
pub mod compute;
pub mod dot;
pub mod dynamic_reduce;
pub mod emit;
pub mod entry;
pub mod gather;
pub mod import;
pub mod matmul;
pub mod regroup;
pub mod shapes;
pub mod structure;
pub mod unranked;

use broadcastable_ir::{ExplicitBroadcast, Sweep};
use rustc_hash::FxHashMap;
use smallvec::SmallVec;
use tensor_dialect_nd::lower::{
    DimCheck, MatmulProofs, broadcast_checks, matmul_checks_proven, shape_checks_proven,
};
use tensor_ir::builder::Builder;
use tensor_ir::module::OpId;
use tensor_ir::pass::{Pass, PassOption, PassOutcome, PassRegistry, RegistryError};
use tensor_ir::verify::op_error;
use tensor_ir::{Context, Diagnostics, Module};

pub use emit::{Exporter, XResult};
pub use shapes::Results;

/// One op's export: builds its upstream form before it (through the exporter, whose
/// `op` is it) and returns the values that replace its results, or a located error.
#[derive(Clone, Copy)]
pub struct ToUpstream(pub fn(&mut Exporter<'_>, OpId) -> XResult<Results>);

/// Attaches the export of every `nd` op.
///
/// # Panics
/// If the `nd` dialect is not registered in `ctx` (a caller's bug), naming the op.
pub fn register(ctx: &mut Context) {
    use tensor_dialect_nd::broadcast::{AssignOp, BroadcastInDimOp, BroadcastOp, BroadcastToOp};
    use tensor_dialect_nd::constant::ConstantOp;
    use tensor_dialect_nd::dot::DotGeneralOp;
    use tensor_dialect_nd::gather::{GatherElementsOp, GatherOp};
    use tensor_dialect_nd::iota::IotaOp;
    use tensor_dialect_nd::reduce::{MatmulOp, ReduceOp};
    use tensor_dialect_nd::shape::{
        BroadcastShapesOp, DimOp, ShapeConcatOp, ShapeOfOp, ShapeSliceOp,
    };
    use tensor_dialect_nd::slice::{DynamicSliceOp, SliceOp};
    use tensor_dialect_nd::structure::{ConcatenateOp, ReshapeOp, TransposeOp};
    type Export = fn(&mut Exporter<'_>, OpId) -> XResult<Results>;
    let structural: [(&str, Export); 23] = [
        (GatherOp::NAME, gather::gather),
        (GatherElementsOp::NAME, gather::gather_elements),
        (ConcatenateOp::NAME, regroup::concatenate),
        (ReshapeOp::NAME, regroup::reshape),
        (DynamicSliceOp::NAME, regroup::dynamic_slice),
        (IotaOp::NAME, regroup::iota),
        (DotGeneralOp::NAME, dot::dot_general),
        (tensor_dialect_nd::assert::AssertOp::NAME, compute::assert),
        (ConstantOp::NAME, compute::constant),
        (ReduceOp::NAME, compute::reduce),
        (
            tensor_dialect_nd::dynamic_reduce::DynamicReduceOp::NAME,
            dynamic_reduce::dynamic_reduce,
        ),
        (MatmulOp::NAME, matmul::matmul),
        (BroadcastInDimOp::NAME, broadcast::broadcast_in_dim),
        (BroadcastToOp::NAME, broadcast::broadcast_to),
        (BroadcastOp::NAME, broadcast::broadcast),
        (AssignOp::NAME, broadcast::assign),
        (ShapeOfOp::NAME, shapes::shape_of),
        (DimOp::NAME, shapes::dim),
        (BroadcastShapesOp::NAME, shapes::broadcast_shapes),
        (ShapeSliceOp::NAME, shapes::shape_slice),
        (ShapeConcatOp::NAME, shapes::shape_concat),
        (TransposeOp::NAME, structure::transpose),
        (SliceOp::NAME, structure::slice),
    ];
    // Every op with an elementwise computation (declared scalar semantics, or
    // cmp, select and cast) exports as a `linalg.map` of it; a new op without an
    // entry is named by the completeness test.
    for def in tensor_dialect_nd::DIALECT.ops {
        let export = match structural.iter().find(|(n, _)| *n == def.name) {
            Some(&(_, export)) => export,
            None if compute::Elementwise::of(def.name).is_some() => compute::elementwise,
            None => continue,
        };
        // Fails only if the caller has not registered `nd`: a bug of the caller.
        if let Err(e) = ctx.attach_interface(def.name, ToUpstream(export)) {
            panic!("tensor_export::register: {e}: register the nd dialect first");
        }
    }
}

/// Registers `--convert-nd-to-upstream` and `--convert-upstream-to-nd`.
///
/// # Errors
/// If its argument is already taken.
pub fn register_passes(registry: &mut PassRegistry) -> Result<(), RegistryError> {
    registry.register::<ConvertNdToUpstream>()?;
    registry.register::<import::ConvertUpstreamToNd>()?;
    Ok(())
}

/// The values of `--convert-nd-to-upstream=<n>`: the highest rank an unranked
/// tensor is specialised for (a higher one fails at run time). The driver accepts
/// the listed values; [`ConvertNdToUpstream::max_rank`] takes any up to
/// [`unranked::MAX_MAX_RANK`].
const MAX_RANKS: [(&str, &str); 7] = [
    ("1", "ranks 0 and 1"),
    ("2", "ranks 0 to 2"),
    ("4", "ranks 0 to 4"),
    ("6", "ranks 0 to 6"),
    ("8", "ranks 0 to 8"),
    ("12", "ranks 0 to 12"),
    ("16", "ranks 0 to 16"),
];

/// The `--convert-nd-to-upstream` pass.
pub struct ConvertNdToUpstream {
    /// The highest rank an unranked tensor is specialised for ([`unranked`]).
    pub max_rank: usize,
}

impl Default for ConvertNdToUpstream {
    fn default() -> Self {
        ConvertNdToUpstream {
            max_rank: unranked::DEFAULT_MAX_RANK,
        }
    }
}

impl Pass for ConvertNdToUpstream {
    fn argument(&self) -> &'static str {
        "convert-nd-to-upstream"
    }

    fn name(&self) -> &'static str {
        "ConvertNdToUpstream"
    }

    fn description(&self) -> &'static str {
        "Export a lowered program (after --lower-broadcast) to upstream MLIR: func, arith, \
         math, tensor, linalg, with cf.assert for the run-time shape checks"
    }

    fn option(&self) -> Option<PassOption> {
        Some(PassOption {
            value_name: "n",
            values: &MAX_RANKS,
            default: "8",
        })
    }

    fn set_option(&mut self, value: &str) -> Result<(), String> {
        self.max_rank = value
            .parse::<usize>()
            .ok()
            .filter(|&n| n <= unranked::MAX_MAX_RANK)
            .ok_or_else(|| {
                format!(
                    "the rank of --convert-nd-to-upstream=<n> must be a number from 0 to {} \
                     (got '{value}')",
                    unranked::MAX_MAX_RANK
                )
            })?;
        Ok(())
    }

    fn run(&mut self, ctx: &mut Context, module: &mut Module) -> Result<PassOutcome, Diagnostics> {
        let Some(top) = module.top() else {
            return Ok(PassOutcome::unchanged());
        };
        let (ops, proofs) = exportable_ops(ctx, module, top)?;
        let contracts = entry::has_contracts(ctx, module, top);
        if ops.is_empty() && !contracts {
            return Ok(PassOutcome::unchanged());
        }
        // The output holds ops of dialects the context does not register.
        ctx.set_allow_unregistered(true);
        if contracts {
            let mut b = Builder::new(ctx, module);
            if let Err(d) = entry::assert_contracts(&mut b, top) {
                let mut errors = Diagnostics::default();
                errors.push(d);
                return Err(errors);
            }
            if ops.is_empty() {
                return Ok(PassOutcome::changed(true));
            }
        }
        let mut errors = Diagnostics::default();
        let first = ops[0];
        let mut x = Exporter::new(Builder::new(ctx, module), first);
        x.max_rank = self.max_rank;
        x.dim_checks = proofs.dims;
        x.shape_checks = proofs.shapes;
        x.matmul_checks = proofs.matmuls;
        let mut exported = 0u64;
        for &op in &ops {
            x.start(op);
            let Some(&export) = x.b.ctx.interface::<ToUpstream>(x.b.module.op(op).name()) else {
                errors.push(x.error("has no upstream form (no ToUpstream entry)"));
                continue;
            };
            let values = if unranked::involved(&x, op) {
                unranked::export(&mut x, op, export.0)
            } else {
                export.0(&mut x, op)
            };
            match values {
                Ok(values) => match x.b.replace_op(op, &values) {
                    Ok(()) => exported += 1,
                    Err(e) => errors.push(x.error(format!("cannot be exported: {e}"))),
                },
                Err(d) => errors.push(d),
            }
        }
        x.erase_unused_helpers();
        if errors.has_errors() {
            return Err(errors);
        }
        Ok(PassOutcome::changed(true).with_statistic(
            "num-exported",
            "nd operations exported",
            exported,
        ))
    }
}

/// Upstream's own test op with the Broadcastable trait (`mlir-opt` registers the
/// test dialect): already upstream MLIR, it stays as it is, and `mlir-opt`
/// verifies it with upstream's trait. It has no semantics to run.
pub const UPSTREAM_TEST_OP: &str = "test.broadcastable";

/// What the program proves, worked out before the export edits it: of the
/// operand dims of each explicit broadcast to a computed shape
/// ([`Exporter::dim_checks`]), and of the entries of each `nd.broadcast_shapes`
/// ([`Exporter::shape_checks`]).
#[derive(Default)]
struct Proofs {
    dims: FxHashMap<OpId, SmallVec<[DimCheck; 4]>>,
    shapes: FxHashMap<OpId, SmallVec<[bool; 4]>>,
    matmuls: FxHashMap<OpId, MatmulProofs>,
}

/// The `nd` ops under `top` in program order, after checking that none broadcasts
/// implicitly and that no op without an upstream form (`test.*` other than
/// [`UPSTREAM_TEST_OP`]) is left; with what the program proves of its explicit
/// broadcasts, worked out before the export edits it.
fn exportable_ops(
    ctx: &Context,
    module: &Module,
    top: OpId,
) -> Result<(Vec<OpId>, Proofs), Diagnostics> {
    let mut ops = Vec::new();
    let mut proofs = Proofs::default();
    let mut errors = Diagnostics::default();
    // In program order, as --verify-explicit-broadcast checks.
    let mut sweep = Sweep::default();
    module.walk(top, |op| {
        let name = module.op(op).name();
        let text = ctx.str(name);
        if text.starts_with("test.") && text != UPSTREAM_TEST_OP {
            errors.push(op_error(
                ctx,
                module,
                op,
                "has no upstream form: of the test dialect only upstream's test.broadcastable is \
                 upstream MLIR, and the others have no semantics to export",
            ));
            return;
        }
        if text.split_once('.').map(|(d, _)| d) != Some(tensor_dialect_nd::DIALECT.name) {
            return;
        }
        if let Some(entry) = ctx.interface::<ExplicitBroadcast>(name)
            && let Some(why) = (entry.implicit)(ctx, module, op, &mut sweep)
        {
            errors.push(op_error(
                ctx,
                module,
                op,
                format!("broadcasts implicitly ({why}): run --lower-broadcast first"),
            ));
            return;
        }
        if let Some(c) = broadcast_checks(ctx, module, op, &mut sweep) {
            proofs.dims.insert(op, c);
        }
        if let Some(c) = shape_checks_proven(ctx, module, op, &mut sweep) {
            proofs.shapes.insert(op, c);
        }
        if let Some(c) = matmul_checks_proven(ctx, module, op, &mut sweep) {
            proofs.matmuls.insert(op, c);
        }
        ops.push(op);
    });
    if errors.has_errors() {
        Err(errors)
    } else {
        Ok((ops, proofs))
    }
}

#[cfg(test)]
mod tests;
