// Every elementwise graph op through the whole CPU path.
// Each function is compiled into a module (strata-compile: graph pipeline,
// kernels, device program, .smod) and run by the runtime (strata-run, on one
// and two threads, and once without vectorization) on pseudo-random inputs;
// the @entry that test-graph-build-e2e adds compares each result with the
// reference evaluator and returns [1.] when they match.
// RUN: strata-opt %s --test-graph-build-e2e=return-checks -o %t.mlir
// RUN: strata-compile %t.mlir -o %t.smod
// RUN: strata-run %t.smod --function=entry | FileCheck %s
// RUN: strata-run %t.smod --function=entry --threads=2 | FileCheck %s
// RUN: strata-compile %t.mlir --vectorize=false -o %t.0.smod
// RUN: strata-run %t.0.smod --function=entry | FileCheck %s
// The CUDA schedules, tiling and thread mapping, run on this CPU (the
// CUDA emulator); and PTX for sm_80 and sm_90 (cubins when ptxas is here).
// RUN: strata-compile %t.mlir --target=cuda-emulator -o %t.emu.smod
// RUN: strata-run %t.emu.smod --function=entry | FileCheck %s
// RUN: strata-compile %t.mlir --target=cuda:sm_80 -o %t.sm80.smod
// RUN: strata-compile %t.mlir --target=cuda:sm_90 -o %t.sm90.smod
// RUN: strata-dump %t.sm90.smod --section=library | FileCheck %s --check-prefixes=%cuda_lib_prefixes
// CHECK-COUNT-52: {{^}}[1.]
// CHECK-NOT: {{^}}[0.]
// CUDA-LIB: kernel library (cuda): {{[0-9]+}} kernels for sm_90
// CUDA-LIB-NOT: PTX 0 bytes
// CUDA-CUBIN-NOT: cubin none

func.func @neg_0(%x: tensor<3x7xf32>) -> tensor<3x7xf32> {
  %0 = graph.neg %x : tensor<3x7xf32> -> tensor<3x7xf32>
  return %0 : tensor<3x7xf32>
}

func.func @abs_1(%x: tensor<3x7xf32>) -> tensor<3x7xf32> {
  %0 = graph.abs %x : tensor<3x7xf32> -> tensor<3x7xf32>
  return %0 : tensor<3x7xf32>
}

func.func @exp_2(%x: tensor<3x7xf32>) -> tensor<3x7xf32> {
  %0 = graph.exp %x : tensor<3x7xf32> -> tensor<3x7xf32>
  return %0 : tensor<3x7xf32>
}

func.func @sqrt_3(%x: tensor<3x7xf32>) -> tensor<3x7xf32> {
  %0 = graph.sqrt %x : tensor<3x7xf32> -> tensor<3x7xf32>
  return %0 : tensor<3x7xf32>
}

func.func @tanh_4(%x: tensor<3x7xf32>) -> tensor<3x7xf32> {
  %0 = graph.tanh %x : tensor<3x7xf32> -> tensor<3x7xf32>
  return %0 : tensor<3x7xf32>
}

func.func @sigmoid_5(%x: tensor<3x7xf32>) -> tensor<3x7xf32> {
  %0 = graph.sigmoid %x : tensor<3x7xf32> -> tensor<3x7xf32>
  return %0 : tensor<3x7xf32>
}

func.func @relu_6(%x: tensor<3x7xf32>) -> tensor<3x7xf32> {
  %0 = graph.relu %x : tensor<3x7xf32> -> tensor<3x7xf32>
  return %0 : tensor<3x7xf32>
}

func.func @erf_7(%x: tensor<3x7xf32>) -> tensor<3x7xf32> {
  %0 = graph.erf %x : tensor<3x7xf32> -> tensor<3x7xf32>
  return %0 : tensor<3x7xf32>
}

func.func @floor_8(%x: tensor<3x7xf32>) -> tensor<3x7xf32> {
  %0 = graph.floor %x : tensor<3x7xf32> -> tensor<3x7xf32>
  return %0 : tensor<3x7xf32>
}

func.func @ceil_9(%x: tensor<3x7xf32>) -> tensor<3x7xf32> {
  %0 = graph.ceil %x : tensor<3x7xf32> -> tensor<3x7xf32>
  return %0 : tensor<3x7xf32>
}

