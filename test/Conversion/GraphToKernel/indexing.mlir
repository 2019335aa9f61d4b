// RUN: strata-opt %s --convert-graph-to-kernel -split-input-file | FileCheck %s

// CHECK-LABEL: func.func @concat
// CHECK-SAME: (%[[A:.*]]: tensor<?x2xf32>, %[[B:.*]]: tensor<?x3xf32>, %[[C:.*]]: tensor<1x3xi8>)
func.func @concat(%a: tensor<?x2xf32>, %b: tensor<?x3xf32>, %c: tensor<1x3xi8>) -> (tensor<?x5xf32>, tensor<3x3xi8>) {
  // CHECK: %[[R:.*]] = tensor.concat dim(1) %[[A]], %[[B]] : (tensor<?x2xf32>, tensor<?x3xf32>) -> tensor<?x5xf32>
  %0 = graph.concat %a, %b {axis = -1 : i64} : tensor<?x2xf32>, tensor<?x3xf32> -> tensor<?x5xf32>
  // CHECK: %[[S:.*]] = tensor.concat dim(0) %[[C]], %[[C]], %[[C]] : (tensor<1x3xi8>, tensor<1x3xi8>, tensor<1x3xi8>) -> tensor<3x3xi8>
  %1 = graph.concat %c, %c, %c {axis = 0 : i64} : tensor<1x3xi8>, tensor<1x3xi8>, tensor<1x3xi8> -> tensor<3x3xi8>
  // CHECK: return %[[R]], %[[S]]
  return %0, %1 : tensor<?x5xf32>, tensor<3x3xi8>
}

// -----

// Static bounds are clamped at compile time.
// CHECK-LABEL: func.func @slice
// CHECK-SAME: (%[[X:.*]]: tensor<?x8x5xf32>)
func.func @slice(%x: tensor<?x8x5xf32>) -> tensor<?x3x5xf32> {
  // CHECK: %[[R:.*]] = tensor.extract_slice %[[X]][0, 1, 0] [%{{.*}}, 3, 5] [1, 2, 1] : tensor<?x8x5xf32> to tensor<?x3x5xf32>
  %0 = graph.slice %x {starts = array<i64: 1, 0>, ends = array<i64: -1, 9223372036854775807>, axes = array<i64: 1, -1>, steps = array<i64: 2, 1>} : tensor<?x8x5xf32> -> tensor<?x3x5xf32>
  // CHECK: return %[[R]]
  return %0 : tensor<?x3x5xf32>
}

// -----

// A `?` axis clamps the start with arith.minsi / maxsi.
// CHECK-LABEL: func.func @slice_dynamic
// CHECK-SAME: (%[[X:.*]]: tensor<?x8xf32>)
func.func @slice_dynamic(%x: tensor<?x8xf32>) -> tensor<?x8xf32> {
  // CHECK: %[[D:.*]] = tensor.dim %[[X]], %c0
  // CHECK: %[[START:.*]] = arith.minsi %c1{{.*}}, %[[D]] : index
  // CHECK: %[[END0:.*]] = arith.addi %[[D]], %c-1 : index
  // CHECK: %[[END:.*]] = arith.maxsi %[[END0]], %c0{{.*}} : index
  // CHECK: %[[DIST:.*]] = arith.subi %[[END]], %[[START]] : index
  // CHECK: %[[COUNT:.*]] = arith.maxsi %[[DIST]], %c0{{.*}} : index
  // CHECK: %[[D2:.*]] = tensor.dim %[[X]], %c0
  // CHECK: %[[OFFSET:.*]] = arith.minsi %c1{{.*}}, %[[D2]] : index
  // CHECK: %[[R:.*]] = tensor.extract_slice %[[X]][%[[OFFSET]], 0] [%[[COUNT]], 8] [1, 1] : tensor<?x8xf32> to tensor<?x8xf32>
  %0 = graph.slice %x {starts = array<i64: 1>, ends = array<i64: -1>, axes = array<i64: 0>} : tensor<?x8xf32> -> tensor<?x8xf32>
  // CHECK: return %[[R]]
  return %0 : tensor<?x8xf32>
}

// -----

