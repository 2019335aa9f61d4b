//===- DNNLCalls.h - The dnnl plugin's native functions ---------*- C++ -*-===//
//
// The calling convention shared by the dnnl backend's code generation
// (lib/External/DNNLCodegen.cpp) and its runtime plugin
// (lib/Runtime/Plugins/DNNL): which native functions exist, the order of
// their tensors and the meaning of their integer parameters. Header-only,
// no MLIR: the plugin includes it too.
//
// Every function takes its tensors (f32, dense row-major) as:
//   the primary inputs, then one tensor per binary post-op, then the output;
// then its integer parameters:
//   the function's own (below), then the number of post-ops and, per
//   post-op, its kind and two f32 operands as bit patterns (alpha, beta).
//
//===----------------------------------------------------------------------===//

#ifndef STRATA_EXTERNAL_DNNLCALLS_H
#define STRATA_EXTERNAL_DNNLCALLS_H

#include <cstdint>

namespace strata::external::dnnl_calls {

/// "dnnl.conv2d": inputs (input NCHW, weight OIHW[, bias O]; or NHWC and
/// OHWI); parameters has_bias, stride h, w, pad top, left, bottom, right,
/// dilation h, w (1 = none), groups, weight_is_constant (a module
/// constant: the plugin may keep it reordered into the primitive's layout
/// across calls), nhwc.
inline constexpr char kConv2D[] = "dnnl.conv2d";
inline constexpr int kConv2DParams = 12;

/// "dnnl.matmul": inputs (a [batch x] M x K, b [batch x] K x N, or N x K
/// when transposed[, bias broadcastable to the result]), with up to 3
/// batch dims that broadcast as numpy's do (every tensor aligned to the
/// result's rank with leading 1s, binary post-op tensors too); parameters
/// has_bias, transpose_b, b_is_constant.
inline constexpr char kMatmul[] = "dnnl.matmul";
inline constexpr int kMatmulParams = 3;

/// "dnnl.pool2d": input (NCHW or NHWC); parameters kind (PoolKind), kernel
/// h, w, stride h, w, pad top, left, bottom, right (the bottom and right
/// pads make the output size, ceil mode included), nhwc.
inline constexpr char kPool2D[] = "dnnl.pool2d";
inline constexpr int kPool2DParams = 10;

enum class PoolKind : int64_t { Max = 0, AvgExcludePad = 1, AvgIncludePad = 2 };

/// Post-ops applied in order to the primitive's result. Eltwise kinds use
/// alpha and beta as oneDNN's eltwise primitive does (clip: the bounds);
/// binary kinds take the next post-op tensor as their second operand
/// (dims equal to the output's or 1).
enum class PostOp : int64_t {
  Relu = 1,
  Sigmoid = 2,
  Tanh = 3,
  GeluErf = 4,
  GeluTanh = 5,
  Clip = 6,
  Exp = 7,
  Add = 16,
  Mul = 17,
  Sub = 18,
};

inline bool isBinaryPostOp(PostOp kind) {
  return kind == PostOp::Add || kind == PostOp::Mul || kind == PostOp::Sub;
}

} // namespace strata::external::dnnl_calls

#endif // STRATA_EXTERNAL_DNNLCALLS_H
