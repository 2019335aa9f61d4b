//===- conv_onednn.cpp - oneDNN's direct convolution, the conv baseline ---===//
//
// The baseline of bench/kernels: times oneDNN's forward-inference direct
// convolution (f32, batch N, no bias) on one shape in two set-ups and prints
// one JSON object:
//
//   - "plain": activations in NCHW and weights in OIHW (GOIHW grouped), the
//     layouts Strata's graph uses, so no reorder is needed around the call;
//   - "best": every memory descriptor `format_tag::any`, so oneDNN picks the
//     blocked layouts (nChw16c, ...) its fastest implementation wants. The
//     reorders into and out of those layouts are done once, outside the
//     timed loop: this is what a framework that keeps activations blocked
//     between layers pays.
//
// Each figure is the best of REPS runs after one warm-up, in milliseconds,
// with the name of the implementation oneDNN chose. The thread count is
// OpenMP's (OMP_NUM_THREADS), as Debian's libdnnl uses the OpenMP runtime.
//
//   conv_onednn N C H W OC KH KW STRIDE PAD GROUPS [REPS]
//
//===----------------------------------------------------------------------===//

#include <dnnl.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <unordered_map>
#include <vector>

using namespace dnnl;
using tag = memory::format_tag;
using dt = memory::data_type;

namespace {

/// A shape and the thread-independent set-up of one measurement.
struct Shape {
  long n, c, h, w, oc, kh, kw, stride, pad, groups;
  long oh() const { return (h + 2 * pad - kh) / stride + 1; }
  long ow() const { return (w + 2 * pad - kw) / stride + 1; }
};

/// Fills a memory object's buffer with small deterministic values (the
/// values do not change the timing of a convolution; they must not be
/// denormals or NaN).
void fill(memory &mem) {
  size_t count = mem.get_desc().get_size() / sizeof(float);
  auto *data = static_cast<float *>(mem.get_data_handle());
  for (size_t i = 0; i < count; ++i)
    data[i] = static_cast<float>((i * 7) % 13) / 13.0f - 0.5f;
}

/// The result of one set-up: best time and the implementation's name.
struct Timing {
  double bestMs;
  std::string impl;
  std::string srcFormat;
};

Timing run(const Shape &s, bool plain, int reps, engine &eng, stream &strm) {
  memory::dims srcDims = {s.n, s.c, s.h, s.w};
  memory::dims dstDims = {s.n, s.oc, s.oh(), s.ow()};
  memory::dims weightDims =
      s.groups == 1
          ? memory::dims{s.oc, s.c, s.kh, s.kw}
          : memory::dims{s.groups, s.oc / s.groups, s.c / s.groups, s.kh, s.kw};
  tag weightTag = s.groups == 1 ? tag::oihw : tag::goihw;
  memory::desc srcMd(srcDims, dt::f32, plain ? tag::nchw : tag::any);
  memory::desc weightMd(weightDims, dt::f32, plain ? weightTag : tag::any);
  memory::desc dstMd(dstDims, dt::f32, plain ? tag::nchw : tag::any);
  convolution_forward::desc desc(
      prop_kind::forward_inference, algorithm::convolution_direct, srcMd,
      weightMd, dstMd, {s.stride, s.stride}, {s.pad, s.pad}, {s.pad, s.pad});
  convolution_forward::primitive_desc pd(desc, eng);

  // Buffers in the user's plain layouts, reordered (untimed) into the
  // primitive's when it chose others.
  memory userSrc({srcDims, dt::f32, tag::nchw}, eng);
  memory userWeights({weightDims, dt::f32, weightTag}, eng);
  fill(userSrc);
  fill(userWeights);
  memory src = userSrc, weights = userWeights;
  if (pd.src_desc() != userSrc.get_desc()) {
    src = memory(pd.src_desc(), eng);
    reorder(userSrc, src).execute(strm, userSrc, src);
  }
  if (pd.weights_desc() != userWeights.get_desc()) {
    weights = memory(pd.weights_desc(), eng);
    reorder(userWeights, weights).execute(strm, userWeights, weights);
  }
  memory dst(pd.dst_desc(), eng);
  strm.wait();

  convolution_forward conv(pd);
  std::unordered_map<int, memory> args = {
      {DNNL_ARG_SRC, src}, {DNNL_ARG_WEIGHTS, weights}, {DNNL_ARG_DST, dst}};
  double best = 1e30;
  for (int r = 0; r < reps + 1; ++r) {
    auto start = std::chrono::steady_clock::now();
    conv.execute(strm, args);
    strm.wait();
    auto end = std::chrono::steady_clock::now();
    double ms = std::chrono::duration<double, std::milli>(end - start).count();
    if (r > 0) // the first run is the warm-up
      best = std::min(best, ms);
  }
  // The source layout: "nchw" for the plain set-up, else a short name of
  // the blocking (e.g. nChw16c) derived from the descriptor.
  std::string format = "nchw";
  if (!plain) {
    const dnnl_memory_desc_t &c = pd.src_desc().data;
    if (c.format_kind == dnnl_blocked && c.format_desc.blocking.inner_nblks)
      format =
          "nChw" + std::to_string(c.format_desc.blocking.inner_blks[0]) + "c";
    else if (c.format_kind == dnnl_blocked &&
             c.format_desc.blocking.strides[1] == 1)
      format = "nhwc";
  }
  return {best, pd.impl_info_str(), format};
}

} // namespace

int main(int argc, char **argv) {
  if (argc < 11) {
    std::fprintf(stderr,
                 "usage: %s N C H W OC KH KW STRIDE PAD GROUPS [REPS]\n",
                 argv[0]);
    return 2;
  }
  long v[10];
  for (int i = 0; i < 10; ++i) {
    char *end = nullptr;
    v[i] = std::strtol(argv[i + 1], &end, 10);
    if (*argv[i + 1] == '\0' || *end != '\0' || v[i] < 0) {
      std::fprintf(stderr, "argument %d ('%s') is not a number >= 0\n", i + 1,
                   argv[i + 1]);
      return 2;
    }
  }
  Shape s{v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7], v[8], v[9]};
  int reps = argc > 11 ? std::atoi(argv[11]) : 10;
  if (s.n < 1 || s.c < 1 || s.oc < 1 || s.kh < 1 || s.kw < 1 || s.stride < 1 ||
      s.groups < 1 || s.c % s.groups || s.oc % s.groups || s.oh() < 1 ||
      s.ow() < 1 || reps < 1) {
    std::fprintf(stderr, "invalid convolution shape or repetitions\n");
    return 2;
  }
  try {
    engine eng(engine::kind::cpu, 0);
    stream strm(eng);
    Timing plain = run(s, true, reps, eng, strm);
    Timing best = run(s, false, reps, eng, strm);
    std::printf("{\"plain_ms\": %.6f, \"plain_impl\": \"%s\", "
                "\"best_ms\": %.6f, \"best_impl\": \"%s\", "
                "\"best_format\": \"%s\"}\n",
                plain.bestMs, plain.impl.c_str(), best.bestMs,
                best.impl.c_str(), best.srcFormat.c_str());
  } catch (const dnnl::error &e) {
    // oneDNN reports unsupported shapes through exceptions; turn them into
    // an error message and a status instead of a crash.
    std::fprintf(stderr, "oneDNN error: %s (status %d)\n", e.what(),
                 static_cast<int>(e.status));
    return 1;
  }
  return 0;
}
