//! `tensor-ir`: the IR core of tensor-opt, in the style of MLIR.
//!
//! - [`Context`] uniques symbols, [`Type`]s, [`Attribute`]s and locations and holds
//!   the registered dialects and loaded sources.
//! - [`Module`] owns operations, blocks, regions and values in arenas.
//! - [`parse`] reads MLIR's textual format; [`print`](mod@print) writes it back;
//!   [`verify`] checks it; [`diag`] renders located diagnostics as mlir-opt does.
//! - [`symbol_table`] resolves symbol references (`@f`) in their symbol tables.

#![warn(missing_docs)]

pub mod affine;
mod apfloat;
pub mod attrs;
pub mod builder;
pub mod calls;
pub mod context;
pub mod dense;
pub mod diag;
pub mod dialects;
pub mod dominance;
pub mod extent;
pub mod float;
pub mod interfaces;
mod intern;
pub mod location;
pub mod module;
pub mod ods;
pub mod parse;
pub mod pass;
pub mod print;
pub mod registry;
pub mod resources;
pub mod rewrite;
pub mod source;
pub mod symbol_table;
pub mod types;
pub mod verify;
mod walk;

pub use attrs::{AttrKind, AttrOrType, Attribute, NamedAttr};
pub use context::{Context, DialectAttrHook, ResultNamer, Symbol};
pub use dense::{DenseElement, ElementKind, ElementValues};
pub use diag::{Diagnostic, Diagnostics, Severity};
pub use extent::Extent;
pub use interfaces::OpKind;
pub use location::{LocKind, Location};
pub use module::{BlockId, Module, OpId, Operation, OperationState, RegionId, Value, ValueDef};
pub use registry::{Dialect, OpDef, OpTrait};
pub use types::{DYNAMIC, FloatKind, Signedness, Type, TypeKind};
