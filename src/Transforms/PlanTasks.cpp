//===- PlanTasks.cpp - Place async tasks on warps and plan registers ------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The `tasks` stage. For the kernel's gluon.warp_specialize it runs
// gluonc::checkTasks with the architecture's facts (as the frontend and
// the op verifier did), then gluonc::planTasks, and writes the plan where
// the lowering reads it:
//
//  - the op: `partitionStartWarps` (placed), `grantedRegisters` (the
//    default first; only when registers are planned) and
//    `gluon.warp_group_registers` (one setmaxnreg count per warpgroup);
//  - the module: `gluon.total_num_warps` (the launch's warps, padded to
//    whole warpgroups) and `gluon.maxnreg` (the count every warp starts
//    with, which ptxas needs to honour setmaxnreg).
//
// One warp_specialize per kernel, at its top level: the lowering sends the
// worker warps to their partitions at the kernel's entry.
//
//===----------------------------------------------------------------------===//

#include "gluonc/Transforms/Passes.h"

#include "gluonc/IR/WarpSpecialize.h"
#include "gluonc/Transforms/SharedMemory.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"

namespace gluonc {
#define GEN_PASS_DEF_GLUONPLANTASKS
#include "gluonc/Transforms/Passes.h.inc"
} // namespace gluonc

using namespace mlir;
using namespace gluonc;

namespace {

class PlanTasksPass : public gluonc::impl::GluonPlanTasksBase<PlanTasksPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<gluon::WarpSpecializeOp> ops;
    module.walk([&](gluon::WarpSpecializeOp op) { ops.push_back(op); });
    if (ops.empty())
      return;
    if (ops.size() > 1) {
      ops[1].emitError("not supported yet: more than one warp_specialize "
                       "in a kernel");
      return signalPassFailure();
    }
    gluon::WarpSpecializeOp op = ops.front();
    if (!isa<func::FuncOp>(op->getParentOp())) {
      op.emitError("not supported yet: warp_specialize inside a loop or a "
                   "branch; call it at the kernel's top level");
      return signalPassFailure();
    }
    // The scratch of reductions, scans and layout conversions is one
    // buffer: two tasks using it at once would race.
    unsigned scratchTasks = 0;
    for (Region &region : op->getRegions()) {
      bool uses = false;
      region.walk([&](Operation *nested) {
        uses = uses || getScratchBytes(nested) > 0;
      });
      scratchTasks += uses;
    }
    if (scratchTasks > 1) {
      op.emitError("not supported yet: reductions, scans or layout "
                   "conversions through shared memory in more than one "
                   "task of a warp_specialize (they share one scratch "
                   "buffer)");
      return signalPassFailure();
    }
    const ArchInfo *facts = gluon::getTargetArchInfo(module);
    if (!facts) {
      module.emitError() << "the tasks pass needs the architecture: the "
                            "module's '"
                         << gluon::GluonDialect::kTargetAttrName
                         << "' names none gluonc compiles for";
      return signalPassFailure();
    }
    TaskSetSpec spec = gluon::getTaskSet(op);
    std::vector<TaskError> errors = checkTasks(spec, *facts);
    if (!errors.empty()) {
      op.emitError(errors.front().message);
      return signalPassFailure();
    }
    auto planned = planTasks(spec, *facts);
    if (auto *error = std::get_if<TaskError>(&planned)) {
      op.emitError(error->message);
      return signalPassFailure();
    }
    const TaskPlan &plan = std::get<TaskPlan>(planned);
    Builder builder(module.getContext());
    SmallVector<int32_t> starts, granted{int32_t(plan.partitions[0]
                                                     .grantedRegisters)};
    for (unsigned i = 1; i <= op.getNumPartitions(); ++i) {
      starts.push_back(plan.partitions[i].startWarp);
      granted.push_back(plan.partitions[i].grantedRegisters);
    }
    op.setPartitionStartWarps(starts);
    if (plan.model != RegisterModel::None) {
      op.setGrantedRegisters(granted);
      op->setAttr(gluon::kWarpGroupRegistersAttrName,
                  builder.getDenseI32ArrayAttr(SmallVector<int32_t>(
                      plan.warpGroupRegisters.begin(),
                      plan.warpGroupRegisters.end())));
      module->setAttr(gluon::kMaxRegistersAttrName,
                      builder.getI32IntegerAttr(plan.maxnreg));
    }
    module->setAttr(gluon::kTotalNumWarpsAttrName,
                    builder.getI32IntegerAttr(plan.totalWarps));
  }
};

} // namespace

std::optional<TaskPlan> gluonc::getTaskPlan(ModuleOp module) {
  gluon::WarpSpecializeOp op;
  module.walk([&](gluon::WarpSpecializeOp found) {
    op = found;
    return WalkResult::interrupt();
  });
  const ArchInfo *arch = gluon::getTargetArchInfo(module);
  if (!op || !arch)
    return std::nullopt;
  auto planned = planTasks(gluon::getTaskSet(op), *arch);
  if (auto *plan = std::get_if<TaskPlan>(&planned))
    return std::move(*plan);
  return std::nullopt;
}
