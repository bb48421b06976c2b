//===- WarpSpecializeToLLVM.cpp - Tasks as branches at the kernel's entry -===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// During the conversion, gluon.warp_specialize stays and only its types
// change (the ops of its regions are lowered like any other). Then
// createLowerWarpSpecializePass turns it into branches, with the plan of
// the tasks pass (start warps, setmaxnreg counts, total warps):
//
//   entry:   warp = tid / warp size, made warp-uniform with a shuffle from
//            lane 0; warps [0, num_warps) run the kernel as written, the
//            others go to `workers`.
//   workers: each warpgroup sets its register count (setmaxnreg, one
//            instruction per warpgroup as PTX requires), then all wait on
//            barrier 1 for the captures, then each warp branches to its
//            partition (padding warps to an exit).
//   default: at the op, thread 0 stores the captures into their buffer,
//            every warp of the block meets at barrier 1, the default warps
//            set their register count and run the default region; at its
//            end they wait on barrier 1 again for the workers.
//   partition: loads the captures it uses, runs, arrives at barrier 1 and
//            exits.
//
// Barrier 1 (kDispatchBarrier; the numbering is ArchInfo.h's) is reached
// from different instructions, so it is the non-aligned
// `barrier.sync`/`barrier.arrive` with the block's thread count; the
// tasks' own barriers are named ones (TargetInfo::emitBarrier).
// A capture that is a kernel argument, or a pure computation of them and
// constants (a shared memory address), is recomputed in the partition
// instead of passing through shared memory.
//
//===----------------------------------------------------------------------===//

#include "PatternsImpl.h"

#include "gluonc/Conversion/Utility.h"
#include "gluonc/IR/WarpSpecialize.h"
#include "gluonc/Pipeline/Target.h"
#include "gluonc/Target/ArchInfo.h"
#include "gluonc/Transforms/SharedMemory.h"

#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace gluonc {
#define GEN_PASS_DECL_GLUONLOWERWARPSPECIALIZE
#define GEN_PASS_DEF_GLUONLOWERWARPSPECIALIZE
#include "Passes.h.inc"
} // namespace gluonc

using namespace mlir;
using namespace gluonc;

//===----------------------------------------------------------------------===//
// Type conversion of the op
//===----------------------------------------------------------------------===//

namespace {

struct WarpSpecializeOpConversion
    : public ConvertOpToLLVMPattern<gluon::WarpSpecializeOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(gluon::WarpSpecializeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    SmallVector<Type> resultTypes;
    if (failed(getTypeConverter()->convertTypes(op.getResultTypes(),
                                                resultTypes)))
      return failure();
    OperationState state(op.getLoc(), op->getName());
    state.addOperands(adaptor.getCaptures());
    state.addTypes(resultTypes);
    state.addAttributes(op->getAttrs());
    for (unsigned i = 0; i < op->getNumRegions(); ++i)
      state.addRegion();
    Operation *converted = rewriter.create(state);
    for (auto [from, to] :
         llvm::zip(op->getRegions(), converted->getRegions())) {
      rewriter.inlineRegionBefore(from, to, to.end());
      if (failed(rewriter.convertRegionTypes(&to, *getTypeConverter())))
        return failure();
    }
    rewriter.replaceOp(op, converted->getResults());
    return success();
  }
};

struct WarpYieldOpConversion
    : public ConvertOpToLLVMPattern<gluon::WarpYieldOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(gluon::WarpYieldOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<gluon::WarpYieldOp>(op, adaptor.getValues());
    return success();
  }
};

} // namespace

void gluonc::populateWarpSpecializeOpToLLVMPatterns(
    GluonLLVMTypeConverter &converter, RewritePatternSet &patterns,
    ConversionTarget &target) {
  patterns.add<WarpSpecializeOpConversion, WarpYieldOpConversion>(converter);
  auto converted = [&converter](Operation *op) {
    if (!converter.isLegal(op))
      return false;
    for (Region &region : op->getRegions())
      if (!converter.isLegal(&region))
        return false;
    return true;
  };
  target.addDynamicallyLegalOp<gluon::WarpSpecializeOp>(converted);
  target.addDynamicallyLegalOp<gluon::WarpYieldOp>(converted);
  target.addLegalOp<gluon::WarpReturnOp>();
}

