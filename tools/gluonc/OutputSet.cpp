//===- OutputSet.cpp - A compile's files, written all or none -------------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "OutputSet.h"
#include "gluonc/Pipeline/CompilerLog.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

using namespace gluonc::driver;

bool OutputSet::write(CompileIO &io) {
  std::vector<std::pair<std::string, std::string>> renames;
  auto fail = [&](const std::string &path, const std::string &why) {
    for (auto &[temp, destination] : renames)
      llvm::sys::fs::remove(temp);
    io.err << "gluonc: error: cannot write '" << path << "': " << why
           << "\n";
    return false;
  };
  for (auto &[path, contents] : files) {
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
  for (auto &[temp, path] : renames) {
    llvm::sys::fs::file_status status;
    if (!llvm::sys::fs::status(path, status, /*Follow=*/false) &&
        status.type() == llvm::sys::fs::file_type::directory_file)
      return fail(path, "a directory is in the way");
  }
  for (size_t i = 0; i < renames.size(); ++i)
    if (std::error_code ec =
            llvm::sys::fs::rename(renames[i].first, renames[i].second)) {
      // Only a race with another process gets here: the files before
      // this one are in place, the rest are not.
      renames.erase(renames.begin(), renames.begin() + i);
      return fail(renames.front().second, ec.message());
    }
  for (auto &[path, contents] : files)
    getCompilerLog().info("wrote {} ({} bytes)", path, contents.size());
  if (io.written)
    *io.written = getPaths();
  return true;
}
