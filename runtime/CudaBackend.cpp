//===- CudaBackend.cpp - The CUDA driver API, opened at run time ----------===//
//
// libcuda.so.1 is opened with dlopen and its functions looked up by their
// exported (versioned) names, so that nothing links against the driver and
// the same binary starts on machines without one. The few types and enum
// values used are declared here, matching cuda.h, so that the runtime builds
// without the CUDA toolkit.
//
//===----------------------------------------------------------------------===//

#include "Arch.h"
#include "Backend.h"
#include "Error.h"
#include "Format.h"
#include "Log.h"
#include "TensorDesc.h"

#include <dlfcn.h>
#include <fmt/format.h>

#include <cstring>
#include <mutex>
#include <type_traits>

namespace gluonrt {
namespace {

//===-- Declarations from cuda.h ------------------------------------------===//

using CUresult = int;
using CUdevice = int;
using CUdeviceptr = unsigned long long;
using CUcontext = struct CUctx_st *;
using CUmodule = struct CUmod_st *;
using CUfunction = struct CUfunc_st *;
using CUstream = struct CUstream_st *;
using CUevent = struct CUevent_st *;

constexpr CUresult CUDA_SUCCESS = 0;
constexpr CUresult CUDA_ERROR_OUT_OF_MEMORY = 2;

constexpr int CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_X = 5;
constexpr int CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT = 16;
constexpr int CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR = 75;
constexpr int CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR = 76;
constexpr int CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN = 97;
constexpr int CU_DEVICE_ATTRIBUTE_CLUSTER_LAUNCH = 120;

constexpr int CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES = 1;
constexpr int CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES = 8;
constexpr int CU_FUNC_ATTRIBUTE_NON_PORTABLE_CLUSTER_SIZE_ALLOWED = 14;

constexpr int CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION = 4;
constexpr unsigned CU_EVENT_DEFAULT = 0;

/// Shared memory a block may use without opting in.
constexpr uint32_t DefaultSharedLimit = 48 * 1024;
/// Largest cluster the hardware guarantees without the non-portable opt-in.
constexpr uint32_t PortableClusterSize = 8;

struct CUlaunchAttribute {
  int id;
  char pad[8 - sizeof(int)];
  union {
    char pad[64];
    struct {
      unsigned x, y, z;
    } clusterDim;
  } value;
};
static_assert(sizeof(CUlaunchAttribute) == 72, "layout of CUlaunchAttribute");

struct CUlaunchConfig {
  unsigned gridDimX, gridDimY, gridDimZ;
  unsigned blockDimX, blockDimY, blockDimZ;
  unsigned sharedMemBytes;
  CUstream hStream;
  CUlaunchAttribute *attrs;
  unsigned numAttrs;
};

/// The driver entry points, by the symbol names libcuda exports.
struct CudaApi {
  CUresult (*cuInit)(unsigned);
  CUresult (*cuDriverGetVersion)(int *);
  CUresult (*cuDeviceGetCount)(int *);
  CUresult (*cuDeviceGet)(CUdevice *, int);
  CUresult (*cuDeviceGetName)(char *, int, CUdevice);
  CUresult (*cuDeviceGetAttribute)(int *, int, CUdevice);
  CUresult (*cuDeviceTotalMem)(size_t *, CUdevice);
  CUresult (*cuDevicePrimaryCtxRetain)(CUcontext *, CUdevice);
  CUresult (*cuCtxGetCurrent)(CUcontext *);
  CUresult (*cuCtxSetCurrent)(CUcontext);
  CUresult (*cuCtxSynchronize)();
  CUresult (*cuModuleLoadData)(CUmodule *, const void *);
  CUresult (*cuModuleUnload)(CUmodule);
  CUresult (*cuModuleGetFunction)(CUfunction *, CUmodule, const char *);
  CUresult (*cuFuncGetAttribute)(int *, int, CUfunction);
  CUresult (*cuFuncSetAttribute)(CUfunction, int, int);
  CUresult (*cuLaunchKernel)(CUfunction, unsigned, unsigned, unsigned, unsigned,
                             unsigned, unsigned, unsigned, CUstream, void **,
                             void **);
  CUresult (*cuMemAlloc)(CUdeviceptr *, size_t);
  CUresult (*cuMemFree)(CUdeviceptr);
  CUresult (*cuMemsetD8)(CUdeviceptr, unsigned char, size_t);
  CUresult (*cuMemcpyHtoD)(CUdeviceptr, const void *, size_t);
  CUresult (*cuMemcpyDtoH)(void *, CUdeviceptr, size_t);
  CUresult (*cuMemcpyDtoD)(CUdeviceptr, CUdeviceptr, size_t);
  CUresult (*cuStreamSynchronize)(CUstream);
  CUresult (*cuEventCreate)(CUevent *, unsigned);
  CUresult (*cuEventDestroy)(CUevent);
  CUresult (*cuEventRecord)(CUevent, CUstream);
  CUresult (*cuEventSynchronize)(CUevent);
  CUresult (*cuEventElapsedTime)(float *, CUevent, CUevent);
  CUresult (*cuGetErrorName)(CUresult, const char **);
  CUresult (*cuGetErrorString)(CUresult, const char **);
  // Optional: drivers before CUDA 11.8 lack it; only cluster launches need it.
  CUresult (*cuLaunchKernelEx)(const CUlaunchConfig *, CUfunction, void **,
                               void **);
  // Optional: drivers before CUDA 12.0 lack it; only tensor descriptors need
  // it. The enum parameters (data type, interleave, swizzle, L2 promotion,
  // out-of-bounds fill) are C enums, passed as int.
  CUresult (*cuTensorMapEncodeTiled)(void *, int, uint32_t, void *,
                                     const uint64_t *, const uint64_t *,
                                     const uint32_t *, const uint32_t *, int,
                                     int, int, int);
};

class CudaBackend final : public Backend {
public:
  const char *apiName() const override { return "CUDA"; }
  gluonrt_status initialize() override;
  gluonrt_status deviceCount(int &count) override;
  gluonrt_status deviceInfo(int device, gluonrt_device_info &info) override;
  gluonrt_status makeCurrent(int device) override;
  gluonrt_status loadModule(int device, const ModuleRequest &request,
                            LoadedModule &out) override;
  void unloadModule(int device, LoadedModule &module) override;
  gluonrt_status launch(int device, const LoadedModule &module,
                        const LaunchRequest &request) override;
  gluonrt_status encodeTensorMap(int device, const TensorMapArgs &args,
                                 uint8_t *map) override;
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
  /// Turns a failed driver call into a status and message.
  gluonrt_status check(CUresult result, const char *call) const;
  std::string describe(CUresult result) const;
  gluonrt_status deviceHandle(int device, CUdevice &handle);
  gluonrt_status attribute(CUdevice handle, int attribute, int &value);
  std::string deviceLabel(int device, CUdevice handle);
  void logDriver();
  void logDevice(int device, CUdevice handle);
  gluonrt_status checkArch(int device, CUdevice handle,
                           const ModuleRequest &request);
  gluonrt_status raiseFunctionLimits(int device, CUdevice handle,
                                     CUfunction function,
                                     const ModuleRequest &request);
  gluonrt_status raiseSharedLimit(int device, CUdevice handle,
                                  CUfunction function,
                                  const ModuleRequest &request);
  gluonrt_status allowClusters(int device, CUdevice handle, CUfunction function,
                               const ModuleRequest &request);

