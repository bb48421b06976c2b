//===- Source.cpp - Source buffers and locations --------------------------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "gluonc/Frontend/Source.h"

#include <algorithm>
#include <cassert>
#include <cerrno>
#include <limits>
#include <system_error>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace gluonc {

SourceFile::SourceFile(uint32_t id, std::string name, std::string text)
    : id(id), name(std::move(name)), text(std::move(text)) {
  assert(this->text.size() < std::numeric_limits<uint32_t>::max() &&
         "source offsets are 32-bit");
  lineStarts.push_back(0);
  uint32_t size = static_cast<uint32_t>(this->text.size());
  for (uint32_t i = 0; i < size; ++i) {
    char c = this->text[i];
    if (c == '\r' && i + 1 < size && this->text[i + 1] == '\n')
      ++i;
    if (c == '\n' || c == '\r')
      lineStarts.push_back(i + 1);
  }
}

std::string_view SourceFile::getLineText(uint32_t line) const {
  if (line == 0 || line > lineStarts.size())
    return {};
  uint32_t begin = lineStarts[line - 1];
  uint32_t end = line < lineStarts.size() ? lineStarts[line]
                                          : static_cast<uint32_t>(text.size());
  std::string_view lineText(text.data() + begin, end - begin);
  while (!lineText.empty() &&
         (lineText.back() == '\n' || lineText.back() == '\r'))
    lineText.remove_suffix(1);
  return lineText;
}

SourceLoc SourceFile::getLoc(uint32_t offset) const {
  offset = std::min(offset, static_cast<uint32_t>(text.size()));
  // The last line start that is not after the offset.
  auto it = std::upper_bound(lineStarts.begin(), lineStarts.end(), offset);
  uint32_t lineIndex = static_cast<uint32_t>(it - lineStarts.begin()) - 1;
  return SourceLoc{id, lineIndex + 1, offset - lineStarts[lineIndex] + 1};
}

std::optional<std::string>
readRegularFile(const std::string &path, size_t maxBytes, std::string &error) {
  auto fail = [&](const std::string &why) {
    error = "cannot read '" + path + "': " + why;
    return std::nullopt;
  };
  auto failErrno = [&](int code) {
    return fail(std::generic_category().message(code));
  };
  auto tooLarge = [&] {
    return fail("larger than " + (maxBytes >= (size_t(1) << 20)
                                      ? std::to_string(maxBytes >> 20) + " MiB"
                                      : std::to_string(maxBytes) + " bytes"));
  };
  // O_NONBLOCK: opening a FIFO would otherwise wait for a writer, forever.
  int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0)
    return failErrno(errno);
  struct Closer {
    int fd;
    ~Closer() { ::close(fd); }
  } closer{fd};
  struct stat info;
  if (::fstat(fd, &info) != 0)
    return failErrno(errno);
  if (!S_ISREG(info.st_mode))
    return fail(S_ISDIR(info.st_mode)
                    ? "it is a directory"
                    : "not a regular file (a FIFO, socket or device)");
  if (static_cast<uint64_t>(info.st_size) > maxBytes)
    return tooLarge();
  std::string text;
  char chunk[65536];
  while (true) {
    ssize_t count = ::read(fd, chunk, sizeof(chunk));
    if (count < 0 && errno == EINTR)
      continue;
    if (count < 0)
      return failErrno(errno);
    if (count == 0)
      break;
    // The file may grow while it is read.
    if (text.size() + size_t(count) > maxBytes)
      return tooLarge();
    text.append(chunk, size_t(count));
  }
  return text;
}

std::optional<uint32_t> SourceManager::addFile(const std::string &path,
                                               std::string &error) {
  std::optional<std::string> text =
      readRegularFile(path, kMaxSourceBytes, error);
  if (!text)
    return std::nullopt;
  return addBuffer(path, std::move(*text));
}

uint32_t SourceManager::addBuffer(std::string name, std::string text) {
  uint32_t id = static_cast<uint32_t>(files.size()) + 1;
  files.push_back(
      std::make_unique<SourceFile>(id, std::move(name), std::move(text)));
  return id;
}

const SourceFile *SourceManager::getFile(uint32_t fileId) const {
  if (fileId == 0 || fileId > files.size())
    return nullptr;
  return files[fileId - 1].get();
}

uint32_t SourceManager::findFile(std::string_view name) const {
  for (const std::unique_ptr<SourceFile> &file : files)
    if (file->getName() == name)
      return file->getId();
  return 0;
}

/// `path` without "." components and repeated slashes ("./a//b/./k.py" is
/// "a/b/k.py"): spellings of one path that name the same file on any file
/// system. ".." is kept, since "a/../k.py" need not be "k.py" when "a" is a
/// symbolic link.
static std::string dropDotComponents(const std::string &path) {
  std::string result = path.size() && path[0] == '/' ? "/" : "";
  size_t start = 0;
  while (start <= path.size()) {
    size_t end = path.find('/', start);
    if (end == std::string::npos)
      end = path.size();
    std::string_view part(path.data() + start, end - start);
    if (!part.empty() && part != ".") {
      if (!result.empty() && result.back() != '/')
        result += '/';
      result += part;
    }
    start = end + 1;
  }
  return result.empty() ? path : result;
}

std::string SourceManager::getRecordedName(uint32_t fileId) const {
  const SourceFile *file = getFile(fileId);
  if (!file)
    return "<unknown>";
  std::string name = dropDotComponents(file->getName());
  for (auto it = prefixMap.rbegin(); it != prefixMap.rend(); ++it)
    if (name.compare(0, it->first.size(), it->first) == 0)
      return it->second + name.substr(it->first.size());
  // An absolute path no map rewrote names this machine's folders, which
  // outputs never record: only its file name is.
  if (!name.empty() && name[0] == '/')
    return name.substr(name.rfind('/') + 1);
  return name;
}

std::string_view SourceManager::getLineText(SourceLoc loc) const {
  const SourceFile *file = getFile(loc.fileId);
  return file ? file->getLineText(loc.line) : std::string_view();
}

std::string SourceManager::formatLoc(SourceLoc loc) const {
  const SourceFile *file = getFile(loc.fileId);
  if (!file)
    return "<unknown>";
  return file->getName() + ":" + std::to_string(loc.line) + ":" +
         std::to_string(loc.col);
}

} // namespace gluonc
