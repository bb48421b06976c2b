//===- Plugin.h - gluonc's plugin entry point -------------------*- C++ -*-===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// What a plugin library defines for gluonc to load it (--load-pass-plugin,
// --load-dialect-plugin, GLUONC_PLUGIN_PATHS): one C function returning a
// GluoncPluginInfo, as MLIR's mlirGetPassPluginInfo returns its
// PassPluginLibraryInfo, with the versions the plugin was built against so
// that gluonc refuses a plugin of another plugin API or another LLVM
// instead of running it. gluonc also loads MLIR's own pass and dialect
// plugins (mlirGetPassPluginInfo, mlirGetDialectPluginInfo).
//
//   extern "C" GLUONC_PLUGIN_EXPORT GluoncPluginInfo gluoncGetPluginInfo() {
//     return {GLUONC_PLUGIN_API_VERSION, LLVM_VERSION_STRING, "my-passes",
//             "1.0", [] { registerMyPasses(); }, nullptr};
//   }
//
// A plugin links no MLIR, LLVM or gluonc library: it calls those in the
// gluonc that loads it, which exports them (tools/gluonc/plugin-exports.txt),
// so that one copy of each type ID and registry exists.
//
//===----------------------------------------------------------------------===//

#ifndef GLUONC_PLUGIN_PLUGIN_H
#define GLUONC_PLUGIN_PLUGIN_H

#include <cstdint>

namespace mlir {
class DialectRegistry;
} // namespace mlir

/// Raised when GluoncPluginInfo or what gluonc promises plugins changes.
#define GLUONC_PLUGIN_API_VERSION 1

#define GLUONC_PLUGIN_EXPORT __attribute__((visibility("default")))

extern "C" {
struct GluoncPluginInfo {
  /// GLUONC_PLUGIN_API_VERSION of the headers the plugin was built with.
  uint32_t apiVersion;
  /// LLVM_VERSION_STRING of the LLVM the plugin was built with: gluonc
  /// loads only plugins of its own LLVM.
  const char *llvmVersion;
  const char *pluginName;
  const char *pluginVersion;
  /// Registers the plugin's passes (mlir::registerPass, PassRegistration);
  /// may be null.
  void (*registerPasses)();
  /// Adds the plugin's dialects to the registry of every compile; may be
  /// null.
  void (*registerDialects)(mlir::DialectRegistry *registry);
};
}

#endif // GLUONC_PLUGIN_PLUGIN_H
