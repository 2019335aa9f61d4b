// Type inference of the neural-network ops, and reification of their
// result sizes in terms of the operands' sizes.
// RUN: strata-opt %s -test-graph-infer-types -mlir-print-op-on-diagnostic=false -verify-diagnostics -split-input-file
// RUN: strata-opt %s --resolve-ranked-shaped-type-result-dims -canonicalize -split-input-file | FileCheck %s --check-prefix=REIFY

// REIFY-LABEL: func.func @matmul
// REIFY-SAME: (%[[A:.*]]: tensor<?x1x?x3xf32>, %[[B:.*]]: tensor<?x3x?xf32>)
// REIFY-DAG: %[[C0:.*]] = arith.constant 0 : index
// REIFY-DAG: %[[C2:.*]] = arith.constant 2 : index
// REIFY-DAG: %[[DA0:.*]] = tensor.dim %[[A]], %[[C0]]
// REIFY-DAG: %[[DB0:.*]] = tensor.dim %[[B]], %[[C0]]
// REIFY-DAG: %[[DA2:.*]] = tensor.dim %[[A]], %[[C2]]
// REIFY-DAG: %[[DB2:.*]] = tensor.dim %[[B]], %[[C2]]
// REIFY: return %[[DA0]], %[[DB0]], %[[DA2]], %[[DB2]]
func.func @matmul(%a: tensor<?x1x?x3xf32>, %b: tensor<?x3x?xf32>) -> (index, index, index, index) {
  // expected-remark @+1 {{inferred: 'tensor<?x?x?x?xf32>'}}
  %0 = graph.matmul %a, %b : tensor<?x1x?x3xf32>, tensor<?x3x?xf32> -> tensor<?x?x?x?xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %d0 = tensor.dim %0, %c0 : tensor<?x?x?x?xf32>
  %d1 = tensor.dim %0, %c1 : tensor<?x?x?x?xf32>
  %d2 = tensor.dim %0, %c2 : tensor<?x?x?x?xf32>
  %d3 = tensor.dim %0, %c3 : tensor<?x?x?x?xf32>
  return %d0, %d1, %d2, %d3 : index, index, index, index
}

// -----

func.func @matmul_vectors(%a: tensor<?xf16>, %b: tensor<2x?x4xf16>, %c: tensor<?x4x?xf16>, %v: tensor<?xf16>) {
  // expected-remark @+1 {{inferred: 'tensor<2x4xf16>'}}
  %0 = graph.matmul %a, %b : tensor<?xf16>, tensor<2x?x4xf16> -> tensor<2x4xf16>
  // expected-remark @+1 {{inferred: 'tensor<f16>'}}
  %1 = graph.matmul %a, %v : tensor<?xf16>, tensor<?xf16> -> tensor<f16>
  // A ? batch dim paired with 2 becomes 2.
  // expected-remark @+1 {{inferred: 'tensor<2x?x?xf16>'}}
  %2 = graph.matmul %b, %c : tensor<2x?x4xf16>, tensor<?x4x?xf16> -> tensor<?x?x?xf16>
  return
}

// -----

// REIFY-LABEL: func.func @linear
// REIFY-SAME: (%[[A:.*]]: tensor<?x?xi32>, %[[B:.*]]: tensor<?x?xi32>
// REIFY-DAG: %[[C0:.*]] = arith.constant 0 : index
// REIFY-DAG: %[[C1:.*]] = arith.constant 1 : index
// REIFY-DAG: %[[M:.*]] = tensor.dim %[[A]], %[[C1]]
// REIFY-DAG: %[[N:.*]] = tensor.dim %[[B]], %[[C0]]
// REIFY: return %[[M]], %[[N]]
func.func @linear(%a: tensor<?x?xi32>, %b: tensor<?x?xi32>, %c: tensor<?xi32>) -> (index, index) {
  // expected-remark @+1 {{inferred: 'tensor<?x?xi32>'}}
  %0 = graph.linear %a, %b, %c {trans_a = true, trans_b = true} : tensor<?x?xi32>, tensor<?x?xi32>, tensor<?xi32> -> tensor<?x?xi32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d0 = tensor.dim %0, %c0 : tensor<?x?xi32>
  %d1 = tensor.dim %0, %c1 : tensor<?x?xi32>
  return %d0, %d1 : index, index
}

// -----

func.func @linear_bias_refines(%a: tensor<?x4xf32>, %b: tensor<4x?xf32>, %c: tensor<3x5xf32>, %r: tensor<5xf32>, %one: tensor<1x1xf32>) {
  // The bias fixes both sizes.
  // expected-remark @+1 {{inferred: 'tensor<3x5xf32>'}}
  %0 = graph.linear %a, %b, %c : tensor<?x4xf32>, tensor<4x?xf32>, tensor<3x5xf32> -> tensor<?x?xf32>
  // expected-remark @+1 {{inferred: 'tensor<?x5xf32>'}}
  %1 = graph.linear %a, %b, %r : tensor<?x4xf32>, tensor<4x?xf32>, tensor<5xf32> -> tensor<?x?xf32>
  // Size-1 bias dims say nothing.
  // expected-remark @+1 {{inferred: 'tensor<?x?xf32>'}}
  %2 = graph.linear %a, %b, %one : tensor<?x4xf32>, tensor<4x?xf32>, tensor<1x1xf32> -> tensor<?x?xf32>
  // expected-remark @+1 {{inferred: 'tensor<?x?xf32>'}}
  %3 = graph.linear %b, %a {trans_a = true, trans_b = true, alpha = 2.0 : f32} : tensor<4x?xf32>, tensor<?x4xf32> -> tensor<4x4xf32>
  return
}

// -----

