//===- OpenDevice.cpp - Devices by name -----------------------------------===//
//
// Implements openDevice (Device.h): the spellings of --device=.
//
//===----------------------------------------------------------------------===//

#include "strata/Runtime/CudaDevice.h"
#include "strata/Runtime/Device.h"

#include <cstdlib>

using namespace strata::runtime;

StatusOr<std::shared_ptr<DeviceAPI>>
strata::runtime::openDevice(const std::string &spec) {
  if (spec == "cpu")
    return getDefaultCPUDevice();
  int ordinal = -1;
  if (spec == "cuda") {
    ordinal = 0;
  } else if (spec.rfind("cuda:", 0) == 0 && spec.size() > 5 &&
             spec.size() <= 9 &&
             spec.find_first_not_of("0123456789", 5) == std::string::npos) {
    ordinal = std::atoi(spec.c_str() + 5);
  } else {
    return Status::error("unknown device '" + spec +
                         "' (expected cpu, cuda or cuda:N)");
  }
  StatusOr<std::shared_ptr<CudaDevice>> device = CudaDevice::open(ordinal);
  if (!device)
    return device.getStatus();
  return std::shared_ptr<DeviceAPI>(std::move(*device));
}
