//===- WgmmaOperandTest.cpp - wgmma matrix descriptors from shared layouts ===//
//
// The expected modes and strides are the PTX ISA's canonical layouts worked
// out by hand for the NVMMA layouts Gluon's GEMMs use (a 128-byte swizzle
// reads 8 rows of 128 bytes per 1024-byte atom, and so on), not values the
// code under test produced.
//
//===----------------------------------------------------------------------===//

#include "gluonc/Layout/WgmmaOperand.h"

#include <catch2/catch.hpp>

using namespace gluonc;

namespace {

SharedLayout nvmma(int32_t swizzle, int32_t bits, bool transposed,
                   std::vector<int32_t> shape) {
  NVMMASharedSpec spec;
  spec.swizzleBytes = swizzle;
  spec.elementBitWidth = bits;
  spec.transposed = transposed;
  return nvmmaToSharedLayout(spec, shape);
}

/// The tiles of an [M, K] A operand read by one warpgroup: 64-row tiles,
/// K steps of 32 bytes.
WgmmaOperandTiles aTiles(int32_t m, int32_t k, int32_t kTile) {
  WgmmaOperandTiles tiles;
  tiles.mnDim = 0;
  tiles.mnTile = 64;
  tiles.kTile = kTile;
  for (int32_t row = 0; row < m; row += 64)
    for (int32_t col = 0; col < k; col += kTile)
      tiles.origins.push_back({row, col});
  return tiles;
}

/// The tiles of a [K, N] B operand for instructions n wide.
WgmmaOperandTiles bTiles(int32_t k, int32_t n, int32_t instrN, int32_t kTile) {
  WgmmaOperandTiles tiles;
  tiles.mnDim = 1;
  tiles.mnTile = instrN;
  tiles.kTile = kTile;
  for (int32_t row = 0; row < k; row += kTile)
    for (int32_t col = 0; col < n; col += instrN)
      tiles.origins.push_back({row, col});
  return tiles;
}

} // namespace

TEST_CASE("a 128-byte swizzled A is K-major with 1024-byte row groups",
          "[wgmma]") {
  SharedLayout layout = nvmma(128, 16, false, {128, 64});
  std::string problem;
  auto mode = findWgmmaOperandMode(layout, 2, aTiles(128, 64, 16), problem);
  REQUIRE(mode);
  CHECK(problem.empty());
  CHECK(mode->swizzleBytes == 128);
  CHECK_FALSE(mode->mnMajor);
  CHECK(mode->strideByteOffset == 1024);
  // The descriptor CUTLASS and Triton build for this tile: SBO 64 units,
  // LBO one unit (unused), mode 1 at bit 62.
  CHECK(mode->getDescriptorBits() == 0x4000004000010000ull);
  // The second K step starts 32 bytes into the first row; the second
  // 64-row tile 64 rows of 128 bytes further.
  CHECK(layout.getOffset({0, 16}) * 2 == 32);
  CHECK(layout.getOffset({64, 0}) * 2 == 8192);
}

TEST_CASE("a 128-byte swizzled [K, N] B is MN-major, boxes LBO apart",
          "[wgmma]") {
  // N = 128 spans two 64-element swizzle rows: the second box follows the
  // first one's 64 rows of 128 bytes.
  SharedLayout layout = nvmma(128, 16, false, {64, 128});
  std::string problem;
  auto mode =
      findWgmmaOperandMode(layout, 2, bTiles(64, 128, 128, 16), problem);
  REQUIRE(mode);
  CHECK(mode->swizzleBytes == 128);
  CHECK(mode->mnMajor);
  CHECK(mode->leadingByteOffset == 8192);
  CHECK(mode->strideByteOffset == 1024);
  CHECK(mode->getDescriptorBits() == 0x4000004002000000ull);
}

