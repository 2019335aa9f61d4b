//===- HostEncoder.cpp - Host functions as VM bytecode --------------------===//
//
// Encodes a device-level host function (func.func on memrefs and integers:
// device ops, memref.dim/load/store, arith on integers, cf, func.call) into
// the VM's register bytecode. Register allocation is one register per SSA
// value: host programs are short (tens of instructions per model) and the
// VM's registers cost a few bytes each. Block arguments are registers too; a
// branch copies its operands into them through temporaries where a source is
// itself a destination, so that the copies behave as one parallel copy.
//
//===----------------------------------------------------------------------===//

#include "SerializerImpl.h"

#include "strata/Dialect/Device/IR/DeviceOps.h"
#include "strata/Dialect/Kernel/IR/KernelOps.h"
#include "strata/Support/Location.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace strata;
using namespace strata::runtime;
using bytecode::Opcode;

bytecode::DType serializer::getDType(Type type) {
  using bytecode::DType;
  if (type.isF32())
    return DType::F32;
  if (type.isF64())
    return DType::F64;
  if (type.isF16())
    return DType::F16;
  if (type.isBF16())
    return DType::BF16;
  if (type.isIndex())
    return DType::I64;
  if (auto intType = dyn_cast<IntegerType>(type)) {
    if (intType.isUnsigned()) {
      switch (intType.getWidth()) {
      case 8:
        return DType::U8;
      case 16:
        return DType::U16;
      case 32:
        return DType::U32;
      case 64:
        return DType::U64;
      default:
        return DType::Invalid;
      }
    }
    switch (intType.getWidth()) {
    case 1:
      return DType::I1;
    case 8:
      return DType::I8;
    case 16:
      return DType::I16;
    case 32:
      return DType::I32;
    case 64:
      return DType::I64;
    default:
      return DType::Invalid;
    }
  }
  return DType::Invalid;
}

FailureOr<uint32_t> serializer::getTypeIndex(Location loc, Type type,
                                             ModuleWriter &writer) {
  if (isa<IndexType, IntegerType>(type))
    return writer.addI64Type();
  if (isa<device::StorageType>(type))
    return writer.addStorageType();
  auto memrefType = dyn_cast<MemRefType>(type);
  if (!memrefType)
    return emitError(loc) << "host value of type " << type
                          << " has no runtime representation (index, "
                             "integers, memrefs and !device.storage only)";
  if (!memrefType.getLayout().isIdentity())
    return emitError(loc) << "host buffer of type " << type
                          << " is not contiguous (identity layout only)";
  if (memrefType.getRank() > bytecode::kMaxRank)
    return emitError(loc) << "host buffer of type " << type << " has rank "
                          << memrefType.getRank() << ", more than the "
                          << bytecode::kMaxRank << " the runtime supports";
  bytecode::DType dtype = getDType(memrefType.getElementType());
  if (dtype == bytecode::DType::Invalid)
    return emitError(loc) << "host buffer element type "
                          << memrefType.getElementType()
                          << " has no runtime representation";
  std::vector<int64_t> dims;
  for (int64_t dim : memrefType.getShape())
    dims.push_back(ShapedType::isDynamic(dim) ? bytecode::kDynamicDim : dim);
  StatusOr<uint32_t> index = writer.addTensorType(dtype, dims);
  if (!index.ok())
    return emitError(loc) << index.message();
  return *index;
}

namespace {

/// Encodes one host function.
class FunctionEncoder {
public:
  FunctionEncoder(func::FuncOp func, const serializer::SymbolIndices &symbols,
                  ModuleWriter &writer, FunctionBuilder &builder)
      : func(func), symbols(symbols), writer(writer), builder(builder) {}

