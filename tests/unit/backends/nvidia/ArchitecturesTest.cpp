// The NVIDIA architecture table (backends/nvidia/Architectures.h) against
// the CUDA C++ Programming Guide's table "Technical Specifications per
// Compute Capability" (appendix "Compute Capabilities", CUDA 13): every row
// --arch accepts must carry its compute capability's figures.

#include "nvidia/Architectures.h"

#include "gluonc/Backends/NVIDIA.h"
#include "gluonc/Pipeline/Target.h"

#include <catch2/catch.hpp>

#include <set>
#include <string>

using namespace gluonc::nvidia;

namespace {

/// One column of the guide's table, in its units (K = 1024).
struct GuideColumn {
  unsigned computeCapability;
  /// "Maximum number of resident blocks per SM".
  unsigned blocksPerSM;
  /// "Maximum number of resident warps per SM".
  unsigned warpsPerSM;
  /// "Number of 32-bit registers per SM", in K.
  unsigned registersKPerSM;
  /// "Maximum amount of shared memory per SM", in KB.
  unsigned sharedKBPerSM;
  /// "Maximum amount of shared memory per thread block" (opt-in), in KB.
  unsigned sharedKBPerBlock;
};

// clang-format off
const GuideColumn kGuide[] = {
    // cc  blocks warps regs(K) shared KB per SM, per block
    {75,   16,    32,   64,      64,  64},
    {80,   32,    64,   64,     164, 163},
    {86,   16,    48,   64,     100,  99},
    {87,   16,    48,   64,     164, 163},
    {89,   24,    48,   64,     100,  99},
    {90,   32,    64,   64,     228, 227},
    {100,  32,    64,   64,     228, 227},
    {103,  32,    64,   64,     228, 227},
    {120,  24,    48,   64,     100,  99},
};
// clang-format on

const GuideColumn *findColumn(unsigned computeCapability) {
  for (const GuideColumn &column : kGuide)
    if (column.computeCapability == computeCapability)
      return &column;
  return nullptr;
}

} // namespace

TEST_CASE("every architecture has its compute capability's figures",
          "[architectures]") {
  REQUIRE_FALSE(getArchitectures().empty());
  for (const Architecture &arch : getArchitectures()) {
    INFO(std::string(arch.name));
    const GuideColumn *guide = findColumn(arch.computeCapability);
    REQUIRE(guide);
    CHECK(arch.maxBlocksPerSM == guide->blocksPerSM);
    CHECK(arch.maxWarpsPerSM == guide->warpsPerSM);
    CHECK(arch.registersPerSM == guide->registersKPerSM * 1024);
    CHECK(arch.sharedBytesPerSM == guide->sharedKBPerSM * 1024);
    CHECK(arch.sharedBytesPerBlock == guide->sharedKBPerBlock * 1024);
    // The guide's shared-memory sections: from 8.0 on, the 1 KB of an SM
    // a block may not use is reserved for system use (per block).
    CHECK(arch.reservedSharedBytesPerBlock ==
          arch.sharedBytesPerSM - arch.sharedBytesPerBlock);
    CHECK(arch.reservedSharedBytesPerBlock ==
          (arch.computeCapability >= 80 ? 1024u : 0u));
  }
}

TEST_CASE("rows are named sm_<cc>, with or without 'a', once each",
          "[architectures]") {
  std::set<std::string_view> names;
  for (const Architecture &arch : getArchitectures()) {
    std::string base = "sm_" + std::to_string(arch.computeCapability);
    CHECK((arch.name == base || arch.name == base + "a"));
    CHECK(names.insert(arch.name).second);
    CHECK(lookupArchitecture(arch.name) == &arch);
  }
  CHECK(names.count("sm_75"));
  CHECK(names.count("sm_90a"));
  CHECK(names.count("sm_120a"));
  CHECK_FALSE(lookupArchitecture("sm_91"));
  CHECK_FALSE(lookupArchitecture("sm_70"));
  CHECK_FALSE(lookupArchitecture("sm_90f"));
  CHECK_FALSE(lookupArchitecture("gfx942"));
}

