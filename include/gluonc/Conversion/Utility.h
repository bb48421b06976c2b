//===- Utility.h - Helpers shared by the gluon-to-LLVM patterns -*- C++ -*-===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The helpers every lowering pattern builds on: a lowered tensor as the
// registers of one thread (unpack/pack), element coordinates from linear
// layouts, predicated accesses, shared-memory addressing. Public, so that
// a backend's own patterns (backends/amd: MFMA, buffer accesses) call the
// same helpers as the shared ones instead of copying them.
//
//===----------------------------------------------------------------------===//

#ifndef GLUONC_CONVERSION_UTILITY_H
#define GLUONC_CONVERSION_UTILITY_H

#include "gluonc/Conversion/TargetInfo.h"
#include "gluonc/Layout/LinearLayout.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Builders.h"

namespace gluonc {

/// The tensor dimension along which a layout's first register bases step
/// through consecutive elements, if any.
std::optional<unsigned> getRegisterFastDim(const LinearLayout &layout);

/// The largest power of two not above `value` (1 for values below 2).
int64_t floorPowerOf2(int64_t value);

/// The type memory holds for a register of `registerType` (i1 is stored as
/// a byte). Every lowering that stores registers asks this, and converts
/// with toMemory and fromMemory.
mlir::Type getMemoryType(mlir::Type registerType);
/// The register `value` as memory holds it (an i1 zero-extended to a byte).
mlir::Value toMemory(mlir::OpBuilder &builder, mlir::Location loc,
                     mlir::Value value);
/// `value`, read from memory as getMemoryType(registerType), as a register
/// of `registerType`.
mlir::Value fromMemory(mlir::OpBuilder &builder, mlir::Location loc,
                       mlir::Value value, mlir::Type registerType);

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

/// The start of the program's dynamic shared memory, an !llvm.ptr<3>
/// (the module's `global_smem`, made by the conversion pass).
mlir::Value getSharedMemoryBase(mlir::OpBuilder &builder, mlir::Location loc,
                                mlir::Operation *op);

/// The name of that global.
constexpr llvm::StringLiteral kSharedMemoryGlobalName = "global_smem";

/// `coords` (i32 per dimension) as the row-major index into `shape`.
mlir::Value emitLinearIndex(mlir::OpBuilder &builder, mlir::Location loc,
                            llvm::ArrayRef<mlir::Value> coords,
                            llvm::ArrayRef<int64_t> shape);

/// `base` advanced by `index` elements of `elementType`.
mlir::Value emitElementAddress(mlir::OpBuilder &builder, mlir::Location loc,
                               mlir::Value base, mlir::Type elementType,
                               mlir::Value index);

/// The warp id and lane id of this thread, as i32.
std::pair<mlir::Value, mlir::Value> emitWarpAndLane(mlir::OpBuilder &builder,
                                                     mlir::Location loc,
                                                     const TargetInfo &target,
                                                     unsigned numThreads);

struct LoweringContext;

/// The combine region of a reduce or scan applied to (lhs, rhs), one value
/// per source each: its body cloned at the builder, its results returned.
llvm::SmallVector<mlir::Value> applyCombineRegion(mlir::OpBuilder &builder,
                                                  mlir::Region &combine,
                                                  mlir::ArrayRef<mlir::Value> lhs,
                                                  mlir::ArrayRef<mlir::Value> rhs);

/// For a tensor held by several threads (a layout replicating across lanes
/// or warps), true only in the one thread of each replica group that should
/// write; null when nothing is replicated (MemoryOpToLLVM.cpp).
mlir::Value emitSingleWriterPredicate(mlir::OpBuilder &builder,
                                      mlir::Location loc,
                                      const LoweringContext &context,
                                      const LinearLayout &layout);
/// Registers of a tensor access through the pointers `ptr` (under `mask`,
/// null when absent) that one memory instruction moves: as many leading
/// registers as the layout keeps consecutive along one dimension, the
/// AxisInfo facts prove contiguous, aligned and under one mask bit, and
/// the target's widest access holds (MemoryOpToLLVM.cpp).
int64_t getGlobalAccessWidth(mlir::Value ptr, mlir::Value mask,
                             const LoweringContext &context,
                             unsigned elementBytes);
/// lhs && rhs, where a null predicate means true.
mlir::Value andPredicates(mlir::OpBuilder &builder, mlir::Location loc,
                          mlir::Value lhs, mlir::Value rhs);

} // namespace gluonc

#endif // GLUONC_CONVERSION_UTILITY_H
