// When a shared load becomes ldmatrix, and that ldmatrix then gives every
// lane the elements its layout says (PTX ISA, "Warp-level matrix load
// instruction: ldmatrix": lane i addresses row i % 8 of matrix i / 8;
// lane t receives (t / 4, 2 (t % 4) + e) of each matrix, or with .trans
// (2 (t % 4) + e, t / 4)).

#include "LoadMatrix.h"

#include <catch2/catch.hpp>

using namespace gluonc;
using namespace gluonc::nvidia;

namespace {

/// Runs the plan's loads as the hardware does, for every warp, and checks
/// each register's element against `distributed`.
void checkLoads(const LoadMatrixPlan &plan, const LinearLayout &distributed,
                const SharedLayout &shared) {
  int64_t loads = plan.rowOffsets.getNumRegisters();
  REQUIRE(loads * plan.getRegistersPerLoad() == distributed.getNumRegisters());
  for (int64_t warp = 0; warp < distributed.getHwSize(HwDim::Warp); ++warp)
    for (int64_t load = 0; load < loads; ++load) {
      // rowStart[m][r]: the offset lane 8 m + r gives.
      std::vector<std::vector<int64_t>> rowStart(plan.matrices,
                                                 std::vector<int64_t>(8));
      for (unsigned m = 0; m < plan.matrices; ++m)
        for (int64_t r = 0; r < 8; ++r)
          rowStart[m][r] = plan.rowOffsets.apply(load, 8 * m + r, warp)[0];
      for (int64_t lane = 0; lane < 32; ++lane)
        for (unsigned m = 0; m < plan.matrices; ++m)
          for (int64_t e = 0; e < 2; ++e) {
            int64_t offset = plan.transposed
                                 ? rowStart[m][2 * (lane % 4) + e] + lane / 4
                                 : rowStart[m][lane / 4] + 2 * (lane % 4) + e;
            int64_t reg = load * plan.getRegistersPerLoad() + 2 * m + e;
            CHECK(shared.apply(offset) == distributed.apply(reg, lane, warp));
          }
    }
}

} // namespace

TEST_CASE("mma_v2's 16-bit operands load with ldmatrix", "[ldmatrix]") {
  NvidiaMmaLayoutSpec mma{{2, 0}, {2, 2}, {16, 8}};
  // A [64, 32] row-major, 16-byte chunks swizzled: x4, not transposed.
  LinearLayout a = nvidiaMmaDotOperandToLinearLayout(mma, 0, 2, {64, 32});
  SharedLayout aShared = swizzledToSharedLayout({8, 2, 4, {1, 0}}, {64, 32});
  auto aPlan = planLoadMatrix(a, aShared, 16);
  REQUIRE(aPlan);
  CHECK_FALSE(aPlan->transposed);
  CHECK(aPlan->matrices == 4);
  checkLoads(*aPlan, a, aShared);
  // The same without the swizzle.
  SharedLayout aPlain = swizzledToSharedLayout({1, 1, 1, {1, 0}}, {64, 32});
  auto plainPlan = planLoadMatrix(a, aPlain, 16);
  REQUIRE(plainPlan);
  checkLoads(*plainPlan, a, aPlain);
  // B [32, 64] row-major: its pairs run down K, a column: .trans.
  LinearLayout b = nvidiaMmaDotOperandToLinearLayout(mma, 1, 2, {32, 64});
  SharedLayout bShared = swizzledToSharedLayout({8, 1, 8, {1, 0}}, {32, 64});
  auto bPlan = planLoadMatrix(b, bShared, 16);
  REQUIRE(bPlan);
  CHECK(bPlan->transposed);
  CHECK(bPlan->matrices == 4);
  checkLoads(*bPlan, b, bShared);
  // A stored M-contiguous (order [0, 1]) is the transposed case too.
  SharedLayout aColumns = swizzledToSharedLayout({8, 1, 8, {0, 1}}, {64, 32});
  auto columnsPlan = planLoadMatrix(a, aColumns, 16);
  REQUIRE(columnsPlan);
  CHECK(columnsPlan->transposed);
  checkLoads(*columnsPlan, a, aColumns);
  // One tile of B: 4 registers, two matrices.
  LinearLayout oneB = nvidiaMmaDotOperandToLinearLayout(mma, 1, 2, {16, 16});
  SharedLayout oneShared = swizzledToSharedLayout({1, 1, 1, {1, 0}}, {16, 16});
  auto onePlan = planLoadMatrix(oneB, oneShared, 16);
  REQUIRE(onePlan);
  CHECK(onePlan->matrices == 2);
  checkLoads(*onePlan, oneB, oneShared);
  // Padding by whole rows keeps the rows; by 4 elements it does not.
  PaddedSharedSpec rowsPadded{{{32, 8}}, {1, 0}, {}, {}};
  SharedLayout padded = paddedToSharedLayout(rowsPadded, {64, 32});
  auto paddedPlan = planLoadMatrix(a, padded, 16);
  REQUIRE(paddedPlan);
  checkLoads(*paddedPlan, a, padded);
  PaddedSharedSpec halfPadded{{{32, 4}}, {1, 0}, {}, {}};
  CHECK_FALSE(
      planLoadMatrix(a, paddedToSharedLayout(halfPadded, {64, 32}), 16));
}

