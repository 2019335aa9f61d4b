// RUN: strata-opt %s --strata-order-globals | FileCheck %s

// Private globals are renamed __strata_constant_<i> in the order of their
// first use and moved to the top of the module in that order; public ones
// keep their names.

// CHECK-LABEL: module {
// CHECK-NEXT: memref.global "private" constant @__strata_constant_0 : memref<2xf32> = dense<[3.000000e+00, 4.000000e+00]>
// CHECK-NEXT: memref.global "private" constant @__strata_constant_1 : memref<2xf32> = dense<[1.000000e+00, 2.000000e+00]>
// CHECK: memref.global @public_table : memref<2xf32> = dense<5.000000e+00>
// CHECK: func.func @first
// CHECK-NEXT: memref.get_global @__strata_constant_0
// CHECK: func.func @second
// CHECK-NEXT: memref.get_global @__strata_constant_1
// CHECK-NEXT: memref.get_global @__strata_constant_0
// CHECK-NEXT: memref.get_global @public_table
memref.global "private" constant @__constant_2xf32 : memref<2xf32> = dense<[1.0, 2.0]>
memref.global "private" constant @__constant_2xf32_0 : memref<2xf32> = dense<[3.0, 4.0]>
memref.global @public_table : memref<2xf32> = dense<5.0>
func.func @first() -> memref<2xf32> {
  %0 = memref.get_global @__constant_2xf32_0 : memref<2xf32>
  return %0 : memref<2xf32>
}
func.func @second() -> (memref<2xf32>, memref<2xf32>, memref<2xf32>) {
  %0 = memref.get_global @__constant_2xf32 : memref<2xf32>
  %1 = memref.get_global @__constant_2xf32_0 : memref<2xf32>
  %2 = memref.get_global @public_table : memref<2xf32>
  return %0, %1, %2 : memref<2xf32>, memref<2xf32>, memref<2xf32>
}
