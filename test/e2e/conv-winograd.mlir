// NHWC 3x3 convolutions with unit strides and constant filters through
// Winograd's F(2x2, 3x3) (kernel-rewrite-convolutions; these small images get
// it by default): an input-transform kernel, 16 products, an output-transform
// kernel with the convolution's bias, activation or residual add. Each result
// is compared with the reference evaluator by the @entry of
// test-graph-build-e2e, on one and two threads, for the host and for an AVX2
// target (panels of 16 filters, vectors of 8 channels), once without
// vectorization, once without Winograd (--winograd=false), and through F(4x4,
// 3x3) (--winograd-tile=4: 36 products, transforms with weights up to 8) for
// the host, AVX2 and without vectorization. An odd output size (7x7) rounds up
// to whole 2x2 tiles (4x4: 8x8), and so do 6x6 and 8x6 with F(4x4). The filters
// are built from small constants with broadcasts (graph-fold-constants folds
// them into one dense constant): a[f] * b[c] + p[kh, kw] + q[f, kh] * r[c, kw].
// RUN: strata-opt %s --test-graph-build-e2e=return-checks -o %t.mlir
// RUN: strata-compile %t.mlir -o %t.smod
// RUN: strata-run %t.smod --function=entry | FileCheck %s
// RUN: strata-run %t.smod --function=entry --threads=2 | FileCheck %s
// RUN: strata-compile %t.mlir --cpu=haswell -o %t.avx2.smod
// RUN: %if host-avx2 %{ strata-run %t.avx2.smod --function=entry | FileCheck %s %}
// RUN: strata-compile %t.mlir --vectorize=false -o %t.0.smod
// RUN: strata-run %t.0.smod --function=entry | FileCheck %s
// RUN: strata-compile %t.mlir --winograd=false -o %t.im2col.smod
// RUN: strata-run %t.im2col.smod --function=entry | FileCheck %s
// The CUDA schedules, tiling and thread mapping, run on this CPU (the
// CUDA emulator); and PTX for sm_80 and sm_90 (cubins when ptxas is here).
// RUN: strata-compile %t.mlir --target=cuda-emulator -o %t.emu.smod
// RUN: strata-run %t.emu.smod --function=entry | FileCheck %s
// RUN: strata-compile %t.mlir --target=cuda:sm_80 -o %t.sm80.smod
// RUN: strata-compile %t.mlir --target=cuda:sm_90 -o %t.sm90.smod
// RUN: strata-dump %t.sm90.smod --section=library | FileCheck %s --check-prefixes=%cuda_lib_prefixes
// F(4x4, 3x3) rounds to 2e-5 to 5e-5 of these outputs (up to 8; F(2x2):
// 3e-6): its checks accept 2e-4 (an indexing mistake is off by O(1)).
// RUN: strata-opt %s --test-graph-build-e2e="return-checks tolerance=2e-4" -o %t.f4.mlir
// RUN: strata-compile %t.f4.mlir --winograd-tile=4 -o %t.f4.smod
// RUN: strata-run %t.f4.smod --function=entry | FileCheck %s
// RUN: strata-run %t.f4.smod --function=entry --threads=2 | FileCheck %s
// RUN: strata-compile %t.f4.mlir --winograd-tile=4 --cpu=haswell -o %t.f4.avx2.smod
// RUN: %if host-avx2 %{ strata-run %t.f4.avx2.smod --function=entry | FileCheck %s %}
// RUN: strata-compile %t.f4.mlir --winograd-tile=4 --vectorize=false -o %t.f4.0.smod
// RUN: strata-run %t.f4.0.smod --function=entry | FileCheck %s
// RUN: strata-compile %s --compile-to=kernel --cpu=skylake-avx512 --winograd-tile=4 | FileCheck %s --check-prefix=F4
// RUN: not strata-compile %s --winograd-tile=3 -o %t.bad.smod 2>&1 | FileCheck %s --check-prefix=BADTILE
// RUN: strata-compile %s --compile-to=kernel --cpu=skylake-avx512 | FileCheck %s --check-prefix=KERNELS
// RUN: strata-compile %s --compile-to=kernel --winograd=false | FileCheck %s --check-prefix=IM2COL
// CHECK-COUNT-4: {{^}}[1.]
// CHECK-NOT: {{^}}[0.]
// CUDA-LIB: kernel library (cuda): {{[0-9]+}} kernels for sm_90
// CUDA-LIB-NOT: PTX 0 bytes
// CUDA-CUBIN-NOT: cubin none

