//===- ConvertLayout.cpp - Rewrite image ops to a target layout -----------===//
//
// graph-convert-layout: rewrites conv2d, conv_transpose2d and the pools from
// the source data layout to `target-layout` (NHWC by default, as TVM's
// ConvertLayout and IREE do), then moves the layout-agnostic ops between
// them into the target layout so that the inserted transposes cancel.
//
// The pass works in two phases:
//  1. Every image op in the source layout becomes the same op in the target
//     layout, wrapped as transpose_back(op'(transpose_to(x), transpose_to(w))).
//     Strides, pads, dilations and kernel shapes are spatial ([h, w]) and do
//     not change.
//  2. Greedy patterns push the "back to source" transposes down through
//     layout-agnostic ops (op(transpose(x)) -> transpose(op'(x))) and cancel
//     transpose pairs. What remains are transposes at function boundaries and
//     around ops that keep the source layout (reshape, flatten, ...).
//
//===----------------------------------------------------------------------===//

#include "strata/Dialect/Graph/IR/GraphOps.h"
#include "strata/Dialect/Graph/IR/GraphUtils.h"
#include "strata/Dialect/Graph/Transforms/Passes.h"

#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/TypeSwitch.h"

namespace strata::graph {
#define GEN_PASS_DEF_GRAPHCONVERTLAYOUTPASS
#include "strata/Dialect/Graph/Transforms/Passes.h.inc"
} // namespace strata::graph

using namespace mlir;
using namespace strata::graph;

//===----------------------------------------------------------------------===//
// Permutation helpers
//===----------------------------------------------------------------------===//

/// NCHW -> NHWC (and OIHW -> OHWI, IOHW -> IHWO): result dim i is input dim
/// perm[i].
static constexpr int64_t kToChannelsLast[] = {0, 2, 3, 1};
/// NHWC -> NCHW (and OHWI -> OIHW, IHWO -> IOHW).
static constexpr int64_t kToChannelsFirst[] = {0, 3, 1, 2};

/// Returns the inverse of `perm`: inverse[perm[i]] = i.
static SmallVector<int64_t> invertPermutation(ArrayRef<int64_t> perm) {
  SmallVector<int64_t> inverse(perm.size());
  for (auto [index, dim] : llvm::enumerate(perm))
    inverse[dim] = index;
  return inverse;
}

/// Returns `type` with its dims permuted as graph.transpose permutes them:
/// result dim i is dim perm[i].
static RankedTensorType permuteType(RankedTensorType type,
                                    ArrayRef<int64_t> perm) {
  SmallVector<int64_t> shape;
  for (int64_t dim : perm)
    shape.push_back(type.getDimSize(dim));
  return RankedTensorType::get(shape, type.getElementType());
}

/// Creates graph.transpose of `value` (a ranked tensor of rank perm.size()).
static Value createTranspose(OpBuilder &builder, Location loc, Value value,
                             ArrayRef<int64_t> perm) {
  auto type = cast<RankedTensorType>(value.getType());
  return TransposeOp::create(builder, loc, permuteType(type, perm), value,
                             perm);
}

/// Returns an existing transpose of `value` by `perm` that `user` can use:
/// one before `user` in its block. Null when there is none.
static TransposeOp findTransposeBefore(Value value, ArrayRef<int64_t> perm,
                                       Operation *user) {
  for (Operation *other : value.getUsers()) {
    auto transpose = dyn_cast<TransposeOp>(other);
    if (transpose && transpose.getPerm() == perm &&
        transpose->getBlock() == user->getBlock() &&
        transpose->isBeforeInBlock(user))
      return transpose;
  }
  return nullptr;
}

/// Returns a transpose of `value` by `perm` for `user`: an existing one (so
/// that several ops converted from the same input share it), or a new one at
/// the rewriter's insertion point.
static Value getOrCreateTranspose(RewriterBase &rewriter, Location loc,
                                  Value value, ArrayRef<int64_t> perm,
                                  Operation *user) {
  if (TransposeOp existing = findTransposeBefore(value, perm, user))
    return existing.getResult();
  return createTranspose(rewriter, loc, value, perm);
}

