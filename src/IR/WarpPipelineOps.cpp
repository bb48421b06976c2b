//===- WarpPipelineOps.cpp - gluon.warp_pipeline_border -------------------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The verifiers of the warp pipelines' markers (GluonAMDOps.td: the
// border and the intra-wave begin and end) and the stage helpers of
// WarpPipeline.h. The rules are WarpPipelinePlan's (shared with the
// frontend): one stage's arguments, checked on each border, and the loop's
// stages, checked once per body on its first border.
//
//===----------------------------------------------------------------------===//

#include "gluonc/IR/WarpPipeline.h"

// gluon.wait_barrier, which a stage may not hold.
#include "gluonc/IR/NvidiaOps.h"
#include "gluonc/Plan/WarpPipelinePlan.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Interfaces/LoopLikeInterface.h"

using namespace mlir;
using namespace mlir::gluon;

SmallVector<WarpPipelineBorderOp> mlir::gluon::getPipelineBorders(Block &block) {
  SmallVector<WarpPipelineBorderOp> borders;
  for (Operation &op : block)
    if (auto border = dyn_cast<WarpPipelineBorderOp>(op))
      borders.push_back(border);
  return borders;
}

SmallVector<Operation *>
mlir::gluon::getStageOps(ArrayRef<WarpPipelineBorderOp> borders, size_t index) {
  SmallVector<Operation *> ops;
  Block *block = borders[index]->getBlock();
  Block::iterator begin =
      index == 0 ? block->begin() : std::next(borders[index - 1]->getIterator());
  for (auto it = begin; it != borders[index]->getIterator(); ++it)
    ops.push_back(&*it);
  if (index == 0)
    for (auto it = std::next(borders.back()->getIterator()); it != block->end();
         ++it)
      if (!it->hasTrait<mlir::OpTrait::IsTerminator>())
        ops.push_back(&*it);
  return ops;
}

std::optional<std::pair<Operation *, std::string>>
mlir::gluon::findForbiddenInStage(Operation *op) {
  std::optional<std::pair<Operation *, std::string>> found;
  op->walk<WalkOrder::PreOrder>([&](Operation *nested) {
    if (isa<LoopLikeOpInterface>(nested) || isa<scf::WhileOp>(nested))
      found = {nested, "a loop cannot be inside a warp pipeline stage (a "
                       "stage runs between two borders; put the loop "
                       "outside the pipelined loop or unroll it)"};
    // A wait for the wave's own async copies (wait_group) is no
    // rendezvous: it may be in a stage, and a later border shows the
    // copies to the other waves.
    else if (isa<BarrierOp, WaitBarrierOp>(nested))
      found = {nested, "a barrier or an mbarrier wait cannot be inside a "
                       "warp pipeline stage: the waves meet only at the "
                       "stages' borders, which are barriers themselves"};
    return found ? WalkResult::interrupt() : WalkResult::advance();
  });
  return found;
}

namespace {

gluonc::PipelineStageSpec getSpec(WarpPipelineBorderOp border) {
  gluonc::PipelineStageSpec spec;
  spec.label = border.getLabel().str();
  // Signed: the verifier reports a negative priority as written.
  if (IntegerAttr priority = border.getPriorityAttr())
    spec.priority = priority.getInt();
  return spec;
}

} // namespace

LogicalResult WarpPipelineBorderOp::verify() {
  if (!isa<scf::ForOp>((*this)->getParentOp()))
    return emitOpError() << "must be directly in the body of a loop (scf.for): "
                            "a warp pipeline's stages split one loop body";
  if (std::optional<std::string> error =
          gluonc::checkStageArguments(getSpec(*this)))
    return emitOpError() << *error;
  SmallVector<WarpPipelineBorderOp> borders =
      getPipelineBorders(*(*this)->getBlock());
  size_t index = llvm::find(borders, *this) - borders.begin();
  for (Operation *op : getStageOps(borders, index))
    if (auto forbidden = findForbiddenInStage(op))
      return forbidden->first->emitOpError() << forbidden->second;
  if (index != 0)
    return success();
  std::vector<gluonc::PipelineStageSpec> specs;
  for (WarpPipelineBorderOp border : borders)
    specs.push_back(getSpec(border));
  std::vector<gluonc::PipelineError> errors = gluonc::checkLoopStages(specs);
  if (errors.empty())
    return success();
  // A loop-wide error is reported at its first stage's border.
  Operation *at = borders[errors.front().stage.value_or(0)];
  return at->emitOpError() << errors.front().message;
}

/// The region marker after `op` in its block that closes or reopens a
/// region: the next intra_wave_begin or intra_wave_end, or null.
static Operation *nextRegionMarker(Operation *op) {
  for (Operation *next = op->getNextNode(); next; next = next->getNextNode())
    if (isa<IntraWaveBeginOp, IntraWaveEndOp>(next))
      return next;
  return nullptr;
}

static gluonc::PipelineStageSpec getSpec(IntraWaveBeginOp begin) {
  gluonc::PipelineStageSpec spec;
  spec.label = begin.getLabel().str();
  spec.scope = gluonc::PipelineScope::IntraWave;
  if (IntegerAttr pair = begin.getPairAttr())
    spec.pair = pair.getInt();
  return spec;
}

LogicalResult IntraWaveBeginOp::verify() {
  if (!isa<scf::ForOp>((*this)->getParentOp()))
    return emitOpError() << "must be directly in the body of a loop (scf.for): "
                            "an intra-wave region is a stage of one loop body";
  if (std::optional<std::string> error =
          gluonc::checkStageArguments(getSpec(*this)))
    return emitOpError() << *error;
  Operation *end = nextRegionMarker(*this);
  if (!isa_and_nonnull<IntraWaveEndOp>(end))
    return emitOpError() << "must be closed by a gluon.intra_wave_end in the "
                            "same block before the next region begins";
  for (Operation *op = (*this)->getNextNode(); op != end;
       op = op->getNextNode())
    if (isa<WarpPipelineBorderOp>(op))
      return emitOpError() << "crosses a warp pipeline border: an intra-wave "
                              "region lies within one inter-wave stage";
  // The loop's regions together (pairs), checked once on the first.
  SmallVector<IntraWaveBeginOp> regions;
  for (Operation &op : *(*this)->getBlock())
    if (auto begin = dyn_cast<IntraWaveBeginOp>(op))
      regions.push_back(begin);
  if (regions.front() != *this)
    return success();
  std::vector<gluonc::PipelineStageSpec> specs;
  for (IntraWaveBeginOp region : regions)
    specs.push_back(getSpec(region));
  std::vector<gluonc::PipelineError> errors = gluonc::checkLoopStages(specs);
  if (errors.empty())
    return success();
  return regions[errors.front().stage.value_or(0)]->emitOpError()
         << errors.front().message;
}

LogicalResult IntraWaveEndOp::verify() {
  for (Operation *prev = (*this)->getPrevNode(); prev;
       prev = prev->getPrevNode()) {
    if (isa<IntraWaveBeginOp>(prev))
      return success();
    if (isa<IntraWaveEndOp>(prev))
      break;
  }
  return emitOpError() << "closes no region: no gluon.intra_wave_begin "
                          "precedes it in the block";
}
