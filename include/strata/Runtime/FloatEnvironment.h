//===- FloatEnvironment.h - Floating-point mode of kernel threads -*- C++
//-*-===//
//
// Kernels run with subnormal floats flushed to zero: an input or a result
// below the smallest normal float takes a microcode assist on x86, tens to
// hundreds of cycles per operation, and the exponentials of a softmax make
// such values from ordinary inputs (a BERT layer ran 20% slower on some
// random inputs than on others). The mode is per thread: pool workers set it
// once, a caller's thread for the duration of each call.
//
//===----------------------------------------------------------------------===//

#ifndef STRATA_RUNTIME_FLOATENVIRONMENT_H
#define STRATA_RUNTIME_FLOATENVIRONMENT_H

#include <cstdint>

namespace strata::runtime {

/// Flushes subnormal results and inputs to zero on this thread (x86 MXCSR
/// FTZ and DAZ; AArch64 FPCR.FZ; nothing elsewhere).
void flushSubnormalsOnThisThread();

/// Flushes subnormals on this thread while it lives, then restores the
/// thread's previous mode.
class ScopedFlushSubnormals {
public:
  ScopedFlushSubnormals();
  ~ScopedFlushSubnormals();
  ScopedFlushSubnormals(const ScopedFlushSubnormals &) = delete;
  ScopedFlushSubnormals &operator=(const ScopedFlushSubnormals &) = delete;

private:
  uint64_t saved;
};

} // namespace strata::runtime

#endif // STRATA_RUNTIME_FLOATENVIRONMENT_H
