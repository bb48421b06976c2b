//===- Arithmetic.cpp - Python's operators on compile-time values ---------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Folding of Python's binary and unary operators on compile-time values:
// ints in int64_t until an operation overflows, then in BigInt (bounded by
// kMaxCompileTimeIntBits, with division and shifts checked as Python does),
// floats as IEEE doubles, and the sequence and set operators (`+`, `*`,
// `%` formatting, `|`, `&`, `-`, `^`) within the container and string
// limits.
//
//===----------------------------------------------------------------------===//

#include "Interpreter.h"

#include <cmath>
#include <limits>

using namespace gluonc;
using namespace gluonc::frontend;

//===----------------------------------------------------------------------===//
// Compile-time arithmetic
//===----------------------------------------------------------------------===//

namespace {
/// A bool or an int that fits in int64_t.
std::optional<int64_t> asSmallInt(const Value &value) {
  if (auto *b = value.getIf<bool>())
    return int64_t(*b);
  if (auto *i = value.getIf<int64_t>())
    return *i;
  return std::nullopt;
}

BigInt asBigInt(const Value &value) {
  if (std::optional<int64_t> small = asSmallInt(value))
    return BigInt(*small);
  return value.get<BigInt>();
}

int64_t floorDiv(int64_t a, int64_t b) {
  int64_t q = a / b;
  if ((a % b != 0) && ((a < 0) != (b < 0)))
    --q;
  return q;
}

int64_t floorMod(int64_t a, int64_t b) {
  int64_t r = a % b;
  if (r != 0 && ((r < 0) != (b < 0)))
    r += b;
  return r;
}
} // namespace

static double toDouble(Interpreter &interpreter, const Value &value,
                       SourceLoc loc) {
  if (auto *d = value.getIf<double>())
    return *d;
  if (std::optional<int64_t> small = asSmallInt(value))
    return static_cast<double>(*small);
  double result = value.get<BigInt>().toDouble();
  if (std::isinf(result))
    interpreter.fail(loc, "the integer " + value.toString() +
                              " is too large to convert to a float");
  return result;
}

/// Integer operations on int64_t; nullopt when the result needs more bits.
static std::optional<Value> foldSmallIntOp(Interpreter &interpreter,
                                           BinaryOp op, int64_t a, int64_t b,
                                           SourceLoc loc) {
  int64_t result = 0;
  switch (op) {
  case BinaryOp::Add:
    if (__builtin_add_overflow(a, b, &result))
      return std::nullopt;
    break;
  case BinaryOp::Sub:
    if (__builtin_sub_overflow(a, b, &result))
      return std::nullopt;
    break;
  case BinaryOp::Mul:
    if (__builtin_mul_overflow(a, b, &result))
      return std::nullopt;
    break;
  case BinaryOp::FloorDiv:
  case BinaryOp::Mod:
    if (b == 0)
      interpreter.fail(loc, "integer division by zero");
    // INT64_MIN // -1 overflows (and INT64_MIN % -1 traps in C).
    if (a == INT64_MIN && b == -1)
      return std::nullopt;
    result = op == BinaryOp::FloorDiv ? floorDiv(a, b) : floorMod(a, b);
    break;
  case BinaryOp::Div:
    if (b == 0)
      interpreter.fail(loc, "division by zero");
    return Value(static_cast<double>(a) / static_cast<double>(b));
  case BinaryOp::Pow: {
    if (b < 0 && a == 0)
      interpreter.fail(loc, "0 cannot be raised to a negative power");
    if (b < 0)
      return Value(std::pow(static_cast<double>(a), static_cast<double>(b)));
    // Exponentiation by squaring: 64 steps at most.
    result = 1;
    int64_t base = a;
    for (int64_t exponent = b; exponent > 0; exponent >>= 1) {
      if ((exponent & 1) && __builtin_mul_overflow(result, base, &result))
        return std::nullopt;
      if (exponent > 1 && __builtin_mul_overflow(base, base, &base))
        return std::nullopt;
    }
    break;
  }
  case BinaryOp::LShift:
    if (b < 0)
      interpreter.fail(loc, "negative shift count");
    if (a == 0)
      return Value(int64_t(0));
    if (b >= 63 || a > (INT64_MAX >> b) || a < (INT64_MIN >> b))
      return std::nullopt;
    result = static_cast<int64_t>(static_cast<uint64_t>(a) << b);
    break;
  case BinaryOp::RShift:
    if (b < 0)
      interpreter.fail(loc, "negative shift count");
    result = b >= 63 ? (a < 0 ? -1 : 0) : a >> b;
    break;
  case BinaryOp::BitAnd:
    result = a & b;
    break;
  case BinaryOp::BitOr:
    result = a | b;
    break;
  case BinaryOp::BitXor:
    result = a ^ b;
    break;
  case BinaryOp::MatMul:
    return std::nullopt;
  }
  return Value(result);
}

