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
  // "arch: reason", as GLUONRT_LOG reports a pick.
  auto pick = [&](gluonrt_backend backend, const gluonrt_device_info &info) {
    IndexPick picked = pickIndexEntry(index, backend, info);
    return picked.entry < 0
               ? std::string("none")
               : index.entries[picked.entry].arch + ": " + picked.reason;
  };
  // The exact capability's "a" arch, over the plain one.
  CHECK(pick(GLUONRT_BACKEND_NVIDIA, cudaDevice(9, 0)) ==
        "sm_90a: its cubin runs there, the exact capability's 'a' arch first");
  // A cubin of the same major and a lower minor.
  CHECK(pick(GLUONRT_BACKEND_NVIDIA, cudaDevice(8, 6)) ==
        "sm_80: the newest cubin that runs there");
  // No cubin runs on 10.0 or 12.0: the fat binary's sm_90 PTX does.
  CHECK(pick(GLUONRT_BACKEND_NVIDIA, cudaDevice(10, 0)) ==
        "sm_90: no cubin runs there; the driver compiles its PTX");
  CHECK(pick(GLUONRT_BACKEND_NVIDIA, cudaDevice(12, 0)) ==
        "sm_90: no cubin runs there; the driver compiles its PTX");
  // Nothing for Turing.
  CHECK(pick(GLUONRT_BACKEND_NVIDIA, cudaDevice(7, 5)) == "none");
  // AMD: the processor, whatever its features.
  gluonrt_device_info amd{};
  std::strcpy(amd.arch, "gfx942:sramecc+:xnack-");
  CHECK(pick(GLUONRT_BACKEND_AMD, amd) == "gfx942: the device's processor");
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

TEST_CASE("Deep documents are no index, and cost no more than their checks",
          "[index]") {
  // Telling an index apart parses as parseMetadata does: the nesting limit
  // stops it at the 33rd level, before a document of millions of arrays
  // is built (the text alone is 16 MiB).
  size_t depth = (size_t(16) << 20) / 2 - 64;
  std::string deep = R"({"schema": "gluonc.index/1", "kernels": )" +
                     std::string(depth, '[') + std::string(depth, ']') + "}";
  CHECK(!isIndexDocument(deep));
  CHECK(!isIndexDocument(std::string(size_t(16) << 20, '[')));
  IndexMetadata index;
  CHECK(parseIndex(deep, "k.index.json", index) ==
        GLUONRT_ERROR_INVALID_METADATA);
  CHECK(std::string(gluonrt_last_error()).find("k.index.json: kernels[0][0]") ==
        0);
  CHECK(std::string(gluonrt_last_error())
            .find("arrays and objects nest more than 32 deep") !=
        std::string::npos);
  // A key given twice makes a document no index either.
  CHECK(!isIndexDocument(
      R"({"schema": "gluonc.index/1", "schema": "gluonc.index/1"})"));
}

TEST_CASE("Index messages quote at most a few cut entries", "[index]") {
  std::string arch(100000, 'x');
  std::string text = R"({"kernels": [{"arch": "sm_90a", "backend": ")" + arch +
                     R"(", "metadata": "k.json"}],
                     "schema": "gluonc.index/1"})";
  IndexMetadata index;
  CHECK(parseIndex(text, "k.index.json", index) ==
        GLUONRT_ERROR_INVALID_METADATA);
  CHECK(std::string(gluonrt_last_error()) ==
        "k.index.json: kernels[0].backend: '" + std::string(64, 'x') +
            "...' is not a backend (nvidia, amd)");
}

#include "Containers.h"

#include "gluonc/ABI/Containers.h"

namespace {

namespace fatbin = gluonc::abi::fatbin;
namespace bundle = gluonc::abi::offload_bundle;

template <typename Header>
void putStruct(std::vector<uint8_t> &bytes, const Header &header) {
  std::string text;
  gluonc::abi::appendStruct(text, header);
  bytes.insert(bytes.end(), text.begin(), text.end());
}

/// A fat binary entry with a plain header (no options record), its image
/// padded to 8 bytes. The writer's own bytes are pinned against
/// fatbinary's in tests/unit/backends/nvidia/FatbinTest.cpp.
void putEntry(std::vector<uint8_t> &bytes, fatbin::Kind kind, uint32_t arch,
              uint64_t flags, const std::string &image) {
  fatbin::EntryHeader header;
  header.kind = kind;
  header.imageBytes = fatbin::padded(image.size());
  header.computeCapability = arch;
  header.flags = flags;
  putStruct(bytes, header);
  bytes.insert(bytes.end(), image.begin(), image.end());
  bytes.resize(bytes.size() + header.imageBytes - image.size(), 0);
}

std::vector<uint8_t> fatbinOf(const std::vector<uint8_t> &entries) {
  fatbin::FileHeader header;
  header.bodyBytes = entries.size();
  std::vector<uint8_t> bytes;
  putStruct(bytes, header);
  bytes.insert(bytes.end(), entries.begin(), entries.end());
  return bytes;
}

} // namespace

