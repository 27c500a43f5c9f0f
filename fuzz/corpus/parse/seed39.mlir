// Floats of every type and magnitude print exactly as upstream's APFloat prints them.
// REQUIRES: mlir-opt
// RUN: python3 %S/Inputs/gen_floats.py > %t.mlir
// RUN: tensor-opt --allow-unregistered-dialect %t.mlir > %t.ours
// RUN: mlir-opt --allow-unregistered-dialect %t.mlir > %t.theirs
// RUN: diff %t.ours %t.theirs