/// Integer operations beyond int64_t, bounded by kMaxCompileTimeIntBits.
static Value foldBigIntOp(Interpreter &interpreter, BinaryOp op,
                          const BigInt &a, const BigInt &b, SourceLoc loc) {
  // Schoolbook multiplication and division take time quadratic in size.
  uint64_t linear = (a.wordCount() + b.wordCount()) / 16;
  uint64_t quadratic = (a.wordCount() + 1) * (b.wordCount() + 1) / 16;
  std::string tooWide = " would exceed " +
                        std::to_string(kMaxCompileTimeIntBits) + " bits";
  switch (op) {
  case BinaryOp::Add:
    interpreter.countSteps(loc, linear);
    return interpreter.makeInt(a + b, loc);
  case BinaryOp::Sub:
    interpreter.countSteps(loc, linear);
    return interpreter.makeInt(a - b, loc);
  case BinaryOp::Mul:
    interpreter.countSteps(loc, quadratic);
    return interpreter.makeInt(a * b, loc);
  case BinaryOp::FloorDiv:
  case BinaryOp::Mod: {
    if (b.isZero())
      interpreter.fail(loc, "integer division by zero");
    interpreter.countSteps(loc, quadratic);
    BigInt quotient, remainder;
    BigInt::floorDivMod(a, b, quotient, remainder);
    return interpreter.makeInt(op == BinaryOp::FloorDiv ? quotient : remainder,
                               loc);
  }
  case BinaryOp::Div: {
    if (b.isZero())
      interpreter.fail(loc, "division by zero");
    double x = a.toDouble(), y = b.toDouble();
    if (std::isinf(x) || std::isinf(y))
      interpreter.fail(loc,
                       "an integer of '/' is too large to convert to a float");
    return Value(x / y);
  }
  case BinaryOp::Pow: {
    if (b.isNegative()) {
      if (a.isZero())
        interpreter.fail(loc, "0 cannot be raised to a negative power");
      double base = a.toDouble();
      if (std::isinf(base))
        interpreter.fail(loc,
                         "the base of '**' is too large to convert to a float");
      return Value(std::pow(base, b.toDouble()));
    }
    // 0, 1 and -1 stay small whatever the exponent.
    if (a.isZero())
      return Value(int64_t(b.isZero() ? 1 : 0));
    if (a == BigInt(1))
      return Value(int64_t(1));
    if (a == BigInt(-1))
      return Value(int64_t(b.bitAnd(BigInt(1)).isZero() ? 1 : -1));
    std::optional<int64_t> exponent = b.toInt64();
    // The result has at least (bits(a) - 1) * exponent + 1 bits.
    if (!exponent || (a.bitLength() - 1) * static_cast<uint64_t>(*exponent) >=
                         kMaxCompileTimeIntBits)
      interpreter.fail(loc, "the result of '**'" + tooWide);
    uint64_t resultWords =
        (a.bitLength() * static_cast<uint64_t>(*exponent)) / 32 + 1;
    interpreter.countSteps(loc, resultWords * resultWords / 8);
    return interpreter.makeInt(a.pow(static_cast<uint64_t>(*exponent)), loc);
  }
  case BinaryOp::LShift: {
    if (b.isNegative())
      interpreter.fail(loc, "negative shift count");
    if (a.isZero())
      return Value(int64_t(0));
    std::optional<int64_t> shift = b.toInt64();
    if (!shift ||
        a.bitLength() + static_cast<uint64_t>(*shift) > kMaxCompileTimeIntBits)
      interpreter.fail(loc, "the result of '<<'" + tooWide);
    interpreter.countSteps(loc, linear + static_cast<uint64_t>(*shift) / 512);
    return interpreter.makeInt(a.shiftLeft(static_cast<uint64_t>(*shift)), loc);
  }
  case BinaryOp::RShift: {
    if (b.isNegative())
      interpreter.fail(loc, "negative shift count");
    std::optional<int64_t> shift = b.toInt64();
    interpreter.countSteps(loc, linear);
    if (!shift)
      return Value(int64_t(a.isNegative() ? -1 : 0));
    return interpreter.makeInt(a.shiftRight(static_cast<uint64_t>(*shift)),
                               loc);
  }
  case BinaryOp::BitAnd:
    interpreter.countSteps(loc, linear);
    return interpreter.makeInt(a.bitAnd(b), loc);
  case BinaryOp::BitOr:
    interpreter.countSteps(loc, linear);
    return interpreter.makeInt(a.bitOr(b), loc);
  case BinaryOp::BitXor:
    interpreter.countSteps(loc, linear);
    return interpreter.makeInt(a.bitXor(b), loc);
  case BinaryOp::MatMul:
    break;
  }
  return Value();
}

