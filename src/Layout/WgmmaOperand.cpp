//===- WgmmaOperand.cpp - How wgmma reads an operand from shared memory ---===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Candidates are tried widest swizzle first, K-major before MN-major; each
// takes its strides from the layout (the offset of the 8th row, of the
// next swizzle row's box) and is kept only when every element of every
// tile matches (WgmmaOperand.h). A tile has at most 64 x 256 elements and
// an op at most a few dozen tiles, so the check is a few hundred thousand
// offset lookups at worst.
//
//===----------------------------------------------------------------------===//

#include "gluonc/Layout/WgmmaOperand.h"

using namespace gluonc;

uint64_t WgmmaOperandMode::getDescriptorBits() const {
  uint64_t mode = 0;
  switch (swizzleBytes) {
  case 128:
    mode = 1;
    break;
  case 64:
    mode = 2;
    break;
  case 32:
    mode = 3;
    break;
  default:
    break;
  }
  auto field = [](int64_t bytes) { return uint64_t(bytes >> 4) & 0x3fff; };
  return field(leadingByteOffset) << 16 | field(strideByteOffset) << 32 |
         mode << 62;
}

int64_t WgmmaOperandMode::getAddress(int64_t start, int64_t mn, int64_t k,
                                     unsigned elementBytes) const {
  int64_t bytes = elementBytes;
  int64_t canonical;
  if (swizzleBytes == 0) {
    int64_t perChunk = 16 / bytes;
    canonical = (mn % 8) * 16 + (mn / 8) * strideByteOffset +
                (k % perChunk) * bytes + (k / perChunk) * leadingByteOffset;
  } else if (!mnMajor) {
    canonical = (mn % 8) * swizzleBytes + (mn / 8) * strideByteOffset +
                k * bytes;
  } else {
    int64_t perRow = swizzleBytes / bytes;
    canonical = (mn % perRow) * bytes + (mn / perRow) * leadingByteOffset +
                (k % 8) * swizzleBytes + (k / 8) * strideByteOffset;
  }
  int64_t address = start + canonical;
  if (swizzleBytes == 0)
    return address;
  int64_t chunkMask = swizzleBytes / 16 - 1;
  return address ^ (((address >> 7) & chunkMask) << 4);
}

namespace {

/// The byte offset of `coord` in `layout`; -1 when it lies outside.
int64_t byteOffset(const SharedLayout &layout, const Coord &coord,
                   unsigned elementBytes) {
  for (size_t d = 0; d < coord.size(); ++d)
    if (coord[d] < 0 || coord[d] >= layout.getShape()[d])
      return -1;
  return layout.getOffset(coord) * int64_t(elementBytes);
}

Coord at(const WgmmaOperandTiles &tiles, const Coord &origin, int64_t mn,
         int64_t k) {
  Coord coord = origin;
  coord[tiles.mnDim] += static_cast<int32_t>(mn);
  coord[1 - tiles.mnDim] += static_cast<int32_t>(k);
  return coord;
}

/// Whether the hardware, in `mode`, reads every tile where `layout` has it.
bool readsEveryTile(const SharedLayout &layout, unsigned elementBytes,
                    const WgmmaOperandTiles &tiles,
                    const WgmmaOperandMode &mode) {
  for (const Coord &origin : tiles.origins) {
    int64_t start = byteOffset(layout, origin, elementBytes);
    if (start < 0 || start % 16 != 0)
      return false;
    for (int64_t mn = 0; mn < tiles.mnTile; ++mn)
      for (int64_t k = 0; k < tiles.kTile; ++k) {
        int64_t want =
            byteOffset(layout, at(tiles, origin, mn, k), elementBytes);
        if (want < 0 || mode.getAddress(start, mn, k, elementBytes) != want)
          return false;
      }
  }
  return true;
}

/// The candidate modes, with strides read off the layout at the first
/// tile; a stride the tile never uses is 16 bytes (one unit), as the
/// hardware ignores it there.
std::vector<WgmmaOperandMode> getCandidates(const SharedLayout &layout,
                                            unsigned elementBytes,
                                            const WgmmaOperandTiles &tiles) {
  const Coord &origin = tiles.origins.front();
  int64_t start = byteOffset(layout, origin, elementBytes);
  auto strideTo = [&](int64_t mn, int64_t k) -> int64_t {
    int64_t offset = byteOffset(layout, at(tiles, origin, mn, k), elementBytes);
    return offset < 0 ? 16 : offset - start;
  };
  std::vector<WgmmaOperandMode> candidates;
  for (int32_t swizzle : {128, 64, 32}) {
    WgmmaOperandMode kMajor;
    kMajor.swizzleBytes = swizzle;
    kMajor.leadingByteOffset = 16;
    kMajor.strideByteOffset = tiles.mnTile > 8 ? strideTo(8, 0) : 16;
    candidates.push_back(kMajor);
    if (!tiles.allowMNMajor)
      continue;
    WgmmaOperandMode mnMajor;
    mnMajor.swizzleBytes = swizzle;
    mnMajor.mnMajor = true;
    int64_t perRow = swizzle / elementBytes;
    mnMajor.leadingByteOffset =
        tiles.mnTile > perRow ? strideTo(perRow, 0) : 16;
    mnMajor.strideByteOffset = tiles.kTile > 8 ? strideTo(0, 8) : 16;
    candidates.push_back(mnMajor);
  }
  WgmmaOperandMode interleaved;
  int64_t perChunk = 16 / elementBytes;
  interleaved.strideByteOffset = tiles.mnTile > 8 ? strideTo(8, 0) : 16;
  interleaved.leadingByteOffset =
      tiles.kTile > perChunk ? strideTo(0, perChunk) : 16;
  candidates.push_back(interleaved);
  return candidates;
}

} // namespace

std::optional<WgmmaOperandMode>
gluonc::findWgmmaOperandMode(const SharedLayout &layout, unsigned elementBytes,
                             const WgmmaOperandTiles &tiles,
                             std::string &problem) {
  if (layout.rank() != 2 || layout.isPadded() || tiles.origins.empty()) {
    problem = "wgmma reads a 2-D operand in an unpadded layout";
    return std::nullopt;
  }
  for (const WgmmaOperandMode &mode :
       getCandidates(layout, elementBytes, tiles)) {
    // The strides must fit the descriptor's 14-bit fields of 16 bytes.
    auto fits = [](int64_t bytes) {
      return bytes > 0 && bytes % 16 == 0 && (bytes >> 4) < (1 << 14);
    };
    if (!fits(mode.leadingByteOffset) || !fits(mode.strideByteOffset))
      continue;
    if (readsEveryTile(layout, elementBytes, tiles, mode))
      return mode;
  }
  problem = "wgmma cannot read this shared layout: no matrix descriptor "
            "(swizzle of 128, 64 or 32 bytes, K- or MN-major, or 16-byte "
            "core matrices) reads its " +
            std::to_string(tiles.mnDim == 0 ? tiles.mnTile : tiles.kTile) +
            "x" +
            std::to_string(tiles.mnDim == 0 ? tiles.kTile : tiles.mnTile) +
            " tiles where the layout places them";
  if (!tiles.allowMNMajor)
    problem += " (wgmma transposes only 16-bit operands: 8- and 32-bit ones "
               "must be contiguous along K)";
  else
    problem += " (a swizzled NVMMASharedLayout, at least 32 bytes wide along "
               "the contiguous dimension, always is)";
  return std::nullopt;
}
