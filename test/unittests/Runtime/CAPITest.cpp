//===- CAPITest.cpp - Tests of the runtime's C API ------------------------===//
//
// Round trips through include/strata-c/Runtime.h only: load a module from
// memory and from a file, inspect signatures, create sessions, pass copied
// and borrowed tensors and i64 scalars, read results, and check the error
// codes and strata_last_error() messages of bad calls; saving modules, the
// CPU feature check, thread and trace options; the registry of native
// functions from C.
//
//===----------------------------------------------------------------------===//

#include "TestModules.h"

#include "strata-c/Runtime.h"
#include "strata/Runtime/CpuFeatures.h"
#include "strata/Runtime/ModuleWriter.h"

#include "gtest/gtest.h"

#include <cstdio>
#include <cstring>
#include <string>
#include <thread>
#include <unistd.h>
#include <vector>

using namespace strata::runtime::test;

namespace {

class CAPITest : public ::testing::Test {
protected:
  void SetUp() override {
    auto bytes = buildToolTestModule();
    ASSERT_TRUE(bytes.ok()) << bytes.message();
    moduleBytes = *bytes;
    ASSERT_EQ(strata_module_load_memory(moduleBytes.data(), moduleBytes.size(),
                                        &module),
              STRATA_OK)
        << strata_last_error();
    strata_options_t *options = nullptr;
    ASSERT_EQ(strata_options_create(&options), STRATA_OK);
    ASSERT_EQ(strata_options_set_num_threads(options, 2), STRATA_OK);
    ASSERT_EQ(strata_session_create(module, options, &session), STRATA_OK)
        << strata_last_error();
    strata_options_release(options);
  }
  void TearDown() override {
    strata_session_release(session);
    strata_module_release(module);
  }

  strata_tensor_t *vector(std::vector<float> values) {
    int64_t dims[1] = {static_cast<int64_t>(values.size())};
    strata_tensor_t *tensor = nullptr;
    EXPECT_EQ(strata_tensor_create_copy(STRATA_DTYPE_F32, 1, dims,
                                        values.data(),
                                        values.size() * sizeof(float), &tensor),
              STRATA_OK)
        << strata_last_error();
    return tensor;
  }

