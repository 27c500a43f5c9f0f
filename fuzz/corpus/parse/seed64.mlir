// Multi-block regions: labels renumbered, arguments named %N, predecessors noted.
// RUN: tensor-opt --allow-unregistered-dialect %s | FileCheck %s

// CHECK-LABEL: func.func @cfg(%arg0: i1, %arg1: i32) -> i32 {
// CHECK-NEXT:    "test.cond_br"(%arg0, %arg1)[^bb1, ^bb2] : (i1, i32) -> ()
// CHECK-NEXT:  ^bb1:  // pred: ^bb0
// CHECK-NEXT:    "test.br"(%arg1)[^bb3] : (i32) -> ()
// CHECK-NEXT:  ^bb2:  // pred: ^bb0
// CHECK-NEXT:    %0 = "test.neg"(%arg1) : (i32) -> i32
// CHECK-NEXT:    "test.br"(%0)[^bb3] : (i32) -> ()
// CHECK-NEXT:  ^bb3(%1: i32):  // 2 preds: ^bb1, ^bb2
// CHECK-NEXT:    return %1 : i32
// CHECK-NEXT:  ^bb4:  // pred: ^bb4
// CHECK-NEXT:    "test.loop"()[^bb4] : () -> ()
// CHECK-NEXT:  }
func.func @cfg(%c: i1, %v: i32) -> i32 {
  "test.cond_br"(%c, %v)[^then, ^else] : (i1, i32) -> ()
^then:
  "test.br"(%v)[^join] : (i32) -> ()
^else:
  %w = "test.neg"(%v) : (i32) -> i32
  "test.br"(%w)[^join] : (i32) -> ()
^join(%r: i32):
  return %r : i32
^dead:
  "test.loop"()[^dead] : () -> ()
}

// A block nothing branches to says so.
// CHECK-LABEL: func.func @unreachable
// CHECK:       ^bb1:  // no predecessors
func.func @unreachable() {
  return
^orphan:
  return
}

// Values may be used before their definition in a later block (forward references).
// CHECK-LABEL: func.func @forward
// CHECK:       "test.br"()[^bb2] : () -> ()
// CHECK:       "test.use"(%0) : (i32) -> ()
// CHECK:       %0 = "test.def"() : () -> i32
func.func @forward() {
  "test.br"()[^def] : () -> ()
^use:
  "test.use"(%late) : (i32) -> ()
  "test.br"()[^def] : () -> ()
^def:
  %late = "test.def"() : () -> i32
  "test.br"()[^use] : () -> ()
}

// A predecessor is listed once per edge, as upstream does.
// CHECK-LABEL: func.func @two_edges
// CHECK:       ^bb1:  // 2 preds: ^bb0, ^bb0
// CHECK:       ^bb2:  // 3 preds: ^bb0, ^bb1, ^bb1
func.func @two_edges() {
  "test.br"()[^a, ^a, ^b] : () -> ()
^a:
  "test.br"()[^b, ^b] : () -> ()
^b:
  return
}
