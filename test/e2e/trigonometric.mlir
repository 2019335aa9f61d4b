// The trigonometric and hyperbolic functions and their inverses through the
// whole CPU path, compared with the reference evaluator by the @entry of
// test-graph-build-e2e (one and two threads, and without vectorization):
// f32 and f64 call libm (through LLVM intrinsics or convert-math-to-libm),
// f16 and bf16 compute in f32 and round once. The inputs are scaled to
// [-3, 3) for the periodic and hyperbolic functions (range reduction, the
// poles of tan) and shifted to [1, 3) for acosh (not for bf16: its
// arithmetic is emulated in f32, and the f32 -> bf16 truncations that adds
// need compiler-rt without avx512bf16).
//
// The kernel library leaves libm's functions undefined (sinhf, acoshf, ...):
// the runtime's dlopen (RTLD_NOW) resolves them in the process, which has
// libm loaded (libstdc++ needs it). A symbol that did not resolve would fail
// every run below when the module loads; the grep checks that the library
// does import them, so that the runs test their resolution.
// RUN: strata-opt %s --test-graph-build-e2e=return-checks -o %t.mlir
// RUN: strata-compile %t.mlir -o %t.smod
// RUN: strata-run %t.smod --function=entry | FileCheck %s
// RUN: strata-run %t.smod --function=entry --threads=2 | FileCheck %s
// RUN: strata-compile %t.mlir --vectorize=false -o %t.0.smod
// RUN: strata-run %t.0.smod --function=entry | FileCheck %s
// RUN: grep -a -o -w -E 'acosf|acoshf|asinf|asinhf|atanf|atanhf|cosf|coshf|sinf|sinhf|tanf|acos|asinh|tan' %t.smod | sort -u | FileCheck %s --check-prefix=LIBM
// The CUDA schedules, tiling and thread mapping, run on this CPU (the
// CUDA emulator); and PTX for sm_80 and sm_90 (cubins when ptxas is here).
// RUN: strata-compile %t.mlir --target=cuda-emulator -o %t.emu.smod
// RUN: strata-run %t.emu.smod --function=entry | FileCheck %s
// RUN: strata-compile %t.mlir --target=cuda:sm_80 -o %t.sm80.smod
// RUN: strata-compile %t.mlir --target=cuda:sm_90 -o %t.sm90.smod
// RUN: strata-dump %t.sm90.smod --section=library | FileCheck %s --check-prefixes=%cuda_lib_prefixes
// CHECK-COUNT-18: {{^}}[1.]
// CHECK-NOT: {{^}}[0.]
// CUDA-LIB: kernel library (cuda): {{[0-9]+}} kernels for sm_90
// CUDA-LIB-NOT: PTX 0 bytes
// CUDA-CUBIN-NOT: cubin none
// LIBM-DAG: {{^}}acosf{{$}}
// LIBM-DAG: {{^}}acoshf{{$}}
// LIBM-DAG: {{^}}asinf{{$}}
// LIBM-DAG: {{^}}asinhf{{$}}
// LIBM-DAG: {{^}}atanf{{$}}
// LIBM-DAG: {{^}}atanhf{{$}}
// LIBM-DAG: {{^}}cosf{{$}}
// LIBM-DAG: {{^}}coshf{{$}}
// LIBM-DAG: {{^}}sinf{{$}}
// LIBM-DAG: {{^}}sinhf{{$}}
// LIBM-DAG: {{^}}tanf{{$}}
// LIBM-DAG: {{^}}acos{{$}}
// LIBM-DAG: {{^}}asinh{{$}}
// LIBM-DAG: {{^}}tan{{$}}

func.func @sin_0(%x: tensor<5x7xf32>) -> tensor<5x7xf32> {
  %c = graph.constant dense<3.0> : tensor<f32>
  %s = graph.mul %x, %c : tensor<5x7xf32>, tensor<f32> -> tensor<5x7xf32>
  %0 = graph.sin %s : tensor<5x7xf32> -> tensor<5x7xf32>
  return %0 : tensor<5x7xf32>
}

func.func @cos_1(%x: tensor<5x7xf32>) -> tensor<5x7xf32> {
  %c = graph.constant dense<3.0> : tensor<f32>
  %s = graph.mul %x, %c : tensor<5x7xf32>, tensor<f32> -> tensor<5x7xf32>
  %0 = graph.cos %s : tensor<5x7xf32> -> tensor<5x7xf32>
  return %0 : tensor<5x7xf32>
}

func.func @tan_2(%x: tensor<5x7xf32>) -> tensor<5x7xf32> {
  %c = graph.constant dense<3.0> : tensor<f32>
  %s = graph.mul %x, %c : tensor<5x7xf32>, tensor<f32> -> tensor<5x7xf32>
  %0 = graph.tan %s : tensor<5x7xf32> -> tensor<5x7xf32>
  return %0 : tensor<5x7xf32>
}

func.func @asin_3(%x: tensor<5x7xf32>) -> tensor<5x7xf32> {
  %0 = graph.asin %x : tensor<5x7xf32> -> tensor<5x7xf32>
  return %0 : tensor<5x7xf32>
}

