//===- Architectures.h - The AMD architectures gluonc targets ---*- C++ -*-===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// One table, one row per architecture `--arch` accepts, with the figures
// of its ISA as AMD's ISA reference guides and LLVM's AMDGPUUsage give them
// (the sources are cited in Architectures.cpp). Every decision that
// depends on the architecture reads it, through getArchInfos (ArchInfo.h):
// the target's list of architectures, the wave size and with it the
// lowering's primitives, the LDS a work-group may use, which CDNA lowerings
// and passes run, the device library's wave-size constant, and what the
// frontend accepts. Plain C++, so that tests/unit checks the rows against
// the published figures.
//
//===----------------------------------------------------------------------===//

#ifndef GLUONC_BACKENDS_AMD_ARCHITECTURES_H
#define GLUONC_BACKENDS_AMD_ARCHITECTURES_H

#include "gluonc/Target/ArchInfo.h"

#include <string_view>
#include <vector>

namespace gluonc::amd {

struct Architecture {
  /// As `--arch` and LLVM spell it: "gfx942".
  std::string_view name;
  /// Lanes per wave: 64 on CDNA; gfx1250 runs wave32 only.
  unsigned waveSize;
  /// The most work-items of one work-group.
  unsigned maxWorkGroupSize;
  /// LDS one work-group may address, in bytes: all of its CU's.
  unsigned ldsBytes;
  /// Vector registers one lane may address: architectural VGPRs, and
  /// accumulation VGPRs (AGPRs) where the ISA has them, in CDNA's unified
  /// file of both.
  unsigned vgprs;
  unsigned agprs;
  /// Scalar registers one wave may address.
  unsigned sgprs;
  /// The matrix instructions' (MFMA) generation: 2 CDNA2, 3 CDNA3, 4 CDNA4;
  /// 0 where there are none.
  unsigned mfmaVersion;
  /// Whether gluonc lowers buffer loads and stores here (its CDNA lowering).
  bool bufferOps;
  /// The widest copy from global memory straight to LDS, bytes per lane;
  /// 0 where gluonc has none.
  unsigned asyncCopyToLdsBytes;
  /// Whether inter-wave warp pipelines exist (CDNA's s_setprio,
  /// sched_barrier and s_barrier).
  bool warpPipeline;
};

/// Every architecture `--arch` accepts, oldest first.
const std::vector<Architecture> &getArchitectures();

/// The row of `name` ("gfx942"); null for an architecture gluonc does not
/// target.
const Architecture *lookupArchitecture(std::string_view name);

/// What every architecture of the table is to the rest of the compiler,
/// in the table's order (Target::getArchitectures).
const std::vector<ArchInfo> &getArchInfos();

} // namespace gluonc::amd

#endif // GLUONC_BACKENDS_AMD_ARCHITECTURES_H
