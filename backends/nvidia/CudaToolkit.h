//===- CudaToolkit.h - Finding the CUDA toolkit's files ---------*- C++ -*-===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#ifndef GLUONC_BACKENDS_NVIDIA_CUDATOOLKIT_H
#define GLUONC_BACKENDS_NVIDIA_CUDATOOLKIT_H

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>

namespace gluonc::nvidia {

/// Where to look for the toolkit, in order: $GLUONC_CUDA_ROOT, $CUDA_HOME,
/// $CUDA_PATH, then the root gluonc was configured with.
llvm::SmallVector<std::string> getCudaRoots();

/// The first existing `<root>/<relativePath>`.
std::optional<std::string> findCudaFile(llvm::StringRef relativePath);

} // namespace gluonc::nvidia

#endif // GLUONC_BACKENDS_NVIDIA_CUDATOOLKIT_H