// A negative step extracts from the lowest element with the positive
// stride, then reverses through the indexing map.
// CHECK-DAG: #[[MIRROR:.*]] = affine_map<(d0, d1) -> (d0, -d1 + 2)>
// CHECK-DAG: #[[ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @slice_negative_step
// CHECK-SAME: (%[[X:.*]]: tensor<4x8xf32>)
func.func @slice_negative_step(%x: tensor<4x8xf32>) -> tensor<4x3xf32> {
  // CHECK: %[[S:.*]] = tensor.extract_slice %[[X]][0, 2] [4, 3] [1, 2] : tensor<4x8xf32> to tensor<4x3xf32>
  // CHECK: %[[INIT:.*]] = tensor.empty() : tensor<4x3xf32>
  // CHECK: %[[R:.*]] = linalg.generic {indexing_maps = [#[[MIRROR]], #[[ID]]], iterator_types = ["parallel", "parallel"]}
  // CHECK-SAME: ins(%[[S]] : tensor<4x3xf32>) outs(%[[INIT]] : tensor<4x3xf32>)
  // CHECK: ^bb0(%[[IN:.*]]: f32, %{{.*}}: f32):
  // CHECK-NEXT: linalg.yield %[[IN]] : f32
  %0 = graph.slice %x {starts = array<i64: 6>, ends = array<i64: 0>, axes = array<i64: 1>, steps = array<i64: -2>} : tensor<4x8xf32> -> tensor<4x3xf32>
  // CHECK: return %[[R]]
  return %0 : tensor<4x3xf32>
}

// -----

// A negative step on a `?` axis: the offset is start - (count - 1) * |step|
// (clamped to the size for an empty slice), and the reversal reads
// n - 1 - i with tensor.extract.
// CHECK-LABEL: func.func @slice_negative_step_dynamic
// CHECK-SAME: (%[[X:.*]]: tensor<?x8xf32>)
func.func @slice_negative_step_dynamic(%x: tensor<?x8xf32>) -> tensor<?x8xf32> {
  // CHECK: %[[CEIL:.*]] = arith.ceildivsi %{{.*}}, %c2 : index
  // CHECK: %[[COUNT:.*]] = arith.maxsi %[[CEIL]], %c0{{.*}} : index
  // CHECK: %[[D:.*]] = tensor.dim %[[X]], %c0
  // CHECK: %[[LAST:.*]] = arith.subi %[[D]], %c1{{.*}} : index
  // CHECK: %[[SHIFTED:.*]] = arith.addi %[[D]], %c-1{{.*}} : index
  // CHECK: %[[LOW:.*]] = arith.maxsi %[[SHIFTED]], %c0{{.*}} : index
  // CHECK: %[[START:.*]] = arith.minsi %[[LOW]], %[[LAST]] : index
  // CHECK: %[[M:.*]] = arith.subi %[[COUNT]], %c1{{.*}} : index
  // CHECK: %[[SPAN:.*]] = arith.muli %[[M]], %c2{{.*}} : index
  // CHECK: %[[FIRST:.*]] = arith.subi %[[START]], %[[SPAN]] : index
  // CHECK: %[[OFFSET:.*]] = arith.minsi %[[FIRST]], %[[D]] : index
  // CHECK: %[[S:.*]] = tensor.extract_slice %[[X]][%[[OFFSET]], 0] [%[[COUNT]], 8] [2, 1] : tensor<?x8xf32> to tensor<?x8xf32>
  // CHECK: %[[INIT:.*]] = tensor.empty(%[[COUNT]]) : tensor<?x8xf32>
  // CHECK: %[[N1:.*]] = arith.subi %[[COUNT]], %c1{{.*}} : index
  // CHECK: %[[R:.*]] = linalg.generic {{.*}} outs(%[[INIT]] : tensor<?x8xf32>)
  // CHECK: %[[I0:.*]] = linalg.index 0 : index
  // CHECK: %[[I1:.*]] = linalg.index 1 : index
  // CHECK: %[[P:.*]] = arith.subi %[[N1]], %[[I0]] : index
  // CHECK: %[[E:.*]] = tensor.extract %[[S]][%[[P]], %[[I1]]] : tensor<?x8xf32>
  // CHECK: linalg.yield %[[E]] : f32
  %0 = graph.slice %x {starts = array<i64: -1>, ends = array<i64: -9223372036854775808>, axes = array<i64: 0>, steps = array<i64: -2>} : tensor<?x8xf32> -> tensor<?x8xf32>
  // CHECK: return %[[R]]
  return %0 : tensor<?x8xf32>
}

// -----

