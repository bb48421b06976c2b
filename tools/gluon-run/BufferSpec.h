//===- BufferSpec.h - gluon-run's buffer arguments --------------*- C++ -*-===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// A pointer or tensor descriptor parameter gets a new device buffer, which
// its --arg describes: rand:DTYPE:COUNT, zeros:, fill:...:VALUE, empty: or
// file:PATH, a descriptor's with the tensor's SHAPE[:strides=STRIDES] in
// place of the count (gluon-run --help has the forms). This part parses
// those specs into a BufferArgument; HostData.h fills, saves and checks it.
//
//===----------------------------------------------------------------------===//

#ifndef GLUONC_TOOLS_GLUON_RUN_BUFFERSPEC_H
#define GLUONC_TOOLS_GLUON_RUN_BUFFERSPEC_H

#include "Expressions.h"

#include "gluonc/runtime/gluonrt.h"
#include "gluonc/runtime/gluonrt.hpp"

#include "Format.h"
#include "ScalarTypes.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace gluonrun {

using gluonrt::listText;
using gluonrt::ScalarTypeInfo;

/// A pointer or tensor descriptor argument: its spec, its host data until
/// the upload, and its device buffer.
struct BufferArgument {
  int paramIndex = -1;
  std::string name;
  std::string source; // "rand", "zeros", "fill", "empty", "file"
  const ScalarTypeInfo *dtype = nullptr;
  size_t count = 0;
  std::string fillValue;
  std::string path;
  std::vector<uint8_t> host;
  gluonrt::DeviceBuffer device;

  /// For a tensordesc parameter: the global tensor's shape and strides (in
  /// elements, outermost first; no strides: contiguous), and the descriptor
  /// built once the buffer has its address.
  bool isDescriptor = false;
  std::vector<int64_t> shape;
  std::vector<int64_t> strides;
  gluonrt_tensordesc descriptor{};

  size_t bytes() const { return count * dtype->size; }
};

/// The elements from the first to the last of a tensor, + 1; throws if
/// that overflows the address space. Without strides the tensor is
/// contiguous: the product of the shape. The descriptor's rules come first
/// (gluonrt_tensordesc_check): every dimension and stride is positive.
size_t tensorElements(const BufferArgument &buffer);

/// A --arg for a pointer (rand:DTYPE:COUNT, ...) or a tensor descriptor of
/// `descriptorRank` (rand:DTYPE:SHAPE[:strides=STRIDES], ...); counts and
/// shapes are expressions over `names`. Throws a UsageError.
BufferArgument parseBufferSpec(const gluonrt_param_info &param,
                               const std::string &spec, int descriptorRank,
                               const NameTable &names);

} // namespace gluonrun

#endif // GLUONC_TOOLS_GLUON_RUN_BUFFERSPEC_H
