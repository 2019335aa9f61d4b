//===- ModuleWriter.cpp - Encoder of .smod module files -------------------===//
//
// Implements ModuleWriter.h: collects the tables and instruction words of a
// module and lays them out as Bytecode.h describes, with sections in a
// fixed order and zeroed padding so that the same calls always produce the
// same bytes (the compiler's output is reproducible and diffable).
//
//===----------------------------------------------------------------------===//

#include "strata/Runtime/ModuleWriter.h"
#include "strata/Runtime/Files.h"

#include <cstring>
#include <limits>

using namespace strata::runtime;
using namespace strata::runtime::bytecode;

//===----------------------------------------------------------------------===//
// FunctionBuilder
//===----------------------------------------------------------------------===//

uint32_t FunctionBuilder::addRegister(uint32_t type) {
  registerTypes.push_back(type);
  return static_cast<uint32_t>(registerTypes.size() - 1);
}

void FunctionBuilder::setRegisterTypes(std::vector<uint32_t> types) {
  registerTypes = std::move(types);
}

void FunctionBuilder::setResultTypes(std::vector<uint32_t> types) {
  resultTypes = std::move(types);
}

void FunctionBuilder::setLocation(std::string_view text) {
  location = text.empty() ? kNoString : writer.addString(text);
}

void FunctionBuilder::setInstructionLocation(std::string_view text) {
  uint32_t location = text.empty() ? kNoString : writer.addString(text);
  auto word = static_cast<uint32_t>(code.size());
  // No instruction since the last change: that entry takes this location.
  if (!instructionLocations.empty() &&
      instructionLocations.back().codeWord == word)
    instructionLocations.pop_back();
  uint32_t current = instructionLocations.empty()
                         ? kNoString
                         : instructionLocations.back().location;
  if (location != current)
    instructionLocations.push_back({word, location});
}

Status FunctionBuilder::fail(std::string message) {
  message = "function '" + name + "': " + message;
  writer.recordError(message);
  return Status::error(std::move(message));
}

Label FunctionBuilder::createLabel() {
  labelOffsets.push_back(~0u);
  return Label{static_cast<uint32_t>(labelOffsets.size() - 1)};
}

Status FunctionBuilder::placeLabel(Label label) {
  if (label.id >= labelOffsets.size())
    return fail("placing unknown label " + std::to_string(label.id));
  if (labelOffsets[label.id] != ~0u)
    return fail("label " + std::to_string(label.id) + " placed twice");
  labelOffsets[label.id] = static_cast<uint32_t>(code.size());
  return Status::success();
}

Status FunctionBuilder::emit(Opcode opcode,
                             std::initializer_list<Operand> operands) {
  return emit(opcode, std::vector<Operand>(operands));
}

