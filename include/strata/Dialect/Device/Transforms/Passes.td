//===- Passes.td - Device-level passes ---------------------*- tablegen -*-===//
//
// Memory planning of host programs and sharing of identical kernels at the
// device level.
//
//===----------------------------------------------------------------------===//

#ifndef STRATA_DIALECT_DEVICE_TRANSFORMS_PASSES_TD
#define STRATA_DIALECT_DEVICE_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def DevicePlanMemoryPass : Pass<"device-plan-memory", "::mlir::ModuleOp"> {
  let summary = "Place non-escaping buffers in one reused storage per block";
  let description = [{
    Liveness-based reuse of memory, per function and per block. Every
    `device.alloc` with a static shape whose buffer does not escape is
    planned: not returned, not passed to a call, a `cf` branch or an `scf`
    yield, not stored, not used by `device.call_native` (uses through
    `device.reshape` count as uses of the buffer itself). Its live range
    runs from the alloc to its last use in the block; a use inside a nested
    region counts at the op of the block that holds it, so a buffer used in
    a loop lives for the whole loop.

    Offsets are assigned greedily, largest buffer first, each at the lowest
    64-byte aligned offset where it overlaps no buffer placed before whose
    live range overlaps its own. A launch's output is never placed over its
    inputs, since their ranges meet at the launch. The block then gets one
    `device.alloc_storage` at its start with the peak size, and each planned
    alloc becomes a `device.view` of that storage at its offset.

    Dynamically shaped allocs (sizes known only at run time) and escaping
    ones stay `device.alloc`.

    Each function gets `device.memory = {planned_peak_bytes = N : i64,
    unplanned_bytes = M : i64}`: N is the sum over its blocks of their
    storage sizes, M what the planned buffers would take without reuse
    (each rounded up to 64 bytes). With `report`, a remark at the function
    says both numbers.
  }];
  let options = [
    Option<"report", "report", "bool", /*default=*/"false",
           "Emit a remark with each function's planned and unplanned bytes">,
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::strata::device::DeviceDialect",
  ];
}

def DeviceDeduplicateKernelsPass
    : Pass<"device-deduplicate-kernels", "::mlir::ModuleOp"> {
  let summary = "Compile identical kernels once: launches share one kernel";
  let description = [{
    Models repeat their blocks (ResNet's basic blocks, DenseNet's dense
    layers, a transformer's layers): once the device level has hoisted the
    weights out of the kernels into `device.constant` operands, the kernels
    of repeated layers are identical but for their names. Every
    `kernel.func` that is identical to one before it in the module (the
    same types, attributes, schedule and body, locations aside) is erased
    and the symbol uses of it (the launches) refer to the first one. Code
    generation, the largest part of compile time, then runs once per
    distinct kernel, and the kernel library holds each once.

    Deterministic: which kernel is kept depends only on the module's order.
  }];
}

#endif // STRATA_DIALECT_DEVICE_TRANSFORMS_PASSES_TD
