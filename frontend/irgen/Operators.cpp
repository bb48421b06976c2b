//===- Operators.cpp - Operators and conversions on run-time values -------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Python's operators where an operand is known only at run time, with
// Triton's semantics: a literal takes the dtype of the run-time operand
// beside it, operands are promoted (DType.h) and broadcast numpy-style, and
// each operator becomes the arith op of the promoted type's signedness
// (Arith.h). Pointers take integer offsets. Casts between every pair of
// dtypes, float8 through fp32.
//
//===----------------------------------------------------------------------===//

#include "Arith.h"
#include "IRGen.h"

#include "gluonc/IR/Dialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"

#include <cmath>
#include <functional>
#include <limits>

using namespace gluonc;
using namespace gluonc::frontend;

//===----------------------------------------------------------------------===//
// Run-time values
//===----------------------------------------------------------------------===//

RuntimeValue IRGen::requireRuntime(const Value &value, SourceLoc loc,
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

mlir::Type IRGen::getMLIRType(DType dtype, const std::vector<int64_t> &shape,
                                mlir::Attribute layout) {
  mlir::Type element = dtype.toMLIR(&context);
  if (shape.empty())
    return element;
  return mlir::RankedTensorType::get(shape, element, layout);
}

mlir::Type IRGen::getMLIRType(const RuntimeValue &value) {
  return getMLIRType(value.dtype, value.shape, value.layout);
}

RuntimeValue IRGen::makeConstant(DType dtype, double floatValue,
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

RuntimeValue IRGen::toRuntime(const Value &value, SourceLoc loc,
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

/// Conversions from and to float8 go through fp32, with the target's
/// conversion (round to nearest, saturating to the largest finite value as
/// Triton's does) between fp32 and float8; on NVIDIA sm_89 and newer have
/// it (ArchFeatures::float8Conversion).
RuntimeValue IRGen::castFloat8(const RuntimeValue &value, DType dtype,
                                 SourceLoc loc) {
  DType f32 = DType::of(ScalarKind::F32);
  if (!getArch().features.float8Conversion)
    fail(loc, "converting " + value.dtype.getGluonName() + " to " +
                  dtype.getGluonName() + " needs sm_89 or newer, not " +
                  getArch().name);
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

RuntimeValue IRGen::castTo(const RuntimeValue &value, DType dtype,
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
    else if (getSignedness(from) == Signedness::Unsigned)
      result = mlir::arith::ExtUIOp::create(builder, mloc, target, v);
    else
      result = mlir::arith::ExtSIOp::create(builder, mloc, target, v);
  } else if (from.isInt() && dtype.isFloat()) {
    if (getSignedness(from) == Signedness::Unsigned)
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

RuntimeValue IRGen::bitcastTo(const RuntimeValue &value, DType dtype,
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

RuntimeValue IRGen::broadcastTo(const RuntimeValue &value,
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
  if (isAutoLayout(value.layout) && !isAutoLayout(layout))
    return broadcastTo(setAutoLayout(value, layout, loc), shape, layout, loc);
  if (value.layout != layout)
    fail(loc, "layout mismatch: cannot broadcast a tensor with layout " +
                  describeLayout(value.layout) + " to layout " +
                  describeLayout(layout));
  bool compatible = value.shape.size() == shape.size();
  for (size_t d = 0; compatible && d < shape.size(); ++d)
    compatible = value.shape[d] == shape[d] || value.shape[d] == 1;
  if (!compatible)
    fail(loc, "cannot broadcast a tensor of shape " + listText(value.shape) +
                  " to " + listText(shape));
  auto bcast =
      mlir::gluon::BroadcastOp::create(builder, mloc, type, value.value);
  return RuntimeValue{bcast, value.dtype, shape, layout};
}

void IRGen::broadcastPair(RuntimeValue &lhs, RuntimeValue &rhs,
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
  unifyAutoLayouts(lhs, lhsLoc, rhs, rhsLoc);
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
    fail(opLoc, "shape mismatch: " + listText(lhs.shape) + " and " +
                    listText(rhs.shape) + " have different ranks");
  std::vector<int64_t> shape(lhs.shape.size());
  for (size_t d = 0; d < shape.size(); ++d) {
    int64_t a = lhs.shape[d], b = rhs.shape[d];
    if (a != b && a != 1 && b != 1)
      fail(opLoc, "shape mismatch: " + listText(lhs.shape) + " and " +
                      listText(rhs.shape) + " cannot be broadcast");
    shape[d] = std::max(a, b);
  }
  lhs = broadcastTo(lhs, shape, lhs.layout, lhsLoc);
  rhs = broadcastTo(rhs, shape, rhs.layout, rhsLoc);
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
IRGen::toRuntimePair(const Value &lhs, const Value &rhs, SourceLoc lhsLoc,
                       SourceLoc rhsLoc) {
  RuntimeValue a = toRuntime(lhs, lhsLoc, literalPeer(rhs));
  RuntimeValue b = toRuntime(rhs, rhsLoc, literalPeer(lhs));
  return {a, b};
}

void IRGen::castAndBroadcast(RuntimeValue &lhs, RuntimeValue &rhs,
                               DType dtype, SourceLoc opLoc, SourceLoc lhsLoc,
                               SourceLoc rhsLoc) {
  lhs = castTo(lhs, dtype, lhsLoc);
  rhs = castTo(rhs, dtype, rhsLoc);
  broadcastPair(lhs, rhs, opLoc, lhsLoc, rhsLoc);
}

void IRGen::checkDefinedIntegerOp(BinaryOp op, const Value &rhs,
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

Value IRGen::emitPointerArithmetic(BinaryOp op, RuntimeValue a,
                                  RuntimeValue b, SourceLoc opLoc,
                                  SourceLoc lhsLoc, SourceLoc rhsLoc) {
  bool lhsIsPointer = a.dtype.isPointer;
  RuntimeValue ptr = lhsIsPointer ? a : b;
  RuntimeValue offset = lhsIsPointer ? b : a;
  bool valid = (op == BinaryOp::Add || (op == BinaryOp::Sub && lhsIsPointer)) &&
               offset.dtype.isInt() && !offset.dtype.isPointer;
  if (!valid)
    fail(opLoc, std::string("unsupported operand types for ") +
                    getSpelling(op) + ": " + a.dtype.getGluonName() +
                    " and " + b.dtype.getGluonName());
  mlir::Location loc = getLoc(opLoc);
  if (op == BinaryOp::Sub) {
    RuntimeValue zero = makeConstant(offset.dtype, 0, 0, opLoc);
    zero = broadcastTo(zero, offset.shape, offset.layout, opLoc);
    offset.value = mlir::arith::SubIOp::create(builder, loc, zero.value,
                                               offset.value);
  }
  SourceLoc ptrLoc = lhsIsPointer ? lhsLoc : rhsLoc;
  SourceLoc offsetLoc = lhsIsPointer ? rhsLoc : lhsLoc;
  broadcastPair(ptr, offset, opLoc, ptrLoc, offsetLoc);
  auto addPtr = mlir::gluon::AddPtrOp::create(builder, loc, getMLIRType(ptr),
                                              ptr.value, offset.value);
  return RuntimeValue{addPtr, ptr.dtype, ptr.shape, ptr.layout};
}

Value IRGen::runtimeBinaryOp(BinaryOp op, const Value &lhs, const Value &rhs,
                             SourceLoc opLoc, SourceLoc lhsLoc,
                             SourceLoc rhsLoc) {
  std::string spelling = getSpelling(op);
  auto [a, b] = toRuntimePair(lhs, rhs, lhsLoc, rhsLoc);
  if (a.dtype.isPointer || b.dtype.isPointer)
    return emitPointerArithmetic(op, a, b, opLoc, lhsLoc, rhsLoc);

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

  namespace arith = mlir::arith;
  mlir::Location loc = getLoc(opLoc);
  mlir::Value x = a.value, y = b.value;
  mlir::Value result;
  switch (op) {
  case BinaryOp::Add:
    result = createArithOp<arith::AddFOp, arith::AddIOp, arith::AddIOp>(
        builder, loc, computeType, x, y);
    break;
  case BinaryOp::Sub:
    result = createArithOp<arith::SubFOp, arith::SubIOp, arith::SubIOp>(
        builder, loc, computeType, x, y);
    break;
  case BinaryOp::Mul:
    result = createArithOp<arith::MulFOp, arith::MulIOp, arith::MulIOp>(
        builder, loc, computeType, x, y);
    break;
  case BinaryOp::Div:
    // Triton's '/' on fp32 is an approximate division (div.full.f32 on
    // NVIDIA, about 2 ulp); gl.div_rn is the IEEE one.
    result = arith::DivFOp::create(
        builder, loc, x, y,
        arith::FastMathFlagsAttr::get(
            builder.getContext(), computeType == DType::of(ScalarKind::F32)
                                      ? arith::FastMathFlags::afn
                                      : arith::FastMathFlags::none));
    break;
  case BinaryOp::FloorDiv:
    // Triton's integer '//' rounds toward zero, like C.
    if (computeType.isFloat())
      result = mlir::math::FloorOp::create(
          builder, loc, arith::DivFOp::create(builder, loc, x, y));
    else
      result = createArithOp<arith::DivFOp, arith::DivUIOp, arith::DivSIOp>(
          builder, loc, computeType, x, y);
    break;
  case BinaryOp::Mod:
    result = createArithOp<arith::RemFOp, arith::RemUIOp, arith::RemSIOp>(
        builder, loc, computeType, x, y);
    break;
  case BinaryOp::LShift:
    result = arith::ShLIOp::create(builder, loc, x, y);
    break;
  case BinaryOp::RShift:
    // Integers only (checked above): the float op is never taken.
    result = createArithOp<arith::ShRUIOp, arith::ShRUIOp, arith::ShRSIOp>(
        builder, loc, computeType, x, y);
    break;
  case BinaryOp::BitAnd:
    result = arith::AndIOp::create(builder, loc, x, y);
    break;
  case BinaryOp::BitOr:
    result = arith::OrIOp::create(builder, loc, x, y);
    break;
  case BinaryOp::BitXor:
    result = arith::XOrIOp::create(builder, loc, x, y);
    break;
  case BinaryOp::Pow:
  case BinaryOp::MatMul:
    break;
  }
  return RuntimeValue{result, computeType, a.shape, a.layout};
}

Value IRGen::runtimeCompareOp(CompareOp op, const Value &lhs,
                              const Value &rhs, SourceLoc opLoc,
                              SourceLoc lhsLoc, SourceLoc rhsLoc) {
  std::string spelling = getSpelling(op);
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
    P predicate = P::eq;
    switch (op) {
    case CompareOp::Eq: predicate = P::eq; break;
    case CompareOp::NotEq: predicate = P::ne; break;
    case CompareOp::Lt: predicate = P::slt; break;
    case CompareOp::LtE: predicate = P::sle; break;
    case CompareOp::Gt: predicate = P::sgt; break;
    case CompareOp::GtE: predicate = P::sge; break;
    default: break;
    }
    result = mlir::arith::CmpIOp::create(
        builder, loc, getIntegerPredicate(predicate, computeType), a.value,
        b.value);
  }
  return RuntimeValue{result, DType::of(ScalarKind::I1), a.shape, a.layout};
}

Value IRGen::runtimeUnaryOp(UnaryOp op, const Value &operand, SourceLoc loc) {
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
      return RuntimeValue{
          mlir::arith::NegFOp::create(builder, mloc, value.value), value.dtype,
          value.shape, value.layout};
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

void IRGen::refuseAutoLayouts(const BoundArgs &args) {
  std::function<void(const Value &, SourceLoc)> check = [&](const Value &value,
                                                            SourceLoc loc) {
    // Tuples and lists of tensors too (gl.reduce((x, y), ...)).
    if (const std::vector<Value> *items = value.getSequence()) {
      for (const Value &item : *items)
        check(item, loc);
      return;
    }
    auto *tensor = value.getIf<RuntimeValue>();
    if (tensor && !tensor->isScalar() && isAutoLayout(tensor->layout))
      fail(loc, args.getBuiltin().getShortName() +
                    " needs a tensor with a concrete layout, got one in "
                    "AutoLayout: give it a layout with "
                    "gl.set_auto_layout(value, layout)");
  };
  const CallArgs &call = args.getCallArgs();
  if (args.getBuiltin().kind == Builtin::Kind::Method)
    check(args.self(), call.callLoc);
  for (size_t i = 0; i < call.positional.size(); ++i)
    check(call.positional[i], call.positionalLocs[i]);
  for (const KeywordArg &keyword : call.keywords)
    check(keyword.value, keyword.loc);
}

void IRGen::unifyAutoLayouts(RuntimeValue &lhs, SourceLoc lhsLoc,
                             RuntimeValue &rhs, SourceLoc rhsLoc) {
  if (lhs.isScalar() || rhs.isScalar() ||
      isAutoLayout(lhs.layout) == isAutoLayout(rhs.layout))
    return;
  if (isAutoLayout(lhs.layout))
    lhs = setAutoLayout(lhs, rhs.layout, lhsLoc);
  else
    rhs = setAutoLayout(rhs, lhs.layout, rhsLoc);
}

RuntimeValue IRGen::setAutoLayout(const RuntimeValue &value,
                                  mlir::Attribute layout, SourceLoc loc) {
  unsigned rank =
      mlir::cast<mlir::gluon::LayoutAttrInterface>(layout).getRank();
  if (rank != value.shape.size())
    fail(loc, "a " + std::to_string(value.shape.size()) +
                  "-D tensor in AutoLayout cannot take the layout " +
                  describeLayout(layout) + " of rank " + std::to_string(rank));
  auto op = mlir::gluon::SetAutoLayoutOp::create(
      builder, getLoc(loc), getMLIRType(value.dtype, value.shape, layout),
      value.value);
  return RuntimeValue{op, value.dtype, value.shape, layout};
}

RuntimeValue IRGen::expandDims(const RuntimeValue &value, int64_t axis,
                                 SourceLoc loc) {
  if (isAutoLayout(value.layout)) {
    std::vector<int64_t> shape = value.shape;
    shape.insert(shape.begin() + axis, 1);
    auto op = mlir::gluon::ExpandDimsOp::create(
        builder, getLoc(loc), getMLIRType(value.dtype, shape, value.layout),
        value.value, builder.getI32IntegerAttr(axis));
    return RuntimeValue{op, value.dtype, shape, value.layout};
  }
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

Value IRGen::runtimeSubscript(const Value &object, const Expr &index,
                              SourceLoc loc) {
  const RuntimeValue &tensor = object.get<RuntimeValue>();
  if (tensor.isScalar())
    fail(loc, "a scalar cannot be indexed");
  // x[:, None], x[None, :]: full slices keep a dimension, None adds one.
  std::vector<const Expr *> items;
  if (auto *tuple = gluonc::dyn_cast<TupleExpr>(&index))
    for (const ExprPtr &element : tuple->elts)
      items.push_back(element.get());
  else
    items.push_back(&index);
  RuntimeValue result = tensor;
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
  if (kept != tensor.shape.size())
    fail(loc, "the index has " + std::to_string(kept) +
                  " ':' entries but the tensor has " +
                  std::to_string(tensor.shape.size()) + " dimensions");
  return result;
}
