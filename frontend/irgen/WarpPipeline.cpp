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
// scope) are the verifier's, at the borders.
//
//===----------------------------------------------------------------------===//

#include "IRGen.h"

#include "gluonc/IR/WarpPipeline.h"

#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace gluonc;
using namespace gluonc::frontend;

Flow IRGen::executeWarpPipelineStage(const WithStmt &stmt,
                                     const WarpPipelineStageValue &stage) {
  const WithItem &item = stmt.items.front();
  if (item.optionalVars)
    fail(*item.optionalVars, "warp_pipeline_stage binds no value ('as')");
  if (inWarpPipelineStage)
    fail(stmt, "warp_pipeline_stage blocks do not nest: each is one stage "
               "of the loop around it");
  mlir::Block *block = builder.getInsertionBlock();
  mlir::Operation *parent = block->getParentOp();
  if (loops.empty() || loops.back().unrolled ||
      loops.back().runtimeDepth != runtimeControlDepth ||
      (parent && !mlir::isa<mlir::scf::ForOp>(parent)))
    fail(stmt, "a warp_pipeline_stage block must be directly in the body of "
               "a run-time 'for' loop (not in an 'if', a static_range or "
               "outside a loop): its stages split that loop's body");
  // The body's ops go before the insertion point (the loop's yield, or the
  // block's end): those after `before` and before it once the body ran.
  mlir::Block::iterator point = builder.getInsertionPoint();
  mlir::Operation *before =
      point == block->begin() ? nullptr : &*std::prev(point);
  Flow flow;
  {
    inWarpPipelineStage = true;
    struct Reset {
      bool &flag;
      ~Reset() { flag = false; }
    } reset{inWarpPipelineStage};
    flow = execute(stmt.body);
  }
  if (flow != Flow::Normal)
    fail(stmt, "a warp_pipeline_stage block must run to its end (no break, "
               "continue or return inside it)");
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
