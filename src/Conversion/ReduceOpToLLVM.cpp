//===- ReduceOpToLLVM.cpp - Reductions, per thread ------------------------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// A reduction follows its plan (gluonc::planReduction): registers of one
// thread that meet in one result element are combined first, then the
// lanes that differ along the axis by butterfly shuffles (after which every
// such lane holds the warp's partial result), then, if warps differ along
// the axis, each warp writes its partials to shared memory and, after a
// barrier, every thread combines the partials of its result elements in
// warp order.
//
//===----------------------------------------------------------------------===//

#include "PatternsImpl.h"

#include "Utility.h"
#include "gluonc/IR/Dialect.h"
#include "gluonc/Transforms/SharedMemory.h"

#include "mlir/IR/IRMapping.h"

using namespace mlir;
using namespace gluonc;

namespace {

/// The registers of all sources at one position.
using Values = SmallVector<Value>;

/// Applies the combine region to (lhs, rhs), by cloning its body.
Values combine(OpBuilder &b, gluon::ReduceOp op, ArrayRef<Value> lhs,
               ArrayRef<Value> rhs) {
  Block &body = op.getCombine().front();
  IRMapping mapping;
  for (size_t i = 0; i < lhs.size(); ++i) {
    mapping.map(body.getArgument(i), lhs[i]);
    mapping.map(body.getArgument(lhs.size() + i), rhs[i]);
  }
  for (Operation &nested : body.without_terminator())
    b.clone(nested, mapping);
  Values result;
  for (Value value : body.getTerminator()->getOperands())
    result.push_back(mapping.lookupOrDefault(value));
  return result;
}

/// Memory holds i1 as a byte.
Type getStorageType(Type type) {
  return type.isInteger(1) ? IntegerType::get(type.getContext(), 8) : type;
}

Value toStorage(OpBuilder &b, Location loc, Value value) {
  Type storage = getStorageType(value.getType());
  return storage == value.getType()
             ? value
             : LLVM::ZExtOp::create(b, loc, storage, value).getResult();
}

Value fromStorage(OpBuilder &b, Location loc, Value value, Type type) {
  return value.getType() == type
             ? value
             : LLVM::TruncOp::create(b, loc, type, value).getResult();
}

struct ReduceOpConversion : public ConvertOpToLLVMPattern<gluon::ReduceOp> {
  ReduceOpConversion(const LLVMTypeConverter &converter,
                     const LoweringContext &context)
      : ConvertOpToLLVMPattern(converter), context(context) {}

