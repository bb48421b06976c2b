//===- Cache.cpp - The compile cache (GLUONC_CACHE_DIR) -------------------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "Cache.h"

#include "gluonc/Driver/Metadata.h"

#include "gluonc/Frontend/ModuleLoader.h"
#include "gluonc/Frontend/Source.h"
#include "gluonc/Pipeline/Plugins.h"
#include "gluonc/Pipeline/Target.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <CLI/CLI.hpp>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <dirent.h>
#include <fcntl.h>
#include <iostream>
#include <sstream>
#include <sys/stat.h>
#include <unistd.h>
#include <utility>

using namespace gluonc;
using namespace gluonc::driver;

namespace {

std::string join(llvm::StringRef base, llvm::StringRef name) {
  llvm::SmallString<256> path(base);
  llvm::sys::path::append(path, name);
  return std::string(path);
}

/// The cache-directory tag (bford.org/cachedir): its first line is fixed.
constexpr const char *kCacheTagName = "CACHEDIR.TAG";
constexpr const char *kCacheTag =
    "Signature: 8a477f597d28d172789f06886806bc55\n"
    "# This file is a cache directory tag created by gluonc.\n"
    "# For information about cache directory tags see "
    "https://bford.org/cachedir/\n";

/// What is at `path`, not following a symlink there.
llvm::sys::fs::file_type typeOf(const std::string &path) {
  llvm::sys::fs::file_status status;
  if (llvm::sys::fs::status(path, status, /*Follow=*/false))
    return llvm::sys::fs::file_type::file_not_found;
  return status.type();
}

bool isDirectory(const std::string &path) {
  return typeOf(path) == llvm::sys::fs::file_type::directory_file;
}

/// Writes `contents` to the new file `path` and syncs it, so that an
/// entry renamed into place survives a crash whole.
bool writeDurably(const std::string &path, llvm::StringRef contents) {
  int fd = ::open(path.c_str(),
                  O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
  if (fd < 0)
    return false;
  llvm::raw_fd_ostream os(fd, /*shouldClose=*/false);
  os << contents;
  os.flush();
  bool ok = !os.has_error();
  os.clear_error();
  ok = ::fsync(fd) == 0 && ok;
  return ::close(fd) == 0 && ok;
}

/// Syncs the folder `path` (its new names).
void syncFolder(const std::string &path) {
  int fd =
      ::open(path.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
  if (fd < 0)
    return;
  ::fsync(fd);
  ::close(fd);
}

/// Appends one byte to the counter file `name`: its size is the count.
/// O_APPEND makes each append whole when processes share the cache;
/// O_NOFOLLOW keeps a symlink planted at the name from being written
/// through.
void count(const std::string &folder, const char *name) {
  // The folder itself is the user's to name, a symlink included.
  if (llvm::sys::fs::create_directories(folder))
    return;
  int fd = ::open(join(folder, name).c_str(),
                  O_WRONLY | O_CREAT | O_APPEND | O_NOFOLLOW | O_NONBLOCK |
                      O_CLOEXEC,
                  0644);
  if (fd < 0)
    return;
  struct stat info;
  if (::fstat(fd, &info) == 0 && S_ISREG(info.st_mode)) [[maybe_unused]]
    ssize_t written = ::write(fd, ".", 1);
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

bool isHex(llvm::StringRef text, size_t size) {
  return text.size() == size && llvm::all_of(text, [](char c) {
           return llvm::isHexDigit(c) && !llvm::isUpper(c);
         });
}

/// A plain file name: what an entry's `entry` and `files/` names must be,
/// so that a hit writes only into the output folder.
bool isPlainFileName(llvm::StringRef name) {
  return !name.empty() && name != "." && name != ".." &&
         name.find_first_of(llvm::StringRef("/\0\n\r", 4)) ==
             llvm::StringRef::npos;
}

/// The `sums` text of an entry's files (name, then SHA-256).
std::string buildSums(const std::map<std::string, std::string> &files) {
  std::string text;
  for (const auto &[name, contents] : files)
    text += sha256Hex(contents) + " " + name + "\n";
  return text;
}

/// The most files and bytes one entry may hold: a compile writes a few
/// files of a few MiB; more is not gluonc's entry, and is not read.
constexpr size_t kMaxEntryFiles = 1024;
constexpr size_t kMaxEntryBytes = size_t(1) << 30;

/// An entry's `sums`: each file's SHA-256 by name, or nothing when it is
/// missing, too long, or names anything but the entry's own files.
std::optional<std::map<std::string, std::string>>
readSums(const std::string &entry) {
  if (!isDirectory(entry))
    return std::nullopt;
  std::optional<std::string> text =
      readWholeFile(join(entry, "sums"), kMaxEntryFiles * 512);
  if (!text)
    return std::nullopt;
  std::map<std::string, std::string> sums;
  std::istringstream lines(*text);
  std::string digest, name;
  while (lines >> digest && std::getline(lines >> std::ws, name)) {
    llvm::StringRef relative(name);
    bool inFiles = relative.consume_front("files/");
    if (!isHex(digest, 64) || !isPlainFileName(relative) ||
        (!inFiles && relative != "deps" && relative != "report" &&
         relative != "entry") ||
        sums.size() >= kMaxEntryFiles)
      return std::nullopt;
    sums[name] = digest;
  }
  if (!sums.count("deps") || !sums.count("report") || !sums.count("entry"))
    return std::nullopt;
  return sums;
}

/// The entry's file `name`, checked against its sum: a regular file (a
/// symlink in an entry is not gluonc's), within `budget` bytes (which it
/// uses up), with the SHA-256 `digest`.
std::optional<std::string> readCheckedFile(const std::string &entry,
                                           const std::string &name,
                                           const std::string &digest,
                                           size_t &budget) {
  std::string path = join(entry, name);
  if (typeOf(path) != llvm::sys::fs::file_type::regular_file)
    return std::nullopt;
  std::optional<std::string> bytes = readWholeFile(path, budget);
  if (!bytes || sha256Hex(*bytes) != digest)
    return std::nullopt;
  budget -= bytes->size();
  return bytes;
}

/// True when every import and probe `deps` lists still holds: each file
/// has the same bytes, each probed path the same kind of thing.
bool depsStillHold(const std::string &deps, CachedCompile &compile) {
  std::istringstream lines(deps);
  std::string tag, value, path;
  while (lines >> tag >> value && std::getline(lines >> std::ws, path)) {
    if (tag == "file") {
      std::string error;
      std::optional<std::string> bytes =
          readRegularFile(path, SourceManager::kMaxSourceBytes, error);
      if (!bytes || sha256Hex(*bytes) != value)
        return false;
      compile.imports.push_back(path);
    } else if (tag == "probe" && value.size() == 1) {
      if (char(FileModuleLoader::probePath(path)) != value[0])
        return false;
      compile.probes[path] = value[0];
    } else {
      return false;
    }
  }
  return true;
}

/// A folder held by descriptor: what is done inside it stays inside it
/// even when a name on the way there is swapped for a symlink meanwhile
/// (`cache clear` racing another process, issue 32's second pass).
class OpenFolder {
public:
  /// Opens `name` in the folder `parent` (AT_FDCWD: the working folder)
  /// without following a symlink there unless `followLink`.
  static std::optional<OpenFolder> open(int parent, const std::string &name,
                                        bool followLink = false) {
    int fd = ::openat(parent, name.c_str(),
                      O_RDONLY | O_DIRECTORY | O_CLOEXEC |
                          (followLink ? 0 : O_NOFOLLOW));
    if (fd < 0)
      return std::nullopt;
    return OpenFolder(fd);
  }
  OpenFolder(OpenFolder &&other) : fd(std::exchange(other.fd, -1)) {}
  OpenFolder &operator=(OpenFolder &&other) {
    std::swap(fd, other.fd);
    return *this;
  }
  ~OpenFolder() {
    if (fd >= 0)
      ::close(fd);
  }

  int descriptor() const { return fd; }

  /// The names it holds, "." and ".." left out.
  std::vector<std::string> names() const {
    std::vector<std::string> names;
    int copy = ::dup(fd);
    DIR *stream = copy < 0 ? nullptr : ::fdopendir(copy);
    if (!stream) {
      if (copy >= 0)
        ::close(copy);
      return names;
    }
    ::rewinddir(stream);
    while (const dirent *child = ::readdir(stream))
      if (std::strcmp(child->d_name, ".") && std::strcmp(child->d_name, ".."))
        names.push_back(child->d_name);
    ::closedir(stream);
    return names;
  }

  /// Whether `name` in it is a folder (a symlink is not).
  bool holdsFolder(const std::string &name) const {
    struct stat info;
    return ::fstatat(fd, name.c_str(), &info, AT_SYMLINK_NOFOLLOW) == 0 &&
           S_ISDIR(info.st_mode);
  }

private:
  explicit OpenFolder(int fd) : fd(fd) {}
  int fd;
};

/// How deep removeTreeAt goes: an entry is two levels deep; each level
/// holds a descriptor open.
constexpr unsigned kMaxRemoveDepth = 64;
/// How many times removeTreeAt empties a folder that keeps being refilled.
constexpr unsigned kRemoveRounds = 3;

/// Removes `name` in the folder `parent` and, when it is a folder, what it
/// holds, without following a symlink: each folder is opened with
/// O_NOFOLLOW and emptied through its descriptor, so a name swapped for a
/// link midway is removed as the link it became, never what it leads to.
/// Returns why it failed, or "".
std::string removeTreeAt(int parent, const std::string &name,
                         unsigned depth = 0) {
  struct stat info;
  if (::fstatat(parent, name.c_str(), &info, AT_SYMLINK_NOFOLLOW) != 0)
    return errno == ENOENT ? "" : std::strerror(errno);
  std::optional<OpenFolder> folder;
  if (S_ISDIR(info.st_mode))
    folder = OpenFolder::open(parent, name);
  if (!folder) {
    // Not a folder, or no longer one (ELOOP, ENOTDIR): the name goes.
    if (::unlinkat(parent, name.c_str(), 0) == 0 || errno == ENOENT)
      return "";
    return std::strerror(errno);
  }
  if (depth >= kMaxRemoveDepth)
    return "folders nested more than " + std::to_string(kMaxRemoveDepth) +
           " deep";
  // A name that another process adds meanwhile (a folder inside moved
  // aside for a link) leaves it not empty: list it again, a few times.
  for (unsigned round = 0; round < kRemoveRounds; ++round) {
    for (const std::string &child : folder->names())
      if (std::string why =
              removeTreeAt(folder->descriptor(), child, depth + 1);
          !why.empty())
        return why;
    if (::unlinkat(parent, name.c_str(), AT_REMOVEDIR) == 0 || errno == ENOENT)
      return "";
    // No longer a folder under that name: the name is removed as what it
    // became; the folder that was there is not followed to.
    if (errno == ENOTDIR)
      return removeTreeAt(parent, name, depth + 1);
    if (errno != ENOTEMPTY && errno != EEXIST)
      break;
  }
  return std::strerror(errno);
}

/// Removes the folder or file `path` as removeTreeAt does (the folders
/// above it are followed: they are the cache's own).
void removeTree(const std::string &path) { (void)removeTreeAt(AT_FDCWD, path); }

/// The names in `folder` (not following it if it is a symlink: then none).
std::vector<std::string> listFolder(const std::string &folder) {
  std::vector<std::string> names;
  if (!isDirectory(folder))
    return names;
  std::error_code ec;
  for (llvm::sys::fs::directory_iterator child(folder, ec, /*follow=*/false),
       end;
       !ec && child != end; child.increment(ec))
    names.push_back(llvm::sys::path::filename(child->path()).str());
  return names;
}

/// The entries of v1/: `<2 hex>/<64 hex>` folders, by path.
std::vector<std::string> listEntries(const std::string &folder) {
  std::vector<std::string> entries;
  std::string v1 = join(folder, "v1");
  for (const std::string &shard : listFolder(v1)) {
    if (!isHex(shard, 2))
      continue;
    for (const std::string &key : listFolder(join(v1, shard)))
      if (isHex(key, 64) && llvm::StringRef(key).starts_with(shard) &&
          isDirectory(join(join(v1, shard), key)))
        entries.push_back(join(join(v1, shard), key));
  }
  return entries;
}

/// Whether `folder` carries gluonc's cache tag (the tag's signature is
/// every tool's; its second line says gluonc wrote it).
bool isTaggedCache(const std::string &folder) {
  std::string path = join(folder, kCacheTagName);
  if (typeOf(path) != llvm::sys::fs::file_type::regular_file)
    return false;
  std::optional<std::string> tag = readWholeFile(path, 4096);
  return tag && llvm::StringRef(*tag).starts_with(kCacheTag);
}

/// The prefix of the temporaries the tag is written through.
constexpr llvm::StringLiteral kTagTempPrefix = ".CACHEDIR.TAG.tmp-";

/// Whether `folder` may hold gluonc's cache: it carries gluonc's tag, or
/// it is new or empty, and then gets the tag now (written to a temporary
/// and renamed, so that a process starting beside this one sees a whole
/// tag or an empty folder). A folder holding anything else is the user's.
bool claimFolder(const std::string &folder) {
  if (isTaggedCache(folder))
    return true;
  if (llvm::sys::fs::create_directories(folder))
    return false;
  for (const std::string &name : listFolder(folder))
    if (!llvm::StringRef(name).starts_with(kTagTempPrefix))
      return isTaggedCache(folder);
  llvm::SmallString<256> temp;
  llvm::sys::fs::createUniquePath(
      join(folder, std::string(kTagTempPrefix) + "%%%%%%%%"), temp,
      /*MakeAbsolute=*/false);
  if (!writeDurably(std::string(temp), kCacheTag) ||
      llvm::sys::fs::rename(temp, join(folder, kCacheTagName))) {
    llvm::sys::fs::remove(temp);
    return isTaggedCache(folder);
  }
  syncFolder(folder);
  return true;
}

} // namespace

std::string gluonc::driver::getDefaultCacheDir() {
  const char *folder = std::getenv("GLUONC_CACHE_DIR");
  return folder ? folder : "";
}

std::optional<std::string>
gluonc::driver::readWholeFile(const std::string &path, size_t maxBytes) {
  std::string error;
  return readRegularFile(path, maxBytes, error);
}

CompileCache::CompileCache(std::string folder, const DriverOptions &options)
    : folder(std::move(folder)) {
  std::optional<std::string> source =
      readWholeFile(options.input, SourceManager::kMaxSourceBytes);
  if (this->folder.empty() || !source)
    return;
  KeyBuilder builder;
  builder.add("gluonc-cache/2");
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
  builder.add(options.testDropBarrier);
  // An edited pipeline makes another compile (--pass-pipeline-file's
  // lines, --insert-passes in order).
  builder.add(options.stageTexts.size());
  for (const auto &[stage, text] : options.stageTexts) {
    builder.add(stage);
    builder.add(text);
  }
  builder.add(options.insertions.size());
  for (const PassInsertion &insertion : options.insertions)
    builder.add(insertion.spelling);
  // A plugin's passes change what a pipeline does: each loaded plugin's
  // identity and file.
  builder.add(getLoadedPlugins().size());
  for (const LoadedPlugin &plugin : getLoadedPlugins()) {
    builder.add(plugin.path);
    builder.add(plugin.name);
    builder.add(plugin.version);
    llvm::sys::fs::file_status pluginStatus;
    if (!llvm::sys::fs::status(plugin.path, pluginStatus)) {
      builder.add(pluginStatus.getSize());
      builder.add(uint64_t(
          pluginStatus.getLastModificationTime().time_since_epoch().count()));
    }
  }
  builder.add(options.includeDirs.size());
  for (const std::string &dir : options.includeDirs)
    builder.add(dir);
  builder.add(options.filePrefixMap.size());
  for (const auto &[from, to] : options.filePrefixMap) {
    builder.add(from);
    builder.add(to);
  }
  for (const auto &target : getRegisteredTargets())
    builder.add(target->describeExternalInputs());
  key = builder.finish();
  entry = join(join(join(this->folder, "v1"), key.substr(0, 2)), key);
  if (!claimFolder(this->folder)) {
    problem = "the cache folder '" + this->folder + "' holds files and no " +
              kCacheTagName +
              " written by gluonc: it is not used (name a new or empty "
              "folder)";
    key.clear();
  }
}

std::optional<CachedCompile> CompileCache::lookup() const {
  if (!isEnabled())
    return std::nullopt;
  auto miss = [&] {
    count(folder, "misses");
    return std::nullopt;
  };
  // The small files first, and the imports checked, before any image is
  // read: a stale entry costs its deps, not its files.
  std::optional<std::map<std::string, std::string>> sums = readSums(entry);
  if (!sums)
    return miss();
  size_t budget = kMaxEntryBytes;
  std::map<std::string, std::string> meta;
  for (const char *name : {"deps", "report", "entry"}) {
    std::optional<std::string> bytes =
        readCheckedFile(entry, name, (*sums)[name], budget);
    if (!bytes)
      return miss();
    meta[name] = std::move(*bytes);
  }
  CachedCompile compile;
  compile.report = meta["report"];
  compile.entry = meta["entry"];
  if (!isPlainFileName(compile.entry) || compile.entry.size() > 255 ||
      !depsStillHold(meta["deps"], compile))
    return miss();
  for (const auto &[name, digest] : *sums) {
    if (!llvm::StringRef(name).starts_with("files/"))
      continue;
    std::optional<std::string> bytes =
        readCheckedFile(entry, name, digest, budget);
    if (!bytes)
      return miss();
    compile.files[name.substr(6)] = std::move(*bytes);
  }
  if (compile.files.empty())
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
  for (const std::string &mine : {tmp, join(folder, "v1")})
    if (llvm::sys::fs::exists(mine) && !isDirectory(mine))
      return warn(mine, std::make_error_code(std::errc::not_a_directory));
  llvm::SmallString<256> staging;
  llvm::sys::fs::createUniquePath(join(tmp, key + "-%%%%%%%%"), staging,
                                  /*MakeAbsolute=*/false);
  std::string stage(staging);
  if (std::error_code ec =
          llvm::sys::fs::create_directories(join(stage, "files")))
    return warn(stage, ec);
  std::map<std::string, std::string> files;
  std::string &deps = files["deps"];
  // Each import's digest is of the text the compile read, not of the file
  // now: an import edited during the compile must make this entry stale.
  for (const std::string &path : compile.imports) {
    auto digest = compile.importDigests.find(path);
    if (digest == compile.importDigests.end())
      return; // not what was compiled: store nothing
    deps += "file " + digest->second + " " + path + "\n";
  }
  for (const auto &[path, found] : compile.probes)
    deps += std::string("probe ") + found + " " + path + "\n";
  files["report"] = compile.report;
  files["entry"] = compile.entry;
  for (const auto &[name, contents] : compile.files)
    files["files/" + name] = contents;
  files["sums"] = buildSums(files);
  bool written = true;
  for (const auto &[name, contents] : files)
    written = written && writeDurably(join(stage, name), contents);
  syncFolder(join(stage, "files"));
  syncFolder(stage);
  if (!written) {
    removeTree(stage);
    return warn(stage, std::make_error_code(std::errc::io_error));
  }
  std::string parent = llvm::sys::path::parent_path(entry).str();
  if (std::error_code ec = llvm::sys::fs::create_directories(parent)) {
    removeTree(stage);
    return warn(parent, ec);
  }
  if (!llvm::sys::fs::rename(stage, entry)) {
    syncFolder(parent);
    return;
  }
  // An entry is there: another process stored the same compile, an import
  // changed since it was stored, or it failed its sums. Move it aside and
  // put this one in; if another process wins that race, its entry is as
  // good.
  llvm::SmallString<256> aside;
  llvm::sys::fs::createUniquePath(join(tmp, key + "-old-%%%%%%%%"), aside,
                                  /*MakeAbsolute=*/false);
  if (!llvm::sys::fs::rename(entry, aside))
    removeTree(std::string(aside));
  if (llvm::sys::fs::rename(stage, entry))
    removeTree(stage);
  syncFolder(parent);
}

namespace {

/// `gluonc cache clear`: removes the entries, the staging folders and the
/// counters of the cache in `folder`, and nothing else: only a folder with
/// gluonc's cache tag is touched, only names of the cache's layout are
/// removed, and no symlink is followed.
int clearCache(const std::string &folder) {
  auto fail = [&](const std::string &path, const std::string &why) {
    std::cerr << "gluonc cache: error: cannot clear '" << path << "': " << why
              << "\n";
    return kUserError;
  };
  if (!llvm::sys::fs::exists(folder)) {
    std::cout << "gluonc cache: " << folder << " holds no cache\n";
    return kSuccess;
  }
  if (!llvm::sys::fs::is_directory(folder))
    return fail(folder, "not a folder");
  if (!isTaggedCache(folder))
    return fail(folder, "it does not look like a gluonc cache (no " +
                            std::string(kCacheTagName) +
                            " written by gluonc); nothing was removed");
  for (const char *mine : {"v1", "tmp"}) {
    std::string path = join(folder, mine);
    if (llvm::sys::fs::exists(path) && !isDirectory(path))
      return fail(path, "not a folder (a symlink is not followed); nothing "
                        "was removed");
  }
  // Every removal goes through descriptors from the tagged folder down,
  // so a v1/, shard or entry swapped for a symlink meanwhile leads nowhere.
  std::optional<OpenFolder> root =
      OpenFolder::open(AT_FDCWD, folder, /*followLink=*/true);
  if (!root)
    return fail(folder, std::strerror(errno));
  auto remove = [&](const OpenFolder &parent, const std::string &parentPath,
                    const std::string &name) {
    std::string why = removeTreeAt(parent.descriptor(), name);
    if (!why.empty())
      fail(join(parentPath, name), why);
    return why.empty();
  };
  std::string v1Path = join(folder, "v1");
  if (std::optional<OpenFolder> v1 =
          OpenFolder::open(root->descriptor(), "v1")) {
    for (const std::string &shard : v1->names()) {
      std::optional<OpenFolder> keys;
      if (isHex(shard, 2))
        keys = OpenFolder::open(v1->descriptor(), shard);
      if (!keys)
        continue;
      for (const std::string &key : keys->names())
        if (isHex(key, 64) && llvm::StringRef(key).starts_with(shard) &&
            keys->holdsFolder(key) && !remove(*keys, join(v1Path, shard), key))
          return kUserError;
      // The layout's folders go when they are left empty; anything else
      // keeps them.
      ::unlinkat(v1->descriptor(), shard.c_str(), AT_REMOVEDIR);
    }
    ::unlinkat(root->descriptor(), "v1", AT_REMOVEDIR);
  }
  std::string tmpPath = join(folder, "tmp");
  if (std::optional<OpenFolder> tmp =
          OpenFolder::open(root->descriptor(), "tmp")) {
    for (const std::string &name : tmp->names())
      if (name.size() > 65 && isHex(name.substr(0, 64), 64) &&
          name[64] == '-' && !remove(*tmp, tmpPath, name))
        return kUserError;
    ::unlinkat(root->descriptor(), "tmp", AT_REMOVEDIR);
  }
  for (const char *counter : {"hits", "misses"})
    if (!remove(*root, folder, counter))
      return kUserError;
  std::cout << "gluonc cache: cleared " << folder << "\n";
  return kSuccess;
}

} // namespace

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
  if (clear->parsed())
    return clearCache(folder);
  uint64_t entries = 0, bytes = 0;
  for (const std::string &entry : listEntries(folder)) {
    ++entries;
    std::error_code ec;
    for (llvm::sys::fs::recursive_directory_iterator file(entry, ec,
                                                          /*follow=*/false),
         end;
         !ec && file != end; file.increment(ec)) {
      llvm::sys::fs::file_status status;
      if (!llvm::sys::fs::status(file->path(), status, /*Follow=*/false) &&
          status.type() == llvm::sys::fs::file_type::regular_file)
        bytes += status.getSize();
    }
  }
  auto counter = [&](const char *name) {
    llvm::sys::fs::file_status status;
    if (llvm::sys::fs::status(join(folder, name), status, /*Follow=*/false) ||
        status.type() != llvm::sys::fs::file_type::regular_file)
      return uint64_t(0);
    return status.getSize();
  };
  std::cout << "cache: " << folder << "\nentries: " << entries
            << "\nbytes: " << bytes << "\nhits: " << counter("hits")
            << "\nmisses: " << counter("misses") << "\n";
  return kSuccess;
}