Status FunctionBuilder::emit(Opcode opcode,
                             const std::vector<Operand> &operands) {
  auto op = static_cast<uint32_t>(opcode);
  if (op >= static_cast<uint32_t>(Opcode::NumOpcodes))
    return fail("emitting unknown opcode " + std::to_string(op));
  const OpcodeInfo &info = kOpcodeInfo[op];
  std::string where = std::string("instruction ") + info.mnemonic +
                      " at word " + std::to_string(code.size()) + ": ";
  size_t numOperands = std::strlen(info.format);
  if (operands.size() != numOperands)
    return fail(where + "takes " + std::to_string(numOperands) +
                " operands (format \"" + info.format + "\"), got " +
                std::to_string(operands.size()));

  // Check everything before appending, so a failed emit leaves no words.
  for (size_t i = 0; i < numOperands; ++i) {
    char kind = info.format[i];
    const Operand &operand = operands[i];
    std::string which = where + "operand " + std::to_string(i) + " ('" +
                        std::string(1, kind) + "') ";
    switch (kind) {
    case 'R':
    case 'D':
      if (operand.getKind() != Operand::Kind::List)
        return fail(which + "must be a register list");
      break;
    case 'b':
      if (operand.getKind() != Operand::Kind::Label)
        return fail(which + "must be a label");
      if (static_cast<uint64_t>(operand.getValue()) >= labelOffsets.size())
        return fail(which + "names unknown label " +
                    std::to_string(operand.getValue()));
      break;
    case 'i':
      if (operand.getKind() != Operand::Kind::Value || operand.isTooLarge())
        return fail(which + "must be a 64-bit signed integer");
      break;
    default:
      if (operand.getKind() != Operand::Kind::Value)
        return fail(which + "must be an integer");
      if (operand.isTooLarge() || operand.getValue() < 0 ||
          operand.getValue() > std::numeric_limits<uint32_t>::max())
        return fail(which + "value " + std::to_string(operand.getValue()) +
                    " does not fit in 32 bits");
      break;
    }
  }

  code.push_back(op);
  for (size_t i = 0; i < numOperands; ++i) {
    const Operand &operand = operands[i];
    switch (info.format[i]) {
    case 'R':
    case 'D':
      code.push_back(static_cast<uint32_t>(operand.getList().size()));
      code.insert(code.end(), operand.getList().begin(),
                  operand.getList().end());
      break;
    case 'b':
      fixups.emplace_back(static_cast<uint32_t>(code.size()),
                          static_cast<uint32_t>(operand.getValue()));
      code.push_back(0);
      break;
    case 'i': {
      auto bits = static_cast<uint64_t>(operand.getValue());
      code.push_back(static_cast<uint32_t>(bits));
      code.push_back(static_cast<uint32_t>(bits >> 32));
      break;
    }
    default:
      code.push_back(static_cast<uint32_t>(operand.getValue()));
      break;
    }
  }
  return Status::success();
}

//===----------------------------------------------------------------------===//
// ModuleWriter
//===----------------------------------------------------------------------===//

ModuleWriter::ModuleWriter() {
  // Offset 0 is the empty string.
  strings.push_back('\0');
  stringOffsets.emplace("", 0);
}

ModuleWriter::~ModuleWriter() = default;

void ModuleWriter::recordError(const std::string &message) {
  if (firstError.empty())
    firstError = message;
}

uint32_t ModuleWriter::addString(std::string_view text) {
  if (text.find('\0') != std::string_view::npos) {
    recordError("string with a NUL byte cannot be stored");
    return 0;
  }
  auto it = stringOffsets.find(text);
  if (it != stringOffsets.end())
    return it->second;
  auto offset = static_cast<uint32_t>(strings.size());
  strings.insert(strings.end(), text.begin(), text.end());
  strings.push_back('\0');
  stringOffsets.emplace(std::string(text), offset);
  return offset;
}

uint32_t ModuleWriter::addType(const TypeEntry &entry) {
  for (size_t i = 0; i < types.size(); ++i)
    if (std::memcmp(&types[i], &entry, sizeof(TypeEntry)) == 0)
      return static_cast<uint32_t>(i);
  types.push_back(entry);
  return static_cast<uint32_t>(types.size() - 1);
}

StatusOr<uint32_t>
ModuleWriter::addTensorType(DType dtype, const std::vector<int64_t> &dims) {
  if (dtype == DType::Invalid || static_cast<uint8_t>(dtype) > kMaxDType)
    return Status::error("tensor type: invalid dtype " +
                         std::to_string(static_cast<unsigned>(dtype)));
  if (dims.size() > kMaxRank)
    return Status::error("tensor type: rank " + std::to_string(dims.size()) +
                         " exceeds the maximum " + std::to_string(kMaxRank));
  TypeEntry entry;
  std::memset(&entry, 0, sizeof(entry));
  entry.kind = static_cast<uint8_t>(TypeKind::Tensor);
  entry.dtype = static_cast<uint8_t>(dtype);
  entry.rank = static_cast<uint8_t>(dims.size());
  for (size_t i = 0; i < dims.size(); ++i) {
    if (dims[i] < 0 && dims[i] != kDynamicDim)
      return Status::error("tensor type: dim " + std::to_string(i) +
                           " is negative (" + std::to_string(dims[i]) + ")");
    entry.dims[i] = dims[i];
  }
  return addType(entry);
}

uint32_t ModuleWriter::addI64Type() {
  TypeEntry entry;
  std::memset(&entry, 0, sizeof(entry));
  entry.kind = static_cast<uint8_t>(TypeKind::I64);
  return addType(entry);
}

