/*===- strata-c/Compiler.h - C API of the Strata compiler ---------*- C -*-===*\
|*                                                                            *|
|* A plain C interface to the compiler (graph-level MLIR to a .smod module or *|
|* to the IR of a level), for bindings (the Python package) and C programs.   *|
|* It is the MLIR-linking half of the C API; the runtime half               *|
|* (strata-c/Runtime.h) stays free of MLIR and LLVM. Objects are opaque       *|
|* handles created and released through this API; no C++ type or exception  *|
|* crosses it. Functions that can fail return a strata_compile_status_t; on   *|
|* failure strata_compiler_last_error() returns the message: for a failed     *|
|* compilation, every diagnostic of the compiler, one per line,               *|
|* "source:line:col: error: message" followed by the source line.             *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef STRATA_C_COMPILER_H
#define STRATA_C_COMPILER_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum strata_compile_status_t {
  STRATA_COMPILE_OK = 0,
  /* A null handle or pointer, a bad option value (unknown level or target,
     an opt level above 3). */
  STRATA_COMPILE_INVALID_ARGUMENT = 1,
  /* The source does not parse, verify or lower; the message has the
     diagnostics. */
  STRATA_COMPILE_ERROR = 2,
  /* Not statuses: the enum spans int32_t. */
  STRATA_COMPILE_STATUS_RANGE_MIN_ = INT32_MIN,
  STRATA_COMPILE_STATUS_RANGE_MAX_ = INT32_MAX,
} strata_compile_status_t;

/* Where a compilation stops. Below STRATA_COMPILE_TO_MODULE the result is the
   IR of that level as text; at it, the bytes of a .smod module. */
typedef enum strata_compile_level_t {
  STRATA_COMPILE_TO_GRAPH = 1,  /* graph dialect, optimized */
  STRATA_COMPILE_TO_KERNEL = 2, /* kernels with schedules, host on tensors */
  STRATA_COMPILE_TO_DEVICE = 3, /* host on the device dialect */
  STRATA_COMPILE_TO_LLVM = 4,   /* the kernels in the LLVM dialect */
  STRATA_COMPILE_TO_MODULE = 5, /* a .smod module (default) */
  STRATA_COMPILE_LEVEL_RANGE_MIN_ = INT32_MIN,
  STRATA_COMPILE_LEVEL_RANGE_MAX_ = INT32_MAX,
} strata_compile_level_t;

typedef struct strata_compile_options strata_compile_options_t;
typedef struct strata_compile_result strata_compile_result_t;

/** The message of the last failing call on this thread ("" if none). */
const char *strata_compiler_last_error(void);
/** "Strata 0.1.0 (MLIR 22.x)". */
const char *strata_compiler_version(void);
/** The level named "graph", "kernel", "device", "llvm" or "module". */
strata_compile_status_t
strata_compile_level_from_name(const char *name,
                               strata_compile_level_t *out_level);

/*===----------------------------------------------------------------------===*/
/* Options (defaults: target cpu, the host's CPU and features, opt level 3,  */
/* vectorized, compile to a module, one thread per core, the user's kernel   */
/* cache: $STRATA_CACHE_DIR, else $XDG_CACHE_HOME/strata/kernels, else       */
/* ~/.cache/strata/kernels; STRATA_CACHE_DIR=off turns it off)              */
/*===----------------------------------------------------------------------===*/

strata_compile_status_t
strata_compile_options_create(strata_compile_options_t **out_options);
void strata_compile_options_release(strata_compile_options_t *options);
/** "cpu" (the only target so far; others fail at compile time). */
strata_compile_status_t
strata_compile_options_set_target(strata_compile_options_t *options,
                                  const char *target);
/** LLVM CPU name of the kernels ("" or NULL: the host's). */
strata_compile_status_t
strata_compile_options_set_cpu(strata_compile_options_t *options,
                               const char *cpu);
/** LLVM target features ("+avx2,-fma"; "" or NULL: the CPU's). */
strata_compile_status_t
strata_compile_options_set_features(strata_compile_options_t *options,
                                    const char *features);
/** LLVM optimization level of the kernels, 0..3. */
strata_compile_status_t
strata_compile_options_set_opt_level(strata_compile_options_t *options,
                                     unsigned opt_level);
/** Vectorize the kernels (0: scalar loops, for testing). */
strata_compile_status_t
strata_compile_options_set_vectorize(strata_compile_options_t *options,
                                     int vectorize);
/** Data layout of the image ops' kernels: "nhwc" (the default; NCHW models
 * are converted) or "nchw". */
strata_compile_status_t
strata_compile_options_set_layout(strata_compile_options_t *options,
                                  const char *layout);
/** Precision of the f32 matrix products and convolutions with constant
 * weights: "f32" (the default) or "bf16" (inputs rounded to bf16, sums in
 * f32; AVX512-BF16's dot products where the CPU has them). */
strata_compile_status_t
strata_compile_options_set_precision(strata_compile_options_t *options,
                                     const char *precision);
/** A tuning database (docs/Tuning.md): each kernel it has measured on the
 * target gets its fastest schedule. "" or NULL: none (the default). A file
 * that cannot be read or holds a malformed record fails the compilation
 * with a message naming its file and line. */
strata_compile_status_t
strata_compile_options_set_tuning_db(strata_compile_options_t *options,
                                     const char *path);
/** External backends (docs/BYOC.md) that run the parts of the model they
 * support, comma-separated in order of preference ("dnnl"), as
 * strata-compile --external. "" or NULL: none (the default). An unknown
 * name fails the compilation with a message listing the known ones. */
