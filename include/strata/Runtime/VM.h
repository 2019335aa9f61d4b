//===- VM.h - The bytecode interpreter and its sessions ---------*- C++ -*-===//
//
// A Session runs the functions of one verified Module: it owns the loaded
// kernel library, a thread pool for launches, a device to allocate on, the
// constant tensors (views of the module's own copy of its file) and the
// observers (profiler, trace, tensor dumper). Session::invoke checks the
// arguments against the function's signature and interprets its bytecode:
// a register file of Values, a switch dispatch loop, explicit call frames
// (no C++ recursion, with a depth limit). The loader's verifier has checked
// everything static (register indices and kinds, lists, branch targets,
// table indices), so the loop checks only what depends on run-time values:
// sizes, shapes, element counts, storage bounds, Load/Store indices,
// division by zero, overflow, grid results and input signatures.
//
//===----------------------------------------------------------------------===//

#ifndef STRATA_RUNTIME_VM_H
#define STRATA_RUNTIME_VM_H

#include "strata/Runtime/Device.h"
#include "strata/Runtime/Launcher.h"
#include "strata/Runtime/Module.h"
#include "strata/Runtime/Profiler.h"
#include "strata/Runtime/Registry.h"
#include "strata/Runtime/Tensor.h"
#include "strata/Runtime/ThreadPool.h"

#include <chrono>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace strata::runtime {

/// How a Session runs.
struct SessionOptions {
  /// Threads running a launch's tiles (the caller included); 0 = one per
  /// hardware thread, 1 = everything on the calling thread.
  unsigned numThreads = 0;
  /// Collect per-kernel statistics (Session::getProfileReport).
  bool profile = false;
  /// Write a Chrome trace of all launches here on flush / destruction
  /// (checked to be writable by Session::create).
  std::string tracePath;
  /// Dump every launch's outputs as .npy into this directory.
  std::string dumpDirectory;
  /// Bytecode call depth beyond which a Call fails.
  unsigned maxCallDepth = 1024;
  /// Where tensors and storages are allocated (default: the CPU device).
  std::shared_ptr<DeviceAPI> device;
  /// Native functions CallNative finds (default: Registry::global()).
  Registry *registry = nullptr;
};

/// Runs the functions of one module. One invocation at a time (concurrent
/// invoke calls are serialized); create several sessions to run in
/// parallel. A native function called by bytecode must not invoke the
/// session that called it (it would wait for itself).
class Session {
public:
  /// Loads the kernel library and prepares the functions. Fails if the
  /// host lacks a CPU feature the kernels need, the library cannot be
  /// loaded or a kernel symbol is missing, the threads cannot be started,
  /// or the trace file or dump directory cannot be written.
  static StatusOr<std::unique_ptr<Session>>
  create(std::shared_ptr<const Module> module, SessionOptions options = {});
  /// Flushes the observers (errors are ignored here: call flush() to see
  /// them).
  ~Session();
  Session(const Session &) = delete;
  Session &operator=(const Session &) = delete;

  /// Calls function `name` with `args`; returns its results. Argument
  /// errors name the argument and both types.
  StatusOr<std::vector<Value>> invoke(std::string_view name,
                                      std::vector<Value> args);
  /// Calls function `index` (an index into the module's Functions table).
  StatusOr<std::vector<Value>> invoke(uint32_t index, std::vector<Value> args);

  const Module &getModule() const { return *module; }
  const std::shared_ptr<const Module> &getModulePtr() const { return module; }
  ThreadPool &getThreadPool() { return *pool; }
  const std::shared_ptr<DeviceAPI> &getDevice() const { return device; }
  /// The profiler when profiling or tracing, else nullptr.
  Profiler *getProfiler() const { return profiler.get(); }
  /// The profiler's table ("" when not profiling).
  std::string getProfileReport() const;
  /// Adds an observer of launches and native calls.
  void addObserver(std::shared_ptr<Observer> observer);
  /// Writes the trace file and the dump index.
  Status flush();

private:
  Session() = default;

  /// What the interpreter needs of each function, decoded once.
  struct FunctionInfo {
    std::string name;
    /// The function's entry in the module (for instruction locations).
    const bytecode::FunctionEntry *entry = nullptr;
    const uint32_t *code = nullptr;
    uint32_t numRegisters = 0, numArgs = 0, numResults = 0;
    std::vector<const bytecode::TypeEntry *> registerTypes;
    std::vector<const bytecode::TypeEntry *> resultTypes;
    std::vector<ValueKind> kinds;
    /// Registers holding a Tensor or Storage: cleared when a frame ends.
    std::vector<uint32_t> refRegisters;
  };
  /// One activation of a bytecode function.
  struct Frame {
    uint32_t function;
    /// First register of the frame in the register stack.
    uint32_t base;
    /// Word index of the caller's Call instruction (to find its results
    /// list and resume after it); unused for the entry frame.
    uint32_t callPc;
  };

  Status checkArguments(const FunctionInfo &function,
                        const std::vector<Value> &args) const;
  StatusOr<std::vector<Value>> run(uint32_t function, std::vector<Value> &args);
  /// Makes registers [base, base+count) usable; returns the stack's data.
  Value *reserveRegisters(uint32_t base, uint32_t count);
  void enterFrame(const FunctionInfo &function, Value *regs);
  void leaveFrame(const FunctionInfo &function, Value *regs);
  /// Implementations of the heavier opcodes; they return an error message
  /// (empty on success) so that the dispatch loop can add its context.
  std::string doLaunch(const uint32_t *operands, Value *regs);
  std::string doCallNative(const uint32_t *operands, Value *regs,
                           const FunctionInfo &function);
  Status notify(const LaunchEvent &event);
  uint64_t nowNs() const;

  std::shared_ptr<const Module> module;
  SessionOptions options;
  std::shared_ptr<DeviceAPI> device;
  Registry *registry = nullptr;
  std::unique_ptr<ThreadPool> pool;
  /// One launcher per kernel library of the module (the CPU one runs its
  /// tiles on `pool`), and the launcher of each kernel (Kernels index).
  std::vector<std::unique_ptr<Launcher>> launchers;
  std::vector<Launcher *> kernelLaunchers;
  std::vector<FunctionInfo> functions;
  /// The constants as tensors viewing the module's bytes.
  std::vector<Tensor> constants;
  std::shared_ptr<Profiler> profiler;
  std::vector<std::shared_ptr<Observer>> observers;
  std::chrono::steady_clock::time_point epoch;

  /// One invocation at a time: the state below is per invocation.
  std::mutex invokeMutex;
  std::vector<Value> registerStack;
  std::vector<Frame> frames;
  /// Launch scratch: the argument values, and their copies for observers.
  std::vector<const Value *> launchArgs;
  std::vector<Value> launchValues;
  /// Native functions by string offset, looked up on first use.
  std::unordered_map<uint32_t, NativeFunctionRef> nativeCache;
};

/// Checks `value` against a signature type: kind, dtype, rank, static dims.
/// On mismatch returns "expected <type>, got <type>".
std::string checkValueType(const Value &value, const bytecode::TypeEntry &type);

} // namespace strata::runtime

#endif // STRATA_RUNTIME_VM_H
