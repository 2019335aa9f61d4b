//===- Passes.td - Conversions between Strata's levels -----*- tablegen -*-===//
//
// Conversion passes, named by their two ends.
//
//===----------------------------------------------------------------------===//

#ifndef STRATA_CONVERSION_PASSES_TD
#define STRATA_CONVERSION_PASSES_TD

include "mlir/Pass/PassBase.td"

def ConvertGraphToKernelPass : Pass<"convert-graph-to-kernel"> {
  let summary = "Lower graph ops to linalg, tensor, arith and math on tensors";
  let description = [{
    Rewrites every graph op into upstream tensor-level IR: linalg named ops
    where they exist (matmul, batch_matmul, convolutions, pooling),
    `linalg.generic` for elementwise ops (broadcasting in the indexing maps,
    not materialized) and reductions, and tensor ops for data movement.
    Reshapes become `tensor.collapse_shape`/`expand_shape` when the sizes
    group (static shapes with no grouping go through one dim), which
    reshape propagation moves through elementwise ops; `tensor.reshape` is
    left for sizes known only at run time. A transpose that only moves dims
    of size 1 is such a reshape too.
    Results of `?` shape are allocated with the sizes the graph ops reify.
    A result whose declared type is static where the op infers `?` from
    its operands (or the reverse) is lowered with the inferred type: each
    such declared size is checked at run time and a `tensor.cast` gives
    the users the declared type.
    A graph op without a lowering is reported with its location.
  }];
  let statistics = [
    Statistic<"numInferredResults", "inferred-result-types",
              "Results lowered with their inferred type and cast to the "
              "declared one">,
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::cf::ControlFlowDialect",
    "::mlir::linalg::LinalgDialect",
    "::mlir::math::MathDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::tensor::TensorDialect",
    "::strata::kernel::KernelDialect",
  ];
}

def ConvertKernelToFuncPass : Pass<"convert-kernel-to-func", "::mlir::ModuleOp"> {
  let summary = "Turn kernel.func into func.func and kernel.launch into func.call";
  let description = [{
    For targets that run kernels as ordinary functions (the CPU): every
    `kernel.func` becomes a `func.func` with the same name, signature,
    visibility and body (`kernel.return` becomes `func.return`); its
    `schedule` and `target` are kept as the discardable attributes
    `kernel.schedule` and `kernel.target`. Every `kernel.launch` becomes a
    `func.call` of it. The CPU pipeline then bufferizes across these
    function boundaries like any other call.
  }];
  let dependentDialects = ["::mlir::func::FuncDialect"];
}

def ConvertKernelToDevicePass
    : Pass<"convert-kernel-to-device", "::mlir::ModuleOp"> {
  let summary = "Turn host code on tensors into the device level on buffers";
  let description = [{
    Runs after kernel-outline (and kernel-select-schedule). Host functions
    become functions on memrefs (identity layout) whose work is done by
    device ops; `kernel.func` kernels stay as they are, on tensors.

    1. Host tensor ops other than the ones the host does itself are wrapped
       into their own kernel (a `kernel.dispatch` outlined the way
       kernel-outline does, with the `tensor.empty`/`linalg.fill` of their
       destinations): from_elements, concat, slices, pad, linalg ops, ...
       The host itself keeps tensor.dim (-> memref.dim), tensor.extract
       (-> memref.load), tensor.empty (-> device.alloc), reshapes of whole
       tensors (tensor.reshape, expand_shape, collapse_shape, cast ->
       device.reshape, sizes computed on the host) and constants.
    2. Constants go to the module's constant pool: every tensor constant of
       host code, and every non-splat tensor constant of a kernel, becomes a
       `device.pool_entry` (one per distinct value, named `@__constant_<n>`
       in order of first appearance). A kernel's constant becomes a new
       kernel argument, and each launch of the kernel passes the host's
       `device.constant`. Splat constants stay in kernels (they fold into
       code), and so do the coefficients of constant combinations (Winograd
       transform matrices, see ConstantCombination.h), which the tile pass
       unrolls into code.
    3. Each `kernel.launch` becomes a `device.alloc` per result, right
       before the launch, and a `device.launch` writing into them. The `?`
       dims of the results are computed on the host before the launch: the
       dims of the values the kernel returns are reified in a scratch copy
       of it (ReifyRankedShapedTypeOpInterface, canonicalization) until they
       depend only on the kernel's arguments, and that computation is cloned
       at the launch. A size that depends on more (data computed by the
       kernel) is an error at the launch naming the kernel and the result.
    4. Tensor types become memrefs in function signatures, calls, returns,
       cf branches and scf ops (upstream's structural type conversions).
       Host values are never written after their producer ran, so no alias
       analysis is needed.

    A host op on tensors that has no device-level form (e.g. unranked
    tensors) is reported with its location. The module gets
    `device.target = #device.target<...>` for `target` (cpu or cuda); the
    triple, CPU and features come from the module's `kernel.target` when it
    has one.
  }];
  let options = [
    Option<"target", "target", "std::string", /*default=*/"\"cpu\"",
           "The device kind to compile for: cpu or cuda">,
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::memref::MemRefDialect",
    "::strata::device::DeviceDialect",
    "::strata::kernel::KernelDialect",
  ];
}

#endif // STRATA_CONVERSION_PASSES_TD
