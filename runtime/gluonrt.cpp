//===- gluonrt.cpp - The C API of libgluonrt ------------------------------===//
//
// Thin wrappers: each entry point validates its pointers, catches every C++
// exception (none may cross the C boundary) and forwards to Metadata,
// Arguments and the Backend of the kernel or of the selected device.
//
//===----------------------------------------------------------------------===//

#include "gluonc/runtime/gluonrt.h"

#include "gluonc/ABI/Containers.h"

#include "Arguments.h"
#include "Backend.h"
#include "Containers.h"
#include "Error.h"
#include "Files.h"
#include "Format.h"
#include "Log.h"
#include "Metadata.h"
#include "Sha256.h"
#include "TensorDesc.h"

#include <fmt/format.h>

#include <algorithm>
#include <climits>
#include <cstddef>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <mutex>
#include <new>

#ifndef GLUONRT_VERSION_STRING
#define GLUONRT_VERSION_STRING "0.1.0"
#endif

using namespace gluonrt;
using gluonc::log::Level;

// The layout docs/metadata.md and gluonrt.h promise, the same in C and C++.
static_assert(sizeof(gluonrt_tensordesc) == 256 &&
                  alignof(gluonrt_tensordesc) == 64 &&
                  offsetof(gluonrt_tensordesc, shape) == 128 &&
                  offsetof(gluonrt_tensordesc, strides) == 152 &&
                  offsetof(gluonrt_tensordesc, rank) == 192,
              "layout of gluonrt_tensordesc");

struct gluonrt_kernel {
  KernelMetadata metadata;
  std::vector<uint8_t> image;
  std::string absoluteImagePath;
  Backend *backend = nullptr; // null until bound
  int device = -1;
  LoadedModule module;
  std::array<uint32_t, 3> maxGrid{{0, 0, 0}};
};

struct gluonrt_args {
  explicit gluonrt_args(const gluonrt_kernel &kernel)
      : kernel(kernel), builder(kernel.metadata) {}
  const gluonrt_kernel &kernel;
  ArgumentBuilder builder;
};

