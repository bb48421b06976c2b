//===- Arch.h - Target architectures and device compatibility ---*- C++ -*-===//

#ifndef GLUONC_RUNTIME_ARCH_H
#define GLUONC_RUNTIME_ARCH_H

#include <string>

namespace gluonrt {

/// An NVIDIA target such as sm_90a: compute capability 9.0, suffix 'a'.
struct CudaArch {
  int major = 0;
  int minor = 0;
  /// 0 for a plain target; 'a' (architecture-specific: exactly this
  /// capability) or 'f' (family: same major, minor at least this).
  char suffix = 0;
};

/// Parses "sm_80", "sm_90a", "sm_100a", "sm_120f"; false if malformed.
bool parseCudaArch(const std::string &text, CudaArch &out);

/// Whether code built for `target` runs on a device of capability
/// major.minor: an 'a' target needs exactly that capability; plain and 'f'
/// targets need the same major and a minor at least the target's.
bool cudaArchRunsOn(const CudaArch &target, int deviceMajor, int deviceMinor);

/// Whether the driver compiles PTX written for `ptx` for a device of
/// capability major.minor: an "a" target's for exactly that capability, an
/// "f" target's within its major, a plain target's for it and every later
/// capability.
bool cudaPtxCompilesFor(const CudaArch &ptx, int deviceMajor, int deviceMinor);

/// What of a kernel built for `arch` a device of capability major.minor
/// runs: its cubin, else its PTX compiled by the driver (where the image
/// has it: `hasPTX`), else nothing. The one rule behind picking an index's
/// arch, taking an image out of a fat binary and checking the device.
enum class CudaCode { Cubin, PTX, None };
CudaCode cudaCodeFor(const CudaArch &arch, bool hasPTX, int deviceMajor,
                     int deviceMinor);

/// "sm_90" for capability 9.0.
std::string cudaArchName(int major, int minor);

/// The processor part of an AMD arch string: "gfx942:sramecc+:xnack-" ->
/// "gfx942".
std::string amdProcessorName(const std::string &gcnArchName);

} // namespace gluonrt

#endif // GLUONC_RUNTIME_ARCH_H
