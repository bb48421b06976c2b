//===- WarpSpecialize.h - Which warps run an op -----------------*- C++ -*-===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// In a warp-specialized kernel an op runs on the warps of the task it is in:
// a gluon.warp_specialize partition's, or the kernel's num_warps (the
// default task, and all code outside the op). One function answers it for
// the verifier, the barrier pass and the lowering.
//
//===----------------------------------------------------------------------===//

#ifndef GLUONC_IR_WARPSPECIALIZE_H
#define GLUONC_IR_WARPSPECIALIZE_H

#include "gluonc/IR/Dialect.h"
#include "gluonc/Plan/TaskPlan.h"

#include <optional>

namespace mlir::gluon {

/// The launch's warps in a warp-specialized kernel (module attribute, set
/// by the tasks pass): the default task's and every partition's, padded to
/// whole warpgroups.
constexpr llvm::StringLiteral kTotalNumWarpsAttrName = "gluon.total_num_warps";
/// One setmaxnreg count per warpgroup (on the warp_specialize op).
constexpr llvm::StringLiteral kWarpGroupRegistersAttrName =
    "gluon.warp_group_registers";

/// The warps that run an op.
struct WarpScope {
  /// The warp_specialize whose partition holds the op; null outside
  /// partitions.
  WarpSpecializeOp warpSpecialize;
  /// The partition's index in warpSpecialize's partitions.
  std::optional<unsigned> partition;
  /// The first warp (0 outside partitions; a partition's start warp once
  /// the tasks pass has placed it).
  unsigned startWarp = 0;
  unsigned numWarps = 0;
};

/// The tasks of `op` as gluonc::checkTasks and planTasks take them: the
/// kernel's num_warps, each partition's warps, start, request and name,
/// whether a task has device_assert inside, and the module's --maxnreg.
gluonc::TaskSetSpec getTaskSet(WarpSpecializeOp op);

/// The scope of `op`, or of code inserted into `block`.
WarpScope getWarpScope(Operation *op);
WarpScope getWarpScope(Block *block);

/// For an argument of a partition's entry block, the warp_specialize
/// operand it captures (the same memory, buffer or scalar); null for any
/// other value.
Value getCapturedValue(Value value);

/// The kernel's num_warps (the module's gluon.num_warps).
unsigned getKernelNumWarps(Operation *op);

/// Whether the function holding `op` has a gluon.warp_specialize, so that
/// its barriers must name the warps they wait for.
bool isWarpSpecialized(Operation *op);

} // namespace mlir::gluon

#endif // GLUONC_IR_WARPSPECIALIZE_H
