//===- VMTest.cpp - Tests of the VM, tensors, devices, npy, profiler ------===//
//
// Modules built with ModuleWriter exercise every opcode, control flow,
// calls and the run-time errors (bad arguments, division by zero, bounds,
// recursion limit, ...); launches run real kernels from the test kernel
// library (TestKernels.c). Also: tensor printing, .npy round trips, the
// CPU device's pool, the registry, the profiler and the tensor dumper.
//
//===----------------------------------------------------------------------===//

#include "TestModules.h"

#include "strata/Runtime/Device.h"
#include "strata/Runtime/Inputs.h"
#include "strata/Runtime/Npy.h"
#include "strata/Runtime/VM.h"

#include "gtest/gtest.h"

#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <limits>
#include <sstream>
#include <unistd.h>

using namespace strata::runtime;
using namespace strata::runtime::test;
using bytecode::DType;
using bytecode::Opcode;

namespace {

const int64_t kDyn = bytecode::kDynamicDim;

/// Loads `bytes` and makes a session, failing the test on errors.
std::unique_ptr<Session> makeSession(const std::vector<uint8_t> &bytes,
                                     SessionOptions options = {}) {
  StatusOr<std::unique_ptr<Module>> module =
      Module::loadBuffer(bytes.data(), bytes.size(), "test.smod");
  EXPECT_TRUE(module.ok()) << module.message();
  if (!module)
    return nullptr;
  StatusOr<std::unique_ptr<Session>> session = Session::create(
      std::shared_ptr<const Module>(std::move(*module)), options);
  EXPECT_TRUE(session.ok()) << session.message();
  return session ? std::move(*session) : nullptr;
}

/// Finishes `writer`, failing the test on errors.
std::vector<uint8_t> finish(const ModuleWriter &writer) {
  StatusOr<std::vector<uint8_t>> bytes = writer.finish();
  EXPECT_TRUE(bytes.ok()) << bytes.message();
  return bytes ? *bytes : std::vector<uint8_t>();
}

Tensor makeF32(std::vector<int64_t> dims, std::vector<float> values) {
  StatusOr<Shape> shape = Shape::get(dims.data(), dims.size());
  EXPECT_TRUE(shape.ok());
  StatusOr<Tensor> tensor = Tensor::fromVector(
      DType::F32, *shape, values.data(), values.size() * sizeof(float));
  EXPECT_TRUE(tensor.ok()) << tensor.message();
  return *tensor;
}

std::vector<float> toVector(const Tensor &tensor) {
  const float *data = tensor.getDataAs<float>();
  return std::vector<float>(data, data + tensor.getNumElements());
}

/// A function `name` in `w` with the given registers, args and results.
FunctionBuilder *addFunction(ModuleWriter &w, const char *name,
                             std::vector<uint32_t> registers, uint32_t numArgs,
                             std::vector<uint32_t> results) {
  StatusOr<FunctionBuilder *> f = w.getFunction(w.declareFunction(name));
  EXPECT_TRUE(f.ok());
  (*f)->setRegisterTypes(std::move(registers));
  (*f)->setNumArgs(numArgs);
  (*f)->setResultTypes(std::move(results));
  return *f;
}

#define EMIT(f, ...) ASSERT_TRUE((f)->emit(__VA_ARGS__).ok())
#define EXPECT_ERROR(result, text)                                             \
  do {                                                                         \
    auto &&r_ = (result);                                                      \
    ASSERT_FALSE(r_.ok());                                                     \
    EXPECT_NE(r_.message().find(text), std::string::npos) << r_.message();     \
  } while (false)

//===----------------------------------------------------------------------===//
// Integer arithmetic and control flow
//===----------------------------------------------------------------------===//

/// binop(a, b) -> d for one opcode.
std::vector<uint8_t> binaryModule(Opcode opcode) {
  ModuleWriter w;
  uint32_t i64 = w.addI64Type();
  FunctionBuilder *f = addFunction(w, "f", {i64, i64, i64}, 2, {i64});
  EXPECT_TRUE(f->emit(opcode, {2, 0, 1}).ok());
  EXPECT_TRUE(f->emit(Opcode::Return, {std::vector<uint32_t>{2}}).ok());
  return finish(w);
}

int64_t runBinary(Opcode opcode, int64_t a, int64_t b, std::string *error) {
  std::unique_ptr<Session> session = makeSession(binaryModule(opcode));
  StatusOr<std::vector<Value>> results =
      session->invoke("f", {Value::i64(a), Value::i64(b)});
  if (!results) {
    *error = results.message();
    return 0;
  }
  error->clear();
  return (*results)[0].getI64();
}

TEST(VMTest, IntegerArithmetic) {
  struct Case {
    Opcode opcode;
    int64_t a, b, expected;
  } cases[] = {
      {Opcode::AddI, -7, 2, -5},      {Opcode::SubI, -7, 2, -9},
      {Opcode::MulI, -7, 2, -14},     {Opcode::DivSI, -7, 2, -3},
      {Opcode::RemSI, -7, 2, -1},     {Opcode::FloorDivSI, -7, 2, -4},
      {Opcode::CeilDivSI, -7, 2, -3}, {Opcode::FloorDivSI, 7, 2, 3},
      {Opcode::CeilDivSI, 7, 2, 4},   {Opcode::CeilDivSI, -8, 2, -4},
      {Opcode::MinSI, -7, 2, -7},     {Opcode::MaxSI, -7, 2, 2},
      {Opcode::DivUI, 7, 2, 3},       {Opcode::RemUI, 7, 2, 1},
      {Opcode::MinUI, -7, 2, 2},      {Opcode::MaxUI, -7, 2, -7},
      {Opcode::AndI, 12, 10, 8},      {Opcode::OrI, 12, 10, 14},
      {Opcode::XorI, 12, 10, 6},      {Opcode::RemSI, INT64_MIN, -1, 0},
  };
  for (const Case &c : cases) {
    std::string error;
    EXPECT_EQ(runBinary(c.opcode, c.a, c.b, &error), c.expected)
        << bytecode::kOpcodeInfo[static_cast<int>(c.opcode)].mnemonic << " "
        << c.a << " " << c.b;
    EXPECT_EQ(error, "");
  }
}

TEST(VMTest, IntegerErrors) {
  std::string error;
  runBinary(Opcode::DivSI, 5, 0, &error);
  EXPECT_EQ(error, "function 'f': instruction at word 0 (divs): division by "
                   "zero in signed division of 5");
  runBinary(Opcode::RemSI, 5, 0, &error);
  EXPECT_NE(error.find("division by zero"), std::string::npos) << error;
  runBinary(Opcode::FloorDivSI, 5, 0, &error);
  EXPECT_NE(error.find("division by zero"), std::string::npos) << error;
  runBinary(Opcode::CeilDivSI, 5, 0, &error);
  EXPECT_NE(error.find("division by zero"), std::string::npos) << error;
  runBinary(Opcode::DivSI, INT64_MIN, -1, &error);
  EXPECT_NE(error.find("integer overflow"), std::string::npos) << error;
  runBinary(Opcode::AddI, INT64_MAX, 1, &error);
  EXPECT_NE(error.find("integer overflow in addition"), std::string::npos)
      << error;
  runBinary(Opcode::SubI, INT64_MIN, 1, &error);
  EXPECT_NE(error.find("integer overflow in subtraction"), std::string::npos);
  runBinary(Opcode::MulI, INT64_MAX / 2, 3, &error);
  EXPECT_NE(error.find("integer overflow in multiplication"),
            std::string::npos);
}

TEST(VMTest, CompareSelectMoveConst) {
  ModuleWriter w;
  uint32_t i64 = w.addI64Type();
  // f(a, b) -> (slt, ult, eq, sge, select(slt, a, b), move a, const)
  FunctionBuilder *f = addFunction(w, "f", std::vector<uint32_t>(9, i64), 2,
                                   std::vector<uint32_t>(7, i64));
  EMIT(f, Opcode::CmpI, {2, uint32_t(bytecode::CmpPredicate::slt), 0, 1});
  EMIT(f, Opcode::CmpI, {3, uint32_t(bytecode::CmpPredicate::ult), 0, 1});
  EMIT(f, Opcode::CmpI, {4, uint32_t(bytecode::CmpPredicate::eq), 0, 0});
  EMIT(f, Opcode::CmpI, {5, uint32_t(bytecode::CmpPredicate::sge), 0, 1});
  EMIT(f, Opcode::Select, {6, 2, 0, 1});
  EMIT(f, Opcode::Move, {7, 0});
  EMIT(f, Opcode::ConstI64, {8, int64_t(-1234567890123)});
  EMIT(f, Opcode::Return, {std::vector<uint32_t>{2, 3, 4, 5, 6, 7, 8}});
  std::unique_ptr<Session> session = makeSession(finish(w));
  auto results = session->invoke("f", {Value::i64(-7), Value::i64(2)});
  ASSERT_TRUE(results.ok()) << results.message();
  std::vector<int64_t> values;
  for (const Value &v : *results)
    values.push_back(v.getI64());
  EXPECT_EQ(values, (std::vector<int64_t>{1, 0, 1, 0, -7, -7, -1234567890123}));
}

TEST(VMTest, LoopWithBranches) {
  // sum(n) = 0 + 1 + ... + n-1 with cond_br / br.
  ModuleWriter w;
  uint32_t i64 = w.addI64Type();
  // r0 = n, r1 = i, r2 = sum, r3 = cond, r4 = one
  FunctionBuilder *f =
      addFunction(w, "sum", {i64, i64, i64, i64, i64}, 1, {i64});
  Label head = f->createLabel(), body = f->createLabel(),
        exit = f->createLabel();
  EMIT(f, Opcode::ConstI64, {1, 0});
  EMIT(f, Opcode::ConstI64, {2, 0});
  EMIT(f, Opcode::ConstI64, {4, 1});
  ASSERT_TRUE(f->placeLabel(head).ok());
  EMIT(f, Opcode::CmpI, {3, uint32_t(bytecode::CmpPredicate::slt), 1, 0});
  EMIT(f, Opcode::CondBranch, {3, body, exit});
  ASSERT_TRUE(f->placeLabel(body).ok());
  EMIT(f, Opcode::AddI, {2, 2, 1});
  EMIT(f, Opcode::AddI, {1, 1, 4});
  EMIT(f, Opcode::Branch, {head});
  ASSERT_TRUE(f->placeLabel(exit).ok());
  EMIT(f, Opcode::Return, {std::vector<uint32_t>{2}});
  std::unique_ptr<Session> session = makeSession(finish(w));
  auto results = session->invoke("sum", {Value::i64(100)});
  ASSERT_TRUE(results.ok()) << results.message();
  EXPECT_EQ((*results)[0].getI64(), 4950);
}

/// fact(n) = n <= 1 ? 1 : n * fact(n - 1), recursive through Call; and
/// forever(n) = forever(n) for the recursion limit.
std::vector<uint8_t> recursionModule() {
  ModuleWriter w;
  uint32_t i64 = w.addI64Type();
  uint32_t factIndex = w.declareFunction("fact");
  FunctionBuilder *f = *w.getFunction(factIndex);
  // r0 = n, r1 = one, r2 = cond, r3 = n-1, r4 = fact(n-1), r5 = result
  f->setRegisterTypes({i64, i64, i64, i64, i64, i64});
  f->setNumArgs(1);
  f->setResultTypes({i64});
  Label base = f->createLabel(), recurse = f->createLabel();
  EXPECT_TRUE(f->emit(Opcode::ConstI64, {1, 1}).ok());
  EXPECT_TRUE(
      f->emit(Opcode::CmpI, {2, uint32_t(bytecode::CmpPredicate::sle), 0, 1})
          .ok());
  EXPECT_TRUE(f->emit(Opcode::CondBranch, {2, base, recurse}).ok());
  EXPECT_TRUE(f->placeLabel(base).ok());
  EXPECT_TRUE(f->emit(Opcode::Return, {std::vector<uint32_t>{1}}).ok());
  EXPECT_TRUE(f->placeLabel(recurse).ok());
  EXPECT_TRUE(f->emit(Opcode::SubI, {3, 0, 1}).ok());
  EXPECT_TRUE(f->emit(Opcode::Call, {factIndex, std::vector<uint32_t>{3},
                                     std::vector<uint32_t>{4}})
                  .ok());
  EXPECT_TRUE(f->emit(Opcode::MulI, {5, 0, 4}).ok());
  EXPECT_TRUE(f->emit(Opcode::Return, {std::vector<uint32_t>{5}}).ok());

  uint32_t foreverIndex = w.declareFunction("forever");
  FunctionBuilder *g = *w.getFunction(foreverIndex);
  g->setRegisterTypes({i64, i64});
  g->setNumArgs(1);
  g->setResultTypes({i64});
  EXPECT_TRUE(g->emit(Opcode::Call, {foreverIndex, std::vector<uint32_t>{0},
                                     std::vector<uint32_t>{1}})
                  .ok());
  EXPECT_TRUE(g->emit(Opcode::Return, {std::vector<uint32_t>{1}}).ok());

  // outer(a, b) = divide(a, b) + 1: errors in a callee name the caller.
  uint32_t divideIndex = w.declareFunction("divide");
  FunctionBuilder *d = *w.getFunction(divideIndex);
  d->setRegisterTypes({i64, i64, i64});
  d->setNumArgs(2);
  d->setResultTypes({i64});
  EXPECT_TRUE(d->emit(Opcode::DivSI, {2, 0, 1}).ok());
  EXPECT_TRUE(d->emit(Opcode::Return, {std::vector<uint32_t>{2}}).ok());
  FunctionBuilder *o = *w.getFunction(w.declareFunction("outer"));
  o->setRegisterTypes({i64, i64, i64, i64});
  o->setNumArgs(2);
  o->setResultTypes({i64});
  EXPECT_TRUE(o->emit(Opcode::ConstI64, {3, 1}).ok());
  EXPECT_TRUE(o->emit(Opcode::Call, {divideIndex, std::vector<uint32_t>{0, 1},
                                     std::vector<uint32_t>{2}})
                  .ok());
  EXPECT_TRUE(o->emit(Opcode::AddI, {2, 2, 3}).ok());
  EXPECT_TRUE(o->emit(Opcode::Return, {std::vector<uint32_t>{2}}).ok());
  return finish(w);
}

TEST(VMTest, RecursiveCalls) {
  std::unique_ptr<Session> session = makeSession(recursionModule());
  auto results = session->invoke("fact", {Value::i64(20)});
  ASSERT_TRUE(results.ok()) << results.message();
  EXPECT_EQ((*results)[0].getI64(), 2432902008176640000);
  // The session is reusable after a result.
  results = session->invoke("fact", {Value::i64(5)});
  ASSERT_TRUE(results.ok());
  EXPECT_EQ((*results)[0].getI64(), 120);
  results = session->invoke("outer", {Value::i64(9), Value::i64(2)});
  ASSERT_TRUE(results.ok());
  EXPECT_EQ((*results)[0].getI64(), 5);
}

TEST(VMTest, RecursionLimit) {
  SessionOptions options;
  options.maxCallDepth = 100;
  std::unique_ptr<Session> session = makeSession(recursionModule(), options);
  auto results = session->invoke("forever", {Value::i64(1)});
  EXPECT_ERROR(results, "call depth limit (100) exceeded calling function "
                        "'forever'");
  // fact(21) overflows: the error names the chain of callers.
  results = session->invoke("fact", {Value::i64(21)});
  EXPECT_ERROR(results, "integer overflow in multiplication");
  // Still usable after errors.
  results = session->invoke("fact", {Value::i64(3)});
  ASSERT_TRUE(results.ok()) << results.message();
  EXPECT_EQ((*results)[0].getI64(), 6);
}

TEST(VMTest, ErrorInCalleeNamesCaller) {
  std::unique_ptr<Session> session = makeSession(recursionModule());
  auto results = session->invoke("outer", {Value::i64(9), Value::i64(0)});
  ASSERT_FALSE(results.ok());
  EXPECT_EQ(results.message(),
            "function 'divide': instruction at word 0 (divs): division by "
            "zero in signed division of 9\n"
            "  called from function 'outer' at word 4");
}

TEST(VMTest, Assert) {
  ModuleWriter w;
  uint32_t i64 = w.addI64Type();
  FunctionBuilder *f = addFunction(w, "check", {i64}, 1, {});
  EMIT(f, Opcode::Assert, {0, w.addString("n must be nonzero")});
  EMIT(f, Opcode::Return, {std::vector<uint32_t>{}});
  std::unique_ptr<Session> session = makeSession(finish(w));
  EXPECT_TRUE(session->invoke("check", {Value::i64(3)}).ok());
  EXPECT_ERROR(session->invoke("check", {Value::i64(0)}),
               "(assert): assertion failed: n must be nonzero");
}

//===----------------------------------------------------------------------===//
// Arguments
//===----------------------------------------------------------------------===//

TEST(VMTest, ArgumentChecks) {
  ModuleWriter w;
  uint32_t i64 = w.addI64Type();
  uint32_t t = *w.addTensorType(DType::F32, {kDyn, 16});
  FunctionBuilder *f = addFunction(w, "main", {t, i64}, 2, {t});
  EMIT(f, Opcode::Return, {std::vector<uint32_t>{0}});
  std::unique_ptr<Session> session = makeSession(finish(w));

  Tensor good = makeF32({2, 16}, std::vector<float>(32, 1.0f));
  auto results = session->invoke("main", {Value::tensor(good), Value::i64(1)});
  ASSERT_TRUE(results.ok()) << results.message();
  // The result is the argument itself (same storage).
  EXPECT_EQ((*results)[0].getTensor().getData(), good.getData());

  EXPECT_ERROR(session->invoke("main", {Value::tensor(good)}),
               "function 'main': expected 2 arguments, got 1");
  Tensor bad = makeF32({2, 8}, std::vector<float>(16, 1.0f));
  auto wrongShape =
      session->invoke("main", {Value::tensor(bad), Value::i64(1)});
  ASSERT_FALSE(wrongShape.ok());
  EXPECT_EQ(wrongShape.message(), "function 'main': argument 0: expected "
                                  "tensor<?x16xf32>, got tensor<2x8xf32>");
  int32_t ints[32] = {};
  StatusOr<Tensor> i32 =
      Tensor::fromVector(DType::I32, good.getShape(), ints, sizeof(ints));
  EXPECT_ERROR(session->invoke("main", {Value::tensor(*i32), Value::i64(1)}),
               "argument 0: expected tensor<?x16xf32>, got tensor<2x16xi32>");
  EXPECT_ERROR(
      session->invoke("main", {Value::tensor(good), Value::tensor(good)}),
      "argument 1: expected i64, got tensor<2x16xf32>");
  EXPECT_ERROR(session->invoke("main", {Value::i64(1), Value::i64(1)}),
               "argument 0: expected tensor<?x16xf32>, got i64");
  EXPECT_ERROR(
      session->invoke("main", {Value::tensor(Tensor()), Value::i64(1)}),
      "got a null tensor");
  EXPECT_ERROR(session->invoke("nope", {}), "no function named 'nope'");
  EXPECT_ERROR(session->invoke(7u, {}), "function index 7 out of range");
}

//===----------------------------------------------------------------------===//
// Tensors and storage
//===----------------------------------------------------------------------===//

TEST(VMTest, AllocDimLoadStore) {
  // f(n) -> (t, dim0, t[n-1][1]) with t: tensor<?x2xi32> filled t[i][j] =
  // 10*i + j by Store, read back by Load.
  ModuleWriter w;
  uint32_t i64 = w.addI64Type();
  uint32_t t = *w.addTensorType(DType::I32, {kDyn, 2});
  // r0 n, r1 t, r2 i, r3 j, r4 v, r5 one, r6 ten, r7 cond, r8 dim, r9 load
  // r10 n-1, r11 two
  FunctionBuilder *f = addFunction(
      w, "f", {i64, t, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64}, 1,
      {t, i64, i64});
  Label outer = f->createLabel(), inner = f->createLabel(),
        innerDone = f->createLabel(), done = f->createLabel(),
        body = f->createLabel();
  EMIT(f, Opcode::AllocTensor, {1, std::vector<uint32_t>{0}});
  EMIT(f, Opcode::ConstI64, {5, 1});
  EMIT(f, Opcode::ConstI64, {6, 10});
  EMIT(f, Opcode::ConstI64, {11, 2});
  EMIT(f, Opcode::ConstI64, {2, 0});
  ASSERT_TRUE(f->placeLabel(outer).ok());
  EMIT(f, Opcode::CmpI, {7, uint32_t(bytecode::CmpPredicate::slt), 2, 0});
  EMIT(f, Opcode::CondBranch, {7, body, done});
  ASSERT_TRUE(f->placeLabel(body).ok());
  EMIT(f, Opcode::ConstI64, {3, 0});
  ASSERT_TRUE(f->placeLabel(inner).ok());
  EMIT(f, Opcode::CmpI, {7, uint32_t(bytecode::CmpPredicate::slt), 3, 11});
  Label store = f->createLabel();
  EMIT(f, Opcode::CondBranch, {7, store, innerDone});
  ASSERT_TRUE(f->placeLabel(store).ok());
  EMIT(f, Opcode::MulI, {4, 2, 6});
  EMIT(f, Opcode::AddI, {4, 4, 3});
  EMIT(f, Opcode::Store, {4, 1, std::vector<uint32_t>{2, 3}});
  EMIT(f, Opcode::AddI, {3, 3, 5});
  EMIT(f, Opcode::Branch, {inner});
  ASSERT_TRUE(f->placeLabel(innerDone).ok());
  EMIT(f, Opcode::AddI, {2, 2, 5});
  EMIT(f, Opcode::Branch, {outer});
  ASSERT_TRUE(f->placeLabel(done).ok());
  EMIT(f, Opcode::Dim, {8, 1, 0});
  EMIT(f, Opcode::SubI, {10, 0, 5});
  EMIT(f, Opcode::Load, {9, 1, std::vector<uint32_t>{10, 5}});
  EMIT(f, Opcode::Return, {std::vector<uint32_t>{1, 8, 9}});
  // g(t, i) = t[i][0]: bounds errors.
  FunctionBuilder *g = addFunction(w, "g", {t, i64, i64, i64}, 2, {i64});
  EMIT(g, Opcode::ConstI64, {3, 0});
  EMIT(g, Opcode::Load, {2, 0, std::vector<uint32_t>{1, 3}});
  EMIT(g, Opcode::Return, {std::vector<uint32_t>{2}});
  // h(t, v): t[0][0] = v: range errors.
  FunctionBuilder *h = addFunction(w, "h", {t, i64, i64}, 2, {});
  EMIT(h, Opcode::ConstI64, {2, 0});
  EMIT(h, Opcode::Store, {1, 0, std::vector<uint32_t>{2, 2}});
  EMIT(h, Opcode::Return, {std::vector<uint32_t>{}});
  std::unique_ptr<Session> session = makeSession(finish(w));

  auto results = session->invoke("f", {Value::i64(4)});
  ASSERT_TRUE(results.ok()) << results.message();
  const Tensor &tensor = (*results)[0].getTensor();
  EXPECT_EQ(tensor.getTypeString(), "tensor<4x2xi32>");
  EXPECT_EQ(formatTensor(tensor), "[[ 0  1]\n [10 11]\n [20 21]\n [30 31]]");
  EXPECT_EQ((*results)[1].getI64(), 4);
  EXPECT_EQ((*results)[2].getI64(), 31);

  auto load = session->invoke("g", {(*results)[0], Value::i64(3)});
  ASSERT_TRUE(load.ok());
  EXPECT_EQ((*load)[0].getI64(), 30);
  auto outOfBounds = session->invoke("g", {(*results)[0], Value::i64(4)});
  ASSERT_FALSE(outOfBounds.ok());
  EXPECT_EQ(outOfBounds.message(),
            "function 'g': instruction at word 4 (load): index 4 out of "
            "bounds for dimension 0 of size 4 (tensor<4x2xi32>)");
  EXPECT_ERROR(session->invoke("g", {(*results)[0], Value::i64(-1)}),
               "index -1 out of bounds");
  EXPECT_ERROR(session->invoke("f", {Value::i64(-3)}),
               "(alloc): dynamic dimension 0 is negative (-3)");

  EXPECT_TRUE(session->invoke("h", {(*results)[0], Value::i64(-5)}).ok());
  EXPECT_ERROR(session->invoke("h", {(*results)[0], Value::i64(1LL << 40)}),
               "value 1099511627776 does not fit in i32");
  int32_t readOnly[2] = {1, 2};
  int64_t dims[2] = {1, 2};
  StatusOr<Tensor> constant = Tensor::borrow(DType::I32, *Shape::get(dims, 2),
                                             readOnly, sizeof(readOnly), true);
  EXPECT_ERROR(session->invoke("h", {Value::tensor(*constant), Value::i64(0)}),
               "cannot store into read-only tensor<1x2xi32>");
}

/// A device whose memory the host may not read directly (as a GPU's): the
/// bytes are host memory, but the VM must go through copyFromHost and
/// copyToHost, which count their calls.
class RemoteTestDevice final : public DeviceAPI {
public:
  const char *getName() const override { return "remote"; }
  StatusOr<void *> allocate(size_t bytes, size_t alignment) override {
    return cpu->allocate(bytes, alignment);
  }
  void free(void *ptr, size_t bytes, size_t alignment) override {
    cpu->free(ptr, bytes, alignment);
  }
  Status copy(void *dst, const void *src, size_t bytes) override {
    return cpu->copy(dst, src, bytes);
  }
  DeviceStats getStats() const override { return cpu->getStats(); }
  bool isHostAccessible() const override { return false; }
  Status copyFromHost(void *dst, const void *src, size_t bytes) override {
    ++uploads;
    return cpu->copy(dst, src, bytes);
  }
  Status copyToHost(void *dst, const void *src, size_t bytes) override {
    ++downloads;
    return cpu->copy(dst, src, bytes);
  }
  int uploads = 0, downloads = 0;

private:
  std::shared_ptr<DeviceAPI> cpu = std::make_shared<CPUDevice>();
};

TEST(VMTest, SessionOnADeviceTheHostCannotRead) {
  // f(n) -> (t, t[n-1]) with t: tensor<?xi32>, t[i] = 10 * i by Store;
  // h(t) -> t with t[0] = 7.
  ModuleWriter w;
  uint32_t i64 = w.addI64Type();
  uint32_t t = *w.addTensorType(DType::I32, {kDyn});
  // r0 n, r1 t, r2 i, r3 v, r4 one, r5 ten, r6 cond, r7 last, r8 n-1
  FunctionBuilder *f = addFunction(
      w, "f", {i64, t, i64, i64, i64, i64, i64, i64, i64}, 1, {t, i64});
  Label loop = f->createLabel(), body = f->createLabel(),
        done = f->createLabel();
  EMIT(f, Opcode::AllocTensor, {1, std::vector<uint32_t>{0}});
  EMIT(f, Opcode::ConstI64, {4, 1});
  EMIT(f, Opcode::ConstI64, {5, 10});
  EMIT(f, Opcode::ConstI64, {2, 0});
  ASSERT_TRUE(f->placeLabel(loop).ok());
  EMIT(f, Opcode::CmpI, {6, uint32_t(bytecode::CmpPredicate::slt), 2, 0});
  EMIT(f, Opcode::CondBranch, {6, body, done});
  ASSERT_TRUE(f->placeLabel(body).ok());
  EMIT(f, Opcode::MulI, {3, 2, 5});
  EMIT(f, Opcode::Store, {3, 1, std::vector<uint32_t>{2}});
  EMIT(f, Opcode::AddI, {2, 2, 4});
  EMIT(f, Opcode::Branch, {loop});
  ASSERT_TRUE(f->placeLabel(done).ok());
  EMIT(f, Opcode::SubI, {8, 0, 4});
  EMIT(f, Opcode::Load, {7, 1, std::vector<uint32_t>{8}});
  EMIT(f, Opcode::Return, {std::vector<uint32_t>{1, 7}});
  FunctionBuilder *h = addFunction(w, "h", {t, i64, i64}, 1, {t});
  EMIT(h, Opcode::ConstI64, {1, 0});
  EMIT(h, Opcode::ConstI64, {2, 7});
  EMIT(h, Opcode::Store, {2, 0, std::vector<uint32_t>{1}});
  EMIT(h, Opcode::Return, {std::vector<uint32_t>{0}});
  auto device = std::make_shared<RemoteTestDevice>();
  SessionOptions options;
  options.device = device;
  std::unique_ptr<Session> session = makeSession(finish(w), options);
  ASSERT_TRUE(session);

  // Stores and the load go through the device's copies; the result comes
  // back to the host.
  auto results = session->invoke("f", {Value::i64(3)});
  ASSERT_TRUE(results.ok()) << results.message();
  const Tensor &tensor = (*results)[0].getTensor();
  EXPECT_EQ(formatTensor(tensor), "[ 0 10 20]");
  EXPECT_EQ((*results)[1].getI64(), 20);
  EXPECT_NE(tensor.getStorage()->getDevice(), device.get());
  EXPECT_EQ(device->uploads, 3);       // The stores.
  EXPECT_EQ(device->downloads, 1 + 1); // The load and the result.

  // A host argument is copied in: the caller's tensor stays as it was.
  int32_t values[2] = {1, 2};
  int64_t dims[1] = {2};
  StatusOr<Tensor> host =
      Tensor::borrow(DType::I32, *Shape::get(dims, 1), values, sizeof(values));
  ASSERT_TRUE(host.ok());
  auto stored = session->invoke("h", {Value::tensor(*host)});
  ASSERT_TRUE(stored.ok()) << stored.message();
  EXPECT_EQ(formatTensor((*stored)[0].getTensor()), "[7 2]");
  EXPECT_EQ(values[0], 1);

  // Kernels compiled for the CPU do not run on it.
  ModuleWriter withKernel;
  withKernel.setKernelLibraryCPU(readTestKernelLibrary());
  ASSERT_TRUE(withKernel.addKernel("k", "scale_f32", "", 2, 1).ok());
  StatusOr<std::unique_ptr<Module>> cpuModule = Module::loadBuffer(
      finish(withKernel).data(), finish(withKernel).size(), "cpu.smod");
  ASSERT_TRUE(cpuModule.ok()) << cpuModule.message();
  StatusOr<std::unique_ptr<Session>> refused = Session::create(
      std::shared_ptr<const Module>(std::move(*cpuModule)), options);
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.message(), "cpu.smod: its kernels run on the CPU "
                               "(compiled with --target=cpu), not on remote");
}

