// Convolutions and pooling through the whole CPU path, strided, dilated,
// padded, with partial tiles (OW 7, 13). In the compiler's pipeline,
// convolutions become im2col copies and products (kernel-rewrite-
// convolutions); the IR checks below run the tile pass on them directly:
// tiles with N, OH and KH 1 become vectorized 1-D convolutions
// (conv_1d_ncw_fcw), depthwise and pooling tiles elementwise combinations
// of shifted windows, vectorized along OW in NCHW and along C in NHWC.
// Grouped convolutions stay scalar. Each result is compared with the
// reference evaluator by the @entry of test-graph-build-e2e, on one and two
// threads, and once without vectorization.
// RUN: strata-opt %s --test-graph-build-e2e=return-checks -o %t.mlir
// RUN: strata-compile %t.mlir -o %t.smod
// RUN: strata-run %t.smod --function=entry | FileCheck %s
// RUN: strata-run %t.smod --function=entry --threads=2 | FileCheck %s
// RUN: strata-compile %t.mlir --vectorize=false -o %t.0.smod
// RUN: strata-run %t.0.smod --function=entry | FileCheck %s
// The CUDA schedules, tiling and thread mapping, run on this CPU (the
// CUDA emulator); and PTX for sm_80 and sm_90 (cubins when ptxas is here).
// RUN: strata-compile %t.mlir --target=cuda-emulator -o %t.emu.smod
// RUN: strata-run %t.emu.smod --function=entry | FileCheck %s
// RUN: strata-compile %t.mlir --target=cuda:sm_80 -o %t.sm80.smod
// RUN: strata-compile %t.mlir --target=cuda:sm_90 -o %t.sm90.smod
// RUN: strata-dump %t.sm90.smod --section=library | FileCheck %s --check-prefixes=%cuda_lib_prefixes
// The same in the models' own layout (NCHW im2col products, NCHW depthwise
// and pooling) instead of the default NHWC:
// RUN: strata-compile %t.mlir --layout=nchw -o %t.nchw.smod
// RUN: strata-run %t.nchw.smod --function=entry | FileCheck %s
// The tile pass on the named ops (no im2col), for an AVX-512 CPU whatever
// the host:
// RUN: strata-opt %s --convert-graph-to-kernel --kernel-select-schedule=cpu=skylake-avx512 --strata-cpu-tile-and-vectorize 2>&1 | FileCheck %s --check-prefix=IR

// IR-LABEL: func.func @conv3x3
// IR-NOT: linalg.conv_2d
// IR: vector.contract
func.func @conv3x3(%a0: tensor<1x16x14x14xf32>, %a1: tensor<32x16x3x3xf32>, %a2: tensor<32xf32>) -> tensor<1x32x14x14xf32> {
  %0 = graph.conv2d %a0, %a1, %a2 {pads = array<i64: 1, 1, 1, 1>} : tensor<1x16x14x14xf32>, tensor<32x16x3x3xf32>, tensor<32xf32> -> tensor<1x32x14x14xf32>
  return %0 : tensor<1x32x14x14xf32>
}

// IR-LABEL: func.func @conv_strided_dilated
// IR-NOT: linalg.conv_2d
// IR: vector.contract
func.func @conv_strided_dilated(%a0: tensor<2x8x20x31xf32>, %a1: tensor<24x8x3x3xf32>) -> tensor<2x24x9x14xf32> {
  %0 = graph.conv2d %a0, %a1 {strides = array<i64: 2, 2>, dilations = array<i64: 2, 2>, pads = array<i64: 1, 1, 1, 0>} : tensor<2x8x20x31xf32>, tensor<24x8x3x3xf32> -> tensor<2x24x9x14xf32>
  return %0 : tensor<2x24x9x14xf32>
}

// IR-LABEL: func.func @conv1x1_s2
// IR-NOT: linalg.conv_2d
// IR: vector.contract
func.func @conv1x1_s2(%a0: tensor<1x32x14x14xf32>, %a1: tensor<48x32x1x1xf32>) -> tensor<1x48x7x7xf32> {
  %0 = graph.conv2d %a0, %a1 {strides = array<i64: 2, 2>} : tensor<1x32x14x14xf32>, tensor<48x32x1x1xf32> -> tensor<1x48x7x7xf32>
  return %0 : tensor<1x48x7x7xf32>
}