TEST_CASE("the NVIDIA target accepts exactly the table's architectures",
          "[architectures]") {
  gluonc::registerNVIDIATarget();
  const gluonc::Target *target = gluonc::lookupTargetForArch("sm_90a");
  REQUIRE(target);
  std::vector<std::string> supported = target->getSupportedArchs();
  REQUIRE(supported.size() == getArchitectures().size());
  for (size_t i = 0; i < supported.size(); ++i)
    CHECK(supported[i] == getArchitectures()[i].name);
  // The limit a block's shared memory is checked against is the row's:
  // Turing's 64 KiB, not Hopper's 227.
  CHECK(target->getArchInfo("sm_75").sharedBytesPerBlock == 64 * 1024);
  CHECK(target->getArchInfo("sm_90a").sharedBytesPerBlock == 227 * 1024);
  CHECK(target->getArchInfo("sm_120a").sharedBytesPerBlock == 99 * 1024);
  CHECK_FALSE(gluonc::lookupTargetForArch("sm_91"));
  // Registering the target indexed its rows for code without a Target.
  CHECK(gluonc::lookupArchInfo("sm_86") == &target->getArchInfo("sm_86"));
}

TEST_CASE("every architecture's facts as the compiler reads them",
          "[architectures]") {
  const std::vector<gluonc::ArchInfo> &infos = getArchInfos();
  REQUIRE(infos.size() == getArchitectures().size());
  for (size_t i = 0; i < infos.size(); ++i) {
    const Architecture &arch = getArchitectures()[i];
    const gluonc::ArchInfo &info = infos[i];
    INFO(info.name);
    CHECK(info.name == arch.name);
    // The guide: 32 threads per warp, 1024 per block, 64 K registers per
    // block and 255 per thread on every compute capability the table has.
    CHECK(info.warpSize == 32);
    CHECK(info.maxThreadsPerBlock == 1024);
    CHECK(info.getMaxWarps() == 32);
    CHECK(info.sharedBytesPerBlock == arch.sharedBytesPerBlock);
    CHECK(info.sharedBytesPerSM == arch.sharedBytesPerSM);
    CHECK(info.registers.perBlock == 64 * 1024);
    CHECK(info.registers.perThread == 255);
    CHECK(info.registers.accumulationPerThread == 0);
    // The PTX ISA: 16 named barriers, 14 of them for worker partitions.
    CHECK(info.namedBarriers == 16);
    CHECK(info.getMaxWorkerPartitions() == 14);
    // Features by the compute capability that introduced them; wgmma and
    // setmaxnreg on sm_90a alone.
    unsigned cc = arch.computeCapability;
    CHECK(info.features.cpAsync == (cc >= 80));
    CHECK(info.features.mmaV2 == (cc >= 80));
    CHECK(info.features.float8Conversion == (cc >= 89));
    CHECK(info.features.tma == (cc >= 90));
    CHECK(info.features.wgmma == (info.name == "sm_90a"));
    CHECK(info.features.setmaxnreg == (info.name == "sm_90a"));
    // setmaxnreg's range (PTX ISA: a multiple of 8 within [24, 256]) where
    // it exists, none elsewhere.
    unsigned step = info.features.setmaxnreg ? 8 : 0;
    CHECK(info.registers.setmaxnregStep == step);
    CHECK(info.registers.setmaxnregMin == step * 3);
    CHECK(info.registers.setmaxnregMax == step * 32);
    // None of AMD's.
    CHECK(info.features.mfmaVersion == 0);
    CHECK_FALSE(info.features.bufferOps);
    CHECK(info.features.asyncCopyToLdsBytes == 0);
    CHECK_FALSE(info.features.warpPipeline);
  }
}
