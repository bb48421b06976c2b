//===- Metadata.h - The kernel's launch metadata (JSON) ---------*- C++ -*-===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Writes `<kernel>.<arch>.json` in the `gluonc.kernel/1` schema described in
// docs/metadata.md: everything a loader needs to launch the image without
// the source. Keys are sorted and nothing depends on time or place.
//
//===----------------------------------------------------------------------===//

#ifndef GLUONC_DRIVER_METADATA_H
#define GLUONC_DRIVER_METADATA_H

#include "gluonc/Frontend/Frontend.h"
#include "gluonc/Pipeline/Target.h"
#include "gluonc/Plan/TaskPlan.h"
#include "gluonc/Transforms/SharedMemory.h"

#include <string>
#include <utility>
#include <vector>

namespace gluonc {

constexpr const char *kMetadataSchema = "gluonc.kernel/1";
constexpr const char *kIndexSchema = "gluonc.index/1";

/// A container of several architectures' images (Target::packImages).
struct PackedImages {
  std::string backend;
  /// "fatbin", "hipfb"; also the file extension.
  std::string format;
  /// The file name, relative to the metadata files.
  std::string file;
  std::string bytes;
  /// The tool that wrote it ("fatbinary", "gluonc").
  std::string packer;
  /// The arch whose PTX it holds for the driver to compile; "" if none.
  std::string ptxArch;
  /// The architectures it holds, in --arch order.
  std::vector<std::string> archs;
};

struct MetadataInput {
  std::string compilerVersion;
  /// The MLIR stages' passes in MLIR's textual syntax, stage by stage, when
  /// a pipeline file or --insert-passes changed them; empty otherwise.
  std::vector<std::pair<std::string, std::string>> pipeline;
  /// The plugins loaded (Pipeline/Plugins.h): file name, name, version and
  /// entry point.
  struct Plugin {
    std::string file, name, version, entryPoint;
  };
  std::vector<Plugin> plugins;
  std::string llvmVersion;
  /// The source path as recorded: relative, never absolute.
  std::string sourcePath;
  std::string sourceText;
  std::string kernelName;
  std::string entry;
  std::string backend;
  std::string arch;
  unsigned warpSize = 32;
  unsigned numWarps = 4;
  /// The image's file name, relative to the metadata file.
  std::string imageFile;
  /// The container that holds the image, when one is written: the
  /// metadata then names it as the image to load.
  const PackedImages *container = nullptr;
  /// Dynamic shared memory to pass at launch.
  int64_t sharedBytes = 0;
  /// Where the allocations went; none listed when null.
  const SharedMemoryPlan *sharedMemory = nullptr;
  /// The async tasks' warps and registers; `partitions` is empty when
  /// null. numWarps is then the plan's total.
  const TaskPlan *tasks = nullptr;
  /// The warp-pipelined loops; `schedule` is left out when null or empty.
  const std::vector<LoopSchedule> *schedules = nullptr;
  std::vector<KernelParam> params;
  std::vector<std::pair<std::string, std::string>> constexprs;
  const CodegenResult *codegen = nullptr;
};

/// The metadata document, pretty-printed with sorted keys and a trailing
/// newline.
std::string buildMetadataJSON(const MetadataInput &input);

/// One architecture's metadata file, as the index lists it.
struct IndexEntry {
  std::string arch;
  std::string backend;
  std::string metadataFile;
};

/// The index of one kernel's compile for several architectures
/// (docs/metadata.md, schema "gluonc.index/1"): each arch's metadata file
/// and the containers.
std::string buildIndexJSON(const std::string &kernelName,
                           const std::string &entry,
                           const std::vector<IndexEntry> &archs,
                           const std::vector<PackedImages> &containers);

/// Lowercase hex SHA-256 of `bytes`.
std::string sha256Hex(llvm::StringRef bytes);

/// The path to record for a source file: as given when relative, else its
/// file name, so that artifacts do not depend on where they were built.
std::string relativeSourcePath(const std::string &path);

} // namespace gluonc

#endif // GLUONC_DRIVER_METADATA_H
