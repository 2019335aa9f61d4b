//===- KernelOps.td - Dispatches, kernels and launches -----*- tablegen -*-===//
//
// The host-side dispatch region, the outlined kernel function and its
// launch.
//
//===----------------------------------------------------------------------===//

#ifndef STRATA_DIALECT_KERNEL_IR_KERNELOPS_TD
#define STRATA_DIALECT_KERNEL_IR_KERNELOPS_TD

include "strata/Dialect/Kernel/IR/KernelAttrs.td"
include "mlir/IR/OpBase.td"
include "mlir/IR/SymbolInterfaces.td"
include "mlir/Interfaces/CallInterfaces.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"
include "mlir/Interfaces/FunctionInterfaces.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/IR/OpAsmInterface.td"

class Kernel_Op<string mnemonic, list<Trait> traits = []>
    : Op<Kernel_Dialect, mnemonic, traits>;

def Kernel_DispatchOp : Kernel_Op<"dispatch", [
    SingleBlockImplicitTerminator<"::strata::kernel::YieldOp">,
    RecursiveMemoryEffects]> {
  let summary = "Tensor computations that become one kernel";
  let description = [{
    Groups the tensor computations of its region, which may use values
    defined above, into one future kernel (the result of fusion). The region
    yields the dispatch's results. `kernel-outline` turns each dispatch into
    a `kernel.func` and a `kernel.launch`. An optional schedule travels to
    the outlined kernel.

    ```mlir
    %0 = kernel.dispatch -> tensor<?x768xf32> {
      %e = tensor.empty(%n) : tensor<?x768xf32>
      %r = linalg.add ins(%x, %y : tensor<?x768xf32>, tensor<?x768xf32>)
                      outs(%e : tensor<?x768xf32>) -> tensor<?x768xf32>
      kernel.yield %r : tensor<?x768xf32>
    }
    ```
  }];
  let arguments = (ins OptionalAttr<Kernel_ScheduleAttr>:$schedule);
  let results = (outs Variadic<AnyRankedTensor>:$results);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = [{
    (`schedule` `(` $schedule^ `)`)? (`->` type($results)^)? attr-dict-with-keyword
    $body
  }];
  let hasVerifier = 1;
  let skipDefaultBuilders = 1;
  let builders = [
    OpBuilder<(ins "::mlir::TypeRange":$resultTypes)>
  ];
}

def Kernel_YieldOp : Kernel_Op<"yield", [
    Pure, Terminator, ReturnLike, HasParent<"::strata::kernel::DispatchOp">]> {
  let summary = "The results of a dispatch region";
  let arguments = (ins Variadic<AnyType>:$values);
  let assemblyFormat = "attr-dict ($values^ `:` type($values))?";
  let builders = [OpBuilder<(ins), [{ /* nothing to yield */ }]>];
}

def Kernel_FuncOp : Kernel_Op<"func", [
    FunctionOpInterface, IsolatedFromAbove, OpAsmOpInterface,
    AutomaticAllocationScope]> {
  let summary = "An outlined kernel";
  let description = [{
    A kernel: a function on tensors whose body is linalg/tensor/arith/math,
    with its schedule and target. Results are returned by `kernel.return`;
    after bufferization they become destination operands.

    ```mlir
    kernel.func @add_relu(%a: tensor<?x768xf32>, %b: tensor<768xf32>) -> tensor<?x768xf32>
        attributes {schedule = #kernel.schedule<tile_sizes = [[8, 256]],
                                                vector_sizes = [1, 16],
                                                parallel_dims = [0]>} {
      ...
      kernel.return %r : tensor<?x768xf32>
    }
    ```
  }];
  let arguments = (ins SymbolNameAttr:$sym_name,
                       TypeAttrOf<FunctionType>:$function_type,
                       OptionalAttr<StrAttr>:$sym_visibility,
                       OptionalAttr<DictArrayAttr>:$arg_attrs,
                       OptionalAttr<DictArrayAttr>:$res_attrs,
                       OptionalAttr<Kernel_ScheduleAttr>:$schedule,
                       OptionalAttr<Kernel_TargetAttr>:$target);
  let regions = (region AnyRegion:$body);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let skipDefaultBuilders = 1;
  let builders = [OpBuilder<(ins "::llvm::StringRef":$name,
                                 "::mlir::FunctionType":$type)>];
  let extraClassDeclaration = [{
    ::mlir::Region *getCallableRegion() {
      return isExternal() ? nullptr : &getBody();
    }
    ::llvm::ArrayRef<::mlir::Type> getArgumentTypes() {
      return getFunctionType().getInputs();
    }
    ::llvm::ArrayRef<::mlir::Type> getResultTypes() {
      return getFunctionType().getResults();
    }
    static ::llvm::StringRef getDefaultDialect() { return "kernel"; }
    bool isDeclaration() { return isExternal(); }
  }];
}

