//===- ModuleLoader.h - The Python files a kernel imports -------*- C++ -*-===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Kernels keep helpers, tile schedulers and aggregates in modules of their
// own: `import lib.helpers as h`, `from lib.helpers import twice`, `from
// .sched import Tile`. A ModuleLoader finds and parses those files; the
// Interpreter binds their names, each file in a scope of its own.
//
// FileModuleLoader searches as Python's sys.path does for a script: the
// main source's folder, then each -I folder in order. In each folder a
// package (`lib/__init__.py`) comes before a module (`lib.py`); a folder
// without __init__.py (a namespace package) is used only when no folder
// has either. A relative import starts at the importing file's folder and
// climbs one folder per dot after the first. Each file is parsed once,
// however many imports and compiles (one per --arch) name it.
//
// Every path the search looks at is a probe, recorded with what was there
// (a file, a folder, something else or nothing): the compile cache keys on
// them, so that a file that appears earlier on the search path makes a
// cached compile stale. Probes are memoized (an import named again costs
// nothing) and bounded by kMaxImportProbes per compile: past it the import
// is an error, so that thousands of imports over hundreds of -I folders
// cannot run for minutes.
//
//===----------------------------------------------------------------------===//

#ifndef GLUONC_FRONTEND_MODULELOADER_H
#define GLUONC_FRONTEND_MODULELOADER_H

#include "gluonc/Frontend/AST.h"
#include "gluonc/Frontend/Diagnostics.h"

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace gluonc {

/// The most distinct paths one compile's imports may probe: 100 imports
/// over 300 -I folders, three probes each, with room to spare.
constexpr size_t kMaxImportProbes = 100'000;
/// The most path components one compile's imports may resolve (each found
/// module's path is made canonical, a walk of all its components, about
/// 30 us each): a package 1,200 folders deep walked 720,000 in 22 s, each
/// level walking the whole path again; 100,000 is 3 s.
constexpr size_t kMaxImportPathComponents = 100'000;

class ModuleLoader {
public:
  virtual ~ModuleLoader();
  /// The module `name` ("lib.helpers"), absolute when `level` is 0, else
  /// relative to the package of the file `fromFile` as Python's `from
  /// ..lib import x` is (`name` may then be empty: the package itself):
  /// its parsed file (a package's __init__.py), an empty module for a
  /// folder without one, or null when no file or folder provides it. A
  /// file that cannot be read or parsed, or a search past its budget, has
  /// been reported at `from` (the import), and `failed` is set.
  virtual const Module *load(const std::string &name, unsigned level,
                             SourceLoc from, bool &failed) = 0;
};

class FileModuleLoader : public ModuleLoader {
public:
  /// `mainFile` is the kernel source (its folder is searched first), then
  /// `includeDirs`.
  FileModuleLoader(SourceManager &sources, DiagnosticEngine &diags,
                   const std::string &mainFile,
                   std::vector<std::string> includeDirs);
  ~FileModuleLoader() override;

  const Module *load(const std::string &name, unsigned level, SourceLoc from,
                     bool &failed) override;

  /// Every file parsed so far, in the order first imported, as opened.
  const std::vector<std::string> &getFiles() const { return files; }

  /// What a probe found: a regular file, a folder, something else (a FIFO,
  /// a device: found, and refused when read) or nothing.
  enum class Found : char { File = 'f', Folder = 'd', Other = 'o', None = '-' };
  /// What a path holds now, as a probe sees it (symlinks followed).
  static Found probePath(const std::string &path);
  /// Every path probed so far, with what was there.
  const std::map<std::string, Found> &getProbes() const { return probes; }

private:
  /// The file or folder providing `parts` below one of `bases`, "" when
  /// none does, or nothing past the probe budget.
  std::optional<std::string> find(const std::vector<std::string> &bases,
                                  const std::vector<std::string> &parts);
  /// probePath, memoized and counted; nothing past the budget.
  std::optional<Found> probe(const std::string &path);

  SourceManager &sources;
  DiagnosticEngine &diags;
  std::vector<std::string> searchPath;
  /// By canonical path; a namespace package's path ends in '/'.
  std::map<std::string, std::unique_ptr<Module>> modules;
  /// The folder of each parsed file, by file id, for relative imports.
  std::map<uint32_t, std::string> folders;
  std::vector<std::string> files;
  std::map<std::string, Found> probes;
  /// Path components walked making found modules' paths canonical.
  size_t componentsWalked = 0;
  /// find's answers, by search folders and name.
  std::map<std::string, std::string> searches;
};

} // namespace gluonc

#endif // GLUONC_FRONTEND_MODULELOADER_H
