//===- Pipeline.h - The named stages of a compile ---------------*- C++ -*-===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// A compile runs named stages in order; each can be printed, and the IR
// after any of them dumped:
//
//   verify   layouts and types against the kernel's warps and the target
//   membar   shared memory placed by liveness, barriers between racing accesses
//   lower    gluon -> LLVM dialect (+ NVVM), per thread, by the target
//   llvm     LLVM IR, optimized
//   codegen  assembly and the loadable image
//
//===----------------------------------------------------------------------===//

#ifndef GLUONC_PIPELINE_PIPELINE_H
#define GLUONC_PIPELINE_PIPELINE_H

#include "gluonc/IR/TaskPlan.h"
#include "gluonc/Pipeline/Target.h"
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
  /// Each warp-pipelined loop's stages and borders (after `membar`) and
  /// its intra-wave regions (after `schedule`).
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
  bool shouldPrintAfter(llvm::StringRef stage) const;
  /// The passes of `stage`; the allocation pass describes its placements
  /// in `plan`, the tasks pass its plan in `tasks`, and the barrier and
  /// scheduling passes their warp pipelines in `schedules` when given.
  void buildStagePasses(llvm::StringRef stage, mlir::OpPassManager &pm,
                        SharedMemoryPlan *plan = nullptr,
                        std::optional<TaskPlan> *tasks = nullptr,
                        std::vector<LoopSchedule> *schedules = nullptr) const;

  const Target &target;
  PipelineOptions options;
};

} // namespace gluonc

#endif // GLUONC_PIPELINE_PIPELINE_H
