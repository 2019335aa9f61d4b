//===- ConstantCombination.cpp - Sums weighted by small constants ---------===//
//
// The recognizer of constant combinations (see ConstantCombination.h).
//
//===----------------------------------------------------------------------===//

#include "strata/Dialect/Kernel/Transforms/ConstantCombination.h"

#include "strata/Dialect/Kernel/Transforms/Products.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Matchers.h"

using namespace mlir;

std::optional<strata::kernel::ConstantCombination>
strata::kernel::matchConstantCombination(Operation *op) {
  auto generic = dyn_cast_or_null<linalg::GenericOp>(op);
  if (!generic || !generic.hasPureTensorSemantics() ||
      generic.getNumDpsInputs() != 2 || generic.getNumDpsInits() != 1)
    return std::nullopt;
  // The body: acc + x * k, in either operand order.
  if (!isFloatMultiplyAddBody(generic.getRegion().front()))
    return std::nullopt;

  SmallVector<AffineMap> maps = generic.getIndexingMapsArray();
  for (unsigned index = 0; index < 2; ++index) {
    OpOperand *operand = generic.getDpsInputOperand(index);
    DenseElementsAttr coefficients;
    if (!matchPattern(operand->get(), m_Constant(&coefficients)) ||
        !isa<FloatType>(coefficients.getElementType()) ||
        coefficients.getNumElements() > kMaxCombinationCoefficients)
      continue;
    AffineMap coefficientMap = maps[index];
    if (!coefficientMap.isProjectedPermutation(/*allowZeroInResults=*/false))
      return std::nullopt;
    for (auto [loop, iterator] :
         llvm::enumerate(generic.getIteratorTypesArray()))
      if (iterator == utils::IteratorType::reduction &&
          !coefficientMap.isFunctionOfDim(loop))
        return std::nullopt;
    // The vector loop: the output's innermost dim, a loop of x's innermost
    // dim alone, not of the coefficients.
    AffineMap outputMap = maps.back(), inputMap = maps[1 - index];
    if (!outputMap.isProjectedPermutation() || outputMap.getNumResults() == 0 ||
        inputMap.getNumResults() == 0)
      return std::nullopt;
    unsigned vectorLoop =
        outputMap.getDimPosition(outputMap.getNumResults() - 1);
    auto inputLast = dyn_cast<AffineDimExpr>(inputMap.getResults().back());
    if (!inputLast || inputLast.getPosition() != vectorLoop ||
        coefficientMap.isFunctionOfDim(vectorLoop) ||
        llvm::any_of(inputMap.getResults().drop_back(), [&](AffineExpr e) {
          return e.isFunctionOfDim(vectorLoop);
        }))
      return std::nullopt;
    // Mostly trivial coefficients (0 or +-1, all of Winograd F(2x2, 3x3)'s):
    // not a weight matrix that happens to be small.
    int64_t trivial = 0;
    for (APFloat value : coefficients.getValues<APFloat>()) {
      APFloat magnitude = abs(value);
      trivial += value.isZero() ||
                 magnitude.compare(APFloat::getOne(value.getSemantics())) ==
                     APFloat::cmpEqual;
    }
    if (2 * trivial < coefficients.getNumElements())
      return std::nullopt;
    return ConstantCombination{
        generic,         generic.getDpsInputs()[1 - index],
        maps[1 - index], operand,
        coefficients,    coefficientMap,
        outputMap,       vectorLoop};
  }
  return std::nullopt;
}
