//===- PartitionExternal.cpp - Regions that external backends run ---------===//
//
// graph-partition-external (see Passes.td): annotate the graph ops that an
// external backend supports, merge them into regions without cycles, and
// outline each region into a function marked with its backend, the way
// TVM's AnnotateTarget, MergeCompilerRegions and PartitionGraph do.
//
//===----------------------------------------------------------------------===//

#include "strata/Dialect/Graph/Transforms/Passes.h"
#include "strata/External/ExternalBackend.h"
#include "strata/Tuner/Fingerprint.h"
#include "strata/Tuner/TuningDatabase.h"

#include "mlir/Analysis/TopologicalSortUtils.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/SymbolTable.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/StringSet.h"

namespace strata::graph {
#define GEN_PASS_DEF_GRAPHPARTITIONEXTERNALPASS
#include "strata/Dialect/Graph/Transforms/Passes.h.inc"
} // namespace strata::graph

using namespace mlir;
using namespace strata;
using strata::external::ExternalBackend;

namespace {

/// The ops of one function's block that one backend runs together.
struct Region {
  const ExternalBackend *backend = nullptr;
  SmallVector<Operation *> ops;
  /// The regions this one depends on (through the values its ops use,
  /// directly or through ops outside it), not closed transitively.
  llvm::SmallDenseSet<unsigned> dependsOn;
};

/// The regions of one block (see the pass's description).
class Partitioner {
public:
  Partitioner(ArrayRef<const ExternalBackend *> backends)
      : backends(backends) {}

  /// Annotates and merges the ops of `block` into `regions`.
  void partition(Block &block) {
    for (Operation &op : block.without_terminator()) {
      // The regions `op` depends on, each with whether only directly
      // (through a value of the region itself).
      llvm::SmallDenseSet<unsigned> through; // through other ops or regions
      llvm::SmallDenseSet<unsigned> direct;  // producers' own regions
      for (Value operand : op.getOperands()) {
        Operation *producer = operand.getDefiningOp();
        if (!producer || producer->getBlock() != &block)
          continue;
        auto region = regionOf.find(producer);
        if (region != regionOf.end()) {
          direct.insert(region->second);
          for (unsigned other : regions[region->second].dependsOn)
            through.insert(other);
        }
        auto reached = reaches.find(producer);
        if (reached != reaches.end())
          for (unsigned other : reached->second)
            if (region == regionOf.end() || other != region->second)
              through.insert(other);
      }
      llvm::SmallDenseSet<unsigned> all = direct;
      for (unsigned other : through)
        all.insert(other);

      const ExternalBackend *backend = getBackend(op);
      std::optional<unsigned> joined;
      if (backend) {
        llvm::SmallDenseSet<unsigned> indirect = closure(through);
        for (Value operand : op.getOperands()) {
          Operation *producer = operand.getDefiningOp();
          auto region = producer ? regionOf.find(producer) : regionOf.end();
          if (region == regionOf.end() ||
              regions[region->second].backend != backend ||
              indirect.contains(region->second))
            continue;
          joined = region->second;
          break;
        }
        if (!joined) {
          joined = regions.size();
          regions.push_back(Region{backend, {}, {}});
        }
        Region &region = regions[*joined];
        region.ops.push_back(&op);
        regionOf[&op] = *joined;
        for (unsigned other : all)
          if (other != *joined)
            region.dependsOn.insert(other);
      }
      // What later ops reach through `op`.
      llvm::SmallDenseSet<unsigned> &reached = reaches[&op];
      reached = all;
      if (joined)
        reached.insert(*joined);
    }
  }

  SmallVector<Region> regions;

private:
  /// The first backend that supports `op`, or null.
  const ExternalBackend *getBackend(Operation &op) const {
    if (op.getNumRegions() != 0 || op.hasTrait<OpTrait::IsTerminator>() ||
        matchPattern(&op, m_Constant()))
      return nullptr;
    for (const ExternalBackend *backend : backends)
      if (backend->supports(&op))
        return backend;
    return nullptr;
  }

