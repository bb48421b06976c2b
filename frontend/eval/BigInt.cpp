//===- BigInt.cpp - Arbitrary-precision integers --------------------------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "BigInt.h"

#include <algorithm>
#include <cassert>
#include <cmath>

using namespace gluonc::frontend;

BigInt::BigInt(int64_t value) {
  negative = value < 0;
  // Negating in uint64_t is defined for INT64_MIN too.
  uint64_t bits = negative ? 0 - static_cast<uint64_t>(value)
                           : static_cast<uint64_t>(value);
  while (bits) {
    magnitude.push_back(static_cast<uint32_t>(bits));
    bits >>= 32;
  }
}

BigInt BigInt::make(bool negative, Words magnitude) {
  trim(magnitude);
  BigInt result;
  result.magnitude = std::move(magnitude);
  result.negative = negative && !result.magnitude.empty();
  return result;
}

void BigInt::trim(Words &words) {
  while (!words.empty() && words.back() == 0)
    words.pop_back();
}

//===----------------------------------------------------------------------===//
// Conversions
//===----------------------------------------------------------------------===//

static int digitValue(char c) {
  if (c >= '0' && c <= '9')
    return c - '0';
  if (c >= 'a' && c <= 'z')
    return c - 'a' + 10;
  if (c >= 'A' && c <= 'Z')
    return c - 'A' + 10;
  return 99;
}

std::optional<BigInt> BigInt::fromDigits(std::string_view digits,
                                         unsigned base) {
  if (base < 2 || base > 36)
    return std::nullopt;
  bool isNegative = !digits.empty() && digits.front() == '-';
  if (isNegative)
    digits.remove_prefix(1);
  if (digits.empty())
    return std::nullopt;
  Words words;
  for (char c : digits) {
    int digit = digitValue(c);
    if (digit >= static_cast<int>(base))
      return std::nullopt;
    // words = words * base + digit
    uint64_t carry = static_cast<uint64_t>(digit);
    for (uint32_t &word : words) {
      uint64_t product = static_cast<uint64_t>(word) * base + carry;
      word = static_cast<uint32_t>(product);
      carry = product >> 32;
    }
    if (carry)
      words.push_back(static_cast<uint32_t>(carry));
  }
  return make(isNegative, std::move(words));
}

BigInt BigInt::fromDouble(double value) {
  double truncated = std::trunc(value);
  if (!std::isfinite(truncated) || truncated == 0)
    return BigInt();
  int exponent = 0;
  double fraction = std::frexp(std::fabs(truncated), &exponent);
  // |truncated| = mantissa * 2^(exponent - 53), exactly.
  auto mantissa = static_cast<uint64_t>(std::ldexp(fraction, 53));
  BigInt result(static_cast<int64_t>(mantissa));
  result = exponent >= 53 ? result.shiftLeft(exponent - 53)
                          : result.shiftRight(53 - exponent);
  return truncated < 0 ? -result : result;
}

std::optional<int64_t> BigInt::toInt64() const {
  if (magnitude.size() > 2)
    return std::nullopt;
  uint64_t bits = truncateToUInt64();
  if (negative)
    return bits >= (uint64_t(1) << 63) ? std::optional<int64_t>(
                                             static_cast<int64_t>(bits))
                                       : std::nullopt;
  if (bits >= (uint64_t(1) << 63))
    return std::nullopt;
  return static_cast<int64_t>(bits);
}

uint64_t BigInt::truncateToUInt64() const {
  uint64_t bits = 0;
  if (!magnitude.empty())
    bits = magnitude[0];
  if (magnitude.size() > 1)
    bits |= static_cast<uint64_t>(magnitude[1]) << 32;
  return negative ? 0 - bits : bits;
}

uint64_t BigInt::bitLength() const {
  if (magnitude.empty())
    return 0;
  uint32_t top = magnitude.back();
  unsigned topBits = 0;
  while (top) {
    ++topBits;
    top >>= 1;
  }
  return (magnitude.size() - 1) * uint64_t(32) + topBits;
}

double BigInt::toDouble() const {
  uint64_t bits = bitLength();
  if (bits > 1100)
    return negative ? -HUGE_VAL : HUGE_VAL;
  // The top 64 bits, with any bit below them folded into the lowest one so
  // that the conversion to 53 bits still rounds ties to even correctly.
  uint64_t shift = bits > 64 ? bits - 64 : 0;
  BigInt top = abs().shiftRight(shift);
  uint64_t topBits = top.truncateToUInt64();
  if (shift && top.shiftLeft(shift) != abs())
    topBits |= 1;
  double result = std::ldexp(static_cast<double>(topBits),
                             static_cast<int>(shift));
  return negative ? -result : result;
}

