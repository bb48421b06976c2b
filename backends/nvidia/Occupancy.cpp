//===- Occupancy.cpp - Resident blocks per SM and the register budget -----===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "Occupancy.h"

#include <algorithm>
#include <regex>
#include <set>

using namespace gluonc::nvidia;

std::optional<SMLimits> gluonc::nvidia::getSMLimits(const std::string &arch) {
  std::smatch match;
  static const std::regex pattern("sm_([0-9]+)[af]?");
  if (!std::regex_match(arch, match, pattern))
    return std::nullopt;
  unsigned version = std::stoul(match[1].str());
  // Warps, blocks and shared memory per SM by compute capability (the
  // CUDA programming guide's technical specifications).
  SMLimits limits;
  switch (version) {
  case 80:
  case 87:
    limits.sharedBytes = 164 * 1024;
    if (version == 87)
      limits.maxWarps = 48, limits.maxBlocks = 16;
    return limits;
  case 86:
    limits.maxWarps = 48, limits.maxBlocks = 16;
    limits.sharedBytes = 100 * 1024;
    return limits;
  case 89:
    limits.maxWarps = 48, limits.maxBlocks = 24;
    limits.sharedBytes = 100 * 1024;
    return limits;
  case 90:
  case 100:
  case 103:
    limits.sharedBytes = 228 * 1024;
    return limits;
  case 120:
    limits.maxWarps = 48;
    limits.sharedBytes = 100 * 1024;
    return limits;
  default:
    return std::nullopt;
  }
}

static unsigned roundUp(unsigned value, unsigned multiple) {
  return (value + multiple - 1) / multiple * multiple;
}

Occupancy gluonc::nvidia::computeOccupancy(const SMLimits &limits,
                                           unsigned warpsPerBlock,
                                           unsigned registers,
                                           unsigned sharedBytesPerBlock) {
  Occupancy occupancy;
  unsigned registersPerWarp = roundUp(std::max(registers, 1u) * 32, 256);
  unsigned warpsByRegisters = limits.registers / registersPerWarp;
  occupancy.blocksByRegisters = warpsByRegisters / warpsPerBlock;
  unsigned blocksByWarps = limits.maxWarps / warpsPerBlock;
  unsigned blocksByShared =
      limits.sharedBytes /
      (sharedBytesPerBlock + limits.reservedSharedPerBlock);
  // The first limit to bind names the resource; ties go to the earlier one.
  occupancy.blocks = blocksByWarps;
  occupancy.limit = OccupancyLimit::Warps;
  auto consider = [&](unsigned blocks, OccupancyLimit limit) {
    if (blocks < occupancy.blocks) {
      occupancy.blocks = blocks;
      occupancy.limit = limit;
    }
  };
  consider(limits.maxBlocks, OccupancyLimit::Blocks);
  consider(blocksByShared, OccupancyLimit::SharedMemory);
  occupancy.blocksByOtherLimits = occupancy.blocks;
  consider(occupancy.blocksByRegisters, OccupancyLimit::Registers);
  return occupancy;
}

unsigned gluonc::nvidia::registersForBlocks(const SMLimits &limits,
                                            unsigned warpsPerBlock,
                                            unsigned blocks) {
  unsigned perThread = limits.registers / (blocks * warpsPerBlock * 32);
  return perThread / 8 * 8;
}

std::vector<OccupancyTarget> gluonc::nvidia::proposeOccupancyTargets(
    const SMLimits &limits, unsigned warpsPerBlock, unsigned registers,
    unsigned sharedBytesPerBlock) {
  Occupancy now = computeOccupancy(limits, warpsPerBlock, registers,
                                   sharedBytesPerBlock);
  std::vector<OccupancyTarget> targets;
  if (now.blocks == 0 || now.limit != OccupancyLimit::Registers)
    return targets;
  // Fewer than 32 registers per thread is not a budget ptxas meets
  // without spilling.
  auto fits = [&](unsigned blocks) {
    return registersForBlocks(limits, warpsPerBlock, blocks) >= 32;
  };
  // Full occupancy is only worth an assembly where its budget keeps two
  // thirds of the registers ptxas chose: further down it spills (layer
  // norm: 44 -> 32 registers fit, 70 -> 32 spilled 24 bytes, 113 -> 32
  // spilled 356).
  unsigned full = now.blocksByOtherLimits;
  if (fits(full) &&
      3 * registersForBlocks(limits, warpsPerBlock, full) >= 2 * registers)
    targets.push_back({full, /*allowSpills=*/false});
  unsigned next = now.blocks + 1;
  if (now.blocks * warpsPerBlock * 2 < limits.maxWarps && fits(next) &&
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
