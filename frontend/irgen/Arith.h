//===- Arith.h - The arith op for a dtype -----------------------*- C++ -*-===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// arith has one op per signedness where it matters (divsi / divui / divf,
// maxsi / maxui / maxnumf, ...). Which one a dtype takes is decided here
// once: floats take the float op, unsigned integers and bools the unsigned
// one, other integers the signed one, as in Triton.
//
//===----------------------------------------------------------------------===//

#ifndef GLUONC_FRONTEND_IRGEN_ARITH_H
#define GLUONC_FRONTEND_IRGEN_ARITH_H

#include "DType.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Builders.h"

namespace gluonc::frontend {

enum class Signedness { Float, Unsigned, Signed };

inline Signedness getSignedness(DType dtype) {
  if (dtype.isFloat())
    return Signedness::Float;
  return dtype.isUnsigned() || dtype.isBool() ? Signedness::Unsigned
                                              : Signedness::Signed;
}

/// `FloatOp`, `UnsignedOp` or `SignedOp` of (lhs, rhs), by `dtype`.
template <typename FloatOp, typename UnsignedOp, typename SignedOp>
mlir::Value createArithOp(mlir::OpBuilder &builder, mlir::Location loc,
                          DType dtype, mlir::Value lhs, mlir::Value rhs) {
  switch (getSignedness(dtype)) {
  case Signedness::Float:
    return FloatOp::create(builder, loc, lhs, rhs);
  case Signedness::Unsigned:
    return UnsignedOp::create(builder, loc, lhs, rhs);
  case Signedness::Signed:
    break;
  }
  return SignedOp::create(builder, loc, lhs, rhs);
}

/// max (or min) of two values of `dtype`; NaN-ignoring for floats,
/// Triton's default.
inline mlir::Value createMinMax(mlir::OpBuilder &builder, mlir::Location loc,
                                bool isMax, DType dtype, mlir::Value lhs,
                                mlir::Value rhs) {
  namespace arith = mlir::arith;
  if (isMax)
    return createArithOp<arith::MaxNumFOp, arith::MaxUIOp, arith::MaxSIOp>(
        builder, loc, dtype, lhs, rhs);
  return createArithOp<arith::MinNumFOp, arith::MinUIOp, arith::MinSIOp>(
      builder, loc, dtype, lhs, rhs);
}

/// The integer comparison `predicate` (given in its signed form: slt, sle,
/// sgt, sge, eq, ne) for `dtype`'s signedness.
inline mlir::arith::CmpIPredicate
getIntegerPredicate(mlir::arith::CmpIPredicate predicate, DType dtype) {
  using P = mlir::arith::CmpIPredicate;
  if (getSignedness(dtype) != Signedness::Unsigned)
    return predicate;
  switch (predicate) {
  case P::slt:
    return P::ult;
  case P::sle:
    return P::ule;
  case P::sgt:
    return P::ugt;
  case P::sge:
    return P::uge;
  default:
    return predicate;
  }
}

} // namespace gluonc::frontend

#endif // GLUONC_FRONTEND_IRGEN_ARITH_H