std::string BigInt::toString(unsigned base) const {
  if (base < 2 || base > 36)
    base = 10;
  if (magnitude.empty())
    return "0";
  static const char kDigits[] = "0123456789abcdefghijklmnopqrstuvwxyz";
  std::string reversed;
  if ((base & (base - 1)) == 0) {
    // A power of two: each digit is a group of bits, in linear time.
    unsigned bitsPerDigit = 0;
    while ((1u << bitsPerDigit) < base)
      ++bitsPerDigit;
    uint64_t bits = bitLength();
    for (uint64_t position = 0; position < bits; position += bitsPerDigit) {
      unsigned digit = 0;
      for (unsigned i = 0; i < bitsPerDigit; ++i) {
        uint64_t bit = position + i;
        if (bit < bits && (magnitude[bit / 32] >> (bit % 32)) & 1)
          digit |= 1u << i;
      }
      reversed += kDigits[digit];
    }
    if (negative)
      reversed += '-';
    return std::string(reversed.rbegin(), reversed.rend());
  }
  // Peel off as many digits per division as a word holds.
  uint32_t chunk = base;
  unsigned digitsPerChunk = 1;
  while (static_cast<uint64_t>(chunk) * base <= UINT32_MAX) {
    chunk *= base;
    ++digitsPerChunk;
  }
  Words words = magnitude;
  while (!words.empty()) {
    uint32_t remainder = divideBySmall(words, chunk);
    for (unsigned i = 0; i < digitsPerChunk; ++i) {
      reversed += kDigits[remainder % base];
      remainder /= base;
      if (words.empty() && remainder == 0)
        break;
    }
  }
  while (reversed.size() > 1 && reversed.back() == '0')
    reversed.pop_back();
  if (negative)
    reversed += '-';
  return std::string(reversed.rbegin(), reversed.rend());
}

//===----------------------------------------------------------------------===//
// Magnitudes
//===----------------------------------------------------------------------===//

int BigInt::compareMagnitudes(const Words &lhs, const Words &rhs) {
  if (lhs.size() != rhs.size())
    return lhs.size() < rhs.size() ? -1 : 1;
  for (size_t i = lhs.size(); i-- > 0;)
    if (lhs[i] != rhs[i])
      return lhs[i] < rhs[i] ? -1 : 1;
  return 0;
}

BigInt::Words BigInt::addMagnitudes(const Words &lhs, const Words &rhs) {
  const Words &longer = lhs.size() >= rhs.size() ? lhs : rhs;
  const Words &shorter = lhs.size() >= rhs.size() ? rhs : lhs;
  Words result(longer.size() + 1, 0);
  uint64_t carry = 0;
  for (size_t i = 0; i < longer.size(); ++i) {
    uint64_t sum = carry + longer[i] + (i < shorter.size() ? shorter[i] : 0);
    result[i] = static_cast<uint32_t>(sum);
    carry = sum >> 32;
  }
  result[longer.size()] = static_cast<uint32_t>(carry);
  trim(result);
  return result;
}

BigInt::Words BigInt::subtractMagnitudes(const Words &lhs, const Words &rhs) {
  Words result(lhs.size(), 0);
  int64_t borrow = 0;
  for (size_t i = 0; i < lhs.size(); ++i) {
    int64_t difference = static_cast<int64_t>(lhs[i]) - borrow -
                         (i < rhs.size() ? static_cast<int64_t>(rhs[i]) : 0);
    borrow = difference < 0;
    if (difference < 0)
      difference += int64_t(1) << 32;
    result[i] = static_cast<uint32_t>(difference);
  }
  trim(result);
  return result;
}

BigInt::Words BigInt::multiplyMagnitudes(const Words &lhs, const Words &rhs) {
  if (lhs.empty() || rhs.empty())
    return {};
  Words result(lhs.size() + rhs.size(), 0);
  for (size_t i = 0; i < lhs.size(); ++i) {
    uint64_t carry = 0;
    for (size_t j = 0; j < rhs.size(); ++j) {
      uint64_t product = static_cast<uint64_t>(lhs[i]) * rhs[j] +
                         result[i + j] + carry;
      result[i + j] = static_cast<uint32_t>(product);
      carry = product >> 32;
    }
    result[i + rhs.size()] = static_cast<uint32_t>(carry);
  }
  trim(result);
  return result;
}

uint32_t BigInt::divideBySmall(Words &words, uint32_t divisor) {
  uint64_t remainder = 0;
  for (size_t i = words.size(); i-- > 0;) {
    uint64_t current = (remainder << 32) | words[i];
    words[i] = static_cast<uint32_t>(current / divisor);
    remainder = current % divisor;
  }
  trim(words);
  return static_cast<uint32_t>(remainder);
}

