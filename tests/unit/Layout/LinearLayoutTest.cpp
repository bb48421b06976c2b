//===- LinearLayoutTest.cpp - Linear layouts against hand-worked tables ---===//

#include "gluonc/Layout/LinearLayout.h"

#include <catch2/catch.hpp>

#include <set>

using namespace gluonc;

namespace {
// The example of Gluon's layout tutorial: each thread a 2x4 tile, a warp
// 16x2 threads, 2x2 warps, dimension 1 fastest.
BlockedLayoutSpec tutorialLayout() {
  return BlockedLayoutSpec{{2, 4}, {16, 2}, {2, 2}, {1, 0}};
}

std::vector<Coord> coords(std::initializer_list<Coord> list) { return list; }
} // namespace

TEST_CASE("blocked layout spec validation", "[layout]") {
  CHECK(tutorialLayout().validate().empty());
  CHECK(tutorialLayout().getCTATile() == std::vector<int32_t>{64, 16});
  BlockedLayoutSpec bad{{3}, {32}, {4}, {0}};
  CHECK(bad.validate() == "size_per_thread entries must be powers of two");
  BlockedLayoutSpec badOrder{{1, 1}, {4, 8}, {4, 1}, {0, 0}};
  CHECK(badOrder.validate() == "order must be a permutation of 0..1");
  BlockedLayoutSpec badRank{{1, 1}, {32}, {4, 1}, {0, 1}};
  CHECK(!badRank.validate().empty());
}

TEST_CASE("tutorial blocked layout tiles a 64x16 block", "[layout]") {
  LinearLayout ll = blockedToLinearLayout(tutorialLayout(), {64, 16});
  // Registers walk the 2x4 thread tile, dimension 1 first.
  CHECK(ll.getBases(HwDim::Register) == coords({{0, 1}, {0, 2}, {1, 0}}));
  // Lanes: the 2 threads along dimension 1 first, then 16 along dimension 0.
  CHECK(ll.getBases(HwDim::Lane) ==
        coords({{0, 4}, {2, 0}, {4, 0}, {8, 0}, {16, 0}}));
  CHECK(ll.getBases(HwDim::Warp) == coords({{0, 8}, {32, 0}}));
  CHECK(ll.getNumRegisters() == 8);
  CHECK(ll.isSurjective());
  CHECK_FALSE(ll.hasBroadcast(HwDim::Lane));
  CHECK_FALSE(ll.hasBroadcast(HwDim::Warp));

  // Spot checks of the full table.
  CHECK(ll.apply(/*reg=*/0, /*lane=*/0, /*warp=*/0) == Coord{0, 0});
  CHECK(ll.apply(3, 0, 0) == Coord{0, 3});
  CHECK(ll.apply(4, 0, 0) == Coord{1, 0});
  CHECK(ll.apply(7, 0, 0) == Coord{1, 3});
  CHECK(ll.apply(0, 1, 0) == Coord{0, 4});
  CHECK(ll.apply(5, 3, 0) == Coord{3, 5});
  CHECK(ll.apply(0, 31, 0) == Coord{30, 4});
  CHECK(ll.apply(7, 31, 3) == Coord{63, 15});

  // Every element of the block has exactly one owner.
  std::set<Coord> seen;
  for (int w = 0; w < 4; ++w)
    for (int l = 0; l < 32; ++l)
      for (int r = 0; r < 8; ++r)
        CHECK(seen.insert(ll.apply(r, l, w)).second);
  CHECK(seen.size() == 64 * 16);
}

TEST_CASE("a larger tensor repeats the block along registers", "[layout]") {
  // 128x128 is 2x8 blocks of 64x16, 8 elements per thread each: 128
  // registers per thread (16384 elements over 128 threads). Gluon's layout
  // tutorial says 64, which is the count for 128x64.
  LinearLayout big = blockedToLinearLayout(tutorialLayout(), {128, 128});
  CHECK(big.getNumRegisters() == 128);
  CHECK(big.getBases(HwDim::Register) ==
        coords({{0, 1}, {0, 2}, {1, 0}, {0, 16}, {0, 32}, {0, 64}, {64, 0}}));
  CHECK(big.isSurjective());
  // Register 8 is the same thread's element one block to the right.
  CHECK(big.apply(8, 0, 0) == Coord{0, 16});

  LinearLayout half = blockedToLinearLayout(tutorialLayout(), {128, 64});
  CHECK(half.getNumRegisters() == 64);
}

