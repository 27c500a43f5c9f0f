// Empty blocks, empty modules, graph regions and unreachable blocks.
"my.empty_block"() ({
^bb0:
}) : () -> ()
"my.empty_block_args"() ({
^bb0(%a: i32):
}) : () -> ()
module {
}
module @named {
}
"my.graph"() ({
  %1 = "my.use"(%0) : (i32) -> i32
  %0 = "my.def"(%1) : (i32) -> i32
}) : () -> ()
func.func @unreachable() {
  "my.br"()[^bb2] : () -> ()
^bb1:
  %1 = "my.use"(%0) : (i32) -> i32
  "my.br"()[^bb3] : () -> ()
^bb3:
  %0 = "my.def"() : () -> i32
  "my.br"()[^bb1] : () -> ()
^bb2:
  return
}
"my.two_regions"() ({
^bb0:
}, {
}) : () -> ()
