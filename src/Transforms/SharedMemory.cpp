//===- SharedMemory.cpp - Scratch allocation and barriers -----------------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "gluonc/Transforms/SharedMemory.h"
#include "gluonc/Transforms/Passes.h"

#include "mlir/Dialect/LLVMIR/LLVMTypes.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "llvm/Support/MathExtras.h"

#include <limits>

namespace gluonc {
#define GEN_PASS_DEF_GLUONALLOCATESHAREDMEMORY
#include "gluonc/Transforms/Passes.h.inc"
} // namespace gluonc

using namespace mlir;
using namespace gluonc;

//===----------------------------------------------------------------------===//
// Plans and sizes
//===----------------------------------------------------------------------===//

ConversionKind gluonc::planConversion(gluon::ConvertLayoutOp op) {
  return gluonc::planConversion(gluon::getLinearLayout(op.getSrc().getType()),
                                gluon::getLinearLayout(op.getType()));
}

int64_t gluonc::getElementBytes(Type type) {
  if (isa<gluon::PointerType, LLVM::LLVMPointerType>(type))
    return 8;
  return std::max<int64_t>(1, type.getIntOrFloatBitWidth() / 8);
}

int64_t gluonc::getScratchBytes(Operation *op) {
  if (auto reduce = dyn_cast<gluon::ReduceOp>(op))
    return getReduceScratchBytes(reduce);
  if (auto scan = dyn_cast<gluon::ScanOp>(op))
    return getScanScratchBytes(scan);
  // A scalar atomic hands thread 0's old value to every thread.
  if (isa<gluon::AtomicRMWOp, gluon::AtomicCASOp>(op) &&
      !isa<RankedTensorType>(op->getResult(0).getType()))
    return llvm::alignTo(getElementBytes(op->getResult(0).getType()),
                         kSharedMemoryAlignment);
  if (auto convert = dyn_cast<gluon::ConvertLayoutOp>(op)) {
    if (planConversion(convert) != ConversionKind::SharedMemory)
      return 0;
    RankedTensorType type = convert.getType();
    return llvm::alignTo(type.getNumElements() *
                             getElementBytes(type.getElementType()),
                         kSharedMemoryAlignment);
  }
  return 0;
}

int64_t gluonc::getAllocationAlignment(gluon::LocalAllocOp alloc) {
  // TMA writes and wgmma reads NVMMA buffers with the swizzle computed from
  // address bits up to bit 9: a buffer starts on a 1024-byte boundary (the
  // 128-byte swizzle's repeat), as CUTLASS and Triton assume.
  if (isa<gluon::NVMMASharedLayoutAttr>(alloc.getType().getLayout()))
    return kNVMMAAlignment;
  return kSharedMemoryAlignment;
}

int64_t gluonc::getAllocationBytes(gluon::LocalAllocOp alloc) {
  gluon::MemDescType type = alloc.getType();
  return type.getSharedLayout().getAllocationElements() *
         getElementBytes(type.getElementType());
}

//===----------------------------------------------------------------------===//
// Allocation
//===----------------------------------------------------------------------===//

namespace {

/// `f16[3, 128, 64]`: an allocation's element type and shape.
std::string describeAllocation(gluon::LocalAllocOp alloc) {
  gluon::MemDescType type = alloc.getType();
  std::string text = gluon::typeToString(type.getElementType()) + "[";
  for (auto [i, size] : llvm::enumerate(type.getShape()))
    text += (i ? ", " : "") + std::to_string(size);
  return text + "]";
}

/// An allocation placed in the program's shared memory.
struct Placement {
  Operation *func;
  LiveRange live;
  int64_t begin;
  int64_t end;

