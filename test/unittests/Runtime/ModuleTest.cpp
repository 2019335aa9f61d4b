//===- ModuleTest.cpp - ModuleWriter, Module and disassembler tests -------===//
//
// Round trips through ModuleWriter and Module::loadBuffer/loadFile: the
// tables and instruction words come back as written, the output is
// deterministic with zeroed padding (borrowed constants too), verifying in
// place matches loading, the writer reports misuse as errors, and the
// disassembler prints the expected text.
//
//===----------------------------------------------------------------------===//

#include "FormatTestModules.h"

#include "strata/Runtime/Disassembler.h"
#include "strata/Runtime/Module.h"
#include "strata/Runtime/ModuleWriter.h"

#include "gtest/gtest.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <unistd.h>

using namespace strata::runtime;
using namespace strata::runtime::bytecode;

namespace {

std::vector<uint8_t> build(StatusOr<std::vector<uint8_t>> bytes) {
  EXPECT_TRUE(bytes.ok()) << bytes.message();
  return bytes ? *bytes : std::vector<uint8_t>();
}

std::unique_ptr<Module> load(const std::vector<uint8_t> &bytes) {
  StatusOr<std::unique_ptr<Module>> module =
      Module::loadBuffer(bytes.data(), bytes.size(), "m.smod");
  EXPECT_TRUE(module.ok()) << module.message();
  return module ? std::move(*module) : nullptr;
}

/// A temporary file path, removed at destruction.
struct TempFile {
  TempFile() {
    char pattern[] = "/tmp/strata-module-test-XXXXXX";
    int fd = ::mkstemp(pattern);
    EXPECT_GE(fd, 0);
    if (fd >= 0)
      ::close(fd);
    path = pattern;
  }
  ~TempFile() { std::remove(path.c_str()); }
  std::string path;
};

TEST(ModuleTest, FullModuleRoundTrips) {
  std::unique_ptr<Module> module = load(build(testmodules::buildFullModule()));
  ASSERT_TRUE(module);
  EXPECT_EQ(module->getName(), "m.smod");
  EXPECT_EQ(module->getHeader().versionMajor, kVersionMajor);
  // Every kind of section but the CUDA kernel library.
  EXPECT_EQ(module->getSections().size(), kNumSectionKinds - 1);
  EXPECT_EQ(module->getTypes().size(), 6u);
  EXPECT_EQ(module->getFunctions().size(), 2u);
  EXPECT_EQ(module->getKernels().size(), 2u);
  // The writer records each kernel's library (all CPU ones here).
  EXPECT_EQ(module->getKernelLibrary(0), SectionKind::KernelLibraryCPU);
  EXPECT_EQ(module->getKernelLibrary(1), SectionKind::KernelLibraryCPU);
  EXPECT_EQ(module->getConstants().size(), 2u);
  EXPECT_EQ(module->getMetadata().size(), 2u);
  EXPECT_STREQ(module->getMetadataValue("target"), "cpu");
  EXPECT_EQ(module->getMetadataValue("missing"), nullptr);
  EXPECT_EQ(module->findFunction("helper"), 0);
  EXPECT_EQ(module->findFunction("main"), 1);
  EXPECT_EQ(module->findFunction("nope"), -1);
  EXPECT_STREQ(module->getString(kNoString), "");

  const FunctionEntry &main = module->getFunctions()[1];
  EXPECT_EQ(main.numArgs, 2u);
  EXPECT_EQ(main.numRegisters, 12u);
  EXPECT_EQ(main.numResults, 2u);
  EXPECT_EQ(main.plannedBytes, 4096u);
  EXPECT_STREQ(module->getString(main.location), "model.mlir:1:1");
  Span<uint32_t> results = module->getResultTypes(main);
  ASSERT_EQ(results.size(), 2u);
  EXPECT_EQ(formatType(module->getTypes()[results[0]]), "tensor<?x4xf32>");
  EXPECT_EQ(formatType(module->getTypes()[results[1]]), "i64");

  const KernelEntry &kernel = module->getKernels()[0];
  EXPECT_STREQ(module->getString(kernel.symbol), "main_dispatch_0");
  EXPECT_STREQ(module->getString(kernel.gridSymbol), "main_dispatch_0_grid");
  EXPECT_EQ(kernel.numArgs, 3u);
  EXPECT_EQ(kernel.numOutputs, 1u);
  EXPECT_EQ(module->getKernels()[1].gridSymbol, kNoString);
  EXPECT_EQ(module->getKernels()[1].location, kNoString);

  // Constants: 64-byte aligned in memory, bytes as written.
  for (const ConstantEntry &constant : module->getConstants())
    EXPECT_EQ(reinterpret_cast<uintptr_t>(module->getConstantData(constant)) %
                  kConstantAlignment,
              0u);
  const ConstantEntry &weights = module->getConstants()[0];
  ASSERT_EQ(weights.size, 32u);
  float first[2];
  std::memcpy(first, module->getConstantData(weights), sizeof(first));
  EXPECT_EQ(first[0], 0.5f);
  EXPECT_EQ(first[1], -1.0f);
  EXPECT_EQ(module->getConstants()[1].offset, 64u);

  Span<uint8_t> library = module->getKernelLibraryCPU();
  ASSERT_EQ(library.size(), 96u);
  EXPECT_EQ(library[0], 0x7f);
  EXPECT_EQ(library[1], 'E');
}

TEST(ModuleTest, InstructionWordsRoundTrip) {
  std::unique_ptr<Module> module = load(build(testmodules::buildLoopModule()));
  ASSERT_TRUE(module);
  const FunctionEntry &count = module->getFunctions()[0];
  Span<uint32_t> code = module->getCode(count);
  auto op = [](Opcode opcode) { return static_cast<uint32_t>(opcode); };
  // Labels resolve to word offsets: the backward branch to the loop head
  // (word 12) and the forward branches to the body (21) and exit (31).
  std::vector<uint32_t> expected = {
      op(Opcode::ConstI64),   1,  0,  0,     //
      op(Opcode::ConstI64),   2,  0,  0,     //
      op(Opcode::ConstI64),   3,  1,  0,     //
      op(Opcode::CmpI),       4,  2,  1,  0, //
      op(Opcode::CondBranch), 4,  21, 31,    //
      op(Opcode::AddI),       2,  2,  1,     //
      op(Opcode::AddI),       1,  1,  3,     //
      op(Opcode::Branch),     12,            //
      op(Opcode::Return),     1,  2,         //
  };
  EXPECT_EQ(std::vector<uint32_t>(code.begin(), code.end()), expected);
}

TEST(ModuleTest, NegativeImmediateRoundTrips) {
  ModuleWriter writer;
  uint32_t i64 = writer.addI64Type();
  FunctionBuilder *f = *writer.getFunction(writer.declareFunction("f"));
  f->setRegisterTypes({i64});
  f->setResultTypes({i64});
  ASSERT_TRUE(f->emit(Opcode::ConstI64, {0, int64_t(INT64_MIN)}).ok());
  ASSERT_TRUE(f->emit(Opcode::Return, {RegisterList{0}}).ok());
  std::unique_ptr<Module> module = load(build(writer.finish()));
  ASSERT_TRUE(module);
  Span<uint32_t> code = module->getCode(module->getFunctions()[0]);
  EXPECT_EQ(code[2], 0u);
  EXPECT_EQ(code[3], 0x80000000u);
  EXPECT_EQ(disassembleInstruction(*module, module->getFunctions()[0], 0),
            "%r0 = const -9223372036854775808");
}

TEST(ModuleTest, OutputIsDeterministicWithZeroPadding) {
  std::vector<uint8_t> a = build(testmodules::buildFullModule());
  std::vector<uint8_t> b = build(testmodules::buildFullModule());
  ASSERT_FALSE(a.empty());
  EXPECT_EQ(a, b);

  std::unique_ptr<Module> module = load(a);
  ASSERT_TRUE(module);
  // Sections come in the fixed order, and the gaps between them are zero.
  std::vector<uint32_t> kinds;
  uint64_t end =
      sizeof(FileHeader) + module->getSections().size() * sizeof(SectionHeader);
  for (const SectionHeader &section : module->getSections()) {
    kinds.push_back(section.kind);
    ASSERT_GE(section.offset, end);
    for (uint64_t i = end; i < section.offset; ++i)
      EXPECT_EQ(a[i], 0) << "padding byte " << i;
    end = section.offset + section.size;
  }
  EXPECT_EQ(end, a.size());
  auto k = [](SectionKind kind) { return static_cast<uint32_t>(kind); };
  EXPECT_EQ(
      kinds,
      (std::vector<uint32_t>{
          k(SectionKind::Strings), k(SectionKind::Metadata),
          k(SectionKind::Types), k(SectionKind::Functions),
          k(SectionKind::Indices), k(SectionKind::Code),
          k(SectionKind::Kernels), k(SectionKind::KernelLibraries),
          k(SectionKind::Constants), k(SectionKind::KernelLibraryCPU),
          k(SectionKind::ConstantData), k(SectionKind::InstructionLocations)}));
  // Padding between constants is zero too.
  const ConstantEntry &weights = module->getConstants()[0];
  const auto *data = static_cast<const uint8_t *>(
      module->getConstantData(module->getConstants()[0]));
  for (uint64_t i = weights.size; i < kConstantAlignment; ++i)
    EXPECT_EQ(data[i], 0);
}

TEST(ModuleTest, StringsAndTypesAreDeduplicated) {
  ModuleWriter writer;
  uint32_t a = writer.addString("abc");
  EXPECT_EQ(writer.addString("abc"), a);
  EXPECT_NE(writer.addString("abd"), a);
  EXPECT_EQ(writer.addString(""), 0u);
  EXPECT_EQ(writer.addI64Type(), writer.addI64Type());
  EXPECT_EQ(writer.addStorageType(), writer.addStorageType());
  EXPECT_NE(writer.addI64Type(), writer.addStorageType());
  StatusOr<uint32_t> t1 = writer.addTensorType(DType::F16, {3, -1});
  StatusOr<uint32_t> t2 = writer.addTensorType(DType::F16, {3, -1});
  StatusOr<uint32_t> t3 = writer.addTensorType(DType::F16, {3});
  ASSERT_TRUE(t1.ok() && t2.ok() && t3.ok());
  EXPECT_EQ(*t1, *t2);
  EXPECT_NE(*t1, *t3);
  EXPECT_EQ(formatType(*writer.getType(*t1)), "tensor<3x?xf16>");
  EXPECT_EQ(writer.getType(99), nullptr);
}

TEST(ModuleTest, LoadFileMapsAndVerifies) {
  TempFile file;
  ModuleWriter writer;
  FunctionBuilder *main = *writer.getFunction(writer.declareFunction("main"));
  ASSERT_TRUE(main->emit(Opcode::Return, {RegisterList{}}).ok());
  float values[4] = {1, 2, 3, 4};
  uint32_t type = *writer.addTensorType(DType::F32, {4});
  ASSERT_TRUE(writer.addConstant("c", type, values, sizeof(values)).ok());
  ASSERT_TRUE(writer.writeFile(file.path).ok());

  StatusOr<std::unique_ptr<Module>> module = Module::loadFile(file.path);
  ASSERT_TRUE(module.ok()) << module.message();
  EXPECT_EQ((*module)->getName(), file.path);
  EXPECT_EQ(reinterpret_cast<uintptr_t>((*module)->getData()) % 4096, 0u);
  const ConstantEntry &constant = (*module)->getConstants()[0];
  EXPECT_EQ(
      std::memcmp((*module)->getConstantData(constant), values, sizeof(values)),
      0);
  std::vector<uint8_t> expected = build(writer.finish());
  ASSERT_EQ((*module)->getSize(), expected.size());
  EXPECT_EQ(std::memcmp((*module)->getData(), expected.data(), expected.size()),
            0);
}

TEST(ModuleTest, LoadFileErrors) {
  StatusOr<std::unique_ptr<Module>> missing =
      Module::loadFile("/nonexistent/x.smod");
  ASSERT_FALSE(missing.ok());
  EXPECT_EQ(missing.message(),
            "/nonexistent/x.smod: cannot open: No such file or directory");

  StatusOr<std::unique_ptr<Module>> directory = Module::loadFile("/tmp");
  ASSERT_FALSE(directory.ok());
  EXPECT_EQ(directory.message(), "/tmp: is a directory, not a file");

  TempFile empty;
  StatusOr<std::unique_ptr<Module>> emptyModule = Module::loadFile(empty.path);
  ASSERT_FALSE(emptyModule.ok());
  EXPECT_EQ(emptyModule.message(),
            empty.path +
                ": file too small for a module header (0 bytes, need 64)");
}

TEST(ModuleTest, LoadBufferOfNothing) {
  StatusOr<std::unique_ptr<Module>> module = Module::loadBuffer(nullptr, 0);
  ASSERT_FALSE(module.ok());
  EXPECT_EQ(module.message(),
            "<buffer>: file too small for a module header (0 bytes, need 64)");
}

TEST(ModuleTest, ConstantReferencesLayOutLikeCopies) {
  // addConstantReference borrows the bytes until finish(); the file is the
  // one addConstant makes, constants 64-byte aligned with zero padding.
  float a[3] = {1, 2, 3};
  double b[9] = {4, 5, 6, 7, 8, 9, 10, 11, 12};
  auto write = [&](bool reference) {
    ModuleWriter writer;
    FunctionBuilder *main = *writer.getFunction(writer.declareFunction("m"));
    EXPECT_TRUE(main->emit(Opcode::Return, {RegisterList{}}).ok());
    uint32_t ta = *writer.addTensorType(DType::F32, {3});
    uint32_t tb = *writer.addTensorType(DType::F64, {9});
    auto add = [&](const char *name, uint32_t type, const void *data,
                   size_t size) {
      return reference ? writer.addConstantReference(name, type, data, size)
                       : writer.addConstant(name, type, data, size);
    };
    EXPECT_EQ(*add("a", ta, a, sizeof(a)), 0u);
    EXPECT_EQ(*add("b", tb, b, sizeof(b)), 1u);
    EXPECT_FALSE(add("c", ta, b, 8).ok()); // the wrong size
    return build(writer.finish());
  };
  std::vector<uint8_t> copied = write(false);
  std::vector<uint8_t> referenced = write(true);
  EXPECT_EQ(copied, referenced);
  std::unique_ptr<Module> module = load(referenced);
  ASSERT_TRUE(module);
  ASSERT_EQ(module->getConstants().size(), 2u);
  EXPECT_EQ(module->getConstants()[1].offset, kConstantAlignment);
  EXPECT_EQ(std::memcmp(module->getConstantData(module->getConstants()[0]), a,
                        sizeof(a)),
            0);
  EXPECT_EQ(std::memcmp(module->getConstantData(module->getConstants()[1]), b,
                        sizeof(b)),
            0);
  const auto *data = static_cast<const uint8_t *>(
      module->getConstantData(module->getConstants()[0]));
  for (uint64_t i = sizeof(a); i < kConstantAlignment; ++i)
    EXPECT_EQ(data[i], 0) << "padding byte " << i;
}

TEST(ModuleTest, VerifyBufferInPlace) {
  std::vector<uint8_t> bytes = build(testmodules::buildFullModule());
  ASSERT_FALSE(bytes.empty());
  LoadOptions options;
  options.checkCpuFeatures = false;
  Status ok = Module::verifyBuffer(bytes.data(), bytes.size(), "m", options);
  EXPECT_TRUE(ok) << ok.message();
  // The same verification as loading: a damaged header is reported.
  bytes[0] ^= 0xff;
  Status bad = Module::verifyBuffer(bytes.data(), bytes.size(), "m", options);
  ASSERT_FALSE(bad);
  StatusOr<std::unique_ptr<Module>> loaded =
      Module::loadBuffer(bytes.data(), bytes.size(), "m", options);
  ASSERT_FALSE(loaded.ok());
  EXPECT_EQ(bad.message(), loaded.message());
  bytes[0] ^= 0xff;
  // Tables are read in place: misaligned bytes are refused, not read.
  std::vector<uint8_t> shifted(bytes.size() + 1);
  std::memcpy(shifted.data() + 1, bytes.data(), bytes.size());
  Status misaligned =
      Module::verifyBuffer(shifted.data() + 1, bytes.size(), "m", options);
  ASSERT_FALSE(misaligned);
  EXPECT_EQ(misaligned.message(), "m: not 8-byte aligned");
  EXPECT_EQ(Module::verifyBuffer(nullptr, 8).message(),
            "<buffer>: no data (null pointer, 8 bytes)");
}

//===----------------------------------------------------------------------===//
// Writer misuse
//===----------------------------------------------------------------------===//

TEST(ModuleWriterTest, OperandsMustMatchTheFormat) {
  ModuleWriter writer;
  FunctionBuilder *f = *writer.getFunction(writer.declareFunction("f"));
  Status count = f->emit(Opcode::AddI, {0, 1});
  ASSERT_FALSE(count.ok());
  EXPECT_EQ(count.message(), "function 'f': instruction add at word 0: takes "
                             "3 operands (format \"drr\"), got 2");
  Label label = f->createLabel();
  Status labelForRegister = f->emit(Opcode::Move, {0, label});
  ASSERT_FALSE(labelForRegister.ok());
  EXPECT_EQ(labelForRegister.message(),
            "function 'f': instruction move at word 0: operand 1 ('r') must "
            "be an integer");
  Status listForValue = f->emit(Opcode::Move, {RegisterList{1}, 0});
  ASSERT_FALSE(listForValue.ok());
  EXPECT_NE(listForValue.message().find("operand 0 ('d') must be an integer"),
            std::string::npos);
  Status valueForList = f->emit(Opcode::Return, {3});
  ASSERT_FALSE(valueForList.ok());
  EXPECT_NE(valueForList.message().find("must be a register list"),
            std::string::npos);
  Status valueForLabel = f->emit(Opcode::Branch, {3});
  ASSERT_FALSE(valueForLabel.ok());
  EXPECT_NE(valueForLabel.message().find("must be a label"), std::string::npos);
  Status negative = f->emit(Opcode::Move, {-1, 0});
  ASSERT_FALSE(negative.ok());
  EXPECT_NE(negative.message().find("value -1 does not fit in 32 bits"),
            std::string::npos);
  Status tooLarge = f->emit(Opcode::Move, {uint64_t(1) << 32, 0});
  ASSERT_FALSE(tooLarge.ok());
  Status huge = f->emit(Opcode::ConstI64, {0, ~uint64_t(0)});
  ASSERT_FALSE(huge.ok());
  EXPECT_NE(huge.message().find("must be a 64-bit signed integer"),
            std::string::npos);
  Status unknownLabel = f->emit(Opcode::Branch, {Label{7}});
  ASSERT_FALSE(unknownLabel.ok());
  EXPECT_NE(unknownLabel.message().find("names unknown label 7"),
            std::string::npos);
  Status badOpcode = f->emit(Opcode::NumOpcodes, {});
  ASSERT_FALSE(badOpcode.ok());
  EXPECT_NE(badOpcode.message().find("unknown opcode"), std::string::npos);
  // Nothing was appended by the failed calls, and finish() reports the
  // first misuse even though the caller went on.
  EXPECT_EQ(f->getCodeSize(), 0u);
  StatusOr<std::vector<uint8_t>> bytes = writer.finish();
  ASSERT_FALSE(bytes.ok());
  EXPECT_EQ(bytes.message(), count.message());
}

TEST(ModuleWriterTest, Labels) {
  ModuleWriter writer;
  FunctionBuilder *f = *writer.getFunction(writer.declareFunction("f"));
  Label placed = f->createLabel();
  Label never = f->createLabel();
  ASSERT_TRUE(f->placeLabel(placed).ok());
  ASSERT_TRUE(f->emit(Opcode::Branch, {never}).ok());
  ASSERT_TRUE(f->emit(Opcode::Branch, {placed}).ok());
  StatusOr<std::vector<uint8_t>> bytes = writer.finish();
  ASSERT_FALSE(bytes.ok());
  EXPECT_EQ(bytes.message(), "function 'f': label 1 was never placed");

  Status twice = f->placeLabel(placed);
  ASSERT_FALSE(twice.ok());
  EXPECT_EQ(twice.message(), "function 'f': label 0 placed twice");
  ModuleWriter other;
  FunctionBuilder *g = *other.getFunction(other.declareFunction("g"));
  Status unknown = g->placeLabel(Label{3});
  ASSERT_FALSE(unknown.ok());
  EXPECT_EQ(unknown.message(), "function 'g': placing unknown label 3");
}

TEST(ModuleWriterTest, TableMisuse) {
  ModuleWriter writer;
  StatusOr<uint32_t> rank =
      writer.addTensorType(DType::F32, {1, 1, 1, 1, 1, 1, 1, 1, 1});
  ASSERT_FALSE(rank.ok());
  EXPECT_EQ(rank.message(), "tensor type: rank 9 exceeds the maximum 8");
  StatusOr<uint32_t> dim = writer.addTensorType(DType::F32, {2, -3});
  ASSERT_FALSE(dim.ok());
  EXPECT_EQ(dim.message(), "tensor type: dim 1 is negative (-3)");
  ASSERT_FALSE(writer.addTensorType(DType::Invalid, {}).ok());

  uint32_t fixed = *writer.addTensorType(DType::F32, {2});
  uint32_t dynamic = *writer.addTensorType(DType::F32, {-1});
  float data[2] = {1, 2};
  StatusOr<uint32_t> size = writer.addConstant("c", fixed, data, 4);
  ASSERT_FALSE(size.ok());
  EXPECT_EQ(size.message(), "constant 'c': has 4 bytes, its type needs 8");
  StatusOr<uint32_t> shape = writer.addConstant("c", dynamic, data, 8);
  ASSERT_FALSE(shape.ok());
  EXPECT_EQ(shape.message(), "constant 'c': type has a dynamic dim");
  ASSERT_FALSE(writer.addConstant("c", 42, data, 8).ok());
  ASSERT_FALSE(writer.addConstant("c", writer.addI64Type(), data, 8).ok());

  StatusOr<uint32_t> kernel = writer.addKernel("k", "k", "", 1, 2);
  ASSERT_FALSE(kernel.ok());
  EXPECT_EQ(kernel.message(), "kernel 'k': 2 outputs but only 1 arguments");
  ASSERT_FALSE(writer.addKernel("", "k", "", 1, 1).ok());
  StatusOr<uint32_t> library =
      writer.addKernel("k", "k", "", 1, 1, "", SectionKind::ConstantData);
  ASSERT_FALSE(library.ok());
  EXPECT_EQ(library.message(),
            "kernel 'k': section kind 7 is not a kernel library");

  StatusOr<FunctionBuilder *> function = writer.getFunction(0);
  ASSERT_FALSE(function.ok());
  EXPECT_EQ(function.message(),
            "function index 0 out of range (0 functions declared)");

  // None of that poisoned the writer...
  EXPECT_TRUE(writer.finish().ok());
  // ...but a string that cannot be stored does.
  writer.addString(std::string_view("a\0b", 3));
  StatusOr<std::vector<uint8_t>> bytes = writer.finish();
  ASSERT_FALSE(bytes.ok());
  EXPECT_EQ(bytes.message(), "string with a NUL byte cannot be stored");
}

TEST(ModuleWriterTest, WriteFileError) {
  ModuleWriter writer;
  Status status = writer.writeFile("/nonexistent/dir/m.smod");
  ASSERT_FALSE(status.ok());
  EXPECT_EQ(status.message(),
            "/nonexistent/dir/m.smod: cannot create a file in "
            "'/nonexistent/dir': No such file or directory");
}

//===----------------------------------------------------------------------===//
// Disassembler
//===----------------------------------------------------------------------===//

TEST(DisassemblerTest, LoopModule) {
  std::unique_ptr<Module> module = load(build(testmodules::buildLoopModule()));
  ASSERT_TRUE(module);
  DisassemblerOptions options;
  options.header = options.sections = false;
  EXPECT_EQ(disassemble(*module, options), R"(types:
  0: i64
func 0 @count(%r0: i64) -> (i64)
  location "loop.mlir:1:1"
  registers 5, planned bytes 0, code 34 words at 0
    %r0: i64
    %r1: i64
    %r2: i64
    %r3: i64
    %r4: i64
     0: %r1 = const 0
     4: %r2 = const 0
     8: %r3 = const 1
    12: %r4 = cmp slt, %r1, %r0
    17: cond_br %r4, ^21, ^31
    21: %r2 = add %r2, %r1
    25: %r1 = add %r1, %r3
    29: br ^12
    31: ret %r2
kernel library (cpu): none
)");
}

TEST(DisassemblerTest, FullModule) {
  std::unique_ptr<Module> module = load(build(testmodules::buildFullModule()));
  ASSERT_TRUE(module);
  std::string text = disassemble(*module);
  for (const char *expected :
       {"module \"m.smod\"\n  version 2.4, ",
        "  constant-data      offset 2176     size 88       align 64\n",
        "metadata:\n  producer = \"strata-format-test\"\n  target = "
        "\"cpu\"\n",
        "  2: tensor<?x4xf32>\n  3: tensor<2x4xf32>\n  4: tensor<?xi32>\n",
        "func 1 @main(%r0: tensor<?x4xf32>, %r1: i64) -> "
        "(tensor<?x4xf32>, i64)\n",
        "  registers 12, planned bytes 4096, code 184 words at 8\n",
        "    %r5: storage\n",
        "     4: %r3 = const -5000000000\n",
        "    75: %r10 = cmp sgt, %r4, %r2\n",
        "    85: assert %r2, \"2 is zero\"\n",
        "   103: %r6 = view %r5, %r4, [%r3]\n",
        "   113: %r7 = constant @weights\n",
        "   132: store %r4, %r8, [%r2]\n",
        "        ; model.mlir:1:1\n     0: %r2 = const 2\n",
        "        ; model.mlir:3:5\n   140: launch @main_dispatch_0(%r0, %r7, "
        "%r6)\n",
        "   156: %r4, %r11 = call @helper(%r1, %r6)\n",
        "   164: %r3 = call_native @strata.print(%r11, %r4)\n",
        "   176: cond_br %r10, ^180, ^140\n",
        "   180: ret %r11, %r4\n",
        "  0: @main_dispatch_0 on cpu, symbol main_dispatch_0, grid "
        "main_dispatch_0_grid, args 3, outputs 1, location "
        "\"model.mlir:3:5\"\n",
        "  1: @scale on cpu, symbol strata_scale, grid none, args 2, outputs "
        "1\n",
        "  0: @weights: tensor<2x4xf32>, offset 0, size 32: [0.5, -1, 2, "
        "0.25, 1.5, -2.5, 3, 4]\n",
        "  1: @table: tensor<3xi64>, offset 64, size 24: [7, -8, 9]\n",
        "kernel library (cpu): 96 bytes\n"})
    EXPECT_NE(text.find(expected), std::string::npos)
        << "missing: " << expected << "\nin:\n"
        << text;
}

TEST(DisassemblerTest, ParseParts) {
  StatusOr<DisassemblerOptions> some =
      DisassemblerOptions::parseParts("kernels,constants");
  ASSERT_TRUE(some.ok());
  EXPECT_TRUE(some->kernels && some->constants);
  EXPECT_FALSE(some->header || some->functions || some->types);
  StatusOr<DisassemblerOptions> all = DisassemblerOptions::parseParts("all");
  ASSERT_TRUE(all.ok());
  EXPECT_TRUE(all->header && all->functions && all->kernelLibrary);
  StatusOr<DisassemblerOptions> bad =
      DisassemblerOptions::parseParts("functions,bogus");
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.message().find("unknown section 'bogus'"), std::string::npos);

  std::unique_ptr<Module> module =
      load(build(testmodules::buildMinimalModule()));
  ASSERT_TRUE(module);
  EXPECT_EQ(disassemble(*module, *DisassemblerOptions::parseParts("functions")),
            "func 0 @main() -> ()\n  registers 0, planned bytes 0, code 2 "
            "words at 0\n     0: ret\n");
}

} // namespace
