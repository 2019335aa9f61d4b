// RUN: strata-opt %s --strata-lower-kernels-cpu -o %t.mlir
// RUN: FileCheck %s --check-prefix=SYMS < %t.mlir
// RUN: FileCheck %s < %t.mlir
// RUN: not grep -q strata_grid_total %t.mlir

// The strata-lower-kernels-cpu pipeline: destination-passing kernels,
// distributed into tiles where they can be, lowered to the LLVM dialect with
// the runtime's entry points. Only the entry points are visible; the kernel
// bodies, their C interfaces and the grid bodies are internal.

// SYMS-NOT: kernel.func
// SYMS-NOT: func.func
// SYMS-NOT: memrefCopy
// SYMS-NOT: strata.kernel_abi
// SYMS-NOT: strata.kernel_export
// SYMS-NOT: strata.distribute
// SYMS-NOT: kernel.schedule
// SYMS-DAG: llvm.func internal @bias_relu(
// SYMS-DAG: llvm.func internal @_mlir_ciface_bias_relu(
// SYMS-DAG: llvm.func internal @__strata_grid_body_bias_relu(
// SYMS-DAG: llvm.func internal @_mlir_ciface___strata_grid_body_bias_relu(
// SYMS-DAG: llvm.func internal @total(
// SYMS-DAG: llvm.func internal @_mlir_ciface_total(
// SYMS-DAG: llvm.func internal @scaled(
// SYMS-DAG: llvm.func internal @__strata_grid_body_scaled(
// SYMS-DAG: llvm.func @strata_kernel_bias_relu(%{{.*}}: !llvm.ptr, %{{.*}}: i64, %{{.*}}: i64) {
// SYMS-DAG: llvm.func @strata_grid_bias_relu(%{{.*}}: !llvm.ptr) -> i64 {
// SYMS-DAG: llvm.func @strata_kernel_total(%{{.*}}: !llvm.ptr, %{{.*}}: i64, %{{.*}}: i64) {
// SYMS-DAG: llvm.func @strata_kernel_scaled(%{{.*}}: !llvm.ptr, %{{.*}}: i64, %{{.*}}: i64) {
// SYMS-DAG: llvm.func @strata_grid_scaled(%{{.*}}: !llvm.ptr) -> i64 {
// A full reduction has no tiles to distribute: no grid function (the
// `not grep` above).

#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d1)>

// The grid of 64 rows in tiles of 4 is 16 tiles: a constant count.
// CHECK-LABEL: llvm.func internal @__strata_grid_body_bias_relu(
// CHECK: %[[N:.*]] = llvm.mlir.constant(16 : index) : i64
// CHECK: llvm.return %[[N]] : i64
kernel.func @bias_relu(%x: tensor<64x32xf32>, %b: tensor<32xf32>) -> tensor<64x32xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x32xf32>
  %add = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]} ins(%x, %b : tensor<64x32xf32>, tensor<32xf32>) outs(%e : tensor<64x32xf32>) {
  ^bb0(%in: f32, %in2: f32, %out: f32):
    %s = arith.addf %in, %in2 : f32
    linalg.yield %s : f32
  } -> tensor<64x32xf32>
  %relu = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%add : tensor<64x32xf32>) outs(%e : tensor<64x32xf32>) {
  ^bb0(%in: f32, %out: f32):
    %m = arith.maximumf %in, %zero : f32
    linalg.yield %m : f32
  } -> tensor<64x32xf32>
  kernel.return %relu : tensor<64x32xf32>
}

kernel.func @total(%x: tensor<256xf32>) -> tensor<f32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<f32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<f32>) -> tensor<f32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> ()>], iterator_types = ["reduction"]} ins(%x : tensor<256xf32>) outs(%f : tensor<f32>) {
  ^bb0(%in: f32, %out: f32):
    %s = arith.addf %in, %out : f32
    linalg.yield %s : f32
  } -> tensor<f32>
  kernel.return %r : tensor<f32>
}

// An i64 scalar argument and a dynamic dim: the scalar is loaded through its
// pointer in the entry point; the count is ceil(rows / 8).
// CHECK-LABEL: llvm.func internal @__strata_grid_body_scaled(
// CHECK: llvm.mlir.constant(8 : index) : i64
// CHECK: llvm.return
// CHECK-LABEL: llvm.func @strata_kernel_scaled(
// CHECK: llvm.getelementptr %{{.*}}[1] : (!llvm.ptr) -> !llvm.ptr, !llvm.ptr
// CHECK-NEXT: %[[P:.*]] = llvm.load %{{.*}} : !llvm.ptr -> !llvm.ptr
// CHECK-NEXT: llvm.load %[[P]] : !llvm.ptr -> i64
// CHECK: llvm.call @_mlir_ciface_scaled(
kernel.func @scaled(%x: tensor<?x16xi64>, %k: i64) -> tensor<?x16xi64> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x16xi64>
  %e = tensor.empty(%n) : tensor<?x16xi64>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<?x16xi64>) outs(%e : tensor<?x16xi64>) {
  ^bb0(%in: i64, %out: i64):
    %m = arith.muli %in, %k : i64
    linalg.yield %m : i64
  } -> tensor<?x16xi64>
  kernel.return %r : tensor<?x16xi64>
}
