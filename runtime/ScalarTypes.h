//===- ScalarTypes.h - Metadata scalar types and fp16/bf16 ------*- C++ -*-===//
//
// The scalar types of docs/metadata.md (Triton's spelling), their sizes and
// classes, and round-to-nearest-even conversions between fp32 and fp16/bf16.
// Header-only so that gluon-run can share it without exporting it from the
// shared library.
//
//===----------------------------------------------------------------------===//

#ifndef GLUONC_RUNTIME_SCALARTYPES_H
#define GLUONC_RUNTIME_SCALARTYPES_H

#include "gluonc/runtime/gluonrt.h"

#include <cstdint>
#include <cstring>
#include <string>

namespace gluonrt {

struct ScalarTypeInfo {
  gluonrt_type type;
  const char *name;  // Triton's spelling: "fp32"
  const char *alias; // the short spelling gluon-run accepts: "f32"
  uint32_t size;     // bytes in the argument buffer and in memory
  bool isInteger;
  bool isSigned;
  bool isFloat;
};

inline const ScalarTypeInfo *scalarTypeTable(size_t &count) {
  static const ScalarTypeInfo Table[] = {
      {GLUONRT_TYPE_I1, "i1", "bool", 1, true, false, false},
      {GLUONRT_TYPE_I8, "i8", "i8", 1, true, true, false},
      {GLUONRT_TYPE_I16, "i16", "i16", 2, true, true, false},
      {GLUONRT_TYPE_I32, "i32", "i32", 4, true, true, false},
      {GLUONRT_TYPE_I64, "i64", "i64", 8, true, true, false},
      {GLUONRT_TYPE_U8, "u8", "u8", 1, true, false, false},
      {GLUONRT_TYPE_U16, "u16", "u16", 2, true, false, false},
      {GLUONRT_TYPE_U32, "u32", "u32", 4, true, false, false},
      {GLUONRT_TYPE_U64, "u64", "u64", 8, true, false, false},
      {GLUONRT_TYPE_FP16, "fp16", "f16", 2, false, true, true},
      {GLUONRT_TYPE_BF16, "bf16", "bf16", 2, false, true, true},
      {GLUONRT_TYPE_FP32, "fp32", "f32", 4, false, true, true},
      {GLUONRT_TYPE_FP64, "fp64", "f64", 8, false, true, true},
  };
  count = sizeof(Table) / sizeof(Table[0]);
  return Table;
}

/// Looks a type up by its metadata spelling ("fp32") or, if `allowAlias`,
/// also by the short spelling ("f32"). Returns null if unknown.
inline const ScalarTypeInfo *findScalarType(const std::string &name,
                                            bool allowAlias = false) {
  size_t count;
  const ScalarTypeInfo *table = scalarTypeTable(count);
  for (size_t i = 0; i < count; ++i)
    if (name == table[i].name || (allowAlias && name == table[i].alias))
      return &table[i];
  return nullptr;
}

inline const ScalarTypeInfo *scalarTypeInfo(gluonrt_type type) {
  size_t count;
  const ScalarTypeInfo *table = scalarTypeTable(count);
  for (size_t i = 0; i < count; ++i)
    if (table[i].type == type)
      return &table[i];
  return nullptr;
}

inline uint32_t floatBits(float value) {
  uint32_t bits;
  std::memcpy(&bits, &value, 4);
  return bits;
}

inline float floatFromBits(uint32_t bits) {
  float value;
  std::memcpy(&value, &bits, 4);
  return value;
}

/// fp32 -> bf16, rounding to nearest even; NaNs stay quiet NaNs.
inline uint16_t floatToBf16Bits(float value) {
  uint32_t bits = floatBits(value);
  if ((bits & 0x7fffffffu) > 0x7f800000u)
    return uint16_t((bits >> 16) | 0x0040u);
  uint32_t roundingBias = 0x7fffu + ((bits >> 16) & 1u);
  return uint16_t((bits + roundingBias) >> 16);
}

inline float bf16BitsToFloat(uint16_t bits) {
  return floatFromBits(uint32_t(bits) << 16);
}

/// fp32 -> IEEE binary16, rounding to nearest even, with subnormals,
/// overflow to infinity and quiet NaNs.
inline uint16_t floatToHalfBits(float value) {
  uint32_t bits = floatBits(value);
  uint16_t sign = uint16_t((bits >> 16) & 0x8000u);
  uint32_t magnitude = bits & 0x7fffffffu;
  if (magnitude > 0x7f800000u)
    return uint16_t(sign | 0x7e00u | ((magnitude >> 13) & 0x3ffu));
  if (magnitude >= 0x47800000u) // >= 65536: beyond the largest finite half
    return uint16_t(sign | 0x7c00u);
  if (magnitude < 0x38800000u) { // below 2^-14: subnormal or zero
    if (magnitude < 0x33000000u) // below half the smallest subnormal
      return sign;
    uint32_t mantissa = (magnitude & 0x7fffffu) | 0x800000u;
    unsigned shift = 126 - (magnitude >> 23); // 14..24 for the range here
    uint32_t halfMantissa = mantissa >> shift;
    uint32_t remainder = mantissa & ((1u << shift) - 1);
    uint32_t halfway = 1u << (shift - 1);
    if (remainder > halfway || (remainder == halfway && (halfMantissa & 1)))
      ++halfMantissa;
    return uint16_t(sign | halfMantissa);
  }
  // Normal: rebias the exponent (127 -> 15) and round the mantissa.
  uint32_t rebased = magnitude - (112u << 23);
  uint32_t result = rebased >> 13;
  uint32_t remainder = rebased & 0x1fffu;
  if (remainder > 0x1000u || (remainder == 0x1000u && (result & 1)))
    ++result; // may carry into the exponent, up to infinity: correct
  return uint16_t(sign | result);
}

inline float halfBitsToFloat(uint16_t bits) {
  uint32_t sign = uint32_t(bits & 0x8000u) << 16;
  uint32_t exponent = (bits >> 10) & 0x1fu;
  uint32_t mantissa = bits & 0x3ffu;
  if (exponent == 0x1f)
    return floatFromBits(sign | 0x7f800000u | (mantissa << 13));
  if (exponent == 0) {
    // Subnormal: the value is mantissa * 2^-24.
    float magnitude = float(mantissa) * (1.0f / 16777216.0f);
    return sign ? -magnitude : magnitude;
  }
  return floatFromBits(sign | ((exponent + 112) << 23) | (mantissa << 13));
}

} // namespace gluonrt

#endif // GLUONC_RUNTIME_SCALARTYPES_H