// BADTILE: winograd tile must be 0 (chosen per convolution), 2 or 4, got 3

// --winograd-tile=4: the transformed input [36, OH/4, OW/4, C], the 36
// products, the output tiles [OH/4, 4, OW/4, 4, F/32, 32]; 6x6 and 7x7
// round up to 8x8 (the image padded with 3 and 2 more rows and columns of
// zeros: low 1, high 3 or 2, joined with the convolution's padding).
// F4-LABEL: func.func @winograd_bias_relu
// F4: kernel.launch @{{.*}}(%{{.*}}) : (tensor<6x6x16xf32>) -> tensor<36x2x2x16xf32>
// F4: kernel.launch @{{.*}}(%{{.*}}) : (tensor<36x4x16xf32>) -> tensor<36x4x1x32xf32>
// F4: kernel.launch @{{.*}}(%{{.*}}) : (tensor<6x6x2x2x1x32xf32>) -> tensor<2x4x2x4x1x32xf32>
// F4-LABEL: func.func @winograd_unpadded
// F4: (tensor<10x8x16xf32>) -> tensor<36x2x2x16xf32>
// F4-LABEL: func.func @winograd_odd_size
// F4: (tensor<7x7x16xf32>) -> tensor<36x2x2x16xf32>
// F4: (tensor<6x6x2x2x1x32xf32>) -> tensor<2x4x2x4x1x32xf32>

// strata-compile --winograd=false: im2col copies instead.
// IM2COL-LABEL: func.func @winograd_bias_relu
// IM2COL-NOT: tensor<16x3x3x16xf32>
// IM2COL: -> tensor<6x6x3x3x16xf32>

// The transformed input [16, OH/2, OW/2, C], the products [16, tiles,
// F/32, 32], the output tiles [OH/2, 2, OW/2, 2, F/32, 32]:
// KERNELS-LABEL: func.func @winograd_bias_relu
// KERNELS: kernel.launch @{{.*}}(%{{.*}}) : (tensor<6x6x16xf32>) -> tensor<16x3x3x16xf32>
// KERNELS: kernel.launch @{{.*}}(%{{.*}}) : (tensor<16x9x16xf32>) -> tensor<16x9x1x32xf32>
// KERNELS: kernel.launch @{{.*}}(%{{.*}}) : (tensor<4x4x3x3x1x32xf32>) -> tensor<3x2x3x2x1x32xf32>
// Its bias and relu are computed by the output transform's kernel.
// KERNELS-LABEL: kernel.func private @winograd_bias_relu_dispatch_3
// KERNELS: linalg.generic
// KERNELS: linalg.generic {{.*}}["parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]
// KERNELS: arith.maximumf
// KERNELS-LABEL: func.func @winograd_residual
// KERNELS: -> tensor<16x2x4x16xf32>
// KERNELS-LABEL: func.func @winograd_unpadded
// KERNELS: (tensor<10x8x16xf32>) -> tensor<16x4x3x16xf32>
// KERNELS-LABEL: func.func @winograd_odd_size
// KERNELS: (tensor<7x7x16xf32>) -> tensor<16x4x4x16xf32>
// KERNELS: (tensor<4x4x4x4x1x32xf32>) -> tensor<4x2x4x2x1x32xf32>

