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
///   1. each file goes to a new temporary beside its destination, created
///      exclusively (O_CREAT | O_EXCL: a file or symlink planted at the
///      name makes the creation fail, it is never opened);
///   2. every destination is checked: one that is a directory fails the
///      whole set before anything is replaced;
///   3. each temporary is renamed over its destination, which replaces a
///      symlink there instead of writing through it.
/// On a failure the temporaries are removed and the previous build's
/// outputs stay as they were.
class OutputSet {
public:
  void add(std::string path, std::string contents) {
    files.emplace(std::move(path), std::move(contents));
  }

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