// The indices are an input projected onto their result dims; a negative
// index has the axis size added.
// CHECK-DAG: #[[IDS:.*]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-DAG: #[[ID3:.*]] = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// CHECK-LABEL: func.func @gather
// CHECK-SAME: (%[[T:.*]]: tensor<1000x64xf32>, %[[IDS_ARG:.*]]: tensor<?x16xi64>)
func.func @gather(%t: tensor<1000x64xf32>, %ids: tensor<?x16xi64>) -> tensor<?x16x64xf32> {
  // CHECK: %[[D:.*]] = tensor.dim %[[IDS_ARG]], %c0
  // CHECK: %[[INIT:.*]] = tensor.empty(%[[D]]) : tensor<?x16x64xf32>
  // The index range is checked first (a reduction and two checks).
  // CHECK: linalg.generic {{.*}} iterator_types = ["reduction", "reduction"]
  // CHECK: kernel.check
  // CHECK: kernel.check
  // CHECK: %[[R:.*]] = linalg.generic {indexing_maps = [#[[IDS]], #[[ID3]]], iterator_types = ["parallel", "parallel", "parallel"]}
  // CHECK-SAME: ins(%[[IDS_ARG]] : tensor<?x16xi64>) outs(%[[INIT]] : tensor<?x16x64xf32>)
  // CHECK: ^bb0(%[[IN:.*]]: i64, %{{.*}}: f32):
  // CHECK: %[[I:.*]] = arith.index_cast %[[IN]] : i64 to index
  // CHECK: %[[NEG:.*]] = arith.cmpi slt, %[[I]], %c0
  // CHECK: %[[WRAP:.*]] = arith.addi %[[I]], %c1000{{.*}} : index
  // CHECK: %[[POS:.*]] = arith.select %[[NEG]], %[[WRAP]], %[[I]] : index
  // CHECK: %[[K:.*]] = linalg.index 2 : index
  // CHECK: %[[E:.*]] = tensor.extract %[[T]][%[[POS]], %[[K]]] : tensor<1000x64xf32>
  // CHECK: linalg.yield %[[E]] : f32
  %0 = graph.gather %t, %ids {axis = 0 : i64} : tensor<1000x64xf32>, tensor<?x16xi64> -> tensor<?x16x64xf32>
  // CHECK: return %[[R]]
  return %0 : tensor<?x16x64xf32>
}

// -----

// A 0-d index drops the axis; a `?` axis size comes from tensor.dim. The
// host first checks the smallest and largest index against the axis size.
// CHECK-DAG: #[[SCALAR:.*]] = affine_map<(d0, d1) -> ()>
// CHECK-LABEL: func.func @gather_scalar
// CHECK-SAME: (%[[X:.*]]: tensor<2x?x3xf16>, %[[I:.*]]: tensor<i32>)
func.func @gather_scalar(%x: tensor<2x?x3xf16>, %i: tensor<i32>) -> tensor<2x3xf16> {
  // CHECK: %[[INIT:.*]] = tensor.empty() : tensor<2x3xf16>
  // CHECK: %[[CD:.*]] = tensor.dim %[[X]], %c1
  // CHECK: %[[BOUNDS:.*]]:2 = linalg.generic {{.*}} ins(%[[I]] : tensor<i32>)
  // CHECK: arith.minsi
  // CHECK: arith.maxsi
  // CHECK: %[[LO:.*]] = tensor.extract %[[BOUNDS]]#0[] : tensor<i64>
  // CHECK: %[[HI:.*]] = tensor.extract %[[BOUNDS]]#1[] : tensor<i64>
  // CHECK: %[[SIZE:.*]] = arith.index_cast %[[CD]] : index to i64
  // CHECK: kernel.check %{{.*}}, "graph.gather: index {0} is out of range for axis 1 of size {1}", %[[LO]], %[[SIZE]] : i64, i64
  // CHECK: kernel.check %{{.*}}, "graph.gather: index {0} is out of range for axis 1 of size {1}", %[[HI]], %[[SIZE]] : i64, i64
  // CHECK: %[[D:.*]] = tensor.dim %[[X]], %c1
  // CHECK: linalg.generic {indexing_maps = [#[[SCALAR]], #{{.*}}]
  // CHECK-SAME: ins(%[[I]] : tensor<i32>) outs(%[[INIT]] : tensor<2x3xf16>)
  // CHECK: ^bb0(%[[IN:.*]]: i32, %{{.*}}: f16):
  // CHECK: %[[IDX:.*]] = arith.index_cast %[[IN]] : i32 to index
  // CHECK: %[[NEG:.*]] = arith.cmpi slt, %[[IDX]], %c0
  // CHECK: %[[WRAP:.*]] = arith.addi %[[IDX]], %[[D]] : index
  // CHECK: %[[POS:.*]] = arith.select %[[NEG]], %[[WRAP]], %[[IDX]] : index
  // CHECK: %[[I0:.*]] = linalg.index 0 : index
  // CHECK: %[[I1:.*]] = linalg.index 1 : index
  // CHECK: tensor.extract %[[X]][%[[I0]], %[[POS]], %[[I1]]] : tensor<2x?x3xf16>
  %0 = graph.gather %x, %i {axis = 1 : i64} : tensor<2x?x3xf16>, tensor<i32> -> tensor<2x3xf16>
  return %0 : tensor<2x3xf16>
}

