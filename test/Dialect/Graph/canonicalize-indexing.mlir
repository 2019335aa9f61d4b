// RUN: strata-opt %s -canonicalize -split-input-file | FileCheck %s

// CHECK-LABEL: func.func @concat_single
// CHECK-SAME: (%[[X:.*]]: tensor<?x4xf32>)
// CHECK-NEXT: return %[[X]]
func.func @concat_single(%x: tensor<?x4xf32>) -> tensor<?x4xf32> {
  %0 = graph.concat %x {axis = 1 : i64} : tensor<?x4xf32> -> tensor<?x4xf32>
  return %0 : tensor<?x4xf32>
}

// -----

// The declared type differs from the input's: no fold.
// CHECK-LABEL: func.func @concat_single_cast
// CHECK: graph.concat
func.func @concat_single_cast(%x: tensor<3x4xf32>) -> tensor<?x4xf32> {
  %0 = graph.concat %x {axis = 1 : i64} : tensor<3x4xf32> -> tensor<?x4xf32>
  return %0 : tensor<?x4xf32>
}

// -----

// CHECK-LABEL: func.func @concat_two
// CHECK: graph.concat
func.func @concat_two(%x: tensor<2xf32>) -> tensor<4xf32> {
  %0 = graph.concat %x, %x {axis = 0 : i64} : tensor<2xf32>, tensor<2xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// CHECK-LABEL: func.func @concat_splat
// CHECK-NEXT: %[[C:.*]] = graph.constant dense<5> : tensor<2x5xi64>
// CHECK-NEXT: return %[[C]]
func.func @concat_splat() -> tensor<2x5xi64> {
  %a = graph.constant dense<5> : tensor<2x2xi64>
  %b = graph.constant dense<5> : tensor<2x3xi64>
  %0 = graph.concat %a, %b {axis = 1 : i64} : tensor<2x2xi64>, tensor<2x3xi64> -> tensor<2x5xi64>
  return %0 : tensor<2x5xi64>
}

// -----

// Splats of different values: no fold.
// CHECK-LABEL: func.func @concat_splat_differ
// CHECK: graph.concat
func.func @concat_splat_differ() -> tensor<5xi64> {
  %a = graph.constant dense<5> : tensor<2xi64>
  %b = graph.constant dense<6> : tensor<3xi64>
  %0 = graph.concat %a, %b {axis = 0 : i64} : tensor<2xi64>, tensor<3xi64> -> tensor<5xi64>
  return %0 : tensor<5xi64>
}

// -----

// CHECK-LABEL: func.func @slice_everything
// CHECK-SAME: (%[[X:.*]]: tensor<?x4xf32>)
// CHECK-NEXT: return %[[X]], %[[X]]
func.func @slice_everything(%x: tensor<?x4xf32>) -> (tensor<?x4xf32>, tensor<?x4xf32>) {
  // `?` axis: 0 (or INT64_MIN) to INT64_MAX; static axis: -4 to 100.
  %0 = graph.slice %x {starts = array<i64: 0, -4>, ends = array<i64: 9223372036854775807, 100>} : tensor<?x4xf32> -> tensor<?x4xf32>
  %1 = graph.slice %x {starts = array<i64: -9223372036854775808>, ends = array<i64: 9223372036854775807>, steps = array<i64: 1>} : tensor<?x4xf32> -> tensor<?x4xf32>
  return %0, %1 : tensor<?x4xf32>, tensor<?x4xf32>
}

// -----

// CHECK-LABEL: func.func @slice_not_everything
// CHECK-COUNT-4: graph.slice
func.func @slice_not_everything(%x: tensor<?x4xf32>) -> (tensor<?x4xf32>, tensor<?x4xf32>, tensor<?x4xf32>, tensor<?x?xf32>) {
  // A `?` axis up to a finite end may be shorter than the input.
  %0 = graph.slice %x {starts = array<i64: 0>, ends = array<i64: 1000>} : tensor<?x4xf32> -> tensor<?x4xf32>
  // -1 counts from the back: it drops the last row.
  %1 = graph.slice %x {starts = array<i64: 0>, ends = array<i64: -1>} : tensor<?x4xf32> -> tensor<?x4xf32>
  // Every element, reversed.
  %2 = graph.slice %x {starts = array<i64: -1>, ends = array<i64: -9223372036854775808>, axes = array<i64: 1>, steps = array<i64: -1>} : tensor<?x4xf32> -> tensor<?x4xf32>
  // Everything, but the declared type differs from the input's.
  %3 = graph.slice %x {starts = array<i64: 0>, ends = array<i64: 4>, axes = array<i64: 1>} : tensor<?x4xf32> -> tensor<?x?xf32>
  return %0, %1, %2, %3 : tensor<?x4xf32>, tensor<?x4xf32>, tensor<?x4xf32>, tensor<?x?xf32>
}

// -----

// CHECK-LABEL: func.func @slice_splat
// CHECK-NEXT: %[[C:.*]] = graph.constant dense<2.500000e+00> : tensor<2x3xf32>
// CHECK-NEXT: return %[[C]]
func.func @slice_splat() -> tensor<2x3xf32> {
  %c = graph.constant dense<2.5> : tensor<4x6xf32>
  %0 = graph.slice %c {starts = array<i64: 1, 0>, ends = array<i64: 3, 6>, steps = array<i64: 1, 2>} : tensor<4x6xf32> -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// Non-splat constants are left to the constant folding pass.
// CHECK-LABEL: func.func @slice_not_splat
// CHECK: graph.slice
func.func @slice_not_splat() -> tensor<2xi64> {
  %c = graph.constant dense<[1, 2, 3]> : tensor<3xi64>
  %0 = graph.slice %c {starts = array<i64: 1>, ends = array<i64: 3>} : tensor<3xi64> -> tensor<2xi64>
  return %0 : tensor<2xi64>
}

// -----

// CHECK-LABEL: func.func @gather_splat
// CHECK-NEXT: %[[C:.*]] = graph.constant dense<7> : tensor<2x5x3xi32>
// CHECK-NEXT: return %[[C]]
func.func @gather_splat(%i: tensor<5xi64>) -> tensor<2x5x3xi32> {
  %c = graph.constant dense<7> : tensor<2x4x3xi32>
  %0 = graph.gather %c, %i {axis = 1 : i64} : tensor<2x4x3xi32>, tensor<5xi64> -> tensor<2x5x3xi32>
  return %0 : tensor<2x5x3xi32>
}

// -----

// The Shape -> Gather chains of dynamic exports.
// CHECK-LABEL: func.func @gather_shape
// CHECK-DAG: %[[A:.*]] = graph.constant dense<{{\[\[}}64, 1], [3, 64]]> : tensor<2x2xi64>
// CHECK-DAG: %[[B:.*]] = graph.constant dense<1> : tensor<i64>
// CHECK: return %[[A]], %[[B]]
func.func @gather_shape() -> (tensor<2x2xi64>, tensor<i64>) {
  %shape = graph.constant dense<[1, 3, 64]> : tensor<3xi64>
  %i = graph.constant dense<[[2, 0], [-2, -1]]> : tensor<2x2xi32>
  %j = graph.constant dense<0> : tensor<i64>
  %0 = graph.gather %shape, %i : tensor<3xi64>, tensor<2x2xi32> -> tensor<2x2xi64>
  %1 = graph.gather %shape, %j : tensor<3xi64>, tensor<i64> -> tensor<i64>
  return %0, %1 : tensor<2x2xi64>, tensor<i64>
}

// -----

// CHECK-LABEL: func.func @gather_no_fold
// CHECK-COUNT-3: graph.gather
func.func @gather_no_fold(%i: tensor<2xi64>, %s: tensor<3xi64>) -> (tensor<2xi64>, tensor<2xi64>, tensor<2x2xi64>) {
  %shape = graph.constant dense<[1, 3, 64]> : tensor<3xi64>
  %j = graph.constant dense<[0, 1]> : tensor<2xi64>
  %m = graph.constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi64>
  // Unknown indices.
  %0 = graph.gather %shape, %i : tensor<3xi64>, tensor<2xi64> -> tensor<2xi64>
  // Unknown data.
  %1 = graph.gather %s, %j : tensor<3xi64>, tensor<2xi64> -> tensor<2xi64>
  // 2-D non-splat data: the constant folding pass's job.
  %2 = graph.gather %m, %j {axis = 1 : i64} : tensor<2x2xi64>, tensor<2xi64> -> tensor<2x2xi64>
  return %0, %1, %2 : tensor<2xi64>, tensor<2xi64>, tensor<2x2xi64>
}

// -----

// CHECK-LABEL: func.func @pad_zero
// CHECK-SAME: (%[[X:.*]]: tensor<?x4xf32>)
// CHECK-NEXT: return %[[X]]
func.func @pad_zero(%x: tensor<?x4xf32>) -> tensor<?x4xf32> {
  %0 = graph.pad %x {pads = array<i64: 0, 0, 0, 0>, mode = #graph.pad_mode<reflect>} : tensor<?x4xf32> -> tensor<?x4xf32>
  return %0 : tensor<?x4xf32>
}

// -----

// CHECK-LABEL: func.func @pad_no_fold
// CHECK-COUNT-2: graph.pad
func.func @pad_no_fold(%x: tensor<3x4xf32>) -> (tensor<3x6xf32>, tensor<?x4xf32>) {
  %0 = graph.pad %x {pads = array<i64: 0, 1, 0, 1>} : tensor<3x4xf32> -> tensor<3x6xf32>
  // Zero pads, but the declared type differs from the input's.
  %1 = graph.pad %x {pads = array<i64: 0, 0, 0, 0>} : tensor<3x4xf32> -> tensor<?x4xf32>
  return %0, %1 : tensor<3x6xf32>, tensor<?x4xf32>
}

// -----

// CHECK-LABEL: func.func @pad_splat
// CHECK-DAG: %[[A:.*]] = graph.constant dense<9.997550e-02> : tensor<6xf16>
// CHECK-DAG: %[[B:.*]] = graph.constant dense<3> : tensor<5xi8>
// CHECK: return %[[A]], %[[B]]
func.func @pad_splat() -> (tensor<6xf16>, tensor<5xi8>) {
  %f = graph.constant dense<0.1> : tensor<4xf16>
  %i = graph.constant dense<3> : tensor<4xi8>
  // The fill 0.1 rounds to the f16 splat.
  %0 = graph.pad %f {pads = array<i64: 1, 1>, value = 0.1} : tensor<4xf16> -> tensor<6xf16>
  %1 = graph.pad %i {pads = array<i64: 0, 1>, mode = #graph.pad_mode<edge>} : tensor<4xi8> -> tensor<5xi8>
  return %0, %1 : tensor<6xf16>, tensor<5xi8>
}

// -----

// The fill differs from the splat.
// CHECK-LABEL: func.func @pad_splat_other_value
// CHECK: graph.pad
func.func @pad_splat_other_value() -> tensor<6xi8> {
  %i = graph.constant dense<3> : tensor<4xi8>
  %0 = graph.pad %i {pads = array<i64: 1, 1>} : tensor<4xi8> -> tensor<6xi8>
  return %0 : tensor<6xi8>
}

// -----

// CHECK-LABEL: func.func @split_one
// CHECK-SAME: (%[[X:.*]]: tensor<?x4xf32>)
// CHECK-NEXT: return %[[X]], %[[X]]
func.func @split_one(%x: tensor<?x4xf32>) -> (tensor<?x4xf32>, tensor<?x4xf32>) {
  %0 = graph.split %x {axis = 1 : i64, num_outputs = 1 : i64} : tensor<?x4xf32> -> tensor<?x4xf32>
  %1 = graph.split %x {split = array<i64: 4>, axis = -1 : i64} : tensor<?x4xf32> -> tensor<?x4xf32>
  return %0, %1 : tensor<?x4xf32>, tensor<?x4xf32>
}

// -----

// CHECK-LABEL: func.func @split_no_fold
// CHECK-COUNT-2: graph.split
func.func @split_no_fold(%x: tensor<3x4xf32>) -> (tensor<3x2xf32>, tensor<3x2xf32>, tensor<?x4xf32>) {
  %0:2 = graph.split %x {axis = 1 : i64, num_outputs = 2 : i64} : tensor<3x4xf32> -> tensor<3x2xf32>, tensor<3x2xf32>
  // One piece, but the declared type differs from the input's.
  %1 = graph.split %x {num_outputs = 1 : i64} : tensor<3x4xf32> -> tensor<?x4xf32>
  return %0#0, %0#1, %1 : tensor<3x2xf32>, tensor<3x2xf32>, tensor<?x4xf32>
}

// -----

// CHECK-LABEL: func.func @split_splat
// CHECK-DAG: %[[A:.*]] = graph.constant dense<true> : tensor<3xi1>
// CHECK-DAG: %[[B:.*]] = graph.constant dense<true> : tensor<1xi1>
// CHECK: return %[[A]], %[[A]], %[[B]]
func.func @split_splat() -> (tensor<3xi1>, tensor<3xi1>, tensor<1xi1>) {
  %c = graph.constant dense<true> : tensor<7xi1>
  %0:3 = graph.split %c {num_outputs = 3 : i64} : tensor<7xi1> -> tensor<3xi1>, tensor<3xi1>, tensor<1xi1>
  return %0#0, %0#1, %0#2 : tensor<3xi1>, tensor<3xi1>, tensor<1xi1>
}

// -----

// A `?` declared piece cannot hold a constant.
// CHECK-LABEL: func.func @split_splat_dynamic
// CHECK: graph.split
func.func @split_splat_dynamic() -> (tensor<3xi1>, tensor<?xi1>) {
  %c = graph.constant dense<true> : tensor<4xi1>
  %0:2 = graph.split %c {split = array<i64: 3, 1>} : tensor<4xi1> -> tensor<3xi1>, tensor<?xi1>
  return %0#0, %0#1 : tensor<3xi1>, tensor<?xi1>
}

// -----

// Out-of-range constant indices are a run-time error, not a fold.
// CHECK-LABEL: func.func @gather_out_of_range_no_fold
// CHECK: graph.gather
func.func @gather_out_of_range_no_fold() -> tensor<2xi64> {
  %shape = graph.constant dense<[2, 3, 4]> : tensor<3xi64>
  %i = graph.constant dense<[1, 3]> : tensor<2xi64>
  %0 = graph.gather %shape, %i : tensor<3xi64>, tensor<2xi64> -> tensor<2xi64>
  return %0 : tensor<2xi64>
}

// -----

// Constant bounds turn a dynamic_slice into a slice.
// CHECK-LABEL: func.func @dynamic_slice_constant
// CHECK-NOT: graph.dynamic_slice
// CHECK: graph.slice %{{.*}} {axes = array<i64: -1>, ends = array<i64: 64>, starts = array<i64: 0>} : tensor<?x192xf32> -> tensor<?x?xf32>
func.func @dynamic_slice_constant(%x: tensor<?x192xf32>) -> tensor<?x?xf32> {
  %s = graph.constant dense<0> : tensor<1xi64>
  %e = graph.constant dense<64> : tensor<1xi32>
  %a = graph.constant dense<-1> : tensor<1xi64>
  %0 = graph.dynamic_slice %x, %s, %e axes %a : (tensor<?x192xf32>, tensor<1xi64>, tensor<1xi32>, tensor<1xi64>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// -----

// A bound computed at run time keeps the op.
// CHECK-LABEL: func.func @dynamic_slice_runtime
// CHECK: graph.dynamic_slice
func.func @dynamic_slice_runtime(%x: tensor<?x192xf32>, %e: tensor<1xi64>) -> tensor<?x?xf32> {
  %s = graph.constant dense<0> : tensor<1xi64>
  %0 = graph.dynamic_slice %x, %s, %e : (tensor<?x192xf32>, tensor<1xi64>, tensor<1xi64>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// -----

// Constant pads turn a dynamic_pad into a pad.
// CHECK-LABEL: func.func @dynamic_pad_constant
// CHECK-NOT: graph.dynamic_pad
// CHECK: graph.pad %{{.*}} {mode = #graph.pad_mode<edge>, pads = array<i64: 0, 1, 0, 2>} : tensor<?x4xf32> -> tensor<?x?xf32>
func.func @dynamic_pad_constant(%x: tensor<?x4xf32>) -> tensor<?x?xf32> {
  %p = graph.constant dense<[0, 1, 0, 2]> : tensor<4xi64>
  %0 = graph.dynamic_pad %x, %p {mode = #graph.pad_mode<edge>} : tensor<?x4xf32>, tensor<4xi64> -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}
