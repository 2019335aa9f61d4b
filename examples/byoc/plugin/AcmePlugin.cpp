//===- AcmePlugin.cpp - acme's runtime plugin -----------------------------===//
//
// libstrata-plugin-acme.so: the native functions acme's code generation
// calls (AcmeCalls.h). A vendor's plugin would call its library here; this
// one computes the product itself. It sees Strata only through the table
// of strata-c/Plugin.h, so it links neither Strata nor MLIR.
//
//===----------------------------------------------------------------------===//

#include "Acme/AcmeCalls.h"
#include "strata-c/Plugin.h"

#include <cstdio>
#include <cstring>

namespace {

strata_plugin_host_t host;

/// acme.matmul(a, b, out, relu), destination-passing: writes `out`.
strata_status_t matmul(void *, strata_tensor_t *const *args, size_t numArgs,
                       strata_tensor_t **, size_t, size_t *numResults,
                       char *error, size_t capacity) {
  *numResults = 0;
  if (numArgs != 4) {
    std::snprintf(error, capacity, "acme.matmul takes (a, b, out, relu)");
    return STRATA_INVALID_ARGUMENT;
  }
  for (int i = 0; i < 3; ++i)
    if (host.tensor_dtype(args[i]) != STRATA_DTYPE_F32 ||
        host.tensor_rank(args[i]) != 2) {
      std::snprintf(error, capacity,
                    "acme.matmul: tensor %d is not a f32 "
                    "matrix",
                    i);
      return STRATA_INVALID_ARGUMENT;
    }
  const int64_t *a = host.tensor_dims(args[0]);
  const int64_t *b = host.tensor_dims(args[1]);
  const int64_t *out = host.tensor_dims(args[2]);
  if (a[1] != b[0] || out[0] != a[0] || out[1] != b[1]) {
    std::snprintf(error, capacity,
                  "acme.matmul: %lldx%lld times %lldx%lld is not %lldx%lld",
                  (long long)a[0], (long long)a[1], (long long)b[0],
                  (long long)b[1], (long long)out[0], (long long)out[1]);
    return STRATA_INVALID_ARGUMENT;
  }
  int64_t relu;
  std::memcpy(&relu, host.tensor_data(args[3]), sizeof(relu));
  int64_t m = a[0], k = a[1], n = b[1];
  auto *lhs = static_cast<const float *>(host.tensor_data(args[0]));
  auto *rhs = static_cast<const float *>(host.tensor_data(args[1]));
  auto *result = static_cast<float *>(host.tensor_data(args[2]));
  for (int64_t i = 0; i < m; ++i) {
    float *row = result + i * n;
    for (int64_t j = 0; j < n; ++j)
      row[j] = 0.f;
    for (int64_t p = 0; p < k; ++p) {
      float scale = lhs[i * k + p];
      for (int64_t j = 0; j < n; ++j)
        row[j] += scale * rhs[p * n + j];
    }
    if (relu)
      for (int64_t j = 0; j < n; ++j)
        row[j] = row[j] > 0.f ? row[j] : 0.f;
  }
  return STRATA_OK;
}

} // namespace

extern "C" __attribute__((visibility("default"))) strata_status_t
strata_plugin_init(const strata_plugin_host_t *api, char *error,
                   size_t capacity) {
  if (api->api_version != STRATA_PLUGIN_API_VERSION) {
    std::snprintf(error, capacity,
                  "built for plugin API %d, the runtime "
                  "has %u",
                  STRATA_PLUGIN_API_VERSION, api->api_version);
    return STRATA_LOAD_ERROR;
  }
  host = *api;
  return api->register_function(api->registry, acme::kMatmul, matmul, nullptr,
                                error, capacity);
}
