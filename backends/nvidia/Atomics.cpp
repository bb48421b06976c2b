//===- Atomics.cpp - Atomic read-modify-write and CAS as PTX atom ---------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// One `atom` instruction per element, in inline assembly so that the
// predicate, the memory ordering (.relaxed/.acquire/.release/.acq_rel) and
// the scope (.cta/.gpu/.sys) say exactly what Gluon's mask, sem and scope
// say:
//
//   mov.b32 $0, 0;
//   @$1 atom.global.acq_rel.gpu.add.f32 $0, [$2], $3;
//
//===----------------------------------------------------------------------===//

#include "NVIDIATargetInfo.h"
#include "PtxAsm.h"

#include <string>

using namespace mlir;
using namespace gluonc;
using namespace gluonc::nvidia;

namespace {

/// The PTX type suffix of `kind` on `type`, or "" when atom has none.
std::string getAtomType(StringRef kind, Type type) {
  unsigned bits = type.getIntOrFloatBitWidth();
  std::string width = std::to_string(bits);
  if (kind == "add") {
    if (type.isF16())
      return "noftz.f16";
    if (type.isBF16())
      return "noftz.bf16";
    if (type.isF32() || type.isF64())
      return "f" + width;
    // Two's complement: one add for signed and unsigned.
    return bits == 32 ? "u32" : bits == 64 ? "u64" : "";
  }
  // Exchange and compare-and-swap move bits, of any type.
  if (kind == "xchg" || kind == "cas")
    return "b" + width;
  if (isa<FloatType>(type))
    return "";
  if (kind == "max" || kind == "min")
    return "s" + width;
  if (kind == "umax" || kind == "umin")
    return "u" + width;
  if (kind == "and" || kind == "or" || kind == "xor")
    return "b" + width;
  return "";
}

/// The operation's name in PTX.
StringRef getAtomOp(StringRef kind) {
  if (kind == "umax")
    return "max";
  if (kind == "umin")
    return "min";
  if (kind == "xchg")
    return "exch";
  return kind;
}

StringRef getConstraint(Type type) {
  switch (type.getIntOrFloatBitWidth()) {
  case 16:
    return "h";
  case 64:
    return "l";
  default:
    return "r";
  }
}

/// `atom` with the old value in $0, the predicate in $1, the address in
/// $2 and the operands after; returns null where PTX has no such atom.
Value emitAtom(OpBuilder &b, Location loc, StringRef kind, Value ptr,
               ArrayRef<Value> operands, Value predicate, StringRef sem,
               StringRef scope) {
  Type type = operands.back().getType();
  std::string suffix = getAtomType(kind, type);
  if (suffix.empty())
    return {};
  // Bits travel in integer registers; floats are bitcast on the way.
  unsigned bits = type.getIntOrFloatBitWidth();
  Type bitsType = b.getIntegerType(bits);
  StringRef reg = getConstraint(type);
  // atom without .sem is relaxed; say it, as PTX 6.0+ allows.
  std::string text = "mov.b" + std::to_string(bits) + " $0, 0;\n\t@$1 atom." +
                     sem.str() + "." + scope.str() + ".global." +
                     getAtomOp(kind).str() + "." + suffix + " $0, [$2]";
  std::string constraints = "=" + reg.str() + ",b,l";
  SmallVector<Value> asmOperands = {predicate, ptr};
  for (auto [i, operand] : llvm::enumerate(operands)) {
    text += ", $" + std::to_string(3 + i);
    constraints += "," + reg.str();
    asmOperands.push_back(
        operand.getType() == bitsType
            ? operand
            : LLVM::BitcastOp::create(b, loc, bitsType, operand).getResult());
  }
  text += ";";
  auto asmOp =
      emitPtxAsm(b, loc, bitsType, text, constraints, asmOperands);
  Value old = asmOp.getResult(0);
  return bitsType == type ? old
                          : LLVM::BitcastOp::create(b, loc, type, old).getResult();
}

Value alwaysIfNull(OpBuilder &b, Location loc, Value predicate) {
  if (predicate)
    return predicate;
  return LLVM::ConstantOp::create(b, loc, b.getI1Type(), b.getBoolAttr(true));
}

} // namespace

Value NVIDIATargetInfo::emitAtomicRMW(OpBuilder &b, Location loc,
                                      StringRef kind, Value ptr, Value value,
                                      Value predicate, StringRef sem,
                                      StringRef scope) const {
  return emitAtom(b, loc, kind, ptr, {value}, alwaysIfNull(b, loc, predicate),
                  sem, scope);
}

Value NVIDIATargetInfo::emitAtomicCAS(OpBuilder &b, Location loc, Value ptr,
                                      Value cmp, Value value, Value predicate,
                                      StringRef sem, StringRef scope) const {
  return emitAtom(b, loc, "cas", ptr, {cmp, value},
                  alwaysIfNull(b, loc, predicate), sem, scope);
}