TEST(VMTest, LoadAllIntegerTypes) {
  // load(t) = t[1] for each integer dtype, sign/zero extension included.
  struct Case {
    DType dtype;
    std::vector<uint8_t> bytes;
    int64_t expected;
  } cases[] = {
      {DType::I1, {0, 1}, 1},
      {DType::I8, {0, 0xfe}, -2},
      {DType::U8, {0, 0xfe}, 254},
      {DType::I16, {0, 0, 0x00, 0x80}, -32768},
      {DType::I32, {0, 0, 0, 0, 0xff, 0xff, 0xff, 0xff}, -1},
      {DType::I64,
       {0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0x80},
       INT64_MIN + 1},
  };
  for (const Case &c : cases) {
    ModuleWriter w;
    uint32_t i64 = w.addI64Type();
    uint32_t t = *w.addTensorType(c.dtype, {kDyn});
    FunctionBuilder *f = addFunction(w, "f", {t, i64, i64}, 1, {i64});
    EMIT(f, Opcode::ConstI64, {2, 1});
    EMIT(f, Opcode::Load, {1, 0, std::vector<uint32_t>{2}});
    EMIT(f, Opcode::Return, {std::vector<uint32_t>{1}});
    std::unique_ptr<Session> session = makeSession(finish(w));
    int64_t dim = 2;
    StatusOr<Tensor> tensor = Tensor::fromVector(
        c.dtype, *Shape::get(&dim, 1), c.bytes.data(), c.bytes.size());
    ASSERT_TRUE(tensor.ok()) << tensor.message();
    auto results = session->invoke("f", {Value::tensor(*tensor)});
    ASSERT_TRUE(results.ok()) << results.message();
    EXPECT_EQ((*results)[0].getI64(), c.expected)
        << bytecode::getDTypeName(c.dtype);
  }
}

