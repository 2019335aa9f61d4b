// int8 convolutions: ui8 (or i8) images times i8 filters into exact i32
// sums. kernel-rewrite-convolutions copies the windows of a convolution of
// one group into a [N*OH*OW, K] matrix of bytes (K rounded up to a multiple
// of 4 with zero filter rows) times the [K, F] filter; with AVX512-VNNI a
// constant filter and F a multiple of 32, 16 or 8 take the dot-product layout
// (kernel-pack-weights' int8-dot-products) and vpdpbusd. Grouped
// convolutions (depthwise) and CPUs without VNNI widen each byte. Each
// result is compared with the reference evaluator by the @entry of
// test-graph-build-e2e: for the host (one and two threads), a VNNI CPU
// (cascadelake) and one without VNNI (skylake-avx512), where they run.
// Filters are products of small constants, which wrap in i8.
// RUN: strata-opt %s --test-graph-build-e2e=return-checks -o %t.mlir
// RUN: strata-compile %t.mlir -o %t.smod
// RUN: strata-run %t.smod --function=entry | FileCheck %s
// RUN: strata-run %t.smod --function=entry --threads=2 | FileCheck %s
// RUN: strata-compile %t.mlir --cpu=cascadelake -o %t.vnni.smod
// RUN: %if host-avx512vnni %{ strata-run %t.vnni.smod --function=entry | FileCheck %s %}
// RUN: strata-compile %t.mlir --cpu=skylake-avx512 -o %t.avx512.smod
// RUN: %if host-avx512 %{ strata-run %t.avx512.smod --function=entry | FileCheck %s %}
// RUN: strata-compile %s --compile-to=kernel --cpu=cascadelake | FileCheck %s --check-prefix=VNNI
// RUN: strata-compile %s --compile-to=kernel --cpu=skylake-avx512 | FileCheck %s --check-prefix=NO-VNNI
// RUN: strata-compile %s --compile-to=llvm --cpu=cascadelake | FileCheck %s --check-prefix=LLVM
// RUN: strata-compile %s --compile-to=llvm --cpu=cascadelake | FileCheck %s --check-prefix=DEPTHWISE
// CHECK-COUNT-15: {{^}}[1.]
// CHECK-NOT: {{^}}[0.]

// The windows' matrix in groups of four bytes, [OH*OW, K/4, 4], times the
// filter in panels [F/32, K/4, 32, 4].
// VNNI-LABEL: func.func @conv3x3
// VNNI: kernel.launch @{{.*}}(%{{.*}}) : (tensor<100x36x4xi8>) -> tensor<100x1x32xi32>
// VNNI-LABEL: func.func @pointwise
// VNNI: kernel.launch @{{.*}}(%{{.*}}) : (tensor<49x16x4xi8>) -> tensor<49x2x32xi32>
// VNNI-LABEL: func.func @pointwise_panels_of_16
// VNNI: kernel.launch @{{.*}}(%{{.*}}) : (tensor<49x6x4xi8>) -> tensor<49x3x16xi32>
// VNNI-LABEL: func.func @pointwise_panels_of_8
// VNNI: kernel.launch @{{.*}}(%{{.*}}) : (tensor<49x4x4xi8>) -> tensor<49x3x8xi32>
// VNNI-LABEL: func.func @strided
// VNNI: kernel.launch @{{.*}}(%{{.*}}) : (tensor<25x18x4xi8>) -> tensor<25x1x32xi32>
// Three channels, dilated rows, no bytes past the last window: K = 27
// rounded up to 28 with a column of zeros; F = 16 is one panel of 16 lanes.
// VNNI-LABEL: func.func @rgb
// VNNI: kernel.launch @{{.*}}(%{{.*}}) : (tensor{{.*}}) -> tensor<9x11x3x9xi8>
// VNNI: tensor.pad %{{.*}} low[0, 0] high[0, 1]
// VNNI: kernel.launch @{{.*}}(%{{.*}}) : (tensor<99x7x4xi8>) -> tensor<99x1x16xi32>
// An RGB stem: runs of 3x3 = 9 bytes read as 12 (the padded image has
// them), K = 3 * 12 = 36.
// VNNI-LABEL: func.func @stem
// VNNI: kernel.launch @{{.*}}(%{{.*}}) : (tensor{{.*}}) -> tensor<6x6x3x12xi8>
// VNNI: kernel.launch @{{.*}}(%{{.*}}) : (tensor<36x9x4xi8>) -> tensor<36x1x32xi32>
// The batch in the product's rows.
// VNNI-LABEL: func.func @batch2
// VNNI: kernel.launch @{{.*}}(%{{.*}}) : (tensor<72x18x4xi8>) -> tensor<72x1x32xi32>
// NO-VNNI-LABEL: func.func @conv3x3
// NO-VNNI: kernel.launch @{{.*}}(%{{.*}}) : (tensor<100x144xi8>) -> tensor<100x32xi32>
// LLVM: llvm.call_intrinsic "llvm.x86.avx512.vpdpbusd.512"
// LLVM: llvm.call_intrinsic "llvm.x86.avx512.vpdpbusd.256"
// The signed depthwise convolutions multiply whole vectors of i32 lanes;
// NHWC ones in rows of 16 lanes add each tap with one vpdpwssd.
// DEPTHWISE: llvm.func internal @depthwise_signed_dispatch
// DEPTHWISE: llvm.mul %{{.*}}, %{{.*}} : vector<{{[0-9]+}}xi32>
// DEPTHWISE: llvm.func internal @depthwise_nhwc_dispatch
// DEPTHWISE: llvm.call_intrinsic "llvm.x86.avx512.vpdpwssd.512"

