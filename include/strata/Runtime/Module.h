//===- Module.h - A loaded and verified .smod module ------------*- C++ -*-===//
//
// Module::loadFile reads a module file into memory the module owns and
// verifies all of it before anyone runs it: header, section bounds,
// alignment and overlap, table entries, strings, types, constants, kernels,
// and every function's bytecode (opcodes, register indices and types,
// lists, branch targets, callee signatures). A module that loads is safe to
// interpret: the VM checks only what depends on run-time values (shapes,
// sizes, indices). Loading also refuses a module whose kernels need CPU
// features the host lacks (CpuFeatures.h). Once loaded, a module does not
// depend on its file: rewriting, truncating or deleting it changes nothing.
//
//===----------------------------------------------------------------------===//

#ifndef STRATA_RUNTIME_MODULE_H
#define STRATA_RUNTIME_MODULE_H

#include "strata/Runtime/Bytecode.h"
#include "strata/Runtime/Files.h"
#include "strata/Runtime/Status.h"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace strata::runtime {

/// A read-only view of `size` contiguous `T`s.
template <typename T> class Span {
public:
  Span() = default;
  Span(const T *data, size_t size) : ptr(data), count(size) {}
  const T *data() const { return ptr; }
  size_t size() const { return count; }
  bool empty() const { return count == 0; }
  const T &operator[](size_t i) const {
    assert(i < count && "Span index out of range");
    return ptr[i];
  }
  const T *begin() const { return ptr; }
  const T *end() const { return ptr + count; }

private:
  const T *ptr = nullptr;
  size_t count = 0;
};

/// What loading checks besides the format.
struct LoadOptions {
  /// Refuse a module whose kernels need CPU features this host lacks. Off
  /// only for tools that inspect modules without running them
  /// (strata-dump, the compiler's check of its own output).
  bool checkCpuFeatures = true;
};

/// A verified module. Tables point into a private, page-aligned copy of the
/// file's bytes that the module owns for as long as it lives.
class Module {
public:
  /// Reads `path` into memory (one copy; constants are used in place from
  /// there) and verifies it. Errors name the file and what is wrong.
  static StatusOr<std::unique_ptr<Module>>
  loadFile(const std::string &path, const LoadOptions &options = {});
  /// Copies `size` bytes into a page-aligned buffer and verifies them.
  /// `name` is used in messages.
  static StatusOr<std::unique_ptr<Module>>
  loadBuffer(const void *data, size_t size, std::string name = "<buffer>",
             const LoadOptions &options = {});
  /// Verifies `size` bytes where they are, without copying or keeping
  /// them: what a writer checks of its own output before handing it out
  /// (a module loaded later gets the same verification on its own copy).
  /// `data` must be 8-byte aligned, the tables' alignment.
  static Status verifyBuffer(const void *data, size_t size,
                             std::string name = "<buffer>",
                             const LoadOptions &options = {});
  ~Module() = default;
  Module(const Module &) = delete;
  Module &operator=(const Module &) = delete;

  const std::string &getName() const { return name; }
  const uint8_t *getData() const { return bytes; }
  size_t getSize() const { return numBytes; }
  const bytecode::FileHeader &getHeader() const;

  Span<bytecode::SectionHeader> getSections() const;
  Span<bytecode::TypeEntry> getTypes() const { return types; }
  Span<bytecode::FunctionEntry> getFunctions() const { return functions; }
  Span<bytecode::ConstantEntry> getConstants() const { return constants; }
  Span<bytecode::KernelEntry> getKernels() const { return kernels; }
  Span<bytecode::MetadataEntry> getMetadata() const { return metadata; }
  Span<uint32_t> getIndices() const { return indices; }
  /// The instruction words of `function`.
  Span<uint32_t> getCode(const bytecode::FunctionEntry &function) const;
  /// The register types (Types indices) of `function`.
  Span<uint32_t>
  getRegisterTypes(const bytecode::FunctionEntry &function) const;
  /// The result types (Types indices) of `function`.
  Span<uint32_t> getResultTypes(const bytecode::FunctionEntry &function) const;
  /// The Strings section (every offset below its size starts a
  /// NUL-terminated string).
  Span<char> getStrings() const { return strings; }
  /// The string at `offset` (verified NUL-terminated); "" for kNoString.
  const char *getString(uint32_t offset) const;
  /// The bytes of `constant`, 64-byte aligned, inside the module's memory.
  const void *getConstantData(const bytecode::ConstantEntry &constant) const;
  /// The CPU kernel library (an ELF shared object); empty when absent.
  Span<uint8_t> getKernelLibraryCPU() const { return kernelLibraryCPU; }
  /// The CUDA kernel library (verified: Bytecode.h's layout, every range
  /// within the section).
  Span<uint8_t> getKernelLibraryCUDA() const { return kernelLibraryCUDA; }
  /// The kernel library section (SectionKind) that holds the kernel at
  /// Kernels index `kernel` (in range): the kernel-libraries entry, or
  /// KernelLibraryCPU in modules without that section (before 2.2).
  bytecode::SectionKind getKernelLibrary(uint32_t kernel) const {
    return kernelLibraries.empty()
               ? bytecode::SectionKind::KernelLibraryCPU
               : static_cast<bytecode::SectionKind>(kernelLibraries[kernel]);
  }
  /// The instruction-locations table (empty in modules before 2.1).
  Span<bytecode::InstructionLocation> getInstructionLocations() const {
    return instructionLocations;
  }
  /// The source location of the instruction at word `pc` of `function`
  /// (relative to its code), or nullptr when the module records none.
  const char *getInstructionLocation(const bytecode::FunctionEntry &function,
                                     uint32_t pc) const;
  /// The value of metadata `key`, or nullptr.
  const char *getMetadataValue(std::string_view key) const;
  /// The index of the function named `name`, or -1.
  int findFunction(std::string_view name) const;
  /// The CPU features the kernel library needs (metadata "cpu-features",
  /// LLVM's x86 names); empty without a kernel library.
  const std::vector<std::string> &getRequiredCpuFeatures() const {
    return requiredCpuFeatures;
  }
  /// Success when this host has every required CPU feature; else an error
  /// naming the module and the missing features (what loading reports,
  /// and Session::create for a module loaded without the check).
  Status checkCpuFeatures() const;

private:
  Module() = default;
  /// Verifies `memory` and, as `options` say, the host; takes the memory.
  static StatusOr<std::unique_ptr<Module>>
  create(FileBytes memory, std::string name, const LoadOptions &options);
  /// Checks everything; fills the spans. Messages start with `name`.
  Status verify();

  std::string name;
  const uint8_t *bytes = nullptr;
  size_t numBytes = 0;
  /// The module's own copy of the bytes.
  FileBytes memory;
  std::vector<std::string> requiredCpuFeatures;

  Span<bytecode::SectionHeader> sections;
  Span<bytecode::TypeEntry> types;
  Span<bytecode::FunctionEntry> functions;
  Span<bytecode::ConstantEntry> constants;
  Span<bytecode::KernelEntry> kernels;
  Span<bytecode::MetadataEntry> metadata;
  Span<uint32_t> code;
  Span<uint32_t> indices;
  Span<bytecode::InstructionLocation> instructionLocations;
  Span<char> strings;
  Span<uint8_t> constantData;
  Span<uint8_t> kernelLibraryCPU;
  Span<uint8_t> kernelLibraryCUDA;
  Span<uint32_t> kernelLibraries;
};

} // namespace strata::runtime

#endif // STRATA_RUNTIME_MODULE_H
