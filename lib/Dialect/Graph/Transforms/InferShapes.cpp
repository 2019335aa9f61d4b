//===- InferShapes.cpp - Refine tensor shapes through a module ------------===//
//
// graph-infer-shapes: replaces `?` sizes in result types by the sizes that
// type inference derives from the operands, through function calls, function
// signatures and scf regions, until nothing changes. The types form a lattice
// (a static size is more refined than `?`); the pass only ever moves down in
// it, so it terminates, and every step keeps the IR valid: a user that cannot
// take a more refined operand gets a `tensor.cast` back to the type it had,
// and the structural steps (returns, yields, call operands) look through such
// casts to find the refined value again.
//
//===----------------------------------------------------------------------===//

#include "strata/Dialect/Graph/IR/GraphOps.h"
#include "strata/Dialect/Graph/IR/GraphUtils.h"
#include "strata/Dialect/Graph/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MathExtras.h"

namespace strata::graph {
#define GEN_PASS_DEF_GRAPHINFERSHAPESPASS
#include "strata/Dialect/Graph/Transforms/Passes.h.inc"
} // namespace strata::graph

using namespace mlir;
using namespace strata::graph;

//===----------------------------------------------------------------------===//
// The type lattice
//===----------------------------------------------------------------------===//

/// The most refined type that is both `a` and `b`: per dim, the static size
/// where either has one. Null when they are not ranked tensors of one element
/// type and rank (or null), or two static sizes differ (a contradiction).
static RankedTensorType meetTypes(Type a, Type b) {
  auto lhs = dyn_cast_if_present<RankedTensorType>(a);
  auto rhs = dyn_cast_if_present<RankedTensorType>(b);
  if (!lhs || !rhs || lhs.getElementType() != rhs.getElementType() ||
      lhs.getRank() != rhs.getRank() || lhs.getEncoding() != rhs.getEncoding())
    return {};
  SmallVector<int64_t> shape;
  for (auto [l, r] : llvm::zip_equal(lhs.getShape(), rhs.getShape())) {
    if (!ShapedType::isDynamic(l) && !ShapedType::isDynamic(r) && l != r)
      return {};
    shape.push_back(ShapedType::isDynamic(l) ? r : l);
  }
  return RankedTensorType::get(shape, lhs.getElementType(), lhs.getEncoding());
}

/// The most refined type that both `a` and `b` are: per dim, the size they
/// agree on, else `?`. Null when they are not ranked tensors of one element
/// type and rank, or null (nothing is known then).
static RankedTensorType joinTypes(Type a, Type b) {
  auto lhs = dyn_cast_if_present<RankedTensorType>(a);
  auto rhs = dyn_cast_if_present<RankedTensorType>(b);
  if (!lhs || !rhs || lhs.getElementType() != rhs.getElementType() ||
      lhs.getRank() != rhs.getRank() || lhs.getEncoding() != rhs.getEncoding())
    return {};
  SmallVector<int64_t> shape;
  for (auto [l, r] : llvm::zip_equal(lhs.getShape(), rhs.getShape()))
    shape.push_back(l == r ? l : ShapedType::kDynamic);
  return RankedTensorType::get(shape, lhs.getElementType(), lhs.getEncoding());
}

/// Whether `refined` is at least as refined as (and compatible with) `type`.
static bool isAtLeastAsRefined(Type refined, Type type) {
  return meetTypes(refined, type) == refined;
}

/// Follows `tensor.cast`s that only forget sizes (this pass inserts those for
/// users that cannot take a refined type) back to the most refined value.
static Value lookThroughCasts(Value value) {
  while (auto cast = value.getDefiningOp<tensor::CastOp>()) {
    if (!isAtLeastAsRefined(cast.getSource().getType(), value.getType()))
      break;
    value = cast.getSource();
  }
  return value;
}

