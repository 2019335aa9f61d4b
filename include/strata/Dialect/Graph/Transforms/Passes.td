//===- Passes.td - Graph-level passes ----------------------*- tablegen -*-===//
//
// The model-level optimizations: shape inference, constant folding,
// batch-norm folding, layout conversion, wider accumulation of f16/bf16,
// and the partitioning of regions that external backends run.
//
//===----------------------------------------------------------------------===//

#ifndef STRATA_DIALECT_GRAPH_TRANSFORMS_PASSES_TD
#define STRATA_DIALECT_GRAPH_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def GraphInferShapesPass : Pass<"graph-infer-shapes", "::mlir::ModuleOp"> {
  let summary = "Propagate and refine tensor shapes through functions";
  let description = [{
    Refines every result type to what the op infers from its operands
    (replacing `?` dims that operands make known), through function calls,
    `scf` regions and function signatures, until nothing changes. With
    `input-shapes`, first specializes the signature of `function` to the
    given argument shapes.
  }];
  let options = [
    Option<"function", "function", "std::string", /*default=*/"\"main\"",
           "The function whose signature input-shapes specializes">,
    ListOption<"inputShapes", "input-shapes", "std::string",
               "One shape per argument of `function`, e.g. 1x3x224x224 "
               "(`?` keeps a dim dynamic; an empty entry keeps the argument)">,
  ];
  let dependentDialects = ["::strata::graph::GraphDialect"];
}

def GraphFoldConstantsPass : Pass<"graph-fold-constants"> {
  let summary = "Evaluate graph ops whose operands are all constant";
  let description = [{
    Replaces each graph op whose operands are all constants (dense or
    dense_resource) by a constant computed with the shared reference
    evaluator, repeatedly. Results larger than `max-elements` are left alone
    so that a broadcast or tile of a weight does not blow up the module.
    A side-effect-free op whose results are all static and empty becomes
    empty constants whatever its operands, so that code generation never
    sees zero-size tensors.
  }];
  let options = [
    Option<"maxElements", "max-elements", "int64_t", /*default=*/"1 << 20",
           "Largest result (in elements) to materialize as a constant">,
  ];
  let dependentDialects = ["::strata::graph::GraphDialect"];
}

