//! Running an exported program (`tensor-opt --lower-broadcast
//! --convert-nd-to-upstream`) in MLIR's own JIT: [`lower_to_llvm`] applies
//! upstream's passes through melior's `PassManager` (one-shot bufferization,
//! linalg to loops, then to the LLVM dialect), and [`run_f32`] calls a function
//! of `f32` tensors in MLIR's `ExecutionEngine`. A failing `cf.assert` (a run-time
//! shape check) prints its message and aborts the process, as MLIR's runtime does.
//!
//! The only `unsafe` code is the call itself: memref descriptors passed by
//! pointer to the engine's packed entry point.
#![allow(unsafe_code)]

use melior::Context;
use melior::ExecutionEngine;
use melior::ir::attribute::{StringAttribute, TypeAttribute};
use melior::ir::operation::OperationLike;
use melior::ir::operation::OperationMutLike;
use melior::ir::r#type::{FunctionType, RankedTensorType};
use melior::ir::{Attribute, BlockLike, Module, ShapedTypeLike};
use melior::pass::PassManager;
use melior::utility::parse_pass_pipeline;

/// The pass pipeline from exported tensors to the LLVM dialect.
pub const PIPELINE: &str = "builtin.module(\
    one-shot-bufferize{bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map}, \
    func.func(convert-linalg-to-loops), expand-strided-metadata, lower-affine, convert-scf-to-cf, \
    convert-math-to-llvm, convert-arith-to-llvm, convert-cf-to-llvm, finalize-memref-to-llvm, \
    convert-func-to-llvm, convert-index-to-llvm, reconcile-unrealized-casts)";

/// A dense row-major `f32` tensor.
#[derive(Clone, Debug, PartialEq)]
pub struct TensorF32 {
    /// The dim sizes.
    pub shape: Vec<usize>,
    /// The elements, row-major.
    pub data: Vec<f32>,
}

/// Lowers `module` (exported upstream MLIR on tensors) to the LLVM dialect with
/// [`PIPELINE`]. The context needs every dialect and pass registered
/// (`melior::utility::register_all_passes`).
///
/// # Errors
/// The pass manager's error, if the pipeline does not parse or a pass fails.
pub fn lower_to_llvm(context: &Context, module: &mut Module<'_>) -> Result<(), String> {
    let manager = PassManager::new(context);
    parse_pass_pipeline(manager.as_operation_pass_manager(), PIPELINE)
        .map_err(|e| format!("pass pipeline: {e}"))?;
    manager
        .run(module)
        .map_err(|e| format!("lowering to LLVM: {e}"))
}

/// The ranks of the results of function `entry` in `module` (before lowering),
/// marking it `llvm.emit_c_interface` so that the engine can call it with memref
/// descriptors by pointer.
fn prepare_entry(
    context: &Context,
    module: &Module<'_>,
    entry: &str,
) -> Result<Vec<usize>, String> {
    let mut op = module.body().first_operation_mut();
    while let Some(mut o) = op {
        let is_entry = o.name().as_string_ref().as_str() == Ok("func.func")
            && o.attribute("sym_name")
                .ok()
                .and_then(|a| StringAttribute::try_from(a).ok())
                .is_some_and(|s| s.value() == entry);
        if is_entry {
            let ty = o
                .attribute("function_type")
                .ok()
                .and_then(|a| TypeAttribute::try_from(a).ok())
                .and_then(|a| FunctionType::try_from(a.value()).ok())
                .ok_or("@entry has no function type")?;
            let ranks = (0..ty.result_count())
                .map(|i| {
                    ty.result(i)
                        .ok()
                        .and_then(|t| RankedTensorType::try_from(t).ok())
                        .map(|t| t.rank())
                        .ok_or_else(|| format!("result #{i} of @{entry} is not a ranked tensor"))
                })
                .collect::<Result<Vec<_>, _>>()?;
            o.set_attribute("llvm.emit_c_interface", Attribute::unit(context));
            return Ok(ranks);
        }
        op = o.next_in_block_mut();
    }
    Err(format!("no function @{entry}"))
}

