//===- Float8Reference.h - float8 on the CPU, for the GPU tests -*- C++ -*-===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Decoding and round-to-nearest, saturating encoding of float8 formats, as
// the GPU's cvt.rn.satfinite does them: the reference of the float8 and
// inline-assembly tests.
//
//===----------------------------------------------------------------------===//

#ifndef GLUONC_TESTS_GPU_FLOAT8REFERENCE_H
#define GLUONC_TESTS_GPU_FLOAT8REFERENCE_H

#include <cmath>
#include <cstdint>
#include <limits>

namespace gpu_test {

/// A float8 format: exponent and mantissa bits, and whether the all-ones
/// exponent is an ordinary binade (e4m3: yes, only S.1111.111 is NaN;
/// e5m2: no, IEEE-like with infinities).
struct Float8Format {
  int exponentBits, mantissaBits;
  bool finiteOnly;

  /// The value of `code`; NaN for NaN codes.
  float decode(uint8_t code) const {
    int mantissaMask = (1 << mantissaBits) - 1;
    int exponent = (code >> mantissaBits) & ((1 << exponentBits) - 1);
    int mantissa = code & mantissaMask;
    int bias = (1 << (exponentBits - 1)) - 1;
    bool negative = code & 0x80;
    int maxExponent = (1 << exponentBits) - 1;
    if (finiteOnly && exponent == maxExponent && mantissa == mantissaMask)
      return std::numeric_limits<float>::quiet_NaN();
    if (!finiteOnly && exponent == maxExponent)
      return mantissa ? std::numeric_limits<float>::quiet_NaN()
                      : (negative ? -INFINITY : INFINITY);
    float magnitude =
        exponent == 0
            ? std::ldexp(float(mantissa), 1 - bias - mantissaBits)
            : std::ldexp(float(mantissa + (1 << mantissaBits)),
                         exponent - bias - mantissaBits);
    return negative ? -magnitude : magnitude;
  }

  /// fp32 -> float8: the nearest finite value, ties to an even code,
  /// saturating beyond the largest (cvt.rn.satfinite); NaN stays NaN.
  float quantize(float x) const {
    if (std::isnan(x))
      return x;
    // Beyond the largest finite value the distances to the two largest
    // codes round to the same number: saturate first.
    float largest = 0;
    for (int code = 0; code < 128; ++code)
      if (std::isfinite(decode(uint8_t(code))))
        largest = std::fmax(largest, decode(uint8_t(code)));
    if (std::fabs(x) >= largest)
      return std::copysign(largest, x);
    float best = 0;
    double bestError = INFINITY;
    int bestCode = 0;
    for (int code = 0; code < 256; ++code) {
      float value = decode(uint8_t(code));
      if (!std::isfinite(value))
        continue;
      double error = std::fabs(double(value) - double(x));
      if (error < bestError ||
          (error == bestError && (code & 1) == 0 && (bestCode & 1) == 1)) {
        best = value;
        bestError = error;
        bestCode = code;
      }
    }
    return best;
  }
};

} // namespace gpu_test

#endif // GLUONC_TESTS_GPU_FLOAT8REFERENCE_H
