//===- GoldenCommand.cpp - gluonc golden check|update ---------------------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Golden files for a project's CI: every specialization of a manifest is
// compiled (as gluonc build does, on -j threads, into a temporary folder,
// stopping at the assembly: nothing is assembled), and each text output of
// the asked kinds is compared with DIR/<out>/<file>. Both sides are
// normalized the same way: comment lines that name a version, and
// `.ident` directives, are dropped, so that a new LLVM or gluonc release
// that changes only those does not fail; nothing else is renamed or
// rewritten. `check` prints a unified diff per differing file and exits 1;
// `update` writes the new files (and removes goldens of kinds asked for
// that a specialization no longer writes).
//
//===----------------------------------------------------------------------===//

#include "Cache.h"
#include "Driver.h"
#include "Manifest.h"
#include "OutputSet.h"
#include "UnifiedDiff.h"

#include "gluonc/Frontend/Source.h"
#include "gluonc/Pipeline/Target.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/raw_ostream.h"

#include <CLI/CLI.hpp>

#include <iostream>
#include <map>
#include <set>
#include <sstream>
#include <thread>

using namespace gluonc;
using namespace gluonc::driver;

namespace {

/// The kinds a golden may hold besides each target's assembly, by file
/// suffix.
const std::pair<const char *, const char *> kIRKinds[] = {
    {"gluon-ir", ".gluon.mlir"}, {"llvm-ir", ".ll"}};

/// Every target's assembly kind ("ptx", "amdgcn"), also its file suffix,
/// in the targets' order.
std::vector<std::string> getAssemblyKinds() {
  std::vector<std::string> kinds;
  for (const auto &target : getRegisteredTargets())
    kinds.push_back(target->getAssemblyKind().str());
  return kinds;
}

/// The kind of `file`, or "" when it is not one a golden holds.
std::string kindOf(llvm::StringRef file) {
  for (const std::string &kind : getAssemblyKinds())
    if (file.ends_with("." + kind))
      return kind;
  for (const auto &[kind, suffix] : kIRKinds)
    if (file.ends_with(suffix))
      return kind;
  return "";
}

/// Every kind a golden may hold: the assembly kinds, then the IR's.
std::vector<std::string> getGoldenKinds() {
  std::vector<std::string> kinds = getAssemblyKinds();
  for (const auto &[kind, suffix] : kIRKinds)
    kinds.push_back(kind);
  return kinds;
}

/// `kinds` joined by `separator`: "ptx,amdgcn".
std::string joinKinds(const std::vector<std::string> &kinds,
                      const char *separator) {
  std::string text;
  for (const std::string &kind : kinds)
    text += (text.empty() ? "" : separator) + kind;
  return text;
}

/// `text` without the lines that say which compiler wrote it: comments
/// (`//`, `;`, `#`) naming a version, and `.ident` directives.
std::string normalize(llvm::StringRef text) {
  static const llvm::Regex versionComment(
      "^[ \t]*(//|;|#).*([Vv]ersion|[0-9]+\\.[0-9]+\\.[0-9]+)");
  std::string kept;
  while (!text.empty()) {
    auto [line, rest] = text.split('\n');
    bool lastLine = rest.empty() && !text.ends_with("\n");
    if (!versionComment.match(line) && !line.ltrim().starts_with(".ident"))
      kept += line.str() + (lastLine ? "" : "\n");
    text = rest;
  }
  return kept;
}

/// The kinds a job's archs write among `kinds`.
std::set<std::string> kindsFor(const DriverOptions &options,
                               const std::set<std::string> &kinds) {
  std::set<std::string> emit;
  std::vector<std::string> assemblyKinds = getAssemblyKinds();
  for (const std::string &kind : kinds) {
    bool assembly = llvm::is_contained(assemblyKinds, kind);
    for (const std::string &arch : options.archs)
      if (!assembly || lookupTargetForArch(arch)->getAssemblyKind() == kind)
        emit.insert(kind);
  }
  return emit;
}

/// Removes a folder made for the compiles, with what is in it.
struct TempFolder {
  std::string path;
  ~TempFolder() {
    if (!path.empty())
      llvm::sys::fs::remove_directories(path);
  }
};

/// What `gluonc golden` is asked to do.
struct GoldenOptions {
  std::string manifestPath;
  /// The golden files' folder.
  std::string dir;
  std::set<std::string> kinds;
  unsigned threads = 1;
  /// `update`, else `check`.
  bool updating = false;
};

/// Adds the kinds of the comma-separated `list` to `kinds`; prints the
/// error and returns false at one that a golden cannot hold.
bool parseKinds(const std::string &list, std::set<std::string> &kinds) {
  std::stringstream items(list);
  std::string item;
  while (std::getline(items, item, ',')) {
    if (!llvm::is_contained(getGoldenKinds(), item)) {
      std::cerr << "gluonc golden: error: unknown kind '" << item
                << "' (expected " << joinKinds(getGoldenKinds(), ", ") << ")\n";
      return false;
    }
    kinds.insert(item);
  }
  return true;
}

/// Reads the command line into `golden`; returns the status to exit with
/// when gluonc should stop there (--help, a usage error).
std::optional<int> parseGoldenCommandLine(int argc, char **argv,
                                          GoldenOptions &golden) {
  CLI::App app{"gluonc golden: compares a manifest's assembly (and IR) with "
               "golden files, or rewrites them",
               "gluonc golden"};
  app.footer(
      "Each specialization's files go to DIR/<out>/<file>, named as "
      "`gluonc build` names them. Comment lines naming a version and "
      ".ident directives are left out of both sides; nothing else is "
      "changed.\n"
      "Example:\n  gluonc golden check --manifest kernels.toml --dir "
      "goldens/\n  gluonc golden update --manifest kernels.toml --dir "
      "goldens/\n"
      "Exit status: 0 every file matches (check) or was written (update), "
      "1 a file differs or a kernel has errors, 2 bad command line.");
  app.require_subcommand(1);
  // By default each arch's assembly.
  std::string kindList = joinKinds(getAssemblyKinds(), ",");
  golden.threads = std::max(1u, std::thread::hardware_concurrency());
  auto addOptions = [&](CLI::App *command) {
    command
        ->add_option("--manifest", golden.manifestPath, "The manifest (.toml)")
        ->required();
    command->add_option("--dir", golden.dir, "The golden files' folder")
        ->required();
    command->add_option(
        "--kinds", kindList,
        "Comma-separated kinds compared: " + joinKinds(getGoldenKinds(), ", ") +
            " (default " + kindList + ": each arch's assembly)");
    command
        ->add_option("-j,--jobs", golden.threads,
                     "Compiles run at once (default: the cores)")
        ->check(CLI::Range(1u, 1024u));
  };
  CLI::App *check = app.add_subcommand(
      "check", "Compare; print a unified diff of each file that differs");
  CLI::App *update =
      app.add_subcommand("update", "Write the golden files anew");
  addOptions(check);
  addOptions(update);
  if (std::optional<int> status = parseSubcommandLine(app, argc, argv))
    return *status;
  golden.updating = update->parsed();
  if (!parseKinds(kindList, golden.kinds))
    return kUsageError;
  return std::nullopt;
}

/// How many files a check compared, and how many of them differ.
struct GoldenCounts {
  size_t compared = 0;
  size_t differing = 0;
};

/// The most bytes a golden may hold: the largest PTX of the corpus is
/// under 1 MiB.
constexpr size_t kMaxGoldenBytes = size_t(64) << 20;

/// Why the golden at `path` cannot be used, or "" when it is a regular
/// file or absent. A golden is a regular file of the goldens folder: a
/// symlink committed in a pull request could otherwise print any file of
/// the machine in the diff, and a FIFO would hang the check.
std::string checkGoldenPath(const std::string &path) {
  llvm::sys::fs::file_status status;
  if (llvm::sys::fs::status(path, status, /*Follow=*/false))
    return "";
  switch (status.type()) {
  case llvm::sys::fs::file_type::regular_file:
    return "";
  case llvm::sys::fs::file_type::symlink_file:
    return "it is a symlink";
  case llvm::sys::fs::file_type::directory_file:
    return "it is a directory";
  default:
    return "not a regular file (a FIFO, socket or device)";
  }
}

/// Compares the compiled file `file` of job `out` (at `path`) with its
/// golden in `goldenFolder`, printing a diff, or (updating) writes the
/// golden where it differs. Returns false, after an error, when the
/// golden is not a regular file or cannot be read or written.
bool syncGoldenFile(const std::string &path, const std::string &file,
                    const std::string &out, llvm::StringRef goldenFolder,
                    bool updating, GoldenCounts &counts) {
  ++counts.compared;
  std::string fresh =
      normalize(readWholeFile(path, kMaxCachedFileBytes).value_or(""));
  llvm::SmallString<256> goldenPath(goldenFolder);
  llvm::sys::path::append(goldenPath, file);
  if (std::string why = checkGoldenPath(std::string(goldenPath));
      !why.empty()) {
    std::cerr << "gluonc golden: error: '" << std::string(goldenPath)
              << "': goldens are regular files in the goldens folder, and "
              << why << "\n";
    return false;
  }
  std::optional<std::string> golden;
  if (llvm::sys::fs::exists(goldenPath)) {
    std::string error;
    golden = readRegularFile(std::string(goldenPath), kMaxGoldenBytes, error);
    if (!golden) {
      std::cerr << "gluonc golden: error: " << error << "\n";
      return false;
    }
  }
  std::string stored = golden ? normalize(*golden) : "";
  if (golden && stored == fresh)
    return true;
  if (updating) {
    // OutputSet: written whole and renamed into place, or not at all.
    OutputSet outputs;
    outputs.add(std::string(goldenPath), fresh);
    llvm::sys::fs::create_directories(goldenFolder);
    CompileIO io{std::cerr};
    if (!outputs.write(io))
      return false;
    std::cout << "updated " << std::string(goldenPath) << "\n";
    return true;
  }
  ++counts.differing;
  if (!golden)
    std::cout << "gluonc golden: " << std::string(goldenPath)
              << " is missing\n";
  std::cout << unifiedDiff(stored, fresh, std::string(goldenPath),
                           out + "/" + file + " (compiled)");
  return true;
}

/// The goldens in `goldenFolder` of a compared kind that job `out` no
/// longer writes (it wrote `written`): removed when updating, else
/// counted as differing.
void syncStaleGoldens(llvm::StringRef goldenFolder,
                      const std::set<std::string> &written,
                      const std::string &out, const GoldenOptions &golden,
                      GoldenCounts &counts) {
  std::error_code ec;
  for (llvm::sys::fs::directory_iterator entry(goldenFolder, ec), end;
       !ec && entry != end; entry.increment(ec)) {
    std::string file = llvm::sys::path::filename(entry->path()).str();
    std::string kind = kindOf(file);
    if (kind.empty() || !golden.kinds.count(kind) || written.count(file))
      continue;
    if (golden.updating) {
      if (std::error_code ec = llvm::sys::fs::remove(entry->path())) {
        std::cerr << "gluonc golden: error: cannot remove '" << entry->path()
                  << "': " << ec.message() << "\n";
        ++counts.differing;
        continue;
      }
      std::cout << "removed " << entry->path() << "\n";
    } else {
      ++counts.differing;
      std::cout << "gluonc golden: " << entry->path()
                << " is no longer written by '" << out << "'\n";
    }
  }
}

/// Checks (or updates) the goldens of one compiled job: each file of a
/// compared kind it wrote, then the goldens it no longer writes. Returns
/// false when a golden cannot be written.
bool syncJobGoldens(const ManifestJob &job, const JobResult &result,
                    const GoldenOptions &golden, GoldenCounts &counts) {
  llvm::SmallString<256> goldenFolder(golden.dir);
  llvm::sys::path::append(goldenFolder, job.out);
  // A job's folder is a real folder of the goldens folder (or absent): a
  // symlink there would let an update write or remove files elsewhere.
  if (std::string why = checkGoldenPath(std::string(goldenFolder));
      !why.empty() && why != "it is a directory") {
    std::cerr << "gluonc golden: error: '" << std::string(goldenFolder)
              << "': goldens are regular files in the goldens folder, and "
              << why << "\n";
    return false;
  }
  std::set<std::string> written;
  for (const std::string &path : result.written) {
    std::string file = llvm::sys::path::filename(path).str();
    std::string kind = kindOf(file);
    if (kind.empty() || !golden.kinds.count(kind))
      continue;
    written.insert(file);
    if (!syncGoldenFile(path, file, job.out, goldenFolder, golden.updating,
                        counts))
      return false;
  }
  syncStaleGoldens(goldenFolder, written, job.out, golden, counts);
  return true;
}

} // namespace

