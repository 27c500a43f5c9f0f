// Input comes from standard input when the file is `-` or omitted; diagnostics name it <stdin>.
// RUN: tensor-opt < %s | FileCheck %s
// RUN: tensor-opt - < %s | FileCheck %s
// RUN: not tensor-opt < %S/Inputs/invalid.mlir 2>&1 | FileCheck %s --check-prefix=ERR

// CHECK: func.func private @from_stdin()
func.func private @from_stdin()

// ERR: <stdin>:2:10: error: use of undeclared SSA value name
