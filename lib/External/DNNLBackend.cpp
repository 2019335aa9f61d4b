//===- DNNLBackend.cpp - oneDNN's pattern table ---------------------------===//
//
// The graph ops oneDNN (libdnnl, its CPU primitives) runs: 2-D
// convolutions (grouped and dilated too), matrix products and linear
// layers, max and average pooling, and as post-ops of those the
// elementwise activations and binary ops with a broadcast operand. Every
// tensor f32 with a static shape (the plugin creates each primitive for
// one shape). Also the cost rule: which regions oneDNN runs faster.
//
//===----------------------------------------------------------------------===//

#include "Backends.h"

#include "strata/Dialect/Graph/IR/GraphOps.h"

#include "mlir/IR/BuiltinTypes.h"

using namespace mlir;
using namespace strata;
using namespace strata::external;

bool strata::external::hasStaticF32Tensors(Operation *op) {
  auto isStaticF32 = [](Type type) {
    auto tensor = dyn_cast<RankedTensorType>(type);
    return tensor && tensor.hasStaticShape() && tensor.getElementType().isF32();
  };
  return llvm::all_of(op->getOperandTypes(), isStaticF32) &&
         llvm::all_of(op->getResultTypes(), isStaticF32);
}

bool strata::external::broadcastsOnto(Value operand, Value value,
                                      bool lowerRank) {
  auto operandType = cast<RankedTensorType>(operand.getType());
  auto valueType = cast<RankedTensorType>(value.getType());
  if (operandType.getRank() > valueType.getRank() ||
      (!lowerRank && operandType.getRank() != valueType.getRank()))
    return false;
  for (auto [part, whole] :
       llvm::zip(operandType.getShape(),
                 valueType.getShape().take_back(operandType.getRank())))
    if (part != whole && part != 1)
      return false;
  return true;
}

namespace {

/// Whether binary op `op`'s operand `second` broadcasts onto its operand
/// `first`, which has the result's shape (oneDNN's binary primitive).
bool isBinaryBroadcast(Operation *op, unsigned first, unsigned second) {
  return cast<RankedTensorType>(op->getOperand(first).getType()).getShape() ==
             cast<RankedTensorType>(op->getResult(0).getType()).getShape() &&
         broadcastsOnto(op->getOperand(second), op->getOperand(first),
                        /*lowerRank=*/true);
}

class DNNLBackend final : public ExternalBackend {
public:
  StringRef getName() const override { return "dnnl"; }
  StringRef getDescription() const override {
    return "oneDNN (libdnnl) on CPUs: convolutions, products, pooling, "
           "with fused activations";
  }

  LogicalResult lowerFunction(Operation *function) const override {
    return lowerDNNLFunction(function);
  }

  /// Regions with a convolution, or a product of at least 16 rows.
  /// Measured on an Intel Xeon (AVX-512, one thread; docs/BYOC.md):
  /// oneDNN's channels-last convolutions ran ResNet-18 in 0.82x and
  /// MobileNetV2 in 0.95x of Strata's time, its products the BERT layer in
  /// 0.66x, but the MLP's matrix-vector products (one row) in 1.07x:
  /// Strata packs their weights for its matrix-vector kernels. Regions of
  /// pooling or narrow products alone stay with Strata.
  bool isWorthOffloading(ArrayRef<Operation *> ops) const override {
    return llvm::any_of(ops, [](Operation *op) {
      if (isa<graph::Conv2DOp>(op))
        return true;
      if (!isa<graph::MatmulOp, graph::LinearOp>(op))
        return false;
      auto result = cast<RankedTensorType>(op->getResult(0).getType());
      return result.getNumElements() / result.getShape().back() >= 16;
    });
  }

  /// On AMD's Zen CPUs, none: there Debian's oneDNN 2.6 ran every region
  /// measured slower than Strata (AMD EPYC, Zen 4, one thread;
  /// bench/results/amd-znver4/byoc.md): the rule above made ResNet-18 run
  /// in 1.75x, MobileNetV2 in 1.43x and the BERT layer in 1.2x of Strata's
  /// time alone. strata-tune --external measures the regions on the
  /// machine instead of either rule.
  bool isWorthOffloadingOn(ArrayRef<Operation *> ops,
                           StringRef cpu) const override {
    if (cpu.starts_with("znver"))
      return false;
    return isWorthOffloading(ops);
  }

  bool isAnchor(Operation *op) const override {
    return isa<graph::Conv2DOp, graph::MatmulOp, graph::LinearOp,
               graph::MaxPool2DOp, graph::AvgPool2DOp>(op);
  }

  bool supports(Operation *op) const override {
    if (op->getNumRegions() != 0 || op->getNumResults() != 1 ||
        !hasStaticF32Tensors(op))
      return false;
    if (isa<graph::Conv2DOp, graph::MaxPool2DOp, graph::AvgPool2DOp>(op))
      return cast<RankedTensorType>(op->getOperand(0).getType()).getRank() == 4;
    if (auto matmul = dyn_cast<graph::MatmulOp>(op)) {
      // Matrices (no vectors) with up to 3 batch dims, which broadcast.
      auto lhs = cast<RankedTensorType>(matmul->getOperand(0).getType());
      auto rhs = cast<RankedTensorType>(matmul->getOperand(1).getType());
      return lhs.getRank() >= 2 && rhs.getRank() >= 2 && lhs.getRank() <= 5 &&
             rhs.getRank() <= 5;
    }
    if (isa<graph::LinearOp>(op))
      return cast<RankedTensorType>(op->getOperand(0).getType()).getRank() == 2;
    // Eltwise primitives (and post-ops).
    if (isa<graph::ReluOp, graph::SigmoidOp, graph::TanhOp, graph::GeluOp,
            graph::ClipOp, graph::ExpOp>(op))
      return true;
    // Binary primitives (and post-ops), with a broadcast second source.
    if (isa<graph::AddOp, graph::MulOp>(op))
      return isBinaryBroadcast(op, 0, 1) || isBinaryBroadcast(op, 1, 0);
    if (isa<graph::SubOp>(op))
      return isBinaryBroadcast(op, 0, 1);
    return false;
  }
};

} // namespace

std::unique_ptr<ExternalBackend> strata::external::createDNNLBackend() {
  return std::make_unique<DNNLBackend>();
}
