//===- Compiler.cpp - C API of the Strata compiler ------------------------===//
//
// Implements include/strata-c/Compiler.h over strata::compileSource (and
// strata::convertToBytecode): options and results are heap objects behind
// opaque handles, failures set a thread-local message (every diagnostic of
// the compilation) and return a status. Nothing here throws or asserts on
// bad input.
//
//===----------------------------------------------------------------------===//

#include "strata-c/Compiler.h"

#include "strata/Compiler/Compiler.h"
#include "strata/Compiler/ResourceBlobs.h"
#include "strata/InitAll.h"
#include "strata/Target/KernelCache.h"

#include <new>
#include <string>
#include <vector>

using namespace strata;

/// The C API's defaults: those of CompileOptions, with the user's kernel
/// cache (KernelCache::getDefaultDirectory()).
static CompileOptions getDefaultOptions() {
  CompileOptions options;
  options.cacheDirectory = KernelCache::getDefaultDirectory();
  return options;
}

struct strata_compile_options {
  CompileOptions options = getDefaultOptions();
};

struct strata_compile_result {
  CompileOutput output;
  bool isText = false;
  /// strata_convert_to_bytecode's output (then `output` is empty).
  std::string bytecode;
  bool isBytecode = false;
  std::string diagnostics;
};

namespace {

thread_local std::string lastError;

strata_compile_status_t fail(strata_compile_status_t status,
                             std::string message) {
  lastError = std::move(message);
  return status;
}

strata_compile_status_t invalidNull(const char *function) {
  return fail(STRATA_COMPILE_INVALID_ARGUMENT,
              std::string(function) + ": null argument");
}

/// The string option value: NULL means the default, "".
std::string optionString(const char *value) { return value ? value : ""; }

/// Makes a new result, fills it with `produce` and hands it out through
/// `out` when that succeeded; otherwise deletes it and fails with its
/// diagnostics as the message.
strata_compile_status_t
produceResult(strata_compile_result_t **out,
              llvm::function_ref<llvm::LogicalResult(strata_compile_result_t &)>
                  produce) {
  auto *result = new (std::nothrow) strata_compile_result();
  if (!result)
    return fail(STRATA_COMPILE_ERROR, "out of memory");
  if (succeeded(produce(*result))) {
    *out = result;
    return STRATA_COMPILE_OK;
  }
  std::string message = std::move(result->diagnostics);
  delete result;
  // Diagnostics end with a newline; the message is one block of text.
  while (!message.empty() && message.back() == '\n')
    message.pop_back();
  return fail(STRATA_COMPILE_ERROR, std::move(message));
}

} // namespace

