//===- Compile.cpp - One kernel from source to files ----------------------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "Cache.h"
#include "Driver.h"
#include "Launcher.h"
#include "OutputSet.h"

#include "gluonc/Backends/AMD.h"
#include "gluonc/Backends/NVIDIA.h"
#include "gluonc/Conversion/GluonToLLVM.h"
#include "gluonc/Driver/Metadata.h"
#include "gluonc/Frontend/Frontend.h"
#include "gluonc/Frontend/Parser.h"
#include "gluonc/IR/Dialect.h"
#include "gluonc/Pipeline/CompilerLog.h"
#include "gluonc/Pipeline/Pipeline.h"
#include "gluonc/Pipeline/Plugins.h"
#include "gluonc/Transforms/Passes.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <iostream>
#include <map>
#include <sstream>

#ifndef GLUONC_VERSION
#define GLUONC_VERSION "0.0.0"
#endif

using namespace gluonc;
using namespace gluonc::driver;

void gluonc::driver::registerTargets() {
  registerNVIDIATarget();
  registerAMDTarget();
  // Every pass a stage runs, by name: a textual pipeline (a pipeline file,
  // inserted passes) names them.
  registerGluonTransformsPasses();
  registerGluonLoweringPasses();
  registerNVIDIAPasses();
  registerAMDPasses();
}

std::string gluonc::driver::getVersionText() {
  std::string text = "gluonc " GLUONC_VERSION "\n";
  text += "LLVM " LLVM_VERSION_STRING "\n";
  for (const auto &target : getRegisteredTargets())
    text += target->getBackend().str() + ": " + target->getToolVersions() +
            "\n";
  return text;
}

namespace {

/// The shared memory plan as -v prints it: a line per allocation (where it
/// is made, what it holds, its bytes, the line its live range ends on),
/// then the scratch area and the total.
void printSharedMemoryPlan(const SharedMemoryPlan &plan, std::ostream &os) {
  if (plan.totalBytes == 0)
    return;
  os << "shared memory: " << plan.totalBytes << " bytes\n";
  for (const SharedMemoryPlan::Buffer &buffer : plan.buffers)
    os << "  [" << buffer.offset << ", " << buffer.offset + buffer.bytes
       << ") " << buffer.type << " allocated at line " << buffer.line
       << (buffer.liveUntilLine
               ? ", live until line " + std::to_string(buffer.liveUntilLine)
               : std::string(", live to the end of the kernel"))
       << "\n";
  if (plan.scratchBytes)
    os << "  [" << plan.scratchOffset << ", "
       << plan.scratchOffset + plan.scratchBytes
       << ") scratch of reductions, scans and layout conversions\n";
}

/// Reports MLIR diagnostics (from verifiers and passes) through the
/// DiagnosticEngine, so that they print with the source line and a caret
/// like the frontend's own.
class DiagnosticBridge {
public:
  DiagnosticBridge(mlir::MLIRContext &context, SourceManager &sources,
                   DiagnosticEngine &diags)
      : handler(&context, [this](mlir::Diagnostic &diagnostic) {
          report(diagnostic);
          return mlir::success();
        }),
        sources(sources), diags(diags) {}

private:
  SourceLoc toSourceLoc(mlir::Location loc) {
    mlir::FileLineColLoc fileLoc = mlir::gluon::findFileLoc(loc);
    if (!fileLoc)
      return SourceLoc{};
    uint32_t id = sources.findFile(fileLoc.getFilename().getValue());
    if (!id)
      return SourceLoc{};
    return SourceLoc{id, fileLoc.getLine(), fileLoc.getColumn()};
  }

  void report(mlir::Diagnostic &diagnostic) {
    SourceLoc loc = toSourceLoc(diagnostic.getLocation());
    std::string message = diagnostic.str();
    switch (diagnostic.getSeverity()) {
    case mlir::DiagnosticSeverity::Error:
      diags.error(loc, message);
      break;
    case mlir::DiagnosticSeverity::Warning:
      diags.warning(loc, message);
      break;
    default:
      diags.note(loc, message);
      break;
    }
    for (mlir::Diagnostic &note : diagnostic.getNotes())
      diags.note(toSourceLoc(note.getLocation()), note.str());
  }

