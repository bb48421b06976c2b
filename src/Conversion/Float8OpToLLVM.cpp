//===- Float8OpToLLVM.cpp - Conversions between fp32 and float8 -----------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The frontend converts float8 only to and from fp32 (gluon.fp_to_fp);
// each register goes through the target's conversion
// (TargetInfo::emitFloatToFloat8 / emitFloat8ToFloat). Registers hold
// float8 values as i8.
//
//===----------------------------------------------------------------------===//

#include "PatternsImpl.h"

#include "gluonc/Conversion/Utility.h"

#include "gluonc/IR/Dialect.h"

using namespace mlir;
using namespace gluonc;

namespace {

bool isFloat8(Type type) {
  return isa<Float8E4M3FNType, Float8E5M2Type>(getElementTypeOrSelf(type));
}

struct FpToFpOpConversion : public ConvertOpToLLVMPattern<gluon::FpToFpOp> {
  FpToFpOpConversion(const LLVMTypeConverter &converter,
                     const LoweringContext &context)
      : ConvertOpToLLVMPattern(converter), context(context) {}

  LogicalResult
  matchAndRewrite(gluon::FpToFpOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    bool toFloat8 = isFloat8(op.getType());
    Type float8 = toFloat8 ? op.getType() : op.getSrc().getType();
    Type element = getElementTypeOrSelf(float8);
    Location loc = op.getLoc();
    bool isTensor = isa<RankedTensorType>(op.getType());
    SmallVector<Value> registers =
        isTensor ? unpackRegisters(rewriter, loc, adaptor.getSrc())
                 : SmallVector<Value>{adaptor.getSrc()};
    for (Value &reg : registers) {
      reg = toFloat8 ? context.target.emitFloatToFloat8(rewriter, loc, reg,
                                                        element)
                     : context.target.emitFloat8ToFloat(rewriter, loc, reg,
                                                        element);
      if (!reg)
        return op.emitOpError("not supported on this target: float8 "
                              "conversions");
    }
    Type resultType = getTypeConverter()->convertType(op.getType());
    rewriter.replaceOp(op, isTensor ? packRegisters(rewriter, loc, resultType,
                                                    registers)
                                    : registers[0]);
    return success();
  }

  LoweringContext context;
};

} // namespace

void gluonc::populateFloat8OpToLLVMPatterns(GluonLLVMTypeConverter &converter,
                                            RewritePatternSet &patterns,
                                            const LoweringContext &context) {
  patterns.add<FpToFpOpConversion>(converter, context);
}