// -----

// CHECK-LABEL: func.func @pad_constant
// CHECK-SAME: (%[[X:.*]]: tensor<?x4xf32>, %[[Y:.*]]: tensor<?x6xi8>)
func.func @pad_constant(%x: tensor<?x4xf32>, %y: tensor<?x6xi8>) -> (tensor<?x7xf32>, tensor<?x5xi8>) {
  // CHECK: %[[FILL:.*]] = arith.constant 1.500000e+00 : f32
  // CHECK: %[[A:.*]] = tensor.pad %[[X]] low[1, 2] high[0, 1]
  // CHECK: tensor.yield %[[FILL]] : f32
  // CHECK: } : tensor<?x4xf32> to tensor<?x7xf32>
  %0 = graph.pad %x {pads = array<i64: 1, 2, 0, 1>, value = 1.5 : f64} : tensor<?x4xf32> -> tensor<?x7xf32>
  // Negative pads crop first, after a check that the crop fits.
  // CHECK: %[[D:.*]] = tensor.dim %[[Y]], %c0
  // CHECK: %[[FITS:.*]] = arith.cmpi sge, %[[D]], %[[C1:.*]] : index
  // CHECK: kernel.check %[[FITS]], "graph.pad: negative pads remove {0} elements of dim 0, which has {1}", %[[C1]], %[[D]] : index, index
  // CHECK: %[[N:.*]] = arith.subi %[[D]], %c1{{.*}} : index
  // CHECK: %[[CROP:.*]] = tensor.extract_slice %[[Y]][1, 0] [%[[N]], 4] [1, 1] : tensor<?x6xi8> to tensor<?x4xi8>
  // CHECK: %[[THREE:.*]] = arith.constant 3 : i8
  // CHECK: %[[B:.*]] = tensor.pad %[[CROP]] low[0, 1] high[0, 0]
  // CHECK: tensor.yield %[[THREE]] : i8
  // CHECK: } : tensor<?x4xi8> to tensor<?x5xi8>
  %1 = graph.pad %y {pads = array<i64: -1, 1, 0, -2>, value = 3.0 : f64} : tensor<?x6xi8> -> tensor<?x5xi8>
  // CHECK: return %[[A]], %[[B]]
  return %0, %1 : tensor<?x7xf32>, tensor<?x5xi8>
}

// -----

// Pure crops need no tensor.pad.
// CHECK-LABEL: func.func @pad_crop
func.func @pad_crop(%x: tensor<4x4xi1>) -> tensor<3x2xi1> {
  // CHECK: %[[R:.*]] = tensor.extract_slice %{{.*}}[1, 0] [3, 2] [1, 1] : tensor<4x4xi1> to tensor<3x2xi1>
  // CHECK-NOT: tensor.pad
  %0 = graph.pad %x {pads = array<i64: -1, 0, 0, -2>} : tensor<4x4xi1> -> tensor<3x2xi1>
  // CHECK: return %[[R]]
  return %0 : tensor<3x2xi1>
}

// -----

