//===- AtomicOps.cpp - Verifiers of atomics and float8 conversions --------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "gluonc/IR/Dialect.h"

#include "llvm/ADT/StringSet.h"

using namespace mlir;
using namespace mlir::gluon;

namespace {

/// The memory orderings and scopes of PTX's atom, which Gluon's `sem` and
/// `scope` arguments name.
LogicalResult verifyOrdering(Operation *op, StringRef sem, StringRef scope) {
  static const llvm::StringSet<> sems = {"relaxed", "acquire", "release",
                                         "acq_rel"};
  static const llvm::StringSet<> scopes = {"cta", "gpu", "sys"};
  if (!sems.contains(sem))
    return op->emitOpError() << "unknown sem '" << sem
                             << "' (relaxed, acquire, release, acq_rel)";
  if (!scopes.contains(scope))
    return op->emitOpError() << "unknown scope '" << scope
                             << "' (cta, gpu, sys)";
  return success();
}

/// `value` (and the result) must be what `ptr` points at, in its shape.
LogicalResult verifyOperand(Operation *op, Type ptr, StringRef name,
                            Type value) {
  Type expected = getPointeeType(ptr);
  if (value != expected)
    return op->emitOpError() << name << " type " << value
                             << " must be the pointee type " << expected;
  return success();
}

} // namespace

LogicalResult AtomicRMWOp::verify() {
  static const llvm::StringSet<> kinds = {"add", "max", "min",  "umax",
                                          "umin", "and", "or",  "xor",
                                          "xchg"};
  if (!kinds.contains(getKind()))
    return emitOpError() << "unknown kind '" << getKind()
                         << "' (add, max, min, umax, umin, and, or, xor, "
                            "xchg)";
  Type ptr = getPtr().getType();
  if (failed(verifyOperand(*this, ptr, "val", getVal().getType())) ||
      failed(verifyOperand(*this, ptr, "result", getResult().getType())))
    return failure();
  if (getMask() && getMask().getType() !=
                       withElementType(ptr, IntegerType::get(getContext(), 1)))
    return emitOpError() << "mask type " << getMask().getType()
                         << " must match the pointers' shape and layout";
  Type element = getElementTypeOrSelf(getVal().getType());
  unsigned bits = element.getIntOrFloatBitWidth();
  bool isFloat = isa<FloatType>(element);
  StringRef kind = getKind();
  if ((kind == "and" || kind == "or" || kind == "xor" || kind == "umax" ||
       kind == "umin") &&
      isFloat)
    return emitOpError() << kind << " needs integers, got " << element;
  if (bits != 32 && bits != 64 &&
      !(kind == "add" && (element.isF16() || element.isBF16())))
    return emitOpError() << "atomic " << kind << " on " << element
                         << ": 32- and 64-bit elements only (and fp16/bf16 "
                            "for add)";
  return verifyOrdering(*this, getSem(), getScope());
}

LogicalResult FpToFpOp::verify() {
  Type src = getElementTypeOrSelf(getSrc().getType());
  Type result = getElementTypeOrSelf(getResult().getType());
  auto isFloat8 = [](Type type) {
    return isa<Float8E4M3FNType, Float8E5M2Type>(type);
  };
  if (!((src.isF32() && isFloat8(result)) || (isFloat8(src) && result.isF32())))
    return emitOpError() << "converts between f32 and a float8 type, not "
                         << src << " to " << result;
  if (getSrc().getType() != withElementType(getResult().getType(), src))
    return emitOpError() << "source and result differ in shape or layout";
  return success();
}

LogicalResult AtomicCASOp::verify() {
  Type ptr = getPtr().getType();
  if (failed(verifyOperand(*this, ptr, "cmp", getCmp().getType())) ||
      failed(verifyOperand(*this, ptr, "val", getVal().getType())) ||
      failed(verifyOperand(*this, ptr, "result", getResult().getType())))
    return failure();
  unsigned bits =
      getElementTypeOrSelf(getVal().getType()).getIntOrFloatBitWidth();
  if (bits != 16 && bits != 32 && bits != 64)
    return emitOpError() << "atomic_cas on " << bits
                         << "-bit elements: 16, 32 and 64 bits only";
  return verifyOrdering(*this, getSem(), getScope());
}