/// Whether a size is a static 1 (a `?` might be anything at run time).
static bool isStaticOne(int64_t size) { return size == 1; }

//===----------------------------------------------------------------------===//
// Phase 1: image ops in the source layout
//===----------------------------------------------------------------------===//

/// Rewrites one image op (`OpTy` has getInput, getLayout and setLayout) whose
/// layout is not `target` into the target layout. The data input, and the
/// weight of convolutions, are transposed with `toTarget`; the result is
/// transposed back with the inverse permutation. Ops that are not 4-D (the
/// verifier rejects them, but the pass must not trust that) are left alone.
template <typename OpTy>
static bool convertImageOp(RewriterBase &rewriter, OpTy op, Layout target,
                           ArrayRef<int64_t> toTarget,
                           ArrayRef<int64_t> toSource) {
  if (op.getLayout() == target)
    return false;
  auto isImage = [](Value value) {
    auto type = getRankedType(value);
    return type && type.getRank() == 4;
  };
  Value input = op.getInput();
  auto resultType = getRankedType(op->getResult(0));
  if (!isImage(input) || !resultType || resultType.getRank() != 4)
    return false;

  constexpr bool hasWeight =
      std::is_same_v<OpTy, Conv2DOp> || std::is_same_v<OpTy, ConvTranspose2DOp>;
  Value weight;
  if constexpr (hasWeight) {
    weight = op.getWeight();
    if (!isImage(weight))
      return false;
  }

  rewriter.setInsertionPoint(op);
  Location loc = op.getLoc();
  IRMapping mapping;
  mapping.map(input, getOrCreateTranspose(rewriter, loc, input, toTarget, op));
  // The filter layout follows the data layout (OIHW <-> OHWI for conv2d,
  // IOHW <-> IHWO for conv_transpose2d), which is the same permutation.
  if (weight && weight != input)
    mapping.map(weight,
                getOrCreateTranspose(rewriter, loc, weight, toTarget, op));
  auto converted = cast<OpTy>(rewriter.clone(*op, mapping));
  rewriter.modifyOpInPlace(converted, [&] {
    converted.setLayout(target);
    converted->getResult(0).setType(permuteType(resultType, toTarget));
  });
  Value back = TransposeOp::create(rewriter, loc, resultType,
                                   converted->getResult(0), toSource);
  rewriter.replaceOp(op, back);
  return true;
}

//===----------------------------------------------------------------------===//
// Phase 2: propagation patterns
//===----------------------------------------------------------------------===//

