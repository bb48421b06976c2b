//===- Options.cpp - gluonc's command-line options ------------------------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "Cache.h"
#include "Driver.h"

#include "gluonc/Frontend/Frontend.h"
#include "gluonc/Pipeline/CompilerLog.h"
#include "gluonc/Pipeline/Pipeline.h"
#include "gluonc/Pipeline/Plugins.h"
#include "gluonc/Pipeline/Target.h"

#include "mlir/Pass/PassRegistry.h"

#include <CLI/CLI.hpp>

#include <cstdlib>
#include <iostream>
#include <sstream>

using namespace gluonc;
using namespace gluonc::driver;

/// A pipeline file is a few lines; more is not one.
static constexpr size_t kMaxPipelineFileBytes = 1 << 20;

/// The `--emit` kinds of every target; each target adds its assembly, image
/// and container kinds (Target::getAssemblyKind, getImageFormat,
/// getContainerFormat).
static const char *const kCommonEmitKinds[] = {"gluon-ir", "llvm-ir", "json",
                                               "launcher"};

/// Whether `kind` is written by `target`: its assembly, image or container.
static bool isKindOf(const std::string &kind, const Target &target) {
  return kind == target.getAssemblyKind() || kind == target.getImageFormat() ||
         (!target.getContainerFormat().empty() &&
          kind == target.getContainerFormat());
}

/// Whether `kind` is one target's assembly, image or container kind.
static bool isVendorKind(const std::string &kind) {
  for (const auto &target : getRegisteredTargets())
    if (isKindOf(kind, *target))
      return true;
  return false;
}

/// Whether `--emit` knows `kind`.
static bool isEmitKind(const std::string &kind) {
  return llvm::is_contained(kCommonEmitKinds, kind) || isVendorKind(kind);
}

/// One kind of every target that has it, for the help: "ptx or amdgcn";
/// with `withBackend`, "fatbin (NVIDIA) or hipfb (AMD)".
static std::string describeKinds(llvm::StringRef (Target::*kind)() const,
                                 bool withBackend) {
  std::string text;
  for (const auto &target : getRegisteredTargets()) {
    llvm::StringRef name = ((*target).*kind)();
    if (name.empty())
      continue;
    text += (text.empty() ? "" : " or ") + name.str();
    if (withBackend)
      text += " (" + target->getBackend().upper() + ")";
  }
  return text;
}

static std::string joinList(const std::vector<std::string> &items) {
  std::string text;
  for (const std::string &item : items)
    text += (text.empty() ? "" : ", ") + item;
  return text;
}

static std::string joinStages() {
  std::string text;
  for (const std::string &stage : Pipeline::getStageNames())
    text += (text.empty() ? "" : ", ") + stage;
  return text;
}

static std::string joinArchs() {
  std::string text;
  for (const auto &target : getRegisteredTargets())
    for (const std::string &arch : target->getSupportedArchs())
      text += (text.empty() ? "" : ", ") + arch;
  return text;
}

/// `--arch`'s help: every architecture of every target, in runs of one
/// backend and warp size ("sm_75, ..., sm_120a (NVIDIA, 32-thread warps);
/// gfx90a, ... (AMD, 64-thread warps); ...").
static std::string describeArchs() {
  std::string text;
  for (const auto &target : getRegisteredTargets()) {
    const std::vector<ArchInfo> &archs = target->getArchitectures();
    for (size_t first = 0; first < archs.size();) {
      unsigned warpSize = archs[first].warpSize;
      size_t end = first;
      std::string run;
      while (end < archs.size() && archs[end].warpSize == warpSize)
        run += (run.empty() ? "" : ", ") + archs[end++].name;
      text += (text.empty() ? "" : "; ") + run + " (" +
              target->getBackend().upper() + ", " +
              std::to_string(warpSize) + "-thread warps)";
      first = end;
    }
  }
  return text;
}

