//===- KernelOps.cpp - Dispatches, kernels and launches -------------------===//
//
// Builders, printers and verifiers of the kernel dialect's operations.
//
//===----------------------------------------------------------------------===//

#include "strata/Dialect/Kernel/IR/KernelOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/FunctionImplementation.h"
#include "llvm/Support/raw_ostream.h"

#include <limits>

using namespace mlir;
using namespace strata::kernel;

//===----------------------------------------------------------------------===//
// DispatchOp
//===----------------------------------------------------------------------===//

void DispatchOp::build(OpBuilder &builder, OperationState &state,
                       TypeRange resultTypes) {
  state.addTypes(resultTypes);
  Region *body = state.addRegion();
  body->emplaceBlock();
}

LogicalResult DispatchOp::verify() {
  auto yield = dyn_cast<YieldOp>(getBody().front().getTerminator());
  if (!yield)
    return emitOpError("region must end with kernel.yield");
  if (yield.getValues().getTypes() != getResultTypes())
    return emitOpError("yields (")
           << yield.getValues().getTypes() << ") but the dispatch returns ("
           << getResultTypes() << ")";
  if (std::optional<ScheduleAttr> schedule = getSchedule();
      schedule && !schedule->getNumLoops())
    return emitOpError("schedule says nothing about the loops");
  return success();
}

//===----------------------------------------------------------------------===//
// FuncOp
//===----------------------------------------------------------------------===//

void FuncOp::build(OpBuilder &builder, OperationState &state, StringRef name,
                   FunctionType type) {
  state.addAttribute(SymbolTable::getSymbolAttrName(),
                     builder.getStringAttr(name));
  state.addAttribute(getFunctionTypeAttrName(state.name), TypeAttr::get(type));
  state.addRegion();
}

ParseResult FuncOp::parse(OpAsmParser &parser, OperationState &result) {
  auto buildFuncType =
      [](Builder &builder, ArrayRef<Type> argTypes, ArrayRef<Type> results,
         function_interface_impl::VariadicFlag,
         std::string &) { return builder.getFunctionType(argTypes, results); };
  return function_interface_impl::parseFunctionOp(
      parser, result, /*allowVariadic=*/false,
      getFunctionTypeAttrName(result.name), buildFuncType,
      getArgAttrsAttrName(result.name), getResAttrsAttrName(result.name));
}

void FuncOp::print(OpAsmPrinter &printer) {
  function_interface_impl::printFunctionOp(
      printer, *this, /*isVariadic=*/false, getFunctionTypeAttrName(),
      getArgAttrsAttrName(), getResAttrsAttrName());
}

LogicalResult FuncOp::verify() {
  if (std::optional<ScheduleAttr> schedule = getSchedule();
      schedule && !schedule->getNumLoops())
    return emitOpError("schedule says nothing about the loops");
  if (isExternal())
    return success();
  Block &entry = getBody().front();
  if (entry.getArgumentTypes() != getArgumentTypes())
    return emitOpError("entry block arguments (")
           << entry.getArgumentTypes() << ") do not match the signature ("
           << getArgumentTypes() << ")";
  return success();
}

//===----------------------------------------------------------------------===//
// ReturnOp
//===----------------------------------------------------------------------===//

LogicalResult ReturnOp::verify() {
  auto func = cast<FuncOp>((*this)->getParentOp());
  if (getValues().getTypes() != func.getResultTypes())
    return emitOpError("returns (")
           << getValues().getTypes() << ") but the kernel's results are ("
           << func.getResultTypes() << ")";
  return success();
}

//===----------------------------------------------------------------------===//
// LaunchOp
//===----------------------------------------------------------------------===//

LogicalResult LaunchOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  auto callee =
      symbolTable.lookupNearestSymbolFrom<FuncOp>(*this, getCalleeAttr());
  if (!callee)
    return emitOpError("'") << getCallee() << "' is not a kernel.func";
  FunctionType type = callee.getFunctionType();
  if (TypeRange(type.getInputs()) != TypeRange(getOperandTypes()) ||
      TypeRange(type.getResults()) != TypeRange(getResultTypes()))
    return emitOpError("type ") << getCalleeType() << " does not match kernel @"
                                << getCallee() << " of type " << type;
  return success();
}

//===----------------------------------------------------------------------===//
// CallNativeOp
//===----------------------------------------------------------------------===//

LogicalResult CallNativeOp::verify() {
  if (getCallee().empty())
    return emitOpError("needs the name of a native function");
  for (auto [index, type] : llvm::enumerate(getResultTypes()))
    if (!cast<RankedTensorType>(type).hasStaticShape())
      return emitOpError("result #")
             << index << " has type " << type
             << ": results of native calls need static shapes";
  return success();
}

//===----------------------------------------------------------------------===//
// CheckOp
//===----------------------------------------------------------------------===//

LogicalResult CheckOp::verify() {
  StringRef message = getMessage();
  for (size_t open = message.find('{'); open != StringRef::npos;
       open = message.find('{', open + 1)) {
    size_t close = message.find('}', open);
    if (close == StringRef::npos)
      break;
    unsigned index;
    // Only `{N}` is a placeholder; other braces are text.
    if (message.slice(open + 1, close).getAsInteger(10, index))
      continue;
    if (index >= getValues().size())
      return emitOpError("message refers to value {")
             << index << "} but the check has " << getValues().size()
             << " value(s)";
  }
  return success();
}

LogicalResult CheckOp::canonicalize(CheckOp op, PatternRewriter &rewriter) {
  if (!matchPattern(op.getCondition(), m_One()))
    return failure();
  rewriter.eraseOp(op);
  return success();
}

std::string strata::kernel::printNameIndependentForm(FuncOp kernel) {
  // Explicit flags: the defaults follow --mlir-print-* options, and an
  // elided constant would make different kernels look identical.
  OpPrintingFlags flags;
  flags.printGenericOpForm()
      .useLocalScope()
      .skipRegions(false)
      .enableDebugInfo(false)
      .elideLargeElementsAttrs(std::numeric_limits<int64_t>::max());
  StringAttr name = kernel.getSymNameAttr();
  kernel.setSymNameAttr(StringAttr::get(kernel.getContext(), "__kernel__"));
  std::string form;
  llvm::raw_string_ostream os(form);
  kernel->print(os, flags);
  kernel.setSymNameAttr(name);
  return form;
}

#define GET_OP_CLASSES
#include "strata/Dialect/Kernel/IR/KernelOps.cpp.inc"
