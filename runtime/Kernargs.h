//===- Kernargs.h - The AMD kernarg segment of one launch -------*- C++ -*-===//
//
// HIP takes a kernel's arguments either as an array of pointers (whose layout
// it finds in the code object itself) or as one buffer laid out by the
// caller. gluonrt passes the buffer: the metadata JSON repeats the code
// object's own offsets, so the layout the compiler saw is the one launched,
// and a mismatch between the two is a metadata error, not a wrong result.
//
//===----------------------------------------------------------------------===//

#ifndef GLUONC_RUNTIME_KERNARGS_H
#define GLUONC_RUNTIME_KERNARGS_H

#include "Metadata.h"

#include <array>
#include <cstdint>
#include <vector>

namespace gluonrt {

/// What the hidden arguments describe: the dispatch.
struct DispatchShape {
  std::array<uint32_t, 3> grid{{1, 1, 1}};  // in blocks
  std::array<uint32_t, 3> block{{1, 1, 1}}; // in threads
  uint32_t dynamicSharedBytes = 0;
};

/// The kernarg segment (metadata.kernargBytes long): each explicit argument
/// `args[i]` copied to params[i].offset, the hidden arguments that describe
/// the dispatch (block counts, group sizes, remainders, grid dimensions,
/// dynamic LDS size) at their offsets, and zeros for the rest, such as the
/// pointers the HIP runtime owns (printf buffer, heap, queue), which it
/// writes itself.
std::vector<uint8_t> buildKernargSegment(const KernelMetadata &metadata,
                                         void *const *args,
                                         const DispatchShape &shape);

} // namespace gluonrt

#endif // GLUONC_RUNTIME_KERNARGS_H
