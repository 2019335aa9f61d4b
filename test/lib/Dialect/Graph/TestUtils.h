//===- TestUtils.h - Inputs and interpretation for test passes --*- C++ -*-===//
//
// Shared by the test-only passes: deterministic pseudo-random inputs and an
// interpreter of single-block graph functions on the reference evaluator.
//
//===----------------------------------------------------------------------===//

#ifndef STRATA_TEST_LIB_DIALECT_GRAPH_TESTUTILS_H
#define STRATA_TEST_LIB_DIALECT_GRAPH_TESTUTILS_H

#include "strata/Dialect/Graph/Evaluator/Evaluator.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"

namespace strata::test {

/// A small deterministic generator (64-bit LCG), so the inputs are the same
/// on every machine and standard library: floats uniform in [-1, 1), i1 0 or
/// 1, other integers in [0, 4) (valid as small indices and divisors >= 0).
class InputGenerator {
public:
  explicit InputGenerator(unsigned seed) : state(seed * 2654435761u + 1) {}
  graph::EvalTensor make(mlir::RankedTensorType type);

private:
  uint64_t next();
  uint64_t state;
};

/// Interprets `func` on `inputs` with the reference evaluator. The body must
/// be one block of graph ops, tensor.cast, func.call (interpreted
/// recursively) and func.return. Ops whose result
/// types are dynamic are evaluated on a scratch copy whose types are
/// inferred from the actual operand values. Errors are emitted at the op.
mlir::FailureOr<llvm::SmallVector<graph::EvalTensor>>
interpret(mlir::func::FuncOp func, llvm::ArrayRef<graph::EvalTensor> inputs);

} // namespace strata::test

#endif // STRATA_TEST_LIB_DIALECT_GRAPH_TESTUTILS_H
