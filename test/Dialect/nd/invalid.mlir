// Verifier and custom-form errors of every nd op: which operand, which
// dims, expected against found. Shape errors of elementwise ops come from
// the Broadcastable trait: upstream's message and a note naming the dims.
// RUN: tensor-opt %s -split-input-file -verify-diagnostics

func.func @binary_incompatible(%a: tensor<3xf32>, %b: tensor<2x4xf32>) {
  // expected-error @+2 {{'nd.add' op operands don't have broadcast-compatible shapes}}
  // expected-note @+1 {{operand #0 ('tensor<3xf32>') dim 0 has size 3 but operand #1 ('tensor<2x4xf32>') dim 1 has size 4: they meet in result dim 1 and neither is 1}}
  %0 = nd.add %a, %b : (tensor<3xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
  return
}

// -----

func.func @binary_result(%a: tensor<4xf32>, %b: tensor<2x4xf32>) {
  // expected-error @+2 {{'nd.mul' op result type '3x4' not broadcast compatible with broadcasted operands's shapes '2x4'}}
  // expected-note @+1 {{result dim 0 is 3 but the operands broadcast it to 2}}
  %0 = nd.mul %a, %b : (tensor<4xf32>, tensor<2x4xf32>) -> tensor<3x4xf32>
  return
}

// -----

func.func @binary_element_types(%a: tensor<4xf32>, %b: tensor<4xi32>) {
  // expected-error @+1 {{'nd.sub' op operand #1 ('tensor<4xi32>') has element type 'i32' but operand #0 ('tensor<4xf32>') has 'f32': 'sub' needs one element type}}
  %0 = nd.sub %a, %b : (tensor<4xf32>, tensor<4xi32>) -> tensor<4xf32>
  return
}

// -----

func.func @binary_result_element_type(%a: tensor<4xf32>) {
  // expected-error @+1 {{'nd.div' op result #0 ('tensor<4xf64>') has element type 'f64' but operand #0 ('tensor<4xf32>') has 'f32': 'div' needs one element type}}
  %0 = nd.div %a, %a : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf64>
  return
}

// -----

func.func @logic_on_floats(%a: tensor<4xf32>) {
  // expected-error @+1 {{'nd.and' op operand #0 ('tensor<4xf32>') must have integer or index elements, but has 'f32'}}
  %0 = nd.and %a, %a : tensor<4xf32>
  return
}

// -----

func.func @not_a_tensor(%a: vector<4xf32>) {
  // expected-error @+1 {{'nd.add' op operand #0 ('vector<4xf32>') must be a tensor}}
  %0 = nd.add %a, %a : vector<4xf32>
  return
}

// -----

func.func @binary_arity(%a: tensor<4xf32>) {
  // expected-error @+1 {{'nd.add' op expected 2 operands, but found 3}}
  %0 = "nd.add"(%a, %a, %a) : (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @binary_results(%a: tensor<4xf32>) {
  // expected-error @+1 {{'nd.add' op expected 1 result, but found 2}}
  %0:2 = "nd.add"(%a, %a) : (tensor<4xf32>, tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>)
  return
}

// -----

func.func @dims_not_i64(%a: tensor<4xf32>, %b: tensor<2x4xf32>) {
  // expected-error @+1 {{'nd.add' op attribute 'broadcast_dimensions' failed to satisfy constraint: i64 dense array attribute}}
  %0 = nd.add %a, %b {broadcast_dimensions = array<i32: 1>} : (tensor<4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
  return
}

// -----

func.func @cmp_predicate(%a: tensor<4xf32>) {
  // expected-error @+1 {{'nd.cmp' op predicate 'lesser' is not one of eq, ne, lt, le, gt, ge}}
  %0 = "nd.cmp"(%a, %a) <{predicate = "lesser"}> : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  return
}

// -----

func.func @cmp_no_predicate(%a: tensor<4xf32>) {
  // expected-error @+1 {{'nd.cmp' op requires attribute 'predicate'}}
  %0 = "nd.cmp"(%a, %a) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  return
}

// -----

func.func @cmp_result(%a: tensor<4xf32>) {
  // expected-error @+1 {{'nd.cmp' op result #0 ('tensor<4xf32>') must have i1 elements, but has 'f32'}}
  %0 = nd.cmp lt, %a, %a : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @cmp_custom_predicate(%a: tensor<4xf32>) {
  // expected-error @+1 {{expected predicate, one of eq, ne, lt, le, gt, ge}}
  %0 = nd.cmp slt, %a, %a : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  return
}

// -----

func.func @select_condition(%c: tensor<4xi8>, %a: tensor<4xf32>) {
  // expected-error @+1 {{'nd.select' op the condition, operand #0 ('tensor<4xi8>'), must have i1 elements, but has 'i8'}}
  %0 = nd.select %c, %a, %a : (tensor<4xi8>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @select_shapes(%c: tensor<3xi1>, %a: tensor<4xf32>) {
  // expected-error @+2 {{'nd.select' op operands don't have broadcast-compatible shapes}}
  // expected-note @+1 {{operand #0 ('tensor<3xi1>') dim 0 has size 3 but operand #1 ('tensor<4xf32>') dim 0 has size 4}}
  %0 = nd.select %c, %a, %a : (tensor<3xi1>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @exp_of_integers(%a: tensor<4xi32>) {
  // expected-error @+1 {{'nd.exp' op operand #0 ('tensor<4xi32>') must have float elements, but has 'i32'}}
  %0 = nd.exp %a : tensor<4xi32>
  return
}

// -----

func.func @unary_shape(%a: tensor<4xf32>) {
  // expected-error @+2 {{'nd.neg' op result type '5' not broadcast compatible with broadcasted operands's shapes '4'}}
  // expected-note @+1 {{result dim 0 is 5 but the operands broadcast it to 4}}
  %0 = nd.neg %a : (tensor<4xf32>) -> tensor<5xf32>
  return
}

// -----

func.func @cast_shape(%a: tensor<4xf32>) {
  // expected-error @+1 {{'nd.cast' op result #0 ('tensor<2x2xi32>') must have the shape of operand #0 ('tensor<4xf32>'): 'nd.cast' changes the element type only}}
  %0 = nd.cast %a : tensor<4xf32> to tensor<2x2xi32>
  return
}

// -----

func.func @cast_unranked(%a: tensor<4xf32>) {
  // expected-error @+1 {{'nd.cast' op result #0 ('tensor<*xi32>') must have the shape of operand #0 ('tensor<4xf32>')}}
  %0 = nd.cast %a : tensor<4xf32> to tensor<*xi32>
  return
}

// -----

func.func @constant_type() {
  // expected-error @+1 {{'nd.constant' op result #0 ('tensor<3xf32>') must be the type of its value, 'tensor<2xf32>'}}
  %0 = "nd.constant"() <{value = dense<1.0> : tensor<2xf32>}> : () -> tensor<3xf32>
  return
}

// -----

func.func @constant_not_dense() {
  // expected-error @+1 {{'nd.constant' op attribute 'value' must be a dense elements attribute ('dense<...> : tensor<...>'), but is '1.000000e+00 : f32'}}
  %0 = "nd.constant"() <{value = 1.0 : f32}> : () -> tensor<f32>
  return
}

// -----

func.func @constant_vector() {
  // expected-error @+1 {{'nd.constant' op attribute 'value' must have a tensor type, but has 'vector<2xf32>'}}
  %0 = "nd.constant"() <{value = dense<1.0> : vector<2xf32>}> : () -> vector<2xf32>
  return
}

// -----

func.func @constant_custom_form() {
  // expected-error @+1 {{expected a dense elements attribute, 'dense<...> : tensor<...>'}}
  %0 = nd.constant 1.0 : f32
  return
}

// -----

func.func @in_dim_missing(%a: tensor<3xf32>) {
  // expected-error @+1 {{'nd.broadcast_in_dim' op requires attribute 'broadcast_dimensions'}}
  %0 = "nd.broadcast_in_dim"(%a) : (tensor<3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @in_dim_length(%a: tensor<3xf32>) {
  // expected-error @+1 {{'nd.broadcast_in_dim' op broadcast_dimensions has 2 entries but operand #0 ('tensor<3xf32>') has rank 1: one entry per operand dim}}
  %0 = nd.broadcast_in_dim %a, dims = [0, 1] : (tensor<3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @in_dim_range(%a: tensor<3xf32>) {
  // expected-error @+1 {{'nd.broadcast_in_dim' op broadcast_dimensions[0] = 2 is out of range for result #0 ('tensor<2x3xf32>') of rank 2}}
  %0 = nd.broadcast_in_dim %a, dims = [2] : (tensor<3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @in_dim_negative(%a: tensor<3xf32>) {
  // expected-error @+1 {{'nd.broadcast_in_dim' op broadcast_dimensions[0] = -1 is out of range for result #0 ('tensor<2x3xf32>') of rank 2}}
  %0 = nd.broadcast_in_dim %a, dims = [-1] : (tensor<3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @in_dim_duplicate(%a: tensor<3x1xf32>) {
  // expected-error @+1 {{'nd.broadcast_in_dim' op broadcast_dimensions[1] = 1 repeats broadcast_dimensions[0]: each result dim takes at most one operand dim}}
  %0 = nd.broadcast_in_dim %a, dims = [1, 1] : (tensor<3x1xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @in_dim_size(%a: tensor<3xf32>) {
  // expected-error @+1 {{'nd.broadcast_in_dim' op operand #0 ('tensor<3xf32>') dim 0 has size 3, which is neither 1 nor the size 2 of result #0 ('tensor<2x3xf32>') dim 0 it is mapped to}}
  %0 = nd.broadcast_in_dim %a, dims = [0] : (tensor<3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @in_dim_dynamic_without_shape(%a: tensor<3xf32>) {
  // expected-error @+1 {{'nd.broadcast_in_dim' op result #0 ('tensor<?x3xf32>') has dynamic dims, so their sizes must come from a shape operand ('tensor<Nxindex>')}}
  %0 = nd.broadcast_in_dim %a, dims = [1] : (tensor<3xf32>) -> tensor<?x3xf32>
  return
}

// -----

func.func @in_dim_shape_length(%a: tensor<3xf32>, %s: tensor<3xindex>) {
  // expected-error @+1 {{'nd.broadcast_in_dim' op the shape, operand #1 ('tensor<3xindex>'), has 3 entries but result #0 ('tensor<?x3xf32>') has rank 2}}
  %0 = nd.broadcast_in_dim %a, %s, dims = [1] : (tensor<3xf32>, tensor<3xindex>) -> tensor<?x3xf32>
  return
}

// -----

func.func @in_dim_shape_type(%a: tensor<3xf32>, %s: tensor<2xi64>) {
  // expected-error @+1 {{'nd.broadcast_in_dim' op operand #1 ('tensor<2xi64>') must be a shape, a 1-D tensor of index ('tensor<Nxindex>')}}
  %0 = nd.broadcast_in_dim %a, %s, dims = [1] : (tensor<3xf32>, tensor<2xi64>) -> tensor<?x3xf32>
  return
}

// -----

func.func @in_dim_unranked(%a: tensor<*xf32>) {
  // expected-error @+1 {{'nd.broadcast_in_dim' op operand #0 ('tensor<*xf32>') must be a ranked tensor}}
  %0 = nd.broadcast_in_dim %a, dims = [1] : (tensor<*xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @in_dim_element_type(%a: tensor<3xf32>) {
  // expected-error @+1 {{'nd.broadcast_in_dim' op result #0 ('tensor<2x3xi32>') must have the element type of operand #0 ('tensor<3xf32>'), 'f32'}}
  %0 = nd.broadcast_in_dim %a, dims = [1] : (tensor<3xf32>) -> tensor<2x3xi32>
  return
}

// -----

func.func @in_dim_custom_form(%a: tensor<3xf32>) {
  // expected-error @+1 {{expected 'dims'}}
  %0 = nd.broadcast_in_dim %a, [1] : (tensor<3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @to_rank(%a: tensor<1x3x4xf32>) {
  // expected-error @+1 {{'nd.broadcast_to' op operand #0 ('tensor<1x3x4xf32>') of rank 3 cannot be broadcast to shape [3, 4] of rank 2: broadcasting only prepends dims}}
  %0 = nd.broadcast_to %a, shape = [3, 4] : (tensor<1x3x4xf32>) -> tensor<3x4xf32>
  return
}

// -----

func.func @to_size(%a: tensor<3xf32>) {
  // expected-error @+1 {{'nd.broadcast_to' op operand #0 ('tensor<3xf32>') dim 0 has size 3, which is neither 1 nor the size 4 of result dim 1}}
  %0 = nd.broadcast_to %a, shape = [2, 4] : (tensor<3xf32>) -> tensor<2x4xf32>
  return
}

// -----

func.func @to_result(%a: tensor<3xf32>) {
  // expected-error @+1 {{'nd.broadcast_to' op result #0 ('tensor<2x4xf32>') does not have the shape [2, 3]: result dim 1 has size 4 but the inferred size is 3}}
  %0 = nd.broadcast_to %a, shape = [2, 3] : (tensor<3xf32>) -> tensor<2x4xf32>
  return
}

// -----

func.func @to_negative(%a: tensor<3xf32>) {
  // expected-error @+1 {{'nd.broadcast_to' op shape[0] = -1 is not a size; use the shape operand form for dynamic sizes}}
  %0 = "nd.broadcast_to"(%a) <{shape = array<i64: -1, 3>}> : (tensor<3xf32>) -> tensor<?x3xf32>
  return
}

// -----

func.func @to_both(%a: tensor<3xf32>, %s: tensor<2xindex>) {
  // expected-error @+1 {{'nd.broadcast_to' op takes its shape from the 'shape' attribute or from a shape operand, not both}}
  %0 = "nd.broadcast_to"(%a, %s) <{shape = array<i64: 2, 3>}> : (tensor<3xf32>, tensor<2xindex>) -> tensor<2x3xf32>
  return
}

// -----

func.func @to_neither(%a: tensor<3xf32>) {
  // expected-error @+1 {{'nd.broadcast_to' op requires attribute 'shape' (or a shape operand for dynamic sizes)}}
  %0 = "nd.broadcast_to"(%a) : (tensor<3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @to_dynamic_size(%a: tensor<3xf32>, %s: tensor<2xindex>) {
  // expected-error @+1 {{'nd.broadcast_to' op operand #0 ('tensor<3xf32>') dim 0 has size 3, which is neither 1 nor the size 4 of result dim 1}}
  %0 = nd.broadcast_to %a, %s : (tensor<3xf32>, tensor<2xindex>) -> tensor<?x4xf32>
  return
}

// -----

func.func @to_shape_attr_type(%a: tensor<3xf32>) {
  // expected-error @+1 {{'nd.broadcast_to' op attribute 'shape' must be an i64 dense array ('array<i64: ...>'), but is '[2, 3]'}}
  %0 = "nd.broadcast_to"(%a) <{shape = [2, 3]}> : (tensor<3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @broadcast_results(%a: tensor<4xf32>) {
  // expected-error @+1 {{'nd.broadcast' op expected 1 result, but found 2}}
  %0:2 = "nd.broadcast"(%a) : (tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>)
  return
}

// -----

func.func @broadcast_none() {
  // expected-error @+1 {{'nd.broadcast' op expected at least 1 operands, but found 0}}
  "nd.broadcast"() : () -> ()
  return
}

// -----

func.func @broadcast_element_type(%a: tensor<4xf32>, %b: tensor<4xi32>) {
  // expected-error @+1 {{'nd.broadcast' op result #1 ('tensor<4xf32>') must have the element type of operand #1 ('tensor<4xi32>'), 'i32'}}
  %0:2 = nd.broadcast %a, %b : (tensor<4xf32>, tensor<4xi32>) -> (tensor<4xf32>, tensor<4xf32>)
  return
}

// -----

func.func @broadcast_common_shape(%a: tensor<4xf32>, %b: tensor<2x1xf32>) {
  // expected-error @+1 {{'nd.broadcast' op result #0 ('tensor<4xf32>') must have the common shape of the operands, [2, 4]: result has rank 1 but the inferred rank is 2}}
  %0:2 = nd.broadcast %a, %b : (tensor<4xf32>, tensor<2x1xf32>) -> (tensor<4xf32>, tensor<2x4xf32>)
  return
}

// -----

func.func @assign_result(%d: tensor<3x4xf32>, %s: tensor<4xf32>) {
  // expected-error @+1 {{'nd.assign' op result #0 ('tensor<?x4xf32>') must have the type of the destination, operand #0 ('tensor<3x4xf32>'): assignment in place never changes its shape}}
  %0 = nd.assign %d, %s : (tensor<3x4xf32>, tensor<4xf32>) -> tensor<?x4xf32>
  return
}

// -----

func.func @assign_element_type(%d: tensor<3x4xf32>, %s: tensor<4xf16>) {
  // expected-error @+1 {{'nd.assign' op the source, operand #1 ('tensor<4xf16>'), must have the element type of the destination, operand #0 ('tensor<3x4xf32>')}}
  %0 = nd.assign %d, %s : (tensor<3x4xf32>, tensor<4xf16>) -> tensor<3x4xf32>
  return
}

// -----

func.func @shape_of_length(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'nd.shape_of' op result #0 ('tensor<3xindex>') must have 2 entries ('tensor<2xindex>' or 'tensor<?xindex>'), the rank of operand #0 ('tensor<2x3xf32>')}}
  %0 = nd.shape_of %a : (tensor<2x3xf32>) -> tensor<3xindex>
  return
}

// -----

func.func @shape_of_unranked(%a: tensor<*xf32>) {
  // expected-error @+1 {{'nd.shape_of' op result #0 ('tensor<2xindex>') must have a dynamic length ('tensor<?xindex>'): operand #0 ('tensor<*xf32>') is unranked}}
  %0 = nd.shape_of %a : (tensor<*xf32>) -> tensor<2xindex>
  return
}

// -----

func.func @shape_of_type(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'nd.shape_of' op result #0 ('tensor<2xi64>') must be a shape, a 1-D tensor of index ('tensor<Nxindex>')}}
  %0 = nd.shape_of %a : (tensor<2x3xf32>) -> tensor<2xi64>
  return
}

// -----

func.func @dim_range(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'nd.dim' op index 2 is not a dim of operand #0 ('tensor<2x3xf32>') (rank 2)}}
  %0 = nd.dim %a[2] : (tensor<2x3xf32>) -> index
  return
}

// -----

func.func @dim_result(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'nd.dim' op result #0 ('i64') must be 'index' or 'tensor<index>'}}
  %0 = nd.dim %a[1] : (tensor<2x3xf32>) -> i64
  return
}

// -----

func.func @dim_missing(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'nd.dim' op requires integer attribute 'index'}}
  %0 = "nd.dim"(%a) : (tensor<2x3xf32>) -> index
  return
}

// -----

func.func @broadcast_shapes_length(%a: tensor<2xindex>, %b: tensor<3xindex>) {
  // expected-error @+1 {{'nd.broadcast_shapes' op result #0 ('tensor<2xindex>') must have 3 entries ('tensor<3xindex>' or 'tensor<?xindex>'), the length of the longest operand}}
  %0 = nd.broadcast_shapes %a, %b : (tensor<2xindex>, tensor<3xindex>) -> tensor<2xindex>
  return
}

// -----

func.func @broadcast_shapes_dynamic(%a: tensor<2xindex>, %b: tensor<?xindex>) {
  // expected-error @+1 {{'nd.broadcast_shapes' op result #0 ('tensor<2xindex>') must have a dynamic length ('tensor<?xindex>'): operand #1 has a dynamic length}}
  %0 = nd.broadcast_shapes %a, %b : (tensor<2xindex>, tensor<?xindex>) -> tensor<2xindex>
  return
}

// -----

func.func @broadcast_shapes_operand(%a: tensor<2xindex>, %b: tensor<2x2xindex>) {
  // expected-error @+1 {{'nd.broadcast_shapes' op operand #1 ('tensor<2x2xindex>') must be a shape, a 1-D tensor of index ('tensor<Nxindex>')}}
  %0 = nd.broadcast_shapes %a, %b : (tensor<2xindex>, tensor<2x2xindex>) -> tensor<2xindex>
  return
}

// -----

func.func @reduce_kind(%a: tensor<4x8xf32>) {
  // expected-error @+1 {{'nd.reduce' op kind 'mean' is not one of sum, max, min, prod}}
  %0 = "nd.reduce"(%a) <{kind = "mean", dimensions = array<i64: 1>}> : (tensor<4x8xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @reduce_dims_range(%a: tensor<4x8xf32>) {
  // expected-error @+1 {{'nd.reduce' op dimensions[0] = 2 is not a dim of operand #0 ('tensor<4x8xf32>') (rank 2)}}
  %0 = nd.reduce sum %a across [2] : (tensor<4x8xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @reduce_dims_repeat(%a: tensor<4x8xf32>) {
  // expected-error @+1 {{'nd.reduce' op dimensions[1] = 1 repeats dimensions[0]}}
  %0 = nd.reduce sum %a across [1, 1] : (tensor<4x8xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @reduce_result(%a: tensor<4x8xf32>) {
  // expected-error @+1 {{'nd.reduce' op result #0 ('tensor<4xf32>') does not have the shape [4, 1] (reduced dims kept as 1): result has rank 1 but the inferred rank is 2}}
  %0 = nd.reduce sum %a across [1] keep_dims : (tensor<4x8xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @reduce_result_size(%a: tensor<4x8xf32>) {
  // expected-error @+1 {{'nd.reduce' op result #0 ('tensor<8xf32>') does not have the shape [4] (reduced dims removed): result dim 0 has size 8 but the inferred size is 4}}
  %0 = nd.reduce max %a across [1] : (tensor<4x8xf32>) -> tensor<8xf32>
  return
}

// -----

func.func @reduce_keep_dims_type(%a: tensor<4x8xf32>) {
  // expected-error @+1 {{'nd.reduce' op attribute 'keep_dims' must be a unit or boolean attribute, but is '1 : i32'}}
  %0 = "nd.reduce"(%a) <{kind = "sum", dimensions = array<i64: 1>, keep_dims = 1 : i32}> : (tensor<4x8xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @reduce_custom_kind(%a: tensor<4x8xf32>) {
  // expected-error @+1 {{expected reduction kind, one of sum, max, min, prod}}
  %0 = nd.reduce mean %a across [1] : (tensor<4x8xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @matmul_contraction(%a: tensor<2x3xf32>, %b: tensor<4x5xf32>) {
  // expected-error @+1 {{'nd.matmul' op contracted dims differ: operand #0 ('tensor<2x3xf32>') dim 1 has size 3 but operand #1 ('tensor<4x5xf32>') dim 0 has size 4}}
  %0 = nd.matmul %a, %b : (tensor<2x3xf32>, tensor<4x5xf32>) -> tensor<2x5xf32>
  return
}

// -----

func.func @matmul_batch(%a: tensor<2x3x4xf32>, %b: tensor<5x4x6xf32>) {
  // expected-error @+1 {{'nd.matmul' op batch dims don't broadcast: operand #0 ('tensor<2x3x4xf32>') dim 0 has size 2 but operand #1 ('tensor<5x4x6xf32>') dim 0 has size 5, and neither is 1}}
  %0 = nd.matmul %a, %b : (tensor<2x3x4xf32>, tensor<5x4x6xf32>) -> tensor<2x3x6xf32>
  return
}

// -----

func.func @matmul_result(%a: tensor<7x1x3x4xf32>, %b: tensor<5x4x6xf32>) {
  // expected-error @+1 {{'nd.matmul' op result #0 ('tensor<7x3x6xf32>') does not have the shape [7, 5, 3, 6] (broadcast batch dims, then rows of operand #0 and columns of operand #1): result has rank 3 but the inferred rank is 4}}
  %0 = nd.matmul %a, %b : (tensor<7x1x3x4xf32>, tensor<5x4x6xf32>) -> tensor<7x3x6xf32>
  return
}

// -----

func.func @matmul_scalar(%a: tensor<f32>, %b: tensor<4xf32>) {
  // expected-error @+1 {{'nd.matmul' op operand #0 ('tensor<f32>') must have rank 1 or more: matmul contracts its last dim}}
  %0 = nd.matmul %a, %b : (tensor<f32>, tensor<4xf32>) -> tensor<f32>
  return
}

// -----

func.func @matmul_no_shorthand(%a: tensor<4x4xf32>) {
  // expected-error @+1 {{expected '(' and a functional type '(operands) -> results'}}
  %0 = nd.matmul %a, %a : tensor<4x4xf32>
  return
}

// -----

func.func @shorthand_count(%a: tensor<4xf32>) {
  // expected-error @+1 {{expected 2 operand types but had 1}}
  %0 = nd.add %a, %a : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @regions(%a: tensor<4xf32>) {
  // expected-error @+1 {{'nd.exp' op requires zero regions}}
  %0 = "nd.exp"(%a) ({}) : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

// Every failing op is reported, not only the first.
func.func @all_reported(%a: tensor<3xf32>, %b: tensor<4xf32>) {
  %c = nd.constant dense<1> : tensor<3xi32>
  // expected-error @+2 {{'nd.add' op operands don't have broadcast-compatible shapes}}
  // expected-note @+1 {{they meet in result dim 0 and neither is 1}}
  %0 = nd.add %a, %b : (tensor<3xf32>, tensor<4xf32>) -> tensor<4xf32>
  // expected-error @+1 {{'nd.exp' op operand #0 ('tensor<3xi32>') must have float elements}}
  %1 = "nd.exp"(%c) : (tensor<3xi32>) -> tensor<3xi32>
  return
}

// -----

// The float math ops take float elements only (their declared functions' kinds).
func.func @sin_of_integers(%a: tensor<4xi32>) {
  // expected-error @+1 {{'nd.sin' op operand #0 ('tensor<4xi32>') must have float elements, but has 'i32'}}
  %0 = nd.sin %a : tensor<4xi32>
  return
}

// -----

func.func @rsqrt_of_integers(%a: tensor<4xi8>) {
  // expected-error @+1 {{'nd.rsqrt' op operand #0 ('tensor<4xi8>') must have float elements, but has 'i8'}}
  %0 = nd.rsqrt %a : tensor<4xi8>
  return
}

// -----

// nd.atan2 is defined for floats only (its declared function's kinds).
func.func @atan2_of_integers(%a: tensor<4xi32>) {
  // expected-error @+1 {{'nd.atan2' op operand #0 ('tensor<4xi32>') must have float elements, but has 'i32'}}
  %0 = nd.atan2 %a, %a : tensor<4xi32>
  return
}

// -----

// nd.atan2 broadcasts as the other binary ops: 4 and 3 do not.
func.func @atan2_shapes(%a: tensor<4xf32>, %b: tensor<3xf32>) {
  // expected-error @+2 {{'nd.atan2' op operands don't have broadcast-compatible shapes}}
  // expected-note @+1 {{operand #0 ('tensor<4xf32>') dim 0 has size 4 but operand #1 ('tensor<3xf32>') dim 0 has size 3: they meet in result dim 0 and neither is 1}}
  %0 = nd.atan2 %a, %b : (tensor<4xf32>, tensor<3xf32>) -> tensor<4xf32>
  return
}

// -----

// nd.clamp's three operands and result have one element type.
func.func @clamp_kinds(%x: tensor<4xf32>, %lo: tensor<4xi32>) {
  // expected-error @+1 {{'nd.clamp' op operand #1 ('tensor<4xi32>') has element type 'i32' but operand #0 ('tensor<4xf32>') has 'f32': 'clamp' needs one element type}}
  %0 = nd.clamp %x, %lo, %x : (tensor<4xf32>, tensor<4xi32>, tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

// nd.clamp broadcasts its three operands: the upper bound's 3 meets 4.
func.func @clamp_shapes(%x: tensor<2x4xf32>, %lo: tensor<f32>, %hi: tensor<3xf32>) {
  // expected-error @+2 {{'nd.clamp' op operands don't have broadcast-compatible shapes}}
  // expected-note @+1 {{operand #0 ('tensor<2x4xf32>') dim 1 has size 4 but operand #2 ('tensor<3xf32>') dim 0 has size 3: they meet in result dim 1 and neither is 1}}
  %0 = nd.clamp %x, %lo, %hi : (tensor<2x4xf32>, tensor<f32>, tensor<3xf32>) -> tensor<2x4xf32>
  return
}

// -----

// nd.round_even and nd.erf are defined for floats only.
func.func @round_even_of_integers(%a: tensor<4xi32>) {
  // expected-error @+1 {{'nd.round_even' op operand #0 ('tensor<4xi32>') must have float elements, but has 'i32'}}
  %0 = nd.round_even %a : tensor<4xi32>
  return
}

// -----

// nd.log1p, nd.expm1 and nd.logistic are defined for floats only (their
// declared functions' kinds).
func.func @log1p_of_integers(%a: tensor<4xi32>) {
  // expected-error @+1 {{'nd.log1p' op operand #0 ('tensor<4xi32>') must have float elements, but has 'i32'}}
  %0 = nd.log1p %a : tensor<4xi32>
  return
}

// -----

func.func @erf_of_integers(%a: tensor<4xi64>) {
  // expected-error @+1 {{'nd.erf' op operand #0 ('tensor<4xi64>') must have float elements, but has 'i64'}}
  %0 = nd.erf %a : tensor<4xi64>
  return
}

// -----

func.func @expm1_of_bools(%a: tensor<4xi1>) {
  // expected-error @+1 {{'nd.expm1' op operand #0 ('tensor<4xi1>') must have float elements, but has 'i1'}}
  %0 = nd.expm1 %a : tensor<4xi1>
  return
}

// -----

// nd.not is defined for integers and i1 (np.invert), not floats.
func.func @not_of_floats(%a: tensor<4xf32>) {
  // expected-error @+1 {{'nd.not' op operand #0 ('tensor<4xf32>') must have integer or index elements, but has 'f32'}}
  %0 = nd.not %a : tensor<4xf32>
  return
}

// -----

// nd.sign is defined for the kinds with a sign: not unsigned integers or i1.
func.func @sign_of_unsigned(%a: tensor<4xui8>) {
  // expected-error @+1 {{'nd.sign' op operand #0 ('tensor<4xui8>') must have float, signed integer or index elements, but has 'ui8'}}
  %0 = nd.sign %a : tensor<4xui8>
  return
}

// -----

func.func @sign_of_i1(%a: tensor<4xi1>) {
  // expected-error @+1 {{'nd.sign' op operand #0 ('tensor<4xi1>') must have float, signed integer or index elements, but has 'i1'}}
  %0 = nd.sign %a : tensor<4xi1>
  return
}

// -----

func.func @logistic_of_index(%a: tensor<4xindex>) {
  // expected-error @+1 {{'nd.logistic' op operand #0 ('tensor<4xindex>') must have float elements, but has 'index'}}
  %0 = nd.logistic %a : tensor<4xindex>
  return
}
