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
// tests/unit/compiler/ArchitecturesTest.cpp checks every row against the
// programming guide's figures.
//
//===----------------------------------------------------------------------===//

#include "Architectures.h"

#include <algorithm>

using namespace gluonc::nvidia;

static constexpr unsigned KiB = 1024;

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
  const std::vector<Architecture> &architectures = getArchitectures();
  auto it = std::find_if(architectures.begin(), architectures.end(),
                         [&](const Architecture &architecture) {
                           return architecture.name == name;
                         });
  return it == architectures.end() ? nullptr : &*it;
}
