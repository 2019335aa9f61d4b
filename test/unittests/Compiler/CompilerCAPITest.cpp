//===- CompilerCAPITest.cpp - Tests of the compiler's C API ---------------===//
//
// Calls through include/strata-c/Compiler.h only: every function given null
// handles or pointers, bad option values, and compilations of a small graph
// program to IR text and to a module, of IR that does not parse and of IR
// that does not verify; weights handed over as resource blobs. Each failure
// must return its status and leave a message naming the cause in
// strata_compiler_last_error().
//
//===----------------------------------------------------------------------===//

#include "strata-c/Compiler.h"

#include "gtest/gtest.h"

#include <cstring>
#include <filesystem>
#include <string>
#include <unistd.h>
#include <vector>

namespace {

/// A graph-level program: relu(x + y).
constexpr const char *kProgram = R"mlir(
func.func @main(%x: tensor<4xf32>, %y: tensor<4xf32>) -> tensor<4xf32> {
  %0 = graph.add %x, %y : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
  %1 = graph.relu %0 : tensor<4xf32> -> tensor<4xf32>
  return %1 : tensor<4xf32>
}
)mlir";

std::string lastError() { return strata_compiler_last_error(); }

/// The output of `result` as a string.
std::string outputOf(const strata_compile_result_t *result) {
  const void *data = nullptr;
  size_t size = 0;
  EXPECT_EQ(strata_compile_result_data(result, &data, &size),
            STRATA_COMPILE_OK);
  return std::string(static_cast<const char *>(data), size);
}

TEST(CompilerCAPITest, NullArguments) {
  // Each setter, given no options, fails and names itself.
  struct Setter {
    const char *name;
    strata_compile_status_t (*call)();
  };
  const Setter setters[] = {
      {"strata_compile_options_set_target",
       [] { return strata_compile_options_set_target(nullptr, "cpu"); }},
      {"strata_compile_options_set_cpu",
       [] { return strata_compile_options_set_cpu(nullptr, ""); }},
      {"strata_compile_options_set_features",
       [] { return strata_compile_options_set_features(nullptr, ""); }},
      {"strata_compile_options_set_opt_level",
       [] { return strata_compile_options_set_opt_level(nullptr, 2); }},
      {"strata_compile_options_set_vectorize",
       [] { return strata_compile_options_set_vectorize(nullptr, 1); }},
      {"strata_compile_options_set_layout",
       [] { return strata_compile_options_set_layout(nullptr, "nhwc"); }},
      {"strata_compile_options_set_winograd",
       [] { return strata_compile_options_set_winograd(nullptr, 0); }},
      {"strata_compile_options_set_precision",
       [] { return strata_compile_options_set_precision(nullptr, "bf16"); }},
      {"strata_compile_options_set_tuning_db",
       [] { return strata_compile_options_set_tuning_db(nullptr, "db"); }},
      {"strata_compile_options_set_winograd_tile",
       [] { return strata_compile_options_set_winograd_tile(nullptr, 0); }},
      {"strata_compile_options_set_compile_to",
       [] {
         return strata_compile_options_set_compile_to(nullptr,
                                                      STRATA_COMPILE_TO_KERNEL);
       }},
      {"strata_compile_options_set_linker",
       [] { return strata_compile_options_set_linker(nullptr, ""); }},
      {"strata_compile_options_set_from_device",
       [] { return strata_compile_options_set_from_device(nullptr, 1); }},
      {"strata_compile_options_set_timing",
       [] { return strata_compile_options_set_timing(nullptr, 1); }},
      {"strata_compile_options_set_compile_threads",
       [] { return strata_compile_options_set_compile_threads(nullptr, 1); }},
      {"strata_compile_options_set_cache_dir",
       [] { return strata_compile_options_set_cache_dir(nullptr, ""); }},
      {"strata_compile_options_create",
       [] { return strata_compile_options_create(nullptr); }},
  };
  for (const Setter &setter : setters) {
    EXPECT_EQ(setter.call(), STRATA_COMPILE_INVALID_ARGUMENT) << setter.name;
    EXPECT_EQ(lastError(), std::string(setter.name) + ": null argument");
  }

  strata_compile_options_t *options = nullptr;
  ASSERT_EQ(strata_compile_options_create(&options), STRATA_COMPILE_OK);
  EXPECT_EQ(strata_compile_options_set_target(options, nullptr),
            STRATA_COMPILE_INVALID_ARGUMENT);
  strata_compile_options_release(options);

  strata_compile_level_t level;
  EXPECT_EQ(strata_compile_level_from_name(nullptr, &level),
            STRATA_COMPILE_INVALID_ARGUMENT);
  EXPECT_EQ(strata_compile_level_from_name("kernel", nullptr),
            STRATA_COMPILE_INVALID_ARGUMENT);

  strata_compile_result_t *result = nullptr;
  EXPECT_EQ(strata_compile(kProgram, std::strlen(kProgram), nullptr, nullptr,
                           nullptr),
            STRATA_COMPILE_INVALID_ARGUMENT);
  EXPECT_EQ(strata_compile(nullptr, 4, nullptr, nullptr, &result),
            STRATA_COMPILE_INVALID_ARGUMENT);
  EXPECT_EQ(lastError(), "strata_compile: null argument");
  const void *data = nullptr;
  size_t size = 0;
  EXPECT_EQ(strata_compile_result_data(nullptr, &data, &size),
            STRATA_COMPILE_INVALID_ARGUMENT);
  EXPECT_EQ(strata_compile_result_is_text(nullptr), 0);
  EXPECT_STREQ(strata_compile_result_diagnostics(nullptr), "");
  EXPECT_STREQ(strata_compile_result_timing_report(nullptr), "");
  unsigned hits, misses, rejected;
  EXPECT_EQ(
      strata_compile_result_cache_stats(nullptr, &hits, &misses, &rejected),
      STRATA_COMPILE_INVALID_ARGUMENT);
  EXPECT_EQ(lastError(), "strata_compile_result_cache_stats: null argument");
  // Releasing nothing is allowed.
  strata_compile_options_release(nullptr);
  strata_compile_result_release(nullptr);
}