namespace {

/// Runs `body`, turning escaping exceptions into statuses: the C API must
/// not throw.
template <typename Body> gluonrt_status guarded(Body &&body) {
  try {
    return body();
  } catch (const std::bad_alloc &) {
    return fail(GLUONRT_ERROR_OUT_OF_MEMORY, "out of host memory");
  } catch (const Failure &failure) {
    return fail(failure.status, failure.message);
  } catch (const std::exception &error) {
    return fail(GLUONRT_ERROR_INVALID_ARGUMENT, "internal error: {}",
                error.what());
  }
}

gluonrt_status nullArgument(const char *function, const char *parameter) {
  return fail(GLUONRT_ERROR_INVALID_ARGUMENT, "{}: {} is NULL", function,
              parameter);
}

/// The device the helpers act on and kernels load onto by default.
struct DeviceSelection {
  std::mutex mutex;
  bool resolved = false;
  gluonrt_backend backend = GLUONRT_BACKEND_NVIDIA;
  int device = 0;
};

DeviceSelection &selection() {
  static DeviceSelection *state = new DeviceSelection();
  return *state;
}

gluonrt_status deviceFromEnvironment(int &device) {
  device = 0;
  const char *text = std::getenv("GLUONRT_DEVICE");
  if (!text || !*text)
    return GLUONRT_SUCCESS;
  char *end = nullptr;
  long value = std::strtol(text, &end, 10);
  if (*end != '\0' || value < 0 || value > INT_MAX)
    return fail(GLUONRT_ERROR_INVALID_ARGUMENT,
                "GLUONRT_DEVICE='{}' is not a device index", text);
  device = static_cast<int>(value);
  return GLUONRT_SUCCESS;
}

gluonrt_status selectedDevice(gluonrt_backend &backend, int &device) {
  DeviceSelection &state = selection();
  std::lock_guard<std::mutex> lock(state.mutex);
  if (!state.resolved) {
    if (gluonrt_status status = deviceFromEnvironment(state.device))
      return status;
    state.resolved = true;
  }
  backend = state.backend;
  device = state.device;
  return GLUONRT_SUCCESS;
}

/// Runs `operation(backend, device)` on the selected device.
template <typename Operation>
gluonrt_status onSelectedDevice(Operation &&operation) {
  return guarded([&]() -> gluonrt_status {
    gluonrt_backend backend;
    int device;
    if (gluonrt_status status = selectedDevice(backend, device))
      return status;
    return operation(backendFor(backend), device);
  });
}

//===-- GLUONRT_LOG lines, one per event ----------------------------------===//

/// "add_kernel [sm_90a]", as gluon-run names a kernel.
std::string kernelLabel(const KernelMetadata &metadata) {
  return fmt::format("{} [{}]", shortText(metadata.entry),
                     shortText(metadata.arch));
}

/// "sm_80, sm_90, ... and 99992 more": an index's archs, for messages.
std::string indexArchs(const IndexMetadata &index) {
  return boundedJoin(index.entries, [](const IndexMetadata::Entry &entry) {
    return shortText(entry.arch);
  });
}

/// pickForDevice chose `picked` of `index` (named `what`).
void logPick(const IndexMetadata &index, const std::string &what, int device,
             const gluonrt_device_info &info, const IndexPick &picked) {
  if (!logger().isEnabled(Level::Debug))
    return;
  const IndexMetadata::Entry &entry = index.entries[size_t(picked.entry)];
  logger().debug("{}: picked {} ({}) of {} for {} device {}, {} ({}): {}", what,
                 shortText(entry.arch), shortText(entry.metadataFile),
                 indexArchs(index), backendFor(entry.backend).apiName(), device,
                 info.name, info.arch, picked.reason);
}

/// `what` ("sm_90's PTX") was taken out of the kernel's container image.
void logContainerImage(const KernelMetadata &metadata, const std::string &what,
                       const std::vector<uint8_t> &image) {
  logger().debug("{}: took {} out of the {} ({} bytes)", metadata.imagePath,
                 what, metadata.imageFormat, image.size());
}

/// A kernel's metadata and image were read and checked; `from` names the
/// metadata, `imagePath` the image ("embedded" for
/// gluonrt_kernel_load_embedded).
void logLoaded(const gluonrt_kernel &kernel, const std::string &from,
               const std::string &imagePath) {
  const KernelMetadata &metadata = kernel.metadata;
  size_t params = metadata.params.size();
  logger().debug("loaded {} ({}) from {}: {} parameter{}; image {} ({}, {} "
                 "bytes, SHA-256 checked)",
                 kernelLabel(metadata),
                 metadata.backend == GLUONRT_BACKEND_AMD ? "amd" : "nvidia",
                 from, params, params == 1 ? "" : "s", imagePath,
                 metadata.imageFormat, kernel.image.size());
}

void logBound(const gluonrt_kernel &kernel, const gluonrt_device_info &info,
              const ModuleRequest &request) {
  logger().debug("bound {} to {} device {} ({}, {}): loaded a module of {} "
                 "bytes, function '{}', {} bytes of dynamic shared memory",
                 kernelLabel(kernel.metadata), kernel.backend->apiName(),
                 kernel.device, info.name, info.arch, request.image->size(),
                 request.entry, request.sharedBytes);
}

void logLaunch(const gluonrt_kernel &kernel, const LaunchRequest &request,
               void *const *args) {
  if (!logger().isEnabled(Level::Debug))
    return;
  const KernelMetadata &metadata = kernel.metadata;
  const auto &grid = request.grid;
  const auto &block = request.block;
  const auto &cluster = request.cluster;
  std::string clusters = cluster[0] * cluster[1] * cluster[2] == 1
                             ? ""
                             : fmt::format(", clusters ({}, {}, {})",
                                           cluster[0], cluster[1], cluster[2]);
  std::string stream = request.stream
                           ? fmt::format("stream {}", fmt::ptr(request.stream))
                           : "the default stream";
  logger().debug("launch {} on {} device {}: grid ({}, {}, {}){}, block {} "
                 "threads ({}, {}, {}), {} bytes of dynamic shared memory, {}, "
                 "{} bytes of arguments",
                 kernelLabel(metadata), kernel.backend->apiName(),
                 kernel.device, grid[0], grid[1], grid[2], clusters,
                 block[0] * block[1] * block[2], block[0], block[1], block[2],
                 request.sharedBytes, stream, metadata.kernargBytes);
  // The values themselves, at trace level: copying them is cheap, but a
  // hex dump of every launch is only for chasing a wrong argument.
  if (logger().isEnabled(Level::Trace))
    logger().trace("launch {}: arguments {:02x}", metadata.entry,
                   fmt::join(packArguments(metadata, args), " "));
}

/// gluonrt_tensordesc_encode built `param`'s descriptor from `args`.
void logTensorDesc(const gluonrt_kernel &kernel, const ParamMetadata &param,
                   const TensorMapArgs &args, int device) {
  if (!logger().isEnabled(Level::Debug))
    return;
  const TensorDescMetadata &desc = param.tensorDesc;
  uint32_t rank = args.rank;
  logger().debug(
      "tensor descriptor '{}' of {}: {} ({}), rank {}, base {}, "
      "shape {}, strides {}, box {}, swizzle {} B, padding {}: "
      "encoded on {} device {}",
      param.name, kernel.metadata.entry, param.elementType,
      tmaDataTypeName(desc.tmaDataType), rank, hexText(args.globalAddress),
      listText(args.shape.begin(), args.shape.begin() + rank),
      listText(args.strides.begin(), args.strides.begin() + rank),
      listText(desc.boxShape.begin(), desc.boxShape.begin() + rank),
      desc.swizzleBytes,
      desc.padding == GLUONRT_TENSORDESC_PADDING_NAN ? "nan" : "zero",
      backendFor(kernel.metadata.backend).apiName(), device);
}

gluonrt_status requireBound(const gluonrt_kernel *kernel) {
  if (kernel->backend)
    return GLUONRT_SUCCESS;
  return fail(GLUONRT_ERROR_NOT_BOUND,
              "kernel '{}' was loaded without a device "
              "(gluonrt_metadata_load); call gluonrt_kernel_bind first",
              shortText(kernel->metadata.entry));
}

gluonrt_status launchChecked(gluonrt_kernel *kernel, const uint32_t grid[3],
                             void *const *args, int numArgs, void *stream) {
  if (gluonrt_status status = requireBound(kernel))
    return status;
  if (gluonrt_status status = checkArguments(kernel->metadata, args, numArgs))
    return status;
  LaunchRequest request;
  request.grid = {{grid[0], grid[1], grid[2]}};
  if (gluonrt_status status =
          checkGrid(kernel->metadata, request.grid, kernel->maxGrid))
    return status;
  const KernelMetadata &metadata = kernel->metadata;
  request.block = metadata.blockDims;
  request.cluster = metadata.clusterDims;
  request.sharedBytes = metadata.sharedBytes;
  request.stream = stream;
  // The driver copies the parameters before cuLaunchKernel returns.
  std::vector<void *> kernelParams;
  request.args = expandKernelParams(metadata, args, kernelParams);
  request.metadata = &metadata;
  logLaunch(*kernel, request, args);
  return kernel->backend->launch(kernel->device, kernel->module, request);
}

/// The tensordesc parameter `index` of `kernel`, or null after failing with
/// a message that starts with `function`.
const ParamMetadata *tensorDescParam(const gluonrt_kernel *kernel, int index,
                                     const char *function) {
  const KernelMetadata &metadata = kernel->metadata;
  if (index < 0 || size_t(index) >= metadata.params.size()) {
    fail(GLUONRT_ERROR_INVALID_ARGUMENT,
         "{}: parameter index {} is out of range: {} has {} parameters",
         function, index, metadata.signature(), metadata.params.size());
    return nullptr;
  }
  const ParamMetadata &param = metadata.params[index];
  if (param.kind != GLUONRT_PARAM_TENSORDESC) {
    fail(GLUONRT_ERROR_INVALID_ARGUMENT,
         "{}: parameter '{}' ({}) is not a tensor descriptor", function,
         shortText(param.name), shortText(param.type));
    return nullptr;
  }
  return &param;
}

/// The checks and arguments of a descriptor, shared by
/// gluonrt_tensordesc_check and gluonrt_tensordesc_encode.
gluonrt_status tensorMapArgsFor(const gluonrt_kernel *kernel, int index,
                                const char *function, uint64_t base,
                                const int64_t *shape, const int64_t *strides,
                                int rank, TensorMapArgs &args) {
  const ParamMetadata *param = tensorDescParam(kernel, index, function);
  if (!param)
    return GLUONRT_ERROR_INVALID_ARGUMENT;
  return computeTensorMapArgs(param->name, param->divisibility,
                              param->tensorDesc, base, shape, strides, rank,
                              args);
}

float medianOf(std::vector<float> values) {
  std::sort(values.begin(), values.end());
  size_t middle = values.size() / 2;
  if (values.size() % 2)
    return values[middle];
  return 0.5f * (values[middle - 1] + values[middle]);
}

/// Times `times.size()` launches, each between two events recorded on the
/// stream.
gluonrt_status timeEachLaunch(gluonrt_kernel *kernel, const uint32_t grid[3],
                              void *const *args, int numArgs, void *stream,
                              std::vector<float> &times) {
  Backend &backend = *kernel->backend;
  int device = kernel->device;
  std::vector<void *> events(times.size() + 1, nullptr);
  gluonrt_status status = GLUONRT_SUCCESS;
  for (size_t i = 0; i < events.size() && !status; ++i)
    status = backend.eventCreate(device, events[i]);
  if (!status)
    status = backend.eventRecord(device, events[0], stream);
  for (size_t i = 0; i < times.size() && !status; ++i) {
    status = launchChecked(kernel, grid, args, numArgs, stream);
    if (!status)
      status = backend.eventRecord(device, events[i + 1], stream);
  }
  if (!status)
    status = backend.eventSynchronize(device, events.back());
  for (size_t i = 0; i < times.size() && !status; ++i)
    status = backend.eventElapsedMs(device, events[i], events[i + 1], times[i]);
  std::string message = status ? lastError() : "";
  for (void *event : events)
    if (event)
      backend.eventDestroy(device, event);
  return status ? fail(status, message) : GLUONRT_SUCCESS;
}

} // namespace

