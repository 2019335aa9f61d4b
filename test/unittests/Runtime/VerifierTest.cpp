//===- VerifierTest.cpp - Module verifier: every rule, and corruption -----===//
//
// Each test makes a module wrong on purpose -- by patching the bytes of a
// valid module or by encoding a bad instruction with ModuleWriter, which
// leaves whole-module checks to the verifier -- and expects the verifier's
// exact message. CorruptionTest then damages a valid module at every byte
// and truncates it at every length: loading must fail cleanly or succeed,
// never crash (run it under ASan).
//
// This file has its own main(): `StrataRuntimeFormatTests
// --corrupt-module=PATH` runs the corruption test on PATH as well (e.g. a
// compiler-made module).
//
//===----------------------------------------------------------------------===//

#include "FormatTestModules.h"

#include "strata/Runtime/CudaLibrary.h"
#include "strata/Runtime/Disassembler.h"
#include "strata/Runtime/Module.h"
#include "strata/Runtime/ModuleWriter.h"

#include "gtest/gtest.h"

#include <cstdio>
#include <cstring>
#include <fstream>
#include <iterator>

using namespace strata::runtime;
using namespace strata::runtime::bytecode;

namespace {

/// Set by main() from --corrupt-module=PATH.
std::string corruptModulePath;

std::vector<uint8_t> fullModule() {
  StatusOr<std::vector<uint8_t>> bytes = testmodules::buildFullModule();
  EXPECT_TRUE(bytes.ok()) << bytes.message();
  return bytes ? *bytes : std::vector<uint8_t>();
}

/// The loader's message for `bytes`, or "OK" when they load.
std::string loadError(const std::vector<uint8_t> &bytes) {
  StatusOr<std::unique_ptr<Module>> module =
      Module::loadBuffer(bytes.data(), bytes.size(), "m.smod");
  return module ? "OK" : module.message();
}

/// The section header of `kind` in a module's bytes (nullptr if absent).
SectionHeader *findSection(std::vector<uint8_t> &bytes, SectionKind kind) {
  auto *header = reinterpret_cast<FileHeader *>(bytes.data());
  auto *sections =
      reinterpret_cast<SectionHeader *>(bytes.data() + sizeof(FileHeader));
  for (uint32_t i = 0; i < header->sectionCount; ++i)
    if (sections[i].kind == static_cast<uint32_t>(kind))
      return &sections[i];
  return nullptr;
}

/// Entry `index` of table `kind` (the module must be a valid one).
template <typename T>
T &entry(std::vector<uint8_t> &bytes, SectionKind kind, size_t index) {
  SectionHeader *section = findSection(bytes, kind);
  EXPECT_TRUE(section);
  return reinterpret_cast<T *>(bytes.data() + section->offset)[index];
}

FileHeader &header(std::vector<uint8_t> &bytes) {
  return *reinterpret_cast<FileHeader *>(bytes.data());
}

//===----------------------------------------------------------------------===//
// Header and section table
//===----------------------------------------------------------------------===//

TEST(VerifierTest, ValidModulesLoad) {
  EXPECT_EQ(loadError(fullModule()), "OK");
  EXPECT_EQ(loadError(*testmodules::buildEmptyModule()), "OK");
  EXPECT_EQ(loadError(*testmodules::buildMinimalModule()), "OK");
  EXPECT_EQ(loadError(*testmodules::buildLoopModule()), "OK");
}

TEST(VerifierTest, Header) {
  std::vector<uint8_t> bytes = fullModule();
  EXPECT_EQ(loadError(std::vector<uint8_t>(bytes.begin(), bytes.begin() + 10)),
            "m.smod: file too small for a module header (10 bytes, need 64)");

  std::vector<uint8_t> magic = bytes;
  magic[3] = 'X';
  EXPECT_EQ(loadError(magic), "m.smod: not a Strata module (bad magic)");

  std::vector<uint8_t> version = bytes;
  header(version).versionMajor = 3;
  header(version).versionMinor = 7;
  EXPECT_EQ(loadError(version),
            "m.smod: unsupported format version 3.7 (this runtime reads 2.x): "
            "the module was written by a newer Strata; load it with that "
            "version's runtime");
  // 1.x modules do not record the CPU features of their kernels.
  std::vector<uint8_t> old = bytes;
  header(old).versionMajor = 1;
  header(old).versionMinor = 1;
  EXPECT_EQ(loadError(old),
            "m.smod: unsupported format version 1.1 (this runtime reads 2.x): "
            "rebuild the module with a current strata-compile");

  std::vector<uint8_t> minor = bytes;
  header(minor).versionMinor = 9; // Compatible: loads.
  EXPECT_EQ(loadError(minor), "OK");

  std::vector<uint8_t> truncated(bytes.begin(), bytes.end() - 1);
  EXPECT_EQ(loadError(truncated),
            "m.smod: header says the file has " + std::to_string(bytes.size()) +
                " bytes, it has " + std::to_string(bytes.size() - 1) +
                " (truncated)");
  std::vector<uint8_t> padded = bytes;
  padded.push_back(0);
  EXPECT_EQ(loadError(padded),
            "m.smod: header says the file has " + std::to_string(bytes.size()) +
                " bytes, it has " + std::to_string(bytes.size() + 1));

  std::vector<uint8_t> flags = bytes;
  header(flags).flags = 4;
  EXPECT_EQ(loadError(flags),
            "m.smod: header flags 4 are reserved and must be 0");
  std::vector<uint8_t> reserved = bytes;
  header(reserved).reserved[31] = 1;
  EXPECT_EQ(loadError(reserved), "m.smod: reserved header bytes must be 0");

  std::vector<uint8_t> count = bytes;
  header(count).sectionCount = 0x7fffffff;
  EXPECT_EQ(loadError(count),
            "m.smod: section table (2147483647 sections) runs past the end "
            "of the file (" +
                std::to_string(bytes.size()) + " bytes)");
}

TEST(VerifierTest, SectionTable) {
  const std::vector<uint8_t> bytes = fullModule();
  auto patched = [&](auto patch) {
    std::vector<uint8_t> copy = bytes;
    patch(reinterpret_cast<SectionHeader *>(copy.data() + sizeof(FileHeader)));
    return loadError(copy);
  };
  // Section 0 is strings, 2 is types, 9 is constant data.
  EXPECT_EQ(patched([](SectionHeader *s) { s[2].kind = 42; }),
            "m.smod: section 2: unknown kind 42");
  EXPECT_EQ(patched([](SectionHeader *s) { s[2].kind = 0; }),
            "m.smod: section 2: unknown kind 0");
  EXPECT_EQ(patched([](SectionHeader *s) {
              s[2].kind = uint32_t(SectionKind::Strings);
            }),
            "m.smod: section 2 (strings): duplicate of section 0");
  EXPECT_EQ(patched([](SectionHeader *s) { s[2].alignment = 24; }),
            "m.smod: section 2 (types): alignment 24 is not a power of two "
            "<= 4096");
  EXPECT_EQ(patched([](SectionHeader *s) { s[2].alignment = 0; }),
            "m.smod: section 2 (types): alignment 0 is not a power of two "
            "<= 4096");
  EXPECT_EQ(patched([](SectionHeader *s) { s[2].alignment = 8192; }),
            "m.smod: section 2 (types): alignment 8192 is not a power of two "
            "<= 4096");
  EXPECT_EQ(patched([](SectionHeader *s) { s[2].alignment = 4; }),
            "m.smod: section 2 (types): alignment 4 is below the 8 its "
            "contents need");
  EXPECT_EQ(patched([](SectionHeader *s) { s[10].alignment = 32; }),
            "m.smod: section 10 (constant-data): alignment 32 is below the 64 "
            "its contents need");
  EXPECT_EQ(patched([](SectionHeader *s) { s[2].offset += 4; }),
            "m.smod: section 2 (types): offset 548 is not a multiple of its "
            "alignment 8");
  EXPECT_EQ(patched([](SectionHeader *s) { s[0].offset = 64; }),
            "m.smod: section 0 (strings): offset 64 overlaps the header and "
            "section table (352 bytes)");
  EXPECT_EQ(patched([](SectionHeader *s) { s[10].size = 4096; }),
            "m.smod: section 10 (constant-data): bytes [2176, +4096) run past "
            "the end of the file (2288 bytes)");
  EXPECT_EQ(patched([](SectionHeader *s) { s[10].offset = ~uint64_t(63); }),
            "m.smod: section 10 (constant-data): bytes "
            "[18446744073709551552, +88) run past the end of the file (2288 "
            "bytes)");
  EXPECT_EQ(patched([](SectionHeader *s) { s[2].size -= 8; }),
            "m.smod: section 2 (types): size 424 is not a multiple of the "
            "entry size 72");
  EXPECT_EQ(patched([](SectionHeader *s) { s[3].offset = s[2].offset; }),
            "m.smod: section 2 (types) overlaps section 3 (functions)");
  EXPECT_EQ(patched([](SectionHeader *s) { s[1].offset -= 4; }),
            "m.smod: section 0 (strings) overlaps section 1 (metadata)");
  // An empty section overlaps nothing.
  EXPECT_EQ(patched([](SectionHeader *s) {
              s[9].size = 0;
              s[9].offset = s[10].offset;
            }),
            "OK");
}

//===----------------------------------------------------------------------===//
// Tables
//===----------------------------------------------------------------------===//

TEST(VerifierTest, Strings) {
  std::vector<uint8_t> bytes = fullModule();
  SectionHeader *strings = findSection(bytes, SectionKind::Strings);
  bytes[strings->offset + strings->size - 1] = 'x';
  EXPECT_EQ(loadError(bytes),
            "m.smod: strings section does not end with a NUL byte");

  // Strings are UTF-8: a stray byte, a cut sequence, an overlong form and
  // a surrogate are errors; a valid 2..4-byte sequence is fine.
  auto withString = [](std::string_view text) {
    ModuleWriter writer;
    writer.addMetadata("name", text);
    return writer.finish();
  };
  EXPECT_EQ(loadError(*withString("caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80")),
            "OK");
  // Offset 0 is "", 1..5 "name", so the value starts at byte 6.
  EXPECT_EQ(loadError(*withString("a\xac"
                                  "b")),
            "m.smod: strings section: invalid UTF-8 at byte 7");
  EXPECT_EQ(loadError(*withString("ab\xc3")),
            "m.smod: strings section: invalid UTF-8 at byte 8");
  EXPECT_EQ(loadError(*withString("\xc0\xaf")),
            "m.smod: strings section: invalid UTF-8 at byte 6");
  EXPECT_EQ(loadError(*withString("\xed\xa0\x80")),
            "m.smod: strings section: invalid UTF-8 at byte 6");
  EXPECT_EQ(loadError(*withString("\xf4\x90\x80\x80")),
            "m.smod: strings section: invalid UTF-8 at byte 6");

  std::vector<uint8_t> key = fullModule();
  entry<MetadataEntry>(key, SectionKind::Metadata, 1).key = 175;
  EXPECT_EQ(loadError(key), "m.smod: metadata entry 1 key: string offset 175 "
                            "out of range (175 bytes of strings)");
  std::vector<uint8_t> value = fullModule();
  entry<MetadataEntry>(value, SectionKind::Metadata, 0).value = kNoString;
  EXPECT_EQ(loadError(value),
            "m.smod: metadata entry 0 value: string offset 4294967295 out of "
            "range (175 bytes of strings)");
}

TEST(VerifierTest, Types) {
  const std::vector<uint8_t> bytes = fullModule();
  auto patched = [&](size_t index, auto patch) {
    std::vector<uint8_t> copy = bytes;
    patch(entry<TypeEntry>(copy, SectionKind::Types, index));
    return loadError(copy);
  };
  // Type 0 is i64, 1 storage, 2 tensor<?x4xf32>, 3 tensor<2x4xf32>.
  EXPECT_EQ(patched(2, [](TypeEntry &t) { t.kind = 0; }),
            "m.smod: type 2: invalid kind 0");
  EXPECT_EQ(patched(2, [](TypeEntry &t) { t.kind = 4; }),
            "m.smod: type 2: invalid kind 4");
  EXPECT_EQ(patched(2, [](TypeEntry &t) { t.dtype = 0; }),
            "m.smod: type 2: invalid dtype 0");
  EXPECT_EQ(patched(2, [](TypeEntry &t) { t.dtype = kMaxDType + 1; }),
            "m.smod: type 2: invalid dtype 14");
  EXPECT_EQ(patched(2, [](TypeEntry &t) { t.rank = kMaxRank + 1; }),
            "m.smod: type 2: rank 9 exceeds the maximum 8");
  EXPECT_EQ(patched(2, [](TypeEntry &t) { t.dims[1] = -2; }),
            "m.smod: type 2: dim 1 is negative (-2)");
  EXPECT_EQ(patched(2, [](TypeEntry &t) { t.dims[2] = 1; }),
            "m.smod: type 2: unused dim 2 must be 0 (rank 2)");
  EXPECT_EQ(patched(2, [](TypeEntry &t) { t.reserved[4] = 1; }),
            "m.smod: type 2: reserved bytes must be 0");
  EXPECT_EQ(patched(0, [](TypeEntry &t) { t.dtype = 1; }),
            "m.smod: type 0: i64 type must have dtype, rank and dims 0");
  EXPECT_EQ(patched(1, [](TypeEntry &t) { t.dims[7] = 1; }),
            "m.smod: type 1: storage type must have dtype, rank and dims 0");
}

TEST(VerifierTest, Constants) {
  const std::vector<uint8_t> bytes = fullModule();
  auto patched = [&](auto patch) {
    std::vector<uint8_t> copy = bytes;
    patch(entry<ConstantEntry>(copy, SectionKind::Constants, 0),
          entry<TypeEntry>(copy, SectionKind::Types, 3));
    return loadError(copy);
  };
  // Constant 0 is 'weights' (type 3, tensor<2x4xf32>, offset 0, size 32).
  EXPECT_EQ(patched([](ConstantEntry &c, TypeEntry &) { c.name = 1000; }),
            "m.smod: constant 0 name: string offset 1000 out of range (175 "
            "bytes of strings)");
  EXPECT_EQ(patched([](ConstantEntry &c, TypeEntry &) { c.type = 6; }),
            "m.smod: constant 0 ('weights'): type index 6 out of range (6 "
            "types)");
  EXPECT_EQ(patched([](ConstantEntry &c, TypeEntry &) { c.type = 0; }),
            "m.smod: constant 0 ('weights'): type i64 is not a tensor");
  EXPECT_EQ(patched([](ConstantEntry &c, TypeEntry &) { c.type = 2; }),
            "m.smod: constant 0 ('weights'): type tensor<?x4xf32> does not "
            "have a static shape");
  EXPECT_EQ(patched([](ConstantEntry &c, TypeEntry &) { c.size = 36; }),
            "m.smod: constant 0 ('weights'): size 36 does not match "
            "tensor<2x4xf32> (32 bytes)");
  EXPECT_EQ(patched([](ConstantEntry &c, TypeEntry &) { c.offset = 32; }),
            "m.smod: constant 0 ('weights'): offset 32 is not a multiple of "
            "64");
  EXPECT_EQ(patched([](ConstantEntry &c, TypeEntry &) { c.offset = 64; }),
            "m.smod: constant 0 ('weights'): bytes [64, +32) run past the "
            "constant data (88 bytes)");
  EXPECT_EQ(
      patched([](ConstantEntry &c, TypeEntry &) { c.offset = ~uint64_t(63); }),
      "m.smod: constant 0 ('weights'): bytes [18446744073709551552, "
      "+32) run past the constant data (88 bytes)");
  EXPECT_EQ(patched([](ConstantEntry &, TypeEntry &t) {
              t.dims[0] = int64_t(1) << 40;
              t.dims[1] = int64_t(1) << 40;
            }),
            "m.smod: constant 0 ('weights'): byte size of "
            "tensor<1099511627776x1099511627776xf32> overflows");
}

TEST(VerifierTest, Kernels) {
  const std::vector<uint8_t> bytes = fullModule();
  auto patched = [&](auto patch) {
    std::vector<uint8_t> copy = bytes;
    patch(entry<KernelEntry>(copy, SectionKind::Kernels, 1));
    return loadError(copy);
  };
  EXPECT_EQ(patched([](KernelEntry &k) { k.name = kNoString; }),
            "m.smod: kernel 1 name: string offset 4294967295 out of range "
            "(175 bytes of strings)");
  EXPECT_EQ(patched([](KernelEntry &k) { k.symbol = 500; }),
            "m.smod: kernel 1 ('scale') symbol: string offset 500 out of "
            "range (175 bytes of strings)");
  EXPECT_EQ(patched([](KernelEntry &k) { k.symbol = 0; }),
            "m.smod: kernel 1 ('scale'): empty symbol");
  EXPECT_EQ(patched([](KernelEntry &k) { k.gridSymbol = 175; }),
            "m.smod: kernel 1 ('scale') grid symbol: string offset 175 out "
            "of range (175 bytes of strings)");
  EXPECT_EQ(patched([](KernelEntry &k) { k.location = 176; }),
            "m.smod: kernel 1 ('scale') location: string offset 176 out of "
            "range (175 bytes of strings)");
  EXPECT_EQ(patched([](KernelEntry &k) { k.numOutputs = 3; }),
            "m.smod: kernel 1 ('scale'): 3 outputs but only 2 arguments");
}

/// A module of one CUDA kernel "k" whose library holds one image ("k",
/// `ptx`, a 4-byte cubin, 2 blocks of 64 threads), laid out as Bytecode.h
/// says.
std::vector<uint8_t> cudaModule(const std::string &ptx = ".version 8.0") {
  std::vector<uint8_t> library(sizeof(CudaLibraryHeader) +
                               sizeof(CudaKernelImage));
  auto append = [&](const void *data, size_t size) {
    uint64_t offset = library.size();
    const auto *bytes = static_cast<const uint8_t *>(data);
    library.insert(library.end(), bytes, bytes + size);
    return offset;
  };
  CudaLibraryHeader header{};
  std::memcpy(header.magic, kCudaLibraryMagic, sizeof(header.magic));
  header.kernelCount = 1;
  header.chipSize = 5;
  header.chipOffset = static_cast<uint32_t>(append("sm_90", 5));
  CudaKernelImage image{};
  image.nameSize = 1;
  image.nameOffset = append("k", 1);
  image.ptxSize = ptx.size() + 1;
  image.ptxOffset = append(ptx.c_str(), ptx.size() + 1);
  image.cubinSize = 4;
  image.cubinOffset = append("\x7f"
                             "ELF",
                             4);
  image.grid[0] = 2;
  image.grid[1] = image.grid[2] = 1;
  image.block[0] = 64;
  image.block[1] = image.block[2] = 1;
  // A grid computed at launch: 3 x ceil(dim 0 of argument 0 / 64), at most
  // 2 blocks.
  CudaGridFactor factor{0, 0, 64};
  image.gridFactorCount = 1;
  image.gridFactorsOffset = append(&factor, sizeof(factor));
  image.gridScale = 3;
  std::memcpy(library.data(), &header, sizeof(header));
  std::memcpy(library.data() + sizeof(header), &image, sizeof(image));
  ModuleWriter writer;
  EXPECT_TRUE(
      writer.addKernel("k", "k", "", 1, 1, "", SectionKind::KernelLibraryCUDA)
          .ok());
  writer.setKernelLibraryCUDA(library);
  StatusOr<std::vector<uint8_t>> bytes = writer.finish();
  EXPECT_TRUE(bytes.ok()) << bytes.message();
  return bytes ? *bytes : std::vector<uint8_t>();
}

/// The CUDA kernel image of `bytes` (a cudaModule()).
CudaKernelImage &cudaImage(std::vector<uint8_t> &bytes) {
  SectionHeader *section = findSection(bytes, SectionKind::KernelLibraryCUDA);
  return *reinterpret_cast<CudaKernelImage *>(bytes.data() + section->offset +
                                              sizeof(CudaLibraryHeader));
}

TEST(VerifierTest, CudaKernelLibrary) {
  std::vector<uint8_t> good = cudaModule();
  ASSERT_EQ(loadError(good), "OK");
  // Its kernels read back as written (CudaLibrary.h).
  StatusOr<std::unique_ptr<Module>> module =
      Module::loadBuffer(good.data(), good.size(), "m.smod");
  ASSERT_TRUE(module.ok());
  CudaLibraryView view = readCudaLibrary(**module);
  EXPECT_EQ(view.chip, "sm_90");
  ASSERT_EQ(view.kernels.size(), 1u);
  EXPECT_EQ(view.kernels[0].name, "k");
  EXPECT_EQ(view.kernels[0].ptx.size(), 13u);
  EXPECT_EQ(view.kernels[0].cubin.size(), 4u);
  EXPECT_EQ(view.kernels[0].grid[0], 2u);
  EXPECT_EQ(view.kernels[0].block[0], 64u);
  ASSERT_EQ(view.kernels[0].gridFactors.size(), 1u);
  EXPECT_EQ(view.kernels[0].gridFactors[0].step, 64u);
  EXPECT_EQ(view.kernels[0].gridScale, 3u);
  EXPECT_NE(view.find("k"), nullptr);
  EXPECT_EQ(view.find("other"), nullptr);
  // strata-dump lists them.
  std::string listing = disassemble(**module, DisassemblerOptions());
  EXPECT_NE(listing.find("kernel library (cuda): 1 kernels for sm_90"),
            std::string::npos);
  EXPECT_NE(listing.find("k: grid <= 2 (3 x ceil(arg0.dim0 / 64)), block "
                         "64x1x1"),
            std::string::npos)
      << listing;

  std::vector<uint8_t> magic = good;
  magic[findSection(magic, SectionKind::KernelLibraryCUDA)->offset] = 'X';
  EXPECT_EQ(loadError(magic), "m.smod: CUDA kernel library: bad magic");
  std::vector<uint8_t> count = good;
  reinterpret_cast<CudaLibraryHeader *>(
      count.data() + findSection(count, SectionKind::KernelLibraryCUDA)->offset)
      ->kernelCount = 1000;
  EXPECT_EQ(loadError(count),
            "m.smod: CUDA kernel library: table or chip name out of range");
  std::vector<uint8_t> ptx = good;
  cudaImage(ptx).ptxSize = 1u << 30;
  EXPECT_EQ(loadError(ptx), "m.smod: CUDA kernel library: kernel 0: name, "
                            "PTX or cubin out of range");
  std::vector<uint8_t> nul = good;
  cudaImage(nul).ptxSize -= 1;
  EXPECT_EQ(loadError(nul), "m.smod: CUDA kernel library: kernel 0: PTX does "
                            "not end with a NUL byte");
  std::vector<uint8_t> threads = good;
  cudaImage(threads).block[1] = 32;
  EXPECT_EQ(loadError(threads), "m.smod: CUDA kernel library: kernel 0: "
                                "blocks of 2048 threads (expected 1 to 1024)");
  std::vector<uint8_t> name = good;
  cudaImage(name).nameSize = 0;
  EXPECT_EQ(loadError(name), "m.smod: CUDA kernel library: kernel 0: name, "
                             "PTX or cubin out of range");
  std::vector<uint8_t> factors = good;
  cudaImage(factors).gridFactorCount = 1u << 20;
  EXPECT_EQ(loadError(factors), "m.smod: CUDA kernel library: kernel 0: grid "
                                "factors out of range");
  std::vector<uint8_t> scale = good;
  cudaImage(scale).gridScale = 0;
  EXPECT_EQ(loadError(scale),
            "m.smod: CUDA kernel library: kernel 0: a computed grid needs a "
            "scale and a cap of at least 1");
  std::vector<uint8_t> step = good;
  reinterpret_cast<CudaGridFactor *>(
      step.data() + findSection(step, SectionKind::KernelLibraryCUDA)->offset +
      cudaImage(step).gridFactorsOffset)
      ->step = 0;
  EXPECT_EQ(loadError(step),
            "m.smod: CUDA kernel library: kernel 0: grid factor 0: step 0, dim "
            "0 (expected a step of at least 1 and a dim from -1 to 7)");
  // The kernel table names an entry the library does not have.
  std::vector<uint8_t> missing = good;
  uint8_t *entryName =
      missing.data() +
      findSection(missing, SectionKind::KernelLibraryCUDA)->offset +
      cudaImage(missing).nameOffset;
  *entryName = 'j';
  EXPECT_EQ(loadError(missing),
            "m.smod: kernel 0 ('k'): no entry 'k' in the CUDA kernel library");
}

TEST(VerifierTest, KernelLibraries) {
  const std::vector<uint8_t> bytes = fullModule();
  // Each kernel names the library that holds it: a kernel library section
  // of a device this runtime runs.
  std::vector<uint8_t> data = bytes;
  entry<uint32_t>(data, SectionKind::KernelLibraries, 1) =
      static_cast<uint32_t>(SectionKind::ConstantData);
  EXPECT_EQ(
      loadError(data),
      "m.smod: kernel 1 ('scale'): library section kind 7 "
      "(constant-data) is not a kernel library this runtime runs (cpu, cuda)");
  std::vector<uint8_t> unknown = bytes;
  entry<uint32_t>(unknown, SectionKind::KernelLibraries, 0) = 40;
  EXPECT_EQ(loadError(unknown),
            "m.smod: kernel 0 ('main_dispatch_0'): library section kind 40 "
            "(invalid) is not a kernel library this runtime runs (cpu, cuda)");
  // One entry per kernel.
  std::vector<uint8_t> short_ = bytes;
  findSection(short_, SectionKind::KernelLibraries)->size = 4;
  EXPECT_EQ(loadError(short_),
            "m.smod: kernel-libraries section has 1 entries for 2 kernels");

  // A module of a later minor version whose section this runtime does not
  // know is skipped (here: the kernel-libraries section renamed to an
  // unknown kind); without the section, as in modules before 2.2, every
  // kernel is in the CPU library.
  std::vector<uint8_t> older = bytes;
  header(older).versionMinor = kVersionMinor + 1;
  findSection(older, SectionKind::KernelLibraries)->kind = 99;
  StatusOr<std::unique_ptr<Module>> module =
      Module::loadBuffer(older.data(), older.size(), "m.smod");
  ASSERT_TRUE(module.ok()) << module.message();
  EXPECT_EQ((*module)->getKernelLibrary(0), SectionKind::KernelLibraryCPU);
  EXPECT_EQ((*module)->getKernelLibrary(1), SectionKind::KernelLibraryCPU);
}

TEST(VerifierTest, InstructionLocations) {
  const std::vector<uint8_t> bytes = fullModule();
  // main's code: entries at words 0 ("model.mlir:1:1"), at the first
  // launch ("model.mlir:3:5") and at the call (none).
  StatusOr<std::unique_ptr<Module>> module =
      Module::loadBuffer(bytes.data(), bytes.size(), "m.smod");
  ASSERT_TRUE(module) << module.message();
  Span<InstructionLocation> table = (*module)->getInstructionLocations();
  ASSERT_EQ(table.size(), 3u);
  const FunctionEntry &main = (*module)->getFunctions()[1];
  const FunctionEntry &helper = (*module)->getFunctions()[0];
  EXPECT_EQ(table[0].codeWord, main.codeOffset);
  EXPECT_STREQ((*module)->getInstructionLocation(main, 0), "model.mlir:1:1");
  uint32_t launch = table[1].codeWord - main.codeOffset;
  EXPECT_STREQ((*module)->getInstructionLocation(main, launch - 1),
               "model.mlir:1:1");
  EXPECT_STREQ((*module)->getInstructionLocation(main, launch),
               "model.mlir:3:5");
  EXPECT_EQ((*module)->getInstructionLocation(main, table[2].codeWord -
                                                        main.codeOffset),
            nullptr);
  // helper (laid out after main) has no entry of its own.
  EXPECT_EQ((*module)->getInstructionLocation(helper, 0), nullptr);

  auto patched = [&](auto patch) {
    std::vector<uint8_t> copy = bytes;
    patch(
        entry<InstructionLocation>(copy, SectionKind::InstructionLocations, 0),
        entry<InstructionLocation>(copy, SectionKind::InstructionLocations, 1));
    return loadError(copy);
  };
  using L = InstructionLocation;
  EXPECT_EQ(patched([](L &first, L &) { first.codeWord = 100000; }),
            "m.smod: instruction location 0: code word 100000 out of range "
            "(" +
                std::to_string(main.codeSize + helper.codeSize) + " words)");
  EXPECT_EQ(
      patched([](L &first, L &second) { second.codeWord = first.codeWord; }),
      "m.smod: instruction location 1: code word " +
          std::to_string(table[0].codeWord) +
          " does not follow the previous entry's " +
          std::to_string(table[0].codeWord));
  EXPECT_EQ(patched([](L &, L &second) { second.location = 175; }),
            "m.smod: instruction location 1: string offset 175 out of range "
            "(175 bytes of strings)");
}

TEST(VerifierTest, NewerMinorVersionSections) {
  // A section kind this runtime does not know: an error in a module of its
  // own minor version, skipped in a newer one (its bounds still checked).
  std::vector<uint8_t> bytes = fullModule();
  SectionHeader *locations =
      findSection(bytes, SectionKind::InstructionLocations);
  ASSERT_TRUE(locations);
  locations->kind = 99;
  EXPECT_EQ(loadError(bytes), "m.smod: section 11: unknown kind 99");
  header(bytes).versionMinor = kVersionMinor + 1;
  EXPECT_EQ(loadError(bytes), "OK");
  locations->size = 1u << 30;
  EXPECT_NE(loadError(bytes).find("run past the end of the file"),
            std::string::npos);
}

TEST(VerifierTest, FunctionEntries) {
  const std::vector<uint8_t> bytes = fullModule();
  auto patched = [&](auto patch) {
    std::vector<uint8_t> copy = bytes;
    patch(entry<FunctionEntry>(copy, SectionKind::Functions, 1),
          entry<FunctionEntry>(copy, SectionKind::Functions, 0));
    return loadError(copy);
  };
  // Function 0 is helper (3 registers at indices 0, results at 3), 1 is
  // main (12 registers at 5, results at 17); indices hold 19 entries.
  using F = FunctionEntry;
  EXPECT_EQ(patched([](F &main, F &) { main.name = 9999; }),
            "m.smod: function 1 name: string offset 9999 out of range (175 "
            "bytes of strings)");
  EXPECT_EQ(patched([](F &main, F &helper) { main.name = helper.name; }),
            "m.smod: function 'helper': defined twice");
  EXPECT_EQ(patched([](F &main, F &) { main.location = 175; }),
            "m.smod: function 'main': location: string offset 175 out of "
            "range (175 bytes of strings)");
  EXPECT_EQ(patched([](F &main, F &) { main.flags = 1; }),
            "m.smod: function 'main': flags 1 are reserved and must be 0");
  EXPECT_EQ(patched([](F &main, F &) { main.numArgs = 13; }),
            "m.smod: function 'main': 13 arguments but only 12 registers");
  EXPECT_EQ(patched([](F &main, F &) { main.registerTypes = 8; }),
            "m.smod: function 'main': register types [8, +12) run past the "
            "indices section (19 entries)");
  EXPECT_EQ(patched([](F &main, F &) { main.registerTypes = 0xfffffff0; }),
            "m.smod: function 'main': register types [4294967280, +12) run "
            "past the indices section (19 entries)");
  EXPECT_EQ(patched([](F &main, F &) { main.resultTypes = 18; }),
            "m.smod: function 'main': result types [18, +2) run past the "
            "indices section (19 entries)");
  EXPECT_EQ(patched([](F &main, F &) { main.codeSize = 200; }),
            "m.smod: function 'main': code [8, +200) runs past the code "
            "section (192 words)");
  EXPECT_EQ(patched([](F &main, F &) { main.codeOffset = 0xffffffff; }),
            "m.smod: function 'main': code [4294967295, +184) runs past the "
            "code section (192 words)");
  EXPECT_EQ(patched([](F &main, F &) { main.codeSize = 0; }),
            "m.smod: function 'main': has no instructions");

  // Register and result types: type indices valid, no storage arguments
  // or results.
  std::vector<uint8_t> copy = bytes;
  SectionHeader *indices = findSection(copy, SectionKind::Indices);
  auto *words = reinterpret_cast<uint32_t *>(copy.data() + indices->offset);
  words[5 + 3] = 6;
  EXPECT_EQ(loadError(copy), "m.smod: function 'main': register %r3 has type "
                             "index 6 out of range (6 types)");
  words[5 + 3] = 0;
  words[5 + 1] = 1;
  EXPECT_EQ(loadError(copy), "m.smod: function 'main': argument %r1 must be "
                             "i64 or a tensor, is storage");
  words[5 + 1] = 0;
  words[17 + 1] = 1;
  EXPECT_EQ(loadError(copy), "m.smod: function 'main': result 1 must be i64 "
                             "or a tensor, is storage");
  words[17 + 1] = 77;
  EXPECT_EQ(loadError(copy), "m.smod: function 'main': result 1 has type "
                             "index 77 out of range (6 types)");
}

//===----------------------------------------------------------------------===//
// Bytecode
//===----------------------------------------------------------------------===//

/// A module with one function 'f' whose registers are
///   %r0 %r1: i64, %r2: storage, %r3: tensor<?x4xf32>, %r4: tensor<2x4xf32>,
///   %r5: tensor<?xi32>, %r6: tensor<?x4xf64>, %r7: tensor<4xf32>,
///   %r8: tensor<2x?xf32>
/// (no arguments, no results unless a test sets them), a kernel 'k' of 2
/// arguments, a constant 'w' of tensor<2x4xf32>, and a second function
/// 'g'(i64, tensor<?x4xf32>) -> (tensor<?x4xf32>). Tests emit into f and
/// expect the verifier's message.
class BytecodeTest : public ::testing::Test {
protected:
  void SetUp() override {
    i64 = writer.addI64Type();
    storage = writer.addStorageType();
    dyn = *writer.addTensorType(DType::F32, {-1, 4});
    fixed = *writer.addTensorType(DType::F32, {2, 4});
    ints = *writer.addTensorType(DType::I32, {-1});
    doubles = *writer.addTensorType(DType::F64, {-1, 4});
    vector = *writer.addTensorType(DType::F32, {4});
    partial = *writer.addTensorType(DType::F32, {2, -1});
    float data[8] = {};
    ASSERT_TRUE(writer.addConstant("w", fixed, data, sizeof(data)).ok());
    ASSERT_TRUE(writer.addKernel("k", "k_sym", "", 2, 1).ok());
    f = *writer.getFunction(writer.declareFunction("f"));
    f->setRegisterTypes(
        {i64, i64, storage, dyn, fixed, ints, doubles, vector, partial});
    g = *writer.getFunction(writer.declareFunction("g"));
    g->setRegisterTypes({i64, dyn});
    g->setNumArgs(2);
    g->setResultTypes({dyn});
    ASSERT_TRUE(g->emit(Opcode::Return, {RegisterList{1}}).ok());
  }

