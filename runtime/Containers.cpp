//===- Containers.cpp - One arch's image out of a fatbin or bundle --------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "Containers.h"

#include <fmt/core.h>

#include <cstring>

namespace gluonrt {

namespace {

template <typename T>
bool readAt(const std::vector<uint8_t> &bytes, uint64_t offset, T &value) {
  if (offset > bytes.size() || bytes.size() - offset < sizeof(T))
    return false;
  std::memcpy(&value, bytes.data() + offset, sizeof(T));
  return true;
}

constexpr uint32_t FatbinMagic = 0xBA55ED50;
constexpr uint16_t FatbinKindPTX = 1;
constexpr uint16_t FatbinKindCubin = 2;
constexpr uint64_t FatbinArchSpecific = 0x100000;

} // namespace

bool extractFatbinImage(const std::vector<uint8_t> &fatbin,
                        const CudaArch &arch, bool usePTX,
                        std::vector<uint8_t> &image, std::string &error) {
  uint32_t magic = 0;
  uint16_t headerBytes = 0;
  uint64_t bodyBytes = 0;
  if (!readAt(fatbin, 0, magic) || magic != FatbinMagic ||
      !readAt(fatbin, 6, headerBytes) || !readAt(fatbin, 8, bodyBytes) ||
      headerBytes > fatbin.size() || bodyBytes != fatbin.size() - headerBytes) {
    error = "not a fat binary gluonc writes (bad header)";
    return false;
  }
  uint32_t capability = arch.major * 10 + arch.minor;
  uint64_t offset = headerBytes;
  while (offset < fatbin.size()) {
    uint16_t kind = 0;
    uint32_t entryHeader = 0, compressed = 0, entryArch = 0;
    uint64_t size = 0, flags = 0;
    if (!readAt(fatbin, offset, kind) ||
        !readAt(fatbin, offset + 4, entryHeader) ||
        !readAt(fatbin, offset + 8, size) ||
        !readAt(fatbin, offset + 0x10, compressed) ||
        !readAt(fatbin, offset + 0x1c, entryArch) ||
        !readAt(fatbin, offset + 0x28, flags) || entryHeader < 0x40 ||
        entryHeader > fatbin.size() - offset ||
        size > fatbin.size() - offset - entryHeader) {
      error = fmt::format("a fat binary entry at byte {} runs past the end",
                          offset);
      return false;
    }
    uint64_t start = offset + entryHeader;
    bool archSpecific = (flags & FatbinArchSpecific) != 0;
    bool wanted = entryArch == capability &&
                  archSpecific == (arch.suffix == 'a') &&
                  kind == (usePTX ? FatbinKindPTX : FatbinKindCubin);
    if (wanted) {
      if (compressed) {
        error = fmt::format("the fat binary's entry for {} is compressed",
                            cudaArchName(arch.major, arch.minor));
        return false;
      }
      image.assign(fatbin.begin() + start, fatbin.begin() + start + size);
      // PTX ends in a NUL and padding; the driver reads it as a string.
      if (usePTX && (image.empty() || image.back() != 0))
        image.push_back(0);
      return true;
    }
    offset = start + size;
  }
  error =
      fmt::format("the fat binary has no {} for {}{}", usePTX ? "PTX" : "cubin",
                  cudaArchName(arch.major, arch.minor),
                  arch.suffix ? std::string(1, arch.suffix) : "");
  return false;
}

bool extractBundleImage(const std::vector<uint8_t> &bundle,
                        const std::string &id, std::vector<uint8_t> &image,
                        std::string &error) {
  static const char Magic[] = "__CLANG_OFFLOAD_BUNDLE__";
  constexpr size_t MagicBytes = sizeof(Magic) - 1;
  uint64_t count = 0;
  if (bundle.size() < MagicBytes ||
      std::memcmp(bundle.data(), Magic, MagicBytes) != 0 ||
      !readAt(bundle, MagicBytes, count)) {
    error = "not a clang offload bundle";
    return false;
  }
  uint64_t offset = MagicBytes + 8;
  for (uint64_t i = 0; i < count; ++i) {
    uint64_t start = 0, size = 0, idBytes = 0;
    if (!readAt(bundle, offset, start) || !readAt(bundle, offset + 8, size) ||
        !readAt(bundle, offset + 16, idBytes) ||
        idBytes > bundle.size() - offset - 24) {
      error = fmt::format("the bundle's entry {} runs past the end", i);
      return false;
    }
    std::string entry(bundle.begin() + offset + 24,
                      bundle.begin() + offset + 24 + idBytes);
    offset += 24 + idBytes;
    if (entry != id)
      continue;
    if (start > bundle.size() || size > bundle.size() - start) {
      error =
          fmt::format("the bundle's code object for {} runs past the end", id);
      return false;
    }
    image.assign(bundle.begin() + start, bundle.begin() + start + size);
    return true;
  }
  error = fmt::format("the bundle has no code object {}", id);
  return false;
}

} // namespace gluonrt