  LogicalResult
  matchAndRewrite(gluon::ReduceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    ReductionPlan plan = planReduction(op);
    if (!plan.unsupported.empty())
      return op.emitOpError() << "not supported yet: this reduction ("
                              << plan.unsupported << ")";
    Location loc = op.getLoc();
    unsigned numSources = op.getSrcs().size();
    SmallVector<Values> sources;
    for (Value src : adaptor.getSrcs())
      sources.push_back(unpackRegisters(rewriter, loc, src));

    // Within each thread, per result register.
    size_t numResults = plan.resultRegisters.size();
    SmallVector<Values> partial(numResults);
    for (size_t reg = 0; reg < plan.groupOfRegister.size(); ++reg) {
      Values values;
      for (unsigned i = 0; i < numSources; ++i)
        values.push_back(sources[i][reg]);
      Values &acc = partial[plan.groupOfRegister[reg]];
      acc = acc.empty() ? values : combine(rewriter, op, acc, values);
    }
    // Across the lanes of a warp.
    for (unsigned bit : plan.laneBits)
      for (Values &acc : partial) {
        Values other;
        for (Value value : acc)
          other.push_back(
              context.target.shuffleXor(rewriter, loc, value, 1u << bit));
        acc = combine(rewriter, op, acc, other);
      }
    // Across warps, through shared memory.
    if (!plan.warpBits.empty())
      combineAcrossWarps(op, plan, partial, rewriter);

    SmallVector<Value> results;
    for (unsigned i = 0; i < numSources; ++i) {
      Type resultType = op.getResults()[i].getType();
      if (!isa<RankedTensorType>(resultType)) {
        results.push_back(partial[0][i]);
        continue;
      }
      Values registers;
      for (Values &acc : partial)
        registers.push_back(acc[i]);
      results.push_back(packRegisters(
          rewriter, loc, getTypeConverter()->convertType(resultType),
          registers));
    }
    rewriter.replaceOp(op, results);
    return success();
  }

private:
  /// Each warp stores its partials at [warp along the axis][result element];
  /// after a barrier, every thread folds the partials of its elements.
  void combineAcrossWarps(gluon::ReduceOp op, const ReductionPlan &plan,
                          SmallVector<Values> &partial,
                          ConversionPatternRewriter &rewriter) const {
    Location loc = op.getLoc();
    auto [warpId, laneId] = emitWarpAndLane(rewriter, loc, context.target,
                                            context.numThreads);
    (void)laneId;
    // The warp's index among those along the axis: its axis bits, packed.
    Value warpAlong = createI32Constant(rewriter, loc, 0);
    for (auto [position, bit] : llvm::enumerate(plan.warpBits)) {
      Value one = LLVM::AndOp::create(
          rewriter, loc,
          LLVM::LShrOp::create(rewriter, loc, warpId,
                               createI32Constant(rewriter, loc, bit)),
          createI32Constant(rewriter, loc, 1));
      warpAlong = LLVM::OrOp::create(
          rewriter, loc, warpAlong,
          LLVM::ShlOp::create(rewriter, loc, one,
                              createI32Constant(rewriter, loc, position)));
    }

    // Where each result register's element sits among the result's.
    Type resultType = op.getResults()[0].getType();
    auto resultTensor = dyn_cast<RankedTensorType>(resultType);
    int64_t numElements = resultTensor ? resultTensor.getNumElements() : 1;
    SmallVector<Value> elementIndex;
    if (resultTensor) {
      auto coords = emitElementCoords(rewriter, loc, context.target,
                                      getReducedLayout(op),
                                      context.numThreads);
      for (auto &coord : coords)
        elementIndex.push_back(
            emitLinearIndex(rewriter, loc, coord, resultTensor.getShape()));
    } else {
      elementIndex.push_back(createI32Constant(rewriter, loc, 0));
    }

    int64_t warps = plan.getWarpsAlongAxis();
    Value smem = getSharedMemoryBase(rewriter, loc, op);
    auto offset = op->getAttrOfType<IntegerAttr>(kScratchOffsetAttrName);
    int64_t regionStart = offset ? offset.getInt() : 0;
    SmallVector<Value> regionBases;
    SmallVector<Type> storageTypes;
    for (size_t i = 0; i < partial[0].size(); ++i) {
      Type storage = getStorageType(partial[0][i].getType());
      storageTypes.push_back(storage);
      Value start = emitElementAddress(
          rewriter, loc, smem, rewriter.getI8Type(),
          createI32Constant(rewriter, loc, regionStart));
      regionBases.push_back(start);
      int64_t bytes = warps * numElements * getElementBytes(storage);
      regionStart += (bytes + 15) / 16 * 16;
    }
    auto slot = [&](size_t source, Value warp, Value element) {
      Value index = LLVM::AddOp::create(
          rewriter, loc,
          LLVM::MulOp::create(rewriter, loc, warp,
                              createI32Constant(rewriter, loc, numElements)),
          element);
      return emitElementAddress(rewriter, loc, regionBases[source],
                                storageTypes[source], index);
    };

    for (size_t reg = 0; reg < partial.size(); ++reg)
      for (size_t i = 0; i < partial[reg].size(); ++i)
        LLVM::StoreOp::create(rewriter, loc,
                              toStorage(rewriter, loc, partial[reg][i]),
                              slot(i, warpAlong, elementIndex[reg]));
    context.target.emitBarrier(rewriter, loc);
    for (size_t reg = 0; reg < partial.size(); ++reg) {
      Values acc;
      for (int64_t warp = 0; warp < warps; ++warp) {
        Values loaded;
        for (size_t i = 0; i < partial[reg].size(); ++i) {
          Type type = partial[reg][i].getType();
          Value value = LLVM::LoadOp::create(
              rewriter, loc, storageTypes[i],
              slot(i, createI32Constant(rewriter, loc, warp),
                   elementIndex[reg]));
          loaded.push_back(fromStorage(rewriter, loc, value, type));
        }
        acc = warp == 0 ? loaded : combine(rewriter, op, acc, loaded);
      }
      partial[reg] = acc;
    }
  }

  LoweringContext context;
};

} // namespace

void gluonc::populateReduceOpToLLVMPatterns(GluonLLVMTypeConverter &converter,
                                            RewritePatternSet &patterns,
                                            const LoweringContext &context) {
  patterns.add<ReduceOpConversion>(converter, context);
}
