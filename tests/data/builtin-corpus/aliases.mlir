// User aliases are resolved; upstream's own aliases are printed.
!vec = vector<[4]xf32>
!mem = memref<?x?xf32, strided<[?, 1], offset: ?>>
#attr = {k = dense<[1, 2]> : tensor<2xi32>}
#ident = affine_map<(d0) -> (d0)>
func.func private @types(!vec, !mem, tuple<!vec, !mem>)
"my.a"() {d = #attr, m = #ident, n = [#ident, affine_map<(d0, d1) -> (d0 + d1)>]} : () -> ()
"my.b"() {deep = {x = {y = affine_map<(d0)[s0] -> (d0 + s0)>}}, set = affine_set<(d0) : (d0 >= 0)>} : () -> ()
