//===- Driver.h - The gluonc command line -----------------------*- C++ -*-===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#ifndef GLUONC_DRIVER_DRIVER_H
#define GLUONC_DRIVER_DRIVER_H

#include "gluonc/Pipeline/PipelineEdits.h"
#include "gluonc/Pipeline/StepTimes.h"

#include <map>
#include <optional>
#include <ostream>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace CLI {
class App;
} // namespace CLI

namespace gluonc::driver {

/// Parses a subcommand's arguments with `app` (named "gluonc build", ...):
/// nothing when they are right, else the exit code after --help, or after
/// printing the usage error as "<name>: error: ...".
std::optional<int> parseSubcommandLine(CLI::App &app, int argc, char **argv);

/// Adds -v and --log-level to `app`; `level` receives --log-level's text.
void addLogOptions(CLI::App &app, bool &verbose, std::string &level);

/// Sets the compiler log's level from -v / --log-level (the more verbose of
/// the two wins; warn without either).
void applyLogOptions(bool verbose, const std::string &level);

/// Exit codes: 0 success, 1 the input is wrong (diagnostics say why), 2 the
/// command line is wrong.
enum ExitCode { kSuccess = 0, kUserError = 1, kUsageError = 2 };

struct DriverOptions {
  std::string input;
  std::string kernel;
  std::string signature;
  std::vector<std::pair<std::string, std::string>> defines;
  unsigned numWarps = 4;
  /// The architecture being compiled; `archs` (from --arch a,b and
  /// --offload-arch) lists every one, in order, each once.
  std::string arch = "sm_90a";
  std::vector<std::string> archs;
  std::string outputDir = ".";
  /// Filled in by option parsing: what was asked for, or empty for each
  /// target's default (its image and json); emitFor() says what one arch
  /// writes.
  std::set<std::string> emit;
  /// --launcher-name: the prefix of --emit launcher's functions and
  /// files (default the kernel's entry name).
  std::string launcherName;
  /// --no-ptx: a fatbin holds the cubins only.
  bool noPTX = false;
  unsigned optLevel = 3;
  bool fpFusion = true;
  bool debug = false;
  /// --maxnreg: registers per thread the assembler may use; 0 for no cap.
  unsigned maxRegisters = 0;
  /// Without --no-occupancy-tuning: where registers limit the blocks an
  /// SM holds, ask the assembler for more.
  bool tuneOccupancy = true;
  /// --test-drop-barrier (hidden, for tests): the barrier the membar stage
  /// leaves out, from 1; 0 for none.
  unsigned testDropBarrier = 0;
  bool printPipeline = false;
  /// --pass-pipeline-file: its path, and its lines (parsePipelineFile).
  std::string pipelineFile;
  std::map<std::string, std::string> stageTexts;
  /// --insert-passes, in order.
  std::vector<PassInsertion> insertions;
  std::set<std::string> printIRAfter;
  /// --dump-dir, --mlir-print-ir-before/-after (pass arguments, "*" for
  /// all), --mlir-print-ir-after-change, --mlir-print-debuginfo.
  std::string dumpDir;
  std::set<std::string> printBeforePasses, printAfterPasses;
  bool printAfterChange = false;
  bool printDebugInfo = false;
  bool printIRAfterAll = false;
  /// --time-report: print each step's seconds to stderr.
  bool timeReport = false;
  /// -I DIR: where `import` looks after the source's folder, in order.
  std::vector<std::string> includeDirs;
  /// -MD: write a depfile, to -MF's path (default <outdir>/<kernel>.d), for
  /// -MT's targets (default: every file written).
  bool writeDepfile = false;
  std::string depFile;
  std::vector<std::string> depTargets;
  /// --cache-dir, else $GLUONC_CACHE_DIR: the compile cache's folder
  /// (Cache.h); empty: no cache.
  std::string cacheDir;
  /// How gluonc was invoked, to find its own path for the depfile.
  std::string argv0;
  /// The whole command line, for a reproducer's record of it.
  std::vector<std::string> commandLine;
  /// --reproducer-dir: where a failing or crashing pass's reproducer goes,
  /// with the source, the command line and the version; empty for none.
  std::string reproducerDir;
  /// -ffile-prefix-map=OLD=NEW, in order (SourceManager::setFilePrefixMap).
  std::vector<std::pair<std::string, std::string>> filePrefixMap;
};

/// Parses the command line; on a usage error prints it and returns the exit
/// code to use, with `exitEarly` set (also for --help and --version).
int parseCommandLine(int argc, char **argv, DriverOptions &options,
                     bool &exitEarly);

/// Loads the plugins of GLUONC_PLUGIN_PATHS, `anyPlugins` (a manifest's),
/// then --load-pass-plugin's and --load-dialect-plugin's; the first
/// problem, or "".
std::string loadPlugins(const std::vector<std::string> &passPlugins,
                        const std::vector<std::string> &dialectPlugins,
                        const std::vector<std::string> &anyPlugins);

/// The options given as text, checked and stored by validateOptions.
struct OptionLists {
  /// --arch's comma-separated list; --offload-arch's, one each.
  std::string archList;
  std::vector<std::string> offloadArchs;
  /// --emit's comma-separated lists.
  std::vector<std::string> emitList;
  /// -D's NAME=VALUE.
  std::vector<std::string> defineList;
  /// -f's values (file-prefix-map=OLD=NEW).
  std::vector<std::string> flagList;
  /// --print-ir-after's comma-separated stages.
  std::string printAfter;
  /// --insert-passes' values.
  std::vector<std::string> insertPasses;
};

/// Checks what a command line or a manifest gives beyond single values
/// (the archs, warps, --emit kinds, defines, ...) and stores it in
/// `options`; "" when it is right, else the usage error's text. One check
/// for `gluonc FILE` and `gluonc build`.
std::string validateOptions(DriverOptions &options, const OptionLists &lists);

/// The outputs `arch` writes: the requested kinds its target has (an
/// assembly or image kind of the other vendor is for the other archs), or
/// its image and json when none was requested.
std::set<std::string> emitFor(const DriverOptions &options,
                              const std::string &arch);

/// Where one compile reports. A manifest's compiles run on several
/// threads, each into streams of its own, printed whole when it ends.
struct CompileIO {
  /// Diagnostics and errors. -v's lines go to the compiler's log
  /// (getCompilerLog()), on this thread's log stream.
  std::ostream &err;
  /// When given: each step's seconds (parse, irgen, the pipeline's stages,
  /// codegen's steps, pack, write), for --time-report.
  StepTimes *times = nullptr;
  /// When given: the paths of the files written, sorted.
  std::vector<std::string> *written = nullptr;
};

/// Compiles one kernel as `options` say and writes the requested files.
int compile(const DriverOptions &options, CompileIO &io);
/// The same, reporting to stderr.
int compile(const DriverOptions &options);

/// `gluonc build MANIFEST ...`: compiles every kernel a manifest lists,
/// on several threads. argv[0] is "build"; returns the exit code.
int runBuildCommand(int argc, char **argv);

/// `gluonc golden check|update ...`: compares a manifest's assembly with
/// golden files, or rewrites them. argv[0] is "golden"; returns the exit
/// code.
int runGoldenCommand(int argc, char **argv);

/// --time-report's table: `times` of `compiles` compiles added up by step.
std::string formatTimeReport(const StepTimes &times, double wallSeconds,
                             unsigned compiles, unsigned threads);

/// `gluonc layout ...`: shows which thread holds each element of a tensor
/// in a layout. argv[0] is "layout"; returns the exit code.
int runLayoutCommand(int argc, char **argv);

/// Registers the backends and, by name, every pass a stage runs.
void registerTargets();
/// The --version text.
std::string getVersionText();

/// "" if `numWarps` warps make a block on `arch` (a registered target's):
/// a power of two, at most 1024 threads; else the usage error's text.
std::string checkNumWarps(unsigned numWarps, const std::string &arch);

} // namespace gluonc::driver

#endif // GLUONC_DRIVER_DRIVER_H
