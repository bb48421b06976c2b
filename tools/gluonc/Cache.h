//===- Cache.h - The compile cache (GLUONC_CACHE_DIR) -----------*- C++ -*-===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// A content-addressed cache of whole compiles, off unless --cache-dir or
// GLUONC_CACHE_DIR names a folder. An entry's key is the SHA-256 of what
// decides the output: gluonc's version text (gluonc, LLVM, the assembler),
// the running executable's size and modification time (a rebuilt gluonc
// of the same version), the options that reach the files, the
// environment variables that pick an assembler or fatbin writer, and the
// main source's path and bytes. An entry records the files its compile
// imported with their SHA-256: a lookup is a hit only when each still has
// those bytes, so editing an imported helper misses.
//
// Layout, under the folder: v1/<2 hex>/<key>/ holding `files/<name>` (the
// files written to the output folder), `deps` and `report`; `tmp/` for
// entries being written; `hits` and `misses`, one byte appended per
// lookup. An entry is written in tmp/ and renamed into place, so a reader
// sees a whole entry or none; two processes storing the same key both
// succeed (the second finds it there). A stale entry (an import changed)
// is renamed aside before the new one goes in. A file that cannot be read
// makes the lookup a miss, never an error.
//
//===----------------------------------------------------------------------===//

#ifndef GLUONC_DRIVER_CACHE_H
#define GLUONC_DRIVER_CACHE_H

#include "Driver.h"

#include <map>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

namespace gluonc::driver {

/// A compile's files as the cache holds them.
struct CachedCompile {
  /// File name (in the output folder) to contents.
  std::map<std::string, std::string> files;
  /// The files the source imported, as opened, in order.
  std::vector<std::string> imports;
  /// What -v prints of the plans.
  std::string report;
  /// The kernel's entry name (the default depfile's stem).
  std::string entry;
};

class CompileCache {
public:
  /// A cache in `folder` for the compile `options` describe (the main
  /// source must be readable; otherwise the cache is off for it).
  CompileCache(std::string folder, const DriverOptions &options);

  bool isEnabled() const { return !key.empty(); }
  const std::string &getKey() const { return key; }

  /// The cached compile, when its imports are unchanged.
  std::optional<CachedCompile> lookup() const;

  /// Stores `compile`; failures are reported on `err` as warnings (the
  /// compile itself succeeded).
  void store(const CachedCompile &compile, std::ostream &err) const;

private:
  std::string folder, key, entry;
};

/// $GLUONC_CACHE_DIR, the cache folder when no --cache-dir is given; ""
/// when unset (no cache).
std::string getDefaultCacheDir();

/// The bytes of the file at `path`, or nothing when it cannot be read.
std::optional<std::string> readWholeFile(const std::string &path);

/// `gluonc cache stats|clear`; argv[0] is "cache". Returns the exit code.
int runCacheCommand(int argc, char **argv);

} // namespace gluonc::driver

#endif // GLUONC_DRIVER_CACHE_H