def GraphPrepackWeightsPass : Pass<"graph-prepack-weights"> {
  let summary = "Transpose constant weights into the layout kernels read";
  let description = [{
    Rewrites `graph.linear` whose B is a constant read transposed
    (`trans_b`, ONNX Gemm's transB) to read a transposed copy of the
    constant without `trans_b`, so that it lowers to a row-major product
    (B contiguous along N) instead of a contraction that reads B across its
    rows; and folds `graph.transpose` of a constant. The transposes work on
    the constants' raw bytes, with no size limit, and keep their kind: a
    `dense_resource` weight becomes a new `dense_resource` blob, a `dense`
    one a `dense` attribute. A constant that other ops also use is copied.

    With `panel-bytes` > 0 (strata-compile sets it from the target: one row
    of the matrix-vector register tile, 2048 bytes with AVX-512), a
    `graph.linear` of a `[1, K]` input and a constant `[K, N]` weight (after
    the transpose above) becomes a `graph.matmul` of the input and the
    weight in panel-major order, `[N / P, K, P]`, reshaped to `[1, N]`, plus
    the bias. P is the widest of panel-bytes' elements, halved up to three
    times, that cuts N into at least 4 panels; else the widest giving at
    least 4 panels of N zero-padded to a multiple of P, with at most N / 8
    padding columns (the product is then sliced back to N columns: 1000
    columns make 4 panels of 256). Alpha and beta must be 1.
    Each panel is one contiguous block that a kernel streams row after row.

    ```mlir
    // panel-bytes=2048, f32: P = 512
    %y = graph.linear %x, %w, %b : tensor<1x2048xf32>, tensor<2048x2048xf32>,
        tensor<2048xf32> -> tensor<1x2048xf32>
    // becomes
    %p = graph.matmul %x, %panels : tensor<1x2048xf32>, tensor<4x2048x512xf32>
        -> tensor<4x1x512xf32>
    %r = graph.reshape %p, %shape : tensor<4x1x512xf32>, tensor<2xi64>
        -> tensor<1x2048xf32>
    %y = graph.add %r, %b : tensor<1x2048xf32>, tensor<2048xf32>
        -> tensor<1x2048xf32>
    ```
  }];
  let options = [
    Option<"panelBytes", "panel-bytes", "int64_t", /*default=*/"0",
           "Bytes of one panel row for matrix-vector weights (0: no panels)">
  ];
  let dependentDialects = ["::strata::graph::GraphDialect"];
}

def GraphFoldQuantizedProductsPass
    : Pass<"graph-fold-quantized-products"> {
  let summary = "Compute products of dequantized bytes on the bytes";
  let description = [{
    A quantized model in the QDQ form (onnxruntime's `quantize_static`)
    multiplies dequantized tensors: the ONNX importer writes
    DequantizeLinear as `mul(sub(cast(q), cast(zp)), scale)` (the `sub`
    gone when the zero point is 0), so a `graph.matmul` (or a
    `graph.linear` with alpha = beta = 1 and A untransposed) of two such
    operands, q of `ui8`/`i8`, is computed here on the bytes: the exact
    i32 product `matmul(qa, qb)` (a byte product, which kernels compute with
    int8 dot products), the zero points' terms
      - za * colsum(qb) - zb * rowsum(qa) + K * za * zb
    (column and row sums of the bytes in i32; constants where qb is), then
    converted to the float type and scaled by `scale_a * scale_b`:

    ```
    (qa - za) sa x (qb - zb) sb = sa sb ((qa - za) x (qb - zb))
    ```

    which holds exactly in integers; the float product it replaces rounds
    each partial sum instead (and adds in another order), as onnxruntime's
    integer kernels do not. B must be a constant weight: float products of
    two computed operands (attention's QK^T and PV) stay float, as byte
    products are fast only in the dot-product layout that a weight gets at
    compile time (widening every byte to i32 made BERT's attention products
    10x slower than in f32). Scales and zero points must be per-tensor
    (one element), but B's may be per column ([1, N], or [N, 1] for a
    `trans_b` linear, as per-channel weights are); batched products (rank
    above 2) take per-tensor ones only. A bias and what follows (the next
    QuantizeLinear) stay float ops, which fuse into the product's kernel.

    The same terms apply to an i32 `graph.matmul` of bytes shifted by zero
    points, `sub(cast(q), cast(zp))` in i32 (the importer's MatMulInteger
    and QLinearMatMul) with a constant weight, which then multiplies the
    bytes themselves; with a computed B and a static K up to 258 (every
    sum below 2^24), it is computed in f32 instead, exactly, and converted
    back (QOperator BERT's attention products).

    A `graph.conv2d` of one group, dequantized input (per-tensor scale and
    zero point) and dequantized constant weight (per-tensor or per-filter
    scale and zero point) becomes the exact i32 convolution of the bytes,
    less `za * sum(w[f])` per filter (a constant), less `zw[f]` times each
    window's sum of the input's bytes (a convolution with one filter of
    ones; none for onnxruntime's symmetric s8 weights, zero point 0), plus
    `K za zw[f]`, converted and scaled by `sa * sw[f]`, plus the bias.
    Unsigned weights become signed at compile time (`q - 128`, zero point
    `zw - 128`), as int8 dot products multiply by signed bytes. The
    spec pads the dequantized input with zeros, which are the bytes' zero
    point: with a constant za, the padding becomes a `graph.pad` of the bytes
    with za (none is needed for za = 0, ReLU outputs); a za computed at run
    time (quantize_dynamic's DynamicQuantizeLinear) is selected into the
    border of the bytes padded with 0 (`graph.select` of a constant mask,
    static image sizes only). The same applies to
    the f64 convolution of shifted bytes that the importer writes for
    ConvInteger and QLinearConv (no scaling there). Grouped convolutions
    stay float: byte convolutions are fast in the dot-product layout, which
    sums over groups of four channels, and a depthwise convolution has
    one. An f64 convolution of shifted bytes
    that stays (QLinearConv's depthwise ones) is computed in f32 where each
    group reduces at most 258 products (every sum below 2^24: exact), twice
    as fast, and converted back.

    Signed activations (i8, `quantize_static`'s QInt8) of a product with a
    constant weight become unsigned, `qa + 128` as ui8 with zero point
    `za + 128` (qa - za unchanged; the shift is elementwise and fuses into
    the quantization that produced qa): int8 dot products multiply unsigned
    by signed bytes, and the new zero point's term is the weight's constant
    column or filter sums. Unsigned constant weights (QUInt8) become signed
    the same way, `q - 128` with zero point `zb - 128` (at compile time;
    its term the activations' row or window sums). Products with a
    dynamic K keep their bytes (the K * za * zb term needs K).

    A zero point that is a constant 0 (symmetric weights) has no terms.
    Runs right after shape inference, before any folding: graph-fold-constants
    and the canonicalizer's folders would make a constant weight's
    dequantization a float constant.
  }];
  let dependentDialects = ["::strata::graph::GraphDialect"];
}

def GraphFoldBatchNormPass : Pass<"graph-fold-batchnorm"> {
  let summary = "Fold batch_norm and constant scales into conv2d/linear";
  let description = [{
    Rewrites `batch_norm(conv2d(x, w, b))` and `batch_norm(linear(...))`
    (inference statistics, all constant) into one conv2d/linear with scaled
    weights and a shifted bias, and folds a following `mul`/`add` by a
    constant per-channel tensor into the weights and bias where that is
    exact. The new weights are expressed as graph ops on the constants and
    evaluated by the constant folder. A batch_norm with constant statistics
    that no contraction absorbs (after an add, or after a quantized
    convolution's requantization in onnxruntime's QOperator form) becomes
    `x * s + t` with s and t computed at compile time, shaped along its
    channel axis: one multiply-add per element instead of a subtraction, a
    square root and a division.
  }];
  let dependentDialects = ["::strata::graph::GraphDialect"];
}

def GraphConvertLayoutPass : Pass<"graph-convert-layout"> {
  let summary = "Rewrite image ops to a target data layout";
  let description = [{
    Rewrites conv2d, conv_transpose2d, the pools, batch_norm, elementwise
    ops, pad, concat and reductions over channels from NCHW to `target-layout`
    (NHWC by default). Transposes are inserted only where values enter or
    leave the converted region (function arguments and results, ops that
    cannot be converted) and cancel in between.
  }];
  let options = [
    Option<"targetLayout", "target-layout", "std::string", /*default=*/"\"nhwc\"",
           "The layout to convert to: nhwc or nchw">,
  ];
  let dependentDialects = ["::strata::graph::GraphDialect"];
}

def GraphWidenHalfAccumulationPass : Pass<"graph-widen-half-accumulation"> {
  let summary = "Compute f16/bf16 contractions, sums and normalizations in f32";
  let description = [{
    A matmul, linear, convolution (transposed too), reduce_sum, reduce_mean,
    average pool, cumsum, layer_norm, softmax or log_softmax whose results
    are f16 or bf16 adds up many terms; accumulated in the element type they
    lose the result (in f16 a sum of 4096 ones stops at 2048). As
    onnxruntime's CPU kernels and the reference evaluator do, these ops
    compute in f32: each half-precision operand is cast to f32
    (`graph.cast`), the op runs on f32 and each result is cast back,
    rounding once. A constant operand (a weight, of any size, `dense` or
    `dense_resource`) is converted once into an f32 constant instead of
    being cast at every call.

    ```mlir
    %0 = graph.matmul %a, %b : tensor<2x4096xf16>, tensor<4096x2xf16>
        -> tensor<2x2xf16>
    // becomes
    %a32 = graph.cast %a : tensor<2x4096xf16> -> tensor<2x4096xf32>
    %b32 = graph.cast %b : tensor<4096x2xf16> -> tensor<4096x2xf32>
    %p = graph.matmul %a32, %b32 : tensor<2x4096xf32>, tensor<4096x2xf32>
        -> tensor<2x2xf32>
    %0 = graph.cast %p : tensor<2x2xf32> -> tensor<2x2xf16>
    ```
  }];
  let dependentDialects = ["::strata::graph::GraphDialect"];
}

def GraphPartitionExternalPass
    : Pass<"graph-partition-external", "::mlir::ModuleOp"> {
  let summary = "Outline the regions external backends run into functions";
  let description = [{
    TVM's bring-your-own-codegen partitioning (docs/BYOC.md), for the
    external backends named in `backends` (ExternalBackend.h; the first
    that supports an op gets it):

    1. Annotation: each graph op at the top level of a function that a
       backend supports (its kind, attributes, element types, shapes).
    2. Merging: in the order of the block, a supported op joins the region
       of a producer of its operands that has the same backend, unless it
       also depends on that region through an op outside it (directly or
       through other regions): joining would make a cycle between the
       region and the rest of the function. Otherwise it starts a region.
    3. Regions without an op worth a call on its own
       (ExternalBackend::isAnchor: a convolution, product or pooling) are
       dropped. Each other region is identified by its fingerprint
       (tuner::getRegionFingerprint: its outlined function's ops and shapes)
       and kept when `regions` names it (when given); else as the tuning
       database `tuning-db` measured it on `target` (strata-tune
       --external: the model timed with the region in the backend and in
       Strata's kernels); else by the backend's cost rule
       (ExternalBackend::isWorthOffloadingOn the target's `cpu`; dnnl's:
       regions with a convolution or a product of 16 rows or more, none on
       AMD's Zen CPUs, where oneDNN 2.6 was slower on every region
       measured), unless `cost-rule=false`. `report` remarks each region's fingerprint and
       what decided it.
    4. Outlining: each region becomes a private `func.func` named after
       its function and backend, marked `graph.external = "<backend>"`,
       whose arguments are the values the region uses from outside (the
       constants it uses are copied in: weights stay visible to the
       backend) and whose results are the values used outside it; a
       `func.call` replaces the region, and the function's ops are sorted
       so that every value is defined before its uses.

    An unknown backend name is an error that lists the known ones.
  }];
  let options = [
    ListOption<"backends", "backends", "std::string",
               "The external backends to partition for, in order of "
               "preference (e.g. dnnl)">,
    Option<"costRule", "cost-rule", "bool", /*default=*/"true",
           "Keep the regions each backend's cost rule finds faster there; "
           "false keeps every region with a convolution, product or "
           "pooling">,
    Option<"tuningDatabase", "tuning-db", "std::string", /*default=*/"\"\"",
           "A tuning database whose measurements of regions (strata-tune "
           "--external) decide them before the cost rule">,
    Option<"target", "target", "std::string", /*default=*/"\"\"",
           "The printed #kernel.target the database's records must have "
           "been measured on">,
    Option<"cpu", "cpu", "std::string", /*default=*/"\"\"",
           "The LLVM name of the CPU the model is compiled for, which "
           "cost rules may read (empty: unknown)">,
    ListOption<"regions", "regions", "std::string",
               "Offload exactly the regions of these fingerprints (the "
               "tuner's measurements)">,
    Option<"report", "report", "bool", /*default=*/"false",
           "Remark, for each region, its fingerprint and what decided it">,
  ];
  let dependentDialects = ["::mlir::func::FuncDialect"];
}

def GraphLowerExternalPass
    : Pass<"graph-lower-external", "::mlir::ModuleOp"> {
  let summary = "External backends' code generation for their functions";
  let description = [{
    Hands each function that `graph-partition-external` outlined for an
    external backend (marked `graph.external = "<backend>"`) to that
    backend's code generation (ExternalBackend::lowerFunction), which
    replaces the ops its library runs by `graph.call_native` of its
    runtime plugin's functions; the ops it leaves are compiled by Strata.
    The dnnl backend makes one call per convolution, product, linear layer
    and pooling, with the elementwise chain after it as post-ops
    (docs/BYOC.md). A function marked for a backend that is not registered
    is an error.
  }];
  let dependentDialects = ["::strata::graph::GraphDialect"];
}

#endif // STRATA_DIALECT_GRAPH_TRANSFORMS_PASSES_TD
