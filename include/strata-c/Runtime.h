/*===- strata-c/Runtime.h - C API of the Strata runtime -----------*- C -*-===*\
|*                                                                            *|
|* A plain C interface to the runtime, for bindings (the Python package) and  *|
|* C programs. Every object is an opaque handle created and released through  *|
|* this API; no C++ type or exception crosses it. Every function that can     *|
|* fail returns a strata_status_t; on failure, strata_last_error() returns    *|
|* the message (thread-local, valid until the next failing call on the same   *|
|* thread).                                                                   *|
|*                                                                            *|
|* I64 values (shape scalars) cross the API as rank-0 i64 tensors: pass one   *|
|* for an i64 argument; an i64 result comes back as one.                      *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef STRATA_C_RUNTIME_H
#define STRATA_C_RUNTIME_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/*===----------------------------------------------------------------------===*/
/* Status, errors, version                                                    */
/*===----------------------------------------------------------------------===*/

typedef enum strata_status_t {
  STRATA_OK = 0,
  /* A null handle or pointer, an out-of-range index, a bad enum value. */
  STRATA_INVALID_ARGUMENT = 1,
  /* A file that cannot be read, a module that fails verification. */
  STRATA_LOAD_ERROR = 2,
  /* An error while running bytecode (shape mismatch, bounds, ...). */
  STRATA_RUNTIME_ERROR = 3,
  /* No function / native function of that name. */
  STRATA_NOT_FOUND = 4,
  /* A result buffer too small; the needed count is still reported. */
  STRATA_BUFFER_TOO_SMALL = 5,
  /* Not statuses: the enum spans int32_t (see strata_dtype_t). */
  STRATA_STATUS_RANGE_MIN_ = INT32_MIN,
  STRATA_STATUS_RANGE_MAX_ = INT32_MAX,
} strata_status_t;

/** The message of the last failing call on this thread ("" if none). */
const char *strata_last_error(void);
/** Short name of a status code ("ok", "invalid argument", ...). */
const char *strata_status_name(strata_status_t status);
/** "0.1.0". */
const char *strata_version(void);

/*===----------------------------------------------------------------------===*/
/* Element types and type descriptions                                        */
/*===----------------------------------------------------------------------===*/

/* Values of bytecode::DType. */
typedef enum strata_dtype_t {
  STRATA_DTYPE_INVALID = 0,
  STRATA_DTYPE_F32 = 1,
  STRATA_DTYPE_F64 = 2,
  STRATA_DTYPE_F16 = 3,
  STRATA_DTYPE_BF16 = 4,
  STRATA_DTYPE_BOOL = 5, /* i1, one byte per element */
  STRATA_DTYPE_I8 = 6,
  STRATA_DTYPE_I16 = 7,
  STRATA_DTYPE_I32 = 8,
  STRATA_DTYPE_I64 = 9,
  STRATA_DTYPE_U8 = 10,
  STRATA_DTYPE_U16 = 11,
  STRATA_DTYPE_U32 = 12,
  STRATA_DTYPE_U64 = 13,
  /* Not dtypes: they make the enum span int32_t, so that any value a C
     caller passes is representable (and rejected cleanly). */
  STRATA_DTYPE_RANGE_MIN_ = INT32_MIN,
  STRATA_DTYPE_RANGE_MAX_ = INT32_MAX,
} strata_dtype_t;

/** Bytes per element (0 for an invalid dtype). */
size_t strata_dtype_size(strata_dtype_t dtype);
/** "f32", "i64", ... ("invalid" for an unknown value). */
const char *strata_dtype_name(strata_dtype_t dtype);

#define STRATA_MAX_RANK 8
#define STRATA_DYNAMIC_DIM (-1)

typedef enum strata_type_kind_t {
  STRATA_TYPE_I64 = 1,
  STRATA_TYPE_TENSOR = 2,
  STRATA_TYPE_STORAGE = 3,
  STRATA_TYPE_RANGE_MIN_ = INT32_MIN,
  STRATA_TYPE_RANGE_MAX_ = INT32_MAX,
} strata_type_kind_t;

/** A signature slot: an i64, or a tensor with dims (STRATA_DYNAMIC_DIM for
 *  `?`). */
typedef struct strata_type_info_t {
  strata_type_kind_t kind;
  strata_dtype_t dtype; /* tensors */
  int32_t rank;         /* tensors */
  int64_t dims[STRATA_MAX_RANK];
} strata_type_info_t;

/*===----------------------------------------------------------------------===*/
/* Handles                                                                    */
/*===----------------------------------------------------------------------===*/

typedef struct strata_module strata_module_t;
typedef struct strata_options strata_options_t;
typedef struct strata_session strata_session_t;
typedef struct strata_tensor strata_tensor_t;

/*===----------------------------------------------------------------------===*/
/* Modules                                                                    */
/*===----------------------------------------------------------------------===*/

