//===- Module.cpp - Loading .smod modules ---------------------------------===//
//
// Implements Module.h except Module::verify (Verifier.cpp): copies a module
// file (or buffer) into memory the module owns, has it verified before
// anyone can use it, checks its CPU features against the host, and reads the
// verified tables in place.
//
//===----------------------------------------------------------------------===//

#include "strata/Runtime/Module.h"
#include "strata/Runtime/CpuFeatures.h"

#include <algorithm>
#include <cstdint>
#include <cstring>

using namespace strata::runtime;
using namespace strata::runtime::bytecode;

//===----------------------------------------------------------------------===//
// Loading
//===----------------------------------------------------------------------===//

StatusOr<std::unique_ptr<Module>>
Module::create(FileBytes memory, std::string name, const LoadOptions &options) {
  std::unique_ptr<Module> module(new Module());
  module->name = std::move(name);
  module->bytes = memory.data();
  module->numBytes = memory.size();
  module->memory = std::move(memory);
  if (Status status = module->verify(); !status)
    return status;
  if (options.checkCpuFeatures)
    if (Status status = module->checkCpuFeatures(); !status)
      return status;
  return module;
}

Status Module::checkCpuFeatures() const {
  Status status = checkHostCpuFeatures(requiredCpuFeatures);
  if (status)
    return status;
  const char *cpu = getMetadataValue("cpu");
  return Status::error(
      name + ": cannot run on this host: " + status.message() +
      (cpu && *cpu ? " (compiled for cpu '" + std::string(cpu) + "')"
                   : std::string()) +
      "; recompile it for this host (strata-compile without --cpu and "
      "--features targets the host)");
}

StatusOr<std::unique_ptr<Module>> Module::loadFile(const std::string &path,
                                                   const LoadOptions &options) {
  // A copy, not a mapping: a MAP_PRIVATE mapping still shows later changes
  // of the file (and faults once it is truncated), and the verifier's
  // guarantees hold only for bytes that cannot change after it ran.
  StatusOr<FileBytes> file = FileBytes::read(path);
  if (!file)
    return file.getStatus();
  if (file->size() < sizeof(FileHeader))
    return Status::error(path + ": file too small for a module header (" +
                         std::to_string(file->size()) + " bytes, need " +
                         std::to_string(sizeof(FileHeader)) + ")");
  return create(std::move(*file), path, options);
}

StatusOr<std::unique_ptr<Module>>
Module::loadBuffer(const void *data, size_t size, std::string name,
                   const LoadOptions &options) {
  if (!data && size != 0)
    return Status::error(name + ": no data (null pointer, " +
                         std::to_string(size) + " bytes)");
  // Page-aligned, so constants keep their 64-byte alignment.
  StatusOr<FileBytes> copy = FileBytes::allocate(size);
  if (!copy)
    return Status::error(name + ": out of memory copying " +
                         std::to_string(size) + " bytes");
  if (size != 0)
    std::memcpy(copy->data(), data, size);
  return create(std::move(*copy), std::move(name), options);
}

Status Module::verifyBuffer(const void *data, size_t size, std::string name,
                            const LoadOptions &options) {
  if (!data && size != 0)
    return Status::error(name + ": no data (null pointer, " +
                         std::to_string(size) + " bytes)");
  if (reinterpret_cast<uintptr_t>(data) % alignof(uint64_t) != 0)
    return Status::error(name + ": not 8-byte aligned");
  // A module that borrows the bytes (its `memory` stays empty) for as long
  // as this call.
  std::unique_ptr<Module> module(new Module());
  module->name = std::move(name);
  module->bytes = static_cast<const uint8_t *>(data);
  module->numBytes = size;
  if (Status status = module->verify(); !status)
    return status;
  if (options.checkCpuFeatures)
    return module->checkCpuFeatures();
  return Status::success();
}

//===----------------------------------------------------------------------===//
// Accessors
//===----------------------------------------------------------------------===//

const FileHeader &Module::getHeader() const {
  return *reinterpret_cast<const FileHeader *>(bytes);
}

Span<SectionHeader> Module::getSections() const { return sections; }

Span<uint32_t> Module::getCode(const FunctionEntry &function) const {
  return Span<uint32_t>(code.data() + function.codeOffset, function.codeSize);
}

Span<uint32_t> Module::getRegisterTypes(const FunctionEntry &function) const {
  return Span<uint32_t>(indices.data() + function.registerTypes,
                        function.numRegisters);
}

Span<uint32_t> Module::getResultTypes(const FunctionEntry &function) const {
  return Span<uint32_t>(indices.data() + function.resultTypes,
                        function.numResults);
}

const char *Module::getInstructionLocation(const FunctionEntry &function,
                                           uint32_t pc) const {
  uint64_t word = uint64_t(function.codeOffset) + pc;
  // The last entry at or before `word`, if it is the function's.
  auto after =
      std::upper_bound(instructionLocations.begin(), instructionLocations.end(),
                       word, [](uint64_t w, const InstructionLocation &entry) {
                         return w < entry.codeWord;
                       });
  if (after == instructionLocations.begin())
    return nullptr;
  const InstructionLocation &entry = *(after - 1);
  if (entry.codeWord < function.codeOffset || entry.location == kNoString)
    return nullptr;
  return getString(entry.location);
}

const char *Module::getString(uint32_t offset) const {
  if (offset == kNoString || offset >= strings.size())
    return "";
  return strings.data() + offset;
}

const void *Module::getConstantData(const ConstantEntry &constant) const {
  return constantData.data() + constant.offset;
}

const char *Module::getMetadataValue(std::string_view key) const {
  for (const MetadataEntry &entry : metadata)
    if (key == getString(entry.key))
      return getString(entry.value);
  return nullptr;
}

int Module::findFunction(std::string_view functionName) const {
  for (size_t i = 0; i < functions.size(); ++i)
    if (functionName == getString(functions[i].name))
      return static_cast<int>(i);
  return -1;
}
