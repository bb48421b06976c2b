//===- BuildCommand.cpp - gluonc build: a manifest's kernels --------------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Compiles every specialization of a manifest in one process on N threads.
// Each compile is the one `gluonc FILE` runs (its own MLIR context and
// LLVM context; parsing and the targets' tables are per compile or
// read-only), reporting into streams of its own that are printed whole
// when it ends, so that the threads' diagnostics never interleave. A
// compile writes only its own folder, all its files or none, so the files
// are byte for byte those of a serial compile whatever -j is; a failed
// kernel does not stop the others. At the end `index.json` lists each
// specialization, its status and its files, in the manifest's order. A
// kernel that fails loses the files the last build's index.json listed for
// it, so that an old cubin beside a "failed" status cannot be loaded.
//
//===----------------------------------------------------------------------===//

#include "Cache.h"
#include "Driver.h"
#include "Manifest.h"
#include "OutputSet.h"
#include "gluonc/Frontend/Source.h"
#include "gluonc/Pipeline/CompilerLog.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <atomic>
#include <chrono>
#include <cstdlib>
#include <iostream>
#include <map>
#include <mutex>
#include <sstream>
#include <thread>
#include <unistd.h>

using namespace gluonc;
using namespace gluonc::driver;
using json = nlohmann::json;

namespace {

constexpr const char *kBuildIndexSchema = "gluonc.build/1";

/// Prints each finished compile: on a terminal one status line rewritten
/// in place (ninja's way) with the compiles' messages above it; otherwise
/// a line per compile.
class Progress {
public:
  Progress(size_t total, bool terminal) : total(total), terminal(terminal) {}

  void finished(const ManifestJob &job, int status, const std::string &err) {
    ++done;
    std::string line = "[" + std::to_string(done) + "/" +
                       std::to_string(total) + "] " + job.out + " (" +
                       job.options.kernel + ", " + joinArchs(job) + ")" +
                       (status == kSuccess ? "" : ": FAILED");
    if (terminal)
      std::cout << "\r\x1b[K";
    if (!terminal || status != kSuccess)
      std::cout << line << "\n";
    std::cout.flush();
    std::cerr << err;
    std::cerr.flush();
    if (terminal)
      std::cout << bar() << " " << line;
    std::cout.flush();
  }

  void end() {
    if (terminal)
      std::cout << "\r\x1b[K";
    std::cout.flush();
  }

private:
  static std::string joinArchs(const ManifestJob &job) {
    std::string text;
    for (const std::string &arch : job.options.archs)
      text += (text.empty() ? "" : ",") + arch;
    return text;
  }

  std::string bar() const {
    constexpr size_t kWidth = 24;
    size_t filled = total ? done * kWidth / total : kWidth;
    return "[" + std::string(filled, '#') + std::string(kWidth - filled, '.') +
           "]";
  }

  size_t total, done = 0;
  bool terminal;
};

/// `path` (under `outputDir`) relative to it, with '/' separators.
std::string relativeTo(const std::string &path, const std::string &outputDir) {
  llvm::StringRef rest(path);
  if (outputDir != "." && rest.consume_front(outputDir))
    rest = rest.ltrim(llvm::sys::path::get_separator());
  return llvm::sys::path::convert_to_slash(rest);
}

std::string buildIndex(const Manifest &manifest,
                       const std::vector<JobResult> &results,
                       const std::string &outputDir) {
  json kernels = json::array();
  for (size_t i = 0; i < manifest.jobs.size(); ++i) {
    const ManifestJob &job = manifest.jobs[i];
    const JobResult &result = results[i];
    json files = json::array();
    json metadata = json::object();
    std::string index;
    for (const std::string &path : result.written) {
      std::string file = relativeTo(path, outputDir);
      files.push_back(file);
      llvm::StringRef name = llvm::sys::path::filename(path);
      if (name.ends_with(".index.json"))
        index = file;
      for (const std::string &arch : job.options.archs)
        if (name.ends_with("." + arch + ".json"))
          metadata[arch] = file;
    }
    json defines = json::object();
    for (const auto &[name, value] : job.options.defines)
      defines[name] = value;
    json entry = {{"archs", job.options.archs},
                  {"defines", defines},
                  {"files", files},
                  {"kernel", job.options.kernel},
                  {"metadata", metadata},
                  {"num_warps", job.options.numWarps},
                  {"out", job.out},
                  {"signature", job.options.signature},
                  {"source", job.source},
                  {"status", result.status == kSuccess ? "ok" : "failed"}};
    if (!index.empty())
      entry["index"] = index;
    kernels.push_back(std::move(entry));
  }
  json document = {{"kernels", kernels}, {"schema", kBuildIndexSchema}};
  return document.dump(2) + "\n";
}

/// The most bytes and nesting of a last build's index that is read: the
/// index gluonc writes nests 4 deep, and a manifest of 10,000 kernels
/// writes a few MiB. A larger or deeper one (hostile, or not gluonc's) is
/// not read, so that it cannot cost the parser gigabytes.
constexpr size_t kMaxPreviousIndexBytes = size_t(16) << 20;
constexpr unsigned kMaxPreviousIndexDepth = 8;

/// Whether the JSON `text` nests at most `maxDepth` deep (brackets outside
/// strings), found without building it.
bool nestsAtMost(llvm::StringRef text, unsigned maxDepth) {
  unsigned depth = 0;
  bool inString = false;
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (inString) {
      if (c == '\\')
        ++i;
      else if (c == '"')
        inString = false;
    } else if (c == '"') {
      inString = true;
    } else if (c == '[' || c == '{') {
      if (++depth > maxDepth)
        return false;
    } else if ((c == ']' || c == '}') && depth > 0) {
      --depth;
    }
  }
  return true;
}

