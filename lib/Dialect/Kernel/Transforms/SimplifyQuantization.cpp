//===- SimplifyQuantization.cpp - Saturations with fewer instructions -----===//
//
// Implements kernel-simplify-quantization (see Passes.td): in the bodies of
// linalg.generic ops, the float saturation of a QuantizeLinear (round, add
// zero point, clamp, convert to an integer) is computed with fewer
// instructions and the same results for every non-NaN input: the clamps
// become compare-and-selects that x86 computes with one vmaxps / vminps,
// an added zero point of +0.0 goes, a clamp that a later saturation
// subsumes (a ReLU6 before the quantization) goes, and a dequantization of
// the byte just saturated (convert to float and back) reads the clamped
// float instead.
//
//===----------------------------------------------------------------------===//

#include "strata/Dialect/Kernel/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include <cmath>
#include <optional>

namespace strata::kernel {
#define GEN_PASS_DEF_KERNELSIMPLIFYQUANTIZATIONPASS
#include "strata/Dialect/Kernel/Transforms/Passes.h.inc"
} // namespace strata::kernel

using namespace mlir;

namespace {

/// The attribute of `value` if it is a scalar float constant, else null.
FloatAttr getFloatConstantAttr(Value value) {
  FloatAttr constant;
  return matchPattern(value, m_Constant(&constant)) ? constant : FloatAttr();
}

/// The value of `value` if it is a scalar float constant.
std::optional<double> getFloatConstant(Value value) {
  if (FloatAttr constant = getFloatConstantAttr(value))
    return constant.getValueAsDouble();
  return std::nullopt;
}

/// A maximumf or minimumf of `x` and a scalar float constant `bound` other
/// than NaN (either operand): a clamp from one side.
struct ConstantClamp {
  bool isMax;
  Value x;
  Value bound;
  APFloat constant;
};

std::optional<ConstantClamp> matchConstantClamp(Operation *op) {
  bool isMax = isa<arith::MaximumFOp>(op);
  if (!isMax && !isa<arith::MinimumFOp>(op))
    return std::nullopt;
  Value x = op->getOperand(0), bound = op->getOperand(1);
  FloatAttr constant = getFloatConstantAttr(bound);
  if (!constant) {
    std::swap(x, bound);
    constant = getFloatConstantAttr(bound);
  }
  if (!constant || constant.getValue().isNaN())
    return std::nullopt;
  return ConstantClamp{isMax, x, bound, constant.getValue()};
}

/// Whether every use of `value` converts it to an integer (fptoui,
/// fptosi), directly or through further clamps of this kind.
bool onlyConvertedToInteger(Value value) {
  return !value.use_empty() &&
         llvm::all_of(value.getUsers(), [](Operation *user) {
           if (isa<arith::FPToUIOp, arith::FPToSIOp>(user))
             return true;
           return isa<arith::MaximumFOp, arith::MinimumFOp>(user) &&
                  onlyConvertedToInteger(user->getResult(0));
         });
}

/// maximumf(x, c) -> x > c ? x : c and minimumf(x, c) -> x < c ? x : c
/// for a constant c, where the result only reaches integer conversions:
/// the same value for every x but NaN (which the conversion makes poison
/// anyway; the select gives c) and -0 against +0 (which convert alike).
/// An ordered compare-and-select is exactly x86's maxps / minps, one
/// instruction; MLIR expands maximumf into an unordered compare and a
/// blend, two (the expansion's NaN case), and LLVM's llvm.maximum without
/// nnan/nsz flags into more. An addf of +0.0 into such a clamp (a zero
/// point of 0) is dropped: it only turns -0 into +0.
bool rewriteClamp(Operation *clamp) {
  std::optional<ConstantClamp> match = matchConstantClamp(clamp);
  if (!match || !onlyConvertedToInteger(clamp->getResult(0)))
    return false;
  Value x = match->x, bound = match->bound;
  if (auto add = x.getDefiningOp<arith::AddFOp>(); add && add->hasOneUse()) {
    auto isPositiveZero = [](Value value) {
      std::optional<double> zero = getFloatConstant(value);
      return zero && *zero == 0.0 && !std::signbit(*zero);
    };
    if (isPositiveZero(add.getRhs()))
      x = add.getLhs();
    else if (isPositiveZero(add.getLhs()))
      x = add.getRhs();
  }
  OpBuilder builder(clamp);
  Value inRange = arith::CmpFOp::create(
      builder, clamp->getLoc(),
      match->isMax ? arith::CmpFPredicate::OGT : arith::CmpFPredicate::OLT, x,
      bound);
  Value select =
      arith::SelectOp::create(builder, clamp->getLoc(), inRange, x, bound);
  clamp->getResult(0).replaceAllUsesWith(select);
  return true;
}

/// If `op` computes a non-decreasing function of one operand, the others
/// being scalar constants (an add or subtract of a constant, a multiply or
/// divide by a positive one, a rounding to an integer, a maximumf or
/// minimumf with a constant), that operand; else nothing. With `value`,
/// also applies the function to it, in the op's float type.
std::optional<Value> getMonotoneOperand(Operation *op,
                                        APFloat *value = nullptr) {
  if (op->getNumResults() != 1)
    return std::nullopt;
  constexpr auto rounding = llvm::RoundingMode::NearestTiesToEven;
  if (isa<math::RoundEvenOp, math::RoundOp, math::FloorOp, math::CeilOp,
          math::TruncOp>(op)) {
    if (value) {
      llvm::RoundingMode mode =
          isa<math::RoundEvenOp>(op) ? rounding
          : isa<math::RoundOp>(op)   ? llvm::RoundingMode::NearestTiesToAway
          : isa<math::FloorOp>(op)   ? llvm::RoundingMode::TowardNegative
          : isa<math::CeilOp>(op)    ? llvm::RoundingMode::TowardPositive
                                     : llvm::RoundingMode::TowardZero;
      value->roundToIntegral(mode);
    }
    return op->getOperand(0);
  }
  if (!isa<arith::AddFOp, arith::SubFOp, arith::MulFOp, arith::DivFOp,
           arith::MaximumFOp, arith::MinimumFOp>(op))
    return std::nullopt;
  Value lhs = op->getOperand(0), rhs = op->getOperand(1);
  FloatAttr constantAttr = getFloatConstantAttr(rhs);
  bool constantFirst = false;
  if (!constantAttr &&
      isa<arith::AddFOp, arith::MulFOp, arith::MaximumFOp, arith::MinimumFOp>(
          op)) {
    constantAttr = getFloatConstantAttr(lhs);
    constantFirst = true;
  }
  if (!constantAttr || constantAttr.getValue().isNaN())
    return std::nullopt;
  APFloat constant = constantAttr.getValue();
  // Multiplying or dividing by a non-positive constant (or an infinite
  // one, which makes zeros NaN) is not non-decreasing.
  if (isa<arith::MulFOp, arith::DivFOp>(op) &&
      (!constant.isFiniteNonZero() || constant.isNegative()))
    return std::nullopt;
  if (value) {
    if (isa<arith::AddFOp>(op))
      value->add(constant, rounding);
    else if (isa<arith::SubFOp>(op))
      value->subtract(constant, rounding);
    else if (isa<arith::MulFOp>(op))
      value->multiply(constant, rounding);
    else if (isa<arith::DivFOp>(op))
      value->divide(constant, rounding);
    else if (isa<arith::MaximumFOp>(op))
      *value = llvm::maximum(*value, constant);
    else
      *value = llvm::minimum(*value, constant);
  }
  return constantFirst ? rhs : lhs;
}

/// For `outer`, maximumf(y, c2) with a constant c2, where y is computed
/// from maximumf(x, c1) (a constant c1) by non-decreasing steps g (each
/// result used once): drops the inner maximumf when g(c1) <= c2, as the
/// outer one then gives c2 for every x < c1 either way (and NaN for a NaN
/// x either way); minimumf alike with g(c1) >= c2. A QOperator model's
/// ReLU6 before a QuantizeLinear (a DequantizeLinear, a float batch norm,
/// Clip(0, 6), then the quantization: divide by 6/255, round, clamp to
/// [0, 255]) is such a pair of clamps twice: two compare-and-selects per
/// element for nothing.
bool dropSubsumedClamp(Operation *outer) {
  std::optional<ConstantClamp> clamp = matchConstantClamp(outer);
  if (!clamp)
    return false;
  Value y = clamp->x;
  SmallVector<Operation *> steps;
  while (Operation *step = y.getDefiningOp()) {
    if (!step->hasOneUse() || step->getBlock() != outer->getBlock())
      return false;
    std::optional<Value> operand = getMonotoneOperand(step);
    if (!operand)
      return false;
    std::optional<ConstantClamp> inner = matchConstantClamp(step);
    if (inner && inner->isMax == clamp->isMax) {
      // g(c1): the inner clamp's constant through the steps after it.
      APFloat image = inner->constant;
      for (Operation *after : llvm::reverse(steps))
        getMonotoneOperand(after, &image);
      llvm::APFloat::cmpResult order = image.compare(clamp->constant);
      bool subsumed = clamp->isMax ? order != llvm::APFloat::cmpGreaterThan
                                   : order != llvm::APFloat::cmpLessThan;
      if (subsumed && order != llvm::APFloat::cmpUnordered) {
        step->getResult(0).replaceAllUsesWith(inner->x);
        return true;
      }
    }
    steps.push_back(step);
    y = *operand;
  }
  return false;
}

/// The clamp bounds [lo, hi] of `value` if it is a compare-and-select clamp
/// (as rewriteClamp makes them) of an integer-valued float: roundeven (or
/// another rounding to an integer) plus integer constants, clamped by
/// integer constants on both sides.
std::optional<std::pair<double, double>> getIntegerClampBounds(Value value) {
  double lo = -INFINITY, hi = INFINITY;
  while (auto select = value.getDefiningOp<arith::SelectOp>()) {
    auto compare = select.getCondition().getDefiningOp<arith::CmpFOp>();
    if (!compare || compare.getLhs() != select.getTrueValue() ||
        compare.getRhs() != select.getFalseValue())
      return std::nullopt;
    std::optional<double> bound = getFloatConstant(compare.getRhs());
    if (!bound || *bound != std::round(*bound))
      return std::nullopt;
    if (compare.getPredicate() == arith::CmpFPredicate::OGT)
      lo = std::max(lo, *bound);
    else if (compare.getPredicate() == arith::CmpFPredicate::OLT)
      hi = std::min(hi, *bound);
    else
      return std::nullopt;
    value = compare.getLhs();
  }
  // Integer-valued: a rounding, plus integer constants (a sum of integers
  // stays an integer when rounded: every float of 2^24 or more is one).
  while (auto add = value.getDefiningOp<arith::AddFOp>()) {
    std::optional<double> addend = getFloatConstant(add.getRhs());
    if (!addend || *addend != std::round(*addend))
      return std::nullopt;
    value = add.getLhs();
  }
  if (!value.getDefiningOp<math::RoundEvenOp>() &&
      !value.getDefiningOp<math::RoundOp>() &&
      !value.getDefiningOp<math::FloorOp>() &&
      !value.getDefiningOp<math::CeilOp>() &&
      !value.getDefiningOp<math::TruncOp>())
    return std::nullopt;
  if (std::isinf(lo) || std::isinf(hi))
    return std::nullopt;
  return std::make_pair(lo, hi);
}

/// uitofp(fptoui(y)) or sitofp(fptosi(y)) -> y where y is an integer-valued
/// float clamped into the integer type's range (getIntegerClampBounds):
/// QuantizeLinear then DequantizeLinear of the same byte (a quantized
/// tensor that a float op, such as a batch norm left between two
/// quantizations, reads). The conversions are exact there.
bool foldConversionRoundTrip(Operation *op) {
  if (!isa<arith::UIToFPOp, arith::SIToFPOp>(op))
    return false;
  Operation *toInteger = op->getOperand(0).getDefiningOp();
  bool isUnsigned = isa<arith::UIToFPOp>(op);
  if (!toInteger || !(isUnsigned ? isa<arith::FPToUIOp>(toInteger)
                                 : isa<arith::FPToSIOp>(toInteger)))
    return false;
  Value y = toInteger->getOperand(0);
  auto intType = dyn_cast<IntegerType>(toInteger->getResult(0).getType());
  if (!intType || y.getType() != op->getResult(0).getType() ||
      intType.getWidth() > 24)
    return false;
  std::optional<std::pair<double, double>> bounds = getIntegerClampBounds(y);
  unsigned width = intType.getWidth();
  double lo = isUnsigned ? 0.0 : -std::ldexp(1.0, width - 1);
  double hi =
      isUnsigned ? std::ldexp(1.0, width) - 1 : std::ldexp(1.0, width - 1) - 1;
  if (!bounds || bounds->first < lo || bounds->second > hi)
    return false;
  op->getResult(0).replaceAllUsesWith(y);
  return true;
}

struct KernelSimplifyQuantizationPass
    : strata::kernel::impl::KernelSimplifyQuantizationPassBase<
          KernelSimplifyQuantizationPass> {
  using Base::Base;

  void runOnOperation() override {
    getOperation().walk([](linalg::GenericOp generic) {
      Block *body = generic.getBody();
      SmallVector<Operation *> ops;
      for (Operation &op : body->without_terminator())
        ops.push_back(&op);
      bool changed = false;
      for (Operation *op : ops)
        changed |= dropSubsumedClamp(op);
      for (Operation *op : ops)
        changed |= rewriteClamp(op);
      for (Operation *op : ops)
        changed |= foldConversionRoundTrip(op);
      if (!changed)
        return;
      // The ops left without uses, last first.
      for (Operation &op : llvm::make_early_inc_range(llvm::reverse(*body)))
        if (&op != body->getTerminator() && op.use_empty() && isPure(&op))
          op.erase();
    });
  }
};

} // namespace
