//===- KernelAttrs.td - Schedule and target attributes -----*- tablegen -*-===//
//
// #kernel.schedule (the knobs of a kernel's code generation) and
// #kernel.target (the machine the heuristics read).
//
//===----------------------------------------------------------------------===//

#ifndef STRATA_DIALECT_KERNEL_IR_KERNELATTRS_TD
#define STRATA_DIALECT_KERNEL_IR_KERNELATTRS_TD

include "strata/Dialect/Kernel/IR/KernelDialect.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/BuiltinAttributes.td"

class Kernel_Attr<string name, string attrMnemonic, list<Trait> traits = []>
    : AttrDef<Kernel_Dialect, name, traits> {
  let mnemonic = attrMnemonic;
}

def Kernel_ScheduleAttr : Kernel_Attr<"Schedule", "schedule"> {
  let summary = "The code-generation knobs of one kernel";
  let description = [{
    How a kernel's root operation (its loop nest of `n` loops) is turned into
    code. Every knob is a plain value that a heuristic
    (`kernel-select-schedule`), a test or a tuner may set:

    - `tile_sizes`: one list of `n` sizes per tiling level, outermost first
      (e.g. cache tiles, then register tiles); 0 leaves a loop untiled.
    - `vector_sizes`: `n` vector sizes for the innermost tiles (empty: no
      vectorization; 0: that loop is not vectorized).
    - `parallel_dims`: the loops whose outermost tiles form the grid run in
      parallel (CPU threads; CUDA blocks).
    - `unroll`: unroll factor of the loop directly around the register
      tiles (on CPUs a product's k loop; 1: none).
    - `pack`: whether operands are packed into tile-contiguous layouts
      (mmt4d-style) before the inner loops. No backend reads it yet: the
      CPU backend packs constant operands at compile time whatever the
      schedule (kernel-pack-weights).

    ```mlir
    #kernel.schedule<tile_sizes = [[64, 64, 256], [8, 32, 1]],
                     vector_sizes = [8, 32, 1], parallel_dims = [0, 1],
                     unroll = 1, pack = true>
    ```
  }];
  let parameters = (ins
    "::mlir::ArrayAttr":$tile_sizes,
    "::mlir::DenseI64ArrayAttr":$vector_sizes,
    "::mlir::DenseI64ArrayAttr":$parallel_dims,
    DefaultValuedParameter<"int64_t", "1">:$unroll,
    DefaultValuedParameter<"bool", "false">:$pack
  );
  let assemblyFormat = "`<` struct(params) `>`";
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// The number of loops the schedule is written for, or std::nullopt
    /// when no tile or vector sizes say it.
    std::optional<int64_t> getNumLoops() const;
    /// The tile sizes of `level` (0 = outermost).
    ::llvm::ArrayRef<int64_t> getTileSizes(unsigned level) const;
    /// The number of tiling levels.
    unsigned getNumTileLevels() const { return getTileSizes().size(); }
    /// Checks the schedule against the loops it is to tile: one size per
    /// loop (`iterators`, parallel or reduction), parallel_dims naming
    /// parallel loops, and each vector size fitting its innermost tile (at
    /// most the tile size, or the loop's size where the innermost level
    /// keeps the loop whole and `staticSizes`, one per loop, knows it).
    ::mlir::LogicalResult verifyLoops(
        ::llvm::ArrayRef<::mlir::utils::IteratorType> iterators,
        ::llvm::ArrayRef<int64_t> staticSizes,
        ::llvm::function_ref<::mlir::InFlightDiagnostic()> emitError) const;
  }];
}

def Kernel_TargetAttr : Kernel_Attr<"Target", "target"> {
  let summary = "The machine a kernel is compiled for";
  let description = [{
    The facts schedule heuristics read: the LLVM target triple, CPU (or GPU
    architecture such as `sm_90`) and feature string passed to LLVM, the
    widest vector register in bits, cache sizes in bytes and the number of
    cores that run a grid of tiles. GPU targets (NVPTX triples) also give
    the threads per warp, the streaming multiprocessors (`cores` counts
    them too), the shared memory a block may use (with the opt-in of
    `cudaFuncAttributeMaxDynamicSharedMemorySize`) and that of one
    multiprocessor, and the 32-bit registers of one multiprocessor; these
    are 0 on CPUs.

    ```mlir
    #kernel.target<triple = "x86_64-unknown-linux-gnu", cpu = "skylake-avx512",
                   features = "+avx512f,+avx512vl,+fma", vector_bits = 512,
                   l1_bytes = 49152, l2_bytes = 2097152, cores = 2>
    #kernel.target<triple = "nvptx64-nvidia-cuda", cpu = "sm_90",
                   features = "+ptx80", vector_bits = 128, l1_bytes = 262144,
                   l2_bytes = 52428800, cores = 132, warp_size = 32,
                   shared_bytes_per_block = 232448,
                   shared_bytes_per_multiprocessor = 233472,
                   registers_per_multiprocessor = 65536>
    ```
  }];
  let parameters = (ins
    StringRefParameter<"LLVM target triple">:$triple,
    StringRefParameter<"CPU or GPU architecture name">:$cpu,
    StringRefParameter<"LLVM feature string", "\"\"">:$features,
    DefaultValuedParameter<"int64_t", "128">:$vector_bits,
    DefaultValuedParameter<"int64_t", "32768">:$l1_bytes,
    DefaultValuedParameter<"int64_t", "1048576">:$l2_bytes,
    DefaultValuedParameter<"int64_t", "1">:$cores,
    DefaultValuedParameter<"int64_t", "0">:$warp_size,
    DefaultValuedParameter<"int64_t", "0">:$shared_bytes_per_block,
    DefaultValuedParameter<"int64_t", "0">:$shared_bytes_per_multiprocessor,
    DefaultValuedParameter<"int64_t", "0">:$registers_per_multiprocessor
  );
  let assemblyFormat = "`<` struct(params) `>`";
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// True for NVPTX targets (CUDA), false for CPUs.
    bool isCuda() const { return getTriple().starts_with("nvptx"); }
  }];
}

#endif // STRATA_DIALECT_KERNEL_IR_KERNELATTRS_TD