// 3x3, padded: K = 144 and F = 32, the dot-product layout.
func.func @conv3x3(%x: tensor<1x16x10x10xui8>) -> tensor<1x32x10x10xi32> {
  %wv = graph.constant dense<[37, -51, 74, -104, -91, -80, 59, -99, -19, -109, -84, 94, 86, -93, -5, -82, 89, -98, -65, -14, -97, 75, -103, -15, -105, -60, 20, 86, -55, -68, 29, -36]> : tensor<32xi8>
  %wa = graph.unsqueeze %wv {axes = array<i64: 1, 2, 3>} : tensor<32xi8> -> tensor<32x1x1x1xi8>
  %wb = graph.constant dense<[[[[-76, -32, 62], [-79, -96, -98], [-23, 126, 90]], [[32, 110, 104], [57, 25, -1], [-36, -4, -87]], [[25, 125, 47], [101, 19, -91], [-68, 86, -44]], [[47, -51, 122], [87, -108, -89], [32, 46, 51]], [[126, 105, -93], [-81, 10, 114], [-95, -97, 30]], [[100, 17, 69], [49, -117, 108], [53, -42, -69]], [[124, -98, -17], [19, -62, -2], [75, 72, 126]], [[-87, -43, 101], [77, 14, -58], [92, 14, 84]], [[55, 66, -10], [-51, -86, -38], [-51, -10, -9]], [[-122, 120, -35], [6, 16, -126], [-54, 86, 61]], [[35, -64, -101], [105, 72, 75], [76, 73, -75]], [[118, 77, -97], [-31, -94, -22], [97, -45, -72]], [[46, -102, -76], [-128, -51, -77], [58, -115, -92]], [[-22, 64, -52], [1, 49, 58], [114, -66, -69]], [[121, 110, 117], [119, 31, -85], [-55, -76, 47]], [[7, 117, -46], [-117, -23, 57], [-53, -115, 24]]]]> : tensor<1x16x3x3xi8>
  %w = graph.mul %wa, %wb : tensor<32x1x1x1xi8>, tensor<1x16x3x3xi8> -> tensor<32x16x3x3xi8>
  %0 = graph.conv2d %x, %w {pads = array<i64: 1, 1, 1, 1>} : tensor<1x16x10x10xui8>, tensor<32x16x3x3xi8> -> tensor<1x32x10x10xi32>
  return %0 : tensor<1x32x10x10xi32>
}

