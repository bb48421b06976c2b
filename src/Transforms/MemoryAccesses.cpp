//===- MemoryAccesses.cpp - The shared memory accesses of gluon ops -------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Which buffer a shared memory view names (through index, subslice,
// permute and reshape, and a partition's captures) and which accesses each
// op makes. MemoryAccesses.h states the model.
//
//===----------------------------------------------------------------------===//

#include "gluonc/Transforms/MemoryAccesses.h"

#include "gluonc/IR/Async.h"
#include "gluonc/IR/MemDesc.h"
#include "gluonc/IR/NvidiaOps.h"
#include "gluonc/IR/WarpSpecialize.h"

#include "mlir/IR/Matchers.h"

using namespace mlir;
using namespace gluonc;

gluon::LocalAllocOp gluonc::getAllocation(Value descriptor) {
  // A partition sees a buffer through its capture.
  if (Value captured = gluon::getCapturedValue(descriptor))
    return getAllocation(captured);
  Operation *def = descriptor.getDefiningOp();
  if (auto alloc = dyn_cast_or_null<gluon::LocalAllocOp>(def))
    return alloc;
  if (!def || !gluon::isMemDescView(def))
    return {};
  return getAllocation(def->getOperand(0));
}

namespace {

/// Elements from the allocation's start to the first element of the view
/// `descriptor`, when the views leading to it have constant offsets.
std::optional<int64_t> getViewOrigin(Value descriptor) {
  if (Value captured = gluon::getCapturedValue(descriptor))
    return getViewOrigin(captured);
  Operation *def = descriptor.getDefiningOp();
  if (!def)
    return std::nullopt;
  if (isa<gluon::LocalAllocOp>(def))
    return 0;
  // A reinterpreted view counts elements of another type: its place in
  // the allocation's elements is not followed (the whole allocation).
  if (!gluon::isMemDescView(def) || isa<gluon::MemDescReinterpretOp>(def))
    return std::nullopt;
  Value src = def->getOperand(0);
  std::optional<int64_t> origin = getViewOrigin(src);
  if (!origin)
    return std::nullopt;
  auto srcType = cast<gluon::MemDescType>(src.getType());
  if (auto index = dyn_cast<gluon::MemDescIndexOp>(def)) {
    APInt value;
    // A row's elements spread over the allocation (gluon::isRowView).
    if (gluon::isRowView(index.getType()) ||
        !matchPattern(index.getIndex(), m_ConstantInt(&value)))
      return std::nullopt;
    return *origin + value.getSExtValue() * gluon::getIndexStride(srcType);
  }
  if (auto slice = dyn_cast<gluon::MemDescSubsliceOp>(def))
    return *origin + gluon::getSubsliceOffset(srcType, slice.getOffsets());
  return origin;
}

/// Sets `buffer`'s slice root and coordinates for the view `descriptor`:
/// the first view up the chain not made by a subslice is the root, whose
/// coordinates the subslices narrow.
void setSliceRegion(Buffer &buffer, Value descriptor) {
  if (Value captured = gluon::getCapturedValue(descriptor))
    return setSliceRegion(buffer, captured);
  auto slice = descriptor.getDefiningOp<gluon::MemDescSubsliceOp>();
  if (!slice) {
    buffer.sliceRoot = descriptor;
    buffer.sliceRanges.clear();
    for (int64_t size :
         cast<gluon::MemDescType>(descriptor.getType()).getShape())
      buffer.sliceRanges.push_back({0, size});
    return;
  }
  setSliceRegion(buffer, slice.getSrc());
  ArrayRef<int64_t> sizes = slice.getType().getShape();
  for (size_t d = 0; d < sizes.size(); ++d) {
    auto &[first, second] = buffer.sliceRanges[d];
    first += slice.getOffsets()[d];
    second = first + sizes[d];
  }
}

} // namespace

std::optional<std::pair<int64_t, int64_t>>
gluonc::getViewElements(Value descriptor) {
  std::optional<int64_t> origin = getViewOrigin(descriptor);
  if (!origin)
    return std::nullopt;
  return std::make_pair(
      *origin, *origin + gluon::getViewExtent(
                             cast<gluon::MemDescType>(descriptor.getType())));
}

