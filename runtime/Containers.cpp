//===- Containers.cpp - One arch's image out of a fatbin or bundle --------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "Containers.h"

#include "gluonc/ABI/Containers.h"

#include <fmt/core.h>

namespace gluonrt {

namespace fatbin = gluonc::abi::fatbin;
namespace bundle = gluonc::abi::offload_bundle;
using gluonc::abi::readStruct;

bool extractFatbinImage(const std::vector<uint8_t> &bytes, const CudaArch &arch,
                        bool usePTX, std::vector<uint8_t> &image,
                        std::string &error) {
  fatbin::FileHeader file;
  if (!readStruct(bytes.data(), bytes.size(), 0, file) ||
      file.magic != fatbin::Magic || file.headerBytes > bytes.size() ||
      file.bodyBytes != bytes.size() - file.headerBytes) {
    error = "not a fat binary gluonc writes (bad header)";
    return false;
  }
  uint32_t capability = fatbin::computeCapability(arch.major, arch.minor);
  uint64_t offset = file.headerBytes;
  while (offset < bytes.size()) {
    fatbin::EntryHeader entry;
    if (!readStruct(bytes.data(), bytes.size(), offset, entry) ||
        entry.headerBytes < sizeof(fatbin::EntryHeader) ||
        entry.headerBytes > bytes.size() - offset ||
        entry.imageBytes > bytes.size() - offset - entry.headerBytes) {
      error = fmt::format("a fat binary entry at byte {} runs past the end",
                          offset);
      return false;
    }
    uint64_t start = offset + entry.headerBytes;
    uint64_t size = entry.imageBytes;
    bool archSpecific = (entry.flags & fatbin::FlagArchSpecific) != 0;
    bool wanted =
        entry.computeCapability == capability &&
        archSpecific == (arch.suffix == 'a') &&
        entry.kind == (usePTX ? fatbin::Kind::PTX : fatbin::Kind::Cubin);
    if (wanted) {
      if (entry.compressedBytes) {
        error = fmt::format("the fat binary's entry for {} is compressed",
                            cudaArchName(arch.major, arch.minor));
        return false;
      }
      if (size == 0) {
        error = fmt::format("the fat binary's {} for {}{} is empty (0 bytes)",
                            usePTX ? "PTX" : "cubin",
                            cudaArchName(arch.major, arch.minor),
                            arch.suffix ? std::string(1, arch.suffix) : "");
        return false;
      }
      image.assign(bytes.begin() + start, bytes.begin() + start + size);
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

bool extractBundleImage(const std::vector<uint8_t> &bytes,
                        const std::string &id, std::vector<uint8_t> &image,
                        std::string &error) {
  bundle::FileHeader file;
  if (!readStruct(bytes.data(), bytes.size(), 0, file) ||
      bundle::Magic != std::string_view(file.magic, sizeof(file.magic))) {
    error = "not a clang offload bundle";
    return false;
  }
  uint64_t offset = sizeof(file);
  for (uint64_t i = 0; i < file.entryCount; ++i) {
    bundle::EntryHeader header;
    if (!readStruct(bytes.data(), bytes.size(), offset, header) ||
        header.idBytes > bytes.size() - offset - sizeof(header)) {
      error = fmt::format("the bundle's entry {} runs past the end", i);
      return false;
    }
    uint64_t start = header.offset, size = header.bytes;
    offset += sizeof(header);
    std::string entry(bytes.begin() + offset,
                      bytes.begin() + offset + header.idBytes);
    offset += header.idBytes;
    if (entry != id)
      continue;
    if (start > bytes.size() || size > bytes.size() - start) {
      error =
          fmt::format("the bundle's code object for {} runs past the end", id);
      return false;
    }
    if (size == 0) {
      error =
          fmt::format("the bundle's code object for {} is empty (0 bytes)", id);
      return false;
    }
    image.assign(bytes.begin() + start, bytes.begin() + start + size);
    return true;
  }
  error = fmt::format("the bundle has no code object {}", id);
  return false;
}

} // namespace gluonrt
