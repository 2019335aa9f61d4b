//===- ThreadPoolTest.cpp - Tests of the launch thread pool ---------------===//
//
// Balanced chunks, every index covered exactly once, a pool of one thread
// running inline, nested parallelFor calls and concurrent callers, and
// thread counts that cannot be had being errors rather than aborts.
//
//===----------------------------------------------------------------------===//

#include "strata/Runtime/ThreadPool.h"

#include "gtest/gtest.h"

#include <atomic>
#include <set>
#include <sys/resource.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>
#include <vector>

using namespace strata::runtime;

namespace {

TEST(ThreadPoolTest, ChunksAreBalancedAndContiguous) {
  for (int64_t n : {1, 7, 8, 100, 1001}) {
    for (int64_t chunks : {1, 2, 3, 8}) {
      if (chunks > n)
        continue;
      int64_t expectedBegin = 0, smallest = n, largest = 0;
      for (int64_t c = 0; c < chunks; ++c) {
        int64_t begin, end;
        ThreadPool::getChunk(n, chunks, c, begin, end);
        EXPECT_EQ(begin, expectedBegin);
        expectedBegin = end;
        smallest = std::min(smallest, end - begin);
        largest = std::max(largest, end - begin);
      }
      EXPECT_EQ(expectedBegin, n);
      EXPECT_LE(largest - smallest, 1) << n << " in " << chunks;
    }
  }
}

TEST(ThreadPoolTest, CoversEveryIndexOnce) {
  for (unsigned threads : {1u, 2u, 4u, 7u}) {
    ThreadPool pool(threads);
    EXPECT_EQ(pool.getNumThreads(), threads);
    for (int64_t n : {0, 1, 2, 5, 64, 1000, 12345}) {
      std::vector<std::atomic<int>> hits(n);
      std::atomic<int> calls{0};
      pool.parallelFor(n, [&](int64_t begin, int64_t end) {
        ++calls;
        EXPECT_LT(begin, end);
        for (int64_t i = begin; i < end; ++i)
          ++hits[i];
      });
      for (int64_t i = 0; i < n; ++i)
        ASSERT_EQ(hits[i].load(), 1) << "index " << i << " of " << n;
      EXPECT_LE(calls.load(), static_cast<int>(std::max<int64_t>(
                                  1, std::min<int64_t>(n, threads))));
    }
  }
}

TEST(ThreadPoolTest, UsesSeveralThreads) {
  ThreadPool pool(4);
  std::set<std::thread::id> ids;
  std::mutex mutex;
  // Chunks that take a while, so that the workers get theirs.
  for (int repeat = 0; repeat < 20 && ids.size() < 2; ++repeat)
    pool.parallelFor(4, [&](int64_t, int64_t) {
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
      std::lock_guard<std::mutex> lock(mutex);
      ids.insert(std::this_thread::get_id());
    });
  EXPECT_GE(ids.size(), 2u);
}

TEST(ThreadPoolTest, OneThreadRunsInline) {
  ThreadPool pool(1);
  std::thread::id caller = std::this_thread::get_id();
  int64_t seenBegin = -1, seenEnd = -1;
  bool sameThread = false;
  pool.parallelFor(100, [&](int64_t begin, int64_t end) {
    seenBegin = begin;
    seenEnd = end;
    sameThread = std::this_thread::get_id() == caller;
  });
  EXPECT_EQ(seenBegin, 0);
  EXPECT_EQ(seenEnd, 100);
  EXPECT_TRUE(sameThread);
}

TEST(ThreadPoolTest, NestedCallsDoNotDeadlock) {
  ThreadPool pool(4);
  std::atomic<int64_t> total{0};
  pool.parallelFor(8, [&](int64_t begin, int64_t end) {
    for (int64_t i = begin; i < end; ++i)
      pool.parallelFor(10, [&](int64_t b, int64_t e) { total += e - b; });
  });
  EXPECT_EQ(total.load(), 80);
}

TEST(ThreadPoolTest, ConcurrentCallers) {
  ThreadPool pool(4);
  std::atomic<int64_t> total{0};
  std::vector<std::thread> callers;
  for (int t = 0; t < 4; ++t)
    callers.emplace_back([&] {
      for (int round = 0; round < 200; ++round)
        pool.parallelFor(37, [&](int64_t b, int64_t e) { total += e - b; });
    });
  for (std::thread &caller : callers)
    caller.join();
  EXPECT_EQ(total.load(), 4 * 200 * 37);
}

TEST(ThreadPoolTest, DefaultThreadCount) {
  ThreadPool pool;
  EXPECT_EQ(pool.getNumThreads(), ThreadPool::getDefaultNumThreads());
  EXPECT_GE(pool.getNumThreads(), 1u);
}

TEST(ThreadPoolTest, CreateChecksTheCount) {
  StatusOr<std::unique_ptr<ThreadPool>> pool = ThreadPool::create(3);
  ASSERT_TRUE(pool.ok()) << pool.message();
  EXPECT_EQ((*pool)->getNumThreads(), 3u);
  StatusOr<std::unique_ptr<ThreadPool>> tooMany =
      ThreadPool::create(ThreadPool::kMaxThreads + 1);
  ASSERT_FALSE(tooMany.ok());
  EXPECT_EQ(tooMany.message(), "cannot use 4097 threads (at most 4096)");
}

TEST(ThreadPoolTest, ThreadsThatCannotStartAreAnError) {
  // In a child process whose address space is too small for 4096 thread
  // stacks: create() must report the failure (and stop the threads it
  // started), not terminate.
#if defined(__has_feature)
#if __has_feature(address_sanitizer)
  GTEST_SKIP() << "AddressSanitizer's shadow memory needs more address "
                  "space than the limit this test sets";
#endif
#endif
  pid_t child = ::fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    struct rlimit limit;
    ::getrlimit(RLIMIT_AS, &limit);
    limit.rlim_cur = 512ull << 20;
    ::setrlimit(RLIMIT_AS, &limit);
    StatusOr<std::unique_ptr<ThreadPool>> pool =
        ThreadPool::create(ThreadPool::kMaxThreads);
    bool reported =
        !pool.ok() && pool.message().find("cannot start 4096 threads: ") == 0 &&
        pool.message().find("(ask for fewer threads)") != std::string::npos;
    ::_exit(reported ? 0 : 1);
  }
  int status = 0;
  ASSERT_EQ(::waitpid(child, &status, 0), child);
  EXPECT_TRUE(WIFEXITED(status))
      << "the child died of signal " << WTERMSIG(status);
  EXPECT_EQ(WEXITSTATUS(status), 0);
}

} // namespace
