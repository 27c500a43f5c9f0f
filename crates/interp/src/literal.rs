//! Tensors as MLIR literals: `dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>` parsed with
//! the IR's own parser, and results printed with its printer (so floats print
//! exactly as mlir-opt prints them).

use crate::elem::ElemType;
use crate::tensor::{Dims, Store, Tensor};
use tensor_ir::{AttrKind, Context, Diagnostic, ElementKind, ElementValues, Type, TypeKind};

/// Parses a `dense<...> : tensor<...>` literal (or `N : index`) into a tensor that
/// reads the literal's storage in place. The text is added to `ctx` as a source
/// buffer named `name`, so errors point into it.
///
/// # Errors
/// The parser's diagnostic, or one saying the value is not a tensor literal.
pub fn parse(ctx: &mut Context, name: &str, text: &str) -> Result<Tensor, Diagnostic> {
    let buffer = ctx.add_source(name, text);
    let attr =
        tensor_ir::parse::parse_attribute_source(ctx, buffer, 0..text.len()).map_err(|d| *d)?;
    let at_start = tensor_ir::Location::Source { buffer, offset: 0 };
    let fail = |m: String| Diagnostic::error(at_start, m);
    match ctx.attr_kind(attr) {
        AttrKind::DenseElements { ty, values } => {
            let (elem, dims) = match ctx.type_kind(*ty) {
                TypeKind::Tensor { dims, elem, .. } => (*elem, dims),
                _ => {
                    return Err(fail(format!(
                        "expected a tensor literal, but its type is '{}'",
                        ctx.ty(*ty)
                    )));
                }
            };
            let e = ElemType::of(ctx, elem).ok_or_else(|| {
                fail(format!(
                    "tensor-run does not execute elements of type '{}'",
                    ctx.ty(elem)
                ))
            })?;
            let shape: Dims = dims
                .iter()
                .map(|&d| usize::try_from(d).unwrap_or(0))
                .collect();
            Tensor::from_dense(e, &shape, values)
                .ok_or_else(|| fail("the literal's elements do not fit its type".into()))
        }
        AttrKind::Integer { value, ty } if matches!(ctx.type_kind(*ty), TypeKind::Index) => {
            let v =
                i64::try_from(*value).map_err(|_| fail("the index does not fit 64 bits".into()))?;
            Tensor::from_vec(ElemType::Index, &[], vec![v]).ok_or_else(|| fail("bad index".into()))
        }
        _ => Err(fail(format!(
            "expected a tensor literal such as 'dense<[1, 2]> : tensor<2xi32>', got '{}'",
            ctx.attr(attr)
        ))),
    }
}

/// The storage of `t`'s elements as dense attribute values, in row-major order
/// (one element if they are all equal, as upstream stores a splat).
fn element_values(t: &Tensor, kind: ElementKind) -> Option<ElementValues> {
    fn splat_or_all<S: Store>(v: Vec<S>) -> Vec<S> {
        match v.split_first() {
            Some((first, rest)) if !rest.is_empty() && rest.iter().all(|x| x == first) => {
                vec![*first]
            }
            _ => v,
        }
    }
    if t.elem() == ElemType::I1 {
        let bits: Vec<bool> = splat_or_all(t.gather::<u8>())
            .into_iter()
            .map(|b| b != 0)
            .collect();
        return ElementValues::from_slice(kind, &bits);
    }
    crate::dispatch_store!(t.elem(), S => ElementValues::from_slice(kind, &splat_or_all(t.gather::<S>())))
}

/// `t` as an MLIR literal: `dense<...> : tensor<...>` with its run-time shape, or
/// `N : index` when `declared` is `index`.
pub fn format(ctx: &mut Context, t: &Tensor, declared: Option<Type>) -> String {
    if declared.is_some_and(|d| matches!(ctx.type_kind(d), TypeKind::Index)) {
        return format!("{} : index", t.to_i64s().first().copied().unwrap_or(0));
    }
    match to_dense(ctx, t) {
        Some(a) => ctx.attr(a).to_string(),
        None => {
            let ty = tensor_type(ctx, t);
            format!("<a tensor of type '{}' that cannot be printed>", ctx.ty(ty))
        }
    }
}

/// The tensor type of `t`'s run-time shape and element type.
fn tensor_type(ctx: &mut Context, t: &Tensor) -> Type {
    let elem = t.elem().to_type(ctx);
    let dims: Vec<i64> = t
        .shape()
        .iter()
        .map(|&d| i64::try_from(d).unwrap_or(i64::MAX))
        .collect();
    ctx.tensor_type(&dims, elem)
}

/// `t` as a `dense<...>` attribute of its run-time shape (a splat when every
/// element is equal): how a computed value becomes a constant of a program, as
/// an importer folding constants does. `None` for an element type dense
/// attributes cannot hold.
pub fn to_dense(ctx: &mut Context, t: &Tensor) -> Option<tensor_ir::Attribute> {
    let ty = tensor_type(ctx, t);
    let elem = ctx.element_type(ty)?;
    let kind = ElementKind::of(ctx.type_kind(elem))?;
    let values = element_values(t, kind)?;
    ctx.dense_elements_attr(ty, values)
}
