//===- Manifest.h - gluonc build's kernel list ------------------*- C++ -*-===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// A manifest (TOML) lists kernels to compile, each with one or more
// specializations. Options (archs, emit, num_warps, defines, ...) can be
// set at the top, for a kernel, or for one specialization; the nearer one
// wins, and defines merge name by name. Each specialization becomes the
// DriverOptions of one `gluonc FILE` command, checked by the same
// validateOptions, writing into a folder of its own under -o. The format
// is in docs/manifest.md.
//
//===----------------------------------------------------------------------===//

#ifndef GLUONC_DRIVER_MANIFEST_H
#define GLUONC_DRIVER_MANIFEST_H

#include "Driver.h"

#include <functional>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

namespace gluonc::driver {

/// One specialization: one compile.
struct ManifestJob {
  /// Its folder under the output directory, unique in the manifest.
  std::string out;
  /// The source as the manifest names it (relative to the manifest).
  std::string source;
  /// The compile; options.input is the source relative to the working
  /// directory, options.outputDir the job's folder.
  DriverOptions options;
};

struct Manifest {
  std::vector<ManifestJob> jobs;
  /// The top level's `plugins`, relative to the working directory: loaded
  /// before any job runs.
  std::vector<std::string> plugins;
};

/// What one job's compile gave.
struct JobResult {
  int status = kSuccess;
  StepTimes times;
  /// The files written, sorted.
  std::vector<std::string> written;
};

/// Called as each job ends, one call at a time: its index, result, and
/// what it printed (-v's lines, diagnostics).
using JobFinished = std::function<void(size_t job, const JobResult &result,
                                       const std::string &err)>;

/// Compiles every job of `manifest` on `threads` threads (at most one per
/// job); results in the manifest's order.
std::vector<JobResult> runJobs(const Manifest &manifest, unsigned threads,
                               const JobFinished &finished);

/// Reads the manifest at `path`, its jobs writing under `outputDir`. On an
/// error prints `path:line:col: error: ...` for each to `err` and returns
/// nothing.
std::optional<Manifest> readManifest(const std::string &path,
                                     const std::string &outputDir,
                                     std::ostream &err);

} // namespace gluonc::driver

#endif // GLUONC_DRIVER_MANIFEST_H
