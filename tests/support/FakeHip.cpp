//===- FakeHip.cpp - A stand-in libamdhip64 for tests without AMD GPUs ----===//
//
// libgluonrt opens the HIP runtime with dlopen; pointing GLUONRT_HIP_LIBRARY
// at this library lets the tests drive the runtime's whole HIP path on a
// machine with no ROCm and no AMD GPU: devices are simulated in host memory
// and a launch runs nothing but records what it was given.
//
//   GLUONRT_FAKE_HIP_DEVICES  number of devices (default 1; 0: none, and
//                             hipInit fails as ROCm 5.7's does then, unless
//                             GLUONRT_FAKE_HIP_INIT_OK is set)
//   GLUONRT_FAKE_HIP_ARCH     gcnArchName (default gfx942:sramecc+:xnack-)
//   GLUONRT_FAKE_HIP_LOG      file that each launch appends to: the entry,
//                             the grid, the block, the dynamic LDS and the
//                             argument buffer in hex, 16 bytes a line
//
// Only what gluonrt calls is here, with the checks HIP makes that matter to
// it: an image must be an AMDGPU ELF, an entry must have a kernel descriptor
// in it, and kernelParams and extra are exclusive.
//
//===----------------------------------------------------------------------===//

#include "HipApi.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

using namespace gluonrt;

namespace {

int numDevices() {
  const char *text = std::getenv("GLUONRT_FAKE_HIP_DEVICES");
  return text ? std::atoi(text) : 1;
}

bool validDevice(int device) { return device >= 0 && device < numDevices(); }

int currentDevice = 0;

struct FakeFunction {
  std::string name;
};

/// A module owns the functions looked up in it, as in HIP, where they stay
/// valid until the module is unloaded.
struct FakeModule {
  const unsigned char *image;
  size_t size;
  std::vector<std::unique_ptr<FakeFunction>> functions;
};

template <typename T> T readAt(const unsigned char *bytes, size_t offset) {
  T value;
  std::memcpy(&value, bytes + offset, sizeof(T));
  return value;
}

/// The size of a 64-bit ELF file: its section headers come last in what LLD
/// writes.
size_t elfSize(const unsigned char *image) {
  return readAt<uint64_t>(image, 0x28) +
         size_t(readAt<uint16_t>(image, 0x3A)) * readAt<uint16_t>(image, 0x3C);
}

bool contains(const FakeModule &module, const std::string &text) {
  const unsigned char *end = module.image + module.size;
  for (const unsigned char *at = module.image; at + text.size() <= end; ++at)
    if (std::memcmp(at, text.data(), text.size()) == 0)
      return true;
  return false;
}

void logLaunch(const FakeFunction &function, const unsigned grid[3],
               const unsigned block[3], unsigned sharedBytes,
               const unsigned char *kernargs, size_t size) {
  const char *path = std::getenv("GLUONRT_FAKE_HIP_LOG");
  if (!path)
    return;
  FILE *log = std::fopen(path, "a");
  if (!log)
    return;
  std::fprintf(log,
               "launch %s grid %u,%u,%u block %u,%u,%u shared %u kernargs %zu "
               "bytes\n",
               function.name.c_str(), grid[0], grid[1], grid[2], block[0],
               block[1], block[2], sharedBytes, size);
  for (size_t line = 0; line < size; line += 16) {
    std::fprintf(log, "%04zx:", line);
    for (size_t i = line; i < line + 16 && i < size; ++i)
      std::fprintf(log, " %02x", kernargs[i]);
    std::fprintf(log, "\n");
  }
  std::fclose(log);
}

} // namespace