static std::optional<Value> foldIntOp(Interpreter &interpreter, BinaryOp op,
                                      const Value &lhs, const Value &rhs,
                                      SourceLoc loc) {
  if (op == BinaryOp::MatMul)
    return std::nullopt;
  std::optional<int64_t> a = asSmallInt(lhs), b = asSmallInt(rhs);
  if (a && b)
    if (std::optional<Value> folded =
            foldSmallIntOp(interpreter, op, *a, *b, loc))
      return folded;
  return foldBigIntOp(interpreter, op, asBigInt(lhs), asBigInt(rhs), loc);
}

static std::optional<Value> foldFloatOp(Interpreter &interpreter, BinaryOp op,
                                        double a, double b, SourceLoc loc) {
  switch (op) {
  case BinaryOp::Add:
    return Value(a + b);
  case BinaryOp::Sub:
    return Value(a - b);
  case BinaryOp::Mul:
    return Value(a * b);
  case BinaryOp::Div:
    if (b == 0.0)
      interpreter.fail(loc, "float division by zero");
    return Value(a / b);
  case BinaryOp::FloorDiv:
    if (b == 0.0)
      interpreter.fail(loc, "float floor division by zero");
    return Value(std::floor(a / b));
  case BinaryOp::Mod: {
    if (b == 0.0)
      interpreter.fail(loc, "float modulo by zero");
    double r = std::fmod(a, b);
    if (r != 0.0 && ((r < 0) != (b < 0)))
      r += b;
    return Value(r);
  }
  case BinaryOp::Pow: {
    if (a == 0.0 && b < 0)
      interpreter.fail(loc, "0.0 cannot be raised to a negative power");
    if (a < 0 && std::isfinite(b) && std::floor(b) != b)
      interpreter.fail(loc,
                       "not supported yet: complex numbers (a negative number "
                       "raised to a fractional power)");
    double result = std::pow(a, b);
    if (std::isinf(result) && std::isfinite(a) && std::isfinite(b))
      interpreter.fail(loc, "the result of '**' is too large for a float");
    return Value(result);
  }
  default:
    return std::nullopt;
  }
}

/// How many times `count` repeats a sequence: negative counts give none.
static uint64_t repeatCount(Interpreter &interpreter, const Value &count,
                            SourceLoc loc) {
  if (std::optional<int64_t> small = asSmallInt(count))
    return *small < 0 ? 0 : static_cast<uint64_t>(*small);
  if (count.get<BigInt>().isNegative())
    return 0;
  interpreter.fail(loc,
                   "cannot repeat a sequence " + count.toString() + " times");
}

static std::optional<Value> repeatSequence(Interpreter &interpreter,
                                           const Value &sequence,
                                           const Value &count, SourceLoc loc) {
  uint64_t times = repeatCount(interpreter, count, loc);
  if (auto *text = sequence.getIf<std::string>()) {
    if (times == 0 || text->empty())
      return Value(std::string());
    if (times > kMaxCompileTimeStringBytes / text->size())
      interpreter.fail(loc, "a compile-time string would exceed " +
                                std::to_string(kMaxCompileTimeStringBytes) +
                                " bytes");
    std::string result;
    result.reserve(times * text->size());
    for (uint64_t i = 0; i < times; ++i)
      result += *text;
    return interpreter.makeString(std::move(result), loc);
  }
  const std::vector<Value> &elements = *sequence.getSequence();
  if (times == 0 || elements.empty())
    return sequence.isTuple() ? interpreter.makeTuple({}, loc)
                              : interpreter.makeList({}, loc);
  // Counted before anything is built.
  interpreter.chargeElements(times > kMaxCompileTimeElements / elements.size()
                                 ? kMaxCompileTimeElements + 1
                                 : times * elements.size(),
                             loc);
  std::vector<Value> result;
  result.reserve(times * elements.size());
  for (uint64_t i = 0; i < times; ++i)
    result.insert(result.end(), elements.begin(), elements.end());
  if (sequence.isTuple())
    return Value::tuple(std::move(result));
  return Value::list(std::move(result), interpreter.getCurrentRegion());
}

