//===- SharedMemory.cpp - Scratch allocation and barriers -----------------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "gluonc/Transforms/SharedMemory.h"

#include "mlir/Dialect/LLVMIR/LLVMTypes.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "llvm/Support/MathExtras.h"

#include <limits>

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

/// Allocations (gluon.local_alloc) each get their own bytes, one after
/// another, for the whole program: they never share memory, so accesses to
/// two of them never race. Scratch follows them. Every scratch user writes
/// its scratch, waits at a barrier, reads it, and is done: no two are live
/// at once, so all start at the same offset and the program needs the
/// largest. The barrier pass orders one op's reads before the next op's
/// writes.
class AllocateSharedMemoryPass
    : public PassWrapper<AllocateSharedMemoryPass, OperationPass<ModuleOp>> {
public:
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(AllocateSharedMemoryPass)

  StringRef getArgument() const override {
    return "gluon-allocate-shared-memory";
  }
  StringRef getDescription() const override {
    return "Place shared memory allocations and the scratch of reductions "
           "and layout conversions";
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    Builder builder(&getContext());
    // Offsets are i32 attributes. Each allocation holds at most 2^30
    // elements of at most 8 bytes (checkShape), so the sum cannot overflow
    // int64 before it passes this bound; the target's own limit, far
    // below, is checked after this pass.
    constexpr int64_t kMaxSharedBytes = std::numeric_limits<int32_t>::max();
    int64_t allocated = 0;
    WalkResult walk = module.walk([&](gluon::LocalAllocOp alloc) {
      allocated = llvm::alignTo(allocated, getAllocationAlignment(alloc));
      alloc->setAttr(kAllocationOffsetAttrName,
                     builder.getI32IntegerAttr(allocated));
      allocated +=
          llvm::alignTo(getAllocationBytes(alloc), kSharedMemoryAlignment);
      if (allocated > kMaxSharedBytes) {
        alloc.emitError() << "the kernel's shared memory allocations "
                             "exceed 2^31 bytes in all";
        return WalkResult::interrupt();
      }
      return WalkResult::advance();
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
    if (total > kMaxSharedBytes) {
      module.emitError() << "the kernel needs more than 2^31 bytes of "
                            "shared memory";
      return signalPassFailure();
    }
    module->setAttr(kSharedBytesAttrName, builder.getI32IntegerAttr(total));
  }
};

} // namespace

std::unique_ptr<Pass> gluonc::createAllocateSharedMemoryPass() {
  return std::make_unique<AllocateSharedMemoryPass>();
}
