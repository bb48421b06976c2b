//===- WarpPipelinePlanning.cpp - Borders of AMD warp pipelines -----------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// A loop whose body holds gluon.warp_pipeline_border ops runs its stages
// in two wave groups one stage apart, meeting only at the borders. Before
// the barrier pass runs, this pass gathers each stage's LDS accesses as the
// barrier pass sees them (MemoryAccesses.h: bytes once allocation placed
// them, all of LDS where it could not), plans which borders must also
// order LDS (gluonc::planInterWave, which accounts for the groups' lag) and
// marks them, with the wave groups and each stage's priority. A reduction,
// scan or layout conversion through shared memory cannot be inside a
// stage: it waits at a barrier of its own, which would pair with the other
// group's border.
//
// The plan is a function of the IR (the stages and their accesses), so the
// schedule `-v` and the metadata print is the same analysis run again on
// the IR the pass marked (getWarpPipelineSchedules).
//
//===----------------------------------------------------------------------===//

#include "Patterns.h"

#include "gluonc/IR/AMDOps.h"
#include "gluonc/IR/WarpPipeline.h"
#include "gluonc/IR/WarpSpecialize.h"
#include "gluonc/Transforms/MemoryAccesses.h"

#include "mlir/Dialect/SCF/IR/SCF.h"

#include <limits>

namespace gluonc::amd {
#define GEN_PASS_DEF_GLUONAMDPLANWARPPIPELINES
#include "Passes.h.inc"
} // namespace gluonc::amd

using namespace mlir;
using namespace gluonc;
using namespace gluonc::amd;

namespace {

/// The LDS bytes an access touches; all of them when it cannot be placed.
LdsAccess getLdsBytes(const Access &access) {
  if (access.buffer.bytes)
    return {access.buffer.bytes->first, access.buffer.bytes->second,
            access.isWrite};
  return {0, std::numeric_limits<int64_t>::max(), access.isWrite};
}

/// Each stage's label, priority and LDS accesses; the scratch users inside
/// a stage go to `scratchUsers`.
std::vector<InterWaveStage>
collectStages(ArrayRef<gluon::WarpPipelineBorderOp> borders,
              SmallVectorImpl<Operation *> &scratchUsers) {
  std::vector<InterWaveStage> stages;
  for (size_t index = 0; index < borders.size(); ++index) {
    InterWaveStage stage;
    gluon::WarpPipelineBorderOp border = borders[index];
    stage.label = border.getLabel().str();
    if (std::optional<int32_t> priority = border.getPriority())
      stage.priority = unsigned(*priority);
    for (Operation *op : gluon::getStageOps(borders, index))
      op->walk([&](Operation *nested) {
        if (isScratchUser(nested))
          scratchUsers.push_back(nested);
        for (const Access &access : getAccesses(nested))
          stage.lds.push_back(getLdsBytes(access));
      });
    stages.push_back(std::move(stage));
  }
  return stages;
}

/// The warp-pipelined loops of `module`, outer loops first.
SmallVector<scf::ForOp> getPipelinedLoops(ModuleOp module) {
  SmallVector<scf::ForOp> loops;
  module.walk<WalkOrder::PreOrder>([&](scf::ForOp loop) {
    if (!gluon::getPipelineBorders(*loop.getBody()).empty())
      loops.push_back(loop);
  });
  return loops;
}

unsigned getLoopLine(scf::ForOp loop) {
  if (auto fileLoc = loop.getLoc()->findInstanceOf<FileLineColLoc>())
    return fileLoc.getLine();
  return 0;
}

class PlanWarpPipelinesPass
    : public gluonc::amd::impl::GluonAMDPlanWarpPipelinesBase<
          PlanWarpPipelinesPass> {
  void runOnOperation() override {
    for (scf::ForOp loop : getPipelinedLoops(getOperation()))
      if (failed(plan(loop)))
        signalPassFailure();
  }

  static LogicalResult plan(scf::ForOp loop) {
    SmallVector<gluon::WarpPipelineBorderOp> borders =
        gluon::getPipelineBorders(*loop.getBody());
    SmallVector<Operation *> scratchUsers;
    std::vector<InterWaveStage> stages = collectStages(borders, scratchUsers);
    for (Operation *op : scratchUsers)
      op->emitError("a reduction, scan or layout conversion through shared "
                    "memory cannot be inside a warp pipeline stage: it "
                    "waits at a barrier of its own");
    if (!scratchUsers.empty())
      return failure();
    unsigned numWaves = gluon::getKernelNumWarps(loop);
    auto planned = planInterWave(stages, numWaves);
    if (auto *error = std::get_if<PipelineError>(&planned)) {
      Operation *at = loop;
      if (error->stage)
        at = borders[*error->stage].getOperation();
      at->emitError(error->message);
      return failure();
    }
    const InterWavePlan &plan = std::get<InterWavePlan>(planned);
    Builder builder(loop.getContext());
    loop->setAttr(gluon::kGroupWavesAttrName,
                  builder.getI32IntegerAttr(
                      numWaves > plan.groupWaves ? plan.groupWaves : 0));
    if (!plan.priorities.empty())
      loop->setAttr(gluon::kFirstPriorityAttrName,
                    builder.getI32IntegerAttr(plan.priorities[0]));
    // Border k ends stage k: the barrier before stage k + 1 (wrapping).
    for (size_t k = 0; k < borders.size(); ++k) {
      size_t next = (k + 1) % borders.size();
      if (plan.borders[next] == BorderKind::LdsOrdering)
        borders[k]->setAttr(gluon::kOrdersLdsAttrName, builder.getUnitAttr());
      if (!plan.priorities.empty())
        borders[k]->setAttr(gluon::kNextPriorityAttrName,
                            builder.getI32IntegerAttr(plan.priorities[next]));
    }
    return success();
  }
};

} // namespace

std::vector<LoopSchedule>
gluonc::amd::getWarpPipelineSchedules(ModuleOp module) {
  std::vector<LoopSchedule> schedules;
  for (scf::ForOp loop : getPipelinedLoops(module)) {
    if (!loop->hasAttr(gluon::kGroupWavesAttrName))
      continue;
    SmallVector<Operation *> scratchUsers;
    std::vector<InterWaveStage> stages =
        collectStages(gluon::getPipelineBorders(*loop.getBody()), scratchUsers);
    auto planned = planInterWave(stages, gluon::getKernelNumWarps(loop));
    if (auto *plan = std::get_if<InterWavePlan>(&planned)) {
      LoopSchedule schedule;
      schedule.line = getLoopLine(loop);
      schedule.stages = std::move(stages);
      schedule.plan = std::move(*plan);
      schedules.push_back(std::move(schedule));
    }
  }
  return schedules;
}
