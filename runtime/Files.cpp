//===- Files.cpp - Files the runtime and gluon-run read, write ------------===//
//
// See Files.h for the policy. Every open for reading uses O_NONBLOCK, so
// that opening a FIFO returns at once (to be refused by the S_ISREG check)
// instead of waiting for a writer, and O_NOCTTY, so that a terminal never
// becomes the process's controlling one.
//
//===----------------------------------------------------------------------===//

#include "Files.h"

#include "Error.h"
#include "Format.h"

#include <fcntl.h>
#include <fmt/core.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstdio>
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

gluonrt_status notRegular(const std::string &path, mode_t mode,
                          std::string &error) {
  return fail(ErrorOut{error, GLUONRT_ERROR_IO}, "{} is {}, not a regular file",
              path, describeFileKind(mode));
}

/// Reads up to `size` bytes from offset 0 of `fd` into `bytes`; stops early
/// at the end of the file (bytes is then shorter).
gluonrt_status readUpTo(int fd, const std::string &path, uint64_t size,
                        std::vector<uint8_t> &bytes, std::string &error) {
  bytes.resize(size);
  uint64_t done = 0;
  while (done < size) {
    ssize_t got = ::pread(fd, bytes.data() + done, size - done, off_t(done));
    if (got < 0 && errno == EINTR)
      continue;
    if (got < 0)
      return fail(ErrorOut{error, GLUONRT_ERROR_IO}, "cannot read {}: {}", path,
                  errnoText());
    if (got == 0)
      break;
    done += uint64_t(got);
  }
  bytes.resize(done);
  return GLUONRT_SUCCESS;
}

