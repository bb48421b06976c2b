//===- OffloadBundle.h - Clang offload bundles of code objects --*- C++ -*-===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// A HIP fat binary is a clang offload bundle: the code objects of several
// AMD processors in one file that hipModuleLoadData takes, picking the one
// for the device. gluonc writes the bundle clang-offload-bundler writes for
// a HIP compile (OffloadBundle.cpp describes it).
//
//===----------------------------------------------------------------------===//

#ifndef GLUONC_BACKENDS_AMD_OFFLOADBUNDLE_H
#define GLUONC_BACKENDS_AMD_OFFLOADBUNDLE_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <string>

namespace gluonc::amd {

struct BundleEntry {
  /// The bundle entry id: "hipv4-amdgcn-amd-amdhsa--gfx942".
  std::string id;
  llvm::StringRef contents;
};

/// The id of a code object for `processor` ("gfx942") in a HIP bundle.
std::string getHipBundleId(llvm::StringRef processor);

/// The bundle of an empty host entry and `codeObjects`, in order, each at
/// a 4096-byte boundary: the bytes of `clang-offload-bundler -type=o
/// -bundle-align=4096 -targets=host-x86_64-unknown-linux-gnu-,<ids>
/// -input=/dev/null -input=...`, which is what clang runs for a HIP
/// fat binary.
std::string writeHipOffloadBundle(llvm::ArrayRef<BundleEntry> codeObjects);

} // namespace gluonc::amd

#endif // GLUONC_BACKENDS_AMD_OFFLOADBUNDLE_H
