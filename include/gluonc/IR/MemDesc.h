//===- MemDesc.h - Shared memory descriptors and their views ----*- C++ -*-===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The result types of the descriptor views (index, subslice, permute,
// reshape), computed once here so that the frontend, the verifiers and the
// lowering agree. A view is an address plus a layout: every view keeps each
// element where its source has it.
//
//===----------------------------------------------------------------------===//

#ifndef GLUONC_IR_MEMDESC_H
#define GLUONC_IR_MEMDESC_H

#include "gluonc/IR/Dialect.h"

#include <string>

namespace mlir::gluon {

/// Whether `attr` is a shared memory layout.
bool isSharedLayout(Attribute attr);

/// The descriptor type of a fresh allocation; null with `problem` set when
/// `layout` cannot lay out `shape`.
MemDescType getAllocationType(ArrayRef<int64_t> shape, Type elementType,
                              SharedLayoutAttrInterface layout,
                              std::string &problem);

/// `src[i]`: the leading dimension dropped. Usually a buffer dimension
/// (one the layout does not lay out): a view like any other. Along a
/// dimension the layout lays out, of a whole allocation, it is a row view.
MemDescType inferIndexType(MemDescType src, std::string &problem);
/// Whether `type` is a row of a dimension the layout lays out: fewer
/// dimensions than its allocation shape, whose layout it keeps. Its elements
/// are where the allocation's layout puts (i, ...), for the run-time i of
/// the gluon.memdesc_index that made it: the row's offsets are the layout's
/// offsets of (i, 0, ...) XOR those of (0, ...), which no single address
/// expresses when the layout swizzles. So only gluon.local_load and
/// gluon.local_store use one, computing both from the index op; its value
/// is the allocation's address.
bool isRowView(MemDescType type);
/// Elements (padding included) from one buffer of `src` to the next.
int64_t getIndexStride(MemDescType src);

/// The block of `sizes` at `offsets` of `src`.
MemDescType inferSubsliceType(MemDescType src, ArrayRef<int32_t> offsets,
                              ArrayRef<int64_t> sizes, std::string &problem);
/// Elements (padding included) from the first element of `src` to the
/// first element of the block at `offsets`.
int64_t getSubsliceOffset(MemDescType src, ArrayRef<int32_t> offsets);

/// `src` with result dimension d being source dimension order[d].
MemDescType inferPermuteType(MemDescType src, ArrayRef<int32_t> order,
                             std::string &problem);

/// `src` (a whole allocation) in `shape`, elements in row-major order.
MemDescType inferReshapeType(MemDescType src, ArrayRef<int64_t> shape,
                             std::string &problem);

/// Elements (padding included) from the first element of the view `type`
/// past its last one.
int64_t getViewExtent(MemDescType type);

/// Whether `op` makes a view of the shared memory its first operand views
/// (index, subslice, permute, reshape, reinterpret): the same allocation.
bool isMemDescView(Operation *op);

} // namespace mlir::gluon

#endif // GLUONC_IR_MEMDESC_H
