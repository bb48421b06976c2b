//===- ScanOpToLLVM.cpp - Scans, per thread -------------------------------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// A scan follows its plan (gluonc/Plan/ScanPlan.h): the bits of an
// element's position along the axis, lowest first, are walked level by
// level. Before a level, every register holds the scan of its element
// within its block (the aligned run of positions the levels so far cover)
// and the block's total; the level merges 2^bits neighbouring blocks:
//
//  - registers: the thread holds the blocks; it scans them in order;
//  - lanes: the blocks' totals are scanned across lanes (Kogge-Stone, by
//    shfl.up/down when the lane bits are in order, else by shfl.idx from a
//    computed lane), and each lane folds the totals before it into its
//    elements;
//  - warps: each warp writes its totals to shared memory and, after a
//    barrier, folds those of the warps before it.
//
// Values are always combined earlier-first, so the combine function need
// only be associative. A reverse scan runs the same walk with every
// position mirrored.
//
//===----------------------------------------------------------------------===//

#include "PatternsImpl.h"

#include "gluonc/Conversion/Utility.h"
#include "gluonc/IR/Dialect.h"
#include "gluonc/Transforms/SharedMemory.h"

#include <map>

using namespace mlir;
using namespace gluonc;

namespace {

/// The values of all sources at one position.
using Values = SmallVector<Value>;

Value i32(OpBuilder &b, Location loc, int64_t value) {
  return createI32Constant(b, loc, value);
}

class ScanLowering {
public:
  ScanLowering(gluon::ScanOp op, ConversionPatternRewriter &rewriter,
               const LoweringContext &context, const ScanPlan &plan)
      : op(op), b(rewriter), context(context), plan(plan), loc(op.getLoc()),
        reverse(op.getReverse()) {}

  /// Scans `sources` (per source, its registers) and returns the results
  /// the same way.
  SmallVector<Values> run(const SmallVector<Values> &sources) {
    size_t numRegisters = sources[0].size();
    prefix.assign(numRegisters, {});
    total.assign(numRegisters, {});
    for (size_t reg = 0; reg < numRegisters; ++reg)
      for (const Values &source : sources) {
        prefix[reg].push_back(source[reg]);
        total[reg].push_back(source[reg]);
      }
    for (size_t level = 0; level < plan.levels.size(); ++level) {
      switch (plan.levels[level].dim) {
      case HwDim::Register:
        scanRegisters(level);
        break;
      case HwDim::Lane:
        scanLanes(level);
        break;
      default:
        scanWarps(level);
        break;
      }
    }
    SmallVector<Values> results(sources.size());
    for (Values &values : prefix)
      for (size_t i = 0; i < values.size(); ++i)
        results[i].push_back(values[i]);
    return results;
  }

private:
  /// The combine region applied to (earlier, later).
  Values combine(ArrayRef<Value> earlier, ArrayRef<Value> later) {
    return applyCombineRegion(b, op.getCombine(), earlier, later);
  }

  Values select(Value condition, const Values &ifTrue,
                const Values &ifFalse) {
    Values result;
    for (auto [t, f] : llvm::zip_equal(ifTrue, ifFalse))
      result.push_back(LLVM::SelectOp::create(b, loc, condition, t, f));
    return result;
  }

  /// For each block of the registers at the start of `level`, its
  /// registers, keyed by the block.
  std::map<int64_t, SmallVector<int64_t>> getBlocks(size_t level) const {
    std::map<int64_t, SmallVector<int64_t>> blocks;
    for (int64_t reg = 0, e = prefix.size(); reg < e; ++reg)
      blocks[plan.getBlockKey(reg, level)].push_back(reg);
    return blocks;
  }

  /// Folds `earlier` (the total of the blocks before) into the elements of
  /// `registers` where `hasEarlier` holds (always when it is null), and
  /// sets their block total to `newTotal` when it is needed later.
  void applyCarry(ArrayRef<int64_t> registers, const Values &earlier,
                  Value hasEarlier, const Values &newTotal) {
    for (int64_t reg : registers) {
      Values folded = combine(earlier, prefix[reg]);
      prefix[reg] = hasEarlier ? select(hasEarlier, folded, prefix[reg])
                               : folded;
      if (!newTotal.empty())
        total[reg] = newTotal;
    }
  }

