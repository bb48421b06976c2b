//===- Pipeline.cpp - The named stages of a compile -----------------------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// One table holds the stages in order. A stage either adds MLIR passes
// (run on the module by a pass manager of its own, printed in MLIR's
// textual pipeline syntax) or is a step outside MLIR (translation to LLVM
// IR, code generation); after it runs, the stage may read its plans back
// from the IR for the driver's report (the passes leave them as
// attributes). --print-pipeline, --print-ir-after, --time-report and the
// stop after a stage all walk this table.
//
//===----------------------------------------------------------------------===//

#include "gluonc/Pipeline/Pipeline.h"

#include "gluonc/Transforms/Passes.h"
#include "gluonc/Transforms/SharedMemory.h"

#include "mlir/IR/Verifier.h"
#include "mlir/Pass/PassManager.h"

using namespace mlir;
using namespace gluonc;

/// What one run of the stages carries from stage to stage.
struct Pipeline::Run {
  ModuleOp module;
  PipelineResult &result;
  llvm::LLVMContext llvmContext;
  std::unique_ptr<llvm::Module> llvmModule;
};

struct Pipeline::Stage {
  llvm::StringLiteral name;
  /// Adds the stage's passes; null for a stage outside MLIR.
  void (Pipeline::*addPasses)(OpPassManager &pm) const;
  /// Runs after the passes (or in their place): reads plans back, runs the
  /// steps outside MLIR; null for nothing.
  LogicalResult (Pipeline::*finish)(Run &run) const;
};

const std::vector<Pipeline::Stage> &Pipeline::getStages() {
  static const std::vector<Stage> stages = {
      {"verify", &Pipeline::addVerifyPasses, &Pipeline::finishVerify},
      {"tasks", &Pipeline::addTasksPasses, &Pipeline::finishTasks},
      {"membar", &Pipeline::addMembarPasses, &Pipeline::finishMembar},
      {"schedule", &Pipeline::addSchedulePasses, &Pipeline::finishSchedule},
      {"lower", &Pipeline::addLowerPasses, nullptr},
      {"llvm", nullptr, &Pipeline::runLLVM},
      {"codegen", nullptr, &Pipeline::runCodegen},
  };
  return stages;
}

Pipeline::Pipeline(const Target &target, PipelineOptions options)
    : target(target), options(std::move(options)) {}

const std::vector<std::string> &Pipeline::getStageNames() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> names;
    for (const Stage &stage : getStages())
      names.push_back(stage.name.str());
    return names;
  }();
  return names;
}

bool Pipeline::isStage(llvm::StringRef name) {
  return llvm::is_contained(getStageNames(), name.str());
}

bool Pipeline::shouldPrintAfter(llvm::StringRef stage) const {
  return options.dumpStream &&
         (options.printIRAfterAll || options.printIRAfter.count(stage.str()));
}

llvm::StringRef Pipeline::getArch() const { return options.codegen.arch; }

//===----------------------------------------------------------------------===//
// The stages' passes
//===----------------------------------------------------------------------===//

void Pipeline::addVerifyPasses(OpPassManager &pm) const {
  pm.addPass(createGluonResolveAutoLayouts());
  pm.addPass(createGluonVerifyLayouts());
}

void Pipeline::addTasksPasses(OpPassManager &pm) const {
  pm.addPass(createGluonPlanTasks());
}

void Pipeline::addMembarPasses(OpPassManager &pm) const {
  pm.addPass(createGluonAllocateSharedMemory());
  target.buildMembarPlanningPasses(pm, getArch());
  pm.addPass(createGluonInsertBarriers(
      GluonInsertBarriersOptions{options.testDropBarrier}));
  pm.addPass(createGluonCheckAsyncFences());
}

void Pipeline::addSchedulePasses(OpPassManager &pm) const {
  target.buildSchedulingPasses(pm, getArch());
}

void Pipeline::addLowerPasses(OpPassManager &pm) const {
  target.buildLoweringPasses(pm, getArch());
}

//===----------------------------------------------------------------------===//
// What each stage reads back, and the stages outside MLIR
//===----------------------------------------------------------------------===//

LogicalResult Pipeline::finishVerify(Run &run) const {
  llvm::raw_string_ostream os(run.result.gluonIR);
  run.module.print(os);
  return success();
}

