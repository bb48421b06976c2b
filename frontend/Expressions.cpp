//===- Expressions.cpp - Expressions, operators and conversions -----------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "CodeGen.h"

#include "gluonc/IR/Dialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"

#include <cmath>
#include <limits>

using namespace gluonc;
using namespace gluonc::frontend;

//===----------------------------------------------------------------------===//
// Compile-time helpers
//===----------------------------------------------------------------------===//

bool CodeGen::isTruthy(const Value &value, SourceLoc loc) {
  if (auto *b = value.getIf<bool>())
    return *b;
  if (auto *i = value.getIf<int64_t>())
    return *i != 0;
  if (value.is<BigInt>())
    return true; // Only values beyond int64_t are BigInts.
  if (auto *d = value.getIf<double>())
    return *d != 0.0;
  if (auto *s = value.getIf<std::string>())
    return !s->empty();
  if (value.isNone())
    return false;
  if (const std::vector<Value> *sequence = value.getSequence())
    return !sequence->empty();
  if (const DictValue *dict = value.getDict())
    return !dict->keys.empty();
  if (auto *range = value.getIf<RangeValue>())
    return range->size() != 0;
  if (value.isRuntime())
    fail(loc, "a run-time value has no compile-time truth value");
  return true;
}

int64_t CodeGen::requireInt(const Value &value, SourceLoc loc,
                            const std::string &what) {
  if (auto *i = value.getIf<int64_t>())
    return *i;
  if (auto *b = value.getIf<bool>())
    return *b;
  if (auto *big = value.getIf<BigInt>())
    fail(loc, what + " must fit in 64 bits, got " + big->toString());
  fail(loc, what + " must be a compile-time integer, got " +
                (value.isRuntime() ? "a run-time " + value.getTypeName()
                                   : value.getTypeName() + " " +
                                         value.toString()));
}

RuntimeValue CodeGen::requireRuntime(const Value &value, SourceLoc loc,
                                     const std::string &what) {
  if (auto *runtime = value.getIf<RuntimeValue>())
    return *runtime;
  if (value.isInt() || value.is<double>() || value.is<bool>())
    return toRuntime(value, loc);
  fail(loc, what + " must be a tensor or a number, got " +
                value.getTypeName() + " " + value.toString());
}

static bool fitsIn(int64_t value, DType dtype) {
  if (!dtype.isInt())
    return true;
  unsigned bits = dtype.getBitWidth();
  if (bits >= 64)
    return dtype.isUnsigned() ? value >= 0 : true;
  if (dtype.isBool())
    return value == 0 || value == 1;
  if (dtype.isUnsigned())
    return value >= 0 && value < (int64_t(1) << bits);
  int64_t limit = int64_t(1) << (bits - 1);
  return value >= -limit && value < limit;
}

//===----------------------------------------------------------------------===//
// Run-time values
//===----------------------------------------------------------------------===//

mlir::Type CodeGen::getMLIRType(DType dtype, const std::vector<int64_t> &shape,
                                mlir::Attribute layout) {
  mlir::Type element = dtype.toMLIR(&context);
  if (shape.empty())
    return element;
  return mlir::RankedTensorType::get(shape, element, layout);
}

mlir::Type CodeGen::getMLIRType(const RuntimeValue &value) {
  return getMLIRType(value.dtype, value.shape, value.layout);
}

RuntimeValue CodeGen::makeConstant(DType dtype, double floatValue,
                                   int64_t intValue, SourceLoc loc) {
  mlir::Type type = dtype.toMLIR(&context);
  mlir::TypedAttr attr;
  if (dtype.isFloat())
    attr = mlir::FloatAttr::get(type, floatValue);
  else
    attr = mlir::IntegerAttr::get(type, intValue);
  auto constant = mlir::arith::ConstantOp::create(builder, getLoc(loc), attr);
  return RuntimeValue{constant, dtype, {}, {}};
}

RuntimeValue CodeGen::toRuntime(const Value &value, SourceLoc loc,
                                std::optional<DType> like) {
  if (auto *runtime = value.getIf<RuntimeValue>())
    return *runtime;
  if (auto *b = value.getIf<bool>()) {
    DType dtype = like && !like->isPointer ? *like : DType::of(ScalarKind::I1);
    return makeConstant(dtype, *b ? 1.0 : 0.0, *b ? 1 : 0, loc);
  }
  if (auto *i = value.getIf<int64_t>()) {
    // A literal takes the type of the run-time operand beside it when it
    // fits, as in Triton; alone it is i32, or i64 when too large.
    DType dtype = DType::of(fitsIn(*i, DType::of(ScalarKind::I32))
                                ? ScalarKind::I32
                                : ScalarKind::I64);
    if (like && !like->isPointer && !like->isBool()) {
      if (like->isFloat())
        dtype = *like;
      else if (fitsIn(*i, *like))
        dtype = *like;
      else
        fail(loc, "the integer " + std::to_string(*i) + " does not fit in " +
                      like->getGluonName());
    }
    return makeConstant(dtype, static_cast<double>(*i), *i, loc);
  }
  if (auto *big = value.getIf<BigInt>()) {
    // Beyond int64_t only uint64 holds an integer, as in Triton.
    DType u64 = DType::of(ScalarKind::U64);
    bool fitsU64 = !big->isNegative() && big->bitLength() <= 64;
    bool wantsFloat = like && !like->isPointer && like->isFloat();
    if (wantsFloat)
      return makeConstant(*like, big->toDouble(), 0, loc);
    if (!fitsU64 || (like && !like->isPointer && !like->isBool() &&
                     *like != u64))
      fail(loc, "the integer " + big->toString() + " does not fit in " +
                    (fitsU64 ? like->getGluonName() : std::string("64 bits")));
    return makeConstant(u64, big->toDouble(),
                        static_cast<int64_t>(big->truncateToUInt64()), loc);
  }
  if (auto *d = value.getIf<double>()) {
    DType dtype = like && like->isFloat() ? *like : DType::of(ScalarKind::F32);
    return makeConstant(dtype, *d, 0, loc);
  }
  fail(loc, "expected a tensor or a number, got " + value.getTypeName() +
                " " + value.toString());
}

/// Conversions from and to float8 go through fp32, with the hardware's
/// conversion (round to nearest, saturating to the largest finite value as
/// Triton's does) between fp32 and float8; sm_89 and newer have it.
RuntimeValue CodeGen::castFloat8(const RuntimeValue &value, DType dtype,
                                 SourceLoc loc) {
  DType f32 = DType::of(ScalarKind::F32);
  unsigned archNumber = 0;
  for (char c : spec.arch)
    if (c >= '0' && c <= '9')
      archNumber = archNumber * 10 + unsigned(c - '0');
  if (archNumber < 89)
    fail(loc, "converting " + value.dtype.getGluonName() + " to " +
                  dtype.getGluonName() + " needs sm_89 or newer, not " +
                  spec.arch);
  mlir::Location mloc = getLoc(loc);
  if (value.dtype.isFloat8()) {
    mlir::Type wide = getMLIRType(f32, value.shape, value.layout);
    RuntimeValue widened{
        mlir::gluon::FpToFpOp::create(builder, mloc, wide, value.value), f32,
        value.shape, value.layout};
    return castTo(widened, dtype, loc);
  }
  RuntimeValue narrow = castTo(value, f32, loc);
  mlir::Type target = getMLIRType(dtype, value.shape, value.layout);
  return RuntimeValue{
      mlir::gluon::FpToFpOp::create(builder, mloc, target, narrow.value),
      dtype, value.shape, value.layout};
}

