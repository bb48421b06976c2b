//===- SharedLayoutTest.cpp - Shared layouts, accesses, bank conflicts ----===//
//
// The expected offsets below are computed by hand from the definitions of
// the layouts (see SharedLayout.h), not by the code under test.
//
//===----------------------------------------------------------------------===//

#include "gluonc/Layout/SharedLayout.h"

#include <catch2/catch.hpp>

using namespace gluonc;

namespace {

/// The offset (after padding) of every element of a 2-D layout, row by row.
std::vector<std::vector<int64_t>> offsetTable(const SharedLayout &layout) {
  std::vector<std::vector<int64_t>> table;
  for (int32_t r = 0; r < layout.getShape()[0]; ++r) {
    std::vector<int64_t> row;
    for (int32_t c = 0; c < layout.getShape()[1]; ++c)
      row.push_back(layout.pad(layout.getOffset({r, c})));
    table.push_back(row);
  }
  return table;
}

/// Every offset maps back to the element it was computed from.
void checkRoundTrip(const SharedLayout &layout) {
  for (int64_t offset = 0; offset < layout.getNumElements(); ++offset)
    REQUIRE(layout.getOffset(layout.apply(offset)) == offset);
}

} // namespace

TEST_CASE("an unswizzled layout is row-major in its order", "[shared]") {
  SharedLayout rowMajor = swizzledToSharedLayout({1, 1, 1, {1, 0}}, {2, 4});
  CHECK(offsetTable(rowMajor) ==
        std::vector<std::vector<int64_t>>{{0, 1, 2, 3}, {4, 5, 6, 7}});
  SharedLayout colMajor = swizzledToSharedLayout({1, 1, 1, {0, 1}}, {2, 4});
  CHECK(offsetTable(colMajor) ==
        std::vector<std::vector<int64_t>>{{0, 2, 4, 6}, {1, 3, 5, 7}});
}

TEST_CASE("a swizzled layout XORs columns with the row's phase", "[shared]") {
  // vec 1, per_phase 1, max_phase 4: row r stores column c at c ^ r.
  SharedLayout layout = swizzledToSharedLayout({1, 1, 4, {1, 0}}, {4, 4});
  CHECK(offsetTable(layout) ==
        std::vector<std::vector<int64_t>>{
            {0, 1, 2, 3}, {5, 4, 7, 6}, {10, 11, 8, 9}, {15, 14, 13, 12}});
  checkRoundTrip(layout);
  CHECK(layout.toString() ==
        "shape [4, 4]: offset [[0,1], [0,2], [1,1], [2,2]]");
}

TEST_CASE("vec and per_phase scale the swizzle", "[shared]") {
  // vec 2, per_phase 2, max_phase 4: row r XORs 2 * ((r / 2) % 4).
  SharedLayout layout = swizzledToSharedLayout({2, 2, 4, {1, 0}}, {8, 8});
  std::vector<std::vector<int64_t>> table = offsetTable(layout);
  CHECK(table[0] == std::vector<int64_t>{0, 1, 2, 3, 4, 5, 6, 7});
  CHECK(table[1] == std::vector<int64_t>{8, 9, 10, 11, 12, 13, 14, 15});
  CHECK(table[2] == std::vector<int64_t>{18, 19, 16, 17, 22, 23, 20, 21});
  CHECK(table[3][0] == 26);
  CHECK(table[7] == std::vector<int64_t>{62, 63, 60, 61, 58, 59, 56, 57});
  checkRoundTrip(layout);
}

TEST_CASE("a column-major swizzle swaps the roles of the dimensions",
          "[shared]") {
  // order [0, 1]: dimension 0 is the column, XORed with dimension 1.
  SharedLayout layout = swizzledToSharedLayout({1, 1, 4, {0, 1}}, {4, 4});
  CHECK(layout.getOffset({1, 2}) == 2 * 4 + (1 ^ 2));
  CHECK(layout.getOffset({3, 3}) == 12);
  checkRoundTrip(layout);
}

