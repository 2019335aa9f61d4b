//===- Verifier.cpp - Verifying a loaded .smod module ---------------------===//
//
// Implements Module::verify, which checks every byte a later reader will
// touch, so that the VM, the disassembler and the C API can index tables and
// decode instructions without any further bounds checks: header, section
// table, strings, metadata, types, constants, kernels, function entries,
// instruction locations and every function's bytecode. The verifier is the
// runtime's security boundary against malformed, truncated or hostile files:
// it must return an error Status, never crash, whatever the input (test/fuzz
// and the "corrupt every region" unit test hold it to that).
//
//===----------------------------------------------------------------------===//

#include "strata/Runtime/CpuFeatures.h"
#include "strata/Runtime/Disassembler.h"
#include "strata/Runtime/Module.h"

#include <algorithm>
#include <cstring>
#include <limits>
#include <set>
#include <vector>

using namespace strata::runtime;
using namespace strata::runtime::bytecode;

namespace {

/// What the verifier knows about each section kind: its name in messages,
/// its entry size (tables must be a whole number of entries) and the
/// smallest alignment that makes its entries naturally aligned (the module
/// reads entries in place, through typed pointers).
struct SectionRule {
  const char *name;
  uint32_t entrySize;
  uint32_t minAlignment;
};

const SectionRule &getSectionRule(uint32_t kind) {
  static const SectionRule rules[kNumSectionKinds + 1] = {
      {"invalid", 1, 1},
      {"strings", 1, 1},
      {"types", sizeof(TypeEntry), alignof(TypeEntry)},
      {"functions", sizeof(FunctionEntry), alignof(FunctionEntry)},
      {"code", sizeof(uint32_t), alignof(uint32_t)},
      {"indices", sizeof(uint32_t), alignof(uint32_t)},
      {"constants", sizeof(ConstantEntry), alignof(ConstantEntry)},
      {"constant-data", 1, static_cast<uint32_t>(kConstantAlignment)},
      {"kernels", sizeof(KernelEntry), alignof(KernelEntry)},
      {"kernel-library-cpu", 1, 1},
      {"metadata", sizeof(MetadataEntry), alignof(MetadataEntry)},
      {"instruction-locations", sizeof(InstructionLocation),
       alignof(InstructionLocation)},
      {"kernel-libraries", sizeof(uint32_t), alignof(uint32_t)},
      {"kernel-library-cuda", 1, alignof(uint64_t)},
  };
  return kind <= kNumSectionKinds ? rules[kind] : rules[0];
}

bool isPowerOfTwo(uint64_t value) {
  return value != 0 && (value & (value - 1)) == 0;
}

bool isIntegerDType(uint8_t dtype) {
  switch (static_cast<DType>(dtype)) {
  case DType::I1:
  case DType::I8:
  case DType::I16:
  case DType::I32:
  case DType::I64:
  case DType::U8:
  case DType::U16:
  case DType::U32:
  case DType::U64:
    return true;
  default:
    return false;
  }
}

/// True when a reshape may view elements of `from` as `to`: the same dtype,
/// or integer dtypes of one size (unsigned arguments viewed as signless).
bool isReinterpretable(uint8_t to, uint8_t from) {
  return to == from || (isIntegerDType(to) && isIntegerDType(from) &&
                        getDTypeSize(static_cast<DType>(to)) ==
                            getDTypeSize(static_cast<DType>(from)) &&
                        to != static_cast<uint8_t>(DType::I1) &&
                        from != static_cast<uint8_t>(DType::I1));
}

/// The offset of the first byte of `text` that is not part of a valid
/// UTF-8 sequence (RFC 3629: no overlong forms, no surrogates, at most
/// U+10FFFF; what Python's strict decoder accepts), or `size`.
size_t findInvalidUtf8(const char *text, size_t size) {
  const auto *bytes = reinterpret_cast<const unsigned char *>(text);
  size_t i = 0;
  while (i < size) {
    unsigned char c = bytes[i];
    if (c < 0x80) {
      ++i;
      continue;
    }
    size_t length;
    unsigned char low = 0x80, high = 0xbf; // Range of the second byte.
    if (c >= 0xc2 && c <= 0xdf) {
      length = 2;
    } else if (c >= 0xe0 && c <= 0xef) {
      length = 3;
      if (c == 0xe0)
        low = 0xa0; // No overlong forms.
      else if (c == 0xed)
        high = 0x9f; // No surrogates.
    } else if (c >= 0xf0 && c <= 0xf4) {
      length = 4;
      if (c == 0xf0)
        low = 0x90;
      else if (c == 0xf4)
        high = 0x8f; // At most U+10FFFF.
    } else {
      return i;
    }
    if (size - i < length || bytes[i + 1] < low || bytes[i + 1] > high)
      return i;
    for (size_t k = 2; k < length; ++k)
      if ((bytes[i + k] & 0xc0) != 0x80)
        return i;
    i += length;
  }
  return size;
}

uint32_t countDynamicDims(const TypeEntry &type) {
  uint32_t count = 0;
  for (unsigned i = 0; i < type.rank && i < kMaxRank; ++i)
    count += type.dims[i] == kDynamicDim;
  return count;
}

/// Same kind, and for tensors the same dtype and rank: what the VM needs
/// to move a value between two registers (dims are checked at run time).
bool isCompatible(const TypeEntry &a, const TypeEntry &b) {
  if (a.kind != b.kind)
    return false;
  if (a.kind != static_cast<uint8_t>(TypeKind::Tensor))
    return true;
  return a.dtype == b.dtype && a.rank == b.rank;
}

/// Verifies the bytecode of one function whose entry, register types and
/// result types were already checked (as were all other functions'
/// entries, which calls are checked against).
class FunctionVerifier {
public:
  FunctionVerifier(const Module &module, const FunctionEntry &function)
      : module(module), function(function), code(module.getCode(function)),
        registerTypes(module.getRegisterTypes(function)),
        types(module.getTypes()),
        prefix(module.getName() + ": function '" +
               module.getString(function.name) + "': ") {}

