//===- Passes.h - Target-independent gluon passes ---------------*- C++ -*-===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#ifndef GLUONC_TRANSFORMS_PASSES_H
#define GLUONC_TRANSFORMS_PASSES_H

#include "gluonc/IR/TaskPlan.h"

#include "mlir/Pass/Pass.h"

#include <memory>
#include <optional>

namespace gluonc {

/// Checks what op verifiers cannot see alone: every layout fits the kernel's
/// warp count and the target's warp size, and tensor shapes are powers of
/// two. (arith's verifiers already require equal encodings of operands.)
std::unique_ptr<mlir::Pass> createVerifyLayoutsPass();

/// The `tasks` stage: places the kernel's warp_specialize partitions on
/// warps and plans their register budgets on `arch` (PlanTasks.cpp); the
/// plan goes to `plan` when given (for the metadata). Without `arch` (a
/// pass gluonc-opt runs) the facts are those of the module's `gluon.target`
/// (mlir::gluon::getTargetArchInfo).
std::unique_ptr<mlir::Pass>
createPlanTasksPass(const ArchInfo *arch = nullptr,
                    std::optional<TaskPlan> *plan = nullptr);

/// Registers the passes above for gluonc-opt.
void registerGluonTransformsPasses();

} // namespace gluonc

#endif // GLUONC_TRANSFORMS_PASSES_H
