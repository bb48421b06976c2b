//===- TensorOpToLLVM.cpp - Index, creation and shape ops, per thread -----===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "PatternsImpl.h"

#include "gluonc/Conversion/Utility.h"
#include "gluonc/IR/Dialect.h"

using namespace mlir;
using namespace gluonc;

namespace {

template <typename SourceOp>
struct GluonPattern : public ConvertOpToLLVMPattern<SourceOp> {
  GluonPattern(const LLVMTypeConverter &converter,
               const LoweringContext &context)
      : ConvertOpToLLVMPattern<SourceOp>(converter), context(context) {}

  Type convert(Type type) const {
    return this->getTypeConverter()->convertType(type);
  }

  LoweringContext context;
};

struct ProgramIdOpConversion : public GluonPattern<gluon::ProgramIdOp> {
  using GluonPattern::GluonPattern;
  LogicalResult
  matchAndRewrite(gluon::ProgramIdOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOp(op, context.target.getProgramId(rewriter, op.getLoc(),
                                                       op.getAxis()));
    return success();
  }
};

struct NumProgramsOpConversion : public GluonPattern<gluon::NumProgramsOp> {
  using GluonPattern::GluonPattern;
  LogicalResult
  matchAndRewrite(gluon::NumProgramsOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOp(op, context.target.getNumPrograms(
                               rewriter, op.getLoc(), op.getAxis()));
    return success();
  }
};

/// Register r holds start + (the coordinate of r in this thread).
struct ArangeOpConversion : public GluonPattern<gluon::ArangeOp> {
  using GluonPattern::GluonPattern;
  LogicalResult
  matchAndRewrite(gluon::ArangeOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    RankedTensorType type = op.getType();
    auto coords =
        emitElementCoords(rewriter, loc, context.target,
                          gluon::getLinearLayout(type), context.numThreads);
    int64_t start = op.getStart();
    SmallVector<Value> registers;
    for (auto &coord : coords) {
      Value value = coord[0];
      if (start != 0)
        value = LLVM::AddOp::create(rewriter, loc, value,
                                    createI32Constant(rewriter, loc, start));
      registers.push_back(value);
    }
    rewriter.replaceOp(op,
                       packRegisters(rewriter, loc, convert(type), registers));
    return success();
  }
};

struct SplatOpConversion : public GluonPattern<gluon::SplatOp> {
  using GluonPattern::GluonPattern;
  LogicalResult
  matchAndRewrite(gluon::SplatOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type structType = convert(op.getType());
    int64_t numRegisters =
        cast<LLVM::LLVMStructType>(structType).getBody().size();
    SmallVector<Value> registers(numRegisters, adaptor.getSrc());
    rewriter.replaceOp(
        op, packRegisters(rewriter, op.getLoc(), structType, registers));
    return success();
  }
};

/// Shape changes that leave every element in its thread: each result
/// register copies the source register holding the same element.
template <typename SourceOp>
struct InThreadShapeOpConversion : public GluonPattern<SourceOp> {
  using GluonPattern<SourceOp>::GluonPattern;
  using OpAdaptor = typename GluonPattern<SourceOp>::OpAdaptor;

  /// For each result dimension, the source dimension it comes from, or -1.
  virtual SmallVector<int> getDimMap(SourceOp op) const = 0;

  LogicalResult
  matchAndRewrite(SourceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto srcType = cast<RankedTensorType>(op.getSrc().getType());
    auto dstType = cast<RankedTensorType>(op.getType());
    SmallVector<int> dimMap = getDimMap(op);
    std::optional<std::vector<int64_t>> mapping = mapRegistersWithinThread(
        gluon::getLinearLayout(srcType), gluon::getLinearLayout(dstType),
        std::vector<int>(dimMap.begin(), dimMap.end()));
    if (!mapping)
      return op.emitOpError()
             << "not supported yet: this shape change moves data between "
                "threads ("
             << gluon::layoutToString(srcType.getEncoding()) << " to "
             << gluon::layoutToString(dstType.getEncoding()) << ")";
    Location loc = op.getLoc();
    SmallVector<Value> src = unpackRegisters(rewriter, loc, adaptor.getSrc());
    SmallVector<Value> registers;
    for (int64_t srcReg : *mapping)
      registers.push_back(src[srcReg]);
    rewriter.replaceOp(op, packRegisters(rewriter, loc, this->convert(dstType),
                                         registers));
    return success();
  }
};

struct BroadcastOpConversion
    : public InThreadShapeOpConversion<gluon::BroadcastOp> {
  using InThreadShapeOpConversion::InThreadShapeOpConversion;
  SmallVector<int> getDimMap(gluon::BroadcastOp op) const override {
    auto src = op.getSrc().getType();
    auto dst = op.getType();
    SmallVector<int> map;
    for (int64_t d = 0; d < dst.getRank(); ++d)
      map.push_back(src.getDimSize(d) == dst.getDimSize(d) ? d : -1);
    return map;
  }
};

struct ExpandDimsOpConversion
    : public InThreadShapeOpConversion<gluon::ExpandDimsOp> {
  using InThreadShapeOpConversion::InThreadShapeOpConversion;
  SmallVector<int> getDimMap(gluon::ExpandDimsOp op) const override {
    int64_t axis = op.getAxis();
    SmallVector<int> map;
    for (int64_t d = 0; d < op.getType().getRank(); ++d)
      map.push_back(d < axis ? d : d == axis ? -1 : d - 1);
    return map;
  }
};

struct AddPtrOpConversion : public GluonPattern<gluon::AddPtrOp> {
  using GluonPattern::GluonPattern;
  LogicalResult
  matchAndRewrite(gluon::AddPtrOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type pointee = getElementTypeOrSelf(gluon::getPointeeType(op.getType()));
    // Pointers advance by elements as memory holds them.
    Type elementType = getMemoryType(convert(pointee));
    Type ptrType = convert(getElementTypeOrSelf(op.getType()));
    auto gep = [&](Value base, Value offset) -> Value {
      return LLVM::GEPOp::create(rewriter, loc, ptrType, elementType, base,
                                 ArrayRef<LLVM::GEPArg>{offset});
    };
    if (!isa<RankedTensorType>(op.getType())) {
      rewriter.replaceOp(op, gep(adaptor.getPtr(), adaptor.getOffset()));
      return success();
    }
    SmallVector<Value> ptrs = unpackRegisters(rewriter, loc, adaptor.getPtr());
    SmallVector<Value> offsets =
        unpackRegisters(rewriter, loc, adaptor.getOffset());
    SmallVector<Value> results;
    for (auto [ptr, offset] : llvm::zip_equal(ptrs, offsets))
      results.push_back(gep(ptr, offset));
    rewriter.replaceOp(
        op, packRegisters(rewriter, loc, convert(op.getType()), results));
    return success();
  }
};

} // namespace

void gluonc::populateTensorOpToLLVMPatterns(GluonLLVMTypeConverter &converter,
                                            RewritePatternSet &patterns,
                                            const LoweringContext &context) {
  patterns.add<ProgramIdOpConversion, NumProgramsOpConversion,
               ArangeOpConversion, SplatOpConversion, BroadcastOpConversion,
               ExpandDimsOpConversion, AddPtrOpConversion>(converter, context);
}
