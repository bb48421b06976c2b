// The AMD architecture table (backends/amd/Architectures.h) against the
// published figures: AMD's CDNA2, CDNA3 and CDNA4 ISA reference guides
// and LLVM's AMDGPUUsage (wave size, LDS per work-group, the vector and
// scalar registers a wave may address, the MFMA generation), and the
// facts the rest of the compiler reads from it (ArchInfo.h).

#include "amd/Architectures.h"

#include "gluonc/Backends/AMD.h"
#include "gluonc/Pipeline/Target.h"

#include <catch2/catch.hpp>

#include <iterator>
#include <string>

using namespace gluonc::amd;

namespace {

/// One architecture's published figures.
struct IsaFigures {
  const char *name;
  /// Lanes per wave.
  unsigned waveSize;
  /// Work-items per work-group at most.
  unsigned workGroupSize;
  /// LDS one work-group may address, in KiB.
  unsigned ldsKiB;
  /// Vector registers a lane may address: architectural, accumulation.
  unsigned vgprs;
  unsigned agprs;
  /// Scalar registers a wave may address.
  unsigned sgprs;
  /// MFMA generation; 0: no matrix cores of that kind.
  unsigned mfma;
  /// Bytes per lane of the widest copy from global memory to LDS.
  unsigned ldsCopyBytes;
};

// clang-format off
const IsaFigures kFigures[] = {
    // name      wave group LDS   VGPRs AGPRs SGPRs MFMA copy
    {"gfx90a",   64,  1024,  64,  256,  256,  102,  2,    0},
    {"gfx942",   64,  1024,  64,  256,  256,  102,  3,    4},
    {"gfx950",   64,  1024, 160,  256,  256,  102,  4,   16},
    {"gfx1250",  32,  1024, 320, 1024,    0,  106,  0,    0},
};
// clang-format on

const IsaFigures *findFigures(std::string_view name) {
  for (const IsaFigures &figures : kFigures)
    if (figures.name == name)
      return &figures;
  return nullptr;
}

} // namespace

TEST_CASE("every AMD architecture has its ISA's figures", "[architectures]") {
  REQUIRE(getArchitectures().size() == std::size(kFigures));
  for (const Architecture &arch : getArchitectures()) {
    INFO(std::string(arch.name));
    const IsaFigures *figures = findFigures(arch.name);
    REQUIRE(figures);
    CHECK(arch.waveSize == figures->waveSize);
    CHECK(arch.maxWorkGroupSize == figures->workGroupSize);
    CHECK(arch.ldsBytes == figures->ldsKiB * 1024);
    CHECK(arch.vgprs == figures->vgprs);
    CHECK(arch.agprs == figures->agprs);
    CHECK(arch.sgprs == figures->sgprs);
    CHECK(arch.mfmaVersion == figures->mfma);
    CHECK(arch.asyncCopyToLdsBytes == figures->ldsCopyBytes);
    // gluonc's CDNA lowerings (buffer accesses, warp pipelines) exist
    // where the matrix cores do.
    CHECK(arch.bufferOps == (figures->mfma != 0));
    CHECK(arch.warpPipeline == (figures->mfma != 0));
    CHECK(lookupArchitecture(arch.name) == &arch);
  }
  CHECK_FALSE(lookupArchitecture("gfx940"));
  CHECK_FALSE(lookupArchitecture("sm_90a"));
}

TEST_CASE("every AMD architecture's facts as the compiler reads them",
          "[architectures]") {
  const std::vector<gluonc::ArchInfo> &infos = getArchInfos();
  REQUIRE(infos.size() == getArchitectures().size());
  for (size_t i = 0; i < infos.size(); ++i) {
    const Architecture &arch = getArchitectures()[i];
    const gluonc::ArchInfo &info = infos[i];
    INFO(info.name);
    CHECK(info.name == arch.name);
    CHECK(info.warpSize == arch.waveSize);
    CHECK(info.getMaxWarps() == 1024 / arch.waveSize);
    CHECK(info.sharedBytesPerBlock == arch.ldsBytes);
    CHECK(info.registers.perThread == arch.vgprs + arch.agprs);
    CHECK(info.registers.getVectorPerThread() == arch.vgprs);
    CHECK(info.registers.accumulationPerThread == arch.agprs);
    CHECK(info.registers.scalarPerWave == arch.sgprs);
    // Waves own their registers, and no barrier waits for some of a
    // work-group's waves: no setmaxnreg, no warp specialization.
    CHECK(info.registers.perBlock == 0);
    CHECK_FALSE(info.features.setmaxnreg);
    CHECK_FALSE(info.hasTaskBarriers());
    CHECK(info.features.mfmaVersion == arch.mfmaVersion);
    CHECK(info.features.asyncCopyToLdsBytes == arch.asyncCopyToLdsBytes);
    CHECK(info.features.float8Conversion);
    // None of NVIDIA's.
    CHECK_FALSE(info.features.cpAsync);
    CHECK_FALSE(info.features.mmaV2);
    CHECK_FALSE(info.features.tma);
    CHECK_FALSE(info.features.wgmma);
  }
}

TEST_CASE("the AMD target accepts exactly the table's architectures",
          "[architectures]") {
  gluonc::registerAMDTarget();
  const gluonc::Target *target = gluonc::lookupTargetForArch("gfx942");
  REQUIRE(target);
  std::vector<std::string> supported = target->getSupportedArchs();
  REQUIRE(supported.size() == getArchitectures().size());
  for (size_t i = 0; i < supported.size(); ++i) {
    const Architecture &arch = getArchitectures()[i];
    CHECK(supported[i] == arch.name);
    // The lowering's primitives are those of the row's wave size.
    CHECK(target->getTargetInfo(supported[i])->getWarpSize() == arch.waveSize);
    CHECK(gluonc::lookupArchInfo(supported[i]) ==
          &target->getArchInfo(supported[i]));
  }
  // The LDS a work-group may use: CDNA3's 64 KiB, CDNA4's 160 KiB.
  CHECK(target->getArchInfo("gfx942").checkSharedAllocation(65536).empty());
  CHECK(target->getArchInfo("gfx942").checkSharedAllocation(65537) ==
        "allocating 65537 bytes of shared memory, more than the 65536 a "
        "block of gfx942 can use");
  CHECK(
      target->getArchInfo("gfx950").checkSharedAllocation(160 * 1024).empty());
  CHECK_FALSE(gluonc::lookupTargetForArch("gfx940"));
}
