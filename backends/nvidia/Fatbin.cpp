//===- Fatbin.cpp - CUDA fat binaries -------------------------------------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The container as fatbinary 13.0 writes it uncompressed (read back from
// its output for cubins of sm_75 to sm_120a and PTX 8.0 to 8.8;
// tests/lit/driver/fatbin.test compares the two writers); its headers,
// flags and kinds are gluonc/ABI/Containers.h's. What goes in them:
//   every entry is 64-bit and for a Linux host, and has the "a" flag for an
//   architecture-specific target; its compute capability is the
//   architecture's (90 for sm_90a).
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

#include "gluonc/ABI/Containers.h"

#include "llvm/Object/ELF.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Regex.h"

#include <cstdlib>

using namespace llvm;
using namespace gluonc::nvidia;

namespace fatbin = gluonc::abi::fatbin;

namespace {

void padTo8(std::string &out) {
  out.append(fatbin::padded(out.size()) - out.size(), 0);
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
    fields.extraFlags |= fatbin::FlagCompatRecord;
  }
  return Error::success();
}

void writeEntry(std::string &out, fatbin::Kind kind, const Architecture &arch,
                bool archSpecific, const EntryFields &fields, StringRef image) {
  // A string record (PTX options) keeps its NUL; data is padded only.
  uint64_t recordBytes = kind == fatbin::Kind::PTX
                             ? fatbin::padded(fields.record.size() + 1)
                             : fatbin::padded(fields.record.size());
  fatbin::EntryHeader header;
  fatbin::OptionsRecord record;
  header.kind = kind;
  if (fields.hasRecord) {
    header.optionsOffset = sizeof(fatbin::EntryHeader);
    header.headerBytes = record.dataOffset + recordBytes;
    record.dataBytes = fields.record.size();
  }
  header.imageBytes = fatbin::padded(image.size());
  header.versionMinor = fields.versionMinor;
  header.versionMajor = fields.versionMajor;
  header.computeCapability = arch.computeCapability;
  header.flags = fatbin::Flag64Bit | fatbin::FlagLinux | fields.extraFlags |
                 (archSpecific ? fatbin::FlagArchSpecific : 0);
  gluonc::abi::appendStruct(out, header);
  if (fields.hasRecord) {
    gluonc::abi::appendStruct(out, record);
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
      writeEntry(entries, fatbin::Kind::PTX, *arch, archSpecific, fields, text);
      continue;
    }
    if (Error error = describeCubin(image.contents, *arch, fields))
      return createStringError("the " + image.arch +
                               " cubin: " + toString(std::move(error)));
    writeEntry(entries, fatbin::Kind::Cubin, *arch, archSpecific, fields,
               image.contents);
  }
  fatbin::FileHeader header;
  header.bodyBytes = entries.size();
  std::string out;
  gluonc::abi::appendStruct(out, header);
  return out + entries;
}

std::optional<std::string> gluonc::nvidia::findFatbinary() {
  return findCudaProgram("fatbinary", "GLUONC_FATBINARY");
}

Expected<std::string>
gluonc::nvidia::runFatbinary(ArrayRef<FatbinImage> images) {
  std::optional<std::string> program = findFatbinary();
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
  if (!builtin && findFatbinary()) {
    writer = "fatbinary";
    return runFatbinary(images);
  }
  writer = "gluonc";
  return writeFatbin(images);
}