/// One step of the loop-carried type fixpoint (scf.for, scf.while): each
/// hypothesised type keeps only the sizes `yield` agrees with, never less
/// refined than the declared type in `current`, which it falls back to when
/// nothing is agreed.
static SmallVector<Type> weakenHypothesis(ArrayRef<Type> hypothesis,
                                          ArrayRef<Type> current,
                                          scf::YieldOp yield) {
  SmallVector<Type> next;
  for (auto [i, type] : llvm::enumerate(hypothesis)) {
    Type agreed =
        joinTypes(type, lookThroughCasts(yield.getOperand(i)).getType());
    Type weakened = agreed ? Type(meetTypes(current[i], agreed)) : Type();
    next.push_back(weakened ? weakened : current[i]);
  }
  return next;
}

/// The join of the (looked-through) types of `values`, or null when they
/// have nothing in common or `values` is empty.
static Type joinKnownTypes(ArrayRef<Value> values) {
  Type known;
  for (Value value : values) {
    Type type = lookThroughCasts(value).getType();
    known = known ? Type(joinTypes(known, type)) : type;
    if (!known)
      return {};
  }
  return known;
}

namespace {
/// Type changes made while speculating about a loop, undone afterwards.
class TypeJournal {
public:
  void set(Value value, Type type) {
    entries.emplace_back(value, value.getType());
    value.setType(type);
  }
  void restore() {
    for (auto &[value, type] : llvm::reverse(entries))
      value.setType(type);
    entries.clear();
  }

private:
  SmallVector<std::pair<Value, Type>> entries;
};

//===----------------------------------------------------------------------===//
// The refiner
//===----------------------------------------------------------------------===//

/// Refines types in a module. Region walks run in two modes: for real (a
/// null journal), where every change keeps the IR valid and sets `changed`,
/// and speculatively (a journal), where types are only recorded so that a
/// loop's hypothesis about its carried types can be checked and undone.
class ShapeRefiner {
public:
  ShapeRefiner(ModuleOp module)
      : module(module), builder(module.getContext()) {}

  /// One sweep over every function body and signature.
  LogicalResult sweep();

  /// Erases the casts this pass created that ended up unused.
  void eraseDeadCasts();

  /// Specializes `func`'s argument types to `shapes` (input-shapes).
  LogicalResult specialize(StringRef funcName, ArrayRef<std::string> shapes);

  bool changed = false;

private:
  LogicalResult visitBlock(Block &block, TypeJournal *journal);
  LogicalResult visitOp(Operation *op, TypeJournal *journal);
  LogicalResult visitGraphOp(Operation *op, TypeJournal *journal);
  LogicalResult visitIf(scf::IfOp op, TypeJournal *journal);
  LogicalResult visitFor(scf::ForOp op, TypeJournal *journal);
  LogicalResult visitWhile(scf::WhileOp op, TypeJournal *journal);
  void refineFunctionResults(func::FuncOp func);
  void refineFunctionArguments(func::FuncOp func);

  /// Sets `value`'s type to the more refined `type`; uses that cannot take
  /// it get a cast back to the old type.
  void refineValue(Value value, Type type);
  /// Records (speculation) or applies (real run) a refinement of `value`.
  void update(Value value, Type type, TypeJournal *journal);
  /// `value` as `type`: itself when the types match, else a tensor.cast
  /// created before `user`.
  Value castTo(Value value, Type type, Operation *user);
  /// The func.call ops that are the only uses of `func`, or nullopt when a
  /// use is anything else (or the uses cannot be known).
  std::optional<SmallVector<func::CallOp>> getCalls(func::FuncOp func);

  ModuleOp module;
  OpBuilder builder;
  llvm::SetVector<Operation *> createdCasts;
};
} // namespace

/// Uses that take a more refined operand type as is: graph ops (declared
/// types need only be compatible with inferred ones), tensor.dim, and
/// tensor.cast while the cast stays valid.
static bool acceptsRefinedOperand(OpOperand &use, Type type) {
  Operation *user = use.getOwner();
  if (isa_and_nonnull<GraphDialect>(user->getDialect()) ||
      isa<tensor::DimOp>(user))
    return true;
  if (auto cast = dyn_cast<tensor::CastOp>(user))
    return tensor::CastOp::areCastCompatible(type, cast.getType());
  return false;
}