LogicalResult Pipeline::finishTasks(Run &run) const {
  run.result.tasks = getTaskPlan(run.module);
  return success();
}

LogicalResult Pipeline::finishMembar(Run &run) const {
  run.result.sharedMemory = getSharedMemoryPlan(run.module);
  run.result.sharedBytes = run.result.sharedMemory.totalBytes;
  // Each allocation was checked where it was made; together with the
  // scratch of reductions, scans and layout conversions they may still
  // not fit.
  int64_t limit = target.getArchInfo(getArch()).sharedBytesPerBlock;
  if (run.result.sharedBytes > limit)
    return emitError(run.module.getLoc())
           << "the kernel needs " << run.result.sharedBytes
           << " bytes of shared memory (allocations and the scratch of "
              "reductions, scans and layout conversions), more than the "
           << limit << " a block of " << getArch() << " can use";
  return success();
}

LogicalResult Pipeline::finishSchedule(Run &run) const {
  run.result.schedules = target.getSchedules(run.module, getArch());
  return success();
}

LogicalResult Pipeline::runLLVM(Run &run) const {
  ScopedStepTimer timer(run.result.stepTimes, "llvm");
  auto llvmModule =
      target.translateToLLVMIR(run.module, run.llvmContext, options.codegen);
  if (!llvmModule)
    return emitError(run.module.getLoc())
           << llvm::toString(llvmModule.takeError());
  run.llvmModule = std::move(*llvmModule);
  llvm::raw_string_ostream os(run.result.llvmIR);
  run.llvmModule->print(os, nullptr);
  return success();
}

LogicalResult Pipeline::runCodegen(Run &run) const {
  PipelineResult &result = run.result;
  CodegenOptions codegenOptions = options.codegen;
  codegenOptions.sharedBytes = result.sharedBytes;
  if (result.tasks) {
    // The launch has every task's warps; setmaxnreg moves registers
    // between them, so a register cap for occupancy would defeat the plan.
    codegenOptions.numWarps = result.tasks->totalWarps;
    codegenOptions.tuneOccupancy = false;
  }
  auto codegen = target.codegen(*run.llvmModule, codegenOptions);
  if (!codegen)
    return emitError(run.module.getLoc())
           << llvm::toString(codegen.takeError());
  result.codegen = std::move(*codegen);
  for (auto &[step, seconds] : result.codegen.stepTimes)
    result.stepTimes.emplace_back("codegen: " + step, seconds);
  return success();
}

//===----------------------------------------------------------------------===//
// Printing and running the table
//===----------------------------------------------------------------------===//

void Pipeline::print(llvm::raw_ostream &os) const {
  for (const Stage &stage : getStages()) {
    os << stage.name << ": ";
    if (stage.addPasses) {
      OpPassManager pm(ModuleOp::getOperationName());
      (this->*stage.addPasses)(pm);
      pm.printAsTextualPipeline(os);
    } else {
      os << target.describeStage(stage.name, options.codegen);
    }
    os << '\n';
    if (stage.name == options.lastStage)
      break;
  }
}

void Pipeline::dumpAfter(const Stage &stage, Run &run) const {
  if (!shouldPrintAfter(stage.name))
    return;
  llvm::raw_ostream &os = *options.dumpStream;
  os << "// ----- IR after stage '" << stage.name << "' ----- //\n";
  if (stage.addPasses)
    run.module.print(os);
  else if (stage.name == "llvm")
    os << run.result.llvmIR;
  else
    os << run.result.codegen.assembly;
}

FailureOr<PipelineResult> Pipeline::run(ModuleOp module) const {
  PipelineResult result;
  if (failed(mlir::verify(module)))
    return failure();
  Run run{module, result, {}, {}};
  for (const Stage &stage : getStages()) {
    if (stage.addPasses) {
      PassManager pm(module.getContext());
      (this->*stage.addPasses)(pm);
      ScopedStepTimer timer(result.stepTimes, stage.name.str());
      if (failed(pm.run(module)))
        return failure();
    }
    if (stage.finish && failed((this->*stage.finish)(run)))
      return failure();
    dumpAfter(stage, run);
    if (stage.name == options.lastStage)
      break;
  }
  return result;
}
