//===- TunerTest.cpp - Kernel fingerprints and the tuning database --------===//
//
// Fingerprints: stable across names, locations and schedules, different for
// different computations or shapes. The tuning database: records round trip
// through the file format, append and save, merging drops duplicates, the
// fastest successful record wins whatever the order, and every malformed
// record is rejected with its file and line.
//
//===----------------------------------------------------------------------===//

#include "strata/Dialect/Kernel/IR/KernelOps.h"
#include "strata/InitAll.h"
#include "strata/Tuner/Fingerprint.h"
#include "strata/Tuner/KernelWork.h"
#include "strata/Tuner/ScheduleSpace.h"
#include "strata/Tuner/TuningDatabase.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <gtest/gtest.h>

#include <string>

using namespace mlir;
using namespace strata;
using namespace strata::tuner;

namespace {

/// The fingerprint of the one kernel.func of `source`.
std::string fingerprintOf(MLIRContext &context, llvm::StringRef source) {
  OwningOpRef<ModuleOp> module =
      parseSourceString<ModuleOp>(source, ParserConfig(&context));
  if (!module)
    return "parse error";
  std::string fingerprint;
  module->walk([&](kernel::FuncOp kernel) {
    fingerprint = getKernelFingerprint(kernel);
  });
  return fingerprint;
}

class FingerprintTest : public ::testing::Test {
protected:
  FingerprintTest() {
    DialectRegistry registry;
    registerAllDialects(registry);
    context.appendDialectRegistry(registry);
    context.loadAllAvailableDialects();
  }
  MLIRContext context;
};

constexpr char kAdd[] = R"(
kernel.func @add(%a: tensor<8x64xf32>, %b: tensor<8x64xf32>) -> tensor<8x64xf32> {
  %e = tensor.empty() : tensor<8x64xf32>
  %r = linalg.add ins(%a, %b : tensor<8x64xf32>, tensor<8x64xf32>) outs(%e : tensor<8x64xf32>) -> tensor<8x64xf32>
  kernel.return %r : tensor<8x64xf32>
})";

