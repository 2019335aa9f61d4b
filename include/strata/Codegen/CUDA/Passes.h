//===- Passes.h - CUDA code generation passes -------------------*- C++ -*-===//
//
// Declarations of the CUDA code generation passes (generated from
// Passes.td) and the markers they share.
//
//===----------------------------------------------------------------------===//

#ifndef STRATA_CODEGEN_CUDA_PASSES_H
#define STRATA_CODEGEN_CUDA_PASSES_H

#include "mlir/Pass/Pass.h"

namespace mlir {
class RewritePatternSet;
namespace affine {
class AffineDialect;
} // namespace affine
namespace arith {
class ArithDialect;
} // namespace arith
namespace gpu {
class GPUDialect;
} // namespace gpu
namespace linalg {
class LinalgDialect;
} // namespace linalg
namespace memref {
class MemRefDialect;
} // namespace memref
namespace scf {
class SCFDialect;
} // namespace scf
namespace tensor {
class TensorDialect;
} // namespace tensor
namespace vector {
class VectorDialect;
} // namespace vector
} // namespace mlir

namespace strata {

/// Marks the scf.forall of a kernel's thread blocks.
inline constexpr llvm::StringLiteral kCUDABlocksAttrName = "strata.cuda.blocks";
/// Marks an scf.forall of one block's threads.
inline constexpr llvm::StringLiteral kCUDAThreadsAttrName =
    "strata.cuda.threads";
/// Marks an scf.for of a block that steps through a contraction's
/// reduction, its operand tiles staged in shared memory at each step: its
/// body holds thread loops (which all threads of the block run, with a
/// barrier after each).
inline constexpr llvm::StringLiteral kCUDAStageLoopAttrName =
    "strata.cuda.stage_loop";
/// The number of blocks of a kernel's grid and the threads of a block (on
/// its gpu.module, which keeps them through the NVVM lowering).
inline constexpr llvm::StringLiteral kCUDAGridAttrName = "strata.cuda.grid";
inline constexpr llvm::StringLiteral kCUDABlockAttrName = "strata.cuda.block";
/// A grid the host computes from the launch's arguments (dynamic shapes):
/// `strata.cuda.grid_scale` times the product of ceil(value / step) over
/// the (argument, dim or -1 for an index argument, step) triples of
/// `strata.cuda.grid_factors`; `strata.cuda.grid` is then its cap.
inline constexpr llvm::StringLiteral kCUDAGridScaleAttrName =
    "strata.cuda.grid_scale";
inline constexpr llvm::StringLiteral kCUDAGridFactorsAttrName =
    "strata.cuda.grid_factors";

#define GEN_PASS_DECL
#include "strata/Codegen/CUDA/Passes.h.inc"

/// Adds strata-cuda-copies-to-generics' pattern that computes a padded
/// input's elements where a window (a convolution's, a pooling's) reads
/// them, for the ops that are not staged convolutions.
void populateCUDAInlinePadIntoWindowPatterns(mlir::RewritePatternSet &patterns);

/// Registers the passes of Codegen/CUDA and its pipelines.
void registerCodegenCUDAPasses();

} // namespace strata

#endif // STRATA_CODEGEN_CUDA_PASSES_H
