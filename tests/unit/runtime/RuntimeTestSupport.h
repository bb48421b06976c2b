//===- RuntimeTestSupport.h - Kernels on disk for the tests -----*- C++ -*-===//
//
// Metadata documents (the add_kernel of docs/metadata.md and variations),
// fake images whose hash matches, and a fresh temporary folder per test:
// what the runtime's unit tests load without a driver.
//
//===----------------------------------------------------------------------===//

#ifndef GLUONC_TESTS_UNIT_RUNTIME_RUNTIMETESTSUPPORT_H
#define GLUONC_TESTS_UNIT_RUNTIME_RUNTIMETESTSUPPORT_H

#include "gluonc/runtime/gluonrt.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

namespace runtime_test {

namespace fs = std::filesystem;
using nlohmann::json;

/// A fresh folder under $TMPDIR (or /tmp), removed with its contents.
class TempDir {
public:
  TempDir() {
    const char *base = std::getenv("TMPDIR");
    std::string pattern =
        std::string(base && *base ? base : "/tmp") + "/gluonrt-test-XXXXXX";
    std::vector<char> buffer(pattern.begin(), pattern.end());
    buffer.push_back('\0');
    REQUIRE(mkdtemp(buffer.data()) != nullptr);
    path = buffer.data();
  }
  ~TempDir() {
    std::error_code ignored;
    fs::remove_all(path, ignored);
  }
  std::string file(const std::string &name) const { return path + "/" + name; }

  std::string path;
};

inline void writeFile(const std::string &path, const std::string &contents) {
  std::ofstream file(path, std::ios::binary);
  file << contents;
  REQUIRE(file.good());
}

inline std::string sha256Hex(const std::string &bytes) {
  char hex[65];
  gluonrt_sha256_hex(bytes.data(), bytes.size(), hex);
  return hex;
}

inline const std::string FakeImage = "not really a cubin, but its hash matches";

inline json pointerParam(const std::string &name, unsigned offset,
                         unsigned divisibility) {
  return {{"alignment", 8},
          {"divisibility", divisibility},
          {"element_type", "fp32"},
          {"kind", "pointer"},
          {"name", name},
          {"offset", offset},
          {"size", 8},
          {"type", "*fp32"}};
}

inline json scalarParam(const std::string &name, const std::string &type,
                        unsigned size, unsigned offset, unsigned divisibility) {
  return {{"alignment", size}, {"divisibility", divisibility},
          {"kind", "scalar"},  {"name", name},
          {"offset", offset},  {"size", size},
          {"type", type}};
}

/// The add_kernel document of docs/metadata.md, for FakeImage, with
/// `n: i32` divisible by `nDivisibility`.
inline json addKernelDocument(unsigned nDivisibility = 16) {
  return {
      {"compiler",
       {{"assembler", "nvJitLink 13.0"},
        {"llvm_version", "22.1.8"},
        {"name", "gluonc"},
        {"version", "0.1.0"}}},
      {"constexprs",
       {{"BLOCK", 1024},
        {"EVEN", true},
        {"layout", "gl.BlockedLayout([4], [32], [4], [0])"}}},
      {"entry", "add_kernel"},
      {"image",
       {{"file", "add_kernel.sm_90a.cubin"},
        {"format", "cubin"},
        {"sha256", sha256Hex(FakeImage)},
        {"size", FakeImage.size()}}},
      {"launch",
       {{"block_dims", {128, 1, 1}},
        {"cluster_dims", {1, 1, 1}},
        {"num_ctas", 1},
        {"num_warps", 4},
        {"shared_bytes", 0},
        {"shared_static_bytes", 0}}},
      {"params",
       {pointerParam("x_ptr", 0, 16), pointerParam("y_ptr", 8, 16),
        pointerParam("out_ptr", 16, 16),
        scalarParam("n", "i32", 4, 24, nDivisibility)}},
      {"partitions", json::array()},
      {"resources",
       {{"barriers", 0},
        {"local_bytes", 0},
        {"registers", 16},
        {"spill_loads", 0},
        {"spill_stores", 0}}},
      {"schema", "gluonc.kernel/1"},
      {"scratch", {{"global_alignment", 1}, {"global_bytes", 0}}},
      {"source",
       {{"kernel", "add_kernel"},
        {"path", "samples/vector_add.py"},
        {"sha256", std::string(64, '0')}}},
      {"target",
       {{"arch", "sm_90a"},
        {"backend", "nvidia"},
        {"ptx_version", "8.7"},
        {"warp_size", 32}}},
  };
}

/// Writes the document and its image into `dir`; returns the JSON's path.
/// The image goes where the document says, or to the default name if the
/// document (deliberately) lacks image.file.
inline std::string writeKernel(const TempDir &dir, const json &document,
                               const std::string &image = FakeImage) {
  std::string imageFile = "add_kernel.sm_90a.cubin";
  if (document.is_object() && document.contains("image") &&
      document["image"].contains("file") &&
      document["image"]["file"].is_string())
    imageFile = document["image"]["file"].get<std::string>();
  if (imageFile.front() != '/')
    writeFile(dir.file(imageFile), image);
  std::string jsonPath = dir.file("kernel.json");
  writeFile(jsonPath, document.dump(1));
  return jsonPath;
}

/// Loads metadata only; returns the status and keeps the message.
inline gluonrt_status loadMetadata(const std::string &jsonPath,
                                   gluonrt_kernel **kernel = nullptr) {
  gluonrt_kernel *loaded = nullptr;
  gluonrt_status status = gluonrt_metadata_load(jsonPath.c_str(), &loaded);
  if (kernel)
    *kernel = loaded;
  else
    gluonrt_kernel_unload(loaded);
  return status;
}

inline std::string lastError() { return gluonrt_last_error(); }

/// Owns a kernel loaded with gluonrt_metadata_load.
struct MetadataKernel {
  explicit MetadataKernel(const json &document) {
    std::string path = writeKernel(dir, document);
    gluonrt_status status = gluonrt_metadata_load(path.c_str(), &kernel);
    INFO(lastError());
    REQUIRE(status == GLUONRT_SUCCESS);
  }
  ~MetadataKernel() { gluonrt_kernel_unload(kernel); }

  TempDir dir;
  gluonrt_kernel *kernel = nullptr;
};

} // namespace runtime_test

#endif // GLUONC_TESTS_UNIT_RUNTIME_RUNTIMETESTSUPPORT_H
