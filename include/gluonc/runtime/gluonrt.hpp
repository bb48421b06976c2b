//===- gluonrt.hpp - RAII wrappers over the gluonrt C API -------*- C++ -*-===//
//
// Header-only conveniences for C++ programs: owning handles for kernels,
// argument builders and device buffers, and an exception carrying the status
// and gluonrt_last_error() of a failed call. The library itself never throws;
// only these wrappers do.
//
//===----------------------------------------------------------------------===//

#ifndef GLUONC_RUNTIME_GLUONRT_HPP
#define GLUONC_RUNTIME_GLUONRT_HPP

#include "gluonc/runtime/gluonrt.h"

#include <array>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace gluonrt {

class Error : public std::runtime_error {
public:
  Error(gluonrt_status status, const std::string &message)
      : std::runtime_error(message), statusCode(status) {}
  gluonrt_status status() const { return statusCode; }

private:
  gluonrt_status statusCode;
};

/// Throws an Error with the thread's last message if `status` is a failure.
inline void check(gluonrt_status status) {
  if (status != GLUONRT_SUCCESS)
    throw Error(status, gluonrt_last_error());
}

using Grid = std::array<uint32_t, 3>;

/// An owned gluonrt_kernel.
class Kernel {
public:
  /// Loads and binds to `device` (-1: the default device).
  static Kernel load(const std::string &jsonPath, int device = -1) {
    gluonrt_kernel *kernel = nullptr;
    check(gluonrt_kernel_load_on_device(jsonPath.c_str(), device, &kernel));
    return Kernel(kernel);
  }
  /// Loads the metadata and image only; no driver is touched.
  static Kernel loadMetadata(const std::string &jsonPath) {
    gluonrt_kernel *kernel = nullptr;
    check(gluonrt_metadata_load(jsonPath.c_str(), &kernel));
    return Kernel(kernel);
  }

  Kernel(Kernel &&other) noexcept
      : handle(std::exchange(other.handle, nullptr)) {}
  Kernel &operator=(Kernel &&other) noexcept {
    std::swap(handle, other.handle);
    return *this;
  }
  Kernel(const Kernel &) = delete;
  Kernel &operator=(const Kernel &) = delete;
  ~Kernel() { gluonrt_kernel_unload(handle); }

  gluonrt_kernel *get() const { return handle; }
  void bind(int device = -1) { check(gluonrt_kernel_bind(handle, device)); }

  std::string entry() const { return gluonrt_kernel_entry(handle); }
  std::string arch() const { return gluonrt_kernel_arch(handle); }
  int numParams() const { return gluonrt_kernel_num_params(handle); }
  gluonrt_param_info param(int index) const {
    gluonrt_param_info info;
    check(gluonrt_kernel_param(handle, index, &info));
    return info;
  }
  gluonrt_launch_info launchInfo() const {
    gluonrt_launch_info info;
    check(gluonrt_kernel_launch_info(handle, &info));
    return info;
  }
  /// The metadata of tensordesc parameter `index`.
  gluonrt_tensordesc_info tensorDescInfo(int index) const {
    gluonrt_tensordesc_info info;
    check(gluonrt_kernel_tensordesc_info(handle, index, &info));
    return info;
  }
  /// The descriptor of the global tensor at `base` for tensordesc parameter
  /// `index`; `strides` in elements, empty for a contiguous tensor.
  gluonrt_tensordesc
  encodeTensorDesc(int index, uint64_t base, const std::vector<int64_t> &shape,
                   const std::vector<int64_t> &strides = {}) const {
    if (!strides.empty() && strides.size() != shape.size())
      throw Error(GLUONRT_ERROR_BAD_ARGUMENTS,
                  "encodeTensorDesc: the strides and the shape differ in rank");
    gluonrt_tensordesc desc;
    check(gluonrt_tensordesc_encode(handle, index, base, shape.data(),
                                    strides.empty() ? nullptr : strides.data(),
                                    static_cast<int>(shape.size()), &desc));
    return desc;
  }
  int64_t constexprInt(const std::string &name) const {
    int64_t value = 0;
    check(gluonrt_kernel_constexpr_int(handle, name.c_str(), &value));
    return value;
  }

  void launch(const Grid &grid, const std::vector<void *> &args,
              void *stream = nullptr) {
    check(gluonrt_launch(handle, grid.data(), args.data(),
                         static_cast<int>(args.size()), stream));
  }

private:
  explicit Kernel(gluonrt_kernel *owned) : handle(owned) {}
  gluonrt_kernel *handle;
};

/// An owned gluonrt_args; the add* calls chain.
class Args {
public:
  explicit Args(const Kernel &kernel) {
    check(gluonrt_args_create(kernel.get(), &handle));
  }
  Args(const Args &) = delete;
  Args &operator=(const Args &) = delete;
  ~Args() { gluonrt_args_destroy(handle); }

  Args &ptr(uint64_t address) {
    check(gluonrt_args_add_ptr(handle, address));
    return *this;
  }
  Args &i32(int32_t value) {
    check(gluonrt_args_add_i32(handle, value));
    return *this;
  }
  Args &i64(int64_t value) {
    check(gluonrt_args_add_i64(handle, value));
    return *this;
  }
  Args &f32(float value) {
    check(gluonrt_args_add_f32(handle, value));
    return *this;
  }
  Args &f64(double value) {
    check(gluonrt_args_add_f64(handle, value));
    return *this;
  }
  /// Copies the descriptor.
  Args &tensorDesc(const gluonrt_tensordesc &desc) {
    check(gluonrt_args_add_tensordesc(handle, &desc));
    return *this;
  }
  void reset() { gluonrt_args_reset(handle); }
  gluonrt_args *get() const { return handle; }

  void launch(Kernel &kernel, const Grid &grid, void *stream = nullptr) const {
    check(gluonrt_launch_args(kernel.get(), grid.data(), handle, stream));
  }

private:
  gluonrt_args *handle = nullptr;
};

/// Device memory on the selected device (gluonrt_select_device), freed on
/// destruction; keep the selection unchanged while buffers live.
class DeviceBuffer {
public:
  DeviceBuffer() = default;
  explicit DeviceBuffer(size_t bytes) : size(bytes) {
    check(gluonrt_mem_alloc(bytes, &address));
  }
  DeviceBuffer(DeviceBuffer &&other) noexcept
      : address(std::exchange(other.address, 0)),
        size(std::exchange(other.size, 0)) {}
  DeviceBuffer &operator=(DeviceBuffer &&other) noexcept {
    std::swap(address, other.address);
    std::swap(size, other.size);
    return *this;
  }
  DeviceBuffer(const DeviceBuffer &) = delete;
  DeviceBuffer &operator=(const DeviceBuffer &) = delete;
  ~DeviceBuffer() { gluonrt_mem_free(address); }

  uint64_t device() const { return address; }
  size_t bytes() const { return size; }
  /// The address as a kernel argument slot: args[i] = buffer.arg().
  void *arg() { return &address; }

  void upload(const void *host, size_t bytes) {
    check(gluonrt_memcpy_htod(address, host, bytes));
  }
  void download(void *host, size_t bytes) const {
    check(gluonrt_memcpy_dtoh(host, address, bytes));
  }
  void fill(uint8_t value) { check(gluonrt_memset_d8(address, value, size)); }

private:
  uint64_t address = 0;
  size_t size = 0;
};

} // namespace gluonrt

#endif // GLUONC_RUNTIME_GLUONRT_HPP