  LogicalResult encode();

private:
  /// The register of `value`, created on first use.
  FailureOr<uint32_t> getRegister(Value value);
  FailureOr<std::vector<uint32_t>> getRegisters(ValueRange values);
  /// A fresh register of the type of `value`.
  FailureOr<uint32_t> createTemporary(Value value);
  LogicalResult emit(Operation *op, Opcode opcode,
                     std::initializer_list<Operand> operands);
  LogicalResult emit(Operation *op, Opcode opcode,
                     const std::vector<Operand> &operands);
  /// Emits `opcode` with the registers of `values`, in order, then (when
  /// given) the register list of `list`: the shape of most host
  /// instructions. Registers are created in that order.
  LogicalResult emitRegisters(Operation *op, Opcode opcode,
                              ArrayRef<Value> values,
                              std::optional<ValueRange> list = std::nullopt);
  /// Copies `operands` into the arguments of `dest` and jumps there.
  LogicalResult emitBranch(Operation *op, Block *dest, ValueRange operands);
  LogicalResult encodeOp(Operation *op);
  LogicalResult encodeBinary(Operation *op, Opcode opcode);

  func::FuncOp func;
  const serializer::SymbolIndices &symbols;
  ModuleWriter &writer;
  FunctionBuilder &builder;
  llvm::DenseMap<Value, uint32_t> registers;
  llvm::DenseMap<Block *, Label> blockLabels;
};

FailureOr<uint32_t> FunctionEncoder::getRegister(Value value) {
  auto it = registers.find(value);
  if (it != registers.end())
    return it->second;
  FailureOr<uint32_t> type =
      serializer::getTypeIndex(value.getLoc(), value.getType(), writer);
  if (failed(type))
    return failure();
  uint32_t reg = builder.addRegister(*type);
  registers[value] = reg;
  return reg;
}

FailureOr<std::vector<uint32_t>>
FunctionEncoder::getRegisters(ValueRange values) {
  std::vector<uint32_t> regs;
  for (Value value : values) {
    FailureOr<uint32_t> reg = getRegister(value);
    if (failed(reg))
      return failure();
    regs.push_back(*reg);
  }
  return regs;
}

FailureOr<uint32_t> FunctionEncoder::createTemporary(Value value) {
  FailureOr<uint32_t> type =
      serializer::getTypeIndex(value.getLoc(), value.getType(), writer);
  if (failed(type))
    return failure();
  return builder.addRegister(*type);
}

LogicalResult FunctionEncoder::emit(Operation *op, Opcode opcode,
                                    std::initializer_list<Operand> operands) {
  return emit(op, opcode, std::vector<Operand>(operands));
}

LogicalResult FunctionEncoder::emit(Operation *op, Opcode opcode,
                                    const std::vector<Operand> &operands) {
  Status status = builder.emit(opcode, operands);
  if (!status.ok())
    return op->emitError() << "cannot encode: " << status.message();
  return success();
}

LogicalResult FunctionEncoder::emitRegisters(Operation *op, Opcode opcode,
                                             ArrayRef<Value> values,
                                             std::optional<ValueRange> list) {
  std::vector<Operand> operands;
  for (Value value : values) {
    FailureOr<uint32_t> reg = getRegister(value);
    if (failed(reg))
      return failure();
    operands.push_back(*reg);
  }
  if (list) {
    FailureOr<std::vector<uint32_t>> regs = getRegisters(*list);
    if (failed(regs))
      return failure();
    operands.push_back(*regs);
  }
  return emit(op, opcode, operands);
}

LogicalResult FunctionEncoder::emitBranch(Operation *op, Block *dest,
                                          ValueRange operands) {
  // Block arguments that are also sources go through temporaries.
  llvm::DenseSet<Value> destArgs(dest->getArguments().begin(),
                                 dest->getArguments().end());
  bool overlap = llvm::any_of(
      operands, [&](Value operand) { return destArgs.contains(operand); });
  std::vector<std::pair<uint32_t, uint32_t>> moves; // (dst, src)
  for (auto [operand, arg] : llvm::zip(operands, dest->getArguments())) {
    FailureOr<uint32_t> src = getRegister(operand);
    FailureOr<uint32_t> dst = getRegister(arg);
    if (failed(src) || failed(dst))
      return failure();
    if (*src == *dst)
      continue;
    if (!overlap) {
      moves.emplace_back(*dst, *src);
      continue;
    }
    FailureOr<uint32_t> temp = createTemporary(arg);
    if (failed(temp) || failed(emit(op, Opcode::Move, {*temp, *src})))
      return failure();
    moves.emplace_back(*dst, *temp);
  }
  for (auto [dst, src] : moves)
    if (failed(emit(op, Opcode::Move, {dst, src})))
      return failure();
  return emit(op, Opcode::Branch, {blockLabels[dest]});
}

LogicalResult FunctionEncoder::encodeBinary(Operation *op, Opcode opcode) {
  FailureOr<uint32_t> dst = getRegister(op->getResult(0));
  FailureOr<uint32_t> lhs = getRegister(op->getOperand(0));
  FailureOr<uint32_t> rhs = getRegister(op->getOperand(1));
  if (failed(dst) || failed(lhs) || failed(rhs))
    return failure();
  return emit(op, opcode, {*dst, *lhs, *rhs});
}

/// True for the integer types a 64-bit register holds exactly.
static bool isWideInteger(Type type) {
  return type.isIndex() || type.isInteger(64);
}

/// True for the scalar types host arithmetic works on.
static bool isHostInteger(Type type) {
  return isa<IndexType>(type) ||
         (isa<IntegerType>(type) && type.getIntOrFloatBitWidth() <= 64);
}

LogicalResult FunctionEncoder::encodeOp(Operation *op) {
  // Integer arithmetic: every operand and result is an I64 register.
  auto checkIntegers = [&]() -> LogicalResult {
    for (Type type : op->getOperandTypes())
      if (!isHostInteger(type))
        return op->emitError() << "host arithmetic on " << type
                               << " is not supported (integers only)";
    for (Type type : op->getResultTypes())
      if (!isHostInteger(type))
        return op->emitError() << "host arithmetic on " << type
                               << " is not supported (integers only)";
    return success();
  };
  // Registers hold 64 bits, narrower integers sign-extended (i1 as 0/1).
  // Ops whose result depends on the width (arithmetic that may wrap,
  // unsigned division of negative values, zero or sign extension of i1)
  // are exact only on index and i64; the others are rejected rather than
  // computed wrong.
  auto checkWide = [&](TypeRange types, bool allowI1) -> LogicalResult {
    for (Type type : types)
      if (!isWideInteger(type) && !(allowI1 && type.isInteger(1)))
        return op->emitError()
               << "'" << op->getName() << "' on " << type
               << " is not supported on the host: the runtime computes in "
                  "64 bits (index and i64"
               << (allowI1 ? ", and i1" : "") << " only)";
    return success();
  };
  auto binary = [&](Opcode opcode) -> LogicalResult {
    if (failed(checkIntegers()))
      return failure();
    bool bitwise = isa<arith::AndIOp, arith::OrIOp, arith::XOrIOp>(op);
    if (failed(checkWide(op->getOperandTypes(), bitwise)) ||
        failed(checkWide(op->getResultTypes(), bitwise)))
      return failure();
    return encodeBinary(op, opcode);
  };
  auto move = [&]() -> LogicalResult {
    FailureOr<uint32_t> dst = getRegister(op->getResult(0));
    FailureOr<uint32_t> src = getRegister(op->getOperand(0));
    if (failed(dst) || failed(src))
      return failure();
    return emit(op, Opcode::Move, {*dst, *src});
  };

  return llvm::TypeSwitch<Operation *, LogicalResult>(op)
      .Case([&](arith::ConstantOp constant) -> LogicalResult {
        auto attr = dyn_cast<IntegerAttr>(constant.getValue());
        if (!attr || !isHostInteger(attr.getType()))
          return op->emitError() << "host constant " << constant.getValue()
                                 << " is not supported (integers only; "
                                    "tensors belong in the constant pool)";
        FailureOr<uint32_t> dst = getRegister(constant);
        if (failed(dst))
          return failure();
        // i1 true is 1, not -1.
        int64_t value =
            attr.getType().isInteger(1)
                ? static_cast<int64_t>(attr.getValue().getZExtValue())
                : attr.getValue().getSExtValue();
        return emit(op, Opcode::ConstI64, {*dst, value});
      })
      .Case([&](arith::AddIOp) { return binary(Opcode::AddI); })
      .Case([&](arith::SubIOp) { return binary(Opcode::SubI); })
      .Case([&](arith::MulIOp) { return binary(Opcode::MulI); })
      .Case([&](arith::DivSIOp) { return binary(Opcode::DivSI); })
      .Case([&](arith::RemSIOp) { return binary(Opcode::RemSI); })
      .Case([&](arith::FloorDivSIOp) { return binary(Opcode::FloorDivSI); })
      .Case([&](arith::CeilDivSIOp) { return binary(Opcode::CeilDivSI); })
      .Case([&](arith::MinSIOp) { return binary(Opcode::MinSI); })
      .Case([&](arith::MaxSIOp) { return binary(Opcode::MaxSI); })
      .Case([&](arith::DivUIOp) { return binary(Opcode::DivUI); })
      .Case([&](arith::RemUIOp) { return binary(Opcode::RemUI); })
      .Case([&](arith::MinUIOp) { return binary(Opcode::MinUI); })
      .Case([&](arith::MaxUIOp) { return binary(Opcode::MaxUI); })
      .Case([&](arith::AndIOp) { return binary(Opcode::AndI); })
      .Case([&](arith::OrIOp) { return binary(Opcode::OrI); })
      .Case([&](arith::XOrIOp) { return binary(Opcode::XorI); })
      .Case([&](arith::CmpIOp cmp) -> LogicalResult {
        if (failed(checkIntegers()))
          return failure();
        FailureOr<uint32_t> dst = getRegister(cmp.getResult());
        FailureOr<uint32_t> lhs = getRegister(cmp.getLhs());
        FailureOr<uint32_t> rhs = getRegister(cmp.getRhs());
        if (failed(dst) || failed(lhs) || failed(rhs))
          return failure();
        // arith.cmpi's predicate values are the VM's CmpPredicate values.
        auto predicate = static_cast<uint32_t>(cmp.getPredicate());
        return emit(op, Opcode::CmpI, {*dst, predicate, *lhs, *rhs});
      })
      .Case([&](arith::SelectOp select) -> LogicalResult {
        if (!isHostInteger(select.getType()) &&
            !isa<MemRefType>(select.getType()))
          return op->emitError() << "host select of " << select.getType()
                                 << " is not supported";
        return emitRegisters(op, Opcode::Select,
                             {select.getResult(), select.getCondition(),
                              select.getTrueValue(), select.getFalseValue()});
      })
      // Casts are moves where the 64-bit register already holds the
      // result: sign extension of a sign-extended value, zero extension of
      // a 0/1 or of a full 64-bit value. Truncations and the extensions
      // that would change the bits are rejected.
      .Case([&](arith::IndexCastOp) -> LogicalResult {
        if (failed(checkIntegers()) ||
            failed(checkWide(op->getResultTypes(), false)))
          return failure();
        if (op->getOperand(0).getType().isInteger(1))
          return op->emitError("'arith.index_cast' of i1 is not supported "
                               "on the host (i1 is held as 0/1)");
        return move();
      })
      .Case([&](arith::IndexCastUIOp) -> LogicalResult {
        if (failed(checkIntegers()) ||
            failed(checkWide(op->getOperandTypes(), true)) ||
            failed(checkWide(op->getResultTypes(), false)))
          return failure();
        return move();
      })
      .Case([&](arith::ExtSIOp) -> LogicalResult {
        if (failed(checkIntegers()))
          return failure();
        if (op->getOperand(0).getType().isInteger(1))
          return op->emitError("'arith.extsi' of i1 is not supported on the "
                               "host (i1 is held as 0/1)");
        return move();
      })
      .Case([&](arith::ExtUIOp) -> LogicalResult {
        if (failed(checkIntegers()))
          return failure();
        if (!op->getOperand(0).getType().isInteger(1))
          return op->emitError()
                 << "'arith.extui' of " << op->getOperand(0).getType()
                 << " is not supported on the host (only of i1, held as "
                    "0/1)";
        return move();
      })
      .Case([&](memref::DimOp dim) -> LogicalResult {
        std::optional<int64_t> index = dim.getConstantIndex();
        auto type = dyn_cast<MemRefType>(dim.getSource().getType());
        if (!index || !type || *index < 0 || *index >= type.getRank())
          return op->emitError("host dim needs a constant, in-range index");
        FailureOr<uint32_t> dst = getRegister(dim.getResult());
        FailureOr<uint32_t> src = getRegister(dim.getSource());
        if (failed(dst) || failed(src))
          return failure();
        return emit(op, Opcode::Dim,
                    {*dst, *src, static_cast<uint32_t>(*index)});
      })
      .Case([&](memref::LoadOp load) -> LogicalResult {
        if (!isHostInteger(load.getType()))
          return op->emitError() << "host load of " << load.getType()
                                 << " is not supported (integers only)";
        return emitRegisters(op, Opcode::Load,
                             {load.getResult(), load.getMemRef()},
                             load.getIndices());
      })
      .Case([&](memref::StoreOp store) -> LogicalResult {
        if (!isHostInteger(store.getValueToStore().getType()))
          return op->emitError()
                 << "host store of " << store.getValueToStore().getType()
                 << " is not supported (integers only)";
        return emitRegisters(op, Opcode::Store,
                             {store.getValueToStore(), store.getMemRef()},
                             store.getIndices());
      })
      .Case([&](device::ConstantOp constant) -> LogicalResult {
        auto it = symbols.constants.find(constant.getName());
        if (it == symbols.constants.end())
          return op->emitError()
                 << "unknown pool entry @" << constant.getName();
        FailureOr<uint32_t> dst = getRegister(constant.getResult());
        if (failed(dst))
          return failure();
        return emit(op, Opcode::Constant, {*dst, it->second});
      })
      .Case([&](device::AllocStorageOp alloc) -> LogicalResult {
        return emitRegisters(op, Opcode::AllocStorage,
                             {alloc.getResult(), alloc.getSize()});
      })
      .Case([&](device::ViewOp view) -> LogicalResult {
        return emitRegisters(
            op, Opcode::View,
            {view.getResult(), view.getStorage(), view.getByteOffset()},
            view.getDynamicSizes());
      })
      .Case([&](device::AllocOp alloc) -> LogicalResult {
        return emitRegisters(op, Opcode::AllocTensor, {alloc.getResult()},
                             alloc.getDynamicSizes());
      })
      .Case([&](device::ReshapeOp reshape) -> LogicalResult {
        return emitRegisters(op, Opcode::Reshape,
                             {reshape.getResult(), reshape.getSource()},
                             reshape.getDynamicSizes());
      })
      .Case([&](device::LaunchOp launch) -> LogicalResult {
        auto it = symbols.kernels.find(launch.getKernel());
        if (it == symbols.kernels.end())
          return op->emitError() << "unknown kernel @" << launch.getKernel();
        FailureOr<std::vector<uint32_t>> args =
            getRegisters(launch->getOperands());
        if (failed(args))
          return failure();
        return emit(op, Opcode::Launch, {it->second, *args});
      })
      .Case([&](device::CopyOp copy) -> LogicalResult {
        return emitRegisters(op, Opcode::Copy,
                             {copy.getSource(), copy.getTarget()});
      })
      .Case([&](device::CallNativeOp call) -> LogicalResult {
        FailureOr<std::vector<uint32_t>> args =
            getRegisters(call.getOperands());
        FailureOr<std::vector<uint32_t>> results =
            getRegisters(call.getResults());
        if (failed(args) || failed(results))
          return failure();
        uint32_t name = writer.addString(call.getCallee());
        return emit(op, Opcode::CallNative, {name, *args, *results});
      })
      .Case([&](func::CallOp call) -> LogicalResult {
        auto it = symbols.functions.find(call.getCallee());
        if (it == symbols.functions.end())
          return op->emitError() << "call of @" << call.getCallee()
                                 << ", which is not a host function of the "
                                    "module";
        FailureOr<std::vector<uint32_t>> args =
            getRegisters(call.getOperands());
        FailureOr<std::vector<uint32_t>> results =
            getRegisters(call.getResults());
        if (failed(args) || failed(results))
          return failure();
        return emit(op, Opcode::Call, {it->second, *args, *results});
      })
      .Case([&](func::ReturnOp ret) -> LogicalResult {
        return emitRegisters(op, Opcode::Return, {}, ret.getOperands());
      })
      .Case([&](cf::BranchOp branch) {
        return emitBranch(op, branch.getDest(), branch.getDestOperands());
      })
      .Case([&](cf::CondBranchOp branch) -> LogicalResult {
        FailureOr<uint32_t> cond = getRegister(branch.getCondition());
        if (failed(cond))
          return failure();
        bool trueArgs = !branch.getTrueDestOperands().empty();
        bool falseArgs = !branch.getFalseDestOperands().empty();
        // Successors with arguments go through a block of moves.
        Label onTrue = trueArgs ? builder.createLabel()
                                : blockLabels[branch.getTrueDest()];
        Label onFalse = falseArgs ? builder.createLabel()
                                  : blockLabels[branch.getFalseDest()];
        if (failed(emit(op, Opcode::CondBranch, {*cond, onTrue, onFalse})))
          return failure();
        if (trueArgs) {
          if (!builder.placeLabel(onTrue).ok() ||
              failed(emitBranch(op, branch.getTrueDest(),
                                branch.getTrueDestOperands())))
            return failure();
        }
        if (falseArgs) {
          if (!builder.placeLabel(onFalse).ok() ||
              failed(emitBranch(op, branch.getFalseDest(),
                                branch.getFalseDestOperands())))
            return failure();
        }
        return success();
      })
      .Case([&](cf::AssertOp assertOp) -> LogicalResult {
        FailureOr<uint32_t> cond = getRegister(assertOp.getArg());
        if (failed(cond))
          return failure();
        std::string message = assertOp.getMsg().str();
        std::string where = strata::formatLocation(op->getLoc());
        if (!where.empty())
          message = where + ": " + message;
        return emit(op, Opcode::Assert, {*cond, writer.addString(message)});
      })
      .Case([&](kernel::CheckOp check) -> LogicalResult {
        FailureOr<uint32_t> cond = getRegister(check.getCondition());
        FailureOr<std::vector<uint32_t>> values =
            getRegisters(check.getValues());
        if (failed(cond) || failed(values))
          return failure();
        std::string message = check.getMessage().str();
        std::string where = strata::formatLocation(op->getLoc());
        if (!where.empty())
          message = where + ": " + message;
        return emit(op, Opcode::Check,
                    {*cond, writer.addString(message), *values});
      })
      .Default([&](Operation *) {
        return op->emitError()
               << "'" << op->getName()
               << "' cannot run on the host: the runtime supports device "
                  "ops, memref.dim/load/store, integer arith, cf and "
                  "func.call (was the module lowered to the device level?)";
      });
}

LogicalResult FunctionEncoder::encode() {
  Region &body = func.getBody();
  if (body.empty())
    return func.emitError("host function has no body");
  // Arguments are registers 0..n-1.
  for (BlockArgument arg : body.front().getArguments())
    if (failed(getRegister(arg)))
      return failure();
  builder.setNumArgs(body.front().getNumArguments());
  std::vector<uint32_t> resultTypes;
  for (Type type : func.getFunctionType().getResults()) {
    FailureOr<uint32_t> index =
        serializer::getTypeIndex(func.getLoc(), type, writer);
    if (failed(index))
      return failure();
    resultTypes.push_back(*index);
  }
  builder.setResultTypes(resultTypes);
  builder.setLocation(strata::formatLocation(func.getLoc()));

  for (Block &block : body)
    blockLabels[&block] = builder.createLabel();
  // Each op's instructions are recorded with its location, so that the
  // VM's errors of host instructions (a reshape to a negative size) name
  // the op. Consecutive ops mostly share one.
  Location lastLocation = UnknownLoc::get(func.getContext());
  for (Block &block : body) {
    Status placed = builder.placeLabel(blockLabels[&block]);
    if (!placed.ok())
      return func.emitError() << placed.message();
    for (Operation &op : block) {
      if (op.getLoc() != lastLocation) {
        builder.setInstructionLocation(strata::formatLocation(op.getLoc()));
        lastLocation = op.getLoc();
      }
      if (failed(encodeOp(&op)))
        return failure();
    }
  }
  return success();
}

} // namespace

LogicalResult serializer::encodeHostFunction(func::FuncOp func,
                                             const SymbolIndices &symbols,
                                             ModuleWriter &writer,
                                             FunctionBuilder &builder) {
  return FunctionEncoder(func, symbols, writer, builder).encode();
}
