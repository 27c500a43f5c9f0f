// A standard output or input that is closed (no descriptor at all, `>&-`, `<&-`)
// is an error with exit code 1, as upstream reports it (`IO failure on output
// stream: Bad file descriptor`, `cannot open input file '-': Bad file
// descriptor`); /dev/null, empty or open for reading and writing, is not.
// The tool is run through `sh -c 'exec ...'` so that nothing between the shell and
// the tool reopens the closed descriptor.
// RUN: not sh -c 'exec tensor-opt %s >&-' 2>&1 | FileCheck %s --check-prefix=STDOUT
// RUN: not sh -c 'exec tensor-opt %s -o - >&-' 2>&1 | FileCheck %s --check-prefix=STDOUT
// RUN: not sh -c 'exec tensor-opt <&-' 2>&1 | FileCheck %s --check-prefix=STDIN
// RUN: not sh -c 'exec tensor-opt - <&-' 2>&1 | FileCheck %s --check-prefix=STDIN
// RUN: tensor-opt %s > /dev/null
// RUN: tensor-opt %s 1<> /dev/null
// RUN: tensor-opt < /dev/null | FileCheck %s --check-prefix=EMPTY
// RUN: tensor-opt - 0<> /dev/null | FileCheck %s --check-prefix=EMPTY
// Output to a file, or a file as input, does not need the closed stream.
// RUN: sh -c 'exec tensor-opt %s -o %t.out >&-'
// RUN: FileCheck %s --input-file %t.out
// RUN: sh -c 'exec tensor-opt %s <&-' | FileCheck %s
// A run with errors writes no output, so only its diagnostics are reported.
// RUN: not sh -c 'exec tensor-opt %S/Inputs/invalid.mlir >&-' 2>&1 | FileCheck %s --check-prefix=INVALID

// STDOUT: error: could not write to standard output: Bad file descriptor
// STDIN: error: could not open input file '-': Bad file descriptor
// EMPTY: module {
// INVALID: invalid.mlir:2:10: error: use of undeclared SSA value name
// INVALID-NOT: standard output

// CHECK: func.func private @closed_stdio()
func.func private @closed_stdio()