RuntimeValue CodeGen::castTo(const RuntimeValue &value, DType dtype,
                             SourceLoc loc) {
  if (value.dtype == dtype)
    return value;
  if (value.dtype.isPointer || dtype.isPointer)
    fail(loc, "cannot convert " + value.dtype.getGluonName() + " to " +
                  dtype.getGluonName());
  if (value.dtype.isFloat8() || dtype.isFloat8())
    return castFloat8(value, dtype, loc);
  mlir::Location mloc = getLoc(loc);
  mlir::Type target = getMLIRType(dtype, value.shape, value.layout);
  DType from = value.dtype;
  mlir::Value v = value.value;
  mlir::Value result;
  if (dtype.isBool()) {
    // Anything non-zero is true.
    RuntimeValue zero = broadcastTo(makeConstant(from, 0.0, 0, loc),
                                    value.shape, value.layout, loc);
    if (from.isFloat())
      result = mlir::arith::CmpFOp::create(
          builder, mloc, mlir::arith::CmpFPredicate::UNE, v, zero.value);
    else
      result = mlir::arith::CmpIOp::create(
          builder, mloc, mlir::arith::CmpIPredicate::ne, v, zero.value);
  } else if (from.isInt() && dtype.isInt()) {
    unsigned fromBits = from.getBitWidth(), toBits = dtype.getBitWidth();
    if (fromBits == toBits)
      result = v;
    else if (fromBits > toBits)
      result = mlir::arith::TruncIOp::create(builder, mloc, target, v);
    else if (from.isUnsigned() || from.isBool())
      result = mlir::arith::ExtUIOp::create(builder, mloc, target, v);
    else
      result = mlir::arith::ExtSIOp::create(builder, mloc, target, v);
  } else if (from.isInt() && dtype.isFloat()) {
    if (from.isUnsigned() || from.isBool())
      result = mlir::arith::UIToFPOp::create(builder, mloc, target, v);
    else
      result = mlir::arith::SIToFPOp::create(builder, mloc, target, v);
  } else if (from.isFloat() && dtype.isInt()) {
    if (dtype.isUnsigned())
      result = mlir::arith::FPToUIOp::create(builder, mloc, target, v);
    else
      result = mlir::arith::FPToSIOp::create(builder, mloc, target, v);
  } else if (from.getBitWidth() == dtype.getBitWidth()) {
    // fp16 <-> bf16: neither holds the other, so go through fp32.
    mlir::Type f32 = getMLIRType(DType::of(ScalarKind::F32), value.shape,
                                 value.layout);
    mlir::Value wide = mlir::arith::ExtFOp::create(builder, mloc, f32, v);
    result = mlir::arith::TruncFOp::create(builder, mloc, target, wide);
  } else if (from.getBitWidth() < dtype.getBitWidth()) {
    result = mlir::arith::ExtFOp::create(builder, mloc, target, v);
  } else {
    result = mlir::arith::TruncFOp::create(builder, mloc, target, v);
  }
  return RuntimeValue{result, dtype, value.shape, value.layout};
}

RuntimeValue CodeGen::bitcastTo(const RuntimeValue &value, DType dtype,
                                SourceLoc loc) {
  if (value.dtype.isPointer || dtype.isPointer ||
      value.dtype.getBitWidth() != dtype.getBitWidth())
    fail(loc, "cannot bitcast " + value.dtype.getGluonName() + " to " +
                  dtype.getGluonName() + ": the bit widths differ");
  mlir::Type target = getMLIRType(dtype, value.shape, value.layout);
  mlir::Value result = value.value;
  if (target != value.value.getType())
    result = mlir::arith::BitcastOp::create(builder, getLoc(loc), target,
                                            value.value);
  return RuntimeValue{result, dtype, value.shape, value.layout};
}

std::string CodeGen::describeShape(const std::vector<int64_t> &shape) {
  std::string text = "[";
  for (size_t i = 0; i < shape.size(); ++i)
    text += (i ? ", " : "") + std::to_string(shape[i]);
  return text + "]";
}

RuntimeValue CodeGen::broadcastTo(const RuntimeValue &value,
                                  const std::vector<int64_t> &shape,
                                  mlir::Attribute layout, SourceLoc loc) {
  if (value.shape == shape && value.layout == layout)
    return value;
  mlir::Location mloc = getLoc(loc);
  mlir::Type type = getMLIRType(value.dtype, shape, layout);
  if (value.isScalar()) {
    auto splat = mlir::gluon::SplatOp::create(builder, mloc, type, value.value);
    return RuntimeValue{splat, value.dtype, shape, layout};
  }
  if (value.layout != layout)
    fail(loc, "layout mismatch: cannot broadcast a tensor with layout " +
                  describeLayout(value.layout) + " to layout " +
                  describeLayout(layout));
  bool compatible = value.shape.size() == shape.size();
  for (size_t d = 0; compatible && d < shape.size(); ++d)
    compatible = value.shape[d] == shape[d] || value.shape[d] == 1;
  if (!compatible)
    fail(loc, "cannot broadcast a tensor of shape " +
                  describeShape(value.shape) + " to " + describeShape(shape));
  auto bcast =
      mlir::gluon::BroadcastOp::create(builder, mloc, type, value.value);
  return RuntimeValue{bcast, value.dtype, shape, layout};
}


void CodeGen::broadcastPair(RuntimeValue &lhs, RuntimeValue &rhs,
                            SourceLoc opLoc, SourceLoc lhsLoc,
                            SourceLoc rhsLoc) {
  if (lhs.isScalar() && rhs.isScalar())
    return;
  if (lhs.isScalar()) {
    lhs = broadcastTo(lhs, rhs.shape, rhs.layout, lhsLoc);
    return;
  }
  if (rhs.isScalar()) {
    rhs = broadcastTo(rhs, lhs.shape, lhs.layout, rhsLoc);
    return;
  }
  if (lhs.layout != rhs.layout)
    failWithNote(opLoc,
                 "layout mismatch: the left operand has layout " +
                     describeLayout(lhs.layout) +
                     ", the right operand has layout " +
                     describeLayout(rhs.layout),
                 getDefinitionLoc(rhs, rhsLoc),
                 "the right operand is defined here; both operands need the "
                 "same layout");
  if (lhs.shape.size() != rhs.shape.size())
    fail(opLoc, "shape mismatch: " + describeShape(lhs.shape) + " and " +
                    describeShape(rhs.shape) + " have different ranks");
  std::vector<int64_t> shape(lhs.shape.size());
  for (size_t d = 0; d < shape.size(); ++d) {
    int64_t a = lhs.shape[d], b = rhs.shape[d];
    if (a != b && a != 1 && b != 1)
      fail(opLoc, "shape mismatch: " + describeShape(lhs.shape) + " and " +
                      describeShape(rhs.shape) + " cannot be broadcast");
    shape[d] = std::max(a, b);
  }
  lhs = broadcastTo(lhs, shape, lhs.layout, lhsLoc);
  rhs = broadcastTo(rhs, shape, rhs.layout, rhsLoc);
}