  bool conflictsWith(const Placement &other) const {
    return (func != other.func || live.overlaps(other.live)) &&
           begin < other.end && other.begin < end;
  }
};

/// Places allocations (gluon.local_alloc) first fit, in program order: each
/// at the lowest offset, suitably aligned, whose bytes no allocation live
/// at the same time holds (SharedMemoryLiveness.cpp says when that is), so
/// a GEMM's epilogue buffer takes the bytes of the ring its loop used.
/// Allocations of different functions never share. Scratch follows them.
/// Every scratch user writes its scratch, waits at a barrier, reads it, and
/// is done: no two are live at once, so all start at the same offset and
/// the program needs the largest. The barrier pass orders one op's reads
/// before the next op's writes, and the last accesses of one allocation
/// before the first of another that takes its bytes.
class AllocateSharedMemoryPass
    : public gluonc::impl::GluonAllocateSharedMemoryBase<
          AllocateSharedMemoryPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    Builder builder(&getContext());
    std::vector<Placement> placed;
    int64_t allocated = 0;
    WalkResult walk = module.walk([&](func::FuncOp func) {
      llvm::DenseMap<Operation *, LiveRange> liveness =
          computeAllocationLiveness(func);
      return func.walk([&](gluon::LocalAllocOp alloc) {
        Placement placement = place(alloc, func, liveness.lookup(alloc),
                                    placed);
        // Offsets are i32 attributes. Each allocation holds at most 2^30
        // elements of at most 8 bytes (checkShape), so no sum overflows
        // int64 before it passes this bound; the target's own limit, far
        // below, is checked after this pass.
        if (placement.end > std::numeric_limits<int32_t>::max()) {
          alloc.emitError() << "the kernel's shared memory allocations "
                               "exceed 2^31 bytes in all";
          return WalkResult::interrupt();
        }
        alloc->setAttr(kAllocationOffsetAttrName,
                       builder.getI32IntegerAttr(placement.begin));
        placed.push_back(placement);
        allocated = std::max(allocated, placement.end);
        return WalkResult::advance();
      });
    });
    if (walk.wasInterrupted())
      return signalPassFailure();
    int64_t total = allocated;
    module.walk([&](Operation *op) {
      int64_t bytes = getScratchBytes(op);
      if (bytes == 0)
        return;
      op->setAttr(kScratchOffsetAttrName, builder.getI32IntegerAttr(allocated));
      total = std::max(total, allocated + bytes);
    });
    // A warp_specialize's captures travel through a buffer of their own,
    // 8 bytes each, past the scratch: the default task may use the scratch
    // while the workers still read their captures.
    module.walk([&](gluon::WarpSpecializeOp op) {
      if (op.getCaptures().empty())
        return;
      int64_t offset = llvm::alignTo(total, 8);
      op->setAttr(kAllocationOffsetAttrName,
                  builder.getI32IntegerAttr(offset));
      total = offset + 8 * int64_t(op.getCaptures().size());
    });
    if (total > std::numeric_limits<int32_t>::max()) {
      module.emitError() << "the kernel needs more than 2^31 bytes of "
                            "shared memory";
      return signalPassFailure();
    }
    module->setAttr(kSharedBytesAttrName, builder.getI32IntegerAttr(total));
  }

private:
  /// The lowest place for `alloc` that conflicts with nothing placed.
  static Placement place(gluon::LocalAllocOp alloc, func::FuncOp func,
                         LiveRange live, const std::vector<Placement> &placed) {
    int64_t alignment = getAllocationAlignment(alloc);
    int64_t bytes =
        llvm::alignTo(getAllocationBytes(alloc), kSharedMemoryAlignment);
    Placement placement{func, live, 0, bytes};
    for (bool moved = true; moved;) {
      moved = false;
      for (const Placement &other : placed)
        if (placement.conflictsWith(other)) {
          placement.begin = llvm::alignTo(other.end, alignment);
          placement.end = placement.begin + bytes;
          moved = true;
        }
    }
    return placement;
  }
};

} // namespace

/// An allocation as -v and the metadata describe it: where it is made and
/// placed, and the line its live range `live` ends on.
static SharedMemoryPlan::Buffer describeBuffer(gluon::LocalAllocOp alloc,
                                               const LiveRange &live) {
  SharedMemoryPlan::Buffer buffer;
  if (FileLineColLoc loc = gluon::findFileLoc(alloc.getLoc())) {
    buffer.line = loc.getLine();
    buffer.column = loc.getColumn();
  }
  // 0 for a range to the kernel's end (its return has the def's line).
  Operation *last = live.lastOp;
  bool toEnd = last->hasTrait<OpTrait::IsTerminator>() &&
               isa<func::FuncOp>(last->getParentOp());
  if (FileLineColLoc loc = gluon::findFileLoc(last->getLoc()); loc && !toEnd)
    buffer.liveUntilLine = loc.getLine();
  buffer.type = describeAllocation(alloc);
  buffer.offset =
      alloc->getAttrOfType<IntegerAttr>(kAllocationOffsetAttrName).getInt();
  buffer.bytes = getAllocationBytes(alloc);
  return buffer;
}

SharedMemoryPlan gluonc::getSharedMemoryPlan(ModuleOp module) {
  SharedMemoryPlan plan;
  int64_t allocated = 0;
  module.walk([&](func::FuncOp func) {
    llvm::DenseMap<Operation *, LiveRange> liveness =
        computeAllocationLiveness(func);
    func.walk([&](gluon::LocalAllocOp alloc) {
      if (!alloc->hasAttr(kAllocationOffsetAttrName))
        return;
      plan.buffers.push_back(describeBuffer(alloc, liveness.lookup(alloc)));
      allocated = std::max(allocated,
                           plan.buffers.back().offset +
                               int64_t(llvm::alignTo(plan.buffers.back().bytes,
                                                     kSharedMemoryAlignment)));
    });
  });
  // Every scratch user starts where the allocations end.
  plan.scratchOffset = allocated;
  module.walk([&](Operation *op) {
    if (op->hasAttr(kScratchOffsetAttrName))
      plan.scratchBytes = std::max(plan.scratchBytes, getScratchBytes(op));
  });
  if (auto bytes = module->getAttrOfType<IntegerAttr>(kSharedBytesAttrName))
    plan.totalBytes = bytes.getInt();
  return plan;
}