//===----------------------------------------------------------------------===//
// The branches
//===----------------------------------------------------------------------===//

namespace {

/// The longest computation recomputed in a partition instead of passed.
constexpr unsigned kMaxRecomputedOps = 16;

/// Whether `value` can be recomputed anywhere in the kernel: a kernel
/// argument, or a side-effect-free op of such values that reads no
/// thread-dependent register; collects the ops in `chain` (operands
/// first).
bool collectRecomputable(const TargetInfo &target, Value value,
                         SetVector<Operation *> &chain) {
  if (auto argument = dyn_cast<BlockArgument>(value))
    return argument.getOwner()->isEntryBlock() &&
           isa<LLVM::LLVMFuncOp>(argument.getOwner()->getParentOp());
  Operation *def = value.getDefiningOp();
  if (chain.contains(def))
    return true;
  if (def->getNumRegions() != 0 || !isMemoryEffectFree(def))
    return false;
  // The thread's own ids differ from task to task; the block's do not.
  if (target.isThreadVariant(def))
    return false;
  for (Value operand : def->getOperands())
    if (!collectRecomputable(target, operand, chain))
      return false;
  chain.insert(def);
  return chain.size() <= kMaxRecomputedOps;
}

class WarpSpecializeLowering {
public:
  WarpSpecializeLowering(const TargetInfo &target, gluon::WarpSpecializeOp op,
                         LLVM::LLVMFuncOp func)
      : target(target), op(op), func(func), loc(op.getLoc()),
        b(op.getContext()) {}

  LogicalResult run() {
    ModuleOp module = func->getParentOfType<ModuleOp>();
    kernelWarps = gluon::getKernelNumWarps(module);
    auto total =
        module->getAttrOfType<IntegerAttr>(gluon::kTotalNumWarpsAttrName);
    auto starts = op.getPartitionStartWarps();
    if (!total || !starts)
      return op.emitOpError("has no warp plan: run gluon-plan-tasks first");
    blockThreads = total.getInt() * target.getWarpSize();
    if (auto cap = module->getAttrOfType<IntegerAttr>(
            gluon::kMaxRegistersAttrName))
      maxnreg = cap.getInt();

    emitDispatch(*starts);
    if (failed(lowerPartitions()))
      return failure();
    lowerDefault();
    return success();
  }

private:
  Value i32(int64_t value) { return createI32Constant(b, loc, value); }

  void dispatchBarrier(bool arriveOnly) {
    target.emitNamedBarrier(b, loc, kDispatchBarrier, blockThreads,
                            arriveOnly, /*aligned=*/false);
  }

  /// Sets the register count of the warpgroup running this code from the
  /// count every warp starts with.
  void setRegisters(unsigned count) {
    if (maxnreg && count && count != maxnreg)
      target.emitSetRegisterCount(b, loc, count, count > maxnreg);
  }

  /// Splits the kernel's entry: the default warps go on, the others to
  /// the workers' dispatch.
  void emitDispatch(ArrayRef<int32_t> starts) {
    Block *entry = &func.getBody().front();
    Block *kernel = entry->splitBlock(entry->begin());
    b.setInsertionPointToEnd(entry);
    Value tid = target.getBlockThreadId(b, loc, blockThreads);
    Value warp = LLVM::UDivOp::create(b, loc, tid, i32(target.getWarpSize()));
    // From lane 0: ptxas then knows the value is the same in the whole
    // warp and keeps the dispatch on the uniform datapath.
    warp = target.shuffleIndex(b, loc, warp, i32(0));
    Value isDefault = LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::ult,
                                           warp, i32(kernelWarps));
    Block *workers = b.createBlock(&func.getBody());
    b.setInsertionPointToEnd(entry);
    LLVM::CondBrOp::create(b, loc, isDefault, kernel, workers);

