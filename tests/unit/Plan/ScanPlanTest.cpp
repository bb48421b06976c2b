//===- ScanPlanTest.cpp - Scan plans against hand-worked layouts ----------===//

#include "gluonc/Plan/ScanPlan.h"

#include <catch2/catch.hpp>

#include <map>

using namespace gluonc;

namespace {
std::vector<unsigned> bits(std::initializer_list<unsigned> list) {
  return list;
}

/// Simulates the plan on the host: for every hardware index, the position
/// along the axis its element has, rebuilt from the levels alone, must be
/// the layout's own coordinate. This is what the lowering relies on.
void checkPositionsRebuild(const LinearLayout &layout, const ScanPlan &plan) {
  for (int64_t reg = 0; reg < layout.getNumRegisters(); ++reg)
    for (int64_t lane = 0; lane < layout.getHwSize(HwDim::Lane); ++lane)
      for (int64_t warp = 0; warp < layout.getHwSize(HwDim::Warp); ++warp) {
        int64_t position = 0;
        for (const ScanLevel &level : plan.levels) {
          int64_t index = level.dim == HwDim::Register ? reg
                          : level.dim == HwDim::Lane   ? lane
                                                       : warp;
          position |= level.gatherPosition(index) << level.firstPositionBit;
        }
        CHECK(position == layout.apply(reg, lane, warp)[plan.axis]);
      }
}
} // namespace

TEST_CASE("a row scan goes registers, then lanes, then repeated registers",
          "[scan]") {
  // 4 warps over rows; each row of 256 is 4 registers x 32 lanes, twice.
  BlockedLayoutSpec spec{{1, 4}, {1, 32}, {4, 1}, {1, 0}};
  LinearLayout layout = blockedToLinearLayout(spec, {8, 256});
  ScanPlan plan = planScan(layout, 1);
  REQUIRE(plan.unsupported.empty());
  REQUIRE(plan.levels.size() == 3);
  CHECK(plan.levels[0].dim == HwDim::Register);
  CHECK(plan.levels[0].hwBits == bits({0, 1}));
  CHECK(plan.levels[1].dim == HwDim::Lane);
  CHECK(plan.levels[1].firstPositionBit == 2);
  CHECK(plan.levels[1].hwBits == bits({0, 1, 2, 3, 4}));
  CHECK(plan.levels[1].isContiguous());
  CHECK(plan.levels[2].dim == HwDim::Register);
  CHECK(plan.levels[2].firstPositionBit == 7);
  // Register bit 2 is the second tile along the row; bit 3 the next row.
  CHECK(plan.levels[2].hwBits == bits({2}));
  CHECK(getScanScratchElements(plan, 8 * 256) == 0);
  checkPositionsRebuild(layout, plan);

  // Registers 0-3 are one block at the lane level, 4-7 another; the
  // row-repeat bit 3 keeps rows apart at every level.
  CHECK(plan.getBlockKey(1, 1) == plan.getBlockKey(3, 1));
  CHECK(plan.getBlockKey(4, 1) != plan.getBlockKey(3, 1));
  CHECK(plan.getBlockKey(9, 2) == plan.getBlockKey(8, 2));
  CHECK(plan.getBlockKey(8, 2) != plan.getBlockKey(0, 2));
  CHECK(plan.needsTotalsAfter(1));
  CHECK_FALSE(plan.needsTotalsAfter(2));
}

TEST_CASE("a column scan crosses warps through shared memory", "[scan]") {
  BlockedLayoutSpec spec{{1, 4}, {1, 32}, {4, 1}, {1, 0}};
  LinearLayout layout = blockedToLinearLayout(spec, {8, 128});
  ScanPlan plan = planScan(layout, 0);
  REQUIRE(plan.unsupported.empty());
  REQUIRE(plan.levels.size() == 2);
  CHECK(plan.levels[0].dim == HwDim::Warp);
  CHECK(plan.levels[0].hwBits == bits({0, 1}));
  CHECK(plan.levels[1].dim == HwDim::Register);
  CHECK(plan.levels[1].hwBits == bits({2}));
  // One slot per warp and element of the block: the whole tensor.
  CHECK(getScanLevelScratchElements(plan, 0, 8 * 128) == 8 * 128);
  CHECK(getScanScratchElements(plan, 8 * 128) == 8 * 128);
  checkPositionsRebuild(layout, plan);
}

