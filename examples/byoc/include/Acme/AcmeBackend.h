//===- AcmeBackend.h - The acme external backend ----------------*- C++ -*-===//
//
// An out-of-tree external backend (examples/byoc): "acme" runs f32 matrix
// products, with a relu after them fused, through its runtime plugin.
//
//===----------------------------------------------------------------------===//

#ifndef ACME_ACMEBACKEND_H
#define ACME_ACMEBACKEND_H

namespace acme {

/// Registers the "acme" backend with Strata's registry of external
/// backends (call once, before compiling; strata-compile --external=acme
/// then works in this process).
void registerAcmeBackend();

} // namespace acme

#endif // ACME_ACMEBACKEND_H
