//===- Occupancy.h - Resident blocks per SM and the register budget -*- C++ -*-===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// How many blocks of a kernel an SM holds at once, from the resources ptxas
// reports, and when to ask ptxas for more (.minnctapersm): ptxas allocates
// registers for the fastest single warp, not for occupancy, and a kernel
// with few warps resident has little to hide memory latency with. What an
// SM provides comes from the architecture's row (Architectures.h). Plain
// C++, so that the arithmetic is unit-tested.
//
//===----------------------------------------------------------------------===//

#ifndef GLUONC_BACKENDS_NVIDIA_OCCUPANCY_H
#define GLUONC_BACKENDS_NVIDIA_OCCUPANCY_H

#include "Architectures.h"

#include <string>
#include <vector>

namespace gluonc::nvidia {

enum class OccupancyLimit { Registers, Warps, Blocks, SharedMemory };

/// "registers", "warps", "blocks" or "shared memory", for log lines.
const char *getOccupancyLimitName(OccupancyLimit limit);

struct Occupancy {
  unsigned blocks = 0;
  /// The resource that stops one more block from fitting.
  OccupancyLimit limit = OccupancyLimit::Warps;
  /// The blocks the registers alone allow.
  unsigned blocksByRegisters = 0;
  /// The blocks everything but the registers allows (warps, blocks, shared
  /// memory): the most that fewer registers could reach.
  unsigned blocksByOtherLimits = 0;
};

/// The resident blocks per SM of a kernel of `warpsPerBlock` warps using
/// `registers` per thread (allocated in units of 8 per thread, i.e. 256 per
/// warp) and `sharedBytesPerBlock` of shared memory (static and dynamic;
/// the reserved kilobyte is added here).
Occupancy computeOccupancy(const Architecture &arch, unsigned warpsPerBlock,
                           unsigned registers, unsigned sharedBytesPerBlock);

/// The registers per thread that let `blocks` blocks of `warpsPerBlock`
/// warps share the register file (a multiple of 8).
unsigned registersForBlocks(const Architecture &arch, unsigned warpsPerBlock,
                            unsigned blocks);

/// A number of resident blocks to ask ptxas for, and whether the result
/// may spill a little to get there.
struct OccupancyTarget {
  unsigned blocks = 0;
  bool allowSpills = false;
};

/// What to ask ptxas for where registers are what limits occupancy, best
/// first (none where they are not):
///  - every block the other limits allow, if that leaves at least 32
///    registers per thread and two thirds of `registers`; only worth it
///    without spills;
///  - where fewer than half of the SM's warps are resident, one block
///    more, even with a few spills: such a kernel has little else to hide
///    latency with.
std::vector<OccupancyTarget> proposeOccupancyTargets(
    const Architecture &arch, unsigned warpsPerBlock, unsigned registers,
    unsigned sharedBytesPerBlock);

/// True when `ptx` branches backwards somewhere (a loop): spill code in a
/// loop runs on every iteration, spill code outside runs once.
bool hasBackwardBranch(const std::string &ptx);

/// `ptx` with `.minnctapersm blocks` added to every entry that has a
/// `.reqntid` or `.maxntid` directive (ptxas requires one of them).
std::string addMinBlocksPerSM(const std::string &ptx, unsigned blocks);

} // namespace gluonc::nvidia

#endif // GLUONC_BACKENDS_NVIDIA_OCCUPANCY_H
