//===- KernelDialect.cpp - The kernel dialect -----------------------------===//
//
// Registers the kernel dialect and verifies its schedule and target
// attributes.
//
//===----------------------------------------------------------------------===//

#include "strata/Dialect/Kernel/IR/KernelDialect.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
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

LogicalResult
ScheduleAttr::verifyLoops(ArrayRef<utils::IteratorType> iterators,
                          ArrayRef<int64_t> staticSizes,
                          function_ref<InFlightDiagnostic()> emitError) const {
  std::optional<int64_t> numLoops = getNumLoops();
  if (!numLoops)
    return success();
  if (*numLoops != static_cast<int64_t>(iterators.size()))
    return emitError() << "kernel.schedule is written for " << *numLoops
                       << " loops, but the op has " << iterators.size();
  for (int64_t dim : getParallelDims().asArrayRef())
    if (iterators[dim] != utils::IteratorType::parallel)
      return emitError() << "kernel.schedule: parallel dim " << dim
                         << " is a reduction loop of the op";
  ArrayRef<int64_t> vectorSizes = getVectorSizes().asArrayRef();
  if (vectorSizes.empty())
    return success();
  ArrayRef<int64_t> innermost;
  if (getNumTileLevels() > 0)
    innermost = getTileSizes(getNumTileLevels() - 1);
  for (auto [loop, vector] : llvm::enumerate(vectorSizes)) {
    if (vector == 0)
      continue;
    int64_t tile = innermost.empty() ? 0 : innermost[loop];
    if (tile > 0 && vector > tile)
      return emitError() << "kernel.schedule: vector size " << vector
                         << " of loop " << loop
                         << " does not fit its innermost tile of " << tile;
    if (tile == 0 && loop < staticSizes.size() &&
        !ShapedType::isDynamic(staticSizes[loop]) && vector > staticSizes[loop])
      return emitError() << "kernel.schedule: vector size " << vector
                         << " of loop " << loop
                         << " does not fit the loop, whole in its innermost "
                         << "tile, of " << staticSizes[loop] << " iterations";
  }
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
// Discardable attributes
//===----------------------------------------------------------------------===//

LogicalResult KernelDialect::verifyOperationAttribute(Operation *op,
                                                      NamedAttribute attr) {
  if (attr.getName() == getTargetAttrName()) {
    if (!isa<ModuleOp, FunctionOpInterface>(op))
      return op->emitError() << "'" << getTargetAttrName()
                             << "' belongs on a module or a function";
    if (!isa<TargetAttr>(attr.getValue()))
      return op->emitError()
             << "'" << getTargetAttrName() << "' must be a #kernel.target, got "
             << attr.getValue();
    return success();
  }
  if (attr.getName() == getVectorizeAttrName()) {
    auto linalgOp = dyn_cast<linalg::LinalgOp>(op);
    if (!linalgOp)
      return op->emitError()
             << "'" << getVectorizeAttrName() << "' belongs on a linalg op";
    auto bounds = dyn_cast<DenseI64ArrayAttr>(attr.getValue());
    if (!bounds)
      return op->emitError()
             << "'" << getVectorizeAttrName() << "' must be an array<i64>, got "
             << attr.getValue();
    if (bounds.size() != static_cast<int64_t>(linalgOp.getNumLoops()))
      return op->emitError() << "'" << getVectorizeAttrName() << "' has "
                             << bounds.size() << " bounds, but the op has "
                             << linalgOp.getNumLoops() << " loops";
    if (llvm::any_of(bounds.asArrayRef(), [](int64_t b) { return b < 0; }))
      return op->emitError()
             << "'" << getVectorizeAttrName() << "' bounds must be at least 0";
    return success();
  }
  if (attr.getName() == getUnrollTransfersAttrName() ||
      attr.getName() == getNoHoistAttrName()) {
    if (!isa<LoopLikeOpInterface>(op))
      return op->emitError()
             << "'" << attr.getName().getValue() << "' belongs on a loop";
    if (!isa<UnitAttr>(attr.getValue()))
      return op->emitError() << "'" << attr.getName().getValue()
                             << "' must be a unit attribute";
    return success();
  }
  if (attr.getName() != getScheduleAttrName())
    return success();
  auto schedule = dyn_cast<ScheduleAttr>(attr.getValue());
  if (!schedule)
    return op->emitError() << "'" << getScheduleAttrName()
                           << "' must be a #kernel.schedule, got "
                           << attr.getValue();
  // A linalg op's loops are known here; the loop sizes a whole loop's
  // vector must fit are checked where the schedule is used (they shrink
  // when tiling cuts the op into tiles).
  if (auto linalgOp = dyn_cast<linalg::LinalgOp>(op))
    return schedule.verifyLoops(linalgOp.getIteratorTypesArray(), {},
                                [&] { return op->emitOpError(); });
  return success();
}

ScheduleAttr strata::kernel::getSchedule(Operation *op) {
  return op->getAttrOfType<ScheduleAttr>(KernelDialect::getScheduleAttrName());
}

void strata::kernel::setSchedule(Operation *op, ScheduleAttr schedule) {
  op->setAttr(KernelDialect::getScheduleAttrName(), schedule);
}

void strata::kernel::removeSchedule(Operation *op) {
  op->removeAttr(KernelDialect::getScheduleAttrName());
}

TargetAttr strata::kernel::getTarget(Operation *op) {
  return op->getAttrOfType<TargetAttr>(KernelDialect::getTargetAttrName());
}

void strata::kernel::setTarget(Operation *op, TargetAttr target) {
  op->setAttr(KernelDialect::getTargetAttrName(), target);
}

DenseI64ArrayAttr strata::kernel::getVectorizeBounds(Operation *op) {
  return op->getAttrOfType<DenseI64ArrayAttr>(
      KernelDialect::getVectorizeAttrName());
}

void strata::kernel::setVectorizeBounds(Operation *op,
                                        ArrayRef<int64_t> bounds) {
  op->setAttr(KernelDialect::getVectorizeAttrName(),
              DenseI64ArrayAttr::get(op->getContext(), bounds));
}

void strata::kernel::removeVectorizeBounds(Operation *op) {
  op->removeAttr(KernelDialect::getVectorizeAttrName());
}

static StringLiteral getLoopMarkName(LoopMark mark) {
  switch (mark) {
  case LoopMark::UnrollTransfers:
    return KernelDialect::getUnrollTransfersAttrName();
  case LoopMark::NoHoist:
    return KernelDialect::getNoHoistAttrName();
  }
  llvm_unreachable("unknown loop mark");
}

bool strata::kernel::hasLoopMark(Operation *loop, LoopMark mark) {
  return loop->hasAttr(getLoopMarkName(mark));
}

void strata::kernel::setLoopMark(Operation *loop, LoopMark mark) {
  loop->setAttr(getLoopMarkName(mark), UnitAttr::get(loop->getContext()));
}

void strata::kernel::removeLoopMarks(Operation *loop) {
  loop->removeAttr(getLoopMarkName(LoopMark::UnrollTransfers));
  loop->removeAttr(getLoopMarkName(LoopMark::NoHoist));
}

//===----------------------------------------------------------------------===//
// TargetAttr
//===----------------------------------------------------------------------===//

LogicalResult TargetAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                 StringRef triple, StringRef cpu,
                                 StringRef features, int64_t vectorBits,
                                 int64_t l1Bytes, int64_t l2Bytes,
                                 int64_t cores, int64_t warpSize,
                                 int64_t sharedBytesPerBlock,
                                 int64_t sharedBytesPerMultiprocessor,
                                 int64_t registersPerMultiprocessor) {
  if (triple.empty())
    return emitError() << "target triple must not be empty";
  if (vectorBits <= 0 || vectorBits % 8 != 0)
    return emitError() << "vector_bits must be a positive multiple of 8, got "
                       << vectorBits;
  if (l1Bytes <= 0 || l2Bytes <= 0)
    return emitError() << "cache sizes must be positive";
  if (cores <= 0)
    return emitError() << "cores must be positive, got " << cores;
  int64_t gpuFacts[] = {warpSize, sharedBytesPerBlock,
                        sharedBytesPerMultiprocessor,
                        registersPerMultiprocessor};
  bool cuda = triple.starts_with("nvptx");
  for (int64_t fact : gpuFacts) {
    // GPU heuristics divide by these; CPU targets have none.
    if (cuda && fact <= 0)
      return emitError() << "a CUDA target needs positive warp_size, "
                            "shared_bytes_per_block, "
                            "shared_bytes_per_multiprocessor and "
                            "registers_per_multiprocessor";
    if (!cuda && fact != 0)
      return emitError() << "warp_size, shared memory and register sizes are "
                            "for CUDA targets only (triple '"
                         << triple << "')";
  }
  if (cuda && sharedBytesPerBlock > sharedBytesPerMultiprocessor)
    return emitError() << "shared_bytes_per_block (" << sharedBytesPerBlock
                       << ") exceeds shared_bytes_per_multiprocessor ("
                       << sharedBytesPerMultiprocessor << ")";
  return success();
}