TEST(CompilerCAPITest, BadOptionValues) {
  strata_compile_options_t *options = nullptr;
  ASSERT_EQ(strata_compile_options_create(&options), STRATA_COMPILE_OK);
  EXPECT_EQ(strata_compile_options_set_opt_level(options, 4),
            STRATA_COMPILE_INVALID_ARGUMENT);
  EXPECT_EQ(lastError(), "opt level must be 0..3, got 4");
  EXPECT_EQ(strata_compile_options_set_layout(options, "nwhc"),
            STRATA_COMPILE_INVALID_ARGUMENT);
  EXPECT_EQ(lastError(), "unknown layout 'nwhc' (expected nhwc or nchw)");
  EXPECT_EQ(strata_compile_options_set_precision(options, "fp16"),
            STRATA_COMPILE_INVALID_ARGUMENT);
  EXPECT_EQ(lastError(), "unknown precision 'fp16' (expected f32 or bf16)");
  EXPECT_EQ(strata_compile_options_set_precision(options, "bf16"),
            STRATA_COMPILE_OK);
  EXPECT_EQ(strata_compile_options_set_winograd_tile(options, 3),
            STRATA_COMPILE_INVALID_ARGUMENT);
  EXPECT_EQ(lastError(),
            "winograd tile must be 0 (chosen per convolution), 2 or 4, got 3");
  EXPECT_EQ(strata_compile_options_set_winograd_tile(options, 4),
            STRATA_COMPILE_OK);
  EXPECT_EQ(strata_compile_options_set_compile_to(
                options, static_cast<strata_compile_level_t>(9)),
            STRATA_COMPILE_INVALID_ARGUMENT);
  EXPECT_EQ(lastError(), "invalid compile level 9");
  strata_compile_level_t level;
  EXPECT_EQ(strata_compile_level_from_name("assembly", &level),
            STRATA_COMPILE_INVALID_ARGUMENT);
  EXPECT_NE(lastError().find("unknown compile level 'assembly'"),
            std::string::npos);

  // A target the compiler does not have fails when compiling.
  ASSERT_EQ(strata_compile_options_set_target(options, "tpu"),
            STRATA_COMPILE_OK);
  strata_compile_result_t *result = nullptr;
  EXPECT_NE(strata_compile(kProgram, std::strlen(kProgram), "prog.mlir",
                           options, &result),
            STRATA_COMPILE_OK);
  EXPECT_EQ(result, nullptr);
  EXPECT_NE(lastError().find(
                "unknown target 'tpu' (known: cpu, cuda, cuda-emulator)"),
            std::string::npos)
      << lastError();
  strata_compile_options_release(options);
}

