//===- FormatTestModules.h - Small valid modules for format tests -*- C++
//-*-===//
//
// Builds a few valid .smod modules with ModuleWriter: an empty one, a
// minimal one, a counting loop, and a "full" one with every section kind
// and every opcode. The format unit tests start from them (and corrupt
// them), and test/fuzz/GenerateCorpus.cpp writes them as the loader
// fuzzer's seed corpus, so both exercise the same modules.
//
//===----------------------------------------------------------------------===//

#ifndef STRATA_TEST_UNITTESTS_RUNTIME_FORMATTESTMODULES_H
#define STRATA_TEST_UNITTESTS_RUNTIME_FORMATTESTMODULES_H

#include "strata/Runtime/ModuleWriter.h"

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

namespace strata::runtime::testmodules {

/// Returns from the enclosing function when `expr` (a Status) failed.
#define STRATA_TM_CHECK(expr)                                                  \
  do {                                                                         \
    ::strata::runtime::Status strataTmStatus = (expr);                         \
    if (!strataTmStatus)                                                       \
      return strataTmStatus;                                                   \
  } while (false)

/// Assigns the value of `expr` (a StatusOr) to `lhs`, or returns its error.
#define STRATA_TM_ASSIGN(lhs, expr)                                            \
  do {                                                                         \
    auto strataTmResult = (expr);                                              \
    if (!strataTmResult)                                                       \
      return strataTmResult.getStatus();                                       \
    lhs = std::move(*strataTmResult);                                          \
  } while (false)

/// A module with no functions: only the strings section and metadata.
inline StatusOr<std::vector<uint8_t>> buildEmptyModule() {
  ModuleWriter writer;
  writer.addMetadata("producer", "strata-format-test");
  return writer.finish();
}

/// `func @main() -> ()` whose only instruction is `ret`.
inline StatusOr<std::vector<uint8_t>> buildMinimalModule() {
  ModuleWriter writer;
  FunctionBuilder *main = nullptr;
  STRATA_TM_ASSIGN(main, writer.getFunction(writer.declareFunction("main")));
  STRATA_TM_CHECK(main->emit(bytecode::Opcode::Return, {RegisterList{}}));
  return writer.finish();
}

/// `func @count(%r0: i64) -> (i64)`: sums 0..n-1 with a backward branch.
inline StatusOr<std::vector<uint8_t>> buildLoopModule() {
  using bytecode::Opcode;
  ModuleWriter writer;
  uint32_t i64 = writer.addI64Type();
  FunctionBuilder *f = nullptr;
  STRATA_TM_ASSIGN(f, writer.getFunction(writer.declareFunction("count")));
  f->setLocation("loop.mlir:1:1");
  uint32_t n = f->addRegister(i64);
  uint32_t i = f->addRegister(i64);
  uint32_t sum = f->addRegister(i64);
  uint32_t one = f->addRegister(i64);
  uint32_t more = f->addRegister(i64);
  f->setNumArgs(1);
  f->setResultTypes({i64});
  Label head = f->createLabel(), body = f->createLabel(),
        exit = f->createLabel();
  STRATA_TM_CHECK(f->emit(Opcode::ConstI64, {i, 0}));
  STRATA_TM_CHECK(f->emit(Opcode::ConstI64, {sum, 0}));
  STRATA_TM_CHECK(f->emit(Opcode::ConstI64, {one, 1}));
  STRATA_TM_CHECK(f->placeLabel(head));
  STRATA_TM_CHECK(f->emit(
      Opcode::CmpI,
      {more, static_cast<uint32_t>(bytecode::CmpPredicate::slt), i, n}));
  STRATA_TM_CHECK(f->emit(Opcode::CondBranch, {more, body, exit}));
  STRATA_TM_CHECK(f->placeLabel(body));
  STRATA_TM_CHECK(f->emit(Opcode::AddI, {sum, sum, i}));
  STRATA_TM_CHECK(f->emit(Opcode::AddI, {i, i, one}));
  STRATA_TM_CHECK(f->emit(Opcode::Branch, {head}));
  STRATA_TM_CHECK(f->placeLabel(exit));
  STRATA_TM_CHECK(f->emit(Opcode::Return, {RegisterList{sum}}));
  return writer.finish();
}

/// Every section kind, every opcode: two functions (`main` calls
/// `helper`, which is declared first but defined after main), two
/// kernels (one with a grid function), two constants, metadata and a
/// (fake) kernel library.
inline StatusOr<std::vector<uint8_t>> buildFullModule() {
  using bytecode::DType;
  using bytecode::Opcode;
  ModuleWriter writer;
  writer.addMetadata("producer", "strata-format-test");
  writer.addMetadata("target", "cpu");

  uint32_t i64 = writer.addI64Type();
  uint32_t storage = writer.addStorageType();
  uint32_t dyn = 0, fixed = 0, ints = 0, table = 0;
  STRATA_TM_ASSIGN(dyn, writer.addTensorType(DType::F32, {-1, 4}));
  STRATA_TM_ASSIGN(fixed, writer.addTensorType(DType::F32, {2, 4}));
  STRATA_TM_ASSIGN(ints, writer.addTensorType(DType::I32, {-1}));
  STRATA_TM_ASSIGN(table, writer.addTensorType(DType::I64, {3}));

  float weights[8] = {0.5f, -1.0f, 2.0f, 0.25f, 1.5f, -2.5f, 3.0f, 4.0f};
  int64_t tableValues[3] = {7, -8, 9};
  uint32_t cWeights = 0, cTable = 0;
  STRATA_TM_ASSIGN(
      cWeights, writer.addConstant("weights", fixed, weights, sizeof(weights)));
  STRATA_TM_ASSIGN(cTable, writer.addConstant("table", table, tableValues,
                                              sizeof(tableValues)));

  uint32_t k0 = 0, k1 = 0;
  STRATA_TM_ASSIGN(k0, writer.addKernel("main_dispatch_0", "main_dispatch_0",
                                        "main_dispatch_0_grid", 3, 1,
                                        "model.mlir:3:5"));
  STRATA_TM_ASSIGN(k1, writer.addKernel("scale", "strata_scale", "", 2, 1));
  std::vector<uint8_t> library = {0x7f, 'E', 'L', 'F', 2, 1, 1, 0};
  library.resize(96, 0xcc);
  writer.setKernelLibraryCPU(library);

  uint32_t helperIndex = writer.declareFunction("helper");
  uint32_t mainIndex = writer.declareFunction("main");

  FunctionBuilder *m = nullptr;
  STRATA_TM_ASSIGN(m, writer.getFunction(mainIndex));
  m->setLocation("model.mlir:1:1");
  m->setPlannedBytes(4096);
  uint32_t x = m->addRegister(dyn);     // %r0, argument
  uint32_t n = m->addRegister(i64);     // %r1, argument
  uint32_t a = m->addRegister(i64);     // %r2
  uint32_t b = m->addRegister(i64);     // %r3
  uint32_t c = m->addRegister(i64);     // %r4
  uint32_t s = m->addRegister(storage); // %r5
  uint32_t v = m->addRegister(dyn);     // %r6
  uint32_t w = m->addRegister(fixed);   // %r7
  uint32_t idx = m->addRegister(ints);  // %r8
  uint32_t t = m->addRegister(table);   // %r9
  uint32_t flag = m->addRegister(i64);  // %r10
  uint32_t y = m->addRegister(dyn);     // %r11
  m->setNumArgs(2);
  m->setResultTypes({dyn, i64});
  Label loop = m->createLabel(), exit = m->createLabel();
  // Instruction locations reuse strings the module has anyway.
  m->setInstructionLocation("model.mlir:1:1");
  STRATA_TM_CHECK(m->emit(Opcode::ConstI64, {a, 2}));
  STRATA_TM_CHECK(m->emit(Opcode::ConstI64, {b, int64_t(-5000000000)}));
  STRATA_TM_CHECK(m->emit(Opcode::Move, {c, n}));
  for (Opcode op :
       {Opcode::AddI, Opcode::SubI, Opcode::MulI, Opcode::DivSI, Opcode::RemSI,
        Opcode::FloorDivSI, Opcode::CeilDivSI, Opcode::MinSI, Opcode::MaxSI,
        Opcode::DivUI, Opcode::RemUI, Opcode::MinUI, Opcode::MaxUI,
        Opcode::AndI, Opcode::OrI, Opcode::XorI})
    STRATA_TM_CHECK(m->emit(op, {c, c, a}));
  STRATA_TM_CHECK(m->emit(
      Opcode::CmpI,
      {flag, static_cast<uint32_t>(bytecode::CmpPredicate::sgt), c, a}));
  STRATA_TM_CHECK(m->emit(Opcode::Select, {c, flag, c, a}));
  STRATA_TM_CHECK(m->emit(Opcode::Assert, {a, writer.addString("2 is zero")}));
  STRATA_TM_CHECK(m->emit(Opcode::Dim, {b, x, 0}));
  STRATA_TM_CHECK(m->emit(Opcode::ConstI64, {c, 4096}));
  STRATA_TM_CHECK(m->emit(Opcode::AllocStorage, {s, c}));
  STRATA_TM_CHECK(m->emit(Opcode::ConstI64, {c, 0}));
  STRATA_TM_CHECK(m->emit(Opcode::View, {v, s, c, RegisterList{b}}));
  STRATA_TM_CHECK(m->emit(Opcode::AllocTensor, {y, RegisterList{b}}));
  STRATA_TM_CHECK(m->emit(Opcode::Constant, {w, cWeights}));
  STRATA_TM_CHECK(m->emit(Opcode::Constant, {t, cTable}));
  STRATA_TM_CHECK(m->emit(Opcode::Load, {c, t, RegisterList{a}}));
  STRATA_TM_CHECK(m->emit(Opcode::AllocTensor, {idx, RegisterList{b}}));
  STRATA_TM_CHECK(m->emit(Opcode::ConstI64, {a, 0}));
  STRATA_TM_CHECK(m->emit(Opcode::Store, {c, idx, RegisterList{a}}));
  STRATA_TM_CHECK(m->emit(Opcode::Copy, {x, y}));
  STRATA_TM_CHECK(m->placeLabel(loop));
  m->setInstructionLocation("model.mlir:3:5");
  STRATA_TM_CHECK(m->emit(Opcode::Launch, {k0, RegisterList{x, w, v}}));
  STRATA_TM_CHECK(m->emit(Opcode::Launch, {k1, RegisterList{n, v}}));
  STRATA_TM_CHECK(m->emit(Opcode::Reshape, {y, w, RegisterList{a}}));
  m->setInstructionLocation("");
  STRATA_TM_CHECK(m->emit(
      Opcode::Call, {helperIndex, RegisterList{n, v}, RegisterList{c, y}}));
  STRATA_TM_CHECK(
      m->emit(Opcode::CallNative, {writer.addString("strata.print"),
                                   RegisterList{y, c}, RegisterList{b}}));
  STRATA_TM_CHECK(m->emit(Opcode::CmpI, {flag, 0u, b, a}));
  STRATA_TM_CHECK(m->emit(Opcode::CondBranch, {flag, exit, loop}));
  STRATA_TM_CHECK(m->placeLabel(exit));
  STRATA_TM_CHECK(m->emit(Opcode::Return, {RegisterList{y, c}}));

  FunctionBuilder *h = nullptr;
  STRATA_TM_ASSIGN(h, writer.getFunction(helperIndex));
  h->setRegisterTypes({i64, dyn, i64});
  h->setNumArgs(2);
  h->setResultTypes({i64, dyn});
  STRATA_TM_CHECK(h->emit(Opcode::AddI, {2, 0, 0}));
  STRATA_TM_CHECK(h->emit(Opcode::Return, {RegisterList{2, 1}}));
  return writer.finish();
}

#undef STRATA_TM_CHECK
#undef STRATA_TM_ASSIGN

} // namespace strata::runtime::testmodules

#endif // STRATA_TEST_UNITTESTS_RUNTIME_FORMATTESTMODULES_H