namespace {

/// The permutation that phase 1 puts after each converted op (target back to
/// source layout) and its inverse. Only transposes with `pushed` move; other
/// transposes in the program are left where they are.
struct LayoutPerms {
  SmallVector<int64_t> pushed;
  SmallVector<int64_t> inverse;
};

/// Returns the input of `value`'s defining transpose when it has the pushed
/// permutation and does not transpose a constant (a transposed constant is
/// folded by graph-fold-constants, not moved around).
static Value getPushedSource(Value value, const LayoutPerms &perms) {
  auto transpose = value.getDefiningOp<TransposeOp>();
  if (!transpose || transpose.getPerm() != ArrayRef<int64_t>(perms.pushed))
    return nullptr;
  if (matchPattern(transpose.getInput(), m_Constant()))
    return nullptr;
  return transpose.getInput();
}

/// How an operand that is not a pushed transpose enters the permuted frame of
/// an op of rank `rank` (see planOperand).
struct OperandPlan {
  enum class Kind {
    /// The pushed transpose's input is used directly.
    Pushed,
    /// The operand is used as is (a scalar, or a broadcast operand whose
    /// sizes are the same in both layouts).
    Keep,
    /// Only size-1 dims move: a reshape (squeeze + unsqueeze, or a new
    /// constant) that keeps the element order.
    Reshape,
    /// The elements move: an inverse transpose (with unsqueeze/squeeze of
    /// the leading broadcast dims for operands of lower rank).
    Transpose,
  };
  Kind kind = Kind::Keep;
  Value value;
  /// The operand's shape in the permuted frame.
  SmallVector<int64_t> shape;
  /// An existing inverse transpose of the operand that can be reused.
  TransposeOp reuse;
  /// Whether the rewrite adds a transpose that executes at run time.
  bool costly = false;
};

/// Plans how operand `value` of `user` (whose result has rank
/// perms.pushed.size()) is expressed when the op moves into the permuted
/// frame. With numpy broadcasting, an operand of rank r aligns with the last
/// r dims, so it is first viewed as rank R with leading 1s, permuted by the
/// inverse permutation, and the leading 1s are dropped again when they stay
/// leading: an NCHW per-channel bias [C,1,1] becomes [1,1,C] in NHWC.
/// Fails when the operand's rank exceeds the op's.
static FailureOr<OperandPlan> planOperand(Operation *user, Value value,
                                          const LayoutPerms &perms) {
  OperandPlan plan;
  plan.value = value;
  if (Value source = getPushedSource(value, perms)) {
    plan.kind = OperandPlan::Kind::Pushed;
    plan.value = source;
    return plan;
  }
  auto type = getRankedType(value);
  int64_t rank = perms.pushed.size();
  if (!type || type.getRank() > rank)
    return failure();
  if (type.getRank() == 0)
    return plan;

  int64_t lead = rank - type.getRank();
  SmallVector<int64_t> aligned(lead, 1);
  llvm::append_range(aligned, type.getShape());
  // The operand in the permuted frame: permuted[j] = aligned[inverse[j]].
  SmallVector<int64_t> permuted;
  for (int64_t dim : perms.inverse)
    permuted.push_back(aligned[dim]);
  bool leadingOnes = llvm::all_of(ArrayRef(permuted).take_front(lead),
                                  [](int64_t size) { return size == 1; });
  plan.shape = leadingOnes
                   ? SmallVector<int64_t>(ArrayRef(permuted).drop_front(lead))
                   : permuted;
  // The permutation keeps the element order when the dims that are not
  // static 1s keep their relative order.
  bool keepsOrder = true;
  int64_t last = -1;
  for (int64_t dim : perms.inverse) {
    if (isStaticOne(aligned[dim]))
      continue;
    keepsOrder &= dim > last;
    last = dim;
  }
  if (keepsOrder) {
    plan.kind = ArrayRef(plan.shape) == type.getShape()
                    ? OperandPlan::Kind::Keep
                    : OperandPlan::Kind::Reshape;
    return plan;
  }

  plan.kind = OperandPlan::Kind::Transpose;
  if (matchPattern(value, m_Constant()))
    return plan; // Folded by graph-fold-constants.
  // The same transpose may already exist (e.g. the input transpose of a
  // converted conv on the other branch of a residual add).
  if (lead == 0)
    plan.reuse = findTransposeBefore(value, perms.inverse, user);
  plan.costly = !plan.reuse;
  return plan;
}

/// Creates the value that `plan` describes, before the op being rewritten.
static Value materializeOperand(PatternRewriter &rewriter, Location loc,
                                const OperandPlan &plan,
                                const LayoutPerms &perms) {
  Value value = plan.value;
  auto type = cast<RankedTensorType>(value.getType());
  Type elementType = type.getElementType();
  switch (plan.kind) {
  case OperandPlan::Kind::Pushed:
  case OperandPlan::Kind::Keep:
    return value;
  case OperandPlan::Kind::Reshape: {
    auto resultType = RankedTensorType::get(plan.shape, elementType);
    DenseElementsAttr dense;
    if (matchPattern(value, m_Constant(&dense)) && resultType.hasStaticShape())
      return ConstantOp::create(rewriter, loc, dense.reshape(resultType));
    // Drop the static 1s, then insert them where the permuted frame has
    // them; the other dims keep their order.
    SmallVector<int64_t> squeezeAxes, kept;
    for (auto [index, size] : llvm::enumerate(type.getShape())) {
      if (isStaticOne(size))
        squeezeAxes.push_back(index);
      else
        kept.push_back(size);
    }
    if (!squeezeAxes.empty())
      value = SqueezeOp::create(rewriter, loc,
                                RankedTensorType::get(kept, elementType), value,
                                squeezeAxes);
    SmallVector<int64_t> unsqueezeAxes;
    for (auto [index, size] : llvm::enumerate(plan.shape))
      if (isStaticOne(size))
        unsqueezeAxes.push_back(index);
    if (!unsqueezeAxes.empty())
      value =
          UnsqueezeOp::create(rewriter, loc, resultType, value, unsqueezeAxes);
    return value;
  }
  case OperandPlan::Kind::Transpose: {
    if (plan.reuse)
      return plan.reuse->getResult(0);
    int64_t rank = perms.pushed.size();
    SmallVector<int64_t> leadAxes =
        llvm::to_vector(llvm::seq<int64_t>(0, rank - type.getRank()));
    if (!leadAxes.empty()) {
      SmallVector<int64_t> aligned(leadAxes.size(), 1);
      llvm::append_range(aligned, type.getShape());
      value = UnsqueezeOp::create(rewriter, loc,
                                  RankedTensorType::get(aligned, elementType),
                                  value, leadAxes);
    }
    value = createTranspose(rewriter, loc, value, perms.inverse);
    if (static_cast<int64_t>(plan.shape.size()) < rank)
      value = SqueezeOp::create(rewriter, loc,
                                RankedTensorType::get(plan.shape, elementType),
                                value, leadAxes);
    return value;
  }
  }
  llvm_unreachable("unknown operand plan");
}

/// Plans every operand of `op` and decides whether moving `op` into the
/// permuted frame pays off: at least one operand must be a pushed transpose,
/// and more transposes must disappear than appear. The strict inequality
/// also guarantees that the greedy driver cannot move a transpose back and
/// forth.
static FailureOr<SmallVector<OperandPlan>>
planOperands(Operation *op, ValueRange operands, const LayoutPerms &perms) {
  SmallVector<OperandPlan> plans;
  int64_t removed = 0, added = 0;
  for (Value operand : operands) {
    FailureOr<OperandPlan> plan = planOperand(op, operand, perms);
    if (failed(plan))
      return failure();
    removed += plan->kind == OperandPlan::Kind::Pushed;
    added += plan->costly;
    plans.push_back(std::move(*plan));
  }
  if (removed == 0 || removed <= added)
    return failure();
  return plans;
}

/// Clones `op` with operand `i` replaced by `newOperands[i]` (all operands
/// when newOperands covers them) and result type `resultType`, lets
/// `update` adjust its attributes, and replaces `op` by
/// transpose(clone, perm) of `op`'s result type, or by the clone itself when
/// `perm` is empty.
static void replaceWithPermuted(PatternRewriter &rewriter, Operation *op,
                                ValueRange newOperands,
                                RankedTensorType resultType,
                                ArrayRef<int64_t> perm,
                                function_ref<void(Operation *)> update = {}) {
  IRMapping mapping;
  for (auto [oldOperand, newOperand] :
       llvm::zip(op->getOperands(), newOperands))
    mapping.map(oldOperand, newOperand);
  Operation *clone = rewriter.clone(*op, mapping);
  rewriter.modifyOpInPlace(clone, [&] {
    clone->getResult(0).setType(resultType);
    if (update)
      update(clone);
  });
  if (perm.empty()) {
    rewriter.replaceOp(op, clone->getResults());
    return;
  }
  rewriter.replaceOp(op, TransposeOp::create(rewriter, op->getLoc(),
                                             op->getResult(0).getType(),
                                             clone->getResult(0), perm));
}

/// Returns the result type of `op` (one ranked result of rank `rank`).
static RankedTensorType getResultOfRank(Operation *op, int64_t rank) {
  if (op->getNumResults() != 1)
    return nullptr;
  auto type = getRankedType(op->getResult(0));
  return type && type.getRank() == rank ? type : nullptr;
}

/// Base of the propagation patterns: holds the permutations.
template <typename SourceOp> struct LayoutPattern : OpRewritePattern<SourceOp> {
  LayoutPattern(MLIRContext *context, const LayoutPerms &perms)
      : OpRewritePattern<SourceOp>(context), perms(perms) {}
  LayoutPerms perms;
};

/// transpose(transpose(x, pushed), q) -> transpose(x, pushed o q), and x when
/// that is the identity: where a converted op feeds another converted op the
/// back and forth transposes vanish.
struct ComposeTransposes : LayoutPattern<TransposeOp> {
  using LayoutPattern::LayoutPattern;