/// Reads `fd` to its end, at most `maxBytes`: for the files of /proc and
/// /sys, whose size says 0 whatever they hold (issue 32's second pass: a
/// `file:/proc/...` input read as empty). `fileBytes` gets what was read.
gluonrt_status readToEnd(int fd, const std::string &path, uint64_t maxBytes,
                         std::vector<uint8_t> &bytes, std::string &error,
                         uint64_t *fileBytes) {
  bytes.clear();
  uint8_t chunk[65536];
  while (true) {
    ssize_t got = ::read(fd, chunk, sizeof chunk);
    if (got < 0 && errno == EINTR)
      continue;
    if (got < 0)
      return fail(ErrorOut{error, GLUONRT_ERROR_IO}, "cannot read {}: {}", path,
                  errnoText());
    if (got == 0)
      break;
    if (bytes.size() + uint64_t(got) > maxBytes)
      return fail(ErrorOut{error, GLUONRT_ERROR_IO},
                  "{} holds more than the limit of {} bytes", path, maxBytes);
    bytes.insert(bytes.end(), chunk, chunk + got);
  }
  if (fileBytes)
    *fileBytes = bytes.size();
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

/// Creates a new file `<folder>/.<name>.tmp-XXXXXXXX` with O_CREAT | O_EXCL:
/// whatever already holds a candidate name (a planted symlink included) is
/// never opened, another name is tried. Returns the descriptor, or -1 with
/// errno set.
int createTemporary(const std::string &folder, const std::string &name,
                    std::string &temporary) {
  // The names need not be secret, only new: O_EXCL makes a taken one fail.
  static std::atomic<uint64_t> counter{0};
  uint64_t state =
      uint64_t(std::chrono::steady_clock::now().time_since_epoch().count()) ^
      (uint64_t(::getpid()) << 32);
  for (int attempt = 0; attempt < 100; ++attempt) {
    // splitmix64, so that consecutive states give unrelated names.
    uint64_t bits = (state += 0x9e3779b97f4a7c15ull + ++counter);
    bits = (bits ^ (bits >> 30)) * 0xbf58476d1ce4e5b9ull;
    bits = (bits ^ (bits >> 27)) * 0x94d049bb133111ebull;
    bits ^= bits >> 31;
    char suffix[9];
    std::snprintf(suffix, sizeof(suffix), "%08x", unsigned(bits));
    temporary = folder + "/." + name + ".tmp-" + suffix;
    int fd = ::open(temporary.c_str(),
                    O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
    if (fd >= 0 || errno != EEXIST)
      return fd;
  }
  errno = EEXIST;
  return -1;
}

/// Writes all of `data` to `fd`.
bool writeAll(int fd, const void *data, size_t size) {
  const char *next = static_cast<const char *>(data);
  while (size > 0) {
    ssize_t written = ::write(fd, next, size);
    if (written < 0 && errno == EINTR)
      continue;
    if (written < 0)
      return false;
    next += written;
    size -= size_t(written);
  }
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
                               std::vector<uint8_t> &bytes, std::string &error,
                               uint64_t *fileBytes) {
  Descriptor file(
      ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC));
  if (file.fd < 0)
    return fail(ErrorOut{error, GLUONRT_ERROR_IO}, "cannot open {}: {}", path,
                errnoText());
  struct stat info;
  if (::fstat(file.fd, &info) != 0)
    return fail(ErrorOut{error, GLUONRT_ERROR_IO}, "cannot read {}: {}", path,
                errnoText());
  if (!S_ISREG(info.st_mode))
    return notRegular(path, info.st_mode, error);
  if (info.st_size == 0)
    return readToEnd(file.fd, path, maxBytes, bytes, error, fileBytes);
  if (fileBytes)
    *fileBytes = uint64_t(info.st_size);
  if (uint64_t(info.st_size) > maxBytes)
    return fail(ErrorOut{error, GLUONRT_ERROR_IO},
                "{} is {} bytes, more than the limit of {}", path, info.st_size,
                maxBytes);
  // A file that grows meanwhile is read only up to the size fstat saw.
  return readUpTo(file.fd, path, uint64_t(info.st_size), bytes, error);
}

namespace {

/// The names of the process's own descriptors.
bool isOwnDescriptor(const std::string &path) {
  return path == "/dev/stdout" || path == "/dev/stderr" ||
         path.rfind("/dev/fd/", 0) == 0 || path.rfind("/proc/self/fd/", 0) == 0;
}

/// Writes `size` bytes of `data` through the character device or
/// descriptor `path`: opened without blocking (a FIFO behind /dev/stdout
/// with no reader fails at once), then written blocking.
gluonrt_status writeThrough(const std::string &path, const void *data,
                            size_t size, std::string &error) {
  Descriptor file(::open(path.c_str(), O_WRONLY | O_APPEND | O_NOCTTY |
                                           O_CLOEXEC | O_NONBLOCK));
  if (file.fd < 0)
    return fail(ErrorOut{error, GLUONRT_ERROR_IO}, "cannot write {}: {}", path,
                errnoText());
  ::fcntl(file.fd, F_SETFL, ::fcntl(file.fd, F_GETFL) & ~O_NONBLOCK);
  if (!writeAll(file.fd, data, size))
    return fail(ErrorOut{error, GLUONRT_ERROR_IO}, "cannot write {}: {}", path,
                errnoText());
  return GLUONRT_SUCCESS;
}

} // namespace

gluonrt_status writeFileReplacing(const std::string &path, const void *data,
                                  size_t size, std::string &error) {
  auto cannot = [&](const std::string &why) {
    return fail(ErrorOut{error, GLUONRT_ERROR_IO}, "cannot write {}: {}", path,
                why);
  };
  // rename() would replace a FIFO or a device node as readily as a file
  // (and, run as root, /dev/null itself): only a regular file or a symlink
  // is replaced. A character device, and the process's own descriptors
  // (/dev/stdout: a symlink, to be written through, never replaced), are
  // written through, as gluonc's outputs are (tools/gluonc/OutputSet.h).
  if (isOwnDescriptor(path))
    return writeThrough(path, data, size, error);
  struct stat info;
  if (::lstat(path.c_str(), &info) == 0) {
    if (S_ISCHR(info.st_mode))
      return writeThrough(path, data, size, error);
    if (!S_ISREG(info.st_mode) && !S_ISLNK(info.st_mode))
      return notRegular(path, info.st_mode, error);
  } else if (errno != ENOENT) {
    return cannot(errnoText());
  }
  size_t slash = path.rfind('/');
  std::string folder = slash == std::string::npos ? "."
                       : slash == 0              ? "/"
                                                 : path.substr(0, slash);
  std::string name = slash == std::string::npos ? path : path.substr(slash + 1);
  if (name.empty() || name == "." || name == "..")
    return cannot("not a file name");

  std::string temporary;
  Descriptor file(createTemporary(folder, name, temporary));
  if (file.fd < 0)
    return cannot(fmt::format("cannot create a temporary file in {}: {}",
                              folder, errnoText()));
  bool written = writeAll(file.fd, data, size);
  int writeErrno = errno;
  // close() reports what a delayed write (NFS, a full disk) could not do.
  if (::close(file.release()) != 0 && written) {
    written = false;
    writeErrno = errno;
  }
  if (!written || ::rename(temporary.c_str(), path.c_str()) != 0) {
    int code = written ? errno : writeErrno;
    ::unlink(temporary.c_str());
    return cannot(std::strerror(code));
  }
  return GLUONRT_SUCCESS;
}

FolderFile::~FolderFile() {
  if (fd >= 0)
    ::close(fd);
}

gluonrt_status openInFolder(const std::string &folder,
                            const std::string &relative, FolderFile &file,
                            std::string &error) {
  if (!staysBelowFolder(relative))
    return fail(ErrorOut{error, GLUONRT_ERROR_INVALID_METADATA},
                "'{}' must be a relative path without '..' components",
                shortText(relative));
  std::string base;
  if (!realPathOf(folder, base))
    return fail(ErrorOut{error, GLUONRT_ERROR_IO},
                "cannot open the folder {}: {}", folder, errnoText());
  std::string named = fmt::format("{}/{}", folder, relative);
  std::string target;
  if (!realPathOf(base + "/" + relative, target))
    return fail(ErrorOut{error, GLUONRT_ERROR_IO}, "cannot open {}: {}", named,
                errnoText());
  std::string prefix = base == "/" ? base : base + "/";
  if (target.size() <= prefix.size() ||
      target.compare(0, prefix.size(), prefix) != 0)
    return fail(ErrorOut{error, GLUONRT_ERROR_INVALID_METADATA},
                "'{}' resolves to {}, outside the folder {}",
                shortText(relative), target, base);

  // Walk the resolved path from the folder with O_NOFOLLOW: it holds no
  // symlink now, and one swapped in since realpath() is refused (ELOOP or
  // ENOTDIR) instead of followed.
  Descriptor directory(
      ::open(base.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
  if (directory.fd < 0)
    return fail(ErrorOut{error, GLUONRT_ERROR_IO},
                "cannot open the folder {}: {}", base, errnoText());
  std::string rest = target.substr(prefix.size());
  size_t start = 0;
  for (size_t slash; (slash = rest.find('/', start)) != std::string::npos;
       start = slash + 1) {
    std::string component = rest.substr(start, slash - start);
    int next = ::openat(directory.fd, component.c_str(),
                        O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (next < 0)
      return fail(ErrorOut{error, GLUONRT_ERROR_IO}, "cannot open {}: {}",
                  named, errnoText());
    ::close(directory.release());
    directory.fd = next;
  }
  std::string last = rest.substr(start);
  // Look before opening: opening some devices has effects of its own.
  struct stat info;
  if (::fstatat(directory.fd, last.c_str(), &info, AT_SYMLINK_NOFOLLOW) != 0)
    return fail(ErrorOut{error, GLUONRT_ERROR_IO}, "cannot open {}: {}", named,
                errnoText());
  if (!S_ISREG(info.st_mode))
    return notRegular(named, info.st_mode, error);
  Descriptor opened(
      ::openat(directory.fd, last.c_str(),
               O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC));
  if (opened.fd < 0)
    return fail(ErrorOut{error, GLUONRT_ERROR_IO}, "cannot open {}: {}", named,
                errnoText());
  if (::fstat(opened.fd, &info) != 0)
    return fail(ErrorOut{error, GLUONRT_ERROR_IO}, "cannot read {}: {}", named,
                errnoText());
  if (!S_ISREG(info.st_mode))
    return notRegular(named, info.st_mode, error);
  file.fd = opened.release();
  file.realPath = target;
  file.size = uint64_t(info.st_size);
  return GLUONRT_SUCCESS;
}

gluonrt_status readExactly(const FolderFile &file, uint64_t size,
                           std::vector<uint8_t> &bytes, std::string &error) {
  if (gluonrt_status status =
          readUpTo(file.fd, file.realPath, size, bytes, error))
    return status;
  if (bytes.size() != size)
    return fail(ErrorOut{error, GLUONRT_ERROR_IO},
                "{} ended after {} bytes, before the {} expected",
                file.realPath, bytes.size(), size);
  return GLUONRT_SUCCESS;
}

} // namespace gluonrt
