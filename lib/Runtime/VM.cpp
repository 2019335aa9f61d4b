//===- VM.cpp - The bytecode interpreter ----------------------------------===//
//
// The dispatch loop decodes instructions in place with the operand layout
// of Bytecode.h's format strings. Registers live in one stack of Values
// shared by all frames (a Call reserves the callee's registers right after
// the caller's), so calls allocate nothing once the stack has grown. A
// register's kind is fixed by the module, so I64 instructions touch only
// the scalar field. Errors carry their context: the function, the word
// offset and mnemonic of the instruction, and the chain of callers.
//
//===----------------------------------------------------------------------===//

#include "strata/Runtime/VM.h"
#include "strata/Runtime/Disassembler.h"
#include "strata/Runtime/Files.h"
#include "strata/Runtime/FloatEnvironment.h"
#include "strata/Runtime/Plugins.h"

#include <algorithm>
#include <cstring>
#include <limits>

using namespace strata::runtime;
using namespace strata::runtime::bytecode;

//===----------------------------------------------------------------------===//
// Type checks
//===----------------------------------------------------------------------===//

/// True when `tensor` fits `type` (dtype, rank, static dims).
static bool matchesTensorType(const Tensor &tensor, const TypeEntry &type) {
  if (static_cast<uint8_t>(tensor.getDType()) != type.dtype ||
      tensor.getRank() != type.rank)
    return false;
  for (uint32_t i = 0; i < type.rank; ++i)
    if (type.dims[i] != kDynamicDim && type.dims[i] != tensor.getDim(i))
      return false;
  return true;
}

std::string strata::runtime::checkValueType(const Value &value,
                                            const TypeEntry &type) {
  auto mismatch = [&](const std::string &got) {
    return "expected " + formatType(type) + ", got " + got;
  };
  switch (static_cast<TypeKind>(type.kind)) {
  case TypeKind::I64:
    if (!value.isI64())
      return mismatch(value.getTypeString());
    return "";
  case TypeKind::Storage:
    if (!value.isStorage() || !value.getStorage())
      return mismatch(value.isStorage() ? "a null storage"
                                        : value.getTypeString());
    return "";
  case TypeKind::Tensor:
    if (!value.isTensor())
      return mismatch(value.getTypeString());
    if (value.getTensor().isNull())
      return mismatch("a null tensor");
    if (!matchesTensorType(value.getTensor(), type))
      return mismatch(value.getTypeString());
    return "";
  }
  return "unknown type kind";
}

/// The shape of a value of tensor type `type` whose `?` dims are the I64
/// registers listed at `list` (a count word, then the registers).
static std::string buildShape(const TypeEntry &type, const uint32_t *list,
                              const Value *regs, Shape &shape) {
  shape.rank = type.rank;
  uint32_t next = 0;
  for (uint32_t i = 0; i < type.rank; ++i) {
    int64_t dim = type.dims[i];
    if (dim == kDynamicDim) {
      dim = regs[list[1 + next++]].scalar;
      if (dim < 0)
        return "dynamic dimension " + std::to_string(i) + " is negative (" +
               std::to_string(dim) + ")";
    }
    shape.dims[i] = dim;
  }
  if (shape.getNumElements() < 0)
    return "element count of shape " + formatShape(shape) + " overflows";
  return "";
}

/// The flat element index of `tensor`[indices], or an error message.
static std::string flatIndex(const Tensor &tensor, const uint32_t *list,
                             const Value *regs, int64_t &flat) {
  uint32_t count = list[0];
  if (count != tensor.getRank())
    return "expected " + std::to_string(tensor.getRank()) + " indices, got " +
           std::to_string(count);
  flat = 0;
  for (uint32_t i = 0; i < count; ++i) {
    int64_t index = regs[list[1 + i]].scalar;
    int64_t dim = tensor.getDim(i);
    if (index < 0 || index >= dim)
      return "index " + std::to_string(index) +
             " out of bounds for dimension " + std::to_string(i) + " of size " +
             std::to_string(dim) + " (" + tensor.getTypeString() + ")";
    flat = flat * dim + index;
  }
  return "";
}

//===----------------------------------------------------------------------===//
// Session setup
//===----------------------------------------------------------------------===//

