//===- TensorDesc.cpp - TMA tensor descriptors: rules and encoding --------===//
//
// The rules are Triton's (python/triton/tools/tensor_descriptor.py: rank
// 1..5, a 16-byte aligned base, non-last strides 16-byte aligned, the last
// stride 1) and the driver's (cuTensorMapEncodeTiled: box dimensions of at
// most 256 elements, an innermost box of a multiple of 16 bytes, strides
// below 2^40 bytes). Each gets its own message: a descriptor the driver
// refuses says only CUDA_ERROR_INVALID_VALUE, and one it accepts but the
// kernel misreads (a shape above 2^31 - 1 seen as a negative i32) says
// nothing at all.
//
// The encoding follows Triton's fillTMADescriptorTiled
// (third_party/nvidia/backend/driver.c, triton-lang/triton at 04e0bbd4):
// dimensions, box and strides reversed to the innermost-first order the
// driver wants, strides in bytes for dimensions 1..rank-1, element strides
// of 1, no interleave, the out-of-bounds
// fill NAN_REQUEST_ZERO_FMA for "nan" padding and NONE (zeros) otherwise,
// and the same small-tensor fix for drivers up to 13.1. One difference: the
// L2 promotion is 256 bytes where Triton asks for 128 (see L2Promotion256B).
//
//===----------------------------------------------------------------------===//

#include "TensorDesc.h"

#include "Error.h"
#include "Format.h"
#include "ScalarTypes.h"

#include <fmt/format.h>

#include <algorithm>