SmallVector<Access> gluonc::getAccesses(Operation *op) {
  if (auto alloc = dyn_cast<gluon::LocalAllocOp>(op)) {
    if (alloc.getSrc())
      return {{Buffer::of(alloc.getResult()), /*isWrite=*/true}};
    return {};
  }
  if (auto store = dyn_cast<gluon::LocalStoreOp>(op))
    return {{Buffer::of(store.getDst()), /*isWrite=*/true}};
  if (auto load = dyn_cast<gluon::LocalLoadOp>(op))
    return {{Buffer::of(load.getSrc()), /*isWrite=*/false}};
  if (isa<gluon::InitBarrierOp, gluon::InvalidateBarrierOp>(op))
    return {{Buffer::of(op->getOperand(0)), /*isWrite=*/true,
             /*staysPending=*/true, /*onMBarrier=*/true}};
  // cp.async.mbarrier.arrive without .noinc raises the phase's pending
  // count in every thread: an arrival that thread 0 makes for all of them
  // must come after every thread's raise, or the phase may end before the
  // last warps' copies are counted (compute-sanitizer's synccheck reports
  // the overflow on the H200). As a write of the barrier, it puts a
  // barrier before such an arrival.
  if (auto arrive = dyn_cast<gluon::AsyncCopyMBarrierArriveOp>(op))
    return {{Buffer::of(arrive.getBarrier()),
             /*isWrite=*/!arrive.getNoIncrement(),
             /*staysPending=*/true, /*onMBarrier=*/true}};
  if (isa<gluon::BarrierExpectOp, gluon::ArriveBarrierOp, gluon::WaitBarrierOp>(
          op))
    return {{Buffer::of(op->getOperand(0)), /*isWrite=*/false,
             /*staysPending=*/true, /*onMBarrier=*/true}};
  if (auto load = dyn_cast<gluon::AsyncTMALoadOp>(op))
    return {{Buffer::of(load.getBarrier()), /*isWrite=*/false,
             /*staysPending=*/true, /*onMBarrier=*/true},
            {Buffer::of(load.getDst()), /*isWrite=*/true,
             /*staysPending=*/false}};
  // Pending only once a wait_group retires it (PendingAccesses::startCopy).
  if (Value dst = gluon::getAsyncCopyDestination(op))
    return {{Buffer::of(dst), /*isWrite=*/true, /*staysPending=*/false}};
  if (auto store = dyn_cast<gluon::AsyncTMAStoreOp>(op))
    return {{Buffer::of(store.getSrc()), /*isWrite=*/false}};
  if (auto mma = dyn_cast<gluon::WarpgroupMmaOp>(op)) {
    SmallVector<Access> reads = {{Buffer::of(mma.getB()), /*isWrite=*/false}};
    if (isa<gluon::MemDescType>(mma.getA().getType()))
      reads.push_back({Buffer::of(mma.getA()), /*isWrite=*/false});
    return reads;
  }
  return {};
}

bool gluonc::isScratchUser(Operation *op) {
  return op->hasAttr(kScratchOffsetAttrName);
}

bool gluonc::usesSharedMemory(Operation *op) {
  return op
      ->walk([](Operation *nested) {
        return isScratchUser(nested) || !getAccesses(nested).empty() ||
                       isa<gluon::AsyncCommitGroupOp, gluon::AsyncWaitGroupOp>(
                           nested)
                   ? WalkResult::interrupt()
                   : WalkResult::advance();
      })
      .wasInterrupted();
}

Buffer Buffer::of(Value descriptor) {
  gluon::LocalAllocOp alloc = getAllocation(descriptor);
  Buffer buffer;
  if (!alloc)
    return buffer;
  buffer.kind = Allocation;
  buffer.alloc = alloc;
  buffer.end = alloc.getType().getSharedLayout().getAllocationElements();
  // A view at a known place touches only its part: accesses to the two
  // buffers of a double-buffered allocation do not race.
  if (auto elements = getViewElements(descriptor))
    std::tie(buffer.begin, buffer.end) = *elements;
  setSliceRegion(buffer, descriptor);
  if (auto offset =
          alloc->getAttrOfType<IntegerAttr>(kAllocationOffsetAttrName)) {
    int64_t elementBytes = getElementBytes(alloc.getType().getElementType());
    buffer.bytes = {offset.getInt() + buffer.begin * elementBytes,
                    offset.getInt() + buffer.end * elementBytes};
  }
  return buffer;
}