  Status verify();

private:
  /// One decoded operand: its format character, the word it starts at,
  /// and its value (or, for lists, where the registers are and how many).
  struct Operand {
    char kind;
    uint32_t word;
    uint64_t value;
    uint32_t listBegin;
    uint32_t listCount;
  };

  Status fail(const std::string &message) const {
    return Status::error(prefix + "instruction at word " +
                         std::to_string(start) + " (" + mnemonic +
                         "): " + message);
  }
  const TypeEntry &typeOf(uint32_t reg) const {
    return types[registerTypes[reg]];
  }
  std::string describe(uint32_t reg) const {
    return "%r" + std::to_string(reg) + " (" + formatType(typeOf(reg)) + ")";
  }
  uint32_t listRegister(const Operand &operand, uint32_t i) const {
    return code[operand.listBegin + i];
  }

  Status decode();
  Status checkRegisters();
  Status checkSemantics();
  Status expectKind(uint32_t reg, TypeKind kind, const std::string &role);
  Status expectI64List(const Operand &list, const std::string &role);
  Status expectDynamicDims(const Operand &list, uint32_t dest);
  Status expectIntegerTensor(uint32_t reg, const std::string &role);
  Status expectSignature(const Operand &list, Span<uint32_t> signature,
                         const std::string &role);

  const Module &module;
  const FunctionEntry &function;
  Span<uint32_t> code;
  Span<uint32_t> registerTypes;
  Span<TypeEntry> types;
  std::string prefix;

