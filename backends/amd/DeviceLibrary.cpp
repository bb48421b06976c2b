//===- DeviceLibrary.cpp - ROCm's ocml, linked for math functions ---------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "DeviceLibrary.h"

#include "gluonc/Pipeline/LLVMOptimize.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/TargetParser/TargetParser.h"

#include <cstdlib>

using namespace gluonc;

std::optional<std::string> amd::findDeviceLibrary() {
  std::vector<std::string> folders;
  // A folder the user names is the only one looked at.
  if (const char *configured = std::getenv("GLUONC_ROCM_DEVICE_LIBS"))
    folders.push_back(configured);
  else
    folders = {"/usr/lib/x86_64-linux-gnu/amdgcn/bitcode",
               "/usr/lib/aarch64-linux-gnu/amdgcn/bitcode",
               "/opt/rocm/amdgcn/bitcode"};
  for (const std::string &folder : folders)
    if (llvm::sys::fs::exists(folder + "/ocml.bc"))
      return folder + "/ocml.bc";
  return std::nullopt;
}

namespace {

/// ocml's __oclc_ISA_version for `arch`: major * 1000 + minor * 100 +
/// stepping, as ROCm's oclc_isa_version_*.bc define it (gfx942: 9402).
unsigned isaVersion(llvm::StringRef arch) {
  llvm::AMDGPU::IsaVersion version = llvm::AMDGPU::getIsaVersion(arch);
  return version.Major * 1000 + version.Minor * 100 + version.Stepping;
}

/// The value of one of ocml's configuration constants, or nullopt for one
/// gluonc does not know (then the link fails rather than guessing).
std::optional<uint64_t> configurationValue(llvm::StringRef name,
                                           const ArchInfo &arch) {
  return llvm::StringSwitch<std::optional<uint64_t>>(name)
      // IEEE results: denormals kept, infinities and NaNs honoured.
      .Case("__oclc_finite_only_opt", 0)
      .Case("__oclc_unsafe_math_opt", 0)
      .Case("__oclc_daz_opt", 0)
      .Case("__oclc_correctly_rounded_sqrt32", 1)
      .Case("__oclc_wavefrontsize64", arch.warpSize == 64 ? 1 : 0)
      .Case("__oclc_ISA_version", isaVersion(arch.name))
      .Case("__oclc_ABI_version", 500)
      .Default(std::nullopt);
}

/// Gives each __oclc_* constant the module now refers to its value, as a
/// private constant O3 folds away.
llvm::Error defineConfiguration(llvm::Module &module, const ArchInfo &arch) {
  for (llvm::GlobalVariable &global : module.globals()) {
    if (!global.isDeclaration() || !global.getName().starts_with("__oclc_"))
      continue;
    std::optional<uint64_t> value = configurationValue(global.getName(), arch);
    auto *type = llvm::dyn_cast<llvm::IntegerType>(global.getValueType());
    if (!value || !type)
      return llvm::createStringError(
          "the ROCm device library asks for " + global.getName().str() +
          ", which gluonc does not know how to answer");
    global.setInitializer(llvm::ConstantInt::get(type, *value));
    global.setConstant(true);
    global.setLinkage(llvm::GlobalValue::PrivateLinkage);
  }
  return llvm::Error::success();
}

} // namespace

llvm::Error amd::linkDeviceLibrary(llvm::Module &module, const ArchInfo &arch) {
  bool needed = llvm::any_of(module, [](const llvm::Function &function) {
    return function.isDeclaration() &&
           function.getName().starts_with("__ocml_");
  });
  if (!needed)
    return llvm::Error::success();
  std::optional<std::string> library = findDeviceLibrary();
  if (!library)
    return llvm::createStringError(
        "ocml.bc, ROCm's device library (needed for math functions such as "
        "gl.sin on AMD), was not found: install rocm-device-libs or set "
        "GLUONC_ROCM_DEVICE_LIBS to the folder that holds it");
  if (llvm::Error error = linkBitcodeLibrary(module, *library))
    return error;
  return defineConfiguration(module, arch);
}