TEST_CASE("a smaller tensor is replicated across warps", "[layout]") {
  // The tutorial's 32x8 example: each warp holds a full copy.
  LinearLayout ll = blockedToLinearLayout(tutorialLayout(), {32, 8});
  CHECK(ll.getNumRegisters() == 8);
  CHECK(ll.getBases(HwDim::Warp) == coords({{0, 0}, {0, 0}}));
  CHECK(ll.hasBroadcast(HwDim::Warp));
  CHECK_FALSE(ll.hasBroadcast(HwDim::Lane));
  for (int w = 1; w < 4; ++w)
    for (int l = 0; l < 32; ++l)
      CHECK(ll.apply(5, l, w) == ll.apply(5, l, 0));
  CHECK(ll.isSurjective());
}

TEST_CASE("registers beyond a tiny tensor are dropped", "[layout]") {
  BlockedLayoutSpec spec{{4}, {32}, {4}, {0}};
  LinearLayout ll = blockedToLinearLayout(spec, {2});
  CHECK(ll.getBases(HwDim::Register) == coords({{1}}));
  CHECK(ll.getBases(HwDim::Lane) == coords({{0}, {0}, {0}, {0}, {0}}));
  CHECK(ll.hasBroadcast(HwDim::Lane));
}

TEST_CASE("the vector-add layout", "[layout]") {
  BlockedLayoutSpec spec{{4}, {32}, {4}, {0}};
  LinearLayout ll = blockedToLinearLayout(spec, {1024});
  CHECK(ll.getBases(HwDim::Register) == coords({{1}, {2}, {512}}));
  CHECK(ll.getBases(HwDim::Lane) == coords({{4}, {8}, {16}, {32}, {64}}));
  CHECK(ll.getBases(HwDim::Warp) == coords({{128}, {256}}));
  CHECK(ll.getContiguousRegisters(0) == 4);
  CHECK(ll.getVectorizableRegisters(0) == 4);
  CHECK(ll.apply(4, 0, 0) == Coord{512});
  CHECK(ll.apply(2, 5, 3) == Coord{2 + 20 + 384});
}

TEST_CASE("slice layouts replicate across the removed dimension", "[layout]") {
  BlockedLayoutSpec parent{{1, 4}, {8, 4}, {4, 1}, {1, 0}};
  LinearLayout rows =
      sliceToLinearLayout(blockedToLinearLayout(parent, {64, 1}), 1);
  CHECK(rows.getShape() == std::vector<int32_t>{64});
  CHECK(rows.getBases(HwDim::Register) == coords({{32}}));
  CHECK(rows.getBases(HwDim::Lane) == coords({{0}, {0}, {1}, {2}, {4}}));
  CHECK(rows.getBases(HwDim::Warp) == coords({{8}, {16}}));
  CHECK(rows.hasBroadcast(HwDim::Lane));

  LinearLayout cols =
      sliceToLinearLayout(blockedToLinearLayout(parent, {1, 16}), 0);
  CHECK(cols.getBases(HwDim::Register) == coords({{1}, {2}}));
  CHECK(cols.getBases(HwDim::Lane) == coords({{4}, {8}, {0}, {0}, {0}}));
  CHECK(cols.getBases(HwDim::Warp) == coords({{0}, {0}}));
}

TEST_CASE("expand_dims and broadcast stay within a thread", "[layout]") {
  BlockedLayoutSpec parent{{1, 4}, {8, 4}, {4, 1}, {1, 0}};
  LinearLayout column = blockedToLinearLayout(parent, {64, 1});
  LinearLayout rows = sliceToLinearLayout(column, 1);

  // expand_dims(rows, 1): dst [64, 1] -> src [64].
  auto expand = mapRegistersWithinThread(rows, column, {0, -1});
  REQUIRE(expand);
  CHECK(*expand == std::vector<int64_t>{0, 1});

  // broadcast [64, 1] -> [64, 16]: dimension 1 is dropped.
  LinearLayout full = blockedToLinearLayout(parent, {64, 16});
  CHECK(full.getNumRegisters() == 8);
  auto bcast = mapRegistersWithinThread(column, full, {0, -1});
  REQUIRE(bcast);
  CHECK(*bcast == std::vector<int64_t>{0, 0, 0, 0, 1, 1, 1, 1});

  // A different parent puts rows in other threads: no in-thread mapping.
  BlockedLayoutSpec other{{4, 1}, {8, 4}, {1, 4}, {0, 1}};
  LinearLayout otherColumn = blockedToLinearLayout(other, {64, 1});
  CHECK_FALSE(mapRegistersWithinThread(rows, otherColumn, {0, -1}));
}

TEST_CASE("printing is deterministic", "[layout]") {
  BlockedLayoutSpec spec{{4}, {32}, {4}, {0}};
  CHECK(blockedToLinearLayout(spec, {1024}).toString() ==
        "shape [1024]: register [[1], [2], [512]] lane [[4], [8], [16], "
        "[32], [64]] warp [[128], [256]]");
}