  /// `regionSet` and every region the regions in it depend on.
  llvm::SmallDenseSet<unsigned>
  closure(const llvm::SmallDenseSet<unsigned> &regionSet) const {
    llvm::SmallDenseSet<unsigned> result;
    SmallVector<unsigned> worklist(regionSet.begin(), regionSet.end());
    while (!worklist.empty()) {
      unsigned region = worklist.pop_back_val();
      if (!result.insert(region).second)
        continue;
      for (unsigned other : regions[region].dependsOn)
        worklist.push_back(other);
    }
    return result;
  }

  ArrayRef<const ExternalBackend *> backends;
  llvm::DenseMap<Operation *, unsigned> regionOf;
  /// Per op, the regions it depends on (its own included).
  llvm::DenseMap<Operation *, llvm::SmallDenseSet<unsigned>> reaches;
};

/// A region's function, built but not yet called (nor in the symbol
/// table), and what its call takes and replaces.
struct Outlined {
  func::FuncOp function;
  llvm::SetVector<Value> inputs;
  llvm::SetVector<Operation *> constants;
  SmallVector<Value> outputs;
};

/// Builds the function `region` of `func` would be outlined into, at the
/// end of the module; `func` is left as it is.
Outlined buildOutlined(func::FuncOp func, const Region &region) {
  Outlined result;
  llvm::SetVector<Value> &inputs = result.inputs;
  llvm::SetVector<Operation *> &constants = result.constants;
  SmallVector<Value> &outputs = result.outputs;
  llvm::SmallPtrSet<Operation *, 16> inRegion(region.ops.begin(),
                                              region.ops.end());
  // The values the region uses from outside (constants are copied in).
  for (Operation *op : region.ops)
    for (Value operand : op->getOperands()) {
      Operation *producer = operand.getDefiningOp();
      if (producer && inRegion.contains(producer))
        continue;
      if (producer && producer->getNumOperands() == 0 &&
          matchPattern(producer, m_Constant()))
        constants.insert(producer);
      else
        inputs.insert(operand);
    }
  // The values used outside it.
  for (Operation *op : region.ops)
    for (Value result : op->getResults())
      if (llvm::any_of(result.getUsers(), [&](Operation *user) {
            return !inRegion.contains(user);
          }))
        outputs.push_back(result);

  Location loc = region.ops.front()->getLoc();
  // At the end of the module: the outlined functions in the order of
  // their regions.
  OpBuilder builder(func->getContext());
  builder.setInsertionPointToEnd(cast<ModuleOp>(func->getParentOp()).getBody());
  auto type = builder.getFunctionType(
      llvm::to_vector(
          llvm::map_range(inputs, [](Value v) { return v.getType(); })),
      llvm::to_vector(
          llvm::map_range(outputs, [](Value v) { return v.getType(); })));
  std::string name =
      (func.getSymName() + "_" + region.backend->getName()).str();
  auto outlined = func::FuncOp::create(builder, loc, name, type);
  outlined.setPrivate();
  outlined->setAttr(external::kExternalAttrName,
                    builder.getStringAttr(region.backend->getName()));

  Block *body = outlined.addEntryBlock();
  builder.setInsertionPointToStart(body);
  IRMapping mapping;
  for (auto [input, argument] : llvm::zip(inputs, body->getArguments()))
    mapping.map(input, argument);
  for (Operation *constant : constants)
    builder.clone(*constant, mapping);
  for (Operation *op : region.ops)
    builder.clone(*op, mapping);
  func::ReturnOp::create(builder, loc,
                         llvm::to_vector(llvm::map_range(outputs, [&](Value v) {
                           return mapping.lookup(v);
                         })));
  result.function = outlined;
  return result;
}

/// Replaces `region` by a call of its built function.
void outline(const Region &region, Outlined &outlined, SymbolTable &symbols) {
  symbols.insert(outlined.function); // renames it when the name is taken
  // The call, after the region's last op; then the region's ops go, and the
  // block is sorted so that users of its results that came before that op
  // follow the call.
  OpBuilder builder(region.ops.back()->getContext());
  builder.setInsertionPointAfter(region.ops.back());
  auto call =
      func::CallOp::create(builder, outlined.function.getLoc(),
                           outlined.function, outlined.inputs.getArrayRef());
  for (auto [output, result] : llvm::zip(outlined.outputs, call.getResults()))
    output.replaceAllUsesWith(result);
  for (Operation *op : llvm::reverse(region.ops))
    op->erase();
  for (Operation *constant : outlined.constants)
    if (constant->use_empty())
      constant->erase();
  sortTopologically(call->getBlock());
}

struct GraphPartitionExternalPass
    : strata::graph::impl::GraphPartitionExternalPassBase<
          GraphPartitionExternalPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<const ExternalBackend *> selected;
    for (const std::string &name : backends) {
      const ExternalBackend *backend = external::lookupExternalBackend(name);
      if (!backend) {
        std::string known = external::getExternalBackendNames();
        module.emitError() << "graph-partition-external: unknown external "
                              "backend '"
                           << name << "' (known: "
                           << (known.empty() ? "none registered" : known)
                           << ")";
        return signalPassFailure();
      }
      selected.push_back(backend);
    }
    if (selected.empty())
      return;
    if (!tuningDatabase.empty() && target.empty()) {
      module.emitError("graph-partition-external: a tuning database needs "
                       "the target its records were measured on (target=)");
      return signalPassFailure();
    }
    FailureOr<std::optional<tuner::TuningDatabase>> loaded =
        tuner::loadTuningDatabase(module, tuningDatabase);
    if (failed(loaded))
      return signalPassFailure();
    std::optional<tuner::TuningDatabase> &database = *loaded;
    const std::string keptSchedule = tuner::getExternalSchedule("");
    llvm::StringSet<> chosenRegions;
    for (const std::string &fingerprint : regions)
      chosenRegions.insert(fingerprint);
    SymbolTable symbols(module);
    // Outlining adds functions: partition the ones there are now.
    SmallVector<func::FuncOp> functions;
    for (auto func : module.getOps<func::FuncOp>())
      if (!func.isExternal() && !func->hasAttr(external::kExternalAttrName))
        functions.push_back(func);
    for (func::FuncOp func : functions) {
      for (Block &block : func.getBody()) {
        Partitioner partitioner(selected);
        partitioner.partition(block);
        for (const Region &region : partitioner.regions) {
          if (!llvm::any_of(region.ops, [&](Operation *op) {
                return region.backend->isAnchor(op);
              }))
            continue;
          Outlined outlined = buildOutlined(func, region);
          StringRef backend = region.backend->getName();
          std::string offloadedSchedule = tuner::getExternalSchedule(backend);
          std::string fingerprint =
              tuner::getRegionFingerprint(outlined.function, backend);
          // The regions named, else the database's measurement, else the
          // backend's cost rule (or none).
          bool offload = true;
          StringRef why = "every region";
          const tuner::TuningRecord *record =
              database ? database->lookupBest(fingerprint, target) : nullptr;
          if (!regions.empty()) {
            offload = chosenRegions.contains(fingerprint);
            why = "the regions named";
          } else if (record && (record->schedule == offloadedSchedule ||
                                record->schedule == keptSchedule)) {
            offload = record->schedule == offloadedSchedule;
            why = "the tuning database";
          } else if (costRule) {
            offload =
                region.backend->isWorthOffloadingOn(region.ops, cpu.getValue());
            why = "the cost rule";
          }
          if (report) {
            InFlightDiagnostic remark = region.ops.front()->emitRemark();
            remark << "external region " << fingerprint << " (" << backend
                   << ", " << region.ops.size() << " ops)";
            if (!target.empty())
              remark << " on " << target;
            remark << ": " << (offload ? "offloaded" : "kept") << " by " << why;
          }
          if (offload)
            outline(region, outlined, symbols);
          else
            outlined.function->erase();
        }
      }
    }
  }
};

} // namespace
