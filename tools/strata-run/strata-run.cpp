//===- strata-run.cpp - Run a function of a .smod module ------------------===//
//
// Loads a module, runs one function on the given inputs and prints each
// result the way numpy prints arrays (or writes it to a .npy file). Also the
// front end of the runtime's debugging aids: --profile (per-kernel table on
// stderr), --trace (Chrome trace JSON), --dump-tensors (every launch's
// outputs as .npy). Links only the runtime: no MLIR, no LLVM. Every error
// (a bad flag, an unreadable input, a file that cannot be written, threads
// that cannot be started, a failing call) is one message on stderr and
// exit status 1; files it cannot write are found before the run.
//
//===----------------------------------------------------------------------===//

#include "strata/Runtime/Files.h"
#include "strata/Runtime/Inputs.h"
#include "strata/Runtime/Npy.h"
#include "strata/Runtime/VM.h"

#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

using namespace strata::runtime;

static const char *const kUsage =
    "usage: strata-run MODULE.smod [options]\n"
    "\n"
    "Runs one function of a Strata module and prints its results.\n"
    "\n"
    "options:\n"
    "  --function=NAME        the function to run (default: main)\n"
    "  --input=SPEC           one per argument, in order; SPEC is\n"
    "                           @FILE.npy              a numpy file\n"
    "                           2x3xf32=1,2,3,4,5,6    shape x dtype = values\n"
    "                           f32=3.5                a rank-0 tensor\n"
    "                           i64=7                  an i64 argument\n"
    "                         (one value fills the whole tensor)\n"
    "  --output=@FILE.npy     one per result, in order: write the result to\n"
    "                         FILE.npy instead of printing it\n"
    "  --device=DEVICE        where the module runs: cpu (default), cuda\n"
    "                         (GPU 0) or cuda:N; inputs and results are\n"
    "                         copied between the host and a GPU\n"
    "  --threads=N            threads running kernel tiles (default: all\n"
    "                         cores; 1 runs on the calling thread)\n"
    "  --profile              print per-kernel statistics to stderr\n"
    "  --trace=FILE.json      write a Chrome trace of all launches\n"
    "  --dump-tensors=DIR     write each launch's outputs as .npy into DIR\n"
    "                         (with DIR/index.json)\n"
    "  --help                 print this help\n";

static int fail(const std::string &message) {
  std::fprintf(stderr, "strata-run: error: %s\n", message.c_str());
  return 1;
}

int main(int argc, char **argv) {
  std::string modulePath, function = "main", tracePath, dumpDirectory;
  std::string deviceSpec = "cpu";
  std::vector<std::string> inputs, outputs;
  unsigned numThreads = 0;
  bool profile = false;
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
    } else if (getFlagValue(arg, "output", value)) {
      if (value.size() < 2 || value[0] != '@')
        return fail("--output expects @FILE.npy, got '" + value + "'");
      outputs.push_back(value.substr(1));
    } else if (getFlagValue(arg, "device", value)) {
      deviceSpec = value;
    } else if (getFlagValue(arg, "threads", value)) {
      long n = 0;
      if (!parseCount(value, 1, ThreadPool::kMaxThreads, n))
        return fail("--threads expects a number from 1 to " +
                    std::to_string(ThreadPool::kMaxThreads) + ", got '" +
                    value + "'");
      numThreads = static_cast<unsigned>(n);
    } else if (arg == "--profile") {
      profile = true;
    } else if (getFlagValue(arg, "trace", value)) {
      if (value.empty())
        return fail("--trace needs a file name");
      tracePath = value;
    } else if (getFlagValue(arg, "dump-tensors", value)) {
      if (value.empty())
        return fail("--dump-tensors needs a directory");
      dumpDirectory = value;
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
  const bytecode::FunctionEntry &entry = module->getFunctions()[index];
  if (outputs.size() > entry.numResults)
    return fail("function '" + function + "' has " +
                std::to_string(entry.numResults) + " result" +
                (entry.numResults == 1 ? "" : "s") + ", got " +
                std::to_string(outputs.size()) + " --output");
  // Files written after the run are checked before it: a long run must
  // not end in "cannot write".
  for (const std::string &output : outputs)
    if (Status status = checkFileWritable(output); !status)
      return fail("--output: " + status.message());
  StatusOr<std::shared_ptr<DeviceAPI>> device = openDevice(deviceSpec);
  if (!device)
    return fail("--device=" + deviceSpec + ": " + device.message());
  SessionOptions options;
  options.device = *device;
  options.numThreads = numThreads;
  options.profile = profile;
  options.tracePath = tracePath;
  options.dumpDirectory = dumpDirectory;
  StatusOr<std::unique_ptr<Session>> session = Session::create(module, options);
  if (!session)
    return fail(session.message());
  StatusOr<std::vector<Value>> results =
      (*session)->invoke(index, std::move(call->args));
  if (!results)
    return fail(results.message());

  for (size_t i = 0; i < results->size(); ++i) {
    const Value &value = (*results)[i];
    if (i < outputs.size()) {
      if (!value.isTensor())
        return fail("result " + std::to_string(i) + " is " +
                    value.getTypeString() +
                    ", not a tensor: it cannot be "
                    "written as .npy");
      // numpy has no bf16: such a result is written as its raw bits
      // ('<u2'), which ml_dtypes or a view as bfloat16 reads back.
      bool isBF16 = value.getTensor().getDType() == bytecode::DType::BF16;
      Status status =
          writeNpyFile(outputs[i], value.getTensor(), /*bf16AsU16=*/true);
      if (!status.ok())
        return fail(status.message());
      if (isBF16)
        std::fprintf(stderr,
                     "strata-run: note: result %zu is bf16, written to %s as "
                     "its raw bits (<u2): numpy has no bf16\n",
                     i, outputs[i].c_str());
      continue;
    }
    std::printf("result[%zu]: %s\n", i, value.getTypeString().c_str());
    if (value.isI64())
      std::printf("%lld\n", static_cast<long long>(value.getI64()));
    else if (value.isTensor())
      std::printf("%s\n", formatTensor(value.getTensor()).c_str());
    else
      std::printf("<%zu bytes>\n", value.getStorage()->getSize());
  }
  std::fflush(stdout);
  if (profile)
    std::fputs((*session)->getProfileReport().c_str(), stderr);
  Status flushed = (*session)->flush();
  if (!flushed.ok())
    return fail(flushed.message());
  return 0;
}
