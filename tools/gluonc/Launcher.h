//===- Launcher.h - --emit launcher: a C launcher per kernel ----*- C++ -*-===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// `--emit launcher` writes <name>.launcher.h and <name>.launcher.c: typed C
// functions that load the kernel (from images embedded in the .c, or from
// the files gluonc wrote) and launch it through libgluonrt, returning a
// gluonrt_status and never exiting. Triton AOT's .c/.h pair, but every
// arch of the compile is embedded and the device's is picked at load time
// (gluonrt_kernel_load_embedded).
//
//===----------------------------------------------------------------------===//

#ifndef GLUONC_DRIVER_LAUNCHER_H
#define GLUONC_DRIVER_LAUNCHER_H

#include "gluonc/Frontend/Frontend.h"

#include <map>
#include <string>
#include <utility>
#include <vector>

namespace gluonc::driver {

struct LauncherInput {
  /// The C functions' prefix: <name>_load, <name>_launch, ...
  std::string name;
  std::string kernelName;
  std::string sourcePath;
  std::string compilerVersion;
  unsigned numWarps = 4;
  /// The run-time parameters, in order.
  std::vector<KernelParam> params;
  /// Each constexpr and its value, for the header's comment.
  std::vector<std::pair<std::string, std::string>> constexprs;
  struct Arch {
    std::string arch;
    std::string metadataJSON;
    /// The file its metadata's image.file names (a key of `images`).
    std::string imageFile;
  };
  std::vector<Arch> archs;
  /// The bytes of each image file, embedded once each.
  std::map<std::string, std::string> images;
};

/// `name` as a C identifier: other characters become '_', and a leading
/// digit gets one before it.
std::string toCIdentifier(const std::string &name);

/// The launcher's header, <name>.launcher.h.
std::string buildLauncherHeader(const LauncherInput &input);

/// The launcher's source, <name>.launcher.c; it includes the header.
std::string buildLauncherSource(const LauncherInput &input);

} // namespace gluonc::driver

#endif // GLUONC_DRIVER_LAUNCHER_H
