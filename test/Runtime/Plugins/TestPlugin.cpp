//===- TestPlugin.cpp - A runtime plugin for the tests --------------------===//
//
// libstrata-plugin-testplugin.so: a plugin with no vendor library behind
// it, for the tests of plugin loading and of native calls made by the
// compiler (test/Runtime/plugins.mlir):
//   testplugin.add_scaled(a, b, out, scale): out = a + scale * b (f32,
//     equal shapes), destination-passing like every backend's functions;
//   testplugin.fail(...): reports an error;
//   testplugin.threads(out): out[0] = the calling session's thread count.
// With STRATA_TEST_PLUGIN_INIT_FAILS set, its init fails.
//
//===----------------------------------------------------------------------===//

#include "strata-c/Plugin.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace {

strata_plugin_host_t host;

size_t numElements(const strata_tensor_t *tensor) {
  size_t count = 1;
  const int64_t *dims = host.tensor_dims(tensor);
  for (size_t i = 0; i < host.tensor_rank(tensor); ++i)
    count *= static_cast<size_t>(dims[i]);
  return count;
}

strata_status_t addScaled(void *, strata_tensor_t *const *args, size_t numArgs,
                          strata_tensor_t **, size_t, size_t *numResults,
                          char *error, size_t capacity) {
  *numResults = 0;
  if (numArgs != 4 || host.tensor_dtype(args[3]) != STRATA_DTYPE_I64) {
    std::snprintf(error, capacity, "add_scaled takes (a, b, out, scale)");
    return STRATA_INVALID_ARGUMENT;
  }
  size_t count = numElements(args[0]);
  for (int i = 0; i < 3; ++i)
    if (host.tensor_dtype(args[i]) != STRATA_DTYPE_F32 ||
        numElements(args[i]) != count) {
      std::snprintf(error, capacity,
                    "add_scaled: tensor %d is not f32 of %zu "
                    "elements",
                    i, count);
      return STRATA_INVALID_ARGUMENT;
    }
  int64_t scale;
  std::memcpy(&scale, host.tensor_data(args[3]), sizeof(scale));
  auto *a = static_cast<const float *>(host.tensor_data(args[0]));
  auto *b = static_cast<const float *>(host.tensor_data(args[1]));
  auto *out = static_cast<float *>(host.tensor_data(args[2]));
  for (size_t i = 0; i < count; ++i)
    out[i] = a[i] + static_cast<float>(scale) * b[i];
  return STRATA_OK;
}

strata_status_t threads(void *, strata_tensor_t *const *args, size_t numArgs,
                        strata_tensor_t **, size_t, size_t *numResults,
                        char *error, size_t capacity) {
  *numResults = 0;
  if (numArgs != 1 || host.tensor_dtype(args[0]) != STRATA_DTYPE_F32 ||
      numElements(args[0]) < 1) {
    std::snprintf(error, capacity, "threads takes (out: f32 tensor)");
    return STRATA_INVALID_ARGUMENT;
  }
  static_cast<float *>(host.tensor_data(args[0]))[0] =
      static_cast<float>(host.calling_session_threads());
  return STRATA_OK;
}

strata_status_t fail(void *, strata_tensor_t *const *, size_t,
                     strata_tensor_t **, size_t, size_t *numResults,
                     char *error, size_t capacity) {
  *numResults = 0;
  std::snprintf(error, capacity, "the test plugin failed on purpose");
  return STRATA_RUNTIME_ERROR;
}

} // namespace

extern "C" __attribute__((visibility("default"))) strata_status_t
strata_plugin_init(const strata_plugin_host_t *api, char *error,
                   size_t capacity) {
  if (std::getenv("STRATA_TEST_PLUGIN_INIT_FAILS")) {
    std::snprintf(error, capacity, "init failed on purpose");
    return STRATA_LOAD_ERROR;
  }
  host = *api;
  if (strata_status_t status =
          api->register_function(api->registry, "testplugin.add_scaled",
                                 addScaled, nullptr, error, capacity))
    return status;
  // A name outside the plugin's prefix is refused (reported, not fatal).
  char refused[256];
  if (api->register_function(api->registry, "other.name", fail, nullptr,
                             refused, sizeof(refused)) == STRATA_OK) {
    std::snprintf(error, capacity, "a foreign name was accepted");
    return STRATA_LOAD_ERROR;
  }
  if (strata_status_t status =
          api->register_function(api->registry, "testplugin.threads", threads,
                                 nullptr, error, capacity))
    return status;
  return api->register_function(api->registry, "testplugin.fail", fail, nullptr,
                                error, capacity);
}
