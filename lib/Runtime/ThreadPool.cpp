//===- ThreadPool.cpp - Fixed threads running a launch's tiles ------------===//
//
// One job at a time: the dispatching thread publishes the job under the
// mutex and bumps a generation counter; workers wake, register as active,
// and take chunks with an atomic counter alongside the caller. The caller
// returns only when every chunk is done and no worker is still looking at
// the job, so the job (which lives on the caller's stack) is never touched
// after parallelFor returns. Both kinds of waits poll for up to kSpinTime
// first (the condition variables are only the fallback): a model's kernels
// follow each other within microseconds, and a worker put to sleep between
// two of them took longer to wake than the kernel took to run.
//
//===----------------------------------------------------------------------===//

#include "strata/Runtime/ThreadPool.h"
#include "strata/Runtime/FloatEnvironment.h"

#include <algorithm>
#include <chrono>
#include <new>
#include <string>
#include <system_error>

using namespace strata::runtime;

/// How long a thread polls before it sleeps on a condition variable.
/// Measured on this 2-vCPU virtual machine: a 1x784x2048 matrix-vector
/// product took 83 us on 2 threads against 66 on 1 when its worker slept
/// between launches.
static constexpr std::chrono::microseconds kSpinTime(200);

/// Tells the CPU that this is a polling loop (lets the other hyperthread run,
/// saves power).
static inline void cpuRelax() {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#elif defined(__aarch64__)
  asm volatile("yield");
#endif
}

/// Polls `done` for up to kSpinTime; returns its last value. After the
/// first few polls it yields the CPU between polls: when the thread it waits
/// for shares this CPU (more runnable threads than cores), pure spinning
/// would keep that thread from running until the time slice ends.
template <typename Predicate> static bool spinUntil(Predicate done) {
  auto start = std::chrono::steady_clock::now();
  for (unsigned i = 1;; ++i) {
    if (done())
      return true;
    if (i < 1024)
      cpuRelax();
    else
      std::this_thread::yield();
    if (i % 64 == 0 && std::chrono::steady_clock::now() - start > kSpinTime)
      return done();
  }
}

/// True on pool workers and on a thread running a parallelFor's chunks:
/// nested parallelFor calls there run inline.
static thread_local bool insideParallelFor = false;

unsigned ThreadPool::getDefaultNumThreads() {
  unsigned n = std::thread::hardware_concurrency();
  return n ? n : 1;
}

ThreadPool::ThreadPool(unsigned requested)
    : numThreads(requested ? requested : getDefaultNumThreads()) {
  try {
    workers.reserve(numThreads - 1);
    for (unsigned i = 1; i < numThreads; ++i)
      workers.emplace_back([this] { workerLoop(); });
  } catch (...) {
    // Joinable threads must not be destroyed (std::terminate): stop the
    // ones that started before the exception leaves the constructor.
    stop();
    throw;
  }
}

StatusOr<std::unique_ptr<ThreadPool>> ThreadPool::create(unsigned numThreads) {
  if (numThreads > kMaxThreads)
    return Status::error("cannot use " + std::to_string(numThreads) +
                         " threads (at most " + std::to_string(kMaxThreads) +
                         ")");
  unsigned wanted = numThreads ? numThreads : getDefaultNumThreads();
  try {
    return std::make_unique<ThreadPool>(numThreads);
  } catch (const std::system_error &error) {
    return Status::error("cannot start " + std::to_string(wanted) +
                         " threads: " + error.what() +
                         " (ask for fewer threads)");
  } catch (const std::bad_alloc &) {
    return Status::error("cannot start " + std::to_string(wanted) +
                         " threads: out of memory (ask for fewer threads)");
  }
}

void ThreadPool::stop() {
  {
    std::lock_guard<std::mutex> lock(mutex);
    stopping = true;
  }
  wakeWorkers.notify_all();
  for (std::thread &worker : workers)
    worker.join();
  workers.clear();
}

ThreadPool::~ThreadPool() { stop(); }

void ThreadPool::getChunk(int64_t n, int64_t numChunks, int64_t chunk,
                          int64_t &begin, int64_t &end) {
  // The first n % numChunks chunks get one extra item.
  int64_t base = n / numChunks, extra = n % numChunks;
  begin = chunk * base + std::min(chunk, extra);
  end = begin + base + (chunk < extra ? 1 : 0);
}

void ThreadPool::runChunks() {
  const RangeFunction &fn = *job;
  int64_t total = numChunks, size = jobSize;
  int64_t finished = 0;
  for (;;) {
    int64_t chunk = nextChunk.fetch_add(1, std::memory_order_relaxed);
    if (chunk >= total)
      break;
    int64_t begin, end;
    getChunk(size, total, chunk, begin, end);
    fn(begin, end);
    ++finished;
  }
  if (finished &&
      chunksDone.fetch_add(finished, std::memory_order_acq_rel) + finished ==
          total) {
    std::lock_guard<std::mutex> lock(mutex);
    jobDone.notify_all();
  }
}

void ThreadPool::workerLoop() {
  insideParallelFor = true;
  // Workers run only kernels (see FloatEnvironment.h).
  flushSubnormalsOnThisThread();
  uint64_t seen = 0;
  auto woken = [&] { return stopping.load() || generation.load() != seen; };
  std::unique_lock<std::mutex> lock(mutex);
  for (;;) {
    lock.unlock();
    spinUntil(woken);
    lock.lock();
    wakeWorkers.wait(lock, woken);
    if (stopping)
      return;
    seen = generation;
    if (!job)
      continue; // Woke after that job was over.
    ++activeWorkers;
    lock.unlock();
    runChunks();
    lock.lock();
    if (--activeWorkers == 0)
      jobDone.notify_all();
  }
}

void ThreadPool::run(int64_t n, const RangeFunction &fn) {
  if (n <= 0)
    return;
  if (numThreads == 1 || n == 1 || insideParallelFor) {
    fn(0, n);
    return;
  }
  std::unique_lock<std::mutex> dispatch(dispatchMutex, std::try_to_lock);
  if (!dispatch.owns_lock()) {
    // Another thread is using the pool: do the work here rather than wait.
    fn(0, n);
    return;
  }
  {
    std::lock_guard<std::mutex> lock(mutex);
    job = &fn;
    jobSize = n;
    numChunks = std::min<int64_t>(n, numThreads);
    nextChunk.store(0, std::memory_order_relaxed);
    chunksDone.store(0, std::memory_order_relaxed);
    ++generation;
  }
  wakeWorkers.notify_all();
  insideParallelFor = true;
  runChunks();
  insideParallelFor = false;
  auto finished = [&] {
    return chunksDone.load(std::memory_order_acquire) == numChunks &&
           activeWorkers.load() == 0;
  };
  spinUntil(finished);
  // Checked again under the mutex: a worker that woke late may have joined
  // (and will leave) the job since.
  std::unique_lock<std::mutex> lock(mutex);
  jobDone.wait(lock, finished);
  job = nullptr;
}
