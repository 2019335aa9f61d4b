//===- KernelDialect.h - The kernel dialect ---------------------*- C++ -*-===//
//
// Declares the kernel dialect and its schedule and target attributes.
//
//===----------------------------------------------------------------------===//

#ifndef STRATA_DIALECT_KERNEL_IR_KERNELDIALECT_H
#define STRATA_DIALECT_KERNEL_IR_KERNELDIALECT_H

#include "mlir/Dialect/Utils/StructuredOpsUtils.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Dialect.h"

#include "strata/Dialect/Kernel/IR/KernelDialect.h.inc"

#define GET_ATTRDEF_CLASSES
#include "strata/Dialect/Kernel/IR/KernelAttrs.h.inc"

namespace strata::kernel {

/// The #kernel.schedule that `op` carries as its discardable
/// `kernel.schedule` attribute (a scheduled linalg op, or a func.func made
/// from a kernel.func), or null. kernel.func and kernel.dispatch hold theirs
/// as an inherent attribute (getScheduleAttr()).
ScheduleAttr getSchedule(mlir::Operation *op);
/// Gives `op` `schedule` as its discardable `kernel.schedule` attribute.
void setSchedule(mlir::Operation *op, ScheduleAttr schedule);
/// Removes `op`'s discardable `kernel.schedule` attribute, if any.
void removeSchedule(mlir::Operation *op);

/// The #kernel.target that `op` (a module, or a func.func made from a
/// kernel.func) carries as its discardable `kernel.target` attribute, or
/// null.
TargetAttr getTarget(mlir::Operation *op);
/// Gives `op` `target` as its discardable `kernel.target` attribute.
void setTarget(mlir::Operation *op, TargetAttr target);

/// The code generation marks between the tiling and vectorization passes
/// (see KernelDialect.td). A tile to vectorize: the upper bounds of its
/// dynamic loops (0: unbounded), one per loop, or null when unmarked.
mlir::DenseI64ArrayAttr getVectorizeBounds(mlir::Operation *op);
/// Marks `op` (a linalg op) as a tile to vectorize with `bounds`.
void setVectorizeBounds(mlir::Operation *op, llvm::ArrayRef<int64_t> bounds);
/// Removes `op`'s vectorization mark, if any.
void removeVectorizeBounds(mlir::Operation *op);

/// The unit marks a tile loop carries.
enum class LoopMark {
  /// Unroll the n-D transfers inside the loop into rows; hoist its
  /// loop-invariant code (kernel.unroll_transfers).
  UnrollTransfers,
  /// Keep the loop's invariant code in it (kernel.no_hoist).
  NoHoist,
};
/// Whether `loop` carries `mark`.
bool hasLoopMark(mlir::Operation *loop, LoopMark mark);
/// Gives `loop` (a LoopLikeOpInterface op) `mark`.
void setLoopMark(mlir::Operation *loop, LoopMark mark);
/// Removes every loop mark from `loop`.
void removeLoopMarks(mlir::Operation *loop);

} // namespace strata::kernel

#endif // STRATA_DIALECT_KERNEL_IR_KERNELDIALECT_H
