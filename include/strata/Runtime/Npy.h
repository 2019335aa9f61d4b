//===- Npy.h - Reading and writing numpy .npy files -------------*- C++ -*-===//
//
// numpy's .npy format, versions 1.0, 2.0 and 3.0, little-endian, C order:
// f32 f64 f16 bool i8 i16 i32 i64 u8. numpy has no bfloat16; a bf16 tensor
// is rejected unless the writer is asked to store its raw bits as '<u2'
// (the tensor dumper does that and records the real dtype in its index).
// Bad files give clear errors, never a crash.
//
//===----------------------------------------------------------------------===//

#ifndef STRATA_RUNTIME_NPY_H
#define STRATA_RUNTIME_NPY_H

#include "strata/Runtime/Tensor.h"

#include <cstdint>
#include <string>
#include <vector>

namespace strata::runtime {

/// Parses .npy bytes into a fresh tensor on the default CPU device.
/// `name` is used in messages.
StatusOr<Tensor> parseNpy(const uint8_t *data, size_t size,
                          const std::string &name = "<buffer>");
/// Reads a .npy file.
StatusOr<Tensor> readNpyFile(const std::string &path);
/// The .npy bytes of `tensor` (version 1.0, or 2.0 for huge headers).
StatusOr<std::vector<uint8_t>> encodeNpy(const Tensor &tensor,
                                         bool bf16AsU16 = false);
/// Writes `tensor` as a .npy file.
Status writeNpyFile(const std::string &path, const Tensor &tensor,
                    bool bf16AsU16 = false);
/// The numpy descr of `dtype` ("<f4", "|b1", ...), or "" when numpy has
/// none (bf16).
const char *getNpyDescr(DType dtype);

} // namespace strata::runtime

#endif // STRATA_RUNTIME_NPY_H