namespace gluonrt {
namespace {

/// CU_TENSOR_MAP_L2_PROMOTION_L2_256B. Triton asks for 128B; 256B made the
/// TMA copy sample (fp16 [8192, 8192], 128 x 64 blocks) faster on an H200
/// (bench/RESULTS.md, "2026-12-02 — TMA copy (samples/tma_copy.py)").
constexpr uint32_t L2Promotion256B = 3;
/// CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE / _NAN_REQUEST_ZERO_FMA.
constexpr uint32_t OobFillNone = 0;
constexpr uint32_t OobFillNan = 1;
/// Global strides must stay below 2^40 bytes.
constexpr uint64_t StrideLimitBytes = uint64_t(1) << 40;
/// The kernel reads the shape as i32.
constexpr int64_t MaxShape = INT32_MAX;
/// The tensor size under which drivers up to 13.1 need the fix.
constexpr uint64_t SmallTensorBytes = 128 * 1024;
constexpr int LastDriverNeedingFix = 13010;

/// The descriptor element types beside the scalar ones (ScalarTypes.h):
/// gluonc's fp8 types (frontend/irgen/DType.cpp), which TMA moves as bytes.
struct ByteElementType {
  const char *name;
  uint32_t bytes;
};
constexpr ByteElementType Fp8ElementTypes[] = {{"fp8e4nv", 1}, {"fp8e5", 1}};

using gluonc::abi::TmaBoxInnerBytesMultiple;
using gluonc::abi::TmaGlobalAlignment;
using gluonc::abi::TmaMaxBoxDim;

/// The contiguous (row-major) strides of `shape`, or false if the last one
/// overflows int64 (each shape entry is below 2^31, so a product of up to
/// five of them can).
bool contiguousStrides(const int64_t *shape, int rank, int64_t *strides) {
  strides[rank - 1] = 1;
  for (int i = rank - 2; i >= 0; --i)
    if (__builtin_mul_overflow(strides[i + 1], shape[i + 1], &strides[i]))
      return false;
  return true;
}

} // namespace

uint32_t tmaDataTypeBytes(uint32_t code) {
  const gluonc::abi::TmaDataTypeInfo *info = gluonc::abi::tmaDataTypeInfo(code);
  return info ? info->bytes : 0;
}

const char *tmaDataTypeName(uint32_t code) {
  const gluonc::abi::TmaDataTypeInfo *info = gluonc::abi::tmaDataTypeInfo(code);
  return info ? info->name : "?";
}

bool tmaDataTypeIsFloat(uint32_t code) {
  const gluonc::abi::TmaDataTypeInfo *info = gluonc::abi::tmaDataTypeInfo(code);
  return info && info->isFloat;
}

uint32_t tensorDescElementBytes(const std::string &elementType) {
  if (const ScalarTypeInfo *scalar = findScalarType(elementType))
    return scalar->size;
  for (const ByteElementType &fp8 : Fp8ElementTypes)
    if (elementType == fp8.name)
      return fp8.bytes;
  return 0;
}

std::string tensorDescElementTypes() {
  std::vector<std::string> names;
  size_t count;
  const ScalarTypeInfo *scalars = scalarTypeTable(count);
  for (size_t i = 0; i < count; ++i)
    names.push_back(scalars[i].name);
  for (const ByteElementType &fp8 : Fp8ElementTypes)
    names.push_back(fp8.name);
  return fmt::format("{}", fmt::join(names, ", "));
}

std::string tensorDescBoxProblem(const TensorDescMetadata &desc) {
  for (uint32_t i = 0; i < desc.rank; ++i) {
    uint32_t dim = desc.boxShape[i];
    if (dim == 0)
      return fmt::format("box_shape[{}]: must be at least 1", i);
    if (dim > TmaMaxBoxDim)
      return fmt::format("box_shape[{}]: {} elements exceed TMA's limit of "
                         "{} per box dimension",
                         i, dim, TmaMaxBoxDim);
  }
  uint32_t inner = desc.rank - 1;
  uint64_t innerBytes = uint64_t(desc.boxShape[inner]) * desc.elementBytes;
  std::string box =
      fmt::format("box_shape[{}]: the innermost box is {} x {} = {} bytes",
                  inner, desc.boxShape[inner], desc.elementBytes, innerBytes);
  if (innerBytes < TmaBoxInnerBytesMultiple)
    return fmt::format("{}, less than the {} bytes TMA moves at least", box,
                       TmaBoxInnerBytesMultiple);
  if (innerBytes % TmaBoxInnerBytesMultiple != 0)
    return fmt::format("{}, not a multiple of {} bytes", box,
                       TmaBoxInnerBytesMultiple);
  if (desc.swizzleBytes != 0 && innerBytes > desc.swizzleBytes)
    return fmt::format("{}, more than the {}-byte swizzle spans", box,
                       desc.swizzleBytes);
  return "";
}

gluonrt_status computeTensorMapArgs(const std::string &paramName,
                                    uint64_t divisibility,
                                    const TensorDescMetadata &desc,
                                    uint64_t base, const int64_t *shape,
                                    const int64_t *strides, int rank,
                                    TensorMapArgs &out) {
  auto bad = [&](const std::string &problem) {
    return fail(GLUONRT_ERROR_BAD_ARGUMENTS, "tensor descriptor '{}': {}",
                paramName, problem);
  };
  if (rank < 1 || rank > int(MaxTensorDescRank))
    return bad(fmt::format("rank {} is outside 1..{}, the ranks TMA supports",
                           rank, MaxTensorDescRank));
  if (uint32_t(rank) != desc.rank)
    return bad(fmt::format("the tensor has rank {}, the kernel's descriptor "
                           "rank {}",
                           rank, desc.rank));
  if (!shape)
    return bad("the shape is NULL");
  uint64_t alignment = std::max<uint64_t>(divisibility, TmaGlobalAlignment);
  if (base % alignment != 0)
    return bad(fmt::format(
        "the base address {} is not a multiple of {} bytes (TMA needs "
        "{}-byte aligned tensors{})",
        hexText(base), alignment, TmaGlobalAlignment,
        alignment > TmaGlobalAlignment
            ? fmt::format("; the kernel assumes {}", alignment)
            : std::string()));
  for (int i = 0; i < rank; ++i) {
    if (shape[i] < 1)
      return bad(fmt::format("shape[{}] = {} must be at least 1", i, shape[i]));
    if (shape[i] > MaxShape)
      return bad(fmt::format("shape[{}] = {} exceeds 2^31 - 1 (the kernel "
                             "receives the shape as i32)",
                             i, shape[i]));
  }

  int64_t elementStrides[MaxTensorDescRank];
  if (!strides) {
    if (!contiguousStrides(shape, rank, elementStrides))
      return bad(fmt::format("the contiguous strides of shape {} overflow 64 "
                             "bits",
                             listText(shape, shape + rank)));
    strides = elementStrides;
  }
  if (strides[rank - 1] != 1)
    return bad(fmt::format("strides[{}] = {}: the last dimension must be "
                           "contiguous (stride 1)",
                           rank - 1, strides[rank - 1]));
  for (int i = 0; i + 1 < rank; ++i) {
    if (strides[i] < 1)
      return bad(
          fmt::format("strides[{}] = {} must be positive", i, strides[i]));
    uint64_t bytes;
    if (__builtin_mul_overflow(uint64_t(strides[i]), desc.elementBytes,
                               &bytes) ||
        bytes >= StrideLimitBytes)
      return bad(fmt::format("strides[{}] = {} elements of {} bytes reach "
                             "TMA's limit of 2^40 bytes",
                             i, strides[i], desc.elementBytes));
    if (bytes % 16 != 0)
      return bad(fmt::format("strides[{}] = {} elements ({} bytes) is not a "
                             "multiple of 16 bytes",
                             i, strides[i], bytes));
  }
  std::string boxProblem = tensorDescBoxProblem(desc);
  if (!boxProblem.empty())
    return bad(fmt::format("the kernel's {}", boxProblem));

  TensorMapArgs args;
  args.dataType = desc.tmaDataType;
  args.rank = uint32_t(rank);
  args.globalAddress = base;
  for (int i = 0; i < rank; ++i) {
    int reversed = rank - 1 - i;
    args.globalDim[reversed] = uint64_t(shape[i]);
    args.boxDim[reversed] = desc.boxShape[i];
    args.elementStrides[i] = 1;
    args.shape[i] = int32_t(shape[i]);
    args.strides[i] = strides[i];
  }
  // Python's dimension i < rank-1 is the driver's rank-1-i, whose stride is
  // globalStrides[rank-2-i].
  for (int i = 0; i + 1 < rank; ++i)
    args.globalStrides[rank - 2 - i] = uint64_t(strides[i]) * desc.elementBytes;
  args.interleave = 0;
  args.swizzle = desc.tmaSwizzle;
  args.l2Promotion = L2Promotion256B;
  args.oobFill =
      desc.padding == GLUONRT_TENSORDESC_PADDING_NAN ? OobFillNan : OobFillNone;
  out = args;
  return GLUONRT_SUCCESS;
}

bool needsSmallTensorFix(const TensorMapArgs &args, int driverVersion) {
  if (driverVersion > LastDriverNeedingFix)
    return false;
  // The byte offset of the last element, + 1, as Triton computes it. Triton
  // sums in a C int, which wraps for tensors of 2 GiB and more; here a sum
  // past 64 bits is simply not small.
  uint64_t extent = 1;
  for (uint32_t i = 0; i < args.rank; ++i) {
    uint64_t stride =
        i == 0 ? tmaDataTypeBytes(args.dataType) : args.globalStrides[i - 1];
    uint64_t term;
    if (__builtin_mul_overflow(args.globalDim[i] - 1, stride, &term) ||
        __builtin_add_overflow(extent, term, &extent))
      return false;
  }
  return extent < SmallTensorBytes;
}

void applySmallTensorFix(uint8_t map[TensorMapBytes]) {
  map[85 / 8] &= uint8_t(~(1u << (85 % 8)));
}

std::string describeTensorMapArgs(const TensorMapArgs &args) {
  return fmt::format(
      "{}, rank {}, address {}, dims {}, byte strides {}, box {}, element "
      "strides {}, interleave {}, swizzle {}, L2 promotion {}, OOB fill {} "
      "(innermost dimension first)",
      tmaDataTypeName(args.dataType), args.rank, hexText(args.globalAddress),
      listText(args.globalDim.begin(), args.globalDim.begin() + args.rank),
      listText(args.globalStrides.begin(),
               args.globalStrides.begin() + args.rank - 1),
      listText(args.boxDim.begin(), args.boxDim.begin() + args.rank),
      listText(args.elementStrides.begin(),
               args.elementStrides.begin() + args.rank),
      args.interleave, args.swizzle, args.l2Promotion, args.oobFill);
}

} // namespace gluonrt