strata_compile_status_t
strata_compile_options_set_external(strata_compile_options_t *options,
                                    const char *backends);
/** Nonzero (the default): offload only the regions each external backend's
 * cost rule finds faster there; 0: every region with a convolution,
 * product or pooling (strata-compile --external-cost-rule). */
strata_compile_status_t
strata_compile_options_set_external_cost_rule(strata_compile_options_t *options,
                                              int cost_rule);
/** Remark, for each kernel, where its schedule came from (the tuning
 * database or the heuristics) with its fingerprint and target, as
 * strata-compile --report-tuning; the remarks are in
 * strata_compile_result_diagnostics. */
strata_compile_status_t
strata_compile_options_set_report_tuning(strata_compile_options_t *options,
                                         int report);
/** Compute 3x3 stride-1 convolutions with constant filters with Winograd's
 * F(m x m, 3x3) (the default; NHWC only). 0: im2col products, whose sums
 * round like the direct convolution's. */
strata_compile_status_t
strata_compile_options_set_winograd(strata_compile_options_t *options,
                                    int winograd);
/** Winograd's output tile m: 2 (F(2x2, 3x3)), 4 (F(4x4, 3x3)), or 0 (the
 * default) to choose per convolution; anything else is
 * STRATA_COMPILE_INVALID_ARGUMENT. */
strata_compile_status_t
strata_compile_options_set_winograd_tile(strata_compile_options_t *options,
                                         int tile);
strata_compile_status_t
strata_compile_options_set_compile_to(strata_compile_options_t *options,
                                      strata_compile_level_t level);
/** The ld.lld that links the kernels ("" or NULL: found in PATH). */
strata_compile_status_t
strata_compile_options_set_linker(strata_compile_options_t *options,
                                  const char *linker);
/** The input is device-level IR: only serialize or print it. */
strata_compile_status_t
strata_compile_options_set_from_device(strata_compile_options_t *options,
                                       int from_device);
/** Time every phase and pass of the compilation; the result's
 *  strata_compile_result_timing_report holds the report. */
strata_compile_status_t
strata_compile_options_set_timing(strata_compile_options_t *options,
                                  int timing);

/** Threads of the compilation: 0 (the default), one per core; 1, none. The
 *  module is the same whatever the count. */
strata_compile_status_t
strata_compile_options_set_compile_threads(strata_compile_options_t *options,
                                           unsigned threads);
/** The directory of the kernel cache: a module compiled again compiles only
 *  the kernels the cache lacks, and the module is the same with or without
 *  it ("" or NULL: no cache). Damaged or foreign entries are ignored. */
strata_compile_status_t
strata_compile_options_set_cache_dir(strata_compile_options_t *options,
                                     const char *directory);

/*===----------------------------------------------------------------------===*/
/* Compiling                                                                  */
/*===----------------------------------------------------------------------===*/

/** Compiles `size` bytes of MLIR (text or bytecode; `data` need not be
 *  NUL-terminated) named `source_name` in diagnostics (NULL: "<source>").
 *  `options` may be NULL (the defaults). On success `*out_result` is a new
 *  result; on failure it is set to NULL and strata_compiler_last_error()
 *  holds every diagnostic. Safe to call from several threads at once. */
strata_compile_status_t strata_compile(const void *data, size_t size,
                                       const char *source_name,
                                       const strata_compile_options_t *options,
                                       strata_compile_result_t **out_result);

/** The bytes of one dense_resource<key> attribute that MLIR text names
 *  without data: an importer's weights, handed over as bytes instead of
 *  printed as hex (twice their size, and slow to parse). */
typedef struct strata_resource_blob_t {
  const char *key;
  const void *data; /* borrowed for the call */
  size_t size;
  size_t alignment; /* a power of two: the element size */
} strata_resource_blob_t;

/** Parses `size` bytes of MLIR text (as strata_compile does), gives its
 *  dense_resource attributes the data of the `num_blobs` `blobs` (each must
 *  be named by the text and have no data there; every dense_resource needs
 *  data from one or the other), and returns the module as MLIR bytecode:
 *  the result's data (strata_compile_result_is_text: 0), which
 *  strata_compile and strata-compile read directly. */
strata_compile_status_t strata_convert_to_bytecode(
    const void *data, size_t size, const char *source_name,
    const strata_resource_blob_t *blobs, size_t num_blobs,
    strata_compile_result_t **out_result);

/** The output: a module's bytes, the IR text (not NUL-terminated; use the
 *  size), or MLIR bytecode. Valid while the result lives. */
strata_compile_status_t
strata_compile_result_data(const strata_compile_result_t *result,
                           const void **out_data, size_t *out_size);
/** 1 when the output is IR text, 0 when it is a module. */
int strata_compile_result_is_text(const strata_compile_result_t *result);
/** Warnings and remarks of a successful compilation ("" if none); valid
 *  while the result lives. */
const char *
strata_compile_result_diagnostics(const strata_compile_result_t *result);
/** With strata_compile_options_set_timing: the timing report (wall and
 *  user time of each phase and pass, nested, as text); "" otherwise. Valid
 *  while the result lives. */
const char *
strata_compile_result_timing_report(const strata_compile_result_t *result);
/** How many distinct kernels came from the kernel cache, were compiled, and
 *  how many cache entries were found damaged or foreign and ignored. */
strata_compile_status_t
strata_compile_result_cache_stats(const strata_compile_result_t *result,
                                  unsigned *out_hits, unsigned *out_misses,
                                  unsigned *out_rejected);
void strata_compile_result_release(strata_compile_result_t *result);

#ifdef __cplusplus
}
#endif

#endif /* STRATA_C_COMPILER_H */
