//===- EraseUnsigned.cpp - Unsigned integers to signless ones -------------===//
//
// The first step of convert-graph-to-kernel: graph ops take unsigned integer
// tensors (ui8..ui64), but arith and linalg compute on signless integers
// only. Every integer type of the function bodies becomes signless; the
// graph ops whose operands or results were unsigned carry a mark that their
// lowerings read to pick unsigned comparisons, divisions, extensions and
// conversions (the only places where signedness shows, as add, sub, mul and
// data movement are the same bits either way). Signatures keep their
// unsigned types so that the runtime knows its u8..u64 arguments and
// results: tensor.bitcast views them as signless inside.
//
//===----------------------------------------------------------------------===//

#include "strata/Conversion/GraphToKernel/GraphToKernel.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/DialectResourceBlobManager.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/IR/TypeUtilities.h"
#include "strata/Dialect/Graph/IR/GraphDialect.h"
#include "llvm/ADT/DenseSet.h"

using namespace mlir;

/// `type` with unsigned integers made signless (element types included).
static Type eraseUnsigned(Type type) {
  if (auto intType = dyn_cast<IntegerType>(type))
    return intType.isUnsigned()
               ? IntegerType::get(type.getContext(), intType.getWidth())
               : type;
  if (auto shaped = dyn_cast<ShapedType>(type)) {
    Type element = eraseUnsigned(shaped.getElementType());
    return element == shaped.getElementType() ? type : shaped.clone(element);
  }
  return type;
}

static bool hasUnsigned(Type type) { return eraseUnsigned(type) != type; }

/// `attr` with unsigned integer types made signless: dense and
/// dense_resource elements (the same bits) and integer scalars.
static Attribute eraseUnsigned(Attribute attr) {
  if (auto dense = dyn_cast<DenseElementsAttr>(attr)) {
    Type element = eraseUnsigned(dense.getElementType());
    return element == dense.getElementType() ? attr : dense.bitcast(element);
  }
  if (auto resource = dyn_cast<DenseResourceElementsAttr>(attr)) {
    auto type = cast<ShapedType>(eraseUnsigned(resource.getType()));
    return type == resource.getType()
               ? attr
               : DenseResourceElementsAttr::get(type, resource.getRawHandle());
  }
  if (auto integer = dyn_cast<IntegerAttr>(attr)) {
    Type type = eraseUnsigned(integer.getType());
    return type == integer.getType()
               ? attr
               : IntegerAttr::get(type, integer.getValue());
  }
  return attr;
}

/// A tensor.bitcast of `value` to `type` right after its definition (or at
/// `builder`'s insertion point).
static Value bitcast(OpBuilder &builder, Location loc, Value value, Type type) {
  return tensor::BitcastOp::create(builder, loc, type, value);
}

LogicalResult strata::eraseUnsignedIntegers(Operation *root) {
  MLIRContext *context = root->getContext();
  UnitAttr unit = UnitAttr::get(context);
  bool any = false;
  root->walk([&](Operation *op) {
    bool operands = llvm::any_of(op->getOperandTypes(), hasUnsigned);
    bool results = llvm::any_of(op->getResultTypes(), hasUnsigned);
    any |= operands || results;
    if (!isa<graph::GraphDialect>(op->getDialect()))
      return;
    if (operands)
      op->setAttr(kUnsignedOperandsAttr, unit);
    // Mixed signedness: which operands were unsigned.
    if (operands && llvm::any_of(op->getOperandTypes(), [](Type type) {
          auto integer = dyn_cast<IntegerType>(getElementTypeOrSelf(type));
          return integer && !integer.isUnsigned();
        })) {
      SmallVector<bool> list = llvm::map_to_vector(
          op->getOperandTypes(), [](Type type) { return hasUnsigned(type); });
      op->setAttr(kUnsignedOperandListAttr,
                  DenseBoolArrayAttr::get(context, list));
    }
    if (results)
      op->setAttr(kUnsignedResultsAttr, unit);
  });
  // Function arguments (an unused unsigned argument has no user op).
  root->walk([&](func::FuncOp func) {
    any |= llvm::any_of(func.getFunctionType().getInputs(), hasUnsigned) ||
           llvm::any_of(func.getFunctionType().getResults(), hasUnsigned);
  });
  if (!any)
    return success();

  // Values whose unsigned type stays: signature arguments, call results and
  // the bitcasts that produce unsigned views for returns and calls.
  DenseSet<Value> keep;
  OpBuilder builder(context);
  LogicalResult status = success();
  root->walk([&](func::FuncOp func) {
    if (func.isExternal())
      return;
    FunctionType type = func.getFunctionType();
    Block &entry = func.getBody().front();
    builder.setInsertionPointToStart(&entry);
    for (BlockArgument arg : entry.getArguments()) {
      if (!hasUnsigned(arg.getType()))
        continue;
      if (!isa<TensorType>(arg.getType())) {
        status = func.emitError("argument #")
                 << arg.getArgNumber() << " of type " << arg.getType()
                 << ": unsigned scalar arguments are not supported";
        return;
      }
      keep.insert(arg);
      Value view =
          bitcast(builder, arg.getLoc(), arg, eraseUnsigned(arg.getType()));
      arg.replaceAllUsesExcept(view, view.getDefiningOp());
    }
    func.walk([&](func::ReturnOp ret) {
      builder.setInsertionPoint(ret);
      for (OpOperand &operand : ret->getOpOperands()) {
        Type resultType = type.getResult(operand.getOperandNumber());
        if (!hasUnsigned(resultType))
          continue;
        if (!isa<TensorType>(resultType)) {
          status = func.emitError("result #")
                   << operand.getOperandNumber() << " of type " << resultType
                   << ": unsigned scalar results are not supported";
          return;
        }
        Value view = bitcast(builder, ret.getLoc(), operand.get(), resultType);
        keep.insert(view);
        operand.set(view);
      }
    });
  });
  if (failed(status))
    return failure();
  root->walk([&](func::CallOp call) {
    // Calls keep the callee's unsigned types, viewed like arguments.
    builder.setInsertionPoint(call);
    for (OpOperand &operand : call->getOpOperands()) {
      if (!hasUnsigned(operand.get().getType()))
        continue;
      Value view = bitcast(builder, call.getLoc(), operand.get(),
                           operand.get().getType());
      keep.insert(view);
      operand.set(view);
    }
    builder.setInsertionPointAfter(call);
    for (Value result : call.getResults()) {
      if (!hasUnsigned(result.getType()))
        continue;
      keep.insert(result);
      Value view = bitcast(builder, call.getLoc(), result,
                           eraseUnsigned(result.getType()));
      result.replaceAllUsesExcept(view, view.getDefiningOp());
    }
  });

  // Everything else becomes signless: op results, the arguments of blocks
  // other than function entries, and typed attributes.
  root->walk([&](Operation *op) {
    for (Value result : op->getResults())
      if (!keep.contains(result))
        result.setType(eraseUnsigned(result.getType()));
    for (Region &region : op->getRegions())
      for (Block &block : region)
        for (BlockArgument arg : block.getArguments())
          if (!keep.contains(arg))
            arg.setType(eraseUnsigned(arg.getType()));
    if (isa<func::FuncOp>(op))
      return;
    for (NamedAttribute named : op->getAttrs()) {
      Attribute erased = eraseUnsigned(named.getValue());
      if (erased != named.getValue())
        op->setAttr(named.getName(), erased);
    }
  });
  return success();
}
