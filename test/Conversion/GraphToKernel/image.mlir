// RUN: strata-opt %s --convert-graph-to-kernel -split-input-file | FileCheck %s

// Bilinear upsampling: one generic over the result; each resampled dim maps
// its index to an f64 coordinate, takes floor and the fraction, and the
// four taps (clamped to the input) are read with tensor.extract and mixed.
// Dims with a scale of 1 are copied.
// CHECK-LABEL: func.func @linear
// CHECK: linalg.generic
// CHECK-COUNT-2: math.floor
// CHECK-COUNT-4: tensor.extract %{{.*}}[%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}] : tensor<1x2x3x4xf32>
// CHECK: arith.truncf %{{.*}} : f64 to f32
func.func @linear(%x: tensor<1x2x3x4xf32>) -> tensor<1x2x6x8xf32> {
  %s = graph.constant dense<[1.0, 1.0, 2.0, 2.0]> : tensor<4xf32>
  %0 = graph.resize %x scales %s {mode = #graph.resize_mode<linear>} : (tensor<1x2x3x4xf32>, tensor<4xf32>) -> tensor<1x2x6x8xf32>
  return %0 : tensor<1x2x6x8xf32>
}

// -----

// Scales read at run time: the result sizes come from a generic over a 1-D
// i64 tensor (a kernel), which the host reads.
// CHECK-LABEL: func.func @runtime_scales
// CHECK: %[[SZ:.*]] = linalg.generic {{.*}} ins(%{{.*}} : tensor<4xf32>) outs(%{{.*}} : tensor<4xi64>)
// CHECK: math.floor
// CHECK: arith.fptosi
// CHECK: tensor.extract %[[SZ]]
// CHECK: tensor.empty
func.func @runtime_scales(%x: tensor<1x1x2x2xf32>, %s: tensor<4xf32>) -> tensor<?x?x?x?xf32> {
  %0 = graph.resize %x scales %s : (tensor<1x1x2x2xf32>, tensor<4xf32>) -> tensor<?x?x?x?xf32>
  return %0 : tensor<?x?x?x?xf32>
}
