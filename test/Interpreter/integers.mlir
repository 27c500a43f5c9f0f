// Integer semantics (docs/interpreter.md): fixed-width integers wrap, as
// NumPy's do; div and rem are NumPy's floor_divide and remainder (the result of
// rem takes the divisor's sign); a zero divisor is an error (see errors.mlir).
// RUN: tensor-run %s --entry wrap_i8 --arg 'dense<[127, -128, 100]> : tensor<3xi8>' --arg 'dense<1> : tensor<i8>' | FileCheck %s --check-prefix=I8
// RUN: tensor-run %s --entry wrap_ui8 --arg 'dense<[0, 255, 16]> : tensor<3xui8>' --arg 'dense<1> : tensor<ui8>' | FileCheck %s --check-prefix=UI8
// RUN: tensor-run %s --entry floor_div --arg 'dense<[7, -7, 7, -7]> : tensor<4xi32>' --arg 'dense<[2, 2, -2, -2]> : tensor<4xi32>' | FileCheck %s --check-prefix=DIV
// RUN: tensor-run %s --entry int_min_div --arg 'dense<-2147483648> : tensor<i32>' --arg 'dense<-1> : tensor<i32>' | FileCheck %s --check-prefix=MIN
// RUN: tensor-run %s --entry pow_i64 --arg 'dense<[2, 3, -2]> : tensor<3xi64>' --arg 'dense<[10, 0, 63]> : tensor<3xi64>' | FileCheck %s --check-prefix=POW
// RUN: tensor-run %s --entry bits --arg 'dense<[true, true, false, false]> : tensor<4xi1>' --arg 'dense<[true, false, true, false]> : tensor<4xi1>' | FileCheck %s --check-prefix=BITS
// RUN: tensor-run %s --entry bool_add --arg 'dense<[true, true, false]> : tensor<3xi1>' --arg 'dense<[true, false, false]> : tensor<3xi1>' | FileCheck %s --check-prefix=BOOL
// RUN: tensor-run %s --entry uint_ops --arg 'dense<[18446744073709551615, 10]> : tensor<2xui64>' --arg 'dense<[2, 3]> : tensor<2xui64>' | FileCheck %s --check-prefix=U64

// I8: dense<[-128, -127, 101]> : tensor<3xi8>
// I8-NEXT: dense<[126, 127, 99]> : tensor<3xi8>
// I8-NEXT: dense<[127, -128, 100]> : tensor<3xi8>
func.func @wrap_i8(%x: tensor<3xi8>, %one: tensor<i8>) -> (tensor<3xi8>, tensor<3xi8>, tensor<3xi8>) {
  %a = nd.add %x, %one : (tensor<3xi8>, tensor<i8>) -> tensor<3xi8>
  %s = nd.sub %x, %one : (tensor<3xi8>, tensor<i8>) -> tensor<3xi8>
  %n = nd.abs %x : tensor<3xi8>
  return %a, %s, %n : tensor<3xi8>, tensor<3xi8>, tensor<3xi8>
}

// UI8: dense<[255, 254, 15]> : tensor<3xui8>
// UI8-NEXT: dense<[0, 1, 240]> : tensor<3xui8>
func.func @wrap_ui8(%x: tensor<3xui8>, %one: tensor<ui8>) -> (tensor<3xui8>, tensor<3xui8>) {
  %s = nd.sub %x, %one : (tensor<3xui8>, tensor<ui8>) -> tensor<3xui8>
  %n = nd.neg %x : tensor<3xui8>
  return %s, %n : tensor<3xui8>, tensor<3xui8>
}

// DIV: dense<[3, -4, -4, 3]> : tensor<4xi32>
// DIV-NEXT: dense<[1, 1, -1, -1]> : tensor<4xi32>
func.func @floor_div(%a: tensor<4xi32>, %b: tensor<4xi32>) -> (tensor<4xi32>, tensor<4xi32>) {
  %q = nd.div %a, %b : tensor<4xi32>
  %r = nd.rem %a, %b : tensor<4xi32>
  return %q, %r : tensor<4xi32>, tensor<4xi32>
}

