// tensor-run's command line: the default entry, standard input, .npy results
// and arguments, timings, and usage errors.
// RUN: tensor-run %s --arg 'dense<[1.0, 2.0]> : tensor<2xf32>' | FileCheck %s --check-prefix=MAIN
// RUN: cat %s | tensor-run - --arg 'dense<[1.0, 2.0]> : tensor<2xf32>' | FileCheck %s --check-prefix=MAIN
// `--` ends the options: a program named like a flag is read.
// RUN: rm -rf %t.d && mkdir -p %t.d && cp %s %t.d/-prog.mlir
// RUN: cd %t.d && tensor-run --arg 'dense<[1.0, 2.0]> : tensor<2xf32>' -- -prog.mlir | FileCheck %s --check-prefix=MAIN
// RUN: rm -f %t.sq.npy %t.sum.npy
// RUN: tensor-run %s --entry two --arg 'dense<[1.0, 2.0]> : tensor<2xf32>' --out %t.sq.npy | FileCheck %s --check-prefix=ONEOUT
// RUN: tensor-run %s --arg %t.sq.npy | FileCheck %s --check-prefix=NPY
// RUN: tensor-run %s --entry two --arg %t.sq.npy --out %t.sq.npy --out %t.sum.npy > %t.stdout
// RUN: test ! -s %t.stdout
// RUN: tensor-run %s --entry scalar --arg %t.sum.npy | FileCheck %s --check-prefix=SUM
// RUN: tensor-run %s --arg 'dense<[1.0, 2.0]> : tensor<2xf32>' --repeat 3 --timing 2>&1 >/dev/null | FileCheck %s --check-prefix=TIMING
// RUN: not tensor-run %s --bogus 2>&1 | FileCheck %s --check-prefix=FLAG
// RUN: not tensor-run %s --entry nothere 2>&1 | FileCheck %s --check-prefix=ENTRY
// RUN: not tensor-run %s --arg %t.missing.npy 2>&1 | FileCheck %s --check-prefix=ARG
// RUN: not tensor-run %s --arg 'dense<[1.0, 2.0> : tensor<2xf32>' 2>&1 | FileCheck %s --check-prefix=LITERAL
// RUN: not tensor-run %s --max-memory lots 2>&1 | FileCheck %s --check-prefix=MEM
// RUN: not tensor-run %s --arg 'dense<[1.0, 2.0]> : tensor<2xf32>' --out %t.a.npy --out %t.b.npy 2>&1 | FileCheck %s --check-prefix=OUTS

// MAIN: dense<[1.000000e+00, 4.000000e+00]> : tensor<2xf32>
// NPY: dense<[1.000000e+00, 1.600000e+01]> : tensor<2xf32>
func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {
  %y = nd.mul %x, %x : tensor<2xf32>
  return %y : tensor<2xf32>
}

// With one --out, the first result goes to the file and the second is printed.
// ONEOUT: dense<3.000000e+00> : tensor<f32>
// ONEOUT-NOT: tensor<2xf32>
func.func @two(%x: tensor<2xf32>) -> (tensor<2xf32>, tensor<f32>) {
  %y = nd.mul %x, %x : tensor<2xf32>
  %s = nd.reduce sum %x across [0] : (tensor<2xf32>) -> tensor<f32>
  return %y, %s : tensor<2xf32>, tensor<f32>
}

// SUM: dense<5.000000e+00> : tensor<f32>
func.func @scalar(%x: tensor<f32>) -> tensor<f32> {
  return %x : tensor<f32>
}

// TIMING: execution: min {{[0-9.]+}} ms, median {{[0-9.]+}} ms (3 runs)
// FLAG: error: unexpected argument '--bogus'
// ENTRY: tensor-run: no function @nothere with a body in
// ARG: tensor-run: --arg #0: '{{.*}}missing.npy' is neither a .npy file nor an MLIR literal
// LITERAL: <--arg #0>:1:{{[0-9]+}}: error:
// MEM: tensor-run: invalid --max-memory 'lots'
// OUTS: tensor-run: 2 --out paths, but @main has 1 results
