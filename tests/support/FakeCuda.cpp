//===- FakeCuda.cpp - A stand-in libcuda for tests without NVIDIA GPUs ----===//
//
// libgluonrt opens the CUDA driver with dlopen; pointing GLUONRT_CUDA_LIBRARY
// at this library lets the tests drive the runtime's whole CUDA path on a
// machine without a GPU: device memory is host memory, a launch runs
// nothing but records what it was given, and cuTensorMapEncodeTiled records
// its arguments and writes a map that shows them.
//
//   GLUONRT_FAKE_CUDA_LOG             file each launch and each encoding
//                                     appends to (the launch's parameters in
//                                     hex, one line each, as the image's
//                                     sizes cut them)
//   GLUONRT_FAKE_CUDA_SHARED_OPTIN    the device's opt-in shared memory per
//                                     block (default 232448, the H200's)
//   GLUONRT_FAKE_CUDA_DRIVER_VERSION  cuDriverGetVersion (default 13000)
//   GLUONRT_FAKE_CUDA_ENCODE_FAIL     if set, cuTensorMapEncodeTiled fails
//
// An image is text that says what a cubin would: its first line is
// "gluonc-fake-cubin SIZE" (SIZE: the image's bytes, which cuModuleLoadData
// is not told), then one line per function:
// "kernel NAME static_shared BYTES params SIZE SIZE ...". The checks that
// matter to gluonrt are the driver's: a function's dynamic shared memory is
// limited to 48 KiB less its static part until cuFuncSetAttribute raises
// it, and never beyond the opt-in maximum; cuTensorMapEncodeTiled refuses
// what the driver documents it refuses.
//
// Built twice: as libgluonc-fake-cuda.so, and without cuTensorMapEncodeTiled
// (GLUONC_FAKE_CUDA_NO_TENSOR_MAP) as the driver of a CUDA 11 machine.
//
//===----------------------------------------------------------------------===//

#include <cinttypes>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

namespace {

using CUresult = int;
constexpr CUresult Success = 0;
constexpr CUresult InvalidValue = 1;
constexpr CUresult OutOfMemory = 2;
constexpr CUresult InvalidDevice = 101;
constexpr CUresult InvalidImage = 200;
constexpr CUresult NotFound = 500;

constexpr int DefaultSharedLimit = 48 * 1024;

struct ErrorInfo {
  CUresult code;
  const char *name;
  const char *text;
};

/// The errors this driver returns, as the real one names and describes them.
const ErrorInfo *errorInfo(CUresult code) {
  static const ErrorInfo Errors[] = {
      {Success, "CUDA_SUCCESS", "no error"},
      {InvalidValue, "CUDA_ERROR_INVALID_VALUE", "invalid argument"},
      {OutOfMemory, "CUDA_ERROR_OUT_OF_MEMORY", "out of memory"},
      {InvalidDevice, "CUDA_ERROR_INVALID_DEVICE", "invalid device ordinal"},
      {InvalidImage, "CUDA_ERROR_INVALID_IMAGE",
       "device kernel image is invalid"},
      {NotFound, "CUDA_ERROR_NOT_FOUND", "named symbol not found"}};
  for (const ErrorInfo &info : Errors)
    if (info.code == code)
      return &info;
  return nullptr;
}

int environmentInt(const char *name, int fallback) {
  const char *text = std::getenv(name);
  return text && *text ? std::atoi(text) : fallback;
}

struct FakeFunction {
  std::string name;
  int staticShared = 0;
  int maxDynamicShared = 0;
  std::vector<size_t> paramSizes;
};

struct FakeModule {
  std::vector<std::unique_ptr<FakeFunction>> functions;
  /// A real cubin: any entry name resolves, with these parameter sizes.
  bool anyEntry = false;
  std::vector<size_t> elfParamSizes;
};

int contexts[8];
void *currentContext = nullptr;

FILE *openLog() {
  const char *path = std::getenv("GLUONRT_FAKE_CUDA_LOG");
  return path ? std::fopen(path, "a") : nullptr;
}

bool parseImage(const char *image, FakeModule &module) {
  // A real cubin (ELF): every entry it is asked for exists, taking the
  // parameter sizes GLUONRT_FAKE_CUDA_ELF_PARAMS lists ("8 8 8 4").
  if (std::strncmp(image,
                   "\x7f"
                   "ELF",
                   4) == 0) {
    module.anyEntry = true;
    const char *sizes = std::getenv("GLUONRT_FAKE_CUDA_ELF_PARAMS");
    std::istringstream words(sizes ? sizes : "");
    for (size_t bytes; words >> bytes;)
      module.elfParamSizes.push_back(bytes);
    return true;
  }
  const char *magic = "gluonc-fake-cubin ";
  if (std::strncmp(image, magic, std::strlen(magic)) != 0)
    return false;
  size_t size = std::strtoull(image + std::strlen(magic), nullptr, 10);
  std::istringstream lines(std::string(image, size));
  std::string line;
  std::getline(lines, line);
  while (std::getline(lines, line)) {
    std::istringstream words(line);
    std::string word;
    auto function = std::make_unique<FakeFunction>();
    if (!(words >> word) || word != "kernel" || !(words >> function->name) ||
        !(words >> word) || word != "static_shared" ||
        !(words >> function->staticShared) || !(words >> word) ||
        word != "params")
      return false;
    for (size_t bytes; words >> bytes;)
      function->paramSizes.push_back(bytes);
    function->maxDynamicShared = DefaultSharedLimit - function->staticShared;
    module.functions.push_back(std::move(function));
  }
  return true;
}

std::string hexBytes(const void *data, size_t size) {
  std::string text;
  char pair[4];
  for (size_t i = 0; i < size; ++i) {
    std::snprintf(pair, sizeof(pair), i ? " %02x" : "%02x",
                  static_cast<const unsigned char *>(data)[i]);
    text += pair;
  }
  return text;
}

template <typename T> std::string list(const T *values, uint32_t count) {
  std::string text = "[";
  for (uint32_t i = 0; i < count; ++i)
    text += (i ? ", " : "") + std::to_string(values[i]);
  return text + "]";
}

} // namespace

