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
// An edited MLIR stage (a pipeline file's line, --insert-passes) is built
// from text: the stage's passes, each printed in MLIR's textual syntax
// (one element per top-level pass, named by its argument), with the
// inserted elements spliced in at their points, parsed back as one
// pipeline. Passes keep no state outside their options, so the text is the
// whole stage.
//
//===----------------------------------------------------------------------===//

#include "gluonc/Pipeline/Pipeline.h"

#include "gluonc/Transforms/Passes.h"
#include "gluonc/Transforms/SharedMemory.h"

#include "mlir/IR/Verifier.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/PrettyStackTrace.h"
#include "llvm/Support/ToolOutputFile.h"

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

bool Pipeline::isPassStage(llvm::StringRef name) {
  for (const Stage &stage : getStages())
    if (stage.name == name)
      return stage.addPasses != nullptr;
  return false;
}

/// "verify, tasks, ...": the stages that run MLIR passes.
static std::string listPassStages() {
  std::vector<std::string> names;
  for (const std::string &name : Pipeline::getStageNames())
    if (Pipeline::isPassStage(name))
      names.push_back(name);
  return llvm::join(names, ", ");
}

//===----------------------------------------------------------------------===//
// Edits: pipeline files and inserted passes
//===----------------------------------------------------------------------===//

std::string gluonc::parsePassInsertion(llvm::StringRef spec,
                                       PassInsertion &insertion) {
  insertion = PassInsertion();
  insertion.spelling = spec.str();
  auto [point, pipeline] = spec.split('=');
  std::string usage = "--insert-passes takes after:STAGE[/PASS]=PIPELINE or "
                      "before:STAGE[/PASS]=PIPELINE, got '" +
                      spec.str() + "'";
  if (point.consume_front("after:"))
    insertion.after = true;
  else if (point.consume_front("before:"))
    insertion.after = false;
  else
    return usage;
  if (pipeline.trim().empty() || !spec.contains('='))
    return usage;
  auto [stage, pass] = point.split('/');
  if (!Pipeline::isPassStage(stage))
    return "--insert-passes=" + spec.str() + ": " +
           (Pipeline::isStage(stage)
                ? "stage '" + stage.str() + "' runs no MLIR passes"
                : "unknown stage '" + stage.str() + "'") +
           "; the stages with passes are " + listPassStages();
  if (point.contains('/') && pass.empty())
    return usage;
  insertion.stage = stage.str();
  insertion.pass = pass.str();
  insertion.pipeline = pipeline.trim().str();
  return "";
}

std::string
gluonc::parsePipelineFile(llvm::StringRef text,
                          std::map<std::string, std::string> &stages) {
  stages.clear();
  llvm::SmallVector<llvm::StringRef> lines;
  text.split(lines, '\n');
  for (auto [index, rawLine] : llvm::enumerate(lines)) {
    llvm::StringRef line = rawLine.trim();
    std::string where = "line " + std::to_string(index + 1) + ": ";
    if (line.empty() || line.starts_with("#"))
      continue;
    auto [stage, pipeline] = line.split(':');
    stage = stage.trim();
    if (!line.contains(':') || stage.empty())
      return where +
             "expected 'STAGE: PIPELINE', as --print-pipeline "
             "writes, got '" +
             line.str() + "'";
    if (!Pipeline::isStage(stage))
      return where + "unknown stage '" + stage.str() + "'; the stages are " +
             llvm::join(Pipeline::getStageNames(), ", ");
    if (!stages.emplace(stage.str(), pipeline.trim().str()).second)
      return where + "a second line for stage '" + stage.str() + "'";
  }
  return "";
}

