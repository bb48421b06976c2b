//===- Arguments.h - Checking and building launch arguments -----*- C++ -*-===//
//
// The compiler specializes kernels on argument properties (a pointer aligned
// to 16 bytes, an integer divisible by 16); launching with an argument that
// breaks such an assumption gives wrong results silently, so every launch
// checks them first.
//
//===----------------------------------------------------------------------===//

#ifndef GLUONC_RUNTIME_ARGUMENTS_H
#define GLUONC_RUNTIME_ARGUMENTS_H

#include "Metadata.h"

#include <array>
#include <cstdint>
#include <vector>

namespace gluonrt {

/// Checks the count of `args` and each value against its parameter's
/// divisibility. `args[i]` points at the i-th runtime argument's value.
gluonrt_status checkArguments(const KernelMetadata &metadata, void *const *args,
                              int numArgs);

/// The kernelParams of a launch: `args` itself, or, for a kernel with
/// tensor descriptors, `storage` filled with each one's 1 + 2 * rank
/// pointers (the map, then each shape entry, then each stride) in place of
/// the pointer to its gluonrt_tensordesc. `args` must have been checked.
void *const *expandKernelParams(const KernelMetadata &metadata,
                                void *const *args,
                                std::vector<void *> &storage);

/// The explicit arguments as the kernel reads them: each value at its
/// parameter's offset, a descriptor's map, shape and strides at theirs (for
/// GLUONRT_LOG=trace). `args` must have been checked.
std::vector<uint8_t> packArguments(const KernelMetadata &metadata,
                                   void *const *args);

/// Checks a grid against the device's limits and the cluster shape.
gluonrt_status checkGrid(const KernelMetadata &metadata,
                         const std::array<uint32_t, 3> &grid,
                         const std::array<uint32_t, 3> &maxGrid);

/// Values set by kind, converted to and checked against each parameter's
/// type; see gluonrt_args_* in gluonrt.h.
class ArgumentBuilder {
public:
  explicit ArgumentBuilder(const KernelMetadata &metadata);
  // slotPointers point into slots: a copy would point into the original.
  ArgumentBuilder(const ArgumentBuilder &) = delete;
  ArgumentBuilder &operator=(const ArgumentBuilder &) = delete;

  gluonrt_status set(int index, gluonrt_value_kind kind, const void *value);
  gluonrt_status add(gluonrt_value_kind kind, const void *value);
  void reset();

  /// The kernelParams array, or null (with an error) if a value is missing.
  void *const *pointers() const;
  int count() const { return static_cast<int>(slots.size()); }

private:
  gluonrt_status store(int index, const void *bytes, uint32_t size);

  const KernelMetadata &metadata;
  std::vector<uint64_t> slots; // one 8-byte, 8-aligned slot per parameter
  /// One per tensordesc parameter, in parameter order; its slot is unused.
  std::vector<gluonrt_tensordesc> descriptors;
  std::vector<void *> slotPointers;
  std::vector<bool> isSet;
  int nextIndex = 0;
};

} // namespace gluonrt

#endif // GLUONC_RUNTIME_ARGUMENTS_H
