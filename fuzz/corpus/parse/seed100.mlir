// RUN: FileCheck %s --input-file %s --check-prefix=SELF
// Runner self-test: FileCheck reading the test file itself. The patterns
// use regexes so that they do not match their own lines.
// tensor.shape = [[2, 3], [4]] marker-one
// value 42 then 42 again

// SELF: tensor.shape = {{\[\[}}2, 3], [4]] marker-{{one}}
// SELF-NEXT: value [[N:[0-9]+]] then [[N]] again
// SELF-NOT: {{marker-[o]ne}}
