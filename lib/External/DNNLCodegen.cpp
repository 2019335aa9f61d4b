//===- DNNLCodegen.cpp - oneDNN's code generation -------------------------===//
//
// Turns the functions outlined for the dnnl backend into calls of the dnnl
// plugin's native functions (DNNLCalls.h): each convolution, product,
// linear layer and pooling becomes one call, with the chain of elementwise
// ops that follows it (an activation, a clip, a residual add, a scale by a
// broadcast tensor) as the primitive's post-ops, as TVM's DNNL codegen
// and oneDNN's own graph API fuse them. What cannot be a call (an
// elementwise op with no primitive before it, a layout or an option the
// plugin does not take) stays graph IR that Strata compiles.
//
//===----------------------------------------------------------------------===//

#include "Backends.h"

#include "strata/Dialect/Graph/IR/GraphOps.h"
#include "strata/External/DNNLCalls.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/bit.h"

#include <limits>

using namespace mlir;
using namespace strata;
using namespace strata::external;
namespace calls = strata::external::dnnl_calls;

namespace {

/// 1 when `value` is a constant (weights the plugin may reorder once).
int64_t isConstant(Value value) {
  return matchPattern(value, m_Constant()) ? 1 : 0;
}

int64_t floatBits(double value) {
  return llvm::bit_cast<uint32_t>(static_cast<float>(value));
}

/// The call an anchor op becomes: its callee, tensors and own parameters.
struct AnchorCall {
  StringRef callee;
  SmallVector<Value> inputs;
  SmallVector<int64_t> params;
  /// Whether binary post-ops may follow (oneDNN's fast convolutions take
  /// their second source channels-last only).
  bool binaryPostOps = true;
  /// Whether a binary post-op's second source may have a lower rank (the
  /// products' plain layouts align it to the last dims).
  bool lowerRankBinary = false;
};

/// The call of `op`, or nothing when the plugin does not run it as it is.
std::optional<AnchorCall> getAnchorCall(Operation *op) {
  if (op->getNumResults() != 1 || !hasStaticF32Tensors(op))
    return std::nullopt;
  AnchorCall call;
  if (auto conv = dyn_cast<graph::Conv2DOp>(op)) {
    bool nhwc = conv.getLayout() == graph::Layout::NHWC;
    call.callee = calls::kConv2D;
    call.binaryPostOps = nhwc;
    call.inputs = {conv.getInput(), conv.getWeight()};
    if (conv.getBias())
      call.inputs.push_back(conv.getBias());
    call.params.push_back(conv.getBias() ? 1 : 0);
    llvm::append_range(call.params, conv.getStrides());
    llvm::append_range(call.params, conv.getPads());
    llvm::append_range(call.params, conv.getDilations());
    call.params.push_back(conv.getGroups());
    call.params.push_back(isConstant(conv.getWeight()));
    call.params.push_back(nhwc);
    return call;
  }
  if (auto matmul = dyn_cast<graph::MatmulOp>(op)) {
    // Matrices with up to 3 batch dims, broadcast as numpy does (the
    // plugin aligns the ranks with leading 1s, as oneDNN broadcasts).
    auto lhs = cast<RankedTensorType>(matmul.getLhs().getType());
    auto rhs = cast<RankedTensorType>(matmul.getRhs().getType());
    if (lhs.getRank() < 2 || rhs.getRank() < 2 || lhs.getRank() > 5 ||
        rhs.getRank() > 5)
      return std::nullopt;
    call.callee = calls::kMatmul;
    call.lowerRankBinary = true;
    call.inputs = {matmul.getLhs(), matmul.getRhs()};
    call.params = {0, 0, isConstant(matmul.getRhs())};
    return call;
  }
  if (auto linear = dyn_cast<graph::LinearOp>(op)) {
    // alpha * A * B' + beta * C with A as it is and scales of 1.
    if (linear.getTransA() || linear.getAlpha().convertToFloat() != 1.0f ||
        (linear.getBias() && linear.getBeta().convertToFloat() != 1.0f) ||
        cast<RankedTensorType>(linear.getA().getType()).getRank() != 2 ||
        cast<RankedTensorType>(linear.getB().getType()).getRank() != 2)
      return std::nullopt;
    call.callee = calls::kMatmul;
    call.inputs = {linear.getA(), linear.getB()};
    if (linear.getBias())
      call.inputs.push_back(linear.getBias());
    call.params = {linear.getBias() ? 1 : 0, linear.getTransB() ? 1 : 0,
                   isConstant(linear.getB())};
    call.lowerRankBinary = true;
    return call;
  }
  auto poolCall = [&](Value input, graph::Layout layout,
                      ArrayRef<int64_t> kernel, ArrayRef<int64_t> strides,
                      ArrayRef<int64_t> pads, ArrayRef<int64_t> dilations,
                      calls::PoolKind kind) -> std::optional<AnchorCall> {
    if (llvm::any_of(dilations, [](int64_t d) { return d != 1; }))
      return std::nullopt;
    bool nhwc = layout == graph::Layout::NHWC;
    int64_t firstSpatial = nhwc ? 1 : 2;
    call.binaryPostOps = nhwc;
    auto inputType = cast<RankedTensorType>(input.getType());
    auto outputType = cast<RankedTensorType>(op->getResult(0).getType());
    call.callee = calls::kPool2D;
    call.inputs = {input};
    call.params = {static_cast<int64_t>(kind)};
    llvm::append_range(call.params, kernel);
    llvm::append_range(call.params, strides);
    call.params.push_back(pads[0]);
    call.params.push_back(pads[1]);
    // The end pads that give the output size (more than `pads` says in
    // ceil mode, where the last window may hang past the end).
    for (int dim = 0; dim < 2; ++dim) {
      int64_t end =
          (outputType.getDimSize(firstSpatial + dim) - 1) * strides[dim] +
          kernel[dim] - inputType.getDimSize(firstSpatial + dim) - pads[dim];
      if (end < 0 || end >= kernel[dim])
        return std::nullopt;
      call.params.push_back(end);
    }
    call.params.push_back(nhwc);
    return call;
  };
  if (auto pool = dyn_cast<graph::MaxPool2DOp>(op))
    return poolCall(pool.getInput(), pool.getLayout(), pool.getKernelShape(),
                    pool.getStrides(), pool.getPads(), pool.getDilations(),
                    calls::PoolKind::Max);
  if (auto pool = dyn_cast<graph::AvgPool2DOp>(op)) {
    // Counting the padding is not the same once ceil mode adds some.
    if (pool.getCountIncludePad() && pool.getCeilMode())
      return std::nullopt;
    return poolCall(pool.getInput(), pool.getLayout(), pool.getKernelShape(),
                    pool.getStrides(), pool.getPads(), pool.getDilations(),
                    pool.getCountIncludePad() ? calls::PoolKind::AvgIncludePad
                                              : calls::PoolKind::AvgExcludePad);
  }
  return std::nullopt;
}

/// A post-op: its kind, alpha and beta, and the binary kinds' tensor.
struct PostOp {
  PostOp(calls::PostOp kind, double alpha = 0, double beta = 0,
         Value tensor = {})
      : kind(kind), alpha(alpha), beta(beta), tensor(tensor) {}
  calls::PostOp kind;
  double alpha, beta;
  Value tensor;
};

/// `user` of `value` as a post-op of the primitive computing `value`
/// (binary ones only when `call` takes them).
std::optional<PostOp> getPostOp(Operation *user, Value value,
                                const AnchorCall &call) {
  if (user->getNumResults() != 1 ||
      user->getResult(0).getType() != value.getType() ||
      !hasStaticF32Tensors(user))
    return std::nullopt;
  if (isa<graph::ReluOp>(user))
    return PostOp{calls::PostOp::Relu};
  if (isa<graph::SigmoidOp>(user))
    return PostOp{calls::PostOp::Sigmoid};
  if (isa<graph::TanhOp>(user))
    return PostOp{calls::PostOp::Tanh};
  if (isa<graph::ExpOp>(user))
    return PostOp{calls::PostOp::Exp};
  if (auto gelu = dyn_cast<graph::GeluOp>(user))
    return PostOp{gelu.getApproximate() == graph::GeluApproximation::Tanh
                      ? calls::PostOp::GeluTanh
                      : calls::PostOp::GeluErf};
  if (auto clip = dyn_cast<graph::ClipOp>(user)) {
    double infinity = std::numeric_limits<double>::infinity();
    return PostOp{calls::PostOp::Clip,
                  clip.getMin() ? clip.getMin()->convertToDouble() : -infinity,
                  clip.getMax() ? clip.getMax()->convertToDouble() : infinity};
  }
  std::optional<calls::PostOp> kind;
  bool commutative = true;
  if (isa<graph::AddOp>(user))
    kind = calls::PostOp::Add;
  else if (isa<graph::MulOp>(user))
    kind = calls::PostOp::Mul;
  else if (isa<graph::SubOp>(user))
    kind = calls::PostOp::Sub, commutative = false;
  if (!call.binaryPostOps || !kind || user->getNumOperands() != 2)
    return std::nullopt;
  Value lhs = user->getOperand(0), rhs = user->getOperand(1);
  if (lhs == rhs)
    return std::nullopt;
  Value other = lhs == value ? rhs : (commutative ? lhs : Value());
  if (!other || !broadcastsOnto(other, value, call.lowerRankBinary))
    return std::nullopt;
  return PostOp{*kind, 0, 0, other};
}

/// Replaces `anchor` and the post-ops that follow it by one call.
void lowerAnchor(Operation *anchor, AnchorCall call) {
  Value current = anchor->getResult(0);
  SmallVector<Operation *> fused;
  SmallVector<PostOp> postOps;
  while (current.hasOneUse()) {
    Operation *user = *current.getUsers().begin();
    if (user->getBlock() != anchor->getBlock())
      break;
    std::optional<PostOp> postOp = getPostOp(user, current, call);
    if (!postOp)
      break;
    postOps.push_back(*postOp);
    fused.push_back(user);
    current = user->getResult(0);
  }
  SmallVector<Value> args = call.inputs;
  SmallVector<int64_t> params = call.params;
  params.push_back(static_cast<int64_t>(postOps.size()));
  for (const PostOp &postOp : postOps) {
    params.push_back(static_cast<int64_t>(postOp.kind));
    params.push_back(floatBits(postOp.alpha));
    params.push_back(floatBits(postOp.beta));
    if (postOp.tensor)
      args.push_back(postOp.tensor);
  }
  // At the last fused op, where every tensor it takes is defined.
  Operation *last = fused.empty() ? anchor : fused.back();
  OpBuilder builder(last);
  Location loc = fused.empty()
                     ? anchor->getLoc()
                     : builder.getFusedLoc({anchor->getLoc(), last->getLoc()});
  auto native =
      graph::CallNativeOp::create(builder, loc, TypeRange{current.getType()},
                                  builder.getStringAttr(call.callee), args,
                                  builder.getDenseI64ArrayAttr(params));
  current.replaceAllUsesWith(native.getResult(0));
  for (Operation *op : llvm::reverse(fused))
    op->erase();
  anchor->erase();
}

} // namespace

LogicalResult strata::external::lowerDNNLFunction(Operation *function) {
  auto func = dyn_cast<func::FuncOp>(function);
  if (!func || func.isExternal())
    return function->emitError("the dnnl backend lowers func.func bodies");
  // A chain never holds another anchor, so lowering one leaves the others;
  // their operands may change (to an earlier call's result), so each call
  // is built when its anchor's turn comes.
  SmallVector<Operation *> anchors;
  for (Operation &op : func.getBody().front())
    if (getAnchorCall(&op))
      anchors.push_back(&op);
  for (Operation *anchor : anchors)
    lowerAnchor(anchor, *getAnchorCall(anchor));
  return success();
}
