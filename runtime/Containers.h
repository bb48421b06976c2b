//===- Containers.h - One arch's image out of a container ------*- C++ -*-===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// A metadata file describes one arch's compile. When its image is a
// container of several archs' images (a CUDA fat binary, a HIP offload
// bundle), libgluonrt hands the driver that arch's image alone: left to
// choose, the driver might run another arch's code (sm_86's cubin for
// sm_80's metadata on an 8.6 GPU), with another launch shape. The layouts
// read here are gluonc/ABI/Containers.h's, which gluonc's writers use too
// (backends/nvidia/Fatbin.cpp, backends/amd/OffloadBundle.cpp); every
// offset and size is checked against the container's bytes.
//
//===----------------------------------------------------------------------===//

#ifndef GLUONC_RUNTIME_CONTAINERS_H
#define GLUONC_RUNTIME_CONTAINERS_H

#include "Arch.h"

#include <cstdint>
#include <string>
#include <vector>

namespace gluonrt {

/// The image of a fat binary the driver should load for `arch`: its cubin
/// when `usePTX` is false, else its PTX (NUL-terminated). False with
/// `error` set when the container is malformed or has no such entry, or an
/// empty one: the image given back is never empty.
bool extractFatbinImage(const std::vector<uint8_t> &fatbin,
                        const CudaArch &arch, bool usePTX,
                        std::vector<uint8_t> &image, std::string &error);

/// The code object of the entry `id` ("hipv4-amdgcn-amd-amdhsa--gfx942")
/// of a clang offload bundle; an empty one is refused as a missing one is.
bool extractBundleImage(const std::vector<uint8_t> &bundle,
                        const std::string &id, std::vector<uint8_t> &image,
                        std::string &error);

} // namespace gluonrt

#endif // GLUONC_RUNTIME_CONTAINERS_H
