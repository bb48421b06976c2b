//===- CudaToolkit.cpp - Finding the CUDA toolkit's files -----------------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "CudaToolkit.h"

#include "llvm/Support/FileSystem.h"

#include <cstdlib>

#ifndef GLUONC_CUDA_ROOT
#define GLUONC_CUDA_ROOT "/usr/local/cuda"
#endif

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
