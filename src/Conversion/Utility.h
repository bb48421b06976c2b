//===- Utility.h - Helpers shared by the gluon-to-LLVM patterns -*- C++ -*-===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#ifndef GLUONC_CONVERSION_UTILITY_H
#define GLUONC_CONVERSION_UTILITY_H

#include "gluonc/Conversion/TargetInfo.h"
#include "gluonc/Layout/LinearLayout.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Builders.h"

namespace gluonc {

/// The registers of a lowered tensor, in register order.
llvm::SmallVector<mlir::Value> unpackRegisters(mlir::OpBuilder &builder,
                                               mlir::Location loc,
                                               mlir::Value structValue);

/// A lowered tensor of type `structType` holding `registers`.
mlir::Value packRegisters(mlir::OpBuilder &builder, mlir::Location loc,
                          mlir::Type structType, mlir::ValueRange registers);

mlir::Value createI32Constant(mlir::OpBuilder &builder, mlir::Location loc,
                              int64_t value);

/// The coordinates, per register and tensor dimension, of the elements this
/// thread holds in `layout`, as i32 values.
llvm::SmallVector<llvm::SmallVector<mlir::Value>>
emitElementCoords(mlir::OpBuilder &builder, mlir::Location loc,
                  const TargetInfo &target, const LinearLayout &layout,
                  unsigned numThreads);

/// `load` of `type` from `ptr` that reads memory only when `predicate`
/// (an i1, or null for always) holds and otherwise yields `fallback`.
/// Predicated accesses stay single ops until ExpandPredicatedAccesses.
mlir::Value emitPredicatedLoad(mlir::OpBuilder &builder, mlir::Location loc,
                               mlir::Value ptr, mlir::Type type,
                               mlir::Value predicate, mlir::Value fallback,
                               unsigned alignment);

/// A store of `value` to `ptr` that happens only when `predicate` holds.
void emitPredicatedStore(mlir::OpBuilder &builder, mlir::Location loc,
                         mlir::Value ptr, mlir::Value value,
                         mlir::Value predicate, unsigned alignment);

} // namespace gluonc

#endif // GLUONC_CONVERSION_UTILITY_H
