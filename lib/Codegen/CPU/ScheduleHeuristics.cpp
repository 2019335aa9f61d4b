//===- ScheduleHeuristics.cpp - CPU schedules of kernels ------------------===//
//
// The CPU backend's schedule heuristics (TargetBackend::chooseSchedule):
// tile sizes per level, vector sizes and parallel dims of a kernel's root
// op from the CPU's vector width, vector registers and cache sizes, and the
// weight panel widths those schedules read. See docs/Schedules.md for the
// heuristics and why.
//
//===----------------------------------------------------------------------===//

#include "strata/Codegen/CPU/ScheduleHeuristics.h"

#include "strata/Dialect/Kernel/IR/KernelDialect.h"
#include "strata/Dialect/Kernel/Transforms/ConstantCombination.h"
#include "strata/Dialect/Kernel/Transforms/Products.h"
#include "strata/Target/TargetInfo.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/BuiltinAttributes.h"

#include <cmath>
#include <optional>

using namespace mlir;
using namespace strata;
using namespace strata::kernel;

namespace {

/// The widest element of `op`'s operands in bits (at least 8: i1 is stored
/// in bytes).
int64_t getElementBits(linalg::LinalgOp op) {
  int64_t bits = 8;
  for (Value operand : op->getOperands()) {
    Type element = getElementTypeOrSelf(operand.getType());
    if (element.isIntOrFloat())
      bits = std::max<int64_t>(bits, element.getIntOrFloatBitWidth());
    else if (element.isIndex())
      bits = std::max<int64_t>(bits, 64);
  }
  return bits;
}

/// A tile size for a loop of static trip count `size` (dynamic allowed):
/// `preferred`, unless the loop fits in `max` (then 0: the whole loop is one
/// tile), or a multiple of `granule` within [lo, hi] divides `size` (the one
/// nearest to `preferred` on a log scale), so that every tile is full and
/// static (no masked partial tiles). Without such a divisor, `preferred`:
/// the last tile is partial.
int64_t pickTile(int64_t size, int64_t preferred, int64_t granule, int64_t lo,
                 int64_t hi) {
  preferred = std::max<int64_t>(preferred, 1);
  granule = std::max<int64_t>(granule, 1);
  if (ShapedType::isDynamic(size))
    return preferred;
  if (size <= std::max(preferred, hi))
    return size <= preferred ? 0 : (size % preferred == 0 ? preferred : 0);
  if (size % preferred == 0)
    return preferred;
  int64_t best = 0;
  double bestDistance = 0;
  for (int64_t t = llvm::alignTo(std::max<int64_t>(lo, 1), granule); t <= hi;
       t += granule) {
    if (size % t != 0)
      continue;
    double distance = std::fabs(std::log(static_cast<double>(t) / preferred));
    if (!best || distance < bestDistance) {
      best = t;
      bestDistance = distance;
    }
  }
  return best ? best : preferred;
}

/// A tile size at least `inner` (and a multiple of it, when `inner` divides
/// `size`), near `preferred`, for a loop of `size` already tiled by `inner`
/// at the next level.
int64_t pickOuterTile(int64_t size, int64_t preferred, int64_t inner) {
  if (inner == 0) // The inner level keeps the loop whole.
    return 0;
  preferred = std::max(preferred, inner);
  preferred -= preferred % inner;
  return pickTile(size, preferred, inner, std::max(inner, preferred / 2),
                  preferred * 2);
}

/// Everything a schedule needs, before it becomes an attribute.
struct Schedule {
  SmallVector<SmallVector<int64_t>> tileSizes;
  SmallVector<int64_t> vectorSizes;
};

/// Vector sizes of the innermost tile: its tile size where tiled, else the
/// loop's static size (1 for a dynamic untiled loop is not possible: such a
/// loop gets no vector size, 0).
SmallVector<int64_t> getInnermostVectorSizes(ArrayRef<int64_t> ranges,
                                             ArrayRef<int64_t> tiles) {
  SmallVector<int64_t> sizes;
  for (auto [range, tile] : llvm::zip_equal(ranges, tiles))
    sizes.push_back(tile != 0 ? tile
                              : (ShapedType::isDynamic(range) ? 0 : range));
  return sizes;
}

/// Whether `op` is a product in a dot-product layout of kernel-pack-weights
/// that `machine` computes: bytes into i32 (int8-dot-products, groups of 4)
/// or bf16 into f32 (bf16-dot-products, pairs), with two reduction loops,
/// the innermost loop of the op being the group that both operands hold
/// contiguously.
bool isDotProductLayout(linalg::LinalgOp op,
                        const linalg::ContractionDimensions &dims,
                        const TargetInfo &machine) {
  if (op.getNumDpsInputs() != 2 || op.getNumDpsInits() != 1 ||
      dims.k.size() != 2 || dims.k.back() != op.getNumLoops() - 1)
    return false;
  int64_t group =
      getDotProductGroup(getElementTypeOrSelf(op.getDpsInputs()[0].getType()),
                         getElementTypeOrSelf(op.getDpsInputs()[1].getType()),
                         getElementTypeOrSelf(op.getDpsInits()[0].getType()));
  bool computed = (group == 4 && machine.int8DotProducts) ||
                  (group == 2 && machine.bf16DotProducts);
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  if (!computed || ranges[dims.k.back()] != group)
    return false;
  AffineExpr groupDim = getAffineDimExpr(dims.k.back(), op.getContext());
  return llvm::all_of(op.getDpsInputOperands(), [&](OpOperand *operand) {
    AffineMap map = op.getMatchingIndexingMap(operand);
    return map.getNumResults() > 0 && map.getResults().back() == groupDim;
  });
}

/// The largest static M that getGemvSchedule takes: up to here, streaming B
/// once with many accumulators per row of A beats the cache-blocked
/// schedule (1x2048x2048 f32 on AVX-512: 31 GFLOP/s against 9; 4 rows: 30
/// against 10).
constexpr int64_t kMaxGemvRows = 4;

/// The preferred n_r of a matrix product's register tile, in vectors (see
/// getContractionSchedule); getMatmulPanelBytes gives its width in bytes.
constexpr int64_t kMatmulTileVectors = 2;

/// The widest register tile of a matrix-vector product, in vectors: every
/// vector register holds accumulators.
int64_t getGemvRegisters(const TargetInfo &machine) {
  return machine.vectorRegisters;
}

/// Matrix-vector products (a static M of at most kMaxGemvRows, or no m loop
/// at all) whose B operand is read along n (n its innermost dim): each
/// element of B is used at most M times, so the kernel is bound by reading
/// B, not by arithmetic, and the cache blocking of getContractionSchedule
/// only gets in the way (its k_r x n_r micro-panels read B as short pieces
/// of many rows). Instead: every m row in one tile, the whole k loop inside
/// the tile, and a wide n_r (as many vectors as there are vector registers:
/// 512 f32 with AVX-512, 128 with AVX2), so that each step of k reads one
/// long contiguous run of a B row and adds it into n_r / vw accumulators
/// that stay live across the k loop. n_r is the largest power-of-2 number
/// of vectors that divides N, halved while that leaves fewer than 4 tiles
/// along n (the grid of threads) and keeps at least half of the widest;
/// k_r = 4 (a divisor of K in [2, 8] when 4 does not divide it). Over-wide
/// accumulators spill, but measured on 1x2048x2048 f32 (AVX-512) 32 of them
/// still ran at 31 GFLOP/s against 25 for 16. An N smaller than one vector
/// is kept whole; an N that no such width divides gets the widest width that
/// leaves 4 tiles, the tile pass peeling the partial last one. Outer n loops
/// (the panels of a weight that graph-prepack-weights laid out panel-major,
/// B[panel][k][n]) count towards the 4 tiles. When n_r covers all of B's
/// innermost dim, consecutive rows of B are contiguous and k_r = 1 reads B
/// as one sequential stream: 1x2048x8192 f32 in 512-wide panels (64 MB, from
/// memory) took 2.7 ms with k_r = 1 and 6.0 with k_r = 2 or 4, whose
/// interleaved rows the hardware prefetchers follow worse. Returns nothing
/// (the general schedule applies) for other contractions or a dynamic N.
std::optional<Schedule>
getGemvSchedule(linalg::LinalgOp op, const linalg::ContractionDimensions &dims,
                const TargetInfo &machine, int64_t elementBits) {
  if (dims.n.empty() || dims.k.empty() || dims.m.size() > 1)
    return std::nullopt;
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  int64_t rows = 1;
  if (!dims.m.empty()) {
    rows = ranges[dims.m.front()];
    if (ShapedType::isDynamic(rows) || rows > kMaxGemvRows)
      return std::nullopt;
  }
  unsigned n = dims.n.back(), k = dims.k.back();
  // B: the input indexed by n and k but not m; it must be contiguous along
  // n (a B read transposed, k innermost, would be read across rows here).
  bool contiguousB = false;
  MLIRContext *ctx = op.getContext();
  for (OpOperand *input : op.getDpsInputOperands()) {
    AffineMap map = op.getMatchingIndexingMap(input);
    auto uses = [&](unsigned dim) { return map.isFunctionOfDim(dim); };
    if (!uses(n) || !uses(k) || (!dims.m.empty() && uses(dims.m.front())))
      continue;
    contiguousB = map.getNumResults() > 0 &&
                  map.getResults().back() == getAffineDimExpr(n, ctx);
  }
  if (!contiguousB)
    return std::nullopt;

  int64_t vw = std::max<int64_t>(1, machine.vectorBits / elementBits);
  int64_t size = ranges[n];
  if (ShapedType::isDynamic(size))
    return std::nullopt;
  // Tiles along the outer n loops (panels), if any.
  int64_t outerTiles = 1;
  for (unsigned d : dims.n)
    if (d != n && !ShapedType::isDynamic(ranges[d]))
      outerTiles *= ranges[d];
  auto numTiles = [&](int64_t width) { return outerTiles * (size / width); };
  int64_t nr = 0;
  if (size >= vw) {
    int64_t widest = getGemvRegisters(machine) * vw;
    for (int64_t width = widest; width >= vw; width /= 2) {
      if (size % width == 0) {
        nr = width;
        break;
      }
    }
    if (nr == 0) {
      // No such width divides N: the widest leaving at least 4 tiles, the
      // partial last one peeled off by the tile pass (1000 = 7 x 128 + 104).
      nr = widest;
      while (nr > vw && numTiles(nr) < 4)
        nr /= 2;
    } else {
      while (numTiles(nr) < 4 && nr / 2 >= std::max(vw, widest / 2) &&
             size % (nr / 2) == 0)
        nr /= 2;
    }
  }

  unsigned numLoops = op.getNumLoops();
  SmallVector<int64_t> inner(numLoops, 1), outer(numLoops, 1);
  // A tile of 0 keeps the loop whole: all rows, and (outer) the whole k loop.
  for (unsigned d : dims.m)
    inner[d] = outer[d] = 0;
  inner[n] = outer[n] = nr;
  outer[k] = 0;
  bool wholeRows = nr != 0 && nr >= size;
  inner[k] = wholeRows ? 1 : pickTile(ranges[k], 4, 1, 2, 8);
  Schedule schedule;
  schedule.tileSizes = {outer, inner};
  schedule.vectorSizes = getInnermostVectorSizes(ranges, inner);
  return schedule;
}

/// Matmul-like ops: a register tile m_r x n_r (n_r = 2 vectors, m_r = 8 with
/// 32 vector registers, 4 with 16; see below for sizes these do not divide)
/// over k_r = 16, inside a cache tile whose
/// B micro-panel (k_c x n_r) fits half of L1 and whose A block (m_c x k_c)
/// and B panel (k_c x n_c) fit L2.
Schedule getContractionSchedule(linalg::LinalgOp op,
                                const linalg::ContractionDimensions &dims,
                                const TargetInfo &machine,
                                int64_t elementBits) {
  // Matrix-vector products are bound by reading B: see getGemvSchedule.
  if (std::optional<Schedule> gemv =
          getGemvSchedule(op, dims, machine, elementBits))
    return *gemv;
  unsigned numLoops = op.getNumLoops();
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  int64_t vw = std::max<int64_t>(1, machine.vectorBits / elementBits);
  int64_t bytes = std::max<int64_t>(1, elementBits / 8);
  int64_t registers = machine.vectorRegisters;

  SmallVector<int64_t> inner(numLoops, 1), outer(numLoops, 1);
  // Only the innermost m, n and k loops are blocked; other m/n/k loops and
  // batch loops run one at a time.
  std::optional<unsigned> m, n, k;
  if (!dims.m.empty())
    m = dims.m.back();
  if (!dims.n.empty())
    n = dims.n.back();
  if (!dims.k.empty())
    k = dims.k.back();
  // A product laid out for 4-byte dot products (kernel-pack-weights'
  // int8-dot-products): its innermost loop sums the four bytes of one
  // 32-bit lane and stays whole in every tile; the k/4 loop before it is
  // the one blocked.
  std::optional<unsigned> dotGroup;
  if (isDotProductLayout(op, dims, machine)) {
    dotGroup = dims.k.back();
    k = dims.k.front();
  }

  // n_r: two vectors, or one or two vectors dividing N; without such a
  // divisor two vectors, the partial last tile being peeled off by the tile
  // pass (196 = 6 x 32 + 4), so that the full tiles stay unmasked; one
  // vector when the last tile would be wider than a vector (49 = 32 + 17:
  // a 17-wide tile is a vector and a lone lane in every row; 49 = 3 x 16 +
  // 1 ran at 90 GFLOP/s against 54 for ResNet-18's 512x49x4608). Never
  // three vectors: a 1280x48x320 product with n_r = 48 took 1.04 ms, with
  // n_r = 16 0.34 ms (and 8x48 tiles ran 128x768x3072 at a third of the
  // speed of 8x32 ones).
  // Whole vectors otherwise: N = 144 = 4 x 32 + a peeled 16 (not 9 x 16:
  // 16-wide tiles are 16 rows high, one broadcast per FMA; 3136x144x24 ran
  // 264 us against 526), and N = 24 = 16 + a peeled 8 (not one 24-wide
  // tile: 3136x24x96 ran 148 us against 365).
  int64_t nr = kMatmulTileVectors * vw;
  if (n) {
    int64_t size = ranges[*n];
    inner[*n] = pickTile(size, nr, vw, vw, 2 * vw);
    if (!ShapedType::isDynamic(size)) {
      if (inner[*n] == nr && size % nr > vw)
        inner[*n] = vw;
      else if (inner[*n] == vw && size % nr == vw)
        inner[*n] = nr;
      else if (inner[*n] == 0 && size > vw && size % vw != 0)
        inner[*n] = vw;
    }
  }
  // m_r: as many rows as the accumulator budget (half the vector registers)
  // allows for n_r: 8 rows of two AVX-512 vectors, 4 of two AVX2 vectors.
  int64_t nrTile = n && inner[*n] ? inner[*n] : nr;
  int64_t regsPerRow = llvm::divideCeil(nrTile, vw);
  int64_t mr = std::max<int64_t>(1, registers / 2 / regsPerRow);
  int64_t kr = 16;
  if (m)
    inner[*m] =
        pickTile(ranges[*m], mr, 1, std::max<int64_t>(1, mr / 2), mr * 3 / 2);
  if (k)
    inner[*k] = pickTile(ranges[*k], kr, 1, 8, 64);
  if (dotGroup)
    inner[*dotGroup] = outer[*dotGroup] = 0;
  // A divisor of K above k_r that is no multiple of it (147 -> 21), or a
  // whole K of that kind (27), makes A tiles rows of odd vectors; so does
  // any divisor up to k_r (147 -> 7: the 7x7 stem's 64x12544x147 ran 3.1 ms
  // with 21, 2.5 with 7, 2.3 with 1; the 3x3 RGB stems' 12544x24x27 618 us
  // with K whole, 150 with 9, 110 with 1): one step of K at a time then.
  // So for a short whole K (up to two k_r): the register tile unrolled over
  // all of it keeps every B vector of the block live, more than the
  // registers left beside the accumulators, and LLVM spills them
  // (Winograd F(4x4) products of 196 x 32 x 16 on SqueezeNet's 55x55
  // image: 455 us with k_r = 16, 330 with 1; 64 x 32 x 128 and longer
  // reductions within 2%, and a 169 x 1000 x 512 product on row-major B
  // 12% slower with 1).
  if (k) {
    bool staticK = !ShapedType::isDynamic(ranges[*k]);
    int64_t kTile = inner[*k] == 0 && staticK ? ranges[*k] : inner[*k];
    if ((kTile > kr && kTile % kr != 0) || (staticK && ranges[*k] <= 2 * kr))
      inner[*k] = 1;
  }

  // Cache level.
  // (Sized for two vectors even when n_r is one: a one-vector n_r doubling
  // k_c made ResNet-18's 512x49x4608 18% slower.)
  int64_t kc = machine.l1Bytes / 2 / (std::max(nrTile, nr) * bytes);
  kc = std::clamp<int64_t>(kc, 64, 512);
  int64_t nc = 256;
  int64_t mc = machine.l2Bytes / 4 / (kc * bytes);
  mc = std::clamp<int64_t>(mc, 32, 128);
  if (k)
    outer[*k] = pickOuterTile(ranges[*k], kc, inner[*k]);
  if (n)
    outer[*n] = pickOuterTile(ranges[*n], nc, inner[*n]);
  if (m)
    outer[*m] = pickOuterTile(ranges[*m], mc, inner[*m]);

  // An outer tile that keeps the loop whole makes the inner level the only
  // one for that loop; a level with every loop whole or 1 is still kept, so
  // that the schedule always has two levels for contractions.
  Schedule schedule;
  schedule.tileSizes = {outer, inner};
  schedule.vectorSizes = getInnermostVectorSizes(ranges, inner);
  return schedule;
}

/// The channel loop of a depthwise convolution or pooling op in NCHW or
/// NHWC (the ones the tile pass turns into sums of shifted windows), or
/// nothing. `nhwc` tells which layout.
std::optional<unsigned>
getWindowChannel(linalg::LinalgOp op, const linalg::ConvolutionDimensions &dims,
                 bool &nhwc) {
  if (dims.outputImage.empty())
    return std::nullopt;
  Operation *operation = op.getOperation();
  nhwc = isa<linalg::DepthwiseConv2DNhwcHwcOp, linalg::PoolingNhwcMaxOp,
             linalg::PoolingNhwcSumOp>(operation);
  if (isa<linalg::DepthwiseConv2DNchwChwOp, linalg::DepthwiseConv2DNhwcHwcOp>(
          operation) &&
      !dims.depth.empty())
    return dims.depth.front();
  if (!isa<linalg::PoolingNchwMaxOp, linalg::PoolingNchwSumOp,
           linalg::PoolingNhwcMaxOp, linalg::PoolingNhwcSumOp>(operation))
    return std::nullopt;
  // Pooling's channel is a batch dim of the output: its second result in
  // NCHW, its last in NHWC.
  AffineMap outputMap = op.getMatchingIndexingMap(op.getDpsInitOperand(0));
  if (outputMap.getNumResults() == 4)
    if (auto channel =
            dyn_cast<AffineDimExpr>(outputMap.getResult(nhwc ? 3 : 1)))
      return channel.getPosition();
  return std::nullopt;
}

/// Depthwise convolutions and pooling in NCHW or NHWC: the tile pass makes
/// each tile an elementwise combination of shifted windows of the input,
/// vectorized along the contiguous dim. One level, the whole window when it
/// is static and at most 3x3 (a window row when it is larger, up to 49
/// elements), every other loop 1 but:
/// - NCHW: OW two vectors, 4 channels (rows of independent accumulators);
/// - NHWC: channels two vectors (or whole vectors dividing C), OW 8 (rows
///   of accumulators, like m_r).
Schedule getWindowedSchedule(linalg::LinalgOp op,
                             const linalg::ConvolutionDimensions &dims,
                             unsigned channel, bool nhwc,
                             const TargetInfo &machine, int64_t elementBits) {
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  int64_t vw = std::max<int64_t>(1, machine.vectorBits / elementBits);
  SmallVector<int64_t> tiles(op.getNumLoops(), 1);
  unsigned ow = dims.outputImage.back();
  if (nhwc) {
    // Whole vectors: a 24-channel tile computes in masked vectors.
    tiles[channel] = pickTile(ranges[channel], 2 * vw, vw, vw, 3 * vw);
    tiles[ow] = pickTile(ranges[ow], 8, 1, 4, 12);
  } else {
    tiles[ow] =
        pickTile(ranges[ow], 2 * vw, std::max<int64_t>(1, vw / 2), vw, 3 * vw);
    tiles[channel] = pickTile(ranges[channel], 4, 1, 2, 8);
  }
  int64_t window = 1;
  bool staticWindow = true;
  for (unsigned d : dims.filterLoop) {
    staticWindow = staticWindow && !ShapedType::isDynamic(ranges[d]);
    if (staticWindow)
      window *= ranges[d];
  }
  if (staticWindow && window <= 49)
    for (unsigned d : dims.filterLoop)
      tiles[d] = 0;
  // Windows of more than 3x3: a loop over the window rows, each row's taps
  // unrolled. The whole 5x5 window unrolled over 8 columns made blocks of
  // thousands of instructions, copied into each border strip
  // (strata-split-padded-windows): EfficientNet-B0's six 5x5 depthwise
  // convolutions took 0.6-1 s of LLVM each; with the row loop its whole
  // compile went from 9.6 to 7.2 s, the run time the same.
  if (staticWindow && window > 9 && window <= 49 && dims.filterLoop.size() == 2)
    tiles[dims.filterLoop.front()] = 1;
  Schedule schedule;
  schedule.tileSizes = {tiles};
  schedule.vectorSizes = getInnermostVectorSizes(ranges, tiles);
  return schedule;
}

/// Convolutions and pooling: one level, shaped for the tile pass, which
/// turns a tile whose output height and kernel height are 1 into a 1-D
/// convolution and vectorizes that (as IREE's CPU backend does). Batch 1;
/// all output image dims but the last 1, the last (OW) 8 (like m_r); all
/// filter loops but the last (KH) 1, the last (KW) whole when at most 11 (the
/// vectorizer unrolls it, reusing the input it loaded), else 1; output and
/// depthwise channels two vectors (like n_r); input channels 16 (like k_r).
/// Pooling has no channel dims of its own: its channel is a batch dim of
/// the input and output (any but the output's first, N), and gets two
/// vectors in both layouts: the vectorizer computes NCW pooling in NWC
/// vectors (transposing), and strided windows are unrolled along OW, so
/// vectors along OW would be single elements. (Named depthwise and pooling
/// ops get getWindowedSchedule instead.) The vector sizes are the tile's.
Schedule getConvolutionSchedule(linalg::LinalgOp op,
                                const linalg::ConvolutionDimensions &dims,
                                const TargetInfo &machine,
                                int64_t elementBits) {
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  int64_t vw = std::max<int64_t>(1, machine.vectorBits / elementBits);
  SmallVector<int64_t> tiles(op.getNumLoops(), 1);
  bool nhwc = false;
  if (std::optional<unsigned> channel = getWindowChannel(op, dims, nhwc))
    return getWindowedSchedule(op, dims, *channel, nhwc, machine, elementBits);
  auto channelTile = [&](unsigned d) {
    return pickTile(ranges[d], 2 * vw, std::max<int64_t>(1, vw / 2), vw,
                    3 * vw);
  };

  if (!dims.outputImage.empty())
    tiles[dims.outputImage.back()] =
        pickTile(ranges[dims.outputImage.back()], 8, 1, 4, 12);
  if (!dims.filterLoop.empty()) {
    unsigned kw = dims.filterLoop.back();
    if (!ShapedType::isDynamic(ranges[kw]) && ranges[kw] <= 11)
      tiles[kw] = 0;
  }
  AffineMap outputMap = op.getMatchingIndexingMap(op.getDpsInitOperand(0));
  bool hasChannels = !dims.outputChannel.empty() || !dims.depth.empty();
  if (!hasChannels && outputMap.getNumResults() > 0)
    for (unsigned d : dims.batch)
      if (outputMap.getResults().front() !=
          getAffineDimExpr(d, op.getContext()))
        tiles[d] = channelTile(d);
  for (unsigned d : dims.outputChannel)
    tiles[d] = channelTile(d);
  for (unsigned d : dims.depth)
    tiles[d] = channelTile(d);
  for (unsigned d : dims.inputChannel)
    tiles[d] = pickTile(ranges[d], 16, 1, 8, 64);
  Schedule schedule;
  schedule.tileSizes = {tiles};
  schedule.vectorSizes = getInnermostVectorSizes(ranges, tiles);
  return schedule;
}

/// Everything else (elementwise ops, reductions, pooling, transposes): one
/// level, 1 on every loop but the innermost, which gets four vectors (a
/// multiple of half a vector that divides its size when one is near, else a
/// power-of-2 part of a vector that divides it), so
/// that vectors run along the contiguous dim; for a reduction whose reduced
/// loop is innermost that is the reduced loop.
Schedule getDefaultSchedule(linalg::LinalgOp op, const TargetInfo &machine,
                            int64_t elementBits) {
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  int64_t vw = std::max<int64_t>(1, machine.vectorBits / elementBits);
  SmallVector<int64_t> tiles(op.getNumLoops(), 1);
  int64_t size = ranges.back();
  tiles.back() =
      pickTile(size, 4 * vw, std::max<int64_t>(1, vw / 2), 2 * vw, 8 * vw);
  // Without such a divisor, a power-of-2 part of a vector that divides.
  if (!ShapedType::isDynamic(size) && tiles.back() != 0 &&
      size % tiles.back() != 0) {
    for (int64_t part = vw / 2; part >= 4; part /= 2) {
      if (size % part == 0) {
        tiles.back() = part;
        break;
      }
    }
  }
  // A reduction along outer loops (a global average pool: pixels summed
  // per channel) carries its accumulator vectors from one reduced
  // iteration to the next: one vector at a time. Wider tiles, with a
  // masked part (72 = 64 + 8 of 144 channels), ran EfficientNet-B0's
  // 56x56x144 pool in 126 us, one vector in 29.
  // A reduction along its innermost loop sums each tile across the lanes
  // of its vectors: up to 16 vectors, the whole loop is one tile (one sum
  // across lanes per row; the max over ViT's 197 attention scores per row
  // ran in 19 us per head group with tiles of 197, 29 with 64, 75 with 16).
  if (op.getNumReductionLoops() > 0 && !ShapedType::isDynamic(size)) {
    bool innermostReduced =
        op.getIteratorTypesArray().back() == utils::IteratorType::reduction;
    if (!innermostReduced && size > vw)
      tiles.back() = vw;
    else if (innermostReduced && size <= 16 * vw)
      tiles.back() = 0;
  }
  Schedule schedule;
  schedule.tileSizes = {tiles};
  schedule.vectorSizes = getInnermostVectorSizes(ranges, tiles);
  return schedule;
}

/// Constant combinations (Winograd's transforms, see
/// ConstantCombination.h): one level, the coefficients' loops whole (the
/// tile pass unrolls them, adding only the terms of non-zero coefficients),
/// one vector along the output's innermost loop, 1 on the others. The
/// F(2x2, 3x3) input transform's tile reads a 4x4 window of one vector of
/// channels and writes 16 vectors: 32 of AVX-512's registers.
Schedule getConstantCombinationSchedule(const ConstantCombination &combination,
                                        const TargetInfo &machine,
                                        int64_t elementBits) {
  linalg::GenericOp op = combination.op;
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  int64_t vw = std::max<int64_t>(1, machine.vectorBits / elementBits);
  SmallVector<int64_t> tiles(op.getNumLoops(), 1);
  for (unsigned i = 0; i < tiles.size(); ++i) {
    if (combination.coefficientMap.isFunctionOfDim(i))
      tiles[i] = 0;
    else if (combination.vectorLoop == i)
      tiles[i] = !ShapedType::isDynamic(ranges[i]) && ranges[i] <= vw ? 0 : vw;
  }
  Schedule schedule;
  schedule.tileSizes = {tiles};
  schedule.vectorSizes = getInnermostVectorSizes(ranges, tiles);
  return schedule;
}

/// The schedule of `root` on `machine`.
ScheduleAttr chooseSchedule(linalg::LinalgOp root, const TargetInfo &machine) {
  int64_t elementBits = getElementBits(root);
  Schedule schedule;
  FailureOr<linalg::ContractionDimensions> contraction = failure();
  FailureOr<linalg::ConvolutionDimensions> convolution = failure();
  std::optional<ConstantCombination> combination =
      matchConstantCombination(root);
  if (!combination && linalg::isaContractionOpInterface(root))
    contraction = linalg::inferContractionDims(root);
  if (!combination && failed(contraction) &&
      linalg::isaConvolutionOpInterface(root,
                                        /*allowEmptyConvolvedDims=*/false))
    convolution = linalg::inferConvolutionDims(root);
  if (combination)
    schedule =
        getConstantCombinationSchedule(*combination, machine, elementBits);
  else if (succeeded(contraction))
    schedule = getContractionSchedule(root, *contraction, machine, elementBits);
  else if (succeeded(convolution))
    schedule = getConvolutionSchedule(root, *convolution, machine, elementBits);
  else
    schedule = getDefaultSchedule(root, machine, elementBits);

  // The parallel loops tiled at the outermost level form the grid.
  SmallVector<int64_t> parallelDims;
  SmallVector<utils::IteratorType> iterators = root.getIteratorTypesArray();
  SmallVector<int64_t> ranges = root.getStaticLoopRanges();
  for (unsigned i = 0; i < iterators.size(); ++i) {
    if (iterators[i] != utils::IteratorType::parallel)
      continue;
    // A loop is split into several tiles unless its tile size is 0 or it
    // fits in one tile.
    int64_t tile = schedule.tileSizes.front()[i];
    if (tile != 0 && (ShapedType::isDynamic(ranges[i]) || ranges[i] > tile))
      parallelDims.push_back(i);
  }

  MLIRContext *ctx = root.getContext();
  SmallVector<Attribute> levels;
  for (ArrayRef<int64_t> level : schedule.tileSizes)
    levels.push_back(DenseI64ArrayAttr::get(ctx, level));
  return ScheduleAttr::get(ctx, ArrayAttr::get(ctx, levels),
                           DenseI64ArrayAttr::get(ctx, schedule.vectorSizes),
                           DenseI64ArrayAttr::get(ctx, parallelDims),
                           /*unroll=*/1, /*pack=*/false);
}

} // namespace

ScheduleAttr strata::cpu::chooseSchedule(linalg::LinalgOp root,
                                         const TargetInfo &info) {
  return ::chooseSchedule(root, info);
}

int64_t strata::cpu::getGemvPanelBytes(const TargetInfo &info) {
  return info.vectorRegisters * info.vectorBits / 8;
}

int64_t strata::cpu::getMatmulPanelBytes(const TargetInfo &info) {
  return kMatmulTileVectors * info.vectorBits / 8;
}
