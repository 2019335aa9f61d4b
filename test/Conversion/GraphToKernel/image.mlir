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

// -----

// Bilinear grid sampling: one generic over the result; each spatial dim
// reads its coordinate from the grid (x, the last dim, first), denormalizes
// it in f64 and takes two taps; with zero padding a tap outside the input
// reads 0 through a select. Static sizes leave nothing to check at run
// time.
// CHECK-LABEL: func.func @grid_sample_linear
// CHECK-NOT: kernel.check
// CHECK: linalg.generic
// CHECK: tensor.extract %{{.*}}[%{{.*}}, %{{.*}}, %{{.*}}, %c1{{.*}}] : tensor<1x4x5x2xf32>
// CHECK: math.floor
// CHECK: tensor.extract %{{.*}}[%{{.*}}, %{{.*}}, %{{.*}}, %c0{{.*}}] : tensor<1x4x5x2xf32>
// CHECK: math.floor
// CHECK-COUNT-4: tensor.extract %{{.*}} : tensor<1x2x3x6xf32>{{[[:space:]].*[[:space:]].*[[:space:]].*}}arith.select
// CHECK: arith.truncf %{{.*}} : f64 to f32
func.func @grid_sample_linear(%x: tensor<1x2x3x6xf32>, %g: tensor<1x4x5x2xf32>) -> tensor<1x2x4x5xf32> {
  %0 = graph.grid_sample %x, %g : (tensor<1x2x3x6xf32>, tensor<1x4x5x2xf32>) -> tensor<1x2x4x5xf32>
  return %0 : tensor<1x2x4x5xf32>
}

// -----

// Nearest rounds half to even; border padding clamps the coordinate, so
// no select. Dynamic batch sizes are checked to agree on the host.
// CHECK-LABEL: func.func @grid_sample_nearest
// CHECK: kernel.check %{{.*}}, "graph.grid_sample: the input and the grid differ in batch size"
// CHECK: linalg.generic
// CHECK: math.roundeven
// CHECK-NOT: arith.select {{.*}} : i8
// CHECK: tensor.extract %{{.*}} : tensor<?x2x3x3x3xi8>
// CHECK-NEXT: linalg.yield
func.func @grid_sample_nearest(%x: tensor<?x2x3x3x3xi8>, %g: tensor<?x4x5x6x3xf16>) -> tensor<?x2x4x5x6xi8> {
  %0 = graph.grid_sample %x, %g {mode = #graph.resize_mode<nearest>, padding_mode = #graph.grid_padding<border>} : (tensor<?x2x3x3x3xi8>, tensor<?x4x5x6x3xf16>) -> tensor<?x2x4x5x6xi8>
  return %0 : tensor<?x2x4x5x6xi8>
}

// -----

// Bicubic reads 16 taps.
// CHECK-LABEL: func.func @grid_sample_cubic
// CHECK: linalg.generic
// CHECK-COUNT-16: tensor.extract %{{.*}} : tensor<1x1x4x4xf32>
func.func @grid_sample_cubic(%x: tensor<1x1x4x4xf32>, %g: tensor<1x2x2x2xf32>) -> tensor<1x1x2x2xf32> {
  %0 = graph.grid_sample %x, %g {mode = #graph.resize_mode<cubic>, padding_mode = #graph.grid_padding<reflection>} : (tensor<1x1x4x4xf32>, tensor<1x2x2x2xf32>) -> tensor<1x1x2x2xf32>
  return %0 : tensor<1x1x2x2xf32>
}

// -----

// affine_grid with its size read at run time: the host reads H and W from
// `size` and checks them; the generic's element is a theta row dotted with
// the pixel's normalized coordinates.
// CHECK-LABEL: func.func @affine_grid
// CHECK-SAME: (%[[T:.*]]: tensor<2x2x3xf32>, %[[S:.*]]: tensor<4xi64>)
// CHECK: tensor.extract %[[S]]
// CHECK: tensor.extract %[[S]]
// CHECK: kernel.check %{{.*}}, "graph.affine_grid: a size is negative"
// CHECK: %[[E:.*]] = tensor.empty(%{{.*}}, %{{.*}}) : tensor<2x?x?x2xf32>
// CHECK: linalg.generic {{.*}} outs(%[[E]]
// CHECK-COUNT-3: tensor.extract %[[T]]
func.func @affine_grid(%t: tensor<2x2x3xf32>, %s: tensor<4xi64>) -> tensor<2x?x?x2xf32> {
  %0 = graph.affine_grid %t, %s : (tensor<2x2x3xf32>, tensor<4xi64>) -> tensor<2x?x?x2xf32>
  return %0 : tensor<2x?x?x2xf32>
}