extern "C" {

hipError_t hipInit(unsigned flags) {
  if (flags)
    return hipErrorInvalidValue;
  if (numDevices() == 0 && !std::getenv("GLUONRT_FAKE_HIP_INIT_OK"))
    return hipErrorInvalidDevice;
  return hipSuccess;
}

hipError_t hipDriverGetVersion(int *version) {
  *version = 60400000;
  return hipSuccess;
}

hipError_t hipGetDeviceCount(int *count) {
  *count = numDevices();
  return *count > 0 ? hipSuccess : hipErrorNoDevice;
}

hipError_t hipDeviceGet(hipDevice_t *device, int ordinal) {
  if (!validDevice(ordinal))
    return hipErrorInvalidValue;
  *device = ordinal;
  return hipSuccess;
}

hipError_t hipDeviceGetName(char *name, int length, hipDevice_t device) {
  if (!validDevice(device) || length <= 0)
    return hipErrorInvalidValue;
  std::snprintf(name, size_t(length), "gluonc fake HIP device %d", device);
  return hipSuccess;
}

hipError_t hipDeviceGetAttribute(int *value, int attribute, int device) {
  if (!validDevice(device))
    return hipErrorInvalidValue;
  switch (attribute) {
  case hipDeviceAttributeComputeCapabilityMajor:
    *value = 9;
    return hipSuccess;
  case hipDeviceAttributeComputeCapabilityMinor:
    *value = 4;
    return hipSuccess;
  case hipDeviceAttributeMaxGridDimX:
    *value = 0x7fffffff;
    return hipSuccess;
  case hipDeviceAttributeMaxGridDimX + 1:
  case hipDeviceAttributeMaxGridDimX + 2:
    *value = 65535;
    return hipSuccess;
  case hipDeviceAttributeMultiprocessorCount:
    *value = 304;
    return hipSuccess;
  default:
    return hipErrorInvalidValue;
  }
}

hipError_t hipDeviceTotalMem(size_t *bytes, hipDevice_t device) {
  if (!validDevice(device))
    return hipErrorInvalidValue;
  *bytes = size_t(192) << 30;
  return hipSuccess;
}

hipError_t hipGetDevicePropertiesR0600(HipDevicePropBuffer *properties,
                                       int device) {
  if (!validDevice(device))
    return hipErrorInvalidValue;
  std::memset(&properties->prefix, 0, sizeof(properties->prefix));
  hipDeviceGetName(properties->prefix.name, sizeof(properties->prefix.name),
                   device);
  properties->prefix.warpSize = 64;
  const char *arch = std::getenv("GLUONRT_FAKE_HIP_ARCH");
  std::snprintf(properties->prefix.gcnArchName,
                sizeof(properties->prefix.gcnArchName), "%s",
                arch ? arch : "gfx942:sramecc+:xnack-");
  return hipSuccess;
}

hipError_t hipSetDevice(int device) {
  if (!validDevice(device))
    return hipErrorInvalidValue;
  currentDevice = device;
  return hipSuccess;
}

hipError_t hipGetDevice(int *device) {
  *device = currentDevice;
  return hipSuccess;
}

hipError_t hipModuleLoadData(hipModule_t *module, const void *image) {
  auto *bytes = static_cast<const unsigned char *>(image);
  constexpr uint16_t EM_AMDGPU = 224;
  if (!bytes || std::memcmp(bytes, "\x7f" "ELF", 4) != 0 || bytes[4] != 2 ||
      readAt<uint16_t>(bytes, 18) != EM_AMDGPU)
    return hipErrorInvalidImage;
  *module =
      reinterpret_cast<hipModule_t>(new FakeModule{bytes, elfSize(bytes), {}});
  return hipSuccess;
}

hipError_t hipModuleUnload(hipModule_t module) {
  delete reinterpret_cast<FakeModule *>(module);
  return hipSuccess;
}

hipError_t hipModuleGetFunction(hipFunction_t *function, hipModule_t module,
                                const char *name) {
  // HIP dispatches through the kernel descriptor, "<name>.kd".
  auto &fake = *reinterpret_cast<FakeModule *>(module);
  if (!contains(fake, std::string(name) + ".kd" + '\0'))
    return hipErrorNotFound;
  fake.functions.push_back(std::make_unique<FakeFunction>(FakeFunction{name}));
  *function = reinterpret_cast<hipFunction_t>(fake.functions.back().get());
  return hipSuccess;
}

hipError_t hipModuleLaunchKernel(hipFunction_t function, unsigned gridX,
                                 unsigned gridY, unsigned gridZ,
                                 unsigned blockX, unsigned blockY,
                                 unsigned blockZ, unsigned sharedBytes,
                                 hipStream_t, void **kernelParams,
                                 void **extra) {
  if (kernelParams && extra)
    return hipErrorInvalidValue;
  if (!gridX || !gridY || !gridZ || !blockX || !blockY || !blockZ ||
      blockX * blockY * blockZ > 1024)
    return hipErrorInvalidValue;
  const unsigned grid[3] = {gridX, gridY, gridZ};
  const unsigned block[3] = {blockX, blockY, blockZ};
  const auto &entry = *reinterpret_cast<FakeFunction *>(function);
  if (!extra) {
    logLaunch(entry, grid, block, sharedBytes, nullptr, 0);
    return hipSuccess;
  }
  if (extra[0] != HipLaunchParamBufferPointer ||
      extra[2] != HipLaunchParamBufferSize || extra[4] != HipLaunchParamEnd)
    return hipErrorInvalidValue;
  logLaunch(entry, grid, block, sharedBytes,
            static_cast<const unsigned char *>(extra[1]),
            *static_cast<size_t *>(extra[3]));
  return hipSuccess;
}

hipError_t hipMalloc(void **pointer, size_t bytes) {
  *pointer = std::aligned_alloc(256, (bytes + 255) / 256 * 256);
  return *pointer ? hipSuccess : hipErrorOutOfMemory;
}

hipError_t hipFree(void *pointer) {
  std::free(pointer);
  return hipSuccess;
}

hipError_t hipMemsetD8(hipDeviceptr_t pointer, unsigned char value,
                       size_t bytes) {
  std::memset(pointer, value, bytes);
  return hipSuccess;
}

hipError_t hipMemcpyHtoD(hipDeviceptr_t dst, const void *src, size_t bytes) {
  std::memcpy(dst, src, bytes);
  return hipSuccess;
}

hipError_t hipMemcpyDtoH(void *dst, hipDeviceptr_t src, size_t bytes) {
  std::memcpy(dst, src, bytes);
  return hipSuccess;
}

hipError_t hipMemcpyDtoD(hipDeviceptr_t dst, hipDeviceptr_t src,
                         size_t bytes) {
  std::memmove(dst, src, bytes);
  return hipSuccess;
}

hipError_t hipDeviceSynchronize() { return hipSuccess; }
hipError_t hipStreamSynchronize(hipStream_t) { return hipSuccess; }

hipError_t hipEventCreate(hipEvent_t *event) {
  *event = reinterpret_cast<hipEvent_t>(new int(0));
  return hipSuccess;
}

hipError_t hipEventDestroy(hipEvent_t event) {
  delete reinterpret_cast<int *>(event);
  return hipSuccess;
}

hipError_t hipEventRecord(hipEvent_t, hipStream_t) { return hipSuccess; }
hipError_t hipEventSynchronize(hipEvent_t) { return hipSuccess; }

hipError_t hipEventElapsedTime(float *ms, hipEvent_t, hipEvent_t) {
  *ms = 0.0f;
  return hipSuccess;
}

const char *hipGetErrorName(hipError_t error) {
  switch (error) {
  case hipSuccess:
    return "hipSuccess";
  case hipErrorInvalidValue:
    return "hipErrorInvalidValue";
  case hipErrorOutOfMemory:
    return "hipErrorOutOfMemory";
  case hipErrorNoDevice:
    return "hipErrorNoDevice";
  case hipErrorInvalidDevice:
    return "hipErrorInvalidDevice";
  case hipErrorInvalidImage:
    return "hipErrorInvalidImage";
  case hipErrorNotFound:
    return "hipErrorNotFound";
  default:
    return "hipErrorUnknown";
  }
}

const char *hipGetErrorString(hipError_t error) {
  switch (error) {
  case hipSuccess:
    return "no error";
  case hipErrorInvalidValue:
    return "invalid argument";
  case hipErrorOutOfMemory:
    return "out of memory";
  case hipErrorNoDevice:
    return "no ROCm-capable device is detected";
  case hipErrorInvalidDevice:
    return "invalid device ordinal";
  case hipErrorInvalidImage:
    return "device kernel image is invalid";
  case hipErrorNotFound:
    return "named symbol not found";
  default:
    return "unknown error";
  }
}

} // extern "C"
