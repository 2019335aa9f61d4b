//===- Disassembler.cpp - Text form of a loaded .smod module --------------===//
//
// Implements Disassembler.h. It only reads modules that Module::verify
// accepted, so table indices, string offsets and instruction operands are
// known to be in range; it still never indexes past a table, so that a
// verifier bug shows up as odd text rather than a crash (the loader fuzzer
// disassembles every module it manages to load).
//
//===----------------------------------------------------------------------===//

#include "strata/Runtime/Disassembler.h"
#include "strata/Runtime/CudaLibrary.h"
#include "strata/Runtime/Module.h"

#include <cctype>
#include <cinttypes>
#include <cstdio>
#include <cstring>
#include <vector>

using namespace strata::runtime;
using namespace strata::runtime::bytecode;

StatusOr<DisassemblerOptions>
DisassemblerOptions::parseParts(std::string_view list) {
  DisassemblerOptions options;
  options.header = options.sections = options.metadata = options.types =
      options.functions = options.kernels = options.constants =
          options.kernelLibrary = false;
  while (true) {
    size_t comma = list.find(',');
    std::string_view part = list.substr(0, comma);
    if (part == "all") {
      unsigned values = options.constantValues;
      options = DisassemblerOptions();
      options.constantValues = values;
    } else if (part == "header") {
      options.header = true;
    } else if (part == "sections") {
      options.sections = true;
    } else if (part == "metadata") {
      options.metadata = true;
    } else if (part == "types") {
      options.types = true;
    } else if (part == "functions") {
      options.functions = true;
    } else if (part == "kernels") {
      options.kernels = true;
    } else if (part == "constants") {
      options.constants = true;
    } else if (part == "library") {
      options.kernelLibrary = true;
    } else {
      return Status::error(
          "unknown section '" + std::string(part) +
          "' (expected header, sections, metadata, types, functions, "
          "kernels, constants, library or all)");
    }
    if (comma == std::string_view::npos)
      break;
    list.remove_prefix(comma + 1);
  }
  return options;
}

std::string strata::runtime::formatType(const TypeEntry &type) {
  switch (static_cast<TypeKind>(type.kind)) {
  case TypeKind::I64:
    return "i64";
  case TypeKind::Storage:
    return "storage";
  case TypeKind::Tensor: {
    if (type.rank > kMaxRank || type.dtype == 0 || type.dtype > kMaxDType)
      break;
    std::string text = "tensor<";
    for (unsigned i = 0; i < type.rank; ++i) {
      if (type.dims[i] == kDynamicDim)
        text += "?";
      else
        text += std::to_string(type.dims[i]);
      text += "x";
    }
    text += getDTypeName(static_cast<DType>(type.dtype));
    return text + ">";
  }
  }
  return "<invalid type>";
}

namespace {

std::string quote(const char *text) {
  std::string result = "\"";
  for (const char *c = text; *c; ++c) {
    auto byte = static_cast<unsigned char>(*c);
    if (byte == '"' || byte == '\\') {
      result += '\\';
      result += *c;
    } else if (byte < 0x20 || byte >= 0x7f) {
      char escape[8];
      std::snprintf(escape, sizeof(escape), "\\%02X", byte);
      result += escape;
    } else {
      result += *c;
    }
  }
  return result + "\"";
}

/// A symbol-like name as `@name`, quoted when it is not a plain identifier.
std::string symbol(const char *name) {
  bool plain = *name != '\0';
  for (const char *c = name; *c; ++c)
    plain = plain && (std::isalnum(static_cast<unsigned char>(*c)) ||
                      *c == '_' || *c == '.' || *c == '$' || *c == '-');
  return "@" + (plain ? std::string(name) : quote(name));
}

const char *getSectionName(uint32_t kind) {
  switch (static_cast<SectionKind>(kind)) {
  case SectionKind::Strings:
    return "strings";
  case SectionKind::Types:
    return "types";
  case SectionKind::Functions:
    return "functions";
  case SectionKind::Code:
    return "code";
  case SectionKind::Indices:
    return "indices";
  case SectionKind::Constants:
    return "constants";
  case SectionKind::ConstantData:
    return "constant-data";
  case SectionKind::Kernels:
    return "kernels";
  case SectionKind::KernelLibraryCPU:
    return "kernel-library-cpu";
  case SectionKind::Metadata:
    return "metadata";
  case SectionKind::InstructionLocations:
    return "instruction-locations";
  case SectionKind::KernelLibraries:
    return "kernel-libraries";
  case SectionKind::KernelLibraryCUDA:
    return "kernel-library-cuda";
  }
  return "unknown";
}

const char *getPredicateName(uint32_t predicate) {
  static const char *names[] = {"eq",  "ne",  "slt", "sle", "sgt",
                                "sge", "ult", "ule", "ugt", "uge"};
  return predicate <= kMaxCmpPredicate ? names[predicate] : "?";
}

std::string typeOfIndex(const Module &module, uint32_t index) {
  Span<TypeEntry> types = module.getTypes();
  return index < types.size() ? formatType(types[index]) : "<bad type>";
}

} // namespace

