//===- MemoryOpToLLVM.cpp - Global loads and stores, vectorized -----------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// A thread's registers are accessed in groups: as many consecutive registers
// as (a) its layout keeps consecutive and aligned along one dimension, (b)
// the AxisInfo facts prove contiguous and aligned in memory and under one
// mask bit, and (c) fit the widest access of the target. Each group is one
// vector load or store, guarded by a branch on its mask bit.
//
//===----------------------------------------------------------------------===//

#include "PatternsImpl.h"

#include "gluonc/Conversion/Utility.h"
#include "gluonc/IR/Dialect.h"
#include "gluonc/Transforms/SharedMemory.h"

using namespace mlir;
using namespace gluonc;

int64_t gluonc::getGlobalAccessWidth(Value ptr, Value mask,
                                     const LoweringContext &context,
                                     unsigned elementBytes) {
  auto type = cast<RankedTensorType>(ptr.getType());
  LinearLayout layout = gluon::getLinearLayout(type);
  std::optional<unsigned> dim = getRegisterFastDim(layout);
  if (!dim)
    return 1;
  int64_t width = layout.getVectorizableRegisters(*dim);
  width = std::min(width, context.axisInfo.getMaxAccessWidth(
                              ptr, mask, *dim, elementBytes));
  width = std::min<int64_t>(width,
                            context.target.getMaxAccessBytes() / elementBytes);
  return floorPowerOf2(std::max<int64_t>(width, 1));
}

namespace {

/// Registers [first, first + width) as one value of the access type.
Value packAccess(OpBuilder &b, Location loc, ArrayRef<Value> registers,
                 int64_t first, int64_t width, Type memoryType) {
  if (width == 1)
    return toMemory(b, loc, registers[first]);
  Type vectorType = VectorType::get({width}, memoryType);
  Value vector = LLVM::PoisonOp::create(b, loc, vectorType);
  for (int64_t i = 0; i < width; ++i)
    vector = LLVM::InsertElementOp::create(
        b, loc, vector, toMemory(b, loc, registers[first + i]),
        createI32Constant(b, loc, i));
  return vector;
}

void unpackAccess(OpBuilder &b, Location loc, Value access, int64_t width,
                  Type element, SmallVectorImpl<Value> &registers) {
  if (width == 1) {
    registers.push_back(fromMemory(b, loc, access, element));
    return;
  }
  for (int64_t i = 0; i < width; ++i) {
    Value value = LLVM::ExtractElementOp::create(
        b, loc, access, createI32Constant(b, loc, i));
    registers.push_back(fromMemory(b, loc, value, element));
  }
}

struct LoadOpConversion : public ConvertOpToLLVMPattern<gluon::LoadOp> {
  LoadOpConversion(const LLVMTypeConverter &converter,
                   const LoweringContext &context)
      : ConvertOpToLLVMPattern(converter), context(context) {}

  LogicalResult
  matchAndRewrite(gluon::LoadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    // Registers hold converted types (f8 as i8, pointers as !llvm.ptr).
    Type element =
        getTypeConverter()->convertType(getElementTypeOrSelf(op.getType()));
    Type memoryType = getMemoryType(element);
    unsigned bytes = getElementBytes(memoryType);

    if (!isa<RankedTensorType>(op.getType())) {
      Value fallback =
          adaptor.getOther()
              ? toMemory(rewriter, loc, adaptor.getOther())
              : LLVM::ZeroOp::create(rewriter, loc, memoryType).getResult();
      Value loaded =
          emitPredicatedLoad(rewriter, loc, adaptor.getPtr(), memoryType,
                             adaptor.getMask(), fallback, bytes);
      rewriter.replaceOp(op, fromMemory(rewriter, loc, loaded, element));
      return success();
    }

    SmallVector<Value> ptrs = unpackRegisters(rewriter, loc, adaptor.getPtr());
    SmallVector<Value> masks, others;
    if (adaptor.getMask())
      masks = unpackRegisters(rewriter, loc, adaptor.getMask());
    if (adaptor.getOther())
      others = unpackRegisters(rewriter, loc, adaptor.getOther());
    int64_t width =
        getGlobalAccessWidth(op.getPtr(), op.getMask(), context, bytes);
    Type accessType =
        width == 1 ? memoryType : VectorType::get({width}, memoryType);

    SmallVector<Value> registers;
    for (int64_t first = 0, e = ptrs.size(); first < e; first += width) {
      Value fallback =
          others.empty()
              ? LLVM::ZeroOp::create(rewriter, loc, accessType).getResult()
              : packAccess(rewriter, loc, others, first, width, memoryType);
      Value predicate = masks.empty() ? Value() : masks[first];
      Value loaded = emitPredicatedLoad(rewriter, loc, ptrs[first], accessType,
                                        predicate, fallback, width * bytes);
      unpackAccess(rewriter, loc, loaded, width, element, registers);
    }
    rewriter.replaceOp(
        op, packRegisters(rewriter, loc,
                          getTypeConverter()->convertType(op.getType()),
                          registers));
    return success();
  }

