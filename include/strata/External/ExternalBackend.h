//===- ExternalBackend.h - Libraries that run parts of a model --*- C++ -*-===//
//
// TVM's bring-your-own-codegen: an external backend is a library (oneDNN,
// cuBLAS, a vendor's own) that runs some of a model's ops better than
// Strata's kernels. The graph level asks each backend which ops it runs
// (supports), merges adjacent supported ops into regions and outlines each
// region into a function marked with its backend (graph-partition-external,
// docs/BYOC.md); then each backend's code generation turns the functions
// outlined for it into calls of its runtime plugin's native functions
// (graph-lower-external). Backends are found by name in a process-wide
// registry; a downstream project registers its own next to the built-in ones.
//
//===----------------------------------------------------------------------===//

#ifndef STRATA_EXTERNAL_EXTERNALBACKEND_H
#define STRATA_EXTERNAL_EXTERNALBACKEND_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/LogicalResult.h"

#include <memory>
#include <string>

namespace mlir {
class Operation;
} // namespace mlir

namespace strata::external {

/// The name of the discardable attribute that marks a function outlined
/// for an external backend: `graph.external = "<backend name>"`.
constexpr llvm::StringLiteral kExternalAttrName = "graph.external";

/// An external library that runs some graph ops. Implementations are
/// stateless and used from several threads at once.
class ExternalBackend {
public:
  virtual ~ExternalBackend();
  /// The name that `backends=` (strata-compile --external) selects and
  /// that outlined regions are marked with.
  virtual llvm::StringRef getName() const = 0;
  /// One line for listings and errors.
  virtual llvm::StringRef getDescription() const = 0;
  /// Whether the backend runs the graph op `op` as it is: its kind,
  /// attributes, element types and shapes.
  virtual bool supports(mlir::Operation *op) const = 0;
  /// The cost rule: whether the library runs the ops of a region faster
  /// than Strata's kernels would (a region of elementwise ops alone never:
  /// Strata fuses them into the kernels around them). By default: when one
  /// of them is worth a call on its own (isAnchor).
  virtual bool isWorthOffloading(llvm::ArrayRef<mlir::Operation *> ops) const;
  /// The cost rule on the CPU named `cpu` (LLVM's name, e.g. "znver4" or
  /// "sapphirerapids"; empty when unknown), for libraries whose speed
  /// against Strata's depends on the CPU. By default isWorthOffloading.
  virtual bool isWorthOffloadingOn(llvm::ArrayRef<mlir::Operation *> ops,
                                   llvm::StringRef cpu) const;
  /// Whether `op` is worth a call on its own: a convolution, a product, a
  /// pooling (what a region offloaded without the cost rule must hold).
  virtual bool isAnchor(mlir::Operation *op) const = 0;

  /// Code generation (graph-lower-external): rewrites the body of
  /// `function`, a func.func outlined for this backend, replacing the ops
  /// the library runs by graph.call_native of the functions of the
  /// backend's runtime plugin; ops left alone are compiled by Strata. By
  /// default nothing is replaced. Errors are emitted at the op.
  virtual llvm::LogicalResult lowerFunction(mlir::Operation *function) const;
};

/// Registers `backend` under its name (the first registration of a name
/// wins). Thread-safe.
void registerExternalBackend(std::unique_ptr<ExternalBackend> backend);
/// The backend registered as `name`, or null.
const ExternalBackend *lookupExternalBackend(llvm::StringRef name);
/// The registered backends' names, sorted, comma-separated.
std::string getExternalBackendNames();

/// Registers the backends built into Strata: "dnnl" (oneDNN on CPUs).
/// Thread-safe; registers once per process.
void registerBuiltinExternalBackends();

} // namespace strata::external

#endif // STRATA_EXTERNAL_EXTERNALBACKEND_H
