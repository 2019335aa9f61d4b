//===- ExternalBackend.h - Libraries that run parts of a model --*- C++ -*-===//
//
// TVM's bring-your-own-codegen: an external backend is a library (oneDNN,
// cuBLAS, a vendor's own) that runs some of a model's ops better than
// Strata's kernels. The graph level asks each backend which ops it runs
// (supports), merges adjacent supported ops into regions and outlines each
// region into a function marked with its backend (graph-partition-external,
// docs/BYOC.md). Backends are found by name in a process-wide registry;
// a downstream project registers its own next to the built-in ones.
//
//===----------------------------------------------------------------------===//

#ifndef STRATA_EXTERNAL_EXTERNALBACKEND_H
#define STRATA_EXTERNAL_EXTERNALBACKEND_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

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
  /// Whether the ops of a region are worth a call of the library (a region
  /// of elementwise ops alone is not: Strata fuses them into the kernels
  /// around them). By default: when one of them is a convolution, a
  /// product or a pooling, as isAnchor says.
  virtual bool isWorthOffloading(llvm::ArrayRef<mlir::Operation *> ops) const;
  /// Whether `op` is worth a call on its own (see isWorthOffloading).
  virtual bool isAnchor(mlir::Operation *op) const = 0;
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