  LoweringContext context;
};

struct StoreOpConversion : public ConvertOpToLLVMPattern<gluon::StoreOp> {
  StoreOpConversion(const LLVMTypeConverter &converter,
                    const LoweringContext &context)
      : ConvertOpToLLVMPattern(converter), context(context) {}

  LogicalResult
  matchAndRewrite(gluon::StoreOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type element = getTypeConverter()->convertType(
        getElementTypeOrSelf(op.getValue().getType()));
    Type memoryType = getMemoryType(element);
    unsigned bytes = getElementBytes(memoryType);

    if (!isa<RankedTensorType>(op.getValue().getType())) {
      // Every thread holds the scalar; the first one writes it.
      Value tid = context.target.getThreadId(rewriter, loc, context.numThreads);
      Value isFirst =
          LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::eq, tid,
                               createI32Constant(rewriter, loc, 0));
      emitPredicatedStore(
          rewriter, loc, adaptor.getPtr(),
          toMemory(rewriter, loc, adaptor.getValue()),
          andPredicates(rewriter, loc, isFirst, adaptor.getMask()), bytes);
      rewriter.eraseOp(op);
      return success();
    }

    auto type = cast<RankedTensorType>(op.getValue().getType());
    Value singleWriter = emitSingleWriterPredicate(
        rewriter, loc, context, gluon::getLinearLayout(type));
    SmallVector<Value> ptrs = unpackRegisters(rewriter, loc, adaptor.getPtr());
    SmallVector<Value> values =
        unpackRegisters(rewriter, loc, adaptor.getValue());
    SmallVector<Value> masks;
    if (adaptor.getMask())
      masks = unpackRegisters(rewriter, loc, adaptor.getMask());
    int64_t width =
        getGlobalAccessWidth(op.getPtr(), op.getMask(), context, bytes);

    for (int64_t first = 0, e = ptrs.size(); first < e; first += width) {
      Value data = packAccess(rewriter, loc, values, first, width, memoryType);
      Value predicate = andPredicates(
          rewriter, loc, singleWriter, masks.empty() ? Value() : masks[first]);
      emitPredicatedStore(rewriter, loc, ptrs[first], data, predicate,
                          width * bytes);
    }
    rewriter.eraseOp(op);
    return success();
  }

  LoweringContext context;
};

} // namespace

/// For a tensor held by several threads (a layout replicating across lanes
/// or warps), true only in the one thread of each replica group that should
/// write; null when nothing is replicated.
Value gluonc::emitSingleWriterPredicate(OpBuilder &b, Location loc,
                                const LoweringContext &context,
                                const LinearLayout &layout) {
  auto zeroBasisMask = [&](HwDim dim) {
    uint64_t mask = 0;
    const std::vector<Coord> &bases = layout.getBases(dim);
    for (size_t bit = 0; bit < bases.size(); ++bit)
      if (llvm::all_of(bases[bit], [](int32_t c) { return c == 0; }))
        mask |= uint64_t(1) << bit;
    return mask;
  };
  uint64_t laneMask = zeroBasisMask(HwDim::Lane);
  uint64_t warpMask = zeroBasisMask(HwDim::Warp);
  if (!laneMask && !warpMask)
    return {};
  unsigned warpSize = context.target.getWarpSize();
  uint64_t threadMask = laneMask | (warpMask << log2Exact(warpSize));
  Value tid = context.target.getThreadId(b, loc, context.numThreads);
  Value bits = LLVM::AndOp::create(b, loc, tid,
                                   createI32Constant(b, loc, threadMask));
  return LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::eq, bits,
                              createI32Constant(b, loc, 0));
}

Value gluonc::andPredicates(OpBuilder &b, Location loc, Value lhs,
                             Value rhs) {
  if (!lhs)
    return rhs;
  if (!rhs)
    return lhs;
  return LLVM::AndOp::create(b, loc, lhs, rhs);
}

void gluonc::populateMemoryOpToLLVMPatterns(GluonLLVMTypeConverter &converter,
                                            RewritePatternSet &patterns,
                                            const LoweringContext &context) {
  patterns.add<LoadOpConversion, StoreOpConversion>(converter, context);
}
