// strata-tune --precision=bf16 tunes the kernels of the model compiled with
// --precision=bf16, kernels with bf16 arguments and results included (the
// first product's relu rounds its result to bf16 for the second product):
// the tuner gives them random bf16 inputs as .npy files of raw bits ('<u2',
// which strata-run reads for bf16 arguments and writes for bf16 results)
// and compares bf16 results within two of their rounding steps. A
// compilation with the same precision and the database takes the tuned
// schedules; an f32 compilation of the same model has other kernels and
// takes none of them.
// REQUIRES: strata-python
// RUN: rm -rf %t && mkdir -p %t
// RUN: %strata_python %strata_src_root/tools/strata-tune/strata-tune %s --precision=bf16 --trials=4 --db=%t/db.jsonl --bin-dir=%strata_obj_root/bin | FileCheck %s
// RUN: strata-compile %s --precision=bf16 --cpu=cooperlake --compile-to=kernel | FileCheck %s --check-prefix=KERNELS
// RUN: strata-compile %s --precision=bf16 --tuning-db=%t/db.jsonl --report-tuning -o %t/tuned.smod 2>&1 | FileCheck %s --check-prefix=COMPILE
// RUN: strata-run %t/tuned.smod --input=32x64xf32=1 | FileCheck %s --check-prefix=VALUES
// RUN: strata-compile %s --tuning-db=%t/db.jsonl --report-tuning -o %t/f32.smod 2>&1 | FileCheck %s --check-prefix=F32
// RUN: not %strata_python %strata_src_root/tools/strata-tune/strata-tune %s --precision=f16 --trials=1 --db=%t/x.jsonl 2>&1 | FileCheck %s --check-prefix=BAD

// Every kernel is measured: none is skipped for its bf16 tensors.
// CHECK: [heuristics 1/3] main_dispatch_0: {{[0-9.]+}} us x 1
// CHECK: [heuristics 2/3] main_dispatch_1: {{[0-9.]+}} us x 1
// CHECK: [heuristics 3/3] main_dispatch_2: {{[0-9.]+}} us x 1
// CHECK: [1/4] main_dispatch_{{[0-2]}}: {{[0-9.]+}} us (heuristic
// CHECK-DAG: main_dispatch_0 {{[0-9.]+}}% {{[0-9.]+}} us {{[0-9.]+}} us
// CHECK-DAG: main_dispatch_1 {{[0-9.]+}}% {{[0-9.]+}} us {{[0-9.]+}} us
// CHECK-DAG: main_dispatch_2 {{[0-9.]+}}% {{[0-9.]+}} us {{[0-9.]+}} us

// The input rounded to bf16, the first product with its relu (bf16 result
// in pairs for the second), the second product (AVX512-BF16 pair layout).
// KERNELS: kernel.launch @main_dispatch_0({{.*}}) : (tensor<32x64xf32>) -> tensor<32x64xbf16>
// KERNELS: kernel.launch @main_dispatch_1({{.*}}) : (tensor<32x32x2xbf16>) -> tensor<32x2x32xbf16>
// KERNELS: kernel.launch @main_dispatch_2({{.*}}) : (tensor<32x32x2xbf16>) -> tensor<32x1x16xf32>

// COMPILE-DAG: remark: kernel @main_dispatch_0 {{.*}}: schedule from the tuning database
// COMPILE-DAG: remark: kernel @main_dispatch_1 {{.*}}: schedule from the tuning database
// COMPILE-DAG: remark: kernel @main_dispatch_2 {{.*}}: schedule from the tuning database
// F32-NOT: schedule from the tuning database

// Ones times the first weights: 32 and 16 in turn (exact in bf16); times
// the second: 32 * (32 + 16) = 1536 times 0.25 and 0.125 in turn.
// VALUES: result[0]: tensor<32x16xf32>
// VALUES: {{^}}{{\[\[}}384. 192. 384. 192.

// BAD: error: argument --precision: invalid choice: 'f16'

func.func @main(%x: tensor<32x64xf32>) -> tensor<32x16xf32> {
  %pair1 = graph.constant dense<[[0.5, 0.25]]> : tensor<1x2xf32>
  %w1 = graph.tile %pair1 {repeats = array<i64: 64, 32>} : tensor<1x2xf32> -> tensor<64x64xf32>
  %0 = graph.matmul %x, %w1 : tensor<32x64xf32>, tensor<64x64xf32> -> tensor<32x64xf32>
  %1 = graph.relu %0 : tensor<32x64xf32> -> tensor<32x64xf32>
  %pair2 = graph.constant dense<[[0.25, 0.125]]> : tensor<1x2xf32>
  %w2 = graph.tile %pair2 {repeats = array<i64: 64, 8>} : tensor<1x2xf32> -> tensor<64x16xf32>
  %2 = graph.matmul %1, %w2 : tensor<32x64xf32>, tensor<64x16xf32> -> tensor<32x16xf32>
  return %2 : tensor<32x16xf32>
}
