// RUN: strata-opt %s --strata-cpu-drop-foreign-attributes | FileCheck %s

// The fastmath flags arith-to-llvm leaves on fpext/fptrunc and every
// discardable kernel.* attribute go; other attributes stay.

// CHECK-LABEL: module {
// CHECK-NOT: kernel.target
module attributes {kernel.target = #kernel.target<triple = "x86_64-unknown-linux-gnu", cpu = "haswell">} {
  // CHECK: llvm.func @round_trip(%[[X:.*]]: f32) -> f32 attributes {keep = 1 : i64} {
  llvm.func @round_trip(%x: f32) -> f32 attributes {kernel.schedule = #kernel.schedule<tile_sizes = [], vector_sizes = [], parallel_dims = []>, keep = 1} {
    // CHECK-NEXT: %[[H:.*]] = llvm.fptrunc %[[X]] : f32 to f16
    // CHECK-NEXT: %[[E:.*]] = llvm.fpext %[[H]] : f16 to f32
    // CHECK-NEXT: %[[S:.*]] = llvm.fadd %[[E]], %[[E]] {fastmath = #llvm.fastmath<contract>} : f32
    %h = llvm.fptrunc %x {fastmath = #arith.fastmath<contract>} : f32 to f16
    %e = llvm.fpext %h {fastmath = #arith.fastmath<contract>} : f16 to f32
    %s = llvm.fadd %e, %e {fastmath = #llvm.fastmath<contract>} : f32
    llvm.return %s : f32
  }
}
