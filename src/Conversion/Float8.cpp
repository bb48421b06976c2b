//===- Float8.cpp - fp32 <-> float8 in integer and fp32 arithmetic --------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// fp32 -> float8 works on the fp32 bits |x| (positive floats order like
// their bits):
//   NaN                    -> 0x7f
//   |x| >= largest finite  -> the largest finite code (saturation)
//   |x| <  smallest normal -> roundeven(|x| * 2^(bias + M - 1)): the count
//                             of subnormal steps, exact by scaling with a
//                             power of two; a count of 2^M is the smallest
//                             normal code, which is what it should be
//   otherwise              -> the bits shifted right by 23 - M with round
//                             to nearest even, re-biased; a carry out of
//                             the mantissa moves into the exponent
// then the sign bit. float8 -> fp32 rebuilds the fp32 bits of a normal
// value, scales a subnormal's mantissa by 2^(1 - bias - M), and maps the
// special codes.
//
//===----------------------------------------------------------------------===//

#include "gluonc/Conversion/Float8.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

#include <cmath>

using namespace mlir;
using namespace gluonc;

namespace {

/// The parameters of a float8 format.
struct Float8Format {
  unsigned exponentBits, mantissaBits;
  int bias;
  bool finiteOnly; // e4m3fn: no infinities, only S.1111.111 is NaN
  uint32_t maxFiniteCode;

  static Float8Format of(Type type) {
    if (isa<Float8E5M2Type>(type))
      return {5, 2, 15, false, 0x7b};
    return {4, 3, 7, true, 0x7e};
  }

  /// The fp32 bits of the largest finite value.
  uint32_t maxFiniteBits() const {
    uint32_t exponent = maxFiniteCode >> mantissaBits;
    uint32_t mantissa = maxFiniteCode & ((1u << mantissaBits) - 1);
    return ((exponent - bias + 127) << 23) | (mantissa << (23 - mantissaBits));
  }
};

struct IRBuilder {
  OpBuilder &b;
  Location loc;

  Value i32(int64_t value) {
    return LLVM::ConstantOp::create(b, loc, b.getI32Type(),
                                    b.getI32IntegerAttr(int32_t(value)));
  }
  Value f32(float value) {
    return LLVM::ConstantOp::create(b, loc, b.getF32Type(),
                                    b.getF32FloatAttr(value));
  }
  Value cmp(LLVM::ICmpPredicate predicate, Value lhs, Value rhs) {
    return LLVM::ICmpOp::create(b, loc, predicate, lhs, rhs);
  }
  Value select(Value condition, Value ifTrue, Value ifFalse) {
    return LLVM::SelectOp::create(b, loc, condition, ifTrue, ifFalse);
  }
  Value bitcast(Type type, Value value) {
    return LLVM::BitcastOp::create(b, loc, type, value);
  }
};

} // namespace