void ShapeRefiner::refineValue(Value value, Type type) {
  Type oldType = value.getType();
  value.setType(type);
  SmallVector<OpOperand *> rejecting;
  for (OpOperand &use : value.getUses())
    if (!acceptsRefinedOperand(use, type))
      rejecting.push_back(&use);
  if (rejecting.empty())
    return;
  // One cast right after the definition serves every rejecting use.
  builder.setInsertionPointAfterValue(value);
  auto cast = tensor::CastOp::create(builder, value.getLoc(), oldType, value);
  createdCasts.insert(cast);
  for (OpOperand *use : rejecting)
    use->set(cast);
}

void ShapeRefiner::update(Value value, Type type, TypeJournal *journal) {
  if (journal) {
    journal->set(value, type);
    return;
  }
  refineValue(value, type);
  changed = true;
}

Value ShapeRefiner::castTo(Value value, Type type, Operation *user) {
  if (value.getType() == type)
    return value;
  builder.setInsertionPoint(user);
  auto cast = tensor::CastOp::create(builder, value.getLoc(), type, value);
  createdCasts.insert(cast);
  return cast;
}

void ShapeRefiner::eraseDeadCasts() {
  // Erasing a cast may leave the cast it reads dead too.
  SmallVector<Operation *> worklist(createdCasts.begin(), createdCasts.end());
  while (!worklist.empty()) {
    Operation *cast = worklist.pop_back_val();
    if (!createdCasts.contains(cast) || !cast->use_empty())
      continue;
    Operation *source = cast->getOperand(0).getDefiningOp();
    createdCasts.remove(cast);
    cast->erase();
    if (source && createdCasts.contains(source))
      worklist.push_back(source);
  }
}

//===----------------------------------------------------------------------===//
// Ops and regions
//===----------------------------------------------------------------------===//

LogicalResult ShapeRefiner::visitBlock(Block &block, TypeJournal *journal) {
  // Casts created while visiting land after the visited op; they are
  // tensor.cast ops, which the visit leaves alone.
  for (Operation &op : llvm::make_early_inc_range(block))
    if (failed(visitOp(&op, journal)))
      return failure();
  return success();
}

LogicalResult ShapeRefiner::visitOp(Operation *op, TypeJournal *journal) {
  if (auto ifOp = dyn_cast<scf::IfOp>(op))
    return visitIf(ifOp, journal);
  if (auto forOp = dyn_cast<scf::ForOp>(op))
    return visitFor(forOp, journal);
  if (auto whileOp = dyn_cast<scf::WhileOp>(op))
    return visitWhile(whileOp, journal);
  if (isa_and_nonnull<GraphDialect>(op->getDialect()))
    return visitGraphOp(op, journal);
  // Any other op: refine inside its regions; its results keep their types.
  for (Region &region : op->getRegions())
    for (Block &block : region)
      if (failed(visitBlock(block, journal)))
        return failure();
  return success();
}

LogicalResult ShapeRefiner::visitGraphOp(Operation *op, TypeJournal *journal) {
  SmallVector<Type> inferred;
  // Speculation may try shapes that turn out wrong: no diagnostics then.
  std::optional<Location> loc;
  if (!journal)
    loc = op->getLoc();
  if (failed(inferResultTypes(op, loc, inferred))) {
    if (journal)
      return success();
    // The refined operands contradict the op: the program cannot run.
    op->emitRemark("shapes refined by graph-infer-shapes make this op "
                   "invalid");
    return failure();
  }
  if (inferred.size() != op->getNumResults())
    return success();
  for (auto [result, type] : llvm::zip_equal(op->getResults(), inferred)) {
    if (!isa<RankedTensorType>(result.getType()) ||
        !isa<RankedTensorType>(type))
      continue;
    RankedTensorType refined = meetTypes(result.getType(), type);
    if (!refined) {
      if (journal)
        continue;
      return op->emitError("inferred result type ")
             << type << " contradicts the declared type " << result.getType()
             << " after shape refinement";
    }
    if (refined != result.getType())
      update(result, refined, journal);
  }
  return success();
}