func.func @winograd_bias_relu(%x: tensor<1x16x6x6xf32>) -> tensor<1x32x6x6xf32> {
  %a0 = graph.constant dense<[[[[0.125]]], [[[0.397]]], [[[0.276]]], [[[-0.275]]], [[[-0.2]]], [[[0.374]]], [[[-0.495]]], [[[0.321]]], [[[0.297]]], [[[-0.032]]], [[[-0.197]]], [[[-0.222]]], [[[-0.245]]], [[[-0.055]]], [[[0.005]]], [[[0.053]]], [[[0.496]]], [[[0.293]]], [[[0.122]]], [[[0.489]]], [[[-0.285]]], [[[-0.34]]], [[[0.113]]], [[[-0.456]]], [[[-0.464]]], [[[0.015]]], [[[-0.034]]], [[[0.417]]], [[[0.129]]], [[[0.014]]], [[[-0.003]]], [[[-0.252]]]]> : tensor<32x1x1x1xf32>
  %b0 = graph.constant dense<[[[[-0.488]], [[-0.308]], [[0.192]], [[-0.299]], [[-0.13]], [[-0.496]], [[0.33]], [[-0.346]], [[-0.232]], [[0.38]], [[0.01]], [[0.347]], [[0.14]], [[0.242]], [[-0.409]], [[0.041]]]]> : tensor<1x16x1x1xf32>
  %p0 = graph.constant dense<[[[[0.005, 0.223, -0.083], [0.059, -0.264, -0.067], [-0.106, -0.21, 0.19]]]]> : tensor<1x1x3x3xf32>
  %q0 = graph.constant dense<[[[[-0.121], [0.479], [0.09]]], [[[0.105], [0.138], [0.176]]], [[[-0.349], [-0.06], [-0.26]]], [[[-0.098], [-0.403], [0.468]]], [[[-0.285], [0.172], [-0.2]]], [[[0.374], [0.162], [-0.368]]], [[[0.345], [0.445], [0.404]]], [[[0.07], [-0.355], [-0.308]]], [[[0.428], [0.052], [-0.319]]], [[[0.384], [0.142], [0.07]]], [[[-0.124], [-0.089], [-0.261]]], [[[-0.462], [0.376], [-0.032]]], [[[0.048], [-0.178], [0.251]]], [[[-0.475], [-0.128], [-0.47]]], [[[-0.377], [0.467], [0.158]]], [[[-0.072], [0.024], [0.373]]], [[[-0.156], [0.09], [0.184]]], [[[-0.145], [0.019], [0.265]]], [[[0.409], [-0.349], [0.433]]], [[[-0.495], [0.253], [0.311]]], [[[-0.363], [-0.081], [0.315]]], [[[-0.486], [0.128], [0.293]]], [[[0.013], [0.226], [-0.274]]], [[[-0.301], [-0.137], [-0.321]]], [[[-0.154], [0.448], [0.073]]], [[[-0.16], [-0.228], [0.452]]], [[[-0.056], [0.48], [0.016]]], [[[0.021], [0.397], [0.243]]], [[[0.081], [-0.073], [0.378]]], [[[-0.088], [0.423], [-0.431]]], [[[-0.07], [0.02], [0.451]]], [[[-0.249], [0.306], [0.176]]]]> : tensor<32x1x3x1xf32>
  %r0 = graph.constant dense<[[[[0.217, 0.13, 0.472]], [[-0.167, -0.102, -0.297]], [[-0.449, -0.287, 0.415]], [[0.34, -0.388, 0.104]], [[-0.021, 0.095, 0.159]], [[-0.193, 0.461, -0.034]], [[0.128, 0.135, -0.316]], [[-0.438, -0.088, 0.264]], [[0.315, 0.23, -0.387]], [[0.413, 0.302, 0.378]], [[0.023, 0.416, -0.453]], [[-0.47, -0.48, -0.247]], [[-0.251, -0.312, 0.067]], [[-0.461, 0.09, -0.334]], [[0.178, -0.479, -0.189]], [[0.438, 0.038, 0.312]]]]> : tensor<1x16x1x3xf32>
  %ab0 = graph.mul %a0, %b0 : tensor<32x1x1x1xf32>, tensor<1x16x1x1xf32> -> tensor<32x16x1x1xf32>
  %qr0 = graph.mul %q0, %r0 : tensor<32x1x3x1xf32>, tensor<1x16x1x3xf32> -> tensor<32x16x3x3xf32>
  %abp0 = graph.add %ab0, %p0 : tensor<32x16x1x1xf32>, tensor<1x1x3x3xf32> -> tensor<32x16x3x3xf32>
  %w0 = graph.add %abp0, %qr0 : tensor<32x16x3x3xf32>, tensor<32x16x3x3xf32> -> tensor<32x16x3x3xf32>
  %bias0 = graph.constant dense<[0.095, 0.066, -0.185, 0.045, -0.276, 0.181, 0.276, 0.212, -0.27, -0.097, -0.109, -0.232, 0.076, 0.178, -0.112, 0.218, 0.178, -0.223, 0.16, 0.23, -0.182, 0.044, 0.083, 0.066, -0.242, 0.097, 0.079, 0.194, 0.182, -0.104, 0.133, 0.22]> : tensor<32xf32>
  %c = graph.conv2d %x, %w0, %bias0 {pads = array<i64: 1, 1, 1, 1>} : tensor<1x16x6x6xf32>, tensor<32x16x3x3xf32>, tensor<32xf32> -> tensor<1x32x6x6xf32>
  %r = graph.relu %c : tensor<1x32x6x6xf32> -> tensor<1x32x6x6xf32>
  return %r : tensor<1x32x6x6xf32>
}

