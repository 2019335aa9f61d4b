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
    Reshapes become `tensor.collapse_shape`/`expand_shape` when the sizes
    group (static shapes with no grouping go through one dim), which
    reshape propagation moves through elementwise ops; `tensor.reshape` is
    left for sizes known only at run time. A transpose that only moves dims
    of size 1 is such a reshape too.
    Results of `?` shape are allocated with the sizes the graph ops reify.
    A result whose declared type is static where the op infers `?` from
    its operands (or the reverse) is lowered with the inferred type: each
    such declared size is checked at run time and a `tensor.cast` gives
    the users the declared type.
    A graph op without a lowering is reported with its location.
  }];
  let statistics = [
    Statistic<"numInferredResults", "inferred-result-types",
              "Results lowered with their inferred type and cast to the "
              "declared one">,
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::cf::ControlFlowDialect",
    "::mlir::linalg::LinalgDialect",
    "::mlir::math::MathDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::tensor::TensorDialect",
    "::strata::kernel::KernelDialect",
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

    With `fuse-epilogues` (default), a scheduled contraction whose schedule
    keeps the reduction whole above its register tile, followed by a chain
    of elementwise ops (bias, activation, residual), is tiled differently:
    the last op of the chain is tiled by the contraction's register tile
    (with `peel`, partial tiles peeled; without, such ops are tiled one by
    one), the contraction, the op initializing its accumulator and the rest
    of the chain are fused into each tile
    (`scf::tileConsumerAndFuseProducersUsingSCF`), and the contraction's
    tile is tiled along its reduction by k_r. The epilogue then works on the
    accumulators before they are stored, instead of reading the product back
    from memory. Scheduled depthwise convolutions and pooling ops with an
    elementwise epilogue are fused the same way.

    A depthwise convolution or pooling op that reads its input through a
    constant tensor.pad is split by output region first: the interior reads
    the unpadded image, the border strips small padded slices of it. Its
    epilogue and the op initializing its accumulator (the bias) are split
    with it, each region getting its own chain to fuse.

    With `peel` (default), the loops of the innermost tiling level whose
    tile size does not divide their trip count (static or dynamic) get their
    partial last iteration peeled off (`scf::peelForLoopAndSimplifyBounds`;
    the copies of inner loops that peeling an outer loop makes are peeled
    too), so that every full tile has static sizes and only the last tiles
    along a loop are masked, or none where the loop's size is static: a 196
    wide loop tiled by 32 runs six static tiles of 32 and one of 4.

    A tensor.pad that is the function's result (materialized into its
    destination) becomes a fill of the destination and an insert_slice of
    the image (upstream's DecomposePadOpPattern), which bufferize in place,
    instead of a padded temporary copied into the destination.

    A tile of a constant combination (a linalg.generic summing x weighted by
    a small constant of mostly 0 and +-1, Winograd's transforms; see
    ConstantCombination.h) is not vectorized generically: it becomes
    straight-line vector code over the constant's non-zero entries (reads of
    x shared, +-1 as additions and subtractions), starting from the fill
    value when the init is a constant fill, which then joins the tile
    (`scf::tileConsumerAndFuseProducersUsingSCF`) instead of writing the
    whole output first.

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
    Option<"peel", "peel", "bool", /*default=*/"true",
           "Peel the partial last tiles of the innermost tiling level">,
    Option<"fuseEpilogues", "fuse-epilogues", "bool", /*default=*/"true",
           "Compute elementwise epilogues in the register tiles of their "
           "contraction, depthwise convolution or pooling op">,
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

def ConvertKernelToDPSFuncPass
    : Pass<"convert-kernel-to-dps-func", "::mlir::ModuleOp"> {
  let summary = "Turn kernel.func into destination-passing func.func on memrefs";
  let description = [{
    The runtime allocates a kernel's outputs and passes them in
    (destination-passing style). Every `kernel.func` becomes a `func.func`
    with the same name taking, in order: its inputs (tensors as identity-
    layout memrefs, index/i64 scalars as they are), one memref per result,
    and two `index` arguments, the range of tiles to compute (see the kernel
    ABI in Runtime/Bytecode.h). Inputs are read through
    `bufferization.to_tensor ... restrict`; results are written with
    `bufferization.materialize_in_destination ... restrict writable` into the
    output arguments, so that one-shot bufferization (after empty tensor
    elimination) computes them in place. The function gets
    `llvm.emit_c_interface` and `strata.kernel_abi` (its number of outputs)
    for strata-cpu-kernel-entry-points. Other argument types are an error at
    the kernel.
  }];
  let dependentDialects = [
    "::mlir::bufferization::BufferizationDialect",
    "::mlir::func::FuncDialect",
    "::mlir::memref::MemRefDialect",
  ];
}