/** Reads a .smod file into memory and verifies it; the module does not
 *  depend on the file afterwards. Also fails (STRATA_LOAD_ERROR) when the
 *  module's kernels need CPU features this host lacks. */
strata_status_t strata_module_load_file(const char *path,
                                        strata_module_t **out_module);
/** Copies and verifies `size` bytes of a module (and checks the CPU
 *  features, as strata_module_load_file). */
strata_status_t strata_module_load_memory(const void *data, size_t size,
                                          strata_module_t **out_module);
/** Flags of strata_module_load_memory_ex. */
typedef enum {
  /** Load a module whose kernels need CPU features this host lacks (to
   *  inspect or save it; strata_session_create still refuses it). */
  STRATA_LOAD_SKIP_CPU_CHECK = 1,
} strata_load_flags_t;
/** strata_module_load_memory with `flags` (strata_load_flags_t bits). */
strata_status_t strata_module_load_memory_ex(const void *data, size_t size,
                                             uint32_t flags,
                                             strata_module_t **out_module);
/** The module's bytes (the whole .smod file), valid while the module
 *  lives. */
strata_status_t strata_module_data(const strata_module_t *module,
                                   const void **out_data, size_t *out_size);
/** Writes the module's bytes to `path` atomically: a new file renamed over
 *  `path`, so that a process that loaded the old file, or another link to
 *  it, is unaffected and a failed write leaves `path` unchanged. */
strata_status_t strata_module_save(const strata_module_t *module,
                                   const char *path);
/** Releases the handle; sessions made from it keep the module alive. */
void strata_module_release(strata_module_t *module);

strata_status_t strata_module_num_functions(const strata_module_t *module,
                                            size_t *out_count);
/** The name of function `index` (valid while the module lives). */
strata_status_t strata_module_function_name(const strata_module_t *module,
                                            size_t index,
                                            const char **out_name);
/** The index of function `name`, or STRATA_NOT_FOUND. */
strata_status_t strata_module_find_function(const strata_module_t *module,
                                            const char *name,
                                            size_t *out_index);
strata_status_t strata_module_function_num_args(const strata_module_t *module,
                                                size_t function,
                                                size_t *out_count);
strata_status_t
strata_module_function_num_results(const strata_module_t *module,
                                   size_t function, size_t *out_count);
strata_status_t strata_module_function_arg_type(const strata_module_t *module,
                                                size_t function, size_t arg,
                                                strata_type_info_t *out_type);
strata_status_t
strata_module_function_result_type(const strata_module_t *module,
                                   size_t function, size_t result,
                                   strata_type_info_t *out_type);
/** The value of metadata `key`, or NULL. */
const char *strata_module_metadata(const strata_module_t *module,
                                   const char *key);

/*===----------------------------------------------------------------------===*/
/* Session options and sessions                                               */
/*===----------------------------------------------------------------------===*/

strata_status_t strata_options_create(strata_options_t **out_options);
void strata_options_release(strata_options_t *options);
/** Threads running kernel tiles; 0 = hardware concurrency (default), at
 *  most 4096. strata_session_create fails if they cannot be started. */
strata_status_t strata_options_set_num_threads(strata_options_t *options,
                                               uint32_t num_threads);
/** Collects per-kernel statistics (strata_session_profile_report). */
strata_status_t strata_options_set_profiling(strata_options_t *options,
                                             int enabled);
/** Writes a Chrome trace to `path` on flush / release (NULL: none);
 *  strata_session_create fails if it could not be written. */
strata_status_t strata_options_set_trace_path(strata_options_t *options,
                                              const char *path);
/** Dumps each launch's outputs as .npy into `directory` (NULL: none). */
strata_status_t strata_options_set_dump_directory(strata_options_t *options,
                                                  const char *directory);
/** Where the session runs: "cpu" (default), "cuda" (GPU 0) or "cuda:N".
 *  Fails when the device cannot be opened (no CUDA driver, no GPU, N out
 *  of range). A session on a GPU copies arguments in and results out. */
strata_status_t strata_options_set_device(strata_options_t *options,
                                          const char *device);
/** The bytecode call depth limit (default 1024). */
strata_status_t strata_options_set_max_call_depth(strata_options_t *options,
                                                  uint32_t depth);

/** A session running `module`'s functions; `options` may be NULL. */
strata_status_t strata_session_create(strata_module_t *module,
                                      const strata_options_t *options,
                                      strata_session_t **out_session);
/** Flushes (trace, dump index) and releases the session. */
void strata_session_release(strata_session_t *session);
/** Runs function `name`. `results` receives up to `result_capacity` new
 *  tensor handles (the caller releases them); `*out_num_results` is always
 *  set to the function's result count (STRATA_BUFFER_TOO_SMALL when it
 *  exceeds the capacity; nothing is run then). */
strata_status_t
strata_session_invoke(strata_session_t *session, const char *name,
                      strata_tensor_t *const *args, size_t num_args,
                      strata_tensor_t **results, size_t result_capacity,
                      size_t *out_num_results);
