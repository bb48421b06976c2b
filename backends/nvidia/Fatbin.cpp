//===- Fatbin.cpp - CUDA fat binaries -------------------------------------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The container, little-endian, as fatbinary 13.0 writes it uncompressed
// (read back from its output for cubins of sm_75 to sm_120a and PTX 8.0 to
// 8.8; tests/lit/driver/fatbin.test compares the two writers):
//
//   file header, 16 bytes: u32 magic 0xBA55ED50, u16 version 1,
//     u16 header size 16, u64 bytes of the entries that follow.
//   per image, an entry header then the image padded with zeros to 8 bytes:
//     0x00 u16 kind (1 PTX, 2 cubin)   0x02 u16 0x0101
//     0x04 u32 entry header size       0x08 u64 padded image size
//     0x10 u32 compressed size (0)     0x14 u32 offset of the options
//                                           record in this header, or 0
//     0x18 u16 version minor           0x1a u16 version major
//     0x1c u32 compute capability (90 for sm_90a)
//     0x20 u32, u32 object name offset and size (0: none)
//     0x28 u64 flags: 0x1 64-bit, 0x10 Linux host, 0x100000 an
//          architecture-specific ("a") target, 0x1000000 a cubin's
//          compatibility record follows
//     0x30 u64 0                       0x38 u64 uncompressed size (0)
//     0x40 options record, when the offset at 0x14 says so: u32 offset of
//          its data in the header (0x48), u32 data size, the data padded to
//          8 bytes.
//   A PTX entry's record holds the ptxas options given to fatbinary as a
//   string, empty for gluonc (its NUL still takes 8 bytes); the version is
//   the PTX ISA's; the image is compactPTX()'s text and a NUL. A cubin of
//   sm_100 or later has a record: its `.nv.compat` section's size, and as
//   data a zero byte then the section but its last byte (which is zero in
//   every cubin seen). sm_90's cubins have the section too, but fatbinary
//   writes no record for them. A cubin's version is its ELF
//   identification's (EI_VERSION.EI_ABIVERSION, 1.8).
//
//===----------------------------------------------------------------------===//

#include "Fatbin.h"

#include "Architectures.h"
#include "CudaToolkit.h"

#include "llvm/Object/ELF.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Regex.h"

#include <cstdlib>

using namespace llvm;
using namespace gluonc::nvidia;

