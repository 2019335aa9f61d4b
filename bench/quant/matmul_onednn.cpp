//===- matmul_onednn.cpp - oneDNN's int8 and f32 matmul, the baseline -----===//
//
// The baseline of bench/quant/bench_matmul.py: times oneDNN's inference
// matmul of M x K by K x N, u8 x s8 into s32 and f32 x f32 into f32, with
// the weights as a framework keeps them between calls (`format_tag::any`,
// reordered once, outside the timed loop) and row-major activations and
// results. Prints one JSON object: the best of REPS runs after one warm-up
// per type, in milliseconds, and the implementation oneDNN chose. Threads:
// OpenMP's (OMP_NUM_THREADS), as Debian's libdnnl uses it.
//
//   matmul_onednn M K N [REPS]
//
//===----------------------------------------------------------------------===//

#include <dnnl.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>

using namespace dnnl;
using tag = memory::format_tag;
using dt = memory::data_type;

namespace {

/// Best time in ms of REPS runs of one matmul of these types, and the
/// implementation's name.
std::pair<double, std::string> timeMatmul(engine &eng, stream &strm,
                                          memory::dim m, memory::dim k,
                                          memory::dim n, dt src, dt wei, dt dst,
                                          int reps) {
  memory::desc srcDesc({m, k}, src, tag::ab);
  memory::desc weiAny({k, n}, wei, tag::any);
  memory::desc dstDesc({m, n}, dst, tag::ab);
  // oneDNN 2.x (Debian 12): an op descriptor, then the primitive one.
  matmul::primitive_desc pd(matmul::desc(srcDesc, weiAny, dstDesc), eng);
  memory srcMem(srcDesc, eng), dstMem(dstDesc, eng);
  memory weiPlain({{k, n}, wei, tag::ab}, eng);
  memory weiMem(pd.weights_desc(), eng);
  // Small values, valid in every type.
  auto fill = [](memory &mem, size_t bytes) {
    auto *data = static_cast<unsigned char *>(mem.get_data_handle());
    for (size_t i = 0; i < bytes; ++i)
      data[i] = static_cast<unsigned char>((i * 7) % 5);
  };
  fill(srcMem, srcDesc.get_size());
  fill(weiPlain, weiPlain.get_desc().get_size());
  reorder(weiPlain, weiMem).execute(strm, weiPlain, weiMem);
  matmul prim(pd);
  auto run = [&] {
    prim.execute(strm, {{DNNL_ARG_SRC, srcMem},
                        {DNNL_ARG_WEIGHTS, weiMem},
                        {DNNL_ARG_DST, dstMem}});
    strm.wait();
  };
  run();
  double best = 1e30;
  for (int i = 0; i < reps; ++i) {
    auto start = std::chrono::steady_clock::now();
    run();
    std::chrono::duration<double, std::milli> took =
        std::chrono::steady_clock::now() - start;
    best = std::min(best, took.count());
  }
  return {best, pd.impl_info_str()};
}

} // namespace

int main(int argc, char **argv) {
  if (argc < 4) {
    std::fprintf(stderr, "usage: matmul_onednn M K N [REPS]\n");
    return 2;
  }
  memory::dim m = std::atol(argv[1]), k = std::atol(argv[2]),
              n = std::atol(argv[3]);
  int reps = argc > 4 ? std::atoi(argv[4]) : 20;
  engine eng(engine::kind::cpu, 0);
  stream strm(eng);
  auto [int8Ms, int8Impl] =
      timeMatmul(eng, strm, m, k, n, dt::u8, dt::s8, dt::s32, reps);
  auto [f32Ms, f32Impl] =
      timeMatmul(eng, strm, m, k, n, dt::f32, dt::f32, dt::f32, reps);
  std::printf("{\"int8_ms\": %.6f, \"int8_impl\": \"%s\", \"f32_ms\": %.6f, "
              "\"f32_impl\": \"%s\"}\n",
              int8Ms, int8Impl.c_str(), f32Ms, f32Impl.c_str());
  return 0;
}
