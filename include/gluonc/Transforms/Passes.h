//===- Passes.h - Target-independent gluon passes ---------------*- C++ -*-===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The passes declared in src/Transforms/Passes.td (create<Name>() and
// registerGluonTransformsPasses() are generated from it), and the readers of
// the plans they leave in the IR: a plan travels as attributes on the ops it
// concerns, and the driver asks these functions for its report.
//
//===----------------------------------------------------------------------===//

#ifndef GLUONC_TRANSFORMS_PASSES_H
#define GLUONC_TRANSFORMS_PASSES_H

#include "gluonc/Plan/TaskPlan.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

#include <memory>
#include <optional>

namespace gluonc {

#define GEN_PASS_DECL
#include "gluonc/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "gluonc/Transforms/Passes.h.inc"

/// The task plan of the module's warp_specialize on the architecture its
/// gluon.target names (gluonc::planTasks on the op as gluon-plan-tasks left
/// it); none for a kernel without one or an architecture gluonc does not
/// know.
std::optional<TaskPlan> getTaskPlan(mlir::ModuleOp module);

} // namespace gluonc

#endif // GLUONC_TRANSFORMS_PASSES_H
