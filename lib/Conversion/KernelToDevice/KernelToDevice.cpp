//===- KernelToDevice.cpp - Host code to the device level -----------------===//
//
// convert-kernel-to-device: the host functions of a module after
// kernel-outline become functions on buffers (memrefs with the identity
// layout) that allocate, launch kernels destination-passing style and read
// constants from the module's constant pool; kernel.func kernels stay on
// tensors for the kernel compiler.
//
// The pass works in steps on the tensor form first, then converts types
// once: (1) host tensor ops the host cannot do itself are wrapped into
// kernel.dispatch regions and outlined with kernel-outline; (2) tensor
// constants move to the constant pool, those of kernels becoming kernel
// arguments; (3) the `?` dims of every launch's results are computed before
// the launch from a scratch copy of its kernel; (4) a dialect conversion
// rewrites the host ops and, with upstream's structural patterns, the
// signatures and control flow.
//
//===----------------------------------------------------------------------===//

#include "strata/Conversion/KernelToDevice/KernelToDevice.h"
#include "strata/Conversion/Passes.h"

#include "strata/Dialect/Device/IR/DeviceOps.h"
#include "strata/Dialect/Kernel/IR/KernelOps.h"
#include "strata/Dialect/Kernel/Transforms/ConstantCombination.h"
#include "strata/Dialect/Kernel/Transforms/Passes.h"

#include "mlir/Conversion/AffineToStandard/AffineToStandard.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Func/Transforms/FuncConversions.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/MemRef/Transforms/Transforms.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/Patterns.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/DestinationStyleOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Rewrite/FrozenRewritePatternSet.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SetVector.h"

namespace strata {
#define GEN_PASS_DEF_CONVERTKERNELTODEVICEPASS
#include "strata/Conversion/Passes.h.inc"
} // namespace strata

using namespace mlir;
using namespace strata;

//===----------------------------------------------------------------------===//
// Type conversion
//===----------------------------------------------------------------------===//

HostTypeConverter::HostTypeConverter() {
  addConversion([](Type type) -> std::optional<Type> {
    if (isa<TensorType>(type))
      return std::nullopt;
    return type;
  });
  addConversion([](RankedTensorType type) -> Type {
    return MemRefType::get(type.getShape(), type.getElementType());
  });
}

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

/// The tensor constant `op` defines (a ConstantLike op with one ranked
/// tensor result and an elements attribute), or null.
static ElementsAttr getTensorConstant(Operation *op) {
  if (!op->hasTrait<OpTrait::ConstantLike>() || op->getNumResults() != 1 ||
      !isa<RankedTensorType>(op->getResult(0).getType()))
    return {};
  Attribute value;
  if (!matchPattern(op->getResult(0), m_Constant(&value)))
    return {};
  return dyn_cast<ElementsAttr>(value);
}

/// Whether `op` is a tensor.from_elements used only as the shape of
/// tensor.reshape ops: the reshapes take its elements as their sizes, so it
/// never needs a buffer of its own.
static bool isReshapeShapeOnly(Operation *op) {
  if (!isa<tensor::FromElementsOp>(op) || op->use_empty())
    return false;
  return llvm::all_of(op->getUses(), [&](OpOperand &use) {
    auto reshape = dyn_cast<tensor::ReshapeOp>(use.getOwner());
    return reshape && use.get() == reshape.getShape();
  });
}

/// Whether the host does `op` itself (possibly after conversion) rather
/// than as a kernel.
static bool isHostOp(Operation *op) {
  return isa<kernel::LaunchOp, kernel::DispatchOp, kernel::CallNativeOp,
             tensor::DimOp, tensor::ExtractOp, tensor::EmptyOp,
             tensor::ReshapeOp, tensor::ExpandShapeOp, tensor::CollapseShapeOp,
             tensor::CastOp, tensor::BitcastOp, RegionBranchOpInterface,
             CallOpInterface, BranchOpInterface>(op) ||
         op->hasTrait<OpTrait::ConstantLike>() ||
         op->hasTrait<OpTrait::ReturnLike>() || isReshapeShapeOnly(op);
}

/// Whether `op` of host code becomes a kernel of its own.
static bool needsKernel(Operation *op) {
  return !isHostOp(op) && llvm::any_of(op->getResultTypes(), [](Type type) {
    return isa<RankedTensorType>(type);
  });
}