extern "C" {

const char *strata_compiler_last_error(void) { return lastError.c_str(); }

const char *strata_compiler_version(void) { return getVersionString(); }

strata_compile_status_t
strata_compile_level_from_name(const char *name,
                               strata_compile_level_t *out_level) {
  if (!name || !out_level)
    return invalidNull("strata_compile_level_from_name");
  std::optional<CompileLevel> level = parseCompileLevel(name);
  if (!level)
    return fail(STRATA_COMPILE_INVALID_ARGUMENT,
                "unknown compile level '" + std::string(name) +
                    "' (expected graph, kernel, device, llvm or module)");
  *out_level =
      static_cast<strata_compile_level_t>(static_cast<int>(*level) + 1);
  return STRATA_COMPILE_OK;
}

strata_compile_status_t
strata_compile_options_create(strata_compile_options_t **out_options) {
  if (!out_options)
    return invalidNull("strata_compile_options_create");
  *out_options = new (std::nothrow) strata_compile_options();
  if (!*out_options)
    return fail(STRATA_COMPILE_ERROR, "out of memory");
  return STRATA_COMPILE_OK;
}

void strata_compile_options_release(strata_compile_options_t *options) {
  delete options;
}

strata_compile_status_t
strata_compile_options_set_target(strata_compile_options_t *options,
                                  const char *target) {
  if (!options || !target)
    return invalidNull("strata_compile_options_set_target");
  options->options.target = target;
  return STRATA_COMPILE_OK;
}

strata_compile_status_t
strata_compile_options_set_cpu(strata_compile_options_t *options,
                               const char *cpu) {
  if (!options)
    return invalidNull("strata_compile_options_set_cpu");
  options->options.cpu = optionString(cpu);
  return STRATA_COMPILE_OK;
}

strata_compile_status_t
strata_compile_options_set_features(strata_compile_options_t *options,
                                    const char *features) {
  if (!options)
    return invalidNull("strata_compile_options_set_features");
  options->options.features = optionString(features);
  return STRATA_COMPILE_OK;
}

strata_compile_status_t
strata_compile_options_set_opt_level(strata_compile_options_t *options,
                                     unsigned opt_level) {
  if (!options)
    return invalidNull("strata_compile_options_set_opt_level");
  if (opt_level > 3)
    return fail(STRATA_COMPILE_INVALID_ARGUMENT,
                "opt level must be 0..3, got " + std::to_string(opt_level));
  options->options.optLevel = opt_level;
  return STRATA_COMPILE_OK;
}

strata_compile_status_t
strata_compile_options_set_vectorize(strata_compile_options_t *options,
                                     int vectorize) {
  if (!options)
    return invalidNull("strata_compile_options_set_vectorize");
  options->options.vectorize = vectorize != 0;
  return STRATA_COMPILE_OK;
}

strata_compile_status_t
strata_compile_options_set_precision(strata_compile_options_t *options,
                                     const char *precision) {
  if (!options)
    return invalidNull("strata_compile_options_set_precision");
  std::string value = optionString(precision);
  if (!strata::isKnownPrecision(value))
    return fail(STRATA_COMPILE_INVALID_ARGUMENT,
                "unknown precision '" + value + "' (expected f32 or bf16)");
  options->options.precision = value;
  return STRATA_COMPILE_OK;
}

strata_compile_status_t
strata_compile_options_set_layout(strata_compile_options_t *options,
                                  const char *layout) {
  if (!options)
    return invalidNull("strata_compile_options_set_layout");
  std::string value = optionString(layout);
  if (!strata::isKnownLayout(value))
    return fail(STRATA_COMPILE_INVALID_ARGUMENT,
                "unknown layout '" + value + "' (expected nhwc or nchw)");
  options->options.layout = value;
  return STRATA_COMPILE_OK;
}

strata_compile_status_t
strata_compile_options_set_tuning_db(strata_compile_options_t *options,
                                     const char *path) {
  if (!options)
    return invalidNull("strata_compile_options_set_tuning_db");
  options->options.tuningDatabase = optionString(path);
  return STRATA_COMPILE_OK;
}

strata_compile_status_t
strata_compile_options_set_external(strata_compile_options_t *options,
                                    const char *backends) {
  if (!options)
    return invalidNull("strata_compile_options_set_external");
  options->options.external.clear();
  llvm::SmallVector<llvm::StringRef> names;
  llvm::StringRef(optionString(backends)).split(names, ',', -1, false);
  for (llvm::StringRef name : names)
    options->options.external.push_back(name.trim().str());
  return STRATA_COMPILE_OK;
}

strata_compile_status_t
strata_compile_options_set_external_cost_rule(strata_compile_options_t *options,
                                              int cost_rule) {
  if (!options)
    return invalidNull("strata_compile_options_set_external_cost_rule");
  options->options.externalCostRule = cost_rule != 0;
  return STRATA_COMPILE_OK;
}

strata_compile_status_t
strata_compile_options_set_report_tuning(strata_compile_options_t *options,
                                         int report) {
  if (!options)
    return invalidNull("strata_compile_options_set_report_tuning");
  options->options.reportTuning = report != 0;
  return STRATA_COMPILE_OK;
}

strata_compile_status_t
strata_compile_options_set_winograd(strata_compile_options_t *options,
                                    int winograd) {
  if (!options)
    return invalidNull("strata_compile_options_set_winograd");
  options->options.winograd = winograd != 0;
  return STRATA_COMPILE_OK;
}

strata_compile_status_t
strata_compile_options_set_winograd_tile(strata_compile_options_t *options,
                                         int tile) {
  if (!options)
    return invalidNull("strata_compile_options_set_winograd_tile");
  if (!strata::isKnownWinogradTile(tile))
    return fail(STRATA_COMPILE_INVALID_ARGUMENT,
                "winograd tile must be 0 (chosen per convolution), 2 or 4, "
                "got " +
                    std::to_string(tile));
  options->options.winogradTile = tile;
  return STRATA_COMPILE_OK;
}

strata_compile_status_t
strata_compile_options_set_compile_to(strata_compile_options_t *options,
                                      strata_compile_level_t level) {
  if (!options)
    return invalidNull("strata_compile_options_set_compile_to");
  if (level < STRATA_COMPILE_TO_GRAPH || level > STRATA_COMPILE_TO_MODULE)
    return fail(STRATA_COMPILE_INVALID_ARGUMENT,
                "invalid compile level " +
                    std::to_string(static_cast<int>(level)));
  options->options.compileTo =
      static_cast<CompileLevel>(static_cast<int>(level) - 1);
  return STRATA_COMPILE_OK;
}

strata_compile_status_t
strata_compile_options_set_linker(strata_compile_options_t *options,
                                  const char *linker) {
  if (!options)
    return invalidNull("strata_compile_options_set_linker");
  options->options.linker = optionString(linker);
  return STRATA_COMPILE_OK;
}

strata_compile_status_t
strata_compile_options_set_from_device(strata_compile_options_t *options,
                                       int from_device) {
  if (!options)
    return invalidNull("strata_compile_options_set_from_device");
  options->options.fromDevice = from_device != 0;
  return STRATA_COMPILE_OK;
}

strata_compile_status_t
strata_compile_options_set_timing(strata_compile_options_t *options,
                                  int timing) {
  if (!options)
    return invalidNull("strata_compile_options_set_timing");
  options->options.timing = timing != 0;
  return STRATA_COMPILE_OK;
}

strata_compile_status_t
strata_compile_options_set_compile_threads(strata_compile_options_t *options,
                                           unsigned threads) {
  if (!options)
    return invalidNull("strata_compile_options_set_compile_threads");
  options->options.threads = threads;
  return STRATA_COMPILE_OK;
}

strata_compile_status_t
strata_compile_options_set_cache_dir(strata_compile_options_t *options,
                                     const char *directory) {
  if (!options)
    return invalidNull("strata_compile_options_set_cache_dir");
  options->options.cacheDirectory = optionString(directory);
  return STRATA_COMPILE_OK;
}

strata_compile_status_t strata_compile(const void *data, size_t size,
                                       const char *source_name,
                                       const strata_compile_options_t *options,
                                       strata_compile_result_t **out_result) {
  if (!out_result || (!data && size != 0))
    return invalidNull("strata_compile");
  *out_result = nullptr;
  CompileOptions defaults = options ? CompileOptions() : getDefaultOptions();
  const CompileOptions &compileOptions = options ? options->options : defaults;
  if (std::string error = verifyCompileOptions(compileOptions); !error.empty())
    return fail(STRATA_COMPILE_INVALID_ARGUMENT, error);

  llvm::StringRef source(static_cast<const char *>(data), size);
  return produceResult(out_result, [&](strata_compile_result_t &result) {
    result.isText = compileOptions.compileTo != CompileLevel::Module;
    return compileSource(source, source_name ? source_name : "<source>",
                         compileOptions, result.output, result.diagnostics);
  });
}

strata_compile_status_t strata_convert_to_bytecode(
    const void *data, size_t size, const char *source_name,
    const strata_resource_blob_t *blobs, size_t num_blobs,
    strata_compile_result_t **out_result) {
  if (!out_result || (!data && size != 0) || (!blobs && num_blobs != 0))
    return invalidNull("strata_convert_to_bytecode");
  *out_result = nullptr;
  std::vector<ResourceBlob> resourceBlobs;
  resourceBlobs.reserve(num_blobs);
  for (size_t i = 0; i < num_blobs; ++i) {
    const strata_resource_blob_t &blob = blobs[i];
    if (!blob.key || (!blob.data && blob.size != 0))
      return fail(STRATA_COMPILE_INVALID_ARGUMENT,
                  "strata_convert_to_bytecode: blob " + std::to_string(i) +
                      " has a null key or data");
    resourceBlobs.push_back(
        {blob.key,
         llvm::ArrayRef<char>(static_cast<const char *>(blob.data), blob.size),
         blob.alignment});
  }
  llvm::StringRef source(static_cast<const char *>(data), size);
  return produceResult(out_result, [&](strata_compile_result_t &result) {
    result.isBytecode = true;
    return convertToBytecode(source, source_name ? source_name : "<source>",
                             resourceBlobs, result.bytecode,
                             result.diagnostics);
  });
}

strata_compile_status_t
strata_compile_result_data(const strata_compile_result_t *result,
                           const void **out_data, size_t *out_size) {
  if (!result || !out_data || !out_size)
    return invalidNull("strata_compile_result_data");
  if (result->isBytecode) {
    *out_data = result->bytecode.data();
    *out_size = result->bytecode.size();
  } else if (result->isText) {
    *out_data = result->output.text.data();
    *out_size = result->output.text.size();
  } else {
    *out_data = result->output.bytes.data();
    *out_size = result->output.bytes.size();
  }
  return STRATA_COMPILE_OK;
}

int strata_compile_result_is_text(const strata_compile_result_t *result) {
  return result && result->isText ? 1 : 0;
}

const char *
strata_compile_result_diagnostics(const strata_compile_result_t *result) {
  return result ? result->diagnostics.c_str() : "";
}

const char *
strata_compile_result_timing_report(const strata_compile_result_t *result) {
  return result ? result->output.timingReport.c_str() : "";
}

strata_compile_status_t
strata_compile_result_cache_stats(const strata_compile_result_t *result,
                                  unsigned *out_hits, unsigned *out_misses,
                                  unsigned *out_rejected) {
  if (!result || !out_hits || !out_misses || !out_rejected)
    return invalidNull("strata_compile_result_cache_stats");
  *out_hits = result->output.cacheStats.hits;
  *out_misses = result->output.cacheStats.misses;
  *out_rejected = result->output.cacheStats.rejected;
  return STRATA_COMPILE_OK;
}

void strata_compile_result_release(strata_compile_result_t *result) {
  delete result;
}

} // extern "C"
