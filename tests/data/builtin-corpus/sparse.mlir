// sparse<...> elements and unrealized_conversion_cast.
"my.sparse"() {a = sparse<[[0, 0], [1, 2]], [1, 5]> : tensor<3x4xi32>, b = sparse<[[0]], [2.5]> : tensor<4xf32>, d = sparse<[[1, 1]], 7> : tensor<2x2xi16>, e = sparse<1, 2> : tensor<3xi8>} : () -> ()
func.func @casts(%arg0: i32, %arg1: f32) -> (i64, f32) {
  %0 = builtin.unrealized_conversion_cast %arg0 : i32 to i64
  %1:2 = builtin.unrealized_conversion_cast %arg0, %arg1 : i32, f32 to i64, f32
  builtin.unrealized_conversion_cast to i32
  %2 = builtin.unrealized_conversion_cast %1#1 : f32 to f32
  return %0, %2 : i64, f32
}
