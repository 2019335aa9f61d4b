//===- CudaDeviceTest.cpp - Tests of the CUDA driver layer ----------------===//
//
// Loading the driver never crashes and fails with a message naming
// libcuda.so.1 where there is none. On a machine with a GPU: memory round
// trips, the pool, zero fill, out-of-range ordinals, out-of-memory leaving
// the device usable, attributes, a hand-written PTX kernel launched and
// timed, and malformed module images. Without a GPU those tests skip.
//
//===----------------------------------------------------------------------===//

#include "strata/Runtime/CudaDevice.h"
#include "strata/Runtime/CudaLauncher.h"
#include "strata/Runtime/Tensor.h"

#include "gtest/gtest.h"

#include <cstring>
#include <string>
#include <thread>
#include <vector>

using namespace strata::runtime;

namespace {

/// Writes 42.0f (0x42280000) to the float its one argument points to.
/// PTX 8.0 needs a CUDA 12.0 driver; the driver JITs it for newer chips.
constexpr char kWrite42Ptx[] = R"(
.version 8.0
.target sm_80
.address_size 64

.visible .entry write42(
    .param .u64 write42_param_0
)
{
    .reg .b64 %rd<3>;
    .reg .f32 %f<2>;

    ld.param.u64 %rd1, [write42_param_0];
    cvta.to.global.u64 %rd2, %rd1;
    mov.f32 %f1, 0f42280000;
    st.global.f32 [%rd2], %f1;
    ret;
}
)";

bool contains(const std::string &text, const std::string &part) {
  return text.find(part) != std::string::npos;
}

TEST(CudaDriverTest, LoadsOrSaysWhyNot) {
  StatusOr<CudaDriver *> driver = CudaDriver::get();
  if (!driver.ok()) {
    EXPECT_TRUE(contains(driver.message(), "libcuda.so.1")) << driver.message();
    // Loaded once: the second call gives the same answer.
    StatusOr<CudaDriver *> again = CudaDriver::get();
    ASSERT_FALSE(again.ok());
    EXPECT_EQ(again.message(), driver.message());
    StatusOr<std::shared_ptr<CudaDevice>> device = CudaDevice::open(0);
    ASSERT_FALSE(device.ok());
    EXPECT_EQ(device.message(), driver.message());
    return;
  }
  EXPECT_GE((*driver)->getVersion(), 11000);
  EXPECT_EQ(*CudaDriver::get(), *driver);
  std::string described = (*driver)->describe(CUDA_ERROR_OUT_OF_MEMORY);
  EXPECT_EQ(described.rfind("CUDA_ERROR_OUT_OF_MEMORY: ", 0), 0u) << described;
  EXPECT_EQ((*driver)->describe(987654), "CUDA error 987654");
  EXPECT_TRUE((*driver)->check(CUDA_SUCCESS, "x").ok());
  StatusOr<int> count = (*driver)->getDeviceCount();
  ASSERT_TRUE(count.ok()) << count.message();
  EXPECT_GE(*count, 0);
}

/// Tests that need a GPU: device 0, or skipped.
class CudaDeviceTest : public ::testing::Test {
protected:
  void SetUp() override {
    StatusOr<std::shared_ptr<CudaDevice>> opened = CudaDevice::open(0);
    if (!opened.ok())
      GTEST_SKIP() << "skipped: no CUDA device (" << opened.message() << ")";
    device = *opened;
  }

  /// Copies `values` to new device memory.
  void *upload(const std::vector<float> &values) {
    size_t bytes = values.size() * sizeof(float);
    StatusOr<void *> ptr = device->allocate(bytes, 4);
    EXPECT_TRUE(ptr.ok()) << ptr.message();
    if (!ptr.ok())
      return nullptr;
    Status status = device->copyToDevice(*ptr, values.data(), bytes);
    EXPECT_TRUE(status.ok()) << status.message();
    return *ptr;
  }

  std::vector<float> download(const void *ptr, size_t count) {
    std::vector<float> values(count, -1.0f);
    Status status =
        device->copyToHost(values.data(), ptr, count * sizeof(float));
    EXPECT_TRUE(status.ok()) << status.message();
    return values;
  }

  std::shared_ptr<CudaDevice> device;
};

