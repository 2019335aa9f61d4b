//===- ThreadPool.h - Fixed threads running a launch's tiles ----*- C++ -*-===//
//
// A kernel launch runs tiles [0, grid) in parallel. parallelFor splits a
// range into balanced contiguous chunks (sizes differ by at most one), one
// per participating thread, the calling thread included. A pool of one
// thread runs everything inline. A parallelFor issued while the pool is
// busy (from inside a chunk, or from another thread at the same time) runs
// inline on its caller instead of waiting, so nesting never deadlocks.
// Idle workers, and a caller waiting for its job's other chunks, poll for a
// while before they sleep: waking a sleeping thread costs tens of
// microseconds on a virtual machine, as long as many kernels run.
//
//===----------------------------------------------------------------------===//

#ifndef STRATA_RUNTIME_THREADPOOL_H
#define STRATA_RUNTIME_THREADPOOL_H

#include "strata/Runtime/Status.h"

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <thread>
#include <type_traits>
#include <vector>

namespace strata::runtime {

/// A non-owning reference to a callable `void(int64_t begin, int64_t end)`,
/// cheaper than std::function (no allocation).
class RangeFunction {
public:
  template <typename F, typename = std::enable_if_t<
                            !std::is_same_v<std::decay_t<F>, RangeFunction>>>
  RangeFunction(F &fn)
      : object(&fn), callback([](void *object, int64_t begin, int64_t end) {
          (*static_cast<F *>(object))(begin, end);
        }) {}
  void operator()(int64_t begin, int64_t end) const {
    callback(object, begin, end);
  }

private:
  void *object;
  void (*callback)(void *, int64_t, int64_t);
};

/// Fixed worker threads.
class ThreadPool {
public:
  /// The most threads a pool may have (more is an error in every API).
  static constexpr unsigned kMaxThreads = 4096;

  /// `numThreads` threads in all, the caller of parallelFor included
  /// (so numThreads - 1 workers); 0 means hardware_concurrency. An error
  /// when `numThreads` exceeds kMaxThreads or the system cannot start that
  /// many threads (the threads already started are stopped again).
  static StatusOr<std::unique_ptr<ThreadPool>> create(unsigned numThreads = 0);
  /// Like create(), for callers that cannot fail: throws std::system_error
  /// (as std::thread does) when a thread cannot be started.
  explicit ThreadPool(unsigned numThreads = 0);
  ~ThreadPool();
  ThreadPool(const ThreadPool &) = delete;
  ThreadPool &operator=(const ThreadPool &) = delete;

  unsigned getNumThreads() const { return numThreads; }

  /// Calls fn(begin, end) on disjoint chunks covering [0, n) exactly once,
  /// in parallel; returns when all are done.
  template <typename F> void parallelFor(int64_t n, F &&fn) {
    RangeFunction ref(fn);
    run(n, ref);
  }

  /// The [begin, end) of chunk `chunk` of `numChunks` over [0, n).
  static void getChunk(int64_t n, int64_t numChunks, int64_t chunk,
                       int64_t &begin, int64_t &end);
  /// The default thread count: hardware_concurrency (at least 1).
  static unsigned getDefaultNumThreads();

private:
  /// Stops and joins the workers started so far.
  void stop();
  void run(int64_t n, const RangeFunction &fn);
  void workerLoop();
  /// Runs chunks of the current job until none is left.
  void runChunks();

  unsigned numThreads;
  std::vector<std::thread> workers;
  /// Held by the thread dispatching a job; busy pools run inline.
  std::mutex dispatchMutex;

  std::mutex mutex;
  std::condition_variable wakeWorkers;
  std::condition_variable jobDone;
  // Written under `mutex`; atomic so that polling threads read them
  // without it.
  std::atomic<uint64_t> generation{0};
  std::atomic<bool> stopping{false};

  // The current job.
  const RangeFunction *job = nullptr;
  int64_t jobSize = 0;
  int64_t numChunks = 0;
  std::atomic<int64_t> nextChunk{0};
  std::atomic<int64_t> chunksDone{0};
  /// Workers still inside runChunks for the current job (written under
  /// `mutex`).
  std::atomic<int> activeWorkers{0};
};

} // namespace strata::runtime

#endif // STRATA_RUNTIME_THREADPOOL_H
