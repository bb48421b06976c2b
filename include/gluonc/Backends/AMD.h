//===- AMD.h - The AMD backend ----------------------------------*- C++ -*-===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#ifndef GLUONC_BACKENDS_AMD_H
#define GLUONC_BACKENDS_AMD_H

namespace gluonc {

/// Registers the AMD target (the architectures of backends/amd's table:
/// hsaco through LLVM's AMDGPU backend and LLD in process).
void registerAMDTarget();

/// Registers `gluon-to-rocdl`, the lower stage for AMD, for gluonc-opt.
void registerAMDPasses();

} // namespace gluonc

#endif // GLUONC_BACKENDS_AMD_H
