// Resident blocks per SM and when gluonc asks ptxas for one more.

#include "Occupancy.h"

#include <catch2/catch.hpp>

using namespace gluonc::nvidia;

TEST_CASE("occupancy from registers, warps and shared memory",
          "[occupancy]") {
  const Architecture &h100 = *lookupArchitecture("sm_90a");
  // 16 warps at 113 registers (allocated as 120): 61440 of 65536.
  Occupancy big = computeOccupancy(h100, 16, 113, 0);
  CHECK(big.blocks == 1);
  CHECK(big.limit == OccupancyLimit::Registers);
  // At 64 registers exactly two fit.
  CHECK(computeOccupancy(h100, 16, 64, 0).blocks == 2);
  CHECK(computeOccupancy(h100, 16, 65, 0).blocks == 1);
  // Small kernels stop at 64 warps, then at 32 blocks.
  Occupancy small = computeOccupancy(h100, 4, 26, 0);
  CHECK(small.blocks == 16);
  CHECK(small.limit == OccupancyLimit::Warps);
  Occupancy tiny = computeOccupancy(h100, 1, 16, 0);
  CHECK(tiny.blocks == 32);
  CHECK(tiny.limit == OccupancyLimit::Blocks);
  // 100 KiB of shared memory per block (plus the reserved kilobyte): two.
  Occupancy shared = computeOccupancy(h100, 4, 32, 100 * 1024);
  CHECK(shared.blocks == 2);
  CHECK(shared.limit == OccupancyLimit::SharedMemory);
  // Turing holds half the warps and reserves no shared memory: 8 blocks of
  // 4 warps, or 2 of 32 KiB.
  const Architecture &turing = *lookupArchitecture("sm_75");
  CHECK(computeOccupancy(turing, 4, 26, 0).blocks == 8);
  CHECK(computeOccupancy(turing, 4, 32, 32 * 1024).blocks == 2);
}

TEST_CASE("registers that fit a number of blocks", "[occupancy]") {
  const Architecture &h100 = *lookupArchitecture("sm_90a");
  CHECK(registersForBlocks(h100, 16, 2) == 64);
  CHECK(registersForBlocks(h100, 4, 6) == 80);
  CHECK(registersForBlocks(h100, 8, 4) == 64);
}

namespace {
/// The targets as (blocks, allowSpills) pairs, for comparisons.
std::vector<std::pair<unsigned, bool>> targets(unsigned warps,
                                               unsigned registers,
                                               unsigned shared) {
  std::vector<std::pair<unsigned, bool>> result;
  for (OccupancyTarget target : proposeOccupancyTargets(
           *lookupArchitecture("sm_90a"), warps, registers, shared))
    result.push_back({target.blocks, target.allowSpills});
  return result;
}
using Targets = std::vector<std::pair<unsigned, bool>>;
} // namespace

TEST_CASE("targets: full occupancy without spills, one more block below half",
          "[occupancy]") {
  // Layer norm, 16384 columns: 1 block of 16 warps. Four would need 32
  // registers, far below 113: only two (64, a few spills allowed).
  CHECK(targets(16, 113, 64) == Targets{{2, true}});
  // 8 warps at 70 registers: 3 blocks (24 warps); 8 would need 32: 4.
  CHECK(targets(8, 70, 64) == Targets{{4, true}});
  // 8 warps at 46 registers: 5 blocks, over half; all 8 at 32 registers
  // are worth a try.
  CHECK(targets(8, 46, 0) == Targets{{8, false}});
  // 4 warps at 44 registers: 11 blocks, already over half: only the full
  // 16, at 32 registers.
  CHECK(targets(4, 44, 64) == Targets{{16, false}});
  // Softmax, 16384 columns: 2 blocks of 16 warps, half the SM, and 4
  // would need 32 of its 60 registers: nothing.
  CHECK(targets(16, 60, 64).empty());
  // 4 warps at 96 registers: 5 blocks; 16 would need 32: only 6.
  CHECK(targets(4, 96, 0) == Targets{{6, true}});
  // 16 warps at 80 registers, 80 KiB of shared memory: 1 block; shared
  // memory allows 2, which is also the next block: tried once, no spills.
  CHECK(targets(16, 80, 80 * 1024) == Targets{{2, false}});
  // Shared memory binds, not registers: nothing.
  CHECK(targets(4, 128, 100 * 1024).empty());
  // Not limited by registers at all.
  CHECK(targets(4, 26, 0).empty());
  // More registers than the block can have at all: nothing.
  CHECK(targets(24, 168, 0).empty());
  // 24-warp blocks at 80 registers: one block; two need 40 each, too far
  // below 80 to try without spills, but below half: with a few.
  CHECK(targets(24, 80, 0) == Targets{{2, true}});
  CHECK(registersForBlocks(*lookupArchitecture("sm_90a"), 24, 2) == 40);
}

TEST_CASE("the directive goes after the block size", "[occupancy]") {
  std::string ptx = ".entry k(\n\t.param .u64 p\n)\n.reqntid 512, 1, 1\n{\n}\n";
  std::string tuned = addMinBlocksPerSM(ptx, 2);
  CHECK(tuned ==
        ".entry k(\n\t.param .u64 p\n)\n.reqntid 512, 1, 1\n.minnctapersm 2\n"
        "{\n}\n");
  CHECK(addMinBlocksPerSM(".entry k()\n{\n}\n", 2) == ".entry k()\n{\n}\n");
}

TEST_CASE("loops are backward branches", "[occupancy]") {
  CHECK(hasBackwardBranch("{\n$L__BB0_1:\n\tadd.s32 %r1, %r1, 1;\n"
                          "\t@%p1 bra $L__BB0_1;\n\tret;\n}\n"));
  CHECK(hasBackwardBranch("$L__BB0_2:\n\tbra.uni \t$L__BB0_2;\n"));
  CHECK_FALSE(hasBackwardBranch("{\n\t@%p1 bra $L__BB0_2;\n\tst.u32 [x], 1;\n"
                                "$L__BB0_2:\n\tret;\n}\n"));
  CHECK_FALSE(hasBackwardBranch(".entry k()\n{\n\tret;\n}\n"));
}
