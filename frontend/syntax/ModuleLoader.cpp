//===- ModuleLoader.cpp - The Python files a kernel imports ---------------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "gluonc/Frontend/ModuleLoader.h"

#include "gluonc/Frontend/Parser.h"

#include <filesystem>

using namespace gluonc;
namespace fs = std::filesystem;

ModuleLoader::~ModuleLoader() = default;

namespace {

bool isFile(const fs::path &path) {
  std::error_code ec;
  return fs::is_regular_file(path, ec);
}

bool isFolder(const fs::path &path) {
  std::error_code ec;
  return fs::is_directory(path, ec);
}

std::string folderOf(const std::string &file) {
  std::string folder = fs::path(file).parent_path().string();
  return folder.empty() ? "." : folder;
}

std::vector<std::string> splitDotted(const std::string &name) {
  std::vector<std::string> parts;
  size_t start = 0;
  while (!name.empty()) {
    size_t dot = name.find('.', start);
    parts.push_back(name.substr(start, dot - start));
    if (dot == std::string::npos)
      break;
    start = dot + 1;
  }
  return parts;
}

} // namespace

FileModuleLoader::FileModuleLoader(SourceManager &sources,
                                   DiagnosticEngine &diags,
                                   const std::string &mainFile,
                                   std::vector<std::string> includeDirs)
    : sources(sources), diags(diags) {
  searchPath.push_back(folderOf(mainFile));
  for (std::string &dir : includeDirs)
    searchPath.push_back(std::move(dir));
  if (uint32_t id = sources.findFile(mainFile))
    folders[id] = folderOf(mainFile);
}

FileModuleLoader::~FileModuleLoader() = default;

std::string
FileModuleLoader::find(const std::vector<std::string> &bases,
                       const std::vector<std::string> &parts) const {
  // A file of the current folder is named as `lib/x.py`, not `./lib/x.py`.
  auto under = [](const std::string &base) {
    return base == "." ? fs::path() : fs::path(base);
  };
  for (const std::string &base : bases) {
    fs::path path = under(base);
    for (const std::string &part : parts)
      path /= part;
    if (isFile(path / "__init__.py"))
      return (path / "__init__.py").string();
    if (!parts.empty() && isFile(path.string() + ".py"))
      return path.string() + ".py";
  }
  for (const std::string &base : bases) {
    fs::path path = under(base);
    for (const std::string &part : parts)
      path /= part;
    if (path.empty())
      path = ".";
    if (isFolder(path))
      return path.string() + "/";
  }
  return "";
}

const Module *FileModuleLoader::load(const std::string &name, unsigned level,
                                     uint32_t fromFile, bool &failed) {
  failed = false;
  std::vector<std::string> bases = searchPath;
  if (level > 0) {
    auto folder = folders.find(fromFile);
    if (folder == folders.end())
      return nullptr;
    // Each dot after the first is a folder up: from `.`, a real one.
    fs::path base(folder->second);
    if (level > 1) {
      std::error_code ec;
      base = fs::absolute(base, ec).lexically_normal();
      if (base.filename().empty())
        base = base.parent_path();
      for (unsigned i = 1; i < level; ++i) {
        if (base == base.root_path())
          return nullptr;
        base = base.parent_path();
      }
    }
    bases = {base.string()};
  }
  std::string found = find(bases, splitDotted(name));
  if (found.empty())
    return nullptr;
  bool isNamespace = found.back() == '/';
  std::error_code ec;
  std::string key = fs::weakly_canonical(found, ec).string();
  if (ec)
    key = found;
  if (isNamespace && key.back() != '/')
    key += '/';
  if (auto it = modules.find(key); it != modules.end())
    return it->second.get();

  std::unique_ptr<Module> module;
  if (isNamespace) {
    // No file: a scope that only its submodules fill.
    module = std::make_unique<Module>();
    module->fileId = sources.addBuffer(found, "");
    folders[module->fileId] = found.substr(0, found.size() - 1);
  } else {
    std::string error;
    std::optional<uint32_t> id = sources.addFile(found, error);
    if (!id) {
      diags.error(SourceLoc{}, error);
      failed = true;
      return nullptr;
    }
    files.push_back(found);
    module = parseModule(sources, *id, diags);
    if (!module) {
      failed = true;
      return nullptr;
    }
    folders[*id] = folderOf(found);
  }
  const Module *result = module.get();
  modules[key] = std::move(module);
  return result;
}
