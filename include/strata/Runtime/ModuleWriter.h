//===- ModuleWriter.h - Encoder of .smod module files -----------*- C++ -*-===//
//
// ModuleWriter builds a module file (Bytecode.h) in memory: strings, types,
// constants, kernels, metadata, the CPU kernel library and bytecode
// functions, then lays them out into one deterministic byte vector. The
// compiler's serializer (lib/Target/Bytecode) and the runtime's tests use
// it, so the layout rules live in one place.
//
// The writer checks what it can check locally (operand formats, label
// placement, constant sizes); everything that depends on the whole module
// (register kinds, callee signatures, index ranges) is left to the loader's
// verifier, so tests can encode wrong modules on purpose. A producer that
// wants a verified result runs Module::loadBuffer on the bytes.
//
//===----------------------------------------------------------------------===//

#ifndef STRATA_RUNTIME_MODULEWRITER_H
#define STRATA_RUNTIME_MODULEWRITER_H

#include "strata/Runtime/Bytecode.h"
#include "strata/Runtime/Status.h"

#include <cstdint>
#include <initializer_list>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

namespace strata::runtime {

/// A branch target inside one function: created, used by 'b' operands
/// before or after it is placed, placed exactly once.
struct Label {
  uint32_t id = ~0u;
};

/// The registers of an 'R' or 'D' operand.
using RegisterList = std::vector<uint32_t>;

/// One operand of an instruction being emitted: an integer (registers,
/// immediates, function/kernel/constant indices, string offsets), a label
/// (for 'b'), or a register list (for 'R' and 'D').
class Operand {
public:
  enum class Kind { Value, Label, List };

  template <typename T,
            std::enable_if_t<std::is_integral_v<T> && !std::is_same_v<T, bool>,
                             int> = 0>
  Operand(T value)
      : kind(Kind::Value), value(static_cast<int64_t>(value)),
        // A uint64_t above INT64_MAX cannot be a 32-bit operand; remember
        // it so that it is rejected instead of wrapping to a negative value.
        tooLarge(std::is_unsigned_v<T> && sizeof(T) == 8 &&
                 static_cast<uint64_t>(value) >
                     static_cast<uint64_t>(INT64_MAX)) {}
  Operand(Label label) : kind(Kind::Label), value(label.id) {}
  Operand(RegisterList registers)
      : kind(Kind::List), list(std::move(registers)) {}

  Kind getKind() const { return kind; }
  int64_t getValue() const { return value; }
  bool isTooLarge() const { return tooLarge; }
  const std::vector<uint32_t> &getList() const { return list; }

private:
  Kind kind;
  int64_t value = 0;
  bool tooLarge = false;
  std::vector<uint32_t> list;
};

class ModuleWriter;

/// Builds one function of a ModuleWriter: its registers and signature, and
/// its instructions. Obtained from ModuleWriter::getFunction.
class FunctionBuilder {
public:
  /// The function's index (what 'f' operands name).
  uint32_t getIndex() const { return index; }
  const std::string &getName() const { return name; }

  /// Appends a register holding Types index `type`; returns its number.
  uint32_t addRegister(uint32_t type);
  /// Replaces all register types at once.
  void setRegisterTypes(std::vector<uint32_t> types);
  /// Registers 0..numArgs-1 hold the arguments on entry.
  void setNumArgs(uint32_t numArgs) { this->numArgs = numArgs; }
  /// The Types indices Return must produce.
  void setResultTypes(std::vector<uint32_t> types);
  /// Source location text (empty: none).
  void setLocation(std::string_view location);
  /// Bytes of storage memory planning reuses.
  void setPlannedBytes(uint64_t bytes) { plannedBytes = bytes; }
  /// The source location text of the instructions emitted from now on
  /// (empty: none), recorded in the instruction-locations section; calls
  /// that do not change it cost nothing.
  void setInstructionLocation(std::string_view location);

  /// A fresh, unplaced label.
  Label createLabel();
  /// Places `label` at the next instruction. Error if unknown or placed.
  Status placeLabel(Label label);
  /// Appends one instruction. The operands must match the opcode's format
  /// string (one Operand per character; 'i' takes any int64, the other
  /// scalar kinds a value in [0, 2^32), 'b' a Label, 'R'/'D' a list).
  Status emit(bytecode::Opcode opcode, std::initializer_list<Operand> operands);
  Status emit(bytecode::Opcode opcode, const std::vector<Operand> &operands);
  /// Words emitted so far (the offset of the next instruction).
  uint32_t getCodeSize() const { return static_cast<uint32_t>(code.size()); }

private:
  friend class ModuleWriter;
  FunctionBuilder(ModuleWriter &writer, uint32_t index, std::string name)
      : writer(writer), index(index), name(std::move(name)) {}
  Status fail(std::string message);

  ModuleWriter &writer;
  uint32_t index;
  std::string name;
  std::vector<uint32_t> registerTypes;
  std::vector<uint32_t> resultTypes;
  uint32_t numArgs = 0;
  uint32_t location = bytecode::kNoString;
  uint64_t plannedBytes = 0;
  std::vector<uint32_t> code;
  /// Word offset of each placed label; ~0u while unplaced.
  std::vector<uint32_t> labelOffsets;
  /// (code word, label id) of each 'b' operand, patched by finish().
  std::vector<std::pair<uint32_t, uint32_t>> fixups;
  /// (code word, location string) where the instruction location changes.
  std::vector<bytecode::InstructionLocation> instructionLocations;
};

/// Builds a module file. Same calls, same bytes: sections come in a fixed
/// order, padding is zero, strings and types are deduplicated in call
/// order.
class ModuleWriter {
public:
  ModuleWriter();
  ~ModuleWriter();
  ModuleWriter(const ModuleWriter &) = delete;
  ModuleWriter &operator=(const ModuleWriter &) = delete;

