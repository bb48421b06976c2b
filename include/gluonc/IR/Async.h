//===- Async.h - Checks of async copies and mbarriers -----------*- C++ -*-===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// What makes a shared memory descriptor an mbarrier, a buffer the target
// of a tensor descriptor's copies (TMA), and a pointer tensor the source of
// Ampere's async copies (cp.async). The frontend reports these problems at
// the kernel's source; the verifiers of the ops repeat them for IR written
// by hand, from the same functions.
//
//===----------------------------------------------------------------------===//

#ifndef GLUONC_IR_ASYNC_H
#define GLUONC_IR_ASYNC_H

#include "gluonc/IR/Dialect.h"
#include "gluonc/Layout/TensorDescriptor.h"

#include <string>

namespace mlir::gluon {

/// Why `type` is not one mbarrier (one i64 of shared memory: an allocation
/// of shape [1], or buffer i of an [N, 1] one); empty when it is.
std::string checkMBarrierType(MemDescType type);

/// Why `buffer` cannot receive (or provide) `desc`'s block: another shape,
/// element type or layout, a view of a larger allocation that does not
/// lay out each TMA box as the block does, or, for boxes shorter than the
/// swizzle's period, anything but a whole allocation (the value of a
/// local_alloc: an index or reinterpret view may start off the period
/// although its type is a whole one); empty when it can.
std::string checkTMABuffer(TensorDescType desc, Value buffer);

/// How TMA moves `desc`'s block into or out of `buffer`: the descriptor's
/// messages, each at its box's offset in the view `buffer` (in a view of a
/// larger allocation, the allocation's layout places the boxes). Sets
/// `problem` as checkTMABuffer does when the buffer cannot hold the block.
gluonc::TMAPlan planTMABuffer(TensorDescType desc, MemDescType buffer,
                              std::string &problem);

/// Why an async copy (cp.async) cannot copy the elements `src` (a tensor of
/// pointers) points at into `dst` under `mask` (null when absent): the
/// buffer must have the pointers' shape and pointee type, the mask their
/// shape and layout; empty when it can.
std::string checkAsyncCopy(Type src, MemDescType dst, Type mask);

/// The shared memory an asynchronous copy of threads (a group member that
/// gluon.async_wait_group retires: gluon.async_copy_global_to_local or
/// gluon.buffer_load_to_local) writes, or null for other ops.
Value getAsyncCopyDestination(Operation *op);

/// Why `cache` is not a cache mode of cp.async: "ca" (all levels) or "cg"
/// (L2 only); empty when it is.
std::string checkAsyncCopyCache(StringRef cache);

/// The tensor descriptor type of a block of `blockShape` elements of
/// `elementType` laid out by `layout`; null with `problem` set when TMA
/// cannot move it (gluonc::checkTensorDescBlock).
TensorDescType getTensorDescType(ArrayRef<int64_t> blockShape,
                                 Type elementType, Attribute layout,
                                 std::string &problem);

} // namespace mlir::gluon

#endif // GLUONC_IR_ASYNC_H
