//===- NVIDIA.h - The NVIDIA backend ----------------------------*- C++ -*-===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#ifndef GLUONC_BACKENDS_NVIDIA_H
#define GLUONC_BACKENDS_NVIDIA_H

namespace gluonc {

/// Registers the NVIDIA target (sm_75 and newer: cubin through NVPTX,
/// nvJitLink or ptxas).
void registerNVIDIATarget();

/// Registers `gluon-to-nvvm`, the lower stage for NVIDIA, for gluonc-opt.
void registerNVIDIAPasses();

} // namespace gluonc

#endif // GLUONC_BACKENDS_NVIDIA_H