  // The instruction being verified.
  uint32_t start = 0;
  /// The word after it.
  uint32_t end = 0;
  Opcode opcode = Opcode::Move;
  const char *mnemonic = "";
  std::vector<Operand> operands;
};

Status FunctionVerifier::verify() {
  if (function.codeSize == 0)
    return Status::error(prefix + "has no instructions");
  std::vector<bool> isStart(code.size(), false);
  // (instruction start, target) of every branch operand.
  std::vector<std::pair<uint32_t, uint32_t>> branches;
  uint32_t pc = 0;
  while (pc < code.size()) {
    start = pc;
    isStart[pc] = true;
    if (Status status = decode(); !status)
      return status;
    if (Status status = checkRegisters(); !status)
      return status;
    if (Status status = checkSemantics(); !status)
      return status;
    for (const Operand &operand : operands)
      if (operand.kind == 'b')
        branches.emplace_back(start, static_cast<uint32_t>(operand.value));
    pc = end;
  }
  // `start` is now the last instruction.
  if (opcode != Opcode::Branch && opcode != Opcode::CondBranch &&
      opcode != Opcode::Return)
    return fail("the last instruction must be br, cond_br or ret, so that "
                "control cannot run off the end of the function");
  for (auto [from, target] : branches) {
    if (target >= code.size() || !isStart[target]) {
      start = from;
      opcode = static_cast<Opcode>(code[from]);
      mnemonic = kOpcodeInfo[code[from]].mnemonic;
      return fail("branch target ^" + std::to_string(target) +
                  (target >= code.size()
                       ? " is past the end of the function (" +
                             std::to_string(code.size()) + " words)"
                       : " is not the start of an instruction"));
    }
  }
  return Status::success();
}

Status FunctionVerifier::decode() {
  uint32_t op = code[start];
  mnemonic = "?";
  if (op >= static_cast<uint32_t>(Opcode::NumOpcodes))
    return fail("unknown opcode " + std::to_string(op) + " (" +
                std::to_string(static_cast<uint32_t>(Opcode::NumOpcodes)) +
                " opcodes)");
  opcode = static_cast<Opcode>(op);
  mnemonic = kOpcodeInfo[op].mnemonic;
  operands.clear();
  size_t size = code.size();
  size_t pc = start + 1;
  for (const char *kind = kOpcodeInfo[op].format; *kind; ++kind) {
    Operand operand{*kind, static_cast<uint32_t>(pc), 0, 0, 0};
    size_t words = *kind == 'i' ? 2 : 1;
    if (words > size - pc)
      return fail("operand " + std::to_string(operands.size()) +
                  " runs past the end of the function (" +
                  std::to_string(size) + " words)");
    if (*kind == 'i') {
      operand.value = static_cast<uint64_t>(code[pc]) |
                      (static_cast<uint64_t>(code[pc + 1]) << 32);
    } else {
      operand.value = code[pc];
    }
    pc += words;
    if (*kind == 'R' || *kind == 'D') {
      if (operand.value > size - pc)
        return fail("operand " + std::to_string(operands.size()) +
                    ": list of " + std::to_string(operand.value) +
                    " registers runs past the end of the function (" +
                    std::to_string(size) + " words)");
      operand.listBegin = static_cast<uint32_t>(pc);
      operand.listCount = static_cast<uint32_t>(operand.value);
      pc += operand.listCount;
    }
    operands.push_back(operand);
  }
  end = static_cast<uint32_t>(pc);
  return Status::success();
}

Status FunctionVerifier::checkRegisters() {
  auto check = [&](uint32_t reg) -> Status {
    if (reg >= function.numRegisters)
      return fail("register %r" + std::to_string(reg) + " out of range (" +
                  std::to_string(function.numRegisters) + " registers)");
    return Status::success();
  };
  for (const Operand &operand : operands) {
    if (operand.kind == 'd' || operand.kind == 'r') {
      if (Status status = check(static_cast<uint32_t>(operand.value)); !status)
        return status;
    } else if (operand.kind == 'R' || operand.kind == 'D') {
      for (uint32_t i = 0; i < operand.listCount; ++i)
        if (Status status = check(listRegister(operand, i)); !status)
          return status;
    }
  }
  return Status::success();
}

Status FunctionVerifier::expectKind(uint32_t reg, TypeKind kind,
                                    const std::string &role) {
  if (typeOf(reg).kind == static_cast<uint8_t>(kind))
    return Status::success();
  const char *expected = kind == TypeKind::I64      ? "i64"
                         : kind == TypeKind::Tensor ? "a tensor"
                                                    : "storage";
  return fail(role + " " + describe(reg) + " must be " + expected);
}

Status FunctionVerifier::expectI64List(const Operand &list,
                                       const std::string &role) {
  for (uint32_t i = 0; i < list.listCount; ++i)
    if (Status status = expectKind(listRegister(list, i), TypeKind::I64,
                                   role + " " + std::to_string(i));
        !status)
      return status;
  return Status::success();
}

Status FunctionVerifier::expectDynamicDims(const Operand &list, uint32_t dest) {
  uint32_t expected = countDynamicDims(typeOf(dest));
  if (list.listCount != expected)
    return fail(std::to_string(list.listCount) +
                " dynamic dims given, destination " + describe(dest) + " has " +
                std::to_string(expected));
  return expectI64List(list, "dynamic dim");
}

Status FunctionVerifier::expectIntegerTensor(uint32_t reg,
                                             const std::string &role) {
  if (Status status = expectKind(reg, TypeKind::Tensor, role); !status)
    return status;
  if (!isIntegerDType(typeOf(reg).dtype))
    return fail(role + " " + describe(reg) +
                " must have an integer element type (i1, i8, i16, i32, i64 "
                "or u8)");
  return Status::success();
}

Status FunctionVerifier::expectSignature(const Operand &list,
                                         Span<uint32_t> signature,
                                         const std::string &role) {
  if (list.listCount != signature.size())
    return fail(std::to_string(list.listCount) + " " + role + "s given, " +
                std::to_string(signature.size()) + " expected");
  for (uint32_t i = 0; i < list.listCount; ++i) {
    uint32_t reg = listRegister(list, i);
    const TypeEntry &expected = types[signature[i]];
    if (!isCompatible(typeOf(reg), expected))
      return fail(role + " " + std::to_string(i) + " " + describe(reg) +
                  " does not match the expected type " + formatType(expected));
  }
  return Status::success();
}

Status FunctionVerifier::checkSemantics() {
  auto reg = [&](size_t i) { return static_cast<uint32_t>(operands[i].value); };
  auto ok = Status::success;
  switch (opcode) {
  case Opcode::Move:
    if (!isCompatible(typeOf(reg(0)), typeOf(reg(1))))
      return fail("destination " + describe(reg(0)) + " and source " +
                  describe(reg(1)) + " have different types");
    return ok();
  case Opcode::Branch:
    return ok();
  case Opcode::CondBranch:
    return expectKind(reg(0), TypeKind::I64, "condition");
  case Opcode::Call: {
    uint64_t callee = operands[0].value;
    Span<FunctionEntry> functions = module.getFunctions();
    if (callee >= functions.size())
      return fail("function index " + std::to_string(callee) +
                  " out of range (" + std::to_string(functions.size()) +
                  " functions)");
    const FunctionEntry &target = functions[callee];
    Span<uint32_t> targetRegisters = module.getRegisterTypes(target);
    if (Status status = expectSignature(
            operands[1], Span<uint32_t>(targetRegisters.data(), target.numArgs),
            "argument");
        !status)
      return status;
    return expectSignature(operands[2], module.getResultTypes(target),
                           "result");
  }
  case Opcode::Return:
    return expectSignature(operands[0], module.getResultTypes(function),
                           "returned value");
  case Opcode::Assert:
    if (operands[1].value >= module.getStrings().size())
      return fail("message string offset " + std::to_string(operands[1].value) +
                  " out of range (" +
                  std::to_string(module.getStrings().size()) +
                  " bytes of strings)");
    return expectKind(reg(0), TypeKind::I64, "condition");
  case Opcode::Check:
    if (operands[1].value >= module.getStrings().size())
      return fail("message string offset " + std::to_string(operands[1].value) +
                  " out of range (" +
                  std::to_string(module.getStrings().size()) +
                  " bytes of strings)");
    if (Status status = expectKind(reg(0), TypeKind::I64, "condition"); !status)
      return status;
    return expectI64List(operands[2], "checked value");
  case Opcode::ConstI64:
    return expectKind(reg(0), TypeKind::I64, "destination");
  case Opcode::AddI:
  case Opcode::SubI:
  case Opcode::MulI:
  case Opcode::DivSI:
  case Opcode::RemSI:
  case Opcode::FloorDivSI:
  case Opcode::CeilDivSI:
  case Opcode::MinSI:
  case Opcode::MaxSI:
  case Opcode::DivUI:
  case Opcode::RemUI:
  case Opcode::MinUI:
  case Opcode::MaxUI:
  case Opcode::AndI:
  case Opcode::OrI:
  case Opcode::XorI:
    if (Status status = expectKind(reg(0), TypeKind::I64, "destination");
        !status)
      return status;
    if (Status status = expectKind(reg(1), TypeKind::I64, "lhs"); !status)
      return status;
    return expectKind(reg(2), TypeKind::I64, "rhs");
  case Opcode::CmpI:
    if (operands[1].value > kMaxCmpPredicate)
      return fail("comparison predicate " + std::to_string(operands[1].value) +
                  " out of range (at most " + std::to_string(kMaxCmpPredicate) +
                  ")");
    if (Status status = expectKind(reg(0), TypeKind::I64, "destination");
        !status)
      return status;
    if (Status status = expectKind(reg(2), TypeKind::I64, "lhs"); !status)
      return status;
    return expectKind(reg(3), TypeKind::I64, "rhs");
  case Opcode::Select:
    if (Status status = expectKind(reg(1), TypeKind::I64, "condition"); !status)
      return status;
    if (!isCompatible(typeOf(reg(0)), typeOf(reg(2))) ||
        !isCompatible(typeOf(reg(0)), typeOf(reg(3))))
      return fail("destination " + describe(reg(0)) + " and values " +
                  describe(reg(2)) + ", " + describe(reg(3)) +
                  " have different types");
    return ok();
  case Opcode::AllocStorage:
    if (Status status = expectKind(reg(0), TypeKind::Storage, "destination");
        !status)
      return status;
    return expectKind(reg(1), TypeKind::I64, "size");
  case Opcode::View:
    if (Status status = expectKind(reg(0), TypeKind::Tensor, "destination");
        !status)
      return status;
    if (Status status = expectKind(reg(1), TypeKind::Storage, "storage");
        !status)
      return status;
    if (Status status = expectKind(reg(2), TypeKind::I64, "byte offset");
        !status)
      return status;
    return expectDynamicDims(operands[3], reg(0));
  case Opcode::AllocTensor:
    if (Status status = expectKind(reg(0), TypeKind::Tensor, "destination");
        !status)
      return status;
    return expectDynamicDims(operands[1], reg(0));
  case Opcode::Constant: {
    if (Status status = expectKind(reg(0), TypeKind::Tensor, "destination");
        !status)
      return status;
    uint64_t index = operands[1].value;
    Span<ConstantEntry> constants = module.getConstants();
    if (index >= constants.size())
      return fail("constant index " + std::to_string(index) +
                  " out of range (" + std::to_string(constants.size()) +
                  " constants)");
    const TypeEntry &constantType = types[constants[index].type];
    const TypeEntry &destType = typeOf(reg(0));
    bool matches = isCompatible(constantType, destType);
    for (unsigned i = 0; matches && i < destType.rank; ++i)
      matches = destType.dims[i] == kDynamicDim ||
                destType.dims[i] == constantType.dims[i];
    if (!matches)
      return fail("destination " + describe(reg(0)) +
                  " does not match the constant's type " +
                  formatType(constantType));
    return ok();
  }
  case Opcode::Dim:
    if (Status status = expectKind(reg(0), TypeKind::I64, "destination");
        !status)
      return status;
    if (Status status = expectKind(reg(1), TypeKind::Tensor, "source"); !status)
      return status;
    if (operands[2].value >= typeOf(reg(1)).rank)
      return fail("dim " + std::to_string(operands[2].value) +
                  " out of range for " + describe(reg(1)));
    return ok();
  case Opcode::Reshape:
    if (Status status = expectKind(reg(0), TypeKind::Tensor, "destination");
        !status)
      return status;
    if (Status status = expectKind(reg(1), TypeKind::Tensor, "source"); !status)
      return status;
    if (!isReinterpretable(typeOf(reg(0)).dtype, typeOf(reg(1)).dtype))
      return fail("destination " + describe(reg(0)) + " and source " +
                  describe(reg(1)) +
                  " have element types that do not "
                  "reinterpret each other");
    return expectDynamicDims(operands[2], reg(0));
  case Opcode::Load:
  case Opcode::Store: {
    bool isLoad = opcode == Opcode::Load;
    // Load "drR" and Store "rrR" both have the i64 value first.
    uint32_t value = reg(0);
    uint32_t tensor = reg(1);
    if (Status status =
            expectKind(value, TypeKind::I64, isLoad ? "destination" : "value");
        !status)
      return status;
    if (Status status = expectIntegerTensor(tensor, "tensor"); !status)
      return status;
    const Operand &indices = operands[2];
    if (indices.listCount != typeOf(tensor).rank)
      return fail(std::to_string(indices.listCount) + " indices given, " +
                  describe(tensor) + " has rank " +
                  std::to_string(typeOf(tensor).rank));
    return expectI64List(indices, "index");
  }
  case Opcode::Copy:
    if (Status status = expectKind(reg(0), TypeKind::Tensor, "source"); !status)
      return status;
    if (Status status = expectKind(reg(1), TypeKind::Tensor, "destination");
        !status)
      return status;
    if (typeOf(reg(0)).dtype != typeOf(reg(1)).dtype)
      return fail("source " + describe(reg(0)) + " and destination " +
                  describe(reg(1)) + " have different element types");
    return ok();
  case Opcode::Launch: {
    uint64_t index = operands[0].value;
    Span<KernelEntry> kernels = module.getKernels();
    if (index >= kernels.size())
      return fail("kernel index " + std::to_string(index) + " out of range (" +
                  std::to_string(kernels.size()) + " kernels)");
    const KernelEntry &kernel = kernels[index];
    const Operand &args = operands[1];
    if (args.listCount != kernel.numArgs)
      return fail(std::to_string(args.listCount) +
                  " arguments given, kernel '" + module.getString(kernel.name) +
                  "' takes " + std::to_string(kernel.numArgs));
    for (uint32_t i = 0; i < args.listCount; ++i) {
      uint32_t arg = listRegister(args, i);
      if (typeOf(arg).kind == static_cast<uint8_t>(TypeKind::Storage))
        return fail("argument " + std::to_string(i) + " " + describe(arg) +
                    " must be i64 or a tensor");
    }
    return ok();
  }
  case Opcode::CallNative: {
    if (operands[0].value >= module.getStrings().size())
      return fail("native function name offset " +
                  std::to_string(operands[0].value) + " out of range (" +
                  std::to_string(module.getStrings().size()) +
                  " bytes of strings)");
    for (size_t list = 1; list <= 2; ++list) {
      for (uint32_t i = 0; i < operands[list].listCount; ++i) {
        uint32_t value = listRegister(operands[list], i);
        if (typeOf(value).kind == static_cast<uint8_t>(TypeKind::Storage))
          return fail(std::string(list == 1 ? "argument " : "result ") +
                      std::to_string(i) + " " + describe(value) +
                      " must be i64 or a tensor");
      }
    }
    return ok();
  }
  case Opcode::NumOpcodes:
    break;
  }
  return fail("unknown opcode");
}

} // namespace

