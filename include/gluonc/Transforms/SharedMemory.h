//===- SharedMemory.h - Shared memory use of gluon ops ----------*- C++ -*-===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Some ops need shared memory while they run: a reduction across warps, a
// layout conversion that moves elements between threads. Allocation gives
// each its place; the barrier pass keeps accesses to the same bytes by
// different threads apart; lowering uses both. All three ask these helpers,
// so that they agree.
//
//===----------------------------------------------------------------------===//

#ifndef GLUONC_TRANSFORMS_SHAREDMEMORY_H
#define GLUONC_TRANSFORMS_SHAREDMEMORY_H

#include "gluonc/IR/Dialect.h"
#include "gluonc/Layout/Plans.h"

#include "mlir/Pass/Pass.h"

namespace gluonc {

/// Module attribute: the dynamic shared memory a launch must provide.
constexpr llvm::StringLiteral kSharedBytesAttrName = "gluon.shared_bytes";
/// Op attribute: where the op's scratch starts in shared memory.
constexpr llvm::StringLiteral kScratchOffsetAttrName = "gluon.scratch_offset";

/// The plan of a reduction (see Plans.h), from its types.
ReductionPlan planReduction(mlir::gluon::ReduceOp op);
/// The layout of one result of `op` (a scalar's for 1-D sources).
LinearLayout getReducedLayout(mlir::gluon::ReduceOp op);
ConversionKind planConversion(mlir::gluon::ConvertLayoutOp op);

/// The bytes one element of `type` takes in memory (i1 takes one).
int64_t getElementBytes(mlir::Type type);

/// Bytes of shared memory `op` uses while it runs; 0 for none.
int64_t getScratchBytes(mlir::Operation *op);

/// Assigns each op's scratch an offset (kScratchOffsetAttrName) and sets the
/// module's kSharedBytesAttrName.
std::unique_ptr<mlir::Pass> createAllocateSharedMemoryPass();

/// Inserts gluon.barrier where a shared memory access could race with an
/// earlier one by another thread.
std::unique_ptr<mlir::Pass> createInsertBarriersPass();

} // namespace gluonc

#endif // GLUONC_TRANSFORMS_SHAREDMEMORY_H