/// The files the last build's index at `indexPath` lists, by `out`: what
/// a failed kernel leaves behind unless removed. An index that cannot be
/// read lists nothing.
std::map<std::string, std::vector<std::string>>
readPreviousFiles(const std::string &indexPath) {
  std::map<std::string, std::vector<std::string>> files;
  std::string error;
  std::optional<std::string> text =
      readRegularFile(indexPath, kMaxPreviousIndexBytes, error);
  if (!text || !nestsAtMost(*text, kMaxPreviousIndexDepth))
    return files;
  json document = json::parse(*text, nullptr, /*allow_exceptions=*/false);
  if (!document.is_object() || !document.contains("kernels") ||
      !document["kernels"].is_array())
    return files;
  for (const json &kernel : document["kernels"]) {
    if (!kernel.is_object() || !kernel.contains("out") ||
        !kernel["out"].is_string() || !kernel.contains("files") ||
        !kernel["files"].is_array())
      continue;
    for (const json &file : kernel["files"])
      if (file.is_string())
        files[kernel["out"].get<std::string>()].push_back(
            file.get<std::string>());
  }
  return files;
}

/// Whether every folder of `relative` below `outputDir` is a real folder
/// (no symlink) and the file itself a regular file.
bool isPlainFileBelow(const std::string &outputDir, llvm::StringRef relative) {
  llvm::SmallVector<llvm::StringRef> parts;
  relative.split(parts, '/');
  llvm::SmallString<256> path(outputDir);
  for (size_t i = 0; i < parts.size(); ++i) {
    llvm::sys::path::append(path, parts[i]);
    llvm::sys::fs::file_status status;
    if (llvm::sys::fs::status(path, status, /*Follow=*/false))
      return false;
    auto wanted = i + 1 < parts.size()
                      ? llvm::sys::fs::file_type::directory_file
                      : llvm::sys::fs::file_type::regular_file;
    if (status.type() != wanted)
      return false;
  }
  return true;
}

/// Removes the files `listed` (relative to `outputDir`) that lie in the
/// folder of the failed job `out`: regular files only, reached through
/// real folders only, and no path with a ".." or empty component, whatever
/// the old index says.
void removeStaleFiles(const std::string &outputDir, const std::string &out,
                      const std::vector<std::string> &listed) {
  for (const std::string &file : listed) {
    llvm::StringRef relative(file);
    llvm::SmallVector<llvm::StringRef> parts;
    relative.split(parts, '/');
    if (!relative.starts_with(out + "/") ||
        llvm::any_of(parts,
                     [](llvm::StringRef part) {
                       return part.empty() || part == "." || part == "..";
                     }) ||
        !isPlainFileBelow(outputDir, relative))
      continue;
    llvm::SmallString<256> path(outputDir);
    llvm::sys::path::append(path, relative);
    if (!llvm::sys::fs::remove(path))
      getCompilerLog().info("removed {} (its kernel failed)",
                            std::string(path));
  }
}

} // namespace

std::vector<JobResult> gluonc::driver::runJobs(const Manifest &manifest,
                                               unsigned threads,
                                               const JobFinished &finished) {
  size_t count = manifest.jobs.size();
  std::vector<JobResult> results(count);
  std::mutex mutex;
  std::atomic<size_t> next{0};
  auto work = [&] {
    for (size_t i; (i = next++) < count;) {
      // The job's diagnostics and log lines, in order, printed whole.
      std::ostringstream err;
      log::ScopedLogStream logToJob(err);
      CompileIO io{err, &results[i].times, &results[i].written};
      results[i].status = compile(manifest.jobs[i].options, io);
      std::lock_guard<std::mutex> lock(mutex);
      finished(i, results[i], err.str());
    }
  };
  std::vector<std::thread> pool;
  for (size_t t = 1; t < std::min<size_t>(threads, count); ++t)
    pool.emplace_back(work);
  work();
  for (std::thread &thread : pool)
    thread.join();
  return results;
}