  LogicalResult matchAndRewrite(TransposeOp op,
                                PatternRewriter &rewriter) const override {
    auto inner = op.getInput().getDefiningOp<TransposeOp>();
    if (!inner || inner.getPerm() != ArrayRef(perms.pushed))
      return rewriter.notifyMatchFailure(op, "input is not a pushed transpose");
    ArrayRef<int64_t> outerPerm = op.getPerm();
    ArrayRef<int64_t> innerPerm = inner.getPerm();
    if (outerPerm.size() != innerPerm.size())
      return rewriter.notifyMatchFailure(op, "malformed permutation");
    SmallVector<int64_t> composed;
    for (int64_t dim : outerPerm)
      composed.push_back(innerPerm[dim]);
    Value source = inner.getInput();
    bool identity = llvm::all_of(llvm::enumerate(composed), [](auto entry) {
      return entry.value() == static_cast<int64_t>(entry.index());
    });
    if (identity && source.getType() == op.getType()) {
      rewriter.replaceOp(op, source);
      return success();
    }
    rewriter.replaceOpWithNewOp<TransposeOp>(op, op.getType(), source,
                                             composed);
    return success();
  }
};

/// Whether `op` is elementwise with numpy broadcasting over all operands:
/// unary math and activations, clip, cast, binary arithmetic, comparisons,
/// bitwise logic, shifts and select.
static bool isElementwise(Operation *op) {
  return isa<NegOp, AbsOp, ExpOp, LogOp, SqrtOp, RsqrtOp, ReciprocalOp, TanhOp,
             SigmoidOp, ReluOp, ErfOp, SinOp, CosOp, TanOp, AsinOp, AcosOp,
             AtanOp, SinhOp, CoshOp, AsinhOp, AcoshOp, AtanhOp, FloorOp, CeilOp,
             RoundOp, SignOp, NotOp, LeakyReluOp, GeluOp, ClipOp, CastOp, AddOp,
             SubOp, MulOp, DivOp, PowOp, MaxOp, MinOp, ModOp, AndOp, OrOp,
             XorOp, ShiftLeftOp, ShiftRightOp, EqualOp, LessOp, LessEqualOp,
             GreaterOp, GreaterEqualOp, SelectOp>(op);
}

/// op(transpose(x), y, ...) -> transpose(op(x, y', ...)) for elementwise ops;
/// the other operands are transposed or reshaped into the permuted frame
/// (see planOperand).
struct PushThroughElementwise : RewritePattern {
  PushThroughElementwise(MLIRContext *context, const LayoutPerms &perms)
      : RewritePattern(MatchAnyOpTypeTag(), /*benefit=*/1, context),
        perms(perms) {}

