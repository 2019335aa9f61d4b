//===- Pipelines.h - The CPU code generation pipelines ----------*- C++ -*-===//
//
// The `strata-cpu-tile-and-vectorize` pass pipeline: tiling and
// vectorization on tensors, pass by pass. The `strata-lower-cpu` pass
// pipeline: takes a module of func.func on tensors (linalg, tensor, arith,
// math, func.call of external functions such as printMemrefF32) to the LLVM
// dialect that `mlir-runner` (or the LLVM IR translation) executes on the host
// CPU; and `strata-lower-kernels-cpu`, the CPU backend's code generation
// pipeline (kernel.func to LLVM-dialect functions with the runtime's entry
// points).
//
//===----------------------------------------------------------------------===//

#ifndef STRATA_CODEGEN_CPU_PIPELINES_H
#define STRATA_CODEGEN_CPU_PIPELINES_H

#include "mlir/Pass/PassOptions.h"

namespace mlir {
class OpPassManager;
} // namespace mlir

namespace strata {

/// Options of the `strata-cpu-tile-and-vectorize` pipeline.
struct CPUTileAndVectorizeOptions
    : public mlir::PassPipelineOptions<CPUTileAndVectorizeOptions> {
  Option<bool> vectorize{*this, "vectorize",
                         llvm::cl::desc("Vectorize the tiled linalg ops"),
                         llvm::cl::init(true)};
  Option<bool> peel{
      *this, "peel",
      llvm::cl::desc("Peel the partial last tiles of the innermost tiling "
                     "level"),
      llvm::cl::init(true)};
  Option<bool> fuseEpilogues{
      *this, "fuse-epilogues",
      llvm::cl::desc("Compute elementwise epilogues in the register tiles of "
                     "their contraction, depthwise convolution or pooling "
                     "op"),
      llvm::cl::init(true)};
  ListOption<int64_t> tileSizes{
      *this, "tile-sizes",
      llvm::cl::desc("Tile sizes for every linalg op (default: chosen per "
                     "op)")};
};

/// Appends tiling and vectorization to `pm`, a pass manager on func.func:
///   strata-verify-schedules, strata-split-padded-windows,
///   strata-fuse-epilogues (with `fuse-epilogues` and `vectorize`),
///   strata-decompose-result-pads, strata-cpu-tile, then, with `vectorize`,
///   strata-cpu-vectorize, strata-cpu-hoist-loop-invariants and
///   strata-cpu-unroll-transfers.
void buildCPUTileAndVectorizePipeline(
    mlir::OpPassManager &pm, const CPUTileAndVectorizeOptions &options);

/// Options of the `strata-lower-cpu` pipeline.
struct CPUPipelineOptions
    : public mlir::PassPipelineOptions<CPUPipelineOptions> {
  Option<bool> vectorize{*this, "vectorize",
                         llvm::cl::desc("Vectorize the tiled linalg ops"),
                         llvm::cl::init(true)};
  ListOption<int64_t> tileSizes{
      *this, "tile-sizes",
      llvm::cl::desc("Tile sizes for every linalg op (default: chosen per "
                     "op: [.., 8, 32, 16] for contractions, [1, .., 1, 64] "
                     "otherwise)")};
  Option<bool> deallocate{
      *this, "deallocate",
      llvm::cl::desc("Insert deallocations with the ownership-based buffer "
                     "deallocation pipeline (otherwise buffers leak)"),
      llvm::cl::init(true)};
  Option<bool> distribute{
      *this, "distribute",
      llvm::cl::desc("Split destination-passing kernels into tiles the "
                     "runtime runs in parallel (strata-cpu-distribute-tiles "
                     "and strata-cpu-forall-to-tile-range)"),
      llvm::cl::init(false)};
  Option<bool> int8DotProducts{
      *this, "int8-dot-products",
      llvm::cl::desc("Lower byte contractions in the dot-product layout to "
                     "AVX512-VNNI vpdpbusd (strata-cpu-lower-dot-products)"),
      llvm::cl::init(false)};
  Option<bool> bf16DotProducts{
      *this, "bf16-dot-products",
      llvm::cl::desc("Lower bf16 contractions in the dot-product layout to "
                     "AVX512-BF16 vdpbf16ps (strata-cpu-lower-dot-products)"),
      llvm::cl::init(false)};
};

/// Appends the kernels' bufferization to `pm` (on builtin.module): empty
/// tensors feeding an insert_slice reuse its destination, the rest become
/// allocations, then One-Shot Bufferize across function boundaries with
/// identity layouts on signatures. The CPU and CUDA pipelines share it.
void buildKernelBufferizePipeline(mlir::OpPassManager &pm);

/// Appends upstream's ownership-based buffer deallocation pipeline
/// (bufferization::buildBufferDeallocationPipeline) to `pm` (on
/// builtin.module), with the kernel canonicalizer instead of upstream's.
void buildCPUBufferDeallocationPipeline(mlir::OpPassManager &pm);

/// Appends step 3 of the CPU lowering below (bufferized func.func to the
/// LLVM dialect) to `pm` (on builtin.module).
void buildCPUBuffersToLLVMPipeline(mlir::OpPassManager &pm);

/// Appends the CPU lowering to `pm` (anchored on builtin.module):
///   1. strata-cpu-distribute-tiles (option `distribute`) and
///      strata-cpu-tile-and-vectorize on every func.func, canonicalize, cse;
///   2. masks lowered on tensors, empty tensors eliminated, One-Shot
///      Bufferize across function boundaries (identity layouts on function
///      signatures), buffer deallocation pipeline (option `deallocate`);
///   3. linalg to loops, vector to scf, affine/scf to cf, strided metadata
///      expansion, then arith/math(libm)/vector/memref/index/ub/func/cf to
///      LLVM and reconcile-unrealized-casts.
void buildCPULoweringPipeline(mlir::OpPassManager &pm,
                              const CPUPipelineOptions &options);

/// Appends to `pm` (on builtin.module) the lowering of a module of
/// kernel.func to LLVM-dialect code with entry points:
/// convert-kernel-to-dps-func, the strata-lower-cpu pipeline (distributed
/// into tiles, deallocating), then strata-cpu-kernel-entry-points.
void buildKernelToLLVMPipeline(mlir::OpPassManager &pm, bool vectorize = true,
                               bool int8DotProducts = false,
                               bool bf16DotProducts = false);

} // namespace strata

#endif // STRATA_CODEGEN_CPU_PIPELINES_H
