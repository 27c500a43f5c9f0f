// Input of print-ir-differential.mlir: func-only IR (and test ops both tools
// accept), on which --cse and --canonicalize change only what both tools change.
func.func @calls(%a: i32) -> i32 {
  %0 = func.call @callee(%a) : (i32) -> i32
  %1 = func.call @callee(%0) : (i32) -> i32
  return %1 : i32
}

func.func private @callee(i32) -> i32

func.func @unreachable(%a: i32) -> i32 {
  return %a : i32
^bb1:
  %0 = "test.op"(%a) : (i32) -> i32
  return %0 : i32
}

func.func @nested(%a: tensor<4xf32>) {
  "test.region"() ({
    %0 = "test.broadcastable"(%a, %a) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    %1 = "test.broadcastable"(%a, %a) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    "test.done"() : () -> ()
  }) {note = "kept"} : () -> ()
  return
}

// -----

func.func @second_chunk() attributes {note = "second"} {
  return
}