std::string
strata::runtime::disassembleInstruction(const Module &module,
                                        const FunctionEntry &function,
                                        uint32_t offset, uint32_t *length) {
  Span<uint32_t> code = module.getCode(function);
  if (length)
    *length = 1;
  if (offset >= code.size())
    return "<past the end>";
  uint32_t op = code[offset];
  if (op >= static_cast<uint32_t>(Opcode::NumOpcodes))
    return "<unknown opcode " + std::to_string(op) + ">";
  const OpcodeInfo &info = kOpcodeInfo[op];
  auto opcode = static_cast<Opcode>(op);

  // Read the operands (defensively: a short function yields "?").
  uint32_t pc = offset + 1;
  auto word = [&]() -> uint32_t { return pc < code.size() ? code[pc++] : 0; };
  auto reg = [](uint32_t r) { return "%r" + std::to_string(r); };
  std::string destinations;
  std::vector<std::string> parts;
  for (const char *kind = info.format; *kind; ++kind) {
    switch (*kind) {
    case 'd':
      destinations = reg(word());
      break;
    case 'r':
      parts.push_back(reg(word()));
      break;
    case 'u': {
      uint32_t value = word();
      parts.push_back(opcode == Opcode::CmpI ? getPredicateName(value)
                                             : std::to_string(value));
      break;
    }
    case 'i': {
      uint64_t low = word();
      uint64_t high = word();
      parts.push_back(std::to_string(static_cast<int64_t>(low | high << 32)));
      break;
    }
    case 'b':
      parts.push_back("^" + std::to_string(word()));
      break;
    case 'f': {
      uint32_t index = word();
      Span<FunctionEntry> functions = module.getFunctions();
      parts.push_back(index < functions.size()
                          ? symbol(module.getString(functions[index].name))
                          : "@<function " + std::to_string(index) + ">");
      break;
    }
    case 'k': {
      uint32_t index = word();
      Span<KernelEntry> kernels = module.getKernels();
      parts.push_back(index < kernels.size()
                          ? symbol(module.getString(kernels[index].name))
                          : "@<kernel " + std::to_string(index) + ">");
      break;
    }
    case 'c': {
      uint32_t index = word();
      Span<ConstantEntry> constants = module.getConstants();
      parts.push_back(index < constants.size()
                          ? symbol(module.getString(constants[index].name))
                          : "@<constant " + std::to_string(index) + ">");
      break;
    }
    case 's':
      // call_native names a function; assert carries a message.
      parts.push_back(opcode == Opcode::CallNative
                          ? symbol(module.getString(word()))
                          : quote(module.getString(word())));
      break;
    case 'R':
    case 'D': {
      uint32_t count = word();
      std::string list;
      for (uint32_t i = 0; i < count && pc < code.size(); ++i)
        list += (i ? ", " : "") + reg(word());
      if (*kind == 'D') {
        destinations = list;
      } else if (kind != info.format &&
                 (kind[-1] == 'f' || kind[-1] == 'k' || kind[-1] == 's')) {
        // The arguments of a call: `@callee(%r1, %r2)`.
        parts.back() += "(" + list + ")";
      } else if (opcode == Opcode::Return) {
        if (!list.empty())
          parts.push_back(list);
      } else {
        parts.push_back("[" + list + "]");
      }
      break;
    }
    }
  }
  if (length)
    *length = pc - offset;

  std::string text;
  if (!destinations.empty())
    text = destinations + " = ";
  text += info.mnemonic;
  for (size_t i = 0; i < parts.size(); ++i)
    text += (i ? ", " : " ") + parts[i];
  return text;
}

