//===- OutputSet.h - A compile's files, written all or none -----*- C++ -*-===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#ifndef GLUONC_DRIVER_OUTPUTSET_H
#define GLUONC_DRIVER_OUTPUTSET_H

#include "Driver.h"

#include <map>
#include <string>
#include <vector>

namespace gluonc::driver {

/// The files of one compile, written only once everything succeeded, as
/// one transaction:
///   1. every destination is classified without following it (lstat):
///      nothing or a regular file is replaced; a symlink is replaced, never
///      written through; a character device, and the process's own
///      descriptors (/dev/stdout,
///      /dev/stderr, /dev/fd/N, /proc/self/fd/N), are written through
///      (`-MF /dev/null`); a directory, FIFO, socket or block device fails
///      the whole set before anything is written;
///   2. each file to be replaced goes to a new temporary beside its
///      destination, created exclusively (O_CREAT | O_EXCL: a file or
///      symlink planted at the name makes the creation fail, it is never
///      opened);
///   3. each temporary is renamed over its destination, then the files
///      written through are written.
/// On a failure the temporaries are removed and the previous build's
/// outputs stay as they were.
class OutputSet {
public:
  /// Adds `path`; false (and nothing added) when a file already added
  /// names the same file (the same file name in the same real folder:
  /// symlinks, ".." and "." resolved).
  bool add(std::string path, std::string contents);

  /// The path already added that names the same file as `path`, or "".
  std::string findSameFile(const std::string &path) const;

  /// The contents to be written to `path`, or null.
  const std::string *find(const std::string &path) const {
    auto file = files.find(path);
    return file == files.end() ? nullptr : &file->second;
  }

  /// The files to write, sorted.
  std::vector<std::string> getPaths() const {
    std::vector<std::string> paths;
    for (const auto &[path, contents] : files)
      paths.push_back(path);
    return paths;
  }

  /// Writes every file, or none (an error on `io.err`); logs each at info
  /// level (-v), and fills `io.written` when given.
  bool write(CompileIO &io);

private:
  std::map<std::string, std::string> files;
};

} // namespace gluonc::driver

#endif // GLUONC_DRIVER_OUTPUTSET_H
