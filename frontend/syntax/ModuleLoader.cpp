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

FileModuleLoader::Found FileModuleLoader::probePath(const std::string &path) {
  std::error_code ec;
  fs::file_status status = fs::status(path, ec);
  if (ec || !fs::exists(status))
    return Found::None;
  if (fs::is_regular_file(status))
    return Found::File;
  return fs::is_directory(status) ? Found::Folder : Found::Other;
}

std::optional<FileModuleLoader::Found>
FileModuleLoader::probe(const std::string &path) {
  if (auto known = probes.find(path); known != probes.end())
    return known->second;
  if (probes.size() >= kMaxImportProbes)
    return std::nullopt;
  return probes[path] = probePath(path);
}

std::optional<std::string>
FileModuleLoader::find(const std::vector<std::string> &bases,
                       const std::vector<std::string> &parts) {
  std::string searchKey;
  for (const std::string &text : bases)
    searchKey += text + '\0';
  for (const std::string &text : parts)
    searchKey += '\1' + text;
  if (auto known = searches.find(searchKey); known != searches.end())
    return known->second;
  // A file of the current folder is named as `lib/x.py`, not `./lib/x.py`.
  auto under = [&](const std::string &base) {
    fs::path path = base == "." ? fs::path() : fs::path(base);
    for (const std::string &part : parts)
      path /= part;
    return path;
  };
  // A FIFO or device where a module would be is found, so that reading it
  // says what it is.
  auto isModule = [](Found found) {
    return found == Found::File || found == Found::Other;
  };
  std::optional<std::string> result = "";
  for (const std::string &base : bases) {
    fs::path path = under(base);
    std::optional<Found> package = probe((path / "__init__.py").string());
    if (package && isModule(*package)) {
      result = (path / "__init__.py").string();
      break;
    }
    std::optional<Found> module =
        parts.empty() ? Found::None : probe(path.string() + ".py");
    if (!package || !module) {
      result = std::nullopt;
      break;
    }
    if (isModule(*module)) {
      result = path.string() + ".py";
      break;
    }
  }
  for (size_t i = 0; result && result->empty() && i < bases.size(); ++i) {
    fs::path path = under(bases[i]);
    if (path.empty())
      path = ".";
    std::optional<Found> folder = probe(path.string());
    if (!folder)
      result = std::nullopt;
    else if (*folder == Found::Folder)
      result = path.string() + "/";
  }
  if (result)
    searches[searchKey] = *result;
  return result;
}

const Module *FileModuleLoader::load(const std::string &name, unsigned level,
                                     SourceLoc from, bool &failed) {
  failed = false;
  std::vector<std::string> bases = searchPath;
  if (level > 0) {
    auto folder = folders.find(from.fileId);
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
  std::optional<std::string> searched = find(bases, splitDotted(name));
  if (!searched) {
    diags.error(from, "the import of '" + name +
                          "' gives up: this compile's "
                          "imports have looked at " +
                          std::to_string(kMaxImportProbes) +
                          " paths (fewer imports or -I folders)");
    failed = true;
    return nullptr;
  }
  std::string found = *searched;
  if (found.empty())
    return nullptr;
  fs::path foundPath(found);
  componentsWalked += size_t(std::distance(foundPath.begin(), foundPath.end()));
  if (componentsWalked > kMaxImportPathComponents) {
    diags.error(from, "the import of '" + name.substr(0, 64) +
                          "' gives up: this compile's imports have walked " +
                          std::to_string(kMaxImportPathComponents) +
                          " path components (packages nested too deeply)");
    failed = true;
    return nullptr;
  }
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
      diags.error(from, error);
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
