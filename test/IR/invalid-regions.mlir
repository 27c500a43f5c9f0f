// Structural errors of blocks and regions, with upstream's messages (the same file
// runs under mlir-opt: invalid-regions-mlir-opt.mlir).
// RUN: tensor-opt --allow-unregistered-dialect %s -split-input-file -verify-diagnostics

func.func @successors_in_the_middle() {
  "t.region"() ({
    // expected-error@+1 {{operation with block successors must terminate its parent block}}
    "t.br"()[^bb1] : () -> ()
    "t.op"() : () -> ()
  ^bb1:
    "t.ret"() : () -> ()
  }) : () -> ()
  return
}
