//===- LoadMatrix.h - Shared loads as ldmatrix -------------------*- C++
//-*-===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// ldmatrix.sync.aligned.m8n8.xN(.trans).shared.b16 (PTX ISA 6.5, sm_75;
// gluonc uses it from sm_80, whose PTX LLVM writes as 7.0) loads N (1, 2
// or 4) 8 x 8 matrices of 16-bit elements for a warp: lane i
// gives the address of row i % 8 of matrix i / 8 (16 contiguous bytes);
// lane t receives, per matrix, one 32-bit register holding the elements
// (t / 4, 2 (t % 4)) and (t / 4, 2 (t % 4) + 1) of it, or with .trans
// (2 (t % 4), t / 4) and (2 (t % 4) + 1, t / 4).
//
// A local_load can be such loads when the map from a thread's (register,
// lane, warp) to the element offset in shared memory (composeWithOffsets)
// has that shape: register bit 0 and lane bits 0, 1 step through a row
// (offsets 1, 2, 4), lane bits 2-4 choose the row; or, transposed, lane
// bits 2-4 step through the row and register bit 0 and lane bits 0, 1
// choose it. Every row starts on a 16-byte boundary (every other offset is
// a multiple of 8 elements) and stays within a padding interval. Register
// bits 1 and 2 choose among the matrices of one ldmatrix (x4, or x2 / x1
// when the thread has fewer registers); the rest choose the ldmatrix. So
// ldmatrix g returns the thread's registers [g 2N, (g + 1) 2N) in order.
// The dot operands of mma_v2 in 16-bit elements have that shape over a
// row-major A (K contiguous) and, transposed, a row-major B (N contiguous).
// Plain C++, unit-tested in tests/unit/backends/nvidia.
//
//===----------------------------------------------------------------------===//

#ifndef GLUONC_BACKENDS_NVIDIA_LOADMATRIX_H
#define GLUONC_BACKENDS_NVIDIA_LOADMATRIX_H

#include "gluonc/Layout/LinearLayout.h"
#include "gluonc/Layout/SharedLayout.h"

#include <optional>

namespace gluonc::nvidia {

struct LoadMatrixPlan {
  /// ldmatrix's .trans: the thread's register pairs run down a column.
  bool transposed = false;
  /// Matrices per ldmatrix: 1, 2 or 4.
  unsigned matrices = 1;
  /// The row address (element offset, before padding) each lane gives to
  /// each ldmatrix: one register per ldmatrix, lanes by ldmatrix's
  /// convention (bits 0-2 the row, 3-4 the matrix), warps the tensor's.
  LinearLayout rowOffsets{std::vector<int32_t>{1}};

  /// The thread's 16-bit registers one ldmatrix fills: two per matrix (one
  /// 32-bit result).
  unsigned getRegistersPerLoad() const { return 2 * matrices; }
};

/// The ldmatrix loads of a tensor in `distributed` from `shared`; nullopt
/// when the layouts do not have ldmatrix's shape (then plain loads do).
std::optional<LoadMatrixPlan> planLoadMatrix(const LinearLayout &distributed,
                                             const SharedLayout &shared,
                                             unsigned elementBits);

} // namespace gluonc::nvidia

#endif // GLUONC_BACKENDS_NVIDIA_LOADMATRIX_H