void BigInt::divideMagnitudes(const Words &dividend, const Words &divisor,
                              Words &quotient, Words &remainder) {
  assert(!divisor.empty() && "division by zero");
  if (compareMagnitudes(dividend, divisor) < 0) {
    quotient.clear();
    remainder = dividend;
    return;
  }
  if (divisor.size() == 1) {
    quotient = dividend;
    uint32_t rest = divideBySmall(quotient, divisor[0]);
    remainder = rest ? Words{rest} : Words{};
    return;
  }
  // Knuth, TAOCP vol. 2, 4.3.1, algorithm D: normalize so that the top
  // word of the divisor has its high bit set, then estimate each quotient
  // word from the top two words of the running remainder.
  unsigned shift = 0;
  for (uint32_t top = divisor.back(); !(top & 0x80000000u); top <<= 1)
    ++shift;
  auto shifted = [shift](const Words &words, size_t extra) {
    Words result(words.size() + extra, 0);
    for (size_t i = 0; i < words.size(); ++i) {
      uint64_t wide = static_cast<uint64_t>(words[i]) << shift;
      result[i] |= static_cast<uint32_t>(wide);
      if (i + 1 < result.size())
        result[i + 1] |= static_cast<uint32_t>(wide >> 32);
    }
    return result;
  };
  Words v = shifted(divisor, 0);
  Words u = shifted(dividend, 1);
  size_t n = v.size(), m = dividend.size() - n;
  quotient.assign(m + 1, 0);
  const uint64_t base = uint64_t(1) << 32;
  for (size_t j = m + 1; j-- > 0;) {
    uint64_t top = (static_cast<uint64_t>(u[j + n]) << 32) | u[j + n - 1];
    uint64_t qhat = top / v[n - 1];
    uint64_t rhat = top % v[n - 1];
    while (qhat >= base ||
           qhat * v[n - 2] > ((rhat << 32) | u[j + n - 2])) {
      --qhat;
      rhat += v[n - 1];
      if (rhat >= base)
        break;
    }
    // u[j .. j+n] -= qhat * v
    int64_t borrow = 0;
    uint64_t carry = 0;
    for (size_t i = 0; i < n; ++i) {
      uint64_t product = qhat * v[i] + carry;
      carry = product >> 32;
      int64_t difference = static_cast<int64_t>(u[i + j]) - borrow -
                           static_cast<int64_t>(product & 0xffffffffu);
      borrow = difference < 0;
      u[i + j] = static_cast<uint32_t>(difference + (borrow ? base : 0));
    }
    int64_t difference = static_cast<int64_t>(u[j + n]) - borrow -
                         static_cast<int64_t>(carry);
    borrow = difference < 0;
    u[j + n] = static_cast<uint32_t>(difference + (borrow ? base : 0));
    if (borrow) {
      // qhat was one too large: add the divisor back.
      --qhat;
      uint64_t addCarry = 0;
      for (size_t i = 0; i < n; ++i) {
        uint64_t sum = static_cast<uint64_t>(u[i + j]) + v[i] + addCarry;
        u[i + j] = static_cast<uint32_t>(sum);
        addCarry = sum >> 32;
      }
      u[j + n] = static_cast<uint32_t>(u[j + n] + addCarry);
    }
    quotient[j] = static_cast<uint32_t>(qhat);
  }
  trim(quotient);
  // Undo the normalization of the remainder.
  remainder.assign(n, 0);
  for (size_t i = 0; i < n; ++i) {
    uint64_t wide = (static_cast<uint64_t>(u[i + 1]) << 32) | u[i];
    remainder[i] = static_cast<uint32_t>(wide >> shift);
  }
  trim(remainder);
}

//===----------------------------------------------------------------------===//
// Arithmetic
//===----------------------------------------------------------------------===//

int BigInt::compare(const BigInt &other) const {
  if (negative != other.negative)
    return negative ? -1 : 1;
  int magnitudeOrder = compareMagnitudes(magnitude, other.magnitude);
  return negative ? -magnitudeOrder : magnitudeOrder;
}

BigInt BigInt::operator-() const { return make(!negative, magnitude); }

BigInt BigInt::abs() const { return make(false, magnitude); }

namespace gluonc::frontend {

BigInt operator+(const BigInt &lhs, const BigInt &rhs) {
  if (lhs.negative == rhs.negative)
    return BigInt::make(lhs.negative,
                        BigInt::addMagnitudes(lhs.magnitude, rhs.magnitude));
  int order = BigInt::compareMagnitudes(lhs.magnitude, rhs.magnitude);
  if (order == 0)
    return BigInt();
  const BigInt &larger = order > 0 ? lhs : rhs;
  const BigInt &smaller = order > 0 ? rhs : lhs;
  return BigInt::make(larger.negative,
                      BigInt::subtractMagnitudes(larger.magnitude,
                                                 smaller.magnitude));
}

BigInt operator-(const BigInt &lhs, const BigInt &rhs) { return lhs + -rhs; }

BigInt operator*(const BigInt &lhs, const BigInt &rhs) {
  return BigInt::make(lhs.negative != rhs.negative,
                      BigInt::multiplyMagnitudes(lhs.magnitude,
                                                 rhs.magnitude));
}

} // namespace gluonc::frontend

