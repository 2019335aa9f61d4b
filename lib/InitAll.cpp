//===- InitAll.cpp - Register every Strata dialect and pass ---------------===//
//
// Implements the registry shared by all tools (see InitAll.h).
//
//===----------------------------------------------------------------------===//

#include "strata/InitAll.h"
#include "mlir/Conversion/Passes.h"
#include "strata/External/ExternalBackend.h"

#include "mlir/Conversion/ArithToLLVM/ArithToLLVM.h"
#include "mlir/Conversion/ControlFlowToLLVM/ControlFlowToLLVM.h"
#include "mlir/Conversion/FuncToLLVM/ConvertFuncToLLVM.h"
#include "mlir/Conversion/IndexToLLVM/IndexToLLVM.h"
#include "mlir/Conversion/MathToLLVM/MathToLLVM.h"
#include "mlir/Conversion/MemRefToLLVM/MemRefToLLVM.h"
#include "mlir/Conversion/UBToLLVM/UBToLLVM.h"
#include "mlir/Conversion/VectorToLLVM/ConvertVectorToLLVM.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Affine/IR/ValueBoundsOpInterfaceImpl.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/IR/ValueBoundsOpInterfaceImpl.h"
#include "mlir/Dialect/Arith/Transforms/BufferDeallocationOpInterfaceImpl.h"
#include "mlir/Dialect/Arith/Transforms/BufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Bufferization/Transforms/FuncBufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/ControlFlow/Transforms/BufferDeallocationOpInterfaceImpl.h"
#include "mlir/Dialect/ControlFlow/Transforms/BufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Index/IR/IndexDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/IR/ValueBoundsOpInterfaceImpl.h"
#include "mlir/Dialect/Linalg/Transforms/BufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/Linalg/Transforms/SubsetInsertionOpInterfaceImpl.h"
#include "mlir/Dialect/Linalg/Transforms/TilingInterfaceImpl.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/MemRef/IR/ValueBoundsOpInterfaceImpl.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/IR/ValueBoundsOpInterfaceImpl.h"
#include "mlir/Dialect/SCF/Transforms/BufferDeallocationOpInterfaceImpl.h"
#include "mlir/Dialect/SCF/Transforms/BufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Tensor/IR/TensorInferTypeOpInterfaceImpl.h"
#include "mlir/Dialect/Tensor/IR/TensorTilingInterfaceImpl.h"
#include "mlir/Dialect/Tensor/IR/ValueBoundsOpInterfaceImpl.h"
#include "mlir/Dialect/Tensor/Transforms/BufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/Tensor/Transforms/SubsetInsertionOpInterfaceImpl.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/Dialect/Vector/IR/ValueBoundsOpInterfaceImpl.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Dialect/Vector/Transforms/BufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/Vector/Transforms/SubsetOpInterfaceImpl.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Target/LLVM/NVVM/Target.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/GPU/GPUToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/NVVM/NVVMToLLVMIRTranslation.h"
#include "mlir/Transforms/Passes.h"
#include "strata/Codegen/CPU/Passes.h"
#include "strata/Codegen/CUDA/Passes.h"
#include "strata/Codegen/Common/Passes.h"
#include "strata/Conversion/Passes.h"
#include "strata/Dialect/Device/IR/DeviceDialect.h"
#include "strata/Dialect/Device/Transforms/Passes.h"
#include "strata/Dialect/Graph/IR/GraphDialect.h"
#include "strata/Dialect/Graph/Transforms/Passes.h"
#include "strata/Dialect/Kernel/IR/KernelDialect.h"
#include "strata/Dialect/Kernel/Transforms/Passes.h"
#include "strata/Target/CPU/CPUTarget.h"
#include "strata/Target/CUDA/CUDATarget.h"
#include "strata/Target/TargetBackend.h"
#include "llvm/Config/llvm-config.h"

#include <mutex>

#ifndef STRATA_VERSION
#define STRATA_VERSION "unknown"
#endif

void strata::registerAllDialects(mlir::DialectRegistry &registry) {
  registry.insert<graph::GraphDialect, kernel::KernelDialect,
                  device::DeviceDialect>();
  registry.insert<mlir::arith::ArithDialect, mlir::cf::ControlFlowDialect,
                  mlir::func::FuncDialect, mlir::linalg::LinalgDialect,
                  mlir::math::MathDialect, mlir::scf::SCFDialect,
                  mlir::tensor::TensorDialect>();
  registerCPULoweringDialects(registry);
  registerCUDALoweringDialects(registry);
}

