//===- AcmeCalls.h - The acme plugin's native functions ---------*- C++ -*-===//
//
// The calling convention shared by acme's code generation and its runtime
// plugin (header-only, no MLIR: the plugin includes it too).
//
//===----------------------------------------------------------------------===//

#ifndef ACME_ACMECALLS_H
#define ACME_ACMECALLS_H

namespace acme {

/// "acme.matmul"(a M x K, b K x N, out M x N, relu): out = a * b, then
/// max(out, 0) when relu is 1. All f32.
inline constexpr char kMatmul[] = "acme.matmul";

} // namespace acme

#endif // ACME_ACMECALLS_H
