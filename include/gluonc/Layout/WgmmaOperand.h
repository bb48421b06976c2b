//===- WgmmaOperand.h - How wgmma reads an operand from shared memory -*- C++ -*-===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Hopper's wgmma reads a shared-memory operand through a 64-bit matrix
// descriptor: a start address and one of a few canonical layouts (PTX ISA,
// "Matrix Descriptor Format" of wgmma): a swizzle mode (none, 32, 64 or 128
// bytes), whether the operand is K-major or MN-major (the instruction's
// transpose bit), and two strides, the leading and the stride dimension
// byte offsets. For an instruction's tile of mnTile x kTile elements (mn is
// M for A, N for B) at tile position (mn, k), the hardware reads
//
//   K-major, swizzle S:   (mn % 8) * S + (mn / 8) * SBO + k * bytes
//   K-major, none:        (mn % 8) * 16 + (mn / 8) * SBO
//                         + (k % T) * bytes + (k / T) * LBO     (T = 16 / bytes)
//   MN-major, swizzle S:  (mn % R) * bytes + (mn / R) * LBO
//                         + (k % 8) * S + (k / 8) * SBO         (R = S / bytes)
//
// bytes from the start address, then XORs address bits [4, 7) with bits
// [7, 10) (as many as the swizzle has 16-byte chunks per row: 3, 2, 1).
//
// gluonc does not derive the mode from the layout's name: it takes the
// strides from the shared layout's own map and accepts a mode only when,
// for every tile the instructions read, the address the hardware computes
// is the offset the layout gives each element. Any view (a buffer of a
// ring, a permuted descriptor for a transposed operand) is then read right
// or refused at compile time, never read wrong.
//
//===----------------------------------------------------------------------===//

#ifndef GLUONC_LAYOUT_WGMMAOPERAND_H
#define GLUONC_LAYOUT_WGMMAOPERAND_H

#include "gluonc/Layout/SharedLayout.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace gluonc {

/// The fixed part of a wgmma matrix descriptor.
struct WgmmaOperandMode {
  /// 0 (no swizzle), 32, 64 or 128.
  int32_t swizzleBytes = 0;
  /// The instruction's transpose bit: the operand is contiguous along M
  /// (A) or N (B) instead of K.
  bool mnMajor = false;
  int64_t leadingByteOffset = 0;
  int64_t strideByteOffset = 0;

  /// The descriptor without its start address (bits 0-13): the offsets in
  /// 16-byte units at bits 16 and 32, the swizzle mode at bit 62.
  uint64_t getDescriptorBits() const;
  /// The byte the hardware reads for element (mn, k) of a tile whose first
  /// element is at byte `start` of a pattern-aligned region.
  int64_t getAddress(int64_t start, int64_t mn, int64_t k,
                     unsigned elementBytes) const;
};

/// The tiles one wgmma op reads from an operand.
struct WgmmaOperandTiles {
  /// The dimension of the operand's M (A: 0) or N (B: 1).
  unsigned mnDim = 0;
  /// One instruction's tile: 64 rows of A or N columns of B; K elements of
  /// 32 bytes.
  int64_t mnTile = 0;
  int64_t kTile = 0;
  /// Each tile's first element, in the operand's coordinates.
  std::vector<Coord> origins;
  /// wgmma transposes 16-bit operands only: others must be K-major.
  bool allowMNMajor = true;
};

/// The mode under which wgmma reads every tile of `tiles` from `layout`
/// (a rank-2 view, offsets relative to its first element) exactly where
/// the layout places it; std::nullopt with `problem` set when no mode does.
/// The hardware swizzles absolute addresses: the caller makes sure the
/// view starts at a multiple of 1024 bytes (every swizzle's period).
std::optional<WgmmaOperandMode>
findWgmmaOperandMode(const SharedLayout &layout, unsigned elementBytes,
                     const WgmmaOperandTiles &tiles, std::string &problem);

} // namespace gluonc

#endif // GLUONC_LAYOUT_WGMMAOPERAND_H
