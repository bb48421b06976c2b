// The index of a multi-arch compile (gluonc.index/1): parsing, and which
// arch a device gets.

#include "Arch.h"
#include "Metadata.h"

#include <catch2/catch.hpp>

#include <cstring>

using namespace gluonrt;

namespace {

gluonrt_device_info cudaDevice(int major, int minor) {
  gluonrt_device_info info{};
  info.major = major;
  info.minor = minor;
  std::string arch = cudaArchName(major, minor);
  std::strncpy(info.arch, arch.c_str(), sizeof(info.arch) - 1);
  return info;
}

IndexMetadata parse(const std::string &text) {
  IndexMetadata index;
  REQUIRE(parseIndex(text, "/tmp/k.index.json", index) == GLUONRT_SUCCESS);
  return index;
}

const char *const kIndex = R"({
  "containers": [{"archs": ["sm_80", "sm_90"], "backend": "nvidia",
                  "file": "k.fatbin", "format": "fatbin", "ptx_arch": "sm_90"}],
  "entry": "k", "kernel": "k",
  "kernels": [
    {"arch": "sm_80", "backend": "nvidia", "metadata": "k.sm_80.json"},
    {"arch": "sm_90", "backend": "nvidia", "metadata": "k.sm_90.json"},
    {"arch": "sm_90a", "backend": "nvidia", "metadata": "k.sm_90a.json"},
    {"arch": "gfx942", "backend": "amd", "metadata": "k.gfx942.json"}],
  "schema": "gluonc.index/1"})";

} // namespace

TEST_CASE("PTX compiles for its capability and later ones", "[index]") {
  CudaArch plain, specific, family;
  REQUIRE(parseCudaArch("sm_90", plain));
  REQUIRE(parseCudaArch("sm_90a", specific));
  REQUIRE(parseCudaArch("sm_100f", family));
  CHECK(cudaPtxCompilesFor(plain, 9, 0));
  CHECK(cudaPtxCompilesFor(plain, 10, 0));
  CHECK(cudaPtxCompilesFor(plain, 12, 0));
  CHECK(!cudaPtxCompilesFor(plain, 8, 9));
  CHECK(cudaPtxCompilesFor(specific, 9, 0));
  CHECK(!cudaPtxCompilesFor(specific, 10, 0));
  CHECK(cudaPtxCompilesFor(family, 10, 3));
  CHECK(!cudaPtxCompilesFor(family, 12, 0));
}

TEST_CASE("An index gives each device its arch", "[index]") {
  IndexMetadata index = parse(kIndex);
  REQUIRE(index.entries.size() == 4);
  CHECK(index.directory == "/tmp");
  CHECK(index.entries[0].ptxArch == "sm_90");
  CHECK(index.entries[2].ptxArch.empty());
  auto pick = [&](gluonrt_backend backend, const gluonrt_device_info &info) {
    int picked = pickIndexEntry(index, backend, info);
    return picked < 0 ? std::string("none") : index.entries[picked].arch;
  };
  // The exact capability's "a" arch, over the plain one.
  CHECK(pick(GLUONRT_BACKEND_NVIDIA, cudaDevice(9, 0)) == "sm_90a");
  // A cubin of the same major and a lower minor.
  CHECK(pick(GLUONRT_BACKEND_NVIDIA, cudaDevice(8, 6)) == "sm_80");
  // No cubin runs on 10.0 or 12.0: the fat binary's sm_90 PTX does.
  CHECK(pick(GLUONRT_BACKEND_NVIDIA, cudaDevice(10, 0)) == "sm_90");
  CHECK(pick(GLUONRT_BACKEND_NVIDIA, cudaDevice(12, 0)) == "sm_90");
  // Nothing for Turing.
  CHECK(pick(GLUONRT_BACKEND_NVIDIA, cudaDevice(7, 5)) == "none");
  // AMD: the processor, whatever its features.
  gluonrt_device_info amd{};
  std::strcpy(amd.arch, "gfx942:sramecc+:xnack-");
  CHECK(pick(GLUONRT_BACKEND_AMD, amd) == "gfx942");
  std::strcpy(amd.arch, "gfx950");
  CHECK(pick(GLUONRT_BACKEND_AMD, amd) == "none");
}

TEST_CASE("Index documents are told apart and checked", "[index]") {
  CHECK(isIndexDocument(kIndex));
  CHECK(!isIndexDocument(R"({"schema": "gluonc.kernel/1"})"));
  CHECK(!isIndexDocument("not json"));
  CHECK(!isIndexDocument("[]"));
  auto error = [](const std::string &text) {
    IndexMetadata index;
    gluonrt_status status = parseIndex(text, "k.index.json", index);
    CHECK(status == GLUONRT_ERROR_INVALID_METADATA);
    return std::string(gluonrt_last_error());
  };
  CHECK(error(R"({"kernels": [], "schema": "gluonc.index/1"})") ==
        "k.index.json: kernels: must be a non-empty array");
  CHECK(error(R"({"kernels": [{"arch": "sm_90a", "backend": "intel",
        "metadata": "k.json"}], "schema": "gluonc.index/1"})") ==
        "k.index.json: kernels[0].backend: 'intel' is not a backend "
        "(nvidia, amd)");
  CHECK(error(R"({"kernels": [{"arch": "sm_90a", "backend": "nvidia",
        "metadata": "/etc/k.json"}], "schema": "gluonc.index/1"})") ==
        "k.index.json: kernels[0].metadata: '/etc/k.json' must be relative "
        "to the index's folder, without '..' components");
  CHECK(error(R"({"containers": {}, "kernels": [{"arch": "sm_90a",
        "backend": "nvidia", "metadata": "k.json"}],
        "schema": "gluonc.index/1"})") ==
        "k.index.json: containers: must be an array");
}