//===-- Version -----------------------------------------------------------===//

// gluonrt_status_name and gluonrt_last_error are in Error.cpp, with the
// messages they report.

const char *gluonrt_version(void) { return GLUONRT_VERSION_STRING; }

//===-- Kernels -----------------------------------------------------------===//

namespace {

/// The entry of `index` for `device` (-1: the selected device's index).
/// Each backend the index has archs for is asked, the selected one first,
/// then in the index's order; the first whose device one of them fits
/// wins. `what` names the index in messages.
gluonrt_status pickForDevice(const IndexMetadata &index, int device,
                             const std::string &what, int &picked) {
  const std::string &path = what;
  gluonrt_backend selected;
  int selectedIndex;
  if (gluonrt_status status = selectedDevice(selected, selectedIndex))
    return status;
  if (device < 0)
    device = selectedIndex;
  // The selected backend first (gluonrt_select_device), then the others.
  std::vector<gluonrt_backend> backends;
  for (const IndexMetadata::Entry &entry : index.entries)
    if (entry.backend == selected && backends.empty())
      backends.push_back(selected);
  for (const IndexMetadata::Entry &entry : index.entries)
    if (std::find(backends.begin(), backends.end(), entry.backend) ==
        backends.end())
      backends.push_back(entry.backend);
  std::vector<std::string> devices;
  gluonrt_status noDevice = GLUONRT_SUCCESS;
  std::vector<std::string> noDeviceMessages;
  for (gluonrt_backend backend : backends) {
    gluonrt_device_info info;
    if (gluonrt_status status = backendFor(backend).deviceInfo(device, info)) {
      noDevice = status;
      noDeviceMessages.push_back(lastError());
      continue;
    }
    IndexPick pick = pickIndexEntry(index, backend, info);
    if (pick.entry >= 0) {
      logPick(index, what, device, info, pick);
      picked = pick.entry;
      return GLUONRT_SUCCESS;
    }
    devices.push_back(fmt::format("{} ({})", info.name, info.arch));
  }
  if (devices.empty())
    return fail(noDevice, "{}: {}", path, fmt::join(noDeviceMessages, "; "));
  return fail(GLUONRT_ERROR_ARCH_MISMATCH,
              "{}: no architecture here runs on device {}, {}; the index has "
              "{}",
              path, device, fmt::join(devices, ", "), indexArchs(index));
}

/// `path` itself, unless it is an index (gluonc.index/1): then the
/// metadata file of the arch for `device` (pickForDevice), which must lie
/// inside the index's folder as an image must lie inside its JSON's.
gluonrt_status resolveIndex(const std::string &path, int device,
                            std::string &metadataPath) {
  metadataPath = path;
  std::vector<uint8_t> bytes;
  std::string error;
  // A file that cannot be read is reported by the metadata load.
  if (readRegularFile(path, MetadataLimits::MaxJsonBytes, bytes, error))
    return GLUONRT_SUCCESS;
  std::string text(bytes.begin(), bytes.end());
  if (!isIndexDocument(text))
    return GLUONRT_SUCCESS;
  IndexMetadata index;
  if (gluonrt_status status = parseIndex(text, path, index))
    return status;
  int picked = -1;
  if (gluonrt_status status = pickForDevice(index, device, path, picked))
    return status;
  // The image's rule (Files.h, openInFolder): the index may come from
  // anywhere, so its entry may not lead out of the index's folder through
  // a symlink either. The path is checked here and read by the caller.
  const std::string &file = index.entries[size_t(picked)].metadataFile;
  FolderFile opened;
  if (gluonrt_status status =
          openInFolder(index.directory, file, opened, error))
    return fail(status, "{}: kernels[{}].metadata: {}", path, picked, error);
  metadataPath = index.directory + "/" + file;
  return GLUONRT_SUCCESS;
}

} // namespace

gluonrt_status gluonrt_metadata_load(const char *json_path,
                                     gluonrt_kernel **out) {
  if (!out)
    return nullArgument("gluonrt_metadata_load", "out");
  *out = nullptr;
  if (!json_path)
    return nullArgument("gluonrt_metadata_load", "json_path");
  return guarded([&]() -> gluonrt_status {
    auto kernel = std::make_unique<gluonrt_kernel>();
    if (gluonrt_status status =
            loadMetadataAndImage(json_path, kernel->metadata, kernel->image,
                                 kernel->absoluteImagePath))
      return status;
    logLoaded(*kernel, json_path, kernel->absoluteImagePath);
    *out = kernel.release();
    return GLUONRT_SUCCESS;
  });
}