/// `|`, `&`, `-` and `^` of sets, and `|` of dicts.
static std::optional<Value> foldSetOp(Interpreter &interpreter, BinaryOp op,
                                      const Value &lhs, const Value &rhs,
                                      SourceLoc loc) {
  const DictValue *a = lhs.getDict(), *b = rhs.getDict();
  if (!a || !b || a->isSet != b->isSet)
    return std::nullopt;
  if (!a->isSet && op != BinaryOp::BitOr)
    return std::nullopt;
  if (op != BinaryOp::BitOr && op != BinaryOp::BitAnd &&
      op != BinaryOp::Sub && op != BinaryOp::BitXor)
    return std::nullopt;
  Value result = interpreter.makeDict(a->isSet, loc);
  auto inOther = [&](const Value &key, const Value &other) {
    return interpreter.dictLookup(other, key, loc) != nullptr;
  };
  for (size_t i = 0; i < a->keys.size(); ++i) {
    bool inB = inOther(a->keys[i], rhs);
    bool keep = op == BinaryOp::BitOr || (op == BinaryOp::BitAnd && inB) ||
                ((op == BinaryOp::Sub || op == BinaryOp::BitXor) && !inB);
    if (keep)
      interpreter.dictInsert(result, a->keys[i], a->values[i], loc);
  }
  for (size_t i = 0; i < b->keys.size(); ++i) {
    bool add = op == BinaryOp::BitOr ||
               (op == BinaryOp::BitXor && !inOther(b->keys[i], lhs));
    if (add)
      interpreter.dictInsert(result, b->keys[i], b->values[i], loc);
  }
  return result;
}

static std::optional<Value> foldSequenceOp(Interpreter &interpreter,
                                           BinaryOp op, const Value &lhs,
                                           const Value &rhs, SourceLoc loc) {
  bool lhsRepeatable = lhs.is<std::string>() || lhs.getSequence();
  bool rhsRepeatable = rhs.is<std::string>() || rhs.getSequence();
  if (op == BinaryOp::Mul && lhsRepeatable && isIntegral(rhs))
    return repeatSequence(interpreter, lhs, rhs, loc);
  if (op == BinaryOp::Mul && rhsRepeatable && isIntegral(lhs))
    return repeatSequence(interpreter, rhs, lhs, loc);
  if (auto *a = lhs.getIf<std::string>()) {
    if (op == BinaryOp::Mod)
      return interpreter.percentFormat(*a, rhs, loc);
    auto *b = rhs.getIf<std::string>();
    if (b && op == BinaryOp::Add) {
      if (a->size() + b->size() > kMaxCompileTimeStringBytes)
        interpreter.fail(loc, "a compile-time string would exceed " +
                                  std::to_string(kMaxCompileTimeStringBytes) +
                                  " bytes");
      return interpreter.makeString(*a + *b, loc);
    }
    return std::nullopt;
  }
  const std::vector<Value> *a = lhs.getSequence(), *b = rhs.getSequence();
  if (a && b && op == BinaryOp::Add && lhs.isTuple() == rhs.isTuple()) {
    std::vector<Value> joined = *a;
    joined.insert(joined.end(), b->begin(), b->end());
    return lhs.isTuple() ? interpreter.makeTuple(std::move(joined), loc)
                         : interpreter.makeList(std::move(joined), loc);
  }
  return foldSetOp(interpreter, op, lhs, rhs, loc);
}

//===----------------------------------------------------------------------===//
// The operators
//===----------------------------------------------------------------------===//

Value Interpreter::foldBinaryOp(BinaryOp op, const Value &lhs,
                                const Value &rhs, SourceLoc opLoc,
                                SourceLoc lhsLoc, SourceLoc rhsLoc) {
  std::optional<Value> folded;
  if (isNumeric(lhs) && isNumeric(rhs)) {
    if (lhs.is<double>() || rhs.is<double>())
      folded = foldFloatOp(*this, op, toDouble(*this, lhs, lhsLoc),
                           toDouble(*this, rhs, rhsLoc), opLoc);
    else
      folded = foldIntOp(*this, op, lhs, rhs, opLoc);
  } else {
    folded = foldSequenceOp(*this, op, lhs, rhs, opLoc);
  }
  if (!folded)
    fail(opLoc, std::string("unsupported operand types for ") +
                    getSpelling(op) + ": '" +
                    lhs.getTypeName() + "' and '" + rhs.getTypeName() + "'");
  return *folded;
}

Value Interpreter::foldUnaryOp(UnaryOp op, const Value &operand,
                               SourceLoc loc) {
  switch (op) {
  case UnaryOp::Not:
    return Value(!isTruthy(operand, loc));
  case UnaryOp::Pos:
    if (isNumeric(operand))
      return operand.is<bool>() ? Value(*asSmallInt(operand)) : operand;
    break;
  case UnaryOp::Neg:
    if (operand.is<double>())
      return Value(-operand.get<double>());
    if (isIntegral(operand)) {
      std::optional<int64_t> value = asSmallInt(operand);
      if (value && *value != INT64_MIN)
        return Value(-*value);
      return makeInt(-asBigInt(operand), loc);
    }
    break;
  case UnaryOp::Invert:
    if (isIntegral(operand)) {
      if (std::optional<int64_t> value = asSmallInt(operand))
        return Value(~*value);
      return makeInt(asBigInt(operand).bitNot(), loc);
    }
    break;
  }
  fail(loc, std::string("bad operand type for unary ") + getSpelling(op) +
                ": '" + operand.getTypeName() + "'");
}