/// The host functions of `module`: every function but the kernels.
static SmallVector<FunctionOpInterface> getHostFunctions(ModuleOp module) {
  SmallVector<FunctionOpInterface> functions;
  for (auto function : module.getOps<FunctionOpInterface>())
    if (!isa<kernel::FuncOp>(function))
      functions.push_back(function);
  return functions;
}

//===----------------------------------------------------------------------===//
// Step 1: leftover host tensor ops become kernels
//===----------------------------------------------------------------------===//

/// The producers of `op`'s destinations to move into its kernel with it:
/// tensor.empty, and linalg.fill of one, when `op` is their only user.
static SmallVector<Operation *> getDestinationProducers(Operation *op) {
  SmallVector<Operation *> producers;
  auto dps = dyn_cast<DestinationStyleOpInterface>(op);
  if (!dps)
    return producers;
  for (OpOperand &init : dps.getDpsInitsMutable()) {
    Operation *def = init.get().getDefiningOp();
    if (!def || !def->hasOneUse())
      continue;
    if (auto fill = dyn_cast<linalg::FillOp>(def)) {
      Operation *empty = fill.getOutputs()[0].getDefiningOp();
      if (empty && isa<tensor::EmptyOp>(empty) && empty->hasOneUse())
        producers.push_back(empty);
      producers.push_back(fill);
    } else if (isa<tensor::EmptyOp>(def)) {
      producers.push_back(def);
    }
  }
  return producers;
}

/// Wraps every host op that needs a kernel into a kernel.dispatch of its
/// own, together with its destination producers. Consumers go first so
/// that they can take their producers along.
static void wrapHostTensorOps(ModuleOp module) {
  SmallVector<Operation *> candidates;
  // Pre-order, not entering candidates or dispatches: an op nested in one
  // moves with it.
  for (FunctionOpInterface function : getHostFunctions(module))
    function->walk<WalkOrder::PreOrder>([&](Operation *op) {
      if (isa<kernel::DispatchOp>(op))
        return WalkResult::skip();
      if (!needsKernel(op))
        return WalkResult::advance();
      candidates.push_back(op);
      return WalkResult::skip();
    });
  DenseSet<Operation *> erased;
  for (Operation *op : llvm::reverse(candidates)) {
    if (erased.contains(op))
      continue;
    if (op->use_empty() && isMemoryEffectFree(op)) {
      erased.insert(op);
      op->erase();
      continue;
    }
    SmallVector<Operation *> producers = getDestinationProducers(op);
    OpBuilder builder(op);
    auto dispatch =
        kernel::DispatchOp::create(builder, op->getLoc(), op->getResultTypes());
    builder.setInsertionPointToStart(&dispatch.getBody().front());
    IRMapping mapping;
    for (Operation *producer : producers)
      builder.clone(*producer, mapping);
    Operation *clone = builder.clone(*op, mapping);
    kernel::YieldOp::create(builder, op->getLoc(), clone->getResults());
    op->replaceAllUsesWith(dispatch->getResults());
    erased.insert(op);
    op->erase();
    for (Operation *producer : llvm::reverse(producers)) {
      if (!producer->use_empty())
        continue;
      erased.insert(producer);
      producer->erase();
    }
  }
}

//===----------------------------------------------------------------------===//
// Step 2: constants to the pool
//===----------------------------------------------------------------------===//

