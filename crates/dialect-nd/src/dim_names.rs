//! `nd.dim_names`, the argument attribute that names a function argument's dims
//! (see `docs/dialect.md`): its verification. What the names mean is read where
//! they are used, from [`broadcastable_ir::shapes::named_dims`].

pub use broadcastable_ir::shapes::{NamedDim, named_dims, tied};

use broadcastable_ir::shapes::{entry_args, names_of, static_conflict};
use tensor_ir::diag::Diagnostic;
use tensor_ir::module::{Module, OpId};
use tensor_ir::types::TypeKind;
use tensor_ir::verify::ArgAttrVerifier;
use tensor_ir::{Attribute, Context};

/// The name of the argument attribute naming a function argument's dims, spelled
/// once: the shape analysis learns it when the dialect is registered.
pub const DIM_NAMES: &str = "nd.dim_names";

/// The nd dialect's check of its argument attributes.
pub const VERIFIER: ArgAttrVerifier = ArgAttrVerifier(verify_arg_attr);

/// Checks `nd.dim_names` on argument `arg` of `func`: an array of strings, one per
/// dim of a ranked tensor argument; two static dims of one name have one size.
/// Other `nd.` argument attributes are not the dialect's to check.
fn verify_arg_attr(
    ctx: &Context,
    module: &Module,
    func: OpId,
    arg: usize,
    name: &str,
    value: Attribute,
) -> Result<(), Diagnostic> {
    if name != DIM_NAMES {
        return Ok(());
    }
    let Some(&v) = entry_args(module, func).and_then(|a| a.get(arg)) else {
        // A declaration has no arguments to name: its signature still does.
        return Ok(());
    };
    let at = |message: String| {
        let o = module.op(func);
        let loc = module.arg_location(v).unwrap_or_else(|| o.location());
        Diagnostic::error(loc, format!("'{}' op {message}", ctx.str(o.name())))
    };
    let ty = module.value_type(v);
    let mut type_text = String::new();
    // Writing to a String cannot fail.
    let _ = ctx.write_type(ty, &mut type_text);
    let TypeKind::Tensor { dims, .. } = ctx.type_kind(ty) else {
        return Err(at(format!(
            "'{DIM_NAMES}' attribute attached to argument #{arg} of type '{type_text}', which is not a ranked tensor"
        )));
    };
    let names = names_of(ctx, value).map_err(|_| {
        at(format!(
            "expected '{DIM_NAMES}' of argument #{arg} to be an array of strings"
        ))
    })?;
    if names.len() != dims.len() {
        return Err(at(format!(
            "expected '{DIM_NAMES}' of argument #{arg} to have {} names (one per dim of '{type_text}'), but found {}",
            dims.len(),
            names.len()
        )));
    }
    // Reported at the later argument of a conflicting pair, so once.
    let named = named_dims(ctx, module, func);
    if let Some((first, other)) = static_conflict(&named)
        && other.arg == arg
    {
        let size = |s: Option<i64>| s.map_or_else(|| "?".to_owned(), |s| s.to_string());
        return Err(at(format!(
            "argument #{arg} dim {} is named \"{}\" with size {}, but argument #{} dim {} of that name has size {}",
            other.dim,
            other.name,
            size(other.size),
            first.arg,
            first.dim,
            size(first.size)
        )));
    }
    Ok(())
}