gluonrt_status gluonrt_index_resolve(const char *path, int device,
                                     const char **metadata_path) {
  if (!metadata_path)
    return nullArgument("gluonrt_index_resolve", "metadata_path");
  *metadata_path = nullptr;
  if (!path)
    return nullArgument("gluonrt_index_resolve", "path");
  thread_local std::string resolved;
  return guarded([&]() -> gluonrt_status {
    std::string picked;
    if (gluonrt_status status = resolveIndex(path, device, picked))
      return status;
    resolved = std::move(picked);
    *metadata_path = resolved.c_str();
    return GLUONRT_SUCCESS;
  });
}

namespace {

/// The image to give the driver for `metadata` on a device with `info`:
/// from a container, the metadata's own arch's image (its cubin, or its
/// PTX where no cubin of it runs and the fatbin has the PTX), so that the
/// driver cannot pick another arch's code than the metadata describes;
/// an empty entry is refused (Containers.h), never taken for none.
/// `extracted` tells whether `image` holds it: the container is loaded as
/// it is only where it is no container, or where the arch fits the device
/// in no way (the backend's arch check refuses it then).
gluonrt_status selectContainerImage(const KernelMetadata &metadata,
                                    const std::vector<uint8_t> &container,
                                    const gluonrt_device_info &info,
                                    std::vector<uint8_t> &image,
                                    bool &extracted) {
  extracted = false;
  std::string error;
  if (metadata.imageFormat == "hipfb") {
    std::string id = gluonc::abi::offload_bundle::hipId(metadata.arch);
    if (!extractBundleImage(container, id, image, error))
      return fail(GLUONRT_ERROR_IMAGE_MISMATCH, "{}: {}", metadata.imagePath,
                  error);
    logContainerImage(metadata, fmt::format("the code object {}", id), image);
    extracted = true;
    return GLUONRT_SUCCESS;
  }
  if (metadata.imageFormat != "fatbin")
    return GLUONRT_SUCCESS;
  CudaArch arch;
  if (!parseCudaArch(metadata.arch, arch))
    return GLUONRT_SUCCESS;
  CudaCode code = cudaCodeFor(arch, metadata.ptxArch == metadata.arch,
                              info.major, info.minor);
  if (code == CudaCode::None)
    return GLUONRT_SUCCESS;
  if (!extractFatbinImage(container, arch, code == CudaCode::PTX, image, error))
    return fail(GLUONRT_ERROR_IMAGE_MISMATCH, "{}: {}", metadata.imagePath,
                error);
  logContainerImage(metadata,
                    fmt::format("{}'s {}", metadata.arch,
                                code == CudaCode::PTX ? "PTX" : "cubin"),
                    image);
  extracted = true;
  return GLUONRT_SUCCESS;
}

} // namespace

gluonrt_status gluonrt_kernel_bind(gluonrt_kernel *kernel, int device) {
  if (!kernel)
    return nullArgument("gluonrt_kernel_bind", "kernel");
  if (kernel->backend)
    return fail(GLUONRT_ERROR_INVALID_ARGUMENT,
                "kernel '{}' is already bound to device {}",
                shortText(kernel->metadata.entry), kernel->device);
  return guarded([&]() -> gluonrt_status {
    if (device < 0) {
      gluonrt_backend ignored;
      if (gluonrt_status status = selectedDevice(ignored, device))
        return status;
    }
    const KernelMetadata &metadata = kernel->metadata;
    Backend &backend = backendFor(metadata.backend);
    gluonrt_device_info info;
    if (gluonrt_status status = backend.deviceInfo(device, info))
      return status;
    std::vector<uint8_t> archImage;
    bool extracted = false;
    if (gluonrt_status status = selectContainerImage(
            metadata, kernel->image, info, archImage, extracted))
      return withContext(status, metadata.jsonPath);
    ModuleRequest request;
    request.image = extracted ? &archImage : &kernel->image;
    request.entry = metadata.entry;
    request.arch = metadata.arch;
    request.ptxArch = metadata.ptxArch;
    request.sharedBytes = metadata.sharedBytes;
    request.clusterDims = metadata.clusterDims;
    if (gluonrt_status status =
            backend.loadModule(device, request, kernel->module))
      return withContext(status, metadata.jsonPath);
    kernel->maxGrid = {{info.max_grid[0], info.max_grid[1], info.max_grid[2]}};
    kernel->device = device;
    kernel->backend = &backend;
    logBound(*kernel, info, request);
    return GLUONRT_SUCCESS;
  });
}

gluonrt_status gluonrt_kernel_load_on_device(const char *json_path, int device,
                                             gluonrt_kernel **out) {
  if (!out)
    return nullArgument("gluonrt_kernel_load_on_device", "out");
  *out = nullptr;
  if (!json_path)
    return nullArgument("gluonrt_kernel_load_on_device", "json_path");
  std::string metadataPath;
  if (gluonrt_status status = guarded(
          [&] { return resolveIndex(json_path, device, metadataPath); }))
    return status;
  if (gluonrt_status status = gluonrt_metadata_load(metadataPath.c_str(), out))
    return status;
  if (gluonrt_status status = gluonrt_kernel_bind(*out, device)) {
    gluonrt_kernel_unload(*out);
    *out = nullptr;
    return status;
  }
  return GLUONRT_SUCCESS;
}

gluonrt_status gluonrt_kernel_load(const char *json_path,
                                   gluonrt_kernel **out) {
  return gluonrt_kernel_load_on_device(json_path, -1, out);
}

