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
  if (auto *d = value.getIf<double>())
    return *d != 0.0;
  if (auto *s = value.getIf<std::string>())
    return !s->empty();
  if (value.isNone())
    return false;
  if (const std::vector<Value> *sequence = value.getSequence())
    return !sequence->empty();
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
  fail(loc, what + " must be a compile-time integer, got " +
                (value.isRuntime() ? "a run-time " + value.getTypeName()
                                   : value.getTypeName() + " " +
                                         value.toString()));
}

RuntimeValue CodeGen::requireRuntime(const Value &value, SourceLoc loc,
                                     const std::string &what) {
  if (auto *runtime = value.getIf<RuntimeValue>())
    return *runtime;
  if (value.is<int64_t>() || value.is<double>() || value.is<bool>())
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
  if (auto *d = value.getIf<double>()) {
    DType dtype = like && like->isFloat() ? *like : DType::of(ScalarKind::F32);
    return makeConstant(dtype, *d, 0, loc);
  }
  fail(loc, "expected a tensor or a number, got " + value.getTypeName() +
                " " + value.toString());
}

RuntimeValue CodeGen::castTo(const RuntimeValue &value, DType dtype,
                             SourceLoc loc) {
  if (value.dtype == dtype)
    return value;
  if (value.dtype.isPointer || dtype.isPointer)
    fail(loc, "cannot convert " + value.dtype.getGluonName() + " to " +
                  dtype.getGluonName());
  if (value.dtype.isFloat8() || dtype.isFloat8())
    fail(loc, "not supported yet: converting " + value.dtype.getGluonName() +
                  " to " + dtype.getGluonName());
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

static std::string shapeToString(const std::vector<int64_t> &shape) {
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
                  shapeToString(value.shape) + " to " + shapeToString(shape));
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
                 rhsLoc, "the right operand; both operands need the same "
                         "layout");
  if (lhs.shape.size() != rhs.shape.size())
    fail(opLoc, "shape mismatch: " + shapeToString(lhs.shape) + " and " +
                    shapeToString(rhs.shape) + " have different ranks");
  std::vector<int64_t> shape(lhs.shape.size());
  for (size_t d = 0; d < shape.size(); ++d) {
    int64_t a = lhs.shape[d], b = rhs.shape[d];
    if (a != b && a != 1 && b != 1)
      fail(opLoc, "shape mismatch: " + shapeToString(lhs.shape) + " and " +
                      shapeToString(rhs.shape) + " cannot be broadcast");
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
  return value.is<int64_t>() || value.is<double>() || value.is<bool>();
}

double asDouble(const Value &value) {
  if (auto *i = value.getIf<int64_t>())
    return static_cast<double>(*i);
  if (auto *b = value.getIf<bool>())
    return *b ? 1.0 : 0.0;
  return value.get<double>();
}

int64_t asInt(const Value &value) {
  if (auto *b = value.getIf<bool>())
    return *b;
  return value.get<int64_t>();
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

static std::optional<Value> foldIntOp(CodeGen &gen, BinaryOp op, int64_t a,
                                      int64_t b, SourceLoc loc) {
  int64_t result = 0;
  bool overflow = false;
  switch (op) {
  case BinaryOp::Add:
    overflow = __builtin_add_overflow(a, b, &result);
    break;
  case BinaryOp::Sub:
    overflow = __builtin_sub_overflow(a, b, &result);
    break;
  case BinaryOp::Mul:
    overflow = __builtin_mul_overflow(a, b, &result);
    break;
  case BinaryOp::FloorDiv:
  case BinaryOp::Mod:
    if (b == 0)
      gen.fail(loc, "integer division by zero");
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
    for (int64_t exponent = b; exponent > 0 && !overflow; exponent >>= 1) {
      if (exponent & 1)
        overflow = __builtin_mul_overflow(result, base, &result);
      if (exponent > 1 && !overflow)
        overflow = __builtin_mul_overflow(base, base, &base);
    }
    break;
  }
  case BinaryOp::LShift:
    if (b < 0)
      gen.fail(loc, "negative shift count");
    overflow = b >= 63 || (a != 0 && (a > (INT64_MAX >> b) ||
                                      a < (INT64_MIN >> b)));
    result = overflow ? 0 : a * (int64_t(1) << b);
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
  if (overflow)
    gen.fail(loc, "not supported yet: integers beyond 64 bits");
  return Value(result);
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
  case BinaryOp::Pow:
    if (a == 0.0 && b < 0)
      gen.fail(loc, "0.0 cannot be raised to a negative power");
    return Value(std::pow(a, b));
  default:
    return std::nullopt;
  }
}