TEST_CASE("vector groups must start at multiples of their size", "[layout]") {
  // Four consecutive registers; lanes step by four elements, so every group
  // of four starts at a multiple of four. A lane step of six breaks that.
  LinearLayout ll({64});
  ll.addBasis(HwDim::Register, {1});
  ll.addBasis(HwDim::Register, {2});
  ll.addBasis(HwDim::Lane, {4});
  ll.addBasis(HwDim::Lane, {8});
  CHECK(ll.getVectorizableRegisters(0) == 4);
  LinearLayout shifted({64});
  shifted.addBasis(HwDim::Register, {1});
  shifted.addBasis(HwDim::Register, {2});
  shifted.addBasis(HwDim::Lane, {6});
  CHECK(shifted.getContiguousRegisters(0) == 4);
  CHECK(shifted.getVectorizableRegisters(0) == 2);
  // Dimension 1 fastest: registers are contiguous along 1, not along 0.
  BlockedLayoutSpec rowMajor{{1, 4}, {8, 4}, {4, 1}, {1, 0}};
  LinearLayout tile = blockedToLinearLayout(rowMajor, {32, 16});
  CHECK(tile.getVectorizableRegisters(1) == 4);
  CHECK(tile.getVectorizableRegisters(0) == 1);
}

namespace {
/// The (lane, warp) pairs of `layout` that hold `coord`.
std::set<std::pair<int64_t, int64_t>> holders(const LinearLayout &layout,
                                              const Coord &coord) {
  std::set<std::pair<int64_t, int64_t>> result;
  for (int64_t warp = 0; warp < layout.getHwSize(HwDim::Warp); ++warp)
    for (int64_t lane = 0; lane < layout.getHwSize(HwDim::Lane); ++lane)
      for (int64_t reg = 0; reg < layout.getNumRegisters(); ++reg)
        if (layout.apply(reg, lane, warp) == coord)
          result.insert({lane, warp});
  return result;
}
} // namespace

TEST_CASE("FMA dot operands hold all of K for the accumulator's rows and "
          "columns", "[layout]") {
  // The accumulator [M, N] = [32, 16]; K = 8.
  BlockedLayoutSpec acc{{1, 2}, {8, 4}, {2, 2}, {1, 0}};
  LinearLayout accLayout = blockedToLinearLayout(acc, {32, 16});
  LinearLayout a = fmaDotOperandToLinearLayout(acc, 0, {32, 8});
  LinearLayout b = fmaDotOperandToLinearLayout(acc, 1, {8, 16});
  CHECK(a.isSurjective());
  CHECK(b.isSurjective());
  // Registers: all of K first for A (the parent order), then the rows the
  // 16-row tile repeats over.
  CHECK(a.getBases(HwDim::Register) ==
        std::vector<Coord>{{0, 1}, {0, 2}, {0, 4}, {16, 0}});
  // The thread that owns accumulator element (m, n) must hold A[m, k] and
  // B[k, n] for every k, in its own registers: a dot needs no exchange.
  for (int32_t m = 0; m < 32; ++m)
    for (int32_t n = 0; n < 16; ++n)
      for (auto [lane, warp] : holders(accLayout, {m, n}))
        for (int32_t k = 0; k < 8; ++k) {
          INFO("m " << m << " n " << n << " k " << k << " lane " << lane
                    << " warp " << warp);
          CHECK(holders(a, {m, k}).count({lane, warp}) == 1);
          CHECK(holders(b, {k, n}).count({lane, warp}) == 1);
        }
  // Triton's bases for operand 1: the lanes and warps that split the rows
  // (M, not a dimension of B) replicate.
  CHECK(b.getBases(HwDim::Lane) ==
        std::vector<Coord>{{0, 2}, {0, 4}, {0, 0}, {0, 0}, {0, 0}});
  CHECK(b.getBases(HwDim::Warp) == std::vector<Coord>{{0, 8}, {0, 0}});
}

