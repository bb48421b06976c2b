//===- Float8.cpp - fp32 <-> float8 with sm_89's cvt ----------------------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// PTX converts float8 in pairs: cvt.rn.satfinite.e4m3x2.f32 packs two fp32
// values (the first into the upper byte), cvt.rn.f16x2.e4m3x2 unpacks two
// bytes into two fp16 (the lower byte into the lower half). One value uses
// the lower lane of each.
//
//===----------------------------------------------------------------------===//

#include "NVIDIATargetInfo.h"

using namespace mlir;
using namespace gluonc;
using namespace gluonc::nvidia;

namespace {

/// "e4m3x2" or "e5m2x2" for the float8 `type`.
StringRef getPairName(Type type) {
  return isa<Float8E5M2Type>(type) ? "e5m2x2" : "e4m3x2";
}

} // namespace

Value NVIDIATargetInfo::emitFloatToFloat8(OpBuilder &b, Location loc,
                                          Value value, Type type) const {
  std::string intrinsic =
      ("llvm.nvvm.ff.to." + getPairName(type) + ".rn").str();
  Value zero = LLVM::ConstantOp::create(b, loc, b.getF32Type(),
                                        b.getF32FloatAttr(0.0f));
  Value pair = LLVM::CallIntrinsicOp::create(b, loc, b.getI16Type(),
                                             b.getStringAttr(intrinsic),
                                             ValueRange{zero, value})
                   .getResult(0);
  return LLVM::TruncOp::create(b, loc, b.getI8Type(), pair);
}

Value NVIDIATargetInfo::emitFloat8ToFloat(OpBuilder &b, Location loc,
                                          Value bits, Type type) const {
  std::string intrinsic =
      ("llvm.nvvm." + getPairName(type) + ".to.f16x2.rn").str();
  Value pair = LLVM::ZExtOp::create(b, loc, b.getI16Type(), bits);
  auto halves = VectorType::get({2}, b.getF16Type());
  Value unpacked = LLVM::CallIntrinsicOp::create(b, loc, halves,
                                                 b.getStringAttr(intrinsic),
                                                 ValueRange{pair})
                       .getResult(0);
  Value half = LLVM::ExtractElementOp::create(
      b, loc, unpacked,
      LLVM::ConstantOp::create(b, loc, b.getI32Type(),
                               b.getI32IntegerAttr(0)));
  return LLVM::FPExtOp::create(b, loc, b.getF32Type(), half);
}
