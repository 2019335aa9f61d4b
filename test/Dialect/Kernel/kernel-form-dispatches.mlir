// RUN: strata-opt %s --kernel-form-dispatches -split-input-file | FileCheck %s

// MLP layer: the matmul is the root; its bias add (in place on the matmul
// result) and the relu fuse as epilogues. tensor.empty and linalg.fill are
// cloned into the dispatch and disappear from the host.

#id2 = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d1)>
// CHECK-LABEL: func.func @mlp
// CHECK-SAME: (%[[X:.*]]: tensor<?x8xf32>, %[[W:.*]]: tensor<8x16xf32>, %[[B:.*]]: tensor<16xf32>)
// CHECK-DAG: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK: %[[N:.*]] = tensor.dim %[[X]], %[[C0]]
// CHECK-NOT: tensor.empty
// CHECK-NOT: linalg.
// CHECK: %[[D:.*]] = kernel.dispatch -> tensor<?x16xf32> {
// CHECK:   %[[E:.*]] = tensor.empty(%[[N]]) : tensor<?x16xf32>
// CHECK:   %[[F:.*]] = linalg.fill ins(%[[ZERO]] : f32) outs(%[[E]] : tensor<?x16xf32>)
// CHECK:   %[[E2:.*]] = tensor.empty(%[[N]]) : tensor<?x16xf32>
// CHECK:   %[[MM:.*]] = linalg.matmul ins(%[[X]], %[[W]] : {{.*}}) outs(%[[F]] : tensor<?x16xf32>)
// CHECK:   %[[BIAS:.*]] = linalg.generic {{.*}} ins(%[[B]] : tensor<16xf32>) outs(%[[MM]] : tensor<?x16xf32>)
// CHECK:     arith.addf
// CHECK:   %[[RELU:.*]] = linalg.generic {{.*}} ins(%[[BIAS]] : tensor<?x16xf32>) outs(%[[E2]] : tensor<?x16xf32>)
// CHECK:     arith.maximumf
// CHECK:   kernel.yield %[[RELU]] : tensor<?x16xf32>
// CHECK: }
// CHECK-NOT: linalg.
// CHECK: return %[[D]]
func.func @mlp(%x: tensor<?x8xf32>, %w: tensor<8x16xf32>, %b: tensor<16xf32>) -> tensor<?x16xf32> {
  %zero = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x8xf32>
  %e = tensor.empty(%n) : tensor<?x16xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<?x16xf32>) -> tensor<?x16xf32>
  %mm = linalg.matmul ins(%x, %w : tensor<?x8xf32>, tensor<8x16xf32>) outs(%f : tensor<?x16xf32>) -> tensor<?x16xf32>
  %bias = linalg.generic {indexing_maps = [#row, #id2], iterator_types = ["parallel", "parallel"]} ins(%b : tensor<16xf32>) outs(%mm : tensor<?x16xf32>) {
  ^bb0(%in: f32, %out: f32):
    %s = arith.addf %out, %in : f32
    linalg.yield %s : f32
  } -> tensor<?x16xf32>
  %e2 = tensor.empty(%n) : tensor<?x16xf32>
  %relu = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%bias : tensor<?x16xf32>) outs(%e2 : tensor<?x16xf32>) {
  ^bb0(%in: f32, %out: f32):
    %m = arith.maximumf %in, %zero : f32
    linalg.yield %m : f32
  } -> tensor<?x16xf32>
  return %relu : tensor<?x16xf32>
}

// -----

// Convolution block: the padded input and the broadcast bias (the conv's
// init) fuse as producers; relu and the residual add (whose other operand
// comes from the host) fuse as epilogues.

