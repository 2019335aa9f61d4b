//===- VMTestWriter.cpp - Write the modules of the strata-run tests -------===//
//
// strata-vm-test-writer OUT.smod: writes the module of
// test/unittests/Runtime/TestModules.h (kernels from the test kernel
// library, small functions over tensors and i64s) for the strata-run and
// strata-bench lit tests, which need a module but no compiler.
//
//===----------------------------------------------------------------------===//

#include "TestModules.h"

#include <cstdio>
#include <fstream>

int main(int argc, char **argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: strata-vm-test-writer OUT.smod\n");
    return 1;
  }
  strata::runtime::StatusOr<std::vector<uint8_t>> bytes =
      strata::runtime::test::buildToolTestModule();
  if (!bytes) {
    std::fprintf(stderr, "strata-vm-test-writer: %s\n",
                 bytes.message().c_str());
    return 1;
  }
  std::ofstream out(argv[1], std::ios::binary);
  out.write(reinterpret_cast<const char *>(bytes->data()),
            static_cast<std::streamsize>(bytes->size()));
  if (!out) {
    std::fprintf(stderr, "strata-vm-test-writer: cannot write %s\n", argv[1]);
    return 1;
  }
  return 0;
}