// The one overflowing quotient wraps, as in NumPy.
// MIN: dense<-2147483648> : tensor<i32>
// MIN-NEXT: dense<0> : tensor<i32>
func.func @int_min_div(%a: tensor<i32>, %b: tensor<i32>) -> (tensor<i32>, tensor<i32>) {
  %q = nd.div %a, %b : tensor<i32>
  %r = nd.rem %a, %b : tensor<i32>
  return %q, %r : tensor<i32>, tensor<i32>
}

// POW: dense<[1024, 1, -9223372036854775808]> : tensor<3xi64>
func.func @pow_i64(%a: tensor<3xi64>, %b: tensor<3xi64>) -> tensor<3xi64> {
  %p = nd.pow %a, %b : tensor<3xi64>
  return %p : tensor<3xi64>
}

// BITS: dense<[true, false, false, false]> : tensor<4xi1>
// BITS-NEXT: dense<[true, true, true, false]> : tensor<4xi1>
// BITS-NEXT: dense<[false, true, true, false]> : tensor<4xi1>
func.func @bits(%a: tensor<4xi1>, %b: tensor<4xi1>) -> (tensor<4xi1>, tensor<4xi1>, tensor<4xi1>) {
  %x = nd.and %a, %b : tensor<4xi1>
  %y = nd.or %a, %b : tensor<4xi1>
  %z = nd.xor %a, %b : tensor<4xi1>
  return %x, %y, %z : tensor<4xi1>, tensor<4xi1>, tensor<4xi1>
}

// i1 is a 1-bit integer: add wraps (exclusive or), unlike NumPy's bool add (or).
// BOOL: dense<[false, true, false]> : tensor<3xi1>
// BOOL-NEXT: dense<[true, false, false]> : tensor<3xi1>
func.func @bool_add(%a: tensor<3xi1>, %b: tensor<3xi1>) -> (tensor<3xi1>, tensor<3xi1>) {
  %s = nd.add %a, %b : tensor<3xi1>
  %p = nd.mul %a, %b : tensor<3xi1>
  return %s, %p : tensor<3xi1>, tensor<3xi1>
}

// U64: dense<[1, 13]> : tensor<2xui64>
// U64-NEXT: dense<[9223372036854775807, 3]> : tensor<2xui64>
// U64-NEXT: dense<1> : tensor<2xui64>
func.func @uint_ops(%a: tensor<2xui64>, %b: tensor<2xui64>) -> (tensor<2xui64>, tensor<2xui64>, tensor<2xui64>) {
  %s = nd.add %a, %b : tensor<2xui64>
  %q = nd.div %a, %b : tensor<2xui64>
  %r = nd.rem %a, %b : tensor<2xui64>
  return %s, %q, %r : tensor<2xui64>, tensor<2xui64>, tensor<2xui64>
}

// Integer casts keep the low bits (NumPy's astype); a too-large integer becomes
// an infinite half float.
// RUN: tensor-run %s --entry int_cast --arg 'dense<[300, -1, 70000]> : tensor<3xi32>' | FileCheck %s --check-prefix=ICAST
// ICAST: dense<[44, -1, 112]> : tensor<3xi8>
// ICAST-NEXT: dense<[44, 255, 112]> : tensor<3xui8>
// ICAST-NEXT: dense<[3.000000e+02, -1.000000e+00, 0x7C00]> : tensor<3xf16>
func.func @int_cast(%x: tensor<3xi32>) -> (tensor<3xi8>, tensor<3xui8>, tensor<3xf16>) {
  %a = nd.cast %x : tensor<3xi32> to tensor<3xi8>
  %b = nd.cast %x : tensor<3xi32> to tensor<3xui8>
  %c = nd.cast %x : tensor<3xi32> to tensor<3xf16>
  return %a, %b, %c : tensor<3xi8>, tensor<3xui8>, tensor<3xf16>
}
