//===- ConvertLayoutOpToLLVM.cpp - Layout conversions and barriers --------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// A layout conversion does what its plan says: nothing when the layouts
// are one linear map, a register permutation when every element stays in
// its thread, and otherwise a round trip through shared memory: every
// thread stores its elements at their row-major index, waits at a barrier,
// and loads the elements the new layout gives it.
//
//===----------------------------------------------------------------------===//

#include "PatternsImpl.h"

#include "gluonc/Conversion/Utility.h"
#include "gluonc/IR/Dialect.h"
#include "gluonc/Transforms/SharedMemory.h"

using namespace mlir;
using namespace gluonc;

namespace {

struct ConvertLayoutOpConversion
    : public ConvertOpToLLVMPattern<gluon::ConvertLayoutOp> {
  ConvertLayoutOpConversion(const LLVMTypeConverter &converter,
                            const LoweringContext &context)
      : ConvertOpToLLVMPattern(converter), context(context) {}

  LogicalResult
  matchAndRewrite(gluon::ConvertLayoutOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    RankedTensorType srcType = op.getSrc().getType();
    RankedTensorType dstType = op.getType();
    LinearLayout src = gluon::getLinearLayout(srcType);
    LinearLayout dst = gluon::getLinearLayout(dstType);
    Type structType = getTypeConverter()->convertType(dstType);
    SmallVector<Value> registers =
        unpackRegisters(rewriter, loc, adaptor.getSrc());

    switch (planConversion(op)) {
    case ConversionKind::Free:
      rewriter.replaceOp(op, adaptor.getSrc());
      return success();
    case ConversionKind::RegisterPermutation: {
      std::vector<int> identity(dst.rank());
      for (unsigned d = 0; d < dst.rank(); ++d)
        identity[d] = d;
      std::vector<int64_t> mapping =
          *mapRegistersWithinThread(src, dst, identity);
      SmallVector<Value> permuted;
      for (int64_t reg : mapping)
        permuted.push_back(registers[reg]);
      rewriter.replaceOp(op, packRegisters(rewriter, loc, structType,
                                           permuted));
      return success();
    }
    case ConversionKind::SharedMemory:
      break;
    }

    Type element =
        getTypeConverter()->convertType(dstType.getElementType());
    Type storage = getMemoryType(element);
    auto offset = op->getAttrOfType<IntegerAttr>(kScratchOffsetAttrName);
    Value base = emitElementAddress(
        rewriter, loc, getSharedMemoryBase(rewriter, loc, op),
        rewriter.getI8Type(),
        createI32Constant(rewriter, loc, offset ? offset.getInt() : 0));
    ArrayRef<int64_t> shape = dstType.getShape();

    auto srcCoords = emitElementCoords(rewriter, loc, context.target, src,
                                       context.numThreads);
    for (auto [coord, value] : llvm::zip(srcCoords, registers)) {
      Value stored = toMemory(rewriter, loc, value);
      Value index = emitLinearIndex(rewriter, loc, coord, shape);
      LLVM::StoreOp::create(
          rewriter, loc, stored,
          emitElementAddress(rewriter, loc, base, storage, index));
    }
    context.target.emitBarrier(rewriter, loc);
    auto dstCoords = emitElementCoords(rewriter, loc, context.target, dst,
                                       context.numThreads);
    SmallVector<Value> converted;
    for (auto &coord : dstCoords) {
      Value index = emitLinearIndex(rewriter, loc, coord, shape);
      Value value = LLVM::LoadOp::create(
          rewriter, loc, storage,
          emitElementAddress(rewriter, loc, base, storage, index));
      converted.push_back(fromMemory(rewriter, loc, value, element));
    }
    rewriter.replaceOp(op,
                       packRegisters(rewriter, loc, structType, converted));
    return success();
  }

  LoweringContext context;
};

struct BarrierOpConversion : public ConvertOpToLLVMPattern<gluon::BarrierOp> {
  BarrierOpConversion(const LLVMTypeConverter &converter,
                      const LoweringContext &context)
      : ConvertOpToLLVMPattern(converter), context(context) {}

  LogicalResult
  matchAndRewrite(gluon::BarrierOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    context.target.emitBarrier(rewriter, op.getLoc());
    rewriter.eraseOp(op);
    return success();
  }

  LoweringContext context;
};

} // namespace

void gluonc::populateConvertLayoutOpToLLVMPatterns(
    GluonLLVMTypeConverter &converter, RewritePatternSet &patterns,
    const LoweringContext &context) {
  patterns.add<ConvertLayoutOpConversion, BarrierOpConversion>(converter,
                                                              context);
}
