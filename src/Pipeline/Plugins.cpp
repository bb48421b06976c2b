//===- Plugins.cpp - Loading pass and dialect plugins ---------------------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// A plugin is checked in three steps. The file first, before any of its
// code runs (its static constructors run at dlopen): it must be an ELF
// shared object, and in a self-contained gluonc (LLVM and MLIR linked in,
// no libMLIR loaded) it must not need libMLIR or libLLVM, whose second copy
// would register every command-line option and type ID again. Then dlopen
// with every symbol bound at once (RTLD_NOW), so that a symbol this gluonc
// does not export is an error here, not a crash mid-compile. Then the entry
// point and its versions.
//
//===----------------------------------------------------------------------===//

#include "gluonc/Pipeline/Plugins.h"

#include "gluonc/Plugin/Plugin.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/Plugins/DialectPlugin.h"
#include "mlir/Tools/Plugins/PassPlugin.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Object/ELFObjectFile.h"
#include "llvm/Support/FileSystem.h"

#include <cstring>
#include <dlfcn.h>
#include <link.h>

using namespace gluonc;

namespace {

struct PluginState {
  std::vector<LoadedPlugin> plugins;
  std::vector<void (*)(mlir::DialectRegistry *)> gluoncDialects;
  std::vector<void (*)(mlir::DialectRegistry *)> mlirDialects;
};

PluginState &getState() {
  static PluginState state;
  return state;
}

/// Whether libMLIR is a shared library of this process (the usual gluonc)
/// rather than linked into it (gluonc-static).
bool hasSharedMLIR() {
  static const bool shared = [] {
    bool found = false;
    dl_iterate_phdr(
        [](dl_phdr_info *info, size_t, void *data) {
          if (info->dlpi_name &&
              llvm::StringRef(info->dlpi_name).contains("libMLIR"))
            *static_cast<bool *>(data) = true;
          return 0;
        },
        &found);
    return found;
  }();
  return shared;
}

/// The problem with the file at `path` as a plugin of this gluonc, read
/// without running it; "" when none shows.
std::string checkFile(const std::string &path) {
  if (!llvm::sys::fs::is_regular_file(path))
    return "no such file";
  auto object = llvm::object::ObjectFile::createObjectFile(path);
  if (!object) {
    llvm::consumeError(object.takeError());
    return "not a shared library (not an object file)";
  }
  auto *elf =
      llvm::dyn_cast<llvm::object::ELFObjectFileBase>(object->getBinary());
  if (!elf || elf->getEType() != ET_DYN) // <elf.h>'s macro
    return "not a shared library (an ELF shared object is needed)";
  if (hasSharedMLIR())
    return "";
  for (const llvm::object::SectionRef &section : elf->sections()) {
    llvm::Expected<llvm::StringRef> name = section.getName();
    if (!name || *name != ".dynstr") {
      if (!name)
        llvm::consumeError(name.takeError());
      continue;
    }
    llvm::Expected<llvm::StringRef> names = section.getContents();
    if (!names) {
      llvm::consumeError(names.takeError());
      continue;
    }
    for (llvm::StringRef library : {"libMLIR", "libLLVM"})
      if (names->contains(library))
        return "it needs " + library.str() +
               ".so, but this gluonc has LLVM and MLIR linked in: a second "
               "copy would register every option and type ID again. Link "
               "the plugin against no LLVM or MLIR library (this gluonc "
               "exports what plugins call; see docs/pipeline.md)";
  }
  return "";
}

template <typename Fn> Fn lookup(void *handle, const char *symbol) {
  return reinterpret_cast<Fn>(dlsym(handle, symbol));
}

/// Registers what gluonc's entry point brings; the problem, or "".
std::string loadGluoncPlugin(GluoncPluginInfo (*entry)(), PluginKind kind,
                             LoadedPlugin &plugin) {
  GluoncPluginInfo info = entry();
  std::string theirs = "plugin API " + std::to_string(info.apiVersion) +
                       " and LLVM " +
                       (info.llvmVersion ? info.llvmVersion : "(none)");
  std::string ours = "plugin API " + std::to_string(GLUONC_PLUGIN_API_VERSION) +
                     " and LLVM " LLVM_VERSION_STRING;
  if (info.apiVersion != GLUONC_PLUGIN_API_VERSION || !info.llvmVersion ||
      std::strcmp(info.llvmVersion, LLVM_VERSION_STRING) != 0)
    return "it was built for " + theirs + "; this gluonc has " + ours +
           ": rebuild it against this gluonc";
  if (kind == PluginKind::Pass && !info.registerPasses)
    return "its gluoncGetPluginInfo registers no passes";
  if (kind == PluginKind::Dialect && !info.registerDialects)
    return "its gluoncGetPluginInfo registers no dialects";
  plugin.name = info.pluginName ? info.pluginName : "";
  plugin.version = info.pluginVersion ? info.pluginVersion : "";
  plugin.entryPoint = "gluonc";
  if (info.registerPasses)
    info.registerPasses();
  if (info.registerDialects)
    getState().gluoncDialects.push_back(info.registerDialects);
  return "";
}

/// Reads an MLIR entry point's info (PassPluginLibraryInfo or
/// DialectPluginLibraryInfo) into `plugin`; the problem, or "".
template <typename Info>
std::string readMLIRInfo(const Info &info, const char *entryPoint,
                         LoadedPlugin &plugin) {
  if (info.apiVersion != MLIR_PLUGIN_API_VERSION)
    return "it was built for MLIR plugin API " +
           std::to_string(info.apiVersion) + "; this gluonc has " +
           std::to_string(MLIR_PLUGIN_API_VERSION);
  plugin.name = info.pluginName ? info.pluginName : "";
  plugin.version = info.pluginVersion ? info.pluginVersion : "";
  plugin.entryPoint = entryPoint;
  return "";
}

} // namespace

