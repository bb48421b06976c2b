//===- ReduceOpToLLVM.cpp - Reductions, per thread ------------------------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// A reduction follows its plan (gluonc::planReduction): registers of one
// thread that meet in one result element are combined first, pairwise;
// then the lanes that differ along the axis by butterfly shuffles (after
// which every such lane holds the warp's partial result); then, if warps
// differ along the axis, each warp writes its partials to shared memory
// and, after a barrier, every thread combines the partials of its result
// elements, pairwise. Like Triton, this takes the combine function to be
// associative and commutative.
//
//===----------------------------------------------------------------------===//

#include "PatternsImpl.h"

#include "gluonc/Conversion/Utility.h"
#include "gluonc/IR/Dialect.h"
#include "gluonc/Transforms/SharedMemory.h"

using namespace mlir;
using namespace gluonc;

namespace {

/// The registers of all sources at one position.
using Values = SmallVector<Value>;

/// Applies the combine region to (lhs, rhs).
Values combine(OpBuilder &b, gluon::ReduceOp op, ArrayRef<Value> lhs,
               ArrayRef<Value> rhs) {
  return applyCombineRegion(b, op.getCombine(), lhs, rhs);
}

/// Combines `values` (each one value per source) pairwise, neighbours
/// first: log2(n) dependent steps instead of n - 1, which is what a block
/// waiting on its reduction sees. The combine function is taken to be
/// associative, as Gluon specifies; a float sum is rounded in this order.
Values combineTree(OpBuilder &b, gluon::ReduceOp op,
                   SmallVector<Values> values) {
  assert(!values.empty() && "a reduction of nothing");
  while (values.size() > 1) {
    SmallVector<Values> next;
    for (size_t i = 0; i + 1 < values.size(); i += 2)
      next.push_back(combine(b, op, values[i], values[i + 1]));
    if (values.size() % 2)
      next.push_back(values.back());
    values = std::move(next);
  }
  return values.front();
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
    SmallVector<SmallVector<Values>> groups(numResults);
    for (size_t reg = 0; reg < plan.groupOfRegister.size(); ++reg) {
      Values values;
      for (unsigned i = 0; i < numSources; ++i)
        values.push_back(sources[i][reg]);
      groups[plan.groupOfRegister[reg]].push_back(std::move(values));
    }
    SmallVector<Values> partial;
    for (SmallVector<Values> &group : groups)
      partial.push_back(combineTree(rewriter, op, group));
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
    int64_t scratchStart = offset ? offset.getInt() : 0;
    SmallVector<Value> regionBases;
    SmallVector<Type> storageTypes;
    for (size_t i = 0; i < partial[0].size(); ++i) {
      storageTypes.push_back(getMemoryType(partial[0][i].getType()));
      regionBases.push_back(emitElementAddress(
          rewriter, loc, smem, rewriter.getI8Type(),
          createI32Constant(rewriter, loc,
                            scratchStart +
                                getReduceScratchOffset(op, plan, i))));
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
                              toMemory(rewriter, loc, partial[reg][i]),
                              slot(i, warpAlong, elementIndex[reg]));
    context.target.emitBarrier(rewriter, loc);
    for (size_t reg = 0; reg < partial.size(); ++reg) {
      // partials[i][warp]: source i's partial of warp `warp`.
      SmallVector<Values> partials;
      for (size_t i = 0; i < partial[reg].size(); ++i)
        partials.push_back(loadPartials(
            rewriter, loc, warps, numElements, storageTypes[i],
            partial[reg][i].getType(),
            [&](Value warp) { return slot(i, warp, elementIndex[reg]); }));
      SmallVector<Values> perWarp(warps);
      for (int64_t warp = 0; warp < warps; ++warp)
        for (Values &source : partials)
          perWarp[warp].push_back(source[warp]);
      partial[reg] = combineTree(rewriter, op, perWarp);
    }
  }

  /// The `warps` partials of one source and result element, as `type`.
  /// With one result element they lie side by side, so they are read 16
  /// bytes at a time (the region starts 16-byte aligned): four LDS.128
  /// instead of sixteen loads for 16 warps of f32.
  Values loadPartials(ConversionPatternRewriter &rewriter, Location loc,
                      int64_t warps, int64_t numElements, Type storage,
                      Type type,
                      llvm::function_ref<Value(Value)> slotOfWarp) const {
    int64_t bytes = getElementBytes(storage);
    int64_t perAccess = numElements == 1 ? std::min<int64_t>(16 / bytes, warps)
                                         : 1;
    Values values;
    for (int64_t warp = 0; warp < warps; warp += perAccess) {
      Value address = slotOfWarp(createI32Constant(rewriter, loc, warp));
      if (perAccess == 1) {
        Value value = LLVM::LoadOp::create(rewriter, loc, storage, address);
        values.push_back(fromMemory(rewriter, loc, value, type));
        continue;
      }
      auto vectorType = VectorType::get({perAccess}, storage);
      Value vector = LLVM::LoadOp::create(rewriter, loc, vectorType, address,
                                          unsigned(perAccess * bytes));
      for (int64_t k = 0; k < perAccess; ++k) {
        Value element = LLVM::ExtractElementOp::create(
            rewriter, loc, vector, createI32Constant(rewriter, loc, k));
        values.push_back(fromMemory(rewriter, loc, element, type));
      }
    }
    return values;
  }

  LoweringContext context;
};

} // namespace

void gluonc::populateReduceOpToLLVMPatterns(GluonLLVMTypeConverter &converter,
                                            RewritePatternSet &patterns,
                                            const LoweringContext &context) {
  patterns.add<ReduceOpConversion>(converter, context);
}
