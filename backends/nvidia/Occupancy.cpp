//===- Occupancy.cpp - Resident blocks per SM and the register budget -----===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The occupancy arithmetic of CUDA's occupancy calculator for the limits
// of one architecture row, and the two PTX rewrites occupancy tuning needs
// (a .minnctapersm directive, whether the kernel loops).
//
//===----------------------------------------------------------------------===//

#include "Occupancy.h"

#include <algorithm>
#include <regex>
#include <set>

using namespace gluonc::nvidia;

static unsigned roundUp(unsigned value, unsigned multiple) {
  return (value + multiple - 1) / multiple * multiple;
}

Occupancy gluonc::nvidia::computeOccupancy(const Architecture &arch,
                                           unsigned warpsPerBlock,
                                           unsigned registers,
                                           unsigned sharedBytesPerBlock) {
  Occupancy occupancy;
  unsigned registersPerWarp = roundUp(std::max(registers, 1u) * kWarpSize, 256);
  unsigned warpsByRegisters = arch.registersPerSM / registersPerWarp;
  occupancy.blocksByRegisters = warpsByRegisters / warpsPerBlock;
  unsigned blocksByWarps = arch.maxWarpsPerSM / warpsPerBlock;
  // A block without shared memory on an architecture that reserves none
  // (Turing) is not limited by it.
  unsigned sharedPerBlock =
      sharedBytesPerBlock + arch.reservedSharedBytesPerBlock;
  unsigned blocksByShared = sharedPerBlock == 0
                                ? arch.maxBlocksPerSM
                                : arch.sharedBytesPerSM / sharedPerBlock;
  // The first limit to bind names the resource; ties go to the earlier one.
  occupancy.blocks = blocksByWarps;
  occupancy.limit = OccupancyLimit::Warps;
  auto consider = [&](unsigned blocks, OccupancyLimit limit) {
    if (blocks < occupancy.blocks) {
      occupancy.blocks = blocks;
      occupancy.limit = limit;
    }
  };
  consider(arch.maxBlocksPerSM, OccupancyLimit::Blocks);
  consider(blocksByShared, OccupancyLimit::SharedMemory);
  occupancy.blocksByOtherLimits = occupancy.blocks;
  consider(occupancy.blocksByRegisters, OccupancyLimit::Registers);
  return occupancy;
}

const char *gluonc::nvidia::getOccupancyLimitName(OccupancyLimit limit) {
  switch (limit) {
  case OccupancyLimit::Registers:
    return "registers";
  case OccupancyLimit::Warps:
    return "warps";
  case OccupancyLimit::Blocks:
    return "blocks";
  case OccupancyLimit::SharedMemory:
    return "shared memory";
  }
  return "?";
}

unsigned gluonc::nvidia::registersForBlocks(const Architecture &arch,
                                            unsigned warpsPerBlock,
                                            unsigned blocks) {
  unsigned perThread =
      arch.registersPerSM / (blocks * warpsPerBlock * kWarpSize);
  return perThread / 8 * 8;
}

std::vector<OccupancyTarget> gluonc::nvidia::proposeOccupancyTargets(
    const Architecture &arch, unsigned warpsPerBlock, unsigned registers,
    unsigned sharedBytesPerBlock) {
  Occupancy now = computeOccupancy(arch, warpsPerBlock, registers,
                                   sharedBytesPerBlock);
  std::vector<OccupancyTarget> targets;
  if (now.blocks == 0 || now.limit != OccupancyLimit::Registers)
    return targets;
  // Fewer than 32 registers per thread is not a budget ptxas meets
  // without spilling.
  auto fits = [&](unsigned blocks) {
    return registersForBlocks(arch, warpsPerBlock, blocks) >= 32;
  };
  // Full occupancy is only worth an assembly where its budget keeps two
  // thirds of the registers ptxas chose: further down it spills (layer
  // norm: 44 -> 32 registers fit, 70 -> 32 spilled 24 bytes, 113 -> 32
  // spilled 356).
  unsigned full = now.blocksByOtherLimits;
  if (fits(full) &&
      3 * registersForBlocks(arch, warpsPerBlock, full) >= 2 * registers)
    targets.push_back({full, /*allowSpills=*/false});
  unsigned next = now.blocks + 1;
  if (now.blocks * warpsPerBlock * 2 < arch.maxWarpsPerSM && fits(next) &&
      (targets.empty() || next != full))
    targets.push_back({next, /*allowSpills=*/true});
  return targets;
}

std::string gluonc::nvidia::addMinBlocksPerSM(const std::string &ptx,
                                              unsigned blocks) {
  static const std::regex directive(
      R"((\n[ \t]*\.(reqntid|maxntid)[ \t]+[0-9]+(,[ \t]*[0-9]+)*))");
  return std::regex_replace(ptx, directive,
                            "$1\n.minnctapersm " + std::to_string(blocks));
}

bool gluonc::nvidia::hasBackwardBranch(const std::string &ptx) {
  static const std::regex label(R"(^\s*([A-Za-z_$%][\w$]*):)");
  static const std::regex branch(R"(\bbra(\.uni)?\s+([A-Za-z_$%][\w$]*)\s*;)");
  std::set<std::string> seen;
  size_t start = 0;
  while (start < ptx.size()) {
    size_t end = ptx.find('\n', start);
    if (end == std::string::npos)
      end = ptx.size();
    std::string line = ptx.substr(start, end - start);
    std::smatch match;
    if (std::regex_search(line, match, label))
      seen.insert(match[1].str());
    else if (std::regex_search(line, match, branch) &&
             seen.count(match[2].str()))
      return true;
    start = end + 1;
  }
  return false;
}
