// strata-lower-cpu leaves nothing but the LLVM dialect (and builtin.module):
// no linalg, tensor, bufferization, memref, vector, scf, cf, affine, arith,
// math, func, index or ub op and no unrealized cast survives.
// RUN: strata-opt %s --strata-lower-cpu | FileCheck %s \
// RUN:   --implicit-check-not="{{[^.a-z_](linalg|tensor|bufferization|memref|vector|scf|cf|affine|arith|math|func|index|ub)\.[a-z_]+}}" \
// RUN:   --implicit-check-not=unrealized_conversion_cast
// RUN: strata-opt %s "--strata-lower-cpu=vectorize=false deallocate=false" | FileCheck %s \
// RUN:   --implicit-check-not="{{[^.a-z_](linalg|tensor|bufferization|memref|vector|scf|cf|affine|arith|math|func|index|ub)\.[a-z_]+}}" \
// RUN:   --implicit-check-not=unrealized_conversion_cast
// RUN: strata-opt %s --strata-lower-cpu | FileCheck %s --check-prefix=FUNCS
// RUN: strata-opt %s "--strata-lower-cpu=vectorize=false" | FileCheck %s --check-prefix=SCALAR
// RUN: strata-opt %s --strata-lower-cpu | %mlir_runner -e main -entry-point-result=void %runner_libs | FileCheck %s --check-prefix=EXEC

// One positive match at the top: the implicit CHECK-NOTs then cover the
// whole module after it.
// CHECK: module

// Vectorized, math.erf, tanh and exp become polynomials (fma chains:
// strata-cpu-approximate-vector-math) instead of one libm call per lane.
// FUNCS-DAG: llvm.func @printMemrefF32
// FUNCS-NOT: llvm.func @erff
// FUNCS-NOT: llvm.intr.tanh
// FUNCS-DAG: llvm.intr.fma
// FUNCS-DAG: llvm.func @kernel
// FUNCS-DAG: llvm.func @main
// Scalar, math.erf becomes a libm call, math.tanh an LLVM intrinsic.
// SCALAR-DAG: llvm.func @erff
// SCALAR-DAG: llvm.intr.tanh

func.func private @printMemrefF32(memref<*xf32>)

func.func @kernel(%a: tensor<?x8xf32>, %b: tensor<8x16xf32>) -> tensor<?x16xf32> {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  %m = tensor.dim %a, %c0 : tensor<?x8xf32>
  %e = tensor.empty(%m) : tensor<?x16xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<?x16xf32>) -> tensor<?x16xf32>
  %mm = linalg.matmul ins(%a, %b : tensor<?x8xf32>, tensor<8x16xf32>)
                      outs(%f : tensor<?x16xf32>) -> tensor<?x16xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                       iterator_types = ["parallel", "parallel"]}
      ins(%mm : tensor<?x16xf32>) outs(%e : tensor<?x16xf32>) {
  ^bb0(%x: f32, %o: f32):
    %0 = math.erf %x : f32
    %1 = math.tanh %0 : f32
    %2 = math.exp %1 : f32
    linalg.yield %2 : f32
  } -> tensor<?x16xf32>
  %p = tensor.pad %r low[0, 1] high[1, 0] {
  ^bb0(%i: index, %j: index):
    tensor.yield %zero : f32
  } : tensor<?x16xf32> to tensor<?x17xf32>
  %s = tensor.extract_slice %p[0, 1] [%m, 16] [1, 1] : tensor<?x17xf32> to tensor<?x16xf32>
  return %s : tensor<?x16xf32>
}

// Every entry: exp(tanh(erf(8))) = exp(tanh(1)) = 2.14169.
// EXEC: sizes = [4, 16]
// EXEC-COUNT-4: [2.14169, 2.14169, 2.14169, 2.14169, 2.14169, 2.14169, 2.14169, 2.14169, 2.14169, 2.14169, 2.14169, 2.14169, 2.14169, 2.14169, 2.14169, 2.14169]
func.func @main() {
  %one = arith.constant 1.0 : f32
  %ea = tensor.empty() : tensor<4x8xf32>
  %a = linalg.fill ins(%one : f32) outs(%ea : tensor<4x8xf32>) -> tensor<4x8xf32>
  %eb = tensor.empty() : tensor<8x16xf32>
  %b = linalg.fill ins(%one : f32) outs(%eb : tensor<8x16xf32>) -> tensor<8x16xf32>
  %ad = tensor.cast %a : tensor<4x8xf32> to tensor<?x8xf32>
  %r = func.call @kernel(%ad, %b) : (tensor<?x8xf32>, tensor<8x16xf32>) -> tensor<?x16xf32>
  %m = bufferization.to_buffer %r : tensor<?x16xf32> to memref<?x16xf32>
  %u = memref.cast %m : memref<?x16xf32> to memref<*xf32>
  func.call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}