func.func @conv2d(%x: tensor<1x4x10x11xf32>, %w: tensor<6x2x3x2xf32>, %xd: tensor<?x?x?x?xf32>, %wd: tensor<?x?x?x?xf32>,
                  %b: tensor<6xf32>, %xh: tensor<2x9x9x8xf16>, %wh: tensor<?x3x3x1xf16>, %bh: tensor<16xf16>) {
  // extent (3-1)*2+1 = 5: h = (10+1+0-5)/3+1 = 3; w: extent 2, (11+0+2-2)/1+1 = 12.
  // expected-remark @+1 {{inferred: 'tensor<1x6x3x12xf32>'}}
  %0 = graph.conv2d %x, %w {groups = 2 : i64, strides = array<i64: 3, 1>, dilations = array<i64: 2, 1>, pads = array<i64: 1, 0, 0, 2>} : tensor<1x4x10x11xf32>, tensor<6x2x3x2xf32> -> tensor<1x6x3x12xf32>
  // expected-remark @+1 {{inferred: 'tensor<?x?x?x?xf32>'}}
  %1 = graph.conv2d %xd, %wd : tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32> -> tensor<?x?x?x?xf32>
  // The bias gives the output channels.
  // expected-remark @+1 {{inferred: 'tensor<?x6x?x?xf32>'}}
  %2 = graph.conv2d %xd, %wd, %b : tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>, tensor<6xf32> -> tensor<?x?x?x?xf32>
  // A static input with a dynamic kernel gives ? spatial sizes.
  // expected-remark @+1 {{inferred: 'tensor<1x?x?x?xf32>'}}
  %3 = graph.conv2d %x, %wd : tensor<1x4x10x11xf32>, tensor<?x?x?x?xf32> -> tensor<1x?x?x?xf32>
  // Depthwise with a channel multiplier of 2, NHWC (OHWI weight).
  // expected-remark @+1 {{inferred: 'tensor<2x5x5x16xf16>'}}
  %4 = graph.conv2d %xh, %wh, %bh {groups = 8 : i64, strides = array<i64: 2, 2>, pads = array<i64: 1, 1, 1, 1>, layout = #graph.layout<nhwc>} : tensor<2x9x9x8xf16>, tensor<?x3x3x1xf16>, tensor<16xf16> -> tensor<2x5x5x16xf16>
  return
}

// -----

// H: (h + 1 + 1 - 3) / 2 + 1. W: stride 1, dilation 2, kernel size unknown:
// w - ((kw - 1) * 2 + 1) + 1.
// REIFY-LABEL: func.func @conv2d_reify
// REIFY-SAME: (%[[X:.*]]: tensor<?x3x?x?xf32>, %[[W:.*]]: tensor<8x3x3x?xf32>)
// REIFY-DAG: %[[C0:.*]] = arith.constant 0 : index
// REIFY-DAG: %[[C1:.*]] = arith.constant 1 : index
// REIFY-DAG: %[[C2:.*]] = arith.constant 2 : index
// REIFY-DAG: %[[C3:.*]] = arith.constant 3 : index
// REIFY-DAG: %[[CM1:.*]] = arith.constant -1 : index
// REIFY-DAG: %[[N:.*]] = tensor.dim %[[X]], %[[C0]]
// REIFY-DAG: %[[H:.*]] = tensor.dim %[[X]], %[[C2]]
// REIFY: %[[H1:.*]] = arith.addi %[[H]], %[[CM1]]
// REIFY: %[[H2:.*]] = arith.divui %[[H1]], %[[C2]]
// REIFY: %[[OH:.*]] = arith.addi %[[H2]], %[[C1]]
// REIFY-DAG: %[[IW:.*]] = tensor.dim %[[X]], %[[C3]]
// REIFY-DAG: %[[KW:.*]] = tensor.dim %[[W]], %[[C3]]
// REIFY: %[[K1:.*]] = arith.subi %[[KW]], %[[C1]]
// REIFY: %[[K2:.*]] = arith.muli %[[K1]], %[[C2]]
// REIFY: %[[EXT:.*]] = arith.addi %[[K2]], %[[C1]]
// REIFY: %[[SPAN:.*]] = arith.subi %[[IW]], %[[EXT]]
// REIFY: %[[OW:.*]] = arith.addi %[[SPAN]], %[[C1]]
// REIFY: return %[[N]], %[[OH]], %[[OW]]
func.func @conv2d_reify(%x: tensor<?x3x?x?xf32>, %w: tensor<8x3x3x?xf32>) -> (index, index, index) {
  // expected-remark @+1 {{inferred: 'tensor<?x8x?x?xf32>'}}
  %0 = graph.conv2d %x, %w {strides = array<i64: 2, 1>, pads = array<i64: 1, 0, 1, 0>, dilations = array<i64: 1, 2>} : tensor<?x3x?x?xf32>, tensor<8x3x3x?xf32> -> tensor<?x8x?x?xf32>
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %d0 = tensor.dim %0, %c0 : tensor<?x8x?x?xf32>
  %d2 = tensor.dim %0, %c2 : tensor<?x8x?x?xf32>
  %d3 = tensor.dim %0, %c3 : tensor<?x8x?x?xf32>
  return %d0, %d2, %d3 : index, index, index
}

// -----

// NHWC: the output channels come from the bias when the weight's are unknown.
// REIFY-LABEL: func.func @conv2d_reify_nhwc
// REIFY-SAME: (%[[X:.*]]: tensor<?x?x?x4xf32>, %[[W:.*]]: tensor<?x1x1x4xf32>, %[[B:.*]]: tensor<16xf32>)
// REIFY-DAG: %[[C1:.*]] = arith.constant 1 : index
// REIFY-DAG: %[[C16:.*]] = arith.constant 16 : index
// REIFY-DAG: %[[H:.*]] = tensor.dim %[[X]], %[[C1]]
// REIFY: return %[[H]], %[[C16]]
func.func @conv2d_reify_nhwc(%x: tensor<?x?x?x4xf32>, %w: tensor<?x1x1x4xf32>, %b: tensor<16xf32>) -> (index, index) {
  // expected-remark @+1 {{inferred: 'tensor<?x?x?x16xf32>'}}
  %0 = graph.conv2d %x, %w, %b {layout = #graph.layout<nhwc>} : tensor<?x?x?x4xf32>, tensor<?x1x1x4xf32>, tensor<16xf32> -> tensor<?x?x?x?xf32>
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %d1 = tensor.dim %0, %c1 : tensor<?x?x?x?xf32>
  %d3 = tensor.dim %0, %c3 : tensor<?x?x?x?xf32>
  return %d1, %d3 : index, index
}

// -----

func.func @conv_transpose2d(%x: tensor<1x8x5x7xf32>, %w: tensor<8x3x3x2xf32>, %xd: tensor<?x?x?x?xf32>, %wd: tensor<?x?x?x?xf32>,
                            %b: tensor<6xf32>, %xh: tensor<2x4x4x?xf16>, %wh: tensor<?x3x3x?xf16>) {
  // h: 2*(5-1) + 1 + ((3-1)*1+1) - 1 - 0 = 11; w: 1*(7-1) + 0 + ((2-1)*3+1) - 0 - 2 = 8.
  // expected-remark @+1 {{inferred: 'tensor<1x6x11x8xf32>'}}
  %0 = graph.conv_transpose2d %x, %w {groups = 2 : i64, strides = array<i64: 2, 1>, dilations = array<i64: 1, 3>, pads = array<i64: 1, 0, 0, 2>, output_padding = array<i64: 1, 0>} : tensor<1x8x5x7xf32>, tensor<8x3x3x2xf32> -> tensor<1x6x11x8xf32>
  // expected-remark @+1 {{inferred: 'tensor<?x?x?x?xf32>'}}
  %1 = graph.conv_transpose2d %xd, %wd : tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32> -> tensor<?x?x?x?xf32>
  // expected-remark @+1 {{inferred: 'tensor<?x6x?x?xf32>'}}
  %2 = graph.conv_transpose2d %xd, %wd, %b {groups = 3 : i64} : tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>, tensor<6xf32> -> tensor<?x?x?x?xf32>
  // NHWC weight (C_in, kH, kW, C_out / groups): 2*(4-1) + 3 = 9.
  // expected-remark @+1 {{inferred: 'tensor<2x9x9x?xf16>'}}
  %3 = graph.conv_transpose2d %xh, %wh {strides = array<i64: 2, 2>, layout = #graph.layout<nhwc>} : tensor<2x4x4x?xf16>, tensor<?x3x3x?xf16> -> tensor<2x9x9x?xf16>
  return
}

// -----

// H: (h - 1) * 2 + (3 + 1 - 1 - 1); W: (w - 1) + ((kw - 1) * 1 + 1).
// C: the weight's 4 * groups 2.
// REIFY-LABEL: func.func @conv_transpose2d_reify
// REIFY-SAME: (%[[X:.*]]: tensor<1x8x?x?xf32>, %[[W:.*]]: tensor<8x4x3x?xf32>)
// REIFY-DAG: %[[C1:.*]] = arith.constant 1 : index
// REIFY-DAG: %[[C2:.*]] = arith.constant 2 : index
// REIFY-DAG: %[[C3:.*]] = arith.constant 3 : index
// REIFY-DAG: %[[C8:.*]] = arith.constant 8 : index
// REIFY-DAG: %[[H:.*]] = tensor.dim %[[X]], %[[C2]]
// REIFY: %[[H1:.*]] = arith.subi %[[H]], %[[C1]]
// REIFY: %[[H2:.*]] = arith.muli %[[H1]], %[[C2]]
// REIFY: %[[OH:.*]] = arith.addi %[[H2]], %[[C2]]
// REIFY-DAG: %[[IW:.*]] = tensor.dim %[[X]], %[[C3]]
// REIFY-DAG: %[[KW:.*]] = tensor.dim %[[W]], %[[C3]]
// REIFY: %[[W1:.*]] = arith.subi %[[IW]], %[[C1]]
// REIFY: %[[OW:.*]] = arith.addi %[[W1]], %[[KW]]
// REIFY: return %[[C8]], %[[OH]], %[[OW]]
func.func @conv_transpose2d_reify(%x: tensor<1x8x?x?xf32>, %w: tensor<8x4x3x?xf32>) -> (index, index, index) {
  // expected-remark @+1 {{inferred: 'tensor<1x8x?x?xf32>'}}
  %0 = graph.conv_transpose2d %x, %w {groups = 2 : i64, strides = array<i64: 2, 1>, pads = array<i64: 1, 0, 1, 0>, output_padding = array<i64: 1, 0>} : tensor<1x8x?x?xf32>, tensor<8x4x3x?xf32> -> tensor<1x?x?x?xf32>
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %d1 = tensor.dim %0, %c1 : tensor<1x?x?x?xf32>
  %d2 = tensor.dim %0, %c2 : tensor<1x?x?x?xf32>
  %d3 = tensor.dim %0, %c3 : tensor<1x?x?x?xf32>
  return %d1, %d2, %d3 : index, index, index
}

// -----

func.func @pools(%x: tensor<1x3x4x5xf32>, %y: tensor<1x3x2x6xf32>, %z: tensor<?x?x?x?xf32>, %h: tensor<1x9x9x8xf16>, %u: tensor<1x3x5x5xui8>) {
  // ceil_mode; H: span 4 + 0 + 2 - 3 = 3, ceil(3/2) + 1 = 3, but the last
  // window would start at 4 >= 4 + 0, in the end padding: 2.
  // W: span 5 + 1 + 1 - 3 = 4, 4/2 + 1 = 3.
  // expected-remark @+1 {{inferred: 'tensor<1x3x2x3xf32>'}}
  %0 = graph.max_pool2d %x {kernel_shape = array<i64: 3, 3>, strides = array<i64: 2, 2>, pads = array<i64: 0, 1, 2, 1>, ceil_mode = true} : tensor<1x3x4x5xf32> -> tensor<1x3x2x3xf32>
  // The same without ceil_mode: H 3/2 + 1 = 2, W 3.
  // expected-remark @+1 {{inferred: 'tensor<1x3x2x3xf32>'}}
  %1 = graph.max_pool2d %x {kernel_shape = array<i64: 3, 3>, strides = array<i64: 2, 2>, pads = array<i64: 0, 1, 2, 1>} : tensor<1x3x4x5xf32> -> tensor<1x3x2x3xf32>
  // ceil_mode keeps a window that overhangs the end: H span 2 - 3 = -1,
  // ceil(-1/2) + 1 = 1. W: span 6 - 3 = 3, ceil(3/2) + 1 = 3.
  // expected-remark @+1 {{inferred: 'tensor<1x3x1x3xf32>'}}
  %2 = graph.avg_pool2d %y {kernel_shape = array<i64: 3, 3>, strides = array<i64: 2, 2>, ceil_mode = true} : tensor<1x3x2x6xf32> -> tensor<1x3x1x3xf32>
  // Dilation 2 makes the 2-tap window span 3: (5 - 3) + 1 = 3.
  // expected-remark @+1 {{inferred: 'tensor<1x3x4x3xf32>'}}
  %3 = graph.max_pool2d %x {kernel_shape = array<i64: 1, 2>, dilations = array<i64: 1, 2>} : tensor<1x3x4x5xf32> -> tensor<1x3x4x3xf32>
  // expected-remark @+1 {{inferred: 'tensor<?x?x?x?xf32>'}}
  %4 = graph.avg_pool2d %z {kernel_shape = array<i64: 2, 2>} : tensor<?x?x?x?xf32> -> tensor<?x?x?x?xf32>
  // NHWC: (9 + 2 - 3) / 2 + 1 = 5.
  // expected-remark @+1 {{inferred: 'tensor<1x5x5x8xf16>'}}
  %5 = graph.max_pool2d %h {kernel_shape = array<i64: 3, 3>, strides = array<i64: 2, 2>, pads = array<i64: 1, 1, 1, 1>, layout = #graph.layout<nhwc>} : tensor<1x9x9x8xf16> -> tensor<1x5x5x8xf16>
  // Dilated average: H extent (3 - 1) * 2 + 1 = 5, (4 + 2 - 5) + 1 = 2;
  // W extent (2 - 1) * 3 + 1 = 4, (5 - 4) + 1 = 2.
  // expected-remark @+1 {{inferred: 'tensor<1x3x2x2xf32>'}}
  %6 = graph.avg_pool2d %x {kernel_shape = array<i64: 3, 2>, dilations = array<i64: 2, 3>, pads = array<i64: 1, 0, 1, 0>} : tensor<1x3x4x5xf32> -> tensor<1x3x2x2xf32>
  // Integers keep their element type.
  // expected-remark @+1 {{inferred: 'tensor<1x3x2x2xui8>'}}
  %7 = graph.max_pool2d %u {kernel_shape = array<i64: 3, 3>, strides = array<i64: 2, 2>} : tensor<1x3x5x5xui8> -> tensor<1x3x2x2xui8>
  return
}

// -----

// floor: (h + 1 + 1 - 3) / 2 + 1.
// REIFY-LABEL: func.func @max_pool2d_reify
// REIFY-SAME: (%[[X:.*]]: tensor<?x3x?x7xf32>)
// REIFY-DAG: %[[C0:.*]] = arith.constant 0 : index
// REIFY-DAG: %[[C1:.*]] = arith.constant 1 : index
// REIFY-DAG: %[[C2:.*]] = arith.constant 2 : index
// REIFY-DAG: %[[CM1:.*]] = arith.constant -1 : index
// REIFY-DAG: %[[N:.*]] = tensor.dim %[[X]], %[[C0]]
// REIFY-DAG: %[[H:.*]] = tensor.dim %[[X]], %[[C2]]
// REIFY: %[[H1:.*]] = arith.addi %[[H]], %[[CM1]]
// REIFY: %[[H2:.*]] = arith.divui %[[H1]], %[[C2]]
// REIFY: %[[OH:.*]] = arith.addi %[[H2]], %[[C1]]
// REIFY: return %[[N]], %[[OH]]
func.func @max_pool2d_reify(%x: tensor<?x3x?x7xf32>) -> (index, index) {
  // expected-remark @+1 {{inferred: 'tensor<?x3x?x4xf32>'}}
  %0 = graph.max_pool2d %x {kernel_shape = array<i64: 3, 3>, strides = array<i64: 2, 2>, pads = array<i64: 1, 1, 1, 1>} : tensor<?x3x?x7xf32> -> tensor<?x3x?x4xf32>
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %d0 = tensor.dim %0, %c0 : tensor<?x3x?x4xf32>
  %d2 = tensor.dim %0, %c2 : tensor<?x3x?x4xf32>
  return %d0, %d2 : index, index
}

// -----

// Dilation 2 with 3 taps spans 5 rows: h - 5 + 1.
// REIFY-LABEL: func.func @avg_pool2d_reify_dilated
// REIFY-SAME: (%[[X:.*]]: tensor<1x3x?x8xf32>)
// REIFY-DAG: %[[CM4:.*]] = arith.constant -4 : index
// REIFY-DAG: %[[C2:.*]] = arith.constant 2 : index
// REIFY: %[[H:.*]] = tensor.dim %[[X]], %[[C2]]
// REIFY: %[[OH:.*]] = arith.addi %[[H]], %[[CM4]]
// REIFY: return %[[OH]]
func.func @avg_pool2d_reify_dilated(%x: tensor<1x3x?x8xf32>) -> index {
  // expected-remark @+1 {{inferred: 'tensor<1x3x?x6xf32>'}}
  %0 = graph.avg_pool2d %x {kernel_shape = array<i64: 3, 3>, dilations = array<i64: 2, 1>} : tensor<1x3x?x8xf32> -> tensor<1x3x?x6xf32>
  %c2 = arith.constant 2 : index
  %d2 = tensor.dim %0, %c2 : tensor<1x3x?x6xf32>
  return %d2 : index
}

// -----

// ceil_mode, NHWC: steps = ceildivsi(w + 0 + 2 - 3, 2); the last window is
// dropped when steps * 2 >= w + 0.
// REIFY-LABEL: func.func @avg_pool2d_reify_ceil
// REIFY-SAME: (%[[X:.*]]: tensor<1x5x?x8xf32>)
// REIFY-DAG: %[[C1:.*]] = arith.constant 1 : index
// REIFY-DAG: %[[C2:.*]] = arith.constant 2 : index
// REIFY-DAG: %[[CM1:.*]] = arith.constant -1 : index
// REIFY: %[[W:.*]] = tensor.dim %[[X]], %[[C2]]
// REIFY: %[[SPAN:.*]] = arith.addi %[[W]], %[[CM1]]
// REIFY: %[[STEPS:.*]] = arith.ceildivsi %[[SPAN]], %[[C2]]
// REIFY: %[[LAST:.*]] = arith.muli %[[STEPS]], %[[C2]]
// REIFY: %[[DROP:.*]] = arith.cmpi sge, %[[LAST]], %[[W]]
// REIFY: %[[MORE:.*]] = arith.addi %[[STEPS]], %[[C1]]
// REIFY: %[[OW:.*]] = arith.select %[[DROP]], %[[STEPS]], %[[MORE]]
// REIFY: return %[[OW]]
func.func @avg_pool2d_reify_ceil(%x: tensor<1x5x?x8xf32>) -> index {
  // expected-remark @+1 {{inferred: 'tensor<1x3x?x8xf32>'}}
  %0 = graph.avg_pool2d %x {kernel_shape = array<i64: 3, 3>, strides = array<i64: 2, 2>, pads = array<i64: 0, 0, 2, 2>, ceil_mode = true, layout = #graph.layout<nhwc>} : tensor<1x5x?x8xf32> -> tensor<1x3x?x8xf32>
  %c2 = arith.constant 2 : index
  %d2 = tensor.dim %0, %c2 : tensor<1x3x?x8xf32>
  return %d2 : index
}

// -----

// REIFY-LABEL: func.func @global_pools
// REIFY-SAME: (%[[X:.*]]: tensor<?x?x7x7xf32>, %[[Y:.*]]: tensor<?x?x?x?xf16>)
// REIFY-DAG: %[[C0:.*]] = arith.constant 0 : index
// REIFY-DAG: %[[C1:.*]] = arith.constant 1 : index
// REIFY-DAG: %[[C3:.*]] = arith.constant 3 : index
// REIFY-DAG: %[[N:.*]] = tensor.dim %[[X]], %[[C0]]
// REIFY-DAG: %[[C:.*]] = tensor.dim %[[X]], %[[C1]]
// REIFY-DAG: %[[CY:.*]] = tensor.dim %[[Y]], %[[C3]]
// REIFY: return %[[N]], %[[C]], %[[CY]]
func.func @global_pools(%x: tensor<?x?x7x7xf32>, %y: tensor<?x?x?x?xf16>) -> (index, index, index) {
  // expected-remark @+1 {{inferred: 'tensor<?x?x1x1xf32>'}}
  %0 = graph.global_avg_pool %x : tensor<?x?x7x7xf32> -> tensor<?x?x1x1xf32>
  // expected-remark @+1 {{inferred: 'tensor<?x1x1x?xf16>'}}
  %1 = graph.global_max_pool %y {layout = #graph.layout<nhwc>} : tensor<?x?x?x?xf16> -> tensor<?x1x1x?xf16>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %d0 = tensor.dim %0, %c0 : tensor<?x?x1x1xf32>
  %d1 = tensor.dim %0, %c1 : tensor<?x?x1x1xf32>
  %d3 = tensor.dim %1, %c3 : tensor<?x1x1x?xf16>
  return %d0, %d1, %d3 : index, index, index
}

// -----

func.func @norms(%x: tensor<2x?x5xf32>, %s: tensor<?xf32>, %c: tensor<3xf32>, %l: tensor<?x?x6xbf16>, %g: tensor<4x1xbf16>, %one: tensor<1xbf16>) {
  // A static parameter gives the channel count.
  // expected-remark @+1 {{inferred: 'tensor<2x3x5xf32>'}}
  %0 = graph.batch_norm %x, %s, %c, %s, %s : tensor<2x?x5xf32>, tensor<?xf32>, tensor<3xf32>, tensor<?xf32>, tensor<?xf32> -> tensor<2x?x5xf32>
  // expected-remark @+1 {{inferred: 'tensor<2x?x5xf32>'}}
  %1 = graph.batch_norm %x, %s, %s, %s, %s {axis = -2 : i64} : tensor<2x?x5xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32> -> tensor<2x?x5xf32>
  // Scale over dims [1, 3) broadcasts onto ?x6 and fixes the first.
  // expected-remark @+1 {{inferred: 'tensor<?x4x6xbf16>'}}
  %2 = graph.layer_norm %l, %g, %one {axis = -2 : i64} : tensor<?x?x6xbf16>, tensor<4x1xbf16>, tensor<1xbf16> -> tensor<?x?x6xbf16>
  // expected-remark @+1 {{inferred: 'tensor<?x?x6xbf16>'}}
  %3 = graph.layer_norm %l, %one : tensor<?x?x6xbf16>, tensor<1xbf16> -> tensor<?x?x6xbf16>
  return
}

// -----

// REIFY-LABEL: func.func @same_shape_reify
// REIFY-SAME: (%[[X:.*]]: tensor<?x8x?xf32>, %[[P:.*]]: tensor<8xf32>, %[[S:.*]]: tensor<?xf32>)
// REIFY-DAG: %[[C0:.*]] = arith.constant 0 : index
// REIFY-DAG: %[[C2:.*]] = arith.constant 2 : index
// REIFY: %[[D0:.*]] = tensor.dim %[[X]], %[[C0]]
// REIFY: %[[D1:.*]] = tensor.dim %[[X]], %[[C2]]
// REIFY: %[[D2:.*]] = tensor.dim %[[X]], %[[C0]]
// REIFY: %[[D3:.*]] = tensor.dim %[[X]], %[[C2]]
// REIFY: return %[[D0]], %[[D1]], %[[D2]], %[[D3]]
func.func @same_shape_reify(%x: tensor<?x8x?xf32>, %p: tensor<8xf32>, %s: tensor<?xf32>) -> (index, index, index, index) {
  // expected-remark @+1 {{inferred: 'tensor<?x8x?xf32>'}}
  %0 = graph.batch_norm %x, %p, %p, %p, %p : tensor<?x8x?xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32> -> tensor<?x8x?xf32>
  // expected-remark @+1 {{inferred: 'tensor<?x8x?xf32>'}}
  %1 = graph.layer_norm %x, %s {axis = 1 : i64} : tensor<?x8x?xf32>, tensor<?xf32> -> tensor<?x8x?xf32>
  // expected-remark @+1 {{inferred: 'tensor<?x8x?xf32>'}}
  %2 = graph.softmax %x {axis = -3 : i64} : tensor<?x8x?xf32> -> tensor<?x8x?xf32>
  // expected-remark @+1 {{inferred: 'tensor<?x8x?xf32>'}}
  %3 = graph.log_softmax %x : tensor<?x8x?xf32> -> tensor<?x8x?xf32>
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %d0 = tensor.dim %0, %c0 : tensor<?x8x?xf32>
  %d1 = tensor.dim %1, %c2 : tensor<?x8x?xf32>
  %d2 = tensor.dim %2, %c0 : tensor<?x8x?xf32>
  %d3 = tensor.dim %3, %c2 : tensor<?x8x?xf32>
  return %d0, %d1, %d2, %d3 : index, index, index, index
}

// -----

func.func @conv3d(%x: tensor<1x4x5x10x11xf32>, %w: tensor<6x2x2x3x2xf32>, %xd: tensor<?x?x?x?x?xf32>, %wd: tensor<?x?x?x?x?xf32>,
                  %b: tensor<6xf32>, %xh: tensor<2x8x4x9x9xf16>, %wh: tensor<?x1x3x3x3xf16>, %bh: tensor<16xf16>) {
  // d: (5+0+1-2)/1+1 = 5; h: extent (3-1)*2+1 = 5, (10+1+0-5)/3+1 = 3;
  // w: (11+0+2-2)/1+1 = 12.
  // expected-remark @+1 {{inferred: 'tensor<1x6x5x3x12xf32>'}}
  %0 = graph.conv3d %x, %w {groups = 2 : i64, strides = array<i64: 1, 3, 1>, dilations = array<i64: 1, 2, 1>, pads = array<i64: 0, 1, 0, 1, 0, 2>} : tensor<1x4x5x10x11xf32>, tensor<6x2x2x3x2xf32> -> tensor<1x6x5x3x12xf32>
  // expected-remark @+1 {{inferred: 'tensor<?x?x?x?x?xf32>'}}
  %1 = graph.conv3d %xd, %wd : tensor<?x?x?x?x?xf32>, tensor<?x?x?x?x?xf32> -> tensor<?x?x?x?x?xf32>
  // The bias gives the output channels.
  // expected-remark @+1 {{inferred: 'tensor<?x6x?x?x?xf32>'}}
  %2 = graph.conv3d %xd, %wd, %b : tensor<?x?x?x?x?xf32>, tensor<?x?x?x?x?xf32>, tensor<6xf32> -> tensor<?x?x?x?x?xf32>
  // A static input with a dynamic kernel gives ? spatial sizes.
  // expected-remark @+1 {{inferred: 'tensor<1x?x?x?x?xf32>'}}
  %3 = graph.conv3d %x, %wd : tensor<1x4x5x10x11xf32>, tensor<?x?x?x?x?xf32> -> tensor<1x?x?x?x?xf32>
  // Depthwise with a channel multiplier of 2: (4+2-3)/2+1 = 2, (9+2-3)/2+1 = 5.
  // expected-remark @+1 {{inferred: 'tensor<2x16x2x5x5xf16>'}}
  %4 = graph.conv3d %xh, %wh, %bh {groups = 8 : i64, strides = array<i64: 2, 2, 2>, pads = array<i64: 1, 1, 1, 1, 1, 1>} : tensor<2x8x4x9x9xf16>, tensor<?x1x3x3x3xf16>, tensor<16xf16> -> tensor<2x16x2x5x5xf16>
  return
}

// -----

// D: (d + 1 + 1 - 3) / 2 + 1. W: stride 1, dilation 2, kernel size unknown:
// w - ((kw - 1) * 2 + 1) + 1.
// REIFY-LABEL: func.func @conv3d_reify
// REIFY-SAME: (%[[X:.*]]: tensor<?x3x?x6x?xf32>, %[[W:.*]]: tensor<8x3x3x3x?xf32>)
// REIFY-DAG: %[[C0:.*]] = arith.constant 0 : index
// REIFY-DAG: %[[C1:.*]] = arith.constant 1 : index
// REIFY-DAG: %[[C2:.*]] = arith.constant 2 : index
// REIFY-DAG: %[[C4:.*]] = arith.constant 4 : index
// REIFY-DAG: %[[CM1:.*]] = arith.constant -1 : index
// REIFY-DAG: %[[N:.*]] = tensor.dim %[[X]], %[[C0]]
// REIFY-DAG: %[[D:.*]] = tensor.dim %[[X]], %[[C2]]
// REIFY: %[[D1:.*]] = arith.addi %[[D]], %[[CM1]]
// REIFY: %[[D2:.*]] = arith.divui %[[D1]], %[[C2]]
// REIFY: %[[OD:.*]] = arith.addi %[[D2]], %[[C1]]
// REIFY-DAG: %[[IW:.*]] = tensor.dim %[[X]], %[[C4]]
// REIFY-DAG: %[[KW:.*]] = tensor.dim %[[W]], %[[C4]]
// REIFY: %[[K1:.*]] = arith.subi %[[KW]], %[[C1]]
// REIFY: %[[K2:.*]] = arith.muli %[[K1]], %[[C2]]
// REIFY: %[[EXT:.*]] = arith.addi %[[K2]], %[[C1]]
// REIFY: %[[SPAN:.*]] = arith.subi %[[IW]], %[[EXT]]
// REIFY: %[[OW:.*]] = arith.addi %[[SPAN]], %[[C1]]
// REIFY: return %[[N]], %[[OD]], %[[OW]]
func.func @conv3d_reify(%x: tensor<?x3x?x6x?xf32>, %w: tensor<8x3x3x3x?xf32>) -> (index, index, index) {
  // expected-remark @+1 {{inferred: 'tensor<?x8x?x4x?xf32>'}}
  %0 = graph.conv3d %x, %w {strides = array<i64: 2, 1, 1>, pads = array<i64: 1, 0, 0, 1, 0, 0>, dilations = array<i64: 1, 1, 2>} : tensor<?x3x?x6x?xf32>, tensor<8x3x3x3x?xf32> -> tensor<?x8x?x4x?xf32>
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %d0 = tensor.dim %0, %c0 : tensor<?x8x?x4x?xf32>
  %d2 = tensor.dim %0, %c2 : tensor<?x8x?x4x?xf32>
  %d4 = tensor.dim %0, %c4 : tensor<?x8x?x4x?xf32>
  return %d0, %d2, %d4 : index, index, index
}

// -----

func.func @conv_transpose3d(%x: tensor<1x8x2x5x7xf32>, %w: tensor<8x3x2x3x2xf32>, %xd: tensor<?x?x?x?x?xf32>, %wd: tensor<?x?x?x?x?xf32>,
                            %b: tensor<6xf32>) {
  // d: 1*(2-1) + 0 + 2 - 0 - 0 = 3; h: 2*(5-1) + 1 + ((3-1)*1+1) - 1 - 0 = 11;
  // w: 1*(7-1) + 0 + ((2-1)*3+1) - 0 - 2 = 8.
  // expected-remark @+1 {{inferred: 'tensor<1x6x3x11x8xf32>'}}
  %0 = graph.conv_transpose3d %x, %w {groups = 2 : i64, strides = array<i64: 1, 2, 1>, dilations = array<i64: 1, 1, 3>, pads = array<i64: 0, 1, 0, 0, 0, 2>, output_padding = array<i64: 0, 1, 0>} : tensor<1x8x2x5x7xf32>, tensor<8x3x2x3x2xf32> -> tensor<1x6x3x11x8xf32>
  // expected-remark @+1 {{inferred: 'tensor<?x?x?x?x?xf32>'}}
  %1 = graph.conv_transpose3d %xd, %wd : tensor<?x?x?x?x?xf32>, tensor<?x?x?x?x?xf32> -> tensor<?x?x?x?x?xf32>
  // expected-remark @+1 {{inferred: 'tensor<?x6x?x?x?xf32>'}}
  %2 = graph.conv_transpose3d %xd, %wd, %b {groups = 3 : i64} : tensor<?x?x?x?x?xf32>, tensor<?x?x?x?x?xf32>, tensor<6xf32> -> tensor<?x?x?x?x?xf32>
  return
}

// -----

// D: (d - 1) * 2 + (3 + 1 - 1 - 1). C: the weight's 4 * groups 2.
// REIFY-LABEL: func.func @conv_transpose3d_reify
// REIFY-SAME: (%[[X:.*]]: tensor<1x8x?x3x3xf32>, %[[W:.*]]: tensor<8x4x3x1x1xf32>)
// REIFY-DAG: %[[C1:.*]] = arith.constant 1 : index
// REIFY-DAG: %[[C2:.*]] = arith.constant 2 : index
// REIFY-DAG: %[[C8:.*]] = arith.constant 8 : index
// REIFY: %[[D:.*]] = tensor.dim %[[X]], %[[C2]]
// REIFY: %[[D1:.*]] = arith.subi %[[D]], %[[C1]]
// REIFY: %[[D2:.*]] = arith.muli %[[D1]], %[[C2]]
// REIFY: %[[OD:.*]] = arith.addi %[[D2]], %[[C2]]
// REIFY: return %[[C8]], %[[OD]]
func.func @conv_transpose3d_reify(%x: tensor<1x8x?x3x3xf32>, %w: tensor<8x4x3x1x1xf32>) -> (index, index) {
  // expected-remark @+1 {{inferred: 'tensor<1x8x?x3x3xf32>'}}
  %0 = graph.conv_transpose3d %x, %w {groups = 2 : i64, strides = array<i64: 2, 1, 1>, pads = array<i64: 1, 0, 0, 1, 0, 0>, output_padding = array<i64: 1, 0, 0>} : tensor<1x8x?x3x3xf32>, tensor<8x4x3x1x1xf32> -> tensor<1x?x?x3x3xf32>
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %d1 = tensor.dim %0, %c1 : tensor<1x?x?x3x3xf32>
  %d2 = tensor.dim %0, %c2 : tensor<1x?x?x3x3xf32>
  return %d1, %d2 : index, index
}

// -----

func.func @pools3d(%x: tensor<1x3x4x5x6xf32>, %y: tensor<1x3x2x6x3xf32>, %z: tensor<?x?x?x?x?xf32>) {
  // ceil_mode; D: span 4 + 0 + 2 - 3 = 3, ceil(3/2) + 1 = 3, but the last
  // window would start at 4 >= 4 + 0, in the end padding: 2.
  // H: span 5 + 1 + 1 - 3 = 4, 4/2 + 1 = 3. W: dilation 2, extent 3:
  // (6 - 3) / 1 + 1 = 4.
  // expected-remark @+1 {{inferred: 'tensor<1x3x2x3x4xf32>'}}
  %0 = graph.max_pool3d %x {kernel_shape = array<i64: 3, 3, 2>, strides = array<i64: 2, 2, 1>, pads = array<i64: 0, 1, 0, 2, 1, 0>, dilations = array<i64: 1, 1, 2>, ceil_mode = true} : tensor<1x3x4x5x6xf32> -> tensor<1x3x2x3x4xf32>
  // ceil_mode keeps a window that overhangs the end: D span 2 - 3 = -1,
  // ceil(-1/2) + 1 = 1. H: span 6 - 3 = 3, ceil(3/2) + 1 = 3; W: 3 - 3 = 0, 1.
  // expected-remark @+1 {{inferred: 'tensor<1x3x1x3x1xf32>'}}
  %1 = graph.avg_pool3d %y {kernel_shape = array<i64: 3, 3, 3>, strides = array<i64: 2, 2, 2>, ceil_mode = true} : tensor<1x3x2x6x3xf32> -> tensor<1x3x1x3x1xf32>
  // expected-remark @+1 {{inferred: 'tensor<?x?x?x?x?xf32>'}}
  %2 = graph.avg_pool3d %z {kernel_shape = array<i64: 2, 2, 2>} : tensor<?x?x?x?x?xf32> -> tensor<?x?x?x?x?xf32>
  // Dilated H: extent 3, 6 - 3 + 1 = 4.
  // expected-remark @+1 {{inferred: 'tensor<1x3x1x4x2xf32>'}}
  %3 = graph.avg_pool3d %y {kernel_shape = array<i64: 2, 2, 2>, dilations = array<i64: 1, 2, 1>} : tensor<1x3x2x6x3xf32> -> tensor<1x3x1x4x2xf32>
  return
}

// -----

// floor: (d + 1 + 1 - 3) / 2 + 1 for the depth.
// REIFY-LABEL: func.func @max_pool3d_reify
// REIFY-SAME: (%[[X:.*]]: tensor<?x3x?x7x7xf32>)
// REIFY-DAG: %[[C0:.*]] = arith.constant 0 : index
// REIFY-DAG: %[[C1:.*]] = arith.constant 1 : index
// REIFY-DAG: %[[C2:.*]] = arith.constant 2 : index
// REIFY-DAG: %[[CM1:.*]] = arith.constant -1 : index
// REIFY-DAG: %[[N:.*]] = tensor.dim %[[X]], %[[C0]]
// REIFY-DAG: %[[D:.*]] = tensor.dim %[[X]], %[[C2]]
// REIFY: %[[D1:.*]] = arith.addi %[[D]], %[[CM1]]
// REIFY: %[[D2:.*]] = arith.divui %[[D1]], %[[C2]]
// REIFY: %[[OD:.*]] = arith.addi %[[D2]], %[[C1]]
// REIFY: return %[[N]], %[[OD]]
func.func @max_pool3d_reify(%x: tensor<?x3x?x7x7xf32>) -> (index, index) {
  // expected-remark @+1 {{inferred: 'tensor<?x3x?x4x4xf32>'}}
  %0 = graph.max_pool3d %x {kernel_shape = array<i64: 3, 3, 3>, strides = array<i64: 2, 2, 2>, pads = array<i64: 1, 1, 1, 1, 1, 1>} : tensor<?x3x?x7x7xf32> -> tensor<?x3x?x4x4xf32>
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %d0 = tensor.dim %0, %c0 : tensor<?x3x?x4x4xf32>
  %d2 = tensor.dim %0, %c2 : tensor<?x3x?x4x4xf32>
  return %d0, %d2 : index, index
}

// -----

// ceil_mode on the width: steps = ceildivsi(w + 0 + 2 - 3, 2); the last
// window is dropped when steps * 2 >= w + 0.
// REIFY-LABEL: func.func @avg_pool3d_reify_ceil
// REIFY-SAME: (%[[X:.*]]: tensor<1x8x5x5x?xf32>)
// REIFY-DAG: %[[C1:.*]] = arith.constant 1 : index
// REIFY-DAG: %[[C2:.*]] = arith.constant 2 : index
// REIFY-DAG: %[[C4:.*]] = arith.constant 4 : index
// REIFY-DAG: %[[CM1:.*]] = arith.constant -1 : index
// REIFY: %[[W:.*]] = tensor.dim %[[X]], %[[C4]]
// REIFY: %[[SPAN:.*]] = arith.addi %[[W]], %[[CM1]]
// REIFY: %[[STEPS:.*]] = arith.ceildivsi %[[SPAN]], %[[C2]]
// REIFY: %[[LAST:.*]] = arith.muli %[[STEPS]], %[[C2]]
// REIFY: %[[DROP:.*]] = arith.cmpi sge, %[[LAST]], %[[W]]
// REIFY: %[[MORE:.*]] = arith.addi %[[STEPS]], %[[C1]]
// REIFY: %[[OW:.*]] = arith.select %[[DROP]], %[[STEPS]], %[[MORE]]
// REIFY: return %[[OW]]
func.func @avg_pool3d_reify_ceil(%x: tensor<1x8x5x5x?xf32>) -> index {
  // expected-remark @+1 {{inferred: 'tensor<1x8x3x3x?xf32>'}}
  %0 = graph.avg_pool3d %x {kernel_shape = array<i64: 3, 3, 3>, strides = array<i64: 2, 2, 2>, pads = array<i64: 0, 0, 0, 2, 2, 2>, ceil_mode = true} : tensor<1x8x5x5x?xf32> -> tensor<1x8x3x3x?xf32>
  %c4 = arith.constant 4 : index
  %d4 = tensor.dim %0, %c4 : tensor<1x8x3x3x?xf32>
  return %d4 : index
}

// -----

// 1-D (NCL, and NLC with nhwc) and 3-D images.
// REIFY-LABEL: func.func @global_pools_nd
// REIFY-SAME: (%[[L:.*]]: tensor<?x?x9xf32>, %[[N:.*]]: tensor<?x?x?xf16>, %[[V:.*]]: tensor<2x?x?x4x4xf32>)
// REIFY-DAG: %[[C1:.*]] = arith.constant 1 : index
// REIFY-DAG: %[[C2:.*]] = arith.constant 2 : index
// REIFY-DAG: %[[CL:.*]] = tensor.dim %[[L]], %[[C1]]
// REIFY-DAG: %[[CN:.*]] = tensor.dim %[[N]], %[[C2]]
// REIFY-DAG: %[[CV:.*]] = tensor.dim %[[V]], %[[C1]]
// REIFY: return %[[CL]], %[[CN]], %[[CV]]
func.func @global_pools_nd(%l: tensor<?x?x9xf32>, %n: tensor<?x?x?xf16>, %v: tensor<2x?x?x4x4xf32>) -> (index, index, index) {
  // expected-remark @+1 {{inferred: 'tensor<?x?x1xf32>'}}
  %0 = graph.global_avg_pool %l : tensor<?x?x9xf32> -> tensor<?x?x1xf32>
  // expected-remark @+1 {{inferred: 'tensor<?x1x?xf16>'}}
  %1 = graph.global_max_pool %n {layout = #graph.layout<nhwc>} : tensor<?x?x?xf16> -> tensor<?x1x?xf16>
  // expected-remark @+1 {{inferred: 'tensor<2x?x1x1x1xf32>'}}
  %2 = graph.global_max_pool %v : tensor<2x?x?x4x4xf32> -> tensor<2x?x1x1x1xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %d0 = tensor.dim %0, %c1 : tensor<?x?x1xf32>
  %d1 = tensor.dim %1, %c2 : tensor<?x1x?xf16>
  %d2 = tensor.dim %2, %c1 : tensor<2x?x1x1x1xf32>
  return %d0, %d1, %d2 : index, index, index
}
