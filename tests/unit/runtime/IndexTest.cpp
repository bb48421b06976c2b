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
