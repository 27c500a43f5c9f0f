// The programs in examples/ run on the inputs bundled in examples/inputs/; the
// variants of one computation agree. (scripts/numpy-diff.py and bench/interp.py
// compare with NumPy; these outputs were checked against NumPy as well.)
// RUN: tensor-run %S/../../examples/softmax.mlir --entry softmax --arg %S/../../examples/inputs/softmax_x.npy | FileCheck %s --check-prefix=SOFTMAX
// RUN: tensor-run %S/../../examples/softmax.mlir --entry softmax_xla --arg %S/../../examples/inputs/softmax_x.npy | FileCheck %s --check-prefix=SOFTMAX
// RUN: tensor-run %S/../../examples/softmax.mlir --entry softmax_dynamic --arg %S/../../examples/inputs/softmax_x.npy | FileCheck %s --check-prefix=SOFTMAX
// RUN: tensor-run %S/../../examples/outer_product.mlir --entry outer_numpy --arg %S/../../examples/inputs/col.npy --arg %S/../../examples/inputs/row.npy | FileCheck %s --check-prefix=OUTER
// RUN: tensor-run %S/../../examples/outer_product.mlir --entry outer_xla --arg %S/../../examples/inputs/col.npy --arg %S/../../examples/inputs/row.npy | FileCheck %s --check-prefix=OUTER
// RUN: tensor-run %S/../../examples/outer_product.mlir --entry outer_matmul --arg %S/../../examples/inputs/col.npy --arg %S/../../examples/inputs/row.npy | FileCheck %s --check-prefix=OUTER
// RUN: tensor-run %S/../../examples/layer_norm.mlir --entry layer_norm --arg %S/../../examples/inputs/ln_x.npy --arg %S/../../examples/inputs/ln_gamma.npy --arg %S/../../examples/inputs/ln_beta.npy | FileCheck %s --check-prefix=LN
// RUN: tensor-run %S/../../examples/layer_norm.mlir --entry layer_norm_dynamic --arg %S/../../examples/inputs/ln_x.npy --arg %S/../../examples/inputs/ln_gamma.npy --arg %S/../../examples/inputs/ln_beta.npy | FileCheck %s --check-prefix=LN
// RUN: tensor-run %S/../../examples/attention.mlir --entry attention --arg %S/../../examples/inputs/attn_q.npy --arg %S/../../examples/inputs/attn_k.npy --arg %S/../../examples/inputs/attn_v.npy --arg %S/../../examples/inputs/attn_mask.npy | FileCheck %s --check-prefix=ATTN

// SOFTMAX: dense<{{\[\[}}0.134078279, 0.0351078138, 0.210276604, 0.254276901, 0.0141317453, 0.0270699374, 0.113117129, 0.0721266642, 0.0973608195, 0.042454116], [0.150903344,
// SOFTMAX-SAME: : tensor<4x10xf32>
// OUTER: dense<{{\[\[}}1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00, 5.000000e+00], [2.000000e+00, 4.000000e+00, 6.000000e+00, 8.000000e+00, 1.000000e+01], [3.000000e+00, 6.000000e+00, 9.000000e+00, 1.200000e+01, 1.500000e+01]]> : tensor<3x5xf32>
// LN: dense<{{\[\[\[}}1.10557425, 0.777693092, -1.20598793, 0.269477308, 0.0891426653, 0.253083229, 1.31869698, 0.253083229, 1.0072099, 0.00717238104,
// LN-SAME: : tensor<2x8x16xf32>
// ATTN: dense<{{\[\[\[\[}}0.0526620559, 0.100119218, 0.253782153, 0.287641615, 0.367941797, -0.255231112, 0.6714769, 0.179309666,
// ATTN-SAME: : tensor<2x4x8x16xf32>
