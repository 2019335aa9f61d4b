// strata-compile --tuning-db: the kernels a database has measured on the
// target get the fastest schedule measured, the others the heuristics';
// the same database gives a byte-identical module, whose results are right.
// --report-tuning names each kernel's fingerprint and target (the keys of
// a record: here a record is made from them for the product's kernel).
// RUN: strata-opt %s --test-graph-build-e2e=return-checks -o %t.mlir
// RUN: strata-compile %t.mlir --report-tuning --compile-to=kernel -o /dev/null 2> %t.remarks
// RUN: %strata_python %S/Inputs/tuning-record.py %t.remarks product_dispatch "#kernel.schedule<tile_sizes = [array<i64: 16, 32, 0>, array<i64: 4, 16, 1>], vector_sizes = [4, 16, 1], parallel_dims = [0, 1]>" 12.5 > %t.db.jsonl
// RUN: %strata_python %S/Inputs/tuning-record.py %t.remarks product_dispatch "#kernel.schedule<tile_sizes = [array<i64: 32, 64, 0>, array<i64: 8, 32, 1>], vector_sizes = [8, 32, 1], parallel_dims = [0, 1]>" 30 >> %t.db.jsonl
// RUN: strata-compile %t.mlir --tuning-db=%t.db.jsonl --report-tuning --compile-to=kernel 2>&1 | FileCheck %s --check-prefix=KERNEL
// RUN: strata-compile %t.mlir --tuning-db=%t.db.jsonl -o %t.tuned.smod
// RUN: strata-compile %t.mlir --tuning-db=%t.db.jsonl --no-cache -o %t.again.smod
// RUN: cmp %t.tuned.smod %t.again.smod
// RUN: strata-compile %t.mlir -o %t.heuristic.smod
// RUN: not cmp -s %t.tuned.smod %t.heuristic.smod
// RUN: strata-run %t.tuned.smod --function=entry | FileCheck %s
// A corrupted database: a clear error, no module.
// RUN: echo '{"version": 1, "kernel": "0123"}' > %t.bad.jsonl
// RUN: not strata-compile %t.mlir --tuning-db=%t.bad.jsonl -o %t.bad.smod 2>&1 | FileCheck %s --check-prefix=BAD

// CHECK-COUNT-2: [1.]

// KERNEL-DAG: remark: kernel @product_dispatch_0 (fingerprint {{[0-9a-f]+}}) on #kernel.target<{{.*}}>: schedule from the tuning database
// KERNEL-DAG: remark: kernel @{{.*}}: the heuristics' schedule
// KERNEL-LABEL: kernel.func private @product_dispatch_0
//  KERNEL-SAME: schedule = #kernel.schedule<tile_sizes = [array<i64: 16, 32, 0>, array<i64: 4, 16, 1>], vector_sizes = [4, 16, 1], parallel_dims = [0, 1]>

// BAD: error: {{.*}}bad.jsonl:1: not a tuning record: "kernel" must be a fingerprint of 64 lowercase hex digits

func.func @product(%a: tensor<64x96xf32>, %b: tensor<96x48xf32>) -> tensor<64x48xf32> {
  %0 = graph.matmul %a, %b : tensor<64x96xf32>, tensor<96x48xf32> -> tensor<64x48xf32>
  %1 = graph.relu %0 : tensor<64x48xf32> -> tensor<64x48xf32>
  return %1 : tensor<64x48xf32>
}

func.func @sum(%a: tensor<64x48xf32>) -> tensor<64xf32> {
  %0 = graph.reduce_sum %a {axes = array<i64: 1>, keepdims = false} : tensor<64x48xf32> -> tensor<64xf32>
  return %0 : tensor<64xf32>
}