TEST_CASE("MFMA layouts give each lane what the instruction reads and writes",
          "[layout]") {
  // The CDNA3 ISA's placement for v_mfma_f32_32x32x8f16 (per wave):
  //   D[i] of lane l: row 8 * (i / 4) + 4 * (l / 32) + i % 4, column l % 32;
  //   A[j] of lane l: row l % 32, k 4 * (l / 32) + j;  B: k alike, column
  //   l % 32.
  // With 2 x 2 waves the tiles of wave w sit at (32 * (w / 2), 32 * (w % 2))
  // (the last dimension fastest); a 128 x 64 accumulator repeats them.
  MfmaLayoutSpec spec{3, {32, 32, 8}, false, {2, 2}};
  CHECK(spec.validate().empty());
  LinearLayout acc = mfmaToLinearLayout(spec, {128, 64});
  LinearLayout a = mfmaDotOperandToLinearLayout(spec, 0, 4, {128, 16});
  LinearLayout b = mfmaDotOperandToLinearLayout(spec, 1, 4, {16, 64});
  CHECK(acc.isSurjective());
  CHECK(a.isSurjective());
  CHECK(b.isSurjective());
  for (int64_t warp = 0; warp < 4; ++warp)
    for (int64_t lane = 0; lane < 64; ++lane) {
      int32_t rowBase = 32 * int32_t(warp / 2), colBase = 32 * int32_t(warp % 2);
      for (int64_t i = 0; i < 16; ++i)
        CHECK(acc.apply(i, lane, warp) ==
              Coord{rowBase + int32_t(8 * (i / 4) + 4 * (lane / 32) + i % 4),
                    colBase + int32_t(lane % 32)});
      for (int64_t j = 0; j < 4; ++j) {
        CHECK(a.apply(j, lane, warp) ==
              Coord{rowBase + int32_t(lane % 32), int32_t(4 * (lane / 32) + j)});
        CHECK(b.apply(j, lane, warp) ==
              Coord{int32_t(4 * (lane / 32) + j), colBase + int32_t(lane % 32)});
      }
    }
  // Beyond the first tile: K steps of 8 (registers 4, 8 of A), then the
  // tiles 64 rows down.
  CHECK(a.apply(4, 0, 0) == Coord{0, 8});
  CHECK(a.apply(8, 0, 0) == Coord{64, 0});
  CHECK(acc.apply(16, 0, 0) == Coord{64, 0});
}

TEST_CASE("16 x 16 MFMA tiles", "[layout]") {
  // v_mfma_f32_16x16x16f16: D[i] of lane l at row 4 * (l / 16) + i, column
  // l % 16; A[j] at row l % 16, k 4 * (l / 16) + j.
  MfmaLayoutSpec spec{4, {16, 16, 16}, false, {1, 1}};
  LinearLayout acc = mfmaToLinearLayout(spec, {16, 16});
  LinearLayout a = mfmaDotOperandToLinearLayout(spec, 0, 4, {16, 16});
  for (int64_t lane = 0; lane < 64; ++lane)
    for (int64_t i = 0; i < 4; ++i) {
      CHECK(acc.apply(i, lane, 0) ==
            Coord{int32_t(4 * (lane / 16) + i), int32_t(lane % 16)});
      CHECK(a.apply(i, lane, 0) ==
            Coord{int32_t(lane % 16), int32_t(4 * (lane / 16) + i)});
    }
  CHECK_FALSE(MfmaLayoutSpec({5, {32, 32, 8}, false, {1, 1}}).validate().empty());
  CHECK(spec.checkShape({8, 16}).find("smaller") != std::string::npos);
}

TEST_CASE("MFMA tiles smaller than the warps' are held by every warp",
          "[layout]") {
  // Triton's test_amd_mfma: a 32 x 32 accumulator under a [4, 1] layout of
  // 32 x 32 tiles, spelled with Triton 3.6's two-element instr_shape (K
  // from k_width: 8 for CDNA3's v_mfma_f32_32x32x8 with k_width 4). Every
  // warp holds the one tile, as warp 0 does, and the operands alike: the
  // lowering's gathers find the same registers in each warp.
  MfmaLayoutSpec spec{3, {32, 32}, true, {4, 1}};
  CHECK(spec.validate().empty());
  CHECK(spec.getInstrK(4) == 8);
  CHECK(spec.checkShape({32, 32}).empty());
  CHECK(spec.checkShape({16, 32}).find("smaller") != std::string::npos);
  LinearLayout acc = mfmaToLinearLayout(spec, {32, 32});
  LinearLayout a = mfmaDotOperandToLinearLayout(spec, 0, 4, {32, 16});
  LinearLayout b = mfmaDotOperandToLinearLayout(spec, 1, 4, {16, 32});
  CHECK(acc.isSurjective());
  for (int64_t warp = 1; warp < 4; ++warp)
    for (int64_t lane = 0; lane < 64; ++lane) {
      for (int64_t i = 0; i < 16; ++i)
        CHECK(acc.apply(i, lane, warp) == acc.apply(i, lane, 0));
      for (int64_t j = 0; j < 8; ++j) {
        CHECK(a.apply(j, lane, warp) == a.apply(j, lane, 0));
        CHECK(b.apply(j, lane, warp) == b.apply(j, lane, 0));
      }
    }
  // Warp 0's tile is the single-warp placement (transposed: C's row
  // l % 32, column 8 * (i / 4) + 4 * (l / 32) + i % 4).
  for (int64_t lane = 0; lane < 64; ++lane)
    for (int64_t i = 0; i < 16; ++i)
      CHECK(acc.apply(i, lane, 0) ==
            Coord{int32_t(lane % 32),
                  int32_t(8 * (i / 4) + 4 * (lane / 32) + i % 4)});
  CHECK_FALSE(MfmaLayoutSpec({3, {32, 16}, false, {1, 1}}).validate().empty());
}

