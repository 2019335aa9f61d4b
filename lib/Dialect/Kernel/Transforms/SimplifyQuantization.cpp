//===- SimplifyQuantization.cpp - Saturations with fewer instructions -----===//
//
// Implements kernel-simplify-quantization (see Passes.td): in the bodies of
// linalg.generic ops, the float saturation of a QuantizeLinear (round, add
// zero point, clamp, convert to an integer) is computed with fewer
// instructions and the same results for every non-NaN input: the clamps
// become compare-and-selects that x86 computes with one vmaxps / vminps,
// an added zero point of +0.0 goes, and a dequantization of the byte just
// saturated (convert to float and back) reads the clamped float instead.
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

/// The value of `value` if it is a scalar float constant.
std::optional<double> getFloatConstant(Value value) {
  FloatAttr constant;
  if (!matchPattern(value, m_Constant(&constant)))
    return std::nullopt;
  return constant.getValueAsDouble();
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
  bool isMax = isa<arith::MaximumFOp>(clamp);
  if (!isMax && !isa<arith::MinimumFOp>(clamp))
    return false;
  Value x = clamp->getOperand(0), bound = clamp->getOperand(1);
  if (!getFloatConstant(bound))
    std::swap(x, bound);
  std::optional<double> constant = getFloatConstant(bound);
  if (!constant || std::isnan(*constant) ||
      !onlyConvertedToInteger(clamp->getResult(0)))
    return false;
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
      isMax ? arith::CmpFPredicate::OGT : arith::CmpFPredicate::OLT, x, bound);
  Value select =
      arith::SelectOp::create(builder, clamp->getLoc(), inRange, x, bound);
  clamp->getResult(0).replaceAllUsesWith(select);
  return true;
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
