//===- Source.h - Source buffers and locations ------------------*- C++ -*-===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The SourceManager owns the text of every file and in-memory buffer that the
// compiler reads and maps byte offsets to line/column positions. Files are
// named by the path the user gave: paths are never made absolute, so that
// diagnostics and metadata do not depend on the machine.
//
// What the compilation records in its outputs (device-assert messages, the
// metadata's source path) is a file's recorded name instead: its path with
// the -ffile-prefix-map=OLD=NEW rewriting applied, as GCC and Clang do for
// __FILE__ and debug information. Diagnostics keep the path as given.
//
//===----------------------------------------------------------------------===//

#ifndef GLUONC_FRONTEND_SOURCE_H
#define GLUONC_FRONTEND_SOURCE_H

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace gluonc {

/// A position in a source buffer. Lines and columns are 1-based and columns
/// count bytes. File id 0 marks an invalid (unknown) location.
struct SourceLoc {
  uint32_t fileId = 0;
  uint32_t line = 0;
  uint32_t col = 0;

  bool isValid() const { return fileId != 0; }

  friend bool operator==(const SourceLoc &lhs, const SourceLoc &rhs) {
    return lhs.fileId == rhs.fileId && lhs.line == rhs.line &&
           lhs.col == rhs.col;
  }
  friend bool operator!=(const SourceLoc &lhs, const SourceLoc &rhs) {
    return !(lhs == rhs);
  }
};

/// `length` bytes of source starting at `begin`; a length of 0 or 1 names a
/// single position. A range may run past the end of its first line.
struct SourceRange {
  SourceLoc begin;
  uint32_t length = 0;
};

/// One source buffer: a file read from disk or an in-memory string.
class SourceFile {
public:
  SourceFile(uint32_t id, std::string name, std::string text);

  uint32_t getId() const { return id; }
  /// The path as the user gave it, or a pseudo-name such as "<-D BLOCK>".
  const std::string &getName() const { return name; }
  std::string_view getText() const { return text; }

  uint32_t getLineCount() const {
    return static_cast<uint32_t>(lineStarts.size());
  }
  /// The text of a 1-based line without its line terminator; empty when the
  /// line does not exist.
  std::string_view getLineText(uint32_t line) const;
  /// The location of a byte offset; offsets past the end map to the end.
  SourceLoc getLoc(uint32_t offset) const;

private:
  uint32_t id;
  std::string name;
  std::string text;
  /// Offset of the first byte of each line. "\n", "\r\n" and "\r" all end a
  /// line, as in Python.
  std::vector<uint32_t> lineStarts;
};

/// The one way gluonc reads a file it is given (sources, imports,
/// manifests, goldens, cache entries): only a regular file (symlinks
/// followed), opened without blocking (a FIFO would wait for a writer
/// forever, /dev/zero never ends), and at most `maxBytes` of it. On
/// failure returns std::nullopt and sets `error` to "cannot read 'PATH':
/// why".
std::optional<std::string> readRegularFile(const std::string &path,
                                           size_t maxBytes, std::string &error);

/// Owns all source buffers of a compilation. File ids start at 1.
class SourceManager {
public:
  /// Kernel sources are small text (the samples are under 10 KB); anything
  /// larger is refused before it is read: the AST takes many times the
  /// source's memory (bench/RESULTS.md, "Figures moved out of source
  /// comments").
  static constexpr size_t kMaxSourceBytes = size_t(4) << 20;

  SourceManager() = default;
  SourceManager(const SourceManager &) = delete;
  SourceManager &operator=(const SourceManager &) = delete;

  /// Reads the file at `path`. On failure returns std::nullopt and sets
  /// `error` to a message such as "cannot open 'k.py': No such file or
  /// directory".
  std::optional<uint32_t> addFile(const std::string &path, std::string &error);
  /// Adds an in-memory buffer, e.g. the value of `-D BLOCK=128` under the
  /// name "<-D BLOCK>".
  uint32_t addBuffer(std::string name, std::string text);

  /// The file with the given id, or nullptr when there is none.
  const SourceFile *getFile(uint32_t fileId) const;
  /// The id of the file whose name (as given) is `name`, or 0.
  uint32_t findFile(std::string_view name) const;

  /// -ffile-prefix-map=OLD=NEW, in command-line order: a name that starts
  /// with OLD is recorded with NEW in its place. Where several OLDs match,
  /// the last one given applies (as in GCC and Clang); OLD is a plain
  /// string prefix, so "/src" also matches "/srcs/k.py".
  using PrefixMap = std::vector<std::pair<std::string, std::string>>;
  void setFilePrefixMap(PrefixMap map) { prefixMap = std::move(map); }
  /// The name to record in outputs for the file `fileId`: its name with
  /// "." components dropped and the prefix map applied; where no map
  /// applies, an absolute path is reduced to its file name. "<unknown>"
  /// when there is no such file.
  std::string getRecordedName(uint32_t fileId) const;
  /// The text of the line holding `loc`; empty for an invalid location.
  std::string_view getLineText(SourceLoc loc) const;
  /// "name:line:col", or "<unknown>" for an invalid location.
  std::string formatLoc(SourceLoc loc) const;

private:
  std::vector<std::unique_ptr<SourceFile>> files;
  PrefixMap prefixMap;
};

} // namespace gluonc

#endif // GLUONC_FRONTEND_SOURCE_H
