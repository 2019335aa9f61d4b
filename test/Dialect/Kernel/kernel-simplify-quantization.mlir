// RUN: strata-opt %s --kernel-simplify-quantization --split-input-file | FileCheck %s

// A requantization's saturation: the clamps into fptoui become ordered
// compare-and-selects (one vmaxps / vminps on x86), and the added zero
// point of +0.0 goes.
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d1)>
// CHECK-LABEL: func.func @saturation
// CHECK: ^bb0(%[[ACC:.*]]: i32, %{{.*}}: i8):
// CHECK: %[[R:.*]] = math.roundeven
// CHECK-NEXT: %[[GT:.*]] = arith.cmpf ogt, %[[R]], %[[ZERO:.*]] : f32
// CHECK-NEXT: %[[LO:.*]] = arith.select %[[GT]], %[[R]], %[[ZERO]] : f32
// CHECK-NEXT: %[[LT:.*]] = arith.cmpf olt, %[[LO]], %[[MAX:.*]] : f32
// CHECK-NEXT: %[[HI:.*]] = arith.select %[[LT]], %[[LO]], %[[MAX]] : f32
// CHECK-NEXT: %[[Q:.*]] = arith.fptoui %[[HI]] : f32 to i8
// CHECK-NEXT: linalg.yield %[[Q]]
// CHECK-NOT: arith.maximumf
func.func @saturation(%acc: tensor<4x16xi32>) -> tensor<4x16xi8> {
  %scale = arith.constant 0.0235294122 : f32
  %zero = arith.constant 0.000000e+00 : f32
  %max = arith.constant 2.550000e+02 : f32
  %0 = tensor.empty() : tensor<4x16xi8>
  %1 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%acc : tensor<4x16xi32>) outs(%0 : tensor<4x16xi8>) {
  ^bb0(%in: i32, %out: i8):
    %f = arith.sitofp %in : i32 to f32
    %q = arith.divf %f, %scale : f32
    %r = math.roundeven %q : f32
    %z = arith.addf %r, %zero : f32
    %lo = arith.maximumf %z, %zero : f32
    %hi = arith.minimumf %lo, %max : f32
    %b = arith.fptoui %hi : f32 to i8
    linalg.yield %b : i8
  } -> tensor<4x16xi8>
  return %1 : tensor<4x16xi8>
}

// -----

// Quantized, dequantized and quantized again in one body (a float batch
// norm between two quantizations): the byte's round trip through fptoui
// and uitofp reads the clamped float; a zero point of 123 stays.
#id = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @round_trip
// CHECK: %[[Z:.*]] = arith.addf %{{.*}}, %{{.*}} : f32
// CHECK: %[[LO:.*]] = arith.select %{{.*}}, %[[Z]], %{{.*}} : f32
// CHECK: %[[HI:.*]] = arith.select %{{.*}}, %[[LO]], %{{.*}} : f32
// CHECK-NOT: arith.uitofp
// CHECK: arith.subf %[[HI]], %{{.*}} : f32
// CHECK: arith.fptoui %{{.*}} : f32 to i8
func.func @round_trip(%x: tensor<4x16xf32>) -> tensor<4x16xi8> {
  %scale = arith.constant 0.168018341 : f32
  %zp = arith.constant 1.230000e+02 : f32
  %zero = arith.constant 0.000000e+00 : f32
  %max = arith.constant 2.550000e+02 : f32
  %bn = arith.constant 1.500000e+00 : f32
  %0 = tensor.empty() : tensor<4x16xi8>
  %1 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<4x16xf32>) outs(%0 : tensor<4x16xi8>) {
  ^bb0(%in: f32, %out: i8):
    %q = arith.divf %in, %scale : f32
    %r = math.roundeven %q : f32
    %z = arith.addf %r, %zp : f32
    %lo = arith.maximumf %z, %zero : f32
    %hi = arith.minimumf %lo, %max : f32
    %b = arith.fptoui %hi : f32 to i8
    %d = arith.uitofp %b : i8 to f32
    %s = arith.subf %d, %zp : f32
    %m = arith.mulf %s, %bn : f32
    %q2 = arith.divf %m, %scale : f32
    %r2 = math.roundeven %q2 : f32
    %lo2 = arith.maximumf %r2, %zero : f32
    %hi2 = arith.minimumf %lo2, %max : f32
    %b2 = arith.fptoui %hi2 : f32 to i8
    linalg.yield %b2 : i8
  } -> tensor<4x16xi8>
  return %1 : tensor<4x16xi8>
}