StatusOr<std::unique_ptr<Session>>
Session::create(std::shared_ptr<const Module> module, SessionOptions options) {
  if (!module)
    return Status::error("cannot create a session without a module");
  std::unique_ptr<Session> session(new Session());
  session->epoch = std::chrono::steady_clock::now();
  session->module = module;
  session->device = options.device ? options.device : getDefaultCPUDevice();
  session->registry = options.registry ? options.registry : &Registry::global();
  session->options = options;

  // Kernels for CPU features this host lacks would die of SIGILL (a module
  // loaded with LoadOptions::checkCpuFeatures off gets here).
  if (Status status = module->checkCpuFeatures(); !status)
    return status;
  // The plugins providing the module's native functions (external
  // backends' run-time sides).
  if (Status status = loadModulePlugins(*module, *session->registry); !status)
    return status;
  StatusOr<std::unique_ptr<ThreadPool>> pool =
      ThreadPool::create(options.numThreads);
  if (!pool)
    return pool.getStatus();
  session->pool = std::move(*pool);
  // One launcher per kernel library the kernels name, in order of first
  // use.
  uint32_t numKernels = static_cast<uint32_t>(module->getKernels().size());
  std::vector<bytecode::SectionKind> libraries;
  for (uint32_t kernel = 0; kernel < numKernels; ++kernel) {
    bytecode::SectionKind library = module->getKernelLibrary(kernel);
    auto known = std::find(libraries.begin(), libraries.end(), library);
    if (known == libraries.end()) {
      StatusOr<std::unique_ptr<Launcher>> launcher =
          createLauncher(library, *module, *session->pool, session->device);
      if (!launcher)
        return launcher.getStatus();
      libraries.push_back(library);
      session->launchers.push_back(std::move(*launcher));
      known = libraries.end() - 1;
    }
    session->kernelLaunchers.push_back(
        session->launchers[known - libraries.begin()].get());
  }

  Span<TypeEntry> types = module->getTypes();
  for (const FunctionEntry &entry : module->getFunctions()) {
    FunctionInfo info;
    info.name = module->getString(entry.name);
    info.entry = &entry;
    info.code = module->getCode(entry).data();
    info.numRegisters = entry.numRegisters;
    info.numArgs = entry.numArgs;
    info.numResults = entry.numResults;
    Span<uint32_t> registerTypes = module->getRegisterTypes(entry);
    for (uint32_t i = 0; i < registerTypes.size(); ++i) {
      const TypeEntry &type = types[registerTypes[i]];
      info.registerTypes.push_back(&type);
      auto kind = static_cast<ValueKind>(type.kind);
      info.kinds.push_back(kind);
      if (kind != ValueKind::I64)
        info.refRegisters.push_back(i);
    }
    for (uint32_t type : module->getResultTypes(entry))
      info.resultTypes.push_back(&types[type]);
    session->functions.push_back(std::move(info));
  }

  // Constants view the module's bytes; the storages keep the module alive.
  for (const ConstantEntry &entry : module->getConstants()) {
    const TypeEntry &type = types[entry.type];
    Shape shape;
    shape.rank = type.rank;
    for (uint32_t i = 0; i < type.rank; ++i)
      shape.dims[i] = type.dims[i];
    StorageRef storage =
        Storage::external(module->getConstantData(entry), entry.size, module);
    session->constants.push_back(Tensor::makeUnchecked(
        std::move(storage), 0, static_cast<DType>(type.dtype), shape));
  }

  // A device the host cannot read (a GPU) gets the constants once, at
  // load (tensor dumps copy each launch's outputs to the host).
  if (!session->device->isHostAccessible()) {
    for (Tensor &constant : session->constants) {
      StatusOr<Tensor> uploaded = Tensor::allocate(
          session->device, constant.getDType(), constant.getShape());
      if (!uploaded)
        return uploaded.getStatus();
      if (Status status = session->device->copyFromHost(
              uploaded->getData(), constant.getData(), constant.getByteSize());
          !status)
        return status;
      constant = *uploaded;
    }
  }

  // A trace that cannot be written is an error now, not after the run.
  if (!options.tracePath.empty())
    if (Status status = checkFileWritable(options.tracePath); !status)
      return Status::error("cannot write the trace: " + status.message());
  if (options.profile || !options.tracePath.empty()) {
    session->profiler = std::make_shared<Profiler>(
        options.tracePath, /*keepEvents=*/!options.tracePath.empty());
    session->observers.push_back(session->profiler);
  }
  if (!options.dumpDirectory.empty()) {
    StatusOr<std::unique_ptr<TensorDumper>> dumper =
        TensorDumper::create(options.dumpDirectory);
    if (!dumper)
      return dumper.getStatus();
    session->observers.push_back(std::move(*dumper));
  }
  session->frames.reserve(64);
  return session;
}

Session::~Session() { (void)flush(); }

void Session::addObserver(std::shared_ptr<Observer> observer) {
  std::lock_guard<std::mutex> lock(invokeMutex);
  if (observer)
    observers.push_back(std::move(observer));
}

Status Session::flush() {
  Status result;
  for (const std::shared_ptr<Observer> &observer : observers) {
    Status status = observer->flush();
    if (!status.ok() && result.ok())
      result = status;
  }
  return result;
}

std::string Session::getProfileReport() const {
  return profiler ? profiler->getReport() : std::string();
}

uint64_t Session::nowNs() const {
  return static_cast<uint64_t>(
      std::chrono::duration_cast<std::chrono::nanoseconds>(
          std::chrono::steady_clock::now() - epoch)
          .count());
}

/// A small stable id for the calling thread (trace "tid").
static uint32_t getThreadId() {
  static std::atomic<uint32_t> next{1};
  static thread_local uint32_t id = next++;
  return id;
}

Status Session::notify(const LaunchEvent &event) {
  for (const std::shared_ptr<Observer> &observer : observers) {
    Status status = observer->onEvent(event);
    if (!status.ok())
      return status;
  }
  return Status::success();
}

//===----------------------------------------------------------------------===//
// Invocation
//===----------------------------------------------------------------------===//

StatusOr<std::vector<Value>> Session::invoke(std::string_view name,
                                             std::vector<Value> args) {
  int index = module->findFunction(name);
  if (index < 0) {
    std::string known;
    for (const FunctionInfo &function : functions)
      known += (known.empty() ? "" : ", ") + function.name;
    return Status::error("no function named '" + std::string(name) + "' in " +
                         module->getName() + " (functions: " +
                         (known.empty() ? "none" : known) + ")");
  }
  return invoke(static_cast<uint32_t>(index), std::move(args));
}

