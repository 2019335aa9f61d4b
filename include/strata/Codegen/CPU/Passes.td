//===- Passes.td - CPU code generation passes --------------*- tablegen -*-===//
//
// The passes of the CPU backend's kernel code generation: tiling and
// vectorization, the lowering steps around upstream's conversions to the
// LLVM dialect, the distribution of a kernel into tiles and the runtime's
// entry points.
//
//===----------------------------------------------------------------------===//

#ifndef STRATA_CODEGEN_CPU_PASSES_TD
#define STRATA_CODEGEN_CPU_PASSES_TD

include "mlir/Pass/PassBase.td"

def CPUTilePass : Pass<"strata-cpu-tile", "::mlir::func::FuncOp"> {
  let summary = "Tile linalg ops on tensors by their schedules with scf.for";
  let description = [{
    A step of `strata-cpu-tile-and-vectorize`. An op carrying a
    `kernel.schedule` (set by kernel-select-schedule or by hand) is tiled
    with every level of that schedule, outermost first. Otherwise, every
    linalg op with tensor semantics is tiled through its TilingInterface
    (`scf::tileUsingSCF`, loops of `scf.for` carrying the destination
    tensor; reduction loops are tiled too, the output tile is the
    accumulator). Default tile sizes, chosen per op: contractions
    (`linalg.matmul`, `batch_matmul`, matvec, contraction-shaped generics)
    get batch 1, M 8, N 32, K 16; every other op gets 1 for each loop but
    the innermost, which gets 64. `tile-sizes` overrides them for all ops
    (truncated to, or padded with 0 = untiled up to, the op's loop count). A
    loop whose static trip count is at most its tile size is not tiled. Ops
    already marked `kernel.vectorize` (the register tiles of
    strata-fuse-epilogues) are left alone.

    With `peel` (default), the loops of the innermost tiling level whose
    tile size does not divide their trip count (static or dynamic) get their
    partial last iteration peeled off (`scf::peelForLoopAndSimplifyBounds`;
    the copies of inner loops that peeling an outer loop makes are peeled
    too), so that every full tile has static sizes and only the last tiles
    along a loop are masked, or none where the loop's size is static: a 196
    wide loop tiled by 32 runs six static tiles of 32 and one of 4. A last
    tile whose size is dynamic along a loop that no operand is contiguous
    along (a register tile's rows, a reduction's steps; typically the end
    of a thread's share of rows) is then tiled by 1 along that loop: one
    vector per row rather than masked rows, which the LLVM lowering of
    masked contractions expands element by element (ten times the code,
    and up to 35 times the run time for a product with a dynamic batch).

    A tile of a constant combination (a linalg.generic summing x weighted by
    a small constant of mostly 0 and +-1, Winograd's transforms; see
    ConstantCombination.h) whose init is a constant fill takes the fill into
    each tile (`scf::tileConsumerAndFuseProducersUsingSCF`) instead of
    writing the whole output first.

    With `vectorize` (default), the innermost tiles are marked
    `kernel.vectorize` with the upper bound of each loop of dynamic size
    (the tile size) for strata-cpu-vectorize, unless the schedule's
    `vector_sizes` is empty, and the tile loops of scheduled ops
    `kernel.unroll_transfers`. The canonicalization patterns then run (the
    sizes of full and peeled tiles fold to constants), and the schedules are
    dropped: they have been carried out.
  }];
  let options = [
    Option<"vectorize", "vectorize", "bool", /*default=*/"true",
           "Mark the tiles for strata-cpu-vectorize">,
    Option<"peel", "peel", "bool", /*default=*/"true",
           "Peel the partial last tiles of the innermost tiling level">,
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
    "::strata::kernel::KernelDialect",
  ];
}

def CPUVectorizePass : Pass<"strata-cpu-vectorize", "::mlir::func::FuncOp"> {
  let summary = "Vectorize the tiles marked kernel.vectorize";
  let description = [{
    A step of `strata-cpu-tile-and-vectorize`, after strata-cpu-tile. Each
    linalg op marked `kernel.vectorize` (its mark removed) becomes vector
    code:
    - a tile of a constant combination: straight-line vector code over the
      constant's non-zero entries (reads of x shared, +-1 as additions and
      subtractions), starting from the fill value when the init is a fill;
    - a 2-D convolution or pooling tile whose output and window heights (or
      widths) are 1: first the equivalent 1-D op (upstream's
      populateDecomposeConvolutionPatterns); a static depthwise convolution
      (float, or bytes into i32 with the op's own widening body) or pooling
      tile: first one elementwise generic over the KH x KW shifted windows;
      an im2col-like copy tile: first the same generic on strided slices;
    - then `linalg::vectorize`: static tiles directly, tiles with dynamic
      sizes (partial tiles, `?` dims) with masked vectors of their bounds.
    Tiles stay scalar when the vectorizer does not support them (nothing is
    reported; they become loops later), when they exceed 16384 elements or
    4096 rows, when they hold f16 or i1 values (or bf16 values they do
    more with than load, store, widen or round), or when their body
    reads non-constant values from outside.

    Then the vector IR is cleaned up: masked transfers get a mask operand
    instead of a `vector.mask` region, broadcasting/transposing transfer
    maps become explicit `vector.broadcast`/`transpose`, mulf +
    multi_reduction chains become `vector.contract` (masked ones stay
    masked, except that a contraction masked only along parallel dims loses
    its mask: the lanes it masks off are undefined and written nowhere, and
    the lowering of masked contractions works element by element), and the
    canonicalization patterns run.
  }];
  let dependentDialects = [
    "::mlir::affine::AffineDialect",
    "::mlir::arith::ArithDialect",
    "::mlir::linalg::LinalgDialect",
    "::mlir::tensor::TensorDialect",
    "::mlir::ub::UBDialect",
    "::mlir::vector::VectorDialect",
  ];
}

def CPUHoistLoopInvariantsPass
    : Pass<"strata-cpu-hoist-loop-invariants", "::mlir::func::FuncOp"> {
  let summary = "Keep accumulators in registers across the loops of a tile";
  let description = [{
    A step of `strata-cpu-tile-and-vectorize`, after strata-cpu-vectorize.
    The k loop of a tiled matmul reads its output tile (extract_slice +
    transfer_read) and writes it back (transfer_write + insert_slice) on
    every iteration. Loops marked `kernel.unroll_transfers` and not
    `kernel.no_hoist` get loop-invariant code motion first (the slice
    offsets and masks depend only on outer loops); then, in every loop,
    innermost first, each matching read/write pair on a loop-carried tensor
    is hoisted (upstream's hoistLoopInvariantSubsets), the slice and then
    the vector becoming the loop-carried value. Loops over subsets of more
    than 8 dims are skipped: comparing two of them solves integer
    constraints over all their dims.
  }];
}

def CPUUnrollTransfersPass
    : Pass<"strata-cpu-unroll-transfers", "::mlir::func::FuncOp"> {
  let summary = "Unroll the n-D transfers of register tiles into rows";
  let description = [{
    The last step of `strata-cpu-tile-and-vectorize`. The n-D vector
    transfers inside loops marked `kernel.unroll_transfers` become 1-D
    transfers, one per row, while still on tensors (upstream's
    VectorToSCF patterns, fully unrolled). Left to convert-vector-to-scf
    after bufferization, they would go through a stack buffer inside the
    loops, which LLVM does not promote to registers when the row loop is
    not unrolled: the big register tiles of a schedule (a 32x32 B tile) then
    overflow the stack. Then rows read with a stride s > 1 (the windows of a
    stride-2 pooling or depthwise convolution) become one contiguous read of
    (n - 1) * s + 1 elements and a shuffle keeping every s-th. The loop
    marks (`kernel.unroll_transfers`, `kernel.no_hoist`) are removed.
  }];
  let dependentDialects = [
    "::mlir::affine::AffineDialect",
    "::mlir::scf::SCFDialect",
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

def CPULowerStridedCopiesPass
    : Pass<"strata-cpu-lower-strided-copies", "::mlir::func::FuncOp"> {
  let summary = "Copy strided buffers row by row, without memrefCopy";
  let description = [{
    memref-to-llvm lowers a `memref.copy` between buffers that are not both
    contiguous into a call of `memrefCopy` from MLIR's C runner utilities,
    which Strata's runtime does not link (it links neither MLIR nor LLVM).
    Such copies become loops in the kernel itself: with static shapes and
    unit innermost strides, loops over the outer dims copying each row with
    a `memref.copy` of rank-1 contiguous views (an `llvm.memcpy`: inline
    when short, the C library's when long), a row being the trailing dims
    that are contiguous on both sides (`memref.collapse_shape`: the interior
    of a padded [H, W, 3] image moves in rows of W*3 elements); otherwise
    `linalg.copy`. Copies that memref-to-llvm already makes an
    `llvm.memcpy` (identity layouts, or static shapes contiguous in
    row-major order) stay. Copies one after the other (nothing that touches
    memory in between) over the same outer dims, none reading a buffer
    another writes, share one loop nest that copies each one's row per
    iteration: a concatenation is one loop, not one per input. The row
    loops carry `loop_annotation` with unrolling disabled: LLVM would
    unroll them fully into huge blocks of short copies, slow to compile.
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect",
                           "::mlir::linalg::LinalgDialect",
                           "::mlir::scf::SCFDialect"];
}

def CPULowerDotProductsPass
    : Pass<"strata-cpu-lower-dot-products", "::mlir::func::FuncOp"> {
  let summary = "Contractions in a dot-product layout to vpdpbusd / "
                "vdpbf16ps, widening byte multiply-adds to vpdpwssd";
  let description = [{
    The register tiles of a product that kernel-pack-weights laid out for
    4-byte dot products (`int8-dot-products`) vectorize into a
    `vector.contract` of zero-extended bytes A [rows, k/4, 4] and
    sign-extended bytes B [1, k/4, lanes, 4] into i32 accumulators
    [rows, 1, lanes]. Each becomes, per step of k/4 and per row, the row's
    four bytes of A broadcast to every 32-bit lane (one dword) and one
    AVX512-VNNI `vpdpbusd` per 16 lanes, which multiplies them with the
    four bytes of B in each lane and adds the four products to the lane's
    accumulator (exact: at most 4 * 255 * 128 per step, no saturation, as
    the i32 sum of the generic lowering). The generic lowering would widen
    every byte to i32 and multiply 16 lanes per instruction; vpdpbusd does
    64 multiply-adds.

    Products of bf16 pairs (`bf16-dot-products`: extf of A [rows, k/2, 2]
    and B [1, k/2, lanes, 2] into f32 accumulators) become the same with
    one AVX512-BF16 `vdpbf16ps` per 16 lanes: the row's pair of A broadcast
    to every lane, multiplied with each lane's pair of B, both products
    added to the lane's accumulator. Each product of two bf16 values is
    exact in f32; the instruction adds the pair's two products with two
    fused multiply-adds (the second element first, denormals flushed to
    zero), so results differ from the generic lowering's order of f32
    roundings, not by bf16 rounding: 32 multiply-adds per instruction
    instead of 16.

    B's elements of one step are one contiguous row of lanes * group
    elements, which strata-cpu-vectorize reads as such when it can (a
    shape_cast of rows [1, k/g, lanes * g] then makes the contraction's
    operand): each 64 bytes of such a row are one instruction's operand.
    Tiles of panels 8 lanes wide (N = 24: kernel-pack-weights narrows its
    panels to 16 or 8 lanes where N needs it) take the 256-bit forms of
    both instructions, 8 lanes each (AVX512VL, which every CPU with either
    feature has).

    With `int8`, a widening byte multiply-add on i32 vectors,
    `addi(acc, muli(ext(a), ext(b)))` with a and b bytes (signed or
    unsigned), becomes one AVX512-VNNI `vpdpwssd` per 16 lanes (8: the
    256-bit form) of each innermost row: ext(a)'s lanes hold a in their low
    16-bit halves, `ext(b) & 0xffff` holds b there and zeros above, so the
    instruction adds a * b + 0 to each lane, the multiply and the add in one
    instruction (vpmulld and vpaddd before). Integer depthwise convolutions
    accumulate their taps this way (vpdpbusd's groups of four run along a
    reduction, which a depthwise tile does not have), and so do the
    byte products left in row-major layouts.

    Runs after bufferization and deallocation (LLVM's intrinsic calls have
    no declared memory effects, which the deallocation pipeline rejects),
    before the vector ops are lowered; only for targets with AVX512-VNNI or
    AVX512-BF16 (the CPU backend adds it then, with the option of each
    feature the target has; the runtime checks the features before it runs
    the kernels). Other contractions are left alone.
  }];
  let options = [
    Option<"int8", "int8", "bool", /*default=*/"true",
           "Lower byte contractions to vpdpbusd and widening byte "
           "multiply-adds to vpdpwssd (AVX512-VNNI)">,
    Option<"bf16", "bf16", "bool", /*default=*/"true",
           "Lower bf16 contractions to vdpbf16ps (AVX512-BF16)">,
  ];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect",
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
    ulps), but f32 erf, which gets one odd rational function on [-4, 4]
    (Eigen's and XLA's form: 4e-7 absolute error, half the cost of
    upstream's piecewise one, NaN kept); scalar ops keep their libm calls.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::math::MathDialect",
    "::mlir::vector::VectorDialect",
  ];
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
    whole cache lines where needed. A window op whose padding is fused gets
    whole tiles only (a partial one would pad a slab of dynamic size), of
    whole cache lines along the output's contiguous dim (else both threads
    write the same lines): dividing tiles near the size wanted, or none.
    When a producer fused into the tiles does not vary along the loop
    chosen and recomputing it per tile would cost more than a quarter of
    the kernel's work (K transposed for Q.K^T, V for P.V), the loop is one
    all such producers vary along, whole tiles first. Kernels that only
    copy their arguments, a concatenation or a unit-stride slice of 32 KiB
    or more, are split along their longest dim other than the concatenated
    and innermost ones, in whole tiles. Kernels of another shape are left
    alone (and run as one tile).
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
    its entry points only; the kernels and their C interfaces are also
    `alwaysinline`, so that LLVM inlines each kernel into its entry point
    before optimizing (inlining in the middle of the pipeline optimized the
    big kernel body twice).
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
}

#endif // STRATA_CODEGEN_CPU_PASSES_TD