TEST_CASE("a swizzle wider than the row wraps around it", "[shared]") {
  // vec 4 * max_phase 4 = 16 > 4 columns: the swizzle is taken mod 4.
  SharedLayout layout = swizzledToSharedLayout({4, 1, 4, {1, 0}}, {4, 4});
  CHECK(offsetTable(layout)[1] == std::vector<int64_t>{4, 5, 6, 7});
  checkRoundTrip(layout);
}

TEST_CASE("leading dimensions are buffers one after another", "[shared]") {
  SharedLayout layout = swizzledToSharedLayout({1, 1, 4, {1, 0}}, {2, 4, 4});
  CHECK(layout.getOffset({1, 0, 0}) == 16);
  CHECK(layout.getOffset({1, 1, 0}) == 16 + 5);
  checkRoundTrip(layout);
}

TEST_CASE("NVMMA 128-byte swizzle of fp16", "[shared][nvmma]") {
  NVMMASharedSpec spec{128, 16, 2, false};
  REQUIRE(checkNVMMAShape(spec, {8, 64}).empty());
  SharedLayout layout = nvmmaToSharedLayout(spec, {8, 64});
  // Row r: 16-byte chunks (8 elements) XORed with r % 8.
  CHECK(layout.getOffset({0, 9}) == 9);
  CHECK(layout.getOffset({1, 0}) == 64 + 8);
  CHECK(layout.getOffset({3, 17}) == 192 + 9);
  CHECK(layout.getOffset({7, 63}) == 448 + 7);
  checkRoundTrip(layout);
}

TEST_CASE("NVMMA repeats its box along the columns", "[shared][nvmma]") {
  // The box is 16 rows of 64 elements; columns 64-127 are a second box.
  SharedLayout layout = nvmmaToSharedLayout({128, 16, 2, false}, {16, 128});
  CHECK(layout.getOffset({9, 6}) == 9 * 64 + (6 ^ 8));
  CHECK(layout.getOffset({9, 70}) == 1024 + 9 * 64 + (6 ^ 8));
  checkRoundTrip(layout);
}

TEST_CASE("NVMMA 64- and 32-byte swizzles", "[shared][nvmma]") {
  // 64 bytes of fp16: 32 per row, XOR 8 * ((r / 2) % 4).
  SharedLayout s64 = nvmmaToSharedLayout({64, 16, 2, false}, {8, 32});
  CHECK(s64.getOffset({3, 5}) == 96 + 13);
  CHECK(s64.getOffset({6, 0}) == 6 * 32 + 24);
  checkRoundTrip(s64);
  // 32 bytes of fp32: 8 per row, XOR 4 * ((r / 4) % 2).
  SharedLayout s32 = nvmmaToSharedLayout({32, 32, 2, false}, {8, 8});
  CHECK(s32.getOffset({5, 1}) == 40 + 5);
  CHECK(s32.getOffset({3, 1}) == 24 + 1);
  checkRoundTrip(s32);
}

TEST_CASE("an unswizzled NVMMA layout is row-major", "[shared][nvmma]") {
  SharedLayout layout = nvmmaToSharedLayout({0, 16, 2, false}, {4, 8});
  CHECK(layout.getOffset({2, 3}) == 19);
}

TEST_CASE("a transposed NVMMA layout is contiguous along dimension 0",
          "[shared][nvmma]") {
  SharedLayout layout = nvmmaToSharedLayout({128, 16, 2, true}, {64, 8});
  // Element (d0, d1) sits where (d1, d0) sits untransposed.
  CHECK(layout.getOffset({17, 3}) == 192 + (17 ^ 24));
  CHECK(layout.getOffset({1, 0}) == 1);
  checkRoundTrip(layout);
}

TEST_CASE("NVMMA shapes too small for the swizzle are refused",
          "[shared][nvmma]") {
  CHECK(checkNVMMAShape({128, 16, 2, false}, {8, 32}) ==
        "a 128-byte swizzle of 16-bit elements needs at least 64 elements "
        "along dimension 1, got 32");
  CHECK(checkNVMMAShape({128, 16, 1, false}, {64}) ==
        "a swizzled NVMMASharedLayout needs rank 2 or more");
  CHECK(checkNVMMAShape({96, 16, 2, false}, {8, 64}) ==
        "swizzle_byte_width must be 0, 32, 64 or 128, got 96");
}