TEST_F(CudaDeviceTest, NameAndAttributes) {
  EXPECT_STREQ(device->getName(), "cuda:0");
  EXPECT_EQ(device->getOrdinal(), 0);
  const CudaDeviceAttributes &attributes = device->getAttributes();
  EXPECT_FALSE(attributes.name.empty());
  EXPECT_GE(attributes.computeCapabilityMajor, 3);
  EXPECT_GE(attributes.computeCapabilityMinor, 0);
  EXPECT_EQ(attributes.warpSize, 32);
  EXPECT_GT(attributes.multiprocessorCount, 0);
  EXPECT_GE(attributes.maxThreadsPerBlock, 512);
  EXPECT_GT(attributes.totalMemory, uint64_t(1) << 28);
  EXPECT_EQ(attributes.maxSharedMemoryPerBlock, 48 * 1024);
  EXPECT_GE(attributes.maxSharedMemoryPerBlockOptin,
            attributes.maxSharedMemoryPerBlock);
  EXPECT_GE(attributes.maxSharedMemoryPerMultiprocessor,
            attributes.maxSharedMemoryPerBlockOptin);
  EXPECT_GT(attributes.l2CacheSize, 0);
  EXPECT_GE(attributes.maxRegistersPerMultiprocessor, 32 * 1024);
  StatusOr<CudaMemoryInfo> memory = device->getMemoryInfo();
  ASSERT_TRUE(memory.ok()) << memory.message();
  EXPECT_GT(memory->freeBytes, 0u);
  EXPECT_LE(memory->freeBytes, memory->totalBytes);
}

TEST_F(CudaDeviceTest, OrdinalOutOfRange) {
  StatusOr<std::shared_ptr<CudaDevice>> other = CudaDevice::open(1 << 20);
  ASSERT_FALSE(other.ok());
  EXPECT_TRUE(contains(other.message(), "CUDA device ordinal 1048576 out of "
                                        "range"))
      << other.message();
  EXPECT_TRUE(contains(other.message(), "cuda:0")) << other.message();
  EXPECT_FALSE(CudaDevice::open(-1).ok());
}

TEST_F(CudaDeviceTest, RoundTripAndDeviceCopies) {
  std::vector<float> values(1000);
  for (size_t i = 0; i < values.size(); ++i)
    values[i] = float(i) * 0.5f - 7.0f;
  void *a = upload(values);
  ASSERT_NE(a, nullptr);
  size_t bytes = values.size() * sizeof(float);
  StatusOr<void *> b = device->allocate(bytes, 4);
  ASSERT_TRUE(b.ok()) << b.message();
  ASSERT_TRUE(device->copy(*b, a, bytes).ok());
  EXPECT_EQ(download(*b, values.size()), values);

  // Overlapping ranges, as DeviceAPI allows: shift right by one float.
  ASSERT_TRUE(
      device->copy(static_cast<float *>(*b) + 1, *b, bytes - sizeof(float))
          .ok());
  std::vector<float> shifted = download(*b, values.size());
  EXPECT_EQ(shifted[0], values[0]);
  for (size_t i = 1; i < values.size(); ++i)
    ASSERT_EQ(shifted[i], values[i - 1]) << i;

  EXPECT_TRUE(device->synchronize().ok());
  device->free(a, bytes, 4);
  device->free(*b, bytes, 4);
  EXPECT_EQ(device->getStats().bytesInUse, 0u);
}

TEST_F(CudaDeviceTest, PoolReusesFreedBlocks) {
  StatusOr<void *> first = device->allocate(5000, 64);
  ASSERT_TRUE(first.ok()) << first.message();
  EXPECT_EQ(reinterpret_cast<uintptr_t>(*first) % CudaDevice::kAlignment, 0u);
  device->free(*first, 5000, 64);
  DeviceStats before = device->getStats();
  // 5100 bytes fall in the same size class (5120).
  StatusOr<void *> second = device->allocate(5100, 64);
  ASSERT_TRUE(second.ok()) << second.message();
  EXPECT_EQ(*second, *first);
  EXPECT_EQ(device->getStats().poolHits, before.poolHits + 1);
  device->free(*second, 5100, 64);
  device->trim();
  EXPECT_EQ(device->getStats().pooledBytes, 0u);

  // Zero bytes give a valid, unique pointer.
  StatusOr<void *> empty1 = device->allocate(0, 1);
  StatusOr<void *> empty2 = device->allocate(0, 1);
  ASSERT_TRUE(empty1.ok() && empty2.ok());
  EXPECT_NE(*empty1, *empty2);
  device->free(*empty1, 0, 1);
  device->free(*empty2, 0, 1);

  StatusOr<void *> misaligned = device->allocate(64, 3);
  ASSERT_FALSE(misaligned.ok());
  EXPECT_EQ(misaligned.message(), "cuda:0: alignment 3 is not a power of two");
  EXPECT_FALSE(device->allocate(64, 4096).ok());
}

