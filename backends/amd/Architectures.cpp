//===- Architectures.cpp - The AMD architectures gluonc targets -----------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The rows of Architectures.h and where their figures come from:
//
//  - wave size: LLVM's AMDGPUUsage, "Processors" table (GFX9 runs wave64;
//    gfx1250, GFX12.5, runs wave32 only);
//  - work-group size: the HSA dispatch packet's and LLVM's limit of 1024
//    work-items (AMDGPUUsage, amdgpu-flat-work-group-size; LLVM's
//    AMDGPU::IsaInfo::getMaxFlatWorkGroupSize);
//  - LDS: the CDNA2 and CDNA3 ISA guides' 64 KiB per compute unit, the
//    CDNA4 ISA guide's 160 KiB (gfx950), gfx1250's 320 KiB; LLVM's
//    AddressableLocalMemorySize features (65536, 163840, 327680 bytes) and
//    AMDGPUUsage's GRANULATED_LDS_SIZE table agree;
//  - registers: the CDNA2/3/4 ISA guides' unified vector register file of
//    512 per lane, at most 256 architectural VGPRs and 256 AccVGPRs
//    (CDNA3 ISA, "Vector GPRs"); gfx1250's 1024 VGPRs in wave32 and no
//    AccVGPRs (AMDGPUUsage's DWARF register mapping, VGPR0-VGPR1023 for
//    wave32); 102 addressable SGPRs on GFX9, 106 from GFX10 on (LLVM's
//    AMDGPU::IsaInfo::getAddressableNumSGPRs). llc 22 agrees: on gfx942 it
//    allocates v255 and a255 but not a256, s101 but not s102;
//  - MFMA, by the ISA guides and llvm-mc 22: CDNA2 (gfx90a) has the
//    bf16_1k forms, CDNA3 (gfx942) adds the fp8 forms, CDNA4 (gfx950)
//    doubles K of the 16-bit forms (v_mfma_f32_32x32x16_f16); gfx1250 has
//    WMMA instead;
//  - copies to LDS: CDNA3's global_load_lds_dword and buffer_load_dword
//    ... lds move 4 bytes per lane, CDNA4 adds the _dwordx4 forms (16
//    bytes). gfx90a has the buffer form only (llvm-mc 22 refuses
//    global_load_lds_dword there), and gluonc's copies need both, so it
//    offers none there;
//  - buffer accesses and warp pipelines are gluonc's CDNA lowerings
//    (BufferOpToLLVM.cpp, WarpPipelineToROCDL.cpp): gfx1250 has buffer
//    instructions, and a split barrier, but gluonc lowers neither yet.
//
// tests/unit/backends/amd/ArchitecturesTest.cpp checks every row against
// these figures.
//
//===----------------------------------------------------------------------===//

#include "Architectures.h"

using namespace gluonc;
using namespace gluonc::amd;

static constexpr unsigned KiB = 1024;

const std::vector<Architecture> &gluonc::amd::getArchitectures() {
  // clang-format off
  static const std::vector<Architecture> architectures = {
      //         wave work-  LDS        VGPRs AGPRs SGPRs MFMA buffer LDS   warp
      //              group                                           copy  pipeline
      // CDNA2 (MI200), CDNA3 (MI300), CDNA4 (MI350).
      {"gfx90a",  64, 1024,  64 * KiB,  256,  256,  102,  2,   true,   0,   true},
      {"gfx942",  64, 1024,  64 * KiB,  256,  256,  102,  3,   true,   4,   true},
      {"gfx950",  64, 1024, 160 * KiB,  256,  256,  102,  4,   true,  16,   true},
      // GFX12.5.
      {"gfx1250", 32, 1024, 320 * KiB, 1024,    0,  106,  0,   false,  0,   false},
  };
  // clang-format on
  return architectures;
}

const Architecture *gluonc::amd::lookupArchitecture(std::string_view name) {
  return findArchRow(getArchitectures(), name);
}

/// The facts of `arch` in the compiler's terms. Waves own their registers
/// and the ISA has no barrier for some of a work-group's waves, so there
/// is no per-block register pool, no setmaxnreg and no named barrier.
static ArchInfo toArchInfo(const Architecture &arch) {
  ArchInfo info;
  info.name = std::string(arch.name);
  info.warpSize = arch.waveSize;
  info.maxThreadsPerBlock = arch.maxWorkGroupSize;
  // A work-group may use all of its CU's LDS.
  info.sharedBytesPerBlock = arch.ldsBytes;
  info.sharedBytesPerSM = arch.ldsBytes;
  RegisterFile &registers = info.registers;
  registers.perThread = arch.vgprs + arch.agprs;
  registers.accumulationPerThread = arch.agprs;
  registers.scalarPerWave = arch.sgprs;
  ArchFeatures &features = info.features;
  // Float8 casts go through the shared integer arithmetic (Float8.h).
  features.float8Conversion = true;
  features.mfmaVersion = arch.mfmaVersion;
  features.bufferOps = arch.bufferOps;
  features.asyncCopyToLdsBytes = arch.asyncCopyToLdsBytes;
  features.warpPipeline = arch.warpPipeline;
  return info;
}

const std::vector<ArchInfo> &gluonc::amd::getArchInfos() {
  static const std::vector<ArchInfo> infos =
      convertArchRows(getArchitectures(), toArchInfo);
  return infos;
}
