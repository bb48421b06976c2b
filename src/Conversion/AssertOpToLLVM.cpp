//===- AssertOpToLLVM.cpp - Device assertions -----------------------------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// A thread whose elements of the condition are not all true takes a branch
// to the target's assertion failure (TargetInfo::emitAssertFail), then
// goes on; the failure ends the launch.
//
//===----------------------------------------------------------------------===//

#include "PatternsImpl.h"

#include "gluonc/Conversion/Utility.h"
#include "gluonc/IR/Dialect.h"

using namespace mlir;
using namespace gluonc;

namespace {

struct AssertOpConversion : public ConvertOpToLLVMPattern<gluon::AssertOp> {
  AssertOpConversion(const LLVMTypeConverter &converter,
                     const LoweringContext &context)
      : ConvertOpToLLVMPattern(converter), context(context) {}

  LogicalResult
  matchAndRewrite(gluon::AssertOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value holds = adaptor.getCondition();
    if (isa<RankedTensorType>(op.getCondition().getType())) {
      SmallVector<Value> registers =
          unpackRegisters(rewriter, loc, adaptor.getCondition());
      holds = registers.front();
      for (Value bit : ArrayRef<Value>(registers).drop_front())
        holds = LLVM::AndOp::create(rewriter, loc, holds, bit);
    }
    Block *current = rewriter.getInsertionBlock();
    Block *next = rewriter.splitBlock(current, rewriter.getInsertionPoint());
    Block *fail = rewriter.createBlock(next);
    rewriter.setInsertionPointToEnd(fail);
    if (!context.target.emitAssertFail(rewriter, loc, op.getMessage(),
                                       op.getFile(), op.getLine(),
                                       op.getFunction()))
      return op.emitOpError("not supported on this target");
    LLVM::BrOp::create(rewriter, loc, ValueRange{}, next);
    rewriter.setInsertionPointToEnd(current);
    LLVM::CondBrOp::create(rewriter, loc, holds, next, ValueRange{}, fail,
                           ValueRange{});
    rewriter.eraseOp(op);
    return success();
  }

  LoweringContext context;
};

} // namespace

void gluonc::populateAssertOpToLLVMPatterns(GluonLLVMTypeConverter &converter,
                                            RewritePatternSet &patterns,
                                            const LoweringContext &context) {
  patterns.add<AssertOpConversion>(converter, context);
}