/// Creates the pool entries of `module`'s tensor constants and turns the
/// non-splat constants of kernels into kernel arguments that every launch
/// passes. Records each value's entry in `poolEntries`.
static void
moveConstantsToPool(ModuleOp module,
                    DenseMap<Attribute, FlatSymbolRefAttr> &poolEntries) {
  MLIRContext *context = module.getContext();
  SymbolTable symbolTable(module);
  OpBuilder poolBuilder = OpBuilder::atBlockBegin(module.getBody());
  unsigned nextIndex = 0;
  auto getEntry = [&](ElementsAttr value, Location loc) {
    FlatSymbolRefAttr &entry = poolEntries[value];
    if (entry)
      return entry;
    std::string name;
    do {
      name = "__constant_" + std::to_string(nextIndex++);
    } while (symbolTable.lookup(name));
    auto op = device::PoolEntryOp::create(poolBuilder, loc, name, value);
    symbolTable.insert(op, poolBuilder.getInsertionPoint());
    poolBuilder.setInsertionPointAfter(op);
    entry = FlatSymbolRefAttr::get(context, name);
    return entry;
  };

  // Constants in order of appearance, for deterministic entry names; kernel
  // constants to hoist, per kernel, in order.
  llvm::MapVector<kernel::FuncOp, SmallVector<Operation *>> kernelConstants;
  module.walk([&](Operation *op) {
    ElementsAttr value = getTensorConstant(op);
    if (!value)
      return;
    auto kernelFunc = op->getParentOfType<kernel::FuncOp>();
    if (kernelFunc) {
      auto dense = dyn_cast<DenseElementsAttr>(value);
      if (dense && dense.isSplat())
        return;
      // The coefficients of constant combinations stay: their lowering
      // unrolls over the values.
      if (!op->use_empty() && llvm::all_of(op->getUses(), [](OpOperand &use) {
            auto combination = kernel::matchConstantCombination(use.getOwner());
            return combination && combination->coefficientOperand == &use;
          }))
        return;
      kernelConstants[kernelFunc].push_back(op);
    }
    getEntry(value, op->getLoc());
  });

  // Launches per kernel.
  DenseMap<StringAttr, SmallVector<kernel::LaunchOp>> launches;
  for (FunctionOpInterface function : getHostFunctions(module))
    function->walk([&](kernel::LaunchOp launch) {
      launches[launch.getCalleeAttr().getAttr()].push_back(launch);
    });

  for (auto &[kernelFunc, constants] : kernelConstants) {
    // One new argument per distinct value.
    llvm::MapVector<Attribute, BlockArgument> arguments;
    for (Operation *op : constants) {
      Attribute value = getTensorConstant(op);
      auto [it, inserted] = arguments.insert({value, BlockArgument()});
      if (inserted) {
        unsigned index = kernelFunc.getNumArguments();
        Type type = op->getResult(0).getType();
        (void)kernelFunc.insertArgument(index, type, DictionaryAttr(),
                                        op->getLoc());
        it->second = kernelFunc.getArgument(index);
      }
      op->getResult(0).replaceAllUsesWith(it->second);
      op->erase();
    }
    for (kernel::LaunchOp launch : launches[kernelFunc.getSymNameAttr()]) {
      OpBuilder builder(launch);
      for (auto &[value, argument] : arguments) {
        Value constant = arith::ConstantOp::create(builder, launch.getLoc(),
                                                   cast<TypedAttr>(value));
        launch.getOperandsMutable().append(constant);
      }
    }
  }
}

//===----------------------------------------------------------------------===//
// Step 3: result sizes of launches
//===----------------------------------------------------------------------===//

/// The patterns that reduce the dims of a kernel's results to its
/// arguments: dims of reifiable ops, affine.apply to arith, and the
/// canonicalizations of every loaded op.
static FrozenRewritePatternSet getResultSizePatterns(MLIRContext *context) {
  RewritePatternSet patterns(context);
  memref::populateResolveRankedShapedTypeResultDimsPatterns(patterns);
  memref::populateResolveShapedTypeResultDimsPatterns(patterns);
  populateAffineToStdConversionPatterns(patterns);
  for (Dialect *dialect : context->getLoadedDialects())
    dialect->getCanonicalizationPatterns(patterns);
  for (RegisteredOperationName op : context->getRegisteredOperations())
    op.getCanonicalizationPatterns(patterns, context);
  return FrozenRewritePatternSet(std::move(patterns));
}

