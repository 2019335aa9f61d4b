//===- Passes.td - Code generation passes of every target --*- tablegen -*-===//
//
// Passes that any target's kernel code generation uses (see
// docs/Design.md, "Targets and code generation").
//
//===----------------------------------------------------------------------===//

#ifndef STRATA_CODEGEN_COMMON_PASSES_TD
#define STRATA_CODEGEN_COMMON_PASSES_TD

include "mlir/Pass/PassBase.td"

def ConvertKernelToDPSFuncPass
    : Pass<"convert-kernel-to-dps-func", "::mlir::ModuleOp"> {
  let summary = "Turn kernel.func into destination-passing func.func on memrefs";
  let description = [{
    The runtime allocates a kernel's outputs and passes them in
    (destination-passing style). Every `kernel.func` becomes a `func.func`
    with the same name taking, in order: its inputs (tensors as identity-
    layout memrefs, index/i64 scalars as they are), one memref per result,
    and two `index` arguments, the range of tiles to compute (see the kernel
    ABI in Runtime/Bytecode.h). Inputs are read through
    `bufferization.to_tensor ... restrict`; results are written with
    `bufferization.materialize_in_destination ... restrict writable` into the
    output arguments, so that one-shot bufferization (after empty tensor
    elimination) computes them in place. The function gets
    `llvm.emit_c_interface` and `strata.kernel_abi` (its number of outputs)
    for strata-cpu-kernel-entry-points. Other argument types are an error at
    the kernel.
  }];
  let dependentDialects = [
    "::mlir::bufferization::BufferizationDialect",
    "::mlir::func::FuncDialect",
    "::mlir::memref::MemRefDialect",
  ];
}

def OrderGlobalsPass : Pass<"strata-order-globals", "::mlir::ModuleOp"> {
  let summary = "Name and order memref.global ops by their first use";
  let description = [{
    One-shot bufferization (MLIR 22) creates the `memref.global` of each
    tensor constant while visiting functions in an unstable order, so their
    names (`__constant_4xf32`, `__constant_4xf32_0`) and positions differ
    from run to run, and with them the LLVM IR and, when LLVM keeps the
    globals, the kernel library's bytes. This pass renames every private
    `memref.global` to `__strata_constant_<i>`, numbered in the order of
    first use (functions in module order, ops in order), and moves them to
    the top of the module in that order: the same input gives the same
    output.
  }];
}

#endif // STRATA_CODEGEN_COMMON_PASSES_TD