std::string gluonc::loadPlugin(const std::string &path, PluginKind kind) {
  PluginState &state = getState();
  for (const LoadedPlugin &loaded : state.plugins)
    if (loaded.path == path)
      return "";
  auto fail = [&](const std::string &why) {
    return "cannot load plugin '" + path + "': " + why;
  };
  if (std::string problem = checkFile(path); !problem.empty())
    return fail(problem);
  // Every symbol now, so that one this gluonc lacks fails here. The
  // library stays loaded for the process: its passes live in registries.
  void *handle = dlopen(path.c_str(), RTLD_NOW | RTLD_GLOBAL);
  if (!handle)
    return fail(dlerror());

  LoadedPlugin plugin;
  plugin.path = path;
  if (auto gluoncEntry =
          lookup<GluoncPluginInfo (*)()>(handle, "gluoncGetPluginInfo")) {
    if (std::string problem = loadGluoncPlugin(gluoncEntry, kind, plugin);
        !problem.empty())
      return fail(problem);
    state.plugins.push_back(plugin);
    return "";
  }
  auto passEntry = kind == PluginKind::Dialect
                       ? nullptr
                       : lookup<mlir::PassPluginLibraryInfo (*)()>(
                             handle, "mlirGetPassPluginInfo");
  auto dialectEntry = kind == PluginKind::Pass
                          ? nullptr
                          : lookup<mlir::DialectPluginLibraryInfo (*)()>(
                                handle, "mlirGetDialectPluginInfo");
  if (dialectEntry) {
    mlir::DialectPluginLibraryInfo info = dialectEntry();
    if (std::string problem = readMLIRInfo(info, "mlir-dialect", plugin);
        !problem.empty())
      return fail(problem);
    state.mlirDialects.push_back(info.registerDialectRegistryCallbacks);
  } else if (passEntry) {
    mlir::PassPluginLibraryInfo info = passEntry();
    if (std::string problem = readMLIRInfo(info, "mlir-pass", plugin);
        !problem.empty())
      return fail(problem);
    info.registerPassRegistryCallbacks();
  } else {
    const char *wanted = kind == PluginKind::Pass
                             ? "gluoncGetPluginInfo or mlirGetPassPluginInfo"
                         : kind == PluginKind::Dialect
                             ? "gluoncGetPluginInfo or mlirGetDialectPluginInfo"
                             : "gluoncGetPluginInfo, mlirGetPassPluginInfo or "
                               "mlirGetDialectPluginInfo";
    return fail(std::string("not a plugin: it defines none of ") + wanted);
  }
  state.plugins.push_back(plugin);
  return "";
}

const std::vector<LoadedPlugin> &gluonc::getLoadedPlugins() {
  return getState().plugins;
}

void gluonc::addPluginDialects(mlir::DialectRegistry &registry) {
  for (auto registerDialects : getState().gluoncDialects)
    registerDialects(&registry);
  for (auto registerDialects : getState().mlirDialects)
    registerDialects(&registry);
}
