//===- WidenHalfAccumulation.cpp - f16/bf16 sums computed in f32 ----------===//
//
// graph-widen-half-accumulation: a matmul, convolution, sum, mean, average
// pool, cumsum, layer_norm or softmax on f16/bf16 adds up many terms, and
// accumulating them in the element type loses the result (in f16 a sum of
// 4096 ones stops at 2048). onnxruntime's CPU kernels and the reference
// evaluator accumulate wider; so does Strata now: such an op computes in
// f32 between a graph.cast of each half-precision operand and a graph.cast
// of each result back, which rounds once. Constant operands (weights) are
// converted here, once each, whatever their size: a cast of a large weight
// would otherwise run at every call. (The f32 kernels are also the
// vectorized ones: the CPU code generator keeps f16/bf16 arithmetic scalar.)
//
//===----------------------------------------------------------------------===//

#include "strata/Dialect/Graph/IR/GraphOps.h"
#include "strata/Dialect/Graph/Transforms/Passes.h"
#include "strata/Support/ConstantLayout.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Matchers.h"

#include <cstring>

namespace strata::graph {
#define GEN_PASS_DEF_GRAPHWIDENHALFACCUMULATIONPASS
#include "strata/Dialect/Graph/Transforms/Passes.h.inc"
} // namespace strata::graph

using namespace mlir;
using namespace strata::graph;

/// `type` with f32 elements when it is a ranked tensor of f16 or bf16; null
/// otherwise.
static RankedTensorType getWidenedType(Type type) {
  auto tensorType = dyn_cast<RankedTensorType>(type);
  if (!tensorType ||
      !isa<Float16Type, BFloat16Type>(tensorType.getElementType()))
    return {};
  return tensorType.clone(Float32Type::get(type.getContext()));
}

/// Whether `op` sums many terms into each result element.
static bool accumulates(Operation *op) {
  return isa<MatmulOp, LinearOp, Conv2DOp, Conv3DOp, ConvTranspose2DOp,
             ConvTranspose3DOp, ReduceSumOp, ReduceMeanOp, AvgPool2DOp,
             AvgPool3DOp, GlobalAvgPoolOp, CumSumOp, LayerNormOp, SoftmaxOp,
             LogSoftmaxOp>(op);
}

/// The f32 bits of the f16 value `bits` (exact: every f16 is an f32).
static uint32_t widenHalfBits(uint16_t bits) {
  uint32_t sign = static_cast<uint32_t>(bits & 0x8000) << 16;
  uint32_t exponent = (bits >> 10) & 0x1f;
  uint32_t mantissa = bits & 0x3ff;
  if (exponent == 0x1f) // Infinities and NaNs (payload kept).
    return sign | 0x7f800000 | (mantissa << 13);
  if (exponent == 0) {
    if (mantissa == 0)
      return sign;
    // A subnormal m * 2^-24: normalized to 1.f * 2^(-14 - shift).
    uint32_t shift = 0;
    while (!(mantissa & 0x400)) {
      mantissa <<= 1;
      ++shift;
    }
    return sign | ((113 - shift) << 23) | ((mantissa & 0x3ff) << 13);
  }
  return sign | ((exponent + 112) << 23) | (mantissa << 13);
}

/// `value`, an f16 or bf16 constant, as the f32 constant of `type`, of
/// the same kind (a splat, a dense attribute or a blob named after the
/// old one); failure for what the byte rewriter does not take.
static FailureOr<ElementsAttr> widenConstant(ElementsAttr value,
                                             RankedTensorType type) {
  if (auto dense = dyn_cast<DenseElementsAttr>(value);
      dense && dense.isSplat()) {
    APFloat element = dense.getSplatValue<APFloat>();
    bool losesInfo = false;
    element.convert(APFloat::IEEEsingle(), APFloat::rmNearestTiesToEven,
                    &losesInfo);
    return ElementsAttr(DenseElementsAttr::get(
        type, FloatAttr::get(type.getElementType(), element)));
  }
  bool bf16 = isa<BFloat16Type>(value.getElementType());
  return strata::rewriteConstantBytes(
      value, type, "_f32",
      [&](ArrayRef<char> source, MutableArrayRef<char> dest) {
        for (size_t i = 0, e = source.size() / 2; i < e; ++i) {
          uint16_t half;
          std::memcpy(&half, source.data() + 2 * i, 2);
          uint32_t wide =
              bf16 ? static_cast<uint32_t>(half) << 16 : widenHalfBits(half);
          std::memcpy(dest.data() + 4 * i, &wide, 4);
        }
      });
}

/// The f32 version of the f16/bf16 `operand` (of type `widened`): a
/// converted constant, made once per constant and placed after it, or a
/// graph.cast before `op`.
static Value widenOperand(OpBuilder &builder, Operation *op, Value operand,
                          RankedTensorType widened,
                          DenseMap<Value, Value> &widenedConstants) {
  ElementsAttr value;
  if (matchPattern(operand, m_Constant(&value))) {
    if (Value known = widenedConstants.lookup(operand))
      return known;
    FailureOr<ElementsAttr> wide = widenConstant(value, widened);
    if (succeeded(wide)) {
      OpBuilder::InsertionGuard guard(builder);
      builder.setInsertionPointAfterValue(operand);
      Value constant =
          ConstantOp::create(builder, operand.getLoc(), *wide).getResult();
      widenedConstants[operand] = constant;
      return constant;
    }
  }
  return CastOp::create(builder, op->getLoc(), widened, operand);
}

/// Recreates `op` on f32: widens its f16/bf16 operands, clones it with f32
/// results and casts those back to the original types.
static void widen(Operation *op, DenseMap<Value, Value> &widenedConstants) {
  OpBuilder builder(op);
  Location loc = op->getLoc();
  SmallVector<Value> operands;
  for (Value operand : op->getOperands()) {
    RankedTensorType widened = getWidenedType(operand.getType());
    operands.push_back(
        widened ? widenOperand(builder, op, operand, widened, widenedConstants)
                : operand);
  }
  Operation *wide = builder.clone(*op);
  wide->setOperands(operands);
  for (OpResult result : wide->getResults())
    if (RankedTensorType widened = getWidenedType(result.getType()))
      result.setType(widened);
  for (auto [oldResult, newResult] :
       llvm::zip_equal(op->getResults(), wide->getResults())) {
    Value replacement = newResult;
    if (newResult.getType() != oldResult.getType())
      replacement =
          CastOp::create(builder, loc, oldResult.getType(), newResult);
    oldResult.replaceAllUsesWith(replacement);
  }
  op->erase();
}

namespace {
/// Computes the accumulating ops on f16/bf16 in f32; see Passes.td.
struct GraphWidenHalfAccumulationPass
    : strata::graph::impl::GraphWidenHalfAccumulationPassBase<
          GraphWidenHalfAccumulationPass> {
  void runOnOperation() override {
    SmallVector<Operation *> targets;
    getOperation()->walk([&](Operation *op) {
      if (accumulates(op) && llvm::any_of(op->getResultTypes(), [](Type type) {
            return getWidenedType(type);
          }))
        targets.push_back(op);
    });
    DenseMap<Value, Value> widenedConstants;
    for (Operation *op : targets)
      widen(op, widenedConstants);
  }
};
} // namespace
