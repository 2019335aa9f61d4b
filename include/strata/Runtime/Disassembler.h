//===- Disassembler.h - Text form of a loaded .smod module ------*- C++ -*-===//
//
// Prints a verified module as text: header, sections, metadata, types,
// functions with their disassembled bytecode, kernels, constants and the
// kernel library. strata-dump prints it; the VM's traces and the verifier's
// messages use the type and instruction formatters.
//
//===----------------------------------------------------------------------===//

#ifndef STRATA_RUNTIME_DISASSEMBLER_H
#define STRATA_RUNTIME_DISASSEMBLER_H

#include "strata/Runtime/Bytecode.h"
#include "strata/Runtime/Status.h"

#include <cstdint>
#include <string>
#include <string_view>

namespace strata::runtime {

class Module;

/// Which parts of a module disassemble() prints.
struct DisassemblerOptions {
  bool header = true;
  bool sections = true;
  bool metadata = true;
  bool types = true;
  bool functions = true;
  bool kernels = true;
  bool constants = true;
  bool kernelLibrary = true;
  /// How many leading values of each f32/i64 constant to show.
  unsigned constantValues = 8;

  /// Prints only the parts named in `list`, a comma-separated subset of
  /// header, sections, metadata, types, functions, kernels, constants,
  /// library (or "all"). Errors name the unknown part.
  static StatusOr<DisassemblerOptions> parseParts(std::string_view list);
};

/// The text of a verified module (what strata-dump prints).
std::string disassemble(const Module &module,
                        const DisassemblerOptions &options = {});

/// `tensor<?x16xf32>`, `i64`, `storage` (or `<invalid type>` for an entry
/// that does not verify).
std::string formatType(const bytecode::TypeEntry &type);

/// The instruction of `function` at word `offset` (relative to the
/// function's code), without the offset prefix: `launch @k(%r3, %r4)`.
/// Sets `*length` to its size in words. The module must be verified and
/// `offset` the start of an instruction.
std::string disassembleInstruction(const Module &module,
                                   const bytecode::FunctionEntry &function,
                                   uint32_t offset, uint32_t *length = nullptr);

} // namespace strata::runtime

#endif // STRATA_RUNTIME_DISASSEMBLER_H