TEST_CASE("The metadata's own arch's image comes out of a fat binary",
          "[containers]") {
  std::vector<uint8_t> entries;
  const uint64_t flags = fatbin::Flag64Bit | fatbin::FlagLinux;
  putEntry(entries, fatbin::Kind::Cubin, 80, flags, "cubin80");
  putEntry(entries, fatbin::Kind::Cubin, 90, flags, "cubin90");
  putEntry(entries, fatbin::Kind::Cubin, 90, flags | fatbin::FlagArchSpecific,
           "cubin90a");
  putEntry(entries, fatbin::Kind::PTX, 80, flags, ".version 8.0");
  std::vector<uint8_t> container = fatbinOf(entries);
  auto extract = [&](const char *name, bool usePTX) {
    CudaArch arch;
    REQUIRE(parseCudaArch(name, arch));
    std::vector<uint8_t> image;
    std::string error;
    if (!extractFatbinImage(container, arch, usePTX, image, error))
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
  // Padding never makes an image empty: a zero-size entry is one of 0
  // bytes.
  std::vector<uint8_t> emptyEntries;
  putEntry(emptyEntries, fatbin::Kind::Cubin, 80, flags, "cubin80");
  putEntry(emptyEntries, fatbin::Kind::Cubin, 90, flags, "");
  putEntry(emptyEntries, fatbin::Kind::PTX, 90, flags, "");
  container = fatbinOf(emptyEntries);
  CHECK(extract("sm_90", false) ==
        "error: the fat binary's cubin for sm_90 is empty (0 bytes)");
  CHECK(extract("sm_90", true) ==
        "error: the fat binary's PTX for sm_90 is empty (0 bytes)");
  CHECK(extract("sm_80", false) == std::string("cubin80\0", 8));
  container = fatbinOf(entries);
  // Every prefix of it is refused with a message, never read past.
  for (size_t size = 0; size + 1 < container.size(); size += 5) {
    std::vector<uint8_t> cut(container.begin(), container.begin() + size);
    CudaArch arch;
    REQUIRE(parseCudaArch("sm_90a", arch));
    std::vector<uint8_t> image;
    std::string error;
    CHECK(!extractFatbinImage(cut, arch, false, image, error));
    CHECK(!error.empty());
  }
}

TEST_CASE("A code object comes out of an offload bundle", "[containers]") {
  std::vector<uint8_t> bytes;
  bundle::FileHeader file;
  bundle::Magic.copy(file.magic, sizeof(file.magic));
  file.entryCount = 1;
  putStruct(bytes, file);
  std::string id = bundle::hipId("gfx942");
  bundle::EntryHeader entry;
  entry.offset = bytes.size() + sizeof(entry) + id.size();
  entry.bytes = 4;
  entry.idBytes = id.size();
  putStruct(bytes, entry);
  bytes.insert(bytes.end(), id.begin(), id.end());
  std::string object = "\x7f"
                       "ELF";
  bytes.insert(bytes.end(), object.begin(), object.end());
  std::vector<uint8_t> image;
  std::string error;
  REQUIRE(extractBundleImage(bytes, id, image, error));
  CHECK(std::string(image.begin(), image.end()) == object);
  CHECK(!extractBundleImage(bytes, bundle::hipId("gfx950"), image, error));
  CHECK(error == "the bundle has no code object "
                 "hipv4-amdgcn-amd-amdhsa--gfx950");
  for (size_t size = 0; size < bytes.size(); ++size) {
    std::vector<uint8_t> cut(bytes.begin(), bytes.begin() + size);
    CHECK(!extractBundleImage(cut, id, image, error));
  }
  // An empty code object is refused as a missing one is: the caller would
  // hand the driver the whole bundle otherwise.
  bundle::EntryHeader empty = entry;
  empty.bytes = 0;
  std::memcpy(bytes.data() + sizeof(file), &empty, sizeof(empty));
  CHECK(!extractBundleImage(bytes, id, image, error));
  CHECK(error == "the bundle's code object for "
                 "hipv4-amdgcn-amd-amdhsa--gfx942 is empty (0 bytes)");
}
