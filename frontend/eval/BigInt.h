//===- BigInt.h - Arbitrary-precision integers ------------------*- C++ -*-===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Python's int: a sign and a magnitude of any size, with Python's semantics
// for floor division, modulo, shifts and bitwise operations on negative
// numbers (an infinite two's complement). Compile-time values keep ints that
// fit in int64_t as int64_t and use BigInt only beyond that range; callers
// bound the size of what they compute (kMaxCompileTimeIntBits).
//
// Plain C++17 with no dependencies, so that it is unit-tested on its own.
//
//===----------------------------------------------------------------------===//

#ifndef GLUONC_FRONTEND_BIGINT_H
#define GLUONC_FRONTEND_BIGINT_H

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace gluonc::frontend {

class BigInt {
public:
  BigInt() = default;
  explicit BigInt(int64_t value);

  /// Parses digits in `base` (2 to 36; lowercase or uppercase letters), an
  /// optional leading '-' and no prefix; nullopt when a character is not a
  /// digit of the base or there are no digits.
  static std::optional<BigInt> fromDigits(std::string_view digits,
                                          unsigned base);
  /// The value of a finite double, truncated toward zero.
  static BigInt fromDouble(double value);

  bool isZero() const { return magnitude.empty(); }
  bool isNegative() const { return negative; }
  /// -1, 0 or 1.
  int sign() const { return isZero() ? 0 : negative ? -1 : 1; }
  /// The value, when it fits in int64_t.
  std::optional<int64_t> toInt64() const;
  /// The value modulo 2^64, as the bits of a two's complement uint64_t.
  uint64_t truncateToUInt64() const;
  /// Python's int.bit_length(): bits of the magnitude, 0 for zero.
  uint64_t bitLength() const;
  /// 32-bit words of the magnitude: what an operation's cost grows with.
  size_t wordCount() const { return magnitude.size(); }
  /// The nearest double (ties to even), or an infinity when the value is
  /// beyond the range of double.
  double toDouble() const;
  /// The digits in `base` (2 to 36, lowercase), with a leading '-' for a
  /// negative value and no prefix.
  std::string toString(unsigned base = 10) const;

  /// <0, 0 or >0 as *this is less than, equal to or greater than `other`.
  int compare(const BigInt &other) const;
  bool operator==(const BigInt &other) const { return compare(other) == 0; }
  bool operator!=(const BigInt &other) const { return compare(other) != 0; }
  bool operator<(const BigInt &other) const { return compare(other) < 0; }

  BigInt operator-() const;
  BigInt abs() const;
  friend BigInt operator+(const BigInt &lhs, const BigInt &rhs);
  friend BigInt operator-(const BigInt &lhs, const BigInt &rhs);
  friend BigInt operator*(const BigInt &lhs, const BigInt &rhs);

  /// Python's `//` and `%` at once: the quotient rounds toward negative
  /// infinity and the remainder takes the divisor's sign. `divisor` must not
  /// be zero.
  static void floorDivMod(const BigInt &dividend, const BigInt &divisor,
                          BigInt &quotient, BigInt &remainder);
  BigInt pow(uint64_t exponent) const;
  BigInt shiftLeft(uint64_t bits) const;
  /// Rounds toward negative infinity, as Python's `>>`.
  BigInt shiftRight(uint64_t bits) const;
  BigInt bitAnd(const BigInt &other) const;
  BigInt bitOr(const BigInt &other) const;
  BigInt bitXor(const BigInt &other) const;
  /// Python's `~x`, which is -x - 1.
  BigInt bitNot() const;

private:
  using Words = std::vector<uint32_t>;

  static BigInt make(bool negative, Words magnitude);
  static void trim(Words &words);
  static int compareMagnitudes(const Words &lhs, const Words &rhs);
  static Words addMagnitudes(const Words &lhs, const Words &rhs);
  /// `lhs - rhs`; the magnitude of lhs must be at least that of rhs.
  static Words subtractMagnitudes(const Words &lhs, const Words &rhs);
  static Words multiplyMagnitudes(const Words &lhs, const Words &rhs);
  /// Truncating division of magnitudes (Knuth's algorithm D).
  static void divideMagnitudes(const Words &dividend, const Words &divisor,
                               Words &quotient, Words &remainder);
  /// Divides in place by a single word; returns the remainder.
  static uint32_t divideBySmall(Words &words, uint32_t divisor);
  /// The two's complement of the value in `size` words.
  Words toTwosComplement(size_t size) const;
  static BigInt fromTwosComplement(Words words);
  enum class BitOp { And, Or, Xor };
  BigInt bitwise(const BigInt &other, BitOp op) const;

  bool negative = false;
  /// Little-endian words without leading zeros; empty for zero.
  Words magnitude;
};

} // namespace gluonc::frontend

#endif // GLUONC_FRONTEND_BIGINT_H