StatusOr<std::vector<Value>> Session::invoke(uint32_t index,
                                             std::vector<Value> args) {
  if (index >= functions.size())
    return Status::error("function index " + std::to_string(index) +
                         " out of range (" + std::to_string(functions.size()) +
                         " functions)");
  Status status = checkArguments(functions[index], args);
  if (!status.ok())
    return status;
  std::lock_guard<std::mutex> lock(invokeMutex);
  // The caller's thread runs kernels too (see FloatEnvironment.h); its own
  // mode comes back on return.
  ScopedFlushSubnormals flush;
  if (device->isHostAccessible())
    return run(index, args);
  // A GPU session: tensor arguments in host memory are copied to the
  // device, results back to the host (the copy waits for the kernels).
  for (Value &arg : args) {
    if (arg.kind != ValueKind::Tensor ||
        arg.tensorValue.getStorage()->getDevice() == device.get())
      continue;
    const Tensor &host = arg.tensorValue;
    StatusOr<Tensor> onDevice =
        Tensor::allocate(device, host.getDType(), host.getShape());
    if (!onDevice)
      return onDevice.getStatus();
    if (Status status = device->copyFromHost(
            onDevice->getData(), host.getData(), host.getByteSize());
        !status)
      return status;
    arg.tensorValue = *onDevice;
  }
  StatusOr<std::vector<Value>> results = run(index, args);
  if (!results)
    return results;
  for (Value &result : *results) {
    if (result.kind != ValueKind::Tensor)
      continue;
    StatusOr<Tensor> host = Tensor::copyToHost(*device, result.tensorValue);
    if (!host)
      return host.getStatus();
    result.tensorValue = *host;
  }
  return results;
}

Status Session::checkArguments(const FunctionInfo &function,
                               const std::vector<Value> &args) const {
  if (args.size() != function.numArgs)
    return Status::error("function '" + function.name + "': expected " +
                         std::to_string(function.numArgs) + " argument" +
                         (function.numArgs == 1 ? "" : "s") + ", got " +
                         std::to_string(args.size()));
  for (uint32_t i = 0; i < function.numArgs; ++i) {
    std::string error = checkValueType(args[i], *function.registerTypes[i]);
    if (!error.empty())
      return Status::error("function '" + function.name + "': argument " +
                           std::to_string(i) + ": " + error);
  }
  return Status::success();
}

Value *Session::reserveRegisters(uint32_t base, uint32_t count) {
  size_t needed = static_cast<size_t>(base) + count;
  if (registerStack.size() < needed)
    registerStack.resize(std::max(needed, registerStack.size() * 2));
  return registerStack.data();
}

void Session::enterFrame(const FunctionInfo &function, Value *regs) {
  for (uint32_t i = 0; i < function.numRegisters; ++i) {
    regs[i].kind = function.kinds[i];
    regs[i].scalar = 0;
  }
}

void Session::leaveFrame(const FunctionInfo &function, Value *regs) {
  for (uint32_t i : function.refRegisters) {
    regs[i].tensorValue = Tensor();
    regs[i].storageValue.reset();
  }
}

/// Reads operand 'i' (two words, low first).
/// The message of a failed `check`: `message` with each `{N}` replaced by
/// `values[N]` in decimal (the loader checked the registers; a placeholder
/// beyond the values stays as written).
static std::string formatCheckMessage(const char *message,
                                      const std::vector<int64_t> &values) {
  std::string result;
  for (const char *p = message; *p; ++p) {
    if (*p == '{') {
      const char *end = p + 1;
      size_t index = 0;
      while (*end >= '0' && *end <= '9' && index <= values.size())
        index = index * 10 + static_cast<size_t>(*end++ - '0');
      if (*end == '}' && end != p + 1 && index < values.size()) {
        result += std::to_string(values[index]);
        p = end;
        continue;
      }
    }
    result += *p;
  }
  return result;
}

static inline int64_t readI64(const uint32_t *words) {
  return static_cast<int64_t>(static_cast<uint64_t>(words[0]) |
                              (static_cast<uint64_t>(words[1]) << 32));
}

/// Floor and ceiling division of a by b (b != 0, no overflow).
static inline int64_t floorDiv(int64_t a, int64_t b) {
  int64_t q = a / b;
  return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
}
static inline int64_t ceilDiv(int64_t a, int64_t b) {
  int64_t q = a / b;
  return (a % b != 0 && ((a < 0) == (b < 0))) ? q + 1 : q;
}

static inline bool compare(uint32_t predicate, int64_t a, int64_t b) {
  uint64_t ua = static_cast<uint64_t>(a), ub = static_cast<uint64_t>(b);
  switch (static_cast<CmpPredicate>(predicate)) {
  case CmpPredicate::eq:
    return a == b;
  case CmpPredicate::ne:
    return a != b;
  case CmpPredicate::slt:
    return a < b;
  case CmpPredicate::sle:
    return a <= b;
  case CmpPredicate::sgt:
    return a > b;
  case CmpPredicate::sge:
    return a >= b;
  case CmpPredicate::ult:
    return ua < ub;
  case CmpPredicate::ule:
    return ua <= ub;
  case CmpPredicate::ugt:
    return ua > ub;
  case CmpPredicate::uge:
    return ua >= ub;
  }
  return false;
}

