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

def VerifySchedulesPass
    : Pass<"strata-verify-schedules", "::mlir::func::FuncOp"> {
  let summary = "Check each scheduled linalg op's schedule against its loops";
  let description = [{
    The first step of tiling (`strata-cpu-tile-and-vectorize`). Schedules
    must fit the ops they tile: the dialect verifier checks what tiling
    does not change (the number of loops, parallel dims that are parallel
    loops, vector sizes within the innermost tile), kernel-select-schedule
    the sizes of the loops a schedule keeps whole for the schedules it
    chooses or is given, and this pass does for ops given to the tiling
    passes directly: a vector size larger than a loop kept whole in its
    innermost tile is an error at the op. Ops already cut into the tiles of
    strata-cpu-distribute-tiles (inside an `scf.forall`) are skipped:
    distribution may halve a whole loop of an im2col copy.
  }];
}

def SplitPaddedWindowsPass
    : Pass<"strata-split-padded-windows", "::mlir::func::FuncOp"> {
  let summary = "Split padded depthwise convolutions and pooling by output region";
  let description = [{
    A depthwise convolution or pooling op that reads its input through a
    constant `tensor.pad` is split by output region: the interior, whose
    windows lie inside the image, reads the unpadded image; the border
    strips read small padded slices of it. The padded copy of the whole
    image disappears. The op's elementwise epilogue and the op initializing
    its accumulator (the bias) are split with it, each region getting its
    own chain for strata-fuse-epilogues. The regions keep the op's
    attributes (its `kernel.schedule`).
  }];
  let dependentDialects = [
    "::mlir::affine::AffineDialect",
    "::mlir::arith::ArithDialect",
    "::mlir::linalg::LinalgDialect",
    "::mlir::tensor::TensorDialect",
  ];
}

def FuseEpiloguesPass : Pass<"strata-fuse-epilogues", "::mlir::func::FuncOp"> {
  let summary = "Compute elementwise epilogues in their producer's register tiles";
  let description = [{
    A scheduled contraction whose schedule keeps the reduction whole above
    its register tile, followed by a chain of elementwise ops (bias,
    activation, residual), is tiled here: the last op of the chain is tiled
    by the contraction's register tile (with `peel`, partial tiles peeled;
    without, ops with partial tiles are left to the tiling pass), the
    contraction, the op initializing its accumulator and the rest of the
    chain are fused into each tile
    (`scf::tileConsumerAndFuseProducersUsingSCF`), and the contraction's
    tile is tiled along its reduction by k_r. The epilogue then works on the
    accumulators before they are stored, instead of reading the product back
    from memory. Scheduled depthwise convolutions and pooling ops with an
    elementwise epilogue are fused the same way.

    The tiles made are marked `kernel.vectorize` (their static sizes), the
    loops around them `kernel.unroll_transfers`, and those over register
    tiles also `kernel.no_hoist`: hoisting a tile's B vectors out of its m
    loop keeps K x n_r / vw more vectors live than there are registers. The
    tiling pass leaves marked tiles alone.
  }];
  let options = [
    Option<"peel", "peel", "bool", /*default=*/"true",
           "Peel the partial last register tiles">,
  ];
  let dependentDialects = [
    "::mlir::affine::AffineDialect",
    "::mlir::arith::ArithDialect",
    "::mlir::linalg::LinalgDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::tensor::TensorDialect",
    "::strata::kernel::KernelDialect",
  ];
}

def DecomposeResultPadsPass
    : Pass<"strata-decompose-result-pads", "::mlir::func::FuncOp"> {
  let summary = "Write a padded result as a fill and an interior copy";
  let description = [{
    A `tensor.pad` that is the function's result (materialized into its
    destination, or returned) becomes a fill of the destination and an
    `insert_slice` of the image (upstream's DecomposePadOpPattern), which
    bufferize in place. Bufferized as it is, a tensor.pad allocates a padded
    copy and copies that again into the result (a 224x224 RGB image: 124
    us).
  }];
  let dependentDialects = [
    "::mlir::linalg::LinalgDialect",
    "::mlir::tensor::TensorDialect",
  ];
}

def HoistLoopAllocasPass
    : Pass<"strata-hoist-loop-allocas", "::mlir::func::FuncOp"> {
  let summary = "Move fixed-size allocas out of serial loops to the entry";
  let description = [{
    Runs after convert-vector-to-scf. MLIR 22's convert-vector-to-scf puts
    the scratch buffer of each transfer it unpacks
    (`memref.alloca() : memref<vector<32x1xf32>>`) at the start of the
    nearest automatic allocation scope, which is the innermost `scf.for`
    (upstream skips serial loops since); convert-scf-to-cf does not free a
    loop body's allocas per iteration, so each iteration grows the stack:
    a kernel transposing a 4.7 MB tensor computed at run time (an
    unscheduled linalg.transpose) overflowed the 8 MB stack.

    Each `memref.alloca` without operands inside serial loops (`scf.for`,
    `scf.while`, `affine.for`, through `scf.if`) moves to the start of the
    function: one buffer that every iteration reuses, which is what the
    loop meant unless the buffer outlives its iteration. It is hoisted only
    when it cannot: every use (through view and cast ops) loads from it,
    stores into it or transfers vectors through it; a buffer that is
    yielded, passed to a call or stored as a value stays.
  }];
  let dependentDialects = ["::mlir::memref::MemRefDialect"];
}

#endif // STRATA_CODEGEN_COMMON_PASSES_TD