def CPULowerStridedCopiesPass
    : Pass<"strata-cpu-lower-strided-copies", "::mlir::func::FuncOp"> {
  let summary = "Turn memref.copy of strided buffers into linalg.copy";
  let description = [{
    memref-to-llvm lowers a `memref.copy` between buffers that are not both
    contiguous into a call of `memrefCopy` from MLIR's C runner utilities,
    which Strata's runtime does not link (it links neither MLIR nor LLVM).
    Such copies become loops in the kernel itself: with static shapes and
    unit innermost strides, loops over the outer dims moving each row in
    vectors of up to 256 elements (`vector.transfer_read` /
    `transfer_write`), a row being the trailing dims that are contiguous on
    both sides (`memref.collapse_shape`: the interior of a padded
    [H, W, 3] image moves in rows of W*3 elements); otherwise
    `linalg.copy`. Contiguous copies stay `memref.copy` (an llvm.memcpy).
  }];
  let dependentDialects = ["::mlir::linalg::LinalgDialect",
                           "::mlir::scf::SCFDialect",
                           "::mlir::ub::UBDialect",
                           "::mlir::vector::VectorDialect"];
}

def CPULowerMultiReductionsPass
    : Pass<"strata-cpu-lower-multi-reductions", "::mlir::func::FuncOp"> {
  let summary = "Lower vector.multi_reduction by where the reduced dims are";
  let description = [{
    Upstream's multi_reduction lowering takes one strategy for all ops. A
    reduction of the innermost dim (a softmax row max, a LayerNorm mean)
    becomes horizontal `vector.reduction`s here (InnerReduction: a log-step
    shuffle tree per vector); with InnerParallel it would become one
    extract and one scalar op per element (a 128-wide row max of BERT's
    attention ran 30x slower that way). Reductions of outer dims keep
    InnerParallel: elementwise ops across whole vectors.

    Masked float min/max `vector.reduction`s (partial tiles) then become
    unmasked ones whose masked-off lanes are +-inf: MLIR 22's VectorToLLVM
    fills them for `maximumf` with the smallest negative denormal, which
    beats every negative lane.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::vector::VectorDialect"];
}

def CPUApproximateVectorMathPass
    : Pass<"strata-cpu-approximate-vector-math", "::mlir::func::FuncOp"> {
  let summary = "Polynomial approximations of vector exp, erf, tanh and logs";
  let description = [{
    LLVM lowers a vector `llvm.exp` (or erf, tanh, log) to one libm call per
    lane, which makes softmax, GELU and tanh kernels scalar. This pass
    rewrites `math.exp`, `erf`, `tanh`, `log`, `log1p` and `expm1` ops on
    *vectors* with upstream's polynomial approximations (MLIR's
    populateMathPolynomialApproximationPatterns, f32 accuracy of a few
    ulps); scalar ops keep their libm calls.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::math::MathDialect",
    "::mlir::vector::VectorDialect",
  ];
}

def CPUOrderGlobalsPass
    : Pass<"strata-cpu-order-globals", "::mlir::ModuleOp"> {
  let summary = "Name and order memref.global ops by their first use";
  let description = [{
    One-shot bufferization (MLIR 22) creates the `memref.global` of each
    tensor constant while visiting functions in an unstable order, so their
    names (`__constant_4xf32`, `__constant_4xf32_0`) and positions differ
    from run to run, and with them the LLVM IR and, when LLVM keeps the
    globals, the kernel library's bytes. This pass renames every private
    `memref.global` to `__strata_constant_<i>`, numbered in the order of
    first use (functions in module order, ops in order), and moves them to
    the top of the module in that order: the same input gives the same
    output.
  }];
}

def CPUDistributeTilesPass
    : Pass<"strata-cpu-distribute-tiles", "::mlir::func::FuncOp"> {
  let summary = "Tile a kernel's output op into an scf.forall of independent tiles";
  let description = [{
    On a destination-passing kernel (convert-kernel-to-dps-func) with one
    output computed by a linalg op: tiles that op along its longest
    parallel loop (the outermost on ties; about 16 tiles of a static loop,
    whole multiples of the schedule's register tile along it, or, when
    those make fewer than 6 tiles, whole cache lines dividing it; tiles of 8
    along a dynamic one) into an `scf.forall` marked
    `strata.distribute`, fusing its producers into the loop
    (tileConsumerAndFuseProducersUsingSCF). Each iteration then computes one
    slab of the output from the inputs. Ops reading through convolution
    windows (im2col copies, pooling, depthwise convolutions) are distributed
    when their inputs are kernel arguments or paddings of them, along a loop
    no window reads through (the channels), so that the fused padding keeps
    static sizes; so are kernels whose output op writes what a fused
    producer's windows read (the activation of a depthwise convolution),
    splitting channels kept whole in register tiles into two halves of
    whole cache lines where needed. Kernels of another shape are left alone
    (and run as one tile).
  }];
  let dependentDialects = [
    "::mlir::affine::AffineDialect",
    "::mlir::arith::ArithDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::tensor::TensorDialect",
  ];
}

def CPUForallToTileRangePass
    : Pass<"strata-cpu-forall-to-tile-range", "::mlir::ModuleOp"> {
  let summary = "Run a kernel's distributed loop over its tile range arguments";
  let description = [{
    After bufferization. In each kernel, the `scf.forall` marked by
    strata-cpu-distribute-tiles becomes an `scf.for` over the tiles
    [tileBegin, min(tileEnd, numTiles)) (the kernel's last two arguments),
    the forall's indices recovered by delinearization, and a function
    `__strata_grid_body_<kernel>` with the kernel's arguments computing
    numTiles is added (exported by strata-cpu-kernel-entry-points as
    `strata_grid_<kernel>`). If anything else at the kernel's top level has
    effects that outlive a call, or the count needs them, the forall becomes
    a sequential scf.for instead and the kernel has no grid function.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::func::FuncDialect",
    "::mlir::scf::SCFDialect",
  ];
}

def CPUKernelEntryPointsPass
    : Pass<"strata-cpu-kernel-entry-points", "::mlir::ModuleOp"> {
  let summary = "Give every lowered kernel the runtime's entry point";
  let description = [{
    Runs on the LLVM dialect after the CPU pipeline. For every function
    marked `strata.kernel_abi` (by convert-kernel-to-dps-func), writes
    `void strata_kernel_<name>(ptr args, i64 tileBegin, i64 tileEnd)`, which
    loads argument i from `args[i]` (a memref descriptor pointer, or a
    pointer to an i64 scalar) and calls `_mlir_ciface_<name>`. Every other
    defined function becomes internal, so that the kernel library exports
    its entry points only.
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
}

def ConvertKernelToDevicePass
    : Pass<"convert-kernel-to-device", "::mlir::ModuleOp"> {
  let summary = "Turn host code on tensors into the device level on buffers";
  let description = [{
    Runs after kernel-outline (and kernel-select-schedule). Host functions
    become functions on memrefs (identity layout) whose work is done by
    device ops; `kernel.func` kernels stay as they are, on tensors.

    1. Host tensor ops other than the ones the host does itself are wrapped
       into their own kernel (a `kernel.dispatch` outlined the way
       kernel-outline does, with the `tensor.empty`/`linalg.fill` of their
       destinations): from_elements, concat, slices, pad, linalg ops, ...
       The host itself keeps tensor.dim (-> memref.dim), tensor.extract
       (-> memref.load), tensor.empty (-> device.alloc), reshapes of whole
       tensors (tensor.reshape, expand_shape, collapse_shape, cast ->
       device.reshape, sizes computed on the host) and constants.
    2. Constants go to the module's constant pool: every tensor constant of
       host code, and every non-splat tensor constant of a kernel, becomes a
       `device.pool_entry` (one per distinct value, named `@__constant_<n>`
       in order of first appearance). A kernel's constant becomes a new
       kernel argument, and each launch of the kernel passes the host's
       `device.constant`. Splat constants stay in kernels (they fold into
       code), and so do the coefficients of constant combinations (Winograd
       transform matrices, see ConstantCombination.h), which the tile pass
       unrolls into code.
    3. Each `kernel.launch` becomes a `device.alloc` per result, right
       before the launch, and a `device.launch` writing into them. The `?`
       dims of the results are computed on the host before the launch: the
       dims of the values the kernel returns are reified in a scratch copy
       of it (ReifyRankedShapedTypeOpInterface, canonicalization) until they
       depend only on the kernel's arguments, and that computation is cloned
       at the launch. A size that depends on more (data computed by the
       kernel) is an error at the launch naming the kernel and the result.
    4. Tensor types become memrefs in function signatures, calls, returns,
       cf branches and scf ops (upstream's structural type conversions).
       Host values are never written after their producer ran, so no alias
       analysis is needed.

    A host op on tensors that has no device-level form (e.g. unranked
    tensors) is reported with its location. The module gets
    `device.target = #device.target<...>` for `target` (cpu or cuda); the
    triple, CPU and features come from the module's `kernel.target` when it
    has one.
  }];
  let options = [
    Option<"target", "target", "std::string", /*default=*/"\"cpu\"",
           "The device kind to compile for: cpu or cuda">,
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::memref::MemRefDialect",
    "::strata::device::DeviceDialect",
    "::strata::kernel::KernelDialect",
  ];
}

#endif // STRATA_CONVERSION_PASSES_TD