static std::optional<Value> foldSequenceOp(CodeGen &gen, BinaryOp op,
                                           const Value &lhs, const Value &rhs,
                                           SourceLoc loc) {
  if (auto *a = lhs.getIf<std::string>()) {
    auto checkSize = [&](uint64_t bytes) {
      if (bytes > kMaxCompileTimeStringBytes)
        gen.fail(loc, "a compile-time string would exceed " +
                          std::to_string(kMaxCompileTimeStringBytes) +
                          " bytes");
    };
    if (auto *b = rhs.getIf<std::string>(); b && op == BinaryOp::Add) {
      checkSize(uint64_t(a->size()) + b->size());
      return Value(*a + *b);
    }
    if (auto *n = rhs.getIf<int64_t>(); n && op == BinaryOp::Mul) {
      if (*n <= 0 || a->empty())
        return Value(std::string());
      checkSize(*n > int64_t(kMaxCompileTimeStringBytes)
                    ? uint64_t(kMaxCompileTimeStringBytes) + 1
                    : uint64_t(*n) * a->size());
      std::string result;
      for (int64_t i = 0; i < *n; ++i)
        result += *a;
      return Value(result);
    }
  }
  const std::vector<Value> *a = lhs.getSequence(), *b = rhs.getSequence();
  if (a && b && op == BinaryOp::Add && lhs.isTuple() == rhs.isTuple()) {
    std::vector<Value> joined = *a;
    joined.insert(joined.end(), b->begin(), b->end());
    return lhs.isTuple() ? Value::tuple(joined) : Value::list(joined);
  }
  return std::nullopt;
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
        folded = foldFloatOp(*this, op, asDouble(lhs), asDouble(rhs), opLoc);
      else
        folded = foldIntOp(*this, op, asInt(lhs), asInt(rhs), opLoc);
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
    result = mlir::arith::DivFOp::create(builder, loc, x, y);
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
    if (op == CompareOp::In || op == CompareOp::NotIn) {
      const std::vector<Value> *sequence = rhs.getSequence();
      if (!sequence)
        fail(opLoc, "'in' needs a tuple or a list on the right, got " +
                        rhs.getTypeName());
      bool found = false;
      for (const Value &element : *sequence)
        found |= element.getTypeName() == lhs.getTypeName() &&
                 element.toString() == lhs.toString();
      return Value(op == CompareOp::In ? found : !found);
    }
    if (isNumber(lhs) && isNumber(rhs)) {
      double a = asDouble(lhs), b = asDouble(rhs);
      if (!lhs.is<double>() && !rhs.is<double>()) {
        int64_t x = asInt(lhs), y = asInt(rhs);
        return Value(compareFolded(op, x < y ? -1 : x > y ? 1 : 0));
      }
      return Value(compareFolded(op, a < b ? -1 : a > b ? 1 : 0));
    }
    bool equal = lhs.getTypeName() == rhs.getTypeName() &&
                 lhs.toString() == rhs.toString();
    if (op == CompareOp::Eq || op == CompareOp::Is)
      return Value(equal);
    if (op == CompareOp::NotEq || op == CompareOp::IsNot)
      return Value(!equal);
    auto *a = lhs.getIf<std::string>(), *b = rhs.getIf<std::string>();
    if (a && b)
      return Value(compareFolded(op, a->compare(*b)));
    fail(opLoc, "'" + spelling + "' is not supported between '" +
                    lhs.getTypeName() + "' and '" + rhs.getTypeName() + "'");
  }
  if (op == CompareOp::In || op == CompareOp::NotIn || op == CompareOp::Is ||
      op == CompareOp::IsNot)
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
        return operand.is<bool>() ? Value(asInt(operand)) : operand;
      break;
    case UnaryOp::Neg:
      if (operand.is<double>())
        return Value(-operand.get<double>());
      if (isNumber(operand)) {
        int64_t value = asInt(operand);
        if (value == INT64_MIN)
          fail(loc, "not supported yet: integers beyond 64 bits");
        return Value(-value);
      }
      break;
    case UnaryOp::Invert:
      if (operand.is<int64_t>() || operand.is<bool>())
        return Value(~asInt(operand));
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

  Value key = evaluate(index);
  if (const std::vector<Value> *sequence = object.getSequence()) {
    int64_t i = requireInt(key, index.loc, "an index");
    int64_t size = static_cast<int64_t>(sequence->size());
    if (i < 0)
      i += size;
    if (i < 0 || i >= size)
      fail(index.loc, object.getTypeName() + " index " +
                          std::to_string(requireInt(key, index.loc, "")) +
                          " out of range for " + std::to_string(size) +
                          " elements");
    return (*sequence)[i];
  }
  if (auto *text = object.getIf<std::string>()) {
    int64_t i = requireInt(key, index.loc, "an index");
    int64_t size = static_cast<int64_t>(text->size());
    if (i < 0)
      i += size;
    if (i < 0 || i >= size)
      fail(index.loc, "string index out of range");
    return Value(std::string(1, (*text)[i]));
  }
  fail(loc, "'" + object.getTypeName() + "' object is not subscriptable");
}

