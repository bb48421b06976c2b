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
// of the same version), the options that reach the files, each target's
// external inputs (Target::describeExternalInputs: the environment
// variables it reads, the device libraries, assembler and fatbin writer it
// would use, each by path, size and modification time), and the main
// source's path and bytes. An entry records what the compile's imports
// saw: each file it read with its SHA-256, and each path the search probed
// with what was there (FileModuleLoader::getProbes). A lookup is a hit only
// when each import still has those bytes and each probe still finds the
// same kind of thing, so editing a helper, or adding one earlier on the
// search path, misses.
//
// Layout, under the folder: CACHEDIR.TAG (the cache-directory tag of
// bford.org/cachedir, which backup tools honour, and the mark that makes
// `gluonc cache clear` act on a folder); v1/<2 hex>/<key>/ holding
// `files/<name>` (the files written to the output folder), `deps`,
// `report`, `entry` and `sums` (the SHA-256 of each of the others);
// `tmp/<key>-*` for entries being written; `hits` and `misses`, one byte
// appended per lookup.
//
// Trust: an entry is read with the source-reading rules (regular files
// only, bounded sizes), checked against its sums on every hit, and its
// entry name must be a plain file name; anything else is a miss, and the
// compile's new entry replaces it. Entries are written in tmp/, synced,
// and renamed into place, so a reader sees a whole entry or none, even
// after a crash; two processes storing the same key both succeed. The
// cache never follows a symlink of its own layout, and `clear` removes
// only names of that layout.
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
  /// The SHA-256 of each import's text as the compile read it.
  std::map<std::string, std::string> importDigests;
  /// What -v prints of the plans.
  std::string report;
  /// The kernel's entry name (the default depfile's stem).
  std::string entry;
  /// The paths the import search probed, each with what it found
  /// (FileModuleLoader::Found's letters).
  std::map<std::string, char> probes;
};

class CompileCache {
public:
  /// A cache in `folder` for the compile `options` describe (the main
  /// source must be readable; otherwise the cache is off for it).
  CompileCache(std::string folder, const DriverOptions &options);

  bool isEnabled() const { return !key.empty(); }
  /// Why a cache folder that was named is not used ("" when it is).
  const std::string &getProblem() const { return problem; }
  const std::string &getKey() const { return key; }

  /// The cached compile, when its imports are unchanged.
  std::optional<CachedCompile> lookup() const;

  /// Stores `compile`; failures are reported on `err` as warnings (the
  /// compile itself succeeded).
  void store(const CachedCompile &compile, std::ostream &err) const;

private:
  std::string folder, key, entry, problem;
};

/// $GLUONC_CACHE_DIR, the cache folder when no --cache-dir is given; ""
/// when unset (no cache).
std::string getDefaultCacheDir();

/// The most bytes one file of a cache entry may hold.
constexpr size_t kMaxCachedFileBytes = size_t(256) << 20;

/// The bytes of the regular file at `path` (at most `maxBytes`), or
/// nothing when it cannot be read (readRegularFile's rules).
std::optional<std::string> readWholeFile(const std::string &path,
                                         size_t maxBytes);

/// `gluonc cache stats|clear`; argv[0] is "cache". Returns the exit code.
int runCacheCommand(int argc, char **argv);

} // namespace gluonc::driver

#endif // GLUONC_DRIVER_CACHE_H
