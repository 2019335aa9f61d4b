// Reductions over a `?` dim run their last tile masked; masked-off lanes
// must never win a max or a min. (MLIR 22's lowering of a masked maximumf
// filled them with -1.4e-45, so a row max of negative values came out -0;
// issue 17.)
//
// RUN: strata-compile %s -o %t.smod
// RUN: strata-compile %s --target=cuda-emulator -o %t.emu.smod
// RUN: strata-compile %s --target=cuda:sm_90 -o %t.sm90.smod
// RUN: strata-run %t.smod --function=row_max --input=2x3xf32=-1,-2,-3,-6,-5,-4 | FileCheck %s --check-prefix=MAX3
// RUN: strata-run %t.smod --function=row_max --input=1x35xf32=-35,-34,-33,-32,-31,-30,-29,-28,-27,-26,-25,-24,-23,-22,-21,-20,-19,-18,-17,-16,-15,-14,-13,-12,-11,-10,-9,-8,-7,-6,-5,-4,-3,-2,-1.5 | FileCheck %s --check-prefix=MAX35
// RUN: strata-run %t.smod --function=row_max_f64 --input=2x3xf64=-1,-2,-3,-6,-5,-4 | FileCheck %s --check-prefix=MAX3
// RUN: strata-run %t.smod --function=row_min --input=2x3xf32=1,2,3,6,5,4 | FileCheck %s --check-prefix=MIN3
// The same runs with the CUDA schedules on this CPU (the CUDA emulator);
// the module also compiles for sm_90.
// RUN: strata-run %t.emu.smod --function=row_max --input=2x3xf32=-1,-2,-3,-6,-5,-4 | FileCheck %s --check-prefix=MAX3
// RUN: strata-run %t.emu.smod --function=row_max --input=1x35xf32=-35,-34,-33,-32,-31,-30,-29,-28,-27,-26,-25,-24,-23,-22,-21,-20,-19,-18,-17,-16,-15,-14,-13,-12,-11,-10,-9,-8,-7,-6,-5,-4,-3,-2,-1.5 | FileCheck %s --check-prefix=MAX35
// RUN: strata-run %t.emu.smod --function=row_max_f64 --input=2x3xf64=-1,-2,-3,-6,-5,-4 | FileCheck %s --check-prefix=MAX3
// RUN: strata-run %t.emu.smod --function=row_min --input=2x3xf32=1,2,3,6,5,4 | FileCheck %s --check-prefix=MIN3
// MAX3: [-1. -4.]
// MAX35: [-1.5]
// MIN3: [1. 4.]
func.func @row_max(%x: tensor<?x?xf32>) -> tensor<?xf32> {
  %0 = graph.reduce_max %x {axes = array<i64: 1>, keepdims = false} : tensor<?x?xf32> -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

func.func @row_max_f64(%x: tensor<?x?xf64>) -> tensor<?xf64> {
  %0 = graph.reduce_max %x {axes = array<i64: 1>, keepdims = false} : tensor<?x?xf64> -> tensor<?xf64>
  return %0 : tensor<?xf64>
}

func.func @row_min(%x: tensor<?x?xf32>) -> tensor<?xf32> {
  %0 = graph.reduce_min %x {axes = array<i64: 1>, keepdims = false} : tensor<?x?xf32> -> tensor<?xf32>
  return %0 : tensor<?xf32>
}