TEST_CASE("Transposed MFMA layouts hold the results of B^T A^T",
          "[layout]") {
  // The instruction run on (B^T, A^T) writes D'[i] of lane l at row
  // 8 * (i / 4) + 4 * (l / 32) + i % 4, column l % 32 of C^T: C's row
  // l % 32 and column 8 * (i / 4) + 4 * (l / 32) + i % 4. A lane's four
  // consecutive results are four consecutive columns.
  MfmaLayoutSpec spec{3, {32, 32, 8}, true, {2, 2}};
  CHECK(spec.validate().empty());
  LinearLayout acc = mfmaToLinearLayout(spec, {64, 64});
  CHECK(acc.isSurjective());
  for (int64_t warp = 0; warp < 4; ++warp)
    for (int64_t lane = 0; lane < 64; ++lane)
      for (int64_t i = 0; i < 16; ++i)
        CHECK(acc.apply(i, lane, warp) ==
              Coord{32 * int32_t(warp / 2) + int32_t(lane % 32),
                    32 * int32_t(warp % 2) +
                        int32_t(8 * (i / 4) + 4 * (lane / 32) + i % 4)});
  // 16 x 16: C's row l % 16, column 4 * (l / 16) + i.
  MfmaLayoutSpec small{4, {16, 16, 16}, true, {1, 1}};
  LinearLayout acc16 = mfmaToLinearLayout(small, {16, 16});
  for (int64_t lane = 0; lane < 64; ++lane)
    for (int64_t i = 0; i < 4; ++i)
      CHECK(acc16.apply(i, lane, 0) ==
            Coord{int32_t(lane % 16), int32_t(4 * (lane / 16) + i)});
}

TEST_CASE("CDNA4 MFMA operands hold 8 elements of K per lane", "[layout]") {
  // v_mfma_f32_32x32x16_{f16,bf16} (gfx950): A[j] of lane l at row l % 32,
  // k 8 * (l / 32) + j; B alike with the column l % 32. 16x16x32: row
  // l % 16, k 8 * (l / 16) + j.
  MfmaLayoutSpec spec{4, {32, 32, 16}, false, {1, 1}};
  LinearLayout a = mfmaDotOperandToLinearLayout(spec, 0, 8, {32, 32});
  LinearLayout b = mfmaDotOperandToLinearLayout(spec, 1, 8, {32, 32});
  for (int64_t lane = 0; lane < 64; ++lane)
    for (int64_t j = 0; j < 8; ++j) {
      CHECK(a.apply(j, lane, 0) ==
            Coord{int32_t(lane % 32), int32_t(8 * (lane / 32) + j)});
      CHECK(b.apply(j, lane, 0) ==
            Coord{int32_t(8 * (lane / 32) + j), int32_t(lane % 32)});
    }
  // The next instruction's K: registers 8..15 hold k 16..31.
  CHECK(a.apply(8, 0, 0) == Coord{0, 16});
  MfmaLayoutSpec small{4, {16, 16, 32}, false, {1, 1}};
  LinearLayout a16 = mfmaDotOperandToLinearLayout(small, 0, 8, {16, 32});
  for (int64_t lane = 0; lane < 64; ++lane)
    for (int64_t j = 0; j < 8; ++j)
      CHECK(a16.apply(j, lane, 0) ==
            Coord{int32_t(lane % 16), int32_t(8 * (lane / 16) + j)});
}