// 1x1 (the input is the matrix): K = 64, F = 64.
func.func @pointwise(%x: tensor<1x64x7x7xui8>) -> tensor<1x64x7x7xi32> {
  %wv = graph.constant dense<[-82, 5, 59, -43, 54, -14, 40, -14, -29, -6, 77, -12, -26, 124, 54, -114, -114, 15, 113, 4, -29, 48, 100, 50, 58, -87, -16, -76, -12, 112, -28, 44, -24, 119, -128, 117, 48, -85, -67, 70, -26, 116, -37, 94, 42, -84, 74, 109, 77, -85, -47, -41, -63, -114, -51, 110, -54, 114, 51, -49, -61, -118, -121, -76]> : tensor<64xi8>
  %wa = graph.unsqueeze %wv {axes = array<i64: 1, 2, 3>} : tensor<64xi8> -> tensor<64x1x1x1xi8>
  %wb = graph.constant dense<[[[[-57]], [[94]], [[-29]], [[-20]], [[-114]], [[0]], [[-20]], [[21]], [[-5]], [[38]], [[4]], [[86]], [[-61]], [[-97]], [[53]], [[106]], [[87]], [[-62]], [[-51]], [[-119]], [[97]], [[-35]], [[-126]], [[-52]], [[-40]], [[-56]], [[114]], [[-67]], [[-97]], [[38]], [[119]], [[-74]], [[-99]], [[-1]], [[-31]], [[13]], [[-107]], [[-78]], [[103]], [[-114]], [[-96]], [[98]], [[38]], [[-26]], [[13]], [[103]], [[116]], [[-2]], [[4]], [[-25]], [[101]], [[-58]], [[85]], [[-66]], [[72]], [[98]], [[33]], [[-91]], [[-5]], [[91]], [[-91]], [[-20]], [[27]], [[-66]]]]> : tensor<1x64x1x1xi8>
  %w = graph.mul %wa, %wb : tensor<64x1x1x1xi8>, tensor<1x64x1x1xi8> -> tensor<64x64x1x1xi8>
  %0 = graph.conv2d %x, %w {} : tensor<1x64x7x7xui8>, tensor<64x64x1x1xi8> -> tensor<1x64x7x7xi32>
  return %0 : tensor<1x64x7x7xi32>
}

// 1x1 to F = 48 and F = 24 (MobileNetV2's 144 and 24 channels): panels of
// 16 and of 8 lanes, one 512-bit or 256-bit vpdpbusd each.
func.func @pointwise_panels_of_16(%x: tensor<1x24x7x7xui8>) -> tensor<1x48x7x7xi32> {
  %wv = graph.constant dense<[68, -35, -17, -43, -29, -42, -82, -51, 17, -122, 97, 111, -69, -114, -42, 123, 99, 27, 127, -85, 2, -48, 39, 28, -90, 59, -111, -19, 33, 45, -93, 31, -79, -3, -50, 122, 17, 8, 12, -27, -81, 125, -50, -55, 38, 117, -27, -61]> : tensor<48xi8>
  %wa = graph.unsqueeze %wv {axes = array<i64: 1, 2, 3>} : tensor<48xi8> -> tensor<48x1x1x1xi8>
  %wb = graph.constant dense<[[[[115]], [[4]], [[-13]], [[-4]], [[-85]], [[-59]], [[5]], [[32]], [[-11]], [[72]], [[-23]], [[28]], [[78]], [[-94]], [[112]], [[57]], [[38]], [[0]], [[-34]], [[94]], [[46]], [[-1]], [[62]], [[-111]]]]> : tensor<1x24x1x1xi8>
  %w = graph.mul %wa, %wb : tensor<48x1x1x1xi8>, tensor<1x24x1x1xi8> -> tensor<48x24x1x1xi8>
  %0 = graph.conv2d %x, %w {} : tensor<1x24x7x7xui8>, tensor<48x24x1x1xi8> -> tensor<1x48x7x7xi32>
  return %0 : tensor<1x48x7x7xi32>
}

