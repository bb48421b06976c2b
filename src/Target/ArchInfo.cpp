//===- ArchInfo.cpp - The index of registered architectures ---------------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The rows themselves belong to the backends' tables; this file keeps
// pointers to them by name, for code that sees an architecture's name but
// no Target (ArchInfo.h), and states the shared-memory check once.
//
//===----------------------------------------------------------------------===//

#include "gluonc/Target/ArchInfo.h"

#include <map>
#include <mutex>

using namespace gluonc;

namespace {

struct ArchIndex {
  std::mutex mutex;
  std::map<std::string, const ArchInfo *, std::less<>> rows;
};

ArchIndex &getIndex() {
  static ArchIndex index;
  return index;
}

} // namespace

std::string ArchInfo::checkSharedAllocation(int64_t bytes) const {
  if (bytes <= int64_t(sharedBytesPerBlock))
    return "";
  return "allocating " + std::to_string(bytes) +
         " bytes of shared memory, more than the " +
         std::to_string(sharedBytesPerBlock) + " a block of " + name +
         " can use";
}

void gluonc::registerArchInfos(const std::vector<ArchInfo> &rows) {
  ArchIndex &index = getIndex();
  std::lock_guard<std::mutex> lock(index.mutex);
  for (const ArchInfo &row : rows)
    index.rows.emplace(row.name, &row);
}

const ArchInfo *gluonc::lookupArchInfo(std::string_view name) {
  ArchIndex &index = getIndex();
  std::lock_guard<std::mutex> lock(index.mutex);
  auto it = index.rows.find(name);
  return it == index.rows.end() ? nullptr : it->second;
}