std::string gluonc::driver::checkNumWarps(unsigned numWarps,
                                          const std::string &arch) {
  // The architecture's thread cap: 32 warps of 32, 16 waves of 64.
  const ArchInfo &info = lookupTargetForArch(arch)->getArchInfo(arch);
  unsigned warpSize = info.warpSize;
  unsigned maxWarps = info.getMaxWarps();
  if (numWarps != 0 && (numWarps & (numWarps - 1)) == 0 &&
      numWarps <= maxWarps)
    return "";
  return "--num-warps must be a power of two from 1 to " +
         std::to_string(maxWarps) + " (" + std::to_string(warpSize) +
         "-thread warps on " + arch + "), got " + std::to_string(numWarps);
}

std::set<std::string> gluonc::driver::emitFor(const DriverOptions &options,
                                              const std::string &arch) {
  const Target &target = *lookupTargetForArch(arch);
  if (options.emit.empty())
    return {target.getImageFormat().str(), "json"};
  std::set<std::string> emit;
  for (const std::string &item : options.emit)
    if (!isVendorKind(item) || isKindOf(item, target))
      emit.insert(item);
  // The index that lists a container's archs names their metadata.
  if (emit.count(target.getContainerFormat().str()))
    emit.insert("json");
  // A launcher embeds each arch's metadata and the image it names.
  if (emit.count("launcher")) {
    emit.insert("json");
    if (!emit.count(target.getContainerFormat().str()))
      emit.insert(target.getImageFormat().str());
  }
  return emit;
}

/// --arch's comma-separated list and each --offload-arch, in order, each
/// once (clang ignores a repeated --offload-arch too).
static std::string collectArchs(DriverOptions &options,
                                const std::string &archList,
                                const std::vector<std::string> &offloadArchs) {
  std::vector<std::string> given;
  std::stringstream items(archList);
  std::string item;
  while (std::getline(items, item, ','))
    given.push_back(item);
  given.insert(given.end(), offloadArchs.begin(), offloadArchs.end());
  if (given.empty())
    given.push_back(options.arch);
  for (const std::string &arch : given) {
    if (!lookupTargetForArch(arch))
      return "unknown architecture '" + arch + "' (supported: " + joinArchs() +
             ")";
    if (!llvm::is_contained(options.archs, arch))
      options.archs.push_back(arch);
  }
  options.arch = options.archs.front();
  return "";
}

std::string
gluonc::driver::loadPlugins(const std::vector<std::string> &passPlugins,
                            const std::vector<std::string> &dialectPlugins,
                            const std::vector<std::string> &anyPlugins) {
  if (const char *paths = std::getenv("GLUONC_PLUGIN_PATHS")) {
    llvm::SmallVector<llvm::StringRef> list;
    llvm::StringRef(paths).split(list, ':', -1, /*KeepEmpty=*/false);
    for (llvm::StringRef path : list)
      if (std::string problem = loadPlugin(path.str(), PluginKind::Any);
          !problem.empty())
        return problem + " (from GLUONC_PLUGIN_PATHS)";
  }
  for (const std::string &path : anyPlugins)
    if (std::string problem = loadPlugin(path, PluginKind::Any);
        !problem.empty())
      return problem;
  for (const std::string &path : passPlugins)
    if (std::string problem = loadPlugin(path, PluginKind::Pass);
        !problem.empty())
      return problem;
  for (const std::string &path : dialectPlugins)
    if (std::string problem = loadPlugin(path, PluginKind::Dialect);
        !problem.empty())
      return problem;
  return "";
}

/// --insert-passes and --pass-pipeline-file into `options`; the problem,
/// or "".
static std::string readPipelineEdits(DriverOptions &options,
                                     const std::vector<std::string> &specs) {
  for (const std::string &spec : specs) {
    PassInsertion insertion;
    if (std::string problem = parsePassInsertion(spec, insertion);
        !problem.empty())
      return problem;
    options.insertions.push_back(insertion);
  }
  if (options.pipelineFile.empty())
    return "";
  // A stage's line names the arch its lowering is for.
  if (options.archs.size() > 1)
    return "--pass-pipeline-file applies to one architecture (the lower "
           "stage names its arch), got " +
           std::to_string(options.archs.size()) + " in --arch";
  std::optional<std::string> text =
      readWholeFile(options.pipelineFile, kMaxPipelineFileBytes);
  if (!text)
    return "cannot read the pipeline file '" + options.pipelineFile +
           "' (a readable file of at most 1 MiB)";
  if (std::string problem = parsePipelineFile(*text, options.stageTexts);
      !problem.empty())
    return options.pipelineFile + ": " + problem;
  return "";
}