gluonrt_status gluonrt_kernel_load_embedded(const gluonrt_embedded_arch *archs,
                                            int num_archs, int device,
                                            gluonrt_kernel **out) {
  if (!out)
    return nullArgument("gluonrt_kernel_load_embedded", "out");
  *out = nullptr;
  if (!archs)
    return nullArgument("gluonrt_kernel_load_embedded", "archs");
  if (num_archs <= 0)
    return fail(GLUONRT_ERROR_INVALID_ARGUMENT,
                "gluonrt_kernel_load_embedded: num_archs is {}, expected at "
                "least 1",
                num_archs);
  gluonrt_status status = guarded([&]() -> gluonrt_status {
    // Each arch's metadata, as an index of them would list it.
    std::vector<KernelMetadata> metadata(static_cast<size_t>(num_archs));
    IndexMetadata index;
    for (int i = 0; i < num_archs; ++i) {
      const gluonrt_embedded_arch &arch = archs[i];
      std::string name = fmt::format("embedded metadata {}", i);
      if (!arch.metadata || !arch.image)
        return fail(GLUONRT_ERROR_INVALID_ARGUMENT,
                    "gluonrt_kernel_load_embedded: {} has a NULL metadata or "
                    "image",
                    name);
      if (arch.metadata_size > MetadataLimits::MaxJsonBytes)
        return fail(GLUONRT_ERROR_INVALID_METADATA,
                    "{} is {} bytes, more than a metadata file may be", name,
                    arch.metadata_size);
      if (gluonrt_status status =
              parseMetadata(std::string(arch.metadata, arch.metadata_size),
                            name, metadata[size_t(i)]))
        return status;
      const KernelMetadata &parsed = metadata[size_t(i)];
      index.entries.push_back(
          {parsed.arch, parsed.backend, name, parsed.ptxArch});
    }
    int picked = -1;
    if (gluonrt_status status = pickForDevice(
            index, device,
            fmt::format("the embedded kernel '{}'", metadata[0].entry), picked))
      return status;
    auto kernel = std::make_unique<gluonrt_kernel>();
    kernel->metadata = std::move(metadata[size_t(picked)]);
    const uint8_t *bytes = static_cast<const uint8_t *>(archs[picked].image);
    kernel->image.assign(bytes, bytes + archs[picked].image_size);
    if (gluonrt_status status = checkImage(kernel->metadata, kernel->image))
      return status;
    logLoaded(*kernel, kernel->metadata.jsonPath, "embedded");
    *out = kernel.release();
    return GLUONRT_SUCCESS;
  });
  if (status)
    return status;
  if (gluonrt_status status = gluonrt_kernel_bind(*out, device)) {
    gluonrt_kernel_unload(*out);
    *out = nullptr;
    return status;
  }
  return GLUONRT_SUCCESS;
}

int gluonrt_kernel_is_bound(const gluonrt_kernel *kernel) {
  return kernel && kernel->backend ? 1 : 0;
}

void gluonrt_kernel_unload(gluonrt_kernel *kernel) {
  if (!kernel)
    return;
  if (kernel->backend)
    kernel->backend->unloadModule(kernel->device, kernel->module);
  delete kernel;
}

//===-- Introspection -----------------------------------------------------===//

const char *gluonrt_kernel_entry(const gluonrt_kernel *kernel) {
  return kernel ? kernel->metadata.entry.c_str() : nullptr;
}

const char *gluonrt_kernel_arch(const gluonrt_kernel *kernel) {
  return kernel ? kernel->metadata.arch.c_str() : nullptr;
}

gluonrt_backend gluonrt_kernel_backend(const gluonrt_kernel *kernel) {
  return kernel ? kernel->metadata.backend : GLUONRT_BACKEND_NVIDIA;
}

const char *gluonrt_kernel_image_path(const gluonrt_kernel *kernel) {
  return kernel ? kernel->absoluteImagePath.c_str() : nullptr;
}

int gluonrt_kernel_device(const gluonrt_kernel *kernel) {
  return kernel && kernel->backend ? kernel->device : -1;
}

int gluonrt_kernel_num_params(const gluonrt_kernel *kernel) {
  return kernel ? static_cast<int>(kernel->metadata.params.size()) : 0;
}

gluonrt_status gluonrt_kernel_param(const gluonrt_kernel *kernel, int index,
                                    gluonrt_param_info *out) {
  if (!kernel)
    return nullArgument("gluonrt_kernel_param", "kernel");
  if (!out)
    return nullArgument("gluonrt_kernel_param", "out");
  const auto &params = kernel->metadata.params;
  if (index < 0 || size_t(index) >= params.size())
    return fail(GLUONRT_ERROR_INVALID_ARGUMENT,
                "parameter index {} is out of range: {} has {} parameters",
                index, kernel->metadata.signature(), params.size());
  const ParamMetadata &param = params[index];
  out->name = param.name.c_str();
  out->type = param.type.c_str();
  out->kind = param.kind;
  out->value_type = param.valueType;
  out->size = param.size;
  out->alignment = param.alignment;
  out->offset = param.offset;
  out->divisibility = param.divisibility;
  return GLUONRT_SUCCESS;
}

//===-- TMA tensor descriptors --------------------------------------------===//

gluonrt_status gluonrt_kernel_tensordesc_info(const gluonrt_kernel *kernel,
                                              int param_index,
                                              gluonrt_tensordesc_info *out) {
  static const char *const Function = "gluonrt_kernel_tensordesc_info";
  if (!kernel)
    return nullArgument(Function, "kernel");
  if (!out)
    return nullArgument(Function, "out");
  const ParamMetadata *param = tensorDescParam(kernel, param_index, Function);
  if (!param)
    return GLUONRT_ERROR_INVALID_ARGUMENT;
  const TensorDescMetadata &desc = param->tensorDesc;
  *out = gluonrt_tensordesc_info{};
  out->rank = int(desc.rank);
  for (uint32_t i = 0; i < desc.rank; ++i) {
    out->block_shape[i] = desc.blockShape[i];
    out->box_shape[i] = desc.boxShape[i];
  }
  out->element_type = param->elementType.c_str();
  out->value_type = param->valueType;
  out->element_bytes = desc.elementBytes;
  out->tma_data_type = desc.tmaDataType;
  out->swizzle_bytes = desc.swizzleBytes;
  out->tma_swizzle = desc.tmaSwizzle;
  out->padding = desc.padding;
  out->layout = desc.layout.c_str();
  out->map_offset = desc.mapOffset;
  out->shape_offset = desc.shapeOffset;
  out->strides_offset = desc.stridesOffset;
  return GLUONRT_SUCCESS;
}

gluonrt_status gluonrt_tensordesc_check(const gluonrt_kernel *kernel,
                                        int param_index, uint64_t base,
                                        const int64_t *shape,
                                        const int64_t *strides, int rank) {
  static const char *const Function = "gluonrt_tensordesc_check";
  if (!kernel)
    return nullArgument(Function, "kernel");
  return guarded([&]() -> gluonrt_status {
    TensorMapArgs args;
    return tensorMapArgsFor(kernel, param_index, Function, base, shape, strides,
                            rank, args);
  });
}