LogicalResult ShapeRefiner::visitIf(scf::IfOp op, TypeJournal *journal) {
  for (Region &region : op->getRegions())
    for (Block &block : region)
      if (failed(visitBlock(block, journal)))
        return failure();
  if (op.getNumResults() == 0 || op.getElseRegion().empty())
    return success();
  scf::YieldOp thenYield = op.thenYield(), elseYield = op.elseYield();
  for (auto [i, result] : llvm::enumerate(op.getResults())) {
    Type known =
        joinKnownTypes({thenYield.getOperand(i), elseYield.getOperand(i)});
    RankedTensorType refined = meetTypes(result.getType(), known);
    if (!refined || refined == result.getType())
      continue;
    if (!journal)
      for (scf::YieldOp yield : {thenYield, elseYield})
        yield.setOperand(
            i, castTo(lookThroughCasts(yield.getOperand(i)), refined, yield));
    update(result, refined, journal);
  }
  return success();
}

/// Repairs terminator operands whose types differ from `types` (after the
/// region's values were refined) by using the refined value, cast to the
/// type the terminator must forward.
static void repairForwarded(MutableArrayRef<OpOperand> operands,
                            TypeRange types,
                            function_ref<Value(Value, Type)> castTo) {
  for (auto [operand, type] : llvm::zip_equal(operands, types))
    if (operand.get().getType() != type)
      operand.set(castTo(lookThroughCasts(operand.get()), type));
}

LogicalResult ShapeRefiner::visitFor(scf::ForOp op, TypeJournal *journal) {
  Block *body = op.getBody();
  auto yield = dyn_cast<scf::YieldOp>(body->getTerminator());
  if (!yield || yield.getNumOperands() != op.getNumRegionIterArgs())
    return success();
  if (!journal) {
    // Hypothesis: the carried values keep the init values' sizes. Check it
    // by a speculative walk of the body; weaken it to what the yields agree
    // with until it holds (it only loses sizes, so this terminates).
    SmallVector<Type> current(TypeRange(op.getRegionIterArgs()));
    SmallVector<Type> hypothesis;
    for (auto [init, type] : llvm::zip_equal(op.getInitArgs(), current)) {
      Type refined = meetTypes(type, lookThroughCasts(init).getType());
      hypothesis.push_back(refined ? refined : type);
    }
    while (hypothesis != current) {
      TypeJournal speculation;
      for (auto [arg, type] :
           llvm::zip_equal(op.getRegionIterArgs(), hypothesis))
        if (arg.getType() != type)
          speculation.set(arg, type);
      (void)visitBlock(*body, &speculation);
      SmallVector<Type> next = weakenHypothesis(hypothesis, current, yield);
      speculation.restore();
      if (next == hypothesis)
        break;
      hypothesis = std::move(next);
    }
    for (auto [i, type] : llvm::enumerate(hypothesis)) {
      if (type == current[i])
        continue;
      OpOperand &init = op.getInitArgsMutable()[i];
      init.set(castTo(lookThroughCasts(init.get()), type, op));
      refineValue(op.getRegionIterArgs()[i], type);
      refineValue(op.getResult(i), type);
      changed = true;
    }
  }
  if (failed(visitBlock(*body, journal)))
    return failure();
  if (!journal)
    repairForwarded(yield->getOpOperands(), TypeRange(op.getRegionIterArgs()),
                    [&](Value v, Type t) { return castTo(v, t, yield); });
  return success();
}