namespace {

constexpr uint32_t kFatbinMagic = 0xBA55ED50;
constexpr uint16_t kKindPTX = 1;
constexpr uint16_t kKindCubin = 2;
constexpr uint32_t kEntryHeaderBytes = 0x40;
constexpr uint32_t kOptionsDataOffset = 0x48;
constexpr uint64_t kFlag64Bit = 0x1;
constexpr uint64_t kFlagLinux = 0x10;
constexpr uint64_t kFlagArchSpecific = 0x100000;
constexpr uint64_t kFlagCompatRecord = 0x1000000;

uint64_t alignTo8(uint64_t bytes) { return (bytes + 7) & ~uint64_t(7); }

void writeU16(std::string &out, uint16_t value) {
  char bytes[2];
  support::endian::write16le(bytes, value);
  out.append(bytes, 2);
}
void writeU32(std::string &out, uint32_t value) {
  char bytes[4];
  support::endian::write32le(bytes, value);
  out.append(bytes, 4);
}
void writeU64(std::string &out, uint64_t value) {
  char bytes[8];
  support::endian::write64le(bytes, value);
  out.append(bytes, 8);
}
void padTo8(std::string &out) {
  out.append(alignTo8(out.size()) - out.size(), 0);
}

/// What one entry header says beyond its kind and image.
struct EntryFields {
  uint16_t versionMajor = 0;
  uint16_t versionMinor = 0;
  /// The options record's data; a record is written when `hasRecord`.
  bool hasRecord = false;
  std::string record;
  uint64_t extraFlags = 0;
};

/// The PTX ISA version of the `.version` directive.
Expected<std::pair<uint16_t, uint16_t>> getPTXVersion(StringRef ptx) {
  SmallVector<StringRef, 3> groups;
  if (!Regex("(^|\n)[ \t]*\\.version[ \t]+([0-9]+)\\.([0-9]+)")
           .match(ptx, &groups))
    return createStringError("the PTX has no .version directive");
  unsigned major = 0, minor = 0;
  groups[2].getAsInteger(10, major);
  groups[3].getAsInteger(10, minor);
  return std::make_pair(uint16_t(major), uint16_t(minor));
}

/// The cubin's ELF version pair and, from sm_100 on, its `.nv.compat`
/// section's record.
Error describeCubin(StringRef cubin, const Architecture &arch,
                    EntryFields &fields) {
  if (cubin.size() < ELF::EI_NIDENT || !cubin.starts_with(ELF::ElfMagic))
    return createStringError("the image is not an ELF file");
  fields.versionMajor = uint8_t(cubin[ELF::EI_VERSION]);
  fields.versionMinor = uint8_t(cubin[ELF::EI_ABIVERSION]);
  if (arch.computeCapability < 100)
    return Error::success();
  Expected<object::ELF64LEFile> elf = object::ELF64LEFile::create(cubin);
  if (!elf)
    return elf.takeError();
  Expected<object::ELF64LEFile::Elf_Shdr_Range> sections = elf->sections();
  if (!sections)
    return sections.takeError();
  for (const object::ELF64LEFile::Elf_Shdr &section : *sections) {
    Expected<StringRef> name = elf->getSectionName(section);
    if (!name)
      return name.takeError();
    if (*name != ".nv.compat")
      continue;
    Expected<ArrayRef<uint8_t>> contents = elf->getSectionContents(section);
    if (!contents)
      return contents.takeError();
    if (contents->empty())
      continue;
    fields.hasRecord = true;
    fields.record.assign(1, '\0');
    fields.record.append(contents->begin(), contents->end() - 1);
    fields.extraFlags |= kFlagCompatRecord;
  }
  return Error::success();
}

void writeEntry(std::string &out, uint16_t kind, const Architecture &arch,
                bool archSpecific, const EntryFields &fields, StringRef image) {
  // A string record (PTX options) keeps its NUL; data is padded only.
  uint64_t recordBytes = kind == kKindPTX ? alignTo8(fields.record.size() + 1)
                                          : alignTo8(fields.record.size());
  uint32_t headerBytes =
      fields.hasRecord ? kOptionsDataOffset + recordBytes : kEntryHeaderBytes;
  uint64_t flags = kFlag64Bit | kFlagLinux | fields.extraFlags |
                   (archSpecific ? kFlagArchSpecific : 0);
  writeU16(out, kind);
  writeU16(out, 0x0101);
  writeU32(out, headerBytes);
  writeU64(out, alignTo8(image.size()));
  writeU32(out, 0);
  writeU32(out, fields.hasRecord ? kEntryHeaderBytes : 0);
  writeU16(out, fields.versionMinor);
  writeU16(out, fields.versionMajor);
  writeU32(out, arch.computeCapability);
  writeU32(out, 0);
  writeU32(out, 0);
  writeU64(out, flags);
  writeU64(out, 0);
  writeU64(out, 0);
  if (fields.hasRecord) {
    writeU32(out, kOptionsDataOffset);
    writeU32(out, fields.record.size());
    out += fields.record;
    out.append(recordBytes - fields.record.size(), 0);
  }
  out += image;
  padTo8(out);
}

} // namespace

std::string gluonc::nvidia::compactPTX(StringRef ptx) {
  // fatbinary's blanks are space, tab and form feed: a vertical tab is
  // kept at the start of a line and does not make the next blank go.
  auto isBlank = [](char c) { return c == ' ' || c == '\t' || c == '\f'; };
  std::string out;
  out.reserve(ptx.size());
  bool lineStart = true;
  char previous = '\n';
  for (size_t i = 0; i < ptx.size();) {
    char c = ptx[i];
    if (c == '"') {
      // A string literal, up to its closing quote, exactly as written.
      size_t end = i + 1;
      while (end < ptx.size() && ptx[end] != '"' && ptx[end] != '\n')
        end += ptx[end] == '\\' ? 2 : 1;
      end = std::min(end + 1, ptx.size());
      out.append(ptx.data() + i, end - i);
      previous = ptx[end - 1];
      lineStart = false;
      i = end;
      continue;
    }
    if (c == '/' && i + 1 < ptx.size() && ptx[i + 1] == '/') {
      // To the end of the line; the newline stays.
      i = std::min(ptx.find('\n', i), ptx.size());
      previous = '/';
      continue;
    }
    if (c == '/' && i + 1 < ptx.size() && ptx[i + 1] == '*') {
      // Newlines inside go with it; the line after it is not a new line.
      size_t end = ptx.find("*/", i + 2);
      i = end == StringRef::npos ? ptx.size() : end + 2;
      previous = '/';
      lineStart = false;
      continue;
    }
    ++i;
    if (isBlank(c)) {
      bool drop = lineStart || isBlank(previous);
      previous = c;
      if (!drop)
        out += c;
      continue;
    }
    out += c;
    previous = c;
    lineStart = c == '\n';
  }
  return out;
}

