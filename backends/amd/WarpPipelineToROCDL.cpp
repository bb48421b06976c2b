//===- WarpPipelineToROCDL.cpp - Warp pipelines as s_barrier rendezvous ---===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Lowers the warp pipelines the barrier pass planned (Membar.cpp marks the
// loop and its borders; gluonc/IR/WarpPipeline.h names the marks), before
// structured control flow becomes branches:
//
//   before the loop   s_setprio p0 (when the stages have priorities);
//                     the lagging group (wave id >= the leading group's
//                     waves) waits at one extra s_barrier, which the
//                     leading group's first border meets: from then on the
//                     leading group runs one stage ahead;
//   each border       sched_barrier 0, s_setprio p (the next stage's),
//                     s_waitcnt lgkmcnt(0) when the border orders LDS,
//                     s_barrier, sched_barrier 0: the fences keep the
//                     scheduler from moving instructions across the
//                     priority change and the rendezvous;
//   after the loop    s_setprio 0; the leading group waits at one extra
//                     s_barrier, so both groups have passed as many
//                     barriers and meet again.
//
// The wave id comes from readfirstlane so that the conditional barrier's
// branch is uniform.
//
// Intra-wave regions, as IntraWaveSchedule.cpp planned them: sched_barrier
// 0 where the region (a pair: its first stage) begins, and where it ends
// the planned steps as sched_group_barrier(mask, count, sync id), then
// sched_barrier 0. The fences keep the region's instructions among
// themselves; the groups, placed after the instructions they order, ask
// LLVM's scheduler (its IGroupLP mutation) for the planned sequence.
//
//===----------------------------------------------------------------------===//

#include "AMDTargetInfo.h"
#include "Patterns.h"

#include "gluonc/IR/AMDOps.h"
#include "gluonc/IR/WarpPipeline.h"
#include "gluonc/Pipeline/Target.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Pass/Pass.h"

#include "llvm/Support/MathExtras.h"

namespace gluonc::amd {
#define GEN_PASS_DEF_GLUONAMDLOWERWARPPIPELINE
#include "Passes.h.inc"
} // namespace gluonc::amd

using namespace mlir;
using namespace gluonc;