//===----------------------------------------------------------------------===//
// Compile-time arithmetic
//===----------------------------------------------------------------------===//

namespace {
bool isNumber(const Value &value) {
  return value.isInt() || value.is<double>() || value.is<bool>();
}

bool isIntegral(const Value &value) {
  return value.isInt() || value.is<bool>();
}

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

static double toDouble(CodeGen &gen, const Value &value, SourceLoc loc) {
  if (auto *d = value.getIf<double>())
    return *d;
  if (std::optional<int64_t> small = asSmallInt(value))
    return static_cast<double>(*small);
  double result = value.get<BigInt>().toDouble();
  if (std::isinf(result))
    gen.fail(loc, "the integer " + value.toString() +
                      " is too large to convert to a float");
  return result;
}

/// Integer operations on int64_t; nullopt when the result needs more bits.
static std::optional<Value> foldSmallIntOp(CodeGen &gen, BinaryOp op,
                                           int64_t a, int64_t b,
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
      gen.fail(loc, "integer division by zero");
    // INT64_MIN // -1 overflows (and INT64_MIN % -1 traps in C).
    if (a == INT64_MIN && b == -1)
      return std::nullopt;
    result = op == BinaryOp::FloorDiv ? floorDiv(a, b) : floorMod(a, b);
    break;
  case BinaryOp::Div:
    if (b == 0)
      gen.fail(loc, "division by zero");
    return Value(static_cast<double>(a) / static_cast<double>(b));
  case BinaryOp::Pow: {
    if (b < 0 && a == 0)
      gen.fail(loc, "0 cannot be raised to a negative power");
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
      gen.fail(loc, "negative shift count");
    if (a == 0)
      return Value(int64_t(0));
    if (b >= 63 || a > (INT64_MAX >> b) || a < (INT64_MIN >> b))
      return std::nullopt;
    result = static_cast<int64_t>(static_cast<uint64_t>(a) << b);
    break;
  case BinaryOp::RShift:
    if (b < 0)
      gen.fail(loc, "negative shift count");
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
static Value foldBigIntOp(CodeGen &gen, BinaryOp op, const BigInt &a,
                          const BigInt &b, SourceLoc loc) {
  // Schoolbook multiplication and division take time quadratic in size.
  uint64_t linear = (a.wordCount() + b.wordCount()) / 16;
  uint64_t quadratic = (a.wordCount() + 1) * (b.wordCount() + 1) / 16;
  std::string tooWide = " would exceed " +
                        std::to_string(kMaxCompileTimeIntBits) + " bits";
  switch (op) {
  case BinaryOp::Add:
    gen.countSteps(loc, linear);
    return gen.makeInt(a + b, loc);
  case BinaryOp::Sub:
    gen.countSteps(loc, linear);
    return gen.makeInt(a - b, loc);
  case BinaryOp::Mul:
    gen.countSteps(loc, quadratic);
    return gen.makeInt(a * b, loc);
  case BinaryOp::FloorDiv:
  case BinaryOp::Mod: {
    if (b.isZero())
      gen.fail(loc, "integer division by zero");
    gen.countSteps(loc, quadratic);
    BigInt quotient, remainder;
    BigInt::floorDivMod(a, b, quotient, remainder);
    return gen.makeInt(op == BinaryOp::FloorDiv ? quotient : remainder, loc);
  }
  case BinaryOp::Div: {
    if (b.isZero())
      gen.fail(loc, "division by zero");
    double x = a.toDouble(), y = b.toDouble();
    if (std::isinf(x) || std::isinf(y))
      gen.fail(loc, "an integer of '/' is too large to convert to a float");
    return Value(x / y);
  }
  case BinaryOp::Pow: {
    if (b.isNegative()) {
      if (a.isZero())
        gen.fail(loc, "0 cannot be raised to a negative power");
      double base = a.toDouble();
      if (std::isinf(base))
        gen.fail(loc, "the base of '**' is too large to convert to a float");
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
      gen.fail(loc, "the result of '**'" + tooWide);
    uint64_t resultWords =
        (a.bitLength() * static_cast<uint64_t>(*exponent)) / 32 + 1;
    gen.countSteps(loc, resultWords * resultWords / 8);
    return gen.makeInt(a.pow(static_cast<uint64_t>(*exponent)), loc);
  }
  case BinaryOp::LShift: {
    if (b.isNegative())
      gen.fail(loc, "negative shift count");
    if (a.isZero())
      return Value(int64_t(0));
    std::optional<int64_t> shift = b.toInt64();
    if (!shift ||
        a.bitLength() + static_cast<uint64_t>(*shift) > kMaxCompileTimeIntBits)
      gen.fail(loc, "the result of '<<'" + tooWide);
    gen.countSteps(loc, linear + static_cast<uint64_t>(*shift) / 512);
    return gen.makeInt(a.shiftLeft(static_cast<uint64_t>(*shift)), loc);
  }
  case BinaryOp::RShift: {
    if (b.isNegative())
      gen.fail(loc, "negative shift count");
    std::optional<int64_t> shift = b.toInt64();
    gen.countSteps(loc, linear);
    if (!shift)
      return Value(int64_t(a.isNegative() ? -1 : 0));
    return gen.makeInt(a.shiftRight(static_cast<uint64_t>(*shift)), loc);
  }
  case BinaryOp::BitAnd:
    gen.countSteps(loc, linear);
    return gen.makeInt(a.bitAnd(b), loc);
  case BinaryOp::BitOr:
    gen.countSteps(loc, linear);
    return gen.makeInt(a.bitOr(b), loc);
  case BinaryOp::BitXor:
    gen.countSteps(loc, linear);
    return gen.makeInt(a.bitXor(b), loc);
  case BinaryOp::MatMul:
    break;
  }
  return Value();
}

static std::optional<Value> foldIntOp(CodeGen &gen, BinaryOp op,
                                      const Value &lhs, const Value &rhs,
                                      SourceLoc loc) {
  if (op == BinaryOp::MatMul)
    return std::nullopt;
  std::optional<int64_t> a = asSmallInt(lhs), b = asSmallInt(rhs);
  if (a && b)
    if (std::optional<Value> folded = foldSmallIntOp(gen, op, *a, *b, loc))
      return folded;
  return foldBigIntOp(gen, op, asBigInt(lhs), asBigInt(rhs), loc);
}

static std::optional<Value> foldFloatOp(CodeGen &gen, BinaryOp op, double a,
                                        double b, SourceLoc loc) {
  switch (op) {
  case BinaryOp::Add:
    return Value(a + b);
  case BinaryOp::Sub:
    return Value(a - b);
  case BinaryOp::Mul:
    return Value(a * b);
  case BinaryOp::Div:
    if (b == 0.0)
      gen.fail(loc, "float division by zero");
    return Value(a / b);
  case BinaryOp::FloorDiv:
    if (b == 0.0)
      gen.fail(loc, "float floor division by zero");
    return Value(std::floor(a / b));
  case BinaryOp::Mod: {
    if (b == 0.0)
      gen.fail(loc, "float modulo by zero");
    double r = std::fmod(a, b);
    if (r != 0.0 && ((r < 0) != (b < 0)))
      r += b;
    return Value(r);
  }
  case BinaryOp::Pow: {
    if (a == 0.0 && b < 0)
      gen.fail(loc, "0.0 cannot be raised to a negative power");
    if (a < 0 && std::isfinite(b) && std::floor(b) != b)
      gen.fail(loc, "not supported yet: complex numbers (a negative number "
                    "raised to a fractional power)");
    double result = std::pow(a, b);
    if (std::isinf(result) && std::isfinite(a) && std::isfinite(b))
      gen.fail(loc, "the result of '**' is too large for a float");
    return Value(result);
  }
  default:
    return std::nullopt;
  }
}

/// How many times `count` repeats a sequence: negative counts give none.
static uint64_t repeatCount(CodeGen &gen, const Value &count, SourceLoc loc) {
  if (std::optional<int64_t> small = asSmallInt(count))
    return *small < 0 ? 0 : static_cast<uint64_t>(*small);
  if (count.get<BigInt>().isNegative())
    return 0;
  gen.fail(loc, "cannot repeat a sequence " + count.toString() + " times");
}

static std::optional<Value> repeatSequence(CodeGen &gen, const Value &sequence,
                                           const Value &count,
                                           SourceLoc loc) {
  uint64_t times = repeatCount(gen, count, loc);
  if (auto *text = sequence.getIf<std::string>()) {
    if (times == 0 || text->empty())
      return Value(std::string());
    if (times > kMaxCompileTimeStringBytes / text->size())
      gen.fail(loc, "a compile-time string would exceed " +
                        std::to_string(kMaxCompileTimeStringBytes) +
                        " bytes");
    std::string result;
    result.reserve(times * text->size());
    for (uint64_t i = 0; i < times; ++i)
      result += *text;
    return gen.makeString(std::move(result), loc);
  }
  const std::vector<Value> &elements = *sequence.getSequence();
  if (times == 0 || elements.empty())
    return sequence.isTuple() ? gen.makeTuple({}, loc)
                              : gen.makeList({}, loc);
  // Counted before anything is built.
  gen.chargeElements(times > kMaxCompileTimeElements / elements.size()
                         ? kMaxCompileTimeElements + 1
                         : times * elements.size(),
                     loc);
  std::vector<Value> result;
  result.reserve(times * elements.size());
  for (uint64_t i = 0; i < times; ++i)
    result.insert(result.end(), elements.begin(), elements.end());
  if (sequence.isTuple())
    return Value::tuple(std::move(result));
  return Value::list(std::move(result), gen.getCurrentRegion());
}

/// `|`, `&`, `-` and `^` of sets, and `|` of dicts.
static std::optional<Value> foldSetOp(CodeGen &gen, BinaryOp op,
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
  Value result = gen.makeDict(a->isSet, loc);
  auto inOther = [&](const Value &key, const Value &other) {
    return gen.dictLookup(other, key, loc) != nullptr;
  };
  for (size_t i = 0; i < a->keys.size(); ++i) {
    bool inB = inOther(a->keys[i], rhs);
    bool keep = op == BinaryOp::BitOr || (op == BinaryOp::BitAnd && inB) ||
                ((op == BinaryOp::Sub || op == BinaryOp::BitXor) && !inB);
    if (keep)
      gen.dictInsert(result, a->keys[i], a->values[i], loc);
  }
  for (size_t i = 0; i < b->keys.size(); ++i) {
    bool add = op == BinaryOp::BitOr ||
               (op == BinaryOp::BitXor && !inOther(b->keys[i], lhs));
    if (add)
      gen.dictInsert(result, b->keys[i], b->values[i], loc);
  }
  return result;
}

static std::optional<Value> foldSequenceOp(CodeGen &gen, BinaryOp op,
                                           const Value &lhs, const Value &rhs,
                                           SourceLoc loc) {
  bool lhsRepeatable = lhs.is<std::string>() || lhs.getSequence();
  bool rhsRepeatable = rhs.is<std::string>() || rhs.getSequence();
  if (op == BinaryOp::Mul && lhsRepeatable && isIntegral(rhs))
    return repeatSequence(gen, lhs, rhs, loc);
  if (op == BinaryOp::Mul && rhsRepeatable && isIntegral(lhs))
    return repeatSequence(gen, rhs, lhs, loc);
  if (auto *a = lhs.getIf<std::string>()) {
    if (op == BinaryOp::Mod)
      return gen.percentFormat(*a, rhs, loc);
    auto *b = rhs.getIf<std::string>();
    if (b && op == BinaryOp::Add) {
      if (a->size() + b->size() > kMaxCompileTimeStringBytes)
        gen.fail(loc, "a compile-time string would exceed " +
                          std::to_string(kMaxCompileTimeStringBytes) +
                          " bytes");
      return gen.makeString(*a + *b, loc);
    }
    return std::nullopt;
  }
  const std::vector<Value> *a = lhs.getSequence(), *b = rhs.getSequence();
  if (a && b && op == BinaryOp::Add && lhs.isTuple() == rhs.isTuple()) {
    std::vector<Value> joined = *a;
    joined.insert(joined.end(), b->begin(), b->end());
    return lhs.isTuple() ? gen.makeTuple(std::move(joined), loc)
                         : gen.makeList(std::move(joined), loc);
  }
  return foldSetOp(gen, op, lhs, rhs, loc);
}

//===----------------------------------------------------------------------===//
// Operators
//===----------------------------------------------------------------------===//

/// The dtype a compile-time operand adopts next to a run-time one.
static std::optional<DType> literalPeer(const Value &other) {
  if (auto *runtime = other.getIf<RuntimeValue>())
    return runtime->dtype.isPointer ? DType::of(ScalarKind::I32)
                                    : runtime->dtype;
  return std::nullopt;
}

std::pair<RuntimeValue, RuntimeValue>
CodeGen::toRuntimePair(const Value &lhs, const Value &rhs, SourceLoc lhsLoc,
                       SourceLoc rhsLoc) {
  RuntimeValue a = toRuntime(lhs, lhsLoc, literalPeer(rhs));
  RuntimeValue b = toRuntime(rhs, rhsLoc, literalPeer(lhs));
  return {a, b};
}

void CodeGen::castAndBroadcast(RuntimeValue &lhs, RuntimeValue &rhs,
                               DType dtype, SourceLoc opLoc, SourceLoc lhsLoc,
                               SourceLoc rhsLoc) {
  lhs = castTo(lhs, dtype, lhsLoc);
  rhs = castTo(rhs, dtype, rhsLoc);
  broadcastPair(lhs, rhs, opLoc, lhsLoc, rhsLoc);
}

void CodeGen::checkDefinedIntegerOp(BinaryOp op, const Value &rhs,
                                    DType type, SourceLoc rhsLoc) {
  // Integer division by zero and shifts by the bit width or more are
  // undefined on the GPU (LLVM may delete the code around them); with a
  // compile-time right operand they are errors.
  auto *amount = rhs.getIf<int64_t>();
  if (!amount)
    return;
  bool isDivision = op == BinaryOp::FloorDiv || op == BinaryOp::Mod;
  if (isDivision && *amount == 0)
    fail(rhsLoc, "integer division by zero");
  bool isShift = op == BinaryOp::LShift || op == BinaryOp::RShift;
  if (isShift && (*amount < 0 || *amount >= type.getBitWidth()))
    fail(rhsLoc, "shift by " + std::to_string(*amount) + " bits of a " +
                     std::to_string(type.getBitWidth()) + "-bit " +
                     type.getGluonName() + " value is undefined");
}

Value CodeGen::binaryOp(BinaryOp op, const Value &lhs, const Value &rhs,
                        SourceLoc opLoc, SourceLoc lhsLoc, SourceLoc rhsLoc) {
  std::string spelling = getSpelling(op);
  if (!lhs.isRuntime() && !rhs.isRuntime()) {
    std::optional<Value> folded;
    if (isNumber(lhs) && isNumber(rhs)) {
      if (lhs.is<double>() || rhs.is<double>())
        folded = foldFloatOp(*this, op, toDouble(*this, lhs, lhsLoc),
                             toDouble(*this, rhs, rhsLoc), opLoc);
      else
        folded = foldIntOp(*this, op, lhs, rhs, opLoc);
    } else {
      folded = foldSequenceOp(*this, op, lhs, rhs, opLoc);
    }
    if (!folded)
      fail(opLoc, "unsupported operand types for " + spelling + ": '" +
                      lhs.getTypeName() + "' and '" + rhs.getTypeName() +
                      "'");
    return *folded;
  }

  auto [a, b] = toRuntimePair(lhs, rhs, lhsLoc, rhsLoc);
  mlir::Location loc = getLoc(opLoc);

  // Pointer arithmetic: pointer +/- integer offset.
  if (a.dtype.isPointer || b.dtype.isPointer) {
    bool lhsIsPointer = a.dtype.isPointer;
    RuntimeValue ptr = lhsIsPointer ? a : b;
    RuntimeValue offset = lhsIsPointer ? b : a;
    bool valid = (op == BinaryOp::Add || (op == BinaryOp::Sub && lhsIsPointer)) &&
                 offset.dtype.isInt() && !offset.dtype.isPointer;
    if (!valid)
      fail(opLoc, "unsupported operand types for " + spelling + ": " +
                      a.dtype.getGluonName() + " and " +
                      b.dtype.getGluonName());
    if (op == BinaryOp::Sub) {
      RuntimeValue zero = makeConstant(offset.dtype, 0, 0, opLoc);
      zero = broadcastTo(zero, offset.shape, offset.layout, opLoc);
      offset.value = mlir::arith::SubIOp::create(builder, loc, zero.value,
                                                 offset.value);
    }
    SourceLoc ptrLoc = lhsIsPointer ? lhsLoc : rhsLoc;
    SourceLoc offsetLoc = lhsIsPointer ? rhsLoc : lhsLoc;
    broadcastPair(ptr, offset, opLoc, ptrLoc, offsetLoc);
    auto addPtr = mlir::gluon::AddPtrOp::create(
        builder, loc, getMLIRType(ptr), ptr.value, offset.value);
    return RuntimeValue{addPtr, ptr.dtype, ptr.shape, ptr.layout};
  }

  DType computeType = promote(a.dtype, b.dtype);
  if (computeType.isFloat8())
    fail(opLoc, "not supported yet: arithmetic on " +
                    computeType.getGluonName() + " values");
  if (op == BinaryOp::Div && !computeType.isFloat())
    computeType = DType::of(ScalarKind::F32);
  bool isBitwise = op == BinaryOp::BitAnd || op == BinaryOp::BitOr ||
                   op == BinaryOp::BitXor || op == BinaryOp::LShift ||
                   op == BinaryOp::RShift;
  if (isBitwise && computeType.isFloat())
    fail(opLoc, "bitwise '" + spelling + "' needs integer operands, got " +
                    a.dtype.getGluonName() + " and " + b.dtype.getGluonName());
  if (op == BinaryOp::Pow || op == BinaryOp::MatMul)
    fail(opLoc, "not supported yet: '" + spelling + "' on run-time values");
  if (computeType.isInt())
    checkDefinedIntegerOp(op, rhs, computeType, rhsLoc);
  castAndBroadcast(a, b, computeType, opLoc, lhsLoc, rhsLoc);

  mlir::Value x = a.value, y = b.value;
  bool isFloat = computeType.isFloat();
  bool isUnsigned = computeType.isUnsigned() || computeType.isBool();
  mlir::Value result;
  switch (op) {
  case BinaryOp::Add:
    result = isFloat ? mlir::Value(mlir::arith::AddFOp::create(builder, loc, x, y))
                     : mlir::Value(mlir::arith::AddIOp::create(builder, loc, x, y));
    break;
  case BinaryOp::Sub:
    result = isFloat ? mlir::Value(mlir::arith::SubFOp::create(builder, loc, x, y))
                     : mlir::Value(mlir::arith::SubIOp::create(builder, loc, x, y));
    break;
  case BinaryOp::Mul:
    result = isFloat ? mlir::Value(mlir::arith::MulFOp::create(builder, loc, x, y))
                     : mlir::Value(mlir::arith::MulIOp::create(builder, loc, x, y));
    break;
  case BinaryOp::Div:
    // Triton's '/' on fp32 is an approximate division (div.full.f32 on
    // NVIDIA, about 2 ulp); gl.div_rn is the IEEE one.
    result = mlir::arith::DivFOp::create(
        builder, loc, x, y,
        mlir::arith::FastMathFlagsAttr::get(
            builder.getContext(), computeType == DType::of(ScalarKind::F32)
                                      ? mlir::arith::FastMathFlags::afn
                                      : mlir::arith::FastMathFlags::none));
    break;
  case BinaryOp::FloorDiv:
    // Triton's integer '//' rounds toward zero, like C.
    if (isFloat)
      result = mlir::math::FloorOp::create(
          builder, loc, mlir::arith::DivFOp::create(builder, loc, x, y));
    else if (isUnsigned)
      result = mlir::arith::DivUIOp::create(builder, loc, x, y);
    else
      result = mlir::arith::DivSIOp::create(builder, loc, x, y);
    break;
  case BinaryOp::Mod:
    if (isFloat)
      result = mlir::arith::RemFOp::create(builder, loc, x, y);
    else if (isUnsigned)
      result = mlir::arith::RemUIOp::create(builder, loc, x, y);
    else
      result = mlir::arith::RemSIOp::create(builder, loc, x, y);
    break;
  case BinaryOp::LShift:
    result = mlir::arith::ShLIOp::create(builder, loc, x, y);
    break;
  case BinaryOp::RShift:
    result = isUnsigned
                 ? mlir::Value(mlir::arith::ShRUIOp::create(builder, loc, x, y))
                 : mlir::Value(mlir::arith::ShRSIOp::create(builder, loc, x, y));
    break;
  case BinaryOp::BitAnd:
    result = mlir::arith::AndIOp::create(builder, loc, x, y);
    break;
  case BinaryOp::BitOr:
    result = mlir::arith::OrIOp::create(builder, loc, x, y);
    break;
  case BinaryOp::BitXor:
    result = mlir::arith::XOrIOp::create(builder, loc, x, y);
    break;
  case BinaryOp::Pow:
  case BinaryOp::MatMul:
    break;
  }
  return RuntimeValue{result, computeType, a.shape, a.layout};
}

/// Python's `is`: containers are identical only to themselves; other
/// compile-time values when they are equal and of one type.
static bool isIdentical(CodeGen &gen, const Value &lhs, const Value &rhs,
                        SourceLoc loc) {
  auto identity = [](const Value &value) -> const void * {
    if (auto *tuple = value.getIf<std::shared_ptr<TupleValue>>())
      return tuple->get();
    if (auto *list = value.getIf<std::shared_ptr<ListValue>>())
      return list->get();
    if (auto *dict = value.getIf<std::shared_ptr<DictValue>>())
      return dict->get();
    return nullptr;
  };
  const void *a = identity(lhs), *b = identity(rhs);
  if (a || b)
    return a == b;
  return lhs.getTypeName() == rhs.getTypeName() &&
         gen.valuesEqual(lhs, rhs, loc);
}

static bool compareFolded(CompareOp op, int cmp) {
  switch (op) {
  case CompareOp::Eq:
  case CompareOp::Is:
    return cmp == 0;
  case CompareOp::NotEq:
  case CompareOp::IsNot:
    return cmp != 0;
  case CompareOp::Lt:
    return cmp < 0;
  case CompareOp::LtE:
    return cmp <= 0;
  case CompareOp::Gt:
    return cmp > 0;
  case CompareOp::GtE:
    return cmp >= 0;
  default:
    return false;
  }
}

Value CodeGen::compareOp(CompareOp op, const Value &lhs, const Value &rhs,
                         SourceLoc opLoc, SourceLoc lhsLoc, SourceLoc rhsLoc) {
  std::string spelling = getSpelling(op);
  if (!lhs.isRuntime() && !rhs.isRuntime()) {
    switch (op) {
    case CompareOp::In:
    case CompareOp::NotIn:
      return Value(contains(rhs, lhs, opLoc) == (op == CompareOp::In));
    case CompareOp::Is:
    case CompareOp::IsNot:
      return Value(isIdentical(*this, lhs, rhs, opLoc) ==
                   (op == CompareOp::Is));
    case CompareOp::Eq:
    case CompareOp::NotEq:
      return Value(valuesEqual(lhs, rhs, opLoc) == (op == CompareOp::Eq));
    default: {
      // NaN is unordered: every ordering comparison with it is false.
      std::optional<int> order = compareValues(lhs, rhs, opLoc, spelling);
      return Value(order && compareFolded(op, *order));
    }
    }
  }
  if (op == CompareOp::Is || op == CompareOp::IsNot) {
    // `x is None` on a tensor: a run-time value is only itself.
    bool same = lhs.isRuntime() && rhs.isRuntime() &&
                lhs.get<RuntimeValue>().value == rhs.get<RuntimeValue>().value;
    return Value(same == (op == CompareOp::Is));
  }
  if (op == CompareOp::In || op == CompareOp::NotIn)
    fail(opLoc, "'" + spelling + "' is not supported on run-time values");

  auto [a, b] = toRuntimePair(lhs, rhs, lhsLoc, rhsLoc);
  if (a.dtype.isPointer || b.dtype.isPointer)
    fail(opLoc, "not supported yet: comparing pointers");
  DType computeType = promote(a.dtype, b.dtype);
  if (computeType.isFloat8())
    fail(opLoc, "not supported yet: comparing " + computeType.getGluonName() +
                    " values");
  castAndBroadcast(a, b, computeType, opLoc, lhsLoc, rhsLoc);
  mlir::Location loc = getLoc(opLoc);
  mlir::Value result;
  if (computeType.isFloat()) {
    using P = mlir::arith::CmpFPredicate;
    P predicate = P::OEQ;
    switch (op) {
    case CompareOp::Eq: predicate = P::OEQ; break;
    case CompareOp::NotEq: predicate = P::UNE; break;
    case CompareOp::Lt: predicate = P::OLT; break;
    case CompareOp::LtE: predicate = P::OLE; break;
    case CompareOp::Gt: predicate = P::OGT; break;
    case CompareOp::GtE: predicate = P::OGE; break;
    default: break;
    }
    result = mlir::arith::CmpFOp::create(builder, loc, predicate, a.value,
                                         b.value);
  } else {
    using P = mlir::arith::CmpIPredicate;
    bool isUnsigned = computeType.isUnsigned() || computeType.isBool();
    P predicate = P::eq;
    switch (op) {
    case CompareOp::Eq: predicate = P::eq; break;
    case CompareOp::NotEq: predicate = P::ne; break;
    case CompareOp::Lt: predicate = isUnsigned ? P::ult : P::slt; break;
    case CompareOp::LtE: predicate = isUnsigned ? P::ule : P::sle; break;
    case CompareOp::Gt: predicate = isUnsigned ? P::ugt : P::sgt; break;
    case CompareOp::GtE: predicate = isUnsigned ? P::uge : P::sge; break;
    default: break;
    }
    result = mlir::arith::CmpIOp::create(builder, loc, predicate, a.value,
                                         b.value);
  }
  return RuntimeValue{result, DType::of(ScalarKind::I1), a.shape, a.layout};
}

Value CodeGen::unaryOp(UnaryOp op, const Value &operand, SourceLoc loc) {
  if (!operand.isRuntime()) {
    switch (op) {
    case UnaryOp::Not:
      return Value(!isTruthy(operand, loc));
    case UnaryOp::Pos:
      if (isNumber(operand))
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
  RuntimeValue value = operand.get<RuntimeValue>();
  if (value.dtype.isPointer)
    fail(loc, std::string("bad operand type for unary ") + getSpelling(op) +
                  ": " + value.dtype.getGluonName());
  mlir::Location mloc = getLoc(loc);
  switch (op) {
  case UnaryOp::Pos:
    return value;
  case UnaryOp::Neg:
    if (value.dtype.isFloat())
      return RuntimeValue{mlir::arith::NegFOp::create(builder, mloc, value.value),
                          value.dtype, value.shape, value.layout};
    return binaryOp(BinaryOp::Sub, Value(int64_t(0)), operand, loc, loc, loc);
  case UnaryOp::Invert: {
    if (value.dtype.isFloat())
      fail(loc, "bitwise '~' needs an integer operand, got " +
                    value.dtype.getGluonName());
    RuntimeValue ones = broadcastTo(makeConstant(value.dtype, 0, -1, loc),
                                    value.shape, value.layout, loc);
    return RuntimeValue{
        mlir::arith::XOrIOp::create(builder, mloc, value.value, ones.value),
        value.dtype, value.shape, value.layout};
  }
  case UnaryOp::Not: {
    RuntimeValue boolean = castTo(value, DType::of(ScalarKind::I1), loc);
    RuntimeValue ones = broadcastTo(
        makeConstant(DType::of(ScalarKind::I1), 0, 1, loc), boolean.shape,
        boolean.layout, loc);
    return RuntimeValue{
        mlir::arith::XOrIOp::create(builder, mloc, boolean.value, ones.value),
        boolean.dtype, boolean.shape, boolean.layout};
  }
  }
  return value;
}

//===----------------------------------------------------------------------===//
// Subscripts
//===----------------------------------------------------------------------===//

RuntimeValue CodeGen::expandDims(const RuntimeValue &value, int64_t axis,
                                 SourceLoc loc) {
  auto slice = mlir::dyn_cast_or_null<mlir::gluon::SliceLayoutAttr>(
      value.layout);
  if (!slice || static_cast<int64_t>(slice.getDim()) != axis)
    fail(loc, "cannot insert dimension " + std::to_string(axis) +
                  " into a tensor with layout " + describeLayout(value.layout) +
                  ": it needs SliceLayout(" + std::to_string(axis) +
                  ", parent), whose parent becomes the result's layout");
  std::vector<int64_t> shape = value.shape;
  shape.insert(shape.begin() + axis, 1);
  mlir::Attribute layout = slice.getParent();
  auto op = mlir::gluon::ExpandDimsOp::create(
      builder, getLoc(loc), getMLIRType(value.dtype, shape, layout),
      value.value, builder.getI32IntegerAttr(axis));
  return RuntimeValue{op, value.dtype, shape, layout};
}

Value CodeGen::subscript(const Value &object, const Expr &index,
                         SourceLoc loc) {
  if (auto *runtime = object.getIf<RuntimeValue>()) {
    if (runtime->isScalar())
      fail(loc, "a scalar cannot be indexed");
    // x[:, None], x[None, :]: full slices keep a dimension, None adds one.
    std::vector<const Expr *> items;
    if (auto *tuple = gluonc::dyn_cast<TupleExpr>(&index))
      for (const ExprPtr &element : tuple->elts)
        items.push_back(element.get());
    else
      items.push_back(&index);
    RuntimeValue result = *runtime;
    int64_t dim = 0;
    size_t kept = 0;
    for (const Expr *item : items) {
      if (gluonc::isa<NoneLiteralExpr>(item)) {
        result = expandDims(result, dim, item->loc);
        ++dim;
        continue;
      }
      auto *slice = gluonc::dyn_cast<SliceExpr>(item);
      if (slice && !slice->lower && !slice->upper && !slice->step) {
        ++dim;
        ++kept;
        continue;
      }
      fail(*item, "not supported yet: indexing a tensor with anything but "
                  "':' and None");
    }
    if (kept != runtime->shape.size())
      fail(loc, "the index has " + std::to_string(kept) +
                    " ':' entries but the tensor has " +
                    std::to_string(runtime->shape.size()) + " dimensions");
    return result;
  }

  if (auto *sliceExpr = gluonc::dyn_cast<SliceExpr>(&index))
    return slice(object, *sliceExpr, loc);
  Value key = evaluate(index);
  return getItem(object, key, index.loc, loc);
}

//===----------------------------------------------------------------------===//
// Expressions
//===----------------------------------------------------------------------===//

Value CodeGen::evaluateIntLiteral(const IntLiteralExpr &literal) {
  const IntLiteralValue &value = literal.value;
  if (!value.overflowsInt64)
    return Value(value.value);
  // Refuse digits that cannot fit before spending time on them.
  uint64_t bitsPerDigit =
      value.base == 2 ? 1 : value.base == 8 ? 3 : value.base == 16 ? 4 : 0;
  uint64_t maxDigits = bitsPerDigit
                           ? kMaxCompileTimeIntBits / bitsPerDigit + 1
                           : kMaxCompileTimeIntBits * 30103 / 100000 + 1;
  std::string tooWide = "an integer literal wider than " +
                        std::to_string(kMaxCompileTimeIntBits) + " bits";
  if (value.digits.size() > maxDigits)
    fail(literal, tooWide);
  // Parsing multiplies the value so far by the base for each digit.
  countSteps(literal.loc,
             value.digits.size() * (value.digits.size() / 8 + 1) / 64);
  std::optional<BigInt> parsed = BigInt::fromDigits(value.digits, value.base);
  if (!parsed)
    fail(literal, "invalid integer literal");
  if (parsed->bitLength() > kMaxCompileTimeIntBits)
    fail(literal, tooWide);
  return Value::integer(*parsed);
}

std::vector<Value> CodeGen::evaluateElements(const ExprList &elements,
                                             std::vector<SourceLoc> *locs) {
  std::vector<Value> values;
  for (const ExprPtr &element : elements) {
    if (auto *starred = gluonc::dyn_cast<StarredExpr>(element.get())) {
      Value iterable = evaluate(*starred->value);
      for (Value &item :
           iterate(iterable, starred->value->loc, "the operand of '*'")) {
        values.push_back(std::move(item));
        if (locs)
          locs->push_back(element->loc);
      }
      continue;
    }
    values.push_back(evaluate(*element));
    if (locs)
      locs->push_back(element->loc);
  }
  return values;
}

Value CodeGen::evaluateDict(const DictExpr &dictExpr) {
  Value dict = makeDict(/*isSet=*/false, dictExpr.loc);
  for (size_t i = 0; i < dictExpr.keys.size(); ++i) {
    const Expr &valueExpr = *dictExpr.values[i];
    if (!dictExpr.keys[i]) {
      // `{**other}`
      Value other = evaluate(valueExpr);
      const DictValue *entries = other.getDict();
      if (!other.isDict())
        fail(valueExpr, "'**' in a dict display needs a dict, got " +
                            other.getTypeName());
      for (size_t j = 0; j < entries->keys.size(); ++j)
        dictInsert(dict, entries->keys[j], entries->values[j], valueExpr.loc);
      continue;
    }
    Value key = evaluate(*dictExpr.keys[i]);
    dictInsert(dict, key, evaluate(valueExpr), dictExpr.keys[i]->loc);
  }
  return dict;
}

Value CodeGen::evaluateCall(const CallExpr &callExpr, const Value &callee) {
  CallArgs args;
  args.callLoc = callExpr.loc;
  args.positional =
      evaluateElements(callExpr.args, &args.positionalLocs);
  auto addKeyword = [&](const std::string &name, Value value,
                        SourceLoc loc) {
    for (const KeywordArg &seen : args.keywords)
      if (seen.name == name)
        fail(loc, "keyword argument '" + name + "' repeated");
    args.keywords.push_back({name, std::move(value), loc});
  };
  for (const Keyword &keyword : callExpr.keywords) {
    Value value = evaluate(*keyword.value);
    if (!keyword.name.empty()) {
      addKeyword(keyword.name, std::move(value), keyword.loc);
      continue;
    }
    // `**mapping`
    const DictValue *entries = value.getDict();
    if (!value.isDict())
      fail(*keyword.value, "the argument after '**' must be a dict, got " +
                               value.getTypeName());
    for (size_t i = 0; i < entries->keys.size(); ++i) {
      auto *name = entries->keys[i].getIf<std::string>();
      if (!name)
        fail(*keyword.value, "keywords must be strings, got " +
                                 entries->keys[i].toString());
      addKeyword(*name, entries->values[i], keyword.loc);
    }
  }
  return call(callee, args, callExpr.loc);
}

Value CodeGen::evaluate(const Expr &expr) {
  countStep(expr.loc);
  switch (expr.getKind()) {
  case NodeKind::Name:
    return lookup(gluonc::cast<NameExpr>(&expr)->id, expr.getRange());
  case NodeKind::IntLiteral:
    return evaluateIntLiteral(*gluonc::cast<IntLiteralExpr>(&expr));
  case NodeKind::FloatLiteral:
    return Value(gluonc::cast<FloatLiteralExpr>(&expr)->value);
  case NodeKind::StringLiteral: {
    auto &literal = *gluonc::cast<StringLiteralExpr>(&expr);
    if (literal.isBytes)
      fail(expr, "not supported yet: bytes literals");
    return makeString(literal.value, expr.loc);
  }
  case NodeKind::BoolLiteral:
    return Value(gluonc::cast<BoolLiteralExpr>(&expr)->value);
  case NodeKind::NoneLiteral:
    return Value();
  case NodeKind::Tuple:
    return makeTuple(evaluateElements(gluonc::cast<TupleExpr>(&expr)->elts),
                     expr.loc);
  case NodeKind::List:
    return makeList(evaluateElements(gluonc::cast<ListExpr>(&expr)->elts),
                    expr.loc);
  case NodeKind::Set: {
    Value set = makeDict(/*isSet=*/true, expr.loc);
    for (const Value &element :
         evaluateElements(gluonc::cast<SetExpr>(&expr)->elts))
      dictInsert(set, element, Value(), expr.loc);
    return set;
  }
  case NodeKind::Dict:
    return evaluateDict(*gluonc::cast<DictExpr>(&expr));
  case NodeKind::Attribute: {
    auto &attribute = *gluonc::cast<AttributeExpr>(&expr);
    Value object = evaluate(*attribute.value);
    if (std::optional<Value> method = getMethod(object, attribute.attr))
      return *method;
    return getAttribute(object, attribute.attr, attribute.attrLoc);
  }
  case NodeKind::Subscript: {
    auto &sub = *gluonc::cast<SubscriptExpr>(&expr);
    return subscript(evaluate(*sub.value), *sub.index, expr.loc);
  }
  case NodeKind::Call: {
    auto &callExpr = *gluonc::cast<CallExpr>(&expr);
    return evaluateCall(callExpr, evaluate(*callExpr.func));
  }
  case NodeKind::BinOp: {
    auto &bin = *gluonc::cast<BinOpExpr>(&expr);
    Value lhs = evaluate(*bin.lhs);
    Value rhs = evaluate(*bin.rhs);
    return binaryOp(bin.op, lhs, rhs, bin.opLoc, bin.lhs->loc, bin.rhs->loc);
  }
  case NodeKind::UnaryOp: {
    auto &unary = *gluonc::cast<UnaryOpExpr>(&expr);
    return unaryOp(unary.op, evaluate(*unary.operand), expr.loc);
  }
  case NodeKind::BoolOp: {
    // Python's short-circuit semantics, on compile-time values only.
    auto &boolOp = *gluonc::cast<BoolOpExpr>(&expr);
    Value result;
    for (const ExprPtr &operand : boolOp.values) {
      result = evaluate(*operand);
      if (result.isRuntime())
        fail(*operand, std::string("'") + getSpelling(boolOp.op) +
                           "' needs compile-time operands; use '" +
                           (boolOp.op == BoolOp::And ? "&" : "|") +
                           "' on run-time values");
      bool truth = isTruthy(result, operand->loc);
      if (boolOp.op == BoolOp::And ? !truth : truth)
        return result;
    }
    return result;
  }
  case NodeKind::Compare: {
    auto &compare = *gluonc::cast<CompareExpr>(&expr);
    Value lhs = evaluate(*compare.left);
    SourceLoc lhsLoc = compare.left->loc;
    Value result;
    for (size_t i = 0; i < compare.ops.size(); ++i) {
      Value rhs = evaluate(*compare.comparators[i]);
      Value step = compareOp(compare.ops[i], lhs, rhs, compare.opLocs[i],
                             lhsLoc, compare.comparators[i]->loc);
      if (i == 0) {
        result = step;
      } else if (result.isRuntime() || step.isRuntime()) {
        fail(compare.opLocs[i], "not supported yet: chained comparisons "
                                "of run-time values");
      } else if (!isTruthy(result, expr.loc)) {
        return result;
      } else {
        result = step;
      }
      lhs = rhs;
      lhsLoc = compare.comparators[i]->loc;
    }
    return result;
  }
  case NodeKind::IfExp: {
    auto &ifExp = *gluonc::cast<IfExpr>(&expr);
    Value test = evaluate(*ifExp.test);
    if (test.isRuntime())
      fail(*ifExp.test, "the condition of 'x if c else y' must be a "
                        "compile-time value; use gl.where on run-time values");
    return evaluate(isTruthy(test, ifExp.test->loc) ? *ifExp.body
                                                    : *ifExp.orelse);
  }
  case NodeKind::ListComp:
  case NodeKind::SetComp:
  case NodeKind::DictComp:
  case NodeKind::GeneratorExp:
    return evaluateComprehension(expr);
  case NodeKind::FString:
    return evaluateFString(*gluonc::cast<FStringExpr>(&expr));
  case NodeKind::NamedExpr: {
    auto &named = *gluonc::cast<NamedExpr>(&expr);
    Value value = evaluate(*named.value);
    bind(named.target->id, value);
    return value;
  }
  case NodeKind::Starred:
    fail(expr, "'*' unpacking is only allowed in calls, tuples, lists and "
               "sets");
  case NodeKind::Slice:
    fail(expr, "not supported yet: a slice here");
  case NodeKind::Lambda:
    fail(expr, "not supported yet: lambda; define a @gluon.jit or "
               "@gluon.constexpr_function helper");
  case NodeKind::EllipsisLiteral:
    fail(expr, "not supported yet: '...'");
  default:
    fail(expr, "not supported yet: this expression in a kernel");
  }
}
