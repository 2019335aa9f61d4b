//===- TestModules.h - Modules the runtime tests run ------------*- C++ -*-===//
//
// Builds, with ModuleWriter, the modules that the VM and C API unit tests
// and the strata-run lit tests (through strata-vm-test-writer) run. The
// kernels come from the test kernel library (TestKernels.c), whose path
// the build passes as STRATA_TEST_KERNELS_PATH.
//
//===----------------------------------------------------------------------===//

#ifndef STRATA_TEST_UNITTESTS_RUNTIME_TESTMODULES_H
#define STRATA_TEST_UNITTESTS_RUNTIME_TESTMODULES_H

#include "strata/Runtime/ModuleWriter.h"

#include <fstream>
#include <iterator>
#include <string>
#include <vector>

namespace strata::runtime::test {

/// The bytes of the test kernel library (empty when unreadable).
inline std::vector<uint8_t> readTestKernelLibrary() {
  std::ifstream file(STRATA_TEST_KERNELS_PATH, std::ios::binary);
  return std::vector<uint8_t>((std::istreambuf_iterator<char>(file)),
                              std::istreambuf_iterator<char>());
}

/// Records the first failure of a chain of writer calls.
class Recorder {
public:
  void check(const Status &status) {
    if (!status.ok() && error.empty())
      error = status.message();
  }
  template <typename T> T get(StatusOr<T> value) {
    if (!value) {
      check(value.getStatus());
      return T();
    }
    return *value;
  }
  std::string error;
};

/// A module with kernels and small functions, used by the strata-run lit
/// tests and the C API tests:
///   main(a: tensor<?xf32>, b: tensor<?xf32>) -> tensor<?xf32>   a + b
///   scale(x: tensor<?xf32>, s: i64) -> tensor<?xf32>             x * s
///   transpose(x: tensor<?x?xf32>) -> tensor<?x?xf32>
///   divide(a: i64, b: i64) -> i64                               a / b
///   weights() -> tensor<2x3xf32>                                a constant
///   mask() -> tensor<4xi1>                                      a constant
///   big() -> tensor<40x40xf32>                                  iota
///   pair(a: i64) -> (i64, tensor<3xi32>)                        a, [a,a+1,a+2]
inline StatusOr<std::vector<uint8_t>> buildToolTestModule() {
  using bytecode::DType;
  using bytecode::Opcode;
  ModuleWriter w;
  Recorder r;
  const int64_t dyn = bytecode::kDynamicDim;
  uint32_t i64 = w.addI64Type();
  uint32_t vec = r.get(w.addTensorType(DType::F32, {dyn}));
  uint32_t mat = r.get(w.addTensorType(DType::F32, {dyn, dyn}));
  uint32_t w23 = r.get(w.addTensorType(DType::F32, {2, 3}));
  uint32_t m4 = r.get(w.addTensorType(DType::I1, {4}));
  uint32_t big = r.get(w.addTensorType(DType::F32, {40, 40}));
  uint32_t i32x3 = r.get(w.addTensorType(DType::I32, {3}));
  w.setKernelLibraryCPU(readTestKernelLibrary());
  uint32_t add = r.get(
      w.addKernel("add", "add_f32", "add_f32_grid", 3, 1, "test.mlir:3:5"));
  uint32_t scale =
      r.get(w.addKernel("scale", "scale_f32", "", 3, 1, "test.mlir:7:5"));
  uint32_t transpose = r.get(
      w.addKernel("transpose", "transpose_f32", "transpose_f32_grid", 2, 1));
  float weights[6] = {1, 2, 3, 4, 5, 6};
  uint32_t cw = r.get(w.addConstant("weights", w23, weights, sizeof(weights)));
  uint8_t mask[4] = {1, 0, 0, 1};
  uint32_t cm = r.get(w.addConstant("mask", m4, mask, sizeof(mask)));
  std::vector<float> iota(1600);
  for (size_t i = 0; i < iota.size(); ++i)
    iota[i] = static_cast<float>(i) / 4;
  uint32_t cb = r.get(w.addConstant("big", big, iota.data(), 1600 * 4));

  {
    FunctionBuilder *f = r.get(w.getFunction(w.declareFunction("main")));
    if (!f)
      return Status::error(r.error);
    f->setRegisterTypes({vec, vec, i64, vec});
    f->setNumArgs(2);
    f->setResultTypes({vec});
    r.check(f->emit(Opcode::Dim, {2, 0, 0}));
    r.check(f->emit(Opcode::AllocTensor, {3, std::vector<uint32_t>{2}}));
    r.check(f->emit(Opcode::Launch, {add, std::vector<uint32_t>{0, 1, 3}}));
    r.check(f->emit(Opcode::Return, {std::vector<uint32_t>{3}}));
  }
  {
    FunctionBuilder *f = r.get(w.getFunction(w.declareFunction("scale")));
    f->setRegisterTypes({vec, i64, i64, vec});
    f->setNumArgs(2);
    f->setResultTypes({vec});
    r.check(f->emit(Opcode::Dim, {2, 0, 0}));
    r.check(f->emit(Opcode::AllocTensor, {3, std::vector<uint32_t>{2}}));
    r.check(f->emit(Opcode::Launch, {scale, std::vector<uint32_t>{0, 1, 3}}));
    r.check(f->emit(Opcode::Return, {std::vector<uint32_t>{3}}));
  }
  {
    FunctionBuilder *f = r.get(w.getFunction(w.declareFunction("transpose")));
    f->setRegisterTypes({mat, i64, i64, mat});
    f->setNumArgs(1);
    f->setResultTypes({mat});
    r.check(f->emit(Opcode::Dim, {1, 0, 0}));
    r.check(f->emit(Opcode::Dim, {2, 0, 1}));
    r.check(f->emit(Opcode::AllocTensor, {3, std::vector<uint32_t>{2, 1}}));
    r.check(f->emit(Opcode::Launch, {transpose, std::vector<uint32_t>{0, 3}}));
    r.check(f->emit(Opcode::Return, {std::vector<uint32_t>{3}}));
  }
  {
    FunctionBuilder *f = r.get(w.getFunction(w.declareFunction("divide")));
    f->setRegisterTypes({i64, i64, i64});
    f->setNumArgs(2);
    f->setResultTypes({i64});
    r.check(f->emit(Opcode::DivSI, {2, 0, 1}));
    r.check(f->emit(Opcode::Return, {std::vector<uint32_t>{2}}));
  }
  {
    FunctionBuilder *f = r.get(w.getFunction(w.declareFunction("weights")));
    f->setRegisterTypes({w23});
    f->setResultTypes({w23});
    r.check(f->emit(Opcode::Constant, {0, cw}));
    r.check(f->emit(Opcode::Return, {std::vector<uint32_t>{0}}));
  }
  {
    FunctionBuilder *f = r.get(w.getFunction(w.declareFunction("mask")));
    f->setRegisterTypes({m4});
    f->setResultTypes({m4});
    r.check(f->emit(Opcode::Constant, {0, cm}));
    r.check(f->emit(Opcode::Return, {std::vector<uint32_t>{0}}));
  }
  {
    FunctionBuilder *f = r.get(w.getFunction(w.declareFunction("big")));
    f->setRegisterTypes({big});
    f->setResultTypes({big});
    r.check(f->emit(Opcode::Constant, {0, cb}));
    r.check(f->emit(Opcode::Return, {std::vector<uint32_t>{0}}));
  }
  {
    FunctionBuilder *f = r.get(w.getFunction(w.declareFunction("pair")));
    // r0 = a, r1 = tensor, r2 = index, r3 = value, r4 = one
    f->setRegisterTypes({i64, i32x3, i64, i64, i64});
    f->setNumArgs(1);
    f->setResultTypes({i64, i32x3});
    r.check(f->emit(Opcode::AllocTensor, {1, std::vector<uint32_t>{}}));
    r.check(f->emit(Opcode::ConstI64, {4, 1}));
    r.check(f->emit(Opcode::ConstI64, {2, 0}));
    r.check(f->emit(Opcode::Move, {3, 0}));
    for (int i = 0; i < 3; ++i) {
      r.check(f->emit(Opcode::Store, {3, 1, std::vector<uint32_t>{2}}));
      r.check(f->emit(Opcode::AddI, {2, 2, 4}));
      r.check(f->emit(Opcode::AddI, {3, 3, 4}));
    }
    r.check(f->emit(Opcode::Return, {std::vector<uint32_t>{0, 1}}));
  }
  w.addMetadata("producer", "strata runtime tests");
  if (!r.error.empty())
    return Status::error(r.error);
  return w.finish();
}

} // namespace strata::runtime::test

#endif // STRATA_TEST_UNITTESTS_RUNTIME_TESTMODULES_H
