//===- GraphTraits.h - Traits shared by every graph op ----------*- C++ -*-===//
//
// Op traits whose checks hold for the whole graph dialect.
//
//===----------------------------------------------------------------------===//

#ifndef STRATA_DIALECT_GRAPH_IR_GRAPHTRAITS_H
#define STRATA_DIALECT_GRAPH_IR_GRAPHTRAITS_H

#include "mlir/IR/OpDefinition.h"

namespace strata::graph::trait {

/// Rejects operand and result tensor types whose static sizes multiply past
/// int64_t: getNumElements and every size or buffer computation downstream
/// would overflow on them (e.g. tensor<9223372036854775807x2xf32>).
mlir::LogicalResult verifyElementCountsFit(mlir::Operation *op);

/// Every graph op has this trait; it runs right after the ODS constraints,
/// before type inference looks at the sizes.
template <typename ConcreteType>
class ElementCountsFit
    : public mlir::OpTrait::TraitBase<ConcreteType, ElementCountsFit> {
public:
  static mlir::LogicalResult verifyTrait(mlir::Operation *op) {
    return verifyElementCountsFit(op);
  }
};

} // namespace strata::graph::trait

#endif // STRATA_DIALECT_GRAPH_IR_GRAPHTRAITS_H
