//===- ConstantLayout.h - Constants rewritten into other layouts -*- C++
//-*-===//
//
// Compile-time relayouts of constant tensors shared by the graph and kernel
// levels (graph-prepack-weights, kernel-pack-weights): transposes and
// panel-major packing, on the constants' raw bytes. Each result keeps the
// kind of its input: a dense attribute gives a dense attribute, a
// dense_resource blob a new blob (named after the old one).
//
//===----------------------------------------------------------------------===//

#ifndef STRATA_SUPPORT_CONSTANTLAYOUT_H
#define STRATA_SUPPORT_CONSTANTLAYOUT_H

#include "mlir/IR/BuiltinAttributeInterfaces.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/STLFunctionalExtras.h"

namespace mlir {
class RankedTensorType;
} // namespace mlir

namespace strata {

/// A constant of `resultType` (its element type may differ from `value`'s)
/// whose bytes `fill` writes from `value`'s, of the same kind as `value` (a
/// splat is expanded first; a blob gets the old name plus `suffix`). Fails
/// on anything else: packed i1 data, element types that are not a whole
/// number of bytes, a missing or wrongly sized blob.
mlir::FailureOr<mlir::ElementsAttr> rewriteConstantBytes(
    mlir::ElementsAttr value, mlir::RankedTensorType resultType,
    llvm::StringRef suffix,
    llvm::function_ref<void(llvm::ArrayRef<char>, llvm::MutableArrayRef<char>)>
        fill);

/// `value`, its elements viewed as an array of `shape` (row-major; the
/// constant's own shape when empty), transposed by `perm` (result dim i is
/// dim perm[i]) into `resultType`; a splat stays a splat.
mlir::FailureOr<mlir::ElementsAttr>
transposeConstant(mlir::ElementsAttr value, llvm::ArrayRef<int64_t> perm,
                  mlir::RankedTensorType resultType,
                  llvm::ArrayRef<int64_t> shape = {},
                  llvm::StringRef suffix = "_transposed");

/// `weight`, a static [K, N] constant, in panel-major order
/// [panels, K, width]: panel p, row k holds columns [p * width, (p + 1) *
/// width) of row k, the columns past N (when panels * width > N) zero.
mlir::FailureOr<mlir::ElementsAttr>
packConstantPanels(mlir::ElementsAttr weight, int64_t width, int64_t panels);

} // namespace strata

#endif // STRATA_SUPPORT_CONSTANTLAYOUT_H
