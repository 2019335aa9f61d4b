//===- DemoteProducts.cpp - f32 weight products on bf16 inputs ------------===//
//
// Implements kernel-demote-products (see Passes.td): the f32 matrix products
// and convolutions of a constant weight multiply bf16 inputs and accumulate
// in f32 (`--precision=bf16`). The weight is rounded at compile time, the
// other input by an elementwise truncation that fuses into its producer.
//
//===----------------------------------------------------------------------===//

#include "strata/Dialect/Kernel/Transforms/Passes.h"
#include "strata/Dialect/Kernel/Transforms/Products.h"

#include "strata/Support/ConstantLayout.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"

#include <cstring>

namespace strata::kernel {
#define GEN_PASS_DEF_KERNELDEMOTEPRODUCTSPASS
#include "strata/Dialect/Kernel/Transforms/Passes.h.inc"
} // namespace strata::kernel

using namespace mlir;

namespace {

/// The bf16 bits of `value` rounded to nearest even, as vcvtneps2bf16 and
/// arith.truncf compute them (a NaN stays a quiet NaN of the same sign).
uint16_t roundToBF16(float value) {
  uint32_t bits;
  std::memcpy(&bits, &value, sizeof(bits));
  if ((bits & 0x7fffffffu) > 0x7f800000u)
    return static_cast<uint16_t>((bits >> 16) | 0x40);
  uint32_t lowestKept = (bits >> 16) & 1;
  return static_cast<uint16_t>((bits + 0x7fffu + lowestKept) >> 16);
}

/// `value` (a constant of `type`'s shape with f32 elements) rounded to bf16
/// at compile time: a new constant, or null when it cannot be rewritten.
Value createBF16Constant(RewriterBase &rewriter, Location loc,
                         ElementsAttr value, RankedTensorType type) {
  FailureOr<ElementsAttr> rounded = strata::rewriteConstantBytes(
      value, type, "_bf16", [](ArrayRef<char> in, MutableArrayRef<char> out) {
        size_t count = out.size() / sizeof(uint16_t);
        for (size_t i = 0; i < count; ++i) {
          float element;
          std::memcpy(&element, in.data() + i * sizeof(float), sizeof(float));
          uint16_t bits = roundToBF16(element);
          std::memcpy(out.data() + i * sizeof(uint16_t), &bits, sizeof(bits));
        }
      });
  if (failed(rounded))
    return nullptr;
  return arith::ConstantOp::create(rewriter, loc, type,
                                   cast<TypedAttr>(*rounded));
}

/// `value` (an f32 tensor) truncated to bf16 element by element: a
/// linalg.generic that kernel-fuse-elementwise fuses into its producer.
Value createTruncation(RewriterBase &rewriter, Location loc, Value value,
                       RankedTensorType type) {
  SmallVector<OpFoldResult> sizes = tensor::getMixedSizes(rewriter, loc, value);
  Value empty =
      tensor::EmptyOp::create(rewriter, loc, sizes, type.getElementType());
  AffineMap identity =
      AffineMap::getMultiDimIdentityMap(type.getRank(), rewriter.getContext());
  return linalg::GenericOp::create(
             rewriter, loc, empty.getType(), value, empty,
             SmallVector<AffineMap>{identity, identity},
             SmallVector<utils::IteratorType>(type.getRank(),
                                              utils::IteratorType::parallel),
             [](OpBuilder &b, Location loc, ValueRange args) {
               Value truncated =
                   arith::TruncFOp::create(b, loc, b.getBF16Type(), args[0]);
               linalg::YieldOp::create(b, loc, truncated);
             })
      .getResult(0);
}

/// Whether `op`'s inputs and init are f32 tensors and its second input (the
/// weight) a non-splat constant of static shape.
bool isDemotable(linalg::LinalgOp op, ElementsAttr &weight) {
  if (!op.hasPureTensorSemantics() || op.getNumDpsInputs() != 2 ||
      op.getNumDpsInits() != 1)
    return false;
  auto isF32 = [](Value value) {
    return getElementTypeOrSelf(value.getType()).isF32();
  };
  Value b = op.getDpsInputs()[1];
  if (!isF32(op.getDpsInputs()[0]) || !isF32(b) || !isF32(op.getDpsInits()[0]))
    return false;
  auto type = cast<RankedTensorType>(b.getType());
  return matchPattern(b, m_Constant(&weight)) && !weight.isSplat() &&
         type.hasStaticShape();
}

/// The bf16 inputs of `op` (f32 A and a constant f32 weight B): A
/// truncated where it is computed, B rounded at compile time; failure
/// (nothing created) when the weight cannot be rewritten.
FailureOr<std::pair<Value, Value>> createDemotedInputs(RewriterBase &rewriter,
                                                       linalg::LinalgOp op,
                                                       ElementsAttr weight) {
  Location loc = op.getLoc();
  rewriter.setInsertionPoint(op);
  auto toBF16 = [&](Value value) {
    return cast<RankedTensorType>(value.getType())
        .clone(rewriter.getBF16Type());
  };
  Value b = op.getDpsInputs()[1];
  Value roundedWeight = createBF16Constant(rewriter, loc, weight, toBF16(b));
  if (!roundedWeight)
    return failure();
  Value a = op.getDpsInputs()[0];
  return std::make_pair(createTruncation(rewriter, loc, a, toBF16(a)),
                        roundedWeight);
}

/// A product of f32 A and a constant f32 B -> the same product of their
/// bf16 values into the same f32 init: a linalg.matmul for
/// linalg.matmul's maps (that op, or the multiply-add generic that
/// graph.linear lowers to), whose body widens them (arith.extf); another
/// contraction generic with a multiply-add body (graph-prepack-weights'
/// matrix-vector panels, [N/P, K, P]) keeps its maps, with extf in its
/// body.
LogicalResult demoteProduct(RewriterBase &rewriter, linalg::LinalgOp product) {
  ElementsAttr weight;
  if (!isDemotable(product, weight))
    return failure();
  bool matmul = isa<linalg::MatmulOp>(product.getOperation());
  bool generic =
      isa<linalg::GenericOp>(product.getOperation()) &&
      linalg::isaContractionOpInterface(product) &&
      strata::kernel::isFloatMultiplyAddBody(product->getRegion(0).front());
  if (!matmul && !generic)
    return failure();
  bool matmulMaps =
      product.getIndexingMapsArray() ==
      linalg::MatmulOp::getDefaultIndexingMaps(product.getContext());
  if (matmul && !matmulMaps)
    return failure();
  FailureOr<std::pair<Value, Value>> inputs =
      createDemotedInputs(rewriter, product, weight);
  if (failed(inputs))
    return failure();
  rewriter.setInsertionPoint(product);
  SmallVector<Value> demoted = {inputs->first, inputs->second};
  if (matmulMaps) {
    rewriter.replaceOpWithNewOp<linalg::MatmulOp>(
        product, product->getResultTypes(), demoted, product.getDpsInits());
    return success();
  }
  rewriter.replaceOpWithNewOp<linalg::GenericOp>(
      product, product->getResultTypes(), demoted, product.getDpsInits(),
      product.getIndexingMapsArray(), product.getIteratorTypesArray(),
      [](OpBuilder &b, Location loc, ValueRange args) {
        Type f32 = b.getF32Type();
        Value a = arith::ExtFOp::create(b, loc, f32, args[0]);
        Value w = arith::ExtFOp::create(b, loc, f32, args[1]);
        Value mul = arith::MulFOp::create(b, loc, a, w);
        linalg::YieldOp::create(
            b, loc, arith::AddFOp::create(b, loc, args[2], mul).getResult());
      });
  return success();
}

/// linalg.conv_2d_nhwc_fhwc of an f32 image and a constant f32 filter ->
/// the convolution of their bf16 values into the same f32 init.
LogicalResult demoteConvolution(RewriterBase &rewriter,
                                linalg::Conv2DNhwcFhwcOp conv) {
  ElementsAttr weight;
  if (!isDemotable(conv, weight))
    return failure();
  FailureOr<std::pair<Value, Value>> inputs =
      createDemotedInputs(rewriter, conv, weight);
  if (failed(inputs))
    return failure();
  rewriter.replaceOpWithNewOp<linalg::Conv2DNhwcFhwcOp>(
      conv, conv->getResultTypes(), ValueRange{inputs->first, inputs->second},
      conv.getDpsInits(), conv.getStrides(), conv.getDilations());
  return success();
}

/// The fewest rows of Winograd products (output tiles) that keep a
/// convolution in f32 Winograd under --precision=bf16: with fewer, the f32
/// products run far from the FMA peak and the bf16 im2col product is
/// faster. ResNet-18 on an AMD EPYC (Zen 4) with AVX512-BF16, per 3x3
/// convolution: 7x7x512 (4 tiles) 1.5 ms in Winograd, 1.1 in bf16;
/// 14x14x256 (16 tiles) 1.2 and 1.1; 28x28x128 (49 tiles) 0.8 and 1.1;
/// 56x56x64 (196 tiles of 4x4) 1.4 and 1.2 with its transforms, which
/// fuse with the neighbouring ops' in the model (a tie).
constexpr int64_t kMinWinogradRows = 49;

struct KernelDemoteProductsPass
    : strata::kernel::impl::KernelDemoteProductsPassBase<
          KernelDemoteProductsPass> {
  using Base::Base;

  void runOnOperation() override {
    SmallVector<Operation *> products;
    getOperation().walk([&](Operation *op) {
      if (isa<linalg::MatmulOp, linalg::GenericOp>(op) ||
          (isa<linalg::Conv2DNhwcFhwcOp>(op) &&
           (winogradPanelBytes <= 0 ||
            strata::kernel::getWinogradProductRows(
                op, winogradPanelBytes, winogradTile) < kMinWinogradRows)))
        products.push_back(op);
    });
    IRRewriter rewriter(&getContext());
    for (Operation *op : products) {
      if (isa<linalg::MatmulOp, linalg::GenericOp>(op))
        (void)demoteProduct(rewriter, cast<linalg::LinalgOp>(op));
      else
        (void)demoteConvolution(rewriter, cast<linalg::Conv2DNhwcFhwcOp>(op));
    }
  }
};

} // namespace