TEST(VMTest, StorageViewReshapeCopy) {
  // f(n, offset) -> (view, reshaped): storage of n bytes, a tensor<?xf32>
  // of 4 elements viewed at `offset`, filled by copying x, reshaped 2x2.
  ModuleWriter w;
  uint32_t i64 = w.addI64Type();
  uint32_t storage = w.addStorageType();
  uint32_t vec = *w.addTensorType(DType::F32, {kDyn});
  uint32_t mat = *w.addTensorType(DType::F32, {2, kDyn});
  // r0 n, r1 offset, r2 x, r3 storage, r4 view, r5 four, r6 reshaped,
  // r7 two
  FunctionBuilder *f = addFunction(
      w, "f", {i64, i64, vec, storage, vec, i64, mat, i64}, 3, {vec, mat});
  EMIT(f, Opcode::AllocStorage, {3, 0});
  EMIT(f, Opcode::Dim, {5, 2, 0});
  EMIT(f, Opcode::View, {4, 3, 1, std::vector<uint32_t>{5}});
  EMIT(f, Opcode::Copy, {2, 4});
  EMIT(f, Opcode::ConstI64, {7, 2});
  EMIT(f, Opcode::FloorDivSI, {7, 5, 7});
  EMIT(f, Opcode::Reshape, {6, 4, std::vector<uint32_t>{7}});
  EMIT(f, Opcode::Return, {std::vector<uint32_t>{4, 6}});
  // r(x, k) = reshape x to 2 x k: element count mismatches.
  FunctionBuilder *r = addFunction(w, "r", {vec, i64, mat}, 2, {mat});
  EMIT(r, Opcode::Reshape, {2, 0, std::vector<uint32_t>{1}});
  EMIT(r, Opcode::Return, {std::vector<uint32_t>{2}});
  // c(x, y): copy x into y.
  FunctionBuilder *c = addFunction(w, "c", {vec, vec}, 2, {});
  EMIT(c, Opcode::Copy, {0, 1});
  EMIT(c, Opcode::Return, {std::vector<uint32_t>{}});
  std::unique_ptr<Session> session = makeSession(finish(w));

  Tensor x = makeF32({4}, {1, 2, 3, 4});
  auto results =
      session->invoke("f", {Value::i64(64), Value::i64(16), Value::tensor(x)});
  ASSERT_TRUE(results.ok()) << results.message();
  const Tensor &view = (*results)[0].getTensor();
  EXPECT_EQ(view.getByteOffset(), 16u);
  EXPECT_EQ(view.getStorage()->getSize(), 64u);
  EXPECT_EQ(toVector(view), (std::vector<float>{1, 2, 3, 4}));
  const Tensor &reshaped = (*results)[1].getTensor();
  EXPECT_EQ(reshaped.getTypeString(), "tensor<2x2xf32>");
  EXPECT_EQ(reshaped.getData(), view.getData());
  EXPECT_EQ(formatTensor(reshaped), "[[1. 2.]\n [3. 4.]]");

  // 16 bytes at offset 56 of 64: out of bounds.
  EXPECT_ERROR(
      session->invoke("f", {Value::i64(64), Value::i64(56), Value::tensor(x)}),
      "(view): view of 16 bytes at offset 56 exceeds the storage's 64 bytes");
  EXPECT_ERROR(
      session->invoke("f", {Value::i64(64), Value::i64(-8), Value::tensor(x)}),
      "view offset -8 is negative");
  EXPECT_ERROR(
      session->invoke("f", {Value::i64(-1), Value::i64(0), Value::tensor(x)}),
      "(alloc_storage): storage size -1 is negative");
  EXPECT_ERROR(session->invoke("f", {Value::i64(INT64_MAX), Value::i64(0),
                                     Value::tensor(x)}),
               "cannot allocate");

  EXPECT_TRUE(session->invoke("r", {Value::tensor(x), Value::i64(2)}).ok());
  EXPECT_ERROR(session->invoke("r", {Value::tensor(x), Value::i64(3)}),
               "cannot reshape tensor<4xf32> (4 elements) to 2x3 (6 elements)");

  Tensor y = makeF32({4}, {0, 0, 0, 0});
  ASSERT_TRUE(session->invoke("c", {Value::tensor(x), Value::tensor(y)}).ok());
  EXPECT_EQ(toVector(y), (std::vector<float>{1, 2, 3, 4}));
  Tensor z = makeF32({3}, {0, 0, 0});
  EXPECT_ERROR(session->invoke("c", {Value::tensor(x), Value::tensor(z)}),
               "cannot copy tensor<4xf32> into tensor<3xf32>");
}

