// Bad input or options give a diagnostic with a location and a non-zero
// exit, never a crash (`not` fails when the command dies from a signal).
// RUN: split-file --leading-lines %s %t

// An unknown triple, CPU or feature is an error at the module (LLVM alone
// would only warn about the CPU and the feature and carry on).
// RUN: not strata-translate %t/llvm.mlir --target-triple=foo-bar-baz 2>&1 \
// RUN:   | FileCheck %s --check-prefix=TRIPLE
// TRIPLE: llvm.mlir:43:1: error: unknown target triple 'foo-bar-baz': No available targets are compatible with triple "foo-bar-baz"
// RUN: not strata-translate %t/llvm.mlir --target-triple=x86_64-unknown-linux-gnu --target-cpu=pentium9 2>&1 \
// RUN:   | FileCheck %s --check-prefix=CPU --implicit-check-not=warning
// CPU: llvm.mlir:43:1: error: unknown CPU 'pentium9' for target 'x86_64-unknown-linux-gnu'
// RUN: not strata-translate %t/llvm.mlir --target-triple=x86_64-unknown-linux-gnu --target-features=+avx2,+avx9000 2>&1 \
// RUN:   | FileCheck %s --check-prefix=FEATURE --implicit-check-not=warning
// FEATURE: llvm.mlir:43:1: error: unknown target feature 'avx9000' for target 'x86_64-unknown-linux-gnu'
// RUN: not strata-translate %t/llvm.mlir --target-triple=x86_64-unknown-linux-gnu --target-features=avx2 2>&1 \
// RUN:   | FileCheck %s --check-prefix=FLAG
// FLAG: error: target feature 'avx2' must start with '+' or '-'
// RUN: not strata-translate %t/llvm.mlir --target-triple=aarch64-unknown-linux-gnu --target-cpu=host 2>&1 \
// RUN:   | FileCheck %s --check-prefix=HOST
// HOST: error: the host CPU cannot be used for target 'aarch64-unknown-linux-gnu'
// RUN: not strata-translate %t/llvm.mlir -O4 2>&1 | FileCheck %s --check-prefix=OPT
// OPT: error: invalid optimization level -O4 (expected -O0 to -O3)

// The module's llvm.target_triple is the default target.
// RUN: strata-translate %t/llvm.mlir --emit=asm | FileCheck %s --check-prefix=MODULE-TRIPLE
// MODULE-TRIPLE: .file "LLVMDialectModule"
// MODULE-TRIPLE: add_one:
// MODULE-TRIPLE: fadd s0, s0, s1

// Ops of other dialects cannot be translated: the error is at the op.
// RUN: not strata-translate %t/graph.mlir 2>&1 | FileCheck %s --check-prefix=NOT-LLVM
// NOT-LLVM: graph.mlir:53:3: error: cannot be converted to LLVM IR: missing `LLVMTranslationDialectInterface` registration for dialect for op: func.func

// Not MLIR at all, and a missing file.
// RUN: printf '\000\377\376\023\067garbage\001\002\n' > %t/garbage.bin
// RUN: not strata-translate %t/garbage.bin 2>&1 | FileCheck %s --check-prefix=GARBAGE
// GARBAGE: garbage.bin:0:0: error: input is binary but neither MLIR text nor MLIR bytecode; it is not parsed
// RUN: not strata-translate %t/missing.mlir 2>&1 | FileCheck %s --check-prefix=MISSING
// MISSING: error: cannot open input file '{{.*}}missing.mlir'

//--- llvm.mlir
module attributes {llvm.target_triple = "aarch64-unknown-linux-gnu"} {
  llvm.func @add_one(%x: f32) -> f32 {
    %one = llvm.mlir.constant(1.0 : f32) : f32
    %0 = llvm.fadd %x, %one : f32
    llvm.return %0 : f32
  }
}

//--- graph.mlir
module {
  func.func @not_lowered(%a: tensor<4xf32>) -> tensor<4xf32> {
    %0 = graph.relu %a : tensor<4xf32> -> tensor<4xf32>
    return %0 : tensor<4xf32>
  }
}
