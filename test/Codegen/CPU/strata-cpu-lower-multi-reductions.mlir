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

// A masked float max/min (a partial tile) becomes an unmasked reduction of
// its lanes with the masked-off ones -inf (+inf for min): a masked-off lane
// must never win, not even over negative values (issue 17). Masked sums
// keep upstream's lowering.
// CHECK-LABEL: func.func @masked_row_max
// CHECK-SAME: (%[[V:.*]]: vector<1x32xf32>, %[[ACC:.*]]: vector<1xf32>, %[[M:.*]]: vector<1x32xi1>)
// CHECK-DAG: %[[NEG_INF:.*]] = arith.constant dense<0xFF800000> : vector<32xf32>
// CHECK-DAG: %[[MASK:.*]] = vector.extract %[[M]][0]
// CHECK-DAG: %[[ROW:.*]] = vector.extract %[[V]][0]
// CHECK: %[[LANES:.*]] = arith.select %[[MASK]], %[[ROW]], %[[NEG_INF]] : vector<32xi1>, vector<32xf32>
// CHECK: vector.reduction <maximumf>, %[[LANES]], %{{.*}} : vector<32xf32> into f32
// CHECK-NOT: vector.mask
func.func @masked_row_max(%v: vector<1x32xf32>, %acc: vector<1xf32>, %m: vector<1x32xi1>) -> vector<1xf32> {
  %r = vector.mask %m { vector.multi_reduction <maximumf>, %v, %acc [1] : vector<1x32xf32> to vector<1xf32> } : vector<1x32xi1> -> vector<1xf32>
  return %r : vector<1xf32>
}

// CHECK-LABEL: func.func @masked_min_and_sum
// CHECK: arith.constant dense<0x7F800000> : vector<8xf32>
// CHECK: arith.select
// CHECK: vector.reduction <minnumf>
// CHECK: vector.mask %{{.*}} { vector.reduction <add>
func.func @masked_min_and_sum(%v: vector<8xf32>, %acc: f32, %m: vector<8xi1>) -> (f32, f32) {
  %min = vector.mask %m { vector.reduction <minnumf>, %v, %acc : vector<8xf32> into f32 } : vector<8xi1> -> f32
  %sum = vector.mask %m { vector.reduction <add>, %v, %acc : vector<8xf32> into f32 } : vector<8xi1> -> f32
  return %min, %sum : f32, f32
}