/** Writes the trace file and the dump index now. */
strata_status_t strata_session_flush(strata_session_t *session);
/** The profile table (empty without profiling); valid until the next call
 *  of this function on the session. */
strata_status_t strata_session_profile_report(strata_session_t *session,
                                              const char **out_report);
strata_status_t strata_session_num_threads(const strata_session_t *session,
                                           uint32_t *out_num_threads);

/*===----------------------------------------------------------------------===*/
/* Tensors                                                                    */
/*===----------------------------------------------------------------------===*/

/** A new tensor holding a copy of `data` (`byte_size` must be the exact
 *  size of the shape; `data` may be NULL when it is 0). */
strata_status_t strata_tensor_create_copy(strata_dtype_t dtype, size_t rank,
                                          const int64_t *dims, const void *data,
                                          size_t byte_size,
                                          strata_tensor_t **out_tensor);
/** A tensor viewing `data` without copying: the caller keeps it alive (and
 *  64-byte aligned if kernels should use aligned loads) until every handle
 *  and result that may alias it is released. */
strata_status_t strata_tensor_create_borrowed(strata_dtype_t dtype, size_t rank,
                                              const int64_t *dims, void *data,
                                              size_t byte_size,
                                              strata_tensor_t **out_tensor);
/** A new tensor of the given shape, zero-filled. */
strata_status_t strata_tensor_create_zeros(strata_dtype_t dtype, size_t rank,
                                           const int64_t *dims,
                                           strata_tensor_t **out_tensor);
/** A rank-0 i64 tensor: how an I64 argument is passed. */
strata_status_t strata_tensor_create_i64_scalar(int64_t value,
                                                strata_tensor_t **out_tensor);
/** Another handle to the same data. */
strata_status_t strata_tensor_retain(const strata_tensor_t *tensor,
                                     strata_tensor_t **out_tensor);
void strata_tensor_release(strata_tensor_t *tensor);

strata_dtype_t strata_tensor_dtype(const strata_tensor_t *tensor);
size_t strata_tensor_rank(const strata_tensor_t *tensor);
/** The `rank` dims (NULL for a null handle; valid while the handle lives). */
const int64_t *strata_tensor_dims(const strata_tensor_t *tensor);
size_t strata_tensor_num_elements(const strata_tensor_t *tensor);
size_t strata_tensor_byte_size(const strata_tensor_t *tensor);
/** The first byte of the data. Writing through it is allowed unless
 *  strata_tensor_is_read_only (module constants returned as results). */
void *strata_tensor_data(const strata_tensor_t *tensor);
int strata_tensor_is_read_only(const strata_tensor_t *tensor);
/** The tensor printed numpy-like, into `buffer` (NUL-terminated, truncated
 *  to `capacity`); `*out_length` gets the full length. */
strata_status_t strata_tensor_format(const strata_tensor_t *tensor,
                                     char *buffer, size_t capacity,
                                     size_t *out_length);
/** Reads / writes .npy files. */
strata_status_t strata_tensor_load_npy(const char *path,
                                       strata_tensor_t **out_tensor);
strata_status_t strata_tensor_save_npy(const strata_tensor_t *tensor,
                                       const char *path);

/*===----------------------------------------------------------------------===*/
/* Registry of native functions                                               */
/*===----------------------------------------------------------------------===*/

/** Whether a native function `name` is registered. */
int strata_registry_contains(const char *name);
/** The number of registered functions, and the name of the i-th (sorted;
 *  the string is valid until the next call of this function). */
size_t strata_registry_num_functions(void);
const char *strata_registry_function_name(size_t index);
/** Calls native function `name` with tensor arguments (rank-0 i64 tensors
 *  stand for i64 values), like strata_session_invoke. */
strata_status_t strata_registry_call(const char *name,
                                     strata_tensor_t *const *args,
                                     size_t num_args, strata_tensor_t **results,
                                     size_t result_capacity,
                                     size_t *out_num_results);

/** A native function implemented in C: returns STRATA_OK and sets
 *  `*out_num_results` (<= result_capacity) and the result handles it
 *  creates (ownership passes to the runtime), or returns an error code
 *  after writing a message into `error` (capacity `error_capacity`). */
typedef strata_status_t (*strata_native_fn_t)(
    void *user_data, strata_tensor_t *const *args, size_t num_args,
    strata_tensor_t **results, size_t result_capacity, size_t *out_num_results,
    char *error, size_t error_capacity);
/** Registers `fn` as `name` (fails if taken unless `replace`). Results
 *  may be at most 16. */
strata_status_t strata_registry_register(const char *name,
                                         strata_native_fn_t fn, void *user_data,
                                         int replace);
/** Removes `name`; STRATA_NOT_FOUND when absent. */
strata_status_t strata_registry_remove(const char *name);

#ifdef __cplusplus
}
#endif

#endif /* STRATA_C_RUNTIME_H */
