//===- OutputSet.cpp - A compile's files, written all or none -------------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "OutputSet.h"
#include "gluonc/Pipeline/CompilerLog.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <cerrno>
#include <fcntl.h>
#include <sys/stat.h>
#include <system_error>
#include <unistd.h>

using namespace gluonc::driver;

namespace {

/// What a destination gets: replaced by a renamed temporary, written
/// through (a character device), or refused with `why`.
struct Destination {
  enum Kind { Replace, WriteThrough, Refuse } kind;
  std::string why;
};

/// The names of the process's own descriptors: what they lead to (a
/// terminal, a pipe, a file the shell redirected to) is the caller's
/// stream, to be written through, and the name itself is never replaced.
bool isOwnDescriptor(llvm::StringRef path) {
  return path == "/dev/stdout" || path == "/dev/stderr" ||
         path.starts_with("/dev/fd/") || path.starts_with("/proc/self/fd/");
}

Destination classify(const std::string &path) {
  if (isOwnDescriptor(path))
    return {Destination::WriteThrough, ""};
  struct stat link;
  if (::lstat(path.c_str(), &link) != 0)
    return {Destination::Replace, ""}; // absent (or unreachable: the
                                       // temporary's creation says why)
  if (S_ISREG(link.st_mode))
    return {Destination::Replace, ""};
  if (S_ISCHR(link.st_mode))
    return {Destination::WriteThrough, ""};
  // A symlink is replaced, whatever it leads to: one planted at an
  // output's name must not make gluonc write into a device.
  if (S_ISLNK(link.st_mode))
    return {Destination::Replace, ""};
  if (S_ISDIR(link.st_mode))
    return {Destination::Refuse, "a directory is in the way"};
  return {Destination::Refuse,
          "it is a FIFO, socket or block device (only a regular file is "
          "replaced, and only a character device written through)"};
}

/// Writes `contents` through the character device or descriptor `path`.
/// O_NONBLOCK only for the open: a FIFO behind /dev/stdout with no reader
/// fails at once instead of waiting for one.
std::error_code writeThrough(const std::string &path,
                             const std::string &contents) {
  int fd = ::open(path.c_str(),
                  O_WRONLY | O_APPEND | O_NOCTTY | O_CLOEXEC | O_NONBLOCK);
  if (fd < 0)
    return std::error_code(errno, std::generic_category());
  ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) & ~O_NONBLOCK);
  size_t done = 0;
  while (done < contents.size()) {
    ssize_t count = ::write(fd, contents.data() + done, contents.size() - done);
    if (count < 0 && errno == EINTR)
      continue;
    if (count < 0) {
      std::error_code ec(errno, std::generic_category());
      ::close(fd);
      return ec;
    }
    done += size_t(count);
  }
  return ::close(fd) == 0 ? std::error_code()
                          : std::error_code(errno, std::generic_category());
}

/// `path` as one spelling per file: the real path (symlinks and ".."
/// resolved) of its nearest folder that exists, then the rest with ".."
/// taken lexically: that rest does not exist yet, so it holds no symlink,
/// and the folders the outputs need are created before they are written
/// (`-MF out/sub/../k.json` with no out/sub is out/k.json; issue 32's
/// second pass).
std::string normalize(const std::string &path) {
  llvm::SmallString<256> absolute(path);
  llvm::sys::fs::make_absolute(absolute);
  llvm::sys::path::remove_dots(absolute, /*remove_dot_dot=*/false);
  llvm::StringRef existing = absolute;
  llvm::SmallString<256> real;
  while (true) {
    existing = llvm::sys::path::parent_path(existing);
    if (existing.empty() || !llvm::sys::fs::real_path(existing, real))
      break;
  }
  if (existing.empty())
    return std::string(absolute);
  // real_path gave `real` for `existing`; what follows is appended.
  llvm::SmallString<256> rest(
      llvm::StringRef(absolute).drop_front(existing.size()));
  llvm::sys::path::append(real, rest);
  llvm::sys::path::remove_dots(real, /*remove_dot_dot=*/true);
  return std::string(real);
}

} // namespace

bool OutputSet::add(std::string path, std::string contents) {
  if (!findSameFile(path).empty())
    return false;
  files.emplace(std::move(path), std::move(contents));
  return true;
}

std::string OutputSet::findSameFile(const std::string &path) const {
  std::string normal = normalize(path);
  for (const auto &[added, contents] : files)
    if (normalize(added) == normal)
      return added;
  return "";
}

bool OutputSet::write(CompileIO &io) {
  std::vector<std::pair<std::string, std::string>> renames;
  auto fail = [&](const std::string &path, const std::string &why) {
    for (auto &[temp, destination] : renames)
      llvm::sys::fs::remove(temp);
    io.err << "gluonc: error: cannot write '" << path << "': " << why
           << "\n";
    return false;
  };
  std::vector<std::string> throughs;
  for (auto &[path, contents] : files) {
    Destination destination = classify(path);
    if (destination.kind == Destination::Refuse)
      return fail(path, destination.why);
    if (destination.kind == Destination::WriteThrough) {
      throughs.push_back(path);
      continue;
    }
    llvm::SmallString<256> model = llvm::sys::path::parent_path(path);
    llvm::sys::path::append(
        model, "." + llvm::sys::path::filename(path) + ".tmp-%%%%%%%%");
    int fd = -1;
    llvm::SmallString<256> temp;
    if (std::error_code ec =
            llvm::sys::fs::createUniqueFile(model, fd, temp))
      return fail(path, ec.message());
    renames.emplace_back(std::string(temp), path);
    llvm::raw_fd_ostream os(fd, /*shouldClose=*/true);
    os << contents;
    os.close();
    if (os.has_error()) {
      std::error_code ec = os.error();
      // Handled here; a stream destroyed with an error pending aborts.
      os.clear_error();
      return fail(path, ec.message());
    }
  }
  for (size_t i = 0; i < renames.size(); ++i)
    if (std::error_code ec =
            llvm::sys::fs::rename(renames[i].first, renames[i].second)) {
      // Only a race with another process gets here: the files before
      // this one are in place, the rest are not.
      renames.erase(renames.begin(), renames.begin() + i);
      return fail(renames.front().second, ec.message());
    }
  renames.clear();
  for (const std::string &path : throughs)
    if (std::error_code ec = writeThrough(path, files[path]))
      return fail(path, ec.message());
  for (auto &[path, contents] : files)
    getCompilerLog().info("wrote {} ({} bytes)", path, contents.size());
  if (io.written)
    *io.written = getPaths();
  return true;
}