gluonrt_status gluonrt_tensordesc_encode(const gluonrt_kernel *kernel,
                                         int param_index, uint64_t base,
                                         const int64_t *shape,
                                         const int64_t *strides, int rank,
                                         gluonrt_tensordesc *out) {
  static const char *const Function = "gluonrt_tensordesc_encode";
  if (!out)
    return nullArgument(Function, "out");
  std::memset(static_cast<void *>(out), 0, sizeof(*out));
  if (!kernel)
    return nullArgument(Function, "kernel");
  return guarded([&]() -> gluonrt_status {
    TensorMapArgs args;
    if (gluonrt_status status = tensorMapArgsFor(
            kernel, param_index, Function, base, shape, strides, rank, args))
      return status;
    // The kernel's device if it is bound, else the one it would bind to.
    int device = kernel->device;
    if (!kernel->backend) {
      gluonrt_backend ignored;
      if (gluonrt_status status = selectedDevice(ignored, device))
        return status;
    }
    Backend &backend = backendFor(kernel->metadata.backend);
    uint8_t map[TensorMapBytes];
    if (gluonrt_status status = backend.encodeTensorMap(device, args, map))
      return withContext(
          status, fmt::format("tensor descriptor '{}'",
                              kernel->metadata.params[param_index].name));
    std::memcpy(out->map, map, TensorMapBytes);
    for (uint32_t i = 0; i < args.rank; ++i) {
      out->shape[i] = args.shape[i];
      out->strides[i] = args.strides[i];
    }
    out->rank = int32_t(args.rank);
    logTensorDesc(*kernel, kernel->metadata.params[param_index], args, device);
    return GLUONRT_SUCCESS;
  });
}

uint32_t gluonrt_kernel_argument_bytes(const gluonrt_kernel *kernel) {
  return kernel ? kernel->metadata.kernargBytes : 0;
}

int gluonrt_kernel_num_hidden_params(const gluonrt_kernel *kernel) {
  return kernel ? int(kernel->metadata.hiddenParams.size()) : 0;
}

gluonrt_status gluonrt_kernel_hidden_param(const gluonrt_kernel *kernel,
                                           int index,
                                           gluonrt_hidden_param_info *out) {
  if (!kernel)
    return nullArgument("gluonrt_kernel_hidden_param", "kernel");
  if (!out)
    return nullArgument("gluonrt_kernel_hidden_param", "out");
  const auto &hidden = kernel->metadata.hiddenParams;
  if (index < 0 || size_t(index) >= hidden.size())
    return fail(GLUONRT_ERROR_INVALID_ARGUMENT,
                "hidden parameter index {} is out of range: {} has {}", index,
                kernel->metadata.signature(), hidden.size());
  out->kind = hidden[index].kind.c_str();
  out->offset = hidden[index].offset;
  out->size = hidden[index].size;
  return GLUONRT_SUCCESS;
}

int gluonrt_kernel_param_index(const gluonrt_kernel *kernel, const char *name) {
  if (!kernel || !name)
    return -1;
  return kernel->metadata.findParam(name);
}

gluonrt_status gluonrt_kernel_launch_info(const gluonrt_kernel *kernel,
                                          gluonrt_launch_info *out) {
  if (!kernel)
    return nullArgument("gluonrt_kernel_launch_info", "kernel");
  if (!out)
    return nullArgument("gluonrt_kernel_launch_info", "out");
  const KernelMetadata &metadata = kernel->metadata;
  out->num_warps = metadata.numWarps;
  out->num_ctas = metadata.numCtas;
  out->warp_size = metadata.warpSize;
  for (int i = 0; i < 3; ++i) {
    out->block_dims[i] = metadata.blockDims[i];
    out->cluster_dims[i] = metadata.clusterDims[i];
  }
  out->shared_bytes = metadata.sharedBytes;
  out->shared_static_bytes = metadata.sharedStaticBytes;
  return GLUONRT_SUCCESS;
}

int gluonrt_kernel_num_constexprs(const gluonrt_kernel *kernel) {
  return kernel ? static_cast<int>(kernel->metadata.constexprs.size()) : 0;
}

const char *gluonrt_kernel_constexpr_name(const gluonrt_kernel *kernel,
                                          int index) {
  if (!kernel || index < 0 ||
      size_t(index) >= kernel->metadata.constexprs.size())
    return nullptr;
  return kernel->metadata.constexprs[index].name.c_str();
}

gluonrt_status gluonrt_kernel_constexpr_int(const gluonrt_kernel *kernel,
                                            const char *name, int64_t *value) {
  if (!kernel)
    return nullArgument("gluonrt_kernel_constexpr_int", "kernel");
  if (!name)
    return nullArgument("gluonrt_kernel_constexpr_int", "name");
  if (!value)
    return nullArgument("gluonrt_kernel_constexpr_int", "value");
  const ConstexprMetadata *constexprValue =
      kernel->metadata.findConstexpr(name);
  if (!constexprValue)
    return fail(GLUONRT_ERROR_NOT_FOUND,
                "kernel '{}' has no constexpr named '{}'",
                shortText(kernel->metadata.entry), name);
  if (!constexprValue->isInteger)
    return fail(GLUONRT_ERROR_INVALID_ARGUMENT,
                "constexpr '{}' is {}, not an integer", name,
                constexprValue->json);
  *value = constexprValue->intValue;
  return GLUONRT_SUCCESS;
}

const char *gluonrt_kernel_constexpr_json(const gluonrt_kernel *kernel,
                                          const char *name) {
  if (!kernel || !name)
    return nullptr;
  const ConstexprMetadata *value = kernel->metadata.findConstexpr(name);
  return value ? value->json.c_str() : nullptr;
}

//===-- Argument checking and launching -----------------------------------===//

gluonrt_status gluonrt_check_args(const gluonrt_kernel *kernel,
                                  void *const *args, int num_args) {
  if (!kernel)
    return nullArgument("gluonrt_check_args", "kernel");
  return guarded([&]() -> gluonrt_status {
    return checkArguments(kernel->metadata, args, num_args);
  });
}

