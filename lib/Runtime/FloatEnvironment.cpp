//===- FloatEnvironment.cpp - Floating-point mode of kernel threads -------===//

#include "strata/Runtime/FloatEnvironment.h"

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#endif

using namespace strata::runtime;

namespace {

/// The thread's floating-point control word.
uint64_t getControl() {
#if defined(__x86_64__) || defined(__i386__)
  return _mm_getcsr();
#elif defined(__aarch64__)
  uint64_t fpcr;
  asm volatile("mrs %0, fpcr" : "=r"(fpcr));
  return fpcr;
#else
  return 0;
#endif
}

void setControl(uint64_t control) {
#if defined(__x86_64__) || defined(__i386__)
  _mm_setcsr(static_cast<unsigned>(control));
#elif defined(__aarch64__)
  asm volatile("msr fpcr, %0" : : "r"(control));
#else
  (void)control;
#endif
}

/// `control` with subnormals flushed.
uint64_t withFlush(uint64_t control) {
#if defined(__x86_64__) || defined(__i386__)
  return control | 0x8040; // FTZ (bit 15) and DAZ (bit 6).
#elif defined(__aarch64__)
  return control | (uint64_t(1) << 24); // FZ.
#else
  return control;
#endif
}

} // namespace

void strata::runtime::flushSubnormalsOnThisThread() {
  setControl(withFlush(getControl()));
}

ScopedFlushSubnormals::ScopedFlushSubnormals() : saved(getControl()) {
  setControl(withFlush(saved));
}

ScopedFlushSubnormals::~ScopedFlushSubnormals() { setControl(saved); }