TEST(CompilerCAPITest, CompilesToTextAndModule) {
  strata_compile_options_t *options = nullptr;
  ASSERT_EQ(strata_compile_options_create(&options), STRATA_COMPILE_OK);
  strata_compile_level_t level;
  ASSERT_EQ(strata_compile_level_from_name("kernel", &level),
            STRATA_COMPILE_OK);
  EXPECT_EQ(level, STRATA_COMPILE_TO_KERNEL);
  ASSERT_EQ(strata_compile_options_set_compile_to(options, level),
            STRATA_COMPILE_OK);
  strata_compile_result_t *result = nullptr;
  ASSERT_EQ(strata_compile(kProgram, std::strlen(kProgram), "prog.mlir",
                           options, &result),
            STRATA_COMPILE_OK)
      << lastError();
  EXPECT_EQ(strata_compile_result_is_text(result), 1);
  std::string text = outputOf(result);
  EXPECT_NE(text.find("kernel.func"), std::string::npos) << text;
  EXPECT_NE(text.find("kernel.launch"), std::string::npos) << text;
  strata_compile_result_release(result);
  strata_compile_options_release(options);

  // Default options: a module, whose bytes start with the .smod magic
  // (Bytecode.h's kMagic).
  result = nullptr;
  ASSERT_EQ(strata_compile(kProgram, std::strlen(kProgram), nullptr, nullptr,
                           &result),
            STRATA_COMPILE_OK)
      << lastError();
  EXPECT_EQ(strata_compile_result_is_text(result), 0);
  std::string bytes = outputOf(result);
  ASSERT_GE(bytes.size(), 64u);
  EXPECT_EQ(bytes.substr(0, 8), "STRATAMD");
  // Not timed: no report.
  EXPECT_STREQ(strata_compile_result_timing_report(result), "");
  strata_compile_result_release(result);

  // Timed: the same bytes, and a report naming the phases.
  ASSERT_EQ(strata_compile_options_create(&options), STRATA_COMPILE_OK);
  ASSERT_EQ(strata_compile_options_set_timing(options, 1), STRATA_COMPILE_OK);
  result = nullptr;
  ASSERT_EQ(strata_compile(kProgram, std::strlen(kProgram), nullptr, options,
                           &result),
            STRATA_COMPILE_OK)
      << lastError();
  EXPECT_EQ(outputOf(result), bytes);
  std::string report = strata_compile_result_timing_report(result);
  EXPECT_NE(report.find("Total Execution Time"), std::string::npos) << report;
  EXPECT_NE(report.find("graph, kernel and device pipelines"),
            std::string::npos)
      << report;
  EXPECT_NE(report.find("LLVM code generation"), std::string::npos) << report;
  strata_compile_result_release(result);
  strata_compile_options_release(options);
}