TEST_CASE("lanes out of position order scan through computed lanes",
          "[scan]") {
  // Lane bit 0 moves by 2 along the axis, lane bit 1 by 1.
  LinearLayout layout({4, 32});
  layout.addBasis(HwDim::Lane, {0, 2});
  layout.addBasis(HwDim::Lane, {0, 1});
  layout.addBasis(HwDim::Lane, {1, 0});
  layout.addBasis(HwDim::Lane, {2, 0});
  layout.addBasis(HwDim::Lane, {0, 4});
  layout.addBasis(HwDim::Register, {0, 8});
  layout.addBasis(HwDim::Register, {0, 16});
  layout.addBasis(HwDim::Warp, {0, 0});
  ScanPlan plan = planScan(layout, 1);
  REQUIRE(plan.unsupported.empty());
  REQUIRE(plan.levels.size() == 2);
  CHECK(plan.levels[0].dim == HwDim::Lane);
  CHECK(plan.levels[0].hwBits == bits({1, 0, 4}));
  CHECK_FALSE(plan.levels[0].isContiguous());
  CHECK(plan.levels[0].getHwMask() == 0b10011);
  CHECK(plan.levels[0].gatherPosition(0b00001) == 2);
  CHECK(plan.levels[0].scatterPosition(2) == 0b00001);
  CHECK(plan.levels[0].scatterPosition(5) == 0b10010);
  CHECK(plan.levels[1].dim == HwDim::Register);
  checkPositionsRebuild(layout, plan);
}

TEST_CASE("replicated lanes and warps do not move along the axis",
          "[scan]") {
  // A 16-element row on 4 warps of 32 lanes: lane bit 4 and both warp bits
  // replicate.
  BlockedLayoutSpec spec{{1}, {32}, {4}, {0}};
  LinearLayout layout = blockedToLinearLayout(spec, {16});
  ScanPlan plan = planScan(layout, 0);
  REQUIRE(plan.unsupported.empty());
  REQUIRE(plan.levels.size() == 1);
  CHECK(plan.levels[0].dim == HwDim::Lane);
  CHECK(plan.levels[0].hwBits == bits({0, 1, 2, 3}));
  checkPositionsRebuild(layout, plan);
}

TEST_CASE("a size-one axis needs no levels", "[scan]") {
  BlockedLayoutSpec spec{{1, 4}, {1, 32}, {4, 1}, {1, 0}};
  LinearLayout layout = blockedToLinearLayout(spec, {1, 128});
  ScanPlan plan = planScan(layout, 0);
  REQUIRE(plan.unsupported.empty());
  CHECK(plan.levels.empty());
}

TEST_CASE("layouts a scan cannot follow are explained", "[scan]") {
  LinearLayout diagonal({4, 4});
  diagonal.addBasis(HwDim::Register, {1, 1});
  diagonal.addBasis(HwDim::Register, {0, 1});
  diagonal.addBasis(HwDim::Lane, {2, 0});
  diagonal.addBasis(HwDim::Lane, {0, 2});
  ScanPlan plan = planScan(diagonal, 1);
  CHECK(plan.unsupported ==
        "register bit 0 moves elements both along the axis and across it");

  LinearLayout twice({4});
  twice.addBasis(HwDim::Register, {1});
  twice.addBasis(HwDim::Lane, {1});
  plan = planScan(twice, 0);
  CHECK(plan.unsupported == "lane bit 0 and register bit 0 both move by 1 "
                            "along the axis, so some elements are not held "
                            "at all");

  LinearLayout blocks({4});
  blocks.addBasis(HwDim::Register, {1});
  blocks.addBasis(HwDim::Block, {2});
  plan = planScan(blocks, 0);
  CHECK(plan.unsupported == "block bit 0 splits the axis across blocks");
}