// Reflect mirrors without repeating the border element.
// CHECK-LABEL: func.func @pad_reflect
// CHECK-SAME: (%[[X:.*]]: tensor<1x3x?x32xf32>)
func.func @pad_reflect(%x: tensor<1x3x?x32xf32>) -> tensor<1x3x?x34xf32> {
  // CHECK: %[[INIT:.*]] = tensor.empty(%{{.*}}) : tensor<1x3x?x34xf32>
  // CHECK: %[[D:.*]] = tensor.dim %[[X]], %c2
  // CHECK: %[[LAST:.*]] = arith.subi %[[D]], %c1{{.*}} : index
  // CHECK: %[[R:.*]] = linalg.generic {{.*}} outs(%[[INIT]] : tensor<1x3x?x34xf32>)
  // CHECK: %[[I0:.*]] = linalg.index 0 : index
  // CHECK: %[[I1:.*]] = linalg.index 1 : index
  // CHECK: %[[I2:.*]] = linalg.index 2 : index
  // CHECK: %[[I3:.*]] = linalg.index 3 : index
  // CHECK: %[[P:.*]] = arith.subi %[[I2]], %c1{{.*}} : index
  // CHECK: %[[BELOW:.*]] = arith.cmpi slt, %[[P]], %[[ZERO:.*]] : index
  // CHECK: %[[NEGP:.*]] = arith.subi %[[ZERO]], %[[P]] : index
  // CHECK: %[[Q:.*]] = arith.select %[[BELOW]], %[[NEGP]], %[[P]] : index
  // CHECK: %[[ABOVE:.*]] = arith.cmpi sge, %[[Q]], %[[D]] : index
  // CHECK: %[[TWICE:.*]] = arith.addi %[[LAST]], %[[LAST]] : index
  // CHECK: %[[MIRROR:.*]] = arith.subi %[[TWICE]], %[[Q]] : index
  // CHECK: %[[POS2:.*]] = arith.select %[[ABOVE]], %[[MIRROR]], %[[Q]] : index
  // CHECK: %[[E:.*]] = tensor.extract %[[X]][%[[I0]], %[[I1]], %[[POS2]], %{{.*}}] : tensor<1x3x?x32xf32>
  // CHECK: linalg.yield %[[E]] : f32
  %0 = graph.pad %x {pads = array<i64: 0, 0, 1, 1, 0, 0, 1, 1>, mode = #graph.pad_mode<reflect>} : tensor<1x3x?x32xf32> -> tensor<1x3x?x34xf32>
  // CHECK: return %[[R]]
  return %0 : tensor<1x3x?x34xf32>
}

// -----

// Edge clamps to [0, d - 1].
// CHECK-LABEL: func.func @pad_edge
// CHECK-SAME: (%[[X:.*]]: tensor<4xi8>)
func.func @pad_edge(%x: tensor<4xi8>) -> tensor<7xi8> {
  // CHECK: %[[INIT:.*]] = tensor.empty() : tensor<7xi8>
  // CHECK: %[[R:.*]] = linalg.generic {{.*}} outs(%[[INIT]] : tensor<7xi8>)
  // CHECK: %[[I:.*]] = linalg.index 0 : index
  // CHECK: %[[P:.*]] = arith.subi %[[I]], %c2{{.*}} : index
  // CHECK: %[[LOW:.*]] = arith.maxsi %[[P]], %c0{{.*}} : index
  // CHECK: %[[POS:.*]] = arith.minsi %[[LOW]], %c3 : index
  // CHECK: %[[E:.*]] = tensor.extract %[[X]][%[[POS]]] : tensor<4xi8>
  // CHECK: linalg.yield %[[E]] : i8
  %0 = graph.pad %x {pads = array<i64: 2, 1>, mode = #graph.pad_mode<edge>} : tensor<4xi8> -> tensor<7xi8>
  // CHECK: return %[[R]]
  return %0 : tensor<7xi8>
}

// -----

// CHECK-LABEL: func.func @split
// CHECK-SAME: (%[[X:.*]]: tensor<?x8xf32>)
func.func @split(%x: tensor<?x8xf32>) -> (tensor<?x2xf32>, tensor<?x6xf32>) {
  // CHECK: %[[D:.*]] = tensor.dim %[[X]], %c0
  // CHECK: %[[A:.*]] = tensor.extract_slice %[[X]][0, 0] [%[[D]], 2] [1, 1] : tensor<?x8xf32> to tensor<?x2xf32>
  // CHECK: %[[B:.*]] = tensor.extract_slice %[[X]][0, 2] [%[[D]], 6] [1, 1] : tensor<?x8xf32> to tensor<?x6xf32>
  %0:2 = graph.split %x {axis = 1 : i64, split = array<i64: 2, 6>} : tensor<?x8xf32> -> tensor<?x2xf32>, tensor<?x6xf32>
  // CHECK: return %[[A]], %[[B]]
  return %0#0, %0#1 : tensor<?x2xf32>, tensor<?x6xf32>
}

// -----

// num_outputs on a `?` axis: pieces of ceil(d / n), the last one the rest.
// CHECK-LABEL: func.func @split_num_outputs
// CHECK-SAME: (%[[Y:.*]]: tensor<?xf16>, %[[Z:.*]]: tensor<7xf16>)
func.func @split_num_outputs(%y: tensor<?xf16>, %z: tensor<7xf16>) -> (tensor<?xf16>, tensor<?xf16>, tensor<?xf16>, tensor<3xf16>, tensor<3xf16>, tensor<1xf16>) {
  // CHECK: %[[D:.*]] = tensor.dim %[[Y]], %c0
  // CHECK: %[[CHUNK:.*]] = arith.ceildivsi %[[D]], %c3 : index
  // CHECK: %[[LEAD:.*]] = arith.muli %[[CHUNK]], %c2 : index
  // CHECK: %[[REST:.*]] = arith.subi %[[D]], %[[LEAD]] : index
  // CHECK: %[[A:.*]] = tensor.extract_slice %[[Y]][0] [%[[CHUNK]]] [1] : tensor<?xf16> to tensor<?xf16>
  // CHECK: %[[B:.*]] = tensor.extract_slice %[[Y]][%[[CHUNK]]] [%[[CHUNK]]] [1] : tensor<?xf16> to tensor<?xf16>
  // CHECK: %[[OFF:.*]] = arith.addi %[[CHUNK]], %[[CHUNK]] : index
  // CHECK: %[[C:.*]] = tensor.extract_slice %[[Y]][%[[OFF]]] [%[[REST]]] [1] : tensor<?xf16> to tensor<?xf16>
  %0:3 = graph.split %y {num_outputs = 3 : i64} : tensor<?xf16> -> tensor<?xf16>, tensor<?xf16>, tensor<?xf16>
  // CHECK: %[[E:.*]] = tensor.extract_slice %[[Z]][0] [3] [1] : tensor<7xf16> to tensor<3xf16>
  // CHECK: %[[F:.*]] = tensor.extract_slice %[[Z]][3] [3] [1] : tensor<7xf16> to tensor<3xf16>
  // CHECK: %[[G:.*]] = tensor.extract_slice %[[Z]][6] [1] [1] : tensor<7xf16> to tensor<1xf16>
  %1:3 = graph.split %z {num_outputs = 3 : i64} : tensor<7xf16> -> tensor<3xf16>, tensor<3xf16>, tensor<1xf16>
  // CHECK: return %[[A]], %[[B]], %[[C]], %[[E]], %[[F]], %[[G]]
  return %0#0, %0#1, %0#2, %1#0, %1#1, %1#2 : tensor<?xf16>, tensor<?xf16>, tensor<?xf16>, tensor<3xf16>, tensor<3xf16>, tensor<1xf16>
}

// -----

// Bounds computed at run time with constant axes and steps: the host clamps
// them and a tensor.extract_slice takes the offsets and sizes.
// CHECK-LABEL: func.func @dynamic_slice
// CHECK-SAME: (%[[X:.*]]: tensor<?x192xf32>, %[[E:.*]]: tensor<1xi64>)
// CHECK: %[[END:.*]] = tensor.extract %[[E]][%{{.*}}] : tensor<1xi64>
// CHECK: arith.index_cast %[[END]] : i64 to index
// CHECK-NOT: kernel.check
// CHECK: tensor.extract_slice %[[X]][0, 0] [%{{.*}}, %{{.*}}] [1, 1] : tensor<?x192xf32> to tensor<?x?xf32>
func.func @dynamic_slice(%x: tensor<?x192xf32>, %e: tensor<1xi64>) -> tensor<?x?xf32> {
  %s = graph.constant dense<0> : tensor<1xi64>
  %a = graph.constant dense<-1> : tensor<1xi64>
  %0 = graph.dynamic_slice %x, %s, %e axes %a : (tensor<?x192xf32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// -----

// Steps and axes computed at run time: the host asserts that steps are not
// zero and axes are in range and distinct, and a linalg.generic reads
// `first + i * step` along each dim.
// CHECK-LABEL: func.func @dynamic_slice_steps
// CHECK: kernel.check %{{.*}}, "graph.dynamic_slice: a step is zero"
// CHECK: kernel.check %{{.*}}, "graph.dynamic_slice: an axis is out of range"
// CHECK: kernel.check %{{.*}}, "graph.dynamic_slice: an axis is repeated"
// CHECK: linalg.generic
// CHECK: arith.muli
// CHECK: tensor.extract %{{.*}}[%{{.*}}, %{{.*}}] : tensor<4x6xf32>
func.func @dynamic_slice_steps(%x: tensor<4x6xf32>, %s: tensor<2xi64>, %e: tensor<2xi64>, %a: tensor<2xi32>, %t: tensor<2xi64>) -> tensor<?x?xf32> {
  %0 = graph.dynamic_slice %x, %s, %e axes %a steps %t : (tensor<4x6xf32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi32>, tensor<2xi64>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// -----

// trilu: j - i compared with k (read on the host) per element.
// CHECK-LABEL: func.func @trilu
// CHECK-SAME: (%[[X:.*]]: tensor<?x4x5xf32>, %[[K:.*]]: tensor<i64>)
// CHECK: %[[KV:.*]] = tensor.extract %[[K]][] : tensor<i64>
// CHECK: %[[KI:.*]] = arith.index_cast %[[KV]] : i64 to index
// CHECK: linalg.generic
// CHECK: %[[I:.*]] = linalg.index 1 : index
// CHECK: %[[J:.*]] = linalg.index 2 : index
// CHECK: %[[D:.*]] = arith.subi %[[J]], %[[I]] : index
// CHECK: arith.cmpi sle, %[[D]], %[[KI]] : index
// CHECK: arith.select
func.func @trilu(%x: tensor<?x4x5xf32>, %k: tensor<i64>) -> tensor<?x4x5xf32> {
  %0 = graph.trilu %x, %k {upper = false} : (tensor<?x4x5xf32>, tensor<i64>) -> tensor<?x4x5xf32>
  return %0 : tensor<?x4x5xf32>
}

// -----

// scatter_nd (reduction none): a generic with a reduction dim over the
// index tuples keeps the last tuple that lands on each element, then a
// generic reads that update or keeps the data.
// CHECK-LABEL: func.func @scatter_nd
// CHECK: %[[LAST:.*]] = linalg.generic {{.*}}iterator_types = ["parallel", "parallel", "reduction"]{{.*}} outs(%{{.*}} : tensor<4x3xi64>)
// CHECK: arith.cmpi eq
// CHECK: arith.maxsi
// CHECK: linalg.generic
// CHECK: tensor.extract %[[LAST]]
// CHECK: scf.if
func.func @scatter_nd(%x: tensor<4x3xf32>, %i: tensor<2x1xi64>, %u: tensor<2x3xf32>) -> tensor<4x3xf32> {
  %0 = graph.scatter_nd %x, %i, %u : tensor<4x3xf32>, tensor<2x1xi64>, tensor<2x3xf32> -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -----

// scatter_elements with add: the data is the accumulator of one generic.
// CHECK-LABEL: func.func @scatter_elements_add
// CHECK-SAME: (%[[X:.*]]: tensor<3x4xf32>
// CHECK: linalg.generic {{.*}}iterator_types = ["parallel", "parallel", "reduction"]{{.*}} outs(%[[X]] : tensor<3x4xf32>)
// CHECK: scf.if
// CHECK: arith.addf
func.func @scatter_elements_add(%x: tensor<3x4xf32>, %i: tensor<3x2xi64>, %u: tensor<3x2xf32>) -> tensor<3x4xf32> {
  %0 = graph.scatter_elements %x, %i, %u {axis = 1 : i64, reduction = #graph.scatter_reduction<add>} : tensor<3x4xf32>, tensor<3x2xi64>, tensor<3x2xf32> -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

// dynamic_pad: the host reads the pads and asserts the result sizes.
// CHECK-LABEL: func.func @dynamic_pad
// CHECK: tensor.extract %{{.*}}[%{{.*}}] : tensor<4xi64>
// CHECK: kernel.check %{{.*}}, "graph.dynamic_pad: pads crop a dim to a negative size"
// CHECK: linalg.generic
func.func @dynamic_pad(%x: tensor<3x4xf32>, %p: tensor<4xi64>) -> tensor<?x?xf32> {
  %0 = graph.dynamic_pad %x, %p : tensor<3x4xf32>, tensor<4xi64> -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}