//===----------------------------------------------------------------------===//
// Module::verify
//===----------------------------------------------------------------------===//

Status Module::verify() {
  auto fail = [&](const std::string &message) {
    return Status::error(name + ": " + message);
  };
  auto str = [](uint64_t value) { return std::to_string(value); };

  // Header.
  if (numBytes < sizeof(FileHeader))
    return fail("file too small for a module header (" + str(numBytes) +
                " bytes, need " + str(sizeof(FileHeader)) + ")");
  const FileHeader &header = getHeader();
  if (std::memcmp(header.magic, kMagic, sizeof(kMagic)) != 0)
    return fail("not a Strata module (bad magic)");
  if (header.versionMajor != kVersionMajor)
    return fail("unsupported format version " + str(header.versionMajor) + "." +
                str(header.versionMinor) + " (this runtime reads " +
                str(kVersionMajor) + ".x): " +
                (header.versionMajor < kVersionMajor
                     ? "rebuild the module with a current strata-compile"
                     : "the module was written by a newer Strata; load it "
                       "with that version's runtime"));
  if (header.fileSize != numBytes)
    return fail("header says the file has " + str(header.fileSize) +
                " bytes, it has " + str(numBytes) +
                (header.fileSize > numBytes ? " (truncated)" : ""));
  if (header.flags != 0)
    return fail("header flags " + str(header.flags) +
                " are reserved and must be 0");
  for (uint8_t byte : header.reserved)
    if (byte != 0)
      return fail("reserved header bytes must be 0");

  // Section table.
  uint64_t tableEnd = sizeof(FileHeader) +
                      uint64_t(header.sectionCount) * sizeof(SectionHeader);
  if (tableEnd > numBytes)
    return fail("section table (" + str(header.sectionCount) +
                " sections) runs past the end of the file (" + str(numBytes) +
                " bytes)");
  sections = Span<SectionHeader>(
      reinterpret_cast<const SectionHeader *>(bytes + sizeof(FileHeader)),
      header.sectionCount);
  int sectionOfKind[kNumSectionKinds + 1];
  std::fill(std::begin(sectionOfKind), std::end(sectionOfKind), -1);
  for (uint32_t i = 0; i < sections.size(); ++i) {
    const SectionHeader &section = sections[i];
    // A newer minor version may add sections that this runtime skips
    // (they are not needed to run the module: a format change that is
    // needed has a new major); their bounds are still checked.
    bool known = section.kind != 0 && section.kind <= kNumSectionKinds;
    if (!known && (section.kind == 0 || header.versionMinor <= kVersionMinor))
      return fail("section " + str(i) + ": unknown kind " + str(section.kind));
    const SectionRule &rule = getSectionRule(section.kind);
    std::string where = "section " + str(i) + " (" + rule.name + "): ";
    if (known) {
      if (sectionOfKind[section.kind] >= 0)
        return fail(where + "duplicate of section " +
                    str(sectionOfKind[section.kind]));
      sectionOfKind[section.kind] = static_cast<int>(i);
    }
    if (!isPowerOfTwo(section.alignment) || section.alignment > 4096)
      return fail(where + "alignment " + str(section.alignment) +
                  " is not a power of two <= 4096");
    if (section.alignment < rule.minAlignment)
      return fail(where + "alignment " + str(section.alignment) +
                  " is below the " + str(rule.minAlignment) +
                  " its contents need");
    if (section.offset % section.alignment != 0)
      return fail(where + "offset " + str(section.offset) +
                  " is not a multiple of its alignment " +
                  str(section.alignment));
    if (section.offset < tableEnd)
      return fail(where + "offset " + str(section.offset) +
                  " overlaps the header and section table (" + str(tableEnd) +
                  " bytes)");
    if (section.offset > numBytes || section.size > numBytes - section.offset)
      return fail(where + "bytes [" + str(section.offset) + ", +" +
                  str(section.size) + ") run past the end of the file (" +
                  str(numBytes) + " bytes)");
    if (section.size % rule.entrySize != 0)
      return fail(where + "size " + str(section.size) +
                  " is not a multiple of the entry size " +
                  str(rule.entrySize));
    if (section.size / rule.entrySize > std::numeric_limits<uint32_t>::max())
      return fail(where + "too many entries (" +
                  str(section.size / rule.entrySize) + ")");
  }
  std::vector<uint32_t> order;
  for (uint32_t i = 0; i < sections.size(); ++i)
    if (sections[i].size != 0)
      order.push_back(i);
  std::sort(order.begin(), order.end(), [&](uint32_t a, uint32_t b) {
    // Ties broken by index, so the message does not depend on the sort.
    return sections[a].offset != sections[b].offset
               ? sections[a].offset < sections[b].offset
               : a < b;
  });
  for (size_t i = 1; i < order.size(); ++i) {
    const SectionHeader &previous = sections[order[i - 1]];
    const SectionHeader &next = sections[order[i]];
    if (previous.offset + previous.size > next.offset)
      return fail("section " + str(order[i - 1]) + " (" +
                  getSectionRule(previous.kind).name + ") overlaps section " +
                  str(order[i]) + " (" + getSectionRule(next.kind).name + ")");
  }

  auto sectionBytes =
      [&](SectionKind kind) -> std::pair<const uint8_t *, uint64_t> {
    int index = sectionOfKind[static_cast<uint32_t>(kind)];
    if (index < 0)
      return {bytes, 0};
    return {bytes + sections[index].offset, sections[index].size};
  };
  auto table = [&](SectionKind kind, auto *type) {
    using T = std::remove_pointer_t<decltype(type)>;
    auto [data, size] = sectionBytes(kind);
    return Span<T>(reinterpret_cast<const T *>(data), size / sizeof(T));
  };
  strings = table(SectionKind::Strings, static_cast<char *>(nullptr));
  types = table(SectionKind::Types, static_cast<TypeEntry *>(nullptr));
  functions =
      table(SectionKind::Functions, static_cast<FunctionEntry *>(nullptr));
  code = table(SectionKind::Code, static_cast<uint32_t *>(nullptr));
  indices = table(SectionKind::Indices, static_cast<uint32_t *>(nullptr));
  constants =
      table(SectionKind::Constants, static_cast<ConstantEntry *>(nullptr));
  constantData =
      table(SectionKind::ConstantData, static_cast<uint8_t *>(nullptr));
  kernels = table(SectionKind::Kernels, static_cast<KernelEntry *>(nullptr));
  kernelLibraryCPU =
      table(SectionKind::KernelLibraryCPU, static_cast<uint8_t *>(nullptr));
  metadata =
      table(SectionKind::Metadata, static_cast<MetadataEntry *>(nullptr));
  instructionLocations = table(SectionKind::InstructionLocations,
                               static_cast<InstructionLocation *>(nullptr));
  kernelLibraries =
      table(SectionKind::KernelLibraries, static_cast<uint32_t *>(nullptr));
  kernelLibraryCUDA =
      table(SectionKind::KernelLibraryCUDA, static_cast<uint8_t *>(nullptr));

  // Strings: every offset below the size names a NUL-terminated string.
  if (!strings.empty() && strings[strings.size() - 1] != '\0')
    return fail("strings section does not end with a NUL byte");
  // Names and messages reach users (and Python's str) as UTF-8.
  if (size_t bad = findInvalidUtf8(strings.data(), strings.size());
      bad != strings.size())
    return fail("strings section: invalid UTF-8 at byte " + str(bad));
  auto checkString = [&](uint32_t offset, bool optional,
                         const std::string &what) -> Status {
    if (optional && offset == kNoString)
      return Status::success();
    if (offset >= strings.size())
      return fail(what + ": string offset " + str(offset) + " out of range (" +
                  str(strings.size()) + " bytes of strings)");
    return Status::success();
  };

  // Metadata.
  int cpuFeaturesEntry = -1;
  for (uint32_t i = 0; i < metadata.size(); ++i) {
    std::string where = "metadata entry " + str(i);
    if (Status status = checkString(metadata[i].key, false, where + " key");
        !status)
      return status;
    if (Status status = checkString(metadata[i].value, false, where + " value");
        !status)
      return status;
    if (std::string_view(getString(metadata[i].key)) != kMetadataCpuFeatures)
      continue;
    if (cpuFeaturesEntry >= 0)
      return fail(where + ": a second '" + kMetadataCpuFeatures +
                  "' entry (the first is entry " + str(cpuFeaturesEntry) + ")");
    cpuFeaturesEntry = static_cast<int>(i);
    StatusOr<std::vector<std::string>> features =
        parseCpuFeatureList(getString(metadata[i].value));
    if (!features)
      return fail(where + " ('" + kMetadataCpuFeatures +
                  "'): " + features.message());
    requiredCpuFeatures = std::move(*features);
  }

  // Types.
  for (uint32_t i = 0; i < types.size(); ++i) {
    const TypeEntry &type = types[i];
    std::string where = "type " + str(i) + ": ";
    for (uint8_t byte : type.reserved)
      if (byte != 0)
        return fail(where + "reserved bytes must be 0");
    // Switch on the raw byte: the file may hold any value.
    switch (type.kind) {
    case uint8_t(TypeKind::I64):
    case uint8_t(TypeKind::Storage): {
      bool clean = type.dtype == 0 && type.rank == 0;
      for (int64_t dim : type.dims)
        clean = clean && dim == 0;
      if (!clean)
        return fail(where +
                    (type.kind == uint8_t(TypeKind::I64) ? "i64" : "storage") +
                    " type must have dtype, rank and dims 0");
      break;
    }
    case uint8_t(TypeKind::Tensor):
      if (type.dtype == 0 || type.dtype > kMaxDType)
        return fail(where + "invalid dtype " + str(type.dtype));
      if (type.rank > kMaxRank)
        return fail(where + "rank " + str(type.rank) + " exceeds the maximum " +
                    str(kMaxRank));
      for (unsigned d = 0; d < kMaxRank; ++d) {
        if (d < type.rank && type.dims[d] < 0 && type.dims[d] != kDynamicDim)
          return fail(where + "dim " + str(d) + " is negative (" +
                      std::to_string(type.dims[d]) + ")");
        if (d >= type.rank && type.dims[d] != 0)
          return fail(where + "unused dim " + str(d) + " must be 0 (rank " +
                      str(type.rank) + ")");
      }
      break;
    default:
      return fail(where + "invalid kind " + str(type.kind));
    }
  }

  // Constants.
  if (!constantData.empty() &&
      sections[sectionOfKind[uint32_t(SectionKind::ConstantData)]].alignment <
          kConstantAlignment)
    return fail("constant data section must be 64-byte aligned");
  for (uint32_t i = 0; i < constants.size(); ++i) {
    const ConstantEntry &constant = constants[i];
    std::string where = "constant " + str(i);
    if (Status status = checkString(constant.name, false, where + " name");
        !status)
      return status;
    where += " ('" + std::string(getString(constant.name)) + "'): ";
    if (constant.type >= types.size())
      return fail(where + "type index " + str(constant.type) +
                  " out of range (" + str(types.size()) + " types)");
    const TypeEntry &type = types[constant.type];
    if (type.kind != uint8_t(TypeKind::Tensor))
      return fail(where + "type " + formatType(type) + " is not a tensor");
    uint64_t expected = getDTypeSize(static_cast<DType>(type.dtype));
    for (unsigned d = 0; d < type.rank; ++d) {
      if (type.dims[d] == kDynamicDim)
        return fail(where + "type " + formatType(type) +
                    " does not have a static shape");
      auto dim = static_cast<uint64_t>(type.dims[d]);
      if (dim != 0 && expected > std::numeric_limits<uint64_t>::max() / dim)
        return fail(where + "byte size of " + formatType(type) + " overflows");
      expected *= dim;
    }
    if (constant.size != expected)
      return fail(where + "size " + str(constant.size) + " does not match " +
                  formatType(type) + " (" + str(expected) + " bytes)");
    if (constant.offset % kConstantAlignment != 0)
      return fail(where + "offset " + str(constant.offset) +
                  " is not a multiple of " + str(kConstantAlignment));
    if (constant.offset > constantData.size() ||
        constant.size > constantData.size() - constant.offset)
      return fail(where + "bytes [" + str(constant.offset) + ", +" +
                  str(constant.size) + ") run past the constant data (" +
                  str(constantData.size()) + " bytes)");
  }

  // The CUDA library: its table and every range it names within it.
  std::set<std::string_view> cudaEntries;
  if (!kernelLibraryCUDA.empty()) {
    const uint8_t *base = kernelLibraryCUDA.data();
    uint64_t size = kernelLibraryCUDA.size();
    std::string where = "CUDA kernel library: ";
    if (size < sizeof(CudaLibraryHeader))
      return fail(where + "shorter than its header");
    CudaLibraryHeader header;
    std::memcpy(&header, base, sizeof(header));
    if (std::memcmp(header.magic, kCudaLibraryMagic, sizeof(header.magic)))
      return fail(where + "bad magic");
    auto inside = [&](uint64_t offset, uint64_t length) {
      return offset <= size && length <= size - offset;
    };
    if (header.kernelCount >
            (size - sizeof(CudaLibraryHeader)) / sizeof(CudaKernelImage) ||
        !inside(header.chipOffset, header.chipSize))
      return fail(where + "table or chip name out of range");
    for (uint32_t i = 0; i < header.kernelCount; ++i) {
      CudaKernelImage image;
      std::memcpy(&image,
                  base + sizeof(CudaLibraryHeader) +
                      i * sizeof(CudaKernelImage),
                  sizeof(image));
      std::string entry = where + "kernel " + str(i) + ": ";
      if (!inside(image.nameOffset, image.nameSize) || image.nameSize == 0 ||
          !inside(image.ptxOffset, image.ptxSize) || image.ptxSize == 0 ||
          !inside(image.cubinOffset, image.cubinSize))
        return fail(entry + "name, PTX or cubin out of range");
      if (base[image.ptxOffset + image.ptxSize - 1] != 0)
        return fail(entry + "PTX does not end with a NUL byte");
      uint64_t threads =
          uint64_t(image.block[0]) * image.block[1] * image.block[2];
      if (threads == 0 || threads > 1024)
        return fail(entry + "blocks of " + str(threads) +
                    " threads (expected 1 to 1024)");
      if (image.gridFactorCount > 0) {
        if (!inside(image.gridFactorsOffset,
                    uint64_t(image.gridFactorCount) * sizeof(CudaGridFactor)))
          return fail(entry + "grid factors out of range");
        if (image.gridScale == 0 || image.grid[0] == 0)
          return fail(entry + "a computed grid needs a scale and a cap of at "
                              "least 1");
        for (uint32_t f = 0; f < image.gridFactorCount; ++f) {
          CudaGridFactor factor;
          std::memcpy(&factor,
                      base + image.gridFactorsOffset + f * sizeof(factor),
                      sizeof(factor));
          if (factor.step == 0 || factor.dim < -1 ||
              factor.dim >= static_cast<int32_t>(kMaxRank))
            return fail(entry + "grid factor " + str(f) + ": step " +
                        str(factor.step) + ", dim " +
                        std::to_string(factor.dim) +
                        " (expected a step of at least 1 and a dim from -1 "
                        "to " +
                        str(kMaxRank - 1) + ")");
        }
      }
      cudaEntries.insert(std::string_view(
          reinterpret_cast<const char *>(base + image.nameOffset),
          image.nameSize));
    }
  }

  // Kernels.
  if (sectionOfKind[uint32_t(SectionKind::KernelLibraries)] >= 0 &&
      kernelLibraries.size() != kernels.size())
    return fail("kernel-libraries section has " + str(kernelLibraries.size()) +
                " entries for " + str(kernels.size()) + " kernels");
  for (uint32_t i = 0; i < kernels.size(); ++i) {
    const KernelEntry &kernel = kernels[i];
    std::string where = "kernel " + str(i);
    if (Status status = checkString(kernel.name, false, where + " name");
        !status)
      return status;
    where += " ('" + std::string(getString(kernel.name)) + "')";
    if (Status status = checkString(kernel.symbol, false, where + " symbol");
        !status)
      return status;
    if (Status status =
            checkString(kernel.gridSymbol, true, where + " grid symbol");
        !status)
      return status;
    if (Status status = checkString(kernel.location, true, where + " location");
        !status)
      return status;
    if (getString(kernel.symbol)[0] == '\0')
      return fail(where + ": empty symbol");
    if (kernel.numOutputs > kernel.numArgs)
      return fail(where + ": " + str(kernel.numOutputs) + " outputs but only " +
                  str(kernel.numArgs) + " arguments");
    // The library holding it: one of a device this runtime runs.
    if (!kernelLibraries.empty() && !getKernelLibraryDevice(kernelLibraries[i]))
      return fail(where + ": library section kind " + str(kernelLibraries[i]) +
                  " (" + getSectionRule(kernelLibraries[i]).name +
                  ") is not a kernel library this runtime runs (cpu, "
                  "cuda)");
    if (!kernelLibraries.empty() &&
        kernelLibraries[i] == uint32_t(SectionKind::KernelLibraryCUDA) &&
        !cudaEntries.count(getString(kernel.symbol)))
      return fail(where + ": no entry '" +
                  std::string(getString(kernel.symbol)) +
                  "' in the CUDA kernel library");
  }

  // Function entries (all of them before any code: calls check callees).
  std::set<std::string_view> functionNames;
  for (uint32_t i = 0; i < functions.size(); ++i) {
    const FunctionEntry &function = functions[i];
    std::string where = "function " + str(i);
    if (Status status = checkString(function.name, false, where + " name");
        !status)
      return status;
    std::string_view functionName = getString(function.name);
    where = "function '" + std::string(functionName) + "': ";
    if (!functionNames.insert(functionName).second)
      return fail(where + "defined twice");
    if (Status status =
            checkString(function.location, true, where + "location");
        !status)
      return status;
    if (function.flags != 0)
      return fail(where + "flags " + str(function.flags) +
                  " are reserved and must be 0");
    if (function.numArgs > function.numRegisters)
      return fail(where + str(function.numArgs) + " arguments but only " +
                  str(function.numRegisters) + " registers");
    if (uint64_t(function.registerTypes) + function.numRegisters >
        indices.size())
      return fail(where + "register types [" + str(function.registerTypes) +
                  ", +" + str(function.numRegisters) +
                  ") run past the indices section (" + str(indices.size()) +
                  " entries)");
    if (uint64_t(function.resultTypes) + function.numResults > indices.size())
      return fail(where + "result types [" + str(function.resultTypes) + ", +" +
                  str(function.numResults) +
                  ") run past the indices section (" + str(indices.size()) +
                  " entries)");
    if (uint64_t(function.codeOffset) + function.codeSize > code.size())
      return fail(where + "code [" + str(function.codeOffset) + ", +" +
                  str(function.codeSize) + ") runs past the code section (" +
                  str(code.size()) + " words)");
    Span<uint32_t> registerTypes = getRegisterTypes(function);
    for (uint32_t r = 0; r < registerTypes.size(); ++r) {
      if (registerTypes[r] >= types.size())
        return fail(where + "register %r" + str(r) + " has type index " +
                    str(registerTypes[r]) + " out of range (" +
                    str(types.size()) + " types)");
      uint8_t kind = types[registerTypes[r]].kind;
      if (r < function.numArgs && kind == uint8_t(TypeKind::Storage))
        return fail(where + "argument %r" + str(r) +
                    " must be i64 or a tensor, is storage");
    }
    Span<uint32_t> resultTypes = getResultTypes(function);
    for (uint32_t r = 0; r < resultTypes.size(); ++r) {
      if (resultTypes[r] >= types.size())
        return fail(where + "result " + str(r) + " has type index " +
                    str(resultTypes[r]) + " out of range (" +
                    str(types.size()) + " types)");
      if (types[resultTypes[r]].kind == uint8_t(TypeKind::Storage))
        return fail(where + "result " + str(r) +
                    " must be i64 or a tensor, is storage");
    }
  }

  // Instruction locations: sorted, inside the code, valid strings.
  for (uint32_t i = 0; i < instructionLocations.size(); ++i) {
    const InstructionLocation &entry = instructionLocations[i];
    std::string where = "instruction location " + str(i);
    if (entry.codeWord >= code.size())
      return fail(where + ": code word " + str(entry.codeWord) +
                  " out of range (" + str(code.size()) + " words)");
    if (i > 0 && entry.codeWord <= instructionLocations[i - 1].codeWord)
      return fail(where + ": code word " + str(entry.codeWord) +
                  " does not follow the previous entry's " +
                  str(instructionLocations[i - 1].codeWord));
    if (Status status = checkString(entry.location, true, where); !status)
      return status;
  }

  // Bytecode.
  for (const FunctionEntry &function : functions)
    if (Status status = FunctionVerifier(*this, function).verify(); !status)
      return status;
  return Status::success();
}