  std::once_flag initOnce;
  gluonrt_status initStatus = GLUONRT_SUCCESS;
  std::string initMessage;
  void *library = nullptr;
  std::string libraryName;
  CudaApi api{};
  int numDevices = 0;

  std::mutex contextMutex;
  std::vector<CUcontext> primaryContexts;
};

gluonrt_status CudaBackend::initialize() {
  std::call_once(initOnce, [this] {
    initStatus = initializeOnce();
    if (initStatus != GLUONRT_SUCCESS)
      initMessage = lastError();
  });
  if (initStatus != GLUONRT_SUCCESS)
    return fail(initStatus, initMessage);
  return GLUONRT_SUCCESS;
}

gluonrt_status CudaBackend::openLibrary() {
  std::vector<std::string> reasons;
  for (const std::string &name :
       libraryCandidates("GLUONRT_CUDA_LIBRARY", {"libcuda.so.1"})) {
    library = dlopen(name.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (library) {
      libraryName = name;
      return GLUONRT_SUCCESS;
    }
    const char *reason = dlerror();
    reasons.push_back(reason ? reason
                             : fmt::format("{}: cannot be opened", name));
  }
  return fail(GLUONRT_ERROR_NO_DRIVER, "CUDA driver not found ({})",
              fmt::join(reasons, "; "));
}

gluonrt_status CudaBackend::resolveSymbols() {
  std::vector<const char *> missing;
  auto resolve = [&](auto &function, const char *symbol, bool required) {
    void *address = dlsym(library, symbol);
    if (!address && required)
      missing.push_back(symbol);
    function =
        reinterpret_cast<std::remove_reference_t<decltype(function)>>(address);
  };
  resolve(api.cuInit, "cuInit", true);
  resolve(api.cuDriverGetVersion, "cuDriverGetVersion", true);
  resolve(api.cuDeviceGetCount, "cuDeviceGetCount", true);
  resolve(api.cuDeviceGet, "cuDeviceGet", true);
  resolve(api.cuDeviceGetName, "cuDeviceGetName", true);
  resolve(api.cuDeviceGetAttribute, "cuDeviceGetAttribute", true);
  resolve(api.cuDeviceTotalMem, "cuDeviceTotalMem_v2", true);
  resolve(api.cuDevicePrimaryCtxRetain, "cuDevicePrimaryCtxRetain", true);
  resolve(api.cuCtxGetCurrent, "cuCtxGetCurrent", true);
  resolve(api.cuCtxSetCurrent, "cuCtxSetCurrent", true);
  resolve(api.cuCtxSynchronize, "cuCtxSynchronize", true);
  resolve(api.cuModuleLoadData, "cuModuleLoadData", true);
  resolve(api.cuModuleUnload, "cuModuleUnload", true);
  resolve(api.cuModuleGetFunction, "cuModuleGetFunction", true);
  resolve(api.cuFuncGetAttribute, "cuFuncGetAttribute", true);
  resolve(api.cuFuncSetAttribute, "cuFuncSetAttribute", true);
  resolve(api.cuLaunchKernel, "cuLaunchKernel", true);
  resolve(api.cuMemAlloc, "cuMemAlloc_v2", true);
  resolve(api.cuMemFree, "cuMemFree_v2", true);
  resolve(api.cuMemsetD8, "cuMemsetD8_v2", true);
  resolve(api.cuMemcpyHtoD, "cuMemcpyHtoD_v2", true);
  resolve(api.cuMemcpyDtoH, "cuMemcpyDtoH_v2", true);
  resolve(api.cuMemcpyDtoD, "cuMemcpyDtoD_v2", true);
  resolve(api.cuStreamSynchronize, "cuStreamSynchronize", true);
  resolve(api.cuEventCreate, "cuEventCreate", true);
  resolve(api.cuEventDestroy, "cuEventDestroy_v2", true);
  resolve(api.cuEventRecord, "cuEventRecord", true);
  resolve(api.cuEventSynchronize, "cuEventSynchronize", true);
  resolve(api.cuGetErrorName, "cuGetErrorName", true);
  resolve(api.cuGetErrorString, "cuGetErrorString", true);
  resolve(api.cuLaunchKernelEx, "cuLaunchKernelEx", false);
  resolve(api.cuTensorMapEncodeTiled, "cuTensorMapEncodeTiled", false);
  // CUDA 12.8 deprecates cuEventElapsedTime for its _v2; older drivers have
  // only the first.
  resolve(api.cuEventElapsedTime, "cuEventElapsedTime_v2", false);
  if (!api.cuEventElapsedTime)
    resolve(api.cuEventElapsedTime, "cuEventElapsedTime", true);
  if (!missing.empty())
    return fail(GLUONRT_ERROR_NO_DRIVER,
                "{} lacks {}: the CUDA driver is too old", libraryName,
                fmt::join(missing, ", "));
  return GLUONRT_SUCCESS;
}

gluonrt_status CudaBackend::initializeOnce() {
  if (gluonrt_status status = openLibrary())
    return status;
  if (gluonrt_status status = resolveSymbols())
    return status;
  if (CUresult result = api.cuInit(0))
    return fail(GLUONRT_ERROR_NO_DEVICE, "cuInit failed: {}", describe(result));
  if (CUresult result = api.cuDeviceGetCount(&numDevices))
    return fail(GLUONRT_ERROR_NO_DEVICE, "cuDeviceGetCount failed: {}",
                describe(result));
  if (numDevices == 0)
    return fail(GLUONRT_ERROR_NO_DEVICE, "the CUDA driver reports no device");
  primaryContexts.assign(numDevices, nullptr);
  logDriver();
  return GLUONRT_SUCCESS;
}

void CudaBackend::logDriver() {
  int version = 0;
  if (!logger().isEnabled(gluonc::log::Level::Info) ||
      api.cuDriverGetVersion(&version) != CUDA_SUCCESS)
    return;
  logger().info("CUDA driver {}: version {}.{}, {} device{}", libraryName,
                version / 1000, version % 1000 / 10, numDevices,
                numDevices == 1 ? "" : "s");
}

/// Once per device, when its primary context is first retained: the device
/// every later line's "device N" is.
void CudaBackend::logDevice(int device, CUdevice handle) {
  int major = 0, minor = 0;
  char name[256] = "unknown device";
  if (!logger().isEnabled(gluonc::log::Level::Info) ||
      api.cuDeviceGetAttribute(
          &major, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, handle) ||
      api.cuDeviceGetAttribute(
          &minor, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, handle))
    return;
  api.cuDeviceGetName(name, sizeof(name), handle);
  logger().info("using CUDA device {}: {}, compute capability {}.{} ({})",
                device, name, major, minor, cudaArchName(major, minor));
}

std::string CudaBackend::describe(CUresult result) const {
  const char *name = nullptr;
  const char *text = nullptr;
  if (api.cuGetErrorName)
    api.cuGetErrorName(result, &name);
  if (api.cuGetErrorString)
    api.cuGetErrorString(result, &text);
  std::string description = name ? name : fmt::format("CUDA error {}", result);
  if (text)
    description += fmt::format(" ({})", text);
  return description;
}

gluonrt_status CudaBackend::check(CUresult result, const char *call) const {
  if (result == CUDA_SUCCESS)
    return GLUONRT_SUCCESS;
  gluonrt_status status = result == CUDA_ERROR_OUT_OF_MEMORY
                              ? GLUONRT_ERROR_OUT_OF_MEMORY
                              : GLUONRT_ERROR_DRIVER;
  return fail(status, "{} failed: {}", call, describe(result));
}

gluonrt_status CudaBackend::deviceCount(int &count) {
  if (gluonrt_status status = initialize())
    return status;
  count = numDevices;
  return GLUONRT_SUCCESS;
}

gluonrt_status CudaBackend::deviceHandle(int device, CUdevice &handle) {
  if (gluonrt_status status = initialize())
    return status;
  if (device < 0 || device >= numDevices)
    return fail(GLUONRT_ERROR_NO_DEVICE,
                "CUDA device {} does not exist ({} device{})", device,
                numDevices, numDevices == 1 ? "" : "s");
  return check(api.cuDeviceGet(&handle, device), "cuDeviceGet");
}

gluonrt_status CudaBackend::attribute(CUdevice handle, int attribute,
                                      int &value) {
  return check(api.cuDeviceGetAttribute(&value, attribute, handle),
               "cuDeviceGetAttribute");
}

std::string CudaBackend::deviceLabel(int device, CUdevice handle) {
  char name[256] = "unknown device";
  api.cuDeviceGetName(name, sizeof(name), handle);
  return fmt::format("{}, device {}", name, device);
}

gluonrt_status CudaBackend::deviceInfo(int device, gluonrt_device_info &info) {
  CUdevice handle;
  if (gluonrt_status status = deviceHandle(device, handle))
    return status;
  info = gluonrt_device_info{};
  if (gluonrt_status status =
          check(api.cuDeviceGetName(info.name, sizeof(info.name), handle),
                "cuDeviceGetName"))
    return status;
  int maxGrid[3];
  size_t totalMemory = 0;
  gluonrt_status status = GLUONRT_SUCCESS;
  for (int i = 0; i < 3 && !status; ++i)
    status =
        attribute(handle, CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_X + i, maxGrid[i]);
  if (!status)
    status = attribute(handle, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR,
                       info.major);
  if (!status)
    status = attribute(handle, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR,
                       info.minor);
  if (!status)
    status = attribute(handle, CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT,
                       info.multiprocessors);
  if (!status)
    status =
        check(api.cuDeviceTotalMem(&totalMemory, handle), "cuDeviceTotalMem");
  if (!status)
    status = check(api.cuDriverGetVersion(&info.driver_version),
                   "cuDriverGetVersion");
  if (status)
    return status;
  for (int i = 0; i < 3; ++i)
    info.max_grid[i] = static_cast<uint32_t>(maxGrid[i]);
  info.total_memory = totalMemory;
  std::string arch = cudaArchName(info.major, info.minor);
  std::strncpy(info.arch, arch.c_str(), sizeof(info.arch) - 1);
  return GLUONRT_SUCCESS;
}

gluonrt_status CudaBackend::makeCurrent(int device) {
  CUdevice handle;
  if (gluonrt_status status = deviceHandle(device, handle))
    return status;
  CUcontext context;
  {
    std::lock_guard<std::mutex> lock(contextMutex);
    // The primary context is retained once and kept for the process's life:
    // it is the context PyTorch and the CUDA runtime share, and releasing it
    // while their allocations live would destroy them.
    if (!primaryContexts[device]) {
      if (gluonrt_status status = check(
              api.cuDevicePrimaryCtxRetain(&primaryContexts[device], handle),
              "cuDevicePrimaryCtxRetain"))
        return status;
      logDevice(device, handle);
    }
    context = primaryContexts[device];
  }
  CUcontext current = nullptr;
  if (gluonrt_status status =
          check(api.cuCtxGetCurrent(&current), "cuCtxGetCurrent"))
    return status;
  if (current == context)
    return GLUONRT_SUCCESS;
  return check(api.cuCtxSetCurrent(context), "cuCtxSetCurrent");
}

gluonrt_status CudaBackend::checkArch(int device, CUdevice handle,
                                      const ModuleRequest &request) {
  const std::string &arch = request.arch;
  CudaArch target;
  if (!parseCudaArch(arch, target))
    return fail(GLUONRT_ERROR_INVALID_METADATA,
                "'{}' is not an NVIDIA architecture", arch);
  int major = 0, minor = 0;
  if (gluonrt_status status = attribute(
          handle, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, major))
    return status;
  if (gluonrt_status status = attribute(
          handle, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, minor))
    return status;
  // A cubin that runs, or the fatbin's PTX of this arch, which the driver
  // compiles.
  if (cudaCodeFor(target, request.ptxArch == arch, major, minor) !=
      CudaCode::None)
    return GLUONRT_SUCCESS;
  return fail(GLUONRT_ERROR_ARCH_MISMATCH,
              "kernel built for {}, device is {} ({})", arch,
              cudaArchName(major, minor), deviceLabel(device, handle));
}

gluonrt_status CudaBackend::raiseFunctionLimits(int device, CUdevice handle,
                                                CUfunction function,
                                                const ModuleRequest &request) {
  if (gluonrt_status status =
          raiseSharedLimit(device, handle, function, request))
    return status;
  return allowClusters(device, handle, function, request);
}

gluonrt_status CudaBackend::raiseSharedLimit(int device, CUdevice handle,
                                             CUfunction function,
                                             const ModuleRequest &request) {
  // Without the opt-in a block gets 48 KiB in all, static and dynamic: a
  // function's dynamic limit starts at 48 KiB less its static shared memory.
  int staticBytes = 0;
  if (request.sharedBytes > 0)
    if (gluonrt_status status = check(
            api.cuFuncGetAttribute(
                &staticBytes, CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES, function),
            "cuFuncGetAttribute(SHARED_SIZE_BYTES)"))
      return status;
  uint64_t needed = uint64_t(request.sharedBytes) + uint64_t(staticBytes);
  if (needed <= DefaultSharedLimit)
    return GLUONRT_SUCCESS;
  int optIn = 0;
  if (gluonrt_status status = attribute(
          handle, CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN, optIn))
    return status;
  if (needed > uint64_t(optIn))
    return fail(GLUONRT_ERROR_LAUNCH_CONFIG,
                "kernel needs {} bytes of shared memory per block ({} dynamic "
                "+ {} static), {} allows at most {} (its opt-in maximum)",
                needed, request.sharedBytes, staticBytes,
                deviceLabel(device, handle), optIn);
  if (gluonrt_status status =
          check(api.cuFuncSetAttribute(
                    function, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
                    static_cast<int>(request.sharedBytes)),
                "cuFuncSetAttribute(MAX_DYNAMIC_SHARED_SIZE_BYTES)"))
    return status;
  logger().debug("{}: {} bytes of shared memory per block ({} dynamic + {} "
                 "static) pass 48 KiB: set MAX_DYNAMIC_SHARED_SIZE_BYTES to {} "
                 "(the device's opt-in maximum is {})",
                 shortText(request.entry), needed, request.sharedBytes,
                 staticBytes, request.sharedBytes, optIn);
  return GLUONRT_SUCCESS;
}

gluonrt_status CudaBackend::allowClusters(int device, CUdevice handle,
                                          CUfunction function,
                                          const ModuleRequest &request) {
  uint32_t clusterSize =
      request.clusterDims[0] * request.clusterDims[1] * request.clusterDims[2];
  if (clusterSize > 1) {
    int supported = 0;
    if (gluonrt_status status =
            attribute(handle, CU_DEVICE_ATTRIBUTE_CLUSTER_LAUNCH, supported))
      return status;
    if (!supported || !api.cuLaunchKernelEx)
      return fail(GLUONRT_ERROR_LAUNCH_CONFIG,
                  "kernel uses thread-block clusters, which {} or its driver "
                  "lacks",
                  deviceLabel(device, handle));
  }
  if (clusterSize <= PortableClusterSize)
    return GLUONRT_SUCCESS;
  logger().debug("{}: clusters of {} blocks pass the portable {}: set "
                 "NON_PORTABLE_CLUSTER_SIZE_ALLOWED",
                 shortText(request.entry), clusterSize, PortableClusterSize);
  return check(
      api.cuFuncSetAttribute(
          function, CU_FUNC_ATTRIBUTE_NON_PORTABLE_CLUSTER_SIZE_ALLOWED, 1),
      "cuFuncSetAttribute(NON_PORTABLE_CLUSTER_SIZE_ALLOWED)");
}

gluonrt_status CudaBackend::loadModule(int device, const ModuleRequest &request,
                                       LoadedModule &out) {
  CUdevice handle;
  if (gluonrt_status status = deviceHandle(device, handle))
    return status;
  if (gluonrt_status status = checkArch(device, handle, request))
    return status;
  if (gluonrt_status status = makeCurrent(device))
    return status;

  CUmodule module = nullptr;
  if (gluonrt_status status =
          check(api.cuModuleLoadData(&module, request.image->data()),
                "cuModuleLoadData"))
    return status;
  CUfunction function = nullptr;
  if (CUresult result =
          api.cuModuleGetFunction(&function, module, request.entry.c_str())) {
    api.cuModuleUnload(module);
    return fail(GLUONRT_ERROR_NOT_FOUND,
                "entry '{}' not found in the image: {}",
                shortText(request.entry), describe(result));
  }
  if (gluonrt_status status =
          raiseFunctionLimits(device, handle, function, request)) {
    api.cuModuleUnload(module);
    return status;
  }
  out.module = module;
  out.function = function;
  return GLUONRT_SUCCESS;
}

void CudaBackend::unloadModule(int device, LoadedModule &module) {
  if (!module.module || makeCurrent(device) != GLUONRT_SUCCESS)
    return;
  api.cuModuleUnload(static_cast<CUmodule>(module.module));
  module = LoadedModule{};
}

gluonrt_status CudaBackend::launch(int device, const LoadedModule &module,
                                   const LaunchRequest &request) {
  if (gluonrt_status status = makeCurrent(device))
    return status;
  auto function = static_cast<CUfunction>(module.function);
  auto stream = static_cast<CUstream>(request.stream);
  // The driver reads the arguments through these pointers but does not
  // write them; its signature just predates const.
  auto args = const_cast<void **>(request.args);
  const auto &grid = request.grid;
  const auto &block = request.block;
  const auto &cluster = request.cluster;
  if (cluster[0] * cluster[1] * cluster[2] == 1)
    return check(api.cuLaunchKernel(function, grid[0], grid[1], grid[2],
                                    block[0], block[1], block[2],
                                    request.sharedBytes, stream, args, nullptr),
                 "cuLaunchKernel");

  if (!api.cuLaunchKernelEx)
    return fail(GLUONRT_ERROR_LAUNCH_CONFIG,
                "the CUDA driver lacks cuLaunchKernelEx, needed for clusters");
  CUlaunchAttribute clusterAttribute{};
  clusterAttribute.id = CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION;
  clusterAttribute.value.clusterDim.x = cluster[0];
  clusterAttribute.value.clusterDim.y = cluster[1];
  clusterAttribute.value.clusterDim.z = cluster[2];
  CUlaunchConfig config{};
  config.gridDimX = grid[0];
  config.gridDimY = grid[1];
  config.gridDimZ = grid[2];
  config.blockDimX = block[0];
  config.blockDimY = block[1];
  config.blockDimZ = block[2];
  config.sharedMemBytes = request.sharedBytes;
  config.hStream = stream;
  config.attrs = &clusterAttribute;
  config.numAttrs = 1;
  return check(api.cuLaunchKernelEx(&config, function, args, nullptr),
               "cuLaunchKernelEx");
}

gluonrt_status CudaBackend::encodeTensorMap(int device,
                                            const TensorMapArgs &args,
                                            uint8_t *map) {
  if (gluonrt_status status = makeCurrent(device))
    return status;
  if (!api.cuTensorMapEncodeTiled)
    return fail(GLUONRT_ERROR_NO_DRIVER,
                "{} lacks cuTensorMapEncodeTiled (CUDA 12.0 or later): the "
                "CUDA driver is too old for TMA tensor descriptors",
                libraryName);
  // CUtensorMap is 64-byte aligned; the caller's struct may not be (malloc
  // gives 16), so the map is built here and copied.
  alignas(TensorMapAlignment) uint8_t encoded[TensorMapBytes] = {};
  CUresult result = api.cuTensorMapEncodeTiled(
      encoded, int(args.dataType), args.rank,
      reinterpret_cast<void *>(static_cast<uintptr_t>(args.globalAddress)),
      args.globalDim.data(), args.globalStrides.data(), args.boxDim.data(),
      args.elementStrides.data(), int(args.interleave), int(args.swizzle),
      int(args.l2Promotion), int(args.oobFill));
  if (result != CUDA_SUCCESS)
    return fail(GLUONRT_ERROR_DRIVER,
                "cuTensorMapEncodeTiled failed: {}; arguments: {}",
                describe(result), describeTensorMapArgs(args));
  int driverVersion = 0;
  if (gluonrt_status status =
          check(api.cuDriverGetVersion(&driverVersion), "cuDriverGetVersion"))
    return status;
  if (needsSmallTensorFix(args, driverVersion)) {
    applySmallTensorFix(encoded);
    logger().debug("cuTensorMapEncodeTiled: cleared bit 85 of the map, as "
                   "driver {} needs for a tensor under 128 KiB",
                   driverVersion);
  }
  std::memcpy(map, encoded, TensorMapBytes);
  return GLUONRT_SUCCESS;
}

gluonrt_status CudaBackend::allocate(int device, size_t bytes,
                                     uint64_t &address) {
  if (gluonrt_status status = makeCurrent(device))
    return status;
  CUdeviceptr pointer = 0;
  if (CUresult result = api.cuMemAlloc(&pointer, bytes))
    return check(result, fmt::format("cuMemAlloc({} bytes)", bytes).c_str());
  address = pointer;
  return GLUONRT_SUCCESS;
}

gluonrt_status CudaBackend::release(int device, uint64_t address) {
  if (gluonrt_status status = makeCurrent(device))
    return status;
  return check(api.cuMemFree(address), "cuMemFree");
}

gluonrt_status CudaBackend::memsetD8(int device, uint64_t address,
                                     uint8_t value, size_t bytes) {
  if (gluonrt_status status = makeCurrent(device))
    return status;
  return check(api.cuMemsetD8(address, value, bytes), "cuMemsetD8");
}

gluonrt_status CudaBackend::copyToDevice(int device, uint64_t dst,
                                         const void *src, size_t bytes) {
  if (gluonrt_status status = makeCurrent(device))
    return status;
  return check(api.cuMemcpyHtoD(dst, src, bytes), "cuMemcpyHtoD");
}

gluonrt_status CudaBackend::copyToHost(int device, void *dst, uint64_t src,
                                       size_t bytes) {
  if (gluonrt_status status = makeCurrent(device))
    return status;
  return check(api.cuMemcpyDtoH(dst, src, bytes), "cuMemcpyDtoH");
}

gluonrt_status CudaBackend::copyOnDevice(int device, uint64_t dst, uint64_t src,
                                         size_t bytes) {
  if (gluonrt_status status = makeCurrent(device))
    return status;
  return check(api.cuMemcpyDtoD(dst, src, bytes), "cuMemcpyDtoD");
}

gluonrt_status CudaBackend::synchronize(int device) {
  if (gluonrt_status status = makeCurrent(device))
    return status;
  return check(api.cuCtxSynchronize(), "cuCtxSynchronize");
}

gluonrt_status CudaBackend::streamSynchronize(int device, void *stream) {
  if (gluonrt_status status = makeCurrent(device))
    return status;
  return check(api.cuStreamSynchronize(static_cast<CUstream>(stream)),
               "cuStreamSynchronize");
}

gluonrt_status CudaBackend::eventCreate(int device, void *&event) {
  if (gluonrt_status status = makeCurrent(device))
    return status;
  CUevent handle = nullptr;
  if (gluonrt_status status =
          check(api.cuEventCreate(&handle, CU_EVENT_DEFAULT), "cuEventCreate"))
    return status;
  event = handle;
  return GLUONRT_SUCCESS;
}

gluonrt_status CudaBackend::eventDestroy(int device, void *event) {
  if (gluonrt_status status = makeCurrent(device))
    return status;
  return check(api.cuEventDestroy(static_cast<CUevent>(event)),
               "cuEventDestroy");
}

gluonrt_status CudaBackend::eventRecord(int device, void *event, void *stream) {
  if (gluonrt_status status = makeCurrent(device))
    return status;
  return check(api.cuEventRecord(static_cast<CUevent>(event),
                                 static_cast<CUstream>(stream)),
               "cuEventRecord");
}

gluonrt_status CudaBackend::eventSynchronize(int device, void *event) {
  if (gluonrt_status status = makeCurrent(device))
    return status;
  return check(api.cuEventSynchronize(static_cast<CUevent>(event)),
               "cuEventSynchronize");
}

gluonrt_status CudaBackend::eventElapsedMs(int device, void *start, void *end,
                                           float &ms) {
  if (gluonrt_status status = makeCurrent(device))
    return status;
  return check(api.cuEventElapsedTime(&ms, static_cast<CUevent>(start),
                                      static_cast<CUevent>(end)),
               "cuEventElapsedTime");
}

} // namespace

Backend &cudaBackend() {
  // Never destroyed: the driver may be needed by other static destructors,
  // and unloading it at exit is unsafe.
  static CudaBackend *backend = new CudaBackend();
  return *backend;
}

} // namespace gluonrt
