//===- DeviceAttrs.td - Attributes of the device dialect ---*- tablegen -*-===//
//
// #device.target: the kind of machine a module runs on and the strings the
// kernel compiler passes to LLVM.
//
//===----------------------------------------------------------------------===//

#ifndef STRATA_DIALECT_DEVICE_IR_DEVICEATTRS_TD
#define STRATA_DIALECT_DEVICE_IR_DEVICEATTRS_TD

include "strata/Dialect/Device/IR/DeviceDialect.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/BuiltinAttributes.td"

class Device_Attr<string name, string attrMnemonic, list<Trait> traits = []>
    : AttrDef<Device_Dialect, name, traits> {
  let mnemonic = attrMnemonic;
}

def Device_TargetAttr : Device_Attr<"Target", "target"> {
  let summary = "The machine a module runs on";
  let description = [{
    The kind of device (`cpu` or `cuda`), then optional strings, each
    printed only when set:
    - `triple`: the LLVM target triple (e.g. `x86_64-unknown-linux-gnu`;
      empty: the host's);
    - `cpu`: the LLVM CPU name (`cpu` targets only; empty: the host's);
    - `chip`: the GPU architecture, e.g. `sm_90` (`cuda` targets only);
    - `features`: the LLVM feature string (`+avx2,+fma`, `+ptx80`).

    `convert-kernel-to-device` sets it on the module as `device.target`.

    ```mlir
    module attributes {device.target = #device.target<cpu, triple = "x86_64-unknown-linux-gnu", cpu = "skylake", features = "+avx2">} {}
    module attributes {device.target = #device.target<cuda, chip = "sm_90", features = "+ptx80">} {}
    ```
  }];
  let parameters = (ins
    StringRefParameter<"device kind: cpu or cuda">:$kind,
    StringRefParameter<"LLVM target triple", "\"\"">:$triple,
    StringRefParameter<"LLVM CPU name (cpu targets)", "\"\"">:$cpu,
    StringRefParameter<"GPU architecture (cuda targets)", "\"\"">:$chip,
    StringRefParameter<"LLVM feature string", "\"\"">:$features
  );
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// True for a CPU target.
    bool isCpu() const { return getKind() == "cpu"; }
    /// True for a CUDA target.
    bool isCuda() const { return getKind() == "cuda"; }
  }];
}

#endif // STRATA_DIALECT_DEVICE_IR_DEVICEATTRS_TD