int gluonc::driver::runBuildCommand(int argc, char **argv) {
  CLI::App app{"gluonc build: compiles every kernel a manifest lists",
               "gluonc build"};
  app.footer("Each specialization writes the files `gluonc FILE` would into "
             "<output dir>/<out>/, and <output dir>/index.json lists them "
             "all. A kernel that fails does not stop the others.\n"
             "Example:\n  gluonc build kernels.toml -j 8 -o out/\n"
             "The manifest's format is in docs/manifest.md.\n"
             "Exit status: 0 every kernel compiled, 1 the manifest or a "
             "kernel has errors, 2 bad command line.");
  std::string manifestPath, outputDir = ".";
  unsigned threads = std::max(1u, std::thread::hardware_concurrency());
  bool timeReport = false, verbose = false;
  std::string logLevel;
  app.add_option("manifest", manifestPath, "The manifest (.toml)")
      ->required();
  app.add_option("-j,--jobs", threads,
                 "Compiles run at once (default: the cores, " +
                     std::to_string(threads) + ")")
      ->check(CLI::Range(1u, 1024u));
  app.add_option("-o,--output", outputDir,
                 "Output directory, created if missing (default .)");
  std::string cacheDir = getDefaultCacheDir();
  app.add_option("--cache-dir", cacheDir,
                 "The compile cache's folder (default $GLUONC_CACHE_DIR; "
                 "none when unset), as for gluonc FILE");
  app.add_flag("--time-report", timeReport,
               "Print the seconds each step took, added up over the "
               "kernels, to stderr");
  addLogOptions(app, verbose, logLevel);
  if (std::optional<int> status = parseSubcommandLine(app, argc, argv))
    return *status;
  applyLogOptions(verbose, logLevel);

  auto start = std::chrono::steady_clock::now();
  std::optional<Manifest> manifest =
      readManifest(manifestPath, outputDir, std::cerr);
  if (!manifest)
    return kUserError;
  // Before any job: the plugins' passes are registered once, for all.
  if (std::string problem = loadPlugins({}, {}, manifest->plugins);
      !problem.empty()) {
    std::cerr << "gluonc build: error: " << problem << "\n";
    return kUsageError;
  }
  for (ManifestJob &job : manifest->jobs) {
    job.options.cacheDir = cacheDir;
    job.options.argv0 = argv[0];
  }

  size_t count = manifest->jobs.size();
  threads = unsigned(std::min<size_t>(threads, count));
  Progress progress(count, isatty(STDOUT_FILENO) != 0);
  std::vector<JobResult> results =
      runJobs(*manifest, threads,
              [&](size_t job, const JobResult &result, const std::string &err) {
                progress.finished(manifest->jobs[job], result.status, err);
              });
  progress.end();

  llvm::SmallString<256> indexPath(outputDir);
  llvm::sys::path::append(indexPath, "index.json");
  std::map<std::string, std::vector<std::string>> previous =
      readPreviousFiles(std::string(indexPath));
  for (size_t i = 0; i < count; ++i)
    if (results[i].status != kSuccess)
      removeStaleFiles(outputDir, manifest->jobs[i].out,
                       previous[manifest->jobs[i].out]);
  OutputSet index;
  index.add(std::string(indexPath), buildIndex(*manifest, results, outputDir));
  CompileIO io{std::cerr};
  if (std::error_code ec = llvm::sys::fs::create_directories(outputDir)) {
    std::cerr << "gluonc build: error: cannot create '" << outputDir
              << "': " << ec.message() << "\n";
    return kUserError;
  }
  if (!index.write(io))
    return kUserError;

  size_t failed = 0;
  StepTimes times;
  for (const JobResult &result : results) {
    failed += result.status != kSuccess;
    times.insert(times.end(), result.times.begin(), result.times.end());
  }
  std::chrono::duration<double> wall = std::chrono::steady_clock::now() - start;
  if (timeReport)
    std::cerr << formatTimeReport(times, wall.count(), unsigned(count),
                                  threads);
  std::cout << "gluonc build: " << count - failed << " of " << count
            << " compiled" << (failed ? ", " + std::to_string(failed) +
                                            " failed"
                                      : std::string())
            << "; index in " << std::string(indexPath) << "\n";
  return failed ? kUserError : kSuccess;
}
