//===- ShapeLayoutsTest.cpp - Layouts of permute, reshape, join, split ----===//

#include "gluonc/Layout/ShapeLayouts.h"

#include <catch2/catch.hpp>

using namespace gluonc;

namespace {
BlockedLayoutSpec rowsLayout() { return {{1, 4}, {1, 32}, {4, 1}, {1, 0}}; }

/// Every element of `result` sits in the same thread as its source element
/// in `input`: checks renameRegisters against a brute-force walk.
void checkRenaming(const LinearLayout &input, const LinearLayout &result,
                   const CoordToInput &toInput) {
  std::string why;
  auto sources = renameRegisters(input, result, toInput, why);
  REQUIRE(sources);
  INFO(why);
  for (int64_t warp = 0; warp < result.getHwSize(HwDim::Warp); ++warp)
    for (int64_t lane = 0; lane < result.getHwSize(HwDim::Lane); ++lane)
      for (int64_t reg = 0; reg < result.getNumRegisters(); ++reg) {
        auto [which, coord] = toInput(result.apply(reg, lane, warp));
        CHECK((*sources)[reg].input == which);
        CHECK(input.apply((*sources)[reg].reg, lane, warp) == coord);
      }
}
} // namespace

TEST_CASE("permutations are checked", "[shape]") {
  CHECK(checkPermutation({1, 0}, 2).empty());
  CHECK(checkPermutation({0, 0}, 2) == "is not a permutation of 0..1");
  CHECK(checkPermutation({0, 1, 2}, 2) ==
        "has 3 entries for a tensor of rank 2; it must be a permutation of "
        "0..1");
  CHECK(checkPermutation({2, 0}, 2) == "is not a permutation of 0..1");
}

TEST_CASE("permute moves a blocked layout's fields with the dimensions",
          "[shape]") {
  BlockedLayoutSpec spec{{1, 2, 4}, {2, 4, 4}, {4, 1, 1}, {2, 1, 0}};
  std::vector<int32_t> order{2, 0, 1};
  BlockedLayoutSpec permuted = permuteBlocked(spec, order);
  CHECK(permuted.sizePerThread == std::vector<int32_t>{4, 1, 2});
  CHECK(permuted.threadsPerWarp == std::vector<int32_t>{4, 2, 4});
  CHECK(permuted.warpsPerCTA == std::vector<int32_t>{1, 4, 1});
  // Input dimension 2 (fastest) is now dimension 0.
  CHECK(permuted.order == std::vector<int32_t>{0, 2, 1});
  LinearLayout input = blockedToLinearLayout(spec, {8, 16, 32});
  LinearLayout result = permuteLayout(input, order);
  CHECK(result.getShape() == std::vector<int32_t>{32, 8, 16});
  CHECK(blockedToLinearLayout(permuted, {32, 8, 16}) == result);
  checkRenaming(input, result, permuteCoordMap(order));
}

TEST_CASE("reshape keeps each thread's elements", "[shape]") {
  LinearLayout input = blockedToLinearLayout(rowsLayout(), {8, 128});
  LinearLayout flat = reshapeLayout(input, {1024});
  // A row of 128 is 4 registers by 32 lanes; the 8 rows are 4 warps twice.
  CHECK(flat.getBases(HwDim::Register) ==
        std::vector<Coord>{{1}, {2}, {512}});
  CHECK(flat.getBases(HwDim::Warp) == std::vector<Coord>{{128}, {256}});
  checkRenaming(input, flat, reshapeCoordMap({8, 128}, {1024}));
  // The 1-D blocked layout with the same thread tile, repeated twice.
  auto flatBlocked = matchBlockedLayout(flat);
  REQUIRE(flatBlocked);
  CHECK(flatBlocked->sizePerThread == std::vector<int32_t>{4});
  CHECK(flatBlocked->threadsPerWarp == std::vector<int32_t>{32});
  CHECK(flatBlocked->warpsPerCTA == std::vector<int32_t>{4});

  // Column-major flattening is not blocked: a thread's 4 registers step by
  // 8 (the rows), its lanes by 32.
  LinearLayout columns = reshapeLayout(
      permuteLayout(input, {1, 0}), {1024});
  CHECK(columns.getBases(HwDim::Register)[0] == Coord{8});
  CHECK_FALSE(matchBlockedLayout(columns));

  LinearLayout split = reshapeLayout(input, {8, 4, 32});
  auto blocked = matchBlockedLayout(split);
  REQUIRE(blocked);
  CHECK(blocked->sizePerThread == std::vector<int32_t>{1, 1, 4});
  CHECK(blocked->threadsPerWarp == std::vector<int32_t>{1, 4, 8});
  CHECK(blocked->warpsPerCTA == std::vector<int32_t>{4, 1, 1});
  CHECK(blocked->order == std::vector<int32_t>{2, 1, 0});
  checkRenaming(input, split, reshapeCoordMap({8, 128}, {8, 4, 32}));
}

