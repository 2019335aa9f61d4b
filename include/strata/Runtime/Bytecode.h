//===- Bytecode.h - The .smod file format and instruction set ---*- C++ -*-===//
//
// The one definition of Strata's module file (.smod) and of the VM's
// instruction set. The compiler's serializer (lib/Target/Bytecode), the
// runtime's loader and verifier, and the disassembler (strata-dump) all
// include this header, so an encoder and a decoder can never disagree.
// Plain C++17: no MLIR, no LLVM. docs/ModuleFormat.md describes the format.
//
//===----------------------------------------------------------------------===//

#ifndef STRATA_RUNTIME_BYTECODE_H
#define STRATA_RUNTIME_BYTECODE_H

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace strata::runtime::bytecode {

//===----------------------------------------------------------------------===//
// File layout
//===----------------------------------------------------------------------===//
//
// All integers are little-endian. A file is:
//   FileHeader (64 bytes, offset 0)
//   SectionHeader[sectionCount]          (right after the header)
//   section payloads, each at its SectionHeader::offset, aligned to
//   SectionHeader::alignment (a power of two; ConstantData uses 64).
// Sections never overlap and lie within fileSize. Each kind appears at most
// once. Tables (Types, Functions, Constants, Kernels, Indices, Metadata) are
// arrays of the fixed-size entries below; their size must be a multiple of
// the entry size.

/// "STRATAMD": the first eight bytes of every module.
inline constexpr char kMagic[8] = {'S', 'T', 'R', 'A', 'T', 'A', 'M', 'D'};
/// Bumped on any incompatible change; the loader rejects other majors.
/// 2.0: the "cpu-features" metadata entry (1.x runtimes would ignore it and
/// run kernels the CPU cannot execute; 1.x modules do not have it).
/// 2.1: the instruction-locations section. From 2.1 on, the loader skips
/// section kinds it does not know in a module of a newer minor version
/// (a 2.0 runtime rejects them).
/// 2.2: the kernel-libraries section: the library (and so the device) of
/// each kernel. A 2.1 runtime skips it and looks every kernel up in the
/// CPU library, which is right for the CPU-only modules compilers write
/// today and fails to resolve the symbols of any other.
/// 2.3: the CUDA kernel library section (KernelLibraryCUDA).
/// 2.4: CUDA kernel images of 96 bytes with a grid computed from the
/// launch's arguments (CudaGridFactor). No 2.3 CUDA module had run on a GPU
/// (no runtime of 2.3 read one in use); the loader rejects their 80-byte
/// images by the library's size checks.
inline constexpr uint32_t kVersionMajor = 2;
inline constexpr uint32_t kVersionMinor = 4;
/// The metadata key of the CPU features the kernel library was compiled
/// for: LLVM's x86 names separated by commas ("sse,sse2,avx,avx2,fma"),
/// checked against the host at load (CpuFeatures.h). The compiler always
/// writes it with a kernel library; absent, nothing is required.
inline constexpr char kMetadataCpuFeatures[] = "cpu-features";
/// The metadata key of the runtime plugins the module's native calls need
/// (comma-separated names; Plugins.h). Native function "P.<name>" comes
/// from plugin P, except the runtime's own "strata.<name>".
inline constexpr char kMetadataPlugins[] = "plugins";
/// The plugin providing native function `name`, or "" (the runtime's own
/// functions and names without a "P." prefix).
inline std::string_view getNativeFunctionPlugin(std::string_view name) {
  size_t dot = name.find('.');
  if (dot == std::string_view::npos || dot == 0)
    return {};
  std::string_view plugin = name.substr(0, dot);
  return plugin == "strata" ? std::string_view() : plugin;
}
/// Alignment of the constant data section and of every constant in it, so
/// that kernels can use aligned vector loads on the weights in place.
inline constexpr uint64_t kConstantAlignment = 64;
/// The largest tensor rank a type entry holds.
inline constexpr uint32_t kMaxRank = 8;
/// The dims value of a dynamic (`?`) dimension in a TypeEntry.
inline constexpr int64_t kDynamicDim = -1;
/// An absent string (e.g. a kernel without a grid function).
inline constexpr uint32_t kNoString = 0xffffffffu;

struct FileHeader {
  char magic[8];
  uint32_t versionMajor;
  uint32_t versionMinor;
  /// Size of the whole file in bytes; a shorter file is truncated.
  uint64_t fileSize;
  uint32_t sectionCount;
  uint32_t flags; // Reserved, 0.
  uint8_t reserved[32];
};
static_assert(sizeof(FileHeader) == 64, "FileHeader is 64 bytes");

enum class SectionKind : uint32_t {
  /// NUL-terminated strings; a string is named by its byte offset.
  Strings = 1,
  /// TypeEntry[]: the types of registers, signatures and constants.
  Types = 2,
  /// FunctionEntry[]: the bytecode functions.
  Functions = 3,
  /// uint32_t[]: the instruction words of all functions.
  Code = 4,
  /// uint32_t[]: index lists (register types, result types).
  Indices = 5,
  /// ConstantEntry[]: the constant pool's table.
  Constants = 6,
  /// Raw bytes of the constants, 64-byte aligned (used in place).
  ConstantData = 7,
  /// KernelEntry[]: the kernels launch instructions name.
  Kernels = 8,
  /// The CPU kernels: one ELF shared object (x86-64 Linux).
  KernelLibraryCPU = 9,
  /// MetadataEntry[]: key/value strings (producer, source, target, ...).
  Metadata = 10,
  /// InstructionLocation[]: source locations of the instructions (2.1).
  InstructionLocations = 11,
  /// uint32_t[]: for each Kernels entry, the SectionKind of the kernel
  /// library that holds it (2.2). Absent (modules before 2.2), every kernel
  /// is in KernelLibraryCPU.
  KernelLibraries = 12,
  /// The CUDA kernels (2.3; 2.4 images): a CudaLibraryHeader, a
  /// CudaKernelImage per distinct kernel, and their names, PTX, cubins and
  /// grid factors.
  KernelLibraryCUDA = 13,
};
inline constexpr uint32_t kNumSectionKinds = 13;

/// The device that runs the kernels of kernel library section `kind`
/// ("cpu", "cuda"), or nullptr when `kind` is not a kernel library this
/// version knows.
inline const char *getKernelLibraryDevice(uint32_t kind) {
  if (kind == static_cast<uint32_t>(SectionKind::KernelLibraryCPU))
    return "cpu";
  if (kind == static_cast<uint32_t>(SectionKind::KernelLibraryCUDA))
    return "cuda";
  return nullptr;
}

struct SectionHeader {
  uint32_t kind; // SectionKind
  uint32_t alignment;
  uint64_t offset;
  uint64_t size;
};
static_assert(sizeof(SectionHeader) == 24, "SectionHeader is 24 bytes");

/// Element types of tensors. Index tensors are stored as I64.
enum class DType : uint8_t {
  Invalid = 0,
  F32 = 1,
  F64 = 2,
  F16 = 3,
  BF16 = 4,
  I1 = 5, // One byte per element (0 or 1).
  I8 = 6,
  I16 = 7,
  I32 = 8,
  I64 = 9,
  U8 = 10,
  U16 = 11,
  U32 = 12,
  U64 = 13,
};
inline constexpr uint8_t kMaxDType = 13;

/// Size in bytes of one element (0 for Invalid).
constexpr size_t getDTypeSize(DType type) {
  switch (type) {
  case DType::F32:
  case DType::I32:
  case DType::U32:
    return 4;
  case DType::F64:
  case DType::I64:
  case DType::U64:
    return 8;
  case DType::F16:
  case DType::BF16:
  case DType::I16:
  case DType::U16:
    return 2;
  case DType::I1:
  case DType::I8:
  case DType::U8:
    return 1;
  case DType::Invalid:
    break;
  }
  return 0;
}

/// Short name: "f32", "i64", "bf16", "i1", ... ("invalid" for Invalid).
constexpr const char *getDTypeName(DType type) {
  switch (type) {
  case DType::F32:
    return "f32";
  case DType::F64:
    return "f64";
  case DType::F16:
    return "f16";
  case DType::BF16:
    return "bf16";
  case DType::I1:
    return "i1";
  case DType::I8:
    return "i8";
  case DType::I16:
    return "i16";
  case DType::I32:
    return "i32";
  case DType::I64:
    return "i64";
  case DType::U8:
    return "u8";
  case DType::U16:
    return "u16";
  case DType::U32:
    return "u32";
  case DType::U64:
    return "u64";
  case DType::Invalid:
    break;
  }
  return "invalid";
}

/// What a register (or a signature slot) holds.
enum class TypeKind : uint8_t {
  /// A 64-bit integer (index arithmetic, shapes, scalar loads).
  I64 = 1,
  /// A tensor view: element type + shape (some dims may be dynamic).
  Tensor = 2,
  /// Raw device storage that views are carved from (memory planning).
  Storage = 3,
};

struct TypeEntry {
  uint8_t kind;  // TypeKind
  uint8_t dtype; // DType; Tensor only.
  uint8_t rank;  // Tensor only, <= kMaxRank.
  uint8_t reserved[5];
  /// Tensor only: dims[0, rank) are sizes >= 0 or kDynamicDim; the rest 0.
  int64_t dims[kMaxRank];
};
static_assert(sizeof(TypeEntry) == 72, "TypeEntry is 72 bytes");

struct FunctionEntry {
  uint32_t name; // String.
  /// Registers 0..numArgs-1 hold the arguments on entry.
  uint32_t numRegisters;
  uint32_t numArgs;
  uint32_t numResults;
  /// Indices[registerTypes, +numRegisters): the type of every register.
  uint32_t registerTypes;
  /// Indices[resultTypes, +numResults): the types Return must produce.
  uint32_t resultTypes;
  /// Code[codeOffset, +codeSize) in words.
  uint32_t codeOffset;
  uint32_t codeSize;
  /// Source location of the function (string), or kNoString.
  uint32_t location;
  uint32_t flags; // Reserved, 0.
  /// Bytes of storage memory planning reuses (0 when none planned).
  uint64_t plannedBytes;
};
static_assert(sizeof(FunctionEntry) == 48, "FunctionEntry is 48 bytes");

struct ConstantEntry {
  /// Byte offset in ConstantData, a multiple of kConstantAlignment.
  uint64_t offset;
  /// Byte size: the element count of `type` times its element size.
  uint64_t size;
  uint32_t type; // Types index; a static-shaped Tensor.
  uint32_t name; // String.
};
static_assert(sizeof(ConstantEntry) == 24, "ConstantEntry is 24 bytes");

/// A kernel, in the library the KernelLibraries section names for it
/// (KernelLibraryCPU when absent). The CPU library exports, for each
/// kernel,
///   void <symbol>(void **args, int64_t tileBegin, int64_t tileEnd);
/// and, when gridSymbol is not kNoString,
///   int64_t <gridSymbol>(void **args);
/// returning the number of tiles of a launch with these arguments. A launch
/// runs tiles [0, grid) (grid = 1 without a grid function), in any order and
/// in parallel, as calls on disjoint tile ranges. args[i] points to:
///  - for a tensor: an MLIR memref descriptor of its rank,
///      { void *allocated; void *aligned; int64_t offset;
///        int64_t sizes[rank]; int64_t strides[rank]; }
///    (row-major strides, offset 0);
///  - for an I64 register: an int64_t.
/// Arguments come in the order of the launch instruction (inputs, then
/// outputs: destination-passing, outputs preallocated by the caller).
struct KernelEntry {
  uint32_t name;       // String: the name bytecode shows.
  uint32_t symbol;     // String: the library symbol.
  uint32_t gridSymbol; // String or kNoString.
  uint32_t numArgs;
  uint32_t numOutputs; // The last numOutputs arguments are written.
  uint32_t location;   // String (source location) or kNoString.
};
static_assert(sizeof(KernelEntry) == 24, "KernelEntry is 24 bytes");

/// The CUDA kernel library (KernelLibraryCUDA): this header, then
/// `kernelCount` CudaKernelImage entries, then the bytes they point to.
/// Offsets are from the start of the section; every range lies within it.
inline constexpr char kCudaLibraryMagic[8] = {'S', 'T', 'R', 'A',
                                              'C', 'U', 'D', 'A'};
struct CudaLibraryHeader {
  char magic[8];
  uint32_t kernelCount;
  /// The chip the kernels were compiled for ("sm_90"), not NUL-terminated.
  uint32_t chipOffset;
  uint32_t chipSize;
  uint32_t reserved[3];
};
static_assert(sizeof(CudaLibraryHeader) == 32, "CudaLibraryHeader is 32 bytes");

/// One kernel of the CUDA library: its entry point (a `.entry` of its PTX
/// and cubin, named by KernelEntry::symbol), its PTX (NUL-terminated, the
/// NUL counted in ptxSize), the cubin for the library's chip (cubinSize 0:
/// none; the driver then compiles the PTX), and its launch: `grid` blocks
/// of `block` threads with `sharedBytes` of dynamic shared memory. The
/// kernel's parameters are its launch arguments in order: a tensor as the
/// fields of an MLIR memref descriptor of its rank (allocated pointer,
/// aligned pointer, offset, sizes, strides; 8 bytes each), an I64 register
/// as an int64_t. A grid of 0 blocks launches nothing.
///
/// With `gridFactorCount` > 0 (2.4), the grid is computed at each launch:
/// `gridScale` times the product, over the factors at `gridFactorsOffset`,
/// of ceil(value / step), where value is a dim of a tensor argument or an
/// I64 argument; at most grid[0] blocks (the kernel's loops stride over
/// any count of tiles, so any grid of at least one block is correct). A
/// product of 0 launches nothing.
struct CudaKernelImage {
  uint64_t nameOffset;
  uint64_t nameSize;
  uint64_t ptxOffset;
  uint64_t ptxSize;
  uint64_t cubinOffset;
  uint64_t cubinSize;
  uint32_t grid[3];
  uint32_t block[3];
  uint32_t sharedBytes;
  uint32_t gridFactorCount;
  uint64_t gridFactorsOffset;
  uint64_t gridScale;
};
static_assert(sizeof(CudaKernelImage) == 96, "CudaKernelImage is 96 bytes");

/// One factor of a computed grid: ceil(value / step), the value being dim
/// `dim` of tensor argument `argument`, or I64 argument `argument` itself
/// when `dim` is -1.
struct CudaGridFactor {
  uint32_t argument;
  int32_t dim;
  uint64_t step;
};
static_assert(sizeof(CudaGridFactor) == 16, "CudaGridFactor is 16 bytes");

struct MetadataEntry {
  uint32_t key;   // String.
  uint32_t value; // String.
};
static_assert(sizeof(MetadataEntry) == 8, "MetadataEntry is 8 bytes");

/// The source location of the instructions of one function from code word
/// `codeWord` (an offset in the code section) up to the next entry's, or to
/// the end of that function: a line table, so that errors of host
/// instructions (a reshape to a negative size) name the op they came from.
/// Entries are sorted by strictly increasing `codeWord`; an instruction
/// before its function's first entry has no location.
struct InstructionLocation {
  uint32_t codeWord;
  uint32_t location; // String, or kNoString (no location).
};
static_assert(sizeof(InstructionLocation) == 8,
              "InstructionLocation is 8 bytes");

//===----------------------------------------------------------------------===//
// Instruction set
//===----------------------------------------------------------------------===//
//
// An instruction is one opcode word followed by its operand words, as its
// format string says, one character per operand:
//   'd'  destination register (1 word)
//   'r'  source register (1 word)
//   'u'  32-bit unsigned immediate (1 word)
//   'i'  64-bit signed immediate (2 words, low word first)
//   'b'  branch target: word offset from the start of the function (1 word)
//   'f'  function index (1 word)
//   'k'  kernel index (1 word)
//   'c'  constant index (1 word)
//   's'  string (1 word)
//   'R'  list of source registers: a count word, then that many registers
//   'D'  list of destination registers: a count word, then the registers
// Register types are checked at load: "I64", "Tensor", "Storage" below name
// what each operand must hold; dynamic dims lists have one register per
// `?` dim of the destination type, in order.
//
// X(Name, mnemonic, format)
#define STRATA_BYTECODE_OPCODES(X)                                             \
  /* Control. */                                                               \
  X(Move, "move", "dr")           /* d = r (same type)                  */     \
  X(Branch, "br", "b")            /* jump                               */     \
  X(CondBranch, "cond_br", "rbb") /* I64 r != 0 ? b1 : b2               */     \
  X(Call, "call", "fRD")          /* D = f(R)                           */     \
  X(Return, "ret", "R")           /* return R                           */     \
  X(Assert, "assert", "rs")       /* fail with message s if I64 r == 0  */     \
  /* I64 arithmetic. Division by zero and overflow are errors.          */     \
  X(ConstI64, "const", "di")                                                   \
  X(AddI, "add", "drr")                                                        \
  X(SubI, "sub", "drr")                                                        \
  X(MulI, "mul", "drr")                                                        \
  X(DivSI, "divs", "drr")                                                      \
  X(RemSI, "rems", "drr")                                                      \
  X(FloorDivSI, "floordivs", "drr")                                            \
  X(CeilDivSI, "ceildivs", "drr")                                              \
  X(MinSI, "mins", "drr")                                                      \
  X(MaxSI, "maxs", "drr")                                                      \
  X(AndI, "and", "drr")                                                        \
  X(OrI, "or", "drr")                                                          \
  X(XorI, "xor", "drr")                                                        \
  X(CmpI, "cmp", "durr")      /* d = pred(r1, r2) ? 1 : 0; u: CmpPredicate */  \
  X(Select, "select", "drrr") /* d = r1 != 0 ? r2 : r3 (same types)     */     \
  /* Memory and tensors.                                                */     \
  X(AllocStorage, "alloc_storage", "dr") /* Storage d of I64 r bytes    */     \
  X(View, "view", "drrR") /* Tensor d in Storage r1 at byte I64 r2,     */     \
                          /* dynamic dims R                             */     \
  X(AllocTensor, "alloc", "dR")       /* fresh Tensor d, dynamic dims R  */    \
  X(Constant, "constant", "dc")       /* Tensor d = constant c (in place) */   \
  X(Dim, "dim", "dru")                /* I64 d = size of dim u of r      */    \
  X(Reshape, "reshape", "drR")        /* Tensor d = r's data, new shape  */    \
  X(Load, "load", "drR")              /* I64 d = integer Tensor r[R]     */    \
  X(Store, "store", "rrR")            /* integer Tensor r2[R] = I64 r1   */    \
  X(Copy, "copy", "rr")               /* Tensor r2 = Tensor r1 (same     */    \
                                      /* dtype and element count)        */    \
  X(Launch, "launch", "kR")           /* run kernel k on R               */    \
  X(CallNative, "call_native", "sRD") /* D = registered native s(R)     */     \
  /* Unsigned I64 arithmetic (added in 1.0 after the rest, numbering    */     \
  /* kept): operands are read as uint64_t; division by zero is an error.*/     \
  X(DivUI, "divu", "drr")                                                      \
  X(RemUI, "remu", "drr")                                                      \
  X(MinUI, "minu", "drr")                                                      \
  X(MaxUI, "maxu", "drr")                                                      \
  /* Checks with values (added in 1.1).                                 */     \
  X(Check, "check", "rsR") /* fail with s, {N} -> I64 R[N], if r == 0   */

enum class Opcode : uint32_t {
#define STRATA_BYTECODE_ENUM(name, mnemonic, format) name,
  STRATA_BYTECODE_OPCODES(STRATA_BYTECODE_ENUM)
#undef STRATA_BYTECODE_ENUM
      NumOpcodes
};

/// The mnemonic and operand format of each opcode, indexed by Opcode.
struct OpcodeInfo {
  const char *mnemonic;
  const char *format;
};
inline constexpr OpcodeInfo kOpcodeInfo[] = {
#define STRATA_BYTECODE_INFO(name, mnemonic, format) {mnemonic, format},
    STRATA_BYTECODE_OPCODES(STRATA_BYTECODE_INFO)
#undef STRATA_BYTECODE_INFO
};
static_assert(sizeof(kOpcodeInfo) / sizeof(kOpcodeInfo[0]) ==
                  static_cast<size_t>(Opcode::NumOpcodes),
              "one OpcodeInfo per opcode");

/// Predicates of CmpI (the values of arith.cmpi's predicates).
enum class CmpPredicate : uint32_t {
  eq = 0,
  ne = 1,
  slt = 2,
  sle = 3,
  sgt = 4,
  sge = 5,
  ult = 6,
  ule = 7,
  ugt = 8,
  uge = 9,
};
inline constexpr uint32_t kMaxCmpPredicate = 9;

} // namespace strata::runtime::bytecode

#endif // STRATA_RUNTIME_BYTECODE_H