TEST_CASE("NVMMA boxes of fewer than 8 rows hold the pattern's first rows",
          "[shared][nvmma]") {
  // [4, 256] int32 under a 128-byte swizzle (32 per row): boxes of 4 rows,
  // row r XORing its 4-element chunks with r, the next box 128 further.
  NVMMASharedSpec spec{128, 32, 2, false};
  REQUIRE(checkNVMMAShape(spec, {4, 256}).empty());
  SharedLayout layout = nvmmaToSharedLayout(spec, {4, 256});
  for (int32_t r = 0; r < 4; ++r)
    for (int32_t c = 0; c < 256; ++c)
      REQUIRE(layout.getOffset({r, c}) ==
              (c / 32) * 128 + r * 32 + ((c % 32) ^ (4 * r)));
  checkRoundTrip(layout);
  // One row: nothing to swizzle; [1, 128] bf16 is two 64-element boxes.
  SharedLayout row = nvmmaToSharedLayout({128, 16, 2, false}, {1, 128});
  for (int32_t c = 0; c < 128; ++c)
    REQUIRE(row.getOffset({0, c}) == c);
  // Two rows of a 64-byte swizzle: per_phase 2, so both rows have phase 0.
  SharedLayout s64 = nvmmaToSharedLayout({64, 16, 2, false}, {2, 32});
  CHECK(s64.getOffset({1, 5}) == 32 + 5);
}

TEST_CASE("padding follows every interval", "[shared][padded]") {
  // Gluon's example: [[2, 1], [4, 2]] gives e0 e1 p e2 e3 p p p e4 ...
  PaddedSharedSpec spec;
  spec.padding = {{2, 1}, {4, 2}};
  spec.order = {0};
  REQUIRE(spec.validate().empty());
  SharedLayout layout = paddedToSharedLayout(spec, {8});
  std::vector<int64_t> padded;
  for (int32_t i = 0; i < 8; ++i)
    padded.push_back(layout.pad(layout.getOffset({i})));
  CHECK(padded == std::vector<int64_t>{0, 1, 3, 4, 8, 9, 11, 12});
  CHECK(layout.getAllocationElements() == 8 + 4 + 4);

  PaddedSharedSpec rows;
  rows.padding = {{4, 1}};
  rows.order = {1, 0};
  SharedLayout rowPadded = paddedToSharedLayout(rows, {4, 4});
  CHECK(offsetTable(rowPadded)[2] == std::vector<int64_t>{10, 11, 12, 13});
}

TEST_CASE("padding with explicit offset bases", "[shared][padded]") {
  // Gluon's example: shape [8], [[2, 2]], offset bases [[2], [1], [4]]
  // stores x0 x2 p p x1 x3 ...
  PaddedSharedSpec spec;
  spec.padding = {{2, 2}};
  spec.offsetBases = {{2}, {1}, {4}};
  spec.shape = {8};
  REQUIRE(spec.validate().empty());
  SharedLayout layout = paddedToSharedLayout(spec, {8});
  CHECK(layout.pad(layout.getOffset({0})) == 0);
  CHECK(layout.pad(layout.getOffset({2})) == 1);
  CHECK(layout.pad(layout.getOffset({1})) == 4);
  CHECK(layout.pad(layout.getOffset({3})) == 5);
  CHECK(checkPaddedShape(spec, {16}) ==
        "the layout's offset bases are for shape [8]");
}