uint32_t ModuleWriter::addStorageType() {
  TypeEntry entry;
  std::memset(&entry, 0, sizeof(entry));
  entry.kind = static_cast<uint8_t>(TypeKind::Storage);
  return addType(entry);
}

const TypeEntry *ModuleWriter::getType(uint32_t type) const {
  return type < types.size() ? &types[type] : nullptr;
}

StatusOr<uint32_t> ModuleWriter::addConstant(std::string_view name,
                                             uint32_t type, const void *data,
                                             size_t size) {
  std::unique_ptr<uint8_t[]> copy;
  if (data && size != 0) {
    copy.reset(new uint8_t[size]);
    std::memcpy(copy.get(), data, size);
  }
  StatusOr<uint32_t> index =
      addConstantReference(name, type, copy ? copy.get() : data, size);
  if (index.ok() && copy)
    ownedConstantData.push_back(std::move(copy));
  return index;
}

StatusOr<uint32_t> ModuleWriter::addConstantReference(std::string_view name,
                                                      uint32_t type,
                                                      const void *data,
                                                      size_t size) {
  std::string where = "constant '" + std::string(name) + "': ";
  const TypeEntry *entry = getType(type);
  if (!entry)
    return Status::error(where + "type index " + std::to_string(type) +
                         " out of range (" + std::to_string(types.size()) +
                         " types)");
  if (entry->kind != static_cast<uint8_t>(TypeKind::Tensor))
    return Status::error(where + "type is not a tensor");
  uint64_t expected = getDTypeSize(static_cast<DType>(entry->dtype));
  for (unsigned i = 0; i < entry->rank; ++i) {
    if (entry->dims[i] == kDynamicDim)
      return Status::error(where + "type has a dynamic dim");
    auto dim = static_cast<uint64_t>(entry->dims[i]);
    if (dim != 0 && expected > std::numeric_limits<uint64_t>::max() / dim)
      return Status::error(where + "byte size overflows");
    expected *= dim;
  }
  if (size != expected)
    return Status::error(where + "has " + std::to_string(size) +
                         " bytes, its type needs " + std::to_string(expected));
  if (size != 0 && !data)
    return Status::error(where + "no data");

  // At the next 64-byte boundary (finish() fills the gap with zeros).
  uint64_t offset = (constantDataSize + kConstantAlignment - 1) /
                    kConstantAlignment * kConstantAlignment;
  constantDataSize = offset + size;
  constantBytes.emplace_back(static_cast<const uint8_t *>(data), size);

  ConstantEntry constant;
  std::memset(&constant, 0, sizeof(constant));
  constant.offset = offset;
  constant.size = size;
  constant.type = type;
  constant.name = addString(name);
  constants.push_back(constant);
  return static_cast<uint32_t>(constants.size() - 1);
}

StatusOr<uint32_t>
ModuleWriter::addKernel(std::string_view name, std::string_view symbol,
                        std::string_view gridSymbol, uint32_t numArgs,
                        uint32_t numOutputs, std::string_view location,
                        SectionKind library) {
  if (name.empty() || symbol.empty())
    return Status::error("kernel '" + std::string(name) +
                         "': name and symbol must not be empty");
  if (!getKernelLibraryDevice(static_cast<uint32_t>(library)))
    return Status::error("kernel '" + std::string(name) + "': section kind " +
                         std::to_string(static_cast<uint32_t>(library)) +
                         " is not a kernel library");
  if (numOutputs > numArgs)
    return Status::error(
        "kernel '" + std::string(name) + "': " + std::to_string(numOutputs) +
        " outputs but only " + std::to_string(numArgs) + " arguments");
  KernelEntry kernel;
  std::memset(&kernel, 0, sizeof(kernel));
  kernel.name = addString(name);
  kernel.symbol = addString(symbol);
  kernel.gridSymbol = gridSymbol.empty() ? kNoString : addString(gridSymbol);
  kernel.numArgs = numArgs;
  kernel.numOutputs = numOutputs;
  kernel.location = location.empty() ? kNoString : addString(location);
  kernels.push_back(kernel);
  kernelLibraries.push_back(static_cast<uint32_t>(library));
  return static_cast<uint32_t>(kernels.size() - 1);
}

