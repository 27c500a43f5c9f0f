// --diagnostics-format=json writes one JSON object per diagnostic (JSON Lines),
// with its severity, stable code, location (1-based line and byte column; null
// without a file position, then `loc`), message and notes (`hint` marks notes
// beyond upstream's). --diagnostics-format=sarif writes one SARIF 2.1.0 document
// (tests/sarif.rs validates it against the schema). Text stays the default.
// RUN: not tensor-opt -split-input-file --verify-broadcast --diagnostics-format=json %S/Inputs/diagnostics-format.mlir 2>&1 | FileCheck %s --check-prefix=JSON
// RUN: not tensor-opt -split-input-file --verify-broadcast --diagnostics-format=sarif %S/Inputs/diagnostics-format.mlir 2>&1 | FileCheck %s --check-prefix=SARIF
// RUN: not tensor-opt -split-input-file --verify-broadcast --diagnostics-format=text %S/Inputs/diagnostics-format.mlir 2>&1 | FileCheck %s --check-prefix=TEXT
// RUN: not tensor-opt -split-input-file --verify-broadcast %S/Inputs/diagnostics-format.mlir 2>&1 | FileCheck %s --check-prefix=TEXT
// RUN: tensor-opt --diagnostics-format=json %S/../../examples/softmax.mlir 2>&1 >/dev/null | FileCheck %s --check-prefix=CLEAN --allow-empty
// RUN: not tensor-opt --diagnostics-format=xml %s 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: not tensor-opt --diagnostics-format=json %S/Inputs/does-not-exist.mlir 2>&1 | FileCheck %s --check-prefix=MISSING
// RUN: not tensor-opt %S/Inputs/does-not-exist.mlir 2>&1 | FileCheck %s --check-prefix=MISSING-TEXT

// JSON: {"code":"parse.unknown-op","location":{"column":8,"file":"{{.*}}diagnostics-format.mlir","line":4},"message":"custom op 'nd.ad' is unknown","notes":[{"hint":true,"location":{"column":8,"file":"{{.*}}diagnostics-format.mlir","line":4},"message":"did you mean `nd.add`?","severity":"note"}],"severity":"error"}
// JSON-NEXT: {"code":"broadcast.incompatible","location":{"column":8,"file":"{{.*}}","line":11},"message":"'nd.add' op operands don't have broadcast-compatible shapes","notes":[{"hint":false,{{.*}}"message":"see current operation: {{.*}}"severity":"note"},{"hint":false,{{.*}}"message":"operand #0 ('tensor<2x1xf32>') dim 0 has size 2 but {{.*}}"severity":"note"},{"hint":true,{{.*}}"message":"shapes aligned from the right:\n  operand #0:  2 x 1\n  operand #1:  4 x 3\n      result:  4 x 3\n               ^ result dim 0: 2 vs 4, and neither is 1","severity":"note"}],"severity":"error"}
// JSON-NEXT: {"code":"broadcast.runtime-check","location":{"column":8,"file":"{{.*}}","line":18},"message":"operand #0 dim 0 (%arg0[0]) must be 1 or equal to 3 at run time","notes":[{"hint":true,{{.*}}"severity":"note"}],"severity":"remark"}
// JSON-NEXT: {"code":"verify.error","loc":"loc(\"here\")","location":null,"message":"'test.broadcastable' op requires one result","notes":[{"hint":false,"loc":"loc(\"here\")","location":null,"message":"see current operation: \"test.broadcastable\"() : () -> ()","severity":"note"}],"severity":"error"}
// JSON-NOT: {{.}}

// SARIF: "$schema": "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json",
// SARIF: "columnKind": "unicodeCodePoints",
// SARIF: "exitCode": 1
// SARIF: "results": [
// SARIF: "level": "error",
// SARIF: "uri": "{{.*}}test/Driver/Inputs/diagnostics-format.mlir"
// SARIF: "startColumn": 8,
// SARIF-NEXT: "startLine": 4
// SARIF: "text": "custom op 'nd.ad' is unknown"
// SARIF: "relatedLocations": [
// SARIF: "text": "did you mean `nd.add`?"
// SARIF: "ruleId": "parse.unknown-op",
// SARIF-NEXT: "ruleIndex": 0
// SARIF: "ruleId": "broadcast.incompatible",
// SARIF-NEXT: "ruleIndex": 1
// SARIF: "level": "note",
// SARIF: "text": "operand #0 dim 0 (%arg0[0]) must be 1 or equal to 3 at run time"
// SARIF: "ruleId": "broadcast.runtime-check",
// SARIF: "text": "loc(\"here\"): 'test.broadcastable' op requires one result"
// SARIF: "tool": {
// SARIF-NEXT: "driver": {
// SARIF-NEXT: "name": "tensor-opt",
// SARIF-NEXT: "rules": [
// SARIF-NEXT: {
// SARIF-NEXT: "id": "parse.unknown-op"
// SARIF-NEXT: },
// SARIF-NEXT: {
// SARIF-NEXT: "id": "broadcast.incompatible"
// SARIF: "version": "2.1.0"

// TEXT: diagnostics-format.mlir:4:8: error: custom op 'nd.ad' is unknown
// TEXT: diagnostics-format.mlir:4:8: note: did you mean `nd.add`?
// TEXT-NOT: {"

// A clean run writes nothing.
// CLEAN-NOT: {{.}}

// BAD: invalid value 'xml' for '--diagnostics-format=<format>'

// An input that cannot be read is a diagnostic of the chosen format too.
// MISSING: {"code":"driver.error","location":null,"message":"could not open input file '{{.*}}does-not-exist.mlir': {{.*}}","notes":[],"severity":"error"}
// MISSING-NOT: {{.}}
// MISSING-TEXT: {{^}}error: could not open input file '{{.*}}does-not-exist.mlir'