#id4 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#ch = affine_map<(d0, d1, d2, d3) -> (d1)>
// CHECK-LABEL: func.func @conv_bias_relu_residual
// CHECK-SAME: (%[[X:.*]]: tensor<1x4x8x8xf32>, %[[W:.*]]: tensor<4x4x3x3xf32>, %[[B:.*]]: tensor<4xf32>)
// CHECK-NOT: tensor.pad
// CHECK-NOT: linalg.
// CHECK: %[[D:.*]] = kernel.dispatch -> tensor<1x4x8x8xf32> {
// CHECK-DAG: %[[E0:.*]] = tensor.empty() : tensor<1x4x8x8xf32>
// CHECK-DAG: %[[E1:.*]] = tensor.empty() : tensor<1x4x8x8xf32>
// CHECK-DAG: %[[E2:.*]] = tensor.empty() : tensor<1x4x8x8xf32>
// CHECK: %[[PAD:.*]] = tensor.pad %[[X]] low[0, 0, 1, 1] high[0, 0, 1, 1]
// CHECK: %[[INIT:.*]] = linalg.generic {{.*}} ins(%[[B]] : tensor<4xf32>) outs(%[[E0]] : tensor<1x4x8x8xf32>)
// CHECK: %[[CONV:.*]] = linalg.conv_2d_nchw_fchw {{.*}} ins(%[[PAD]], %[[W]] : {{.*}}) outs(%[[INIT]] : tensor<1x4x8x8xf32>)
// CHECK: %[[RELU:.*]] = linalg.generic {{.*}} ins(%[[CONV]] : tensor<1x4x8x8xf32>) outs(%[[E1]] : tensor<1x4x8x8xf32>)
// CHECK: %[[ADD:.*]] = linalg.generic {{.*}} ins(%[[RELU]], %[[X]] : tensor<1x4x8x8xf32>, tensor<1x4x8x8xf32>) outs(%[[E2]] : tensor<1x4x8x8xf32>)
// CHECK: kernel.yield %[[ADD]]
// CHECK: return %[[D]]
func.func @conv_bias_relu_residual(%x: tensor<1x4x8x8xf32>, %w: tensor<4x4x3x3xf32>, %b: tensor<4xf32>) -> tensor<1x4x8x8xf32> {
  %zero = arith.constant 0.0 : f32
  %padded = tensor.pad %x low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%i: index, %j: index, %k: index, %l: index):
    tensor.yield %zero : f32
  } : tensor<1x4x8x8xf32> to tensor<1x4x10x10xf32>
  %e0 = tensor.empty() : tensor<1x4x8x8xf32>
  %init = linalg.generic {indexing_maps = [#ch, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%b : tensor<4xf32>) outs(%e0 : tensor<1x4x8x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<1x4x8x8xf32>
  %conv = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%padded, %w : tensor<1x4x10x10xf32>, tensor<4x4x3x3xf32>) outs(%init : tensor<1x4x8x8xf32>) -> tensor<1x4x8x8xf32>
  %e1 = tensor.empty() : tensor<1x4x8x8xf32>
  %relu = linalg.generic {indexing_maps = [#id4, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%conv : tensor<1x4x8x8xf32>) outs(%e1 : tensor<1x4x8x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %m = arith.maximumf %in, %zero : f32
    linalg.yield %m : f32
  } -> tensor<1x4x8x8xf32>
  %e2 = tensor.empty() : tensor<1x4x8x8xf32>
  %add = linalg.generic {indexing_maps = [#id4, #id4, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%relu, %x : tensor<1x4x8x8xf32>, tensor<1x4x8x8xf32>) outs(%e2 : tensor<1x4x8x8xf32>) {
  ^bb0(%in: f32, %in2: f32, %out: f32):
    %s = arith.addf %in, %in2 : f32
    linalg.yield %s : f32
  } -> tensor<1x4x8x8xf32>
  return %add : tensor<1x4x8x8xf32>
}

// -----

// Softmax: the max reduction has two users, so it is a dispatch of its own;
// the exp-sum reduction takes the normalization as its epilogue. The fill
// shared by both reductions is cloned into each dispatch.

#id2 = affine_map<(d0, d1) -> (d0, d1)>
#col = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func.func @softmax
// CHECK-SAME: (%[[X:.*]]: tensor<2x4xf32>)
// CHECK: %[[MAX:.*]] = kernel.dispatch -> tensor<2xf32> {
// CHECK:   %[[E:.*]] = tensor.empty() : tensor<2xf32>
// CHECK:   %[[F:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%[[E]] : tensor<2xf32>)
// CHECK:   %[[R:.*]] = linalg.generic {{.*}}iterator_types = ["parallel", "reduction"]{{.*}} ins(%[[X]] : tensor<2x4xf32>) outs(%[[F]] : tensor<2xf32>)
// CHECK:     arith.maximumf
// CHECK:   kernel.yield %[[R]] : tensor<2xf32>
// CHECK: %[[SOFTMAX:.*]] = kernel.dispatch -> tensor<2x4xf32> {
// CHECK:   %[[F2:.*]] = linalg.fill
// CHECK:   %[[SUM:.*]] = linalg.generic {{.*}}iterator_types = ["parallel", "reduction"]{{.*}} ins(%[[X]], %[[MAX]] : tensor<2x4xf32>, tensor<2xf32>) outs(%[[F2]] : tensor<2xf32>)
// CHECK:     math.exp
// CHECK:   %[[NORM:.*]] = linalg.generic {{.*}}iterator_types = ["parallel", "parallel"]{{.*}} ins(%[[X]], %[[MAX]], %[[SUM]] : {{.*}})
// CHECK:     arith.divf
// CHECK:   kernel.yield %[[NORM]] : tensor<2x4xf32>
// CHECK-NOT: kernel.dispatch
// CHECK: return %[[SOFTMAX]]
func.func @softmax(%x: tensor<2x4xf32>) -> tensor<2x4xf32> {
  %ninf = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2xf32>
  %fm = linalg.fill ins(%ninf : f32) outs(%e : tensor<2xf32>) -> tensor<2xf32>
  %max = linalg.generic {indexing_maps = [#id2, #col], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<2x4xf32>) outs(%fm : tensor<2xf32>) {
  ^bb0(%in: f32, %out: f32):
    %m = arith.maximumf %in, %out : f32
    linalg.yield %m : f32
  } -> tensor<2xf32>
  %fs = linalg.fill ins(%zero : f32) outs(%e : tensor<2xf32>) -> tensor<2xf32>
  %sum = linalg.generic {indexing_maps = [#id2, #col, #col], iterator_types = ["parallel", "reduction"]} ins(%x, %max : tensor<2x4xf32>, tensor<2xf32>) outs(%fs : tensor<2xf32>) {
  ^bb0(%in: f32, %mx: f32, %out: f32):
    %d = arith.subf %in, %mx : f32
    %ex = math.exp %d : f32
    %s = arith.addf %out, %ex : f32
    linalg.yield %s : f32
  } -> tensor<2xf32>
  %e2 = tensor.empty() : tensor<2x4xf32>
  %norm = linalg.generic {indexing_maps = [#id2, #col, #col, #id2], iterator_types = ["parallel", "parallel"]} ins(%x, %max, %sum : tensor<2x4xf32>, tensor<2xf32>, tensor<2xf32>) outs(%e2 : tensor<2x4xf32>) {
  ^bb0(%in: f32, %mx: f32, %s: f32, %out: f32):
    %d = arith.subf %in, %mx : f32
    %ex = math.exp %d : f32
    %q = arith.divf %ex, %s : f32
    linalg.yield %q : f32
  } -> tensor<2x4xf32>
  return %norm : tensor<2x4xf32>
}

// -----

// Without a root, a single-use chain of elementwise ops (named and generic)
// is one dispatch.

#id2 = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @elementwise_chain
// CHECK-SAME: (%[[A:.*]]: tensor<4x8xf32>, %[[B:.*]]: tensor<4x8xf32>)
// CHECK: %[[D:.*]] = kernel.dispatch -> tensor<4x8xf32> {
// CHECK:   %[[EXP:.*]] = linalg.exp ins(%[[A]] : tensor<4x8xf32>)
// CHECK:   %[[ADD:.*]] = linalg.add ins(%[[EXP]], %[[B]] : tensor<4x8xf32>, tensor<4x8xf32>)
// CHECK:   %[[NEG:.*]] = linalg.generic {{.*}} ins(%[[ADD]] : tensor<4x8xf32>)
// CHECK:   kernel.yield %[[NEG]] : tensor<4x8xf32>
// CHECK: }
// CHECK-NOT: kernel.dispatch
// CHECK: return %[[D]]
func.func @elementwise_chain(%a: tensor<4x8xf32>, %b: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %e = tensor.empty() : tensor<4x8xf32>
  %exp = linalg.exp ins(%a : tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) -> tensor<4x8xf32>
  %add = linalg.add ins(%exp, %b : tensor<4x8xf32>, tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) -> tensor<4x8xf32>
  %neg = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%add : tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %n = arith.negf %in : f32
    linalg.yield %n : f32
  } -> tensor<4x8xf32>
  return %neg : tensor<4x8xf32>
}

// -----

// A value used outside the group is a dispatch result, and a group keeps a
// single result: the matmul result is also returned, so the exp is not its
// epilogue. The exp's two users (negf, and the mul that also reads the
// negf) join its group, which then has one result.

#id2 = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @two_uses
// CHECK-SAME: (%[[X:.*]]: tensor<4x8xf32>, %[[W:.*]]: tensor<8x8xf32>)
// CHECK: %[[MM:.*]] = kernel.dispatch -> tensor<4x8xf32> {
// CHECK:   linalg.matmul
// CHECK-NOT: linalg.generic
// CHECK:   kernel.yield
// CHECK: %[[TAIL:.*]] = kernel.dispatch -> tensor<4x8xf32> {
// CHECK:   %[[EXP:.*]] = linalg.exp ins(%[[MM]] : tensor<4x8xf32>)
// CHECK:   %[[NEG:.*]] = linalg.negf ins(%[[EXP]] : tensor<4x8xf32>)
// CHECK:   %[[MUL:.*]] = linalg.mul ins(%[[NEG]], %[[EXP]] : tensor<4x8xf32>, tensor<4x8xf32>)
// CHECK:   kernel.yield %[[MUL]]
// CHECK: return %[[MM]], %[[TAIL]]
func.func @two_uses(%x: tensor<4x8xf32>, %w: tensor<8x8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x8xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<4x8xf32>) -> tensor<4x8xf32>
  %mm = linalg.matmul ins(%x, %w : tensor<4x8xf32>, tensor<8x8xf32>) outs(%f : tensor<4x8xf32>) -> tensor<4x8xf32>
  %exp = linalg.exp ins(%mm : tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) -> tensor<4x8xf32>
  %neg = linalg.negf ins(%exp : tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) -> tensor<4x8xf32>
  %mul = linalg.mul ins(%neg, %exp : tensor<4x8xf32>, tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) -> tensor<4x8xf32>
  return %mm, %mul : tensor<4x8xf32>, tensor<4x8xf32>
}

// -----

// Transposes used only by the batch matmul fuse into it as producers; a
// transpose with another user does not, and forms its own dispatch.

// CHECK-LABEL: func.func @transpose_producers
// CHECK-SAME: (%[[A:.*]]: tensor<2x4x8xf32>, %[[B:.*]]: tensor<2x4x8xf32>)
// CHECK: %[[T:.*]] = kernel.dispatch -> tensor<2x8x4xf32> {
// CHECK:   linalg.transpose ins(%[[B]]
// CHECK:   kernel.yield
// CHECK: %[[MM:.*]] = kernel.dispatch -> tensor<2x4x4xf32> {
// CHECK:   %[[TA:.*]] = linalg.transpose ins(%[[A]] : tensor<2x4x8xf32>)
// CHECK:   %[[TTA:.*]] = linalg.transpose ins(%[[TA]] : tensor<2x8x4xf32>)
// CHECK:   %[[R:.*]] = linalg.batch_matmul ins(%[[TTA]], %[[T]] : tensor<2x4x8xf32>, tensor<2x8x4xf32>)
// CHECK:   kernel.yield %[[R]]
// CHECK: return %[[MM]], %[[T]]
func.func @transpose_producers(%a: tensor<2x4x8xf32>, %b: tensor<2x4x8xf32>) -> (tensor<2x4x4xf32>, tensor<2x8x4xf32>) {
  %zero = arith.constant 0.0 : f32
  %e1 = tensor.empty() : tensor<2x8x4xf32>
  %ta = linalg.transpose ins(%a : tensor<2x4x8xf32>) outs(%e1 : tensor<2x8x4xf32>) permutation = [0, 2, 1]
  %e2 = tensor.empty() : tensor<2x4x8xf32>
  %tta = linalg.transpose ins(%ta : tensor<2x8x4xf32>) outs(%e2 : tensor<2x4x8xf32>) permutation = [0, 2, 1]
  %tb = linalg.transpose ins(%b : tensor<2x4x8xf32>) outs(%e1 : tensor<2x8x4xf32>) permutation = [0, 2, 1]
  %e3 = tensor.empty() : tensor<2x4x4xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e3 : tensor<2x4x4xf32>) -> tensor<2x4x4xf32>
  %mm = linalg.batch_matmul ins(%tta, %tb : tensor<2x4x8xf32>, tensor<2x8x4xf32>) outs(%f : tensor<2x4x4xf32>) -> tensor<2x4x4xf32>
  return %mm, %tb : tensor<2x4x4xf32>, tensor<2x8x4xf32>
}

// -----

// Host ops stay outside: constants, reshapes, slices, concat, tensor.dim and
// index arithmetic. The dispatch goes after the last op of its group, after
// the host reshape its epilogue reads, and tensor.empty sizes computed on the
// host are captured.

#id2 = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @host_ops
// CHECK-SAME: (%[[X:.*]]: tensor<?x8xf32>, %[[W:.*]]: tensor<8x8xf32>, %[[Y:.*]]: tensor<?x2x4xf32>)
// CHECK: %[[N:.*]] = tensor.dim %[[X]]
// CHECK: %[[N2:.*]] = arith.addi %[[N]], %[[N]] : index
// CHECK: %[[YC:.*]] = tensor.collapse_shape %[[Y]]
// CHECK: %[[D:.*]] = kernel.dispatch -> tensor<?x8xf32> {
// CHECK:   %[[E:.*]] = tensor.empty(%[[N]]) : tensor<?x8xf32>
// CHECK:   %[[F:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%[[E]]
// CHECK:   %[[MM:.*]] = linalg.matmul ins(%[[X]], %[[W]] : {{.*}}) outs(%[[F]]
// CHECK:   %[[ADD:.*]] = linalg.add ins(%[[MM]], %[[YC]] : {{.*}}) outs(%[[E]]
// CHECK:   kernel.yield %[[ADD]]
// CHECK: }
// CHECK: %[[S:.*]] = tensor.extract_slice %[[D]]
// CHECK: %[[C:.*]] = tensor.concat dim(0) %[[S]], %[[D]]
// CHECK: %[[E2:.*]] = tensor.empty(%[[N2]])
// CHECK: %[[I:.*]] = tensor.insert_slice %[[C]] into %[[E2]]
// CHECK-NOT: kernel.dispatch
// CHECK: return %[[I]]
func.func @host_ops(%x: tensor<?x8xf32>, %w: tensor<8x8xf32>, %y: tensor<?x2x4xf32>) -> tensor<?x8xf32> {
  %zero = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x8xf32>
  %n2 = arith.addi %n, %n : index
  %e = tensor.empty(%n) : tensor<?x8xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<?x8xf32>) -> tensor<?x8xf32>
  %mm = linalg.matmul ins(%x, %w : tensor<?x8xf32>, tensor<8x8xf32>) outs(%f : tensor<?x8xf32>) -> tensor<?x8xf32>
  %yc = tensor.collapse_shape %y [[0], [1, 2]] : tensor<?x2x4xf32> into tensor<?x8xf32>
  %add = linalg.add ins(%mm, %yc : tensor<?x8xf32>, tensor<?x8xf32>) outs(%e : tensor<?x8xf32>) -> tensor<?x8xf32>
  %s = tensor.extract_slice %add[0, 0] [%n, 8] [1, 1] : tensor<?x8xf32> to tensor<?x8xf32>
  %c = tensor.concat dim(0) %s, %add : (tensor<?x8xf32>, tensor<?x8xf32>) -> tensor<?x8xf32>
  %e2 = tensor.empty(%n2) : tensor<?x8xf32>
  %i = tensor.insert_slice %c into %e2[0, 0] [%n2, 8] [1, 1] : tensor<?x8xf32> into tensor<?x8xf32>
  return %i : tensor<?x8xf32>
}

// -----

// Pooling and reductions are roots; global average pooling's division (in
// place on the sum) fuses as the epilogue of the sum.

#id4 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#nc = affine_map<(d0, d1, d2, d3) -> (d0, d1)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @pool_then_mean
// CHECK: %[[P:.*]] = kernel.dispatch -> tensor<1x4x4x4xf32> {
// CHECK:   linalg.pooling_nchw_max
// CHECK:   kernel.yield
// CHECK: %[[M:.*]] = kernel.dispatch -> tensor<1x4xf32> {
// CHECK:   %[[S:.*]] = linalg.generic {{.*}}"reduction", "reduction"{{.*}} ins(%[[P]] :
// CHECK:   %[[DIV:.*]] = linalg.generic {{.*}} outs(%[[S]] : tensor<1x4xf32>)
// CHECK:     arith.divf
// CHECK:   kernel.yield %[[DIV]]
// CHECK: return %[[M]]
func.func @pool_then_mean(%x: tensor<1x4x8x8xf32>) -> tensor<1x4xf32> {
  %ninf = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0.0 : f32
  %sixteen = arith.constant 16.0 : f32
  %e = tensor.empty() : tensor<1x4x4x4xf32>
  %f = linalg.fill ins(%ninf : f32) outs(%e : tensor<1x4x4x4xf32>) -> tensor<1x4x4x4xf32>
  %win = tensor.empty() : tensor<2x2xf32>
  %p = linalg.pooling_nchw_max {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%x, %win : tensor<1x4x8x8xf32>, tensor<2x2xf32>) outs(%f : tensor<1x4x4x4xf32>) -> tensor<1x4x4x4xf32>
  %e2 = tensor.empty() : tensor<1x4xf32>
  %f2 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<1x4xf32>) -> tensor<1x4xf32>
  %s = linalg.generic {indexing_maps = [#id4, #nc], iterator_types = ["parallel", "parallel", "reduction", "reduction"]} ins(%p : tensor<1x4x4x4xf32>) outs(%f2 : tensor<1x4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %a = arith.addf %in, %out : f32
    linalg.yield %a : f32
  } -> tensor<1x4xf32>
  %m = linalg.generic {indexing_maps = [#id2], iterator_types = ["parallel", "parallel"]} outs(%s : tensor<1x4xf32>) {
  ^bb0(%out: f32):
    %d = arith.divf %out, %sixteen : f32
    linalg.yield %d : f32
  } -> tensor<1x4xf32>
  return %m : tensor<1x4xf32>
}

// -----

// Existing dispatches are left alone; a fill whose only user is on the host
// stays there.

// CHECK-LABEL: func.func @existing
// CHECK: %[[F:.*]] = linalg.fill
// CHECK: tensor.insert_slice %{{.*}} into %[[F]]
// CHECK: kernel.dispatch -> tensor<4xf32> {
// CHECK-NEXT: linalg.exp
// CHECK-NEXT: kernel.yield
// CHECK-NEXT: }
// CHECK-NOT: kernel.dispatch
func.func @existing(%x: tensor<4xf32>, %y: tensor<2xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %i = tensor.insert_slice %y into %f[1] [2] [1] : tensor<2xf32> into tensor<4xf32>
  %d = kernel.dispatch -> tensor<4xf32> {
    %r = linalg.exp ins(%x : tensor<4xf32>) outs(%x : tensor<4xf32>) -> tensor<4xf32>
    kernel.yield %r : tensor<4xf32>
  }
  return %i, %d : tensor<4xf32>, tensor<4xf32>
}

// -----

// The sizes of `?` results are reified with tensor.dim of intermediate
// results; they are first rewritten to the sizes of the inits, so that they
// do not keep the matmul result on the host and break the chain.

#id2 = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @dynamic_dims
// CHECK-SAME: (%[[X:.*]]: tensor<?x8xf32>, %[[W:.*]]: tensor<8x?xf32>)
// CHECK-DAG: %[[M:.*]] = tensor.dim %[[X]], %{{.*}} : tensor<?x8xf32>
// CHECK-DAG: %[[N:.*]] = tensor.dim %[[W]], %{{.*}} : tensor<8x?xf32>
// CHECK-NOT: tensor.dim
// CHECK: %[[D:.*]] = kernel.dispatch -> tensor<?x?xf32> {
// CHECK:   %[[E:.*]] = tensor.empty(%[[M]], %[[N]])
// CHECK:   %[[E2:.*]] = tensor.empty(%[[M]], %[[N]])
// CHECK:   %[[MM:.*]] = linalg.matmul
// CHECK:   %[[R:.*]] = linalg.generic {{.*}} ins(%[[MM]] : tensor<?x?xf32>) outs(%[[E2]] : tensor<?x?xf32>)
// CHECK:   kernel.yield %[[R]]
// CHECK: }
// CHECK: tensor.expand_shape %[[D]] {{.*}} output_shape [%[[M]], %[[N]], 1]
func.func @dynamic_dims(%x: tensor<?x8xf32>, %w: tensor<8x?xf32>) -> tensor<?x?x1xf32> {
  %zero = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = tensor.dim %x, %c0 : tensor<?x8xf32>
  %n = tensor.dim %w, %c1 : tensor<8x?xf32>
  %e = tensor.empty(%m, %n) : tensor<?x?xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<?x?xf32>) -> tensor<?x?xf32>
  %mm = linalg.matmul ins(%x, %w : tensor<?x8xf32>, tensor<8x?xf32>) outs(%f : tensor<?x?xf32>) -> tensor<?x?xf32>
  %d0 = tensor.dim %mm, %c0 : tensor<?x?xf32>
  %d1 = tensor.dim %mm, %c1 : tensor<?x?xf32>
  %e2 = tensor.empty(%d0, %d1) : tensor<?x?xf32>
  %relu = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%mm : tensor<?x?xf32>) outs(%e2 : tensor<?x?xf32>) {
  ^bb0(%in: f32, %out: f32):
    %r = arith.maximumf %in, %zero : f32
    linalg.yield %r : f32
  } -> tensor<?x?xf32>
  %r0 = tensor.dim %relu, %c0 : tensor<?x?xf32>
  %r1 = tensor.dim %relu, %c1 : tensor<?x?xf32>
  %out = tensor.expand_shape %relu [[0], [1, 2]] output_shape [%r0, %r1, 1] : tensor<?x?xf32> into tensor<?x?x1xf32>
  return %out : tensor<?x?x1xf32>
}

