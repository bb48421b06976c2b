//===- Driver.h - The gluonc command line -----------------------*- C++ -*-===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#ifndef GLUONC_DRIVER_DRIVER_H
#define GLUONC_DRIVER_DRIVER_H

#include <set>
#include <string>
#include <utility>
#include <vector>

namespace gluonc::driver {

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
  bool printPipeline = false;
  std::set<std::string> printIRAfter;
  bool printIRAfterAll = false;
  bool verbose = false;
  /// -I DIR: where `import` looks after the source's folder, in order.
  std::vector<std::string> includeDirs;
  /// -MD: write a depfile, to -MF's path (default <outdir>/<kernel>.d), for
  /// -MT's targets (default: every file written).
  bool writeDepfile = false;
  std::string depFile;
  std::vector<std::string> depTargets;
  /// How gluonc was invoked, to find its own path for the depfile.
  std::string argv0;
  /// -ffile-prefix-map=OLD=NEW, in order (SourceManager::setFilePrefixMap).
  std::vector<std::pair<std::string, std::string>> filePrefixMap;
};

/// Parses the command line; on a usage error prints it and returns the exit
/// code to use, with `exitEarly` set (also for --help and --version).
int parseCommandLine(int argc, char **argv, DriverOptions &options,
                     bool &exitEarly);

/// The outputs `arch` writes: the requested kinds its target has (an
/// assembly or image kind of the other vendor is for the other archs), or
/// its image and json when none was requested.
std::set<std::string> emitFor(const DriverOptions &options,
                              const std::string &arch);

/// Compiles one kernel as `options` say and writes the requested files.
int compile(const DriverOptions &options);

/// `gluonc layout ...`: shows which thread holds each element of a tensor
/// in a layout. argv[0] is "layout"; returns the exit code.
int runLayoutCommand(int argc, char **argv);

/// Registers the backends and returns the --version text.
void registerTargets();
std::string getVersionText();

/// "" if `numWarps` warps make a block on `arch` (a registered target's):
/// a power of two, at most 1024 threads; else the usage error's text.
std::string checkNumWarps(unsigned numWarps, const std::string &arch);

} // namespace gluonc::driver

#endif // GLUONC_DRIVER_DRIVER_H
