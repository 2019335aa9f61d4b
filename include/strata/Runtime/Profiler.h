//===- Profiler.h - Observers of kernel launches and native calls -*- C++
//-*-===//
//
// The VM reports every kernel launch and native call to the observers of
// its session (only when there are any, so an unobserved session pays
// nothing). Three observers come with the runtime:
//  - Profiler: per-kernel statistics (calls, total, mean, share of the
//    total) printed as a table, and a Chrome trace (one complete "X" event
//    per launch) that loads in chrome://tracing and Perfetto;
//  - TensorDumper: after each launch, each output tensor written as .npy
//    into a directory, plus an index.json naming the kernel, its source
//    location, shape and dtype of every file (TVM's debugger).
//
//===----------------------------------------------------------------------===//

#ifndef STRATA_RUNTIME_PROFILER_H
#define STRATA_RUNTIME_PROFILER_H

#include "strata/Runtime/Module.h"
#include "strata/Runtime/Tensor.h"

#include <cstdint>
#include <map>
#include <mutex>
#include <string>
#include <vector>

namespace strata::runtime {

/// One finished kernel launch or native call.
struct LaunchEvent {
  /// Kernel or native function name.
  const char *name = "";
  /// KernelEntry::location ("" when unknown or native).
  const char *location = "";
  bool isNative = false;
  /// Start time (ns since the session was created) and duration.
  uint64_t startNs = 0;
  uint64_t durationNs = 0;
  /// A small id of the thread that issued the launch.
  uint32_t threadId = 0;
  /// Tiles of the launch (1 for native calls).
  int64_t grid = 1;
  /// Launch: all arguments, inputs then outputs. Native: the arguments.
  Span<Value> args;
  /// Launch: the number of trailing args written. Native: 0.
  uint32_t numOutputs = 0;
  /// Native: the results. Launch: empty.
  Span<Value> results;
};

/// Receives the events of a session.
class Observer {
public:
  virtual ~Observer();
  /// Called after each launch or native call. An error fails the
  /// invocation (e.g. a dump that cannot be written).
  virtual Status onEvent(const LaunchEvent &event) = 0;
  /// Writes whatever is pending (trace file, index); called by
  /// Session::flush and when the session ends.
  virtual Status flush() { return Status::success(); }
};

/// Per-kernel statistics and the Chrome trace.
class Profiler : public Observer {
public:
  /// `tracePath`: where flush() writes the Chrome trace ("" = no trace).
  /// `keepEvents`: keep every event (needed for the trace).
  explicit Profiler(std::string tracePath = "", bool keepEvents = true);

  Status onEvent(const LaunchEvent &event) override;
  Status flush() override;

  struct KernelStats {
    uint64_t calls = 0;
    uint64_t totalNs = 0;
    uint64_t minNs = UINT64_MAX;
    uint64_t maxNs = 0;
    bool isNative = false;
  };
  /// Statistics by kernel name.
  std::map<std::string, KernelStats> getStats() const;
  /// The statistics as a table, most expensive kernel first:
  ///   kernel  calls  total ms  mean us  share
  std::string getReport() const;
  /// The trace as Chrome trace JSON ({"traceEvents": [...]}).
  std::string getChromeTrace() const;
  /// Writes getChromeTrace() to `path`.
  Status writeChromeTrace(const std::string &path) const;
  void reset();

private:
  struct Event {
    std::string name;
    std::string location;
    bool isNative;
    uint64_t startNs, durationNs;
    uint32_t threadId;
    int64_t grid;
  };
  std::string tracePath;
  bool keepEvents;
  mutable std::mutex mutex;
  std::map<std::string, KernelStats> stats;
  std::vector<Event> events;
};

/// Writes each launch's outputs as DIR/NNNN_<kernel>_<k>.npy and, on
/// flush, DIR/index.json.
class TensorDumper : public Observer {
public:
  /// Creates `directory` if needed.
  static StatusOr<std::unique_ptr<TensorDumper>>
  create(const std::string &directory);

  Status onEvent(const LaunchEvent &event) override;
  Status flush() override;
  /// The number of launches dumped so far.
  uint64_t getNumLaunches() const { return counter; }

private:
  explicit TensorDumper(std::string directory)
      : directory(std::move(directory)) {}
  struct Entry {
    std::string file, kernel, location, shape, dtype;
    uint32_t output;
  };
  std::string directory;
  std::mutex mutex;
  uint64_t counter = 0;
  std::vector<Entry> entries;
};

/// `text` as a JSON string literal (quotes included).
std::string quoteJSON(const std::string &text);

} // namespace strata::runtime

#endif // STRATA_RUNTIME_PROFILER_H
