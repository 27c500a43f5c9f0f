//! The dialects upstream `mlir-opt` 22 registers. Their ops have properties and
//! their attributes and types may print as aliases there, which the printer must
//! mirror for ops and values the context only knows as text.

const UPSTREAM_DIALECTS: &[&str] = &[
    "acc", "affine", "amdgpu", "amx", "arith", "arm_neon", "arm_sme", "arm_sve", "async",
    "bufferization", "builtin", "cf", "complex", "dlti", "emitc", "func", "gpu", "index",
    "irdl", "linalg", "llvm", "math", "memref", "ml_program", "mpi", "nvgpu", "nvvm", "omp",
    "pdl", "pdl_interp", "ptr", "quant", "rocdl", "scf", "shape", "shard", "smt",
    "sparse_tensor", "spirv", "tensor", "test", "test_dyn", "tosa", "transform", "ub",
    "vector", "wasmssa", "x86vector", "xegpu", "xevm",
];

/// Whether `mlir-opt` 22 registers a dialect of this namespace.
pub fn is_upstream_dialect(name: &str) -> bool {
    UPSTREAM_DIALECTS.contains(&name)
}
