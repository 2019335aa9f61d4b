//===- Passes.td - Kernel-level passes ---------------------*- tablegen -*-===//
//
// Fusion into dispatch regions, outlining into kernels, and schedule
// selection.
//
//===----------------------------------------------------------------------===//

#ifndef STRATA_DIALECT_KERNEL_TRANSFORMS_PASSES_TD
#define STRATA_DIALECT_KERNEL_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def KernelDemoteProductsPass
    : Pass<"kernel-demote-products", "::mlir::func::FuncOp"> {
  let summary = "Multiply f32 weights and activations as bf16, summing in f32";
  let description = [{
    `--precision=bf16`: runs after convert-graph-to-kernel, before
    kernel-rewrite-convolutions. Each product (`linalg.matmul`, or a
    contraction linalg.generic with a multiply-add body: graph.linear's
    product, graph-prepack-weights' matrix-vector panels) and
    `linalg.conv_2d_nhwc_fhwc` of an f32 input and a constant f32 weight
    (static shape, not a splat) into an f32 init becomes the same op on
    bf16 values (a `linalg.matmul` for `linalg.matmul`'s maps; other
    generics keep theirs, with `arith.extf` in their body): the weight
    rounded to bf16 at compile time (to nearest even), the input truncated
    by an elementwise `arith.truncf` that fuses into the kernel producing
    it. The named op's body widens both back to
    f32 (`arith.extf`), so each product of two bf16 values is exact in f32
    and the sums accumulate in f32, as AVX512-BF16's `vdpbf16ps` and AMX
    compute them (the fast-math mode of oneDNN and onnxruntime, and IREE's
    demote-contraction-inputs-to-bf16). kernel-rewrite-convolutions and
    kernel-pack-weights then lay them out for bf16 dot products.

    With `winograd-panel-bytes` (the panel width kernel-rewrite-convolutions
    runs with when Winograd is on, and its `winograd-tile`), the
    convolutions that it computes with Winograd's F(m x m, 3x3) in products
    of at least 49 rows (output tiles) stay f32: those products run near
    the FMA peak and make 2.25 to 4 multiplications per output where the
    direct (im2col) convolution makes 9, which bf16 dot products (twice
    the f32 rate) do not make up for (ResNet-18 on an AMD EPYC with
    AVX512-BF16: 19.0 ms with all of them in bf16 through im2col, 18.8 ms
    all f32). Those of smaller images (ResNet's 14x14 and 7x7 layers: 16
    and 4 rows) take bf16: their f32 products run far from the peak.

    Products of two computed tensors (attention's QK^T and PV), grouped
    (depthwise) convolutions, f16/bf16/integer products and everything
    else keep their types.

    ```mlir
    %0 = linalg.matmul ins(%x, %w : tensor<8x64xf32>, tensor<64x32xf32>)
        outs(%init : tensor<8x32xf32>) -> tensor<8x32xf32>
    // becomes
    %wb = arith.constant dense<...> : tensor<64x32xbf16>
    %xb = linalg.generic ... ins(%x : tensor<8x64xf32>) ... arith.truncf
    %0 = linalg.matmul ins(%xb, %wb : tensor<8x64xbf16>, tensor<64x32xbf16>)
        outs(%init : tensor<8x32xf32>) -> tensor<8x32xf32>
    ```
  }];
  let options = [
    Option<"winogradPanelBytes", "winograd-panel-bytes", "int64_t",
           /*default=*/"0",
           "Keep f32 the convolutions that kernel-rewrite-convolutions "
           "computes with Winograd's algorithm with panels of this many "
           "bytes (0: Winograd is off, demote every convolution)">,
    Option<"winogradTile", "winograd-tile", "int64_t", /*default=*/"0",
           "kernel-rewrite-convolutions' winograd-tile (0: chosen per "
           "convolution)">,
  ];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::linalg::LinalgDialect",
                           "::mlir::tensor::TensorDialect"];
}

def KernelRewriteConvolutionsPass
    : Pass<"kernel-rewrite-convolutions", "::mlir::func::FuncOp"> {
  let summary = "Rewrite convolutions into matrix products (im2col, Winograd)";
  let description = [{
    Runs after convert-graph-to-kernel, before kernel-form-dispatches.

    Each `linalg.conv_2d_nchw_fchw` with static channel, filter and output
    image sizes becomes a copy of its input windows into a
    [N, C*KH*KW, OH*OW] matrix (a linalg.generic; none for a 1x1 convolution
    with unit strides, whose input is already that matrix) and a contraction
    with the [F, C*KH*KW] filter (a linalg.generic with the convolution's
    body), followed by a `tensor.expand_shape` back to [N, F, OH, OW]. The
    contraction then gets the register-blocked matmul schedule, as in
    oneDNN's and onnxruntime's NCHW paths.

    Each `linalg.conv_2d_nhwc_fhwc` with the same static sizes becomes a
    copy of its windows into a [N, OH*OW, KH*KW*C] matrix (with channels
    narrower than a cache line, one contiguous run of KW*C input elements
    per window row, read from the image viewed as [N, H, W*C]) times the
    filter as a [KH*KW*C, F] matrix: pixels are the product's rows and
    filters its vectorized columns, which keeps register tiles full on the
    small images of late network stages (7x7: 49 pixels, but 512 filters).
    A constant filter is transposed at compile time; with `panel-bytes` > 0
    and F a multiple of the panel width, it is laid out in panels instead,
    [F/P][KH*KW*C][P] with P elements making `panel-bytes`, and the product
    writes [N, OH*OW, F/P, P]: each register tile then streams its filter
    columns from one contiguous block (a 9.4 MB filter read in strided rows
    ran at half the speed from memory).

    With `winograd` (default), an NHWC 3x3 convolution with unit strides and
    dilations, a unit batch, f32 data, a constant filter, at least a cache
    line of channels (16 f32) and F a multiple of the panel width uses
    Winograd's F(m x m, 3x3) algorithm instead (Lavin and Gray, 2016), with
    t = m + 2: t*t multiplications per m x m output tile and channel where
    im2col needs 9 m^2 (F(2x2, 3x3): 16 for 36; F(4x4, 3x3): 36 for 144):
      V[t*t, OH/m, OW/m, C] = sum_ab K[e, a, b] X[m th + a, m tw + b, c]
      M[t*t, tiles, F/P, P] = V[e] x U[e]      (U = G g G^T at compile time)
      Y[OH/m, m, OW/m, m, F/P, P] = init + sum_ab A[i, j, a, b] M[a, b, ...]
    An output size that m does not divide rounds up to whole tiles: more
    rows or columns of zero input (added to the convolution's own padding),
    more output rows or columns computed from a zero init, and the init
    added to the slice that counts (ResNet-18's 7x7 stage: 2.3 ms with
    im2col, 1.9 so, its 16.8 MB of transformed filters read from memory).
    K = B^T (x) B^T and A = A^T (x) A^T are constants: the two transforms
    are constant combinations (see ConstantCombination.h), which the CPU
    tile pass unrolls into the terms of non-zero coefficients (F(2x2): 4
    vector additions per element of V and 9 per element of Y, all
    coefficients +-1; F(4x4): 13.4 and 20.3 on average, weights up to 25
    and 64). The t*t products are panel products (the filter transformed in
    panels [t*t][F/P][C][P]); the output transform accumulates into the
    convolution's init, and its epilogue (bias, relu, residual) fuses as a
    matrix product's does.

    `winograd-tile` picks m: 2, 4, or 0 (default) for a choice per
    convolution: 4 where the products have at least 7x7 tiles of 4x4 rows
    or at least 256 channels to reduce, which run near the FMA peak; 2 for
    the small images of narrow layers, whose 16-row products with short
    reductions ran slower than the multiplications F(4x4) saves. ResNet-18's
    56x56x64 3x3 convolution: 2.3 ms with im2col, 1.2 ms with F(2x2), 0.7
    with F(4x4); the model 0.82x of its F(2x2) time on an AMD EPYC (Zen 4),
    DenseNet-121 0.93x, SqueezeNet 1.1 0.94x. The rounding differs from the
    direct sum by a few ulps of the largest partial sums for F(2x2), and
    about four times as much for F(4x4) (a few 1e-6 of the largest output
    over 64 channels), whose transforms weigh by up to 8.

    Convolutions of 8-bit integers into i32 (linalg.generic ones with the
    named ops' maps where an operand zero-extends: the named ops sign-extend
    both) become the same copy and a product that keeps the [K, F] filter
    matrix, with the batch in its rows ([N*OH*OW, K]): the one matrix
    product kernel-pack-weights lays out for int8 dot products. Their K is
    rounded up to a multiple of 4 (the dot products' byte groups) with zero
    filter rows: runs of KW*C bytes are read rounded up where the image
    holds the bytes past the last window (ResNet's 7x7x3 stem: 24 of 21;
    it widened every byte otherwise, 3.6 of ResNet-18's 12.4 ms), else the
    windows get zero columns (a copy).

    Other convolutions are left alone.
  }];
  let options = [
    Option<"panelBytes", "panel-bytes", "int64_t", /*default=*/"0",
           "Bytes of one filter panel row of NHWC products (the matrix "
           "product's register-tile width); 0 keeps [K, F] filters">,
    Option<"winograd", "winograd", "bool", /*default=*/"true",
           "Compute NHWC 3x3 convolutions with unit strides and constant "
           "filters with Winograd's F(m x m, 3x3) algorithm">,
    Option<"winogradTile", "winograd-tile", "int64_t", /*default=*/"0",
           "Winograd's output tile m: 2 or 4; 0 (default) chooses per "
           "convolution">,
    Option<"pointwiseOnly", "pointwise-only", "bool", /*default=*/"false",
           "Rewrite only the convolutions that need no copy (1x1 windows "
           "with unit strides: the input is the matrix); GPUs tile the "
           "others directly">,
  ];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::linalg::LinalgDialect",
                           "::mlir::tensor::TensorDialect"];
}

def KernelPackWeightsPass
    : Pass<"kernel-pack-weights", "::mlir::func::FuncOp"> {
  let summary = "Lay constant matrix-product weights out in panels";
  let description = [{
    Runs after kernel-rewrite-convolutions, before
    kernel-propagate-reshapes.

    Each `linalg.matmul` (default indexing maps) of an A [M, K] and a
    constant B [K, N], with M more than 4 or dynamic (matrix-vector
    products get wider panels from graph-prepack-weights), static K and N,
    and N a multiple of the panel width P (`panel-bytes` of elements) with
    at least two panels, becomes a linalg.generic reading B laid out at
    compile time in panels [N/P, K, P] and writing the accumulator viewed as
    [M, N/P, P]; a `tensor.collapse_shape` gives back [M, N]. Each register
    tile then streams its B columns from one contiguous block instead of
    rows N elements apart, as the NHWC convolution products do:
    128x768 times 768x3072 (a BERT feed-forward layer) ran in 5.87 ms with
    row-major B, 5.45 ms in panels. kernel-propagate-reshapes then expands
    the product's bias and activation to its [M, N/P, P] shape, so that they
    fuse as before.

    With `int8-dot-products` (CPUs with AVX512-VNNI), a product of unsigned
    bytes A [M, K] and constant signed bytes B [K, N] into i32, with K a
    multiple of 4, reads B in panels of groups of four rows,
    [N/P, K/4, P, 4] (P: `panel-bytes` of i32 accumulators, or the widest
    of P/2, P/4, ... down to 8 that divides N: MobileNetV2's 1x1
    convolutions to N = 144 take panels of 16, to N = 24 of 8), and A as
    [M, K/4, 4]: loops (m, panel, lane, k/4, k%4). Each 32-bit lane of a B
    panel row then holds the four bytes that one `vpdpbusd` multiplies by
    four bytes of A broadcast to every lane, and adds into that lane's
    accumulator (strata-cpu-vectorize emits it). Products of signed A, or
    K not a multiple of 4, keep the panels above (bytes widened per
    element).

    With `bf16-dot-products` (CPUs with AVX512-BF16), a product of bf16 A
    [M, K] and a constant bf16 B [K, N] into f32 (kernel-demote-products'),
    K even, is laid out the same way with pairs instead of groups of four:
    B [N/P, K/2, P, 2], A [M, K/2, 2], one `vdpbf16ps` per pair of rows and
    16 lanes. Without the option such a product takes the panels above, a
    panel row as wide as P f32 accumulators.

    A `linalg.transpose` of a constant (an NHWC depthwise filter made
    [KH, KW, C] from [C, KH, KW]) becomes the transposed constant, instead
    of a transpose that every tile of the kernel recomputed at run time.
  }];
  let options = [
    Option<"panelBytes", "panel-bytes", "int64_t", /*default=*/"0",
           "Bytes of one panel row (the matrix product's register-tile "
           "width); 0 leaves the products alone">,
    Option<"int8DotProducts", "int8-dot-products", "bool",
           /*default=*/"false",
           "Lay unsigned-by-signed byte products out for 4-byte dot "
           "products (vpdpbusd)">,
    Option<"bf16DotProducts", "bf16-dot-products", "bool",
           /*default=*/"false",
           "Lay bf16 products into f32 out for dot products of pairs "
           "(vdpbf16ps)">,
  ];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::linalg::LinalgDialect",
                           "::mlir::tensor::TensorDialect"];
}

def KernelPropagateReshapesPass
    : Pass<"kernel-propagate-reshapes", "::mlir::func::FuncOp"> {
  let summary = "Move tensor reshapes past elementwise ops so they fuse";
  let description = [{
    Runs before kernel-form-dispatches. An all-parallel linalg op reading a
    `tensor.expand_shape` is collapsed to the unexpanded shape and the
    expand_shape moves after it (upstream's
    populateFoldReshapeOpsByCollapsingPatterns); collapse_shapes of fills,
    empties and all-parallel ops fold into collapsed copies of them. The
    bias, activation and residual consumers of a product computed on
    collapsed operands (matmul of a stack of matrices, im2col convolution)
    then consume it directly and fuse into its dispatch. Where a product
    has more dims than its consumers (the [P, F/P, P] panel products of NHWC
    convolutions), its elementwise consumers and its bias broadcast are
    expanded to its shape instead (upstream's
    populateFoldReshapeOpsByExpansionPatterns). The elementwise chain after
    a depthwise convolution (a quantized one's requantization) keeps the
    convolution's shape, collapse_shapes staying after its end, so that it
    fuses whole. A tensor.pad moves past a reshape that only adds or drops
    unit dims, so that it stays next to the window op that reads it.
  }];
  let dependentDialects = ["::mlir::linalg::LinalgDialect",
                           "::mlir::tensor::TensorDialect"];
}

def KernelFuseElementwisePass
    : Pass<"kernel-fuse-elementwise", "::mlir::func::FuncOp"> {
  let summary = "Merge chains of elementwise linalg ops into one op";
  let description = [{
    Runs after kernel-propagate-reshapes, before kernel-form-dispatches. An
    elementwise `linalg.generic` (all loops parallel, projected-permutation
    maps, zeros allowed: a per-channel constant read as [1, 1, C]) whose
    result has a single use, by another such generic, is merged
    into it (upstream's elementwise op fusion): a GELU written as divide,
    erf, add, multiply, multiply becomes one op. A dispatch then reads and
    writes its data once per chain instead of once per op; the tile pass
    tiles each op of a dispatch on its own, so each op was a pass over the
    slab. Contractions, reductions and window ops are neither producers nor
    consumers here: fusing into them would change the operation the
    schedules recognize.

    One rewrite does touch contractions: a float contraction whose
    accumulator is a zero fill and whose only use is an elementwise add of
    a broadcast operand (MatMul + Add, ONNX's export of a linear layer)
    starts its accumulator from the broadcast operand instead, and the add
    goes away.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::linalg::LinalgDialect"];
}

def KernelSimplifyQuantizationPass
    : Pass<"kernel-simplify-quantization", "::mlir::func::FuncOp"> {
  let summary = "Quantization saturations in fewer instructions, same "
                "results";
  let description = [{
    Runs after kernel-fuse-elementwise, when a quantized product's
    requantization (QuantizeLinear's divide, round, add zero point, clip,
    convert) is part of one linalg.generic body. Four rewrites, each
    giving the same results for every input but NaN (whose conversion to
    an integer is poison either way):

    - A `maximumf(x, c)` / `minimumf(x, c)` by a constant whose result only
      reaches `fptoui` / `fptosi` (directly or through such clamps) becomes
      `select(cmpf ogt/olt (x, c), x, c)`: for -0 against +0 both convert
      to 0. x86 computes the ordered compare-and-select with one
      vmaxps/vminps; arith-expand turns maximumf into an unordered compare
      and a blend (two instructions per vector).
    - An `addf` of +0.0 (a zero point of 0) into such a clamp goes: it only
      turns -0 into +0.
    - A clamp that a later one subsumes goes: `maximumf(x, c1)` (or
      minimumf) followed by non-decreasing steps g (adding, subtracting,
      multiplying or dividing by positive constants, rounding, clamping;
      each result used once) and `maximumf(., c2)` with g(c1) <= c2
      (computed in the body's float type): the outer clamp gives c2 for
      every x < c1 either way, and NaN for NaN. A QOperator model's ReLU6
      (Clip(0, 6) between a float batch norm and the QuantizeLinear of
      scale 6/255 into [0, 255]) loses both of its clamps.
    - `uitofp(fptoui(y))` (or the signed pair) of a y that is a rounding
      plus integer constants clamped into the integer type's range becomes
      y: a byte quantized and dequantized again in the same body (a batch
      norm that onnxruntime's quantizer left in float between two
      quantizations of a convolution's output).

    The saturation of each requantization is one to four instructions per
    16 lanes shorter. Measured on Zen 4, one thread, outputs bit-identical:
    MobileNetV2 quantized in QDQ form 4.6 -> 4.2 ms (two requantizations
    per convolution, a float batch norm between them); after onnxruntime's
    pre-processing (one per convolution) its kernels take 5% less time;
    the subsumed ReLU6 clamps of its QOperator file, 5.40 -> 5.13 ms of
    kernel time per run.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect"];
}

def KernelFormDispatchesPass : Pass<"kernel-form-dispatches", "::mlir::func::FuncOp"> {
  let summary = "Group tensor computations into kernel.dispatch regions (fusion)";
  let description = [{
    Runs after convert-graph-to-kernel. Each "root" (a contraction,
    convolution, pooling or reduction linalg op) starts a dispatch; elementwise
    consumers (bias, activation, residual add, a GELU reading its input twice) fuse
    into it as epilogues; chains of elementwise ops without a root become one
    dispatch; transposes and broadcasts that are linalg.generic with
    projected-permutation maps fuse as producers, and the tensor.pad of an
    input read through convolution windows (a convolution, an im2col copy). tensor.empty, constants
    and pure tensor reshapes stay outside.
  }];
  let dependentDialects = ["::strata::kernel::KernelDialect"];
}

def KernelOutlinePass : Pass<"kernel-outline", "::mlir::ModuleOp"> {
  let summary = "Outline each kernel.dispatch into a kernel.func and a launch";
  let description = [{
    Turns every kernel.dispatch into a `kernel.func` (its region, with the
    values captured from above as arguments, named after the enclosing
    function and an index) and a `kernel.launch` of it in place. The
    dispatch's schedule, if any, moves to the kernel.
  }];
  let dependentDialects = ["::strata::kernel::KernelDialect"];
}

def KernelSelectSchedulePass : Pass<"kernel-select-schedule", "::mlir::ModuleOp"> {
  let summary = "Choose a #kernel.schedule for each kernel from the target";
  let description = [{
    For every kernel.func without a schedule, finds its root op (the linalg
    op with the most loops, contractions first) and asks the target
    backend (TargetBackend.h) of the module's `kernel.target` for its
    schedule: tile sizes per level, vector sizes and parallel dims (the CPU
    backend reads the vector width from `vector_bits`, register tiles for
    contractions, cache tiles from `l1_bytes`/`l2_bytes`). Without a
    `kernel.target`, the backend named by `target` on its default machine
    for `cpu` (the host's, or a named CPU) with `features`. A target without a backend
    leaves its kernels unscheduled. The schedule is set on the kernel.func
    and on the root op (as the discardable attribute `kernel.schedule`),
    where strata-cpu-tile-and-vectorize reads it. With `tuning-db`, a
    kernel.func that the database has measured on its target (the same
    fingerprint: Tuner/Fingerprint.h, and the same printed #kernel.target)
    gets the fastest schedule measured instead; an unreadable or corrupted
    database is an error, a record that does not fit its kernel a warning.
    `report-tuning` says, for each kernel.func, its fingerprint, target and
    where its schedule came from (the keys a tuning record needs).
  }];
  let options = [
    Option<"targetName", "target", "std::string", /*default=*/"\"cpu\"",
           "The target backend without a kernel.target (cpu)">,
    Option<"cpu", "cpu", "std::string", /*default=*/"\"host\"",
           "The CPU to assume without a kernel.target: host (detected) or "
           "an LLVM CPU name">,
    Option<"features", "features", "std::string", /*default=*/"\"\"",
           "LLVM features that override the CPU's without a kernel.target "
           "(\"+avx2,-avx512f\")">,
    Option<"tuningDatabase", "tuning-db", "std::string", /*default=*/"\"\"",
           "A tuning database (JSON Lines: Tuner/TuningDatabase.h) whose "
           "fastest record of a kernel on its target is the kernel's "
           "schedule">,
    Option<"reportTuning", "report-tuning", "bool", /*default=*/"false",
           "Emit a remark per kernel.func: its fingerprint, its target and "
           "whether its schedule came from the tuning database">,
  ];
  let dependentDialects = ["::strata::kernel::KernelDialect"];
}

def KernelSampleSchedulesPass : Pass<"kernel-sample-schedules", "::mlir::ModuleOp"> {
  let summary = "Replace each kernel's schedule with a random one of its search space";
  let description = [{
    For every kernel.func whose root op has a schedule (after
    kernel-select-schedule), draws a point of the kernel's search space
    (Tuner/ScheduleSpace.h: the schedules around the one it has) and gives
    the kernel and its root that schedule instead. The draw depends on
    `seed` and the kernel's fingerprint only, so a module samples the same
    schedules every time. The tuner's candidates are such points; the test
    suite compiles and runs sampled modules to check that every point of
    the spaces compiles and computes the same values (the spaces' legality).
    `report` emits a remark per kernel with the schedule drawn.
  }];
  let options = [
    Option<"seed", "seed", "uint64_t", /*default=*/"1",
           "The seed of the draws">,
    Option<"report", "report", "bool", /*default=*/"false",
           "Emit a remark per kernel with the schedule drawn">,
  ];
  let dependentDialects = ["::strata::kernel::KernelDialect"];
}

def KernelTuningTaskPass : Pass<"kernel-tuning-task", "::mlir::ModuleOp"> {
  let summary = "Reduce a kernel-level module to one kernel to measure";
  let description = [{
    The tuner's task of one kernel: keeps the kernel.func `kernel` of a
    kernel-level module (strata-compile --compile-to=kernel) and replaces
    the host functions with `@main`, which launches it on its arguments, so
    that the kernel compiles and runs alone at the model's shapes. With
    `point` (a choice index per knob), the kernel and its root get the
    schedule at that point of the kernel's search space (Tuner/
    ScheduleSpace.h, around the schedule it has). `describe` emits a remark
    holding the space as JSON: the kernel's name, fingerprint, knobs (level,
    loop, choices), the point of its own schedule, the space's size and
    the root's loop ranges and iterator types (the features of a cost
    model). Without `kernel`, the module keeps all its kernels and loses
    its host code (and with it the model's weights), each kernel described
    with `describe`: the tuner's one pass over a whole model.
  }];
  let options = [
    Option<"kernelName", "kernel", "std::string", /*default=*/"\"\"",
           "The kernel.func to keep">,
    ListOption<"point", "point", "unsigned",
               "The choice of each knob of the kernel's search space">,
    Option<"describe", "describe", "bool", /*default=*/"false",
           "Emit the kernel's search space as JSON (a remark)">,
  ];
  let dependentDialects = ["::strata::kernel::KernelDialect",
                           "::mlir::func::FuncDialect"];
}

#endif // STRATA_DIALECT_KERNEL_TRANSFORMS_PASSES_TD
