//===- BufferOpToLLVM.cpp - AMD buffer loads and stores, per thread -------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// gluon.buffer_load / buffer_store: one target buffer access per register
// (TargetInfo::emitBufferLoad / emitBufferStore), at the register's element
// offset times the element size; masked-off registers read zero (then
// `other`) and write nothing.
//
//===----------------------------------------------------------------------===//

#include "PatternsImpl.h"

#include "Utility.h"

#include "gluonc/IR/Dialect.h"

using namespace mlir;
using namespace gluonc;

namespace {

Value toByteOffset(OpBuilder &b, Location loc, Value offset, Type element) {
  unsigned bytes = std::max(1u, element.getIntOrFloatBitWidth() / 8);
  return LLVM::MulOp::create(b, loc, offset, createI32Constant(b, loc, bytes));
}

struct BufferLoadOpConversion
    : public ConvertOpToLLVMPattern<gluon::BufferLoadOp> {
  BufferLoadOpConversion(const LLVMTypeConverter &converter,
                         const LoweringContext &context)
      : ConvertOpToLLVMPattern(converter), context(context) {}

  LogicalResult
  matchAndRewrite(gluon::BufferLoadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type element = getTypeConverter()->convertType(
        op.getResult().getType().getElementType());
    SmallVector<Value> offsets =
        unpackRegisters(rewriter, loc, adaptor.getOffsets());
    SmallVector<Value> masks, others;
    if (adaptor.getMask())
      masks = unpackRegisters(rewriter, loc, adaptor.getMask());
    if (adaptor.getOther())
      others = unpackRegisters(rewriter, loc, adaptor.getOther());
    SmallVector<Value> values;
    for (size_t i = 0; i < offsets.size(); ++i) {
      Value predicate = masks.empty() ? Value() : masks[i];
      Value value = context.target.emitBufferLoad(
          rewriter, loc, element, adaptor.getPtr(),
          toByteOffset(rewriter, loc, offsets[i], element), predicate);
      if (!value)
        return op.emitOpError("not supported on this target: buffer loads");
      if (predicate && !others.empty())
        value = LLVM::SelectOp::create(rewriter, loc, predicate, value,
                                       others[i]);
      values.push_back(value);
    }
    rewriter.replaceOp(
        op, packRegisters(rewriter, loc,
                          getTypeConverter()->convertType(op.getType()),
                          values));
    return success();
  }

  LoweringContext context;
};

struct BufferStoreOpConversion
    : public ConvertOpToLLVMPattern<gluon::BufferStoreOp> {
  BufferStoreOpConversion(const LLVMTypeConverter &converter,
                          const LoweringContext &context)
      : ConvertOpToLLVMPattern(converter), context(context) {}

  LogicalResult
  matchAndRewrite(gluon::BufferStoreOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type element = getTypeConverter()->convertType(
        op.getValue().getType().getElementType());
    SmallVector<Value> values =
        unpackRegisters(rewriter, loc, adaptor.getValue());
    SmallVector<Value> offsets =
        unpackRegisters(rewriter, loc, adaptor.getOffsets());
    SmallVector<Value> masks;
    if (adaptor.getMask())
      masks = unpackRegisters(rewriter, loc, adaptor.getMask());
    for (size_t i = 0; i < values.size(); ++i)
      if (!context.target.emitBufferStore(
              rewriter, loc, values[i], adaptor.getPtr(),
              toByteOffset(rewriter, loc, offsets[i], element),
              masks.empty() ? Value() : masks[i]))
        return op.emitOpError("not supported on this target: buffer stores");
    rewriter.eraseOp(op);
    return success();
  }

  LoweringContext context;
};

} // namespace

void gluonc::populateBufferOpToLLVMPatterns(GluonLLVMTypeConverter &converter,
                                            RewritePatternSet &patterns,
                                            const LoweringContext &context) {
  patterns.add<BufferLoadOpConversion, BufferStoreOpConversion>(converter,
                                                                context);
}