  LogicalResult matchAndRewrite(Operation *op,
                                PatternRewriter &rewriter) const override {
    if (!isElementwise(op))
      return rewriter.notifyMatchFailure(op, "not elementwise");
    RankedTensorType resultType = getResultOfRank(op, perms.pushed.size());
    if (!resultType)
      return rewriter.notifyMatchFailure(op, "result rank differs");
    FailureOr<SmallVector<OperandPlan>> plans =
        planOperands(op, op->getOperands(), perms);
    if (failed(plans))
      return rewriter.notifyMatchFailure(op, "moving would not pay off");
    SmallVector<Value> operands;
    for (const OperandPlan &plan : *plans)
      operands.push_back(
          materializeOperand(rewriter, op->getLoc(), plan, perms));
    replaceWithPermuted(rewriter, op, operands,
                        permuteType(resultType, perms.inverse), perms.pushed);
    return success();
  }

  LayoutPerms perms;
};

/// concat(transpose(x), ..., axis) -> transpose(concat(x, ..., axis')), with
/// axis' = pushed[axis] (the channel concat of NCHW, axis 1, becomes axis 3
/// in NHWC).
struct PushThroughConcat : LayoutPattern<ConcatOp> {
  using LayoutPattern::LayoutPattern;

  LogicalResult matchAndRewrite(ConcatOp op,
                                PatternRewriter &rewriter) const override {
    int64_t rank = perms.pushed.size();
    RankedTensorType resultType = getResultOfRank(op, rank);
    if (!resultType || llvm::any_of(op.getInputs(), [&](Value input) {
          auto type = getRankedType(input);
          return !type || type.getRank() != rank;
        }))
      return rewriter.notifyMatchFailure(op, "operand rank differs");
    FailureOr<int64_t> axis =
        normalizeAxis(std::nullopt, static_cast<int64_t>(op.getAxis()), rank);
    if (failed(axis))
      return rewriter.notifyMatchFailure(op, "invalid axis");
    FailureOr<SmallVector<OperandPlan>> plans =
        planOperands(op, op.getInputs(), perms);
    if (failed(plans))
      return rewriter.notifyMatchFailure(op, "moving would not pay off");
    SmallVector<Value> operands;
    for (const OperandPlan &plan : *plans)
      operands.push_back(
          materializeOperand(rewriter, op.getLoc(), plan, perms));
    int64_t newAxis = perms.pushed[*axis];
    replaceWithPermuted(rewriter, op, operands,
                        permuteType(resultType, perms.inverse), perms.pushed,
                        [&](Operation *clone) {
                          cast<ConcatOp>(clone).setAxisAttr(
                              rewriter.getI64IntegerAttr(newAxis));
                        });
    return success();
  }
};

/// pad(transpose(x)) -> transpose(pad'(x)), the pads permuted with the
/// dims: the padding of an image between two converted ops (the zero point
/// of a quantized depthwise convolution's bytes, graph-fold-quantized-
/// products') then stays in the target layout instead of keeping a
/// transpose on each side of it.
struct PushThroughPad : LayoutPattern<PadOp> {
  using LayoutPattern::LayoutPattern;