def Kernel_ReturnOp : Kernel_Op<"return", [
    Pure, Terminator, ReturnLike, HasParent<"::strata::kernel::FuncOp">]> {
  let summary = "Returns the results of a kernel";
  let arguments = (ins Variadic<AnyType>:$values);
  let assemblyFormat = "attr-dict ($values^ `:` type($values))?";
  let hasVerifier = 1;
}

def Kernel_LaunchOp : Kernel_Op<"launch", [
    CallOpInterface, DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "Runs a kernel on tensors from the host program";
  let description = [{
    Calls `kernel.func` `callee` with `operands`; the kernel's grid of tiles
    comes from its schedule. The operand and result types must match the
    kernel's signature.

    ```mlir
    %0 = kernel.launch @add_relu(%a, %b) : (tensor<?x768xf32>, tensor<768xf32>) -> tensor<?x768xf32>
    ```
  }];
  let arguments = (ins FlatSymbolRefAttr:$callee,
                       Variadic<AnyType>:$operands,
                       OptionalAttr<DictArrayAttr>:$arg_attrs,
                       OptionalAttr<DictArrayAttr>:$res_attrs);
  let results = (outs Variadic<AnyType>:$results);
  let assemblyFormat = [{
    $callee `(` $operands `)` attr-dict `:` functional-type($operands, $results)
  }];
  let extraClassDeclaration = [{
    ::mlir::FunctionType getCalleeType() {
      return ::mlir::FunctionType::get(getContext(), getOperandTypes(),
                                       getResultTypes());
    }
    ::mlir::CallInterfaceCallable getCallableForCallee() {
      return (*this)->getAttrOfType<::mlir::SymbolRefAttr>("callee");
    }
    void setCalleeFromCallable(::mlir::CallInterfaceCallable callee) {
      (*this)->setAttr("callee", ::llvm::cast<::mlir::SymbolRefAttr>(callee));
    }
    ::mlir::Operation::operand_range getArgOperands() { return getOperands(); }
    ::mlir::MutableOperandRange getArgOperandsMutable() {
      return getOperandsMutable();
    }
  }];
}

def Kernel_CallNativeOp : Kernel_Op<"call_native", [Pure]> {
  let summary = "Computes tensors by a native function from the host program";
  let description = [{
    `graph.call_native` at the kernel level: host code (not a kernel) that
    calls the runtime's native function `callee` destination-passing
    style, with `args`, one buffer per result and the integers of
    `params`. `convert-kernel-to-device` allocates the results and emits
    `device.call_native`. Results have static shapes.

    ```mlir
    %y = kernel.call_native "dnnl.matmul"(%a, %b) {params = array<i64: 0, 0>}
        : (tensor<16x32xf32>, tensor<32x8xf32>) -> tensor<16x8xf32>
    ```
  }];
  let arguments = (ins StrAttr:$callee, Variadic<AnyRankedTensor>:$args,
                       DefaultValuedAttr<DenseI64ArrayAttr, "{}">:$params);
  let results = (outs Variadic<AnyRankedTensor>:$results);
  let assemblyFormat = [{
    $callee `(` $args `)` attr-dict `:` functional-type($args, $results)
  }];
  let hasVerifier = 1;
}

def Kernel_CheckOp : Kernel_Op<"check", [MemoryEffects<[MemWrite]>]> {
  let summary = "A run-time check of the host program that reports values";
  let description = [{
    Stops the call with an error when `condition` is false. The error is
    the op's source location, then `message` with each `{N}` replaced by
    the decimal value of `values[N]`. Graph lowerings emit it for what the
    types leave open: sizes that must agree but involve a `?` dim, and
    index values that must be in range, so that a mismatch is an error
    naming both values instead of a wrong result. A check whose condition
    folds to true is erased.

    ```mlir
    kernel.check %same, "graph.matmul: inner sizes differ ({0} vs {1})",
        %k0, %k1 : index, index
    ```
  }];
  let arguments = (ins I1:$condition, StrAttr:$message,
                       Variadic<AnyTypeOf<[Index, I64]>>:$values);
  let assemblyFormat = [{
    $condition `,` $message (`,` $values^ `:` type($values))? attr-dict
  }];
  let hasVerifier = 1;
  let hasCanonicalizeMethod = 1;
}

#endif // STRATA_DIALECT_KERNEL_IR_KERNELOPS_TD
