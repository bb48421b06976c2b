//===- Files.h - Files the runtime and gluon-run read, write ----*- C++ -*-===//
//
// The one place where libgluonrt and gluon-run open files; both build
// Files.cpp (gluon-run cannot call into libgluonrt's hidden symbols), so it
// depends on nothing but POSIX and reports failures through its `error`
// argument, never through the library's last-error state.
//
// Reading: only regular files, opened without blocking (a FIFO would wait
// for a writer forever, a device such as /dev/zero never ends), and never
// more bytes than the caller allows.
//
// The image a kernel's metadata names: the JSON can come from anywhere (a
// download, a shared build cache), so the image is opened only inside the
// JSON's folder. The path is resolved with realpath(), must stay below the
// folder's own real path, and is then opened one component at a time with
// openat(O_NOFOLLOW), so that a symlink planted after the check cannot lead
// out either. The metadata file an index names is held to the same rule
// (openInFolder) when the index is resolved, before its path is handed on.
//
// Writing: through a temporary beside the destination, created exclusively
// and renamed into place, as gluonc writes its outputs: a file or symlink
// planted at the temporary's name makes the creation fail instead of being
// written through, and a symlink at the destination is replaced, not
// followed.
//
//===----------------------------------------------------------------------===//

#ifndef GLUONC_RUNTIME_FILES_H
#define GLUONC_RUNTIME_FILES_H

#include "gluonc/runtime/gluonrt.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace gluonrt {

// Every function returns GLUONRT_SUCCESS or sets `error` to a message that
// names the file and says why, without a prefix, and returns the status a
// library call would report.

/// Reads the regular file `path` (symlinks followed: the caller named it),
/// which must hold at most `maxBytes` bytes; one whose size says 0 (the
/// files of /proc and /sys) is read to its end. Fails with
/// GLUONRT_ERROR_IO.
/// `fileBytes`, if given, receives the file's size as soon as it is known,
/// also when the file is then refused as too large or `bytes` cannot hold
/// it (std::bad_alloc, which is not caught here).
gluonrt_status readRegularFile(const std::string &path, uint64_t maxBytes,
                               std::vector<uint8_t> &bytes, std::string &error,
                               uint64_t *fileBytes = nullptr);

/// Replaces `path` with a regular file holding `size` bytes of `data`,
/// through an exclusive temporary in the same folder renamed over it. An
/// existing `path` must be a regular file or a symlink (which is replaced);
/// a character device and the process's own descriptors (/dev/stdout,
/// /dev/fd/N, /proc/self/fd/N) are written through; a directory, FIFO,
/// socket or block device is refused, and so left as it was.
/// On failure `path` is untouched and no temporary remains. Fails with
/// GLUONRT_ERROR_IO.
gluonrt_status writeFileReplacing(const std::string &path, const void *data,
                                  size_t size, std::string &error);

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
/// GLUONRT_ERROR_IO when it cannot be opened or is not a regular file.
gluonrt_status openInFolder(const std::string &folder,
                            const std::string &relative, FolderFile &file,
                            std::string &error);

/// Reads exactly `size` bytes from the start of `file`; a file that holds
/// fewer fails with GLUONRT_ERROR_IO.
gluonrt_status readExactly(const FolderFile &file, uint64_t size,
                           std::vector<uint8_t> &bytes, std::string &error);

/// True when `relative` has no '..' component and does not start with '/':
/// the check a path gets before any file is touched.
bool staysBelowFolder(const std::string &relative);

} // namespace gluonrt

#endif // GLUONC_RUNTIME_FILES_H