std::string gluonc::driver::validateOptions(DriverOptions &options,
                                            const OptionLists &lists) {
  const std::string &archList = lists.archList;
  const std::vector<std::string> &offloadArchs = lists.offloadArchs;
  const std::vector<std::string> &emitList = lists.emitList;
  const std::vector<std::string> &defineList = lists.defineList;
  const std::vector<std::string> &flagList = lists.flagList;
  const std::string &printAfter = lists.printAfter;
  if (std::string problem = collectArchs(options, archList, offloadArchs);
      !problem.empty())
    return problem;
  for (const std::string &arch : options.archs)
    if (std::string warpProblem = checkNumWarps(options.numWarps, arch);
        !warpProblem.empty())
      return warpProblem;
  if (options.maxRegisters != 0 &&
      (options.maxRegisters < 16 || options.maxRegisters > 255))
    return "--maxnreg takes 16 to 255 registers, got " +
           std::to_string(options.maxRegisters);
  if (options.optLevel > 3)
    return "-O takes 0, 1, 2 or 3";
  // The assembly and image kinds are the target's: PTX and cubin for
  // NVIDIA, AMDGCN and hsaco for AMD. With several archs a vendor's kinds
  // go to that vendor's archs, and each kind must have one.
  const Target &target = *lookupTargetForArch(options.arch);
  std::string assemblyKind = target.getAssemblyKind().str();
  std::string imageFormat = target.getImageFormat().str();
  options.emit.clear();
  for (const std::string &list : emitList) {
    std::stringstream items(list);
    std::string item;
    while (std::getline(items, item, ',')) {
      if (!isEmitKind(item))
        return "unknown --emit kind '" + item +
               "' (expected gluon-ir, llvm-ir, " + assemblyKind + ", " +
               imageFormat + ", " + target.getContainerFormat().str() +
               ", json, launcher)";
      bool somewhere = !isVendorKind(item);
      for (const std::string &arch : options.archs)
        somewhere |= isKindOf(item, *lookupTargetForArch(arch));
      if (!somewhere)
        return "--emit " + item + " is not available for " +
               (options.archs.size() == 1
                    ? options.arch
                    : "any of " + joinList(options.archs)) +
               ", which emit" + (options.archs.size() == 1 ? "s " : " ") +
               assemblyKind + ", " + imageFormat + " and " +
               target.getContainerFormat().str();
      options.emit.insert(item);
    }
  }
  for (const std::string &arch : options.archs) {
    std::set<std::string> emit = emitFor(options, arch);
    const Target &archTarget = *lookupTargetForArch(arch);
    std::string image = archTarget.getImageFormat().str();
    if (emit.count("json") && !emit.count(image) &&
        !emit.count(archTarget.getContainerFormat().str()))
      return "--emit json needs " + image + " too" +
             (options.archs.size() == 1 ? "" : " (for " + arch + ")") +
             ": the metadata describes the image";
  }
  if (options.noPTX && !options.emit.count("fatbin"))
    return "--no-ptx applies to --emit fatbin, which is not asked for";
  for (const std::string &flag : flagList) {
    static const std::string kPrefixMap = "file-prefix-map=";
    if (flag.compare(0, kPrefixMap.size(), kPrefixMap) != 0)
      return "unknown option '-f" + flag +
             "' (the one -f option is -ffile-prefix-map=OLD=NEW)";
    std::string mapping = flag.substr(kPrefixMap.size());
    size_t equals = mapping.find('=');
    if (equals == std::string::npos || equals == 0)
      return "-ffile-prefix-map expects OLD=NEW with a non-empty OLD, got '" +
             mapping + "'";
    options.filePrefixMap.emplace_back(mapping.substr(0, equals),
                                       mapping.substr(equals + 1));
  }
  for (const std::string &define : defineList) {
    std::string name, value;
    if (!splitDefine(define, name, value))
      return "-D expects NAME=VALUE, got '" + define + "'";
    options.defines.emplace_back(name, value);
  }
  if (!printAfter.empty()) {
    std::stringstream items(printAfter);
    std::string item;
    while (std::getline(items, item, ',')) {
      if (!Pipeline::isStage(item))
        return "unknown stage '" + item + "' (stages: " + joinStages() + ")";
      options.printIRAfter.insert(item);
    }
  }
  return readPipelineEdits(options, lists.insertPasses);
}

