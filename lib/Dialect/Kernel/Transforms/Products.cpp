//===- Products.cpp - What kernel passes recognize in products ------------===//
//
// See Products.h.
//
//===----------------------------------------------------------------------===//

#include "strata/Dialect/Kernel/Transforms/Products.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"

using namespace mlir;

bool strata::kernel::isFloatMultiplyAddBody(Block &body) {
  if (body.getNumArguments() != 3 || body.getOperations().size() != 3)
    return false;
  auto mul = dyn_cast<arith::MulFOp>(body.front());
  auto add = dyn_cast<arith::AddFOp>(*std::next(body.begin()));
  auto yield = dyn_cast<linalg::YieldOp>(body.getTerminator());
  if (!mul || !add || !yield || yield.getNumOperands() != 1 ||
      yield.getOperand(0) != add.getResult())
    return false;
  Value a = body.getArgument(0), b = body.getArgument(1),
        acc = body.getArgument(2);
  return ((mul.getLhs() == a && mul.getRhs() == b) ||
          (mul.getLhs() == b && mul.getRhs() == a)) &&
         ((add.getLhs() == acc && add.getRhs() == mul.getResult()) ||
          (add.getLhs() == mul.getResult() && add.getRhs() == acc));
}

int64_t strata::kernel::getDotProductGroup(Type a, Type b, Type acc) {
  if (a.isSignlessInteger(8) && b.isSignlessInteger(8) &&
      acc.isSignlessInteger(32))
    return 4;
  if (a.isBF16() && b.isBF16() && acc.isF32())
    return 2;
  return 0;
}