func.func @pointwise_panels_of_8(%x: tensor<1x16x7x7xui8>) -> tensor<1x24x7x7xi32> {
  %wv = graph.constant dense<[-99, 102, 32, 96, 101, -83, -109, -87, 39, 81, 64, 126, 81, 74, -15, 16, 27, 62, 22, -54, 44, -96, -120, 6]> : tensor<24xi8>
  %wa = graph.unsqueeze %wv {axes = array<i64: 1, 2, 3>} : tensor<24xi8> -> tensor<24x1x1x1xi8>
  %wb = graph.constant dense<[[[[-121]], [[86]], [[76]], [[73]], [[21]], [[8]], [[102]], [[67]], [[62]], [[35]], [[-124]], [[75]], [[-119]], [[118]], [[108]], [[-94]]]]> : tensor<1x16x1x1xi8>
  %w = graph.mul %wa, %wb : tensor<24x1x1x1xi8>, tensor<1x16x1x1xi8> -> tensor<24x16x1x1xi8>
  %0 = graph.conv2d %x, %w {} : tensor<1x16x7x7xui8>, tensor<24x16x1x1xi8> -> tensor<1x24x7x7xi32>
  return %0 : tensor<1x24x7x7xi32>
}

// 3x3, stride 2, padded: K = 72.
func.func @strided(%x: tensor<1x8x9x9xui8>) -> tensor<1x32x5x5xi32> {
  %wv = graph.constant dense<[-49, 59, -55, 1, -58, 111, -16, -80, 75, 121, -45, -14, -46, 92, 78, 45, 87, -28, 54, 35, -81, 59, -119, 45, 106, 97, -119, 68, 41, 23, -96, -71]> : tensor<32xi8>
  %wa = graph.unsqueeze %wv {axes = array<i64: 1, 2, 3>} : tensor<32xi8> -> tensor<32x1x1x1xi8>
  %wb = graph.constant dense<[[[[-11, -75, -85], [7, 11, -108], [-36, 10, -62]], [[88, 4, 79], [-52, 125, 39], [-83, 14, -99]], [[-35, 89, -91], [9, -120, -83], [5, -86, -15]], [[-94, 7, -66], [104, -123, 45], [85, 9, -62]], [[-106, -6, -72], [-46, 6, -103], [-36, -25, 31]], [[28, -23, 20], [100, -37, 10], [49, -119, 0]], [[-110, -121, -119], [-31, 115, -3], [100, -74, 93]], [[125, 73, 29], [-18, -11, 47], [-27, -57, 79]]]]> : tensor<1x8x3x3xi8>
  %w = graph.mul %wa, %wb : tensor<32x1x1x1xi8>, tensor<1x8x3x3xi8> -> tensor<32x8x3x3xi8>
  %0 = graph.conv2d %x, %w {pads = array<i64: 1, 1, 1, 1>, strides = array<i64: 2, 2>} : tensor<1x8x9x9xui8>, tensor<32x8x3x3xi8> -> tensor<1x32x5x5xi32>
  return %0 : tensor<1x32x5x5xi32>
}

// Three channels (K = 27: no whole groups of four), F = 16.
func.func @rgb(%x: tensor<1x3x12x12xui8>) -> tensor<1x16x9x11xi32> {
  %wv = graph.constant dense<[49, -101, -62, -121, -92, 2, 92, -45, -100, -85, 67, 16, -4, 22, -105, 107]> : tensor<16xi8>
  %wa = graph.unsqueeze %wv {axes = array<i64: 1, 2, 3>} : tensor<16xi8> -> tensor<16x1x1x1xi8>
  %wb = graph.constant dense<[[[[-34, -48, 9], [100, -127, 6], [58, 40, 37]], [[-3, -111, 30], [-17, 54, -35], [-128, 43, 67]], [[-86, 115, 14], [-26, -1, -126], [-82, 7, -83]]]]> : tensor<1x3x3x3xi8>
  %w = graph.mul %wa, %wb : tensor<16x1x1x1xi8>, tensor<1x3x3x3xi8> -> tensor<16x3x3x3xi8>
  %0 = graph.conv2d %x, %w {pads = array<i64: 0, 0, 1, 1>, dilations = array<i64: 2, 1>} : tensor<1x3x12x12xui8>, tensor<16x3x3x3xi8> -> tensor<1x16x9x11xi32>
  return %0 : tensor<1x16x9x11xi32>
}