/// Computes the sizes as computeLaunchResultSizes says, simplifying the
/// scratch copy with `patterns`.
static FailureOr<SmallVector<SmallVector<Value>>>
computeLaunchResultSizes(kernel::LaunchOp launch, kernel::FuncOp kernelFunc,
                         const FrozenRewritePatternSet &patterns) {
  SmallVector<SmallVector<Value>> sizes(launch.getNumResults());
  // (result, dim) of every `?` dim to compute.
  SmallVector<std::pair<unsigned, unsigned>> dynamicDims;
  for (auto [index, type] : llvm::enumerate(launch.getResultTypes())) {
    auto tensorType = dyn_cast<RankedTensorType>(type);
    if (!tensorType)
      return launch.emitError("result #")
             << index << " of kernel @" << launch.getCallee()
             << " is not a ranked tensor but " << type;
    for (int64_t dim = 0; dim < tensorType.getRank(); ++dim)
      if (tensorType.isDynamicDim(dim))
        dynamicDims.emplace_back(index, dim);
  }
  if (dynamicDims.empty())
    return sizes;
  auto fail = [&](unsigned result, StringRef why) {
    return launch.emitError("cannot compute the sizes of result #")
           << result << " of kernel @" << launch.getCallee()
           << " before the launch: " << why;
  };
  if (kernelFunc.isExternal())
    return fail(dynamicDims.front().first,
                "the kernel is a declaration without a body");
  if (!kernelFunc.getBody().hasOneBlock())
    return fail(dynamicDims.front().first,
                "the kernel's body has more than one block");

  // A scratch function returning the dims of the kernel's results.
  MLIRContext *context = launch.getContext();
  Location loc = kernelFunc.getLoc();
  OwningOpRef<ModuleOp> scratch = ModuleOp::create(loc);
  OpBuilder builder = OpBuilder::atBlockEnd(scratch->getBody());
  auto function = func::FuncOp::create(
      builder, loc, "sizes",
      FunctionType::get(
          context, kernelFunc.getArgumentTypes(),
          SmallVector<Type>(dynamicDims.size(), builder.getIndexType())));
  IRMapping cloneMapping;
  kernelFunc.getBody().cloneInto(&function.getBody(), cloneMapping);
  Block &entry = function.getBody().front();
  auto kernelReturn = cast<kernel::ReturnOp>(entry.getTerminator());
  builder.setInsertionPoint(kernelReturn);
  SmallVector<Value> dims;
  for (auto [result, dim] : dynamicDims)
    dims.push_back(tensor::DimOp::create(
        builder, loc, kernelReturn.getValues()[result], dim));
  func::ReturnOp::create(builder, loc, dims);
  kernelReturn.erase();
  (void)applyPatternsGreedily(function, patterns);

  // Every dim must now depend only on the arguments, through ops without
  // effects or regions that the host can run (no tensor results).
  if (!function.getBody().hasOneBlock())
    return fail(dynamicDims.front().first,
                "the size computation has control flow");
  Block &body = function.getBody().front();
  auto ret = cast<func::ReturnOp>(body.getTerminator());
  DenseSet<Operation *> slice;
  for (auto [index, dim] : llvm::enumerate(ret.getOperands())) {
    SmallVector<Value> worklist = {dim};
    while (!worklist.empty()) {
      Value value = worklist.pop_back_val();
      if (auto arg = dyn_cast<BlockArgument>(value)) {
        if (arg.getOwner() != &body)
          return fail(dynamicDims[index].first,
                      "a size depends on a value defined in a loop");
        continue;
      }
      Operation *def = value.getDefiningOp();
      if (def->getBlock() != &body)
        return fail(dynamicDims[index].first,
                    "a size depends on a value defined in a region");
      if (!slice.insert(def).second)
        continue;
      bool tensorResult = llvm::any_of(def->getResultTypes(), [](Type type) {
        return isa<TensorType>(type);
      });
      if (def->getNumRegions() != 0 || !isMemoryEffectFree(def) ||
          tensorResult) {
        std::string why;
        llvm::raw_string_ostream os(why);
        os << "a size depends on what '" << def->getName()
           << "' computes in the kernel";
        return fail(dynamicDims[index].first, why);
      }
      llvm::append_range(worklist, def->getOperands());
    }
  }

  // Clone the slice before the launch, arguments mapped to its operands.
  IRMapping mapping;
  mapping.map(body.getArguments(), launch.getOperands());
  builder.setInsertionPoint(launch);
  for (Operation &op : body.without_terminator())
    if (slice.contains(&op))
      builder.clone(op, mapping);
  for (auto [index, dim] : llvm::enumerate(ret.getOperands()))
    sizes[dynamicDims[index].first].push_back(mapping.lookupOrDefault(dim));
  return sizes;
}

FailureOr<SmallVector<SmallVector<Value>>>
strata::computeLaunchResultSizes(kernel::LaunchOp launch,
                                 kernel::FuncOp kernelFunc) {
  return ::computeLaunchResultSizes(launch, kernelFunc,
                                    getResultSizePatterns(launch.getContext()));
}

//===----------------------------------------------------------------------===//
// Step 4: conversion patterns
//===----------------------------------------------------------------------===//

namespace {

/// kernel.launch -> device.alloc of each result + device.launch.
struct LaunchToDevice : OpConversionPattern<kernel::LaunchOp> {
  LaunchToDevice(const TypeConverter &converter, MLIRContext *context,
                 const KernelToDeviceState &state)
      : OpConversionPattern(converter, context), state(state) {}