TEST_F(FingerprintTest, IgnoresNamesLocationsAndSchedules) {
  std::string base = fingerprintOf(context, kAdd);
  ASSERT_EQ(base.size(), 64u) << base;
  // Another kernel name, other value names, locations.
  EXPECT_EQ(base, fingerprintOf(context, R"(
kernel.func @model_dispatch_7(%x: tensor<8x64xf32> loc("a.onnx":3:1), %y: tensor<8x64xf32>) -> tensor<8x64xf32> {
  %empty = tensor.empty() : tensor<8x64xf32> loc("Add_1")
  %sum = linalg.add ins(%x, %y : tensor<8x64xf32>, tensor<8x64xf32>) outs(%empty : tensor<8x64xf32>) -> tensor<8x64xf32>
  kernel.return %sum : tensor<8x64xf32>
})"));
  // Schedules on the kernel and its root.
  EXPECT_EQ(base, fingerprintOf(context, R"(
kernel.func @add(%a: tensor<8x64xf32>, %b: tensor<8x64xf32>) -> tensor<8x64xf32>
    attributes {schedule = #kernel.schedule<tile_sizes = [array<i64: 2, 32>], vector_sizes = [2, 32], parallel_dims = [0]>} {
  %e = tensor.empty() : tensor<8x64xf32>
  %r = linalg.add {kernel.schedule = #kernel.schedule<tile_sizes = [array<i64: 2, 32>], vector_sizes = [2, 32], parallel_dims = [0]>} ins(%a, %b : tensor<8x64xf32>, tensor<8x64xf32>) outs(%e : tensor<8x64xf32>) -> tensor<8x64xf32>
  kernel.return %r : tensor<8x64xf32>
})"));
}

TEST_F(FingerprintTest, DiffersForOtherComputationsAndShapes) {
  std::string base = fingerprintOf(context, kAdd);
  EXPECT_NE(base, fingerprintOf(context, R"(
kernel.func @add(%a: tensor<8x64xf32>, %b: tensor<8x64xf32>) -> tensor<8x64xf32> {
  %e = tensor.empty() : tensor<8x64xf32>
  %r = linalg.mul ins(%a, %b : tensor<8x64xf32>, tensor<8x64xf32>) outs(%e : tensor<8x64xf32>) -> tensor<8x64xf32>
  kernel.return %r : tensor<8x64xf32>
})"));
  EXPECT_NE(base, fingerprintOf(context, R"(
kernel.func @add(%a: tensor<8x32xf32>, %b: tensor<8x32xf32>) -> tensor<8x32xf32> {
  %e = tensor.empty() : tensor<8x32xf32>
  %r = linalg.add ins(%a, %b : tensor<8x32xf32>, tensor<8x32xf32>) outs(%e : tensor<8x32xf32>) -> tensor<8x32xf32>
  kernel.return %r : tensor<8x32xf32>
})"));
}

TEST_F(FingerprintTest, ScheduleSpaceHoldsTheHeuristicAndOnlyLegalPoints) {
  OwningOpRef<ModuleOp> module =
      parseSourceString<ModuleOp>(R"(
kernel.func @rows(%a: tensor<8x256xf32>, %c: tensor<8xf32>) -> tensor<8xf32> {
  %r = linalg.reduce ins(%a : tensor<8x256xf32>) outs(%c : tensor<8xf32>) dimensions = [1] {kernel.schedule = #kernel.schedule<tile_sizes = [array<i64: 1, 32>], vector_sizes = [1, 16], parallel_dims = [0]>}
    (%in: f32, %acc: f32) {
      %s = arith.addf %in, %acc : f32
      linalg.yield %s : f32
    }
  kernel.return %r : tensor<8xf32>
})",
                                  ParserConfig(&context));
  ASSERT_TRUE(module);
  linalg::LinalgOp root;
  module->walk([&](linalg::LinalgOp op) { root = op; });
  kernel::ScheduleAttr heuristic = kernel::getSchedule(root);
  ScheduleSpace space(root, heuristic);
  // Rows {1, 2, 4} (8 at most), the reduced loop {8, 16, 32, 64, 128}, the
  // unroll {1, 2, 4}.
  ASSERT_EQ(space.getKnobs().size(), 3u);
  EXPECT_EQ(space.getKnobs()[0].choices, (std::vector<int64_t>{1, 2, 4}));
  EXPECT_EQ(space.getKnobs()[1].choices,
            (std::vector<int64_t>{8, 16, 32, 64, 128}));
  EXPECT_EQ(space.getKnobs()[2].kind, ScheduleKnob::Kind::Unroll);
  EXPECT_EQ(space.getKnobs()[2].choices, (std::vector<int64_t>{1, 2, 4}));
  EXPECT_EQ(space.size(), 45u);
  EXPECT_EQ(space.getSchedule(space.getHeuristicPoint()), heuristic);
  kernel::ScheduleAttr unrolled = space.getSchedule({1, 2, 1});
  ASSERT_TRUE(unrolled);
  EXPECT_EQ(unrolled.getUnroll(), 2);
  EXPECT_EQ(unrolled.getTileSizes(0), (llvm::ArrayRef<int64_t>{2, 32}));
  // A tile of 8 below the vector size of 16: not a schedule.
  EXPECT_FALSE(space.getSchedule({0, 0, 0}));
  EXPECT_FALSE(space.getSchedule({0}));
  EXPECT_FALSE(space.getSchedule({0, 9, 0}));
  EXPECT_FALSE(space.getSchedule({0, 2, 3}));
  std::mt19937_64 random(3);
  for (int draw = 0; draw < 50; ++draw) {
    std::optional<llvm::SmallVector<unsigned>> point = space.sample(random);
    ASSERT_TRUE(point.has_value());
    EXPECT_NE((*point)[1], 0u);
    EXPECT_TRUE(space.getSchedule(*point));
  }
}

TEST_F(FingerprintTest, KernelWorkCountsArithmeticAndArguments) {
  OwningOpRef<ModuleOp> module =
      parseSourceString<ModuleOp>(R"(
kernel.func @rows(%a: tensor<8x256xf32>, %c: tensor<8xf32>) -> tensor<8xf32> {
  %r = linalg.reduce ins(%a : tensor<8x256xf32>) outs(%c : tensor<8xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %e = math.exp %in : f32
      %s = arith.addf %e, %acc : f32
      linalg.yield %s : f32
    }
  kernel.return %r : tensor<8xf32>
}
kernel.func @dynamic(%a: tensor<?xf32>) -> tensor<?xf32> {
  kernel.return %a : tensor<?xf32>
})",
                                  ParserConfig(&context));
  ASSERT_TRUE(module);
  auto rows = module->lookupSymbol<kernel::FuncOp>("rows");
  std::optional<KernelWork> work = estimateKernelWork(rows);
  ASSERT_TRUE(work.has_value());
  // An exp and an add per element; 8 x 256 + 8 floats in, 8 out.
  EXPECT_EQ(work->operations, 2.0 * 8 * 256);
  EXPECT_EQ(work->bytes, (8.0 * 256 + 8 + 8) * 4);
  EXPECT_FALSE(
      estimateKernelWork(module->lookupSymbol<kernel::FuncOp>("dynamic")));
}

TEST_F(FingerprintTest, KernelWorkCountsTheTermsOfConstantCombinations) {
  // out[i] = sum_j x[i, j] * K[j] with K = [1, 0, -1, 2]: the unrolled code
  // adds x[i, 0], skips x[i, 1], subtracts x[i, 2] and multiply-adds
  // x[i, 3]: 4 operations per output, not 8; K's 16 bytes are read.
  OwningOpRef<ModuleOp> module =
      parseSourceString<ModuleOp>(R"(
kernel.func @combination(%x: tensor<8x4xf32>, %c: tensor<8xf32>) -> tensor<8xf32> {
  %k = arith.constant dense<[1.0, 0.0, -1.0, 2.0]> : tensor<4xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]} ins(%x, %k : tensor<8x4xf32>, tensor<4xf32>) outs(%c : tensor<8xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %m = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  } -> tensor<8xf32>
  kernel.return %r : tensor<8xf32>
})",
                                  ParserConfig(&context));
  ASSERT_TRUE(module);
  std::optional<KernelWork> work =
      estimateKernelWork(module->lookupSymbol<kernel::FuncOp>("combination"));
  ASSERT_TRUE(work.has_value());
  EXPECT_EQ(work->operations, 8.0 * 4);
  EXPECT_EQ(work->bytes, (8.0 * 4 + 8 + 8 + 4) * 4);
}

// A fingerprint of 64 hex digits.
std::string fingerprint(char digit) { return std::string(64, digit); }

TuningRecord measured(std::string kernel, std::string schedule, double us) {
  TuningRecord record;
  record.kernel = std::move(kernel);
  record.target = "#kernel.target<cpu = \"znver4\">";
  record.schedule = std::move(schedule);
  record.timeUs = us;
  record.heuristicTimeUs = 20.0;
  record.compiler = "Strata test";
  record.name = "dispatch_0";
  return record;
}

TEST(TuningDatabaseTest, RoundTripsThroughTheFileFormat) {
  TuningDatabase database;
  database.add(measured(fingerprint('a'), "#kernel.schedule<a>", 12.5));
  TuningRecord failed = measured(fingerprint('b'), "#kernel.schedule<b>", 1);
  failed.timeUs.reset();
  failed.error = "timed out after 10 s";
  database.add(failed);
  std::string text;
  for (const TuningRecord &record : database.getRecords())
    text += TuningDatabase::print(record) + "\n";
  llvm::Expected<TuningDatabase> parsed = TuningDatabase::parse(text, "db");
  ASSERT_TRUE(bool(parsed)) << llvm::toString(parsed.takeError());
  ASSERT_EQ(parsed->getRecords().size(), 2u);
  EXPECT_EQ(parsed->getRecords()[0], database.getRecords()[0]);
  EXPECT_EQ(parsed->getRecords()[1], database.getRecords()[1]);
  EXPECT_TRUE(parsed->getRecords()[1].isFailure());
}

TEST(TuningDatabaseTest, AppendsSavesAndLoads) {
  llvm::SmallString<128> dir;
  ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("strata-tuner", dir));
  llvm::SmallString<128> path(dir);
  llvm::sys::path::append(path, "db.jsonl");
  TuningRecord first = measured(fingerprint('a'), "#kernel.schedule<a>", 3);
  TuningRecord second = measured(fingerprint('a'), "#kernel.schedule<b>", 2);
  ASSERT_FALSE(bool(TuningDatabase::append(path, first)));
  ASSERT_FALSE(bool(TuningDatabase::append(path, second)));
  llvm::Expected<TuningDatabase> loaded = TuningDatabase::load(path);
  ASSERT_TRUE(bool(loaded)) << llvm::toString(loaded.takeError());
  EXPECT_EQ(loaded->getRecords().size(), 2u);
  llvm::SmallString<128> copy(dir);
  llvm::sys::path::append(copy, "copy.jsonl");
  ASSERT_FALSE(bool(loaded->save(copy)));
  llvm::Expected<TuningDatabase> reloaded = TuningDatabase::load(copy);
  ASSERT_TRUE(bool(reloaded)) << llvm::toString(reloaded.takeError());
  EXPECT_EQ(reloaded->getRecords().size(), 2u);
  EXPECT_EQ(reloaded->getRecords()[1], second);
  llvm::sys::fs::remove_directories(dir);
  // A missing file says which.
  llvm::Expected<TuningDatabase> missing = TuningDatabase::load(path);
  ASSERT_FALSE(bool(missing));
  EXPECT_NE(llvm::toString(missing.takeError()).find("db.jsonl"),
            std::string::npos);
}