void strata::registerCUDALoweringDialects(mlir::DialectRegistry &registry) {
  using namespace mlir;
  // Dialects the strata-lower-kernels-cuda pipeline passes through, the
  // #nvvm.target that serializes gpu.modules to PTX, and the LLVM IR
  // translation it runs.
  registry.insert<gpu::GPUDialect, NVVM::NVVMDialect>();
  NVVM::registerNVVMTargetInterfaceExternalModels(registry);
  registerBuiltinDialectTranslation(registry);
  registerGPUDialectTranslation(registry);
  registerLLVMDialectTranslation(registry);
  registerNVVMDialectTranslation(registry);
}

void strata::registerCPULoweringDialects(mlir::DialectRegistry &registry) {
  using namespace mlir;
  // Dialects the strata-lower-cpu pipeline passes through.
  registry.insert<affine::AffineDialect, bufferization::BufferizationDialect,
                  index::IndexDialect, LLVM::LLVMDialect, memref::MemRefDialect,
                  ub::UBDialect, vector::VectorDialect>();

  // Tiling (scf::tileUsingSCF) and the shape reasoning it needs.
  linalg::registerTilingInterfaceExternalModels(registry);
  tensor::registerTilingInterfaceExternalModels(registry);
  tensor::registerInferTypeOpInterfaceExternalModels(registry);
  affine::registerValueBoundsOpInterfaceExternalModels(registry);
  arith::registerValueBoundsOpInterfaceExternalModels(registry);
  linalg::registerValueBoundsOpInterfaceExternalModels(registry);
  memref::registerValueBoundsOpInterfaceExternalModels(registry);
  scf::registerValueBoundsOpInterfaceExternalModels(registry);
  tensor::registerValueBoundsOpInterfaceExternalModels(registry);
  vector::registerValueBoundsOpInterfaceExternalModels(registry);

  // One-Shot Bufferize, empty-tensor elimination and buffer deallocation.
  arith::registerBufferizableOpInterfaceExternalModels(registry);
  bufferization::func_ext::registerBufferizableOpInterfaceExternalModels(
      registry);
  cf::registerBufferizableOpInterfaceExternalModels(registry);
  linalg::registerBufferizableOpInterfaceExternalModels(registry);
  scf::registerBufferizableOpInterfaceExternalModels(registry);
  tensor::registerBufferizableOpInterfaceExternalModels(registry);
  vector::registerBufferizableOpInterfaceExternalModels(registry);
  linalg::registerSubsetOpInterfaceExternalModels(registry);
  tensor::registerSubsetOpInterfaceExternalModels(registry);
  vector::registerSubsetOpInterfaceExternalModels(registry);
  arith::registerBufferDeallocationOpInterfaceExternalModels(registry);
  cf::registerBufferDeallocationOpInterfaceExternalModels(registry);
  scf::registerBufferDeallocationOpInterfaceExternalModels(registry);

  // ConvertToLLVMPatternInterface, for --convert-to-llvm.
  arith::registerConvertArithToLLVMInterface(registry);
  cf::registerConvertControlFlowToLLVMInterface(registry);
  index::registerConvertIndexToLLVMInterface(registry);
  registerConvertFuncToLLVMInterface(registry);
  registerConvertMathToLLVMInterface(registry);
  registerConvertMemRefToLLVMInterface(registry);
  ub::registerConvertUBToLLVMInterface(registry);
  vector::registerConvertVectorToLLVMInterface(registry);
}

void strata::registerAllPasses() {
  // canonicalize, cse, symbol-dce, inline, sccp, ... from upstream.
  mlir::registerTransformsPasses();
  graph::registerGraphPasses();
  registerConversionPasses();
  registerCodegenCommonPasses();
  registerCodegenCPUPasses();
  registerCodegenCUDAPasses();
  kernel::registerKernelPasses();
  device::registerDevicePasses();
  // The host program's last lowering steps (strata-compile's device level).
  mlir::registerLowerAffinePass();
  mlir::registerSCFToControlFlowPass();
  // kernel-select-schedule asks the backends for schedules.
  registerAllTargetBackends();
  // graph-partition-external asks the external backends what they run.
  external::registerBuiltinExternalBackends();
}

void strata::registerAllTargetBackends() {
  // The registry is global and keeps the first backend of a name.
  static std::once_flag once;
  std::call_once(once, [] {
    registerTargetBackend(createCPUTargetBackend());
    registerTargetBackend(createCUDATargetBackend());
    registerTargetBackend(createCUDAEmulatorBackend());
  });
}

const char *strata::getVersionString() {
  return "Strata " STRATA_VERSION " (MLIR " LLVM_VERSION_STRING ")";
}
