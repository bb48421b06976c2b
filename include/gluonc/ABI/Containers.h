//===- Containers.h - Fat binary and offload bundle layouts -----*- C++ -*-===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The byte layouts of the two multi-arch containers that gluonc writes
// (backends/nvidia/Fatbin.cpp, backends/amd/OffloadBundle.cpp) and
// libgluonrt reads one arch's image out of (runtime/Containers.cpp): a CUDA
// fat binary as `fatbinary --64 --compress=false` 13.0 writes it and a clang
// offload bundle as clang-offload-bundler writes it for HIP. Their magic
// numbers, header layouts, entry kinds, flags and ids are stated here only.
//
// Both formats are little-endian. Each header is a struct whose members lie
// at the format's offsets (the static_asserts check every one), copied to
// and from the bytes whole (appendStruct, readStruct); the hosts gluonc and
// libgluonrt build for are little-endian, which is checked too. Plain C++17
// without LLVM, for both sides.
//
//===----------------------------------------------------------------------===//

#ifndef GLUONC_ABI_CONTAINERS_H
#define GLUONC_ABI_CONTAINERS_H

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <type_traits>

namespace gluonc::abi {

static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__,
              "the containers' headers are copied as they lie in memory, "
              "which is their little-endian layout only on such a host");

/// Appends a header's bytes to `out`.
template <typename Header>
void appendStruct(std::string &out, const Header &header) {
  static_assert(std::is_trivially_copyable_v<Header>);
  out.append(reinterpret_cast<const char *>(&header), sizeof(Header));
}

/// Reads a header at `offset` of `size` bytes at `data`; false, leaving
/// `header` as it was, when it does not fit.
template <typename Header>
bool readStruct(const void *data, uint64_t size, uint64_t offset,
                Header &header) {
  static_assert(std::is_trivially_copyable_v<Header>);
  if (offset > size || size - offset < sizeof(Header))
    return false;
  std::memcpy(&header, static_cast<const char *>(data) + offset,
              sizeof(Header));
  return true;
}

//===-- CUDA fat binary ---------------------------------------------------===//
//
// A file header, then per image an entry header, an optional options record
// with its data, and the image, padded with zeros to 8 bytes.
//
namespace fatbin {

constexpr uint32_t Magic = 0xBA55ED50;
constexpr uint16_t Version = 1;

struct FileHeader {
  uint32_t magic = Magic;
  uint16_t version = Version;
  uint16_t headerBytes = 16;
  /// The bytes of the entries that follow.
  uint64_t bodyBytes = 0;
};
static_assert(sizeof(FileHeader) == 16);
static_assert(offsetof(FileHeader, headerBytes) == 6);
static_assert(offsetof(FileHeader, bodyBytes) == 8);

enum class Kind : uint16_t { PTX = 1, Cubin = 2 };

/// EntryHeader::flags.
constexpr uint64_t Flag64Bit = 0x1;
constexpr uint64_t FlagLinux = 0x10;
/// An architecture-specific ("a") target: sm_90a, not sm_90.
constexpr uint64_t FlagArchSpecific = 0x100000;
/// A cubin's compatibility record (its `.nv.compat` section) follows the
/// header as its options record.
constexpr uint64_t FlagCompatRecord = 0x1000000;

/// EntryHeader::computeCapability: 90 for sm_90 and sm_90a.
constexpr uint32_t computeCapability(uint32_t major, uint32_t minor) {
  return 10 * major + minor;
}

struct EntryHeader {
  Kind kind = Kind::Cubin;
  /// What fatbinary writes; its meaning is unknown.
  uint16_t unknown = 0x0101;
  /// Bytes from the entry's start to its image: this header and the
  /// options record with its data, if any.
  uint32_t headerBytes = 0x40;
  /// The image's size, padded to 8 bytes.
  uint64_t imageBytes = 0;
  /// 0: not compressed (gluonc never compresses, libgluonrt refuses it).
  uint32_t compressedBytes = 0;
  /// Offset of the options record in the entry, or 0 for none.
  uint32_t optionsOffset = 0;
  /// The PTX ISA's version for PTX; a cubin's ELF identification
  /// (EI_VERSION.EI_ABIVERSION).
  uint16_t versionMinor = 0;
  uint16_t versionMajor = 0;
  uint32_t computeCapability = 0;
  /// The object name's offset and size (0: none).
  uint32_t nameOffset = 0;
  uint32_t nameBytes = 0;
  uint64_t flags = 0;
  uint64_t reserved = 0;
  uint64_t uncompressedBytes = 0;
};
static_assert(sizeof(EntryHeader) == 0x40);
static_assert(offsetof(EntryHeader, headerBytes) == 0x04);
static_assert(offsetof(EntryHeader, imageBytes) == 0x08);
static_assert(offsetof(EntryHeader, compressedBytes) == 0x10);
static_assert(offsetof(EntryHeader, optionsOffset) == 0x14);
static_assert(offsetof(EntryHeader, versionMinor) == 0x18);
static_assert(offsetof(EntryHeader, versionMajor) == 0x1a);
static_assert(offsetof(EntryHeader, computeCapability) == 0x1c);
static_assert(offsetof(EntryHeader, nameOffset) == 0x20);
static_assert(offsetof(EntryHeader, flags) == 0x28);
static_assert(offsetof(EntryHeader, uncompressedBytes) == 0x38);

/// The options record, right after the entry header when `optionsOffset`
/// is set: its data, padded to 8 bytes, follows it.
struct OptionsRecord {
  uint32_t dataOffset = sizeof(EntryHeader) + 8;
  uint32_t dataBytes = 0;
};
static_assert(sizeof(OptionsRecord) == 8);

/// Images and records are padded with zeros to this many bytes.
constexpr uint64_t Alignment = 8;
constexpr uint64_t padded(uint64_t bytes) {
  return (bytes + Alignment - 1) / Alignment * Alignment;
}

} // namespace fatbin

//===-- Clang offload bundle ----------------------------------------------===//
//
// The magic and the entry count, then per entry its header and id (no
// NUL), then each entry's contents at its offset, zeros in between.
//
namespace offload_bundle {

constexpr std::string_view Magic = "__CLANG_OFFLOAD_BUNDLE__";

struct FileHeader {
  char magic[24];
  uint64_t entryCount;
};
static_assert(sizeof(FileHeader::magic) == Magic.size());
static_assert(sizeof(FileHeader) == 32);

struct EntryHeader {
  /// Where the contents lie in the file, and their size.
  uint64_t offset = 0;
  uint64_t bytes = 0;
  /// The size of the id that follows this header.
  uint64_t idBytes = 0;
};
static_assert(sizeof(EntryHeader) == 24);

/// clang's -bundle-align for HIP: each entry's contents start at a
/// multiple of it (an empty one takes no space).
constexpr uint64_t HipAlignment = 4096;

/// The host entry of a HIP bundle, empty; clang writes it first.
constexpr std::string_view HostId = "host-x86_64-unknown-linux-gnu-";

/// The id of a code object for `processor` ("gfx942") in a HIP bundle:
/// "hipv4-amdgcn-amd-amdhsa--gfx942".
inline std::string hipId(std::string_view processor) {
  return "hipv4-amdgcn-amd-amdhsa--" + std::string(processor);
}

} // namespace offload_bundle

} // namespace gluonc::abi

#endif // GLUONC_ABI_CONTAINERS_H
