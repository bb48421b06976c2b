//===- LoadMatrix.cpp - Shared loads as ldmatrix --------------------------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "LoadMatrix.h"

using namespace gluonc;
using namespace gluonc::nvidia;

namespace {

/// Elements in one row of a matrix: 16 bytes of 16-bit elements.
constexpr int32_t kRowElements = 8;

int32_t offsetOf(const Coord &basis) { return basis[0]; }

/// Whether every row that starts at a multiple of 8 elements stays in one
/// padding interval and keeps its 16-byte alignment after the padding.
bool keepsRows(const SharedLayout &shared) {
  for (const PaddingRule &rule : shared.getPadding())
    if (rule.interval % kRowElements != 0 || rule.padding % kRowElements != 0)
      return false;
  return true;
}

} // namespace

std::optional<LoadMatrixPlan>
gluonc::nvidia::planLoadMatrix(const LinearLayout &distributed,
                               const SharedLayout &shared,
                               unsigned elementBits) {
  if (elementBits != 16 || distributed.getNumBits(HwDim::Lane) != 5 ||
      distributed.getNumBits(HwDim::Register) == 0 || !keepsRows(shared))
    return std::nullopt;
  LinearLayout offsets = composeWithOffsets(distributed, shared);
  const std::vector<Coord> &regs = offsets.getBases(HwDim::Register);
  const std::vector<Coord> &lanes = offsets.getBases(HwDim::Lane);
  LoadMatrixPlan plan;
  // Within a row: register 0, lanes 0-1 (or lanes 2-4 transposed).
  std::vector<Coord> rowBits;
  if (offsetOf(regs[0]) == 1 && offsetOf(lanes[0]) == 2 &&
      offsetOf(lanes[1]) == 4) {
    rowBits = {lanes[2], lanes[3], lanes[4]};
  } else if (offsetOf(lanes[2]) == 1 && offsetOf(lanes[3]) == 2 &&
             offsetOf(lanes[4]) == 4) {
    plan.transposed = true;
    rowBits = {regs[0], lanes[0], lanes[1]};
  } else {
    return std::nullopt;
  }
  unsigned matrixBits = std::min<unsigned>(2, regs.size() - 1);
  plan.matrices = 1u << matrixBits;
  std::vector<Coord> matrixBases(regs.begin() + 1,
                                 regs.begin() + 1 + matrixBits);
  std::vector<Coord> loadBases(regs.begin() + 1 + matrixBits, regs.end());
  // Rows start on 16-byte boundaries, and every register holds an element
  // of its own (a copy would need a register ldmatrix does not give).
  auto isRowStart = [](const Coord &basis) {
    return offsetOf(basis) != 0 && offsetOf(basis) % kRowElements == 0;
  };
  for (const std::vector<Coord> *bases : {&rowBits, &matrixBases, &loadBases})
    for (const Coord &basis : *bases)
      if (!isRowStart(basis))
        return std::nullopt;
  for (HwDim hw : {HwDim::Warp, HwDim::Block})
    for (const Coord &basis : offsets.getBases(hw))
      if (offsetOf(basis) % kRowElements != 0)
        return std::nullopt;

  plan.rowOffsets = LinearLayout(offsets.getShape());
  for (const Coord &basis : loadBases)
    plan.rowOffsets.addBasis(HwDim::Register, basis);
  // Lane i gives row i % 8 of matrix i / 8; lanes past the matrices give
  // addresses ldmatrix does not read (copies of the first ones').
  for (const Coord &basis : rowBits)
    plan.rowOffsets.addBasis(HwDim::Lane, basis);
  for (unsigned bit = 0; bit < 2; ++bit)
    plan.rowOffsets.addBasis(HwDim::Lane,
                             bit < matrixBits ? matrixBases[bit] : Coord{0});
  for (HwDim hw : {HwDim::Warp, HwDim::Block})
    for (const Coord &basis : offsets.getBases(hw))
      plan.rowOffsets.addBasis(hw, basis);
  return plan;
}