TEST(CompilerCAPITest, ResourceBlobsToBytecode) {
  // Weights handed over as bytes: the bytecode compiles to the module the
  // same program with the weights as hex text compiles to.
  const char *program = R"mlir(
func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
  %w = graph.constant dense_resource<w> : tensor<4xf32>
  %0 = graph.add %x, %w : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
)mlir";
  std::string withHex =
      std::string(program) +
      "{-#\n  dialect_resources: {\n    builtin: {\n      w: "
      "\"0x040000000000803F000000400000404000008040\"\n    }\n  }\n#-}\n";
  alignas(16) float weights[5] = {1, 2, 3, 4, 0};
  strata_resource_blob_t blob = {"w", weights, sizeof(float) * 4, 4};
  strata_compile_result_t *result = nullptr;
  ASSERT_EQ(strata_convert_to_bytecode(program, std::strlen(program), "m.mlir",
                                       &blob, 1, &result),
            STRATA_COMPILE_OK)
      << lastError();
  EXPECT_EQ(strata_compile_result_is_text(result), 0);
  std::string bytecode = outputOf(result);
  strata_compile_result_release(result);
  EXPECT_EQ(bytecode.substr(0, 4), "ML\xef\x52");

  auto compile = [&](const std::string &source) {
    strata_compile_result_t *compiled = nullptr;
    EXPECT_EQ(strata_compile(source.data(), source.size(), "m.mlir", nullptr,
                             &compiled),
              STRATA_COMPILE_OK)
        << lastError();
    std::string bytes = compiled ? outputOf(compiled) : "";
    strata_compile_result_release(compiled);
    return bytes;
  };
  std::string fromBytecode = compile(bytecode);
  EXPECT_FALSE(fromBytecode.empty());
  EXPECT_EQ(fromBytecode, compile(withHex));

  // Misaligned bytes are copied, not refused.
  std::memmove(reinterpret_cast<char *>(weights) + 2, weights, 16);
  strata_resource_blob_t misaligned = {
      "w", reinterpret_cast<char *>(weights) + 2, 16, 4};
  ASSERT_EQ(strata_convert_to_bytecode(program, std::strlen(program), "m.mlir",
                                       &misaligned, 1, &result),
            STRATA_COMPILE_OK)
      << lastError();
  EXPECT_EQ(outputOf(result), bytecode);
  strata_compile_result_release(result);

  // Each misuse is an error naming the blob.
  auto fails = [&](const std::string &source,
                   std::vector<strata_resource_blob_t> blobs,
                   const std::string &expected) {
    strata_compile_result_t *failed = nullptr;
    EXPECT_EQ(strata_convert_to_bytecode(source.data(), source.size(), "m.mlir",
                                         blobs.data(), blobs.size(), &failed),
              STRATA_COMPILE_ERROR)
        << expected;
    EXPECT_EQ(failed, nullptr);
    EXPECT_NE(lastError().find(expected), std::string::npos) << lastError();
  };
  fails(program, {},
        "m.mlir:3:8: error: dense_resource 'w' has no data: neither the "
        "source's dialect_resources nor the blobs given hold it");
  fails(program, {blob, {"v", weights, 16, 4}},
        "resource blob 'v' is given, but no dense_resource of the source "
        "names it");
  fails(program, {blob, blob}, "resource blob 'w' is given twice");
  fails(program, {{"w", weights, 16, 3}},
        "resource blob 'w' has alignment 3 (expected a power of two)");
  fails(withHex, {blob},
        "resource blob 'w' is given, but the source has data for it already");
  fails("func.func @main(", {},
        "m.mlir:1:16: error: expected non-function type");
  strata_resource_blob_t nullKey = {nullptr, weights, 16, 4};
  EXPECT_EQ(strata_convert_to_bytecode(program, std::strlen(program), nullptr,
                                       &nullKey, 1, &result),
            STRATA_COMPILE_INVALID_ARGUMENT);
  EXPECT_EQ(lastError(),
            "strata_convert_to_bytecode: blob 0 has a null key or data");
  EXPECT_EQ(strata_convert_to_bytecode(program, std::strlen(program), nullptr,
                                       nullptr, 1, &result),
            STRATA_COMPILE_INVALID_ARGUMENT);
  EXPECT_EQ(strata_convert_to_bytecode(program, std::strlen(program), nullptr,
                                       nullptr, 0, nullptr),
            STRATA_COMPILE_INVALID_ARGUMENT);
}