func.func @winograd_residual(%x: tensor<1x16x4x8xf32>, %y: tensor<1x32x4x8xf32>) -> tensor<1x32x4x8xf32> {
  %a1 = graph.constant dense<[[[[0.393]]], [[[-0.338]]], [[[-0.473]]], [[[0.151]]], [[[-0.285]]], [[[0.064]]], [[[0.445]]], [[[-0.121]]], [[[-0.247]]], [[[-0.043]]], [[[0.157]]], [[[-0.399]]], [[[-0.119]]], [[[-0.366]]], [[[0.162]]], [[[0.331]]], [[[-0.123]]], [[[-0.128]]], [[[0.04]]], [[[-0.285]]], [[[-0.253]]], [[[-0.17]]], [[[-0.043]]], [[[-0.418]]], [[[0.253]]], [[[0.079]]], [[[-0.2]]], [[[-0.422]]], [[[0.263]]], [[[-0.369]]], [[[-0.367]]], [[[-0.369]]]]> : tensor<32x1x1x1xf32>
  %b1 = graph.constant dense<[[[[-0.419]], [[0.406]], [[-0.231]], [[-0.194]], [[0.333]], [[0.12]], [[-0.313]], [[-0.065]], [[0.384]], [[-0.125]], [[0.211]], [[-0.403]], [[0.227]], [[0.276]], [[0.326]], [[0.174]]]]> : tensor<1x16x1x1xf32>
  %p1 = graph.constant dense<[[[[-0.078, -0.261, 0.011], [0.154, -0.185, -0.14], [0.022, 0.149, 0.238]]]]> : tensor<1x1x3x3xf32>
  %q1 = graph.constant dense<[[[[-0.374], [-0.316], [0.3]]], [[[0.145], [0.221], [0.497]]], [[[0.439], [0.343], [0.277]]], [[[-0.105], [0.141], [-0.316]]], [[[0.259], [0.258], [0.221]]], [[[-0.055], [-0.122], [-0.08]]], [[[-0.467], [0.344], [0.042]]], [[[-0.112], [0.048], [0.222]]], [[[-0.119], [0.331], [0.419]]], [[[-0.113], [-0.362], [0.26]]], [[[0.493], [-0.352], [0.213]]], [[[0.325], [0.421], [-0.377]]], [[[-0.408], [0.488], [-0.383]]], [[[-0.323], [0.075], [-0.054]]], [[[0.25], [-0.309], [0.414]]], [[[-0.283], [0.269], [-0.432]]], [[[-0.027], [-0.467], [-0.186]]], [[[-0.188], [0.22], [-0.045]]], [[[-0.443], [0.495], [0.389]]], [[[0.416], [-0.253], [-0.106]]], [[[-0.273], [-0.375], [-0.467]]], [[[0.003], [-0.377], [-0.324]]], [[[0.36], [-0.016], [-0.316]]], [[[0.17], [-0.234], [0.027]]], [[[-0.217], [0.016], [0.129]]], [[[0.036], [-0.104], [0.291]]], [[[0.373], [-0.321], [-0.364]]], [[[-0.387], [0.48], [0.442]]], [[[-0.269], [0.47], [-0.292]]], [[[0.006], [-0.003], [0.415]]], [[[-0.459], [-0.185], [0.1]]], [[[-0.434], [-0.263], [-0.035]]]]> : tensor<32x1x3x1xf32>
  %r1 = graph.constant dense<[[[[0.381, 0.261, 0.329]], [[0.261, 0.208, 0.35]], [[0.181, 0.236, -0.198]], [[-0.332, 0.257, -0.334]], [[0.419, 0.097, -0.171]], [[0.437, -0.345, 0.014]], [[-0.408, 0.465, 0.075]], [[0.304, -0.218, 0.302]], [[0.203, 0.144, 0.451]], [[-0.067, -0.085, 0.192]], [[0.335, -0.165, 0.17]], [[-0.291, 0.052, 0.269]], [[-0.435, 0.228, -0.485]], [[0.458, -0.031, -0.091]], [[0.22, 0.023, 0.231]], [[-0.415, 0.063, 0.058]]]]> : tensor<1x16x1x3xf32>
  %ab1 = graph.mul %a1, %b1 : tensor<32x1x1x1xf32>, tensor<1x16x1x1xf32> -> tensor<32x16x1x1xf32>
  %qr1 = graph.mul %q1, %r1 : tensor<32x1x3x1xf32>, tensor<1x16x1x3xf32> -> tensor<32x16x3x3xf32>
  %abp1 = graph.add %ab1, %p1 : tensor<32x16x1x1xf32>, tensor<1x1x3x3xf32> -> tensor<32x16x3x3xf32>
  %w1 = graph.add %abp1, %qr1 : tensor<32x16x3x3xf32>, tensor<32x16x3x3xf32> -> tensor<32x16x3x3xf32>
  %c = graph.conv2d %x, %w1 {pads = array<i64: 1, 1, 1, 1>} : tensor<1x16x4x8xf32>, tensor<32x16x3x3xf32> -> tensor<1x32x4x8xf32>
  %s = graph.add %c, %y : tensor<1x32x4x8xf32>, tensor<1x32x4x8xf32> -> tensor<1x32x4x8xf32>
  %r = graph.relu %s : tensor<1x32x4x8xf32> -> tensor<1x32x4x8xf32>
  return %r : tensor<1x32x4x8xf32>
}

