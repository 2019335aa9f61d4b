// A graph function through the whole CPU path to LLVM IR:
// convert-graph-to-kernel, strata-lower-cpu, then strata-translate.
//
// Vectorized by MLIR (the default): the vector<64xf32> tiles stay
// <64 x float> in the IR (the backend splits them into registers).
// RUN: strata-opt %s --convert-graph-to-kernel --strata-lower-cpu \
// RUN:   | strata-translate --emit=llvm --target-triple=x86_64-unknown-linux-gnu --target-cpu=skylake-avx512 \
// RUN:   | FileCheck %s --check-prefix=VEC
// The default is --emit=llvm -O3; bytecode input reads the same.
// RUN: strata-opt %s --convert-graph-to-kernel --strata-lower-cpu --emit-bytecode \
// RUN:   | strata-translate --target-triple=x86_64-unknown-linux-gnu --target-cpu=skylake-avx512 \
// RUN:   | FileCheck %s --check-prefix=VEC
//
// Left scalar by MLIR: LLVM's loop vectorizer does it at -O2/-O3, in the
// width the CPU prefers (256 bits on skylake-avx512, 512 without
// prefer-256-bit), and not at -O0/-O1.
// RUN: strata-opt %s --convert-graph-to-kernel "--strata-lower-cpu=vectorize=false" -o %t.scalar.mlir
// RUN: strata-translate %t.scalar.mlir -O3 --target-triple=x86_64-unknown-linux-gnu --target-cpu=skylake-avx512 \
// RUN:   | FileCheck %s --check-prefix=SCALAR-O3
// RUN: strata-translate %t.scalar.mlir -O3 --target-triple=x86_64-unknown-linux-gnu --target-cpu=skylake-avx512 \
// RUN:   --target-features=-prefer-256-bit | FileCheck %s --check-prefix=SCALAR-512
// RUN: strata-translate %t.scalar.mlir -O2 --target-triple=x86_64-unknown-linux-gnu --target-cpu=x86-64 \
// RUN:   | FileCheck %s --check-prefix=SCALAR-SSE
// RUN: strata-translate %t.scalar.mlir -O0 --target-triple=x86_64-unknown-linux-gnu --target-cpu=skylake-avx512 \
// RUN:   | FileCheck %s --check-prefix=SCALAR-O0 --implicit-check-not="x float>"
// RUN: strata-translate %t.scalar.mlir -O1 --target-triple=x86_64-unknown-linux-gnu --target-cpu=skylake-avx512 \
// RUN:   | FileCheck %s --check-prefix=SCALAR-O0 --implicit-check-not="x float>"

// The module gets the target machine's data layout and triple.
// VEC: target datalayout = "e-m:e-
// VEC: target triple = "x86_64-unknown-linux-gnu"
// VEC: define {{.*}} @add_relu(ptr
// VEC: fadd <64 x float>
// VEC: fcmp {{.*}}<64 x float>
// VEC: select <64 x i1>
// VEC: ret {

// SCALAR-O3: define {{.*}} @add_relu(ptr
// SCALAR-O3: fadd <8 x float>
// SCALAR-O3: fcmp {{.*}}<8 x float>

// SCALAR-512: define {{.*}} @add_relu(ptr
// SCALAR-512: fadd <16 x float>
// SCALAR-512: fcmp {{.*}}<16 x float>

// SCALAR-SSE: define {{.*}} @add_relu(ptr
// SCALAR-SSE: fadd <4 x float>

// SCALAR-O0: target triple = "x86_64-unknown-linux-gnu"
// SCALAR-O0: define {{.*}} @add_relu(ptr
// SCALAR-O0: fadd float
// SCALAR-O0: fcmp {{.*}} float

func.func @add_relu(%a: tensor<4x64xf32>, %b: tensor<4x64xf32>) -> tensor<4x64xf32> {
  %0 = graph.add %a, %b : tensor<4x64xf32>, tensor<4x64xf32> -> tensor<4x64xf32>
  %1 = graph.relu %0 : tensor<4x64xf32> -> tensor<4x64xf32>
  return %1 : tensor<4x64xf32>
}