  /// Interns `text` (deduplicated); returns its offset in Strings. Offset
  /// 0 is always "". Text with a NUL byte in it is an error, reported by
  /// finish().
  uint32_t addString(std::string_view text);
  /// A tensor type (dims >= 0 or kDynamicDim, rank <= kMaxRank);
  /// deduplicated. Returns its Types index.
  StatusOr<uint32_t> addTensorType(bytecode::DType dtype,
                                   const std::vector<int64_t> &dims);
  /// The i64 type (deduplicated).
  uint32_t addI64Type();
  /// The storage type (deduplicated).
  uint32_t addStorageType();
  /// The entry of Types index `type`; nullptr when out of range.
  const bytecode::TypeEntry *getType(uint32_t type) const;

  /// A constant of static-shaped tensor type `type` whose bytes are
  /// `data[0, size)` (size must be the type's byte size), copied. Placed
  /// 64-byte aligned in ConstantData. Returns its Constants index.
  StatusOr<uint32_t> addConstant(std::string_view name, uint32_t type,
                                 const void *data, size_t size);
  /// addConstant without the copy: `data[0, size)` must stay valid and
  /// unchanged until the last finish(). For a compiler's weights (tens of
  /// megabytes), which finish() then copies once, into the file.
  StatusOr<uint32_t> addConstantReference(std::string_view name, uint32_t type,
                                          const void *data, size_t size);
  /// A kernel of the library section `library` (a kernel library kind,
  /// see getKernelLibraryDevice); `gridSymbol` and `location` may be empty
  /// (absent). Returns its Kernels index. The kernel-libraries section
  /// records each kernel's library.
  StatusOr<uint32_t> addKernel(
      std::string_view name, std::string_view symbol,
      std::string_view gridSymbol, uint32_t numArgs, uint32_t numOutputs,
      std::string_view location = {},
      bytecode::SectionKind library = bytecode::SectionKind::KernelLibraryCPU);
  /// The CPU kernel library (an ELF shared object) and the CPU features
  /// it was compiled for (CpuFeatures.h names), recorded as the
  /// "cpu-features" metadata entry when not empty (the loader refuses the
  /// module on hosts without them). A second call replaces both.
  void setKernelLibraryCPU(std::vector<uint8_t> bytes,
                           const std::vector<std::string> &cpuFeatures = {});
  /// The CUDA kernel library (a KernelLibraryCUDA section, laid out as
  /// Bytecode.h says). A second call replaces it.
  void setKernelLibraryCUDA(std::vector<uint8_t> bytes);
  /// A key/value metadata pair (kept in call order).
  void addMetadata(std::string_view key, std::string_view value);

  /// Declares a function (so calls can name it before its body exists);
  /// returns its index.
  uint32_t declareFunction(std::string_view name);
  /// The builder of function `index`.
  StatusOr<FunctionBuilder *> getFunction(uint32_t index);
  uint32_t getNumFunctions() const {
    return static_cast<uint32_t>(functions.size());
  }

  /// Lays out the module: resolves labels (error if one was never placed)
  /// and reports the first misuse of the writer. Can be called repeatedly.
  StatusOr<std::vector<uint8_t>> finish() const;
  /// finish() and write the bytes to `path` atomically (Files.h).
  Status writeFile(const std::string &path) const;

private:
  friend class FunctionBuilder;
  /// Remembers the first misuse, so that finish() reports it even if the
  /// caller dropped the Status.
  void recordError(const std::string &message);
  uint32_t addType(const bytecode::TypeEntry &entry);

  std::vector<char> strings;
  std::map<std::string, uint32_t, std::less<>> stringOffsets;
  std::vector<bytecode::TypeEntry> types;
  std::vector<bytecode::ConstantEntry> constants;
  /// The bytes of each constant (in `constants` order): borrowed
  /// (addConstantReference) or in `ownedConstantData`.
  std::vector<std::pair<const uint8_t *, size_t>> constantBytes;
  /// The copies addConstant makes; each buffer's storage never moves.
  std::vector<std::unique_ptr<uint8_t[]>> ownedConstantData;
  /// The size of the ConstantData section so far.
  uint64_t constantDataSize = 0;
  std::vector<bytecode::KernelEntry> kernels;
  /// The library section of each kernel (the kernel-libraries section).
  std::vector<uint32_t> kernelLibraries;
  std::vector<bytecode::MetadataEntry> metadata;
  std::vector<uint8_t> kernelLibraryCPU;
  std::vector<uint8_t> kernelLibraryCUDA;
  /// The metadata entry of the "cpu-features" record, once set.
  int cpuFeaturesEntry = -1;
  std::vector<std::unique_ptr<FunctionBuilder>> functions;
  std::string firstError;
};

} // namespace strata::runtime

#endif // STRATA_RUNTIME_MODULEWRITER_H