TEST_F(CudaDeviceTest, FillZero) {
  std::vector<float> values(300, 3.0f);
  void *ptr = upload(values);
  ASSERT_NE(ptr, nullptr);
  // Zero the middle hundred floats only.
  ASSERT_TRUE(
      device->fillZero(static_cast<float *>(ptr) + 100, 100 * sizeof(float))
          .ok());
  std::vector<float> result = download(ptr, values.size());
  for (size_t i = 0; i < result.size(); ++i)
    ASSERT_EQ(result[i], i >= 100 && i < 200 ? 0.0f : 3.0f) << i;
  device->free(ptr, values.size() * sizeof(float), 4);
}

TEST_F(CudaDeviceTest, OutOfMemoryLeavesDeviceUsable) {
  size_t huge = size_t(1) << 50;
  StatusOr<void *> ptr = device->allocate(huge, 256);
  ASSERT_FALSE(ptr.ok());
  EXPECT_TRUE(
      contains(ptr.message(), "cuda:0: out of device memory allocating " +
                                  std::to_string(huge) + " bytes (free "))
      << ptr.message();
  EXPECT_FALSE(device->allocate(~size_t(0), 256).ok());
  EXPECT_TRUE(device->synchronize().ok());
  std::vector<float> values = {1.0f, 2.0f, 3.0f};
  void *small = upload(values);
  ASSERT_NE(small, nullptr);
  EXPECT_EQ(download(small, values.size()), values);
  device->free(small, values.size() * sizeof(float), 4);
}

TEST_F(CudaDeviceTest, WorksFromAnotherThread) {
  std::vector<float> values = {4.0f, 5.0f};
  std::vector<float> result;
  std::thread worker([&] {
    void *ptr = upload(values);
    if (ptr) {
      result = download(ptr, values.size());
      device->free(ptr, values.size() * sizeof(float), 4);
    }
  });
  worker.join();
  EXPECT_EQ(result, values);
}

TEST_F(CudaDeviceTest, LaunchesPtxKernel) {
  StatusOr<CudaModule> module =
      device->loadModule(kWrite42Ptx, std::strlen(kWrite42Ptx));
  ASSERT_TRUE(module.ok()) << module.message();
  StatusOr<CUfunction> function = device->getFunction(*module, "write42");
  ASSERT_TRUE(function.ok()) << function.message();

  void *out = upload({-1.0f});
  ASSERT_NE(out, nullptr);
  CUdeviceptr outPtr = reinterpret_cast<uintptr_t>(out);
  void *params[] = {&outPtr};
  unsigned grid[3] = {1, 1, 1}, block[3] = {1, 1, 1};
  StatusOr<CudaEvent> start = device->createEvent();
  StatusOr<CudaEvent> end = device->createEvent();
  ASSERT_TRUE(start.ok() && end.ok()) << start.message() << end.message();
  ASSERT_TRUE(device->recordEvent(*start).ok());
  Status launched =
      device->launch(*function, grid, block, 0, params, "write42");
  ASSERT_TRUE(launched.ok()) << launched.message();
  ASSERT_TRUE(device->recordEvent(*end).ok());
  Status synchronized = device->synchronize();
  ASSERT_TRUE(synchronized.ok()) << synchronized.message();
  EXPECT_EQ(download(out, 1)[0], 42.0f);
  StatusOr<float> ms = device->getElapsedMs(*start, *end);
  ASSERT_TRUE(ms.ok()) << ms.message();
  EXPECT_GE(*ms, 0.0f);

  // A block larger than any GPU allows is an error naming the kernel.
  unsigned hugeBlock[3] = {4096, 1, 1};
  Status tooBig =
      device->launch(*function, grid, hugeBlock, 0, params, "write42");
  ASSERT_FALSE(tooBig.ok());
  EXPECT_TRUE(contains(tooBig.message(), "kernel 'write42'"))
      << tooBig.message();
  EXPECT_TRUE(device->synchronize().ok());
  device->free(out, sizeof(float), 4);
}

