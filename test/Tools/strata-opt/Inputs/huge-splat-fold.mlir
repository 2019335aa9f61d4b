// A 2^32-element splat transposed (folded: a splat stays a splat) and summed
// (not folded: the evaluator would expand it). See bad-input-huge.test.
func.func @main(%x: tensor<4xf32>) -> (tensor<f32>, tensor<4xf32>) {
  %big = graph.constant dense<1.0> : tensor<65536x65536xf32>
  %t = graph.transpose %big {perm = array<i64: 1, 0>} : tensor<65536x65536xf32> -> tensor<65536x65536xf32>
  %s = graph.reduce_sum %t {axes = array<i64: 0, 1>, keepdims = false} : tensor<65536x65536xf32> -> tensor<f32>
  return %s, %x : tensor<f32>, tensor<4xf32>
}