std::string strata::runtime::disassemble(const Module &module,
                                         const DisassemblerOptions &options) {
  std::string out;
  auto line = [&](const std::string &text) { out += text + "\n"; };
  char buffer[160];

  if (options.header) {
    const FileHeader &header = module.getHeader();
    line("module " + quote(module.getName().c_str()));
    line("  version " + std::to_string(header.versionMajor) + "." +
         std::to_string(header.versionMinor) + ", " +
         std::to_string(header.fileSize) + " bytes, " +
         std::to_string(header.sectionCount) + " sections");
    if (!module.getKernelLibraryCPU().empty()) {
      std::string features;
      for (const std::string &feature : module.getRequiredCpuFeatures())
        features += (features.empty() ? "" : ",") + feature;
      line("  kernels need cpu features " +
           (features.empty() ? std::string("(none recorded)") : features));
    }
  }

  if (options.sections) {
    line("sections:");
    for (const SectionHeader &section : module.getSections()) {
      std::snprintf(buffer, sizeof(buffer),
                    "  %-18s offset %-8" PRIu64 " size %-8" PRIu64
                    " align %" PRIu32,
                    getSectionName(section.kind), section.offset, section.size,
                    section.alignment);
      line(buffer);
    }
  }

  if (options.metadata && !module.getMetadata().empty()) {
    line("metadata:");
    for (const MetadataEntry &entry : module.getMetadata())
      line("  " + std::string(module.getString(entry.key)) + " = " +
           quote(module.getString(entry.value)));
  }

  if (options.types) {
    line("types:");
    Span<TypeEntry> types = module.getTypes();
    for (size_t i = 0; i < types.size(); ++i)
      line("  " + std::to_string(i) + ": " + formatType(types[i]));
  }

  if (options.functions) {
    Span<FunctionEntry> functions = module.getFunctions();
    for (size_t f = 0; f < functions.size(); ++f) {
      const FunctionEntry &function = functions[f];
      Span<uint32_t> registers = module.getRegisterTypes(function);
      Span<uint32_t> results = module.getResultTypes(function);
      std::string signature = "func " + std::to_string(f) + " " +
                              symbol(module.getString(function.name)) + "(";
      for (uint32_t i = 0; i < function.numArgs && i < registers.size(); ++i)
        signature += (i ? ", %r" : "%r") + std::to_string(i) + ": " +
                     typeOfIndex(module, registers[i]);
      signature += ") -> (";
      for (uint32_t i = 0; i < results.size(); ++i)
        signature += (i ? ", " : "") + typeOfIndex(module, results[i]);
      signature += ")";
      line(signature);
      if (function.location != kNoString)
        line("  location " + quote(module.getString(function.location)));
      line("  registers " + std::to_string(function.numRegisters) +
           ", planned bytes " + std::to_string(function.plannedBytes) +
           ", code " + std::to_string(function.codeSize) + " words at " +
           std::to_string(function.codeOffset));
      for (uint32_t i = 0; i < registers.size(); ++i)
        line("    %r" + std::to_string(i) + ": " +
             typeOfIndex(module, registers[i]));
      Span<uint32_t> code = module.getCode(function);
      uint32_t pc = 0;
      const char *location = nullptr;
      while (pc < code.size()) {
        // The source location, where it changes.
        const char *here = module.getInstructionLocation(function, pc);
        if (here && (!location || std::strcmp(here, location) != 0))
          line("        ; " + std::string(here));
        location = here;
        uint32_t length = 1;
        std::string text =
            disassembleInstruction(module, function, pc, &length);
        std::snprintf(buffer, sizeof(buffer), "  %4" PRIu32 ": ", pc);
        line(buffer + text);
        pc += length == 0 ? 1 : length;
      }
    }
  }

  if (options.kernels && !module.getKernels().empty()) {
    line("kernels:");
    Span<KernelEntry> kernels = module.getKernels();
    for (size_t i = 0; i < kernels.size(); ++i) {
      const KernelEntry &kernel = kernels[i];
      // The device of its library (the verifier admits known ones only).
      const char *device = getKernelLibraryDevice(static_cast<uint32_t>(
          module.getKernelLibrary(static_cast<uint32_t>(i))));
      std::string text =
          "  " + std::to_string(i) + ": " +
          symbol(module.getString(kernel.name)) + " on " + device +
          ", symbol " + module.getString(kernel.symbol) + ", grid " +
          (kernel.gridSymbol == kNoString
               ? std::string("none")
               : std::string(module.getString(kernel.gridSymbol))) +
          ", args " + std::to_string(kernel.numArgs) + ", outputs " +
          std::to_string(kernel.numOutputs);
      if (kernel.location != kNoString)
        text += ", location " + quote(module.getString(kernel.location));
      line(text);
    }
  }

  if (options.constants && !module.getConstants().empty()) {
    line("constants:");
    Span<ConstantEntry> constants = module.getConstants();
    Span<TypeEntry> types = module.getTypes();
    for (size_t i = 0; i < constants.size(); ++i) {
      const ConstantEntry &constant = constants[i];
      std::string text = "  " + std::to_string(i) + ": " +
                         symbol(module.getString(constant.name)) + ": " +
                         typeOfIndex(module, constant.type) + ", offset " +
                         std::to_string(constant.offset) + ", size " +
                         std::to_string(constant.size);
      auto dtype = constant.type < types.size()
                       ? static_cast<DType>(types[constant.type].dtype)
                       : DType::Invalid;
      size_t elementSize = getDTypeSize(dtype);
      if ((dtype == DType::F32 || dtype == DType::I64) &&
          options.constantValues != 0) {
        const auto *data =
            static_cast<const uint8_t *>(module.getConstantData(constant));
        uint64_t count = constant.size / elementSize;
        text += ": [";
        for (uint64_t e = 0; e < count && e < options.constantValues; ++e) {
          if (dtype == DType::F32) {
            float value;
            std::memcpy(&value, data + e * elementSize, sizeof(value));
            std::snprintf(buffer, sizeof(buffer), "%g", value);
          } else {
            int64_t value;
            std::memcpy(&value, data + e * elementSize, sizeof(value));
            std::snprintf(buffer, sizeof(buffer), "%" PRId64, value);
          }
          text += (e ? ", " : "") + std::string(buffer);
        }
        if (count > options.constantValues)
          text += ", ...";
        text += "]";
      }
      line(text);
    }
  }

  if (options.kernelLibrary) {
    line(
        "kernel library (cpu): " +
        (module.getKernelLibraryCPU().empty()
             ? std::string("none")
             : std::to_string(module.getKernelLibraryCPU().size()) + " bytes"));
    if (!module.getKernelLibraryCUDA().empty()) {
      CudaLibraryView cuda = readCudaLibrary(module);
      line("kernel library (cuda): " + std::to_string(cuda.kernels.size()) +
           " kernels for " + cuda.chip + ", " +
           std::to_string(module.getKernelLibraryCUDA().size()) + " bytes");
      for (const CudaKernelView &kernel : cuda.kernels) {
        // A computed grid: "grid <= 1056 (2 x ceil(arg1.dim0 / 64))".
        std::string grid = std::to_string(kernel.grid[0]) + "x" +
                           std::to_string(kernel.grid[1]) + "x" +
                           std::to_string(kernel.grid[2]);
        if (!kernel.gridFactors.empty()) {
          grid = "<= " + std::to_string(kernel.grid[0]) + " (" +
                 std::to_string(kernel.gridScale);
          for (const bytecode::CudaGridFactor &factor : kernel.gridFactors)
            grid += " x ceil(arg" + std::to_string(factor.argument) +
                    (factor.dim < 0 ? std::string()
                                    : ".dim" + std::to_string(factor.dim)) +
                    " / " + std::to_string(factor.step) + ")";
          grid += ")";
        }
        line("  " + std::string(kernel.name) + ": grid " + grid + ", block " +
             std::to_string(kernel.block[0]) + "x" +
             std::to_string(kernel.block[1]) + "x" +
             std::to_string(kernel.block[2]) + ", shared " +
             std::to_string(kernel.sharedBytes) + " bytes, PTX " +
             std::to_string(kernel.ptx.size()) + " bytes, cubin " +
             (kernel.cubin.empty()
                  ? std::string("none")
                  : std::to_string(kernel.cubin.size()) + " bytes"));
      }
    }
  }
  return out;
}
