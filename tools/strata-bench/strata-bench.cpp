//===- strata-bench.cpp - Time a function of a .smod module ---------------===//
//
// Runs one function repeatedly on fixed inputs (after warm-up runs) and
// prints the latency distribution: min, median, max and mean. The inputs
// are parsed once; each repetition is one Session::invoke, so the figures
// include argument checks, allocations (pooled) and every launch.
//
//===----------------------------------------------------------------------===//

#include "strata/Runtime/Inputs.h"
#include "strata/Runtime/VM.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

using namespace strata::runtime;

static const char *const kUsage =
    "usage: strata-bench MODULE.smod [options]\n"
    "\n"
    "Times one function of a Strata module.\n"
    "\n"
    "options:\n"
    "  --function=NAME     the function to run (default: main)\n"
    "  --input=SPEC        one per argument (as strata-run: @FILE.npy,\n"
    "                      2x3xf32=1,2,3,4,5,6, f32=3.5, i64=7)\n"
    "  --repetitions=N     timed runs (default: 10)\n"
    "  --warmup=W          untimed runs first (default: 1)\n"
    "  --device=DEVICE     cpu (default), cuda or cuda:N (each run includes\n"
    "                      the copies of inputs and results)\n"
    "  --threads=N         threads running kernel tiles (default: all cores)\n"
    "  --help              print this help\n";

static int fail(const std::string &message) {
  std::fprintf(stderr, "strata-bench: error: %s\n", message.c_str());
  return 1;
}

static std::string formatDuration(double ns) {
  char buffer[64];
  if (ns < 1e3)
    std::snprintf(buffer, sizeof(buffer), "%.0f ns", ns);
  else if (ns < 1e6)
    std::snprintf(buffer, sizeof(buffer), "%.3f us", ns / 1e3);
  else if (ns < 1e9)
    std::snprintf(buffer, sizeof(buffer), "%.3f ms", ns / 1e6);
  else
    std::snprintf(buffer, sizeof(buffer), "%.3f s", ns / 1e9);
  return buffer;
}

int main(int argc, char **argv) {
  std::string deviceSpec = "cpu";
  std::string modulePath, function = "main";
  std::vector<std::string> inputs;
  long repetitions = 10, warmup = 1, numThreads = 0;
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i], value;
    if (arg == "--help" || arg == "-h") {
      std::fputs(kUsage, stdout);
      return 0;
    }
    if (getFlagValue(arg, "function", value)) {
      if (value.empty())
        return fail("--function needs a name");
      function = value;
    } else if (getFlagValue(arg, "input", value)) {
      inputs.push_back(value);
    } else if (getFlagValue(arg, "repetitions", value)) {
      if (!parseCount(value, 1, 100000000, repetitions))
        return fail("--repetitions expects a positive number, got '" + value +
                    "'");
    } else if (getFlagValue(arg, "warmup", value)) {
      if (!parseCount(value, 0, 100000000, warmup))
        return fail("--warmup expects a number >= 0, got '" + value + "'");
    } else if (getFlagValue(arg, "device", value)) {
      deviceSpec = value;
    } else if (getFlagValue(arg, "threads", value)) {
      if (!parseCount(value, 1, 4096, numThreads))
        return fail("--threads expects a number from 1 to 4096, got '" + value +
                    "'");
    } else if (arg.size() > 1 && arg[0] == '-') {
      return fail("unknown option '" + arg + "' (see --help)");
    } else if (modulePath.empty()) {
      modulePath = arg;
    } else {
      return fail("more than one module given ('" + modulePath + "' and '" +
                  arg + "')");
    }
  }
  if (modulePath.empty())
    return fail("no module given (see --help)");

  StatusOr<PreparedCall> call = prepareCall(modulePath, function, inputs);
  if (!call)
    return fail(call.message());
  std::shared_ptr<const Module> module = call->module;
  uint32_t index = call->function;

  StatusOr<std::shared_ptr<DeviceAPI>> device = openDevice(deviceSpec);
  if (!device)
    return fail("--device=" + deviceSpec + ": " + device.message());
  SessionOptions options;
  options.device = *device;
  options.numThreads = static_cast<unsigned>(numThreads);
  StatusOr<std::unique_ptr<Session>> session = Session::create(module, options);
  if (!session)
    return fail(session.message());

  std::vector<double> times;
  times.reserve(repetitions);
  for (long i = 0; i < warmup + repetitions; ++i) {
    auto start = std::chrono::steady_clock::now();
    StatusOr<std::vector<Value>> results =
        (*session)->invoke(index, call->args);
    auto end = std::chrono::steady_clock::now();
    if (!results)
      return fail(results.message());
    if (i >= warmup)
      times.push_back(
          std::chrono::duration<double, std::nano>(end - start).count());
  }
  std::sort(times.begin(), times.end());
  double sum = 0;
  for (double t : times)
    sum += t;
  size_t n = times.size();
  double median = n % 2 ? times[n / 2] : (times[n / 2 - 1] + times[n / 2]) / 2;
  std::printf("function: %s  repetitions: %zu  warmup: %ld  threads: %u\n",
              function.c_str(), n, warmup,
              (*session)->getThreadPool().getNumThreads());
  std::printf("min:    %s\n", formatDuration(times.front()).c_str());
  std::printf("median: %s\n", formatDuration(median).c_str());
  std::printf("max:    %s\n", formatDuration(times.back()).c_str());
  std::printf("mean:   %s\n", formatDuration(sum / n).c_str());
  return 0;
}