func.func @winograd_unpadded(%x: tensor<1x16x10x8xf32>) -> tensor<1x32x8x6xf32> {
  %a2 = graph.constant dense<[[[[0.432]]], [[[-0.46]]], [[[-0.047]]], [[[0.131]]], [[[0.051]]], [[[-0.426]]], [[[0.093]]], [[[-0.278]]], [[[-0.304]]], [[[0.379]]], [[[-0.302]]], [[[-0.046]]], [[[0.25]]], [[[0.207]]], [[[0.053]]], [[[0.307]]], [[[-0.034]]], [[[0.12]]], [[[0.319]]], [[[0.178]]], [[[0.142]]], [[[-0.094]]], [[[0.058]]], [[[-0.104]]], [[[0.244]]], [[[-0.12]]], [[[-0.033]]], [[[0.255]]], [[[0.004]]], [[[-0.162]]], [[[0.327]]], [[[-0.119]]]]> : tensor<32x1x1x1xf32>
  %b2 = graph.constant dense<[[[[0.345]], [[0.285]], [[-0.053]], [[0.213]], [[-0.466]], [[-0.11]], [[0.36]], [[0.08]], [[0.058]], [[0.165]], [[0.178]], [[0.084]], [[-0.079]], [[-0.317]], [[-0.207]], [[-0.207]]]]> : tensor<1x16x1x1xf32>
  %p2 = graph.constant dense<[[[[-0.042, 0.299, -0.088], [-0.032, -0.077, 0.049], [0.269, 0.233, -0.074]]]]> : tensor<1x1x3x3xf32>
  %q2 = graph.constant dense<[[[[-0.233], [0.384], [-0.006]]], [[[0.186], [-0.427], [0.367]]], [[[-0.187], [-0.005], [-0.302]]], [[[-0.08], [0.328], [0.328]]], [[[-0.026], [0.268], [-0.042]]], [[[-0.127], [0.046], [-0.299]]], [[[-0.183], [0.207], [0.271]]], [[[-0.443], [0.233], [0.317]]], [[[-0.055], [-0.438], [0.183]]], [[[-0.254], [0.143], [-0.123]]], [[[0.137], [-0.242], [-0.023]]], [[[0.025], [0.131], [-0.297]]], [[[0.462], [-0.211], [-0.194]]], [[[-0.244], [-0.433], [-0.077]]], [[[0.272], [0.21], [-0.304]]], [[[-0.363], [-0.179], [0.268]]], [[[-0.012], [0.423], [0.156]]], [[[0.121], [0.268], [0.25]]], [[[-0.156], [-0.243], [-0.062]]], [[[-0.011], [-0.358], [-0.059]]], [[[0.14], [-0.364], [-0.362]]], [[[-0.326], [-0.217], [0.462]]], [[[-0.474], [-0.316], [-0.335]]], [[[-0.026], [-0.485], [-0.042]]], [[[-0.337], [-0.23], [0.292]]], [[[-0.316], [0.117], [-0.094]]], [[[-0.082], [0.317], [-0.339]]], [[[0.424], [0.393], [0.168]]], [[[-0.451], [0.163], [0.1]]], [[[0.272], [-0.286], [0.453]]], [[[0.386], [-0.386], [-0.185]]], [[[-0.468], [0.331], [0.415]]]]> : tensor<32x1x3x1xf32>
  %r2 = graph.constant dense<[[[[0.49, 0.112, 0.166]], [[0.178, 0.07, 0.452]], [[0.108, -0.164, 0.013]], [[-0.481, 0.224, 0.194]], [[-0.079, 0.351, 0.256]], [[-0.163, -0.423, -0.368]], [[-0.316, -0.196, -0.052]], [[0.428, -0.222, 0.399]], [[0.18, 0.353, -0.097]], [[-0.497, 0.287, -0.255]], [[-0.358, 0.299, 0.186]], [[-0.288, -0.232, 0.439]], [[-0.231, 0.202, -0.37]], [[0.315, -0.382, 0.016]], [[-0.465, 0.05, 0.347]], [[-0.416, -0.226, 0.265]]]]> : tensor<1x16x1x3xf32>
  %ab2 = graph.mul %a2, %b2 : tensor<32x1x1x1xf32>, tensor<1x16x1x1xf32> -> tensor<32x16x1x1xf32>
  %qr2 = graph.mul %q2, %r2 : tensor<32x1x3x1xf32>, tensor<1x16x1x3xf32> -> tensor<32x16x3x3xf32>
  %abp2 = graph.add %ab2, %p2 : tensor<32x16x1x1xf32>, tensor<1x1x3x3xf32> -> tensor<32x16x3x3xf32>
  %w2 = graph.add %abp2, %qr2 : tensor<32x16x3x3xf32>, tensor<32x16x3x3xf32> -> tensor<32x16x3x3xf32>
  %c = graph.conv2d %x, %w2 {pads = array<i64: 0, 0, 0, 0>} : tensor<1x16x10x8xf32>, tensor<32x16x3x3xf32> -> tensor<1x32x8x6xf32>
  return %c : tensor<1x32x8x6xf32>
}