// -----

// An op reading its input through convolution windows (an im2col copy)
// takes the padding of that input into its dispatch, as a convolution does:
// the padding is then computed tile by tile, not by a kernel of its own.

#window = affine_map<(d0, d1, d2, d3, d4) -> (d0, d3 + d1, d4 + d2)>
#id5 = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>
// CHECK-LABEL: func.func @im2col_pad
// CHECK: %[[D:.*]] = kernel.dispatch -> tensor<4x3x3x8x8xf32> {
// CHECK:   %[[P:.*]] = tensor.pad
// CHECK:   %[[C:.*]] = linalg.generic {{.*}} ins(%[[P]] : tensor<4x10x10xf32>)
// CHECK:   kernel.yield %[[C]]
// CHECK: return %[[D]]
func.func @im2col_pad(%x: tensor<4x8x8xf32>) -> tensor<4x3x3x8x8xf32> {
  %zero = arith.constant 0.0 : f32
  %p = tensor.pad %x low[0, 1, 1] high[0, 1, 1] {
  ^bb0(%i: index, %j: index, %k: index):
    tensor.yield %zero : f32
  } : tensor<4x8x8xf32> to tensor<4x10x10xf32>
  %e = tensor.empty() : tensor<4x3x3x8x8xf32>
  %c = linalg.generic {indexing_maps = [#window, #id5], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%p : tensor<4x10x10xf32>) outs(%e : tensor<4x3x3x8x8xf32>) {
  ^bb0(%in: f32, %o: f32):
    linalg.yield %in : f32
  } -> tensor<4x3x3x8x8xf32>
  return %c : tensor<4x3x3x8x8xf32>
}
