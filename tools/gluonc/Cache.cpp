//===- Cache.cpp - The compile cache (GLUONC_CACHE_DIR) -------------------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "Cache.h"

#include "gluonc/Driver/Metadata.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <CLI/CLI.hpp>

#include <cstdlib>
#include <fcntl.h>
#include <iostream>
#include <sstream>
#include <unistd.h>

using namespace gluonc;
using namespace gluonc::driver;

namespace {

std::string join(llvm::StringRef base, llvm::StringRef name) {
  llvm::SmallString<256> path(base);
  llvm::sys::path::append(path, name);
  return std::string(path);
}

bool writeFile(const std::string &path, llvm::StringRef contents) {
  std::error_code ec;
  llvm::raw_fd_ostream os(path, ec);
  if (ec)
    return false;
  os << contents;
  os.close();
  bool ok = !os.has_error();
  os.clear_error();
  return ok;
}

/// Appends one byte to the counter file `name`: its size is the count.
/// O_APPEND makes each append whole when processes share the cache.
void count(const std::string &folder, const char *name) {
  llvm::sys::fs::create_directories(folder);
  int fd = ::open(join(folder, name).c_str(),
                  O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
  if (fd < 0)
    return;
  [[maybe_unused]] ssize_t written = ::write(fd, ".", 1);
  ::close(fd);
}

/// The key's fields, each as its length then its bytes, so that no two
/// lists of fields give the same text.
class KeyBuilder {
public:
  void add(llvm::StringRef field) {
    text += std::to_string(field.size()) + ":" + field.str() + ";";
  }
  void add(uint64_t value) { add(std::to_string(value)); }
  std::string finish() const { return sha256Hex(text); }

private:
  std::string text;
};

/// The environment variables that change which tool writes an image.
const char *const kToolVariables[] = {"GLUONC_ASSEMBLER", "GLUONC_PTXAS",
                                      "GLUONC_NVJITLINK", "GLUONC_FATBINARY",
                                      "GLUONC_CUDA_ROOT"};

} // namespace

std::string gluonc::driver::getDefaultCacheDir() {
  const char *folder = std::getenv("GLUONC_CACHE_DIR");
  return folder ? folder : "";
}

std::optional<std::string>
gluonc::driver::readWholeFile(const std::string &path) {
  auto buffer = llvm::MemoryBuffer::getFile(path, /*IsText=*/false,
                                            /*RequiresNullTerminator=*/false);
  if (!buffer)
    return std::nullopt;
  return (*buffer)->getBuffer().str();
}

CompileCache::CompileCache(std::string folder, const DriverOptions &options)
    : folder(std::move(folder)) {
  std::optional<std::string> source = readWholeFile(options.input);
  if (this->folder.empty() || !source)
    return;
  KeyBuilder builder;
  builder.add("gluonc-cache/1");
  builder.add(getVersionText());
  std::string executable = llvm::sys::fs::getMainExecutable(
      options.argv0.c_str(), reinterpret_cast<void *>(&runCacheCommand));
  llvm::sys::fs::file_status status;
  if (!llvm::sys::fs::status(executable, status)) {
    builder.add(status.getSize());
    builder.add(
        uint64_t(status.getLastModificationTime().time_since_epoch().count()));
  }
  builder.add(options.input);
  builder.add(*source);
  builder.add(options.kernel);
  builder.add(options.signature);
  builder.add(options.defines.size());
  for (const auto &[name, value] : options.defines) {
    builder.add(name);
    builder.add(value);
  }
  builder.add(options.numWarps);
  builder.add(options.archs.size());
  for (const std::string &arch : options.archs)
    builder.add(arch);
  builder.add(options.emit.size());
  for (const std::string &kind : options.emit)
    builder.add(kind);
  builder.add(options.launcherName);
  builder.add(options.noPTX);
  builder.add(options.optLevel);
  builder.add(options.fpFusion);
  builder.add(options.debug);
  builder.add(options.maxRegisters);
  builder.add(options.tuneOccupancy);
  builder.add(options.includeDirs.size());
  for (const std::string &dir : options.includeDirs)
    builder.add(dir);
  builder.add(options.filePrefixMap.size());
  for (const auto &[from, to] : options.filePrefixMap) {
    builder.add(from);
    builder.add(to);
  }
  for (const char *variable : kToolVariables) {
    const char *value = std::getenv(variable);
    builder.add(value ? std::string("=") + value : std::string("unset"));
  }
  key = builder.finish();
  entry = join(join(join(this->folder, "v1"), key.substr(0, 2)), key);
}

std::optional<CachedCompile> CompileCache::lookup() const {
  if (!isEnabled())
    return std::nullopt;
  auto miss = [&] {
    count(folder, "misses");
    return std::nullopt;
  };
  std::optional<std::string> deps = readWholeFile(join(entry, "deps"));
  std::optional<std::string> report = readWholeFile(join(entry, "report"));
  std::optional<std::string> entryName = readWholeFile(join(entry, "entry"));
  if (!deps || !report || !entryName)
    return miss();
  CachedCompile compile;
  compile.report = *report;
  compile.entry = *entryName;
  std::istringstream lines(*deps);
  std::string digest, path;
  while (lines >> digest && std::getline(lines >> std::ws, path)) {
    std::optional<std::string> bytes = readWholeFile(path);
    if (!bytes || sha256Hex(*bytes) != digest)
      return miss();
    compile.imports.push_back(path);
  }
  std::error_code ec;
  std::string files = join(entry, "files");
  for (llvm::sys::fs::directory_iterator file(files, ec), end;
       !ec && file != end; file.increment(ec)) {
    std::optional<std::string> bytes = readWholeFile(file->path());
    if (!bytes)
      return miss();
    compile.files[llvm::sys::path::filename(file->path()).str()] = *bytes;
  }
  if (ec || compile.files.empty())
    return miss();
  count(folder, "hits");
  return compile;
}

void CompileCache::store(const CachedCompile &compile,
                         std::ostream &err) const {
  if (!isEnabled())
    return;
  auto warn = [&](const std::string &what, std::error_code ec) {
    err << "gluonc: warning: cannot store the compile in the cache '" << folder
        << "': " << what << ": " << ec.message() << "\n";
  };
  std::string tmp = join(folder, "tmp");
  if (std::error_code ec = llvm::sys::fs::create_directories(tmp))
    return warn(tmp, ec);
  llvm::SmallString<256> staging;
  llvm::sys::fs::createUniquePath(join(tmp, key + "-%%%%%%%%"), staging,
                                  /*MakeAbsolute=*/false);
  std::string stage(staging);
  if (std::error_code ec =
          llvm::sys::fs::create_directories(join(stage, "files")))
    return warn(stage, ec);
  std::string deps;
  for (const std::string &path : compile.imports)
    deps += sha256Hex(readWholeFile(path).value_or("")) + " " + path + "\n";
  bool written = writeFile(join(stage, "deps"), deps) &&
                 writeFile(join(stage, "report"), compile.report) &&
                 writeFile(join(stage, "entry"), compile.entry);
  for (const auto &[name, contents] : compile.files)
    written = written && writeFile(join(join(stage, "files"), name), contents);
  if (!written) {
    llvm::sys::fs::remove_directories(stage);
    return warn(stage, std::make_error_code(std::errc::io_error));
  }
  std::string parent = llvm::sys::path::parent_path(entry).str();
  if (std::error_code ec = llvm::sys::fs::create_directories(parent)) {
    llvm::sys::fs::remove_directories(stage);
    return warn(parent, ec);
  }
  if (!llvm::sys::fs::rename(stage, entry))
    return;
  // An entry is there: another process stored the same compile, or an
  // import changed since it was stored. Move it aside and put this one in;
  // if another process wins that race, its entry is as good.
  llvm::SmallString<256> aside;
  llvm::sys::fs::createUniquePath(join(tmp, key + "-old-%%%%%%%%"), aside,
                                  /*MakeAbsolute=*/false);
  if (!llvm::sys::fs::rename(entry, aside))
    llvm::sys::fs::remove_directories(aside);
  if (llvm::sys::fs::rename(stage, entry))
    llvm::sys::fs::remove_directories(stage);
}

int gluonc::driver::runCacheCommand(int argc, char **argv) {
  CLI::App app{"gluonc cache: what the compile cache holds, or empty it",
               "gluonc cache"};
  app.footer("The cache is off unless --cache-dir or GLUONC_CACHE_DIR names "
             "a folder; gluonc FILE and gluonc build take the same option.");
  app.require_subcommand(1);
  std::string folder = getDefaultCacheDir();
  CLI::App *stats =
      app.add_subcommand("stats", "Entries, bytes, hits and misses");
  CLI::App *clear = app.add_subcommand("clear", "Remove every entry");
  for (CLI::App *command : {stats, clear})
    command->add_option("--cache-dir", folder,
                        "The cache folder (default $GLUONC_CACHE_DIR)");
  if (std::optional<int> status = parseSubcommandLine(app, argc, argv))
    return *status;
  if (folder.empty()) {
    std::cerr << "gluonc cache: error: no cache folder: pass --cache-dir or "
                 "set GLUONC_CACHE_DIR\n";
    return kUsageError;
  }
  if (clear->parsed()) {
    for (const char *name : {"v1", "tmp", "hits", "misses"}) {
      std::string path = join(folder, name);
      std::error_code ec = llvm::sys::fs::is_directory(path)
                               ? llvm::sys::fs::remove_directories(path)
                               : llvm::sys::fs::remove(path);
      if (ec) {
        std::cerr << "gluonc cache: error: cannot remove '" << path
                  << "': " << ec.message() << "\n";
        return kUserError;
      }
    }
    std::cout << "gluonc cache: cleared " << folder << "\n";
    return kSuccess;
  }
  uint64_t entries = 0, bytes = 0;
  std::error_code ec;
  for (llvm::sys::fs::recursive_directory_iterator file(join(folder, "v1"), ec),
       end;
       !ec && file != end; file.increment(ec)) {
    llvm::sys::fs::file_status status;
    if (llvm::sys::fs::status(file->path(), status))
      continue;
    if (status.type() == llvm::sys::fs::file_type::regular_file)
      bytes += status.getSize();
    if (file.level() == 1 &&
        status.type() == llvm::sys::fs::file_type::directory_file)
      ++entries;
  }
  auto counter = [&](const char *name) {
    uint64_t size = 0;
    if (llvm::sys::fs::file_size(join(folder, name), size))
      return uint64_t(0);
    return size;
  };
  std::cout << "cache: " << folder << "\nentries: " << entries
            << "\nbytes: " << bytes << "\nhits: " << counter("hits")
            << "\nmisses: " << counter("misses") << "\n";
  return kSuccess;
}
