// gluon.reduce and gluon.scan built the way the frontend builds them
// (ReduceOp::create(builder, loc, srcs, axis) and ScanOp::create(..., axis,
// reverse)): the ops infer their result types, the shared-memory helpers
// read them back, and a reduction's scratch is laid out as both the
// allocation and the lowering assume (ReduceSharedMemory.cpp).

#include "gluonc/IR/Dialect.h"
#include "gluonc/Transforms/SharedMemory.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Verifier.h"

#include <catch2/catch.hpp>

using namespace mlir;

namespace {

/// A function whose arguments are the sources, with a builder in its body.
struct Fixture {
  Fixture() {
    context.loadDialect<gluon::GluonDialect>();
    module = ModuleOp::create(builder.getUnknownLoc());
    builder.setInsertionPointToEnd(module->getBody());
  }

  /// A function taking `types`; the builder is left in its body.
  SmallVector<Value> addFunction(ArrayRef<Type> types) {
    auto function = func::FuncOp::create(
        builder, builder.getUnknownLoc(), "f",
        builder.getFunctionType(types, {}));
    Block *entry = function.addEntryBlock();
    builder.setInsertionPointToEnd(entry);
    return SmallVector<Value>(entry->getArguments());
  }

  /// Gives `op` the combine region that adds (or for i1, ors) each pair and
  /// returns with `ReturnOp`.
  template <typename ReturnOp> void addCombine(Operation *op) {
    OpBuilder::InsertionGuard guard(builder);
    Location loc = builder.getUnknownLoc();
    Block *body = new Block();
    op->getRegion(0).push_back(body);
    unsigned n = op->getNumOperands();
    for (int side = 0; side < 2; ++side)
      for (Value src : op->getOperands())
        body->addArgument(getElementTypeOrSelf(src.getType()), loc);
    builder.setInsertionPointToStart(body);
    SmallVector<Value> combined;
    for (unsigned i = 0; i < n; ++i) {
      Value a = body->getArgument(i), b = body->getArgument(n + i);
      if (isa<FloatType>(a.getType()))
        combined.push_back(arith::AddFOp::create(builder, loc, a, b));
      else
        combined.push_back(arith::OrIOp::create(builder, loc, a, b));
    }
    ReturnOp::create(builder, loc, combined);
  }

  RankedTensorType tensor(ArrayRef<int64_t> shape, Type element,
                          Attribute layout) {
    return RankedTensorType::get(shape, element, layout);
  }

  MLIRContext context;
  OpBuilder builder{&context};
  OwningOpRef<ModuleOp> module;
};

} // namespace

TEST_CASE("reduce infers the sliced tensor or the scalar", "[ir]") {
  Fixture f;
  MLIRContext *ctx = &f.context;
  // 32x16 over 4 warps along dimension 0: two warps hold each column.
  auto blocked = gluon::BlockedLayoutAttr::get(ctx, {1, 4}, {8, 4}, {2, 2},
                                               {1, 0});
  Type f32 = f.builder.getF32Type(), i1 = f.builder.getI1Type();
  SmallVector<Value> args = f.addFunction(
      {f.tensor({32, 16}, f32, blocked), f.tensor({32, 16}, i1, blocked)});

  auto columns = gluon::ReduceOp::create(f.builder, f.builder.getUnknownLoc(),
                                         args, 0);
  f.addCombine<gluon::ReduceReturnOp>(columns);
  REQUIRE(columns.getNumResults() == 2);
  auto sliced = gluon::SliceLayoutAttr::get(ctx, 0, blocked);
  CHECK(columns.getResult(0).getType() == f.tensor({16}, f32, sliced));
  CHECK(columns.getResult(1).getType() == f.tensor({16}, i1, sliced));

  // A 1-D source reduces to a scalar.
  auto total = gluon::ReduceOp::create(f.builder, f.builder.getUnknownLoc(),
                                       ValueRange{columns.getResult(0)}, 0);
  f.addCombine<gluon::ReduceReturnOp>(total);
  REQUIRE(total.getNumResults() == 1);
  CHECK(total.getResult(0).getType() == f32);
  func::ReturnOp::create(f.builder, f.builder.getUnknownLoc());
  CHECK(succeeded(verify(*f.module)));

  // The scratch: per source, [2 warps][16 elements], each region 16-byte
  // aligned: 128 bytes of f32, then 32 of i1 bytes.
  gluonc::ReductionPlan plan = gluonc::planReduction(columns);
  REQUIRE(plan.unsupported.empty());
  CHECK(plan.getWarpsAlongAxis() == 2);
  CHECK(gluonc::getReduceScratchOffset(columns, plan, 0) == 0);
  CHECK(gluonc::getReduceScratchOffset(columns, plan, 1) == 128);
  CHECK(gluonc::getReduceScratchBytes(columns) == 160);
  CHECK(gluonc::getScratchBytes(columns) == 160);
  // In the 1-D slice no warp bit moves along the remaining dimension
  // (warps only replicate it): nothing goes through shared memory.
  CHECK(gluonc::getReduceScratchBytes(total) == 0);
}

TEST_CASE("scan infers the sources' types", "[ir]") {
  Fixture f;
  MLIRContext *ctx = &f.context;
  auto row = gluon::BlockedLayoutAttr::get(ctx, {2}, {32}, {4}, {0});
  Type f32 = f.builder.getF32Type();
  Type i32 = f.builder.getI32Type();
  SmallVector<Value> args = f.addFunction(
      {f.tensor({256}, f32, row), f.tensor({256}, i32, row)});
  auto scan = gluon::ScanOp::create(f.builder, f.builder.getUnknownLoc(),
                                    args, 0, /*reverse=*/true);
  f.addCombine<gluon::ScanReturnOp>(scan);
  func::ReturnOp::create(f.builder, f.builder.getUnknownLoc());
  CHECK(scan.getReverse());
  REQUIRE(scan.getNumResults() == 2);
  CHECK(scan.getResult(0).getType() == args[0].getType());
  CHECK(scan.getResult(1).getType() == args[1].getType());
  CHECK(succeeded(verify(*f.module)));
}

TEST_CASE("a reduction along a missing axis has no results and is rejected",
          "[ir]") {
  Fixture f;
  MLIRContext *ctx = &f.context;
  auto row = gluon::BlockedLayoutAttr::get(ctx, {2}, {32}, {4}, {0});
  SmallVector<Value> args =
      f.addFunction({f.tensor({256}, f.builder.getF32Type(), row)});
  auto reduce =
      gluon::ReduceOp::create(f.builder, f.builder.getUnknownLoc(), args, 1);
  f.addCombine<gluon::ReduceReturnOp>(reduce);
  func::ReturnOp::create(f.builder, f.builder.getUnknownLoc());
  CHECK(reduce.getNumResults() == 0);
  std::string message;
  ScopedDiagnosticHandler handler(ctx, [&](Diagnostic &diagnostic) {
    message = diagnostic.str();
    return success();
  });
  CHECK(failed(verify(*f.module)));
  CHECK(message.find("axis 1 is out of range") != std::string::npos);
}