  mlir::ScopedDiagnosticHandler handler;
  SourceManager &sources;
  DiagnosticEngine &diags;
};

/// The last stage the requested outputs need.
std::string getLastStage(const std::set<std::string> &emit,
                         const Target &target) {
  if (emit.count(target.getAssemblyKind().str()) ||
      emit.count(target.getImageFormat().str()) || emit.count("json"))
    return "codegen";
  if (emit.count("llvm-ir"))
    return "llvm";
  return "verify";
}

} // namespace

namespace {

/// One arch's compile, kept until every arch is done: its metadata names
/// the container when one is written, and that exists only then.
struct ArchOutput {
  std::string arch;
  const Target *target = nullptr;
  PipelineResult result;
  /// Points into `result`; complete but for the container.
  MetadataInput metadata;
  /// Where the metadata goes; empty when it was not asked for.
  std::string jsonPath;
};

/// The kernel's source files, read and parsed once for every arch.
struct SourceFiles {
  SourceManager &sources;
  DiagnosticEngine &diags;
  uint32_t mainFile;
  const Module &ast;
  FileModuleLoader &loader;
};

/// `file` in the output folder (-o).
std::string getOutputPath(const DriverOptions &options,
                          const std::string &file) {
  llvm::SmallString<256> path(options.outputDir);
  llvm::sys::path::append(path, file);
  return std::string(path);
}

/// Specializes and generates the kernel's gluon IR for options.arch; a
/// null module after errors.
KernelIR generateKernelIR(const DriverOptions &options, const Target &target,
                          SourceFiles &files, mlir::MLIRContext &context,
                          StepTimes &times) {
  KernelSpec spec;
  spec.kernelName = options.kernel;
  spec.signature = options.signature;
  spec.defines = options.defines;
  spec.numWarps = options.numWarps;
  spec.arch = &target.getArchInfo(options.arch);
  spec.debug = options.debug;
  spec.moduleLoader = &files.loader;
  ScopedStepTimer timer(times, "irgen");
  return buildKernelIR(files.sources, files.ast, files.diags, context, spec);
}

/// Adds to the kernel what the target and the command line decide beyond
/// its source: how the target encodes each tensor descriptor (for the
/// metadata) and the --maxrregcount cap.
void addTargetDetails(const DriverOptions &options, const Target &target,
                      KernelIR &kernel) {
  for (KernelParam &param : kernel.params)
    if (param.tensorDesc)
      param.tensorDesc->targetCodes = target.describeTensorDesc(
          param.tensorDesc->elementType, param.tensorDesc->swizzleBytes);
  if (options.maxRegisters) {
    mlir::MLIRContext *context = (*kernel.module)->getContext();
    (*kernel.module)
        ->setAttr(mlir::gluon::kMaxRegistersAttrName,
                  mlir::IntegerAttr::get(mlir::IntegerType::get(context, 32),
                                         options.maxRegisters));
  }
}

/// The pipeline for what --emit asks of options.arch: it stops at the last
/// stage the outputs need, and assembles to an image only when the image,
/// the metadata that describes it or a container of images is asked for.
PipelineOptions makePipelineOptions(const DriverOptions &options,
                                    const Target &target) {
  std::string containerFormat = target.getContainerFormat().str();
  bool packed = options.emit.count(containerFormat);
  PipelineOptions pipelineOptions;
  pipelineOptions.codegen.arch = options.arch;
  pipelineOptions.codegen.optLevel = options.optLevel;
  pipelineOptions.codegen.fpFusion = options.fpFusion;
  pipelineOptions.codegen.numWarps = options.numWarps;
  // A register cap from the user is final.
  pipelineOptions.codegen.tuneOccupancy =
      options.tuneOccupancy && !options.maxRegisters;
  pipelineOptions.codegen.assemblyOnly =
      !options.emit.count(target.getImageFormat().str()) &&
      !options.emit.count("json") && !packed;
  pipelineOptions.codegen.needAssembly =
      pipelineOptions.codegen.assemblyOnly || packed ||
      options.emit.count(target.getAssemblyKind().str()) ||
      options.printIRAfterAll || options.printIRAfter.count("codegen") ||
      !options.dumpDir.empty();
  pipelineOptions.printIRAfter = options.printIRAfter;
  pipelineOptions.printIRAfterAll = options.printIRAfterAll;
  pipelineOptions.testDropBarrier = options.testDropBarrier;
  pipelineOptions.stageTexts = options.stageTexts;
  pipelineOptions.insertions = options.insertions;
  pipelineOptions.reproducerDir = options.reproducerDir;
  pipelineOptions.dumpDir = options.dumpDir;
  pipelineOptions.dumpName = options.kernel + "." + options.arch;
  pipelineOptions.printBeforePasses = options.printBeforePasses;
  pipelineOptions.printAfterPasses = options.printAfterPasses;
  pipelineOptions.printAfterChange = options.printAfterChange;
  pipelineOptions.printDebugInfo = options.printDebugInfo;
  pipelineOptions.reproducerName = options.kernel + "." + options.arch;
  pipelineOptions.dumpStream = &llvm::errs();
  pipelineOptions.lastStage = getLastStage(options.emit, target);
  if (packed)
    pipelineOptions.lastStage = "codegen";
  return pipelineOptions;
}

/// Adds the files of one arch that --emit asks for (the IRs, the assembly,
/// the image), each named `stem` and its kind's extension.
void addArchFiles(const DriverOptions &options, const Target &target,
                  const std::string &stem, const PipelineResult &compiled,
                  OutputSet &outputs) {
  auto outputPath = [&](const std::string &extension) {
    return getOutputPath(options, stem + extension);
  };
  if (options.emit.count("gluon-ir"))
    outputs.add(outputPath(".gluon.mlir"), compiled.gluonIR);
  if (options.emit.count("llvm-ir"))
    outputs.add(outputPath(".ll"), compiled.llvmIR);
  std::string assemblyKind = target.getAssemblyKind().str();
  if (options.emit.count(assemblyKind))
    outputs.add(outputPath("." + assemblyKind), compiled.codegen.assembly);
  if (options.emit.count(target.getImageFormat().str())) {
    const std::vector<char> &image = compiled.codegen.image;
    outputs.add(outputPath("." + compiled.codegen.imageFormat),
                std::string(image.begin(), image.end()));
  }
}

/// Fills out.metadata from the compile in `out`: complete but for the
/// container, which packContainers adds.
void fillMetadata(const DriverOptions &options, const SourceFiles &files,
                  const KernelIR &kernel, const std::string &stem,
                  ArchOutput &out) {
  const Target &target = *out.target;
  const PipelineResult &compiled = out.result;
  MetadataInput &meta = out.metadata;
  meta.compilerVersion = GLUONC_VERSION;
  meta.llvmVersion = LLVM_VERSION_STRING;
  meta.sourcePath =
      relativeSourcePath(files.sources.getRecordedName(files.mainFile));
  meta.sourceText =
      std::string(files.sources.getFile(files.mainFile)->getText());
  meta.kernelName = options.kernel;
  meta.entry = kernel.entry;
  meta.backend = target.getBackend().str();
  meta.arch = options.arch;
  meta.warpSize = target.getArchInfo(options.arch).warpSize;
  meta.numWarps =
      compiled.tasks ? compiled.tasks->totalWarps : options.numWarps;
  meta.tasks = compiled.tasks ? &*compiled.tasks : nullptr;
  meta.schedules = &compiled.schedules;
  meta.imageFile = stem + "." + compiled.codegen.imageFormat;
  meta.params = kernel.params;
  meta.sharedBytes = compiled.sharedBytes;
  meta.sharedMemory = &compiled.sharedMemory;
  meta.constexprs = kernel.constexprs;
  meta.codegen = &compiled.codegen;
}

/// `arg` as a POSIX shell reads it back: as is when it holds only plain
/// characters, else in single quotes.
std::string quoteForShell(const std::string &arg) {
  bool plain = !arg.empty() && llvm::all_of(arg, [](char c) {
    return llvm::isAlnum(c) || llvm::StringRef("_@%+=:,./-").contains(c);
  });
  if (plain)
    return arg;
  std::string quoted = "'";
  for (char c : arg)
    quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return quoted + "'";
}

/// Beside a failing pass's reproducer: the source, the command line and
/// the version, so that the failure can be replayed and reported.
void writeReproducerRecord(const DriverOptions &options,
                           const SourceFiles &files,
                           const std::string &reproducer) {
  llvm::StringRef dir = llvm::sys::path::parent_path(reproducer);
  auto write = [&](llvm::StringRef name, llvm::StringRef text) {
    std::error_code ec;
    llvm::raw_fd_ostream os((dir + "/" + name).str(), ec,
                            llvm::sys::fs::OF_Text);
    if (!ec)
      os << text;
  };
  write(llvm::sys::path::filename(options.input),
        files.sources.getFile(files.mainFile)->getText());
  std::string command;
  for (const std::string &arg : options.commandLine)
    command += (command.empty() ? "" : " ") + quoteForShell(arg);
  write("command.txt", command + "\n");
  write("version.txt", getVersionText());
  std::cerr << "gluonc: note: the failing pass's reproducer is " << reproducer
            << "; replay it with `gluonc-opt " << reproducer
            << " --run-reproducer` (and the same --load-pass-plugin); "
            << dir.str() << " also holds the source, command.txt and "
            << "version.txt\n";
}

/// What -v shows of a compile's plans: shared memory, the tasks' warps and
/// registers, each warp-pipelined loop.
std::string describePlans(const PipelineResult &compiled) {
  std::ostringstream os;
  printSharedMemoryPlan(compiled.sharedMemory, os);
  if (compiled.tasks)
    os << describe(*compiled.tasks);
  for (const LoopSchedule &loop : compiled.schedules)
    os << describe(loop);
  return os.str();
}

/// Compiles the kernel for options.arch into `out`, adding its files but
/// the metadata to `outputs` and what -v shows of its plans to `report`
/// (always: the cache stores it, so a later hit's -v shows the plans; the
/// assembler's register and occupancy lines are not replayed, as a hit
/// assembles nothing, and its metadata's `resources` keep their figures).
int compileArch(const DriverOptions &options, SourceFiles &files,
                OutputSet &outputs, std::string &report, ArchOutput &out,
                StepTimes &times) {
  const Target &target = *lookupTargetForArch(options.arch);
  mlir::MLIRContext context(mlir::MLIRContext::Threading::DISABLED);
  mlir::DialectRegistry pluginDialects;
  addPluginDialects(pluginDialects);
  context.appendDialectRegistry(pluginDialects);
  // Diagnostics point at the kernel source; the op's IR would be noise.
  context.printOpOnDiagnostic(false);
  DiagnosticBridge bridge(context, files.sources, files.diags);

  // The edits are checked before the kernel is compiled: they are options.
  Pipeline pipeline(target, makePipelineOptions(options, target));
  if (std::string problem = pipeline.checkEdits(); !problem.empty()) {
    std::cerr << "gluonc: error: " << problem << "\n";
    return kUsageError;
  }
  KernelIR kernel = generateKernelIR(options, target, files, context, times);
  if (!kernel.module || files.diags.hasErrors())
    return kUserError;
  addTargetDetails(options, target, kernel);

  if (options.printPipeline)
    pipeline.print(llvm::outs());
  mlir::FailureOr<PipelineResult> result = pipeline.run(kernel.module.get());
  llvm::errs().flush();
  if (!pipeline.getReproducer().empty())
    writeReproducerRecord(options, files, pipeline.getReproducer());
  if (mlir::failed(result) || files.diags.hasErrors())
    return kUserError;
  times.insert(times.end(), result->stepTimes.begin(), result->stepTimes.end());
  out.arch = options.arch;
  out.target = &target;
  out.result = std::move(*result);

  std::string stem = kernel.entry + "." + options.arch;
  addArchFiles(options, target, stem, out.result, outputs);
  if (options.emit.count("json")) {
    fillMetadata(options, files, kernel, stem, out);
    if (pipeline.isEdited())
      out.metadata.pipeline = pipeline.getStageTexts();
    for (const LoadedPlugin &plugin : getLoadedPlugins())
      out.metadata.plugins.push_back(
          {llvm::sys::path::filename(plugin.path).str(), plugin.name,
           plugin.version, plugin.entryPoint});
    out.jsonPath = getOutputPath(options, stem + ".json");
  }
  report += describePlans(out.result);
  return kSuccess;
}

/// Packs each target's archs into its container where --emit asks for it,
/// adding the files to `outputs` and `containers` and pointing the archs'
/// metadata at them.
int packContainers(const DriverOptions &options,
                   std::vector<std::unique_ptr<ArchOutput>> &archs,
                   OutputSet &outputs, std::vector<PackedImages> &containers,
                   std::ostream &err) {
  // Each container's metadata points at it: no reallocation after this.
  containers.reserve(getRegisteredTargets().size());
  for (const auto &target : getRegisteredTargets()) {
    std::string format = target->getContainerFormat().str();
    if (format.empty() || !options.emit.count(format))
      continue;
    std::vector<ArchImage> images;
    std::vector<ArchOutput *> members;
    for (std::unique_ptr<ArchOutput> &arch : archs)
      if (arch->target == target.get()) {
        images.push_back({arch->arch, &arch->result.codegen});
        members.push_back(arch.get());
      }
    if (images.empty())
      continue;
    llvm::Expected<PackedContainer> packed =
        target->packImages(images, !options.noPTX);
    if (!packed) {
      err << "gluonc: error: cannot write the " << format << ": "
                << llvm::toString(packed.takeError()) << "\n";
      return kUserError;
    }
    PackedImages container;
    container.backend = target->getBackend().str();
    container.format = format;
    container.file = members.front()->metadata.entry + "." + format;
    container.bytes = std::move(packed->bytes);
    container.packer = std::move(packed->packer);
    container.ptxArch = std::move(packed->assemblyArch);
    for (ArchOutput *member : members)
      container.archs.push_back(member->arch);
    containers.push_back(std::move(container));
    outputs.add(getOutputPath(options, containers.back().file),
                containers.back().bytes);
    for (ArchOutput *member : members)
      member->metadata.container = &containers.back();
  }
  return kSuccess;
}

/// A Make rule: `targets` depend on `prerequisites` (-MD): spaces and '#'
/// escaped with a backslash, '$' doubled, as GCC writes them.
std::string buildDepfile(const std::vector<std::string> &targets,
                         const std::vector<std::string> &prerequisites) {
  auto escape = [](const std::string &path) {
    std::string text;
    for (char c : path) {
      if (c == ' ' || c == '#')
        text += '\\';
      if (c == '$')
        text += '$';
      text += c;
    }
    return text;
  };
  std::string text;
  for (const std::string &target : targets)
    text += (text.empty() ? "" : " ") + escape(target);
  text += ":";
  for (const std::string &prerequisite : prerequisites)
    text += " \\\n  " + escape(prerequisite);
  return text + "\n";
}

/// Adds the -MD depfile to `outputs`: every file written depends on the
/// source, each file it imports and gluonc itself. Returns its folder, or
/// nothing after an error on `err`: a Make rule cannot hold a newline, and
/// the depfile may not be one of the outputs.
std::optional<std::string> addDepfile(const DriverOptions &options,
                                      const std::vector<std::string> &imports,
                                      const std::string &entry,
                                      OutputSet &outputs, std::ostream &err) {
  std::vector<std::string> targets = options.depTargets;
  if (targets.empty())
    targets = outputs.getPaths();
  std::vector<std::string> prerequisites = {options.input};
  for (const std::string &file : imports)
    prerequisites.push_back(file);
  prerequisites.push_back(llvm::sys::fs::getMainExecutable(
      options.argv0.c_str(), reinterpret_cast<void *>(&buildDepfile)));
  for (const auto *names : {&targets, &prerequisites})
    for (const std::string &name : *names)
      if (name.find_first_of("\n\r") != std::string::npos) {
        err << "gluonc: error: cannot write a depfile: a Make rule cannot "
               "name '"
            << name.substr(0, name.find_first_of("\n\r"))
            << "...', which holds a line break\n";
        return std::nullopt;
      }
  std::string path = options.depFile;
  if (path.empty())
    path = getOutputPath(options, entry + ".d");
  std::string same = outputs.findSameFile(path);
  if (!same.empty()) {
    err << "gluonc: error: the depfile '" << path << "' is the output '" << same
        << "'; give -MF another path\n";
    return std::nullopt;
  }
  outputs.add(path, buildDepfile(targets, prerequisites));
  std::string folder = llvm::sys::path::parent_path(path).str();
  return folder.empty() ? "." : folder;
}

/// Writes a compile's files (adding the -MD depfile: the source depends
/// on `imports`), then logs -v's `report`.
int writeOutputs(const DriverOptions &options,
                 const std::vector<std::string> &imports,
                 const std::string &entry, const std::string &report,
                 OutputSet &outputs, CompileIO &io) {
  std::vector<std::string> folders = {options.outputDir};
  if (options.writeDepfile) {
    std::optional<std::string> folder =
        addDepfile(options, imports, entry, outputs, io.err);
    if (!folder)
      return kUserError;
    folders.push_back(*folder);
  }
  for (const std::string &folder : folders)
    if (std::error_code ec = llvm::sys::fs::create_directories(folder)) {
      io.err << "gluonc: error: cannot create '" << folder
             << "': " << ec.message() << "\n";
      return kUserError;
    }
  if (!outputs.write(io))
    return kUserError;
  getCompilerLog().write(log::Level::Info, report);
  return kSuccess;
}

/// A cache hit: the stored files, written as the compile would have.
int writeCachedCompile(const DriverOptions &options, const CompileCache &cache,
                       const CachedCompile &hit, CompileIO &io) {
  getCompilerLog().info("cache hit {}", cache.getKey().substr(0, 16));
  OutputSet outputs;
  for (const auto &[name, contents] : hit.files)
    outputs.add(getOutputPath(options, name), contents);
  return writeOutputs(options, hit.imports, hit.entry, hit.report, outputs, io);
}

/// Adds --emit launcher's header and source, embedding each arch's
/// metadata (`jsons`) and the image file it names, from `outputs`.
void addLauncher(
    const DriverOptions &options,
    const std::vector<std::pair<const ArchOutput *, std::string>> &jsons,
    OutputSet &outputs) {
  const MetadataInput &first = jsons.front().first->metadata;
  LauncherInput input;
  input.name = toCIdentifier(
      options.launcherName.empty() ? first.entry : options.launcherName);
  input.kernelName = first.kernelName;
  input.sourcePath = first.sourcePath;
  input.compilerVersion = GLUONC_VERSION;
  input.numWarps = options.numWarps;
  input.params = first.params;
  input.constexprs = first.constexprs;
  for (const auto &[arch, json] : jsons) {
    const MetadataInput &metadata = arch->metadata;
    std::string imageFile =
        metadata.container ? metadata.container->file : metadata.imageFile;
    input.archs.push_back({arch->arch, json, imageFile});
    input.images[imageFile] = *outputs.find(getOutputPath(options, imageFile));
  }
  auto path = [&](const char *extension) {
    return getOutputPath(options, input.name + extension);
  };
  outputs.add(path(".launcher.h"), buildLauncherHeader(input));
  outputs.add(path(".launcher.c"), buildLauncherSource(input));
}

} // namespace