void ModuleWriter::setKernelLibraryCUDA(std::vector<uint8_t> bytes) {
  kernelLibraryCUDA = std::move(bytes);
}

void ModuleWriter::setKernelLibraryCPU(
    std::vector<uint8_t> bytes, const std::vector<std::string> &cpuFeatures) {
  kernelLibraryCPU = std::move(bytes);
  std::string list;
  for (const std::string &feature : cpuFeatures)
    list += (list.empty() ? "" : ",") + feature;
  if (cpuFeaturesEntry >= 0)
    metadata[cpuFeaturesEntry].value = addString(list);
  else if (!list.empty()) {
    addMetadata(kMetadataCpuFeatures, list);
    cpuFeaturesEntry = static_cast<int>(metadata.size() - 1);
  }
}

void ModuleWriter::addMetadata(std::string_view key, std::string_view value) {
  MetadataEntry entry;
  entry.key = addString(key);
  entry.value = addString(value);
  metadata.push_back(entry);
}

uint32_t ModuleWriter::declareFunction(std::string_view name) {
  auto index = static_cast<uint32_t>(functions.size());
  functions.push_back(std::unique_ptr<FunctionBuilder>(
      new FunctionBuilder(*this, index, std::string(name))));
  addString(name);
  return index;
}

StatusOr<FunctionBuilder *> ModuleWriter::getFunction(uint32_t index) {
  if (index >= functions.size())
    return Status::error("function index " + std::to_string(index) +
                         " out of range (" + std::to_string(functions.size()) +
                         " functions declared)");
  return functions[index].get();
}

namespace {
/// One section while laying out the file: a view of its bytes (which stay
/// where they are until the file is assembled), or the constants.
struct PendingSection {
  SectionKind kind;
  uint32_t alignment;
  const uint8_t *data;
  uint64_t size;
  /// ConstantData: assembled from the constants' own bytes.
  bool isConstantData;
};

/// `size` zero bytes appended to `file`.
void appendZeros(std::vector<uint8_t> &file, uint64_t size) {
  file.insert(file.end(), size, 0);
}

/// `data[0, size)` appended to `file`.
void appendBytes(std::vector<uint8_t> &file, const void *data, uint64_t size) {
  const auto *bytes = static_cast<const uint8_t *>(data);
  file.insert(file.end(), bytes, bytes + size);
}
} // namespace

