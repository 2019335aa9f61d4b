// graph.resize with scales and sizes given at run time, through
// strata-compile and strata-run: the result sizes come from the host
// (sizes) or from a small kernel (floor(size * scale) needs floats).
// RUN: strata-compile %s -o %t.smod
// RUN: strata-compile %s --target=cuda-emulator -o %t.emu.smod
// RUN: strata-compile %s --target=cuda:sm_90 -o %t.sm90.smod
// RUN: strata-run %t.smod --function=runtime_scales --input=1x1x2x2xf32=1,2,3,4 --input=4xf32=1,1,2,1.5 | FileCheck %s --check-prefix=SCALES
// RUN: strata-run %t.smod --function=runtime_sizes --input=1x1x2x2xf32=1,2,3,4 --input=4xi64=1,1,1,4 | FileCheck %s --check-prefix=SIZES
// The same runs with the CUDA schedules on this CPU (the CUDA emulator);
// the module also compiles for sm_90.
// RUN: strata-run %t.emu.smod --function=runtime_scales --input=1x1x2x2xf32=1,2,3,4 --input=4xf32=1,1,2,1.5 | FileCheck %s --check-prefix=SCALES
// RUN: strata-run %t.emu.smod --function=runtime_sizes --input=1x1x2x2xf32=1,2,3,4 --input=4xi64=1,1,1,4 | FileCheck %s --check-prefix=SIZES

// Scales read at run time: 2x2 to 4x3 (floor(2 * 1.5) = 3), nearest.
// SCALES: tensor<1x1x4x3xf32>
// SCALES-NEXT: {{\[\[\[\[}}1. 1. 2.]
// SCALES-NEXT: {{\[}}1. 1. 2.]
// SCALES-NEXT: {{\[}}3. 3. 4.]
// SCALES-NEXT: {{\[}}3. 3. 4.]]]]
func.func @runtime_scales(%x: tensor<1x1x2x2xf32>, %s: tensor<4xf32>) -> tensor<?x?x?x?xf32> {
  %0 = graph.resize %x scales %s : (tensor<1x1x2x2xf32>, tensor<4xf32>) -> tensor<?x?x?x?xf32>
  return %0 : tensor<?x?x?x?xf32>
}

// Sizes read at run time: 2x2 to 1x4, linear half_pixel.
// SIZES: tensor<1x1x1x4xf32>
// SIZES-NEXT: {{\[\[\[\[}}2.   2.25 2.75 3.  ]]]]
func.func @runtime_sizes(%x: tensor<1x1x2x2xf32>, %s: tensor<4xi64>) -> tensor<?x?x?x?xf32> {
  %0 = graph.resize %x sizes %s {mode = #graph.resize_mode<linear>} : (tensor<1x1x2x2xf32>, tensor<4xi64>) -> tensor<?x?x?x?xf32>
  return %0 : tensor<?x?x?x?xf32>
}