/// Writes `value` into element `flat` of an integer tensor; an error when
/// the value does not fit the element type.
static std::string storeInteger(const Tensor &tensor, int64_t flat,
                                int64_t value) {
  uint8_t *p = tensor.getData();
  auto outOfRange = [&]() {
    return "value " + std::to_string(value) + " does not fit in " +
           getDTypeName(tensor.getDType());
  };
  switch (tensor.getDType()) {
  case DType::I1:
    if (value != 0 && value != 1)
      return outOfRange();
    p[flat] = static_cast<uint8_t>(value);
    return "";
  case DType::I8:
    if (value < INT8_MIN || value > INT8_MAX)
      return outOfRange();
    p[flat] = static_cast<uint8_t>(static_cast<int8_t>(value));
    return "";
  case DType::U8:
    if (value < 0 || value > UINT8_MAX)
      return outOfRange();
    p[flat] = static_cast<uint8_t>(value);
    return "";
  case DType::I16: {
    if (value < INT16_MIN || value > INT16_MAX)
      return outOfRange();
    int16_t v = static_cast<int16_t>(value);
    std::memcpy(p + flat * 2, &v, 2);
    return "";
  }
  case DType::I32: {
    if (value < INT32_MIN || value > INT32_MAX)
      return outOfRange();
    int32_t v = static_cast<int32_t>(value);
    std::memcpy(p + flat * 4, &v, 4);
    return "";
  }
  case DType::U16: {
    if (value < 0 || value > UINT16_MAX)
      return outOfRange();
    uint16_t v = static_cast<uint16_t>(value);
    std::memcpy(p + flat * 2, &v, 2);
    return "";
  }
  case DType::U32: {
    if (value < 0 || value > UINT32_MAX)
      return outOfRange();
    uint32_t v = static_cast<uint32_t>(value);
    std::memcpy(p + flat * 4, &v, 4);
    return "";
  }
  case DType::I64:
  case DType::U64:
    // I64 registers hold u64 elements as their bit pattern.
    std::memcpy(p + flat * 8, &value, 8);
    return "";
  default:
    return std::string("cannot store into a ") +
           getDTypeName(tensor.getDType()) + " tensor";
  }
}

/// "%r3 holds no tensor" for a register read before it was written.
static std::string undefinedRegister(uint32_t reg, const char *what) {
  return "register %r" + std::to_string(reg) + " holds no " + what +
         " (read before it was written)";
}