/// Runs function `entry` of `module` (exported upstream MLIR on `f32` tensors,
/// not yet lowered) on `inputs` in MLIR's `ExecutionEngine`, returning its
/// results. The module is lowered in place first.
///
/// # Errors
/// If lowering fails, `entry` is not a function of ranked `f32` tensors, or the
/// engine cannot call it.
pub fn run_f32(
    context: &Context,
    module: &mut Module<'_>,
    entry: &str,
    inputs: &[TensorF32],
) -> Result<Vec<TensorF32>, String> {
    let ranks = prepare_entry(context, module, entry)?;
    lower_to_llvm(context, module)?;
    let engine = ExecutionEngine::new(module, 2, &[], false, false);
    // Each input memref descriptor is (allocated, aligned, offset, sizes...,
    // strides...), 8 bytes a field; the C interface takes a pointer to it.
    let mut inputs: Vec<TensorF32> = inputs.to_vec();
    let mut slots: Vec<Vec<i64>> = Vec::with_capacity(inputs.len());
    for t in &mut inputs {
        let ptr = t.data.as_mut_ptr() as i64;
        let mut s = vec![ptr, ptr, 0];
        s.extend(t.shape.iter().map(|&n| n as i64));
        let mut stride = 1i64;
        let mut strides = vec![0i64; t.shape.len()];
        for (d, &n) in t.shape.iter().enumerate().rev() {
            strides[d] = stride;
            stride *= n as i64;
        }
        s.extend(strides);
        slots.push(s);
    }
    // The results: one descriptor each, consecutive, written through the first
    // pointer of the C interface.
    let result_len: usize = ranks.iter().map(|r| 3 + 2 * r).sum();
    let mut results = vec![0i64; result_len];
    // The packed call takes a pointer to each argument: here each argument is
    // itself a pointer (to the results, then to each input descriptor).
    let mut pointers: Vec<*mut i64> = Vec::with_capacity(slots.len() + 1);
    pointers.push(results.as_mut_ptr());
    for s in &mut slots {
        pointers.push(s.as_mut_ptr());
    }
    let mut args: Vec<*mut ()> = pointers
        .iter_mut()
        .map(|p| p as *mut *mut i64 as *mut ())
        .collect();
    // SAFETY: every pointer in `args` points into `pointers`, whose pointers
    // point into `slots` or `results`, all of which outlive the call; the slots hold the descriptors convert-func-to-llvm's
    // signature expects for the inputs (whose data `inputs` keeps alive), and
    // `results` has room for every result descriptor.
    unsafe { engine.invoke_packed(entry, &mut args) }
        .map_err(|e| format!("invoking @{entry}: {e}"))?;
    let mut out = Vec::with_capacity(ranks.len());
    let mut at = 0;
    for &rank in &ranks {
        let d = &results[at..at + 3 + 2 * rank];
        at += 3 + 2 * rank;
        let shape: Vec<usize> = d[3..3 + rank].iter().map(|&n| n as usize).collect();
        let strides = &d[3 + rank..];
        let base = d[1] as *const f32;
        let count: usize = shape.iter().product();
        let mut data = Vec::with_capacity(count);
        let mut index = vec![0usize; rank];
        for _ in 0..count {
            let offset = d[2]
                + index
                    .iter()
                    .zip(strides)
                    .map(|(&i, &s)| i as i64 * s)
                    .sum::<i64>();
            // SAFETY: the engine returned a descriptor of `shape` and `strides`
            // over a live allocation (results are never freed), and `index` stays
            // within `shape`.
            data.push(unsafe { *base.offset(offset as isize) });
            for dim in (0..rank).rev() {
                index[dim] += 1;
                if index[dim] < shape[dim] {
                    break;
                }
                index[dim] = 0;
            }
        }
        out.push(TensorF32 { shape, data });
    }
    Ok(out)
}