// An RGB stem: 3x3, stride 2, F = 32.
func.func @stem(%x: tensor<1x3x12x12xui8>) -> tensor<1x32x6x6xi32> {
  %wv = graph.constant dense<[-55, 76, -107, 73, -117, 25, 27, -9, -85, -49, 71, 38, 125, -52, 17, -54, -106, 91, -57, -120, -11, -85, -113, -107, -60, 56, -75, 64, 103, -103, -119, -3]> : tensor<32xi8>
  %wa = graph.unsqueeze %wv {axes = array<i64: 1, 2, 3>} : tensor<32xi8> -> tensor<32x1x1x1xi8>
  %wb = graph.constant dense<[[[[122, 7, -127], [105, -93, -81], [-95, 114, 1]], [[-90, 7, -8], [-23, -10, 107], [124, 67, -89]], [[117, 19, -105], [-27, -89, -53], [41, 2, 27]]]]> : tensor<1x3x3x3xi8>
  %w = graph.mul %wa, %wb : tensor<32x1x1x1xi8>, tensor<1x3x3x3xi8> -> tensor<32x3x3x3xi8>
  %0 = graph.conv2d %x, %w {pads = array<i64: 1, 1, 1, 1>, strides = array<i64: 2, 2>} : tensor<1x3x12x12xui8>, tensor<32x3x3x3xi8> -> tensor<1x32x6x6xi32>
  return %0 : tensor<1x32x6x6xi32>
}

// Depthwise (a grouped convolution, zero-extended input).
func.func @depthwise(%x: tensor<1x16x8x8xui8>) -> tensor<1x16x8x8xi32> {
  %wv = graph.constant dense<[-60, -122, 118, -97, 120, 9, -78, -17, 122, 20, 18, 109, 110, 110, -68, -26]> : tensor<16xi8>
  %wa = graph.unsqueeze %wv {axes = array<i64: 1, 2, 3>} : tensor<16xi8> -> tensor<16x1x1x1xi8>
  %wb = graph.constant dense<[[[[31, -85, 114], [-120, 20, 106], [-89, 102, 9]]]]> : tensor<1x1x3x3xi8>
  %w = graph.mul %wa, %wb : tensor<16x1x1x1xi8>, tensor<1x1x3x3xi8> -> tensor<16x1x3x3xi8>
  %0 = graph.conv2d %x, %w {groups = 16 : i64, pads = array<i64: 1, 1, 1, 1>} : tensor<1x16x8x8xui8>, tensor<16x1x3x3xi8> -> tensor<1x16x8x8xi32>
  return %0 : tensor<1x16x8x8xi32>
}

// Signed bytes in (both operands sign-extended).
func.func @signed_input(%x: tensor<1x8x6x6xi8>) -> tensor<1x32x4x4xi32> {
  %wv = graph.constant dense<[70, -21, -21, -90, -82, -56, 6, 56, -61, 15, -71, 58, -10, 126, 120, 73, -116, -47, -127, 123, 102, 79, 26, -56, 85, 48, 64, 33, -67, 41, -128, 38]> : tensor<32xi8>
  %wa = graph.unsqueeze %wv {axes = array<i64: 1, 2, 3>} : tensor<32xi8> -> tensor<32x1x1x1xi8>
  %wb = graph.constant dense<[[[[45, 75, -67], [-28, -122, 20], [1, 62, -95]], [[73, 71, -89], [56, 91, 12], [-104, 15, -76]], [[-102, 18, -52], [-1, 8, 95], [33, -31, 63]], [[91, -114, 76], [-24, -87, -103], [82, 102, -58]], [[18, 120, -103], [-63, -41, 113], [84, 47, 16]], [[24, 2, 5], [79, -6, 26], [119, 73, -67]], [[-43, -46, -90], [-22, 126, -16], [103, 42, 102]], [[90, -57, -30], [-4, -82, -39], [47, -82, 35]]]]> : tensor<1x8x3x3xi8>
  %w = graph.mul %wa, %wb : tensor<32x1x1x1xi8>, tensor<1x8x3x3xi8> -> tensor<32x8x3x3xi8>
  %0 = graph.conv2d %x, %w {} : tensor<1x8x6x6xi8>, tensor<32x8x3x3xi8> -> tensor<1x32x4x4xi32>
  return %0 : tensor<1x32x4x4xi32>
}