TEST_CASE("shared layout bases must be one to one", "[shared]") {
  CHECK(checkSharedLayoutBases({4}, {{1}, {1}}) ==
        "the offset bases put two offsets at one element");
  CHECK(checkSharedLayoutBases({4}, {{1}}) ==
        "1 offset bases for 4 elements, which need 2");
  CHECK(checkSharedLayoutBases({4, 2}, {{1, 0}, {2, 1}, {0, 1}}).empty());
  PaddedSharedSpec twice;
  twice.padding = {{4, 1}, {4, 2}};
  twice.order = {0};
  CHECK(twice.validate() == "interval 4 appears twice");
  CHECK(SwizzledSharedSpec{3, 1, 1, {0}}.validate() ==
        "vec, per_phase and max_phase must be powers of two");
}

//===----------------------------------------------------------------------===//
// Accesses and bank conflicts
//===----------------------------------------------------------------------===//

TEST_CASE("contiguous registers become vector accesses", "[shared][access]") {
  // 4 consecutive fp32 per thread along the rows.
  LinearLayout regs =
      blockedToLinearLayout({{1, 4}, {8, 4}, {4, 1}, {1, 0}}, {32, 16});
  SharedLayout rowMajor = swizzledToSharedLayout({1, 1, 1, {1, 0}}, {32, 16});
  SharedAccessPlan plan = planSharedAccess(regs, rowMajor, 32);
  CHECK(plan.vectorElements == 4);
  CHECK(plan.accesses == std::vector<std::vector<int64_t>>{{0, 1, 2, 3}});
  // A swizzle in units of 2 elements splits them.
  SharedLayout swizzled = swizzledToSharedLayout({2, 1, 8, {1, 0}}, {32, 16});
  CHECK(planSharedAccess(regs, swizzled, 32).vectorElements == 2);
  // Column-major memory: no two registers are adjacent.
  SharedLayout colMajor = swizzledToSharedLayout({1, 1, 1, {0, 1}}, {32, 16});
  SharedAccessPlan scalar = planSharedAccess(regs, colMajor, 32);
  CHECK(scalar.vectorElements == 1);
  CHECK(scalar.accesses.size() == 4);
}

TEST_CASE("vectors stop at 16 bytes and at the swizzle unit",
          "[shared][access]") {
  LinearLayout regs =
      blockedToLinearLayout({{1, 16}, {8, 4}, {4, 1}, {1, 0}}, {32, 64});
  SharedLayout nvmma = nvmmaToSharedLayout({128, 16, 2, false}, {32, 64});
  SharedAccessPlan plan = planSharedAccess(regs, nvmma, 16);
  CHECK(plan.vectorElements == 8);
  CHECK(plan.accesses.size() == 2);
  // A 4-element swizzle unit: vectors of 4.
  SharedLayout swizzled = swizzledToSharedLayout({4, 1, 8, {1, 0}}, {32, 64});
  CHECK(planSharedAccess(regs, swizzled, 16).vectorElements == 4);
}

TEST_CASE("repeated registers are accessed once", "[shared][access]") {
  // A [4] tensor in 8 registers per thread: register bit 1 repeats
  // elements, bits 0 and 2 step through them.
  LinearLayout repeated(std::vector<int32_t>{4});
  repeated.addBasis(HwDim::Register, {1});
  repeated.addBasis(HwDim::Register, {0});
  repeated.addBasis(HwDim::Register, {2});
  for (int i = 0; i < 5; ++i)
    repeated.addBasis(HwDim::Lane, {0});
  SharedLayout layout = swizzledToSharedLayout({1, 1, 1, {0}}, {4});
  SharedAccessPlan plan = planSharedAccess(repeated, layout, 32);
  CHECK(plan.vectorElements == 4);
  CHECK(plan.accesses == std::vector<std::vector<int64_t>>{{0, 1, 4, 5}});
  CHECK(plan.sourceRegister == std::vector<int64_t>{0, 1, 0, 1, 4, 5, 4, 5});
}

TEST_CASE("padding limits vectors to keep them aligned", "[shared][access]") {
  LinearLayout regs =
      blockedToLinearLayout({{1, 4}, {8, 4}, {4, 1}, {1, 0}}, {32, 16});
  PaddedSharedSpec spec;
  spec.padding = {{16, 2}};
  spec.order = {1, 0};
  SharedLayout layout = paddedToSharedLayout(spec, {32, 16});
  CHECK(planSharedAccess(regs, layout, 32).vectorElements == 2);
}