  LogicalResult
  matchAndRewrite(kernel::LaunchOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto it = state.launchSizes.find(op);
    SmallVector<Value> outputs;
    for (auto [index, type] : llvm::enumerate(op.getResultTypes())) {
      auto memrefType =
          dyn_cast_or_null<MemRefType>(getTypeConverter()->convertType(type));
      if (!memrefType)
        return rewriter.notifyMatchFailure(op, "result is not a ranked tensor");
      ValueRange sizes;
      if (it != state.launchSizes.end())
        sizes = it->second[index];
      if (sizes.size() != memrefType.getNumDynamicDims())
        return rewriter.notifyMatchFailure(op, "result sizes not computed");
      outputs.push_back(
          device::AllocOp::create(rewriter, op.getLoc(), memrefType, sizes));
    }
    device::LaunchOp::create(rewriter, op.getLoc(), op.getCalleeAttr(),
                             adaptor.getOperands(), outputs);
    rewriter.replaceOp(op, outputs);
    return success();
  }

  const KernelToDeviceState &state;
};

/// kernel.call_native -> device.alloc of each (static) result, then
/// device.call_native with the arguments, the results' buffers and the
/// params as i64 constants (destination-passing: the function writes the
/// buffers and returns nothing).
struct CallNativeToDevice : OpConversionPattern<kernel::CallNativeOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(kernel::CallNativeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    SmallVector<Value> operands(adaptor.getArgs());
    SmallVector<Value> outputs;
    for (Type type : op.getResultTypes()) {
      auto memrefType =
          dyn_cast_or_null<MemRefType>(getTypeConverter()->convertType(type));
      if (!memrefType || !memrefType.hasStaticShape())
        return rewriter.notifyMatchFailure(op, "result is not static");
      outputs.push_back(
          device::AllocOp::create(rewriter, loc, memrefType, ValueRange()));
    }
    llvm::append_range(operands, outputs);
    for (int64_t param : op.getParams())
      operands.push_back(arith::ConstantOp::create(
          rewriter, loc, rewriter.getI64IntegerAttr(param)));
    device::CallNativeOp::create(rewriter, loc, TypeRange(), op.getCalleeAttr(),
                                 operands);
    rewriter.replaceOp(op, outputs);
    return success();
  }
};

/// A tensor constant -> device.constant of its pool entry.
struct ConstantToDevice : ConversionPattern {
  ConstantToDevice(const TypeConverter &converter, MLIRContext *context,
                   const KernelToDeviceState &state)
      : ConversionPattern(converter, MatchAnyOpTypeTag(), /*benefit=*/1,
                          context),
        state(state) {}

  LogicalResult
  matchAndRewrite(Operation *op, ArrayRef<Value> operands,
                  ConversionPatternRewriter &rewriter) const override {
    ElementsAttr value = getTensorConstant(op);
    if (!value)
      return failure();
    FlatSymbolRefAttr entry = state.poolEntries.lookup(value);
    if (!entry)
      return rewriter.notifyMatchFailure(op, "no pool entry");
    auto type = cast<MemRefType>(
        getTypeConverter()->convertType(op->getResult(0).getType()));
    rewriter.replaceOpWithNewOp<device::ConstantOp>(op, type, entry);
    return success();
  }

  const KernelToDeviceState &state;
};

struct DimToMemRef : OpConversionPattern<tensor::DimOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tensor::DimOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<memref::DimOp>(op, adaptor.getSource(),
                                               adaptor.getIndex());
    return success();
  }
};

struct ExtractToLoad : OpConversionPattern<tensor::ExtractOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tensor::ExtractOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<memref::LoadOp>(op, adaptor.getTensor(),
                                                adaptor.getIndices());
    return success();
  }
};

struct EmptyToAlloc : OpConversionPattern<tensor::EmptyOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tensor::EmptyOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = cast<MemRefType>(getTypeConverter()->convertType(op.getType()));
    rewriter.replaceOpWithNewOp<device::AllocOp>(op, type,
                                                 adaptor.getDynamicSizes());
    return success();
  }
};

/// `value` as an index (index_cast of an integer).
static Value castToIndex(OpBuilder &builder, Location loc, Value value) {
  if (value.getType().isIndex())
    return value;
  return arith::IndexCastOp::create(builder, loc, builder.getIndexType(),
                                    value);
}

