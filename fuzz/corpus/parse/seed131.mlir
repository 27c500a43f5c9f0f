// Diagnostics are coloured as clang and mlir-opt colour them with --color=always
// (or a bare --color, as LLVM tools spell it), and never when piped: --color=auto,
// the default, colours only a terminal. `sed` shows the escapes as `<ESC>`.
// RUN: not tensor-opt -split-input-file %S/Inputs/color.mlir 2>&1 | sed 's/\x1b/<ESC>/g' | FileCheck %s --check-prefix=PIPED
// RUN: not tensor-opt -split-input-file --color=auto %S/Inputs/color.mlir 2>&1 | sed 's/\x1b/<ESC>/g' | FileCheck %s --check-prefix=PIPED
// RUN: not tensor-opt -split-input-file --color=never %S/Inputs/color.mlir 2>&1 | sed 's/\x1b/<ESC>/g' | FileCheck %s --check-prefix=PIPED
// RUN: not tensor-opt -split-input-file --color=always %S/Inputs/color.mlir 2>&1 | sed 's/\x1b/<ESC>/g' | FileCheck %s --check-prefix=ALWAYS --strict-whitespace
// RUN: not tensor-opt -split-input-file -color %S/Inputs/color.mlir 2>&1 | sed 's/\x1b/<ESC>/g' | FileCheck %s --check-prefix=ALWAYS --strict-whitespace
// RUN: not tensor-opt --color=sometimes %S/Inputs/color.mlir 2>&1 | FileCheck %s --check-prefix=BAD

// PIPED-NOT: <ESC>
// PIPED:     color.mlir:5:3: error: redefinition of SSA value '%0'
// PIPED:     color.mlir:4:3: note: previously defined here
// PIPED:     color.mlir:12:3: error: 'test.broadcastable' op requires one result
// PIPED:     color.mlir:12:3: note: see current operation:

// Bold location, red severity, bold message (reset after the line break), plain
// source line, green caret; a note is bold black.
// ALWAYS: {{^}}<ESC>[1m{{.*}}color.mlir:5:3: <ESC>[0m<ESC>[0;1;31merror: <ESC>[0m<ESC>[1mredefinition of SSA value '%0'{{$}}
// ALWAYS-NEXT: {{^}}<ESC>[0m  %0 = "func.call"(%a) <{callee = @f}> : (i32) -> i32{{$}}
// ALWAYS-NEXT: {{^}}<ESC>[0;1;32m  ^{{$}}
// ALWAYS-NEXT: {{^}}<ESC>[0m<ESC>[1m{{.*}}color.mlir:4:3: <ESC>[0m<ESC>[0;1;30mnote: <ESC>[0m<ESC>[1mpreviously defined here{{$}}
// ALWAYS-NEXT: {{^}}<ESC>[0m  %0 = "func.call"(%a) <{callee = @f}> : (i32) -> i32{{$}}
// ALWAYS-NEXT: {{^}}<ESC>[0;1;32m  ^{{$}}
// ALWAYS-NEXT: {{^}}<ESC>[0m<ESC>[1m{{.*}}color.mlir:12:3: <ESC>[0m<ESC>[0;1;31merror: <ESC>[0m<ESC>[1m'test.broadcastable' op requires one result{{$}}
// ALWAYS: {{^}}<ESC>[0m<ESC>[1m{{.*}}color.mlir:12:3: <ESC>[0m<ESC>[0;1;30mnote: <ESC>[0m<ESC>[1msee current operation: "test.broadcastable"() : () -> (){{$}}
// ALWAYS-NEXT: {{^}}<ESC>[0m{{$}}

// BAD: invalid value 'sometimes' for '--color[=<when>]'