int gluonc::driver::runGoldenCommand(int argc, char **argv) {
  GoldenOptions golden;
  if (std::optional<int> status = parseGoldenCommandLine(argc, argv, golden))
    return *status;

  llvm::SmallString<128> tempPath;
  if (std::error_code ec =
          llvm::sys::fs::createUniqueDirectory("gluonc-golden", tempPath)) {
    std::cerr << "gluonc golden: error: cannot make a temporary folder: "
              << ec.message() << "\n";
    return kUserError;
  }
  TempFolder temp{std::string(tempPath)};
  std::optional<Manifest> manifest =
      readManifest(golden.manifestPath, temp.path, std::cerr);
  if (!manifest)
    return kUserError;
  for (ManifestJob &job : manifest->jobs) {
    job.options.emit = kindsFor(job.options, golden.kinds);
    job.options.noPTX = false;
  }
  std::vector<JobResult> results =
      runJobs(*manifest, golden.threads,
              [](size_t, const JobResult &, const std::string &err) {
                std::cerr << err;
              });

  GoldenCounts counts;
  size_t failed = 0;
  for (size_t i = 0; i < manifest->jobs.size(); ++i) {
    const ManifestJob &job = manifest->jobs[i];
    if (results[i].status != kSuccess) {
      std::cerr << "gluonc golden: error: '" << job.out
                << "' did not compile; its goldens are not "
                << (golden.updating ? "updated" : "checked") << "\n";
      ++failed;
      continue;
    }
    if (!syncJobGoldens(job, results[i], golden, counts))
      return kUserError;
  }
  if (!golden.updating)
    std::cout << "gluonc golden: " << counts.compared << " file"
              << (counts.compared == 1 ? "" : "s") << " compared, "
              << counts.differing << " differ"
              << (counts.differing == 1 ? "s" : "") << "\n";
  return failed || counts.differing ? kUserError : kSuccess;
}
