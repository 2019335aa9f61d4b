// Max pooling propagates NaN from every tap of its windows. The vectorized
// window generic (strata-cpu-vectorize) takes each tap's max as x86's vmaxps
// does and detects NaN windows a pair at a time; channel t of this input
// has one NaN, at tap t of the middle output's 3x3 window (t = 0..8), so
// that each tap position and each pair (and the last, unpaired tap) is
// checked, in the interior and the border strips (strata-split-padded-
// windows). The count of non-NaN outputs per channel: 9 minus the windows
// that hold the NaN (2 per row or column on the image's edge of the middle
// window, 1 at its centre).
// RUN: strata-compile %s -o %t.smod
// RUN: strata-run %t.smod --input=1x5x5x16xf32=1 | FileCheck %s
// RUN: strata-compile %s --layout=nchw -o %t.nchw.smod
// RUN: strata-run %t.nchw.smod --input=1x5x5x16xf32=1 | FileCheck %s
// RUN: strata-compile %s --target=cuda-emulator -o %t.emu.smod
// RUN: strata-run %t.emu.smod --input=1x5x5x16xf32=1 | FileCheck %s
// The kernels take the vmaxps form (ogt compares and selects, unordered
// compares of pairs of taps), not arith-expand-ops' maximumf (an ugt and an
// unordered compare of the accumulator per tap).
// RUN: strata-compile %s --compile-to=llvm | FileCheck %s --check-prefix=LLVM
// CHECK: [5. 7. 5. 7. 8. 7. 5. 7. 5. 9. 9. 9. 9. 9. 9. 9.]
// LLVM: llvm.fcmp "ogt"
// LLVM-NOT: llvm.fcmp "ugt"
func.func @main(%x: tensor<1x5x5x16xf32>) -> tensor<16xf32> {
  %nans = graph.constant dense<[[[[1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0], [1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0], [1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0], [1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0], [1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0]], [[1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0], [0x7FC00000, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0], [1.0, 0x7FC00000, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0], [1.0, 1.0, 0x7FC00000, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0], [1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0]], [[1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0], [1.0, 1.0, 1.0, 0x7FC00000, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0], [1.0, 1.0, 1.0, 1.0, 0x7FC00000, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0], [1.0, 1.0, 1.0, 1.0, 1.0, 0x7FC00000, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0], [1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0]], [[1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0], [1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 0x7FC00000, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0], [1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 0x7FC00000, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0], [1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 0x7FC00000, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0], [1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0]], [[1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0], [1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0], [1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0], [1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0], [1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0]]]]> : tensor<1x5x5x16xf32>
  %y = graph.mul %x, %nans : tensor<1x5x5x16xf32>, tensor<1x5x5x16xf32> -> tensor<1x5x5x16xf32>
  %p = graph.max_pool2d %y {kernel_shape = array<i64: 3, 3>, strides = array<i64: 2, 2>, pads = array<i64: 1, 1, 1, 1>, layout = #graph.layout<nhwc>} : tensor<1x5x5x16xf32> -> tensor<1x3x3x16xf32>
  %e = graph.equal %p, %p : tensor<1x3x3x16xf32>, tensor<1x3x3x16xf32> -> tensor<1x3x3x16xi1>
  %f = graph.cast %e : tensor<1x3x3x16xi1> -> tensor<1x3x3x16xf32>
  %s = graph.reduce_sum %f {axes = array<i64: 0, 1, 2>, keepdims = false} : tensor<1x3x3x16xf32> -> tensor<16xf32>
  return %s : tensor<16xf32>
}