  //===--------------------------------------------------------------------===//
  // Registers
  //===--------------------------------------------------------------------===//

  void scanRegisters(size_t level) {
    const ScanLevel &scanLevel = plan.levels[level];
    int64_t levelMask = scanLevel.getHwMask();
    int64_t size = scanLevel.getSize();
    // Within each group (the registers that agree off this level's bits),
    // the sub-blocks in scan order.
    std::map<int64_t, SmallVector<SmallVector<int64_t>>> groups;
    for (int64_t reg = 0, e = prefix.size(); reg < e; ++reg) {
      int64_t key = plan.getBlockKey(reg, level) & ~levelMask;
      auto &subBlocks = groups[key];
      subBlocks.resize(size);
      int64_t position = scanLevel.gatherPosition(reg);
      if (reverse)
        position = size - 1 - position;
      subBlocks[position].push_back(reg);
    }
    bool needTotals = plan.needsTotalsAfter(level);
    for (auto &[key, subBlocks] : groups) {
      Values running = total[subBlocks[0].front()];
      for (int64_t j = 1; j < size; ++j) {
        applyCarry(subBlocks[j], running, Value(), {});
        if (j + 1 < size || needTotals)
          running = combine(running, total[subBlocks[j].front()]);
      }
      if (needTotals)
        for (auto &subBlock : subBlocks)
          for (int64_t reg : subBlock)
            total[reg] = running;
    }
  }

  //===--------------------------------------------------------------------===//
  // Lanes
  //===--------------------------------------------------------------------===//

  std::pair<Value, Value> getWarpAndLane() {
    if (!laneId)
      std::tie(warpId, laneId) =
          emitWarpAndLane(b, loc, context.target, context.numThreads);
    return {warpId, laneId};
  }

  /// The level's position of this thread, in scan order, from the hardware
  /// index `index` (lane or warp id).
  Value emitPosition(const ScanLevel &level, Value index) {
    Value position;
    if (level.isContiguous()) {
      position = LLVM::AndOp::create(
          b, loc,
          LLVM::LShrOp::create(b, loc, index, i32(b, loc, level.hwBits[0])),
          i32(b, loc, level.getSize() - 1));
    } else {
      position = i32(b, loc, 0);
      for (auto [i, bit] : llvm::enumerate(level.hwBits)) {
        Value one = LLVM::AndOp::create(
            b, loc, LLVM::LShrOp::create(b, loc, index, i32(b, loc, bit)),
            i32(b, loc, 1));
        position = LLVM::OrOp::create(
            b, loc, position,
            LLVM::ShlOp::create(b, loc, one, i32(b, loc, i)));
      }
    }
    if (reverse)
      position = LLVM::XOrOp::create(b, loc, position,
                                     i32(b, loc, level.getSize() - 1));
    return position;
  }

  /// The lane that holds scan-order position `position` (an i32 Value below
  /// the level's size) among this lane's peers.
  Value emitLaneOfPosition(const ScanLevel &level, Value position) {
    Value gathered = position;
    if (reverse)
      gathered = LLVM::XOrOp::create(b, loc, gathered,
                                     i32(b, loc, level.getSize() - 1));
    Value lane = LLVM::AndOp::create(b, loc, getWarpAndLane().second,
                                     i32(b, loc, ~level.getHwMask()));
    for (auto [i, bit] : llvm::enumerate(level.hwBits)) {
      Value one = LLVM::AndOp::create(
          b, loc, LLVM::LShrOp::create(b, loc, gathered, i32(b, loc, i)),
          i32(b, loc, 1));
      lane = LLVM::OrOp::create(
          b, loc, lane, LLVM::ShlOp::create(b, loc, one, i32(b, loc, bit)));
    }
    return lane;
  }