TEST(VMTest, ConstantsAreViewsOfTheModule) {
  StatusOr<std::vector<uint8_t>> bytes = buildToolTestModule();
  ASSERT_TRUE(bytes.ok()) << bytes.message();
  StatusOr<std::unique_ptr<Module>> loaded =
      Module::loadBuffer(bytes->data(), bytes->size(), "tools.smod");
  ASSERT_TRUE(loaded.ok()) << loaded.message();
  std::shared_ptr<const Module> module(std::move(*loaded));
  const uint8_t *begin = module->getData(), *end = begin + module->getSize();
  std::vector<Value> results;
  {
    StatusOr<std::unique_ptr<Session>> session = Session::create(module);
    ASSERT_TRUE(session.ok()) << session.message();
    auto weights = (*session)->invoke("weights", {});
    ASSERT_TRUE(weights.ok()) << weights.message();
    results = *weights;
  }
  std::weak_ptr<const Module> weak = module;
  module.reset();
  // The result keeps the module (and its bytes) alive.
  EXPECT_FALSE(weak.expired());
  const Tensor &tensor = results[0].getTensor();
  EXPECT_GE(tensor.getData(), begin);
  EXPECT_LT(tensor.getData(), end);
  EXPECT_EQ(reinterpret_cast<uintptr_t>(tensor.getData()) % 64, 0u);
  EXPECT_TRUE(tensor.isReadOnly());
  EXPECT_EQ(formatTensor(tensor), "[[1. 2. 3.]\n [4. 5. 6.]]");
  results.clear();
  EXPECT_TRUE(weak.expired());
}

