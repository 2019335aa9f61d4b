//===- CpuFeaturesTest.cpp - The "cpu-features" record and its check -----===//
//
// The writer records the features given with the kernel library, the
// verifier parses the list, and loading refuses a module whose features the
// host lacks (a real feature this host lacks, chosen at run time, and a
// name no runtime knows), unless LoadOptions turns the check off.
//
//===----------------------------------------------------------------------===//

#include "strata/Runtime/CpuFeatures.h"
#include "strata/Runtime/Module.h"
#include "strata/Runtime/ModuleWriter.h"

#include "gtest/gtest.h"

#include <string>
#include <vector>

using namespace strata::runtime;
using namespace strata::runtime::bytecode;

namespace {

/// A module with a (fake) kernel library compiled for `features`.
std::vector<uint8_t> buildModule(const std::vector<std::string> &features) {
  ModuleWriter writer;
  FunctionBuilder *main = *writer.getFunction(writer.declareFunction("main"));
  EXPECT_TRUE(main->emit(Opcode::Return, {RegisterList{}}).ok());
  writer.setKernelLibraryCPU({'n', 'o', 't', ' ', 'e', 'l', 'f'}, features);
  StatusOr<std::vector<uint8_t>> bytes = writer.finish();
  EXPECT_TRUE(bytes.ok()) << bytes.message();
  return bytes ? *bytes : std::vector<uint8_t>();
}

std::string loadError(const std::vector<uint8_t> &bytes,
                      LoadOptions options = {}) {
  StatusOr<std::unique_ptr<Module>> module =
      Module::loadBuffer(bytes.data(), bytes.size(), "m.smod", options);
  return module ? "OK" : module.message();
}

/// A feature of the list this host cannot run, or "".
std::string findMissingFeature() {
  for (std::string_view name : getRecordableCpuFeatures())
    if (!hostHasCpuFeature(name))
      return std::string(name);
  return "";
}

TEST(CpuFeaturesTest, ParseLists) {
  EXPECT_TRUE(parseCpuFeatureList("")->empty());
  EXPECT_EQ(*parseCpuFeatureList("avx2"), std::vector<std::string>{"avx2"});
  EXPECT_EQ(*parseCpuFeatureList("sse4.1,amx-tile,avx10.1-512"),
            (std::vector<std::string>{"sse4.1", "amx-tile", "avx10.1-512"}));
  EXPECT_EQ(parseCpuFeatureList("avx,,fma").message(),
            "empty feature name in 'avx,,fma'");
  EXPECT_EQ(parseCpuFeatureList("avx,").message(),
            "empty feature name in 'avx,'");
  EXPECT_EQ(parseCpuFeatureList("+avx").message(),
            "invalid feature name '+avx'");
}

TEST(CpuFeaturesTest, HostBasics) {
#if defined(__x86_64__)
  // Every x86-64 CPU has these.
  for (const char *name : {"sse", "sse2", "cx8", "cmov", "fxsr"})
    EXPECT_TRUE(hostHasCpuFeature(name)) << name;
#endif
  EXPECT_FALSE(hostHasCpuFeature("no-such-feature"));
  EXPECT_FALSE(isRecordableCpuFeature("no-such-feature"));
  EXPECT_TRUE(isRecordableCpuFeature("avx512f"));
  EXPECT_TRUE(checkHostCpuFeatures({}).ok());
}

TEST(CpuFeaturesTest, WriterRecordsTheList) {
  std::vector<uint8_t> bytes = buildModule({"sse", "sse2"});
  StatusOr<std::unique_ptr<Module>> module =
      Module::loadBuffer(bytes.data(), bytes.size(), "m.smod");
  ASSERT_TRUE(module.ok()) << module.message();
  EXPECT_STREQ((*module)->getMetadataValue(kMetadataCpuFeatures), "sse,sse2");
  EXPECT_EQ((*module)->getRequiredCpuFeatures(),
            (std::vector<std::string>{"sse", "sse2"}));

  // Without features there is no record (and nothing to check).
  std::vector<uint8_t> none = buildModule({});
  StatusOr<std::unique_ptr<Module>> plain =
      Module::loadBuffer(none.data(), none.size(), "m.smod");
  ASSERT_TRUE(plain.ok()) << plain.message();
  EXPECT_EQ((*plain)->getMetadataValue(kMetadataCpuFeatures), nullptr);

  // A second setKernelLibraryCPU replaces the record.
  ModuleWriter writer;
  writer.setKernelLibraryCPU({1, 2, 3}, {"avx"});
  writer.setKernelLibraryCPU({1, 2, 3}, {"sse"});
  StatusOr<std::vector<uint8_t>> replaced = writer.finish();
  ASSERT_TRUE(replaced.ok());
  StatusOr<std::unique_ptr<Module>> module2 =
      Module::loadBuffer(replaced->data(), replaced->size(), "m.smod");
  ASSERT_TRUE(module2.ok()) << module2.message();
  EXPECT_EQ((*module2)->getMetadata().size(), 1u);
  EXPECT_EQ((*module2)->getRequiredCpuFeatures(),
            std::vector<std::string>{"sse"});
}

TEST(CpuFeaturesTest, VerifierChecksTheRecord) {
  ModuleWriter twice;
  twice.addMetadata(kMetadataCpuFeatures, "sse");
  twice.addMetadata(kMetadataCpuFeatures, "sse2");
  StatusOr<std::vector<uint8_t>> bytes = twice.finish();
  ASSERT_TRUE(bytes.ok());
  EXPECT_EQ(loadError(*bytes), "m.smod: metadata entry 1: a second "
                               "'cpu-features' entry (the first is entry 0)");
  ModuleWriter bad;
  bad.addMetadata(kMetadataCpuFeatures, "sse,AVX");
  bytes = bad.finish();
  ASSERT_TRUE(bytes.ok());
  EXPECT_EQ(loadError(*bytes), "m.smod: metadata entry 0 ('cpu-features'): "
                               "invalid feature name 'AVX'");
}

TEST(CpuFeaturesTest, LoadRefusesFeaturesTheHostLacks) {
  std::string missing = findMissingFeature();
  if (missing.empty())
    GTEST_SKIP() << "this host has every feature of the list";
  std::vector<uint8_t> bytes = buildModule({"sse2", missing});
  std::string error = loadError(bytes);
  EXPECT_NE(error.find("m.smod: cannot run on this host: its kernels need CPU "
                       "features this host lacks: " +
                       missing + "; recompile it for this host"),
            std::string::npos)
      << error;
  LoadOptions unchecked;
  unchecked.checkCpuFeatures = false;
  EXPECT_EQ(loadError(bytes, unchecked), "OK");
}

TEST(CpuFeaturesTest, LoadRefusesUnknownFeatures) {
  std::vector<uint8_t> bytes = buildModule({"sse2", "quantum-avx9000"});
  EXPECT_EQ(loadError(bytes),
            "m.smod: cannot run on this host: its kernels need CPU features "
            "this runtime does not know: quantum-avx9000 (a module from a "
            "newer Strata?); recompile it for this host (strata-compile "
            "without --cpu and --features targets the host)");
}

} // namespace
