//===- Plugins.h - Loading pass and dialect plugins -------------*- C++ -*-===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Loads plugin libraries at the paths given (--load-pass-plugin,
// --load-dialect-plugin, GLUONC_PLUGIN_PATHS), exactly as given: nothing is
// searched and nothing loads unless asked. A plugin defines gluonc's entry
// point (gluonc/Plugin/Plugin.h) or MLIR's (mlirGetPassPluginInfo,
// mlirGetDialectPluginInfo); its passes are registered by name, for a
// pipeline file or --insert-passes to run, and its dialects join every
// compile's context. A library that cannot work with this gluonc is refused
// before it runs any code of its own where that can be told from the file
// (not ELF, a second MLIR or LLVM), else at load with the reason (a
// symbol this gluonc lacks, no entry point, another plugin API or LLVM).
//
//===----------------------------------------------------------------------===//

#ifndef GLUONC_PIPELINE_PLUGINS_H
#define GLUONC_PIPELINE_PLUGINS_H

#include <string>
#include <vector>

namespace mlir {
class DialectRegistry;
} // namespace mlir

namespace gluonc {

/// What a plugin may bring: --load-pass-plugin asks for passes,
/// --load-dialect-plugin for dialects, GLUONC_PLUGIN_PATHS for either.
enum class PluginKind { Pass, Dialect, Any };

struct LoadedPlugin {
  std::string path;
  std::string name;
  std::string version;
  /// The entry point it was loaded through: "gluonc", "mlir-pass" or
  /// "mlir-dialect".
  std::string entryPoint;
};

/// Loads the plugin at `path` and registers what it brings; the problem,
/// or "" when it loaded (loading one path twice loads it once).
std::string loadPlugin(const std::string &path, PluginKind kind);

/// The plugins loaded so far, in order.
const std::vector<LoadedPlugin> &getLoadedPlugins();

/// Adds every loaded plugin's dialects to `registry`.
void addPluginDialects(mlir::DialectRegistry &registry);

} // namespace gluonc

#endif // GLUONC_PIPELINE_PLUGINS_H
