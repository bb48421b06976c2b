//===- Async.h - Checks of TMA copies and mbarriers -------------*- C++ -*-===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// What makes a shared memory descriptor an mbarrier, and a buffer the target
// of a tensor descriptor's copies. The frontend reports these problems at
// the kernel's source; the verifiers of the ops repeat them for IR written
// by hand, from the same functions.
//
//===----------------------------------------------------------------------===//

#ifndef GLUONC_IR_ASYNC_H
#define GLUONC_IR_ASYNC_H

#include "gluonc/IR/Dialect.h"

#include <string>

namespace mlir::gluon {

/// Why `type` is not one mbarrier (one i64 of shared memory: an allocation
/// of shape [1], or buffer i of an [N, 1] one); empty when it is.
std::string checkMBarrierType(MemDescType type);

/// Why `buffer` cannot receive (or provide) `desc`'s block: another shape,
/// element type or layout, or a view that is not one whole block; empty
/// when it can.
std::string checkTMABuffer(TensorDescType desc, MemDescType buffer);

/// The tensor descriptor type of a block of `blockShape` elements of
/// `elementType` laid out by `layout`; null with `problem` set when TMA
/// cannot move it (gluonc::checkTensorDescBlock).
TensorDescType getTensorDescType(ArrayRef<int64_t> blockShape,
                                 Type elementType, Attribute layout,
                                 std::string &problem);

} // namespace mlir::gluon

#endif // GLUONC_IR_ASYNC_H
