//! `nd.assert`: a run-time check with a message, the form of JAX's
//! `stablehlo.custom_call @shape_assertion` (and of any check a program states
//! about its own sizes) in `nd`.

use tensor_ir::ods::TypeConstraint;
use tensor_ir::ods::attr_types::StrAttr;
use tensor_ir::registry::Syntax;
use tensor_ir::{Context, Module, OpId, Signedness, TypeKind};

use crate::support::{VResult, fail, tensor_dims, tensor_elem};

/// A 0-D tensor whose single element satisfies `accepts`.
fn scalar_of(ctx: &Context, t: tensor_ir::Type, accepts: fn(&TypeKind) -> bool) -> bool {
    tensor_dims(ctx, t).is_some_and(|d| d.is_empty())
        && tensor_elem(ctx, t).is_some_and(|e| accepts(ctx.type_kind(e)))
}

/// `tensor<i1>`.
const BOOL_SCALAR: TypeConstraint = TypeConstraint {
    summary: "0-D tensor of i1",
    check: |ctx, t, s| {
        (!scalar_of(ctx, t, |k| {
            matches!(
                k,
                TypeKind::Integer {
                    width: 1,
                    signedness: Signedness::Signless
                }
            )
        }))
        .then(|| format!("{s} must be a 'tensor<i1>'"))
    },
};

/// A 0-D tensor of integers or `index`: a value the message shows.
const INT_SCALAR: TypeConstraint = TypeConstraint {
    summary: "0-D tensor of integer or index",
    check: |ctx, t, s| {
        (!scalar_of(ctx, t, |k| {
            matches!(k, TypeKind::Integer { .. } | TypeKind::Index)
        }))
        .then(|| format!("{s} must be a 0-D tensor of integer or index"))
    },
};

/// The numbers `k` of the `{k}` placeholders of `message`, in order. Text in
/// braces that is not a decimal number is left as it is.
pub fn placeholders(message: &str) -> impl Iterator<Item = (std::ops::Range<usize>, usize)> + '_ {
    let bytes = message.as_bytes();
    let mut at = 0;
    std::iter::from_fn(move || {
        while let Some(off) = message.get(at..)?.find('{') {
            let start = at + off;
            let digits = bytes[start + 1..]
                .iter()
                .take_while(|b| b.is_ascii_digit())
                .count();
            let end = start + 1 + digits;
            at = start + 1;
            if digits > 0 && bytes.get(end) == Some(&b'}') {
                // A number too large for usize is no placeholder of any operand.
                if let Ok(k) = message[start + 1..end].parse::<usize>() {
                    at = end + 1;
                    return Some((start..end + 1, k));
                }
            }
        }
        None
    })
}

/// `message` with each `{k}` replaced by `value(k)`.
pub fn format_message(message: &str, value: impl Fn(usize) -> Option<String>) -> String {
    let mut out = String::with_capacity(message.len());
    let mut last = 0;
    for (range, k) in placeholders(message) {
        out.push_str(&message[last..range.start]);
        match value(k) {
            Some(v) => out.push_str(&v),
            None => out.push_str(&message[range.clone()]),
        }
        last = range.end;
    }
    out.push_str(&message[last..]);
    out
}

/// Every `{k}` of the message names one of the values.
fn verify_assert(ctx: &Context, module: &Module, op: OpId) -> VResult {
    let Some(h) = AssertOp::cast(ctx, module, op) else {
        return Ok(());
    };
    let n = h.values(module).len();
    let message = h.message(ctx, module);
    if let Some((_, k)) = placeholders(message).find(|&(_, k)| k >= n) {
        return fail(
            ctx,
            module,
            op,
            format!("message refers to value {{{k}}}, but the op has {n} values to show"),
        );
    }
    Ok(())
}

tensor_ir::op! {
    /// Fails the run, at this op's location, with `message` when `condition` is
    /// false. Each `{k}` in the message is replaced by the `k`th of `values`
    /// (counting from 0), as JAX's shape assertions word their errors.
    ///
    /// ```mlir
    /// nd.assert %ok, %b {message = "expected b >= 1, got {0}"} : (tensor<i1>, tensor<i32>) -> ()
    /// ```
    ///
    /// The condition is a `tensor<i1>`, the values 0-D tensors of integers or
    /// `index`. It has an effect (the failure), so it is not pure: nothing erases
    /// it for having no results.
    pub struct AssertOp = "nd.assert" {
        summary: "run-time check with a message",
        operands: { condition: BOOL_SCALAR, values*: INT_SCALAR },
        results: {},
        attributes: { message: StrAttr },
        syntax: Syntax::Format("operands attr-dict `:` functional-type(operands, results)", &[]),
        verify: verify_assert,
    }
}

/// Attaches what the layers need of `nd.assert`: a shape transfer with no
/// results (the analysis learns nothing from a check it does not prove).
///
/// # Errors
/// If the `nd` dialect is not registered in `ctx`.
pub fn register(ctx: &mut Context) -> Result<(), tensor_ir::interfaces::InterfaceError> {
    ctx.attach_interface(
        AssertOp::NAME,
        broadcastable_ir::shapes::ShapeTransfer {
            transfer: |_, _| smallvec::SmallVec::new(),
        },
    )
}

#[cfg(test)]
mod tests {
    use super::format_message;

    #[test]
    fn placeholders_are_replaced_by_their_values() {
        let v = |k: usize| (k < 2).then(|| format!("<{k}>"));
        assert_eq!(format_message("a {0} b {1} {0}", v), "a <0> b <1> <0>");
        // Not placeholders, or of no value: left as written.
        assert_eq!(format_message("{x} {} {7} {", v), "{x} {} {7} {");
        assert_eq!(
            format_message("{99999999999999999999999}", v),
            "{99999999999999999999999}"
        );
    }
}