//===----------------------------------------------------------------------===//
// Launches
//===----------------------------------------------------------------------===//

class LaunchTest : public ::testing::TestWithParam<unsigned> {};

TEST_P(LaunchTest, RealKernels) {
  StatusOr<std::vector<uint8_t>> bytes = buildToolTestModule();
  ASSERT_TRUE(bytes.ok()) << bytes.message();
  SessionOptions options;
  options.numThreads = GetParam();
  std::unique_ptr<Session> session = makeSession(*bytes, options);
  ASSERT_TRUE(session);
  EXPECT_EQ(session->getThreadPool().getNumThreads(), GetParam());

  std::vector<float> a(10), b(10), expected(10);
  for (int i = 0; i < 10; ++i) {
    a[i] = static_cast<float>(i);
    b[i] = 100.0f * i;
    expected[i] = a[i] + b[i];
  }
  auto results = session->invoke("main", {Value::tensor(makeF32({10}, a)),
                                          Value::tensor(makeF32({10}, b))});
  ASSERT_TRUE(results.ok()) << results.message();
  EXPECT_EQ(toVector((*results)[0].getTensor()), expected);

  // Empty tensors: a grid of 0 tiles.
  results = session->invoke("main", {Value::tensor(makeF32({0}, {})),
                                     Value::tensor(makeF32({0}, {}))});
  ASSERT_TRUE(results.ok()) << results.message();
  EXPECT_EQ((*results)[0].getTensor().getNumElements(), 0);

  results = session->invoke(
      "scale", {Value::tensor(makeF32({3}, {1, 2, 3})), Value::i64(-2)});
  ASSERT_TRUE(results.ok()) << results.message();
  EXPECT_EQ(toVector((*results)[0].getTensor()),
            (std::vector<float>{-2, -4, -6}));

  results = session->invoke(
      "transpose", {Value::tensor(makeF32({2, 3}, {1, 2, 3, 4, 5, 6}))});
  ASSERT_TRUE(results.ok()) << results.message();
  EXPECT_EQ((*results)[0].getTensor().getTypeString(), "tensor<3x2xf32>");
  EXPECT_EQ(toVector((*results)[0].getTensor()),
            (std::vector<float>{1, 4, 2, 5, 3, 6}));

  // Mismatched input sizes: the kernel reads a's size from the output,
  // which is a's size; b shorter would be read out of bounds, so the test
  // only uses equal sizes. The pair function returns an i64 and a tensor.
  results = session->invoke("pair", {Value::i64(7)});
  ASSERT_TRUE(results.ok()) << results.message();
  EXPECT_EQ((*results)[0].getI64(), 7);
  EXPECT_EQ(formatTensor((*results)[1].getTensor()), "[7 8 9]");
}

INSTANTIATE_TEST_SUITE_P(Threads, LaunchTest, ::testing::Values(1u, 2u, 4u));

/// A module with one kernel `symbol`/`grid` over a rank-1 tensor argument.
std::vector<uint8_t> singleKernelModule(const char *symbol, const char *grid,
                                        DType dtype, bool withLibrary = true,
                                        bool outputIsConstant = false) {
  ModuleWriter w;
  uint32_t t = *w.addTensorType(dtype, {kDyn});
  uint32_t c4 = *w.addTensorType(dtype, {4});
  if (withLibrary)
    w.setKernelLibraryCPU(readTestKernelLibrary());
  uint32_t k = *w.addKernel("k", symbol, grid, 1, 1, "k.mlir:1:1");
  int64_t zeros[4] = {};
  uint32_t c =
      *w.addConstant("c", c4, zeros, 4 * bytecode::getDTypeSize(dtype));
  FunctionBuilder *f = addFunction(w, "f", {t, c4}, 1, {t});
  if (outputIsConstant) {
    EXPECT_TRUE(f->emit(Opcode::Constant, {1, c}).ok());
    EXPECT_TRUE(f->emit(Opcode::Launch, {k, std::vector<uint32_t>{1}}).ok());
  } else {
    EXPECT_TRUE(f->emit(Opcode::Launch, {k, std::vector<uint32_t>{0}}).ok());
  }
  EXPECT_TRUE(f->emit(Opcode::Return, {std::vector<uint32_t>{0}}).ok());
  return finish(w);
}

TEST(VMTest, EveryTileRunsOnce) {
  std::vector<uint8_t> bytes =
      singleKernelModule("count_tiles", "count_tiles_grid", DType::I64);
  for (unsigned threads : {1u, 3u, 8u}) {
    SessionOptions options;
    options.numThreads = threads;
    std::unique_ptr<Session> session = makeSession(bytes, options);
    int64_t n = 1001;
    std::vector<int64_t> zeros(n, 0);
    StatusOr<Tensor> counts = Tensor::fromVector(
        DType::I64, *Shape::get(&n, 1), zeros.data(), n * sizeof(int64_t));
    for (int run = 0; run < 5; ++run)
      ASSERT_TRUE(session->invoke("f", {Value::tensor(*counts)}).ok());
    const int64_t *p = counts->getDataAs<int64_t>();
    for (int64_t i = 0; i < n; ++i)
      ASSERT_EQ(p[i], 5) << "tile " << i << " with " << threads << " threads";
  }
}

