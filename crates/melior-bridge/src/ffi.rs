//! The few MLIR C API calls that melior 0.27 does not wrap, behind safe
//! functions. This is the only module with `unsafe` code: each call passes
//! handles that melior's safe types guarantee to be live for `'c` (the
//! context's lifetime), and checks what the C API leaves to the caller.
#![allow(unsafe_code)]

use std::ffi::CString;

use melior::Context;
use melior::StringRef;
use melior::ir::attribute::AttributeLike;
use melior::ir::r#type::TypeLike;
use melior::ir::{Attribute, Location, Operation, Type};
use mlir_sys::{
    MlirAttribute, mlirEmitError, mlirOperationCreateParse, mlirRankedTensorTypeGet,
    mlirShapedTypeGetDimSize, mlirShapedTypeGetDynamicSize, mlirShapedTypeGetElementType,
    mlirShapedTypeGetRank, mlirShapedTypeIsDynamicSize,
};

/// The sizes of a ranked tensor or vector type (`None` for a dynamic size),
/// or `None` for any other type.
pub(crate) fn ranked_dims(ty: Type<'_>) -> Option<Vec<Option<u64>>> {
    if !(ty.is_ranked_tensor() || ty.is_vector()) {
        return None;
    }
    let raw = ty.to_raw();
    // SAFETY: `raw` is a live ranked shaped type (checked above), for which
    // the shaped-type queries are defined; `dim` stays below the rank.
    let rank = unsafe { mlirShapedTypeGetRank(raw) };
    (0..rank)
        .map(|dim| {
            let dim = isize::try_from(dim).ok()?;
            // SAFETY: as above, `dim < rank`.
            let size = unsafe { mlirShapedTypeGetDimSize(raw, dim) };
            // SAFETY: a plain query on an integer.
            let dynamic = unsafe { mlirShapedTypeIsDynamicSize(size) };
            Some(if dynamic {
                None
            } else {
                u64::try_from(size).ok()
            })
        })
        .collect()
}

/// The element type of a tensor or vector type.
pub(crate) fn element_type<'c>(ty: Type<'c>) -> Option<Type<'c>> {
    if !(ty.is_tensor() || ty.is_vector()) {
        return None;
    }
    // SAFETY: `ty` is a live shaped type (checked above); its element type
    // lives in the same context.
    Some(unsafe { Type::from_raw(mlirShapedTypeGetElementType(ty.to_raw())) })
}

/// The ranked tensor type of `dims` (`None` for `?`) with `element` and an
/// optional encoding, or `None` if a size does not fit MLIR's `int64_t`.
pub(crate) fn ranked_tensor<'c>(
    dims: &[Option<u64>],
    element: Type<'c>,
    encoding: Option<Attribute<'c>>,
) -> Option<Type<'c>> {
    // SAFETY: a plain query.
    let dynamic = unsafe { mlirShapedTypeGetDynamicSize() };
    let sizes: Vec<i64> = dims
        .iter()
        .map(|d| match d {
            None => Some(dynamic),
            Some(n) => i64::try_from(*n).ok().filter(|&n| n != dynamic),
        })
        .collect::<Option<_>>()?;
    let rank = isize::try_from(sizes.len()).ok()?;
    let encoding = encoding.map_or(
        MlirAttribute {
            ptr: std::ptr::null(),
        },
        |a| a.to_raw(),
    );
    // SAFETY: `sizes` holds `rank` sizes and outlives the call; `element`
    // and `encoding` (or null: none) are live handles of one context.
    Some(unsafe {
        Type::from_raw(mlirRankedTensorTypeGet(
            rank,
            sizes.as_ptr(),
            element.to_raw(),
            encoding,
        ))
    })
}

/// Emits an error at `location` through the context's diagnostic engine
/// (its handlers, or the default one that prints it). A NUL byte in the
/// message, which C strings cannot hold, becomes `\0`.
pub(crate) fn emit_error(location: Location<'_>, message: &str) {
    let message = CString::new(message.replace('\0', "\\0")).unwrap_or_default();
    // SAFETY: `location` is live; `message` is NUL-terminated and outlives
    // the call, which copies it.
    unsafe { mlirEmitError(location.to_raw(), message.as_ptr()) }
}

/// Parses the one top-level operation of `source` (usually a
/// `builtin.module`), whose locations name `filename`, and verifies it; errors
/// go to the context's diagnostic handlers. `None` if it does not parse or
/// verify, or if `source` holds a NUL byte.
pub(crate) fn parse_operation<'c>(
    context: &'c Context,
    source: &str,
    filename: &str,
) -> Option<Operation<'c>> {
    // MLIR's lexer reads up to a terminating NUL byte.
    let source = CString::new(source).ok()?;
    let filename = CString::new(filename).ok()?;
    // SAFETY: both strings are NUL-terminated and outlive the call, which
    // copies the source into its own buffer. The result is null or an owned
    // operation, which `Operation::from_option_raw` takes over.
    unsafe {
        Operation::from_option_raw(mlirOperationCreateParse(
            context.to_raw(),
            StringRef::from_c_str(&source).to_raw(),
            StringRef::from_c_str(&filename).to_raw(),
        ))
    }
}

/// `location`, which a diagnostic handler of `context` received, as a
/// location of `context`'s lifetime; `None` if it belongs to another context.
pub(crate) fn location_of<'c>(
    context: &'c Context,
    location: Location<'_>,
) -> Option<Location<'c>> {
    if location.context() != *context {
        return None;
    }
    // SAFETY: MLIR locations are immutable attributes uniqued in their
    // context and freed only with it; this one belongs to `context` (checked
    // above), which outlives `'c`.
    Some(unsafe { Location::from_raw(location.to_raw()) })
}