TEST(TuningDatabaseTest, MergesAndPicksTheFastestWhateverTheOrder) {
  TuningDatabase one, two;
  one.add(measured(fingerprint('a'), "#kernel.schedule<slow>", 9));
  one.add(measured(fingerprint('a'), "#kernel.schedule<tie-b>", 4));
  two.add(measured(fingerprint('a'), "#kernel.schedule<slow>", 9));
  two.add(measured(fingerprint('a'), "#kernel.schedule<tie-a>", 4));
  TuningRecord failed = measured(fingerprint('a'), "#kernel.schedule<x>", 1);
  failed.timeUs.reset();
  failed.error = "wrong results";
  two.add(failed);
  TuningDatabase merged = one;
  merged.merge(two);
  // The duplicate is dropped; the failure never wins.
  EXPECT_EQ(merged.getRecords().size(), 4u);
  const TuningRecord *best =
      merged.lookupBest(fingerprint('a'), "#kernel.target<cpu = \"znver4\">");
  ASSERT_NE(best, nullptr);
  EXPECT_EQ(best->schedule, "#kernel.schedule<tie-a>");
  TuningDatabase reversed = two;
  reversed.merge(one);
  EXPECT_EQ(
      reversed.lookupBest(fingerprint('a'), "#kernel.target<cpu = \"znver4\">")
          ->schedule,
      "#kernel.schedule<tie-a>");
  // Another target or kernel: nothing.
  EXPECT_EQ(merged.lookupBest(fingerprint('a'), "#kernel.target<cpu = \"x\">"),
            nullptr);
  EXPECT_EQ(
      merged.lookupBest(fingerprint('b'), "#kernel.target<cpu = \"znver4\">"),
      nullptr);
}

