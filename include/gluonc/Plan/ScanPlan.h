//===- ScanPlan.h - How a scan along an axis maps onto hardware -*- C++ -*-===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// An inclusive scan along `axis` combines each element with every element
// before it along that axis, in order (the combine function need not be
// commutative). The position of an element along the axis is a number whose
// bits the layout spreads over registers, lanes and warps in any order: in a
// BlockedLayout the lowest bits are usually registers, then lanes, then
// warps, and the highest bits registers again when the tensor repeats the
// layout's tile.
//
// The plan lists those bits from the lowest up, grouped into levels of
// consecutive bits held by one kind of hardware index. The lowering walks
// the levels in order, keeping for every element its scan within the
// aligned block of positions covered so far and for every block its total:
//
//  - a register level scans the blocks a thread holds one after another;
//  - a lane level scans the blocks' totals across lanes with shuffles;
//  - a warp level exchanges the totals through shared memory.
//
//===----------------------------------------------------------------------===//

#ifndef GLUONC_PLAN_SCANPLAN_H
#define GLUONC_PLAN_SCANPLAN_H

#include "gluonc/Layout/LinearLayout.h"

#include <string>
#include <vector>

namespace gluonc {

/// Consecutive bits of the position along the axis that one hardware index
/// (registers, lanes or warps) holds.
struct ScanLevel {
  HwDim dim = HwDim::Register;
  /// The lowest position bit of the level.
  unsigned firstPositionBit = 0;
  /// The hardware bits of `dim`, in position order: bit `hwBits[i]` of the
  /// index moves the element by 2^(firstPositionBit + i) along the axis.
  std::vector<unsigned> hwBits;

  unsigned getNumBits() const { return hwBits.size(); }
  /// How many blocks of the previous levels this level scans over.
  int64_t getSize() const { return int64_t(1) << hwBits.size(); }
  /// The bits of the hardware index that belong to this level.
  int64_t getHwMask() const;
  /// The level's position bits (0 .. getSize()-1) of hardware index `index`.
  int64_t gatherPosition(int64_t index) const;
  /// The hardware index bits that hold level position `position`.
  int64_t scatterPosition(int64_t position) const;
  /// Whether the level's bits are consecutive bits of the hardware index in
  /// position order, so that position p is index bits (p << hwBits[0]).
  bool isContiguous() const;
};

struct ScanPlan {
  /// Empty when the layout can be scanned along the axis; else why not.
  std::string unsupported;
  unsigned axis = 0;
  /// From the lowest position bits up.
  std::vector<ScanLevel> levels;

  /// The register bits that move along the axis and belong to levels below
  /// `level`: two registers that differ only in them hold elements of one
  /// block when the walk reaches `level`.
  int64_t getLowerRegisterMask(size_t level) const;
  /// A key that two registers share exactly when they hold elements of the
  /// same block at the start of `level`.
  int64_t getBlockKey(int64_t reg, size_t level) const;
  /// Whether any level after `level` needs the blocks' totals.
  bool needsTotalsAfter(size_t level) const {
    return level + 1 < levels.size();
  }
};

/// Plans the scan of a tensor in `layout` along `axis`. Replication (zero
/// bases) is allowed anywhere; what is rejected is a layout where a
/// hardware bit moves an element both along the axis and across it, where
/// the axis is split across blocks, or where some position along the axis
/// is not held at all.
ScanPlan planScan(const LinearLayout &layout, unsigned axis);

/// Shared memory elements (per scanned tensor) that the warp levels of
/// `plan` use for a tensor of `numElements` elements: each warp level
/// exchanges one total per block of the levels below it.
int64_t getScanScratchElements(const ScanPlan &plan, int64_t numElements);

/// The shared memory elements the warp level `level` of `plan` uses: one
/// slot per warp position for each group of blocks it scans.
int64_t getScanLevelScratchElements(const ScanPlan &plan, size_t level,
                                    int64_t numElements);

} // namespace gluonc

#endif // GLUONC_PLAN_SCANPLAN_H