void BigInt::floorDivMod(const BigInt &dividend, const BigInt &divisor,
                         BigInt &quotient, BigInt &remainder) {
  Words q, r;
  divideMagnitudes(dividend.magnitude, divisor.magnitude, q, r);
  quotient = make(dividend.negative != divisor.negative, std::move(q));
  remainder = make(dividend.negative, std::move(r));
  // Truncation rounded toward zero; floor differs when the signs differ
  // and the division is inexact.
  if (!remainder.isZero() && remainder.negative != divisor.negative) {
    quotient = quotient - BigInt(1);
    remainder = remainder + divisor;
  }
}

BigInt BigInt::pow(uint64_t exponent) const {
  BigInt result(1), base = *this;
  while (exponent) {
    if (exponent & 1)
      result = result * base;
    exponent >>= 1;
    if (exponent)
      base = base * base;
  }
  return result;
}

BigInt BigInt::shiftLeft(uint64_t bits) const {
  if (isZero() || bits == 0)
    return *this;
  size_t wordShift = bits / 32;
  unsigned bitShift = bits % 32;
  Words result(magnitude.size() + wordShift + 1, 0);
  for (size_t i = 0; i < magnitude.size(); ++i) {
    uint64_t wide = static_cast<uint64_t>(magnitude[i]) << bitShift;
    result[i + wordShift] |= static_cast<uint32_t>(wide);
    result[i + wordShift + 1] |= static_cast<uint32_t>(wide >> 32);
  }
  return make(negative, std::move(result));
}

BigInt BigInt::shiftRight(uint64_t bits) const {
  if (isZero() || bits == 0)
    return *this;
  if (bits >= bitLength())
    return negative ? BigInt(-1) : BigInt();
  size_t wordShift = bits / 32;
  unsigned bitShift = bits % 32;
  Words result(magnitude.size() - wordShift, 0);
  bool lostBits = false;
  for (size_t i = 0; i < wordShift; ++i)
    lostBits |= magnitude[i] != 0;
  if (bitShift)
    lostBits |= (magnitude[wordShift] & ((uint32_t(1) << bitShift) - 1)) != 0;
  for (size_t i = 0; i < result.size(); ++i) {
    uint64_t wide = magnitude[i + wordShift];
    if (i + wordShift + 1 < magnitude.size())
      wide |= static_cast<uint64_t>(magnitude[i + wordShift + 1]) << 32;
    result[i] = static_cast<uint32_t>(wide >> bitShift);
  }
  BigInt shifted = make(negative, std::move(result));
  // The magnitude was truncated; a negative value must round down.
  if (negative && lostBits)
    shifted = shifted - BigInt(1);
  return shifted;
}

BigInt::Words BigInt::toTwosComplement(size_t size) const {
  Words words = magnitude;
  words.resize(size, 0);
  if (!negative)
    return words;
  uint64_t carry = 1;
  for (uint32_t &word : words) {
    uint64_t sum = static_cast<uint64_t>(~word) + carry;
    word = static_cast<uint32_t>(sum);
    carry = sum >> 32;
  }
  return words;
}

BigInt BigInt::fromTwosComplement(Words words) {
  bool isNegative = !words.empty() && (words.back() & 0x80000000u);
  if (isNegative) {
    uint64_t carry = 1;
    for (uint32_t &word : words) {
      uint64_t sum = static_cast<uint64_t>(~word) + carry;
      word = static_cast<uint32_t>(sum);
      carry = sum >> 32;
    }
  }
  return make(isNegative, std::move(words));
}

BigInt BigInt::bitwise(const BigInt &other, BitOp op) const {
  // One extra word holds the sign of both operands.
  size_t size = std::max(magnitude.size(), other.magnitude.size()) + 1;
  Words a = toTwosComplement(size), b = other.toTwosComplement(size);
  for (size_t i = 0; i < size; ++i) {
    switch (op) {
    case BitOp::And:
      a[i] &= b[i];
      break;
    case BitOp::Or:
      a[i] |= b[i];
      break;
    case BitOp::Xor:
      a[i] ^= b[i];
      break;
    }
  }
  return fromTwosComplement(std::move(a));
}

BigInt BigInt::bitAnd(const BigInt &other) const {
  return bitwise(other, BitOp::And);
}

BigInt BigInt::bitOr(const BigInt &other) const {
  return bitwise(other, BitOp::Or);
}

BigInt BigInt::bitXor(const BigInt &other) const {
  return bitwise(other, BitOp::Xor);
}

BigInt BigInt::bitNot() const { return -*this - BigInt(1); }