TEST(VMTest, LaunchErrors) {
  int64_t n = 4;
  std::vector<float> zeros(4, 0);
  Tensor x = makeF32({4}, zeros);
  {
    std::unique_ptr<Session> session =
        makeSession(singleKernelModule("count_tiles", "bad_grid", DType::I64));
    std::vector<int64_t> values(4);
    StatusOr<Tensor> t =
        Tensor::fromVector(DType::I64, *Shape::get(&n, 1), values.data(), 32);
    EXPECT_ERROR(session->invoke("f", {Value::tensor(*t)}),
                 "(launch): kernel 'k': grid function returned -5 tiles");
  }
  {
    std::unique_ptr<Session> session = makeSession(singleKernelModule(
        "count_tiles", "count_tiles_grid", DType::I64, true, true));
    std::vector<int64_t> values(4);
    StatusOr<Tensor> t =
        Tensor::fromVector(DType::I64, *Shape::get(&n, 1), values.data(), 32);
    EXPECT_ERROR(session->invoke("f", {Value::tensor(*t)}),
                 "kernel 'k': output 0 (tensor<4xi64>) is read-only");
  }
  // Loading fails: no library, missing symbols.
  for (auto [bytes, message] :
       {std::make_pair(
            singleKernelModule("count_tiles", "", DType::I64, false),
            "the module has 1 CPU kernel(s) but no CPU kernel library"),
        std::make_pair(singleKernelModule("no_such_kernel", "", DType::I64),
                       "kernel 'k': symbol 'no_such_kernel' not found"),
        std::make_pair(
            singleKernelModule("count_tiles", "no_such_grid", DType::I64),
            "kernel 'k': grid symbol 'no_such_grid' not found")}) {
    StatusOr<std::unique_ptr<Module>> module =
        Module::loadBuffer(bytes.data(), bytes.size(), "bad.smod");
    ASSERT_TRUE(module.ok()) << module.message();
    auto session =
        Session::create(std::shared_ptr<const Module>(std::move(*module)));
    EXPECT_ERROR(session, message);
  }
  // A library that is not an ELF object.
  ModuleWriter w;
  w.setKernelLibraryCPU({'n', 'o', 't', ' ', 'e', 'l', 'f'});
  ASSERT_TRUE(w.addKernel("k", "k", "", 0, 0).ok());
  std::vector<uint8_t> bytes = finish(w);
  StatusOr<std::unique_ptr<Module>> module =
      Module::loadBuffer(bytes.data(), bytes.size(), "garbage.smod");
  ASSERT_TRUE(module.ok()) << module.message();
  EXPECT_ERROR(
      Session::create(std::shared_ptr<const Module>(std::move(*module))),
      "garbage.smod: cannot load the CPU kernel library");
}

//===----------------------------------------------------------------------===//
// Native calls
//===----------------------------------------------------------------------===//

TEST(VMTest, CallNative) {
  Registry registry;
  ASSERT_TRUE(registry
                  .add("test.twice",
                       [](Span<Value> args) -> StatusOr<std::vector<Value>> {
                         if (args.size() != 1 || !args[0].isI64())
                           return Status::error("expected one i64");
                         return std::vector<Value>{
                             Value::i64(2 * args[0].getI64())};
                       })
                  .ok());
  EXPECT_FALSE(registry.add("test.twice", nullptr).ok());
  ASSERT_TRUE(
      registry
          .add("test.tensor",
               [](Span<Value>) -> StatusOr<std::vector<Value>> {
                 return std::vector<Value>{Value::tensor(makeF32({2}, {1, 2}))};
               })
          .ok());
  ModuleWriter w;
  uint32_t i64 = w.addI64Type();
  uint32_t t3 = *w.addTensorType(DType::F32, {3});
  FunctionBuilder *f = addFunction(w, "f", {i64, i64}, 1, {i64});
  EMIT(f, Opcode::CallNative,
       {w.addString("test.twice"), std::vector<uint32_t>{0},
        std::vector<uint32_t>{1}});
  EMIT(f, Opcode::Return, {std::vector<uint32_t>{1}});
  FunctionBuilder *g = addFunction(w, "g", {t3}, 0, {t3});
  EMIT(g, Opcode::CallNative,
       {w.addString("test.tensor"), std::vector<uint32_t>{},
        std::vector<uint32_t>{0}});
  EMIT(g, Opcode::Return, {std::vector<uint32_t>{0}});
  FunctionBuilder *h = addFunction(w, "h", {i64}, 0, {});
  EMIT(h, Opcode::CallNative,
       {w.addString("test.missing"), std::vector<uint32_t>{},
        std::vector<uint32_t>{}});
  EMIT(h, Opcode::Return, {std::vector<uint32_t>{}});
  FunctionBuilder *k = addFunction(w, "k", {i64, i64, i64}, 1, {});
  EMIT(k, Opcode::CallNative,
       {w.addString("test.twice"), std::vector<uint32_t>{0},
        std::vector<uint32_t>{1, 2}});
  EMIT(k, Opcode::Return, {std::vector<uint32_t>{}});
  SessionOptions options;
  options.registry = &registry;
  options.profile = true;
  std::unique_ptr<Session> session = makeSession(finish(w), options);

  auto results = session->invoke("f", {Value::i64(21)});
  ASSERT_TRUE(results.ok()) << results.message();
  EXPECT_EQ((*results)[0].getI64(), 42);
  EXPECT_EQ(session->getProfiler()->getStats()["test.twice"].calls, 1u);
  EXPECT_ERROR(session->invoke("g", {}),
               "native function 'test.tensor': result 0: expected "
               "tensor<3xf32>, got tensor<2xf32>");
  EXPECT_ERROR(session->invoke("h", {}),
               "no native function named 'test.missing' is registered");
  EXPECT_ERROR(session->invoke("k", {Value::i64(1)}),
               "native function 'test.twice' returned 1 result(s), expected 2");

  // Registry calls from C++, and the built-ins of the global registry.
  Value arg = Value::i64(5);
  auto direct = registry.call("test.twice", Span<Value>(&arg, 1));
  ASSERT_TRUE(direct.ok());
  EXPECT_EQ((*direct)[0].getI64(), 10);
  EXPECT_ERROR(registry.call("test.twice", Span<Value>()), "expected one i64");
  Value tensor = Value::tensor(makeF32({2, 3}, std::vector<float>(6)));
  auto numel = Registry::global().call("strata.numel", Span<Value>(&tensor, 1));
  ASSERT_TRUE(numel.ok());
  EXPECT_EQ((*numel)[0].getI64(), 6);
  auto threads = Registry::global().call("strata.num_threads", Span<Value>());
  ASSERT_TRUE(threads.ok());
  EXPECT_GE((*threads)[0].getI64(), 1);
  EXPECT_TRUE(Registry::global().contains("strata.print"));
  EXPECT_TRUE(registry.remove("test.twice"));
  EXPECT_FALSE(registry.remove("test.twice"));
}

//===----------------------------------------------------------------------===//
// Profiler and tensor dumps
//===----------------------------------------------------------------------===//

std::string readText(const std::string &path) {
  std::ifstream file(path);
  std::stringstream text;
  text << file.rdbuf();
  return text.str();
}

TEST(VMTest, ProfileTraceAndDump) {
  char dir[] = "/tmp/strata-vmtest-XXXXXX";
  ASSERT_NE(mkdtemp(dir), nullptr);
  std::string trace = std::string(dir) + "/trace.json";
  std::string dumps = std::string(dir) + "/dumps";
  StatusOr<std::vector<uint8_t>> bytes = buildToolTestModule();
  ASSERT_TRUE(bytes.ok());
  SessionOptions options;
  options.profile = true;
  options.tracePath = trace;
  options.dumpDirectory = dumps;
  options.numThreads = 2;
  {
    std::unique_ptr<Session> session = makeSession(*bytes, options);
    for (int i = 0; i < 3; ++i)
      ASSERT_TRUE(session
                      ->invoke("main", {Value::tensor(makeF32({2}, {1, 2})),
                                        Value::tensor(makeF32({2}, {3, 4}))})
                      .ok());
    ASSERT_TRUE(
        session->invoke("transpose", {Value::tensor(makeF32({1, 2}, {1, 2}))})
            .ok());
    auto stats = session->getProfiler()->getStats();
    EXPECT_EQ(stats["add"].calls, 3u);
    EXPECT_EQ(stats["transpose"].calls, 1u);
    std::string report = session->getProfileReport();
    EXPECT_NE(report.find("kernel"), std::string::npos) << report;
    EXPECT_NE(report.find("add"), std::string::npos) << report;
    EXPECT_NE(report.find("share"), std::string::npos) << report;
    ASSERT_TRUE(session->flush().ok());
  }
  std::string json = readText(trace);
  EXPECT_NE(json.find("\"traceEvents\""), std::string::npos) << json;
  EXPECT_NE(json.find("\"name\": \"add\", \"cat\": \"launch\", \"ph\": \"X\""),
            std::string::npos)
      << json;
  EXPECT_NE(json.find("\"location\": \"test.mlir:3:5\""), std::string::npos);

  std::string index = readText(dumps + "/index.json");
  EXPECT_NE(index.find("{\"file\": \"0000_add_0.npy\", \"kernel\": \"add\", "
                       "\"output\": 0, \"location\": \"test.mlir:3:5\", "
                       "\"shape\": [2], \"dtype\": \"f32\"}"),
            std::string::npos)
      << index;
  EXPECT_NE(index.find("0003_transpose_0.npy"), std::string::npos) << index;
  StatusOr<Tensor> dumped = readNpyFile(dumps + "/0002_add_0.npy");
  ASSERT_TRUE(dumped.ok()) << dumped.message();
  EXPECT_EQ(toVector(*dumped), (std::vector<float>{4, 6}));

  // A dump directory that cannot be created.
  SessionOptions bad;
  bad.dumpDirectory = trace + "/sub";
  StatusOr<std::unique_ptr<Module>> module =
      Module::loadBuffer(bytes->data(), bytes->size());
  EXPECT_ERROR(
      Session::create(std::shared_ptr<const Module>(std::move(*module)), bad),
      "cannot create directory");
}

