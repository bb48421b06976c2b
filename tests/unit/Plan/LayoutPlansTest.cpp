//===- PlansTest.cpp - Reduction and conversion plans ---------------------===//

#include "gluonc/Plan/LayoutPlans.h"

#include <catch2/catch.hpp>

using namespace gluonc;

namespace {
// 4 warps, each row of 128 elements held by one warp (4 per lane).
BlockedLayoutSpec rowsLayout() { return {{1, 4}, {1, 32}, {4, 1}, {1, 0}}; }

LinearLayout slice(const BlockedLayoutSpec &parent, std::vector<int32_t> shape,
                   unsigned dim) {
  shape[dim] = 1;
  return sliceToLinearLayout(blockedToLinearLayout(parent, shape), dim);
}
} // namespace

TEST_CASE("row reductions stay within a warp", "[plans]") {
  LinearLayout input = blockedToLinearLayout(rowsLayout(), {8, 128});
  LinearLayout result = slice(rowsLayout(), {8, 128}, 1);
  ReductionPlan plan = planReduction(input, result, 1);
  REQUIRE(plan.unsupported.empty());
  // All five lane bits move along the row; no warp bit does.
  CHECK(plan.laneBits == std::vector<unsigned>{0, 1, 2, 3, 4});
  CHECK(plan.warpBits.empty());
  CHECK(plan.getWarpsAlongAxis() == 1);
  // 8 rows over 4 warps: 2 rows (registers) per thread, 4 registers each.
  CHECK(input.getNumRegisters() == 8);
  CHECK(result.getNumRegisters() == 2);
  CHECK(plan.groupOfRegister == std::vector<int64_t>{0, 0, 0, 0, 1, 1, 1, 1});
  CHECK(plan.resultRegisters == std::vector<int64_t>{0, 4});
}

TEST_CASE("column reductions go through shared memory across warps",
          "[plans]") {
  LinearLayout input = blockedToLinearLayout(rowsLayout(), {8, 128});
  LinearLayout result = slice(rowsLayout(), {8, 128}, 0);
  ReductionPlan plan = planReduction(input, result, 0);
  REQUIRE(plan.unsupported.empty());
  CHECK(plan.laneBits.empty());
  CHECK(plan.warpBits == std::vector<unsigned>{0, 1});
  CHECK(plan.getWarpsAlongAxis() == 4);
  // Rows 0-3 in warps, rows 4-7 in the second register tile.
  CHECK(result.getNumRegisters() == 4);
  CHECK(plan.groupOfRegister == std::vector<int64_t>{0, 1, 2, 3, 0, 1, 2, 3});
}

TEST_CASE("a 1-D reduction ends in one value everywhere", "[plans]") {
  BlockedLayoutSpec spec{{4}, {32}, {4}, {0}};
  LinearLayout input = blockedToLinearLayout(spec, {1024});
  ReductionPlan plan = planReduction(input, makeScalarLayout(input), 0);
  REQUIRE(plan.unsupported.empty());
  CHECK(plan.laneBits.size() == 5);
  CHECK(plan.warpBits.size() == 2);
  CHECK(plan.resultRegisters == std::vector<int64_t>{0});
  CHECK(plan.groupOfRegister == std::vector<int64_t>(8, 0));
}

TEST_CASE("replicated lanes are not combined twice", "[plans]") {
  // A 64-element tensor in a 512-element layout: warps replicate it.
  BlockedLayoutSpec spec{{2}, {32}, {4}, {0}};
  LinearLayout input = blockedToLinearLayout(spec, {64});
  ReductionPlan plan = planReduction(input, makeScalarLayout(input), 0);
  REQUIRE(plan.unsupported.empty());
  CHECK(plan.laneBits.size() == 5);
  CHECK(plan.warpBits.empty());
}

TEST_CASE("conversions are free, permutations or through memory",
          "[plans]") {
  BlockedLayoutSpec a{{1, 4}, {8, 4}, {4, 1}, {1, 0}};
  BlockedLayoutSpec b{{4, 1}, {4, 8}, {1, 4}, {0, 1}};
  LinearLayout la = blockedToLinearLayout(a, {32, 32});
  LinearLayout lb = blockedToLinearLayout(b, {32, 32});
  CHECK(planConversion(la, la) == ConversionKind::Free);
  CHECK(planConversion(la, lb) == ConversionKind::SharedMemory);

  // The same threads, registers in another order: a 2x2 tile per thread
  // walked row-first or column-first.
  LinearLayout rowFirst({2, 64}), colFirst({2, 64});
  rowFirst.addBasis(HwDim::Register, {0, 1});
  rowFirst.addBasis(HwDim::Register, {1, 0});
  colFirst.addBasis(HwDim::Register, {1, 0});
  colFirst.addBasis(HwDim::Register, {0, 1});
  for (LinearLayout *ll : {&rowFirst, &colFirst})
    for (int32_t step : {2, 4, 8, 16, 32})
      ll->addBasis(HwDim::Lane, {0, step});
  CHECK(planConversion(rowFirst, colFirst) ==
        ConversionKind::RegisterPermutation);
  // Two spellings of one layout are free.
  BlockedLayoutSpec same{{1, 4}, {8, 4}, {4, 1}, {1, 0}};
  CHECK(planConversion(la, blockedToLinearLayout(same, {32, 32})) ==
        ConversionKind::Free);
  CHECK(std::string(getConversionKindName(ConversionKind::SharedMemory)) ==
        "shared memory");
}
