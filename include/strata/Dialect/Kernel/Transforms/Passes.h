//===- Passes.h - Kernel-level passes ---------------------------*- C++ -*-===//

#ifndef STRATA_DIALECT_KERNEL_TRANSFORMS_PASSES_H
#define STRATA_DIALECT_KERNEL_TRANSFORMS_PASSES_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"
#include "strata/Dialect/Kernel/IR/KernelDialect.h"

namespace strata::kernel {

#define GEN_PASS_DECL
#include "strata/Dialect/Kernel/Transforms/Passes.h.inc"

/// Registers the kernel passes.
void registerKernelPasses();

/// The rows of the t*t products (output tiles) with which
/// kernel-rewrite-convolutions, with Winograd on, panels of `panelBytes` and
/// its `winogradTile` option, computes `op` (an f32 linalg.conv_2d_nhwc_fhwc
/// of a constant filter, 3x3, unit strides, ...); 0 when it does not use
/// Winograd's algorithm for `op`.
int64_t getWinogradProductRows(mlir::Operation *op, int64_t panelBytes,
                               int64_t winogradTile);

/// Whether `tile` is a value of kernel-rewrite-convolutions' winograd-tile
/// option: 0 (chosen per convolution), 2 or 4.
bool isWinogradTile(int64_t tile);

} // namespace strata::kernel

#endif // STRATA_DIALECT_KERNEL_TRANSFORMS_PASSES_H
