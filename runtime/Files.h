//===- Files.h - Reading the files a kernel's metadata names ----*- C++ -*-===//
//
// The metadata JSON names its image by a path relative to the JSON's folder,
// and a JSON can come from anywhere (a download, a shared build cache). So
// the image is opened only inside that folder: the path is resolved with
// realpath(), must stay below the folder's own real path, and is then opened
// one component at a time with openat(O_NOFOLLOW), so that a symlink planted
// after the check cannot lead out either. Only regular files are read
// (a FIFO would block forever, a device such as /dev/zero never ends), and
// never more bytes than the caller expects.
//
//===----------------------------------------------------------------------===//

#ifndef GLUONC_RUNTIME_FILES_H
#define GLUONC_RUNTIME_FILES_H

#include "gluonc/runtime/gluonrt.h"

#include <cstdint>
#include <string>
#include <vector>

namespace gluonrt {

/// Reads the regular file `path` (symlinks followed: the caller named it),
/// which must hold at most `maxBytes` bytes. Fails with GLUONRT_ERROR_IO
/// naming the file.
gluonrt_status readRegularFile(const std::string &path, uint64_t maxBytes,
                               std::vector<uint8_t> &bytes);

/// A regular file opened inside a folder by openInFolder.
struct FolderFile {
  int fd = -1;
  std::string realPath; // absolute, without symlinks
  uint64_t size = 0;

  FolderFile() = default;
  FolderFile(const FolderFile &) = delete;
  FolderFile &operator=(const FolderFile &) = delete;
  ~FolderFile();
};

/// Opens `relative` (no leading '/', no '..' component) below `folder`.
/// Symlinks are followed only while they stay inside the folder. Fails with
/// GLUONRT_ERROR_INVALID_METADATA when the path leads out of the folder and
/// GLUONRT_ERROR_IO when it cannot be opened or is not a regular file; the
/// message names `relative` and says why, without a prefix.
gluonrt_status openInFolder(const std::string &folder,
                            const std::string &relative, FolderFile &file);

/// Reads exactly `size` bytes from the start of `file`; a file that holds
/// fewer fails with GLUONRT_ERROR_IO.
gluonrt_status readExactly(const FolderFile &file, uint64_t size,
                           std::vector<uint8_t> &bytes);

/// True when `relative` has no '..' component and does not start with '/':
/// the check a path gets before any file is touched.
bool staysBelowFolder(const std::string &relative);

} // namespace gluonrt

#endif // GLUONC_RUNTIME_FILES_H
