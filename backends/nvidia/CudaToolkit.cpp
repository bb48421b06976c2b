//===- CudaToolkit.cpp - Finding and running the CUDA toolkit -------------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "CudaToolkit.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>

#ifndef GLUONC_CUDA_ROOT
#define GLUONC_CUDA_ROOT "/usr/local/cuda"
#endif

using namespace llvm;
using namespace gluonc::nvidia;

llvm::SmallVector<std::string> gluonc::nvidia::getCudaRoots() {
  llvm::SmallVector<std::string> roots;
  for (const char *var : {"GLUONC_CUDA_ROOT", "CUDA_HOME", "CUDA_PATH"})
    if (const char *value = std::getenv(var); value && *value)
      roots.push_back(value);
  roots.push_back(GLUONC_CUDA_ROOT);
  return roots;
}

std::optional<std::string>
gluonc::nvidia::findCudaFile(llvm::StringRef relativePath) {
  for (const std::string &root : getCudaRoots()) {
    std::string path = root + "/" + relativePath.str();
    if (llvm::sys::fs::exists(path))
      return path;
  }
  return std::nullopt;
}

std::optional<std::string>
gluonc::nvidia::findCudaProgram(StringRef name, const char *override) {
  if (const char *value = std::getenv(override); value && *value)
    return std::string(value);
  for (const std::string &root : getCudaRoots()) {
    std::string path = root + "/bin/" + name.str();
    if (sys::fs::can_execute(path))
      return path;
  }
  if (ErrorOr<std::string> path = sys::findProgramByName(name))
    return *path;
  return std::nullopt;
}

ToolTempFiles::~ToolTempFiles() {
  for (const std::string &path : paths)
    sys::fs::remove(path);
}

Expected<StringRef> ToolTempFiles::create(StringRef suffix) {
  SmallString<128> path;
  if (std::error_code ec = sys::fs::createTemporaryFile("gluonc", suffix, path))
    return createStringError("cannot create a temporary file: " + ec.message());
  paths.push_back(path.str().str());
  return StringRef(paths.back());
}

Expected<StringRef> ToolTempFiles::write(StringRef suffix, StringRef contents) {
  Expected<StringRef> path = create(suffix);
  if (!path)
    return path.takeError();
  std::error_code ec;
  raw_fd_ostream os(*path, ec);
  if (!ec) {
    os << contents;
    os.close();
    ec = os.error();
    // Handled here; a stream destroyed with an error pending aborts.
    os.clear_error();
  }
  if (ec)
    return createStringError("cannot write " + path->str() + ": " +
                             ec.message());
  return path;
}

Expected<std::string> gluonc::nvidia::runAndCapture(StringRef program,
                                                    ArrayRef<StringRef> args,
                                                    ToolTempFiles &temps,
                                                    int &exitCode) {
  Expected<StringRef> logPath = temps.create("log");
  if (!logPath)
    return logPath.takeError();
  std::optional<StringRef> redirects[] = {std::nullopt, *logPath, *logPath};
  std::string error;
  exitCode =
      sys::ExecuteAndWait(program, args, std::nullopt, redirects,
                          /*SecondsToWait=*/0, /*MemoryLimit=*/0, &error);
  if (exitCode < 0)
    return createStringError("cannot run " + program.str() + ": " + error);
  auto log = MemoryBuffer::getFile(*logPath);
  return log ? (*log)->getBuffer().str() : std::string();
}
