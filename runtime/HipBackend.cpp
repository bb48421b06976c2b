//===- HipBackend.cpp - HIP (AMD), opened at run time ---------------------===//
//
// libamdhip64 is opened with dlopen, like the CUDA driver, so that the runtime
// needs neither ROCm to build nor to start; HipApi.h declares what it uses.
//
//===----------------------------------------------------------------------===//

#include "Arch.h"
#include "Backend.h"
#include "Error.h"
#include "Format.h"
#include "HipApi.h"
#include "Kernargs.h"
#include "Log.h"

#include <dlfcn.h>
#include <fmt/format.h>

#include <cstring>
#include <mutex>
#include <type_traits>

namespace gluonrt {
namespace {

struct HipApi {
  hipError_t (*hipInit)(unsigned);
  hipError_t (*hipDriverGetVersion)(int *);
  hipError_t (*hipGetDeviceCount)(int *);
  hipError_t (*hipDeviceGet)(hipDevice_t *, int);
  hipError_t (*hipDeviceGetName)(char *, int, hipDevice_t);
  hipError_t (*hipDeviceGetAttribute)(int *, int, int);
  hipError_t (*hipDeviceTotalMem)(size_t *, hipDevice_t);
  hipError_t (*hipSetDevice)(int);
  hipError_t (*hipGetDevice)(int *);
  hipError_t (*hipModuleLoadData)(hipModule_t *, const void *);
  hipError_t (*hipModuleUnload)(hipModule_t);
  hipError_t (*hipModuleGetFunction)(hipFunction_t *, hipModule_t,
                                     const char *);
  hipError_t (*hipModuleLaunchKernel)(hipFunction_t, unsigned, unsigned,
                                      unsigned, unsigned, unsigned, unsigned,
                                      unsigned, hipStream_t, void **, void **);
  hipError_t (*hipMalloc)(void **, size_t);
  hipError_t (*hipFree)(void *);
  hipError_t (*hipMemsetD8)(hipDeviceptr_t, unsigned char, size_t);
  hipError_t (*hipMemcpyHtoD)(hipDeviceptr_t, const void *, size_t);
  hipError_t (*hipMemcpyDtoH)(void *, hipDeviceptr_t, size_t);
  hipError_t (*hipMemcpyDtoD)(hipDeviceptr_t, hipDeviceptr_t, size_t);
  hipError_t (*hipDeviceSynchronize)();
  hipError_t (*hipStreamSynchronize)(hipStream_t);
  hipError_t (*hipEventCreate)(hipEvent_t *);
  hipError_t (*hipEventDestroy)(hipEvent_t);
  hipError_t (*hipEventRecord)(hipEvent_t, hipStream_t);
  hipError_t (*hipEventSynchronize)(hipEvent_t);
  hipError_t (*hipEventElapsedTime)(float *, hipEvent_t, hipEvent_t);
  const char *(*hipGetErrorName)(hipError_t);
  const char *(*hipGetErrorString)(hipError_t);
  // Optional: ROCm 6 and later; without it the architecture check is left
  // to hipModuleLoadData, which refuses code objects for another processor.
  hipError_t (*hipGetDevicePropertiesR0600)(HipDevicePropBuffer *, int);
};

inline void *devicePointer(uint64_t address) {
  return reinterpret_cast<void *>(static_cast<uintptr_t>(address));
}

class HipBackend final : public Backend {
public:
  const char *apiName() const override { return "HIP"; }
  gluonrt_status initialize() override;
  gluonrt_status deviceCount(int &count) override;
  gluonrt_status deviceInfo(int device, gluonrt_device_info &info) override;
  gluonrt_status makeCurrent(int device) override;
  gluonrt_status loadModule(int device, const ModuleRequest &request,
                            LoadedModule &out) override;
  void unloadModule(int device, LoadedModule &module) override;
  gluonrt_status launch(int device, const LoadedModule &module,
                        const LaunchRequest &request) override;
  gluonrt_status allocate(int device, size_t bytes, uint64_t &address) override;
  gluonrt_status release(int device, uint64_t address) override;
  gluonrt_status memsetD8(int device, uint64_t address, uint8_t value,
                          size_t bytes) override;
  gluonrt_status copyToDevice(int device, uint64_t dst, const void *src,
                              size_t bytes) override;
  gluonrt_status copyToHost(int device, void *dst, uint64_t src,
                            size_t bytes) override;
  gluonrt_status copyOnDevice(int device, uint64_t dst, uint64_t src,
                              size_t bytes) override;
  gluonrt_status synchronize(int device) override;
  gluonrt_status streamSynchronize(int device, void *stream) override;
  gluonrt_status eventCreate(int device, void *&event) override;
  gluonrt_status eventDestroy(int device, void *event) override;
  gluonrt_status eventRecord(int device, void *event, void *stream) override;
  gluonrt_status eventSynchronize(int device, void *event) override;
  gluonrt_status eventElapsedMs(int device, void *start, void *end,
                                float &ms) override;

private:
  gluonrt_status initializeOnce();
  gluonrt_status openLibrary();
  gluonrt_status resolveSymbols();
  gluonrt_status check(hipError_t result, const char *call) const;
  std::string describe(hipError_t result) const;
  gluonrt_status checkDeviceIndex(int device);
  std::string deviceArchName(int device);
  gluonrt_status checkArch(int device, const std::string &arch);
  void logRuntime();
  void logDevice(int device);

