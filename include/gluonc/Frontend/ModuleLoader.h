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
//===----------------------------------------------------------------------===//

#ifndef GLUONC_FRONTEND_MODULELOADER_H
#define GLUONC_FRONTEND_MODULELOADER_H

#include "gluonc/Frontend/AST.h"
#include "gluonc/Frontend/Diagnostics.h"

#include <map>
#include <memory>
#include <string>
#include <vector>

namespace gluonc {

class ModuleLoader {
public:
  virtual ~ModuleLoader();
  /// The module `name` ("lib.helpers"), absolute when `level` is 0, else
  /// relative to the package of the file `fromFile` as Python's `from
  /// ..lib import x` is (`name` may then be empty: the package itself):
  /// its parsed file (a package's __init__.py), an empty module for a
  /// folder without one, or null when no file or folder provides it. A
  /// file that cannot be read or parsed has been reported, and `failed` is
  /// set.
  virtual const Module *load(const std::string &name, unsigned level,
                             uint32_t fromFile, bool &failed) = 0;
};

class FileModuleLoader : public ModuleLoader {
public:
  /// `mainFile` is the kernel source (its folder is searched first), then
  /// `includeDirs`.
  FileModuleLoader(SourceManager &sources, DiagnosticEngine &diags,
                   const std::string &mainFile,
                   std::vector<std::string> includeDirs);
  ~FileModuleLoader() override;

  const Module *load(const std::string &name, unsigned level, uint32_t fromFile,
                     bool &failed) override;

  /// Every file parsed so far, in the order first imported, as opened.
  const std::vector<std::string> &getFiles() const { return files; }

private:
  /// The file or folder providing `parts` below one of `bases`, or "".
  std::string find(const std::vector<std::string> &bases,
                   const std::vector<std::string> &parts) const;

  SourceManager &sources;
  DiagnosticEngine &diags;
  std::vector<std::string> searchPath;
  /// By canonical path; a namespace package's path ends in '/'.
  std::map<std::string, std::unique_ptr<Module>> modules;
  /// The folder of each parsed file, by file id, for relative imports.
  std::map<uint32_t, std::string> folders;
  std::vector<std::string> files;
};

} // namespace gluonc

#endif // GLUONC_FRONTEND_MODULELOADER_H