  std::vector<uint8_t> moduleBytes;
  strata_module_t *module = nullptr;
  strata_session_t *session = nullptr;
};

TEST_F(CAPITest, VersionAndNames) {
  EXPECT_STREQ(strata_version(), "0.1.0");
  EXPECT_STREQ(strata_dtype_name(STRATA_DTYPE_BF16), "bf16");
  EXPECT_STREQ(strata_dtype_name(static_cast<strata_dtype_t>(42)), "invalid");
  EXPECT_EQ(strata_dtype_size(STRATA_DTYPE_F64), 8u);
  EXPECT_EQ(strata_dtype_size(STRATA_DTYPE_INVALID), 0u);
  EXPECT_STREQ(strata_status_name(STRATA_NOT_FOUND), "not found");
  EXPECT_STREQ(strata_module_metadata(module, "producer"),
               "strata runtime tests");
  EXPECT_EQ(strata_module_metadata(module, "nope"), nullptr);
  uint32_t threads = 0;
  ASSERT_EQ(strata_session_num_threads(session, &threads), STRATA_OK);
  EXPECT_EQ(threads, 2u);
}

TEST_F(CAPITest, Signatures) {
  size_t count = 0;
  ASSERT_EQ(strata_module_num_functions(module, &count), STRATA_OK);
  EXPECT_EQ(count, 8u);
  const char *name = nullptr;
  ASSERT_EQ(strata_module_function_name(module, 0, &name), STRATA_OK);
  EXPECT_STREQ(name, "main");
  size_t index = 0;
  ASSERT_EQ(strata_module_find_function(module, "scale", &index), STRATA_OK);
  EXPECT_EQ(index, 1u);
  size_t numArgs = 0, numResults = 0;
  ASSERT_EQ(strata_module_function_num_args(module, index, &numArgs),
            STRATA_OK);
  ASSERT_EQ(strata_module_function_num_results(module, index, &numResults),
            STRATA_OK);
  EXPECT_EQ(numArgs, 2u);
  EXPECT_EQ(numResults, 1u);
  strata_type_info_t type;
  ASSERT_EQ(strata_module_function_arg_type(module, index, 0, &type),
            STRATA_OK);
  EXPECT_EQ(type.kind, STRATA_TYPE_TENSOR);
  EXPECT_EQ(type.dtype, STRATA_DTYPE_F32);
  EXPECT_EQ(type.rank, 1);
  EXPECT_EQ(type.dims[0], STRATA_DYNAMIC_DIM);
  ASSERT_EQ(strata_module_function_arg_type(module, index, 1, &type),
            STRATA_OK);
  EXPECT_EQ(type.kind, STRATA_TYPE_I64);
  ASSERT_EQ(strata_module_find_function(module, "weights", &index), STRATA_OK);
  ASSERT_EQ(strata_module_function_result_type(module, index, 0, &type),
            STRATA_OK);
  EXPECT_EQ(type.rank, 2);
  EXPECT_EQ(type.dims[0], 2);
  EXPECT_EQ(type.dims[1], 3);

  EXPECT_EQ(strata_module_function_arg_type(module, index, 0, &type),
            STRATA_INVALID_ARGUMENT);
  EXPECT_STREQ(strata_last_error(),
               "argument index 0 out of range (0 arguments)");
  EXPECT_EQ(strata_module_function_name(module, 99, &name),
            STRATA_INVALID_ARGUMENT);
  EXPECT_STREQ(strata_last_error(), "function index 99 out of range (8 "
                                    "functions)");
  EXPECT_EQ(strata_module_find_function(module, "nope", &index),
            STRATA_NOT_FOUND);
  EXPECT_EQ(strata_module_num_functions(nullptr, &count),
            STRATA_INVALID_ARGUMENT);
}

TEST_F(CAPITest, InvokeWithCopiedAndBorrowedTensors) {
  strata_tensor_t *a = vector({1, 2, 3});
  alignas(64) float bData[3] = {10, 20, 30};
  int64_t dims[1] = {3};
  strata_tensor_t *b = nullptr;
  ASSERT_EQ(strata_tensor_create_borrowed(STRATA_DTYPE_F32, 1, dims, bData,
                                          sizeof(bData), &b),
            STRATA_OK);
  EXPECT_EQ(strata_tensor_data(b), static_cast<void *>(bData));
  strata_tensor_t *args[2] = {a, b};
  strata_tensor_t *results[1] = {nullptr};
  size_t numResults = 0;
  ASSERT_EQ(
      strata_session_invoke(session, "main", args, 2, results, 1, &numResults),
      STRATA_OK)
      << strata_last_error();
  ASSERT_EQ(numResults, 1u);
  EXPECT_EQ(strata_tensor_dtype(results[0]), STRATA_DTYPE_F32);
  ASSERT_EQ(strata_tensor_rank(results[0]), 1u);
  EXPECT_EQ(strata_tensor_dims(results[0])[0], 3);
  EXPECT_EQ(strata_tensor_num_elements(results[0]), 3u);
  EXPECT_EQ(strata_tensor_byte_size(results[0]), 12u);
  const float *sum = static_cast<const float *>(strata_tensor_data(results[0]));
  EXPECT_EQ(sum[0], 11);
  EXPECT_EQ(sum[1], 22);
  EXPECT_EQ(sum[2], 33);
  char text[64];
  size_t length = 0;
  ASSERT_EQ(strata_tensor_format(results[0], text, sizeof(text), &length),
            STRATA_OK);
  EXPECT_STREQ(text, "[11. 22. 33.]");
  EXPECT_EQ(length, 13u);
  // Truncation keeps the terminator and reports the full length.
  char small[5];
  ASSERT_EQ(strata_tensor_format(results[0], small, sizeof(small), &length),
            STRATA_OK);
  EXPECT_STREQ(small, "[11.");
  EXPECT_EQ(length, 13u);
  strata_tensor_release(results[0]);

  // Results outlive the session and module handles.
  strata_tensor_t *weights = nullptr;
  ASSERT_EQ(strata_session_invoke(session, "weights", nullptr, 0, &weights, 1,
                                  &numResults),
            STRATA_OK);
  EXPECT_TRUE(strata_tensor_is_read_only(weights));
  strata_session_release(session);
  strata_module_release(module);
  session = nullptr;
  module = nullptr;
  EXPECT_EQ(static_cast<const float *>(strata_tensor_data(weights))[5], 6.0f);
  strata_tensor_t *copy = nullptr;
  ASSERT_EQ(strata_tensor_retain(weights, &copy), STRATA_OK);
  strata_tensor_release(weights);
  EXPECT_EQ(static_cast<const float *>(strata_tensor_data(copy))[0], 1.0f);
  strata_tensor_release(copy);
  strata_tensor_release(a);
  strata_tensor_release(b);
}

TEST_F(CAPITest, I64ScalarsCrossAsRank0Tensors) {
  strata_tensor_t *x = vector({1, 2});
  strata_tensor_t *s = nullptr;
  ASSERT_EQ(strata_tensor_create_i64_scalar(3, &s), STRATA_OK);
  strata_tensor_t *args[2] = {x, s};
  strata_tensor_t *result = nullptr;
  size_t numResults = 0;
  ASSERT_EQ(
      strata_session_invoke(session, "scale", args, 2, &result, 1, &numResults),
      STRATA_OK)
      << strata_last_error();
  const float *scaled = static_cast<const float *>(strata_tensor_data(result));
  EXPECT_EQ(scaled[0], 3);
  EXPECT_EQ(scaled[1], 6);
  strata_tensor_release(result);

  strata_tensor_t *pair[2] = {nullptr, nullptr};
  strata_tensor_t *seven = nullptr;
  ASSERT_EQ(strata_tensor_create_i64_scalar(7, &seven), STRATA_OK);
  ASSERT_EQ(
      strata_session_invoke(session, "pair", &seven, 1, pair, 2, &numResults),
      STRATA_OK)
      << strata_last_error();
  EXPECT_EQ(numResults, 2u);
  EXPECT_EQ(strata_tensor_rank(pair[0]), 0u);
  EXPECT_EQ(strata_tensor_dtype(pair[0]), STRATA_DTYPE_I64);
  EXPECT_EQ(*static_cast<const int64_t *>(strata_tensor_data(pair[0])), 7);
  EXPECT_EQ(static_cast<const int32_t *>(strata_tensor_data(pair[1]))[2], 9);
  strata_tensor_release(pair[0]);
  strata_tensor_release(pair[1]);
  strata_tensor_release(seven);
  strata_tensor_release(x);
  strata_tensor_release(s);
}

TEST_F(CAPITest, Errors) {
  strata_tensor_t *x = vector({1, 2});
  strata_tensor_t *result = nullptr;
  size_t numResults = 0;
  // Wrong count.
  EXPECT_EQ(
      strata_session_invoke(session, "main", &x, 1, &result, 1, &numResults),
      STRATA_RUNTIME_ERROR);
  EXPECT_STREQ(strata_last_error(),
               "function 'main': expected 2 arguments, got 1");
  // Wrong dtype.
  int32_t ints[2] = {1, 2};
  int64_t dims[1] = {2};
  strata_tensor_t *i = nullptr;
  ASSERT_EQ(strata_tensor_create_copy(STRATA_DTYPE_I32, 1, dims, ints,
                                      sizeof(ints), &i),
            STRATA_OK);
  strata_tensor_t *args[2] = {x, i};
  EXPECT_EQ(
      strata_session_invoke(session, "main", args, 2, &result, 1, &numResults),
      STRATA_RUNTIME_ERROR);
  EXPECT_STREQ(strata_last_error(), "function 'main': argument 1: expected "
                                    "tensor<?xf32>, got tensor<2xi32>");
  // A run-time error inside the function.
  strata_tensor_t *one = nullptr, *zero = nullptr;
  ASSERT_EQ(strata_tensor_create_i64_scalar(1, &one), STRATA_OK);
  ASSERT_EQ(strata_tensor_create_i64_scalar(0, &zero), STRATA_OK);
  strata_tensor_t *division[2] = {one, zero};
  EXPECT_EQ(strata_session_invoke(session, "divide", division, 2, &result, 1,
                                  &numResults),
            STRATA_RUNTIME_ERROR);
  EXPECT_STREQ(strata_last_error(),
               "function 'divide': instruction at word 0 (divs): division by "
               "zero in signed division of 1");
  // Too small a result array: nothing runs, the count is reported.
  EXPECT_EQ(
      strata_session_invoke(session, "pair", &one, 1, &result, 1, &numResults),
      STRATA_BUFFER_TOO_SMALL);
  EXPECT_EQ(numResults, 2u);
  EXPECT_EQ(strata_session_invoke(session, "nope", nullptr, 0, nullptr, 0,
                                  &numResults),
            STRATA_NOT_FOUND);
  EXPECT_EQ(strata_session_invoke(nullptr, "main", nullptr, 0, nullptr, 0,
                                  &numResults),
            STRATA_INVALID_ARGUMENT);
  strata_tensor_t *nulls[2] = {x, nullptr};
  EXPECT_EQ(
      strata_session_invoke(session, "main", nulls, 2, &result, 1, &numResults),
      STRATA_INVALID_ARGUMENT);
  EXPECT_STREQ(strata_last_error(), "argument 1 is a null tensor handle");

  // Tensor creation errors.
  strata_tensor_t *bad = nullptr;
  EXPECT_EQ(strata_tensor_create_copy(STRATA_DTYPE_F32, 1, dims, ints, 7, &bad),
            STRATA_INVALID_ARGUMENT);
  EXPECT_STREQ(strata_last_error(), "tensor<2xf32> needs 8 bytes, got 7");
  EXPECT_EQ(bad, nullptr);
  EXPECT_EQ(strata_tensor_create_copy(static_cast<strata_dtype_t>(99), 1, dims,
                                      ints, 8, &bad),
            STRATA_INVALID_ARGUMENT);
  EXPECT_STREQ(strata_last_error(), "invalid dtype 99");
  int64_t negative[1] = {-2};
  EXPECT_EQ(strata_tensor_create_zeros(STRATA_DTYPE_F32, 1, negative, &bad),
            STRATA_INVALID_ARGUMENT);
  EXPECT_STREQ(strata_last_error(), "dimension 0 is negative (-2)");
  int64_t nine[9] = {1, 1, 1, 1, 1, 1, 1, 1, 1};
  EXPECT_EQ(strata_tensor_create_zeros(STRATA_DTYPE_F32, 9, nine, &bad),
            STRATA_INVALID_ARGUMENT);

  // Loading errors.
  strata_module_t *broken = nullptr;
  EXPECT_EQ(strata_module_load_memory("garbage", 7, &broken),
            STRATA_LOAD_ERROR);
  EXPECT_NE(std::string(strata_last_error()).find("<memory>"),
            std::string::npos)
      << strata_last_error();
  EXPECT_EQ(strata_module_load_file("/nonexistent/x.smod", &broken),
            STRATA_LOAD_ERROR);
  EXPECT_NE(std::string(strata_last_error()).find("/nonexistent/x.smod"),
            std::string::npos);
  EXPECT_EQ(broken, nullptr);

  // The last error is per thread.
  std::string other;
  std::thread([&] { other = strata_last_error(); }).join();
  EXPECT_EQ(other, "");

  for (strata_tensor_t *t : {x, i, one, zero})
    strata_tensor_release(t);
}

TEST_F(CAPITest, LoadFileAndNpy) {
  char dir[] = "/tmp/strata-capitest-XXXXXX";
  ASSERT_NE(mkdtemp(dir), nullptr);
  std::string path = std::string(dir) + "/m.smod";
  FILE *file = std::fopen(path.c_str(), "wb");
  ASSERT_NE(file, nullptr);
  std::fwrite(moduleBytes.data(), 1, moduleBytes.size(), file);
  std::fclose(file);
  strata_module_t *fromFile = nullptr;
  ASSERT_EQ(strata_module_load_file(path.c_str(), &fromFile), STRATA_OK)
      << strata_last_error();
  strata_options_t *options = nullptr;
  ASSERT_EQ(strata_options_create(&options), STRATA_OK);
  std::string trace = std::string(dir) + "/trace.json";
  ASSERT_EQ(strata_options_set_profiling(options, 1), STRATA_OK);
  ASSERT_EQ(strata_options_set_trace_path(options, trace.c_str()), STRATA_OK);
  ASSERT_EQ(strata_options_set_max_call_depth(options, 0),
            STRATA_INVALID_ARGUMENT);
  strata_session_t *profiled = nullptr;
  ASSERT_EQ(strata_session_create(fromFile, options, &profiled), STRATA_OK);
  strata_options_release(options);

  strata_tensor_t *x = vector({1, 2, 3});
  strata_tensor_t *args[2] = {x, x};
  strata_tensor_t *result = nullptr;
  size_t numResults = 0;
  ASSERT_EQ(
      strata_session_invoke(profiled, "main", args, 2, &result, 1, &numResults),
      STRATA_OK);
  const char *report = nullptr;
  ASSERT_EQ(strata_session_profile_report(profiled, &report), STRATA_OK);
  EXPECT_NE(std::string(report).find("add"), std::string::npos) << report;
  ASSERT_EQ(strata_session_flush(profiled), STRATA_OK);
  EXPECT_EQ(access(trace.c_str(), R_OK), 0);

  std::string npy = std::string(dir) + "/r.npy";
  ASSERT_EQ(strata_tensor_save_npy(result, npy.c_str()), STRATA_OK);
  strata_tensor_t *loaded = nullptr;
  ASSERT_EQ(strata_tensor_load_npy(npy.c_str(), &loaded), STRATA_OK);
  EXPECT_EQ(
      std::memcmp(strata_tensor_data(loaded), strata_tensor_data(result), 12),
      0);
  strata_tensor_t *notNpy = nullptr;
  EXPECT_EQ(strata_tensor_load_npy(path.c_str(), &notNpy), STRATA_LOAD_ERROR);
  EXPECT_EQ(notNpy, nullptr);
  EXPECT_NE(std::string(strata_last_error()).find("not a .npy file"),
            std::string::npos);
  strata_tensor_release(loaded);
  strata_tensor_release(result);
  strata_tensor_release(x);
  strata_session_release(profiled);
  strata_module_release(fromFile);
}

TEST_F(CAPITest, ModuleDataAndSave) {
  const void *data = nullptr;
  size_t size = 0;
  ASSERT_EQ(strata_module_data(module, &data, &size), STRATA_OK);
  ASSERT_EQ(size, moduleBytes.size());
  EXPECT_EQ(std::memcmp(data, moduleBytes.data(), size), 0);
  EXPECT_EQ(strata_module_data(module, nullptr, &size),
            STRATA_INVALID_ARGUMENT);

  char dir[] = "/tmp/strata-capitest-XXXXXX";
  ASSERT_NE(mkdtemp(dir), nullptr);
  std::string path = std::string(dir) + "/m.smod";
  ASSERT_EQ(strata_module_save(module, path.c_str()), STRATA_OK)
      << strata_last_error();
  strata_module_t *fromFile = nullptr;
  ASSERT_EQ(strata_module_load_file(path.c_str(), &fromFile), STRATA_OK)
      << strata_last_error();
  // Saved onto the path it was loaded from, then the file removed: the
  // loaded module still runs.
  ASSERT_EQ(strata_module_save(fromFile, path.c_str()), STRATA_OK);
  ASSERT_EQ(std::remove(path.c_str()), 0);
  strata_session_t *fileSession = nullptr;
  ASSERT_EQ(strata_session_create(fromFile, nullptr, &fileSession), STRATA_OK)
      << strata_last_error();
  strata_tensor_t *x = vector({1, 2, 3});
  strata_tensor_t *args[2] = {x, x};
  strata_tensor_t *result = nullptr;
  size_t numResults = 0;
  ASSERT_EQ(strata_session_invoke(fileSession, "main", args, 2, &result, 1,
                                  &numResults),
            STRATA_OK)
      << strata_last_error();
  EXPECT_EQ(static_cast<const float *>(strata_tensor_data(result))[2], 6.0f);
  strata_tensor_release(result);
  strata_tensor_release(x);
  strata_session_release(fileSession);
  strata_module_release(fromFile);

  std::string missing = std::string(dir) + "/no/such/dir/m.smod";
  EXPECT_EQ(strata_module_save(module, missing.c_str()), STRATA_RUNTIME_ERROR);
  EXPECT_NE(std::string(strata_last_error()).find("cannot create a file in"),
            std::string::npos)
      << strata_last_error();
  ::rmdir(dir);
}

TEST_F(CAPITest, CpuFeatureCheck) {
  std::string missing;
  for (std::string_view name : strata::runtime::getRecordableCpuFeatures())
    if (!strata::runtime::hostHasCpuFeature(name)) {
      missing = std::string(name);
      break;
    }
  if (missing.empty())
    GTEST_SKIP() << "this host has every feature of the list";
  strata::runtime::ModuleWriter writer;
  auto *main = *writer.getFunction(writer.declareFunction("main"));
  ASSERT_TRUE(main->emit(strata::runtime::bytecode::Opcode::Return,
                         {strata::runtime::RegisterList{}})
                  .ok());
  writer.setKernelLibraryCPU({'n', 'o', 't', ' ', 'e', 'l', 'f'},
                             {"sse2", missing});
  auto bytes = writer.finish();
  ASSERT_TRUE(bytes.ok());
  strata_module_t *refused = nullptr;
  EXPECT_EQ(strata_module_load_memory(bytes->data(), bytes->size(), &refused),
            STRATA_LOAD_ERROR);
  EXPECT_EQ(refused, nullptr);
  EXPECT_NE(std::string(strata_last_error())
                .find("cannot run on this host: its kernels need CPU "
                      "features this host lacks: " +
                      missing),
            std::string::npos)
      << strata_last_error();
  // Loaded for inspection, it cannot make a session.
  strata_module_t *inspected = nullptr;
  ASSERT_EQ(strata_module_load_memory_ex(bytes->data(), bytes->size(),
                                         STRATA_LOAD_SKIP_CPU_CHECK,
                                         &inspected),
            STRATA_OK)
      << strata_last_error();
  EXPECT_STREQ(strata_module_metadata(inspected, "cpu-features"),
               ("sse2," + missing).c_str());
  strata_session_t *refusedSession = nullptr;
  EXPECT_EQ(strata_session_create(inspected, nullptr, &refusedSession),
            STRATA_LOAD_ERROR);
  EXPECT_NE(std::string(strata_last_error()).find("cannot run on this host"),
            std::string::npos);
  EXPECT_EQ(
      strata_module_load_memory_ex(bytes->data(), bytes->size(), 6, &refused),
      STRATA_INVALID_ARGUMENT);
  strata_module_release(inspected);
}

TEST_F(CAPITest, ThreadAndTraceOptions) {
  strata_options_t *options = nullptr;
  ASSERT_EQ(strata_options_create(&options), STRATA_OK);
  EXPECT_EQ(strata_options_set_num_threads(options, 100000),
            STRATA_INVALID_ARGUMENT);
  EXPECT_STREQ(strata_last_error(), "strata_options_set_num_threads: at most "
                                    "4096 threads, got 100000");
  // A trace that cannot be written fails the session, before any call.
  ASSERT_EQ(strata_options_set_trace_path(options, "/nonexistent/dir/t.json"),
            STRATA_OK);
  strata_session_t *traced = nullptr;
  EXPECT_EQ(strata_session_create(module, options, &traced), STRATA_LOAD_ERROR);
  EXPECT_EQ(traced, nullptr);
  EXPECT_EQ(std::string(strata_last_error()),
            "cannot write the trace: /nonexistent/dir/t.json: cannot create "
            "a file in '/nonexistent/dir': No such file or directory");
  strata_options_release(options);
}

/// A C native function: out = x + 1 for an i64 x (a rank-0 i64 tensor).
strata_status_t addOne(void *userData, strata_tensor_t *const *args,
                       size_t numArgs, strata_tensor_t **results,
                       size_t capacity, size_t *numResults, char *error,
                       size_t errorCapacity) {
  ++*static_cast<int *>(userData);
  if (numArgs != 1 || strata_tensor_rank(args[0]) != 0 || capacity < 1) {
    std::snprintf(error, errorCapacity, "test.add_one wants one i64");
    return STRATA_INVALID_ARGUMENT;
  }
  int64_t value = *static_cast<const int64_t *>(strata_tensor_data(args[0]));
  *numResults = 1;
  return strata_tensor_create_i64_scalar(value + 1, &results[0]);
}

TEST_F(CAPITest, Registry) {
  EXPECT_TRUE(strata_registry_contains("strata.print"));
  EXPECT_FALSE(strata_registry_contains("test.add_one"));
  int calls = 0;
  ASSERT_EQ(strata_registry_register("test.add_one", addOne, &calls, 0),
            STRATA_OK);
  EXPECT_EQ(strata_registry_register("test.add_one", addOne, &calls, 0),
            STRATA_INVALID_ARGUMENT);
  EXPECT_STREQ(strata_last_error(),
               "native function 'test.add_one' is already registered");
  size_t count = strata_registry_num_functions();
  bool found = false;
  for (size_t k = 0; k < count; ++k)
    found = found ||
            std::string(strata_registry_function_name(k)) == "test.add_one";
  EXPECT_TRUE(found);

  strata_tensor_t *forty = nullptr;
  ASSERT_EQ(strata_tensor_create_i64_scalar(41, &forty), STRATA_OK);
  strata_tensor_t *result = nullptr;
  size_t numResults = 0;
  ASSERT_EQ(
      strata_registry_call("test.add_one", &forty, 1, &result, 1, &numResults),
      STRATA_OK)
      << strata_last_error();
  EXPECT_EQ(numResults, 1u);
  EXPECT_EQ(*static_cast<const int64_t *>(strata_tensor_data(result)), 42);
  EXPECT_EQ(calls, 1);
  strata_tensor_release(result);
  EXPECT_EQ(
      strata_registry_call("test.add_one", nullptr, 0, &result, 1, &numResults),
      STRATA_RUNTIME_ERROR);
  EXPECT_STREQ(strata_last_error(),
               "native function 'test.add_one' failed: test.add_one wants "
               "one i64 (invalid argument)");

  // strata.numel through the C API.
  strata_tensor_t *x = vector({1, 2, 3, 4});
  ASSERT_EQ(
      strata_registry_call("strata.numel", &x, 1, &result, 1, &numResults),
      STRATA_OK);
  EXPECT_EQ(*static_cast<const int64_t *>(strata_tensor_data(result)), 4);
  strata_tensor_release(result);
  EXPECT_EQ(
      strata_registry_call("no.such", nullptr, 0, nullptr, 0, &numResults),
      STRATA_NOT_FOUND);
  ASSERT_EQ(strata_registry_remove("test.add_one"), STRATA_OK);
  EXPECT_EQ(strata_registry_remove("test.add_one"), STRATA_NOT_FOUND);
  strata_tensor_release(x);
  strata_tensor_release(forty);
}

} // namespace
