// f16/bf16 contractions and sums accumulate in f32 and round once
// (graph-widen-half-accumulation): in f16, a dot product of 4096 ones
// stopped at 2048 (issue 17).
// REQUIRES: onnx
// RUN: %onnx_python -c "import numpy as np; np.save('%t.ones.npy', np.ones((1, 4096), np.float16)); np.save('%t.col.npy', np.ones((4096, 1), np.float16))"
// RUN: strata-compile %s -o %t.smod
// RUN: strata-compile %s --target=cuda-emulator -o %t.emu.smod
// RUN: strata-compile %s --target=cuda:sm_90 -o %t.sm90.smod
// RUN: strata-run %t.smod --function=sum --input=@%t.ones.npy | FileCheck %s --check-prefix=SUM
// RUN: strata-run %t.smod --function=dot --input=@%t.ones.npy --input=@%t.col.npy | FileCheck %s --check-prefix=DOT
// The same runs with the CUDA schedules on this CPU (the CUDA emulator);
// the module also compiles for sm_90.
// RUN: strata-run %t.emu.smod --function=sum --input=@%t.ones.npy | FileCheck %s --check-prefix=SUM
// RUN: strata-run %t.emu.smod --function=dot --input=@%t.ones.npy --input=@%t.col.npy | FileCheck %s --check-prefix=DOT
// SUM: [4.096e+03]
// DOT: {{\[\[}}4.096e+03]]
func.func @sum(%x: tensor<1x4096xf16>) -> tensor<1xf16> {
  %0 = graph.reduce_sum %x {axes = array<i64: 1>, keepdims = false} : tensor<1x4096xf16> -> tensor<1xf16>
  return %0 : tensor<1xf16>
}

func.func @dot(%a: tensor<1x4096xf16>, %b: tensor<4096x1xf16>) -> tensor<1x1xf16> {
  %0 = graph.matmul %a, %b : tensor<1x4096xf16>, tensor<4096x1xf16> -> tensor<1x1xf16>
  return %0 : tensor<1x1xf16>
}