StatusOr<std::vector<Value>> Session::run(uint32_t entry,
                                          std::vector<Value> &args) {
  frames.clear();
  frames.push_back({entry, 0, 0});
  const FunctionInfo *function = &functions[entry];
  Value *regs = reserveRegisters(0, function->numRegisters);
  enterFrame(*function, regs);
  for (uint32_t i = 0; i < function->numArgs; ++i)
    regs[i] = std::move(args[i]);
  const uint32_t *code = function->code;
  uint32_t pc = 0, instructionPc = 0;
  std::string error;
  std::vector<Value> results;

// Fails the current instruction with `message`.
#define VM_FAIL(message)                                                       \
  do {                                                                         \
    error = (message);                                                         \
    goto failed;                                                               \
  } while (false)

  for (;;) {
    instructionPc = pc;
    const uint32_t *op = code + pc;
    switch (static_cast<Opcode>(op[0])) {
    case Opcode::Move: {
      Value &dst = regs[op[1]];
      const Value &src = regs[op[2]];
      if (dst.kind == ValueKind::I64)
        dst.scalar = src.scalar;
      else
        dst = src;
      pc += 3;
      break;
    }
    case Opcode::Branch:
      pc = op[1];
      break;
    case Opcode::CondBranch:
      pc = regs[op[1]].scalar != 0 ? op[2] : op[3];
      break;
    case Opcode::Call: {
      uint32_t callee = op[1];
      if (frames.size() >= options.maxCallDepth)
        VM_FAIL("call depth limit (" + std::to_string(options.maxCallDepth) +
                ") exceeded calling function '" + functions[callee].name + "'");
      const FunctionInfo &target = functions[callee];
      uint32_t callerBase = frames.back().base;
      uint32_t base = callerBase + function->numRegisters;
      Value *stack = reserveRegisters(base, target.numRegisters);
      Value *callerRegs = stack + callerBase;
      Value *calleeRegs = stack + base;
      enterFrame(target, calleeRegs);
      uint32_t numArgs = op[2];
      for (uint32_t i = 0; i < numArgs; ++i) {
        const Value &arg = callerRegs[op[3 + i]];
        if (arg.kind == ValueKind::Tensor) {
          if (arg.tensorValue.isNull())
            VM_FAIL(undefinedRegister(op[3 + i], "tensor"));
          if (!matchesTensorType(arg.tensorValue, *target.registerTypes[i]))
            VM_FAIL("calling function '" + target.name + "': argument " +
                    std::to_string(i) + ": expected " +
                    formatType(*target.registerTypes[i]) + ", got " +
                    arg.tensorValue.getTypeString());
        }
        if (arg.kind == ValueKind::I64)
          calleeRegs[i].scalar = arg.scalar;
        else
          calleeRegs[i] = arg;
      }
      frames.push_back({callee, base, pc});
      function = &target;
      regs = calleeRegs;
      code = target.code;
      pc = 0;
      break;
    }
    case Opcode::Return: {
      uint32_t count = op[1];
      for (uint32_t i = 0; i < count; ++i) {
        const Value &value = regs[op[2 + i]];
        if (value.kind == ValueKind::Tensor) {
          if (value.tensorValue.isNull())
            VM_FAIL(undefinedRegister(op[2 + i], "tensor"));
          if (!matchesTensorType(value.tensorValue, *function->resultTypes[i]))
            VM_FAIL("result " + std::to_string(i) + ": expected " +
                    formatType(*function->resultTypes[i]) + ", got " +
                    value.tensorValue.getTypeString());
        } else if (value.kind == ValueKind::Storage && !value.storageValue) {
          VM_FAIL(undefinedRegister(op[2 + i], "storage"));
        }
      }
      if (frames.size() == 1) {
        results.reserve(count);
        for (uint32_t i = 0; i < count; ++i)
          results.push_back(regs[op[2 + i]]);
        leaveFrame(*function, regs);
        frames.clear();
        return results;
      }
      Frame done = frames.back();
      frames.pop_back();
      const Frame &caller = frames.back();
      const FunctionInfo &callerFunction = functions[caller.function];
      Value *callerRegs = registerStack.data() + caller.base;
      const uint32_t *call = callerFunction.code + done.callPc;
      // Call is "fRD": op, f, R count, R..., D count, D...
      const uint32_t *dsts = call + 3 + call[2];
      for (uint32_t i = 0; i < count; ++i) {
        const Value &value = regs[op[2 + i]];
        if (value.kind == ValueKind::I64)
          callerRegs[dsts[1 + i]].scalar = value.scalar;
        else
          callerRegs[dsts[1 + i]] = value;
      }
      leaveFrame(*function, regs);
      function = &callerFunction;
      regs = callerRegs;
      code = callerFunction.code;
      pc = done.callPc + 4 + call[2] + dsts[0];
      break;
    }
    case Opcode::Assert:
      if (regs[op[1]].scalar == 0)
        VM_FAIL(std::string("assertion failed: ") + module->getString(op[2]));
      pc += 3;
      break;
    case Opcode::Check:
      // "rsR": op, r, s, R count, R...
      if (regs[op[1]].scalar == 0) {
        std::vector<int64_t> values;
        for (uint32_t i = 0; i < op[3]; ++i)
          values.push_back(regs[op[4 + i]].scalar);
        VM_FAIL("run-time check failed: " +
                formatCheckMessage(module->getString(op[2]), values));
      }
      pc += 4 + op[3];
      break;
    case Opcode::ConstI64:
      regs[op[1]].scalar = readI64(op + 2);
      pc += 4;
      break;

#define VM_BINARY_CHECKED(NAME, BUILTIN, WHAT)                                 \
  case Opcode::NAME: {                                                         \
    int64_t a = regs[op[2]].scalar, b = regs[op[3]].scalar, r;                 \
    if (BUILTIN(a, b, &r))                                                     \
      VM_FAIL("integer overflow in " WHAT " of " + std::to_string(a) +         \
              " and " + std::to_string(b));                                    \
    regs[op[1]].scalar = r;                                                    \
    pc += 4;                                                                   \
    break;                                                                     \
  }
      VM_BINARY_CHECKED(AddI, __builtin_add_overflow, "addition")
      VM_BINARY_CHECKED(SubI, __builtin_sub_overflow, "subtraction")
      VM_BINARY_CHECKED(MulI, __builtin_mul_overflow, "multiplication")
#undef VM_BINARY_CHECKED

#define VM_DIVISION(NAME, EXPR, WHAT)                                          \
  case Opcode::NAME: {                                                         \
    int64_t a = regs[op[2]].scalar, b = regs[op[3]].scalar;                    \
    if (b == 0)                                                                \
      VM_FAIL("division by zero in " WHAT " of " + std::to_string(a));         \
    if (a == std::numeric_limits<int64_t>::min() && b == -1)                   \
      VM_FAIL("integer overflow in " WHAT " of " + std::to_string(a) +         \
              " by -1");                                                       \
    regs[op[1]].scalar = (EXPR);                                               \
    pc += 4;                                                                   \
    break;                                                                     \
  }
      VM_DIVISION(DivSI, a / b, "signed division")
      VM_DIVISION(FloorDivSI, floorDiv(a, b), "floor division")
      VM_DIVISION(CeilDivSI, ceilDiv(a, b), "ceiling division")
#undef VM_DIVISION
    case Opcode::RemSI: {
      int64_t a = regs[op[2]].scalar, b = regs[op[3]].scalar;
      if (b == 0)
        VM_FAIL("division by zero in remainder of " + std::to_string(a));
      // INT64_MIN % -1 is 0 mathematically (but undefined in C++).
      regs[op[1]].scalar = b == -1 ? 0 : a % b;
      pc += 4;
      break;
    }

#define VM_BINARY(NAME, EXPR)                                                  \
  case Opcode::NAME: {                                                         \
    int64_t a = regs[op[2]].scalar, b = regs[op[3]].scalar;                    \
    regs[op[1]].scalar = (EXPR);                                               \
    pc += 4;                                                                   \
    break;                                                                     \
  }
      VM_BINARY(MinSI, a < b ? a : b)
      VM_BINARY(MaxSI, a < b ? b : a)
      VM_BINARY(AndI, a & b)
      VM_BINARY(OrI, a | b)
      VM_BINARY(XorI, a ^ b)
      VM_BINARY(MinUI,
                static_cast<uint64_t>(a) < static_cast<uint64_t>(b) ? a : b)
      VM_BINARY(MaxUI,
                static_cast<uint64_t>(a) < static_cast<uint64_t>(b) ? b : a)
#undef VM_BINARY

    case Opcode::DivUI:
    case Opcode::RemUI: {
      uint64_t a = static_cast<uint64_t>(regs[op[2]].scalar);
      uint64_t b = static_cast<uint64_t>(regs[op[3]].scalar);
      if (b == 0)
        VM_FAIL("division by zero in unsigned division of " +
                std::to_string(a));
      regs[op[1]].scalar = static_cast<int64_t>(
          static_cast<Opcode>(op[0]) == Opcode::DivUI ? a / b : a % b);
      pc += 4;
      break;
    }

    case Opcode::CmpI:
      regs[op[1]].scalar =
          compare(op[2], regs[op[3]].scalar, regs[op[4]].scalar) ? 1 : 0;
      pc += 5;
      break;
    case Opcode::Select: {
      Value &dst = regs[op[1]];
      const Value &src = regs[op[2]].scalar != 0 ? regs[op[3]] : regs[op[4]];
      if (dst.kind == ValueKind::I64)
        dst.scalar = src.scalar;
      else
        dst = src;
      pc += 5;
      break;
    }

    case Opcode::AllocStorage: {
      int64_t bytes = regs[op[2]].scalar;
      if (bytes < 0)
        VM_FAIL("storage size " + std::to_string(bytes) + " is negative");
      StatusOr<StorageRef> storage =
          Storage::allocate(device, static_cast<size_t>(bytes));
      if (!storage)
        VM_FAIL(storage.message());
      regs[op[1]].storageValue = std::move(*storage);
      pc += 3;
      break;
    }
    case Opcode::View: {
      const StorageRef &storage = regs[op[2]].storageValue;
      if (!storage)
        VM_FAIL(undefinedRegister(op[2], "storage"));
      int64_t offset = regs[op[3]].scalar;
      if (offset < 0)
        VM_FAIL("view offset " + std::to_string(offset) + " is negative");
      const TypeEntry &type = *function->registerTypes[op[1]];
      Shape shape;
      std::string message = buildShape(type, op + 4, regs, shape);
      if (!message.empty())
        VM_FAIL(message);
      StatusOr<Tensor> view =
          Tensor::view(storage, static_cast<size_t>(offset),
                       static_cast<DType>(type.dtype), shape);
      if (!view)
        VM_FAIL(view.message());
      regs[op[1]].tensorValue = std::move(*view);
      pc += 5 + op[4];
      break;
    }
    case Opcode::AllocTensor: {
      const TypeEntry &type = *function->registerTypes[op[1]];
      Shape shape;
      std::string message = buildShape(type, op + 2, regs, shape);
      if (!message.empty())
        VM_FAIL(message);
      StatusOr<Tensor> tensor =
          Tensor::allocate(device, static_cast<DType>(type.dtype), shape);
      if (!tensor)
        VM_FAIL(tensor.message());
      regs[op[1]].tensorValue = std::move(*tensor);
      pc += 3 + op[2];
      break;
    }
    case Opcode::Constant:
      regs[op[1]].tensorValue = constants[op[2]];
      pc += 3;
      break;
    case Opcode::Dim: {
      const Tensor &tensor = regs[op[2]].tensorValue;
      if (tensor.isNull())
        VM_FAIL(undefinedRegister(op[2], "tensor"));
      if (op[3] >= tensor.getRank())
        VM_FAIL("dimension " + std::to_string(op[3]) + " out of range for " +
                tensor.getTypeString());
      regs[op[1]].scalar = tensor.getDim(op[3]);
      pc += 4;
      break;
    }
    case Opcode::Reshape: {
      const Tensor &source = regs[op[2]].tensorValue;
      if (source.isNull())
        VM_FAIL(undefinedRegister(op[2], "tensor"));
      const TypeEntry &type = *function->registerTypes[op[1]];
      Shape shape;
      std::string message = buildShape(type, op + 3, regs, shape);
      if (!message.empty())
        VM_FAIL(message);
      // The loader checked that the dtypes reinterpret each other (the
      // same, or integers of one size); the source's may differ from its
      // register's only through a function argument of the same size.
      if (getDTypeSize(source.getDType()) !=
          getDTypeSize(static_cast<DType>(type.dtype)))
        VM_FAIL("cannot reshape " + source.getTypeString() +
                " to element "
                "type " +
                getDTypeName(static_cast<DType>(type.dtype)));
      if (shape.getNumElements() != source.getNumElements())
        VM_FAIL("cannot reshape " + source.getTypeString() + " (" +
                std::to_string(source.getNumElements()) + " elements) to " +
                formatShape(shape) + " (" +
                std::to_string(shape.getNumElements()) + " elements)");
      regs[op[1]].tensorValue =
          Tensor::makeUnchecked(source.getStorage(), source.getByteOffset(),
                                static_cast<DType>(type.dtype), shape);
      pc += 4 + op[3];
      break;
    }
    case Opcode::Load: {
      const Tensor &tensor = regs[op[2]].tensorValue;
      if (tensor.isNull())
        VM_FAIL(undefinedRegister(op[2], "tensor"));
      int64_t flat;
      std::string message = flatIndex(tensor, op + 3, regs, flat);
      if (!message.empty())
        VM_FAIL(message);
      if (device->isHostAccessible()) {
        regs[op[1]].scalar = readElementAsInt(tensor, flat);
      } else {
        // The element, through a host copy of it.
        size_t size = getDTypeSize(tensor.getDType());
        alignas(8) uint8_t element[8] = {};
        Status status =
            device->copyToHost(element, tensor.getData() + flat * size, size);
        if (!status.ok())
          VM_FAIL(status.message());
        Shape one;
        regs[op[1]].scalar = readElementAsInt(
            Tensor::makeUnchecked(Storage::borrow(element, size), 0,
                                  tensor.getDType(), one),
            0);
      }
      pc += 4 + op[3];
      break;
    }
    case Opcode::Store: {
      const Tensor &tensor = regs[op[2]].tensorValue;
      if (tensor.isNull())
        VM_FAIL(undefinedRegister(op[2], "tensor"));
      if (tensor.isReadOnly())
        VM_FAIL("cannot store into read-only " + tensor.getTypeString() +
                " (a constant or read-only buffer)");
      int64_t flat;
      std::string message = flatIndex(tensor, op + 3, regs, flat);
      if (!message.empty())
        VM_FAIL(message);
      if (device->isHostAccessible()) {
        message = storeInteger(tensor, flat, regs[op[1]].scalar);
      } else {
        size_t size = getDTypeSize(tensor.getDType());
        alignas(8) uint8_t element[8] = {};
        Shape one;
        message =
            storeInteger(Tensor::makeUnchecked(Storage::borrow(element, size),
                                               0, tensor.getDType(), one),
                         0, regs[op[1]].scalar);
        if (message.empty()) {
          Status status = device->copyFromHost(tensor.getData() + flat * size,
                                               element, size);
          if (!status.ok())
            message = status.message();
        }
      }
      if (!message.empty())
        VM_FAIL(message);
      pc += 4 + op[3];
      break;
    }
    case Opcode::Copy: {
      const Tensor &src = regs[op[1]].tensorValue;
      const Tensor &dst = regs[op[2]].tensorValue;
      if (src.isNull())
        VM_FAIL(undefinedRegister(op[1], "tensor"));
      if (dst.isNull())
        VM_FAIL(undefinedRegister(op[2], "tensor"));
      if (src.getDType() != dst.getDType() ||
          src.getNumElements() != dst.getNumElements())
        VM_FAIL("cannot copy " + src.getTypeString() + " into " +
                dst.getTypeString() + " (element types and counts must match)");
      if (dst.isReadOnly())
        VM_FAIL("cannot copy into read-only " + dst.getTypeString() +
                " (a constant or read-only buffer)");
      Status status =
          device->copy(dst.getData(), src.getData(), src.getByteSize());
      if (!status.ok())
        VM_FAIL(status.message());
      pc += 3;
      break;
    }
    case Opcode::Launch: {
      std::string message = doLaunch(op, regs);
      if (!message.empty())
        VM_FAIL(message);
      pc += 3 + op[2];
      break;
    }
    case Opcode::CallNative: {
      std::string message = doCallNative(op, regs, *function);
      // A native function may have grown nothing: regs stays valid (native
      // calls do not touch the register stack).
      if (!message.empty())
        VM_FAIL(message);
      pc += 4 + op[2] + op[3 + op[2]];
      break;
    }
    case Opcode::NumOpcodes:
// The verifier rejects unknown opcodes; the default case keeps a corrupted
// word from looping forever all the same.
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wcovered-switch-default"
    default:
#pragma clang diagnostic pop
      VM_FAIL("invalid opcode " + std::to_string(op[0]));
    }
  }
#undef VM_FAIL

failed : {
  // Context: the failing instruction, then the chain of callers.
  uint32_t opcode = code[instructionPc];
  const char *mnemonic = opcode < static_cast<uint32_t>(Opcode::NumOpcodes)
                             ? kOpcodeInfo[opcode].mnemonic
                             : "?";
  // The op the instruction came from; check and assert messages name it
  // already.
  const char *location =
      opcode == static_cast<uint32_t>(Opcode::Check) ||
              opcode == static_cast<uint32_t>(Opcode::Assert)
          ? nullptr
          : module->getInstructionLocation(*function->entry, instructionPc);
  std::string message =
      "function '" + function->name + "': instruction at word " +
      std::to_string(instructionPc) + " (" + mnemonic +
      "): " + (location ? std::string(location) + ": " : std::string()) + error;
  for (size_t i = frames.size(); i-- > 1;)
    message += "\n  called from function '" +
               functions[frames[i - 1].function].name + "' at word " +
               std::to_string(frames[i].callPc);
  // Release every tensor and storage the registers hold (user tensors
  // included), also those of a callee frame that was being set up.
  for (Value &value : registerStack) {
    value.tensorValue = Tensor();
    value.storageValue.reset();
  }
  frames.clear();
  return Status::error(message);
}
}

