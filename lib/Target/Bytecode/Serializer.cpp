//===- Serializer.cpp - Device-level modules to .smod files ---------------===//
//
// Implements serializeToBytecode (see Serializer.h): gathers the module's
// pool entries, kernels and host functions, asks the target's backend for
// the kernel library (TargetBackend::serializeKernels), and lays everything
// out with the runtime's ModuleWriter. The result is loaded
// back with the runtime's own verifier before it is returned, so a module
// the compiler writes is one the runtime accepts.
//
//===----------------------------------------------------------------------===//

#include "SerializerImpl.h"

#include "strata/Dialect/Device/IR/DeviceDialect.h"
#include "strata/Dialect/Device/IR/DeviceOps.h"
#include "strata/Dialect/Kernel/IR/KernelDialect.h"
#include "strata/Dialect/Kernel/IR/KernelOps.h"
#include "strata/InitAll.h"
#include "strata/Runtime/Module.h"
#include "strata/Support/Location.h"
#include "strata/Support/Timing.h"
#include "strata/Target/TargetBackend.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinDialect.h"
#include "mlir/IR/DialectResourceBlobManager.h"
#include "llvm/ADT/StringExtras.h"

#include <deque>

using namespace mlir;
using namespace strata;
using namespace strata::runtime;

/// The bytes of `value` as the runtime lays out a tensor: row-major, one
/// byte per i1, 8 bytes per index. A view of the attribute's own storage
/// where it is laid out so already (resource blobs and non-splat dense data:
/// the weights, which the module writer then copies once, into the file);
/// otherwise a copy in `storage`. Either lives as long as `value` and
/// `storage`.
static FailureOr<ArrayRef<uint8_t>>
getConstantBytes(Location loc, ElementsAttr value,
                 std::vector<uint8_t> &storage) {
  auto type = cast<ShapedType>(value.getType());
  int64_t numElements = type.getNumElements();
  Type elementType = type.getElementType();
  size_t elementSize =
      bytecode::getDTypeSize(serializer::getDType(elementType));
  size_t numBytes = static_cast<size_t>(numElements) * elementSize;
  auto asBytes = [](ArrayRef<char> data) {
    return ArrayRef<uint8_t>(reinterpret_cast<const uint8_t *>(data.data()),
                             data.size());
  };
  if (auto resource = dyn_cast<DenseResourceElementsAttr>(value)) {
    AsmResourceBlob *blob = resource.getRawHandle().getBlob();
    if (!blob)
      return emitError(loc)
             << "dense resource '" << resource.getRawHandle().getKey()
             << "' has no data";
    ArrayRef<char> data = blob->getData();
    if (data.size() != numBytes)
      return emitError(loc)
             << "dense resource '" << resource.getRawHandle().getKey()
             << "' holds " << data.size() << " bytes, expected " << numBytes;
    return asBytes(data);
  }
  auto dense = dyn_cast<DenseElementsAttr>(value);
  if (!dense)
    return emitError(loc) << "constant of kind " << value
                          << " cannot be serialized (dense and "
                             "dense_resource only)";
  if (elementType.isInteger(1)) {
    // The attribute packs i1 into bits; the runtime uses a byte each.
    storage.resize(numBytes);
    int64_t i = 0;
    for (bool bit : dense.getValues<bool>())
      storage[i++] = bit ? 1 : 0;
    return ArrayRef<uint8_t>(storage);
  }
  ArrayRef<char> raw = dense.getRawData();
  if (dense.isSplat()) {
    storage.resize(numBytes);
    for (int64_t i = 0; i < numElements; ++i)
      std::memcpy(storage.data() + i * elementSize, raw.data(), elementSize);
    return ArrayRef<uint8_t>(storage);
  }
  if (raw.size() != numBytes)
    return emitError(loc) << "constant of type " << type << " holds "
                          << raw.size() << " bytes, expected " << numBytes;
  return asBytes(raw);
}

