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
#include "mlir/IR/Matchers.h"

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

/// For a multiply-add by a constant tensor (`acc + x * K`: a constant
/// combination such as a Winograd transform, or constant weights; `op`'s
/// body has two arithmetic ops), the share of a multiply-add that the code
/// does per coefficient on average: the tile pass unrolls such products
/// over the coefficients, adding (1 operation) where one is +-1, skipping
/// zeros, and multiplying-adding (2) elsewhere. Nothing for other ops.
std::optional<double> getCoefficientDensity(linalg::LinalgOp op) {
  for (OpOperand *input : op.getDpsInputOperands()) {
    DenseElementsAttr coefficients;
    if (!matchPattern(input->get(), m_Constant(&coefficients)) ||
        coefficients.isSplat() ||
        !isa<FloatType>(coefficients.getElementType()))
      continue;
    BlockArgument argument = op.getMatchingBlockArgument(input);
    if (!llvm::any_of(argument.getUsers(),
                      [](Operation *user) { return isa<arith::MulFOp>(user); }))
      continue;
    double operations = 0;
    for (const APFloat &value : coefficients.getValues<APFloat>()) {
      if (value.isZero())
        continue;
      operations +=
          value.isExactlyValue(1.0) || value.isExactlyValue(-1.0) ? 1.0 : 2.0;
    }
    return operations / (2.0 * coefficients.getNumElements());
  }
  return std::nullopt;
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
  // Constant tensors the kernel reads (a model's weights, which become
  // arguments only at the device level); splats fold into the code.
  kernel.walk([&](arith::ConstantOp constant) {
    auto elements = dyn_cast<ElementsAttr>(constant.getValue());
    if (!elements || elements.isSplat())
      return;
    if (std::optional<double> bytes = getBytes(elements.getType()))
      work.bytes += *bytes;
  });
  bool dynamic = false;
  kernel.walk([&](linalg::LinalgOp op) {
    double iterations = 1;
    for (int64_t range : op.getStaticLoopRanges()) {
      if (ShapedType::isDynamic(range))
        dynamic = true;
      iterations *= static_cast<double>(range);
    }
    double perIteration = 0;
    for (Operation &bodyOp : op.getBlock()->without_terminator())
      if (isArithmetic(&bodyOp))
        ++perIteration;
    if (perIteration == 2)
      if (std::optional<double> density = getCoefficientDensity(op))
        perIteration *= *density;
    work.operations += iterations * perIteration;
  });
  if (dynamic)
    return std::nullopt;
  return work;
}
