//===- KernelDialect.td - The kernel dialect ---------------*- tablegen -*-===//
//
// The tensor level of Strata: kernels whose bodies are linalg on tensors,
// each carrying the schedule that decides its generated code.
//
//===----------------------------------------------------------------------===//

#ifndef STRATA_DIALECT_KERNEL_IR_KERNELDIALECT_TD
#define STRATA_DIALECT_KERNEL_IR_KERNELDIALECT_TD

include "mlir/IR/OpBase.td"

def Kernel_Dialect : Dialect {
  let name = "kernel";
  let cppNamespace = "::strata::kernel";
  let summary = "Kernels on tensors and their schedules";
  let description = [{
    The `kernel` dialect is Strata's tensor level, what TVM's tensor-level IR
    is to Relay, built on upstream linalg. On the host side,
    `kernel.dispatch` groups the tensor computations that become one kernel
    (the result of fusion); outlining turns each dispatch into a
    `kernel.func`, whose body is linalg/tensor/arith/math on tensors, and a
    `kernel.launch` of it. A `#kernel.schedule` carries the knobs that decide
    the generated code (tile sizes per level, vector sizes, which loops run
    in parallel as a grid of tiles, unrolling, packing), and a
    `#kernel.target` the facts about the machine that schedule heuristics
    read. A grid of tiles maps to threads on a CPU and to blocks and threads
    on CUDA.
  }];
  let useDefaultAttributePrinterParser = 1;
  // Verifies `kernel.schedule` against the loops of the op it annotates,
  // `kernel.target` where it may appear, and the code generation marks
  // (`kernel.vectorize`, `kernel.unroll_transfers`, `kernel.no_hoist`) on
  // the ops they mark. Read and write them through the accessors of
  // KernelDialect.h.
  let hasOperationAttrVerify = 1;
  let extraClassDeclaration = [{
    /// The discardable attribute that gives a linalg op (or the func.func
    /// made from a kernel.func) its schedule.
    static constexpr ::llvm::StringLiteral getScheduleAttrName() {
      return "kernel.schedule";
    }
    /// The discardable attribute that gives a module (or the func.func made
    /// from a kernel.func) the machine its kernels are compiled for.
    static constexpr ::llvm::StringLiteral getTargetAttrName() {
      return "kernel.target";
    }
    /// The discardable attribute marking a tile (a linalg op) to vectorize,
    /// with the upper bound of each of its loops whose size is dynamic (0:
    /// none). Set by the tiling passes, consumed by vectorization.
    static constexpr ::llvm::StringLiteral getVectorizeAttrName() {
      return "kernel.vectorize";
    }
    /// The discardable unit attribute marking a tile loop of a scheduled op
    /// (a register tile): the n-D vector transfers inside it are unrolled
    /// into rows, and its loop-invariant code is hoisted.
    static constexpr ::llvm::StringLiteral getUnrollTransfersAttrName() {
      return "kernel.unroll_transfers";
    }
    /// The discardable unit attribute keeping a loop's invariant code in the
    /// loop (a fused epilogue's register tile, whose hoisted vectors would
    /// outnumber the registers).
    static constexpr ::llvm::StringLiteral getNoHoistAttrName() {
      return "kernel.no_hoist";
    }
  }];
}

#endif // STRATA_DIALECT_KERNEL_IR_KERNELDIALECT_TD