Expected<std::string>
gluonc::nvidia::writeFatbin(ArrayRef<FatbinImage> images) {
  std::string entries;
  for (const FatbinImage &image : images) {
    const Architecture *arch = lookupArchitecture(image.arch);
    if (!arch)
      return createStringError("no fat binary code for architecture '" +
                               image.arch + "'");
    bool archSpecific = StringRef(image.arch).ends_with("a");
    EntryFields fields;
    if (image.kind == FatbinImage::Kind::PTX) {
      Expected<std::pair<uint16_t, uint16_t>> version =
          getPTXVersion(image.contents);
      if (!version)
        return version.takeError();
      fields.versionMajor = version->first;
      fields.versionMinor = version->second;
      // gluonc passes fatbinary no ptxas options: an empty string.
      fields.hasRecord = true;
      std::string text = compactPTX(image.contents);
      text += '\0';
      writeEntry(entries, kKindPTX, *arch, archSpecific, fields, text);
      continue;
    }
    if (Error error = describeCubin(image.contents, *arch, fields))
      return createStringError("the " + image.arch +
                               " cubin: " + toString(std::move(error)));
    writeEntry(entries, kKindCubin, *arch, archSpecific, fields,
               image.contents);
  }
  std::string out;
  writeU32(out, kFatbinMagic);
  writeU16(out, 1);
  writeU16(out, 16);
  writeU64(out, entries.size());
  return out + entries;
}

Expected<std::string>
gluonc::nvidia::runFatbinary(ArrayRef<FatbinImage> images) {
  std::optional<std::string> program =
      findCudaProgram("fatbinary", "GLUONC_FATBINARY");
  if (!program)
    return createStringError("no fatbinary program found");
  ToolTempFiles temps;
  std::vector<std::string> args = {*program, "--64", "--compress=false"};
  for (const FatbinImage &image : images) {
    bool ptx = image.kind == FatbinImage::Kind::PTX;
    Expected<StringRef> path =
        temps.write(ptx ? "ptx" : "cubin", image.contents);
    if (!path)
      return path.takeError();
    // fatbinary names an architecture by its number: sm_90a is "90a".
    args.push_back("--image3=kind=" + std::string(ptx ? "ptx" : "elf") +
                   ",sm=" + image.arch.substr(3) + ",file=" + path->str());
  }
  Expected<StringRef> output = temps.create("fatbin");
  if (!output)
    return output.takeError();
  args.push_back("--create=" + output->str());
  SmallVector<StringRef> argRefs(args.begin(), args.end());
  int exitCode = 0;
  Expected<std::string> log = runAndCapture(*program, argRefs, temps, exitCode);
  if (!log)
    return log.takeError();
  if (exitCode != 0)
    return createStringError(*program + " failed:\n" + *log);
  ErrorOr<std::unique_ptr<MemoryBuffer>> bytes =
      MemoryBuffer::getFile(*output, /*IsText=*/false);
  if (!bytes)
    return createStringError(*program + " wrote no fat binary");
  return (*bytes)->getBuffer().str();
}

Expected<std::string> gluonc::nvidia::packFatbin(ArrayRef<FatbinImage> images,
                                                 std::string &writer) {
  const char *choice = std::getenv("GLUONC_FATBINARY");
  bool builtin = choice && StringRef(choice) == "builtin";
  if (!builtin && findCudaProgram("fatbinary", "GLUONC_FATBINARY")) {
    writer = "fatbinary";
    return runFatbinary(images);
  }
  writer = "gluonc";
  return writeFatbin(images);
}