LogicalResult strata::serializeToBytecode(ModuleOp module,
                                          const BytecodeOptions &options,
                                          std::vector<uint8_t> &bytes) {
  Location loc = module.getLoc();
  ModuleWriter writer;
  serializer::SymbolIndices symbols;

  // Phases timed under the caller's scope, if any (--timing).
  TimingScope *timing = options.codegen.timing;
  auto time = [&](StringRef phase) { return nestTiming(timing, phase); };

  // Metadata.
  CodegenOptions codegen = options.codegen;
  writer.addMetadata("producer", getVersionString());
  if (!options.sourceName.empty())
    writer.addMetadata("source", options.sourceName);
  std::string targetName = "cpu";
  if (auto target =
          module->getAttrOfType<device::TargetAttr>("device.target")) {
    targetName = target.getKind().str();
    if (codegen.triple.empty())
      codegen.triple = target.getTriple().str();
    if (codegen.chip.empty())
      codegen.chip =
          (target.isCpu() ? target.getCpu() : target.getChip()).str();
    if (codegen.features.empty())
      codegen.features = target.getFeatures().str();
  }
  // The backend named by the caller (one whose kernels run on the target's
  // kind of device, such as the CUDA emulator's on a CPU), else the
  // target's.
  FailureOr<const TargetBackend *> backend = getTargetBackend(
      loc, options.backend.empty() ? targetName : options.backend);
  if (failed(backend))
    return failure();
  if ((*backend)->getDeviceKind() != targetName)
    return emitError(loc) << "this module's target is '" << targetName
                          << "', but the '" << (*backend)->getName()
                          << "' backend compiles kernels for "
                          << (*backend)->getDeviceKind()
                          << " devices (compile it with --target=" << targetName
                          << ")";
  // The chip a CUDA module is compiled for, named when defaulted.
  if (targetName == "cuda" && codegen.chip.empty()) {
    FailureOr<kernel::TargetAttr> target =
        (*backend)->getDefaultTarget(loc, "", codegen.features);
    if (failed(target))
      return failure();
    codegen.chip = target->getCpu().str();
  }
  bytecode::SectionKind librarySection =
      targetName == "cuda" ? bytecode::SectionKind::KernelLibraryCUDA
                           : bytecode::SectionKind::KernelLibraryCPU;
  writer.addMetadata("target", targetName);
  if (!codegen.chip.empty())
    writer.addMetadata(targetName == "cuda" ? "chip" : "cpu", codegen.chip);
  // The runtime plugins of the native functions called, in order of first
  // call, so that a missing one fails the load, naming it.
  SmallVector<std::string> plugins;
  module.walk([&](device::CallNativeOp call) {
    std::string plugin(bytecode::getNativeFunctionPlugin(call.getCallee()));
    if (!plugin.empty() && !llvm::is_contained(plugins, plugin))
      plugins.push_back(plugin);
  });
  if (!plugins.empty())
    writer.addMetadata(bytecode::kMetadataPlugins, llvm::join(plugins, ","));

  // The constant pool.
  TimingScope poolTiming = time("constant pool");
  std::deque<std::vector<uint8_t>> constantStorage;
  for (auto entry : module.getOps<device::PoolEntryOp>()) {
    auto type = cast<ShapedType>(entry.getValue().getType());
    bytecode::DType dtype = serializer::getDType(type.getElementType());
    if (dtype == bytecode::DType::Invalid || !type.hasStaticShape())
      return entry.emitError() << "pool entry of type " << type
                               << " has no runtime representation";
    // Until writer.finish(): the entry's attribute (alive with the
    // module) or the copy in constantStorage.
    std::vector<uint8_t> &storage = constantStorage.emplace_back();
    FailureOr<ArrayRef<uint8_t>> data =
        getConstantBytes(entry.getLoc(), entry.getValue(), storage);
    if (failed(data))
      return failure();
    StatusOr<uint32_t> typeIndex = writer.addTensorType(
        dtype,
        std::vector<int64_t>(type.getShape().begin(), type.getShape().end()));
    if (!typeIndex.ok())
      return entry.emitError() << typeIndex.message();
    StatusOr<uint32_t> index = writer.addConstantReference(
        entry.getSymName(), *typeIndex, data->data(), data->size());
    if (!index.ok())
      return entry.emitError() << index.message();
    symbols.constants[entry.getSymName()] = *index;
  }

  poolTiming.stop();

  // Kernels: the library first (the backend names each kernel's symbols),
  // then the table.
  TimingScope kernelTiming = time("kernels");
  codegen.timing = timing ? &kernelTiming : nullptr;
  SmallVector<kernel::FuncOp> kernels(module.getOps<kernel::FuncOp>());
  KernelLibrary library;
  if (!kernels.empty()) {
    if (failed((*backend)->serializeKernels(module, codegen, library)))
      return failure();
    if (librarySection == bytecode::SectionKind::KernelLibraryCUDA)
      writer.setKernelLibraryCUDA(std::move(library.binary));
    else
      writer.setKernelLibraryCPU(std::move(library.binary),
                                 library.requiredFeatures);
  }
  for (kernel::FuncOp kernel : kernels) {
    FunctionType type = kernel.getFunctionType();
    auto found = library.kernels.find(kernel.getSymName());
    if (found == library.kernels.end())
      return kernel.emitError() << "internal error: the '" << targetName
                                << "' backend's kernel library has no "
                                   "symbols for this kernel";
    const KernelSymbols &kernelSymbols = found->second;
    StatusOr<uint32_t> index = writer.addKernel(
        kernel.getSymName(), kernelSymbols.entry, kernelSymbols.grid,
        type.getNumInputs() + type.getNumResults(), type.getNumResults(),
        strata::formatLocation(kernel.getLoc()), librarySection);
    if (!index.ok())
      return kernel.emitError() << index.message();
    symbols.kernels[kernel.getSymName()] = *index;
  }

  kernelTiming.stop();

  // Host functions: declared first so that calls can name any of them.
  TimingScope hostTiming = time("host program");
  SmallVector<func::FuncOp> hostFunctions;
  for (auto func : module.getOps<func::FuncOp>()) {
    if (func.isExternal())
      return func.emitError("host function without a body: native functions "
                            "are called with device.call_native");
    symbols.functions[func.getSymName()] =
        writer.declareFunction(func.getSymName());
    hostFunctions.push_back(func);
  }
  for (func::FuncOp func : hostFunctions) {
    StatusOr<FunctionBuilder *> builder =
        writer.getFunction(symbols.functions[func.getSymName()]);
    if (!builder.ok())
      return func.emitError() << builder.message();
    if (auto memory = func->getAttrOfType<DictionaryAttr>("device.memory"))
      if (auto planned = memory.getAs<IntegerAttr>("planned_peak_bytes"))
        (*builder)->setPlannedBytes(planned.getInt());
    if (failed(
            serializer::encodeHostFunction(func, symbols, writer, **builder)))
      return failure();
  }

  hostTiming.stop();

  TimingScope layoutTiming = time("module layout and verification");
  StatusOr<std::vector<uint8_t>> finished = writer.finish();
  if (!finished.ok())
    return emitError(loc) << "cannot lay out the module: "
                          << finished.message();
  // What we write, the runtime must accept (on a host with the CPU
  // features it was compiled for: cross-compiling is fine).
  runtime::LoadOptions loadOptions;
  loadOptions.checkCpuFeatures = false;
  runtime::Status check = runtime::Module::verifyBuffer(
      finished->data(), finished->size(), "the serialized module", loadOptions);
  if (!check)
    return emitError(loc) << "internal error: the runtime rejects the "
                             "serialized module: "
                          << check.message();
  bytes = std::move(*finished);
  return success();
}
