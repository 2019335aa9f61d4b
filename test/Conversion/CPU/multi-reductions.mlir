// RUN: strata-opt %s --strata-cpu-lower-multi-reductions | FileCheck %s

// A reduction of the innermost dim becomes one horizontal vector.reduction
// per row (not one extract and one scalar maximumf per element).
// CHECK-LABEL: func.func @row_max
// CHECK-COUNT-2: vector.reduction <maximumf>, %{{.*}}, %{{.*}} : vector<64xf32> into f32
// CHECK-NOT: vector.multi_reduction
func.func @row_max(%v: vector<2x64xf32>, %acc: vector<2xf32>) -> vector<2xf32> {
  %r = vector.multi_reduction <maximumf>, %v, %acc [1] : vector<2x64xf32> to vector<2xf32>
  return %r : vector<2xf32>
}

// A reduction of an outer dim stays elementwise across whole rows.
// CHECK-LABEL: func.func @column_sum
// CHECK-NOT: vector.reduction
// CHECK-COUNT-4: arith.addf {{.*}} : vector<16xf32>
// CHECK-NOT: vector.multi_reduction
func.func @column_sum(%v: vector<4x16xf32>, %acc: vector<16xf32>) -> vector<16xf32> {
  %r = vector.multi_reduction <add>, %v, %acc [0] : vector<4x16xf32> to vector<16xf32>
  return %r : vector<16xf32>
}
