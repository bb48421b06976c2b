//===- LayoutInference.h - Result layouts of shape operations ---*- C++ -*-===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The layouts Gluon gives the results of permute, reshape, join and split
// (gluonc/Layout/ShapeLayouts.h has the algebra): a BlockedLayout when the
// source is one and the result can be one, the slice's parent when joining
// undoes a split, and a #gluon.linear layout otherwise. The same register
// renaming serves the ops' verifiers and their lowering.
//
//===----------------------------------------------------------------------===//

#ifndef GLUONC_IR_LAYOUTINFERENCE_H
#define GLUONC_IR_LAYOUTINFERENCE_H

#include "gluonc/IR/Dialect.h"
#include "gluonc/Layout/ShapeLayouts.h"

#include <optional>
#include <string>
#include <vector>

namespace mlir::gluon {

/// The layout of `permute` of a tensor of `shape` in `layout` (result
/// dimension d is source dimension order[d]); `order` must be a
/// permutation.
Attribute inferPermuteLayout(LayoutAttrInterface layout,
                             ArrayRef<int64_t> shape, ArrayRef<int32_t> order);

/// The layout of `reshape` to `newShape` (same number of elements).
Attribute inferReshapeLayout(LayoutAttrInterface layout,
                             ArrayRef<int64_t> shape,
                             ArrayRef<int64_t> newShape);

/// The layout of `join` of two tensors of `shape` in `layout`.
Attribute inferJoinLayout(LayoutAttrInterface layout, ArrayRef<int64_t> shape);

/// The layout of each half of `split`; null with the reason in `why` when
/// the last dimension is not 2 or not held in registers.
Attribute inferSplitLayout(LayoutAttrInterface layout, ArrayRef<int64_t> shape,
                           std::string &why);

/// For result `resultIndex` of a reshape, permute, join or split, where
/// each of its registers comes from. Null, with the reason in `why`, when
/// the types make some element change thread.
std::optional<std::vector<gluonc::RegisterSource>>
planRegisterRenaming(Operation *op, unsigned resultIndex, std::string &why);

} // namespace mlir::gluon

#endif // GLUONC_IR_LAYOUTINFERENCE_H
