//===- Passes.td - CUDA code generation passes -------------*- tablegen -*-===//
//
// The passes of the CUDA backend's kernel code generation: padding read
// through predicated loads, the distribution of a kernel over thread blocks
// and threads (scf.forall), and the mapping of those loops to a gpu.func
// (or, for checking the schedules on a CPU, to sequential loops).
//
//===----------------------------------------------------------------------===//

#ifndef STRATA_CODEGEN_CUDA_PASSES_TD
#define STRATA_CODEGEN_CUDA_PASSES_TD

include "mlir/Pass/PassBase.td"

def CUDACopiesToGenericsPass
    : Pass<"strata-cuda-copies-to-generics", "::mlir::func::FuncOp"> {
  let summary = "Turn pads, concatenations and output slices into generics";
  let description = [{
    Data movement becomes elementwise `linalg.generic` ops over the result's
    shape whose bodies read their sources with `tensor.extract` at indices
    computed from `linalg.index`:
    - `tensor.pad` with a padding value defined outside it: the source where
      the index lies inside it, the padding value elsewhere (an `scf.if`,
      so no load goes out of bounds);
    - `tensor.concat`: the input whose range along the axis holds the index
      (a chain of `scf.if`, one load);
    - `tensor.extract_slice` written to a kernel's output
      (`bufferization.materialize_in_destination`): the source at the
      slice's offsets and strides (rank-reducing slices too);
    and a `tensor.extract` of a `linalg.transpose`'s result reads the
    transpose's input at the permuted indices (the padded NCHW image of an
    NHWC kernel is then read in place, not transposed whole first).
    A linalg op that reads a pad's result through a window (a convolution's
    or a pooling's input, whose indexing map is not a projected
    permutation) becomes a `linalg.generic` without that input: the pad's
    body, at the indices the window reads (`affine.apply` of the op's
    `linalg.index`es), moves into the op's body. No thread then computes
    its window's bounding box of the padded input into private memory (a
    3x3 window of 960 channels is 34 KiB per thread; a dilated window is
    mostly never read), and padding is a predicate on the loads, as in
    implicit-GEMM convolutions. Tile-and-fuse recomputes other pads inside
    each thread's tile, one element at a time, and a concatenation or a
    split is one thread per element instead of copies that one GPU thread
    would make.
  }];
  let dependentDialects = ["::mlir::linalg::LinalgDialect",
                           "::mlir::scf::SCFDialect",
                           "::mlir::tensor::TensorDialect",
                           "::mlir::arith::ArithDialect"];
}

def CUDADistributePass
    : Pass<"strata-cuda-distribute", "::mlir::func::FuncOp"> {
  let summary = "Tile a kernel into thread blocks and threads (scf.forall)";
  let description = [{
    On a destination-passing kernel (convert-kernel-to-dps-func) on
    tensors, whose one output is computed by a linalg op: that op is tiled
    by the block tile sizes of the kernel's schedule (its first level; 0
    keeps a loop whole) into an `scf.forall` mapped to `#gpu.block`s,
    its producers fused into the loop body (upstream tile-and-fuse). Inside
    a block tile, each linalg op is then tiled by the schedule's thread
    tiles (its second level: 1 along the parallel loops, the reductions
    whole) into an `scf.forall` mapped to `#gpu.thread`s, fusing the
    producers that vary along every loop the thread tile splits (an
    elementwise op, a pad): a producer that does not (a row reduction read
    by every element of its row) is not recomputed per thread but becomes a
    thread loop of its own before its consumer's, its result a block-level
    buffer (shared memory after strata-cuda-map-forall). A reduction of at
    least 64 elements (or a dynamic count) over at most 16 rows of a block,
    whose inputs are arguments' slices or other reductions' results, is
    shared by the block's 256 threads instead (upstream partial reduction
    tiling: each thread reduces its chunk into a partial, in a block
    buffer, and a merge op, tiled one thread per row, combines them).

    A matrix product whose schedule has a third level (staging tiles of its
    reduction loop; cuda::chooseSchedule gives one to products of static
    sizes) is stepped through its reduction in an `scf.for` of the block
    marked `strata.cuda.stage_loop`, accumulating into the product's init:
    each step copies its slices of the operands into tensors of their own
    (block buffers: shared memory) in thread loops of one element per
    thread (consecutive threads read consecutive elements: coalesced), then
    each thread computes its register tile (the schedule's second level) of
    the step's product from them, vectorized and lowered to outer products
    (`vector.fma` over rows of the tile, the tile the accumulator).
    Epilogues stay fused: they read the accumulated block tile.

    The schedule is the one on the kernel's scheduled op where its loops
    map onto the output op's through the output dims; otherwise the output
    op's loops get the CUDA backend's default block tiles. A kernel this
    pass cannot tile (several outputs, an output not computed by a linalg
    op, loops of scf ops) is left alone: strata-cuda-map-forall runs it on
    one thread.
  }];
  let dependentDialects = ["::mlir::gpu::GPUDialect",
                           "::mlir::scf::SCFDialect",
                           "::mlir::tensor::TensorDialect",
                           "::mlir::affine::AffineDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::vector::VectorDialect"];
}

