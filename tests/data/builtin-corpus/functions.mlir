// Builtin types in function bodies, block arguments and nested regions.
func.func @memref_args(%arg0: memref<4x?xf32, strided<[?, 1], offset: ?>>, %arg1: vector<[4]xf32>) -> memref<*xf32> {
  %0 = "my.cast"(%arg0) : (memref<4x?xf32, strided<[?, 1], offset: ?>>) -> memref<*xf32>
  %1 = "my.region"(%arg1) ({
  ^bb0(%a: vector<[4]xf32>, %b: f8E4M3FN):
    %2 = "my.add"(%a, %a) {fm = affine_map<(d0) -> (d0 * 2)>} : (vector<[4]xf32>, vector<[4]xf32>) -> vector<[4]xf32>
    "my.yield"(%2) : (vector<[4]xf32>) -> ()
  }) : (vector<[4]xf32>) -> vector<[4]xf32>
  return %0 : memref<*xf32>
}
func.func @blocks(%arg0: i1, %arg1: complex<f80>) -> complex<f80> {
  "my.cond_br"(%arg0)[^bb1, ^bb2] : (i1) -> ()
^bb1:
  "my.br"(%arg1)[^bb3] : (complex<f80>) -> ()
^bb2:
  %c = "my.const"() {value = dense<(1.0, 2.0)> : tensor<complex<f80>>} : () -> complex<f80>
  "my.br"(%c)[^bb3] : (complex<f80>) -> ()
^bb3(%r: complex<f80>):
  return %r : complex<f80>
}