TEST_CASE("bank conflicts of a warp reading rows and columns",
          "[shared][banks]") {
  SharedLayout rowMajor = swizzledToSharedLayout({1, 1, 1, {1, 0}}, {32, 32});
  // Lanes along a row of 32 fp32: 32 banks, one wavefront.
  LinearLayout rows =
      blockedToLinearLayout({{1, 1}, {1, 32}, {4, 1}, {1, 0}}, {32, 32});
  BankConflictReport byRows = analyzeBankConflicts(rows, rowMajor, 32);
  CHECK(byRows.conflicts == 0);
  CHECK(byRows.vectorBytes == 4);
  CHECK(byRows.accessesPerThread == 8);
  // Lanes down a column: all 32 in one bank.
  LinearLayout cols =
      blockedToLinearLayout({{1, 1}, {32, 1}, {1, 4}, {0, 1}}, {32, 32});
  BankConflictReport byCols = analyzeBankConflicts(cols, rowMajor, 32);
  CHECK(byCols.conflicts == 31);
  CHECK(byCols.worstWavefronts == 32);
  // Swizzling each row by its index spreads a column over all banks.
  SharedLayout swizzled = swizzledToSharedLayout({1, 1, 32, {1, 0}}, {32, 32});
  CHECK(analyzeBankConflicts(cols, swizzled, 32).conflicts == 0);
  // fp16 rows are 64 bytes: rows r and r + 2 share their banks, so a
  // column puts 16 words in each of two banks.
  SharedLayout half = swizzledToSharedLayout({1, 1, 1, {1, 0}}, {32, 32});
  CHECK(analyzeBankConflicts(cols, half, 16).conflicts == 15);
}

TEST_CASE("16-byte vectors are served eight lanes at a time",
          "[shared][banks]") {
  LinearLayout regs =
      blockedToLinearLayout({{1, 4}, {8, 4}, {4, 1}, {1, 0}}, {32, 16});
  SharedLayout rowMajor = swizzledToSharedLayout({1, 1, 1, {1, 0}}, {32, 16});
  BankConflictReport report = analyzeBankConflicts(regs, rowMajor, 32);
  CHECK(report.vectorBytes == 16);
  CHECK(report.lanesPerPhase == 8);
  CHECK(report.conflicts == 0);
  // Lanes down the rows with 16-byte vectors and rows of 128 bytes: eight
  // lanes hit the same four banks.
  LinearLayout down =
      blockedToLinearLayout({{1, 4}, {32, 1}, {1, 4}, {1, 0}}, {32, 32});
  SharedLayout wide = swizzledToSharedLayout({1, 1, 1, {1, 0}}, {32, 32});
  CHECK(analyzeBankConflicts(down, wide, 32).conflicts == 7);
  // The NVMMA 128-byte swizzle makes the same access conflict-free.
  SharedLayout nvmma = nvmmaToSharedLayout({128, 32, 2, false}, {32, 32});
  CHECK(analyzeBankConflicts(down, nvmma, 32).conflicts == 0);
}

namespace {

/// What an access plan promises, checked for every thread: each access is
/// `vectorElements` consecutive, aligned offsets holding its registers'
/// elements in order, and every register's element is accessed once.
void checkPlan(const LinearLayout &regs, const SharedLayout &shared,
               unsigned elementBits) {
  SharedAccessPlan plan = planSharedAccess(regs, shared, elementBits);
  int64_t vector = plan.vectorElements;
  std::vector<int> accessed(regs.getNumRegisters(), 0);
  for (const std::vector<int64_t> &access : plan.accesses) {
    REQUIRE(static_cast<int64_t>(access.size()) == vector);
    for (int64_t reg : access)
      ++accessed[reg];
  }
  for (int64_t reg = 0; reg < regs.getNumRegisters(); ++reg) {
    int64_t source = plan.sourceRegister[reg];
    REQUIRE(accessed[source] == 1);
    REQUIRE(regs.apply(HwDim::Register, reg) ==
            regs.apply(HwDim::Register, source));
  }
  for (int64_t warp = 0; warp < regs.getHwSize(HwDim::Warp); ++warp)
    for (int64_t lane = 0; lane < regs.getHwSize(HwDim::Lane); ++lane)
      for (const std::vector<int64_t> &access : plan.accesses) {
        int64_t start = shared.getOffset(regs.apply(access[0], lane, warp));
        REQUIRE(shared.pad(start) % vector == 0);
        for (int64_t position = 0; position < vector; ++position)
          REQUIRE(shared.pad(shared.getOffset(
                      regs.apply(access[position], lane, warp))) ==
                  shared.pad(start) + position);
      }
}

} // namespace