// -----

// Left alone: a clamp whose float result is also used (a Clip whose output
// stays float: NaN must stay NaN), a clamp by a computed bound, a round
// trip through a wider range than the byte's (0..300) and one of a value
// not rounded to an integer (their clamps, only converted, still become
// selects).
#id = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @left_alone
// CHECK: arith.maximumf
// CHECK: linalg.yield
// CHECK: arith.maximumf
// CHECK: linalg.yield
// CHECK: math.roundeven
// CHECK: %[[B:.*]] = arith.fptoui
// CHECK-NEXT: arith.uitofp %[[B]]
// CHECK: %[[B2:.*]] = arith.fptoui
// CHECK-NEXT: arith.uitofp %[[B2]]
func.func @left_alone(%x: tensor<4x16xf32>, %y: tensor<4x16xf32>) -> (tensor<4x16xi8>, tensor<4x16xf32>, tensor<4x16xi8>, tensor<4x16xf32>, tensor<4x16xf32>) {
  %zero = arith.constant 0.000000e+00 : f32
  %max = arith.constant 2.550000e+02 : f32
  %wide = arith.constant 3.000000e+02 : f32
  %0 = tensor.empty() : tensor<4x16xi8>
  %1 = tensor.empty() : tensor<4x16xf32>
  %2:2 = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<4x16xf32>) outs(%0, %1 : tensor<4x16xi8>, tensor<4x16xf32>) {
  ^bb0(%in: f32, %out: i8, %out2: f32):
    %lo = arith.maximumf %in, %zero : f32
    %b = arith.fptoui %lo : f32 to i8
    linalg.yield %b, %lo : i8, f32
  } -> (tensor<4x16xi8>, tensor<4x16xf32>)
  %3 = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%x, %y : tensor<4x16xf32>, tensor<4x16xf32>) outs(%0 : tensor<4x16xi8>) {
  ^bb0(%in: f32, %bound: f32, %out: i8):
    %lo = arith.maximumf %in, %bound : f32
    %b = arith.fptoui %lo : f32 to i8
    linalg.yield %b : i8
  } -> tensor<4x16xi8>
  %4:2 = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<4x16xf32>) outs(%1, %1 : tensor<4x16xf32>, tensor<4x16xf32>) {
  ^bb0(%in: f32, %out: f32, %out2: f32):
    %r = math.roundeven %in : f32
    %lo = arith.maximumf %r, %zero : f32
    %hi = arith.minimumf %lo, %wide : f32
    %b = arith.fptoui %hi : f32 to i8
    %d = arith.uitofp %b : i8 to f32
    %lo2 = arith.maximumf %in, %zero : f32
    %hi2 = arith.minimumf %lo2, %max : f32
    %b2 = arith.fptoui %hi2 : f32 to i8
    %d2 = arith.uitofp %b2 : i8 to f32
    linalg.yield %d, %d2 : f32, f32
  } -> (tensor<4x16xf32>, tensor<4x16xf32>)
  return %3, %2#1, %2#0, %4#0, %4#1 : tensor<4x16xi8>, tensor<4x16xf32>, tensor<4x16xi8>, tensor<4x16xf32>, tensor<4x16xf32>
}

// -----

