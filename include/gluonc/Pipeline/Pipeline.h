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
// The MLIR stages' passes can be edited: a pipeline file replaces a stage's
// passes with its line of --print-pipeline's output, and --insert-passes
// adds passes before or after a stage's pass, or at its start or end. An
// edited stage is built from text (the passes' options, the lowering's
// arch included, carry everything a pass needs), so an unedited file gives
// the same passes as none.
//
//===----------------------------------------------------------------------===//

#ifndef GLUONC_PIPELINE_PIPELINE_H
#define GLUONC_PIPELINE_PIPELINE_H

#include "gluonc/Pipeline/PipelineEdits.h"
#include "gluonc/Pipeline/Target.h"
#include "gluonc/Plan/TaskPlan.h"
#include "gluonc/Transforms/SharedMemory.h"

#include "mlir/IR/BuiltinOps.h"
#include "llvm/Support/raw_ostream.h"

#include <map>
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
  /// --dump-dir: each stage's IR goes to a numbered file here instead
  /// (`<dumpName>.<NN>-<stage>.<mlir|ll|assembly kind>`); empty for none.
  std::string dumpDir;
  std::string dumpName = "kernel";
  /// --mlir-print-ir-before / -after: the passes (by argument) before or
  /// after which the module is printed to dumpStream; "*" for every pass.
  std::set<std::string> printBeforePasses, printAfterPasses;
  /// --mlir-print-ir-after-change: after each pass that changed the module.
  bool printAfterChange = false;
  /// --mlir-print-debuginfo: dumps carry their source locations.
  bool printDebugInfo = false;
  /// The last stage to run.
  std::string lastStage = "codegen";
  /// Testing only (--test-drop-barrier): the barrier the membar stage
  /// leaves out, from 1; 0 for none.
  unsigned testDropBarrier = 0;
  /// A pipeline file's lines (parsePipelineFile): they replace the MLIR
  /// stages' passes; a stage without a line keeps its own.
  std::map<std::string, std::string> stageTexts;
  /// --insert-passes, applied in order after the file.
  std::vector<PassInsertion> insertions;
  /// --reproducer-dir: where a stage whose passes fail or crash writes
  /// MLIR's reproducer of the failing pass (`<name>.<stage>.mlir`, made
  /// when needed); empty for none.
  std::string reproducerDir;
  /// The reproducer's file name before `.<stage>.mlir` (the kernel and
  /// arch).
  std::string reproducerName = "kernel";
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
  /// Whether `name` is a stage of MLIR passes (not llvm or codegen).
  static bool isPassStage(llvm::StringRef name);

  /// Each stage and what it runs.
  void print(llvm::raw_ostream &os) const;

  /// Whether a pipeline file or inserted passes change any stage.
  bool isEdited() const;
  /// Checks the edits before a compile: each stage and pass they name
  /// exists, each textual pipeline parses, a non-MLIR stage's line is its
  /// own description. The problem, or "".
  std::string checkEdits() const;
  /// The textual pipeline of each MLIR stage as it runs (edits applied),
  /// in order: the metadata's record of an edited compile.
  std::vector<std::pair<std::string, std::string>> getStageTexts() const;

  /// Runs the stages on `module`. Failures are reported as diagnostics on
  /// the module's context.
  mlir::FailureOr<PipelineResult> run(mlir::ModuleOp module) const;
  /// The reproducer the last failed run wrote (see reproducerDir), or "".
  const std::string &getReproducer() const { return lastReproducer; }

private:
  struct Run;
  struct Stage;
  /// The stage table, in order.
  static const std::vector<Stage> &getStages();

  llvm::StringRef getArch() const;
  bool shouldPrintAfter(llvm::StringRef stage) const;
  /// Prints the module around the passes --mlir-print-ir-* name.
  void enablePassPrinting(mlir::PassManager &pm) const;
  mlir::OpPrintingFlags getPrintingFlags() const;
  void dumpAfter(const Stage &stage, Run &run) const;

  /// Adds the passes of `stage` (an MLIR stage) with the edits applied;
  /// failure with `problem` set when an edit does not apply.
  mlir::LogicalResult buildStage(const Stage &stage, mlir::OpPassManager &pm,
                                 std::string &problem) const;

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

  /// Has `pm` (the stage `stage`) write its reproducer into
  /// reproducerDir when a pass fails or crashes, recording the path in
  /// `written`.
  void enableReproducer(mlir::PassManager &pm, llvm::StringRef stage,
                        std::string &written) const;

  const Target &target;
  PipelineOptions options;
  mutable std::string lastReproducer;
};

} // namespace gluonc

#endif // GLUONC_PIPELINE_PIPELINE_H
