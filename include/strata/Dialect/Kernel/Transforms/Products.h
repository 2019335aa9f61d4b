//===- Products.h - What kernel passes recognize in products ----*- C++ -*-===//
//
// The facts about matrix products that several kernel passes and the CPU
// code generator read the same way: whether a linalg body is the plain
// float multiply-add, and which element types a dot-product instruction
// sums in groups (kernel-pack-weights lays such products out, the
// convolution rewrite rounds their K, the CPU schedules keep a group whole
// and strata-cpu-vectorize reads its rows).
//
//===----------------------------------------------------------------------===//

#ifndef STRATA_DIALECT_KERNEL_TRANSFORMS_PRODUCTS_H
#define STRATA_DIALECT_KERNEL_TRANSFORMS_PRODUCTS_H

#include <cstdint>

namespace mlir {
class Block;
class Type;
} // namespace mlir

namespace strata::kernel {

/// Whether `body` (a linalg op's, with arguments a, b and acc) is
/// `acc + a * b` in floats: an arith.mulf of a and b, then an arith.addf of
/// acc and that product, in either operand order, yielded.
bool isFloatMultiplyAddBody(mlir::Block &body);

/// The elements of K that one 32-bit lane of a dot-product instruction sums
/// for a product of `a` and `b` elements into `acc`: 4 for 8-bit integers
/// into i32 (AVX512-VNNI's vpdpbusd), 2 for bf16 into f32 (AVX512-BF16's
/// vdpbf16ps); 0 for other types.
int64_t getDotProductGroup(mlir::Type a, mlir::Type b, mlir::Type acc);

} // namespace strata::kernel

#endif // STRATA_DIALECT_KERNEL_TRANSFORMS_PRODUCTS_H
