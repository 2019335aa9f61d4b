// strata-tune with a tiny budget: the heuristics' time of each kernel, then
// the trials (the kernel with the most to gain first: its share of the
// time and its distance from its roofline), a summary table,
// and a database that strata-compile takes the fastest schedule from. A
// second run on the same database measures no schedule again. Candidates
// that hang, crash or compute other values (the faulty tools of
// Inputs/faulty-bin) are recorded as failed, and the tuner goes on.
// REQUIRES: strata-python
// RUN: rm -rf %t && mkdir -p %t
// RUN: %strata_python %strata_src_root/tools/strata-tune/strata-tune %s --trials=6 --db=%t/db.jsonl --bin-dir=%strata_obj_root/bin --json=%t/summary.json | FileCheck %s
// RUN: strata-compile %s --tuning-db=%t/db.jsonl --report-tuning -o %t/tuned.smod 2>&1 | FileCheck %s --check-prefix=COMPILE
// RUN: strata-run %t/tuned.smod --function=product --input=64x96xf32=0.5 --input=96x48xf32=-1 | FileCheck %s --check-prefix=VALUES
// RUN: %strata_python -c "import sys; print(sum(1 for _ in open(sys.argv[1])))" %t/db.jsonl > %t/first-run-records.txt
// RUN: %strata_python %strata_src_root/tools/strata-tune/strata-tune %s --trials=6 --db=%t/db.jsonl --bin-dir=%strata_obj_root/bin > %t/again.txt
// RUN: %strata_python %S/Inputs/measured-again.py %t/db.jsonl %t/first-run-records.txt | FileCheck %s --check-prefix=RESUMED
// RUN: env STRATA_REAL_BIN=%strata_obj_root/bin STRATA_FAULT=hang %strata_python %strata_src_root/tools/strata-tune/strata-tune %s --trials=2 --timeout=5 --db=%t/hang.jsonl --bin-dir=%S/Inputs/faulty-bin | FileCheck %s --check-prefix=FAULTY
// RUN: FileCheck %s --check-prefix=HANG < %t/hang.jsonl
// RUN: env STRATA_REAL_BIN=%strata_obj_root/bin STRATA_FAULT=crash %strata_python %strata_src_root/tools/strata-tune/strata-tune %s --trials=2 --db=%t/crash.jsonl --bin-dir=%S/Inputs/faulty-bin | FileCheck %s --check-prefix=FAULTY
// RUN: FileCheck %s --check-prefix=CRASH < %t/crash.jsonl
// RUN: env STRATA_REAL_BIN=%strata_obj_root/bin STRATA_PYTHON=%strata_python STRATA_FAULT=wrong %strata_python %strata_src_root/tools/strata-tune/strata-tune %s --trials=2 --db=%t/wrong.jsonl --bin-dir=%S/Inputs/faulty-bin | FileCheck %s --check-prefix=FAULTY
// RUN: FileCheck %s --check-prefix=WRONG < %t/wrong.jsonl
// Bad options and inputs.
// RUN: not %strata_python %strata_src_root/tools/strata-tune/strata-tune %s --db=%t/x.jsonl 2>&1 | FileCheck %s --check-prefix=NOBUDGET
// RUN: not %strata_python %strata_src_root/tools/strata-tune/strata-tune %s --external=nonesuch --db=%t/x.jsonl --bin-dir=%strata_obj_root/bin 2>&1 | FileCheck %s --check-prefix=EXTERNAL
// RUN: not %strata_python %strata_src_root/tools/strata-tune/strata-tune %t/missing.mlir --trials=1 --db=%t/x.jsonl 2>&1 | FileCheck %s --check-prefix=NOMODEL
// RUN: echo 'not a record' > %t/corrupt.jsonl
// RUN: not %strata_python %strata_src_root/tools/strata-tune/strata-tune %s --trials=1 --db=%t/corrupt.jsonl --bin-dir=%strata_obj_root/bin 2>&1 | FileCheck %s --check-prefix=CORRUPT

// CHECK: [heuristics 1/2] product_dispatch_0: {{[0-9.]+}} us x 1
// CHECK: [heuristics 2/2] sum_dispatch_0: {{[0-9.]+}} us x 1
// CHECK: [1/6] product_dispatch_0: {{[0-9.]+}} us (heuristic {{[0-9.]+}} us, best {{[0-9.]+}}x) model {{[0-9.]+}}x
// CHECK: [6/6] {{(product|sum)}}_dispatch_0:
// CHECK: kernel share heuristic tuned speedup roofline
// CHECK: product_dispatch_0 {{[0-9.]+}}% {{[0-9.]+}} us {{[0-9.]+}} us {{[0-9.]+}}x {{ *[0-9]+}}% -> {{ *[0-9]+}}% {{(compute|memory)}}
// CHECK: sum_dispatch_0
// CHECK: kernels' time per run: {{[0-9.]+}} us with the heuristics, {{[0-9.]+}} us tuned ({{[0-9.]+}}x), tuning took {{[0-9]+}} s
// CHECK: roofs: {{[0-9]+}} GFLOP/s, {{[0-9]+}} GB/s at 256 KiB to {{[0-9]+}} GB/s at 256 MiB; kernels at 80% of their roofline or more with the heuristics: {{[0-9]+}}% of the kernels' time
// CHECK: model: not timed (no @main with static tensor arguments)

// COMPILE-DAG: remark: kernel @product_dispatch_0 {{.*}}: schedule from the tuning database
// COMPILE-DAG: remark: kernel @sum_dispatch_0 {{.*}}: schedule from the tuning database

// relu(0.5 * -1 * 96) = 0 everywhere.
// VALUES: result[0]: tensor<64x48xf32>
// VALUES-NOT: {{[1-9]}}.

// RESUMED: new records True, candidates measured again 0

// FAULTY: [1/2] product_dispatch_0: failed
// FAULTY: [2/2] {{(product|sum)}}_dispatch_0: failed
// HANG: "error":"strata-bench timed out after 5.0 s"
// CRASH: "error":"strata-run crashed (signal 11)"
// WRONG: "error":"computed other values than the heuristic kernel"

// NOBUDGET: error: one of --trials, --time-budget or --external is required
// EXTERNAL: strata-tune: error: cannot compile {{.*}}: strata-compile failed: {{.*}}unknown external backend 'nonesuch' (known: dnnl)
// NOMODEL: error: {{.*}}missing.mlir: no such file
// CORRUPT: strata-tune: error: {{.*}}corrupt.jsonl:1: not a tuning record

func.func @product(%a: tensor<64x96xf32>, %b: tensor<96x48xf32>) -> tensor<64x48xf32> {
  %0 = graph.matmul %a, %b : tensor<64x96xf32>, tensor<96x48xf32> -> tensor<64x48xf32>
  %1 = graph.relu %0 : tensor<64x48xf32> -> tensor<64x48xf32>
  return %1 : tensor<64x48xf32>
}

func.func @sum(%a: tensor<64x48xf32>) -> tensor<64xf32> {
  %0 = graph.reduce_sum %a {axes = array<i64: 1>, keepdims = false} : tensor<64x48xf32> -> tensor<64xf32>
  return %0 : tensor<64xf32>
}
