//===- InitAll.h - Register every Strata dialect and pass -------*- C++ -*-===//
//
// The one registry every Strata tool (strata-opt, strata-compile, the python
// module) uses, so that all of them accept the same IR and passes.
//
//===----------------------------------------------------------------------===//

#ifndef STRATA_INITALL_H
#define STRATA_INITALL_H

namespace mlir {
class DialectRegistry;
} // namespace mlir

namespace strata {

/// Adds every Strata dialect and the upstream dialects Strata programs use
/// (func, arith, math, tensor, scf, cf) to `registry`.
void registerAllDialects(mlir::DialectRegistry &registry);

/// Registers the dialects, interfaces and LLVM IR translations the CUDA
/// kernel pipeline (strata-lower-kernels-cuda) needs.
void registerCUDALoweringDialects(mlir::DialectRegistry &registry);

/// Adds the upstream dialects and interface external models the
/// `strata-lower-cpu` pipeline needs (bufferization, memref, vector, llvm,
/// ...; BufferizableOpInterface, TilingInterface, ValueBoundsOpInterface,
/// ConvertToLLVMPatternInterface). Called by registerAllDialects.
void registerCPULoweringDialects(mlir::DialectRegistry &registry);

/// Registers every Strata pass and pipeline, the upstream passes the
/// pipelines rely on (canonicalize, cse, symbol-dce, inline, ...), the
/// target backends (kernel-select-schedule asks them for schedules) and
/// the built-in external backends (graph-partition-external).
void registerAllPasses();

/// Registers every TargetBackend (TargetBackend.h): "cpu", "cuda",
/// "cuda-emulator". Thread-safe;
/// registers once per process.
void registerAllTargetBackends();

/// The version line the tools print: "Strata <version> (MLIR <version>)".
const char *getVersionString();

} // namespace strata

#endif // STRATA_INITALL_H