//===----------------------------------------------------------------------===//
// Launch and native calls
//===----------------------------------------------------------------------===//

std::string Session::doLaunch(const uint32_t *op, Value *regs) {
  uint32_t kernelIndex = op[1];
  uint32_t numArgs = op[2];
  const uint32_t *argRegs = op + 3;
  const KernelEntry &entry = module->getKernels()[kernelIndex];
  const char *kernelName = module->getString(entry.name);
  uint32_t firstOutput = numArgs - entry.numOutputs;

  // What the registers must hold; the launcher does the rest.
  launchArgs.clear();
  for (uint32_t i = 0; i < numArgs; ++i) {
    const Value &value = regs[argRegs[i]];
    if (value.kind == ValueKind::Tensor) {
      const Tensor &tensor = value.tensorValue;
      if (tensor.isNull())
        return "kernel '" + std::string(kernelName) + "': argument " +
               std::to_string(i) + ": " +
               undefinedRegister(argRegs[i], "tensor");
      if (i >= firstOutput && tensor.isReadOnly())
        return "kernel '" + std::string(kernelName) + "': output " +
               std::to_string(i - firstOutput) + " (" + tensor.getTypeString() +
               ") is read-only (a constant or read-only buffer)";
    }
    launchArgs.push_back(&value);
  }

  bool observed = !observers.empty();
  uint64_t start = observed ? nowNs() : 0;
  int64_t deviceNs = -1;
  StatusOr<int64_t> grid =
      observed ? kernelLaunchers[kernelIndex]->launchTimed(
                     kernelIndex, launchArgs.data(), numArgs, deviceNs)
               : kernelLaunchers[kernelIndex]->launch(
                     kernelIndex, launchArgs.data(), numArgs);
  if (!grid)
    return "kernel '" + std::string(kernelName) + "': " + grid.message();
  if (observed) {
    // Copy the argument values: observers get a stable Span.
    launchValues.clear();
    for (uint32_t i = 0; i < numArgs; ++i)
      launchValues.push_back(regs[argRegs[i]]);
    LaunchEvent event;
    event.name = kernelName;
    event.location = module->getString(entry.location);
    event.startNs = start;
    event.durationNs =
        deviceNs >= 0 ? static_cast<uint64_t>(deviceNs) : nowNs() - start;
    event.threadId = getThreadId();
    event.grid = *grid;
    event.args = Span<Value>(launchValues.data(), launchValues.size());
    event.numOutputs = entry.numOutputs;
    Status status = notify(event);
    launchValues.clear();
    if (!status.ok())
      return "kernel '" + std::string(kernelName) + "': " + status.message();
  }
  return "";
}