//===----------------------------------------------------------------------===//
// Expressions
//===----------------------------------------------------------------------===//

Value CodeGen::evaluate(const Expr &expr) {
  countStep(expr.loc);
  switch (expr.getKind()) {
  case NodeKind::Name:
    return lookup(gluonc::cast<NameExpr>(&expr)->id, expr.getRange());
  case NodeKind::IntLiteral: {
    const IntLiteralValue &literal = gluonc::cast<IntLiteralExpr>(&expr)->value;
    if (literal.overflowsInt64)
      fail(expr, "not supported yet: integers beyond 64 bits");
    return Value(literal.value);
  }
  case NodeKind::FloatLiteral:
    return Value(gluonc::cast<FloatLiteralExpr>(&expr)->value);
  case NodeKind::StringLiteral: {
    auto &literal = *gluonc::cast<StringLiteralExpr>(&expr);
    if (literal.isBytes)
      fail(expr, "not supported yet: bytes literals");
    return Value(literal.value);
  }
  case NodeKind::BoolLiteral:
    return Value(gluonc::cast<BoolLiteralExpr>(&expr)->value);
  case NodeKind::NoneLiteral:
    return Value();
  case NodeKind::Tuple:
  case NodeKind::List: {
    const ExprList &elements =
        expr.getKind() == NodeKind::Tuple
            ? gluonc::cast<TupleExpr>(&expr)->elts
            : gluonc::cast<ListExpr>(&expr)->elts;
    std::vector<Value> values;
    for (const ExprPtr &element : elements) {
      if (gluonc::isa<StarredExpr>(element.get()))
        fail(*element, "not supported yet: '*' unpacking");
      values.push_back(evaluate(*element));
    }
    return expr.getKind() == NodeKind::Tuple ? Value::tuple(values)
                                             : Value::list(values);
  }
  case NodeKind::Attribute: {
    auto &attribute = *gluonc::cast<AttributeExpr>(&expr);
    Value object = evaluate(*attribute.value);
    return getAttribute(object, attribute.attr, attribute.attrLoc);
  }
  case NodeKind::Subscript: {
    auto &sub = *gluonc::cast<SubscriptExpr>(&expr);
    return subscript(evaluate(*sub.value), *sub.index, expr.loc);
  }
  case NodeKind::Call: {
    auto &callExpr = *gluonc::cast<CallExpr>(&expr);
    Value callee = evaluate(*callExpr.func);
    CallArgs args;
    args.callLoc = expr.loc;
    for (const ExprPtr &arg : callExpr.args) {
      if (gluonc::isa<StarredExpr>(arg.get()))
        fail(*arg, "not supported yet: '*' arguments");
      args.positional.push_back(evaluate(*arg));
      args.positionalLocs.push_back(arg->loc);
    }
    for (const Keyword &keyword : callExpr.keywords) {
      if (keyword.name.empty())
        fail(keyword.loc, "not supported yet: '**' arguments");
      for (const KeywordArg &seen : args.keywords)
        if (seen.name == keyword.name)
          fail(keyword.loc, "keyword argument '" + keyword.name +
                                "' repeated");
      args.keywords.push_back(
          {keyword.name, evaluate(*keyword.value), keyword.loc});
    }
    return call(callee, args, expr.loc);
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
  case NodeKind::FString:
    fail(expr, "not supported yet: f-strings");
  case NodeKind::EllipsisLiteral:
    fail(expr, "not supported yet: '...'");
  default:
    fail(expr, "not supported yet: this expression in a kernel");
  }
}
