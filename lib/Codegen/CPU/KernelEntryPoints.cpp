//===- KernelEntryPoints.cpp - The runtime's entry points of kernels ------===//
//
// Implements strata-cpu-kernel-entry-points (see Conversion/Passes.td): the
// runtime calls every kernel through one C signature,
//   void strata_kernel_<name>(void **args, int64_t tileBegin, int64_t tileEnd)
// (the kernel ABI of KernelEntry in Runtime/Bytecode.h), whatever its
// arguments. This pass writes that function for each destination-passing
// kernel, on the LLVM dialect, as a thin wrapper over the C interface MLIR
// generates (`_mlir_ciface_<name>`, which takes memref descriptors by
// pointer): it loads each argument pointer from `args` (and the value, for
// scalars) and forwards the tile range. Everything else becomes internal, so
// the shared object exports only entry points; each kernel and its C
// interface are also `alwaysinline`: they have one caller (the C interface,
// the entry point), and inlining them before LLVM's pipeline, not in the
// middle of it, simplifies each function once instead of before and after
// inlining (DenseNet-121's LLVM passes: 5.3 to 3.6 s, the same code).
//
//===----------------------------------------------------------------------===//

#include "strata/Codegen/Common/KernelABI.h"
#include "strata/Codegen/CPU/Passes.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"

namespace strata {
#define GEN_PASS_DEF_CPUKERNELENTRYPOINTSPASS
#include "strata/Codegen/CPU/Passes.h.inc"
} // namespace strata

using namespace mlir;
using namespace strata;

/// Writes the entry point `name` of `kernel`, whose C interface is
/// `cInterface`: `void name(ptr, i64, i64)` for a kernel, `i64 name(ptr)`
/// for a grid function (which gets an empty tile range).
static LogicalResult writeEntryPoint(ModuleOp module, LLVM::LLVMFuncOp kernel,
                                     LLVM::LLVMFuncOp cInterface,
                                     StringRef name, bool isGrid) {
  MLIRContext *ctx = module.getContext();
  Location loc = kernel.getLoc();
  auto ptrType = LLVM::LLVMPointerType::get(ctx);
  auto i64Type = IntegerType::get(ctx, 64);
  ArrayRef<Type> params = cInterface.getFunctionType().getParams();
  if (params.size() < 2 || params[params.size() - 1] != i64Type ||
      params[params.size() - 2] != i64Type)
    return kernel.emitError("kernel has no tile range arguments; was it made "
                            "by convert-kernel-to-dps-func?");

  OpBuilder builder = OpBuilder::atBlockEnd(module.getBody());
  auto entryType =
      isGrid ? LLVM::LLVMFunctionType::get(i64Type, {ptrType})
             : LLVM::LLVMFunctionType::get(LLVM::LLVMVoidType::get(ctx),
                                           {ptrType, i64Type, i64Type});
  auto entry = LLVM::LLVMFuncOp::create(builder, loc, name, entryType);
  Block *block = entry.addEntryBlock(builder);
  builder.setInsertionPointToStart(block);
  Value args = block->getArgument(0);
  SmallVector<Value> operands;
  for (auto [index, param] : llvm::enumerate(params.drop_back(2))) {
    Value slot = LLVM::GEPOp::create(
        builder, loc, ptrType, ptrType, args,
        ArrayRef<LLVM::GEPArg>{static_cast<int32_t>(index)});
    Value pointer = LLVM::LoadOp::create(builder, loc, ptrType, slot);
    if (param == ptrType) {
      operands.push_back(pointer);
    } else if (param == i64Type) {
      operands.push_back(LLVM::LoadOp::create(builder, loc, i64Type, pointer));
    } else {
      return kernel.emitError() << "kernel argument " << index << " of type "
                                << param << " has no runtime ABI";
    }
  }
  if (isGrid) {
    Value zero = LLVM::ConstantOp::create(builder, loc, i64Type,
                                          builder.getI64IntegerAttr(0));
    operands.append({zero, zero});
    auto call = LLVM::CallOp::create(builder, loc, cInterface, operands);
    if (call.getNumResults() != 1 || call.getResult().getType() != i64Type)
      return kernel.emitError("grid function does not return an i64");
    LLVM::ReturnOp::create(builder, loc, call.getResult());
    return success();
  }
  operands.push_back(block->getArgument(1));
  operands.push_back(block->getArgument(2));
  LLVM::CallOp::create(builder, loc, cInterface, operands);
  LLVM::ReturnOp::create(builder, loc, ValueRange());
  return success();
}

namespace {
struct CPUKernelEntryPointsPass
    : strata::impl::CPUKernelEntryPointsPassBase<CPUKernelEntryPointsPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    SymbolTable symbols(module);
    // (function, its C interface, entry point name, is a grid function)
    struct Entry {
      LLVM::LLVMFuncOp func, cInterface;
      std::string name;
      bool isGrid;
    };
    SmallVector<Entry> kernels;
    for (auto func : module.getOps<LLVM::LLVMFuncOp>()) {
      // The C interface inherits the attributes; the kernel is the other one.
      bool isGrid = func->hasAttr(kKernelExportAttrName);
      if ((!func->hasAttr(kKernelABIAttrName) && !isGrid) ||
          func.getSymName().starts_with("_mlir_ciface_"))
        continue;
      auto cInterface = symbols.lookup<LLVM::LLVMFuncOp>(
          ("_mlir_ciface_" + func.getSymName()).str());
      if (!cInterface) {
        func.emitError("kernel has no C interface (llvm.emit_c_interface)");
        return signalPassFailure();
      }
      std::string name;
      if (isGrid) {
        StringRef prefix = "__strata_grid_body_";
        if (!func.getSymName().starts_with(prefix)) {
          func.emitError("exported function is not a grid function");
          return signalPassFailure();
        }
        name = getKernelGridSymbol(func.getSymName().drop_front(prefix.size()));
      } else {
        name = getKernelEntrySymbol(func.getSymName());
      }
      kernels.push_back({func, cInterface, name, isGrid});
    }
    // Only entry points stay visible.
    for (auto func : module.getOps<LLVM::LLVMFuncOp>())
      if (!func.isExternal())
        func.setLinkage(LLVM::Linkage::Internal);
    // Each kernel and its C interface have one caller: inlined first.
    for (Entry &entry : kernels) {
      entry.func.setAlwaysInlineAttr(UnitAttr::get(module.getContext()));
      entry.cInterface.setAlwaysInlineAttr(UnitAttr::get(module.getContext()));
    }
    for (const Entry &entry : kernels) {
      if (failed(writeEntryPoint(module, entry.func, entry.cInterface,
                                 entry.name, entry.isGrid)))
        return signalPassFailure();
    }
    for (auto func : module.getOps<LLVM::LLVMFuncOp>()) {
      func->removeAttr(kKernelABIAttrName);
      func->removeAttr(kKernelExportAttrName);
      func->removeAttr(LLVM::LLVMDialect::getEmitCWrapperAttrName());
    }
  }
};
} // namespace