std::string Session::doCallNative(const uint32_t *op, Value *regs,
                                  const FunctionInfo &function) {
  uint32_t nameOffset = op[1];
  const char *name = module->getString(nameOffset);
  auto cached = nativeCache.find(nameOffset);
  NativeFunctionRef fn;
  if (cached != nativeCache.end()) {
    fn = cached->second;
  } else {
    fn = registry->lookup(name);
    if (!fn)
      return "no native function named '" + std::string(name) +
             "' is registered";
    nativeCache.emplace(nameOffset, fn);
  }
  // Native functions read and write tensors on the host.
  if (!device->isHostAccessible())
    return "native function '" + std::string(name) + "' cannot run on " +
           device->getName() + " yet (its tensors are in device memory)";
  uint32_t numArgs = op[2];
  std::vector<Value> args;
  args.reserve(numArgs);
  for (uint32_t i = 0; i < numArgs; ++i) {
    const Value &value = regs[op[3 + i]];
    if (value.kind == ValueKind::Tensor && value.tensorValue.isNull())
      return "native function '" + std::string(name) + "': argument " +
             std::to_string(i) + ": " + undefinedRegister(op[3 + i], "tensor");
    if (value.kind == ValueKind::Storage && !value.storageValue)
      return "native function '" + std::string(name) + "': argument " +
             std::to_string(i) + ": " + undefinedRegister(op[3 + i], "storage");
    args.push_back(value);
  }
  bool observed = !observers.empty();
  uint64_t start = observed ? nowNs() : 0;
  StatusOr<std::vector<Value>> results = [&] {
    // Plugins with threads of their own use as many as the session.
    NativeCallScope scope(pool->getNumThreads());
    return (*fn)(Span<Value>(args.data(), args.size()));
  }();
  uint64_t duration = observed ? nowNs() - start : 0;
  if (!results)
    return "native function '" + std::string(name) +
           "' failed: " + results.message();
  const uint32_t *dsts = op + 3 + numArgs;
  if (results->size() != dsts[0])
    return "native function '" + std::string(name) + "' returned " +
           std::to_string(results->size()) + " result(s), expected " +
           std::to_string(dsts[0]);
  for (uint32_t i = 0; i < dsts[0]; ++i) {
    std::string mismatch =
        checkValueType((*results)[i], *function.registerTypes[dsts[1 + i]]);
    if (!mismatch.empty())
      return "native function '" + std::string(name) + "': result " +
             std::to_string(i) + ": " + mismatch;
  }
  for (uint32_t i = 0; i < dsts[0]; ++i)
    regs[dsts[1 + i]] = std::move((*results)[i]);
  if (observed) {
    LaunchEvent event;
    event.name = name;
    event.isNative = true;
    event.startNs = start;
    event.durationNs = duration;
    event.threadId = getThreadId();
    event.args = Span<Value>(args.data(), args.size());
    Status status = notify(event);
    if (!status.ok())
      return "native function '" + std::string(name) + "': " + status.message();
  }
  return "";
}
