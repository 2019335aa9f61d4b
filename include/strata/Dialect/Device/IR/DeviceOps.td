//===- DeviceOps.td - Operations of the device dialect -----*- tablegen -*-===//
//
// The constant pool, storage, views, buffers, reshapes, copies, kernel
// launches and native calls of a host program at the runtime level. Each op
// is one VM instruction (include/strata/Runtime/Bytecode.h).
//
//===----------------------------------------------------------------------===//

#ifndef STRATA_DIALECT_DEVICE_IR_DEVICEOPS_TD
#define STRATA_DIALECT_DEVICE_IR_DEVICEOPS_TD

include "strata/Dialect/Device/IR/DeviceAttrs.td"
include "strata/Dialect/Device/IR/DeviceTypes.td"
include "mlir/IR/OpBase.td"
include "mlir/IR/SymbolInterfaces.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

class Device_Op<string mnemonic, list<Trait> traits = []>
    : Op<Device_Dialect, mnemonic, traits>;

/// A host buffer: a ranked memref with the identity layout in the default
/// memory space (what the VM's Tensor registers hold).
def Device_Buffer : Type<
    And<[IsMemRefTypePred,
         CPred<"::llvm::cast<::mlir::MemRefType>($_self).getLayout()"
               ".isIdentity()">,
         CPred<"!::llvm::cast<::mlir::MemRefType>($_self).getMemorySpace()">]>,
    "memref with identity layout", "::mlir::MemRefType">;

def Device_PoolEntryOp : Device_Op<"pool_entry", [Symbol]> {
  let summary = "An entry of the module's constant pool";
  let description = [{
    A constant tensor of the module (a weight, a lookup table), stored in
    the module file's constant pool, 64-byte aligned, which the runtime
    mmaps instead of copying. The value is any elements attribute (`dense`
    or `dense_resource` for large weights) of static shape. Read with
    `device.constant`.

    ```mlir
    device.pool_entry @__constant_0 = dense<[1.0, 2.0]> : tensor<2xf32>
    device.pool_entry @weights = dense_resource<fc1_w> : tensor<256x128xf32>
    ```
  }];
  let arguments = (ins SymbolNameAttr:$sym_name, ElementsAttr:$value);
  let assemblyFormat = "$sym_name `=` $value attr-dict";
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// The tensor type of the entry.
    ::mlir::RankedTensorType getType() {
      return ::llvm::cast<::mlir::RankedTensorType>(getValue().getType());
    }
  }];
}

def Device_ConstantOp : Device_Op<"constant", [
    Pure, DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "A buffer holding a constant pool entry";
  let description = [{
    The buffer of pool entry `name` (mmapped from the module file; kernels
    only read it). Its shape and element type are the entry's.

    ```mlir
    %w = device.constant @__constant_0 : memref<256x128xf32>
    ```
  }];
  let arguments = (ins FlatSymbolRefAttr:$name);
  let results = (outs Device_Buffer:$result);
  let assemblyFormat = "$name attr-dict `:` type($result)";
}

def Device_AllocStorageOp : Device_Op<"alloc_storage"> {
  let summary = "Allocates raw storage of a number of bytes";
  let description = [{
    Allocates `size` bytes (an `index`) of device memory, aligned to at
    least 64 bytes, that `device.view` carves buffers from. Memory planning
    emits one per block of host code.

    ```mlir
    %c4096 = arith.constant 4096 : index
    %storage = device.alloc_storage %c4096 : !device.storage
    ```
  }];
  let arguments = (ins Index:$size);
  let results = (outs Res<Device_StorageType, "", [MemAlloc]>:$result);
  let assemblyFormat = "$size attr-dict `:` type($result)";
  let hasVerifier = 1;
}

def Device_ViewOp : Device_Op<"view", [Pure]> {
  let summary = "A buffer at a byte offset of a storage";
  let description = [{
    A buffer of the result type whose data starts `byte_offset` bytes into
    `storage` (row-major, contiguous). One `index` size per `?` dim of the
    result, in order, as for `memref.alloc`; the parentheses are left out
    when there is none. The view does not own memory: it lives as long as
    its storage.

    ```mlir
    %a = device.view %storage[%c0] : memref<4x16xf32>
    %b = device.view %storage[%c256](%n) : memref<?x16xf32>
    ```
  }];
  let arguments = (ins Device_StorageType:$storage, Index:$byte_offset,
                       Variadic<Index>:$dynamic_sizes);
  let results = (outs Device_Buffer:$result);
  let assemblyFormat = [{
    $storage `[` $byte_offset `]` `` custom<OptionalSizes>($dynamic_sizes)
    attr-dict `:` type($result)
  }];
  let hasVerifier = 1;
}