TEST_CASE("access plans cover every element with aligned vectors",
          "[shared][access]") {
  std::vector<BlockedLayoutSpec> layouts = {
      {{1, 4}, {4, 8}, {4, 1}, {1, 0}},  {{4, 1}, {8, 4}, {1, 4}, {0, 1}},
      {{1, 8}, {8, 4}, {2, 2}, {1, 0}},  {{2, 2}, {4, 8}, {2, 2}, {0, 1}},
      {{1, 1}, {1, 32}, {4, 1}, {1, 0}}, {{8, 1}, {32, 1}, {1, 4}, {0, 1}}};
  PaddedSharedSpec padded;
  padded.padding = {{64, 4}, {32, 2}};
  padded.order = {1, 0};
  std::vector<int32_t> shape{64, 64};
  std::vector<SharedLayout> shared = {
      swizzledToSharedLayout({1, 1, 1, {1, 0}}, shape),
      swizzledToSharedLayout({4, 4, 8, {1, 0}}, shape),
      swizzledToSharedLayout({2, 2, 4, {0, 1}}, shape),
      nvmmaToSharedLayout({128, 16, 2, false}, shape),
      nvmmaToSharedLayout({64, 32, 2, true}, shape),
      paddedToSharedLayout(padded, shape)};
  for (const BlockedLayoutSpec &spec : layouts)
    for (const SharedLayout &layout : shared)
      for (unsigned bits : {8u, 16u, 32u})
        checkPlan(blockedToLinearLayout(spec, {64, 64}), layout, bits);
  // A tensor smaller than its layout's tile repeats elements across lanes
  // and registers.
  checkPlan(blockedToLinearLayout({{1, 4}, {4, 8}, {4, 1}, {1, 0}}, {8, 8}),
            swizzledToSharedLayout({1, 1, 1, {1, 0}}, {8, 8}), 32);
}

TEST_CASE("buffer dimensions may have any size", "[shared]") {
  // A 3-deep ring of 4x8 blocks: buffer b starts at b * 32, and the
  // allocation is exactly three blocks.
  SharedLayout ring = swizzledToSharedLayout({1, 1, 1, {1, 0}}, {3, 4, 8});
  CHECK(ring.getShape() == std::vector<int32_t>{4, 4, 8});
  CHECK(ring.getOffset({2, 0, 0}) == 64);
  CHECK(ring.getOffset({2, 3, 7}) == 95);
  CHECK(ring.getAllocationElements() == 96);
  // Two buffer dimensions: [2, 3] is placed as [2, 4]; the last buffer,
  // (1, 2), is the 7th of the rounded order.
  SharedLayout grid = swizzledToSharedLayout({1, 1, 1, {1, 0}}, {2, 3, 4, 8});
  CHECK(grid.getOffset({1, 2, 0, 0}) == 6 * 32);
  CHECK(grid.getAllocationElements() == 7 * 32);
  // The dimensions a layout lays out stay powers of two.
  CHECK(checkAllocationShape(2, {3, 4, 8}).empty());
  CHECK(checkAllocationShape(2, {3, 6, 8}) ==
        "dimension 1 (6) is laid out by the layout and must be a power of "
        "two; only the leading buffer dimensions may have any size");
  CHECK(checkAllocationShape(2, {0, 4, 8}) == "dimension 0 has size 0");
}