namespace {

/// One top-level pass of a stage: its text in MLIR's pipeline syntax, and
/// its name at an insertion point (the pass's argument, or the op a
/// nested pass manager runs on).
struct PassElement {
  std::string name;
  std::string text;
  /// For an inserted pass: its insertion point ("after:PASS", "before:" for
  /// the stage's start), so that later insertions at the same point go
  /// after it and the options' order holds.
  std::string point;
};

std::vector<PassElement> getElements(OpPassManager &pm) {
  std::vector<PassElement> elements;
  for (Pass &pass : pm.getPasses()) {
    PassElement element;
    llvm::raw_string_ostream os(element.text);
    pass.printAsTextualPipeline(os);
    element.name = pass.getArgument().str();
    if (element.name.empty())
      element.name = llvm::StringRef(element.text)
                         .take_until([](char c) { return c == '('; })
                         .str();
    elements.push_back(std::move(element));
  }
  return elements;
}

/// Adds the passes of `list` (comma-separated, MLIR's textual syntax) to
/// `pm`; MLIR's error in `problem` on failure.
LogicalResult parsePassList(llvm::StringRef list, OpPassManager &pm,
                            std::string &problem) {
  // An empty list is no passes (MLIR's parser refuses it).
  if (list.trim().empty())
    return success();
  llvm::raw_string_ostream os(problem);
  return parsePassPipeline(list, pm, os);
}

/// Adds the passes of a stage's printed pipeline, `builtin.module(...)`,
/// to `pm` (anchored on the module).
LogicalResult parseStagePipeline(llvm::StringRef pipeline, OpPassManager &pm,
                                 std::string &problem) {
  llvm::StringRef list = pipeline.trim();
  if (!list.consume_front("builtin.module(") || !list.consume_back(")")) {
    problem = "expected builtin.module(PASSES), as --print-pipeline writes";
    return failure();
  }
  return parsePassList(list, pm, problem);
}

} // namespace

bool Pipeline::isEdited() const {
  return !options.stageTexts.empty() || !options.insertions.empty();
}

LogicalResult Pipeline::buildStage(const Stage &stage, OpPassManager &pm,
                                   std::string &problem) const {
  auto text = options.stageTexts.find(stage.name.str());
  bool edited = text != options.stageTexts.end() ||
                llvm::any_of(options.insertions, [&](const PassInsertion &i) {
                  return i.stage == stage.name;
                });
  if (!edited) {
    (this->*stage.addPasses)(pm);
    return success();
  }
  OpPassManager base(ModuleOp::getOperationName());
  if (text == options.stageTexts.end())
    (this->*stage.addPasses)(base);
  else if (std::string error;
           failed(parseStagePipeline(text->second, base, error))) {
    problem = "the pipeline file's line for stage '" + stage.name.str() +
              "' does not parse: " + error +
              (llvm::StringRef(error).ends_with("\n") ? "" : "\n") +
              "(gluonc --list-passes prints the passes it knows)";
    return failure();
  }
  std::vector<PassElement> elements = getElements(base);
  for (const PassInsertion &insertion : options.insertions) {
    if (insertion.stage != stage.name)
      continue;
    std::string point =
        (insertion.after ? "after:" : "before:") + insertion.pass;
    size_t at = insertion.after ? elements.size() : 0;
    if (!insertion.pass.empty()) {
      auto it = llvm::find_if(elements, [&](const PassElement &element) {
        return element.name == insertion.pass;
      });
      if (it == elements.end()) {
        std::vector<std::string> names;
        for (const PassElement &element : elements)
          names.push_back(element.name);
        problem = "--insert-passes=" + insertion.spelling + ": stage '" +
                  stage.name.str() + "' has no pass '" + insertion.pass +
                  "'; its passes are " +
                  (names.empty() ? "none" : llvm::join(names, ", "));
        return failure();
      }
      at = (it - elements.begin()) + (insertion.after ? 1 : 0);
    }
    while (at < elements.size() && elements[at].point == point)
      ++at;
    OpPassManager inserted(ModuleOp::getOperationName());
    if (std::string error;
        failed(parsePassList(insertion.pipeline, inserted, error))) {
      problem = "--insert-passes=" + insertion.spelling + ": " + error +
                "(gluonc --list-passes prints the passes it knows)";
      return failure();
    }
    std::vector<PassElement> added = getElements(inserted);
    for (PassElement &element : added)
      element.point = point;
    elements.insert(elements.begin() + at, added.begin(), added.end());
  }
  std::vector<std::string> texts;
  for (const PassElement &element : elements)
    texts.push_back(element.text);
  std::string error;
  if (failed(parsePassList(llvm::join(texts, ","), pm, error))) {
    problem =
        "the edited stage '" + stage.name.str() + "' does not parse: " + error;
    return failure();
  }
  return success();
}