def Device_AllocOp : Device_Op<"alloc"> {
  let summary = "Allocates a fresh buffer";
  let description = [{
    A new buffer of the result type, with one `index` size per `?` dim, in
    order (as `memref.alloc`). The runtime frees it when its last use is
    gone. Memory planning turns the statically shaped ones that do not
    escape into views of a shared storage; the rest stay `device.alloc`.

    ```mlir
    %a = device.alloc() : memref<4x16xf32>
    %b = device.alloc(%n) : memref<?x16xf32>
    ```
  }];
  let arguments = (ins Variadic<Index>:$dynamic_sizes);
  let results = (outs Res<Device_Buffer, "", [MemAlloc]>:$result);
  let assemblyFormat = "`(` $dynamic_sizes `)` attr-dict `:` type($result)";
  let hasVerifier = 1;
}

def Device_ReshapeOp : Device_Op<"reshape", [Pure]> {
  let summary = "The same data under a new shape";
  let description = [{
    A buffer sharing `source`'s data (no copy) with the result's shape and
    the same element type, or an integer type of the same width (unsigned
    and signless integers of one width reinterpret each other: the host
    program's unsigned arguments and results are viewed as the signless
    integers kernels compute on). One `index` size per `?` dim of the
    result, in order; the parentheses are left out when there is none. When
    both shapes are static their element counts must agree; otherwise the
    runtime checks them.

    ```mlir
    %flat = device.reshape %x(%n) : memref<?x1x4x4xf32> -> memref<?x16xf32>
    %row = device.reshape %b : memref<4xf32> -> memref<1x4xf32>
    ```
  }];
  let arguments = (ins Device_Buffer:$source, Variadic<Index>:$dynamic_sizes);
  let results = (outs Device_Buffer:$result);
  let assemblyFormat = [{
    $source (`(` $dynamic_sizes^ `)`)? attr-dict `:` type($source) `->`
    type($result)
  }];
  let hasVerifier = 1;
}

def Device_LaunchOp : Device_Op<"launch", [
    AttrSizedOperandSegments,
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>,
    DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "Runs a kernel, writing into preallocated outputs";
  let description = [{
    Runs `kernel.func` `kernel` with `inputs` (buffers, `index` and integer
    scalars) and writes its results into `outputs` (destination-passing:
    the caller allocates them with their final shapes). Each input matches
    the kernel's argument of the same position (a `tensor<...>` argument a
    buffer of the same shape and element type, a scalar the same type), and
    each output the kernel's result of the same position. The kernel reads
    the input buffers and only writes the outputs, which must not alias its
    inputs.

    ```mlir
    device.launch @main_dispatch_1(%x, %n) outs(%out) : (memref<?x16xf32>, index) -> (memref<?x8xf32>)
    ```
  }];
  let arguments = (ins FlatSymbolRefAttr:$kernel,
                       Variadic<AnyTypeOf<[Device_Buffer, Index,
                                           AnySignlessInteger]>>:$inputs,
                       Variadic<Device_Buffer>:$outputs);
  let assemblyFormat = [{
    $kernel `(` $inputs `)` `outs` `(` $outputs `)` attr-dict `:`
    `(` custom<TypeListOrEmpty>(type($inputs)) `)` `->` `(` type($outputs) `)`
  }];
  let hasVerifier = 1;
}

def Device_CopyOp : Device_Op<"copy", [
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let summary = "Copies one buffer into another";
  let description = [{
    Copies the elements of `source` into `target`, in row-major order. Both
    have the same element type and element count (checked here when both
    shapes are static, otherwise by the runtime); the shapes may differ.

    ```mlir
    device.copy %a, %b : memref<4x4xf32>, memref<16xf32>
    ```
  }];
  let arguments = (ins Device_Buffer:$source, Device_Buffer:$target);
  let assemblyFormat = [{
    $source `,` $target attr-dict `:` type($source) `,` type($target)
  }];
  let hasVerifier = 1;
}

def Device_CallNativeOp : Device_Op<"call_native"> {
  let summary = "Calls a native function registered with the runtime";
  let description = [{
    Calls the function registered under `callee` in the runtime's registry
    of native functions (TVM's PackedFunc idea) with buffers and scalars,
    and returns its results (fresh buffers and scalars). What it reads and
    writes is unknown to the compiler, so nothing moves across it and
    memory planning never places a buffer it sees.

    ```mlir
    %r:2 = device.call_native "strata.topk"(%a, %k) : (memref<?xf32>, index) -> (memref<?xf32>, index)
    ```
  }];
  let arguments = (ins StrAttr:$callee,
                       Variadic<AnyTypeOf<[Device_Buffer, Index,
                                           AnySignlessInteger]>>:$operands);
  let results = (outs Variadic<AnyTypeOf<[Device_Buffer, Index,
                                          AnySignlessInteger]>>:$results);
  let assemblyFormat = [{
    $callee `(` $operands `)` attr-dict `:` functional-type($operands, $results)
  }];
  let hasVerifier = 1;
}

#endif // STRATA_DIALECT_DEVICE_IR_DEVICEOPS_TD