// A batch of two images.
func.func @batch2(%x: tensor<2x8x6x6xui8>) -> tensor<2x32x6x6xi32> {
  %wv = graph.constant dense<[-6, 60, 4, -25, -118, 83, 68, 83, -21, 64, 10, 45, -97, 127, 14, 56, -64, -18, -81, 10, -1, 68, 76, 100, 93, 31, -117, -63, -112, 89, 114, 122]> : tensor<32xi8>
  %wa = graph.unsqueeze %wv {axes = array<i64: 1, 2, 3>} : tensor<32xi8> -> tensor<32x1x1x1xi8>
  %wb = graph.constant dense<[[[[-128, -91, 72], [111, 101, -1], [-73, -14, -49]], [[-51, -73, 106], [-85, -108, -128], [-64, -9, -109]], [[27, -63, 0], [95, -71, -78], [-92, 25, -30]], [[70, 5, -14], [-128, -123, 26], [107, 14, 33]], [[-4, 115, -8], [-2, -114, 82], [29, -100, -117]], [[-29, 127, 87], [-87, 3, -12], [89, 61, -12]], [[124, -111, 45], [87, 57, 74], [-27, -125, 21]], [[-94, -23, 125], [-26, 31, -29], [-10, 110, -15]]]]> : tensor<1x8x3x3xi8>
  %w = graph.mul %wa, %wb : tensor<32x1x1x1xi8>, tensor<1x8x3x3xi8> -> tensor<32x8x3x3xi8>
  %0 = graph.conv2d %x, %w {pads = array<i64: 1, 1, 1, 1>} : tensor<2x8x6x6xui8>, tensor<32x8x3x3xi8> -> tensor<2x32x6x6xi32>
  return %0 : tensor<2x32x6x6xi32>
}

// Both operands computed.
func.func @computed(%x: tensor<1x4x6x6xui8>, %w: tensor<8x4x3x3xui8>) -> tensor<1x8x4x4xi32> {
  %0 = graph.conv2d %x, %w : tensor<1x4x6x6xui8>, tensor<8x4x3x3xui8> -> tensor<1x8x4x4xi32>
  return %0 : tensor<1x8x4x4xi32>
}

// Depthwise of signed bytes (graph-fold-quantized-products' form: the
// named depthwise op, vectorized window by window in i32 lanes), padded,
// then strided.
func.func @depthwise_signed(%x: tensor<1x32x9x9xi8>) -> tensor<1x32x9x9xi32> {
  %wv = graph.constant dense<[ -94,  -96,   76,   -1,   23,   25,   54, -121,   -4,  -91,  -26,  109,   12, -110,   10,  -95,   65,  114,  122,   31,   94,  -34,  -91,    2,  -15,   41,  126,  -58,   91,  -93,  -39,   73]> : tensor<32xi8>
  %wa = graph.unsqueeze %wv {axes = array<i64: 1, 2, 3>} : tensor<32xi8> -> tensor<32x1x1x1xi8>
  %wb = graph.constant dense<[[[[-65,  43, -11],
   [  3, 112,  81],
   [ 86,  12, 123]]]]> : tensor<1x1x3x3xi8>
  %w = graph.mul %wa, %wb : tensor<32x1x1x1xi8>, tensor<1x1x3x3xi8> -> tensor<32x1x3x3xi8>
  %0 = graph.conv2d %x, %w {groups = 32 : i64, pads = array<i64: 1, 1, 1, 1>} : tensor<1x32x9x9xi8>, tensor<32x1x3x3xi8> -> tensor<1x32x9x9xi32>
  return %0 : tensor<1x32x9x9xi32>
}