/// The first `arch=` option in `pipeline` that names another architecture
/// than `arch`, or "".
static std::string findOtherArch(llvm::StringRef pipeline,
                                 llvm::StringRef arch) {
  for (size_t at = pipeline.find("arch="); at != llvm::StringRef::npos;
       at = pipeline.find("arch=", at + 1)) {
    llvm::StringRef value = pipeline.substr(at + 5).take_until(
        [](char c) { return c == ',' || c == '}' || c == ' '; });
    if (!value.empty() && value != arch)
      return value.str();
  }
  return "";
}

std::string Pipeline::checkEdits() const {
  for (const Stage &stage : getStages()) {
    if (!stage.addPasses)
      continue;
    OpPassManager pm(ModuleOp::getOperationName());
    std::string problem, text;
    if (failed(buildStage(stage, pm, problem)))
      return problem;
    // A pass told to lower for another architecture would write code the
    // metadata calls this one's.
    llvm::raw_string_ostream os(text);
    pm.printAsTextualPipeline(os);
    if (std::string other = findOtherArch(text, getArch()); !other.empty())
      return "stage '" + stage.name.str() + "' runs a pass for arch=" + other +
             ", but this compile is for " + getArch().str();
  }
  return "";
}

std::vector<std::pair<std::string, std::string>>
Pipeline::getStageTexts() const {
  std::vector<std::pair<std::string, std::string>> texts;
  for (const Stage &stage : getStages()) {
    if (stage.addPasses) {
      OpPassManager pm(ModuleOp::getOperationName());
      std::string problem, text;
      if (succeeded(buildStage(stage, pm, problem))) {
        llvm::raw_string_ostream os(text);
        pm.printAsTextualPipeline(os);
      }
      texts.emplace_back(stage.name.str(), text);
    }
    if (stage.name == options.lastStage)
      break;
  }
  return texts;
}

bool Pipeline::shouldPrintAfter(llvm::StringRef stage) const {
  return !options.dumpDir.empty() ||
         (options.dumpStream &&
          (options.printIRAfterAll || options.printIRAfter.count(stage.str())));
}

OpPrintingFlags Pipeline::getPrintingFlags() const {
  OpPrintingFlags flags;
  if (options.printDebugInfo)
    flags.enableDebugInfo(/*enable=*/true, /*prettyForm=*/false);
  return flags;
}

