// memref types: static, dynamic, unranked, layouts and memory spaces.
#strided = strided<[?, 1], offset: ?>
#tiled = affine_map<(d0, d1) -> (d0 floordiv 4, d1, d0 mod 4)>
func.func private @plain(memref<4x8xf32>, memref<?x?xi8>, memref<f64>, memref<0xindex>)
func.func private @unranked(memref<*xf32>, memref<*xi8, 3>)
func.func private @spaces(memref<4xf32, 1>, memref<4xf32, #gpu.address_space<workgroup>>, memref<2xi32, {a = 1 : i64}>)
func.func private @strided(memref<4x8xf32, strided<[8, 1]>>, memref<4x8xf32, strided<[8, 1], offset: 4>>, memref<?x?xf32, #strided>, memref<4xf32, strided<[?], offset: ?>, 2>)
func.func private @affine_layouts(memref<8x8xf32, #tiled>, memref<4x4xf32, affine_map<(d0, d1) -> (d1, d0)>>, memref<4x4xf32, affine_map<(d0, d1)[s0] -> (d0 * 4 + d1 + s0)>, 5>)
func.func private @identity_layout(memref<4x4xf32, affine_map<(d0, d1) -> (d0, d1)>>)
func.func private @nested(memref<2xvector<4xf32>>, memref<3xcomplex<f32>>, memref<1xmemref<2xf32>>)
"my.memref_attrs"() {t = memref<2x3xf32, strided<[3, 1]>>, u = memref<*xi1>} : () -> ()
