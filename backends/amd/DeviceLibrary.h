//===- DeviceLibrary.h - ROCm's ocml, linked for math functions -*- C++ -*-===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#ifndef GLUONC_BACKENDS_AMD_DEVICELIBRARY_H
#define GLUONC_BACKENDS_AMD_DEVICELIBRARY_H

#include "gluonc/Target/ArchInfo.h"

#include "llvm/IR/Module.h"
#include "llvm/Support/Error.h"

#include <optional>
#include <string>

namespace gluonc::amd {

/// ROCm's device library bitcode (ocml.bc) in the folder
/// $GLUONC_ROCM_DEVICE_LIBS if set, else the first of Debian's
/// rocm-device-libs and /opt/rocm's that has it.
std::optional<std::string> findDeviceLibrary();

/// Links the ocml functions `module` calls (gl.sin and friends lower to
/// __ocml_* calls) for `arch`, answers ocml's configuration questions
/// (__oclc_* constants: IEEE behaviour, no finite-only or unsafe math,
/// correctly rounded fp32 sqrt, the wave size, the ISA version) and makes
/// the linked functions internal so that O3 inlines them and drops the
/// rest. Does nothing when the module calls none.
llvm::Error linkDeviceLibrary(llvm::Module &module, const ArchInfo &arch);

} // namespace gluonc::amd

#endif // GLUONC_BACKENDS_AMD_DEVICELIBRARY_H