/// Replaces `op` (a reshape of a whole tensor) with a device.reshape of
/// `source`, whose result's `?` dims are `sizeOf(dim)`.
static LogicalResult replaceWithReshape(Operation *op, Value source,
                                        const TypeConverter &converter,
                                        ConversionPatternRewriter &rewriter,
                                        function_ref<Value(int64_t)> sizeOf) {
  auto type = dyn_cast_or_null<MemRefType>(
      converter.convertType(op->getResult(0).getType()));
  if (!type)
    return rewriter.notifyMatchFailure(op, "result is not a ranked tensor");
  SmallVector<Value> sizes;
  for (int64_t dim = 0; dim < type.getRank(); ++dim)
    if (type.isDynamicDim(dim))
      sizes.push_back(sizeOf(dim));
  rewriter.replaceOpWithNewOp<device::ReshapeOp>(op, type, source, sizes);
  return success();
}

struct ReshapeToDevice : OpConversionPattern<tensor::ReshapeOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tensor::ReshapeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    // The sizes are the shape's elements: the operands of its
    // from_elements, or loads from its buffer.
    auto fromElements = op.getShape().getDefiningOp<tensor::FromElementsOp>();
    return replaceWithReshape(
        op, adaptor.getSource(), *getTypeConverter(), rewriter,
        [&](int64_t dim) -> Value {
          if (fromElements)
            return castToIndex(rewriter, loc, fromElements.getElements()[dim]);
          Value index = arith::ConstantIndexOp::create(rewriter, loc, dim);
          Value size =
              memref::LoadOp::create(rewriter, loc, adaptor.getShape(), index);
          return castToIndex(rewriter, loc, size);
        });
  }
};

struct ExpandShapeToDevice : OpConversionPattern<tensor::ExpandShapeOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tensor::ExpandShapeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    SmallVector<OpFoldResult> shape = op.getMixedOutputShape();
    return replaceWithReshape(op, adaptor.getSrc(), *getTypeConverter(),
                              rewriter, [&](int64_t dim) -> Value {
                                return getValueOrCreateConstantIndexOp(
                                    rewriter, op.getLoc(), shape[dim]);
                              });
  }
};

struct CollapseShapeToDevice : OpConversionPattern<tensor::CollapseShapeOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tensor::CollapseShapeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    SmallVector<ReassociationIndices> groups = op.getReassociationIndices();
    Value source = adaptor.getSrc();
    // A collapsed dim is the product of its group's source dims.
    return replaceWithReshape(
        op, source, *getTypeConverter(), rewriter, [&](int64_t dim) -> Value {
          Value product;
          for (int64_t sourceDim : groups[dim]) {
            Value size =
                memref::DimOp::create(rewriter, loc, source, sourceDim);
            product = product
                          ? arith::MulIOp::create(rewriter, loc, product, size)
                          : size;
          }
          return product;
        });
  }
};

/// tensor.cast and tensor.bitcast (the host's views of unsigned arguments and
/// results as signless integers) -> device.reshape to the same sizes.
template <typename CastOpTy>
struct CastToDevice : OpConversionPattern<CastOpTy> {
  using OpConversionPattern<CastOpTy>::OpConversionPattern;
  using OpAdaptor = typename CastOpTy::Adaptor;
  LogicalResult
  matchAndRewrite(CastOpTy op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value source = adaptor.getSource();
    if (!isa<MemRefType>(source.getType()))
      return rewriter.notifyMatchFailure(op, "unranked source");
    return replaceWithReshape(op, source, *this->getTypeConverter(), rewriter,
                              [&](int64_t dim) -> Value {
                                return memref::DimOp::create(
                                    rewriter, op.getLoc(), source, dim);
                              });
  }
};

/// A host function's signature and the arguments of all its blocks.
/// (Upstream's FunctionOpInterface signature pattern converts the entry
/// block only, which leaves cf successors on tensors.)
struct ConvertFunctionTypes : OpConversionPattern<func::FuncOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(func::FuncOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    const TypeConverter &converter = *getTypeConverter();
    FunctionType type = op.getFunctionType();
    TypeConverter::SignatureConversion entry(type.getNumInputs());
    SmallVector<Type> results;
    if (failed(converter.convertSignatureArgs(type.getInputs(), entry)) ||
        failed(converter.convertTypes(type.getResults(), results)))
      return rewriter.notifyMatchFailure(op, "signature has no conversion");
    if (!op.isExternal() &&
        failed(rewriter.convertRegionTypes(&op.getBody(), converter, &entry)))
      return rewriter.notifyMatchFailure(op, "block has no conversion");
    rewriter.modifyOpInPlace(op, [&] {
      op.setType(FunctionType::get(op.getContext(), entry.getConvertedTypes(),
                                   results));
    });
    return success();
  }
};

} // namespace

