//===- Tiling.h - What the tiling passes can tile ---------------*- C++ -*-===//
//
// The one rule every target's tiling passes (strata-cpu-tile and
// strata-cpu-distribute-tiles today) share about which linalg ops upstream
// tiling handles, its limits, and the rewrites made around tiling: the
// register-tile epilogue fusion, the peeling of partial tiles and the split
// of padded window ops.
//
//===----------------------------------------------------------------------===//

#ifndef STRATA_CODEGEN_COMMON_TILING_H
#define STRATA_CODEGEN_COMMON_TILING_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

namespace mlir {
class AffineExpr;
class LoopLikeOpInterface;
class OpOperand;
class Operation;
class RewritePatternSet;
class RewriterBase;
namespace func {
class FuncOp;
} // namespace func
namespace linalg {
class LinalgOp;
} // namespace linalg
} // namespace mlir

namespace strata {

/// The most scf.for loops one tiling level may nest. Upstream
/// bufferization analyzes a nest of loops carrying a tensor in time
/// exponential in its depth (each loop's iteration argument is looked
/// through both its initial value and its yielded one): the 15 unit tile
/// loops of a rank-16 elementwise op took 2 s, those of rank 40 never
/// ended. Kernels of moderate rank (a 3-D convolution tiles 8 loops) stay
/// below it. Subsets of higher rank are not hoisted out of loops either
/// (strata-cpu-hoist-loop-invariants).
inline constexpr size_t kMaxTileLoopDepth = 8;

/// Adds the canonicalization patterns of every loaded dialect and
/// registered op (what the canonicalizer pass runs) to `patterns`, for the
/// passes that canonicalize between their own rewrites.
void populateAllCanonicalizationPatterns(mlir::RewritePatternSet &patterns);

/// The debug names of upstream canonicalization patterns the kernel
/// pipelines' canonicalizer passes leave out (their disabledPatterns; the
/// pattern sets of strata-cpu-tile and strata-cpu-vectorize run before the
/// chains below exist and keep every pattern): vector.insert chains that
/// fill a whole vector become vector.from_elements of every scalar
/// (InsertChainFullyInitialized). A register tile's rows, read one by one
/// (strata-cpu-unroll-transfers) and inserted into the n-D operand of a
/// vector.contract, then became 256 extractelement and 256 insertelement
/// ops per 16x16 tile in LLVM IR: half the lines of a matrix-product
/// kernel, which LLVM folds back into the rows.
llvm::ArrayRef<std::string> getDisabledCanonicalizations();

/// The layout of a named depthwise convolution
/// (linalg.depthwise_conv_2d_nchw_chw / nhwc_hwc) or pooling op
/// (linalg.pooling_nchw/nhwc_max/sum): the spatial and channel dims of its
/// input and output, its window (the filter's or window operand's KH x KW),
/// strides and dilations.
struct WindowedOpLayout {
  bool nhwc = false, depthwise = false;
  unsigned hDim = 0, wDim = 0, cDim = 0;
  int64_t kh = 0, kw = 0;
  llvm::SmallVector<int64_t, 2> strides, dilations;
};

/// Whether `expr` is a dim, or a sum of dims each with a positive constant
/// coefficient (a convolution window: `oh * stride + kh * dilation`).
bool isWindowExpr(mlir::AffineExpr expr);

/// Whether the indices `op` reads of `operand` through its window results
/// (the results of its indexing map that are not plain dims) all lie within
/// the operand's shape, the loops and operand dims involved being static;
/// with `tight`, whether they also reach its last element. Plain-dim
/// results (a dynamic batch, say) are in bounds by construction.
bool windowsInBounds(mlir::linalg::LinalgOp op, mlir::OpOperand &operand,
                     bool tight = false);

/// `op`'s WindowedOpLayout when it is one of those ops on tensors, with one
/// input, one window operand of static shape and one init; nothing
/// otherwise.
std::optional<WindowedOpLayout> getWindowedOpLayout(mlir::Operation *op);

/// Whether every indexing map of `op` is one upstream tiling slices
/// correctly: a projected permutation, or convolution windows (sums of dims
/// with positive coefficients) that stay within their static operand.
bool hasTileableIndexingMaps(mlir::linalg::LinalgOp op);

/// Whether `op` (a linalg op or another op on tensors) has a loop or a
/// tensor of static size 0: it computes nothing (or only initializes its
/// result), and upstream tiling, tile-and-fuse included, crashes computing
/// the slices of a zero-size loop. The tiling passes leave such ops whole
/// (their loops run no iteration).
bool hasEmptyIterationSpace(mlir::Operation *op);

/// The elementwise ops that consume `producer`'s single result one after
/// the other, in order: each an all-parallel linalg.generic with one result
/// and an identity output map, the single user of the previous result,
/// which it reads as an input through an identity map. Empty if there are
/// none.
llvm::SmallVector<mlir::Operation *>
findElementwiseEpilogue(mlir::Operation *producer);

/// Peels the partial last iteration off each of `loops` (scf.for loops of
/// one tiling, outermost first) and off the copies of the inner ones that
/// peeling the outer ones makes, so that every tile but the last along each
/// loop has the static tile size. Appends `tiledOps` and their copies (one
/// per combination of full and partial tiles), all within `scope`, to
/// `copies`.
void peelTileLoops(mlir::RewriterBase &rewriter, mlir::Operation *scope,
                   llvm::ArrayRef<mlir::LoopLikeOpInterface> loops,
                   llvm::ArrayRef<mlir::Operation *> tiledOps,
                   llvm::SmallVectorImpl<mlir::Operation *> &copies);

/// What fuseEpiloguesIntoRegisterTiles made: the tiles, each a statically
/// shaped linalg op to vectorize, and the loops around them (all of them in
/// `loops`; those over register tiles, as opposed to a contraction's
/// reduction, also in `registerTileLoops`).
struct RegisterTileFusion {
  llvm::SmallVector<mlir::Operation *> tiles;
  llvm::SmallVector<mlir::Operation *> loops;
  llvm::SmallVector<mlir::Operation *> registerTileLoops;
};

/// In `func`, tiles the elementwise epilogue of each scheduled contraction,
/// depthwise convolution or pooling op whose schedule keeps the reduction
/// whole above its register tile by that register tile, fusing the op (a
/// contraction's reduction then tiled by k_r) and its accumulator's
/// initialization into each tile, so that the epilogue works on the
/// accumulators before they are stored. With `peel`, partial tiles are
/// peeled off (see peelTileLoops); without, ops with partial tiles are left
/// as they are, like ops it cannot fuse.
RegisterTileFusion fuseEpiloguesIntoRegisterTiles(mlir::RewriterBase &rewriter,
                                                  mlir::func::FuncOp func,
                                                  bool peel);

/// In `func`, splits each depthwise convolution and pooling op that reads
/// its input through a constant tensor.pad by output region: the interior,
/// whose windows lie inside the image, reads the unpadded image; the border
/// strips read small padded slices of it. The padded copy of the whole image
/// disappears.
void splitPaddedWindowOps(mlir::RewriterBase &rewriter,
                          mlir::func::FuncOp func);

} // namespace strata

#endif // STRATA_CODEGEN_COMMON_TILING_H
