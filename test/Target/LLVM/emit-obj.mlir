// Object files through the whole CPU path: the symbols, and the code.
// RUN: strata-opt %s --convert-graph-to-kernel --strata-lower-cpu -o %t.llvm.mlir
// RUN: strata-translate %t.llvm.mlir --emit=obj --target-triple=x86_64-unknown-linux-gnu \
// RUN:   --target-cpu=skylake-avx512 -o %t.o
// RUN: llvm-nm %t.o | FileCheck %s --check-prefix=NM
// RUN: llvm-objdump -d %t.o | FileCheck %s --check-prefix=DIS
// `-o -` writes the object to stdout (a pipe: buffered first).
// RUN: strata-translate %t.llvm.mlir --emit=obj --target-triple=x86_64-unknown-linux-gnu -o - \
// RUN:   | llvm-nm - | FileCheck %s --check-prefix=NM
// Other targets' objects too.
// RUN: strata-translate %t.llvm.mlir --emit=obj --target-triple=aarch64-unknown-linux-gnu -o %t.arm.o
// RUN: llvm-objdump -d %t.arm.o | FileCheck %s --check-prefix=ARM
//
// Without -o, --emit=obj refuses to write binary to the terminal.
// RUN: not strata-translate %t.llvm.mlir --emit=obj 2>&1 | FileCheck %s --check-prefix=NO-OUTPUT

// Both functions are defined, the allocator is external.
// NM-DAG: T add_relu
// NM-DAG: T matmul_dyn
// NM-DAG: U malloc

// DIS: file format elf64-x86-64
// DIS-LABEL: <add_relu>:
// DIS: vaddps {{.*}}%zmm
// DIS-LABEL: <matmul_dyn>:
// DIS: vfmadd{{[0-9]+}}ps {{.*}}%zmm

// ARM: file format elf64-littleaarch64
// ARM-LABEL: <add_relu>:

// NO-OUTPUT: error: --emit=obj needs an output file (-o <file>, or -o - for stdout)

func.func @add_relu(%a: tensor<4x64xf32>, %b: tensor<4x64xf32>) -> tensor<4x64xf32> {
  %0 = graph.add %a, %b : tensor<4x64xf32>, tensor<4x64xf32> -> tensor<4x64xf32>
  %1 = graph.relu %0 : tensor<4x64xf32> -> tensor<4x64xf32>
  return %1 : tensor<4x64xf32>
}

func.func @matmul_dyn(%a: tensor<?x16xf32>, %b: tensor<16x32xf32>) -> tensor<?x32xf32> {
  %0 = graph.matmul %a, %b : tensor<?x16xf32>, tensor<16x32xf32> -> tensor<?x32xf32>
  return %0 : tensor<?x32xf32>
}
