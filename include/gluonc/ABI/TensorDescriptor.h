//===- TensorDescriptor.h - The tensor descriptor's ABI ---------*- C++ -*-===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// What gluonc and libgluonrt must agree on about a tensordesc parameter
// (docs/metadata.md, "Tensor descriptors"): the 128-byte CUtensorMap passed
// by value at a 64-byte aligned offset, then the tensor's shape (i32 each)
// and strides (i64 each, from the next multiple of 8), outermost dimension
// first; the CUtensorMapDataType and CUtensorMapSwizzle codes the metadata
// carries; and the TMA limits both sides check (rank, box size, the
// 16-byte rules). The compiler lays out the kernel's parameters and writes
// the metadata from here (frontend/irgen, src/Conversion, tools/gluonc,
// backends/nvidia, src/Layout); the runtime validates the metadata and
// encodes the map from here (runtime/TensorDesc.cpp, runtime/Metadata.cpp).
//
// Plain C++17 without LLVM or the CUDA headers: the codes are the CUDA
// driver API's enumerators, restated as numbers because neither side may
// include cuda.h.
//
//===----------------------------------------------------------------------===//

#ifndef GLUONC_ABI_TENSORDESCRIPTOR_H
#define GLUONC_ABI_TENSORDESCRIPTOR_H

#include <cstdint>
#include <string_view>

namespace gluonc::abi {

/// sizeof(CUtensorMap), and the alignment the kernel's by-value parameter
/// (`.param .align 64 .b8 p[128]`) and TMA's loads of it need.
constexpr uint32_t TensorMapBytes = 128;
constexpr uint32_t TensorMapAlignment = 64;

/// The ranks cuTensorMapEncodeTiled takes: 1 to 5.
constexpr uint32_t TensorDescMaxRank = 5;

/// The kernel receives each dimension of the shape as an i32 and each
/// stride (in elements) as an i64.
constexpr uint32_t TensorDescShapeElementBytes = 4;
constexpr uint32_t TensorDescStrideElementBytes = 8;

/// Where the parts of a descriptor whose map is at `mapOffset` lie in the
/// packed argument buffer; `end` is one past the last stride.
struct TensorDescLayout {
  uint64_t mapOffset;
  uint64_t shapeOffset;
  uint64_t stridesOffset;
  uint64_t end;
};

constexpr TensorDescLayout tensorDescLayout(uint64_t mapOffset, uint32_t rank) {
  uint64_t shapeOffset = mapOffset + TensorMapBytes;
  uint64_t shapeEnd =
      shapeOffset + TensorDescShapeElementBytes * uint64_t(rank);
  uint64_t stridesOffset = (shapeEnd + TensorDescStrideElementBytes - 1) /
                           TensorDescStrideElementBytes *
                           TensorDescStrideElementBytes;
  return {mapOffset, shapeOffset, stridesOffset,
          stridesOffset + TensorDescStrideElementBytes * uint64_t(rank)};
}

/// The bytes one descriptor of `rank` takes, from its map's offset.
constexpr uint64_t tensorDescBytes(uint32_t rank) {
  return tensorDescLayout(0, rank).end;
}

/// TMA's rules on the global tensor and the box: the base address is a
/// multiple of 16 bytes (the divisibility gluonc assumes for a
/// descriptor's base), a box dimension is at most 256 elements, and the
/// innermost box dimension spans a multiple of 16 bytes, at least 16.
constexpr uint32_t TmaGlobalAlignment = 16;
constexpr uint32_t TmaMaxBoxDim = 256;
constexpr uint32_t TmaBoxInnerBytesMultiple = 16;

/// CUtensorMapDataType: the codes of the metadata's `tma_data_type`.
enum class TmaDataType : uint32_t {
  UInt8 = 0,
  UInt16 = 1,
  UInt32 = 2,
  Int32 = 3,
  UInt64 = 4,
  Int64 = 5,
  Float16 = 6,
  Float32 = 7,
  Float64 = 8,
  BFloat16 = 9,
};

struct TmaDataTypeInfo {
  /// The enumerator without its prefix, for messages: "FLOAT16".
  const char *name;
  uint32_t bytes;
  /// The driver fills out-of-bounds elements with NaN only for these.
  bool isFloat;
};

/// Indexed by code.
inline constexpr TmaDataTypeInfo TmaDataTypes[] = {
    {"UINT8", 1, false},  {"UINT16", 2, false}, {"UINT32", 4, false},
    {"INT32", 4, false},  {"UINT64", 8, false}, {"INT64", 8, false},
    {"FLOAT16", 2, true}, {"FLOAT32", 4, true}, {"FLOAT64", 8, true},
    {"BFLOAT16", 2, true}};
static_assert(sizeof(TmaDataTypes) / sizeof(TmaDataTypes[0]) ==
                  uint32_t(TmaDataType::BFloat16) + 1,
              "one entry per code");

/// The entry of a code, or null for a code outside the contract.
constexpr const TmaDataTypeInfo *tmaDataTypeInfo(uint32_t code) {
  return code <= uint32_t(TmaDataType::BFloat16) ? &TmaDataTypes[code]
                                                 : nullptr;
}

/// The data type of an element type (Triton's spelling), as Triton's
/// launcher picks it: floats by name, 32- and 64-bit integers by
/// signedness, other types by size (i8, u8 and the fp8 types move as
/// bytes).
constexpr TmaDataType tmaDataTypeOf(std::string_view elementType) {
  if (elementType == "fp16")
    return TmaDataType::Float16;
  if (elementType == "bf16")
    return TmaDataType::BFloat16;
  if (elementType == "fp32")
    return TmaDataType::Float32;
  if (elementType == "fp64")
    return TmaDataType::Float64;
  if (elementType == "i16" || elementType == "u16")
    return TmaDataType::UInt16;
  if (elementType == "i32")
    return TmaDataType::Int32;
  if (elementType == "u32")
    return TmaDataType::UInt32;
  if (elementType == "i64")
    return TmaDataType::Int64;
  if (elementType == "u64")
    return TmaDataType::UInt64;
  return TmaDataType::UInt8;
}

/// CUtensorMapSwizzle: the metadata's `tma_swizzle` for a shared layout's
/// swizzle width of 0, 32, 64 or 128 bytes (`swizzle_bytes`), or -1 for
/// any other width.
constexpr int tmaSwizzleOf(uint32_t swizzleBytes) {
  switch (swizzleBytes) {
  case 0:
    return 0; // CU_TENSOR_MAP_SWIZZLE_NONE
  case 32:
    return 1; // CU_TENSOR_MAP_SWIZZLE_32B
  case 64:
    return 2; // CU_TENSOR_MAP_SWIZZLE_64B
  case 128:
    return 3; // CU_TENSOR_MAP_SWIZZLE_128B
  default:
    return -1;
  }
}

} // namespace gluonc::abi

#endif // GLUONC_ABI_TENSORDESCRIPTOR_H
