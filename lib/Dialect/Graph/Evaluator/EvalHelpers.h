//===- EvalHelpers.h - Shared helpers of the data-movement evaluators -*- C++
//-*-===//
//
// Internal to lib/Dialect/Graph/Evaluator: failure reasons, element copies
// and checked result creation used by the shape and indexing evaluators.
//
//===----------------------------------------------------------------------===//

#ifndef STRATA_LIB_DIALECT_GRAPH_EVALUATOR_EVALHELPERS_H
#define STRATA_LIB_DIALECT_GRAPH_EVALUATOR_EVALHELPERS_H

#include "strata/Dialect/Graph/Evaluator/Evaluator.h"
#include "strata/Dialect/Graph/IR/GraphUtils.h"

#include "mlir/IR/Operation.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/raw_ostream.h"
#include <string>

namespace strata::graph::detail {

/// Records `message` as the reason of a failed evaluation.
inline mlir::LogicalResult failWith(std::string &whyNot,
                                    const llvm::Twine &message) {
  whyNot = message.str();
  return mlir::failure();
}

/// Prints `type` as MLIR writes it, for reasons.
inline std::string formatType(mlir::Type type) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << type;
  return text;
}

/// Copies element `from` of `source` to element `to` of `dest`, which have
/// the same element type, without a round trip through another type.
inline void copyElement(EvalTensor &dest, int64_t to, const EvalTensor &source,
                        int64_t from) {
  if (source.isFloat())
    dest.setFloat(to, source.getFloat(from));
  else
    dest.setInt(to, source.getInt(from));
}

/// Creates the zero-filled tensor of result `index` of `op` after checking
/// that its (static) type has the computed `shape` and `elementType`.
inline mlir::FailureOr<EvalTensor>
createResult(mlir::Operation *op, unsigned index, llvm::ArrayRef<int64_t> shape,
             mlir::Type elementType, std::string &whyNot) {
  auto type =
      mlir::cast<mlir::RankedTensorType>(op->getResult(index).getType());
  if (type.getElementType() != elementType) {
    (void)failWith(whyNot, "result #" + llvm::Twine(index) +
                               " has element type " +
                               formatType(type.getElementType()) +
                               ", expected " + formatType(elementType));
    return mlir::failure();
  }
  if (type.getShape() != shape) {
    (void)failWith(whyNot, "result #" + llvm::Twine(index) + " has shape " +
                               formatShape(type.getShape()) +
                               ", but the operands give " + formatShape(shape));
    return mlir::failure();
  }
  return EvalTensor(type);
}

} // namespace strata::graph::detail

#endif // STRATA_LIB_DIALECT_GRAPH_EVALUATOR_EVALHELPERS_H
