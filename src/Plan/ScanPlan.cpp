//===- ScanPlan.cpp - How a scan along an axis maps onto hardware ---------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "gluonc/Plan/ScanPlan.h"

#include <map>

using namespace gluonc;

int64_t ScanLevel::getHwMask() const {
  int64_t mask = 0;
  for (unsigned bit : hwBits)
    mask |= int64_t(1) << bit;
  return mask;
}

int64_t ScanLevel::gatherPosition(int64_t index) const {
  int64_t position = 0;
  for (size_t i = 0; i < hwBits.size(); ++i)
    position |= ((index >> hwBits[i]) & 1) << i;
  return position;
}

int64_t ScanLevel::scatterPosition(int64_t position) const {
  int64_t index = 0;
  for (size_t i = 0; i < hwBits.size(); ++i)
    index |= ((position >> i) & 1) << hwBits[i];
  return index;
}

bool ScanLevel::isContiguous() const {
  for (size_t i = 1; i < hwBits.size(); ++i)
    if (hwBits[i] != hwBits[0] + i)
      return false;
  return true;
}

int64_t ScanPlan::getLowerRegisterMask(size_t level) const {
  int64_t mask = 0;
  for (size_t i = 0; i < level && i < levels.size(); ++i)
    if (levels[i].dim == HwDim::Register)
      mask |= levels[i].getHwMask();
  return mask;
}

int64_t ScanPlan::getBlockKey(int64_t reg, size_t level) const {
  return reg & ~getLowerRegisterMask(level);
}

namespace {

/// Where one hardware bit moves an element along the axis.
struct AxisBit {
  HwDim dim;
  unsigned hwBit;
};

bool isZeroExcept(const Coord &coord, unsigned axis) {
  for (unsigned d = 0; d < coord.size(); ++d)
    if (d != axis && coord[d] != 0)
      return false;
  return true;
}

/// Records which hardware bit holds each position bit; an error message
/// when the layout cannot be scanned this way.
std::string collectAxisBits(const LinearLayout &layout, unsigned axis,
                            std::map<unsigned, AxisBit> &byPositionBit) {
  for (HwDim dim :
       {HwDim::Register, HwDim::Lane, HwDim::Warp, HwDim::Block}) {
    const std::vector<Coord> &bases = layout.getBases(dim);
    for (unsigned bit = 0; bit < bases.size(); ++bit) {
      int32_t step = bases[bit][axis];
      if (step == 0)
        continue;
      std::string where = std::string(hwDimName(dim)) + " bit " +
                          std::to_string(bit);
      if (!isZeroExcept(bases[bit], axis))
        return where + " moves elements both along the axis and across it";
      if (dim == HwDim::Block)
        return where + " splits the axis across blocks";
      if (!isPowerOf2(step))
        return where + " moves along the axis by " + std::to_string(step) +
               ", not a power of two";
      unsigned positionBit = log2Exact(step);
      if (byPositionBit.count(positionBit))
        return where + " and " +
               hwDimName(byPositionBit[positionBit].dim) + " bit " +
               std::to_string(byPositionBit[positionBit].hwBit) +
               " both move by " + std::to_string(step) +
               " along the axis, so some elements are not held at all";
      byPositionBit[positionBit] = {dim, bit};
    }
  }
  return "";
}

} // namespace

ScanPlan gluonc::planScan(const LinearLayout &layout, unsigned axis) {
  ScanPlan plan;
  plan.axis = axis;
  std::map<unsigned, AxisBit> byPositionBit;
  plan.unsupported = collectAxisBits(layout, axis, byPositionBit);
  if (!plan.unsupported.empty())
    return plan;
  unsigned positionBits = log2Exact(layout.getDimSize(axis));
  for (unsigned positionBit = 0; positionBit < positionBits; ++positionBit) {
    auto it = byPositionBit.find(positionBit);
    if (it == byPositionBit.end()) {
      plan.unsupported = "no hardware index moves elements by " +
                         std::to_string(int64_t(1) << positionBit) +
                         " along the axis, so some elements are not held";
      return plan;
    }
    const AxisBit &bit = it->second;
    if (plan.levels.empty() || plan.levels.back().dim != bit.dim) {
      ScanLevel level;
      level.dim = bit.dim;
      level.firstPositionBit = positionBit;
      plan.levels.push_back(level);
    }
    plan.levels.back().hwBits.push_back(bit.hwBit);
  }
  return plan;
}

int64_t gluonc::getScanLevelScratchElements(const ScanPlan &plan,
                                            size_t level,
                                            int64_t numElements) {
  const ScanLevel &scanLevel = plan.levels[level];
  if (scanLevel.dim != HwDim::Warp)
    return 0;
  // One total per block of 2^firstPositionBit positions: numSlots groups of
  // getSize() blocks each.
  return numElements >> scanLevel.firstPositionBit;
}

int64_t gluonc::getScanScratchElements(const ScanPlan &plan,
                                       int64_t numElements) {
  int64_t total = 0;
  for (size_t level = 0; level < plan.levels.size(); ++level)
    total += getScanLevelScratchElements(plan, level, numElements);
  return total;
}
