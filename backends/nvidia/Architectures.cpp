//===- Architectures.cpp - The NVIDIA architectures gluonc targets --------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The rows of Architectures.h. An architecture-specific variant ("a":
// wgmma and setmaxnreg on sm_90a, tcgen05 on sm_100a) has its base's
// limits. From 8.0 on, a block may use all of an SM's shared memory but
// the kilobyte the driver reserves per block; Turing reserves none.
// tests/unit/backends/nvidia/ArchitecturesTest.cpp checks every row
// against the programming guide's figures.
//
// What the rows share is stated once below, with its source: the guide's
// per-block and per-thread limits, the PTX ISA's named barriers and
// setmaxnreg range. A feature comes with the compute capability that
// introduced it, wgmma and setmaxnreg with the "a" variant that has them.
//
//===----------------------------------------------------------------------===//

#include "Architectures.h"

using namespace gluonc;
using namespace gluonc::nvidia;

static constexpr unsigned KiB = 1024;

/// The guide's "Maximum number of threads per block" and "Maximum number of
/// 32-bit registers per thread block" / "per thread", the same from
/// compute capability 5.0 on.
static constexpr unsigned kMaxThreadsPerBlock = 1024;
static constexpr unsigned kRegistersPerBlock = 64 * KiB;
static constexpr unsigned kRegistersPerThread = 255;
/// The PTX ISA's barrier instructions (bar.sync, barrier.sync): 16 named
/// barriers per CTA, ids 0 to 15.
static constexpr unsigned kNamedBarriers = 16;
/// The PTX ISA's setmaxnreg: a register count that is a multiple of 8
/// within [24, 256].
static constexpr unsigned kSetmaxnregMin = 24;
static constexpr unsigned kSetmaxnregMax = 256;
static constexpr unsigned kSetmaxnregStep = 8;
/// gluonc's own floor for a task that can print or assert: vprintf's and
/// __assertfail's argument set-up needs more than setmaxnreg's minimum.
static constexpr unsigned kMinRegistersWithDiagnostics = 32;

const std::vector<Architecture> &gluonc::nvidia::getArchitectures() {
  // clang-format off
  static const std::vector<Architecture> architectures = {
      //           cc   shared memory per        per SM:
      //                block      SM         reserved  warps blocks registers
      //                                                                 wgmma
      // Turing.
      {"sm_75",   75,  64 * KiB,  64 * KiB, 0,    32, 16, 64 * KiB},
      // Ampere: A100 (8.0), GA10x (8.6), Orin (8.7).
      {"sm_80",   80, 163 * KiB, 164 * KiB, KiB,  64, 32, 64 * KiB},
      {"sm_86",   86,  99 * KiB, 100 * KiB, KiB,  48, 16, 64 * KiB},
      {"sm_87",   87, 163 * KiB, 164 * KiB, KiB,  48, 16, 64 * KiB},
      // Ada.
      {"sm_89",   89,  99 * KiB, 100 * KiB, KiB,  48, 24, 64 * KiB},
      // Hopper.
      {"sm_90",   90, 227 * KiB, 228 * KiB, KiB,  64, 32, 64 * KiB},
      {"sm_90a",  90, 227 * KiB, 228 * KiB, KiB,  64, 32, 64 * KiB, true},
      // Blackwell: B200 (10.0), B300 (10.3), RTX 50 series (12.0).
      {"sm_100", 100, 227 * KiB, 228 * KiB, KiB,  64, 32, 64 * KiB},
      {"sm_100a",100, 227 * KiB, 228 * KiB, KiB,  64, 32, 64 * KiB},
      {"sm_103", 103, 227 * KiB, 228 * KiB, KiB,  64, 32, 64 * KiB},
      {"sm_103a",103, 227 * KiB, 228 * KiB, KiB,  64, 32, 64 * KiB},
      {"sm_120", 120,  99 * KiB, 100 * KiB, KiB,  48, 24, 64 * KiB},
      {"sm_120a",120,  99 * KiB, 100 * KiB, KiB,  48, 24, 64 * KiB},
  };
  // clang-format on
  return architectures;
}

const Architecture *gluonc::nvidia::lookupArchitecture(std::string_view name) {
  return findArchRow(getArchitectures(), name);
}

/// The facts of `arch` in the compiler's terms.
static ArchInfo toArchInfo(const Architecture &arch) {
  ArchInfo info;
  info.name = std::string(arch.name);
  info.warpSize = kWarpSize;
  info.maxThreadsPerBlock = kMaxThreadsPerBlock;
  info.sharedBytesPerBlock = arch.sharedBytesPerBlock;
  info.sharedBytesPerSM = arch.sharedBytesPerSM;
  RegisterFile &registers = info.registers;
  registers.perBlock = kRegistersPerBlock;
  registers.perThread = kRegistersPerThread;
  ArchFeatures &features = info.features;
  // cp.async and mma.sync's m16n8k16 came with Ampere, the fp8 conversions
  // (cvt ... e4m3x2) with Ada, TMA and mbarrier transaction counts with
  // Hopper.
  features.cpAsync = arch.computeCapability >= 80;
  features.mmaV2 = arch.computeCapability >= 80;
  features.float8Conversion = arch.computeCapability >= 89;
  features.tma = arch.computeCapability >= 90;
  // setmaxnreg is, like wgmma, an sm_90a-specific instruction.
  features.wgmma = arch.warpgroupMma;
  features.setmaxnreg = arch.warpgroupMma;
  if (features.setmaxnreg) {
    registers.setmaxnregMin = kSetmaxnregMin;
    registers.setmaxnregMax = kSetmaxnregMax;
    registers.setmaxnregStep = kSetmaxnregStep;
    registers.minWithDiagnostics = kMinRegistersWithDiagnostics;
  }
  info.namedBarriers = kNamedBarriers;
  return info;
}

const std::vector<ArchInfo> &gluonc::nvidia::getArchInfos() {
  static const std::vector<ArchInfo> infos =
      convertArchRows(getArchitectures(), toArchInfo);
  return infos;
}
