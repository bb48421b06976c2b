//===- Shuffles.cpp - Warp shuffles of values of any width ----------------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// shfl.sync moves 32 bits per lane. Narrower values travel widened, 64-bit
// values and pointers as two 32-bit halves.
//
//===----------------------------------------------------------------------===//

#include "NVIDIATargetInfo.h"

#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

using namespace mlir;
using namespace gluonc::nvidia;

namespace {

Value constantI32(OpBuilder &builder, Location loc, int64_t value) {
  return LLVM::ConstantOp::create(builder, loc, builder.getI32Type(),
                                  builder.getI32IntegerAttr(value));
}

/// One shfl.sync of an i32 over the full warp. `clamp` is the c operand:
/// 0 for shfl.up (the segment starts at lane 0), 0x1f for the others.
Value shuffleI32(OpBuilder &builder, Location loc, Value value,
                 NVVM::ShflKind kind, Value laneOrOffset, int64_t clamp) {
  return NVVM::ShflOp::create(builder, loc, builder.getI32Type(),
                              constantI32(builder, loc, -1), value,
                              laneOrOffset, constantI32(builder, loc, clamp),
                              kind, UnitAttr());
}

unsigned getBitWidth(Type type) {
  if (isa<LLVM::LLVMPointerType>(type))
    return 64;
  return type.getIntOrFloatBitWidth();
}

/// `value` as `kind` with `laneOrOffset` moves it between lanes.
Value shuffle(OpBuilder &builder, Location loc, Value value,
              NVVM::ShflKind kind, Value laneOrOffset) {
  int64_t clamp = kind == NVVM::ShflKind::up ? 0 : 0x1f;
  Type type = value.getType();
  unsigned bits = getBitWidth(type);
  Type i32 = builder.getI32Type();
  Type bitsType = builder.getIntegerType(bits);
  Value asBits = value;
  if (isa<LLVM::LLVMPointerType>(type))
    asBits = LLVM::PtrToIntOp::create(builder, loc, bitsType, value);
  else if (!type.isInteger(bits))
    asBits = LLVM::BitcastOp::create(builder, loc, bitsType, value);

  Value shuffled;
  if (bits <= 32) {
    Value wide = bits < 32 ? LLVM::ZExtOp::create(builder, loc, i32, asBits)
                           : asBits;
    shuffled = shuffleI32(builder, loc, wide, kind, laneOrOffset, clamp);
    if (bits < 32)
      shuffled = LLVM::TruncOp::create(builder, loc, bitsType, shuffled);
  } else {
    assert(bits == 64 && "values up to 64 bits travel through shuffles");
    Type i64 = builder.getI64Type();
    Value low = LLVM::TruncOp::create(builder, loc, i32, asBits);
    Value high = LLVM::TruncOp::create(
        builder, loc, i32,
        LLVM::LShrOp::create(builder, loc, asBits,
                             LLVM::ConstantOp::create(
                                 builder, loc, i64,
                                 builder.getI64IntegerAttr(32))));
    low = shuffleI32(builder, loc, low, kind, laneOrOffset, clamp);
    high = shuffleI32(builder, loc, high, kind, laneOrOffset, clamp);
    Value highWide = LLVM::ShlOp::create(
        builder, loc, LLVM::ZExtOp::create(builder, loc, i64, high),
        LLVM::ConstantOp::create(builder, loc, i64,
                                 builder.getI64IntegerAttr(32)));
    shuffled = LLVM::OrOp::create(
        builder, loc, highWide, LLVM::ZExtOp::create(builder, loc, i64, low));
  }
  if (isa<LLVM::LLVMPointerType>(type))
    return LLVM::IntToPtrOp::create(builder, loc, type, shuffled);
  if (!type.isInteger(bits))
    return LLVM::BitcastOp::create(builder, loc, type, shuffled);
  return shuffled;
}

} // namespace

Value NVIDIATargetInfo::shuffleXor(OpBuilder &builder, Location loc,
                                   Value value, unsigned laneMask) const {
  return shuffle(builder, loc, value, NVVM::ShflKind::bfly,
                 constantI32(builder, loc, laneMask));
}

Value NVIDIATargetInfo::shuffleUp(OpBuilder &builder, Location loc,
                                  Value value, unsigned delta) const {
  return shuffle(builder, loc, value, NVVM::ShflKind::up,
                 constantI32(builder, loc, delta));
}

Value NVIDIATargetInfo::shuffleDown(OpBuilder &builder, Location loc,
                                    Value value, unsigned delta) const {
  return shuffle(builder, loc, value, NVVM::ShflKind::down,
                 constantI32(builder, loc, delta));
}

Value NVIDIATargetInfo::shuffleIndex(OpBuilder &builder, Location loc,
                                     Value value, Value lane) const {
  return shuffle(builder, loc, value, NVVM::ShflKind::idx, lane);
}