#include "Containers.h"

namespace {

void put(std::vector<uint8_t> &bytes, uint64_t value, size_t size) {
  for (size_t i = 0; i < size; ++i)
    bytes.push_back(i < 8 ? uint8_t(value >> (8 * i)) : 0);
}

/// A fat binary entry as backends/nvidia/Fatbin.cpp writes one (a 64-byte
/// header), its image padded to 8 bytes.
void putEntry(std::vector<uint8_t> &bytes, uint16_t kind, uint32_t arch,
              uint64_t flags, const std::string &image) {
  uint64_t padded = (image.size() + 7) / 8 * 8;
  put(bytes, kind, 2);
  put(bytes, 0x0101, 2);
  put(bytes, 64, 4);
  put(bytes, padded, 8);
  put(bytes, 0, 8);
  put(bytes, 0, 4);
  put(bytes, arch, 4);
  put(bytes, 0, 8);
  put(bytes, flags, 8);
  put(bytes, 0, 16);
  bytes.insert(bytes.end(), image.begin(), image.end());
  bytes.resize(bytes.size() + padded - image.size(), 0);
}

std::vector<uint8_t> fatbinOf(const std::vector<uint8_t> &entries) {
  std::vector<uint8_t> bytes;
  put(bytes, 0xBA55ED50, 4);
  put(bytes, 1, 2);
  put(bytes, 16, 2);
  put(bytes, entries.size(), 8);
  bytes.insert(bytes.end(), entries.begin(), entries.end());
  return bytes;
}

} // namespace

TEST_CASE("The metadata's own arch's image comes out of a fat binary",
          "[containers]") {
  std::vector<uint8_t> entries;
  putEntry(entries, 2, 80, 0x11, "cubin80");
  putEntry(entries, 2, 90, 0x11, "cubin90");
  putEntry(entries, 2, 90, 0x100011, "cubin90a");
  putEntry(entries, 1, 80, 0x11, ".version 8.0");
  std::vector<uint8_t> fatbin = fatbinOf(entries);
  auto extract = [&](const char *name, bool usePTX) {
    CudaArch arch;
    REQUIRE(parseCudaArch(name, arch));
    std::vector<uint8_t> image;
    std::string error;
    if (!extractFatbinImage(fatbin, arch, usePTX, image, error))
      return "error: " + error;
    return std::string(image.begin(), image.end());
  };
  // Padding stays (a cubin's size is in its ELF header); PTX is a string.
  CHECK(extract("sm_80", false) == std::string("cubin80\0", 8));
  CHECK(extract("sm_90", false) == std::string("cubin90\0", 8));
  CHECK(extract("sm_90a", false) == "cubin90a");
  CHECK(extract("sm_80", true) == std::string(".version 8.0\0\0\0\0", 16));
  CHECK(extract("sm_90", true) == "error: the fat binary has no PTX for sm_90");
  CHECK(extract("sm_86", false) ==
        "error: the fat binary has no cubin for sm_86");
  // Every prefix of it is refused with a message, never read past.
  for (size_t size = 0; size + 1 < fatbin.size(); size += 5) {
    std::vector<uint8_t> cut(fatbin.begin(), fatbin.begin() + size);
    CudaArch arch;
    REQUIRE(parseCudaArch("sm_90a", arch));
    std::vector<uint8_t> image;
    std::string error;
    CHECK(!extractFatbinImage(cut, arch, false, image, error));
    CHECK(!error.empty());
  }
}

TEST_CASE("A code object comes out of an offload bundle", "[containers]") {
  std::vector<uint8_t> bundle;
  std::string magic = "__CLANG_OFFLOAD_BUNDLE__";
  bundle.insert(bundle.end(), magic.begin(), magic.end());
  put(bundle, 1, 8);
  std::string id = "hipv4-amdgcn-amd-amdhsa--gfx942";
  uint64_t start = bundle.size() + 24 + id.size();
  put(bundle, start, 8);
  put(bundle, 4, 8);
  put(bundle, id.size(), 8);
  bundle.insert(bundle.end(), id.begin(), id.end());
  std::string object = "\x7f"
                       "ELF";
  bundle.insert(bundle.end(), object.begin(), object.end());
  std::vector<uint8_t> image;
  std::string error;
  REQUIRE(extractBundleImage(bundle, id, image, error));
  CHECK(std::string(image.begin(), image.end()) == object);
  CHECK(!extractBundleImage(bundle, "hipv4-amdgcn-amd-amdhsa--gfx950", image,
                            error));
  CHECK(error == "the bundle has no code object "
                 "hipv4-amdgcn-amd-amdhsa--gfx950");
  for (size_t size = 0; size < bundle.size(); ++size) {
    std::vector<uint8_t> cut(bundle.begin(), bundle.begin() + size);
    CHECK(!extractBundleImage(cut, id, image, error));
  }
}