// IR-LABEL: func.func @stem7x7
// IR-NOT: linalg.conv_2d
// IR: vector.contract
func.func @stem7x7(%a0: tensor<1x3x32x32xf32>, %a1: tensor<16x3x7x7xf32>, %a2: tensor<16xf32>) -> tensor<1x16x16x16xf32> {
  %0 = graph.conv2d %a0, %a1, %a2 {strides = array<i64: 2, 2>, pads = array<i64: 3, 3, 3, 3>} : tensor<1x3x32x32xf32>, tensor<16x3x7x7xf32>, tensor<16xf32> -> tensor<1x16x16x16xf32>
  return %0 : tensor<1x16x16x16xf32>
}

// Depthwise in NHWC: every tile (12 output columns of 32 channels) becomes
// one elementwise generic over its 3x3 windows, vectorized along the
// channels, each tap a [32] filter row broadcast over the columns.
// IR-LABEL: func.func @depthwise_nhwc
// IR-NOT: linalg.depthwise_conv_2d
// IR-COUNT-9: math.fma {{.*}} : vector<1x1x12x32xf32>
func.func @depthwise_nhwc(%a0: tensor<1x12x12x32xf32>, %a1: tensor<32x3x3x1xf32>, %a2: tensor<32xf32>) -> tensor<1x12x12x32xf32> {
  %0 = graph.conv2d %a0, %a1, %a2 {groups = 32 : i64, layout = #graph.layout<nhwc>, pads = array<i64: 1, 1, 1, 1>} : tensor<1x12x12x32xf32>, tensor<32x3x3x1xf32>, tensor<32xf32> -> tensor<1x12x12x32xf32>
  return %0 : tensor<1x12x12x32xf32>
}

// Depthwise in NCHW: every tile becomes one elementwise generic over its
// 3x3 strided windows (fused multiply-adds), vectorized along OW; each
// stride-2 row is one contiguous 11-wide read and a shuffle of its even
// lanes.
// IR-LABEL: func.func @depthwise_nchw_s2
// IR-NOT: linalg.depthwise_conv_2d
// IR: vector.transfer_read {{.*}} : tensor<1x4x3x13xf32>, vector<11xf32>
// IR-NEXT: vector.shuffle %{{.*}}, %{{.*}} [0, 2, 4, 6, 8, 10] : vector<11xf32>, vector<11xf32>
// IR-COUNT-9: math.fma {{.*}} : vector<1x4x1x6xf32>
func.func @depthwise_nchw_s2(%a0: tensor<1x32x13x13xf32>, %a1: tensor<32x1x3x3xf32>) -> tensor<1x32x6x6xf32> {
  %0 = graph.conv2d %a0, %a1 {groups = 32 : i64, strides = array<i64: 2, 2>} : tensor<1x32x13x13xf32>, tensor<32x1x3x3xf32> -> tensor<1x32x6x6xf32>
  return %0 : tensor<1x32x6x6xf32>
}

func.func @grouped(%a0: tensor<1x16x10x10xf32>, %a1: tensor<32x4x3x3xf32>) -> tensor<1x32x8x8xf32> {
  %0 = graph.conv2d %a0, %a1 {groups = 4 : i64} : tensor<1x16x10x10xf32>, tensor<32x4x3x3xf32> -> tensor<1x32x8x8xf32>
  return %0 : tensor<1x32x8x8xf32>
}

func.func @conv_nhwc(%a0: tensor<1x10x10x16xf32>, %a1: tensor<32x3x3x16xf32>) -> tensor<1x8x8x32xf32> {
  %0 = graph.conv2d %a0, %a1 {layout = #graph.layout<nhwc>} : tensor<1x10x10x16xf32>, tensor<32x3x3x16xf32> -> tensor<1x8x8x32xf32>
  return %0 : tensor<1x8x8x32xf32>
}

// Max pooling takes each tap's max as vmaxps does (an ogt compare and a
// select) and checks the taps for NaN a pair at a time (e2e/max-pool-nan.mlir).
// IR-LABEL: func.func @max_pool_nchw
// IR-NOT: linalg.pooling_nchw_max
// IR: arith.cmpf ogt, {{.*}} : vector<
// IR: arith.cmpf uno, {{.*}} : vector<
// IR-NOT: arith.maximumf
// IR-LABEL: func.func @avg_pool_nhwc
func.func @max_pool_nchw(%a0: tensor<1x32x15x15xf32>) -> tensor<1x32x8x8xf32> {
  %0 = graph.max_pool2d %a0 {kernel_shape = array<i64: 3, 3>, strides = array<i64: 2, 2>, pads = array<i64: 1, 1, 1, 1>} : tensor<1x32x15x15xf32> -> tensor<1x32x8x8xf32>
  return %0 : tensor<1x32x8x8xf32>
}

// IR-NOT: linalg.pooling_nhwc_sum
// IR: arith.addf {{.*}} : vector<
func.func @avg_pool_nhwc(%a0: tensor<1x14x14x32xf32>) -> tensor<1x7x7x32xf32> {
  %0 = graph.avg_pool2d %a0 {kernel_shape = array<i64: 2, 2>, strides = array<i64: 2, 2>, layout = #graph.layout<nhwc>} : tensor<1x14x14x32xf32> -> tensor<1x7x7x32xf32>
  return %0 : tensor<1x7x7x32xf32>
}

// Depthwise in NHWC with its bias and a relu6: split by output region
// (SplitPaddedWindows.cpp) with the bias and the clip, each region's chain
// fused into its register tiles (FuseEpilogues.cpp): the bias is the first
// value of the sums and the clip applies before the only store.
// IR-LABEL: func.func @depthwise_nhwc_relu6
// IR-NOT: linalg.depthwise_conv_2d
// IR: %[[BIAS:.*]] = vector.broadcast {{.*}} : vector<48xf32> to vector<1x1x[[W:[0-9]+]]x48xf32>
// IR: %[[SUM:.*]] = math.fma {{.*}}, %[[BIAS]] : vector<1x1x[[W]]x48xf32>
// IR-COUNT-8: math.fma {{.*}} : vector<1x1x[[W]]x48xf32>
// IR-NOT: vector.transfer_write
// IR: arith.maximumf {{.*}} : vector<1x1x[[W]]x48xf32>
// IR-NEXT: arith.minimumf {{.*}} : vector<1x1x[[W]]x48xf32>
// IR-LABEL: func.func @depthwise_nhwc_s2_residual
func.func @depthwise_nhwc_relu6(%a0: tensor<1x13x11x48xf32>, %a1: tensor<48x3x3x1xf32>, %a2: tensor<48xf32>) -> tensor<1x13x11x48xf32> {
  %0 = graph.conv2d %a0, %a1, %a2 {groups = 48 : i64, layout = #graph.layout<nhwc>, pads = array<i64: 1, 1, 1, 1>} : tensor<1x13x11x48xf32>, tensor<48x3x3x1xf32>, tensor<48xf32> -> tensor<1x13x11x48xf32>
  %1 = graph.clip %0 {min = 0.0, max = 6.0} : tensor<1x13x11x48xf32> -> tensor<1x13x11x48xf32>
  return %1 : tensor<1x13x11x48xf32>
}

// A stride-2 depthwise convolution whose epilogue adds a residual (an
// operand of the epilogue only) and applies a relu.
func.func @depthwise_nhwc_s2_residual(%a0: tensor<1x14x14x32xf32>, %a1: tensor<32x3x3x1xf32>, %a2: tensor<32xf32>, %a3: tensor<1x7x7x32xf32>) -> tensor<1x7x7x32xf32> {
  %0 = graph.conv2d %a0, %a1, %a2 {groups = 32 : i64, layout = #graph.layout<nhwc>, strides = array<i64: 2, 2>, pads = array<i64: 1, 1, 1, 1>} : tensor<1x14x14x32xf32>, tensor<32x3x3x1xf32>, tensor<32xf32> -> tensor<1x7x7x32xf32>
  %1 = graph.add %0, %a3 : tensor<1x7x7x32xf32>, tensor<1x7x7x32xf32> -> tensor<1x7x7x32xf32>
  %2 = graph.relu %1 : tensor<1x7x7x32xf32> -> tensor<1x7x7x32xf32>
  return %2 : tensor<1x7x7x32xf32>
}

// A padded max pooling followed by a relu: the pooling's -inf fill joins
// the regions' chains too.
func.func @max_pool_nhwc_relu(%a0: tensor<1x15x15x16xf32>) -> tensor<1x8x8x16xf32> {
  %0 = graph.max_pool2d %a0 {kernel_shape = array<i64: 3, 3>, strides = array<i64: 2, 2>, pads = array<i64: 1, 1, 1, 1>, layout = #graph.layout<nhwc>} : tensor<1x15x15x16xf32> -> tensor<1x8x8x16xf32>
  %1 = graph.relu %0 : tensor<1x8x8x16xf32> -> tensor<1x8x8x16xf32>
  return %1 : tensor<1x8x8x16xf32>
}

// Windows larger than 3x3 (EfficientNet's 5x5): the tiles loop over the
// window rows, each row's taps unrolled.
// IR-LABEL: func.func @depthwise_nhwc_5x5
// IR: scf.for {{.*}} = %c0 to %c5 step %c1 iter_args({{.*}}) -> ({{.*}}, vector<1x[[W5:[0-9]+]]x40xf32>)
// IR-COUNT-5: vector.fma {{.*}} : vector<1x[[W5]]x40xf32>
// IR-NOT: vector.fma
// IR: scf.yield
// IR-LABEL: func.func @depthwise_nchw_5x5_s2
func.func @depthwise_nhwc_5x5(%a0: tensor<1x17x15x40xf32>, %a1: tensor<40x5x5x1xf32>, %a2: tensor<40xf32>) -> tensor<1x17x15x40xf32> {
  %0 = graph.conv2d %a0, %a1, %a2 {groups = 40 : i64, layout = #graph.layout<nhwc>, pads = array<i64: 2, 2, 2, 2>} : tensor<1x17x15x40xf32>, tensor<40x5x5x1xf32>, tensor<40xf32> -> tensor<1x17x15x40xf32>
  %1 = graph.relu %0 : tensor<1x17x15x40xf32> -> tensor<1x17x15x40xf32>
  return %1 : tensor<1x17x15x40xf32>
}

func.func @depthwise_nchw_5x5_s2(%a0: tensor<1x24x21x19xf32>, %a1: tensor<24x1x5x5xf32>) -> tensor<1x24x11x10xf32> {
  %0 = graph.conv2d %a0, %a1 {groups = 24 : i64, strides = array<i64: 2, 2>, pads = array<i64: 2, 2, 2, 2>} : tensor<1x24x21x19xf32>, tensor<24x1x5x5xf32> -> tensor<1x24x11x10xf32>
  return %0 : tensor<1x24x11x10xf32>
}

// A 7x7 average pooling with padding.
func.func @avg_pool_7x7(%a0: tensor<1x13x13x16xf32>) -> tensor<1x13x13x16xf32> {
  %0 = graph.avg_pool2d %a0 {kernel_shape = array<i64: 7, 7>, pads = array<i64: 3, 3, 3, 3>, layout = #graph.layout<nhwc>} : tensor<1x13x13x16xf32> -> tensor<1x13x13x16xf32>
  return %0 : tensor<1x13x13x16xf32>
}

// CHECK-COUNT-16: {{^}}[1.]
// CHECK-NOT: {{^}}[0.]
// CUDA-LIB: kernel library (cuda): {{[0-9]+}} kernels for sm_90
// CUDA-LIB-NOT: PTX 0 bytes
// CUDA-CUBIN-NOT: cubin none
