// Diagnostics for malformed builtin and dialect types; messages and lines
// match mlir-opt's.
// RUN: tensor-opt %s -split-input-file -verify-diagnostics

// Dimensions that do not fit in int64_t.
// expected-error @+1 {{invalid dimension}}
func.func private @dim_overflow(tensor<9223372036854775808xf32>)

// -----

// A letter where a dimension or element type should be.
// expected-error @+1 {{expected non-function type}}
func.func private @bad_dim(tensor<2xax3xf32>)

// -----

// Negative dimensions are not integers of the dimension list.
// expected-error @+1 {{expected non-function type}}
func.func private @negative_dim(tensor<-2xf32>)

// -----

// expected-error @+1 {{expected 'x' in dimension list}}
func.func private @dim_without_x(tensor<2x3>)

// -----

// The error goes right after the last good token, not at the next one.
// expected-error @+1 {{expected 'x' in dimension list}}
func.func private @dim_without_x_spaced(tensor<2 x 3 >)

// -----

// expected-error @+1 {{expected non-function type}}
func.func private @missing_element_type(tensor<2x3x>)

// -----

// expected-error @+1 {{expected non-function type}}
func.func private @unranked_dynamic(tensor<*x?xf32>)

// -----

// expected-error @+1 {{expected 'x' in dimension list}}
func.func private @unranked_no_x(tensor<*?xf32>)

// -----

// expected-error @+1 {{cannot apply encoding to unranked tensor}}
func.func private @unranked_encoding(tensor<*xf32, 1>)

// -----

// expected-error @+1 {{vector types must have positive constant sizes but got 0}}
func.func private @vector_zero(vector<0xf32>)

// -----

// `?` ends a vector's dimension list and is not a type.
// expected-error @+1 {{expected non-function type}}
func.func private @vector_dynamic(vector<2x?xf32>)

// -----

// expected-error @+1 {{expected 'x' in dimension list}}
func.func private @vector_no_element_type(vector<4>)

// -----

// expected-error @+1 {{invalid tensor element type}}
func.func private @tensor_of_function(tensor<2x(i32) -> i32>)

// -----

// expected-error @+1 {{invalid tensor element type}}
func.func private @tensor_of_none(tensor<2xnone>)

// -----

// expected-error @+1 {{failed to verify 'elementType': VectorElementTypeInterface instance}}
func.func private @vector_of_tensor(vector<2xtensor<2xf32>>)

// -----

// expected-error @+1 {{failed to verify 'elementType': VectorElementTypeInterface instance}}
func.func private @vector_of_vector(vector<2xvector<2xi1>>)

// -----

// expected-error @+1 {{expected non-function type}}
func.func private @unknown_type(foo)

// -----

// expected-error @+1 {{expected non-function type}}
func.func private @unknown_float_type(f33)

// -----

// expected-error @+1 {{expected non-function type}}
func.func private @unknown_element_type(tensor<2xfoo>)

// -----

// expected-error @+1 {{expected '>' in tensor type}}
func.func private @unterminated_tensor(tensor<2xf32)

// -----

// expected-error @+1 {{expected '>' in vector type}}
func.func private @unterminated_vector(vector<2x3xf32, 1>)

// -----

// At the end of the input the error goes after the last token.
// expected-error @+1 {{expected non-function type}}
func.func private @truncated(tensor<

// -----

// expected-error @+1 {{integer bitwidth is limited to 16777215 bits}}
func.func private @too_wide(i16777216)

// -----

// expected-error @+1 {{invalid integer width}}
func.func private @width_overflow(i4294967296)

// -----

// expected-error @+1 {{undefined symbol alias id 'foo'}}
func.func private @undefined_alias(!foo)

// -----

// expected-error @+1 {{dialect 'func' provides no type parsing hook}}
func.func private @registered_dialect_without_types(!func.foo)

// -----

// expected-error @+1 {{`!"foo"<"bar<1>">` type created with unregistered dialect. If this is intended, please call allowUnregisteredDialects() on the MLIRContext, or use -allow-unregistered-dialect with the MLIR opt tool used}}
func.func private @unregistered_dialect(!foo.bar<1>)

// -----

// expected-error @+1 {{unbalanced '<' character in pretty dialect name}}
func.func private @unbalanced(!foo.bar<1)

// -----

// expected-error@+1 {{invalid element type for complex}}
func.func private @complex_of_index(complex<index>)

// -----

// expected-error@+1 {{expected '>' in complex type}}
func.func private @complex_unclosed(complex<f32)

// -----

// expected-error@+1 {{expected '>' in tuple type}}
func.func private @tuple_missing_comma(tuple<i32 f32>)
