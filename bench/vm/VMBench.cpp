//===- VMBench.cpp - Dispatch, call and load costs of the bytecode VM -----===//
//
// Measures, in one run, against C++ baselines compiled into this binary:
//  - dispatch: ns per simple I64 instruction in a bytecode loop
//    (cmp, cond_br, add, xor, add, br per iteration), against a noinline
//    C++ call doing one such operation;
//  - call: ns per bytecode Call + Return (a loop calling `inc(x)`, minus
//    the same loop doing the add inline), against a noinline C++ call;
//  - invoke: ns per Session::invoke of a trivial function;
//  - load: Module::loadFile of a module with a 100 MB constant pool, which
//    the bench writes to a temporary file first (mmapped, so it should take
//    about a millisecond, not the ~30 ms a copy would), and Session::create.
// Prints a markdown table.
//
//===----------------------------------------------------------------------===//

#include "strata/Runtime/ModuleWriter.h"
#include "strata/Runtime/VM.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <unistd.h>
#include <vector>

using namespace strata::runtime;
using bytecode::Opcode;
using Clock = std::chrono::steady_clock;

namespace {

/// Exits with `message` when `status` failed (a bench has nothing to
/// recover).
void check(const Status &status, const char *what) {
  if (!status.ok()) {
    std::fprintf(stderr, "strata-vm-bench: %s: %s\n", what,
                 status.message().c_str());
    std::exit(1);
  }
}
template <typename T> T take(StatusOr<T> value, const char *what) {
  check(value.ok() ? Status::success() : value.getStatus(), what);
  return std::move(*value);
}

double secondsSince(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

/// Best of `repeats` timings of fn(), in seconds.
template <typename F> double bestOf(int repeats, F &&fn) {
  double best = 1e30;
  for (int i = 0; i < repeats; ++i) {
    Clock::time_point start = Clock::now();
    fn();
    best = std::min(best, secondsSince(start));
  }
  return best;
}

// C++ baselines: noinline so that each is a real call.
__attribute__((noinline)) int64_t addOne(int64_t x) {
  asm volatile("");
  return x + 1;
}
__attribute__((noinline)) int64_t step(int64_t acc, int64_t i) {
  asm volatile("");
  return (acc + i) ^ 1;
}

/// loop(n): for i in [0, n): acc = (acc + i) ^ 1, six instructions per
/// iteration; with `callInc`, the add of i goes through `inc` instead:
/// acc = inc(acc) ^ 1.
std::vector<uint8_t> buildLoopModule() {
  ModuleWriter w;
  uint32_t i64 = w.addI64Type();
  uint32_t incIndex = w.declareFunction("inc");
  for (bool callInc : {false, true}) {
    FunctionBuilder *f =
        take(w.getFunction(w.declareFunction(callInc ? "loop_call" : "loop")),
             "function");
    // r0 n, r1 i, r2 acc, r3 one, r4 cond
    f->setRegisterTypes({i64, i64, i64, i64, i64});
    f->setNumArgs(1);
    f->setResultTypes({i64});
    Label head = f->createLabel(), body = f->createLabel(),
          exit = f->createLabel();
    check(f->emit(Opcode::ConstI64, {1, 0}), "emit");
    check(f->emit(Opcode::ConstI64, {2, 0}), "emit");
    check(f->emit(Opcode::ConstI64, {3, 1}), "emit");
    check(f->placeLabel(head), "label");
    check(
        f->emit(Opcode::CmpI, {4, uint32_t(bytecode::CmpPredicate::slt), 1, 0}),
        "emit");
    check(f->emit(Opcode::CondBranch, {4, body, exit}), "emit");
    check(f->placeLabel(body), "label");
    if (callInc)
      check(f->emit(Opcode::Call, {incIndex, std::vector<uint32_t>{2},
                                   std::vector<uint32_t>{2}}),
            "emit");
    else
      check(f->emit(Opcode::AddI, {2, 2, 1}), "emit");
    check(f->emit(Opcode::XorI, {2, 2, 3}), "emit");
    check(f->emit(Opcode::AddI, {1, 1, 3}), "emit");
    check(f->emit(Opcode::Branch, {head}), "emit");
    check(f->placeLabel(exit), "label");
    check(f->emit(Opcode::Return, {std::vector<uint32_t>{2}}), "emit");
  }
  FunctionBuilder *inc = take(w.getFunction(incIndex), "function");
  inc->setRegisterTypes({i64, i64, i64});
  inc->setNumArgs(1);
  inc->setResultTypes({i64});
  check(inc->emit(Opcode::ConstI64, {1, 1}), "emit");
  check(inc->emit(Opcode::AddI, {2, 0, 1}), "emit");
  check(inc->emit(Opcode::Return, {std::vector<uint32_t>{2}}), "emit");
  FunctionBuilder *nop = take(w.getFunction(w.declareFunction("nop")), "fn");
  nop->setRegisterTypes({i64});
  nop->setNumArgs(1);
  nop->setResultTypes({i64});
  check(nop->emit(Opcode::Return, {std::vector<uint32_t>{0}}), "emit");
  return take(w.finish(), "finish");
}

std::unique_ptr<Session> makeSession(std::shared_ptr<const Module> module) {
  SessionOptions options;
  options.numThreads = 1;
  return take(Session::create(std::move(module), options), "session");
}

} // namespace

int main(int argc, char **argv) {
  int64_t iterations = 20000000;
  if (argc > 1)
    iterations = std::max<int64_t>(1000, std::atoll(argv[1]));
  const int repeats = 5;

  std::vector<uint8_t> bytes = buildLoopModule();
  std::shared_ptr<const Module> module(take(
      Module::loadBuffer(bytes.data(), bytes.size(), "loop.smod"), "load"));
  std::unique_ptr<Session> session = makeSession(module);

  // Dispatch: 6 instructions per iteration.
  int64_t result = 0;
  double loopSeconds = bestOf(repeats, [&] {
    auto r = take(session->invoke("loop", {Value::i64(iterations)}), "loop");
    result += r[0].getI64();
  });
  double nsPerInstruction = loopSeconds * 1e9 / (6.0 * iterations);
  volatile int64_t sink = 0;
  double cxxStep = bestOf(repeats, [&] {
    int64_t acc = 0;
    for (int64_t i = 0; i < iterations; ++i)
      acc = step(acc, i);
    sink = acc;
  });
  double cxxNsPerOp = cxxStep * 1e9 / iterations;

  // Call: (loop with a call) - (loop with an add), plus the add replaced.
  double callSeconds = bestOf(repeats, [&] {
    auto r = take(session->invoke("loop_call", {Value::i64(iterations)}),
                  "loop_call");
    result += r[0].getI64();
  });
  // The call loop runs call + (const, add, ret in inc) where the plain loop
  // runs one add: the difference is a Call + Return pair plus one const.
  double nsPerCall =
      (callSeconds - loopSeconds) * 1e9 / iterations - nsPerInstruction;
  double cxxCall = bestOf(repeats, [&] {
    int64_t acc = 0;
    for (int64_t i = 0; i < iterations; ++i)
      acc = addOne(acc) ^ 1;
    sink = acc;
  });
  double cxxNsPerCall = cxxCall * 1e9 / iterations;

  // Session::invoke of a trivial function.
  const int invokes = 200000;
  double invokeSeconds = bestOf(repeats, [&] {
    for (int i = 0; i < invokes; ++i)
      result +=
          take(session->invoke("nop", {Value::i64(i)}), "nop")[0].getI64();
  });
  double nsPerInvoke = invokeSeconds * 1e9 / invokes;

  // Load: a module with a 100 MB constant pool, from a temporary file.
  const size_t constantBytes = 100u << 20;
  std::string path;
  {
    char name[] = "/tmp/strata-vm-bench-XXXXXX";
    int fd = mkstemp(name);
    if (fd < 0) {
      std::perror("mkstemp");
      return 1;
    }
    ::close(fd);
    path = name;
    ModuleWriter w;
    uint32_t type = take(
        w.addTensorType(bytecode::DType::F32, {int64_t(constantBytes / 4)}),
        "type");
    std::vector<uint8_t> weights(constantBytes, 0x3f);
    take(w.addConstant("weights", type, weights.data(), weights.size()),
         "constant");
    FunctionBuilder *f = take(w.getFunction(w.declareFunction("main")), "fn");
    f->setRegisterTypes({type});
    f->setResultTypes({type});
    check(f->emit(Opcode::Constant, {0, 0}), "emit");
    check(f->emit(Opcode::Return, {std::vector<uint32_t>{0}}), "emit");
    check(w.writeFile(path), "write");
  }
  double loadSeconds = 1e30, createSeconds = 1e30, runSeconds = 1e30;
  for (int i = 0; i < repeats; ++i) {
    Clock::time_point start = Clock::now();
    std::shared_ptr<const Module> big(take(Module::loadFile(path), "load"));
    loadSeconds = std::min(loadSeconds, secondsSince(start));
    start = Clock::now();
    std::unique_ptr<Session> bigSession = makeSession(big);
    createSeconds = std::min(createSeconds, secondsSince(start));
    start = Clock::now();
    auto r = take(bigSession->invoke("main", {}), "main");
    runSeconds = std::min(runSeconds, secondsSince(start));
    result += r[0].getTensor().getNumElements();
  }
  ::unlink(path.c_str());

  std::printf("## Strata VM micro-benchmarks (best of %d, 1 thread)\n\n",
              repeats);
  std::printf("| measure | Strata VM | C++ baseline | ratio |\n");
  std::printf("|---|---|---|---|\n");
  std::printf("| simple I64 instruction (dispatch), ns | %.2f | %.2f "
              "(noinline call doing one op) | %.1fx |\n",
              nsPerInstruction, cxxNsPerOp, nsPerInstruction / cxxNsPerOp);
  std::printf("| bytecode Call + Return, ns | %.2f | %.2f (noinline call) "
              "| %.1fx |\n",
              nsPerCall, cxxNsPerCall, nsPerCall / cxxNsPerCall);
  std::printf("| Session::invoke of a trivial function, ns | %.1f | - | - |\n",
              nsPerInvoke);
  std::printf("| Module::loadFile, 100 MB constant pool, us | %.1f | - | - "
              "|\n",
              loadSeconds * 1e6);
  std::printf("| Session::create on it, us | %.1f | - | - |\n",
              createSeconds * 1e6);
  std::printf("| invoke returning the 100 MB constant (no copy), us | %.1f "
              "| - | - |\n",
              runSeconds * 1e6);
  std::printf("\n(%lld loop iterations; checksum %lld)\n",
              static_cast<long long>(iterations),
              static_cast<long long>(result + sink));
  return 0;
}