TEST_CASE("the NVMMA accumulator is the PTX ISA's wgmma and mma fragment",
          "[nvmma]") {
  // wgmma.m64nNk16 (PTX ISA, "Matrix fragments for wgmma ... D"): warp w of
  // the warpgroup, lane l, register i holds row 16 w + l / 4 + 8 ((i / 2) %
  // 2), column 8 (i / 4) + 2 (l % 4) + i % 2.
  NvidiaMmaLayoutSpec spec{{3, 0}, {4, 1}, {16, 64, 16}};
  REQUIRE(spec.validate().empty());
  LinearLayout acc = nvidiaMmaToLinearLayout(spec, {64, 64});
  CHECK(acc.isSurjective());
  CHECK(acc.getNumRegisters() == 32);
  for (int64_t warp = 0; warp < 4; ++warp)
    for (int64_t lane = 0; lane < 32; ++lane)
      for (int64_t i = 0; i < 32; ++i)
        CHECK(acc.apply(i, lane, warp) ==
              Coord{int32_t(16 * warp + lane / 4 + 8 * ((i / 2) % 2)),
                    int32_t(8 * (i / 4) + 2 * (lane % 4) + i % 2)});
  // Two warpgroups along M and a 128 x 128 tensor of 64-wide instructions:
  // warps 4-7 take rows 64-127; the second N half repeats in registers.
  NvidiaMmaLayoutSpec two{{3, 0}, {8, 1}, {16, 64, 16}};
  LinearLayout wide = nvidiaMmaToLinearLayout(two, {128, 128});
  CHECK(wide.apply(0, 0, 4) == Coord{64, 0});
  CHECK(wide.apply(32, 0, 0) == Coord{0, 64});
  // mma.m16n8k16 (version [2, 0]): c0, c1 at row l / 4, columns 2 (l % 4)
  // and +1; c2, c3 eight rows below. Warps go along N first.
  NvidiaMmaLayoutSpec v2{{2, 0}, {2, 2}, {16, 8}};
  REQUIRE(v2.validate().empty());
  LinearLayout mma = nvidiaMmaToLinearLayout(v2, {32, 16});
  for (int64_t lane = 0; lane < 32; ++lane)
    for (int64_t i = 0; i < 4; ++i)
      CHECK(mma.apply(i, lane, 0) ==
            Coord{int32_t(lane / 4 + 8 * (i / 2)),
                  int32_t(2 * (lane % 4) + i % 2)});
  CHECK(mma.apply(0, 0, 1) == Coord{0, 8});
  CHECK(mma.apply(0, 0, 2) == Coord{16, 0});
  // What gluonc refuses.
  CHECK(NvidiaMmaLayoutSpec{{3, 0}, {2, 2}, {16, 64, 16}}.validate().find(
            "multiple of 4") != std::string::npos);
  CHECK(NvidiaMmaLayoutSpec{{3, 0}, {4, 1}, {16, 96, 16}}.validate().find(
            "power of two") != std::string::npos);
  CHECK(NvidiaMmaLayoutSpec{{1, 0}, {4, 1}, {16, 8}}.validate().find(
            "not supported yet") != std::string::npos);
  CHECK(spec.checkShape({32, 64}).find("smaller") != std::string::npos);
}

TEST_CASE("wgmma's register A follows the PTX fragment table", "[layout]") {
  // wgmma .m64nNk16 with A in registers (PTX ISA, "Register Fragments" of
  // wgmma's A for .f16/.bf16): lane l of warp w holds a0, a1 at row
  // 16 w + l / 4, columns 2 (l % 4) and +1; a2, a3 eight rows below; a4-a7
  // the same 8 columns further. Registers pack in pairs: a0..a7 in order.
  NvidiaMmaLayoutSpec spec{{3, 0}, {4, 1}, {16, 64, 16}};
  LinearLayout a = nvidiaMmaDotOperandToLinearLayout(spec, 0, 2, {64, 32});
  CHECK(a.isSurjective());
  CHECK(a.getNumRegisters() == 16);
  for (int64_t warp = 0; warp < 4; ++warp)
    for (int64_t lane = 0; lane < 32; ++lane)
      for (int64_t i = 0; i < 16; ++i)
        CHECK(a.apply(i, lane, warp) ==
              Coord{int32_t(16 * warp + lane / 4 + 8 * ((i / 2) % 2)),
                    int32_t(16 * (i / 8) + 8 * ((i / 4) % 2) +
                            2 * (lane % 4) + i % 2)});
  // 8-bit elements (.e4m3, k32): four to a register, K halves 16 apart.
  LinearLayout fp8 = nvidiaMmaDotOperandToLinearLayout(spec, 0, 4, {64, 32});
  for (int64_t lane = 0; lane < 32; ++lane)
    for (int64_t i = 0; i < 16; ++i)
      CHECK(fp8.apply(i, lane, 0) ==
            Coord{int32_t(lane / 4 + 8 * ((i / 4) % 2)),
                  int32_t(16 * (i / 8) + 4 * (lane % 4) + i % 4)});
  // Two warpgroups along M, two warps along N: the second warpgroup takes
  // rows 64-127, warps along N hold copies.
  NvidiaMmaLayoutSpec two{{3, 0}, {8, 2}, {16, 64, 16}};
  LinearLayout wide = nvidiaMmaDotOperandToLinearLayout(two, 0, 2, {128, 16});
  CHECK(wide.apply(0, 0, 4) == Coord{64, 0});
  CHECK(wide.apply(0, 0, 8) == Coord{0, 0});
  CHECK(two.checkDotOperand(1, 2).find("shared memory") != std::string::npos);
  CHECK(two.checkDotOperand(0, 3).find("k_width") != std::string::npos);
  CHECK(two.checkDotOperand(0, 2).empty());
}

