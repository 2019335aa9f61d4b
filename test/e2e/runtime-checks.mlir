// Size relations that the types leave open (a `?` dim) and index values
// are checked on the host before the kernels run: a mismatch is an error
// naming the op's location and both values, never a wrong result or an
// out-of-bounds read (issue 17). Valid inputs of the same functions pass.
//
// RUN: strata-compile %s -o %t.smod
// RUN: strata-compile %s --target=cuda-emulator -o %t.emu.smod
// RUN: strata-compile %s --target=cuda:sm_90 -o %t.sm90.smod
//
// Broadcasting: equal `?` sizes run; a `?` dim of run-time size 1 facing a
// larger one is reported (it is not broadcast), in either operand order.
// RUN: strata-run %t.smod --function=add --input=4xf32=1,2,3,4 --input=4xf32=10,20,30,40 | FileCheck %s --check-prefix=ADD
// RUN: not strata-run %t.smod --function=add --input=4xf32=1,2,3,4 --input=1xf32=10 2>&1 | FileCheck %s --check-prefix=ADD-4-1
// RUN: not strata-run %t.smod --function=add --input=1xf32=10 --input=4xf32=1,2,3,4 2>&1 | FileCheck %s --check-prefix=ADD-1-4
// RUN: not strata-run %t.smod --function=add --input=3xf32=1,2,3 --input=4xf32=1,2,3,4 2>&1 | FileCheck %s --check-prefix=ADD-3-4
// ADD: [11. 22. 33. 44.]
// ADD-4-1: error: {{.*}}runtime-checks.mlir:[[@LINE+4]]:{{[0-9]+}}: graph.add: operand #1 dim 0 does not have the result's size (a `?` dim is not broadcast at run time: declare a size-1 dim as 1) (1 vs 4)
// ADD-1-4: error: {{.*}}runtime-checks.mlir:[[@LINE+3]]:{{[0-9]+}}: graph.add: operand #0 dim 0 does not have the result's size {{.*}} (1 vs 4)
// ADD-3-4: error: {{.*}}: graph.add: operand #1 dim 0 does not have the result's size {{.*}} (4 vs 3)
func.func @add(%a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<?xf32> {
  %0 = graph.add %a, %b : tensor<?xf32>, tensor<?xf32> -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// A static 1 still broadcasts.
// RUN: strata-run %t.smod --function=add_static_one --input=2x3xf32=1,2,3,4,5,6 --input=1x3xf32=10,20,30 | FileCheck %s --check-prefix=STATIC-ONE
// STATIC-ONE: {{\[\[}}11. 22. 33.]
// STATIC-ONE-NEXT: {{\[}}14. 25. 36.]]
func.func @add_static_one(%a: tensor<?x3xf32>, %b: tensor<1x3xf32>) -> tensor<?x3xf32> {
  %0 = graph.add %a, %b : tensor<?x3xf32>, tensor<1x3xf32> -> tensor<?x3xf32>
  return %0 : tensor<?x3xf32>
}

// RUN: not strata-run %t.smod --function=matmul --input=2x3xf32=1,2,3,4,5,6 --input=4x5xf32=0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0 2>&1 | FileCheck %s --check-prefix=MATMUL
// MATMUL: error: {{.*}}runtime-checks.mlir:[[@LINE+2]]:{{[0-9]+}}: graph.matmul: the inner sizes differ (3 vs 4)
func.func @matmul(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %0 = graph.matmul %a, %b : tensor<?x?xf32>, tensor<?x?xf32> -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// RUN: not strata-run %t.smod --function=batch_matmul --input=2x1x2xf32=1,2,3,4 --input=3x2x1xf32=1,2,3,4,5,6 2>&1 | FileCheck %s --check-prefix=BATCH
// BATCH: error: {{.*}}: graph.matmul: batch dims 0 and 0 differ (a `?` dim is not broadcast at run time) (2 vs 3)
func.func @batch_matmul(%a: tensor<?x1x2xf32>, %b: tensor<?x2x1xf32>) -> tensor<?x1x1xf32> {
  %0 = graph.matmul %a, %b : tensor<?x1x2xf32>, tensor<?x2x1xf32> -> tensor<?x1x1xf32>
  return %0 : tensor<?x1x1xf32>
}

// RUN: strata-run %t.smod --function=linear --input=1x2xf32=1,2 --input=2x3xf32=1,0,0,0,1,0 --input=3xf32=10,20,30 | FileCheck %s --check-prefix=LINEAR
// RUN: not strata-run %t.smod --function=linear --input=1x2xf32=1,2 --input=3x3xf32=0,0,0,0,0,0,0,0,0 --input=3xf32=0,0,0 2>&1 | FileCheck %s --check-prefix=LINEAR-INNER
// RUN: not strata-run %t.smod --function=linear --input=1x2xf32=1,2 --input=2x3xf32=0,0,0,0,0,0 --input=2xf32=0,0 2>&1 | FileCheck %s --check-prefix=LINEAR-BIAS
// LINEAR: {{\[\[}}11. 22. 30.]]
// LINEAR-INNER: error: {{.*}}: graph.linear: the inner sizes differ (2 vs 3)
// LINEAR-BIAS: error: {{.*}}: graph.linear: bias dim 0 does not have the result's size {{.*}} (2 vs 3)
func.func @linear(%a: tensor<?x?xf32>, %w: tensor<?x?xf32>, %b: tensor<?xf32>) -> tensor<?x?xf32> {
  %0 = graph.linear %a, %w, %b : tensor<?x?xf32>, tensor<?x?xf32>, tensor<?xf32> -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// RUN: not strata-run %t.smod --function=concat --input=1x2xf32=1,2 --input=1x3xf32=1,2,3 2>&1 | FileCheck %s --check-prefix=CONCAT
// CONCAT: error: {{.*}}: graph.concat: input #1 dim 1 differs from input #0's (3 vs 2)
func.func @concat(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %0 = graph.concat %a, %b {axis = 0 : i64} : tensor<?x?xf32>, tensor<?x?xf32> -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// RUN: strata-run %t.smod --function=reflect --input=3xf32=1,2,3 | FileCheck %s --check-prefix=REFLECT
// RUN: not strata-run %t.smod --function=reflect --input=2xf32=1,2 2>&1 | FileCheck %s --check-prefix=REFLECT-WIDE
// REFLECT: [3. 2. 1. 2. 3.]
// REFLECT-WIDE: error: {{.*}}: graph.pad: a reflect pad of 2 needs a larger dim, dim 0 has size 2
func.func @reflect(%x: tensor<?xf32>) -> tensor<?xf32> {
  %0 = graph.pad %x {pads = array<i64: 2, 0>, mode = #graph.pad_mode<reflect>} : tensor<?xf32> -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// RUN: not strata-run %t.smod --function=edge --input=0xf32= 2>&1 | FileCheck %s --check-prefix=EDGE
// EDGE: error: {{.*}}: graph.pad: an edge pad needs a non-empty dim, dim 0 has size 0
func.func @edge(%x: tensor<?xf32>) -> tensor<?xf32> {
  %0 = graph.pad %x {pads = array<i64: 1, 1>, mode = #graph.pad_mode<edge>} : tensor<?xf32> -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// RUN: not strata-run %t.smod --function=crop --input=0xf32= 2>&1 | FileCheck %s --check-prefix=CROP
// CROP: error: {{.*}}: graph.pad: negative pads remove 1 elements of dim 0, which has 0
func.func @crop(%x: tensor<?xf32>) -> tensor<?xf32> {
  %0 = graph.pad %x {pads = array<i64: 1, -1>} : tensor<?xf32> -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// Gather: indices in [-d, d) read, others are reported with the value.
// RUN: strata-run %t.smod --function=gather --input=3xf32=1,2,3 --input=2xi64=-3,2 | FileCheck %s --check-prefix=GATHER
// RUN: not strata-run %t.smod --function=gather --input=3xf32=1,2,3 --input=2xi64=0,3 2>&1 | FileCheck %s --check-prefix=GATHER-HIGH
// RUN: not strata-run %t.smod --function=gather --input=3xf32=1,2,3 --input=2xi64=-4,0 2>&1 | FileCheck %s --check-prefix=GATHER-LOW
// RUN: not strata-run %t.smod --function=gather --input=0xf32= --input=1xi64=0 2>&1 | FileCheck %s --check-prefix=GATHER-NONE
// GATHER: [1. 3.]
// GATHER-HIGH: error: {{.*}}runtime-checks.mlir:[[@LINE+4]]:{{[0-9]+}}: graph.gather: index 3 is out of range for axis 0 of size 3
// GATHER-LOW: error: {{.*}}: graph.gather: index -4 is out of range for axis 0 of size 3
// GATHER-NONE: error: {{.*}}: graph.gather: index 0 is out of range for axis 0 of size 0
func.func @gather(%x: tensor<?xf32>, %i: tensor<?xi64>) -> tensor<?xf32> {
  %0 = graph.gather %x, %i : tensor<?xf32>, tensor<?xi64> -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// RUN: not strata-run %t.smod --function=gather_elements --input=2x2xf32=1,2,3,4 --input=2x1xi32=0,2 2>&1 | FileCheck %s --check-prefix=ELEMENTS
// ELEMENTS: error: {{.*}}: graph.gather_elements: index 2 is out of range for axis 1 of size 2
func.func @gather_elements(%x: tensor<2x2xf32>, %i: tensor<2x1xi32>) -> tensor<2x1xf32> {
  %0 = graph.gather_elements %x, %i {axis = 1 : i64} : tensor<2x2xf32>, tensor<2x1xi32> -> tensor<2x1xf32>
  return %0 : tensor<2x1xf32>
}

// RUN: not strata-run %t.smod --function=gather_nd --input=2x3xf32=1,2,3,4,5,6 --input=1x2xi64=1,5 2>&1 | FileCheck %s --check-prefix=ND
// ND: error: {{.*}}: graph.gather_nd: index 5 is out of range for data dim 1 of size 3
func.func @gather_nd(%x: tensor<2x3xf32>, %i: tensor<1x2xi64>) -> tensor<1xf32> {
  %0 = graph.gather_nd %x, %i : tensor<2x3xf32>, tensor<1x2xi64> -> tensor<1xf32>
  return %0 : tensor<1xf32>
}

// A declared static result size that `?` operand dims determine is checked
// against what the operands give: the kernels are compiled for the
// declared size, and other operands would be read out of bounds. (Dims are
// numbered in the NHWC layout strata-compile converts image ops to.)
// RUN: strata-run %t.smod --function=conv_declared --input=1x1x4x4xf32=1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1 --input=1x1x3x3xf32=1,1,1,1,1,1,1,1,1 | FileCheck %s --check-prefix=CONV-DECLARED
// RUN: not strata-run %t.smod --function=conv_declared --input=1x1x3x3xf32=1,1,1,1,1,1,1,1,1 --input=1x1x3x3xf32=1,1,1,1,1,1,1,1,1 2>&1 | FileCheck %s --check-prefix=CONV-DECLARED-SMALL
// CONV-DECLARED: {{\[\[\[\[}}9. 9.]
// CONV-DECLARED-SMALL: error: {{.*}}runtime-checks.mlir:[[@LINE+2]]:{{[0-9]+}}: graph.conv2d: result #0 dim {{[12]}} computed from the operands differs from its declared size (1 vs 2)
func.func @conv_declared(%x: tensor<1x1x?x?xf32>, %w: tensor<1x1x3x3xf32>) -> tensor<1x1x2x2xf32> {
  %0 = graph.conv2d %x, %w : tensor<1x1x?x?xf32>, tensor<1x1x3x3xf32> -> tensor<1x1x2x2xf32>
  return %0 : tensor<1x1x2x2xf32>
}

// RUN: not strata-run %t.smod --function=matmul_declared --input=3x2xf32=1,2,3,4,5,6 --input=2x3xf32=1,2,3,4,5,6 2>&1 | FileCheck %s --check-prefix=MATMUL-DECLARED
// MATMUL-DECLARED: error: {{.*}}: graph.matmul: result #0 dim 1 computed from the operands differs from its declared size (3 vs 2)
func.func @matmul_declared(%a: tensor<3x2xf32>, %b: tensor<2x?xf32>) -> tensor<?x2xf32> {
  %0 = graph.matmul %a, %b : tensor<3x2xf32>, tensor<2x?xf32> -> tensor<?x2xf32>
  return %0 : tensor<?x2xf32>
}

// RUN: not strata-run %t.smod --function=pool_declared --input=1x1x3x3xf32=1,2,3,4,5,6,7,8,9 2>&1 | FileCheck %s --check-prefix=POOL-DECLARED
// POOL-DECLARED: error: {{.*}}: graph.max_pool2d: result #0 dim {{[23]}} computed from the operands differs from its declared size (2 vs 4)
func.func @pool_declared(%x: tensor<1x1x3x?xf32>) -> tensor<1x1x2x4xf32> {
  %0 = graph.max_pool2d %x {kernel_shape = array<i64: 2, 2>} : tensor<1x1x3x?xf32> -> tensor<1x1x2x4xf32>
  return %0 : tensor<1x1x2x4xf32>
}

// A split into equal parts of a `?` dim computes the part size on the host
// (ceildivsi: the VM has no unsigned ceiling division).
// RUN: strata-run %t.smod --function=split_halves --input=5xf32=1,2,3,4,5 | FileCheck %s --check-prefix=HALVES
// HALVES: [1. 2. 3.]
// HALVES: [4. 5.]
func.func @split_halves(%x: tensor<?xf32>) -> (tensor<?xf32>, tensor<?xf32>) {
  %0:2 = graph.split %x {axis = 0 : i64, num_outputs = 2 : i64} : tensor<?xf32> -> tensor<?xf32>, tensor<?xf32>
  return %0#0, %0#1 : tensor<?xf32>, tensor<?xf32>
}

// A tile of a `?` dim declared static: an empty input no longer divides by
// zero (SIGFPE); it is a size mismatch.
// RUN: strata-run %t.smod --function=tile_declared --input=2xf32=1,2 | FileCheck %s --check-prefix=TILE
// RUN: not strata-run %t.smod --function=tile_declared --input=0xf32= 2>&1 | FileCheck %s --check-prefix=TILE0
// TILE: [1. 2. 1. 2. 1. 2.]
// TILE0: error: {{.*}}: graph.tile: result #0 dim 0 computed from the operands differs from its declared size (0 vs 6)
func.func @tile_declared(%x: tensor<?xf32>) -> tensor<6xf32> {
  %0 = graph.tile %x {repeats = array<i64: 3>} : tensor<?xf32> -> tensor<6xf32>
  return %0 : tensor<6xf32>
}

// Normalization parameters align with the input's dims: a layer norm scale
// shorter than the normalized dim, or a batch norm mean with fewer elements
// than channels, was read past its end.
// RUN: strata-run %t.smod --function=layer_norm --input=2x3xf32=1,2,3,4,5,6 --input=3xf32=1,1,1 --input=3xf32=0,0,0 | FileCheck %s --check-prefix=LN
// RUN: not strata-run %t.smod --function=layer_norm --input=2x3xf32=1,2,3,4,5,6 --input=2xf32=1,1 --input=3xf32=0,0,0 2>&1 | FileCheck %s --check-prefix=LN-SCALE
// LN: {{\[\[}}-1.22{{[0-9]*}} 0. 1.22{{[0-9]*}}]
// LN-SCALE: error: {{.*}}: graph.layer_norm: scale dim 0 differs from the input's dim 1 (2 vs 3)
func.func @layer_norm(%x: tensor<2x?xf32>, %s: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<2x?xf32> {
  %0 = graph.layer_norm %x, %s, %b {axis = -1 : i64} : tensor<2x?xf32>, tensor<?xf32>, tensor<?xf32> -> tensor<2x?xf32>
  return %0 : tensor<2x?xf32>
}

// RUN: not strata-run %t.smod --function=batch_norm --input=1x2x1x1xf32=1,2 --input=2xf32=1,1 --input=2xf32=0,0 --input=1xf32=0 --input=2xf32=1,1 2>&1 | FileCheck %s --check-prefix=BN
// BN: error: {{.*}}: graph.batch_norm: the mean size differs from the input's channels (1 vs 2)
func.func @batch_norm(%x: tensor<1x?x1x1xf32>, %s: tensor<?xf32>, %b: tensor<?xf32>, %m: tensor<?xf32>, %v: tensor<?xf32>) -> tensor<1x?x1x1xf32> {
  %0 = graph.batch_norm %x, %s, %b, %m, %v : tensor<1x?x1x1xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32> -> tensor<1x?x1x1xf32>
  return %0 : tensor<1x?x1x1xf32>
}

// Explicit split sizes must add up to a `?` axis.
// RUN: strata-run %t.smod --function=split_sizes --input=5xf32=1,2,3,4,5 | FileCheck %s --check-prefix=SPLIT-SIZES
// RUN: not strata-run %t.smod --function=split_sizes --input=3xf32=1,2,3 2>&1 | FileCheck %s --check-prefix=SPLIT-SHORT
// SPLIT-SIZES: [3. 4. 5.]
// SPLIT-SHORT: error: {{.*}}: graph.split: the split sizes do not add up to the size of axis 0 (5 vs 3)
func.func @split_sizes(%x: tensor<?xf32>) -> (tensor<2xf32>, tensor<?xf32>) {
  %0:2 = graph.split %x {axis = 0 : i64, split = array<i64: 2, 3>} : tensor<?xf32> -> tensor<2xf32>, tensor<?xf32>
  return %0#0, %0#1 : tensor<2xf32>, tensor<?xf32>
}

// RUN: not strata-run %t.smod --function=split_four --input=5xf32=1,2,3,4,5 2>&1 | FileCheck %s --check-prefix=SPLIT-FOUR
// SPLIT-FOUR: error: {{.*}}: graph.split: 4 outputs of an axis of size 5 leave the last one -1 elements
func.func @split_four(%x: tensor<?xf32>) -> (tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>) {
  %0:4 = graph.split %x {axis = 0 : i64, num_outputs = 4 : i64} : tensor<?xf32> -> tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>
  return %0#0, %0#1, %0#2, %0#3 : tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>
}

// A transposed convolution's input has the weight's input channels.
// RUN: not strata-run %t.smod --function=conv_transpose --input=1x1x2x2xf32=1,1,1,1 --input=2x1x2x2xf32=1,1,1,1,1,1,1,1 2>&1 | FileCheck %s --check-prefix=CONVT
// CONVT: error: {{.*}}: graph.conv_transpose2d: the input channels differ from the weight's (1 vs 2)
func.func @conv_transpose(%x: tensor<1x?x2x2xf32>, %w: tensor<2x1x2x2xf32>) -> tensor<1x1x3x3xf32> {
  %0 = graph.conv_transpose2d %x, %w : tensor<1x?x2x2xf32>, tensor<2x1x2x2xf32> -> tensor<1x1x3x3xf32>
  return %0 : tensor<1x1x3x3xf32>
}

// Scatter updates have the indices' shape (scatter_nd: indices.shape[:-1] +
// data.shape[k:]); a shorter one was read past its end.
// RUN: not strata-run %t.smod --function=scatter_updates --input=3xf32=1,2,3 --input=2xi64=0,1 --input=1xf32=9 2>&1 | FileCheck %s --check-prefix=SCATTER-UPDATES
// SCATTER-UPDATES: error: {{.*}}: graph.scatter_elements: updates dim 0 differs from the indices' (1 vs 2)
func.func @scatter_updates(%x: tensor<3xf32>, %i: tensor<?xi64>, %u: tensor<?xf32>) -> tensor<3xf32> {
  %0 = graph.scatter_elements %x, %i, %u {axis = 0 : i64} : tensor<3xf32>, tensor<?xi64>, tensor<?xf32> -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// An expanded `?` dim is 1 (broadcast) or the result's size.
// RUN: strata-run %t.smod --function=expand --input=1xf32=7 --input=1xi64=3 | FileCheck %s --check-prefix=EXPAND
// RUN: not strata-run %t.smod --function=expand --input=0xf32= --input=1xi64=3 2>&1 | FileCheck %s --check-prefix=EXPAND0
// EXPAND: [7. 7. 7.]
// EXPAND0: error: {{.*}}: graph.expand: input dim 0 does not broadcast with the shape's entry (0 vs 3)
func.func @expand(%x: tensor<?xf32>, %s: tensor<1xi64>) -> tensor<?xf32> {
  %0 = graph.expand %x, %s : tensor<?xf32>, tensor<1xi64> -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// A window must fit its padded `?` input dim: a smaller input has no output
// position (its size computation overflowed on the host, or gave an empty
// result).
// RUN: not strata-run %t.smod --function=pool_small --input=1x1x1x1xf32=1 2>&1 | FileCheck %s --check-prefix=POOL-SMALL
// RUN: not strata-run %t.smod --function=conv_small --input=1x1x2x2xf32=1,1,1,1 --input=1x1x3x3xf32=1,1,1,1,1,1,1,1,1 2>&1 | FileCheck %s --check-prefix=CONV-SMALL
// POOL-SMALL: error: {{.*}}: graph.max_pool2d: input dim {{[12]}} has 1 elements with its padding, fewer than the window's 3
// CONV-SMALL: error: {{.*}}: graph.conv2d: input dim {{[12]}} has 2 elements with its padding, fewer than the window's 3
func.func @pool_small(%x: tensor<1x1x?x?xf32>) -> tensor<1x1x?x?xf32> {
  %0 = graph.max_pool2d %x {kernel_shape = array<i64: 3, 3>, strides = array<i64: 2, 2>} : tensor<1x1x?x?xf32> -> tensor<1x1x?x?xf32>
  return %0 : tensor<1x1x?x?xf32>
}

func.func @conv_small(%x: tensor<1x1x?x?xf32>, %w: tensor<1x1x3x3xf32>) -> tensor<1x1x?x?xf32> {
  %0 = graph.conv2d %x, %w : tensor<1x1x?x?xf32>, tensor<1x1x3x3xf32> -> tensor<1x1x?x?xf32>
  return %0 : tensor<1x1x?x?xf32>
}

// Declared static pieces of a split of a `?` axis must be the pieces the
// split computes (ceil(6 / 3) = 2 each, not 3, 3, 1).
// RUN: not strata-run %t.smod --function=split_declared --input=6xf32=1,2,3,4,5,6 2>&1 | FileCheck %s --check-prefix=SPLIT-DECLARED
// SPLIT-DECLARED: error: {{.*}}: graph.split: result #0 dim 0 computed from the operands differs from its declared size (2 vs 3)
func.func @split_declared(%x: tensor<?xf32>) -> (tensor<3xf32>, tensor<3xf32>, tensor<1xf32>) {
  %0:3 = graph.split %x {axis = 0 : i64, num_outputs = 3 : i64} : tensor<?xf32> -> tensor<3xf32>, tensor<3xf32>, tensor<1xf32>
  return %0#0, %0#1, %0#2 : tensor<3xf32>, tensor<3xf32>, tensor<1xf32>
}

// A reshape whose run-time shape contradicts its declared static sizes is
// an error: the kernels that follow are compiled for the declared ones.
// RUN: strata-run %t.smod --function=reshape_declared --input=24xf32=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23 --input=2xi64=4,-1 | FileCheck %s --check-prefix=RESHAPE
// RUN: not strata-run %t.smod --function=reshape_declared --input=24xf32=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23 --input=2xi64=-1,2 2>&1 | FileCheck %s --check-prefix=RESHAPE-SHAPE
// RESHAPE: 4x6xf32
// RESHAPE-SHAPE: error: {{.*}}: graph.reshape: result #0 dim 0 computed from the operands differs from its declared size (12 vs 4)
func.func @reshape_declared(%x: tensor<?xf32>, %s: tensor<2xi64>) -> tensor<4x6xf32> {
  %0 = graph.reshape %x, %s : tensor<?xf32>, tensor<2xi64> -> tensor<4x6xf32>
  return %0 : tensor<4x6xf32>
}

// Scatter indices out of [-d, d) are errors, as in onnxruntime (they were
// dropped); in range, a negative index counts from the back.
// RUN: strata-run %t.smod --function=scatter_index --input=3xf32=1,2,3 --input=2xi64=-1,0 --input=2xf32=8,9 | FileCheck %s --check-prefix=SCATTER-INDEX
// RUN: not strata-run %t.smod --function=scatter_index --input=3xf32=1,2,3 --input=2xi64=0,3 --input=2xf32=8,9 2>&1 | FileCheck %s --check-prefix=SCATTER-HIGH
// RUN: not strata-run %t.smod --function=scatter_nd_index --input=2x2xf32=1,2,3,4 --input=1x2xi64=0,-3 --input=1xf32=9 2>&1 | FileCheck %s --check-prefix=SCATTER-ND
// SCATTER-INDEX: [9. 2. 8.]
// SCATTER-HIGH: error: {{.*}}: graph.scatter_elements: index 3 is out of range for axis 0 of size 3
// SCATTER-ND: error: {{.*}}: graph.scatter_nd: index -3 is out of range for data dim 1 of size 2
func.func @scatter_index(%x: tensor<3xf32>, %i: tensor<?xi64>, %u: tensor<?xf32>) -> tensor<3xf32> {
  %0 = graph.scatter_elements %x, %i, %u {axis = 0 : i64} : tensor<3xf32>, tensor<?xi64>, tensor<?xf32> -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

func.func @scatter_nd_index(%x: tensor<2x2xf32>, %i: tensor<?x2xi64>, %u: tensor<?xf32>) -> tensor<2x2xf32> {
  %0 = graph.scatter_nd %x, %i, %u : tensor<2x2xf32>, tensor<?x2xi64>, tensor<?xf32> -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// A transpose declared more static than its `?` input runs (it failed to
// compile: linalg.transpose rejected the declared sizes) and checks them.
// RUN: strata-run %t.smod --function=transpose_declared --input=2x3xf32=1,2,3,4,5,6 | FileCheck %s --check-prefix=TRANSPOSE
// RUN: not strata-run %t.smod --function=transpose_declared --input=1x3xf32=1,2,3 2>&1 | FileCheck %s --check-prefix=TRANSPOSE-SIZE
// TRANSPOSE: result[0]: tensor<3x2xf32>
// TRANSPOSE-NEXT: {{\[\[}}1. 4.]
// TRANSPOSE-SIZE: error: {{.*}}: graph.transpose: result #0 dim 1 computed from the operands differs from its declared size (1 vs 2)
func.func @transpose_declared(%x: tensor<?x3xf32>) -> tensor<3x2xf32> {
  %0 = graph.transpose %x {perm = array<i64: 1, 0>} : tensor<?x3xf32> -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// Errors of the VM's own instructions (here a reshape to a negative size,
// which allowzero lets through to the host) name the op they came from:
// modules record each instruction's source location (format 2.1).
// RUN: not strata-run %t.smod --function=reshape_negative --input=6xf32=1,2,3,4,5,6 --input=2xi64=-2,-3 2>&1 | FileCheck %s --check-prefix=RESHAPE-NEGATIVE
// RESHAPE-NEGATIVE: error: function 'reshape_negative': instruction at word {{[0-9]+}} (reshape): {{.*}}runtime-checks.mlir:[[@LINE+2]]:8: dynamic dimension 0 is negative (-2)
func.func @reshape_negative(%x: tensor<?xf32>, %s: tensor<2xi64>) -> tensor<?x?xf32> {
  %0 = graph.reshape %x, %s {allowzero = true} : tensor<?xf32>, tensor<2xi64> -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// A linear result whose size comes from the bias where b's output size is
// `?`: the two must agree (the product's loops ran over b's size and wrote
// past the result).
// RUN: not strata-run %t.smod --function=linear_bias_size --input=4x3xf32=0,0,0,0,0,0,0,0,0,0,0,0 --input=3x4xf32=0,0,0,0,0,0,0,0,0,0,0,0 --input=1x2xf32=0,0 2>&1 | FileCheck %s --check-prefix=LINEAR-OUT
// The same runs with the CUDA schedules on this CPU (the CUDA emulator);
// the module also compiles for sm_90.
// RUN: strata-run %t.emu.smod --function=add --input=4xf32=1,2,3,4 --input=4xf32=10,20,30,40 | FileCheck %s --check-prefix=ADD
// RUN: not strata-run %t.emu.smod --function=add --input=4xf32=1,2,3,4 --input=1xf32=10 2>&1 | FileCheck %s --check-prefix=ADD-4-1
// RUN: not strata-run %t.emu.smod --function=add --input=1xf32=10 --input=4xf32=1,2,3,4 2>&1 | FileCheck %s --check-prefix=ADD-1-4
// RUN: not strata-run %t.emu.smod --function=add --input=3xf32=1,2,3 --input=4xf32=1,2,3,4 2>&1 | FileCheck %s --check-prefix=ADD-3-4
// RUN: strata-run %t.emu.smod --function=add_static_one --input=2x3xf32=1,2,3,4,5,6 --input=1x3xf32=10,20,30 | FileCheck %s --check-prefix=STATIC-ONE
// RUN: not strata-run %t.emu.smod --function=matmul --input=2x3xf32=1,2,3,4,5,6 --input=4x5xf32=0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0 2>&1 | FileCheck %s --check-prefix=MATMUL
// RUN: not strata-run %t.emu.smod --function=batch_matmul --input=2x1x2xf32=1,2,3,4 --input=3x2x1xf32=1,2,3,4,5,6 2>&1 | FileCheck %s --check-prefix=BATCH
// RUN: strata-run %t.emu.smod --function=linear --input=1x2xf32=1,2 --input=2x3xf32=1,0,0,0,1,0 --input=3xf32=10,20,30 | FileCheck %s --check-prefix=LINEAR
// RUN: not strata-run %t.emu.smod --function=linear --input=1x2xf32=1,2 --input=3x3xf32=0,0,0,0,0,0,0,0,0 --input=3xf32=0,0,0 2>&1 | FileCheck %s --check-prefix=LINEAR-INNER
// RUN: not strata-run %t.emu.smod --function=linear --input=1x2xf32=1,2 --input=2x3xf32=0,0,0,0,0,0 --input=2xf32=0,0 2>&1 | FileCheck %s --check-prefix=LINEAR-BIAS
// RUN: not strata-run %t.emu.smod --function=concat --input=1x2xf32=1,2 --input=1x3xf32=1,2,3 2>&1 | FileCheck %s --check-prefix=CONCAT
// RUN: strata-run %t.emu.smod --function=reflect --input=3xf32=1,2,3 | FileCheck %s --check-prefix=REFLECT
// RUN: not strata-run %t.emu.smod --function=reflect --input=2xf32=1,2 2>&1 | FileCheck %s --check-prefix=REFLECT-WIDE
// RUN: not strata-run %t.emu.smod --function=edge --input=0xf32= 2>&1 | FileCheck %s --check-prefix=EDGE
// RUN: not strata-run %t.emu.smod --function=crop --input=0xf32= 2>&1 | FileCheck %s --check-prefix=CROP
// RUN: strata-run %t.emu.smod --function=gather --input=3xf32=1,2,3 --input=2xi64=-3,2 | FileCheck %s --check-prefix=GATHER
// RUN: not strata-run %t.emu.smod --function=gather --input=3xf32=1,2,3 --input=2xi64=0,3 2>&1 | FileCheck %s --check-prefix=GATHER-HIGH
// RUN: not strata-run %t.emu.smod --function=gather --input=3xf32=1,2,3 --input=2xi64=-4,0 2>&1 | FileCheck %s --check-prefix=GATHER-LOW
// RUN: not strata-run %t.emu.smod --function=gather --input=0xf32= --input=1xi64=0 2>&1 | FileCheck %s --check-prefix=GATHER-NONE
// RUN: not strata-run %t.emu.smod --function=gather_elements --input=2x2xf32=1,2,3,4 --input=2x1xi32=0,2 2>&1 | FileCheck %s --check-prefix=ELEMENTS
// RUN: not strata-run %t.emu.smod --function=gather_nd --input=2x3xf32=1,2,3,4,5,6 --input=1x2xi64=1,5 2>&1 | FileCheck %s --check-prefix=ND
// RUN: strata-run %t.emu.smod --function=conv_declared --input=1x1x4x4xf32=1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1 --input=1x1x3x3xf32=1,1,1,1,1,1,1,1,1 | FileCheck %s --check-prefix=CONV-DECLARED
// RUN: not strata-run %t.emu.smod --function=conv_declared --input=1x1x3x3xf32=1,1,1,1,1,1,1,1,1 --input=1x1x3x3xf32=1,1,1,1,1,1,1,1,1 2>&1 | FileCheck %s --check-prefix=CONV-DECLARED-SMALL
// RUN: not strata-run %t.emu.smod --function=matmul_declared --input=3x2xf32=1,2,3,4,5,6 --input=2x3xf32=1,2,3,4,5,6 2>&1 | FileCheck %s --check-prefix=MATMUL-DECLARED
// RUN: not strata-run %t.emu.smod --function=pool_declared --input=1x1x3x3xf32=1,2,3,4,5,6,7,8,9 2>&1 | FileCheck %s --check-prefix=POOL-DECLARED
// RUN: strata-run %t.emu.smod --function=split_halves --input=5xf32=1,2,3,4,5 | FileCheck %s --check-prefix=HALVES
// RUN: strata-run %t.emu.smod --function=tile_declared --input=2xf32=1,2 | FileCheck %s --check-prefix=TILE
// RUN: not strata-run %t.emu.smod --function=tile_declared --input=0xf32= 2>&1 | FileCheck %s --check-prefix=TILE0
// RUN: strata-run %t.emu.smod --function=layer_norm --input=2x3xf32=1,2,3,4,5,6 --input=3xf32=1,1,1 --input=3xf32=0,0,0 | FileCheck %s --check-prefix=LN
// RUN: not strata-run %t.emu.smod --function=layer_norm --input=2x3xf32=1,2,3,4,5,6 --input=2xf32=1,1 --input=3xf32=0,0,0 2>&1 | FileCheck %s --check-prefix=LN-SCALE
// RUN: not strata-run %t.emu.smod --function=batch_norm --input=1x2x1x1xf32=1,2 --input=2xf32=1,1 --input=2xf32=0,0 --input=1xf32=0 --input=2xf32=1,1 2>&1 | FileCheck %s --check-prefix=BN
// RUN: strata-run %t.emu.smod --function=split_sizes --input=5xf32=1,2,3,4,5 | FileCheck %s --check-prefix=SPLIT-SIZES
// RUN: not strata-run %t.emu.smod --function=split_sizes --input=3xf32=1,2,3 2>&1 | FileCheck %s --check-prefix=SPLIT-SHORT
// RUN: not strata-run %t.emu.smod --function=split_four --input=5xf32=1,2,3,4,5 2>&1 | FileCheck %s --check-prefix=SPLIT-FOUR
// RUN: not strata-run %t.emu.smod --function=conv_transpose --input=1x1x2x2xf32=1,1,1,1 --input=2x1x2x2xf32=1,1,1,1,1,1,1,1 2>&1 | FileCheck %s --check-prefix=CONVT
// RUN: not strata-run %t.emu.smod --function=scatter_updates --input=3xf32=1,2,3 --input=2xi64=0,1 --input=1xf32=9 2>&1 | FileCheck %s --check-prefix=SCATTER-UPDATES
// RUN: strata-run %t.emu.smod --function=expand --input=1xf32=7 --input=1xi64=3 | FileCheck %s --check-prefix=EXPAND
// RUN: not strata-run %t.emu.smod --function=expand --input=0xf32= --input=1xi64=3 2>&1 | FileCheck %s --check-prefix=EXPAND0
// RUN: not strata-run %t.emu.smod --function=pool_small --input=1x1x1x1xf32=1 2>&1 | FileCheck %s --check-prefix=POOL-SMALL
// RUN: not strata-run %t.emu.smod --function=conv_small --input=1x1x2x2xf32=1,1,1,1 --input=1x1x3x3xf32=1,1,1,1,1,1,1,1,1 2>&1 | FileCheck %s --check-prefix=CONV-SMALL
// RUN: not strata-run %t.emu.smod --function=split_declared --input=6xf32=1,2,3,4,5,6 2>&1 | FileCheck %s --check-prefix=SPLIT-DECLARED
// RUN: strata-run %t.emu.smod --function=reshape_declared --input=24xf32=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23 --input=2xi64=4,-1 | FileCheck %s --check-prefix=RESHAPE
// RUN: not strata-run %t.emu.smod --function=reshape_declared --input=24xf32=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23 --input=2xi64=-1,2 2>&1 | FileCheck %s --check-prefix=RESHAPE-SHAPE
// RUN: strata-run %t.emu.smod --function=scatter_index --input=3xf32=1,2,3 --input=2xi64=-1,0 --input=2xf32=8,9 | FileCheck %s --check-prefix=SCATTER-INDEX
// RUN: not strata-run %t.emu.smod --function=scatter_index --input=3xf32=1,2,3 --input=2xi64=0,3 --input=2xf32=8,9 2>&1 | FileCheck %s --check-prefix=SCATTER-HIGH
// RUN: not strata-run %t.emu.smod --function=scatter_nd_index --input=2x2xf32=1,2,3,4 --input=1x2xi64=0,-3 --input=1xf32=9 2>&1 | FileCheck %s --check-prefix=SCATTER-ND
// RUN: strata-run %t.emu.smod --function=transpose_declared --input=2x3xf32=1,2,3,4,5,6 | FileCheck %s --check-prefix=TRANSPOSE
// RUN: not strata-run %t.emu.smod --function=transpose_declared --input=1x3xf32=1,2,3 2>&1 | FileCheck %s --check-prefix=TRANSPOSE-SIZE
// RUN: not strata-run %t.emu.smod --function=reshape_negative --input=6xf32=1,2,3,4,5,6 --input=2xi64=-2,-3 2>&1 | FileCheck %s --check-prefix=RESHAPE-NEGATIVE
// RUN: not strata-run %t.emu.smod --function=linear_bias_size --input=4x3xf32=0,0,0,0,0,0,0,0,0,0,0,0 --input=3x4xf32=0,0,0,0,0,0,0,0,0,0,0,0 --input=1x2xf32=0,0 2>&1 | FileCheck %s --check-prefix=LINEAR-OUT
// LINEAR-OUT: error: {{.*}}: graph.linear: the output size of b differs from the result's (3 vs 2)
func.func @linear_bias_size(%a: tensor<4x3xf32>, %b: tensor<?x4xf32>, %c: tensor<1x2xf32>) -> tensor<3x2xf32> {
  %0 = graph.linear %a, %b, %c {trans_a = true, trans_b = true} : tensor<4x3xf32>, tensor<?x4xf32>, tensor<1x2xf32> -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}
