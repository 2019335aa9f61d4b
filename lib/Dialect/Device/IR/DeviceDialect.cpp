//===- DeviceDialect.cpp - The device dialect -----------------------------===//
//
// Registers the device dialect, parses, prints and verifies #device.target,
// and verifies the dialect's discardable attributes (`device.target` on a
// module, `device.memory` on a function).
//
//===----------------------------------------------------------------------===//

#include "strata/Dialect/Device/IR/DeviceDialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "strata/Dialect/Device/IR/DeviceOps.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace strata::device;

#include "strata/Dialect/Device/IR/DeviceDialect.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "strata/Dialect/Device/IR/DeviceAttrs.cpp.inc"

#define GET_TYPEDEF_CLASSES
#include "strata/Dialect/Device/IR/DeviceTypes.cpp.inc"

void DeviceDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "strata/Dialect/Device/IR/DeviceOps.cpp.inc"
      >();
  addAttributes<
#define GET_ATTRDEF_LIST
#include "strata/Dialect/Device/IR/DeviceAttrs.cpp.inc"
      >();
  addTypes<
#define GET_TYPEDEF_LIST
#include "strata/Dialect/Device/IR/DeviceTypes.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// TargetAttr
//===----------------------------------------------------------------------===//

// The optional strings, in the order they are printed.
static constexpr StringLiteral kTargetKeys[] = {"triple", "cpu", "chip",
                                                "features"};

/// `#device.target<kind (, key = "value")*>`; keys in any order, each once.
Attribute TargetAttr::parse(AsmParser &parser, Type) {
  std::string kind;
  if (parser.parseLess() || parser.parseKeywordOrString(&kind))
    return {};
  std::string values[std::size(kTargetKeys)];
  bool seen[std::size(kTargetKeys)] = {};
  while (succeeded(parser.parseOptionalComma())) {
    SMLoc keyLoc = parser.getCurrentLocation();
    StringRef key;
    if (parser.parseKeyword(&key))
      return {};
    const auto *it = llvm::find(kTargetKeys, key);
    if (it == std::end(kTargetKeys)) {
      parser.emitError(keyLoc) << "unknown #device.target key '" << key
                               << "', expected triple, cpu, chip or features";
      return {};
    }
    size_t index = it - std::begin(kTargetKeys);
    if (seen[index]) {
      parser.emitError(keyLoc)
          << "#device.target key '" << key << "' given twice";
      return {};
    }
    seen[index] = true;
    if (parser.parseEqual() || parser.parseString(&values[index]))
      return {};
  }
  if (parser.parseGreater())
    return {};
  return parser.getChecked<TargetAttr>(parser.getContext(), kind, values[0],
                                       values[1], values[2], values[3]);
}

void TargetAttr::print(AsmPrinter &printer) const {
  printer << "<" << getKind();
  StringRef values[] = {getTriple(), getCpu(), getChip(), getFeatures()};
  for (auto [key, value] : llvm::zip_equal(kTargetKeys, values)) {
    if (value.empty())
      continue;
    printer << ", " << key << " = ";
    printer.printString(value);
  }
  printer << ">";
}

LogicalResult TargetAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                 StringRef kind, StringRef triple,
                                 StringRef cpu, StringRef chip,
                                 StringRef features) {
  if (kind != "cpu" && kind != "cuda")
    return emitError() << "device kind '" << kind
                       << "' is not one of cpu, cuda";
  if (kind == "cpu" && !chip.empty())
    return emitError() << "'chip' is for cuda targets; a cpu target names "
                          "its processor with 'cpu'";
  if (kind == "cuda" && !cpu.empty())
    return emitError() << "'cpu' is for cpu targets; a cuda target names "
                          "its architecture with 'chip'";
  return success();
}

//===----------------------------------------------------------------------===//
// Discardable attributes
//===----------------------------------------------------------------------===//

LogicalResult DeviceDialect::verifyOperationAttribute(Operation *op,
                                                      NamedAttribute attr) {
  if (attr.getName() == getTargetAttrName()) {
    if (!isa<ModuleOp>(op))
      return op->emitError()
             << "'" << getTargetAttrName() << "' belongs on a module";
    if (!isa<TargetAttr>(attr.getValue()))
      return op->emitError()
             << "'" << getTargetAttrName() << "' must be a #device.target";
    return success();
  }
  if (attr.getName() == getMemoryAttrName()) {
    if (!isa<FunctionOpInterface>(op))
      return op->emitError()
             << "'" << getMemoryAttrName() << "' belongs on a function";
    auto dict = dyn_cast<DictionaryAttr>(attr.getValue());
    if (!dict)
      return op->emitError()
             << "'" << getMemoryAttrName() << "' must be a dictionary";
    for (StringRef key : {"planned_peak_bytes", "unplanned_bytes"}) {
      auto value = dict.getAs<IntegerAttr>(key);
      if (!value || !value.getType().isInteger(64) || value.getInt() < 0)
        return op->emitError() << "'" << getMemoryAttrName() << "' needs '"
                               << key << "', a non-negative i64";
    }
    return success();
  }
  return op->emitError() << "unknown device dialect attribute '"
                         << attr.getName().getValue() << "'";
}