TEST(VMTest, DumpOfTensorsOnADeviceTheHostCannotRead) {
  // A launch's output in device memory (a GPU's) is copied to the host,
  // once, before it is written.
  char dir[] = "/tmp/strata-vmtest-XXXXXX";
  ASSERT_NE(mkdtemp(dir), nullptr);
  StatusOr<std::unique_ptr<TensorDumper>> dumper = TensorDumper::create(dir);
  ASSERT_TRUE(dumper.ok()) << dumper.message();
  auto device = std::make_shared<RemoteTestDevice>();
  Tensor host = makeF32({3}, {1.5f, -2, 8});
  StatusOr<Tensor> onDevice =
      Tensor::allocate(device, host.getDType(), host.getShape());
  ASSERT_TRUE(onDevice.ok());
  ASSERT_TRUE(device
                  ->copyFromHost(onDevice->getData(), host.getData(),
                                 host.getByteSize())
                  .ok());
  Value output = Value::tensor(*onDevice);
  LaunchEvent event;
  event.name = "scale";
  event.args = Span<Value>(&output, 1);
  event.numOutputs = 1;
  ASSERT_TRUE((*dumper)->onEvent(event).ok());
  ASSERT_TRUE((*dumper)->flush().ok());
  EXPECT_EQ(device->downloads, 1);
  StatusOr<Tensor> dumped = readNpyFile(std::string(dir) + "/0000_scale_0.npy");
  ASSERT_TRUE(dumped.ok()) << dumped.message();
  EXPECT_EQ(toVector(*dumped), (std::vector<float>{1.5f, -2, 8}));
}

//===----------------------------------------------------------------------===//
// Tensors, printing, npy, inputs, device
//===----------------------------------------------------------------------===//

TEST(TensorTest, NumpyLikePrinting) {
  EXPECT_EQ(formatTensor(makeF32({2, 3}, {1, 2, 3, 4, 5, 6})),
            "[[1. 2. 3.]\n [4. 5. 6.]]");
  EXPECT_EQ(formatTensor(makeF32({3}, {1.5f, 2, 3})), "[1.5 2.  3. ]");
  EXPECT_EQ(formatTensor(makeF32({3}, {-1.25f, 0.1f, 100})),
            "[ -1.25   0.1  100.  ]");
  EXPECT_EQ(formatTensor(makeF32({2}, {1e-5f, 1})), "[1.e-05 1.e+00]");
  EXPECT_EQ(formatTensor(makeF32({2}, {1.5e10f, -2})), "[ 1.5e+10 -2.0e+00]");
  EXPECT_EQ(formatTensor(makeF32({3}, {NAN, INFINITY, 1})), "[nan inf  1.]");
  EXPECT_EQ(formatTensor(makeF32({1}, {1.0f / 3})), "[0.33333334]");
  EXPECT_EQ(formatTensor(makeF32({}, {3.5f})), "3.5");
  EXPECT_EQ(formatTensor(makeF32({}, {2.0f})), "2.0");
  EXPECT_EQ(formatTensor(makeF32({0}, {})), "[]");
  EXPECT_EQ(formatTensor(makeF32({2, 2, 2}, {1, 2, 3, 4, 5, 6, 7, 8})),
            "[[[1. 2.]\n  [3. 4.]]\n\n [[5. 6.]\n  [7. 8.]]]");

  uint8_t bools[3] = {1, 0, 1};
  int64_t three = 3;
  StatusOr<Tensor> b =
      Tensor::fromVector(DType::I1, *Shape::get(&three, 1), bools, 3);
  EXPECT_EQ(formatTensor(*b), "[ True False  True]");
  int32_t ints[3] = {-5, 10, 200};
  StatusOr<Tensor> i =
      Tensor::fromVector(DType::I32, *Shape::get(&three, 1), ints, 12);
  EXPECT_EQ(formatTensor(*i), "[ -5  10 200]");

  // Summarized: 2000 elements, edge items 3.
  std::vector<float> many(2000);
  for (size_t k = 0; k < many.size(); ++k)
    many[k] = static_cast<float>(k);
  EXPECT_EQ(formatTensor(makeF32({2000}, many)),
            "[0.000e+00 1.000e+00 2.000e+00 ... 1.997e+03 1.998e+03 "
            "1.999e+03]");
  EXPECT_EQ(formatTensor(makeF32({40, 50}, many)),
            "[[0.000e+00 1.000e+00 2.000e+00 ... 4.700e+01 4.800e+01 "
            "4.900e+01]\n"
            " [5.000e+01 5.100e+01 5.200e+01 ... 9.700e+01 9.800e+01 "
            "9.900e+01]\n"
            " [1.000e+02 1.010e+02 1.020e+02 ... 1.470e+02 1.480e+02 "
            "1.490e+02]\n"
            " ...\n"
            " [1.850e+03 1.851e+03 1.852e+03 ... 1.897e+03 1.898e+03 "
            "1.899e+03]\n"
            " [1.900e+03 1.901e+03 1.902e+03 ... 1.947e+03 1.948e+03 "
            "1.949e+03]\n"
            " [1.950e+03 1.951e+03 1.952e+03 ... 1.997e+03 1.998e+03 "
            "1.999e+03]]");
  EXPECT_EQ(formatTensor(makeF32({}, {-0.0f})), "-0.0");
  EXPECT_EQ(formatTensor(makeF32({2}, {-0.0f, 1})), "[-0.  1.]");
  EXPECT_EQ(formatTensor(makeF32({}, {1e-5f})), "1e-05");
  EXPECT_EQ(formatTensor(makeF32({}, {1e20f})), "1e+20");
  EXPECT_EQ(formatTensor(makeF32({2}, {1e-3f, 1})), "[0.001 1.   ]");
  // Line wrapping at 75 columns.
  std::vector<float> row(20);
  for (size_t k = 0; k < row.size(); ++k)
    row[k] = static_cast<float>(k);
  EXPECT_EQ(formatTensor(makeF32({20}, row)),
            "[ 0.  1.  2.  3.  4.  5.  6.  7.  8.  9. 10. 11. 12. 13. 14. 15. "
            "16. 17.\n 18. 19.]");
}

TEST(TensorTest, HalfConversions) {
  for (float v : {0.0f, 1.0f, -2.5f, 65504.0f, 6.1035156e-05f, 5.9604645e-08f})
    EXPECT_EQ(halfToFloat(floatToHalf(v)), v);
  EXPECT_TRUE(std::isinf(halfToFloat(floatToHalf(1e6f))));
  EXPECT_EQ(bf16ToFloat(floatToBF16(1.5f)), 1.5f);
  // 3e38 is 0x7f61b1e6: the low half rounds up.
  EXPECT_EQ(floatToBF16(3.0e38f), 0x7f62);
  EXPECT_EQ(floatToBF16(1.0f + 1.0f / 256), 0x3f80); // A tie: to even.
  uint16_t h[2] = {floatToHalf(0.1f), floatToHalf(2)};
  int64_t two = 2;
  StatusOr<Tensor> t =
      Tensor::fromVector(DType::F16, *Shape::get(&two, 1), h, 4);
  EXPECT_EQ(formatTensor(*t), "[0.1 2. ]");
}

TEST(TensorTest, ShapeAndViewChecks) {
  int64_t dims[2] = {2, -1};
  EXPECT_ERROR(Shape::get(dims, 2), "dimension 1 is negative");
  int64_t nine[9] = {1, 1, 1, 1, 1, 1, 1, 1, 1};
  EXPECT_ERROR(Shape::get(nine, 9), "rank 9 exceeds the maximum rank 8");
  int64_t huge[2] = {INT64_MAX / 2, 4};
  EXPECT_ERROR(Shape::get(huge, 2), "overflows");
  float data[4];
  int64_t four = 4;
  EXPECT_ERROR(Tensor::borrow(DType::F32, *Shape::get(&four, 1), data, 15),
               "needs 16 bytes, got 15");
  StatusOr<Tensor> borrowed =
      Tensor::borrow(DType::F32, *Shape::get(&four, 1), data, 16);
  ASSERT_TRUE(borrowed.ok());
  EXPECT_EQ(borrowed->getData(), reinterpret_cast<uint8_t *>(data));
  EXPECT_ERROR(Tensor::view(borrowed->getStorage(), 4, DType::F32,
                            *Shape::get(&four, 1)),
               "exceeds the storage's 16 bytes");
}

