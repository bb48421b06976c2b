//===- ScanSharedMemory.cpp - The shared memory a scan exchanges through --===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// A scan's scratch holds, for each warp level and source in turn, one
// region of that level's block totals (getScanLevelScratchElements), each
// region aligned to kSharedMemoryAlignment. Levels use distinct regions,
// so a level's writes never race with the previous level's reads.
//
//===----------------------------------------------------------------------===//

#include "gluonc/Transforms/SharedMemory.h"

#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace gluonc;

ScanPlan gluonc::planScan(gluon::ScanOp op) {
  auto type = cast<RankedTensorType>(op.getSrcs()[0].getType());
  return gluonc::planScan(gluon::getLinearLayout(type), op.getAxis());
}

/// The bytes of the region of `level` for `source`.
static int64_t getRegionBytes(gluon::ScanOp op, const ScanPlan &plan,
                              size_t level, size_t source) {
  auto type = cast<RankedTensorType>(op.getSrcs()[source].getType());
  return llvm::alignTo(
      getScanLevelScratchElements(plan, level, type.getNumElements()) *
          getElementBytes(type.getElementType()),
      kSharedMemoryAlignment);
}

int64_t gluonc::getScanScratchOffset(gluon::ScanOp op, const ScanPlan &plan,
                                     size_t level, size_t source) {
  int64_t offset = 0;
  size_t numSources = op.getSrcs().size();
  for (size_t l = 0; l < plan.levels.size(); ++l)
    for (size_t s = 0; s < numSources; ++s) {
      if (l == level && s == source)
        return offset;
      offset += getRegionBytes(op, plan, l, s);
    }
  return offset;
}

int64_t gluonc::getScanScratchBytes(gluon::ScanOp op) {
  ScanPlan plan = planScan(op);
  if (!plan.unsupported.empty())
    return 0;
  return getScanScratchOffset(op, plan, plan.levels.size(), 0);
}
