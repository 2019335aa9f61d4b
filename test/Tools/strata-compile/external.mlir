// strata-compile --external: the backends named partition the model and
// call their runtime plugins (docs/BYOC.md); an unknown name is an error
// listing the known ones. dnnl's cost rule depends on the CPU: an Intel
// Xeon's offloads the convolution, an AMD Zen's nothing (oneDNN was slower
// there on every region measured).
// RUN: strata-compile %s --external=dnnl --cpu=skylake-avx512 --compile-to=kernel | FileCheck %s
// RUN: strata-compile %s --external=dnnl --cpu=znver4 --compile-to=kernel | FileCheck %s --check-prefix=ZEN
// RUN: not strata-compile %s --external=dnnl,acme -o %t.smod 2>&1 | FileCheck %s --check-prefix=UNKNOWN

// UNKNOWN: unknown external backend 'acme' (known: dnnl)

// ZEN-LABEL: func.func @main(
// ZEN-NOT: call @main_dnnl(
// ZEN: return

// In the kernels' layout (NHWC by default): the convolution with its bias
// and relu is one call in the function outlined for dnnl; the input's
// transpose and the softmax are Strata's kernels.
// CHECK-LABEL: func.func @main(
//       CHECK:   kernel.launch @main_dispatch
//       CHECK:   call @main_dnnl(
//       CHECK:   kernel.launch @main_dispatch
// CHECK-LABEL: func.func private @main_dnnl(
//  CHECK-SAME:     attributes {graph.external = "dnnl"}
//       CHECK:   kernel.call_native "dnnl.conv2d"({{.*}}) {params = array<i64: 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0>} : (tensor<1x8x8x4xf32>, tensor<8x3x3x4xf32>, tensor<8xf32>) -> tensor<1x8x8x8xf32>
func.func @main(%x: tensor<1x4x8x8xf32>) -> tensor<1x8x8x8xf32> {
  %w = graph.constant dense<0.25> : tensor<8x4x3x3xf32>
  %b = graph.constant dense<0.5> : tensor<8xf32>
  %c = graph.conv2d %x, %w, %b {pads = array<i64: 1, 1, 1, 1>} : tensor<1x4x8x8xf32>, tensor<8x4x3x3xf32>, tensor<8xf32> -> tensor<1x8x8x8xf32>
  %r = graph.relu %c : tensor<1x8x8x8xf32> -> tensor<1x8x8x8xf32>
  %s = graph.softmax %r {axis = 1 : i64} : tensor<1x8x8x8xf32> -> tensor<1x8x8x8xf32>
  return %s : tensor<1x8x8x8xf32>
}