  /// Each source of `values` as held by the lane `distance` positions
  /// earlier in scan order (meaningless where there is none).
  Values shuffleFromEarlier(const ScanLevel &level, Value position,
                            const Values &values, int64_t distance) {
    Values result;
    if (level.isContiguous()) {
      unsigned delta = unsigned(distance) << level.hwBits[0];
      for (Value value : values)
        result.push_back(
            reverse ? context.target.shuffleDown(b, loc, value, delta)
                    : context.target.shuffleUp(b, loc, value, delta));
      return result;
    }
    Value earlier = LLVM::AndOp::create(
        b, loc, LLVM::SubOp::create(b, loc, position, i32(b, loc, distance)),
        i32(b, loc, level.getSize() - 1));
    Value lane = emitLaneOfPosition(level, earlier);
    for (Value value : values)
      result.push_back(context.target.shuffleIndex(b, loc, value, lane));
    return result;
  }

  Values shuffleFromLast(const ScanLevel &level, const Values &values) {
    Value lane =
        emitLaneOfPosition(level, i32(b, loc, level.getSize() - 1));
    Values result;
    for (Value value : values)
      result.push_back(context.target.shuffleIndex(b, loc, value, lane));
    return result;
  }

  Value atLeast(Value position, int64_t bound) {
    return LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::uge, position,
                                i32(b, loc, bound));
  }

  void scanLanes(size_t level) {
    const ScanLevel &scanLevel = plan.levels[level];
    Value position = emitPosition(scanLevel, getWarpAndLane().second);
    bool needTotals = plan.needsTotalsAfter(level);
    for (auto &[key, registers] : getBlocks(level)) {
      // Kogge-Stone: after the step of distance d, each lane holds the
      // total of the 2d blocks ending at its own.
      Values inclusive = total[registers.front()];
      for (int64_t d = 1; d < scanLevel.getSize(); d *= 2) {
        Values earlier =
            shuffleFromEarlier(scanLevel, position, inclusive, d);
        inclusive = select(atLeast(position, d),
                           combine(earlier, inclusive), inclusive);
      }
      Values exclusive =
          shuffleFromEarlier(scanLevel, position, inclusive, 1);
      Values newTotal =
          needTotals ? shuffleFromLast(scanLevel, inclusive) : Values();
      applyCarry(registers, exclusive, atLeast(position, 1), newTotal);
    }
  }

  //===--------------------------------------------------------------------===//
  // Warps
  //===--------------------------------------------------------------------===//

  /// The coordinates of this thread's elements, computed once.
  const SmallVector<SmallVector<Value>> &getCoords() {
    if (coords.empty()) {
      auto type = cast<RankedTensorType>(op.getSrcs()[0].getType());
      coords = emitElementCoords(b, loc, context.target,
                                 gluon::getLinearLayout(type),
                                 context.numThreads);
    }
    return coords;
  }

  /// The index, among the groups of blocks warp level `level` scans, of
  /// the group of register `reg`: its coordinates with the axis cut to the
  /// position bits above the level.
  Value emitSlot(const ScanLevel &level, int64_t reg) {
    auto type = cast<RankedTensorType>(op.getSrcs()[0].getType());
    unsigned axis = plan.axis;
    unsigned shift = level.firstPositionBit + level.getNumBits();
    SmallVector<int64_t> shape(type.getShape());
    shape[axis] >>= shift;
    SmallVector<Value> coord(getCoords()[reg]);
    coord[axis] = LLVM::LShrOp::create(b, loc, coord[axis],
                                       i32(b, loc, shift));
    return emitLinearIndex(b, loc, coord, shape);
  }