void strata::populateKernelToDevicePatterns(const TypeConverter &converter,
                                            const KernelToDeviceState &state,
                                            RewritePatternSet &patterns) {
  MLIRContext *context = patterns.getContext();
  patterns.add<LaunchToDevice, ConstantToDevice>(converter, context, state);
  patterns.add<CallNativeToDevice, DimToMemRef, ExtractToLoad, EmptyToAlloc,
               ReshapeToDevice, ExpandShapeToDevice, CollapseShapeToDevice,
               CastToDevice<tensor::CastOp>, CastToDevice<tensor::BitcastOp>,
               ConvertFunctionTypes>(converter, context);
}

//===----------------------------------------------------------------------===//
// The pass
//===----------------------------------------------------------------------===//

namespace {

/// Whether the conversion below knows what to do with host op `op`.
static bool isConvertible(Operation *op) {
  return isa<kernel::LaunchOp, kernel::CallNativeOp, tensor::DimOp,
             tensor::ExtractOp, tensor::EmptyOp, tensor::ReshapeOp,
             tensor::ExpandShapeOp, tensor::CollapseShapeOp, tensor::CastOp,
             tensor::BitcastOp, func::CallOp, func::ReturnOp, scf::ForOp,
             scf::IfOp, scf::WhileOp, scf::ConditionOp, scf::YieldOp,
             BranchOpInterface>(op) ||
         getTensorConstant(op) || isReshapeShapeOnly(op);
}

/// Whether `op` has a tensor operand or result, or a region argument of
/// tensor type.
static bool touchesTensors(Operation *op) {
  auto isTensor = [](Type type) { return isa<TensorType>(type); };
  if (llvm::any_of(op->getOperandTypes(), isTensor) ||
      llvm::any_of(op->getResultTypes(), isTensor))
    return true;
  for (Region &region : op->getRegions())
    for (Block &block : region)
      if (llvm::any_of(block.getArgumentTypes(), isTensor))
        return true;
  return false;
}

struct ConvertKernelToDevicePass
    : strata::impl::ConvertKernelToDevicePassBase<ConvertKernelToDevicePass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    MLIRContext *context = &getContext();
    if (failed(setTarget(module)))
      return signalPassFailure();
    // Host code is func.func; anything else (an llvm.func, say) was lowered
    // already or belongs to another pipeline.
    WalkResult unexpected = module->walk([&](Operation *op) {
      if (op != module.getOperation() && isa<ModuleOp>(op)) {
        op->emitError("nested modules are not supported: "
                      "convert-kernel-to-device expects one module holding "
                      "host functions and kernels");
        return WalkResult::interrupt();
      }
      if (isa<FunctionOpInterface>(op) &&
          !isa<func::FuncOp, kernel::FuncOp>(op)) {
        op->emitError()
            << "'" << op->getName()
            << "' is neither a host function (func.func) nor a kernel "
               "(kernel.func): convert-kernel-to-device expects the output of "
               "kernel-outline";
        return WalkResult::interrupt();
      }
      return WalkResult::advance();
    });
    if (unexpected.wasInterrupted())
      return signalPassFailure();

    // 1. Leftover host tensor ops become kernels.
    wrapHostTensorOps(module);
    OpPassManager outline(ModuleOp::getOperationName());
    outline.addPass(kernel::createKernelOutlinePass());
    if (failed(runPipeline(outline, module)))
      return signalPassFailure();

    // 2. Constants to the pool.
    KernelToDeviceState state;
    moveConstantsToPool(module, state.poolEntries);