std::optional<int> gluonc::driver::parseSubcommandLine(CLI::App &app, int argc,
                                                       char **argv) {
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp &e) {
    return app.exit(e);
  } catch (const CLI::ParseError &e) {
    std::cerr << app.get_name() << ": error: " << e.what() << "\n"
              << "Run '" << app.get_name() << " --help' for usage.\n";
    return kUsageError;
  }
  return std::nullopt;
}

void gluonc::driver::addLogOptions(CLI::App &app, bool &verbose,
                                   std::string &level) {
  app.add_flag("-v,--verbose", verbose,
               "Log what the compile decides and writes to stderr: the "
               "files, the shared memory plan, register budgets and "
               "occupancy (--log-level info)");
  app.add_option("--log-level", level,
                 std::string("Log lines to stderr at this level and above: ") +
                     log::getLevelNames() +
                     " (default warn; debug adds each step's time and the "
                     "assembler's choices)")
      ->check([](const std::string &text) {
        return log::parseLevel(text)
                   ? std::string()
                   : std::string("must be one of ") + log::getLevelNames();
      });
}

void gluonc::driver::applyLogOptions(bool verbose, const std::string &level) {
  log::Level chosen = log::Level::Warn;
  if (std::optional<log::Level> parsed = log::parseLevel(level))
    chosen = *parsed;
  if (verbose && chosen > log::Level::Info)
    chosen = log::Level::Info;
  getCompilerLog().setLevel(chosen);
}