Value gluonc::emitSoftwareFloatToFloat8(OpBuilder &b, Location loc,
                                        Value value, Type type) {
  Float8Format format = Float8Format::of(type);
  IRBuilder ir{b, loc};
  unsigned shift = 23 - format.mantissaBits;
  Value bits = ir.bitcast(b.getI32Type(), value);
  Value sign = LLVM::AndOp::create(
      b, loc, LLVM::LShrOp::create(b, loc, bits, ir.i32(24)), ir.i32(0x80));
  Value magnitude = LLVM::AndOp::create(b, loc, bits, ir.i32(0x7fffffff));

  // Below the smallest normal: count subnormal steps.
  Value scaled = LLVM::FMulOp::create(
      b, loc, ir.bitcast(b.getF32Type(), magnitude),
      ir.f32(std::ldexp(1.0f, format.bias + int(format.mantissaBits) - 1)));
  Value steps = LLVM::FPToUIOp::create(
      b, loc, b.getI32Type(), LLVM::RoundEvenOp::create(b, loc, scaled));

  // Normal: shift with round to nearest even, then re-bias the exponent.
  Value odd = LLVM::AndOp::create(
      b, loc, LLVM::LShrOp::create(b, loc, magnitude, ir.i32(shift)),
      ir.i32(1));
  Value rounded = LLVM::AddOp::create(
      b, loc, magnitude,
      LLVM::AddOp::create(b, loc, ir.i32((1 << (shift - 1)) - 1), odd));
  Value normal = LLVM::SubOp::create(
      b, loc, LLVM::LShrOp::create(b, loc, rounded, ir.i32(shift)),
      ir.i32(int64_t(127 - format.bias) << format.mantissaBits));

  uint32_t minNormalBits = uint32_t(127 + 1 - format.bias) << 23;
  Value code = ir.select(
      ir.cmp(LLVM::ICmpPredicate::ult, magnitude, ir.i32(minNormalBits)),
      steps, normal);
  code = ir.select(ir.cmp(LLVM::ICmpPredicate::uge, magnitude,
                          ir.i32(format.maxFiniteBits())),
                   ir.i32(format.maxFiniteCode), code);
  code = ir.select(
      ir.cmp(LLVM::ICmpPredicate::ugt, magnitude, ir.i32(0x7f800000)),
      ir.i32(0x7f), code);
  return LLVM::TruncOp::create(b, loc, b.getI8Type(),
                               LLVM::OrOp::create(b, loc, code, sign));
}

Value gluonc::emitSoftwareFloat8ToFloat(OpBuilder &b, Location loc,
                                        Value bits, Type type) {
  Float8Format format = Float8Format::of(type);
  IRBuilder ir{b, loc};
  unsigned mantissaBits = format.mantissaBits;
  uint32_t exponentMask = (1u << format.exponentBits) - 1;
  uint32_t mantissaMask = (1u << mantissaBits) - 1;
  Value code = LLVM::ZExtOp::create(b, loc, b.getI32Type(), bits);
  Value sign = LLVM::ShlOp::create(
      b, loc, LLVM::AndOp::create(b, loc, code, ir.i32(0x80)), ir.i32(24));
  Value exponent = LLVM::AndOp::create(
      b, loc, LLVM::LShrOp::create(b, loc, code, ir.i32(mantissaBits)),
      ir.i32(exponentMask));
  Value mantissa = LLVM::AndOp::create(b, loc, code, ir.i32(mantissaMask));

  Value normal = LLVM::OrOp::create(
      b, loc,
      LLVM::ShlOp::create(
          b, loc,
          LLVM::AddOp::create(b, loc, exponent, ir.i32(127 - format.bias)),
          ir.i32(23)),
      LLVM::ShlOp::create(b, loc, mantissa, ir.i32(23 - mantissaBits)));
  Value subnormal = ir.bitcast(
      b.getI32Type(),
      LLVM::FMulOp::create(
          b, loc, LLVM::UIToFPOp::create(b, loc, b.getF32Type(), mantissa),
          ir.f32(std::ldexp(1.0f, 1 - format.bias - int(mantissaBits)))));
  Value magnitude =
      ir.select(ir.cmp(LLVM::ICmpPredicate::eq, exponent, ir.i32(0)),
                subnormal, normal);

  Value quietNaN = ir.i32(0x7fc00000);
  if (format.finiteOnly) {
    Value isNaN = ir.cmp(LLVM::ICmpPredicate::eq,
                         LLVM::AndOp::create(b, loc, code, ir.i32(0x7f)),
                         ir.i32(0x7f));
    magnitude = ir.select(isNaN, quietNaN, magnitude);
  } else {
    Value isSpecial =
        ir.cmp(LLVM::ICmpPredicate::eq, exponent, ir.i32(exponentMask));
    Value special = ir.select(
        ir.cmp(LLVM::ICmpPredicate::eq, mantissa, ir.i32(0)),
        ir.i32(0x7f800000), quietNaN);
    magnitude = ir.select(isSpecial, special, magnitude);
  }
  return ir.bitcast(b.getF32Type(),
                    LLVM::OrOp::create(b, loc, magnitude, sign));
}
