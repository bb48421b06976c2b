//===- Files.cpp - Reading the files a kernel's metadata names ------------===//
//
// See Files.h for the policy. Every open uses O_NONBLOCK, so that opening a
// FIFO returns at once (to be refused by the S_ISREG check) instead of
// waiting for a writer, and O_NOCTTY, so that a terminal never becomes the
// process's controlling one.
//
//===----------------------------------------------------------------------===//

#include "Files.h"

#include "Error.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>

namespace gluonrt {
namespace {

/// Closes a descriptor at the end of a scope.
struct Descriptor {
  explicit Descriptor(int fd) : fd(fd) {}
  Descriptor(const Descriptor &) = delete;
  Descriptor &operator=(const Descriptor &) = delete;
  ~Descriptor() {
    if (fd >= 0)
      ::close(fd);
  }
  int release() {
    int result = fd;
    fd = -1;
    return result;
  }
  int fd;
};

std::string errnoText() { return std::strerror(errno); }

/// What a file that is not a regular one is, for messages.
const char *describeFileKind(mode_t mode) {
  if (S_ISDIR(mode))
    return "a directory";
  if (S_ISFIFO(mode))
    return "a FIFO";
  if (S_ISCHR(mode))
    return "a character device";
  if (S_ISBLK(mode))
    return "a block device";
  if (S_ISSOCK(mode))
    return "a socket";
  if (S_ISLNK(mode))
    return "a symbolic link";
  return "a special file";
}

gluonrt_status notRegular(const std::string &path, mode_t mode) {
  return fail(GLUONRT_ERROR_IO,
              path + " is " + describeFileKind(mode) + ", not a regular file");
}

/// Reads up to `size` bytes from offset 0 of `fd` into `bytes`; stops early
/// at the end of the file (bytes is then shorter).
gluonrt_status readUpTo(int fd, const std::string &path, uint64_t size,
                        std::vector<uint8_t> &bytes) {
  bytes.resize(size);
  uint64_t done = 0;
  while (done < size) {
    ssize_t got = ::pread(fd, bytes.data() + done, size - done, off_t(done));
    if (got < 0 && errno == EINTR)
      continue;
    if (got < 0)
      return fail(GLUONRT_ERROR_IO, "cannot read " + path + ": " + errnoText());
    if (got == 0)
      break;
    done += uint64_t(got);
  }
  bytes.resize(done);
  return GLUONRT_SUCCESS;
}

/// The real path of `path` (realpath(3)), or false with errno set.
bool realPathOf(const std::string &path, std::string &result) {
  char *resolved = ::realpath(path.c_str(), nullptr);
  if (!resolved)
    return false;
  result = resolved;
  std::free(resolved);
  return true;
}

} // namespace

bool staysBelowFolder(const std::string &relative) {
  if (relative.empty() || relative.front() == '/')
    return false;
  size_t start = 0;
  while (start <= relative.size()) {
    size_t slash = relative.find('/', start);
    if (slash == std::string::npos)
      slash = relative.size();
    if (relative.compare(start, slash - start, "..") == 0)
      return false;
    start = slash + 1;
  }
  return true;
}

gluonrt_status readRegularFile(const std::string &path, uint64_t maxBytes,
                               std::vector<uint8_t> &bytes) {
  Descriptor file(
      ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC));
  if (file.fd < 0)
    return fail(GLUONRT_ERROR_IO, "cannot open " + path + ": " + errnoText());
  struct stat info;
  if (::fstat(file.fd, &info) != 0)
    return fail(GLUONRT_ERROR_IO, "cannot read " + path + ": " + errnoText());
  if (!S_ISREG(info.st_mode))
    return notRegular(path, info.st_mode);
  if (uint64_t(info.st_size) > maxBytes)
    return fail(GLUONRT_ERROR_IO, path + " is " + std::to_string(info.st_size) +
                                      " bytes, more than the limit of " +
                                      std::to_string(maxBytes));
  // A file that grows meanwhile is read only up to the size fstat saw.
  return readUpTo(file.fd, path, uint64_t(info.st_size), bytes);
}

FolderFile::~FolderFile() {
  if (fd >= 0)
    ::close(fd);
}

gluonrt_status openInFolder(const std::string &folder,
                            const std::string &relative, FolderFile &file) {
  if (!staysBelowFolder(relative))
    return fail(GLUONRT_ERROR_INVALID_METADATA,
                "'" + relative +
                    "' must be a relative path without '..' components");
  std::string base;
  if (!realPathOf(folder, base))
    return fail(GLUONRT_ERROR_IO,
                "cannot open the folder " + folder + ": " + errnoText());
  std::string named = folder + "/" + relative;
  std::string target;
  if (!realPathOf(base + "/" + relative, target))
    return fail(GLUONRT_ERROR_IO, "cannot open " + named + ": " + errnoText());
  std::string prefix = base == "/" ? base : base + "/";
  if (target.size() <= prefix.size() ||
      target.compare(0, prefix.size(), prefix) != 0)
    return fail(GLUONRT_ERROR_INVALID_METADATA,
                "'" + relative + "' resolves to " + target +
                    ", outside the folder " + base);

  // Walk the resolved path from the folder with O_NOFOLLOW: it holds no
  // symlink now, and one swapped in since realpath() is refused (ELOOP or
  // ENOTDIR) instead of followed.
  Descriptor directory(
      ::open(base.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
  if (directory.fd < 0)
    return fail(GLUONRT_ERROR_IO,
                "cannot open the folder " + base + ": " + errnoText());
  std::string rest = target.substr(prefix.size());
  size_t start = 0;
  for (size_t slash; (slash = rest.find('/', start)) != std::string::npos;
       start = slash + 1) {
    std::string component = rest.substr(start, slash - start);
    int next = ::openat(directory.fd, component.c_str(),
                        O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (next < 0)
      return fail(GLUONRT_ERROR_IO,
                  "cannot open " + named + ": " + errnoText());
    ::close(directory.release());
    directory.fd = next;
  }
  std::string last = rest.substr(start);
  // Look before opening: opening some devices has effects of its own.
  struct stat info;
  if (::fstatat(directory.fd, last.c_str(), &info, AT_SYMLINK_NOFOLLOW) != 0)
    return fail(GLUONRT_ERROR_IO, "cannot open " + named + ": " + errnoText());
  if (!S_ISREG(info.st_mode))
    return notRegular(named, info.st_mode);
  Descriptor opened(
      ::openat(directory.fd, last.c_str(),
               O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC));
  if (opened.fd < 0)
    return fail(GLUONRT_ERROR_IO, "cannot open " + named + ": " + errnoText());
  if (::fstat(opened.fd, &info) != 0)
    return fail(GLUONRT_ERROR_IO, "cannot read " + named + ": " + errnoText());
  if (!S_ISREG(info.st_mode))
    return notRegular(named, info.st_mode);
  file.fd = opened.release();
  file.realPath = target;
  file.size = uint64_t(info.st_size);
  return GLUONRT_SUCCESS;
}

gluonrt_status readExactly(const FolderFile &file, uint64_t size,
                           std::vector<uint8_t> &bytes) {
  if (gluonrt_status status = readUpTo(file.fd, file.realPath, size, bytes))
    return status;
  if (bytes.size() != size)
    return fail(GLUONRT_ERROR_IO,
                file.realPath + " ended after " + std::to_string(bytes.size()) +
                    " bytes, before the " + std::to_string(size) + " expected");
  return GLUONRT_SUCCESS;
}

} // namespace gluonrt
