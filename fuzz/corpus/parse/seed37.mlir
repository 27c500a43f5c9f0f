// Printer corpus: parsed and printed by both tensor-opt and mlir-opt, outputs must be identical.
#enc = "sparse"
!vec = vector<4x4xf32>
module @corpus attributes {corpus.version = 3 : i32, corpus.note = "line\nbreak \"quoted\" \\ tab\t"} {
  func.func @types(%a: tensor<f32>, %b: tensor<?x4x?xi8>, %c: tensor<*xbf16>, %d: !vec, %e: vector<f16>, %f: index, %g: i1, %h: si32, %i: ui64, %j: none, %k: tensor<0x3xf64>) -> (tensor<f32>, index) {
    return %a, %f : tensor<f32>, index
  }
  func.func private @decl_types(tensor<2x3xf32, #enc>, (i32) -> f32, i17) -> ((i32) -> f32)
  func.func private @more_types(complex<f32>, complex<i8>, tuple<>, tuple<i32, tensor<2xcomplex<f64>>>, tensor<4xcomplex<f32>>) -> tuple<tuple<f32>>
  func.func nested @decl_nested(f32) -> f32 attributes {llvm.emit_c_interface}
  func.func private @arg_attrs(tensor<4xf32> {corpus.arg = 1 : i64, corpus.flag}, i32) -> (f32 {corpus.res = "r"})
  func.func @attrs() {
    "corpus.ints"() {a = 0 : i8, b = -128 : i8, c = 255 : i8, d = 42 : index, e = -1 : si16, f = 65535 : ui16, g = true, h = false, i = 7, j = 1 : i1, k = 0 : i1} : () -> ()
    "corpus.floats"() {a = 1.0 : f32, b = 0.1 : f64, c = -2.5 : f16, d = 3.14159265 : f64, e = 1.0e10 : f32, f = 0x7FC00000 : f32, g = 0x7F800000 : f32, h = 1.5 : bf16, i = 0.3333333 : f32, j = 123456.789, k = 1.0e-7 : f64, l = 6.02214076e23 : f64, m = 0.0 : f32, n = -0.0 : f64} : () -> ()
    "corpus.composite"() {a = [], b = [1, 2.0, "s", [true]], c = {}, d = {z = 1, a = unit, m = [f32]}, e = @sym, f = @outer::@inner, g = @"quoted sym", h = unit, i = f32, j = tensor<2x?xi32>, k = (i32, f32) -> (), l = "", m = "\00\FF"} : () -> ()
    "corpus.dense"() {a = dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>, b = dense<5> : tensor<3x3xi64>, c = dense<[1.5, 2.5]> : tensor<2xf32>, d = dense<[true, false]> : tensor<2xi1>, e = dense<true> : tensor<i1>, f = dense<> : tensor<0xf32>, g = dense<[[7, 7], [7, 7]]> : tensor<2x2xi8>, h = dense<-3> : tensor<i32>, i = dense<[1, 2, 3, 4]> : vector<4xi32>, j = dense<0.5> : tensor<2x2xf64>} : () -> ()
    "corpus.arrays"() {a = array<i64: 1, -2, 3>, b = array<i64>, c = array<i32: 4>, d = array<f32: 1.5, 2.0>, e = array<i1: true, false>, f = array<f64: 0.1>} : () -> ()
    "corpus.names"() {"quoted name" = 1 : i32, "x.y" = 2 : i32, _under = 3 : i32, a$b = 4 : i32} : () -> ()
    return
  }
  func.func @ssa(%arg0: tensor<4xf32>) -> tensor<4xf32> {
    %0:3 = "corpus.multi"(%arg0) : (tensor<4xf32>) -> (tensor<4xf32>, i32, i32)
    %1 = "corpus.use"(%0#0, %0#2, %0#1) : (tensor<4xf32>, i32, i32) -> tensor<4xf32>
    %named, %pair:2 = "corpus.groups"() : () -> (i32, f32, f32)
    "corpus.region"(%1) ({
      %inner = "corpus.inner"(%1, %pair#1) : (tensor<4xf32>, f32) -> i32
      "corpus.yield"(%inner) : (i32) -> ()
    }, {
    ^bb0(%x: i32, %y: f32):
      "corpus.yield"(%x) : (i32) -> ()
    }) : (tensor<4xf32>) -> ()
    %2 = func.call @ssa(%1) : (tensor<4xf32>) -> tensor<4xf32>
    %3 = call @ssa(%2) {corpus.tail} : (tensor<4xf32>) -> tensor<4xf32>
    return %3 : tensor<4xf32>
  }
  func.func @cfg(%cond: i1, %v: i32) -> i32 {
    "corpus.cond_br"(%cond, %v, %v)[^then, ^else] : (i1, i32, i32) -> ()
  ^then:
    "corpus.br"(%v)[^join] : (i32) -> ()
  ^else:
    %w = "corpus.neg"(%v) : (i32) -> i32
    "corpus.br"(%w)[^join] : (i32) -> ()
  ^join(%r: i32):
    return %r : i32
  ^dead:
    "corpus.br"()[^dead] : () -> ()
  }
  func.func @edges() {
    "corpus.br"()[^a, ^a, ^b] : () -> ()
  ^a:
    "corpus.br"()[^b, ^b] : () -> ()
  ^b:
    return
  }
  func.func @props() {
    "corpus.props"() <{b = 2 : i32, a = [1, 2]}> {z} : () -> ()
    return
  }
  "func.func"() <{function_type = () -> (), sym_name = "generic_func", sym_visibility = "private"}> ({
  }) : () -> ()
}