int gluonc::driver::compile(const DriverOptions &options) {
  CompileIO io{std::cerr};
  return compile(options, io);
}

int gluonc::driver::compile(const DriverOptions &options, CompileIO &io) {
  StepTimes localTimes;
  StepTimes &times = io.times ? *io.times : localTimes;
  SourceManager sources;
  sources.setFilePrefixMap(options.filePrefixMap);
  DiagnosticEngine diags(sources);
  diags.setConsumer([&](const Diagnostic &diagnostic) {
    diags.render(diagnostic, io.err);
  });
  std::string error;
  std::optional<uint32_t> fileId = sources.addFile(options.input, error);
  if (!fileId) {
    io.err << "gluonc: error: " << error << "\n";
    return kUserError;
  }
  // The cache is keyed on the main source as read here; a hit skips the
  // compile (and the parse) altogether.
  std::optional<CompileCache> cache;
  if (!options.cacheDir.empty()) {
    ScopedStepTimer timer(times, "cache");
    cache.emplace(options.cacheDir, options);
    if (!cache->getProblem().empty())
      io.err << "gluonc: warning: " << cache->getProblem() << "\n";
    if (std::optional<CachedCompile> hit = cache->lookup())
      return writeCachedCompile(options, *cache, *hit, io);
  }
  std::optional<ScopedStepTimer> parseTimer(std::in_place, times, "parse");
  std::unique_ptr<Module> ast = parseModule(sources, *fileId, diags);
  parseTimer.reset();
  if (!ast || diags.hasErrors())
    return kUserError;
  FileModuleLoader loader(sources, diags, options.input, options.includeDirs);
  SourceFiles files{sources, diags, *fileId, *ast, loader};

  // Every arch is compiled before anything is written: a kernel that fails
  // on one arch leaves no file of the others.
  OutputSet outputs;
  std::string report;
  std::vector<std::unique_ptr<ArchOutput>> archs;
  for (const std::string &arch : options.archs.empty()
                                     ? std::vector<std::string>{options.arch}
                                     : options.archs) {
    DriverOptions archOptions = options;
    archOptions.arch = arch;
    archOptions.emit = emitFor(options, arch);
    archs.push_back(std::make_unique<ArchOutput>());
    if (int status =
            compileArch(archOptions, files, outputs, report, *archs.back(),
                        times);
        status != kSuccess) {
      if (options.archs.size() > 1)
        io.err << "gluonc: note: in the compile for " << arch
                  << "; no file was written for any architecture\n";
      return status;
    }
  }
  std::vector<PackedImages> containers;
  std::optional<ScopedStepTimer> packTimer(std::in_place, times, "pack");
  if (int status =
          packContainers(options, archs, outputs, containers, io.err))
    return status;
  std::vector<IndexEntry> index;
  const MetadataInput *first = nullptr;
  std::vector<std::pair<const ArchOutput *, std::string>> jsons;
  for (const std::unique_ptr<ArchOutput> &arch : archs) {
    if (arch->jsonPath.empty())
      continue;
    jsons.emplace_back(arch.get(), buildMetadataJSON(arch->metadata));
    outputs.add(arch->jsonPath, jsons.back().second);
    index.push_back({arch->arch, arch->target->getBackend().str(),
                     llvm::sys::path::filename(arch->jsonPath).str()});
    if (!first)
      first = &arch->metadata;
  }
  // One file lists what a compile for several archs wrote, for a loader
  // that picks the arch of its device.
  if (!containers.empty() || index.size() > 1) {
    outputs.add(
        getOutputPath(options, first->entry + ".index.json"),
        buildIndexJSON(first->kernelName, first->entry, index, containers));
  }
  if (options.emit.count("launcher"))
    addLauncher(options, jsons, outputs);
  packTimer.reset();
  ScopedStepTimer writeTimer(times, "write");
  std::string entry = first ? first->entry : options.kernel;
  if (cache && cache->isEnabled()) {
    CachedCompile stored;
    for (const std::string &path : outputs.getPaths())
      stored.files[llvm::sys::path::filename(path).str()] = *outputs.find(path);
    stored.imports = loader.getFiles();
    for (const std::string &path : stored.imports)
      if (uint32_t id = sources.findFile(path))
        stored.importDigests[path] = sha256Hex(sources.getFile(id)->getText());
    for (const auto &[path, found] : loader.getProbes())
      stored.probes[path] = char(found);
    stored.report = report;
    stored.entry = entry;
    cache->store(stored, io.err);
    getCompilerLog().info("cache miss {}, stored",
                          cache->getKey().substr(0, 16));
  }
  return writeOutputs(options, loader.getFiles(), entry, report, outputs, io);
}
