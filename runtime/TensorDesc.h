//===- TensorDesc.h - TMA tensor descriptors: rules, encoding ---*- C++ -*-===//
//
// A tensordesc parameter (docs/metadata.md) is Triton's: the kernel receives
// a 128-byte CUtensorMap, then the global tensor's shape (i32 each) and
// strides (i64 each, in elements), outermost dimension first. What the
// kernel was compiled for (the box one TMA message moves, the element type,
// the swizzle, the padding) comes from the metadata; the tensor (base,
// shape, strides) from the caller.
//
// This file owns the rules both sides must keep and turns a checked request
// into the arguments of cuTensorMapEncodeTiled, with no driver involved, so
// that every rule and every argument is testable without a GPU; the driver
// call itself is CudaBackend::encodeTensorMap.
//
//===----------------------------------------------------------------------===//

#ifndef GLUONC_RUNTIME_TENSORDESC_H
#define GLUONC_RUNTIME_TENSORDESC_H

#include "gluonc/ABI/TensorDescriptor.h"
#include "gluonc/runtime/gluonrt.h"

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace gluonrt {

using gluonc::abi::TensorMapAlignment;
using gluonc::abi::TensorMapBytes;
constexpr uint32_t MaxTensorDescRank = gluonc::abi::TensorDescMaxRank;

// The C API spells the contract's numbers out for C callers.
static_assert(GLUONRT_TENSORDESC_MAX_RANK == MaxTensorDescRank);
static_assert(sizeof(gluonrt_tensordesc::map) == TensorMapBytes);
static_assert(alignof(gluonrt_tensordesc) == TensorMapAlignment);

/// A tensordesc parameter as the metadata describes it. Shapes are in
/// Python order (outermost dimension first); entries past `rank` are 0.
struct TensorDescMetadata {
  uint32_t rank = 0;
  std::array<uint32_t, MaxTensorDescRank> blockShape{};
  std::array<uint32_t, MaxTensorDescRank> boxShape{};
  uint32_t elementBytes = 0;
  uint32_t tmaDataType = 0; // CUtensorMapDataType
  uint32_t swizzleBytes = 0;
  uint32_t tmaSwizzle = 0; // CUtensorMapSwizzle
  gluonrt_tensordesc_padding padding = GLUONRT_TENSORDESC_PADDING_ZERO;
  std::string layout;
  uint32_t mapOffset = 0;
  uint32_t shapeOffset = 0;
  uint32_t stridesOffset = 0;
};

/// The ABI's offsets of a descriptor's map, shape and strides.
using gluonc::abi::TensorDescLayout;
using gluonc::abi::tensorDescLayout;

/// The element size of a CUtensorMapDataType value, or 0 for a code outside
/// the contract (UINT8 = 0 ... BFLOAT16 = 9).
uint32_t tmaDataTypeBytes(uint32_t code);
/// "FLOAT16", for messages ("?" for an unknown code).
const char *tmaDataTypeName(uint32_t code);
/// Whether NaN padding is allowed: the driver fills with NaN only for
/// floating-point data types.
bool tmaDataTypeIsFloat(uint32_t code);
/// The CUtensorMapSwizzle value of a swizzle width of 0, 32, 64 or 128
/// bytes, or -1 for any other width.
using gluonc::abi::tmaSwizzleOf;

/// The bytes of one element of a descriptor's tensor of `elementType`
/// (Triton's spelling: "fp16", "fp8e4nv"), or 0 for a type gluonc compiles
/// no descriptor of. Its CUtensorMapDataType is the ABI's
/// gluonc::abi::tmaDataTypeOf(elementType).
uint32_t tensorDescElementBytes(const std::string &elementType);
/// The element types tensorDescElementBytes knows, for messages: "i1, i8,
/// ..., fp8e5".
std::string tensorDescElementTypes();

/// The first way `desc`'s box breaks what one TMA message can move, as a
/// message that starts with the key it is about ("box_shape[1]: ..."), or
/// "" if there is none: every box dimension in [1, 256]; the innermost one
/// a multiple of 16 bytes and at least 16, and with a swizzle at most the
/// swizzle's width. Metadata validation and encoding share it.
std::string tensorDescBoxProblem(const TensorDescMetadata &desc);

/// The arguments of cuTensorMapEncodeTiled, in its order and units
/// (innermost dimension first, strides in bytes), and what the kernel
/// receives beside the map.
struct TensorMapArgs {
  uint32_t dataType = 0;
  uint32_t rank = 0;
  uint64_t globalAddress = 0;
  std::array<uint64_t, MaxTensorDescRank> globalDim{};
  /// Bytes between consecutive elements of dimensions 1 .. rank-1 (the
  /// innermost dimension's stride is the element size, implied).
  std::array<uint64_t, MaxTensorDescRank - 1> globalStrides{};
  std::array<uint32_t, MaxTensorDescRank> boxDim{};
  std::array<uint32_t, MaxTensorDescRank> elementStrides{};
  uint32_t interleave = 0; // CU_TENSOR_MAP_INTERLEAVE_NONE
  uint32_t swizzle = 0;
  uint32_t l2Promotion = 0;
  uint32_t oobFill = 0;

  /// The kernel's own view: shape and strides in elements, outermost
  /// dimension first.
  std::array<int32_t, MaxTensorDescRank> shape{};
  std::array<int64_t, MaxTensorDescRank> strides{};
};

/// Checks a global tensor against tensordesc parameter `param` (see
/// gluonrt_tensordesc_check for the rules) and computes the encoding's
/// arguments. `strides` may be null (contiguous). On failure returns
/// GLUONRT_ERROR_BAD_ARGUMENTS with a message naming the parameter.
gluonrt_status computeTensorMapArgs(const std::string &paramName,
                                    uint64_t divisibility,
                                    const TensorDescMetadata &desc,
                                    uint64_t base, const int64_t *shape,
                                    const int64_t *strides, int rank,
                                    TensorMapArgs &out);

/// CUDA drivers up to 13.1 mis-generate out-of-bounds addresses for tensors
/// of less than 128 KiB unless bit 85 of the map (bit 21 of its second
/// 64-bit word) is cleared; the bit is reserved on Hopper, so clearing it
/// there changes nothing. True if `args`' tensor needs that on a driver of
/// `driverVersion` (cuDriverGetVersion's 1000 * major + 10 * minor).
bool needsSmallTensorFix(const TensorMapArgs &args, int driverVersion);
void applySmallTensorFix(uint8_t map[TensorMapBytes]);

/// A one-line rendering of the encoding's arguments, for driver errors and
/// logs: "FLOAT16, rank 2, dims [64, 128], strides [128], box [64, 64], ...".
std::string describeTensorMapArgs(const TensorMapArgs &args);

} // namespace gluonrt

#endif // GLUONC_RUNTIME_TENSORDESC_H
