//===- AtomicOpToLLVM.cpp - Atomics, per element --------------------------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Each element a thread holds is one atomic of the target
// (TargetInfo::emitAtomicRMW / emitAtomicCAS), under the element's mask bit
// and, where the layout replicates the element across threads, only in one
// of them: an atomic must happen once per element. The replicas' results
// are undefined, as in Triton.
//
// A scalar atomic runs in thread 0 alone; its old value reaches every
// thread through the op's shared memory scratch, after a barrier.
//
// Float max and min use integer atomics on the bits (PTX has no float
// atom.max before sm_90, and none with every sem): for a non-negative value
// the IEEE order is the signed order of the bits, for a negative one it is
// the reversed unsigned order, so max is atom.max.s32 where val >= 0 and
// atom.min.u32 elsewhere (and min the other way round).
//
//===----------------------------------------------------------------------===//

#include "PatternsImpl.h"

#include "gluonc/Conversion/Utility.h"
#include "gluonc/IR/Dialect.h"
#include "gluonc/Transforms/SharedMemory.h"

using namespace mlir;
using namespace gluonc;

namespace {

/// The old value of one float max/min through integer atomics.
Value emitFloatMinMax(OpBuilder &b, Location loc, const TargetInfo &target,
                      bool isMax, Value ptr, Value value, Value predicate,
                      StringRef sem, StringRef scope) {
  Type floatType = value.getType();
  Type intType = b.getIntegerType(floatType.getIntOrFloatBitWidth());
  Value bits = LLVM::BitcastOp::create(b, loc, intType, value);
  Value zero = LLVM::ConstantOp::create(b, loc, intType,
                                        b.getIntegerAttr(intType, 0));
  Value nonNegative =
      LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::sge, bits, zero);
  Value negative = LLVM::XOrOp::create(
      b, loc, nonNegative,
      LLVM::ConstantOp::create(b, loc, b.getI1Type(), b.getBoolAttr(true)));
  Value signedOld = target.emitAtomicRMW(
      b, loc, isMax ? "max" : "min", ptr, bits,
      andPredicates(b, loc, predicate, nonNegative), sem, scope);
  Value unsignedOld = target.emitAtomicRMW(
      b, loc, isMax ? "umin" : "umax", ptr, bits,
      andPredicates(b, loc, predicate, negative), sem, scope);
  if (!signedOld || !unsignedOld)
    return {};
  Value old =
      LLVM::SelectOp::create(b, loc, nonNegative, signedOld, unsignedOld);
  return LLVM::BitcastOp::create(b, loc, floatType, old);
}

/// One element's atomic, or null where the target has none.
Value emitElementRMW(OpBuilder &b, Location loc, const TargetInfo &target,
                     StringRef kind, Value ptr, Value value, Value predicate,
                     StringRef sem, StringRef scope) {
  bool isFloat = isa<FloatType>(value.getType());
  if (isFloat && (kind == "max" || kind == "min"))
    return emitFloatMinMax(b, loc, target, kind == "max", ptr, value,
                           predicate, sem, scope);
  return target.emitAtomicRMW(b, loc, kind, ptr, value, predicate, sem,
                              scope);
}

/// The per-element results as the op's result: packed registers for a
/// tensor; for a scalar, thread 0's old value handed to every thread
/// through shared memory.
template <typename OpTy>
Value packResult(ConversionPatternRewriter &rewriter, OpTy op,
                 const LLVMTypeConverter &converter,
                 const LoweringContext &context, ArrayRef<Value> results,
                 Value isThreadZero) {
  Location loc = op.getLoc();
  Type resultType = op.getResult().getType();
  if (isa<RankedTensorType>(resultType))
    return packRegisters(rewriter, loc, converter.convertType(resultType),
                         results);
  // Nobody reads the old value: no need to hand it round.
  if (op.getResult().use_empty())
    return results[0];
  auto offset = op->template getAttrOfType<IntegerAttr>(kScratchOffsetAttrName);
  Value smem = getSharedMemoryBase(rewriter, loc, op);
  Value slot = emitElementAddress(
      rewriter, loc, smem, rewriter.getI8Type(),
      createI32Constant(rewriter, loc, offset ? offset.getInt() : 0));
  emitPredicatedStore(rewriter, loc, slot, results[0], isThreadZero,
                      getElementBytes(results[0].getType()));
  context.target.emitBarrier(rewriter, loc);
  return LLVM::LoadOp::create(rewriter, loc, results[0].getType(), slot);
}