TEST_CASE("matching a blocked layout recovers the spec", "[shape]") {
  for (BlockedLayoutSpec spec :
       {rowsLayout(), BlockedLayoutSpec{{4}, {32}, {4}, {0}},
        BlockedLayoutSpec{{2, 1}, {8, 4}, {1, 4}, {0, 1}},
        BlockedLayoutSpec{{1, 1, 2}, {2, 4, 4}, {2, 2, 1}, {2, 0, 1}}}) {
    std::vector<int32_t> shape;
    for (int32_t size : spec.getCTATile())
      shape.push_back(size * 2);
    LinearLayout layout = blockedToLinearLayout(spec, shape);
    auto matched = matchBlockedLayout(layout);
    REQUIRE(matched);
    CHECK(blockedToLinearLayout(*matched, shape) == layout);
    CHECK(matched->sizePerThread == spec.sizePerThread);
    CHECK(matched->order == spec.order);
  }
  // Broadcast lanes in a small tensor are still read back.
  LinearLayout small =
      blockedToLinearLayout(BlockedLayoutSpec{{1}, {32}, {4}, {0}}, {16});
  auto matched = matchBlockedLayout(small);
  REQUIRE(matched);
  CHECK(blockedToLinearLayout(*matched, {16}) == small);
}

TEST_CASE("reshaping back recovers a layout that replicates", "[shape]") {
  // One row: the warps replicate along dimension 0, of size 1.
  LinearLayout row = blockedToLinearLayout(rowsLayout(), {1, 128});
  LinearLayout flat = reshapeLayout(row, {128});
  auto back = matchBlockedLayout(reshapeLayout(flat, {1, 128}));
  REQUIRE(back);
  // The replicated warps go to the most major dimension, as Triton puts
  // them.
  CHECK(back->warpsPerCTA == std::vector<int32_t>{4, 1});
  CHECK(back->sizePerThread == rowsLayout().sizePerThread);
  CHECK(back->threadsPerWarp == rowsLayout().threadsPerWarp);
  CHECK(back->order == rowsLayout().order);
}

TEST_CASE("join adds a minor dimension in registers", "[shape]") {
  LinearLayout input = blockedToLinearLayout(rowsLayout(), {8, 128});
  LinearLayout joined = joinLayout(input);
  CHECK(joined.getShape() == std::vector<int32_t>{8, 128, 2});
  CHECK(joined.getBases(HwDim::Register)[0] == Coord{0, 0, 1});
  BlockedLayoutSpec spec = joinBlocked(rowsLayout());
  CHECK(spec.sizePerThread == std::vector<int32_t>{1, 4, 2});
  CHECK(spec.order == std::vector<int32_t>{2, 1, 0});
  CHECK(blockedToLinearLayout(spec, {8, 128, 2}) == joined);
  checkRenaming(input, joined, joinCoordMap());
}

TEST_CASE("split undoes join and needs the halves in registers",
          "[shape]") {
  LinearLayout input = blockedToLinearLayout(rowsLayout(), {8, 128});
  std::string why;
  auto split = splitLayout(joinLayout(input), why);
  REQUIRE(split);
  CHECK(*split == input);
  auto spec = splitBlocked(joinBlocked(rowsLayout()));
  REQUIRE(spec);
  CHECK(spec->sizePerThread == rowsLayout().sizePerThread);
  CHECK(spec->order == rowsLayout().order);
  for (unsigned half : {0u, 1u})
    checkRenaming(joinLayout(input), *split, splitCoordMap(half));

  // The pair in lanes: each half lives in other threads.
  LinearLayout lanes =
      blockedToLinearLayout(BlockedLayoutSpec{{4, 1}, {16, 2}, {4, 1}, {1, 0}},
                            {256, 2});
  CHECK_FALSE(splitLayout(lanes, why));
  CHECK(why == "the two halves are held by different threads (lane bit 0 "
               "moves along the last dimension)");
  CHECK_FALSE(splitBlocked(BlockedLayoutSpec{{4, 1}, {16, 2}, {4, 1}, {1, 0}}));

  LinearLayout four = blockedToLinearLayout(rowsLayout(), {8, 4});
  CHECK_FALSE(splitLayout(four, why));
  CHECK(why == "the last dimension has size 4, not 2");

  // Pair held by register bit 2 (not the lowest): still a split, now linear.
  LinearLayout high =
      blockedToLinearLayout(BlockedLayoutSpec{{2, 4}, {16, 2}, {4, 1}, {0, 1}},
                            {128, 2});
  auto highSplit = splitLayout(high, why);
  REQUIRE(highSplit);
  checkRenaming(high, *highSplit, splitCoordMap(1));
}

TEST_CASE("renaming refuses data that changes thread", "[shape]") {
  LinearLayout input = blockedToLinearLayout(rowsLayout(), {8, 128});
  LinearLayout other = blockedToLinearLayout(
      BlockedLayoutSpec{{4, 1}, {32, 1}, {1, 4}, {0, 1}}, {8, 128});
  std::string why;
  CHECK_FALSE(renameRegisters(input, other, permuteCoordMap({0, 1}), why));
  CHECK(why == "lane bit 0 holds different elements in the two layouts");
}
