//===- TestGraphBuildE2E.cpp - Self-checking entry point for e2e tests ----===//
//
// Builds @entry: runs each public function on pseudo-random inputs and
// prints whether its results match the reference evaluator's, so that a
// compiled and executed module checks itself.
//
//===----------------------------------------------------------------------===//

#include "TestUtils.h"
#include "strata/Dialect/Graph/IR/GraphOps.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace strata::test {
#define GEN_PASS_DECL_TESTGRAPHBUILDE2EPASS
#define GEN_PASS_DEF_TESTGRAPHBUILDE2EPASS
#include "TestPasses.h.inc"
} // namespace strata::test

using namespace mlir;
using namespace strata::graph;

namespace {

/// Builds @entry; see TestPasses.td.
struct TestGraphBuildE2EPass
    : strata::test::impl::TestGraphBuildE2EPassBase<TestGraphBuildE2EPass> {
  using Base::Base;

  /// A tensor<1xf32> holding 1.0 when `actual` matches `expected`.
  Value buildCheck(OpBuilder &b, Location loc, Value actual,
                   const EvalTensor &expected) {
    auto type = cast<RankedTensorType>(actual.getType());
    Type elementType = type.getElementType();
    Type f32 = b.getF32Type();
    Value expectedValue = ConstantOp::create(b, loc, expected.toAttr());
    auto scalar = [&](Type t) { return RankedTensorType::get({}, t); };
    Value ok;
    if (isa<FloatType>(elementType)) {
      // max(|actual - expected| / max(|expected|, 1)) <= tolerance, in f32.
      auto f32Type = RankedTensorType::get(type.getShape(), f32);
      Value a = CastOp::create(b, loc, f32Type, actual);
      Value e = CastOp::create(b, loc, f32Type, expectedValue);
      Value diff = AbsOp::create(b, loc, SubOp::create(b, loc, a, e));
      Value one = ConstantOp::create(
          b, loc, DenseElementsAttr::get(scalar(f32), b.getF32FloatAttr(1.0f)));
      Value denominator = MaxOp::create(b, loc, AbsOp::create(b, loc, e), one);
      Value relative = DivOp::create(b, loc, diff, denominator);
      // NaN where the evaluator says NaN is a match: zero those errors (a
      // NaN on one side only keeps the NaN error, which fails the check).
      Value actualNan = NotOp::create(b, loc, EqualOp::create(b, loc, a, a));
      Value expectedNan = NotOp::create(b, loc, EqualOp::create(b, loc, e, e));
      Value bothNan = AndOp::create(b, loc, actualNan, expectedNan);
      Value zero = ConstantOp::create(
          b, loc, DenseElementsAttr::get(scalar(f32), b.getF32FloatAttr(0.0f)));
      relative = SelectOp::create(b, loc, bothNan, zero, relative);
      Value worst = ReduceMaxOp::create(b, loc, relative,
                                        /*axes=*/ArrayRef<int64_t>{},
                                        /*keepdims=*/false);
      Value tolerance = ConstantOp::create(
          b, loc,
          DenseElementsAttr::get(
              scalar(f32),
              b.getF32FloatAttr(static_cast<float>(this->tolerance))));
      ok = LessEqualOp::create(b, loc, worst, tolerance);
    } else {
      // All elements equal: min over (actual == expected) as i32.
      Value equal = EqualOp::create(b, loc, actual, expectedValue);
      auto i32Type = RankedTensorType::get(type.getShape(), b.getI32Type());
      Value asInt = CastOp::create(b, loc, i32Type, equal);
      Value all = ReduceMinOp::create(b, loc, asInt,
                                      /*axes=*/ArrayRef<int64_t>{},
                                      /*keepdims=*/false);
      if (type.getNumElements() == 0)
        all =
            ConstantOp::create(b, loc,
                               DenseElementsAttr::get(scalar(b.getI32Type()),
                                                      b.getI32IntegerAttr(1)));
      ok = CastOp::create(b, loc, scalar(b.getI1Type()), all);
    }
    Value asFloat = CastOp::create(b, loc, scalar(f32), ok);
    Value shape = ConstantOp::create(
        b, loc,
        DenseElementsAttr::get(RankedTensorType::get({1}, b.getI64Type()),
                               b.getI64IntegerAttr(1)));
    return ReshapeOp::create(b, loc, RankedTensorType::get({1}, f32), asFloat,
                             shape);
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    if (module.lookupSymbol("entry")) {
      module.emitError("the module already has an @entry");
      return signalPassFailure();
    }
    SmallVector<func::FuncOp> funcs;
    for (auto func : module.getOps<func::FuncOp>()) {
      if (func.isPublic() && !func.isExternal() &&
          llvm::all_of(func.getArgumentTypes(), [](Type type) {
            auto tensorType = dyn_cast<RankedTensorType>(type);
            return tensorType && tensorType.hasStaticShape();
          }))
        funcs.push_back(func);
    }

    OpBuilder builder = OpBuilder::atBlockEnd(module.getBody());
    Location loc = module.getLoc();
    auto unranked = UnrankedMemRefType::get(builder.getF32Type(), 0);
    func::FuncOp print;
    if (!returnChecks) {
      print = func::FuncOp::create(builder, loc, "printMemrefF32",
                                   builder.getFunctionType({unranked}, {}));
      print.setPrivate();
    }
    auto entry = func::FuncOp::create(builder, loc, "entry",
                                      builder.getFunctionType({}, {}));
    Block *body = entry.addEntryBlock();
    builder.setInsertionPointToStart(body);

    strata::test::InputGenerator generator(seed);
    SmallVector<Value> checks;
    for (func::FuncOp func : funcs) {
      SmallVector<EvalTensor> inputs;
      for (Type type : func.getArgumentTypes())
        inputs.push_back(generator.make(cast<RankedTensorType>(type)));
      FailureOr<SmallVector<EvalTensor>> expected =
          strata::test::interpret(func, inputs);
      if (failed(expected))
        return signalPassFailure();
      SmallVector<Value> arguments;
      for (const EvalTensor &input : inputs)
        arguments.push_back(
            ConstantOp::create(builder, func.getLoc(), input.toAttr()));
      auto call = func::CallOp::create(builder, func.getLoc(), func, arguments);
      for (auto [actual, want] :
           llvm::zip_equal(call.getResults(), *expected)) {
        if (!cast<RankedTensorType>(actual.getType()).hasStaticShape()) {
          func.emitError("e2e checks need static result types; run "
                         "graph-infer-shapes first");
          return signalPassFailure();
        }
        Value check = buildCheck(builder, func.getLoc(), actual, want);
        if (returnChecks) {
          checks.push_back(check);
          continue;
        }
        auto memrefType = MemRefType::get({1}, builder.getF32Type());
        Value buffer = bufferization::ToBufferOp::create(
            builder, func.getLoc(), memrefType, check, /*read_only=*/true);
        Value cast =
            memref::CastOp::create(builder, func.getLoc(), unranked, buffer);
        func::CallOp::create(builder, func.getLoc(), print, ValueRange{cast});
      }
    }
    func::ReturnOp::create(builder, loc, checks);
    entry.setFunctionType(
        builder.getFunctionType({}, ValueRange(checks).getTypes()));
  }
};
} // namespace