extern "C" {

CUresult cuInit(unsigned flags) { return flags ? InvalidValue : Success; }

CUresult cuDriverGetVersion(int *version) {
  *version = environmentInt("GLUONRT_FAKE_CUDA_DRIVER_VERSION", 13000);
  return Success;
}

CUresult cuDeviceGetCount(int *count) {
  *count = 1;
  return Success;
}

CUresult cuDeviceGet(int *device, int ordinal) {
  if (ordinal != 0)
    return InvalidDevice;
  *device = ordinal;
  return Success;
}

CUresult cuDeviceGetName(char *name, int length, int device) {
  if (device != 0 || length <= 0)
    return InvalidValue;
  std::snprintf(name, size_t(length), "gluonc fake CUDA device");
  return Success;
}

CUresult cuDeviceGetAttribute(int *value, int attribute, int device) {
  if (device != 0)
    return InvalidDevice;
  switch (attribute) {
  case 5: // MAX_GRID_DIM_X
    *value = 0x7fffffff;
    return Success;
  case 6:
  case 7:
    *value = 65535;
    return Success;
  case 16: // MULTIPROCESSOR_COUNT
    *value = 132;
    return Success;
  case 75: // COMPUTE_CAPABILITY_MAJOR; GLUONRT_FAKE_CUDA_CC=100 is 10.0
    *value = environmentInt("GLUONRT_FAKE_CUDA_CC", 90) / 10;
    return Success;
  case 76:
    *value = environmentInt("GLUONRT_FAKE_CUDA_CC", 90) % 10;
    return Success;
  case 97: // MAX_SHARED_MEMORY_PER_BLOCK_OPTIN
    *value = environmentInt("GLUONRT_FAKE_CUDA_SHARED_OPTIN", 232448);
    return Success;
  case 120: // CLUSTER_LAUNCH
    *value = 1;
    return Success;
  default:
    return InvalidValue;
  }
}

CUresult cuDeviceTotalMem_v2(size_t *bytes, int device) {
  if (device != 0)
    return InvalidDevice;
  *bytes = size_t(141) << 30;
  return Success;
}

CUresult cuDevicePrimaryCtxRetain(void **context, int device) {
  if (device != 0)
    return InvalidDevice;
  *context = &contexts[device];
  return Success;
}

CUresult cuCtxGetCurrent(void **context) {
  *context = currentContext;
  return Success;
}

CUresult cuCtxSetCurrent(void *context) {
  currentContext = context;
  return Success;
}

CUresult cuCtxSynchronize() { return Success; }

CUresult cuModuleLoadData(void **module, const void *image) {
  auto fake = std::make_unique<FakeModule>();
  if (!image || !parseImage(static_cast<const char *>(image), *fake))
    return InvalidImage;
  *module = fake.release();
  return Success;
}

CUresult cuModuleUnload(void *module) {
  delete static_cast<FakeModule *>(module);
  return Success;
}

CUresult cuModuleGetFunction(void **function, void *module, const char *name) {
  auto &fake = *static_cast<FakeModule *>(module);
  for (auto &candidate : fake.functions)
    if (candidate->name == name) {
      *function = candidate.get();
      return Success;
    }
  if (!fake.anyEntry)
    return NotFound;
  auto entry = std::make_unique<FakeFunction>();
  entry->name = name;
  entry->paramSizes = fake.elfParamSizes;
  entry->maxDynamicShared = DefaultSharedLimit;
  *function = entry.get();
  fake.functions.push_back(std::move(entry));
  return Success;
}

CUresult cuFuncGetAttribute(int *value, int attribute, void *function) {
  auto &fake = *static_cast<FakeFunction *>(function);
  switch (attribute) {
  case 1: // SHARED_SIZE_BYTES
    *value = fake.staticShared;
    return Success;
  case 8: // MAX_DYNAMIC_SHARED_SIZE_BYTES
    *value = fake.maxDynamicShared;
    return Success;
  default:
    return InvalidValue;
  }
}

CUresult cuFuncSetAttribute(void *function, int attribute, int value) {
  auto &fake = *static_cast<FakeFunction *>(function);
  switch (attribute) {
  case 8: // MAX_DYNAMIC_SHARED_SIZE_BYTES
    if (value < 0 ||
        value > environmentInt("GLUONRT_FAKE_CUDA_SHARED_OPTIN", 232448) -
                    fake.staticShared)
      return InvalidValue;
    fake.maxDynamicShared = value;
    return Success;
  case 14: // NON_PORTABLE_CLUSTER_SIZE_ALLOWED
    return Success;
  default:
    return InvalidValue;
  }
}

CUresult cuLaunchKernel(void *function, unsigned gridX, unsigned gridY,
                        unsigned gridZ, unsigned blockX, unsigned blockY,
                        unsigned blockZ, unsigned sharedBytes, void *,
                        void **kernelParams, void **extra) {
  auto &fake = *static_cast<FakeFunction *>(function);
  if (extra || !gridX || !gridY || !gridZ || !blockX || !blockY || !blockZ ||
      blockX * blockY * blockZ > 1024 ||
      sharedBytes > unsigned(fake.maxDynamicShared))
    return InvalidValue;
  if (FILE *log = openLog()) {
    std::fprintf(log, "launch %s grid %u,%u,%u block %u,%u,%u shared %u\n",
                 fake.name.c_str(), gridX, gridY, gridZ, blockX, blockY, blockZ,
                 sharedBytes);
    for (size_t i = 0; i < fake.paramSizes.size(); ++i)
      std::fprintf(log, "param %zu: %s\n", i,
                   hexBytes(kernelParams[i], fake.paramSizes[i]).c_str());
    std::fclose(log);
  }
  return Success;
}

CUresult cuLaunchKernelEx(const void *, void *, void **, void **) {
  return InvalidValue;
}

#ifndef GLUONC_FAKE_CUDA_NO_TENSOR_MAP
/// Checks what the driver documents, logs the arguments, and writes a map
/// that holds the address (bytes 0..7), all ones in bytes 8..15 (where bit
/// 85 is) and 0x5a elsewhere.
CUresult cuTensorMapEncodeTiled(void *map, int dataType, uint32_t rank,
                                void *address, const uint64_t *dims,
                                const uint64_t *strides, const uint32_t *box,
                                const uint32_t *elementStrides, int interleave,
                                int swizzle, int l2Promotion, int oobFill) {
  static const uint32_t Sizes[] = {1, 2, 4, 4, 8, 8, 2, 4, 8, 2};
  if (FILE *log = openLog()) {
    std::fprintf(log,
                 "encode type %d rank %u address %p dims %s strides %s box %s "
                 "element_strides %s interleave %d swizzle %d l2 %d fill %d\n",
                 dataType, rank, address, list(dims, rank).c_str(),
                 list(strides, rank ? rank - 1 : 0).c_str(),
                 list(box, rank).c_str(), list(elementStrides, rank).c_str(),
                 interleave, swizzle, l2Promotion, oobFill);
    std::fclose(log);
  }
  if (std::getenv("GLUONRT_FAKE_CUDA_ENCODE_FAIL"))
    return InvalidValue;
  if (!map || reinterpret_cast<uintptr_t>(map) % 64 || dataType < 0 ||
      dataType > 9 || rank < 1 || rank > 5 ||
      reinterpret_cast<uintptr_t>(address) % 16 || interleave != 0 ||
      swizzle < 0 || swizzle > 3 || l2Promotion < 0 || l2Promotion > 3 ||
      oobFill < 0 || oobFill > 1)
    return InvalidValue;
  uint64_t elementBytes = Sizes[dataType];
  for (uint32_t i = 0; i < rank; ++i)
    if (dims[i] < 1 || dims[i] > (uint64_t(1) << 32) || box[i] < 1 ||
        box[i] > 256 || elementStrides[i] < 1 || elementStrides[i] > 8)
      return InvalidValue;
  for (uint32_t i = 0; i + 1 < rank; ++i)
    if (strides[i] % 16 || strides[i] >= (uint64_t(1) << 40))
      return InvalidValue;
  uint64_t innerBytes = box[0] * elementBytes;
  if (innerBytes % 16 || (swizzle && innerBytes > (16u << swizzle)))
    return InvalidValue;
  auto *bytes = static_cast<unsigned char *>(map);
  std::memset(bytes, 0x5a, 128);
  uint64_t value = reinterpret_cast<uintptr_t>(address);
  std::memcpy(bytes, &value, 8);
  std::memset(bytes + 8, 0xff, 8);
  return Success;
}
#endif

CUresult cuMemAlloc_v2(uint64_t *pointer, size_t bytes) {
  void *memory = std::aligned_alloc(256, (bytes + 255) / 256 * 256);
  if (!memory)
    return OutOfMemory;
  *pointer = reinterpret_cast<uintptr_t>(memory);
  return Success;
}

CUresult cuMemFree_v2(uint64_t pointer) {
  std::free(reinterpret_cast<void *>(static_cast<uintptr_t>(pointer)));
  return Success;
}

CUresult cuMemsetD8_v2(uint64_t pointer, unsigned char value, size_t bytes) {
  std::memset(reinterpret_cast<void *>(static_cast<uintptr_t>(pointer)), value,
              bytes);
  return Success;
}

CUresult cuMemcpyHtoD_v2(uint64_t dst, const void *src, size_t bytes) {
  std::memcpy(reinterpret_cast<void *>(static_cast<uintptr_t>(dst)), src,
              bytes);
  return Success;
}

CUresult cuMemcpyDtoH_v2(void *dst, uint64_t src, size_t bytes) {
  std::memcpy(dst, reinterpret_cast<void *>(static_cast<uintptr_t>(src)),
              bytes);
  return Success;
}

CUresult cuMemcpyDtoD_v2(uint64_t dst, uint64_t src, size_t bytes) {
  std::memmove(reinterpret_cast<void *>(static_cast<uintptr_t>(dst)),
               reinterpret_cast<void *>(static_cast<uintptr_t>(src)), bytes);
  return Success;
}

CUresult cuStreamSynchronize(void *) { return Success; }

CUresult cuEventCreate(void **event, unsigned) {
  *event = new int(0);
  return Success;
}

CUresult cuEventDestroy_v2(void *event) {
  delete static_cast<int *>(event);
  return Success;
}

CUresult cuEventRecord(void *, void *) { return Success; }
CUresult cuEventSynchronize(void *) { return Success; }

CUresult cuEventElapsedTime(float *ms, void *, void *) {
  *ms = 0.0f;
  return Success;
}

CUresult cuGetErrorName(CUresult error, const char **name) {
  const ErrorInfo *info = errorInfo(error);
  *name = info ? info->name : nullptr;
  return info ? Success : InvalidValue;
}

CUresult cuGetErrorString(CUresult error, const char **text) {
  const ErrorInfo *info = errorInfo(error);
  *text = info ? info->text : nullptr;
  return info ? Success : InvalidValue;
}

} // extern "C"