/// Who performs each register's atomic: its single writer, under its mask
/// bit; for a scalar, thread 0.
SmallVector<Value> getPredicates(ConversionPatternRewriter &rewriter,
                                 Location loc, const LoweringContext &context,
                                 Type ptrType, ArrayRef<Value> masks,
                                 size_t numRegisters, Value &isThreadZero) {
  Value writer;
  if (auto tensor = dyn_cast<RankedTensorType>(ptrType)) {
    writer = emitSingleWriterPredicate(rewriter, loc, context,
                                       gluon::getLinearLayout(tensor));
  } else {
    Value tid = context.target.getThreadId(rewriter, loc, context.numThreads);
    isThreadZero =
        LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::eq, tid,
                             createI32Constant(rewriter, loc, 0));
    writer = isThreadZero;
  }
  SmallVector<Value> predicates;
  for (size_t reg = 0; reg < numRegisters; ++reg)
    predicates.push_back(andPredicates(rewriter, loc, writer,
                                       masks.empty() ? Value() : masks[reg]));
  return predicates;
}

SmallVector<Value> unpackOrScalar(OpBuilder &b, Location loc, Value value,
                                  Type originalType) {
  if (isa<RankedTensorType>(originalType))
    return unpackRegisters(b, loc, value);
  return {value};
}

struct AtomicRMWOpConversion
    : public ConvertOpToLLVMPattern<gluon::AtomicRMWOp> {
  AtomicRMWOpConversion(const LLVMTypeConverter &converter,
                        const LoweringContext &context)
      : ConvertOpToLLVMPattern(converter), context(context) {}

  LogicalResult
  matchAndRewrite(gluon::AtomicRMWOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type ptrType = op.getPtr().getType();
    SmallVector<Value> ptrs = unpackOrScalar(rewriter, loc, adaptor.getPtr(),
                                             ptrType);
    SmallVector<Value> values =
        unpackOrScalar(rewriter, loc, adaptor.getVal(), ptrType);
    SmallVector<Value> masks;
    if (adaptor.getMask())
      masks = unpackOrScalar(rewriter, loc, adaptor.getMask(), ptrType);
    Value isThreadZero;
    SmallVector<Value> predicates = getPredicates(
        rewriter, loc, context, ptrType, masks, ptrs.size(), isThreadZero);
    SmallVector<Value> results;
    for (size_t reg = 0; reg < ptrs.size(); ++reg) {
      Value old = emitElementRMW(rewriter, loc, context.target, op.getKind(),
                                 ptrs[reg], values[reg], predicates[reg],
                                 op.getSem(), op.getScope());
      if (!old)
        return op.emitOpError()
               << "not supported on this target: atomic " << op.getKind()
               << " on " << values[reg].getType();
      results.push_back(old);
    }
    rewriter.replaceOp(op, packResult(rewriter, op, *getTypeConverter(),
                                      context, results, isThreadZero));
    return success();
  }

  LoweringContext context;
};

struct AtomicCASOpConversion
    : public ConvertOpToLLVMPattern<gluon::AtomicCASOp> {
  AtomicCASOpConversion(const LLVMTypeConverter &converter,
                        const LoweringContext &context)
      : ConvertOpToLLVMPattern(converter), context(context) {}

  LogicalResult
  matchAndRewrite(gluon::AtomicCASOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type ptrType = op.getPtr().getType();
    SmallVector<Value> ptrs = unpackOrScalar(rewriter, loc, adaptor.getPtr(),
                                             ptrType);
    SmallVector<Value> cmps =
        unpackOrScalar(rewriter, loc, adaptor.getCmp(), ptrType);
    SmallVector<Value> values =
        unpackOrScalar(rewriter, loc, adaptor.getVal(), ptrType);
    Value isThreadZero;
    SmallVector<Value> predicates = getPredicates(
        rewriter, loc, context, ptrType, {}, ptrs.size(), isThreadZero);
    SmallVector<Value> results;
    for (size_t reg = 0; reg < ptrs.size(); ++reg) {
      Value old = context.target.emitAtomicCAS(
          rewriter, loc, ptrs[reg], cmps[reg], values[reg], predicates[reg],
          op.getSem(), op.getScope());
      if (!old)
        return op.emitOpError() << "not supported on this target: atomic_cas";
      results.push_back(old);
    }
    rewriter.replaceOp(op, packResult(rewriter, op, *getTypeConverter(),
                                      context, results, isThreadZero));
    return success();
  }

  LoweringContext context;
};

} // namespace

void gluonc::populateAtomicOpToLLVMPatterns(GluonLLVMTypeConverter &converter,
                                            RewritePatternSet &patterns,
                                            const LoweringContext &context) {
  patterns.add<AtomicRMWOpConversion, AtomicCASOpConversion>(converter,
                                                             context);
}