TEST(NpyTest, RoundTripsAndErrors) {
  char dir[] = "/tmp/strata-npytest-XXXXXX";
  ASSERT_NE(mkdtemp(dir), nullptr);
  std::string path = std::string(dir) + "/x.npy";
  Tensor x = makeF32({2, 3}, {1, 2, 3, 4, 5, 6});
  ASSERT_TRUE(writeNpyFile(path, x).ok());
  StatusOr<Tensor> y = readNpyFile(path);
  ASSERT_TRUE(y.ok()) << y.message();
  EXPECT_EQ(y->getTypeString(), "tensor<2x3xf32>");
  EXPECT_EQ(toVector(*y), toVector(x));
  std::string bytes = readText(path);
  EXPECT_EQ(bytes.substr(0, 6), "\x93NUMPY");
  EXPECT_EQ((bytes.size() - x.getByteSize()) % 64, 0u);
  EXPECT_NE(bytes.find("{'descr': '<f4', 'fortran_order': False, 'shape': "
                       "(2, 3), }"),
            std::string::npos);

  for (DType dtype : {DType::F64, DType::F16, DType::I1, DType::I8, DType::I16,
                      DType::I32, DType::I64, DType::U8}) {
    int64_t n = 3;
    uint8_t raw[24] = {1, 0, 1, 0, 0, 0, 1};
    StatusOr<Tensor> t = Tensor::fromVector(dtype, *Shape::get(&n, 1), raw,
                                            3 * bytecode::getDTypeSize(dtype));
    ASSERT_TRUE(writeNpyFile(path, *t).ok());
    StatusOr<Tensor> back = readNpyFile(path);
    ASSERT_TRUE(back.ok()) << back.message();
    EXPECT_EQ(back->getDType(), dtype);
    EXPECT_EQ(std::memcmp(back->getData(), t->getData(), t->getByteSize()), 0);
  }
  // Rank 0 and rank 1 shapes are written as numpy writes them.
  ASSERT_TRUE(writeNpyFile(path, makeF32({}, {2.5f})).ok());
  EXPECT_NE(readText(path).find("'shape': (), }"), std::string::npos);
  ASSERT_TRUE(writeNpyFile(path, makeF32({3}, {1, 2, 3})).ok());
  EXPECT_NE(readText(path).find("'shape': (3,), }"), std::string::npos);

  uint16_t bf[1] = {0x3f80};
  int64_t one = 1;
  StatusOr<Tensor> b =
      Tensor::fromVector(DType::BF16, *Shape::get(&one, 1), bf, 2);
  EXPECT_ERROR(encodeNpy(*b), "bf16 has no numpy dtype");
  EXPECT_TRUE(encodeNpy(*b, /*bf16AsU16=*/true).ok());

  auto parse = [](const std::string &text) {
    return parseNpy(reinterpret_cast<const uint8_t *>(text.data()), text.size(),
                    "bad.npy");
  };
  auto header = [](const std::string &dict) {
    std::string h = dict + "\n";
    std::string out = std::string("\x93NUMPY\x01\x00", 8);
    out += static_cast<char>(h.size() & 0xff);
    out += static_cast<char>(h.size() >> 8);
    return out + h;
  };
  EXPECT_ERROR(parse("hello"), "bad.npy: not a .npy file");
  EXPECT_ERROR(parse(std::string("\x93NUMPY\x05\x00\x00\x00", 10)),
               "unsupported .npy version 5.0");
  EXPECT_ERROR(parse(header("{'descr': '>f4', 'fortran_order': False, "
                            "'shape': (1,), }") +
                     std::string(4, '\0')),
               "unsupported dtype '>f4'");
  EXPECT_ERROR(parse(header("{'descr': '<f4', 'fortran_order': True, "
                            "'shape': (1,), }") +
                     std::string(4, '\0')),
               "Fortran-order arrays are not supported");
  EXPECT_ERROR(parse(header("{'descr': '<f4', 'fortran_order': False, "
                            "'shape': (2,), }") +
                     std::string(4, '\0')),
               "truncated data: expected 8 bytes, file has 4");
  EXPECT_ERROR(parse(header("{'descr': '<f4', 'shape': (2,), }")),
               "are required");
  EXPECT_ERROR(parse(header("{'descr': '<f4', 'fortran_order': False, "
                            "'shape': (2,")),
               "malformed");
  EXPECT_ERROR(readNpyFile(std::string(dir) + "/missing.npy"),
               "missing.npy: cannot open: No such file or directory");
  EXPECT_ERROR(readNpyFile(dir), "is a directory, not a file");
}

TEST(InputsTest, Literals) {
  StatusOr<Tensor> t = parseTensorLiteral("2x3xf32=1,2,3,4,5,6");
  ASSERT_TRUE(t.ok()) << t.message();
  EXPECT_EQ(formatTensor(*t), "[[1. 2. 3.]\n [4. 5. 6.]]");
  t = parseTensorLiteral("f32=3.5");
  ASSERT_TRUE(t.ok());
  EXPECT_EQ(t->getTypeString(), "tensor<f32>");
  t = parseTensorLiteral("4xi8=7");
  ASSERT_TRUE(t.ok());
  EXPECT_EQ(formatTensor(*t), "[7 7 7 7]");
  t = parseTensorLiteral("3xi1=true,0,False");
  ASSERT_TRUE(t.ok());
  EXPECT_EQ(formatTensor(*t), "[ True False False]");
  EXPECT_ERROR(parseTensorLiteral("2x3xf32=1,2"),
               "expected 6 values for tensor<2x3xf32>, got 2");
  EXPECT_ERROR(parseTensorLiteral("2xq7=1,2"), "unknown element type 'q7'");
  EXPECT_ERROR(parseTensorLiteral("2xi8=1,300"), "invalid i8 value '300'");
  EXPECT_ERROR(parseTensorLiteral("2xf32=1,abc"), "invalid f32 value 'abc'");
  EXPECT_ERROR(parseTensorLiteral("axf32=1"), "bad dimension 'a'");
  EXPECT_ERROR(parseTensorLiteral("f32"), "expected TYPE=VALUES");
  bytecode::TypeEntry i64Type = {};
  i64Type.kind = static_cast<uint8_t>(bytecode::TypeKind::I64);
  StatusOr<Value> v = parseInputSpec("i64=-7", i64Type);
  ASSERT_TRUE(v.ok());
  EXPECT_TRUE(v->isI64());
  EXPECT_EQ(v->getI64(), -7);
}

TEST(DeviceTest, PoolReusesBlocks) {
  auto device = std::make_shared<CPUDevice>();
  std::vector<StorageRef> storages;
  for (int i = 0; i < 3; ++i) {
    StatusOr<StorageRef> s = Storage::allocate(device, 1000);
    ASSERT_TRUE(s.ok());
    EXPECT_EQ(reinterpret_cast<uintptr_t>((*s)->getData()) % 64, 0u);
    storages.push_back(*s);
  }
  DeviceStats stats = device->getStats();
  EXPECT_EQ(stats.bytesInUse, 3000u);
  EXPECT_EQ(stats.peakBytesInUse, 3000u);
  EXPECT_EQ(stats.poolHits, 0u);
  storages.clear();
  EXPECT_EQ(device->getStats().bytesInUse, 0u);
  EXPECT_EQ(device->getStats().pooledBytes, 3u * 1024);
  // Same size class (1024): served from the pool.
  StatusOr<StorageRef> again = Storage::allocate(device, 600);
  ASSERT_TRUE(again.ok());
  EXPECT_EQ(device->getStats().poolHits, 1u);
  EXPECT_EQ(device->getStats().peakBytesInUse, 3000u);
  device->trim();
  EXPECT_EQ(device->getStats().pooledBytes, 0u);
  StatusOr<StorageRef> empty = Storage::allocate(device, 0);
  ASSERT_TRUE(empty.ok());
  EXPECT_NE((*empty)->getData(), nullptr);
  EXPECT_ERROR(device->allocate(16, 3), "not a power of two");
  EXPECT_ERROR(device->allocate(SIZE_MAX, 64), "too large");
}

TEST(DeviceTest, RepeatedInvocationsHitThePool) {
  StatusOr<std::vector<uint8_t>> bytes = buildToolTestModule();
  ASSERT_TRUE(bytes.ok());
  SessionOptions options;
  auto device = std::make_shared<CPUDevice>();
  options.device = device;
  options.numThreads = 1;
  std::unique_ptr<Session> session = makeSession(*bytes, options);
  Tensor a = makeF32({100}, std::vector<float>(100, 1));
  for (int i = 0; i < 10; ++i)
    ASSERT_TRUE(
        session->invoke("main", {Value::tensor(a), Value::tensor(a)}).ok());
  DeviceStats stats = device->getStats();
  EXPECT_EQ(stats.allocations, 10u);
  EXPECT_EQ(stats.poolHits, 9u);
  EXPECT_EQ(stats.bytesInUse, 0u);
}

} // namespace
