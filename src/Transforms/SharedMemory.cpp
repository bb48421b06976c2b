//===- SharedMemory.cpp - Scratch allocation and barriers -----------------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "gluonc/Transforms/SharedMemory.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"

using namespace mlir;
using namespace gluonc;

//===----------------------------------------------------------------------===//
// Plans and sizes
//===----------------------------------------------------------------------===//

LinearLayout gluonc::getReducedLayout(gluon::ReduceOp op) {
  auto src = cast<RankedTensorType>(op.getSrcs()[0].getType());
  if (src.getRank() == 1)
    return makeScalarLayout(gluon::getLinearLayout(src));
  return gluon::getLinearLayout(
      cast<RankedTensorType>(op.getResults()[0].getType()));
}

ReductionPlan gluonc::planReduction(gluon::ReduceOp op) {
  auto src = cast<RankedTensorType>(op.getSrcs()[0].getType());
  return gluonc::planReduction(gluon::getLinearLayout(src),
                               getReducedLayout(op), op.getAxis());
}

ConversionKind gluonc::planConversion(gluon::ConvertLayoutOp op) {
  return gluonc::planConversion(gluon::getLinearLayout(op.getSrc().getType()),
                                gluon::getLinearLayout(op.getType()));
}

int64_t gluonc::getElementBytes(Type type) {
  if (isa<gluon::PointerType>(type))
    return 8;
  return std::max<int64_t>(1, type.getIntOrFloatBitWidth() / 8);
}

static int64_t alignTo16(int64_t bytes) { return (bytes + 15) / 16 * 16; }

static int64_t getNumElements(Type type) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  return tensor ? tensor.getNumElements() : 1;
}

int64_t gluonc::getScratchBytes(Operation *op) {
  if (auto reduce = dyn_cast<gluon::ReduceOp>(op)) {
    ReductionPlan plan = planReduction(reduce);
    if (!plan.unsupported.empty() || plan.getWarpsAlongAxis() == 1)
      return 0;
    // Each warp along the axis leaves one partial value per result element.
    int64_t bytes = 0;
    for (Value result : reduce.getResults())
      bytes += alignTo16(plan.getWarpsAlongAxis() *
                         getNumElements(result.getType()) *
                         getElementBytes(getElementTypeOrSelf(result)));
    return bytes;
  }
  if (auto convert = dyn_cast<gluon::ConvertLayoutOp>(op)) {
    if (planConversion(convert) != ConversionKind::SharedMemory)
      return 0;
    RankedTensorType type = convert.getType();
    return alignTo16(type.getNumElements() *
                     getElementBytes(type.getElementType()));
  }
  return 0;
}

//===----------------------------------------------------------------------===//
// Allocation
//===----------------------------------------------------------------------===//

namespace {

/// Every scratch user writes its scratch, waits at a barrier, reads it, and
/// is done: no two are live at once, so all start at offset 0 and the
/// program needs the largest. The barrier pass orders one op's reads before
/// the next op's writes.
class AllocateSharedMemoryPass
    : public PassWrapper<AllocateSharedMemoryPass, OperationPass<ModuleOp>> {
public:
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(AllocateSharedMemoryPass)

  StringRef getArgument() const override {
    return "gluon-allocate-shared-memory";
  }
  StringRef getDescription() const override {
    return "Place the shared memory scratch of reductions and layout "
           "conversions";
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    Builder builder(&getContext());
    int64_t total = 0;
    module.walk([&](Operation *op) {
      int64_t bytes = getScratchBytes(op);
      if (bytes == 0)
        return;
      op->setAttr(kScratchOffsetAttrName, builder.getI32IntegerAttr(0));
      total = std::max(total, bytes);
    });
    module->setAttr(kSharedBytesAttrName, builder.getI32IntegerAttr(total));
  }
};

//===----------------------------------------------------------------------===//
// Barriers
//===----------------------------------------------------------------------===//

/// Whether `op` (or anything nested in it) touches shared memory.
bool usesSharedMemory(Operation *op) {
  bool uses = false;
  op->walk([&](Operation *nested) {
    if (nested->hasAttr(kScratchOffsetAttrName))
      uses = true;
  });
  return uses;
}

/// A barrier goes before any shared memory access that may follow another
/// one with no barrier between them. Scratch users synchronize internally
/// between their own write and read; what remains is the previous op's
/// reads against this op's writes. Conservative at control flow: a region
/// is entered as if an access were pending (a loop's previous iteration may
/// have left one), and an op holding regions leaves one pending.
class InsertBarriersPass
    : public PassWrapper<InsertBarriersPass, OperationPass<ModuleOp>> {
public:
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(InsertBarriersPass)

  StringRef getArgument() const override { return "gluon-insert-barriers"; }
  StringRef getDescription() const override {
    return "Insert barriers between shared memory accesses that could race";
  }

  void runOnOperation() override {
    getOperation().walk([&](func::FuncOp func) {
      processRegion(func.getBody(), /*pending=*/false);
    });
  }

private:
  /// Returns whether an access is pending at the end of the region.
  bool processRegion(Region &region, bool pending) {
    bool pendingAtEnd = false;
    for (Block &block : region) {
      bool blockPending = pending;
      for (Operation &op : llvm::make_early_inc_range(block))
        blockPending = processOp(&op, blockPending);
      pendingAtEnd |= blockPending;
    }
    return pendingAtEnd;
  }

  bool processOp(Operation *op, bool pending) {
    if (isa<gluon::BarrierOp>(op))
      return false;
    // A scratch user (a reduction has a region, its combine function, with
    // no shared memory in it).
    if (op->hasAttr(kScratchOffsetAttrName)) {
      if (pending) {
        OpBuilder builder(op);
        gluon::BarrierOp::create(builder, op->getLoc());
      }
      return true;
    }
    if (op->getNumRegions() == 0 || !usesSharedMemory(op))
      return pending;
    for (Region &region : op->getRegions())
      processRegion(region, /*pending=*/true);
    return true;
  }
};

} // namespace

std::unique_ptr<Pass> gluonc::createAllocateSharedMemoryPass() {
  return std::make_unique<AllocateSharedMemoryPass>();
}

std::unique_ptr<Pass> gluonc::createInsertBarriersPass() {
  return std::make_unique<InsertBarriersPass>();
}