    // Each worker warpgroup's register count, then the captures' barrier.
    Block *ready = b.createBlock(&func.getBody());
    b.setInsertionPointToEnd(workers);
    auto registers =
        op->getAttrOfType<DenseI32ArrayAttr>(gluon::kWarpGroupRegistersAttrName);
    if (registers && maxnreg) {
      Value group = LLVM::UDivOp::create(b, loc, warp, i32(kWarpGroupWarps));
      SmallVector<int32_t> cases;
      SmallVector<Block *> targets;
      for (unsigned g = kernelWarps / kWarpGroupWarps; g < registers.size();
           ++g) {
        Block *set = b.createBlock(ready);
        setRegisters(registers[g]);
        LLVM::BrOp::create(b, loc, ready);
        cases.push_back(g);
        targets.push_back(set);
      }
      b.setInsertionPointToEnd(workers);
      SmallVector<ValueRange> operands(cases.size(), ValueRange());
      LLVM::SwitchOp::create(b, loc, group, ready, ValueRange(), cases,
                             targets, operands);
    } else {
      LLVM::BrOp::create(b, loc, ready);
    }

    b.setInsertionPointToEnd(ready);
    dispatchBarrier(/*arriveOnly=*/false);
    // Padding warps only take part in the barriers.
    Block *padding = b.createBlock(&func.getBody());
    dispatchBarrier(/*arriveOnly=*/true);
    LLVM::ReturnOp::create(b, loc, ValueRange());
    SmallVector<int32_t> cases;
    SmallVector<Block *> targets;
    for (auto [index, region] : llvm::enumerate(op.getPartitionRegions()))
      for (int32_t w = 0; w < op.getPartitionNumWarps()[index]; ++w) {
        cases.push_back(starts[index] + w);
        targets.push_back(&region.front());
      }
    b.setInsertionPointToEnd(ready);
    SmallVector<ValueRange> operands(cases.size(), ValueRange());
    LLVM::SwitchOp::create(b, loc, warp, padding, ValueRange(), cases,
                           targets, operands);
  }

  /// The address of capture `index` in the capture buffer.
  Value captureAddress(unsigned index) {
    auto offset = op->getAttrOfType<IntegerAttr>(kAllocationOffsetAttrName);
    return emitElementAddress(b, loc, getSharedMemoryBase(b, loc, func),
                              b.getI8Type(),
                              i32(offset.getInt() + 8 * index));
  }

  /// Moves each partition into the kernel: its captures recomputed or
  /// loaded, its end an arrival at the join.
  LogicalResult lowerPartitions() {
    for (Region &region : op.getPartitionRegions()) {
      Block *entry = &region.front();
      b.setInsertionPointToStart(entry);
      for (auto [index, argument] : llvm::enumerate(entry->getArguments())) {
        if (argument.use_empty())
          continue;
        Value capture = op.getCaptures()[index];
        SetVector<Operation *> chain;
        if (collectRecomputable(target, capture, chain)) {
          IRMapping mapping;
          for (Operation *def : chain)
            b.clone(*def, mapping);
          argument.replaceAllUsesWith(mapping.lookupOrDefault(capture));
          continue;
        }
        if (!op->hasAttr(kAllocationOffsetAttrName))
          return op.emitOpError("has no capture buffer: run "
                                "gluon-allocate-shared-memory first");
        stored.insert(index);
        Value loaded = LLVM::LoadOp::create(b, loc, argument.getType(),
                                            captureAddress(index),
                                            /*alignment=*/8);
        argument.replaceAllUsesWith(loaded);
      }
      entry->eraseArguments(0, entry->getNumArguments());
      SmallVector<gluon::WarpReturnOp> returns;
      region.walk([&](gluon::WarpReturnOp ret) { returns.push_back(ret); });
      for (gluon::WarpReturnOp ret : returns) {
        b.setInsertionPoint(ret);
        dispatchBarrier(/*arriveOnly=*/true);
        LLVM::ReturnOp::create(b, loc, ValueRange());
        ret.erase();
      }
      func.getBody().getBlocks().splice(func.getBody().end(),
                                        region.getBlocks());
    }
    return success();
  }