StatusOr<std::vector<uint8_t>> ModuleWriter::finish() const {
  if (!firstError.empty())
    return Status::error(firstError);

  // Functions: resolve labels, concatenate code and index lists.
  std::vector<FunctionEntry> functionEntries;
  std::vector<uint32_t> code;
  std::vector<uint32_t> indices;
  std::vector<InstructionLocation> instructionLocations;
  for (const auto &function : functions) {
    std::vector<uint32_t> words = function->code;
    for (auto [word, label] : function->fixups) {
      uint32_t target = function->labelOffsets[label];
      if (target == ~0u)
        return Status::error("function '" + function->name + "': label " +
                             std::to_string(label) + " was never placed");
      words[word] = target;
    }
    if (code.size() + words.size() > std::numeric_limits<uint32_t>::max() ||
        indices.size() + function->registerTypes.size() +
                function->resultTypes.size() >
            std::numeric_limits<uint32_t>::max())
      return Status::error("function '" + function->name +
                           "': module too large");
    FunctionEntry entry;
    std::memset(&entry, 0, sizeof(entry));
    // declareFunction interned the name; the lookup cannot miss.
    entry.name = stringOffsets.find(function->name)->second;
    entry.numRegisters = static_cast<uint32_t>(function->registerTypes.size());
    entry.numArgs = function->numArgs;
    entry.numResults = static_cast<uint32_t>(function->resultTypes.size());
    entry.registerTypes = static_cast<uint32_t>(indices.size());
    indices.insert(indices.end(), function->registerTypes.begin(),
                   function->registerTypes.end());
    entry.resultTypes = static_cast<uint32_t>(indices.size());
    indices.insert(indices.end(), function->resultTypes.begin(),
                   function->resultTypes.end());
    entry.codeOffset = static_cast<uint32_t>(code.size());
    entry.codeSize = static_cast<uint32_t>(words.size());
    // A location set after the last instruction applies to none.
    for (InstructionLocation location : function->instructionLocations)
      if (location.codeWord < entry.codeSize)
        instructionLocations.push_back(
            {entry.codeOffset + location.codeWord, location.location});
    code.insert(code.end(), words.begin(), words.end());
    entry.location = function->location;
    entry.plannedBytes = function->plannedBytes;
    functionEntries.push_back(entry);
  }

  // The fixed section order; empty sections are left out. ConstantData
  // comes last so that the (large) weights do not separate the tables.
  std::vector<PendingSection> sections;
  auto add = [&](SectionKind kind, uint32_t alignment, const auto &values) {
    using T = typename std::decay_t<decltype(values)>::value_type;
    if (!values.empty())
      sections.push_back({kind, alignment,
                          reinterpret_cast<const uint8_t *>(values.data()),
                          values.size() * sizeof(T), /*isConstantData=*/false});
  };
  add(SectionKind::Strings, 1, strings);
  add(SectionKind::Metadata, 4, metadata);
  add(SectionKind::Types, 8, types);
  add(SectionKind::Functions, 8, functionEntries);
  add(SectionKind::Indices, 4, indices);
  add(SectionKind::Code, 4, code);
  add(SectionKind::Kernels, 4, kernels);
  add(SectionKind::KernelLibraries, 4, kernelLibraries);
  add(SectionKind::Constants, 8, constants);
  add(SectionKind::KernelLibraryCPU, 64, kernelLibraryCPU);
  add(SectionKind::KernelLibraryCUDA, 64, kernelLibraryCUDA);
  if (constantDataSize != 0)
    sections.push_back({SectionKind::ConstantData,
                        static_cast<uint32_t>(kConstantAlignment), nullptr,
                        constantDataSize, /*isConstantData=*/true});
  // Debug information, like DWARF, after everything that runs.
  add(SectionKind::InstructionLocations, 4, instructionLocations);

  uint64_t offset =
      sizeof(FileHeader) + sections.size() * sizeof(SectionHeader);
  std::vector<SectionHeader> table;
  for (const PendingSection &section : sections) {
    offset = (offset + section.alignment - 1) / section.alignment *
             section.alignment;
    SectionHeader header;
    std::memset(&header, 0, sizeof(header));
    header.kind = static_cast<uint32_t>(section.kind);
    header.alignment = section.alignment;
    header.offset = offset;
    header.size = section.size;
    table.push_back(header);
    offset += section.size;
  }

  // Appended in order, so that each byte (the weights are most of them) is
  // written once: no zero fill of the whole file first, no staging copy of
  // the constants.
  std::vector<uint8_t> file;
  file.reserve(offset);
  FileHeader header;
  std::memset(&header, 0, sizeof(header));
  std::memcpy(header.magic, kMagic, sizeof(kMagic));
  header.versionMajor = kVersionMajor;
  header.versionMinor = kVersionMinor;
  header.fileSize = offset;
  header.sectionCount = static_cast<uint32_t>(sections.size());
  appendBytes(file, &header, sizeof(header));
  appendBytes(file, table.data(), table.size() * sizeof(SectionHeader));
  for (size_t i = 0; i < sections.size(); ++i) {
    appendZeros(file, table[i].offset - file.size());
    if (!sections[i].isConstantData) {
      appendBytes(file, sections[i].data, sections[i].size);
      continue;
    }
    for (size_t c = 0; c < constants.size(); ++c) {
      appendZeros(file, table[i].offset + constants[c].offset - file.size());
      appendBytes(file, constantBytes[c].first, constantBytes[c].second);
    }
    appendZeros(file, table[i].offset + table[i].size - file.size());
  }
  return file;
}

Status ModuleWriter::writeFile(const std::string &path) const {
  StatusOr<std::vector<uint8_t>> bytes = finish();
  if (!bytes)
    return bytes.getStatus();
  return writeFileAtomically(path, bytes->data(), bytes->size());
}
