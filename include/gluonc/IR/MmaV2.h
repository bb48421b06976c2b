//===- MmaV2.h - What one gluon.mma_v2 issues -------------------*- C++ -*-===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// An mma_v2's accumulator, in an NVMMADistributedLayout of version [2, 0]
// with warps_per_cta [WM, WN], splits among the warps N first: warp w is at
// (w / WN, w % WN) = (wm, wn). Each warp issues one
// mma.sync.aligned.m16n8kK per tile
//
//   rows    mRep * 16 WM + 16 wm + [0, 16)
//   columns nRep *  8 WN +  8 wn + [0, 8)
//
// and per K step of K = 8 kWidth elements (32 bytes of operand: 16 for
// f16 and bf16, 8 for tf32, 32 for i8), reading A's [16, K] and B's [K, 8]
// tiles from its registers in the accumulator's dot operand layouts
// (gluonc::nvidiaMmaDotOperandToLinearLayout). The plan below is that grid,
// the instruction's types, and where in a tile each element of PTX's
// fragments lies for lane 0 (the other lanes' share is the layouts' lane
// part, the same for every register). The frontend reports its problems at
// the kernel's source, the verifier for IR written by hand, and the
// lowering issues exactly what it says.
//
//===----------------------------------------------------------------------===//

#ifndef GLUONC_IR_MMAV2_H
#define GLUONC_IR_MMAV2_H

#include "gluonc/IR/Dialect.h"

#include <optional>
#include <string>

namespace mlir::gluon {

struct MmaV2Plan {
  gluonc::NvidiaMmaLayoutSpec layout;
  /// PTX's names of the operand and accumulator types ("f16", "tf32",
  /// "s8"; "f32", "f16", "s32").
  std::string operandType, accType;
  /// Operand elements per 32-bit register (32 / element bits).
  unsigned kWidth = 0;
  /// K of one instruction: 8 kWidth.
  int64_t instrK = 0;
  int64_t mReps = 0, nReps = 0, kSteps = 0;

  /// Warp 0's tile (mRep, kStep) of A, (kStep, nRep) of B and (mRep, nRep)
  /// of the accumulator.
  gluonc::Coord getATileOrigin(int64_t mRep, int64_t kStep) const;
  gluonc::Coord getBTileOrigin(int64_t kStep, int64_t nRep) const;
  gluonc::Coord getAccTileOrigin(int64_t mRep, int64_t nRep) const;

  /// Elements of one instruction's fragments per lane: A's a0.., B's b0..
  /// (kWidth to a 32-bit register), the accumulator's c0..c3.
  int64_t getAElements() const { return 4 * kWidth; }
  int64_t getBElements() const { return 2 * kWidth; }
  static constexpr int64_t kAccElements = 4;
  /// Where lane 0's element `i` of each fragment lies in its tile (PTX
  /// ISA, "Matrix Fragments for mma.m16n8k*"): a_i at row 8 ((i / kWidth)
  /// % 2), column i % kWidth + 4 kWidth (i / 2 kWidth); b_i at row i %
  /// kWidth + 4 kWidth (i / kWidth); c_i at row 8 (i / 2), column i % 2.
  gluonc::Coord getAFragmentOffset(int64_t i) const;
  gluonc::Coord getBFragmentOffset(int64_t i) const;
  static gluonc::Coord getAccFragmentOffset(int64_t i);

  unsigned getWarpsM() const { return unsigned(layout.warpsPerCTA[0]); }
  unsigned getWarpsN() const { return unsigned(layout.warpsPerCTA[1]); }
};

/// The plan of `a @ b + acc` (tensors [M, K], [K, N] and [M, N]);
/// std::nullopt with `problem` set when mma.sync cannot compute it.
std::optional<MmaV2Plan> planMmaV2(Type a, Type b, Type acc,
                                   std::string &problem);

} // namespace mlir::gluon

#endif // GLUONC_IR_MMAV2_H
