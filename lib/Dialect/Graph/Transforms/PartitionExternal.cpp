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

#include "mlir/Analysis/TopologicalSortUtils.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/SymbolTable.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SetVector.h"

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

/// Outlines `region` of `func` into a function of its own, called where
/// the region was.
void outline(func::FuncOp func, const Region &region, SymbolTable &symbols) {
  llvm::SmallPtrSet<Operation *, 16> inRegion(region.ops.begin(),
                                              region.ops.end());
  // The values the region uses from outside (constants are copied in).
  llvm::SetVector<Value> inputs;
  llvm::SetVector<Operation *> constants;
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
  SmallVector<Value> outputs;
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
  symbols.insert(outlined); // renames it when the name is taken

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

  // The call, after the region's last op; then the region's ops go, and the
  // block is sorted so that users of its results that came before that op
  // follow the call.
  builder.setInsertionPointAfter(region.ops.back());
  auto call =
      func::CallOp::create(builder, loc, outlined, inputs.getArrayRef());
  for (auto [output, result] : llvm::zip(outputs, call.getResults()))
    output.replaceAllUsesWith(result);
  for (Operation *op : llvm::reverse(region.ops))
    op->erase();
  for (Operation *constant : constants)
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
          bool worthIt = costRule
                             ? region.backend->isWorthOffloading(region.ops)
                             : llvm::any_of(region.ops, [&](Operation *op) {
                                 return region.backend->isAnchor(op);
                               });
          if (worthIt)
            outline(func, region, symbols);
        }
      }
    }
  }
};

} // namespace
