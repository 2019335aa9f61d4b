//===- DeviceTypes.td - Types of the device dialect --------*- tablegen -*-===//
//
// !device.storage, the raw bytes memory planning carves buffers from.
//
//===----------------------------------------------------------------------===//

#ifndef STRATA_DIALECT_DEVICE_IR_DEVICETYPES_TD
#define STRATA_DIALECT_DEVICE_IR_DEVICETYPES_TD

include "strata/Dialect/Device/IR/DeviceDialect.td"
include "mlir/IR/AttrTypeBase.td"

class Device_Type<string name, string typeMnemonic, list<Trait> traits = []>
    : TypeDef<Device_Dialect, name, traits> {
  let mnemonic = typeMnemonic;
}

def Device_StorageType : Device_Type<"Storage", "storage"> {
  let summary = "Raw device memory that buffers are viewed from";
  let description = [{
    A block of bytes on the device, allocated by `device.alloc_storage`.
    It has no element type or shape: `device.view` carves typed buffers out
    of it at byte offsets. Memory planning gives each block of host code one
    storage holding every buffer it could place. The VM's `Storage`
    register kind.

    ```mlir
    %storage = device.alloc_storage %bytes : !device.storage
    ```
  }];
}

#endif // STRATA_DIALECT_DEVICE_IR_DEVICETYPES_TD