LogicalResult ShapeRefiner::visitWhile(scf::WhileOp op, TypeJournal *journal) {
  if (op.getBefore().empty() || op.getAfter().empty())
    return success();
  auto condition = dyn_cast<scf::ConditionOp>(op.getBeforeBody()->back());
  auto yield = dyn_cast<scf::YieldOp>(op.getAfterBody()->back());
  if (!condition || !yield ||
      condition.getArgs().size() != op.getAfterArguments().size() ||
      yield.getNumOperands() != op.getBeforeArguments().size())
    return success();

  // The after block and the results receive the condition's operands: a
  // plain forward step.
  auto refineAfter = [&](TypeJournal *speculation) {
    for (auto [i, arg] : llvm::enumerate(op.getAfterArguments())) {
      RankedTensorType refined = meetTypes(
          arg.getType(), lookThroughCasts(condition.getArgs()[i]).getType());
      if (!refined || refined == arg.getType())
        continue;
      if (!speculation) {
        OpOperand &forwarded = condition.getArgsMutable()[i];
        forwarded.set(
            castTo(lookThroughCasts(forwarded.get()), refined, condition));
      }
      update(arg, refined, speculation);
      update(op.getResult(i), refined, speculation);
    }
  };

  if (!journal) {
    // As for scf.for: the before block's arguments take the init sizes when
    // what the after block yields back agrees.
    SmallVector<Type> current(TypeRange(op.getBeforeArguments()));
    SmallVector<Type> hypothesis;
    for (auto [init, type] : llvm::zip_equal(op.getInits(), current)) {
      Type refined = meetTypes(type, lookThroughCasts(init).getType());
      hypothesis.push_back(refined ? refined : type);
    }
    while (hypothesis != current) {
      TypeJournal speculation;
      for (auto [arg, type] :
           llvm::zip_equal(op.getBeforeArguments(), hypothesis))
        if (arg.getType() != type)
          speculation.set(arg, type);
      (void)visitBlock(*op.getBeforeBody(), &speculation);
      refineAfter(&speculation);
      (void)visitBlock(*op.getAfterBody(), &speculation);
      SmallVector<Type> next = weakenHypothesis(hypothesis, current, yield);
      speculation.restore();
      if (next == hypothesis)
        break;
      hypothesis = std::move(next);
    }
    for (auto [i, type] : llvm::enumerate(hypothesis)) {
      if (type == current[i])
        continue;
      OpOperand &init = op.getInitsMutable()[i];
      init.set(castTo(lookThroughCasts(init.get()), type, op));
      refineValue(op.getBeforeArguments()[i], type);
      changed = true;
    }
  }
  if (failed(visitBlock(*op.getBeforeBody(), journal)))
    return failure();
  refineAfter(journal);
  if (failed(visitBlock(*op.getAfterBody(), journal)))
    return failure();
  if (!journal)
    repairForwarded(yield->getOpOperands(), TypeRange(op.getBeforeArguments()),
                    [&](Value v, Type t) { return castTo(v, t, yield); });
  return success();
}

//===----------------------------------------------------------------------===//
// Functions
//===----------------------------------------------------------------------===//

std::optional<SmallVector<func::CallOp>>
ShapeRefiner::getCalls(func::FuncOp func) {
  std::optional<SymbolTable::UseRange> uses =
      SymbolTable::getSymbolUses(func, module);
  if (!uses)
    return std::nullopt;
  SmallVector<func::CallOp> calls;
  for (const SymbolTable::SymbolUse &use : *uses) {
    auto call = dyn_cast<func::CallOp>(use.getUser());
    if (!call || call.getCalleeAttr() != use.getSymbolRef() ||
        call.getNumOperands() != func.getNumArguments() ||
        call.getNumResults() != func.getNumResults())
      return std::nullopt;
    calls.push_back(call);
  }
  return calls;
}