func.func @winograd_odd_size(%x: tensor<1x16x7x7xf32>) -> tensor<1x32x7x7xf32> {
  %a3 = graph.constant dense<[[[[0.108]]], [[[-0.187]]], [[[0.129]]], [[[-0.045]]], [[[0.362]]], [[[-0.207]]], [[[0.258]]], [[[0.136]]], [[[0.24]]], [[[-0.122]]], [[[0.225]]], [[[0.198]]], [[[-0.113]]], [[[-0.474]]], [[[0.463]]], [[[0.214]]], [[[-0.295]]], [[[0.231]]], [[[-0.221]]], [[[-0.031]]], [[[0.36]]], [[[-0.052]]], [[[-0.212]]], [[[-0.195]]], [[[-0.423]]], [[[-0.28]]], [[[-0.229]]], [[[-0.327]]], [[[-0.437]]], [[[-0.034]]], [[[-0.286]]], [[[0.239]]]]> : tensor<32x1x1x1xf32>
  %b3 = graph.constant dense<[[[[0.423]], [[-0.227]], [[0.072]], [[0.007]], [[-0.425]], [[-0.375]], [[0.385]], [[-0.026]], [[0.305]], [[-0.433]], [[0.095]], [[0.365]], [[0.367]], [[-0.494]], [[0.022]], [[-0.131]]]]> : tensor<1x16x1x1xf32>
  %p3 = graph.constant dense<[[[[0.156, -0.256, -0.141], [0.188, -0.018, -0.028], [0.281, -0.108, -0.275]]]]> : tensor<1x1x3x3xf32>
  %q3 = graph.constant dense<[[[[-0.108], [-0.347], [-0.418]]], [[[0.068], [0.454], [0.079]]], [[[0.147], [-0.176], [0.071]]], [[[0.252], [0.089], [0.303]]], [[[0.05], [-0.302], [0.083]]], [[[-0.009], [-0.334], [0.119]]], [[[0.317], [-0.365], [0.045]]], [[[0.234], [-0.097], [-0.23]]], [[[-0.128], [0.042], [0.187]]], [[[0.059], [-0.393], [0.318]]], [[[0.424], [-0.399], [-0.25]]], [[[-0.326], [0.349], [0.41]]], [[[-0.456], [-0.168], [-0.308]]], [[[-0.03], [0.422], [-0.43]]], [[[-0.329], [-0.013], [0.024]]], [[[0.246], [-0.062], [-0.359]]], [[[-0.146], [0.482], [0.251]]], [[[-0.384], [0.308], [-0.189]]], [[[0.281], [-0.487], [0.371]]], [[[-0.338], [-0.044], [0.162]]], [[[0.008], [-0.335], [-0.361]]], [[[-0.215], [-0.448], [-0.283]]], [[[-0.37], [-0.035], [-0.143]]], [[[0.087], [-0.219], [-0.466]]], [[[-0.169], [0.255], [-0.244]]], [[[-0.095], [0.255], [-0.093]]], [[[0.387], [0.418], [-0.189]]], [[[0.236], [-0.247], [-0.36]]], [[[-0.062], [0.102], [0.436]]], [[[-0.354], [0.212], [-0.025]]], [[[-0.368], [0.473], [0.196]]], [[[-0.371], [0.406], [-0.397]]]]> : tensor<32x1x3x1xf32>
  %r3 = graph.constant dense<[[[[-0.407, -0.168, 0.438]], [[-0.467, 0.418, 0.112]], [[-0.433, 0.069, -0.041]], [[0.064, 0.237, 0.179]], [[0.497, -0.343, 0.313]], [[-0.089, 0.283, 0.392]], [[0.492, -0.234, -0.047]], [[0.443, 0.446, -0.127]], [[0.44, -0.094, -0.125]], [[0.257, -0.029, -0.052]], [[-0.114, -0.067, -0.36]], [[-0.439, 0.254, 0.064]], [[0.172, 0.302, -0.27]], [[-0.266, -0.222, -0.196]], [[0.261, -0.126, -0.177]], [[0.136, -0.313, -0.394]]]]> : tensor<1x16x1x3xf32>
  %ab3 = graph.mul %a3, %b3 : tensor<32x1x1x1xf32>, tensor<1x16x1x1xf32> -> tensor<32x16x1x1xf32>
  %qr3 = graph.mul %q3, %r3 : tensor<32x1x3x1xf32>, tensor<1x16x1x3xf32> -> tensor<32x16x3x3xf32>
  %abp3 = graph.add %ab3, %p3 : tensor<32x16x1x1xf32>, tensor<1x1x3x3xf32> -> tensor<32x16x3x3xf32>
  %w3 = graph.add %abp3, %qr3 : tensor<32x16x3x3xf32>, tensor<32x16x3x3xf32> -> tensor<32x16x3x3xf32>
  %c = graph.conv2d %x, %w3 {pads = array<i64: 1, 1, 1, 1>} : tensor<1x16x7x7xf32>, tensor<32x16x3x3xf32> -> tensor<1x32x7x7xf32>
  return %c : tensor<1x32x7x7xf32>
}