TEST(CompilerCAPITest, KernelCacheAndThreads) {
  // A second compile takes every kernel from the cache; the bytes are the
  // same with the cache cold, warm or off and with one thread.
  std::filesystem::path cache =
      std::filesystem::temp_directory_path() /
      ("strata-capi-cache-" + std::to_string(::getpid()));
  std::filesystem::remove_all(cache);
  strata_compile_options_t *options = nullptr;
  ASSERT_EQ(strata_compile_options_create(&options), STRATA_COMPILE_OK);
  ASSERT_EQ(strata_compile_options_set_cache_dir(options, cache.c_str()),
            STRATA_COMPILE_OK);
  std::string bytes[2];
  unsigned hits[2], misses[2], rejected[2];
  for (int i = 0; i < 2; ++i) {
    strata_compile_result_t *result = nullptr;
    ASSERT_EQ(strata_compile(kProgram, std::strlen(kProgram), nullptr, options,
                             &result),
              STRATA_COMPILE_OK)
        << lastError();
    bytes[i] = outputOf(result);
    ASSERT_EQ(strata_compile_result_cache_stats(result, &hits[i], &misses[i],
                                                &rejected[i]),
              STRATA_COMPILE_OK);
    strata_compile_result_release(result);
  }
  EXPECT_GT(misses[0], 0u);
  EXPECT_EQ(hits[0], 0u);
  EXPECT_EQ(hits[1], misses[0]);
  EXPECT_EQ(misses[1], 0u);
  EXPECT_EQ(rejected[0] + rejected[1], 0u);
  EXPECT_EQ(bytes[0], bytes[1]);

  ASSERT_EQ(strata_compile_options_set_cache_dir(options, nullptr),
            STRATA_COMPILE_OK);
  ASSERT_EQ(strata_compile_options_set_compile_threads(options, 1),
            STRATA_COMPILE_OK);
  strata_compile_result_t *result = nullptr;
  ASSERT_EQ(strata_compile(kProgram, std::strlen(kProgram), nullptr, options,
                           &result),
            STRATA_COMPILE_OK)
      << lastError();
  EXPECT_EQ(outputOf(result), bytes[0]);
  ASSERT_EQ(strata_compile_result_cache_stats(result, &hits[0], &misses[0],
                                              &rejected[0]),
            STRATA_COMPILE_OK);
  EXPECT_EQ(hits[0] + misses[0] + rejected[0], 0u);
  strata_compile_result_release(result);
  strata_compile_options_release(options);
  std::filesystem::remove_all(cache);
}

TEST(CompilerCAPITest, ReportsDiagnosticsWithLocations) {
  // Does not parse: the message has the source name, line and column.
  const char *garbage = "func.func @main( {";
  strata_compile_result_t *result = nullptr;
  EXPECT_EQ(strata_compile(garbage, std::strlen(garbage), "bad.mlir", nullptr,
                           &result),
            STRATA_COMPILE_ERROR);
  EXPECT_EQ(result, nullptr);
  EXPECT_EQ(lastError().rfind("bad.mlir:1:", 0), 0u) << lastError();
  EXPECT_NE(lastError().find("error:"), std::string::npos) << lastError();

  // Parses but does not verify: operand shapes that do not broadcast.
  const char *mismatched = R"mlir(
func.func @main(%x: tensor<4xf32>, %y: tensor<3xf32>) -> tensor<4xf32> {
  %0 = graph.add %x, %y : tensor<4xf32>, tensor<3xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
)mlir";
  EXPECT_EQ(strata_compile(mismatched, std::strlen(mismatched), "shapes.mlir",
                           nullptr, &result),
            STRATA_COMPILE_ERROR);
  EXPECT_EQ(lastError().rfind("shapes.mlir:3:", 0), 0u) << lastError();

  // A successful call after a failure: no result diagnostics.
  ASSERT_EQ(strata_compile(kProgram, std::strlen(kProgram), nullptr, nullptr,
                           &result),
            STRATA_COMPILE_OK)
      << lastError();
  EXPECT_STREQ(strata_compile_result_diagnostics(result), "");
  strata_compile_result_release(result);
}

TEST(CompilerCAPITest, TuningDatabaseThatCannotBeRead) {
  strata_compile_options_t *options = nullptr;
  ASSERT_EQ(strata_compile_options_create(&options), STRATA_COMPILE_OK);
  ASSERT_EQ(strata_compile_options_set_tuning_db(
                options, "/nonexistent/strata-tuning.jsonl"),
            STRATA_COMPILE_OK);
  ASSERT_EQ(
      strata_compile_options_set_compile_to(options, STRATA_COMPILE_TO_KERNEL),
      STRATA_COMPILE_OK);
  strata_compile_result_t *result = nullptr;
  EXPECT_EQ(strata_compile(kProgram, std::strlen(kProgram), "p.mlir", options,
                           &result),
            STRATA_COMPILE_ERROR);
  EXPECT_NE(lastError().find("cannot read the tuning database "
                             "/nonexistent/strata-tuning.jsonl"),
            std::string::npos)
      << lastError();
  // "" (and NULL) is no database.
  ASSERT_EQ(strata_compile_options_set_tuning_db(options, nullptr),
            STRATA_COMPILE_OK);
  EXPECT_EQ(strata_compile(kProgram, std::strlen(kProgram), "p.mlir", options,
                           &result),
            STRATA_COMPILE_OK)
      << lastError();
  strata_compile_result_release(result);
  strata_compile_options_release(options);
}

} // namespace