// A ReLU6 (Clip(0, 6)) before a quantization to [0, 255] with scale 6/255:
// round(0 / s) = 0 and round(6 / s) = 255, so the saturation subsumes both
// of its clamps; they go, and the quantization's clamps become selects.
#id = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @relu6_before_quantization
// CHECK: ^bb0(%[[X:.*]]: f32, %{{.*}}: i8):
// CHECK-NEXT: %[[Q:.*]] = arith.divf %[[X]], %{{.*}} : f32
// CHECK-NEXT: %[[R:.*]] = math.roundeven %[[Q]] : f32
// CHECK-NEXT: arith.cmpf ogt, %[[R]]
// CHECK-NOT: arith.maximumf
// CHECK-NOT: arith.minimumf
func.func @relu6_before_quantization(%x: tensor<4x16xf32>) -> tensor<4x16xi8> {
  %scale = arith.constant 0.0235294122 : f32
  %zero = arith.constant 0.000000e+00 : f32
  %six = arith.constant 6.000000e+00 : f32
  %max = arith.constant 2.550000e+02 : f32
  %0 = tensor.empty() : tensor<4x16xi8>
  %1 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<4x16xf32>) outs(%0 : tensor<4x16xi8>) {
  ^bb0(%in: f32, %out: i8):
    %relu = arith.maximumf %in, %zero : f32
    %relu6 = arith.minimumf %relu, %six : f32
    %q = arith.divf %relu6, %scale : f32
    %r = math.roundeven %q : f32
    %lo = arith.maximumf %r, %zero : f32
    %hi = arith.minimumf %lo, %max : f32
    %b = arith.fptoui %hi : f32 to i8
    linalg.yield %b : i8
  } -> tensor<4x16xi8>
  return %1 : tensor<4x16xi8>
}

// -----

// With scale 0.05, 6 quantizes to 120: the ReLU6's upper clamp changes
// results and stays; its lower one (0 -> 0) goes. A negative multiplier
// (not non-decreasing) and an inner clamp with a second use keep theirs.
#id = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @clamps_that_stay
// CHECK: ^bb0(%[[X:.*]]: f32, %{{.*}}: i8, %{{.*}}: i8, %{{.*}}: i8, %{{.*}}: f32):
// CHECK-NEXT: %[[SIX:.*]] = arith.minimumf %[[X]], %{{.*}} : f32
// CHECK-NEXT: arith.divf %[[SIX]]
// CHECK: %[[NEG:.*]] = arith.maximumf %[[X]], %{{.*}} : f32
// CHECK-NEXT: arith.mulf %[[NEG]]
// CHECK: %[[SHARED:.*]] = arith.maximumf %[[X]], %{{.*}} : f32
// CHECK-NEXT: arith.divf %[[SHARED]]
func.func @clamps_that_stay(%x: tensor<4x16xf32>) -> (tensor<4x16xi8>, tensor<4x16xi8>, tensor<4x16xi8>, tensor<4x16xf32>) {
  %scale = arith.constant 5.000000e-02 : f32
  %zero = arith.constant 0.000000e+00 : f32
  %six = arith.constant 6.000000e+00 : f32
  %minus = arith.constant -1.000000e+00 : f32
  %max = arith.constant 2.550000e+02 : f32
  %0 = tensor.empty() : tensor<4x16xi8>
  %e = tensor.empty() : tensor<4x16xf32>
  %1:4 = linalg.generic {indexing_maps = [#id, #id, #id, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<4x16xf32>) outs(%0, %0, %0, %e : tensor<4x16xi8>, tensor<4x16xi8>, tensor<4x16xi8>, tensor<4x16xf32>) {
  ^bb0(%in: f32, %out: i8, %out2: i8, %out3: i8, %out4: f32):
    %relu = arith.maximumf %in, %zero : f32
    %relu6 = arith.minimumf %relu, %six : f32
    %q = arith.divf %relu6, %scale : f32
    %r = math.roundeven %q : f32
    %lo = arith.maximumf %r, %zero : f32
    %hi = arith.minimumf %lo, %max : f32
    %b = arith.fptoui %hi : f32 to i8
    %neg = arith.maximumf %in, %minus : f32
    %n = arith.mulf %neg, %minus : f32
    %nr = math.roundeven %n : f32
    %nlo = arith.maximumf %nr, %zero : f32
    %nhi = arith.minimumf %nlo, %max : f32
    %nb = arith.fptoui %nhi : f32 to i8
    %shared = arith.maximumf %in, %zero : f32
    %s = arith.divf %shared, %scale : f32
    %sr = math.roundeven %s : f32
    %slo = arith.maximumf %sr, %zero : f32
    %shi = arith.minimumf %slo, %max : f32
    %sb = arith.fptoui %shi : f32 to i8
    linalg.yield %b, %nb, %sb, %shared : i8, i8, i8, f32
  } -> (tensor<4x16xi8>, tensor<4x16xi8>, tensor<4x16xi8>, tensor<4x16xf32>)
  return %1#0, %1#1, %1#2, %1#3 : tensor<4x16xi8>, tensor<4x16xi8>, tensor<4x16xi8>, tensor<4x16xf32>
}
