/*===- strata-c/Plugin.h - Runtime plugins of native functions ----*- C -*-===*\
|*                                                                            *|
|* A runtime plugin is a shared library that registers native functions: the *|
|* run-time side of an external backend (issue 23; docs/BYOC.md), so that    *|
|* the runtime core keeps no dependency on any vendor library. Plugin "P" is *|
|* the file libstrata-plugin-P.so and provides the native functions named    *|
|* "P.<name>"; a module calling them lists P in its "plugins" metadata and   *|
|* the runtime loads it when a session of that module is created.            *|
|*                                                                            *|
|* The plugin exports one C function, strata_plugin_init, and links neither  *|
|* the runtime nor MLIR: everything it needs of the runtime comes through    *|
|* the table of function pointers it is given, so one plugin binary works    *|
|* with the runtime statically linked into strata-run, into the Python       *|
|* extension or into a user's program.                                        *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef STRATA_C_PLUGIN_H
#define STRATA_C_PLUGIN_H

#include "strata-c/Runtime.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Bumped when the table below changes incompatibly. */
#define STRATA_PLUGIN_API_VERSION 2

/** What the runtime offers a plugin. */
typedef struct strata_plugin_host_t {
  /** STRATA_PLUGIN_API_VERSION of the runtime. */
  uint32_t api_version;
  /** Opaque: the registry the plugin's functions go into. */
  void *registry;
  /** Registers `fn` as `name` in `registry` (names must start with the
   *  plugin's name and a dot). On failure, writes why into `error`. */
  strata_status_t (*register_function)(void *registry, const char *name,
                                       strata_native_fn_t fn, void *user_data,
                                       char *error, size_t error_capacity);
  /** Accessors of the tensors a native function receives (rank-0 i64
   *  tensors stand for i64 values). */
  strata_dtype_t (*tensor_dtype)(const strata_tensor_t *tensor);
  size_t (*tensor_rank)(const strata_tensor_t *tensor);
  const int64_t *(*tensor_dims)(const strata_tensor_t *tensor);
  void *(*tensor_data)(const strata_tensor_t *tensor);
  /** During a call of a native function by a session's bytecode: how many
   *  threads that session runs kernels on, which a library with threads of
   *  its own should use too; 0 outside such a call. */
  unsigned (*calling_session_threads)(void);
} strata_plugin_host_t;

/** The function a plugin exports: registers its native functions through
 *  `host`; returns STRATA_OK, or an error code after writing a message
 *  into `error` (capacity `error_capacity`). */
typedef strata_status_t (*strata_plugin_init_fn_t)(
    const strata_plugin_host_t *host, char *error, size_t error_capacity);
#define STRATA_PLUGIN_INIT_SYMBOL "strata_plugin_init"

#ifdef __cplusplus
}
#endif

#endif /* STRATA_C_PLUGIN_H */