void Pipeline::enablePassPrinting(PassManager &pm) const {
  const PipelineOptions &o = options;
  if (!o.dumpStream || (o.printBeforePasses.empty() &&
                        o.printAfterPasses.empty() && !o.printAfterChange))
    return;
  auto named = [](const std::set<std::string> &passes) {
    return [&passes](Pass *pass, Operation *) {
      return passes.count("*") || passes.count(pass->getArgument().str());
    };
  };
  std::function<bool(Pass *, Operation *)> after = named(o.printAfterPasses);
  if (o.printAfterChange)
    after = [](Pass *, Operation *) { return true; };
  // The whole module each time (compiles run without threads, which
  // module-scope printing needs).
  pm.enableIRPrinting(named(o.printBeforePasses), after,
                      /*printModuleScope=*/true,
                      /*printAfterOnlyOnChange=*/o.printAfterChange,
                      /*printAfterOnlyOnFailure=*/false, *o.dumpStream,
                      getPrintingFlags());
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
      std::string problem;
      if (succeeded(buildStage(stage, pm, problem)))
        pm.printAsTextualPipeline(os);
      else
        os << "(" << problem << ")";
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
  auto print = [&](llvm::raw_ostream &os) {
    if (stage.addPasses)
      run.module.print(os, getPrintingFlags());
    else if (stage.name == "llvm")
      os << run.result.llvmIR;
    else
      os << run.result.codegen.assembly;
  };
  if (options.dumpDir.empty()) {
    llvm::raw_ostream &os = *options.dumpStream;
    os << "// ----- IR after stage '" << stage.name << "' ----- //\n";
    return print(os);
  }
  // Numbered in stage order, so that a listing sorts as the stages ran.
  size_t number = llvm::find(getStageNames(), stage.name.str()) -
                  getStageNames().begin() + 1;
  std::string extension = stage.addPasses ? "mlir"
                          : stage.name == "llvm"
                              ? "ll"
                              : target.getAssemblyKind().str();
  std::string path = options.dumpDir + "/" + options.dumpName + "." +
                     (number < 10 ? "0" : "") + std::to_string(number) + "-" +
                     stage.name.str() + "." + extension;
  std::error_code ec = llvm::sys::fs::create_directories(options.dumpDir);
  llvm::raw_fd_ostream os(path, ec, llvm::sys::fs::OF_Text);
  if (ec) {
    emitError(run.module.getLoc())
        << "cannot write '" << path << "': " << ec.message();
    return;
  }
  print(os);
}

namespace {

/// A reproducer file for MLIR's pass manager, made (folder included) only
/// when a pass fails or crashes.
struct ReproducerFile : ReproducerStream {
  explicit ReproducerFile(std::unique_ptr<llvm::ToolOutputFile> file)
      : file(std::move(file)) {}
  ~ReproducerFile() override { file->keep(); }
  StringRef description() override { return file->getFilename(); }
  raw_ostream &os() override { return file->os(); }
  std::unique_ptr<llvm::ToolOutputFile> file;
};

} // namespace

void Pipeline::enableReproducer(PassManager &pm, llvm::StringRef stage,
                                std::string &written) const {
  if (options.reproducerDir.empty())
    return;
  std::string path = options.reproducerDir + "/" + options.reproducerName +
                     "." + stage.str() + ".mlir";
  // The local reproducer holds the failing pass alone and the IR it ran on.
  pm.enableCrashReproducerGeneration(
      [path,
       &written](std::string &error) -> std::unique_ptr<ReproducerStream> {
        if (std::error_code ec = llvm::sys::fs::create_directories(
                llvm::sys::path::parent_path(path))) {
          error = ec.message();
          return nullptr;
        }
        std::error_code ec;
        auto file = std::make_unique<llvm::ToolOutputFile>(
            path, ec, llvm::sys::fs::OF_Text);
        if (ec) {
          error = ec.message();
          return nullptr;
        }
        written = path;
        return std::make_unique<ReproducerFile>(std::move(file));
      },
      /*genLocalReproducer=*/true);
}

FailureOr<PipelineResult> Pipeline::run(ModuleOp module) const {
  PipelineResult result;
  if (failed(mlir::verify(module)))
    return failure();
  Run run{module, result, {}, {}};
  for (const Stage &stage : getStages()) {
    // A crash's stack dump names the stage.
    llvm::PrettyStackTraceFormat crashing("gluonc: stage '%s' for %s",
                                          stage.name.data(),
                                          getArch().str().c_str());
    if (stage.addPasses) {
      PassManager pm(module.getContext());
      if (std::string problem; failed(buildStage(stage, pm, problem)))
        return emitError(module.getLoc()) << problem;
      std::string reproducer;
      enableReproducer(pm, stage.name, reproducer);
      enablePassPrinting(pm);
      ScopedStepTimer timer(result.stepTimes, stage.name.str());
      if (failed(pm.run(module))) {
        lastReproducer = reproducer;
        return failure();
      }
    }
    if (stage.finish && failed((this->*stage.finish)(run)))
      return failure();
    dumpAfter(stage, run);
    if (stage.name == options.lastStage)
      break;
  }
  return result;
}