TEST(TuningDatabaseTest, RejectsMalformedRecordsWithTheirLine) {
  std::string good = TuningDatabase::print(
      measured(fingerprint('a'), "#kernel.schedule<a>", 1));
  struct Case {
    std::string line;
    std::string message;
  };
  std::string kernel = "\"kernel\": \"" + fingerprint('c') + "\"";
  Case cases[] = {
      {"{\"version\": 1, " + kernel, "not JSON"},
      {"[1, 2]", "not a JSON object"},
      {"{" + kernel + "}", "no \"version\""},
      {"{\"version\": 2, " + kernel + "}", "record version 2"},
      {"{\"version\": 1}", "no \"kernel\""},
      {"{\"version\": 1, \"kernel\": \"abc\"}", "64 lowercase hex digits"},
      {"{\"version\": 1, " + kernel + ", \"target\": \"\"}",
       "\"target\" must be a non-empty string"},
      {"{\"version\": 1, " + kernel +
           ", \"target\": \"t\", \"schedule\": \"s\", \"time_us\": -1}",
       "positive number"},
      {"{\"version\": 1, " + kernel +
           ", \"target\": \"t\", \"schedule\": \"s\", \"time_us\": \"fast\"}",
       "positive number"},
      {"{\"version\": 1, " + kernel +
           ", \"target\": \"t\", \"schedule\": \"s\"}",
       "either a \"time_us\""},
      {"{\"version\": 1, " + kernel +
           ", \"target\": \"t\", \"schedule\": \"s\", \"time_us\": 1, "
           "\"error\": \"crashed\"}",
       "either a \"time_us\""},
      {"{\"version\": 1, " + kernel +
           ", \"target\": \"t\", \"schedule\": 7, \"time_us\": 1}",
       "\"schedule\" must be a non-empty string"},
  };
  for (const Case &c : cases) {
    // The bad record on line 3, after a good one and a blank line.
    llvm::Expected<TuningDatabase> parsed =
        TuningDatabase::parse(good + "\n\n" + c.line + "\n", "bad.jsonl");
    ASSERT_FALSE(bool(parsed)) << c.line;
    std::string message = llvm::toString(parsed.takeError());
    EXPECT_NE(message.find("bad.jsonl:3: not a tuning record"),
              std::string::npos)
        << message;
    EXPECT_NE(message.find(c.message), std::string::npos)
        << c.line << " -> " << message;
  }
}

} // namespace
