//! Constants folded at import: a node whose inputs are all constants of the
//! model (small ones) is lowered a second time, into a scratch function of
//! those constants, which tensor-run's interpreter evaluates; its results
//! become `nd.constant`s. So the shape computations of exported models
//! (`Shape`, `Gather`, `Concat`, arithmetic on shapes) give the constant shapes,
//! axes and pads that Reshape, ConstantOfShape, Slice or Pad need, with nd's
//! own semantics (the same ops, the same kernels) and no evaluator of ONNX's.
//!
//! The context needs the interpreter's kernels (`tensor_interp::register`, as
//! [`crate::new_context`] does); without them nothing folds. Nothing is folded
//! when evaluation fails (a division by zero, a broadcast
//! error, more memory than [`MEMORY`]): the node keeps its ops, which report
//! the error at run time, at the node.

use crate::emit::{Ctx, Val};
use crate::tensor::Constant;
use crate::types::Elem;
use std::collections::HashMap;
use tensor_dialect_func::{FuncOp, ReturnOp};
use tensor_interp::{Interpreter, Memory};
use tensor_ir::builder::{Builder, InsertionPoint};
use tensor_ir::dialects::builtin::ModuleOp;

/// The most elements an input may have for its node to be folded: shapes,
/// axes and small tables, not weights.
const MAX_INPUT: usize = 4096;

/// The memory the evaluation of one node may take.
const MEMORY: usize = 16 << 20;

/// Whether the node with these inputs is folded (all inputs constants and
/// small, at least one of them).
pub fn foldable(inputs: &[Option<Val>]) -> bool {
    let mut any = false;
    for v in inputs.iter().flatten() {
        match &v.konst {
            Some(k) if k.bytes.len() / k.elem.width().max(1) <= MAX_INPUT => any = true,
            _ => return false,
        }
    }
    any
}

/// The outputs of `node` computed at import, if it folds.
pub fn fold(
    c: &mut Ctx<'_>,
    node: &crate::proto::NodeProto,
    op: &str,
    inputs: &[Option<Val>],
) -> Option<Vec<Val>> {
    let loc = c.loc;
    let (mut module, top) = ModuleOp::new_program(c.b.ctx, loc).ok()?;
    let body = module.create_region();
    let entry = module.create_block(&[], loc);
    module.append_block(body, entry).ok()?;
    {
        let parts = c.parts();
        let mut s = Ctx::scratch(Builder::new(&mut *c.b.ctx, &mut module), parts);
        s.b.set_insertion_point(InsertionPoint::End(entry));
        let mut values = HashMap::new();
        for (name, v) in node.input.iter().zip(inputs) {
            if let Some(k) = v.as_ref().and_then(|v| v.konst.as_ref()) {
                let kv = s.constant((**k).clone()).ok()?;
                values.insert(name.clone(), kv);
            }
        }
        s.set_values(values);
        let outs = crate::ops::lower(&mut s, node, op).ok()?;
        let results: Vec<_> = outs.iter().map(|v| v.v).collect();
        ReturnOp::build(&mut s.b, loc, &results).ok()?;
        let types = results.iter().map(|&v| s.b.module.value_type(v)).collect();
        let fty = s.b.ctx.function_type(Vec::new(), types);
        s.b.set_insertion_point(InsertionPoint::End(top));
        FuncOp::build_with_body(&mut s.b, loc, "fold", fty, None, body).ok()?;
    }
    if tensor_ir::verify::verify_module(c.b.ctx, &module).has_errors() {
        return None;
    }
    let tensors = Interpreter::new(c.b.ctx, &module)
        .with_memory(Memory::new(MEMORY))
        .run("fold", Vec::new())
        .ok()?;
    let mut outs = Vec::new();
    for t in &tensors {
        let attr = tensor_interp::literal::to_dense(c.b.ctx, t)?;
        let k = constant_of(c, attr)?;
        outs.push(c.constant(k).ok()?);
    }
    Some(outs)
}

/// The elements of a `dense<...>` attribute as a [`Constant`], a splat
/// expanded to every element.
fn constant_of(c: &Ctx<'_>, attr: tensor_ir::Attribute) -> Option<Constant> {
    let ctx = &*c.b.ctx;
    let (ty, values) = ctx.as_dense_elements(attr)?;
    let elem = Elem::of(ctx, ctx.element_type(ty)?)?;
    let dims = ctx.shape_dims(ty)?.to_vec();
    let count = dims
        .iter()
        .try_fold(1usize, |a, &d| a.checked_mul(usize::try_from(d).ok()?))?;
    let w = elem.width();
    let mut bytes = Vec::with_capacity(count.checked_mul(w)?);
    for i in 0..count {
        let bits = values.bits(if values.is_splat() { 0 } else { i })?;
        bytes.extend_from_slice(&bits.to_le_bytes()[..w]);
    }
    Some(Constant { elem, dims, bytes })
}
