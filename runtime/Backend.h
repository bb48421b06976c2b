//===- Backend.h - The driver API behind the C API --------------*- C++ -*-===//
//
// One implementation per vendor API (the CUDA driver API, HIP), each opened
// with dlopen on first use so that the library loads on machines without the
// driver and reports that cleanly instead of failing to start.
//
//===----------------------------------------------------------------------===//

#ifndef GLUONC_RUNTIME_BACKEND_H
#define GLUONC_RUNTIME_BACKEND_H

#include "gluonc/runtime/gluonrt.h"

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace gluonrt {

/// A loaded image and its entry function (CUmodule/CUfunction or
/// hipModule_t/hipFunction_t).
struct LoadedModule {
  void *module = nullptr;
  void *function = nullptr;
};

struct ModuleRequest {
  const std::vector<uint8_t> *image = nullptr;
  std::string entry;
  std::string arch; // target.arch, checked against the device
  /// image.ptx_arch: with `arch` equal to it, the image's PTX may be
  /// compiled by the driver for a device no cubin of it runs on.
  std::string ptxArch;
  uint32_t sharedBytes = 0;
  std::array<uint32_t, 3> clusterDims{{1, 1, 1}};
};

struct KernelMetadata;
struct TensorMapArgs;

struct LaunchRequest {
  std::array<uint32_t, 3> grid{{1, 1, 1}};
  std::array<uint32_t, 3> block{{1, 1, 1}};
  std::array<uint32_t, 3> cluster{{1, 1, 1}};
  uint32_t sharedBytes = 0;
  void *stream = nullptr;
  void *const *args = nullptr;
  /// The kernel's parameters, for a backend that lays out the argument
  /// buffer itself (HIP).
  const KernelMetadata *metadata = nullptr;
};

class Backend {
public:
  virtual ~Backend() = default;

  /// "CUDA" or "HIP", for messages.
  virtual const char *apiName() const = 0;

  /// Opens the library and initializes the driver, once per process; later
  /// calls return the first outcome. GLUONRT_ERROR_NO_DRIVER if the library
  /// is missing, GLUONRT_ERROR_NO_DEVICE if the driver sees no device.
  virtual gluonrt_status initialize() = 0;

  virtual gluonrt_status deviceCount(int &count) = 0;
  virtual gluonrt_status deviceInfo(int device, gluonrt_device_info &info) = 0;

  /// Makes `device`'s (primary) context current on the calling thread.
  virtual gluonrt_status makeCurrent(int device) = 0;

  /// Checks the device against the request's arch, loads the image, looks up
  /// the entry and raises the function's limits the launch needs.
  virtual gluonrt_status loadModule(int device, const ModuleRequest &request,
                                    LoadedModule &out) = 0;
  virtual void unloadModule(int device, LoadedModule &module) = 0;

  virtual gluonrt_status launch(int device, const LoadedModule &module,
                                const LaunchRequest &request) = 0;

  /// Encodes a TMA descriptor (a CUtensorMap, 128 bytes) into `map` with the
  /// driver, on `device`'s context. Only the CUDA backend has them; the
  /// others refuse.
  virtual gluonrt_status encodeTensorMap(int device, const TensorMapArgs &args,
                                         uint8_t *map);

  virtual gluonrt_status allocate(int device, size_t bytes,
                                  uint64_t &address) = 0;
  virtual gluonrt_status release(int device, uint64_t address) = 0;
  virtual gluonrt_status memsetD8(int device, uint64_t address, uint8_t value,
                                  size_t bytes) = 0;
  virtual gluonrt_status copyToDevice(int device, uint64_t dst, const void *src,
                                      size_t bytes) = 0;
  virtual gluonrt_status copyToHost(int device, void *dst, uint64_t src,
                                    size_t bytes) = 0;
  virtual gluonrt_status copyOnDevice(int device, uint64_t dst, uint64_t src,
                                      size_t bytes) = 0;
  virtual gluonrt_status synchronize(int device) = 0;
  virtual gluonrt_status streamSynchronize(int device, void *stream) = 0;

  virtual gluonrt_status eventCreate(int device, void *&event) = 0;
  virtual gluonrt_status eventDestroy(int device, void *event) = 0;
  virtual gluonrt_status eventRecord(int device, void *event, void *stream) = 0;
  virtual gluonrt_status eventSynchronize(int device, void *event) = 0;
  virtual gluonrt_status eventElapsedMs(int device, void *start, void *end,
                                        float &ms) = 0;
};

Backend &cudaBackend();
Backend &hipBackend();
Backend &backendFor(gluonrt_backend backend);

/// Overridable library names: GLUONRT_CUDA_LIBRARY / GLUONRT_HIP_LIBRARY name
/// a file to open instead of the default search (for tests and unusual
/// installs).
std::vector<std::string> libraryCandidates(const char *environmentVariable,
                                           std::vector<std::string> defaults);

} // namespace gluonrt

#endif // GLUONC_RUNTIME_BACKEND_H
