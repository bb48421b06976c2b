//===- WarpgroupMma.h - What one gluon.warpgroup_mma issues -----*- C++ -*-===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// A warpgroup MMA's accumulator, in an NVMMADistributedLayout of version 3
// with warps_per_cta [WM, WN] and instr_shape [16, n, k], splits among the
// warps M first: warp w is at (w % WM, w / WM), and the 4 warps of a
// warpgroup own 64 consecutive rows. Warpgroup (g, wn), g = (w % WM) / 4,
// issues one wgmma.mma_async m64nNk per tile
//
//   rows    mRep * 16 WM + 64 g          + [0, 64)
//   columns nRep * n WN  + n wn          + [0, n)
//
// and per K step of k elements (32 bytes). The plan below is that grid,
// the instruction's type names, and the matrix descriptor mode of each
// shared-memory operand (gluonc::findWgmmaOperandMode, checked over every
// tile of every warpgroup). The frontend reports its problems at the
// kernel's source, the verifier for IR written by hand, and the lowering
// issues exactly what it says.
//
//===----------------------------------------------------------------------===//

#ifndef GLUONC_IR_WARPGROUPMMA_H
#define GLUONC_IR_WARPGROUPMMA_H

#include "gluonc/IR/Dialect.h"
#include "gluonc/Layout/WgmmaOperand.h"
#include "gluonc/Target/ArchInfo.h"

#include <optional>
#include <string>

namespace mlir::gluon {

struct WarpgroupMmaPlan {
  gluonc::NvidiaMmaLayoutSpec layout;
  int64_t instrN = 0, instrK = 0;
  int64_t mReps = 0, nReps = 0, kSteps = 0;
  /// PTX's names of the operand and accumulator types ("f16", "f32").
  std::string operandType, accType;
  unsigned elementBytes = 0;
  /// A's descriptor mode when A is in shared memory.
  std::optional<gluonc::WgmmaOperandMode> aMode;
  gluonc::WgmmaOperandMode bMode;

  /// Warpgroup 0's tile (mRep, kStep) of A and (kStep, nRep) of B.
  gluonc::Coord getATileOrigin(int64_t mRep, int64_t kStep) const;
  gluonc::Coord getBTileOrigin(int64_t kStep, int64_t nRep) const;
  /// What warpgroup g along M adds to every A tile's origin (64 g rows),
  /// and warp column wn along N to every B tile's (n wn columns).
  gluonc::Coord getAWarpgroupOrigin(unsigned g) const;
  gluonc::Coord getBWarpgroupOrigin(unsigned wn) const;
  /// Warpgroups along M, warps along N: the values g and wn take.
  unsigned getWarpgroupsM() const {
    return getWarpsM() / gluonc::kWarpGroupWarps;
  }
  /// Warps per CTA along M and N.
  unsigned getWarpsM() const { return unsigned(layout.warpsPerCTA[0]); }
  unsigned getWarpsN() const { return unsigned(layout.warpsPerCTA[1]); }
};

/// The plan of `a @ b + acc` (a: an [M, K] memdesc or tensor, b: a [K, N]
/// memdesc, acc: an [M, N] tensor); std::nullopt with `problem` set when
/// wgmma cannot compute it.
std::optional<WarpgroupMmaPlan> planWarpgroupMma(Type a, Type b, Type acc,
                                                 std::string &problem);

/// Why `type` cannot be a dependency of gluon.warpgroup_mma_wait (a
/// tensor or a shared memory descriptor); empty when it can.
std::string checkWarpgroupMmaDependency(Type type);

} // namespace mlir::gluon

#endif // GLUONC_IR_WARPGROUPMMA_H
