//===- Pipeline.h - The named stages of a compile ---------------*- C++ -*-===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// A compile runs named stages in order, from one table (Pipeline.cpp); each
// can be printed, and the IR after any of them dumped:
//
//   verify    layouts and types against the kernel's warps and the target
//   tasks     warp_specialize placed on warps, register budgets planned
//   membar    shared memory placed by liveness, the target's plans the
//             barriers follow, barriers between racing accesses, the
//             async-proxy fence check
//   schedule  the target's plans for its instruction scheduler
//   lower     gluon -> LLVM dialect (+ NVVM / ROCDL), per thread, by the target
//   llvm      LLVM IR, optimized
//   codegen   assembly and the loadable image
//
//===----------------------------------------------------------------------===//

#ifndef GLUONC_PIPELINE_PIPELINE_H
#define GLUONC_PIPELINE_PIPELINE_H

#include "gluonc/Pipeline/Target.h"
#include "gluonc/Plan/TaskPlan.h"
#include "gluonc/Transforms/SharedMemory.h"

#include "mlir/IR/BuiltinOps.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>
#include <set>
#include <string>
#include <vector>

namespace gluonc {

struct PipelineOptions {
  CodegenOptions codegen;
  /// Stages after which to print the IR (MLIR, LLVM IR or assembly).
  std::set<std::string> printIRAfter;
  bool printIRAfterAll = false;
  /// Where those dumps go; nothing is printed when null.
  llvm::raw_ostream *dumpStream = nullptr;
  /// The last stage to run.
  std::string lastStage = "codegen";
  /// Testing only (--test-drop-barrier): the barrier the membar stage
  /// leaves out, from 1; 0 for none.
  unsigned testDropBarrier = 0;
};

struct PipelineResult {
  /// The module after `verify`, as text.
  std::string gluonIR;
  /// The optimized LLVM IR, as text (empty when the pipeline stopped early).
  std::string llvmIR;
  /// Dynamic shared memory the kernel needs at launch.
  int64_t sharedBytes = 0;
  /// Where each shared memory allocation went (after `membar`).
  SharedMemoryPlan sharedMemory;
  /// The warp_specialize's placement and register plan (after `tasks`);
  /// none for a kernel without one.
  std::optional<TaskPlan> tasks;
  /// Each warp-pipelined loop's stages and borders and its intra-wave
  /// regions, as the target planned them (after `schedule`).
  std::vector<LoopSchedule> schedules;
  CodegenResult codegen;
  /// Seconds of each stage that ran, then of codegen's own steps.
  StepTimes stepTimes;
};

class Pipeline {
public:
  Pipeline(const Target &target, PipelineOptions options);

  /// The stage names, in order.
  static const std::vector<std::string> &getStageNames();
  static bool isStage(llvm::StringRef name);

  /// Each stage and what it runs.
  void print(llvm::raw_ostream &os) const;

  /// Runs the stages on `module`. Failures are reported as diagnostics on
  /// the module's context.
  mlir::FailureOr<PipelineResult> run(mlir::ModuleOp module) const;

private:
  struct Run;
  struct Stage;
  /// The stage table, in order.
  static const std::vector<Stage> &getStages();

  llvm::StringRef getArch() const;
  bool shouldPrintAfter(llvm::StringRef stage) const;
  void dumpAfter(const Stage &stage, Run &run) const;

  void addVerifyPasses(mlir::OpPassManager &pm) const;
  void addTasksPasses(mlir::OpPassManager &pm) const;
  void addMembarPasses(mlir::OpPassManager &pm) const;
  void addSchedulePasses(mlir::OpPassManager &pm) const;
  void addLowerPasses(mlir::OpPassManager &pm) const;

  mlir::LogicalResult finishVerify(Run &run) const;
  mlir::LogicalResult finishTasks(Run &run) const;
  mlir::LogicalResult finishMembar(Run &run) const;
  mlir::LogicalResult finishSchedule(Run &run) const;
  mlir::LogicalResult runLLVM(Run &run) const;
  mlir::LogicalResult runCodegen(Run &run) const;

  const Target &target;
  PipelineOptions options;
};

} // namespace gluonc

#endif // GLUONC_PIPELINE_PIPELINE_H