gluonrt_status gluonrt_check_grid(const gluonrt_kernel *kernel,
                                  const uint32_t grid[3]) {
  if (!kernel)
    return nullArgument("gluonrt_check_grid", "kernel");
  if (!grid)
    return nullArgument("gluonrt_check_grid", "grid");
  if (gluonrt_status status = requireBound(kernel))
    return status;
  return guarded([&]() -> gluonrt_status {
    return checkGrid(kernel->metadata, {{grid[0], grid[1], grid[2]}},
                     kernel->maxGrid);
  });
}

gluonrt_status gluonrt_launch(gluonrt_kernel *kernel, const uint32_t grid[3],
                              void *const *args, int num_args, void *stream) {
  if (!kernel)
    return nullArgument("gluonrt_launch", "kernel");
  if (!grid)
    return nullArgument("gluonrt_launch", "grid");
  return guarded([&]() -> gluonrt_status {
    return launchChecked(kernel, grid, args, num_args, stream);
  });
}

//===-- Typed argument builder --------------------------------------------===//

gluonrt_status gluonrt_args_create(const gluonrt_kernel *kernel,
                                   gluonrt_args **out) {
  if (!out)
    return nullArgument("gluonrt_args_create", "out");
  *out = nullptr;
  if (!kernel)
    return nullArgument("gluonrt_args_create", "kernel");
  return guarded([&]() -> gluonrt_status {
    *out = new gluonrt_args(*kernel);
    return GLUONRT_SUCCESS;
  });
}

void gluonrt_args_destroy(gluonrt_args *args) { delete args; }

void gluonrt_args_reset(gluonrt_args *args) {
  if (args)
    args->builder.reset();
}

namespace {
gluonrt_status addValue(gluonrt_args *args, gluonrt_value_kind kind,
                        const void *value) {
  if (!args)
    return nullArgument("gluonrt_args_add", "args");
  return guarded(
      [&]() -> gluonrt_status { return args->builder.add(kind, value); });
}
} // namespace

gluonrt_status gluonrt_args_add_ptr(gluonrt_args *args, uint64_t device_ptr) {
  return addValue(args, GLUONRT_VALUE_PTR, &device_ptr);
}

gluonrt_status gluonrt_args_add_i32(gluonrt_args *args, int32_t value) {
  int64_t wide = value;
  return addValue(args, GLUONRT_VALUE_I64, &wide);
}

gluonrt_status gluonrt_args_add_i64(gluonrt_args *args, int64_t value) {
  return addValue(args, GLUONRT_VALUE_I64, &value);
}

gluonrt_status gluonrt_args_add_u32(gluonrt_args *args, uint32_t value) {
  uint64_t wide = value;
  return addValue(args, GLUONRT_VALUE_U64, &wide);
}

gluonrt_status gluonrt_args_add_u64(gluonrt_args *args, uint64_t value) {
  return addValue(args, GLUONRT_VALUE_U64, &value);
}

gluonrt_status gluonrt_args_add_f32(gluonrt_args *args, float value) {
  return addValue(args, GLUONRT_VALUE_F32, &value);
}

gluonrt_status gluonrt_args_add_f64(gluonrt_args *args, double value) {
  return addValue(args, GLUONRT_VALUE_F64, &value);
}

gluonrt_status gluonrt_args_add_f16_bits(gluonrt_args *args, uint16_t bits) {
  return addValue(args, GLUONRT_VALUE_F16_BITS, &bits);
}

gluonrt_status gluonrt_args_add_bf16_bits(gluonrt_args *args, uint16_t bits) {
  return addValue(args, GLUONRT_VALUE_BF16_BITS, &bits);
}

gluonrt_status gluonrt_args_add_tensordesc(gluonrt_args *args,
                                           const gluonrt_tensordesc *desc) {
  if (!desc)
    return nullArgument("gluonrt_args_add_tensordesc", "desc");
  return addValue(args, GLUONRT_VALUE_TENSORDESC, desc);
}

gluonrt_status gluonrt_args_set(gluonrt_args *args, int index,
                                gluonrt_value_kind kind, const void *value) {
  if (!args)
    return nullArgument("gluonrt_args_set", "args");
  return guarded([&]() -> gluonrt_status {
    return args->builder.set(index, kind, value);
  });
}

gluonrt_status gluonrt_args_set_by_name(gluonrt_args *args, const char *name,
                                        gluonrt_value_kind kind,
                                        const void *value) {
  if (!args)
    return nullArgument("gluonrt_args_set_by_name", "args");
  if (!name)
    return nullArgument("gluonrt_args_set_by_name", "name");
  const KernelMetadata &metadata = args->kernel.metadata;
  int index = metadata.findParam(name);
  if (index < 0)
    return fail(GLUONRT_ERROR_NOT_FOUND, "kernel {} has no parameter '{}'",
                metadata.signature(), name);
  return gluonrt_args_set(args, index, kind, value);
}

void *const *gluonrt_args_pointers(const gluonrt_args *args) {
  if (!args) {
    nullArgument("gluonrt_args_pointers", "args");
    return nullptr;
  }
  return args->builder.pointers();
}

int gluonrt_args_count(const gluonrt_args *args) {
  return args ? args->builder.count() : 0;
}

gluonrt_status gluonrt_launch_args(gluonrt_kernel *kernel,
                                   const uint32_t grid[3],
                                   const gluonrt_args *args, void *stream) {
  if (!args)
    return nullArgument("gluonrt_launch_args", "args");
  if (kernel && &args->kernel != kernel)
    return fail(GLUONRT_ERROR_INVALID_ARGUMENT,
                "the arguments were built for kernel '{}', not for '{}'",
                shortText(args->kernel.metadata.entry),
                shortText(kernel->metadata.entry));
  void *const *pointers = args->builder.pointers();
  if (!pointers)
    return GLUONRT_ERROR_BAD_ARGUMENTS;
  return gluonrt_launch(kernel, grid, pointers, args->builder.count(), stream);
}

//===-- Devices -----------------------------------------------------------===//

gluonrt_status gluonrt_select_device(gluonrt_backend backend, int device) {
  if (backend != GLUONRT_BACKEND_NVIDIA && backend != GLUONRT_BACKEND_AMD)
    return fail(GLUONRT_ERROR_INVALID_ARGUMENT, "unknown backend {}",
                int(backend));
  return guarded([&]() -> gluonrt_status {
    if (gluonrt_status status = backendFor(backend).makeCurrent(device))
      return status;
    DeviceSelection &state = selection();
    std::lock_guard<std::mutex> lock(state.mutex);
    state.backend = backend;
    state.device = device;
    state.resolved = true;
    return GLUONRT_SUCCESS;
  });
}

