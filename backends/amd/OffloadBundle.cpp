//===- OffloadBundle.cpp - Clang offload bundles of code objects ----------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The uncompressed bundle format of clang-offload-bundler, whose headers,
// magic and ids are gluonc/ABI/Containers.h's. The offsets are the end of
// what comes before, rounded up to 4096 bytes (clang's -bundle-align for
// HIP); an empty entry takes no space, so the host entry and the first code
// object share an offset. tests/lit/driver/fatbin.test lists gluonc's
// bundles with clang-offload-bundler and compares them with the ones it
// writes.
//
//===----------------------------------------------------------------------===//

#include "OffloadBundle.h"

#include "gluonc/ABI/Containers.h"

#include "llvm/Support/MathExtras.h"

using namespace llvm;
using namespace gluonc::amd;

namespace bundle = gluonc::abi::offload_bundle;

std::string gluonc::amd::getHipBundleId(StringRef processor) {
  return bundle::hipId(processor);
}

std::string
gluonc::amd::writeHipOffloadBundle(ArrayRef<BundleEntry> codeObjects) {
  std::vector<BundleEntry> entries = {
      {std::string(bundle::HostId), StringRef()}};
  entries.insert(entries.end(), codeObjects.begin(), codeObjects.end());
  uint64_t headerBytes = sizeof(bundle::FileHeader);
  for (const BundleEntry &entry : entries)
    headerBytes += sizeof(bundle::EntryHeader) + entry.id.size();
  std::vector<uint64_t> offsets;
  uint64_t end = headerBytes;
  for (const BundleEntry &entry : entries) {
    offsets.push_back(alignTo(end, bundle::HipAlignment));
    end = offsets.back() + entry.contents.size();
  }
  bundle::FileHeader file;
  bundle::Magic.copy(file.magic, sizeof(file.magic));
  file.entryCount = entries.size();
  std::string out;
  gluonc::abi::appendStruct(out, file);
  for (size_t i = 0; i < entries.size(); ++i) {
    bundle::EntryHeader header;
    header.offset = offsets[i];
    header.bytes = entries[i].contents.size();
    header.idBytes = entries[i].id.size();
    gluonc::abi::appendStruct(out, header);
    out += entries[i].id;
  }
  for (size_t i = 0; i < entries.size(); ++i) {
    out.resize(offsets[i], '\0');
    out += entries[i].contents;
  }
  return out;
}
