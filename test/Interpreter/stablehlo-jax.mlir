// tensor-run on the JAX corpus itself (test/Dialect/stablehlo/jax/): the
// shape-polymorphic exports run at sizes where a `?` is 1, and JAX's shape
// assertion fails where JAX's would, with its message at its location (JAX
// names it "shape_assertion"). Each softmax row of equal inputs is 1/16.
// tests/stablehlo_run.rs and scripts/jax-suite.py compare with JAX's values.
// RUN: tensor-run %S/../Dialect/stablehlo/jax/softmax.bs.mlir --arg 'dense<3.0> : tensor<1x1x16xf32>' | FileCheck %s --check-prefix=STRETCH
// RUN: tensor-run %S/../Dialect/stablehlo/jax/softmax.b.loc.mlir --arg 'dense<1.0> : tensor<1x8x16xf32>' | FileCheck %s --check-prefix=LOC
// RUN: not tensor-run %S/../Dialect/stablehlo/jax/softmax.b.loc.mlir --arg 'dense<> : tensor<0x8x16xf32>' 2>&1 | FileCheck %s --check-prefix=ASSERT
// RUN: tensor-opt %S/../Dialect/stablehlo/jax/softmax.b.mlir --mlir-print-op-generic -o %t.generic.mlir
// RUN: tensor-run %t.generic.mlir --arg 'dense<-1.0> : tensor<2x8x16xf32>' | FileCheck %s --check-prefix=GENERIC

// STRETCH: dense<6.250000e-02> : tensor<1x1x16xf32>
// LOC: dense<6.250000e-02> : tensor<1x8x16xf32>
// ASSERT: error: loc("shape_assertion"): Input shapes do not match the polymorphic shapes specification. Expected value >= 1 for dimension variable 'b'. {{.*}} Obtained dimension variables: 'b' = 0 from specification 'b' for dimension args[0].shape[0] (= 0)
// GENERIC: dense<6.250000e-02> : tensor<2x8x16xf32>
