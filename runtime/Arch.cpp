//===- Arch.cpp - Target architectures and device compatibility -----------===//

#include "Arch.h"

#include <fmt/core.h>

#include <cctype>

namespace gluonrt {

bool parseCudaArch(const std::string &text, CudaArch &out) {
  if (text.compare(0, 3, "sm_") != 0)
    return false;
  size_t end = 3;
  while (end < text.size() &&
         std::isdigit(static_cast<unsigned char>(text[end])))
    ++end;
  size_t digits = end - 3;
  // The last digit is the minor version: sm_90 is 9.0, sm_100 is 10.0.
  if (digits < 2 || digits > 3)
    return false;
  CudaArch arch;
  arch.major = std::stoi(text.substr(3, digits - 1));
  arch.minor = text[end - 1] - '0';
  if (end < text.size()) {
    if (end + 1 != text.size() || (text[end] != 'a' && text[end] != 'f'))
      return false;
    arch.suffix = text[end];
  }
  if (arch.major == 0)
    return false;
  out = arch;
  return true;
}

bool cudaArchRunsOn(const CudaArch &target, int deviceMajor, int deviceMinor) {
  if (target.suffix == 'a')
    return deviceMajor == target.major && deviceMinor == target.minor;
  return deviceMajor == target.major && deviceMinor >= target.minor;
}

bool cudaPtxCompilesFor(const CudaArch &ptx, int deviceMajor, int deviceMinor) {
  if (ptx.suffix)
    return cudaArchRunsOn(ptx, deviceMajor, deviceMinor);
  return deviceMajor > ptx.major ||
         (deviceMajor == ptx.major && deviceMinor >= ptx.minor);
}

CudaCode cudaCodeFor(const CudaArch &arch, bool hasPTX, int deviceMajor,
                     int deviceMinor) {
  if (cudaArchRunsOn(arch, deviceMajor, deviceMinor))
    return CudaCode::Cubin;
  if (hasPTX && cudaPtxCompilesFor(arch, deviceMajor, deviceMinor))
    return CudaCode::PTX;
  return CudaCode::None;
}

std::string cudaArchName(int major, int minor) {
  return fmt::format("sm_{}{}", major, minor);
}

std::string amdProcessorName(const std::string &gcnArchName) {
  return gcnArchName.substr(0, gcnArchName.find(':'));
}

} // namespace gluonrt