func.func @depthwise_strided(%x: tensor<1x32x9x9xi8>) -> tensor<1x32x4x4xi32> {
  %wv = graph.constant dense<[ -94,  -96,   76,   -1,   23,   25,   54, -121,   -4,  -91,  -26,  109,   12, -110,   10,  -95,   65,  114,  122,   31,   94,  -34,  -91,    2,  -15,   41,  126,  -58,   91,  -93,  -39,   73]> : tensor<32xi8>
  %wa = graph.unsqueeze %wv {axes = array<i64: 1, 2, 3>} : tensor<32xi8> -> tensor<32x1x1x1xi8>
  %wb = graph.constant dense<[[[[-65,  43, -11],
   [  3, 112,  81],
   [ 86,  12, 123]]]]> : tensor<1x1x3x3xi8>
  %w = graph.mul %wa, %wb : tensor<32x1x1x1xi8>, tensor<1x1x3x3xi8> -> tensor<32x1x3x3xi8>
  %0 = graph.conv2d %x, %w {groups = 32 : i64, strides = array<i64: 2, 2>} : tensor<1x32x9x9xi8>, tensor<32x1x3x3xi8> -> tensor<1x32x4x4xi32>
  return %0 : tensor<1x32x4x4xi32>
}

// An NHWC depthwise convolution on its own (the transposes around it
// cancel with the layout's): 48 channels, rows of 16 lanes per vpdpwssd,
// unsigned and signed inputs.
func.func @depthwise_nhwc(%x: tensor<1x9x9x48xi8>, %u: tensor<1x9x9x48xui8>) -> (tensor<1x9x9x48xi32>, tensor<1x7x7x48xi32>) {
  %wv = graph.constant dense<[33, -61, 26, -30, 95, -44, -49, -73, 124, -16, -17, -49, 113, -17, -114, -91, 88, -96, -61, 127, -45, -63, -100, 21, 45, 44, -80, -6, 11, 7, -121, 16, -58, 52, 95, -39, -26, 77, 13, -115, 59, -79, 19, 21, 126, -69, -70, -13]> : tensor<48xi8>
  %wa = graph.unsqueeze %wv {axes = array<i64: 1, 2, 3>} : tensor<48xi8> -> tensor<48x1x1x1xi8>
  %wb = graph.constant dense<[[[[-53, 40, 113], [35, 92, -72], [-123, 60, 88]]]]> : tensor<1x1x3x3xi8>
  %w = graph.mul %wa, %wb : tensor<48x1x1x1xi8>, tensor<1x1x3x3xi8> -> tensor<48x1x3x3xi8>
  %xt = graph.transpose %x {perm = array<i64: 0, 3, 1, 2>} : tensor<1x9x9x48xi8> -> tensor<1x48x9x9xi8>
  %0 = graph.conv2d %xt, %w {groups = 48 : i64, pads = array<i64: 1, 1, 1, 1>} : tensor<1x48x9x9xi8>, tensor<48x1x3x3xi8> -> tensor<1x48x9x9xi32>
  %r = graph.transpose %0 {perm = array<i64: 0, 2, 3, 1>} : tensor<1x48x9x9xi32> -> tensor<1x9x9x48xi32>
  %ut = graph.transpose %u {perm = array<i64: 0, 3, 1, 2>} : tensor<1x9x9x48xui8> -> tensor<1x48x9x9xui8>
  %1 = graph.conv2d %ut, %w {groups = 48 : i64, strides = array<i64: 1, 1>} : tensor<1x48x9x9xui8>, tensor<48x1x3x3xi8> -> tensor<1x48x7x7xi32>
  %ur = graph.transpose %1 {perm = array<i64: 0, 2, 3, 1>} : tensor<1x48x7x7xi32> -> tensor<1x7x7x48xi32>
  return %r, %ur : tensor<1x9x9x48xi32>, tensor<1x7x7x48xi32>
}