// The PTX ISA's fragment tables of mma.sync ("Matrix Fragments for
// mma.m16n8k8 / m16n8k16 / m16n8k32"), with g = lane / 4 (groupID) and
// t = lane % 4 (threadID_in_group).
TEST_CASE("mma_v2's f16 and bf16 operands follow the m16n8k16 fragments",
          "[nvmma]") {
  NvidiaMmaLayoutSpec spec{{2, 0}, {1, 1}, {16, 8}};
  REQUIRE(spec.checkDotOperand(0, 2).empty());
  REQUIRE(spec.checkDotOperand(1, 2).empty());
  // A (.f16x2 x 4): a_i at row g + 8 for i in {2, 3, 6, 7}, column
  // 2 t + (i & 1), + 8 for i >= 4.
  LinearLayout a = nvidiaMmaDotOperandToLinearLayout(spec, 0, 2, {16, 16});
  CHECK(a.isSurjective());
  REQUIRE(a.getNumRegisters() == 8);
  for (int64_t lane = 0; lane < 32; ++lane)
    for (int64_t i = 0; i < 8; ++i) {
      int32_t g = int32_t(lane / 4), t = int32_t(lane % 4);
      int32_t row = (i < 2 || (i >= 4 && i < 6)) ? g : g + 8;
      int32_t col = 2 * t + int32_t(i & 1) + (i >= 4 ? 8 : 0);
      CHECK(a.apply(i, lane, 0) == Coord{row, col});
    }
  // B (.f16x2 x 2): b_i at row (K) 2 t + (i & 1), + 8 for i >= 2; column g.
  LinearLayout b = nvidiaMmaDotOperandToLinearLayout(spec, 1, 2, {16, 8});
  CHECK(b.isSurjective());
  REQUIRE(b.getNumRegisters() == 4);
  for (int64_t lane = 0; lane < 32; ++lane)
    for (int64_t i = 0; i < 4; ++i)
      CHECK(b.apply(i, lane, 0) ==
            Coord{int32_t(2 * (lane % 4) + (i & 1) + (i >= 2 ? 8 : 0)),
                  int32_t(lane / 4)});
}

TEST_CASE("mma_v2's tf32 operands follow the m16n8k8 fragments", "[nvmma]") {
  NvidiaMmaLayoutSpec spec{{2, 0}, {1, 1}, {16, 8}};
  // A (.b32 x 4): a0 (g, t), a1 (g + 8, t), a2 (g, t + 4), a3 (g + 8, t + 4).
  LinearLayout a = nvidiaMmaDotOperandToLinearLayout(spec, 0, 1, {16, 8});
  CHECK(a.isSurjective());
  REQUIRE(a.getNumRegisters() == 4);
  for (int64_t lane = 0; lane < 32; ++lane)
    for (int64_t i = 0; i < 4; ++i)
      CHECK(a.apply(i, lane, 0) == Coord{int32_t(lane / 4 + (i % 2 ? 8 : 0)),
                                         int32_t(lane % 4 + (i >= 2 ? 4 : 0))});
  // B (.b32 x 2): b0 at row t, b1 at row t + 4; column g.
  LinearLayout b = nvidiaMmaDotOperandToLinearLayout(spec, 1, 1, {8, 8});
  CHECK(b.isSurjective());
  REQUIRE(b.getNumRegisters() == 2);
  for (int64_t lane = 0; lane < 32; ++lane)
    for (int64_t i = 0; i < 2; ++i)
      CHECK(b.apply(i, lane, 0) ==
            Coord{int32_t(lane % 4 + 4 * i), int32_t(lane / 4)});
}

TEST_CASE("mma_v2's 8-bit operands follow the m16n8k32 fragments", "[nvmma]") {
  NvidiaMmaLayoutSpec spec{{2, 0}, {1, 1}, {16, 8}};
  // A (.b32 x 4 of four .s8 each): a_i at row g for i in [0, 4) and
  // [8, 12), g + 8 otherwise; column 4 t + (i & 3), + 16 for i >= 8.
  LinearLayout a = nvidiaMmaDotOperandToLinearLayout(spec, 0, 4, {16, 32});
  CHECK(a.isSurjective());
  REQUIRE(a.getNumRegisters() == 16);
  for (int64_t lane = 0; lane < 32; ++lane)
    for (int64_t i = 0; i < 16; ++i) {
      int32_t g = int32_t(lane / 4), t = int32_t(lane % 4);
      int32_t row = (i < 4 || (i >= 8 && i < 12)) ? g : g + 8;
      int32_t col = 4 * t + int32_t(i & 3) + (i >= 8 ? 16 : 0);
      CHECK(a.apply(i, lane, 0) == Coord{row, col});
    }
  // B (.b32 x 2): b_i at row 4 t + (i & 3), + 16 for i >= 4; column g.
  LinearLayout b = nvidiaMmaDotOperandToLinearLayout(spec, 1, 4, {32, 8});
  CHECK(b.isSurjective());
  REQUIRE(b.getNumRegisters() == 8);
  for (int64_t lane = 0; lane < 32; ++lane)
    for (int64_t i = 0; i < 8; ++i)
      CHECK(b.apply(i, lane, 0) ==
            Coord{int32_t(4 * (lane % 4) + (i & 3) + (i >= 4 ? 16 : 0)),
                  int32_t(lane / 4)});
}