  /// The default warps' side: captures out, the dispatch barrier, the
  /// default region, the join.
  void lowerDefault() {
    Block *before = op->getBlock();
    Block *after = before->splitBlock(op->getNextNode());
    SmallVector<Value> results;
    for (Value result : op.getResults())
      results.push_back(after->addArgument(result.getType(), loc));

    Block *barrier = b.createBlock(after);
    b.setInsertionPoint(op);
    if (!stored.empty()) {
      // Thread 0 alone writes, so that no two threads write one address.
      Block *store = b.createBlock(barrier);
      b.setInsertionPoint(op);
      Value tid = target.getBlockThreadId(b, loc, blockThreads);
      Value first = LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::eq, tid,
                                         i32(0));
      LLVM::CondBrOp::create(b, loc, first, store, barrier);
      b.setInsertionPointToEnd(store);
      for (unsigned index : stored)
        LLVM::StoreOp::create(b, loc, op.getCaptures()[index],
                              captureAddress(index), /*alignment=*/8);
      LLVM::BrOp::create(b, loc, barrier);
    } else {
      LLVM::BrOp::create(b, loc, barrier);
    }
    b.setInsertionPointToEnd(barrier);
    dispatchBarrier(/*arriveOnly=*/false);
    if (auto granted = op.getGrantedRegisters())
      setRegisters((*granted)[0]);
    Region &region = op.getDefaultRegion();
    LLVM::BrOp::create(b, loc, &region.front());

    SmallVector<gluon::WarpYieldOp> yields;
    region.walk([&](gluon::WarpYieldOp yield) { yields.push_back(yield); });
    for (gluon::WarpYieldOp yield : yields) {
      b.setInsertionPoint(yield);
      dispatchBarrier(/*arriveOnly=*/false);
      LLVM::BrOp::create(b, loc, yield.getValues(), after);
      yield.erase();
    }
    func.getBody().getBlocks().splice(after->getIterator(),
                                      region.getBlocks());
    for (auto [result, argument] : llvm::zip(op.getResults(), results))
      result.replaceAllUsesWith(argument);
    op.erase();
  }

  const TargetInfo &target;
  gluon::WarpSpecializeOp op;
  LLVM::LLVMFuncOp func;
  Location loc;
  OpBuilder b;
  unsigned kernelWarps = 0;
  unsigned blockThreads = 0;
  unsigned maxnreg = 0;
  /// The captures that pass through the capture buffer.
  llvm::SetVector<unsigned> stored;
};

class LowerWarpSpecializePass
    : public gluonc::impl::GluonLowerWarpSpecializeBase<
          LowerWarpSpecializePass> {
public:
  using GluonLowerWarpSpecializeBase::GluonLowerWarpSpecializeBase;

  void runOnOperation() override {
    SmallVector<gluon::WarpSpecializeOp> ops;
    getOperation().walk([&](gluon::WarpSpecializeOp op) { ops.push_back(op); });
    if (ops.empty())
      return;
    std::shared_ptr<const TargetInfo> target =
        getModuleTargetInfo(getOperation(), arch);
    if (!target)
      return signalPassFailure();
    for (gluon::WarpSpecializeOp op : ops) {
      auto func = dyn_cast<LLVM::LLVMFuncOp>(op->getParentOp());
      if (!func) {
        op.emitError("not supported yet: warp_specialize inside a loop or a "
                     "branch; call it at the kernel's top level");
        return signalPassFailure();
      }
      if (failed(WarpSpecializeLowering(*target, op, func).run()))
        return signalPassFailure();
    }
  }
};

} // namespace

std::unique_ptr<Pass> gluonc::createLowerWarpSpecializePass(std::string arch) {
  return std::make_unique<LowerWarpSpecializePass>(
      GluonLowerWarpSpecializeOptions{std::move(arch)});
}
