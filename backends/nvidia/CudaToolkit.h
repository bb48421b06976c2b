//===- CudaToolkit.h - Finding and running the CUDA toolkit -----*- C++ -*-===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#ifndef GLUONC_BACKENDS_NVIDIA_CUDATOOLKIT_H
#define GLUONC_BACKENDS_NVIDIA_CUDATOOLKIT_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <deque>
#include <optional>
#include <string>

namespace gluonc::nvidia {

/// Where to look for the toolkit, in order: $GLUONC_CUDA_ROOT, $CUDA_HOME,
/// $CUDA_PATH, then the root gluonc was configured with.
llvm::SmallVector<std::string> getCudaRoots();

/// The first existing `<root>/<relativePath>`.
std::optional<std::string> findCudaFile(llvm::StringRef relativePath);

/// The toolkit program `name` (ptxas, fatbinary): the path in the
/// environment variable `override` when set, else `<root>/bin/<name>` for the
/// first root that has it, else `name` on PATH.
std::optional<std::string> findCudaProgram(llvm::StringRef name,
                                           const char *override);

/// Temporary files for a toolkit program's inputs and outputs, removed when
/// this goes out of scope.
class ToolTempFiles {
public:
  ToolTempFiles() = default;
  ToolTempFiles(const ToolTempFiles &) = delete;
  ToolTempFiles &operator=(const ToolTempFiles &) = delete;
  ~ToolTempFiles();
  /// A new empty file ending in `.suffix`; its path stays valid as long
  /// as this does.
  llvm::Expected<llvm::StringRef> create(llvm::StringRef suffix);
  /// A new file ending in `.suffix` holding `contents`.
  llvm::Expected<llvm::StringRef> write(llvm::StringRef suffix,
                                        llvm::StringRef contents);

private:
  /// A deque: creating a file never moves the paths handed out before.
  std::deque<std::string> paths;
};

/// Runs `program` with `args` (args[0] is the program) and returns what it
/// printed on stdout and stderr; `exitCode` receives its exit status.
llvm::Expected<std::string> runAndCapture(llvm::StringRef program,
                                          llvm::ArrayRef<llvm::StringRef> args,
                                          ToolTempFiles &temps, int &exitCode);

} // namespace gluonc::nvidia

#endif // GLUONC_BACKENDS_NVIDIA_CUDATOOLKIT_H
