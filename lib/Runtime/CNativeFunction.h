//===- CNativeFunction.h - Native functions written in C --------*- C++ -*-===//
//
// The runtime's side of strata_native_fn_t: a C function (registered
// through the C API or by a plugin) as a NativeFunction. Internal to the
// runtime library.
//
//===----------------------------------------------------------------------===//

#ifndef STRATA_LIB_RUNTIME_CNATIVEFUNCTION_H
#define STRATA_LIB_RUNTIME_CNATIVEFUNCTION_H

#include "strata-c/Runtime.h"
#include "strata/Runtime/Registry.h"

namespace strata::runtime {

/// Calls `fn` with `user_data` and the arguments as tensor handles (I64
/// values as rank-0 i64 tensors); its results come back as Values, its
/// error message as the Status.
NativeFunction wrapCNativeFunction(strata_native_fn_t fn, void *user_data);

} // namespace strata::runtime

#endif // STRATA_LIB_RUNTIME_CNATIVEFUNCTION_H
