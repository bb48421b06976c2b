//===- CodeObject.h - hsaco linking and its metadata note -------*- C++ -*-===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#ifndef GLUONC_BACKENDS_AMD_CODEOBJECT_H
#define GLUONC_BACKENDS_AMD_CODEOBJECT_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <string>
#include <vector>

namespace gluonc::amd {

/// One kernel argument as the code object declares it.
struct CodeObjectArgument {
  std::string valueKind; // "global_buffer", "by_value", "hidden_block_count_x"
  unsigned offset = 0;
  unsigned size = 0;
};

/// A kernel's entry of the code object's NT_AMDGPU_METADATA note
/// (amdhsa.kernels).
struct CodeObjectKernel {
  std::string name;
  std::string symbol;
  uint64_t kernargSegmentSize = 0;
  uint64_t kernargSegmentAlign = 0;
  uint64_t groupSegmentFixedSize = 0;
  uint64_t privateSegmentFixedSize = 0;
  uint64_t sgprCount = 0;
  uint64_t vgprCount = 0;
  uint64_t agprCount = 0;
  uint64_t sgprSpillCount = 0;
  uint64_t vgprSpillCount = 0;
  uint64_t wavefrontSize = 0;
  uint64_t maxFlatWorkgroupSize = 0;
  std::vector<CodeObjectArgument> arguments;
};

/// Links a relocatable AMDGPU object into a code object (hsaco) with LLD,
/// in process.
llvm::Expected<std::vector<char>> linkCodeObject(llvm::ArrayRef<char> object);

/// The metadata note's entry for kernel `name` in `hsaco`.
llvm::Expected<CodeObjectKernel> readKernelMetadata(llvm::ArrayRef<char> hsaco,
                                                   llvm::StringRef name);

/// The code object version the note declares (amdhsa.version: 1.2 is v5).
llvm::Expected<unsigned> readCodeObjectVersion(llvm::ArrayRef<char> hsaco);

} // namespace gluonc::amd

#endif // GLUONC_BACKENDS_AMD_CODEOBJECT_H
