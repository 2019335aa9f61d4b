//===- DeviceDialect.td - The device dialect ---------------*- tablegen -*-===//
//
// The runtime level of Strata: the host program that allocates buffers,
// launches kernels and calls native functions, which the serializer turns
// into VM bytecode.
//
//===----------------------------------------------------------------------===//

#ifndef STRATA_DIALECT_DEVICE_IR_DEVICEDIALECT_TD
#define STRATA_DIALECT_DEVICE_IR_DEVICEDIALECT_TD

include "mlir/IR/OpBase.td"

def Device_Dialect : Dialect {
  let name = "device";
  let cppNamespace = "::strata::device";
  let summary = "The host program: buffers, kernel launches, native calls";
  let description = [{
    The `device` dialect is Strata's runtime level, what TVM's VM program is
    to its tensor-level IR. Host code works on builtin `memref` types with
    the identity layout (the tensors of the host program, now buffers) and
    on `index`/integer scalars; upstream `arith`, `cf`, `scf`, `func` and
    `memref.dim`/`memref.load`/`memref.store` are used as they are. This
    dialect adds what the VM does beyond that: the module's constant pool
    (`device.pool_entry`, read with `device.constant`), raw storage and the
    views memory planning carves from it (`device.alloc_storage`,
    `device.view`), fresh buffers (`device.alloc`), reshapes, copies,
    destination-passing kernel launches (`device.launch` of a `kernel.func`)
    and calls of native functions registered with the runtime
    (`device.call_native`). Each op maps onto one VM instruction (see
    include/strata/Runtime/Bytecode.h).

    Two discardable attributes belong to the dialect:
    - `device.target` on the module: a `#device.target<...>`, the machine
      the module is compiled for;
    - `device.memory` on a function: the result of `device-plan-memory`,
      `{planned_peak_bytes = N : i64, unplanned_bytes = M : i64}`.
  }];
  let useDefaultAttributePrinterParser = 1;
  let useDefaultTypePrinterParser = 1;
  let hasOperationAttrVerify = 1;
  let extraClassDeclaration = [{
    /// The name of the module attribute holding the #device.target.
    static constexpr ::llvm::StringLiteral getTargetAttrName() {
      return ::llvm::StringLiteral("device.target");
    }
    /// The name of the function attribute memory planning sets.
    static constexpr ::llvm::StringLiteral getMemoryAttrName() {
      return ::llvm::StringLiteral("device.memory");
    }
  }];
}

#endif // STRATA_DIALECT_DEVICE_IR_DEVICEDIALECT_TD