func.func @acos_4(%x: tensor<5x7xf32>) -> tensor<5x7xf32> {
  %0 = graph.acos %x : tensor<5x7xf32> -> tensor<5x7xf32>
  return %0 : tensor<5x7xf32>
}

func.func @atan_5(%x: tensor<5x7xf32>) -> tensor<5x7xf32> {
  %c = graph.constant dense<3.0> : tensor<f32>
  %s = graph.mul %x, %c : tensor<5x7xf32>, tensor<f32> -> tensor<5x7xf32>
  %0 = graph.atan %s : tensor<5x7xf32> -> tensor<5x7xf32>
  return %0 : tensor<5x7xf32>
}

func.func @sinh_6(%x: tensor<5x7xf32>) -> tensor<5x7xf32> {
  %c = graph.constant dense<3.0> : tensor<f32>
  %s = graph.mul %x, %c : tensor<5x7xf32>, tensor<f32> -> tensor<5x7xf32>
  %0 = graph.sinh %s : tensor<5x7xf32> -> tensor<5x7xf32>
  return %0 : tensor<5x7xf32>
}

func.func @cosh_7(%x: tensor<5x7xf32>) -> tensor<5x7xf32> {
  %c = graph.constant dense<3.0> : tensor<f32>
  %s = graph.mul %x, %c : tensor<5x7xf32>, tensor<f32> -> tensor<5x7xf32>
  %0 = graph.cosh %s : tensor<5x7xf32> -> tensor<5x7xf32>
  return %0 : tensor<5x7xf32>
}

func.func @asinh_8(%x: tensor<5x7xf32>) -> tensor<5x7xf32> {
  %c = graph.constant dense<3.0> : tensor<f32>
  %s = graph.mul %x, %c : tensor<5x7xf32>, tensor<f32> -> tensor<5x7xf32>
  %0 = graph.asinh %s : tensor<5x7xf32> -> tensor<5x7xf32>
  return %0 : tensor<5x7xf32>
}

func.func @acosh_9(%x: tensor<5x7xf32>) -> tensor<5x7xf32> {
  %c = graph.constant dense<2.0> : tensor<f32>
  %s = graph.add %x, %c : tensor<5x7xf32>, tensor<f32> -> tensor<5x7xf32>
  %0 = graph.acosh %s : tensor<5x7xf32> -> tensor<5x7xf32>
  return %0 : tensor<5x7xf32>
}

func.func @atanh_10(%x: tensor<5x7xf32>) -> tensor<5x7xf32> {
  %0 = graph.atanh %x : tensor<5x7xf32> -> tensor<5x7xf32>
  return %0 : tensor<5x7xf32>
}

func.func @sin_11(%x: tensor<4x5xf16>) -> tensor<4x5xf16> {
  %c = graph.constant dense<3.0> : tensor<f16>
  %s = graph.mul %x, %c : tensor<4x5xf16>, tensor<f16> -> tensor<4x5xf16>
  %0 = graph.sin %s : tensor<4x5xf16> -> tensor<4x5xf16>
  return %0 : tensor<4x5xf16>
}

func.func @cosh_12(%x: tensor<9xbf16>) -> tensor<9xbf16> {
  %0 = graph.cosh %x : tensor<9xbf16> -> tensor<9xbf16>
  return %0 : tensor<9xbf16>
}

func.func @acosh_13(%x: tensor<4x5xf16>) -> tensor<4x5xf16> {
  %c = graph.constant dense<2.0> : tensor<f16>
  %s = graph.add %x, %c : tensor<4x5xf16>, tensor<f16> -> tensor<4x5xf16>
  %0 = graph.acosh %s : tensor<4x5xf16> -> tensor<4x5xf16>
  return %0 : tensor<4x5xf16>
}

func.func @atanh_14(%x: tensor<9xbf16>) -> tensor<9xbf16> {
  %0 = graph.atanh %x : tensor<9xbf16> -> tensor<9xbf16>
  return %0 : tensor<9xbf16>
}

func.func @tan_15(%x: tensor<3x7xf64>) -> tensor<3x7xf64> {
  %c = graph.constant dense<3.0> : tensor<f64>
  %s = graph.mul %x, %c : tensor<3x7xf64>, tensor<f64> -> tensor<3x7xf64>
  %0 = graph.tan %s : tensor<3x7xf64> -> tensor<3x7xf64>
  return %0 : tensor<3x7xf64>
}

func.func @asinh_16(%x: tensor<3x7xf64>) -> tensor<3x7xf64> {
  %c = graph.constant dense<3.0> : tensor<f64>
  %s = graph.mul %x, %c : tensor<3x7xf64>, tensor<f64> -> tensor<3x7xf64>
  %0 = graph.asinh %s : tensor<3x7xf64> -> tensor<3x7xf64>
  return %0 : tensor<3x7xf64>
}

func.func @acos_17(%x: tensor<3x7xf64>) -> tensor<3x7xf64> {
  %0 = graph.acos %x : tensor<3x7xf64> -> tensor<3x7xf64>
  return %0 : tensor<3x7xf64>
}
