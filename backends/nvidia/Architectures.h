//===- Architectures.h - The NVIDIA architectures of gluonc -----*- C++ -*-===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// One table, one row per architecture `--arch` accepts, with the limits of
// its compute capability as the CUDA C++ Programming Guide's "Technical
// Specifications per Compute Capability" gives them. Every decision that
// depends on the architecture reads it: through getArchInfos, the facts
// the whole compiler shares (ArchInfo.h: the target's list of
// architectures and with it `--arch`'s help, the shared memory one block
// may use, the register file, the features); here, the occupancy budget
// (Occupancy.h). Plain C++, so that tests/unit checks the rows against the
// guide.
//
//===----------------------------------------------------------------------===//

#ifndef GLUONC_BACKENDS_NVIDIA_ARCHITECTURES_H
#define GLUONC_BACKENDS_NVIDIA_ARCHITECTURES_H

#include "gluonc/Target/ArchInfo.h"

#include <string_view>
#include <vector>

namespace gluonc::nvidia {

/// Threads per warp, on every NVIDIA architecture.
constexpr unsigned kWarpSize = 32;

struct Architecture {
  /// As `--arch` and ptxas spell it: "sm_90a".
  std::string_view name;
  /// 10 * major + minor: 90 for sm_90 and sm_90a.
  unsigned computeCapability;
  /// The most shared memory one block may use, in bytes: the opt-in
  /// maximum (cudaFuncAttributeMaxDynamicSharedMemorySize).
  unsigned sharedBytesPerBlock;
  /// Shared memory of one SM, in bytes, divided among its resident blocks.
  unsigned sharedBytesPerSM;
  /// Shared memory the driver keeps for itself from every resident block
  /// (cudaDeviceProp::reservedSharedMemPerBlock): what the SM has beyond
  /// what one block may use.
  unsigned reservedSharedBytesPerBlock;
  /// Resident warps and blocks one SM holds at most.
  unsigned maxWarpsPerSM;
  unsigned maxBlocksPerSM;
  /// 32-bit registers of one SM, divided among its resident warps.
  unsigned registersPerSM;
  /// Whether it has wgmma (warpgroup MMA): sm_90a alone, an
  /// architecture-specific feature that sm_100 and later do not keep.
  bool warpgroupMma = false;
};

/// Every architecture `--arch` accepts, oldest first.
const std::vector<Architecture> &getArchitectures();

/// The row of `name` ("sm_90a"); null for an architecture gluonc does not
/// target.
const Architecture *lookupArchitecture(std::string_view name);

/// What every architecture of the table is to the rest of the compiler,
/// in the table's order (Target::getArchitectures).
const std::vector<ArchInfo> &getArchInfos();

} // namespace gluonc::nvidia

#endif // GLUONC_BACKENDS_NVIDIA_ARCHITECTURES_H
