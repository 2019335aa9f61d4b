//===- Passes.cpp - Register the device passes ----------------------------===//

#include "strata/Dialect/Device/Transforms/Passes.h"

namespace strata::device {
#define GEN_PASS_REGISTRATION
#include "strata/Dialect/Device/Transforms/Passes.h.inc"
} // namespace strata::device

void strata::device::registerDevicePasses() {
  registerDeviceTransformsPasses();
}
