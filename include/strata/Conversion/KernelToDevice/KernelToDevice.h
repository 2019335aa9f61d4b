//===- KernelToDevice.h - Host code to the device level ---------*- C++ -*-===//
//
// The pieces of convert-kernel-to-device that other passes (and downstream
// projects) can reuse: the tensor -> memref type converter of host code,
// the conversion patterns, and the computation of a launch's result sizes
// on the host.
//
//===----------------------------------------------------------------------===//

#ifndef STRATA_CONVERSION_KERNELTODEVICE_KERNELTODEVICE_H
#define STRATA_CONVERSION_KERNELTODEVICE_KERNELTODEVICE_H

#include "mlir/IR/Operation.h"
#include "mlir/Transforms/DialectConversion.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"

namespace strata {

namespace kernel {
class FuncOp;
class LaunchOp;
} // namespace kernel

/// Host code's type conversion: a ranked tensor becomes a memref of the
/// same shape and element type with the identity layout; every other type
/// stays. Unranked tensors have no conversion.
class HostTypeConverter : public mlir::TypeConverter {
public:
  HostTypeConverter();
};

/// What the conversion patterns need that is computed before they run.
struct KernelToDeviceState {
  /// For each kernel.launch, the host values (index) of the `?` dims of each
  /// of its results, in order, as computeLaunchResultSizes returns them.
  llvm::DenseMap<mlir::Operation *,
                 llvm::SmallVector<llvm::SmallVector<mlir::Value>>>
      launchSizes;
  /// The constant pool: each elements attribute and the device.pool_entry
  /// that holds it.
  llvm::DenseMap<mlir::Attribute, mlir::FlatSymbolRefAttr> poolEntries;
};

/// Patterns rewriting host ops on tensors into the device level:
/// kernel.launch -> device.alloc + device.launch (sizes from `state`),
/// tensor constants -> device.constant (entries from `state`),
/// tensor.dim -> memref.dim, tensor.extract -> memref.load, tensor.empty ->
/// device.alloc, tensor.reshape/expand_shape/collapse_shape/cast ->
/// device.reshape, and func.func signatures with all their blocks'
/// arguments. `state` must outlive the patterns.
void populateKernelToDevicePatterns(const mlir::TypeConverter &converter,
                                    const KernelToDeviceState &state,
                                    mlir::RewritePatternSet &patterns);

/// Computes, before `launch`, the `?` dims of each of its results from its
/// operands (still on tensors), by reifying the dims of the values the
/// kernel returns in a scratch copy of it. Returns one list of index values
/// per result, or failure after reporting at the launch which result of
/// which kernel has a size that depends on more than the arguments.
mlir::FailureOr<llvm::SmallVector<llvm::SmallVector<mlir::Value>>>
computeLaunchResultSizes(kernel::LaunchOp launch, kernel::FuncOp kernel);

} // namespace strata

#endif // STRATA_CONVERSION_KERNELTODEVICE_KERNELTODEVICE_H