TEST_CASE("narrower instructions read B inside one swizzle row", "[wgmma]") {
  SharedLayout layout = nvmma(128, 16, false, {64, 128});
  std::string problem;
  auto mode = findWgmmaOperandMode(layout, 2, bTiles(64, 128, 32, 16), problem);
  REQUIRE(mode);
  CHECK(mode->mnMajor);
  CHECK(mode->strideByteOffset == 1024);
}

TEST_CASE("a transposed layout of [K, N] (K contiguous) is a K-major B",
          "[wgmma]") {
  // What b_smem.permute((1, 0)) of an [N, K] tile describes.
  SharedLayout layout = nvmma(128, 16, true, {64, 128});
  std::string problem;
  auto mode =
      findWgmmaOperandMode(layout, 2, bTiles(64, 128, 128, 16), problem);
  REQUIRE(mode);
  CHECK_FALSE(mode->mnMajor);
  CHECK(mode->swizzleBytes == 128);
  CHECK(mode->strideByteOffset == 1024);
}

TEST_CASE("64- and 32-byte swizzles have 512- and 256-byte row groups",
          "[wgmma]") {
  std::string problem;
  auto mode64 = findWgmmaOperandMode(nvmma(64, 16, false, {64, 32}), 2,
                                     aTiles(64, 32, 16), problem);
  REQUIRE(mode64);
  CHECK(mode64->swizzleBytes == 64);
  CHECK(mode64->strideByteOffset == 512);
  CHECK((mode64->getDescriptorBits() >> 62) == 2);
  // K = 64 in 32-byte rows: each K step is its own box of 64 rows.
  SharedLayout layout32 = nvmma(32, 16, false, {64, 64});
  auto mode32 =
      findWgmmaOperandMode(layout32, 2, aTiles(64, 64, 16), problem);
  REQUIRE(mode32);
  CHECK(mode32->swizzleBytes == 32);
  CHECK(mode32->strideByteOffset == 256);
  CHECK((mode32->getDescriptorBits() >> 62) == 3);
  CHECK(layout32.getOffset({0, 16}) * 2 == 64 * 32);
}

TEST_CASE("8-bit and 32-bit operands are K-major", "[wgmma]") {
  std::string problem;
  // fp8 A: K steps of 32 elements, 128-byte rows of 128 elements.
  auto fp8 = findWgmmaOperandMode(nvmma(128, 8, false, {64, 128}), 1,
                                  aTiles(64, 128, 32), problem);
  REQUIRE(fp8);
  CHECK_FALSE(fp8->mnMajor);
  CHECK(fp8->strideByteOffset == 1024);
  // A [K, N] fp32 B is MN-major, which wgmma cannot transpose for tf32.
  WgmmaOperandTiles tiles = bTiles(32, 64, 64, 8);
  tiles.allowMNMajor = false;
  CHECK_FALSE(findWgmmaOperandMode(nvmma(128, 32, false, {32, 64}), 4, tiles,
                                   problem));
  CHECK(problem.find("no matrix descriptor") != std::string::npos);
}

TEST_CASE("a row-major layout without swizzle is refused", "[wgmma]") {
  // 128-byte rows, no XOR: no canonical layout puts row r at r * 128
  // bytes without swizzling it.
  SwizzledSharedSpec spec;
  spec.order = {1, 0};
  std::string problem;
  CHECK_FALSE(findWgmmaOperandMode(swizzledToSharedLayout(spec, {64, 64}), 2,
                                   aTiles(64, 64, 16), problem));
  CHECK_FALSE(problem.empty());
  // The same swizzle as NVMMA's 128 bytes, spelled as a swizzled layout,
  // is the same map and reads the same.
  spec.vec = 8;
  spec.maxPhase = 8;
  auto mode = findWgmmaOperandMode(swizzledToSharedLayout(spec, {64, 64}), 2,
                                   aTiles(64, 64, 16), problem);
  REQUIRE(mode);
  CHECK(mode->swizzleBytes == 128);
}