TEST_F(CudaDeviceTest, MalformedModulesAreErrors) {
  const char garbage[] = "this is not a kernel module";
  StatusOr<CudaModule> text = device->loadModule(garbage, sizeof(garbage) - 1);
  ASSERT_FALSE(text.ok());
  EXPECT_TRUE(contains(text.message(), "cuda:0: loading a PTX module"))
      << text.message();

  std::vector<unsigned char> bytes(256);
  for (size_t i = 0; i < bytes.size(); ++i)
    bytes[i] = static_cast<unsigned char>(i * 37 + 11);
  EXPECT_FALSE(device->loadModule(bytes.data(), bytes.size()).ok());

  // An ELF header claiming section headers past the end of the image.
  std::memcpy(bytes.data(),
              "\x7f"
              "ELF\x02\x01\x01",
              7);
  StatusOr<CudaModule> elf = device->loadModule(bytes.data(), 64);
  ASSERT_FALSE(elf.ok());
  EXPECT_TRUE(contains(elf.message(), "cubin image of 64 bytes is truncated"))
      << elf.message();

  // PTX that does not compile: the JIT's log is in the message.
  const char badPtx[] = ".version 8.0\n.target sm_80\n.address_size 64\n"
                        ".visible .entry broken() { bogus.instruction; }\n";
  StatusOr<CudaModule> broken = device->loadModule(badPtx, sizeof(badPtx));
  ASSERT_FALSE(broken.ok());
  EXPECT_TRUE(contains(broken.message(), "\n")) << broken.message();

  StatusOr<CudaModule> module =
      device->loadModule(kWrite42Ptx, sizeof(kWrite42Ptx));
  ASSERT_TRUE(module.ok()) << module.message();
  StatusOr<CUfunction> missing = device->getFunction(*module, "nope");
  ASSERT_FALSE(missing.ok());
  EXPECT_EQ(missing.message(), "cuda:0: no kernel 'nope' in the module");

  // The device still works.
  EXPECT_TRUE(device->synchronize().ok());
}

} // namespace

// The grid the host computes for a launch (no GPU needed).
TEST(CudaGridTest, ComputedFromTheArguments) {
  using bytecode::CudaGridFactor;
  float storage[4 * 5] = {};
  int64_t dims[2] = {4, 5};
  StatusOr<Tensor> tensor = Tensor::borrow(
      bytecode::DType::F32, *Shape::get(dims, 2), storage, sizeof(storage));
  ASSERT_TRUE(tensor.ok());
  Value image = Value::tensor(*tensor), rows = Value::i64(70);
  const Value *args[2] = {&image, &rows};
  // 2 x ceil(5 / 2) x ceil(70 / 64) = 12.
  std::vector<CudaGridFactor> factors = {{0, 1, 2}, {1, -1, 64}};
  StatusOr<int64_t> blocks = computeCudaGridBlocks(factors, 2, 1056, args, 2);
  ASSERT_TRUE(blocks.ok()) << blocks.message();
  EXPECT_EQ(*blocks, 12);
  // At most the cap; a fixed grid is the cap.
  EXPECT_EQ(*computeCudaGridBlocks(factors, 2, 8, args, 2), 8);
  EXPECT_EQ(*computeCudaGridBlocks({}, 1, 33, args, 2), 33);
  // A module's huge scale, or huge dims, saturate at the cap: no product
  // wraps around (2^63 x 2 would be 0 blocks).
  EXPECT_EQ(
      *computeCudaGridBlocks({{1, -1, 35}}, uint64_t(1) << 63, 1056, args, 2),
      1056);
  Value huge = Value::i64(int64_t(1) << 62);
  const Value *hugeArgs[2] = {&image, &huge};
  EXPECT_EQ(
      *computeCudaGridBlocks({{1, -1, 1}, {1, -1, 1}}, 1, 1056, hugeArgs, 2),
      1056);
  // An empty dim: no tiles, no launch.
  Value empty = Value::i64(0);
  const Value *emptyArgs[2] = {&image, &empty};
  EXPECT_EQ(*computeCudaGridBlocks(factors, 2, 1056, emptyArgs, 2), 0);
  // Factors that do not fit the launch's arguments.
  StatusOr<int64_t> missing =
      computeCudaGridBlocks({{2, 0, 1}}, 1, 1056, args, 2);
  ASSERT_FALSE(missing.ok());
  EXPECT_EQ(missing.message(), "its grid reads argument 2 of 2");
  StatusOr<int64_t> rank = computeCudaGridBlocks({{0, 3, 1}}, 1, 1056, args, 2);
  ASSERT_FALSE(rank.ok());
  EXPECT_EQ(rank.message(),
            "its grid reads dim 3 of argument 0, which has none");
  StatusOr<int64_t> kind =
      computeCudaGridBlocks({{0, -1, 1}}, 1, 1056, args, 2);
  ASSERT_FALSE(kind.ok());
  EXPECT_EQ(kind.message(),
            "its grid reads argument 0 as an integer, but it is a tensor");
}
