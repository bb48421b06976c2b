//===- Float8.h - fp32 <-> float8 in integer and fp32 arithmetic -*- C++ -*-===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The conversions gluon.fp_to_fp means, built from plain LLVM dialect
// operations for targets without (or without a verified) conversion
// instruction: every TargetInfo's default.
//
//===----------------------------------------------------------------------===//

#ifndef GLUONC_CONVERSION_FLOAT8_H
#define GLUONC_CONVERSION_FLOAT8_H

#include "mlir/IR/Builders.h"

namespace gluonc {

/// The fp32 `value` as a float8 of `type` (f8E4M3FN or f8E5M2), in an i8:
/// rounded to the nearest value (ties to an even code), saturated to the
/// largest finite value (infinities too), NaN kept NaN (code 0x7f with the
/// sign).
mlir::Value emitSoftwareFloatToFloat8(mlir::OpBuilder &builder,
                                      mlir::Location loc, mlir::Value value,
                                      mlir::Type type);

/// The float8 of `type` held in the i8 `bits`, as the fp32 of the same
/// value (exact; e5m2's infinities stay infinities, NaN codes give NaN).
mlir::Value emitSoftwareFloat8ToFloat(mlir::OpBuilder &builder,
                                      mlir::Location loc, mlir::Value bits,
                                      mlir::Type type);

} // namespace gluonc

#endif // GLUONC_CONVERSION_FLOAT8_H
