// kernel-select-schedule with a tuning database: a kernel.func the
// database has measured on the module's target gets the fastest schedule
// measured there (not a failed one, not one of another target); a record
// that does not fit its kernel is a warning and the heuristics decide; a
// schedule given by hand wins over the database. `report-tuning` names
// each kernel's fingerprint (names and schedules aside: @kernel_add and
// @kernel_given share one) and target. An unreadable or corrupted database
// is an error naming its file and line.
// RUN: strata-opt %s --kernel-select-schedule="tuning-db=%S/Inputs/tuning-db.jsonl report-tuning" -split-input-file -verify-diagnostics | FileCheck %s
// RUN: not strata-opt %s --kernel-select-schedule="tuning-db=%S/Inputs/tuning-db-corrupt.jsonl" -split-input-file 2>&1 | FileCheck %s --check-prefix=CORRUPT
// RUN: not strata-opt %s --kernel-select-schedule="tuning-db=%t.missing.jsonl" -split-input-file 2>&1 | FileCheck %s --check-prefix=MISSING

// CORRUPT: error: {{.*}}tuning-db-corrupt.jsonl:2: not a tuning record: no "schedule"
// MISSING: error: cannot read the tuning database {{.*}}missing.jsonl: No such file or directory

module attributes {kernel.target = #kernel.target<triple = "x86_64-unknown-linux-gnu", cpu = "skylake-avx512", features = "+avx512f", vector_bits = 512, l1_bytes = 49152, l2_bytes = 2097152, cores = 2>} {

// CHECK-LABEL: kernel.func @kernel_matmul
//  CHECK-SAME: attributes {schedule = #kernel.schedule<tile_sizes = [array<i64: 128, 128, 256>, array<i64: 8, 32, 8>], vector_sizes = [8, 32, 8], parallel_dims = [0, 1]>}
//       CHECK:   linalg.matmul {kernel.schedule = #kernel.schedule<tile_sizes = [array<i64: 128, 128, 256>, array<i64: 8, 32, 8>], vector_sizes = [8, 32, 8], parallel_dims = [0, 1]>}
// expected-remark @below {{kernel @kernel_matmul (fingerprint faa81fa9b614df49dff5f7edcef11a35eb238c1567ffed0c8017faa0ffa311fe) on #kernel.target<triple = "x86_64-unknown-linux-gnu", cpu = "skylake-avx512", features = "+avx512f", vector_bits = 512, l1_bytes = 49152, l2_bytes = 2097152, cores = 2>: schedule from the tuning database}}
kernel.func @kernel_matmul(%a: tensor<512x512xf32>, %b: tensor<512x512xf32>, %c: tensor<512x512xf32>) -> tensor<512x512xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<512x512xf32>, tensor<512x512xf32>) outs(%c : tensor<512x512xf32>) -> tensor<512x512xf32>
  kernel.return %r : tensor<512x512xf32>
}

// The database's schedule of this kernel has three tile sizes for its two
// loops: the heuristics' schedule instead.
// CHECK-LABEL: kernel.func @kernel_add
//  CHECK-SAME: attributes {schedule = #kernel.schedule<tile_sizes = [array<i64: 1, 0>], vector_sizes = [1, 64], parallel_dims = [0]>}
// expected-warning @below {{the schedule measured for kernel cc8a3da5bf104fa083efd994da5abd06ad84d223ea26ac42e4783a634f417403 does not fit it, using the heuristics' (#kernel.schedule<tile_sizes = [array<i64: 2, 32, 4>], vector_sizes = [], parallel_dims = [0]> is not a schedule of 2 loops)}}
// expected-remark @below {{fingerprint cc8a3da5bf104fa083efd994da5abd06ad84d223ea26ac42e4783a634f417403}}
kernel.func @kernel_add(%a: tensor<8x64xf32>, %b: tensor<8x64xf32>) -> tensor<8x64xf32> {
  %e = tensor.empty() : tensor<8x64xf32>
  %r = linalg.add ins(%a, %b : tensor<8x64xf32>, tensor<8x64xf32>) outs(%e : tensor<8x64xf32>) -> tensor<8x64xf32>
  kernel.return %r : tensor<8x64xf32>
}

// A schedule given by hand: kept, the database not consulted.
// CHECK-LABEL: kernel.func @kernel_given
//  CHECK-SAME: attributes {schedule = #kernel.schedule<tile_sizes = [array<i64: 2, 32>], vector_sizes = [2, 32], parallel_dims = [0]>}
// expected-remark @below {{kernel @kernel_given (fingerprint cc8a3da5bf104fa083efd994da5abd06ad84d223ea26ac42e4783a634f417403) on #kernel.target<triple = "x86_64-unknown-linux-gnu", cpu = "skylake-avx512", features = "+avx512f", vector_bits = 512, l1_bytes = 49152, l2_bytes = 2097152, cores = 2>: schedule not chosen here}}
kernel.func @kernel_given(%a: tensor<8x64xf32>, %b: tensor<8x64xf32>) -> tensor<8x64xf32>
    attributes {schedule = #kernel.schedule<tile_sizes = [array<i64: 2, 32>], vector_sizes = [2, 32], parallel_dims = [0]>} {
  %e = tensor.empty() : tensor<8x64xf32>
  %r = linalg.add ins(%a, %b : tensor<8x64xf32>, tensor<8x64xf32>) outs(%e : tensor<8x64xf32>) -> tensor<8x64xf32>
  kernel.return %r : tensor<8x64xf32>
}

}

// -----

// Another target (haswell): the database's record for it wins there.
// CHECK-LABEL: kernel.func @kernel_matmul_haswell
//  CHECK-SAME: attributes {schedule = #kernel.schedule<tile_sizes = [array<i64: 32, 32, 32>, array<i64: 4, 16, 1>], vector_sizes = [4, 16, 1], parallel_dims = [0, 1]>}
module attributes {kernel.target = #kernel.target<triple = "x86_64-unknown-linux-gnu", cpu = "haswell", features = "+avx2,+fma", vector_bits = 256, l1_bytes = 32768, l2_bytes = 262144, cores = 4>} {
// expected-remark @below {{schedule from the tuning database}}
kernel.func @kernel_matmul_haswell(%a: tensor<512x512xf32>, %b: tensor<512x512xf32>, %c: tensor<512x512xf32>) -> tensor<512x512xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<512x512xf32>, tensor<512x512xf32>) outs(%c : tensor<512x512xf32>) -> tensor<512x512xf32>
  kernel.return %r : tensor<512x512xf32>
}
}