  void scanWarps(size_t level) {
    const ScanLevel &scanLevel = plan.levels[level];
    auto type = cast<RankedTensorType>(op.getSrcs()[0].getType());
    int64_t numSlots = type.getNumElements() >>
                       (scanLevel.firstPositionBit + scanLevel.getNumBits());
    Value position = emitPosition(scanLevel, getWarpAndLane().first);

    auto offset = op->getAttrOfType<IntegerAttr>(kScratchOffsetAttrName);
    int64_t start = offset ? offset.getInt() : 0;
    Value smem = getSharedMemoryBase(b, loc, op);
    size_t numSources = op.getSrcs().size();
    SmallVector<Value> regions;
    SmallVector<Type> storage;
    for (size_t s = 0; s < numSources; ++s) {
      int64_t regionStart =
          start + getScanScratchOffset(op, plan, level, s);
      regions.push_back(emitElementAddress(b, loc, smem, b.getI8Type(),
                                           i32(b, loc, regionStart)));
      storage.push_back(getMemoryType(total[0][s].getType()));
    }
    auto address = [&](size_t source, Value warpPosition, Value slot) {
      Value index = LLVM::AddOp::create(
          b, loc,
          LLVM::MulOp::create(b, loc, warpPosition, i32(b, loc, numSlots)),
          slot);
      return emitElementAddress(b, loc, regions[source], storage[source],
                                index);
    };

    auto blocks = getBlocks(level);
    std::map<int64_t, Value> slots;
    for (auto &[key, registers] : blocks) {
      Value slot = emitSlot(scanLevel, registers.front());
      slots[key] = slot;
      for (size_t s = 0; s < numSources; ++s) {
        Value value = toMemory(b, loc, total[registers.front()][s]);
        LLVM::StoreOp::create(b, loc, value, address(s, position, slot));
      }
    }
    context.target.emitBarrier(b, loc);

    bool needTotals = plan.needsTotalsAfter(level);
    int64_t size = scanLevel.getSize();
    for (auto &[key, registers] : blocks) {
      auto load = [&](int64_t warpPosition) {
        Values loaded;
        for (size_t s = 0; s < numSources; ++s) {
          Value value = LLVM::LoadOp::create(
              b, loc, storage[s],
              address(s, i32(b, loc, warpPosition), slots[key]));
          loaded.push_back(fromMemory(
              b, loc, value, total[registers.front()][s].getType()));
        }
        return loaded;
      };
      // running: the total of warps 0..j; exclusive: that of the warps
      // before this one.
      Values running = load(0);
      Values exclusive = running;
      for (int64_t j = 1; j < size; ++j) {
        if (j + 1 == size && !needTotals)
          break;
        running = combine(running, load(j));
        if (j + 1 < size)
          exclusive = select(atLeast(position, j + 1), running, exclusive);
      }
      applyCarry(registers, exclusive, atLeast(position, 1),
                 needTotals ? running : Values());
    }
  }

  gluon::ScanOp op;
  ConversionPatternRewriter &b;
  const LoweringContext &context;
  const ScanPlan &plan;
  Location loc;
  bool reverse;
  /// Per register, per source: the scan of its element within its block,
  /// and its block's total.
  SmallVector<Values> prefix, total;
  Value warpId, laneId;
  SmallVector<SmallVector<Value>> coords;
};

struct ScanOpConversion : public ConvertOpToLLVMPattern<gluon::ScanOp> {
  ScanOpConversion(const LLVMTypeConverter &converter,
                   const LoweringContext &context)
      : ConvertOpToLLVMPattern(converter), context(context) {}

  LogicalResult
  matchAndRewrite(gluon::ScanOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    ScanPlan plan = planScan(op);
    if (!plan.unsupported.empty())
      return op.emitOpError()
             << "not supported yet: a scan along axis " << op.getAxis()
             << " of the layout "
             << gluon::layoutToString(
                    cast<RankedTensorType>(op.getSrcs()[0].getType())
                        .getEncoding())
             << " (" << plan.unsupported << ")";
    if (!op.getCombine().hasOneBlock())
      return op.emitOpError("not supported yet: control flow in a scan's "
                            "combine function");
    SmallVector<Values> sources;
    for (Value src : adaptor.getSrcs())
      sources.push_back(unpackRegisters(rewriter, op.getLoc(), src));
    ScanLowering lowering(op, rewriter, context, plan);
    SmallVector<Values> scanned = lowering.run(sources);
    SmallVector<Value> results;
    for (auto [result, registers] : llvm::zip_equal(op.getResults(), scanned))
      results.push_back(packRegisters(
          rewriter, op.getLoc(),
          getTypeConverter()->convertType(result.getType()), registers));
    rewriter.replaceOp(op, results);
    return success();
  }

  LoweringContext context;
};

} // namespace

void gluonc::populateScanOpToLLVMPatterns(GluonLLVMTypeConverter &converter,
                                          RewritePatternSet &patterns,
                                          const LoweringContext &context) {
  patterns.add<ScanOpConversion>(converter, context);
}
