//! Passes of tensor-opt, one module per pass. Each pass implements
//! [`tensor_ir::pass::Pass`] and is registered by one line of [`register_passes`],
//! from which the driver builds its flag, `--help` line, `--mlir-timing` entry and
//! its section of `docs/passes.md`.

#![warn(missing_docs)]

pub mod canonicalize;
pub mod cse;
pub mod dce;
pub mod lower_broadcast;
pub mod test_print_shapes;
pub mod verify_broadcast;
pub mod verify_explicit_broadcast;
pub mod view_op_graph;

use tensor_ir::pass::{PassRegistry, RegistryError};

/// Registers every pass of this crate, in the order `--help` lists them.
///
/// # Errors
/// If a pass's description is malformed or its argument already taken.
pub fn register_passes(registry: &mut PassRegistry) -> Result<(), RegistryError> {
    registry.register::<canonicalize::Canonicalize>()?;
    registry.register::<cse::Cse>()?;
    registry.register::<dce::Dce>()?;
    registry.register::<lower_broadcast::LowerBroadcast>()?;
    registry.register::<test_print_shapes::TestPrintShapes>()?;
    registry.register::<verify_broadcast::VerifyBroadcast>()?;
    registry.register::<verify_explicit_broadcast::VerifyExplicitBroadcast>()?;
    registry.register::<view_op_graph::ViewOpGraph>()?;
    Ok(())
}
