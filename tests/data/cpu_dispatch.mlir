// The fused loops in every code path that run-time CPU dispatch picks between
// (tests/cpu_dispatch.rs): a softmax over short rows (batched segments, a
// column broadcast, a fused row reduction), tanh, exp over rows longer than a
// block, f64 exp and f16 tanh.
func.func @main() -> (tensor<48x96xf32>, tensor<48x96xf32>, tensor<3x5000xf32>, tensor<48x96xf64>, tensor<40x7xf16>) {
  %s = nd.constant dense<0.37> : tensor<f32>
  %t = nd.constant dense<0.11> : tensor<f32>
  %o = nd.constant dense<-17.5> : tensor<f32>
  %i = nd.iota dim = 1 : () -> tensor<48x96xf32>
  %j = nd.iota dim = 0 : () -> tensor<48x96xf32>
  %a = nd.mul %i, %s : (tensor<48x96xf32>, tensor<f32>) -> tensor<48x96xf32>
  %b = nd.mul %j, %t : (tensor<48x96xf32>, tensor<f32>) -> tensor<48x96xf32>
  %c = nd.add %a, %b : tensor<48x96xf32>
  %x = nd.add %c, %o : (tensor<48x96xf32>, tensor<f32>) -> tensor<48x96xf32>
  %m = nd.reduce max %x across [1] keep_dims : (tensor<48x96xf32>) -> tensor<48x1xf32>
  %d = nd.sub %x, %m : (tensor<48x96xf32>, tensor<48x1xf32>) -> tensor<48x96xf32>
  %e = nd.exp %d : tensor<48x96xf32>
  %z = nd.reduce sum %e across [1] keep_dims : (tensor<48x96xf32>) -> tensor<48x1xf32>
  %softmax = nd.div %e, %z : (tensor<48x96xf32>, tensor<48x1xf32>) -> tensor<48x96xf32>
  %u = nd.mul %x, %t : (tensor<48x96xf32>, tensor<f32>) -> tensor<48x96xf32>
  %tanh = nd.tanh %u : tensor<48x96xf32>
  %s2 = nd.constant dense<0.013> : tensor<f32>
  %o2 = nd.constant dense<-30.0> : tensor<f32>
  %l = nd.iota dim = 1 : () -> tensor<3x5000xf32>
  %l1 = nd.mul %l, %s2 : (tensor<3x5000xf32>, tensor<f32>) -> tensor<3x5000xf32>
  %l2 = nd.add %l1, %o2 : (tensor<3x5000xf32>, tensor<f32>) -> tensor<3x5000xf32>
  %long = nd.exp %l2 : tensor<3x5000xf32>
  %s3 = nd.constant dense<0.37> : tensor<f64>
  %o3 = nd.constant dense<-17.5> : tensor<f64>
  %f = nd.iota dim = 1 : () -> tensor<48x96xf64>
  %f1 = nd.mul %f, %s3 : (tensor<48x96xf64>, tensor<f64>) -> tensor<48x96xf64>
  %f2 = nd.add %f1, %o3 : (tensor<48x96xf64>, tensor<f64>) -> tensor<48x96xf64>
  %f64 = nd.exp %f2 : tensor<48x96xf64>
  %s4 = nd.constant dense<0.05> : tensor<f16>
  %o4 = nd.constant dense<-1.0> : tensor<f16>
  %h = nd.iota dim = 0 : () -> tensor<40x7xf16>
  %h1 = nd.mul %h, %s4 : (tensor<40x7xf16>, tensor<f16>) -> tensor<40x7xf16>
  %h2 = nd.add %h1, %o4 : (tensor<40x7xf16>, tensor<f16>) -> tensor<40x7xf16>
  %f16 = nd.tanh %h2 : tensor<40x7xf16>
  return %softmax, %tanh, %long, %f64, %f16 : tensor<48x96xf32>, tensor<48x96xf32>, tensor<3x5000xf32>, tensor<48x96xf64>, tensor<40x7xf16>
}
