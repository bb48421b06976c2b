//===- WarpPipeline.h - The stages of an AMD warp pipeline ------*- C++ -*-===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// A loop body with gluon.warp_pipeline_border ops is a warp pipeline: the
// borders split it into stages (WarpPipelinePlan.h has the rules and the
// timing). These helpers find the stages of a body and the op a stage may
// not hold, for the frontend (a diagnostic at the `with`), the border op's
// verifier and the barrier pass; and name the attributes through which the
// barrier pass hands its plan to the lowering.
//
//===----------------------------------------------------------------------===//

#ifndef GLUONC_IR_WARPPIPELINE_H
#define GLUONC_IR_WARPPIPELINE_H

#include "gluonc/IR/AMDOps.h"

#include <optional>
#include <string>

namespace mlir::gluon {

/// On a border (set by the barrier pass): the barrier after it also orders
/// LDS (s_waitcnt lgkmcnt(0) before the s_barrier).
constexpr llvm::StringLiteral kOrdersLdsAttrName = "gluon.orders_lds";
/// On a border (set by the barrier pass when the loop's stages have
/// priorities): the priority of the stage after it.
constexpr llvm::StringLiteral kNextPriorityAttrName = "gluon.next_priority";
/// On a pipelined scf.for (set by the barrier pass): the waves of the
/// leading group (the lagging group is the others; 0 when there is one
/// group), and stage 0's priority when the stages have priorities.
constexpr llvm::StringLiteral kGroupWavesAttrName = "gluon.pipeline_group_waves";
constexpr llvm::StringLiteral kFirstPriorityAttrName =
    "gluon.pipeline_first_priority";

/// The borders directly in `block`, in order.
llvm::SmallVector<WarpPipelineBorderOp> getPipelineBorders(Block &block);

/// The ops of stage `index` of a body whose borders are `borders`: from
/// the previous border (or the block's start) to borders[index], and for
/// stage 0 also the ops after the last border (but the terminator).
llvm::SmallVector<Operation *>
getStageOps(llvm::ArrayRef<WarpPipelineBorderOp> borders, size_t index);

/// An op nested in `op` (or `op` itself) that a stage may not hold, and
/// why: a loop, a barrier or an mbarrier wait (a stage runs between two
/// borders with no rendezvous of its own). A wave's wait for its own async
/// copies (async_wait_group) is allowed.
std::optional<std::pair<Operation *, std::string>>
findForbiddenInStage(Operation *op);

} // namespace mlir::gluon

#endif // GLUONC_IR_WARPPIPELINE_H