  void emit(Opcode opcode, std::vector<Operand> operands) {
    Status status = f->emit(opcode, operands);
    ASSERT_TRUE(status.ok()) << status.message();
  }
  /// Ends f with `ret` (when asked) and returns the loader's message.
  std::string error(bool addReturn = true) {
    if (addReturn)
      emit(Opcode::Return, {RegisterList{}});
    StatusOr<std::vector<uint8_t>> bytes = writer.finish();
    if (!bytes)
      return "writer: " + bytes.message();
    return loadError(*bytes);
  }
  /// The message for f = [instruction; ret].
  std::string errorOf(Opcode opcode, std::vector<Operand> operands) {
    emit(opcode, std::move(operands));
    return error();
  }

  ModuleWriter writer;
  FunctionBuilder *f = nullptr;
  FunctionBuilder *g = nullptr;
  uint32_t i64, storage, dyn, fixed, ints, doubles, vector, partial;
};

const std::string at0 = "m.smod: function 'f': instruction at word 0 ";

TEST_F(BytecodeTest, ValidInstructionsLoad) {
  emit(Opcode::AllocTensor, {3, RegisterList{0}});
  emit(Opcode::Constant, {4, 0});
  emit(Opcode::Constant, {8, 0}); // tensor<2x?xf32> from tensor<2x4xf32>.
  emit(Opcode::Reshape, {7, 4, RegisterList{}});
  emit(Opcode::Launch, {0, RegisterList{0, 3}});
  emit(Opcode::Call, {1, RegisterList{1, 3}, RegisterList{3}});
  EXPECT_EQ(error(), "OK");
}

TEST_F(BytecodeTest, UnknownOpcodeAndTruncation) {
  // Patch the words of a valid module: f's code starts at word 0.
  emit(Opcode::ConstI64, {0, 5});
  emit(Opcode::Return, {RegisterList{}});
  StatusOr<std::vector<uint8_t>> bytes = writer.finish();
  ASSERT_TRUE(bytes.ok());
  auto patched = [&](auto patch) {
    std::vector<uint8_t> copy = *bytes;
    SectionHeader *code = findSection(copy, SectionKind::Code);
    auto *words = reinterpret_cast<uint32_t *>(copy.data() + code->offset);
    FunctionEntry &function =
        entry<FunctionEntry>(copy, SectionKind::Functions, 0);
    patch(words, function);
    return loadError(copy);
  };
  EXPECT_EQ(patched([](uint32_t *w, FunctionEntry &) { w[0] = 99; }),
            "m.smod: function 'f': instruction at word 0 (?): unknown opcode "
            "99 (37 opcodes)");
  EXPECT_EQ(patched([](uint32_t *, FunctionEntry &fn) { fn.codeSize = 3; }),
            at0 + "(const): operand 1 runs past the end of the function (3 "
                  "words)");
  EXPECT_EQ(patched([](uint32_t *w, FunctionEntry &) { w[5] = 5; }),
            "m.smod: function 'f': instruction at word 4 (ret): operand 0: "
            "list of 5 registers runs past the end of the function (6 words)");
  EXPECT_EQ(patched([](uint32_t *, FunctionEntry &fn) { fn.codeSize = 4; }),
            "m.smod: function 'f': instruction at word 0 (const): the last "
            "instruction must be br, cond_br or ret, so that control cannot "
            "run off the end of the function");
}

TEST_F(BytecodeTest, Registers) {
  EXPECT_EQ(errorOf(Opcode::AddI, {0, 1, 9}),
            at0 + "(add): register %r9 out of range (9 registers)");
}

TEST_F(BytecodeTest, RegisterListEntries) {
  EXPECT_EQ(errorOf(Opcode::Launch, {0, RegisterList{0, 100}}),
            at0 + "(launch): register %r100 out of range (9 registers)");
}

TEST_F(BytecodeTest, I64Arithmetic) {
  EXPECT_EQ(errorOf(Opcode::AddI, {3, 0, 1}),
            at0 + "(add): destination %r3 (tensor<?x4xf32>) must be i64");
}

TEST_F(BytecodeTest, I64ArithmeticOperand) {
  EXPECT_EQ(errorOf(Opcode::XorI, {0, 1, 2}),
            at0 + "(xor): rhs %r2 (storage) must be i64");
}

TEST_F(BytecodeTest, ConstI64) {
  EXPECT_EQ(errorOf(Opcode::ConstI64, {2, 1}),
            at0 + "(const): destination %r2 (storage) must be i64");
}

TEST_F(BytecodeTest, CmpPredicate) {
  EXPECT_EQ(errorOf(Opcode::CmpI, {0, kMaxCmpPredicate + 1, 0, 1}),
            at0 + "(cmp): comparison predicate 10 out of range (at most 9)");
}

TEST_F(BytecodeTest, CmpOperands) {
  EXPECT_EQ(errorOf(Opcode::CmpI, {0, 0, 3, 1}),
            at0 + "(cmp): lhs %r3 (tensor<?x4xf32>) must be i64");
}

TEST_F(BytecodeTest, MoveKinds) {
  EXPECT_EQ(errorOf(Opcode::Move, {0, 3}),
            at0 + "(move): destination %r0 (i64) and source %r3 "
                  "(tensor<?x4xf32>) have different types");
}

TEST_F(BytecodeTest, MoveTensorDTypes) {
  EXPECT_EQ(errorOf(Opcode::Move, {3, 6}),
            at0 + "(move): destination %r3 (tensor<?x4xf32>) and source %r6 "
                  "(tensor<?x4xf64>) have different types");
}

TEST_F(BytecodeTest, MoveTensorRanks) {
  EXPECT_EQ(errorOf(Opcode::Move, {3, 7}),
            at0 + "(move): destination %r3 (tensor<?x4xf32>) and source %r7 "
                  "(tensor<4xf32>) have different types");
}

TEST_F(BytecodeTest, MoveSameRankDifferentDims) {
  // Dims are checked at run time.
  emit(Opcode::Move, {3, 4});
  EXPECT_EQ(error(), "OK");
}

TEST_F(BytecodeTest, SelectCondition) {
  EXPECT_EQ(errorOf(Opcode::Select, {3, 4, 3, 3}),
            at0 + "(select): condition %r4 (tensor<2x4xf32>) must be i64");
}

TEST_F(BytecodeTest, SelectValues) {
  EXPECT_EQ(errorOf(Opcode::Select, {3, 0, 3, 7}),
            at0 + "(select): destination %r3 (tensor<?x4xf32>) and values %r3 "
                  "(tensor<?x4xf32>), %r7 (tensor<4xf32>) have different "
                  "types");
}

TEST_F(BytecodeTest, CondBranchCondition) {
  Label label = f->createLabel();
  ASSERT_TRUE(f->placeLabel(label).ok());
  EXPECT_EQ(errorOf(Opcode::CondBranch, {2, label, label}),
            at0 + "(cond_br): condition %r2 (storage) must be i64");
}

TEST_F(BytecodeTest, AssertMessage) {
  EXPECT_EQ(errorOf(Opcode::Assert, {0, 100000}),
            at0 + "(assert): message string offset 100000 out of range (15 "
                  "bytes of strings)");
}

TEST_F(BytecodeTest, AssertCondition) {
  EXPECT_EQ(errorOf(Opcode::Assert, {3, 0}),
            at0 + "(assert): condition %r3 (tensor<?x4xf32>) must be i64");
}

TEST_F(BytecodeTest, AllocStorage) {
  EXPECT_EQ(errorOf(Opcode::AllocStorage, {3, 0}),
            at0 + "(alloc_storage): destination %r3 (tensor<?x4xf32>) must "
                  "be storage");
}

TEST_F(BytecodeTest, AllocStorageSize) {
  EXPECT_EQ(errorOf(Opcode::AllocStorage, {2, 2}),
            at0 + "(alloc_storage): size %r2 (storage) must be i64");
}

TEST_F(BytecodeTest, ViewDestination) {
  EXPECT_EQ(errorOf(Opcode::View, {0, 2, 1, RegisterList{}}),
            at0 + "(view): destination %r0 (i64) must be a tensor");
}

TEST_F(BytecodeTest, ViewStorage) {
  EXPECT_EQ(errorOf(Opcode::View, {3, 1, 1, RegisterList{0}}),
            at0 + "(view): storage %r1 (i64) must be storage");
}

TEST_F(BytecodeTest, ViewOffset) {
  EXPECT_EQ(errorOf(Opcode::View, {3, 2, 3, RegisterList{0}}),
            at0 + "(view): byte offset %r3 (tensor<?x4xf32>) must be i64");
}

TEST_F(BytecodeTest, ViewDynamicDims) {
  EXPECT_EQ(errorOf(Opcode::View, {4, 2, 1, RegisterList{0}}),
            at0 + "(view): 1 dynamic dims given, destination %r4 "
                  "(tensor<2x4xf32>) has 0");
}

TEST_F(BytecodeTest, AllocTensorDynamicDims) {
  EXPECT_EQ(errorOf(Opcode::AllocTensor, {3, RegisterList{}}),
            at0 + "(alloc): 0 dynamic dims given, destination %r3 "
                  "(tensor<?x4xf32>) has 1");
}

TEST_F(BytecodeTest, AllocTensorDynamicDimKinds) {
  EXPECT_EQ(errorOf(Opcode::AllocTensor, {3, RegisterList{4}}),
            at0 + "(alloc): dynamic dim 0 %r4 (tensor<2x4xf32>) must be i64");
}

TEST_F(BytecodeTest, ConstantIndex) {
  EXPECT_EQ(errorOf(Opcode::Constant, {4, 1}),
            at0 + "(constant): constant index 1 out of range (1 constants)");
}

TEST_F(BytecodeTest, ConstantType) {
  EXPECT_EQ(errorOf(Opcode::Constant, {7, 0}),
            at0 + "(constant): destination %r7 (tensor<4xf32>) does not match "
                  "the constant's type tensor<2x4xf32>");
}

TEST_F(BytecodeTest, ConstantDestination) {
  EXPECT_EQ(errorOf(Opcode::Constant, {0, 0}),
            at0 + "(constant): destination %r0 (i64) must be a tensor");
}

TEST_F(BytecodeTest, DimIndex) {
  EXPECT_EQ(errorOf(Opcode::Dim, {0, 3, 2}),
            at0 + "(dim): dim 2 out of range for %r3 (tensor<?x4xf32>)");
}

TEST_F(BytecodeTest, DimSource) {
  EXPECT_EQ(errorOf(Opcode::Dim, {0, 1, 0}),
            at0 + "(dim): source %r1 (i64) must be a tensor");
}

TEST_F(BytecodeTest, ReshapeDTypes) {
  EXPECT_EQ(errorOf(Opcode::Reshape, {3, 6, RegisterList{0}}),
            at0 + "(reshape): destination %r3 (tensor<?x4xf32>) and source %r6 "
                  "(tensor<?x4xf64>) have element types that do not "
                  "reinterpret each other");
}

TEST_F(BytecodeTest, ReshapeDynamicDims) {
  EXPECT_EQ(errorOf(Opcode::Reshape, {3, 4, RegisterList{0, 1}}),
            at0 + "(reshape): 2 dynamic dims given, destination %r3 "
                  "(tensor<?x4xf32>) has 1");
}

TEST_F(BytecodeTest, LoadIntegerTensor) {
  EXPECT_EQ(errorOf(Opcode::Load, {0, 3, RegisterList{0, 1}}),
            at0 + "(load): tensor %r3 (tensor<?x4xf32>) must have an integer "
                  "element type (i1, i8, i16, i32, i64 or u8)");
}

TEST_F(BytecodeTest, LoadIndexCount) {
  EXPECT_EQ(errorOf(Opcode::Load, {0, 5, RegisterList{0, 1}}),
            at0 + "(load): 2 indices given, %r5 (tensor<?xi32>) has rank 1");
}

TEST_F(BytecodeTest, LoadDestination) {
  EXPECT_EQ(errorOf(Opcode::Load, {3, 5, RegisterList{0}}),
            at0 + "(load): destination %r3 (tensor<?x4xf32>) must be i64");
}

TEST_F(BytecodeTest, StoreIndexKinds) {
  EXPECT_EQ(errorOf(Opcode::Store, {0, 5, RegisterList{2}}),
            at0 + "(store): index 0 %r2 (storage) must be i64");
}

TEST_F(BytecodeTest, StoreValue) {
  EXPECT_EQ(errorOf(Opcode::Store, {4, 5, RegisterList{0}}),
            at0 + "(store): value %r4 (tensor<2x4xf32>) must be i64");
}

TEST_F(BytecodeTest, StoreTensor) {
  EXPECT_EQ(errorOf(Opcode::Store, {0, 0, RegisterList{0}}),
            at0 + "(store): tensor %r0 (i64) must be a tensor");
}

TEST_F(BytecodeTest, CopyDTypes) {
  EXPECT_EQ(errorOf(Opcode::Copy, {3, 6}),
            at0 + "(copy): source %r3 (tensor<?x4xf32>) and destination %r6 "
                  "(tensor<?x4xf64>) have different element types");
}

TEST_F(BytecodeTest, CopyKinds) {
  EXPECT_EQ(errorOf(Opcode::Copy, {3, 1}),
            at0 + "(copy): destination %r1 (i64) must be a tensor");
}

TEST_F(BytecodeTest, LaunchKernelIndex) {
  EXPECT_EQ(errorOf(Opcode::Launch, {7, RegisterList{0, 3}}),
            at0 + "(launch): kernel index 7 out of range (1 kernels)");
}

TEST_F(BytecodeTest, LaunchArgumentCount) {
  EXPECT_EQ(errorOf(Opcode::Launch, {0, RegisterList{3}}),
            at0 + "(launch): 1 arguments given, kernel 'k' takes 2");
}

TEST_F(BytecodeTest, LaunchArgumentKinds) {
  EXPECT_EQ(errorOf(Opcode::Launch, {0, RegisterList{3, 2}}),
            at0 + "(launch): argument 1 %r2 (storage) must be i64 or a "
                  "tensor");
}

TEST_F(BytecodeTest, CallFunctionIndex) {
  EXPECT_EQ(errorOf(Opcode::Call, {2, RegisterList{}, RegisterList{}}),
            at0 + "(call): function index 2 out of range (2 functions)");
}

TEST_F(BytecodeTest, CallArgumentCount) {
  EXPECT_EQ(errorOf(Opcode::Call, {1, RegisterList{0}, RegisterList{3}}),
            at0 + "(call): 1 arguments given, 2 expected");
}

TEST_F(BytecodeTest, CallArgumentTypes) {
  EXPECT_EQ(errorOf(Opcode::Call, {1, RegisterList{0, 7}, RegisterList{3}}),
            at0 + "(call): argument 1 %r7 (tensor<4xf32>) does not match the "
                  "expected type tensor<?x4xf32>");
}

TEST_F(BytecodeTest, CallResultCount) {
  EXPECT_EQ(errorOf(Opcode::Call, {1, RegisterList{0, 3}, RegisterList{}}),
            at0 + "(call): 0 results given, 1 expected");
}

TEST_F(BytecodeTest, CallResultTypes) {
  EXPECT_EQ(errorOf(Opcode::Call, {1, RegisterList{1, 4}, RegisterList{6}}),
            at0 + "(call): result 0 %r6 (tensor<?x4xf64>) does not match the "
                  "expected type tensor<?x4xf32>");
}

TEST_F(BytecodeTest, CallNativeName) {
  EXPECT_EQ(
      errorOf(Opcode::CallNative, {5000, RegisterList{0}, RegisterList{3}}),
      at0 + "(call_native): native function name offset 5000 out of "
            "range (15 bytes of strings)");
}

TEST_F(BytecodeTest, CallNativeKinds) {
  EXPECT_EQ(errorOf(Opcode::CallNative,
                    {writer.addString("n"), RegisterList{0}, RegisterList{2}}),
            at0 + "(call_native): result 0 %r2 (storage) must be i64 or a "
                  "tensor");
}

TEST_F(BytecodeTest, ReturnCount) {
  f->setResultTypes({i64});
  EXPECT_EQ(error(), at0 + "(ret): 0 returned values given, 1 expected");
}

TEST_F(BytecodeTest, ReturnKinds) {
  f->setResultTypes({i64, dyn});
  emit(Opcode::Return, {RegisterList{0, 1}});
  EXPECT_EQ(error(false), at0 + "(ret): returned value 1 %r1 (i64) does not "
                                "match the expected type tensor<?x4xf32>");
}

TEST_F(BytecodeTest, ReturnDTypes) {
  f->setResultTypes({dyn});
  emit(Opcode::Return, {RegisterList{6}});
  EXPECT_EQ(error(false), at0 + "(ret): returned value 0 %r6 "
                                "(tensor<?x4xf64>) does not match the "
                                "expected type tensor<?x4xf32>");
}

TEST_F(BytecodeTest, ReturnDimsAreCheckedAtRunTime) {
  // tensor<2x?xf32> for tensor<?x4xf32>: same dtype and rank, only dims
  // differ, which the VM checks against the values at run time.
  f->setResultTypes({dyn});
  emit(Opcode::Return, {RegisterList{8}});
  EXPECT_EQ(error(false), "OK");
}

TEST_F(BytecodeTest, ReturnRankMismatch) {
  f->setResultTypes({vector});
  emit(Opcode::Return, {RegisterList{3}});
  EXPECT_EQ(error(false), at0 + "(ret): returned value 0 %r3 "
                                "(tensor<?x4xf32>) does not match the "
                                "expected type tensor<4xf32>");
}

TEST_F(BytecodeTest, BranchIntoAnInstruction) {
  Label label = f->createLabel();
  emit(Opcode::Branch, {label});
  emit(Opcode::ConstI64, {0, 1});
  ASSERT_TRUE(f->placeLabel(label).ok());
  emit(Opcode::Return, {RegisterList{}});
  StatusOr<std::vector<uint8_t>> bytes = writer.finish();
  ASSERT_TRUE(bytes.ok());
  std::vector<uint8_t> copy = *bytes;
  SectionHeader *code = findSection(copy, SectionKind::Code);
  auto *words = reinterpret_cast<uint32_t *>(copy.data() + code->offset);
  ASSERT_EQ(words[1], 6u); // br ^6 (the ret).
  words[1] = 3;            // The middle of `const`.
  EXPECT_EQ(loadError(copy), at0 + "(br): branch target ^3 is not the start "
                                   "of an instruction");
  words[1] = 8;
  EXPECT_EQ(loadError(copy), at0 + "(br): branch target ^8 is past the end of "
                                   "the function (8 words)");
}

TEST_F(BytecodeTest, LastInstructionMustBeATerminator) {
  emit(Opcode::ConstI64, {0, 1});
  EXPECT_EQ(error(false),
            at0 + "(const): the last instruction must be br, cond_br or ret, "
                  "so that control cannot run off the end of the function");
}

TEST_F(BytecodeTest, MessageNamesTheInstructionWord) {
  emit(Opcode::ConstI64, {0, 1});
  emit(Opcode::Launch, {7, RegisterList{0, 3}});
  EXPECT_EQ(error(), "m.smod: function 'f': instruction at word 4 (launch): "
                     "kernel index 7 out of range (1 kernels)");
}

//===----------------------------------------------------------------------===//
// Corruption: every byte, several values, and truncation
//===----------------------------------------------------------------------===//

/// Loads `bytes` (which must not crash) and, when they load, disassembles
/// them. Returns whether they loaded; checks error messages name the module.
bool loadsCleanly(const std::vector<uint8_t> &bytes) {
  StatusOr<std::unique_ptr<Module>> module =
      Module::loadBuffer(bytes.data(), bytes.size(), "c.smod");
  if (!module) {
    EXPECT_EQ(module.message().rfind("c.smod: ", 0), 0u) << module.message();
    return false;
  }
  std::string text = disassemble(**module);
  EXPECT_FALSE(text.empty());
  return true;
}

/// Corrupts `original` at every byte of its header, section table and
/// tables (payloads of constant data and the kernel library are sampled so
/// big compiler-made modules stay fast) and truncates it at many lengths.
void corruptEverywhere(const std::vector<uint8_t> &original) {
  ASSERT_EQ(loadsCleanly(original), true) << "the module must be valid";
  // Which positions to corrupt: all, except inside big payloads.
  std::vector<bool> sampled(original.size(), false);
  {
    StatusOr<std::unique_ptr<Module>> module =
        Module::loadBuffer(original.data(), original.size(), "c.smod");
    ASSERT_TRUE(module.ok());
    for (const SectionHeader &section : (*module)->getSections()) {
      if (section.kind != uint32_t(SectionKind::ConstantData) &&
          section.kind != uint32_t(SectionKind::KernelLibraryCPU))
        continue;
      uint64_t stride = std::max<uint64_t>(1, section.size / 256);
      for (uint64_t i = 0; i < section.size; ++i)
        sampled[section.offset + i] = i % stride != 0;
    }
  }
  size_t mutations = 0, loaded = 0;
  std::vector<uint8_t> bytes = original;
  for (size_t i = 0; i < original.size(); ++i) {
    if (sampled[i])
      continue;
    uint8_t byte = original[i];
    std::vector<uint8_t> values = {0, 0xff, uint8_t(byte + 1),
                                   uint8_t(byte - 1)};
    for (int bit = 0; bit < 8; ++bit)
      values.push_back(byte ^ (1u << bit));
    for (uint8_t value : values) {
      if (value == byte)
        continue;
      bytes[i] = value;
      loaded += loadsCleanly(bytes);
      ++mutations;
    }
    bytes[i] = byte;
  }
  // Truncation: every length up to 4 KiB, then sampled lengths.
  size_t truncations = 0;
  uint64_t stride = std::max<uint64_t>(1, original.size() / 4096);
  for (size_t length = 0; length < original.size();
       length += length < 4096 ? 1 : stride) {
    std::vector<uint8_t> prefix(original.begin(), original.begin() + length);
    EXPECT_FALSE(loadsCleanly(prefix)) << "truncated to " << length;
    ++truncations;
  }
  // Most corruptions must be caught: a verifier that accepted everything
  // would pass the crash checks above.
  EXPECT_LT(loaded, mutations / 2);
  std::printf("[ corruption ] %zu bytes: %zu mutations (%zu still load), %zu "
              "truncations\n",
              original.size(), mutations, loaded, truncations);
}

TEST(CorruptionTest, FullModule) { corruptEverywhere(fullModule()); }

TEST(CorruptionTest, LoopModule) {
  corruptEverywhere(*testmodules::buildLoopModule());
}

TEST(CorruptionTest, ModuleFromCommandLine) {
  if (corruptModulePath.empty())
    GTEST_SKIP() << "no --corrupt-module=PATH given";
  std::ifstream file(corruptModulePath, std::ios::binary);
  ASSERT_TRUE(file.good()) << "cannot read " << corruptModulePath;
  std::vector<uint8_t> bytes((std::istreambuf_iterator<char>(file)),
                             std::istreambuf_iterator<char>());
  corruptEverywhere(bytes);
}

} // namespace

int main(int argc, char **argv) {
  ::testing::InitGoogleTest(&argc, argv);
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    if (arg.rfind("--corrupt-module=", 0) == 0) {
      corruptModulePath = arg.substr(17);
    } else {
      std::fprintf(stderr,
                   "unknown argument '%s' (expected gtest flags or "
                   "--corrupt-module=PATH)\n",
                   argv[i]);
      return 2;
    }
  }
  return RUN_ALL_TESTS();
}