void ShapeRefiner::refineFunctionResults(func::FuncOp func) {
  // Public functions too: a more refined result type is still compatible
  // with what outside callers expect, and it tells them the sizes.
  SmallVector<func::ReturnOp> returns;
  for (Block &block : func.getBody()) {
    if (block.empty())
      continue;
    if (auto ret = dyn_cast<func::ReturnOp>(block.back()))
      returns.push_back(ret);
  }
  if (returns.empty())
    return;
  std::optional<SmallVector<func::CallOp>> calls = getCalls(func);
  if (!calls)
    return;
  SmallVector<Type> types(func.getResultTypes());
  SmallVector<unsigned> refinedResults;
  for (auto [i, type] : llvm::enumerate(types)) {
    SmallVector<Value> returned;
    for (func::ReturnOp ret : returns) {
      if (ret.getNumOperands() != types.size())
        return;
      returned.push_back(ret.getOperand(i));
    }
    RankedTensorType refined = meetTypes(type, joinKnownTypes(returned));
    if (!refined || refined == type)
      continue;
    type = refined;
    refinedResults.push_back(i);
  }
  if (refinedResults.empty())
    return;
  func.setFunctionType(
      FunctionType::get(func.getContext(), func.getArgumentTypes(), types));
  for (unsigned i : refinedResults) {
    for (func::ReturnOp ret : returns)
      ret.setOperand(
          i, castTo(lookThroughCasts(ret.getOperand(i)), types[i], ret));
    for (func::CallOp call : *calls)
      refineValue(call.getResult(i), types[i]);
  }
  changed = true;
}

void ShapeRefiner::refineFunctionArguments(func::FuncOp func) {
  // Public functions keep their arguments: callers outside may pass any
  // size the signature allows.
  if (!func.isPrivate() || func.isExternal())
    return;
  std::optional<SmallVector<func::CallOp>> calls = getCalls(func);
  if (!calls || calls->empty())
    return;
  SmallVector<Type> types(func.getArgumentTypes());
  SmallVector<unsigned> refinedArgs;
  for (auto [i, type] : llvm::enumerate(types)) {
    SmallVector<Value> passed;
    for (func::CallOp call : *calls)
      passed.push_back(call.getOperand(i));
    RankedTensorType refined = meetTypes(type, joinKnownTypes(passed));
    if (!refined || refined == type)
      continue;
    type = refined;
    refinedArgs.push_back(i);
  }
  if (refinedArgs.empty())
    return;
  func.setFunctionType(
      FunctionType::get(func.getContext(), types, func.getResultTypes()));
  for (unsigned i : refinedArgs) {
    for (func::CallOp call : *calls)
      call.setOperand(
          i, castTo(lookThroughCasts(call.getOperand(i)), types[i], call));
    refineValue(func.getArgument(i), types[i]);
  }
  changed = true;
}

LogicalResult ShapeRefiner::sweep() {
  SmallVector<func::FuncOp> funcs;
  module.walk([&](func::FuncOp func) { funcs.push_back(func); });
  for (func::FuncOp func : funcs)
    for (Block &block : func.getBody())
      if (failed(visitBlock(block, /*journal=*/nullptr)))
        return failure();
  for (func::FuncOp func : funcs) {
    if (func.isExternal())
      continue;
    refineFunctionResults(func);
    refineFunctionArguments(func);
  }
  return success();
}

//===----------------------------------------------------------------------===//
// input-shapes
//===----------------------------------------------------------------------===//

/// Parses `1x3x224x224` / `?x3` into sizes (`?` is dynamic).
static std::optional<SmallVector<int64_t>> parseShape(StringRef text) {
  SmallVector<StringRef> parts;
  text.trim().split(parts, 'x');
  SmallVector<int64_t> shape;
  for (StringRef part : parts) {
    part = part.trim();
    if (part == "?") {
      shape.push_back(ShapedType::kDynamic);
      continue;
    }
    int64_t size;
    if (part.empty() || !llvm::all_of(part, llvm::isDigit) ||
        part.getAsInteger(10, size))
      return std::nullopt;
    shape.push_back(size);
  }
  return shape;
}