    // 3. Result sizes of every launch, before it.
    FrozenRewritePatternSet sizePatterns = getResultSizePatterns(context);
    SymbolTable symbolTable(module);
    bool failedSizes = false;
    for (FunctionOpInterface function : getHostFunctions(module))
      function->walk([&](kernel::LaunchOp launch) {
        auto kernelFunc =
            symbolTable.lookup<kernel::FuncOp>(launch.getCallee());
        if (!kernelFunc) {
          launch.emitError("'@")
              << launch.getCallee() << "' is not a kernel.func of the module";
          failedSizes = true;
          return;
        }
        FailureOr<SmallVector<SmallVector<Value>>> sizes =
            ::computeLaunchResultSizes(launch, kernelFunc, sizePatterns);
        if (failed(sizes)) {
          failedSizes = true;
          return;
        }
        state.launchSizes[launch] = std::move(*sizes);
      });
    if (failedSizes)
      return signalPassFailure();

    // 5 (first): what the conversion cannot handle, with a clear message.
    if (failed(checkConvertible(module)))
      return signalPassFailure();

    // 4. Types and ops.
    HostTypeConverter converter;
    ConversionTarget target(*context);
    target.addLegalDialect<device::DeviceDialect, memref::MemRefDialect>();
    target.addLegalOp<ModuleOp>();
    target.addLegalOp<kernel::FuncOp>();
    target.markOpRecursivelyLegal<kernel::FuncOp>();
    target.addIllegalOp<kernel::LaunchOp, kernel::DispatchOp,
                        kernel::CallNativeOp>();
    target.markUnknownOpDynamicallyLegal([&](Operation *op) {
      if (isReshapeShapeOnly(op))
        return true;
      if (auto function = dyn_cast<FunctionOpInterface>(op))
        return converter.isSignatureLegal(
                   cast<FunctionType>(function.getFunctionType())) &&
               converter.isLegal(&function.getFunctionBody());
      return converter.isLegal(op);
    });
    RewritePatternSet patterns(context);
    populateKernelToDevicePatterns(converter, state, patterns);
    populateCallOpTypeConversionPattern(patterns, converter);
    populateReturnOpTypeConversionPattern(patterns, converter);
    populateBranchOpInterfaceTypeConversionPattern(patterns, converter);
    scf::populateSCFStructuralTypeConversionsAndLegality(converter, patterns,
                                                         target);
    if (failed(applyPartialConversion(module, target, std::move(patterns))))
      return signalPassFailure();

    // The from_elements that only gave reshapes their sizes are dead now.
    for (FunctionOpInterface function : getHostFunctions(module))
      function->walk([](tensor::FromElementsOp op) {
        if (op->use_empty())
          op->erase();
      });
  }

  /// Sets `device.target` on `module` from the `target` option, with the
  /// triple, CPU and features of the module's kernel.target if any.
  LogicalResult setTarget(ModuleOp module) {
    if (target != "cpu" && target != "cuda")
      return module.emitError("unknown target '")
             << target << "', expected cpu or cuda";
    StringRef triple, cpu, chip, features;
    if (auto kernelTarget = kernel::getTarget(module)) {
      if (kernelTarget.isCuda() == (target == "cuda")) {
        triple = kernelTarget.getTriple();
        (target == "cuda" ? chip : cpu) = kernelTarget.getCpu();
        features = kernelTarget.getFeatures();
      }
    }
    module->setAttr(device::DeviceDialect::getTargetAttrName(),
                    device::TargetAttr::get(&getContext(), target, triple, cpu,
                                            chip, features));
    return success();
  }

  /// Reports every host op on tensors that the conversion has no rule for.
  LogicalResult checkConvertible(ModuleOp module) {
    bool ok = true;
    for (FunctionOpInterface function : getHostFunctions(module)) {
      for (Type type : function.getArgumentTypes())
        if (isa<UnrankedTensorType>(type)) {
          function->emitError("argument of unranked tensor type ")
              << type << " has no buffer type at the device level";
          ok = false;
        }
      function->walk([&](Operation *op) {
        if (op == function.getOperation() || !touchesTensors(op))
          return;
        auto isUnranked = [](Type type) {
          return isa<UnrankedTensorType>(type);
        };
        if (llvm::any_of(op->getOperandTypes(), isUnranked) ||
            llvm::any_of(op->getResultTypes(), isUnranked)) {
          op->emitError("'")
              << op->getName() << "' on unranked tensors cannot be "
              << "converted to the device level";
          ok = false;
          return;
        }
        if (isConvertible(op))
          return;
        op->emitError("'") << op->getName()
                           << "' on tensors in host code cannot be converted "
                              "to the device level";
        ok = false;
      });
    }
    return success(ok);
  }
};

} // namespace
