//===- KernelDialect.cpp - The kernel dialect -----------------------------===//
//
// Registers the kernel dialect and verifies its schedule and target
// attributes.
//
//===----------------------------------------------------------------------===//

#include "strata/Dialect/Kernel/IR/KernelDialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "strata/Dialect/Kernel/IR/KernelOps.h"
#include "llvm/ADT/SmallSet.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace strata::kernel;

#include "strata/Dialect/Kernel/IR/KernelDialect.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "strata/Dialect/Kernel/IR/KernelAttrs.cpp.inc"

void KernelDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "strata/Dialect/Kernel/IR/KernelOps.cpp.inc"
      >();
  addAttributes<
#define GET_ATTRDEF_LIST
#include "strata/Dialect/Kernel/IR/KernelAttrs.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// ScheduleAttr
//===----------------------------------------------------------------------===//

LogicalResult ScheduleAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                   ArrayAttr tileSizes,
                                   DenseI64ArrayAttr vectorSizes,
                                   DenseI64ArrayAttr parallelDims,
                                   int64_t unroll, bool pack) {
  std::optional<size_t> numLoops;
  auto checkLength = [&](size_t length, StringRef what) -> LogicalResult {
    if (!numLoops) {
      numLoops = length;
      return success();
    }
    if (length != *numLoops)
      return emitError() << what << " has " << length
                         << " sizes, expected one per loop (" << *numLoops
                         << ")";
    return success();
  };
  for (auto [level, attr] : llvm::enumerate(tileSizes)) {
    auto sizes = dyn_cast<DenseI64ArrayAttr>(attr);
    if (!sizes)
      return emitError() << "tile_sizes level " << level
                         << " must be an array<i64: ...>";
    if (failed(checkLength(sizes.size(),
                           "tile_sizes level " + std::to_string(level))))
      return failure();
    for (int64_t size : sizes.asArrayRef())
      if (size < 0)
        return emitError() << "tile size " << size << " is negative";
  }
  if (!vectorSizes.empty()) {
    if (failed(checkLength(vectorSizes.size(), "vector_sizes")))
      return failure();
    for (int64_t size : vectorSizes.asArrayRef())
      if (size < 0)
        return emitError() << "vector size " << size << " is negative";
  }
  llvm::SmallSet<int64_t, 4> seen;
  for (int64_t dim : parallelDims.asArrayRef()) {
    if (dim < 0 || (numLoops && dim >= static_cast<int64_t>(*numLoops)))
      return emitError() << "parallel dim " << dim << " is not a loop of the "
                         << "schedule";
    if (!seen.insert(dim).second)
      return emitError() << "parallel dim " << dim << " is repeated";
  }
  if (unroll < 1)
    return emitError() << "unroll must be at least 1, got " << unroll;
  return success();
}

std::optional<int64_t> ScheduleAttr::getNumLoops() const {
  if (!getTileSizes().empty())
    return cast<DenseI64ArrayAttr>(getTileSizes()[0]).size();
  if (!getVectorSizes().empty())
    return getVectorSizes().size();
  return std::nullopt;
}

ArrayRef<int64_t> ScheduleAttr::getTileSizes(unsigned level) const {
  return cast<DenseI64ArrayAttr>(getTileSizes()[level]).asArrayRef();
}

//===----------------------------------------------------------------------===//
// TargetAttr
//===----------------------------------------------------------------------===//

LogicalResult TargetAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                 StringRef triple, StringRef cpu,
                                 StringRef features, int64_t vectorBits,
                                 int64_t l1Bytes, int64_t l2Bytes,
                                 int64_t cores) {
  if (triple.empty())
    return emitError() << "target triple must not be empty";
  if (vectorBits <= 0 || vectorBits % 8 != 0)
    return emitError() << "vector_bits must be a positive multiple of 8, got "
                       << vectorBits;
  if (l1Bytes <= 0 || l2Bytes <= 0)
    return emitError() << "cache sizes must be positive";
  if (cores <= 0)
    return emitError() << "cores must be positive, got " << cores;
  return success();
}
