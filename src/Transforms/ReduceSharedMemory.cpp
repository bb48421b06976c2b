//===- ReduceSharedMemory.cpp - The shared memory a reduction uses --------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// When warps differ along a reduction's axis, each warp leaves its partial
// result of every result element in the reduction's scratch, and after a
// barrier every thread combines the partials of its elements. The scratch
// holds, for each source in turn, one region of
// [warp along the axis][result element] partials in the result's element
// type, each region aligned to kSharedMemoryAlignment (the lowering reads
// the partials of a single result element 16 bytes at a time). The
// allocation sizes the scratch and the lowering addresses it with these
// functions, so they agree.
//
//===----------------------------------------------------------------------===//

#include "gluonc/Transforms/SharedMemory.h"

#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace gluonc;

ReductionPlan gluonc::planReduction(gluon::ReduceOp op) {
  auto src = cast<RankedTensorType>(op.getSrcs()[0].getType());
  return gluonc::planReduction(gluon::getLinearLayout(src),
                               getReducedLayout(op), op.getAxis());
}

LinearLayout gluonc::getReducedLayout(gluon::ReduceOp op) {
  // The op's result type says where the result lives: a tensor in its
  // (sliced) layout, or a scalar every thread holds.
  if (auto result = dyn_cast<RankedTensorType>(op.getResults()[0].getType()))
    return gluon::getLinearLayout(result);
  return makeScalarLayout(gluon::getLinearLayout(
      cast<RankedTensorType>(op.getSrcs()[0].getType())));
}

/// The bytes of the region of source `source`.
static int64_t getRegionBytes(gluon::ReduceOp op, const ReductionPlan &plan,
                              size_t source) {
  Type result = op.getResults()[source].getType();
  auto tensor = dyn_cast<RankedTensorType>(result);
  int64_t numElements = tensor ? tensor.getNumElements() : 1;
  return llvm::alignTo(plan.getWarpsAlongAxis() * numElements *
                           getElementBytes(getElementTypeOrSelf(result)),
                       kSharedMemoryAlignment);
}

int64_t gluonc::getReduceScratchOffset(gluon::ReduceOp op,
                                       const ReductionPlan &plan,
                                       size_t source) {
  int64_t offset = 0;
  for (size_t s = 0; s < source; ++s)
    offset += getRegionBytes(op, plan, s);
  return offset;
}

int64_t gluonc::getReduceScratchBytes(gluon::ReduceOp op) {
  ReductionPlan plan = planReduction(op);
  if (!plan.unsupported.empty() || plan.getWarpsAlongAxis() == 1)
    return 0;
  return getReduceScratchOffset(op, plan, op.getSrcs().size());
}
