//===- TargetBackendTest.cpp - The target backend registry and CPU backend ===//
//
// The registry (lookup, the located error that lists the known targets)
// and what the CPU backend derives from a CPU name: its #kernel.target,
// the facts its heuristics read and the weight panel widths.
//
//===----------------------------------------------------------------------===//

#include "strata/Target/TargetBackend.h"
#include "strata/Dialect/Kernel/IR/KernelDialect.h"
#include "strata/InitAll.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Location.h"
#include "mlir/IR/MLIRContext.h"

#include <gtest/gtest.h>

using namespace strata;

namespace {

class TargetBackendTest : public ::testing::Test {
protected:
  void SetUp() override {
    registerAllTargetBackends();
    context.loadDialect<kernel::KernelDialect>();
  }
  mlir::MLIRContext context;
};

TEST_F(TargetBackendTest, RegistryFindsTheCPUBackend) {
  const TargetBackend *backend = lookupTargetBackend("cpu");
  ASSERT_NE(backend, nullptr);
  EXPECT_EQ(backend->getName(), "cpu");
  EXPECT_EQ(lookupTargetBackend("tpu"), nullptr);
  EXPECT_EQ(getTargetBackendNames(), "cpu, cuda, cuda-emulator");
  // Registering twice keeps one backend of each name.
  registerAllTargetBackends();
  EXPECT_EQ(getTargetBackendNames(), "cpu, cuda, cuda-emulator");
}

TEST_F(TargetBackendTest, UnknownTargetIsALocatedErrorListingTheKnownOnes) {
  std::string message;
  mlir::ScopedDiagnosticHandler handler(&context, [&](mlir::Diagnostic &diag) {
    llvm::raw_string_ostream os(message);
    os << diag.getLocation() << ": " << diag;
    return mlir::success();
  });
  auto loc = mlir::FileLineColLoc::get(&context, "model.mlir", 3, 7);
  EXPECT_TRUE(mlir::failed(getTargetBackend(loc, "tpu")));
  EXPECT_EQ(message,
            "loc(\"model.mlir\":3:7): unknown target 'tpu' (known: cpu, cuda, "
            "cuda-emulator)");
}

TEST_F(TargetBackendTest, NamedCPUsGiveTheirVectorsAndPanels) {
  const TargetBackend *backend = lookupTargetBackend("cpu");
  ASSERT_NE(backend, nullptr);
  auto loc = mlir::UnknownLoc::get(&context);

  mlir::FailureOr<kernel::TargetAttr> haswell =
      backend->getDefaultTarget(loc, "haswell", "");
  ASSERT_TRUE(mlir::succeeded(haswell));
  EXPECT_EQ(haswell->getCpu(), "haswell");
  EXPECT_EQ(haswell->getVectorBits(), 256);
  EXPECT_NE(haswell->getFeatures().find("+avx2"), llvm::StringRef::npos);
  TargetInfo info = backend->getTargetInfo(*haswell);
  EXPECT_FALSE(info.gpu);
  EXPECT_EQ(info.vectorRegisters, 16);
  EXPECT_EQ(info.l1Bytes, 48 * 1024);
  EXPECT_EQ(info.l2Bytes, 2 * 1024 * 1024);
  // 16 accumulators of 32 bytes; two vectors of 32 bytes.
  EXPECT_EQ(backend->getGemvPanelBytes(info), 512);
  EXPECT_EQ(backend->getMatmulPanelBytes(info), 64);

  mlir::FailureOr<kernel::TargetAttr> skylake =
      backend->getDefaultTarget(loc, "skylake-avx512", "");
  ASSERT_TRUE(mlir::succeeded(skylake));
  info = backend->getTargetInfo(*skylake);
  EXPECT_EQ(info.vectorBits, 512);
  EXPECT_EQ(info.vectorRegisters, 32);
  EXPECT_EQ(backend->getGemvPanelBytes(info), 2048);
  EXPECT_EQ(backend->getMatmulPanelBytes(info), 128);

  // Features the caller names override the CPU's.
  mlir::FailureOr<kernel::TargetAttr> narrowed =
      backend->getDefaultTarget(loc, "skylake-avx512", "+avx2,-avx512f");
  ASSERT_TRUE(mlir::succeeded(narrowed));
  EXPECT_EQ(narrowed->getVectorBits(), 256);
  EXPECT_EQ(narrowed->getFeatures(), "+avx2,-avx512f");
}

TEST_F(TargetBackendTest, TheHostIsACPUWithCores) {
  const TargetBackend *backend = lookupTargetBackend("cpu");
  ASSERT_NE(backend, nullptr);
  mlir::FailureOr<kernel::TargetAttr> host =
      backend->getDefaultTarget(mlir::UnknownLoc::get(&context), "host", "");
  ASSERT_TRUE(mlir::succeeded(host));
  EXPECT_FALSE(host->getTriple().empty());
  EXPECT_GE(host->getCores(), 1);
  EXPECT_GE(host->getVectorBits(), 128);
  EXPECT_EQ(getTargetBackendName(*host), "cpu");
}

} // namespace
