//===- Passes.td - Conversions between Strata's levels -----*- tablegen -*-===//
//
// Conversion passes, named by their two ends.
//
//===----------------------------------------------------------------------===//

#ifndef STRATA_CONVERSION_PASSES_TD
#define STRATA_CONVERSION_PASSES_TD

include "mlir/Pass/PassBase.td"

def ConvertGraphToKernelPass : Pass<"convert-graph-to-kernel"> {
  let summary = "Lower graph ops to linalg, tensor, arith and math on tensors";
  let description = [{
    Rewrites every graph op into upstream tensor-level IR: linalg named ops
    where they exist (matmul, batch_matmul, convolutions, pooling),
    `linalg.generic` for elementwise ops (broadcasting in the indexing maps,
    not materialized) and reductions, and tensor ops for data movement.
    Results of `?` shape are allocated with the sizes the graph ops reify.
    A graph op without a lowering is reported with its location.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::linalg::LinalgDialect",
    "::mlir::math::MathDialect",
    "::mlir::tensor::TensorDialect",
  ];
}

def ConvertKernelToFuncPass : Pass<"convert-kernel-to-func", "::mlir::ModuleOp"> {
  let summary = "Turn kernel.func into func.func and kernel.launch into func.call";
  let description = [{
    For targets that run kernels as ordinary functions (the CPU): every
    `kernel.func` becomes a `func.func` with the same name, signature,
    visibility and body (`kernel.return` becomes `func.return`); its
    `schedule` and `target` are kept as the discardable attributes
    `kernel.schedule` and `kernel.target`. Every `kernel.launch` becomes a
    `func.call` of it. The CPU pipeline then bufferizes across these
    function boundaries like any other call.
  }];
  let dependentDialects = ["::mlir::func::FuncDialect"];
}

def CPUTileAndVectorizePass
    : Pass<"strata-cpu-tile-and-vectorize", "::mlir::func::FuncOp"> {
  let summary = "Tile linalg ops on tensors with scf.for and vectorize the tiles";
  let description = [{
    First step of the `strata-lower-cpu` pipeline. An op carrying a
    `kernel.schedule` (set by kernel-select-schedule or by hand) is tiled
    with every level of that schedule, outermost first, and its innermost
    tile vectorized with the schedule's vector sizes; the schedule
    attributes are dropped afterwards. Otherwise, every linalg op with
    tensor semantics is tiled through its TilingInterface (`scf::tileUsingSCF`,
    loops of `scf.for` carrying the destination tensor; reduction loops are
    tiled too, the output tile is the accumulator). Default tile sizes,
    chosen per op: contractions (`linalg.matmul`, `batch_matmul`, matvec,
    contraction-shaped generics) get batch 1, M 8, N 32, K 16; every other
    op gets 1 for each loop but the innermost, which gets 64. `tile-sizes`
    overrides them for all ops (truncated to, or padded with 0 = untiled up
    to, the op's loop count). A loop whose static trip count is at most its
    tile size is not tiled.

    With `vectorize` (default), each tile is then vectorized with
    `linalg::vectorize`: statically shaped tiles directly, tiles with dynamic
    sizes (partial tiles, `?` dims) with masked vectors of the tile size. An op
    the vectorizer does not support (e.g. 2-D convolutions, pooling) stays a
    (tiled) linalg op and later becomes scalar loops; nothing is reported.
    Finally the vector IR is cleaned up: masked transfers get a mask operand
    instead of a `vector.mask` region, broadcasting/transposing transfer maps
    become explicit `vector.broadcast`/`transpose`, mulf + multi_reduction
    chains become `vector.contract` (masked ones stay masked), and the
    canonicalization patterns run.
  }];
  let options = [
    Option<"vectorize", "vectorize", "bool", /*default=*/"true",
           "Vectorize the tiled linalg ops">,
    ListOption<"tileSizes", "tile-sizes", "int64_t",
               "Tile sizes for every linalg op (default: chosen per op)">,
  ];
  let dependentDialects = [
    "::mlir::affine::AffineDialect",
    "::mlir::arith::ArithDialect",
    "::mlir::linalg::LinalgDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::tensor::TensorDialect",
    "::mlir::ub::UBDialect",
    "::mlir::vector::VectorDialect",
  ];
}

def CPUDropForeignAttributesPass
    : Pass<"strata-cpu-drop-foreign-attributes"> {
  let summary = "Drop attributes the LLVM-dialect output must not carry";
  let description = [{
    Runs after the conversions to the LLVM dialect, so that the module can be
    translated and run (mlir-runner knows only the builtin and LLVM
    dialects). Drops:
    - the `fastmath` attribute left on llvm.fpext/fptrunc: the f32 round
      trips of arith-emulate-unsupported-floats are marked
      `fastmath<contract>`, and arith-to-llvm (MLIR 22) copies the property
      onto these ops, which have no fastmath flags, as `#arith.fastmath`;
    - every discardable `kernel.*` attribute (a module's `kernel.target`, a
      function's `kernel.schedule`): schedules have been carried out by then.
  }];
}

#endif // STRATA_CONVERSION_PASSES_TD