def CUDAMapForallPass : Pass<"strata-cuda-map-forall", "::mlir::ModuleOp"> {
  let summary = "Map a distributed kernel's loops to a GPU grid";
  let description = [{
    Runs after bufferization on the kernels of strata-cuda-distribute
    (func.func marked `strata.kernel_abi`). The loop mapped to `#gpu.block`s
    becomes a block-stride loop over its linearized tiles (tile index from
    `gpu.block_id x`, stepping by `gpu.grid_dim x`), each loop mapped to
    `#gpu.thread`s inside it a thread-stride loop (from
    `gpu.thread_id x`, stepping by `gpu.block_dim x`), with a `gpu.barrier`
    after each when a block runs several thread loops; a stage loop in the
    block (a staged product's steps) runs in every thread, with the thread
    loops inside it mapped and separated by barriers the same way, and the
    buffers allocated in it moved before it. The grid has one
    block per tile where the tile count is static (up to `max-blocks`);
    otherwise (dynamic shapes) `max-blocks` is the cap of a grid the host
    computes at each launch when the block loop's bounds are constants,
    index arguments or dims of arguments (`strata.cuda.grid_scale` times
    the product of ceil(value / step) over the (argument, dim or -1, step)
    triples of `strata.cuda.grid_factors`), and the grid itself when they
    are not (the loops cover any count); a block has the thread loops' largest static trip count
    rounded up to whole warps, at most `max-threads`, threads.

    Buffers of a block (between its thread loops) move to workgroup
    (shared) memory, statically sized buffers of one thread to private
    memory (`memref.alloca`), as does a buffer at the top of the kernel
    that nothing reads or writes (a pooling op's window operand); a buffer
    of dynamic size whose sizes have
    constant upper bounds (a partial tile's) gets a buffer of the bounds'
    size, viewed with its own sizes; other buffers of dynamic size (dynamic
    shapes) come from the device heap (`malloc` in the thread) and are
    freed at the end of the block that allocates them (an error when a
    loop carries one out of it). Copies become `linalg.copy` loops (a GPU
    has no `memrefCopy`). A kernel without a block loop runs on one thread
    of one block.

    The function then becomes a `gpu.func` kernel in a `gpu.module` named
    after it, with the same arguments minus the CPU tile range, carrying
    `known_block_size`; the gpu.module carries `strata.cuda.grid` and
    `strata.cuda.block` (the grid's blocks and a block's threads).

    With `sequential`, the same loops are built with the block and thread
    indices as ordinary loops over the grid and the block, in a func.func
    that stays a CPU kernel: the GPU schedules' tiling, indexing and
    buffers then run, and are checked, on the CPU (barriers separate whole
    thread loops, so their order is kept).
  }];
  let options = [
    Option<"maxThreads", "max-threads", "int64_t", "256",
           "The most threads of a block">,
    Option<"maxBlocks", "max-blocks", "int64_t", "1056",
           "The most blocks of a grid (8 per multiprocessor of an H200)">,
    Option<"sequential", "sequential", "bool", "false",
           "Build loops over the grid and the block on the CPU instead of a "
           "gpu.func">,
  ];
  let dependentDialects = ["::mlir::gpu::GPUDialect",
                           "::mlir::linalg::LinalgDialect",
                           "::mlir::scf::SCFDialect",
                           "::mlir::memref::MemRefDialect",
                           "::mlir::arith::ArithDialect"];
}

#endif // STRATA_CODEGEN_CUDA_PASSES_TD
