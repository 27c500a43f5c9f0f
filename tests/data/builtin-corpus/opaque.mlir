// Opaque dialect attributes and types keep their bodies.
func.func private @types(!my.opaque, !my.body<"x", 1, [2, 3]>, !my<"pretty<1>">, !foo.bar<{a = 1}>, !my.nest<<1>, (x) -> [y]>)
"my.attrs"() {a = #my.thing, b = #my.thing<42>, c = #foo<"opaque_body">, d = #my.deep<[1, <2>, {x}]>, e = #my.ty<!my.opaque>} : () -> ()
