// Nesting is bounded: too-deep input gets a located error, not a stack overflow.
// RUN: python3 -c "print('\"t.op\"() {a = ' + '[' * 300 + ']' * 300 + '} : () -> ()')" > %t.attrs
// RUN: not tensor-opt --allow-unregistered-dialect %t.attrs 2>&1 | FileCheck %s --check-prefix=ATTRS
// RUN: python3 -c "print('\"t.op\"() ({' * 300 + '}) : () -> ()' * 300)" > %t.regions
// RUN: not tensor-opt --allow-unregistered-dialect %t.regions 2>&1 | FileCheck %s --check-prefix=REGIONS
// RUN: python3 -c "print('\"t.op\"() {a = ' + '[' * 200 + ']' * 200 + '} : () -> ()')" > %t.ok
// RUN: tensor-opt --allow-unregistered-dialect %t.ok | FileCheck %s --check-prefix=OK

// ATTRS: attrs:1:{{[0-9]+}}: error: nesting deeper than 256 levels
// REGIONS: regions:1:{{[0-9]+}}: error: nesting deeper than 256 levels
// OK: "t.op"() {a = {{\[+\]+}}} : () -> ()
