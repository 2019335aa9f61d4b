//===- DeviceOps.cpp - Operations of the device dialect -------------------===//
//
// Verifiers and memory effects of the device dialect's operations. The
// verifiers check what the serializer and the VM rely on: one size per `?`
// dim, matching shapes and element types between buffers, constants and
// kernel signatures.
//
//===----------------------------------------------------------------------===//

#include "strata/Dialect/Device/IR/DeviceOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/Matchers.h"
#include "strata/Dialect/Kernel/IR/KernelOps.h"

using namespace mlir;
using namespace strata::device;

/// Checks that `sizes` has one value per `?` dim of `type` and that none of
/// them is a negative constant.
static LogicalResult verifyDynamicSizes(Operation *op, ShapedType type,
                                        ValueRange sizes) {
  int64_t expected = type.getNumDynamicDims();
  if (static_cast<int64_t>(sizes.size()) != expected)
    return op->emitOpError("has ")
           << sizes.size() << " dynamic sizes but " << type << " has "
           << expected << " '?' dims";
  for (auto [index, size] : llvm::enumerate(sizes)) {
    APInt value;
    if (matchPattern(size, m_ConstantInt(&value)) && value.isNegative())
      return op->emitOpError("dynamic size #")
             << index << " is negative (" << value.getSExtValue() << ")";
  }
  return success();
}

/// Whether `type` is statically shaped; then `count` is its element count.
static bool getStaticElementCount(ShapedType type, int64_t &count) {
  if (!type.hasStaticShape())
    return false;
  count = type.getNumElements();
  return true;
}

/// Whether a host value of type `hostType` can stand for a kernel argument
/// or result of type `kernelType`: a buffer for a tensor of the same shape
/// and element type, a scalar of the same type for a scalar.
static bool matchesKernelType(Type hostType, Type kernelType) {
  if (auto tensor = dyn_cast<RankedTensorType>(kernelType)) {
    auto memref = dyn_cast<MemRefType>(hostType);
    return memref && memref.getShape() == tensor.getShape() &&
           memref.getElementType() == tensor.getElementType();
  }
  return hostType == kernelType;
}

/// Parses `(%a, %b)` or nothing: the sizes of a view's `?` dims, right
/// after its `]` (the parentheses go when there is no size).
static ParseResult
parseOptionalSizes(OpAsmParser &parser,
                   SmallVectorImpl<OpAsmParser::UnresolvedOperand> &sizes) {
  if (failed(parser.parseOptionalLParen()))
    return success();
  if (parser.parseOperandList(sizes) || parser.parseRParen())
    return failure();
  return success();
}

static void printOptionalSizes(OpAsmPrinter &printer, Operation *,
                               OperandRange sizes) {
  if (sizes.empty())
    return;
  printer << "(" << sizes << ")";
}

/// Parses a comma-separated list of types that may be empty: a launch's
/// input types between `(` and `)` (the generated parser's type list needs
/// at least one, so a kernel without inputs did not parse back).
static ParseResult parseTypeListOrEmpty(OpAsmParser &parser,
                                        SmallVectorImpl<Type> &types) {
  Type type;
  OptionalParseResult first = parser.parseOptionalType(type);
  if (!first.has_value())
    return success();
  if (failed(*first))
    return failure();
  types.push_back(type);
  while (succeeded(parser.parseOptionalComma())) {
    if (parser.parseType(type))
      return failure();
    types.push_back(type);
  }
  return success();
}

static void printTypeListOrEmpty(OpAsmPrinter &printer, Operation *,
                                 TypeRange types) {
  llvm::interleaveComma(types, printer);
}

//===----------------------------------------------------------------------===//
// PoolEntryOp
//===----------------------------------------------------------------------===//

LogicalResult PoolEntryOp::verify() {
  auto type = dyn_cast<RankedTensorType>(getValue().getType());
  if (!type)
    return emitOpError("value must be a tensor, got ") << getValue().getType();
  if (!type.hasStaticShape())
    return emitOpError("value must have a static shape, got ") << type;
  return success();
}

//===----------------------------------------------------------------------===//
// ConstantOp
//===----------------------------------------------------------------------===//

LogicalResult ConstantOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  auto entry =
      symbolTable.lookupNearestSymbolFrom<PoolEntryOp>(*this, getNameAttr());
  if (!entry)
    return emitOpError("'@") << getName() << "' is not a device.pool_entry";
  RankedTensorType entryType = entry.getType();
  MemRefType type = getResult().getType();
  if (type.getShape() != entryType.getShape() ||
      type.getElementType() != entryType.getElementType())
    return emitOpError("type ") << type << " does not match pool entry @"
                                << getName() << " of type " << entryType;
  return success();
}

//===----------------------------------------------------------------------===//
// AllocStorageOp
//===----------------------------------------------------------------------===//

LogicalResult AllocStorageOp::verify() {
  APInt value;
  if (matchPattern(getSize(), m_ConstantInt(&value)) && value.isNegative())
    return emitOpError("size is negative (") << value.getSExtValue() << ")";
  return success();
}

//===----------------------------------------------------------------------===//
// ViewOp
//===----------------------------------------------------------------------===//

LogicalResult ViewOp::verify() {
  APInt value;
  if (matchPattern(getByteOffset(), m_ConstantInt(&value)) &&
      value.isNegative())
    return emitOpError("byte offset is negative (")
           << value.getSExtValue() << ")";
  return verifyDynamicSizes(*this, getResult().getType(), getDynamicSizes());
}