  LogicalResult matchAndRewrite(PadOp op,
                                PatternRewriter &rewriter) const override {
    int64_t rank = perms.pushed.size();
    RankedTensorType resultType = getResultOfRank(op, rank);
    Value source = getPushedSource(op.getInput(), perms);
    ArrayRef<int64_t> pads = op.getPads();
    if (!resultType || !source || static_cast<int64_t>(pads.size()) != 2 * rank)
      return rewriter.notifyMatchFailure(op, "input is not a pushed transpose");
    // Dim i of the transposed input is dim pushed[i] of the source.
    SmallVector<int64_t> permuted(pads.size());
    for (int64_t i = 0; i < rank; ++i) {
      permuted[perms.pushed[i]] = pads[i];
      permuted[rank + perms.pushed[i]] = pads[rank + i];
    }
    replaceWithPermuted(
        rewriter, op, ValueRange{source},
        permuteType(resultType, perms.inverse), perms.pushed,
        [&](Operation *clone) { cast<PadOp>(clone).setPads(permuted); });
    return success();
  }
};

/// op(transpose(x), ..., axis) -> transpose(op(x, ..., axis')) for ops that
/// work along one `axis` of their first operand and keep its shape:
/// batch_norm (channel axis 1 -> 3), softmax and log_softmax.
template <typename OpTy> struct PushThroughAxisOp : LayoutPattern<OpTy> {
  using LayoutPattern<OpTy>::LayoutPattern;
  using LayoutPattern<OpTy>::perms;

  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const override {
    int64_t rank = perms.pushed.size();
    RankedTensorType resultType = getResultOfRank(op, rank);
    Value source = getPushedSource(op.getInput(), perms);
    if (!resultType || !source)
      return rewriter.notifyMatchFailure(op, "input is not a pushed transpose");
    FailureOr<int64_t> axis =
        normalizeAxis(std::nullopt, static_cast<int64_t>(op.getAxis()), rank);
    if (failed(axis))
      return rewriter.notifyMatchFailure(op, "invalid axis");
    SmallVector<Value> operands(op->getOperands());
    operands[0] = source;
    int64_t newAxis = perms.pushed[*axis];
    replaceWithPermuted(
        rewriter, op, operands, permuteType(resultType, perms.inverse),
        perms.pushed, [&](Operation *clone) {
          cast<OpTy>(clone).setAxisAttr(rewriter.getI64IntegerAttr(newAxis));
        });
    return success();
  }
};

/// reduce(transpose(x), axes) -> transpose(reduce(x, axes')) with
/// axes'[k] = pushed[axes[k]], for reduce_* (`axes`, empty = all) and
/// argmax/argmin (one `axis`). With keepdims the result keeps the rank and
/// gets the pushed transpose; without, the kept dims are permuted by the
/// permutation the pushed one induces on them, often the identity (a
/// channel reduction of NCHW leaves N, H, W in order).
template <typename OpTy> struct PushThroughReduction : LayoutPattern<OpTy> {
  using LayoutPattern<OpTy>::LayoutPattern;
  using LayoutPattern<OpTy>::perms;

  static constexpr bool isArgReduction =
      std::is_same_v<OpTy, ArgMaxOp> || std::is_same_v<OpTy, ArgMinOp>;

  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const override {
    int64_t rank = perms.pushed.size();
    Value source = getPushedSource(op.getInput(), perms);
    auto resultType = getRankedType(op.getResult());
    if (!source || !resultType)
      return rewriter.notifyMatchFailure(op, "input is not a pushed transpose");

    SmallVector<int64_t> axes;
    if constexpr (isArgReduction) {
      axes.push_back(static_cast<int64_t>(op.getAxis()));
    } else {
      llvm::append_range(axes, op.getAxes());
      if (axes.empty()) // Reduces every dim.
        axes = llvm::to_vector(llvm::seq<int64_t>(0, rank));
    }
    FailureOr<SmallVector<int64_t>> normalized =
        normalizeAxes(std::nullopt, axes, rank);
    if (failed(normalized))
      return rewriter.notifyMatchFailure(op, "invalid axes");
    SmallVector<int64_t> newAxes;
    for (int64_t axis : *normalized)
      newAxes.push_back(perms.pushed[axis]);
    llvm::sort(newAxes);

    RankedTensorType newType;
    SmallVector<int64_t> resultPerm;
    if (op.getKeepdims()) {
      if (resultType.getRank() != rank)
        return rewriter.notifyMatchFailure(op, "unexpected result rank");
      newType = permuteType(resultType, perms.inverse);
      resultPerm = perms.pushed;
    } else {
      // Old result dim k is input dim keptOld[k] of the transposed input,
      // i.e. dim pushed[keptOld[k]] of x; the new result keeps the dims of
      // x that are not reduced, in order.
      SmallVector<int64_t> keptOld, keptNew;
      for (int64_t dim = 0; dim < rank; ++dim) {
        if (!llvm::is_contained(*normalized, dim))
          keptOld.push_back(dim);
        if (!llvm::is_contained(newAxes, dim))
          keptNew.push_back(dim);
      }
      if (resultType.getRank() != static_cast<int64_t>(keptOld.size()))
        return rewriter.notifyMatchFailure(op, "unexpected result rank");
      // The induced permutation: old result dim k is new result dim
      // resultPerm[k].
      for (int64_t dim : keptOld)
        resultPerm.push_back(llvm::find(keptNew, perms.pushed[dim]) -
                             keptNew.begin());
      newType = permuteType(resultType, invertPermutation(resultPerm));
      bool identity = llvm::all_of(llvm::enumerate(resultPerm), [](auto e) {
        return e.value() == static_cast<int64_t>(e.index());
      });
      if (identity)
        resultPerm.clear();
    }

    replaceWithPermuted(rewriter, op, ValueRange{source}, newType, resultPerm,
                        [&](Operation *clone) {
                          auto reduction = cast<OpTy>(clone);
                          if constexpr (isArgReduction)
                            reduction.setAxisAttr(
                                rewriter.getI64IntegerAttr(newAxes.front()));
                          else if (!op.getAxes().empty())
                            reduction.setAxes(newAxes);
                        });
    return success();
  }
};

//===----------------------------------------------------------------------===//
// The pass
//===----------------------------------------------------------------------===//

/// Converts the image ops to the target layout (phase 1), then propagates
/// and cancels the transposes (phase 2).
struct GraphConvertLayoutPass
    : strata::graph::impl::GraphConvertLayoutPassBase<GraphConvertLayoutPass> {
  using Base::Base;

  void runOnOperation() override {
    Layout target;
    if (targetLayout == "nhwc") {
      target = Layout::NHWC;
    } else if (targetLayout == "nchw") {
      target = Layout::NCHW;
    } else {
      getOperation()->emitError()
          << "graph-convert-layout: unknown target-layout '" << targetLayout
          << "', expected 'nhwc' or 'nchw'";
      return signalPassFailure();
    }
    ArrayRef<int64_t> toTarget =
        target == Layout::NHWC ? kToChannelsLast : kToChannelsFirst;
    ArrayRef<int64_t> toSource =
        target == Layout::NHWC ? kToChannelsFirst : kToChannelsLast;

    // Phase 1. Collect first: the rewrite inserts and erases ops.
    SmallVector<Operation *> imageOps;
    getOperation()->walk([&](Operation *op) {
      if (isa<Conv2DOp, ConvTranspose2DOp, MaxPool2DOp, AvgPool2DOp,
              GlobalAvgPoolOp, GlobalMaxPoolOp>(op))
        imageOps.push_back(op);
    });
    IRRewriter rewriter(&getContext());
    bool converted = false;
    for (Operation *op : imageOps) {
      converted |=
          llvm::TypeSwitch<Operation *, bool>(op)
              .Case<Conv2DOp, ConvTranspose2DOp, MaxPool2DOp, AvgPool2DOp,
                    GlobalAvgPoolOp, GlobalMaxPoolOp>([&](auto imageOp) {
                return convertImageOp(rewriter, imageOp, target, toTarget,
                                      toSource);
              })
              .Default([](Operation *) { return false; });
    }
    // Nothing in the source layout: leave the program exactly as it is.
    if (!converted)
      return;

    // Phase 2. Only the pass's own patterns run (no folding, no constant
    // CSE, no region simplification), so ops the conversion does not touch
    // stay as they are; constants the patterns transpose are left to
    // graph-fold-constants.
    LayoutPerms perms{SmallVector<int64_t>(toSource),
                      SmallVector<int64_t>(toTarget)};
    MLIRContext *context = &getContext();
    RewritePatternSet patterns(context);
    patterns.add<
        ComposeTransposes, PushThroughElementwise, PushThroughConcat,
        PushThroughPad, PushThroughAxisOp<BatchNormOp>,
        PushThroughAxisOp<SoftmaxOp>, PushThroughAxisOp<LogSoftmaxOp>,
        PushThroughReduction<ReduceSumOp>, PushThroughReduction<ReduceMeanOp>,
        PushThroughReduction<ReduceMaxOp>, PushThroughReduction<ReduceMinOp>,
        PushThroughReduction<ReduceProdOp>, PushThroughReduction<ArgMaxOp>,
        PushThroughReduction<ArgMinOp>>(context, perms);
    // Top-down, so that an op's operands have been moved before the op is
    // looked at: a producer still in the source layout would otherwise be
    // reshaped into the target layout and then transposed back to it.
    GreedyRewriteConfig config;
    config.setUseTopDownTraversal(true)
        .enableFolding(false)
        .enableConstantCSE(false)
        .setRegionSimplificationLevel(GreedySimplifyRegionLevel::Disabled);
    // Each rewrite moves a transpose past one op towards the uses, so the
    // driver converges; should it stop early, the IR is still correct, only
    // less optimized, which is no reason to fail the pass.
    (void)applyPatternsGreedily(getOperation(), std::move(patterns), config);
  }
};

} // namespace