func.func @round_10(%x: tensor<3x7xf32>) -> tensor<3x7xf32> {
  %0 = graph.round %x : tensor<3x7xf32> -> tensor<3x7xf32>
  return %0 : tensor<3x7xf32>
}

func.func @sign_11(%x: tensor<3x7xf32>) -> tensor<3x7xf32> {
  %0 = graph.sign %x : tensor<3x7xf32> -> tensor<3x7xf32>
  return %0 : tensor<3x7xf32>
}

func.func @log_12(%x: tensor<7xf32>) -> tensor<7xf32> {
  %0 = graph.log %x : tensor<7xf32> -> tensor<7xf32>
  return %0 : tensor<7xf32>
}

func.func @leaky_relu_13(%x: tensor<3x7xf32>) -> tensor<3x7xf32> {
  %0 = graph.leaky_relu %x {alpha = 0.2 : f32} : tensor<3x7xf32> -> tensor<3x7xf32>
  return %0 : tensor<3x7xf32>
}

func.func @gelu_14(%x: tensor<3x7xf32>) -> tensor<3x7xf32> {
  %0 = graph.gelu %x : tensor<3x7xf32> -> tensor<3x7xf32>
  return %0 : tensor<3x7xf32>
}

func.func @gelu_15(%x: tensor<3x7xf32>) -> tensor<3x7xf32> {
  %0 = graph.gelu %x {approximate = #graph.gelu_approximation<tanh>} : tensor<3x7xf32> -> tensor<3x7xf32>
  return %0 : tensor<3x7xf32>
}

func.func @clip_16(%x: tensor<3x7xf32>) -> tensor<3x7xf32> {
  %0 = graph.clip %x {min = -0.5, max = 0.25} : tensor<3x7xf32> -> tensor<3x7xf32>
  return %0 : tensor<3x7xf32>
}

func.func @neg_17(%x: tensor<5xi32>) -> tensor<5xi32> {
  %0 = graph.neg %x : tensor<5xi32> -> tensor<5xi32>
  return %0 : tensor<5xi32>
}

func.func @abs_18(%x: tensor<1000xi64>) -> tensor<1000xi64> {
  %0 = graph.abs %x : tensor<1000xi64> -> tensor<1000xi64>
  return %0 : tensor<1000xi64>
}

// A 2-D integer abs vectorizes to 2-D vectors (math.absi had no lowering
// for them).
func.func @abs_18_2d(%x: tensor<4x37xi32>) -> tensor<4x37xi32> {
  %0 = graph.abs %x : tensor<4x37xi32> -> tensor<4x37xi32>
  return %0 : tensor<4x37xi32>
}

func.func @not_19(%x: tensor<6xi1>) -> tensor<6xi1> {
  %0 = graph.not %x : tensor<6xi1> -> tensor<6xi1>
  return %0 : tensor<6xi1>
}

func.func @exp_20(%x: tensor<4x5xf16>) -> tensor<4x5xf16> {
  %0 = graph.exp %x : tensor<4x5xf16> -> tensor<4x5xf16>
  return %0 : tensor<4x5xf16>
}

func.func @relu_21(%x: tensor<9xbf16>) -> tensor<9xbf16> {
  %0 = graph.relu %x : tensor<9xbf16> -> tensor<9xbf16>
  return %0 : tensor<9xbf16>
}

func.func @add_22(%a: tensor<2x3x7xf32>, %b: tensor<7xf32>) -> tensor<2x3x7xf32> {
  %0 = graph.add %a, %b : tensor<2x3x7xf32>, tensor<7xf32> -> tensor<2x3x7xf32>
  return %0 : tensor<2x3x7xf32>
}

func.func @sub_23(%a: tensor<2x3x7xf32>, %b: tensor<7xf32>) -> tensor<2x3x7xf32> {
  %0 = graph.sub %a, %b : tensor<2x3x7xf32>, tensor<7xf32> -> tensor<2x3x7xf32>
  return %0 : tensor<2x3x7xf32>
}

func.func @mul_24(%a: tensor<2x3x7xf32>, %b: tensor<7xf32>) -> tensor<2x3x7xf32> {
  %0 = graph.mul %a, %b : tensor<2x3x7xf32>, tensor<7xf32> -> tensor<2x3x7xf32>
  return %0 : tensor<2x3x7xf32>
}

func.func @max_25(%a: tensor<2x3x7xf32>, %b: tensor<7xf32>) -> tensor<2x3x7xf32> {
  %0 = graph.max %a, %b : tensor<2x3x7xf32>, tensor<7xf32> -> tensor<2x3x7xf32>
  return %0 : tensor<2x3x7xf32>
}

func.func @min_26(%a: tensor<2x3x7xf32>, %b: tensor<7xf32>) -> tensor<2x3x7xf32> {
  %0 = graph.min %a, %b : tensor<2x3x7xf32>, tensor<7xf32> -> tensor<2x3x7xf32>
  return %0 : tensor<2x3x7xf32>
}

func.func @div_27(%a: tensor<4x1xf32>, %b: tensor<1x5xf32>) -> tensor<4x5xf32> {
  %0 = graph.div %a, %b : tensor<4x1xf32>, tensor<1x5xf32> -> tensor<4x5xf32>
  return %0 : tensor<4x5xf32>
}

func.func @add_28(%a: tensor<1x5xi32>, %b: tensor<3x1xi32>) -> tensor<3x5xi32> {
  %0 = graph.add %a, %b : tensor<1x5xi32>, tensor<3x1xi32> -> tensor<3x5xi32>
  return %0 : tensor<3x5xi32>
}

func.func @mul_29(%a: tensor<8xi8>, %b: tensor<8xi8>) -> tensor<8xi8> {
  %0 = graph.mul %a, %b : tensor<8xi8>, tensor<8xi8> -> tensor<8xi8>
  return %0 : tensor<8xi8>
}

func.func @equal_30(%a: tensor<3x4xf32>, %b: tensor<4xf32>) -> tensor<3x4xi1> {
  %0 = graph.equal %a, %b : tensor<3x4xf32>, tensor<4xf32> -> tensor<3x4xi1>
  return %0 : tensor<3x4xi1>
}

func.func @less_31(%a: tensor<3x4xf32>, %b: tensor<4xf32>) -> tensor<3x4xi1> {
  %0 = graph.less %a, %b : tensor<3x4xf32>, tensor<4xf32> -> tensor<3x4xi1>
  return %0 : tensor<3x4xi1>
}

func.func @less_equal_32(%a: tensor<3x4xf32>, %b: tensor<4xf32>) -> tensor<3x4xi1> {
  %0 = graph.less_equal %a, %b : tensor<3x4xf32>, tensor<4xf32> -> tensor<3x4xi1>
  return %0 : tensor<3x4xi1>
}

func.func @greater_33(%a: tensor<3x4xf32>, %b: tensor<4xf32>) -> tensor<3x4xi1> {
  %0 = graph.greater %a, %b : tensor<3x4xf32>, tensor<4xf32> -> tensor<3x4xi1>
  return %0 : tensor<3x4xi1>
}

func.func @greater_equal_34(%a: tensor<3x4xf32>, %b: tensor<4xf32>) -> tensor<3x4xi1> {
  %0 = graph.greater_equal %a, %b : tensor<3x4xf32>, tensor<4xf32> -> tensor<3x4xi1>
  return %0 : tensor<3x4xi1>
}

func.func @equal_35(%a: tensor<6xi64>, %b: tensor<6xi64>) -> tensor<6xi1> {
  %0 = graph.equal %a, %b : tensor<6xi64>, tensor<6xi64> -> tensor<6xi1>
  return %0 : tensor<6xi1>
}

func.func @and_36(%a: tensor<2x5xi1>, %b: tensor<5xi1>) -> tensor<2x5xi1> {
  %0 = graph.and %a, %b : tensor<2x5xi1>, tensor<5xi1> -> tensor<2x5xi1>
  return %0 : tensor<2x5xi1>
}

func.func @or_37(%a: tensor<2x5xi1>, %b: tensor<5xi1>) -> tensor<2x5xi1> {
  %0 = graph.or %a, %b : tensor<2x5xi1>, tensor<5xi1> -> tensor<2x5xi1>
  return %0 : tensor<2x5xi1>
}

func.func @xor_38(%a: tensor<2x5xi1>, %b: tensor<5xi1>) -> tensor<2x5xi1> {
  %0 = graph.xor %a, %b : tensor<2x5xi1>, tensor<5xi1> -> tensor<2x5xi1>
  return %0 : tensor<2x5xi1>
}

func.func @select(%c: tensor<3x1xi1>, %a: tensor<3x4xf32>, %b: tensor<4xf32>) -> tensor<3x4xf32> {
  %0 = graph.select %c, %a, %b : tensor<3x1xi1>, tensor<3x4xf32>, tensor<4xf32> -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

func.func @casts(%x: tensor<2x3xf32>, %i: tensor<5xi32>) -> (tensor<2x3xi32>, tensor<2x3xf16>, tensor<5xf32>, tensor<5xi1>, tensor<5xi8>) {
  %0 = graph.cast %x : tensor<2x3xf32> -> tensor<2x3xi32>
  %1 = graph.cast %x : tensor<2x3xf32> -> tensor<2x3xf16>
  %2 = graph.cast %i : tensor<5xi32> -> tensor<5xf32>
  %3 = graph.cast %i : tensor<5xi32> -> tensor<5xi1>
  %4 = graph.cast %i : tensor<5xi32> -> tensor<5xi8>
  return %0, %1, %2, %3, %4 : tensor<2x3xi32>, tensor<2x3xf16>, tensor<5xf32>, tensor<5xi1>, tensor<5xi8>
}

func.func @pow(%x: tensor<6xf32>) -> tensor<6xf32> {
  %a = graph.abs %x : tensor<6xf32> -> tensor<6xf32>
  %e = graph.constant dense<[0.5, 1.0, 2.0, 3.0, -1.0, 1.5]> : tensor<6xf32>
  %0 = graph.pow %a, %e : tensor<6xf32>, tensor<6xf32> -> tensor<6xf32>
  return %0 : tensor<6xf32>
}

// Integer powers: negative exponents (bases 1, -1, 0 and others), a zero
// exponent and products that wrap.
func.func @pow_int(%x: tensor<8xi32>) -> tensor<8xi32> {
  %b = graph.constant dense<[1, -1, -1, 0, 3, -3, 7, 2]> : tensor<8xi32>
  %e = graph.constant dense<[-5, -3, -4, -2, 0, 5, 19, 33]> : tensor<8xi32>
  %bx = graph.add %b, %x : tensor<8xi32>, tensor<8xi32> -> tensor<8xi32>
  %0 = graph.pow %bx, %e : tensor<8xi32>, tensor<8xi32> -> tensor<8xi32>
  return %0 : tensor<8xi32>
}

func.func @mod(%x: tensor<6xi32>, %f: tensor<6xf32>) -> (tensor<6xi32>, tensor<6xi32>, tensor<6xf32>) {
  %d = graph.constant dense<[3, -3, 2, -2, 5, 7]> : tensor<6xi32>
  %s = graph.constant dense<[-3, 2, -1, 4, 3, -5]> : tensor<6xi32>
  %n = graph.mul %x, %s : tensor<6xi32>, tensor<6xi32> -> tensor<6xi32>
  %0 = graph.mod %n, %d : tensor<6xi32>, tensor<6xi32> -> tensor<6xi32>
  %1 = graph.mod %n, %d {fmod = true} : tensor<6xi32>, tensor<6xi32> -> tensor<6xi32>
  %g = graph.constant dense<0.3> : tensor<6xf32>
  %2 = graph.mod %f, %g {fmod = true} : tensor<6xf32>, tensor<6xf32> -> tensor<6xf32>
  return %0, %1, %2 : tensor<6xi32>, tensor<6xi32>, tensor<6xf32>
}

func.func private @dyn(%a: tensor<?x?xf32>, %b: tensor<?xf32>) -> tensor<?x?xf32> {
  %0 = graph.add %a, %b : tensor<?x?xf32>, tensor<?xf32> -> tensor<?x?xf32>
  %1 = graph.tanh %0 : tensor<?x?xf32> -> tensor<?x?xf32>
  return %1 : tensor<?x?xf32>
}
func.func @dynamic_shapes(%a: tensor<7x1000xf32>, %b: tensor<1000xf32>) -> tensor<7x1000xf32> {
  %ad = tensor.cast %a : tensor<7x1000xf32> to tensor<?x?xf32>
  %bd = tensor.cast %b : tensor<1000xf32> to tensor<?xf32>
  %0 = func.call @dyn(%ad, %bd) : (tensor<?x?xf32>, tensor<?xf32>) -> tensor<?x?xf32>
  %1 = tensor.cast %0 : tensor<?x?xf32> to tensor<7x1000xf32>
  return %1 : tensor<7x1000xf32>
}