namespace {

class LowerWarpPipelinePass
    : public amd::impl::GluonAMDLowerWarpPipelineBase<LowerWarpPipelinePass> {
public:
  using GluonAMDLowerWarpPipelineBase::GluonAMDLowerWarpPipelineBase;

  void runOnOperation() override {
    std::shared_ptr<const TargetInfo> target =
        getModuleTargetInfo(getOperation(), arch);
    if (!target)
      return signalPassFailure();
    waveSize = target->getWarpSize();
    WalkResult regions = getOperation().walk([&](Operation *op) {
      if (!isa<gluon::IntraWaveBeginOp, gluon::IntraWaveEndOp>(op))
        return WalkResult::advance();
      if (!op->hasAttr(amd::kIntraWavePlannedAttrName)) {
        op->emitOpError("was not planned (gluon-amd-plan-intra-wave runs in "
                        "the schedule stage)");
        return WalkResult::interrupt();
      }
      lowerRegionMarker(op);
      return WalkResult::advance();
    });
    if (regions.wasInterrupted())
      return signalPassFailure();
    getOperation().walk([&](scf::ForOp loop) {
      if (loop->hasAttr(gluon::kGroupWavesAttrName))
        lowerLoop(loop);
    });
    getOperation().walk([&](gluon::WarpPipelineBorderOp border) {
      if (!border->getParentOp()->hasAttr(gluon::kGroupWavesAttrName)) {
        border.emitOpError("was not planned by the barrier pass");
        signalPassFailure();
        return;
      }
      lowerBorder(border);
    });
  }

private:
  unsigned waveSize = 0;

  static void setPriority(OpBuilder &b, Location loc, int64_t priority) {
    ROCDL::SetPrioOp::create(b, loc, b.getI16IntegerAttr(priority));
  }

  /// An s_barrier only the waves where `lagging` says so (the lagging
  /// group, or the leading one when false) reach.
  void conditionalBarrier(OpBuilder &b, Location loc, unsigned groupWaves,
                          bool lagging) {
    Value tid = ROCDL::ThreadIdXOp::create(b, loc, b.getI32Type());
    Value shift =
        arith::ConstantIntOp::create(b, loc, llvm::Log2_32(waveSize), 32);
    Value wave = arith::ShRUIOp::create(b, loc, tid, shift);
    wave = ROCDL::ReadfirstlaneOp::create(b, loc, b.getI32Type(), wave);
    Value bound = arith::ConstantIntOp::create(b, loc, groupWaves, 32);
    Value cond = arith::CmpIOp::create(
        b, loc, lagging ? arith::CmpIPredicate::uge : arith::CmpIPredicate::ult,
        wave, bound);
    auto ifOp = scf::IfOp::create(b, loc, TypeRange{}, cond,
                                  /*withElseRegion=*/false);
    OpBuilder thenBuilder = ifOp.getThenBodyBuilder();
    ROCDL::SBarrierOp::create(thenBuilder, loc);
  }

  void lowerLoop(scf::ForOp loop) {
    unsigned groupWaves =
        loop->getAttrOfType<IntegerAttr>(gluon::kGroupWavesAttrName).getInt();
    auto first = loop->getAttrOfType<IntegerAttr>(gluon::kFirstPriorityAttrName);
    Location loc = loop.getLoc();
    OpBuilder b(loop);
    if (first)
      setPriority(b, loc, first.getInt());
    if (groupWaves)
      conditionalBarrier(b, loc, groupWaves, /*lagging=*/true);
    b.setInsertionPointAfter(loop);
    if (first)
      setPriority(b, loc, 0);
    if (groupWaves)
      conditionalBarrier(b, loc, groupWaves, /*lagging=*/false);
  }

  /// A planned region's marker: the fence that opens the region, the
  /// groups and fence that close it, or nothing (between a pair's stages).
  static void lowerRegionMarker(Operation *marker) {
    OpBuilder b(marker);
    Location loc = marker->getLoc();
    if (marker->hasAttr(amd::kIntraWaveOpensAttrName))
      ROCDL::SchedBarrier::create(b, loc, b.getI32IntegerAttr(0));
    if (auto steps = marker->getAttrOfType<DenseI32ArrayAttr>(
            amd::kIntraWaveStepsAttrName)) {
      uint32_t syncId = uint32_t(
          marker->getAttrOfType<IntegerAttr>(amd::kIntraWaveSyncIdAttrName)
              .getInt());
      ArrayRef<int32_t> encoded = steps.asArrayRef();
      for (size_t i = 0; i + 1 < encoded.size(); i += 2)
        ROCDL::SchedGroupBarrier::create(b, loc, uint32_t(encoded[i]),
                                         uint32_t(encoded[i + 1]), syncId);
      ROCDL::SchedBarrier::create(b, loc, b.getI32IntegerAttr(0));
    }
    marker->erase();
  }

  static void lowerBorder(gluon::WarpPipelineBorderOp border) {
    OpBuilder b(border);
    Location loc = border.getLoc();
    // Nothing of either stage may move into the rendezvous, the priority
    // change included.
    ROCDL::SchedBarrier::create(b, loc, b.getI32IntegerAttr(0));
    if (auto next =
            border->getAttrOfType<IntegerAttr>(gluon::kNextPriorityAttrName))
      setPriority(b, loc, next.getInt());
    if (border->hasAttr(gluon::kOrdersLdsAttrName))
      ROCDL::SWaitcntOp::create(b, loc, amd::kWaitLdsOnly);
    ROCDL::SBarrierOp::create(b, loc);
    ROCDL::SchedBarrier::create(b, loc, b.getI32IntegerAttr(0));
    border.erase();
  }
};

} // namespace
