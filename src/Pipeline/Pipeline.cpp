//===- Pipeline.cpp - The named stages of a compile -----------------------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "gluonc/Pipeline/Pipeline.h"

#include "gluonc/Transforms/Passes.h"
#include "gluonc/Transforms/SharedMemory.h"

#include "mlir/IR/Verifier.h"
#include "mlir/Pass/PassManager.h"

using namespace mlir;
using namespace gluonc;

Pipeline::Pipeline(const Target &target, PipelineOptions options)
    : target(target), options(std::move(options)) {}

const std::vector<std::string> &Pipeline::getStageNames() {
  static const std::vector<std::string> names = {
      "verify", "tasks", "membar", "schedule", "lower", "llvm", "codegen"};
  return names;
}

bool Pipeline::isStage(llvm::StringRef name) {
  return llvm::is_contained(getStageNames(), name.str());
}

bool Pipeline::shouldPrintAfter(llvm::StringRef stage) const {
  return options.dumpStream &&
         (options.printIRAfterAll || options.printIRAfter.count(stage.str()));
}

void Pipeline::buildStagePasses(llvm::StringRef stage, OpPassManager &pm,
                                SharedMemoryPlan *plan,
                                std::optional<TaskPlan> *tasks,
                                std::vector<LoopSchedule> *schedules) const {
  if (stage == "verify") {
    pm.addPass(createVerifyLayoutsPass());
  } else if (stage == "tasks") {
    pm.addPass(
        createPlanTasksPass(&target.getArchInfo(options.codegen.arch), tasks));
  } else if (stage == "membar") {
    pm.addPass(createAllocateSharedMemoryPass(plan));
    pm.addPass(createInsertBarriersPass(schedules));
  } else if (stage == "schedule") {
    target.buildSchedulingPasses(pm, options.codegen.arch, schedules);
  } else if (stage == "lower") {
    target.buildLoweringPasses(pm, options.codegen.arch);
  }
}

void Pipeline::print(llvm::raw_ostream &os) const {
  for (const std::string &stage : getStageNames()) {
    os << stage << ": ";
    if (stage == "verify" || stage == "tasks" || stage == "membar" ||
        stage == "schedule" || stage == "lower") {
      OpPassManager pm(ModuleOp::getOperationName());
      buildStagePasses(stage, pm);
      pm.printAsTextualPipeline(os);
    } else {
      os << target.describeStage(stage, options.codegen);
    }
    os << '\n';
    if (stage == options.lastStage)
      break;
  }
}

static void printDumpHeader(llvm::raw_ostream &os, llvm::StringRef stage) {
  os << "// ----- IR after stage '" << stage << "' ----- //\n";
}

FailureOr<PipelineResult> Pipeline::run(ModuleOp module) const {
  MLIRContext *context = module.getContext();
  PipelineResult result;
  if (failed(mlir::verify(module)))
    return failure();

  // StringRef, not const std::string &: the list holds string literals, and
  // a std::string reference would bind to a new temporary on each iteration.
  for (llvm::StringRef stage :
       {"verify", "tasks", "membar", "schedule", "lower"}) {
    PassManager pm(context);
    buildStagePasses(stage, pm, &result.sharedMemory, &result.tasks,
                     &result.schedules);
    {
      ScopedStepTimer timer(result.stepTimes, stage.str());
      if (failed(pm.run(module)))
        return failure();
    }
    if (stage == "verify") {
      llvm::raw_string_ostream os(result.gluonIR);
      module.print(os);
    }
    if (stage == "membar") {
      if (auto bytes = module->getAttrOfType<IntegerAttr>(kSharedBytesAttrName))
        result.sharedBytes = bytes.getInt();
      // Each allocation was checked where it was made; together with the
      // scratch of reductions, scans and layout conversions they may still
      // not fit.
      int64_t limit =
          target.getArchInfo(options.codegen.arch).sharedBytesPerBlock;
      if (result.sharedBytes > limit) {
        emitError(module.getLoc())
            << "the kernel needs " << result.sharedBytes
            << " bytes of shared memory (allocations and the scratch of "
               "reductions, scans and layout conversions), more than the "
            << limit << " a block of " << options.codegen.arch << " can use";
        return failure();
      }
    }
    if (shouldPrintAfter(stage)) {
      printDumpHeader(*options.dumpStream, stage);
      module.print(*options.dumpStream);
    }
    if (stage == options.lastStage)
      return result;
  }

  llvm::LLVMContext llvmContext;
  std::optional<ScopedStepTimer> llvmTimer(std::in_place, result.stepTimes,
                                           "llvm");
  auto llvmModule =
      target.translateToLLVMIR(module, llvmContext, options.codegen);
  if (!llvmModule) {
    emitError(module.getLoc()) << llvm::toString(llvmModule.takeError());
    return failure();
  }
  {
    llvm::raw_string_ostream os(result.llvmIR);
    (*llvmModule)->print(os, nullptr);
  }
  llvmTimer.reset();
  if (shouldPrintAfter("llvm")) {
    printDumpHeader(*options.dumpStream, "llvm");
    *options.dumpStream << result.llvmIR;
  }
  if (options.lastStage == "llvm")
    return result;

  CodegenOptions codegenOptions = options.codegen;
  codegenOptions.sharedBytes = result.sharedBytes;
  if (result.tasks) {
    // The launch has every task's warps; setmaxnreg moves registers
    // between them, so a register cap for occupancy would defeat the plan.
    codegenOptions.numWarps = result.tasks->totalWarps;
    codegenOptions.tuneOccupancy = false;
  }
  auto codegen = target.codegen(**llvmModule, codegenOptions);
  if (!codegen) {
    emitError(module.getLoc()) << llvm::toString(codegen.takeError());
    return failure();
  }
  result.codegen = std::move(*codegen);
  for (auto &[step, seconds] : result.codegen.stepTimes)
    result.stepTimes.emplace_back("codegen: " + step, seconds);
  if (shouldPrintAfter("codegen")) {
    printDumpHeader(*options.dumpStream, "codegen");
    *options.dumpStream << result.codegen.assembly;
  }
  return result;
}
