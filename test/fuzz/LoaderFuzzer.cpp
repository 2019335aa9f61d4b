//===- LoaderFuzzer.cpp - libFuzzer target for the module loader ----------===//
//
// Feeds arbitrary bytes to Module::loadBuffer. The loader must return an
// error or a module, never crash (ASan and UBSan watch the reads); every
// module that loads is also disassembled, which walks all of its tables
// and instructions the way the VM would, so a rule the verifier forgot
// shows up as an out-of-bounds read here. Each input is tried twice: as
// is, and with the header's fileSize patched to the input's length, so
// that mutations which grow or shrink a module get past the size check
// and reach the section and bytecode verifiers.
//
//===----------------------------------------------------------------------===//

#include "strata/Runtime/Disassembler.h"
#include "strata/Runtime/Module.h"

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <vector>

using namespace strata::runtime;

static void loadAndWalk(const uint8_t *data, size_t size) {
  StatusOr<std::unique_ptr<Module>> module =
      Module::loadBuffer(data, size, "fuzz.smod");
  if (!module) {
    // Every message names the module.
    if (module.message().rfind("fuzz.smod: ", 0) != 0)
      std::abort();
    return;
  }
  const Module &loaded = **module;
  std::string text = disassemble(loaded);
  for (const bytecode::ConstantEntry &constant : loaded.getConstants()) {
    // Touch the first and last byte of each constant.
    const auto *bytes =
        static_cast<const volatile uint8_t *>(loaded.getConstantData(constant));
    if (constant.size != 0 && (bytes[0] | bytes[constant.size - 1]) == 0x100)
      std::abort();
  }
  (void)loaded.getMetadataValue("producer");
  (void)loaded.findFunction("main");
  if (text.empty())
    std::abort();
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  loadAndWalk(data, size);
  if (size >= sizeof(bytecode::FileHeader)) {
    std::vector<uint8_t> patched(data, data + size);
    uint64_t fileSize = size;
    std::memcpy(patched.data() + offsetof(bytecode::FileHeader, fileSize),
                &fileSize, sizeof(fileSize));
    loadAndWalk(patched.data(), patched.size());
  }
  return 0;
}
