//===- Kernargs.cpp - The AMD kernarg segment of one launch ---------------===//

#include "Kernargs.h"

#include <cstring>
#include <string>

namespace gluonrt {
namespace {

/// The value of a hidden argument that describes the dispatch, or 0 for
/// the kinds the HIP runtime fills in (pointers it owns) and offsets gluonrt
/// never uses (global offsets).
uint64_t hiddenValue(const std::string &kind, const DispatchShape &shape) {
  static const char *const axes[3] = {"_x", "_y", "_z"};
  for (int axis = 0; axis < 3; ++axis) {
    if (kind == std::string("hidden_block_count") + axes[axis])
      return shape.grid[axis];
    if (kind == std::string("hidden_group_size") + axes[axis])
      return shape.block[axis];
    // Every block is whole: the grid is given in blocks.
    if (kind == std::string("hidden_remainder") + axes[axis])
      return 0;
  }
  // HIP dispatches three-dimensional ranges whatever the grid's shape.
  if (kind == "hidden_grid_dims")
    return 3;
  if (kind == "hidden_dynamic_lds_size")
    return shape.dynamicSharedBytes;
  return 0;
}

/// Little-endian store of the low `size` bytes of `value` (AMD GPUs and the
/// hosts that drive them are little-endian).
void storeLittleEndian(uint8_t *at, uint64_t value, uint32_t size) {
  for (uint32_t byte = 0; byte < size; ++byte)
    at[byte] = static_cast<uint8_t>(value >> (8 * byte));
}

} // namespace

std::vector<uint8_t> buildKernargSegment(const KernelMetadata &metadata,
                                         void *const *args,
                                         const DispatchShape &shape) {
  // The metadata reader checked that every argument lies in the segment.
  std::vector<uint8_t> segment(metadata.kernargBytes, 0);
  for (size_t i = 0; i < metadata.params.size(); ++i) {
    const ParamMetadata &param = metadata.params[i];
    std::memcpy(segment.data() + param.offset, args[i], param.size);
  }
  for (const HiddenParamMetadata &hidden : metadata.hiddenParams)
    storeLittleEndian(segment.data() + hidden.offset,
                      hiddenValue(hidden.kind, shape), hidden.size);
  return segment;
}

} // namespace gluonrt
