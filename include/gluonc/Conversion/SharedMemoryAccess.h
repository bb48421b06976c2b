//===- SharedMemoryAccess.h - Tensors in shared memory ----------*- C++ -*-===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Where each thread's registers of a distributed tensor go in a shared
// memory view, and in which vector accesses: gluonc::planSharedAccess on
// the tensor's and the view's linear layouts, and the addresses of the
// accesses it plans. local_alloc, local_store and local_load lower through
// these (src/Conversion/SharedMemoryOpToLLVM.cpp), and so does every other
// op that moves a distributed tensor to or from shared memory (Ampere's
// and CDNA's async copies, in their backends), so that all agree on where
// elements are.
//
//===----------------------------------------------------------------------===//

#ifndef GLUONC_CONVERSION_SHAREDMEMORYACCESS_H
#define GLUONC_CONVERSION_SHAREDMEMORYACCESS_H

#include "gluonc/Conversion/GluonToLLVM.h"
#include "gluonc/IR/Dialect.h"
#include "gluonc/Layout/SharedLayout.h"

namespace gluonc {

/// What a lowering of an access needs to know of the tensor and the view.
struct SharedTensorAccess {
  SharedAccessPlan plan;
  SharedLayout layout;
  /// A register of the tensor, an element in memory, one vector access.
  mlir::Type registerType;
  mlir::Type storageType;
  mlir::Type accessType;
  /// Bytes one vector access is aligned to.
  unsigned alignment;
};

/// The accesses of `tensor`'s registers to the view `desc`: vectors of up
/// to `maxVectorBytes` (16 by default, 8 for pointers), as the layouts
/// allow.
SharedTensorAccess planSharedTensorAccess(mlir::RankedTensorType tensor,
                                          mlir::gluon::MemDescType desc,
                                          const mlir::TypeConverter &converter,
                                          unsigned maxVectorBytes = 16);

/// The accesses of a local_load of `tensor` from `desc`, or of a
/// local_store or local_alloc's initial value: vectors of up to 16 bytes,
/// pointers one at a time. One load or store instruction per access.
SharedTensorAccess planLocalAccess(mlir::RankedTensorType tensor,
                                   mlir::gluon::MemDescType desc,
                                   const mlir::TypeConverter &converter);

/// The accesses of an asynchronous copy of the elements `values` (a
/// tensor type of the copied elements) into `dst`: a local_store's
/// vectors, of at most `globalWidth` elements of `elementBytes`, whose
/// register bits are the leading ones in order, so that a vector's
/// elements are also consecutive in global memory. Ampere's cp.async and
/// CDNA's copies to LDS both issue one copy per vector.
SharedTensorAccess planAsyncCopyAccess(mlir::RankedTensorType values,
                                       mlir::gluon::MemDescType dst,
                                       const mlir::TypeConverter &converter,
                                       int64_t globalWidth,
                                       unsigned elementBytes);

/// The address of each register of `offsets` (a map from a thread's
/// register, lane and warp to an element offset of `layout`, before
/// padding) for this thread, in the view at `base` (an !llvm.ptr<3>) of
/// elements of `storageType`. A row view's row offset (see
/// emitRowOffset), when given, is XORed into every offset.
llvm::SmallVector<mlir::Value>
emitSharedOffsetAddresses(mlir::OpBuilder &builder, mlir::Location loc,
                          const LoweringContext &context,
                          const LinearLayout &offsets,
                          const SharedLayout &layout, mlir::Type storageType,
                          mlir::Value base, mlir::Value rowOffset = {});

/// The address of each vector access of `access`, in the plan's order,
/// in the view at `base` (an !llvm.ptr<3>), with `rowOffset` as above.
llvm::SmallVector<mlir::Value>
emitSharedAccessAddresses(mlir::OpBuilder &builder, mlir::Location loc,
                          const LoweringContext &context,
                          const SharedTensorAccess &access, mlir::Value base,
                          mlir::Value rowOffset = {});

/// For a row view (gluon::isRowView) made by `index` (its converted row
/// index, i32): the layout's offset, before padding, of the row's first
/// element, as a run-time XOR of the offsets of the index's bits.
mlir::Value emitRowOffset(mlir::OpBuilder &builder, mlir::Location loc,
                          const SharedLayout &layout, mlir::Value index);

} // namespace gluonc

#endif // GLUONC_CONVERSION_SHAREDMEMORYACCESS_H
