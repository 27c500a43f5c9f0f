// Every element type, and dynamic (?) and unranked (*) types whose sizes come
// from the arguments at run time.
// RUN: tensor-run %s --entry halves --arg 'dense<[1.5, -2.0, 65504.0]> : tensor<3xf16>' --arg 'dense<[1.5, -2.0, 3.0e+38]> : tensor<3xbf16>' | FileCheck %s --check-prefix=HALF
// RUN: tensor-run %s --entry ints --arg 'dense<[32767, -1]> : tensor<2xi16>' --arg 'dense<[65535, 1]> : tensor<2xui16>' --arg 'dense<[4294967295, 0]> : tensor<2xui32>' --arg 'dense<[9223372036854775807, 1]> : tensor<2xindex>' | FileCheck %s --check-prefix=INTS
// RUN: tensor-run %s --entry dynamic --arg 'dense<[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]> : tensor<3x2xf64>' --arg 'dense<[[10.0, 20.0]]> : tensor<1x2xf64>' | FileCheck %s --check-prefix=DYN
// RUN: tensor-run %s --entry unranked --arg 'dense<[[1, 2, 3]]> : tensor<1x3xi32>' --arg 'dense<[[10], [20]]> : tensor<2x1xi32>' | FileCheck %s --check-prefix=UNRANKED
// RUN: tensor-run %s --entry unranked --arg 'dense<5> : tensor<i32>' --arg 'dense<[1, 2]> : tensor<2xi32>' | FileCheck %s --check-prefix=SCALAR
// RUN: tensor-run %s --entry empty --arg 'dense<> : tensor<0x3xf32>' --arg 'dense<[1.0, 2.0, 3.0]> : tensor<3xf32>' | FileCheck %s --check-prefix=EMPTY

// HALF: dense<[3.000000e+00, -4.000000e+00, 0x7C00]> : tensor<3xf16>
// HALF-NEXT: dense<[3.000000e+00, -4.000000e+00, 0x7F80]> : tensor<3xbf16>
func.func @halves(%h: tensor<3xf16>, %b: tensor<3xbf16>) -> (tensor<3xf16>, tensor<3xbf16>) {
  %x = nd.add %h, %h : tensor<3xf16>
  %y = nd.add %b, %b : tensor<3xbf16>
  return %x, %y : tensor<3xf16>, tensor<3xbf16>
}

// INTS: dense<-2> : tensor<2xi16>
// INTS-NEXT: dense<[65534, 2]> : tensor<2xui16>
// INTS-NEXT: dense<[4294967294, 0]> : tensor<2xui32>
// INTS-NEXT: dense<[-2, 2]> : tensor<2xindex>
func.func @ints(%a: tensor<2xi16>, %b: tensor<2xui16>, %c: tensor<2xui32>, %d: tensor<2xindex>) -> (tensor<2xi16>, tensor<2xui16>, tensor<2xui32>, tensor<2xindex>) {
  %w = nd.add %a, %a : tensor<2xi16>
  %x = nd.add %b, %b : tensor<2xui16>
  %y = nd.add %c, %c : tensor<2xui32>
  %z = nd.add %d, %d : tensor<2xindex>
  return %w, %x, %y, %z : tensor<2xi16>, tensor<2xui16>, tensor<2xui32>, tensor<2xindex>
}

// DYN: dense<{{\[\[}}1.100000e+01, 2.200000e+01], [1.300000e+01, 2.400000e+01], [1.500000e+01, 2.600000e+01]]> : tensor<3x2xf64>
func.func @dynamic(%x: tensor<?x?xf64>, %y: tensor<?x?xf64>) -> tensor<?x?xf64> {
  %z = nd.add %x, %y : tensor<?x?xf64>
  return %z : tensor<?x?xf64>
}

// UNRANKED: dense<{{\[\[}}11, 12, 13], [21, 22, 23]]> : tensor<2x3xi32>
// SCALAR: dense<[6, 7]> : tensor<2xi32>
func.func @unranked(%x: tensor<*xi32>, %y: tensor<*xi32>) -> tensor<*xi32> {
  %z = nd.add %x, %y : tensor<*xi32>
  return %z : tensor<*xi32>
}

// EMPTY: dense<> : tensor<0x3xf32>
func.func @empty(%x: tensor<?x3xf32>, %y: tensor<3xf32>) -> tensor<?x3xf32> {
  %z = nd.mul %x, %y : (tensor<?x3xf32>, tensor<3xf32>) -> tensor<?x3xf32>
  return %z : tensor<?x3xf32>
}

// A fused group mixing static and unranked ops after a checked division (found
// by scripts/numpy-diff.py: the static member's shape was not recorded).
// RUN: tensor-run %s --entry mixed_group --arg 'dense<[2, -3]> : tensor<2xi16>' --arg 'dense<7> : tensor<i16>' --arg 'dense<5> : tensor<1xi16>' | FileCheck %s --check-prefix=MIXED
// MIXED: dense<[1, -4]> : tensor<2xi16>
func.func @mixed_group(%a0: tensor<*xi16>, %a1: tensor<i16>, %a2: tensor<1xi16>) -> tensor<*xi16> {
  %v0 = nd.div %a0, %a0 : (tensor<*xi16>, tensor<*xi16>) -> tensor<*xi16>
  %v1 = nd.mul %a2, %a2 : (tensor<1xi16>, tensor<1xi16>) -> tensor<1xi16>
  %v3 = nd.min %v0, %v1 : (tensor<*xi16>, tensor<1xi16>) -> tensor<*xi16>
  %v4 = nd.sub %a0, %v3 : (tensor<*xi16>, tensor<*xi16>) -> tensor<*xi16>
  return %v4 : tensor<*xi16>
}
