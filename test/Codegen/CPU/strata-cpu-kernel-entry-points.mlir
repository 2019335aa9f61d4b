// RUN: strata-opt %s --strata-cpu-kernel-entry-points -split-input-file | FileCheck %s

// strata-cpu-kernel-entry-points, on the LLVM dialect: every function marked
// strata.kernel_abi gets `void strata_kernel_<name>(ptr args, i64 begin,
// i64 end)`, loading argument i from args[i] (a descriptor pointer, or a
// pointer to an i64 scalar) and calling _mlir_ciface_<name>; every
// __strata_grid_body_<name> (strata.kernel_export) gets
// `i64 strata_grid_<name>(ptr args)`, called with an empty tile range.
// Every other defined function becomes internal, the kernels and their C
// interfaces always_inline (one caller each); declarations stay external;
// the marker attributes are dropped.

// CHECK-LABEL: llvm.func @malloc(i64) -> !llvm.ptr
// CHECK-NOT: llvm.func @k(
// CHECK: llvm.func internal @k({{.*}} attributes {always_inline}
// CHECK-NOT: strata.kernel_abi
// CHECK-NOT: llvm.emit_c_interface
// CHECK: llvm.func internal @_mlir_ciface_k({{.*}} attributes {always_inline}
// CHECK: llvm.func internal @__strata_grid_body_k(
// CHECK-NOT: strata.kernel_export
// CHECK: llvm.func internal @_mlir_ciface___strata_grid_body_k(
// CHECK: llvm.func internal @helper() {

// The kernel's entry point: (buffer, i64 scalar, output buffer).
// CHECK-LABEL: llvm.func @strata_kernel_k(
// CHECK-SAME: %[[ARGS:.*]]: !llvm.ptr, %[[BEGIN:.*]]: i64, %[[END:.*]]: i64) {
// CHECK: %[[S0:.*]] = llvm.getelementptr %[[ARGS]][0] : (!llvm.ptr) -> !llvm.ptr, !llvm.ptr
// CHECK: %[[A0:.*]] = llvm.load %[[S0]] : !llvm.ptr -> !llvm.ptr
// CHECK: %[[S1:.*]] = llvm.getelementptr %[[ARGS]][1] : (!llvm.ptr) -> !llvm.ptr, !llvm.ptr
// CHECK: %[[P1:.*]] = llvm.load %[[S1]] : !llvm.ptr -> !llvm.ptr
// CHECK: %[[A1:.*]] = llvm.load %[[P1]] : !llvm.ptr -> i64
// CHECK: %[[S2:.*]] = llvm.getelementptr %[[ARGS]][2] : (!llvm.ptr) -> !llvm.ptr, !llvm.ptr
// CHECK: %[[A2:.*]] = llvm.load %[[S2]] : !llvm.ptr -> !llvm.ptr
// CHECK: llvm.call @_mlir_ciface_k(%[[A0]], %[[A1]], %[[A2]], %[[BEGIN]], %[[END]]) : (!llvm.ptr, i64, !llvm.ptr, i64, i64) -> ()
// CHECK-NEXT: llvm.return
// The grid entry point: the same arguments, tiles [0, 0).
// CHECK-LABEL: llvm.func @strata_grid_k(
// CHECK-SAME: %[[GARGS:.*]]: !llvm.ptr) -> i64 {
// CHECK: llvm.getelementptr %[[GARGS]][0]
// CHECK: llvm.getelementptr %[[GARGS]][1]
// CHECK: llvm.getelementptr %[[GARGS]][2]
// CHECK: %[[ZERO:.*]] = llvm.mlir.constant(0 : i64) : i64
// CHECK: %[[N:.*]] = llvm.call @_mlir_ciface___strata_grid_body_k(%{{.*}}, %{{.*}}, %{{.*}}, %[[ZERO]], %[[ZERO]]) : (!llvm.ptr, i64, !llvm.ptr, i64, i64) -> i64
// CHECK-NEXT: llvm.return %[[N]] : i64
// A kernel without a grid function has no strata_grid_.
// CHECK-LABEL: llvm.func @strata_kernel_solo(
// CHECK-NOT: strata_grid_solo
module {
  llvm.func @malloc(i64) -> !llvm.ptr
  llvm.func @k(%a: !llvm.ptr, %s: i64, %o: !llvm.ptr, %b: i64, %e: i64) attributes {strata.kernel_abi = 1 : i64, llvm.emit_c_interface} {
    llvm.return
  }
  llvm.func @_mlir_ciface_k(%a: !llvm.ptr, %s: i64, %o: !llvm.ptr, %b: i64, %e: i64) attributes {strata.kernel_abi = 1 : i64, llvm.emit_c_interface} {
    llvm.call @k(%a, %s, %o, %b, %e) : (!llvm.ptr, i64, !llvm.ptr, i64, i64) -> ()
    llvm.return
  }
  llvm.func @__strata_grid_body_k(%a: !llvm.ptr, %s: i64, %o: !llvm.ptr, %b: i64, %e: i64) -> i64 attributes {strata.kernel_export, llvm.emit_c_interface} {
    llvm.return %s : i64
  }
  llvm.func @_mlir_ciface___strata_grid_body_k(%a: !llvm.ptr, %s: i64, %o: !llvm.ptr, %b: i64, %e: i64) -> i64 attributes {strata.kernel_export, llvm.emit_c_interface} {
    %n = llvm.call @__strata_grid_body_k(%a, %s, %o, %b, %e) : (!llvm.ptr, i64, !llvm.ptr, i64, i64) -> i64
    llvm.return %n : i64
  }
  llvm.func @helper() {
    llvm.return
  }
  llvm.func @solo(%o: !llvm.ptr, %b: i64, %e: i64) attributes {strata.kernel_abi = 1 : i64, llvm.emit_c_interface} {
    llvm.return
  }
  llvm.func @_mlir_ciface_solo(%o: !llvm.ptr, %b: i64, %e: i64) attributes {strata.kernel_abi = 1 : i64, llvm.emit_c_interface} {
    llvm.return
  }
}
