//===- OffloadBundle.cpp - Clang offload bundles of code objects ----------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The uncompressed bundle format of clang-offload-bundler, little-endian:
//   "__CLANG_OFFLOAD_BUNDLE__" (24 bytes), u64 number of entries,
//   per entry: u64 offset of its contents in the file, u64 their size,
//     u64 size of its id, the id (no NUL);
//   then each entry's contents at its offset, zeros in between.
// The offsets are the end of what comes before, rounded up to 4096 bytes
// (clang's -bundle-align for HIP); an empty entry takes no space, so the
// host entry and the first code object share an offset.
// tests/lit/driver/fatbin.test lists gluonc's bundles with
// clang-offload-bundler and compares them with the ones it writes.
//
//===----------------------------------------------------------------------===//

#include "OffloadBundle.h"

#include "llvm/Support/Endian.h"
#include "llvm/Support/MathExtras.h"

using namespace llvm;
using namespace gluonc::amd;

namespace {
constexpr StringLiteral kMagic = "__CLANG_OFFLOAD_BUNDLE__";
constexpr StringLiteral kHostId = "host-x86_64-unknown-linux-gnu-";
constexpr uint64_t kAlignment = 4096;

void writeU64(std::string &out, uint64_t value) {
  char bytes[8];
  support::endian::write64le(bytes, value);
  out.append(bytes, 8);
}
} // namespace

std::string gluonc::amd::getHipBundleId(StringRef processor) {
  return "hipv4-amdgcn-amd-amdhsa--" + processor.str();
}

std::string
gluonc::amd::writeHipOffloadBundle(ArrayRef<BundleEntry> codeObjects) {
  std::vector<BundleEntry> entries = {{kHostId.str(), StringRef()}};
  entries.insert(entries.end(), codeObjects.begin(), codeObjects.end());
  uint64_t headerBytes = kMagic.size() + 8;
  for (const BundleEntry &entry : entries)
    headerBytes += 3 * 8 + entry.id.size();
  std::vector<uint64_t> offsets;
  uint64_t end = headerBytes;
  for (const BundleEntry &entry : entries) {
    offsets.push_back(alignTo(end, kAlignment));
    end = offsets.back() + entry.contents.size();
  }
  std::string out(kMagic);
  writeU64(out, entries.size());
  for (size_t i = 0; i < entries.size(); ++i) {
    writeU64(out, offsets[i]);
    writeU64(out, entries[i].contents.size());
    writeU64(out, entries[i].id.size());
    out += entries[i].id;
  }
  for (size_t i = 0; i < entries.size(); ++i) {
    out.resize(offsets[i], '\0');
    out += entries[i].contents;
  }
  return out;
}
