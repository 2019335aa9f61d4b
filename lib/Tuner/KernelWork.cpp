//===- KernelWork.cpp - The work a kernel cannot avoid --------------------===//
//
// Implements KernelWork.h.
//
//===----------------------------------------------------------------------===//

#include "strata/Tuner/KernelWork.h"
#include "strata/Dialect/Kernel/IR/KernelOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"

using namespace mlir;
using namespace strata;

namespace {

/// The bytes of a value of `type`, or std::nullopt when its shape is
/// dynamic.
std::optional<double> getBytes(Type type) {
  auto shaped = dyn_cast<ShapedType>(type);
  if (!shaped)
    return 0.0;
  if (!shaped.hasStaticShape() || !shaped.getElementType().isIntOrFloat())
    return std::nullopt;
  unsigned bits = shaped.getElementType().getIntOrFloatBitWidth();
  return static_cast<double>(shaped.getNumElements()) * ((bits + 7) / 8);
}

/// Whether `op` of a linalg body is arithmetic on the data (not a
/// constant, a cast or a computation of indices).
bool isArithmetic(Operation *op) {
  if (!isa<arith::ArithDialect, math::MathDialect>(op->getDialect()))
    return false;
  if (isa<arith::ConstantOp>(op) || isa<CastOpInterface>(op))
    return false;
  return llvm::none_of(op->getResultTypes(),
                       [](Type type) { return type.isIndex(); });
}

} // namespace

std::optional<tuner::KernelWork>
tuner::estimateKernelWork(kernel::FuncOp kernel) {
  KernelWork work;
  FunctionType type = kernel.getFunctionType();
  for (Type value :
       llvm::concat<const Type>(type.getInputs(), type.getResults())) {
    std::optional<double> bytes = getBytes(value);
    if (!bytes)
      return std::nullopt;
    work.bytes += *bytes;
  }
  bool dynamic = false;
  kernel.walk([&](linalg::LinalgOp op) {
    double iterations = 1;
    for (int64_t range : op.getStaticLoopRanges()) {
      if (ShapedType::isDynamic(range))
        dynamic = true;
      iterations *= static_cast<double>(range);
    }
    unsigned perIteration = 0;
    for (Operation &bodyOp : op.getBlock()->without_terminator())
      if (isArithmetic(&bodyOp))
        ++perIteration;
    work.operations += iterations * perIteration;
  });
  if (dynamic)
    return std::nullopt;
  return work;
}
