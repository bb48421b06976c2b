//===- Arguments.cpp - Checking and building launch arguments -------------===//

#include "Arguments.h"

#include "Error.h"
#include "Format.h"
#include "ScalarTypes.h"

#include <fmt/core.h>

#include <algorithm>
#include <cstddef>
#include <cstring>
#include <limits>

static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__,
              "argument slots store the low bytes first");

namespace gluonrt {
namespace {

/// An integer of either signedness: value = negative ? -magnitude : magnitude.
struct IntegerValue {
  bool negative = false;
  uint64_t magnitude = 0;

  std::string text() const {
    return fmt::format("{}{}", negative ? "-" : "", magnitude);
  }
};

IntegerValue readInteger(const void *value, const ScalarTypeInfo &type) {
  uint64_t raw = 0;
  std::memcpy(&raw, value, type.size);
  IntegerValue result;
  unsigned bits = type.size * 8;
  if (type.isSigned && bits < 64 && (raw >> (bits - 1)) & 1)
    raw |= ~uint64_t(0) << bits; // sign-extend
  if (type.isSigned && int64_t(raw) < 0) {
    result.negative = true;
    result.magnitude = ~raw + 1;
  } else {
    result.magnitude = raw;
  }
  return result;
}

bool fitsInteger(const ScalarTypeInfo &type, const IntegerValue &value) {
  unsigned bits = type.type == GLUONRT_TYPE_I1 ? 1 : type.size * 8;
  if (!type.isSigned) {
    uint64_t max = bits == 64 ? ~uint64_t(0) : (uint64_t(1) << bits) - 1;
    return (!value.negative || value.magnitude == 0) && value.magnitude <= max;
  }
  uint64_t limit = uint64_t(1) << (bits - 1); // |min|; max is limit - 1
  return value.negative ? value.magnitude <= limit : value.magnitude < limit;
}

std::string divisibilityMessage(const ParamMetadata &param,
                                const std::string &value) {
  return fmt::format("argument '{}' = {} is not divisible by {}, as the "
                     "kernel was compiled to assume",
                     shortText(param.name), value, param.divisibility);
}

gluonrt_status checkDivisibility(const ParamMetadata &param,
                                 const void *value) {
  if (param.divisibility <= 1)
    return GLUONRT_SUCCESS;
  if (param.kind == GLUONRT_PARAM_POINTER) {
    uint64_t address;
    std::memcpy(&address, value, sizeof(address));
    if (address % param.divisibility != 0)
      return fail(GLUONRT_ERROR_BAD_ARGUMENTS,
                  divisibilityMessage(param, hexText(address)));
    return GLUONRT_SUCCESS;
  }
  const ScalarTypeInfo *type = scalarTypeInfo(param.valueType);
  if (!type || !type->isInteger)
    return GLUONRT_SUCCESS;
  IntegerValue integer = readInteger(value, *type);
  if (integer.magnitude % param.divisibility != 0)
    return fail(GLUONRT_ERROR_BAD_ARGUMENTS,
                divisibilityMessage(param, integer.text()));
  return GLUONRT_SUCCESS;
}

/// A descriptor argument is read through memcpy at its fields' offsets:
/// the caller's pointer need not have the struct's 64-byte alignment (a
/// launch only copies bytes from it).
int32_t tensorDescRank(const void *desc) {
  int32_t rank;
  std::memcpy(&rank,
              static_cast<const char *>(desc) +
                  offsetof(gluonrt_tensordesc, rank),
              sizeof(rank));
  return rank;
}

gluonrt_status checkTensorDescRank(const ParamMetadata &param,
                                   const void *desc) {
  int32_t rank = tensorDescRank(desc);
  if (uint32_t(rank) == param.tensorDesc.rank)
    return GLUONRT_SUCCESS;
  if (rank == 0)
    return fail(GLUONRT_ERROR_BAD_ARGUMENTS,
                "argument '{}': the tensor descriptor is not encoded (rank "
                "0); build it with gluonrt_tensordesc_encode",
                shortText(param.name));
  return fail(GLUONRT_ERROR_BAD_ARGUMENTS,
              "argument '{}': the tensor descriptor has rank {}, the "
              "kernel's {} rank {}",
              shortText(param.name), rank, shortText(param.type),
              param.tensorDesc.rank);
}

const char *describeKind(gluonrt_value_kind kind) {
  switch (kind) {
  case GLUONRT_VALUE_PTR:
    return "a pointer";
  case GLUONRT_VALUE_I64:
  case GLUONRT_VALUE_U64:
    return "an integer";
  case GLUONRT_VALUE_F64:
    return "an f64 value";
  case GLUONRT_VALUE_F32:
    return "an f32 value";
  case GLUONRT_VALUE_F16_BITS:
    return "an f16 value";
  case GLUONRT_VALUE_BF16_BITS:
    return "a bf16 value";
  case GLUONRT_VALUE_TENSORDESC:
    return "a tensor descriptor";
  }
  return "an unknown kind of value";
}

gluonrt_status kindMismatch(const ParamMetadata &param,
                            gluonrt_value_kind kind) {
  return fail(GLUONRT_ERROR_BAD_ARGUMENTS, "parameter '{}' has type {}, got {}",
              shortText(param.name), shortText(param.type), describeKind(kind));
}

} // namespace

gluonrt_status checkArguments(const KernelMetadata &metadata, void *const *args,
                              int numArgs) {
  size_t expected = metadata.params.size();
  if (numArgs < 0 || size_t(numArgs) != expected)
    return fail(GLUONRT_ERROR_BAD_ARGUMENTS,
                "{} takes {} runtime argument{}, got {}", metadata.signature(),
                expected, expected == 1 ? "" : "s", numArgs);
  if (expected > 0 && !args)
    return fail(GLUONRT_ERROR_BAD_ARGUMENTS,
                "the argument array is NULL; {} takes {} arguments",
                metadata.signature(), expected);
  for (size_t i = 0; i < expected; ++i) {
    const ParamMetadata &param = metadata.params[i];
    if (!args[i])
      return fail(GLUONRT_ERROR_BAD_ARGUMENTS,
                  "argument '{}': args[{}] is NULL instead of pointing at the "
                  "value",
                  shortText(param.name), i);
    gluonrt_status status = param.kind == GLUONRT_PARAM_TENSORDESC
                                ? checkTensorDescRank(param, args[i])
                                : checkDivisibility(param, args[i]);
    if (status)
      return status;
  }
  return GLUONRT_SUCCESS;
}

void *const *expandKernelParams(const KernelMetadata &metadata,
                                void *const *args,
                                std::vector<void *> &storage) {
  if (metadata.numTensorDescs == 0)
    return args;
  storage.clear();
  for (size_t i = 0; i < metadata.params.size(); ++i) {
    const ParamMetadata &param = metadata.params[i];
    if (param.kind != GLUONRT_PARAM_TENSORDESC) {
      storage.push_back(args[i]);
      continue;
    }
    char *desc = static_cast<char *>(args[i]);
    storage.push_back(desc + offsetof(gluonrt_tensordesc, map));
    for (uint32_t d = 0; d < param.tensorDesc.rank; ++d)
      storage.push_back(desc + offsetof(gluonrt_tensordesc, shape) +
                        d * sizeof(int32_t));
    for (uint32_t d = 0; d < param.tensorDesc.rank; ++d)
      storage.push_back(desc + offsetof(gluonrt_tensordesc, strides) +
                        d * sizeof(int64_t));
  }
  return storage.data();
}

std::vector<uint8_t> packArguments(const KernelMetadata &metadata,
                                   void *const *args) {
  uint64_t end = 0;
  for (const ParamMetadata &param : metadata.params)
    end = std::max(end, uint64_t(param.offset) + param.size);
  std::vector<uint8_t> bytes(end, 0);
  auto copy = [&](uint64_t offset, const char *from, size_t size) {
    std::memcpy(bytes.data() + offset, from, size);
  };
  for (size_t i = 0; i < metadata.params.size(); ++i) {
    const ParamMetadata &param = metadata.params[i];
    const char *value = static_cast<const char *>(args[i]);
    if (param.kind != GLUONRT_PARAM_TENSORDESC) {
      copy(param.offset, value, param.size);
      continue;
    }
    const TensorDescMetadata &desc = param.tensorDesc;
    copy(desc.mapOffset, value + offsetof(gluonrt_tensordesc, map),
         TensorMapBytes);
    copy(desc.shapeOffset, value + offsetof(gluonrt_tensordesc, shape),
         desc.rank * sizeof(int32_t));
    copy(desc.stridesOffset, value + offsetof(gluonrt_tensordesc, strides),
         desc.rank * sizeof(int64_t));
  }
  return bytes;
}

gluonrt_status checkGrid(const KernelMetadata &metadata,
                         const std::array<uint32_t, 3> &grid,
                         const std::array<uint32_t, 3> &maxGrid) {
  static const char *const Axes[3] = {"x", "y", "z"};
  auto shape = [](const std::array<uint32_t, 3> &dims) {
    return fmt::format("({}, {}, {})", dims[0], dims[1], dims[2]);
  };
  for (int i = 0; i < 3; ++i) {
    if (grid[i] == 0)
      return fail(GLUONRT_ERROR_LAUNCH_CONFIG, "grid {} is empty in {}",
                  shape(grid), Axes[i]);
    if (grid[i] > maxGrid[i])
      return fail(GLUONRT_ERROR_LAUNCH_CONFIG,
                  "grid {} exceeds the device's limit {} in {}", shape(grid),
                  shape(maxGrid), Axes[i]);
    if (grid[i] % metadata.clusterDims[i] != 0)
      return fail(GLUONRT_ERROR_LAUNCH_CONFIG,
                  "grid {} is not a whole number of clusters {} in {}",
                  shape(grid), shape(metadata.clusterDims), Axes[i]);
  }
  return GLUONRT_SUCCESS;
}

ArgumentBuilder::ArgumentBuilder(const KernelMetadata &metadata)
    : metadata(metadata), slots(metadata.params.size(), 0),
      descriptors(metadata.numTensorDescs, gluonrt_tensordesc{}),
      isSet(metadata.params.size(), false) {
  size_t descriptor = 0;
  for (size_t i = 0; i < slots.size(); ++i)
    slotPointers.push_back(metadata.params[i].kind == GLUONRT_PARAM_TENSORDESC
                               ? static_cast<void *>(&descriptors[descriptor++])
                               : static_cast<void *>(&slots[i]));
}

void ArgumentBuilder::reset() {
  std::fill(slots.begin(), slots.end(), 0);
  std::fill(descriptors.begin(), descriptors.end(), gluonrt_tensordesc{});
  std::fill(isSet.begin(), isSet.end(), false);
  nextIndex = 0;
}

gluonrt_status ArgumentBuilder::store(int index, const void *bytes,
                                      uint32_t size) {
  slots[index] = 0;
  std::memcpy(&slots[index], bytes, size);
  isSet[index] = true;
  return GLUONRT_SUCCESS;
}

gluonrt_status ArgumentBuilder::set(int index, gluonrt_value_kind kind,
                                    const void *value) {
  if (index < 0 || size_t(index) >= slots.size())
    return fail(GLUONRT_ERROR_INVALID_ARGUMENT,
                "parameter index {} is out of range: {} has {} parameters",
                index, metadata.signature(), slots.size());
  if (!value)
    return fail(GLUONRT_ERROR_INVALID_ARGUMENT, "the value pointer is NULL");
  const ParamMetadata &param = metadata.params[index];

  if (param.kind == GLUONRT_PARAM_TENSORDESC) {
    if (kind != GLUONRT_VALUE_TENSORDESC)
      return kindMismatch(param, kind);
    if (gluonrt_status status = checkTensorDescRank(param, value))
      return status;
    std::memcpy(slotPointers[index], value, sizeof(gluonrt_tensordesc));
    isSet[index] = true;
    return GLUONRT_SUCCESS;
  }
  if (param.kind == GLUONRT_PARAM_POINTER) {
    if (kind != GLUONRT_VALUE_PTR)
      return kindMismatch(param, kind);
    return store(index, value, 8);
  }
  const ScalarTypeInfo *type = scalarTypeInfo(param.valueType);
  switch (kind) {
  case GLUONRT_VALUE_PTR:
  case GLUONRT_VALUE_TENSORDESC:
    return kindMismatch(param, kind);
  case GLUONRT_VALUE_I64:
  case GLUONRT_VALUE_U64: {
    if (!type->isInteger)
      return kindMismatch(param, kind);
    IntegerValue integer;
    if (kind == GLUONRT_VALUE_I64) {
      int64_t signedValue;
      std::memcpy(&signedValue, value, 8);
      integer.negative = signedValue < 0;
      integer.magnitude =
          integer.negative ? ~uint64_t(signedValue) + 1 : uint64_t(signedValue);
    } else {
      std::memcpy(&integer.magnitude, value, 8);
    }
    if (!fitsInteger(*type, integer))
      return fail(GLUONRT_ERROR_BAD_ARGUMENTS,
                  "value {} does not fit parameter '{}' of type {}",
                  integer.text(), shortText(param.name), shortText(param.type));
    uint64_t twosComplement =
        integer.negative ? ~integer.magnitude + 1 : integer.magnitude;
    return store(index, &twosComplement, type->size);
  }
  case GLUONRT_VALUE_F32:
  case GLUONRT_VALUE_F64: {
    if (!type->isFloat)
      return kindMismatch(param, kind);
    double number;
    if (kind == GLUONRT_VALUE_F32) {
      float single;
      std::memcpy(&single, value, 4);
      number = single;
    } else {
      std::memcpy(&number, value, 8);
    }
    if (param.valueType == GLUONRT_TYPE_FP64)
      return store(index, &number, 8);
    float single = static_cast<float>(number);
    if (param.valueType == GLUONRT_TYPE_FP32)
      return store(index, &single, 4);
    uint16_t bits = param.valueType == GLUONRT_TYPE_FP16
                        ? floatToHalfBits(single)
                        : floatToBf16Bits(single);
    return store(index, &bits, 2);
  }
  case GLUONRT_VALUE_F16_BITS:
  case GLUONRT_VALUE_BF16_BITS: {
    gluonrt_type wanted =
        kind == GLUONRT_VALUE_F16_BITS ? GLUONRT_TYPE_FP16 : GLUONRT_TYPE_BF16;
    if (param.valueType != wanted)
      return kindMismatch(param, kind);
    return store(index, value, 2);
  }
  }
  return fail(GLUONRT_ERROR_INVALID_ARGUMENT, "unknown value kind {}",
              int(kind));
}

gluonrt_status ArgumentBuilder::add(gluonrt_value_kind kind,
                                    const void *value) {
  if (size_t(nextIndex) >= slots.size())
    return fail(GLUONRT_ERROR_BAD_ARGUMENTS,
                "{} takes {} runtime arguments; one more was added",
                metadata.signature(), slots.size());
  if (gluonrt_status status = set(nextIndex, kind, value))
    return status;
  ++nextIndex;
  return GLUONRT_SUCCESS;
}

void *const *ArgumentBuilder::pointers() const {
  // A kernel without runtime parameters still gets a valid (unused) array.
  static void *const NoArguments[1] = {nullptr};
  if (slotPointers.empty())
    return NoArguments;
  for (size_t i = 0; i < isSet.size(); ++i)
    if (!isSet[i]) {
      fail(GLUONRT_ERROR_BAD_ARGUMENTS,
           "argument '{}' has no value; {} takes {} runtime arguments",
           shortText(metadata.params[i].name), metadata.signature(),
           isSet.size());
      return nullptr;
    }
  return slotPointers.data();
}

} // namespace gluonrt