LogicalResult ShapeRefiner::specialize(StringRef funcName,
                                       ArrayRef<std::string> shapes) {
  auto func = dyn_cast_or_null<func::FuncOp>(
      SymbolTable::lookupSymbolIn(module, funcName));
  if (!func)
    return module.emitError("graph-infer-shapes: no function named '")
           << funcName << "' to specialize with input-shapes";
  if (func.isExternal())
    return func.emitError("graph-infer-shapes: cannot specialize a function "
                          "declaration");
  if (shapes.size() != func.getNumArguments())
    return func.emitError("graph-infer-shapes: input-shapes has ")
           << shapes.size() << " entries but the function has "
           << func.getNumArguments() << " arguments";
  SmallVector<Type> types(func.getArgumentTypes());
  for (auto [i, text] : llvm::enumerate(shapes)) {
    if (StringRef(text).trim().empty())
      continue; // An empty entry keeps the argument.
    std::optional<SmallVector<int64_t>> shape = parseShape(text);
    if (!shape)
      return func.emitError("graph-infer-shapes: input-shapes entry '")
             << text << "' is not a shape like 1x3x224x224";
    auto declared = dyn_cast<RankedTensorType>(types[i]);
    if (!declared)
      return func.emitError("graph-infer-shapes: argument #")
             << i << " of type " << types[i] << " is not a ranked tensor";
    RankedTensorType refined = meetTypes(declared, declared.clone(*shape));
    if (!refined)
      return func.emitError("graph-infer-shapes: input shape ")
             << formatShape(*shape) << " is incompatible with argument #" << i
             << " of type " << declared;
    // The static sizes must multiply within int64_t like every graph type.
    int64_t product = 1;
    for (int64_t size : refined.getShape())
      if (!ShapedType::isDynamic(size) &&
          llvm::MulOverflow(product, size, product))
        return func.emitError("graph-infer-shapes: input shape ")
               << formatShape(*shape) << " has too many elements";
    types[i] = refined;
  }
  std::optional<SmallVector<func::CallOp>> calls = getCalls(func);
  if (!calls)
    return func.emitError("graph-infer-shapes: cannot specialize a function "
                          "that is used other than by func.call");
  func.setFunctionType(
      FunctionType::get(func.getContext(), types, func.getResultTypes()));
  for (auto [i, type] : llvm::enumerate(types)) {
    BlockArgument arg = func.getArgument(i);
    if (arg.getType() == type)
      continue;
    // Callers inside the module assert the specialized sizes.
    for (func::CallOp call : *calls)
      call.setOperand(i, castTo(call.getOperand(i), type, call));
    refineValue(arg, type);
    changed = true;
  }
  return success();
}

//===----------------------------------------------------------------------===//
// The pass
//===----------------------------------------------------------------------===//

namespace {
/// graph-infer-shapes: input-shapes specialization, then refinement sweeps
/// over the module until a sweep changes nothing.
struct GraphInferShapesPass
    : strata::graph::impl::GraphInferShapesPassBase<GraphInferShapesPass> {
  using Base::Base;

  void runOnOperation() override {
    ShapeRefiner refiner(getOperation());
    if (!inputShapes.empty() &&
        failed(refiner.specialize(function, inputShapes)))
      return signalPassFailure();
    // Each sweep that changes something makes at least one size static, so
    // the sweeps end; the bound only guards against a lattice bug.
    bool anyChange = refiner.changed;
    for (unsigned sweep = 0; sweep < kMaxSweeps; ++sweep) {
      refiner.changed = false;
      if (failed(refiner.sweep()))
        return signalPassFailure();
      anyChange |= refiner.changed;
      if (!refiner.changed)
        break;
    }
    refiner.eraseDeadCasts();
    if (!anyChange)
      markAllAnalysesPreserved();
  }

  static constexpr unsigned kMaxSweeps = 1000;
};
} // namespace