TEST_CASE("wgmma's A in registers loads with ldmatrix from NVMMA layouts",
          "[ldmatrix]") {
  NvidiaMmaLayoutSpec wgmma{{3, 0}, {4, 1}, {16, 64, 16}};
  LinearLayout a = nvidiaMmaDotOperandToLinearLayout(wgmma, 0, 2, {64, 64});
  for (int32_t swizzle : {32, 64, 128}) {
    NVMMASharedSpec spec;
    spec.swizzleBytes = swizzle;
    SharedLayout shared = nvmmaToSharedLayout(spec, {64, 64});
    auto plan = planLoadMatrix(a, shared, 16);
    REQUIRE(plan);
    CHECK_FALSE(plan->transposed);
    CHECK(plan->matrices == 4);
    checkLoads(*plan, a, shared);
  }
  // The GPU tests' A tiles (tests/gpu/wgmma_kernels.py): [128, 64] under
  // one warpgroup (two M tiles per warp) and two.
  for (int32_t warpsM : {4, 8}) {
    NvidiaMmaLayoutSpec spec{{3, 0}, {warpsM, 1}, {16, 128, 16}};
    LinearLayout tile =
        nvidiaMmaDotOperandToLinearLayout(spec, 0, 2, {128, 64});
    NVMMASharedSpec nvmma;
    nvmma.swizzleBytes = 128;
    SharedLayout shared = nvmmaToSharedLayout(nvmma, {128, 64});
    auto plan = planLoadMatrix(tile, shared, 16);
    REQUIRE(plan);
    checkLoads(*plan, tile, shared);
  }
}

TEST_CASE("other loads keep plain shared loads", "[ldmatrix]") {
  NvidiaMmaLayoutSpec mma{{2, 0}, {2, 2}, {16, 8}};
  SharedLayout shared = swizzledToSharedLayout({8, 2, 4, {1, 0}}, {64, 32});
  // 32-bit (tf32) operands, and 16-bit ones with one element per register
  // pair along the row.
  LinearLayout tf32 = nvidiaMmaDotOperandToLinearLayout(mma, 0, 1, {64, 32});
  CHECK_FALSE(planLoadMatrix(tf32, shared, 32));
  CHECK_FALSE(planLoadMatrix(tf32, shared, 16));
  // A blocked layout of 8 consecutive elements per thread.
  LinearLayout rows =
      blockedToLinearLayout({{1, 8}, {8, 4}, {4, 1}, {1, 0}}, {64, 32});
  CHECK_FALSE(planLoadMatrix(rows, shared, 16));
  // An operand narrower than one instruction's K holds copies in
  // registers.
  LinearLayout narrow = nvidiaMmaDotOperandToLinearLayout(mma, 0, 2, {32, 8});
  CHECK_FALSE(planLoadMatrix(
      narrow, swizzledToSharedLayout({1, 1, 1, {1, 0}}, {32, 8}), 16));
}