int gluonc::driver::parseCommandLine(int argc, char **argv,
                                     DriverOptions &options,
                                     bool &exitEarly) {
  exitEarly = false;
  CLI::App app{"gluonc: ahead-of-time compiler for Gluon GPU kernels", "gluonc"};
  app.footer("Compiles one @gluon.jit kernel of FILE to <kernel>.<arch>.cubin "
             "(NVIDIA) or .hsaco (AMD) and its launch metadata "
             "<kernel>.<arch>.json.\n"
             "Example:\n  gluonc samples/vector_add.py -k add_kernel -s "
             "\"*fp32:16, *fp32:16, *fp32:16, i32, 1024\" --arch sm_90a -w 4 "
             "-o out/\n"
             "To see which thread holds each element of a layout:\n"
             "  gluonc layout 'gl.BlockedLayout([2, 4], [16, 2], [2, 2], "
             "[1, 0])' --shape 64x16\n"
             "  (gluonc layout --help for its options)\n"
             "To compile every kernel a manifest lists, on N threads:\n"
             "  gluonc build kernels.toml -j N -o out/ (gluonc build --help)\n"
             "Exit status: 0 success, 1 the kernel has errors, 2 bad command "
             "line.");
  std::vector<std::string> emitList, defineList, flagList;
  std::string printAfter;
  bool showVersion = false;
  app.add_option("file", options.input, "Kernel source file (.py)");
  app.add_option("-k,--kernel", options.kernel,
                 "Name of the @gluon.jit kernel to compile; one defined "
                 "inside a function by its path, test_fn.kernel");
  app.add_option("-s,--signature", options.signature,
                 "Parameters in order, Triton AOT style: *fp32:16 (pointer, "
                 "16-byte aligned), i32, i32:16 (divisible by 16), fp32, or a "
                 "value for a constexpr");
  app.add_option("-D", defineList,
                 "Constexpr parameter value, NAME=EXPR (e.g. BLOCK=1024, "
                 "'layout=gl.BlockedLayout([4], [32], [4], [0])')")
      ->allow_extra_args(false);
  app.add_option("-f", flagList,
                 "-ffile-prefix-map=OLD=NEW: record a source path that "
                 "starts with OLD with NEW in its place, in device-assert "
                 "messages and the metadata (as GCC and Clang do); the last "
                 "matching one applies. Diagnostics show the path as given")
      ->allow_extra_args(false);
  app.add_option("-I", options.includeDirs,
                 "A folder where `import` finds the kernel's modules, after "
                 "the source's folder (repeatable, searched in order)")
      ->allow_extra_args(false);
  app.add_flag("--MD", options.writeDepfile,
               "-MD: write a Make-style depfile (the source, every file it "
               "imports, gluonc itself) for build systems");
  app.add_option("--MF", options.depFile,
                 "-MF FILE: the depfile's path (default "
                 "<output dir>/<kernel>.d)");
  app.add_option("--MT", options.depTargets,
                 "-MT TARGET: the depfile rule's target (repeatable; default "
                 "every file written)")
      ->allow_extra_args(false);
  app.add_option("-w,--num-warps", options.numWarps,
                 "Warps per program (default 4)");
  // Hidden (no group): a kernel with a shared memory race on purpose, for
  // the GPU test that shows racecheck finds one (tests/gpu).
  app.add_option("--test-drop-barrier", options.testDropBarrier,
                 "Testing only: leave out the N-th barrier the membar stage "
                 "would insert")
      ->group("");
  std::string archList;
  std::vector<std::string> offloadArchs;
  app.add_option("--arch", archList,
                 "Target architectures, comma-separated, each writing its "
                 "own files (default " +
                     options.arch + "): " + describeArchs());
  app.add_option("--offload-arch", offloadArchs,
                 "One more target architecture (clang's spelling; "
                 "repeatable, added to --arch's)")
      ->allow_extra_args(false);
  app.add_option("-o,--output", options.outputDir,
                 "Output directory, created if missing (default .)");
  app.add_option("--emit", emitList,
                 "Comma-separated outputs: gluon-ir, llvm-ir, " +
                     describeKinds(&Target::getAssemblyKind, false) + ", " +
                     describeKinds(&Target::getImageFormat, false) +
                     ", json, and " +
                     describeKinds(&Target::getContainerFormat, true) +
                     ", one file of every arch's image that the metadata then "
                     "names, with an index of the archs; launcher, a C header "
                     "and source with a typed launch function that embed "
                     "every arch (default: the image and json)");
  app.add_option("--launcher-name", options.launcherName,
                 "The prefix of --emit launcher's C functions and files "
                 "(default the kernel's name): <name>_launch, "
                 "<name>.launcher.h");
  app.add_flag("--no-ptx", options.noPTX,
               "Leave the PTX out of the fatbin (by default the newest arch "
               "without an 'a' has its PTX there, for the driver to "
               "compile on later GPUs)");
  app.add_option("-O", options.optLevel, "Optimization level 0-3 (default 3)");
  app.add_flag("--debug", options.debug,
               "Check gl.device_assert conditions at run time (Triton's "
               "debug=True); without it they compile to nothing");
  app.add_option("--maxnreg", options.maxRegisters,
                 "Registers per thread the assembler may use, 16 to 255 "
                 "(Triton's maxnreg; default: its own choice)");
  bool noOccupancyTuning = false;
  app.add_flag("--no-occupancy-tuning", noOccupancyTuning,
               "Keep the assembler's own register count (by default, where "
               "registers limit how many blocks an SM holds, gluonc asks "
               "for more with .minnctapersm and keeps the result if it does "
               "not spill; see the README); --maxnreg also turns it off");
  bool noFpFusion = false;
  app.add_flag("--no-fp-fusion", noFpFusion,
               "Round every floating-point multiply and add separately "
               "instead of fusing them into FMAs (Triton's "
               "enable_fp_fusion=False)");
  app.add_flag("--print-pipeline", options.printPipeline,
               "Print the stages and their passes (the MLIR stages' in "
               "MLIR's textual pipeline syntax), edits applied");
  app.add_option("--pass-pipeline-file", options.pipelineFile,
                 "Run the MLIR stages' passes from FILE, an edited copy of "
                 "--print-pipeline's output (STAGE: PIPELINE lines; a stage "
                 "without a line keeps its passes; llvm and codegen lines "
                 "are not applied)");
  std::vector<std::string> insertPasses;
  app.add_option("--insert-passes", insertPasses,
                 "after:STAGE[/PASS]=PIPELINE or before:...: run PIPELINE "
                 "(passes in MLIR's textual syntax, comma-separated) after "
                 "or before PASS of STAGE, or at the stage's end or start; "
                 "repeatable, applied in order")
      ->allow_extra_args(false);
  app.add_option("--print-ir-after", printAfter,
                 "Print the IR after these stages (comma-separated) to "
                 "stderr");
  app.add_flag("--print-ir-after-all", options.printIRAfterAll,
               "Print the IR after every stage to stderr");
  app.add_option("--dump-dir", options.dumpDir,
                 "Write the IR after every stage to numbered files in DIR "
                 "(<kernel>.<arch>.<NN>-<stage>.mlir, .ll, .ptx or .amdgcn) "
                 "instead of stderr");
  std::vector<std::string> printBefore, printAfterPass;
  app.add_option("--mlir-print-ir-before", printBefore,
                 "Print the module to stderr before each run of these "
                 "passes (comma-separated arguments, as --list-passes "
                 "names them; '*' for every pass)")
      ->delimiter(',')
      ->allow_extra_args(false);
  app.add_option("--mlir-print-ir-after", printAfterPass,
                 "Print the module to stderr after each run of these passes "
                 "(as --mlir-print-ir-before)")
      ->delimiter(',')
      ->allow_extra_args(false);
  app.add_flag("--mlir-print-ir-after-change", options.printAfterChange,
               "Print the module to stderr after each pass that changed it");
  app.add_flag("--mlir-print-debuginfo", options.printDebugInfo,
               "Print source locations (loc(\"kernel.py\":12:5)) in the "
               "MLIR these options and --print-ir-after print");
  bool verbose = false;
  std::string logLevel;
  addLogOptions(app, verbose, logLevel);
  app.add_option("--cache-dir", options.cacheDir,
                 "Reuse and store whole compiles in this folder, keyed on "
                 "the source, every file it imports, the options and the "
                 "compiler (default $GLUONC_CACHE_DIR; none when unset); "
                 "`gluonc cache stats|clear` shows or empties it");
  app.add_flag("--time-report", options.timeReport,
               "Print the seconds each step took (parse, irgen, each stage, "
               "codegen's steps, writing) to stderr");
  app.add_flag("--version", showVersion, "Print versions and exit");
  std::vector<std::string> passPlugins, dialectPlugins;
  app.add_option("--load-pass-plugin", passPlugins,
                 "Load an MLIR pass plugin (mlirGetPassPluginInfo) or a "
                 "gluonc plugin (gluoncGetPluginInfo) from this path, used "
                 "as given; its passes can then be named by a pipeline file "
                 "or --insert-passes (repeatable; GLUONC_PLUGIN_PATHS, "
                 "colon-separated, loads more)")
      ->allow_extra_args(false);
  app.add_option("--load-dialect-plugin", dialectPlugins,
                 "Load an MLIR dialect plugin (mlirGetDialectPluginInfo) or "
                 "a gluonc plugin with dialects from this path (repeatable)")
      ->allow_extra_args(false);
  app.add_option("--reproducer-dir", options.reproducerDir,
                 "When a pass fails or crashes, write MLIR's reproducer of "
                 "that pass and the IR it ran on into DIR "
                 "(<kernel>.<arch>.<stage>.mlir, for gluonc-opt "
                 "--run-reproducer), with a copy of the source, the command "
                 "line and gluonc's version");
  bool listPasses = false;
  app.add_flag("--list-passes", listPasses,
               "Print every pass and pass pipeline a pipeline file or "
               "--insert-passes can name, with its options, and exit");
  bool listBuiltins = false;
  app.add_flag("--list-builtins", listBuiltins,
               "Print every builtin a kernel can call (gl.*, Python's, the "
               "methods and properties of tensors, descriptors and Python "
               "values) with its parameters, and exit");

  // GCC's -MD, -MF and -MT have two letters after one dash, which CLI11
  // reads as -M with a value: they go to --MD, --MF and --MT.
  // CLI11 takes the arguments after the program's name, last first.
  std::vector<std::string> args;
  for (int i = argc - 1; i >= 1; --i) {
    std::string arg = argv[i];
    if (arg == "-MD" || arg == "-MF" || arg == "-MT")
      arg = "-" + arg;
    else if (arg.rfind("-MF", 0) == 0 || arg.rfind("-MT", 0) == 0)
      arg = "-" + arg.substr(0, 3) + "=" + arg.substr(3);
    args.push_back(arg);
  }
  options.argv0 = argv[0];
  options.commandLine.assign(argv, argv + argc);
  try {
    app.parse(args);
  } catch (const CLI::CallForHelp &e) {
    exitEarly = true;
    return app.exit(e);
  } catch (const CLI::ParseError &e) {
    exitEarly = true;
    std::cerr << "gluonc: error: " << e.what() << "\n"
              << "Run 'gluonc --help' for usage.\n";
    return kUsageError;
  }
  if (showVersion) {
    exitEarly = true;
    std::cout << getVersionText();
    return kSuccess;
  }
  if (std::string problem = loadPlugins(passPlugins, dialectPlugins, {});
      !problem.empty()) {
    exitEarly = true;
    std::cerr << "gluonc: error: " << problem << "\n";
    return kUsageError;
  }
  // Pass names are known once the plugins have registered theirs.
  for (auto [names, into, flag] :
       {std::tuple{&printBefore, &options.printBeforePasses,
                   "--mlir-print-ir-before"},
        std::tuple{&printAfterPass, &options.printAfterPasses,
                   "--mlir-print-ir-after"}})
    for (const std::string &name : *names) {
      if (name != "*" && !mlir::PassInfo::lookup(name)) {
        exitEarly = true;
        std::cerr << "gluonc: error: " << flag << ": no pass '" << name
                  << "' (gluonc --list-passes prints the passes it knows)\n";
        return kUsageError;
      }
      into->insert(name);
    }
  if (listPasses) {
    exitEarly = true;
    mlir::printRegisteredPasses();
    return kSuccess;
  }
  if (listBuiltins) {
    exitEarly = true;
    for (const std::string &line : gluonc::listBuiltins())
      std::cout << line << "\n";
    return kSuccess;
  }
  applyLogOptions(verbose, logLevel);
  if (options.cacheDir.empty())
    options.cacheDir = getDefaultCacheDir();
  options.fpFusion = !noFpFusion;
  options.tuneOccupancy = !noOccupancyTuning;
  std::string problem;
  if (options.input.empty())
    problem = "no input file";
  else if (options.kernel.empty())
    problem = "no kernel named: pass -k KERNEL";
  else
    problem =
        validateOptions(options, {archList, offloadArchs, emitList, defineList,
                                  flagList, printAfter, insertPasses});
  if (!problem.empty()) {
    exitEarly = true;
    std::cerr << "gluonc: error: " << problem << "\n"
              << "Run 'gluonc --help' for usage.\n";
    return kUsageError;
  }
  return kSuccess;
}