//===----------------------------------------------------------------------===//
// AllocOp
//===----------------------------------------------------------------------===//

LogicalResult AllocOp::verify() {
  return verifyDynamicSizes(*this, getResult().getType(), getDynamicSizes());
}

//===----------------------------------------------------------------------===//
// ReshapeOp
//===----------------------------------------------------------------------===//

LogicalResult ReshapeOp::verify() {
  MemRefType sourceType = getSource().getType();
  MemRefType resultType = getResult().getType();
  Type sourceElement = sourceType.getElementType();
  Type resultElement = resultType.getElementType();
  bool sameWidthIntegers = isa<IntegerType>(sourceElement) &&
                           isa<IntegerType>(resultElement) &&
                           sourceElement.getIntOrFloatBitWidth() ==
                               resultElement.getIntOrFloatBitWidth();
  if (sourceElement != resultElement && !sameWidthIntegers)
    return emitOpError("element type ")
           << resultElement << " differs from the source's (" << sourceElement
           << ") and is not an integer type of the same width";
  if (failed(verifyDynamicSizes(*this, resultType, getDynamicSizes())))
    return failure();
  int64_t sourceCount, resultCount;
  if (getStaticElementCount(sourceType, sourceCount) &&
      getStaticElementCount(resultType, resultCount) &&
      sourceCount != resultCount)
    return emitOpError("reshapes ")
           << sourceCount << " elements (" << sourceType << ") into "
           << resultCount << " (" << resultType << ")";
  return success();
}

//===----------------------------------------------------------------------===//
// LaunchOp
//===----------------------------------------------------------------------===//

LogicalResult LaunchOp::verify() {
  for (auto [index, output] : llvm::enumerate(getOutputs())) {
    if (llvm::is_contained(getInputs(), output))
      return emitOpError("output #") << index << " is also an input";
    if (llvm::is_contained(getOutputs().take_front(index), output))
      return emitOpError("output #") << index << " is given twice";
  }
  return success();
}

LogicalResult LaunchOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  auto kernel = symbolTable.lookupNearestSymbolFrom<strata::kernel::FuncOp>(
      *this, getKernelAttr());
  if (!kernel)
    return emitOpError("'@") << getKernel() << "' is not a kernel.func";
  FunctionType type = kernel.getFunctionType();
  if (getInputs().size() != type.getNumInputs())
    return emitOpError("has ")
           << getInputs().size() << " inputs but kernel @" << getKernel()
           << " takes " << type.getNumInputs() << " arguments";
  if (getOutputs().size() != type.getNumResults())
    return emitOpError("has ")
           << getOutputs().size() << " outputs but kernel @" << getKernel()
           << " returns " << type.getNumResults() << " results";
  for (auto [index, input, expected] :
       llvm::enumerate(getInputs().getTypes(), type.getInputs()))
    if (!matchesKernelType(input, expected))
      return emitOpError("input #")
             << index << " of type " << input << " does not match argument #"
             << index << " of kernel @" << getKernel() << " (" << expected
             << ")";
  for (auto [index, output, expected] :
       llvm::enumerate(getOutputs().getTypes(), type.getResults())) {
    if (!isa<RankedTensorType>(expected))
      return emitOpError("kernel @")
             << getKernel() << " result #" << index << " is " << expected
             << ", not a ranked tensor that an output buffer can hold";
    if (!matchesKernelType(output, expected))
      return emitOpError("output #")
             << index << " of type " << output << " does not match result #"
             << index << " of kernel @" << getKernel() << " (" << expected
             << ")";
  }
  return success();
}

void LaunchOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  for (OpOperand &input : getInputsMutable())
    if (isa<MemRefType>(input.get().getType()))
      effects.emplace_back(MemoryEffects::Read::get(), &input);
  for (OpOperand &output : getOutputsMutable())
    effects.emplace_back(MemoryEffects::Write::get(), &output);
}

//===----------------------------------------------------------------------===//
// CopyOp
//===----------------------------------------------------------------------===//

LogicalResult CopyOp::verify() {
  MemRefType sourceType = getSource().getType();
  MemRefType targetType = getTarget().getType();
  if (sourceType.getElementType() != targetType.getElementType())
    return emitOpError("copies ")
           << sourceType.getElementType() << " elements into a buffer of "
           << targetType.getElementType();
  int64_t sourceCount, targetCount;
  if (getStaticElementCount(sourceType, sourceCount) &&
      getStaticElementCount(targetType, targetCount) &&
      sourceCount != targetCount)
    return emitOpError("copies ")
           << sourceCount << " elements into a buffer of " << targetCount;
  if (getSource() == getTarget())
    return emitOpError("copies a buffer into itself");
  return success();
}

void CopyOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  effects.emplace_back(MemoryEffects::Read::get(), &getSourceMutable());
  effects.emplace_back(MemoryEffects::Write::get(), &getTargetMutable());
}

//===----------------------------------------------------------------------===//
// CallNativeOp
//===----------------------------------------------------------------------===//

LogicalResult CallNativeOp::verify() {
  if (getCallee().empty())
    return emitOpError("needs the name of a native function");
  return success();
}

#define GET_OP_CLASSES
#include "strata/Dialect/Device/IR/DeviceOps.cpp.inc"
