//===- WarpPipeline.cpp - `with warp_pipeline_stage(...)` -----------------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// A `with warp_pipeline_stage(label, priority=...)` block directly in a
// run-time loop's body is one stage of a warp pipeline: its body is
// generated where it stands and a gluon.warp_pipeline_border closes it.
// What a stage may not hold (a loop, a barrier, a wait) is the border
// verifier's rule (mlir::gluon::findForbiddenInStage), checked here at the
// block; the rules of the loop's stages as a whole (their number, one
// scope, pairs) are WarpPipelinePlan's checkLoopStages, here for the
// stages written so far and in the verifiers for the finished body.
//
// An intra-wave stage (scope="intra_wave") is a region between
// gluon.intra_wave_begin and gluon.intra_wave_end, directly in the loop's
// body or inside one of its inter-wave stages.
//
//===----------------------------------------------------------------------===//

#include "IRGen.h"

#include "gluonc/IR/AMDOps.h"
#include "gluonc/IR/WarpPipeline.h"

#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace gluonc;
using namespace gluonc::frontend;

Flow IRGen::executeWarpPipelineStage(const WithStmt &stmt,
                                     const WarpPipelineStageValue &stage) {
  const WithItem &item = stmt.items.front();
  if (item.optionalVars)
    fail(*item.optionalVars, "warp_pipeline_stage binds no value ('as')");
  PipelineScope scope =
      stage.intraWave ? PipelineScope::IntraWave : PipelineScope::InterWave;
  bool nested = currentStageScope.has_value();
  if (nested && (*currentStageScope == PipelineScope::IntraWave ||
                 scope == PipelineScope::InterWave))
    fail(stmt, "warp_pipeline_stage blocks do not nest: each is one stage "
               "of the loop around it (only an intra-wave stage may be "
               "inside an inter-wave one)");
  mlir::Block *block = builder.getInsertionBlock();
  mlir::Operation *parent = block->getParentOp();
  if (loops.empty() || loops.back().unrolled ||
      loops.back().runtimeDepth != runtimeControlDepth ||
      (parent && !mlir::isa<mlir::scf::ForOp>(parent)))
    fail(stmt, "a warp_pipeline_stage block must be directly in the body of "
               "a run-time 'for' loop (not in an 'if', a static_range or "
               "outside a loop): its stages split that loop's body");
  if (!nested) {
    // The rules of the stages written so far (scopes mixed, a pair's
    // third stage or a gap in it) are reported at the stage that breaks
    // them; the others (too few stages, a pair's missing partner) by the
    // ops' verifiers once the body is complete.
    std::vector<PipelineStageSpec> &stages = loopStages[block];
    stages.push_back({stage.label, scope, stage.priority, stage.pair});
    std::vector<PipelineError> errors =
        checkLoopStages(stages, /*complete=*/false);
    for (const PipelineError &error : errors)
      if (error.stage == stages.size() - 1)
        fail(stmt, error.message);
  }
  if (scope == PipelineScope::IntraWave) {
    mlir::IntegerAttr pair;
    if (stage.pair)
      pair = builder.getI32IntegerAttr(int32_t(*stage.pair));
    mlir::gluon::IntraWaveBeginOp::create(builder, getLoc(stmt.loc),
                                          stage.label, pair);
  }
  // The body's ops go before the insertion point (the loop's yield, or the
  // block's end): those after `before` and before it once the body ran.
  mlir::Block::iterator point = builder.getInsertionPoint();
  mlir::Operation *before =
      point == block->begin() ? nullptr : &*std::prev(point);
  Flow flow;
  {
    std::optional<PipelineScope> outer = currentStageScope;
    currentStageScope = scope;
    struct Reset {
      std::optional<PipelineScope> &scope;
      std::optional<PipelineScope> outer;
      ~Reset() { scope = outer; }
    } reset{currentStageScope, outer};
    flow = execute(stmt.body);
  }
  if (flow != Flow::Normal)
    fail(stmt, "a warp_pipeline_stage block must run to its end (no break, "
               "continue or return inside it)");
  if (scope == PipelineScope::IntraWave) {
    // What an intra-wave region may hold is the scheduling pass's rule,
    // which needs the memory and MFMA streams (and the barriers the
    // barrier pass adds): it reports each op it refuses.
    mlir::gluon::IntraWaveEndOp::create(builder, getLoc(stmt.loc));
    return Flow::Normal;
  }
  auto first = before ? std::next(before->getIterator()) : block->begin();
  for (mlir::Operation &op :
       llvm::make_range(first, builder.getInsertionPoint()))
    if (auto forbidden = mlir::gluon::findForbiddenInStage(&op))
      fail(stmt, forbidden->second);
  mlir::IntegerAttr priority;
  if (stage.priority)
    priority = builder.getI32IntegerAttr(int32_t(*stage.priority));
  mlir::gluon::WarpPipelineBorderOp::create(builder, getLoc(stmt.loc),
                                            stage.label, priority);
  return Flow::Normal;
}