TEST_CASE("mma_v2 operands repeat over K and the warps' tiles", "[nvmma]") {
  // 2 x 2 warps, warp w at (w / 2, w % 2) as the accumulator has them: A
  // follows warp rows and copies along N, B the other way round.
  NvidiaMmaLayoutSpec spec{{2, 0}, {2, 2}, {16, 8}};
  LinearLayout acc = nvidiaMmaToLinearLayout(spec, {64, 32});
  LinearLayout a = nvidiaMmaDotOperandToLinearLayout(spec, 0, 2, {64, 32});
  LinearLayout b = nvidiaMmaDotOperandToLinearLayout(spec, 1, 2, {32, 32});
  CHECK(a.isSurjective());
  CHECK(b.isSurjective());
  for (int64_t warp = 0; warp < 4; ++warp) {
    Coord accOrigin = acc.apply(0, 0, warp);
    CHECK(a.apply(0, 0, warp) == Coord{accOrigin[0], 0});
    CHECK(b.apply(0, 0, warp) == Coord{0, accOrigin[1]});
  }
  // After one instruction's 8 registers: the next K step (16), then the
  // next M tile (32 rows: 16 per warp row, two warp rows).
  CHECK(a.getNumRegisters() == 8 * 2 * 2);
  CHECK(a.apply(8, 0, 0) == Coord{0, 16});
  CHECK(a.apply(16, 0, 0) == Coord{32, 0});
  // B: 4 registers per instruction, K steps, then N tiles 16 apart.
  CHECK(b.getNumRegisters() == 4 * 2 * 2);
  CHECK(b.apply(4, 0, 0) == Coord{16, 0});
  CHECK(b.apply(8, 0, 0) == Coord{0, 16});
  // Every accumulator element's row of A and column of B is in the thread
  // that holds it, for every K.
  for (int64_t warp = 0; warp < 4; ++warp) {
    std::set<int32_t> rows, cols;
    for (int64_t l = 0; l < 32; ++l) {
      for (int64_t r = 0; r < a.getNumRegisters(); ++r)
        rows.insert(a.apply(r, l, warp)[0]);
      for (int64_t r = 0; r < b.getNumRegisters(); ++r)
        cols.insert(b.apply(r, l, warp)[1]);
    }
    for (int64_t lane = 0; lane < 32; ++lane)
      for (int64_t reg = 0; reg < acc.getNumRegisters(); ++reg) {
        Coord c = acc.apply(reg, lane, warp);
        CHECK(rows.count(c[0]) == 1);
        CHECK(cols.count(c[1]) == 1);
      }
  }
  CHECK(spec.checkDotOperand(2, 2).find("0 (A) or 1 (B)") != std::string::npos);
  CHECK(spec.checkDotOperand(1, 8).find("k_width") != std::string::npos);
}

TEST_CASE("a spread BlockedLayout puts lanes, then warps, along its order",
          "[layout][blocked]") {
  // 32 x 8, one element per thread, row-major: 8 lanes along the row,
  // the other 4 lanes and the 4 warps down the columns.
  BlockedLayoutSpec rows = spreadBlockedLayout({32, 8}, {1, 1}, {1, 0}, 4, 32);
  CHECK(rows.threadsPerWarp == std::vector<int32_t>{4, 8});
  CHECK(rows.warpsPerCTA == std::vector<int32_t>{4, 1});
  CHECK(rows.validate().empty());
  // 64 x 64 fp16, 8 per thread along dimension 1: 8 lanes cover a row,
  // the rest go down.
  BlockedLayoutSpec wide = spreadBlockedLayout({64, 64}, {1, 8}, {1, 0}, 4, 32);
  CHECK(wide.threadsPerWarp == std::vector<int32_t>{4, 8});
  CHECK(wide.warpsPerCTA == std::vector<int32_t>{4, 1});
  // A tensor smaller than the block: the slowest dimension takes what is
  // left (replication), so the counts still multiply to 32 and 4.
  BlockedLayoutSpec small = spreadBlockedLayout({4, 8}, {1, 4}, {1, 0}, 4, 32);
  CHECK(small.threadsPerWarp == std::vector<int32_t>{16, 2});
  CHECK(small.warpsPerCTA == std::vector<int32_t>{4, 1});
  // 1-D: everything along the one dimension.
  BlockedLayoutSpec flat = spreadBlockedLayout({1024}, {4}, {0}, 8, 32);
  CHECK(flat.threadsPerWarp == std::vector<int32_t>{32});
  CHECK(flat.warpsPerCTA == std::vector<int32_t>{8});
}