gluonrt_status gluonrt_device_count(gluonrt_backend backend, int *count) {
  if (!count)
    return nullArgument("gluonrt_device_count", "count");
  *count = 0;
  return guarded([&]() -> gluonrt_status {
    return backendFor(backend).deviceCount(*count);
  });
}

gluonrt_status gluonrt_device_get_info(gluonrt_backend backend, int device,
                                       gluonrt_device_info *out) {
  if (!out)
    return nullArgument("gluonrt_device_get_info", "out");
  return guarded([&]() -> gluonrt_status {
    return backendFor(backend).deviceInfo(device, *out);
  });
}

gluonrt_status gluonrt_mem_alloc(size_t bytes, uint64_t *out) {
  if (!out)
    return nullArgument("gluonrt_mem_alloc", "out");
  *out = 0;
  return onSelectedDevice([&](Backend &backend, int device) -> gluonrt_status {
    return backend.allocate(device, bytes, *out);
  });
}

gluonrt_status gluonrt_mem_free(uint64_t device_ptr) {
  if (!device_ptr)
    return GLUONRT_SUCCESS;
  return onSelectedDevice([&](Backend &backend, int device) -> gluonrt_status {
    return backend.release(device, device_ptr);
  });
}

gluonrt_status gluonrt_memset_d8(uint64_t device_ptr, uint8_t value,
                                 size_t bytes) {
  return onSelectedDevice([&](Backend &backend, int device) -> gluonrt_status {
    return backend.memsetD8(device, device_ptr, value, bytes);
  });
}

gluonrt_status gluonrt_memcpy_htod(uint64_t dst, const void *src,
                                   size_t bytes) {
  if (!src && bytes)
    return nullArgument("gluonrt_memcpy_htod", "src");
  return onSelectedDevice([&](Backend &backend, int device) -> gluonrt_status {
    return backend.copyToDevice(device, dst, src, bytes);
  });
}

gluonrt_status gluonrt_memcpy_dtoh(void *dst, uint64_t src, size_t bytes) {
  if (!dst && bytes)
    return nullArgument("gluonrt_memcpy_dtoh", "dst");
  return onSelectedDevice([&](Backend &backend, int device) -> gluonrt_status {
    return backend.copyToHost(device, dst, src, bytes);
  });
}

gluonrt_status gluonrt_memcpy_dtod(uint64_t dst, uint64_t src, size_t bytes) {
  return onSelectedDevice([&](Backend &backend, int device) -> gluonrt_status {
    return backend.copyOnDevice(device, dst, src, bytes);
  });
}

gluonrt_status gluonrt_synchronize(void) {
  return onSelectedDevice([&](Backend &backend, int device) -> gluonrt_status {
    return backend.synchronize(device);
  });
}

gluonrt_status gluonrt_stream_synchronize(void *stream) {
  return onSelectedDevice([&](Backend &backend, int device) -> gluonrt_status {
    return backend.streamSynchronize(device, stream);
  });
}

gluonrt_status gluonrt_event_create(void **event) {
  if (!event)
    return nullArgument("gluonrt_event_create", "event");
  *event = nullptr;
  return onSelectedDevice([&](Backend &backend, int device) -> gluonrt_status {
    return backend.eventCreate(device, *event);
  });
}

gluonrt_status gluonrt_event_destroy(void *event) {
  if (!event)
    return GLUONRT_SUCCESS;
  return onSelectedDevice([&](Backend &backend, int device) -> gluonrt_status {
    return backend.eventDestroy(device, event);
  });
}

gluonrt_status gluonrt_event_record(void *event, void *stream) {
  if (!event)
    return nullArgument("gluonrt_event_record", "event");
  return onSelectedDevice([&](Backend &backend, int device) -> gluonrt_status {
    return backend.eventRecord(device, event, stream);
  });
}

gluonrt_status gluonrt_event_synchronize(void *event) {
  if (!event)
    return nullArgument("gluonrt_event_synchronize", "event");
  return onSelectedDevice([&](Backend &backend, int device) -> gluonrt_status {
    return backend.eventSynchronize(device, event);
  });
}

gluonrt_status gluonrt_event_elapsed_ms(void *start, void *end, float *ms) {
  if (!start || !end)
    return nullArgument("gluonrt_event_elapsed_ms", "an event");
  if (!ms)
    return nullArgument("gluonrt_event_elapsed_ms", "ms");
  return onSelectedDevice([&](Backend &backend, int device) -> gluonrt_status {
    return backend.eventElapsedMs(device, start, end, *ms);
  });
}

gluonrt_status gluonrt_time_launches(gluonrt_kernel *kernel,
                                     const uint32_t grid[3], void *const *args,
                                     int num_args, void *stream, int n_warmup,
                                     int n_reps, float *median_ms,
                                     float *min_ms, float *per_launch_ms) {
  if (!kernel)
    return nullArgument("gluonrt_time_launches", "kernel");
  if (!grid)
    return nullArgument("gluonrt_time_launches", "grid");
  if (n_warmup < 0 || n_reps < 1)
    return fail(GLUONRT_ERROR_INVALID_ARGUMENT,
                "gluonrt_time_launches: needs n_warmup >= 0 and n_reps >= 1");
  return guarded([&]() -> gluonrt_status {
    for (int i = 0; i < n_warmup; ++i)
      if (gluonrt_status status =
              launchChecked(kernel, grid, args, num_args, stream))
        return status;
    std::vector<float> times(n_reps);
    if (gluonrt_status status =
            timeEachLaunch(kernel, grid, args, num_args, stream, times))
      return status;
    if (median_ms)
      *median_ms = medianOf(times);
    if (min_ms)
      *min_ms = *std::min_element(times.begin(), times.end());
    if (per_launch_ms)
      std::copy(times.begin(), times.end(), per_launch_ms);
    return GLUONRT_SUCCESS;
  });
}

//===-- Utilities ---------------------------------------------------------===//

void gluonrt_sha256_hex(const void *data, size_t bytes, char hex_out[65]) {
  if (!hex_out)
    return;
  std::string hex = Sha256::hexDigest(data, bytes);
  std::memcpy(hex_out, hex.c_str(), 65);
}