  std::once_flag initOnce;
  gluonrt_status initStatus = GLUONRT_SUCCESS;
  std::string initMessage;
  void *library = nullptr;
  std::string libraryName;
  HipApi api{};
  int numDevices = 0;

  std::mutex loggedMutex;
  std::vector<bool> loggedDevices;
};

gluonrt_status HipBackend::initialize() {
  std::call_once(initOnce, [this] {
    initStatus = initializeOnce();
    if (initStatus != GLUONRT_SUCCESS)
      initMessage = lastError();
  });
  if (initStatus != GLUONRT_SUCCESS)
    return fail(initStatus, initMessage);
  return GLUONRT_SUCCESS;
}

gluonrt_status HipBackend::openLibrary() {
  std::vector<std::string> candidates = libraryCandidates(
      "GLUONRT_HIP_LIBRARY",
      {"libamdhip64.so", "libamdhip64.so.7", "libamdhip64.so.6",
       "libamdhip64.so.5", "/opt/rocm/lib/libamdhip64.so"});
  for (const std::string &name : candidates) {
    library = dlopen(name.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (library) {
      libraryName = name;
      return GLUONRT_SUCCESS;
    }
  }
  // Names the first candidate only: the others are its versioned spellings.
  return fail(GLUONRT_ERROR_NO_DRIVER,
              "HIP runtime not found ({}): cannot load AMD kernels",
              candidates.front());
}

gluonrt_status HipBackend::resolveSymbols() {
  std::vector<const char *> missing;
  auto resolve = [&](auto &function, const char *symbol, bool required) {
    void *address = dlsym(library, symbol);
    if (!address && required)
      missing.push_back(symbol);
    function =
        reinterpret_cast<std::remove_reference_t<decltype(function)>>(address);
  };
  resolve(api.hipInit, "hipInit", true);
  resolve(api.hipDriverGetVersion, "hipDriverGetVersion", true);
  resolve(api.hipGetDeviceCount, "hipGetDeviceCount", true);
  resolve(api.hipDeviceGet, "hipDeviceGet", true);
  resolve(api.hipDeviceGetName, "hipDeviceGetName", true);
  resolve(api.hipDeviceGetAttribute, "hipDeviceGetAttribute", true);
  resolve(api.hipDeviceTotalMem, "hipDeviceTotalMem", true);
  resolve(api.hipSetDevice, "hipSetDevice", true);
  resolve(api.hipGetDevice, "hipGetDevice", true);
  resolve(api.hipModuleLoadData, "hipModuleLoadData", true);
  resolve(api.hipModuleUnload, "hipModuleUnload", true);
  resolve(api.hipModuleGetFunction, "hipModuleGetFunction", true);
  resolve(api.hipModuleLaunchKernel, "hipModuleLaunchKernel", true);
  resolve(api.hipMalloc, "hipMalloc", true);
  resolve(api.hipFree, "hipFree", true);
  resolve(api.hipMemsetD8, "hipMemsetD8", true);
  resolve(api.hipMemcpyHtoD, "hipMemcpyHtoD", true);
  resolve(api.hipMemcpyDtoH, "hipMemcpyDtoH", true);
  resolve(api.hipMemcpyDtoD, "hipMemcpyDtoD", true);
  resolve(api.hipDeviceSynchronize, "hipDeviceSynchronize", true);
  resolve(api.hipStreamSynchronize, "hipStreamSynchronize", true);
  resolve(api.hipEventCreate, "hipEventCreate", true);
  resolve(api.hipEventDestroy, "hipEventDestroy", true);
  resolve(api.hipEventRecord, "hipEventRecord", true);
  resolve(api.hipEventSynchronize, "hipEventSynchronize", true);
  resolve(api.hipEventElapsedTime, "hipEventElapsedTime", true);
  resolve(api.hipGetErrorName, "hipGetErrorName", true);
  resolve(api.hipGetErrorString, "hipGetErrorString", true);
  resolve(api.hipGetDevicePropertiesR0600, "hipGetDevicePropertiesR0600",
          false);
  if (!missing.empty())
    return fail(GLUONRT_ERROR_NO_DRIVER,
                "{} lacks {}: the HIP runtime is too old", libraryName,
                fmt::join(missing, ", "));
  return GLUONRT_SUCCESS;
}

gluonrt_status HipBackend::initializeOnce() {
  if (gluonrt_status status = openLibrary())
    return status;
  if (gluonrt_status status = resolveSymbols())
    return status;
  // Without an AMD GPU, ROCm 5.7's hipInit itself fails with
  // hipErrorInvalidDevice (seen on an NVIDIA machine with ROCm installed).
  if (hipError_t result = api.hipInit(0)) {
    if (result == hipErrorNoDevice || result == hipErrorInvalidDevice)
      return fail(GLUONRT_ERROR_NO_DEVICE,
                  "the HIP runtime reports no device (hipInit: {})",
                  describe(result));
    return fail(GLUONRT_ERROR_NO_DEVICE, "hipInit failed: {}",
                describe(result));
  }
  // HIP answers hipErrorNoDevice, not a count of 0, where there is none.
  hipError_t result = api.hipGetDeviceCount(&numDevices);
  if (result == hipErrorNoDevice || (result == hipSuccess && numDevices == 0))
    return fail(GLUONRT_ERROR_NO_DEVICE, "the HIP runtime reports no device");
  if (result)
    return fail(GLUONRT_ERROR_NO_DEVICE, "hipGetDeviceCount failed: {}",
                describe(result));
  loggedDevices.assign(numDevices, false);
  logRuntime();
  return GLUONRT_SUCCESS;
}

void HipBackend::logRuntime() {
  int version = 0;
  if (!logger().isEnabled(gluonc::log::Level::Info) ||
      api.hipDriverGetVersion(&version) != hipSuccess)
    return;
  logger().info("HIP runtime {}: version {}, {} device{}", libraryName, version,
                numDevices, numDevices == 1 ? "" : "s");
}

/// Once per device, at its first use: the device every later line's
/// "device N" is.
void HipBackend::logDevice(int device) {
  if (!logger().isEnabled(gluonc::log::Level::Info))
    return;
  {
    std::lock_guard<std::mutex> lock(loggedMutex);
    if (loggedDevices[device])
      return;
    loggedDevices[device] = true;
  }
  char name[256] = "unknown device";
  hipDevice_t handle;
  if (api.hipDeviceGet(&handle, device) == hipSuccess)
    api.hipDeviceGetName(name, sizeof(name), handle);
  logger().info("using HIP device {}: {} ({})", device, name,
                deviceArchName(device));
}

std::string HipBackend::describe(hipError_t result) const {
  const char *name =
      api.hipGetErrorName ? api.hipGetErrorName(result) : nullptr;
  const char *text =
      api.hipGetErrorString ? api.hipGetErrorString(result) : nullptr;
  std::string description = name ? name : fmt::format("HIP error {}", result);
  if (text)
    description += fmt::format(" ({})", text);
  return description;
}

gluonrt_status HipBackend::check(hipError_t result, const char *call) const {
  if (result == hipSuccess)
    return GLUONRT_SUCCESS;
  gluonrt_status status = result == hipErrorOutOfMemory
                              ? GLUONRT_ERROR_OUT_OF_MEMORY
                              : GLUONRT_ERROR_DRIVER;
  return fail(status, "{} failed: {}", call, describe(result));
}

gluonrt_status HipBackend::checkDeviceIndex(int device) {
  if (gluonrt_status status = initialize())
    return status;
  if (device < 0 || device >= numDevices)
    return fail(GLUONRT_ERROR_NO_DEVICE,
                "HIP device {} does not exist ({} device{})", device,
                numDevices, numDevices == 1 ? "" : "s");
  return GLUONRT_SUCCESS;
}

gluonrt_status HipBackend::deviceCount(int &count) {
  if (gluonrt_status status = initialize())
    return status;
  count = numDevices;
  return GLUONRT_SUCCESS;
}

std::string HipBackend::deviceArchName(int device) {
  if (!api.hipGetDevicePropertiesR0600)
    return "";
  HipDevicePropBuffer properties;
  std::memset(&properties, 0, sizeof(properties));
  if (api.hipGetDevicePropertiesR0600(&properties, device) != hipSuccess)
    return "";
  properties.prefix.gcnArchName[sizeof(properties.prefix.gcnArchName) - 1] = 0;
  return amdProcessorName(properties.prefix.gcnArchName);
}

gluonrt_status HipBackend::deviceInfo(int device, gluonrt_device_info &info) {
  if (gluonrt_status status = checkDeviceIndex(device))
    return status;
  info = gluonrt_device_info{};
  hipDevice_t handle;
  size_t totalMemory = 0;
  int maxGrid[3] = {0, 0, 0};
  gluonrt_status status =
      check(api.hipDeviceGet(&handle, device), "hipDeviceGet");
  if (!status)
    status = check(api.hipDeviceGetName(info.name, sizeof(info.name), handle),
                   "hipDeviceGetName");
  for (int i = 0; i < 3 && !status; ++i)
    status = check(api.hipDeviceGetAttribute(
                       &maxGrid[i], hipDeviceAttributeMaxGridDimX + i, device),
                   "hipDeviceGetAttribute");
  if (!status)
    status = check(
        api.hipDeviceGetAttribute(
            &info.major, hipDeviceAttributeComputeCapabilityMajor, device),
        "hipDeviceGetAttribute");
  if (!status)
    status = check(
        api.hipDeviceGetAttribute(
            &info.minor, hipDeviceAttributeComputeCapabilityMinor, device),
        "hipDeviceGetAttribute");
  if (!status)
    status = check(api.hipDeviceGetAttribute(
                       &info.multiprocessors,
                       hipDeviceAttributeMultiprocessorCount, device),
                   "hipDeviceGetAttribute");
  if (!status)
    status =
        check(api.hipDeviceTotalMem(&totalMemory, handle), "hipDeviceTotalMem");
  if (!status)
    status = check(api.hipDriverGetVersion(&info.driver_version),
                   "hipDriverGetVersion");
  if (status)
    return status;
  for (int i = 0; i < 3; ++i)
    info.max_grid[i] = static_cast<uint32_t>(maxGrid[i]);
  info.total_memory = totalMemory;
  std::string arch = deviceArchName(device);
  std::strncpy(info.arch, arch.c_str(), sizeof(info.arch) - 1);
  return GLUONRT_SUCCESS;
}

gluonrt_status HipBackend::makeCurrent(int device) {
  if (gluonrt_status status = checkDeviceIndex(device))
    return status;
  logDevice(device);
  int current = -1;
  if (api.hipGetDevice(&current) == hipSuccess && current == device)
    return GLUONRT_SUCCESS;
  return check(api.hipSetDevice(device), "hipSetDevice");
}

gluonrt_status HipBackend::checkArch(int device, const std::string &arch) {
  std::string deviceArch = deviceArchName(device);
  if (deviceArch.empty() || deviceArch == arch)
    return GLUONRT_SUCCESS;
  char name[256] = "unknown device";
  hipDevice_t handle;
  if (api.hipDeviceGet(&handle, device) == hipSuccess)
    api.hipDeviceGetName(name, sizeof(name), handle);
  return fail(GLUONRT_ERROR_ARCH_MISMATCH,
              "kernel built for {}, device is {} ({}, device {})", arch,
              deviceArch, name, device);
}

gluonrt_status HipBackend::loadModule(int device, const ModuleRequest &request,
                                      LoadedModule &out) {
  if (gluonrt_status status = makeCurrent(device))
    return status;
  if (gluonrt_status status = checkArch(device, request.arch))
    return status;
  if (request.clusterDims[0] * request.clusterDims[1] *
          request.clusterDims[2] !=
      1)
    return fail(GLUONRT_ERROR_LAUNCH_CONFIG,
                "thread-block clusters are not supported on AMD devices");
  // AMD has no opt-in for dynamic LDS: the launch fails if the request is
  // beyond the device's limit, with HIP's message.
  hipModule_t module = nullptr;
  if (gluonrt_status status =
          check(api.hipModuleLoadData(&module, request.image->data()),
                "hipModuleLoadData"))
    return status;
  hipFunction_t function = nullptr;
  if (hipError_t result =
          api.hipModuleGetFunction(&function, module, request.entry.c_str())) {
    api.hipModuleUnload(module);
    return fail(GLUONRT_ERROR_NOT_FOUND,
                "entry '{}' not found in the image: {}",
                shortText(request.entry), describe(result));
  }
  out.module = module;
  out.function = function;
  return GLUONRT_SUCCESS;
}

void HipBackend::unloadModule(int device, LoadedModule &module) {
  if (!module.module || makeCurrent(device) != GLUONRT_SUCCESS)
    return;
  api.hipModuleUnload(static_cast<hipModule_t>(module.module));
  module = LoadedModule{};
}

gluonrt_status HipBackend::launch(int device, const LoadedModule &module,
                                  const LaunchRequest &request) {
  if (gluonrt_status status = makeCurrent(device))
    return status;
  if (!request.metadata)
    return fail(GLUONRT_ERROR_INVALID_ARGUMENT,
                "an AMD launch needs the kernel's metadata");
  const auto &grid = request.grid;
  const auto &block = request.block;
  // One buffer laid out as the code object declares it (hidden arguments
  // included) instead of kernelParams: what the JSON says is what runs.
  std::vector<uint8_t> kernargs = buildKernargSegment(
      *request.metadata, request.args, {grid, block, request.sharedBytes});
  size_t kernargBytes = kernargs.size();
  void *extra[] = {HipLaunchParamBufferPointer, kernargs.data(),
                   HipLaunchParamBufferSize, &kernargBytes, HipLaunchParamEnd};
  return check(api.hipModuleLaunchKernel(
                   static_cast<hipFunction_t>(module.function), grid[0],
                   grid[1], grid[2], block[0], block[1], block[2],
                   request.sharedBytes,
                   static_cast<hipStream_t>(request.stream), nullptr, extra),
               "hipModuleLaunchKernel");
}

gluonrt_status HipBackend::allocate(int device, size_t bytes,
                                    uint64_t &address) {
  if (gluonrt_status status = makeCurrent(device))
    return status;
  void *pointer = nullptr;
  if (hipError_t result = api.hipMalloc(&pointer, bytes))
    return check(result, fmt::format("hipMalloc({} bytes)", bytes).c_str());
  address = reinterpret_cast<uintptr_t>(pointer);
  return GLUONRT_SUCCESS;
}

gluonrt_status HipBackend::release(int device, uint64_t address) {
  if (gluonrt_status status = makeCurrent(device))
    return status;
  return check(api.hipFree(devicePointer(address)), "hipFree");
}

gluonrt_status HipBackend::memsetD8(int device, uint64_t address, uint8_t value,
                                    size_t bytes) {
  if (gluonrt_status status = makeCurrent(device))
    return status;
  return check(api.hipMemsetD8(devicePointer(address), value, bytes),
               "hipMemsetD8");
}

gluonrt_status HipBackend::copyToDevice(int device, uint64_t dst,
                                        const void *src, size_t bytes) {
  if (gluonrt_status status = makeCurrent(device))
    return status;
  return check(api.hipMemcpyHtoD(devicePointer(dst), src, bytes),
               "hipMemcpyHtoD");
}

gluonrt_status HipBackend::copyToHost(int device, void *dst, uint64_t src,
                                      size_t bytes) {
  if (gluonrt_status status = makeCurrent(device))
    return status;
  return check(api.hipMemcpyDtoH(dst, devicePointer(src), bytes),
               "hipMemcpyDtoH");
}

gluonrt_status HipBackend::copyOnDevice(int device, uint64_t dst, uint64_t src,
                                        size_t bytes) {
  if (gluonrt_status status = makeCurrent(device))
    return status;
  return check(api.hipMemcpyDtoD(devicePointer(dst), devicePointer(src), bytes),
               "hipMemcpyDtoD");
}

gluonrt_status HipBackend::synchronize(int device) {
  if (gluonrt_status status = makeCurrent(device))
    return status;
  return check(api.hipDeviceSynchronize(), "hipDeviceSynchronize");
}

gluonrt_status HipBackend::streamSynchronize(int device, void *stream) {
  if (gluonrt_status status = makeCurrent(device))
    return status;
  return check(api.hipStreamSynchronize(static_cast<hipStream_t>(stream)),
               "hipStreamSynchronize");
}

gluonrt_status HipBackend::eventCreate(int device, void *&event) {
  if (gluonrt_status status = makeCurrent(device))
    return status;
  hipEvent_t handle = nullptr;
  if (gluonrt_status status =
          check(api.hipEventCreate(&handle), "hipEventCreate"))
    return status;
  event = handle;
  return GLUONRT_SUCCESS;
}

gluonrt_status HipBackend::eventDestroy(int device, void *event) {
  if (gluonrt_status status = makeCurrent(device))
    return status;
  return check(api.hipEventDestroy(static_cast<hipEvent_t>(event)),
               "hipEventDestroy");
}

gluonrt_status HipBackend::eventRecord(int device, void *event, void *stream) {
  if (gluonrt_status status = makeCurrent(device))
    return status;
  return check(api.hipEventRecord(static_cast<hipEvent_t>(event),
                                  static_cast<hipStream_t>(stream)),
               "hipEventRecord");
}

gluonrt_status HipBackend::eventSynchronize(int device, void *event) {
  if (gluonrt_status status = makeCurrent(device))
    return status;
  return check(api.hipEventSynchronize(static_cast<hipEvent_t>(event)),
               "hipEventSynchronize");
}

gluonrt_status HipBackend::eventElapsedMs(int device, void *start, void *end,
                                          float &ms) {
  if (gluonrt_status status = makeCurrent(device))
    return status;
  return check(api.hipEventElapsedTime(&ms, static_cast<hipEvent_t>(start),
                                       static_cast<hipEvent_t>(end)),
               "hipEventElapsedTime");
}

} // namespace

Backend &hipBackend() {
  static HipBackend *backend = new HipBackend();
  return *backend;
}

} // namespace gluonrt
